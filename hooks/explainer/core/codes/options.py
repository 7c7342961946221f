"""EX0xx, the options step: the explainer's options under `extra.explainer` in mkdocs.yml, and the
site's words file that they name, read before anything else.

Each declaration is one code: its number, name, severity, step, summary, fix and example (see the package's
docstring); the registry lists them in the order they stand here.
"""

from __future__ import annotations

from explainer.core.codes.example import MKDOCS
from explainer.core.diagnostics import Code, Example, Severity, Step

ERROR, WARNING = Severity.ERROR, Severity.WARNING

OPTIONS_UNREADABLE = Code(
    "EX001",
    "options-unreadable",
    ERROR,
    Step.OPTIONS,
    summary="mkdocs.yml is not valid YAML, so the explainer's options cannot be read.",
    fix="Correct the YAML at the place shown; MkDocs could not read the file either.",
    example=Example("mkdocs.yml", MKDOCS + "    content_dir: [content\n", line=5, column=1),
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
    example=Example("mkdocs.yml", MKDOCS + "    content_folder: content\n", line=4, column=5),
)
OPTION_WRONG_TYPE = Code(
    "EX004",
    "option-wrong-type",
    ERROR,
    Step.OPTIONS,
    summary="An option has a value of the wrong type: text where a whole number belongs, or the reverse.",
    fix="Write the value as the hint shows, e.g. `max_seed_bytes: 4194304`.",
    example=Example("mkdocs.yml", MKDOCS + "    max_seed_bytes: lots\n", line=4, column=21),
)
OPTION_OUT_OF_RANGE = Code(
    "EX005",
    "option-out-of-range",
    ERROR,
    Step.OPTIONS,
    summary="A numeric option is outside the range it allows.",
    fix="Use a number within the range the message gives, or remove the option to keep its default.",
    example=Example("mkdocs.yml", MKDOCS + "    max_seed_bytes: 0\n", line=4, column=21),
)
OPTION_NOT_A_FOLDER = Code(
    "EX006",
    "option-not-a-folder",
    ERROR,
    Step.OPTIONS,
    summary="A folder option is not a plain folder inside the project.",
    fix="Write a relative path with forward slashes, such as `content` or `data/content`: no `..`, no absolute path.",
    example=Example("mkdocs.yml", MKDOCS + "    content_dir: /srv/content\n", line=4, column=18),
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
    example=Example("mkdocs.yml", MKDOCS + "    language: klingon-x\n", line=4, column=15),
)

# The site's words file (`extra.explainer.words`), read with the options.
_WORDS_OPTION = {"mkdocs.yml": MKDOCS + "    words: words.yaml\n"}

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
    example=Example("mkdocs.yml", MKDOCS + "    language: de\n", line=1, column=1),
)
