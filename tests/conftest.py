"""Shared fixtures: tiny throw-away projects, and one strict build of the real site per test run."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

# The browser fixtures (one Chromium and one server for every browser test module).
pytest_plugins = ["browser_support"]

ROOT = Path(__file__).resolve().parent.parent
MKDOCS = [sys.executable, "-m", "mkdocs"]

TINY_SEED = textwrap.dedent(
    """\
    A Tiny Headline

    Ann Example said “hello there” to Bob Example on March 3.
    Bob Example, 40, replied: ‘Hello, hello.’
    The end. The end.
    """
)

TINY_CONTENT = {
    "sources.yaml": """\
        sources:
          - id: tiny
            file: seeds/tiny.txt
            title: A Tiny Headline
            title_kind: headline
        topics:
          - id: general
            title: General
        """,
    "people.yaml": """\
        people:
          - id: ann
            name: Ann Example
            relations:
              - id: ann-bob
                kind: spouse
                person: bob
                citations:
                  - source: tiny
                    quote: Ann Example said “hello there” to Bob Example
          - id: bob
            name: Bob Example
            facts:
              - id: bob-age
                text: Reported as 40.
                citations:
                  - source: tiny
                    quote: Bob Example, 40,
        """,
    "claims.yaml": """\
        claims:
          - id: ann-greets
            topic: general
            text: Ann greets Bob.
            about: [ann, bob]
            citations:
              - source: tiny
                quote: said "hello there" to Bob
        """,
}

# A valid claims file, for tests that break one thing in it.
TINY_CLAIM = """\
claims:
  - id: ann-greets
    topic: general
    text: Ann greets Bob.
    citations:
      - source: tiny
        quote: said "hello there" to Bob
"""

TINY_MKDOCS = """\
site_name: Tiny
site_url: https://example.invalid/
repo_url: https://github.com/example/tiny
edit_uri: edit/main/docs/
theme:
  name: material
  font: false
plugins: [search]
hooks: [hooks/explainer_hook.py]
nav:
  - Home: index.md
  - People: people/index.md
  - Timeline: timeline.md
  - Quotes: quotes/index.md
  - Transcripts: transcripts/index.md
  - Claims: claims/index.md
  - Disagreements: disagreements.md
  - Compare the articles: compare.md
  - Sources: sources/index.md
"""


def make_project(
    path: Path,
    files: dict[str, str] | None = None,
    *,
    docs_index: str = "# Tiny\n\n[[ann]] greets [[bob|him]]. [[cite:ann-greets]]\n",
) -> Path:
    """A small but complete project: one seed, a few records, a home page. `files` override content files."""
    (path / "seeds").mkdir(parents=True)
    (path / "seeds" / "tiny.txt").write_text(TINY_SEED, encoding="utf-8")
    (path / "content").mkdir()
    for name, text in {**TINY_CONTENT, **(files or {})}.items():
        target = path / "content" / name
        if text is None:
            continue
        target.write_text(textwrap.dedent(text), encoding="utf-8")
    (path / "docs").mkdir()
    (path / "docs" / "index.md").write_text(docs_index, encoding="utf-8")
    (path / "mkdocs.yml").write_text(TINY_MKDOCS, encoding="utf-8")
    (path / "hooks").mkdir()
    shutil.copy(ROOT / "hooks" / "explainer_hook.py", path / "hooks" / "explainer_hook.py")
    return path


def run_mkdocs(project: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`mkdocs <args>` in `project`, as a reader of its output sees it: exit status, stdout and stderr.

    A build runs in this process, through MkDocs' own command line (click's runner), so that each of the
    suite's builds does not pay for starting Python and importing MkDocs, Material and the engine again; this
    is what `mkdocs serve` does too, building again and again in one process, which the hook must bear. Any
    other command runs as its own process. `env`: variables set for the command (and only for it)."""
    if not args or args[0] != "build":
        environment = {**os.environ, "NO_MKDOCS_2_WARNING": "1", **(env or {})}
        return subprocess.run(
            [*MKDOCS, *args], cwd=project, capture_output=True, text=True, env=environment, timeout=600
        )
    return _build_in_process(project, list(args), env or {})


def run_explainer(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`explainer <args>` (in `cwd`), as a reader of its output sees it, run in this process: the command's
    exit status, stdout and stderr, and an uncaught exception's traceback as a process would print it."""
    import contextlib
    import io
    import traceback

    from explainer import cli

    out, err = io.StringIO(), io.StringIO()
    before = Path.cwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = cli.main(list(args))
            except SystemExit as stop:
                status = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
                if stop.code is not None and not isinstance(stop.code, int):
                    print(stop.code, file=sys.stderr)
            except Exception as exc:
                status = 1
                err.write("".join(traceback.format_exception(exc)))
    finally:
        os.chdir(before)
    return subprocess.CompletedProcess(["explainer", *args], status, out.getvalue(), err.getvalue())


def _build_in_process(project: Path, args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    import logging
    import traceback

    from click.testing import CliRunner
    from mkdocs.__main__ import cli

    before, environ = Path.cwd(), dict(os.environ)
    os.environ.update({"NO_MKDOCS_2_WARNING": "1", **env})
    os.chdir(project)
    try:
        result = CliRunner().invoke(cli, args, catch_exceptions=True)
    finally:
        os.chdir(before)
        os.environ.clear()
        os.environ.update(environ)
        # The command line's log handler writes to the runner's stream; it is removed only when collected.
        for logger in (logging.getLogger("mkdocs"), logging.getLogger()):
            for handler in [h for h in logger.handlers if h.get_name() == "MkDocsStreamHandler"]:
                logger.removeHandler(handler)
    stderr = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        # An uncaught exception: a process would print its traceback and exit with 1.
        stderr += "".join(traceback.format_exception(result.exception))
    return subprocess.CompletedProcess(["mkdocs", *args], result.exit_code, result.stdout, stderr)


@pytest.fixture
def tiny_project(tmp_path: Path) -> Path:
    return make_project(tmp_path / "tiny")


def once_per_run(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], Any]) -> tuple[Path, Any]:
    """A folder `name` that `make` fills once per test run, shared by every worker of the run (pytest-xdist): the
    first worker to ask runs `make(folder)` while the others wait, then all get the folder and what `make`
    returned (kept as JSON). An exception in `make` fails every test that asks, with its message."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the run's folder, above each worker's own
    folder, outcome = shared / name, shared / f"{name}.outcome.json"
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
        if not outcome.exists():
            folder.mkdir()
            try:
                made = {"value": make(folder)}
            except Exception as exc:
                made = {"failure": f"{type(exc).__name__}: {exc}"}
            outcome.write_text(json.dumps(made), encoding="utf-8")
        made = json.loads(outcome.read_text(encoding="utf-8"))
    if "failure" in made:
        pytest.fail(f"{name}: {made['failure']}")
    return folder, made["value"]


def _build_real_site(site: Path) -> None:
    docs_before = sorted(p.relative_to(ROOT) for p in (ROOT / "docs").rglob("*"))
    result = run_mkdocs(ROOT, "build", "--strict", "--site-dir", str(site))
    assert result.returncode == 0, result.stderr[-5000:] or f"exit status {result.returncode}"
    # Generated pages live in memory only: the build must not have written into docs/.
    assert sorted(p.relative_to(ROOT) for p in (ROOT / "docs").rglob("*")) == docs_before, "the build wrote into docs/"


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The real explainer, built once per test run with --strict into a temporary folder, shared read-only by
    every test and every worker of the run; at the end of each worker's session the site must be byte for byte
    as it was built."""
    site, _ = once_per_run(tmp_path_factory, "real-site", _build_real_site)
    built = _tree_digest(site)
    yield site
    assert _tree_digest(site) == built, "a test changed the shared build of the real site (it is read-only)"


def _tree_digest(folder: Path) -> str:
    digest = hashlib.blake2b()
    for path in sorted(folder.rglob("*")):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        if path.is_file():
            digest.update(path.read_bytes())
    return digest.hexdigest()


# Fixtures that make a test a browser test or a build test, for `pytest -m` (the markers are in pyproject.toml):
# a test that uses one of them, itself or through another fixture, gets the marker. Tests that run mkdocs
# themselves, or an outside validator, are marked where they are written.
MARKED_BY_FIXTURE = {"browser": "browser", "built_site": "build"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for fixture, marker in MARKED_BY_FIXTURE.items():
            if fixture in getattr(item, "fixturenames", ()):
                item.add_marker(marker)
