"""A lighter first visit (issue 24, item 8): the search index and the search worker load when the reader opens
search, or when the browser is idle well after the page is shown, not on every first page; a first visit to
each page type transfers at most 150 KB compressed; and search, once opened, works as before (by a click, by
the "/" shortcut, by the magnifier on a phone, and a search result's ?h= link still highlights its words)."""

from __future__ import annotations

import gzip
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, Response, expect

from browser_support import DESKTOP, PHONE, Reader, _reader

pytestmark = pytest.mark.browser

INDEX = "search/search_index.json"
WORKER = "assets/javascripts/workers/"
# The heaviest page of each type (measured): the home page, a person's page, an article's page, the two long
# reference pages.
PAGES = ("", "people/hilaria-baldwin/", "sources/speak-for-her/", "error-codes/", "corrections/")
BUDGET = 150 * 1024  # bytes, compressed


class FirstVisit:
    """A reader with an empty cache, and every response the site sent it."""

    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        self.responses: list[Response] = []
        reader.page.on("response", lambda response: self.responses.append(response))

    @property
    def page(self) -> Page:
        return self.reader.page

    def fetched(self) -> list[str]:
        return [r.url[len(self.reader.base) :] for r in self.responses if r.url.startswith(self.reader.base)]

    def asked_for_search(self) -> list[str]:
        return [url for url in self.reader.requests if INDEX in url or WORKER in url]

    def compressed(self) -> dict[str, int]:
        """Each file the site sent, by path, gzipped as a web server would (level 6): what it weighs in transfer."""
        sizes = {}
        for response in self.responses:
            if response.url.startswith(self.reader.base) and response.ok:
                sizes[response.url[len(self.reader.base) :]] = len(gzip.compress(response.body(), 6))
        return sizes


@pytest.fixture(params=["desktop", "phone"])
def first_visit(request: pytest.FixtureRequest, browser: Browser, site_url: str) -> Iterator[FirstVisit]:
    if request.param == "desktop":
        reader = _reader(browser, site_url, viewport=DESKTOP)
    else:
        reader = _reader(browser, site_url, viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    yield FirstVisit(reader)
    reader.context.close()


def _settle(visit: FirstVisit, path: str) -> None:
    visit.reader.open(path, wait_until="load")
    visit.page.wait_for_load_state("networkidle")
    visit.page.wait_for_timeout(1000)  # past Material's start and explainer.js's first tasks


@pytest.mark.parametrize("path", PAGES)
def test_a_first_visit_is_light_and_leaves_search_for_later(first_visit: FirstVisit, path: str) -> None:
    _settle(first_visit, path)
    assert first_visit.asked_for_search() == []
    sizes = first_visit.compressed()
    assert sizes and all(not url.startswith(INDEX) for url in sizes)
    total = sum(sizes.values())
    heaviest = sorted(sizes.items(), key=lambda item: -item[1])[:4]
    assert total <= BUDGET, (total, heaviest)
    assert first_visit.reader.errors == []


def _results(page: Page) -> list[str]:
    expect(page.locator(".md-search-result__item").first).to_be_visible()
    hrefs: list[str] = page.eval_on_selector_all(".md-search-result__link", "links => links.map(a => a.href)")
    return hrefs


@pytest.mark.parametrize("how", ["click", "shortcut"])
def test_search_loads_when_the_reader_opens_it(browser: Browser, site_url: str, how: str) -> None:
    reader = _reader(browser, site_url, viewport=DESKTOP)
    visit = FirstVisit(reader)
    try:
        _settle(visit, "people/alec-baldwin/")
        assert visit.asked_for_search() == []
        if how == "click":
            visit.page.locator("input.md-search__input").click()
        else:
            visit.page.keyboard.press("/")
            expect(visit.page.locator("input.md-search__input")).to_be_focused()
        visit.page.keyboard.type("correctile")
        results = _results(visit.page)
        assert any("/disagreements/" in href for href in results[:2]), results
        assert any(INDEX in url for url in visit.asked_for_search())
        assert any(WORKER in url for url in visit.asked_for_search())
        assert reader.errors == []
    finally:
        reader.context.close()


def test_search_loads_when_a_phone_reader_taps_the_magnifier(browser: Browser, site_url: str) -> None:
    reader = _reader(browser, site_url, viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    visit = FirstVisit(reader)
    try:
        _settle(visit, "")
        assert visit.asked_for_search() == []
        visit.page.locator("label.md-header__button[for=__search]").tap()
        expect(visit.page.locator("input.md-search__input")).to_be_visible()
        visit.page.keyboard.type("correctile")
        results = _results(visit.page)
        assert any("/disagreements/" in href for href in results[:2]), results
        assert any(INDEX in url for url in visit.asked_for_search())
        assert reader.errors == []
    finally:
        reader.context.close()


def test_a_search_results_link_still_highlights_its_words(desktop: Reader) -> None:
    # Following a result adds ?h=<the words>; Material marks them on the page, which needs the index's settings.
    page = desktop.open("disagreements/?h=correctile")
    expect(page.locator("mark[data-md-highlight]").first).to_be_visible()
    assert "correctile" in page.locator("mark[data-md-highlight]").first.inner_text().lower()


def test_search_loads_when_the_browser_is_idle_after_the_page_is_shown(browser: Browser, site_url: str) -> None:
    reader = _reader(browser, site_url, viewport=DESKTOP)
    visit = FirstVisit(reader)
    try:
        reader.page.clock.install()
        _settle(visit, "timeline/")
        reader.page.clock.run_for(5_000)  # (the clock also runs on its own, as a real one does)
        reader.page.wait_for_timeout(500)
        assert visit.asked_for_search() == []  # not yet: the reader is still reading the page's start
        reader.page.clock.run_for(10_000)
        reader.page.wait_for_load_state("networkidle")
        assert any(INDEX in url for url in visit.asked_for_search())
        # Ready when the reader searches: no second request.
        visit.page.locator("input.md-search__input").click()
        visit.page.keyboard.type("correctile")
        assert _results(visit.page)
        assert sum(INDEX in url for url in visit.asked_for_search()) == 1
    finally:
        reader.context.close()
