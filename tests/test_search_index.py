"""The search index the site is built with (hooks/explainer_mkdocs/search.py) is Material's, byte for byte: the
real site's search_index.json as Material's own parser makes it, and each page divided into the same sections
as Material's Parser divides it, on awkward HTML and on random HTML; pages outside the strict form go to
Material's parser, and the engine's own pages never do (they would be indexed at the old speed)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from material.plugins.search.plugin import Parser, SearchIndex  # type: ignore[import-untyped]

from conftest import ROOT, run_mkdocs
from explainer_mkdocs import search


def material_sections(html: str) -> list[tuple[Any, ...]]:
    parser = Parser()
    parser.feed(html)
    parser.close()
    return shown(parser.data)


def shown(sections: list[Any]) -> list[tuple[Any, ...]]:
    return [(s.el.tag, s.el.attrs, s.depth, s.id, s.title, s.text, s.is_excluded()) for s in sections]


# Each is read by the fast path (the strict form), and must come out as Material's parser has it.
STRICT = [
    "",
    "just text &amp; an entity, &lt;b&gt; and &#8217;",
    '<h1 id="top">Title <a class="headerlink" href="#top">¶</a></h1><p>Intro\ntext</p>',
    '<h2 id="a">Second first</h2><p>x</p><h3 id="b">Third</h3><ul><li>one</li><li> </li></ul>',
    '<p>before</p><h2 id="a&amp;b">Entity id</h2><p>after</p>',
    '<div><h2 id="nested">In a div</h2><p>in</p></div><p>after the div, back in the first section</p>',
    "<div data-search-exclude><p>hidden</p><div><p>also</p></div></div><p>shown</p><div>div again</div>",
    '<h2 id="x" data-search-exclude>Excluded heading</h2><p>its text</p><h2 id="y">Next</h2>',
    "<pre><code>  keep\n\n  spaces  </code></pre><p>  collapse \n  them  </p><p>   </p>",
    '<P CLASS="x">Upper <B>case</B></P><BR/><br /><img src="a.png" alt="x"><hr>',
    '<table class="linenodiv"><tr><td>1</td></tr></table><p>code</p>',
    "<p>one <sub>2</sub> <sup>3</sup></p><ol><li><p>nested <code>x</code></p></li></ol>",
    '<span role="figure" aria-label="a &quot;b&quot;"><svg viewBox="0 0 1 1"><rect x="0"/></svg></span>',
    '<h2 id="q">Quote <q>this</q></h2><p>x</p><h2 id="r"><span>Span</span> heading</h2>',
    "<p>unclosed <em>em</p><p>and a stray</b> end tag</p>",
    "<li>item<h2 id='s'>heading inside an item</h2><p>x</p></li>",
    '<a class="headerlink" href="#x">outside a heading</a><h1 id="x">One</h1>',
    "<ul>\n<li>a</li>\n\n<li>b</li>\n</ul>",
    '<p data-search-exclude="">x</p><p class="linenodiv">y</p><p>z</p>',
    '<object data="x"><p>in an object</p></object><p>after</p>',
    '<h2 id="t" title="a>b">Quoted &gt; in an attribute</h2>',
]

# Each goes to Material's own parser, since html.parser reads it differently from the strict form.
NOT_STRICT = [
    "<!-- a comment --><p>x</p>",
    "<!doctype html><p>x</p>",
    "<script>if (a < b) {}</script><p>x</p>",
    "<style>p > a {}</style><p>x</p>",
    "<p class=bare>unquoted</p>",
    "<p>a < b</p>",
    '<p class="x"id="y">no space between attributes</p>',
    "</ p>",
    "<p\xa0class='x'>another space</p>",
    "<?pi?><p>x</p>",
]


@pytest.mark.parametrize("html", STRICT)
def test_the_strict_form_is_divided_as_material_divides_it(html: str) -> None:
    divided = search._divide(html)
    assert divided is not None, "read by Material's parser: the test would not test the fast path"
    assert shown(divided) == material_sections(html)


@pytest.mark.parametrize("html", NOT_STRICT)
def test_anything_else_goes_to_materials_parser(html: str) -> None:
    assert search._divide(html) is None
    assert shown(search.sections_of(html)) == material_sections(html)


NAMES = ["p", "div", "span", "h1", "h2", "h3", "li", "ul", "pre", "code", "a", "br", "object", "sup", "em"]
ATTRIBUTES = ['id="a"', "id='b&amp;c'", 'class="headerlink"', 'class="linenodiv"', "data-search-exclude", 'x=""']
TEXTS = ["word", " ", "\n", "two words", "&amp;", "&#0;", "&lt;x&gt;", "  \n ", "é", "&#x2019;s"]


@st.composite
def html_pieces(draw: st.DrawFn) -> str:
    """HTML in the strict form, well-formed or not: tags opened and closed in any order, void and self-closed
    tags, the attributes Material reads, text with white space and references."""
    pieces = []
    for _ in range(draw(st.integers(0, 40))):
        kind = draw(st.sampled_from(["start", "end", "self", "text"]))
        name = draw(st.sampled_from(NAMES))
        if kind == "text":
            pieces.append(draw(st.sampled_from(TEXTS)))
        elif kind == "end":
            pieces.append(f"</{name}>")
        else:
            attributes = draw(st.lists(st.sampled_from(ATTRIBUTES), max_size=2))
            pieces.append(f"<{name}{''.join(' ' + a for a in attributes)}{' /' if kind == 'self' else ''}>")
    return "".join(pieces)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(html_pieces())
def test_random_html_is_divided_as_material_divides_it(html: str) -> None:
    try:
        expected = material_sections(html)
    except ValueError:  # Material's parser fails on some (a kept tag closed in another section), and so must this
        with pytest.raises(ValueError):
            search._divide(html)
        return
    divided = search._divide(html)
    assert divided is not None
    assert shown(divided) == expected


def test_the_real_sites_search_index_is_the_one_materials_parser_makes(built_site: Path, tmp_path: Path) -> None:
    """The real site built with Material's own search index (the hook's change undone): the same search
    index, byte for byte; and every page the engine generates was read by the fast path."""
    contents: dict[str, str] = {}
    add = SearchIndex.add_entry_from_context

    def record(index: SearchIndex, page: Any) -> None:
        contents[page.file.src_uri] = page.content
        add(index, page)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search, "index_fast", lambda plugin: None)
        patch.setattr(SearchIndex, "add_entry_from_context", record)
        result = run_mkdocs(ROOT, "build", "--strict", "--site-dir", str(tmp_path / "site"))
    assert result.returncode == 0, result.stderr[-3000:]
    theirs = (tmp_path / "site" / "search" / "search_index.json").read_bytes()
    ours = (built_site / "search" / "search_index.json").read_bytes()
    assert ours == theirs
    assert len(json.loads(ours)["docs"]) > 500
    handwritten = {p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md")}
    generated = sorted(src for src in contents if src not in handwritten)
    assert len(generated) > 100
    assert [src for src in generated if search._divide(contents[src]) is None] == []
