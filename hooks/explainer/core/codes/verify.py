"""EX4xx, the verifying step: every seed is readable and unchanged (against the sources' SHA-256 and the
citations lock), every cited passage is found in it, once, and every age a fact gives is printed there.

Each declaration is one code: its number, name, severity, step, summary, fix and example (see the package's
docstring); the registry lists them in the order they stand here.
"""

from __future__ import annotations

from explainer.core.codes.example import (
    CLAIMS,
    EXAMPLE_SEED,
    GREETING,
    LOCK,
    LOCKED_SOURCES,
    MKDOCS,
    ORGANIZATIONS,
    PEOPLE,
    SOURCES,
    claim,
)
from explainer.core.diagnostics import Code, Example, Severity, Step

ERROR, WARNING = Severity.ERROR, Severity.WARNING

BAD_SEED_PATH = Code(
    "EX401",
    "bad-seed-path",
    ERROR,
    Step.VERIFY,
    summary="A source's `file` is not written as a file directly inside the seeds folder (`seeds/<name>`).",
    fix="Write it as `seeds/<name>.txt`, with forward slashes and no `..`.",
    example=Example("content/sources.yaml", SOURCES.replace("file: seeds/", "file: ../seeds/"), line=3, column=11),
)
SEED_MISSING = Code(
    "EX402",
    "seed-missing",
    ERROR,
    Step.VERIFY,
    summary="A source's seed file does not exist.",
    fix="Check the file name (the hint lists the seeds there are), or put the article into the seeds folder.",
    example=Example(
        "content/sources.yaml", SOURCES.replace("seeds/article.txt", "seeds/artcle.txt"), line=3, column=11
    ),
)
UNREADABLE_SEED = Code(
    "EX403",
    "unreadable-seed",
    ERROR,
    Step.VERIFY,
    summary="A seed is a symbolic link or not a regular file, the seeds folder is a link, or the seed cannot be read.",
    fix="Seeds are regular files directly inside a real seeds folder: replace a link by the article itself.",
    example=Example(
        "seeds/article.txt", "", line=3, column=11, link_to="../elsewhere/article.txt", reported="content/sources.yaml"
    ),
)
SEED_TOO_LARGE = Code(
    "EX404",
    "seed-too-large",
    ERROR,
    Step.VERIFY,
    summary="A seed is larger than `max_seed_bytes` (4 MiB unless mkdocs.yml says otherwise).",
    fix="A seed is one article as plain text: check that the file is the article, or raise `max_seed_bytes`.",
    example=Example(
        "mkdocs.yml", MKDOCS + "    max_seed_bytes: 100\n", line=3, column=11, reported="content/sources.yaml"
    ),
)
SEED_ENCODING = Code(
    "EX405",
    "seed-encoding",
    ERROR,
    Step.VERIFY,
    summary="A seed is not UTF-8 text, or starts with a byte-order mark.",
    fix="Convert the article to UTF-8 without a byte-order mark; its words must stay exactly the same.",
    example=Example(
        "seeds/article.txt",
        EXAMPLE_SEED.replace("“", '"')
        .replace("”", '"')
        .replace("‘", "'")
        .replace("’", "'")
        .replace("Ann", "Anné")
        .encode("latin-1"),
        line=3,
        column=11,
        reported="content/sources.yaml",
    ),
)
SEED_CHANGED = Code(
    "EX406",
    "seed-changed",
    ERROR,
    Step.VERIFY,
    summary="A seed's SHA-256 is not the one its source records: the article was changed.",
    fix="Seeds are evidence and are never edited: restore it. If the change is deliberate, review every citation "
    "reported as moved or broken, then update `sha256` and run `explainer lock`.",
    example=Example(
        "seeds/article.txt",
        EXAMPLE_SEED + "Updated on March 4.\n",
        line=4,
        column=13,
        also={"content/sources.yaml": LOCKED_SOURCES},
        reported="content/sources.yaml",
    ),
)
CITATION_BROKE = Code(
    "EX407",
    "citation-broke",
    ERROR,
    Step.VERIFY,
    summary="A changed seed no longer contains a passage it contained when the citations were locked.",
    fix=(
        "Restore the seed; if the change is deliberate, cite the passage as the article now has it (the hint shows the "
        "closest)."
    ),
    example=Example(
        "seeds/article.txt",
        EXAMPLE_SEED.replace("hello there", "hi everyone"),
        line=8,
        column=16,
        also={"content/sources.yaml": LOCKED_SOURCES, "citations.lock.json": LOCK},
        reported="content/claims.yaml",
        along=("EX406",),
    ),
)
PASSAGE_NOT_FOUND = Code(
    "EX408",
    "passage-not-found",
    ERROR,
    Step.VERIFY,
    summary="A cited passage is not in its seed.",
    fix="Copy the passage from the article exactly; the hint shows the closest passage there is. Curly and straight "
    "quotes, dashes and spaces may differ.",
    example=Example("content/claims.yaml", CLAIMS.replace(GREETING, "said “hello” to Bob"), line=8, column=16),
)
OCCURRENCE_OUT_OF_RANGE = Code(
    "EX409",
    "occurrence-out-of-range",
    ERROR,
    Step.VERIFY,
    summary="`occurrence: N` asks for an occurrence the passage does not have.",
    fix="Use a number from 1 to the number of occurrences the message gives.",
    example=Example("content/claims.yaml", claim(citation="quote: The end.\noccurrence: 3"), line=9, column=21),
)
CONTEXT_NOT_FOUND = Code(
    "EX410",
    "context-not-found",
    ERROR,
    Step.VERIFY,
    summary="A passage is in its seed, but never with the given `prefix` or `suffix`.",
    fix="Copy the prefix or suffix from the text right before or after the passage.",
    example=Example("content/claims.yaml", claim(citation="quote: The end.\nprefix: Finally,"), line=8, column=16),
)
AMBIGUOUS_PASSAGE = Code(
    "EX411",
    "ambiguous-passage",
    ERROR,
    Step.VERIFY,
    summary="A cited passage occurs more than once in its seed, so it is not clear which is meant.",
    fix="Add `prefix:` or `suffix:` with a few words around the one you mean (or `occurrence: N`).",
    example=Example("content/claims.yaml", claim(citation="quote: The end."), line=8, column=16),
)
OCCURRENCE_ONLY = Code(
    "EX412",
    "occurrence-only",
    WARNING,
    Step.VERIFY,
    summary="`occurrence: N` picks one of several places for the site, but the quote itself does not say which.",
    fix="Replace `occurrence:` by `prefix:` or `suffix:`, the words right before or after the place you mean, so "
    "that readers and annotation tools find it too.",
    example=Example("content/claims.yaml", claim(citation="quote: The end.\noccurrence: 2"), line=9, column=21),
)
CITATION_MOVED = Code(
    "EX413",
    "citation-moved",
    WARNING,
    Step.VERIFY,
    summary="A changed seed still contains a cited passage, but at other offsets than when the citations were locked.",
    fix=(
        "Check that the passage still supports the statement; once the change of the seed is accepted, run `explainer "
        "lock`."
    ),
    example=Example(
        "seeds/article.txt",
        EXAMPLE_SEED.replace("A Tiny Headline\n", "A Tiny Headline, Updated\n"),
        line=8,
        column=16,
        also={"content/sources.yaml": LOCKED_SOURCES, "citations.lock.json": LOCK},
        reported="content/claims.yaml",
        along=("EX406",),
    ),
)

AGE_NOT_IN_PASSAGE = Code(
    "EX414",
    "age-not-in-passage",
    ERROR,
    Step.VERIFY,
    summary="A person's fact gives an `age` that a passage it cites does not print.",
    fix="Cite the passage that gives the age, or correct `age:`; the family tree shows only ages the articles print.",
    example=Example(
        "content/people.yaml",
        PEOPLE.replace("        text: Reported as 40.\n", "        text: Reported as 40.\n        age: 41\n"),
        line=9,
        column=14,
    ),
)
AGE_ON_SOURCE_FACT = Code(
    "EX415",
    "age-on-source-fact",
    ERROR,
    Step.VERIFY,
    summary="A fact about a source gives an `age`; ages belong to facts about people.",
    fix="Move the fact to the person it is about, or remove `age:`.",
    example=Example(
        "content/sources.yaml",
        SOURCES.replace(
            "    title_kind: headline\n",
            "    title_kind: headline\n    facts:\n      - id: article-reports\n        text: The article reports the "
            "greeting.\n"
            "        age: 1\n        citations:\n          - source: article\n            quote: The Daily Example "
            "reported it.\n",
        ),
        line=9,
        column=14,
    ),
)
UNSAFE_SEED_NAME = Code(
    "EX416",
    "unsafe-seed-name",
    ERROR,
    Step.VERIFY,
    summary="A seed's file name is not of the safe pattern: lower-case letters, digits, `-` and `_`, then `.txt`.",
    fix="Rename the seed file (and its source's `file:`) to a name of the pattern, e.g. `seeds/article-1.txt`. The "
    "site publishes each article under its name, and a server serves a file by its name's extension: only `.txt` is "
    "served as plain text everywhere, and only lower case is the same name on every file system.",
    example=Example(
        "content/sources.yaml", SOURCES.replace("seeds/article.txt", "seeds/article.html"), line=3, column=11
    ),
)
BROKEN_LOCK = Code(
    "EX417",
    "broken-lock",
    ERROR,
    Step.VERIFY,
    summary="The citation lock (`citations.lock.json`) cannot be read as a lock: it is a link, not JSON, or not of "
    "the shape `explainer lock` writes.",
    fix="Restore the file from the last commit, or write it anew with `explainer lock`. A lock that is not read "
    "would leave a changed seed's citations unexplained.",
    example=Example("citations.lock.json", '{"sources": {"article": ', line=1, column=25),
)
SEEDS_OVER_BUDGET = Code(
    "EX420",
    "seeds-over-budget",
    ERROR,
    Step.VERIFY,
    summary="The seeds together are more, or larger, than their budget (`max_seeds`, `max_seeds_bytes`); the seed "
    "of the source shown and those after it are not read, and their citations not checked.",
    fix="Check that each source names its own article and that the articles are plain text; if they really are that "
    "many or that large, raise the option the message names under `extra.explainer` in mkdocs.yml.",
    example=Example(
        "mkdocs.yml",
        MKDOCS + "    max_seeds_bytes: 100\n",
        line=3,
        column=11,
        reported="content/sources.yaml",
    ),
)
RELAY_NOT_NAMED = Code(
    "EX421",
    "relay-not-named",
    ERROR,
    Step.VERIFY,
    summary="A citation says (`via:`) that its article relays the passage from another outlet, but the sentence "
    "of the passage does not name that outlet.",
    fix='Cite the passage whose sentence names the outlet ("…, reports Page Six."), or remove `via:` if the '
    "article does not say that it relays it: the mark is the article's word, not ours.",
    example=Example(
        "content/claims.yaml",
        claim(citation=f"quote: {GREETING}\nvia: daily"),
        line=9,
        column=14,
        also={"content/organizations.yaml": ORGANIZATIONS},
    ),
)
