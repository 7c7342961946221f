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
Which passages a text rests on depends on what it is: see `texts_of`. Pure: file texts are read by
the caller, and used only to point at the offending words.

Texts are written by editors, so each search is linear in what it searches (`_occurs` finds a word
repeated over and over as one run), and the "closest passage" hints are bounded: each compares at most
HINT_CHARS of the text, characters only while the work stays within HINT_WORK (shared words beyond),
and hints are given for the first HINTS_PER_TEXT findings of a text and HINTS of a check; a hint says
when it was bounded.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property

from explainer.content import model
from explainer.core import codes
from explainer.core.diagnostics import Pos, Report
from explainer.evidence.resolve import Index, Statement
from explainer.evidence.verify import Located, Verified
from explainer.text.clip import clip
from explainer.text.mentions import (
    MONTHS,
    NameMention,
    NameTable,
    find_date_words,
    find_numbers,
    may_have_date_words,
    may_have_numbers,
    words_of,
)
from explainer.text.quotes import Span, scan_quotes
from explainer.text.sourcetext import paragraphs
from explainer.text.textmatch import normalize_passage, runs_of

# How a text rests on its citations: the cited passages themselves; the article paragraphs that hold
# them (for a quote's context and for notes, which describe how an article prints the words around
# its passage); or the whole article (a source's own description of itself).
PASSAGES, PARAGRAPHS, ARTICLE = "passages", "paragraphs", "article"

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


def _occurs(needle: str, hay: str) -> bool:
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


_EDGE_PUNCT = " .,;:!?"
# Words that could be a work's title: a few, each capitalized or a short joining word ("Off", "of").
_TITLE_CASE = re.compile(
    r"(?:[A-Z0-9][\w’'.-]*|of|the|and|a|an|in|on|with|to|for)(?: "
    r"(?:[A-Z0-9][\w’'.-]*|of|the|and|a|an|in|on|with|to|for)){0,7}"
)
_MARKED_INFERRED = re.compile(r"\binferred\s+(?:as|to\s+be)\s+$")
_ELISION = re.compile(r"\s*(?:…|\.\.\.|\[[^\]]*\])\s*")


def quotation_found(span_text: str, passages: Iterable[Passage]) -> bool:
    """Whether the quoted words occur in one passage. Punctuation at either end does not count (a
    closing period or comma may sit inside the marks); the first letter may differ in case (a quote
    may begin a sentence); an ellipsis or a [bracketed insertion] stands for words left out, and the
    pieces around it must then occur in that order in the same passage."""
    words = fold(span_text).strip(_EDGE_PUNCT)
    if not words:
        return True
    variants = {words, words[0].swapcase() + words[1:]}
    pieces = [p.strip(_EDGE_PUNCT) for p in _ELISION.split(words)]
    pieces = [p for p in pieces if p]
    for passage in passages:
        if any(_occurs(v, passage.folded) for v in variants):
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


HINT_CHARS = 1_000  # a longer text (a quotation, the sentence around a finding) is compared by this much of it
# Characters compared for one hint (SequenceMatcher's work: the passages' length, plus, for each character of
# the text, its places in the passages); past it the passages are compared by the words they share.
HINT_WORK = 250_000
HINTS_PER_TEXT = 10  # findings of one text that get a closest passage
HINTS = 200  # findings of one check that get a closest passage
_WORDS = re.compile(r"\w+")


class Grounding:
    """The checks, with what they need to know about the whole content computed once."""

    def __init__(self, verified: Verified, report: Report, locate: Locate) -> None:
        self.verified = verified
        self.index: Index = verified.index
        self.report = report
        self.locate = locate
        content = self.index.content
        forms: dict[str, list[str]] = {}
        for person in content.people:
            forms[f"person:{person.id}"] = [person.name, *person.aliases]
        for organization in content.organizations:
            forms[f"organization:{organization.id}"] = [organization.name, *organization.aliases]
        self.titles: set[str] = set()  # folded forms of declared titles
        self.title_keys: set[str] = set()
        for name in content.names:
            forms.setdefault(f"name:{name.name}", [name.name, *name.aliases])
            if name.kind == "title":
                self.titles |= {fold(form) for form in (name.name, *name.aliases)}
                self.title_keys.add(f"name:{name.name}")
        self.names = NameTable(forms)
        self._folded_forms = {key: [fold(form) for form in names] for key, names in forms.items()}
        self._passages: dict[tuple[str, int, int], Passage] = {}
        self._paragraphs = {source_id: paragraphs(seed.text) for source_id, seed in verified.seeds.items()}
        self._event_evidence: dict[str, Evidence] = {}
        self.used_names: set[str] = set()  # name keys some checked text mentions
        self.inferred_numbers = {
            n.value
            for s in self.index.statements
            if s.kind == "inference"
            for n in find_numbers(getattr(s.record, "text", ""))
        }
        self._hints: dict[tuple[str, tuple[int, ...]], str] = {}  # closest-passage hints given, by what they compared
        self._hints_left = HINTS
        self._text_hints_left = HINTS_PER_TEXT

    # ---- evidence ---------------------------------------------------------------------------------

    def passages(self, statement_id: str, unit: str = PASSAGES) -> list[Passage]:
        found: list[Passage] = []
        for located in self.verified.located.get(statement_id, ()):
            for passage in self._around(located, unit):
                if passage not in found:
                    found.append(passage)
        return found

    def passage(self, source_id: str, start: int, end: int) -> Passage:
        """The one Passage object for seed text [start, end), so that its folding and numbers are computed once."""
        key = (source_id, start, end)
        found = self._passages.get(key)
        if found is None:
            found = self._passages[key] = Passage(source_id, start, end, self.verified.seeds[source_id].text[start:end])
        return found

    def _around(self, located: Located, unit: str) -> list[Passage]:
        if unit == PASSAGES:
            return [self.passage(located.source, located.start, located.end)]
        if unit == ARTICLE:
            return [self.passage(located.source, 0, len(self.verified.seeds[located.source].text))]
        spans = [
            (p.start, p.end)
            for p in self._paragraphs[located.source]
            if p.start < located.end and located.start < p.end
        ]
        start, end = (spans[0][0], spans[-1][1]) if spans else (located.start, located.end)
        return [self.passage(located.source, start, end)]

    def transcript_articles(self, transcript_id: str | None) -> list[Passage]:
        """The articles a transcript's lines cite: a line's note may compare them all."""
        transcript = self.index.transcripts.get(transcript_id or "")
        found: list[Passage] = []
        for line in transcript.lines if transcript else []:
            found.extend(p for p in self.passages(line.quote or line.id, ARTICLE) if p not in found)
        return found

    def people(self, *person_ids: str | None) -> Evidence:
        return Evidence(entities={f"person:{p}" for p in person_ids if p})

    def organizations(self, *organization_ids: str | None) -> Evidence:
        return Evidence(entities={f"organization:{o}" for o in organization_ids if o})

    def named(self, record: object) -> Evidence:
        """The organizations a record names (`organizations: [...]`): their names come from the link."""
        return self.organizations(*getattr(record, "organizations", ()))

    def event_evidence(self, event_id: str | None) -> Evidence:
        """What a linked event contributes: its participants, the names, numbers and dates of its own
        (checked) title, text and place, and the parts of its date the articles state."""
        if event_id is None or event_id not in self.index.events:
            return Evidence()
        if event_id not in self._event_evidence:
            event = self.index.events[event_id]
            evidence = self.people(*event.participants)
            evidence.add(self.named(event))
            for text in (event.title, event.text, event.place or ""):
                evidence.entities |= {m.key for m in self.names.find(text)}
                evidence.numbers |= {n.value for n in find_numbers(text)}
                evidence.date_words |= {d.word for d in find_date_words(text)}
            evidence.numbers |= stated_date_numbers(event)
            evidence.date_words |= stated_date_words(event)
            self._event_evidence[event_id] = evidence
        return self._event_evidence[event_id]

    def _evidence(
        self, statement_ids: Iterable[str], unit: str, *links: Evidence, quotable: str | None = None
    ) -> Evidence:
        """The passages (or paragraphs, articles) of the statements, plus what the links contribute;
        `quotable` widens where quotations may be found (to ARTICLE: the cited articles)."""
        evidence = Evidence()
        for statement_id in statement_ids:
            evidence.passages.extend(p for p in self.passages(statement_id, unit) if p not in evidence.passages)
            if quotable is not None:
                evidence.wider.extend(p for p in self.passages(statement_id, quotable) if p not in evidence.wider)
        for link in links:
            evidence.add(link)
        return evidence

    # ---- what each record's texts rest on -----------------------------------------------------------

    def texts_of(self, statement: Statement) -> Iterator[Text]:
        """Every text a statement shows, with the evidence it must be found in."""
        record, sid = statement.record, statement.id
        voice = getattr(record, "attribution", None)
        speaker = voice.person if isinstance(voice, model.Voice) else None
        if statement.kind == "claim":
            assert isinstance(record, model.Claim)
            yield Text(
                "claim",
                record.at("text"),
                record.text,
                lambda: self._evidence(
                    [sid],
                    PASSAGES,
                    self.people(*record.about, speaker),
                    self.named(record),
                    self.event_evidence(record.event),
                ),
            )
        elif statement.kind in ("person-fact", "organization-fact", "source-fact"):
            assert isinstance(record, model.Fact)
            yield Text(
                "fact",
                record.at("text"),
                record.text,
                lambda: self._evidence(
                    [sid], PASSAGES, self.owner(statement), self.people(speaker), self.named(record)
                ),
            )
        elif statement.kind == "relation":
            assert isinstance(record, model.Relation)
            if record.note:
                yield Text(
                    "relation note",
                    record.at("note"),
                    record.note,
                    lambda: self._evidence([sid], PASSAGES, self.people(statement.owner, record.person)),
                )
        elif statement.kind == "answer":
            assert isinstance(record, model.Answer)
            disagreement = self.index.disagreements.get(statement.owner or "")
            about = disagreement.about if disagreement else []
            yield Text(
                "answer",
                record.at("text"),
                record.text,
                lambda: self._evidence([sid], PASSAGES, self.people(*about, speaker), self.named(record)),
            )
        elif statement.kind == "event":
            assert isinstance(record, model.Event)
            for key, what in (("title", "event title"), ("text", "event"), ("place", "event place")):
                value = getattr(record, key)
                if value:
                    yield Text(
                        what,
                        record.at(key),
                        value,
                        lambda: self._evidence([sid], PASSAGES, self.people(*record.participants), self.named(record)),
                    )
        elif statement.kind == "order":
            assert isinstance(record, model.EventOrder)
            if record.note:
                holder, other = self.index.events.get(statement.owner or ""), self.index.events.get(record.event)
                people = [*(holder.participants if holder else []), *(other.participants if other else [])]
                yield Text(
                    "order note",
                    record.at("note"),
                    record.note,
                    lambda: self._evidence(
                        [sid],
                        PASSAGES,
                        self.people(*people),
                        self.event_evidence(statement.owner),
                        self.event_evidence(record.event),
                    ),
                )
        elif statement.kind == "inference":
            assert isinstance(record, model.Inference)
            yield Text(
                "inference",
                record.at("text"),
                record.text,
                lambda: self._evidence([sid], PASSAGES, self.people(*event_people(self.index, statement.owner))),
                inference=True,
            )
        elif statement.kind == "quote":
            assert isinstance(record, model.Quote)
            if record.context:
                yield Text(
                    "quote context",
                    record.at("context"),
                    record.context,
                    lambda: self._evidence(
                        [sid],
                        PARAGRAPHS,
                        self.people(speaker_of(record), record.addressee),
                        self.named(record),
                        self.event_evidence(record.event),
                        quotable=ARTICLE,
                    ),
                )
        elif statement.kind == "transcript-line":
            assert isinstance(record, model.TranscriptLine)
            transcript = self.index.transcripts.get(statement.owner or "")
            links = [
                self.people(record.speaker.person if record.speaker else None),
                self.event_evidence(transcript.event if transcript else None),
            ]
            if record.action:
                yield Text(
                    "transcript line",
                    record.at("action"),
                    record.action,
                    lambda: self._evidence([sid], PASSAGES, *links),
                )
            if record.note:

                def note_evidence() -> Evidence:
                    evidence = self._evidence([sid], PARAGRAPHS, *links)
                    evidence.wider = self.transcript_articles(statement.owner)
                    return evidence

                yield Text("transcript note", record.at("note"), record.note, note_evidence)
        elif statement.kind == "omission":
            assert isinstance(record, model.Omission)
            # A reason says why passages are left out, and what elsewhere in the article covers them.
            yield Text("omission reason", record.at("reason"), record.reason, lambda: self._evidence([sid], ARTICLE))
        if not any(citation.note for citation in statement.citations):
            return
        # Checked statements have every citation located, in order (see check_content).
        for citation, located in zip(statement.citations, self.verified.located[sid], strict=True):
            if citation.note:

                def citation_evidence(located: Located = located) -> Evidence:
                    # A note describes how this article prints the passage and what surrounds it there,
                    # often beside the other articles' wording.
                    evidence = Evidence(passages=self._around(located, ARTICLE), wider=self.passages(sid, ARTICLE))
                    evidence.add(self.links_of(statement))
                    return evidence

                yield Text("citation note", citation.at("note"), citation.note, citation_evidence)

    def links_of(self, statement: Statement) -> Evidence:
        record = statement.record
        evidence = Evidence()
        if isinstance(record, model.Quote):
            evidence.add(self.people(speaker_of(record), record.addressee))
        for key in ("about", "participants"):
            evidence.add(self.people(*getattr(record, key, [])))
        voice = getattr(record, "attribution", None)
        if isinstance(voice, model.Voice):
            evidence.add(self.people(voice.person))
        if statement.kind == "relation":
            evidence.add(self.people(statement.owner, getattr(record, "person", None)))
        evidence.add(self.owner(statement))
        evidence.add(self.named(record))
        return evidence

    def owner(self, statement: Statement) -> Evidence:
        """A fact's person or organization: the page it is shown on names it."""
        if statement.kind == "person-fact":
            return self.people(statement.owner)
        if statement.kind == "organization-fact":
            return self.organizations(statement.owner)
        return Evidence()

    def other_texts(self) -> Iterator[Text]:
        """Texts of records that are not statements, each resting on the statements it sums up."""
        index, content = self.index, self.index.content
        declared_on: dict[str, list[tuple[str, model.Relation]]] = {}  # person -> relations other people declare
        for other in content.people:
            for relation in other.relations:
                declared_on.setdefault(relation.person, []).append((other.id, relation))
        for person in content.people:
            if person.summary:
                relations = [(person.id, r) for r in person.relations] + declared_on.get(person.id, [])
                ids = [f.id for f in person.facts] + [r.id for _, r in relations]
                related = self.people(person.id, *(owner for owner, _ in relations), *(r.person for _, r in relations))
                yield Text(
                    "person summary",
                    person.at("summary"),
                    person.summary,
                    functools.partial(self._evidence, ids, PASSAGES, related),
                )
        for organization in content.organizations:
            if organization.summary:
                yield Text(
                    "organization summary",
                    organization.at("summary"),
                    organization.summary,
                    functools.partial(
                        self._evidence,
                        [f.id for f in organization.facts],
                        PASSAGES,
                        self.organizations(organization.id),
                        *(self.named(f) for f in organization.facts),
                    ),
                )
        for disagreement in content.disagreements:
            ids = [a.id for a in disagreement.answers]
            # A question frames what its answers are about: it rests on the articles they cite.
            yield Text(
                "disagreement question",
                disagreement.at("question"),
                disagreement.question,
                functools.partial(self._evidence, ids, ARTICLE, self.people(*disagreement.about)),
            )
        claims_of: dict[str, list[str]] = {}
        for claim in content.claims:
            claims_of.setdefault(claim.topic, []).append(claim.id)
        for topic in content.topics:
            if topic.summary:
                ids = claims_of.get(topic.id, [])
                yield Text(
                    "topic summary",
                    topic.at("summary"),
                    topic.summary,
                    functools.partial(self._evidence, ids, PASSAGES),
                )
        for transcript in content.transcripts:
            ids = [line.quote or line.id for line in transcript.lines]
            event = self.event_evidence(transcript.event)
            if transcript.summary:
                yield Text(
                    "transcript summary",
                    transcript.at("summary"),
                    transcript.summary,
                    functools.partial(self._evidence, ids, PARAGRAPHS, event, quotable=ARTICLE),
                )
            for line in transcript.lines:
                if line.quote is not None and line.note:
                    quote = index.quotes.get(line.quote)
                    links = self.people(speaker_of(quote), quote.addressee) if quote else Evidence()
                    evidence = self._evidence([line.quote], PARAGRAPHS, links, event)
                    evidence.wider = self.transcript_articles(transcript.id)
                    yield Text("transcript note", line.at("note"), line.note, given(evidence))
        for source in content.sources:
            if source.title_kind == "description" and source.id in self.verified.seeds:
                seed = self.verified.seeds[source.id]
                evidence = Evidence(passages=[self.passage(source.id, 0, len(seed.text))])
                yield Text("source title", source.at("title"), source.title, given(evidence))

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
        for mention in mentions:
            self.used_names.add(mention.key)
            if mention.key in self.title_keys:
                continue  # a work's title is declared, not a fact to find (and hides the names in it)
            if mention.key in text.evidence.entities or self._name_in_passages(mention.key, text.evidence.passages):
                continue
            hint = self._hint(
                text.evidence,
                value,
                mention.start,
                "cite a passage that names it, link the record it stands for, or leave the name out",
            )
            self.report.error(
                codes.UNGROUNDED_NAME,
                where(text.pos, value, mention.start),
                f"the {text.what} names {mention.shown}, but no passage it rests on does",
                hint,
            )
        if text.inference:
            return
        for number in find_numbers(rest, skip_evidence_counts=True) if may_have_numbers(value, words) else []:
            if number.value in text.evidence.numbers or any(number.value in p.numbers for p in text.evidence.passages):
                continue
            if _MARKED_INFERRED.search(rest, 0, number.start) and number.value in self.inferred_numbers:
                continue  # "inferred as 2025": marked as inference, and an inference record derives it
            shown = value[number.start : number.end]
            hint = self._hint(
                text.evidence, value, number.start, "cite the passage that gives it, or mark the statement as inference"
            )
            self.report.error(
                codes.UNGROUNDED_NUMBER,
                where(text.pos, value, number.start),
                f"the {text.what} gives the number '{shown}', which no passage it rests on gives",
                hint,
            )
        for word in find_date_words(rest) if may_have_date_words(words) else []:
            if word.word in text.evidence.date_words or any(word.word in p.date_words for p in text.evidence.passages):
                continue
            hint = self._hint(
                text.evidence, value, word.start, "cite the passage that gives it, or mark the statement as inference"
            )
            self.report.error(
                codes.UNGROUNDED_DATE_WORD,
                where(text.pos, value, word.start),
                f"the {text.what} gives the date word '{word.word}', which no passage it rests on gives",
                hint,
            )

    def _check_quotation(self, text: Text, span: Span, where: Locate) -> None:
        words = fold(span.text).strip(_EDGE_PUNCT)
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
        return any(_occurs(form, passage.folded) for passage in passages for form in forms)

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
                if seeds and not any(_occurs(fold(form), seed) for seed in seeds):
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
                if seeds and not any(_occurs(folded, seed) for seed in seeds):
                    self.report.error(
                        codes.NAME_NOT_IN_ARTICLES,
                        pos,
                        f"the declared name '{form}' occurs in no article",
                        "declare names exactly as an article writes them",
                    )


def _aliases_with_pos(record: model.Name | model.Organization) -> list[tuple[str, Pos]]:
    return list(zip(record.aliases, record.items_at("aliases"), strict=True))


def speaker_of(quote: model.Quote | None) -> str | None:
    return quote.speaker.person if quote is not None and quote.speaker is not None else None


def event_people(index: Index, event_id: str | None) -> list[str]:
    event = index.events.get(event_id or "")
    return list(event.participants) if event else []


def _stated_parts(event: model.Event) -> list[tuple[str, model.DatePart]]:
    """The parts of an event's date (of both ends of a range) that an article states."""
    date = event.date
    if date is None:
        return []
    return [
        (name, part)
        for _, point in date.ends()
        if point is not None
        for name, part in point.parts()
        if part.basis == "stated"
    ]


def stated_date_numbers(event: model.Event) -> set[str]:
    """The numbers of an event's date that the articles state (an inferred part is not one of them)."""
    return {str(part.value) for name, part in _stated_parts(event) if name in ("year", "day")}


def stated_date_words(event: model.Event) -> set[str]:
    """The month names of an event's date that the articles state."""
    return {MONTHS[part.value - 1] for name, part in _stated_parts(event) if name == "month" and 1 <= part.value <= 12}


_SENTENCE_END = re.compile(r"[.!?;](?:\s|$)")


def _sentence_around(text: str, at: int) -> tuple[int, int]:
    """Where the sentence of `text` that holds `text[at]` starts and ends."""
    starts = [m.end() for m in _SENTENCE_END.finditer(text, 0, at)]
    start = starts[-1] if starts else 0
    end_match = _SENTENCE_END.search(text, at)
    return start, end_match.end() if end_match else len(text)


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


def check_grounding(verified: Verified, report: Report, locate: Locate) -> Grounding:
    """Check every record's texts; returns the checker, whose `check_text` the page check reuses."""
    grounding = Grounding(verified, report, locate)
    grounding.check_content()
    return grounding
