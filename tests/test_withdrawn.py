"""Withdrawn phrasings: where a correction's withdrawn words, or words near them, are still written."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import TINY_CONTENT, make_project
from explainer.core.diagnostics import Pos
from explainer.evidence.pipeline import Layout, check
from explainer.evidence.withdrawn import Prose, Withdrawn, find_survivors
from explainer.text.folding import normalised_words, word_set

AT = Pos("content/corrections.yaml", 3, 7)


def _withdrawn(phrase: str, corrected: frozenset[str] = frozenset()) -> Withdrawn:
    return Withdrawn("a-correction", phrase, AT, corrected)


@pytest.mark.parametrize(
    ("phrase", "text", "found", "exact"),
    [
        # word for word, in other case and punctuation
        (
            "the couple answered the reaction",
            "Then The couple answered the reaction, on Instagram.",
            "The couple answered the reaction",
            True,
        ),
        # words added, and another form of a word
        (
            "the couple answered the reaction with a video",
            "the couple quickly answers the reaction with a video today",
            "the couple quickly answers the reaction with a video",
            False,
        ),
        # contractions fold as the wording rule folds them
        (
            "she is not going to let others speak",
            "She isn't gonna let others speak",
            "She isn't gonna let others speak",
            True,
        ),
    ],
)
def test_a_withdrawn_phrase_is_found_where_it_survives(phrase: str, text: str, found: str, exact: bool) -> None:
    [survivor] = find_survivors([_withdrawn(phrase)], [Prose("some-claim", text, Pos("content/claims.yaml", 9, 11))])
    assert text[survivor.start : survivor.end].startswith(found)
    assert survivor.exact is exact


@pytest.mark.parametrize(
    ("phrase", "text"),
    [
        ("the couple answered the reaction", "Hilaria Baldwin posted the video."),
        ("the couple answered the reaction", "the couple, whose reaction nobody answered"),
        # a short phrase matches exactly or not at all
        ("all five", "all four articles"),
        ("a photo captioned", "a line that reads like a photo caption"),  # nor another form of a word
        # a word changed or left out says something else, often what the correction says now
        ("differ on who posted it", "the articles differ on who said it"),
        ("a further Instagram video", "two articles report a further video"),
    ],
)
def test_other_wording_is_not_reported(phrase: str, text: str) -> None:
    assert list(find_survivors([_withdrawn(phrase)], [Prose("some-claim", text, Pos("x", 1, 1))])) == []


def test_the_corrected_records_and_the_entry_itself_are_not_searched() -> None:
    phrase = "the couple answered the reaction"
    pieces = [
        Prose("instagram-video-posted", f"Now not {phrase}.", Pos("a", 1, 1)),
        Prose("a-correction", f"It said {phrase}.", Pos("b", 1, 1)),
        Prose("another-claim", f"Still: {phrase}.", Pos("c", 1, 1)),
    ]
    found = list(find_survivors([_withdrawn(phrase, frozenset({"instagram-video-posted"}))], pieces))
    assert [s.prose.record for s in found] == ["another-claim"]


def _diagnostics(project: Path) -> list[str]:
    _, found = check(Layout(project))
    return [f"{d.pos.path}:{d.pos.line}:{d.pos.col}: {d.code.code} {d.message}" for d in found]


CORRECTION = """\
    corrections:
      - id: greeting-fixed
        date: 2026-12-03
        statements: [bob-age]
        wrong: It said that Bob greets Ann first.
        now: It says Ann greets Bob.
        why: A closer reading.
        withdraws: [Bob greets Ann first]
"""


def test_check_reports_survivors_in_records_and_in_pages_about_the_story(tmp_path: Path) -> None:
    claims = TINY_CONTENT["claims.yaml"].replace(
        "text: Ann greets Bob.", "text: Ann greets Bob, as Bob greets Ann first."
    )
    project = make_project(
        tmp_path / "p",
        {"claims.yaml": claims, "corrections.yaml": CORRECTION},
        docs_index="# Tiny\n\nSome say [[bob|Bob]] greets Ann, oddly, first. [[cite:ann-greets]]\n",
    )
    # A page about the tool, which links no record, is not searched.
    (project / "docs" / "notes.md").write_text("# Notes\n\nBob greets Ann first.\n", encoding="utf-8")
    assert _diagnostics(project) == [
        "content/claims.yaml:4:30: EX616 'ann-greets' (text) still says “Bob greets Ann first”, which correction "
        "'greeting-fixed' withdrew",
        "docs/index.md:3:16: EX616 the page nearly says “Bob greets Ann first”, which correction 'greeting-fixed' "
        "withdrew: “Bob greets Ann, oddly, first”",
    ]


@pytest.mark.parametrize(
    "text",
    ["She isn’t GONNA let ﬁve others speak.", 'Über-cool re-opening, ‘quoted’ and "quoted"', "It's 40 — or 4.5?", ""],
)
def test_the_cheap_word_set_is_the_set_of_the_words_compared(text: str) -> None:
    assert word_set(text) == frozenset(normalised_words(text))
