"""Resolve step: one id namespace for all records, every reference checked, statements listed.

A statement is any record that asserts something and so must carry citations: person and source
facts, relations, events, inferences, quotes, claims and the answers of a disagreement.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from . import chronology, codes, dates, model
from .diagnostics import Pos, Report
from .disputes import Disputes, collect_disputes

# Ids become page names beside the generated ones (people/<id>/ next to people/index.md) and anchors
# on pages that carry the templates' own anchors; an id may be neither. tests/test_hostile.py builds a
# site and checks that every name and anchor it generates is covered here.
RESERVED_IDS = {
    "index",  # the index page of every folder
    "404", "assets", "data", "robots", "search", "sitemap",  # files and folders MkDocs, the theme and the export write
    "claims", "compare", "corrections", "disagreements", "people", "quotes", "sources", "timeline", "transcripts",  # the site's sections
    "error-codes",  # the page of the checker's codes (codes.py)
}
RESERVED_ANCHORS = re.compile(r"sec-[a-z0-9-]+|fig-[a-z0-9-]+|cmp-[a-z0-9-]+|p-[0-9]+|q-[0-9]+-[0-9]+|by-q-[0-9]+-[0-9]+|cite-[0-9]+|note-[0-9]+|tip-[0-9]+|wording-[0-9]+|ex-[a-z0-9-]+|ex[0-9]{3}")


def is_reserved(record_id: str) -> bool:
    """Whether an id would collide with a page or an anchor the site generates."""
    return record_id in RESERVED_IDS or RESERVED_ANCHORS.fullmatch(record_id) is not None

STATEMENT_KINDS = ("claim", "quote", "event", "order", "inference", "person-fact", "source-fact", "relation", "answer", "transcript-line", "omission")


@dataclass(frozen=True)
class Statement:
    id: str
    kind: str
    record: model.Record
    citations: tuple[model.Citation, ...]
    owner: str | None = None  # the person, source, event or disagreement that holds it


@dataclass
class Index:
    content: model.Content
    records: dict[str, tuple[str, model.Record]] = field(default_factory=dict)
    statements: list[Statement] = field(default_factory=list)
    statement_by_id: dict[str, Statement] = field(default_factory=dict)
    transcript_of_line: dict[str, str] = field(default_factory=dict)
    sources: dict[str, model.Source] = field(default_factory=dict)
    people: dict[str, model.Person] = field(default_factory=dict)
    events: dict[str, model.Event] = field(default_factory=dict)
    quotes: dict[str, model.Quote] = field(default_factory=dict)
    topics: dict[str, model.Topic] = field(default_factory=dict)
    claims: dict[str, model.Claim] = field(default_factory=dict)
    disagreements: dict[str, model.Disagreement] = field(default_factory=dict)
    transcripts: dict[str, model.Transcript] = field(default_factory=dict)
    disputes: Disputes = field(default_factory=Disputes)
    chronology: chronology.Chronology = field(default_factory=lambda: chronology.build([], [])[0])


def _register(index: Index, report: Report, kind: str, record: model.Record, record_id: str) -> bool:
    if record_id in RESERVED_IDS:
        report.error(codes.RESERVED_ID, record.at("id"), f"'{record_id}' is reserved and cannot be used as an id", f"choose another id, e.g. '{record_id}-1'")
        return False
    if is_reserved(record_id):
        hint = "sec-..., fig-..., cmp-..., p-N, q-N-N, by-q-N-N, cite-N, note-N, tip-N, wording-N, ex-... and exNNN are anchors on generated pages; choose another id"
        report.error(codes.RESERVED_ID, record.at("id"), f"'{record_id}' is reserved and cannot be used as an id", hint)
        return False
    if record_id in index.records:
        first_kind, first = index.records[record_id]
        report.error(codes.DUPLICATE_ID, record.at("id"), f"duplicate id '{record_id}'", f"already used by a {first_kind} at {first.at('id')}; ids must be unique across all content")
        return False
    index.records[record_id] = (kind, record)
    return True


def nearest_id_hint(value: str, known: list[str] | dict[str, object], what: str) -> str:
    close = difflib.get_close_matches(value, list(known), n=1, cutoff=0.5)
    if close:
        return f"did you mean '{close[0]}'?"
    return f"no {what} has this id; add it first, or check the spelling"


def _check_ref(report: Report, pos: Pos, value: str | None, known: dict[str, object], what: str) -> None:
    if value is not None and value not in known:
        report.error(codes.UNKNOWN_REFERENCE, pos, f"unknown {what} '{value}'", nearest_id_hint(value, known, what))


def _check_key_ref(report: Report, record: model.Record, key: str, value: str | None, known: dict[str, object], what: str) -> None:
    """`_check_ref` at `record.at(key)`, which is only looked up when the reference is unknown."""
    if value is not None and value not in known:
        _check_ref(report, record.at(key), value, known, what)


def _check_voice(report: Report, voice: model.Voice | None, index: Index) -> None:
    if voice is None:
        return
    if voice.kind == "person":
        if voice.person is None:
            report.error(codes.VOICE_WITHOUT_PERSON, voice.pos, "a voice of kind 'person' needs 'person: <id>'", "name the speaker's person id")
        else:
            _check_key_ref(report, voice, "person", voice.person, index.people, "person")
    elif voice.person is not None:
        report.error(codes.VOICE_PERSON_NOT_ALLOWED, voice.at("person"), f"'person' is only allowed when kind is 'person', not '{voice.kind}'", "remove 'person', or set kind: person")


def build_index(content: model.Content, report: Report) -> Index:
    index = Index(content)
    statements: list[Statement] = []

    def add(kind: str, record: model.Record, record_id: str, citations: list[model.Citation], owner: str | None = None) -> None:
        if _register(index, report, kind, record, record_id):
            statements.append(Statement(record_id, kind, record, tuple(citations), owner))

    for source in content.sources:
        if _register(index, report, "source", source, source.id):
            index.sources[source.id] = source
        for fact in source.facts:
            add("source-fact", fact, fact.id, fact.citations, source.id)
    for topic in content.topics:
        if _register(index, report, "topic", topic, topic.id):
            index.topics[topic.id] = topic
    for person in content.people:
        if _register(index, report, "person", person, person.id):
            index.people[person.id] = person
        for fact in person.facts:
            add("person-fact", fact, fact.id, fact.citations, person.id)
        for relation in person.relations:
            add("relation", relation, relation.id, relation.citations, person.id)
    for event in content.events:
        add("event", event, event.id, event.citations)
        if event.id in index.records and index.records[event.id][1] is event:
            index.events[event.id] = event
        for order in (*event.after, *event.before):
            add("order", order, order.id, order.citations, event.id)
        for inference in event.date.inferences if event.date is not None else ():
            add("inference", inference, inference.id, inference.citations, event.id)
    for quote in content.quotes:
        add("quote", quote, quote.id, quote.citations)
        if index.records.get(quote.id, (None, None))[1] is quote:
            index.quotes[quote.id] = quote
    for claim in content.claims:
        add("claim", claim, claim.id, claim.citations)
        if index.records.get(claim.id, (None, None))[1] is claim:
            index.claims[claim.id] = claim
    for disagreement in content.disagreements:
        if _register(index, report, "disagreement", disagreement, disagreement.id):
            index.disagreements[disagreement.id] = disagreement
        for answer in disagreement.answers:
            add("answer", answer, answer.id, answer.citations, disagreement.id)
    for transcript in content.transcripts:
        if _register(index, report, "transcript", transcript, transcript.id):
            index.transcripts[transcript.id] = transcript
        for line in transcript.lines:
            index.transcript_of_line[line.id] = transcript.id
            if line.quote is None:
                add("transcript-line", line, line.id, line.citations, transcript.id)
            else:
                _register(index, report, "transcript-line", line, line.id)
    for omission in content.omissions:
        add("omission", omission, omission.id, omission.citations)
    for correction in content.corrections:
        _register(index, report, "correction", correction, correction.id)
    index.statements = statements
    index.statement_by_id = {s.id: s for s in statements}
    _check_references(index, report)
    index.disputes = collect_disputes(content.disagreements, index.quotes)
    return index


def _check_references(index: Index, report: Report) -> None:
    content = index.content
    seed_files: dict[str, model.Source] = {}
    for source in content.sources:
        first = seed_files.setdefault(source.file, source)
        if first is not source:
            report.error(codes.SEED_USED_TWICE, source.at("file"), f"seed '{source.file}' already belongs to source '{first.id}'", "each seed file is one source")
    for statement in index.statements:
        for citation in statement.citations:
            _check_key_ref(report, citation, "source", citation.source, index.sources, "source")
    for source in content.sources:
        for fact in source.facts:
            _check_voice(report, fact.attribution, index)
            _check_key_ref(report, fact, "topic", fact.topic, index.topics, "topic")
    pairs: dict[frozenset[str], model.Relation] = {}
    for person in content.people:
        for fact in person.facts:
            _check_voice(report, fact.attribution, index)
            _check_key_ref(report, fact, "topic", fact.topic, index.topics, "topic")
        for relation in person.relations:
            _check_key_ref(report, relation, "person", relation.person, index.people, "person")
            if relation.person == person.id:
                report.error(codes.SELF_RELATION, relation.at("person"), f"{person.id} cannot be related to themselves", "name the other person")
                continue
            pair = frozenset((person.id, relation.person))
            if pair in pairs:
                first = pairs[pair]
                hint = f"see '{first.id}' at {first.pos}; declare each relation once, the other page shows its inverse"
                report.error(codes.DUPLICATE_RELATION, relation.pos, f"the relation between '{person.id}' and '{relation.person}' is already declared", hint)
            else:
                pairs[pair] = relation
    _check_events(index, report)
    for quote in content.quotes:
        _check_voice(report, quote.speaker, index)
        _check_key_ref(report, quote, "addressee", quote.addressee, index.people, "person")
        _check_key_ref(report, quote, "event", quote.event, index.events, "event")
    for claim in content.claims:
        _check_voice(report, claim.attribution, index)
        _check_key_ref(report, claim, "topic", claim.topic, index.topics, "topic")
        _check_key_ref(report, claim, "event", claim.event, index.events, "event")
        for person_id, pos in _items_with_pos(claim, "about"):
            _check_ref(report, pos, person_id, index.people, "person")
    for disagreement in content.disagreements:
        _check_key_ref(report, disagreement, "topic", disagreement.topic, index.topics, "topic")
        for person_id, pos in _items_with_pos(disagreement, "about"):
            _check_ref(report, pos, person_id, index.people, "person")
        for answer in disagreement.answers:
            _check_voice(report, answer.attribution, index)
        _check_concerns(report, disagreement, index)
    for transcript in content.transcripts:
        _check_key_ref(report, transcript, "event", transcript.event, index.events, "event")
        for line in transcript.lines:
            _check_transcript_line(report, line, index)
    for correction in content.corrections:
        for statement_id, pos in _items_with_pos(correction, "statements"):
            _check_ref(report, pos, statement_id, index.statement_by_id, "statement")


def _check_concerns(report: Report, disagreement: model.Disagreement, index: Index) -> None:
    """`concerns` names statements, each once per disagreement, never an answer; wording differences name none."""
    named: dict[str, str] = {}
    for holder in (disagreement, *disagreement.answers):
        if not holder.concerns:
            continue
        if disagreement.kind == "wording":
            hint = "remove 'concerns', or make it kind: substance if the articles differ on what happened or was said"
            report.error(codes.CONCERNS_IN_WORDING, holder.at("concerns"), "a difference of wording disputes nothing", hint)
            continue
        where = f"answer '{holder.id}'" if isinstance(holder, model.Answer) else "the disagreement itself"
        for record_id, pos in _items_with_pos(holder, "concerns"):
            statement = index.statement_by_id.get(record_id)
            if statement is None:
                report.error(codes.UNKNOWN_REFERENCE, pos, f"unknown statement '{record_id}' in concerns", nearest_id_hint(record_id, index.statement_by_id, "statement"))
            elif statement.kind == "answer":
                report.error(codes.CONCERNS_AN_ANSWER, pos, f"'{record_id}' is an answer of a disagreement", "answers are disputed already; name the records that state a side")
            elif statement.kind == "omission":
                report.error(codes.CONCERNS_AN_OMISSION, pos, f"'{record_id}' is a passage left out, which states nothing", "name the records that state a side")
            elif record_id in named:
                hint = "name each record once: on the answer whose side it states, or on the disagreement when it takes no side"
                report.error(codes.CONCERNS_NAMED_TWICE, pos, f"'{record_id}' is already named by {named[record_id]}", hint)
            else:
                named[record_id] = where


def _check_transcript_line(report: Report, line: model.TranscriptLine, index: Index) -> None:
    if (line.quote is None) == (line.action is None):
        report.error(
            codes.TRANSCRIPT_LINE_SHAPE,
            line.pos,
            "a transcript line needs exactly one of 'quote' or 'action'",
            "use 'quote: <quote id>' for spoken words, 'action: ...' with citations for anything else",
        )
        return
    if line.quote is not None:
        _check_key_ref(report, line, "quote", line.quote, index.quotes, "quote")
        if line.citations:
            report.error(codes.QUOTE_LINE_CITATIONS, line.at("citations"), "a quote line cites through its quote", "move these citations to the quote's record")
        if line.speaker is not None:
            report.error(codes.QUOTE_LINE_SPEAKER, line.at("speaker"), "a quote line takes its speaker from the quote", "set the speaker on the quote's record")
    else:
        _check_voice(report, line.speaker, index)
        if not line.citations:
            report.error(codes.ACTION_WITHOUT_CITATIONS, line.pos, "an action line needs citations", "add 'citations:' with the passages that report it")


def _items_with_pos(record: model.Record, key: str) -> list[tuple[str, Pos]]:
    values = getattr(record, key)
    positions = getattr(values, "positions", None) or [record.at(key)] * len(values)
    return list(zip(values, positions, strict=True))


def _check_events(index: Index, report: Report) -> None:
    """Participants, dates and the order of events; the order is kept on the index for the pages."""
    inferences = {record_id: record for record_id, (kind, record) in index.records.items() if kind == "inference"}
    unused = dict(inferences)
    items: list[chronology.Item] = []
    relations: list[chronology.Relation] = []
    for place, event in enumerate(index.content.events):
        for participant, pos in _items_with_pos(event, "participants"):
            _check_ref(report, pos, participant, index.people, "person")
        if event.date is not None:
            for part in dates.check_date(report, event.date):
                _check_key_ref(report, part, "inference", part.inference, inferences, "inference")
                unused.pop(part.inference or "", None)
        for order in event.after:
            _check_key_ref(report, order, "event", order.event, index.events, "event")
            relations.append(chronology.Relation(order.id, order.event, event.id, order.at("event")))
        for order in event.before:
            _check_key_ref(report, order, "event", order.event, index.events, "event")
            relations.append(chronology.Relation(order.id, event.id, order.event, order.at("event")))
        sequence = event.sequence if event.sequence is not None else 0
        items.append(chronology.Item(event.id, dates.span(event.date), (sequence, place), event.sequence, event.at("sequence")))
    for inference_id, inference in unused.items():
        report.error(codes.UNUSED_INFERENCE, inference.at("id"), f"no date part names the inference '{inference_id}'", f"name it from the part it gives ('inference: {inference_id}'), or remove it")
    if len({item.id for item in items}) < len(items):
        return  # duplicate event ids are reported already; the order needs each id once
    index.chronology, problems = chronology.build(items, relations)
    report.items.extend(problems)
