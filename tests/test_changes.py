"""Changes between revisions: `explainer diff`, the corrections log, `check --base`, the corrections page and feed.

Two real revisions are committed in a temporary git repository (a small project whose second commit
rewords, re-points, re-dates and re-attributes statements), and the tests read what a reviewer or a
reader would: the diff as text, Markdown and JSON, the warnings of `check --base`, the built pages
and the Atom feed, which is validated against the RELAX NG schema of RFC 4287 with jing.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar
from xml.etree import ElementTree as ET

import pytest

from conftest import ROOT, TINY_SEED, make_project, run_explainer, run_mkdocs
from explainer.changes.diff import word_diff
from explainer.changes.diffview import markdown_escape
from explainer.core import codes

PYJING = str(Path(sys.executable).parent / "pyjing")
ATOM_SCHEMA = ROOT / "tests" / "standards" / "atom.rnc"
ATOM = "{http://www.w3.org/2005/Atom}"

SEED = (
    TINY_SEED + "They met again in March 2024, on March 4.\nOne witness says the meeting was short; another says it "
    "lasted an hour.\n"
)
OTHER_SEED = "Another Headline\n\nBob Example, 40, replied: ‘Hello, hello.’\nAnn Example waved to Bob Example.\n"

FIRST = {
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
            summary: What happens.
        """,
    "people.yaml": """\
        people:
          - id: ann
            name: Ann Example
          - id: bob
            name: Bob Example
            summary: Someone who was there.
            facts:
              - id: bob-age
                text: Reported as 40.
                citations:
                  - source: tiny
                    quote: Bob Example, 40,
                  - source: other
                    quote: Bob Example, 40,
        """,
    "claims.yaml": """\
        claims:
          - id: ann-greets
            topic: general
            text: Ann greets Bob.
            about: [ann, bob]
            citations:
              - source: tiny
                quote: said "hello there" to Bob
          - id: the-end
            topic: general
            text: The article ends twice.
            citations:
              - source: tiny
                quote: The end. The end.
        """,
    "events.yaml": """\
        events:
          - id: second-meeting
            title: Ann and Bob meet again
            text: They meet a second time.
            date: {year: {value: 2024, basis: stated}, month: {value: 3, basis: stated}, day: {value: 3, basis: stated}}
            participants: [ann, bob]
            citations:
              - source: tiny
                quote: They met again in March 2024, on March 4.
        """,
    "quotes.yaml": """\
        quotes:
          - id: hello-hello
            speaker: {kind: person, person: ann}
            citations:
              - source: tiny
                quote: Hello, hello.
        """,
    "disagreements.yaml": """\
        disagreements:
          - id: meeting-length
            question: How long was the meeting?
            answers:
              - id: meeting-short
                text: It was short.
                citations:
                  - source: tiny
                    quote: the meeting was short
              - id: meeting-hour
                text: It lasted an hour.
                citations:
                  - source: tiny
                    quote: it lasted an hour
        """,
    "corrections.yaml": """\
        # No corrections yet.
        corrections: []
        """,
}

# The second revision: what a pull request would change (also the words of records that are not statements: a
# person's and a topic's summary, a disagreement's question).
SECOND = {
    **FIRST,
    "sources.yaml": FIRST["sources.yaml"].replace("summary: What happens.", "summary: What happens, and who says so."),
    "people.yaml": FIRST["people.yaml"]
    .replace(
        "quote: Bob Example, 40,\n                  - source: other",
        "quote: Bob Example, 40, replied\n                  - source: other",
    )
    .replace("summary: Someone who was there.", "summary: Someone who replied."),
    "claims.yaml": """\
        claims:
          - id: ann-greets
            topic: general
            text: Ann says hello there to Bob.
            about: [ann, bob]
            citations:
              - source: tiny
                quote: said "hello there" to Bob
              - source: other
                quote: Ann Example waved to Bob Example.
          - id: bob-replies
            topic: general
            text: Bob replies.
            citations:
              - source: tiny
                quote: "replied: ‘Hello, hello.’"
        """,
    "events.yaml": FIRST["events.yaml"].replace("day: {value: 3,", "day: {value: 4,"),
    "quotes.yaml": FIRST["quotes.yaml"].replace("person: ann}", "person: bob}"),
    "disagreements.yaml": FIRST["disagreements.yaml"]
    .replace("text: It lasted an hour.", "text: It lasted about an hour, says another witness.")
    .replace("question: How long was the meeting?", "question: How long did the meeting last?"),
    "corrections.yaml": """\
        corrections:
          - id: second-meeting-day
            date: 2026-11-30
            statements: [second-meeting]
            wrong: The timeline dated the second meeting March 3, 2024.
            now: It dates it March 4, 2024.
            why: The article says they met again "on March 4"; <b>3</b> was a typing slip & nothing else.
          - id: bob-and-topic-words
            date: "2026-12-01"
            statements: [bob, general, meeting-length]
            wrong: Bob's summary said he was there; the topic's summary left out who says so.
            now: Bob's summary says he replied; the topic's names who says so; the question asks how long it lasted.
            why: Read against tiny.
          - id: hello-speaker
            date: "2026-12-01"
            statements: [hello-hello]
            wrong: The quote was attributed to Ann Example.
            now: It is attributed to Bob Example.
            why: In tiny it is Bob Example who replied.
        """,
}


def git(repo: Path, *args: str) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Editor",
        "GIT_AUTHOR_EMAIL": "editor@example.invalid",
        "GIT_COMMITTER_NAME": "Editor",
        "GIT_COMMITTER_EMAIL": "editor@example.invalid",
    }
    result = subprocess.run(
        ["git", "-c", "commit.gpgsign=false", "-C", str(repo), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=True,
    )
    return result.stdout.strip()


def write_content(repo: Path, files: dict[str, str | None]) -> None:
    for name, text in files.items():
        path = repo / "content" / name
        if text is None:
            path.unlink(missing_ok=True)
        else:
            path.write_text(textwrap.dedent(text), encoding="utf-8")


def commit(repo: Path, message: str) -> str:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)
    return git(repo, "rev-parse", "HEAD")


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str]:
    """A project with two commits: FIRST, then SECOND; the working tree is left at SECOND."""
    path = make_project(tmp_path_factory.mktemp("changes") / "project", FIRST)
    (path / "seeds" / "tiny.txt").write_text(SEED, encoding="utf-8")
    (path / "seeds" / "other.txt").write_text(OTHER_SEED, encoding="utf-8")
    git(path, "init", "-q", "-b", "main")
    first = commit(path, "first")
    write_content(path, SECOND)
    second = commit(path, "second")
    return path, first, second


def explainer(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_explainer(*args, cwd=cwd)


# ---- the diff a reviewer reads ---------------------------------------------------------------


def test_markdown_diff_shows_every_kind_of_change(repo: tuple[Path, str, str]) -> None:
    path, first, second = repo
    result = explainer(
        path,
        "diff",
        first,
        second,
        "--format",
        "markdown",
        "--artifact-url",
        "https://github.com/o/r/actions/runs/1/artifacts/2",
    )
    assert result.returncode == 1, result.stderr
    md = result.stdout
    assert md.startswith(f"### Content changes: `{first[:10]}` → `{second[:10]}`\n")
    for row in (
        "| statements added | 1 |",
        "| statements removed | 1 |",
        "| statements reworded | 2 |",
        "| citations added | 1 |",
        "| citations re\\-pointed | 1 |",
        "| events re\\-dated | 1 |",
        "| disagreement answers changed | 1 |",
        "| quote attributions changed | 1 |",
        "| independent\\-report counts changed | 1 |",
    ):
        assert row in md
    # The reworded claim, word by word, with the file in the artifact where its page is.
    assert (
        "- claim `ann-greets`: Ann says hello there to Bob\\.\n  - page: "
        "[claims/general/index\\.html\\#ann\\-greets](https://github.com/o/r/actions/runs/1/artifacts/2)\n" in md
    )
    assert "  - text: Ann <del>greets</del><ins>says hello there to</ins> Bob\\.\n" in md
    assert "  - citation added \\(Another Headline\\): <ins>Ann Example waved to Bob Example\\.</ins>\n" in md
    assert "  - reports: <del>1 article</del> → <ins>2 articles, 2 independent reports</ins>\n" in md
    # A citation re-pointed within one article: the passage on each side.
    assert (
        "  - citation re\\-pointed in A Tiny Headline: <del>Bob Example, 40,</del> → <ins>Bob Example, 40, "
        "replied</ins>\n" in md
    )
    # Re-dated per date part, re-attributed with the people's names, an answer reworded.
    assert "  - date day: <del>3</del> → <ins>4</ins>\n" in md
    assert "  - speaker person: `ann` \\(Ann Example\\) → `bob` \\(Bob Example\\)\n" in md
    assert "- answer in a disagreement `meeting-hour`: It lasted about an hour, says another witness\\.\n" in md
    assert "  - in: How long did the meeting last?\n" in md
    assert "  - text: It lasted <ins>about </ins>an hour<ins>, says another witness</ins>\\.\n" in md
    # Added and removed statements; the corrections recorded alongside.
    assert "#### Added\n\n- claim `bob-replies`: Bob replies\\.\n" in md
    assert "  - citation added \\(A Tiny Headline\\): <ins>replied: ‘Hello, hello\\.’</ins>\n" in md
    assert (
        "#### Removed\n\n- claim `the-end`: The article ends twice\\.\n  - page: was at claims/general/\\#the\\-end\n"
        in md
    )
    assert "- correction `second-meeting-day`: Correction of 2026\\-11\\-30: It dates it March 4, 2024\\.\n" in md
    # Coverage: "The end. The end." (two sentences) is no longer cited; the other article's second line is.
    assert "| A Tiny Headline | 6/7 \\(85\\.7%\\) → **4/7 \\(57\\.1%\\)** | 62\\.4% → **60\\.4%** | \n" in md
    assert "| Another Headline | 1/3 \\(33\\.3%\\) → **2/3 \\(66\\.7%\\)** | 17\\.7% → **53\\.2%** | \n" in md
    # bob-age rests on both seeds from the start: they share a quotation and four words of narrative, not copied text.
    assert (
        "Statements resting on two or more independent reports: 1 → 2\\.\n\n- `ann-greets`: <del>1 "
        "article</del> → <ins>2 articles, 2 independent reports</ins>\n" in md
    )


def test_text_diff_marks_words_as_git_does(repo: tuple[Path, str, str]) -> None:
    path, first, second = repo
    result = explainer(path, "diff", first, second)
    assert result.returncode == 1, result.stderr
    assert "      text: Ann [-greets-]{+says hello there to+} Bob.\n" in result.stdout
    assert "      page: claims/general/index.html#ann-greets\n" in result.stdout
    assert "      date day: [-3-] → {+4+}\n" in result.stdout


def test_json_diff_is_the_same_records(repo: tuple[Path, str, str]) -> None:
    path, first, second = repo
    result = explainer(path, "diff", first, second, "--format", "json")
    assert result.returncode == 1, result.stderr
    data = json.loads(result.stdout)
    assert data["format"] == "explainer-diff/1"
    assert data["old"]["commit"] == first and data["new"]["commit"] == second
    assert data["changed"] is True
    records = {r["id"]: r for r in data["records"]}
    greets = records["ann-greets"]
    assert greets["status"] == "changed" and greets["url"] == "claims/general/#ann-greets"
    assert greets["areas"] == ["citations", "reports", "reworded"]
    assert greets["fields"] == [
        {
            "path": "text",
            "old": "Ann greets Bob.",
            "new": "Ann says hello there to Bob.",
            "kind": "text",
            "words": [
                {"op": "equal", "text": "Ann "},
                {"op": "delete", "text": "greets"},
                {"op": "insert", "text": "says hello there to"},
                {"op": "equal", "text": " Bob."},
            ],
        }
    ]
    assert greets["citations"] == [
        {
            "change": "added",
            "source": "other",
            "old": None,
            "new": {"source": "other", "text": "Ann Example waved to Bob Example.", "note": None},
        }
    ]
    assert greets["support"] == [[1, 1], [2, 2]]
    assert records["second-meeting"]["fields"] == [
        {"path": "date.day.value", "old": 3, "new": 4, "kind": "value", "words": []}
    ]
    assert records["hello-hello"]["fields"][0] | {"words": []} == {
        "path": "speaker.person",
        "old": "ann",
        "new": "bob",
        "kind": "reference",
        "words": [],
    }
    assert records["bob-replies"]["status"] == "added" and records["the-end"]["status"] == "removed"
    assert data["summary"]["events re-dated"] == 1
    assert [c["source"] for c in data["coverage"]] == ["tiny", "other"]


def test_no_change_exits_0_and_says_so(repo: tuple[Path, str, str]) -> None:
    path, _, second = repo
    result = explainer(path, "diff", second, ".")
    assert (result.returncode, result.stderr) == (0, "")
    assert "No change a reader would see." in result.stdout


def test_diff_against_a_folder(repo: tuple[Path, str, str], tmp_path: Path) -> None:
    path, first, _ = repo
    old = make_project(tmp_path / "old", FIRST)
    (old / "seeds" / "tiny.txt").write_text(SEED, encoding="utf-8")
    (old / "seeds" / "other.txt").write_text(OTHER_SEED, encoding="utf-8")
    result = explainer(path, "diff", str(old), first, "--format", "json")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (
            ["no-such-revision"],
            2,
            "'no-such-revision' is neither a project folder nor a revision of the git repository",
        ),
        (["HEAD", "HEAD", "--output"], 2, "unrecognized arguments: --output"),
        ([], 2, "the following arguments are required: OLD"),
        (["HEAD", "--format", "yaml"], 2, "invalid choice: 'yaml'"),
    ],
)
def test_usage_errors_exit_2(repo: tuple[Path, str, str], args: list[str], code: int, message: str) -> None:
    result = explainer(repo[0], "diff", *args)
    assert result.returncode == code
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_a_side_with_content_errors_is_reported_not_compared(repo: tuple[Path, str, str], tmp_path: Path) -> None:
    path, _, second = repo
    broken = tmp_path / "broken"
    shutil.copytree(path, broken, ignore=shutil.ignore_patterns(".git"))
    (broken / "content" / "claims.yaml").write_text(
        "claims:\n  - id: ann-greets\n    topic: nowhere\n    text: x\n    citations: [{source: tiny, quote: "
        "not in the article}]\n",
        encoding="utf-8",
    )
    result = explainer(path, "diff", second, str(broken))
    assert result.returncode == 3
    assert f"explainer diff: NEW (folder {broken}) has 2 content error(s):" in result.stderr
    assert "content/claims.yaml:3:12: error EX303 unknown-reference: unknown topic 'nowhere'" in result.stderr
    assert "Traceback" not in result.stderr
    allowed = explainer(path, "diff", second, str(broken), "--allow-errors")
    assert allowed.returncode == 1
    assert "Warning: a side has content errors" in allowed.stdout


def test_long_markdown_is_cut_at_an_entry_and_says_how_much_is_left_out(repo: tuple[Path, str, str]) -> None:
    path, first, second = repo
    full = explainer(path, "diff", first, second, "--format", "markdown").stdout
    cut = explainer(path, "diff", first, second, "--format", "markdown", "--limit", str(len(full) // 2)).stdout
    assert len(cut) <= len(full) // 2
    omitted = re.search(r"… and (\d+) more changes not shown here", cut)
    assert omitted is not None and int(omitted.group(1)) > 0


# ---- check --base: the corrections log against the changes ----------------------------------


def test_check_base_warns_for_corrections_missing_and_claimed(repo: tuple[Path, str, str]) -> None:
    path, first, _ = repo
    result = explainer(path, "check", "--base", first)
    assert result.returncode == 0, result.stdout + result.stderr
    warnings = [line for line in result.stdout.splitlines() if ": warning " in line]
    label = first[:10]
    assert warnings == [
        f"content/claims.yaml:2:5: warning EX701 uncorrected-change: published statement 'ann-greets' changed since "
        f"{label} (text reworded, citations changed) and no new corrections entry records it",
        f"content/corrections.yaml:1:1: warning EX701 uncorrected-change: published statement 'the-end' was removed "
        f"since {label} and no new corrections entry records it",
        f"content/disagreements.yaml:10:9: warning EX701 uncorrected-change: published statement 'meeting-hour' "
        f"changed since {label} (text reworded) and no new corrections entry records it",
        f"content/people.yaml:8:9: warning EX701 uncorrected-change: published statement 'bob-age' changed since "
        f"{label} (citations changed) and no new corrections entry records it",
    ]
    assert "4 warnings" in result.stderr


@pytest.mark.build
def test_a_removal_is_logged_with_what_readers_saw_and_its_id_stays_taken(
    repo: tuple[Path, str, str], tmp_path: Path
) -> None:
    path, first, _ = repo
    work = tmp_path / "work"
    shutil.copytree(path, work)
    with (work / "content" / "corrections.yaml").open("a", encoding="utf-8") as log:
        log.write(
            "  - id: the-end-removed\n    date: 2026-12-01\n    wrong: A claim said the article ends twice.\n"
            "    now: It is gone.\n    why: It ends once.\n    removed:\n      - id: the-end\n"
            '        was: The claim "The article ends twice."\n      - id: never-published\n        was: Nothing.\n'
        )
    result = explainer(work, "check", "--base", first)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "'the-end' was removed" not in result.stdout
    assert (
        "content/corrections.yaml:28:9: warning EX702 correction-of-new-statement: correction 'the-end-removed' "
        "removes 'never-published', which is new since"
    ) in result.stdout
    site = tmp_path / "site"
    assert run_mkdocs(work, "build", "--strict", "--site-dir", str(site)).returncode == 0
    page = (site / "corrections" / "index.html").read_text(encoding="utf-8")
    entry = page[page.index('<section class="ex-correction" id="the-end-removed">') :]
    assert (
        '<p>What it removes, no longer on the site:</p>\n  <ul class="ex-correction__statements" data-search-exclude>'
        '\n    <li id="the-end"><span class="ex-correction__kind">removed</span>: '
        "The claim &#34;The article ends twice.&#34;</li>"
    ) in entry
    assert '<h3 id="sec-c-the-end-removed">The claim &#34;The article ends twice.&#34; (and 1 more) ' in entry
    # Its id stays taken: a new record cannot reuse it (what named the old one would lead to the new one).
    with (work / "content" / "claims.yaml").open("a", encoding="utf-8") as claims:
        claims.write(
            "  - id: the-end\n    topic: general\n    text: x\n    citations: [{source: tiny, quote: The end.}]\n"
        )
    reused = explainer(work, "check")
    assert reused.returncode == 1
    assert "error EX302 duplicate-id: duplicate id 'the-end'" in reused.stdout


def test_check_base_holds_entries_to_real_changes(repo: tuple[Path, str, str], tmp_path: Path) -> None:
    path, _, second = repo
    work = tmp_path / "work"
    shutil.copytree(path, work)
    text = (work / "content" / "corrections.yaml").read_text(encoding="utf-8")
    # Drop an entry of the base, and claim corrections of a statement that did not change, of one that is new and of
    # a person whose words did not change; change a topic's summary without an entry.
    text = (
        text[: text.index("  - id: hello-speaker")]
        + "  - id: bogus\n    date: 2026-12-02\n    statements: [ann-greets, ann-waves, ann]\n    wrong: x\n    "
        "now: y\n    why: z\n"
    )
    sources = (work / "content" / "sources.yaml").read_text(encoding="utf-8")
    (work / "content" / "sources.yaml").write_text(sources.replace("who says so.", "who says it."), encoding="utf-8")
    (work / "content" / "corrections.yaml").write_text(text, encoding="utf-8")
    with (work / "content" / "claims.yaml").open("a", encoding="utf-8") as claims:
        claims.write(
            "  - id: ann-waves\n    topic: general\n    text: Ann waves.\n    citations: [{source: other, "
            "quote: Ann Example waved}]\n"
        )
    result = explainer(work, "check", "--base", second, "--format", "github")
    assert result.returncode == 0, result.stdout + result.stderr
    label = second[:10]
    unchanged = "but its text, citations, date and attribution are unchanged since"
    assert result.stdout.splitlines() == [
        f"::warning file=content/corrections.yaml,line=1,col=1,title=EX704 correction-removed::corrections entry "
        f"'hello-speaker' of {label} is gone: the log keeps every correction once published"
        " (hint: restore the entry; correct its wording if needed, but do not remove it)",
        f"::warning file=content/corrections.yaml,line=16,col=18,title=EX703 correction-without-change::correction "
        f"'bogus' names 'ann-greets', {unchanged} {label}"
        " (hint: record the correction together with the change it describes, or remove the statement from the entry)",
        f"::warning file=content/corrections.yaml,line=16,col=30,title=EX702 correction-of-new-statement::correction "
        f"'bogus' names 'ann-waves', "
        f"which is new since {label}: only a published statement can be corrected"
        " (hint: remove it from the entry's statements)",
        f"::warning file=content/corrections.yaml,line=16,col=41,title=EX703 correction-without-change::correction "
        f"'bogus' names 'ann', but its words are unchanged since {label}"
        " (hint: record the correction together with the change it describes, or remove the statement from the entry)",
        f"::warning file=content/sources.yaml,line=11,col=5,title=EX701 uncorrected-change::published topic 'general' "
        f"changed since {label} (summary reworded) and no new corrections entry records it (hint: if it corrects a "
        "mistake a reader may have relied on, add an entry to content/corrections.yaml (date, statements, wrong, now, "
        "why); a typo or style fix needs none)",
    ]


def test_a_disagreement_filed_under_another_kind_is_a_change_to_log(
    repo: tuple[Path, str, str], tmp_path: Path
) -> None:
    """Readers see a question move from the disputes to the accounts told differently: an entry is asked for."""
    path, _, second = repo
    work = tmp_path / "work"
    shutil.copytree(path, work)
    disagreements = (work / "content" / "disagreements.yaml").read_text(encoding="utf-8")
    refiled = disagreements.replace("    answers:\n", "    kind: detail\n    answers:\n", 1)
    (work / "content" / "disagreements.yaml").write_text(refiled, encoding="utf-8")
    result = explainer(work, "check", "--base", second)
    assert (
        "content/disagreements.yaml:2:5: warning EX701 uncorrected-change: published disagreement 'meeting-length' "
        f"changed since {second[:10]} (kind changed (substance to detail)) and no new corrections entry records it"
    ) in result.stdout, result.stdout


def test_a_statement_newly_marked_disputed_is_a_change_to_log_and_to_review(
    repo: tuple[Path, str, str], tmp_path: Path
) -> None:
    """Its words are the same, but readers now see it marked disputed: the diff shows it, check --base asks
    for an entry, and an entry that names it is not told that it did not change."""
    path, _, second = repo
    work = tmp_path / "work"
    shutil.copytree(path, work)
    disagreements = (work / "content" / "disagreements.yaml").read_text(encoding="utf-8")
    marked = disagreements.replace("    answers:\n", "    concerns: [ann-greets]\n    answers:\n", 1)
    (work / "content" / "disagreements.yaml").write_text(marked, encoding="utf-8")
    result = explainer(work, "check", "--base", second)
    assert (
        "content/claims.yaml:2:5: warning EX701 uncorrected-change: published statement 'ann-greets' changed since "
        f"{second[:10]} (dispute marks changed) and no new corrections entry records it"
    ) in result.stdout
    diff = explainer(work, "diff", second, ".")
    assert "  claim ann-greets: Ann says hello there to Bob." in diff.stdout
    assert "      disputed by: none → {+meeting-length+}" in diff.stdout, diff.stdout
    with (work / "content" / "corrections.yaml").open("a", encoding="utf-8") as log:
        log.write(
            "  - id: greeting-in-doubt\n    date: 2026-12-02\n    statements: [ann-greets]\n    wrong: x\n"
            "    now: y\n    why: z\n"
        )
    logged = explainer(work, "check", "--base", second)
    assert "'ann-greets'" not in logged.stdout


def test_check_base_with_an_unknown_revision_is_a_usage_error(repo: tuple[Path, str, str]) -> None:
    result = explainer(repo[0], "check", "--base", "nope")
    assert result.returncode == 2
    assert "explainer check: --base: 'nope' is neither a project folder nor a revision" in result.stderr


# ---- the corrections log as content ----------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        (
            "date: 2026-02-30\n    statements: [ann-greets]",
            "content/corrections.yaml:3:11: error EX209 bad-date: 2026-02-30 is not a calendar date",
        ),
        (
            "date: 30.11.2026\n    statements: [ann-greets]",
            "content/corrections.yaml:3:11: error EX209 bad-date: expected a date (YYYY-MM-DD), found text",
        ),
        (
            "date: 2026-11-30 10:00:00\n    statements: [ann-greets]",
            "content/corrections.yaml:3:11: error EX209 bad-date: expected a date (YYYY-MM-DD), found a date with a "
            "time",
        ),
        (
            "date: 2026-11-30\n    statements: [ann-greet]",
            "content/corrections.yaml:4:18: error EX303 unknown-reference: unknown published record 'ann-greet'\n"
            "    hint: did you mean 'ann-greets'?",
        ),
        (  # the log is not corrected: an entry names no entry, and the hint says what the id is
            "date: 2026-11-30\n    statements: [fix]",
            "content/corrections.yaml:4:18: error EX303 unknown-reference: unknown published record 'fix'\n    hint: "
            "'fix' is a correction; a published record is expected here",
        ),
        (
            "date: 2026-11-30\n    statements: []",
            "content/corrections.yaml:4:17: error EX211 too-few-items: list needs at least 1 item, found 0",
        ),
        (
            "date: 2026-11-30",
            "content/corrections.yaml:2:5: error EX213 missing-key: correction is missing the required key "
            "'statements'",
        ),
    ],
)
def test_invalid_corrections_are_errors_with_their_place(tmp_path: Path, entry: str, expected: str) -> None:
    text = f"corrections:\n  - id: fix\n    {entry}\n    wrong: a\n    now: b\n    why: c\n"
    project = make_project(tmp_path / "p", {"corrections.yaml": text})
    result = explainer(project, "check")
    assert result.returncode == 1
    assert expected in result.stdout, result.stdout


def test_correction_ids_share_the_one_namespace(tmp_path: Path) -> None:
    text = (
        "corrections:\n  - id: ann-greets\n    date: 2026-11-30\n    statements: [ann-greets]\n    wrong: "
        "a\n    now: b\n    why: c\n"
    )
    result = explainer(make_project(tmp_path / "p", {"corrections.yaml": text}), "check")
    assert result.returncode == 1
    assert "content/corrections.yaml:2:9: error EX302 duplicate-id: duplicate id 'ann-greets'" in result.stdout


# ---- what readers see: the page, the notes, the feed -----------------------------------------


def jing(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([PYJING, "-c", str(ATOM_SCHEMA), str(path)], capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def built(repo: tuple[Path, str, str], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The second revision, built with --strict."""
    site = tmp_path_factory.mktemp("changes-site")
    result = run_mkdocs(repo[0], "build", "--strict", "--site-dir", str(site))
    assert result.returncode == 0, result.stderr[-3000:]
    return site


@pytest.mark.build
def test_corrections_page_lists_entries_newest_first(built: Path) -> None:
    html = (built / "corrections" / "index.html").read_text(encoding="utf-8")
    body = html[html.index("<h1>Corrections</h1>") :]
    assert body.index('id="hello-speaker"') < body.index('id="second-meeting-day"')
    entry = body[
        body.index('id="second-meeting-day"') : body.index("</section>", body.index('id="second-meeting-day"'))
    ]
    # A heading for each day, and under it each entry headed by the statement it corrects, as in the feed.
    day = '<h2 id="sec-day-2026-11-30"><time datetime="2026-11-30">30 November 2026</time> '
    day += '<span class="ex-count">(1)</span>'
    assert body.index('id="hello-speaker"') < body.index(day) < body.index('id="second-meeting-day"')
    assert '<h3 id="sec-c-second-meeting-day">Ann and Bob meet again <a class="ex-copylink"' in entry
    assert '<a href="../timeline/#second-meeting">Ann and Bob meet again: They meet a second time.</a>' in entry
    assert "<dt>What was wrong</dt><dd>The timeline dated the second meeting March 3, 2024.</dd>" in entry
    assert "<dt>What it says now</dt><dd>It dates it March 4, 2024.</dd>" in entry
    assert (
        "<dd>The article says they met again &#34;on March 4&#34;; &lt;b&gt;3&lt;/b&gt; was a typing slip "
        "&amp; nothing else.</dd>" in entry
    )
    other = body[body.index('id="hello-speaker"') :]
    assert (
        '<a class="ex-source-ref" href="../sources/tiny/">A Tiny Headline</a>' in other
    )  # a source id in editor text reads as its name
    assert (
        '<a href="../corrections.atom" type="application/atom+xml">Follow the corrections as an Atom feed</a>' in body
    )


@pytest.mark.build
@pytest.mark.parametrize(
    ("page", "entry", "date"),
    [
        ("timeline/index.html", "second-meeting-day", "30 November 2026"),
        ("quotes/hello-hello/index.html", "hello-speaker", "1 December 2026"),
        ("people/bob/index.html", "hello-speaker", "1 December 2026"),  # the quote, listed on its speaker's page
    ],
)
def test_each_corrected_statement_says_so_where_it_is_shown(built: Path, page: str, entry: str, date: str) -> None:
    html = (built / page).read_text(encoding="utf-8")
    depth = page.count("/")
    expected = f'<a class="ex-corrected" href="{"../" * depth}corrections/#{entry}" title="Corrected on {date}: '
    assert expected in html
    assert '<span class="ex-corrected__words">Corrected on <time datetime=' in html
    assert f">{date}</time></span></a>" in html


@pytest.mark.build
@pytest.mark.parametrize(
    ("page", "words"),
    [
        ("people/bob/index.html", '<p class="ex-summary">Someone who replied.'),
        ("people/index.html", "Someone who replied."),
        ("claims/general/index.html", "<p>What happens, and who says so."),
        ("claims/index.html", "<p>What happens, and who says so."),
        (
            "disagreements/index.html",
            'How long did the meeting last? <a class="ex-copylink" href="#meeting-length" '
            'aria-label="Link to this disagreement" title="Link to this disagreement"></a></h2>\n  <p class="ex-note">',
        ),
    ],
)
def test_a_corrected_record_that_is_not_a_statement_says_so_after_its_words(built: Path, page: str, words: str) -> None:
    """A person's or a topic's summary, a disagreement's question: the note follows the words it corrects."""
    html = (built / page).read_text(encoding="utf-8")
    href = f"{'../' * page.count('/')}corrections/#bob-and-topic-words"
    note = f'<a class="ex-corrected" href="{href}" title="Corrected on '
    assert words + (" " if words.endswith(".") else "") + note in html


class _NotesIn(HTMLParser):
    """For each "Corrected on" note of a page, the ids of the elements it is inside."""

    VOID: ClassVar[set[str]] = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str | None] = []
        self.notes: list[tuple[str, set[str]]] = []  # (entry id, ids around it)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "a" and values.get("class") == "ex-corrected":
            self.notes.append(((values.get("href") or "").rpartition("#")[2], {i for i in self.open if i}))
        if tag not in self.VOID:
            self.open.append(values.get("id"))

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID and self.open:
            self.open.pop()


def test_every_record_the_real_log_corrects_says_so_where_it_is(built_site: Path) -> None:
    """Each record named by an entry of the real corrections log (statements, people, topics, transcripts,
    transcript lines) carries a note linking the entry on its own page, inside its own element if it has one."""
    from explainer.evidence.pipeline import Layout, check
    from explainer.site.sitemodel import SiteModel
    from explainer.site.urls import Urls

    verified, _ = check(Layout(ROOT))
    site = SiteModel(verified, Urls())
    kinds = set()
    notes_on: dict[str, list[tuple[str, set[str]]]] = {}  # each page read once: many entries name its records
    for correction in verified.index.content.corrections:
        for record_id in correction.statements:
            path, _, anchor = site.url_of[record_id].partition("#")
            if site.kind(record_id) == "removed-record":  # since taken away: the log's line says what it was
                assert path == "corrections/" and f'<li id="{anchor}">' in (built_site / path / "index.html").read_text(
                    encoding="utf-8"
                )
                continue
            if path not in notes_on:
                parser = _NotesIn()
                parser.feed((built_site / path / "index.html").read_text(encoding="utf-8"))
                notes_on[path] = parser.notes
            around = [ids for entry, ids in notes_on[path] if entry == correction.id]
            assert around, f"{record_id}: no note of {correction.id} on {path}"
            assert not anchor or any(anchor in ids for ids in around), f"{record_id}: the note is not inside #{anchor}"
            kinds.add(site.kind(record_id))
    assert {"person", "topic", "transcript", "transcript-line", "claim", "quote", "event"} <= kinds


@pytest.mark.build
def test_uncorrected_statements_carry_no_note(built: Path) -> None:
    html = (built / "claims" / "general" / "index.html").read_text(encoding="utf-8")
    statements = html[html.index('<ul class="ex-statements">') :]
    assert "ex-corrected" not in statements  # the topic's own summary above them is corrected, its claims are not


@pytest.mark.build
def test_every_page_links_the_feed_in_its_head(built: Path) -> None:
    pages = sorted(built.rglob("*.html"))
    assert len(pages) > 10
    for page in pages:
        html = page.read_text(encoding="utf-8")
        head = html[: html.index("</head>")]
        # The 404 page is served at any address, so its links are absolute.
        href = (
            "/corrections.atom"
            if page.name == "404.html"
            else "../" * (len(page.relative_to(built).parts) - 1) + "corrections.atom"
        )
        assert f'<link rel="alternate" type="application/atom+xml" title="Corrections (Tiny)" href="{href}">' in head, (
            page
        )


@pytest.mark.build
@pytest.mark.external
def test_feed_is_valid_atom_with_stable_ids(built: Path, repo: tuple[Path, str, str], tmp_path: Path) -> None:
    feed_path = built / "corrections.atom"
    result = jing(feed_path)
    assert (result.returncode, result.stdout + result.stderr) == (0, "")
    feed = ET.parse(feed_path).getroot()
    assert feed.tag == f"{ATOM}feed"
    assert feed.findtext(f"{ATOM}title") == "Tiny: corrections"
    assert feed.findtext(f"{ATOM}updated") == "2026-12-01T00:00:00Z"  # the newest entry's date
    assert feed.find(f"{ATOM}author/{ATOM}name").text == "Tiny"  # type: ignore[union-attr]
    self_link = feed.find(f"{ATOM}link[@rel='self']")
    assert self_link is not None and self_link.get("href") == "https://example.invalid/corrections.atom"
    entries = feed.findall(f"{ATOM}entry")
    assert [e.findtext(f"{ATOM}updated") for e in entries] == [
        "2026-12-01T00:00:00Z",
        "2026-12-01T00:00:00Z",
        "2026-11-30T00:00:00Z",
    ]
    # RFC 4287's Schematron rules, which the grammar cannot express: an author, and a link or content.
    for entry in entries:
        assert entry.find(f"{ATOM}link[@rel='alternate']") is not None
        assert re.fullmatch(
            r"urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}",
            entry.findtext(f"{ATOM}id") or "",
        )
    # An entry that corrects records other than statements names them, and links each where its words are.
    words = entries[1]
    assert words.findtext(f"{ATOM}title") == "Corrected: Bob Example (and 2 more)"
    assert [(link.get("href"), link.get("title")) for link in words.findall(f"{ATOM}link[@rel='related']")] == [
        ("https://example.invalid/people/bob/", "Bob Example"),
        ("https://example.invalid/claims/general/", "General"),
        ("https://example.invalid/disagreements/#meeting-length", "How long did the meeting last?"),
    ]
    first = entries[2]
    assert first.findtext(f"{ATOM}title") == "Corrected: Ann and Bob meet again"
    assert (
        first.find(f"{ATOM}link[@rel='alternate']").get("href")
        == "https://example.invalid/corrections/#second-meeting-day"
    )  # type: ignore[union-attr]
    assert first.find(f"{ATOM}link[@rel='related']").get("href") == "https://example.invalid/timeline/#second-meeting"  # type: ignore[union-attr]
    assert first.findtext(f"{ATOM}content") == (
        "Corrected on 30 November 2026.\n\nWhat was wrong: The timeline dated the second meeting March 3, 2024.\n\n"
        'What it says now: It dates it March 4, 2024.\n\nWhy: The article says they met again "on March 4"; '
        "<b>3</b> was a typing slip & nothing else."
    )
    assert entries[0].findtext(f"{ATOM}content").endswith("Why: In A Tiny Headline it is Bob Example who replied.")  # type: ignore[union-attr]
    # Ids are derived, not random: a second build gives the same ones.
    again = tmp_path / "again"
    assert run_mkdocs(repo[0], "build", "--strict", "--site-dir", str(again)).returncode == 0
    assert (again / "corrections.atom").read_bytes() == feed_path.read_bytes()


@pytest.mark.external
def test_feed_without_corrections_is_still_valid(tmp_path: Path) -> None:
    from explainer.evidence.pipeline import Layout, check
    from explainer.site.feed import corrections_feed
    from explainer.site.sitemodel import SiteModel
    from explainer.site.urls import Urls

    project = make_project(tmp_path / "p", {"corrections.yaml": "corrections: []\n"})
    verified, diagnostics = check(Layout(project))
    assert diagnostics == []
    path = tmp_path / "empty.atom"
    path.write_bytes(corrections_feed(SiteModel(verified, Urls()), "https://example.invalid/", "Tiny"))
    assert jing(path).returncode == 0, jing(path).stdout
    feed = ET.parse(path).getroot()
    assert feed.findall(f"{ATOM}entry") == []
    assert feed.findtext(f"{ATOM}updated") == "1970-01-01T00:00:00Z"


@pytest.mark.build
@pytest.mark.external
def test_the_validator_rejects_an_invalid_feed(built: Path, tmp_path: Path) -> None:
    """The check above can fail: a feed without its required `updated` is refused."""
    text = (built / "corrections.atom").read_text(encoding="utf-8")
    broken = tmp_path / "broken.atom"
    broken.write_text(re.sub(r"<updated>[^<]*</updated>", "", text, count=1), encoding="utf-8")
    result = jing(broken)
    assert result.returncode == 1
    assert 'missing required element "updated"' in result.stdout


# ---- the real repository's history -----------------------------------------------------------


def _history() -> list[str]:
    if not (ROOT / ".git").exists():
        pytest.skip("not a git repository (a source archive): there is no history to compare")
    revisions = git(ROOT, "rev-list", "--first-parent", "HEAD").split()
    assert len(revisions) > 10, (
        "the repository's history is shallow; fetch it whole (git fetch --unshallow) to run these tests"
    )
    return revisions


@pytest.mark.parametrize("old", ["HEAD~10", "root"])
def test_diff_runs_between_real_revisions_of_this_repository(old: str) -> None:
    revisions = _history()
    spec = revisions[-1] if old == "root" else old
    result = explainer(ROOT, "diff", spec, "HEAD", "--format", "markdown")
    assert result.returncode in (0, 1), result.stderr
    assert result.stderr == ""
    assert result.stdout.startswith("### Content changes: `")
    data = json.loads(explainer(ROOT, "diff", spec, "HEAD", "--format", "json").stdout)
    assert data["old"]["errors"] == [] and data["new"]["errors"] == []
    if old == "root":
        assert data["summary"]["statements added"] > 100


# ---- pieces ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("Ann greets Bob.", "Ann says hello to Bob.", "Ann [-greets-]{+says hello to+} Bob."),
        ("a b c d", "a X c Y", "a [-b-]{+X+} c [-d-]{+Y+}"),
        ("All five articles give 2012.", "Four articles give 2012.", "[-All five-]{+Four+} articles give 2012."),
        ("one two three", "three", "[-one two -]three"),
        ("same", "same", "same"),
    ],
)
def test_word_diff(old: str, new: str, expected: str) -> None:
    shown = "".join(
        {"equal": "{}", "delete": "[-{}-]", "insert": "{{+{}+}}"}[w.op].format(w.text) for w in word_diff(old, new)
    )
    assert shown == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert\\(1\\)&gt;"),
        ("ping @maintainers", "ping @&#8203;maintainers"),  # a zero-width space: no mention
        ("[click](javascript:alert(1))", "\\[click\\]\\(javascript:alert\\(1\\)\\)"),
        ("a | b\nc", "a \\| b c"),
        ("**bold** `code` ~~gone~~", "\\*\\*bold\\*\\* \\`code\\` \\~\\~gone\\~\\~"),
    ],
)
def test_markdown_output_escapes_editor_text(text: str, expected: str) -> None:
    assert markdown_escape(text) == expected


def test_a_revision_that_declared_outlets_as_names_is_read_for_comparison_only(tmp_path: Path) -> None:
    from explainer.evidence.pipeline import Layout, check

    names = "names:\n  - name: Bob Example\n    kind: outlet\n  - name: March\n    kind: organisation\n"
    old = make_project(tmp_path / "old", {**FIRST, "names.yaml": names})
    new = make_project(tmp_path / "new", FIRST)
    for project in (old, new):
        (project / "seeds" / "tiny.txt").write_text(SEED, encoding="utf-8")
        (project / "seeds" / "other.txt").write_text(OTHER_SEED, encoding="utf-8")
    # The build and the checker refuse the old kinds, with their place.
    _, diagnostics = check(Layout(old))
    assert [(str(d.pos), d.message) for d in diagnostics if d.pos.path == "content/names.yaml"] == [
        ("content/names.yaml:3:11", "'outlet' is not one of: title, place"),
        ("content/names.yaml:5:11", "'organisation' is not one of: title, place"),
    ]
    # A comparison reads the revision: such names are organizations now, and no page shows a name.
    result = run_explainer("diff", str(old), str(new), "--format", "json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["records"] == []


def test_a_revision_written_in_the_old_date_shape_is_upgraded_for_comparison_only(tmp_path: Path) -> None:
    from explainer.evidence.pipeline import Layout, check

    old_shape = FIRST["events.yaml"].replace(
        "date: {year: {value: 2024, basis: stated}, month: {value: 3, basis: stated}, day: {value: 3, basis: stated}}",
        "date: {year: 2024, month: 3, day: 3, year_basis: stated}",
    )
    old = make_project(tmp_path / "old", {**FIRST, "events.yaml": old_shape})
    new = make_project(
        tmp_path / "new", {**FIRST, "events.yaml": FIRST["events.yaml"].replace("day: {value: 3,", "day: {value: 4,")}
    )
    for project in (old, new):
        (project / "seeds" / "tiny.txt").write_text(SEED, encoding="utf-8")
        (project / "seeds" / "other.txt").write_text(OTHER_SEED, encoding="utf-8")
    # The build and the checker still refuse the old shape, with its place.
    _, diagnostics = check(Layout(old))
    assert any(d.pos.path == "content/events.yaml" and d.code is codes.WRONG_TYPE for d in diagnostics)
    result = run_explainer("diff", str(old), str(new), "--format", "json")
    assert result.returncode == 1, result.stderr
    records = {r["id"]: r for r in json.loads(result.stdout)["records"]}
    assert records["second-meeting"]["fields"] == [
        {"path": "date.day.value", "old": 3, "new": 4, "kind": "value", "words": []}
    ]
