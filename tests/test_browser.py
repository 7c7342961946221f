"""Readers, in a real browser: headless Chromium (Debian's) driven by Playwright over the built site.

Every page type is opened as a reader would open it: citations are followed to their highlighted passages and
back, previews appear on hover and on keyboard focus, search finds quotes, nothing scrolls sideways on a phone,
nothing is fetched from anywhere but the site itself, axe-core finds no serious accessibility problem in either
palette, and every statement can be linked to. Screenshots of each page type go to test-artifacts/screenshots/.

`python3 dev.py test` installs Chromium with apt where it is missing; Playwright never downloads a browser
(see browser_support.py for the browser, the server and the readers).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

# The helpers; the fixtures (browser, site_url, desktop, dark, phone) come through conftest.py.
from browser_support import (
    AXE,
    DESKTOP,
    Reader,
    _reader,
    _screenshot,
    _viewport_check,
    _words,
)

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
    "compare": "compare/",
    "sources-index": "sources/",
    "source": "sources/justify-snapping/",
    "transcripts-index": "transcripts/",
    "transcript": "transcripts/extra-interview-transcript/",
    "how-to-edit": "how-to-edit/",
    "corrections": "corrections/",
}
STATEMENTS = "li.ex-statement[id], .ex-event[id], .ex-line[id], .ex-disagreement[id], .ex-inference[id]"


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


def test_quote_page_leads_with_the_quote_and_compares_each_articles_wording(desktop: Reader) -> None:
    page = desktop.open(PAGES["quote"])
    expect(page.locator("article h1 q")).to_have_text("Oh my God. When I’m talking, you’re not talking.")
    expect(page.locator("article h1")).to_have_text("Oh my God. When I’m talking, you’re not talking. — Hilaria Baldwin")
    rows = page.locator("table.ex-wording-table tbody tr")
    # From the articles: two print the words as the first does, two add a comma ("Oh, my God"), and one
    # quotes only the second sentence.
    assert [rows.nth(i).locator("th a").inner_text() for i in range(rows.count())] == ["Fireworks", "Awkward interview", "Forces him to apologize", "Speak for her", "Attempts to justify"]
    for i in range(rows.count()):
        expect(rows.nth(i).locator("td q").first).to_contain_text("talking")
        expect(rows.nth(i).locator("td a.ex-wording__words").first).to_have_attribute("href", re.compile(r"^\.\./\.\./sources/[a-z-]+/#q-\d+-\d+$"))
    marks_of = "ms => ms.map(m => [m.className.replace('ex-diff ', ''), m.textContent])"
    marks = {rows.nth(i).locator("th a").inner_text(): rows.nth(i).locator(".ex-diff").evaluate_all(marks_of) for i in range(rows.count())}
    assert marks == {
        "Fireworks": [],
        "Awkward interview": [["ex-diff--style", ","]],
        "Forces him to apologize": [["ex-diff--style", ","]],
        "Speak for her": [["ex-diff--omitted", "Oh my God"], ["ex-diff--omitted ex-diff--style", "."]],  # its second wording repeats the line
        "Attempts to justify": [["ex-diff--omitted", "Oh my God"]],
    }
    # Distinct wordings: "Oh my God. When…", "Oh, my God. When…", "When… talking." and "When… talking" (no full stop).
    expect(page.locator("article")).to_contain_text("5 articles, 4 distinct wordings: compared with the first, 2 change the words and 1 only differs in case or punctuation.")
    style, omitted = page.locator(".ex-wording-table .ex-diff--style").first, page.locator(".ex-wording-table .ex-diff--omitted").first
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
