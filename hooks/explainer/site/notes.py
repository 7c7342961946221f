"""Citation notes: what a reader is shown for one statement's citations, one note per citation control.

A note lists each cited article by its short name with the cited words inside the sentence they stand in
(so that a reader can judge them in context), and says how many articles and independent reports that is.
Pages number their notes in reading order; the numbers are what a printed page shows.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from explainer.content.catalogue import Words, english
from explainer.evidence.measure import Sentence

CONTEXT_CHARS = 160  # at most this much of the sentence is shown on either side of the cited words


@dataclass(frozen=True)
class CitedPassage:
    source: str  # source id
    article: str  # the article's short name, as running text: 'the “budget” article'
    before: str  # the sentence up to the cited words ('' when the passage starts a sentence)
    exact: str  # the cited words, as the article prints them
    after: str
    href: str  # link to the passage on the article's page, relative to the page showing the note
    note: str | None = None  # the editor's note on this citation
    via: str | None = None  # the name of the outlet the article says it relays the passage from


@dataclass(frozen=True)
class Note:
    number: int
    statement_id: str
    articles: int
    independent: int
    passages: tuple[CitedPassage, ...]
    copies: tuple[tuple[str, ...], ...] = ()  # the short names of articles that copy each other, group by group
    words: Words = field(default_factory=english, repr=False, compare=False)

    @property
    def name(self) -> str:
        """What the control is called: '1 article', '5 articles, 4 independent reports'."""
        articles = self.words.text("support.articles", self.articles)
        if self.articles == 1:
            return articles
        return self.words.text(
            "support.with_reports", articles=articles, reports=self.words.text("support.reports", self.independent)
        )

    @property
    def chip(self) -> str:
        """The control's visible mark: the number of articles, which begins its name (the rest of the name, and
        the passages, are in the popover)."""
        return self.words.text("support.chip", self.articles)

    @property
    def href(self) -> str:
        """Where the control leads without JavaScript: the first cited passage."""
        return self.passages[0].href


def sentence_context(
    text: str, sentences: list[Sentence], starts: list[int], start: int, end: int, limit: int = CONTEXT_CHARS
) -> tuple[str, str]:
    """The rest of the sentence(s) around text[start:end]: (before, after), each clipped to about
    `limit` characters at a word boundary with an ellipsis. `starts` are the sentences' start offsets."""
    before = after = ""
    i = bisect.bisect_right(starts, start) - 1
    if i >= 0 and sentences[i].start <= start < sentences[i].end:
        before = text[sentences[i].start : start]
    j = bisect.bisect_right(starts, max(end - 1, start)) - 1
    if j >= 0 and sentences[j].start < end <= sentences[j].end:
        after = text[end : sentences[j].end]
    return _clip_left(before, limit), _clip_right(after, limit)


def _clip_left(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[-limit:]
    if not text[-limit - 1].isspace():  # the cut falls inside a word: drop that word's end
        space = cut.find(" ")
        cut = cut[space + 1 :] if 0 <= space < len(cut) - 1 else cut
    return "…" + cut.lstrip()


def _clip_right(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[:limit]
    if not text[limit].isspace():  # the cut falls inside a word: drop that word's start
        space = cut.rfind(" ")
        cut = cut[:space] if space > 0 else cut
    return cut.rstrip() + "…"
