"""Structured data: schema.org JSON-LD for every page, and W3C Web Annotations for every citation.

Every page's JSON-LD names its main thing (a Person, a Quotation, a list, the site's copy of an article...)
and, through `mainEntityOfPage`, the page itself and the site it belongs to. Only the vocabulary's stable
terms are used (no pending ones), and tests/test_conformance.py checks every type and property against a
pinned copy of the schema.org vocabulary. The full text of an article never goes into JSON-LD: a source page
describes the site's copy and what it is a copy of, as far as the article itself says.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import quote

from explainer.content import model
from explainer.content.schema import Record, sections
from explainer.core import codes
from explainer.core.generations import Generations
from explainer.core.indented_json import IndentedJson
from explainer.evidence.seeds import SAFE_SEED_NAME
from explainer.site import urls
from explainer.site.pages import PagePlan
from explainer.site.sitemodel import SiteModel

CONTEXT = "https://schema.org"
UNORDERED = "https://schema.org/ItemListUnordered"
SEEDS_DIR = "data/seeds"
SEED_FORMAT = "text/plain"
# Characters of prefix and suffix a TextQuoteSelector carries at least; more where that is not enough for
# the quote, with its prefix and suffix, to match only one place in its seed (`selector_context`).
CONTEXT_SIZE = 32


@dataclass(frozen=True)
class Publication:
    """What the structured data says about the site itself."""

    url: str  # the site address (site_url), ending in "/"; "" when there is none
    name: str
    description: str
    language: str  # of the site's own text, a BCP 47 tag such as "en"; the articles are in it too
    created: datetime | None = None  # when the content last changed (see timestamps.py)


def absolute(site_url: str, path: str) -> str:
    return site_url.rstrip("/") + "/" + path.lstrip("/") if site_url else path


def seed_path(name: str) -> str:
    """Where the site publishes the seed named `name`: always as plain text, under the folder the engine
    chooses, and only for a name of the safe pattern (the check refuses others; this refuses them again,
    so that no file's name can ever decide how the site serves it)."""
    if not SAFE_SEED_NAME.fullmatch(name):
        raise ValueError(f"seed file name {name!r} is not of the safe pattern")
    return f"{SEEDS_DIR}/{quote(name)}"


def seed_url(site: SiteModel, site_url: str, source_id: str) -> str:
    return absolute(site_url, seed_path(site.verified.seeds[source_id].name))


def _plain(site: SiteModel, text: str) -> str:
    """Editor text as plain text: source ids become the articles' labels, as on the pages."""
    return "".join(part for part, _ in site.prose_parts(text))


# --- schema.org: the site, its pages, and the things they are about ------------------------------------------


def website(pub: Publication) -> dict[str, Any]:
    data: dict[str, Any] = {"@type": "WebSite", "name": pub.name, "inLanguage": pub.language}
    if pub.url:
        data["url"] = pub.url
    return data


def web_page(pub: Publication, url: str, title: str, description: str, kind: str = "WebPage") -> dict[str, Any]:
    """A page of the site: `kind` is WebPage or a subtype (CollectionPage, ProfilePage)."""
    page: dict[str, Any] = {
        "@type": kind,
        "url": absolute(pub.url, url),
        "name": title,
        "inLanguage": pub.language,
        "isPartOf": website(pub),
    }
    if description:
        page["description"] = description
    return page


def handwritten_page_data(pub: Publication, url: str, title: str, description: str, *, is_home: bool) -> dict[str, Any]:
    """JSON-LD for a hand-written page (home, how-to-edit, ...) and the 404 page: the page, in the site.
    The home page describes the site itself as well."""
    data = {"@context": CONTEXT, **web_page(pub, url, title, description)}
    if is_home:
        data["isPartOf"] = {**website(pub), "description": pub.description} if pub.description else website(pub)
        data["mainEntity"] = data["isPartOf"]
    return data


def _person_ref(site: SiteModel, pub: Publication, person_id: str) -> dict[str, Any]:
    return {"@type": "Person", "name": site.label(person_id), "url": absolute(pub.url, site.url_of[person_id])}


def original_work(source: model.Source) -> dict[str, Any]:
    """The article a seed is a copy of, as far as the content says: its headline where the title is the
    article's own headline, else the editors' description of it. No address, date or outlet is invented."""
    if source.title_kind == "headline":
        return {"@type": "CreativeWork", "headline": source.title}
    return {"@type": "CreativeWork", "description": source.title}


def source_copy(site: SiteModel, pub: Publication, source_id: str) -> dict[str, Any]:
    """The site's copy of an article (its source page): named as the site names it, based on the article."""
    source = site.index.sources[source_id]
    return {
        "@type": "CreativeWork",
        "name": source.title,
        "url": absolute(pub.url, site.url_of[source_id]),
        "isBasedOn": original_work(source),
    }


def person_data(site: SiteModel, pub: Publication, person: model.Person) -> dict[str, Any]:
    data: dict[str, Any] = {"@type": "Person", "name": person.name, "url": absolute(pub.url, site.url_of[person.id])}
    if person.aliases:
        data["alternateName"] = list(person.aliases)
    for view in site.relations_of.get(person.id, []):
        other = _person_ref(site, pub, view.other)
        key = {"spouse": "spouse", "child": "children", "parent": "parent"}.get(view.kind)
        if key == "spouse":
            data["spouse"] = other
        elif key:
            data.setdefault(key, []).append(other)
    return data


def quotation_data(site: SiteModel, pub: Publication, quote: model.Quote) -> dict[str, Any]:
    located = site.verified.located.get(quote.id, ())
    data: dict[str, Any] = {
        "@type": "Quotation",
        "text": site.quote_text(quote.id),
        "url": absolute(pub.url, site.url_of[quote.id]),
        "citation": [source_copy(site, pub, source) for source in dict.fromkeys(c.source for c in located)],
    }
    # A quote whose speaker the articles dispute names no creator: each side is in its Question.
    if (
        quote.speaker is not None
        and quote.speaker.kind == "person"
        and quote.speaker.person
        and not site.attributions(quote.id)
    ):
        data["creator"] = _person_ref(site, pub, quote.speaker.person)
    disputes = site.disputed_by(quote.id)
    if disputes:
        data["subjectOf"] = [question_data(site, pub, d) for d in disputes]
    return data


def question_data(site: SiteModel, pub: Publication, disagreement: model.Disagreement) -> dict[str, Any]:
    """A disagreement as a schema.org Question, each side a suggested Answer."""
    return {
        "@type": "Question",
        "name": disagreement.question,
        "url": absolute(pub.url, site.url_of[disagreement.id]),
        "suggestedAnswer": [
            {"@type": "Answer", "text": site.statement_text(a.id), "url": absolute(pub.url, site.url_of[a.id])}
            for a in disagreement.answers
        ],
    }


def event_data(site: SiteModel, pub: Publication, event: model.Event) -> dict[str, Any]:
    data: dict[str, Any] = {
        "@type": "Event",
        "name": event.title,
        "description": _plain(site, event.text),
        "url": absolute(pub.url, site.url_of[event.id]),
    }
    # Only a date the articles state: schema.org can mark neither an inferred part nor a range of
    # uncertainty, so an event with either carries no startDate (the page shows its date and reasoning).
    date = event.date
    if (
        date is not None
        and not date.is_range
        and all(part.basis == "stated" for _, part in date.parts())
        and (start := iso_date(date))
    ):
        data["startDate"] = start
    if event.place:
        data["location"] = {"@type": "Place", "name": event.place}
    if event.participants:
        data["attendee"] = [_person_ref(site, pub, person_id) for person_id in event.participants]
    return data


def iso_date(date: model.DatePoint) -> str | None:
    """The date as precisely as it is known, in ISO 8601: 2025, 2025-03 or 2025-03-04."""
    if date.year is None:
        return None
    if date.month is None:
        return f"{date.year.value:04d}"
    return f"{date.year.value:04d}-{date.month.value:02d}" + (f"-{date.day.value:02d}" if date.day is not None else "")


def item_list(name: str, items: list[dict[str, Any]], *, ordered: bool = True) -> dict[str, Any]:
    """A list as a page shows it. An unordered one (the timeline, whose order is only partly known) says
    so and gives its items no positions: the page's reading order is no claim about what came first."""
    if not ordered:
        return {
            "@type": "ItemList",
            "name": name,
            "numberOfItems": len(items),
            "itemListOrder": UNORDERED,
            "itemListElement": [{"@type": "ListItem", "item": item} for item in items],
        }
    return {
        "@type": "ItemList",
        "name": name,
        "numberOfItems": len(items),
        "itemListElement": [
            {"@type": "ListItem", "position": n, "item": item} for n, item in enumerate(items, start=1)
        ],
    }


def _named(
    site: SiteModel, pub: Publication, record_id: str, kind: str = "CreativeWork", name: str | None = None
) -> dict[str, Any]:
    return {
        "@type": kind,
        "name": name if name is not None else _plain(site, site.label(record_id)),
        "url": absolute(pub.url, site.url_of[record_id]),
    }


def index_items(site: SiteModel, pub: Publication, src_uri: str) -> list[dict[str, Any]] | None:
    """What an index page lists, in its order; None for a page that is no index."""
    content = site.index.content
    if src_uri == urls.PEOPLE:
        return [_person_ref(site, pub, p.id) for p in content.people]
    if src_uri == urls.TIMELINE:
        return [event_data(site, pub, site.index.events[event_id]) for event_id in site.timeline.events()]
    if src_uri == urls.QUOTES:
        return [quotation_data(site, pub, q) for q in content.quotes]
    if src_uri == urls.CLAIMS:
        return [_named(site, pub, t.id, "CreativeWork", t.title) for t in content.topics]
    if src_uri == urls.DISAGREEMENTS:
        return [_named(site, pub, d.id, "CreativeWork", d.question) for d in content.disagreements]
    if src_uri == urls.SOURCES:
        return [source_copy(site, pub, s.id) for s in content.sources if s.id in site.verified.seeds]
    if src_uri == urls.TRANSCRIPTS:
        return [_named(site, pub, t.id, "CreativeWork", t.title) for t in content.transcripts]
    if src_uri == urls.CORRECTIONS:
        return [correction_data(site, pub, c) for c in site.corrections]
    if src_uri == urls.COMPARE:
        # What the page compares: the articles themselves, as the sources index describes them.
        return [source_copy(site, pub, s.id) for s in content.sources if s.id in site.verified.seeds]
    return None


def error_codes_data(pub: Publication, url: str) -> dict[str, Any]:
    """The error-codes page: the set of codes `explainer check` reports, each a term defined there."""
    terms = [
        {
            "@type": "DefinedTerm",
            "termCode": c.code,
            "name": c.name,
            "description": c.summary,
            "url": absolute(pub.url, f"{url}#{c.anchor}"),
        }
        for c in codes.CODES
    ]
    return {"@type": "DefinedTermSet", "name": "Error codes of explainer check", "hasDefinedTerm": terms}


def correction_data(site: SiteModel, pub: Publication, correction: model.Correction) -> dict[str, Any]:
    """One entry of the corrections log: what a statement says now, why, and since when."""
    return {
        "@type": "CorrectionComment",
        "text": _plain(site, correction.now),
        "description": _plain(site, correction.why),
        "dateCreated": correction.date.isoformat(),
        "url": absolute(pub.url, site.url_of[correction.id]),
    }


def thing_data(site: SiteModel, pub: Publication, record: Record, schema_type: str) -> dict[str, Any]:
    """A record whose kind declares only its schema.org type (an Organization, ...): its name, address,
    other names and summary."""
    record_id: str = getattr(record, "id")  # noqa: B009 - records with pages have ids
    data: dict[str, Any] = {
        "@type": schema_type,
        "name": site.label(record_id),
        "url": absolute(pub.url, site.url_of[record_id]),
    }
    aliases = getattr(record, "aliases", None)
    if aliases:
        data["alternateName"] = list(aliases)
    summary = getattr(record, "summary", None)
    if summary:
        data["description"] = _plain(site, summary)
    return data


def _declared_index_items(site: SiteModel, pub: Publication, src_uri: str) -> list[dict[str, Any]] | None:
    """The index of a kind that declares its records' schema.org type: a reference to each record."""
    for name, cls in sections(model.Content).items():
        index, page = cls.KIND.index, cls.KIND.page
        if index is not None and index.path == src_uri and page is not None and page.schema_type is not None:
            return [
                _named(site, pub, record.id, page.schema_type, site.label(record.id))
                for record in getattr(site.index.content, name)
            ]
    return None


def page_data(site: SiteModel, plan: PagePlan, pub: Publication) -> dict[str, Any]:
    """JSON-LD for a generated page: its main thing, with the page (and the site) as `mainEntityOfPage`."""
    url = site.urls.page_url(plan.src_uri)
    record = plan.record
    page_kind = plan.page.schema_page or ("WebPage" if record is not None else "CollectionPage")
    if isinstance(record, model.Person):
        data = person_data(site, pub, record)
    elif isinstance(record, model.Quote):
        data = quotation_data(site, pub, record)
    elif isinstance(record, model.Source):
        data = source_copy(site, pub, record.id)
    elif isinstance(record, model.Topic):
        claims = site.claims_by_topic.get(record.id, [])
        data = item_list(
            record.title,
            [
                {"@type": "CreativeWork", "text": _plain(site, c.text), "url": absolute(pub.url, site.url_of[c.id])}
                for c in claims
            ],
        )
    elif isinstance(record, model.Transcript):
        data = _named(site, pub, record.id, "CreativeWork", record.title)
        if record.summary:
            data["description"] = _plain(site, record.summary)
        if record.event:
            data["about"] = _named(site, pub, record.event, "Event")
    elif record is not None and plan.page.schema_type is not None:
        data = thing_data(site, pub, record, plan.page.schema_type)
    elif plan.src_uri == urls.ERROR_CODES:
        data = error_codes_data(pub, url)
    elif plan.src_uri == urls.REFERENCE:
        # The content reference describes the file format, no thing of the story: the page itself.
        return {"@context": CONTEXT, **web_page(pub, url, plan.title, plan.description, page_kind)}
    else:
        items = index_items(site, pub, plan.src_uri)
        if items is None:
            items = _declared_index_items(site, pub, plan.src_uri)
        if items is None:
            raise ValueError(f"no structured data for the generated page {plan.src_uri}")
        data = item_list(plan.title, items, ordered=plan.src_uri != urls.TIMELINE)
    return {
        "@context": CONTEXT,
        **data,
        "mainEntityOfPage": web_page(pub, url, plan.title, plan.description, page_kind),
    }


def script_json(data: dict[str, Any]) -> str:
    """JSON that is safe inside <script>: no '<', '>' or '&' can end the element early."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


# --- W3C Web Annotations ---------------------------------------------------------------------------------------


def selector_context(text: str, start: int, end: int, minimum: int = CONTEXT_SIZE) -> tuple[str, str]:
    """Prefix and suffix for text[start:end]: at least `minimum` characters each (fewer at the text's ends),
    grown until the quote with them occurs at exactly one place in the text. A client re-anchoring by quote
    (W3C TextQuoteSelector) then lands on the cited copy, even where an article repeats a paragraph."""
    exact = text[start:end]
    size = minimum
    while True:
        prefix, suffix = text[max(0, start - size) : start], text[end : end + size]
        if count_matches(text, prefix, exact, suffix) == 1 or (len(prefix) == start and len(suffix) == len(text) - end):
            return prefix, suffix
        size *= 2


# Each passage's prefix and suffix as the last annotation collection and the one in progress found them, by the
# article's text and the passage's start and end: they depend on nothing else, and finding them is a search through
# the article for each of its 13,000 citations at 10,000 statements.
_CONTEXTS: Generations[tuple[str, int, int], tuple[str, str]] = Generations()


def count_matches(text: str, prefix: str, exact: str, suffix: str) -> int:
    """How many places in `text` hold `exact` preceded by `prefix` and followed by `suffix` (overlaps counted)."""
    whole = prefix + exact + suffix
    count, at = 0, text.find(whole)
    while at != -1:
        count += 1
        at = text.find(whole, at + 1)
    return count


def annotation_agent(pub: Publication) -> dict[str, Any]:
    """The annotations' creator: the site, whose editors chose each passage for each statement. It has no
    nickname (the suite's SHOULD for one is listed as not applicable in tests/test_web_annotations.py)."""
    agent: dict[str, Any] = {"type": "Organization", "name": pub.name}
    if pub.url:
        agent = {"id": pub.url, **agent}
    return agent


def _created(pub: Publication) -> dict[str, str]:
    return {"created": pub.created.strftime("%Y-%m-%dT%H:%M:%SZ")} if pub.created is not None else {}


def annotation_collection(site: SiteModel, pub: Publication) -> dict[str, Any]:
    """Every citation as a W3C Web Annotation: the statement is the body, the passage the target.

    One AnnotationCollection with one embedded AnnotationPage, checked against the W3C test suite by
    tests/test_web_annotations.py. `created` is when the content last changed, so that the same content
    always gives the same file (timestamps.py)."""
    collection_id = absolute(pub.url, urls.ANNOTATIONS)
    page_id = f"{collection_id}#page-1"
    creator = annotation_agent(pub)
    created = _created(pub)
    # Each article's address and each passage's context, found once (a passage is cited by several statements,
    # and `mkdocs serve` writes this file again on every save: see `_CONTEXTS`).
    seed_urls = {source_id: seed_url(site, pub.url, source_id) for source_id in site.verified.seeds}
    _CONTEXTS.next_run()
    items = []
    for statement in site.index.statements:
        # A disputed statement says so: a "disputed" tag, and a link to each disagreement.
        disputes = site.disputed_by(statement.id)
        tag = {
            "type": "TextualBody",
            "value": site.words.text("dispute.badge"),
            "format": "text/plain",
            "language": pub.language,
            "purpose": "tagging",
        }
        disputed: list[dict[str, Any]] = [tag] if disputes else []
        disputed += [
            {"type": "SpecificResource", "source": absolute(pub.url, site.url_of[d.id]), "purpose": "linking"}
            for d in disputes
        ]
        located = site.verified.located.get(statement.id, ())
        said = site.statement_text(statement.id) if located else ""
        for number, c in enumerate(located, start=1):
            text = site.verified.seeds[c.source].text
            prefix, suffix = _CONTEXTS.get((text, c.start, c.end), lambda: selector_context(text, c.start, c.end))
            items.append(
                {
                    "id": f"{collection_id}#{statement.id}-{number}",
                    "type": "Annotation",
                    "motivation": "describing",
                    "creator": creator,
                    **created,
                    "body": [
                        {
                            "type": "TextualBody",
                            "value": said,
                            "format": "text/plain",
                            "language": pub.language,
                            "purpose": "describing",
                            "creator": creator,
                            **created,
                        },
                        {
                            "type": "SpecificResource",
                            "source": absolute(pub.url, site.url_of[statement.id]),
                            "purpose": "linking",
                        },
                        *disputed,
                    ],
                    "target": {
                        "type": "SpecificResource",
                        "source": {
                            "id": seed_urls[c.source],
                            "type": "Text",
                            "format": SEED_FORMAT,
                            "language": pub.language,
                        },
                        "selector": [
                            {"type": "TextQuoteSelector", "exact": c.exact, "prefix": prefix, "suffix": suffix},
                            {"type": "TextPositionSelector", "start": c.start, "end": c.end},
                        ],
                    },
                }
            )
    label = site.words.text("structured.annotations")
    # The page names its collection by an embedded description (id, label, total), as the model's own
    # example does: the W3C suite reads the collection's properties from there.
    part_of = {"id": collection_id, "label": label, "total": len(items)}
    return {
        "@context": "http://www.w3.org/ns/anno.jsonld",
        "id": collection_id,
        "type": "AnnotationCollection",
        "label": label,
        "creator": creator,
        **_created(pub),
        "total": len(items),
        "first": {"id": page_id, "type": "AnnotationPage", "partOf": part_of, "startIndex": 0, "items": items},
        "last": page_id,
    }


# Written as json.dumps(indent=1) writes it, each unchanged record from what the last build wrote (`mkdocs serve`).
_ANNOTATIONS = IndentedJson(indent=1)


def annotations_json(site: SiteModel, pub: Publication) -> str:
    return _ANNOTATIONS.dumps(annotation_collection(site, pub))
