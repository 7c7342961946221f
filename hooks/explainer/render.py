"""Render step: plan the generated pages and turn verified records into HTML through Jinja templates.

Nothing here touches the file system or MkDocs: pages come out as (source path, title, HTML) and the
hook decides how to hand them to MkDocs. Every string from content/ reaches HTML through Jinja's
autoescaping; templates never mark editor text as safe.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

import jinja2
from markupsafe import Markup, escape

from . import dates, errorpage, model, urls
from .copying import COPY_THRESHOLD, SHINGLE_WORDS
from .corrections import corrections_by_statement, long_date, newest_first
from .disputes import speaker_key
from .measure import measure_sources
from .resolve import Index
from .sourcetext import layout
from .support import Support, support_of
from .textmatch import normalize_passage
from .urls import Urls
from .verify import Located, Verified
from .wikilinks import Resolve, WikiLink
from .wording import diff_against

VOICE_LABELS = {
    "article": "the article",
    "insider": "an unnamed insider",
    "commenters": "commenters",
    "interviewer": "the interviewer",
    "unnamed": "someone the article does not name",
}
RELATION_LABELS = {"spouse": "spouse", "former-spouse": "former spouse", "child": "child", "parent": "parent"}
KIND_LABELS = {
    "claim": "claim", "quote": "quote", "event": "event", "order": "order of events", "inference": "inference", "person-fact": "fact",
    "source-fact": "fact about the source", "relation": "relation", "answer": "answer in a disagreement",
    "transcript-line": "transcript line", "omission": "left out",
}


@dataclass(frozen=True)
class PagePlan:
    src_uri: str
    title: str
    template: str
    edit_path: str | None
    description: str
    args: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)

    @property
    def in_nav(self) -> bool:
        return not self.args

    @property
    def search_boost(self) -> float | None:
        # A quote's own page should rank above the many pages that merely contain its words.
        return 3.0 if "quote" in self.args else None

    @property
    def og_type(self) -> str:
        if "person" in self.args:
            return "profile"
        if "source" in self.args:
            return "article"
        return "website"


@dataclass(frozen=True)
class Marker:
    number: int
    href: str
    passage: str
    source_title: str
    tip_id: str
    note: str | None = None


@dataclass(frozen=True)
class RelationView:
    relation: model.Relation
    other: str  # the other person's id
    label: str  # what the other person is to this one
    declared_here: bool


@dataclass(frozen=True)
class AttributionSide:
    answer: str  # the answer's id
    speakers: list[model.Voice | None]
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


class SiteModel:
    """Cross-references computed once per build; every lookup the templates make is O(1)."""

    def __init__(self, verified: Verified, url_scheme: Urls) -> None:
        self.verified = verified
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
            for relation, orders in (("after", event.after), ("before", event.before)):
                for order in orders:
                    self.orders_of[event.id].append(OrderView(order, order.event, relation, True))
                    inverse = "before" if relation == "after" else "after"
                    self.orders_of[order.event].append(OrderView(order, event.id, inverse, False))
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
                self.relations_of[person.id].append(RelationView(relation, relation.person, RELATION_LABELS[relation.kind], True))
                inverse = model.INVERSE_RELATION[relation.kind]
                self.relations_of[relation.person].append(RelationView(relation, person.id, RELATION_LABELS[inverse], False))
        self.omissions_by_source: dict[str, list[model.Omission]] = defaultdict(list)
        for omission in index.content.omissions:
            self.omissions_by_source[omission.citations[0].source].append(omission)
        self.corrections_of = corrections_by_statement(index.content.corrections)  # statement id -> its corrections
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
        self._support: dict[str, Support] = {}
        ids = sorted(index.sources, key=len, reverse=True)
        self._source_mention = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, ids)) + r")(?![\w-])") if ids else None

    def support(self, statement_id: str) -> Support:
        """Articles cited and independent reports among them: articles that copy each other count as one."""
        if statement_id not in self._support:
            self._support[statement_id] = support_of(self.verified, statement_id)
        return self._support[statement_id]

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
        over_speaker = {a.disagreement.id for a in self.attributions(record_id)} if record_id in self.index.quotes else set()
        return [d for d in self.disputed_by(record_id) if d.id not in over_speaker]

    def speaker_names(self, quote: model.Quote) -> str:
        """Plain text for who said a quote: the speaker, or every speaker the articles give it to."""
        disputes = self.attributions(quote.id)
        if not disputes:
            return self.voice(quote.speaker)
        names = [self.voice(v) for a in disputes for side in a.sides for v in side.speakers]
        return " or ".join(dict.fromkeys(names))

    def prose_parts(self, text: str) -> list[tuple[str, str | None]]:
        """Split plain text at mentions of source ids: (text, None) and (source label, source id) parts."""
        if self._source_mention is None:
            return [(text, None)]
        parts: list[tuple[str, str | None]] = []
        last = 0
        for m in self._source_mention.finditer(text):
            parts.append((text[last:m.start()], None))
            source = self.index.sources[m.group()]
            label = source.label or source.title
            if _SENTENCE_START.search(text, 0, m.start()):
                label = label[:1].upper() + label[1:]  # "the “x” article" opening a sentence
            parts.append((label, source.id))
            last = m.end()
        parts.append((text[last:], None))
        return [p for p in parts if p[0]]

    def label(self, record_id: str) -> str:
        kind, record = self.index.records[record_id]
        if kind == "person":
            return record.name  # type: ignore[attr-defined]
        if kind in ("event", "source", "topic", "transcript"):
            return record.title  # type: ignore[attr-defined]
        if kind == "disagreement":
            return record.question  # type: ignore[attr-defined]
        if kind == "quote":
            return self.quote_text(record_id)
        if kind == "order":
            return self.order_sentence(record_id)
        return getattr(record, "text", None) or getattr(record, "action", None) or getattr(record, "reason", None) or record_id

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
        return f"{later.title} came after {earlier.title}."

    def quote_text(self, quote_id: str) -> str:
        located = self.verified.located.get(quote_id, ())
        return located[0].exact if located else quote_id

    def statement_text(self, statement_id: str) -> str:
        """Plain-text rendering of what a statement says, for the export and for previews."""
        statement = self.index.statement_by_id[statement_id]
        record = statement.record
        if statement.kind == "relation":
            owner = self.index.people[statement.owner or ""]
            other = self.index.people.get(record.person)  # type: ignore[attr-defined]
            other_name = other.name if other else record.person  # type: ignore[attr-defined]
            return f"{other_name} is the {RELATION_LABELS[record.kind]} of {owner.name}."  # type: ignore[attr-defined]
        if statement.kind == "quote":
            return self.quote_text(statement_id)
        if statement.kind == "event":
            return f"{record.title}: {record.text}"  # type: ignore[attr-defined]
        return self.label(statement_id)

    def voice(self, voice: model.Voice | None) -> str:
        if voice is None or voice.kind == "article":
            return voice.label if voice is not None and voice.label else "the article"
        if voice.kind == "person" and voice.person:
            person = self.index.people.get(voice.person)
            return person.name if person else voice.person
        return voice.label or VOICE_LABELS.get(voice.kind, voice.kind)


class PageContext:
    """What a template sees of the site while it renders one page (links are relative to that page)."""

    def __init__(self, site: SiteModel, page_url: str) -> None:
        self.site = site
        self.page_url = page_url
        self._numbers: dict[tuple[str, str], int] = {}
        self._tips = 0

    def href(self, record_id: str) -> str:
        return self.site.urls.relative(self.site.url_of[record_id], self.page_url)

    def page_href(self, src_uri: str) -> str:
        return self.site.urls.relative(self.site.urls.page_url(src_uri), self.page_url)

    def file_href(self, path: str) -> str:
        """A link to a file the build writes (not a page), e.g. corrections.atom."""
        return self.site.urls.relative(path, self.page_url)

    def label(self, record_id: str) -> str:
        return self.site.label(record_id)

    def markers(self, statement_id: str) -> list[Marker]:
        result = []
        for located in self.site.verified.located.get(statement_id, ()):
            key = (located.source, located.anchor)
            number = self._numbers.setdefault(key, len(self._numbers) + 1)
            self._tips += 1
            target = self.site.urls.page_url(urls.source_page(located.source)) + f"#{located.anchor}"
            result.append(Marker(number, self.site.urls.relative(target, self.page_url), located.exact, self.site.source_titles[located.source], f"tip-{self._tips}", located.note))
        return result

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

    def located(self, statement_id: str) -> tuple[Located, ...]:
        return self.site.verified.located.get(statement_id, ())

    def corrections(self, statement_id: str) -> list[model.Correction]:
        return self.site.corrections_of.get(statement_id, [])

    def kind(self, record_id: str) -> str:
        return self.site.index.records[record_id][0]


class Renderer:
    def __init__(self, verified: Verified, url_scheme: Urls | None = None, template_dirs: list[str] | None = None) -> None:
        """`template_dirs`: folders whose templates replace the engine's own of the same name."""
        self.site = SiteModel(verified, url_scheme or Urls())
        self.env = jinja2.Environment(
            loader=jinja2.ChoiceLoader([jinja2.FileSystemLoader(template_dirs or []), jinja2.PackageLoader("explainer", "templates")]),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.env.globals.update(
            voice=self.site.voice,
            relation_labels=RELATION_LABELS,
            sources_page=urls.SOURCES,
            kind_labels=KIND_LABELS,
            diff_against=diff_against,
            percent=lambda x: f"{x * 100:.0f}%",
            percent1=lambda x: f"{x * 100:.1f}%",
            shingle_words=SHINGLE_WORDS,
            copy_threshold=COPY_THRESHOLD,
            long_date=long_date,
            layout_of=lambda source_id: source_layout(self.site, source_id),
            date_text=dates.date_text,
            inferred_badges=dates.inferred_badges,
            steps=errorpage.steps(),
            shown_example=errorpage.shown_example,
            example_project=errorpage.example_project(),
        )
        self.env.filters["ticks"] = _ticks
        self.env.filters["prose"] = _prose
        self.env.filters["clip"] = _clip
        self.env.filters["plain"] = lambda text: "".join(part for part, _ in self.site.prose_parts(text))

    def plan(self) -> list[PagePlan]:
        return plan_pages(self.site)

    def render(self, page: PagePlan, page_url: str) -> str:
        template = self.env.get_template(page.template)
        return template.render(x=PageContext(self.site, page_url), site=self.site, page=page, **page.args)

    def wikilink_resolver(self, page_url: str) -> Resolve:
        """How the wiki-links of the hand-written page at `page_url` become HTML (see wikilinks.py);
        names and passages are escaped here and never read as Markdown."""
        context = PageContext(self.site, page_url)
        macros = self.env.get_template("macros.html").make_module({"x": context})

        def resolve(link: WikiLink) -> str:
            if link.cite:
                return str(macros.cite(link.target)).strip()  # type: ignore[attr-defined]
            text = link.text.strip() if link.text else context.label(link.target)
            return str(Markup('<a class="wikilink" href="{}">{}</a>').format(context.href(link.target), text))

        return resolve


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
        out += Markup('<a class="ex-source-ref" href="{}">{}</a>').format(x.href(source_id), part) if source_id else part
    return out


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.ids |= {value for name, value in attrs if name == "id" and value}


def anchor_ids(html: str) -> set[str]:
    """The ids in a page's HTML: what links from other pages may point at (`page.html#id`)."""
    parser = _Ids()
    parser.feed(html)
    parser.close()
    return parser.ids


def _ticks(text: str) -> Markup:
    """Our own text with `backquoted` parts as code, escaped (the error-codes page's summaries and fixes)."""
    parts = text.split("`")
    return Markup("").join(Markup("<code>{}</code>").format(part) if n % 2 else escape(part) for n, part in enumerate(parts))


def _first_path(records: list[Any]) -> str | None:
    return records[0].pos.path if records else None


def plan_pages(site: SiteModel) -> list[PagePlan]:
    index = site.index
    content = index.content
    pages = [
        PagePlan(urls.PEOPLE, "People", "people_index.html", _first_path(content.people), "Everyone the articles name, with what each article says about them."),
        PagePlan(urls.TIMELINE, "Timeline", "timeline.html", _first_path(content.events), "The events in order, with how precisely each is dated and which years are inferred."),
        PagePlan(urls.QUOTES, "Quotes", "quotes_index.html", _first_path(content.quotes), "Every quotation, with each article's own wording."),
        PagePlan(urls.CLAIMS, "Claims by topic", "claims_index.html", _first_path(content.topics), "The facts the articles state, grouped by topic, each with who says so."),
        PagePlan(urls.DISAGREEMENTS, "Where the articles disagree", "disagreements.html", _first_path(content.disagreements), "Questions the articles answer differently, with every side cited."),
        PagePlan(urls.SOURCES, "Sources", "sources_index.html", _first_path(content.sources), "The articles, with how much of each the explainer cites."),
    ]
    pages.append(PagePlan(urls.TRANSCRIPTS, "Transcripts", "transcripts_index.html", _first_path(content.transcripts), "Exchanges reconstructed line by line from the articles."))
    corrected = "Published statements that were corrected: when, what was wrong, what they say now, and why."
    pages.append(PagePlan(urls.CORRECTIONS, "Corrections", "corrections.html", _first_path(content.corrections), corrected))
    codes_page = "Every problem explainer check reports: its stable code, an example of the bad input, and the fix."
    pages.append(PagePlan(urls.ERROR_CODES, "Error codes", "error_codes.html", None, codes_page))
    for person in content.people:
        pages.append(PagePlan(urls.person_page(person.id), person.name, "person.html", person.pos.path, f"What the articles say about {person.name}, with citations.", {"person": person}))
    for quote in content.quotes:
        speaker = site.speaker_names(quote)
        if site.attributions(quote.id):
            title = f"Quote, speaker disputed: {_clip(site.quote_text(quote.id))}"
            description = f"Each article's wording of a quote the articles attribute to {speaker}: who said it is disputed."
        else:
            title = f"Quote: {_clip(site.quote_text(quote.id))}"
            description = f"Each article's wording of a quote by {speaker}."
        pages.append(PagePlan(urls.quote_page(quote.id), title, "quote.html", quote.pos.path, description, {"quote": quote}))
    for topic in content.topics:
        pages.append(PagePlan(urls.topic_page(topic.id), topic.title, "claims_topic.html", topic.pos.path, topic.summary or f"Claims about {topic.title}.", {"topic": topic}))
    for source in content.sources:
        if source.id in site.verified.seeds:
            pages.append(PagePlan(urls.source_page(source.id), source.title, "source.html", source.pos.path, "Full text of the article, with every passage the explainer cites.", {"source": source}))
    for transcript in content.transcripts:
        pages.append(PagePlan(urls.transcript_page(transcript.id), transcript.title, "transcript.html", transcript.pos.path, transcript.summary or transcript.title, {"transcript": transcript}))
    return pages


def _clip(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def source_layout(site: SiteModel, source_id: str) -> list[Any]:
    seed = site.verified.seeds[source_id]
    return layout(seed.text, [(p.located.start, p.located.end) for p in site.passages.get(source_id, [])])
