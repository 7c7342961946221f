"""Words as the editorial checks compare them: folded for case, width, apostrophes and punctuation, with the
spoken and contracted forms that house styles print either way read as their full words, and the measure
of how far two spellings of a word are apart.

The wording rule (a disagreement filed as wording only quotes the same words) and the withdrawn-phrasing
check (a correction's withdrawn words that survive elsewhere) both read words this way.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

# Spoken and contracted forms that house styles print either way; each reads as its full words.
HOUSE_STYLE: dict[str, tuple[str, ...]] = {
    "gonna": ("going", "to"),
    "wanna": ("want", "to"),
    "gotta": ("got", "to"),
    "what's": ("what", "is"),
    "it's": ("it", "is"),
    "that's": ("that", "is"),
    "there's": ("there", "is"),
    "he's": ("he", "is"),
    "she's": ("she", "is"),
    "i'm": ("i", "am"),
    "you're": ("you", "are"),
    "we're": ("we", "are"),
    "they're": ("they", "are"),
    "i'll": ("i", "will"),
    "we'll": ("we", "will"),
    "you'll": ("you", "will"),
    "isn't": ("is", "not"),
    "aren't": ("are", "not"),
    "don't": ("do", "not"),
    "doesn't": ("does", "not"),
    "didn't": ("did", "not"),
    "can't": ("cannot",),
    "won't": ("will", "not"),
}

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")


@dataclass(frozen=True)
class FoldedWord:
    """A word of a text as written (its offsets) and as compared (a contraction folds to several words)."""

    folded: tuple[str, ...]
    start: int
    end: int


def fold(word: str) -> str:
    """One word folded for case, width and apostrophes."""
    if word.isascii():
        return word.lower()  # most words: nothing for NFKC or casefold to do but lower the case
    return unicodedata.normalize("NFKC", word).casefold().replace("’", "'").replace("‘", "'")


def folded_words(text: str) -> list[FoldedWord]:
    """The words of `text`, each with where it is written and what it reads as."""
    words = []
    for found in _WORD.finditer(text.replace("‘", "'")):
        folded = fold(found.group())
        words.append(FoldedWord(HOUSE_STYLE.get(folded, (folded,)), found.start(), found.end()))
    return words


def word_set(text: str) -> frozenset[str]:
    """The words of `text` as `normalised_words` reads them, as a set: folded as one string, not word by word,
    for a cheap first test over much prose (the withdrawn-phrasing check)."""
    folded = unicodedata.normalize("NFKC", text).casefold().replace("’", "'").replace("‘", "'")
    parts: set[str] = set()
    for word in _WORD.findall(folded):
        parts.update(HOUSE_STYLE.get(word, (word,)))
    return frozenset(parts)


def normalised_words(text: str) -> tuple[str, ...]:
    """The words of `text` as compared, punctuation dropped and house-style forms read as their full words."""
    return tuple(part for word in folded_words(text) for part in word.folded)


def edit_distance(a: str, b: str) -> int:
    """Optimal string alignment distance (insertions, deletions, substitutions, adjacent swaps)."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[-1]


def close_spellings(a: str, b: str, *, min_length: int, max_edits: int = 2) -> bool:
    """True when two folded words are one word, or spellings of one within `max_edits` edits; words shorter
    than `min_length` must be equal ("he" and "she" are other words, not other spellings)."""
    if a == b:
        return True
    if min(len(a), len(b)) < min_length or abs(len(a) - len(b)) > max_edits:
        return False  # the distance is at least the difference of the lengths: no need to measure it
    return edit_distance(a, b) <= max_edits
