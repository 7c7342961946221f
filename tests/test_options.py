"""Options under `extra.explainer` in mkdocs.yml: validated with their place, used by build and checker alike;
a user's custom_dir overrides the engine's templates."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conftest import ROOT, make_project, run_explainer, run_mkdocs
from explainer.content.options import Options, options_table, read_options
from explainer.core.diagnostics import Report

EXPLAINER = str(Path(sys.executable).parent / "explainer")


def _with_options(project: Path, block: str) -> Path:
    with (project / "mkdocs.yml").open("a", encoding="utf-8") as config:
        config.write("extra:\n  explainer:\n" + "".join(f"    {line}\n" for line in block.splitlines()))
    return project


@pytest.mark.build
@pytest.mark.parametrize(
    ("block", "problem"),
    [
        (
            "content_dirs: data",
            "mkdocs.yml:{line}:5: error EX003 unknown-option: 'content_dirs' is not an option of extra.explainer\n    "
            "hint: did you mean 'content_dir'?",
        ),
        (
            "seeds_dir: ../elsewhere",
            "mkdocs.yml:{line}:16: error EX006 option-not-a-folder: seeds_dir '../elsewhere' must be a folder inside "
            "the project, written like 'content' or 'data/content'",
        ),
        (
            "max_seed_bytes: lots",
            "mkdocs.yml:{line}:21: error EX004 option-wrong-type: max_seed_bytes must be a whole number\n    hint: for "
            "example max_seed_bytes: 4194304",
        ),
        (
            "max_seed_bytes: 0",
            "mkdocs.yml:{line}:21: error EX005 option-out-of-range: max_seed_bytes is 0, outside 1 to 67108864\n    "
            "hint: the default is 4194304",
        ),
    ],
    ids=["unknown option", "folder outside", "not a number", "out of range"],
)
def test_bad_options_stop_build_and_check_with_their_place(tmp_path: Path, block: str, problem: str) -> None:
    project = make_project(tmp_path / "p")
    line = len((project / "mkdocs.yml").read_text(encoding="utf-8").splitlines()) + 3
    _with_options(project, block)
    expected = problem.format(line=line)
    build = run_mkdocs(project, "build", "--strict")
    assert build.returncode != 0 and expected in build.stderr
    assert not (project / "site").exists()
    check = run_explainer("check", "--root", str(project))
    assert check.returncode == 1 and expected in check.stdout


@pytest.mark.build
def test_content_and_seed_folders_move_for_build_and_check_alike(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p")
    (project / "content").rename(project / "records")
    (project / "seeds").rename(project / "articles")
    for path in (project / "records").glob("*.yaml"):
        path.write_text(path.read_text(encoding="utf-8").replace("file: seeds/", "file: articles/"), encoding="utf-8")
    _with_options(project, "content_dir: records\nseeds_dir: articles")
    check = run_explainer("check", "--root", str(project))
    assert check.returncode == 0, check.stdout + check.stderr
    build = run_mkdocs(project, "build", "--strict")
    assert build.returncode == 0, build.stderr
    assert "Reported as 40." in (project / "site" / "people" / "bob" / "index.html").read_text(encoding="utf-8")


def test_env_values_are_read_as_mkdocs_reads_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "mkdocs.yml"
    config.write_text(
        "site_name: x\nextra:\n  explainer:\n    content_dir: !ENV [EXPLAINER_TEST_CONTENT, content]\n",
        encoding="utf-8",
    )
    report = Report()
    assert read_options(config, report).content_dir == "content"
    monkeypatch.setenv("EXPLAINER_TEST_CONTENT", "records")
    assert read_options(config, report).content_dir == "records"
    assert report.items == []


def test_every_option_is_documented_on_the_editors_page() -> None:
    page = (ROOT / "docs" / "how-to-edit.md").read_text(encoding="utf-8")
    for name, default, doc in options_table():
        assert f"| `{name}` | `{default}` | {doc} |" in page
    assert Options().content_dir == "content"


@pytest.mark.build
def test_a_custom_dir_overrides_engine_templates_and_theme_partials(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p")
    (project / "overrides" / "explainer").mkdir(parents=True)
    (project / "overrides" / "explainer" / "person.html").write_text(
        "<h1>{{ person.name }}</h1><p>OUR OWN PERSON PAGE</p>\n", encoding="utf-8"
    )
    (project / "overrides" / "main.html").write_text(
        '{% extends "base.html" %}\n{% block extrahead %}<meta name="ours" content="yes">{% endblock %}\n',
        encoding="utf-8",
    )
    config = project / "mkdocs.yml"
    config.write_text(
        config.read_text(encoding="utf-8").replace("  font: false\n", "  font: false\n  custom_dir: overrides\n"),
        encoding="utf-8",
    )
    build = run_mkdocs(project, "build", "--strict")
    assert build.returncode == 0, build.stderr
    bob = (project / "site" / "people" / "bob" / "index.html").read_text(encoding="utf-8")
    assert "OUR OWN PERSON PAGE" in bob
    assert '<meta name="ours" content="yes">' in bob  # the user's main.html wins over the engine's


# Each limit lowered below what one file of a tiny site needs: that file alone fails, with its place.
CLAIM = (
    "claims:\n  - id: {id}\n    topic: general\n    text: {text}\n"
    "    citations: [{{source: tiny, quote: Ann Example}}]\n{more}"
)
LOWERED = {
    "max_file_bytes": (
        3000,
        "big.yaml",
        "# " + "padding " * 400 + "\nclaims: []\n",
        "content/big.yaml:1:1: error EX104 file-too-large: file is 3214 bytes, more than the limit of 3000",
    ),
    "max_depth": (
        8,
        "deep.yaml",
        CLAIM.format(id="deep", text="Deep.", more="    about: [[[[[[bob]]]]]]\n"),
        "content/deep.yaml:6:17: error EX111 too-deep: nesting deeper than 8 levels",
    ),
    "max_key_chars": (
        10,
        "key.yaml",
        CLAIM.format(id="key", text="Key.", more="    occurrences: 1\n"),
        "content/key.yaml:6:5: error EX113 key-too-long: key is 11 characters long, more than the limit of 10",
    ),
    "max_number_chars": (
        3,
        "number.yaml",
        CLAIM.format(id="number", text="Number.", more="    sequence: 1234\n"),
        "content/number.yaml:6:15: error EX112 number-too-long: number is 4 characters long, more than the limit of 3",
    ),
    "max_text_chars": (
        30,
        "text.yaml",
        CLAIM.format(id="long-text", text="Ann greets Bob, and Bob greets Ann.", more=""),
        "content/text.yaml:4:11: error EX206 text-too-long: text is 35 characters, more than the limit of 30",
    ),
    "max_id_chars": (
        12,
        "id.yaml",
        CLAIM.format(id="a-rather-long-id", text="Id.", more=""),
        "content/id.yaml:2:9: error EX206 text-too-long: text is 16 characters, more than the limit of 12",
    ),
}


@pytest.mark.build
def test_lowered_limits_stop_build_and_check_at_the_file_that_passes_them(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p")
    _with_options(project, "\n".join(f"{name}: {value}" for name, (value, *_) in LOWERED.items()))
    for _, name, text, _ in LOWERED.values():
        (project / "content" / name).write_text(text, encoding="utf-8")
    check = run_explainer("check", "--root", str(project))
    build = run_mkdocs(project, "build", "--strict")
    reported = [line for line in check.stdout.splitlines() if ": error EX" in line]
    assert reported == sorted(expected for *_, expected in LOWERED.values()), check.stdout
    assert check.returncode == 1
    assert build.returncode != 0 and not (project / "site").exists()
    for *_, expected in LOWERED.values():
        assert expected in build.stderr


def test_the_site_s_own_files_pass_within_the_defaults() -> None:
    # The defaults are today's limits: the real content is well within each.
    defaults = Options()
    assert (defaults.max_file_bytes, defaults.max_depth, defaults.max_key_chars, defaults.max_number_chars) == (
        2 * 1024 * 1024,
        32,
        100,
        100,
    )
    assert (defaults.max_text_chars, defaults.max_id_chars, defaults.max_seed_bytes) == (20_000, 80, 4 * 1024 * 1024)
    assert max(p.stat().st_size for p in (ROOT / "content").glob("*.yaml")) < defaults.max_file_bytes // 10
