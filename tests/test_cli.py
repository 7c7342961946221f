"""`explainer check`: output formats and exit codes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import make_project

BAD_CLAIMS = """\
claims:
  - id: ann-greets
    topic: general
    text: Ann greets Bob.
    colour: red
    citations:
      - source: tiny
        quote: said goodbye to Bob
"""


def run_check(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "explainer.cli", "check", "--root", str(project), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_clean_project_exits_zero(tiny_project: Path) -> None:
    result = run_check(tiny_project)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "0 errors, 0 warnings\n")


def test_text_format(tmp_path: Path) -> None:
    result = run_check(make_project(tmp_path / "p", {"claims.yaml": BAD_CLAIMS}, docs_index="# T\n"))
    assert result.returncode == 1
    assert result.stdout == (
        "content/claims.yaml:5:5: error EX212 unknown-key: unknown key 'colour' in claim\n"
        "    hint: allowed keys: id, topic, text, attribution, about, event, organizations, citations\n"
        'content/claims.yaml:8:16: error EX408 passage-not-found: passage not found in tiny.txt: "said goodbye to '
        'Bob"\n'
        '    hint: closest passage in tiny.txt: "said “hello there” to Bob"\n'
    )
    assert result.stderr == "2 errors, 0 warnings\n"


def test_github_format(tmp_path: Path) -> None:
    result = run_check(
        make_project(tmp_path / "p", {"claims.yaml": BAD_CLAIMS}, docs_index="# T\n"), "--format", "github"
    )
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "::error file=content/claims.yaml,line=5,col=5,title=EX212 unknown-key::unknown key 'colour' in claim (hint: "
        "allowed keys: id, topic, text, attribution, about, event, organizations, citations)",
        "::error file=content/claims.yaml,line=8,col=16,title=EX408 passage-not-found::passage not found in tiny.txt: "
        '"said goodbye to Bob" '
        '(hint: closest passage in tiny.txt: "said “hello there” to Bob")',
    ]


def test_usage_error_exits_two() -> None:
    result = subprocess.run([sys.executable, "-m", "explainer.cli", "frobnicate"], capture_output=True, text=True)
    assert result.returncode == 2
