"""Problems found in editor input, with the file, line and column where each one starts."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


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
    pos: Pos
    message: str
    hint: str = ""
    severity: Severity = Severity.ERROR

    def format_text(self) -> str:
        text = f"{self.pos}: {self.severity.value}: {self.message}"
        if self.hint:
            text += f"\n    hint: {self.hint}"
        return text

    def format_github(self) -> str:
        # Workflow commands need %, CR and LF escaped in the message and ',' ':' in properties.
        message = self.message + (f" (hint: {self.hint})" if self.hint else "")
        message = message.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
        path = self.pos.path.replace("%", "%25").replace(",", "%2C").replace(":", "%3A")
        return (
            f"::{self.severity.value} file={path},line={self.pos.line},col={self.pos.col}"
            f",title=explainer check::{message}"
        )


class Report:
    """Collects every problem of a run so that all of them can be shown at once."""

    def __init__(self) -> None:
        self.items: list[Diagnostic] = []

    def error(self, pos: Pos, message: str, hint: str = "") -> None:
        self.items.append(Diagnostic(pos, message, hint, Severity.ERROR))

    def warning(self, pos: Pos, message: str, hint: str = "") -> None:
        self.items.append(Diagnostic(pos, message, hint, Severity.WARNING))

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
