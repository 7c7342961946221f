"""Normalization and passage matching, without MkDocs."""

from __future__ import annotations

import pytest

from explainer.text.textmatch import closest_passage, find_passage, normalize

SEED = "He said, “It’s gonna be great.”\u00a0She—smiling—said: ‘No.’\n\nIt’s gonna be great. Cafe\u0301 time."


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ('"It\'s gonna be great."', "“It’s gonna be great.”"),  # straight quotes match curly ones
        ("great.” She", "great.”\u00a0She"),  # a plain space matches a no-break space
        ("She-smiling-said", "She—smiling—said"),  # hyphen matches em dash
        ("said:   'No.'", "said: ‘No.’"),  # runs of spaces count as one
        ("No.' It's", "No.’\n\nIt’s"),  # a space matches a paragraph break
        ("Café time", "Cafe\u0301 time"),  # NFC: composed matches decomposed, offsets stay in the seed
    ],
)
def test_normalized_passage_is_found_at_its_true_offsets(typed: str, expected: str) -> None:
    found = find_passage(normalize(SEED), typed)
    assert len(found.matches) == 1
    match = found.matches[0]
    assert SEED[match.start : match.end] == expected


@pytest.mark.parametrize(
    "typed",
    [
        "It is gonna be great",  # different words
        "Its gonna be great",  # a missing apostrophe is not normalized away
        "it’s gonna be great",  # case matters
        "He said “It’s",  # a missing comma matters
        "",
    ],
)
def test_looser_text_is_not_found(typed: str) -> None:
    assert find_passage(normalize(SEED), typed).matches == ()


def test_repeated_passage_needs_disambiguation() -> None:
    seed = normalize(SEED)
    assert find_passage(seed, "gonna be great").total == 2
    assert len(find_passage(seed, "gonna be great").matches) == 2
    first = find_passage(seed, "gonna be great", prefix="“It’s").matches
    second = find_passage(seed, "gonna be great", suffix=". Café").matches
    third = find_passage(seed, "gonna be great", occurrence=2).matches
    assert len(first) == 1 and len(second) == 1 and third == second
    assert first[0].start < second[0].start


def test_closest_passage_suggests_the_seed_text() -> None:
    assert closest_passage(normalize(SEED), "It is gonna be great") is not None
    assert "gonna be great" in (closest_passage(normalize(SEED), "It is gonna be great") or "")
    assert closest_passage(normalize(SEED), "zzzz qqqq") is None
