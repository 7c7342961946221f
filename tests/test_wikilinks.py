"""Wiki-links are Markdown inline syntax: never inside code spans, fenced or indented code."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import make_project, run_mkdocs
from explainer.evidence import wikilinks
from explainer.evidence.wikilinks import find_wikilinks

CASES = [
    ("plain", "See [[ann]].\n", [("ann", 1, 5)]),
    ("shown text", "Ask [[bob|him]] and [[cite:ann-greets]].\n", [("bob", 1, 5), ("ann-greets", 1, 21)]),
    ("code span", "Write `[[ann]]` to link, like [[bob]].\n", [("bob", 1, 31)]),
    ("double-backtick span", "Use ``a `[[ann]]` b`` here.\n", []),
    ("three-backtick fence", "```\n[[ann]]\n```\n\n[[bob]]\n", [("bob", 5, 1)]),
    ("four-backtick fence holding three", "````md\n```\n[[ann]]\n```\n[[ann]]\n````\n\n[[bob]]\n", [("bob", 8, 1)]),
    ("tilde fence", "~~~\n[[ann]]\n~~~\n", []),
    ("indented code block", "Text.\n\n    [[ann]]\n\nMore [[bob]].\n", [("bob", 5, 6)]),
    ("same link in code, then outside", "`[[ann]]` then [[ann]]\n", [("ann", 1, 16)]),
    ("escaped bracket", "\\[[ann]] stays text\n", []),
    ("heading", "## About [[ann]]\n", [("ann", 1, 10)]),
]


@pytest.mark.parametrize(("source", "expected"), [(c[1], c[2]) for c in CASES], ids=[c[0] for c in CASES])
def test_links_are_found_where_markdown_reads_them(source: str, expected: list[tuple[str, int, int]]) -> None:
    assert [(p.link.target, p.line, p.col) for p in find_wikilinks(source)] == expected


CODE_PAGE = """\
# Tiny

Greetings: [[ann]] [[cite:ann-greets]]

````markdown
```
[[no-such-record]]
```
````

    [[also-no-such-record]]

Inline: `[[nor-this-one]]`.
"""


@pytest.mark.build
def test_links_in_code_are_shown_as_code_and_never_checked(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", docs_index=CODE_PAGE)
    result = run_mkdocs(project, "build", "--strict")
    assert result.returncode == 0, result.stderr[-3000:]
    page = (project / "site" / "index.html").read_text(encoding="utf-8")
    assert '<a class="wikilink" href="people/ann/">Ann Example</a>' in page
    for literal in ("[[no-such-record]]", "[[also-no-such-record]]", "<code>[[nor-this-one]]</code>"):
        assert literal in page
    assert page.count('class="wikilink"') == 1


@pytest.mark.build
def test_a_citation_in_a_heading_is_an_error_with_its_place(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", docs_index="# Tiny\n\n## Hello [[cite:ann-greets]]\n")
    result = run_mkdocs(project, "build", "--strict")
    assert result.returncode != 0
    assert "docs/index.md:3:10: error EX502 cite-in-heading: [[cite:ann-greets]] is in a heading" in result.stderr
    assert not (project / "site").exists()


# Pieces of Markdown around wiki-links: code spans and fences, escapes, links, emphasis, raw HTML, lists, quotes.
# fmt: off
PIECES = [
    "[[ann]]", "[[bob|him]]", "[[cite:ann-greets]]", "[[", "]]", "[", "]", "(", ")", "`", "``", "\\", "*", "_", "<",
    ">", "<span>", "</span>", "<!--", "-->", "&amp;", "http://x", "[x](", "![", "\n", "\n\n", "    ", "- ", "> ",
    "# ", "```\n", "~~~\n", "|", " ", "word",
]
# fmt: on


@settings(max_examples=300, deadline=None, database=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30).map("".join))
def test_the_checker_finds_the_links_markdown_with_every_inline_pattern_finds(source: str) -> None:
    # The checker reads a page with the inline patterns before the wiki-link's only; with all of them (as the site's
    # Markdown has them) the same links are found, at the same places.
    def found(**lean: int) -> list[tuple[str, int, int]]:
        seen: list[str] = []
        md = wikilinks._check_markdown(wikilinks.WikiLinkExtension(lambda link: seen.append(link.raw) or ""), **lean)
        md.convert(source)
        return seen

    assert found(inline_from=wikilinks._PRIORITY) == found()
