"""EX6xx, the editorial checks: counts of articles, each text said only as its passages say it (grounding),
declared names, disagreements of the right kind, withdrawn phrasings.

Each declaration is one code: its number, name, severity, step, summary, fix and example (see the package's
docstring); the registry lists them in the order they stand here.
"""

from __future__ import annotations

from textwrap import dedent

from explainer.core.codes.example import CORRECTION, EXAMPLE_SEED, GREETING, NAMES, ORGANIZATIONS, SOURCES, claim
from explainer.core.diagnostics import Code, Example, Severity, Step

ERROR, WARNING = Severity.ERROR, Severity.WARNING

WRONG_COUNT = Code(
    "EX601",
    "wrong-count",
    ERROR,
    Step.EDITORIAL,
    summary="A count of articles or reports in a text is not what its citations give.",
    fix="Correct the number (the hint gives the real count and the articles), cite the missing passage, or name "
    "the article instead of counting.",
    example=Example("content/claims.yaml", claim("Two articles say Ann greets Bob."), line=4, column=11),
)
UNCITED_COUNT = Code(
    "EX602",
    "uncited-count",
    ERROR,
    Step.EDITORIAL,
    summary="A text counts articles it does not cite (“two other articles”).",
    fix="Cite the articles counted, or name them by source id.",
    example=Example("content/claims.yaml", claim("Ann greets Bob, as two other articles say."), line=4, column=30),
)
COPIES_COUNTED = Code(
    "EX603",
    "copies-counted",
    WARNING,
    Step.EDITORIAL,
    summary="A count of articles counts articles that copy each other as separate ones.",
    fix="Say so in the same sentence: “two articles sharing text”, “four articles (three independent reports)”.",
    example=Example(
        "content/claims.yaml",
        claim("Two articles say Ann greets Bob.").replace(
            "    citations:\n", f"    citations:\n      - source: copy\n        quote: {GREETING}\n"
        ),
        line=4,
        column=11,
        also={
            "content/sources.yaml": SOURCES.replace(
                "topics:",
                "  - id: copy\n    file: seeds/copy.txt\n    title: A Tiny Headline, again\n    title_kind: "
                "headline\ntopics:",
            ),
            "seeds/copy.txt": EXAMPLE_SEED.replace("A Tiny Headline", "A Tiny Headline, again").replace(
                "The end. The end.", "More at eleven."
            ),
        },
    ),
)
UNBALANCED_QUOTE = Code(
    "EX604",
    "unbalanced-quote",
    ERROR,
    Step.EDITORIAL,
    summary="A text opens a quotation that never closes, so what it quotes cannot be checked.",
    fix="Close the quotation, or remove the mark.",
    example=Example("content/claims.yaml", claim("Ann says “hello there to Bob."), line=4, column=20),
)
UNGROUNDED_NAME = Code(
    "EX605",
    "ungrounded-name",
    ERROR,
    Step.EDITORIAL,
    summary="A text names a person, an organization or a declared name that none of the passages it rests on names.",
    fix="Cite a passage that names them, link the record they stand for (`about:`, `participants:`, `event:`), or "
    "leave the name out.",
    example=Example(
        "content/claims.yaml",
        claim("The Daily Example says Ann greets Bob."),
        line=4,
        column=11,
        also={"content/organizations.yaml": ORGANIZATIONS},
    ),
)
UNGROUNDED_NUMBER = Code(
    "EX606",
    "ungrounded-number",
    ERROR,
    Step.EDITORIAL,
    summary="A text gives a number that none of the passages it rests on gives.",
    fix="Cite the passage that gives it; a number the site infers is written as inference, and only where an "
    "inference record derives it.",
    example=Example("content/claims.yaml", claim("Ann greets Bob 3 times."), line=4, column=26),
)
UNGROUNDED_DATE_WORD = Code(
    "EX607",
    "ungrounded-date-word",
    ERROR,
    Step.EDITORIAL,
    summary="A text gives a month or a weekday that none of the passages it rests on gives.",
    fix="Cite the passage that gives it, or leave it out.",
    example=Example("content/claims.yaml", claim("Ann greets Bob on a Monday."), line=4, column=31),
)
UNGROUNDED_QUOTE = Code(
    "EX608",
    "ungrounded-quote",
    ERROR,
    Step.EDITORIAL,
    summary="A text quotes words that are not in the passages it rests on.",
    fix="Quote the article's own words, in a passage the text cites (the hint shows the closest). A work's title is "
    "not a quotation: declare it under `names:` with `kind: title`.",
    example=Example("content/claims.yaml", claim("Ann tells Bob “good morning”."), line=4, column=25),
)
UNUSED_NAME = Code(
    "EX609",
    "unused-name",
    WARNING,
    Step.EDITORIAL,
    summary="A declared name is used by no text.",
    fix="Remove the declaration, or use the name.",
    example=Example("content/names.yaml", NAMES, line=2, column=11),
)
DUPLICATE_NAME = Code(
    "EX610",
    "duplicate-name",
    ERROR,
    Step.EDITORIAL,
    summary="A name (or an alias) is declared twice.",
    fix="Declare each name once; the hint says where it is declared first.",
    example=Example(
        "content/names.yaml",
        NAMES + "  - name: A Tiny Headline\n    kind: title\n",
        line=4,
        column=11,
        along=("EX609", "EX609"),
    ),
)
NAME_OF_PERSON = Code(
    "EX611",
    "name-of-person",
    ERROR,
    Step.EDITORIAL,
    summary="A declared name is the name or an alias of a person.",
    fix="People's names come from people records: remove the declaration.",
    example=Example(
        "content/names.yaml", "names:\n  - name: Ann Example\n    kind: place\n", line=2, column=11, along=("EX609",)
    ),
)
NAME_NOT_IN_ARTICLES = Code(
    "EX612",
    "name-not-in-articles",
    ERROR,
    Step.EDITORIAL,
    summary="A declared name occurs in no article.",
    fix="Declare names exactly as an article writes them.",
    example=Example(
        "content/names.yaml",
        "names:\n  - name: The Weekly Example\n    kind: title\n",
        line=2,
        column=11,
        along=("EX609",),
    ),
)
NAME_OF_ORGANIZATION = Code(
    "EX613",
    "name-of-organization",
    ERROR,
    Step.EDITORIAL,
    summary="A declared name is the name or an alias of an organization.",
    fix="Organizations' names come from organization records: remove the declaration.",
    example=Example(
        "content/names.yaml",
        "names:\n  - name: The Daily Example\n    kind: place\n",
        line=2,
        column=11,
        also={"content/organizations.yaml": ORGANIZATIONS},
        along=("EX609",),
    ),
)
ORGANIZATION_NAME_NOT_IN_ARTICLES = Code(
    "EX614",
    "organization-name-not-in-articles",
    ERROR,
    Step.EDITORIAL,
    summary="An organization's name or alias occurs in no article.",
    fix="Write the name exactly as an article writes it.",
    example=Example(
        "content/organizations.yaml", ORGANIZATIONS + "    aliases: [The Weekly Example]\n", line=4, column=15
    ),
)

WORDING_DIFFERS = Code(
    "EX615",
    "wording-differs",
    ERROR,
    Step.EDITORIAL,
    summary=(
        "A disagreement filed as `kind: wording` has answers whose passages quote different words: more than "
        "another spelling, punctuation or house style (a word added, left out or reordered, a continuation)."
    ),
    fix="Wording only is the same words printed otherwise. Accounts that quote different words are told "
    "differently (`kind: detail`), or, when they cannot all be true, a dispute of `substance`.",
    example=Example(
        "content/disagreements.yaml",
        dedent("""\
            disagreements:
              - id: what-was-said
                question: What was said?
                kind: wording
                answers:
                  - id: hello-there
                    text: Ann Example says hello there.
                    citations:
                      - source: article
                        quote: Ann Example said “hello there”
                  - id: hello-hello
                    text: Bob Example replies.
                    citations:
                      - source: article
                        quote: "Bob Example, 40, replied: ‘Hello, hello.’"
        """),
        line=4,
        column=11,
    ),
)

WITHDRAWN_PHRASING_SURVIVES = Code(
    "EX616",
    "withdrawn-phrasing-survives",
    WARNING,
    Step.EDITORIAL,
    summary=(
        "A record or a hand-written page still says a phrasing that a corrections entry withdrew (under "
        "`withdraws`), word for word or nearly (a word changed, added or left out)."
    ),
    fix="Reword it as the correction reworded the statements it names; if the words are right where they "
    "stand, make the entry's `withdraws` phrasing more precise.",
    example=Example(
        "content/claims.yaml",
        claim("Ann greets Bob, and Bob greets Ann."),
        line=4,
        column=31,
        also={
            "content/corrections.yaml": CORRECTION.format(statements="bob-age") + "    withdraws: [Bob greets Ann]\n"
        },
    ),
)
