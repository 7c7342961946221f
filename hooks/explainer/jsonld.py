"""schema.org JSON-LD for person, quote and source pages, and W3C Web Annotations for every citation."""

from __future__ import annotations

import json
from typing import Any

from . import model, urls
from .render import PagePlan, SiteModel
from .schema import Record

CONTEXT = "https://schema.org"
CONTEXT_SIZE = 32  # characters of prefix/suffix in a TextQuoteSelector
SEEDS_DIR = "data/seeds"


def absolute(site_url: str, path: str) -> str:
    return site_url.rstrip("/") + "/" + path.lstrip("/") if site_url else path


def seed_url(site: SiteModel, site_url: str, source_id: str) -> str:
    return absolute(site_url, f"{SEEDS_DIR}/{site.verified.seeds[source_id].name}")


def _source_ref(site: SiteModel, site_url: str, source_id: str) -> dict[str, Any]:
    source = site.index.sources[source_id]
    ref: dict[str, Any] = {
        "@type": "CreativeWork",
        "name": source.title,
        "url": absolute(site_url, site.url_of[source_id]),
    }
    if source.title_kind == "headline":
        ref["headline"] = source.title
    return ref


def _thing(site: SiteModel, site_url: str, record: Record, schema_type: str) -> dict[str, Any]:
    """A schema.org thing with a page of its own: its type, name, address, other names and summary."""
    record_id: str = getattr(record, "id")  # noqa: B009 - records with pages have ids
    data: dict[str, Any] = {
        "@context": CONTEXT,
        "@type": schema_type,
        "name": site.label(record_id),
        "url": absolute(site_url, site.url_of[record_id]),
    }
    aliases = getattr(record, "aliases", None)
    if aliases:
        data["alternateName"] = list(aliases)
    summary = getattr(record, "summary", None)
    if summary:
        data["description"] = "".join(part for part, _ in site.prose_parts(summary))
    return data


def page_data(site: SiteModel, plan: PagePlan, site_url: str) -> dict[str, Any] | None:
    """JSON-LD for a generated page, or None for pages that describe no single thing."""
    record = plan.record
    if isinstance(record, model.Person):
        data = _thing(site, site_url, record, "Person")
        data.pop("description", None)
        for view in site.relations_of.get(record.id, []):
            other = {
                "@type": "Person",
                "name": site.label(view.other),
                "url": absolute(site_url, site.url_of[view.other]),
            }
            key = {"spouse": "spouse", "child": "children", "parent": "parent"}.get(view.label)
            if key == "spouse":
                data["spouse"] = other
            elif key:
                data.setdefault(key, []).append(other)
        return data
    if isinstance(record, model.Quote):
        located = site.verified.located.get(record.id, ())
        data = {
            "@context": CONTEXT,
            "@type": "Quotation",
            "text": site.quote_text(record.id),
            "url": absolute(site_url, site.url_of[record.id]),
            "citation": [_source_ref(site, site_url, source) for source in dict.fromkeys(c.source for c in located)],
        }
        # A quote whose speaker the articles dispute names no creator: each side is in its Question.
        if record.speaker.kind == "person" and record.speaker.person and not site.attributions(record.id):
            person = record.speaker.person
            data["creator"] = {
                "@type": "Person",
                "name": site.label(person),
                "url": absolute(site_url, site.url_of[person]),
            }
        disputes = site.disputed_by(record.id)
        if disputes:
            data["subjectOf"] = [_question(site, site_url, d) for d in disputes]
        return data
    if isinstance(record, model.Source):
        return {
            **_source_ref(site, site_url, record.id),
            "@context": CONTEXT,
            "text": site.verified.seeds[record.id].text,
            "hasPart": [
                {
                    "@type": "Quotation",
                    "text": p.located.exact,
                    "url": absolute(site_url, site.url_of[record.id] + "#" + p.anchor),
                }
                for p in site.passages.get(record.id, [])
            ],
        }
    if record is not None and plan.page.schema_type is not None:
        return _thing(site, site_url, record, plan.page.schema_type)
    return None


def _question(site: SiteModel, site_url: str, disagreement: model.Disagreement) -> dict[str, Any]:
    """A disagreement as a schema.org Question, each side a suggested Answer."""
    return {
        "@type": "Question",
        "name": disagreement.question,
        "url": absolute(site_url, site.url_of[disagreement.id]),
        "suggestedAnswer": [
            {"@type": "Answer", "text": site.statement_text(a.id), "url": absolute(site_url, site.url_of[a.id])}
            for a in disagreement.answers
        ],
    }


def script_json(data: dict[str, Any]) -> str:
    """JSON that is safe inside <script>: no '<', '>' or '&' can end the element early."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def annotation_collection(site: SiteModel, site_url: str) -> dict[str, Any]:
    """Every citation as a W3C Web Annotation: the statement is the body, the passage the target."""
    items = []
    for statement in site.index.statements:
        # A disputed statement says so: a "disputed" tag, and a link to each disagreement.
        disputes = site.disputed_by(statement.id)
        disputed: list[dict[str, Any]] = (
            [{"type": "TextualBody", "value": "disputed", "format": "text/plain", "purpose": "tagging"}]
            if disputes
            else []
        )
        disputed += [
            {"type": "SpecificResource", "source": absolute(site_url, site.url_of[d.id]), "purpose": "linking"}
            for d in disputes
        ]
        for number, c in enumerate(site.verified.located.get(statement.id, ()), start=1):
            text = site.verified.seeds[c.source].text
            items.append(
                {
                    "id": absolute(site_url, f"{urls.ANNOTATIONS}#{statement.id}-{number}"),
                    "type": "Annotation",
                    "motivation": "describing",
                    "body": [
                        {
                            "type": "TextualBody",
                            "value": site.statement_text(statement.id),
                            "format": "text/plain",
                            "purpose": "describing",
                        },
                        {
                            "type": "SpecificResource",
                            "source": absolute(site_url, site.url_of[statement.id]),
                            "purpose": "linking",
                        },
                        *disputed,
                    ],
                    "target": {
                        "source": seed_url(site, site_url, c.source),
                        "selector": [
                            {
                                "type": "TextQuoteSelector",
                                "exact": c.exact,
                                "prefix": text[max(0, c.start - CONTEXT_SIZE) : c.start],
                                "suffix": text[c.end : c.end + CONTEXT_SIZE],
                            },
                            {"type": "TextPositionSelector", "start": c.start, "end": c.end},
                        ],
                    },
                }
            )
    return {
        "@context": "http://www.w3.org/ns/anno.jsonld",
        "id": absolute(site_url, urls.ANNOTATIONS),
        "type": "AnnotationCollection",
        "label": "Citations of the explainer, one annotation per cited passage",
        "total": len(items),
        "first": {"type": "AnnotationPage", "startIndex": 0, "items": items},
    }


def annotations_json(site: SiteModel, site_url: str) -> str:
    return json.dumps(annotation_collection(site, site_url), ensure_ascii=False, indent=1)
