"""Hostile files: links, pipes and look-alike outputs in a pull request are refused, and no failure loses the site.

The attacks: a symbolic link among the hand-written pages' files that points at the build machine's files
(the checkout's `.git/config`, which holds the job's token while CI runs, or `/proc/self/environ`), published
with the site; `content/` or `docs/` themselves links; a linked folder that hides records; a hand-written file
placed where a generated page or file is published; a build error raised after MkDocs cleaned `site/`, which
left it empty; a broken citation lock silently taken for none; files the CLI writes left half-written.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import make_project, run_mkdocs
from explainer.core import atomic
from explainer.evidence.pipeline import Layout, check

SECRET = "ghp_the-job-token-0123456789"


def found(project: Path) -> list[str]:
    _, diagnostics = check(Layout(project))
    return [f"{d.pos}: {d.code}: {d.message}" for d in diagnostics]


def secret_file(tmp_path: Path) -> Path:
    # Stands for the checkout's .git/config while CI runs: a file outside the project the build can read.
    path = tmp_path / "outside" / "config"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f'[http]\n\textraheader = "AUTHORIZATION: basic {SECRET}"\n', encoding="utf-8")
    return path


def site_text(site: Path) -> str:
    return "".join(p.read_text(encoding="utf-8", errors="replace") for p in site.rglob("*") if p.is_file())


# ---- links out of the project ---------------------------------------------------------------------------


@pytest.mark.build
@pytest.mark.parametrize("name", ["logo.png", "assets/style.css", "downloads/notes.txt", ".well-known/x.txt"])
def test_a_linked_file_among_the_pages_files_is_refused_and_never_published(tmp_path: Path, name: str) -> None:
    project = make_project(tmp_path / "p")
    link = project / "docs" / name
    link.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(secret_file(tmp_path), link)
    assert found(project) == [
        f"docs/{name}:1:1: EX505 link-in-docs: docs/{name} is a symbolic link; it would be published with the site"
    ]
    result = run_mkdocs(project, "build", "--strict")
    assert result.returncode == 1 and "EX505 link-in-docs" in result.stderr and "Traceback" not in result.stderr
    assert not (project / "site").exists()


def test_links_to_the_process_environment_and_to_nowhere_are_refused(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p")
    os.symlink("/proc/self/environ", project / "docs" / "env.txt")
    os.symlink(project / "missing", project / "docs" / "dangling.txt")
    assert found(project) == [
        "docs/dangling.txt:1:1: EX505 link-in-docs: docs/dangling.txt is a symbolic link; it would be published "
        "with the site",
        "docs/env.txt:1:1: EX505 link-in-docs: docs/env.txt is a symbolic link; it would be published with the site",
    ]


@pytest.mark.build
def test_a_linked_folder_among_the_pages_is_refused(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p")
    secret_file(tmp_path)
    os.symlink(tmp_path / "outside", project / "docs" / "more")
    assert found(project) == [
        "docs/more:1:1: EX505 link-in-docs: docs/more is a symbolic link; it would be published with the site"
    ]
    result = run_mkdocs(project, "build", "--strict")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert not (project / "site").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_pipe_among_the_pages_files_is_refused(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p")
    os.mkfifo(project / "docs" / "feed.xml")  # read in full, it would wait for a writer forever
    assert found(project) == [
        "docs/feed.xml:1:1: EX505 link-in-docs: docs/feed.xml is a named pipe; it would be published with the site"
    ]


@pytest.mark.build
def test_docs_that_is_itself_a_link_is_refused_not_read(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", docs_index="# Tiny\n\nSee [[nobody]].\n")
    os.rename(project / "docs", tmp_path / "real-docs")
    os.symlink(tmp_path / "real-docs", project / "docs")
    # Only the link is reported: the pages behind it (with their broken wiki-link) are not read.
    assert found(project) == ["docs:1:1: EX505 link-in-docs: the folder docs/ is a symbolic link"]
    result = run_mkdocs(project, "build", "--strict")
    assert result.returncode == 1 and "EX505 link-in-docs" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.build
def test_content_that_is_itself_a_link_is_refused_not_read(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", docs_index="# T\n")
    os.rename(project / "content", tmp_path / "real-content")
    os.symlink(tmp_path / "real-content", project / "content")
    assert found(project) == [
        "content:1:1: EX103 unreadable-file: the content folder content/ is a symbolic link",
    ]
    result = run_mkdocs(project, "build", "--strict")
    assert result.returncode == 1 and "EX103 unreadable-file" in result.stderr and "Traceback" not in result.stderr


def test_a_linked_folder_of_records_is_refused_not_skipped(tmp_path: Path) -> None:
    # A link to a folder of records elsewhere: neither read (they could be anything) nor silently left out.
    project = make_project(tmp_path / "p", docs_index="# T\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "more.yaml").write_text("claims: []\n", encoding="utf-8")
    os.symlink(elsewhere, project / "content" / "more")
    assert found(project) == ["content/more:1:1: EX103 unreadable-file: content/more is a symbolic link"]


def test_the_workflows_check_out_without_keeping_the_token(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parent.parent
    workflows = [*(root / ".github" / "workflows").glob("*.yml")]
    workflows += (root / "hooks" / "explainer" / "scaffold" / "files" / "github" / "workflows").glob(
        "*.yml.jinja"
    )  # new projects'
    assert len(workflows) == 4
    for workflow in sorted(workflows):
        text = workflow.read_text(encoding="utf-8")
        assert text.count("uses: actions/checkout@") == text.count("persist-credentials: false"), workflow.name


# ---- hand-written files where generated ones go ---------------------------------------------------------


@pytest.mark.build
@pytest.mark.parametrize(
    ("written", "published", "generated"),
    [
        ("people/ann/index.html", "people/ann/index.html", "page people/ann.md"),
        ("people/ann.md", "people/ann/index.html", "page people/ann.md"),
        ("data/explainer.json", "data/explainer.json", "file data/explainer.json"),
        ("data/seeds/tiny.txt", "data/seeds/tiny.txt", "file data/seeds/tiny.txt"),
        ("robots.txt", "robots.txt", "file robots.txt"),
    ],
)
def test_a_hand_written_file_at_a_generated_output_is_an_error_naming_both(
    tmp_path: Path, written: str, published: str, generated: str
) -> None:
    project = make_project(tmp_path / "p")
    target = project / "docs" / written
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("# Mine\n" if written.endswith(".md") else "mine", encoding="utf-8")
    result = run_mkdocs(project, "build", "--strict")
    assert result.returncode == 1
    assert (
        f"docs/{written} would be published at {published}, where the site's generated {generated} goes; rename or "
        "remove it" in result.stderr
    )
    assert "Traceback" not in result.stderr
    assert not (project / "site").exists()


# ---- no failure loses the site -------------------------------------------------------------------------


def snapshot(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


@pytest.fixture
def built(tmp_path: Path) -> Path:
    project = make_project(tmp_path / "p")
    result = run_mkdocs(project, "build", "--strict")
    assert result.returncode == 0, result.stderr
    (project / "site" / ".git").write_text("gitdir: elsewhere\n", encoding="utf-8")  # a publishing checkout's
    return project


@pytest.mark.build
@pytest.mark.parametrize(
    ("what", "change"),
    [
        ("a page collision after the site was cleaned", lambda p: (p / "docs" / "timeline.md").write_text("# Mine\n")),
        (
            "a dangling link, a warning --strict stops on",
            lambda p: (p / "docs" / "more.md").write_text("[x](nowhere.md)\n"),
        ),
        ("a content error", lambda p: (p / "content" / "claims.yaml").write_text("claims: [\n")),
    ],
)
def test_a_failed_build_leaves_the_last_good_site_as_it_was(built: Path, what: str, change: object) -> None:
    before = snapshot(built / "site")
    change(built)  # type: ignore[operator]
    result = run_mkdocs(built, "build", "--strict")
    assert result.returncode == 1, what
    assert snapshot(built / "site") == before, what
    assert [p.name for p in built.iterdir() if ".building-" in p.name or ".old-" in p.name] == []


@pytest.mark.build
def test_a_good_build_replaces_the_site_whole_and_keeps_its_hidden_files(built: Path) -> None:
    (built / "site" / "stale.html").write_text("from an old build", encoding="utf-8")
    claims = built / "content" / "claims.yaml"
    claims.write_text(claims.read_text(encoding="utf-8").replace("Ann greets Bob.", "Ann hails Bob."), encoding="utf-8")
    result = run_mkdocs(built, "build", "--strict")
    assert result.returncode == 0, result.stderr
    site = built / "site"
    assert "Ann hails Bob." in (site / "claims" / "general" / "index.html").read_text(encoding="utf-8")
    assert not (site / "stale.html").exists()  # as MkDocs' own clean would remove it
    assert (site / ".git").read_text(encoding="utf-8") == "gitdir: elsewhere\n"  # as MkDocs' clean keeps it
    assert oct(site.stat().st_mode & 0o777) != oct(0o700)  # not the private mode of a temporary folder
    assert [p.name for p in built.iterdir() if ".building-" in p.name or ".old-" in p.name] == []


# ---- a broken lock is an error --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ('{"sources": {"tiny": ', "citations.lock.json:1:22: EX417 broken-lock: citations.lock.json is not JSON: "),
        ("[]", "citations.lock.json:1:1: EX417 broken-lock: citations.lock.json is not a lock as `explainer lock`"),
        ('{"sources": {"tiny": {"citations": {"x": [1]}}}}', "citations.lock.json:1:1: EX417 broken-lock: "),
        ("\xff", "citations.lock.json:1:1: EX417 broken-lock: citations.lock.json cannot be read: "),
    ],
    ids=["cut short", "not an object", "a span of one number", "not UTF-8"],
)
def test_a_broken_lock_is_an_error_not_taken_for_none(tmp_path: Path, data: str, expected: str) -> None:
    project = make_project(tmp_path / "p", docs_index="# T\n")
    (project / "citations.lock.json").write_bytes(data.encode("latin-1"))
    problems = found(project)
    assert len(problems) == 1 and problems[0].startswith(expected), problems


def test_a_lock_that_is_a_link_is_refused(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", docs_index="# T\n")
    os.symlink(secret_file(tmp_path), project / "citations.lock.json")
    assert found(project) == [
        "citations.lock.json:1:1: EX417 broken-lock: citations.lock.json is not read: citations.lock.json is a "
        "symbolic link"
    ]


# ---- what the CLI writes, it writes whole ---------------------------------------------------------------


def test_an_interrupted_write_leaves_the_file_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "citations.lock.json"
    target.write_text("the old lock\n", encoding="utf-8")

    def fail(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", fail)
    with pytest.raises(OSError):
        atomic.write_atomically(target, "the new lock\n" * 1000)
    assert target.read_text(encoding="utf-8") == "the old lock\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["citations.lock.json"]  # no temporary file left


def test_lock_and_schema_write_through_a_temporary_file(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", docs_index="# T\n")
    explainer = [sys.executable, "-m", "explainer.cli"]
    lock = subprocess.run([*explainer, "lock", "--root", str(project)], capture_output=True, text=True, timeout=60)
    assert lock.returncode == 0, lock.stderr
    schema = project / "schemas" / "content.schema.json"
    out = subprocess.run([*explainer, "schema", "--output", str(schema)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert schema.read_text(encoding="utf-8").startswith("{")
    assert (project / "citations.lock.json").read_text(encoding="utf-8").startswith("{")
    leftovers = [p.name for p in [*project.iterdir(), *schema.parent.iterdir()] if p.name.endswith(".tmp")]
    assert leftovers == []
    assert found(project) == []  # the lock it wrote is read back as a lock


def test_check_reads_the_pages_from_the_docs_dir_the_build_reads(tmp_path: Path) -> None:
    # With docs_dir: pages, a broken wiki-link in pages/ fails the build: the check must say so, not "0 errors".
    project = make_project(tmp_path / "p", docs_index="# Tiny\n\nSee [[nobody]].\n")
    os.rename(project / "docs", project / "pages")
    config = project / "mkdocs.yml"
    config.write_text("docs_dir: pages\n" + config.read_text(encoding="utf-8"), encoding="utf-8")
    explainer = [sys.executable, "-m", "explainer.cli", "check", "--root", str(project)]
    result = subprocess.run(explainer, capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert result.stdout.startswith("pages/index.md:3:5: error EX503 unknown-wiki-link")
    config.write_text(config.read_text(encoding="utf-8").replace("docs_dir: pages", "docs_dir: ../elsewhere"))
    result = subprocess.run(explainer, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "docs_dir is not a folder inside the project" in result.stderr


def test_the_site_words_file_is_not_read_through_a_linked_folder(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", docs_index="# T\n")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "words.yaml").write_text("common: {}\n", encoding="utf-8")
    os.symlink(tmp_path / "outside", project / "words")
    with (project / "mkdocs.yml").open("a", encoding="utf-8") as config:
        config.write("extra:\n  explainer:\n    words: words/words.yaml\n")
    assert found(project) == [
        "words/words.yaml:1:1: EX103 unreadable-file: the file is not read: words is a symbolic link"
    ]


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("x\n::error::forged.md", "x\\n::error::forged.md"),
        ("##[add-mask]secret.png", "#\\x23[add-mask]secret.png"),
        ("a\x1b[2Jb.md", "a\\x1b[2Jb.md"),
        ("gpj.\u202eexe.md", "gpj.\\u202eexe.md"),
    ],
)
def test_a_file_under_docs_whose_name_cannot_be_printed_is_refused(tmp_path: Path, name: str, shown: str) -> None:
    project = make_project(tmp_path / "p", docs_index="# T\n")
    (project / "docs" / name).write_text("# Notes\n", encoding="utf-8")
    assert [p for p in found(project) if " EX506 " in p] == [
        f"docs/{shown}:1:1: EX506 unprintable-docs-name: the file's name holds characters that cannot be printed as "
        "they are (shown escaped here)"
    ]
