"""A withdrawn reading stays withdrawn: find the phrasings that corrections withdrew, wherever they survive.

A corrections entry may name, under `withdraws`, the phrasings it took back ("the couple answered the
reaction", "all five articles"). Another record or a hand-written page that still says one of them, or
nearly (with a few words more), is reported at the place it is written, naming the correction.
The entry itself, which must quote what was wrong, and the statements it corrected (whose new wording
the entry's review already covers) are not searched, nor the corrections log as a whole (it says what was
wrong), nor hand-written pages that neither link a record nor cite one (they are about the tool, not the
story).

Words are compared folded (`text.folding`: case, width, apostrophes, punctuation, contractions). A near
match says everything the phrase says: a run of words that holds all of the phrase's words, in order,
with a few more between them (`allowance`: one, and one more for every eight words), each word as written
or in another form of it (answered, answers: words of five letters or more within two letters' edits). A
run that changes or leaves out one of the phrase's words says something else, often the correction itself
("a further video" for a withdrawn "a further Instagram video"), and is not reported. A phrase of fewer
than `MIN_WORDS_FOR_NEAR` words must match exactly, since a short phrase nearly matches too much.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from explainer.content.model import Content
from explainer.content.texts import all_editor_texts
from explainer.content.yamlload import text_pos
from explainer.core import codes
from explainer.core.diagnostics import Pos, Report
from explainer.evidence.wikilinks import DocsPage, links_as_read
from explainer.text.folding import FoldedWord, close_spellings, folded_words, normalised_words, word_set

# Where a word of a record's text value was written, given the value's start (pipeline._scalar_locator).
Locate = Callable[[Pos, str, int], Pos]

MIN_WORDS_FOR_NEAR = 4
_STEM = 3  # letters the forms of a word share at its start (answered, answers; Manterrupting, Manteruppting)
_MIN_LENGTH_FOR_FORMS = 5  # "said" and "paid" are other words, "answered" and "answers" forms of one


@dataclass(frozen=True)
class Withdrawn:
    """A phrasing a correction withdrew."""

    correction: str
    phrase: str
    pos: Pos
    corrected: frozenset[str]  # the ids of the records the correction names, searched no more


@dataclass(frozen=True)
class Prose:
    """Text a reader is shown: a record's value, or a block of prose of a hand-written page."""

    record: str  # the record's id, or the page's path
    text: str
    pos: Pos  # where the value starts (a record's), or where the block starts (a page's)
    key: str = ""  # the record's key that holds it; "" for a page
    offset: int = 0  # a page's block: where it starts in the page's text


@dataclass(frozen=True)
class Survivor:
    """Where a withdrawn phrasing, or one near it, is still written."""

    withdrawn: Withdrawn
    prose: Prose
    start: int  # offsets in prose.text
    end: int
    exact: bool


def find_survivors(withdrawn: Iterable[Withdrawn], prose: Iterable[Prose]) -> Iterator[Survivor]:
    """Every place in `prose` that says a withdrawn phrasing, or nearly, once per phrase and place."""
    pieces = [_Piece(piece) for piece in prose]
    for entry in withdrawn:
        phrase = normalised_words(entry.phrase)
        if not phrase:
            continue
        near = len(phrase) >= MIN_WORDS_FOR_NEAR  # a short phrase must match word for word, forms and all
        needed = {_stem(part) for part in phrase} if near else set(phrase)
        spare = allowance(phrase) if near else 0
        for piece in pieces:
            if piece.prose.record in entry.corrected or piece.prose.record == entry.correction:
                continue
            if len(needed - (piece.stems if near else piece.parts)) > spare:
                continue  # cheap: most prose shares too few of the phrase's words to match it
            found = _best_run(phrase, piece.flat, spare, _same_word if near else str.__eq__)
            if found is not None:
                start, end, exact = found
                words = piece.words
                yield Survivor(entry, piece.prose, words[start].start, words[end - 1].end, exact)


class _Piece:
    """A piece of prose read for every phrase: first only the set of its folded words and their stems (the cheap
    test), then, for the few pieces that pass it, its words with their places."""

    def __init__(self, prose: Prose) -> None:
        self.prose = prose
        self.parts = word_set(prose.text)
        self.stems = frozenset(_stem(part) for part in self.parts)

    @functools.cached_property
    def words(self) -> list[FoldedWord]:
        return folded_words(self.prose.text)

    @functools.cached_property
    def flat(self) -> list[tuple[int, str]]:
        """(the word's index in `words`, one folded part of it): a contraction is several parts."""
        return [(index, part) for index, word in enumerate(self.words) for part in word.folded]


def _stem(word: str) -> str:
    """What the forms of a word share, for the cheap test: its first letters ("answered", "answers": "ans")."""
    return word[:_STEM]


def allowance(phrase: tuple[str, ...]) -> int:
    """How many of a phrase's words a near match may change, add or leave out."""
    return 1 + len(phrase) // 8


def _same_word(a: str, b: str) -> bool:
    """One word, or two forms of it: they share their first letters and are within two letters' edits."""
    return a == b or (a[:_STEM] == b[:_STEM] and close_spellings(a, b, min_length=_MIN_LENGTH_FOR_FORMS))


def _best_run(
    phrase: tuple[str, ...], flat: list[tuple[int, str]], spare: int, same: Callable[[str, str], bool]
) -> tuple[int, int, bool] | None:
    """(first word, past the last word, exact) of the first run of words that says the phrase, or None.

    A run starts at a word that is the phrase's first and takes the phrase's words in order, skipping at
    most `spare` words of its own in between; the first such run that is word for word wins over others.
    `flat` is the piece's words as `_Piece.flat` gives them."""
    best: tuple[int, int] | None = None
    for begin, (first_word, part) in enumerate(flat):
        if not same(part, phrase[0]):
            continue
        matched, skipped, at = 1, 0, begin + 1
        while matched < len(phrase) and at < len(flat) and skipped <= spare:
            if same(flat[at][1], phrase[matched]):
                matched += 1
            else:
                skipped += 1
            at += 1
        if matched < len(phrase) or skipped > spare:
            continue
        run = (first_word, flat[at - 1][0] + 1)
        if skipped == 0 and tuple(p for _, p in flat[begin:at]) == phrase:
            return run[0], run[1], True
        if best is None:
            best = run
    return None if best is None else (best[0], best[1], False)


def withdrawn_phrasings(content: Content) -> list[Withdrawn]:
    """Each phrasing that a corrections entry says it withdraws, with the entry and what it corrected."""
    return [
        Withdrawn(entry.id, phrase, pos, frozenset(entry.named))
        for entry in content.corrections
        for phrase, pos in zip(entry.withdraws, entry.items_at("withdraws"), strict=False)
    ]


def check_withdrawn(content: Content, pages: Iterable[DocsPage], report: Report, locate: Locate) -> None:
    """Report every record or hand-written page that still says a withdrawn phrasing, or nearly (EX616)."""
    withdrawn = withdrawn_phrasings(content)
    if not withdrawn:
        return
    prose = [
        Prose(text.record, text.text, text.pos, text.key) for text in all_editor_texts(content, skip=("corrections",))
    ]
    # A page that links no record and cites nothing (how to edit, benchmarks) is about the tool, not the story.
    by_path = {page.path: page for page in pages if page.links}
    for page in by_path.values():
        read = links_as_read(page.text)
        for start, end in page.prose_blocks:
            prose.append(Prose(page.path, read[start:end], text_pos(page.path, page.text, start), "", start))
    for survivor in find_survivors(withdrawn, prose):
        piece, entry = survivor.prose, survivor.withdrawn
        if piece.key:  # a record's text: point at the words inside the value
            where = locate(piece.pos, piece.text, survivor.start)
            what = f"'{piece.record}' ({piece.key})" if piece.record else f"a {piece.key}"
        else:
            page = by_path[piece.record]
            where = text_pos(page.path, page.text, piece.offset + survivor.start)
            what = "the page"
        said = piece.text[survivor.start : survivor.end]
        how = "still says" if survivor.exact else "nearly says"
        report.warning(
            codes.WITHDRAWN_PHRASING_SURVIVES,
            where,
            f"{what} {how} “{entry.phrase}”, which correction '{entry.correction}' withdrew"
            + ("" if survivor.exact else f": “{' '.join(said.split())}”"),
            f"reword it as correction '{entry.correction}' reworded its statements, or, if it is right here, "
            "make the entry's `withdraws` phrasing more precise",
        )
