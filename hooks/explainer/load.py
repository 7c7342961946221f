"""Load step: find the content files and turn each into validated model records."""

from __future__ import annotations

from pathlib import Path

from . import codes
from .diagnostics import Pos, Report
from .model import Content
from .options import Options
from .schema import validate_file
from .upgrade import upgrade
from .yamlload import load_yaml

CONTENT_GLOBS = ("*.yaml", "*.yml")


def content_files(content_dir: Path) -> list[Path]:
    files = {p for pattern in CONTENT_GLOBS for p in content_dir.rglob(pattern)}
    return sorted(files)


def load_content(
    root: Path, options: Options | None = None, upgrade_old_shapes: bool = False
) -> tuple[Content, Report]:
    """Read every YAML file under the content folder, within the limits of `options` (the defaults without
    them); problems go to the report, never raise.

    `upgrade_old_shapes` is for comparisons with older revisions only (see upgrade.py).
    """
    options = options or Options()
    content_dir = options.content_dir
    report = Report()
    content = Content()
    directory = root / content_dir
    if not directory.is_dir():
        report.error(
            codes.CONTENT_FOLDER_MISSING,
            Pos(content_dir),
            f"content folder '{content_dir}' does not exist",
            "create it and add YAML files",
        )
        return content, report
    for path in content_files(directory):
        display = path.relative_to(root).as_posix()
        content.files.append(display)
        node = load_yaml(path, display, report, options)
        if node is not None:
            if upgrade_old_shapes:
                upgrade(node)
            validate_file(display, node, content, report, options)
    return content, report
