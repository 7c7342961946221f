"""Which articles copy each other, measured on their own narrative text.

Two articles that quote the same speaker print the same words without copying each other, so the
measure leaves out everything inside quotation marks and compares only the articles' own sentences
(the narrative). Each article's narrative becomes a set of word shingles: every run of
`SHINGLE_WORDS` consecutive words, lower-cased, never bridging a left-out quotation or a paragraph
break. The overlap of a pair is the share of the smaller set's shingles found in the other
(containment), so a short article copied into a long one still counts fully, and one changed word
("the insider" / "an insider") only removes the few shingles that contain it.

A pair is a copy when its overlap reaches `COPY_THRESHOLD`; copies are grouped transitively
(connected components), and every group counts as one report. Articles that share whole
paragraphs overlap far above it; unrelated reports of one event, a few per cent at most.

Quotation marks are read as text/quotes.py reads an article (its article mode).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import combinations

from explainer.text import quotes
from explainer.text.sourcetext import paragraphs

SHINGLE_WORDS = 5
COPY_THRESHOLD = 0.20

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")

Shingle = tuple[str, ...]


def quoted_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of every quotation of an article, marks included; none crosses a paragraph break."""
    return quotes.quoted_spans(text, quotes.ARTICLE)


def narrative_runs(text: str) -> list[list[str]]:
    """The words of the article's own text, as runs that end at every quotation and paragraph break."""
    quoted = quoted_spans(text)
    runs: list[list[str]] = []
    q = 0
    for paragraph in paragraphs(text):
        start = paragraph.start
        while q < len(quoted) and quoted[q][0] < paragraph.end:
            runs.append(_words(text[start : quoted[q][0]]))
            start = quoted[q][1]
            q += 1
        runs.append(_words(text[start : paragraph.end]))
    return [run for run in runs if run]


def _words(text: str) -> list[str]:
    folded = unicodedata.normalize("NFKC", text).casefold().replace("’", "'").replace("‘", "'")
    return _WORD.findall(folded)


def shingles(text: str, size: int = SHINGLE_WORDS) -> frozenset[Shingle]:
    result: set[Shingle] = set()
    for run in narrative_runs(text):
        result.update(tuple(run[i : i + size]) for i in range(len(run) - size + 1))
    return frozenset(result)


@dataclass(frozen=True)
class PairOverlap:
    """How much narrative two articles share: `shared` shingles out of `a_total` and `b_total`."""

    a: str
    b: str
    shared: int
    a_total: int
    b_total: int

    @property
    def a_in_b(self) -> float:
        """Share of a's narrative shingles found in b."""
        return self.shared / self.a_total if self.a_total else 0.0

    @property
    def b_in_a(self) -> float:
        return self.shared / self.b_total if self.b_total else 0.0

    @property
    def overlap(self) -> float:
        """Containment of the smaller narrative in the larger: what decides copying."""
        return max(self.a_in_b, self.b_in_a)

    @property
    def copies(self) -> bool:
        return self.overlap >= COPY_THRESHOLD


@dataclass(frozen=True)
class Copying:
    """The pairwise overlaps of a set of articles and the groups of copies they form."""

    sources: tuple[str, ...]
    narrative: Mapping[str, int]  # source id -> narrative shingles
    pairs: Mapping[frozenset[str], PairOverlap]
    groups: tuple[tuple[str, ...], ...]  # every source in exactly one group, in source order

    def pair(self, a: str, b: str) -> PairOverlap:
        return self.pairs[frozenset((a, b))]

    def containment(self, a: str, b: str) -> float:
        """Share of a's narrative shingles that occur in b's narrative."""
        pair = self.pair(a, b)
        return pair.a_in_b if pair.a == a else pair.b_in_a

    def group_of(self, source: str) -> tuple[str, ...]:
        return next((g for g in self.groups if source in g), (source,))

    def groups_among(self, sources: Iterable[str]) -> list[list[str]]:
        """The cited sources, grouped by copy group (groups and members in source order)."""
        wanted = list(dict.fromkeys(sources))
        order = {s: i for i, s in enumerate(self.sources)}
        by_group: dict[tuple[str, ...], list[str]] = {}
        for source in sorted(wanted, key=lambda s: order.get(s, len(order))):
            by_group.setdefault(self.group_of(source), []).append(source)
        return list(by_group.values())


def measure_copying(texts: Mapping[str, str]) -> Copying:
    """Overlap of every pair of articles (`texts`: source id -> full text) and the copy groups."""
    sources = tuple(texts)
    sets = {source: shingles(text) for source, text in texts.items()}
    pairs: dict[frozenset[str], PairOverlap] = {}
    parent = {s: s for s in sources}

    def root(s: str) -> str:
        while parent[s] != s:
            parent[s] = parent[parent[s]]
            s = parent[s]
        return s

    for a, b in combinations(sources, 2):
        pair = PairOverlap(a, b, len(sets[a] & sets[b]), len(sets[a]), len(sets[b]))
        pairs[frozenset((a, b))] = pair
        if pair.copies:
            parent[root(b)] = root(a)
    groups: dict[str, list[str]] = {}
    for s in sources:
        groups.setdefault(root(s), []).append(s)
    return Copying(sources, {s: len(sets[s]) for s in sources}, pairs, tuple(tuple(g) for g in groups.values()))
