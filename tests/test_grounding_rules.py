"""The grounding check's rules, one table each: quotation marks, numbers, dates, names, matching, places."""

from __future__ import annotations

import pytest

from explainer.content.yamlload import position_in_scalar
from explainer.core.diagnostics import Pos
from explainer.evidence.passages import Passage, quotation_found
from explainer.text.mentions import NameTable, find_date_words, find_numbers
from explainer.text.quotes import scan_quotes


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ('She said "hello there" to him.', ["hello there"]),
        ("Alec’s wife said “no”.", ["no"]),  # a curly apostrophe inside a word is not a mark
        ("don't, Alec's and the '90s", []),  # apostrophes, and an elided number
        ("in the ’90s, she said ‘hi’", ["hi"]),
        ("the Baldwins' show", []),  # a plural possessive with no quotation open
        ("threatened to get Alec 'cut' from the show", ["cut"]),
        ("She \"discussed having a 'routine'\" with them", ["discussed having a 'routine'"]),  # nested: the outer one
        ("“‘I’m sorry,’ Alec said”", ["‘I’m sorry,’ Alec said"]),
        ("‘When I’m talking, you’re not talking’", ["When I’m talking, you’re not talking"]),
        ("Eduardo ‘Edu’ and “Eduardo ‘Edu’ Pao”", ["Edu", "Eduardo ‘Edu’ Pao"]),
        ("rock ’n’ roll", []),
        ('("humiliating", "cringeworthy")', ["humiliating", "cringeworthy"]),
        ('a 5" screen', []),  # an inch mark opens nothing
        ("", []),
    ],
)
def test_quoted_spans(text: str, quoted: list[str]) -> None:
    assert [span.text for span in scan_quotes(text).spans] == quoted


@pytest.mark.parametrize(
    ("text", "unclosed"),
    [
        ('She said "hello there to him.', [9]),
        ("She said “hello there to him.", [9]),
        ("She said ‘hello there to him.", []),  # an unclosed single mark is taken for an apostrophe
        ('"a" and "b"', []),
    ],
)
def test_unbalanced_double_marks_are_found(text: str, unclosed: list[int]) -> None:
    assert list(scan_quotes(text).unclosed) == unclosed


def test_span_offsets_include_the_marks() -> None:
    text = 'He said "yes".'
    (span,) = scan_quotes(text).spans
    assert text[span.start : span.end] == '"yes"'


@pytest.mark.parametrize(
    ("text", "counts_skipped", "numbers"),
    [
        ("Carmen, 11, is one of seven children", True, ["11", "7"]),
        ("married in 2012; 41-year-old", True, ["2012", "41"]),
        ("1,000 people and 2.5 hours", True, ["1000", "2.5"]),
        ("one article says so", True, []),  # "one" is not counted: mostly a pronoun
        ("three articles say so", True, []),  # a count of the evidence
        ("three articles say so", False, ["3"]),
        ("two of them, two say, two others, in three news articles", True, []),
        ("Two: the first video and a second", True, ["2"]),
        ("two quotations, two remarks", True, []),
        ("Twenty children", True, ["20"]),
    ],
)
def test_numbers(text: str, counts_skipped: bool, numbers: list[str]) -> None:
    assert [n.value for n in find_numbers(text, skip_evidence_counts=counts_skipped)] == numbers


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("On Wednesday, March 19", ["Wednesday", "March"]),
        ("we may go in May 2024 or on May 5", ["May", "May"]),  # "may" the verb is not a month
        ("May I ask?", []),
        ("they march on Sunday", ["Sunday"]),  # lower case "march" is the verb
        ("Marches and Mondays", []),
    ],
)
def test_date_words(text: str, words: list[str]) -> None:
    assert [w.word for w in find_date_words(text)] == words


NAMES = NameTable(
    {
        "person:alec": ["Alec Baldwin", "Alec"],
        "person:ilaria": ["Ilaria"],
        "name:NYC": ["New York City", "NYC"],
        "name:Lets": ["Let’s Talk"],
    }
)


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        ("Alec Baldwin's wife in NYC", ["person:alec", "name:NYC"]),
        ("Alec’s and Alec's", ["person:alec", "person:alec"]),  # a possessive may follow
        ("Alecs and NYCs", []),  # whole words only
        ("Hilaria and Ilaria", ["person:ilaria"]),
        ("New York  City", ["name:NYC"]),  # white space as loosely as passages
        ("Let's Talk", ["name:Lets"]),  # straight and curly apostrophes alike
    ],
)
def test_names(text: str, keys: list[str]) -> None:
    assert [m.key for m in NAMES.find(text)] == keys


def _passage(text: str) -> Passage:
    return Passage("src", 0, len(text), text)


@pytest.mark.parametrize(
    ("quoted", "passage", "found"),
    [
        ("I'm sorry", "‘I’m sorry,’ Alec said", True),  # straight and curly alike
        ("I'm sorry,", "‘I’m sorry’", True),  # punctuation at the ends does not count
        ("Sorry", "he said sorry twice", True),  # the first letter may change case
        ("SORRY", "he said sorry twice", False),
        ("cut", "it's not cute", False),  # whole words
        ("about her 'beauty'", "something about her “beauty,” again", True),  # nested marks, punctuation inside
        ("No, I mean ... a really raw show", "No, I mean I think this is a really raw show", True),  # an ellipsis
        ("a really raw show ... No, I mean", "No, I mean I think this is a really raw show", False),  # in order
        ("captivated by [her] beauty", "captivated by [her] beauty", True),
        ("captivated by [his wife's] beauty", "captivated by her beauty", True),  # a bracketed insertion
        ("the whole point", "So, the point is", False),
    ],
)
def test_quotation_matching(quoted: str, passage: str, found: bool) -> None:
    assert quotation_found(quoted, [_passage(passage)]) is found


YAML = """\
claims:
  - id: a
    text: Ann greets "Bob" in Paris.
    quoted: "Ann says \\"hi\\" in Paris."
    single: 'Ann''s friend in Paris.'
    folded: >-
      Ann greets Bob
        and then, in Paris,
      leaves.
"""


@pytest.mark.parametrize(
    ("line", "col", "value", "word", "expected"),
    [
        (3, 11, 'Ann greets "Bob" in Paris.', "Paris", (3, 31)),
        (4, 13, 'Ann says "hi" in Paris.', '"hi"', (4, 23)),  # at the escape of the mark
        (4, 13, 'Ann says "hi" in Paris.', "Paris", (4, 33)),
        (5, 13, "Ann's friend in Paris.", "Paris", (5, 31)),  # '' in single quotes
        (6, 13, "Ann greets Bob\n  and then, in Paris,\nleaves.", "Paris", (8, 22)),  # inside a block scalar
        (6, 13, "Ann greets Bob\n  and then, in Paris,\nleaves.", "leaves", (9, 7)),
    ],
)
def test_position_of_a_word_inside_a_scalar(
    line: int, col: int, value: str, word: str, expected: tuple[int, int]
) -> None:
    pos = position_in_scalar(YAML, Pos("c.yaml", line, col), value, value.index(word))
    assert (pos.line, pos.col) == expected
    assert YAML.splitlines()[pos.line - 1][pos.col - 1 :].replace('\\"', '"').startswith(word)


def test_a_word_not_written_as_it_reads_points_at_the_scalar() -> None:
    text = 'text: "caf\\u00e9 in Paris"\n'
    start = Pos("c.yaml", 1, 7)
    assert position_in_scalar(text, start, "café in Paris", 0) == start  # an escape: no guess
