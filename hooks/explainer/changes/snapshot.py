"""Load one side of a comparison (a folder or a git revision) through the checking pipeline."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from explainer.changes.revisions import Side, materialize
from explainer.core.diagnostics import Diagnostic, Severity
from explainer.evidence.pipeline import Layout, check
from explainer.site.sitemodel import SiteModel
from explainer.site.urls import Urls


@dataclass
class Snapshot:
    side: Side
    site: SiteModel | None  # None when the content has errors and they were not allowed
    pages: dict[str, bytes] = field(default_factory=dict)  # hand-written pages: docs/<path> -> bytes
    errors: list[Diagnostic] = field(default_factory=list)


def hand_written_pages(root: Path, docs_dir: str) -> dict[str, bytes]:
    """The Markdown pages under the side's `docs_dir` (its mkdocs.yml's, as its build reads them), by path
    in the project."""
    folder = root / docs_dir
    if not folder.is_dir():
        return {}
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*.md"))
        if p.is_file() and not p.is_symlink()
    }


def load_snapshot(spec: str, repo: Path, allow_errors: bool = False) -> Snapshot:
    """Read `spec`: `rev:REV`, `dir:PATH`, or a bare spec that is one of them (see revisions.parse_side;
    raises revisions.SideError when it names no project, or is ambiguous). With `allow_errors` a side
    whose content has errors is still compared, as far as it could be read."""
    with materialize(spec, repo) as (side, root, docs_dir):
        # Any revision of the history can be compared: older shapes of the content are upgraded, and
        # records are compared as read: today's editorial rules on wording (counts in prose, grounding)
        # are a gate for publishing the working tree, not for reading history.
        verified, diagnostics = check(Layout(root, docs_dir), upgrade_old_shapes=True, editorial=False)
        errors = [d for d in diagnostics if d.severity is Severity.ERROR]
        site = SiteModel(verified, Urls()) if allow_errors or not errors else None
        return Snapshot(side, site, hand_written_pages(root, docs_dir), errors)
