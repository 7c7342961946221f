"""Wording differences (wording.py), table-driven."""

from __future__ import annotations

import pytest

from explainer.text.wording import diff_against, summarize

FIRST = "Oh my God. When I’m talking, you’re not talking."


@pytest.mark.parametrize(
    ("wording", "segments"),
    [
        (FIRST, [("same", FIRST)]),
        # Quotation marks and apostrophes: curly and straight are the same.
        (
            "Oh my God. When I'm talking, you're not talking.",
            [("same", "Oh my God. When I'm talking, you're not talking.")],
        ),
        # Punctuation and case are house style, marked apart from words; the spaces around stay unmarked.
        (
            "Oh, my God. When I’m talking, you’re not talking.",
            [("same", "Oh"), ("style", ","), ("same", " my God. When I’m talking, you’re not talking.")],
        ),
        (
            "Oh my God. when I’m talking, you’re not talking!",
            [("same", "Oh my God. "), ("style", "when"), ("same", " I’m talking, you’re not talking"), ("style", "!")],
        ),
        # Punctuation left out is shown, struck through, as style.
        (
            "Oh my God. When I’m talking you’re not talking",
            [
                ("same", "Oh my God. When I’m talking"),
                ("omitted-style", ","),
                ("same", " you’re not talking"),
                ("omitted-style", "."),
            ],
        ),
        # Words left out, and words changed (shown after what they replace).
        (
            "When I’m talking, you’re not talking.",
            [("omitted", "Oh my God"), ("same", "When I’m talking, you’re not talking.")],
        ),
        (
            "Oh my God. When I’m speaking, you’re not talking.",
            [
                ("same", "Oh my God. When I’m "),
                ("omitted", "talking"),
                ("words", "speaking"),
                ("same", ", you’re not talking."),
            ],
        ),
        (
            "Oh my God. When I’m talking, you’re not talking. No.",
            [("same", "Oh my God. When I’m talking, you’re not talking. "), ("words", "No"), ("same", ".")],
        ),
    ],
)
def test_wordings_are_compared_word_by_word(wording: str, segments: list[tuple[str, str]]) -> None:
    found = diff_against(FIRST, wording)
    assert [(s.kind, s.text) for s in found] == segments
    assert "".join(s.text for s in found if not s.kind.startswith("omitted")) == wording


def test_the_summary_counts_distinct_wordings_and_how_they_differ() -> None:
    wordings = [
        FIRST,
        "Oh, my God. When I’m talking, you’re not talking.",
        "Oh, my God. When I'm talking, you're not talking.",
        FIRST,
        "When I’m talking, you’re not talking.",
    ]
    summary = summarize(wordings)
    assert (summary.distinct, summary.words, summary.style) == (3, 1, 1)
    assert summarize([FIRST]) == summarize([FIRST, FIRST.replace("’", "'")])
