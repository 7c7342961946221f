"""IndentedJson writes what json.dumps(indent=...) writes, byte for byte, on its first call and on later ones."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explainer.core.indented_json import IndentedJson

VALUES: list[Any] = [
    None,
    0,
    1.5,
    "a\nb “c”",
    [],
    {},
    [[]],
    [{}],
    {"a": []},
    [1, [2, [3, {"b": [4, {}]}]], "x"],
    {"records": [{"id": "a", "text": "line\nbreak", "n": [1, 2]}, {"id": "b", "nested": {"deep": [{"x": None}]}}]},
    {"first": {"items": [{"id": i, "body": {"value": f"v{i}", "tags": ["t"] * i}} for i in range(5)]}},
    [{"1": 1}, {1: "int key"}, {"k": True, "f": False}],
]


@pytest.mark.parametrize("indent", [1, 2])
@pytest.mark.parametrize("value", VALUES, ids=[json.dumps(v)[:30] for v in VALUES])
def test_it_writes_what_json_writes(value: Any, indent: int) -> None:
    writer = IndentedJson(indent)
    assert writer.dumps(value) == json.dumps(value, ensure_ascii=False, indent=indent)
    assert writer.dumps(value) == json.dumps(value, ensure_ascii=False, indent=indent)  # from what it kept


def test_a_changed_item_is_written_anew_and_the_others_as_they_were() -> None:
    writer = IndentedJson()
    before = {"records": [{"id": "a", "text": "one"}, {"id": "b", "text": "two"}]}
    after = {"records": [{"id": "a", "text": "one, reworded"}, {"id": "b", "text": "two"}, {"id": "c", "text": "x"}]}
    writer.dumps(before)
    assert writer.dumps(after) == json.dumps(after, ensure_ascii=False, indent=1)
    assert writer.dumps(before) == json.dumps(before, ensure_ascii=False, indent=1)


def test_the_real_sites_exports_are_written_as_json_writes_them() -> None:
    from pathlib import Path

    from conftest import ROOT
    from explainer.api import Layout, Publication, Report, Urls, check_or_raise, read_options
    from explainer.site.export import export_records
    from explainer.site.jsonld import annotation_collection
    from explainer.site.sitemodel import SiteModel

    options = read_options(ROOT / "mkdocs.yml", Report(), shown="mkdocs.yml")
    verified, _ = check_or_raise(Layout(Path(ROOT), "docs", options))
    site = SiteModel(verified, Urls())
    publication = Publication("https://example.invalid/", "Name", "", "en", None)
    for value in (export_records(site), annotation_collection(site, publication)):
        writer = IndentedJson()
        assert writer.dumps(value) == json.dumps(value, ensure_ascii=False, indent=1)
        assert writer.dumps(value) == json.dumps(value, ensure_ascii=False, indent=1)


class _Text(str):
    """A subclass of str, as Markup is: JSON writes it as a string, marshal refuses it."""


def test_items_that_differ_only_in_type_or_share_their_parts_are_written_as_json_writes_each() -> None:
    shared = {"id": "agent", "name": "Ann"}
    calls: list[Any] = [
        [{"n": 1}, {"n": [1, 2]}],
        {"items": [{"n": 1}, {"n": [1, 2]}]},  # the same items, deeper
        [{"n": 1}, {"n": [1, 2]}],
        [{"n": True}, {"n": (1, 2)}],
        [{"n": 1.0}, {"n": [1, 2.0]}],
        [{"n": _Text("x")}, [_Text("y"), {"z": 0}]],
        [{"n": "x"}, [_Text("y"), {"z": 0}]],
        [{"by": shared, "again": shared}, {"by": dict(shared), "again": dict(shared)}],
    ]
    writer = IndentedJson()
    for value in calls + calls[::-1]:
        assert writer.dumps(value) == json.dumps(value, ensure_ascii=False, indent=1), value


# Characters JSON writes in every way: plainly, escaped (quote, backslash, control characters), and as they are
# (ensure_ascii=False: accents, quotation marks, line separators, astral characters). Drawn from a list, not from
# all of Unicode, whose table Hypothesis would compute again in each worker of a clean run (seconds).
CHARACTERS = st.sampled_from(list('ab "\\/\n\t\r\x00\x1f\x7fé“”\u2028\u2029\ud7ff\ufeff😀'))
TEXTS = st.text(alphabet=CHARACTERS, max_size=8)
JSON_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),  # NaN and the infinities too: json writes them as NaN, Infinity, -Infinity
    TEXTS,
    TEXTS.map(_Text),
)
JSON_VALUES = st.recursive(
    JSON_LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(TEXTS, inner, max_size=4),
        st.dictionaries(st.one_of(st.integers(), st.booleans(), st.none()), inner, max_size=2),
    ),
    max_leaves=12,
)


@settings(max_examples=100, deadline=None, database=None)
@given(JSON_VALUES, st.integers(min_value=0, max_value=3))
def test_any_value_is_written_as_json_writes_it(value: Any, indent: int) -> None:
    # The first call writes every item by joining strings, leaving to json.dumps what it does not write itself.
    expected = json.dumps(value, ensure_ascii=False, indent=indent)
    assert IndentedJson(indent).dumps(value) == expected
    assert IndentedJson(indent).dumps([value, {"in": [value]}]) == json.dumps(
        [value, {"in": [value]}], ensure_ascii=False, indent=indent
    )
