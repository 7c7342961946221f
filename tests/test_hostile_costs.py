"""Costs an editor controls: every check, hint and diff is bounded, and the content as a whole has budgets.

Each attack is written from its description (a repetitive seed, long passages that are not found, long
texts with many findings, long repetitive texts changed, content past its budgets) and checked twice:
for its outcome (the right diagnostic, the right diff) and for bounded work, never by timing it. The
work is bounded either by something the code exposes (one run of occurrences, a hint's budget, a cap
on hints), or by running the attack in a child process under a CPU-time and memory limit far above
what it needs now (a fraction of a second, tens of MB) and far below what it took before (minutes,
hundreds of MB): a regression is killed by the limit and fails, instead of slowing the suite.
bench/hostile.py measures the same attacks.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from test_error_codes import run_cli, write_files

from explainer.changes import diffview
from explainer.changes.diff import DIFF_WORK, WHOLE_NOTE, FieldChange, compare_values, word_diff
from explainer.content.options import Options
from explainer.core import codes
from explainer.evidence.grounding import HINTS_PER_TEXT
from explainer.evidence.passages import Passage, closest_bounded
from explainer.evidence.passages import occurs as _occurs
from explainer.text.textmatch import (
    MAX_MATCHES,
    BoundedMatcher,
    OverBudget,
    find_closest,
    find_passage,
    normalize,
    runs_of,
)

CPU_SECONDS = 20  # each attack needs well under one second of CPU; before, each took from tens of seconds to minutes
MEMORY = 768 * 1024 * 1024  # address space: each needs tens of MB; before, up to 900 MB
PEOPLE = "people:\n  - id: ann\n    name: Ann Example\n  - id: bob\n    name: Bob Example\n"


def bounded(program: str) -> Any:
    """Run `program` (Python that prints one JSON value last) in a child under CPU_SECONDS and MEMORY."""

    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))

    child = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(program)],
        capture_output=True,
        text=True,
        preexec_fn=limits,
        timeout=600,  # a guard against a hung child only: the CPU limit is what fails a regression
    )
    assert child.returncode == 0, f"killed or failed under the limits ({child.returncode}): {child.stderr[-2000:]}"
    return json.loads(child.stdout.splitlines()[-1])


def project(root: Path, seed: str, claims: list[tuple[str, list[str]]], files: dict[str, str] | None = None) -> Path:
    """The example project of core/codes/ with another seed and these claims (text, quotes), about Ann only."""
    records = "".join(
        f"  - id: claim-{number}\n    topic: general\n    text: {json.dumps(text)}\n    about: [ann]\n    citations:\n"
        + "".join(f"      - source: article\n        quote: {json.dumps(quote)}\n" for quote in quotes)
        for number, (text, quotes) in enumerate(claims)
    )
    write_files(
        root,
        {
            **codes.EXAMPLE_PROJECT,
            "seeds/article.txt": seed,
            "content/people.yaml": PEOPLE,
            "content/claims.yaml": "claims:\n" + records,
            **(files or {}),
        },
    )
    return root


def check_in_child(root: Path) -> list[dict[str, Any]]:
    """`explainer check --format json` of `root` under the limits: its diagnostics."""
    found: list[dict[str, Any]] = bounded(
        f"""
        import contextlib, io, json
        import explainer.cli as cli
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            cli.main(["check", "--root", {str(root)!r}, "--format", "json"])
        print(json.dumps(json.loads(out.getvalue())["diagnostics"]))
        """
    )
    return found


def shown(found: list[dict[str, Any]]) -> list[str]:
    return [f"{d['file']}:{d['line']}:{d['column']}: {d['code']} {d['message']}" for d in found]


# ---- overlapping occurrences in a repetitive seed ---------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "quote", "expected"),
    [
        ("a" * 200_000, "a" * 4_000, 196_001),
        ("ab" * 100_000, "ab" * 2_000, 98_001),
        ("the end. " * 20_000, ("the end. " * 500).strip(), 19_501),  # with spaces: the seed's index of words
        ("a " * 100_000, ("a " * 2_000).strip(), 98_001),  # every place has the index's key: str.find instead
        ("xyz" + "a" * 100_000 + "b", "a" * 50, 99_951),
    ],
)
def test_a_passage_repeated_over_and_over_is_counted_exactly_as_one_run(seed: str, quote: str, expected: int) -> None:
    normalized = normalize(seed)
    found = find_passage(normalized, quote)
    assert (found.total, found.count, found.in_context) == (expected, expected, expected)
    assert len(found.matches) == MAX_MATCHES  # places kept are capped; the count is not
    assert [m.start for m in found.matches[:3]] == [m for m in normalized.occurrences(" ".join(quote.split()))[:3]]
    assert len(normalized.runs(" ".join(quote.split()))) == 1  # found in a few steps, not one search per place


def test_prefix_suffix_and_occurrence_pick_places_among_a_hundred_thousand() -> None:
    seed = normalize("x" + "ab" * 100_000)
    assert find_passage(seed, "ab" * 10, prefix="x").count == 1
    assert find_passage(seed, "ab" * 10, prefix="b").count == 99_990  # 'b' is before every place but the first
    assert find_passage(seed, "ab" * 10, suffix="ab ab").count == 0
    pinned = find_passage(seed, "ab" * 10, occurrence=10_000)
    assert (pinned.count, pinned.in_context, pinned.matches[0].start) == (1, 99_991, 1 + 2 * 9_999)


def test_a_passage_with_accents_is_never_matched_inside_what_one_character_became() -> None:
    # U+0958 becomes two characters under NFC: a match may not begin or end between them.
    seed = normalize("\u0958" * 1000)
    found = find_passage(seed, "\u0915\u093c" * 10)
    assert found.total == 991 and len(seed.joins) == 1000
    assert find_passage(seed, "\u093c\u0915").total == 0


def test_many_citations_of_repetitive_passages_are_checked_within_the_limits(tmp_path: Path) -> None:
    quotes = [("Ann greets.", ["a" * (4_000 + i)]) for i in range(30)]
    found = check_in_child(project(tmp_path, "a" * 200_000, quotes))
    assert [d["code"] for d in found] == ["EX411"] * 30
    assert "ambiguous passage: it occurs 196001 times in article.txt" in found[0]["message"]


def test_a_seed_of_four_mebibytes_is_normalized_in_arrays() -> None:
    # Offsets take 4 bytes each (a 4 MiB seed took 330 MB as tuples of ints); a million-word run of ASCII
    # words is matched without a backtracking entry per word.
    found = bounded(
        """
        import json
        from explainer.text.textmatch import find_passage, normalize
        seed = normalize("a " * 2_000_000)
        print(json.dumps([seed.starts.itemsize, find_passage(seed, "a " * 2_000 + "b").total]))
        """
    )
    assert found == [4, 0]


# ---- the closest passage for passages that are not found --------------------------------------------


def test_the_hint_compares_within_a_budget_and_says_when_it_judged_by_votes() -> None:
    # Nine words, each under 50 times, in a window: every word votes, and the window repeats them all.
    seed = normalize(" ".join(f"v{i % 9}" for i in range(450)) + " " + " ".join(f"u{i}" for i in range(3000)))
    close = find_closest(seed, " ".join(f"v{(i * 5) % 9}" for i in range(300)))
    assert close.bounded
    assert seed.words is seed.words  # the seed's words are indexed once, for every hint
    with pytest.raises(OverBudget):
        BoundedMatcher(["a", "b"] * 300, ["b", "a"] * 300, 10_000).get_matching_blocks()
    ordinary = "Ann Example said hello there to Bob Example on March 3."
    assert BoundedMatcher(ordinary.split(), ordinary.split(), 10_000).get_matching_blocks()[0].size == 11


def test_the_hint_for_a_near_miss_is_unchanged_and_not_bounded() -> None:
    seed = normalize(" ".join(f"Ann Example wrote part p{i}x and went on." for i in range(3_000)))
    words = seed.text.split(" ")
    close = find_closest(seed, " ".join(words[800:1100]).replace(words[900], "banana", 1))
    assert not close.bounded and close.text is not None and close.text.startswith(" ".join(words[800:803]))


def test_many_long_passages_not_found_in_a_repetitive_seed_are_hinted_within_the_limits(tmp_path: Path) -> None:
    seed = "the end of it. " * 27_000
    quotes = [("Ann greets.", [("the end of it, " * 333)[: 4_990 - i]]) for i in range(20)]
    found = check_in_child(project(tmp_path, seed, quotes))
    assert [d["code"] for d in found] == ["EX408"] * 20


def test_many_near_misses_in_a_long_article_are_hinted_within_the_limits(tmp_path: Path) -> None:
    seed = " ".join(f"Ann Example wrote part p{i}x and went on." for i in range(25_000))
    words = seed.split()
    quotes = [
        " ".join(words[1000 + 50 * i : 1900 + 50 * i]).replace(f"p{200 + 6 * i}x", "banana")[:5_000] for i in range(20)
    ]
    found = check_in_child(project(tmp_path, seed, [("Ann greets.", quotes)]))
    assert [d["code"] for d in found] == ["EX408"] * 20
    assert all('closest passage in article.txt: "' in d["hint"] for d in found)


# ---- grounding hints for long texts ------------------------------------------------------------------


def test_a_long_text_with_many_findings_is_checked_within_the_limits_with_bounded_hints(tmp_path: Path) -> None:
    sentence = 'Bob Example said "zq{i} yes" in {year} on Monday. '
    text = "".join(sentence.format(i=i, year=1000 + i) for i in range(400))[:19_990]
    seed = " ".join(f"Ann Example wrote part p{i}x and went on." for i in range(2_000))
    found = check_in_child(project(tmp_path, seed, [(text, [f"part p{i}x and went on" for i in range(50)])]))
    by_code: dict[str, int] = {}
    for d in found:
        by_code[d["code"]] = by_code.get(d["code"], 0) + 1
    assert by_code == {"EX605": 400, "EX606": 400, "EX607": 400, "EX608": 400}  # every finding, at its place
    assert found[0]["line"] == 4 and len({(d["line"], d["column"]) for d in found}) == 1600
    hinted = [d for d in found if "closest passage it rests on" in d["hint"]]
    assert len(hinted) == HINTS_PER_TEXT
    assert all(
        "no closest passage shown: hints are given for the first 10 findings" in d["hint"]
        for d in found
        if d not in hinted
    )


def test_whole_words_are_found_in_a_repetitive_passage_as_runs() -> None:
    hay = "b" + "ab " * 200_000 + "ab"
    needle = "ab " * 2_000 + "a"  # occurs at every 'ab', always followed by 'b': never as whole words
    assert not _occurs(needle, hay)
    assert len(list(runs_of(hay, needle))) == 1
    assert _occurs("ab ab", hay) and _occurs("ab", "x ab") and not _occurs("a", "aaaa")


def test_the_closest_passage_to_a_long_text_is_judged_by_shared_words_past_the_budget() -> None:
    passages = [Passage("s", 0, 0, "the end. " * 50_000), Passage("t", 0, 0, "Bob Example went home.")]
    close, limited = closest_bounded("Bob Example " * 80, passages)
    assert limited and close.source == "t"
    close, limited = closest_bounded("Bob Example went", [Passage("s", 0, 0, "Ann"), passages[1]])
    assert not limited and close.source == "t"


def test_a_page_with_thousands_of_cited_sentences_is_checked_within_the_limits(tmp_path: Path) -> None:
    page = "# Page\n\n" + "".join(f'Ann greets Bob "q{i}" now. [[cite:ann-greets]] ' for i in range(3_000)) + "\n"
    write_files(tmp_path, {**codes.EXAMPLE_PROJECT, "docs/index.md": page})
    found = check_in_child(tmp_path)
    assert {d["code"] for d in found} == {"EX608"} and len(found) == 3_000
    assert (found[-1]["line"], found[-1]["column"]) == (3, page.split("\n")[2].rindex('"q2999"') + 1)


# ---- the diff of long repetitive texts ---------------------------------------------------------------


def _sides(ops: tuple[Any, ...]) -> tuple[str, str]:
    old = "".join(o.text for o in ops if o.op in ("equal", "delete"))
    new = "".join(o.text for o in ops if o.op in ("equal", "insert"))
    return old, new


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("the end. " * 2_200, "the end, " * 2_200),
        ("a b " * 5_000, "b a " * 5_000),
        ("the end " * 2_500, "end the " * 2_500),
    ],
)
def test_a_long_repetitive_text_changed_is_shown_replaced_whole_with_a_note(old: str, new: str) -> None:
    ops = bounded(
        f"""
        import json
        from explainer.changes.diff import word_diff
        print(json.dumps([[o.op, o.text] for o in word_diff({old!r}, {new!r})]))
        """
    )
    assert ops[-1] == ["note", WHOLE_NOTE]
    assert any(op == "delete" for op, _ in ops) and any(op == "insert" for op, _ in ops)  # never "unchanged"
    kept_old = "".join(text for op, text in ops if op in ("equal", "delete"))
    kept_new = "".join(text for op, text in ops if op in ("equal", "insert"))
    assert kept_old.split() == old.split() and kept_new.split() == new.split()


def test_small_changes_in_a_long_repetitive_text_are_still_shown_word_by_word() -> None:
    old = "the end. " * 2_200
    new = "the end. " * 1_000 + "the end! " + "the end. " * 500 + "the end? " + "the end. " * 698
    ops = word_diff(old, new)
    assert [(o.op, o.text) for o in ops if o.op != "equal"] == [
        ("delete", "."),
        ("insert", "!"),
        ("delete", "."),
        ("insert", "?"),
    ]
    assert _sides(ops) == (old, new)


def test_a_long_ordinary_text_with_scattered_changes_is_compared_word_by_word() -> None:
    words = [f"w{i % 700}" for i in range(3_000)]

    def text(ws: list[str]) -> str:
        return " ".join(" ".join(ws[i : i + 12]) + "." for i in range(0, len(ws), 12))

    old, new = text(words), text([("X" if i % 300 == 7 else w) for i, w in enumerate(words)])
    ops = word_diff(old, new)
    assert [o.text for o in ops if o.op == "insert"] == ["X"] * 10 and "note" not in {o.op for o in ops}
    assert _sides(ops) == (old, new)


def test_the_note_reaches_the_diff_a_reviewer_reads() -> None:
    (change,) = compare_values({"text": ("a b " * 5_000, "text")}, {"text": ("b a " * 5_000, "text")})
    assert isinstance(change, FieldChange) and change.words[-1].op == "note"
    line = diffview._Builder(None, None, None, None).field_line(change, "changed")  # type: ignore[arg-type]
    assert diffview.text_spans(line).endswith(WHOLE_NOTE)
    assert diffview.markdown_spans(line).endswith("shown replaced whole\\)**")  # strong, escaped as Markdown
    assert DIFF_WORK >= 1_000_000


# ---- budgets of the content as a whole ---------------------------------------------------------------


def _check(root: Path) -> list[str]:
    return shown(json.loads(run_cli("check", "--root", str(root), "--format", "json")[1])["diagnostics"])


def _with_options(root: Path, options: str) -> None:
    (root / "mkdocs.yml").write_text(f"site_name: Example\nextra:\n  explainer:\n    {options}\n", encoding="utf-8")


def test_more_content_files_than_the_default_budget_stop_at_the_one_past_it(tmp_path: Path) -> None:
    write_files(tmp_path, dict(codes.EXAMPLE_PROJECT))
    for number in range(Options().max_content_files - 3):  # 3 files already
        (tmp_path / "content" / f"more-{number:04}.yaml").write_text("claims: []\n", encoding="utf-8")
    assert _check(tmp_path) == []
    (tmp_path / "content" / "zz-last.yaml").write_text("claims: []\n", encoding="utf-8")
    assert _check(tmp_path) == [
        "content/zz-last.yaml:1:1: EX120 more than 1,000 content files (max_content_files): reading stops here, "
        "and nothing from here on is checked"
    ]


@pytest.mark.parametrize(
    ("option", "expected"),
    [
        # Files are read in order: claims.yaml, people.yaml, sources.yaml (the third passes 600 bytes).
        ("max_content_bytes: 600", "content/sources.yaml:1:1: EX120 more than 600 bytes of content files"),
        # claims.yaml: the claim, its citation; people.yaml: Ann, Bob, then Bob's fact (the 5th record)
        ("max_records: 4", "content/people.yaml:7:9: EX120 more than 4 records"),
        ("max_seeds: 1", "content/sources.yaml:7:11: EX420 more than 1 seeds"),
        ("max_seeds_bytes: 200", "content/sources.yaml:7:11: EX420 more than 200 bytes of seeds"),
        ("max_docs_pages: 1", "docs/more.md:1:1: EX510 more than 1 pages in docs/"),
        ("max_docs_bytes: 12", "docs/more.md:1:1: EX510 more than 12 bytes of pages in docs/"),
    ],
)
def test_each_budget_stops_at_the_file_record_seed_or_page_past_it(tmp_path: Path, option: str, expected: str) -> None:
    second_source = "  - id: other\n    file: seeds/other.txt\n    title: Another Headline\n    title_kind: headline\n"
    write_files(
        tmp_path,
        {
            **codes.EXAMPLE_PROJECT,
            "content/sources.yaml": codes.SOURCES.replace("topics:\n", second_source + "topics:\n"),
            "seeds/other.txt": "Another Headline\n\nIt is another article.\n",
            "docs/more.md": "# More\n",
        },
    )
    assert _check(tmp_path) == []
    _with_options(tmp_path, option)
    found = _check(tmp_path)
    name = option.split(":")[0]
    assert found == [f"{expected} ({name}): reading stops here, and nothing from here on is checked"], found


def test_the_defaults_hold_the_benchmark_many_times_over() -> None:
    # bench/run.py's 10,000 statements: 22 files, 4.8 MB, 28,904 records, 6 seeds of 0.25 MB, 7 pages of 0.12 MB.
    defaults = Options()
    assert defaults.max_content_files >= 20 * 22 and defaults.max_content_bytes >= 6 * 4_837_596
    assert defaults.max_records >= 8 * 28_904 and defaults.max_seeds >= 10 * 6
    assert defaults.max_seeds_bytes >= 100 * 249_170 and defaults.max_docs_pages >= 100 * 7
    assert defaults.max_docs_bytes >= 100 * 117_085
