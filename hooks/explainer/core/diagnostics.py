"""Problems found in editor input, with the file, line and column where each one starts, and their code.

Every problem has a stable code (`Code`: "EX303", "unknown-reference"), declared once in core/codes/ with
its severity, a one-line summary, an example of bad input and the fix; the error-codes page of the site,
SARIF's rules and the tests come from there. Messages may be reworded freely; codes stay.

A message quotes what an editor wrote (a key, a passage, a file name), and every output prints it: so
`visible()` and `inert_lines()` here are how editor text is printed anywhere, on a terminal, in the MkDocs
log or in a CI log, where the Actions runner reads workflow commands out of every line.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple


def visible(text: str) -> str:
    """`text` as one line that a terminal or a CI log shows without obeying any of it.

    Every character str.isprintable() refuses but the spaces (Unicode Zs) is written as its Python escape:
    control characters (`\\x1b` of an escape sequence, `\\r` that would overwrite the line, `\\n`, C1 such
    as `\\x9b`), format characters (the bidirectional override `\\u202e`, zero-width characters) and line
    separators. The Actions runner also takes `##[name]` anywhere in a line for a (legacy) workflow command,
    so `##[` is written `#\\x23[`.
    """
    if not text.isprintable():
        text = "".join(
            ch if ch.isprintable() or unicodedata.category(ch) == "Zs" else ch.encode("unicode_escape").decode("ascii")
            for ch in text
        )
    return text.replace("##[", "#\\x23[")


def inert_lines(text: str) -> str:
    """`text` with no line that the Actions runner would take for a `::name::` workflow command: it reads
    one in any line that starts with `::` after white space, so such a line's first ':' is written `\\x3a`.

    For text whose lines may start with an editor's value (a file name, an article's title); each value
    should already have gone through visible(), which leaves no line break inside it.
    """
    lines = text.split("\n")
    for n, line in enumerate(lines):
        stripped = line.lstrip()
        if stripped.startswith("::"):
            at = len(line) - len(stripped)
            lines[n] = line[:at] + "\\x3a" + line[at + 1 :]
    return "\n".join(lines)


def _command_data(text: str) -> str:
    """A workflow command's data (its message), escaped as GitHub's toolkit escapes it (escapeData)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _command_property(text: str) -> str:
    """A workflow command's property value (escapeProperty): ':' and ',' would end it."""
    return _command_data(text).replace(":", "%3A").replace(",", "%2C")


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


class Step(StrEnum):
    """The step of the checker that finds a problem; a code's hundreds say its step (EX3xx: resolve)."""

    OPTIONS = "options"
    LOAD = "load"
    VALIDATE = "validate"
    RESOLVE = "resolve"
    VERIFY = "verify"
    PAGES = "pages"
    EDITORIAL = "editorial"
    CORRECTIONS = "corrections"


@dataclass(frozen=True)
class Example:
    """Bad input that yields a code, made from the example project of core/codes/ (`EXAMPLE_PROJECT`).

    `text` replaces (or adds) the project's file `file`; with `link_to`, `file` is instead a symbolic
    link to that path. `also` changes or adds other files the example needs; `padding` appends comment
    lines until the file is that many bytes long. With `base`, the example is a `check --base` against
    the example project changed by `base` (path -> text): the published revision. The problem is
    reported at `line`:`column` of `reported` (default: `file`); `along` lists the codes that this
    problem cannot come without (a broken citation comes with its changed seed).
    """

    file: str
    text: str | bytes
    line: int
    column: int
    also: Mapping[str, str] = field(default_factory=dict)
    link_to: str | None = None
    padding: int = 0
    base: Mapping[str, str] | None = None
    reported: str | None = None
    along: tuple[str, ...] = ()

    @property
    def reported_file(self) -> str:
        return self.reported or self.file


@dataclass(frozen=True)
class Code:
    """One kind of problem: `code` and `name` never change once published (see core/codes/)."""

    code: str  # "EX303"
    name: str  # "unknown-reference", kebab-case
    severity: Severity  # the level it is reported at
    step: Step
    summary: str  # one line: what is wrong
    fix: str  # what to do about it
    example: Example = field(compare=False, repr=False)

    @property
    def anchor(self) -> str:
        """The id of its entry on the error-codes page."""
        return self.code.lower()

    def __str__(self) -> str:
        return f"{self.code} {self.name}"


class Pos(NamedTuple):
    """A place in an editor's file; line and column count from 1, as editors show them.

    A named tuple: a check makes one per record, and a tuple is the cheapest immutable, ordered value.
    """

    path: str
    line: int = 1
    col: int = 1

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}"


@dataclass(frozen=True)
class Diagnostic:
    code: Code
    pos: Pos
    message: str
    hint: str = ""

    @property
    def severity(self) -> Severity:
        return self.code.severity

    def format_text(self) -> str:
        """'path:line:col: error CODE name: message', then '    hint: ...': exactly these lines, whatever
        the path, message and hint hold (the MkDocs log and `explainer check` print this)."""
        text = f"{visible(str(self.pos))}: {self.severity.value} {self.code}: {visible(self.message)}"
        if self.hint:
            text += f"\n    hint: {visible(self.hint)}"
        return inert_lines(text)

    def format_github(self) -> str:
        """One `::error file=...,line=..,col=..,title=...::message` workflow command: the file is a property
        and the message data, each escaped as GitHub's toolkit does, after visible() (the annotation's text
        and the log show escapes, not their effect)."""
        message = visible(self.message + (f" (hint: {self.hint})" if self.hint else ""))
        properties = f"file={_command_property(visible(self.pos.path))},line={self.pos.line},col={self.pos.col}"
        title = _command_property(str(self.code))
        return f"::{self.severity.value} {properties},title={title}::{_command_data(message)}"


class Report:
    """Collects every problem of a run so that all of them can be shown at once."""

    def __init__(self) -> None:
        self.items: list[Diagnostic] = []

    def add(self, code: Code, pos: Pos, message: str, hint: str = "") -> None:
        self.items.append(Diagnostic(code, pos, message, hint))

    def error(self, code: Code, pos: Pos, message: str, hint: str = "") -> None:
        if code.severity is not Severity.ERROR:
            raise ValueError(f"{code} is declared as a {code.severity.value}, not an error")
        self.add(code, pos, message, hint)

    def warning(self, code: Code, pos: Pos, message: str, hint: str = "") -> None:
        if code.severity is not Severity.WARNING:
            raise ValueError(f"{code} is declared as a {code.severity.value}, not a warning")
        self.add(code, pos, message, hint)

    def sorted(self) -> list[Diagnostic]:
        return sorted(self.items, key=lambda d: (d.pos, d.message))


class ExplainerError(Exception):
    """Raised at the edge (hook, command) when a run found errors; carries them all."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = diagnostics
        super().__init__(self.render())

    def render(self) -> str:
        lines = [d.format_text() for d in self.diagnostics]
        count = sum(1 for d in self.diagnostics if d.severity is Severity.ERROR)
        lines.append(f"{count} error{'s' if count != 1 else ''} in the explainer content; nothing was built.")
        return "\n".join(lines)


def json_text(document: Any, indent: int) -> str:
    """`document` as JSON with every character that is not printable written as a \\u escape (json.dumps
    escapes only C0 controls), so that the text is safe on a terminal while every value stays exact."""
    text = json.dumps(document, indent=indent, ensure_ascii=False)
    if not text.replace("\n", "").isprintable():  # only string contents can hold such characters
        text = "".join(ch if ch.isprintable() or ch == "\n" else _json_escape(ch) for ch in text)
    return text + "\n"


def _json_escape(ch: str) -> str:
    code = ord(ch)
    if code > 0xFFFF:  # JSON escapes a character outside the BMP as its UTF-16 surrogate pair
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"
