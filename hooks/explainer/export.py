"""The machine-readable export: every statement with its page URL and exact seed offsets."""

from __future__ import annotations

import json
from typing import Any

from .render import SiteModel


def export_records(site: SiteModel) -> dict[str, Any]:
    records = []
    for statement in site.index.statements:
        records.append(
            {
                "id": statement.id,
                "kind": statement.kind,
                "text": site.statement_text(statement.id),
                "url": site.url_of[statement.id],
                "citations": [
                    {"source": c.source, "seed": c.seed, "start": c.start, "end": c.end, "exact": c.exact}
                    for c in site.verified.located.get(statement.id, ())
                ],
            }
        )
    return {"records": records}


def export_json(site: SiteModel) -> str:
    return json.dumps(export_records(site), ensure_ascii=False, indent=1)
