"""`mkdocs serve`, a save in content/ or seeds/: render again only the pages that would change, in under a second.

MkDocs' own server builds the whole site on every save: every page through the engine's templates, the theme
and the search plugin (about 5 s of CPU for the real site). After a full build this module keeps what that
build knew (`Served`): MkDocs' files, navigation and theme environment, and for each page what it read of
the site model (explainer.site.reads), its plan, and its entries in the search index. On a save whose
changes are all in content/ or seeds/, the hook checks the content again, asks each page's recorded reads of
the new site model, renders through MkDocs the pages whose answers changed, and writes those, the files
besides the pages that changed, and the search index. Anything else (a hand-written page, mkdocs.yml, the
site's words, a page added or removed, a new file besides the pages) is a full build, as before; so is a
save after which MkDocs would warn. The result is the full build's, byte for byte (tests/test_serving.py).

MkDocs 1.6.1 (pinned) has no public call that runs one page through its events and theme; `render_page`
calls its `_populate_page` and repeats the rest of its `_build_page`, without the write.
"""

from __future__ import annotations

import itertools
import logging
import os
import pickle
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
from material.plugins.search.plugin import SearchIndex, SearchPlugin  # type: ignore[import-untyped]  # Material ships no types
from mkdocs.commands.build import _populate_page, get_context
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils import CountHandler

from explainer.api import (
    Diagnostic,
    ExplainerError,
    Layout,
    PagePlan,
    Publication,
    Reads,
    Report,
    SiteModel,
    Sweep,
    Urls,
    check_or_raise,
    extra_files,
    load_words,
    no_cycle_collection,
)
from explainer_mkdocs.search import FastSearchIndex
from explainer_mkdocs.shared_nav import MENU, SharedNav

log = logging.getLogger("mkdocs.plugins.explainer")

Stamp = tuple[int, int]  # a file's modification time (ns) and size


@dataclass
class Known:
    """What the page on disk was rendered from."""

    reads: Reads | None  # None: not recorded, so it is rendered again on every save
    plan: PagePlan | None = None  # a generated page's plan (a hand-written page has none)
    search: list[dict[str, Any]] = field(default_factory=list)  # its entries in the search index

    def holds(self, plan: PagePlan | None, sweep: Sweep) -> bool:
        """Whether the page would come out the same from `plan` and the site model `sweep` asked."""
        if self.reads is None or plan != self.plan:
            return False
        # A plan compares without its record (pages.py); the page shows the record, so it must be the same.
        if plan is not None and self.plan is not None and plan.record != self.plan.record:
            return False
        return sweep.holds(self.reads)


@dataclass
class Served:
    """What the last build of a `mkdocs serve` process knew, for rendering the next save in part."""

    config: MkDocsConfig
    files: Files
    nav: Navigation
    env: jinja2.Environment
    known: dict[str, Known]  # by page source path
    extra: dict[str, bytes]  # the files besides the pages that the engine writes, by site path
    inputs: dict[str, Stamp]  # the project's files as they were when the build started

    def pages(self) -> list[Page]:
        return [f.page for f in self.files.documentation_pages(inclusion=InclusionLevel.is_in_serve) if f.page]


class Stopwatch:
    """How long each stage of a save took, for the log line: "0.61 s (check 0.31, files 0.12, ...)"."""

    def __init__(self) -> None:
        self.start = self.last = time.perf_counter()
        self.laps: list[tuple[str, float]] = []

    def lap(self, stage: str) -> None:
        now = time.perf_counter()
        self.laps.append((stage, now - self.last))
        self.last = now

    def __str__(self) -> str:
        stages = ", ".join(f"{stage} {seconds:.2f}" for stage, seconds in self.laps)
        return f"{self.last - self.start:.2f} s ({stages})"


def stamps(root: Path, paths: Iterable[Path]) -> dict[str, Stamp]:
    """Every file under `paths` (folders walked, links not followed), by its path relative to `root`."""
    found: dict[str, Stamp] = {}
    for path in paths:
        if not path.is_dir() or path.is_symlink():
            found[_relative(root, path)] = _stamp(path)
            continue
        for folder, folders, names in os.walk(path):
            folders.sort()
            for name in names:
                file = Path(folder, name)
                found[_relative(root, file)] = _stamp(file)
    return found


def _stamp(path: Path) -> Stamp:
    status = path.lstat()  # a link's own time and size: what it points at is none of the project's
    return status.st_mtime_ns, status.st_size


def _relative(root: Path, path: Path) -> str:
    return path.relative_to(root).as_posix() if path.is_relative_to(root) else path.as_posix()


def changed(before: Mapping[str, Stamp], now: Mapping[str, Stamp]) -> set[str]:
    """The files added, removed or changed between two `stamps`."""
    return {name for name in before.keys() | now.keys() if before.get(name) != now.get(name)}


def search_plugin(config: MkDocsConfig) -> SearchPlugin | None:
    for plugin in config.plugins.values():
        if isinstance(plugin, SearchPlugin) and plugin.config.enabled:
            return plugin
    return None


def take_search_entries(config: MkDocsConfig, src_uri: str, into: dict[str, list[dict[str, Any]]], mark: int) -> int:
    """In a full build, after the search plugin indexed a page: its entries are those added since `mark` (put in
    `into` under the page's source path); returns the next mark."""
    plugin = search_plugin(config)
    if plugin is None or not isinstance(plugin.search_index, SearchIndex):
        return mark
    entries = plugin.search_index.entries
    into[src_uri] = entries[mark:]
    return len(entries)


class Worker:
    """Two more processes while serving, so that a save keeps the machine's cores busy: one runs the full check
    of the content (`check`) while this process renders the save from the records alone (`read_records`), the
    other indexes each rendered page for search (Material's own code, `_index_page`: a tenth of a second for a
    person's page) while the next one renders. Nothing is written before the check has answered."""

    def __init__(self) -> None:
        self._checker, self._indexer = _Process(), _Process()

    def submit(self, page: _PageToIndex) -> Future[list[dict[str, Any]]]:
        return self._indexer.submit("index", page)

    def check(self, layout: Layout, inputs: list[Path], urls: Urls, publication: Publication) -> Future[Checked]:
        return self._checker.submit("check", layout, inputs, urls, publication)

    def shutdown(self) -> None:
        for process in (self._checker, self._indexer):
            process.stop()


class WorkerLost(Exception):
    """A worker process ended (killed, out of memory): the save is built in full, and new ones are started."""


class _Process:
    """One worker process (worker.py) and the answers it owes, each a Future its reading thread fulfils."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "explainer_mkdocs.worker", str(os.getpid())],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        self._owed: dict[int, Future[Any]] = {}
        self._lock = threading.Lock()
        self._numbers = itertools.count()
        self._lost = False
        threading.Thread(target=self._read, daemon=True).start()

    def submit(self, job: str, *arguments: Any) -> Future[Any]:
        future: Future[Any] = Future()
        with self._lock:
            if self._lost or self.process.stdin is None:
                raise WorkerLost
            number = next(self._numbers)
            self._owed[number] = future
            try:
                pickle.dump((number, job, arguments), self.process.stdin)
                self.process.stdin.flush()
            except OSError as error:
                self._owed.pop(number)
                raise WorkerLost from error
        return future

    def _read(self) -> None:
        assert self.process.stdout is not None
        while True:
            try:
                number, (done, value) = pickle.load(self.process.stdout)
            except (EOFError, OSError, pickle.UnpicklingError):
                break
            with self._lock:
                future = self._owed.pop(number)
            if done:
                future.set_result(value)
            else:
                future.set_exception(RuntimeError(f"the serving worker's job failed: {value}"))
        with self._lock:
            self._lost = True
            owed, self._owed = self._owed, {}
        for future in owed.values():
            future.set_exception(WorkerLost())

    def stop(self) -> None:
        """End the process now, not once its job is done: nothing waits for that answer any more (the server is
        stopping, or a new worker takes over), and a worker writes nothing itself. Waiting for it made every stop
        of `mkdocs serve` wait for the check it began with the first build (seconds, at 10,000 statements)."""
        if self.process.stdin is not None:
            try:
                self.process.stdin.close()
            except OSError:
                pass
        self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@dataclass
class Checked:
    """What the worker's check found, the files besides the pages made from what it read (when it found no
    error), and the project's files as they were when it had read them."""

    diagnostics: list[Diagnostic]
    inputs: dict[str, Stamp]
    extra: dict[str, bytes] | None = None
    took: str = ""  # how long the worker took at each step, for the serve log's line (a Stopwatch)


def _check(layout: Layout, inputs: list[Path], urls: Urls, publication: Publication) -> Checked:
    # Nothing a check makes is garbage until the next one replaces it, and collecting over and over among the
    # exports' hundreds of thousands of new objects doubled the time of making them at 10,000 statements.
    with no_cycle_collection():
        return _check_and_make(layout, inputs, urls, publication)


def _check_and_make(layout: Layout, inputs: list[Path], urls: Urls, publication: Publication) -> Checked:
    clock = Stopwatch()
    try:
        verified, diagnostics = check_or_raise(layout)
    except ExplainerError as error:
        return Checked(error.diagnostics, stamps(layout.root, inputs))
    if layout.options is None:
        return Checked(diagnostics, stamps(layout.root, inputs))
    clock.lap("check")
    site = SiteModel(verified, urls, load_words(layout.root, layout.options, Report()))
    clock.lap("model")
    extra = {path: as_bytes(content) for path, content in extra_files(site, publication)}
    clock.lap("files")
    return Checked(diagnostics, stamps(layout.root, inputs), extra, str(clock))


@dataclass
class _PageToIndex:
    """What the search plugin reads of a page (SearchIndex.add_entry_from_context), to send to the worker."""

    content: str
    toc: Any
    url: str
    title: str
    meta: dict[str, Any]


def _index_page(page: _PageToIndex | None) -> list[dict[str, Any]]:
    if page is None:
        return []
    index = FastSearchIndex()
    index.add_entry_from_context(page)
    return list(index.entries)


class _Deferred:
    """Stands in for the search plugin's index while a save's pages render: it hands each page to the worker
    (or, without one, indexes it here) and keeps its entries apart."""

    def __init__(self, worker: Worker | None) -> None:
        self.worker = worker
        self.pending: dict[str, Future[list[dict[str, Any]]] | list[dict[str, Any]]] = {}

    def add_entry_from_context(self, page: Page) -> None:
        keep = {key: page.meta[key] for key in ("search", "tags", "title") if key in page.meta}
        job = _PageToIndex(page.content or "", page.toc, page.url, str(page.title), keep)
        self.pending[page.file.src_uri] = _index_page(job) if self.worker is None else self.worker.submit(job)

    def entries(self) -> dict[str, list[dict[str, Any]]]:
        return {src: got if isinstance(got, list) else got.result() for src, got in self.pending.items()}


def keep(pages: Iterable[Page]) -> list[tuple[Page, dict[str, Any]]]:
    """MkDocs' page objects as they are, for `restore` (rendering a page sets its Markdown, HTML, contents)."""
    return [(page, dict(vars(page))) for page in pages]


def restore(kept: list[tuple[Page, dict[str, Any]]]) -> None:
    for page, state in kept:
        vars(page).clear()
        vars(page).update(state)


def render_pages(
    served: Served, pages: Iterable[Page], worker: Worker | None
) -> tuple[list[tuple[Page, str]], dict[str, list[dict[str, Any]]]]:
    """Each page's HTML (`render_page`), and its entries in the search index."""
    plugin = search_plugin(served.config)
    # The menus of this save's pages, rendered afresh: a record's page may have a new title in the menu.
    served.env.globals[MENU] = SharedNav(served.env, served.nav, served.config)
    deferred = _Deferred(worker)
    index = plugin.search_index if plugin is not None else None
    if plugin is not None:
        plugin.search_index = deferred
    try:
        rendered = [(page, render_page(page, served)) for page in pages]
    finally:
        if plugin is not None:
            plugin.search_index = index
    return rendered, deferred.entries()


def render_page(page: Page, served: Served) -> str:
    """The page's HTML as a full build would write it: its events (the engine's hook among them), Markdown,
    the theme's template and the search plugin's entries for it."""
    config, files = served.config, served.files
    _populate_page(page, config, files)
    page.active = True  # tells the theme which page is the current one, as _build_page does
    config._current_page = page
    try:
        doc_files = files.documentation_pages(inclusion=InclusionLevel.is_in_serve)
        context = get_context(served.nav, doc_files, config, page)
        template = served.env.get_template(page.meta.get("template", "main.html"))
        context = config.plugins.on_page_context(context, page=page, config=config, nav=served.nav)
        output = template.render(context)
        return str(config.plugins.on_post_page(output, page=page, config=config))
    finally:
        page.active = False
        config._current_page = None


def anchor_warnings(served: Served) -> int:
    """Check every page's links to anchors again, as a full build does after its pages; the warnings given."""
    counter = CountHandler()
    counter.setLevel(logging.WARNING)
    logger = logging.getLogger("mkdocs")
    logger.addHandler(counter)
    try:
        for page in served.pages():
            page.validate_anchor_links(files=served.files, log_level=served.config.validation.links.anchors)
    finally:
        logger.removeHandler(counter)
    return sum(count for _, count in counter.get_counts())


def write(served: Served, pages: Iterable[tuple[Page, str]], extra: Mapping[str, bytes]) -> None:
    """Put the rendered pages, the files besides them that changed and the search index in the site folder;
    each file is replaced whole, so that a browser reloading meanwhile reads the old or the new one."""
    site = Path(served.config.site_dir)
    for page, html in pages:
        if html.strip():
            _replace(site / page.file.dest_uri, html.encode("utf-8", errors="xmlcharrefreplace"))
    for path, content in extra.items():
        if served.extra.get(path) != content:
            _replace(site / path, content)
            served.extra[path] = content
    plugin = search_plugin(served.config)
    if plugin is not None:
        plugin.search_index.entries = [
            entry for page in served.pages() for entry in served.known[page.file.src_uri].search
        ]
        plugin.on_post_build(config=served.config)


def _replace(path: Path, content: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = path.with_name(f".{path.name}.new")
    fresh.write_bytes(content)
    os.replace(fresh, path)


def as_bytes(content: str | bytes) -> bytes:
    return content.encode("utf-8") if isinstance(content, str) else content


# What the worker process may be asked to do (worker.py), by name.
JOBS: dict[str, Callable[..., Any]] = {"check": _check, "index": _index_page}
COLLECT_AFTER = frozenset({"check"})  # the jobs that run without the cycle collector: collected after each
