"""Previews of internal links (issue 24, item 3), in Chromium: pointing at or tabbing to a link to a record's
place (a person, an event, a quote, a disagreement) shows a card with its kind, its label, its support in the
words of its chip's name and the questions that dispute it; the card touches its link and stays while the
pointer is on either (WCAG 1.4.13), Escape closes it and leaves the focus on the link; the data is fetched from
the site itself on the first hover or focus, not on page load, and once; on a phone a tap follows the link.
Screenshots of an open card in both palettes go to test-artifacts/screenshots/; axe-core checks them."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from test_browser import _axe

from browser_support import Reader, _screenshot, move_onto, tab_to

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


def test_on_a_phone_a_tap_follows_the_link_and_fetches_nothing(phone: Reader) -> None:
    page = phone.open("", wait_until="networkidle")
    link = page.locator(PERSON).first
    link.scroll_into_view_if_needed()
    link.tap()
    expect(page).to_have_url(phone.base + "people/hilaria-baldwin/")
    assert _fetches(phone) == 0
    assert phone.errors == []


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
