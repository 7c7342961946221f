"""data/annotations.jsonld against the W3C Web Annotation test suite (tests/annotation_suite.py).

First the harness itself is proved on the suite's own samples (correct ones pass, incorrect ones fail), so
that it cannot pass vacuously. Then every annotation, the page and the collection of the built site pass
every MUST assertion, and every SHOULD assertion except the few listed below, each with the reason it does
not apply.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft4Validator

from annotation_suite import (
    ANNOTATION_TESTS,
    COLLECTION_TESTS,
    PAGE_TESTS,
    SUITE,
    assertions,
    failures,
    format_checker,
    load_sample,
    registry,
)

# The W3C suite's JSON Schemas, in pure Python: about 20 s of CPU, so not in `dev.py test --fast`.
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


def test_the_harness_checks_formats() -> None:
    checker = format_checker()
    assert not checker.conforms("not a uri", "uri") and checker.conforms("http://example.org/a", "uri")
    assert not checker.conforms("2015-13-45T00:00:00Z", "date-time") and checker.conforms(
        "2015-01-28T12:00:00Z", "date-time"
    )


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


@pytest.mark.parametrize("kind", ["correct", "incorrect"])
def test_the_validators_remembering_their_lookups_judge_every_sample_as_plain_ones_do(kind: str) -> None:
    """The harness's validators (annotation_suite.validator_for) agree with jsonschema's own, on every sample."""
    samples = [load_sample(p) for p in sorted((SAMPLES / kind).glob("*.json"))]
    judged = 0
    for data in (d for d in samples if d is not None):
        for a in assertions(_test_files_for(data), "must"):
            schema = a.validator.schema
            ordinary = Draft4Validator(schema, registry=registry(), format_checker=format_checker()).is_valid(data)
            assert a.validator.is_valid(data) == ordinary, (a.path, data.get("id") if isinstance(data, dict) else data)
            judged += 1
    assert judged > 1000


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
