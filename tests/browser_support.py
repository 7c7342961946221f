"""Readers in a real browser, shared by the browser test modules: headless Chromium (Debian's
chromium-headless-shell) driven by Playwright over the site built once per run, served on 127.0.0.1, one context
per kind of reader.

Registered as a plugin in conftest.py, so that every module shares one browser and one server.
`python3 dev.py test` installs it with apt where it is missing; Playwright never downloads a browser. The headless
shell is Chromium's own engine (Blink, V8, the same version as Debian's chromium) without the desktop browser
around it: what Playwright itself runs for headless tests, and about a quarter less CPU per page than the full
browser in headless mode, measured on this site (docs/benchmarks.md, Test suite timings).
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
import threading
from collections.abc import Iterator
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
