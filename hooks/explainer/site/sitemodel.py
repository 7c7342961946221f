"""The site model: the cross-references of the verified records that every page needs, computed once per
build (support, disputes, attributions, labels, the family, the timeline, the comparison); every lookup the
templates make is O(1). The diff and the base check compare two of these; nothing here renders HTML.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property
from typing import TypeVar

from explainer.content import model
from explainer.content.catalogue import Words, english
from explainer.content.schema import declared_keys, kinds, nested_kinds
from explainer.evidence import dates
from explainer.evidence.ages import reported_ages
from explainer.evidence.disputes import speaker_key
from explainer.evidence.measure import measure_sources, sentences
from explainer.evidence.resolve import Index
from explainer.evidence.support import Support, support_of
from explainer.evidence.verify import Located, Verified
from explainer.site import pictures, urls
from explainer.site.compare import Comparison, compare
from explainer.site.corrections import corrections_by_record, newest_first
from explainer.site.family import FamilyTree, build_family
from explainer.site.notes import sentence_context
from explainer.site.urls import Urls

_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+|\(\d+\)\s+)\W*$")  # where a quotation begins a sentence (prose_parts)


def kind_ids() -> tuple[str, ...]:
    """The id of every kind of record, and of every record kept per owner ("person-fact"): what readers are
    told a record is comes from the catalogue, as `kind.<id>`."""
    ids: list[str] = []
    for cls in kinds(model.Content):
        for spec in declared_keys(cls):
            for nested in nested_kinds(spec.type):
                if nested.KIND.per_owner:
                    ids.append(f"{cls.KIND.id}-{nested.KIND.id}")
        if not cls.KIND.per_owner:
            ids.append(cls.KIND.id)
    return tuple(dict.fromkeys(ids))


KIND_IDS = kind_ids()


R = TypeVar("R", model.Quote, model.Claim)


ARTICLE_COLOURS = 8  # the palette of articles' marks (articles.css); letters tell apart more articles than that


@dataclass(frozen=True)
class ArticleMark:
    letter: str
    colour: int  # 1 to ARTICLE_COLOURS


@dataclass(frozen=True)
class RelationView:
    relation: model.Relation
    other: str  # the other person's id
    kind: str  # what the other person is to this one: a relation kind (spouse, child, ...)
    label: str  # the same in the site's words
    declared_here: bool


@dataclass(frozen=True)
class AttributionSide:
    answer: str  # the answer's id
    speakers: list[model.Voice]
    support: Support


@dataclass(frozen=True)
class AttributionDispute:
    disagreement: model.Disagreement
    sides: list[AttributionSide]


@dataclass(frozen=True)
class PassageView:
    anchor: str
    located: Located
    cited_by: tuple[str, ...]  # statement ids


@dataclass(frozen=True)
class OrderView:
    """A declared before/after fact as one of its two events shows it."""

    order: model.EventOrder
    other: str  # the other event's id
    relation: str  # "after" or "before": what this event is to the other
    declared_here: bool


# The sources as the last site model named them (id, label, title), and the parts it found of each text: what a
# text's parts are depends on these alone, and `mkdocs serve` asks a new model for the parts of some 20,000
# texts on every save (10,000 statements), most of them unchanged.
_LAST_PROSE: tuple[tuple[tuple[str, str | None, str], ...], dict[str, list[tuple[str, str | None]]]] = ((), {})


class SiteModel:
    """Cross-references computed once per build; every lookup the templates make is O(1)."""

    def __init__(self, verified: Verified, url_scheme: Urls, words: Words | None = None) -> None:
        self.verified = verified
        self.words = words = words or english()
        self.index: Index = verified.index
        self.urls = url_scheme
        index = self.index
        self.url_of: dict[str, str] = {}
        for record_id in index.records:
            page, anchor = urls.home_page_of(index, record_id)
            self.url_of[record_id] = url_scheme.page_url(page) + (f"#{anchor}" if anchor else "")
        self.source_titles = {s.id: s.title for s in index.content.sources}
        self.quotes_by_speaker: dict[str, list[model.Quote]] = defaultdict(list)
        self.quotes_to: dict[str, list[model.Quote]] = defaultdict(list)
        self.quotes_at_event: dict[str, list[model.Quote]] = defaultdict(list)
        for quote in index.content.quotes:
            if quote.speaker and quote.speaker.person:
                self.quotes_by_speaker[quote.speaker.person].append(quote)
            if quote.addressee:
                self.quotes_to[quote.addressee].append(quote)
            if quote.event:
                self.quotes_at_event[quote.event].append(quote)
        # Events in time order everywhere come from the one derived order (see chronology.py).
        self.timeline = index.chronology.tree()
        events_of: dict[str, list[str]] = defaultdict(list)
        self.orders_of: dict[str, list[OrderView]] = defaultdict(list)
        for event in index.content.events:
            for person_id in event.participants:
                events_of[person_id].append(event.id)
            for side, orders in (("after", event.after), ("before", event.before)):
                for order in orders:
                    self.orders_of[event.id].append(OrderView(order, order.event, side, True))
                    opposite = "before" if side == "after" else "after"
                    self.orders_of[order.event].append(OrderView(order, event.id, opposite, False))
        self.events_of = {person_id: index.chronology.tree(ids) for person_id, ids in events_of.items()}
        self.claims_about: dict[str, list[model.Claim]] = defaultdict(list)
        self.claims_by_topic: dict[str, list[model.Claim]] = defaultdict(list)
        for claim in index.content.claims:
            self.claims_by_topic[claim.topic].append(claim)
            for person_id in claim.about:
                self.claims_about[person_id].append(claim)
        self.disagreements_about: dict[str, list[model.Disagreement]] = defaultdict(list)
        for disagreement in index.content.disagreements:
            for person_id in disagreement.about:
                self.disagreements_about[person_id].append(disagreement)
        self.relations_of: dict[str, list[RelationView]] = defaultdict(list)
        for person in index.content.people:
            for relation in person.relations:
                self.relations_of[person.id].append(
                    RelationView(
                        relation, relation.person, relation.kind, words.text(f"relation.{relation.kind}"), True
                    )
                )
                inverse = model.INVERSE_RELATION[relation.kind]
                self.relations_of[relation.person].append(
                    RelationView(relation, person.id, inverse, words.text(f"relation.{inverse}"), False)
                )
        self.omissions_by_source: dict[str, list[model.Omission]] = defaultdict(list)
        for omission in index.content.omissions:
            self.omissions_by_source[omission.citations[0].source].append(omission)
        self.corrections_of = corrections_by_record(index.content.corrections)  # record id -> its corrections
        self.corrections = newest_first(index.content.corrections)
        self.voiced_by: dict[str, list[str]] = defaultdict(list)  # person id -> statements attributed to them
        for statement in index.statements:
            attribution = getattr(statement.record, "attribution", None)
            if attribution is not None and attribution.person:
                self.voiced_by[attribution.person].append(statement.id)
        # Passages per source, each with the statements that cite it.
        cited: dict[str, dict[tuple[int, int], list[str]]] = defaultdict(lambda: defaultdict(list))
        sample: dict[tuple[str, int, int], Located] = {}
        for statement in index.statements:
            for located in verified.located.get(statement.id, ()):
                by = cited[located.source][(located.start, located.end)]
                if statement.id not in by:
                    by.append(statement.id)
                sample.setdefault((located.source, located.start, located.end), located)
        self.passages: dict[str, list[PassageView]] = {}
        for source_id, spans in cited.items():
            self.passages[source_id] = [
                PassageView(f"q-{s}-{e}", sample[(source_id, s, e)], tuple(by)) for (s, e), by in sorted(spans.items())
            ]
        self.measures = measure_sources(verified)
        self.coverage = {source_id: m.text_share for source_id, m in self.measures.items()}
        self.sentence_coverage = {source_id: m.sentences for source_id, m in self.measures.items()}
        self.copying = verified.copying
        self.family: FamilyTree = build_family(index.content.people, reported_ages(verified))
        self._family_layouts: dict[pictures.Metrics, pictures.TreeLayout] = {}
        self._comparison: Comparison | None = None
        self._timeline_layouts: list[pictures.TimelineLayout] | None = None
        self._days_layouts: list[pictures.TimelineLayout] | None = None
        self._support: dict[str, Support] = {}
        self._sentences = {source_id: sentences(seed.text) for source_id, seed in verified.seeds.items()}
        self._sentence_starts = {source_id: [s.start for s in found] for source_id, found in self._sentences.items()}
        ids = sorted(index.sources, key=len, reverse=True)
        self._source_mention = (
            re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, ids)) + r")(?![\w-])") if ids else None
        )
        # Each text's parts (`prose_parts`), and those the model before found when the sources were named the same.
        global _LAST_PROSE
        named = tuple(sorted((s.id, s.label, s.title) for s in index.sources.values()))
        self._prose: dict[str, list[tuple[str, str | None]]] = {}
        self._prose_before = _LAST_PROSE[1] if _LAST_PROSE[0] == named else {}
        _LAST_PROSE = (named, self._prose)

    def family_layouts(self) -> list[pictures.TreeLayout]:
        """The family tree laid out wide (desktop) and narrow (phone)."""
        for metrics in (pictures.WIDE, pictures.NARROW):
            if metrics not in self._family_layouts:
                texts = {
                    m.id: pictures.BoxText(
                        (m.name,),
                        (self.words.text("family.age", ages=self.words.join([str(a.age) for a in m.ages], "list.or")),)
                        if m.ages
                        else (),
                    )
                    for m in self.family.members.values()
                }
                self._family_layouts[metrics] = pictures.layout_family(self.family, texts, metrics, self.words)
        return [self._family_layouts[pictures.WIDE], self._family_layouts[pictures.NARROW]]

    def by_topic(self, claims: list[model.Claim]) -> list[tuple[model.Topic, list[model.Claim]]]:
        """Claims grouped by topic, topics in file order."""
        groups: dict[str, list[model.Claim]] = {}
        for claim in claims:
            groups.setdefault(claim.topic, []).append(claim)
        return [(topic, groups[topic.id]) for topic in self.index.content.topics if topic.id in groups]

    def quotes_by_event(self) -> list[tuple[model.Event | None, list[model.Quote]]]:
        return self._by_event(self.index.content.quotes)

    def claims_by_event(self, topic_id: str) -> list[tuple[model.Event | None, list[model.Claim]]]:
        return self._by_event(self.claims_by_topic.get(topic_id, []))

    def _by_event(self, records: list[R]) -> list[tuple[model.Event | None, list[R]]]:
        """Records grouped by the event they belong to, in the timeline's order; those of no event last."""
        groups: dict[str | None, list[R]] = {}
        for record in records:
            groups.setdefault(record.event, []).append(record)
        ordered: list[tuple[model.Event | None, list[R]]] = [
            (self.index.events[e], groups[e]) for e in self.timeline.events() if e in groups
        ]
        if None in groups:
            ordered.append((None, groups[None]))
        return ordered

    def timeline_entries(self) -> tuple[list[pictures.TimelineEntry], list[pictures.OrderGroup]]:
        """The events in the derived order, each with the days its date allows and how it is known."""
        order, groups = pictures.flatten_order(self.timeline)
        entries = []
        for event_id in order:
            event = self.index.events[event_id]
            date = event.date
            span = dates.span(date)
            if span is None or date is None:
                shape = "undated"
            elif date.is_range:
                shape = "range"
            else:
                shape = "day" if date.precision == "day" else "period"
            inferred = date is not None and any(
                part.basis == "inferred" for _, end in date.ends() for _, part in end.parts()
            )
            entries.append(pictures.TimelineEntry(event.id, event.title, span, shape, inferred))
        return entries, groups

    def timeline_layouts(self) -> list[pictures.TimelineLayout]:
        """The timeline picture laid out wide (desktop) and narrow (phone)."""
        if self._timeline_layouts is None:
            entries, groups = self.timeline_entries()
            self._timeline_layouts = [
                pictures.layout_timeline(entries, groups, m, self.words)
                for m in (pictures.TIMELINE_WIDE, pictures.TIMELINE_NARROW)
            ]
        return self._timeline_layouts

    def days_layouts(self) -> list[pictures.TimelineLayout]:
        """The month the story happens in, day by day, laid out wide and narrow: the events dated within it
        (pictures.story_month); none when no month holds enough of them to need its own axis."""
        if self._days_layouts is None:
            entries, groups = self.timeline_entries()
            days = pictures.story_month(entries)
            self._days_layouts = []
            if days is not None:
                kept, kept_groups = pictures.within(entries, groups, days)
                self._days_layouts = [
                    pictures.layout_timeline(kept, kept_groups, m, self.words, days)
                    for m in (pictures.TIMELINE_WIDE, pictures.TIMELINE_NARROW)
                ]
        return self._days_layouts

    def comparison(self) -> Comparison:
        if self._comparison is None:
            columns = tuple(s.id for s in self.index.content.sources if s.id in self.verified.seeds)
            self._comparison = compare(self.index, self.verified.located, columns)
        return self._comparison

    def short_label(self, source_id: str) -> str:
        source = self.index.sources[source_id]
        return source.short_label or source.label or source.title

    def support(self, statement_id: str) -> Support:
        """Articles cited and independent reports among them: articles that copy each other count as one."""
        if statement_id not in self._support:
            self._support[statement_id] = support_of(self.verified, statement_id)
        return self._support[statement_id]

    @cached_property
    def _source_places(self) -> dict[str, int]:
        return {source.id: place for place, source in enumerate(self.index.content.sources)}

    def article_mark(self, source_id: str) -> ArticleMark:
        """An article's mark, the same wherever it is named: a letter by its place in the sources (A, B, ...; after
        Z, AA, AB, ...) and one of ARTICLE_COLOURS colours in turn."""
        place = self._source_places[source_id]
        letter, n = "", place
        while True:
            letter = chr(ord("A") + n % 26) + letter
            n = n // 26 - 1
            if n < 0:
                break
        return ArticleMark(letter, place % ARTICLE_COLOURS + 1)

    def article_name(self, source_id: str) -> str:
        """An article's short name for running text ('the “budget” article'); its title if it has none."""
        source = self.index.sources[source_id]
        return source.label or source.title

    def in_sentence(self, located: Located) -> tuple[str, str]:
        """The text of the sentence around a cited passage: (before, after)."""
        text = self.verified.seeds[located.source].text
        return sentence_context(
            text, self._sentences[located.source], self._sentence_starts[located.source], located.start, located.end
        )

    def disputed_by(self, record_id: str) -> list[model.Disagreement]:
        """The disagreements of substance that put this record in question (declared on the disagreements)."""
        return self.index.disputes.of(record_id)

    def attributions(self, quote_id: str) -> list[AttributionDispute]:
        """For a quote whose speaker the articles dispute: each side's speakers and the support of that side."""
        result = []
        for disagreement, sides in self.index.disputes.attributions(quote_id):
            views = []
            for side in sides:
                speakers = list({speaker_key(q.speaker): q.speaker for q in side.quotes}.values())
                views.append(AttributionSide(side.answer.id, speakers, self.support(side.answer.id)))
            result.append(AttributionDispute(disagreement, views))
        return result

    def other_disputes(self, record_id: str) -> list[model.Disagreement]:
        """The disputes of a record other than those over who said it."""
        over_speaker = (
            {a.disagreement.id for a in self.attributions(record_id)} if record_id in self.index.quotes else set()
        )
        return [d for d in self.disputed_by(record_id) if d.id not in over_speaker]

    def speaker_names(self, quote: model.Quote) -> str:
        """Plain text for who said a quote: the speaker, or every speaker the articles give it to."""
        disputes = self.attributions(quote.id)
        if not disputes:
            return self.voice(quote.speaker)
        names = [self.voice(v) for a in disputes for side in a.sides for v in side.speakers]
        return self.words.join(list(dict.fromkeys(names)), "list.or")

    def prose_parts(self, text: str) -> list[tuple[str, str | None]]:
        """Split plain text at mentions of source ids: (text, None) and (source label, source id) parts. (The
        list is shared by every caller, and by the next model's: nothing changes it.)"""
        parts = self._prose.get(text)
        if parts is None:
            parts = self._prose_before.get(text)
            if parts is None:
                parts = self._prose_parts(text)
            self._prose[text] = parts
        return parts

    def _prose_parts(self, text: str) -> list[tuple[str, str | None]]:
        if self._source_mention is None:
            return [(text, None)]
        parts: list[tuple[str, str | None]] = []
        last = 0
        for m in self._source_mention.finditer(text):
            parts.append((text[last : m.start()], None))
            source = self.index.sources[m.group()]
            label = source.label or source.title
            if _SENTENCE_START.search(text, 0, m.start()):
                label = label[:1].upper() + label[1:]  # "the “x” article" opening a sentence
            parts.append((label, source.id))
            last = m.end()
        parts.append((text[last:], None))
        return [p for p in parts if p[0]]

    def label(self, record_id: str) -> str:
        """What links to a record show: the key its kind declares as its label, or a quote's words."""
        record = self.index.records[record_id][1]
        label = type(record).KIND.label
        if isinstance(record, model.EventOrder):
            return self.order_sentence(record_id)
        if label is None:
            return self.quote_text(record_id)
        if isinstance(record, model.TranscriptLine) and record.quote is not None:
            return self.quote_text(record.quote)  # a line that shows a quote reads as its words
        value = getattr(record, label)
        return value if isinstance(value, str) and value else record_id

    def order_pair(self, order_id: str) -> tuple[str, str]:
        """(earlier event id, later event id) of a declared before/after fact."""
        owner = self.index.statement_by_id[order_id].owner or ""
        order = self.index.records[order_id][1]
        if any(o is order for o in self.index.events[owner].after):
            return order.event, owner  # type: ignore[attr-defined]
        return owner, order.event  # type: ignore[attr-defined]

    def order_sentence(self, order_id: str) -> str:
        """'<later event> came after <earlier event>.' for a declared before/after fact."""
        earlier, later = (self.index.events.get(e) for e in self.order_pair(order_id))
        if earlier is None or later is None:
            return order_id
        return self.words.text("order.sentence", later=later.title, earlier=earlier.title)

    def quote_text(self, quote_id: str) -> str:
        located = self.verified.located.get(quote_id, ())
        return located[0].exact if located else quote_id

    def prose_text(self, text: str) -> str:
        """Editor text as readers see it, without its markup: source ids replaced by the sources' names."""
        return "".join(part for part, _ in self.prose_parts(text))

    def plain(self, text: str) -> str:
        """Editor text as readers see it, as plain text on one line."""
        return " ".join(self.prose_text(text).split())

    def subject(self, record_id: str) -> str:
        """A record named in one line of plain text: an event by its title, other statements by what they say,
        any other record by what it is called."""
        record = self.index.records[record_id][1]
        return self.plain(self.label(record_id) if isinstance(record, model.Event) else self.record_text(record_id))

    def correction_title(self, correction: model.Correction) -> str:
        """What names a correction, as its heading and in its feed entry's title: its first record (cut at
        90 characters), and how many more it corrects."""
        named = correction.named
        first = self.subject(named[0])
        first = first if len(first) <= 90 else first[:89].rstrip() + "…"
        more = len(named) - 1
        if more and first.endswith(".") and not first.endswith(".."):
            first = first[:-1]  # "Ann greets Bob (and 2 more)", not "Ann greets Bob. (and 2 more)"
        return (
            self.words.text("corrections.entry_title_more", more, first=first)
            if more
            else self.words.text("corrections.entry_title", first=first)
        )

    def kind(self, record_id: str) -> str:
        """A record's kind id: 'claim', 'person-fact', 'transcript-line'."""
        return self.index.records[record_id][0]

    def record_text(self, record_id: str) -> str:
        """What a statement says, or what any other record is called (a person's name, a topic's title)."""
        if record_id in self.index.statement_by_id:
            return self.statement_text(record_id)
        return self.label(record_id)

    def statement_text(self, statement_id: str) -> str:
        """Plain-text rendering of what a statement says, for the export and for previews."""
        statement = self.index.statement_by_id[statement_id]
        record = statement.record
        # A kind's label says what its record states, but for these three (a relation's label is its id).
        if isinstance(record, model.Relation):
            owner = self.index.people[statement.owner or ""]
            other = self.index.people.get(record.person)
            other_name = other.name if other else record.person
            relation = self.words.text(f"relation.{record.kind}")
            return self.words.text("relation.sentence", other=other_name, relation=relation, person=owner.name)
        if isinstance(record, model.Quote):
            return self.quote_text(statement_id)
        if isinstance(record, model.Event):
            return f"{record.title}: {record.text}"
        return self.label(statement_id)

    def voice(self, voice: model.Voice | None) -> str:
        if voice is None or voice.kind == "article":
            return voice.label if voice is not None and voice.label else self.words.text("voice.article")
        if voice.kind == "person" and voice.person:
            person = self.index.people.get(voice.person)
            return person.name if person else voice.person
        return voice.label or self.words.text(f"voice.{voice.kind}")
