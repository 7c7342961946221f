"""The W3C Web Annotation Working Group's test suite, run offline with the pinned `jsonschema`.

tests/standards/web-annotation-tests/ is a byte-identical copy of the suite (see its README and license.md).
Each `*.test` file lists assertions: JSON Schemas (draft-04), each with an `assertionType` (must, should,
may) and an `expectedResult` (valid or invalid). An assertion passes when validating the object gives the
expected result. The schemas refer to each other by file name (`id.json#/definitions/...`), so every schema
of the suite is registered under its own `id`. Formats are checked (uri with rfc3986-validator, date-time
with rfc3339-validator): without them `jsonschema` would accept any string.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft4Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT4

SUITE = Path(__file__).resolve().parent / "standards" / "web-annotation-tests"
FORMATS = ("uri", "date-time")

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
    validator: Draft4Validator

    def passes(self, instance: Any) -> bool:
        return self.validator.is_valid(instance) == self.expect_valid

    def why(self, instance: Any) -> str:
        errors = [] if not self.expect_valid else [e.message for e in self.validator.iter_errors(instance)][:3]
        return f"{self.path} ({self.level}): {self.message}" + (f" [{'; '.join(errors)}]" if errors else "")


def format_checker() -> Any:
    checker = Draft4Validator.FORMAT_CHECKER
    missing = [name for name in FORMATS if name not in checker.checkers]
    if missing:
        raise RuntimeError(
            f"jsonschema cannot check the formats {missing}: install the pinned rfc3986-validator and rfc3339-validator"
        )
    return checker


@cache
def _registry() -> Registry:
    resources = []
    for path in sorted(SUITE.glob("**/*.json")):
        if "tools" in path.relative_to(SUITE).parts or path.name in ("package.json", "w3c.json"):
            continue
        schema = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(schema, dict) and "id" in schema:
            resources.append((schema["id"], Resource.from_contents(schema, default_specification=DRAFT4)))
    return Registry().with_resources(resources)


@cache
def assertions_of(test_file: str) -> tuple[Assertion, ...]:
    """The assertions a `.test` file lists, in its order."""
    test = json.loads((SUITE / test_file).read_text(encoding="utf-8"))
    checker = format_checker()
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
                validator=Draft4Validator(schema, registry=_registry(), format_checker=checker),
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
