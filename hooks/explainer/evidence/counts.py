"""Counts of articles in editors' prose, checked against the citations they speak of.

A count is a number (a word from one to twelve, digits, or "both") before "article(s)" or
"report(s)", optionally with "independent" or "other" between: "Two articles say", "the three
articles that give the ages", "one article's headline", "four independent reports".

What a count is checked against:
- In a statement's own prose (its text, context, title, the label of its voice, the notes of its
  citations, the notes of transcript lines that show it): the articles the statement cites.
- In a person's summary: the articles cited by the statements about that person (facts, relations);
  in an organization's summary: those cited by its facts;
  in a transcript's summary: those cited by its lines; in a disagreement's question: by its answers.
- In a hand-written page: the statement of the next [[cite:id]] in the same sentence; a count in a
  sentence without a citation is not checked (there is nothing to check it against).
- When the count's clause quotes the articles (the first quotation after the count, or else the
  last one before it; for a count alone in parentheses, the quotation and words right before them),
  it may count only the cited articles whose text contains those words:
  "One article continues it with "or sometimes our kids interrupt"", 'a "30 Rock" alum (two articles)'.
  Quotation marks, case and spacing do not matter there.

"N articles" is compared with the number of those articles; "N independent reports" and "N reports"
with the number of independent reports among them (articles that copy each other are one report).

Findings (see docs/how-to-edit.md):
- error: the count is not what the citations give; the hint gives the real count and the articles;
- error: "N other articles", a count of articles the prose does not cite: cite them or name them;
- warning: the articles counted include copies of each other and the sentence does not say so
  ("two articles sharing text", "copies", "one report", "independent"): a reader would take them for
  separate witnesses.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from explainer.content import model
from explainer.core import codes
from explainer.core.diagnostics import Code, Pos, Report, Severity
from explainer.evidence.copying import Copying
from explainer.evidence.support import Support, support_of_sources
from explainer.evidence.verify import Located, Verified
from explainer.evidence.wikilinks import DocsPage
from explainer.text.mentions import cardinal_words
from explainer.text.quotes import quoted_spans
from explainer.text.sentences import sentence_breaks
from explainer.text.textmatch import normalize_passage

NUMBERS = cardinal_words(12) | {"both": 2}
_NUMBER = "|".join([*NUMBERS, r"\d+"])
COUNT = re.compile(
    rf"\b(?P<num>{_NUMBER})\s+(?:(?P<other>other)\s+)?(?:(?P<independent>independent)\s+)?(?P<noun>articles?|reports?)\b(?!-)",
    re.IGNORECASE,
)
# How a sentence says that the articles it counts copy each other.
DISCLOSED = re.compile(
    rf"\b(?:independent|(?:{_NUMBER})\s+reports?|shar(?:e|es|ing)\b[^.;]{{0,30}}?\b(?:text|paragraphs|wording)|cop(?:y|ies|ied))\b",
    re.IGNORECASE,
)
_MARKS = "\"'“”‘’ "
_QUOTE_MARKS = re.compile("[\"'“”‘’]")


@dataclass(frozen=True)
class Prose:
    """A piece of editor text and the citations its counts speak of."""

    text: str
    pos: Pos  # where the value starts in its file
    evidence: tuple[Located, ...]
    sentence_bound: bool = False  # a hand-written page: counts are bound to the sentence's [[cite:id]]


@dataclass(frozen=True)
class CountFinding:
    code: Code
    start: int
    end: int
    message: str
    hint: str

    @property
    def error(self) -> bool:
        return self.code.severity is Severity.ERROR


def _fold(text: str) -> str:
    """Passage matching for anchors: normalized, case-folded, with quotation marks left out."""
    return " ".join(_QUOTE_MARKS.sub("", normalize_passage(text)).casefold().split())


def _support_text(s: Support, copying: Copying, labels: dict[str, str]) -> str:
    groups = "; ".join(
        " and ".join(labels.get(x, x) for x in g) + (" (copies)" if len(g) > 1 else "") for g in s.groups
    )
    return (
        f"{s.articles} article{'s' if s.articles != 1 else ''}, {s.independent_reports} independent "
        f"report{'s' if s.independent_reports != 1 else ''}: {groups or 'none'}"
    )


def _clause(text: str, start: int, end: int, quoted: list[tuple[int, int]]) -> tuple[int, int]:
    """The clause around [start, end): between sentence or clause punctuation outside quotations."""

    def outside(i: int) -> bool:
        return not any(a <= i < b for a, b in quoted)

    begin = max((b.end for b in sentence_breaks(text, 0, start, clauses=True) if outside(b.mark)), default=0)
    finish = next((b.mark for b in sentence_breaks(text, end, clauses=True) if outside(b.mark)), len(text))
    return begin, finish


def _anchor(text: str, start: int, end: int, quoted: list[tuple[int, int]]) -> str | None:
    """The quoted words a count is bound to, if any (see the module's docstring)."""
    begin, finish = _clause(text, start, end, quoted)
    opened = text.rfind("(", begin, start)
    if opened != -1 and not text[opened + 1 : start].strip() and text[end:].lstrip()[:1] in (")", ","):
        before = [q for q in quoted if begin <= q[0] and q[1] <= opened]
        if before:  # 'a "30 Rock" alum (two articles)': the quotation and the words up to the parenthesis
            return text[before[-1][0] : opened].strip(_MARKS)
    after = [q for q in quoted if end <= q[0] < finish]
    if after:
        return text[after[0][0] : after[0][1]].strip(_MARKS)
    before = [q for q in quoted if begin <= q[0] and q[1] <= start]
    return text[before[-1][0] : before[-1][1]].strip(_MARKS) if before else None


def check_prose(
    prose: Prose, copying: Copying, seed_text: dict[str, str], labels: dict[str, str]
) -> Iterator[CountFinding]:
    """Findings for the counts in one piece of prose; `seed_text` is each source's text as `_fold` gives it."""
    text = prose.text
    matches = list(COUNT.finditer(text)) if _may_count(text) else []
    if not matches:
        return  # most prose counts nothing: skip finding its quotations
    quoted = quoted_spans(text)  # read as every check reads editor text (text/quotes.py, editor mode)
    for m in matches:
        if any(a < m.start() < b for a, b in quoted):
            continue  # words quoted from an article are not the editors' count
        number = NUMBERS.get(m["num"].lower()) or int(m["num"])
        reports = m["independent"] is not None or m["noun"].lower().startswith("report")
        if m["other"]:
            hint = (
                "cite the passages of the articles you count, or name them (a source id shows as a link to the article)"
            )
            yield CountFinding(
                codes.UNCITED_COUNT, m.start(), m.end(), f"'{m.group()}' counts articles this text does not cite", hint
            )
            continue
        anchor = _anchor(text, m.start(), m.end(), quoted)
        sources = list(dict.fromkeys(c.source for c in prose.evidence))
        if anchor is not None:
            folded = _fold(anchor)
            sources = [s for s in sources if folded in seed_text[s]]
        support = support_of_sources(sources, copying)
        actual = support.independent_reports if reports else support.articles
        of = f' that contain{"s" if actual == 1 else ""} "{anchor}"' if anchor is not None else ""
        whole = support_of_sources((c.source for c in prose.evidence), copying)
        if anchor is not None and number == (whole.independent_reports if reports else whole.articles):
            support, actual, of = whole, number, ""  # the count is of all the articles cited
        if number != actual:
            what = ("independent report" if reports else "article") + ("s" if actual != 1 else "")
            yield CountFinding(
                codes.WRONG_COUNT,
                m.start(),
                m.end(),
                f"'{m.group()}', but the articles cited give {actual} {what}{of}",
                f"counted: {_support_text(support, copying, labels)}",
            )
        elif not reports and support.copies:
            sentence_start = max((b.end for b in sentence_breaks(text, 0, m.start())), default=0)
            sentence_end = next((b.end for b in sentence_breaks(text, m.end())), len(text))
            if DISCLOSED.search(text, sentence_start, sentence_end) is None:
                hint = (
                    f"say that they share text or how many independent reports they are, e.g. '{m.group()}, "
                    f"sharing text,'; counted: {_support_text(support, copying, labels)}"
                )
                yield CountFinding(
                    codes.COPIES_COUNTED,
                    m.start(),
                    m.end(),
                    f"'{m.group()}' counts copies of each other as separate articles{of}",
                    hint,
                )


# ---- where counts are written -----------------------------------------------------------------


def _may_count(text: str) -> bool:
    """A fast test that lets through every text COUNT can match (most prose counts nothing)."""
    return "rticle" in text or "eport" in text or "RTICLE" in text or "EPORT" in text


def _texts(record: model.Record, *keys: str) -> Iterator[tuple[str, Pos]]:
    for key in keys:
        value = getattr(record, key, None)
        if isinstance(value, str):
            if _may_count(value):
                yield value, record.at(key)
        elif isinstance(value, model.Voice) and value.label and _may_count(value.label):
            yield value.label, value.at("label")


def content_prose(verified: Verified) -> Iterator[Prose]:
    index = verified.index
    located = verified.located
    lines_of_quote: dict[str, list[model.TranscriptLine]] = {}
    for transcript in index.content.transcripts:
        for line in transcript.lines:
            if line.quote:
                lines_of_quote.setdefault(line.quote, []).append(line)
    for statement in index.statements:
        record = statement.record
        evidence = located.get(statement.id, ())
        if len(evidence) != len(statement.citations):
            continue  # a citation was not found (reported already): its counts cannot be checked yet
        pieces = list(_texts(record, "text", "title", "context", "note", "reason", "attribution", "speaker"))
        pieces += [(c.note, c.at("note")) for c in statement.citations if c.note and _may_count(c.note)]
        pieces += [
            (line.note, line.at("note"))
            for line in lines_of_quote.get(statement.id, [])
            if line.note and _may_count(line.note)
        ]
        for text, pos in pieces:
            yield Prose(text, pos, evidence)
    about: dict[str, list[Located]] = {}
    # A person's summary rests on their facts and on their relations, whichever side holds the relation.
    for holder in index.content.people:
        for fact in holder.facts:
            about.setdefault(holder.id, []).extend(located.get(fact.id, ()))
        for relation in holder.relations:
            for person_id in (holder.id, relation.person):
                about.setdefault(person_id, []).extend(located.get(relation.id, ()))
    for person in index.content.people:
        if person.summary:
            yield Prose(person.summary, person.at("summary"), tuple(about.get(person.id, ())))
    for organization in index.content.organizations:
        if organization.summary:
            facts = [c for fact in organization.facts for c in located.get(fact.id, ())]
            yield Prose(organization.summary, organization.at("summary"), tuple(facts))
    for transcript in index.content.transcripts:
        if transcript.summary:
            lines = [c for line in transcript.lines for c in located.get(line.quote or line.id, ())]
            yield Prose(transcript.summary, transcript.at("summary"), tuple(lines))
    for disagreement in index.content.disagreements:
        answers = [c for answer in disagreement.answers for c in located.get(answer.id, ())]
        yield Prose(disagreement.question, disagreement.at("question"), tuple(answers))


def page_prose(page: DocsPage, verified: Verified) -> Iterator[Prose]:
    """The text of a hand-written page up to each [[cite:id]] (from the previous one, within a sentence),
    bound to that statement. Counts in sentences without a citation have nothing to be checked against."""
    path, markdown = page.path, page.text
    line_starts = [0, *(m.end() for m in re.finditer("\n", markdown))]
    sentence_starts = [0, *(b.next for b in sentence_breaks(markdown))]
    previous_end = 0
    for placed in page.links:
        link = placed.link
        if not link.cite or link.target not in verified.index.statement_by_id:
            continue
        at = line_starts[placed.line - 1] + placed.col - 1
        start = max(previous_end, max(s for s in sentence_starts if s <= at))
        previous_end = at + len(link.raw)
        if COUNT.search(markdown, start, at):
            line = markdown.count("\n", 0, start) + 1
            col = start - (markdown.rfind("\n", 0, start) + 1) + 1
            yield Prose(
                markdown[start:at], Pos(path, line, col), verified.located.get(link.target, ()), sentence_bound=True
            )


# ---- the check ---------------------------------------------------------------------------------


def check_counts(root: Path, verified: Verified, report: Report, pages: list[DocsPage]) -> None:
    copying = verified.copying
    labels: dict[str, str] = {}  # hints name sources by id, as editors write them
    pieces = list(content_prose(verified))
    for page in pages:
        pieces += page_prose(page, verified)
    files: dict[str, str] = {}
    seed_text = _FoldedSeeds(verified)
    for prose in pieces:
        for finding in check_prose(prose, copying, seed_text, labels):
            pos = (
                _offset(prose.pos, prose.text, finding.start)
                if prose.sentence_bound
                else _locate(root, files, prose, finding.start)
            )
            report.add(finding.code, pos, finding.message, finding.hint)


class _FoldedSeeds(dict[str, str]):
    """Each seed's text as `_fold` gives it, folded the first time a count quotes it."""

    def __init__(self, verified: Verified) -> None:
        super().__init__()
        self._seeds = verified.seeds

    def __missing__(self, source: str) -> str:
        seed = self._seeds.get(source)
        self[source] = _fold(seed.text) if seed else ""
        return self[source]


def _offset(pos: Pos, text: str, at: int) -> Pos:
    lines = text.count("\n", 0, at)
    if lines == 0:
        return Pos(pos.path, pos.line, pos.col + at)
    return Pos(pos.path, pos.line + lines, at - text.rfind("\n", 0, at))


def _locate(root: Path, files: dict[str, str], prose: Prose, at: int) -> Pos:
    """The file position of prose.text[at:]: the words from there, found in the file from the value's start
    (a folded or quoted YAML value has other line breaks and indentation than its text)."""
    if prose.pos.path not in files:
        try:
            files[prose.pos.path] = (root / prose.pos.path).read_text(encoding="utf-8")
        except OSError:
            files[prose.pos.path] = ""
    source = files[prose.pos.path]
    lines = source.splitlines(keepends=True)
    offset = sum(len(line) for line in lines[: prose.pos.line - 1]) + prose.pos.col - 1
    words = prose.text[at:].split()[:4]
    pattern = re.compile(r"\s+".join(map(re.escape, words))) if words else None
    found = pattern.search(source, offset) if pattern else None
    if found is None:
        return prose.pos
    line = source.count("\n", 0, found.start()) + 1
    return Pos(prose.pos.path, line, found.start() - (source.rfind("\n", 0, found.start()) + 1) + 1)
