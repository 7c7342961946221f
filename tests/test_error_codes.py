"""Stable error codes: the registry (the package explainer/core/codes/) against what the checker really reports.

Every code's example, checked, yields exactly that code at the line and column it states; every code
is among them; nothing in the library reports a problem without a registered code; the docs name codes
that exist; and the formats of `explainer check` (text, github, json, sarif, markdown) carry them.
"""

from __future__ import annotations

import ast
import contextlib
import html
import io
import json
import os
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import explainer.cli as cli
from conftest import ROOT
from explainer.core import codes
from explainer.core.diagnostics import Code, Severity, Step

LIBRARY = ROOT / "hooks" / "explainer"
CATALOGUE = LIBRARY / "core" / "codes"
MULTITOOL_PACKAGE = ROOT / "node_modules" / "@microsoft" / "sarif-multitool-linux"
SARIF_SCHEMA = MULTITOOL_PACKAGE / "sarif-2.1.0.json"
MULTITOOL = MULTITOOL_PACKAGE / "Sarif.Multitool"


def write_files(root: Path, files: dict[str, str | bytes]) -> None:
    for path, text in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))


def example_project(root: Path, code: Code) -> Path:
    """The example project with the code's example applied (see Example's docstring)."""
    example = code.example
    files: dict[str, str | bytes] = {**codes.EXAMPLE_PROJECT, **example.also}
    if example.link_to is None:
        data = example.text if isinstance(example.text, bytes) else example.text.encode("utf-8")
        if example.padding:
            line = b"# " + b"-" * 77 + b"\n"
            data += line * ((example.padding - len(data)) // len(line) + 1)
        files[example.file] = data
    else:
        files.pop(example.file, None)
    write_files(root, files)
    if example.link_to is not None:
        (root / example.file).parent.mkdir(parents=True, exist_ok=True)
        os.symlink(example.link_to, root / example.file)
    return root


def run_cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(list(args))
    return status, out.getvalue(), err.getvalue()


def check_example(tmp_path: Path, code: Code, output_format: str = "json") -> tuple[int, str, str]:
    project = example_project(tmp_path / "current", code)
    args = ["check", "--root", str(project), "--format", output_format]
    if code.example.base is not None:
        base = tmp_path / "base"
        write_files(base, {**codes.EXAMPLE_PROJECT, **code.example.base})
        args += ["--base", str(base)]
    return run_cli(*args)


# ---- the registry -------------------------------------------------------------------------------


def test_codes_and_names_are_unique_well_formed_and_numbered_by_step() -> None:
    assert len({c.code for c in codes.CODES}) == len({c.name for c in codes.CODES}) == len(codes.CODES)
    steps = list(Step)
    for code in codes.CODES:
        assert re.fullmatch(r"EX\d{3}", code.code) and re.fullmatch(r"[a-z]+(?:-[a-z]+)*", code.name), code
        assert int(code.code[2]) == steps.index(code.step), f"{code}: the hundreds say the step"
        assert code.summary.endswith(".") and code.fix.endswith(".") and "\n" not in code.summary, code
    assert [c.code for c in codes.CODES] == sorted(c.code for c in codes.CODES), "declared in the order of their codes"
    assert set(codes.STEPS) == set(Step)


def test_each_step_module_declares_its_steps_codes_in_the_order_of_the_registry() -> None:
    # The order of CODES is the order of the error-codes page and of the SARIF rules: the step modules in
    # the pipeline's order, each in the order of its codes.
    assert list(codes.STEP_MODULES) == list(Step)
    declared = []
    for step, module in codes.STEP_MODULES.items():
        assert module.__name__ == f"explainer.core.codes.{step.value}"
        own = [value for value in vars(module).values() if isinstance(value, Code)]
        assert own and all(code.step is step for code in own), module.__name__
        assert [c.code for c in own] == sorted(c.code for c in own), module.__name__
        declared += own
    assert tuple(declared) == codes.CODES


def _library_calls() -> list[tuple[str, int, str, ast.expr | None]]:
    """(file, line, callee, first argument) of every call that reports or carries a diagnostic."""
    reporting = {"error", "warning", "add"}
    carriers = {"Diagnostic", "SeedError", "_Refused", "CountFinding"}
    found = []
    for path in sorted(LIBRARY.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if (
                isinstance(func, ast.Attribute)
                and func.attr in reporting
                and ast.unparse(func.value).endswith("report")
            ):
                name = ast.unparse(func)
            elif isinstance(func, ast.Name) and func.id in carriers:
                name = func.id
            else:
                continue
            found.append((path.name, node.lineno, name, node.args[0] if node.args else None))
    return found


def test_every_report_in_the_library_passes_a_registered_code() -> None:
    calls = _library_calls()
    assert len(calls) > 90
    for path, line, callee, first in calls:
        where = f"{path}:{line}: {callee}"
        assert first is not None, where
        text = ast.unparse(first)
        if text.startswith("codes."):
            assert isinstance(getattr(codes, text.removeprefix("codes."), None), Code), (
                f"{where}: {text} is not in the registry"
            )
        else:  # handed on: the code an exception, a finding, a list of problems or a kind's declaration carries
            assert text in ("code", "exc.code", "finding.code", "undisputable.code"), f"{where}: {text} is no code"
    assert not [
        n
        for n in ast.walk(ast.parse((LIBRARY / "core" / "diagnostics.py").read_text()))
        if isinstance(n, ast.Call) and ast.unparse(n.func) == "Code"
    ]
    made_elsewhere = [
        p.name
        for p in LIBRARY.rglob("*.py")
        if not p.is_relative_to(CATALOGUE) and re.search(r"\bCode\(", p.read_text(encoding="utf-8"))
    ]
    assert made_elsewhere == [], "codes are declared in core/codes/ only"


def test_every_registered_code_is_reported_somewhere_in_the_library() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in LIBRARY.rglob("*.py") if not p.is_relative_to(CATALOGUE))
    constants = {name for name, value in vars(codes).items() if isinstance(value, Code)}
    assert {name for name in constants if f"codes.{name}" not in source} == set()


@pytest.mark.parametrize("code", codes.CODES, ids=[str(c) for c in codes.CODES])
def test_each_example_yields_its_code_at_its_place(tmp_path: Path, code: Code) -> None:
    status, out, _ = check_example(tmp_path, code)
    found = json.loads(out)["diagnostics"]
    example = code.example
    assert {
        "code": code.code,
        "name": code.name,
        "severity": code.severity.value,
        "file": example.reported_file,
        "line": example.line,
        "column": example.column,
    } in [{k: d[k] for k in ("code", "name", "severity", "file", "line", "column")} for d in found], found
    assert sorted(d["code"] for d in found) == sorted([code.code, *example.along]), found
    assert all(codes.BY_CODE[d["code"]].name == d["name"] for d in found)
    assert status == (1 if any(d["severity"] == "error" for d in found) else 0)


def test_the_example_project_itself_has_nothing_to_report(tmp_path: Path) -> None:
    write_files(tmp_path, dict(codes.EXAMPLE_PROJECT))
    assert run_cli("check", "--root", str(tmp_path), "--format", "json")[:2] == (
        0,
        json.dumps({"version": 1, "diagnostics": [], "summary": {"errors": 0, "warnings": 0}}, indent=2) + "\n",
    )


# ---- the formats --------------------------------------------------------------------------------

UNKNOWN = codes.UNKNOWN_REFERENCE  # content/claims.yaml:5:18, unknown person 'bobby'


def test_text_and_github_output_carry_the_code(tmp_path: Path) -> None:
    status, out, err = check_example(tmp_path / "text", UNKNOWN, "text")
    assert (status, out, err) == (
        1,
        "content/claims.yaml:5:18: error EX303 unknown-reference: unknown person 'bobby'\n    hint: did you mean "
        "'bob'?\n",
        "1 error, 0 warnings\n",
    )
    status, out, err = check_example(tmp_path / "github", UNKNOWN, "github")
    assert (status, out) == (
        1,
        "::error file=content/claims.yaml,line=5,col=18,title=EX303 unknown-reference::unknown person 'bobby' (hint: "
        "did you mean 'bob'?)\n",
    )
    assert err == "::notice::explainer check: 1 error, 0 warnings\n"


def test_json_output_has_the_documented_shape(tmp_path: Path) -> None:
    status, out, err = check_example(tmp_path, UNKNOWN)
    assert status == 1 and err == "1 error, 0 warnings\n"
    assert json.loads(out) == {
        "version": 1,
        "diagnostics": [
            {
                "code": "EX303",
                "name": "unknown-reference",
                "severity": "error",
                "file": "content/claims.yaml",
                "line": 5,
                "column": 18,
            }
            | {"message": "unknown person 'bobby'", "hint": "did you mean 'bob'?"}
        ],
        "summary": {"errors": 1, "warnings": 0},
    }


def test_a_warning_alone_keeps_exit_code_0_in_every_format(tmp_path: Path) -> None:
    for output_format in cli.CHECK_FORMATS:
        assert check_example(tmp_path / output_format, codes.UNUSED_NAME, output_format)[0] == 0


def _sarif(tmp_path: Path, code: Code, mkdocs: str | None = None) -> dict[str, Any]:
    project = example_project(tmp_path / "p", code)
    if mkdocs is not None:
        (project / "mkdocs.yml").write_text(mkdocs, encoding="utf-8")
    status, out, _ = run_cli("check", "--root", str(project), "--format", "sarif")
    found = [code, *(codes.BY_CODE[c] for c in code.example.along)]
    assert status == (1 if any(c.severity is Severity.ERROR for c in found) else 0)
    (tmp_path / "check.sarif").write_text(out, encoding="utf-8")
    return json.loads(out)  # type: ignore[no-any-return]


def test_sarif_follows_the_official_schema_and_names_every_rule(tmp_path: Path) -> None:
    log = _sarif(tmp_path, UNKNOWN, "site_name: Example\nsite_url: https://explainer.example.net.au/docs/\n")
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    jsonschema.validators.validator_for(schema)(schema, format_checker=jsonschema.FormatChecker()).validate(log)
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == [c.code for c in codes.CODES]
    rule = rules[run["results"][0]["ruleIndex"]]
    assert rule["id"] == "EX303" and rule["helpUri"] == "https://explainer.example.net.au/docs/error-codes/#ex303"
    assert rule["defaultConfiguration"] == {"level": "error"} and "did you mean" not in rule["help"]["text"]
    assert "about: [ann, bobby]" in rule["help"]["markdown"] and codes.UNKNOWN_REFERENCE.fix in rule["help"]["markdown"]
    assert run["results"] == [
        {
            "ruleId": "EX303",
            "ruleIndex": rules.index(rule),
            "level": "error",
            "message": {"text": "unknown person 'bobby' (hint: did you mean 'bob'?)"},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": "content/claims.yaml", "uriBaseId": "SRCROOT"},
                        "region": {"startLine": 5, "startColumn": 18},
                    }
                }
            ],
        }
    ]


def _broken(log: dict[str, Any]) -> dict[str, Any]:
    """The log with a result SARIF does not allow: at line 0 (lines count from 1)."""
    log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] = 0
    return log


def test_the_sarif_schema_rejects_a_broken_log(tmp_path: Path) -> None:
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validators.validator_for(schema)(schema).validate(_broken(_sarif(tmp_path, UNKNOWN)))


def test_sarif_without_a_real_site_address_has_no_help_links(tmp_path: Path) -> None:
    log = _sarif(tmp_path, codes.OCCURRENCE_ONLY, "site_name: Example\nsite_url: https://example.invalid/\n")
    assert not any("helpUri" in r for r in log["runs"][0]["tool"]["driver"]["rules"])
    assert log["runs"][0]["results"][0]["level"] == "warning"


def test_sarif_locations_are_relative_to_the_repository_root(tmp_path: Path) -> None:
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    project = example_project(tmp_path / "repo" / "sites" / "my site", UNKNOWN)
    _, out, _ = run_cli("check", "--root", str(project), "--format", "sarif")
    location = json.loads(out)["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "sites/my%20site/content/claims.yaml"


@cache
def _offline_prefix() -> list[str]:
    """`unshare -rn` where this machine allows an empty network namespace, else nothing.

    The Multitool looks up the rules' help links (their host does not exist) and retries DNS for about 20 s per
    log; with no network at all the lookup fails at once and the findings are the same.
    """
    unshare = shutil.which("unshare")
    if unshare is None:
        return []
    probe = subprocess.run([unshare, "-rn", "true"], capture_output=True, timeout=30)
    return [unshare, "-rn"] if probe.returncode == 0 else []


def _multitool(path: Path) -> list[str]:
    """What the SARIF Multitool finds in the log at `path` at the levels error and warning."""
    output = path.with_suffix(".validation.sarif")
    command = [str(MULTITOOL), "validate", str(path), "--json-schema", str(SARIF_SCHEMA), "--output", str(output)]
    result = subprocess.run([*_offline_prefix(), *command], capture_output=True, text=True, timeout=300)
    assert output.exists(), result.stdout + result.stderr
    findings = json.loads(output.read_text(encoding="utf-8"))["runs"][0]["results"]
    return [f"{r['ruleId']}: {r['message']}" for r in findings if r.get("level", "warning") in ("error", "warning")]


@pytest.mark.slow
@pytest.mark.external
@pytest.mark.skipif(not MULTITOOL.exists(), reason="the SARIF Multitool is installed by `python3 dev.py test` (npm ci)")
def test_the_sarif_multitool_finds_no_error_or_warning(tmp_path: Path) -> None:
    log = _sarif(tmp_path, codes.CITATION_MOVED, "site_name: Example\nsite_url: https://explainer.example.net.au/\n")
    assert _multitool(tmp_path / "check.sarif") == []
    (tmp_path / "broken.sarif").write_text(json.dumps(_broken(log)), encoding="utf-8")
    assert _multitool(tmp_path / "broken.sarif"), "the Multitool finds what is wrong with a broken log"


def test_markdown_lists_every_diagnostic_escaped(tmp_path: Path) -> None:
    project = example_project(tmp_path / "p", codes.PASSAGE_NOT_FOUND)
    claims = project / "content" / "claims.yaml"
    claims.write_text(
        claims.read_text(encoding="utf-8").replace("said “hello” to Bob", "said <b>|hello*</b> to @Bob"),
        encoding="utf-8",
    )
    (project / "mkdocs.yml").write_text(
        "site_name: Example\nsite_url: https://explainer.example.net.au/\n", encoding="utf-8"
    )
    status, out, _ = run_cli("check", "--root", str(project), "--format", "markdown")
    assert status == 1
    assert out == (
        "### `explainer check`: 1 error, 0 warnings\n\n"
        "| level | code | where | problem |\n| --- | --- | --- | --- |\n"
        "| error | [EX408 passage-not-found](https://explainer.example.net.au/error-codes/#ex408) | "
        "content/claims\\.yaml:8:16 "
        '| passage not found in article\\.txt: "said &lt;b&gt;\\|hello\\*&lt;/b&gt; to @&#8203;Bob" '
        '(hint: closest passage in article\\.txt: "said “hello there” to Bob") |\n'
    )
    write_files(tmp_path / "clean", dict(codes.EXAMPLE_PROJECT))
    assert (
        run_cli("check", "--root", str(tmp_path / "clean"), "--format", "markdown")[1]
        == "### `explainer check`: 0 errors, 0 warnings\n\nNo errors or warnings.\n"
    )


# ---- the docs -----------------------------------------------------------------------------------


def test_the_docs_name_only_codes_that_exist_under_their_own_names() -> None:
    mentioned = 0
    for path in [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md", ROOT / "CONTRIBUTING.md"]:
        for found in re.finditer(r"\b(EX\d{3})\b(?:`? `?([a-z]+(?:-[a-z]+)+))?", path.read_text(encoding="utf-8")):
            mentioned += 1
            code = codes.BY_CODE.get(found[1])
            assert code is not None, f"{path.name}: {found[0]} is no code"
            assert found[2] in (None, code.name), f"{path.name}: {found[0]} is {code}"
    assert mentioned >= 20


def test_the_editors_error_table_keys_on_codes() -> None:
    page = (ROOT / "docs" / "how-to-edit.md").read_text(encoding="utf-8")
    section = page.split("## What each error means")[1].split("\n## ")[0]
    rows = [line for line in section.splitlines() if line.startswith("| [EX")]
    assert len(rows) >= 20
    for row in rows:
        links = re.findall(r"\[(EX\d{3}) ([a-z-]+)\]\(error-codes\.md#(ex\d{3})\)", row)
        assert links, row
        for code, name, anchor in links:
            assert codes.BY_CODE[code].name == name and anchor == code.lower(), row


# ---- the page -----------------------------------------------------------------------------------


def _text(html_fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", html_fragment)).split())


def test_the_error_codes_page_shows_every_code_with_its_example_and_fix(built_site: Path, tmp_path: Path) -> None:
    page = (built_site / "error-codes" / "index.html").read_text(encoding="utf-8")
    assert 'href="error-codes/"' in (built_site / "index.html").read_text(encoding="utf-8"), "the page is in the nav"
    # Each entry: from its heading to the next heading (or the example project's section).
    sections = dict(re.findall(r'<h3 id="(ex\d{3})" data-toc-skip>(.*?)(?=<h[23] )', page, re.S))
    assert list(sections) == [c.anchor for c in codes.CODES]
    for code in codes.CODES:
        shown = _text(sections[code.anchor])
        assert shown.startswith(f"{code.code} {code.name} ({code.severity.value})"), shown[:80]
        assert code.summary.replace("`", "") in shown and f"Fix: {code.fix.replace('`', '')}" in shown
        example = code.example
        at = f"line {example.line}, column {example.column}"
        assert (
            f"{example.reported_file}, reported at {at}" in shown
            or f"Reported at {example.reported_file}, {at}." in shown
        ), shown
        assert example.file in shown
        marked = re.findall(r"<mark>(.*?)</mark>", sections[code.anchor], re.S)
        if example.reported_file == example.file:
            reported_text = None if example.link_to else example.text
        else:
            reported_text = example.also.get(example.reported_file)  # else an unchanged file of the example project
        if isinstance(reported_text, bytes):
            reported_text = reported_text.decode(
                "utf-8", "backslashreplace"
            )  # as the page shows bytes that are not UTF-8
        lines = reported_text.splitlines() if reported_text is not None else []
        if example.line <= len(lines):  # the reported line is marked (clipped as the page clips long lines)
            line = lines[example.line - 1]
            assert [html.unescape(m) for m in marked] == [line if len(line) <= 110 else line[:109] + "…"], code
        else:  # the end of the file, a folder, a link
            assert marked == [], code
        index = page.split('id="sec-index"', 1)[1].split("<h2", 1)[0]
        assert str(code) in index, "listed in the index under its step"
    # What the page says a report and the JSON look like is what the checker prints.
    reading = html.unescape(re.search(r'<h2 id="sec-reading">.*?<pre><code>(.*?)</code></pre>', page, re.S)[1])
    assert reading + "\n" == check_example(tmp_path / "text", UNKNOWN, "text")[1]
    documented = json.loads(html.unescape(re.search(r"<pre><code>(\{[^<]*?version[^<]*)</code></pre>", page)[1]))
    assert documented == json.loads(check_example(tmp_path / "json", UNKNOWN)[1])


def test_the_error_codes_contents_list_the_steps_not_every_code(built_site: Path) -> None:
    # A hundred and more codes in the table of contents, drawn into the menu as well, would double the page.
    page = (built_site / "error-codes" / "index.html").read_text(encoding="utf-8")
    toc = page[page.index('<nav class="md-nav md-nav--secondary"') :]
    toc = toc[: toc.index("</nav>")]
    assert 'href="#sec-index"' in toc and 'href="#ex408"' not in toc
