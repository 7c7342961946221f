"""The outline of a rendered page: its headings with ids, nested by level, for the table of contents.

Generated pages never pass through Markdown, so nothing else collects their headings; the hook turns
this outline into MkDocs' table of contents. A heading's title is its visible text: anything inside it
marked `data-toc-skip` or `aria-hidden` (copy-link controls, counts meant for the page only) is left out,
and a heading itself marked `data-toc-skip` is an anchor but no entry of the contents.
For the same reason the hook takes a generated page's anchors (every id in it) from here, so that MkDocs
can check the links to them from hand-written pages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

LEVELS = {"h1": 1, "h2": 2, "h3": 3}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass
class Heading:
    level: int
    id: str
    title: str
    children: list[Heading] = field(default_factory=list)


class _Collector(HTMLParser):
    def __init__(self, max_level: int) -> None:
        super().__init__(convert_charrefs=True)
        self.max_level = max_level
        self.found: list[tuple[int, str, str]] = []
        self._heading: tuple[int, str, str] | None = None  # (level, id, tag) of the heading being read
        self._text: list[str] = []
        self._skip: list[str] = []  # tags of open elements whose text is left out
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if attributes.get("id"):
            self.ids.add(attributes["id"] or "")
        level = LEVELS.get(tag)
        if (
            level is not None
            and level <= self.max_level
            and attributes.get("id")
            and self._heading is None
            and "data-toc-skip" not in attributes  # an anchor, not an entry of the contents
        ):
            self._heading, self._text = (level, attributes["id"] or "", tag), []
            return
        if (
            self._heading is not None
            and tag not in VOID
            and (self._skip or "data-toc-skip" in attributes or attributes.get("aria-hidden") == "true")
        ):
            self._skip.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self._skip:
            if self._skip[-1] == tag:
                self._skip.pop()
            return
        if self._heading is not None and tag == self._heading[2]:
            level, heading_id, _ = self._heading
            self.found.append((level, heading_id, " ".join("".join(self._text).split())))
            self._heading = None

    def handle_data(self, data: str) -> None:
        if self._heading is not None and not self._skip:
            self._text.append(data)


def anchor_ids(html: str) -> set[str]:
    """Every id in the page: what links from other pages may point at (`page.html#id`)."""
    collector = _Collector(0)
    collector.feed(html)
    collector.close()
    return collector.ids


def outline(html: str, max_level: int = 3) -> list[Heading]:
    """The headings (h1 to `max_level`) that have ids, each under the nearest heading of a higher level."""
    collector = _Collector(max_level)
    collector.feed(html)
    collector.close()
    roots: list[Heading] = []
    stack: list[Heading] = []
    for level, heading_id, title in collector.found:
        heading = Heading(level, heading_id, title)
        while stack and stack[-1].level >= level:
            stack.pop()
        (stack[-1].children if stack else roots).append(heading)
        stack.append(heading)
    return roots
