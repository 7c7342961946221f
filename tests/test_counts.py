"""Counts of articles in editors' prose are checked against the citations they speak of."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

import explainer.cli as cli
from conftest import ROOT, TINY_SEED, make_project
from explainer.core import codes
from explainer.core.diagnostics import Pos, Severity
from explainer.evidence.copying import measure_copying
from explainer.evidence.counts import Prose, _fold, check_prose
from explainer.evidence.pipeline import Layout, check
from explainer.evidence.verify import Located

NARRATIVE = (
    "The council met on Monday evening in the old town hall and argued for two hours about the cost of "
    "the harbour bridge repairs. "
)
# a and b copy each other (b adds a line); c and d are independent of them and of each other.
ARTICLES = {
    "a": NARRATIVE + "“We will wait,” the mayor said.",
    "b": NARRATIVE + "Shopkeepers on the quay fear a quiet summer.",
    "c": "Ferry captains expect twice the passengers once the crossing closes, one of them told us. “We will "
    "wait,” the mayor said. She said the kids interrupt.",
    "d": "A narrow vote decided it, according to a council source who asked not to be named, and the repairs "
    "start in May.",
}
COPYING = measure_copying(ARTICLES)
SEED_TEXT = {s: _fold(t) for s, t in ARTICLES.items()}


def _findings(text: str, sources: list[str]) -> list[tuple[str, str]]:
    evidence = tuple(Located(s, f"{s}.txt", 0, 1, ARTICLES[s][:1]) for s in sources)
    return [
        ("error" if f.error else "warning", f.message)
        for f in check_prose(Prose(text, Pos("x.yaml"), evidence), COPYING, SEED_TEXT, {})
    ]


CASES = [
    # (name, prose, cited sources, expected (severity, start of message) or None)
    ("right count", "Two articles say the council met.", ["c", "d"], None),
    (
        "wrong count",
        "Three articles say the council met.",
        ["c", "d"],
        ("error", "'Three articles', but the articles cited give 2 articles"),
    ),
    ("digits", "2 articles say so.", ["c", "d"], None),
    (
        "copies counted as two",
        "Two articles say the council met.",
        ["a", "b"],
        ("warning", "'Two articles' counts copies of each other as separate articles"),
    ),
    ("copies said to share text", "Two articles sharing text say the council met.", ["a", "b"], None),
    ("copies counted as one report", "One report, in two articles, says so.", ["a", "b"], None),
    (
        "wrong number of reports",
        "Two independent reports say so.",
        ["a", "b"],
        ("error", "'Two independent reports', but the articles cited give 1 independent report"),
    ),
    ("reports counted right", "Three articles, two independent reports, say so.", ["a", "b", "c"], None),
    ("both", "Both articles say so.", ["c", "d"], None),
    ("a count bound to the quoted words", 'One article adds that "the kids interrupt".', ["a", "c"], None),
    (
        "a count bound to quoted words it miscounts",
        'Two articles add that "the kids interrupt".',
        ["a", "c", "d"],
        ("error", "'Two articles', but the articles cited give 1 article that contains \"the kids interrupt\""),
    ),
    (
        "a count in parentheses after the quoted words",
        'Called a "narrow vote" (one article) or a vote.',
        ["c", "d"],
        None,
    ),
    (
        "a count of all the cited articles, whatever it quotes",
        'Two articles say she said "We will wait", one of them in full.',
        ["a", "c"],
        None,
    ),
    (
        "other articles",
        "Two other articles report it.",
        ["c"],
        ("error", "'Two other articles' counts articles this text does not cite"),
    ),
    ("quoted words of an article are not a count", 'The article says "two articles agree".', ["c"], None),
    (
        "a verb 'report' is not a disclosure",
        "Two articles report it.",
        ["a", "b"],
        ("warning", "'Two articles' counts copies of each other as separate articles"),
    ),
]


@pytest.mark.parametrize(("name", "text", "sources", "expected"), CASES, ids=[c[0] for c in CASES])
def test_counts_in_prose(name: str, text: str, sources: list[str], expected: tuple[str, str] | None) -> None:
    found = _findings(text, sources)
    if expected is None:
        assert found == []
    else:
        assert len(found) == 1 and found[0][0] == expected[0] and found[0][1].startswith(expected[1]), found


def test_a_wrong_count_is_reported_at_its_place_with_the_real_count(tmp_path: Path) -> None:
    claims = """\
        claims:
          - id: ann-greets
            topic: general
            text: >-
              Ann greets Bob, and she says
              so: two articles report it.
            about: [ann, bob]
            citations:
              - source: tiny
                quote: said "hello there" to Bob
        """
    project = make_project(tmp_path / "p", {"claims.yaml": claims})
    _, diagnostics = check(Layout(project))
    assert [(str(d.pos), d.severity, d.code, d.hint) for d in diagnostics] == [
        (
            "content/claims.yaml:6:11",
            Severity.ERROR,
            codes.WRONG_COUNT,
            "counted: 1 article, 1 independent report: tiny",
        ),
    ]


def test_a_count_on_a_page_is_checked_against_the_statement_it_cites(tmp_path: Path) -> None:
    project = make_project(
        tmp_path / "p",
        docs_index="# Tiny\n\nAs three articles say, Ann greets Bob [[cite:ann-greets]].\n\nFive articles tell "
        "the story.\n",
    )
    _, diagnostics = check(Layout(project))
    assert [(str(d.pos), d.code) for d in diagnostics] == [("docs/index.md:3:4", codes.WRONG_COUNT)]


def test_the_real_content_has_no_count_findings() -> None:
    _, diagnostics = check(Layout(ROOT))
    assert [d.format_text() for d in diagnostics] == []


# ---- one quotation grammar: the count and the grounding check read editor text alike -----------------

TWO_SEEDS = {
    "sources.yaml": """\
        sources:
          - id: tiny
            file: seeds/tiny.txt
            title: A Tiny Headline
            title_kind: headline
          - id: other
            file: seeds/other.txt
            title: Another Headline
            title_kind: headline
        topics:
          - id: general
            title: General
        """,
}
TINY_EXTRA = "Ann Example, a 30 Rock alum, said “no” to the offer.\n"
OTHER_SEED = "Another Headline\n\nAnn Example spoke to reporters outside the gala for a while.\n"


def _check_output(tmp_path: Path, text: str, *sources: tuple[str, str]) -> tuple[int, str]:
    citations = "".join(f"      - source: {source}\n        quote: {quote}\n" for source, quote in sources)
    claims = f"claims:\n  - id: ann-alum\n    topic: general\n    text: {text}\n    citations:\n{citations}"
    project = make_project(tmp_path / "p", {**TWO_SEEDS, "alum.yaml": claims})
    (project / "seeds" / "tiny.txt").write_text(TINY_SEED + TINY_EXTRA, encoding="utf-8")
    (project / "seeds" / "other.txt").write_text(OTHER_SEED, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(["check", "--root", str(project)])
    return status, out.getvalue() + err.getvalue()


def test_a_quoted_title_with_an_elided_year_is_no_quotation_to_the_count_either(tmp_path: Path) -> None:
    # In single marks, '30 opens an elided year ("the '90s"), not a quotation, as the grounding check reads
    # it (it finds the number 30 in the passage): so the count is of every article cited, not of those that
    # print "30 Rock". (In double marks, both checks read a quotation.)
    status, output = _check_output(
        tmp_path,
        "\"Ann is a '30 Rock' alum (one article).\"",
        ("tiny", "Ann Example, a 30 Rock alum"),
        ("other", "Ann Example spoke to reporters"),
    )
    assert status == 1, output
    assert output.splitlines()[0] == (
        "content/alum.yaml:4:37: error EX601 wrong-count: 'one article', but the articles cited give 2 articles"
    ), output
    assert output.splitlines()[-1] == "1 error, 0 warnings", output
    status, output = _check_output(
        tmp_path / "double",
        "'Ann is a \"30 Rock\" alum (one article).'",
        ("tiny", "Ann Example, a 30 Rock alum"),
        ("other", "Ann Example spoke to reporters"),
    )
    assert (status, output.splitlines()[-1]) == (0, "0 errors, 0 warnings"), output


def test_a_german_quotation_ends_where_the_grounding_check_ends_it(tmp_path: Path) -> None:
    # „no“ closes at “, for the count as for the grounding check (which finds “no” in the passage): the
    # count after it is the editors' own, and is checked.
    status, output = _check_output(tmp_path, "Ann said „no“. Two articles report it.", ("tiny", "said “no” to"))
    assert status == 1, output
    assert output.splitlines()[0] == (
        "content/alum.yaml:4:26: error EX601 wrong-count: 'Two articles', but the articles cited give 1 article"
    ), output
    assert output.splitlines()[-1] == "1 error, 0 warnings", output
