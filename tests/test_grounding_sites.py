"""The grounding check on tiny sites: each finding at the exact place of the offending words, with its hint."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import TINY_SEED, make_project, run_mkdocs
from explainer.core import codes
from explainer.core.diagnostics import Severity
from explainer.evidence.pipeline import Layout, check

# The tiny seed, plus a line with a title, an organization and a place to declare.
SEED = TINY_SEED + "Later they watched The Tiny Show on Channel Nine in Springfield.\n"
NAMES = """\
names:
  - name: The Tiny Show
    kind: title
  - name: Springfield
    kind: place
"""
ORGANIZATIONS = """\
organizations:
  - id: channel-nine
    name: Channel Nine
"""


def claim(text: str, quote: str = 'said "hello there" to Bob', extra: str = "") -> str:
    return f"""\
claims:
  - id: ann-greets
    topic: general
    text: {text}
    about: [ann, bob]
{extra}    citations:
      - source: tiny
        quote: {quote}
"""


def project(tmp_path: Path, files: dict[str, str], docs_index: str | None = None) -> Path:
    kwargs = {} if docs_index is None else {"docs_index": docs_index}
    root = make_project(tmp_path / "p", {"names.yaml": NAMES, "organizations.yaml": ORGANIZATIONS, **files}, **kwargs)
    (root / "seeds" / "tiny.txt").write_text(SEED, encoding="utf-8")
    return root


def findings(root: Path) -> list[str]:
    _, diagnostics = check(Layout(root))
    return [f"{d.pos}: {d.severity.value} {d.code} | {d.hint}" for d in diagnostics]


HINT = 'closest passage it rests on, in tiny: "said “hello there” to Bob"'

CASES = [
    (
        "a misquotation",
        {"claims.yaml": claim("'Ann says \"hello friend\" to Bob.'")},
        (
            "content/claims.yaml:4:21: error EX608 ungrounded-quote"
            f" | {HINT}; quote the passage's own words, cite the passage that has these"
        ),
    ),
    (
        "words of the article, but outside the cited passage",
        {"claims.yaml": claim("'Ann greets Bob: \"Hello, hello.\"'")},
        (
            "content/claims.yaml:4:28: error EX608 ungrounded-quote"
            f" | {HINT}; quote the passage's own words, cite the passage that has these; tiny has these words "
            f"elsewhere: cite that passage"
        ),
    ),
    (
        "an unclosed quotation",
        {"claims.yaml": claim("'Ann says \"hello there to Bob.'")},
        "content/claims.yaml:4:21: error EX604 unbalanced-quote | close the quotation, or remove the mark",
    ),
    (
        "a declared place the passage does not name, inside a folded block",
        {"claims.yaml": claim(">-\n      Ann greets Bob\n      in Springfield.")},
        (
            "content/claims.yaml:6:10: error EX605 ungrounded-name"
            f" | {HINT}; cite a passage that names it, link the record it stands for, or leave the name out"
        ),
    ),
    (
        "a person neither named by the passage nor linked",
        {
            "claims.yaml": claim("Ann greets Bob and Kim Example.", extra=""),
            "people.yaml": None,
            "more-people.yaml": """\
people:
  - id: ann
    name: Ann Example
  - id: bob
    name: Bob Example
  - id: kim
    name: Kim Example
""",
        },
        (
            "content/claims.yaml:4:30: error EX605 ungrounded-name"
            f" | {HINT}; cite a passage that names it, link the record it stands for, or leave the name out"
        ),
    ),
    (
        "a number the article gives, but not in the cited passage",
        {"claims.yaml": claim("Ann greets Bob, 40.")},
        (
            "content/claims.yaml:4:27: error EX606 ungrounded-number"
            f" | {HINT}; cite the passage that gives it, or mark the statement as inference"
        ),
    ),
    (
        "a number word",
        {"claims.yaml": claim("Ann greets Bob three times.")},
        (
            "content/claims.yaml:4:26: error EX606 ungrounded-number"
            f" | {HINT}; cite the passage that gives it, or mark the statement as inference"
        ),
    ),
    (
        "a month",
        {"claims.yaml": claim("Ann greets Bob in April.")},
        (
            "content/claims.yaml:4:29: error EX607 ungrounded-date-word"
            f" | {HINT}; cite the passage that gives it, or mark the statement as inference"
        ),
    ),
    (
        "a quoted title that is not declared",
        {"claims.yaml": claim("'Ann greets Bob before \"The Tiny Shows\".'")},
        (
            "content/claims.yaml:4:34: error EX608 ungrounded-quote"
            f" | {HINT}; quote the passage's own words, cite the passage that has these, or, if it is the title of a "
            f"work, declare it under 'names:' with kind: title"
        ),
    ),
    (
        "a declared name that no article has",
        {"claims.yaml": claim("Ann greets Bob."), "names.yaml": NAMES + "  - name: Shelbyville\n    kind: place\n"},
        "content/names.yaml:6:11: error EX612 name-not-in-articles | declare names exactly as an article writes them",
    ),
    (
        "an organization the passage does not name, and the claim does not link",
        {"claims.yaml": claim("Ann greets Bob on Channel Nine.")},
        "content/claims.yaml:4:29: error EX605 ungrounded-name"
        f" | {HINT}; cite a passage that names it, link the record it stands for, or leave the name out",
    ),
    (
        "an organization's fact is checked like any statement",
        {
            "organizations.yaml": ORGANIZATIONS
            + """\
    facts:
      - id: nine-shows-ann
        text: Channel Nine shows Ann Example greeting Kim.
        citations:
          - source: tiny
            quote: Channel Nine in Springfield
""",
        },
        "content/organizations.yaml:6:34: error EX605 ungrounded-name | "
        'closest passage it rests on, in tiny: "Channel Nine in Springfield"; cite a passage that names it, link '
        "the record it stands for, or leave the name out",
    ),
    (
        "an organization's summary counts the articles its facts cite",
        {
            "organizations.yaml": ORGANIZATIONS
            + """\
    summary: Named by two articles.
    facts:
      - id: nine-named
        text: One article names Channel Nine.
        citations:
          - source: tiny
            quote: Channel Nine in Springfield
""",
        },
        "content/organizations.yaml:4:23: error EX601 wrong-count | counted: 1 article, 1 independent report: tiny",
    ),
    (
        "an organization's name declared again under names:",
        {"names.yaml": NAMES + "  - name: Channel Nine\n    kind: place\n"},
        "content/names.yaml:6:11: error EX613 name-of-organization | "
        "organizations' names come from organization records; remove it here",
    ),
    (
        "an organization's name that no article has",
        {"organizations.yaml": ORGANIZATIONS + "    aliases: [Channel Ten]\n"},
        "content/organizations.yaml:4:15: error EX614 organization-name-not-in-articles | "
        "write the name exactly as an article writes it",
    ),
]


@pytest.mark.parametrize(("name", "files", "expected"), CASES, ids=[c[0] for c in CASES])
def test_a_finding_points_at_the_words(tmp_path: Path, name: str, files: dict[str, str], expected: str) -> None:
    assert expected in findings(project(tmp_path, files))


@pytest.mark.parametrize(
    "text",
    [
        "'Ann greets Bob before \"The Tiny Show\".'",  # a declared title is not a quotation
        "'Ann says \"Hello there\" to Bob Example.'",  # the passage's words; the first letter may change case
        "Ann greets Bob, as one article says.",  # a count of the evidence, checked by counts.py
        "Ann greets Bob; Ann Example and Bob Example are the people it is about.",
    ],
)
def test_grounded_texts_pass(tmp_path: Path, text: str) -> None:
    found = [f for f in findings(project(tmp_path, {"claims.yaml": claim(text)})) if ": error " in f]
    assert found == []


def test_a_statement_may_name_the_organizations_it_links(tmp_path: Path) -> None:
    linked = claim("Ann greets Bob on Channel Nine.", extra="    organizations: [channel-nine]\n")
    assert [f for f in findings(project(tmp_path, {"claims.yaml": linked})) if ": error: " in f] == []


def test_a_linked_event_grounds_its_date_and_place(tmp_path: Path) -> None:
    event = """\
events:
  - id: greet
    title: Ann greets Bob in Springfield
    text: Ann greets Bob in Springfield.
    date:
      year: {value: 2020, basis: inferred, inference: greet-year}
      month: {value: 3, basis: stated}
      day: {value: 3, basis: stated}
      inferences: [{id: greet-year, text: Inferred as 2020., citations: [{source: tiny, quote: on March 3}]}]
    citations:
      - source: tiny
        quote: to Bob Example on March 3.
      - source: tiny
        quote: Channel Nine in Springfield
"""
    files = {
        "events.yaml": event,
        "claims.yaml": claim("On March 3, in Springfield, Ann greets Bob.", extra="    event: greet\n"),
    }
    assert [f for f in findings(project(tmp_path, files)) if ": error " in f] == []
    # The inferred year is not a stated part of the date: a claim may not give it as a fact.
    files["claims.yaml"] = claim("On March 3, 2020, Ann greets Bob.", extra="    event: greet\n")
    assert any(" EX606 ungrounded-number | " in f for f in findings(project(tmp_path / "again", files)))
    # Marked as inference, and derived by an inference record, it may.
    files["claims.yaml"] = claim("On March 3 (year inferred as 2020), Ann greets Bob.", extra="    event: greet\n")
    assert [f for f in findings(project(tmp_path / "third", files)) if ": error " in f] == []


def test_an_inference_may_derive_numbers_but_must_quote_exactly(tmp_path: Path) -> None:
    event = """\
events:
  - id: greet
    title: Ann greets Bob
    text: Ann greets Bob.
    date:
      year: {value: 2020, basis: inferred, inference: greet-year}
      inferences:
        - id: greet-year
          text: 'Bob is 40 "on March 3", so the year is 2020 and he was born in 1980.'
          citations:
            - source: tiny
              quote: Bob Example, 40,
    citations:
      - source: tiny
        quote: to Bob Example on March 3.
"""
    found = findings(project(tmp_path, {"events.yaml": event}))
    assert [f for f in found if ": error " in f] == [
        (
            'content/events.yaml:9:28: error EX608 ungrounded-quote | closest passage it rests on, in tiny: "Bob '
            "Example, 40,\"; quote the passage's own words, cite the passage that has these; tiny has these words "
            "elsewhere: cite that passage"
        )
    ]


def test_an_unused_declared_name_is_a_warning(tmp_path: Path) -> None:
    found = findings(project(tmp_path, {"claims.yaml": claim("Ann greets Bob.")}))
    assert "content/names.yaml:2:11: warning EX609 unused-name | remove the declaration, or use the name" in found


# ---- the home page -----------------------------------------------------------------------------------


def page_findings(tmp_path: Path, markdown: str) -> list[str]:
    return [
        f
        for f in findings(project(tmp_path, {"claims.yaml": claim("Ann greets Bob.")}, docs_index=markdown))
        if f.startswith("docs/")
    ]


def test_a_sentence_may_say_only_what_its_citations_say(tmp_path: Path) -> None:
    markdown = (
        '# Tiny\n\n[[ann]] greets [[bob]] on Channel Nine [[cite:ann-greets]], as\nshe said "hello '
        'friend" [[cite:ann-greets]].\n'
    )
    assert page_findings(tmp_path, markdown) == [
        (
            "docs/index.md:3:27: error EX605 ungrounded-name"
            f" | {HINT}; cite a passage that names it, link the record it stands for, or leave the name out"
        ),
        (
            "docs/index.md:4:10: error EX608 ungrounded-quote"
            f" | {HINT}; quote the passage's own words, cite the passage that has these"
        ),
    ]


def test_a_link_to_an_organization_shows_a_name_the_citations_must_give(tmp_path: Path) -> None:
    markdown = "# Tiny\n\n[[ann]] greets [[bob]] on [[channel-nine]] [[cite:ann-greets]].\n"
    assert page_findings(tmp_path, markdown) == [
        "docs/index.md:3:27: error EX605 ungrounded-name"
        f" | {HINT}; cite a passage that names it, link the record it stands for, or leave the name out",
    ]


def test_each_part_of_a_sentence_rests_on_the_markers_after_it(tmp_path: Path) -> None:
    # "Bob Example, 40" is cited, but for the second part of the sentence only.
    fact_cited = "# Tiny\n\nAnn is 40 [[cite:ann-greets]] and Bob is 40 [[cite:bob-age]].\n"
    assert page_findings(tmp_path, fact_cited) == [
        (
            "docs/index.md:3:8: error EX606 ungrounded-number"
            f" | {HINT}; cite the passage that gives it, or mark the statement as inference"
        ),
    ]


def test_a_sentence_that_cites_nothing_may_not_name_or_quote(tmp_path: Path) -> None:
    markdown = '# Tiny\n\n[[ann]] greets [[bob|him]] [[cite:ann-greets]]. Then [[ann]] said "hello there".\n'
    assert page_findings(tmp_path, markdown) == [
        (
            "docs/index.md:3:54: error EX605 ungrounded-name | it rests on no passage; cite a passage that names "
            "it, link the record it stands for, or leave the name out"
        ),
        (
            "docs/index.md:3:67: error EX608 ungrounded-quote | it rests on no passage; quote the passage's own "
            "words, cite the passage that has these"
        ),
    ]


def test_a_sentence_may_rest_on_the_records_it_links(tmp_path: Path) -> None:
    markdown = (
        '# Tiny\n\n[[ann]] greets [[bob]] [[cite:ann-greets]]. She said "hello there" ([[ann-greets|the claim]]).\n'
    )
    assert page_findings(tmp_path, markdown) == []


def test_front_matter_headings_code_and_navigation_are_not_sentences(tmp_path: Path) -> None:
    markdown = (
        "---\ndescription: Five articles about Springfield.\n---\n\n# Springfield, 1999\n\n"
        "[[ann]] greets [[bob]] [[cite:ann-greets]].\n\n- [Springfield](people/index.md): the "
        "people\n\n```\nSpringfield 42\n```\n"
    )
    assert page_findings(tmp_path, markdown) == []


def test_code_is_what_markdown_reads_as_code_fenced_in_a_longer_fence_or_indented(tmp_path: Path) -> None:
    # A ```` fence holds a ``` fence, and an indented block follows a paragraph: Markdown renders both as
    # code, so neither holds sentences (a line scanner took the inner fence for the end of the code).
    markdown = (
        '# Demo\n\n[[ann]] greets [[bob]] [[cite:ann-greets]].\n\n````md\n```\nFenced: she said "nothing like '
        'this ever" in 1999.\n```\n````\n\nIndented code follows.\n\n    Indented: he said "another phrase '
        'entirely" in 1987.\n'
    )
    assert page_findings(tmp_path, markdown) == []
    # The same words as prose are sentences, and checked.
    prose = markdown.replace("````md\n```\n", "").replace("```\n````\n", "").replace("    Indented", "Indented")
    assert [f.split(" | ")[0] for f in page_findings(tmp_path / "prose", prose)] == [
        "docs/index.md:5:18: error EX608 ungrounded-quote",
        "docs/index.md:5:46: error EX606 ungrounded-number",
        "docs/index.md:9:19: error EX608 ungrounded-quote",
        "docs/index.md:9:48: error EX606 ungrounded-number",
    ]


def test_a_page_that_cites_nothing_is_not_checked(tmp_path: Path) -> None:
    assert page_findings(tmp_path, '# How to edit\n\nWrite "anything" about Springfield in 1999.\n') == []


@pytest.mark.build
def test_the_build_stops_on_a_grounding_error(tmp_path: Path) -> None:
    root = project(tmp_path, {"claims.yaml": claim("Ann greets Bob in Springfield.")})
    result = run_mkdocs(root, "build", "--strict")
    assert result.returncode != 0
    assert "content/claims.yaml:4:29: error EX605 ungrounded-name" in result.stderr
    assert not (root / "site" / "index.html").exists()


def test_grounding_findings_are_errors_and_unused_names_warnings(tmp_path: Path) -> None:
    _, diagnostics = check(Layout(project(tmp_path, {"claims.yaml": claim("Ann greets Bob in Springfield.")})))
    severities = {(d.severity, d.code is codes.UNGROUNDED_NAME) for d in diagnostics}
    assert (Severity.ERROR, True) in severities
    assert {d.severity for d in diagnostics if d.code is codes.UNUSED_NAME} == {Severity.WARNING}


def test_an_order_note_rests_on_the_order_s_passages(tmp_path: Path) -> None:
    events = """\
events:
  - id: greet
    title: Ann greets Bob
    text: Ann greets Bob.
    date: {year: {value: 2020, basis: stated}}
    citations:
      - source: tiny
        quote: Ann Example said “hello there” to Bob Example
  - id: reply
    title: Bob replies
    text: Bob replies.
    after:
      - id: reply-after-greet
        event: greet
        note: Bob replies in Springfield, "Hello, hello."
        citations:
          - source: tiny
            quote: "Bob Example, 40, replied: ‘Hello, hello.’"
    citations:
      - source: tiny
        quote: "Bob Example, 40, replied"
"""
    found = [f for f in findings(project(tmp_path, {"events.yaml": events})) if ": error " in f]
    assert found == [
        (
            'content/events.yaml:15:30: error EX605 ungrounded-name | closest passage it rests on, in tiny: "Bob '
            'Example, 40, replied: ‘Hello, hello.’"; cite a passage that names it, link the record it stands '
            "for, or leave the name out"
        )
    ]


def test_a_citation_not_found_is_reported_once_not_again_by_grounding(tmp_path: Path) -> None:
    broken = claim("'Ann says \"hello friend\" in Springfield.'", quote="not in the article")
    found = [f for f in findings(project(tmp_path, {"claims.yaml": broken})) if ": error " in f]
    assert (
        len(found) == 1 and " EX408 passage-not-found | " in found[0]
    )  # neither the claim nor the home page's sentence citing it


def test_a_page_s_list_is_read_in_the_order_of_the_page(tmp_path: Path) -> None:
    """Markdown reads a list after the paragraphs around it; each sentence still rests on its own citations."""
    page = (
        "# Tiny\n\n[[bob]] is reported as 40 [[cite:bob-age]].\n\n"
        "- [[ann]] greets [[bob|him]] [[cite:ann-greets]].\n- Then [[ann]] greets him again [[cite:ann-greets]].\n\n"
        "[[bob]] is 40 [[cite:bob-age]].\n"
    )
    project = make_project(tmp_path / "p", docs_index=page)
    _, found = check(Layout(project))
    assert [f"{d.pos.line}: {d.message}" for d in found] == []
    # and a sentence of the list that says more than its citation is still found, at its place
    (project / "docs" / "index.md").write_text(page.replace("greets him again", "greets him at 40"), encoding="utf-8")
    _, found = check(Layout(project))
    assert [f"{d.pos.line}:{d.pos.col} {d.code.code}" for d in found] == ["6:30 EX606"]
