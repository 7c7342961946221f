"""Property-based tests of normalization and passage matching (hooks/explainer/text/textmatch.py).

The reference below restates the documented rule independently: NFC over the whole text, quotes and
dashes folded, white space collapsed and trimmed. The library does the same per cluster of
characters, keeping for each normalized character the span of the original it came from.
HYPOTHESIS_EXAMPLES=5000 runs every property harder.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from explainer.text.textmatch import Match, find_passage, normalize, normalize_passage

ROOT = Path(__file__).resolve().parent.parent
SEEDS = [path.read_text(encoding="utf-8") for path in sorted((ROOT / "seeds").glob("*.txt"))]
NORMALIZED = [normalize(text) for text in SEEDS]

QUOTES_1, QUOTES_2, DASHES = "'‘’‚‛′", '"“”„‟″', "-‐‑‒–—―−"
FOLD = str.maketrans({**dict.fromkeys(QUOTES_1, "'"), **dict.fromkeys(QUOTES_2, '"'), **dict.fromkeys(DASHES, "-")})

# Characters that make normalization hard: quotes, dashes, spaces of all kinds, combining marks (which
# NFC composes, or reorders), Hangul jamo and Oriya vowel signs (starters that compose with what comes
# before), characters NFC replaces (Å sign) or expands (U+0958), Tibetan vowels that decompose into marks.
TRICKY = (
    "aeAE1 ,.;"
    + QUOTES_1
    + QUOTES_2
    + DASHES
    + "\n\t\r\u00a0\u2003\u3000\u202f\u2028"
    + "\u0301\u0323\u0308\u031b\u0344é\u1eb9\u01d8"
    + "\u1100\u1161\u11a8\uac00\uac01\u0b47\u0b3e\u0b57\u0b4b\u212b\u0958\u0f71\u0f72\u0f73\u0f80\ufb01"
)
EXAMPLES = int(os.environ.get("HYPOTHESIS_EXAMPLES", "150"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])

# Found so far; each is tried on every run.
KNOWN = [
    "\u1100\u1161\u11a8 \u1100\u1161",  # Hangul jamo that NFC composes into one syllable: 각 가
    "\u0b47\u0b3e",  # two Oriya starters NFC composes into U+0B4B
    "Cafe\u0301 e\u0323\u0301",  # composed, and reordered then composed
    "00\u2de0",  # a letter with a combining mark must not match the bare letter
    "\u0958\u212b",  # NFC expands U+0958 to two characters and replaces the Ångström sign
]


def with_known_examples(test: Callable[..., None]) -> Callable[..., None]:
    """Always run `test` on every text in KNOWN, besides what hypothesis generates."""
    for text in reversed(KNOWN):
        test = example(text)(test)
    return test


texts = st.text(alphabet=st.one_of(st.sampled_from(TRICKY), st.characters(codec="utf-8")), max_size=60)


def reference(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).translate(FOLD).split())


def reference_count(haystack: str, needle: str) -> int:
    count, at = 0, haystack.find(needle)
    while needle and at != -1:
        count, at = count + 1, haystack.find(needle, at + 1)
    return count


def retyped(passage: str, data: st.DataObject) -> str:
    """The passage as an editor might type it: straight quotes, plain dashes, any white space."""
    words = passage.translate(FOLD).split()
    gaps = [data.draw(st.sampled_from([" ", "  ", "\n", "\t", " \n   ", "\u00a0"])) for _ in words]
    edges = st.sampled_from(["", " ", "\n  ", "\t"])
    return (
        data.draw(edges)
        + "".join(word + gap for word, gap in zip(words, gaps, strict=True)).rstrip()
        + data.draw(edges)
    )


@st.composite
def seed_passages(draw: st.DrawFn) -> tuple[int, int, int]:
    """A seed (by number) and the [start, end) of a run of its words."""
    number = draw(st.integers(0, len(SEEDS) - 1))
    words = [(m.start(), m.end()) for m in re.finditer(r"\S+", SEEDS[number])]
    first = draw(st.integers(0, len(words) - 1))
    last = min(len(words) - 1, first + draw(st.integers(0, 40)))
    return number, words[first][0], words[last][1]


@SETTINGS
@given(seed_passages(), st.data())
def test_a_retyped_passage_is_found_at_its_true_offsets(where: tuple[int, int, int], data: st.DataObject) -> None:
    number, start, end = where
    typed = retyped(SEEDS[number][start:end], data)
    found = find_passage(NORMALIZED[number], typed)
    assert found.total == reference_count(reference(SEEDS[number]), reference(typed))
    if found.total == 1:
        assert found.matches == (Match(start, end),)
    else:
        assert Match(start, end) in found.matches


@SETTINGS
@given(seed_passages(), st.data())
def test_text_that_is_not_in_the_seed_is_never_found(where: tuple[int, int, int], data: st.DataObject) -> None:
    number, start, end = where
    typed = retyped(SEEDS[number][start:end], data)
    at = data.draw(st.integers(0, len(typed)))
    edit = data.draw(st.sampled_from(["insert", "delete", "case"]))
    if edit == "insert":
        changed = typed[:at] + data.draw(st.sampled_from("qxzQXZ#@0,'")) + typed[at:]
    elif edit == "delete":
        changed = typed[:at] + typed[at + 1 :]
    else:
        changed = typed[:at] + typed[at:].swapcase()
    needle = reference(changed)
    assume(needle and needle not in reference(SEEDS[number]))
    found = find_passage(NORMALIZED[number], changed)
    assert (found.matches, found.total) == ((), 0)


@SETTINGS
@given(texts)
@with_known_examples
def test_normalize_is_nfc_then_folding_then_one_space(text: str) -> None:
    assert normalize(text).text == reference(text)


@SETTINGS
@given(texts)
@with_known_examples
def test_normalized_offsets_map_back_into_the_original(text: str) -> None:
    normalized = normalize(text)
    starts, ends = normalized.starts, normalized.ends
    assert len(starts) == len(ends) == len(normalized.text)
    assert all(0 <= s < e <= len(text) for s, e in zip(starts, ends, strict=True))
    assert list(starts) == sorted(starts) and list(ends) == sorted(ends)
    # Each group of normalized characters that share one original span is exactly what that span becomes.
    k = 0
    while k < len(starts):
        group_end = k
        while group_end < len(starts) and starts[group_end] == starts[k]:
            group_end += 1
        piece, original = normalized.text[k:group_end], text[starts[k] : ends[k]]
        if piece == " ":
            assert original and reference(original) == ""
        else:
            assert reference(original) == piece
        k = group_end


@SETTINGS
@given(texts, st.data())
def test_any_whole_characters_of_a_text_are_found_where_they_are(text: str, data: st.DataObject) -> None:
    normalized = normalize(text)
    letters = [k for k, ch in enumerate(normalized.text) if ch != " "]
    assume(letters)
    first = data.draw(st.sampled_from(letters))
    last = data.draw(st.sampled_from([k for k in letters if k >= first]))
    start, end = normalized.span(first, last + 1)
    found = find_passage(normalized, text[start:end])
    assert Match(start, end) in found.matches
    for match in found.matches:
        assert reference(text[match.start : match.end]) == reference(text[start:end])


@SETTINGS
@given(texts, texts)
@example(KNOWN[0], KNOWN[0][:2])
@example(KNOWN[1], KNOWN[1][:2])
@example(KNOWN[2], KNOWN[2][:2])
@example(KNOWN[3], KNOWN[3][:2])
@example(KNOWN[4], KNOWN[4][:2])
def test_every_match_is_the_passage(text: str, passage: str) -> None:
    # Soundness for any text and any passage: what is found normalizes to the passage, and nothing is
    # found that the reference does not find (a match never starts or ends inside a character cluster).
    normalized = normalize(text)
    for needle in (passage, text[len(text) // 3 : len(text) // 3 * 2]):
        found = find_passage(normalized, needle)
        assert found.total <= reference_count(reference(text), reference(needle))
        for match in found.matches:
            assert reference(text[match.start : match.end]) == reference(needle)


@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=200))
def test_fast_passage_normalization_equals_the_offset_mapping_one(text: str) -> None:
    assert normalize_passage(text) == normalize(text).text
