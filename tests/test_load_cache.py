"""A content file read again with the same bytes and options gives what it gave (content/load.py keeps the
last reading of each file for `mkdocs serve`); any change to its bytes or to the options reads it anew."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from conftest import make_project
from explainer.content import load
from explainer.content.load import load_content
from explainer.content.options import Options


def _claims(root: Path, options: Options | None = None) -> tuple[list[str], list[str]]:
    content, report = load_content(root, options)
    return [c.text for c in content.claims], [f"{d.code.name} {d.pos}" for d in report.items]


def test_the_same_bytes_give_the_same_records_and_problems(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", {"extra.yaml": "claims:\n  - id: broken\n    txt: no text\n"})
    first = _claims(project)
    assert first == _claims(project)  # read from what was kept
    assert any("extra.yaml" in problem for problem in first[1])
    # Kept, not read again: the very records of the last reading.
    assert load_content(project)[0].claims[0] is load_content(project)[0].claims[0]


def test_changed_bytes_are_read_anew(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p")
    _claims(project)
    claims = project / "content" / "claims.yaml"
    claims.write_text(claims.read_text(encoding="utf-8").replace("Ann greets Bob.", "Ann greets Bob again."))
    assert _claims(project)[0] == ["Ann greets Bob again."]


def test_other_options_read_anew(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p")
    assert _claims(project)[1] == []
    tight = replace(Options(), max_text_chars=5)
    assert _claims(project, tight)[1] != []  # the text is over the limit now
    assert _claims(project)[1] == []


def test_a_file_with_the_same_name_and_bytes_in_another_project_gives_the_same_records(tmp_path: Path) -> None:
    one, two = make_project(tmp_path / "one"), make_project(tmp_path / "two")
    assert _claims(one) == _claims(two)


def test_a_file_kept_from_the_last_reading_is_still_counted_record_by_record_when_it_passes_the_budget(
    tmp_path: Path,
) -> None:
    # claims.yaml comes first: growing it pushes people.yaml, read before and kept, past the budget of records.
    project = make_project(tmp_path / "p")
    content, _ = load_content(project)
    total = len(content.claims) + len(content.people) + sum(len(p.facts) for p in content.people)
    options = replace(Options(), max_records=total + 40)  # room for more than claims.yaml and people.yaml hold
    assert _claims(project, options)[1] == []
    assert _claims(project, options)[1] == []  # counted at once, from what was kept
    claims = project / "content" / "claims.yaml"
    text = claims.read_text(encoding="utf-8")
    claim = text.removeprefix("claims:\n")
    more = "".join(claim.replace("id: ann-greets", f"id: ann-greets-{n}") for n in range(20))  # 40 records
    claims.write_text(text + more, encoding="utf-8")
    problems = _claims(project, options)[1]
    assert len(problems) == 1 and problems[0].startswith("content-over-budget content/people.yaml:"), problems
    load._LOADED.clear()  # the same reading with nothing kept: the same record is the one past the budget
    assert _claims(project, options)[1] == problems
