"""The citation lock: where each citation was found, per seed, the last time the content was locked.

Seeds never change; if one does anyway, its SHA-256 no longer matches its source record, and the lock
lets `explainer check` tell, for every citation of that seed, whether it moved (found at other
offsets) or broke (no longer found). `explainer lock` rewrites the file from the current content.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from explainer.core import codes
from explainer.core.diagnostics import Pos, Report
from explainer.core.tree import regular_inside
from explainer.evidence.verify import Lock, Verified, citation_key

LOCK_FILE = "citations.lock.json"


def build_lock(verified: Verified) -> dict[str, object]:
    citations: dict[str, dict[str, list[int]]] = {source_id: {} for source_id in verified.seeds}
    for statement in verified.index.statements:
        for citation, located in zip(statement.citations, verified.located.get(statement.id, ()), strict=True):
            if located.source in citations:
                citations[located.source][citation_key(statement.id, citation.quote)] = [located.start, located.end]
    sources = {
        source_id: {"seed": seed.name, "sha256": seed.sha256, "citations": dict(sorted(citations[source_id].items()))}
        for source_id, seed in sorted(verified.seeds.items())
    }
    return {
        "about": "Written by `explainer lock`: where each citation was found in its seed. Do not edit by hand.",
        "sources": sources,
    }


def lock_text(verified: Verified) -> str:
    text = json.dumps(build_lock(verified), indent=1, ensure_ascii=False)
    # One citation per line keeps diffs of the lock readable.
    return re.sub(r"\[\s+(\d+),\s+(\d+)\s+\]", r"[\1, \2]", text) + "\n"


def read_lock(root: Path, report: Report) -> Lock:
    """The lock's citations by source, or {} when the project has no lock; a lock that cannot be read as one
    (a link, not JSON, not the shape `explainer lock` writes) is an error, never taken for no lock: a changed
    seed would then go undiagnosed."""
    path = root / LOCK_FILE
    if not path.exists() and not path.is_symlink():
        return {}
    problem = regular_inside(root, path)
    if problem is not None:
        report.error(codes.BROKEN_LOCK, Pos(LOCK_FILE), f"{LOCK_FILE} is not read: {problem}", _HINT)
        return {}
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        report.error(codes.BROKEN_LOCK, Pos(LOCK_FILE), f"{LOCK_FILE} cannot be read: {exc}", _HINT)
        return {}
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        report.error(
            codes.BROKEN_LOCK, Pos(LOCK_FILE, exc.lineno, exc.colno), f"{LOCK_FILE} is not JSON: {exc.msg}", _HINT
        )
        return {}
    try:
        return {
            str(source_id): {str(key): (int(span[0]), int(span[1])) for key, span in entry["citations"].items()}
            for source_id, entry in data["sources"].items()
        }
    except (ValueError, KeyError, TypeError, IndexError, AttributeError):
        report.error(
            codes.BROKEN_LOCK,
            Pos(LOCK_FILE),
            f"{LOCK_FILE} is not a lock as `explainer lock` writes it (sources, each with its citations' offsets)",
            _HINT,
        )
        return {}


_HINT = "restore it from the last commit, or write it anew with `explainer lock` once the seeds are as they were"
