"""What `explainer check` writes, besides text and GitHub annotations: JSON, SARIF 2.1.0 and a Markdown table.

- JSON (`--format json`), for tools: `{"version": 1, "diagnostics": [...], "summary": {...}}`, each
  diagnostic `{code, name, severity, file, line, column, message, hint}`; the shape is documented on the
  error-codes page and only grows (a new key, never a changed one) while `version` stays 1.
- SARIF 2.1.0 (`--format sarif`), for GitHub code scanning: one rule per code of the registry, with its
  summary, fix and example as help and a link to its entry on the site's error-codes page; one result per
  diagnostic, located by a URI relative to the repository's root.
- Markdown (`--format markdown`), for a pull request's job summary: every diagnostic in one table (GitHub
  shows at most ten annotations of each level per step). Editor text in it is escaped.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from . import codes
from .diagnostics import Code, Diagnostic, Severity

SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
MARKDOWN_LIMIT = 1_000_000  # GitHub takes at most 1 MiB of job summary per step
TOOL = "explainer check"


def counts(diagnostics: Sequence[Diagnostic]) -> tuple[int, int]:
    errors = sum(1 for d in diagnostics if d.severity is Severity.ERROR)
    return errors, len(diagnostics) - errors


def summary_text(diagnostics: Sequence[Diagnostic]) -> str:
    errors, warnings = counts(diagnostics)
    return f"{errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''}"


def to_json(diagnostics: Sequence[Diagnostic]) -> str:
    errors, warnings = counts(diagnostics)
    items = [
        {
            "code": d.code.code,
            "name": d.code.name,
            "severity": d.severity.value,
            "file": d.pos.path,
            "line": d.pos.line,
            "column": d.pos.col,
            "message": d.message,
            "hint": d.hint,
        }
        for d in diagnostics
    ]
    return (
        json.dumps(
            {"version": 1, "diagnostics": items, "summary": {"errors": errors, "warnings": warnings}},
            indent=2,
            ensure_ascii=False,
        )
        + "\n"
    )


def _help_markdown(code: Code) -> str:
    example = code.example
    shown = example.text.decode("utf-8", "backslashreplace") if isinstance(example.text, bytes) else example.text
    where = f"`{example.reported_file}`, line {example.line}, column {example.column}"
    lines = [f"**{code.code} {code.name}** ({code.severity.value}): {code.summary}", "", f"**Fix:** {code.fix}", ""]
    if example.link_to is None and shown:
        fence = "````" if "```" in shown else "```"
        lines += [f"Example, `{example.file}` (reported at {where}):", "", fence, shown.rstrip("\n")[:2000], fence]
    else:
        lines.append(f"Example: `{example.file}` is a symbolic link to `{example.link_to}` (reported at {where}).")
    return "\n".join(lines) + "\n"


def _pascal(name: str) -> str:
    """SARIF's friendly name of a rule, a Pascal-case identifier: 'option-not-a-folder' -> 'OptionNotFolder'."""
    return "".join(part.capitalize() for part in name.split("-") if len(part) > 1)


def _level(severity: Severity) -> str:
    return "error" if severity is Severity.ERROR else "warning"


def to_sarif(
    diagnostics: Sequence[Diagnostic], *, version: str, help_page: str | None = None, uri_prefix: str = ""
) -> str:
    """SARIF 2.1.0. `help_page`: the address of the site's error-codes page (rules link to their entry
    there) or None when the site has no real address; `uri_prefix`: the project's folder inside its
    repository ("" at the root, else ending in "/"), since code scanning resolves files from the root."""
    index = {c.code: n for n, c in enumerate(codes.CODES)}
    rules: list[dict[str, Any]] = []
    for code in codes.CODES:
        rule: dict[str, Any] = {
            "id": code.code,
            "name": _pascal(code.name),
            "shortDescription": {"text": code.summary},
            "fullDescription": {"text": f"{code.summary} {code.fix}"},
            "help": {"text": f"{code.summary} Fix: {code.fix}", "markdown": _help_markdown(code)},
            "defaultConfiguration": {"level": _level(code.severity)},
            "properties": {"tags": ["explainer", code.step.value], "problem.severity": _level(code.severity)},
        }
        if help_page:
            rule["helpUri"] = f"{help_page}#{code.anchor}"
        rules.append(rule)
    results: list[dict[str, Any]] = []
    for d in diagnostics:
        results.append(
            {
                "ruleId": d.code.code,
                "ruleIndex": index[d.code.code],
                "level": _level(d.severity),
                "message": {"text": d.message + (f" (hint: {d.hint})" if d.hint else "")},
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": {"uri": _uri(uri_prefix + d.pos.path), "uriBaseId": "SRCROOT"},
                            "region": {"startLine": d.pos.line, "startColumn": d.pos.col},
                        }
                    }
                ],
            }
        )
    driver: dict[str, Any] = {"name": TOOL, "version": version, "semanticVersion": version, "rules": rules}
    if help_page:
        driver["informationUri"] = help_page
    run = {
        "tool": {"driver": driver},
        "originalUriBaseIds": {
            "SRCROOT": {"description": {"text": "The root of the repository that holds the explainer."}}
        },
        "columnKind": "unicodeCodePoints",
        "results": results,
    }
    return json.dumps({"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}, indent=2, ensure_ascii=False) + "\n"


def _uri(path: str) -> str:
    """A relative URI reference for a project path: each segment percent-encoded as RFC 3986 wants."""
    return quote(path, safe="/")


def to_markdown(diagnostics: Sequence[Diagnostic], help_page: str | None = None, title: str = TOOL) -> str:
    """Every diagnostic as one row of a table, under a heading with the counts; cut (and said so) at
    MARKDOWN_LIMIT characters."""
    from .diffview import Raw, template_environment  # only this format needs the templates

    def code_cell(code: Code) -> Raw:
        # A code and name are [A-Z0-9a-z-] only; the page's address is quoted as a link target.
        return Raw(f"[{code}]({quote(help_page, safe=':/?&=%~')}#{code.anchor})" if help_page else f"{code}")

    template = template_environment(markdown=True).get_template("check.md")
    shown = list(diagnostics)
    while True:
        text = template.render(
            diagnostics=shown,
            left_out=len(diagnostics) - len(shown),
            title=title,
            summary=summary_text(diagnostics),
            code_cell=code_cell,
        )
        if len(text) <= MARKDOWN_LIMIT or not shown:
            return text
        shown = shown[: len(shown) * 9 // 10]


def repository_prefix(root: Path) -> str:
    """The project folder's path inside its git work tree, as a URI prefix ("" when it is the top or no
    work tree holds it): found by looking for `.git` upwards, without running git."""
    root = root.resolve()
    for folder in (root, *root.parents):
        if (folder / ".git").exists():
            relative = root.relative_to(folder).as_posix()
            return "" if relative == "." else relative + "/"
    return ""
