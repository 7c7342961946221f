"""Every page readable on paper and at 400% zoom (issue 24, item 7), in Chromium: printed text at least 9 pt (12
CSS px) and at least 7:1 against the paper, the endnotes, citation marks and notes included, and the pictures'
text too, measured in a real print to A4 (each picture whole on its page); and at 400% zoom
(a 1280 x 1024 screen is then 320 x 256 CSS px) the header and the "Cited for" banner of an article's page
cover at most a quarter of the screen's height, with the passage the reader came for in view."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest
from playwright.sync_api import Browser, Page

from browser_support import Reader, _reader, _screenshot, _viewport_check

pytestmark = pytest.mark.browser

# A4 portrait less the page's margins (explainer.css's @page), in CSS px (96 per inch): the room a printed page
# lays out in. test_paper_is_the_room_of_a_printed_page holds it to a real print.
PAPER = {"width": 703, "height": 971}
ZOOMED = {"width": 320, "height": 256}  # 1280 x 1024 at 400%

PRINTED = (
    "",
    "people/alec-baldwin/",
    "sources/justify-snapping/",
    "claims/red-carpet/",
    "quotes/when-im-talking/",
    "timeline/",
    "compare/",
    "disagreements/",
    "corrections/",
    "how-to-edit/",
)

# Every piece of text the printed page shows, and the ::before and ::after text of every element: its size in
# CSS px and its contrast against white paper (backgrounds are not printed by default), its opacity included.
# The pictures' SVG text is drawn to the picture's own scale (measured by PRINTED_PICTURES), and visually hidden
# text is not printed; both are left out here. Text of size 0 is hidden on purpose (a chip's words, printed as its
# number by ::after).
PRINTED_TEXT = """() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const measure = (el, style, text) => {
    let [r, g, b, a] = rgb(style.color);
    let opacity = a === undefined ? 1 : a;
    for (let e = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    if (opacity === 0 || parseFloat(style.fontSize) === 0) return null;
    const fg = [r, g, b].map((v) => v * opacity + 255 * (1 - opacity));
    return {text: text.slice(0, 40), where: el.className || el.tagName, size: parseFloat(style.fontSize),
            contrast: 1.05 / (lum(fg) + 0.05), note: !!el.closest('.ex-notes--print, .ex-chip, .ex-note')};
  };
  const skipped = (el) => !el.checkVisibility({visibilityProperty: true, opacityProperty: true})
    || el.closest('svg, .ex-sr-only, .ex-visually-hidden, .md-skip');
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || skipped(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if (range.getClientRects().length) out.push(measure(el, getComputedStyle(el), node.textContent.trim()));
  }
  for (const el of document.body.querySelectorAll('*')) {
    if (skipped(el)) continue;
    for (const pseudo of ['::before', '::after']) {
      const style = getComputedStyle(el, pseudo);
      const content = style.content;
      if (!content || content === 'none' || content === 'normal' || style.display === 'none') continue;
      if (!/[\\p{L}\\p{N}\\[\\]]/u.test(content.replace(/attr\\([^)]*\\)/g, '1'))) continue;  // drawn marks, no text
      out.push(measure(el, style, pseudo + ' ' + content + ' of ' + el.className));
    }
  }
  return out.filter(Boolean);
}"""


@pytest.fixture(scope="module")
def paper(browser: Browser, site_url: str) -> Iterator[Reader]:
    reader = _reader(browser, site_url, viewport=PAPER)
    yield reader
    reader.context.close()


def _printed(page: Page) -> list[dict[str, Any]]:
    page.emulate_media(media="print")
    # explainer.js writes the endnotes when the page starts printing (a matchMedia("print") change).
    if page.locator(".ex-chip").count():
        page.wait_for_selector(".ex-notes--print", state="attached")
    text: list[dict[str, Any]] = page.evaluate(PRINTED_TEXT)
    return text


@pytest.mark.parametrize("path", PRINTED)
def test_printed_text_is_at_least_9_points_and_dark(paper: Reader, path: str) -> None:
    page = paper.open(path)
    try:
        text = _printed(page)
        if path == "people/alec-baldwin/":
            _screenshot(page, "print-person")
    finally:
        page.emulate_media(media="null")
    assert len(text) > 20, path
    if page.locator(".ex-chip").count():
        assert sum(t["note"] for t in text) > 10, "the endnotes and citation marks are printed"
    small = [t for t in text if t["size"] < 12]
    faint = [t for t in text if t["contrast"] < 7]
    assert small == [] and faint == [], (small[:5], faint[:5])


def test_the_dark_scheme_prints_as_dark_text_on_paper(browser: Browser, site_url: str) -> None:
    reader = _reader(browser, site_url, viewport=PAPER, color_scheme="dark")
    try:
        text = _printed(reader.open("people/alec-baldwin/"))
        faint = [t for t in text if t["contrast"] < 7]
        assert text and faint == [], faint[:5]
    finally:
        reader.context.close()


# --- the pictures, in a real print ---------------------------------------------------------------------------------


# Runs `script` while the page is printed to A4 (page.pdf, the page's own @page margins), from a listener on
# matchMedia("print"): what it returns is measured in the print's layout, not in a screen emulating print.
def _while_printing(page: Page, script: str) -> Any:
    page.evaluate(
        """(script) => {
            const measure = eval(script);
            window.__printed = null;
            const printing = matchMedia('print');
            printing.addEventListener('change', () => { if (printing.matches) window.__printed = measure(); });
        }""",
        script,
    )
    page.pdf(format="A4")
    return page.evaluate("window.__printed")


PRINT_ROOM = "() => document.body.getBoundingClientRect().width"

# Every picture a printed page shows: its box, the figure's and the page's width, and each of its texts' size on
# paper (the font size times the scale from the picture's units to the page's CSS px, its getScreenCTM) and
# contrast against white paper (its fill, opacity included), to a hundredth of a point (a picture at its own
# size is drawn to 1/64 px). A text whose words are all in its tspans is measured through them.
PRINTED_PICTURES = """() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const out = [];
  for (const figure of document.querySelectorAll('.ex-figure')) {
    const shown = [...figure.querySelectorAll('svg.ex-picture')].filter((svg) => svg.checkVisibility());
    for (const svg of shown) {
      const box = svg.getBoundingClientRect();
      const texts = [];
      for (const el of svg.querySelectorAll('text, tspan')) {
        const words = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
        if (!words || !el.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
        const style = getComputedStyle(el);
        const m = el.getScreenCTM();
        const size = parseFloat(style.fontSize) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
        const [r, g, b, a] = rgb(style.fill);
        let opacity = (a === undefined ? 1 : a) * Number(style.fillOpacity);
        for (let e = el; e && e !== svg.parentElement; e = e.parentElement) {
          opacity *= Number(getComputedStyle(e).opacity);
        }
        const fg = [r, g, b].map((v) => v * opacity + 255 * (1 - opacity));
        texts.push({text: words.slice(0, 30), points: Math.round(size * 75) / 100, contrast: 1.05 / (lum(fg) + 0.05)});
      }
      out.push({picture: svg.getAttribute('aria-labelledby'), layouts: shown.length, left: box.left, right: box.right,
                width: box.width, height: box.height, page: document.body.getBoundingClientRect().width, texts});
    }
    if (!shown.length) out.push({picture: figure.getAttribute('aria-labelledby'), layouts: 0, texts: []});
  }
  return out;
}"""


def _pages_with_pictures(built_site: Path) -> list[str]:
    """The paths of the built pages that draw a picture ("" is the home page)."""
    pages = built_site.rglob("index.html")
    folders = [i.parent for i in pages if 'class="ex-picture ' in i.read_text(encoding="utf-8")]
    return sorted("" if f == built_site else f"{f.relative_to(built_site).as_posix()}/" for f in folders)


def test_paper_is_the_room_of_a_printed_page(paper: Reader) -> None:
    # Chromium rounds the page's room to whole device pixels (703 to 705 px); the height is the same margins'.
    width = _while_printing(paper.open("people/"), PRINT_ROOM)
    assert abs(width - PAPER["width"]) <= 3, width


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_pictures_print_whole_with_text_of_9_points_or_more(
    browser: Browser, site_url: str, built_site: Path, scheme: str
) -> None:
    paths = _pages_with_pictures(built_site)
    assert {"", "timeline/", "people/"} <= set(paths), paths  # the home page's days, the timeline, the family
    reader = _reader(browser, site_url, viewport=PAPER, color_scheme=scheme)
    try:
        for path in paths:
            pictures = _while_printing(reader.open(path), PRINTED_PICTURES)
            assert pictures, path
            for picture in pictures:
                where = (path, picture["picture"])
                assert picture["layouts"] == 1, where  # one of its two layouts, never both or neither
                # Whole: within the page's width, and no taller than a page (it is kept from breaking across two).
                assert picture["left"] >= -0.5 and picture["right"] <= picture["page"] + 0.5, (where, picture)
                assert picture["height"] <= PAPER["height"], (where, picture["height"])
                assert len(picture["texts"]) > 5, where
                small = [t for t in picture["texts"] if t["points"] < 9]
                faint = [t for t in picture["texts"] if t["contrast"] < 7]
                assert small == [] and faint == [], (where, small[:5], faint[:5])
    finally:
        reader.context.close()


# --- 400% zoom ---------------------------------------------------------------------------------------------------

# How much of the screen's height the header, the banner and anything else fixed or sticky covers: the union of
# their vertical extents on screen (a transparent one, such as Material's hidden "copied" dialog, covers nothing).
COVERED = """() => {
  const spans = [];
  for (const el of document.body.querySelectorAll('*')) {
    const style = getComputedStyle(el);
    if (style.position !== 'fixed' && style.position !== 'sticky') continue;
    if (!el.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
    const box = el.getBoundingClientRect();
    if (box.right <= 0 || box.left >= innerWidth) continue;  // the closed drawer, beside the screen
    const top = Math.max(box.top, 0), bottom = Math.min(box.bottom, innerHeight);
    if (box.width > 0 && bottom > top) spans.push([top, bottom, el.className]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  let covered = 0, end = 0;
  for (const [top, bottom] of spans) {
    covered += Math.max(0, bottom - Math.max(top, end));
    end = Math.max(end, bottom);
  }
  return {share: covered / innerHeight, what: spans.map((s) => s[2])};
}"""


@pytest.fixture(scope="module")
def zoomed(browser: Browser, site_url: str) -> Iterator[Reader]:
    reader = _reader(browser, site_url, viewport=ZOOMED, device_scale_factor=4)
    yield reader
    reader.context.close()


def _covered(page: Page) -> dict[str, Any]:
    covered: dict[str, Any] = page.evaluate(COVERED)
    return covered


def test_at_400_percent_zoom_an_articles_banner_leaves_the_passage_in_view(zoomed: Reader, desktop: Reader) -> None:
    # An article's page as a chip leads to it: ?for=<the statement>#<the passage>, with the "Cited for" banner.
    href = desktop.open("people/alec-baldwin/").locator("a.ex-chip[href*='?for=']").first.get_attribute("href")
    assert href and "#" in href
    page = zoomed.open(urljoin("people/alec-baldwin/", href))
    page.wait_for_selector(".ex-landed")
    _screenshot(page, "zoom-400-article-banner")
    covered = _covered(page)
    assert "ex-landed" in " ".join(covered["what"]) and covered["share"] <= 0.25, covered
    passage = _viewport_check(page, "[id='" + href.split("#")[1] + "']")
    assert passage and passage["visible"], passage
    # The banner's way back is there, and a keyboard reader reaches it (it scrolls into the banner's view).
    back = page.locator(".ex-landed a")
    back.focus()
    box = back.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= ZOOMED["height"], box
    page.mouse.wheel(0, 600)
    page.wait_for_timeout(300)
    assert _covered(page)["share"] <= 0.25
