"""Coverage of the articles can only grow; shared text between articles is measured as documented."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from explainer.measure import independent_groups, measure_sources, sentences, shared_text
from explainer.pipeline import Layout, check
from explainer.seeds import read_seed

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


def test_shared_paragraphs_are_measured_between_the_two_daily_mail_style_articles() -> None:
    seeds = {name: read_seed(ROOT, f"seeds/{name}") for name in ("001_1d278eb0d2489d57.txt", "004_ad6e6a43ba42a381.txt", "000_252ffa2dac7bdb62.txt")}
    shared = shared_text(seeds)
    assert shared["001_1d278eb0d2489d57.txt"].share > 0.4
    assert shared["001_1d278eb0d2489d57.txt"].with_sources == {"004_ad6e6a43ba42a381.txt": shared["001_1d278eb0d2489d57.txt"].shared}
    assert shared["000_252ffa2dac7bdb62.txt"].shared == 0


def test_word_for_word_copies_count_as_one_report() -> None:
    texts = {"a": "the same sentence here. a only", "b": "b only. the same sentence here.", "c": "something else entirely"}
    assert len(independent_groups([("a", "the same sentence here."), ("b", "the same sentence here.")], texts)) == 1
    assert len(independent_groups([("a", "the same sentence here."), ("c", "something else")], texts)) == 2
    # One article's extra passage that the other lacks keeps them apart.
    assert len(independent_groups([("a", "the same sentence here."), ("a", "a only"), ("b", "the same sentence here.")], texts)) == 2
