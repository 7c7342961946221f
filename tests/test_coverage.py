"""Coverage of the articles can only grow; sentences are split as documented."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from explainer.evidence.measure import measure_sources, sentences
from explainer.evidence.pipeline import Layout, check

ROOT = Path(__file__).resolve().parent.parent
LEVELS = json.loads((ROOT / "tests" / "coverage_levels.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def measures() -> dict[str, object]:
    verified, diagnostics = check(Layout(ROOT))
    assert not diagnostics
    return {m.seed: m for m in measure_sources(verified).values()}


@pytest.mark.parametrize("seed", [k for k in LEVELS if not k.startswith("_")])
def test_coverage_never_falls_below_the_recorded_level(measures: dict[str, object], seed: str) -> None:
    m = measures[seed]
    uncited = "\n".join(s.text for s in m.sentences.uncited)  # type: ignore[attr-defined]
    assert m.sentences.share >= LEVELS[seed]["sentences"], f"{seed}: sentences no record cites:\n{uncited}"  # type: ignore[attr-defined]
    assert m.text_share >= LEVELS[seed]["text"], seed  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("One. Two three.", ["One.", "Two three."]),
        ("He said, “Stop.” She left.", ["He said, “Stop.”", "She left."]),
        ("A line\nAnother line", ["A line", "Another line"]),
        ("Mr. Smith? No. 30 Rock.", ["Mr.", "Smith?", "No.", "30 Rock."]),
        ("Wait… ‘Yes,’ she said.", ["Wait…", "‘Yes,’ she said."]),
    ],
)
def test_sentence_splitting(text: str, expected: list[str]) -> None:
    assert [s.text for s in sentences(text)] == expected


QUOTED = re.compile(r"“[^”“]+”|‘[^‘]+?’(?!\w)|\"[^\"]+\"|(?<!\w)'[^']+?'(?!\w)")


def test_every_span_in_quotation_marks_is_a_quote_or_explained() -> None:
    """Every quotation in the articles is a quote record, or is left out with a reason (titles, nicknames,
    scare quotes)."""
    verified, _ = check(Layout(ROOT))
    spans: dict[str, list[tuple[int, int]]] = {}
    for statement in verified.index.statements:
        if statement.kind in ("quote", "omission"):
            for c in verified.located[statement.id]:
                spans.setdefault(c.source, []).append((c.start, c.end))
    missing = []
    for source_id, seed in verified.seeds.items():
        for m in QUOTED.finditer(seed.text):
            start, end = m.start() + 1, m.end() - 1
            if not any(a < end and b > start for a, b in spans.get(source_id, [])):
                missing.append(f"{seed.name}: {m.group()}")
    assert missing == []


def test_every_quote_wording_is_shown_with_the_articles_own_characters(built_site: Path) -> None:
    verified, _ = check(Layout(ROOT))
    for quote in verified.index.content.quotes:
        page = (built_site / "quotes" / quote.id / "index.html").read_text(encoding="utf-8")
        text = html.unescape(re.sub(r"<[^>]+>", "", page))
        for c in verified.located[quote.id]:
            assert c.exact == verified.seeds[c.source].text[c.start : c.end]
            assert c.exact in text, f"{quote.id}: {c.exact!r}"


def test_every_disagreement_cites_every_side_it_names() -> None:
    verified, _ = check(Layout(ROOT))
    for disagreement in verified.index.content.disagreements:
        assert len(disagreement.answers) >= 2, disagreement.id
        for answer in disagreement.answers:
            assert verified.located[answer.id], f"{disagreement.id}: answer {answer.id} cites nothing"
