"""The content reference: every record kind and every key, described from the declarations in model.py.

The site's "Content reference" page is rendered from this, so it cannot fall behind the code.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from explainer.content import model
from explainer.content.schema import Record, Type, declared_keys, doc_of, kinds, nested_kinds, sections


@dataclass(frozen=True)
class KeyDoc:
    name: str
    type: str  # in editors' words: "text, up to 500 characters", "list of citation, at least 1"
    kind_anchor: str | None  # the anchor of the record kind the key holds, if it holds records
    required: bool
    default: str | None  # shown when an optional key has a default other than "nothing"
    doc: str


@dataclass(frozen=True)
class KindDoc:
    name: str
    anchor: str
    doc: str
    section: str | None  # the top-level section its records are written in, for top-level kinds
    inside: tuple[str, ...]  # the kinds whose records hold it, for nested kinds
    keys: tuple[KeyDoc, ...]


def anchor_of(cls: type[Record]) -> str:
    return f"sec-{cls.KIND.id}"


def _default(cls: type[Record], name: str) -> str | None:
    declared = next(f for f in dataclasses.fields(cls) if f.name == name)
    if declared.default is dataclasses.MISSING or declared.default is None:
        return None
    return str(declared.default)


def _kind_anchor(value_type: Type) -> str | None:
    held = nested_kinds(value_type)
    return anchor_of(held[0]) if held else None


def reference_kinds() -> list[KindDoc]:
    """Every kind, top-level ones first in section order, each followed by the kinds nested in it."""
    by_section = {cls: name for name, cls in sections(model.Content).items()}
    inside: dict[type[Record], list[str]] = {}
    for cls in kinds(model.Content):
        for spec in declared_keys(cls):
            for nested in nested_kinds(spec.type):
                inside.setdefault(nested, []).append(cls.KIND.name)
    docs = []
    for cls in kinds(model.Content):
        keys = tuple(
            KeyDoc(
                spec.name,
                spec.type.describe(),
                _kind_anchor(spec.type),
                spec.required,
                _default(cls, spec.name),
                spec.doc,
            )
            for spec in declared_keys(cls)
        )
        docs.append(
            KindDoc(
                cls.KIND.name,
                anchor_of(cls),
                doc_of(cls),
                by_section.get(cls),
                tuple(dict.fromkeys(inside.get(cls, []))),
                keys,
            )
        )
    return docs
