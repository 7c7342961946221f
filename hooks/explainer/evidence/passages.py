"""What the grounding check compares a text with: passages of the seeds, the evidence a text rests on, and
how quoted words are found in a passage (or the passage closest to them, for a hint).

Each search is linear in what it searches (`occurs` finds a word repeated over and over as one run), and
the "closest passage" is bounded: past HINT_WORK characters compared it is the passage that shares the most
words (see grounding.py for how many hints a check gives).
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property

from explainer.core.diagnostics import Pos
from explainer.text.clip import clip
from explainer.text.mentions import NameMention, find_date_words, find_numbers
from explainer.text.textmatch import normalize_passage, runs_of

Locate = Callable[[Pos, str, int], Pos]  # (where the text starts, the text, an offset into it) -> place


@dataclass(frozen=True, eq=False)
class Passage:
    """A stretch of a seed; one object per stretch (see `Grounding.passage`), compared by identity."""

    source: str
    start: int
    end: int
    text: str  # the seed's own characters

    @cached_property
    def folded(self) -> str:
        return fold(self.text)

    @cached_property
    def numbers(self) -> frozenset[str]:
        return frozenset(n.value for n in find_numbers(self.text))

    @cached_property
    def date_words(self) -> frozenset[str]:
        return frozenset(d.word for d in find_date_words(self.text))

    @cached_property
    def characters(self) -> Counter[str]:
        """How often each character of `folded` occurs: what comparing a text with it would cost (closest)."""
        return Counter(self.folded)

    @cached_property
    def word_keys(self) -> frozenset[str]:
        return frozenset(_WORDS.findall(self.folded.casefold()))

    def shown(self, limit: int = 160) -> str:
        return clip(self.text, limit, one_line=True, strip=False)


@dataclass
class Evidence:
    """What a text may draw on: passages, and what the records it links contribute."""

    passages: list[Passage] = field(default_factory=list)
    wider: list[Passage] = field(default_factory=list)  # where quotations may also be found (see texts_of)
    entities: set[str] = field(default_factory=set)  # name keys of linked records
    numbers: set[str] = field(default_factory=set)  # from linked records (a stated date, ...)
    date_words: set[str] = field(default_factory=set)

    def add(self, other: Evidence) -> None:
        self.passages.extend(p for p in other.passages if p not in self.passages)
        self.wider.extend(p for p in other.wider if p not in self.wider)
        self.entities |= other.entities
        self.numbers |= other.numbers
        self.date_words |= other.date_words


def given(evidence: Evidence) -> Callable[[], Evidence]:
    """`rests_on` for evidence gathered already."""
    return lambda: evidence


@dataclass(frozen=True)
class Text:
    """One text to check: what it is (for messages), where it starts, and what it rests on.

    The evidence is gathered only when the text mentions something to look up (most texts quote,
    name, count or date little), from `rests_on`.
    """

    what: str
    pos: Pos
    value: str
    rests_on: Callable[[], Evidence]
    linked_names: tuple[NameMention, ...] = ()  # names shown by links rather than written out
    inference: bool = False  # an inference may derive numbers and dates; it must still quote exactly

    @cached_property
    def evidence(self) -> Evidence:
        return self.rests_on()


def fold(text: str) -> str:
    """As passages are compared (textmatch), and with double marks as single ones, so that a nested
    'quote' inside a quotation matches the article's “quote”."""
    return _PUNCT_BEFORE_MARK.sub("", normalize_passage(text).replace('"', "'"))


# Punctuation just inside a closing mark ("her “beauty,”") is house style, not the words quoted.
_PUNCT_BEFORE_MARK = re.compile(r"[.,;:!?]+(?='(?!\w))")


def occurs(needle: str, hay: str) -> bool:
    """Whether `needle` occurs in `hay` as whole words (its ends are not inside a word of `hay`).

    Occurrences come as runs (textmatch.runs_of): within a run the text repeats itself, so the
    character before every start but the first is the same, and so is the one after every end but the
    last; three places settle a run of any length.
    """
    if not needle:
        return True
    length = len(needle)

    def whole(at: int) -> bool:
        end = at + length
        left_ok = at == 0 or not (needle[0].isalnum() and hay[at - 1].isalnum())
        right_ok = end == len(hay) or not (needle[-1].isalnum() and hay[end].isalnum())
        return left_ok and right_ok

    first = hay.find(needle)
    if first == -1 or whole(first):
        return first != -1  # most often settled by the first place, without looking for the others
    runs = runs_of(hay, needle, lambda at: hay.find(needle, max(at, first + 1)))
    return any(whole(run[0]) or (len(run) > 2 and whole(run[1])) or whole(run[-1]) for run in runs)


EDGE_PUNCT = " .,;:!?"  # punctuation at either end of quoted words, which does not count
_ELISION = re.compile(r"\s*(?:…|\.\.\.|\[[^\]]*\])\s*")


def quotation_found(span_text: str, passages: Iterable[Passage]) -> bool:
    """Whether the quoted words occur in one passage. Punctuation at either end does not count (a
    closing period or comma may sit inside the marks); the first letter may differ in case (a quote
    may begin a sentence); an ellipsis or a [bracketed insertion] stands for words left out, and the
    pieces around it must then occur in that order in the same passage."""
    words = fold(span_text).strip(EDGE_PUNCT)
    if not words:
        return True
    variants = {words, words[0].swapcase() + words[1:]}
    pieces = [p.strip(EDGE_PUNCT) for p in _ELISION.split(words)]
    pieces = [p for p in pieces if p]
    for passage in passages:
        if any(occurs(v, passage.folded) for v in variants):
            return True
        if len(pieces) > 1 and _in_order(pieces, passage.folded):
            return True
    return False


def _in_order(pieces: list[str], hay: str) -> bool:
    at = 0
    for index, piece in enumerate(pieces):
        candidates = {piece, piece[0].swapcase() + piece[1:]} if index == 0 else {piece}
        found = min((hay.find(c, at) for c in candidates if hay.find(c, at) != -1), default=-1)
        if found == -1:
            return False
        at = found + len(piece)
    return True


# Characters compared for one hint (SequenceMatcher's work: the passages' length, plus, for each character of
# the text, its places in the passages); past it the passages are compared by the words they share.
HINT_WORK = 250_000
_WORDS = re.compile(r"\w+")


def closest(words: str, passages: list[Passage]) -> Passage | None:
    """The passage that shares the longest run of characters with `words`, then the most words."""
    return closest_bounded(words, passages)[0] if passages else None


def closest_bounded(words: str, passages: list[Passage]) -> tuple[Passage, bool]:
    """The passage that shares the longest run of characters with `words`, then the most words; or, when
    that would cost more than HINT_WORK (True beside it), the one that shares the most words."""
    needle = fold(words)
    keys = set(_WORDS.findall(needle.casefold()))
    counts = Counter(needle)
    work = sum(len(p.folded) + sum(n * p.characters[c] for c, n in counts.items()) for p in passages)
    if work > HINT_WORK:
        return max(passages, key=lambda passage: len(keys & passage.word_keys)), True

    def score(passage: Passage) -> tuple[int, int]:
        match = difflib.SequenceMatcher(None, needle, passage.folded, autojunk=False).find_longest_match(
            0, len(needle), 0, len(passage.folded)
        )
        return match.size, len(keys & passage.word_keys)

    return max(passages, key=score), False
