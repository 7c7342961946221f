"""Every problem the checker reports, declared once: its stable code, name, severity, summary, example, fix.

A code's hundreds say the step that finds it: EX0xx options in mkdocs.yml, EX1xx loading files, EX2xx
validating records, EX3xx resolving references (and dates, and the order of events), EX4xx verifying
citations against the seeds, EX5xx hand-written pages, EX6xx editorial checks (counts, grounding),
EX7xx the corrections log against a base revision (`explainer check --base`).

Codes and names are stable: once published, a code keeps its meaning and is never reused; messages
may be reworded freely. The error-codes page of the site, the rules of `explainer check --format
sarif` and the tests (each example below, checked, yields its code at its line and column, and every
code is among them) come from here.

Each example is written against `EXAMPLE_PROJECT`: one short seed article, one source, two people and
a claim, with nothing to report.
"""

from __future__ import annotations

import hashlib
from textwrap import dedent

from explainer.core.diagnostics import Code, Example, Severity, Step

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

_MKDOCS = "site_name: Example\nextra:\n  explainer:\n"
_GREETING = "said “hello there” to Bob"
_SEED_SHA256 = hashlib.sha256(EXAMPLE_SEED.encode("utf-8")).hexdigest()
_LOCKED_SOURCES = SOURCES.replace("    title: A Tiny", f"    sha256: {_SEED_SHA256}\n    title: A Tiny")
_GREETING_AT = EXAMPLE_SEED.index(_GREETING)
_LOCK = f"""\
{{
 "sources": {{
  "article": {{
   "seed": "article.txt",
   "sha256": "{_SEED_SHA256}",
   "citations": {{
    "ann-greets | {_GREETING}": [{_GREETING_AT}, {_GREETING_AT + len(_GREETING)}]
   }}
  }}
 }}
}}
"""


def _claim(text: str = "Ann greets Bob.", *, keys: str = "", citation: str = f"quote: {_GREETING}") -> str:
    """The example's claim with another text, more keys (YAML lines) or another citation (its keys but the source)."""
    cited = "".join(f"        {line}\n" for line in citation.splitlines())
    return (
        f"claims:\n  - id: ann-greets\n    topic: general\n    text: {text}\n    about: [ann, bob]\n{keys}"
        f"    citations:\n      - source: article\n{cited}"
    )


def _events(*events: str) -> str:
    return "events:\n" + "".join(events)


GREET = """\
  - id: greet
    title: Ann greets Bob
    text: Ann greets Bob.
{keys}    citations:
      - source: article
        quote: to Bob Example on March 3
"""
REPLY = """\
  - id: reply
    title: Bob replies
    text: Bob replies.
{keys}    citations:
      - source: article
        quote: "replied:"
"""
END = """\
  - id: end
    title: The end
    text: The end.
{keys}    citations:
      - source: article
        quote: The end. The end.
"""


def _order(way: str, order_id: str, event: str, quote: str = '"replied:"') -> str:
    """An event's `before:` or `after:` (`way`) naming `event`, as YAML lines of the event."""
    return (
        f"    {way}:\n      - id: {order_id}\n        event: {event}\n        citations:\n"
        f"          - source: article\n            quote: {quote}\n"
    )


GREET_BEFORE_REPLY = _order("before", "greet-before-reply", "reply")
DISAGREEMENT = """\
disagreements:
  - id: who-spoke-first
    question: Who spoke first?
{keys}    answers:
      - id: ann-first
        text: Ann spoke first.
{answer}        citations:
          - source: article
            quote: Ann Example said
      - id: bob-first
        text: Bob replied.
        citations:
          - source: article
            quote: "replied:"
"""
TRANSCRIPT = """\
quotes:
  - id: hello-there
    speaker: {{kind: person, person: ann}}
    addressee: bob
    citations:
      - source: article
        quote: “hello there”
transcripts:
  - id: greeting
    title: The greeting
    lines:
      - id: greeting-1
{line}"""
NAMES = """\
names:
  - name: A Tiny Headline
    kind: title
"""
ORGANIZATIONS = """\
organizations:
  - id: daily
    name: The Daily Example
"""
CORRECTION = """\
corrections:
  - id: greeting-fixed
    date: 2026-11-29
    statements: [{statements}]
    wrong: It said Bob greets Ann.
    now: It says Ann greets Bob.
    why: A closer reading of the passage.
"""

# ---- EX0xx options ------------------------------------------------------------------------------

OPTIONS_UNREADABLE = Code(
    "EX001",
    "options-unreadable",
    ERROR,
    Step.OPTIONS,
    summary="mkdocs.yml is not valid YAML, so the explainer's options cannot be read.",
    fix="Correct the YAML at the place shown; MkDocs could not read the file either.",
    example=Example("mkdocs.yml", _MKDOCS + "    content_dir: [content\n", line=5, column=1),
)
OPTIONS_NOT_A_MAPPING = Code(
    "EX002",
    "options-not-a-mapping",
    ERROR,
    Step.OPTIONS,
    summary="`extra.explainer` in mkdocs.yml is not a mapping of options.",
    fix="Write each option on its own line under `explainer:`, e.g. `content_dir: content`.",
    example=Example("mkdocs.yml", "site_name: Example\nextra:\n  explainer: content\n", line=3, column=14),
)
UNKNOWN_OPTION = Code(
    "EX003",
    "unknown-option",
    ERROR,
    Step.OPTIONS,
    summary="`extra.explainer` names an option the explainer does not have.",
    fix="Check the spelling (the hint suggests the closest option) or remove it; How to edit lists every option.",
    example=Example("mkdocs.yml", _MKDOCS + "    content_folder: content\n", line=4, column=5),
)
OPTION_WRONG_TYPE = Code(
    "EX004",
    "option-wrong-type",
    ERROR,
    Step.OPTIONS,
    summary="An option has a value of the wrong type: text where a whole number belongs, or the reverse.",
    fix="Write the value as the hint shows, e.g. `max_seed_bytes: 4194304`.",
    example=Example("mkdocs.yml", _MKDOCS + "    max_seed_bytes: lots\n", line=4, column=21),
)
OPTION_OUT_OF_RANGE = Code(
    "EX005",
    "option-out-of-range",
    ERROR,
    Step.OPTIONS,
    summary="A numeric option is outside the range it allows.",
    fix="Use a number within the range the message gives, or remove the option to keep its default.",
    example=Example("mkdocs.yml", _MKDOCS + "    max_seed_bytes: 0\n", line=4, column=21),
)
OPTION_NOT_A_FOLDER = Code(
    "EX006",
    "option-not-a-folder",
    ERROR,
    Step.OPTIONS,
    summary="A folder option is not a plain folder inside the project.",
    fix="Write a relative path with forward slashes, such as `content` or `data/content`: no `..`, no absolute path.",
    example=Example("mkdocs.yml", _MKDOCS + "    content_dir: /srv/content\n", line=4, column=18),
)
OPTION_INVALID_VALUE = Code(
    "EX007",
    "option-invalid-value",
    ERROR,
    Step.OPTIONS,
    summary=(
        "An option's text is not a value it takes: a language CLDR does not know, or a words file that is not a "
        "YAML file of the project."
    ),
    fix=(
        "Write a language code such as `en`, `de` or `pt-BR`, and the words file as a relative path such as "
        "`words.yaml`."
    ),
    example=Example("mkdocs.yml", _MKDOCS + "    language: klingon-x\n", line=4, column=15),
)

# The site's words file (`extra.explainer.words`), read with the options.
_WORDS_OPTION = {"mkdocs.yml": _MKDOCS + "    words: words.yaml\n"}

WORDS_NOT_A_MAPPING = Code(
    "EX010",
    "words-not-a-mapping",
    ERROR,
    Step.OPTIONS,
    summary="The site's words file is not a mapping of words by key, laid out like the engine's words/en.yaml.",
    fix="Start from a copy of the engine's words/en.yaml and keep only the entries the site changes.",
    example=Example("words.yaml", "- Articles\n", line=1, column=1, also=_WORDS_OPTION),
)
WORD_WRONG_SHAPE = Code(
    "EX011",
    "word-wrong-shape",
    ERROR,
    Step.OPTIONS,
    summary="An entry of the words file is not what the engine's entry is: a text, a list of texts or plural forms.",
    fix="Give the entry the shape of the engine's one (the hint shows it); put words in quotes.",
    example=Example("words.yaml", 'punctuation:\n  colon: [": "]\n', line=2, column=10, also=_WORDS_OPTION),
)
UNKNOWN_PLURAL_FORM = Code(
    "EX012",
    "unknown-plural-form",
    ERROR,
    Step.OPTIONS,
    summary="Plural forms of an entry are named by a word that is not a CLDR plural category.",
    fix="Name the forms zero, one, two, few, many and other, as the language uses them.",
    example=Example(
        "words.yaml",
        'support:\n  articles:\n    one: "{n} article"\n    single: "{n} article"\n    other: "{n} articles"\n',
        line=4,
        column=5,
        also=_WORDS_OPTION,
    ),
)
WORD_BAD_PLACEHOLDER = Code(
    "EX013",
    "word-bad-placeholder",
    ERROR,
    Step.OPTIONS,
    summary="An entry uses a placeholder the engine does not fill, or a lone brace.",
    fix="Use only the placeholders the engine's entry has (the hint lists them); write {{ and }} for a brace.",
    example=Example("words.yaml", 'common:\n  count: "({count})"\n', line=2, column=10, also=_WORDS_OPTION),
)
WORD_PLURAL_FORMS = Code(
    "EX014",
    "word-plural-forms",
    ERROR,
    Step.OPTIONS,
    summary="An entry's plural forms are not those of the site's language: one is missing, or one is extra.",
    fix="Give exactly the plural forms the hint names for the language.",
    example=Example(
        "words.yaml",
        'support:\n  articles:\n    other: "{n} articles"\n',
        line=3,
        column=5,
        also=_WORDS_OPTION,
    ),
)
UNKNOWN_WORD = Code(
    "EX015",
    "unknown-word",
    ERROR,
    Step.OPTIONS,
    summary="The words file has an entry the engine does not show.",
    fix="Check the key against the engine's words/en.yaml (the hint suggests the closest key) or remove it.",
    example=Example("words.yaml", 'punctuation:\n  colons: ": "\n', line=2, column=3, also=_WORDS_OPTION),
)
UNTRANSLATED_WORDS = Code(
    "EX016",
    "untranslated-words",
    WARNING,
    Step.OPTIONS,
    summary="The site's language has no catalogue in the engine, and the words file leaves some words in English.",
    fix="Give the words the message lists in the words file, or set `language` to one the engine has.",
    example=Example("mkdocs.yml", _MKDOCS + "    language: de\n", line=1, column=1),
)

# ---- EX1xx loading files ------------------------------------------------------------------------

CONTENT_FOLDER_MISSING = Code(
    "EX101",
    "content-folder-missing",
    ERROR,
    Step.LOAD,
    summary="The content folder does not exist.",
    fix=(
        "Create the folder (by default `content/`) with the YAML files, or point `content_dir` at the folder that has "
        "them."
    ),
    example=Example("mkdocs.yml", _MKDOCS + "    content_dir: records\n", line=1, column=1, reported="records"),
)
BAD_FILE_NAME = Code(
    "EX102",
    "bad-file-name",
    ERROR,
    Step.LOAD,
    summary="A content file's name or folder has characters other than letters, digits, `.`, `_` and `-`.",
    fix=(
        "Rename the file as the hint suggests: a name like `more-claims.yaml` is the same on every system and in every "
        "address."
    ),
    example=Example("content/more claims.yaml", "claims: []\n", line=1, column=1),
)
UNREADABLE_FILE = Code(
    "EX103",
    "unreadable-file",
    ERROR,
    Step.LOAD,
    summary="A content file or a folder in the content folder (or that folder itself) is a symbolic link, a device "
    "or a pipe, or a content file cannot be read.",
    fix="Content files are regular files in real folders inside the content folder: replace a link by the file "
    "or folder itself.",
    example=Example("content/more.yaml", "", line=1, column=1, link_to="../notes/more.yaml"),
)
FILE_TOO_LARGE = Code(
    "EX104",
    "file-too-large",
    ERROR,
    Step.LOAD,
    summary="A content file is larger than 2 MiB, the most a content file may hold.",
    fix="Split it into several files; records may be spread over any number of files.",
    example=Example("content/claims.yaml", CLAIMS, line=1, column=1, padding=2 * 1024 * 1024 + 1),
)
BAD_ENCODING = Code(
    "EX105",
    "bad-encoding",
    ERROR,
    Step.LOAD,
    summary="A content file is not UTF-8 text, or starts with a byte-order mark.",
    fix="Save the file as UTF-8 without a byte-order mark (most editors call it plain “UTF-8”).",
    example=Example(
        "content/more-people.yaml",
        "people:\n  - id: zoe\n    name: Zoé Example\n".encode("latin-1"),
        line=3,
        column=13,
    ),
)
UNPRINTABLE_CHARACTER = Code(
    "EX106",
    "unprintable-character",
    ERROR,
    Step.LOAD,
    summary="A content file holds a control character, written as it is or made by an escape such as `\\a`.",
    fix="Remove it: content is printable text. An editor that shows invisible characters finds one written as it is.",
    example=Example("content/claims.yaml", _claim('"Ann greets Bob.\\a"'), line=4, column=11),
)
YAML_SYNTAX = Code(
    "EX107",
    "yaml-syntax",
    ERROR,
    Step.LOAD,
    summary="A content file is not valid YAML.",
    fix="The hint says what to change at the place shown; most often, put text that contains `: `, or starts "
    "with a character such as `@`, `%` or a backquote, in quotes.",
    example=Example("content/claims.yaml", _claim("Ann greets Bob: hello."), line=4, column=25),
)
MULTIPLE_DOCUMENTS = Code(
    "EX108",
    "multiple-documents",
    ERROR,
    Step.LOAD,
    summary="A content file holds more than one YAML document (a `---` line between records).",
    fix="Remove the `---` separator: a file is one document, with its sections at the top.",
    example=Example("content/claims.yaml", CLAIMS + "---\nclaims: []\n", line=9, column=1),
)
ANCHOR_OR_ALIAS = Code(
    "EX109",
    "anchor-or-alias",
    ERROR,
    Step.LOAD,
    summary="A content file uses a YAML anchor (`&x`), alias (`*x`) or merge key (`<<`).",
    fix="Write each value out in full: every record says what it says itself.",
    example=Example(
        "content/claims.yaml", CLAIMS.replace("topic: general", "topic: &topic general"), line=3, column=12
    ),
)
YAML_TAG = Code(
    "EX110",
    "yaml-tag",
    ERROR,
    Step.LOAD,
    summary="A content file uses a YAML tag such as `!!binary` or `!!python/object`.",
    fix="Remove the tag: content files hold plain text, numbers, lists and mappings.",
    example=Example("content/claims.yaml", _claim("!!binary QW5uIGdyZWV0cyBCb2Iu"), line=4, column=11),
)
TOO_DEEP = Code(
    "EX111",
    "too-deep",
    ERROR,
    Step.LOAD,
    summary="Lists or mappings are nested more than 32 levels deep.",
    fix="Flatten the structure; no record kind nests anywhere near that deep.",
    example=Example("content/claims.yaml", "claims: " + "[" * 40 + "]" * 40 + "\n", line=1, column=40),
)
NUMBER_TOO_LONG = Code(
    "EX112",
    "number-too-long",
    ERROR,
    Step.LOAD,
    summary="A number has more than 100 digits.",
    fix="Numbers in content are years, months, days, sequence numbers and occurrences: check the value.",
    example=Example(
        "content/claims.yaml", _claim(citation=f"quote: {_GREETING}\noccurrence: 1{'0' * 100}"), line=9, column=21
    ),
)
KEY_TOO_LONG = Code(
    "EX113",
    "key-too-long",
    ERROR,
    Step.LOAD,
    summary="A key is longer than 100 characters.",
    fix="Keys are short names such as `text` or `citations`; a long one is often text that lost its indentation.",
    example=Example(
        "content/claims.yaml",
        _claim(keys="    " + "and-the-rest-of-the-sentence-" * 4 + "went-here: true\n"),
        line=6,
        column=5,
    ),
)
DUPLICATE_KEY = Code(
    "EX114",
    "duplicate-key",
    ERROR,
    Step.LOAD,
    summary="The same key appears twice in one mapping; YAML would silently keep only the last.",
    fix="Keep one of them; the hint says where the first one is.",
    example=Example("content/claims.yaml", _claim(keys="    topic: general\n"), line=6, column=5),
)
EMPTY_FILE = Code(
    "EX115",
    "empty-file",
    ERROR,
    Step.LOAD,
    summary="A content file holds no data (nothing, or only comments).",
    fix="Add a section such as `claims:` with its records, or delete the file.",
    example=Example("content/more.yaml", "# claims to come\n", line=1, column=1),
)
INVISIBLE_CHARACTER = Code(
    "EX119",
    "invisible-character",
    ERROR,
    Step.LOAD,
    summary="A content file or a hand-written page holds a character a reader cannot see: a zero-width or other "
    "format character (such as a soft hyphen or a bidirectional override), a line separator, a private-use "
    "character or a letter that renders as nothing.",
    fix="Delete the character; the message names it and the position points at it. It would show readers other "
    "words than the checks compare (a quotation, a name or a month that passes the grounding check while it is not "
    "in the article).",
    example=Example("content/claims.yaml", _claim("Ann gre\u200bets Bob."), line=4, column=18),
)
CONTENT_OVER_BUDGET = Code(
    "EX120",
    "content-over-budget",
    ERROR,
    Step.LOAD,
    summary="The content as a whole holds more files, bytes or records than its budget (`max_content_files`, "
    "`max_content_bytes`, `max_records`); nothing after the file or record that passes it is read or checked.",
    fix="Check that the content folder holds only the explainer's records; if the content really is that large, "
    "raise the option the message names under `extra.explainer` in mkdocs.yml.",
    example=Example(
        "mkdocs.yml",
        _MKDOCS + "    max_content_files: 2\n",
        line=1,
        column=1,
        reported="content/sources.yaml",
    ),
)

# ---- EX2xx validating records -------------------------------------------------------------------

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
    example=Example("content/claims.yaml", _claim('""'), line=4, column=11),
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
    example=Example("content/claims.yaml", _claim(citation=f"quote: {_GREETING}\noccurrence: 0"), line=9, column=21),
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
    example=Example("content/claims.yaml", _claim(keys="    attribution: {kind: reporter}\n"), line=6, column=25),
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
    example=Example("content/claims.yaml", _claim(keys="    colour: red\n"), line=6, column=5),
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

# ---- EX3xx resolving references -----------------------------------------------------------------

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
    example=Example("content/claims.yaml", _claim(keys="    attribution: {kind: person}\n"), line=6, column=18),
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
        _claim(keys="    attribution:\n      kind: article\n      person: ann\n"),
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
        _events(
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
        _events(
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
        _events(GREET.format(keys="    date:\n      earliest: {year: {value: 2025, basis: stated}}\n")),
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
        _events(GREET.format(keys="    date:\n      month: {value: 3, basis: stated}\n")),
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
        _events(
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
        _events(
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
        _events(GREET.format(keys="    date:\n      year: {value: 2025, basis: inferred}\n")),
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
        _events(
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
        _events(
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
        _events(
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
        _events(GREET.format(keys=_order("before", "greet-before-greet", "greet"))),
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
        _events(
            GREET.format(keys=GREET_BEFORE_REPLY), REPLY.format(keys=_order("after", "reply-after-greet", "greet"))
        ),
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
        _events(
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
        _events(
            GREET.format(keys=GREET_BEFORE_REPLY),
            REPLY.format(keys=_order("before", "reply-before-end", "end", "The end. The end.")),
            END.format(keys=_order("before", "end-before-greet", "greet", "Hello, hello.")),
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
        _events(GREET.format(keys="    sequence: 2\n" + GREET_BEFORE_REPLY), REPLY.format(keys="    sequence: 1\n")),
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

# ---- EX4xx verifying citations ------------------------------------------------------------------

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
        "mkdocs.yml", _MKDOCS + "    max_seed_bytes: 100\n", line=3, column=11, reported="content/sources.yaml"
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
        also={"content/sources.yaml": _LOCKED_SOURCES},
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
        also={"content/sources.yaml": _LOCKED_SOURCES, "citations.lock.json": _LOCK},
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
    example=Example("content/claims.yaml", CLAIMS.replace(_GREETING, "said “hello” to Bob"), line=8, column=16),
)
OCCURRENCE_OUT_OF_RANGE = Code(
    "EX409",
    "occurrence-out-of-range",
    ERROR,
    Step.VERIFY,
    summary="`occurrence: N` asks for an occurrence the passage does not have.",
    fix="Use a number from 1 to the number of occurrences the message gives.",
    example=Example("content/claims.yaml", _claim(citation="quote: The end.\noccurrence: 3"), line=9, column=21),
)
CONTEXT_NOT_FOUND = Code(
    "EX410",
    "context-not-found",
    ERROR,
    Step.VERIFY,
    summary="A passage is in its seed, but never with the given `prefix` or `suffix`.",
    fix="Copy the prefix or suffix from the text right before or after the passage.",
    example=Example("content/claims.yaml", _claim(citation="quote: The end.\nprefix: Finally,"), line=8, column=16),
)
AMBIGUOUS_PASSAGE = Code(
    "EX411",
    "ambiguous-passage",
    ERROR,
    Step.VERIFY,
    summary="A cited passage occurs more than once in its seed, so it is not clear which is meant.",
    fix="Add `prefix:` or `suffix:` with a few words around the one you mean (or `occurrence: N`).",
    example=Example("content/claims.yaml", _claim(citation="quote: The end."), line=8, column=16),
)
OCCURRENCE_ONLY = Code(
    "EX412",
    "occurrence-only",
    WARNING,
    Step.VERIFY,
    summary="`occurrence: N` picks one of several places for the site, but the quote itself does not say which.",
    fix="Replace `occurrence:` by `prefix:` or `suffix:`, the words right before or after the place you mean, so "
    "that readers and annotation tools find it too.",
    example=Example("content/claims.yaml", _claim(citation="quote: The end.\noccurrence: 2"), line=9, column=21),
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
        also={"content/sources.yaml": _LOCKED_SOURCES, "citations.lock.json": _LOCK},
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
        _MKDOCS + "    max_seeds_bytes: 100\n",
        line=3,
        column=11,
        reported="content/sources.yaml",
    ),
)

# ---- EX5xx hand-written pages -------------------------------------------------------------------

UNKNOWN_CITE = Code(
    "EX501",
    "unknown-cite",
    ERROR,
    Step.PAGES,
    summary="A citation marker `[[cite:id]]` on a page names no statement.",
    fix="Check the id (the hint suggests the closest statement).",
    example=Example("docs/index.md", "# Example\n\nAnn greets Bob. [[cite:ann-greet]]\n", line=3, column=17),
)
CITE_IN_HEADING = Code(
    "EX502",
    "cite-in-heading",
    ERROR,
    Step.PAGES,
    summary="A citation marker is in a heading.",
    fix="Put the marker after the sentence it supports, not in a heading.",
    example=Example("docs/index.md", "# Ann greets Bob [[cite:ann-greets]]\n", line=1, column=18),
)
UNKNOWN_WIKI_LINK = Code(
    "EX503",
    "unknown-wiki-link",
    ERROR,
    Step.PAGES,
    summary="A wiki-link `[[id]]` on a page names no record.",
    fix="Check the id (the hint suggests the closest record).",
    example=Example("docs/index.md", "# Example\n\nSee [[anne]].\n", line=3, column=5),
)
UNREADABLE_PAGE = Code(
    "EX504",
    "unreadable-page",
    ERROR,
    Step.PAGES,
    summary="A page in docs/ is a symbolic link, a device or a pipe.",
    fix="Pages are regular files: replace a link by the page itself.",
    example=Example("docs/more.md", "", line=1, column=1, link_to="../notes/more.md"),
)
LINK_IN_DOCS = Code(
    "EX505",
    "link-in-docs",
    ERROR,
    Step.PAGES,
    summary="A file or folder under docs/ (a picture, a download, any file the site would publish), or docs/ itself, "
    "is a symbolic link, a pipe or a device, or lies outside the project.",
    fix="Put the file itself in docs/ instead of a link to it. The site publishes what docs/ holds: a link could "
    "publish any file the build machine can read, such as the checkout's credentials.",
    example=Example("docs/logo.png", "", line=1, column=1, link_to="../.git/config"),
)
UNPRINTABLE_DOCS_NAME = Code(
    "EX506",
    "unprintable-docs-name",
    ERROR,
    Step.PAGES,
    summary="A file's name under docs/ holds a control or format character (a line break, an escape of the "
    "terminal, a bidirectional override) or `##[`, which the CI runner reads as a command.",
    fix="Rename the file with letters, digits, spaces and ordinary punctuation. Its name is printed in the build's "
    "log, in CI's annotations and in the review's comment.",
    example=Example("docs/##[group]notes.md", "# Notes\n", line=1, column=1, reported="docs/#\\x23[group]notes.md"),
)
PAGES_OVER_BUDGET = Code(
    "EX510",
    "pages-over-budget",
    ERROR,
    Step.PAGES,
    summary="docs/ holds more Markdown pages, or more bytes of them, than its budget (`max_docs_pages`, "
    "`max_docs_bytes`); the page shown and those after it are not read or checked.",
    fix="Check that docs/ holds only the site's hand-written pages; if they really are that many or that large, "
    "raise the option the message names under `extra.explainer` in mkdocs.yml.",
    example=Example("mkdocs.yml", _MKDOCS + "    max_docs_bytes: 5\n", line=1, column=1, reported="docs/index.md"),
)

# ---- EX6xx editorial checks ---------------------------------------------------------------------

WRONG_COUNT = Code(
    "EX601",
    "wrong-count",
    ERROR,
    Step.EDITORIAL,
    summary="A count of articles or reports in a text is not what its citations give.",
    fix="Correct the number (the hint gives the real count and the articles), cite the missing passage, or name "
    "the article instead of counting.",
    example=Example("content/claims.yaml", _claim("Two articles say Ann greets Bob."), line=4, column=11),
)
UNCITED_COUNT = Code(
    "EX602",
    "uncited-count",
    ERROR,
    Step.EDITORIAL,
    summary="A text counts articles it does not cite (“two other articles”).",
    fix="Cite the articles counted, or name them by source id.",
    example=Example("content/claims.yaml", _claim("Ann greets Bob, as two other articles say."), line=4, column=30),
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
        _claim("Two articles say Ann greets Bob.").replace(
            "    citations:\n", f"    citations:\n      - source: copy\n        quote: {_GREETING}\n"
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
    example=Example("content/claims.yaml", _claim("Ann says “hello there to Bob."), line=4, column=20),
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
        _claim("The Daily Example says Ann greets Bob."),
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
    example=Example("content/claims.yaml", _claim("Ann greets Bob 3 times."), line=4, column=26),
)
UNGROUNDED_DATE_WORD = Code(
    "EX607",
    "ungrounded-date-word",
    ERROR,
    Step.EDITORIAL,
    summary="A text gives a month or a weekday that none of the passages it rests on gives.",
    fix="Cite the passage that gives it, or leave it out.",
    example=Example("content/claims.yaml", _claim("Ann greets Bob on a Monday."), line=4, column=31),
)
UNGROUNDED_QUOTE = Code(
    "EX608",
    "ungrounded-quote",
    ERROR,
    Step.EDITORIAL,
    summary="A text quotes words that are not in the passages it rests on.",
    fix="Quote the article's own words, in a passage the text cites (the hint shows the closest). A work's title is "
    "not a quotation: declare it under `names:` with `kind: title`.",
    example=Example("content/claims.yaml", _claim("Ann tells Bob “good morning”."), line=4, column=25),
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
        _claim("Ann greets Bob, and Bob greets Ann."),
        line=4,
        column=31,
        also={
            "content/corrections.yaml": CORRECTION.format(statements="bob-age") + "    withdraws: [Bob greets Ann]\n"
        },
    ),
)

# ---- EX7xx the corrections log against a base revision ------------------------------------------

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
    example=Example("content/claims.yaml", _claim("Ann greets Bob first."), line=2, column=5, base={}),
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

# ---- the registry -------------------------------------------------------------------------------

CODES: tuple[Code, ...] = tuple(value for value in list(globals().values()) if isinstance(value, Code))
BY_CODE: dict[str, Code] = {c.code: c for c in CODES}


def by_step() -> list[tuple[Step, list[Code]]]:
    """The codes grouped by the step that finds them, in the order of the pipeline."""
    return [(step, [c for c in CODES if c.step is step]) for step in Step]
