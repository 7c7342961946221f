"""data/annotations.jsonld against the W3C Web Annotation test suite (tests/annotation_suite.py).

First the harness itself is proved on the suite's own samples (correct ones pass, incorrect ones fail), so
that it cannot pass vacuously. Then every annotation, the page and the collection of the built site pass
every MUST assertion, and every SHOULD assertion except the few listed below, each with the reason it does
not apply.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest

from annotation_suite import (
    ANNOTATION_TESTS,
    COLLECTION_TESTS,
    FORMATS,
    PAGE_TESTS,
    SUITE,
    assertions,
    failures,
    fast_validator,
    format_checker,
    load_sample,
)

# The W3C suite's JSON Schemas and the reference validator's cross-checks: about 10 s of CPU, not in `--fast`.
pytestmark = pytest.mark.external

ROOT = Path(__file__).resolve().parent.parent
SHARED_SUITE = ROOT.parent / "shared" / "standards" / "web-annotation-tests"
SAMPLES = SUITE / "tools" / "samples"

# "Correct" samples that the suite's own assertions reject, and why: the samples predate the final model.
SAMPLES_THE_SUITE_REJECTS = {
    "anno11.json": "a Composite target: Composite, List and Independents were dropped from the final Recommendation",
    "anno12.json": "a List target (dropped from the final Recommendation)",
    "anno13.json": "an Independents target (dropped from the final Recommendation)",
    "example42.json": (
        "partOf as a bare URI: the suite's page assertions read total, label, first... from an embedded partOf object"
    ),
    "example43.json": "partOf as a bare URI (as example42.json)",
}

# SHOULD assertions that do not apply to the explainer's annotations, and why.
NOT_APPLICABLE = {
    "annotations/specificResource/4.2.1-conformsTo.json": (
        "about FragmentSelectors; the annotations use TextQuote and TextPosition selectors"
    ),
    "annotations/3.3.2-annotationCreatorAgentNicknameImplemented.json": (
        "the creator, the site, has a name but no nickname"
    ),
    "annotations/bodiesTargets/3.3.2-bodyCreatorAgentNicknameImplemented.json": (
        "the body's creator, the site, has no nickname"
    ),
    "annotations/3.3.2-annotationGeneratorAgentIdImplemented.json": (
        "about a generator, which the model makes optional (may); none is claimed"
    ),
    "annotations/3.3.2-annotationGeneratorAgentTypeImplemented.json": "about a generator (none is claimed)",
    "annotations/3.3.2-annotationGeneratorAgentNicknameImplemented.json": "about a generator (none is claimed)",
    "annotations/3.3.2-annotationGeneratorAgentSingleNameImplemented.json": "about a generator (none is claimed)",
    "annotations/bodiesTargets/3.3.2-targCreatorAgentIdImplemented.json": (
        "about the creator of the target, the article: the content records none, and none is invented"
    ),
    "annotations/bodiesTargets/3.3.2-targCreatorAgentTypeImplemented.json": (
        "about the creator of the target (none is recorded)"
    ),
    "annotations/bodiesTargets/3.3.2-targCreatorAgentNicknameImplemented.json": (
        "about the creator of the target (none is recorded)"
    ),
    "annotations/bodiesTargets/3.3.2-targCreatorAgentSingleNameImplemented.json": (
        "about the creator of the target (none is recorded)"
    ),
}


def _test_files_for(sample: Any) -> tuple[str, ...]:
    kind = sample.get("type") if isinstance(sample, dict) else None
    return (
        COLLECTION_TESTS
        if kind == "AnnotationCollection"
        else PAGE_TESTS
        if kind == "AnnotationPage"
        else ANNOTATION_TESTS
    )


# --- the harness, on the suite's own samples ------------------------------------------------------------------


def test_the_vendored_suite_is_byte_identical_to_the_shared_one() -> None:
    ours = sorted(p.relative_to(SUITE) for p in SUITE.rglob("*") if p.is_file())
    assert len(ours) > 300
    if SHARED_SUITE.is_dir():
        assert ours == sorted(p.relative_to(SHARED_SUITE) for p in SHARED_SUITE.rglob("*") if p.is_file())
        for path in ours:
            assert (SUITE / path).read_bytes() == (SHARED_SUITE / path).read_bytes(), path


@pytest.mark.parametrize(
    ("name", "good", "bad"),
    [("uri", "http://example.org/a", "not a uri"), ("date-time", "2015-01-28T12:00:00Z", "2015-13-45T00:00:00Z")],
)
def test_the_harness_checks_formats(name: str, good: str, bad: str) -> None:
    checker = format_checker()
    assert checker.conforms(good, name) and not checker.conforms(bad, name)
    schema = {"properties": {"value": {"format": name}}}
    fast = fast_validator(schema)
    assert fast.is_valid({"value": good}) and not fast.is_valid({"value": bad})


def test_the_fast_validator_fetches_nothing() -> None:
    """A reference outside the suite is an error, not a request to the network: the harness's retriever refuses it."""
    with pytest.raises(jsonschema_rs.ValidationError, match="not a schema of the suite, and nothing is fetched"):
        fast_validator({"$ref": "http://example.org/schema.json#"})


def test_the_harness_loads_every_assertion_of_every_test_file() -> None:
    counts = [
        {level: sum(1 for _ in assertions(tests, level)) for level in ("must", "should", "may")}
        for tests in (ANNOTATION_TESTS, COLLECTION_TESTS, PAGE_TESTS)
    ]
    assert counts == [
        {"must": 54, "should": 32, "may": 78},
        {"must": 10, "should": 3, "may": 12},
        {"must": 15, "should": 2, "may": 17},
    ]


@pytest.mark.parametrize("sample", sorted(p.name for p in (SAMPLES / "correct").glob("*.json")))
def test_correct_samples_pass_every_must(sample: str) -> None:
    data = load_sample(SAMPLES / "correct" / sample)
    assert data is not None
    failed = [a.why(data) for a in failures(data, _test_files_for(data), "must")]
    if sample in SAMPLES_THE_SUITE_REJECTS:
        assert failed, f"{sample} now passes: remove it from SAMPLES_THE_SUITE_REJECTS"
    else:
        assert failed == []


@pytest.mark.parametrize("sample", sorted(p.name for p in (SAMPLES / "incorrect").glob("*.json")))
def test_incorrect_samples_fail(sample: str) -> None:
    data = load_sample(SAMPLES / "incorrect" / sample)
    if data is None:
        return  # not even JSON: as rejected as a sample can be
    assert failures(data, _test_files_for(data), "must"), f"{sample} passes every MUST assertion"


@pytest.mark.parametrize("level", ["must", "should"])
@pytest.mark.parametrize("kind", ["correct", "incorrect"])
def test_the_fast_validators_judge_every_sample_as_jsonschema_does(kind: str, level: str) -> None:
    """jsonschema-rs, which judges the site, and jsonschema, the reference, agree on every sample of the suite
    at the levels the site is held to: the suite's references, keywords and formats mean the same to both."""
    samples = [load_sample(p) for p in sorted((SAMPLES / kind).glob("*.json"))]
    judged = 0
    for data in (d for d in samples if d is not None):
        for a in assertions(_test_files_for(data), level):
            fast = bool(a.fast.is_valid(data))
            assert fast == a.reference().is_valid(data), (a.path, data.get("id") if isinstance(data, dict) else data)
            judged += 1
    assert judged > {"must": 1000, "should": 300}[level]


def _strings(value: Any) -> Iterator[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _suite_keywords(keyword: str) -> set[str]:
    """Every value the suite's schemas give `keyword` (e.g. each `format`, each `pattern`)."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            if isinstance(value.get(keyword), str):
                found.add(value[keyword])
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for path in SUITE.glob("**/*.json"):
        if "tools" not in path.relative_to(SUITE).parts:
            walk(load_sample(path))
    return found


def test_every_string_of_the_annotations_meets_each_format_and_pattern_as_jsonschema_says(
    collection: dict[str, Any],
) -> None:
    """Where two conforming validators may differ on the same schemas is in what a format or a regular expression
    accepts; so every string the site's annotations hold is judged by both against each `format` the suite checks
    and each `pattern` it uses (the samples above cover the rest)."""
    strings = set(_strings(collection))
    assert len(strings) > 1000
    formats, patterns = _suite_keywords("format") & set(FORMATS), _suite_keywords("pattern")
    assert formats == set(FORMATS) and len(patterns) >= 5, (formats, patterns)
    checker = format_checker()
    for name in sorted(formats):
        fast = jsonschema_rs.Draft4Validator({"format": name}, validate_formats=True)
        differ = [text for text in strings if fast.is_valid(text) != checker.conforms(text, name)]
        assert differ == [], (name, differ[:5])
        assert any(fast.is_valid(text) for text in strings) and not all(fast.is_valid(text) for text in strings)
    for pattern in sorted(patterns):
        fast = jsonschema_rs.Draft4Validator({"pattern": pattern})
        differ = [text for text in strings if fast.is_valid(text) != (re.search(pattern, text) is not None)]
        assert differ == [], (pattern, differ[:5])


def test_some_incorrect_samples_are_json_that_only_the_schemas_reject() -> None:
    parsed = [p.name for p in (SAMPLES / "incorrect").glob("*.json") if load_sample(p) is not None]
    assert len(parsed) >= 20, parsed


# --- the built site's annotations -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def collection(built_site: Path) -> dict[str, Any]:
    return json.loads((built_site / "data" / "annotations.jsonld").read_text(encoding="utf-8"))


def _objects(collection: dict[str, Any]) -> list[tuple[str, Any, tuple[str, ...]]]:
    """(name, object, test files): the collection; its page, embedded and on its own; every annotation,
    each with the document's @context as a client reading one of them would see it."""
    context = {"@context": collection["@context"]}
    page = collection["first"]
    objects: list[tuple[str, Any, tuple[str, ...]]] = [
        ("collection", collection, COLLECTION_TESTS),
        ("collection with embedded page", collection, PAGE_TESTS),
    ]
    objects.append(("page", {**context, **page}, PAGE_TESTS))
    objects += [(item["id"], {**context, **item}, ANNOTATION_TESTS) for item in page["items"]]
    return objects


# The objects are checked in this many chunks, each a test of its own, so that parallel workers share them.
CHUNKS = 8


def _chunk(objects: list[Any], chunk: int) -> list[Any]:
    """Every CHUNKS-th object from the chunk-th: the chunks together hold each object once."""
    return objects[chunk::CHUNKS]


def test_the_chunks_hold_every_object_once(collection: dict[str, Any]) -> None:
    objects = _objects(collection)
    assert len(objects) > 700
    positions = list(range(len(objects)))
    assert sorted(p for chunk in range(CHUNKS) for p in _chunk(positions, chunk)) == positions
    assert all(_chunk(positions, chunk) for chunk in range(CHUNKS))


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_every_annotation_the_page_and_the_collection_pass_every_must(collection: dict[str, Any], chunk: int) -> None:
    objects = _objects(collection)
    assert len(objects) > 700
    failed = [
        f"{name}: {a.why(data)}" for name, data, tests in _chunk(objects, chunk) for a in failures(data, tests, "must")
    ]
    assert failed == []


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_every_applicable_should_passes(collection: dict[str, Any], chunk: int) -> None:
    failed = sorted(
        {
            f"{a.path}: {a.message}"
            for _, data, tests in _chunk(_objects(collection), chunk)
            for a in failures(data, tests, "should")
            if a.path not in NOT_APPLICABLE
        }
    )
    assert failed == []


def test_the_not_applicable_shoulds_really_fail_and_the_named_ones_pass(collection: dict[str, Any]) -> None:
    """The list of exceptions stays exact, and the recommended properties the issue names are there."""
    item = {"@context": collection["@context"], **collection["first"]["items"][0]}
    failing = {a.path for a in failures(item, ANNOTATION_TESTS, "should")}
    assert failing == set(NOT_APPLICABLE)
    passing = {a.path for a in assertions(ANNOTATION_TESTS + COLLECTION_TESTS + PAGE_TESTS, "should")} - failing
    for named in (
        "annotations/3.3.1-annotationSingleCreatorImplemented.json",
        "annotations/3.3.1-annotationCreatedImplemented.json",
        "annotations/bodiesTargets/3.2.1-bodySingleLanguage.json",
        "annotations/bodiesTargets/3.2.1-bodySingleFormat.json",
        "annotations/bodiesTargets/3.2.1-targSingleFormat.json",
        "annotations/bodiesTargets/3.2.1-targSingleLanguage.json",
        "annotations/specificResource/4.2.4-prefix.json",
        "annotations/specificResource/4.2.4-suffix.json",
        "collections/pages/5.2-pagePartOfImplemented.json",
        "collections/5.1-collectionLastImplemented.json",
    ):
        assert named in passing, named


def test_created_is_when_the_content_last_changed_not_the_build_time(collection: dict[str, Any]) -> None:
    stamps = {collection.get("created")} | {item.get("created") for item in collection["first"]["items"]}
    assert len(stamps) == 1 and None not in stamps, stamps
