"""Citation notes: the sentence shown around a cited passage, and what a citation control is called."""

from __future__ import annotations

import pytest

from explainer.evidence.measure import sentences
from explainer.site.notes import CitedPassage, Note, sentence_context

TEXT = "First one here. She said “When I’m talking, you’re not talking.” He laughed.\nNew paragraph starts. Last."


def context(passage: str, limit: int = 160) -> tuple[str, str]:
    found = sentences(TEXT)
    start = TEXT.index(passage)
    return sentence_context(TEXT, found, [s.start for s in found], start, start + len(passage), limit)


@pytest.mark.parametrize(
    ("passage", "expected"),
    [
        ("When I’m talking", ("She said “", ", you’re not talking.”")),  # closing quotes stay with their sentence
        ("First one here.", ("", "")),  # a whole sentence: nothing around it
        ("one", ("First ", " here.")),
        ("here. She said", ("First one ", " “When I’m talking, you’re not talking.”")),  # across sentences: both ends
        ("He laughed.\nNew paragraph", ("", " starts.")),  # across a paragraph break
        ("Last.", ("", "")),
    ],
)
def test_the_sentence_around_a_passage(passage: str, expected: tuple[str, str]) -> None:
    assert context(passage) == expected


def test_long_sentences_are_clipped_at_a_word_with_an_ellipsis() -> None:
    assert context("When I’m talking", limit=6) == ("…said “", ",…")  # a cut inside a word drops that word
    assert context("When I’m talking", limit=8) == ("…said “", ", you’re…")


def _note(articles: int, independent: int) -> Note:
    passage = CitedPassage("a", "the “a” article", "", "words", "", "../../sources/a/?for=s#q-1-6")
    return Note(3, "s", articles, independent, (passage,))


@pytest.mark.parametrize(
    ("articles", "independent", "name", "chip"),
    [
        (1, 1, "1 article", "1"),
        (3, 3, "3 articles, 3 independent reports", "3"),
        (5, 4, "5 articles, 4 independent reports", "5"),
        (2, 1, "2 articles, 1 independent report", "2"),
    ],
)
def test_a_control_is_named_by_its_articles_and_independent_reports(
    articles: int, independent: int, name: str, chip: str
) -> None:
    note = _note(articles, independent)
    assert (note.name, note.chip) == (name, chip)
    assert note.name.startswith(note.chip + " ")  # the visible mark begins the accessible name (SC 2.5.3)
    assert note.href == "../../sources/a/?for=s#q-1-6"
