"""Find cited passages in seed text: exact matching after a small, documented normalization.

Normalization (applied to both the seed and the passage, nothing looser):
- Unicode NFC;
- curly, straight and prime quotation marks alike: ' ‘ ’ ‚ ‛ ′ count as ', and " “ ” „ ‟ ″ as ";
- dash variants alike: - ‐ ‑ ‒ – — ― − count as -;
- every run of white space (including no-break and other Unicode spaces, tabs, newlines) counts as
  one space, and white space at either end of the passage is ignored.
Offsets returned are code-point offsets into the seed's original text, so what is shown is always
the seed's own characters; a match begins and ends at whole characters of the seed (never between a
letter and the accent NFC composed into it), so the seed's text at a match normalizes to the passage.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import cached_property

_FOLD = {
    **{ord(c): "'" for c in "'‘’‚‛′"},
    **{ord(c): '"' for c in '"“”„‟″'},
    **{ord(c): "-" for c in "-‐‑‒–—―−"},
}


_WORD = re.compile(r"[^ ]+")
AFTER_SPACE = 8  # characters after a space by which `NormalizedText.occurrences` looks places up


def _is_space(ch: str) -> bool:
    return ch.isspace() or unicodedata.category(ch) == "Zs"


@dataclass(frozen=True)
class NormalizedText:
    """A normalized text plus, for each of its characters, the span it came from in the original."""

    original: str
    text: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """Map a normalized [start, end) back to the original text."""
        return self.starts[start], self.ends[end - 1]

    @cached_property
    def after_space(self) -> dict[str, list[int]]:
        """Where each space is, by the AFTER_SPACE characters that follow it; built on first use."""
        text = self.text
        index: dict[str, list[int]] = {}
        at = text.find(" ")
        while at != -1:
            key = text[at + 1 : at + 1 + AFTER_SPACE]
            found = index.get(key)
            if found is None:
                index[key] = [at]
            else:
                found.append(at)
            at = text.find(" ", at + 1)
        return index

    def occurrences(self, needle: str) -> list[int]:
        """Every start of `needle` in the text, overlapping ones too, in order (as repeated find would give)."""
        space = needle.find(" ")
        key = needle[space + 1 : space + 1 + AFTER_SPACE]
        if space == -1 or len(key) < AFTER_SPACE:
            return _occurrences(self.text, needle)
        # Each occurrence has a space at `space` followed by `key`: only those places are compared.
        text = self.text
        return [
            at - space for at in self.after_space.get(key, ()) if at >= space and text.startswith(needle, at - space)
        ]


def _joins_previous(text: str, start: int, at: int) -> bool:
    """Whether NFC could change text[start:at] + text[at] at their seam, so that text[at] must join.

    Per-cluster NFC then equals NFC of the whole text: a seam is kept only where text[at] is a
    starter that does not compose with what comes before (Hangul jamo and some vowel signs are
    starters that do compose; characters whose decomposition begins with a combining mark join).
    """
    ch = text[at]
    if ch.isascii() or _is_space(ch):
        return False
    if unicodedata.combining(ch) or unicodedata.combining(unicodedata.normalize("NFD", ch)[0]):
        return True
    cluster = text[start:at]
    return unicodedata.normalize("NFC", cluster + ch) != unicodedata.normalize("NFC", cluster) + unicodedata.normalize(
        "NFC", ch
    )


# A run of white space; and a run of ASCII words that are separated by single spaces, which stays as
# it is: each of its characters is a cluster of its own (unless a combining character follows the
# run's last one), is its own NFC and folds to itself, and each single space between two words
# would become one space anyway.
_SPACE_RUN = re.compile(r"\s+")  # \s is exactly str.isspace(), which covers every Zs space too
_ASCII_WORD = "[\x00-\x08\x0e-\x1b\x21-\x7f]+"  # ASCII but for \t \n \v \f \r \x1c-\x1f and ' '
_ASCII_RUN = re.compile(f"{_ASCII_WORD}(?: {_ASCII_WORD})*")


def normalize(original: str) -> NormalizedText:
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    space_run, ascii_run = _SPACE_RUN.match, _ASCII_RUN.match
    i, n = 0, len(original)
    while i < n:
        found = space_run(original, i)
        if found is not None:
            j = found.end()
            if starts:
                out.append(" ")
                starts.append(i)
                ends.append(j)
            i = j
            continue
        found = ascii_run(original, i)
        if found is not None:
            j = found.end()
            if j < n and _joins_previous(original, j - 1, j):
                j -= 1  # the run's last character begins a cluster with what follows it
            if j > i:
                out.append(original[i:j])
                starts.extend(range(i, j))
                ends.extend(range(i + 1, j + 1))
                i = j
                continue
        j = i + 1
        while j < n and _joins_previous(original, i, j):
            j += 1
        cluster = original[i:j]
        composed = (cluster if cluster.isascii() else unicodedata.normalize("NFC", cluster)).translate(_FOLD)
        out.append(composed)
        starts.extend([i] * len(composed))
        ends.extend([j] * len(composed))
        i = j
    text = "".join(out)
    if text.endswith(" "):
        text = text[:-1]
        starts.pop()
        ends.pop()
    return NormalizedText(original, text, tuple(starts), tuple(ends))


# `str.translate(_FOLD)` as three substitutions, which are several times faster on non-ASCII text.
_FOLD_SUBS = tuple(
    (
        re.compile(
            "[" + re.escape("".join(chr(c) for c, to in _FOLD.items() if to == folded and chr(c) != folded)) + "]"
        ),
        folded,
    )
    for folded in ("'", '"', "-")
)


def normalize_passage(passage: str) -> str:
    """`normalize(passage).text`, without the offset map: called once per citation, so kept fast."""
    text = unicodedata.normalize("NFC", passage)
    if not text.isascii():  # ASCII folds to itself
        for pattern, folded in _FOLD_SUBS:
            text = pattern.sub(folded, text)
    # Every run of white space as one space, none at either end: what str.split() gives.
    return " ".join(text.split())


@dataclass(frozen=True)
class Match:
    start: int
    end: int


@dataclass(frozen=True)
class Found:
    """Where a passage is: `matches` are all candidate spans after applying prefix/suffix/occurrence."""

    matches: tuple[Match, ...]
    total: int  # occurrences of the passage alone, before disambiguation


def _occurrences(haystack: str, needle: str) -> list[int]:
    found, at = [], haystack.find(needle)
    while at != -1:
        found.append(at)
        at = haystack.find(needle, at + 1)
    return found


def _on_seams(seed: NormalizedText, start: int, end: int) -> bool:
    """Whether normalized [start, end) begins and ends where whole original characters do.

    A match must not take part of what one original cluster became (a letter without the accent that
    NFC composed into it, one of two characters a single one expands to).
    """
    starts = seed.starts
    return (start == 0 or starts[start] != starts[start - 1]) and (end == len(starts) or starts[end] != starts[end - 1])


def find_passage(
    seed: NormalizedText,
    passage: str,
    prefix: str | None = None,
    suffix: str | None = None,
    occurrence: int | None = None,
) -> Found:
    needle = normalize_passage(passage)
    if not needle:
        return Found((), 0)
    hits = [h for h in seed.occurrences(needle) if _on_seams(seed, h, h + len(needle))]
    total = len(hits)
    if prefix:
        want = normalize_passage(prefix)
        hits = [h for h in hits if seed.text[max(0, h - len(want) - 1) : h].rstrip(" ").endswith(want)]
    if suffix:
        want = normalize_passage(suffix)
        hits = [
            h for h in hits if seed.text[h + len(needle) : h + len(needle) + len(want) + 1].lstrip(" ").startswith(want)
        ]
    if occurrence is not None:
        hits = [hits[occurrence - 1]] if 0 < occurrence <= len(hits) else []
    return Found(tuple(Match(*seed.span(h, h + len(needle))) for h in hits), total)


HINT_WORDS = 300  # a longer passage is compared by its first words only
HINT_CANDIDATES = 8  # places in the seed compared in full
HINT_HITS_PER_WORD = 50  # a word that occurs more often than this does not vote


def _key(word: str) -> str:
    """A word as compared for hints: case, punctuation and quotes do not count."""
    return "".join(ch for ch in word.casefold() if ch.isalnum())


def closest_passage(seed: NormalizedText, passage: str) -> str | None:
    """The seed's own text that best resembles `passage`, for a 'did you mean' hint.

    Words are compared, not characters, so that the cost stays small for any passage: each word of
    the passage votes for the places where the passage would start if that word were in the right
    place; the few places with most votes are compared word by word with the passage, and the one
    whose matching words cover it best wins (at least half the words must match). Error path only.
    """
    needle = normalize_passage(passage)
    hay = seed.text
    if not needle or not hay:
        return None
    spans = [(m.start(), m.end()) for m in _WORD.finditer(hay)]
    keys = [_key(hay[s:e]) for s, e in spans]
    wanted = [_key(word) for word in needle.split(" ")][:HINT_WORDS]
    where: dict[str, list[int]] = defaultdict(list)
    for index, key in enumerate(keys):
        if key:
            where[key].append(index)
    votes: Counter[int] = Counter()
    for offset, key in enumerate(wanted):
        hits = where.get(key, [])
        if key and len(hits) <= HINT_HITS_PER_WORD:
            for index in hits:
                votes[index - offset] += 1
    size = len(wanted)
    slack = 3 + size // 5
    best_ratio, best = 0.0, None
    compared: list[int] = []
    for diagonal, _ in votes.most_common(HINT_CANDIDATES):
        if any(abs(diagonal - other) <= slack for other in compared):
            continue  # the window compared there already covers this place
        compared.append(diagonal)
        lo, hi = max(0, diagonal - slack), min(len(keys), diagonal + size + slack)
        blocks = [
            b
            for b in difflib.SequenceMatcher(None, wanted, keys[lo:hi], autojunk=False).get_matching_blocks()
            if b.size
        ]
        if not blocks:
            continue
        first, last = lo + blocks[0].b, lo + blocks[-1].b + blocks[-1].size
        matched = sum(b.size for b in blocks)
        ratio = 2 * matched / (size + last - first)
        if ratio > best_ratio:
            # Show as many words before and after the matching ones as the passage has there.
            first, last = max(lo, first - blocks[0].a), min(hi, last + size - blocks[-1].a - blocks[-1].size)
            best_ratio, best = ratio, (spans[first][0], spans[last - 1][1])
    if best is None or best_ratio < 0.5:
        return None
    s, e = seed.span(*best)
    return seed.original[s:e]
