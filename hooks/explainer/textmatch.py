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

_FOLD = {
    **{ord(c): "'" for c in "'‘’‚‛′"},
    **{ord(c): '"' for c in '"“”„‟″'},
    **{ord(c): "-" for c in "-‐‑‒–—―−"},
}


_WORD = re.compile(r"[^ ]+")


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
    return unicodedata.normalize("NFC", cluster + ch) != unicodedata.normalize("NFC", cluster) + unicodedata.normalize("NFC", ch)


def normalize(original: str) -> NormalizedText:
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    i, n = 0, len(original)
    while i < n:
        ch = original[i]
        if _is_space(ch):
            j = i + 1
            while j < n and _is_space(original[j]):
                j += 1
            if out:
                out.append(" ")
                starts.append(i)
                ends.append(j)
            i = j
            continue
        j = i + 1
        while j < n and _joins_previous(original, i, j):
            j += 1
        cluster = original[i:j]
        composed = cluster if cluster.isascii() else unicodedata.normalize("NFC", cluster)
        for c in composed.translate(_FOLD):
            out.append(c)
            starts.append(i)
            ends.append(j)
        i = j
    if out and out[-1] == " ":
        out.pop()
        starts.pop()
        ends.pop()
    return NormalizedText(original, "".join(out), tuple(starts), tuple(ends))


_SPACES = re.compile(r"\s+")  # str.isspace() covers every Zs space too


def normalize_passage(passage: str) -> str:
    """`normalize(passage).text`, without the offset map: called once per citation, so kept fast."""
    return _SPACES.sub(" ", unicodedata.normalize("NFC", passage).translate(_FOLD)).strip(" ")


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
    hits = [h for h in _occurrences(seed.text, needle) if _on_seams(seed, h, h + len(needle))]
    total = len(hits)
    if prefix:
        want = normalize_passage(prefix)
        hits = [h for h in hits if seed.text[max(0, h - len(want) - 1):h].rstrip(" ").endswith(want)]
    if suffix:
        want = normalize_passage(suffix)
        hits = [h for h in hits if seed.text[h + len(needle):h + len(needle) + len(want) + 1].lstrip(" ").startswith(want)]
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
        blocks = [b for b in difflib.SequenceMatcher(None, wanted, keys[lo:hi], autojunk=False).get_matching_blocks() if b.size]
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
