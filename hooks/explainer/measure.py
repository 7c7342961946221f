"""Measures over the seeds: sentences, how many of them the content cites, and text shared between articles.

A sentence is a stretch of a paragraph that ends in . ! ? or … (with any closing quotation marks)
followed by white space and a capital letter, digit or opening quotation mark; a paragraph end
always ends a sentence. A sentence counts as cited when some cited passage (including passages
deliberately left out, with their reason) overlaps it. A sentence is shared when its normalized
text (at least 20 characters) occurs verbatim in another article.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .seeds import Seed
from .sourcetext import coverage, paragraphs
from .textmatch import normalize_passage
from .verify import Verified

_SENTENCE_END = re.compile(r"(?<=[.!?…])[’”'\"]*\s+(?=[“‘'\"A-Z0-9])")
MIN_SHARED_CHARS = 20


@dataclass(frozen=True)
class Sentence:
    start: int
    end: int
    text: str


def sentences(text: str) -> list[Sentence]:
    """The sentences of each paragraph (paragraphs as on the source pages), in order."""
    result: list[Sentence] = []
    for paragraph in paragraphs(text):
        start = paragraph.start
        for m in _SENTENCE_END.finditer(text, paragraph.start, paragraph.end):
            end = m.start()
            # Keep closing quotation marks with the sentence they close.
            while end < m.end() and text[end] in "’”'\"":
                end += 1
            if text[start:end].strip():
                result.append(Sentence(start, end, text[start:end]))
            start = m.end()
        if text[start:paragraph.end].strip():
            result.append(Sentence(start, paragraph.end, text[start:paragraph.end]))
    return result


@dataclass(frozen=True)
class SentenceCoverage:
    total: int
    cited: int
    uncited: tuple[Sentence, ...]

    @property
    def share(self) -> float:
        return self.cited / self.total if self.total else 0.0


def sentence_coverage(text: str, spans: Iterable[tuple[int, int]]) -> SentenceCoverage:
    ordered = sorted(spans)
    all_sentences = sentences(text)
    uncited = []
    cited = 0
    i = 0
    for sentence in all_sentences:
        # Spans that end before this sentence can never overlap a later one.
        while i < len(ordered) and ordered[i][1] <= sentence.start:
            i += 1
        overlaps = any(s < sentence.end and e > sentence.start for s, e in ordered[i:i + 64] if s < sentence.end)
        if not overlaps:
            overlaps = any(s < sentence.end and e > sentence.start for s, e in ordered[:i])
        if overlaps:
            cited += 1
        else:
            uncited.append(sentence)
    return SentenceCoverage(len(all_sentences), cited, tuple(uncited))


@dataclass(frozen=True)
class SharedText:
    total: int
    shared: int
    with_sources: dict[str, int]  # other source id -> sentences of this article found verbatim in it

    @property
    def share(self) -> float:
        return self.shared / self.total if self.total else 0.0


def shared_text(seeds: dict[str, Seed]) -> dict[str, SharedText]:
    """For each source, the share of its sentences found word for word in another source."""
    normalized = {source_id: seed.normalized.text for source_id, seed in seeds.items()}
    result: dict[str, SharedText] = {}
    for source_id, seed in seeds.items():
        counted = [s for s in sentences(seed.text) if len(normalize_passage(s.text)) >= MIN_SHARED_CHARS]
        shared = 0
        with_sources: dict[str, int] = {}
        for sentence in counted:
            needle = normalize_passage(sentence.text)
            hits = [other for other, text in normalized.items() if other != source_id and needle in text]
            if hits:
                shared += 1
                for other in hits:
                    with_sources[other] = with_sources.get(other, 0) + 1
        result[source_id] = SharedText(len(counted), shared, dict(sorted(with_sources.items(), key=lambda kv: -kv[1])))
    return result


def independent_groups(passages: list[tuple[str, str]], seeds_text: dict[str, str]) -> list[list[str]]:
    """Group the sources citing one statement: two sources are one report when each cited passage of the
    one occurs verbatim in the other's text (a shared, copied paragraph). `passages` are (source id,
    normalized passage); `seeds_text` maps source ids to normalized seed text."""
    sources = sorted({source for source, _ in passages})
    parent = {s: s for s in sources}

    def find(s: str) -> str:
        while parent[s] != s:
            parent[s] = parent[parent[s]]
            s = parent[s]
        return s

    by_source: dict[str, list[str]] = {}
    for source, passage in passages:
        by_source.setdefault(source, []).append(passage)
    for a in sources:
        for b in sources:
            if a < b and all(p in seeds_text[b] for p in by_source[a]) and all(p in seeds_text[a] for p in by_source[b]):
                parent[find(b)] = find(a)
    groups: dict[str, list[str]] = {}
    for s in sources:
        groups.setdefault(find(s), []).append(s)
    return list(groups.values())


@dataclass(frozen=True)
class SourceMeasures:
    source: str
    seed: str
    sentences: SentenceCoverage
    text_share: float  # share of non-space characters inside cited passages
    shared: SharedText


def cited_spans(verified: Verified) -> dict[str, list[tuple[int, int]]]:
    spans: dict[str, set[tuple[int, int]]] = {}
    for located in verified.located.values():
        for c in located:
            spans.setdefault(c.source, set()).add((c.start, c.end))
    return {source: sorted(s) for source, s in spans.items()}


def measure_sources(verified: Verified) -> dict[str, SourceMeasures]:
    spans = cited_spans(verified)
    shared = shared_text(verified.seeds)
    return {
        source_id: SourceMeasures(
            source_id,
            seed.name,
            sentence_coverage(seed.text, spans.get(source_id, [])),
            coverage(seed.text, spans.get(source_id, [])),
            shared[source_id],
        )
        for source_id, seed in verified.seeds.items()
    }


def format_measures(measures: dict[str, SourceMeasures]) -> list[str]:
    lines = []
    for m in measures.values():
        lines.append(
            f"{m.seed}: {m.sentences.share:.1%} of sentences cited ({m.sentences.cited}/{m.sentences.total}), "
            f"{m.text_share:.1%} of text; {m.shared.share:.1%} of sentences shared word for word with another article"
        )
    return lines
