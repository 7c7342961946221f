"""A check run again finds each passage and measures each article anew when what they depend on changed: the
check keeps where it found each passage and each article's coverage (evidence/verify.py, evidence/measure.py)
for `mkdocs serve`, by the article's text and what the citation asks for."""

from __future__ import annotations

from pathlib import Path

from conftest import make_project
from explainer.api import Layout, check_or_raise
from explainer.evidence.measure import cited_spans, measure_sources, sentence_coverage
from explainer.text.sourcetext import coverage


def _where(project: Path) -> tuple[int, int]:
    """Where the claim's passage is, after checking that the article's measures are those of its text now."""
    verified, _ = check_or_raise(Layout(project))
    (located,) = verified.located["ann-greets"]
    (seed,) = verified.seeds.values()
    (spans,) = cited_spans(verified).values()
    (measures,) = measure_sources(verified).values()
    assert measures.text_share == coverage(seed.text, spans)
    assert measures.sentences == sentence_coverage(seed.text, spans)
    return located.start, located.end


def test_a_changed_article_or_quote_is_found_and_measured_anew(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p")
    start, end = _where(project)
    assert _where(project) == (start, end)  # from what was kept
    seed = next((project / "seeds").iterdir())
    seed.write_text("A first sentence, added. " + seed.read_text(encoding="utf-8"), encoding="utf-8")
    assert _where(project) == (start + 25, end + 25)
    seed.write_text(seed.read_text(encoding="utf-8") + "\nA last sentence, added.\n", encoding="utf-8")
    assert _where(project) == (start + 25, end + 25)  # the same places, in a longer article
    claims = project / "content" / "claims.yaml"
    claims.write_text(claims.read_text(encoding="utf-8").replace('"hello there" to Bob', '"hello there"'))
    assert _where(project) == (start + 25, end + 25 - len(" to Bob"))


def test_answers_are_kept_for_the_run_in_progress_and_the_one_before_only() -> None:
    from explainer.core.generations import Generations

    made: list[str] = []
    memo: Generations[str, str] = Generations()

    def ask(key: str) -> str:
        return memo.get(key, lambda: made.append(key) or key.upper())

    assert [ask("a"), ask("b"), ask("a")] == ["A", "B", "A"] and made == ["a", "b"]  # once in a run
    memo.next_run()
    assert ask("a") == "A" and made == ["a", "b"]  # from the run before
    memo.next_run()
    assert ask("a") == "A" and made == ["a", "b"]  # asked again last run: still kept
    assert ask("b") == "B" and made == ["a", "b", "b"]  # not asked last run: gone, made again
