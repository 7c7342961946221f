"""The search index's entries of a page, as Material's search plugin makes them, without its HTML parser.

Material (9.x, pinned) splits each page's HTML into sections at its headings with html.parser, calling back
into Python for every tag and every piece of text: a fifth of the real site's build. The engine's pages are
its own well-formed HTML, so here one regular expression finds their tags, and the plugin's rules are applied
to them with the open elements counted by name instead of compared one by one (Material compares its
elements by tag name only, so counting names is the same test). What comes out is the plugin's: the same
sections, titles, texts and locations, byte for byte (tests/test_search_index.py holds it to Material's own
parser, on the built site and on HTML made to be awkward).

A page with anything outside that strict form (a comment, a declaration, a <script> or <style>, whose text
html.parser reads differently, an attribute without quotes, a stray "<") is indexed by Material's own
parser, as before: hand-written pages may hold any HTML.
"""

from __future__ import annotations

import re
from html import escape, unescape
from typing import Any

from material.plugins.search.plugin import Element, Parser, SearchIndex, Section  # type: ignore[import-untyped]  # Material ships no types

# A start tag (name, attributes in double or single quotes or none, an optional "/" before ">") or an end tag,
# in the one form html.parser and this module read alike. White space is HTML's own: html.parser's \s also
# matches other Unicode spaces, which could end a tag's name differently there.
_TAG = re.compile(
    r"<(?:([a-zA-Z][-a-zA-Z0-9]*)"  # a start tag's name,
    r"((?:[ \t\n\r\f]+[a-zA-Z_:][-a-zA-Z0-9_:.]*(?:=\"[^\"]*\"|='[^']*')?)*)[ \t\n\r\f]*(/?)>"  # its attributes, "/"
    r"|/([a-zA-Z][-.a-zA-Z0-9:_]*)>)"  # or an end tag's name
)
_ATTRIBUTE = re.compile(r"[ \t\n\r\f]+([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:=\"([^\"]*)\"|='([^']*)')?")
# What Material reads of a tag's attributes: a heading's id, data-search-exclude on any element, a class of
# exactly "linenodiv" (skipped) or "headerlink" (a heading's permalink). Tags whose attributes name none of
# these, and hold no character reference that could spell them, are read as having no attributes.
_READ = re.compile(r"data-search-exclude|linenodiv|headerlink|&", re.I)
_HEADINGS = frozenset(f"h{level}" for level in range(1, 7))
_VOID = frozenset(
    ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"]
)
_KEEP = frozenset(["p", "code", "pre", "li", "ol", "ul", "sub", "sup"])  # tags the index keeps in its text
_ALWAYS_SKIPPED = ("script", "style", "object")  # never taken out of the skipped names once in


class FastSearchIndex(SearchIndex):  # type: ignore[misc]  # Material's class is untyped
    """Material's SearchIndex, whose pages in the strict form above are divided without html.parser."""

    def add_entry_from_context(self, page: Any) -> None:
        search = page.meta.get("search") or {}
        if search.get("exclude"):
            return
        sections = sections_of(page.content)
        for section in sections:
            if not section.is_excluded():
                self.create_entry_for_section(section, page.toc, page.url, page)


def sections_of(html: str) -> list[Section]:
    """The page's sections as Material's Parser divides them (its `data`)."""
    divided = _divide(html)
    if divided is not None:
        return divided
    parser = Parser()
    parser.feed(html)
    parser.close()
    return list(parser.data)


def _attributes(source: str) -> dict[str, str | None]:
    """A tag's attributes as html.parser gives them to Material (names lower-cased, values unescaped, the last
    of a repeated name kept, as `dict(attrs)` keeps it)."""
    found: dict[str, str | None] = {}
    for match in _ATTRIBUTE.finditer(source):
        value = match[2] if match[2] is not None else match[3]
        found[match[1].lower()] = unescape(value) if value else value
    return found


def _divide(html: str) -> list[Section] | None:
    """Material's Parser (handle_starttag, handle_endtag, handle_data) over `html`, or None when the page is not
    in the strict form. Each step below is the one of Material's callbacks it stands for, in one loop."""
    data: list[Section] = []
    section: Any = None
    names: list[str] = []  # the open elements' names (Material's `context`)
    open_names: dict[str, int] = {}  # how many open elements have each name (Material's `x in context`)
    permalinks: list[int] = []  # how many elements were open below each open <a class="headerlink">
    skipped = set(_ALWAYS_SKIPPED)  # Material's `skip`: names, since its elements compare by name
    skipping = False  # whether an open element's name is skipped (Material's `skip.intersection(context)`)
    parts = _TAG.split(html)  # text, then a tag's four groups, then text, ...
    parts += (None, None, None, None)  # after the last text, no tag
    groups = iter(parts)
    for piece, tag, source, closed, end in zip(groups, groups, groups, groups, groups, strict=True):
        if piece:
            if "<" in piece:
                return None
            if not skipping:  # skipped text is dropped as it comes, unread
                piece = unescape(piece)
                if "pre" not in open_names:
                    piece = " " if piece.isspace() else piece.replace("\n", " ")
                if section is None:
                    section = Section(Element("hx"))
                    data.append(section)
                if section.el.tag in open_names:
                    if not permalinks:
                        section.title.append(escape(piece, quote=False))
                elif piece.isspace():
                    if not section.text or not section.text[-1].isspace() or "pre" in open_names:
                        section.text.append(piece)
                else:
                    section.text.append(escape(piece, quote=False))
        if tag is not None:
            tag = tag.lower()
            if tag in ("script", "style"):
                return None  # html.parser reads their text as raw text
            if tag not in _VOID:
                attrs = _attributes(source) if source and (tag in _HEADINGS or _READ.search(source)) else {}
                if tag == "a" and attrs.get("class") == "headerlink":
                    permalinks.append(len(names))
                names.append(tag)
                open_names[tag] = open_names.get(tag, 0) + 1
                if tag in skipped:
                    skipping = True
                if tag in _HEADINGS:
                    depth = len(names)
                    if "id" in attrs:
                        if tag != "h1" and not data:
                            section = Section(Element("hx"), depth)
                            data.append(section)
                        section = Section(Element(tag, attrs), depth)
                        if data:
                            section.id = attrs["id"]
                        data.append(section)
                if section is None:
                    section = Section(Element("hx"))
                    data.append(section)
                if attrs and any(
                    key == "data-search-exclude" or (key == "class" and value == "linenodiv")
                    for key, value in attrs.items()
                ):
                    skipped.add(tag)
                    skipping = True
                elif tag in _KEEP and not skipping:
                    (section.title if section.el.tag in open_names else section.text).append(f"<{tag}>")
            if not closed:
                continue
            end = tag
        elif end is not None:
            end = end.lower()
        else:
            break  # the text after the last tag
        # Material's handle_endtag
        if not names or names[-1] != end:
            continue
        if section.depth > len(names):
            for earlier in reversed(data):
                if earlier.depth <= len(names):
                    section.depth = float("inf")
                    section = earlier
                    break
        names.pop()
        if permalinks and permalinks[-1] == len(names):
            permalinks.pop()
        if open_names[end] == 1:
            del open_names[end]
        else:
            open_names[end] -= 1
        if end in skipped:
            if end not in _ALWAYS_SKIPPED:
                skipped.remove(end)
            skipping = any(name in open_names for name in skipped)
            continue
        if end in _KEEP and not skipping:
            pieces = section.title if section.el.tag in open_names else section.text
            index = pieces.index(f"<{end}>")
            if any(not piece.isspace() for piece in pieces[index + 1 :]):
                pieces.append(f"</{end}>")
            else:
                del pieces[index:]
    return data


def index_fast(plugin: Any) -> None:
    """Have Material's search plugin index pages with `FastSearchIndex`, once its `on_config` has made its index;
    a plugin without one yet (events run by hand, as the benchmark does), or whose index is not Material's own
    (another version's, a subclass), is left alone."""
    if plugin is not None and type(getattr(plugin, "search_index", None)) is SearchIndex:
        plugin.search_index = FastSearchIndex(**plugin.search_index.config)
