"""The real content: every statement cites the seeds, and every cited passage is really there.

These tests read content/ with a plain safe YAML load, independently of the library's own checks,
so that a record whose citations are deleted fails here under its own id.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path
from typing import Any

import pytest
import yaml

from explainer.evidence.pipeline import Layout, check
from explainer.text.textmatch import find_passage, normalize

ROOT = Path(__file__).resolve().parent.parent
SHARED_SEEDS = ROOT.parent / "shared" / "seeds"

# Keys under which statement records (things that must cite) appear, and the keys nested in them.
STATEMENT_SECTIONS = ("events", "quotes", "claims", "omissions")


@functools.cache
def _content() -> list[tuple[str, dict[str, Any]]]:
    """Read once per process (the tables below are made from it while pytest collects, in each of its processes),
    by libyaml's safe loader: PyYAML's pure-Python one took a second and a half of every collection."""
    docs = []
    for path in sorted((ROOT / "content").rglob("*.yaml")):
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader) or {}
        docs.append((path.relative_to(ROOT).as_posix(), data))
    return docs


def _statements() -> list[tuple[str, str, dict[str, Any]]]:
    """(file, id, record) for every record that states something, found without the library."""
    found: list[tuple[str, str, dict[str, Any]]] = []
    for file, data in _content():
        for section in STATEMENT_SECTIONS:
            for record in data.get(section) or []:
                found.append((file, record.get("id", "?"), record))
                for inference in (record.get("date") or {}).get("inferences") or []:
                    found.append((file, inference.get("id", "?"), inference))
                for order in (record.get("after") or []) + (record.get("before") or []):
                    found.append((file, order.get("id", "?"), order))
        for person in data.get("people") or []:
            for key in ("facts", "relations"):
                found += [(file, item.get("id", "?"), item) for item in person.get(key) or []]
        for holder in (data.get("sources") or []) + (data.get("organizations") or []):
            found += [(file, item.get("id", "?"), item) for item in holder.get("facts") or []]
        for disagreement in data.get("disagreements") or []:
            found += [(file, item.get("id", "?"), item) for item in disagreement.get("answers") or []]
        for transcript in data.get("transcripts") or []:
            found += [
                (file, line.get("id", "?"), line) for line in transcript.get("lines") or [] if "quote" not in line
            ]
    return found


STATEMENTS = _statements()
SOURCE_FILES = {s["id"]: s["file"] for _, data in _content() for s in data.get("sources") or []}


def test_there_is_content_for_every_kind_of_page() -> None:
    kinds = {section for _, data in _content() for section, value in data.items() if value}
    assert {"sources", "people", "events", "quotes", "claims", "disagreements", "topics"} <= kinds


@pytest.mark.parametrize(("file", "record_id", "record"), STATEMENTS, ids=[s[1] for s in STATEMENTS])
def test_every_statement_cites_an_existing_seed(file: str, record_id: str, record: dict[str, Any]) -> None:
    citations = record.get("citations") or []
    assert citations, f"{record_id} ({file}) cites nothing"
    for citation in citations:
        seed_file = SOURCE_FILES.get(citation.get("source"))
        assert seed_file is not None, f"{record_id} cites unknown source {citation.get('source')!r}"
        assert (ROOT / seed_file).is_file(), f"{record_id} cites {seed_file}, which is not in seeds/"


@pytest.mark.parametrize(("file", "record_id", "record"), STATEMENTS, ids=[s[1] for s in STATEMENTS])
def test_every_cited_passage_is_in_its_seed(file: str, record_id: str, record: dict[str, Any]) -> None:
    for citation in record.get("citations") or []:
        text = (ROOT / SOURCE_FILES[citation["source"]]).read_text(encoding="utf-8")
        found = find_passage(
            normalize(text),
            citation["quote"],
            citation.get("prefix"),
            citation.get("suffix"),
            citation.get("occurrence"),
        )
        assert len(found.matches) == 1, (
            f"{record_id}: {citation['quote']!r} found {len(found.matches)} times in {citation['source']}"
        )


def test_the_library_finds_no_problem_in_the_content() -> None:
    _, diagnostics = check(Layout(ROOT))
    assert [d.format_text() for d in diagnostics] == []


def test_seeds_are_byte_identical_to_the_shared_ones() -> None:
    ours = sorted(p.name for p in (ROOT / "seeds").glob("*.txt"))
    assert len(ours) == 5
    if SHARED_SEEDS.is_dir():
        assert ours == sorted(p.name for p in SHARED_SEEDS.glob("*.txt"))
        for name in ours:
            assert (ROOT / "seeds" / name).read_bytes() == (SHARED_SEEDS / name).read_bytes(), name


def test_sources_record_the_seeds_sha256() -> None:
    for _, data in _content():
        for source in data.get("sources") or []:
            digest = hashlib.sha256((ROOT / source["file"]).read_bytes()).hexdigest()
            assert source.get("sha256") == digest, source["id"]
