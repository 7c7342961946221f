"""Previews of internal links (issue 24, item 3), in Chromium: pointing at or tabbing to a link to a record's
place (a person, an event, a quote, a disagreement) shows a card with its kind, its label, its support in the
words of its chip's name and the questions that dispute it; the card touches its link and stays while the
pointer is on either (WCAG 1.4.13), Escape closes it and leaves the focus on the link; the data is fetched from
the site itself on the first hover, focus or touch, not on page load, and once. On a touch screen the first
tap on such a link opens the card as a sheet at the bottom of the screen (a non-modal dialog that takes the
focus), the second follows the link; Escape, the close button or a tap outside closes it and puts the focus back
on the link. Screenshots of an open card and an open sheet in both palettes go to test-artifacts/screenshots/;
axe-core checks them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from test_browser import _axe

from browser_support import PHONE, Reader, _reader, _screenshot, move_onto, tab_to

pytestmark = pytest.mark.browser

DATA = "data/previews.json"
CARD = "#ex-preview"
PERSON = '.md-content a.wikilink[href="people/hilaria-baldwin/"]'  # on the home page
EVENT = '.md-content a[href="../timeline/#extra-red-carpet-interview"]'  # on the quotes page
QUOTE = '.md-content a[href="ig-correctile-dysfunction-alec/"]'  # on the quotes page: a disputed speaker


def _card(page: Page) -> dict[str, Any] | None:
    return page.evaluate(
        """(selector) => {
            const card = document.querySelector(selector);
            if (!card || card.hidden) return null;
            const text = (s) => { const e = card.querySelector(s); return e ? e.textContent : null; };
            const box = card.getBoundingClientRect();
            return {kind: text('.ex-preview__kind'), label: text('.ex-preview__title'), by: text('.ex-preview__by'),
                    support: text('.ex-preview__box > .ex-preview__support'), disputed: text('.ex-preview__disputed'),
                    links: [...card.querySelectorAll('a')].map(a => a.href),
                    top: box.top, bottom: box.bottom, left: box.left, right: box.right, width: box.width};
        }""",
        CARD,
    )


def _fetches(reader: Reader) -> int:
    return sum(1 for url in reader.requests if url.startswith(reader.base + DATA))


def _point_at(page: Page, link: Locator) -> dict[str, float]:
    """Move the mouse onto a link as a hand does, in a few steps (a block laid out as it scrolls into view is
    hit-tested only from the next move on)."""
    link.scroll_into_view_if_needed()
    page.mouse.move(2, 300)
    box = link.bounding_box()
    assert box
    page.mouse.move(box["x"] + min(box["width"], 40) / 2, box["y"] + box["height"] / 2, steps=4)
    return box


def test_pointing_at_a_link_fetches_the_data_once_and_shows_the_card(desktop: Reader) -> None:
    page = desktop.open("quotes/", wait_until="networkidle")
    page.wait_for_timeout(300)
    assert _fetches(desktop) == 0, "nothing is fetched before a reader points at or tabs to a link"
    box = _point_at(page, page.locator(EVENT).first)
    expect(page.locator(CARD)).to_be_visible()
    card = _card(page)
    assert card
    assert card["kind"] == "event"  # shown in capitals, by the stylesheet
    assert card["label"] == "Red-carpet interview with Extra at the Planet Hollywood reopening"
    assert card["support"] == "5 articles, 4 independent reports"  # as the event's chip is named
    assert card["disputed"] is None
    assert card["links"] == [desktop.base + "timeline/#extra-red-carpet-interview"]
    touching = abs(card["top"] - (box["y"] + box["height"])) <= 1 or abs(card["bottom"] - box["y"]) <= 1
    assert touching, f"a gap between the link ({box}) and its card ({card})"
    assert (
        page.evaluate(
            "() => document.querySelector('.md-content a[href=\"../timeline/#extra-red-carpet-interview\"]')"
            ".getAttribute('aria-describedby')"
        )
        == "ex-preview"
    )
    # Another link: the same data, not fetched again.
    _point_at(page, page.locator(QUOTE).first)
    expect(page.locator(CARD)).to_contain_text("correctile dysfunction")
    card = _card(page)
    assert card and card["kind"] == "quote"
    assert card["by"] == "— as attributed to Alec Baldwin or Hilaria Baldwin (speaker disputed)"
    assert card["support"] == "3 articles, 2 independent reports"
    assert card["disputed"] == 'disputed: Who says "correctile dysfunction" in the Instagram video?'
    assert desktop.base + "disagreements/#who-says-correctile-dysfunction" in card["links"]
    assert _fetches(desktop) == 1
    assert desktop.errors == [] and desktop.external_requests() == []  # the page's CSP lets it fetch the data


def test_the_card_stays_while_the_pointer_moves_onto_it_and_goes_when_it_leaves(desktop: Reader) -> None:
    page = desktop.open("")
    box = _point_at(page, page.locator(PERSON).first)
    expect(page.locator(CARD)).to_be_visible()
    card = _card(page)
    assert card and (card["kind"], card["label"]) == ("person", "Hilaria Baldwin")
    assert card["support"] is None  # a person is not a statement
    # From the link onto the card and around in it, step by step: it stays (SC 1.4.13 hoverable).
    move_onto(page, box, card, 700)
    expect(page.locator(CARD)).to_be_visible()
    # Escape dismisses it without moving the pointer; it does not come back while the pointer stays.
    page.keyboard.press("Escape")
    expect(page.locator(CARD)).to_be_hidden()
    # Back on the link it opens again, and leaving both closes it.
    _point_at(page, page.locator(PERSON).first)
    expect(page.locator(CARD)).to_be_visible()
    page.keyboard.press("Escape")
    page.wait_for_timeout(600)
    expect(page.locator(CARD)).to_be_hidden()  # dismissed: the pointer has not left the link
    _point_at(page, page.locator(PERSON).first)
    expect(page.locator(CARD)).to_be_visible()
    page.mouse.move(5, 600, steps=5)
    expect(page.locator(CARD)).to_be_hidden()
    assert desktop.errors == []


def test_a_timeline_row_of_the_picture_previews_its_event(desktop: Reader) -> None:
    page = desktop.open("")
    _point_at(page, page.locator('.md-content a.ex-chart__row[href="timeline/#extra-red-carpet-interview"]').first)
    expect(page.locator(CARD)).to_be_visible()
    card = _card(page)
    assert card and card["label"] == "Red-carpet interview with Extra at the Planet Hollywood reopening"


def test_tabbing_to_a_link_shows_its_card_and_escape_leaves_the_focus_there(desktop: Reader) -> None:
    page = desktop.open("")
    page.mouse.move(2, 300)
    page.locator("body").focus()
    tab_to(page, PERSON, 80, "the link to Hilaria Baldwin")
    expect(page.locator(CARD)).to_be_visible()
    card = _card(page)
    assert card and card["label"] == "Hilaria Baldwin"
    assert page.evaluate("() => document.activeElement.closest('#ex-preview')") is None, "the card takes no focus"
    page.keyboard.press("Escape")
    expect(page.locator(CARD)).to_be_hidden()
    assert page.evaluate("(s) => document.activeElement.matches(s)", PERSON), "the focus stays on the link"
    # The next link gets its own card; tabbing past every link closes it.
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.getAttribute('href')") == "people/alec-baldwin/"
    expect(page.locator(CARD)).to_contain_text("Alec Baldwin")
    page.keyboard.press("Tab")  # a citation chip: no preview
    assert page.evaluate("() => document.activeElement.matches('a.ex-chip')")
    expect(page.locator(CARD)).to_be_hidden()
    assert desktop.errors == []


def test_a_click_is_no_preview_and_follows_the_link(desktop: Reader) -> None:
    page = desktop.open("")
    link = page.locator(PERSON).first
    link.scroll_into_view_if_needed()
    link.click()
    expect(page).to_have_url(desktop.base + "people/hilaria-baldwin/")


# --- on a touch screen: a sheet ---------------------------------------------------------------------------------

SHEET = '#ex-preview.ex-preview--sheet[role="dialog"]'
NO_RECORD = '.md-content a[href="people/"]'  # on the home page: the list of people, a page of no record


def _sheet(page: Page) -> dict[str, Any] | None:
    """What a reader sees of the sheet, and where the focus is."""
    found: dict[str, Any] | None = page.evaluate(
        """async (selector) => {
            const sheet = document.querySelector(selector);
            if (!sheet || sheet.hidden) return null;
            await Promise.all(sheet.getAnimations().map(a => a.finished));  // slid in
            const text = (s) => { const e = sheet.querySelector(s); return e ? e.textContent : null; };
            const title = document.getElementById(sheet.getAttribute('aria-labelledby'));
            const box = sheet.getBoundingClientRect();
            const close = sheet.querySelector('button').getBoundingClientRect();
            const open = sheet.querySelector('.ex-preview__open a');
            return {title: title && sheet.contains(title) ? title.textContent : null, kind: text('.ex-preview__kind'),
                    text: text('.ex-preview__text'), support: text('.ex-preview__box > .ex-preview__support'),
                    open: open && [open.textContent, open.href], focusInside: sheet.contains(document.activeElement),
                    close: [close.width, close.height], top: box.top, bottom: box.bottom, left: box.left,
                    right: box.right, width: innerWidth, height: innerHeight,
                    position: getComputedStyle(sheet).position, modal: sheet.getAttribute('aria-modal')};
        }""",
        SHEET,
    )
    return found


def _tap(page: Page, selector: str) -> Locator:
    """Tap a link in the middle of its widest line box (Playwright's own point is in its first box: for a quote,
    the opening mark, which Chromium does not hit-test as the link's; a link that wraps has gaps in its box)."""
    link = page.locator(selector).first
    link.scroll_into_view_if_needed()
    point = link.evaluate(
        """(link) => {
            const all = link.getBoundingClientRect();
            const widest = [...link.getClientRects()].sort((a, b) => b.width - a.width)[0];
            return {x: widest.left + widest.width / 2 - all.left, y: widest.top + widest.height / 2 - all.top};
        }"""
    )
    link.tap(position=point)
    return link


def _focused(page: Page, selector: str) -> bool:
    return bool(page.evaluate("(s) => document.activeElement?.matches(s) ?? false", selector))


def test_on_a_phone_a_first_tap_opens_a_sheet_and_a_second_tap_follows_the_link(
    phone: Reader, built_site: Path
) -> None:
    record = json.loads((built_site / DATA).read_text(encoding="utf-8"))["records"]["people/hilaria-baldwin/"]
    page = phone.open("", wait_until="networkidle")
    assert _fetches(phone) == 0, "nothing is fetched before a reader touches a link"
    link = _tap(page, PERSON)
    dialog = page.get_by_role("dialog", name="Hilaria Baldwin")
    expect(dialog).to_be_visible()
    assert page.url == phone.base, "the first tap does not follow the link"
    sheet = _sheet(page)
    assert sheet
    assert (sheet["title"], sheet["kind"]) == ("Hilaria Baldwin", "person")
    assert sheet["text"] == record["text"], "the record's summary, from the previews' data"
    assert sheet["open"] == ["Open the person’s page", phone.base + "people/hilaria-baldwin/"]
    assert sheet["focusInside"], "the focus moves into the sheet, so a screen reader lands on it"
    assert sheet["modal"] is None, "a non-modal dialog: the page behind stays usable"
    # Fixed at the bottom of the screen, across it (a phone), over its lower part only; the link stays in sight.
    assert sheet["position"] == "fixed"
    assert (round(sheet["left"]), round(sheet["right"]), round(sheet["bottom"])) == (0, sheet["width"], sheet["height"])
    assert sheet["top"] >= sheet["height"] * 0.35, sheet
    box = link.bounding_box()
    assert box and box["y"] + box["height"] <= sheet["top"], "the link stays in sight above the sheet"
    assert min(sheet["close"]) >= 24, f"the close button is {sheet['close']} CSS px (SC 2.5.8: 24 x 24 at least)"
    expect(dialog.get_by_role("button", name="Close the preview")).to_be_visible()
    assert page.locator(CARD).get_attribute("aria-describedby") is None
    assert link.get_attribute("aria-describedby") is None, "a sheet is a dialog, not the link's description"
    # The second tap on the same link follows it.
    link.tap()
    expect(page).to_have_url(phone.base + "people/hilaria-baldwin/")
    assert _fetches(phone) == 1
    assert phone.errors == [] and phone.external_requests() == []


def test_the_sheets_link_goes_on_to_the_records_place(phone: Reader) -> None:
    page = phone.open("quotes/")
    # The link low on the screen, where the sheet will be: the page moves it up into sight, above the sheet.
    low = page.locator(EVENT).first.evaluate(
        "l => { l.scrollIntoView(); scrollBy(0, l.getBoundingClientRect().bottom - innerHeight + 60);"
        " return l.getBoundingClientRect().bottom; }"
    )
    link = _tap(page, EVENT)
    dialog = page.get_by_role("dialog", name="Red-carpet interview with Extra at the Planet Hollywood reopening")
    expect(dialog).to_be_visible()
    sheet = _sheet(page)
    assert sheet and sheet["support"] == "5 articles, 4 independent reports"  # as the card shows it
    assert low > sheet["top"], "the link was where the sheet is"
    box = link.bounding_box()
    assert box and box["y"] + box["height"] <= sheet["top"], f"the link ({box}) is hidden by the sheet ({sheet})"
    assert sheet["open"] == ["Go to it on its page", phone.base + "timeline/#extra-red-carpet-interview"]
    dialog.get_by_role("link", name="Go to it on its page").tap()
    expect(page).to_have_url(phone.base + "timeline/#extra-red-carpet-interview")
    assert phone.errors == []


def test_escape_the_close_button_or_a_tap_outside_closes_the_sheet_and_the_focus_goes_back_to_the_link(
    phone: Reader,
) -> None:
    page = phone.open("")
    for how in ("escape", "button", "outside", "tab"):
        _tap(page, PERSON)
        expect(page.locator(SHEET)).to_be_visible()
        if how == "escape":
            page.keyboard.press("Escape")
        elif how == "button":
            page.get_by_role("button", name="Close the preview").tap()
        elif how == "outside":  # the page's title: no link, nothing to focus
            title = page.locator(".md-content h1").bounding_box()
            assert title
            page.touchscreen.tap(title["x"] + 20, title["y"] + title["height"] / 2)
        else:  # Tab past the sheet's last link (a keyboard joined to a tablet): back to the link
            for _ in range(3):
                page.keyboard.press("Tab")
        expect(page.locator(CARD)).to_be_hidden()
        assert _focused(page, PERSON), f"closed by {how}, the focus goes back to the link"
        assert page.url == phone.base
        page.wait_for_timeout(400)
        expect(page.locator(CARD)).to_be_hidden()  # no card opens for the focus put back
    assert phone.errors == []


def test_a_tap_on_a_link_to_no_record_follows_it(phone: Reader) -> None:
    page = phone.open("", wait_until="networkidle")
    _tap(page, NO_RECORD)  # the data is not there yet: the link waits for it, then is followed
    expect(page).to_have_url(phone.base + "people/")
    expect(page.locator(CARD)).to_have_count(0)
    page = phone.open("")
    _tap(page, PERSON)
    expect(page.locator(SHEET)).to_be_visible()
    page.get_by_role("button", name="Close the preview").tap()
    _tap(page, NO_RECORD)  # the data is there: followed at once
    expect(page).to_have_url(phone.base + "people/")
    assert phone.errors == []


def test_the_sheet_slides_in_only_for_readers_who_accept_motion(phone: Reader) -> None:
    page = phone.page
    try:
        for motion, animation in (("reduce", "none"), ("no-preference", "ex-sheet-up")):
            page.emulate_media(reduced_motion=motion)
            phone.open("")
            _tap(page, PERSON)
            expect(page.locator(SHEET)).to_be_visible()
            assert page.locator(SHEET).evaluate("e => getComputedStyle(e).animationName") == animation
    finally:
        page.emulate_media(reduced_motion="no-preference")


_CONTRASTS = r"""(selector) => {
    // Each text's colour, and the close button's ring, against the sheet's background (alpha composited).
    const sheet = document.querySelector(selector);
    const rgba = (c) => { const v = c.match(/[\d.]+/g).map(Number);
                          return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1]; };
    const over = (fg, bg) => fg.slice(0, 3).map((v, i) => v * fg[3] + bg[i] * (1 - fg[3]));
    const lum = (rgb) => { const f = (v) => { v /= 255; return v <= .03928 ? v / 12.92 : ((v + .055) / 1.055) ** 2.4; };
                           return .2126 * f(rgb[0]) + .7152 * f(rgb[1]) + .0722 * f(rgb[2]); };
    const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + .05) / (y + .05); };
    const bg = over(rgba(getComputedStyle(sheet.querySelector('.ex-preview__box')).backgroundColor), [255, 255, 255]);
    const texts = [...sheet.querySelectorAll('*')]
        .filter(e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
        .map(e => [e.className || e.tagName, ratio(over(rgba(getComputedStyle(e).color), bg), bg)]);
    const button = sheet.querySelector('button');
    return {texts, ring: ratio(over(rgba(getComputedStyle(button).borderTopColor), bg), bg),
            scheme: document.body.getAttribute('data-md-color-scheme')};
}"""


@pytest.fixture(scope="module")
def dark_phone(browser: Browser, site_url: str) -> Iterator[Reader]:
    """A phone whose system is dark: Material's "slate" (a palette, once shown, is kept in the page's storage, so
    the light phone's context cannot simply switch)."""
    reader = _reader(
        browser, site_url, viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, color_scheme="dark"
    )
    yield reader
    reader.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_an_open_sheet_is_accessible_in_both_palettes(phone: Reader, dark_phone: Reader, scheme: str) -> None:
    reader = phone if scheme == "light" else dark_phone
    page = reader.open("quotes/")
    _tap(page, QUOTE)  # a disputed quote: a badge, the question's link, the sheet's link
    expect(page.locator(SHEET)).to_be_visible()
    assert _sheet(page), "slid in"
    _screenshot(page, f"preview-sheet-phone-{scheme}")
    measured = page.evaluate(_CONTRASTS, SHEET)
    assert measured["scheme"] == ("slate" if scheme == "dark" else "default")
    faint = [(what, round(r, 2)) for what, r in measured["texts"] if r < 4.5]
    assert measured["texts"] and faint == [], faint
    assert measured["ring"] >= 3, f"the close button's ring is {measured['ring']:.2f}:1 (SC 1.4.11)"
    violations = _axe(page)
    expect(page.locator(SHEET)).to_be_visible()  # still open while axe ran
    assert not [v for v in violations if v["impact"] in {"serious", "critical"}], violations
    inside = [v for v in violations if any(t.startswith("#ex-preview") for t in v["targets"])]
    assert not inside, inside
    assert reader.errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_an_open_card_is_accessible_in_both_palettes(desktop: Reader, dark: Reader, scheme: str) -> None:
    reader = desktop if scheme == "light" else dark
    page = reader.open("quotes/")
    _point_at(page, page.locator(QUOTE).first)
    expect(page.locator(CARD)).to_be_visible()
    # The pointer rests on the card's text (a hovered link takes Material's accent colour, under 4.5:1).
    kind = page.locator(f"{CARD} .ex-preview__kind").bounding_box()
    assert kind
    page.mouse.move(kind["x"] + kind["width"] - 10, kind["y"] + kind["height"] / 2, steps=6)
    page.wait_for_timeout(500)
    expect(page.locator(CARD)).to_be_visible()
    _screenshot(page, f"preview-open-{scheme}")
    violations = _axe(page)
    expect(page.locator(CARD)).to_be_visible()  # still open while axe ran
    serious = [v for v in violations if v["impact"] in {"serious", "critical"}]
    assert not serious, "\n".join(
        f"{v['impact']} {v['id']}: {v['help']} {v['targets']}\n    {v['summary']}" for v in serious
    )
    # The card's small text keeps at least 12 px.
    sizes = page.evaluate(
        "() => [...document.querySelectorAll('#ex-preview *')].map(e => parseFloat(getComputedStyle(e).fontSize))"
    )
    assert sizes and min(sizes) >= 12, sizes


# Where a quote is a link (<a><q>…</q></a>), each of its quotation marks, drawn by the quote, is part of the
# link's target: at the middle of each mark, the element there is the link or inside it. (Marks drawn as
# open-quote and close-quote are not hit by a tap in Chromium: the tap landed on the list item around.)
QUOTE_MARKS = """() => [...document.querySelectorAll('article a q')].map((q) => {
  q.scrollIntoView({block: 'center'});
  const link = q.closest('a');
  const rects = [...q.getClientRects()];
  const at = (rect, left) => {
    const x = left ? rect.left + 2 : rect.right - 2, y = rect.top + rect.height / 2;
    return link.contains(document.elementFromPoint(x, y));
  };
  return {quote: q.textContent.slice(0, 30), opening: at(rects[0], true), closing: at(rects[rects.length - 1], false),
          marks: [getComputedStyle(q, '::before').content, getComputedStyle(q, '::after').content]};
})"""


@pytest.mark.parametrize(
    "path", ["quotes/", "people/hilaria-baldwin/", "transcripts/extra-interview-transcript/", "compare/"]
)
def test_a_linked_quotes_quotation_marks_are_part_of_its_link(phone: Reader, path: str) -> None:
    page = phone.open(path)
    page.evaluate(
        """() => { for (const e of document.querySelectorAll('article *'))
            if (getComputedStyle(e).contentVisibility === 'auto') e.style.contentVisibility = 'visible';
          for (const more of document.querySelectorAll('article details')) more.open = true; }"""
    )  # every quote laid out and shown: the blocks that wait, the lists behind "Show all"
    quotes = page.evaluate(QUOTE_MARKS)
    assert len(quotes) > 3, path
    missed = [q for q in quotes if not (q["opening"] and q["closing"])]
    assert missed == [], missed[:5]
    assert {tuple(q["marks"]) for q in quotes} == {('"“"', '"”"')}, "English marks, as the browser drew them"


def test_a_tap_on_a_quotes_opening_mark_opens_its_sheet(phone: Reader) -> None:
    page = phone.open("quotes/", wait_until="networkidle")
    quote = page.locator(f"{QUOTE} > q")
    quote.scroll_into_view_if_needed()
    mark = quote.evaluate("q => { const r = q.getClientRects()[0]; return [r.left + 2, r.top + r.height / 2]; }")
    page.touchscreen.tap(mark[0], mark[1])
    expect(page.locator(SHEET)).to_be_visible()  # the link's first tap, as on its words
    assert page.url == phone.base + "quotes/"
    assert phone.errors == []
