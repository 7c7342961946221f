"""Find what a text asserts in words that can be checked: numbers, dates and names.

Pure functions over plain text; offsets are code-point offsets into the text given. The grounding
check (grounding.py) decides where each mention must be found.

Quotations are read by quotes.py, in its editor mode.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# For quick "is there anything to find here" tests: the runs of letters and digits.
_NON_WORD = re.compile(r"\W+")


def words_of(text: str) -> list[str]:
    """The text's words, split at white space and punctuation (apostrophes too): fast, for pre-tests."""
    return _NON_WORD.split(text)


# ---- numbers --------------------------------------------------------------------------------------

# Every number word, once: the cardinals from one to twenty, the tens, the large numbers, "dozen".
CARDINALS = (
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty"
).split()
NUMBER_WORDS = {word: value for value, word in enumerate(CARDINALS, start=1)} | {
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "hundred": 100,
    "thousand": 1000,
    "million": 1_000_000,
    "billion": 1_000_000_000,
    "dozen": 12,
}
# The grounding check leaves "one" out: far more often a pronoun or an article ("one article", "the one
# that") than a number a text gives.
_FOUND_NUMBER_WORDS = {word: value for word, value in NUMBER_WORDS.items() if word != "one"}


def cardinal_words(up_to: int) -> dict[str, int]:
    """The cardinal number words from one to `up_to`, in order (`NUMBER_WORDS`' own entries)."""
    return {word: NUMBER_WORDS[word] for word in CARDINALS[:up_to]}


# Digits (with thousands separators, or a decimal part), and words: a word is a number if it is one
# of _FOUND_NUMBER_WORDS. One pass of a simple pattern and a dictionary look-up: much faster than a pattern
# that lists the words.
_NUMBER_TOKEN = re.compile(r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?!\d)|(?<!\w)\d+(?:\.\d+)?|[A-Za-z]+")
# A count of the evidence itself: of the articles ("three articles", "two of them", "two say"), or of
# the quotations, wordings and sentences the site shows side by side ("two quotations"). What the
# citations show, not what a passage says: such counts are not looked up in the passages.
EVIDENCE_NOUNS = (
    "articles?",
    "reports?",
    "sources?",
    "outlets?",
    "citations?",
    "wordings?",
    "quotations?",
    "quotes?",
    "versions?",
    "passages?",
    "paragraphs?",
    "sentences?",
    "words?",
    "lines?",
    "fragments?",
    "remarks?",
)
REPORTING_VERBS = (
    "say",
    "says",
    "print",
    "prints",
    "give",
    "gives",
    "write",
    "writes",
    "quote",
    "quotes",
    "call",
    "calls",
    "name",
    "names",
    "report",
    "reports",
    "use",
    "uses",
    "have",
    "has",
    "place",
    "places",
    "put",
    "puts",
    "spell",
    "spells",
    "attribute",
    "attributes",
    "describe",
    "describes",
    "add",
    "adds",
    "mention",
    "mentions",
)
_EVIDENCE_COUNT = re.compile(
    r"(?:\s+(?:of\s+the|[\w-]+))?\s+(?:" + "|".join(EVIDENCE_NOUNS) + r")\b"
    r"|\s+(?:of\s+(?:them|these|those)\b|others?\b)"
    r"|\s+(?:" + "|".join(REPORTING_VERBS) + r")\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Number:
    start: int
    end: int
    value: str  # canonical: digits, without thousands separators


_DIGIT = re.compile(r"\d")
_NUMBER_WORD_SET = frozenset(_FOUND_NUMBER_WORDS)


def may_have_numbers(text: str, words: list[str] | None = None) -> bool:
    """False when `text` (whose `words_of` may be given) surely holds no number: the common case."""
    if _DIGIT.search(text) is not None:
        return True
    return not _NUMBER_WORD_SET.isdisjoint(map(str.lower, words_of(text) if words is None else words))


def find_numbers(text: str, skip_evidence_counts: bool = False) -> list[Number]:
    if not may_have_numbers(text):
        return []
    found = []
    for m in _NUMBER_TOKEN.finditer(text):
        token = m.group()
        if token[0].isdigit():
            value = token.replace(",", "")
        elif token.lower() in _FOUND_NUMBER_WORDS:
            value = str(_FOUND_NUMBER_WORDS[token.lower()])
        else:
            continue
        if skip_evidence_counts and _EVIDENCE_COUNT.match(text, m.end()):
            continue
        found.append(Number(m.start(), m.end(), value))
    return found


# ---- dates ----------------------------------------------------------------------------------------

MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
# "May" is a month only before a day or a year ("May 5", "May 2024"): otherwise it is the verb.
_DATE_WORD = re.compile(
    r"\b(?:" + "|".join(m for m in MONTHS if m != "May") + "|" + "|".join(WEEKDAYS) + r"|May(?=\s+\d))\b"
)


@dataclass(frozen=True)
class DateWord:
    start: int
    end: int
    word: str


_DATE_WORD_SET = frozenset((*MONTHS, *WEEKDAYS))


def may_have_date_words(words: list[str]) -> bool:
    """False when none of the `words` (from `words_of`) is a month or a weekday."""
    return not _DATE_WORD_SET.isdisjoint(words)


def find_date_words(text: str) -> list[DateWord]:
    """Month names and weekdays, capitalized as names are (case matters: "march" is a verb)."""
    if not may_have_date_words(words_of(text)):
        return []
    return [DateWord(m.start(), m.end(), m.group()) for m in _DATE_WORD.finditer(text)]


# ---- names ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class NameMention:
    start: int
    end: int
    key: str  # the entity: "person:<id>" or "name:<declared name>"
    shown: str


def _form_pattern(form: str) -> str:
    """A name as a pattern: quotes, dashes and white space as loosely as textmatch compares them."""
    out = []
    for ch in form:
        if ch in "'‘’‛′":
            out.append("['‘’‛′]")
        elif ch in '"“”„‟″':
            out.append('["“”„‟″]')
        elif ch in "-‐‑‒–—―−":
            out.append("[-‐‑‒–—―−]")
        elif ch.isspace():
            out.append(r"\s+")
        else:
            out.append(re.escape(ch))
    return "".join(out)


class NameTable:
    """Every known name form, matched longest first, as whole words (a possessive 's may follow)."""

    def __init__(self, forms: dict[str, list[str]]) -> None:
        self.forms = forms  # key -> its forms
        self._key_of: dict[str, str] = {}  # a form as `_canonical` writes it -> its key
        written: dict[str, str] = {}  # a form as written, one per canonical form
        for key, names in forms.items():
            for form in names:
                canonical = _canonical(form)
                if canonical and canonical not in self._key_of:
                    self._key_of[canonical] = key
                    written[canonical] = form
        ordered = sorted(written.values(), key=len, reverse=True)
        self._first_words = frozenset(words_of(form)[0] for form in ordered if words_of(form))
        self._pattern = (
            re.compile(r"(?<![\w])(?:" + "|".join(_form_pattern(f) for f in ordered) + r")(?![\w])")
            if ordered
            else None
        )

    def may_occur(self, words: list[str]) -> bool:
        """False when no word of `words` (from `words_of`) begins a known name."""
        return self._pattern is not None and not self._first_words.isdisjoint(words)

    def find(self, text: str, words: list[str] | None = None) -> list[NameMention]:
        if not self.may_occur(words_of(text) if words is None else words):
            return []
        found: list[NameMention] = []
        if self._pattern is None:
            return found
        for m in self._pattern.finditer(text):
            found.append(NameMention(m.start(), m.end(), self.key_of(m.group()), m.group()))
        return found

    def key_of(self, shown: str) -> str:
        return self._key_of[_canonical(shown)]


_CANONICAL = str.maketrans(
    {**{ch: "'" for ch in "‘’‛′"}, **{ch: '"' for ch in "“”„‟″"}, **{ch: "-" for ch in "‐‑‒–—―−"}}
)


def _canonical(form: str) -> str:
    """A name form as `_form_pattern` matches it: quotes, dashes and white space folded."""
    return " ".join(form.translate(_CANONICAL).split())
