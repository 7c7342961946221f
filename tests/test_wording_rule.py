"""The wording-only rule: which pairs of quotations differ only in spelling, punctuation or house style.

Cases worked by hand from the five articles' disagreements (the way each article prints a line), and
the rule's edges.
"""

from __future__ import annotations

import pytest

from explainer.evidence.wording_rule import first_difference
from explainer.text.folding import normalised_words


@pytest.mark.parametrize(
    ("one", "other"),
    [
        # punctuation: comma, dash, ellipsis, quotation marks and case
        ("And that is called, what’s the word of the day?", "And that is called — what's the word of the day?"),
        ("And that is called, what’s the word of the day?", "And that is called … What is the word of the day,"),
        ("Oh, my God. When I’m talking", "Oh my God. When I'm talking"),
        # spelling: a transposed or doubled letter, British and American, a hyphen
        ("“Manterrupting,”", "“Manteruppting,”"),
        ("his behaviour", "his behavior"),
        ("as he apologised", "as he apologized"),
        ("the grand re-opening", "the grand reopening"),
        # house style: spoken forms and contractions
        ("It’s gonna be great.", "It is going to be great."),
        ("This isn’t working", "This is not working"),
    ],
)
def test_the_same_words_differ_only_in_spelling(one: str, other: str) -> None:
    assert first_difference(normalised_words(one), normalised_words(other)) is None


@pytest.mark.parametrize(
    ("one", "other", "difference"),
    [
        # a word left out ("that"): the whole-point remark as two articles print it
        (
            "The whole point is that we interrupt each other all the time.",
            "The whole point is, we interrupt each other all the time.",
            ("that", ""),
        ),
        # a word added at the start, and a continuation
        ("So, the whole point is", "the whole point is", ("so", "")),
        (
            "we interrupt each other all the time or sometimes our kids interrupt",
            "we interrupt each other all the time",
            ("or sometimes our kids interrupt", ""),
        ),
        # another order
        ("just have to cut him out", "have to just cut him out", ("just", "")),
        # reported speech beside direct speech
        (
            "Do you want to make a change?",
            "wanted to make a change just so [he] could talk more",
            ("do you want", "wanted"),
        ),
        # short words are other words, not other spellings
        ("he said", "she said", ("he", "she")),
        ("a winner", "the winner", ("a", "the")),
    ],
)
def test_other_words_are_not_wording(one: str, other: str, difference: tuple[str, str]) -> None:
    assert first_difference(normalised_words(one), normalised_words(other)) == difference


def test_normalising_folds_case_width_apostrophes_and_contractions() -> None:
    assert normalised_words("ＷＨＡＴ’S the Word") == ("what", "is", "the", "word")
    assert normalised_words("I’m gonna — “go”!") == ("i", "am", "going", "to", "go")
