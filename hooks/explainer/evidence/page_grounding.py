"""Grounding of hand-written pages: each sentence must say only what the statements it cites say.

A page that places citation markers (`[[cite:id]]`) is read sentence by sentence, in the blocks of prose
that Markdown reads (`DocsPage.prose_blocks`: front matter, headings and code are not sentences). Within
a sentence, the words before a group of markers rest on the statements of that group: their cited
passages, and the people those statements are about or voiced by. Words after the last group rest on
every statement the sentence cites. A sentence that cites nothing rests on the records it links (`[[id]]`:
a quote, a disagreement, a transcript, an event, a claim); one that neither cites nor links may not
quote, name, count or date anything.
`[[person-id]]` shows the person's name, so it counts as naming them.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import re
from dataclasses import dataclass

from explainer.content.schema import PASSAGES
from explainer.core.diagnostics import Pos
from explainer.evidence.grounding import Grounding
from explainer.evidence.passages import Evidence, Text, given
from explainer.evidence.wikilinks import DocsPage
from explainer.text.mentions import NameMention
from explainer.text.quotes import scan_quotes
from explainer.text.sentences import sentence_breaks

_LIST_MARK = re.compile(r"^(\s*)(?:[-*+]|\d+[.)])(\s+)", re.MULTILINE)
_MD_LINK = re.compile(r"(\[)([^\[\]\n]*)(\]\([^()\s]*\))")
_CODE = re.compile(r"`+[^`\n]*`+")
_TAG = re.compile(r"<[^<>\n]*>")
_EMPHASIS = re.compile(r"(?<!\w)[*_]+|[*_]+(?!\w)")


@dataclass(frozen=True)
class Cite:
    start: int
    end: int
    target: str


def check_page(grounding: Grounding, page: DocsPage) -> None:
    path, markdown, placed = page.path, page.text, page.links
    if not any(p.link.cite for p in placed):
        return  # a page that cites nothing (how-to, benchmarks) makes no claims of its own
    index = grounding.index
    masked = list(markdown)
    line_starts = [0] + [m.end() for m in re.finditer("\n", markdown)]

    def blank(start: int, end: int) -> None:
        masked[start:end] = [ch if ch == "\n" else " " for ch in markdown[start:end]]

    cites: list[Cite] = []
    linked: list[tuple[int, str]] = []
    names: list[NameMention] = []
    for p in placed:
        link = p.link
        start = line_starts[p.line - 1] + p.col - 1
        end = start + len(link.raw)
        if link.cite:
            cites.append(Cite(start, end, link.target))
            blank(start, end)
            continue
        if link.picture:  # a picture says what the records say, and stands alone in its paragraph
            blank(start, end)
            continue
        linked.append((start, link.target))
        kind, record = index.records.get(link.target, ("", None))
        # A link shows the record's label: when that is a name (a person's, an organization's), the
        # sentence's citations must give it.
        named = record is not None and type(record).KIND.label == "name"
        if link.text is None:
            blank(start, end)
            if named:
                names.append(NameMention(start, end, f"{kind}:{link.target}", getattr(record, "name", "")))
        else:
            shown_at = markdown.index("|", start) + 1
            blank(start, shown_at)
            blank(end - 2, end)
            if named:
                names.append(NameMention(start, end, f"{kind}:{link.target}", link.text.strip()))
    # A Markdown link ([Timeline](timeline.md)) is navigation, not a statement: it is left out whole.
    for pattern in (_CODE, _TAG, _MD_LINK, _LIST_MARK, _EMPHASIS):
        text = "".join(masked)
        for m in pattern.finditer(text):
            blank(m.start(), m.end())
    text = "".join(masked)
    # Cites, links and names are in the order of the page: each sentence looks its own up by offset.
    starts = _Starts([c.start for c in cites], [offset for offset, _ in linked], [n.start for n in names])
    for block_start, block_end in page.prose_blocks:  # as Markdown reads the page: no code, no headings
        for start, end in _sentences(text, block_start, block_end, cites, starts.cites):
            _check_sentence(grounding, path, line_starts, text, start, end, cites, linked, names, starts)


@dataclass(frozen=True)
class _Starts:
    cites: list[int]
    linked: list[int]
    names: list[int]


def _sentences(text: str, start: int, end: int, cites: list[Cite], cite_starts: list[int]) -> list[tuple[int, int]]:
    """Sentence extents in [start, end), never ending inside a quotation; markers that directly follow a
    sentence's full stop still belong to it."""
    block = text[start:end]
    # How many quotations hold each offset strictly inside (past the opening mark, before the closing one):
    # counted once, not looked up in every quotation at every full stop.
    inside = [0] * (len(block) + 1)
    for span in scan_quotes(block).spans:
        if span.start + 1 < span.end - 1:
            inside[span.start + 1] += 1
            inside[span.end - 1] -= 1
    inside = list(itertools.accumulate(inside))
    cuts = [start]
    for found in sentence_breaks(block):
        if inside[found.mark]:
            continue
        cut = start + found.end
        # "... viral. [[cite:x]]": the markers right after it are the sentence's.
        for cite in cites[bisect.bisect_left(cite_starts, cut) :]:
            if cite.start >= end or text[cut : cite.start].strip():
                break
            cut = cite.end
        cuts.append(cut)
    cuts.append(end)
    return [(a, b) for a, b in itertools.pairwise(cuts) if text[a:b].strip()]


def _check_sentence(
    grounding: Grounding,
    path: str,
    line_starts: list[int],
    text: str,
    start: int,
    end: int,
    cites: list[Cite],
    linked: list[tuple[int, str]],
    names: list[NameMention],
    starts: _Starts,
) -> None:
    mine = cites[bisect.bisect_left(starts.cites, start) : bisect.bisect_left(starts.cites, end)]
    groups: list[list[Cite]] = []
    for cite in mine:
        if groups and not text[groups[-1][-1].end : cite.start].strip():
            groups[-1].append(cite)
        else:
            groups.append([cite])
    segments: list[tuple[int, int, list[Cite]]] = []
    at = start
    for group in groups:
        segments.append((at, group[0].start, group))
        at = group[-1].end
    segments.append((at, end, mine))

    def locate(_: Pos, __: str, offset: int, base: int = 0) -> Pos:
        # Looked up among the page's line starts: a page may have thousands of findings.
        absolute = base + offset
        line = bisect.bisect_right(line_starts, absolute)
        return Pos(path, line, absolute - line_starts[line - 1] + 1)

    for seg_start, seg_end, group in segments:
        if not text[seg_start:seg_end].strip():
            continue
        if any(not grounding.fully_located(c.target) for c in group):
            continue  # a citation of it was not found (reported by verify): nothing to check against
        if group:
            evidence = _cited(grounding, [c.target for c in group])
            what = "sentence"
        else:
            links = linked[bisect.bisect_left(starts.linked, start) : bisect.bisect_left(starts.linked, end)]
            evidence = _linked(grounding, [target for _, target in links])
            what = "sentence (it cites nothing)" if not evidence.passages else "sentence"
        shown = tuple(
            NameMention(n.start - seg_start, n.end - seg_start, n.key, n.shown)
            for n in names[bisect.bisect_left(starts.names, seg_start) : bisect.bisect_left(starts.names, seg_end)]
        )
        unit = Text(what, Pos(path), text[seg_start:seg_end], given(evidence), shown)
        grounding.check_text(unit, functools.partial(locate, base=seg_start))


def _cited(grounding: Grounding, statement_ids: list[str]) -> Evidence:
    evidence = Evidence()
    for statement_id in statement_ids:
        statement = grounding.index.statement_by_id.get(statement_id)
        if statement is None:
            continue  # an unknown id: reported by the wiki-link check
        evidence.passages.extend(p for p in grounding.passages(statement_id, PASSAGES) if p not in evidence.passages)
        evidence.add(grounding.links_of(statement))
    return evidence


def _linked(grounding: Grounding, record_ids: list[str]) -> Evidence:
    """What the records a sentence links rest on: their own passages, or their parts' passages."""
    index = grounding.index
    ids: list[str] = []
    for record_id in record_ids:
        if record_id in index.statement_by_id:
            ids.append(record_id)
        elif record_id in index.disagreements:
            ids += [a.id for a in index.disagreements[record_id].answers]
        elif record_id in index.transcripts:
            ids += [line.quote or line.id for line in index.transcripts[record_id].lines]
    evidence = Evidence()
    for statement_id in ids:
        evidence.passages.extend(p for p in grounding.passages(statement_id, PASSAGES) if p not in evidence.passages)
    return evidence
