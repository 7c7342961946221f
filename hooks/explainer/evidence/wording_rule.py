"""The rule for a disagreement filed as `kind: wording`: its answers quote the same words.

How to edit defines the kinds: *wording only* is the same words, said to the same person in the same
place, printed with another spelling, punctuation or house style; anything more (a word added or left
out, another order, a continuation, reported speech beside direct speech, a paraphrase) is told
differently (`kind: detail`) or, when the accounts cannot all be true, a dispute of `substance`.

The part of that rule a machine can hold to: for every answer whose passages quote someone (the words
of the passage that the article prints inside quotation marks), the quoted words, compared across
answers after normalising (`text.folding`: case, width, apostrophes and punctuation folded, and the
contractions and spoken forms of house style read as their full words, "gonna" as "going to"), differ
only in spelling. A pair of words differs only in spelling when one is within two letters' edits of the
other (behaviour, behavior; Manterrupting, Manteruppting) or when the two are the same letters split
otherwise (re-opening, reopening).

Answers whose passages quote nobody (the articles' own words, as in the spelling of "behaviour"
across articles) are about house style by construction and are left to the editor, as are the parts of
the rule about addressee and place, which no passage marks.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass

from explainer.core import codes
from explainer.core.diagnostics import Report
from explainer.evidence.verify import Located, Verified
from explainer.text.folding import close_spellings, normalised_words
from explainer.text.quotes import ARTICLE, quoted_spans

_MIN_LENGTH_FOR_EDITS = 4  # "a" and "the", "he" and "she" are other words, not other spellings


@dataclass(frozen=True)
class Quoted:
    """The words one citation quotes, as the rule compares them, and as the article prints them."""

    answer: str
    source: str
    words: tuple[str, ...]
    printed: str


def quoted_part(located: Located, spans: Iterable[tuple[int, int]], seed_text: str) -> str:
    """The part of a cited passage that its article prints inside quotation marks ("" when none)."""
    pieces = []
    for start, end in spans:
        lo, hi = max(start, located.start), min(end, located.end)
        if lo < hi:
            pieces.append(seed_text[lo:hi])
    return " ".join(pieces)


def _spelling_only(left: tuple[str, ...], right: tuple[str, ...]) -> bool:
    """True when the two runs of words are the same words, spelled or split otherwise."""
    if "".join(left) == "".join(right):
        return True  # re-opening / reopening
    if len(left) != len(right):
        return False
    return all(close_spellings(a, b, min_length=_MIN_LENGTH_FOR_EDITS) for a, b in zip(left, right, strict=True))


def first_difference(left: tuple[str, ...], right: tuple[str, ...]) -> tuple[str, str] | None:
    """The first pair of runs in which two quotations differ by more than spelling, or None."""
    matcher = difflib.SequenceMatcher(a=left, b=right, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal" and not _spelling_only(left[i1:i2], right[j1:j2]):
            return " ".join(left[i1:i2]), " ".join(right[j1:j2])
    return None


def check_wording_disagreements(verified: Verified, report: Report) -> None:
    """Refuse a `kind: wording` disagreement whose answers quote different words (EX615)."""
    spans_of: dict[str, list[tuple[int, int]]] = {}
    for disagreement in verified.index.content.disagreements:
        if disagreement.kind != "wording":
            continue
        quoted: list[Quoted] = []
        for answer in disagreement.answers:
            for located in verified.located.get(answer.id, ()):
                seed = verified.seeds.get(located.source)
                if seed is None:
                    continue
                if located.source not in spans_of:
                    spans_of[located.source] = quoted_spans(seed.text, ARTICLE)
                printed = quoted_part(located, spans_of[located.source], seed.text)
                if printed:
                    quoted.append(Quoted(answer.id, located.source, normalised_words(printed), printed))
        found = _first_pair_differing(quoted)
        if found is None:
            continue
        one, other, (said, instead) = found
        report.error(
            codes.WORDING_DIFFERS,
            disagreement.at("kind") if "kind" in disagreement.marks else disagreement.pos,
            f"disagreement '{disagreement.id}' is filed as wording only, but its answers quote different words: "
            f"'{one.answer}' ({one.source}) has {_shown(said)} where '{other.answer}' ({other.source}) "
            f"has {_shown(instead)}",
            "wording only is the same words in another spelling, punctuation or house style; an added, missing "
            "or reordered word, a continuation or reported speech is told differently: write `kind: detail` "
            "(or `substance` when the accounts cannot all be true), see How to edit",
        )


def _shown(words: str) -> str:
    return f"“{words}”" if words else "nothing"


def _first_pair_differing(quoted: list[Quoted]) -> tuple[Quoted, Quoted, tuple[str, str]] | None:
    for i, one in enumerate(quoted):
        for other in quoted[i + 1 :]:
            if other.answer == one.answer:
                continue
            difference = first_difference(one.words, other.words)
            if difference is not None:
                return one, other, difference
    return None
