"""Grounding step (after verify): what a text says in checkable words must be in the evidence it rests on.

For every text an editor writes beside citations (a claim, a fact, an answer, an event, a quote's
context, a note, ...) and for every sentence of a hand-written page that places citation markers:
- each span it puts in quotation marks must occur, word for word (compared as textmatch compares
  passages, with curly and straight marks alike), in one of the passages it rests on; a declared
  title of a work (`names:` with `kind: title`) in quotation marks is a title, not a quotation;
- each number (digits or a number word), month name or weekday, and each name of a person, of an
  organization or a declared name (a place, a title) must occur in those passages, or come from a
  record the text links (the people a claim is about, a quote's speaker, an event's participants,
  the organizations a record names, the linked event's own words and stated date), or the text must
  be an inference.
Which passages a text rests on depends on what it is: see record_texts.py. Pure: file texts are read by
the caller, and used only to point at the offending words.

Texts are written by editors, so each search is linear in what it searches (passages.py), and the
"closest passage" hints are bounded: each compares at most
HINT_CHARS of the text, characters only while the work stays within HINT_WORK (shared words beyond),
and hints are given for the first HINTS_PER_TEXT findings of a text and HINTS of a check; a hint says
when it was bounded.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from explainer.content import model
from explainer.core import codes
from explainer.core.diagnostics import Code, Pos, Report
from explainer.evidence.passages import (
    EDGE_PUNCT,
    Evidence,
    Locate,
    Passage,
    Text,
    closest_bounded,
    fold,
    occurs,
    quotation_found,
)
from explainer.evidence.record_texts import RecordTexts
from explainer.evidence.verify import Verified
from explainer.text.mentions import (
    NameMention,
    find_date_words,
    find_numbers,
    may_have_date_words,
    may_have_numbers,
    words_of,
)
from explainer.text.quotes import Span, scan_quotes
from explainer.text.sentences import sentence_breaks

# Words that could be a work's title: a few, each capitalized or a short joining word ("Off", "of").
_TITLE_CASE = re.compile(
    r"(?:[A-Z0-9][\w’'.-]*|of|the|and|a|an|in|on|with|to|for)(?: "
    r"(?:[A-Z0-9][\w’'.-]*|of|the|and|a|an|in|on|with|to|for)){0,7}"
)
_MARKED_INFERRED = re.compile(r"\binferred\s+(?:as|to\s+be)\s+$")
HINT_CHARS = 1_000  # a longer text (a quotation, the sentence around a finding) is compared by this much of it
HINTS_PER_TEXT = 10  # findings of one text that get a closest passage
HINTS = 200  # findings of one check that get a closest passage


class Grounding(RecordTexts):
    """The checks, with what they need to know about the whole content computed once."""

    def __init__(self, verified: Verified, report: Report, locate: Locate) -> None:
        super().__init__(verified)
        self.report = report
        self.locate = locate
        self.used_names: set[str] = set()  # name keys some checked text mentions
        # The numbers inferences give (texts a kind declares an inference), which a text may mark as inferred.
        self.inferred_numbers = {
            n.value
            for s in self.index.statements
            for grounded in type(s.record).KIND.grounded
            if grounded.inference
            for n in find_numbers(getattr(s.record, grounded.key) or "")
        }
        self._hints: dict[tuple[str, tuple[int, ...]], str] = {}  # closest-passage hints given, by what they compared
        self._hints_left = HINTS
        self._text_hints_left = HINTS_PER_TEXT

    # ---- the check ----------------------------------------------------------------------------------

    def check_text(self, text: Text, locate: Locate | None = None) -> None:
        where = locate or self.locate
        value = text.value
        self._text_hints_left = HINTS_PER_TEXT
        words = words_of(value)  # for the quick tests that spare most texts the finders
        scan = scan_quotes(value)
        for at in scan.unclosed:
            self.report.error(
                codes.UNBALANCED_QUOTE,
                where(text.pos, value, at),
                f"the {text.what} has an unbalanced quotation mark: it opens a quotation that never closes",
                "close the quotation, or remove the mark",
            )
        rest = value
        if scan.spans:
            masked = list(value)
            for span in scan.spans:
                masked[span.start : span.end] = " " * (span.end - span.start)
                self._check_quotation(text, span, where)
            rest = "".join(masked)
        found = self.names.find(rest, words)
        mentions = sorted([*found, *text.linked_names], key=lambda m: m.start) if text.linked_names else found
        if mentions:
            masked = list(rest)
            for mention in mentions:
                masked[mention.start : mention.end] = " " * (mention.end - mention.start)
            rest = "".join(masked)  # names are left out of what follows: "Channel Nine" gives no number
        # Names, numbers and date words: each one the evidence does not give is reported the same way.
        for finder, code, message, advice in _UNGROUNDED:
            for start, shown in finder(self, text, rest, mentions, words):
                hint = self._hint(text.evidence, value, start, advice)
                self.report.error(
                    code, where(text.pos, value, start), message.format(what=text.what, shown=shown), hint
                )

    def _ungrounded_names(
        self, text: Text, rest: str, mentions: list[NameMention], words: list[str]
    ) -> Iterator[tuple[int, str]]:
        for mention in mentions:
            self.used_names.add(mention.key)
            if mention.key in self.title_keys:
                continue  # a work's title is declared, not a fact to find (and hides the names in it)
            if mention.key in text.evidence.entities or self._name_in_passages(mention.key, text.evidence.passages):
                continue
            yield mention.start, mention.shown

    def _ungrounded_numbers(
        self, text: Text, rest: str, mentions: list[NameMention], words: list[str]
    ) -> Iterator[tuple[int, str]]:
        if text.inference or not may_have_numbers(text.value, words):
            return  # an inference may derive numbers
        for number in find_numbers(rest, skip_evidence_counts=True):
            if number.value in text.evidence.numbers or any(number.value in p.numbers for p in text.evidence.passages):
                continue
            if _MARKED_INFERRED.search(rest, 0, number.start) and number.value in self.inferred_numbers:
                continue  # "inferred as 2025": marked as inference, and an inference record derives it
            yield number.start, text.value[number.start : number.end]

    def _ungrounded_date_words(
        self, text: Text, rest: str, mentions: list[NameMention], words: list[str]
    ) -> Iterator[tuple[int, str]]:
        if text.inference or not may_have_date_words(words):
            return  # an inference may derive dates
        for word in find_date_words(rest):
            if word.word in text.evidence.date_words or any(word.word in p.date_words for p in text.evidence.passages):
                continue
            yield word.start, word.word

    def _check_quotation(self, text: Text, span: Span, where: Locate) -> None:
        words = fold(span.text).strip(EDGE_PUNCT)
        self.used_names |= {m.key for m in self.names.find(span.text)}
        if words in self.titles:
            return  # a declared title, not a quotation of the articles
        if quotation_found(span.text, text.evidence.passages) or quotation_found(span.text, text.evidence.wider):
            return
        shown = " ".join(span.text.split())
        hint = self._closest_hint(span.text, text.evidence.passages)
        hint += "; quote the passage's own words, cite the passage that has these"
        elsewhere = [
            source
            for source in dict.fromkeys(p.source for p in text.evidence.passages)
            if self._in_article(span.text, source)
        ]
        if elsewhere:
            hint += (
                f"; {', '.join(elsewhere)} {'has' if len(elsewhere) == 1 else 'have'} these words "
                f"elsewhere: cite that passage"
            )
        elif _TITLE_CASE.fullmatch(" ".join(span.text.split())):
            hint += ", or, if it is the title of a work, declare it under 'names:' with kind: title"
        self.report.error(
            codes.UNGROUNDED_QUOTE,
            where(text.pos, text.value, span.start),
            f'the {text.what} quotes "{shown}", which is not in the passages it rests on',
            hint,
        )

    def _in_article(self, words: str, source_id: str) -> bool:
        seed = self.verified.seeds.get(source_id)
        return seed is not None and quotation_found(words, [self.passage(source_id, 0, len(seed.text))])

    def _name_in_passages(self, key: str, passages: list[Passage]) -> bool:
        forms = self._folded_forms.get(key, [])
        return any(occurs(form, passage.folded) for passage in passages for form in forms)

    def _hint(self, evidence: Evidence, value: str, at: int, advice: str) -> str:
        """The closest passage to the sentence around `value[at]` (HINT_CHARS of it, around `at`)."""
        if not evidence.passages:
            return f"it rests on no passage; {advice}"
        if self._hints_spent():
            return f"{self._hints_spent()}; {advice}"
        start, end = _sentence_around(value, at)
        start = max(start, min(at - HINT_CHARS // 2, end - HINT_CHARS))
        return f"{self._closest_hint(value[start : min(end, start + HINT_CHARS)], evidence.passages)}; {advice}"

    def _hints_spent(self) -> str:
        """Why no more closest passages are looked for ('' while they are)."""
        if self._hints_left > 0 and self._text_hints_left > 0:
            return ""
        return (
            f"no closest passage shown: hints are given for the first {HINTS_PER_TEXT} findings of a text and "
            f"{HINTS} of a check"
        )

    def _closest_hint(self, words: str, passages: list[Passage]) -> str:
        """'closest passage it rests on, in X: "..."' for words (a quotation, HINT_CHARS of it; the sentence
        around a finding) that `passages` do not ground."""
        if not passages:
            return "it rests on no passage"
        words = words[:HINT_CHARS]
        key = (words, tuple(id(p) for p in passages))  # Passage objects live as long as the checker
        if key in self._hints:
            return self._hints[key]
        if self._hints_spent():
            return self._hints_spent()
        self._hints_left -= 1
        self._text_hints_left -= 1
        close, bounded = closest_bounded(words, passages)
        hint = f'closest passage it rests on, in {close.source}: "{close.shown()}"'
        if bounded:
            hint += " (by the words they share: the text and its passages are too long to compare in full)"
        self._hints[key] = hint
        return hint

    def fully_located(self, statement_id: str) -> bool:
        """Whether every citation of the statement was found (an unknown id counts as found: the
        wiki-link check reports it)."""
        statement = self.index.statement_by_id.get(statement_id)
        return statement is None or len(self.verified.located.get(statement_id, ())) == len(statement.citations)

    def check_content(self) -> None:
        for statement in self.index.statements:
            if not self.fully_located(statement.id):
                continue  # a citation was not found: reported by verify, and nothing to check against
            for text in self.texts_of(statement):
                self.check_text(text)
        for text in self.other_texts():
            self.check_text(text)
        self._check_declared_names()

    def finish(self) -> None:
        """After every text was checked: a declared name that no text uses is dead data (a warning)."""
        for name in self.index.content.names:
            if f"name:{name.name}" not in self.used_names:
                self.report.warning(
                    codes.UNUSED_NAME,
                    name.at("name"),
                    f"the declared name '{name.name}' is used by no text",
                    "remove the declaration, or use the name",
                )

    def _check_declared_names(self) -> None:
        content = self.index.content
        if not content.names and not content.organizations:
            return
        seeds = [self.passage(source_id, 0, len(seed.text)).folded for source_id, seed in self.verified.seeds.items()]
        for organization in content.organizations:
            for form, pos in [(organization.name, organization.at("name")), *_aliases_with_pos(organization)]:
                if seeds and not any(occurs(fold(form), seed) for seed in seeds):
                    self.report.error(
                        codes.ORGANIZATION_NAME_NOT_IN_ARTICLES,
                        pos,
                        f"the organization's name '{form}' occurs in no article",
                        "write the name exactly as an article writes it",
                    )
        seen: dict[str, model.Name] = {}
        people = {fold(form): person for person in self.index.content.people for form in (person.name, *person.aliases)}
        organizations = {
            fold(form): organization
            for organization in self.index.content.organizations
            for form in (organization.name, *organization.aliases)
        }
        for name in self.index.content.names:
            for form, pos in [(name.name, name.at("name")), *_aliases_with_pos(name)]:
                folded = fold(form)
                if folded in seen:
                    self.report.error(
                        codes.DUPLICATE_NAME,
                        pos,
                        f"the name '{form}' is declared twice",
                        f"first declared at {seen[folded].pos}; declare each name once",
                    )
                    continue
                seen[folded] = name
                if folded in people:
                    self.report.error(
                        codes.NAME_OF_PERSON,
                        pos,
                        f"'{form}' is a name of the person '{people[folded].id}'",
                        "people's names come from people records; remove it here",
                    )
                if folded in organizations:
                    self.report.error(
                        codes.NAME_OF_ORGANIZATION,
                        pos,
                        f"'{form}' is a name of the organization '{organizations[folded].id}'",
                        "organizations' names come from organization records; remove it here",
                    )
                if seeds and not any(occurs(folded, seed) for seed in seeds):
                    self.report.error(
                        codes.NAME_NOT_IN_ARTICLES,
                        pos,
                        f"the declared name '{form}' occurs in no article",
                        "declare names exactly as an article writes them",
                    )


_Finder = Callable[[Grounding, Text, str, list[NameMention], list[str]], Iterator[tuple[int, str]]]
_GIVE_IT = "cite the passage that gives it, or mark the statement as inference"
# What the grounding check looks for beside quotations: (finder, code, message, advice for the hint).
_UNGROUNDED: tuple[tuple[_Finder, Code, str, str], ...] = (
    (
        Grounding._ungrounded_names,
        codes.UNGROUNDED_NAME,
        "the {what} names {shown}, but no passage it rests on does",
        "cite a passage that names it, link the record it stands for, or leave the name out",
    ),
    (
        Grounding._ungrounded_numbers,
        codes.UNGROUNDED_NUMBER,
        "the {what} gives the number '{shown}', which no passage it rests on gives",
        _GIVE_IT,
    ),
    (
        Grounding._ungrounded_date_words,
        codes.UNGROUNDED_DATE_WORD,
        "the {what} gives the date word '{shown}', which no passage it rests on gives",
        _GIVE_IT,
    ),
)


def _aliases_with_pos(record: model.Name | model.Organization) -> list[tuple[str, Pos]]:
    return list(zip(record.aliases, record.items_at("aliases"), strict=True))


def _sentence_around(text: str, at: int) -> tuple[int, int]:
    """Where the clause of `text` that holds `text[at]` starts and ends, each with the white space after its
    mark (text/sentences.py's rule, with semicolons)."""
    starts = [b.end + (b.end < at) for b in sentence_breaks(text, 0, at, clauses=True)]
    start = starts[-1] if starts else 0
    end = next((b.end + (b.end < len(text)) for b in sentence_breaks(text, at, clauses=True)), len(text))
    return start, end


def check_grounding(verified: Verified, report: Report, locate: Locate) -> Grounding:
    """Check every record's texts; returns the checker, whose `check_text` the page check reuses."""
    grounding = Grounding(verified, report, locate)
    grounding.check_content()
    return grounding
