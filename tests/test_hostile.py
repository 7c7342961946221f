"""Hostile input: every field an editor writes, every file a project holds, treated as an attacker's.

Each case states the exact message and place, never a traceback, never a hang. The rule for text:
every text field is plain text, never Markdown or HTML, and reaches the site escaped.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conftest import TINY_MKDOCS, make_project, run_mkdocs
from explainer.content.model import Content
from explainer.content.schema import sections
from explainer.evidence.pipeline import Layout, check
from explainer.evidence.resolve import RESERVED_IDS, is_reserved
from explainer.evidence.seeds import SeedError, read_seed
from explainer.text.textmatch import closest_passage, normalize

SECTIONS = ", ".join(sections(Content))  # as every message that lists them names them

# ---- injection: a tiny site whose every text field is hostile -------------------------------------

HTML_PAYLOAD = (
    '<script>alert(document.domain)</script> <img src=x onerror=alert(document.domain)> " '
    "onmouseover=\"x ' onfocus='y javascript:alert(document.domain)"
)
# Markdown that would turn into markup if any text were read as Markdown on its way into HTML.
MARKDOWN_PAYLOAD = "[l](javascript:alert(document.cookie)) **b** _i_ `c` **b**{: onclick=alert(window.origin) }"
# The real site's Markdown extensions (attr_list turns '{: onclick=... }' into an attribute) and edit links.
HOSTILE_MKDOCS = (
    TINY_MKDOCS.replace("  font: false\n", "  font: false\n  features: [content.action.edit]\n")
    + "markdown_extensions:\n  - attr_list\n  - toc:\n      permalink: true\n"
)


def hostile_files(payload: str) -> dict[str, str]:
    """Content files in which every text field an editor writes carries `payload`, tagged by field."""

    def q(tag: str) -> str:
        return json.dumps(f"{tag} {payload}")  # a JSON string is a valid double-quoted YAML scalar

    return {
        "sources.yaml": f"""\
            sources:
              - id: tiny
                file: seeds/tiny.txt
                title: {q("SOURCE-TITLE")}
                title_kind: description
                facts:
                  - id: tiny-fact
                    text: {q("SOURCE-FACT")}
                    citations:
                      - source: tiny
                        quote: A Tiny Headline
                        note: {q("CITATION-NOTE")}
            topics:
              - id: general
                title: {q("TOPIC-TITLE")}
                summary: {q("TOPIC-SUMMARY")}
            """,
        "people.yaml": f"""\
            people:
              - id: ann
                name: {q("Ann")}
                summary: {q("PERSON-SUMMARY")}
                aliases: [{q("ALIAS")}]
                facts:
                  - id: ann-fact
                    text: {q("PERSON-FACT")}
                    attribution: {{kind: insider, label: {q("INSIDER-LABEL")}}}
                    citations:
                      - source: tiny
                        quote: Ann Example said
                relations:
                  - id: ann-bob
                    kind: spouse
                    person: bob
                    note: {q("RELATION-NOTE")}
                    citations:
                      - source: tiny
                        quote: Ann Example said “hello there” to Bob Example
              - id: bob
                name: {q("Bob")}
            """,
        "claims.yaml": f"""\
            claims:
              - id: ann-greets
                topic: general
                text: {q("CLAIM-TEXT")}
                attribution: {{kind: commenters, label: {q("COMMENTERS-LABEL")}}}
                about: [ann, bob]
                event: greet
                citations:
                  - source: tiny
                    quote: said "hello there" to Bob
            events:
              - id: greet
                title: {q("EVENT-TITLE")}
                text: {q("EVENT-TEXT")}
                place: {q("EVENT-PLACE")}
                participants: [ann, bob]
                date:
                  year: {{value: 2020, basis: inferred, inference: greet-year}}
                  month: {{value: 3, basis: stated}}
                  day: {{value: 3, basis: stated}}
                  as_written: {q("AS-WRITTEN")}
                  inferences:
                    - id: greet-year
                      text: {q("INFERENCE")}
                      citations:
                        - source: tiny
                          quote: on March 3
                citations:
                  - source: tiny
                    quote: to Bob Example on March 3
              - id: reply
                title: {q("EVENT2-TITLE")}
                text: {q("EVENT2-TEXT")}
                after:
                  - id: reply-after-greet
                    event: greet
                    note: {q("ORDER-NOTE")}
                    citations:
                      - source: tiny
                        quote: "replied:"
                citations:
                  - source: tiny
                    quote: Bob Example, 40, replied
            quotes:
              - id: hello
                speaker: {{kind: person, person: ann}}
                addressee: bob
                event: greet
                context: {q("QUOTE-CONTEXT")}
                citations:
                  - source: tiny
                    quote: hello there
                    note: {q("QUOTE-NOTE")}
            disagreements:
              - id: dis
                question: {q("QUESTION")}
                about: [ann]
                topic: general
                answers:
                  - id: dis-a
                    text: {q("ANSWER")}
                    attribution: {{kind: interviewer, label: {q("INTERVIEWER-LABEL")}}}
                    citations: [{{source: tiny, quote: "Bob Example, 40,"}}]
                  - id: dis-b
                    text: {q("ANSWER-OTHER")}
                    citations: [{{source: tiny, quote: "replied"}}]
              - id: dis-w
                kind: wording
                question: {q("WORDING-QUESTION")}
                answers:
                  - id: dis-w-a
                    text: {q("WORDING-ANSWER")}
                    citations: [{{source: tiny, quote: "Hello, hello."}}]
                  - id: dis-w-b
                    text: {q("WORDING-ANSWER-OTHER")}
                    citations: [{{source: tiny, quote: "The end. The end."}}]
            transcripts:
              - id: talk
                title: {q("TRANSCRIPT-TITLE")}
                summary: {q("TRANSCRIPT-SUMMARY")}
                event: greet
                lines:
                  - id: talk-1
                    quote: hello
                    note: {q("LINE-NOTE")}
                  - id: talk-2
                    action: {q("LINE-ACTION")}
                    speaker: {{kind: insider, label: {q("SPEAKER-LABEL")}}}
                    citations: [{{source: tiny, quote: "Bob Example, 40, replied"}}]
            omissions:
              - id: omit
                reason: {q("OMISSION-REASON")}
                citations: [{{source: tiny, quote: "A Tiny"}}]
            """,
    }


FIELD_TAGS = [
    "SOURCE-TITLE",
    "SOURCE-FACT",
    "TOPIC-TITLE",
    "TOPIC-SUMMARY",
    "Ann",
    "PERSON-SUMMARY",
    "ALIAS",
    "PERSON-FACT",
    "INSIDER-LABEL",
    "RELATION-NOTE",
    "Bob",
    "CLAIM-TEXT",
    "COMMENTERS-LABEL",
    "EVENT-TITLE",
    "EVENT-TEXT",
    "EVENT-PLACE",
    "AS-WRITTEN",
    "INFERENCE",
    "EVENT2-TITLE",
    "EVENT2-TEXT",
    "ORDER-NOTE",
    "QUOTE-CONTEXT",
    "QUOTE-NOTE",
    "QUESTION",
    "ANSWER",
    "INTERVIEWER-LABEL",
    "WORDING-QUESTION",
    "WORDING-ANSWER",
    "TRANSCRIPT-TITLE",
    "TRANSCRIPT-SUMMARY",
    "LINE-NOTE",
    "LINE-ACTION",
    "SPEAKER-LABEL",
    "OMISSION-REASON",
]  # fmt: skip  (CITATION-NOTE is not shown: only the notes of a quote's citations are)

HOSTILE_DOCS = (
    "# Tiny\n\n"
    '[[ann|<b>x</b>]] [[bob|" onmouseover="x]] [[ann|<img src=x onerror=alert(document.domain)>]] '
    "[[ann|javascript:alert(document.domain)]] [[cite:ann-greets]]\n\n"
    "[[ann]] [[hello]] [[greet]] [[cite:ann-greets]]\n"
)

RECORD_IDS = {
    "tiny", "tiny-fact", "general", "ann", "ann-fact", "ann-bob", "bob", "ann-greets", "greet", "greet-year",
    "reply", "reply-after-greet", "hello",
    "dis", "dis-a", "dis-b", "dis-w", "dis-w-a", "dis-w-b", "talk", "talk-1", "talk-2", "omit",
}  # fmt: skip
RECORD_FOLDERS = ("people", "quotes", "claims", "sources", "transcripts")
SAFE_ATTRIBUTE = re.compile(r"[a-z][a-z0-9_:.-]*")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Markup(HTMLParser):
    """Every element and attribute of a page, and what is wrong with any of them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.ids: list[str] = []
        self.title = ""
        self.description = ""
        self.h1 = ""
        self.wikilinks: list[str] = []  # the text of each <a class="wikilink">
        self._in: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name.startswith("on") or not SAFE_ATTRIBUTE.fullmatch(name):
                self.problems.append(f"<{tag}> has the attribute {name}={value!r}")
            if value and re.sub(r"\s", "", value).lower().startswith(("javascript:", "data:", "vbscript:")):
                self.problems.append(f"<{tag}> has {name}={value!r}")
            if name == "id" and value:
                self.ids.append(value)
        attributes = dict(attrs)
        if tag == "img" and attributes.get("src") == "x":
            self.problems.append("<img src=x>")
        if tag == "a" and attributes.get("class") == "wikilink":
            self.wikilinks.append("")
            tag = "a.wikilink"
        if tag == "meta" and attributes.get("name") == "description":
            self.description = attributes.get("content") or ""
        if tag not in VOID:
            self._in.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and "a.wikilink" in self._in and "a" not in self._in[self._in.index("a.wikilink") :]:
            tag = "a.wikilink"
        if tag in self._in:
            while self._in.pop() != tag:
                pass

    def handle_data(self, data: str) -> None:
        if not self._in:
            return
        current = self._in[-1]
        if current == "script" and "alert(" in data:
            if not data.lstrip().startswith("{"):
                self.problems.append(f"<script> runs {data[:60]!r}")
            elif "<" in data:
                self.problems.append("JSON-LD holds a raw '<'")
            else:
                json.loads(data)  # structured data must stay valid JSON
        if current == "b" and data == "x":
            self.problems.append("<b>x</b>: an editor's tag")
        if current in ("strong", "em", "code") and data in ("b", "i", "c"):
            self.problems.append(f"<{current}>{data}</{current}>: editor text was read as Markdown")
        if current in ("a", "a.wikilink") and data == "l":
            self.problems.append("<a>l</a>: editor text was read as Markdown")
        if current == "title":
            self.title += data
        if "h1" in self._in:
            self.h1 += data
        if "a.wikilink" in self._in:
            self.wikilinks[-1] += data


def parse_page(path: Path) -> _Markup:
    page = _Markup()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    return page


def build_hostile_site(root: Path, payload: str) -> Path:
    project = make_project(root, hostile_files(payload), docs_index=HOSTILE_DOCS)
    (project / "mkdocs.yml").write_text(HOSTILE_MKDOCS, encoding="utf-8")
    result = run_mkdocs(project, "build", "--strict")
    assert result.returncode == 0, result.stderr[-3000:]
    return project / "site"


@pytest.fixture(scope="module")
def html_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_hostile_site(tmp_path_factory.mktemp("hostile") / "p", HTML_PAYLOAD)


@pytest.fixture(scope="module")
def markdown_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_hostile_site(tmp_path_factory.mktemp("hostile-md") / "p", f"{HTML_PAYLOAD} {MARKDOWN_PAYLOAD}")


def generated_pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if p != site / "index.html" and p.name != "404.html")


@pytest.mark.build
def test_every_text_field_reaches_the_site_escaped(html_site: Path) -> None:
    problems, shown = [], set()
    for path in sorted(html_site.rglob("*.html")):
        page = parse_page(path)
        problems += [f"{path.relative_to(html_site)}: {p}" for p in page.problems]
        text = path.read_text(encoding="utf-8")
        shown |= {
            tag
            for tag in FIELD_TAGS
            if f"{tag} &lt;script&gt;alert(document.domain)&lt;/script&gt; &lt;img src=x "
            f"onerror=alert(document.domain)&gt;" in text
        }
    assert problems == []
    assert sorted(set(FIELD_TAGS) - shown) == []  # every field was shown somewhere, as text


@pytest.mark.build
def test_page_title_header_and_description_are_escaped(html_site: Path) -> None:
    path = html_site / "people" / "ann" / "index.html"
    page, text = parse_page(path), path.read_text(encoding="utf-8")
    name = f"Ann {HTML_PAYLOAD}"
    assert page.problems == []
    assert page.title.strip() == f"{name} - Tiny"
    assert page.h1.strip() == name
    assert name in page.description
    escaped = (
        "Ann &lt;script&gt;alert(document.domain)&lt;/script&gt; &lt;img src=x "
        "onerror=alert(document.domain)&gt; &#34; onmouseover=&#34;x &#39; onfocus=&#39;y "
        "javascript:alert(document.domain)"
    )
    assert f"<title>{escaped} - Tiny</title>" in text
    header = text[text.index('data-md-component="header-topic"') :]
    assert header[: header.index("</span>")].split(">", 2)[-1].strip() == escaped


@pytest.mark.build
def test_wikilink_texts_in_docs_are_escaped(html_site: Path) -> None:
    page = parse_page(html_site / "index.html")
    assert page.problems == []
    assert page.wikilinks[:4] == [
        "<b>x</b>",
        '" onmouseover="x',
        "<img src=x onerror=alert(document.domain)>",
        "javascript:alert(document.domain)",
    ]  # shown as text
    assert page.wikilinks[4:] == [
        f"Ann {HTML_PAYLOAD}",
        "hello there",
        f"EVENT-TITLE {HTML_PAYLOAD}",
    ]  # record labels too


@pytest.mark.build
def test_markdown_in_text_fields_stays_text_on_generated_pages(markdown_site: Path) -> None:
    problems = [
        f"{p.relative_to(markdown_site)}: {problem}"
        for p in generated_pages(markdown_site)
        for problem in parse_page(p).problems
    ]
    assert problems == []
    person = (markdown_site / "people" / "ann" / "index.html").read_text(encoding="utf-8")
    assert "[l](javascript:alert(document.cookie)) **b** _i_ `c` **b**{: onclick=alert(window.origin) }" in person


@pytest.mark.build
def test_markdown_in_text_fields_stays_text_in_wikilinks_on_docs_pages(markdown_site: Path) -> None:
    assert parse_page(markdown_site / "index.html").problems == []


@pytest.mark.build
def test_wikilinks_in_headings_stay_whole(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", docs_index="# Tiny\n\n## About [[ann]] and [[bob|him]]\n\nText.\n")
    (project / "mkdocs.yml").write_text(HOSTILE_MKDOCS, encoding="utf-8")
    result = run_mkdocs(project, "build", "--strict")
    assert result.returncode == 0, result.stderr[-3000:]
    site = project / "site"
    leaks = [
        p.relative_to(site).as_posix()
        for p in site.rglob("*")
        if p.suffix in (".html", ".json") and "exwikilink" in p.read_text(encoding="utf-8")
    ]
    assert leaks == []  # no placeholder token is left anywhere, the table of contents and search included
    assert parse_page(site / "index.html").problems == []


def test_markup_in_ids_and_references_is_refused(tmp_path: Path) -> None:
    claims = (
        'claims:\n  - id: "<b>x</b>"\n    topic: "general\\" onmouseover=\\"x"\n    text: T\n    '
        "citations: [{source: tiny, quote: The end., occurrence: 1}]\n"
    )
    project = make_project(tmp_path / "p", {"claims.yaml": claims}, docs_index="# T\n")
    assert problems(project) == [
        (
            "content/claims.yaml:2:9: EX207 invalid-id | ids are lower-case letters, digits and single hyphens, "
            "e.g. 'b-x-b'"
        ),
        (
            "content/claims.yaml:3:12: EX207 invalid-id | ids are lower-case letters, digits and single hyphens, "
            "e.g. 'general-onmouseover-x'"
        ),
    ]


# ---- YAML -----------------------------------------------------------------------------------------

ALIAS_BOMB = 'claims:\n  - &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n' + "".join(
    f"  - &{b} [{', '.join([f'*{a}'] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi", strict=True)
)
TEXT_CLAIM = (
    "claims:\n  - id: big\n    topic: general\n    text: {text}\n    citations: [{{source: tiny, "
    "quote: The end., suffix: The end.}}]\n"
)

ANCHOR_HINT = "write the value out in full; anchors and aliases are not supported"
TAG_HINT = "remove the tag: content files hold plain text, numbers, lists and mappings"
PRINTABLE_HINT = (
    r"remove it: content files hold printable text only (check escapes such as \0, \x.. or \u.. in quoted text)"
)

YAML_CASES = [
    (
        "python object tag",
        b"claims: !!python/object/apply:os.system ['echo pwned']\n",
        (f"content/x.yaml:1:9: EX110 yaml-tag | {TAG_HINT}"),
    ),
    (
        "python name tag in a record",
        b"claims:\n  - id: !!python/name:os.system x\n",
        (f"content/x.yaml:2:9: EX110 yaml-tag | {TAG_HINT}"),
    ),
    (
        "verbatim tag",
        b"claims: !<tag:yaml.org,2002:python/object:os.system> []\n",
        (f"content/x.yaml:1:9: EX110 yaml-tag | {TAG_HINT}"),
    ),
    ("local tag", b"claims:\n  - id: !secret x\n", (f"content/x.yaml:2:9: EX110 yaml-tag | {TAG_HINT}")),
    ("binary tag", b"claims: !!binary aGk=\n", (f"content/x.yaml:1:9: EX110 yaml-tag | {TAG_HINT}")),
    (
        "tag directive",
        b"%TAG !e! tag:example.com,2000:\n---\nclaims: !e!x []\n",
        (f"content/x.yaml:3:9: EX110 yaml-tag | {TAG_HINT}"),
    ),
    ("alias bomb", ALIAS_BOMB.encode(), (f"content/x.yaml:2:5: EX109 anchor-or-alias | {ANCHOR_HINT}")),
    ("anchor", b"claims:\n  - &one {id: a}\n", (f"content/x.yaml:2:5: EX109 anchor-or-alias | {ANCHOR_HINT}")),
    ("alias without anchor", b"claims: [*one]\n", (f"content/x.yaml:1:10: EX109 anchor-or-alias | {ANCHOR_HINT}")),
    (
        "merge key",
        b"claims:\n  - <<: {id: a}\n",
        (
            "content/x.yaml:2:5: EX109 anchor-or-alias | write the keys out in full; anchors, aliases and merge "
            "keys are not supported"
        ),
    ),
    (
        "duplicate section",
        b"claims: []\nclaims: []\n",
        "content/x.yaml:2:1: EX114 duplicate-key | the key is first used at line 1; keep one of them",
    ),
    (
        "duplicate key in a citation",
        b"claims:\n  - id: a\n    topic: general\n    text: T\n    citations:\n      - source: tiny\n        source: "
        b"tiny\n        quote: A Tiny\n",
        "content/x.yaml:7:9: EX114 duplicate-key | the key is first used at line 6; keep one of them",
    ),
    (
        "tab indentation",
        b"claims:\n\t- id: a\n",
        "content/x.yaml:2:1: EX107 yaml-syntax | indent with spaces, not tabs",
    ),
    (
        "tab inside a record",
        b"claims:\n  - id: a\n  \ttopic: general\n",
        "content/x.yaml:3:3: EX107 yaml-syntax | indent with spaces, not tabs",
    ),
    (
        "byte-order mark",
        b"\xef\xbb\xbfclaims: []\n",
        "content/x.yaml:1:1: EX105 bad-encoding | save the file as UTF-8 without BOM",
    ),
    ("invalid UTF-8", b"claims:\n  - id: a\xff\n", "content/x.yaml:2:10: EX105 bad-encoding | save the file as UTF-8"),
    ("UTF-16", "claims: []\n".encode("utf-16"), "content/x.yaml:1:1: EX105 bad-encoding | save the file as UTF-8"),
    (
        "empty file",
        b"",
        "content/x.yaml:1:1: EX115 empty-file | add a top-level mapping such as 'claims:' or delete the file",
    ),
    (
        "only comments",
        b"# nothing yet\n\n",
        "content/x.yaml:1:1: EX115 empty-file | add a top-level mapping such as 'claims:' or delete the file",
    ),
    ("list at the top", b"- id: a\n", (f"content/x.yaml:1:1: EX201 not-sections | start with one of: {SECTIONS}")),
    (
        "text at the top",
        b"just some words\n",
        (f"content/x.yaml:1:1: EX201 not-sections | start with one of: {SECTIONS}"),
    ),
    (
        "list where a record belongs",
        b"claims:\n  - [a, b]\n",
        "content/x.yaml:2:5: EX204 wrong-type | write 'key: value' lines",
    ),
    (
        "list where a citation belongs",
        b"claims:\n  - id: a\n    topic: general\n    text: T\n    citations:\n      - [tiny, A Tiny]\n",
        "content/x.yaml:6:9: EX204 wrong-type | write 'key: value' lines",
    ),
    (
        "mapping where a section list belongs",
        b"claims:\n  id: a\n",
        "content/x.yaml:2:3: EX203 section-not-a-list | start each record with '- id: ...'",
    ),
    (
        "second document",
        b"claims: []\n---\nclaims: []\n",
        "content/x.yaml:2:1: EX108 multiple-documents | remove the '---' separator: one document per file",
    ),
    (
        "empty second document",
        b"claims: []\n---\n",
        "content/x.yaml:2:1: EX108 multiple-documents | remove the '---' separator: one document per file",
    ),
    (
        "1 MB text",
        TEXT_CLAIM.format(text="x" * 1_000_000).encode(),
        "content/x.yaml:4:11: EX206 text-too-long | shorten it or split the record",
    ),
    (
        "1 MB key",
        b"claims:\n  - ? " + b"k" * 1_000_000 + b"\n    : 1\n",
        "content/x.yaml:2:7: EX113 key-too-long | keys are short names such as 'text' or 'citations'",
    ),
    (
        "5000-digit number",
        b"events:\n  - id: e\n    title: T\n    text: T\n    sequence: "
        + b"9" * 5000
        + b"\n    citations: [{source: tiny, quote: A Tiny}]\n",
        (
            "content/x.yaml:5:15: EX112 number-too-long | numbers in content files are years, months, days, "
            "sequence numbers and occurrences"
        ),
    ),
    (
        "deeply nested flow sequences",
        b"claims: " + b"[" * 100_000 + b"]" * 100_000 + b"\n",
        "content/x.yaml:1:40: EX111 too-deep | flatten the structure",
    ),
    (
        "deeply nested flow mappings",
        b"claims: " + b"{a: " * 100_000 + b"}" * 100_000 + b"\n",
        "content/x.yaml:1:130: EX111 too-deep | flatten the structure",
    ),
    (
        "deeply nested block mappings",
        b"".join(b"  " * i + b"a:\n" for i in range(200)),
        "content/x.yaml:32:63: EX111 too-deep | flatten the structure",
    ),
    (
        "NUL byte in the file",
        b"claims: []\x00\n",
        (
            "content/x.yaml:1:11: EX106 unprintable-character | remove it, e.g. with an editor that shows "
            "invisible characters; content files hold printable text only"
        ),
    ),
    (
        "escape sequence in the file",
        b"claims: [\x1b[31m]\n",
        (
            "content/x.yaml:1:10: EX106 unprintable-character | remove it, e.g. with an editor that shows "
            "invisible characters; content files hold printable text only"
        ),
    ),
    (
        "NUL through an escape",
        TEXT_CLAIM.format(text='"a\\0b"').encode(),
        (f"content/x.yaml:4:11: EX106 unprintable-character | {PRINTABLE_HINT}"),
    ),
    (
        "terminal escape through an escape",
        TEXT_CLAIM.format(text='"\\e[2J"').encode(),
        (f"content/x.yaml:4:11: EX106 unprintable-character | {PRINTABLE_HINT}"),
    ),
    (
        "lone surrogate through an escape",
        TEXT_CLAIM.format(text='"\\ud800"').encode(),
        (f"content/x.yaml:4:11: EX106 unprintable-character | {PRINTABLE_HINT}"),
    ),
    (
        "control character in a key",
        b'claims:\n  - "i\\x07d": a\n',
        (f"content/x.yaml:2:5: EX106 unprintable-character | {PRINTABLE_HINT}"),
    ),
    (
        "unclosed quotation mark",
        b'claims:\n  - id: "a\n',
        "content/x.yaml:3:1: EX107 yaml-syntax | close the quotation mark opened at line 2, column 9",
    ),
    (
        "unclosed bracket",
        b"claims: [a, b\n",
        "content/x.yaml:2:1: EX107 yaml-syntax | close the '[' opened at line 1, column 9",
    ),
    (
        "colon in plain text",
        TEXT_CLAIM.format(text="Note: this fails").encode(),
        "content/x.yaml:4:15: EX107 yaml-syntax | put text that contains ': ' in quotes",
    ),
    (
        "reserved indicator",
        TEXT_CLAIM.format(text="@handle said so").encode(),
        "content/x.yaml:4:11: EX107 yaml-syntax | put the value in quotes",
    ),
    (
        "bad indentation",
        b"claims:\n  - id: a\n   topic: general\n",
        (
            "content/x.yaml:3:4: EX107 yaml-syntax | check the indentation: the keys of one mapping, and the "
            "items of one list, must line up"
        ),
    ),
]


def problems(project: Path) -> list[str]:
    _, diagnostics = check(Layout(project))
    return [f"{d.pos}: {d.code}" + (f" | {d.hint}" if d.hint else "") for d in diagnostics]


def run_check(project: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "explainer.cli", "check", "--root", str(project)],
        capture_output=True,
        text=True,
        timeout=60,
    )


def problems_with(tmp_path: Path, name: str, data: bytes) -> list[str]:
    project = make_project(tmp_path / "p", docs_index="# T\n")
    (project / "content" / name).write_bytes(data)
    return problems(project)


@pytest.mark.parametrize(("name", "data", "expected"), YAML_CASES, ids=[c[0] for c in YAML_CASES])
def test_hostile_yaml_is_refused_with_its_place(tmp_path: Path, name: str, data: bytes, expected: str) -> None:
    started = time.monotonic()
    found = problems_with(tmp_path, "x.yaml", data)
    assert time.monotonic() - started < 10, "checking must stay fast on hostile input"
    assert found == [expected]


def test_alias_bomb_fails_fast(tmp_path: Path) -> None:
    # A billion laughs: expanded, 9^9 strings. Refused at the first anchor, before anything expands.
    started = time.monotonic()
    found = problems_with(tmp_path, "x.yaml", ALIAS_BOMB.encode())
    assert time.monotonic() - started < 2
    assert found == [(f"content/x.yaml:2:5: EX109 anchor-or-alias | {ANCHOR_HINT}")]


def test_windows_line_endings_are_fine(tmp_path: Path) -> None:
    data = TEXT_CLAIM.format(text="Fine.").replace("\n", "\r\n").encode()
    assert problems_with(tmp_path, "x.yaml", data) == []


def test_file_over_the_size_limit_is_not_read(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", docs_index="# T\n")
    with (project / "mkdocs.yml").open("a", encoding="utf-8") as config:
        config.write("extra:\n  explainer:\n    max_file_bytes: 1000\n")  # above the tiny project's own files
    data = TEXT_CLAIM.format(text="x" * 1000).encode()
    (project / "content" / "x.yaml").write_bytes(data)
    assert problems(project) == ["content/x.yaml:1:1: EX104 file-too-large | split it into several files"]
    _, diagnostics = check(Layout(project))
    assert diagnostics[0].message == f"file is {len(data)} bytes, more than the limit of 1000"  # the option's limit


@pytest.mark.parametrize(
    ("name", "shown", "suggestion"),
    [
        ('x" onmouseover="alert(1).yaml', 'x" onmouseover="alert(1).yaml', "x-onmouseover-alert-1-.yaml"),
        ("<b>.yaml", "<b>.yaml", "b-.yaml"),
        ("x\x1b[2J.yaml", "x\\x1b[2J.yaml", "x-2J.yaml"),
        ("my claims.yaml", "my claims.yaml", "my-claims.yaml"),
    ],
)
def test_content_file_names_must_be_plain(tmp_path: Path, name: str, shown: str, suggestion: str) -> None:
    # A content file's name becomes part of the edit link in every page made from it.
    expected = f"content/{shown}:1:1: EX102 bad-file-name | rename the file, e.g. to '{suggestion}'"
    assert problems_with(tmp_path, name, TEXT_CLAIM.format(text="Fine.").encode()) == [expected]


def test_content_file_may_not_be_a_link(tmp_path: Path) -> None:
    # A link could point anywhere, e.g. at /dev/zero, which read in full never ends (not tried here).
    project = make_project(tmp_path / "p", docs_index="# T\n")
    outside = tmp_path / "outside.yaml"
    outside.write_text(TEXT_CLAIM.format(text="Fine."), encoding="utf-8")
    os.symlink(outside, project / "content" / "linked.yaml")
    assert problems(project) == [
        "content/linked.yaml:1:1: EX103 unreadable-file | content files must be regular files, not links"
    ]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_content_file_may_not_be_a_pipe(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", docs_index="# T\n")
    os.mkfifo(project / "content" / "pipe.yaml")  # opened for reading, it would wait for a writer forever
    result = run_check(project)
    assert result.stdout == (
        "content/pipe.yaml:1:1: error EX103 unreadable-file: the file is not a regular file\n    hint: content "
        "files must be regular files\n"
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_docs_page_may_not_be_a_pipe(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", docs_index="# T\n")
    os.mkfifo(project / "docs" / "pipe.md")
    result = subprocess.run(
        [sys.executable, "-m", "explainer.cli", "check", "--root", str(project)],
        capture_output=True,
        text=True,
        timeout=5,
    )
    assert result.returncode == 1 and result.stdout.startswith("docs/pipe.md:1:1: error EX504 unreadable-page")


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (
            ALIAS_BOMB,
            f"content/x.yaml:2:5: error EX109 anchor-or-alias: anchor '&a' is not allowed\n    hint: {ANCHOR_HINT}\n",
        ),
        (
            "claims: !!python/object/apply:os.system ['touch PWNED']\n",
            f"content/x.yaml:1:9: error EX110 yaml-tag: tag '!!python/object/apply:os.system' is not allowed\n    "
            f"hint: {TAG_HINT}\n",
        ),
    ],
    ids=["alias bomb", "python tag"],
)
def test_explainer_check_refuses_hostile_yaml(tmp_path: Path, data: str, expected: str) -> None:
    project = make_project(tmp_path / "p", docs_index="# T\n")
    (project / "content" / "x.yaml").write_text(data, encoding="utf-8")
    started = time.monotonic()
    result = run_check(project)
    assert time.monotonic() - started < 30
    assert (result.returncode, result.stdout, result.stderr) == (1, expected, "1 error, 0 warnings\n")
    assert not (project / "PWNED").exists()


# ---- sources --------------------------------------------------------------------------------------

SOURCES = (
    "sources:\n  - id: tiny\n    title: T\n    file: {file}\n    title_kind: headline\ntopics:\n  - id: "
    "general\n    title: General\n"
)


def source_problems(project: Path, file: str) -> list[str]:
    (project / "content" / "sources.yaml").write_text(SOURCES.format(file=file), encoding="utf-8")
    return [p for p in problems(project) if p.startswith("content/sources.yaml")]


@pytest.mark.parametrize(
    ("file", "expected"),
    [
        ("./seeds/tiny.txt", "content/sources.yaml:4:11: EX401 bad-seed-path | write it as 'seeds/tiny.txt'"),
        ("seeds//tiny.txt", "content/sources.yaml:4:11: EX401 bad-seed-path | write it as 'seeds/tiny.txt'"),
        ("seeds/../seeds/tiny.txt", "content/sources.yaml:4:11: EX401 bad-seed-path | write it as 'seeds/<name>.txt'"),
        ("seeds/sub/tiny.txt", "content/sources.yaml:4:11: EX401 bad-seed-path | write it as 'seeds/<name>.txt'"),
        ("'seeds\\tiny.txt'", "content/sources.yaml:4:11: EX401 bad-seed-path | write it as 'seeds/<name>.txt'"),
        (
            "seeds/" + "a" * 290,
            "content/sources.yaml:4:11: EX416 unsafe-seed-name | rename the file and its `file:`, e.g. to '"
            + "a" * 80
            + ".txt'",
        ),
    ],
)
def test_seed_paths_are_refused(tmp_path: Path, file: str, expected: str) -> None:
    project = make_project(tmp_path / "p", docs_index="# T\n")
    assert source_problems(project, file) == [expected]


# A seed is published under its name, and servers decide by a name's extension how to serve a file: a seed
# named like a web page, a picture or a Markdown page would be active content on the site's own origin.
@pytest.mark.parametrize(
    ("name", "suggestion"),
    [
        ("evil.html", "evil-html.txt"),
        ("evil.htm", "evil-htm.txt"),
        ("evil.svg", "evil-svg.txt"),
        ("evil.md", "evil-md.txt"),  # MkDocs would render it as a page of the site
        ("evil.xhtml", "evil-xhtml.txt"),
        ("evil.js", "evil-js.txt"),
        ("evil.html.txt", "evil-html.txt"),  # Apache's mod_mime reads every extension
        ("Evil.txt", "evil.txt"),  # another file on a case-insensitive file system
        ("evil.TXT", "evil.txt"),
        (".htaccess.txt", "htaccess.txt"),
        ("evil%2ehtml.txt", "evil-2ehtml.txt"),  # percent-encoding in a URL
        ("evil?.txt", "evil.txt"),
        ("evil#x.txt", "evil-x.txt"),
        ("évil.txt", "vil.txt"),
        ("evil", "evil.txt"),
        ("passwd", "passwd.txt"),
    ],
)
def test_seed_names_outside_the_safe_pattern_are_refused(tmp_path: Path, name: str, suggestion: str) -> None:
    project = make_project(tmp_path / "p", docs_index="# T\n")
    (project / "seeds" / name).write_text((project / "seeds" / "tiny.txt").read_text(encoding="utf-8"))
    assert source_problems(project, json.dumps(f"seeds/{name}")) == [
        f"content/sources.yaml:4:11: EX416 unsafe-seed-name | rename the file and its `file:`, e.g. to '{suggestion}'"
    ]
    _, diagnostics = check(Layout(project))
    assert [d.message for d in diagnostics if d.code.code == "EX416"] == [
        f"seed file name '{name}' is not safe to publish: use lower-case letters, digits, '-' and '_' (at most 80), "
        "then '.txt'"
    ]


@pytest.mark.build
def test_every_seed_is_published_as_plain_text_under_the_data_folder(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p")
    site = project / "site"
    result = run_mkdocs(project, "build", "--strict", "-d", str(site))
    assert result.returncode == 0, result.stderr
    published = sorted(p.name for p in (site / "data" / "seeds").iterdir())
    assert published == ["tiny.txt"]
    assert (site / "data" / "seeds" / "tiny.txt").read_bytes() == (project / "seeds" / "tiny.txt").read_bytes()
    annotations = json.loads((site / "data" / "annotations.jsonld").read_text(encoding="utf-8"))
    targets = {item["target"]["source"]["id"] for item in annotations["first"]["items"]}
    assert targets == {"https://example.invalid/data/seeds/tiny.txt"}


def test_the_publisher_refuses_an_unsafe_seed_name_even_past_the_check() -> None:
    from explainer.site.jsonld import seed_path

    assert seed_path("tiny.txt") == "data/seeds/tiny.txt"
    for name in ("x.html", "x.md", "../x.txt", "x y.txt", "X.txt"):
        with pytest.raises(ValueError, match="not of the safe pattern"):
            seed_path(name)


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"A Tiny \xff Headline\n", "content/sources.yaml:4:11: EX405 seed-encoding | convert the article to UTF-8"),
        (
            "A Tiny Headline\n".encode("utf-16"),
            "content/sources.yaml:4:11: EX405 seed-encoding | convert the article to UTF-8",
        ),
        (
            b"\xef\xbb\xbfA Tiny Headline\n",
            "content/sources.yaml:4:11: EX405 seed-encoding | save it as UTF-8 without BOM",
        ),
    ],
    ids=["latin-1 byte", "UTF-16", "byte-order mark"],
)
def test_seed_that_is_not_plain_utf8_is_refused(tmp_path: Path, data: bytes, expected: str) -> None:
    project = make_project(tmp_path / "p", docs_index="# T\n")
    (project / "seeds" / "bad.txt").write_bytes(data)
    assert source_problems(project, "seeds/bad.txt") == [expected]


def test_seed_that_is_a_folder_is_refused(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", docs_index="# T\n")
    (project / "seeds" / "folder.txt").mkdir()
    assert source_problems(project, "seeds/folder.txt") == [
        "content/sources.yaml:4:11: EX403 unreadable-seed | seed files must be regular files"
    ]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_seed_that_is_a_pipe_is_refused(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", docs_index="# T\n")
    os.mkfifo(project / "seeds" / "pipe.txt")
    assert source_problems(project, "seeds/pipe.txt") == [
        "content/sources.yaml:4:11: EX403 unreadable-seed | seed files must be regular files"
    ]


def test_seeds_folder_that_links_out_is_refused(tmp_path: Path) -> None:
    # With seeds/ a link to /etc, 'seeds/passwd' would publish /etc/passwd on the site.
    project = make_project(tmp_path / "p", docs_index="# T\n")
    outside = tmp_path / "elsewhere"
    (project / "seeds").rename(outside)
    os.symlink(outside, project / "seeds")
    assert source_problems(project, "seeds/tiny.txt") == [
        "content/sources.yaml:4:11: EX403 unreadable-seed | make seeds/ a real folder holding the articles"
    ]


def test_seed_over_the_size_limit_is_refused(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", docs_index="# T\n")
    with (project / "mkdocs.yml").open("a", encoding="utf-8") as config:
        config.write("extra:\n  explainer:\n    max_seed_bytes: 10\n")
    assert source_problems(project, "seeds/tiny.txt") == [
        "content/sources.yaml:4:11: EX404 seed-too-large | a seed is one article as plain text"
    ]


def test_seed_path_with_control_characters_is_refused_by_the_library(tmp_path: Path) -> None:
    # The YAML loader already refuses such text; the library refuses it again for any other caller.
    with pytest.raises(SeedError) as caught:
        read_seed(tmp_path, "seeds/\x00tiny.txt")
    assert (caught.value.message, caught.value.hint) == (
        "'seeds/\\x00tiny.txt' contains control characters",
        "write it as 'seeds/<name>.txt'",
    )


# ---- matching: long passages that are not in the seed ----------------------------------------------

REAL_SEED = sorted((Path(__file__).resolve().parent.parent / "seeds").glob("*.txt"))[-1]


def test_hint_for_a_long_passage_that_is_not_found_is_quick() -> None:
    # The hint compares words, not characters: an 800-character miss once took a minute.
    text = REAL_SEED.read_text(encoding="utf-8")
    seed = normalize(text)
    words = text.split()
    near_miss = " ".join(words[20:800]).replace(words[400], "banana")[:5000]
    shuffled = " ".join(words[i * 7 % len(words)] for i in range(900))[:5000]
    started = time.monotonic()
    hint = closest_passage(seed, near_miss)
    closest_passage(seed, shuffled)
    closest_passage(seed, "the " * 1250)
    assert time.monotonic() - started < 2
    assert hint is not None and " ".join(hint.split()).startswith(" ".join(words[20:30]))


def test_many_long_passages_that_are_not_found_are_checked_quickly(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", docs_index="# T\n")
    (project / "seeds" / "real.txt").write_bytes(REAL_SEED.read_bytes())
    words = REAL_SEED.read_text(encoding="utf-8").split()
    passage = " ".join(words[10:600]).replace(words[300], "banana")[:4900]
    citations = "".join(f"      - source: real\n        quote: {json.dumps(passage)}\n" for _ in range(50))
    sources = (
        SOURCES.format(file="seeds/tiny.txt")
        + "  - id: real\n    title: Real\n    file: seeds/real.txt\n    title_kind: headline\n"
    )
    sources = (
        sources.replace("topics:\n  - id: general\n    title: General\n", "")
        + "topics:\n  - id: general\n    title: General\n"
    )
    claims = f"claims:\n  - id: long\n    topic: general\n    text: Long.\n    citations:\n{citations}"
    (project / "content" / "sources.yaml").write_text(sources, encoding="utf-8")
    (project / "content" / "claims.yaml").write_text(claims, encoding="utf-8")
    started = time.monotonic()
    found = problems(project)
    assert time.monotonic() - started < 20
    assert len(found) == 50 and all(" EX408 passage-not-found | closest passage in real.txt" in f for f in found), (
        found[:2]
    )


# ---- ids ------------------------------------------------------------------------------------------

ID_HINT = "ids are lower-case letters, digits and single hyphens, e.g. '{}'"


@pytest.mark.parametrize(
    ("bad", "suggestion"),
    [
        ("Alec", "alec"),
        ("a_b", "a-b"),
        ("a--b", "a-b"),
        ("-a", "a"),
        ("a-", "a"),
        ("é", "my-id"),
        ("alec baldwin", "alec-baldwin"),
        ("<script>", "script"),
    ],
)
def test_ids_must_be_lower_case_slugs(tmp_path: Path, bad: str, suggestion: str) -> None:
    people = f"people:\n  - id: {json.dumps(bad)}\n    name: Someone\n"
    project = make_project(tmp_path / "p", {"people.yaml": people, "claims.yaml": None}, docs_index="# T\n")
    assert problems(project) == [f"content/people.yaml:2:9: EX207 invalid-id | {ID_HINT.format(suggestion)}"]


@pytest.mark.parametrize("reserved", sorted(RESERVED_IDS))
def test_reserved_ids_are_refused(tmp_path: Path, reserved: str) -> None:
    # A person with id 'index' would be people/index.md, the page listing everyone.
    people = f"people:\n  - id: {json.dumps(reserved)}\n    name: Someone\n"
    project = make_project(tmp_path / "p", {"people.yaml": people, "claims.yaml": None}, docs_index="# T\n")
    assert problems(project) == [f"content/people.yaml:2:9: EX301 reserved-id | choose another id, e.g. '{reserved}-1'"]


@pytest.mark.parametrize(
    "anchor",
    [
        "sec-facts",
        "sec-text",
        "fig-family-caption",
        "cmp-facts",
        "p-1",
        "q-0-15",
        "by-q-0-15",
        "cite-3",
        "note-12",
        "tip-3",
        "wording-2",
        "ex-pop",
    ],
)
def test_ids_that_are_anchors_of_generated_pages_are_refused(tmp_path: Path, anchor: str) -> None:
    # An omission with id 'p-1' would be a second element with id p-1 on the source page.
    omissions = (
        f"omissions:\n  - id: {anchor}\n    reason: Not needed.\n    citations: [{{source: tiny, quote: "
        f"The end., occurrence: 2}}]\n"
    )
    project = make_project(tmp_path / "p", {"omissions.yaml": omissions}, docs_index="# T\n")
    hint = (
        "sec-..., fig-..., cmp-..., p-N, q-N-N, by-q-N-N, cite-N, note-N, tip-N, wording-N, ex-... and exNNN are "
        "anchors on generated pages; choose another id"
    )
    assert problems(project) == [f"content/omissions.yaml:2:9: EX301 reserved-id | {hint}"]


@pytest.mark.build
def test_reserved_ids_cover_every_name_and_anchor_the_site_generates(html_site: Path) -> None:
    # Names: everything at the top of the site, and whatever sits beside record pages in their folders.
    names = {entry.name.split(".")[0] for entry in html_site.iterdir()}
    for folder in RECORD_FOLDERS:
        names |= {entry.name.split(".")[0] for entry in (html_site / folder).iterdir()} - RECORD_IDS
    # Anchors: every id on a generated page that is not a record's own, and that an editor could write.
    anchors = {
        i
        for page in generated_pages(html_site)
        for i in parse_page(page).ids
        if re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", i)
    } - RECORD_IDS
    assert anchors, "the site should have template anchors"
    assert sorted(n for n in names | anchors if not is_reserved(n)) == []
    assert not any(is_reserved(record_id) for record_id in RECORD_IDS)
