"""The W3C Web Annotation Working Group's test suite, run offline with two pinned JSON Schema validators.

tests/standards/web-annotation-tests/ is a byte-identical copy of the suite (see its README and license.md).
Each `*.test` file lists assertions: JSON Schemas (draft-04), each with an `assertionType` (must, should,
may) and an `expectedResult` (valid or invalid). An assertion passes when validating the object gives the
expected result. The schemas refer to each other by file name (`id.json#/definitions/...`), so every schema
of the suite is registered under its own `id`. Formats are checked (uri, date-time): without them a
validator would accept any string.

Each assertion is judged by `jsonschema-rs` (compiled, about 50 times faster: 939 objects against 223
assertions in 3 s instead of 150 s), and `jsonschema`, the pure-Python reference (formats by
rfc3986-validator and rfc3339-validator), says why one failed and checks the fast one: tests/
test_web_annotations.py has both judge every sample of the suite at every level, and every string of the
site's annotations against every format and pattern the suite uses, which is where two conforming
validators may differ. The fast one never fetches anything: its registry holds the suite, and a reference
that leads outside it is an error.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema_rs
from jsonschema import Draft4Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT4

SUITE = Path(__file__).resolve().parent / "standards" / "web-annotation-tests"
FORMATS = ("uri", "date-time")
# The suite's `id`s are bare file names; the fast validator's registry needs absolute addresses to resolve
# them against. This one is reserved (RFC 2606) and never asked for: nothing is retrieved.
BASE = "http://web-annotation-tests.invalid/"

# Which test files apply to which kind of object.
ANNOTATION_TESTS = (
    "annotations/annotationMusts.test",
    "annotations/annotationOptionals.test",
    "annotations/annotationsAgentOptionals.test",
)
COLLECTION_TESTS = ("collections/collectionMusts.test", "collections/collectionOptionals.test")
PAGE_TESTS = ("collections/pages/pageMusts.test", "collections/pages/pageOptionals.test")


@dataclass(frozen=True)
class Assertion:
    path: str  # relative to the suite, e.g. annotations/3.1-annotationIdValidated.json
    level: str  # must, should or may
    expect_valid: bool
    message: str
    schema: dict[str, Any]
    fast: jsonschema_rs.Draft4Validator

    def passes(self, instance: Any) -> bool:
        return bool(self.fast.is_valid(instance)) == self.expect_valid

    def reference(self) -> Draft4Validator:
        """The pure-Python validator of the same schema: the one that explains, and checks the fast one."""
        return reference_validator(self.path)

    def why(self, instance: Any) -> str:
        errors = [] if not self.expect_valid else [e.message for e in self.reference().iter_errors(instance)][:3]
        return f"{self.path} ({self.level}): {self.message}" + (f" [{'; '.join(errors)}]" if errors else "")


def format_checker() -> Any:
    checker = Draft4Validator.FORMAT_CHECKER
    missing = [name for name in FORMATS if name not in checker.checkers]
    if missing:
        raise RuntimeError(
            f"jsonschema cannot check the formats {missing}: install the pinned rfc3986-validator and rfc3339-validator"
        )
    return checker


def _nothing_outside(uri: str) -> Any:
    raise ValueError(f"{uri} is not a schema of the suite, and nothing is fetched")


@cache
def _suite_schemas() -> tuple[tuple[str, dict[str, Any]], ...]:
    """(id, schema) of every schema of the suite that has an `id`, as the schemas' `$ref`s name them."""
    found = []
    for path in sorted(SUITE.glob("**/*.json")):
        if "tools" in path.relative_to(SUITE).parts or path.name in ("package.json", "w3c.json"):
            continue
        schema = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(schema, dict) and "id" in schema:
            found.append((schema["id"], schema))
    return tuple(found)


@cache
def registry() -> Any:
    """The suite's schemas for the pure-Python validator (`referencing`), crawled once."""
    resources = [(id_, Resource.from_contents(s, default_specification=DRAFT4)) for id_, s in _suite_schemas()]
    return Registry().with_resources(resources).crawl()


@cache
def fast_registry() -> jsonschema_rs.Registry:
    return jsonschema_rs.Registry(
        [(BASE + id_, schema) for id_, schema in _suite_schemas()],
        draft=jsonschema_rs.Draft4,
        retriever=_nothing_outside,
    )


def fast_validator(schema: dict[str, Any]) -> jsonschema_rs.Draft4Validator:
    """A compiled draft-04 validator of `schema` against the suite, checking formats, fetching nothing."""
    return jsonschema_rs.Draft4Validator(
        schema,
        validate_formats=True,
        registry=fast_registry(),
        base_uri=BASE + str(schema.get("id", "")),
        retriever=_nothing_outside,
    )


@cache
def reference_validator(path: str) -> Draft4Validator:
    schema = json.loads((SUITE / path).read_text(encoding="utf-8"))
    return Draft4Validator(schema, registry=registry(), format_checker=format_checker())


@cache
def assertions_of(test_file: str) -> tuple[Assertion, ...]:
    """The assertions a `.test` file lists, in its order."""
    test = json.loads((SUITE / test_file).read_text(encoding="utf-8"))
    result = []
    for path in test["assertions"]:
        schema = json.loads((SUITE / path).read_text(encoding="utf-8"))
        Draft4Validator.check_schema(schema)
        result.append(
            Assertion(
                path=path,
                level=schema.get("assertionType", "must"),
                expect_valid=schema.get("expectedResult", "valid") == "valid",
                message=schema.get("errorMessage", schema.get("title", "")),
                schema=schema,
                fast=fast_validator(schema),
            )
        )
    return tuple(result)


def assertions(test_files: tuple[str, ...], level: str) -> Iterator[Assertion]:
    for test_file in test_files:
        yield from (a for a in assertions_of(test_file) if a.level == level)


def failures(instance: Any, test_files: tuple[str, ...], level: str) -> list[Assertion]:
    return [a for a in assertions(test_files, level) if not a.passes(instance)]


def load_sample(path: Path) -> Any | None:
    """A sample of tools/samples/, or None when it is not even JSON (some incorrect samples are not)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except ValueError:
        return None
