"""Readers, in a real browser: headless Chromium (Debian's) driven by Playwright over the built site.

Every page type is opened as a reader would open it: citations are followed to their highlighted passages and
back, previews appear on hover and on keyboard focus, search finds quotes, nothing scrolls sideways on a phone,
nothing is fetched from anywhere but the site itself, axe-core finds no serious accessibility problem in either
palette, and every statement can be linked to. Screenshots of each page type go to test-artifacts/screenshots/.

`python3 dev.py test` installs Chromium with apt where it is missing; Playwright never downloads a browser.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from browser_support import (
    AXE,
    DESKTOP,
    PHONE,
    VISITS,
    Reader,
    Visiting,
    _reader,
    _screenshot,
    _viewport_check,
    _words,
    move_onto,
    shares_a_visit,
    tab_to,
)

# One page of each type.
pytestmark = pytest.mark.browser  # every test here reads the site in Chromium, or serves one to it

PAGES = {
    "home": "",
    "people-index": "people/",
    "person": "people/alec-baldwin/",
    "organizations-index": "organizations/",
    "organization": "organizations/extra/",
    "timeline": "timeline/",
    "quotes-index": "quotes/",
    "quote": "quotes/when-im-talking/",
    "claims-index": "claims/",
    "claims-topic": "claims/red-carpet/",
    "disagreements": "disagreements/",
    "sources-index": "sources/",
    "source": "sources/justify-snapping/",
    "transcripts-index": "transcripts/",
    "transcript": "transcripts/extra-interview-transcript/",
    "how-to-edit": "how-to-edit/",
    "reference": "reference/",
    "corrections": "corrections/",
    "error-codes": "error-codes/",
}
HILARIA = "people/hilaria-baldwin/"  # the page with the most statements
LANDED = "sources/justify-snapping/?for=hilaria-age-41#q-506-524"  # a citation's link into an article
STATEMENTS = "li.ex-statement[id], .ex-event[id], .ex-line[id], .ex-disagreement[id], .ex-inference[id]"


# --- citation chips: one per statement, a disclosure button with a popover -----------------------------------------

CHIP = "a.ex-chip"
CONTROLS = (
    "a.ex-chip, a.ex-corrected, a.ex-copylink, a.ex-para, .ex-pop button, .ex-pop a, .ex-card button, .ex-landed a, "
    ".ex-landed button, .ex-reading-toggle, .ex-toggle"
)
NAME = re.compile(r"(\d+) articles?(?:, (\d+) independent reports?)?")


def _chip(page: Page, statement_id: str) -> Locator:
    return page.locator(f'li[id="{statement_id}"] > {CHIP}')


def _pop_state(page: Page) -> dict[str, Any] | None:
    return page.evaluate(
        """() => {
            const pop = document.getElementById('ex-pop');
            if (!pop || pop.hidden) return null;
            const box = pop.getBoundingClientRect();
            return {title: pop.querySelector('.ex-pop__title').textContent,
                focused: pop.contains(document.activeElement),
                    items: [...pop.querySelectorAll('ol > li')].map(li => ({article: li.querySelector('cite')
                        .textContent,
                        sentence: li.querySelector('q').textContent, marked: li.querySelector('q mark').textContent,
                        link: li.querySelector('a').textContent, href: li.querySelector('a').href})),
                    top: box.top, bottom: box.bottom, left: box.left, right: box.right, width: box.width};
        }"""
    )


def test_each_statement_has_one_chip_named_by_its_support(desktop: Reader) -> None:
    page = desktop.open(PAGES["person"])
    chips = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)].map(chip => ({
            name: chip.getAttribute('aria-label'), text: chip.textContent, role: chip.getAttribute('role'),
            expanded: chip.getAttribute('aria-expanded'), controls: chip.getAttribute('aria-controls'),
            statement: chip.parentElement.closest('li, p, .ex-event')?.id ?? ''}))""",
        CHIP,
    )
    assert len(chips) > 50
    for chip in chips:
        assert NAME.fullmatch(chip["name"] or ""), chip
        assert chip["name"].startswith(chip["text"]), chip  # the visible words are the start of its name (SC 2.5.3)
        assert (chip["role"], chip["expanded"], chip["controls"]) == ("button", "false", "ex-pop"), chip
    # One control per statement: no statement carries two.
    statements = [c["statement"] for c in chips if c["statement"]]
    assert len(statements) == len(set(statements))
    assert page.locator("sup.ex-cite, .ex-cite__tip, .ex-support").count() == 0  # the old per-passage markers are gone
    # The list is read only when opened: before that the popover the chips control is hidden and empty.
    assert _pop_state(page) is None
    assert page.evaluate(
        "() => { const p = document.getElementById('ex-pop'); return p.hidden && !p.querySelector('li'); }"
    )
    expect(page.locator(CHIP).first).to_have_accessible_name(NAME)


def test_a_chip_lists_each_article_with_the_passage_in_its_sentence(desktop: Reader) -> None:
    # Worked out by hand: the "fireworks" and "speak for her" articles print the same sentence word for word
    # ("The video saw them engaging in a patronizing back-and-forth, with the yoga teacher–turned–reality star
    # cuing up her husband’s responses."), so the statement rests on 2 articles but 1 independent report.
    page = desktop.open(HILARIA)
    chip = _chip(page, "hilaria-described-yoga-teacher-reality-star")
    expect(chip).to_have_accessible_name("2 articles, 1 independent report")
    expect(chip).to_have_text("2")
    chip.click()
    state = _pop_state(page)
    assert state is not None
    assert state["title"] == "2 articles, 1 independent report"
    sentence = (
        "The video saw them engaging in a patronizing back-and-forth, with the yoga teacher–turned–reality star cuing "
        "up her husband’s responses."
    )
    assert [(i["article"], i["sentence"], i["marked"]) for i in state["items"]] == [
        ("B the “fireworks” article", sentence, "the yoga teacher–turned–reality star"),  # each with its mark
        ("E the “speak for her” article", sentence, "the yoga teacher–turned–reality star"),
    ]
    assert [i["link"] for i in state["items"]] == [
        "Read in the “fireworks” article",
        "Read in the “speak for her” article",
    ]
    expect(page.locator("#ex-pop .ex-pop__explain")).to_contain_text(
        "The “fireworks” article and the “speak for her” article copy each other, so they count as one report."
    )
    expect(page.locator("#ex-pop .ex-pop__explain a")).to_have_accessible_name("How copying is measured")
    mark = page.locator("#ex-pop mark").first.evaluate("m => getComputedStyle(m).backgroundColor")
    assert mark not in {"transparent", "rgba(0, 0, 0, 0)"}
    _screenshot(page, "person-popover-desktop")
    page.keyboard.press("Escape")
    assert _pop_state(page) is None


def test_following_a_citation_lands_on_the_passage_says_what_for_and_goes_back(desktop: Reader) -> None:
    page = desktop.open(PAGES["person"])
    chip = page.locator(f"li.ex-statement[id] > {CHIP}").first
    statement_id = chip.evaluate("a => a.parentElement.id")
    heading = page.locator(".md-content h1").inner_text().strip()
    statement_text = _words(
        chip.evaluate(
            "a => { const li = a.parentElement.cloneNode(true); li.querySelectorAll('a.ex-chip, "
            "a.ex-copylink, a.ex-corrected').forEach(e => e.remove()); return li.textContent; }"
        )
    )
    chip.click()
    first = _pop_state(page)["items"][0]
    page.locator("#ex-pop ol > li a").first.click()
    page.wait_for_url(first["href"])
    anchor = first["href"].partition("#")[2]
    landed = page.evaluate(
        """(anchor) => {
            const h = CSS.highlights.get('ex-landed');
            const element = document.getElementById(anchor);
            const box = element.getClientRects()[0];
            return {ranges: h ? [...h].map(r => r.toString()) : [], top: box.top, height: innerHeight,
                    target: element.matches(':target'), others: CSS.highlights.has('ex-cited')};
        }""",
        anchor,
    )
    assert landed["target"]
    assert [_words(r) for r in landed["ranges"]] == [_words(first["marked"])]  # exactly the cited words, nothing else
    assert not landed["others"]  # the other cited passages are not highlighted unless asked for
    assert 0.2 <= landed["top"] / landed["height"] <= 0.45, landed  # about a third down the window
    banner = page.locator(".ex-landed")
    expect(banner).to_be_visible()
    assert _words(banner.locator(".ex-landed__text").inner_text()) == _words(f"Cited for: {statement_text}")
    card = page.locator(".ex-card")
    expect(card).to_be_visible()
    expect(card.locator(f'a[data-statement="{statement_id}"]')).to_have_count(1)
    text_box, card_box = page.locator(".ex-source-text").bounding_box(), card.bounding_box()
    assert card_box["x"] >= text_box["x"] + text_box["width"], "on a wide screen the card sits in the margin"
    assert abs(card_box["y"] - page.locator(f"#{anchor}").bounding_box()["y"]) < 40, "next to its passage"
    _screenshot(page, "source-landed-desktop")
    # It says where it leads: the page the reader came from, by its heading.
    banner.get_by_role("link", name=f"← Back to {heading}").click()
    page.wait_for_url(re.compile(re.escape(desktop.base + PAGES["person"]) + r"(#.*)?$"))
    assert _viewport_check(page, f'[id="{statement_id}"]')["visible"], "back where the reader was"


def test_back_from_a_passage_reached_from_the_home_page_goes_back_to_the_home_page(desktop: Reader) -> None:
    """The home page's chips cite statements whose own place is elsewhere (a quote's page): back is home."""
    page = desktop.open("")
    chip = page.locator("li a.ex-chip").first
    chip.click()
    passage = page.locator("#ex-pop ol > li a").first
    passage_url = passage.evaluate("a => a.href")
    passage.click()
    page.wait_for_url(re.compile(r".*/sources/.*"))
    back = page.locator(".ex-landed a", has_text="← Back to")
    expect(back).to_have_text("← Back to The Baldwins' red-carpet moment, cited")
    back.click()
    page.wait_for_url(re.compile(re.escape(desktop.base) + r"(#.*)?$"))
    assert _viewport_check(page, "li a.ex-chip")["visible"], "back where the reader was, on the home page"
    # A reader who arrives at the passage from elsewhere (a shared link) is offered the statement's own place.
    page.evaluate("sessionStorage.clear()")
    page.goto(passage_url)
    expect(page.locator(".ex-landed a", has_text="← Back to")).to_have_text("← Back to the statement")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_back_from_the_article_puts_a_chip_far_down_back_where_it_was(
    request: pytest.FixtureRequest, size: str
) -> None:
    # The page is loaded anew on Back (this browser keeps no page in memory) and the browser restores the scroll
    # offset; the lists above the chip wait until scrolled near, so without help the chip would stand elsewhere.
    reader: Reader = request.getfixturevalue(size)
    page = reader.open(HILARIA, wait_until="networkidle")
    chip = page.locator("a.ex-chip").last
    chip.scroll_into_view_if_needed()
    chip.click()
    expect(page.locator("#ex-pop")).to_be_visible()
    top = chip.evaluate("c => c.getBoundingClientRect().top")
    chip_id = chip.evaluate("c => c.id")
    page.locator("#ex-pop ol > li a").first.click()
    page.wait_for_url(re.compile(r".*/sources/.*"))
    page.go_back(wait_until="load")
    # A function, not an expression: Playwright polls an expression by evaluating its text in the page, which the
    # site's Content-Security-Policy refuses (no 'unsafe-eval') whenever the focus is not back at the first try.
    page.wait_for_function("(id) => document.activeElement && document.activeElement.id === id", arg=chip_id)
    after = page.evaluate(
        """(id) => ({top: document.getElementById(id).getBoundingClientRect().top, height: innerHeight,
                    type: performance.getEntriesByType('navigation')[0].type})""",
        chip_id,
    )
    assert after["type"] == "back_forward"
    assert abs(after["top"] - top) <= 2, f"the chip was at {top} px from the top, and is at {after}"


def test_a_chip_opens_on_hover_with_no_gap_and_stays_while_hovered(desktop: Reader) -> None:
    page = desktop.open(PAGES["person"])
    chip = page.locator(CHIP).nth(3)
    chip.scroll_into_view_if_needed()
    chip.hover()
    expect(page.locator("#ex-pop")).to_be_visible()
    expect(chip).to_have_attribute("aria-expanded", "true")
    state = _pop_state(page)
    box = chip.bounding_box()
    touching = abs(state["top"] - (box["y"] + box["height"])) <= 1 or abs(state["bottom"] - box["y"]) <= 1
    assert touching, f"a gap between the chip ({box}) and its popover ({state})"
    assert not state["focused"], "hovering does not take the focus"
    # Move the pointer from the chip onto the popover and around in it, step by step: it stays (SC 1.4.13 hoverable).
    move_onto(page, box, state, 600)
    expect(page.locator("#ex-pop")).to_be_visible()
    # Escape dismisses it without moving the pointer (dismissible).
    page.keyboard.press("Escape")
    expect(page.locator("#ex-pop")).to_be_hidden()
    expect(chip).to_have_attribute("aria-expanded", "false")
    # Hovered again and left, it goes.
    chip.hover()
    expect(page.locator("#ex-pop")).to_be_visible()
    page.mouse.move(5, 450, steps=5)
    expect(page.locator("#ex-pop")).to_be_hidden()


def test_a_chip_works_from_the_keyboard(desktop: Reader) -> None:
    page = desktop.open(PAGES["person"])
    page.locator("body").focus()
    tab_to(page, CHIP, 200, "a citation chip")
    chip_id = page.evaluate("() => document.activeElement.id")
    chip = page.locator(f"#{chip_id}")
    for key in ("Enter", " "):
        page.keyboard.press(key)
        state = _pop_state(page)
        assert state is not None and state["focused"], f"{key!r}: the popover opens and takes the focus"
        assert state["title"] == chip.get_attribute("aria-label")
        expect(chip).to_have_attribute("aria-expanded", "true")
        page.keyboard.press("Tab")  # into the popover: the close button first, then its links
        page.keyboard.press("Tab")
        assert page.evaluate(
            "() => document.activeElement.closest('#ex-pop') !== null && document.activeElement.matches('a')"
        )
        page.keyboard.press("Escape")
        assert _pop_state(page) is None
        assert page.evaluate("() => document.activeElement.id") == chip_id, "focus goes back to the chip"
    # The close button closes it and gives the focus back too.
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.matches('.ex-pop__close')")
    expect(page.locator(".ex-pop__close")).to_have_accessible_name("Close the citations")
    page.keyboard.press("Enter")
    assert _pop_state(page) is None
    assert page.evaluate("() => document.activeElement.id") == chip_id
    # Tabbing on past the popover's last link closes it; the next control of the page has the focus.
    page.keyboard.press("Enter")
    links = page.locator("#ex-pop a, #ex-pop button").count()
    for _ in range(links + 1):
        page.keyboard.press("Tab")
    assert _pop_state(page) is None
    assert not page.evaluate("() => document.activeElement.closest('#ex-pop')")


def test_a_click_opens_a_chip_and_a_click_outside_closes_it(desktop: Reader) -> None:
    page = desktop.open(PAGES["person"])
    chips = page.locator(f"{CHIP}:visible")  # not those in sections folded away
    chip = chips.nth(5)
    url = page.url
    chip.click()
    assert page.url == url, "opening the popover does not follow the link"
    assert _pop_state(page) is not None
    page.mouse.click(5, 600)
    assert _pop_state(page) is None
    chip.click()
    chip.click()  # a second click on its chip closes it
    assert _pop_state(page) is None
    # Opening another chip closes the first.
    chip.click()
    chips.nth(30).click()
    assert page.locator(f'{CHIP}[aria-expanded="true"]').count() == 1


def test_every_popover_stays_inside_the_window(desktop: Reader) -> None:
    page = desktop.open(PAGES["person"])
    outside = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
            .filter(chip => chip.checkVisibility()).flatMap(chip => {
            chip.scrollIntoView({block: 'center'});
            chip.click();
            const box = document.getElementById('ex-pop').getBoundingClientRect();
            const problem = box.left < 0 || box.right > document.documentElement.clientWidth || box.top < 0
                || box.bottom > innerHeight;
            document.body.click();
            return problem
                ? [`${chip.id}: ${Math.round(box.left)}..${Math.round(box.right)} x `
                   + `${Math.round(box.top)}..${Math.round(box.bottom)}`] : [];
        })""",
        CHIP,
    )
    assert outside == [], f"{len(outside)} popovers stick out of the window, e.g. {outside[:5]}"


def test_on_a_phone_a_chip_opens_a_bottom_sheet(phone: Reader) -> None:
    page = phone.open(HILARIA)
    chip = _chip(page, "hilaria-described-yoga-teacher-reality-star")
    chip.tap()
    state = _pop_state(page)
    assert state is not None
    width, height = page.evaluate("() => [document.documentElement.clientWidth, innerHeight]")
    assert (round(state["left"]), round(state["right"]), round(state["bottom"])) == (0, width, height), state
    assert state["top"] > height * 0.3, "a sheet over the lower part of the screen"
    chip_box = chip.bounding_box()
    assert chip_box["y"] + chip_box["height"] <= state["top"], "the chip stays in sight above the sheet"
    _screenshot(page, "person-popover-phone")
    page.locator(".ex-pop__close").tap()
    assert _pop_state(page) is None


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("name", ["home", "person", "timeline", "source", "transcript"])
def test_every_citation_control_is_at_least_24_by_24(request: pytest.FixtureRequest, size: str, name: str) -> None:
    # SC 2.5.8 (target size, minimum): chips, copy-link and paragraph controls, and what their popovers hold.
    reader: Reader = request.getfixturevalue(size)
    page = reader.open(PAGES[name])
    if page.locator(CHIP).count():
        page.locator(CHIP).first.click()
    small = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)].filter(e => e.getClientRects().length).flatMap(e => {
            const r = e.getBoundingClientRect();
            return r.width < 24 || r.height < 24
                ? [`${e.tagName.toLowerCase()}.${e.className} `
                   + `${Math.round(r.width * 10) / 10}x${Math.round(r.height * 10) / 10}`] : [];
        })""",
        CONTROLS,
    )
    counted = page.evaluate("(selector) => document.querySelectorAll(selector).length", CONTROLS)
    assert counted > 3
    assert small == [], f"{len(small)} of {counted} controls are smaller than 24 x 24 CSS px, e.g. {small[:5]}"


def test_hide_citations_is_remembered(browser: Browser, site_url: str) -> None:
    reader = _reader(browser, site_url, viewport=DESKTOP)
    try:
        page = reader.open(PAGES["person"])
        toggle = page.get_by_role("button", name="Hide citations")
        expect(toggle).to_have_attribute("aria-pressed", "false")
        expect(page.locator(CHIP).first).to_be_visible()
        toggle.click()
        expect(toggle).to_have_attribute("aria-pressed", "true")
        expect(page.locator(CHIP).first).to_be_hidden()
        expect(page.locator("a.ex-copylink").first).to_be_hidden()
        _screenshot(page, "person-citations-hidden-desktop")
        page = reader.open(PAGES["timeline"])  # another long page, later: still hidden, from the first paint
        expect(page.locator(CHIP).first).to_be_hidden()
        expect(page.get_by_role("button", name="Hide citations")).to_have_attribute("aria-pressed", "true")
        page.get_by_role("button", name="Hide citations").click()
        expect(page.locator(CHIP).first).to_be_visible()
        page = reader.open(PAGES["person"])
        expect(page.locator(CHIP).first).to_be_visible()
        # Short pages have no toggle.
        page = reader.open(PAGES["quote"])
        expect(page.get_by_role("button", name="Hide citations")).to_have_count(0)
    finally:
        reader.context.close()


# The title's text and what follows it, measured: the bottom of the title's last line of visible text, the blank
# space (not covered by a visible element) between it and the first paragraph's top, the "Hide citations" toggle
# if the page has one, and whether the title's box ends with its text (no invisible line under it).
TITLE_GAP = """() => {
    const h1 = document.querySelector('article h1');
    const seen = (node) => {
        for (let e = node.parentElement; e && e !== h1.parentElement; e = e.parentElement) {
            const style = getComputedStyle(e);
            if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') return false;
        }
        return true;
    };
    const walker = document.createTreeWalker(h1, NodeFilter.SHOW_TEXT);
    let textBottom = -Infinity;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent.trim() || !seen(node)) continue;
        const range = document.createRange(); range.selectNodeContents(node);
        for (const rect of range.getClientRects()) textBottom = Math.max(textBottom, rect.bottom);
    }
    const box = h1.getBoundingClientRect();
    const between = [];
    let next = h1.nextElementSibling;
    while (next && next.tagName !== 'P') {
        if (next.getClientRects().length) between.push(next);
        next = next.nextElementSibling;
    }
    const covered = between.reduce((sum, e) => sum + e.getBoundingClientRect().height, 0);
    const toggle = document.querySelector('.ex-reading-toggle');
    const t = toggle && toggle.getClientRects().length ? toggle.getBoundingClientRect() : null;
    const column = h1.parentElement;
    const columnLeft = column.getBoundingClientRect().left + parseFloat(getComputedStyle(column).paddingLeft);
    const order = [...column.querySelectorAll('h1, .ex-reading-toggle, h1 ~ p')].slice(0, 3).map(e => e.tagName);
    return {textBottom, boxBottom: box.bottom, lineHeight: parseFloat(getComputedStyle(h1).lineHeight),
            blank: next.getBoundingClientRect().top - textBottom - covered,
            between: between.map(e => e.className || e.tagName),
            toggle: t && {top: t.top, left: t.left, width: t.width, height: t.height, articleLeft: columnLeft},
            order: toggle ? order : null};
}"""


TITLED = ["home", "person", "timeline", "quote", "people-index"]


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("name", TITLED)
@shares_a_visit("title", lambda p: (p["size"], PAGES[p["name"]]))
def test_the_text_starts_right_under_the_title(visit: Visiting, size: str, name: str) -> None:
    # On a 390 px phone the home page's title used to end in an empty line (Material's invisible permalink wrapped
    # onto it) and the first paragraph came about 85 px under the title's text, with the toggle squeezing the
    # title from the side. Now the toggle sits under the title, and the blank space stays small.
    gap = visit(size, PAGES[name])["title"]  # TITLE_GAP on the page as loaded
    assert gap["boxBottom"] - gap["textBottom"] < gap["lineHeight"] / 2, gap  # no empty line inside the title
    assert 0 <= gap["blank"] < 48, gap
    if name in {"home", "person", "timeline"}:  # long pages: "Hide citations" comes right after the title
        toggle = gap["toggle"]
        assert toggle is not None, gap
        assert toggle["top"] >= gap["boxBottom"] and toggle["height"] >= 24 and toggle["width"] >= 24, gap
        assert abs(toggle["left"] - toggle["articleLeft"]) < 1, gap  # at the start of the column, not beside the title
        assert gap["order"] == ["H1", "BUTTON", "P"], gap  # reading and keyboard order: title, toggle, text
    else:
        assert gap["toggle"] is None, gap


# --- focus stays in sight ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["person", "source-landed"])
def test_focus_is_never_hidden_under_the_header_when_tabbing_backwards(desktop: Reader, name: str) -> None:
    # SC 2.4.11: from the end of the page, Shift+Tab through the controls; each must be seen where it is.
    page = desktop.open(PAGES["person"] if name == "person" else LANDED)
    page.keyboard.press("End")
    page.wait_for_timeout(200)
    page.evaluate("() => document.activeElement?.blur()")
    hidden = []
    for _ in range(80):
        page.keyboard.press("Shift+Tab")
        seen = page.evaluate(
            """() => {
                const e = document.activeElement;
                if (e && e.closest('.md-header')) return 'top';
                if (!e || e === document.body || e.closest('.md-sidebar, .ex-landed')) return null;
                const r = e.getClientRects()[0] || e.getBoundingClientRect();  // a link's first line
                const x = Math.min(Math.max(r.left + Math.min(r.width, 20) / 2, 0), innerWidth - 1),
                    y = r.top + Math.min(r.height, 20) / 2;
                const hit = document.elementFromPoint(x, y);
                return {what: e.tagName + '.' + e.className + ' ' + (e.id || e.textContent.slice(0, 30)), top: r.top,
                        ok: !!hit && (e.contains(hit) || hit.contains(e))};
            }"""
        )
        if seen == "top":
            # Back at the header: every control of the page has been passed. Going on would focus the search
            # field, whose overlay covers the page on purpose, and then wrap round to the footer.
            break
        if seen and not seen["ok"]:
            hidden.append(seen)
    assert hidden == [], f"{len(hidden)} focused controls were covered, e.g. {hidden[:3]}"


# --- article pages ----------------------------------------------------------------------------------------------------


def test_an_article_page_shows_the_article_unhighlighted_and_provenance_folded(
    desktop: Reader, built_site: Path
) -> None:
    page = desktop.open(PAGES["source"])
    text = page.locator(".ex-source-text").evaluate("e => e.textContent")
    seed = next((built_site / "data" / "seeds").glob("000_*.txt")).read_text(encoding="utf-8")
    assert text == seed, "the page shows the article character for character"
    assert page.locator(".ex-source-text mark").count() == 0
    assert page.evaluate("() => CSS.highlights.size") == 0, "nothing highlighted without a passage to land on"
    details = page.locator("details.ex-provenance")
    expect(details.locator("code").first).to_be_hidden()
    details.locator("summary").click()
    expect(details.locator("code").first).to_be_visible()
    expect(details).to_contain_text("SHA-256")
    # All cited passages, on request, subtly: one highlight range per passage.
    toggle = page.get_by_role("button", name="Show all cited passages")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    passages = page.locator(".ex-source-text .ex-passage[id]").count()
    assert page.evaluate("() => CSS.highlights.get('ex-cited').size") == passages
    _screenshot(page, "source-all-passages-desktop")
    toggle.click()
    assert not page.evaluate("() => CSS.highlights.has('ex-cited')")


def test_selecting_a_passage_shows_what_cites_it(desktop: Reader, phone: Reader) -> None:
    for reader in (desktop, phone):
        page = reader.open(PAGES["source"])
        # A passage cited for one statement (named in its entry's sentence) and one cited for several (a list).
        anchors = page.evaluate(
            """() => {
                const entries = [...document.querySelectorAll('ol.ex-passages > li[id^="by-"]')];
                return [entries.find(e => !e.querySelector('ul')), entries.find(e => e.querySelector('ul'))].map(e =>
                    e.id.slice(3));
            }"""
        )
        for anchor in anchors:
            passage = page.locator(f'.ex-source-text .ex-passage[id="{anchor}"]')
            expected = page.locator(f"#by-{anchor} a[data-statement]").evaluate_all(
                "links => links.map(a => a.textContent)"
            )
            assert expected
            passage.scroll_into_view_if_needed()
            box = passage.evaluate(
                "e => { const r = e.getClientRects()[0]; return {x: r.left + 2, y: r.top + r.height / 2}; }"
            )
            page.mouse.click(box["x"], box["y"])
            card = page.locator(".ex-card")
            expect(card).to_be_visible()
            shown = card.locator("ul a").evaluate_all("links => links.map(a => a.textContent)")
            assert set(expected) <= set(shown), (expected, shown)
            # Each statement in the card says what kind of record it is, as the list does.
            items = card.locator("ul > li").evaluate_all("items => items.map(li => li.textContent)")
            assert all(re.match(r"^[a-z][a-z ]*: \S", item) for item in items), items
            expect(card).to_contain_text(re.compile(r"Cited for \d+ statements?"))
            if reader is phone:
                card_box, text_box = card.bounding_box(), page.locator(".ex-source-text").bounding_box()
                assert (
                    card_box["x"] >= text_box["x"] - 1
                    and card_box["x"] + card_box["width"] <= text_box["x"] + text_box["width"] + 1
                ), "inline on a phone"
                _screenshot(page, "source-card-phone")
            card.get_by_role("button", name="Close the list of what cites this passage").click()
            expect(card).to_have_count(0)


# --- print ------------------------------------------------------------------------------------------------------------


def test_printing_shows_numbered_references_and_endnotes_without_highlighting(desktop: Reader) -> None:
    page = desktop.open(HILARIA)
    chips = page.locator(CHIP).count()
    page.emulate_media(media="print")
    try:
        notes = page.locator(".ex-notes--print .ex-notes__list > li")
        expect(notes.first).to_be_visible()
        assert notes.count() == chips
        first = page.locator(CHIP).first
        assert first.evaluate("c => getComputedStyle(c, '::after').content") == '"[1]"'
        marks = page.evaluate(
            "() => [...document.querySelectorAll('.ex-notes--print mark')].map(m => "
            "getComputedStyle(m).backgroundColor)"
        )
        assert marks and set(marks) == {"rgba(0, 0, 0, 0)"}, "no yellow in print"
        expect(page.locator(".ex-notes--print a").first).to_be_hidden()
    finally:
        page.emulate_media(media="null")  # back to no emulation: screen, and print for page.pdf()
    expect(page.locator(".ex-notes--print")).to_have_count(0)


def _printed_page(page: Page, name: str) -> dict[str, Any]:
    """The page printed: its header hidden (an expect), how many marks are printed on a coloured background, and
    whether a landed highlight is drawn in the text's colour; screenshots of the page and of its endnotes. The last
    check of a desktop visit: it scrolls, and Material's header changes with the scroll (with a transition)."""
    page.emulate_media(media="print")
    try:
        expect(page.locator(".md-header")).to_be_hidden()
        coloured = page.evaluate(
            """() => [...document.querySelectorAll('article mark, article .ex-passage, article .ex-diff')]
                .filter(e => !['rgba(0, 0, 0, 0)', 'transparent'].includes(getComputedStyle(e).backgroundColor))
                    .length"""
        )
        highlight = page.evaluate(
            "() => CSS.highlights.has('ex-landed') ? getComputedStyle(document.body).color !== '' : true"
        )
        _screenshot(page, f"{name}-print")
        if page.locator(".ex-notes--print").count():
            page.locator(".ex-notes--print").scroll_into_view_if_needed()
            _screenshot(page, f"{name}-print-endnotes")
    finally:
        page.emulate_media(media="null")  # back to no emulation: screen, and print for page.pdf()
    return {"coloured": coloured, "highlight": highlight}


@pytest.mark.parametrize("name", PAGES)
@shares_a_visit("print", lambda p: ("desktop", PRINTED[p["name"]]))
def test_page_prints_without_chrome_or_highlighting(visit: Visiting, name: str) -> None:
    printed = visit("desktop", PRINTED[name])["print"]  # the header hidden is an expect() of the visit
    assert printed["coloured"] == 0, "nothing is printed on a coloured background"
    assert printed["highlight"]


@pytest.mark.parametrize(("name", "most"), [("source", 4), ("quote", 3)])
def test_pages_print_compactly(desktop: Reader, name: str, most: int) -> None:
    page = desktop.open(PAGES[name])
    pdf = page.pdf(format="A4")
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert 0 < pages <= most, f"{PAGES[name]} prints on {pages} pages"


# --- without JavaScript -----------------------------------------------------------------------------------------------


def test_without_javascript_a_chip_is_a_link_and_the_notes_a_list(browser: Browser, site_url: str) -> None:
    reader = _reader(browser, site_url, viewport=DESKTOP, java_script_enabled=False)
    try:
        page = reader.open(PAGES["person"])
        chips = page.locator(CHIP)
        notes = page.locator(".ex-notes .ex-notes__list > li")
        expect(notes.first).to_be_visible()
        assert notes.count() == chips.count() > 10
        for i in (0, chips.count() - 1):
            chip = chips.nth(i)
            note = page.locator(f"#note-{chip.get_attribute('data-note')}")
            assert chip.get_attribute("href") == note.locator("ol a").first.get_attribute("href"), (
                "the chip leads to the first passage"
            )
        expect(page.get_by_role("button", name="Hide citations")).to_be_hidden()
        chips.first.click()
        page.wait_for_url(re.compile(r"/sources/[^/]+/\?for=[^#]+#q-\d+-\d+$"))
        anchor = page.url.partition("#")[2]
        assert page.evaluate("(id) => document.getElementById(id).matches(':target')", anchor)
        background = page.locator(f"#{anchor}").evaluate("e => getComputedStyle(e).backgroundColor")
        assert background not in {"transparent", "rgba(0, 0, 0, 0)"}, (
            "the landed passage stands out without JavaScript too"
        )
    finally:
        reader.context.close()


# --- DOM size ---------------------------------------------------------------------------------------------------------


# The pages are walked in this many chunks, each a test of its own, so that parallel workers share the walk.
DOM_CHUNKS = 8


def _every_page(built_site: Path) -> list[str]:
    return sorted(
        "" if p.parent == built_site else p.parent.relative_to(built_site).as_posix() + "/"
        for p in built_site.rglob("index.html")
        if not p.parent.relative_to(built_site).as_posix().startswith(("assets", "search", "data"))
    )


def _walked(built_site: Path) -> list[str]:
    """The pages the chunks walk: every page but one of each type (PAGES), whose count comes from its visit."""
    return [path for path in _every_page(built_site) if path not in PAGES.values()]


def test_the_element_limit_chunks_hold_every_page_once(built_site: Path) -> None:
    paths = _every_page(built_site)
    assert len(paths) > 100
    chunks = [_walked(built_site)[chunk::DOM_CHUNKS] for chunk in range(DOM_CHUNKS)]
    counted = [path for chunk in chunks for path in chunk] + list(PAGES.values())
    assert sorted(counted) == paths and all(chunks)


ELEMENTS = "() => document.getElementsByTagName('*').length"


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(DOM_CHUNKS))
def test_no_page_has_more_than_1500_elements(desktop: Reader, built_site: Path, chunk: int) -> None:
    sizes = {}
    for path in _walked(built_site)[chunk::DOM_CHUNKS]:
        page = desktop.open(path)
        sizes[path] = page.evaluate(ELEMENTS)
    big = {path: n for path, n in sizes.items() if n > 1500}
    assert big == {}, f"pages over 1,500 DOM elements: {big}"


@pytest.mark.slow
@pytest.mark.parametrize("name", PAGES)
@shares_a_visit("elements", lambda p: ("desktop", PAGES[p["name"]]))
def test_no_page_of_a_type_has_more_than_1500_elements(visit: Visiting, name: str) -> None:
    # The chunks above walk every other page; one of each type is counted in its visit, as loaded, before any check
    # of the visit changes it.
    sizes = {PAGES[name]: visit("desktop", PAGES[name])["elements"]}
    big = {path: n for path, n in sizes.items() if n > 1500}
    assert big == {}, f"pages over 1,500 DOM elements: {big}"


# --- search --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("words", ["you’re not talking", "you're not talking"])
def test_search_finds_a_quote_from_a_few_of_its_words(desktop: Reader, words: str) -> None:
    page = desktop.open(PAGES["home"])
    page.locator("input.md-search__input").click()
    page.keyboard.type(words)
    results = page.locator(".md-search-result__item")
    expect(results.first).to_be_visible()
    wanted = results.filter(has=page.locator(f'a[href^="{desktop.base}{PAGES["quote"]}?"]'))
    seen, unchanged = -1, 0
    # Material shows ten results, then more each time the list is scrolled to its end.
    while not wanted.count() and unchanged < 5:
        unchanged = unchanged + 1 if results.count() == seen else 0
        seen = results.count()
        page.evaluate("() => { const list = document.querySelector('.md-search__scrollwrap'); list.scrollTop = 0; }")
        page.evaluate(
            "() => { const list = document.querySelector('.md-search__scrollwrap'); list.scrollTop = "
            "list.scrollHeight; }"
        )
        page.wait_for_timeout(200)
    assert wanted.count() >= 1, f"{PAGES['quote']} not among {results.count()} results for {words!r}"
    assert "not talking" in _words(wanted.first.inner_text()).lower()
    expect(wanted.first.locator("mark").first).to_be_attached()


# --- what each page type shows -------------------------------------------------------------------------------------


def test_timeline_shows_dated_events_with_inferred_years(desktop: Reader) -> None:
    page = desktop.open(PAGES["timeline"])
    events = page.locator("ol.ex-timeline > li.ex-event")
    assert events.count() >= 5
    dates = events.locator(".ex-event__date").all_inner_texts()
    assert len(dates) == events.count()
    assert all(re.search(r"\b(19|20)\d\d\b|date not given", d) for d in dates), dates
    expect(events.locator(".ex-event__title").first).not_to_be_empty()
    inferred = events.locator(".ex-event__date .ex-badge--inferred")
    assert inferred.count() >= 1
    expect(inferred.first).to_be_visible()
    expect(inferred.first).to_have_text("year inferred")
    expect(events.locator(".ex-inference").first).to_be_visible()


def test_a_corrected_statement_leads_to_its_correction(desktop: Reader) -> None:
    page = desktop.open(PAGES["timeline"])
    note = page.locator("#couple-wedding a.ex-corrected")
    expect(note).to_have_accessible_name("Corrected on 29 November 2026")
    expect(note).to_have_attribute("title", "Corrected on 29 November 2026: what was wrong, on the corrections page")
    note.click()
    page.wait_for_url(f"{desktop.base}{PAGES['corrections']}#wedding-year-four-articles")
    entry = page.locator("section.ex-correction#wedding-year-four-articles")
    expect(entry).to_be_in_viewport()
    expect(entry.locator("dd").first).to_have_text(
        "The timeline said that all five articles give 2012 as the year of the wedding."
    )
    expect(entry.locator("a[href$='timeline/#couple-wedding']")).to_be_visible()


def test_quote_page_leads_with_the_quote_and_compares_each_articles_wording(desktop: Reader) -> None:
    page = desktop.open(PAGES["quote"])
    expect(page.locator("article h1 q")).to_have_text("Oh my God. When I’m talking, you’re not talking.")
    expect(page.locator("article h1")).to_have_text(
        "Oh my God. When I’m talking, you’re not talking. — Hilaria Baldwin"
    )
    rows = page.locator("table.ex-wording-table tbody tr")
    # From the articles: two print the words as the first does, two add a comma ("Oh, my God"), and one
    # quotes only the second sentence.
    assert [rows.nth(i).locator("th a").inner_text() for i in range(rows.count())] == [
        "B Fireworks",
        "C Awkward interview",
        "D Forces him to apologize",
        "E Speak for her",
        "A Attempts to justify",
    ]
    for i in range(rows.count()):
        expect(rows.nth(i).locator("td q").first).to_contain_text("talking")
        expect(rows.nth(i).locator("td a.ex-wording__words").first).to_have_attribute(
            "href", re.compile(r"^\.\./\.\./sources/[a-z-]+/\?for=when-im-talking#q-\d+-\d+$")
        )
    marks_of = "ms => ms.map(m => [m.className.replace('ex-diff ', ''), m.textContent])"
    marks = {
        rows.nth(i).locator("th a").inner_text(): rows.nth(i).locator(".ex-diff").evaluate_all(marks_of)
        for i in range(rows.count())
    }
    assert marks == {
        "B Fireworks": [],
        "C Awkward interview": [["ex-diff--style", ","]],
        "D Forces him to apologize": [["ex-diff--style", ","]],
        "E Speak for her": [
            ["ex-diff--omitted", "Oh my God"],
            ["ex-diff--omitted ex-diff--style", "."],
        ],  # its second wording repeats the line
        "A Attempts to justify": [["ex-diff--omitted", "Oh my God"]],
    }
    # Distinct wordings: "Oh my God. When…", "Oh, my God. When…", "When… talking." and "When… talking" (no full stop).
    expect(page.locator("article")).to_contain_text(
        "5 articles, 4 distinct wordings: compared with the first, 2 change the words and 1 only differs in case or "
        "punctuation."
    )
    style, omitted = (
        page.locator(".ex-wording-table .ex-diff--style").first,
        page.locator(".ex-wording-table .ex-diff--omitted").first,
    )
    assert style.evaluate("m => getComputedStyle(m).textDecorationStyle") == "dotted"
    assert omitted.evaluate("m => getComputedStyle(m).textDecorationLine") == "line-through"
    words = page.locator(".ex-diff-key .ex-diff--words")
    assert words.evaluate("m => getComputedStyle(m).backgroundColor") not in {"transparent", "rgba(0, 0, 0, 0)"}


def test_disagreements_page_shows_questions_with_their_answers(desktop: Reader) -> None:
    page = desktop.open(PAGES["disagreements"])
    questions = page.locator("section.ex-disagreement")
    assert questions.count() >= 3
    for i in range(questions.count()):
        question = questions.nth(i)
        expect(question.locator("h2, h3").first).to_have_text(re.compile(r"\?"))
        answers = question.locator("ul.ex-answers > li.ex-statement")
        assert answers.count() >= 2, question.inner_text()
        expect(answers.first.locator("a.ex-chip")).to_be_visible()


# --- every page type: on a desktop, on a phone, in both palettes ---------------------------------------------------


@pytest.fixture
def first_visit(browser: Browser, site_url: str) -> Iterator[Reader]:
    """A reader who has never been here: nothing cached (Material keeps some fetched data per tab)."""
    reader = _reader(browser, site_url, viewport=DESKTOP, color_scheme="light")
    yield reader
    reader.context.close()


# A reader's first visit to each page type, once (a visit that waits until the network is idle is a second or
# more): it loads without errors or requests off the site, and the explainer sets no class on the page's root.
@pytest.mark.parametrize("name", PAGES)
def test_page_loads_without_errors_or_outside_requests_and_sets_no_class_on_its_root(
    first_visit: Reader, name: str
) -> None:
    # Material's `table:not([class])` rules make a class change on <html> or <body> restyle every element of
    # the page; what the explainer needs there is set by the head script, before the body exists.
    first_visit.page.add_init_script(
        """new MutationObserver(records => {
            window.__exRootClasses = window.__exRootClasses || [];
            for (const r of records) {
                const before = new Set((r.oldValue || '').split(/\\s+/));
                for (const c of r.target.classList) if (c.startsWith('ex-') && !before.has(c) && document.body)
                    window.__exRootClasses.push(r.target.tagName + '.' + c);
            }
        }).observe(document, {attributes: true, attributeFilter: ['class'], attributeOldValue: true, subtree: true});"""
    )
    page = first_visit.open(PAGES[name], wait_until="networkidle")
    expect(page.locator("article h1").first).to_be_visible()
    _screenshot(page, f"{name}-desktop")
    outside = first_visit.external_requests()
    assert outside == [], f"requests that leave the site: {outside}"
    assert first_visit.errors == [], f"errors in the console: {first_visit.errors}"
    added = page.evaluate(
        "() => (window.__exRootClasses || []).filter(c => c.startsWith('HTML.') || c.startsWith('BODY.'))"
    )
    assert page.evaluate("document.documentElement.classList.contains('ex-js')")
    assert added == [], f"classes the explainer set on the page's root after the head: {added}"


def _fits_a_phone(page: Page, screenshot: str) -> dict[str, Any]:
    """The title shown (an expect), a screenshot, then every block laid out and the page's widths measured: the
    last check of a phone's visit, since it leaves every block laid out."""
    expect(page.locator("article h1").first).to_be_visible()
    _screenshot(page, screenshot)
    _lay_out_every_block(page)  # so that a block too wide for the phone is found wherever it is on the page
    widths: dict[str, Any] = page.evaluate(
        """() => {
            const root = document.documentElement;
            const wide = [...document.querySelectorAll('article *')]
                .filter(e => e.getBoundingClientRect().right > root.clientWidth + 1 && getComputedStyle(e)
                    .position !== 'absolute')
                .slice(0, 5).map(e => e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).split(' ')
                    .join('.') : ''));
            return {scroll: root.scrollWidth, client: root.clientWidth, wide};
        }"""
    )
    return widths


PHONES = {390: "phone", 320: "narrow_phone"}


@pytest.mark.parametrize("width", [390, 320])
@pytest.mark.parametrize("name", PAGES)
@shares_a_visit(lambda p: f"fits {p['width']}", lambda p: (PHONES[p["width"]], PAGES[p["name"]]))
def test_page_fits_a_phone_without_sideways_scrolling(visit: Visiting, name: str, width: int) -> None:
    widths = visit(PHONES[width], PAGES[name])[f"fits {width}"]  # the title shown is an expect() of the visit
    assert widths["scroll"] <= widths["client"], widths


SKIPPING = [
    "compare",
    "reference",
    "error-codes",
    "quotes-index",
    "person",
    "source",
]  # long pages whose lower blocks wait


def _waiting_blocks(page: Page, name: str) -> dict[str, Any]:
    """The blocks that wait until scrolled near, as the page is loaded (the first check of a phone's visit)."""
    found: dict[str, Any] = page.evaluate(
        """() => {
            const waiting = [...document.querySelectorAll('article *')]
                .filter(e => getComputedStyle(e).contentVisibility === 'auto');
            const contents = new Set([...document.querySelectorAll('.md-nav--secondary a.md-nav__link')]
                .map(a => decodeURIComponent(a.hash.slice(1))).filter(Boolean));
            const describe = e => e.tagName.toLowerCase() + '.' + String(e.className).split(' ').join('.');
            return {
                blocks: waiting.length,
                skipped: waiting.filter(e => e.firstElementChild
                    && !e.firstElementChild.checkVisibility({contentVisibilityAuto: true})).length,
                withHeading: waiting.filter(e => [...e.querySelectorAll('[id]')].some(h => contents.has(h.id)))
                    .map(describe),
            };
        }"""
    )
    return found


def _blocks_printed(page: Page, name: str) -> int:
    """How many elements of the article do not print in full: before any block is laid out by a check."""
    page.emulate_media(media="print")
    try:
        printed: int = page.evaluate(
            """() => [...document.querySelectorAll('article *')]
                .filter(e => getComputedStyle(e).contentVisibility !== 'visible').length"""
        )
    finally:
        page.emulate_media(media="null")
    return printed


@pytest.mark.parametrize("name", [*PAGES, "compare"])  # the comparison is tested in test_browser_orientation.py
@shares_a_visit(("waiting", "blocks printed"), lambda p: ("phone", PAGES.get(p["name"], "compare/")))
def test_blocks_that_wait_below_the_screen_hold_no_contents_heading_and_print(visit: Visiting, name: str) -> None:
    # A heading of the table of contents inside a block that waits until scrolled near would be laid out anyway
    # (Material measures them). On the long pages some block does wait at first (else the speed-up is gone),
    # and printing shows every block. (Popovers and link targets inside such blocks: the tests below.)
    shared = visit("phone", PAGES.get(name, "compare/"))  # loaded until the network is idle
    found = shared["waiting"]
    assert found["withHeading"] == [], found
    if name in SKIPPING:
        assert found["skipped"] > 0, found
    assert shared["blocks printed"] == 0, "every block prints"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_popover_opened_in_a_block_that_waited_is_not_clipped(request: pytest.FixtureRequest, size: str) -> None:
    # The block contains what is inside it while it may wait (content-visibility): the popover opening in it
    # must still show whole, beside its chip on a desktop and as a bottom sheet on a phone.
    reader: Reader = request.getfixturevalue(size)
    page = reader.open(HILARIA, wait_until="networkidle")
    chip = page.locator(".ex-events .ex-chip").last
    chip.scroll_into_view_if_needed()
    waits = chip.evaluate("(chip) => getComputedStyle(chip.closest('.ex-events')).contentVisibility")
    assert waits == "auto", "the list may wait below the screen"
    chip.click()
    expect(page.locator(".ex-pop:not([hidden]) .ex-pop__box")).to_be_visible()
    _screenshot(page, f"person-popover-in-waiting-list-{size}")
    seen = page.evaluate(
        """() => {
            const box = document.querySelector('.ex-pop:not([hidden]) .ex-pop__box').getBoundingClientRect();
            const bottom = Math.min(box.bottom, innerHeight) - 4;
            return [[box.left + 4, box.top + 4], [box.right - 4, bottom], [(box.left + box.right) / 2, bottom]]
                .map(([x, y]) => { const e = document.elementFromPoint(x, y); return !!(e && e.closest('.ex-pop')); });
        }"""
    )
    assert seen == [True, True, True], "the popover shows whole (its corners and its bottom are the popover's)"


def test_a_linked_statement_in_a_list_that_waits_is_drawn_with_its_outline(desktop: Reader) -> None:
    page = desktop.open(HILARIA)
    target = page.evaluate("() => [...document.querySelectorAll('.ex-statements > li.ex-statement[id]')].pop().id")
    page = desktop.open(f"{HILARIA}#{target}")
    statement = page.locator(f'[id="{target}"]')
    expect(statement).to_be_in_viewport()
    # The list is drawn in full (no containment), so the target's outline, drawn outside it, is not clipped.
    assert statement.evaluate("(e) => getComputedStyle(e.closest('.ex-statements')).contentVisibility") == "visible"


@pytest.mark.parametrize(
    ("path", "what"), [("benchmarks/", "table"), ("page-weight/", "table"), ("error-codes/", ".ex-codes")]
)
def test_tables_code_and_error_codes_below_the_screen_wait_without_shifting_the_page(
    phone: Reader, path: str, what: str
) -> None:
    # The hand-written pages of tables (the benchmarks') and the error codes' entries, one block per step, are
    # neither styled nor laid out until scrolled near, as the lists are; none of a page's first screen waits, so
    # nothing shifts when a placeholder gives way to its real height.
    phone.page.add_init_script(
        """window.__exShifts = [];
        new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__exShifts.push(e.value); })
            .observe({type: 'layout-shift', buffered: true});"""
    )
    page = phone.open(path, wait_until="networkidle")
    page.wait_for_timeout(300)
    blocks = page.evaluate(
        """(what) => [...document.querySelectorAll('article ' + what)].map((e) => {
            const block = e.closest('.md-typeset__scrollwrap') || e;
            return {waits: getComputedStyle(block).contentVisibility === 'auto',
                    skipped: !e.firstElementChild?.checkVisibility({contentVisibilityAuto: true}),
                    top: block.getBoundingClientRect().top};
        })""",
        what,
    )
    below = [b for b in blocks if b["top"] > 3 * PHONE["height"]]  # past the margin the browser lays out ahead
    assert below and all(b["waits"] and b["skipped"] for b in below), blocks
    assert page.evaluate("window.__exShifts") == []


def _lay_out_every_block(page: Page) -> None:
    """Lay out the blocks that wait below the screen until scrolled near (content-visibility: auto in
    explainer.css), as they are when the reader gets there: a skipped block has no boxes to measure or to
    hit-test, so checks of sizes and colours would pass over it (or see what is behind it)."""
    page.evaluate(
        """() => { for (const e of document.querySelectorAll('article *')) {
            if (getComputedStyle(e).contentVisibility === 'auto') e.style.contentVisibility = 'visible';
        } }"""
    )


def _axe(page: Page) -> list[dict[str, Any]]:
    _lay_out_every_block(page)
    # Evaluated through the debugging protocol: the page's Content-Security-Policy refuses an added <script>.
    page.evaluate(AXE.read_text(encoding="utf-8"))
    return page.evaluate(
        """async () => {
            const result = await axe.run(document, {resultTypes: ['violations']});
            return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
                nodes: v.nodes.length, targets: v.nodes.slice(0, 5).map(n => n.target.join(' ')),
                summary: v.nodes[0] ? v.nodes[0].failureSummary : ''}));
        }"""
    )


# --- one visit per page and kind of reader ---------------------------------------------------------------------------

SCHEMES = {"light": "desktop", "dark": "dark"}
SIZES = ("desktop", "phone")
PRINTED = {name: LANDED if name == "source" else path for name, path in PAGES.items()}  # a landed passage prints


def _each_type(reader: str, *extra: tuple[str, str]) -> dict[tuple[str, str], str]:
    """The visits of one page of each type (and `extra` (name, path)) by `reader`, with each page's name."""
    return {(reader, path): name for name, path in [*PAGES.items(), *extra]}


COMPARE = ("compare", "compare/")
# The checks of the visits, in the order they run in a visit. Read-only checks first. Axe measures colours, so it
# comes before print emulation and the print check's scroll to the endnotes (after which Material's header fades
# its title back in: axe saw the fading text in a first try). "blocks printed" must see the blocks as they wait, so
# it comes before "fits", which lays them all out. test_browser_readable.py adds its "quiet marks" after "title".
VISITS.add("elements", lambda page, name: page.evaluate(ELEMENTS), _each_type("desktop"))
VISITS.add("waiting", _waiting_blocks, _each_type("phone", COMPARE))
VISITS.add("title", lambda page, name: page.evaluate(TITLE_GAP), {(r, PAGES[n]): n for n in TITLED for r in SIZES})
VISITS.add("axe light", lambda page, name: _axe_in_its_palette(page, name, "light"), _each_type("desktop"))
VISITS.add("axe dark", lambda page, name: _axe_in_its_palette(page, name, "dark"), _each_type("dark"))
VISITS.add("print", _printed_page, {("desktop", PRINTED[name]): name for name in PAGES})
VISITS.add("blocks printed", _blocks_printed, _each_type("phone", COMPARE))
VISITS.add("fits 390", lambda page, name: _fits_a_phone(page, f"{name}-phone"), _each_type("phone"))
VISITS.add("fits 320", lambda page, name: _fits_a_phone(page, f"{name}-phone-320"), _each_type("narrow_phone"))
# The phone's visit waits until the network is idle, as the check of the blocks that wait always did.
VISITS.wait_until["phone"] = "networkidle"


def test_switching_colours_draws_the_new_colours_at_once_and_costs_nothing_at_start(first_visit: Reader) -> None:
    page = first_visit.open(PAGES["person"], wait_until="networkidle")
    # Material's script sets and removes its switching attribute on every page load; no rule keys on it any
    # more, so that costs no restyle of the page (see explainer/assets.py).
    rules = page.evaluate(
        """() => [...document.styleSheets].flatMap(sheet => [...sheet.cssRules].map(rule => rule.cssText))
            .filter(text => text.includes('color-switching'))"""
    )
    assert rules and all("data-md-color-switching" not in rule for rule in rules), rules
    during, after = page.evaluate(
        """async () => {
            const link = document.querySelector('article a.ex-chip') || document.querySelector('article a');
            const before = getComputedStyle(link).transitionDuration;
            const toggle = [...document.querySelectorAll('[data-md-component=palette] label')]
                .find(label => !label.hidden && label.offsetParent !== null);
            toggle.click();
            const during = [before, document.body.getAttribute('data-md-color-scheme'),
                            getComputedStyle(link).transitionDuration];
            await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(
                () => requestAnimationFrame(done))));
            return [during, [document.body.hasAttribute('data-ex-color-switching'),
                             getComputedStyle(link).transitionDuration]];
        }"""
    )
    before, scheme, switching_duration = during
    assert scheme == "slate"
    assert before not in ("", "0s") and switching_duration == "0s", during
    assert after == [False, before], after


def _axe_in_its_palette(page: Page, name: str, scheme: str) -> list[dict[str, Any]]:
    """The reader's palette (an expect), a screenshot of the dark one, then axe-core, on the page as loaded (only
    read by the checks before): it lays every block out and leaves axe in the page, which changes nothing that
    the print check after it reads (print lays every block out too)."""
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate" if scheme == "dark" else "default")
    if scheme == "dark":
        _screenshot(page, f"{name}-desktop-dark")
    return _axe(page)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("name", PAGES)
@shares_a_visit(lambda p: f"axe {p['scheme']}", lambda p: (SCHEMES[p["scheme"]], PAGES[p["name"]]))
def test_axe_finds_no_serious_accessibility_violation(visit: Visiting, name: str, scheme: str) -> None:
    # The palette is an expect() of the visit: "slate" for the dark reader, "default" for the light one.
    violations = visit(SCHEMES[scheme], PAGES[name])[f"axe {scheme}"]
    for v in violations:
        print(f"axe {scheme} {name}: {v['impact']} {v['id']} ({v['nodes']} nodes) {v['help']}: {v['targets']}")
    serious = [v for v in violations if v["impact"] in {"serious", "critical"}]
    report = "\n".join(
        f"{v['impact']} {v['id']}: {v['help']} ({v['nodes']} elements, e.g. {v['targets']})\n    {v['summary']}"
        for v in serious
    )
    assert not serious, f"axe on {PAGES[name] or 'home'} ({scheme}):\n{report}"


@pytest.mark.parametrize(
    ("state", "scheme"),
    [
        ("popover-open", "light"),
        ("popover-open", "dark"),
        ("article-landed", "light"),
        ("article-landed", "dark"),
        ("phone-sheet", "light"),
    ],
)
def test_axe_finds_no_serious_violation_in_open_citation_controls(
    desktop: Reader, dark: Reader, phone: Reader, state: str, scheme: str
) -> None:
    reader = phone if state == "phone-sheet" else desktop if scheme == "light" else dark
    if state == "article-landed":
        page = reader.open(LANDED)
        expect(page.locator(".ex-landed")).to_be_visible()
        expect(page.locator(".ex-card")).to_be_visible()
    else:
        page = reader.open(HILARIA)
        chip = _chip(page, "hilaria-described-yoga-teacher-reality-star")
        chip.tap() if state == "phone-sheet" else chip.click()
        expect(page.locator("#ex-pop")).to_be_visible()
    _screenshot(page, f"{state}-{scheme}")
    violations = _axe(page)
    serious = [v for v in violations if v["impact"] in {"serious", "critical"}]
    assert not serious, "\n".join(
        f"{v['impact']} {v['id']}: {v['help']} {v['targets']}\n    {v['summary']}" for v in serious
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_in_the_blocks_that_wait_as_the_page_is_loaded(
    browser: Browser, site_url: str, scheme: str
) -> None:
    # The runs above lay every waiting block out first (_lay_out_every_block), as a reader who scrolls there sees
    # it. A tool that reads the page as it is loaded, Lighthouse's accessibility audit among them, runs axe-core
    # over blocks still waiting (content-visibility: auto): it found the last list's badge grey on the footer's
    # black (its box lay past the block's 12rem, over the footer) and, in the dark palette, the links of a list
    # still in the light palette's colours (the page had been styled in it first). A first visit on a phone.
    reader = _reader(
        browser, site_url, viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, color_scheme=scheme
    )
    try:
        page = reader.open(PAGES["person"], wait_until="networkidle")
        waiting = page.evaluate(
            """() => [...document.querySelectorAll('article *')].filter(e => getComputedStyle(e).contentVisibility
                === 'auto' && e.firstElementChild && !e.firstElementChild.checkVisibility({contentVisibilityAuto:
                true})).length"""
        )
        assert waiting > 2, waiting
        page.evaluate(AXE.read_text(encoding="utf-8"))
        found = page.evaluate(
            """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
                .filter(v => ['serious', 'critical'].includes(v.impact))
                .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' ' + n.failureSummary))"""
        )
        assert found == [], found
    finally:
        reader.context.close()


def test_a_dark_readers_first_page_is_drawn_dark_from_the_first_frame(browser: Browser, site_url: str) -> None:
    # No palette is stored before the first page: Material's bundle chose the dark one only after the page had
    # been drawn, in the light one (a flash of white, and the light colours kept by the blocks that wait).
    reader = _reader(browser, site_url, viewport=PHONE, device_scale_factor=2, is_mobile=True, color_scheme="dark")
    try:
        reader.page.add_init_script(
            """window.__exSchemes = [];
            const frame = () => {
                if (document.body) window.__exSchemes.push(document.body.getAttribute('data-md-color-scheme'));
                if (document.readyState !== 'complete') requestAnimationFrame(frame);
            };
            requestAnimationFrame(frame);"""
        )
        page = reader.open(PAGES["person"], wait_until="load")
        schemes = page.evaluate("window.__exSchemes")
        assert schemes and set(schemes) == {"slate"}, schemes
    finally:
        reader.context.close()


# --- deep links ----------------------------------------------------------------------------------------------------

LINKABLE = ["person", "timeline", "claims-topic", "disagreements", "source", "transcript"]


@pytest.mark.parametrize("name", LINKABLE)
def test_every_statement_and_cited_passage_has_a_copy_link(desktop: Reader, built_site: Path, name: str) -> None:
    # Every article's page for the source type: each has its own list of cited passages.
    paths = (
        sorted(f"sources/{p.parent.name}/" for p in (built_site / "sources").glob("*/index.html"))
        if name == "source"
        else [PAGES[name]]
    )
    for path in paths:
        page = desktop.open(path)
        found = page.evaluate(
            """(selector) => {
                const control = (element, id) => element.querySelector(`a.ex-copylink[href="#${CSS.escape(id)}"]`);
                const statements = [...document.querySelectorAll(selector)];
                const passages = [...document.querySelectorAll('span.ex-passage[id]')];
                return {
                    statements: statements.length, passages: passages.length,
                    bare: statements.filter(e => !control(e, e.id)).map(e => e.id),
                    bareEntries: passages.filter(p => !document.getElementById('by-' + p.id)
                        || !control(document.getElementById('by-' + p.id), p.id)).map(p => 'by-' + p.id),
                };
            }""",
            STATEMENTS,
        )
        assert found["passages" if name == "source" else "statements"] > 0, path
        assert found["bare"] == [], f"{path}: statements without a copy-link control"
        assert found["bareEntries"] == [], f"{path}: cited passages without a copy-link control in their entry"


def test_a_copy_link_control_copies_the_absolute_link_and_says_so(desktop: Reader) -> None:
    page = desktop.open(PAGES["timeline"])
    event = page.locator("li.ex-event[id]").nth(1)
    event_id = event.get_attribute("id")
    control = event.locator(f'a.ex-copylink[href="#{event_id}"]')
    expect(control).to_have_accessible_name("Link to this event")
    page.evaluate("() => navigator.clipboard.writeText('')")
    control.click()
    expected = f"{desktop.base}{PAGES['timeline']}#{event_id}"
    expect(page.locator("#ex-live")).to_have_text("Link copied")
    assert page.evaluate("() => navigator.clipboard.readText()") == expected
    expect(page.locator("#ex-live")).to_have_attribute("aria-live", re.compile("polite|assertive"))

    # The same on a source page, for a cited passage's entry.
    page = desktop.open(PAGES["source"])
    entry = page.locator("ol.ex-passages > li[id^='by-']").first
    anchor = entry.get_attribute("id").removeprefix("by-")
    page.evaluate("() => navigator.clipboard.writeText('')")
    entry.locator(f'a.ex-copylink[href="#{anchor}"]').click()
    expect(page.locator("#ex-live")).to_have_text("Link copied")
    assert page.evaluate("() => navigator.clipboard.readText()") == f"{desktop.base}{PAGES['source']}#{anchor}"
