"""Wiki-links in hand-written pages: `[[id]]`, `[[id|shown text]]`, citation chips `[[cite:id]]` and
pictures `[[picture:name]]`.

`[[id]]` links to any record by id (a person, quote, event, claim, source, ...); `[[cite:id]]` puts the
citation chip of a statement at that place; `[[picture:name]]`, alone in a paragraph, one of the pictures the
engine draws from the records (PICTURES). They are Python-Markdown inline syntax (as mkdocs-autorefs
does it), so Markdown itself keeps them out of code spans, fenced code and indented code: the site and
the checker find exactly the same links, because both let Markdown find them.

The page's prose (`DocsPage.prose_blocks`: its paragraphs, list items and table cells, not its front matter,
headings or code, fenced or indented) is found the same way, by the same Markdown: the page grounding
reads sentences only there.
"""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as etree
from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import markdown
from markdown.extensions import Extension
from markdown.extensions.attr_list import AttrListExtension
from markdown.extensions.fenced_code import FencedCodeExtension
from markdown.extensions.md_in_html import MarkdownInHtmlExtension
from markdown.extensions.tables import TableExtension
from markdown.inlinepatterns import InlineProcessor
from markdown.treeprocessors import Treeprocessor

from explainer.content.load import Budgets
from explainer.content.yamlload import text_pos
from explainer.core import codes
from explainer.core.diagnostics import Pos, Report, visible
from explainer.core.tree import folder_problem, walk
from explainer.evidence.resolve import nearest_id_hint
from explainer.evidence.verify import Verified
from explainer.text.invisible import HINT as INVISIBLE_HINT
from explainer.text.invisible import first_invisible

WIKILINK_PATTERN = (
    r"\[\[(?:(?P<cite>cite:)|(?P<picture>picture:))?(?P<target>[^\[\]|\n]*?)(?:\|(?P<text>[^\[\]\n]*))?\]\]"
)
# The pictures a hand-written page may place, by name: what each shows is drawn by the site (site/pictures/).
PICTURES = {"days": "the days the story happens in, drawn day by day"}
WIKILINK = re.compile(WIKILINK_PATTERN)
# After code spans (190) and backslash escapes (180), before reference links (170) would read `[x]`.
_PRIORITY = 175
# The Markdown the checker reads pages with: the block syntax that can hide a wiki-link in code. Named
# by class: Markdown looks an extension given by name up in every installed package's entry points
# first, which takes longer (40 to 90 ms) than reading all the pages.
CHECK_EXTENSIONS = (FencedCodeExtension, TableExtension, AttrListExtension, MarkdownInHtmlExtension)
_HEADING_LINE = re.compile(r"^ {0,3}#{1,6}(?:\s|$)")
_TAG_OPEN, _TAG_CLOSE = "\ue000", "\ue001"  # private-use characters: never in a page, never Markdown
_TAG = re.compile(f"{_TAG_OPEN}(\\d+){_TAG_CLOSE}")
_LINE_OPEN, _LINE_CLOSE = "\ue002", "\ue003"  # the same, for the numbers of lines (prose_blocks)
_LINE_TAG = re.compile(f"{_LINE_OPEN}(\\d+){_LINE_CLOSE}")


@dataclass(frozen=True)
class WikiLink:
    target: str
    text: str | None
    cite: bool
    raw: str  # the link as written, `[[...]]`
    picture: bool = False  # `[[picture:name]]`: `target` is the picture's name


@dataclass(frozen=True)
class PlacedLink:
    """A wiki-link and where it is in the page's source (1-based line and column)."""

    link: WikiLink
    line: int
    col: int
    in_heading: bool


@dataclass(frozen=True)
class DocsPage:
    """A hand-written page, read once: its path from the project root, its Markdown, and its wiki-links."""

    path: str
    text: str
    links: tuple[PlacedLink, ...]

    @cached_property
    def prose_blocks(self) -> list[tuple[int, int]]:
        """(start, end) of each paragraph, list item or table cell of the page, by whole lines (see prose_blocks)."""
        return prose_blocks(self.text)


# The HTML a link becomes. Markdown keeps it as it is (in its HTML stash), so neither Markdown nor
# MkDocs' check of relative links (written for links to .md files) reads the record's URL or name.
Resolve = Callable[[WikiLink], str]


class _WikiLinkProcessor(InlineProcessor):
    def __init__(self, extension: WikiLinkExtension, md: markdown.Markdown) -> None:
        super().__init__(WIKILINK_PATTERN, md)
        self._extension = extension

    def handleMatch(self, m: re.Match[str], data: str) -> tuple[str, int, int]:  # type: ignore[override]  # as Markdown's stubs declare it
        link = WikiLink(m["target"].strip(), m["text"], bool(m["cite"]), m.group(0), bool(m["picture"]))
        html = self._extension.resolve(link)  # looked up each time: the host re-points it per page
        return self.md.htmlStash.store(html), m.start(0), m.end(0)


class WikiLinkExtension(Extension):
    """Registers the wiki-link syntax; `resolve` turns each link into HTML."""

    def __init__(self, resolve: Resolve) -> None:
        super().__init__()
        self.resolve = resolve

    def extendMarkdown(self, md: markdown.Markdown) -> None:
        md.inlinePatterns.register(_WikiLinkProcessor(self, md), "explainer-wikilink", _PRIORITY)


def find_wikilinks(source: str) -> Iterator[PlacedLink]:
    """The wiki-links Markdown sees in `source`, in order, with their place in it."""
    return iter(_wikilinks_in(source))


@functools.lru_cache(maxsize=512)
def _wikilinks_in(source: str) -> tuple[PlacedLink, ...]:
    # Kept per page text: `mkdocs serve` checks every page again on each save, and asking Markdown where a
    # page's links are was a quarter of the check; the answer depends on the text alone.
    return tuple(_find_wikilinks(source))


def _find_wikilinks(source: str) -> Iterator[PlacedLink]:
    # Markdown keeps no source positions, so each candidate is tagged with its number first; the
    # tags sit inside the brackets, where they change nothing about code spans, fences or indents.
    candidates = list(WIKILINK.finditer(source))
    if not candidates:
        return  # most pages have none: no need to ask Markdown
    tagged = source
    for number in reversed(range(len(candidates))):
        start = candidates[number].start() + 2
        tagged = f"{tagged[:start]}{_TAG_OPEN}{number}{_TAG_CLOSE}{tagged[start:]}"
    seen: list[int] = []

    def collect(link: WikiLink) -> str:
        tag = _TAG.search(link.raw)
        if tag is not None:
            seen.append(int(tag.group(1)))
        return ""

    _check_markdown(WikiLinkExtension(collect), inline_from=_PRIORITY).convert(tagged)
    line_starts = [0] + [m.end() for m in re.finditer("\n", source)]
    lines = source.splitlines(keepends=True) or [""]
    # Markdown reads a page's blocks in an order of its own (a list after the paragraphs around it): the links
    # are given in the order of the page, which page grounding looks its cites up by.
    for number in sorted(seen):
        m = candidates[number]
        line_index = bisect_right(line_starts, m.start()) - 1
        link = WikiLink(m["target"].strip(), m["text"], bool(m["cite"]), m.group(0), bool(m["picture"]))
        yield PlacedLink(
            link,
            line_index + 1,
            m.start() - line_starts[line_index] + 1,
            _HEADING_LINE.match(lines[line_index]) is not None,
        )


def _check_markdown(own: Extension, inline_from: int | None = None) -> markdown.Markdown:
    """The Markdown the checker reads a page with (CHECK_EXTENSIONS), and the checker's own extension.

    `inline_from`: only the inline patterns of this priority and above. Markdown applies its inline patterns one
    after the other, each to all the text the ones before it left (and to the text inside what a pattern made, only
    those after it), so which wiki-links its pattern finds depends on the patterns before it alone (code spans,
    backslash escapes); the others (links, emphasis, raw HTML, ...) are two fifths of reading a page for its links.
    The site's Markdown has them all, and finds the same links (tests/test_wikilinks.py)."""
    md = markdown.Markdown(extensions=[*(extension() for extension in CHECK_EXTENSIONS), own])
    if inline_from is not None:
        # The registry lists its names with their priorities only in _priority (Python-Markdown is pinned).
        ranked = md.inlinePatterns._priority  # type: ignore[attr-defined]
        for name in [item.name for item in ranked if item.priority < inline_from]:
            md.inlinePatterns.deregister(name)
    return md


# Lines that are Markdown syntax as a whole, and a number at their end would change what they are: a code
# fence, a rule or a setext underline or a table's separator row, a block's attribute list. None is prose.
_SYNTAX_LINE = re.compile(r"\s*(?:(?:`{3,}|~{3,}).*|[-=*_|:+\s]*|\{.*\}\s*)")
_LINE_END = re.compile(r"[ \t|]*$")  # a number goes before the row's last bar and a hard break's spaces
_NOT_PROSE = frozenset({"pre", "code", "h1", "h2", "h3", "h4", "h5", "h6"})


def links_as_read(markdown: str) -> str:
    """`markdown` with each wiki-link as its words read, at the same offsets: a citation marker and a bare
    link (which shows a record's label) blanked, a labelled link reduced to its label."""

    def read(m: re.Match[str]) -> str:
        if m.group("cite") or m.group("text") is None:
            return " " * len(m.group())
        return " " * (m.start("text") - m.start()) + m.group("text") + "  "

    return WIKILINK.sub(read, markdown)


def prose_blocks(source: str) -> list[tuple[int, int]]:
    """(start, end) of each stretch of whole lines of `source` that Markdown reads as one paragraph, list
    item or table cell: not the front matter (between a first line `---` and the next), a heading, or code
    (fenced, indented, or raw HTML, which Markdown passes on unread).

    Markdown keeps no source positions, so each line is tagged with its number at its end (where it changes
    no block syntax; lines that are syntax as a whole are not tagged, and are not prose), the blocks are
    read before inline syntax is, and each tag is found in the text of the block that holds its line."""
    lines = source.splitlines(keepends=True)
    front = 0
    if lines and lines[0].strip() == "---":
        front = next((n + 1 for n in range(1, len(lines)) if lines[n].strip() == "---"), 0)
    tagged = ["\n"] * front
    for number in range(front, len(lines)):
        body = lines[number].rstrip("\r\n")
        if not body.strip() or _SYNTAX_LINE.fullmatch(body):
            tagged.append(lines[number])
            continue
        cut = _LINE_END.search(body).start()  # type: ignore[union-attr]  # it matches the empty end
        tagged.append(f"{body[:cut]}{_LINE_OPEN}{number}{_LINE_CLOSE}{body[cut:]}{lines[number][len(body) :]}")
    owner: dict[int, int] = {}  # line number -> the block holding it (an element's id)
    _check_markdown(_ProseExtension(owner)).convert("".join(tagged))
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    blocks: list[tuple[int, int]] = []
    previous: tuple[int, int] | None = None  # (line, owner) of the last prose line
    for number in sorted(owner):
        if previous is not None and previous == (number - 1, owner[number]):
            blocks[-1] = (blocks[-1][0], starts[number + 1])
        else:
            blocks.append((starts[number], starts[number + 1]))
        previous = (number, owner[number])
    return blocks


class _ProseTree(Treeprocessor):
    """Notes, for each tagged line, which block element's own text holds it (before inline syntax is read)."""

    def __init__(self, md: markdown.Markdown, owner: dict[int, int]) -> None:
        super().__init__(md)
        self._owner = owner

    def run(self, root: etree.Element) -> None:
        for element in root.iter():
            if element.tag in _NOT_PROSE:
                continue
            own = [element.text or "", *(child.tail or "" for child in element)]
            for text in own:
                for tag in _LINE_TAG.finditer(text):
                    self._owner[int(tag.group(1))] = id(element)


class _ProseExtension(Extension):
    def __init__(self, owner: dict[int, int]) -> None:
        super().__init__()
        self._owner = owner

    def extendMarkdown(self, md: markdown.Markdown) -> None:
        # Above "inline" (20): the blocks are built, and their text is still the page's own.
        md.treeprocessors.register(_ProseTree(md, self._owner), "explainer-prose", 25)


def check_links(page: DocsPage, verified: Verified, report: Report) -> None:
    index = verified.index
    for placed in page.links:
        link = placed.link
        pos = Pos(page.path, placed.line, placed.col)
        if link.picture:
            if link.target not in PICTURES:
                names = ", ".join(f"'{name}' ({what})" for name, what in PICTURES.items())
                report.error(codes.UNKNOWN_PICTURE, pos, f"[[picture:{link.target}]] names no picture", f"use {names}")
        elif link.cite:
            if link.target not in index.statement_by_id:
                report.error(
                    codes.UNKNOWN_CITE,
                    pos,
                    f"[[cite:{link.target}]] names no statement",
                    nearest_id_hint(link.target, index.statement_by_id, "statement"),
                )
            elif placed.in_heading:
                report.error(
                    codes.CITE_IN_HEADING,
                    pos,
                    f"[[cite:{link.target}]] is in a heading",
                    "put the citation after the sentence it supports, not in a heading",
                )
        elif link.target not in index.records:
            report.error(
                codes.UNKNOWN_WIKI_LINK,
                pos,
                f"wiki-link [[{link.target}]] names no record",
                nearest_id_hint(link.target, index.records, "record"),
            )


def check_docs_tree(root: Path, docs_dir: str, report: Report) -> None:
    """Every file and folder under docs/ is a regular file or a real folder: the site publishes them all.
    (A page that is not is reported by `docs_pages`, as EX504.)"""
    if (problem := folder_problem(root, docs_dir)) is not None:
        report.error(codes.LINK_IN_DOCS, Pos(docs_dir), f"the folder {problem}", f"make {docs_dir}/ a real folder")
        return
    if not (root / docs_dir).is_dir():
        return
    files, irregular = walk(root, docs_dir)
    for shown in [*files, *(item.shown for item in irregular)]:
        if visible(shown) != shown:
            report.error(
                codes.UNPRINTABLE_DOCS_NAME,
                Pos(visible(shown)),
                "the file's name holds characters that cannot be printed as they are (shown escaped here)",
                "rename it: file names are printed in the build's log, in CI and in the review's comment",
            )
    for item in irregular:
        if not item.shown.endswith(".md"):
            report.error(
                codes.LINK_IN_DOCS,
                Pos(item.shown),
                f"{item.shown} is {item.what}; it would be published with the site",
                "put the file itself there, not a link to it",
            )


def docs_pages(docs_dir: Path, root: Path, report: Report, budgets: Budgets | None = None) -> list[DocsPage]:
    """Each regular Markdown page under `docs_dir`, with its wiki-links; anything else is reported. Within
    the budgets (max_docs_pages, max_docs_bytes), past which no further page is read."""
    pages: list[DocsPage] = []
    if not docs_dir.is_dir() or folder_problem(root, docs_dir.relative_to(root).as_posix()) is not None:
        return pages  # a docs/ that is a link is reported by check_docs_tree, and never read
    for path in sorted(docs_dir.rglob("*.md")):
        shown = path.relative_to(root).as_posix()
        if path.is_symlink() or not path.is_file():
            report.error(
                codes.UNREADABLE_PAGE,
                Pos(shown),
                "not a regular file",
                "pages in docs/ must be regular files, not links, pipes or devices",
            )
            continue
        if budgets is not None and not (
            budgets.spend("max_docs_pages", 1, report, Pos(shown, 1, 1))
            and budgets.spend("max_docs_bytes", path.stat().st_size, report, Pos(shown, 1, 1))
        ):
            break
        text = path.read_text(encoding="utf-8", errors="replace")
        if (hidden := first_invisible(text)) is not None:
            offset, described = hidden
            report.error(
                codes.INVISIBLE_CHARACTER,
                text_pos(shown, text, offset),
                f"the page contains the invisible character {described}",
                INVISIBLE_HINT,
            )
        pages.append(DocsPage(shown, text, tuple(find_wikilinks(text))))
    return pages


def check_docs(pages: list[DocsPage], verified: Verified, report: Report) -> None:
    """Every wiki-link of the hand-written pages names a record (a citation marker: a statement)."""
    for page in pages:
        check_links(page, verified, report)


def plain_wikilinks(source: str, text_of: Callable[[WikiLink], str]) -> str:
    """`source` with each wiki-link Markdown would see replaced by plain text (for tools, not the site)."""
    placed = list(find_wikilinks(source))
    lines = source.splitlines(keepends=True)
    for p in reversed(placed):
        line = lines[p.line - 1]
        start = p.col - 1
        lines[p.line - 1] = line[:start] + text_of(p.link) + line[start + len(p.link.raw) :]
    return "".join(lines)
