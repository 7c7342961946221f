"""Which articles copy each other: measured on narrative text, so shared quotations are not copying.

Synthetic cases are table-driven; the real seeds are checked against what reading them gives: the
"fireworks" and "speak for her" articles share whole paragraphs of their own narrative (one word
changed here and there: "the insider" / "an insider"), while every other pair shares only quoted
speech, a list of the children's names and ages, or a place name.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_site import parse

from conftest import ROOT
from explainer.evidence.copying import COPY_THRESHOLD, measure_copying, narrative_runs, quoted_spans
from explainer.evidence.pipeline import Layout, check
from explainer.evidence.support import support_of, support_of_sources

# Narrative sentences of two made-up reports on the same event, in different words.
REPORT_A = (
    "The council met on Monday evening in the old town hall to discuss the harbour bridge. "
    "Members argued for two hours about the cost of repairs and the risk of closing the crossing. "
    "In the end a narrow majority voted to shut the bridge for the whole summer season. "
)
REPORT_B = (
    "Shopkeepers near the quay fear a quiet summer after a vote at the town hall this week. "
    "Several of them wrote to the mayor asking for a ferry service while the crossing is closed. "
    "The mayor has promised an answer before the end of the month, her office confirmed. "
)
QUOTE = "“The bridge is older than any of us and we cannot wait another year for these repairs,” the mayor said."


def _edit_one_word(text: str) -> str:
    return text.replace("narrow majority", "slim majority")


CASES = [
    # (name, articles, statement's sources, expected independent reports)
    ("same quotation in two independent texts", {"a": REPORT_A + QUOTE, "b": REPORT_B + QUOTE}, ["a", "b"], 2),
    (
        "copied paragraph with one word changed",
        {"a": REPORT_A + QUOTE, "b": _edit_one_word(REPORT_A) + "The vote surprised nobody."},
        ["a", "b"],
        1,
    ),
    ("word for word copy", {"a": REPORT_A, "b": REPORT_A}, ["a", "b"], 1),
    (
        "short article copied inside a long one",
        {"a": REPORT_A, "b": REPORT_B + REPORT_A + REPORT_B.replace("mayor", "council leader")},
        ["a", "b"],
        1,
    ),
    ("copies of copies form one group", {"a": REPORT_A, "b": REPORT_A + REPORT_B, "c": REPORT_B}, ["a", "c"], 1),
    ("one cited article", {"a": REPORT_A, "b": REPORT_A}, ["a"], 1),
    ("quotation alone, nothing else shared", {"a": QUOTE, "b": QUOTE}, ["a", "b"], 2),
    (
        "a shared place name is not copying",
        {
            "a": REPORT_A + " It met in the old town hall on the quay.",
            "b": REPORT_B + " It met in the old town hall on the quay.",
        },
        ["a", "b"],
        2,
    ),
]


@pytest.mark.parametrize(("name", "articles", "cited", "reports"), CASES, ids=[c[0] for c in CASES])
def test_independent_reports_count_copies_once(
    name: str, articles: dict[str, str], cited: list[str], reports: int
) -> None:
    support = support_of_sources(cited, measure_copying(articles))
    assert (support.articles, support.independent_reports) == (len(cited), reports)
    assert sorted(s for g in support.groups for s in g) == sorted(cited)


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("He said, “Stop.” She left.", ["“Stop.”"]),
        ("The couple’s son said ‘I’m here’ and left.", ["‘I’m here’"]),  # apostrophes open and close nothing
        ('She said "no" twice.', ['"no"']),
        (
            "‘That was true,’ the insider said. ‘They test each other.\nNext paragraph.",
            ["‘That was true,’", "‘They test each other."],
        ),  # left open: runs to the paragraph's end
        ("sources have claimed‘fireworks’ are the norm", ["‘fireworks’"]),
        ("Hutchins’ death was ruled an accident.", []),
        ("'Hello,' she said, 'it's me.'", ["'Hello,'", "'it's me.'"]),
    ],
)
def test_quotations_are_found(text: str, quoted: list[str]) -> None:
    assert [text[a:b] for a, b in quoted_spans(text)] == quoted


def test_narrative_runs_stop_at_quotations_and_paragraphs() -> None:
    assert narrative_runs("The mayor said “we will wait” on Monday.\nThe council agreed.") == [
        ["the", "mayor", "said"],
        ["on", "monday"],
        ["the", "council", "agreed"],
    ]


def _seed_texts() -> dict[str, str]:
    verified, _ = check(Layout(ROOT))
    return {source: seed.text for source, seed in verified.seeds.items()}


def test_on_the_real_seeds_only_the_two_articles_sharing_paragraphs_are_copies() -> None:
    copying = measure_copying(_seed_texts())
    copies = {frozenset((p.a, p.b)) for p in copying.pairs.values() if p.copies}
    assert copies == {frozenset(("fireworks-banter", "speak-for-her"))}
    pair = copying.pair("fireworks-banter", "speak-for-her")
    assert (
        pair.a_in_b > 0.7 and pair.b_in_a > 0.5
    )  # most of the shorter one's narrative, and over half of the longer one's
    # Every other pair is far below the threshold: margin on both sides of it.
    assert max(p.overlap for p in copying.pairs.values() if not p.copies) < COPY_THRESHOLD / 4
    assert copying.groups == (
        ("justify-snapping",),
        ("fireworks-banter", "speak-for-her"),
        ("snaps-awkward-interview",),
        ("forces-apologize",),
    )


@pytest.mark.parametrize(
    ("statement", "articles", "reports"),
    [
        # Worked by hand from the seeds: Page Six, the "awkward interview" and the "forces him to apologize"
        # articles each list the children with ages in their own sentences; none copies another.
        ("family-children-ages", 3, 3),
        # The insider's words, in the two articles that share paragraphs.
        ("insider-true-reflection", 2, 1),
        # "correctile dysfunction" given to Alec Baldwin: Page Six, and the two copies.
        ("ig-correctile-dysfunction-alec", 3, 2),
        # ... and to Hilaria Baldwin: two independent articles.
        ("ig-correctile-dysfunction-hilaria", 2, 2),
        # The red-carpet line, in all five articles: four reports.
        ("when-im-talking", 5, 4),
    ],
)
def test_support_of_real_statements(statement: str, articles: int, reports: int) -> None:
    verified, _ = check(Layout(ROOT))
    support = support_of(verified, statement)
    assert (support.articles, support.independent_reports) == (articles, reports)


def test_the_childrens_ages_show_three_independent_reports_on_their_page(built_site: Path) -> None:
    # The statement's citation chip is named by its support (its visible words are the start of that name).
    page = (built_site / "claims" / "family" / "index.html").read_text(encoding="utf-8")
    assert re.search(
        r'<li class="ex-statement" id="family-children-ages">[^\n]*?<a class="ex-chip"[^>]* aria-label="3 articles, 3 '
        r'independent reports"',
        page,
    )


def test_copied_articles_show_as_one_report_on_the_page(built_site: Path) -> None:
    page = (built_site / "claims" / "reactions" / "index.html").read_text(encoding="utf-8")
    assert re.search(
        r'<li class="ex-statement" id="article-calls-it-humiliating">[^\n]*?<a class="ex-chip"[^>]* aria-label="2 '
        r'articles, 1 independent report"',
        page,
    )


def test_the_sources_page_shows_the_measured_overlap(built_site: Path) -> None:
    page = (built_site / "sources" / "index.html").read_text(encoding="utf-8")
    section = " ".join(parse(built_site / "sources" / "index.html").text_of("sec-copying").split())
    assert section.startswith("Which articles copy each other")
    body = page[page.index('id="sec-copying"') :]
    assert body.count('class="ex-copying__copy"') == 2  # the one copying pair, in both rows
    assert "78.4%" in body and "57.8%" in body and "copies" in body
    assert "So the 5 articles are 4 independent reports" in " ".join(re.sub(r"<[^>]+>", "", body).split())
