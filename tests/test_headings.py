"""A generated page's contents and anchors are recorded as its templates render it (site/headings.py).

The engine never reads its own HTML back; here, and only here, a reader of the HTML (the standard library's
parser, taking a heading's visible text as a reader's table of contents would) checks that what every page
of the real site recorded is what it shows: every id, and every heading of its table of contents."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest
from markupsafe import Markup

from explainer.evidence.pipeline import Layout, check_or_raise
from explainer.site.headings import Anchors, Heading, nest
from explainer.site.render import Renderer

ROOT = Path(__file__).resolve().parent.parent
LEVELS = {"h1": 1, "h2": 2, "h3": 3}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Reader(HTMLParser):
    """Every id of a page, and its headings (h1-h3 with an id) by their visible text: anything inside marked
    `data-toc-skip` or `aria-hidden` is left out, and a heading marked `data-toc-skip` is no entry."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.found: list[tuple[int, str, str]] = []
        self._heading: tuple[int, str, str] | None = None
        self._text: list[str] = []
        self._skip: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if attributes.get("id"):
            self.ids.append(attributes["id"] or "")
        level = LEVELS.get(tag)
        if level and attributes.get("id") and self._heading is None and "data-toc-skip" not in attributes:
            self._heading, self._text = (level, attributes["id"] or "", tag), []
            return
        hidden = "data-toc-skip" in attributes or attributes.get("aria-hidden") == "true"
        if self._heading is not None and tag not in VOID and (self._skip or hidden):
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


def read(html: str) -> _Reader:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader


def shape(headings: list[Heading]) -> list[object]:
    return [(h.id, h.level, h.title, shape(h.children)) for h in headings]


@pytest.fixture(scope="module")
def real_site_pages() -> list[tuple[str, str, Anchors]]:
    verified, _ = check_or_raise(Layout(ROOT))
    renderer = Renderer(verified)
    pages = []
    for plan in renderer.plan():
        rendered = renderer.render(plan, renderer.site.urls.page_url(plan.src_uri))
        pages.append((plan.src_uri, rendered.html, rendered.anchors))
    return pages


def test_every_generated_page_records_each_id_it_shows_and_no_other(
    real_site_pages: list[tuple[str, str, Anchors]],
) -> None:
    assert len(real_site_pages) > 100
    for src_uri, html, anchors in real_site_pages:
        shown = read(html).ids
        assert len(shown) == len(set(shown)), f"{src_uri}: an id is used twice"
        assert anchors.ids == set(shown), f"{src_uri}: recorded {sorted(anchors.ids ^ set(shown))[:5]} differ"


def test_every_generated_page_records_the_contents_a_reader_sees(
    real_site_pages: list[tuple[str, str, Anchors]],
) -> None:
    with_contents = 0
    for src_uri, html, anchors in real_site_pages:
        assert shape(anchors.outline()) == shape(nest(read(html).found)), src_uri
        with_contents += bool(anchors.headings)
    assert with_contents > 100  # record pages too (a quote's page has its title), not only the index pages


@pytest.mark.parametrize(
    ("title", "entry"),
    [
        (Markup('A <span class="ex-count">(3)</span>'), "A (3)"),  # markup is left out, its text kept
        (Markup('Who? <a class="ex-copylink" href="#q" aria-label="Copy a link"></a>'), "Who?"),
        (Markup("Tom &amp; Jerry\n  and  <q>friends</q>"), "Tom & Jerry and friends"),  # one line, entities read
        ("<b>as typed</b> & kept", "<b>as typed</b> & kept"),  # plain text (an editor's title) is not markup
    ],
)
def test_a_heading_entry_is_its_visible_text_on_one_line(title: object, entry: str) -> None:
    anchors = Anchors()
    assert anchors.heading(2, "x", title) == "x"
    assert anchors.headings == [(2, "x", entry)] and anchors.ids == {"x"}


@pytest.mark.parametrize(
    ("found", "tree"),
    [
        (
            [(1, "top", "Title"), (2, "a", "A"), (3, "a1", "A.1"), (2, "b", "B")],
            [("top", 1, "Title", [("a", 2, "A", [("a1", 3, "A.1", [])]), ("b", 2, "B", [])])],
        ),
        ([(3, "c", "Starts low"), (2, "d", "Then higher")], [("c", 3, "Starts low", []), ("d", 2, "Then higher", [])]),
        ([(2, "a", "A"), (2, "b", "B")], [("a", 2, "A", []), ("b", 2, "B", [])]),
    ],
)
def test_the_outline_nests_each_heading_under_the_nearest_higher_one(
    found: list[tuple[int, str, str]], tree: list[object]
) -> None:
    assert shape(nest(found)) == tree


def test_headings_deeper_than_the_contents_go_are_anchors_only() -> None:
    anchors = Anchors()
    anchors.heading(2, "a", "A")
    anchors.heading(4, "deep", "Too deep")
    assert shape(anchors.outline()) == [("a", 2, "A", [])] and anchors.ids == {"a", "deep"}


def test_the_reader_used_here_takes_headings_as_a_reader_sees_them() -> None:
    """The check's own reader, on the cases it must get right."""
    html = (
        '<h2 id="q">Who? <a class="ex-copylink" href="#q" aria-hidden="true">#</a></h2><h2>No id</h2>'
        '<h2 id="x" data-x="1">Line<br>break <span data-toc-skip>skip <b>me</b></span>kept</h2>'
        '<h3 id="e" data-toc-skip>Anchor only</h3>'
    )
    reader = read(html)
    assert reader.found == [(2, "q", "Who?"), (2, "x", "Linebreak kept")] and reader.ids == ["q", "x", "e"]
