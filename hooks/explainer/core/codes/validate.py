"""EX2xx, the validating step: each record has the keys, and the types of value, that its kind declares.

Each declaration is one code: its number, name, severity, step, summary, fix and example (see the package's
docstring); the registry lists them in the order they stand here.
"""

from __future__ import annotations

from explainer.core.codes.example import CLAIMS, CORRECTION, GREETING, claim
from explainer.core.diagnostics import Code, Example, Severity, Step

ERROR = Severity.ERROR

NOT_SECTIONS = Code(
    "EX201",
    "not-sections",
    ERROR,
    Step.VALIDATE,
    summary="The top of a content file is not a mapping of sections (`claims:`, `people:` ...).",
    fix="Start the file with a section name and put the records, as a list, under it.",
    example=Example("content/more.yaml", "- id: ann-greets-again\n  topic: general\n", line=1, column=1),
)
UNKNOWN_SECTION = Code(
    "EX202",
    "unknown-section",
    ERROR,
    Step.VALIDATE,
    summary="A content file has a section the explainer does not know.",
    fix="Check the spelling (the hint suggests the closest section); How to edit lists the sections.",
    example=Example("content/more.yaml", "claim:\n  - id: ann-greets-again\n", line=1, column=1),
)
SECTION_NOT_A_LIST = Code(
    "EX203",
    "section-not-a-list",
    ERROR,
    Step.VALIDATE,
    summary="A section holds something other than a list of records.",
    fix="Start each record with `- id: ...`, indented under the section.",
    example=Example("content/more.yaml", "claims:\n  id: ann-greets-again\n", line=2, column=3),
)
WRONG_TYPE = Code(
    "EX204",
    "wrong-type",
    ERROR,
    Step.VALIDATE,
    summary="A value has the wrong type: a list where text belongs, text where a list or a mapping belongs ...",
    fix="Write the value as the key expects (the message says what it found); put text that YAML reads as a "
    "number, a date or yes/no in quotes.",
    example=Example("content/claims.yaml", CLAIMS.replace("about: [ann, bob]", "about: ann"), line=5, column=12),
)
EMPTY_TEXT = Code(
    "EX205",
    "empty-text",
    ERROR,
    Step.VALIDATE,
    summary="A text value is empty, or only white space.",
    fix="Write the text, or remove the key if it is optional.",
    example=Example("content/claims.yaml", claim('""'), line=4, column=11),
)
TEXT_TOO_LONG = Code(
    "EX206",
    "text-too-long",
    ERROR,
    Step.VALIDATE,
    summary="A text value is longer than its key allows (ids 80 characters, names and titles 500, texts 20,000).",
    fix="Shorten it, or split the record into several.",
    example=Example(
        "content/more-people.yaml", "people:\n  - id: zoe\n    name: " + "Zoe Example " * 45 + "\n", line=3, column=11
    ),
)
INVALID_ID = Code(
    "EX207",
    "invalid-id",
    ERROR,
    Step.VALIDATE,
    summary="An id has characters other than lower-case letters, digits and single hyphens.",
    fix="Use the id the hint suggests: ids are part of page addresses and links.",
    example=Example("content/claims.yaml", CLAIMS.replace("id: ann-greets", "id: Ann_Greets"), line=2, column=9),
)
OUT_OF_RANGE = Code(
    "EX208",
    "out-of-range",
    ERROR,
    Step.VALIDATE,
    summary="A whole number is outside the range its key allows (a month from 1 to 12, an occurrence from 1 ...).",
    fix="Use a number within the range the hint gives.",
    example=Example("content/claims.yaml", claim(citation=f"quote: {GREETING}\noccurrence: 0"), line=9, column=21),
)
BAD_DATE = Code(
    "EX209",
    "bad-date",
    ERROR,
    Step.VALIDATE,
    summary="A day (a correction's `date`) is not written as YYYY-MM-DD, or is not a day of the calendar.",
    fix="Write the day as `2026-11-29`, and check the month's length.",
    example=Example(
        "content/corrections.yaml",
        CORRECTION.format(statements="ann-greets").replace("2026-11-29", "29/11/2026"),
        line=3,
        column=11,
    ),
)
UNKNOWN_VALUE = Code(
    "EX210",
    "unknown-value",
    ERROR,
    Step.VALIDATE,
    summary="A key that takes one of a fixed set of values has another.",
    fix="Use one of the values the message lists.",
    example=Example("content/claims.yaml", claim(keys="    attribution: {kind: reporter}\n"), line=6, column=25),
)
TOO_FEW_ITEMS = Code(
    "EX211",
    "too-few-items",
    ERROR,
    Step.VALIDATE,
    summary="A list has fewer items than it needs: most often an empty `citations: []`.",
    fix="Add the items: every statement cites at least one passage, a disagreement has at least two answers.",
    example=Example(
        "content/claims.yaml", CLAIMS.split("    citations:")[0] + "    citations: []\n", line=6, column=16
    ),
)
UNKNOWN_KEY = Code(
    "EX212",
    "unknown-key",
    ERROR,
    Step.VALIDATE,
    summary="A record has a key its kind does not have.",
    fix="Check the spelling (the hint suggests the closest key and lists them all), or remove it.",
    example=Example("content/claims.yaml", claim(keys="    colour: red\n"), line=6, column=5),
)
MISSING_KEY = Code(
    "EX213",
    "missing-key",
    ERROR,
    Step.VALIDATE,
    summary="A record lacks a key its kind requires.",
    fix="Add the key; the hint says what it holds.",
    example=Example("content/claims.yaml", CLAIMS.split("    citations:")[0], line=2, column=5),
)
