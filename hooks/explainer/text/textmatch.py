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

Seeds and passages are written by editors, so every search here has bounded cost: occurrences are found
as runs (a passage repeated 100,000 times over in a repetitive seed is one run, found in a few steps),
at most MAX_MATCHES places are kept, and the hint's word-by-word comparison has a budget of work
(BoundedMatcher), past which the hint says that it compared less.
"""

from __future__ import annotations

import difflib
import functools
import heapq
import itertools
import re
import unicodedata
from array import array
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property

_FOLD = {
    **{ord(c): "'" for c in "'‘’‚‛′"},
    **{ord(c): '"' for c in '"“”„‟″'},
    **{ord(c): "-" for c in "-‐‑‒–—―−"},
}


AFTER_SPACE = 8  # characters after a space by which `NormalizedText.occurrences` looks places up
INDEXED_PLACES = 64  # a key with more places than this (a repetitive seed) is searched with str.find instead
MAX_MATCHES = 1000  # places a `Found` keeps; it counts them all
# Offsets are stored as C unsigned ints (4 bytes, not a Python int each: a seed of 4 MiB once took 330 MB);
# a seed is at most 64 MiB (max_seed_bytes), well within them.
OFFSET = "I"


def _is_space(ch: str) -> bool:
    return ch.isspace() or unicodedata.category(ch) == "Zs"


@dataclass(frozen=True)
class NormalizedText:
    """A normalized text plus, for each of its characters, the span it came from in the original."""

    original: str
    text: str
    starts: Sequence[int]
    ends: Sequence[int]
    # The normalized offsets k > 0 with starts[k] == starts[k - 1]: inside what one original cluster
    # became (a character NFC turns into two). No match may begin or end there.
    joins: Sequence[int] = field(default_factory=lambda: array(OFFSET))

    def span(self, start: int, end: int) -> tuple[int, int]:
        """Map a normalized [start, end) back to the original text."""
        return self.starts[start], self.ends[end - 1]

    @cached_property
    def after_space(self) -> dict[str, list[int]]:
        """Where each space is, by the AFTER_SPACE characters that follow it; built on first use (lists, not
        arrays: most keys have one place, and a list of one is made several times faster)."""
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

    @cached_property
    def words(self) -> Words:
        """The text's words, for hints (see closest_passage); built on first use, once per seed."""
        return Words.of(self.text)

    def runs(self, needle: str) -> list[range]:
        """Every start of `needle` in the text, overlapping ones too, in order, as runs of starts a fixed
        step apart (most runs hold one start; a passage repeated over and over is one run)."""
        return list(runs_of(self.text, needle, self._finder(needle)))

    def occurrences(self, needle: str) -> list[int]:
        """Every start of `needle` in the text, overlapping ones too, in order (as repeated find would give)."""
        return [at for run in self.runs(needle) for at in run]

    def _finder(self, needle: str) -> Callable[[int], int]:
        """A function giving the first start of `needle` at or after an offset (-1: none)."""
        text = self.text
        space = needle.find(" ")
        key = needle[space + 1 : space + 1 + AFTER_SPACE]
        if space != -1 and len(key) == AFTER_SPACE:
            places = self.after_space.get(key, ())
            # Each occurrence has a space at `space` followed by `key`: only those places are compared, unless
            # there are so many (a repetitive seed) that str.find, linear whatever the text, is cheaper.
            if len(places) <= INDEXED_PLACES:

                def find(at: int) -> int:
                    for index in range(bisect_left(places, at + space), len(places)):
                        if text.startswith(needle, places[index] - space):
                            return places[index] - space
                    return -1

                return find
        return lambda at: text.find(needle, at)

    def seam_breaks(self, run: range, length: int) -> set[int]:
        """The starts in `run` at which a match of `length` would begin or end inside what one original
        character became (see `joins`); looked up, not tried one by one."""
        joins = self.joins
        if not joins or not run:
            return set()
        low, high = bisect_left(joins, run.start), bisect_right(joins, run[-1] + length)
        return {at for join in joins[low:high] for at in (join, join - length) if at in run}


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
# Possessive: a run of a million words would otherwise keep a backtracking entry for each (200 MB).
_ASCII_RUN = re.compile(f"{_ASCII_WORD}(?: {_ASCII_WORD})*+")


def normalize(original: str) -> NormalizedText:
    out: list[str] = []
    starts, ends, joins = array(OFFSET), array(OFFSET), array(OFFSET)
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
        if len(composed) > 1:
            joins.extend(range(len(starts) + 1, len(starts) + len(composed)))
        starts.extend([i] * len(composed))
        ends.extend([j] * len(composed))
        i = j
    text = "".join(out)
    if text.endswith(" "):
        text = text[:-1]
        starts.pop()
        ends.pop()
    return NormalizedText(original, text, starts, ends, joins)


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
    """Where a passage is: `matches` are the places meant after applying prefix/suffix/occurrence (the first
    MAX_MATCHES of them when there are more), `count` how many places that is."""

    matches: tuple[Match, ...]
    total: int  # occurrences of the passage alone, before disambiguation
    count: int  # places meant: after prefix/suffix and occurrence
    in_context: int  # places with the prefix/suffix, before `occurrence` picks one


def runs_of(text: str, needle: str, find: Callable[[int], int] | None = None) -> Iterator[range]:
    """The starts of `needle` in `text` as runs, in order, from `find` (the first start at or after an
    offset, -1 for none; str.find by default, see NormalizedText._finder).

    After two starts `step` apart, the text repeats with that period at least as far as the second
    match ends; every `step`-th place is a start for as long as it keeps repeating, and no place in
    between is one (it would put a start less than `step` after the first). So a passage repeated
    over and over costs a few comparisons of slices, not one search per start.
    """
    if find is None:
        find = functools.partial(text.find, needle)
    length = len(needle)
    at = find(0)
    while at != -1:
        after = find(at + 1)
        if after == -1:
            yield range(at, at + 1)
            return
        step = after - at
        run = range(at, _repeats_until(text, step, after + length) - length + 1, step)
        yield run
        at = find(run[-1] + 1)


def _repeats_until(text: str, step: int, known: int) -> int:
    """The first offset from `known` on at which `text` stops repeating itself `step` characters back
    (text[j] != text[j - step]), or its length; it is known to repeat up to `known`. Slices of doubling
    length, then halving: linear in the stretch that repeats, in few steps."""
    low, size, end = known, 1, len(text)
    while low < end:
        high = min(end, low + size)
        if text[low:high] == text[low - step : high - step]:
            low, size = high, size * 2
            continue
        while high - low > 1:
            middle = (low + high) // 2
            if text[low:middle] == text[low - step : middle - step]:
                low = middle
            else:
                high = middle
        return low
    return end


def _starts(seed: NormalizedText, text: str, offset: int, length: int) -> tuple[int, Iterator[int]]:
    """How many places have `text` with the passage (of `length`) at `offset` in it, on seams, and an
    iterator over them in order (the passage's starts)."""
    count, parts = 0, []
    for run in seed.runs(text):
        shifted = range(run.start + offset, run.stop + offset, run.step)
        breaks = seed.seam_breaks(shifted, length)
        count += len(shifted) - len(breaks)
        parts.append(_without(shifted, breaks) if breaks else iter(shifted))
    return count, itertools.chain.from_iterable(parts)


def _without(run: range, breaks: set[int]) -> Iterator[int]:
    return (at for at in run if at not in breaks)


def find_passage(
    seed: NormalizedText,
    passage: str,
    prefix: str | None = None,
    suffix: str | None = None,
    occurrence: int | None = None,
) -> Found:
    needle = normalize_passage(passage)
    if not needle:
        return Found((), 0, 0, 0)
    total, alone = _starts(seed, needle, 0, len(needle))
    before = normalize_passage(prefix) if prefix else ""
    after = normalize_passage(suffix) if suffix else ""
    if before or after:
        # A prefix is the text right before the passage, with or without a space between (the same for a
        # suffix after it): the places with them are found as the longer texts, not tried one by one.
        befores = [before + " ", before] if before else [""]
        afters = [" " + after, after] if after else [""]
        found = [_starts(seed, b + needle + a, len(b), len(needle)) for b in befores for a in afters]
        in_context = sum(count for count, _ in found)
        places: Iterator[int] = heapq.merge(*(starts for _, starts in found))
    else:
        in_context, places = total, alone
    if occurrence is not None:
        picked = list(itertools.islice(places, occurrence - 1, occurrence)) if occurrence > 0 else []
        hits, count = picked, len(picked)
    else:
        hits, count = list(itertools.islice(places, MAX_MATCHES)), in_context
    return Found(tuple(Match(*seed.span(h, h + len(needle))) for h in hits), total, count, in_context)


HINT_WORDS = 300  # a longer passage is compared by its first words only
HINT_CANDIDATES = 8  # places in the seed compared in full
HINT_HITS_PER_WORD = 50  # a word that occurs more often than this does not vote
# Work (see BoundedMatcher) allowed for comparing one place word by word: a near miss in prose takes a
# few thousand; words that repeat over and over in both (a hostile seed) take far more, and the place
# is then judged by its votes alone.
HINT_WORK = 50_000


class OverBudget(Exception):
    """A BoundedMatcher would have worked past its budget."""


class BoundedMatcher(difflib.SequenceMatcher[str]):
    """difflib's SequenceMatcher (without junk) that stops, raising OverBudget, before it does more than
    `budget` units of work: what find_longest_match may examine, at most the number of places in `b` of
    each element of the part of `a` it is given (plus one per element). Repetitive sequences make the
    matcher quadratic or worse; the budget bounds that, whatever the input."""

    def __init__(self, a: Sequence[str], b: Sequence[str], budget: int) -> None:
        super().__init__(None, a, b, autojunk=False)
        in_b = Counter(b)
        self.budget = budget
        self._work = list(itertools.accumulate((in_b[x] + 1 for x in a), initial=0))

    def find_longest_match(
        self, alo: int = 0, ahi: int | None = None, blo: int = 0, bhi: int | None = None
    ) -> difflib.Match:
        high = len(self._work) - 1 if ahi is None else ahi
        self.budget -= self._work[high] - self._work[alo] + 1
        if self.budget < 0:
            raise OverBudget
        return super().find_longest_match(alo, ahi, blo, bhi)


def _key(word: str) -> str:
    """A word as compared for hints: case, punctuation and quotes do not count."""
    return "".join(ch for ch in word.casefold() if ch.isalnum())


@dataclass(frozen=True)
class Words:
    """A text's words for hints: where each is, its key (see `_key`), and where each key is."""

    starts: array[int]
    ends: array[int]
    keys: list[str]
    where: dict[str, array[int]]

    @staticmethod
    def of(text: str) -> Words:
        """`text` is normalized: its words are separated by single spaces."""
        split = text.split(" ") if text else []
        key_of = {word: _key(word) for word in set(split)}  # a seed repeats its words: each is keyed once
        keys = [key_of[word] for word in split]
        starts = array(OFFSET, itertools.accumulate((len(word) + 1 for word in split[:-1]), initial=0))
        ends = array(OFFSET, (start + len(word) for start, word in zip(starts, split, strict=True)))
        where: dict[str, array[int]] = {}
        for index, key in enumerate(keys):
            if key:
                places = where.get(key)
                if places is None:
                    where[key] = array(OFFSET, (index,))
                else:
                    places.append(index)
        return Words(starts, ends, keys, where)


@dataclass(frozen=True)
class Closest:
    """The hint for a passage that is not found: the seed's own text (None: nothing close enough), and
    whether a place was judged by its votes alone (its words repeat too often to compare them all)."""

    text: str | None
    bounded: bool = False


def closest_passage(seed: NormalizedText, passage: str) -> str | None:
    """The seed's own text that best resembles `passage`, for a 'did you mean' hint (see find_closest)."""
    return find_closest(seed, passage).text


def find_closest(seed: NormalizedText, passage: str) -> Closest:
    """The seed's own text that best resembles `passage`, for a 'did you mean' hint.

    Words are compared, not characters, so that the cost stays small for any passage: each word of
    the passage votes for the places where the passage would start if that word were in the right
    place; the few places with most votes are compared word by word with the passage, and the one
    whose matching words cover it best wins (at least half the words must match). The seed's words are
    indexed once (`seed.words`), and each comparison has a budget (HINT_WORK). Error path only.
    """
    needle = normalize_passage(passage)
    if not needle or not seed.text:
        return Closest(None)
    words = seed.words
    keys = words.keys
    wanted = [_key(word) for word in needle.split(" ")][:HINT_WORDS]
    votes: Counter[int] = Counter()
    for offset, key in enumerate(wanted):
        hits = words.where.get(key, ()) if key else ()
        if len(hits) <= HINT_HITS_PER_WORD:
            for index in hits:
                votes[index - offset] += 1
    size = len(wanted)
    slack = 3 + size // 5
    best_ratio, best, bounded = 0.0, None, False
    compared: list[int] = []
    for diagonal, count in votes.most_common(HINT_CANDIDATES):
        if any(abs(diagonal - other) <= slack for other in compared):
            continue  # the window compared there already covers this place
        compared.append(diagonal)
        lo, hi = max(0, diagonal - slack), min(len(keys), diagonal + size + slack)
        try:
            matcher = BoundedMatcher(wanted, keys[lo:hi], HINT_WORK)
            blocks = [(b.a, b.b, b.size) for b in matcher.get_matching_blocks() if b.size]
        except OverBudget:
            # Judged by its votes: `count` words of the passage are where they would be if it started here.
            bounded = True
            first = max(lo, diagonal)
            blocks = [(first - diagonal, first - lo, min(count, hi - first))]
        if not blocks:
            continue
        first, last = lo + blocks[0][1], lo + blocks[-1][1] + blocks[-1][2]
        matched = sum(b[2] for b in blocks)
        ratio = 2 * matched / (size + last - first)
        if ratio > best_ratio:
            # Show as many words before and after the matching ones as the passage has there.
            first, last = max(lo, first - blocks[0][0]), min(hi, last + size - blocks[-1][0] - blocks[-1][2])
            best_ratio, best = ratio, (words.starts[first], words.ends[last - 1])
    if best is None or best_ratio < 0.5:
        return Closest(None, bounded)
    s, e = seed.span(*best)
    return Closest(seed.original[s:e], bounded)
