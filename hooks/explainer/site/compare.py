"""The article comparison: for each key statement, what each article itself says, in its own words.

Rows are the facts at least `MIN_FACT_ARTICLES` articles state and the quotes at least
`MIN_QUOTE_ARTICLES` print (most widely printed first, then in file order), and every question the
articles answer differently; columns are the articles. A row on one side of a dispute brings the other
sides with it, right after it, whatever their counts: a table never shows one side of a dispute alone
(the speaker of "correctile dysfunction" is Alec Baldwin in three articles and Hilaria Baldwin in two). A cell
holds that article's located passages for the row (for a question, for each answer the article
backs), or nothing when no citation of the row comes from that article. Nothing is paraphrased: every
cell is seed text, as verify.py pinned it.
"""

from __future__ import annotations

from dataclasses import dataclass

from explainer.evidence.resolve import Index
from explainer.evidence.verify import Located

MIN_FACT_ARTICLES = 4  # facts most of the articles state: many facts rest on two or three of them
MIN_QUOTE_ARTICLES = 3  # quotes fewer articles share: where their wordings differ is the point
FACT_KINDS = ("claim", "person-fact", "organization-fact", "source-fact", "event")


@dataclass(frozen=True)
class Wording:
    statement: str  # the statement the passage is cited for (a disagreement's answer, for a question)
    passage: Located


@dataclass(frozen=True)
class Row:
    id: str  # the statement or disagreement the row is about
    kind: str  # a statement kind, or "disagreement"
    cells: dict[str, tuple[Wording, ...]]  # source id -> that article's wordings (absent: nothing cited)
    answers: tuple[str, ...] = ()  # a question's answers, in order

    @property
    def articles(self) -> int:
        return len(self.cells)

    def letter(self, answer_id: str) -> str:
        """A question's answers are lettered A, B, C… in their order."""
        return answer_letter(self.answers.index(answer_id))


def answer_letter(number: int) -> str:
    return chr(ord("A") + number) if number < 26 else str(number + 1)


@dataclass(frozen=True)
class Comparison:
    sources: tuple[str, ...]  # the columns, in content order
    facts: tuple[Row, ...]
    quotes: tuple[Row, ...]
    questions: tuple[Row, ...]

    @property
    def rows(self) -> tuple[Row, ...]:
        return self.facts + self.quotes + self.questions


def _cells(statements: list[str], located: dict[str, tuple[Located, ...]]) -> dict[str, tuple[Wording, ...]]:
    cells: dict[str, list[Wording]] = {}
    for statement in statements:
        seen: set[tuple[str, int, int]] = set()
        for passage in located.get(statement, ()):
            key = (passage.source, passage.start, passage.end)
            if key not in seen:
                seen.add(key)
                cells.setdefault(passage.source, []).append(Wording(statement, passage))
    return {source: tuple(wordings) for source, wordings in cells.items()}


def _with_other_sides(
    rows: list[Row], kinds: tuple[str, ...], index: Index, located: dict[str, tuple[Located, ...]]
) -> tuple[Row, ...]:
    """`rows` (sorted: stable, file order among equals), each followed by the records stating the other sides
    of every dispute it is on, of the table's kinds, that are not rows already."""
    shown = {row.id for row in rows}
    result: list[Row] = []
    for row in rows:
        result.append(row)
        for disagreement in index.disputes.of(row.id):
            for answer in disagreement.answers:
                for record_id in answer.concerns:
                    statement = index.statement_by_id.get(record_id)
                    if statement is not None and statement.kind in kinds and record_id not in shown:
                        shown.add(record_id)
                        result.append(Row(record_id, statement.kind, _cells([record_id], located)))
    return tuple(result)


def compare(
    index: Index,
    located: dict[str, tuple[Located, ...]],
    sources: tuple[str, ...],
    min_facts: int = MIN_FACT_ARTICLES,
    min_quotes: int = MIN_QUOTE_ARTICLES,
) -> Comparison:
    def widely_printed(kinds: tuple[str, ...], min_articles: int) -> tuple[Row, ...]:
        rows = [Row(s.id, s.kind, _cells([s.id], located)) for s in index.statements if s.kind in kinds]
        rows = [row for row in rows if row.articles >= min_articles]
        return _with_other_sides(sorted(rows, key=lambda row: -row.articles), kinds, index, located)

    questions = tuple(
        Row(d.id, "disagreement", _cells([a.id for a in d.answers], located), tuple(a.id for a in d.answers))
        for d in index.content.disagreements
    )
    return Comparison(sources, widely_printed(FACT_KINDS, min_facts), widely_printed(("quote",), min_quotes), questions)
