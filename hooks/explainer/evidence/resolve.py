"""Resolve step: one id namespace for all records, every reference checked, statements listed.

A statement is any record that carries citations: it asserts something (a fact, a relation, an event,
an inference, a quote, a claim, an answer of a disagreement, an action line) or leaves passages out on
purpose. References are checked from the declarations: a key declared `Slug("person")` must name a
person, wherever it is declared. The few rules that tie keys together are the `_check_*` functions.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypeVar, cast

from explainer.content import model
from explainer.content.schema import (
    PUBLISHED,
    STATEMENT,
    ListOf,
    Nested,
    Record,
    Slug,
    Type,
    declared_keys,
    kinds,
    sections,
)
from explainer.core import codes
from explainer.core.diagnostics import Pos, Report
from explainer.evidence import chronology, dates
from explainer.evidence.disputes import Disputes, collect_disputes
from explainer.text.clip import did_you_mean

# Ids become page names beside the generated ones (people/<id>/ next to people/index.md) and anchors
# on pages that carry the templates' own anchors; an id may be neither. tests/test_hostile.py builds a
# site and checks that every name and anchor it generates is covered here.
# What MkDocs, the theme and the export write (robots.txt sits at the top of the site).
SITE_FILES = {"index", "404", "assets", "data", "robots", "search", "sitemap"}
GENERATED_PAGES = {
    "reference",
    "compare",
    "error-codes",
}  # pages the hook adds that belong to no record kind (see render.py)
RESERVED_IDS = (
    SITE_FILES
    | GENERATED_PAGES
    | {
        page.path.split("/")[0].removesuffix(".md")
        for cls in kinds(model.Content)
        for page in (cls.KIND.page, cls.KIND.index)
        if page is not None
    }
)
RESERVED_ANCHORS = re.compile(
    r"sec-[a-z0-9-]+|fig-[a-z0-9-]+|cmp-[a-z0-9-]+|p-[0-9]+|q-[0-9]+-[0-9]+|by-q-[0-9]+-[0-9]+|cite-[0-9]+"
    r"|note-[0-9]+|tip-[0-9]+|wording-[0-9]+|ex-[a-z0-9-]+|ex[0-9]{3}"
)

R = TypeVar("R", bound=Record)


def is_reserved(record_id: str) -> bool:
    """Whether an id would collide with a page or an anchor the site generates."""
    return record_id in RESERVED_IDS or RESERVED_ANCHORS.fullmatch(record_id) is not None


@dataclass(frozen=True)
class Statement:
    id: str
    kind: str
    record: Record
    citations: tuple[model.Citation, ...]
    owner: str | None = None  # the person, source, event or disagreement that holds it


@dataclass
class Index:
    content: model.Content
    records: dict[str, tuple[str, Record]] = field(default_factory=dict)  # id -> (kind id, record)
    statements: list[Statement] = field(default_factory=list)
    statement_by_id: dict[str, Statement] = field(default_factory=dict)
    owner_of: dict[str, str] = field(default_factory=dict)  # id of a nested record -> id of the record holding it
    by_kind: dict[str, dict[str, Record]] = field(default_factory=dict)  # kind id -> id -> record
    # id -> ids of the records that name it through a declared reference (a citation's or a voice's
    # reference counts for the record holding it), each once, in content order (the keys of a dict)
    referenced_by: dict[str, dict[str, None]] = field(default_factory=dict)
    chronology: chronology.Chronology = field(default_factory=lambda: chronology.build([], [])[0])  # the events' order
    disputes: Disputes = field(default_factory=Disputes)  # which statements a disagreement puts in doubt

    def of_kind(self, cls: type[R]) -> dict[str, R]:
        return cast(dict[str, R], self.by_kind.get(cls.KIND.id, {}))

    @property
    def sources(self) -> dict[str, model.Source]:
        return self.of_kind(model.Source)

    @property
    def organizations(self) -> dict[str, model.Organization]:
        return self.of_kind(model.Organization)

    @property
    def people(self) -> dict[str, model.Person]:
        return self.of_kind(model.Person)

    @property
    def events(self) -> dict[str, model.Event]:
        return self.of_kind(model.Event)

    @property
    def quotes(self) -> dict[str, model.Quote]:
        return self.of_kind(model.Quote)

    @property
    def topics(self) -> dict[str, model.Topic]:
        return self.of_kind(model.Topic)

    @property
    def claims(self) -> dict[str, model.Claim]:
        return self.of_kind(model.Claim)

    @property
    def disagreements(self) -> dict[str, model.Disagreement]:
        return self.of_kind(model.Disagreement)

    @property
    def transcripts(self) -> dict[str, model.Transcript]:
        return self.of_kind(model.Transcript)


@dataclass(frozen=True)
class _Walk:
    """What of a record kind the resolve step looks at: its references and the records nested in it."""

    has_id: bool
    refs: tuple[tuple[str, str], ...]  # key, kind of the record it names
    list_refs: tuple[tuple[str, str], ...]  # the same for keys that hold a list of ids
    nested: tuple[tuple[str, bool], ...]  # key, whether it holds a list


_WALKS: dict[type, _Walk] = {}


def _walk_of(cls: type[Record]) -> _Walk:
    walk = _WALKS.get(cls)
    if walk is None:
        refs: list[tuple[str, str]] = []
        list_refs: list[tuple[str, str]] = []
        nested: list[tuple[str, bool]] = []
        for spec in declared_keys(cls):
            value_type: Type = spec.type
            is_list = isinstance(value_type, ListOf)
            if isinstance(value_type, ListOf):
                value_type = value_type.item
            if isinstance(value_type, Slug) and value_type.kind is not None:
                (list_refs if is_list else refs).append((spec.name, value_type.kind))
            elif isinstance(value_type, Nested):
                nested.append((spec.name, is_list))
        has_id = any(k.name == "id" for k in declared_keys(cls))
        walk = _WALKS[cls] = _Walk(has_id, tuple(refs), tuple(list_refs), tuple(nested))
    return walk


def _a(noun: str) -> str:
    return f"{'an' if noun[0] in 'aeiou' else 'a'} {noun}"


def nearest_id_hint(value: str, known: Mapping[str, object], what: str) -> str:
    return did_you_mean(value, known, cutoff=0.5) or f"no {what} has this id; add it first, or check the spelling"


def build_index(content: model.Content, report: Report) -> Index:
    """Register every record's id, list the statements, then check every reference and rule."""
    walker = _Walker(Index(content), report)
    for name in sections(model.Content):
        for top in getattr(content, name):
            walker.visit(top, None, None)
    index = walker.index
    index.statement_by_id = {s.id: s for s in index.statements}
    _check_references(index, report, walker.referring)
    _check_rules(index, report, walker.ruled)
    _check_family(index, report)
    _check_events(index, report)
    index.disputes = collect_disputes(content.disagreements, index.quotes)
    return index


class _Walker:
    """One pass over every record, nested ones after the record holding them (a class, not a recursive
    closure, which would be a reference cycle keeping the whole index alive until a cycle collection)."""

    def __init__(self, index: Index, report: Report) -> None:
        self.index = index
        self.report = report
        self.ruled: list[tuple[Record, str | None]] = []  # records a rule applies to, with the id of their holder
        self.referring: list[tuple[Record, str, _Walk]] = []  # records that hold references, with who refers

    def visit(self, record: Record, holder: str | None, holder_kind: str | None) -> None:
        cls = type(record)
        walk = _walk_of(cls)
        if cls in _RULED:
            self.ruled.append((record, holder))
        if walk.has_id:
            index = self.index
            record_id: str = getattr(record, "id")  # noqa: B009 - every kind with has_id declares it
            kind_id = cls.KIND.id_within(holder_kind)
            if _register(index, self.report, kind_id, record, record_id):
                index.by_kind.setdefault(kind_id, {})[record_id] = record
                if holder is not None:
                    index.owner_of[record_id] = holder
                citations: list[model.Citation] = getattr(record, "citations", [])
                if citations:
                    index.statements.append(Statement(record_id, kind_id, record, tuple(citations), holder))
            holder, holder_kind = record_id, kind_id
        if (walk.refs or walk.list_refs) and holder is not None:
            self.referring.append((record, holder, walk))
        for name, is_list in walk.nested:
            value = getattr(record, name)
            if is_list:
                for child in value:
                    self.visit(child, holder, holder_kind)
            elif value is not None:
                self.visit(value, holder, holder_kind)


def _register(index: Index, report: Report, kind: str, record: Record, record_id: str) -> bool:
    if record_id in RESERVED_IDS:
        report.error(
            codes.RESERVED_ID,
            record.at("id"),
            f"'{record_id}' is reserved and cannot be used as an id",
            f"choose another id, e.g. '{record_id}-1'",
        )
        return False
    if is_reserved(record_id):
        hint = (
            "sec-..., fig-..., cmp-..., p-N, q-N-N, by-q-N-N, cite-N, note-N, tip-N, wording-N, ex-... and exNNN "
            "are anchors on generated pages; choose another id"
        )
        report.error(codes.RESERVED_ID, record.at("id"), f"'{record_id}' is reserved and cannot be used as an id", hint)
        return False
    if record_id in index.records:
        first_kind, first = index.records[record_id]
        hint = f"already used by a {first_kind} at {first.at('id')}; ids must be unique across all content"
        report.error(codes.DUPLICATE_ID, record.at("id"), f"duplicate id '{record_id}'", hint)
        return False
    index.records[record_id] = (kind, record)
    return True


def _check_references(index: Index, report: Report, referring: list[tuple[Record, str, _Walk]]) -> None:
    """Every key declared as a reference names a record of the declared kind; note who names whom.

    `referring` holds each record with references, and the id of the record they count for: its own,
    or, for a record without an id (a citation, a voice), that of the record holding it.
    """
    known: dict[str, Mapping[str, object]] = defaultdict(dict, index.by_kind)
    known[STATEMENT] = index.statement_by_id
    known[PUBLISHED] = {i: r for i, (_, r) in index.records.items() if type(r).KIND.published}
    named = index.referenced_by

    def unknown(pos: Pos, kind: str, target: str) -> None:
        if target in index.records:  # a record of another kind: say which, not the nearest id
            other = index.records[target][0].replace("-", " ")
            hint = f"'{target}' is {_a(other)}; {_a(kind)} is expected here"
        else:
            hint = nearest_id_hint(target, known[kind], kind)
        report.error(codes.UNKNOWN_REFERENCE, pos, f"unknown {kind} '{target}'", hint)

    for record, referrer, walk in referring:
        for name, kind in walk.refs:
            target = getattr(record, name)
            if target is None:
                continue
            if target in known[kind]:
                named.setdefault(target, {})[referrer] = None
            else:
                unknown(record.at(name), kind, target)
        for name, kind in walk.list_refs:
            for number, target in enumerate(getattr(record, name)):
                if target in known[kind]:
                    named.setdefault(target, {})[referrer] = None
                else:
                    unknown(record.items_at(name)[number], kind, target)


_RULED = {model.Voice, model.Relation, model.TranscriptLine, model.Source, model.Disagreement, model.Correction}


def _check_rules(index: Index, report: Report, ruled: list[tuple[Record, str | None]]) -> None:
    """The rules that tie several keys or records together (for the kinds in _RULED)."""
    pairs: dict[frozenset[str], model.Relation] = {}
    seed_files: dict[str, model.Source] = {}
    for record, holder in ruled:
        if isinstance(record, model.Voice):
            _check_voice(report, record)
        elif isinstance(record, model.Relation) and holder is not None:
            _check_relation(report, record, holder, pairs)
        elif isinstance(record, model.TranscriptLine):
            _check_transcript_line(report, record)
        elif isinstance(record, model.Disagreement):
            _check_concerns(report, record, index)
        elif isinstance(record, model.Correction) and not record.statements and not record.removed:
            report.error(
                codes.MISSING_KEY,
                record.pos,
                "correction is missing the required key 'statements'",
                "list the ids of the records it corrects; an entry that only takes records away lists them under "
                "'removed:' (id, was) instead",
            )
        elif isinstance(record, model.Source):
            first = seed_files.setdefault(record.file, record)
            if first is not record:
                report.error(
                    codes.SEED_USED_TWICE,
                    record.at("file"),
                    f"seed '{record.file}' already belongs to source '{first.id}'",
                    "each seed file is one source",
                )


def _check_voice(report: Report, voice: model.Voice) -> None:
    if voice.kind == "person" and voice.person is None:
        report.error(
            codes.VOICE_WITHOUT_PERSON,
            voice.pos,
            "a voice of kind 'person' needs 'person: <id>'",
            "name the speaker's person id",
        )
    elif voice.kind != "person" and voice.person is not None:
        hint = "remove 'person', or set kind: person"
        report.error(
            codes.VOICE_PERSON_NOT_ALLOWED,
            voice.at("person"),
            f"'person' is only allowed when kind is 'person', not '{voice.kind}'",
            hint,
        )


def _check_relation(
    report: Report, relation: model.Relation, person_id: str, pairs: dict[frozenset[str], model.Relation]
) -> None:
    if relation.person == person_id:
        report.error(
            codes.SELF_RELATION,
            relation.at("person"),
            f"{person_id} cannot be related to themselves",
            "name the other person",
        )
        return
    pair = frozenset((person_id, relation.person))
    first = pairs.setdefault(pair, relation)
    if first is not relation:
        hint = f"see '{first.id}' at {first.pos}; declare each relation once, the other page shows its inverse"
        report.error(
            codes.DUPLICATE_RELATION,
            relation.pos,
            f"the relation between '{person_id}' and '{relation.person}' is already declared",
            hint,
        )


def _check_family(index: Index, report: Report) -> None:
    """No one is their own ancestor. Partners (spouses, former spouses) stand in one generation and a child
    one below its parents, so a chain of parent-child relations, crossing partners, may not come back."""
    partner_of: dict[str, str] = {}  # union-find over partners: each person's representative

    def root(person: str) -> str:
        while partner_of.get(person, person) != person:
            person = partner_of[person]
        return person

    links: list[tuple[str, str, str, model.Relation]] = []  # (parent, child, holder, relation), in file order
    for person in index.content.people:
        for relation in person.relations:
            other = relation.person
            if other == person.id or other not in index.people:
                continue  # reported already
            if relation.kind in ("spouse", "former-spouse"):
                partner_of[root(person.id)] = root(other)
            elif relation.kind == "child":
                links.append((person.id, other, person.id, relation))
            else:
                links.append((other, person.id, person.id, relation))
    below: dict[str, list[tuple[str, tuple[str, str, str, model.Relation]]]] = {}
    for link in links:
        below.setdefault(root(link[0]), []).append((root(link[1]), link))
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[tuple[str, str, str, model.Relation]] = []

    def visit(group: str) -> list[tuple[str, str, str, model.Relation]] | None:
        state[group] = 1
        for lower, link in below.get(group, []):
            path.append(link)
            if state.get(lower) == 1:
                start = next(n for n, step in enumerate(path) if root(step[0]) == lower)
                return path[start:]
            if lower not in state:
                found = visit(lower)
                if found is not None:
                    return found
            path.pop()
        state[group] = 2
        return None

    for group in list(below):
        if group not in state:
            cycle = visit(group)
            if cycle is not None:
                last = max(cycle, key=lambda step: step[3].pos)
                steps: list[str] = []
                for number, (parent, child, _, _) in enumerate(cycle):
                    steps.append(f"'{child}' is a child of '{parent}'")
                    next_parent = cycle[(number + 1) % len(cycle)][0]
                    if next_parent != child:
                        steps.append(f"'{child}' and '{next_parent}' are partners, one generation")
                chain = "; ".join(steps)
                report.error(
                    codes.FAMILY_CYCLE,
                    last[3].at("kind"),
                    f"the family relations make someone their own ancestor: {chain}",
                    "one of these relations is wrong (check whether 'child' and 'parent' are the right way round,"
                    " and who is whose partner)",
                )
                return


def _check_concerns(report: Report, disagreement: model.Disagreement, index: Index) -> None:
    """`concerns` names statements (an unknown id is reported with the other references), each once per
    disagreement, never an answer or a passage left out; wording differences name none."""
    named: dict[str, str] = {}
    holders: list[model.Disagreement | model.Answer] = [disagreement, *disagreement.answers]
    for holder in holders:
        if not holder.concerns:
            continue
        if disagreement.kind != "substance":
            hint = "remove 'concerns', or make it kind: substance if the accounts cannot all be true"
            what = (
                "a difference of wording disputes"
                if disagreement.kind == "wording"
                else "accounts that may all be true dispute"
            )
            report.error(codes.CONCERNS_IN_WORDING, holder.at("concerns"), f"{what} nothing", hint)
            continue
        where = f"answer '{holder.id}'" if isinstance(holder, model.Answer) else "the disagreement itself"
        for record_id, pos in zip(holder.concerns, holder.items_at("concerns"), strict=True):
            statement = index.statement_by_id.get(record_id)
            if statement is None:
                continue
            undisputable = type(statement.record).KIND.undisputable
            if undisputable is not None:
                report.error(undisputable.code, pos, f"'{record_id}' {undisputable.what}", undisputable.hint)
            elif record_id in named:
                hint = (
                    "name each record once: on the answer whose side it states, or on the disagreement when "
                    "it takes no side"
                )
                report.error(
                    codes.CONCERNS_NAMED_TWICE, pos, f"'{record_id}' is already named by {named[record_id]}", hint
                )
            else:
                named[record_id] = where


def _check_transcript_line(report: Report, line: model.TranscriptLine) -> None:
    if (line.quote is None) == (line.action is None):
        hint = "use 'quote: <quote id>' for spoken words, 'action: ...' with citations for anything else"
        report.error(
            codes.TRANSCRIPT_LINE_SHAPE, line.pos, "a transcript line needs exactly one of 'quote' or 'action'", hint
        )
    elif line.quote is not None:
        if line.citations:
            report.error(
                codes.QUOTE_LINE_CITATIONS,
                line.at("citations"),
                "a quote line cites through its quote",
                "move these citations to the quote's record",
            )
        if line.speaker is not None:
            report.error(
                codes.QUOTE_LINE_SPEAKER,
                line.at("speaker"),
                "a quote line takes its speaker from the quote",
                "set the speaker on the quote's record",
            )
    elif not line.citations:
        report.error(
            codes.ACTION_WITHOUT_CITATIONS,
            line.pos,
            "an action line needs citations",
            "add 'citations:' with the passages that report it",
        )


def _check_events(index: Index, report: Report) -> None:
    """Dates, the inferences they rest on, and the order of events; the order is kept for the pages."""
    for inference_id, inference in index.of_kind(model.Inference).items():
        if inference_id not in index.referenced_by:
            hint = f"name it from the part it gives ('inference: {inference_id}'), or remove it"
            report.error(
                codes.UNUSED_INFERENCE, inference.at("id"), f"no date part names the inference '{inference_id}'", hint
            )
    items: list[chronology.Item] = []
    relations: list[chronology.Relation] = []
    for place, event in enumerate(index.content.events):
        if event.date is not None:
            dates.check_date(report, event.date)
        for order in event.after:
            relations.append(chronology.Relation(order.id, order.event, event.id, order.at("event")))
        for order in event.before:
            relations.append(chronology.Relation(order.id, event.id, order.event, order.at("event")))
        sequence = event.sequence if event.sequence is not None else 0
        items.append(
            chronology.Item(event.id, dates.span(event.date), (sequence, place), event.sequence, event.at("sequence"))
        )
    if len({item.id for item in items}) < len(items):
        return  # duplicate event ids are reported already; the order needs each id once
    index.chronology, problems = chronology.build(items, relations)
    report.items.extend(problems)
