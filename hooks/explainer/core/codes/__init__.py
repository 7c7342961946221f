"""Every problem the checker reports, declared once: its stable code, name, severity, summary, example, fix.

A code's hundreds say the step that finds it: EX0xx options in mkdocs.yml, EX1xx loading files, EX2xx
validating records, EX3xx resolving references (and dates, and the order of events), EX4xx verifying
citations against the seeds, EX5xx hand-written pages, EX6xx editorial checks (counts, grounding),
EX7xx the corrections log against a base revision (`explainer check --base`).

Codes and names are stable: once published, a code keeps its meaning and is never reused; messages
may be reworded freely. The error-codes page of the site, the rules of `explainer check --format
sarif` and the tests (each code's example, checked, yields its code at its line and column, and every
code is among them) come from here.

Each example is written against `EXAMPLE_PROJECT`: one short seed article, one source, two people and
a claim, with nothing to report.

The catalogue is data, one module per step: `options` (EX0xx), `load` (EX1xx), `validate` (EX2xx),
`resolve` (EX3xx), `verify` (EX4xx), `pages` (EX5xx), `editorial` (EX6xx) and `corrections` (EX7xx),
each a flat list of `Code(...)` declarations in the order of their codes, and `example`, the example
project and the pieces examples are made of. This module is the registry: `CODES` in the order of the
pipeline's steps (the order of the error-codes page and of the SARIF rules), `BY_CODE`, `by_step()`,
`STEPS`, and every code by its name (`codes.UNKNOWN_REFERENCE`), as the library reports them.
"""

from __future__ import annotations

from explainer.core.codes import corrections, editorial, load, options, pages, resolve, validate, verify
from explainer.core.codes.corrections import *  # noqa: F403  (every code by its name, for `codes.NAME`)
from explainer.core.codes.editorial import *  # noqa: F403
from explainer.core.codes.example import EXAMPLE_PROJECT as EXAMPLE_PROJECT  # the example project, for hosts and tests
from explainer.core.codes.example import EXAMPLE_SEED as EXAMPLE_SEED
from explainer.core.codes.example import SOURCES as SOURCES
from explainer.core.codes.load import *  # noqa: F403
from explainer.core.codes.options import *  # noqa: F403
from explainer.core.codes.pages import *  # noqa: F403
from explainer.core.codes.resolve import *  # noqa: F403
from explainer.core.codes.validate import *  # noqa: F403
from explainer.core.codes.verify import *  # noqa: F403
from explainer.core.diagnostics import Code, Step

STEPS: dict[Step, tuple[str, str]] = {
    Step.OPTIONS: (
        "Options",
        "The explainer's options under `extra.explainer` in mkdocs.yml, read before anything else.",
    ),
    Step.LOAD: (
        "Loading files",
        "Each content file is read as plain YAML data: UTF-8, no anchors, tags or duplicate keys.",
    ),
    Step.VALIDATE: ("Validating records", "Each record has the keys, and the types of value, that its kind declares."),
    Step.RESOLVE: (
        "Resolving references",
        "Ids are unique and every reference names a record; dates and the order of events hold together.",
    ),
    Step.VERIFY: (
        "Verifying citations",
        "Every seed is readable and unchanged, every cited passage is found in it, once, and every age a fact "
        "gives is printed in its passages.",
    ),
    Step.PAGES: ("Hand-written pages", "Wiki-links in docs/ name records; citation markers name statements."),
    Step.EDITORIAL: (
        "Editorial checks",
        "Counts of articles are right, and each text says only what the passages it rests on say.",
    ),
    Step.CORRECTIONS: (
        "Corrections log",
        "With `explainer check --base REV`: the corrections log records every correction made since REV.",
    ),
}

# The module that declares each step's codes, in the order of the pipeline.
STEP_MODULES = {
    Step.OPTIONS: options,
    Step.LOAD: load,
    Step.VALIDATE: validate,
    Step.RESOLVE: resolve,
    Step.VERIFY: verify,
    Step.PAGES: pages,
    Step.EDITORIAL: editorial,
    Step.CORRECTIONS: corrections,
}

CODES: tuple[Code, ...] = tuple(
    value for module in STEP_MODULES.values() for value in vars(module).values() if isinstance(value, Code)
)
BY_CODE: dict[str, Code] = {c.code: c for c in CODES}


def by_step() -> list[tuple[Step, list[Code]]]:
    """The codes grouped by the step that finds them, in the order of the pipeline."""
    return [(step, [c for c in CODES if c.step is step]) for step in Step]
