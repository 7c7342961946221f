"""The error-codes page: the registry of core/codes/ laid out for its template (templates/error_codes.html).

Pure data for the template: each code's example as the files it changes, line by line, with the line
it is reported at marked; nothing here is HTML (the template escapes everything).
"""

from __future__ import annotations

from dataclasses import dataclass

from explainer.core import codes
from explainer.core.diagnostics import Code, Step

LONGEST_LINE = 110  # characters shown of an example's line; the rest is clipped with a note


@dataclass(frozen=True)
class ShownFile:
    path: str
    lines: tuple[str, ...]
    marked: int | None = None  # the line (from 1) the problem is reported at, when it is in this file
    note: str = ""  # what cannot be shown as lines: a link, padding, bytes that are not UTF-8


@dataclass(frozen=True)
class ShownExample:
    files: tuple[ShownFile, ...]
    where: str  # "content/claims.yaml, line 5, column 18"
    base: tuple[ShownFile, ...] | None  # the published revision's changes, for `check --base`
    line: int
    column: int

    @property
    def reported_in_shown_file(self) -> bool:
        return any(f.marked is not None for f in self.files)


@dataclass(frozen=True)
class ShownStep:
    step: Step
    title: str
    description: str
    codes: tuple[Code, ...]

    @property
    def anchor(self) -> str:
        return f"sec-{self.step.value}"


def _lines(text: str) -> tuple[str, ...]:
    return tuple(line if len(line) <= LONGEST_LINE else line[: LONGEST_LINE - 1] + "…" for line in text.splitlines())


def _file(path: str, text: str | bytes, marked: int | None = None, note: str = "") -> ShownFile:
    if isinstance(text, bytes):
        try:
            shown = text.decode("utf-8")
        except UnicodeDecodeError:
            shown = text.decode("utf-8", "backslashreplace")
            note = note or "bytes that are not UTF-8 are shown as \\x.. escapes"
    else:
        shown = text
    lines = _lines(shown)
    if any(line.endswith("…") for line in lines) and not note:
        note = f"lines longer than {LONGEST_LINE} characters are clipped here"
    return ShownFile(path, lines, marked, note)


def shown_example(code: Code) -> ShownExample:
    example = code.example
    reported_here = example.reported_file == example.file
    if example.link_to is not None:
        main = ShownFile(example.file, (), None, f"a symbolic link to {example.link_to}")
    else:
        padding = f"followed by comment lines up to {example.padding:,} bytes" if example.padding else ""
        main = _file(example.file, example.text, example.line if reported_here else None, padding)
    others = tuple(
        _file(path, text, example.line if path == example.reported_file else None)
        for path, text in example.also.items()
    )
    shown = (main, *others)
    base = None
    if example.base is not None:
        base = tuple(_file(f"{path} in REV", text) for path, text in example.base.items())
    where = f"{example.reported_file}, line {example.line}, column {example.column}"
    return ShownExample(shown, where, base, example.line, example.column)


def steps() -> tuple[ShownStep, ...]:
    return tuple(ShownStep(step, *codes.STEPS[step], tuple(found)) for step, found in codes.by_step() if found)


def example_project() -> tuple[ShownFile, ...]:
    return tuple(_file(path, text) for path, text in codes.EXAMPLE_PROJECT.items())
