"""Pictures, the article comparison, orientation and search, as a reader sees them in Chromium: desktop, phone,
dark, print.

The expected family, ages and wordings are worked out by hand from the five articles. Screenshots go to
test-artifacts/screenshots/ (family-*, compare-*).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from browser_support import DESKTOP, Reader, _reader, _screenshot, _viewport_check, _words, serving
from conftest import TINY_CONTENT, make_project, run_mkdocs

pytestmark = pytest.mark.browser  # every test here reads the site in Chromium, or serves one to it

PEOPLE = "people/"
COMPARE = "compare/"

# From the articles: the couple's seven children oldest first, with the ages three articles give; Ireland
# Baldwin is Alec Baldwin's daughter with his former wife Kim Basinger (two articles), aged 29 in one.
CHILDREN = [
    ("Carmen Gabriela", 11),
    ("Rafael Thomas", 9),
    ("Leonardo Ángel Charles", 8),
    ("Romeo Alejandro David", 6),
    ("Eduardo ‘Edu’ Pao Lucas", 4),
    ("María Lucía Victoria", 4),
    ("Ilaria Catalina Irena", 2),
]
AGES = {"Alec Baldwin": 66, "Hilaria Baldwin": 41, "Ireland Baldwin": 29, **dict(CHILDREN)}


def _boxes(page: Page, variant: str) -> list[dict[str, Any]]:
    """Each person in the picture: the name as drawn (lines joined), the age line, the link and where the box is."""
    return page.evaluate(
        """(variant) => [...document.querySelectorAll(`svg.ex-picture--${variant} a.ex-tree__person`)].map(a => {
            const r = a.querySelector('rect').getBoundingClientRect();
            const title = [...a.querySelectorAll('tspan:not(.ex-tree__detail)')].map(t => t.textContent).join(' ');
            const detail = a.querySelector('tspan.ex-tree__detail');
            return {name: title, age: detail ? detail.textContent : null, href: new URL(a.getAttribute('href'),
                location.href).href, x: r.left, y: r.top, w: r.width, h: r.height,
                    font: parseFloat(getComputedStyle(a.querySelector('text'))
                        .fontSize) * r.width / a.querySelector('rect').width.baseVal.value};
        })""",
        variant,
    )


def _contrast(page: Page, selector: str) -> float:
    """Contrast ratio of an SVG element's fill against the page background."""
    return page.evaluate(
        """(selector) => {
            const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
            const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= .03928 ? v / 12.92
                : ((v + .055) / 1.055) ** 2.4; };
                                          return .2126 * f(r) + .7152 * f(g) + .0722 * f(b); };
            const fg = lum(rgb(getComputedStyle(document.querySelector(selector)).fill));
            const bg = lum(rgb(getComputedStyle(document.body).backgroundColor));
            return (Math.max(fg, bg) + .05) / (Math.min(fg, bg) + .05);
        }""",
        selector,
    )


# --- the family tree -----------------------------------------------------------------------------------------------


def test_the_family_tree_shows_everyone_with_their_reported_age_and_links_to_them(desktop: Reader) -> None:
    page = desktop.open(PEOPLE)
    wide = page.locator("svg.ex-picture--wide")
    expect(wide).to_be_visible()
    expect(page.locator("svg.ex-picture--narrow")).to_be_hidden()
    wide.scroll_into_view_if_needed()
    _screenshot(page, "family-desktop")
    expect(wide).to_have_accessible_name(re.compile(r"^Family tree of 11 people"))
    expect(wide).to_have_accessible_description(re.compile(r"Drawn from the 18 family relations"))
    boxes = {b["name"]: b for b in _boxes(page, "wide")}
    assert sorted(boxes) == sorted([*AGES, "Kim Basinger"])
    for name, box in boxes.items():
        assert box["age"] == (f"age {AGES[name]}" if name in AGES else None), name
        assert re.search(r"/people/[a-z-]+/$", box["href"]), box
    assert boxes["Kim Basinger"]["href"].endswith("/people/kim-basinger/")
    # Partners in one row, the former wife on one side of Alec Baldwin and his wife on the other.
    kim, alec, hilaria = boxes["Kim Basinger"], boxes["Alec Baldwin"], boxes["Hilaria Baldwin"]
    assert kim["y"] == alec["y"] == hilaria["y"]
    assert kim["x"] < alec["x"] < hilaria["x"]
    # The seven children hang below, oldest first; Ireland Baldwin hangs between her parents.
    ys = [boxes[name]["y"] for name, _ in CHILDREN]
    assert ys == sorted(ys) and ys[0] > alec["y"] + alec["h"]
    ireland = boxes["Ireland Baldwin"]
    assert kim["x"] + kim["w"] < ireland["x"] + ireland["w"] / 2 < alec["x"] + alec["w"] and ireland["y"] > alec["y"]
    for box in boxes.values():
        assert box["font"] >= 13, box  # legible at this size


def test_every_family_relation_links_to_the_relation_and_its_citations(desktop: Reader) -> None:
    page = desktop.open(PEOPLE)
    couples = page.evaluate(
        """() => [...document.querySelectorAll('svg.ex-picture--wide a.ex-tree__couple')].map(a => ({
            name: a.getAttribute('aria-label'), href: new URL(a.getAttribute('href'), location.href).href,
                dashed: getComputedStyle(a.querySelector('polyline')).strokeDasharray,
            label: a.querySelector('text')?.textContent}))"""
    )
    assert {(c["label"], c["href"].split("/people/")[1]) for c in couples} == {
        ("spouse", "alec-baldwin/#alec-hilaria-spouse"),
        ("former spouse", "alec-baldwin/#alec-kim-former-spouse"),
    }
    former = next(c for c in couples if c["label"] == "former spouse")
    assert former["dashed"] not in ("none", "") and next(c for c in couples if c["label"] == "spouse")["dashed"] in (
        "none",
        "",
    )
    assert former["name"] == "former spouse: Alec Baldwin and Kim Basinger (the relation and its citations)"
    # Every link in the picture is a target of at least 24 by 24 CSS pixels.
    small = page.evaluate(
        """() => [...document.querySelectorAll('svg.ex-picture--wide a')]
                 .map(a => [a.getAttribute('aria-label') || a.textContent, a.getBoundingClientRect()])
                 .filter(([, r]) => r.width < 23.99 || r.height < 23.99).map(([n, r]) =>
                     `${n}: ${r.width}x${r.height}`)"""
    )
    assert small == []
    children = page.locator("svg.ex-picture--wide a.ex-tree__child")
    names = sorted(children.evaluate_all("links => links.map(a => a.getAttribute('aria-label'))"))
    assert names == sorted(
        [
            f"{name}, child of Alec Baldwin and Hilaria Baldwin (the relations and their citations)"
            for name, _ in CHILDREN
        ]
        + ["Ireland Baldwin, child of Alec Baldwin and Kim Basinger (the relations and their citations)"]
    )
    # Following the former-spouse line lands on the relation, with its citation markers.
    page.locator("svg.ex-picture--wide a.ex-tree__couple--former-spouse").click()
    page.wait_for_url(re.compile(r"/people/alec-baldwin/#alec-kim-former-spouse$"))
    relation = page.locator("li#alec-kim-former-spouse")
    expect(relation).to_contain_text("former spouse: Kim Basinger")
    # Its citation control names the two articles that name his ex-wife, and opening it lists both.
    chip = relation.locator(":scope > a.ex-chip")
    expect(chip).to_have_accessible_name(re.compile(r"^2 articles\b"))
    chip.click()
    expect(page.locator("#ex-pop")).to_be_visible()
    assert page.locator("#ex-pop a[href*='/sources/']").count() >= 2
    page.keyboard.press("Escape")
    # A child's line leads to that child's family section, which lists both parents with their citations.
    page = desktop.open(PEOPLE)
    page.locator("svg.ex-picture--wide a.ex-tree__child[href^='carmen-baldwin/']").click()
    page.wait_for_url(re.compile(r"/people/carmen-baldwin/#sec-relations$"))
    family = page.locator("#sec-relations ~ ul.ex-statements").first
    expect(family).to_contain_text("parent: Alec Baldwin")
    expect(family).to_contain_text("parent: Hilaria Baldwin")


def test_the_family_tree_has_a_list_that_says_the_same(desktop: Reader) -> None:
    page = desktop.open(PEOPLE)
    listing = page.get_by_role("list", name="The family tree as a list")
    expect(listing).to_be_visible()
    text = _words(listing.inner_text())
    assert "Alec Baldwin (reported age 66) and Hilaria Baldwin (reported age 41): spouses" in text
    assert "Alec Baldwin (reported age 66) and Kim Basinger: former spouses" in text
    couple = listing.locator(":scope > li").first
    children = couple.locator("ol > li")
    assert [_words(children.nth(i).inner_text()) for i in range(children.count())] == [
        _words(f"{name} (reported age {age}), child of Alec Baldwin, child of Hilaria Baldwin")
        for name, age in CHILDREN
    ]
    # Each age links to the fact that reports it, each "child of" to the relation that states it.
    first = children.first
    expect(first.get_by_role("link", name="reported age 11")).to_have_attribute("href", "carmen-baldwin/#carmen-age-11")
    expect(first.get_by_role("link", name="child of Hilaria Baldwin")).to_have_attribute(
        "href", "hilaria-baldwin/#hilaria-mother-of-carmen"
    )


@pytest.mark.parametrize("size", ["narrow_phone", "phone"])
def test_on_a_phone_the_family_tree_is_redrawn_narrow_and_legible(request: pytest.FixtureRequest, size: str) -> None:
    reader: Reader = request.getfixturevalue(size)
    page = reader.open(PEOPLE)
    narrow = page.locator("svg.ex-picture--narrow")
    expect(narrow).to_be_visible()
    expect(page.locator("svg.ex-picture--wide")).to_be_hidden()
    narrow.scroll_into_view_if_needed()
    width = page.viewport_size["width"] if page.viewport_size else 0
    _screenshot(page, f"family-phone-{width}")
    box = narrow.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width
    boxes = _boxes(page, "narrow")
    assert len(boxes) == 11
    assert min(b["font"] for b in boxes) >= 11.5, boxes
    # Touch targets stay at least 24 CSS px once the picture is scaled to the phone.
    small = page.evaluate(
        """() => [...document.querySelectorAll('svg.ex-picture--narrow a')].map(a => a.getBoundingClientRect())
                 .filter(r => r.width < 23.99 || r.height < 23.99).length"""
    )
    assert small == 0


def test_the_family_tree_follows_the_dark_palette(dark: Reader) -> None:
    page = dark.open(PEOPLE)
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    page.locator("svg.ex-picture--wide").scroll_into_view_if_needed()
    _screenshot(page, "family-desktop-dark")
    assert _contrast(page, "svg.ex-picture--wide .ex-tree__name") >= 4.5
    assert _contrast(page, "svg.ex-picture--wide .ex-tree__detail") >= 4.5
    box_fill = page.evaluate(
        "() => getComputedStyle(document.querySelector('svg.ex-picture--wide .ex-tree__box')).fill"
    )
    assert box_fill == page.evaluate("() => getComputedStyle(document.body).backgroundColor")


def test_the_family_tree_prints_wide_in_black_on_white(browser: Browser, site_url: str) -> None:
    reader = _reader(browser, site_url, viewport=DESKTOP, color_scheme="dark")
    try:
        page = reader.open(PEOPLE)
        page.emulate_media(media="print")
        expect(page.locator("svg.ex-picture--wide")).to_be_visible()
        expect(page.locator("svg.ex-picture--narrow")).to_be_hidden()
        colours = page.evaluate(
            """() => { const s = (q) => getComputedStyle(document.querySelector('svg.ex-picture--wide ' + q));
                       return {text: s('.ex-tree__name').fill, box: s('.ex-tree__box').fill}; }"""
        )
        assert colours == {"text": "rgb(0, 0, 0)", "box": "rgb(255, 255, 255)"}
        page.locator("svg.ex-picture--wide").scroll_into_view_if_needed()
        _screenshot(page, "family-print")
    finally:
        reader.context.close()


# --- the article comparison ----------------------------------------------------------------------------------------


def _row(page: Page, table: str, header: str) -> dict[str, str]:
    """The cells of the row whose header contains `header`, by column header."""
    return page.evaluate(
        """([table, header]) => {
            const t = document.getElementById(table);
            const heads = [...t.querySelectorAll('thead th')].map(th => th.textContent.trim());
            const row = [...t.querySelectorAll('tbody tr')].find(tr => tr.querySelector('th')
                .textContent.includes(header));
            if (!row) return null;
            return Object.fromEntries([...row.querySelectorAll('td')].map((td, i) => [heads[i + 1],
                td.textContent.trim()]));
        }""",
        [table, header],
    )


def test_the_comparison_shows_each_articles_own_words(desktop: Reader) -> None:
    page = desktop.open(COMPARE)
    _screenshot(page, "compare-desktop")
    heads = page.locator("#cmp-facts thead th").all_inner_texts()
    assert heads == [
        "Fact",
        "A Attempts to justify",
        "B Fireworks",
        "C Awkward interview",
        "D Forces him to apologize",
        "E Speak for her",
    ]
    # The wedding year: four articles, each in its own words; the fourth article's cell is empty.
    married = _row(page, "cmp-facts", "married in 2012")
    assert married == {
        "A Attempts to justify": "The couple, who wed in 2012",
        "B Fireworks": "The couple, who married in 2012",
        "C Awkward interview": "The pair tied the knot in June 2012",
        "D Forces him to apologize": "",
        "E Speak for her": "The couple, who married in 2012",
    }
    # A quotation printed by all five, each cell that article's wording.
    talking = _row(page, "cmp-quotes", "When I’m talking")
    assert talking is not None and all("talking" in cell.lower() for cell in talking.values()), talking
    # A disputed question: each cell says which lettered answer the article gives.
    rows = page.locator("#cmp-questions tbody tr")
    assert rows.count() >= 10
    first = rows.first
    # Rendered text is read where the reader reads it: tables far below the screen are not laid out until
    # scrolled near (content-visibility), so their innerText is empty until the browser has drawn them.
    first.scroll_into_view_if_needed()
    expect(first.locator("th .ex-compare__answers li")).to_have_count(
        first.locator("th .ex-compare__answers li").count()
    )
    answers = first.locator("td .ex-compare__answer")
    expect(answers.first).to_have_text(re.compile(r"^[A-D]$"), use_inner_text=True)
    letters = answers.all_inner_texts()
    assert letters and set(letters) <= {"A", "B", "C", "D"}
    # Each cell links to its passage, highlighted in the article.
    words = page.locator("#cmp-facts tbody tr").first.locator("td a.ex-compare__words").first
    quoted = _words(words.inner_text())
    words.click()
    page.wait_for_url(re.compile(r"/sources/[a-z-]+/#q-\d+-\d+$"))
    assert quoted in _words(page.locator("span.ex-passage:target").inner_text())


def test_the_comparison_shows_the_measured_copying(desktop: Reader) -> None:
    page = desktop.open(COMPARE)
    matrix = page.locator("#cmp-copying")
    matrix.scroll_into_view_if_needed()
    _screenshot(page, "compare-copying-desktop")
    shares = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#cmp-copying tbody tr')].flatMap(tr => {
            const heads = [...document.querySelectorAll('#cmp-copying thead th')].map(th => th.textContent.trim());
            const row = tr.querySelector('th a').textContent.trim();
            return [...tr.querySelectorAll('td')].map((td, i) => [`${row} / ${heads[i + 1]}`,
                parseFloat(td.textContent)]).filter(([, v]) => !isNaN(v));
        }))"""
    )
    assert len(shares) == 20
    # The "fireworks" and "speak for her" articles share whole paragraphs; no other pair comes close.
    top = sorted(shares, key=shares.get, reverse=True)[:2]
    assert set(top) == {"B Fireworks / E Speak for her", "E Speak for her / B Fireworks"}, shares
    assert all(v < 10 for k, v in shares.items() if k not in top), shares


@pytest.mark.parametrize("size", ["narrow_phone", "phone"])
def test_on_a_phone_the_comparison_scrolls_sideways_in_a_labelled_region_with_its_first_column_kept(
    request: pytest.FixtureRequest, size: str
) -> None:
    reader: Reader = request.getfixturevalue(size)
    page = reader.open(COMPARE)
    region = page.get_by_role("region", name=re.compile(r"^Facts, and each article’s words for them"))
    expect(region).to_be_visible()
    expect(region).to_have_attribute("tabindex", "0")
    region.scroll_into_view_if_needed()
    width = page.viewport_size["width"] if page.viewport_size else 0
    _screenshot(page, f"compare-phone-{width}")
    assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    geometry = region.evaluate("r => ({scroll: r.scrollWidth, client: r.clientWidth})")
    assert geometry["scroll"] > geometry["client"]
    header = region.locator("tbody tr").first.locator("th")
    before = header.bounding_box()
    region.evaluate("r => { r.scrollLeft = r.scrollWidth; }")
    page.wait_for_timeout(100)
    after = header.bounding_box()
    _screenshot(page, f"compare-phone-{width}-scrolled")
    assert before and after and abs(before["x"] - after["x"]) < 1, (before, after)
    # The last article's column came into view beside the kept first column.
    last = region.locator("thead th").last.bounding_box()
    assert last and last["x"] >= after["x"] + after["width"] - 1 and last["x"] + last["width"] <= width + 1


# --- search --------------------------------------------------------------------------------------------------------


def _search(page: Page, words: str, wanted: int = 10) -> list[dict[str, str]]:
    """The results Material shows for `words`: each page or section with its link, title and snippet."""
    page.locator("input.md-search__input").click()
    page.keyboard.type(words)
    expect(page.locator(".md-search-result__item").first).to_be_visible()
    page.wait_for_timeout(300)  # results arrive as the query is typed; let the last query settle
    return page.evaluate(
        """(wanted) => [...document.querySelectorAll('.md-search-result__link')].slice(0, wanted).map(a => ({
            href: a.href.split('?')[0] + (a.href.includes('#') ? '#' + a.href.split('#')[1] : ''),
            title: (a.querySelector('h1, h2')?.textContent || '').trim(),
            text: [...a.querySelectorAll('article > :not(h1):not(h2):not(.md-search-result__icon)')].map(e =>
                e.textContent).join(' ').trim(),
            marked: [...a.querySelectorAll('mark')].map(m => m.textContent.toLowerCase())}))""",
        wanted,
    )


def test_search_finds_a_word_next_to_a_quotation_mark(desktop: Reader) -> None:
    page = desktop.open("")
    results = _search(page, "correctile")
    _screenshot(page, "search-correctile-desktop")
    # The word is only ever printed inside quotation marks: “correctile dysfunction”.
    disagreements = [r for r in results[:2] if r["href"].startswith(desktop.base + "disagreements/")]
    assert disagreements, [r["href"] for r in results]
    assert any("correctile" in m for r in disagreements for m in r["marked"]), disagreements


def test_search_results_tell_quote_pages_apart(desktop: Reader) -> None:
    page = desktop.open("")
    results = _search(page, "talking", wanted=40)
    quotes = [r for r in results if re.search(r"/quotes/[a-z0-9-]+/$", r["href"])]
    assert len(quotes) >= 3, results
    titles = [r["title"] for r in quotes]
    assert len(set(titles)) == len(titles), titles
    assert not any(t.startswith("Quote by") for t in titles), titles
    assert any("talking" in t.lower() for t in titles), titles


@pytest.mark.parametrize("words", ["66 years", "married 2012", "playful banter"])
def test_search_snippets_show_the_statements_not_their_markers_or_previews(desktop: Reader, words: str) -> None:
    page = desktop.open("")
    results = _search(page, words)
    for result in results:
        assert not re.search(r"\[\d+\]", result["text"]), result
        assert not re.search(r"\b\d+ articles(, \d+ independent reports?)?\b", result["text"]), result
    alec = [r for r in results if r["href"].startswith(desktop.base + "people/alec-baldwin/")]
    if words == "66 years":
        # The passage "The actor, 66," is only in the marker's preview; the statement is what is found.
        assert alec and all("The actor, 66" not in r["text"] for r in alec), alec
        assert any("Reported as 66 years old" in r["text"] for r in alec), alec


# --- the timeline picture ------------------------------------------------------------------------------------------

TIMELINE = "timeline/"


def _rows(page: Page, variant: str) -> list[dict[str, Any]]:
    return page.evaluate(
        """(variant) => [...document.querySelectorAll(
            `figure.ex-chart svg.ex-picture--${variant} a.ex-chart__row`)].map(a => {
            const mark = a.querySelector('circle, rect.ex-mark, .ex-mark--range');
            const box = mark ? mark.getBoundingClientRect() : null;
            const hit = a.querySelector('.ex-chart__hit').getBoundingClientRect();
            return {href: a.getAttribute('href'), name: a.getAttribute('aria-label'), shape: mark ? mark.tagName
                : 'none',
                    range: !!a.querySelector('.ex-mark--range'), inferred: !!a.querySelector('.ex-mark--inferred'),
                    fill: mark ? getComputedStyle(mark.matches('g') ? mark.querySelector('rect') : mark).fill : null,
                    dash: mark ? getComputedStyle(mark.matches('g') ? mark.querySelector('line') : mark)
                        .strokeDasharray : null,
                    x1: box && box.left, x2: box && box.right, top: hit.top, height: hit.height, width: hit.width};
        })""",
        variant,
    )


def test_the_timeline_picture_draws_each_event_where_its_dates_are_in_the_derived_order(desktop: Reader) -> None:
    page = desktop.open(TIMELINE)
    chart = page.locator("figure.ex-chart svg.ex-picture--wide")
    expect(chart).to_be_visible()
    chart.scroll_into_view_if_needed()
    _screenshot(page, "timeline-chart-desktop")
    # Above the list, which is its text alternative, in the same order.
    assert page.evaluate(
        "() => !!(document.querySelector('figure.ex-chart')"
        ".compareDocumentPosition(document.querySelector('ol.ex-timeline')) & Node.DOCUMENT_POSITION_FOLLOWING)"
    )
    rows = {r["href"][1:]: r for r in _rows(page, "wide")}
    listed = page.locator("ol.ex-timeline li.ex-event").evaluate_all("items => items.map(li => li.id)")
    assert list(rows) == listed and len(listed) >= 15
    # Each row says the date the list says, with what is inferred.
    for event_id, row in rows.items():
        date = _words(page.locator(f"li#{event_id} .ex-event__date").inner_text())
        assert _words(row["name"]).startswith(_words(page.locator(f"li#{event_id} .ex-event__title").inner_text())), row
        assert ("no date given" in row["name"]) == ("not given" in date or date == ""), (row, date)
    red_carpet, video, premiere = (
        rows["extra-red-carpet-interview"],
        rows["instagram-manterrupting-video"],
        rows["tlc-series-premiere"],
    )
    assert "March 11, 2025" in red_carpet["name"] and "year inferred" in red_carpet["name"]
    # From the articles: the premiere (February 23) before the interview (March 11) before the video (March 19).
    assert premiere["x2"] < red_carpet["x1"] < red_carpet["x2"] < video["x1"]
    assert red_carpet["shape"] == "circle" and rows["couple-wedding"]["shape"] == "rect"
    # Dates known to the year are bars across the whole year: the 2021 shooting and press conference alike.
    assert (
        rows["rust-shooting"]["x1"] == rows["rust-press-conference"]["x1"]
        and rows["rust-shooting"]["x2"] - rows["rust-shooting"]["x1"] > 20
    )
    # The clip went viral somewhere between the interview and the video: a range with end caps.
    viral = rows["red-carpet-clip-goes-viral"]
    assert (
        viral["range"]
        and viral["x1"] <= red_carpet["x1"] + red_carpet["x2"] - red_carpet["x1"]
        and viral["x2"] >= video["x1"]
    )
    # Inferred parts are drawn differently: hatched and dashed; stated dates are solid.
    assert red_carpet["inferred"] and red_carpet["fill"].startswith("url(") and red_carpet["dash"] not in ("none", "")
    wedding = rows["couple-wedding"]
    assert not wedding["inferred"] and wedding["fill"].startswith("rgb") and wedding["dash"] in ("none", "")
    # Every row is a link to its event, at least 24 px tall.
    assert all(r["height"] >= 23.99 for r in rows.values())
    page.locator("figure.ex-chart svg.ex-picture--wide a.ex-chart__row[href='#extra-red-carpet-interview']").click()
    page.wait_for_url(re.compile(r"/timeline/#extra-red-carpet-interview$"))
    assert page.evaluate("() => document.querySelector('li#extra-red-carpet-interview').matches(':target')")


def test_the_timeline_axis_leaves_out_empty_years_and_brackets_what_is_unordered(desktop: Reader) -> None:
    page = desktop.open(TIMELINE)
    labels = page.locator("figure.ex-chart svg.ex-picture--wide .ex-axis__label").all_text_contents()
    # The articles date events in 2011, 2012, 2021, 2023, 2024 and 2025: 2013-2020 and 2022 are left out.
    assert [label[-4:] for label in labels] == ["2011", "2012", "2021", "2023", "2024", "2025"]
    breaks = page.locator("figure.ex-chart svg.ex-picture--wide .ex-axis__break").count()
    assert breaks == 2 * 3  # two strokes per break: after Aug 2011, after June 2012, after 2021
    # The order leaves three groups open; the interview with Today is in one with the videos.
    bands = page.evaluate(
        """() => [...document.querySelectorAll('figure.ex-chart svg.ex-picture--wide .ex-band__fill')]
                 .map(b => b.getBoundingClientRect()).map(r => [r.top, r.bottom])"""
    )
    assert len(bands) == 3
    today = next(r for r in _rows(page, "wide") if r["href"] == "#today-interview")
    assert any(top <= today["top"] + today["height"] / 2 <= bottom for top, bottom in bands)


@pytest.mark.parametrize("size", ["narrow_phone", "phone"])
def test_on_a_phone_the_timeline_is_redrawn_with_labels_above_the_marks(
    request: pytest.FixtureRequest, size: str
) -> None:
    reader: Reader = request.getfixturevalue(size)
    page = reader.open(TIMELINE)
    narrow = page.locator("figure.ex-chart svg.ex-picture--narrow.ex-chart__svg")
    expect(narrow).to_be_visible()
    narrow.scroll_into_view_if_needed()
    width = page.viewport_size["width"] if page.viewport_size else 0
    _screenshot(page, f"timeline-chart-phone-{width}")
    box = narrow.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width
    fonts = page.evaluate(
        """() => { const svg = document.querySelector('figure.ex-chart svg.ex-picture--narrow.ex-chart__svg');
                   const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
                   return [...svg.querySelectorAll('.ex-chart__label')].map(t => parseFloat(getComputedStyle(t)
                       .fontSize) * scale); }"""
    )
    assert min(fonts) >= 12
    assert all(r["height"] >= 23.99 for r in _rows(page, "narrow"))


def test_the_timeline_picture_in_dark_mode_and_in_print(dark: Reader, browser: Browser, site_url: str) -> None:
    page = dark.open(TIMELINE)
    page.locator("figure.ex-chart svg.ex-picture--wide").scroll_into_view_if_needed()
    _screenshot(page, "timeline-chart-desktop-dark")
    assert _contrast(page, "figure.ex-chart svg.ex-picture--wide .ex-chart__label") >= 4.5
    assert _contrast(page, "figure.ex-chart svg.ex-picture--wide .ex-axis__label") >= 4.5
    assert (
        _contrast(page, "figure.ex-chart svg.ex-picture--wide rect.ex-mark:not(.ex-mark--inferred)") >= 3
    )  # a graphical object (SC 1.4.11)
    page.emulate_media(media="print")
    try:
        expect(page.locator("figure.ex-chart svg.ex-picture--wide.ex-chart__svg")).to_be_visible()
        assert (
            page.evaluate(
                "() => getComputedStyle(document.querySelector("
                "'figure.ex-chart svg.ex-picture--wide .ex-chart__label')).fill"
            )
            == "rgb(0, 0, 0)"
        )
        _screenshot(page, "timeline-chart-print")
    finally:
        page.emulate_media(media="screen")


# --- long sections, on a small site of its own -------------------------------------------------------------------


@pytest.fixture(scope="module")
def long_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A tiny project whose person has more facts than a section shows before collapsing, served on 127.0.0.1."""
    fact = (
        "              - id: bob-fact-{n}\n                text: Named Bob Example.\n                citations: "
        "[{{source: tiny, quote: 'Bob Example, 40,'}}]\n"
    )
    facts = "".join(fact.format(n=n) for n in range(1, 15))
    people = TINY_CONTENT["people.yaml"].replace("            facts:\n", "            facts:\n" + facts)
    project = make_project(tmp_path_factory.mktemp("long") / "p", {"people.yaml": people})
    result = run_mkdocs(project, "build", "--strict", "--site-dir", str(project / "site"))
    assert result.returncode == 0, result.stderr[-3000:]
    with serving(project / "site") as url:
        yield url


@pytest.mark.build
def test_a_long_section_is_collapsed_behind_its_count_and_opens_for_a_link_or_for_print(
    browser: Browser, long_site: str
) -> None:
    reader = _reader(browser, long_site, viewport=DESKTOP, color_scheme="light")
    try:
        page = reader.open("people/bob/")
        expect(page.locator("#sec-facts")).to_have_text(re.compile(r"^Facts \(15\)"))
        details = page.locator("#sec-facts ~ details.ex-more").first
        expect(details.locator("summary")).to_have_text("Show all 15 facts")
        assert details.get_attribute("open") is None
        expect(page.locator("#bob-fact-14")).to_be_hidden()
        _screenshot(page, "long-section-collapsed")
        details.locator("summary").click()
        expect(page.locator("#bob-fact-14")).to_be_visible()
        # A link to a statement inside a collapsed section opens it and shows the statement.
        page = reader.open("people/bob/#bob-fact-14")
        expect(page.locator("#bob-fact-14")).to_be_visible()
        expect(page.locator("#bob-fact-14")).to_be_in_viewport()
        # Printing opens every collapsed section, and closes again those the reader had closed.
        page = reader.open("people/bob/")
        page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
        expect(page.locator("#bob-fact-14")).to_be_visible()
        page.evaluate("() => window.dispatchEvent(new Event('afterprint'))")
        expect(page.locator("#bob-fact-14")).to_be_hidden()
    finally:
        reader.context.close()


# --- where am I ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_records_page_says_where_the_reader_is(request: pytest.FixtureRequest, size: str) -> None:
    reader: Reader = request.getfixturevalue(size)
    page = reader.open("people/alec-baldwin/")
    trail = page.get_by_role("navigation", name="Breadcrumb")
    expect(trail).to_be_visible()
    expect(trail.get_by_role("link")).to_have_text(["Home", "People", "Alec Baldwin"])
    expect(trail.locator("[aria-current=page]")).to_have_text("Alec Baldwin")
    _screenshot(page, f"breadcrumbs-{size}")
    if size == "desktop":
        # The section in the menu is highlighted like a current page, and the contents list the page's sections.
        people = page.locator(".md-sidebar--primary .md-nav__item--active > a.md-nav__link")
        expect(people).to_have_text("People")
        colours = people.evaluate(
            "a => [getComputedStyle(a).color, getComputedStyle(document.querySelector('.md-sidebar--primary "
            'a.md-nav__link[href="../../timeline/"]\')).color]'
        )
        assert colours[0] != colours[1]
        contents = page.locator(".md-sidebar--secondary nav.md-nav--secondary")
        expect(contents).to_be_visible()
        contents.get_by_role("link", name=re.compile(r"^Quotes by Alec Baldwin")).click()
        page.wait_for_url(re.compile(r"#sec-said$"))
        assert _viewport_check(page, "#sec-said")["visible"]
    trail.get_by_role("link", name="People").click()
    page.wait_for_url(reader.base + "people/")


def test_the_days_of_the_story_are_readable_on_a_phone(phone: Reader) -> None:
    """On the home page, the story's month day by day: drawn narrow, every row a target of at least 24 px, and the
    days the articles tell apart (March 11, March 19) well apart on the screen."""
    page = phone.open("")
    days = page.locator("span.ex-days")
    days.scroll_into_view_if_needed()
    expect(days.locator("svg.ex-picture--narrow")).to_be_visible()
    expect(days.locator("svg.ex-picture--wide")).to_be_hidden()
    _screenshot(page, "home-days-phone")
    rows = days.locator("svg.ex-picture--narrow a.ex-chart__row")
    assert rows.count() == 5
    for i in range(rows.count()):
        box = rows.nth(i).locator(".ex-chart__hit").bounding_box()
        assert box is not None and box["height"] >= 24
    dots = [
        days.locator(f"svg.ex-picture--narrow a[href='timeline/#{event}'] circle").bounding_box()
        for event in ("extra-red-carpet-interview", "instagram-manterrupting-video")
    ]
    assert dots[0] is not None and dots[1] is not None
    assert dots[1]["x"] - dots[0]["x"] >= 60  # eight days apart: about 8 px a day on a 390 px screen
