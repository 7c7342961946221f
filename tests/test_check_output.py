"""`explainer check` output, asserted exactly in text and github formats, for each kind of editor mistake."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import TINY_CLAIM, TINY_SEED, make_project

CLAIM = TINY_CLAIM

CASES = {
    "unknown key": (
        {"claims.yaml": CLAIM.replace("    text: Ann greets Bob.\n", "    text: Ann greets Bob.\n    txt: again\n")},
        [
            (
                "content/claims.yaml",
                5,
                5,
                "error",
                "EX212 unknown-key",
                "unknown key 'txt' in claim",
                "did you mean 'text'? allowed keys: id, topic, text, attribution, about, event, organizations, "
                "citations",
            )
        ],
    ),
    "wrong type": (
        {"claims.yaml": CLAIM.replace("    topic: general\n", "    topic: general\n    about: ann\n")},
        [
            (
                "content/claims.yaml",
                4,
                12,
                "error",
                "EX204 wrong-type",
                "expected a list, found text",
                "start each item on its own line with '- '",
            )
        ],
    ),
    "unknown reference": (
        {"claims.yaml": CLAIM.replace("    topic: general\n", "    topic: general\n    about: [anne]\n")},
        [
            (
                "content/claims.yaml",
                4,
                13,
                "error",
                "EX303 unknown-reference",
                "unknown person 'anne'",
                "did you mean 'ann'?",
            )
        ],
    ),
    "duplicate id": (
        {"claims.yaml": CLAIM.replace("id: ann-greets", "id: bob-age")},
        [
            (
                "content/claims.yaml",
                2,
                9,
                "error",
                "EX302 duplicate-id",
                "duplicate id 'bob-age'",
                "already used by a person-fact at content/people.yaml:14:13; ids must be unique across all content",
            )
        ],
    ),
    "quote not in seed": (
        {"claims.yaml": CLAIM.replace('said "hello there" to Bob', 'said "hello" to Bob')},
        [
            (
                "content/claims.yaml",
                7,
                16,
                "error",
                "EX408 passage-not-found",
                'passage not found in tiny.txt: "said "hello" to Bob"',
                'closest passage in tiny.txt: "said “hello there” to Bob"',
            )
        ],
    ),
    "ambiguous quote": (
        {"claims.yaml": CLAIM.replace('said "hello there" to Bob', "Bob Example")},
        [
            (
                "content/claims.yaml",
                7,
                16,
                "error",
                "EX411 ambiguous-passage",
                "ambiguous passage: it occurs 2 times in tiny.txt",
                "add 'prefix:' or 'suffix:' with a few words around the one you mean, or 'occurrence: N'",
            )
        ],
    ),
    "missing citations": (
        {"claims.yaml": CLAIM.split("    citations:")[0]},
        [
            (
                "content/claims.yaml",
                2,
                5,
                "error",
                "EX213 missing-key",
                "claim is missing the required key 'citations'",
                "add 'citations:' (passages that support it)",
            )
        ],
    ),
}


def run_check(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "explainer.cli", "check", "--root", str(project), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


Problem = tuple[str, int, int, str, str, str, str]  # path, line, column, level, code and name, message, hint


def as_text(problems: list[Problem]) -> str:
    return "".join(
        f"{path}:{line}:{col}: {sev} {code}: {msg}\n    hint: {hint}\n"
        for path, line, col, sev, code, msg, hint in problems
    )


def as_github(problems: list[Problem]) -> str:
    return "".join(
        f"::{sev} file={path},line={line},col={col},title={code}::{msg} (hint: {hint})\n"
        for path, line, col, sev, code, msg, hint in problems
    )


def summary(problems: list[Problem]) -> tuple[int, int]:
    errors = sum(1 for p in problems if p[3] == "error")
    return errors, len(problems) - errors


@pytest.mark.parametrize("case", CASES)
def test_text_output(tmp_path: Path, case: str) -> None:
    files, problems = CASES[case]
    result = run_check(make_project(tmp_path / "p", files, docs_index="# T\n"))
    errors, warnings = summary(problems)
    assert (result.returncode, result.stdout) == (1, as_text(problems))
    assert (
        result.stderr
        == f"{errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''}\n"
    )


@pytest.mark.parametrize("case", CASES)
def test_github_output(tmp_path: Path, case: str) -> None:
    files, problems = CASES[case]
    result = run_check(make_project(tmp_path / "p", files, docs_index="# T\n"), "--format", "github")
    assert (result.returncode, result.stdout) == (1, as_github(problems))


def changed_seed_project(tmp_path: Path) -> Path:
    """A locked project whose seed then changes: two citations break, one moves."""
    project = make_project(tmp_path / "p", docs_index="# T\n")
    sources = project / "content" / "sources.yaml"
    digest = hashlib.sha256(TINY_SEED.encode("utf-8")).hexdigest()
    sources.write_text(
        sources.read_text(encoding="utf-8").replace("    title: A Tiny", f"    sha256: {digest}\n    title: A Tiny"),
        encoding="utf-8",
    )
    assert (
        subprocess.run(
            [sys.executable, "-m", "explainer.cli", "lock", "--root", str(project)], capture_output=True
        ).returncode
        == 0
    )
    changed = TINY_SEED.replace("Bob Example, 40, replied", "Later, Bob Example, 40, replied").replace(
        "“hello there”", "“hi”"
    )
    (project / "seeds" / "tiny.txt").write_text(changed, encoding="utf-8")
    return project


CHANGED_SEED = [
    (
        "content/claims.yaml",
        8,
        16,
        "error",
        "EX407 citation-broke",
        'citation broke: the changed seed tiny.txt no longer contains "said "hello there" to Bob" (it was at 29-54)',
        'closest passage in tiny.txt: "said “hi” to Bob"',
    ),
    (
        "content/people.yaml",
        10,
        20,
        "error",
        "EX407 citation-broke",
        'citation broke: the changed seed tiny.txt no longer contains "Ann Example said “hello there” to Bob Example" '
        "(it was at 17-62)",
        'closest passage in tiny.txt: "Ann Example said “hi” to Bob Example"',
    ),
    (
        "content/people.yaml",
        18,
        20,
        "warning",
        "EX413 citation-moved",
        "citation moved in the changed seed tiny.txt: from 75-91 to 73-89",
        "check that the passage still supports the statement",
    ),
]


def test_changed_seed_lists_every_moved_and_broken_citation(tmp_path: Path) -> None:
    project = changed_seed_project(tmp_path)
    result = run_check(project)
    digest = hashlib.sha256((project / "seeds" / "tiny.txt").read_bytes()).hexdigest()
    seed_changed = (
        "content/sources.yaml",
        4,
        13,
        "error",
        "EX406 seed-changed",
        f"seed 'seeds/tiny.txt' has changed: its SHA-256 is {digest}",
        "seeds are evidence and never edited; if the change is deliberate, review every citation of this seed "
        "reported as moved or broken, then update sha256 and run `explainer lock`",
    )
    assert (result.returncode, result.stdout, result.stderr) == (
        1,
        as_text([*CHANGED_SEED, seed_changed]),
        "3 errors, 1 warning\n",
    )
    assert run_check(project, "--format", "github").stdout == as_github([*CHANGED_SEED, seed_changed])
