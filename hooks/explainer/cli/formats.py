"""What `explainer check` writes, besides text and GitHub annotations: JSON, SARIF 2.1.0 and a Markdown table.

- JSON (`--format json`), for tools: `{"version": 1, "diagnostics": [...], "summary": {...}}`, each
  diagnostic `{code, name, severity, file, line, column, message, hint}`; the shape is documented on the
  error-codes page and only grows (a new key, never a changed one) while `version` stays 1.
- SARIF 2.1.0 (`--format sarif`), for GitHub code scanning: one rule per code of the registry, with its
  summary, fix and example as help and a link to its entry on the site's error-codes page; one result per
  diagnostic, located by a URI relative to the repository's root.
- Markdown (`--format markdown`), for a pull request's job summary: every diagnostic in one table (GitHub
  shows at most ten annotations of each level per step), cut to MARKDOWN_LIMIT bytes with a note. Editor
  text in it is escaped as diffview's Markdown is (markup, mentions and references made inert).

Every value stays exact in JSON and SARIF (a tool needs the real file name), but the documents are written
with only printable characters: C1 controls, bidirectional overrides and the like are \\u escapes, so that
printing one on a terminal is safe too. A SARIF message is plain text in which consumers read embedded
links (`[text](target)`) and placeholders (`{0}`), so its brackets, backslashes and braces are escaped as
SARIF 2.1.0 (3.11.5, 3.11.6) says.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from explainer.core import codes
from explainer.core.diagnostics import Code, Diagnostic, Severity, json_text, visible

SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
# Bytes of UTF-8: GitHub takes at most 1 MiB (1,048,576 bytes) of job summary per step; the rest is room
# for whatever else a step may append.
MARKDOWN_LIMIT = 1_000_000
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
    return json_text({"version": 1, "diagnostics": items, "summary": {"errors": errors, "warnings": warnings}}, 2)


def sarif_text(text: str) -> str:
    """Plain text for a SARIF message: visible(), then '\\', '[' and ']' escaped with a backslash (else
    '[x](1)' is an embedded link) and '{', '}' doubled (else '{0}' is a placeholder)."""
    text = visible(text).replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")
    return text.replace("{", "{{").replace("}", "}}")


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
                "message": {"text": sarif_text(d.message + (f" (hint: {d.hint})" if d.hint else ""))},
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
    return json_text({"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}, 2)


def _uri(path: str) -> str:
    """A relative URI reference for a project path: each segment percent-encoded as RFC 3986 wants (every
    control character, space, '%', '#', '?' and non-ASCII character included), naming the real file."""
    return quote(path, safe="/")


def to_markdown(diagnostics: Sequence[Diagnostic], help_page: str | None = None, title: str = TOOL) -> str:
    """Every diagnostic as one row of a table, under a heading with the counts; rows are left out from the
    end (and the table says how many) to keep it within MARKDOWN_LIMIT bytes of UTF-8."""
    from explainer.changes.diffview import (  # only this format needs the templates
        Raw,
        most_that_fit,
        template_environment,
    )

    def code_cell(code: Code) -> Raw:
        # A code and name are [A-Z0-9a-z-] only; the page's address is quoted as a link target.
        return Raw(f"[{code}]({quote(help_page, safe=':/?&=%~')}#{code.anchor})" if help_page else f"{code}")

    template = template_environment(markdown=True).get_template("check.md")

    def render(shown: int) -> str:
        return template.render(
            diagnostics=diagnostics[:shown],
            left_out=len(diagnostics) - shown,
            title=title,
            summary=summary_text(diagnostics),
            code_cell=code_cell,
        )

    # No row at all leaves the heading and the note: far below the limit.
    return most_that_fit(render, len(diagnostics), MARKDOWN_LIMIT) or render(0)


def repository_prefix(root: Path) -> str:
    """The project folder's path inside its git work tree, as a URI prefix ("" when it is the top or no
    work tree holds it): found by looking for `.git` upwards, without running git."""
    root = root.resolve()
    for folder in (root, *root.parents):
        if (folder / ".git").exists():
            relative = root.relative_to(folder).as_posix()
            return "" if relative == "." else relative + "/"
    return ""
