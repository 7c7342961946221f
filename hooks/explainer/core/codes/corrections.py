"""EX7xx, the corrections log against a base revision (`explainer check --base REV`): every correction made
since REV is recorded, and no entry of it is taken away.

Each declaration is one code: its number, name, severity, step, summary, fix and example (see the package's
docstring); the registry lists them in the order they stand here.
"""

from __future__ import annotations

from textwrap import dedent

from explainer.core.codes.example import CORRECTION, claim
from explainer.core.diagnostics import Code, Example, Severity, Step

WARNING = Severity.WARNING

UNCORRECTED_CHANGE = Code(
    "EX701",
    "uncorrected-change",
    WARNING,
    Step.CORRECTIONS,
    summary=(
        "A published statement's text, citations, date, attribution or dispute marks changed, or the words of "
        "another published record (a person's summary, a transcript line's note), or a published record was taken "
        "away, and no new corrections entry records it."
    ),
    fix="If it corrects a mistake a reader may have relied on, add an entry to the corrections log (date, "
    "statements, wrong, now, why); a typo or style fix needs none.",
    example=Example("content/claims.yaml", claim("Ann greets Bob first."), line=2, column=5, base={}),
)
CORRECTION_OF_NEW_STATEMENT = Code(
    "EX702",
    "correction-of-new-statement",
    WARNING,
    Step.CORRECTIONS,
    summary="A new corrections entry names a statement, or another record, that was not published at the base.",
    fix="Only what was published can be corrected: remove it from the entry's statements.",
    example=Example(
        "content/corrections.yaml",
        CORRECTION.format(statements="bob-replies"),
        line=4,
        column=18,
        base={},
        also={
            "content/more-claims.yaml": dedent("""\
                claims:
                  - id: bob-replies
                    topic: general
                    text: Bob replies.
                    about: [bob]
                    citations:
                      - source: article
                        quote: Bob Example, 40, replied
            """)
        },
    ),
)
CORRECTION_WITHOUT_CHANGE = Code(
    "EX703",
    "correction-without-change",
    WARNING,
    Step.CORRECTIONS,
    summary=(
        "A new corrections entry names a statement whose text, citations, date and attribution did not change, or "
        "another record whose words did not change."
    ),
    fix="Record the correction together with the change it describes, or remove the statement from the entry.",
    example=Example("content/corrections.yaml", CORRECTION.format(statements="ann-greets"), line=4, column=18, base={}),
)
CORRECTION_REMOVED = Code(
    "EX704",
    "correction-removed",
    WARNING,
    Step.CORRECTIONS,
    summary="A corrections entry of the base revision is gone, but the log keeps every correction once published.",
    fix="Restore the entry; correct its wording if needed, but do not remove it.",
    example=Example(
        "content/corrections.yaml",
        "corrections: []\n",
        line=1,
        column=1,
        base={"content/corrections.yaml": CORRECTION.format(statements="ann-greets")},
    ),
)
