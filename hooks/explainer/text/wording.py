"""Compare the wordings of one quote across articles, word by word.

Words are matched first, ignoring case; what differs in the words themselves is a change of wording
(`words`), and words the compared wording leaves out are kept as `omitted` segments. A difference only
of case, or of the punctuation between words, is house style (`style`),
    shown apart from real changes. Curly and straight quotes and dash variants count as the same throughout
(the matching normalization of textmatch.py), and so do runs of white space.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from explainer.text.textmatch import normalize_passage

_TOKEN = re.compile(r"\w+|[^\w\s]+|\s+")
KINDS = ("same", "words", "style", "omitted", "omitted-style")


@dataclass(frozen=True)
class Segment:
    text: str
    kind: str = "same"  # one of KINDS; an omitted segment's text is the reference's, absent from the wording
    # ("omitted-style": punctuation the wording leaves out)

    @property
    def changed(self) -> bool:
        return self.kind != "same"


@dataclass(frozen=True)
class _Split:
    words: list[str]
    gaps: list[str]  # gaps[k]: the text before words[k]; gaps[len(words)]: the text after the last word


def _split(text: str) -> _Split:
    words: list[str] = []
    gaps: list[str] = [""]
    for token in _TOKEN.findall(text):
        if token[0].isalnum() or token[0] == "_":
            words.append(token)
            gaps.append("")
        else:
            gaps[-1] += token
    return _Split(words, gaps)


def _same_gap(a: str, b: str) -> bool:
    return normalize_passage(" ".join(a.split()) or (" " if a else "")) == normalize_passage(
        " ".join(b.split()) or (" " if b else "")
    )


def diff_against(reference: str, wording: str) -> list[Segment]:
    """Segments of `wording` (plus `omitted` ones for reference words it lacks), marked by kind of difference."""
    ref, other = _split(reference), _split(wording)
    matcher = difflib.SequenceMatcher(
        None, [w.casefold() for w in ref.words], [w.casefold() for w in other.words], autojunk=False
    )
    aligned: dict[int, int] = {}  # word of the wording -> matched word of the reference
    word_kind: list[str] = ["words"] * len(other.words)
    omitted_before: dict[int, str] = {}  # word of the wording -> reference text left out just before it
    for op, i1, i2, j1, _ in matcher.get_opcodes():
        if op == "equal":
            for offset in range(i2 - i1):
                i, j = i1 + offset, j1 + offset
                aligned[j] = i
                word_kind[j] = (
                    "same" if normalize_passage(ref.words[i]) == normalize_passage(other.words[j]) else "style"
                )
        if op in ("delete", "replace"):
            left_out = "".join(ref.words[k] + (ref.gaps[k + 1] if k + 1 < i2 else "") for k in range(i1, i2))
            # A replaced stretch shows what it replaces first: "you ~~gonna~~ going to".
            omitted_before[j1] = (omitted_before.get(j1, "") + " " + left_out).strip()
    segments: list[Segment] = []

    def add(text: str, kind: str) -> None:
        if not text:
            return
        core = text.strip()
        if kind in ("words", "style") and core != text:
            # Marks cover what changed, never the spaces around it.
            start = text.index(core) if core else len(text)
            add(text[:start], "same")
            if core:
                add(core, kind)
                add(text[start + len(core) :], "same")
            return
        if segments and segments[-1].kind == kind and not kind.startswith("omitted"):
            segments[-1] = Segment(segments[-1].text + text, kind)
        else:
            segments.append(Segment(text, kind))

    count = len(other.words)
    for k in range(count + 1):
        gap = other.gaps[k]
        # Punctuation is never a change of wording: the gap before word k is compared with the reference's
        # gap next to the matched word on either side, and differs in style or not at all.
        before = aligned.get(k - 1) if k > 0 else -1
        after = aligned.get(k) if k < count else len(ref.words)
        ref_gap = ref.gaps[before + 1] if before is not None else ref.gaps[after] if after is not None else None
        gap_kind = (
            ("same" if _same_gap(ref_gap, gap) else "style")
            if ref_gap is not None
            else ("same" if not gap.strip() else "style")
        )
        if gap_kind == "style" and not gap.strip() and ref_gap:
            add(ref_gap.strip(), "omitted-style")  # the wording drops punctuation: show what it drops
            gap_kind = "same"
        if k in omitted_before and gap.strip() == "":
            add(gap, gap_kind)
            add(omitted_before[k], "omitted")
        else:
            if k in omitted_before:
                add(omitted_before[k], "omitted")
            add(gap, gap_kind)
        if k < count:
            add(other.words[k], word_kind[k])
    return segments


@dataclass(frozen=True)
class WordingSummary:
    distinct: int  # wordings that differ in more than quotation marks, dashes and spacing
    words: int  # other wordings whose words differ from the first
    style: int  # other wordings that differ from the first only in case or punctuation


def summarize(wordings: list[str]) -> WordingSummary:
    """How the distinct wordings of one quote differ from the first of them."""
    first_of: dict[str, str] = {}
    for w in wordings:
        first_of.setdefault(normalize_passage(w), w)
    distinct = list(first_of.values())
    kinds = [{s.kind for s in diff_against(wordings[0], w)} for w in distinct[1:]]
    words = sum(1 for k in kinds if k & {"words", "omitted"})
    style = sum(1 for k in kinds if not k & {"words", "omitted"} and k & {"style", "omitted-style"})
    return WordingSummary(len(distinct), words, style)
