"""Every problem the checker reports, declared once: its stable code, name, severity, summary, example, fix.

A code's hundreds say the step that finds it: EX0xx options in mkdocs.yml, EX1xx loading files, EX2xx
validating records, EX3xx resolving references (and dates, and the order of events), EX4xx verifying
citations against the seeds, EX5xx hand-written pages, EX6xx editorial checks (counts, grounding),
EX7xx the corrections log against a base revision (`explainer check --base`).

Codes and names are stable: once published, a code keeps its meaning and is never reused; messages
may be reworded. The error-codes page of the site, the rules of `explainer check --format sarif`
and the tests (each example below, checked, yields its code at its line and column) come from here.

Each example is written against `EXAMPLE_PROJECT`: one short seed article, one source, two people
and a claim, with nothing to report.
"""

from __future__ import annotations

import hashlib

from .diagnostics import Code, Example, Severity, Step

ERROR = Severity.ERROR
WARNING = Severity.WARNING

STEPS: dict[Step, tuple[str, str]] = {
    Step.OPTIONS: (
        "Options",
        "The explainer's options under `extra.explainer` in mkdocs.yml, read before anything else.",
    ),
    Step.LOAD: (
        "Loading files",
        "Each content file is read as plain YAML data: UTF-8, no anchors, tags or duplicate keys.",
    ),
    Step.VALIDATE: ("Validating records", "Each record has the keys and types its kind declares."),
    Step.RESOLVE: (
        "Resolving references",
        "Ids are unique and every reference names a record; dates and the order of events hold together.",
    ),
    Step.VERIFY: (
        "Verifying citations",
        "Every seed is readable and unchanged, and every cited passage is found in it exactly once.",
    ),
    Step.PAGES: ("Hand-written pages", "Wiki-links in docs/ name records; citation markers name statements."),
    Step.EDITORIAL: (
        "Editorial checks",
        "Counts of articles are right, and each text says only what its cited passages say.",
    ),
    Step.CORRECTIONS: (
        "Corrections log",
        "With `explainer check --base REV`: the corrections log records every correction made since REV.",
    ),
}

# ---- the example project ------------------------------------------------------------------------

EXAMPLE_SEED = """\
A Tiny Headline

Ann Example said “hello there” to Bob Example on March 3.
Bob Example, 40, replied: ‘Hello, hello.’
The Daily Example reported it.
The end. The end.
"""

SOURCES = """\
sources:
  - id: article
    file: seeds/article.txt
    title: A Tiny Headline
    title_kind: headline
topics:
  - id: general
    title: General
"""

PEOPLE = """\
people:
  - id: ann
    name: Ann Example
  - id: bob
    name: Bob Example
    facts:
      - id: bob-age
        text: Reported as 40.
        citations:
          - source: article
            quote: Bob Example, 40,
"""

CLAIMS = """\
claims:
  - id: ann-greets
    topic: general
    text: Ann greets Bob.
    about: [ann, bob]
    citations:
      - source: article
        quote: said “hello there” to Bob
"""

EXAMPLE_PROJECT: dict[str, str] = {
    "seeds/article.txt": EXAMPLE_SEED,
    "content/sources.yaml": SOURCES,
    "content/people.yaml": PEOPLE,
    "content/claims.yaml": CLAIMS,
    "docs/index.md": "# Example\n",
}

_SEED_SHA256 = hashlib.sha256(EXAMPLE_SEED.encode("utf-8")).hexdigest()
_GREETING = "said “hello there” to Bob"
_GREETING_AT = EXAMPLE_SEED.index(_GREETING)
_LOCKED_SOURCES = SOURCES.replace("    title: A Tiny", f"    sha256: {_SEED_SHA256}\n    title: A Tiny")
_LOCK = (
    '{"sources": {"article": {"seed": "article.txt", "sha256": "' + _SEED_SHA256 + '", "citations": {'
    f'"ann-greets | {_GREETING}": [{_GREETING_AT}, {_GREETING_AT + len(_GREETING)}], '
    '"bob-age | Bob Example, 40,": ['
    + f"{EXAMPLE_SEED.index('Bob Example, 40,')}, {EXAMPLE_SEED.index('Bob Example, 40,') + 16}"
    + "]}}}}\n"
)
_MKDOCS = "site_name: Example\nextra:\n  explainer:\n"


def _claims(
    text: str = "Ann greets Bob.",
    citations: str = f"      - source: article\n        quote: {_GREETING}\n",
    extra: str = "",
) -> str:
    """The example claims file with its text, its citations or keys of its own changed."""
    return f"claims:\n  - id: ann-greets\n    topic: general\n    text: {text}\n    about: [ann, bob]\n{extra}    citations:\n{citations}"


def _event(date: str = "", extra: str = "", event_id: str = "greet", quote: str = "to Bob Example on March 3") -> str:
    return (
        f"  - id: {event_id}\n    title: Ann greets Bob\n    text: Ann greets Bob.\n{date}{extra}"
        f"    citations:\n      - source: article\n        quote: {quote}\n"
    )


_REPLY = _event(event_id="reply", quote="replied:").replace(
    "title: Ann greets Bob\n    text: Ann greets Bob.", "title: Bob replies\n    text: Bob replies."
)
_DISAGREEMENT = """\
disagreements:
  - id: who-spoke-first
    question: Who spoke first?
    answers:
      - id: ann-first
        text: Ann spoke first.
        citations:
          - source: article
            quote: Ann Example said
      - id: bob-first
        text: Bob replied.
        citations:
          - source: article
            quote: "replied:"
"""
_TRANSCRIPT = """\
quotes:
  - id: hello-there
    speaker: {kind: person, person: ann}
    addressee: bob
    citations:
      - source: article
        quote: “hello there”
transcripts:
  - id: greeting
    title: The greeting
    lines:
"""
_NAMES = "names:\n  - name: The Daily Example\n    kind: outlet\n"
_COPY_SOURCES = SOURCES.replace(
    "topics:",
    "  - id: copy\n    file: seeds/copy.txt\n    title: A Tiny Headline, again\n    title_kind: headline\ntopics:",
)


# ---- EX0xx options ------------------------------------------------------------------------------

OPTIONS_UNREADABLE = Code(
    "EX001",
    "options-unreadable",
    ERROR,
    Step.OPTIONS,
    "mkdocs.yml is not valid YAML, so the explainer's options cannot be read.",
    "Correct the YAML at the place shown; MkDocs could not read the file either.",
    Example("mkdocs.yml", _MKDOCS + "    content_dir: [content\n", 5, 1),
)
OPTIONS_NOT_A_MAPPING = Code(
    "EX002",
    "options-not-a-mapping",
    ERROR,
    Step.OPTIONS,
    "`extra.explainer` in mkdocs.yml is not a mapping of options.",
    "Write each option on its own line under `explainer:`, e.g. `content_dir: content`.",
    Example("mkdocs.yml", "site_name: Example\nextra:\n  explainer: content\n", 3, 14),
)
UNKNOWN_OPTION = Code(
    "EX003",
    "unknown-option",
    ERROR,
    Step.OPTIONS,
    "`extra.explainer` names an option the explainer does not have.",
    "Check the spelling (the hint suggests the closest option) or remove it; every option is listed in How to edit.",
    Example("mkdocs.yml", _MKDOCS + "    content_folder: content\n", 4, 5),
)
OPTION_WRONG_TYPE = Code(
    "EX004",
    "option-wrong-type",
    ERROR,
    Step.OPTIONS,
    "An option has a value of the wrong type: text where a whole number belongs, or the reverse.",
    "Write the value as the hint shows, e.g. `max_seed_bytes: 4194304`.",
    Example("mkdocs.yml", _MKDOCS + "    max_seed_bytes: lots\n", 4, 21),
)
OPTION_OUT_OF_RANGE = Code(
    "EX005",
    "option-out-of-range",
    ERROR,
    Step.OPTIONS,
    "A numeric option is outside the range it allows.",
    "Use a number within the range the message gives, or remove the option to keep its default.",
    Example("mkdocs.yml", _MKDOCS + "    max_seed_bytes: 0\n", 4, 21),
)
OPTION_NOT_A_FOLDER = Code(
    "EX006",
    "option-not-a-folder",
    ERROR,
    Step.OPTIONS,
    "A folder option is not a plain folder inside the project.",
    "Write a relative path with forward slashes, such as `content` or `data/content`; no `..`, no absolute path.",
    Example("mkdocs.yml", _MKDOCS + "    content_dir: /srv/content\n", 4, 18),
)

# ---- EX1xx loading files ------------------------------------------------------------------------

CONTENT_FOLDER_MISSING = Code(
    "EX101",
    "content-folder-missing",
    ERROR,
    Step.LOAD,
    "The content folder does not exist.",
    "Create the folder (by default `content/`) with the YAML files, or point `content_dir` at the folder that has them.",
    Example("mkdocs.yml", _MKDOCS + "    content_dir: records\n", 1, 1, reported="records"),
)
BAD_FILE_NAME = Code(
    "EX102",
    "bad-file-name",
    ERROR,
    Step.LOAD,
    "A content file's name or folder has characters other than letters, digits, `.`, `_` and `-`.",
    "Rename the file as the hint suggests; names like `more-claims.yaml` are the same on every system and in every URL.",
    Example("content/more claims.yaml", "claims: []\n", 1, 1),
)
UNREADABLE_FILE = Code(
    "EX103",
    "unreadable-file",
    ERROR,
    Step.LOAD,
    "A content file is a symbolic link, a folder, a device or a pipe, or cannot be read.",
    "Content files are regular files inside the content folder: replace a link by the file itself.",
    Example("content/more.yaml", "", 1, 1, link_to="../notes/more.yaml"),
)
FILE_TOO_LARGE = Code(
    "EX104",
    "file-too-large",
    ERROR,
    Step.LOAD,
    "A content file is larger than 2 MiB, the most a content file may hold.",
    "Split it into several files; records may be spread over any number of files.",
    Example("content/claims.yaml", CLAIMS, 1, 1, padding=2 * 1024 * 1024 + 1),
)
BAD_ENCODING = Code(
    "EX105",
    "bad-encoding",
    ERROR,
    Step.LOAD,
    "A content file is not UTF-8 text, or starts with a byte-order mark.",
    "Save the file as UTF-8 without a byte-order mark (most editors call it plain “UTF-8”).",
    Example("content/people.yaml", "people:\n  - id: zoe\n    name: Zo\xe9 Example\n".encode("latin-1"), 3, 13),
)
UNPRINTABLE_CHARACTER = Code(
    "EX106",
    "unprintable-character",
    ERROR,
    Step.LOAD,
    "A content file holds a control character, written or made by an escape such as `\\a` or `\\u0007`.",
    "Remove it: content is printable text. An editor that shows invisible characters finds a written one.",
    Example("content/claims.yaml", _claims(text='"Ann greets Bob.\\a"'), 4, 11),
)
YAML_SYNTAX = Code(
    "EX107",
    "yaml-syntax",
    ERROR,
    Step.LOAD,
    "A content file is not valid YAML.",
    "The hint says what to change at the place shown: most often, put text that contains `: ` or starts with a special character in quotes.",
    Example("content/claims.yaml", _claims(text="Ann greets Bob: hello."), 4, 19),
)
MULTIPLE_DOCUMENTS = Code(
    "EX108",
    "multiple-documents",
    ERROR,
    Step.LOAD,
    "A content file holds more than one YAML document (a `---` line between records).",
    "Remove the `---` separator: one file is one document, with its sections at the top.",
    Example("content/claims.yaml", CLAIMS + "---\nclaims: []\n", 9, 1),
)
ANCHOR_OR_ALIAS = Code(
    "EX109",
    "anchor-or-alias",
    ERROR,
    Step.LOAD,
    "A content file uses a YAML anchor (`&x`), alias (`*x`) or merge key (`<<`).",
    "Write each value out in full; every record says what it says itself.",
    Example("content/claims.yaml", CLAIMS.replace("topic: general", "topic: &topic general"), 3, 12),
)
YAML_TAG = Code(
    "EX110",
    "yaml-tag",
    ERROR,
    Step.LOAD,
    "A content file uses a YAML tag such as `!!binary` or `!!python/object`.",
    "Remove the tag: content files hold plain text, numbers, lists and mappings.",
    Example("content/claims.yaml", _claims(text="!!binary QW5uIGdyZWV0cyBCb2Iu"), 4, 11),
)
TOO_DEEP = Code(
    "EX111",
    "too-deep",
    ERROR,
    Step.LOAD,
    "Lists or mappings are nested more than 32 levels deep.",
    "Flatten the structure; no record kind nests anywhere near that deep.",
    Example("content/claims.yaml", "claims: " + "[" * 40 + "]" * 40 + "\n", 1, 39),
)
NUMBER_TOO_LONG = Code(
    "EX112",
    "number-too-long",
    ERROR,
    Step.LOAD,
    "A number has more than 100 digits.",
    "Numbers in content are years, months, days, sequence numbers and occurrences: check the value.",
    Example(
        "content/claims.yaml",
        _claims(citations=f"      - source: article\n        quote: {_GREETING}\n        occurrence: 1{'0' * 100}\n"),
        9,
        21,
    ),
)
KEY_TOO_LONG = Code(
    "EX113",
    "key-too-long",
    ERROR,
    Step.LOAD,
    "A key is longer than 100 characters.",
    "Keys are short names such as `text` or `citations`; a long one is usually text that lost its indentation.",
    Example(
        "content/claims.yaml", _claims(extra="    " + "and-the-rest-of-the-sentence-" * 4 + "went-here: true\n"), 6, 5
    ),
)
DUPLICATE_KEY = Code(
    "EX114",
    "duplicate-key",
    ERROR,
    Step.LOAD,
    "The same key appears twice in one mapping; YAML would silently keep only the last.",
    "Keep one of them; the hint says where the first one is.",
    Example("content/claims.yaml", _claims(extra="    topic: general\n"), 6, 5),
)
EMPTY_FILE = Code(
    "EX115",
    "empty-file",
    ERROR,
    Step.LOAD,
    "A content file holds no data (nothing, or only comments).",
    "Add a section such as `claims:` with its records, or delete the file.",
    Example("content/more.yaml", "# claims to come\n", 1, 1),
)

# ---- EX2xx validating records -------------------------------------------------------------------

NOT_SECTIONS = Code(
    "EX201",
    "not-sections",
    ERROR,
    Step.VALIDATE,
    "The top of a content file is not a mapping of sections (`claims:`, `people:` ...).",
    "Start the file with a section name and put the records, as a list, under it.",
    Example("content/claims.yaml", "- id: ann-greets\n  topic: general\n", 1, 1),
)
UNKNOWN_SECTION = Code(
    "EX202",
    "unknown-section",
    ERROR,
    Step.VALIDATE,
    "A content file has a section the explainer does not know.",
    "Check the spelling (the hint suggests the closest section); the sections are listed in How to edit.",
    Example("content/claims.yaml", CLAIMS.replace("claims:", "claim:"), 1, 1),
)
SECTION_NOT_A_LIST = Code(
    "EX203",
    "section-not-a-list",
    ERROR,
    Step.VALIDATE,
    "A section holds something other than a list of records.",
    "Start each record with `- id: ...`, indented under the section.",
    Example("content/claims.yaml", "claims:\n  id: ann-greets\n", 2, 3),
)
WRONG_TYPE = Code(
    "EX204",
    "wrong-type",
    ERROR,
    Step.VALIDATE,
    "A value has the wrong type: a list where text belongs, text where a list or mapping belongs, and so on.",
    "Write the value as the key expects (the message says what it found); put text that YAML reads as a number, a date or yes/no in quotes.",
    Example("content/claims.yaml", CLAIMS.replace("about: [ann, bob]", "about: ann"), 5, 12),
)
EMPTY_TEXT = Code(
    "EX205",
    "empty-text",
    ERROR,
    Step.VALIDATE,
    "A text value is empty or only white space.",
    "Write the text, or remove the key if it is optional.",
    Example("content/claims.yaml", _claims(text='""'), 4, 11),
)
TEXT_TOO_LONG = Code(
    "EX206",
    "text-too-long",
    ERROR,
    Step.VALIDATE,
    "A text value is longer than its key allows (ids 80 characters, titles and names 500, texts 20,000).",
    "Shorten it, or split the record into several.",
    Example(
        "content/sources.yaml", SOURCES.replace("title: A Tiny Headline", "title: " + "A Tiny Headline, " * 30), 4, 12
    ),
)
INVALID_ID = Code(
    "EX207",
    "invalid-id",
    ERROR,
    Step.VALIDATE,
    "An id has characters other than lower-case letters, digits and single hyphens.",
    "Use the id the hint suggests: ids appear in page addresses and links.",
    Example("content/claims.yaml", CLAIMS.replace("id: ann-greets", "id: Ann_Greets"), 2, 9),
)
OUT_OF_RANGE = Code(
    "EX208",
    "out-of-range",
    ERROR,
    Step.VALIDATE,
    "A whole number is outside the range its key allows (a month 1 to 12, an occurrence from 1 ...).",
    "Use a number within the range the hint gives.",
    Example(
        "content/claims.yaml",
        _claims(citations="      - source: article\n        quote: The end.\n        occurrence: 0\n"),
        9,
        21,
    ),
)
BAD_DATE = Code(
    "EX209",
    "bad-date",
    ERROR,
    Step.VALIDATE,
    "A day (a correction's `date`) is not written as YYYY-MM-DD, or is not a day of the calendar.",
    "Write the day as `2026-11-29`; check the month's length.",
    Example(
        "content/corrections.yaml",
        "corrections:\n  - id: greeting-fixed\n    date: 29/11/2026\n    statements: [ann-greets]\n"
        "    wrong: It said Bob greets Ann.\n    now: It says Ann greets Bob.\n    why: A closer reading of the passage.\n",
        3,
        11,
    ),
)
UNKNOWN_VALUE = Code(
    "EX210",
    "unknown-value",
    ERROR,
    Step.VALIDATE,
    "A key that takes one of a fixed set of values has another.",
    "Use one of the values the message lists.",
    Example("content/sources.yaml", SOURCES.replace("title_kind: headline", "title_kind: header"), 5, 17),
)
TOO_FEW_ITEMS = Code(
    "EX211",
    "too-few-items",
    ERROR,
    Step.VALIDATE,
    "A list has fewer items than it needs: most often an empty `citations: []`.",
    "Add the items; every statement cites at least one passage, a disagreement has at least two answers.",
    Example("content/claims.yaml", CLAIMS.split("    citations:")[0] + "    citations: []\n", 6, 16),
)
UNKNOWN_KEY = Code(
    "EX212",
    "unknown-key",
    ERROR,
    Step.VALIDATE,
    "A record has a key its kind does not have.",
    "Check the spelling (the hint suggests the closest key and lists them all), or remove it.",
    Example("content/claims.yaml", _claims(extra="    colour: red\n"), 6, 5),
)
MISSING_KEY = Code(
    "EX213",
    "missing-key",
    ERROR,
    Step.VALIDATE,
    "A record lacks a key its kind requires.",
    "Add the key; the hint says what it holds.",
    Example("content/claims.yaml", CLAIMS.split("    citations:")[0], 2, 5),
)

# ---- EX3xx resolving references -----------------------------------------------------------------

RESERVED_ID = Code(
    "EX301",
    "reserved-id",
    ERROR,
    Step.RESOLVE,
    "An id is one the site uses itself: a page (`index`, `people` ...) or an anchor pattern (`p-3`, `q-1-2` ...).",
    "Choose another id, e.g. the one the hint suggests.",
    Example("content/claims.yaml", CLAIMS.replace("id: ann-greets", "id: index"), 2, 9),
)
DUPLICATE_ID = Code(
    "EX302",
    "duplicate-id",
    ERROR,
    Step.RESOLVE,
    "Two records have the same id; ids are unique across all content files and kinds.",
    "Rename one of them; the hint says where the id is used first.",
    Example("content/claims.yaml", CLAIMS.replace("id: ann-greets", "id: bob-age"), 2, 9),
)
UNKNOWN_REFERENCE = Code(
    "EX303",
    "unknown-reference",
    ERROR,
    Step.RESOLVE,
    "A reference (a person, source, topic, event, quote, inference or statement id) names no record of that kind.",
    "Check the spelling (the hint suggests the closest id), or add the record.",
    Example("content/claims.yaml", CLAIMS.replace("about: [ann, bob]", "about: [ann, bobby]"), 5, 18),
)
VOICE_WITHOUT_PERSON = Code(
    "EX304",
    "voice-without-person",
    ERROR,
    Step.RESOLVE,
    "An attribution or speaker of kind `person` does not say which person.",
    "Add `person: <id>` with the speaker's person id.",
    Example("content/claims.yaml", _claims(extra="    attribution: {kind: person}\n"), 6, 18),
)
VOICE_PERSON_NOT_ALLOWED = Code(
    "EX305",
    "voice-person-not-allowed",
    ERROR,
    Step.RESOLVE,
    "An attribution names a person but its kind is not `person`.",
    "Remove `person:`, or set `kind: person` if that person says it.",
    Example("content/claims.yaml", _claims(extra="    attribution:\n      kind: article\n      person: ann\n"), 8, 15),
)
SEED_USED_TWICE = Code(
    "EX306",
    "seed-used-twice",
    ERROR,
    Step.RESOLVE,
    "Two sources name the same seed file.",
    "Each seed file is one source: remove the second source and cite the first.",
    Example(
        "content/sources.yaml",
        SOURCES.replace(
            "topics:",
            "  - id: article-again\n    file: seeds/article.txt\n    title: The same article\n    title_kind: description\ntopics:",
        ),
        7,
        11,
    ),
)
SELF_RELATION = Code(
    "EX307",
    "self-relation",
    ERROR,
    Step.RESOLVE,
    "A person is declared related to themselves.",
    "Name the other person of the relation.",
    Example(
        "content/people.yaml",
        PEOPLE.replace(
            "    name: Ann Example\n",
            "    name: Ann Example\n    relations:\n      - id: ann-married\n        kind: spouse\n        person: ann\n"
            "        citations:\n          - source: article\n            quote: Ann Example said\n",
        ),
        8,
        17,
    ),
)
DUPLICATE_RELATION = Code(
    "EX308",
    "duplicate-relation",
    ERROR,
    Step.RESOLVE,
    "The relation between two people is declared twice (on each of them, or twice on one).",
    "Declare each relation once; the other person's page shows its inverse.",
    Example(
        "content/people.yaml",
        "people:\n  - id: ann\n    name: Ann Example\n    relations:\n      - id: ann-bob\n        kind: spouse\n        person: bob\n"
        "        citations:\n          - source: article\n            quote: Ann Example said “hello there” to Bob Example\n"
        "  - id: bob\n    name: Bob Example\n    relations:\n      - id: bob-ann\n        kind: spouse\n        person: ann\n"
        "        citations:\n          - source: article\n            quote: Bob Example, 40, replied\n",
        14,
        9,
    ),
)
CONCERNS_IN_WORDING = Code(
    "EX309",
    "concerns-in-wording",
    ERROR,
    Step.RESOLVE,
    "A disagreement of `kind: wording` names records in `concerns`; a difference of wording disputes nothing.",
    "Remove `concerns`, or make it `kind: substance` if the articles differ on what happened or was said.",
    Example(
        "content/disagreements.yaml",
        _DISAGREEMENT.replace("    answers:", "    kind: wording\n    concerns: [ann-greets]\n    answers:"),
        5,
        15,
    ),
)
CONCERNS_AN_ANSWER = Code(
    "EX310",
    "concerns-an-answer",
    ERROR,
    Step.RESOLVE,
    "`concerns` names an answer of a disagreement.",
    "Answers are disputed already: name the records that state a side.",
    Example(
        "content/disagreements.yaml",
        _DISAGREEMENT.replace("    answers:", "    concerns: [bob-first]\n    answers:"),
        4,
        16,
    ),
)
CONCERNS_AN_OMISSION = Code(
    "EX311",
    "concerns-an-omission",
    ERROR,
    Step.RESOLVE,
    "`concerns` names a passage left out (an omission), which states nothing.",
    "Name the records that state a side.",
    Example(
        "content/disagreements.yaml",
        _DISAGREEMENT.replace("    answers:", "    concerns: [the-end]\n    answers:")
        + "omissions:\n  - id: the-end\n    reason: A closing line.\n    citations:\n      - source: article\n        quote: The end. The end.\n",
        4,
        16,
    ),
)
CONCERNS_NAMED_TWICE = Code(
    "EX312",
    "concerns-named-twice",
    ERROR,
    Step.RESOLVE,
    "A record is named twice in the `concerns` of one disagreement.",
    "Name each record once: on the answer whose side it states, or on the disagreement when it takes no side.",
    Example(
        "content/disagreements.yaml",
        _DISAGREEMENT.replace("    answers:", "    concerns: [ann-greets]\n    answers:").replace(
            "        text: Ann spoke first.\n", "        text: Ann spoke first.\n        concerns: [ann-greets]\n"
        ),
        8,
        20,
    ),
)
TRANSCRIPT_LINE_SHAPE = Code(
    "EX313",
    "transcript-line-shape",
    ERROR,
    Step.RESOLVE,
    "A transcript line has both `quote` and `action`, or neither.",
    "Use `quote: <quote id>` for spoken words, `action: ...` with citations for anything else.",
    Example(
        "content/transcripts.yaml", _TRANSCRIPT + "      - id: greeting-1\n        note: Ann speaks first.\n", 14, 9
    ),
)
QUOTE_LINE_CITATIONS = Code(
    "EX314",
    "quote-line-citations",
    ERROR,
    Step.RESOLVE,
    "A transcript line that shows a quote has citations of its own.",
    "A quote line cites through its quote: move the citations to the quote's record.",
    Example(
        "content/transcripts.yaml",
        _TRANSCRIPT
        + "      - id: greeting-1\n        quote: hello-there\n        citations:\n          - source: article\n            quote: Ann Example said\n",
        16,
        11,
    ),
)
QUOTE_LINE_SPEAKER = Code(
    "EX315",
    "quote-line-speaker",
    ERROR,
    Step.RESOLVE,
    "A transcript line that shows a quote has a speaker of its own.",
    "A quote line takes its speaker from the quote: set the speaker on the quote's record.",
    Example(
        "content/transcripts.yaml",
        _TRANSCRIPT
        + "      - id: greeting-1\n        quote: hello-there\n        speaker: {kind: person, person: bob}\n",
        16,
        18,
    ),
)
ACTION_WITHOUT_CITATIONS = Code(
    "EX316",
    "action-without-citations",
    ERROR,
    Step.RESOLVE,
    "A transcript line that describes an action cites nothing.",
    "Add `citations:` with the passages that report it.",
    Example(
        "content/transcripts.yaml", _TRANSCRIPT + "      - id: greeting-1\n        action: Ann turns to Bob.\n", 14, 9
    ),
)
UNUSED_INFERENCE = Code(
    "EX317",
    "unused-inference",
    ERROR,
    Step.RESOLVE,
    "A date's inference is named by none of its parts.",
    "Name it from the part it gives (`inference: <id>`, with `basis: inferred`), or remove it.",
    Example(
        "content/events.yaml",
        "events:\n"
        + _event(
            "    date:\n      year: {value: 2025, basis: stated}\n      inferences:\n        - id: greet-year\n"
            "          text: Reasoned from the article.\n          citations:\n            - source: article\n              quote: on March 3\n"
        ),
        9,
        15,
    ),
)
RANGE_WITH_POINT = Code(
    "EX318",
    "range-with-point",
    ERROR,
    Step.RESOLVE,
    "A date has both single-date parts (year, month, day) and range ends (earliest, latest).",
    "A date is either one or the other: move the parts into `earliest:` and `latest:`, or remove the range.",
    Example(
        "content/events.yaml",
        "events:\n"
        + _event(
            "    date:\n      year: {value: 2025, basis: stated}\n      earliest: {year: {value: 2025, basis: stated}}\n"
            "      latest: {year: {value: 2026, basis: stated}}\n"
        ),
        6,
        13,
    ),
)
INCOMPLETE_RANGE = Code(
    "EX319",
    "incomplete-range",
    ERROR,
    Step.RESOLVE,
    "A date range has only one of `earliest` and `latest`.",
    "Give the widest bound the evidence allows; an order without a date goes in the event's `after:` or `before:`.",
    Example(
        "content/events.yaml",
        "events:\n" + _event("    date:\n      earliest: {year: {value: 2025, basis: stated}}\n"),
        6,
        7,
    ),
)
DATE_WITHOUT_YEAR = Code(
    "EX320",
    "date-without-year",
    ERROR,
    Step.RESOLVE,
    "A single date has no year.",
    "Omit `date` when the articles do not say when; if only the year is missing, infer it with reasoning (`basis: inferred`).",
    Example("content/events.yaml", "events:\n" + _event("    date:\n      month: {value: 3, basis: stated}\n"), 6, 7),
)
DAY_WITHOUT_MONTH = Code(
    "EX321",
    "day-without-month",
    ERROR,
    Step.RESOLVE,
    "A date gives a day but no month.",
    "Add `month:`, or remove `day:`.",
    Example(
        "content/events.yaml",
        "events:\n"
        + _event("    date:\n      year: {value: 2025, basis: stated}\n      day: {value: 3, basis: stated}\n"),
        7,
        12,
    ),
)
NOT_A_CALENDAR_DAY = Code(
    "EX322",
    "not-a-calendar-day",
    ERROR,
    Step.RESOLVE,
    "A date's year, month and day make no day of the calendar (February 30).",
    "Check the day and the month; the hint gives the month's length.",
    Example(
        "content/events.yaml",
        "events:\n"
        + _event(
            "    date:\n      year: {value: 2025, basis: stated}\n      month: {value: 2, basis: stated}\n      day: {value: 30, basis: stated}\n"
        ),
        8,
        12,
    ),
)
INFERRED_WITHOUT_INFERENCE = Code(
    "EX323",
    "inferred-without-inference",
    ERROR,
    Step.RESOLVE,
    "A date part is `basis: inferred` but names no inference.",
    "Write the reasoning, with its citations, under the date's `inferences:` and name its id on the part.",
    Example(
        "content/events.yaml", "events:\n" + _event("    date:\n      year: {value: 2025, basis: inferred}\n"), 7, 34
    ),
)
STATED_WITH_INFERENCE = Code(
    "EX324",
    "stated-with-inference",
    ERROR,
    Step.RESOLVE,
    "A date part is `basis: stated` but names an inference.",
    "Remove `inference:`, or set `basis: inferred` if no article gives this part.",
    Example(
        "content/events.yaml",
        "events:\n"
        + _event(
            "    date:\n      year: {value: 2025, basis: stated, inference: greet-year}\n      inferences:\n        - id: greet-year\n"
            "          text: Reasoned from the article.\n          citations:\n            - source: article\n              quote: on March 3\n"
        ),
        7,
        45,
    ),
)
RANGE_REVERSED = Code(
    "EX325",
    "range-reversed",
    ERROR,
    Step.RESOLVE,
    "A date range ends before it begins.",
    "Swap `earliest` and `latest`, or check both.",
    Example(
        "content/events.yaml",
        "events:\n"
        + _event(
            "    date:\n      earliest: {year: {value: 2026, basis: stated}}\n      latest: {year: {value: 2025, basis: stated}}\n"
        ),
        8,
        15,
    ),
)
RANGE_OF_ONE_DATE = Code(
    "EX326",
    "range-of-one-date",
    ERROR,
    Step.RESOLVE,
    "Both ends of a date range are the same date.",
    "Write it as a single date (year, month, day).",
    Example(
        "content/events.yaml",
        "events:\n"
        + _event(
            "    date:\n      earliest: {year: {value: 2025, basis: stated}}\n      latest: {year: {value: 2025, basis: stated}}\n"
        ),
        8,
        15,
    ),
)
ORDER_AGAINST_ITSELF = Code(
    "EX327",
    "order-against-itself",
    ERROR,
    Step.RESOLVE,
    "An event's `after:` or `before:` names the event itself.",
    "Name the other event.",
    Example(
        "content/events.yaml",
        "events:\n"
        + _event(
            extra='    after:\n      - id: greet-after-greet\n        event: greet\n        citations:\n          - source: article\n            quote: "replied:"\n'
        ),
        8,
        16,
    ),
)
ORDER_DECLARED_TWICE = Code(
    "EX328",
    "order-declared-twice",
    ERROR,
    Step.RESOLVE,
    "The order of two events is declared twice (on each event, or twice on one).",
    "Declare each order once, on either event; the hint says where the first one is.",
    Example(
        "content/events.yaml",
        "events:\n"
        + _event(
            extra='    before:\n      - id: greet-before-reply\n        event: reply\n        citations:\n          - source: article\n            quote: "replied:"\n'
        )
        + _REPLY.replace(
            "    citations:\n",
            '    after:\n      - id: reply-after-greet\n        event: greet\n        citations:\n          - source: article\n            quote: "replied:"\n    citations:\n',
            1,
        ),
        21,
        16,
    ),
)
ORDER_CONTRADICTS_DATES = Code(
    "EX329",
    "order-contradicts-dates",
    ERROR,
    Step.RESOLVE,
    "A declared order puts an event before another that its date puts after it.",
    "One of them is wrong: check both dates and the relation against the articles.",
    Example(
        "content/events.yaml",
        "events:\n"
        + _event(
            "    date:\n      year: {value: 2026, basis: stated}\n",
            '    before:\n      - id: greet-before-reply\n        event: reply\n        citations:\n          - source: article\n            quote: "replied:"\n',
        )
        + _REPLY.replace(
            "    citations:\n", "    date:\n      year: {value: 2025, basis: stated}\n    citations:\n", 1
        ),
        10,
        16,
    ),
)
ORDER_CYCLE = Code(
    "EX330",
    "order-cycle",
    ERROR,
    Step.RESOLVE,
    "The declared orders (with the dates) say an event came before itself.",
    "One of the relations or dates in the circle the message lists is wrong.",
    Example(
        "content/events.yaml",
        "events:\n"
        + _event(
            extra='    before:\n      - id: greet-before-reply\n        event: reply\n        citations:\n          - source: article\n            quote: "replied:"\n'
        )
        + _REPLY.replace(
            "    citations:\n",
            "    before:\n      - id: reply-before-greet\n        event: greet\n        citations:\n          - source: article\n            quote: Hello, hello.\n    citations:\n",
            1,
        ),
        8,
        16,
    ),
)
SEQUENCE_CONTRADICTS_ORDER = Code(
    "EX331",
    "sequence-contradicts-order",
    ERROR,
    Step.RESOLVE,
    "An event's `sequence` lists it after an event that the dates or relations put after it.",
    "`sequence` only orders events the evidence leaves unordered: renumber it to agree with the dates and relations.",
    Example(
        "content/events.yaml",
        "events:\n"
        + _event(
            extra='    sequence: 2\n    before:\n      - id: greet-before-reply\n        event: reply\n        citations:\n          - source: article\n            quote: "replied:"\n'
        )
        + _REPLY.replace("    citations:\n", "    sequence: 1\n    citations:\n", 1),
        5,
        15,
    ),
)

# ---- EX4xx verifying citations ------------------------------------------------------------------

BAD_SEED_PATH = Code(
    "EX401",
    "bad-seed-path",
    ERROR,
    Step.VERIFY,
    "A source's `file` is not written as a file directly inside the seeds folder (`seeds/<name>`).",
    "Write it as `seeds/<name>.txt`, with forward slashes and no `..`.",
    Example("content/sources.yaml", SOURCES.replace("file: seeds/article.txt", "file: ../seeds/article.txt"), 3, 11),
)
SEED_MISSING = Code(
    "EX402",
    "seed-missing",
    ERROR,
    Step.VERIFY,
    "A source's seed file does not exist.",
    "Check the file name (the hint lists the seeds there are), or put the article into the seeds folder.",
    Example("content/sources.yaml", SOURCES.replace("file: seeds/article.txt", "file: seeds/artcle.txt"), 3, 11),
)
UNREADABLE_SEED = Code(
    "EX403",
    "unreadable-seed",
    ERROR,
    Step.VERIFY,
    "A seed is a symbolic link or not a regular file, the seeds folder is a link, or the seed cannot be read.",
    "Seeds are regular files directly inside a real seeds folder: replace a link by the article itself.",
    Example("seeds/article.txt", "", 3, 11, link_to="../elsewhere/article.txt", reported="content/sources.yaml"),
)
SEED_TOO_LARGE = Code(
    "EX404",
    "seed-too-large",
    ERROR,
    Step.VERIFY,
    "A seed is larger than `max_seed_bytes` (4 MiB unless mkdocs.yml says otherwise).",
    "A seed is one article as plain text: check that the file is the article, or raise `max_seed_bytes`.",
    Example("mkdocs.yml", _MKDOCS + "    max_seed_bytes: 100\n", 3, 11, reported="content/sources.yaml"),
)
SEED_ENCODING = Code(
    "EX405",
    "seed-encoding",
    ERROR,
    Step.VERIFY,
    "A seed is not UTF-8 text, or starts with a byte-order mark.",
    "Convert the article to UTF-8 without a byte-order mark; its words must stay exactly the same.",
    Example(
        "seeds/article.txt",
        EXAMPLE_SEED.replace("“", '"')
        .replace("”", '"')
        .replace("‘", "'")
        .replace("’", "'")
        .replace("Ann", "Ann\xe9")
        .encode("latin-1"),
        3,
        11,
        reported="content/sources.yaml",
    ),
)
SEED_CHANGED = Code(
    "EX406",
    "seed-changed",
    ERROR,
    Step.VERIFY,
    "A seed's SHA-256 is not the one its source records: the article was changed.",
    "Seeds are evidence and are never edited: restore it. If the change is deliberate, review every citation reported as moved or broken, then update `sha256` and run `explainer lock`.",
    Example(
        "seeds/article.txt",
        EXAMPLE_SEED + "Updated on March 4.\n",
        4,
        13,
        also={"content/sources.yaml": _LOCKED_SOURCES},
        reported="content/sources.yaml",
    ),
)
CITATION_BROKE = Code(
    "EX407",
    "citation-broke",
    ERROR,
    Step.VERIFY,
    "A changed seed no longer contains a passage it contained when the citations were locked.",
    "Restore the seed; if the change is deliberate, cite the passage as the article now has it (the hint shows the closest).",
    Example(
        "seeds/article.txt",
        EXAMPLE_SEED.replace("hello there", "hi"),
        8,
        16,
        also={"content/sources.yaml": _LOCKED_SOURCES, "citations.lock.json": _LOCK},
        reported="content/claims.yaml",
    ),
)
PASSAGE_NOT_FOUND = Code(
    "EX408",
    "passage-not-found",
    ERROR,
    Step.VERIFY,
    "A cited passage is not in its seed.",
    "Copy the passage from the article exactly; the hint shows the closest passage there is. Curly and straight quotes, dashes and spaces may differ.",
    Example("content/claims.yaml", CLAIMS.replace(_GREETING, "said “hello” to Bob"), 8, 16),
)
OCCURRENCE_OUT_OF_RANGE = Code(
    "EX409",
    "occurrence-out-of-range",
    ERROR,
    Step.VERIFY,
    "`occurrence: N` asks for an occurrence the passage does not have.",
    "Use a number from 1 to the number of occurrences the message gives.",
    Example(
        "content/claims.yaml",
        _claims(citations="      - source: article\n        quote: The end.\n        occurrence: 3\n"),
        9,
        21,
    ),
)
CONTEXT_NOT_FOUND = Code(
    "EX410",
    "context-not-found",
    ERROR,
    Step.VERIFY,
    "A passage is in its seed, but never with the given `prefix` or `suffix`.",
    "Copy the prefix or suffix from the text right before or after the passage.",
    Example(
        "content/claims.yaml",
        _claims(citations="      - source: article\n        quote: The end.\n        prefix: Finally,\n"),
        8,
        16,
    ),
)
AMBIGUOUS_PASSAGE = Code(
    "EX411",
    "ambiguous-passage",
    ERROR,
    Step.VERIFY,
    "A cited passage occurs more than once in its seed, so it is not clear which is meant.",
    "Add `prefix:` or `suffix:` with a few words around the one you mean (or `occurrence: N`).",
    Example("content/claims.yaml", _claims(citations="      - source: article\n        quote: The end.\n"), 8, 16),
)
OCCURRENCE_ONLY = Code(
    "EX412",
    "occurrence-only",
    WARNING,
    Step.VERIFY,
    "`occurrence: N` picks one of several places for the site, but the quote itself does not say which.",
    "Replace `occurrence:` by `prefix:` or `suffix:`, the words right before or after the place you mean, so that readers and annotation tools find it too.",
    Example(
        "content/claims.yaml",
        _claims(citations="      - source: article\n        quote: The end.\n        occurrence: 2\n"),
        9,
        21,
    ),
)
CITATION_MOVED = Code(
    "EX413",
    "citation-moved",
    WARNING,
    Step.VERIFY,
    "A changed seed still contains a cited passage, but at other offsets than when the citations were locked.",
    "Check that the passage still supports the statement; once the seed change is accepted, run `explainer lock`.",
    Example(
        "seeds/article.txt",
        EXAMPLE_SEED.replace("A Tiny Headline\n", "A Tiny Headline, Updated\n"),
        8,
        16,
        also={"content/sources.yaml": _LOCKED_SOURCES, "citations.lock.json": _LOCK},
        reported="content/claims.yaml",
    ),
)

# ---- EX5xx hand-written pages -------------------------------------------------------------------

UNKNOWN_CITE = Code(
    "EX501",
    "unknown-cite",
    ERROR,
    Step.PAGES,
    "A citation marker `[[cite:id]]` on a page names no statement.",
    "Check the id (the hint suggests the closest statement).",
    Example("docs/index.md", "# Example\n\nAnn greets Bob. [[cite:ann-greet]]\n", 3, 17),
)
CITE_IN_HEADING = Code(
    "EX502",
    "cite-in-heading",
    ERROR,
    Step.PAGES,
    "A citation marker is in a heading.",
    "Put the marker after the sentence it supports, not in a heading.",
    Example("docs/index.md", "# Ann greets Bob [[cite:ann-greets]]\n", 1, 18),
)
UNKNOWN_WIKI_LINK = Code(
    "EX503",
    "unknown-wiki-link",
    ERROR,
    Step.PAGES,
    "A wiki-link `[[id]]` on a page names no record.",
    "Check the id (the hint suggests the closest record).",
    Example("docs/index.md", "# Example\n\nSee [[anne]].\n", 3, 5),
)
UNREADABLE_PAGE = Code(
    "EX504",
    "unreadable-page",
    ERROR,
    Step.PAGES,
    "A page in docs/ is a symbolic link, a device or a pipe.",
    "Pages are regular files: replace a link by the page itself.",
    Example("docs/more.md", "", 1, 1, link_to="../notes/more.md"),
)

# ---- EX6xx editorial checks ---------------------------------------------------------------------

WRONG_COUNT = Code(
    "EX601",
    "wrong-count",
    ERROR,
    Step.EDITORIAL,
    "A count of articles or reports in a text is not what its citations give.",
    "Correct the number (the hint gives the real count and the articles), cite the missing passage, or name the article instead of counting.",
    Example("content/claims.yaml", _claims(text="Two articles say Ann greets Bob."), 4, 11),
)
UNCITED_COUNT = Code(
    "EX602",
    "uncited-count",
    ERROR,
    Step.EDITORIAL,
    "A text counts articles it does not cite (“two other articles”).",
    "Cite the articles counted, or name them by source id.",
    Example("content/claims.yaml", _claims(text="Ann greets Bob, as two other articles say."), 4, 30),
)
COPIES_COUNTED = Code(
    "EX603",
    "copies-counted",
    WARNING,
    Step.EDITORIAL,
    "A count of articles counts articles that copy each other as separate ones.",
    "Say so in the same sentence: “two articles sharing text”, “four articles (three independent reports)”.",
    Example(
        "content/claims.yaml",
        _claims(
            text="Two articles say Ann greets Bob.",
            citations=f"      - source: article\n        quote: {_GREETING}\n      - source: copy\n        quote: {_GREETING}\n",
        ),
        4,
        11,
        also={
            "content/sources.yaml": _COPY_SOURCES,
            "seeds/copy.txt": EXAMPLE_SEED.replace("The end. The end.", "More at eleven."),
        },
    ),
)
UNBALANCED_QUOTE = Code(
    "EX604",
    "unbalanced-quote",
    ERROR,
    Step.EDITORIAL,
    "A text opens a quotation that never closes, so what it quotes cannot be checked.",
    "Close the quotation, or remove the mark.",
    Example("content/claims.yaml", _claims(text="Ann says “hello there to Bob."), 4, 20),
)
UNGROUNDED_NAME = Code(
    "EX605",
    "ungrounded-name",
    ERROR,
    Step.EDITORIAL,
    "A text names a person or a declared name that none of the passages it rests on names.",
    "Cite a passage that names them, link the record they stand for (`about:`, `participants:`, `event:`), or leave the name out.",
    Example(
        "content/claims.yaml",
        CLAIMS.replace("text: Ann greets Bob.", "text: The Daily Example says Ann greets Bob."),
        4,
        11,
        also={"content/names.yaml": _NAMES},
    ),
)
UNGROUNDED_NUMBER = Code(
    "EX606",
    "ungrounded-number",
    ERROR,
    Step.EDITORIAL,
    "A text gives a number that none of the passages it rests on gives.",
    "Cite the passage that gives it; a number the site infers is written as inference, and only where an inference record derives it.",
    Example("content/claims.yaml", _claims(text="Ann greets Bob 3 times."), 4, 26),
)
UNGROUNDED_DATE_WORD = Code(
    "EX607",
    "ungrounded-date-word",
    ERROR,
    Step.EDITORIAL,
    "A text gives a month or a weekday that none of the passages it rests on gives.",
    "Cite the passage that gives it, or leave it out.",
    Example("content/claims.yaml", _claims(text="Ann greets Bob on a Monday."), 4, 31),
)
UNGROUNDED_QUOTE = Code(
    "EX608",
    "ungrounded-quote",
    ERROR,
    Step.EDITORIAL,
    "A text quotes words that are not in the passages it rests on.",
    "Quote the article's own words, in a passage the text cites (the hint shows the closest). A work's title is not a quotation: declare it under `names:` with `kind: title`.",
    Example("content/claims.yaml", _claims(text="Ann tells Bob “good morning”."), 4, 25),
)
UNUSED_NAME = Code(
    "EX609",
    "unused-name",
    WARNING,
    Step.EDITORIAL,
    "A declared name is used by no text.",
    "Remove the declaration, or use the name.",
    Example("content/names.yaml", _NAMES, 2, 11),
)
DUPLICATE_NAME = Code(
    "EX610",
    "duplicate-name",
    ERROR,
    Step.EDITORIAL,
    "A name (or alias) is declared twice.",
    "Declare each name once; the hint says where it is declared first.",
    Example(
        "content/names.yaml",
        _NAMES + "  - name: the daily example\n    kind: outlet\n",
        4,
        11,
        also={
            "content/claims.yaml": _claims(
                text="The Daily Example reports that Ann greets Bob.",
                citations=f"      - source: article\n        quote: {_GREETING}\n      - source: article\n        quote: The Daily Example reported it.\n",
            )
        },
    ),
)
NAME_OF_PERSON = Code(
    "EX611",
    "name-of-person",
    ERROR,
    Step.EDITORIAL,
    "A declared name is the name or an alias of a person.",
    "People's names come from people records: remove the declaration.",
    Example("content/names.yaml", "names:\n  - name: Ann Example\n    kind: place\n", 2, 11),
)
NAME_NOT_IN_ARTICLES = Code(
    "EX612",
    "name-not-in-articles",
    ERROR,
    Step.EDITORIAL,
    "A declared name occurs in no article.",
    "Declare names exactly as an article writes them.",
    Example("content/names.yaml", "names:\n  - name: The Weekly Example\n    kind: outlet\n", 2, 11),
)

# ---- EX7xx the corrections log against a base revision ------------------------------------------

_CORRECTION = """\
corrections:
  - id: greeting-fixed
    date: 2026-11-29
    statements: [{statements}]
    wrong: It said Bob greets Ann.
    now: It says Ann greets Bob.
    why: A closer reading of the passage.
"""

UNCORRECTED_CHANGE = Code(
    "EX701",
    "uncorrected-change",
    WARNING,
    Step.CORRECTIONS,
    "A published statement's text, citations, date or attribution changed and no new corrections entry records it.",
    "If it corrects a mistake a reader may have relied on, add an entry to the corrections log (date, statements, wrong, now, why); a typo or style fix needs none.",
    Example("content/claims.yaml", _claims(text="Ann greets Bob first."), 2, 5, base={}),
)
CORRECTION_OF_NEW_STATEMENT = Code(
    "EX702",
    "correction-of-new-statement",
    WARNING,
    Step.CORRECTIONS,
    "A new corrections entry names a statement that was not published at the base.",
    "Only a published statement can be corrected: remove it from the entry's statements.",
    Example(
        "content/corrections.yaml",
        _CORRECTION.format(statements="bob-replies"),
        4,
        18,
        base={},
        also={
            "content/more-claims.yaml": (
                "claims:\n  - id: bob-replies\n    topic: general\n    text: Bob replies.\n    about: [bob]\n"
                "    citations:\n      - source: article\n        quote: Bob Example, 40, replied\n"
            )
        },
    ),
)
CORRECTION_WITHOUT_CHANGE = Code(
    "EX703",
    "correction-without-change",
    WARNING,
    Step.CORRECTIONS,
    "A new corrections entry names a statement whose text, citations, date and attribution did not change.",
    "Record the correction together with the change it describes, or remove the statement from the entry.",
    Example("content/corrections.yaml", _CORRECTION.format(statements="ann-greets"), 4, 18, base={}),
)
CORRECTION_REMOVED = Code(
    "EX704",
    "correction-removed",
    WARNING,
    Step.CORRECTIONS,
    "A corrections entry of the base revision is gone; the log keeps every correction once published.",
    "Restore the entry; correct its wording if needed, but do not remove it.",
    Example(
        "content/corrections.yaml",
        "corrections: []\n",
        1,
        1,
        base={"content/corrections.yaml": _CORRECTION.format(statements="ann-greets")},
    ),
)

# ---- the registry -------------------------------------------------------------------------------

CODES: tuple[Code, ...] = tuple(value for value in list(globals().values()) if isinstance(value, Code))
BY_CODE: dict[str, Code] = {c.code: c for c in CODES}


def by_step() -> list[tuple[Step, list[Code]]]:
    """The codes grouped by the step that finds them, in the order of the pipeline."""
    return [(step, [c for c in CODES if c.step is step]) for step in Step]
