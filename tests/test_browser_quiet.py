"""Quiet citations (issue 24, item 2), measured in Chromium on a phone: a chip shows the number of articles and a
correction a pencil, so that they take at most a tenth of a paragraph's characters on the home page, while their
names (read aloud) say the rest and their targets stay at least 24 by 24 CSS px."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from browser_support import Reader

pytestmark = pytest.mark.browser

# For each paragraph or list item of the home page's text that holds a chip or a correction's mark: its visible
# characters (what is drawn: text hidden to the eye, such as a mark's words, is left out), and how many of them
# are the marks' (a chip's number; a pencil counts as one character).
SHARES = """() => {
  const hidden = (node) => {
    for (let e = node.parentElement; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === "none" || s.visibility === "hidden" || s.clip === "rect(0px, 0px, 0px, 0px)"
          || (s.position === "absolute" && parseFloat(s.width) <= 1 && s.overflow === "hidden")) return true;
    }
    return false;
  };
  const visible = (root) => {
    let n = 0;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      if (t.parentElement.closest("svg")) continue;
      if (!hidden(t)) n += t.textContent.replace(/\\s+/g, " ").length;
    }
    return n;
  };
  const blocks = [...document.querySelectorAll(".md-content article > p, .md-content article > ul > li")];
  return blocks.filter((b) => b.querySelector(".ex-chip, .ex-corrected")).map((b) => {
    const chips = [...b.querySelectorAll(".ex-chip")].reduce((n, c) => n + visible(c), 0);
    const pencils = b.querySelectorAll(".ex-corrected").length;
    return {text: b.textContent.trim().slice(0, 40), all: visible(b) + pencils, marks: chips + pencils};
  });
}"""


def test_citations_and_corrections_take_at_most_a_tenth_of_a_paragraph_on_a_phone(phone: Reader) -> None:
    page = phone.open("")
    shares = page.evaluate(SHARES)
    assert len(shares) >= 5  # the four bullets of "What happened", the dispute card, ...
    for share in shares:
        assert share["marks"] / share["all"] <= 0.10, share
    # Worked out on the page: the first bullet has four chips of one digit (5, 5, 3, 4) and one pencil.
    first = next(s for s in shares if s["text"].startswith("The interview."))
    assert first["marks"] == 4 + 1


def test_a_chip_shows_its_count_and_is_named_in_full(phone: Reader) -> None:
    page = phone.open("")
    chip = page.locator(".md-content .ex-chip").first
    assert chip.inner_text() == "5"
    assert chip.get_attribute("aria-label") == "5 articles, 4 independent reports"
    box = chip.bounding_box()
    assert box is not None and box["width"] >= 24 and box["height"] >= 24


def test_a_correction_is_a_pencil_named_by_its_date_that_leads_to_the_correction(phone: Reader) -> None:
    page = phone.open("")
    marks = page.locator(".md-content .ex-corrected")
    assert marks.count() >= 5
    for i in range(marks.count()):
        mark = marks.nth(i)
        box = mark.bounding_box()
        assert box is not None and box["width"] >= 24 and box["height"] >= 24  # SC 2.5.8
        name = mark.evaluate("(a) => a.querySelector('.ex-corrected__words').textContent")
        assert name.startswith("Corrected on ") and mark.get_attribute("title", timeout=1000).startswith(name)
        assert (mark.get_attribute("href") or "").startswith("corrections/#")
        words = mark.locator(".ex-corrected__words").bounding_box()
        assert words is not None and words["width"] <= 1 and words["height"] <= 1  # nothing but the pencil is drawn
    # The pencil is a graphic a reader needs: at least 3:1 against the page (SC 1.4.11), like the link colour.
    contrast = marks.first.evaluate(
        """(a) => {
          const rgb = (c) => (c.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
          const lum = ([r, g, b]) => {
            const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
            return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
          };
          const fill = rgb(getComputedStyle(a.querySelector("svg")).fill);
          const [l1, l2] = [lum(fill), lum([255, 255, 255])].sort((x, y) => y - x);
          return (l1 + 0.05) / (l2 + 0.05);
        }"""
    )
    assert contrast >= 3


@pytest.mark.parametrize("scheme", ["desktop", "dark"])
def test_a_link_under_the_pointer_keeps_a_readable_colour(request: pytest.FixtureRequest, scheme: str) -> None:
    """Material's accent colour under the pointer is under 4.5:1 in both schemes (SC 1.4.3): a link keeps its
    colour and shows the pointer by its underline."""
    reader: Reader = request.getfixturevalue(scheme)
    page = reader.open("")
    link = page.locator(".md-content a[href^='people/']").first
    before = link.evaluate("(a) => getComputedStyle(a).textDecorationThickness")
    link.hover()
    page.wait_for_timeout(300)  # Material's colour transition
    measured = link.evaluate(
        """(a) => {
          const rgb = (c) => (c.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
          const lum = ([r, g, b]) => {
            const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
            return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
          };
          let bg = [255, 255, 255];
          for (let e = a; e; e = e.parentElement) {
            const c = (getComputedStyle(e).backgroundColor.match(/[\\d.]+/g) || []).map(Number);
            if (c.length === 3 || (c.length === 4 && c[3] === 1)) { bg = c.slice(0, 3); break; }
          }
          const [l1, l2] = [lum(rgb(getComputedStyle(a).color)), lum(bg)].sort((x, y) => y - x);
          return {contrast: (l1 + 0.05) / (l2 + 0.05), thickness: getComputedStyle(a).textDecorationThickness};
        }"""
    )
    assert measured["contrast"] >= 4.5, measured
    assert measured["thickness"] != before  # the pointer shows


# Every text of a picture as drawn on the screen: its font size in the picture's units times the picture's scale.
DRAWN_TEXT = """() => [...document.querySelectorAll('svg.ex-picture')].filter((svg) => svg.getClientRects().length)
  .flatMap((svg) => [...svg.querySelectorAll('text, tspan')].filter((t) => t.textContent.trim()).map((t) => ({
    text: t.textContent.trim().slice(0, 30),
    size: parseFloat(getComputedStyle(t).fontSize) * svg.getScreenCTM().a,
  })))"""


@pytest.mark.parametrize("width", [320, 390, 600, 760, 1000, 1280])
@pytest.mark.parametrize("path", ["", "timeline/", "people/"])
def test_no_text_of_a_picture_is_drawn_under_12_px(browser: Browser, site_url: str, path: str, width: int) -> None:
    """A picture's wide layout is shown only where it fits at its natural size, else its narrow one full width
    (pictures/css.py): at no width of the screen is a label, a name or an axis drawn under 12 CSS px."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        page.goto(site_url + path)
        texts = page.evaluate(DRAWN_TEXT)
        assert len(texts) > 10, (path, width)  # a picture is shown at every width
        small = [t for t in texts if t["size"] < 11.99]
        assert small == [], (path, width, small[:5])
        # Where the wide layout fits (a desktop's column of about 690 px), it is the one shown.
        shown = page.evaluate(
            "() => [...document.querySelectorAll('svg.ex-picture')].filter((s) => s.getClientRects().length)"
            ".map((s) => s.classList.contains('ex-picture--wide') ? 'wide' : 'narrow')"
        )
        assert set(shown) == ({"wide"} if width >= 1280 else {"narrow"} if width <= 600 else set(shown)), shown
    finally:
        context.close()
