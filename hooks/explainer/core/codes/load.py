"""EX1xx, the loading step: each content file found, read and parsed as plain YAML data (UTF-8, within its
budget, no anchors, tags or duplicate keys), and the seeds' folder.

Each declaration is one code: its number, name, severity, step, summary, fix and example (see the package's
docstring); the registry lists them in the order they stand here.
"""

from __future__ import annotations

from explainer.core.codes.example import CLAIMS, GREETING, MKDOCS, claim
from explainer.core.diagnostics import Code, Example, Severity, Step

ERROR = Severity.ERROR

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
    example=Example("mkdocs.yml", MKDOCS + "    content_dir: records\n", line=1, column=1, reported="records"),
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
    example=Example("content/claims.yaml", claim('"Ann greets Bob.\\a"'), line=4, column=11),
)
YAML_SYNTAX = Code(
    "EX107",
    "yaml-syntax",
    ERROR,
    Step.LOAD,
    summary="A content file is not valid YAML.",
    fix="The hint says what to change at the place shown; most often, put text that contains `: `, or starts "
    "with a character such as `@`, `%` or a backquote, in quotes.",
    example=Example("content/claims.yaml", claim("Ann greets Bob: hello."), line=4, column=25),
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
    example=Example("content/claims.yaml", claim("!!binary QW5uIGdyZWV0cyBCb2Iu"), line=4, column=11),
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
        "content/claims.yaml", claim(citation=f"quote: {GREETING}\noccurrence: 1{'0' * 100}"), line=9, column=21
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
        claim(keys="    " + "and-the-rest-of-the-sentence-" * 4 + "went-here: true\n"),
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
    example=Example("content/claims.yaml", claim(keys="    topic: general\n"), line=6, column=5),
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
    example=Example("content/claims.yaml", claim("Ann gre\u200bets Bob."), line=4, column=18),
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
        MKDOCS + "    max_content_files: 2\n",
        line=1,
        column=1,
        reported="content/sources.yaml",
    ),
)
