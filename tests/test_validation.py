"""Each kind of bad input: the message and the exact place it points at (library only, no MkDocs)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import TINY_CLAIM, make_project
from explainer.content.model import Content
from explainer.content.schema import sections
from explainer.evidence.pipeline import Layout, check

CLAIM = TINY_CLAIM


def problems(project: Path) -> list[str]:
    _, diagnostics = check(Layout(project))
    return [f"{d.pos}: {d.code}" + (f" | {d.hint}" if d.hint else "") for d in diagnostics]


CASES = [
    (
        "unknown key",
        CLAIM.replace("    text: Ann greets Bob.\n", "    text: Ann greets Bob.\n    colour: red\n"),
        (
            "content/claims.yaml:5:5: EX212 unknown-key | allowed keys: id, topic, text, attribution, about, "
            "event, organizations, citations"
        ),
    ),
    (
        "wrong type",
        CLAIM.replace("text: Ann greets Bob.", "text: [Ann, greets]"),
        "content/claims.yaml:4:11: EX204 wrong-type",
    ),
    (
        "number where text belongs",
        CLAIM.replace("text: Ann greets Bob.", "text: 2012"),
        "content/claims.yaml:4:11: EX204 wrong-type | put the value in quotes to make it text",
    ),
    (
        "duplicate id",
        CLAIM
        + (
            "  - id: ann-greets\n    topic: general\n    text: Again.\n    citations:\n      - source: tiny\n        "
            "quote: The end.\n        occurrence: 1\n"
        ),
        (
            "content/claims.yaml:8:9: EX302 duplicate-id | already used by a claim at content/claims.yaml:2:9; "
            "ids must be unique across all content"
        ),
    ),
    (
        "duplicate YAML key",
        CLAIM.replace("    topic: general\n", "    topic: general\n    topic: general\n"),
        "content/claims.yaml:4:5: EX114 duplicate-key | the key is first used at line 3; keep one of them",
    ),
    (
        "unknown source",
        CLAIM.replace("source: tiny", "source: tiny2"),
        "content/claims.yaml:6:17: EX303 unknown-reference | did you mean 'tiny'?",
    ),
    (
        "unknown person",
        CLAIM.replace("    topic: general\n", "    topic: general\n    about: [ann, bobby]\n"),
        "content/claims.yaml:4:18: EX303 unknown-reference | did you mean 'bob'?",
    ),
    (
        "unknown event",
        CLAIM.replace("    topic: general\n", "    topic: general\n    event: party\n"),
        (
            "content/claims.yaml:4:12: EX303 unknown-reference | no event has this id; add it first, or check "
            "the spelling"
        ),
    ),
    (
        "unknown organization",
        CLAIM.replace("    topic: general\n", "    topic: general\n    organizations: [extra]\n"),
        "content/claims.yaml:4:21: EX303 unknown-reference | no organization has this id; add it first, "
        "or check the spelling",
    ),
    (
        "unknown topic",
        CLAIM.replace("topic: general", "topic: generl"),
        "content/claims.yaml:3:12: EX303 unknown-reference | did you mean 'general'?",
    ),
    (
        "empty citations",
        CLAIM.split("    citations:")[0] + "    citations: []\n",
        "content/claims.yaml:5:16: EX211 too-few-items",
    ),
    (
        "missing citations",
        CLAIM.split("    citations:")[0],
        "content/claims.yaml:2:5: EX213 missing-key | add 'citations:' (passages that support it)",
    ),
    (
        "quote not in seed",
        CLAIM.replace('said "hello there" to Bob', "said goodbye to Bob"),
        (
            'content/claims.yaml:7:16: EX408 passage-not-found | closest passage in tiny.txt: "said “hello '
            'there” to Bob"'
        ),
    ),
    (
        "ambiguous quote",
        CLAIM.replace('said "hello there" to Bob', "The end."),
        (
            "content/claims.yaml:7:16: EX411 ambiguous-passage | add 'prefix:' or 'suffix:' with a few words "
            "around the one you mean, or 'occurrence: N'"
        ),
    ),
    (
        "unknown quote in a transcript",
        CLAIM + "transcripts:\n  - id: talk\n    title: Talk\n    lines:\n      - id: l1\n        quote: hello\n",
        (
            "content/claims.yaml:13:16: EX303 unknown-reference | no quote has this id; add it first, or check "
            "the spelling"
        ),
    ),
    (
        "invalid id",
        CLAIM.replace("id: ann-greets", "id: Ann_Greets"),
        (
            "content/claims.yaml:2:9: EX207 invalid-id | ids are lower-case letters, digits and single hyphens, "
            "e.g. 'ann-greets'"
        ),
    ),
    (
        "unknown section",
        CLAIM.replace("claims:", "claim:"),
        "content/claims.yaml:1:1: EX202 unknown-section | did you mean 'claims'? sections are: "
        + ", ".join(sections(Content)),
    ),
]


@pytest.mark.parametrize(("name", "claims_yaml", "expected"), CASES, ids=[c[0] for c in CASES])
def test_bad_input_is_reported_with_its_place(tmp_path: Path, name: str, claims_yaml: str, expected: str) -> None:
    project = make_project(tmp_path / "p", {"claims.yaml": claims_yaml}, docs_index="# Tiny\n")
    found = problems(project)
    assert expected in found, "\n".join(found)


@pytest.mark.parametrize(
    ("file", "expected"),
    [
        ("../outside.txt", "content/sources.yaml:4:11: EX401 bad-seed-path | write it as 'seeds/<name>.txt'"),
        ("/etc/hostname", "content/sources.yaml:4:11: EX401 bad-seed-path | write it as 'seeds/<name>.txt'"),
        ("seeds/missing.txt", "content/sources.yaml:4:11: EX402 seed-missing | existing seeds: tiny.txt"),
        ("docs/index.md", "content/sources.yaml:4:11: EX401 bad-seed-path | write it as 'seeds/<name>.txt'"),
    ],
)
def test_seed_files_outside_seeds_are_refused(tmp_path: Path, file: str, expected: str) -> None:
    sources = (
        f"sources:\n  - id: tiny\n    title: T\n    file: {file}\n    title_kind: headline\ntopics:\n  - "
        f"id: general\n    title: General\n"
    )
    project = make_project(tmp_path / "p", {"sources.yaml": sources}, docs_index="# Tiny\n")
    assert expected in problems(project)


def test_symlink_out_of_seeds_is_refused(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", docs_index="# Tiny\n")
    outside = tmp_path / "outside.txt"
    outside.write_text("secret", encoding="utf-8")
    (project / "seeds" / "tiny.txt").unlink()
    os.symlink(outside, project / "seeds" / "tiny.txt")
    assert "content/sources.yaml:3:11: EX403 unreadable-seed | seed files must be regular files, not links" in problems(
        project
    )


def test_all_problems_are_reported_together(tmp_path: Path) -> None:
    bad = CLAIM.replace("topic: general", "topic: nope").replace("source: tiny", "source: nope")
    project = make_project(tmp_path / "p", {"claims.yaml": bad}, docs_index="# Tiny\n[[nobody]]\n")
    found = problems(project)
    assert len(found) == 3, found
    assert [f.split(": ")[0] for f in found] == [
        "content/claims.yaml:3:12",
        "content/claims.yaml:6:17",
        "docs/index.md:2:1",
    ]


def test_valid_project_has_no_problems(tiny_project: Path) -> None:
    assert problems(tiny_project) == []


OCCURRENCE_WARNING = (
    "content/claims.yaml:8:21: EX412 occurrence-only | add 'prefix:' or 'suffix:' with the words right "
    "before or after the place you mean (then 'occurrence:' can go)"
)


@pytest.mark.parametrize(
    ("disambiguation", "expected"),
    [
        ("        occurrence: 1\n", [OCCURRENCE_WARNING]),
        ("        prefix: hello.’\n        occurrence: 1\n", []),  # the prefix settles it; occurrence is redundant
        ("        prefix: hello.’\n", []),
        ("        suffix: The end.\n", []),
    ],
)
def test_a_quote_that_only_occurrence_settles_is_a_warning(
    tmp_path: Path, disambiguation: str, expected: list[str]
) -> None:
    """The site knows which place `occurrence:` means; a reader searching for the quote, or a tool
    re-anchoring it by its text, does not: the check asks for prefix or suffix instead."""
    claims = CLAIM.replace('quote: said "hello there" to Bob\n', "quote: The end.\n" + disambiguation)
    project = make_project(tmp_path / "p", {"claims.yaml": claims}, docs_index="# Tiny\n")
    assert problems(project) == expected
