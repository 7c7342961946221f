"""The outline and anchors of a generated page, recorded while its templates render it.

Generated pages never pass through Markdown, so nothing else collects their headings; the hook turns this
outline into MkDocs' table of contents, and gives MkDocs the page's anchors (every id in it) so that it can
check the links to them from hand-written pages (how-to-edit.md to error-codes.md#ex303). Templates write an
id as `id="{{ x.anchor(...) }}"` and a section heading with the `m.heading` macro, which calls `x.heading`;
nothing reads the rendered HTML back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from markupsafe import Markup


@dataclass
class Heading:
    level: int
    id: str
    title: str
    children: list[Heading] = field(default_factory=list)


@dataclass
class Anchors:
    """What one page's rendering recorded: every id, and its table of contents' headings in order."""

    ids: set[str] = field(default_factory=set)
    headings: list[tuple[int, str, str]] = field(default_factory=list)  # (level, id, title)

    def anchor(self, anchor_id: object) -> str:
        """Record an id the page renders, and give it back for the template to write."""
        text = str(anchor_id)
        self.ids.add(text)
        return text

    def heading(self, level: int, heading_id: object, title: object) -> str:
        """Record a heading of the table of contents; `title` is its HTML (Markup) or plain text, and the entry
        is its visible text on one line."""
        text = title.striptags() if isinstance(title, Markup) else " ".join(str(title).split())
        self.headings.append((level, str(heading_id), text))
        return self.anchor(heading_id)

    def outline(self, max_level: int = 3) -> list[Heading]:
        """The recorded headings (h1 to `max_level`), each under the nearest heading of a higher level."""
        return nest([h for h in self.headings if h[0] <= max_level])


def nest(found: list[tuple[int, str, str]]) -> list[Heading]:
    """Headings given in page order as (level, id, title), each put under the nearest one of a higher level."""
    roots: list[Heading] = []
    stack: list[Heading] = []
    for level, heading_id, title in found:
        heading = Heading(level, heading_id, title)
        while stack and stack[-1].level >= level:
            stack.pop()
        (stack[-1].children if stack else roots).append(heading)
        stack.append(heading)
    return roots
