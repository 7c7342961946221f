"""The W3C Web Annotation Working Group's test suite, run offline with the pinned `jsonschema`.

tests/standards/web-annotation-tests/ is a byte-identical copy of the suite (see its README and license.md).
Each `*.test` file lists assertions: JSON Schemas (draft-04), each with an `assertionType` (must, should,
may) and an `expectedResult` (valid or invalid). An assertion passes when validating the object gives the
expected result. The schemas refer to each other by file name (`id.json#/definitions/...`), so every schema
of the suite is registered under its own `id`. Formats are checked (uri with rfc3986-validator, date-time
with rfc3339-validator): without them `jsonschema` would accept any string.

The suite's schemas reach nearly everything through `$ref`s (about 100 lookups per annotation and assertion),
so the registry is crawled once, and each validator remembers where each of its references led
(`_RememberingResolver`): validating 869 annotations against the same schemas looks each path up once.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft4Validator
from jsonschema_specifications import REGISTRY as SPECIFICATIONS
from referencing import Registry, Resource
from referencing._core import Resolved, Resolver
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
def registry() -> Registry:
    """Every schema of the suite under its own `id`, as the schemas' `$ref`s name them."""
    resources = []
    for path in sorted(SUITE.glob("**/*.json")):
        if "tools" in path.relative_to(SUITE).parts or path.name in ("package.json", "w3c.json"):
            continue
        schema = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(schema, dict) and "id" in schema:
            resources.append((schema["id"], Resource.from_contents(schema, default_specification=DRAFT4)))
    # Crawled once here, not again by every resolver that meets an identifier it has not indexed yet.
    return Registry().with_resources(resources).crawl()


class _RememberingResolver:
    """A `referencing` resolver that remembers what each reference and subschema resolved to.

    It stands in for the resolver a validator makes itself (jsonschema's `__attrs_post_init__`), with the same
    root and registry. A lookup depends only on the resolver's base URI and registry and on the reference, so
    the same answer is given again; draft-04 has no dynamic references, so the dynamic scope plays no part.
    """

    def __init__(self, inner: Resolver[Any]) -> None:
        self._inner = inner
        self._lookups: dict[str, Resolved[Any]] = {}
        # Keyed by the subschema's id(); the subschema itself is kept in the value so that the id stays its own.
        self._subresources: dict[int, tuple[Any, _RememberingResolver]] = {}

    def lookup(self, ref: str) -> Resolved[Any]:
        resolved = self._lookups.get(ref)
        if resolved is None:
            found = self._inner.lookup(ref)
            resolved = Resolved(contents=found.contents, resolver=_RememberingResolver(found.resolver))
            self._lookups[ref] = resolved
        return resolved

    def in_subresource(self, subresource: Resource[Any]) -> _RememberingResolver:
        remembered = self._subresources.get(id(subresource.contents))
        if remembered is None:
            inner = self._inner.in_subresource(subresource)
            remembered = (subresource.contents, self if inner is self._inner else _RememberingResolver(inner))
            self._subresources[id(subresource.contents)] = remembered
        return remembered[1]

    def dynamic_scope(self) -> Any:
        return self._inner.dynamic_scope()


def validator_for(schema: dict[str, Any]) -> Draft4Validator:
    """A draft-04 validator of `schema` against the suite's registry, checking formats, remembering its lookups."""
    root = SPECIFICATIONS.combine(registry()).resolver_with_root(DRAFT4.create_resource(schema))
    return Draft4Validator(
        schema,
        registry=registry(),
        format_checker=format_checker(),
        _resolver=_RememberingResolver(root),  # in place of the one it would make: same root, same registry
    )


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
                validator=validator_for(schema),
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
