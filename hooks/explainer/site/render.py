"""Render step: plan the generated pages and turn verified records into HTML through Jinja templates.

Nothing here touches the file system or MkDocs: pages come out as (source path, title, HTML) and the
hook decides how to hand them to MkDocs. Every string from content/ reaches HTML through Jinja's
autoescaping; templates never mark editor text as safe.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar
from urllib.parse import quote as url_quote

import jinja2
from markupsafe import Markup, escape

from explainer.evidence import dates
from explainer.site import errorpage
from explainer.content import model
from explainer.site import pictures
from explainer.site import urls
from explainer.evidence.ages import reported_ages
from explainer.content.catalogue import Words, english
from explainer.site.compare import MIN_FACT_ARTICLES, MIN_QUOTE_ARTICLES, Comparison, compare
from explainer.evidence.copying import COPY_THRESHOLD, SHINGLE_WORDS
from explainer.site.corrections import corrections_by_record, long_date, newest_first
from explainer.evidence.disputes import speaker_key
from explainer.site.family import FamilyTree, build_family
from explainer.evidence.measure import measure_sources, sentences
from explainer.site.notes import CitedPassage, Note, sentence_context
from explainer.site.reference import reference_kinds
from explainer.evidence.resolve import Index
from explainer.content.schema import Page, Record, declared_keys, kinds, nested_kinds, sections
from explainer.text.sourcetext import layout
from explainer.evidence.support import Support, support_of
from explainer.text.textmatch import normalize_passage
from explainer.site.urls import Urls
from explainer.evidence.verify import Located, Verified
from explainer.evidence.wikilinks import Resolve, WikiLink
from explainer.text.wording import diff_against, summarize

LONG_PAGE_CITATIONS = 10  # pages with this many citation controls offer a "Hide citations" reading toggle


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


@dataclass(frozen=True)
class PagePlan:
    """A page to generate: an index page of a kind, a record's own page, or the content reference."""

    src_uri: str
    title: str
    template: str
    edit_path: str | None
    description: str
    page: Page
    record: Record | None = field(default=None, hash=False, compare=False)

    @property
    def args(self) -> dict[str, Record]:
        """The template's variables: the record, under its kind's name (`person`, `quote`, ...)."""
        return {} if self.record is None else {type(self.record).KIND.name: self.record}

    @property
    def parent(self) -> str | None:
        """The index page (source path) a record's page belongs under: its kind's index."""
        index = None if self.record is None else type(self.record).KIND.index
        return None if index is None else index.path

    @property
    def in_nav(self) -> bool:
        return self.record is None

    @property
    def search_boost(self) -> float | None:
        return self.page.search_boost

    @property
    def wide(self) -> bool:
        """Pages whose tables need the room of the contents sidebar; they list their contents inline."""
        return self.page.wide

    @property
    def og_type(self) -> str:
        return self.page.og_type


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
class Rendered:
    """A page's HTML, and what the theme templates need to know about it (merged into page.meta)."""

    html: str
    meta: dict[str, Any]


@dataclass(frozen=True)
class OrderView:
    """A declared before/after fact as one of its two events shows it."""

    order: model.EventOrder
    other: str  # the other event's id
    relation: str  # "after" or "before": what this event is to the other
    declared_here: bool


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
        self._support: dict[str, Support] = {}
        self._sentences = {source_id: sentences(seed.text) for source_id, seed in verified.seeds.items()}
        self._sentence_starts = {source_id: [s.start for s in found] for source_id, found in self._sentences.items()}
        ids = sorted(index.sources, key=len, reverse=True)
        self._source_mention = (
            re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, ids)) + r")(?![\w-])") if ids else None
        )

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
        """Split plain text at mentions of source ids: (text, None) and (source label, source id) parts."""
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
        return self.plain(self.label(record_id) if self.kind(record_id) == "event" else self.record_text(record_id))

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
        if statement.kind == "relation":
            owner = self.index.people[statement.owner or ""]
            other = self.index.people.get(record.person)  # type: ignore[attr-defined]
            other_name = other.name if other else record.person  # type: ignore[attr-defined]
            relation = self.words.text(f"relation.{record.kind}")  # type: ignore[attr-defined]
            return self.words.text("relation.sentence", other=other_name, relation=relation, person=owner.name)
        if statement.kind == "quote":
            return self.quote_text(statement_id)
        if statement.kind == "event":
            return f"{record.title}: {record.text}"  # type: ignore[attr-defined]
        return self.label(statement_id)

    def voice(self, voice: model.Voice | None) -> str:
        if voice is None or voice.kind == "article":
            return voice.label if voice is not None and voice.label else self.words.text("voice.article")
        if voice.kind == "person" and voice.person:
            person = self.index.people.get(voice.person)
            return person.name if person else voice.person
        return voice.label or self.words.text(f"voice.{voice.kind}")


class PageContext:
    """What a template sees of the site while it renders one page (links are relative to that page)."""

    def __init__(self, site: SiteModel, page_url: str) -> None:
        self.site = site
        self.page_url = page_url
        self.notes: list[Note] = []  # one per citation control, in the order the page shows them

    def href(self, record_id: str) -> str:
        return self.site.urls.relative(self.site.url_of[record_id], self.page_url)

    def page_href(self, src_uri: str) -> str:
        return self.site.urls.relative(self.site.urls.page_url(src_uri), self.page_url)

    def file_href(self, path: str) -> str:
        """A link to a file the build writes (not a page), e.g. corrections.atom."""
        return self.site.urls.relative(path, self.page_url)

    def label(self, record_id: str) -> str:
        return self.site.label(record_id)

    def note(self, statement_id: str) -> Note:
        """The next citation control of this page: a statement's cited passages, each in its sentence."""
        passages = []
        for located in self.site.verified.located.get(statement_id, ()):
            before, after = self.site.in_sentence(located)
            passages.append(
                CitedPassage(
                    located.source,
                    self.site.article_name(located.source),
                    before,
                    located.exact,
                    after,
                    self.passage_href(located, statement_id),
                    located.note,
                    self.site.index.organizations[located.via].name if located.via else None,
                )
            )
        support = self.support(statement_id)
        copies = tuple(tuple(self.site.article_name(s) for s in group) for group in support.groups if len(group) > 1)
        note = Note(
            len(self.notes) + 1,
            statement_id,
            support.articles,
            support.independent_reports,
            tuple(passages),
            copies,
            self.site.words,
        )
        self.notes.append(note)
        return note

    def passage_href(self, located: Located, statement_id: str | None = None) -> str:
        """A link to a cited passage on its article's page; from another page it names the statement
        (`?for=`), so that the article's page can say what the passage was cited for."""
        target = self.site.urls.page_url(urls.source_page(located.source)) + f"#{located.anchor}"
        href = self.site.urls.relative(target, self.page_url)
        if statement_id is None or href.startswith("#"):
            return href
        path, _, anchor = href.partition("#")
        return f"{path}?for={url_quote(statement_id)}#{anchor}"

    def support(self, statement_id: str) -> Support:
        return self.site.support(statement_id)

    def disputed_by(self, record_id: str) -> list[model.Disagreement]:
        return self.site.disputed_by(record_id)

    def other_disputes(self, record_id: str) -> list[model.Disagreement]:
        return self.site.other_disputes(record_id)

    def attributions(self, quote_id: str) -> list[AttributionDispute]:
        return self.site.attributions(quote_id)

    def variants(self, quote_id: str) -> list[tuple[str, list[str]]]:
        """A quote's distinct wordings (curly and straight quotes alike), each with the sources printing it."""
        grouped: dict[str, tuple[str, list[str]]] = {}
        for c in self.located(quote_id):
            sources = grouped.setdefault(normalize_passage(c.exact), (c.exact, []))[1]
            if c.source not in sources:
                sources.append(c.source)
        return list(grouped.values())

    def by_source(self, statement_id: str) -> list[tuple[str, list[Located]]]:
        """A statement's citations grouped by article, articles in the order first cited."""
        grouped: dict[str, list[Located]] = {}
        for located in self.located(statement_id):
            grouped.setdefault(located.source, []).append(located)
        return list(grouped.items())

    def located(self, statement_id: str) -> tuple[Located, ...]:
        return self.site.verified.located.get(statement_id, ())

    def corrections(self, statement_id: str) -> list[model.Correction]:
        return self.site.corrections_of.get(statement_id, [])

    def kind(self, record_id: str) -> str:
        return self.site.kind(record_id)

    def record(self, record_id: str) -> Record:
        return self.site.index.records[record_id][1]


def template_env(words: Words, template_dirs: list[str] | None = None) -> jinja2.Environment:
    """The engine's templates (those in `template_dirs` first), with the site's words: `w(key, count, **values)`
    for an entry as HTML, `sep(loop, style)` for what follows a list item, and dates and shares in words."""
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(
            [jinja2.FileSystemLoader(template_dirs or []), jinja2.PackageLoader("explainer.site", "templates")]
        ),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(
        w=words.html,
        words=words,
        sep=lambda loop, style="list.and": words.separator(style, loop.index, loop.length),
        percent=words.percent,
        percent1=lambda x: words.percent(x, 1),
        long_date=lambda date: long_date(date, words),
        date_text=lambda date: dates.date_text(date, words),
        inferred_badges=lambda date: dates.inferred_badges(date, words),
    )
    return env


class Renderer:
    def __init__(
        self,
        verified: Verified,
        url_scheme: Urls | None = None,
        template_dirs: list[str] | None = None,
        words: Words | None = None,
    ) -> None:
        """`template_dirs`: folders whose templates replace the engine's own of the same name; `words`: the
        site's words (the engine's English ones without)."""
        self.site = SiteModel(verified, url_scheme or Urls(), words)
        words = self.site.words
        self.env = template_env(words, template_dirs)
        self.env.globals.update(
            voice=self.site.voice,
            sources_page=urls.SOURCES,
            kind_labels={kind: words.text(f"kind.{kind}") for kind in KIND_IDS},
            reference_kinds=reference_kinds,
            diff_against=diff_against,
            wording_summary=summarize,
            shingle_words=SHINGLE_WORDS,
            copy_threshold=COPY_THRESHOLD,
            layout_of=lambda source_id: source_layout(self.site, source_id),
            min_fact_articles=MIN_FACT_ARTICLES,
            min_quote_articles=MIN_QUOTE_ARTICLES,
            steps=errorpage.steps(),
            shown_example=errorpage.shown_example,
            example_project=errorpage.example_project(),
        )
        self.env.filters["ticks"] = _ticks
        self.env.filters["prose"] = _prose
        self.env.filters["clip"] = _clip
        self.env.filters["plain"] = self.site.prose_text

    def plan(self) -> list[PagePlan]:
        return plan_pages(self.site)

    def render(self, page: PagePlan, page_url: str) -> Rendered:
        template = self.env.get_template(page.template)
        context = PageContext(self.site, page_url)
        return self._finish(template.render(x=context, site=self.site, page=page, **page.args), context)

    def _finish(self, html: str, context: PageContext) -> Rendered:
        """Add the page's citation notes (one per citation control) after its content."""
        if context.notes:
            html += self.env.get_template("notes.html").render(x=context, notes=context.notes)
        return Rendered(
            html, {"citation_controls": len(context.notes), "reading_toggle": len(context.notes) >= LONG_PAGE_CITATIONS}
        )

    def wikilink_resolver(self, page_url: str) -> WikiResolver:
        """How the wiki-links of the hand-written page at `page_url` become HTML (see wikilinks.py);
        names and passages are escaped here and never read as Markdown. The resolver keeps the
        page's citation notes, for `finish_page`."""
        context = PageContext(self.site, page_url)
        macros = self.env.get_template("macros.html").make_module({"x": context})

        def resolve(link: WikiLink) -> str:
            if link.cite:
                return str(macros.cite(link.target)).strip()  # type: ignore[attr-defined]
            text = link.text.strip() if link.text else context.label(link.target)
            return str(Markup('<a class="wikilink" href="{}">{}</a>').format(context.href(link.target), text))

        return WikiResolver(resolve, context)

    def finish_page(self, html: str, resolver: WikiResolver | None) -> Rendered:
        """A hand-written page's HTML (its wiki-links already resolved), with its citation notes."""
        if resolver is None:
            return Rendered(html, {"citation_controls": 0, "reading_toggle": False})
        return self._finish(html, resolver.context)


@dataclass(frozen=True)
class WikiResolver:
    """Resolves one hand-written page's wiki-links (a `Resolve`), keeping the page's context (its notes)."""

    resolve: Resolve
    context: PageContext

    def __call__(self, link: WikiLink) -> str:
        return self.resolve(link)


_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+|\(\d+\)\s+)\W*$")
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~>])")


def markdown_text(text: str) -> str:
    """Text that Markdown shows as it is: special characters backslash-escaped, < and & as entities."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text.replace("&", "&amp;").replace("<", "&lt;"))


@jinja2.pass_context
def _prose(context: jinja2.runtime.Context, text: str) -> Markup:
    """Editor text as escaped plain text, with mentions of source ids shown as links to the article."""
    x: PageContext = context["x"]
    out = Markup("")
    for part, source_id in x.site.prose_parts(text):
        out += (
            Markup('<a class="ex-source-ref" href="{}">{}</a>').format(x.href(source_id), part) if source_id else part
        )
    return out


def _ticks(text: str) -> Markup:
    """Our own text with `backquoted` parts as code, escaped (the error-codes page's summaries and fixes)."""
    parts = text.split("`")
    return Markup("").join(
        Markup("<code>{}</code>").format(part) if n % 2 else escape(part) for n, part in enumerate(parts)
    )


def _first_path(records: Sequence[Record]) -> str | None:
    return records[0].pos.path if records else None


REFERENCE_PAGE = Page(urls.REFERENCE, "reference.html", "reference", schema_page="WebPage")
COMPARE_PAGE = Page(urls.COMPARE, "compare.html", "compare", wide=True)
ERROR_CODES_PAGE = Page(urls.ERROR_CODES, "error_codes.html", "error_codes", schema_page="WebPage")
# Generated pages that belong to no record kind, in the order a site's nav lists them after the kinds'.
OTHER_PAGES = (COMPARE_PAGE, REFERENCE_PAGE, ERROR_CODES_PAGE)


def generated_nav(words: Words | None = None) -> list[tuple[str, str]]:
    """(name, source path) of the generated pages a site's nav lists: each kind's index page, then the others;
    named as the words say (`page.<words>.nav`)."""
    words = words or english()
    pages = [cls.KIND.index for cls in sections(model.Content).values() if cls.KIND.index is not None]
    return [(words.text(f"page.{page.words}.nav"), page.path) for page in [*pages, *OTHER_PAGES]]


def page_words(words: Words, page: Page, **fields: str) -> tuple[str, str]:
    """A generated page's title and description: the catalogue's `page.<words>.title` and `.description`,
    filled with the record's `fields` (label, clipped, speaker) on a record's page."""
    return words.text(f"page.{page.words}.title", **fields), words.text(f"page.{page.words}.description", **fields)


def plan_pages(site: SiteModel) -> list[PagePlan]:
    """The index page of every kind that declares one, the pages of no kind (the comparison, the content
    reference), and every record's own page."""
    content = site.index.content
    words = site.words
    pages: list[PagePlan] = []
    for name, cls in sections(model.Content).items():
        index = cls.KIND.index
        if index is not None:
            title, description = page_words(words, index)
            pages.append(
                PagePlan(index.path, title, index.template, _first_path(getattr(content, name)), description, index)
            )
    edit_paths = {COMPARE_PAGE.path: _first_path(content.sources)}
    for other in OTHER_PAGES:
        title, description = page_words(words, other)
        pages.append(PagePlan(other.path, title, other.template, edit_paths.get(other.path), description, other))
    for name, cls in sections(model.Content).items():
        page = cls.KIND.page
        if page is None:
            continue
        for record in getattr(content, name):
            title, description = _page_text(site, page, record)
            pages.append(
                PagePlan(page.path_of(record.id), title, page.template, record.pos.path, description, page, record)
            )
    return pages


def _page_text(site: SiteModel, page: Page, record: Any) -> tuple[str, str]:
    """A record page's title and description, from its kind's declaration."""
    words = site.words
    label = site.label(record.id)
    fields = {"label": label, "clipped": _clip(label), "speaker": ""}
    if isinstance(record, model.Quote):
        fields["speaker"] = site.speaker_names(record)
        if site.attributions(record.id):
            # Titled by its words, as every quote page is, with the attribution it is disputed under.
            title = words.text("page.quote.title_disputed", **{**fields, "speaker": site.voice(record.speaker)})
            return title, words.text("page.quote.description_disputed", **fields)
    title, description = page_words(words, page, **fields)
    summary = getattr(record, "summary", None)
    return title, summary if page.summary_first and summary else description


def _clip(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def source_layout(site: SiteModel, source_id: str) -> list[Any]:
    seed = site.verified.seeds[source_id]
    return layout(seed.text, [(p.located.start, p.located.end) for p in site.passages.get(source_id, [])])
