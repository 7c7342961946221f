"""EX3xx, the resolving step: ids are unique and every reference names a record; dates, ages and the order of
events hold together.

Each declaration is one code: its number, name, severity, step, summary, fix and example (see the package's
docstring); the registry lists them in the order they stand here.
"""

from __future__ import annotations

from textwrap import dedent

from explainer.core.codes.example import (
    CLAIMS,
    DISAGREEMENT,
    END,
    GREET,
    GREET_BEFORE_REPLY,
    PEOPLE,
    REPLY,
    SOURCES,
    TRANSCRIPT,
    claim,
    events,
    order,
)
from explainer.core.diagnostics import Code, Example, Severity, Step

ERROR = Severity.ERROR

RESERVED_ID = Code(
    "EX301",
    "reserved-id",
    ERROR,
    Step.RESOLVE,
    summary="An id is one the site uses itself: a page (`index`, `people` ...) or an anchor (`p-3`, `q-1-2` ...).",
    fix="Choose another id, e.g. the one the hint suggests.",
    example=Example("content/claims.yaml", CLAIMS.replace("id: ann-greets", "id: index"), line=2, column=9),
)
DUPLICATE_ID = Code(
    "EX302",
    "duplicate-id",
    ERROR,
    Step.RESOLVE,
    summary="Two records have the same id; ids are unique across all content files and kinds of record.",
    fix="Rename one of them; the hint says where the id is used first.",
    example=Example("content/claims.yaml", CLAIMS.replace("id: ann-greets", "id: bob-age"), line=2, column=9),
)
UNKNOWN_REFERENCE = Code(
    "EX303",
    "unknown-reference",
    ERROR,
    Step.RESOLVE,
    summary=(
        "A reference (to a person, organization, source, topic, event, quote, inference, statement or published "
        "record) names no such record, or a record of another kind."
    ),
    fix=(
        "Check the spelling (the hint suggests the closest id, or names the kind of the record the id belongs to), "
        "or add the record."
    ),
    example=Example(
        "content/claims.yaml", CLAIMS.replace("about: [ann, bob]", "about: [ann, bobby]"), line=5, column=18
    ),
)
VOICE_WITHOUT_PERSON = Code(
    "EX304",
    "voice-without-person",
    ERROR,
    Step.RESOLVE,
    summary="An attribution or a speaker of kind `person` does not say which person.",
    fix="Add `person: <id>` with the speaker's person id.",
    example=Example("content/claims.yaml", claim(keys="    attribution: {kind: person}\n"), line=6, column=18),
)
VOICE_PERSON_NOT_ALLOWED = Code(
    "EX305",
    "voice-person-not-allowed",
    ERROR,
    Step.RESOLVE,
    summary="An attribution names a person, but its kind is not `person`.",
    fix="Remove `person:`, or set `kind: person` if that person says it.",
    example=Example(
        "content/claims.yaml",
        claim(keys="    attribution:\n      kind: article\n      person: ann\n"),
        line=8,
        column=15,
    ),
)
SEED_USED_TWICE = Code(
    "EX306",
    "seed-used-twice",
    ERROR,
    Step.RESOLVE,
    summary="Two sources name the same seed file.",
    fix="A seed file is one source: remove the second source and cite the first.",
    example=Example(
        "content/sources.yaml",
        SOURCES.replace(
            "topics:",
            "  - id: article-again\n    file: seeds/article.txt\n    title: The same article\n"
            "    title_kind: description\ntopics:",
        ),
        line=7,
        column=11,
    ),
)
SELF_RELATION = Code(
    "EX307",
    "self-relation",
    ERROR,
    Step.RESOLVE,
    summary="A person is declared related to themselves.",
    fix="Name the other person of the relation.",
    example=Example(
        "content/people.yaml",
        dedent("""\
            people:
              - id: ann
                name: Ann Example
                relations:
                  - id: ann-married
                    kind: spouse
                    person: ann
                    citations:
                      - source: article
                        quote: Ann Example said
              - id: bob
                name: Bob Example
        """),
        line=7,
        column=17,
    ),
)
DUPLICATE_RELATION = Code(
    "EX308",
    "duplicate-relation",
    ERROR,
    Step.RESOLVE,
    summary="The relation between two people is declared twice (on each of them, or twice on one).",
    fix="Declare each relation once: the other person's page shows its inverse.",
    example=Example(
        "content/people.yaml",
        dedent("""\
            people:
              - id: ann
                name: Ann Example
                relations:
                  - id: ann-bob
                    kind: spouse
                    person: bob
                    citations:
                      - source: article
                        quote: Ann Example said “hello there” to Bob Example
              - id: bob
                name: Bob Example
                relations:
                  - id: bob-ann
                    kind: spouse
                    person: ann
                    citations:
                      - source: article
                        quote: Bob Example, 40, replied
        """),
        line=14,
        column=9,
    ),
)
CONCERNS_IN_WORDING = Code(
    "EX309",
    "concerns-in-wording",
    ERROR,
    Step.RESOLVE,
    summary=(
        "A disagreement of `kind: wording` or `kind: detail` names records in `concerns`: a difference of wording, "
        "or accounts that may all be true, dispute nothing."
    ),
    fix="Remove `concerns`, or make it `kind: substance` if the accounts cannot all be true.",
    example=Example(
        "content/disagreements.yaml",
        DISAGREEMENT.format(keys="    kind: wording\n    concerns: [ann-greets]\n", answer=""),
        line=5,
        column=15,
    ),
)
CONCERNS_AN_ANSWER = Code(
    "EX310",
    "concerns-an-answer",
    ERROR,
    Step.RESOLVE,
    summary="`concerns` names an answer of a disagreement.",
    fix="Answers are disputed already: name the records that state a side.",
    example=Example(
        "content/disagreements.yaml",
        DISAGREEMENT.format(keys="    concerns: [bob-first]\n", answer=""),
        line=4,
        column=16,
    ),
)
CONCERNS_AN_OMISSION = Code(
    "EX311",
    "concerns-an-omission",
    ERROR,
    Step.RESOLVE,
    summary="`concerns` names a passage left out (an omission), which states nothing.",
    fix="Name the records that state a side.",
    example=Example(
        "content/disagreements.yaml",
        DISAGREEMENT.format(keys="    concerns: [the-end]\n", answer="")
        + dedent("""\
            omissions:
              - id: the-end
                reason: A closing line.
                citations:
                  - source: article
                    quote: The end. The end.
        """),
        line=4,
        column=16,
    ),
)
CONCERNS_NAMED_TWICE = Code(
    "EX312",
    "concerns-named-twice",
    ERROR,
    Step.RESOLVE,
    summary="A record is named twice in the `concerns` of one disagreement.",
    fix="Name each record once: on the answer whose side it states, or on the disagreement when it takes no side.",
    example=Example(
        "content/disagreements.yaml",
        DISAGREEMENT.format(keys="    concerns: [ann-greets]\n", answer="        concerns: [ann-greets]\n"),
        line=8,
        column=20,
    ),
)
TRANSCRIPT_LINE_SHAPE = Code(
    "EX313",
    "transcript-line-shape",
    ERROR,
    Step.RESOLVE,
    summary="A transcript line has both `quote` and `action`, or neither.",
    fix="Use `quote: <quote id>` for spoken words, `action: ...` with citations for anything else.",
    example=Example(
        "content/transcripts.yaml", TRANSCRIPT.format(line="        note: Ann speaks first.\n"), line=12, column=9
    ),
)
QUOTE_LINE_CITATIONS = Code(
    "EX314",
    "quote-line-citations",
    ERROR,
    Step.RESOLVE,
    summary="A transcript line that shows a quote has citations of its own.",
    fix="A quote line cites through its quote: move the citations to the quote's record.",
    example=Example(
        "content/transcripts.yaml",
        TRANSCRIPT.format(
            line="        quote: hello-there\n        citations:\n          - source: article\n"
            "            quote: Ann Example said\n"
        ),
        line=15,
        column=11,
    ),
)
QUOTE_LINE_SPEAKER = Code(
    "EX315",
    "quote-line-speaker",
    ERROR,
    Step.RESOLVE,
    summary="A transcript line that shows a quote has a speaker of its own.",
    fix="A quote line takes its speaker from the quote: set the speaker on the quote's record.",
    example=Example(
        "content/transcripts.yaml",
        TRANSCRIPT.format(line="        quote: hello-there\n        speaker: {kind: person, person: bob}\n"),
        line=14,
        column=18,
    ),
)
ACTION_WITHOUT_CITATIONS = Code(
    "EX316",
    "action-without-citations",
    ERROR,
    Step.RESOLVE,
    summary="A transcript line that describes an action cites nothing.",
    fix="Add `citations:` with the passages that report it.",
    example=Example(
        "content/transcripts.yaml", TRANSCRIPT.format(line="        action: Ann turns to Bob.\n"), line=12, column=9
    ),
)
UNUSED_INFERENCE = Code(
    "EX317",
    "unused-inference",
    ERROR,
    Step.RESOLVE,
    summary="A date's inference is named by none of its parts.",
    fix="Name it from the part it gives (`inference: <id>`, with `basis: inferred`), or remove it.",
    example=Example(
        "content/events.yaml",
        events(
            GREET.format(
                keys="    date:\n      year: {value: 2025, basis: stated}\n      inferences:\n"
                "        - id: greet-year\n"
                "          text: Reasoned from the article.\n          citations:\n            - source: article\n"
                "              quote: on March 3\n"
            )
        ),
        line=8,
        column=15,
    ),
)
RANGE_WITH_POINT = Code(
    "EX318",
    "range-with-point",
    ERROR,
    Step.RESOLVE,
    summary="A date has both single-date parts (year, month, day) and range ends (earliest, latest).",
    fix="A date is one or the other: move the parts into `earliest:` and `latest:`, or remove the range.",
    example=Example(
        "content/events.yaml",
        events(
            GREET.format(
                keys="    date:\n      year: {value: 2025, basis: stated}\n"
                "      earliest: {year: {value: 2025, basis: stated}}\n      latest: {year: {value: 2026, basis: "
                "stated}}\n"
            )
        ),
        line=6,
        column=13,
    ),
)
INCOMPLETE_RANGE = Code(
    "EX319",
    "incomplete-range",
    ERROR,
    Step.RESOLVE,
    summary="A date range has only one of `earliest` and `latest`.",
    fix="Give the widest bound the evidence allows; an order without a date goes in the event's `after:` or `before:`.",
    example=Example(
        "content/events.yaml",
        events(GREET.format(keys="    date:\n      earliest: {year: {value: 2025, basis: stated}}\n")),
        line=6,
        column=7,
    ),
)
DATE_WITHOUT_YEAR = Code(
    "EX320",
    "date-without-year",
    ERROR,
    Step.RESOLVE,
    summary="A single date has no year.",
    fix="Omit `date` when the articles do not say when; if only the year is missing, infer it with reasoning "
    "(`basis: inferred`).",
    example=Example(
        "content/events.yaml",
        events(GREET.format(keys="    date:\n      month: {value: 3, basis: stated}\n")),
        line=6,
        column=7,
    ),
)
DAY_WITHOUT_MONTH = Code(
    "EX321",
    "day-without-month",
    ERROR,
    Step.RESOLVE,
    summary="A date gives a day but no month.",
    fix="Add `month:`, or remove `day:`.",
    example=Example(
        "content/events.yaml",
        events(
            GREET.format(
                keys="    date:\n      year: {value: 2025, basis: stated}\n      day: {value: 3, basis: stated}\n"
            )
        ),
        line=7,
        column=12,
    ),
)
NOT_A_CALENDAR_DAY = Code(
    "EX322",
    "not-a-calendar-day",
    ERROR,
    Step.RESOLVE,
    summary="A date's year, month and day make no day of the calendar (February 30).",
    fix="Check the day and the month; the hint gives the month's length.",
    example=Example(
        "content/events.yaml",
        events(
            GREET.format(
                keys="    date:\n      year: {value: 2025, basis: stated}\n      month: {value: 2, basis: stated}\n"
                "      day: {value: 30, basis: stated}\n"
            )
        ),
        line=8,
        column=12,
    ),
)
INFERRED_WITHOUT_INFERENCE = Code(
    "EX323",
    "inferred-without-inference",
    ERROR,
    Step.RESOLVE,
    summary="A date part is `basis: inferred` but names no inference.",
    fix="Write the reasoning, with its citations, under the date's `inferences:` and name its id on the part.",
    example=Example(
        "content/events.yaml",
        events(GREET.format(keys="    date:\n      year: {value: 2025, basis: inferred}\n")),
        line=6,
        column=34,
    ),
)
STATED_WITH_INFERENCE = Code(
    "EX324",
    "stated-with-inference",
    ERROR,
    Step.RESOLVE,
    summary="A date part is `basis: stated` but names an inference.",
    fix="Remove `inference:`, or set `basis: inferred` if no article gives this part.",
    example=Example(
        "content/events.yaml",
        events(
            GREET.format(
                keys="    date:\n      year: {value: 2025, basis: stated, inference: greet-year}\n      inferences:\n"
                "        - id: greet-year\n"
                "          text: Reasoned from the article.\n          citations:\n            - source: article\n"
                "              quote: on March 3\n"
            )
        ),
        line=6,
        column=53,
    ),
)
RANGE_REVERSED = Code(
    "EX325",
    "range-reversed",
    ERROR,
    Step.RESOLVE,
    summary="A date range ends before it begins.",
    fix="Swap `earliest` and `latest`, or check both.",
    example=Example(
        "content/events.yaml",
        events(
            GREET.format(
                keys="    date:\n      earliest: {year: {value: 2026, basis: stated}}\n"
                "      latest: {year: {value: 2025, basis: stated}}\n"
            )
        ),
        line=7,
        column=15,
    ),
)
RANGE_OF_ONE_DATE = Code(
    "EX326",
    "range-of-one-date",
    ERROR,
    Step.RESOLVE,
    summary="Both ends of a date range are the same date.",
    fix="Write it as a single date (year, month, day).",
    example=Example(
        "content/events.yaml",
        events(
            GREET.format(
                keys="    date:\n      earliest: {year: {value: 2025, basis: stated}}\n"
                "      latest: {year: {value: 2025, basis: stated}}\n"
            )
        ),
        line=7,
        column=15,
    ),
)
ORDER_AGAINST_ITSELF = Code(
    "EX327",
    "order-against-itself",
    ERROR,
    Step.RESOLVE,
    summary="An event's `after:` or `before:` names the event itself.",
    fix="Name the other event.",
    example=Example(
        "content/events.yaml",
        events(GREET.format(keys=order("before", "greet-before-greet", "greet"))),
        line=7,
        column=16,
    ),
)
ORDER_DECLARED_TWICE = Code(
    "EX328",
    "order-declared-twice",
    ERROR,
    Step.RESOLVE,
    summary="The order of two events is declared twice (on each of the events, or twice on one).",
    fix="Declare each order once, on either event; the hint says where the first one is.",
    example=Example(
        "content/events.yaml",
        events(GREET.format(keys=GREET_BEFORE_REPLY), REPLY.format(keys=order("after", "reply-after-greet", "greet"))),
        line=19,
        column=16,
    ),
)
ORDER_CONTRADICTS_DATES = Code(
    "EX329",
    "order-contradicts-dates",
    ERROR,
    Step.RESOLVE,
    summary="A declared order puts an event before another that the dates put after it.",
    fix="One of them is wrong: check both dates and the relation against the articles.",
    example=Example(
        "content/events.yaml",
        events(
            GREET.format(keys="    date:\n      year: {value: 2026, basis: stated}\n" + GREET_BEFORE_REPLY),
            REPLY.format(keys="    date:\n      year: {value: 2025, basis: stated}\n"),
        ),
        line=9,
        column=16,
    ),
)
ORDER_CYCLE = Code(
    "EX330",
    "order-cycle",
    ERROR,
    Step.RESOLVE,
    summary="The declared orders (with the dates) say that an event came before itself.",
    fix="One of the relations or dates in the circle the message lists is wrong.",
    example=Example(
        "content/events.yaml",
        events(
            GREET.format(keys=GREET_BEFORE_REPLY),
            REPLY.format(keys=order("before", "reply-before-end", "end", "The end. The end.")),
            END.format(keys=order("before", "end-before-greet", "greet", "Hello, hello.")),
        ),
        line=7,
        column=16,
    ),
)
SEQUENCE_CONTRADICTS_ORDER = Code(
    "EX331",
    "sequence-contradicts-order",
    ERROR,
    Step.RESOLVE,
    summary="An event's `sequence` lists it after an event that the dates or relations put after it.",
    fix=(
        "`sequence` only orders events the evidence leaves unordered: renumber it to agree with the dates and "
        "relations."
    ),
    example=Example(
        "content/events.yaml",
        events(GREET.format(keys="    sequence: 2\n" + GREET_BEFORE_REPLY), REPLY.format(keys="    sequence: 1\n")),
        line=5,
        column=15,
    ),
)

FAMILY_CYCLE = Code(
    "EX332",
    "family-cycle",
    ERROR,
    Step.RESOLVE,
    summary="The family relations make someone their own ancestor (a child of their own child, or of a partner's).",
    fix="One of the relations the message lists is wrong: check whether `child` and `parent` are the right way "
    "round, and who is whose partner.",
    example=Example(
        "content/people.yaml",
        dedent("""\
            people:
              - id: ann
                name: Ann Example
                relations:
                  - id: ann-bob
                    kind: child
                    person: bob
                    citations:
                      - source: article
                        quote: Ann Example said “hello there” to Bob Example
              - id: bob
                name: Bob Example
                relations:
                  - id: bob-cy
                    kind: child
                    person: cy
                    citations:
                      - source: article
                        quote: Bob Example, 40, replied
              - id: cy
                name: Cy Example
                relations:
                  - id: cy-ann
                    kind: spouse
                    person: ann
                    citations:
                      - source: article
                        quote: The Daily Example reported it.
        """),
        line=15,
        column=15,
    ),
)

CONFUSABLE_NAME = Code(
    "EX333",
    "confusable-name",
    ERROR,
    Step.RESOLVE,
    summary="Two people or organizations have the same name, or names that look the same (a look-alike letter of "
    "another script, 'I' for 'l', 'rn' for 'm', an accent), or a name mixes Latin, Cyrillic or Greek letters.",
    fix="Give each the fuller name the articles use (a first or middle name, a suffix such as 'Jr.'), merge the "
    "two records if they are one, or retype the name so that it has only the letters the article prints.",
    example=Example("content/people.yaml", PEOPLE.replace("name: Bob Example", "name: Ann Examp1e"), line=5, column=11),
)
