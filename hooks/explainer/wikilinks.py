"""Wiki-links in hand-written pages: `[[id]]`, `[[id|shown text]]` and citation markers `[[cite:id]]`.

`[[id]]` links to any record by id (a person, quote, event, claim, source, ...); `[[cite:id]]` puts the
numbered citation markers of a statement at that place. Code spans and fenced code are left alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from .diagnostics import Pos, Report
from .resolve import nearest_id_hint
from .verify import Verified

WIKILINK = re.compile(r"\[\[(?P<cite>cite:)?(?P<target>[^\[\]|\n]*?)(?:\|(?P<text>[^\[\]\n]*))?\]\]")
_FENCE = re.compile(r"^(```|~~~)")
_CODE_SPAN = re.compile(r"`+[^`\n]*`+")


@dataclass(frozen=True)
class WikiLink:
    start: int
    end: int
    target: str
    text: str | None
    cite: bool
    line: int
    col: int


def find_wikilinks(markdown: str) -> Iterator[WikiLink]:
    in_fence = False
    offset = 0
    for number, line in enumerate(markdown.splitlines(keepends=True), start=1):
        if _FENCE.match(line.lstrip()):
            in_fence = not in_fence
        elif not in_fence:
            spans = [m.span() for m in _CODE_SPAN.finditer(line)]
            for m in WIKILINK.finditer(line):
                if any(a <= m.start() < b for a, b in spans):
                    continue
                yield WikiLink(offset + m.start(), offset + m.end(), m["target"].strip(), m["text"], bool(m["cite"]), number, m.start() + 1)
        offset += len(line)


def check_markdown(path: str, markdown: str, verified: Verified, report: Report, line_offset: int = 0) -> None:
    index = verified.index
    for link in find_wikilinks(markdown):
        pos = Pos(path, link.line + line_offset, link.col)
        if link.cite:
            if link.target not in index.statement_by_id:
                report.error(pos, f"[[cite:{link.target}]] names no statement", nearest_id_hint(link.target, index.statement_by_id, "statement"))
        elif link.target not in index.records:
            report.error(pos, f"wiki-link [[{link.target}]] names no record", nearest_id_hint(link.target, index.records, "record"))


def docs_pages(docs_dir: Path, root: Path) -> Iterator[tuple[str, str]]:
    """(path from the root, text) of each regular Markdown page under `docs_dir`."""
    if not docs_dir.is_dir():
        return
    for path in sorted(docs_dir.rglob("*.md")):
        if path.is_symlink() or not path.is_file():
            continue
        yield path.relative_to(root).as_posix(), path.read_text(encoding="utf-8", errors="replace")


def check_docs(docs_dir: Path, root: Path, verified: Verified, report: Report) -> None:
    if not docs_dir.is_dir():
        return
    for path in sorted(docs_dir.rglob("*.md")):
        if path.is_symlink() or not path.is_file():
            report.error(Pos(path.relative_to(root).as_posix()), "not a regular file", "pages in docs/ must be regular files, not links, pipes or devices")
    for path, text in docs_pages(docs_dir, root):
        check_markdown(path, text, verified, report)


def replace_wikilinks(markdown: str, render: Callable[[WikiLink], str]) -> str:
    parts: list[str] = []
    last = 0
    for link in find_wikilinks(markdown):
        parts.append(markdown[last:link.start])
        parts.append(render(link))
        last = link.end
    parts.append(markdown[last:])
    return "".join(parts)
