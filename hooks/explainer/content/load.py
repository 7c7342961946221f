"""Load step: find the content files and turn each into validated model records, within the budgets of
the content as a whole (`Budgets`)."""

from __future__ import annotations

import dataclasses
import hashlib
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from explainer.content.model import Content
from explainer.content.options import Options
from explainer.content.schema import ListOf, Nested, Record, declared_keys, validate_file
from explainer.content.upgrade import upgrade
from explainer.content.yamlload import load_yaml
from explainer.core import codes
from explainer.core.diagnostics import Code, Diagnostic, Pos, Report
from explainer.core.tree import folder_problem, walk

CONTENT_SUFFIXES = (".yaml", ".yml")

# Each budget of the content as a whole (an option, see options.py): its code, what it counts, and what to check.
_RECORDS = "check that the content folder holds only the explainer's records"
_SEEDS = "check that each source names its own article, as plain text"
_PAGES = "check that docs/ holds only the site's hand-written pages"
BUDGETS: dict[str, tuple[Code, str, str]] = {
    "max_content_files": (codes.CONTENT_OVER_BUDGET, "content files", _RECORDS),
    "max_content_bytes": (codes.CONTENT_OVER_BUDGET, "bytes of content files", _RECORDS),
    "max_records": (codes.CONTENT_OVER_BUDGET, "records", _RECORDS),
    "max_seeds": (codes.SEEDS_OVER_BUDGET, "seeds", _SEEDS),
    "max_seeds_bytes": (codes.SEEDS_OVER_BUDGET, "bytes of seeds", _SEEDS),
    "max_docs_pages": (codes.PAGES_OVER_BUDGET, "pages in docs/", _PAGES),
    "max_docs_bytes": (codes.PAGES_OVER_BUDGET, "bytes of pages in docs/", _PAGES),
}


class Budgets:
    """What one check has read of the content as a whole, against the budgets of `options` (BUDGETS).

    The per-file limits bound each file; these bound their sum, so that a pull request adding thousands of
    files, records, seeds or pages can neither hang nor exhaust a check. Reading stops at the first file,
    record, seed or page past a budget, which is reported there: nothing is read silently in part.
    """

    def __init__(self, options: Options) -> None:
        self.options = options
        self.used: dict[str, int] = dict.fromkeys(BUDGETS, 0)
        self.exceeded: set[Code] = set()

    def spend_within(self, name: str, amount: int) -> bool:
        """Count `amount` against the budget `name` if it stays within it; False, counting nothing, if not."""
        if self.used[name] + amount > getattr(self.options, name):
            return False
        self.used[name] += amount
        return True

    def spend(self, name: str, amount: int, report: Report, pos: Pos) -> bool:
        """Count `amount` against the budget `name`; False, after reporting it at `pos`, once past it."""
        self.used[name] += amount
        limit: int = getattr(self.options, name)
        if self.used[name] <= limit:
            return True
        code, what, check = BUDGETS[name]
        self.exceeded.add(code)
        report.error(
            code,
            pos,
            f"more than {limit:,} {what} ({name}): reading stops here, and nothing from here on is checked",
            f"{check}; if it really is that large, raise {name} under extra.explainer in mkdocs.yml",
        )
        return False


def records_in(value: object) -> Iterator[Record]:
    """Every record in `value` (a record, or a list), nested ones too (a person's facts, their citations)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(reversed(item))
        elif isinstance(item, Record):
            yield item
            stack.extend(
                nested
                for nested in reversed([getattr(item, name) for name in _record_fields(type(item))])
                if isinstance(nested, list | Record)
            )


_RECORD_FIELDS: dict[type, tuple[str, ...]] = {}


def _record_fields(cls: type[Record]) -> tuple[str, ...]:
    """The keys of a record kind that hold other records, as the schema declares them (looked up once)."""
    found = _RECORD_FIELDS.get(cls)
    if found is None:
        found = _RECORD_FIELDS[cls] = tuple(
            key.name
            for key in declared_keys(cls)
            if isinstance(key.type, Nested) or (isinstance(key.type, ListOf) and isinstance(key.type.item, Nested))
        )
    return found


def _sections(content: Content) -> list[list[Record]]:
    return [getattr(content, f.name) for f in dataclasses.fields(content) if f.name != "files"]


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
    root: Path, options: Options | None = None, upgrade_old_shapes: bool = False, budgets: Budgets | None = None
) -> tuple[Content, Report]:
    """Read every YAML file under the content folder, within the limits and budgets of `options` (the
    defaults without them); problems go to the report, never raise. Past a budget, reading stops
    (`budgets.exceeded` says so).

    `upgrade_old_shapes` is for comparisons with older revisions only (see upgrade.py).
    """
    options = options or Options()
    budgets = budgets or Budgets(options)
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
        try:
            size = path.lstat().st_size
        except OSError:
            size = 0  # unreadable: load_yaml reports it
        start = Pos(display, 1, 1)
        if not budgets.spend("max_content_files", 1, report, start) or not budgets.spend(
            "max_content_bytes", size, report, start
        ):
            break
        content.files.append(display)
        added, count = _file_records(path, display, content, report, options, upgrade_old_shapes)
        if count is not None and budgets.spend_within("max_records", count):
            continue  # a file read before, whose records all fit: counted at once
        if not all(budgets.spend("max_records", 1, report, record.pos) for record in records_in(added)):
            break
    return content, report


@dataclass(frozen=True)
class _Loaded:
    """What reading one file gave: its bytes' digest and the options it was read with, its records by
    section, and its problems."""

    digest: bytes
    options: Options
    records: list[list[Record]]
    count: int  # its records, nested ones too (`records_in`)
    problems: list[Diagnostic]


# The last reading of each content file, by its path in the project: `mkdocs serve` checks the content again on
# every save, and reading and validating the files that did not change was half of the check at 10,000
# statements. What a file gives depends on its bytes and the options alone (validation is per file), and no
# step after loading changes a record.
_LOADED: dict[str, _Loaded] = {}


def _file_records(
    path: Path, display: str, content: Content, report: Report, options: Options, upgrade_old_shapes: bool
) -> tuple[list[list[Record]], int | None]:
    """Read and validate one file into `content` (its problems into `report`); its records, by section, and
    how many they are when the file was read before (None: count them)."""
    digest = _digest(path) if not upgrade_old_shapes else None
    known = _LOADED.get(display)
    if digest is not None and known is not None and known.digest == digest and known.options == options:
        for section, records in zip(_sections(content), known.records, strict=True):
            section.extend(records)
        report.items.extend(known.problems)
        return known.records, known.count
    problems_before = len(report.items)
    before = [len(section) for section in _sections(content)]
    node = load_yaml(path, display, report, options)
    if node is not None:
        if upgrade_old_shapes:
            upgrade(node)
        validate_file(display, node, content, report, options)
    added = [section[count:] for section, count in zip(_sections(content), before, strict=True)]
    if digest is not None:
        count = sum(1 for _ in records_in(added))
        _LOADED[display] = _Loaded(digest, options, added, count, report.items[problems_before:])
    return added, None


def _digest(path: Path) -> bytes | None:
    """The file's bytes' digest, for a regular file only (a pipe or a device is never read here: load_yaml
    refuses it, and says so)."""
    try:
        if not stat.S_ISREG(path.lstat().st_mode):
            return None
        return hashlib.blake2b(path.read_bytes(), digest_size=16).digest()
    except OSError:
        return None
