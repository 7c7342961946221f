"""Every control readable (WCAG 2.2 1.4.11, and no text under 12 px on screen): the quiet marks of a page, the
"#" copy links, the paragraph marks, the badges and the "Corrected on" notes, measured in Chromium in both
colour schemes on the page types that carry most of them."""

from __future__ import annotations

import pytest
from test_browser import PAGES as PAGE_TYPES  # and its checks, which come first in the visits: "title" among them

from browser_support import VISITS, Reader, Visiting, shares_a_visit

pytestmark = pytest.mark.browser

PAGES = ("people/alec-baldwin/", "sources/justify-snapping/", "claims/red-carpet/", "timeline/")
QUIET = ".md-typeset .ex-copylink, .ex-para, .ex-badge, .ex-corrected"

# The contrast of each quiet mark's text (or, for a mark drawn by ::before, of that) against the first opaque
# background behind it, with its opacity; and its font size in CSS px.
MEASURE = """(selector) => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const background = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] === 1)) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const seen = new Set();
  return [...document.querySelectorAll(selector)].filter((el) => el.getClientRects().length).map((el) => {
    const before = getComputedStyle(el, "::before");
    const drawn = before.content && before.content !== "none" && before.content !== "normal";
    const style = drawn ? before : getComputedStyle(el);
    let [r, g, b, a] = rgb(style.color); a = a === undefined ? 1 : a;
    let opacity = a;
    for (let e = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    const bg = background(el);
    const fg = [r, g, b].map((v, i) => v * opacity + bg[i] * (1 - opacity));
    const [l1, l2] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    const mark = el.className + (el.textContent || "").slice(0, 20);
    return {mark, contrast: (l1 + 0.05) / (l2 + 0.05), size: parseFloat(style.fontSize)};
  }).filter((m) => { const k = m.mark; if (seen.has(k)) return false; seen.add(k); return true; });
}"""


# Measured in the visit each page type gets from each palette's reader (test_browser.py), before any check there
# changes the page.
VISITS.add(
    "quiet marks",
    lambda page, name: page.evaluate(MEASURE, QUIET),
    after="title",
    visits={
        (scheme, path): next(name for name, where in PAGE_TYPES.items() if where == path)
        for scheme in ("desktop", "dark")
        for path in PAGES
    },
)


@pytest.mark.parametrize("scheme", ["desktop", "dark"])
@pytest.mark.parametrize("path", PAGES)
@shares_a_visit("quiet marks", lambda p: (p["scheme"], p["path"]))
def test_quiet_marks_are_readable(visit: Visiting, scheme: str, path: str) -> None:
    marks = visit(scheme, path)["quiet marks"]
    assert marks, path  # the page has such marks
    low = [m for m in marks if m["contrast"] < 3]
    small = [m for m in marks if m["size"] < 12]
    assert low == [] and small == [], (low[:5], small[:5])


RING = """() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const button = document.querySelector("#ex-pop .ex-pop__close");
  let bg = [255, 255, 255];
  for (let e = button; e; e = e.parentElement) {
    const c = rgb(getComputedStyle(e).backgroundColor);
    if (c.length === 3 || (c.length === 4 && c[3] === 1)) { bg = c.slice(0, 3); break; }
  }
  const [r, g, b, a = 1] = rgb(getComputedStyle(button).borderTopColor);
  const ring = [r, g, b].map((v, i) => v * a + bg[i] * (1 - a));
  const [l1, l2] = [lum(ring), lum(bg)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}"""


@pytest.mark.parametrize("scheme", ["desktop", "dark"])
def test_the_citation_popovers_close_button_has_a_ring_of_3_to_1(request: pytest.FixtureRequest, scheme: str) -> None:
    # The button's ring is its boundary (SC 1.4.11); it was 2.25:1 in the light palette.
    reader: Reader = request.getfixturevalue(scheme)
    page = reader.open("claims/red-carpet/")
    page.locator("a.ex-chip").first.click()
    page.locator("#ex-pop .ex-pop__close").wait_for()
    ring = page.evaluate(RING)
    assert ring >= 3, f"{ring:.2f}:1"
