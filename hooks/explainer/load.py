"""Load step: find the content files and turn each into validated model records."""

from __future__ import annotations

from pathlib import Path

from . import codes
from .diagnostics import Pos, Report
from .model import Content
from .options import Options
from .schema import validate_file
from .tree import folder_problem, walk
from .upgrade import upgrade
from .yamlload import load_yaml

CONTENT_SUFFIXES = (".yaml", ".yml")


def content_files(root: Path, content_dir: str, report: Report) -> list[Path]:
    """The YAML files under the content folder, found without following links. A link anywhere in the folder
    is an error (it could hide records elsewhere, or read any file of the machine); so is a pipe or device
    named like a content file, which the YAML reader then reports as such."""
    files, irregular = walk(root, content_dir)
    found = [root / shown for shown in files if shown.endswith(CONTENT_SUFFIXES)]
    for item in irregular:
        if item.shown.endswith(CONTENT_SUFFIXES):
            found.append(root / item.shown)  # refused by load_yaml, with what it is
        else:
            report.error(
                codes.UNREADABLE_FILE,
                Pos(item.shown),
                f"{item.shown} is {item.what}",
                "the content folder holds regular files and folders only: replace a link by what it points at",
            )
    return sorted(found)


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
    if (problem := folder_problem(root, content_dir)) is not None:
        report.error(
            codes.UNREADABLE_FILE,
            Pos(content_dir),
            f"the content folder {problem}",
            f"make {content_dir}/ a real folder inside the project, holding the YAML files",
        )
        return content, report
    if not directory.is_dir():
        report.error(
            codes.CONTENT_FOLDER_MISSING,
            Pos(content_dir),
            f"content folder '{content_dir}' does not exist",
            "create it and add YAML files",
        )
        return content, report
    for path in content_files(root, content_dir, report):
        display = path.relative_to(root).as_posix()
        content.files.append(display)
        node = load_yaml(path, display, report, options)
        if node is not None:
            if upgrade_old_shapes:
                upgrade(node)
            validate_file(display, node, content, report, options)
    return content, report
