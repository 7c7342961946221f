"""EX5xx, the hand-written pages: wiki-links in docs/ name records, citation markers name statements.

Each declaration is one code: its number, name, severity, step, summary, fix and example (see the package's
docstring); the registry lists them in the order they stand here.
"""

from __future__ import annotations

from explainer.core.codes.example import MKDOCS
from explainer.core.diagnostics import Code, Example, Severity, Step

ERROR = Severity.ERROR

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
UNKNOWN_PICTURE = Code(
    "EX507",
    "unknown-picture",
    ERROR,
    Step.PAGES,
    summary="A picture `[[picture:name]]` on a page names no picture the engine draws.",
    fix="Use one of the names the message lists (`days`: the days the story happens in, drawn day by day), "
    "alone in its paragraph.",
    example=Example("docs/index.md", "# Example\n\n[[picture:dayz]]\n", line=3, column=1),
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
    example=Example("mkdocs.yml", MKDOCS + "    max_docs_bytes: 5\n", line=1, column=1, reported="docs/index.md"),
)
