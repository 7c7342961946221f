"""Where a sentence ends: one rule, with the two variants its readers truly need as options.

A sentence ends at a full stop, a question mark or an exclamation mark followed by white space or the end
of the text: what editors write (a record's text, a hand-written page) is split so.
- `clauses=True` ends a clause too, at a semicolon: the counts of articles bind a count to its clause, and a
  grounding hint compares the clause around a finding with the passages.
- `article=True` reads typeset news prose (the seeds), where abbreviations ("Mr. Baldwin", "a.m.") are
  common and sentences often end inside a quotation: an ellipsis ends a sentence too, closing quotation
  marks stay with the sentence they close, and the next sentence must begin with a capital letter, a digit
  or an opening quotation mark. `sentences` splits an article so, paragraph by paragraph.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

from explainer.text.sourcetext import paragraphs

_END = re.compile(r"[.!?](?=\s|$)")
_CLAUSE_END = re.compile(r"[.!?;](?=\s|$)")
_ARTICLE_END = re.compile(r"(?<=[.!?…])[’”'\"]*\s+(?=[“‘'\"A-Z0-9])")
_CLOSING_MARKS = "’”'\""


class Break(NamedTuple):
    """The end of a sentence: its mark at `mark`, the sentence ending at `end`, the next one able to begin at
    `next` (the same as `end` in editor text, where the white space between is the next sentence's)."""

    mark: int
    end: int
    next: int


def sentence_breaks(
    text: str, start: int = 0, end: int | None = None, *, clauses: bool = False, article: bool = False
) -> Iterator[Break]:
    """The sentence ends in text[start:end], in order; the end of that stretch counts as the end of the text."""
    stop = len(text) if end is None else end
    if article:
        for m in _ARTICLE_END.finditer(text, start, stop):
            closed = m.start()
            while closed < m.end() and text[closed] in _CLOSING_MARKS:
                closed += 1  # closing quotation marks stay with the sentence they close
            yield Break(m.start() - 1, closed, m.end())
        return
    for m in (_CLAUSE_END if clauses else _END).finditer(text, start, stop):
        yield Break(m.start(), m.end(), m.end())


@dataclass(frozen=True)
class Sentence:
    start: int
    end: int
    text: str


def sentences(text: str) -> list[Sentence]:
    """The sentences of an article, paragraph by paragraph (paragraphs as on the source pages), in order; a
    paragraph's end always ends a sentence."""
    result: list[Sentence] = []
    for paragraph in paragraphs(text):
        start = paragraph.start
        for found in sentence_breaks(text, paragraph.start, paragraph.end, article=True):
            if text[start : found.end].strip():
                result.append(Sentence(start, found.end, text[start : found.end]))
            start = found.next
        if text[start : paragraph.end].strip():
            result.append(Sentence(start, paragraph.end, text[start : paragraph.end]))
    return result
