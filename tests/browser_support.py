"""Readers in a real browser, shared by the browser test modules: headless Chromium (Debian's
chromium-headless-shell) driven by Playwright over the site built once per run, served on 127.0.0.1, one context
per kind of reader.

Registered as a plugin in conftest.py, so that every module shares one browser and one server.
`python3 dev.py test` installs it with apt where it is missing; Playwright never downloads a browser. The headless
shell is Chromium's own engine (Blink, V8, the same version as Debian's chromium) without the desktop browser
around it: what Playwright itself runs for headless tests, and about a quarter less CPU per page than the full
browser in headless mode, measured on this site (docs/test-suite.md).
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium-headless-shell")
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Nothing may leave the machine, even where there is a network: every host but the loopback address fails to
    # resolve inside the browser. (A Playwright route would pause each request until Python answered it.)
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _words(text: str) -> str:
    """Text as a reader compares it: runs of white space as one space, curly quotes as straight ones."""
    return " ".join(
        text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"').split()
    )


# --- the site, served on 127.0.0.1 -------------------------------------------------------------------------------


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


class _QuietServer(ThreadingHTTPServer):
    """Says nothing when a browser goes away in the middle of an answer (a test that closed its page while a
    picture or the search index was still arriving): a broken pipe there is the reader's choice, not a fault,
    and its traceback in the test log hid the real ones. Any other error is printed as before."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextlib.contextmanager
def serving(folder: Path) -> Iterator[str]:
    """A built site served from `folder` on a free port of the loopback address: its address."""
    server = _QuietServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(folder)))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    with serving(built_site) as url:
        yield url


# --- one browser per session, one context (and page) per kind of reader --------------------------------------------


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing: `python3 dev.py test` installs Debian's chromium-headless-shell with apt"
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
    # Off-site requests fail in the browser itself (CHROMIUM_ARGS); each is still recorded, for external_requests().
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
    reader = _reader(
        browser, site_url, viewport=DESKTOP, color_scheme="light", permissions=["clipboard-read", "clipboard-write"]
    )
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
    reader = _reader(
        browser, site_url, viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, color_scheme="light"
    )
    yield reader
    reader.context.close()


@pytest.fixture(scope="session")
def narrow_phone(browser: Browser, site_url: str) -> Iterator[Reader]:
    """The narrowest phone a page must fit: 320 CSS px (SC 1.4.10 reflow)."""
    reader = _reader(
        browser,
        site_url,
        viewport={"width": 320, "height": 700},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        color_scheme="light",
    )
    yield reader
    reader.context.close()


SESSION_READERS = ("desktop", "dark", "phone", "narrow_phone")


@pytest.fixture(autouse=True)
def _park_the_readers_it_used(request: pytest.FixtureRequest) -> Iterator[None]:
    """After a test, the session's readers it used leave their page for about:blank. A page left open goes on
    working: ten seconds after it loaded, the site loads its search index when the browser is idle
    (search-on-demand.js), about half a second of Chromium's time, while the test's worker has gone on to other
    tests. That happened some 40 times a run, at moments no test chose."""
    yield
    for name in SESSION_READERS:
        if name in request.fixturenames:
            reader: Reader = request.getfixturevalue(name)
            if not reader.page.is_closed():
                reader.page.goto("about:blank")


# --- one visit per page and kind of reader, shared by the checks that read it ---------------------------------------


# A step of a visit: what one check measures on the page, given the name the page goes by (for screenshots).
Step = Callable[[Page, str], Any]


@dataclass
class Visit:
    """What each check measured in one load of a page by one reader: its result, or the exception it raised (an
    expect() that failed, a timeout), raised again in the test that asks for it."""

    reader: str
    path: str
    outcomes: dict[str, Any]

    def __getitem__(self, check: str) -> Any:
        outcome = self.outcomes[check]
        if isinstance(outcome, Exception):
            raise outcome
        return outcome


class Visits:
    """One visit per page and kind of reader in a worker, shared by every check of that page.

    A page loaded once for each check cost some 0.15 s of Chromium's CPU every time. Here the first test that asks
    for (reader, path) loads the page once and runs every check of that visit which the run's tests read, in the
    order of `order`, and keeps what each measured; each test then asserts on its own check's result, with its own
    id and messages. The order is what keeps the checks apart: the ones that only read the page come first, a check
    that changes the page (print emulation, blocks laid out, axe-core added, a scroll) comes after every check it
    could change. Nothing is kept but results: no test gets a live page another check has used.

    Where the tests of one visit run in different workers, each worker makes its own visit: the same results,
    paid twice. pytest_collection_modifyitems below puts them next to each other, so that they mostly run in one."""

    def __init__(self) -> None:
        self.plans: dict[tuple[str, str], list[tuple[str, str]]] = {}  # (reader, path) -> [(check, page's name)]
        self.steps: dict[str, Callable[[Page, str], Any]] = {}
        self.order: list[str] = []
        self.wait_until: dict[str, str] = {}  # reader -> Playwright's wait_until for its visits ("load" else)
        self.read: set[tuple[tuple[str, str], str]] | None = None  # ((reader, path), check) the run's tests read
        self.done: dict[tuple[str, str], Visit] = {}

    def add(
        self,
        check: str,
        step: Callable[[Page, str], Any],
        visits: dict[tuple[str, str], str],
        after: str | None = None,
    ) -> None:
        """A check: `step(page, name)` measures it; it runs in each of `visits` ((reader, path) -> the page's name,
        for screenshots), in the order after the check `after` (else after every check added so far)."""
        self.steps[check] = step
        self.order.insert(self.order.index(after) + 1 if after else len(self.order), check)
        for key, name in visits.items():
            self.plans.setdefault(key, []).append((check, name))

    def __call__(self, request: pytest.FixtureRequest, reader_name: str, path: str) -> Visit:
        key = (reader_name, path)
        if key not in self.done:
            reader: Reader = request.getfixturevalue(reader_name)
            plan = sorted(
                (step for step in self.plans[key] if self.read is None or (key, step[0]) in self.read),
                key=lambda step: self.order.index(step[0]),
            )
            outcomes: dict[str, Any] = {}
            try:
                page = reader.open(path, wait_until=self.wait_until.get(reader_name, "load"))  # type: ignore[arg-type]
            except Exception as exc:
                outcomes = {check: exc for check, _ in plan}
            else:
                for check, name in plan:
                    try:
                        outcomes[check] = self.steps[check](page, name)
                    except Exception as exc:
                        exc.add_note(f"(in the visit of {path or 'the home page'} by the {reader_name} reader)")
                        outcomes[check] = exc
            self.done[key] = Visit(reader_name, path, outcomes)
        return self.done[key]


VISITS = Visits()


Visiting = Callable[[str, str], Visit]  # (reader, path) -> the visit


@pytest.fixture
def visit(request: pytest.FixtureRequest, browser: Browser, site_url: str) -> Visiting:
    """This worker's visit of a page by a reader, shared by its checks: visit("phone", path)["title"] is what the
    check "title" measured there (or the exception it raised)."""
    return functools.partial(VISITS, request)


Checks = str | tuple[str, ...] | Callable[[dict[str, Any]], str]


def shares_a_visit(checks: Checks, key: Callable[[dict[str, Any]], tuple[str, str]]) -> Callable[[Any], Any]:
    """Marks a parametrized test that reads `checks` of a shared visit (a check's name, several, or a function of
    the item's parameters that gives one): `key` gives, from an item's parameters, the (reader, path) of its visit.
    Collection puts the items of one visit next to each other, and a visit runs only the checks the run reads."""

    def mark(function: Any) -> Any:
        function.shared_visit = (checks, key)
        return function

    return mark


def _visit_of(item: pytest.Item) -> tuple[tuple[str, str], tuple[str, ...]] | None:
    shared = getattr(getattr(item, "function", None), "shared_visit", None)
    callspec = getattr(item, "callspec", None)
    if not shared or not callspec:
        return None
    checks, key = shared
    if callable(checks):
        checks = checks(callspec.params)
    return key(callspec.params), (checks,) if isinstance(checks, str) else checks


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The items that share a visit go together, where the first of them was: pytest-xdist's worksteal hands each
    worker a run of neighbouring items, so one worker makes the visit and the others ask for none."""
    keyed: dict[tuple[str, str], list[pytest.Item]] = {}
    for item in items:
        shared = _visit_of(item)
        if shared is not None:
            keyed.setdefault(shared[0], []).append(item)
    ordered: list[pytest.Item] = []
    for item in items:
        shared = _visit_of(item)
        if shared is None:
            ordered.append(item)
        elif keyed.get(shared[0]):
            ordered.extend(keyed.pop(shared[0]))
    items[:] = ordered


def pytest_collection_finish(session: pytest.Session) -> None:
    """The checks that the run's tests read (after -k and -m): a visit runs those only."""
    shared = [visit for visit in map(_visit_of, session.items) if visit is not None]
    VISITS.read = {(key, check) for key, checks in shared for check in checks}


def tab_to(page: Page, selector: str, presses: int, what: str) -> None:
    """Press Tab, as a keyboard reader does, until the focused element matches `selector`; fail after `presses`."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement?.matches(s) ?? false", selector):
            return
    pytest.fail(f"{what} is not within {presses} presses of Tab")


def move_onto(page: Page, trigger: dict[str, float], overlay: dict[str, float], settle_ms: int) -> None:
    """Move the pointer from `trigger` (a bounding box) onto `overlay` (its popover or card: top, bottom, left,
    width) and around in it, step by step, as a reader's hand does; then wait `settle_ms` (SC 1.4.13 hoverable)."""
    x = trigger["x"] + min(trigger["width"], 40) / 2
    below = overlay["top"] >= trigger["y"] + trigger["height"] - 1
    end_y = overlay["top"] + 30 if below else overlay["bottom"] - 30
    page.mouse.move(x, end_y, steps=12)
    page.mouse.move(overlay["left"] + overlay["width"] / 2, end_y + (15 if below else -15), steps=8)
    page.wait_for_timeout(settle_ms)


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
