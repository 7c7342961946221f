"""Readers, in a real browser: headless Chromium (Debian's) driven by Playwright over the built site.

Every page type is opened as a reader would open it: citations are followed to their highlighted passages and
back, previews appear on hover and on keyboard focus, search finds quotes, nothing scrolls sideways on a phone,
nothing is fetched from anywhere but the site itself, axe-core finds no serious accessibility problem in either
palette, and every statement can be linked to. Screenshots of each page type go to test-artifacts/screenshots/.

`python3 dev.py test` installs Chromium with apt where it is missing; Playwright never downloads a browser.
"""

from __future__ import annotations

import functools
import os
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request, Route, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}

# One page of each type.
PAGES = {
    "home": "",
    "people-index": "people/",
    "person": "people/alec-baldwin/",
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
    "corrections": "corrections/",
    "error-codes": "error-codes/",
}
STATEMENTS = "li.ex-statement[id], .ex-event[id], .ex-line[id], .ex-disagreement[id], .ex-inference[id]"


def _words(text: str) -> str:
    """Text as a reader compares it: runs of white space as one space, curly quotes as straight ones."""
    return " ".join(text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"').split())


# --- the site, served on 127.0.0.1 -------------------------------------------------------------------------------


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(built_site)))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


# --- one browser per session, one context (and page) per kind of reader --------------------------------------------


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing: `python3 dev.py test` installs Debian's chromium with apt"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@dataclass
class Reader:
    """A browser tab with everything it asked for and every error it logged."""

    base: str
    context: BrowserContext
    page: Page
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def open(self, path: str, **kwargs: Any) -> Page:
        self.requests.clear()
        self.errors.clear()
        self.page.goto(self.base + path, **kwargs)
        return self.page

    def external_requests(self) -> list[str]:
        # data: and blob: URLs never leave the browser; anything else must come from the site itself.
        return [url for url in self.requests if not url.startswith((self.base, "data:", "blob:"))]


def _reader(browser: Browser, base: str, **options: Any) -> Reader:
    context = browser.new_context(**options)
    context.set_default_timeout(20_000)

    def block(route: Route) -> None:  # nothing may leave the machine, even where there is a network
        route.abort()

    context.route(lambda url: not url.startswith((base, "data:", "blob:")), block)
    reader = Reader(base, context, context.new_page())

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            reader.errors.append(f"console: {message.text} ({message.location.get('url', '')})")

    def on_request(request: Request) -> None:
        reader.requests.append(request.url)

    reader.page.on("console", on_console)
    reader.page.on("pageerror", lambda error: reader.errors.append(f"uncaught: {error}"))
    reader.page.on("request", on_request)
    return reader


@pytest.fixture(scope="session")
def desktop(browser: Browser, site_url: str) -> Iterator[Reader]:
    reader = _reader(browser, site_url, viewport=DESKTOP, color_scheme="light", permissions=["clipboard-read", "clipboard-write"])
    yield reader
    reader.context.close()


@pytest.fixture(scope="session")
def dark(browser: Browser, site_url: str) -> Iterator[Reader]:
    # The palettes follow prefers-color-scheme (mkdocs.yml), so a reader whose system is dark gets "slate".
    reader = _reader(browser, site_url, viewport=DESKTOP, color_scheme="dark")
    yield reader
    reader.context.close()


@pytest.fixture(scope="session")
def phone(browser: Browser, site_url: str) -> Iterator[Reader]:
    reader = _reader(browser, site_url, viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, color_scheme="light")
    yield reader
    reader.context.close()


def _screenshot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def _viewport_check(page: Page, selector: str) -> dict[str, Any]:
    """Where the first line of an element is, and whether a reader sees it there (not under the sticky header)."""
    return page.evaluate(
        """(selector) => {
            const element = document.querySelector(selector);
            if (!element) return null;
            const box = element.getClientRects()[0] || element.getBoundingClientRect();
            const x = Math.min(Math.max(box.left + Math.min(box.width, 40) / 2, 0), innerWidth - 1);
            const y = box.top + box.height / 2;
            const seen = y >= 0 && y < innerHeight ? document.elementFromPoint(x, y) : null;
            return {top: box.top, bottom: box.bottom, height: innerHeight, visible: !!seen && element.contains(seen)};
        }""",
        selector,
    )


# --- following a citation there and back ---------------------------------------------------------------------------


def test_a_citation_leads_to_its_highlighted_passage_and_back(desktop: Reader) -> None:
    page = desktop.open(PAGES["person"])
    marker = page.locator("li.ex-statement[id] a.ex-cite__link").first
    statement_id = marker.evaluate("a => a.closest('li.ex-statement[id]').id")
    passage = marker.evaluate("a => document.getElementById(a.getAttribute('aria-describedby')).querySelector('q').textContent")
    target_url = marker.evaluate("a => a.href")
    anchor = target_url.partition("#")[2]

    marker.click()
    page.wait_for_url(target_url)
    highlighted = page.evaluate(
        """() => {
            const target = document.querySelector('span.ex-passage:target');
            if (!target) return null;
            const style = getComputedStyle(target);
            return {id: target.id, text: target.textContent, background: style.backgroundColor,
                    outline: style.outlineStyle, outlineWidth: parseFloat(style.outlineWidth)};
        }"""
    )
    assert highlighted is not None, f"no span.ex-passage:target at {page.url}"
    assert highlighted["id"] == anchor
    assert _words(passage) in _words(highlighted["text"])
    transparent = highlighted["background"] in {"transparent", "rgba(0, 0, 0, 0)"}
    assert not transparent or (highlighted["outline"] != "none" and highlighted["outlineWidth"] > 0), highlighted
    where = _viewport_check(page, f"#{anchor}")
    _screenshot(page, "source-cited-passage-desktop")
    assert where["visible"], f"the cited passage is not in view: {where}"

    entry = page.locator(f"li#by-{anchor}")
    expect(entry).to_be_visible()
    back = entry.locator(f'ul a[href$="/#{statement_id}"]')
    expect(back).to_have_count(1)
    back_url = back.evaluate("a => a.href")
    assert back_url == desktop.base + PAGES["person"] + "#" + statement_id
    back.click()
    page.wait_for_url(back_url)
    assert page.evaluate("(id) => document.getElementById(id)?.matches(':target') ?? false", statement_id)
    assert _viewport_check(page, f"#{statement_id}")["visible"]


def test_citation_markers_have_accessible_names(desktop: Reader) -> None:
    page = desktop.open(PAGES["person"])
    markers = page.evaluate(
        """() => [...document.querySelectorAll('a.ex-cite__link')].map(a => {
            const tip = document.getElementById(a.getAttribute('aria-describedby'));
            return {label: a.getAttribute('aria-label'), text: a.textContent,
                    tipRole: tip && tip.getAttribute('role'), source: tip && tip.querySelector('cite').textContent};
        })"""
    )
    assert len(markers) > 10
    for marker in markers:
        match = re.fullmatch(r"Citation (\d+): (.+)", marker["label"] or "")
        assert match, marker
        assert marker["text"] == f"[{match.group(1)}]", marker
        assert marker["tipRole"] == "tooltip" and _words(match.group(2)) == _words(marker["source"]), marker
    expect(page.locator("a.ex-cite__link").first).to_have_accessible_name(re.compile(r"^Citation 1: \S"))


def test_the_passage_preview_shows_on_hover(desktop: Reader) -> None:
    page = desktop.open(PAGES["person"])
    marker = page.locator("a.ex-cite__link").first
    tip = page.locator(f"#{marker.get_attribute('aria-describedby')}")
    expect(tip).to_be_hidden()
    marker.hover()
    expect(tip).to_be_visible()
    _screenshot(page, "person-preview-desktop")
    expect(tip).to_have_attribute("role", "tooltip")
    expect(tip.locator("q")).not_to_be_empty()
    expect(tip.locator("cite")).to_have_text(marker.get_attribute("aria-label").split(": ", 1)[1])
    assert page.evaluate("(id) => { const r = document.getElementById(id).getBoundingClientRect(); return r.left >= 0 && r.right <= innerWidth; }", tip.get_attribute("id"))
    page.mouse.move(1, 1)
    expect(tip).to_be_hidden()


def test_markers_are_reached_by_tab_and_preview_on_focus(desktop: Reader) -> None:
    page = desktop.open(PAGES["person"])
    page.locator("body").focus()
    for _ in range(200):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement?.matches('a.ex-cite__link') ?? false"):
            break
    else:
        pytest.fail("no citation marker within 200 presses of Tab")
    focused = page.locator("a.ex-cite__link:focus")
    tip = page.locator(f"#{focused.get_attribute('aria-describedby')}")
    expect(tip).to_be_visible()
    assert _words(tip.locator("q").inner_text())
    assert re.fullmatch(r"Citation \d+: .+", focused.get_attribute("aria-label") or "")
    page.keyboard.press("Tab")  # the next marker (or copy-link control) takes the focus; the preview goes
    expect(tip).to_be_hidden()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_every_preview_stays_inside_the_window(request: pytest.FixtureRequest, size: str) -> None:
    reader: Reader = request.getfixturevalue(size)
    page = reader.open(PAGES["person"])
    outside = page.evaluate(
        """() => [...document.querySelectorAll('a.ex-cite__link')].flatMap(a => {
            a.focus();
            const tip = document.getElementById(a.getAttribute('aria-describedby')).getBoundingClientRect();
            const width = document.documentElement.clientWidth;
            return tip.left < 0 || tip.right > width ? [`${a.getAttribute('aria-describedby')} ${a.textContent}: ${Math.round(tip.left)}..${Math.round(tip.right)} of ${width}`] : [];
        })"""
    )
    assert outside == [], f"{len(outside)} previews stick out of the window, e.g. {outside[:5]}"


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
        page.evaluate("() => { const list = document.querySelector('.md-search__scrollwrap'); list.scrollTop = list.scrollHeight; }")
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
    expect(note).to_have_text("Corrected on 29 November 2026")
    note.click()
    page.wait_for_url(f"{desktop.base}{PAGES['corrections']}#wedding-year-four-articles")
    entry = page.locator("section.ex-correction#wedding-year-four-articles")
    expect(entry).to_be_in_viewport()
    expect(entry.locator("dd").first).to_have_text("The timeline said that all five articles give 2012 as the year of the wedding.")
    expect(entry.locator("a[href$='timeline/#couple-wedding']")).to_be_visible()


def test_quote_page_shows_the_wordings_side_by_side_with_differences_marked(desktop: Reader) -> None:
    page = desktop.open(PAGES["quote"])
    expect(page.locator("blockquote.ex-quote")).to_contain_text("not talking")
    wordings = page.locator(".ex-wordings > figure.ex-wording")
    assert wordings.count() >= 2
    first, second = wordings.nth(0).bounding_box(), wordings.nth(1).bounding_box()
    assert first and second and abs(first["y"] - second["y"]) < 1 and second["x"] > first["x"] + first["width"] - 1, (first, second)
    for i in range(wordings.count()):
        expect(wordings.nth(i).locator("figcaption a")).not_to_be_empty()
        expect(wordings.nth(i).locator("blockquote")).to_contain_text("talking")
    assert wordings.nth(0).locator("mark.ex-diff").count() == 0  # the first wording is the one compared against
    differences = page.locator(".ex-wording mark.ex-diff")
    assert differences.count() >= 1
    expect(differences.first).to_be_visible()
    background = differences.first.evaluate("m => getComputedStyle(m).backgroundColor")
    assert background not in {"transparent", "rgba(0, 0, 0, 0)"}


def test_disagreements_page_shows_questions_with_their_answers(desktop: Reader) -> None:
    page = desktop.open(PAGES["disagreements"])
    questions = page.locator("section.ex-disagreement")
    assert questions.count() >= 3
    for i in range(questions.count()):
        question = questions.nth(i)
        expect(question.locator("h2, h3").first).to_have_text(re.compile(r"\?"))
        answers = question.locator("ul.ex-answers > li.ex-statement")
        assert answers.count() >= 2, question.inner_text()
        expect(answers.first.locator("a.ex-cite__link").first).to_be_visible()


# --- every page type: on a desktop, on a phone, in both palettes ---------------------------------------------------


@pytest.fixture
def first_visit(browser: Browser, site_url: str) -> Iterator[Reader]:
    """A reader who has never been here: nothing cached (Material keeps some fetched data per tab)."""
    reader = _reader(browser, site_url, viewport=DESKTOP, color_scheme="light")
    yield reader
    reader.context.close()


@pytest.mark.parametrize("name", PAGES)
def test_page_loads_without_errors_or_outside_requests(first_visit: Reader, name: str) -> None:
    page = first_visit.open(PAGES[name], wait_until="networkidle")
    expect(page.locator("article h1").first).to_be_visible()
    _screenshot(page, f"{name}-desktop")
    outside = first_visit.external_requests()
    assert outside == [], f"requests that leave the site: {outside}"
    assert first_visit.errors == [], f"errors in the console: {first_visit.errors}"


@pytest.mark.parametrize("name", PAGES)
def test_page_fits_a_phone_without_sideways_scrolling(phone: Reader, name: str) -> None:
    page = phone.open(PAGES[name])
    expect(page.locator("article h1").first).to_be_visible()
    _screenshot(page, f"{name}-phone")
    widths = page.evaluate(
        """() => {
            const root = document.documentElement;
            const wide = [...document.querySelectorAll('article *')]
                .filter(e => e.getBoundingClientRect().right > root.clientWidth + 1 && getComputedStyle(e).position !== 'absolute')
                .slice(0, 5).map(e => e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).split(' ').join('.') : ''));
            return {scroll: root.scrollWidth, client: root.clientWidth, wide};
        }"""
    )
    assert widths["scroll"] <= widths["client"], widths


def _axe(page: Page) -> list[dict[str, Any]]:
    page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """async () => {
            const result = await axe.run(document, {resultTypes: ['violations']});
            return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
                nodes: v.nodes.length, targets: v.nodes.slice(0, 5).map(n => n.target.join(' ')),
                summary: v.nodes[0] ? v.nodes[0].failureSummary : ''}));
        }"""
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("name", PAGES)
def test_axe_finds_no_serious_accessibility_violation(desktop: Reader, dark: Reader, name: str, scheme: str) -> None:
    reader = desktop if scheme == "light" else dark
    page = reader.open(PAGES[name])
    expected = "slate" if scheme == "dark" else "default"
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", expected)
    if scheme == "dark":
        _screenshot(page, f"{name}-desktop-dark")
    violations = _axe(page)
    for v in violations:
        print(f"axe {scheme} {name}: {v['impact']} {v['id']} ({v['nodes']} nodes) {v['help']}: {v['targets']}")
    serious = [v for v in violations if v["impact"] in {"serious", "critical"}]
    report = "\n".join(f"{v['impact']} {v['id']}: {v['help']} ({v['nodes']} elements, e.g. {v['targets']})\n    {v['summary']}" for v in serious)
    assert not serious, f"axe on {PAGES[name] or 'home'} ({scheme}):\n{report}"


# --- deep links ----------------------------------------------------------------------------------------------------

LINKABLE = ["person", "timeline", "claims-topic", "disagreements", "source", "transcript"]


@pytest.mark.parametrize("name", LINKABLE)
def test_every_statement_and_cited_passage_has_a_copy_link(desktop: Reader, built_site: Path, name: str) -> None:
    # Every article's page for the source type: each has its own list of cited passages.
    paths = sorted(f"sources/{p.parent.name}/" for p in (built_site / "sources").glob("*/index.html")) if name == "source" else [PAGES[name]]
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
                    bareEntries: passages.filter(p => !document.getElementById('by-' + p.id) || !control(document.getElementById('by-' + p.id), p.id)).map(p => 'by-' + p.id),
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
