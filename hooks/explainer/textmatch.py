"""Find cited passages in seed text: exact matching after a small, documented normalization.

Normalization (applied to both the seed and the passage, nothing looser):
- Unicode NFC;
- curly, straight and prime quotation marks alike: ' ‘ ’ ‚ ‛ ′ count as ', and " “ ” „ ‟ ″ as ";
- dash variants alike: - ‐ ‑ ‒ – — ― − count as -;
- every run of white space (including no-break and other Unicode spaces, tabs, newlines) counts as
  one space, and white space at either end of the passage is ignored.
Offsets returned are code-point offsets into the seed's original text, so what is shown is always
the seed's own characters.
"""

from __future__ import annotations

import bisect
import difflib
import unicodedata
from dataclasses import dataclass

_FOLD = {
    **{ord(c): "'" for c in "'‘’‚‛′"},
    **{ord(c): '"' for c in '"“”„‟″'},
    **{ord(c): "-" for c in "-‐‑‒–—―−"},
}


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
            if out and out[-1] != " ":
                out.append(" ")
                starts.append(i)
                ends.append(j)
            elif out:
                ends[-1] = j
            i = j
            continue
        j = i + 1
        while j < n and unicodedata.combining(original[j]):
            j += 1
        cluster = original[i:j]
        composed = unicodedata.normalize("NFC", cluster) if j - i > 1 or not cluster.isascii() else cluster
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


def normalize_passage(passage: str) -> str:
    return normalize(passage).text


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
    hits = _occurrences(seed.text, needle)
    total = len(hits)
    if prefix:
        want = normalize_passage(prefix)
        hits = [h for h in hits if seed.text[:h].rstrip(" ").endswith(want)]
    if suffix:
        want = normalize_passage(suffix)
        hits = [h for h in hits if seed.text[h + len(needle):].lstrip(" ").startswith(want)]
    if occurrence is not None:
        hits = [hits[occurrence - 1]] if 0 < occurrence <= len(hits) else []
    return Found(tuple(Match(*seed.span(h, h + len(needle))) for h in hits), total)


def closest_passage(seed: NormalizedText, passage: str) -> str | None:
    """The seed's own text that best resembles `passage`, for a 'did you mean' hint.

    Candidates are spans of whole words near places where one of the passage's words occurs,
    a little shorter or longer than the passage; the most similar one wins. Error path only.
    """
    needle = normalize_passage(passage)
    hay = seed.text
    if not needle or not hay:
        return None
    width = len(needle)
    word_starts = [0] + [i + 1 for i, ch in enumerate(hay) if ch == " "]
    word_ends = [i for i, ch in enumerate(hay) if ch == " "] + [len(hay)]
    anchors: set[int] = set()
    offset = 0
    for word in needle.split(" "):
        if len(word) >= 3:
            for at in _occurrences(hay, word)[:20]:
                anchors.add(max(0, at - offset))
        offset += len(word) + 1
    best_ratio, best = 0.0, None
    for anchor in sorted(anchors)[:200]:
        first = bisect.bisect_right(word_starts, anchor) - 1
        for start in word_starts[max(0, first - 1): first + 2]:
            lo = bisect.bisect_left(word_ends, start + width * 2 // 3)
            hi = bisect.bisect_right(word_ends, start + width * 3 // 2)
            for end in word_ends[lo:hi][:12]:
                matcher = difflib.SequenceMatcher(None, needle, hay[start:end], autojunk=False)
                ratio = matcher.ratio()
                if ratio > best_ratio:
                    best_ratio, best = ratio, (start, end)
    if best is None or best_ratio < 0.5:
        return None
    s, e = seed.span(*best)
    return seed.original[s:e]
