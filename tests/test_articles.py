"""Articles with one identity (issue 24, item 5): each article has one mark, its letter on its colour, the same
on every page that names it (notes and popovers, tables, the comparison, the sources), and its own page says
which article it is and what the explainer records of who published it."""

from __future__ import annotations

import colorsys
import re
from collections import defaultdict
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
ARTICLES_CSS = ROOT / "hooks" / "explainer" / "site" / "assets" / "articles.css"
# Worked out from content/sources.yaml: the articles in their order there, lettered A to E.
MARKS = {
    "justify-snapping": "A",
    "fireworks-banter": "B",
    "snaps-awkward-interview": "C",
    "forces-apologize": "D",
    "speak-for-her": "E",
}
# A mark, then the link it sits in or beside: <a href=".../sources/<id>/...">...<span class="ex-amark ...">L</span>
MARK_IN_LINK = re.compile(
    r'<a [^>]*href="(?:\.\./)*sources/([a-z0-9-]+)/[^"]*"[^>]*>(?:<[^>]+>)*?<span class="ex-amark ex-amark--(\d)" '
    r'aria-hidden="true">([A-Z]+)</span>'
)
# In a note, the article is named in a <cite>: its mark, then its name; the note's link says the same article.
MARK_IN_NOTE = re.compile(
    r'<cite><span class="ex-amark ex-amark--(\d)" aria-hidden="true">([A-Z]+)</span>[^<]*</cite>.*?'
    r'<a href="(?:\.\./)*sources/([a-z0-9-]+)/'
)


def test_the_marks_follow_the_order_of_the_sources() -> None:
    sources = yaml.safe_load((ROOT / "content" / "sources.yaml").read_text(encoding="utf-8"))["sources"]
    assert [s["id"] for s in sources] == list(MARKS)


def test_every_page_gives_an_article_the_same_mark(built_site: Path) -> None:
    seen: dict[str, set[tuple[str, str]]] = defaultdict(set)
    pages_with_marks = 0
    for page in built_site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        found = [(m[0], m[1], m[2]) for m in MARK_IN_LINK.findall(html)]
        found += [(m[2], m[0], m[1]) for m in MARK_IN_NOTE.findall(html)]
        pages_with_marks += bool(found)
        for source, colour, letter in found:
            seen[source].add((letter, colour))
    assert pages_with_marks > 50  # every page with a citation names articles in its notes
    assert {source: sorted(marks) for source, marks in seen.items()} == {
        source: [(letter, str(i + 1))] for i, (source, letter) in enumerate(MARKS.items())
    }


@pytest.mark.parametrize(
    ("source", "publication"),
    [
        ("fireworks-banter", "Who published it, and when, is not recorded in this explainer."),
        # The one article that says where it first appeared: the page points to what it says of itself.
        (
            "justify-snapping",
            "Who published it, and when, is not recorded in this explainer beyond what the article says of itself "
            "(below).",
        ),
    ],
)
def test_an_article_s_page_says_which_article_it_is_and_what_is_known_of_its_publication(
    built_site: Path, source: str, publication: str
) -> None:
    html = (built_site / "sources" / source / "index.html").read_text(encoding="utf-8")
    letter = MARKS[source]
    assert re.search(rf'<h1><span class="ex-amark ex-amark--\d" aria-hidden="true">{letter}</span>', html)
    identity = re.search(r'<p class="ex-identity">(.*?)</p>', html)
    assert identity is not None
    text = re.sub(r"<[^>]+>", "", identity.group(1)).replace("&#34;", '"')
    assert text.startswith(f"Article {letter} of 5, called the “") and text.endswith(publication)


def _luminance(rgb: tuple[float, float, float]) -> float:
    def f(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (f(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _hex(value: str) -> tuple[float, float, float]:
    return tuple(int(value[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


WHITE, BLACK = (1.0, 1.0, 1.0), (0.0, 0.0, 0.0)
SLATE = colorsys.hls_to_rgb(225 / 360, 0.14, 0.15)  # Material 9.8.1's slate page: hsla(var(--md-hue) 225deg, 15%, 14%)


@pytest.mark.parametrize(("scheme", "page", "text"), [("light", WHITE, WHITE), ("slate", SLATE, BLACK)])
def test_each_mark_is_readable_and_stands_out_from_the_page(
    scheme: str, page: tuple[float, float, float], text: tuple[float, float, float]
) -> None:
    css = ARTICLES_CSS.read_text(encoding="utf-8")
    prefix = r'\[data-md-color-scheme="slate"\] ' if scheme == "slate" else r"^"
    colours = re.findall(prefix + r"\.ex-amark--(\d) \{ --ex-amark: (#[0-9a-f]{6}); \}", css, re.MULTILINE)
    assert [n for n, _ in colours] == [str(i) for i in range(1, 9)]
    for n, colour in colours:
        assert _contrast(text, _hex(colour)) >= 4.5, (scheme, n, colour)  # the letter (SC 1.4.3)
        assert _contrast(page, _hex(colour)) >= 3, (scheme, n, colour)  # the mark on the page (SC 1.4.11)
