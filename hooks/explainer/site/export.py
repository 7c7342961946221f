"""The machine-readable export: every statement with its page URL, exact seed offsets, support and disputes.

The format is documented on the site's "Export format" page (docs/export.md).
"""

from __future__ import annotations

from typing import Any

from explainer.content import model
from explainer.core.indented_json import IndentedJson
from explainer.evidence.copying import COPY_THRESHOLD, SHINGLE_WORDS
from explainer.site.sitemodel import SiteModel


def export_point(point: model.DatePoint) -> dict[str, Any]:
    """{year: {value, basis}, month: ..., day: ...}; parts the evidence does not give are left out."""
    parts: dict[str, Any] = {}
    for name, part in reversed(point.parts()):  # year, month, day
        parts[name] = {
            "value": part.value,
            "basis": part.basis,
            **({"inference": part.inference} if part.inference else {}),
        }
    return parts


def export_date(date: model.EventDate | None) -> dict[str, Any]:
    """An event's date: its parts, or a range as {earliest, latest}; {} when no article dates it."""
    if date is None:
        return {}
    if date.earliest is not None and date.latest is not None:
        exported = {"earliest": export_point(date.earliest), "latest": export_point(date.latest)}
    else:
        exported = export_point(date)
    return {**exported, **({"as_written": date.as_written} if date.as_written else {})}


def export_records(site: SiteModel) -> dict[str, Any]:
    records = []
    chronology = site.index.chronology
    for statement in site.index.statements:
        record: dict[str, Any] = {
            "id": statement.id,
            "kind": statement.kind,
            "text": site.statement_text(statement.id),
            "url": site.url_of[statement.id],
        }
        if isinstance(statement.record, model.Event):
            record["date"] = export_date(statement.record.date)
            record["after"] = chronology.after(statement.id)
        elif isinstance(statement.record, model.EventOrder):
            record["earlier"], record["later"] = site.order_pair(statement.id)
        record["citations"] = [
            {"source": c.source, "seed": c.seed, "start": c.start, "end": c.end, "exact": c.exact}
            | ({"via": c.via} if c.via else {})  # the outlet the article says it relays
            for c in site.verified.located.get(statement.id, ())
        ]
        support = site.support(statement.id)
        record["support"] = {
            "articles": support.articles,
            "independent_reports": support.independent_reports,
            "groups": [list(g) for g in support.groups],
        }
        record["disputed_by"] = [d.id for d in site.disputed_by(statement.id)]
        records.append(record)
    disagreements = [
        {
            "id": d.id,
            "question": d.question,
            "kind": d.kind,
            "url": site.url_of[d.id],
            "concerns": list(d.concerns),
            "answers": [{"id": a.id, "concerns": list(a.concerns)} for a in d.answers],
        }
        for d in site.index.content.disagreements
    ]
    copying = site.copying
    return {
        "records": records,
        "disagreements": disagreements,
        "copying": {
            "shingle_words": SHINGLE_WORDS,
            "threshold": COPY_THRESHOLD,
            "pairs": [
                {
                    "a": p.a,
                    "b": p.b,
                    "shared": p.shared,
                    "a_shingles": p.a_total,
                    "b_shingles": p.b_total,
                    "a_in_b": round(p.a_in_b, 4),
                    "b_in_a": round(p.b_in_a, 4),
                    "copies": p.copies,
                }
                for p in copying.pairs.values()
            ],
            "groups": [list(g) for g in copying.groups],
        },
    }


# Written as json.dumps(indent=1) writes it, each unchanged record from what the last build wrote (`mkdocs serve`).
_EXPORT = IndentedJson(indent=1)


def export_json(site: SiteModel) -> str:
    return _EXPORT.dumps(export_records(site))
