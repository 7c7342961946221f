"""`mkdocs serve`: a save in content/ renders again only the pages it changes, and the site that results is the
full build's, byte for byte, whatever the edit (explainer_mkdocs/serving.py).

Each test serves a project as `mkdocs serve` does (the hook's on_serve, the builder it installs), edits it,
rebuilds through that builder, and compares every file of the served site with a fresh full build of a copy
of the project with the same edit. No socket is opened: MkDocs' server is made but never started.
"""

from __future__ import annotations

import logging
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.livereload import LiveReloadServer
from test_disputes import DISAGREEMENT

from conftest import ROOT, make_project
from explainer_mkdocs import serving

pytestmark = pytest.mark.build

SERVE_URL = "http://127.0.0.1:8000/"
Serve = Callable[[Path, Path], "Serving"]
IN_PART = re.compile(r"rendered (\d+) of (\d+) pages again in ([^\n]*)")


class Serving:
    """A project served as `mkdocs serve` serves it: a full build, then the hook's builder on every save."""

    def __init__(self, project: Path, site: Path, *, watch: bool = True) -> None:
        self.project, self.site = project, site
        site.mkdir()
        config = self._config()
        config.plugins.on_startup(command="serve", dirty=False)
        self._full(config)
        if watch:
            server = LiveReloadServer(builder=self._full, host="127.0.0.1", port=8000, root=str(site))
            self.server = config.plugins.on_serve(server, config=config, builder=self._full)
        self.config = config

    def close(self) -> None:
        self.config.plugins.on_shutdown()

    def _config(self) -> MkDocsConfig:
        config = load_config(str(self.project / "mkdocs.yml"), site_dir=str(self.site))
        config.site_url = SERVE_URL
        return config

    def _full(self, config: MkDocsConfig | None = None) -> None:
        build(config or self._config(), serve_url=SERVE_URL)

    def save(self) -> None:
        self.server.builder()


def fresh_build(project: Path, site: Path) -> None:
    """A full build, made as `mkdocs serve` makes its first one, in a project of its own: without the processes
    that serve starts with its first build for the saves to come (they make nothing of a full build's site, and
    starting two of them for each fresh build doubled the time of the tests below)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(serving, "Worker", _NoWorker)
        Serving(project, site, watch=False).close()


class _NoWorker:
    """Stands in for serving.Worker where no save will come: the check it is asked to begin is never answered."""

    def check(self, *arguments: Any) -> None:
        return None

    def shutdown(self) -> None:
        return None


@pytest.fixture
def serve() -> Iterator[Callable[[Path, Path], Serving]]:
    """Serve a project; the server's search worker is stopped after the test, as `mkdocs serve` stops it."""
    started: list[Serving] = []

    def start(project: Path, site: Path) -> Serving:
        started.append(Serving(project, site))
        return started[-1]

    yield start
    for served in started:
        served.close()


def files_of(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


def differences(served: Path, fresh: Path) -> list[str]:
    a, b = files_of(served), files_of(fresh)
    return sorted(name for name in a.keys() | b.keys() if a.get(name) != b.get(name))


def edit(project: Path, name: str, old: str, new: str) -> None:
    path = project / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{name} has no {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


CITED = "quote: Ann Example said “hello there”\n"  # the claim's citation, once the edit before changed it


def save_in_both(
    serving: Serving, copy: Path, caplog: pytest.LogCaptureFixture, name: str, old: str, new: str
) -> list[tuple[int, int]]:
    """The same edit in the served project and its copy, saved where it is served: (pages rendered again, pages)
    as the serve log says, or nothing for a full build."""
    caplog.clear()
    for project in (serving.project, copy):
        edit(project, name, old, new)
    serving.save()
    return [(int(m[1]), int(m[2])) for r in caplog.records if (m := IN_PART.search(r.getMessage()))]


NEW_CLAIM = """\
  - id: bob-replies-twice
    topic: general
    text: Bob replies.
    about: [bob]
    citations:
      - source: tiny
        quote: "replied: ‘Hello, hello.’"
"""

# (what the edit is, the file, what it replaces, with what, whether a save renders it in part)
EDITS: list[tuple[str, str, str, str, bool]] = [
    ("reword a claim", "content/claims.yaml", "text: Ann greets Bob.", "text: Ann warmly greets Bob.", True),
    ("reword a person's fact", "content/people.yaml", "text: Reported as 40.", "text: Reported to be 40.", True),
    (
        "change a citation",
        "content/claims.yaml",
        'quote: said "hello there" to Bob',
        "quote: Ann Example said “hello there”",
        True,
    ),
    (
        "change a disagreement's concerns",
        "content/disagreements.yaml",
        "concerns: [bob-age]",
        "concerns: [ann-bob]",
        True,
    ),
    # A claim is shown on its topic's page: the site keeps its pages, and the save is rendered in part.
    ("add a claim", "content/claims.yaml", CITED, CITED + NEW_CLAIM, True),
    ("remove a claim", "content/claims.yaml", NEW_CLAIM, "", True),
    # A person has a page of their own: the site's pages change, which takes a full build.
    ("add a person", "content/people.yaml", "people:\n", "people:\n  - id: cal\n    name: Cal Example\n", False),
    ("remove a person", "content/people.yaml", "  - id: cal\n    name: Cal Example\n", "", False),
    ("reword a hand-written page", "docs/index.md", "# Tiny", "# Tiny, edited", False),
]


@pytest.fixture
def projects(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    monkeypatch.setenv("NO_MKDOCS_2_WARNING", "1")
    served = make_project(tmp_path / "served", {"disagreements.yaml": DISAGREEMENT})
    copy = make_project(tmp_path / "copy", {"disagreements.yaml": DISAGREEMENT})
    return served, copy


def test_every_save_gives_the_full_builds_site(
    projects: tuple[Path, Path], tmp_path: Path, caplog: pytest.LogCaptureFixture, serve: Serve
) -> None:
    served, copy = projects
    caplog.set_level(logging.INFO, logger="mkdocs.plugins.explainer")
    serving = serve(served, tmp_path / "site")
    for number, (what, name, old, new, in_part) in enumerate(EDITS):
        rendered = save_in_both(serving, copy, caplog, name, old, new)
        fresh = tmp_path / f"fresh-{number}"
        fresh_build(copy, fresh)
        assert differences(serving.site, fresh) == [], what
        if in_part:
            assert len(rendered) == 1 and 0 < rendered[0][0] < rendered[0][1], (what, rendered)
        else:
            assert rendered == [], what  # a full build


def test_a_save_with_errors_keeps_the_last_good_site_and_the_next_good_save_is_whole(
    projects: tuple[Path, Path], tmp_path: Path, caplog: pytest.LogCaptureFixture, serve: Serve
) -> None:
    served, copy = projects
    serving = serve(served, tmp_path / "site")
    before = files_of(serving.site)
    edit(served, "content/claims.yaml", "about: [ann, bob]", "about: [ann, bobb]")
    serving.save()
    assert files_of(serving.site) == before
    assert "EX303" in caplog.text and "still serving the last good build" in caplog.text
    edit(served, "content/claims.yaml", "about: [ann, bobb]", "about: [ann, bob]")
    # A rule of wording (a number no cited passage gives) is the full check's, which runs beside the rendering:
    # the pages rendered meanwhile are dropped, and the site stays as it was.
    caplog.clear()
    edit(served, "content/claims.yaml", "text: Ann greets Bob.", "text: Ann greets Bob 7 times.")
    serving.save()
    assert files_of(serving.site) == before
    assert "EX606" in caplog.text and "still serving the last good build" in caplog.text
    edit(served, "content/claims.yaml", "text: Ann greets Bob 7 times.", "text: Ann greets Bob.")
    edit(served, "content/claims.yaml", "text: Ann greets Bob.", "text: Ann greets Bob again.")
    edit(copy, "content/claims.yaml", "text: Ann greets Bob.", "text: Ann greets Bob again.")
    serving.save()
    fresh_build(copy, tmp_path / "fresh")
    assert differences(serving.site, tmp_path / "fresh") == []


def _copy_of_the_real_site(path: Path) -> Path:
    path.mkdir()
    for folder in ("content", "seeds", "docs"):
        shutil.copytree(ROOT / folder, path / folder)
    shutil.copy(ROOT / "mkdocs.yml", path / "mkdocs.yml")
    (path / "hooks").mkdir()
    shutil.copy(ROOT / "hooks" / "explainer_hook.py", path / "hooks" / "explainer_hook.py")
    return path


REAL_EDITS: list[tuple[str, str, str]] = [
    ("content/claims.yaml", '"all playful banter".', '"all playful banter", as reworded.'),
    ("content/people.yaml", "Actor, married to Hilaria Baldwin;", "Actor, the husband of Hilaria Baldwin;"),
]


def test_the_real_site_renders_a_reworded_record_in_part_and_exactly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, serve: Serve
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    caplog.set_level(logging.INFO, logger="mkdocs.plugins.explainer")
    served, copy = _copy_of_the_real_site(tmp_path / "served"), _copy_of_the_real_site(tmp_path / "copy")
    serving = serve(served, tmp_path / "site")
    rendered: list[tuple[int, int]] = []
    for name, old, new in REAL_EDITS:
        rendered += save_in_both(serving, copy, caplog, name, old, new)
    fresh_build(copy, tmp_path / "fresh")
    assert differences(serving.site, tmp_path / "fresh") == []
    # Worked out from the pages: the claim is shown on its topic's page, the claims index, the two articles'
    # pages that it cites, the pages of the two people it is about and of the outlet it relays, and the
    # corrections page (which names every statement a correction is about); Alec Baldwin's summary on
    # his page and on the people index.
    assert [again for again, _ in rendered] == [8, 2]
    assert len({total for _, total in rendered}) == 1 and rendered[0][1] > 100


def test_a_save_after_the_checking_process_died_is_built_in_full_and_the_next_in_part(
    projects: tuple[Path, Path], tmp_path: Path, caplog: pytest.LogCaptureFixture, serve: Serve
) -> None:
    served, copy = projects
    caplog.set_level(logging.INFO, logger="mkdocs.plugins.explainer")
    serving = serve(served, tmp_path / "site")
    hook: Any = next(p for p in serving.config.plugins.values() if hasattr(p, "_render_in_part"))
    hook._state.worker._checker.process.kill()  # as the system's out-of-memory killer would
    hook._state.worker._checker.process.wait()
    for number, (old, new) in enumerate([("Ann greets Bob.", "Ann greets Bob warmly."), ("warmly", "kindly")]):
        in_part = save_in_both(serving, copy, caplog, "content/claims.yaml", old, new)
        fresh_build(copy, tmp_path / f"fresh-{number}")
        assert differences(serving.site, tmp_path / f"fresh-{number}") == []
        assert bool(in_part) is (number == 1), caplog.text


def test_a_save_that_renames_a_page_of_the_menu_gives_the_full_builds_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, serve: Serve
) -> None:
    # A page in the menu without a title there takes its heading's, and a wiki-link in the heading shows a record's
    # name: renaming the record renames the page in every page's menu, which only a full build shows everywhere.
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    projects = []
    for name in ("served", "copy"):
        project = make_project(tmp_path / name)
        (project / "docs" / "about.md").write_text("# About [[ann]]\n\nWho greets whom.\n", encoding="utf-8")
        config = (project / "mkdocs.yml").read_text(encoding="utf-8")
        (project / "mkdocs.yml").write_text(config + "  - about.md\n", encoding="utf-8")
        projects.append(project)
    served, copy = projects
    serving = serve(served, tmp_path / "site")
    rendered = save_in_both(serving, copy, caplog, "content/people.yaml", "name: Ann Example", "name: Ann Sample")
    assert rendered == []  # a full build
    fresh_build(copy, tmp_path / "fresh")
    assert "Ann Sample" in (tmp_path / "fresh" / "people" / "bob" / "index.html").read_text(encoding="utf-8")
    assert differences(serving.site, tmp_path / "fresh") == []
