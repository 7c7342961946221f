"""Hostile names and text in every output of `explainer check` and `explainer diff`, read as their readers read them.

A pull request's file names and YAML values reach four kinds of reader, each with its own syntax an
attacker can write in: the Actions runner, which takes any output line that starts (after white space)
with `::name` as a workflow command, and `##[name]` anywhere in a line (its legacy form), so that one file
name could add annotations, mask the log or stop commands altogether; a terminal, which obeys escape
sequences, carriage returns and bidirectional overrides; GitHub's Markdown (a job summary, a comment), which
makes links, images, HTML, tables, mentions that notify people and references that cross-link issues; and
SARIF consumers, which read embedded links and `{0}` placeholders in plain-text messages. The helpers below
read the outputs as each of them does, written from those rules rather than from the code under test.
The last tests hold the comment and the job summary to GitHub's size limits with a diff of several MB.
"""

from __future__ import annotations

import html
import json
import re
import subprocess
import textwrap
import time
from pathlib import Path
from unicodedata import category
from urllib.parse import unquote

import pytest
from test_changes import commit, explainer, git
from test_check_output import run_check

from conftest import TINY_CLAIM, TINY_CONTENT, TINY_SEED, make_project, run_mkdocs
from explainer.changes.diffview import Entry, Section, Span, View, render_view
from explainer.cli.formats import MARKDOWN_LIMIT, to_markdown
from explainer.core import codes
from explainer.core.diagnostics import Diagnostic, Pos, visible

# ---- the attacks ---------------------------------------------------------------------------------

# Names of hand-written pages (a name may hold any character but '/' and NUL): each forges, or would
# forge, a workflow command, rewrites the terminal, or reverses the text around it.
PAGE_NAMES = {
    "newline": "x\n::error::forged.md",
    "carriage return": "x\r::add-mask::secret.md",
    "leading command": "::warning file=a::forged.md",
    "indented command": "  ::stop-commands::tok.md",
    "non-breaking indent": "\xa0::error::nbsp.md",
    "encoded newline": "x%0A::add-mask::y.md",
    "legacy command": "x ##[add-mask]secret.md",
    "terminal escapes": "x\x1b[2J\x1b]0;title\x07.md",
    "C1 control": "x\x9b31m.md",
    "bidi override": "x\u202eevil\u2066.md",
    "markup": "a | b `` <img src=x onerror=alert(1)> [x](javascript:alert(1)) @octocat #1 GH-3 $x$.md",
}
NESTED_PAGE = "owner/repo#2.md"  # a folder and a file: owner/repo#2 is a cross-repository reference

# Text an editor can write in YAML (control characters are refused there, by the loader).
MARKUP = "@octocat @org/team #1 owner/repo#2 GH-3 | <img src=x onerror=alert(1)> [x](javascript:alert(1))"
COMMANDS = "%0A::add-mask::secret ::stop-commands::tok ##[add-mask]m"
SYNTAX = "``` $x$ {0} \\[y\\](1) <!-- explainer-content-diff -->"
HOSTILE_TEXT = f"{MARKUP} {COMMANDS} {SYNTAX}"
HOSTILE_KEYS = (
    "@octocat @org/team",
    "#1 owner/repo#2 GH-3",
    "a | b <b>x</b>",
    "[x](javascript:alert(1))",
    COMMANDS,
    SYNTAX[:20],
)

# The commands the runner knows (actions/runner, ActionCommandManager and its extensions).
RUNNER_COMMANDS = {
    "add-mask", "add-matcher", "add-path", "debug", "echo", "endgroup", "error", "group", "internal-set-repo-path",
    "notice", "remove-matcher", "save-state", "set-env", "set-output", "stop-commands", "warning",
}  # fmt: skip
# The runner unescapes in this order (ActionCommand.UnescapeProperty / UnescapeData).
PROPERTY_ESCAPES = (("\r", "%0D"), ("\n", "%0A"), (":", "%3A"), (",", "%2C"), ("%", "%25"))
DATA_ESCAPES = (("\r", "%0D"), ("\n", "%0A"), ("%", "%25"))
LEGACY_ESCAPES = ((";", "%3B"), ("\r", "%0D"), ("\n", "%0A"), ("]", "%5D"), ("%", "%25"))

# ---- how the Actions runner reads a step's output ----------------------------------------------


def _unescape(value: str, escapes: tuple[tuple[str, str], ...]) -> str:
    for token, replacement in escapes:
        value = value.replace(replacement, token)
    return value


def runner_commands(output: str) -> list[tuple[str, dict[str, str], str]]:
    """The workflow commands the runner would run for `output`: (name, properties, data) per command.

    Lines are split wherever any reader might split them (splitlines() splits at more characters than
    .NET's ReadLine). The `::` form is recognised after leading white space; the legacy `##[` form anywhere.
    """
    found: list[tuple[str, dict[str, str], str]] = []
    for line in output.splitlines():
        stripped = line.lstrip()
        if stripped.startswith("::") and (end := stripped.find("::", 2)) >= 0:
            info = stripped[2:end]
            name, _, properties = info.partition(" ")
            if name in RUNNER_COMMANDS:
                pairs = [p.split("=", 1) for p in properties.strip().split(",") if "=" in p]
                props = {k: _unescape(v, PROPERTY_ESCAPES) for k, v in pairs}
                found.append((name, props, _unescape(stripped[end + 2 :], DATA_ESCAPES)))
                continue
        start = line.find("##[")
        if start >= 0 and (close := line.find("]", start)) >= 0:
            name = line[start + 3 : close].partition(" ")[0]
            if name in RUNNER_COMMANDS:
                found.append((name, {}, _unescape(line[close + 1 :], LEGACY_ESCAPES)))
    return found


def assert_terminal_safe(output: str) -> None:
    """Nothing but printable characters, spaces and line feeds: no escape sequence, no carriage return that
    overwrites a line, no C1 control, no bidirectional override or isolate."""
    bad = sorted({f"U+{ord(c):04X}" for c in output if not (c.isprintable() or c == "\n" or category(c) == "Zs")})
    assert bad == []
    assert "\r" not in output and "\x1b" not in output


# ---- how GitHub reads Markdown --------------------------------------------------------------------

_ASCII_PUNCTUATION = set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")


def inline_parts(line: str) -> tuple[str, list[str], str]:
    """One line of Markdown as CommonMark reads it: (the text outside code spans with backslash escapes and
    entities decoded, the code spans' contents, the text outside code spans before decoding: what can
    still make markup)."""
    seen: list[str] = []
    raw: list[str] = []
    spans: list[str] = []
    i = 0
    while i < len(line):
        ch = line[i]
        if ch == "\\" and i + 1 < len(line) and line[i + 1] in _ASCII_PUNCTUATION:
            seen.append(line[i + 1])
            raw.append(" ")  # an escaped character makes no markup
            i += 2
            continue
        if ch == "`":
            run = len(line[i:]) - len(line[i:].lstrip("`"))
            closing = re.compile(f"(?<!`){'`' * run}(?!`)")
            match = closing.search(line, i + run)
            if match:
                spans.append(line[i + run : match.start()])
                raw.append(" ")
                i = match.end()
                continue
            seen.append("`" * run)
            raw.append(" ")  # an unclosed backtick run is literal text
            i += run
            continue
        seen.append(ch)
        raw.append(ch)
        i += 1
    return html.unescape("".join(seen)), spans, "".join(raw)


MENTION = re.compile(r"(?<![A-Za-z0-9_`])@[A-Za-z0-9]")
REFERENCE = re.compile(r"(?<![A-Za-z0-9_&])#[0-9]|(?i:\bgh-[0-9])")


def assert_inert_markdown(markdown: str, own_links: int = 0, own_tags: tuple[str, ...] = ()) -> None:
    """No mention, reference, link, image, HTML, math, code fence or heading that the tool did not write:
    `own_links` links are the tool's own (a record's page), `own_tags` the HTML elements it writes."""
    links = 0
    for line in markdown.splitlines():
        seen, _, raw = inline_parts(line)
        assert not MENTION.search(seen), line
        assert not REFERENCE.search(seen), line
        assert "$" not in raw, line  # GitHub's math
        assert not re.match(r" {0,3}(```|~~~)", line), line
        for tag in re.findall(r"<(/?[A-Za-z!][^\s>/]*)", raw):
            assert tag.lstrip("/") in own_tags, line
        links += len(re.findall(r"\[[^\]]*\]\(", raw))
    assert links == own_links


def table_cells(row: str) -> list[str]:
    """A GFM table row split at the pipes that end cells: every '|' not escaped, even inside a code span."""
    return re.split(r"(?<!\\)\|", row.strip())[1:-1]


# ---- the check's outputs on a project full of hostile names and text ---------------------------


@pytest.fixture(scope="module")
def hostile_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    claim = TINY_CLAIM.replace("    text: Ann greets Bob.\n", "    text: Ann greets Bob.\n" + "".join(
        f"    {json.dumps(key)}: 1\n" for key in HOSTILE_KEYS
    )).replace('quote: said "hello there" to Bob', f"quote: {json.dumps(HOSTILE_TEXT)}")  # fmt: skip
    project = make_project(tmp_path_factory.mktemp("hostile") / "p", {"claims.yaml": claim}, docs_index="# T\n")
    for name in PAGE_NAMES.values():
        (project / "docs" / name).write_text("[[nope]]\n", encoding="utf-8")
    (project / "docs" / NESTED_PAGE).parent.mkdir()
    (project / "docs" / NESTED_PAGE).write_text("[[nope]]\n", encoding="utf-8")
    return project


@pytest.fixture(scope="module")
def checked(hostile_project: Path) -> dict[str, subprocess.CompletedProcess[str]]:
    return {f: run_check(hostile_project, "--format", f) for f in ("text", "github", "json", "sarif", "markdown")}


@pytest.fixture(scope="module")
def reported(checked: dict[str, subprocess.CompletedProcess[str]]) -> list[dict[str, str]]:
    """The diagnostics as the JSON format gives them: each value as it is (a tool needs the real name)."""
    items: list[dict[str, str]] = json.loads(checked["json"].stdout)["diagnostics"]
    return items


def test_every_hostile_name_and_value_is_reported(reported: list[dict[str, str]]) -> None:
    files = {d["file"] for d in reported}
    for name in [*PAGE_NAMES.values(), NESTED_PAGE]:
        assert any(name in f for f in files), name
    messages = " ".join(d["message"] for d in reported)
    for key in HOSTILE_KEYS:
        assert key in messages
    assert MARKUP[:70] in messages  # a passage not found is quoted up to about 80 characters


def test_json_keeps_every_value_and_prints_no_control_character(
    checked: dict[str, subprocess.CompletedProcess[str]], reported: list[dict[str, str]]
) -> None:
    assert {f"docs/{n}" for n in PAGE_NAMES.values()} <= {d["file"] for d in reported}
    assert_terminal_safe(checked["json"].stdout)  # C1, bidi and the like written as \u escapes
    assert_terminal_safe(checked["sarif"].stdout)


def test_github_format_runs_no_command_but_its_annotations(
    checked: dict[str, subprocess.CompletedProcess[str]], reported: list[dict[str, str]]
) -> None:
    result = checked["github"]
    commands = runner_commands(result.stdout + result.stderr)
    # One annotation per diagnostic, in order, then the counts: no mask, no stop, no forged annotation.
    assert [(name, props.get("line"), props.get("col")) for name, props, _ in commands] == [
        *[(d["severity"], str(d["line"]), str(d["column"])) for d in reported],
        ("notice", None, None),
    ]
    for (_, props, data), d in zip(commands, reported, strict=False):
        assert props["title"] == f"{d['code']} {d['name']}"
        assert_terminal_safe(props["file"] + data)
        assert "##[" not in props["file"] + data
    assert all(line.startswith(("::error ", "::warning ")) for line in result.stdout.splitlines())
    assert_terminal_safe(result.stdout)


@pytest.mark.parametrize("attack", PAGE_NAMES)
def test_github_format_names_the_file_as_data(
    checked: dict[str, subprocess.CompletedProcess[str]], attack: str
) -> None:
    files = [props["file"] for _, props, _ in runner_commands(checked["github"].stdout)]
    expected = {
        "newline": "docs/x\\n::error::forged.md",
        "carriage return": "docs/x\\r::add-mask::secret.md",
        "leading command": "docs/::warning file=a::forged.md",
        "indented command": "docs/  ::stop-commands::tok.md",
        "non-breaking indent": "docs/\xa0::error::nbsp.md",
        "encoded newline": "docs/x%0A::add-mask::y.md",
        "legacy command": "docs/x #\\x23[add-mask]secret.md",
        "terminal escapes": "docs/x\\x1b[2J\\x1b]0;title\\x07.md",
        "C1 control": "docs/x\\x9b31m.md",
        "bidi override": "docs/x\\u202eevil\\u2066.md",
        "markup": f"docs/{PAGE_NAMES['markup']}",
    }[attack]
    assert expected in files


def test_text_format_is_one_line_per_problem_and_one_per_hint(
    checked: dict[str, subprocess.CompletedProcess[str]], reported: list[dict[str, str]]
) -> None:
    result = checked["text"]
    assert runner_commands(result.stdout + result.stderr) == []
    assert_terminal_safe(result.stdout)
    lines = result.stdout.splitlines()
    heads = [line for line in lines if not line.startswith("    hint: ")]
    assert len(heads) == len(reported)
    for head, d in zip(heads, reported, strict=True):
        assert re.fullmatch(rf"\S.*:{d['line']}:{d['column']}: {d['severity']} {d['code']} {d['name']}: .*", head)
    for shown in ("docs/x\\n::error::forged.md:", "docs/x\\x1b[2J\\x1b]0;title\\x07.md:", "docs/x\\u202eevil"):
        assert any(line.startswith(shown) for line in lines), shown


@pytest.mark.build
def test_mkdocs_log_shows_the_same_lines(hostile_project: Path, tmp_path: Path) -> None:
    # The hook logs each diagnostic's format_text() (and raises them all, through MkDocs' error line).
    result = run_mkdocs(hostile_project, "build", "--strict", "--site-dir", str(tmp_path / "site"))
    assert result.returncode == 1
    assert runner_commands(result.stdout + result.stderr) == []
    assert_terminal_safe(result.stderr)
    assert "\ndocs/x\\n::error::forged.md:1:1: error EX503 unknown-wiki-link: " in result.stderr


@pytest.mark.parametrize(
    ("path", "message", "hint"),
    [
        ("x\n::error::forged.md", "m", ""),
        ("::error::forged.md", "m", ""),
        ("  ::add-mask::secret.md", "m", ""),
        ("\u3000::add-mask::secret.md", "m", ""),
        ("ok.md", "first\n::add-mask::secret", ""),
        ("ok.md", "first\r::stop-commands::tok", "then\n::error::forged"),
        ("ok.md", "%0A::add-mask::secret %0D %25", "%0A"),
        ("ok.md", "##[add-mask]secret", "##[stop-commands]tok"),
        ("x,line=9,title=EX000.md", "a, b: c", ""),
        ("ok.md", "\x1b[2J\x1b[1;31mred\x9b0m\u202eevil\u2028next\x85nel\x00", "\x7f\b"),
    ],
)
def test_diagnostic_formats_escape_every_field(path: str, message: str, hint: str) -> None:
    diagnostic = Diagnostic(codes.UNKNOWN_WIKI_LINK, Pos(path, 3, 4), message, hint)
    github = diagnostic.format_github()
    commands = runner_commands(github)
    assert len(commands) == 1 and len(github.splitlines()) == 1
    name, props, data = commands[0]
    assert (name, props["line"], props["col"], props["title"]) == ("error", "3", "4", str(codes.UNKNOWN_WIKI_LINK))
    assert sorted(props) == ["col", "file", "line", "title"]
    assert "\n" not in data + props["file"] and "\r" not in data + props["file"]
    text = diagnostic.format_text()
    assert runner_commands(text) == []
    assert_terminal_safe(text)
    assert len(text.splitlines()) == (2 if hint else 1)


def test_markdown_table_keeps_one_row_per_problem_and_four_cells(
    checked: dict[str, subprocess.CompletedProcess[str]], reported: list[dict[str, str]]
) -> None:
    markdown = checked["markdown"].stdout
    assert_inert_markdown(markdown)
    assert_terminal_safe(markdown)
    rows = [line for line in markdown.splitlines() if line.startswith("|")]
    assert len(rows) == 2 + len(reported)
    assert all(len(table_cells(row)) == 4 for row in rows)
    # Readable: the problem cell shows the editor's text as it is, only made inert.
    cells = [inline_parts(table_cells(row)[3])[0].replace("\u200b", "") for row in rows[2:]]
    assert any(f"'{HOSTILE_KEYS[2]}'" in cell for cell in cells)
    assert any(MARKUP[:70] in cell for cell in cells)


def sarif_embedded_links(text: str) -> list[str]:
    """The embedded links of a SARIF plain-text message (SARIF 2.1.0, 3.11.6): '[', link text with '\\', '['
    and ']' escaped by a backslash, '](', a destination, ')'; a '[' preceded by an odd number of
    backslashes is escaped."""
    pattern = re.compile(r"(?<!\\)(?:\\\\)*\[((?:[^\\\[\]]|\\.)*)\]\(([^)]*)\)")
    return [m.group(2) for m in pattern.finditer(text)]


def sarif_placeholders(text: str) -> list[str]:
    """The placeholders '{n}' of a message (3.11.5), where a literal brace is written doubled."""
    return re.findall(r"(?<!\{)(?:\{\{)*\{(\d+)\}", text)


def test_sarif_messages_have_no_links_or_placeholders_and_uris_are_encoded(
    checked: dict[str, subprocess.CompletedProcess[str]], reported: list[dict[str, str]]
) -> None:
    results = json.loads(checked["sarif"].stdout)["runs"][0]["results"]
    assert len(results) == len(reported)
    for result, d in zip(results, reported, strict=True):
        message = result["message"]
        assert "markdown" not in message  # only plain text: code scanning renders nothing of it as markup
        assert sarif_embedded_links(message["text"]) == []
        assert sarif_placeholders(message["text"]) == []
        uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        assert re.fullmatch(r"(?:[A-Za-z0-9._~/-]|%[0-9A-F]{2})+", uri), uri
        assert unquote(uri) == d["file"]  # the real file, for code scanning to find
    shown = " ".join(r["message"]["text"] for r in results)
    assert "\\[x\\](javascript:alert(1))" in shown and "{{0}}" in shown


# ---- the diff's outputs -------------------------------------------------------------------------

ARTIFACT = "https://github.com/o/r/actions/runs/1/artifacts/2"
HEADLINE = "::error::forged @octocat #9 | <b>x</b> ##[add-mask]h"


def hostile_claims(count: int, text: str, prefix: str = "hostile", tiny: bool = True) -> str:
    """A claims file: the tiny project's claims (with `tiny`) and `count` more, each `text` citing the seed's
    hostile line."""
    more = "".join(
        f"  - id: {prefix}-{n}\n    topic: general\n    text: {json.dumps(text, ensure_ascii=False)}\n    citations:\n"
        f"      - source: tiny\n        quote: {json.dumps(HOSTILE_TEXT)}\n"
        for n in range(count)
    )
    return (textwrap.dedent(TINY_CONTENT["claims.yaml"]) if tiny else "claims:\n") + more


@pytest.fixture(scope="module")
def diff_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two commits: the tiny project under a hostile headline, then a hostile claim and hostile page names."""
    project = make_project(tmp_path_factory.mktemp("diff") / "p")
    (project / "seeds" / "tiny.txt").write_text(
        HEADLINE + "\n\n" + TINY_SEED.split("\n", 2)[2] + HOSTILE_TEXT + "\n", encoding="utf-8"
    )
    sources = project / "content" / "sources.yaml"
    sources.write_text(
        sources.read_text(encoding="utf-8").replace("title: A Tiny Headline", f"title: {json.dumps(HEADLINE)}"),
        encoding="utf-8",
    )
    git(project, "init", "-q", "-b", "main")
    commit(project, "first")
    (project / "content" / "claims.yaml").write_text(hostile_claims(1, HOSTILE_TEXT), encoding="utf-8")
    for name in PAGE_NAMES.values():
        (project / "docs" / name).write_text("# A page\n", encoding="utf-8")
    commit(project, "second")
    return project


@pytest.fixture(scope="module")
def diffs(diff_repo: Path) -> dict[str, subprocess.CompletedProcess[str]]:
    # The hostile page names are refused by the check (EX506); compared anyway, the diff must stay inert.
    allow = "--allow-errors"
    markdown = explainer(diff_repo, "diff", "HEAD~1", "HEAD", "--format", "markdown", "--artifact-url", ARTIFACT, allow)
    return {"markdown": markdown, "text": explainer(diff_repo, "diff", "HEAD~1", "HEAD", allow)}


def test_page_names_that_cannot_be_printed_are_refused_by_name(diff_repo: Path) -> None:
    result = explainer(diff_repo, "diff", "HEAD~1", "HEAD")
    assert result.returncode == 3
    refused = [line for line in result.stderr.splitlines() if "EX506 unprintable-docs-name" in line]
    assert len(refused) == len(PAGE_NAMES) - sum(visible(name) == name for name in PAGE_NAMES.values())
    assert "docs/x\\n::error::forged.md:1:1: error EX506" in result.stderr
    assert runner_commands(result.stdout + result.stderr) == []


def test_markdown_diff_is_inert_and_readable(diffs: dict[str, subprocess.CompletedProcess[str]]) -> None:
    result = diffs["markdown"]
    assert result.returncode == 1, result.stderr
    markdown = result.stdout
    assert_terminal_safe(markdown)
    assert runner_commands(markdown + result.stderr) == []
    # The one link the diff makes: the added claim's page in the artifact.
    assert_inert_markdown(markdown, own_links=1, own_tags=("ins", "del"))
    assert f"]({ARTIFACT})" in markdown
    assert "<!-- explainer-content-diff -->" not in markdown  # the workflow's marker cannot be forged
    lines = markdown.splitlines()
    text_line = next(line for line in lines if line.startswith("  - text: "))
    shown = HOSTILE_TEXT.replace("##[", "#\\x23[")  # as everywhere: the runner reads '##[' in any line
    assert inline_parts(text_line)[0].replace("\u200b", "") == f"  - text: {shown}"
    # The coverage table keeps its three cells per row whatever the headline holds.
    rows = [line for line in lines if line.startswith("|") and "sentences cited" not in line]
    coverage = [row for row in rows if "→" in row]
    assert coverage and all(len(table_cells(row)) == 3 for row in coverage)
    headline = HEADLINE.replace("##[", "#\\x23[")
    assert inline_parts(table_cells(coverage[0])[0])[0].replace("\u200b", "").strip() == headline


def test_markdown_diff_names_hostile_pages_in_one_code_span(
    diffs: dict[str, subprocess.CompletedProcess[str]],
) -> None:
    lines = diffs["markdown"].stdout.splitlines()
    start = lines.index("#### Hand\\-written pages")
    pages = [line for line in lines[start + 1 :] if line.startswith("- ")]
    assert len(pages) == len(PAGE_NAMES)
    for line in pages:
        seen, spans, _ = inline_parts(line)
        assert len(spans) == 1 and seen == "-  added", line  # the name is all inside the code span
        assert_terminal_safe(spans[0])
    names = {inline_parts(line)[1][0].strip() for line in pages}
    assert "docs/x\\x1b[2J\\x1b]0;title\\x07.md" in names
    assert f"docs/{PAGE_NAMES['markup']}" in names


def test_text_diff_runs_no_command_and_moves_no_cursor(diffs: dict[str, subprocess.CompletedProcess[str]]) -> None:
    result = diffs["text"]
    assert result.returncode == 1, result.stderr
    assert runner_commands(result.stdout + result.stderr) == []
    assert_terminal_safe(result.stdout)
    legacy_escaped = HOSTILE_TEXT.replace("##[", "#\\x23[")
    assert f"text: {legacy_escaped}" in result.stdout
    assert "  docs/x\\n::error::forged.md added\n" in result.stdout


def test_diff_errors_on_stderr_are_escaped(diff_repo: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    subprocess.run(["cp", "-r", str(diff_repo), str(broken)], check=True)
    (broken / "docs" / "x\n::error::forged.md").write_text("[[nope]]\n", encoding="utf-8")
    result = explainer(diff_repo, "diff", "HEAD", str(broken))
    assert result.returncode == 3
    assert "docs/x\\n::error::forged.md:1:1: error EX503" in result.stderr
    assert runner_commands(result.stdout + result.stderr) == []
    assert_terminal_safe(result.stderr)


# ---- GitHub's limits: a comment of 65,536 characters, a job summary of 1 MiB per step -----------

COMMENT_CHARACTERS = 65_536
SUMMARY_BYTES = 1_048_576
MARKER = "<!-- explainer-content-diff -->\n"  # what the workflow puts before the comment's diff


def big_view(entries: int, text: str) -> View:
    added = tuple(
        Entry((Span("plain", "claim "), Span("code", f"c-{n}"), Span("plain", ": x")), ((Span("plain", text),),))
        for n in range(entries)
    )
    return View("old", "new", [("statements added", entries)], [Section("Added", added)])


def omitted(text: str) -> int:
    found = re.search(r"(?:…|\.\.\.) and ([\d,]+) more changes? not shown here", text)
    assert found is not None, text[-500:]
    return int(found.group(1).replace(",", ""))


@pytest.mark.parametrize("output_format", ["markdown", "text"])
@pytest.mark.parametrize(("limit", "unit"), [(60_000, "comment"), (1_000_000, "summary")])
def test_a_diff_of_several_megabytes_is_cut_within_the_limit_in_bytes(
    output_format: str, limit: int, unit: str
) -> None:
    # 3,000 entries of 400 four-byte characters: 4.8 MB of UTF-8, 1.2 million characters.
    view = big_view(3000, "😀" * 400)
    started = time.monotonic()
    text = render_view(view, output_format, limit)
    assert time.monotonic() - started < 30
    assert len(text.encode("utf-8")) <= limit
    if unit == "comment":
        assert len(MARKER + text) <= COMMENT_CHARACTERS and len((MARKER + text).encode()) <= COMMENT_CHARACTERS
    else:
        assert len(text.encode("utf-8")) <= SUMMARY_BYTES
    shown = text.count("claim c-" if output_format == "text" else "claim `c-")
    assert shown > 0 and shown + omitted(text) == 3000
    assert "`explainer diff`" in text.splitlines()[-1]


def test_one_huge_entry_or_a_tiny_limit_still_fits() -> None:
    view = big_view(2, "é" * 1_500_000)  # one entry alone is 3 MB
    text = render_view(view, "markdown", 60_000)
    assert len(text.encode()) <= 60_000 and omitted(text) == 2
    small = render_view(big_view(50, "x" * 100), "markdown", 400)  # the counts and the note only
    assert len(small.encode()) <= 400 and omitted(small) == 50 and "claim" not in small
    with pytest.raises(ValueError, match="cannot hold even the counts"):
        render_view(big_view(50, "x" * 100), "markdown", 100)


def test_a_large_real_diff_through_the_command_fits_the_comment_and_the_summary(tmp_path: Path) -> None:
    """About 2.4 MB of Markdown: 160 claims of 5,000 three-byte characters each."""
    project = make_project(tmp_path / "p")
    git(project, "init", "-q", "-b", "main")
    commit(project, "first")
    (project / "seeds" / "tiny.txt").write_text(TINY_SEED + HOSTILE_TEXT + "\n", encoding="utf-8")
    for part in range(2):  # two files: each under the 2 MiB a content file may have
        claims = hostile_claims(80, "€" * 5000, f"hostile-{part}", tiny=part == 0)
        (project / "content" / f"claims{part}.yaml").write_text(claims, encoding="utf-8")
    (project / "content" / "claims.yaml").unlink()
    commit(project, "second")
    full = explainer(project, "diff", "HEAD~1", "HEAD", "--format", "markdown")
    assert full.returncode == 1, full.stderr[-2000:]
    assert len(full.stdout.encode()) > 2_000_000
    for limit in (65_536 - len(MARKER), 1_000_000):
        cut = explainer(project, "diff", "HEAD~1", "HEAD", "--format", "markdown", "--limit", str(limit)).stdout
        assert len(cut.encode()) <= limit and omitted(cut) > 0


def test_limit_below_what_any_diff_needs_is_a_usage_error(diff_repo: Path) -> None:
    result = explainer(diff_repo, "diff", "HEAD~1", "HEAD", "--format", "markdown", "--limit", "10", "--allow-errors")
    assert result.returncode == 2 and "--limit" in result.stderr


def test_check_markdown_stays_within_a_job_summary(tmp_path: Path) -> None:
    message = "passage not found: “" + "😀" * 1000 + "”"  # 4 kB of UTF-8 per row, 1,000 characters
    diagnostics = [
        Diagnostic(codes.PASSAGE_NOT_FOUND, Pos("content/claims.yaml", n, 1), message) for n in range(1, 600)
    ]
    text = to_markdown(diagnostics)
    assert len(text.encode("utf-8")) <= MARKDOWN_LIMIT <= SUMMARY_BYTES
    rows = [line for line in text.splitlines() if line.startswith("| error ")]
    assert 0 < len(rows) < 599
    assert f"{599 - len(rows)} more left out" in text
