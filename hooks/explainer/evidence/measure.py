"""Measures over the seeds: sentences, how many of them the content cites, and which articles copy others.

Sentences are an article's, as text/sentences.py splits one. A sentence counts as cited when some cited
passage (including passages deliberately left out, with their reason) overlaps it. Copying is measured in copying.py.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from explainer.core.generations import Generations
from explainer.evidence.verify import Verified
from explainer.text.sentences import Sentence as Sentence  # re-exported: the site names them from here
from explainer.text.sentences import sentences as sentences
from explainer.text.sourcetext import coverage


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
        overlaps = any(s < sentence.end and e > sentence.start for s, e in ordered[i : i + 64] if s < sentence.end)
        if not overlaps:
            overlaps = any(s < sentence.end and e > sentence.start for s, e in ordered[:i])
        if overlaps:
            cited += 1
        else:
            uncited.append(sentence)
    return SentenceCoverage(len(all_sentences), cited, tuple(uncited))


@dataclass(frozen=True)
class SourceMeasures:
    source: str
    seed: str
    sentences: SentenceCoverage
    text_share: float  # share of non-space characters inside cited passages
    copies_of: tuple[
        tuple[str, float], ...
    ]  # (other source id, narrative overlap) of each article it copies or is copied by
    most_shared: float  # the largest share of its narrative found in any other article


def cited_spans(verified: Verified) -> dict[str, list[tuple[int, int]]]:
    spans: dict[str, set[tuple[int, int]]] = {}
    for located in verified.located.values():
        for c in located:
            spans.setdefault(c.source, set()).add((c.start, c.end))
    return {source: sorted(s) for source, s in spans.items()}


# Each seed's coverage by the last `measure_sources` and the one in progress, by its text and cited spans:
# `mkdocs serve` measures again on every save, a save seldom changes which passages an article has cited, and
# walking each article character by character was a tenth of a second at 10,000 statements.
_COVERED: Generations[tuple[str, tuple[tuple[int, int], ...]], tuple[SentenceCoverage, float]] = Generations()


def _covered(text: str, spans: list[tuple[int, int]]) -> tuple[SentenceCoverage, float]:
    return _COVERED.get((text, tuple(spans)), lambda: (sentence_coverage(text, spans), coverage(text, spans)))


def measure_sources(verified: Verified) -> dict[str, SourceMeasures]:
    spans = cited_spans(verified)
    copying = verified.copying
    _COVERED.next_run()
    result = {}
    for source_id, seed in verified.seeds.items():
        pairs = [copying.pair(source_id, other) for other in copying.sources if other != source_id]
        sentence_share, text_share = _covered(seed.text, spans.get(source_id, []))
        result[source_id] = SourceMeasures(
            source_id,
            seed.name,
            sentence_share,
            text_share,
            tuple(((p.b if p.a == source_id else p.a), p.overlap) for p in pairs if p.copies),
            max(
                (copying.containment(source_id, other) for other in copying.sources if other != source_id), default=0.0
            ),
        )
    return result


def format_measures(measures: dict[str, SourceMeasures]) -> list[str]:
    lines = []
    seeds = {m.source: m.seed for m in measures.values()}
    for m in measures.values():
        if m.copies_of:
            copies = (
                "; copies (one report with "
                + ", ".join(f"{seeds[other]}: {overlap:.1%} of narrative shared" for other, overlap in m.copies_of)
                + ")"
            )
        else:
            copies = f"; independent (at most {m.most_shared:.1%} of its narrative found in another article)"
        lines.append(
            f"{m.seed}: {m.sentences.share:.1%} of sentences cited ({m.sentences.cited}/{m.sentences.total}), "
            f"{m.text_share:.1%} of text{copies}"
        )
    return lines
