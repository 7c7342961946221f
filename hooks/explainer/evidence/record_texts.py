"""What each record's texts rest on, for the grounding check: the passages of its citations (or the
paragraphs or articles around them), and what the records it links contribute.

A statement's texts are those its kind declares (`Kind.grounded` in content/model.py: the key, how it rests
on the citations, and its links, each a name `LINKS` knows), and the notes of its citations. Texts of records
that are not statements (summaries, a disagreement's question, a source's description) rest on the
statements they sum up (`other_texts`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator

from explainer.content import model
from explainer.content.schema import ARTICLE, PARAGRAPHS, PASSAGES, Grounded
from explainer.evidence.passages import Evidence, Passage, Text, fold, given
from explainer.evidence.resolve import Index, Statement
from explainer.evidence.verify import Located, Verified
from explainer.text.mentions import MONTHS, NameTable, find_date_words, find_numbers
from explainer.text.sourcetext import paragraphs


class RecordTexts:
    """Every text to check, with the evidence it rests on; what the content knows is computed once."""

    def __init__(self, verified: Verified) -> None:
        self.verified = verified
        self.index: Index = verified.index
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

    # ---- what each statement's texts rest on --------------------------------------------------------

    def texts_of(self, statement: Statement) -> Iterator[Text]:
        """Every text a statement shows (the keys its kind declares, its citations' notes), with the evidence
        it must be found in."""
        record = statement.record
        for grounded in type(record).KIND.grounded:
            value = getattr(record, grounded.key)
            if value:
                yield Text(
                    grounded.what,
                    record.at(grounded.key),
                    value,
                    functools.partial(self._rests_on, statement, grounded),
                    inference=grounded.inference,
                )
        if not any(citation.note for citation in statement.citations):
            return
        # Checked statements have every citation located, in order (see check_content).
        for citation, located in zip(statement.citations, self.verified.located[statement.id], strict=True):
            if citation.note:

                def citation_evidence(located: Located = located) -> Evidence:
                    # A note describes how this article prints the passage and what surrounds it there,
                    # often beside the other articles' wording.
                    evidence = Evidence(
                        passages=self._around(located, ARTICLE), wider=self.passages(statement.id, ARTICLE)
                    )
                    evidence.add(self.links_of(statement))
                    return evidence

                yield Text("citation note", citation.at("note"), citation.note, citation_evidence)

    def _rests_on(self, statement: Statement, grounded: Grounded) -> Evidence:
        evidence = self._evidence(
            [statement.id],
            grounded.rests_on,
            *(LINKS[link](self, statement) for link in grounded.links),
            quotable=grounded.quotable,
        )
        if grounded.transcript:
            evidence.wider = self.transcript_articles(statement.owner)
        return evidence

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
        if isinstance(record, model.Relation):
            evidence.add(self.people(statement.owner, record.person))
        evidence.add(self.owner(statement))
        evidence.add(self.named(record))
        return evidence

    def owner(self, statement: Statement) -> Evidence:
        """A fact's person or organization (any record a kind declared `per_owner` is held by): the page it is
        shown on names it. (A source's name is no name the texts are checked for: it adds nothing.)"""
        if not type(statement.record).KIND.per_owner or statement.owner is None:
            return Evidence()
        owner_kind = self.index.records[statement.owner][0]
        return Evidence(entities={f"{owner_kind}:{statement.owner}"})

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


def _speaker(texts: RecordTexts, statement: Statement) -> Evidence:
    voice = getattr(statement.record, "attribution", None)
    return texts.people(voice.person if isinstance(voice, model.Voice) else None)


def _ordered_events(texts: RecordTexts, statement: Statement) -> Evidence:
    """An order's two events: their participants, and what each contributes."""
    order = statement.record
    assert isinstance(order, model.EventOrder)
    holder, other = texts.index.events.get(statement.owner or ""), texts.index.events.get(order.event)
    people = [*(holder.participants if holder else []), *(other.participants if other else [])]
    evidence = texts.people(*people)
    evidence.add(texts.event_evidence(statement.owner))
    evidence.add(texts.event_evidence(order.event))
    return evidence


def _question(texts: RecordTexts, statement: Statement) -> Evidence:
    disagreement = texts.index.disagreements.get(statement.owner or "")
    return texts.people(*(disagreement.about if disagreement else []))


def _quote_people(texts: RecordTexts, statement: Statement) -> Evidence:
    quote = statement.record
    assert isinstance(quote, model.Quote)
    return texts.people(speaker_of(quote), quote.addressee)


def _line_speaker(texts: RecordTexts, statement: Statement) -> Evidence:
    line = statement.record
    assert isinstance(line, model.TranscriptLine)
    return texts.people(line.speaker.person if line.speaker else None)


def _transcript_event(texts: RecordTexts, statement: Statement) -> Evidence:
    transcript = texts.index.transcripts.get(statement.owner or "")
    return texts.event_evidence(transcript.event if transcript else None)


# What each link a kind declares (`Grounded.links`) contributes to the evidence of a statement's text.
LINKS: dict[str, Callable[[RecordTexts, Statement], Evidence]] = {
    "about": lambda texts, statement: texts.people(*getattr(statement.record, "about", ())),
    "speaker": _speaker,
    "organizations": lambda texts, statement: texts.named(statement.record),
    "event": lambda texts, statement: texts.event_evidence(getattr(statement.record, "event", None)),
    "owner": lambda texts, statement: texts.owner(statement),
    "relation": lambda texts, statement: texts.people(statement.owner, getattr(statement.record, "person", None)),
    "question": _question,
    "participants": lambda texts, statement: texts.people(*getattr(statement.record, "participants", ())),
    "order": _ordered_events,
    "owner event": lambda texts, statement: texts.people(*event_people(texts.index, statement.owner)),
    "quote": _quote_people,
    "line speaker": _line_speaker,
    "transcript event": _transcript_event,
}


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
