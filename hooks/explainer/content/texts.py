"""Every text an editor wrote that readers see, with where it was written: each key of every record (and of
the records inside it: facts, answers, citations' notes, dates' inferences) whose declared type is `Text`,
except the article's own words that a citation copies (`Text(article=True)`).

Checks that read prose across every kind of record (a withdrawn phrasing that survives somewhere) walk
this instead of naming kinds and keys.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass

from explainer.content.model import Content
from explainer.content.schema import ListOf, Record, Text, declared_keys
from explainer.core.diagnostics import Pos


@dataclass(frozen=True)
class EditorText:
    """One text value: the record it belongs to (the nearest that has an id), its key, its words, its place."""

    record: str
    key: str
    text: str
    pos: Pos


def editor_texts(record: Record, owner: str = "") -> Iterator[EditorText]:
    """The editor's texts of `record` and of the records inside it, in declaration order."""
    own = getattr(record, "id", None) or owner
    for spec in declared_keys(type(record)):
        declared = spec.type.item if isinstance(spec.type, ListOf) else spec.type
        value = getattr(record, spec.name)
        if isinstance(declared, Text):
            if declared.article:
                continue
            if isinstance(value, str):
                yield EditorText(own, spec.name, value, record.at(spec.name))
            elif isinstance(value, list):
                for item, pos in zip(value, record.items_at(spec.name), strict=False):
                    yield EditorText(own, spec.name, item, pos)
            continue
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, Record):
                yield from editor_texts(item, own)


def all_editor_texts(content: Content, skip: tuple[str, ...] = ()) -> Iterator[EditorText]:
    """The editor's texts of every record of `content`, section by section, leaving out the sections `skip`."""
    for section in dataclasses.fields(content):
        if section.name in skip:
            continue
        records = getattr(content, section.name)
        for record in records:
            if isinstance(record, Record):
                yield from editor_texts(record)
