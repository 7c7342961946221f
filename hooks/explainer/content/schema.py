"""The vocabulary record kinds are declared in, and what a declaration gives: validation and JSON Schema.

A record kind is a class decorated with `@record`; every key an editor may write in it is one field
declared with `key()`: its value type (`Text`, `Slug`, `Integer`, `Choice`, `ListOf` or another record
kind), a one-line description, and a default when the key is optional. `model.py` declares every kind
this way, and nothing else lists keys: from the same declarations come the model classes, the
validation of YAML nodes into records (here), the reference checks (`resolve.py`), the JSON Schema for
editors' completion (here) and the field reference of the documentation (`reference.py`).
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar, dataclass_transform, overload

from yaml.constructor import SafeConstructor

from explainer.content.options import Options
from explainer.content.yamlload import (
    BOOL_TAG,
    FLOAT_TAG,
    INT_TAG,
    NULL_TAG,
    STR_TAG,
    TIMESTAMP_TAG,
    MappingNode,
    Mark,
    Node,
    ScalarNode,
    SequenceNode,
    node_pos,
)
from explainer.core import codes
from explainer.core.diagnostics import Code, Pos, Report
from explainer.text.clip import did_you_mean

SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
MAX_TEXT = Options().max_text_chars  # the defaults, which the JSON Schema states
MAX_ID = Options().max_id_chars

# The site's limits (max_text_chars, max_id_chars) while `validate_file` validates one of its files: a
# context variable, so that every type's `validate` keeps its signature. Text declared without a length
# of its own takes the first, ids the second.
_LIMITS: ContextVar[tuple[int, int]] = ContextVar("limits", default=(MAX_TEXT, MAX_ID))

STATEMENT = "statement"  # what Slug(STATEMENT) refers to: any record that carries citations
PUBLISHED = "published record"  # what Slug(PUBLISHED) refers to: any record of a kind whose words readers see

_CONSTRUCTOR = SafeConstructor()
_SLUG = re.compile(SLUG_PATTERN)
_TAG_NAMES = {
    STR_TAG: "text",
    INT_TAG: "a number",
    FLOAT_TAG: "a number",
    BOOL_TAG: "true/false",
    NULL_TAG: "an empty value",
    TIMESTAMP_TAG: "a date",
}


def describe_node(node: Node) -> str:
    if isinstance(node, MappingNode):
        return "a mapping"
    if isinstance(node, SequenceNode):
        return "a list"
    return _TAG_NAMES.get(node.tag, "a value")


# ---- how a kind is shown: declared with the kind, read by render, urls and jsonld --------------------


@dataclass(frozen=True)
class Page:
    """A generated page. `path` is a source path, with `{id}` for a page per record."""

    path: str
    template: str
    # Its words in the catalogue (words/en.yaml): `page.<words>.title` and `.description`, with the format fields
    # label, clipped (the label shortened) and speaker on a record's page; `.nav`, its name in the site's menu,
    # for an index page.
    words: str
    summary_first: bool = False  # a record's own summary is its page's description, where it has one
    og_type: str = "website"
    search_boost: float | None = None  # relative rank in the site search
    schema_type: str | None = None  # schema.org type of the page's main thing, for JSON-LD
    # schema.org type of the page itself; unset: CollectionPage for an index, WebPage for a record's page.
    schema_page: str | None = None
    wide: bool = False  # its tables need the room of the contents sidebar: it lists its contents inline

    def path_of(self, record_id: str) -> str:
        return self.path.replace("{id}", record_id)


# ---- what the grounding check asks of a kind: declared with the kind, read by evidence/record_texts.py ----

# How a text rests on its record's citations: the cited passages themselves; the article paragraphs that hold
# them (a quote's context, a note: they describe how an article prints the words around its passage); or the
# whole article (a reason for leaving passages out).
PASSAGES, PARAGRAPHS, ARTICLE = "passages", "paragraphs", "article"


@dataclass(frozen=True)
class Grounded:
    """A key of a statement whose text must be found in the evidence it rests on (the grounding check).

    `what` names the text in messages ("the claim names ..."); `rests_on` is PASSAGES, PARAGRAPHS or ARTICLE;
    `links` are what the records it links contribute (names of people and organizations, an event's own
    words and stated date), each one of the link names `evidence/record_texts.py` knows: "about" (the
    people a record is about), "speaker" (its attribution's person), "organizations", "event" (the event it
    names), "owner" (the person or organization a fact is of), "relation" (both people of a relation),
    "question" (the people a disagreement is about), "participants", "order" (both events of an order
    and their participants), "owner event" (the people of the event holding it), "quote" (a quote's
    speaker and addressee), "line speaker" and "transcript event" (a transcript line's). `quotable`
    widens where its quotations may be found (to ARTICLE: the cited articles); `transcript` to the articles
    every line of the transcript holding it cites. An `inference` may derive numbers and dates.
    """

    key: str
    what: str
    rests_on: str = PASSAGES
    links: tuple[str, ...] = ()
    quotable: str | None = None
    transcript: bool = False
    inference: bool = False


@dataclass(frozen=True)
class Undisputable:
    """Why a disagreement's `concerns` may not name a record of a kind: the diagnostic, what such a record is
    ("an answer of a disagreement") and what to name instead."""

    code: Code
    what: str
    hint: str


@dataclass(frozen=True)
class Kind:
    """What a record kind is called and where its records are shown.

    A record is shown on its own `page`, or at its id as anchor: on its kind's `index` page when there
    is one, else on the page of the record it is shown with (`Record.shown_with`), else on its owner's.
    """

    name: str  # as messages, the JSON Schema and the export name it
    label: str | None = None  # the field that names a record in links; None: the words of its first citation
    page: Page | None = None
    index: Page | None = None
    per_owner: bool = False  # a kind id qualified by the owner's kind: fact -> person-fact, source-fact
    # Whether readers see its records' own words (a summary, a note, a title), so that the corrections
    # log can name one (Slug(PUBLISHED)); False for records that only editors or the checks read.
    published: bool = True
    # What readers are told a record of it is comes from the catalogue: `kind.<id>` (render.kind_ids).
    shape_hint: str = "write 'key: value' lines"  # the hint when something else is written where a record goes
    grounded: tuple[Grounded, ...] = ()  # its texts the grounding check holds to their evidence
    undisputable: Undisputable | None = None  # set when no disagreement may put a record of it in doubt

    @property
    def id(self) -> str:
        return self.name.replace(" ", "-")

    def id_within(self, owner_kind: str | None) -> str:
        """The kind id of a record of this kind held by a record of `owner_kind`: "person-fact" for a fact of a
        person (`per_owner`), else its own id."""
        return f"{owner_kind}-{self.id}" if self.per_owner else self.id


# ---- records ---------------------------------------------------------------------------------------


@dataclass(kw_only=True)
class Record:
    """Base of every record: where it was written, and where each of its keys and list items was."""

    KIND: ClassVar[Kind]

    pos: Pos = field(kw_only=False)  # the one positional argument: Citation(pos, source=..., quote=...)
    marks: dict[str, Mark] = field(default_factory=dict, repr=False, compare=False)
    item_marks: dict[str, list[Mark]] = field(default_factory=dict, repr=False, compare=False)

    def at(self, key: str) -> Pos:
        mark = self.marks.get(key)
        return self.pos if mark is None else Pos(self.pos.path, mark.line + 1, mark.column + 1)

    def items_at(self, key: str) -> list[Pos]:
        """Where each item of the list under `key` was written."""
        return [Pos(self.pos.path, m.line + 1, m.column + 1) for m in self.item_marks.get(key, ())]

    def shown_with(self) -> str | None:
        """The id of the record on whose page this one is shown, when it is neither on its own page, nor
        on its kind's index page, nor with its owner."""
        return None


R = TypeVar("R", bound=Record)
T = TypeVar("T")


# ---- value types -----------------------------------------------------------------------------------


class Type:
    def validate(self, path: str, node: Node, report: Report) -> Any:
        """The value, or None after reporting why the node is not one."""
        raise NotImplementedError

    def json_schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def describe(self) -> str:
        """The type in editors' words, for the field reference."""
        raise NotImplementedError


@dataclass(frozen=True)
class Text(Type):
    max_len: int | None = None  # None: the site's max_text_chars
    min_len: int = 1
    article: bool = False  # the article's own words, copied (a passage): not words an editor wrote

    def limit(self) -> int:
        return _LIMITS.get()[0] if self.max_len is None else self.max_len

    def validate(self, path: str, node: Node, report: Report) -> Any:
        if not isinstance(node, ScalarNode) or node.tag != STR_TAG:
            hint = "put the value in quotes to make it text" if isinstance(node, ScalarNode) else ""
            report.error(codes.WRONG_TYPE, node_pos(path, node), f"expected text, found {describe_node(node)}", hint)
            return None
        value: str = node.value
        if len(value.strip()) < self.min_len:
            report.error(
                codes.EMPTY_TEXT, node_pos(path, node), "text must not be empty", "write the text, or remove the key"
            )
            return None
        if len(value) > self.limit():
            message = f"text is {len(value)} characters, more than the limit of {self.limit()}"
            report.error(codes.TEXT_TOO_LONG, node_pos(path, node), message, "shorten it or split the record")
            return None
        return value

    def json_schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {
            "type": "string",
            "minLength": self.min_len,
            "maxLength": MAX_TEXT if self.max_len is None else self.max_len,
        }

    def describe(self) -> str:
        return f"text, up to {self.limit():,} characters"


@dataclass(frozen=True)
class _IdText(Text):
    """The text of an id: as long as the site's max_id_chars."""

    def limit(self) -> int:
        return _LIMITS.get()[1]


_ID_TEXT = _IdText()


@dataclass(frozen=True)
class Slug(Type):
    """A lower-case slug: a record's own id, or (with `kind`) a reference to the id of a record of that kind."""

    kind: str | None = None

    def validate(self, path: str, node: Node, report: Report) -> Any:
        value = _ID_TEXT.validate(path, node, report)
        if value is None:
            return None
        if _SLUG.fullmatch(value) is None:
            suggestion = re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-")
            hint = f"ids are lower-case letters, digits and single hyphens, e.g. '{suggestion or 'my-id'}'"
            report.error(codes.INVALID_ID, node_pos(path, node), f"'{value}' is not a valid id", hint)
            return None
        return value

    def json_schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "string", "pattern": SLUG_PATTERN, "maxLength": MAX_ID}

    def describe(self) -> str:
        if self.kind is None:
            return "id"
        return f"id of {'an' if self.kind[0] in 'aeiou' else 'a'} {self.kind}"


@dataclass(frozen=True)
class Integer(Type):
    minimum: int
    maximum: int

    def validate(self, path: str, node: Node, report: Report) -> Any:
        if not isinstance(node, ScalarNode) or node.tag != INT_TAG:
            report.error(
                codes.WRONG_TYPE, node_pos(path, node), f"expected a whole number, found {describe_node(node)}"
            )
            return None
        value: int = _CONSTRUCTOR.construct_yaml_int(node)
        if not self.minimum <= value <= self.maximum:
            report.error(
                codes.OUT_OF_RANGE,
                node_pos(path, node),
                f"{value} is out of range",
                f"use a number from {self.minimum} to {self.maximum}",
            )
            return None
        return value

    def json_schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "integer", "minimum": self.minimum, "maximum": self.maximum}

    def describe(self) -> str:
        return f"whole number from {self.minimum} to {self.maximum}"


_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


@dataclass(frozen=True)
class IsoDate(Type):
    """A calendar date written YYYY-MM-DD, quoted or not (YAML reads an unquoted one as a date)."""

    def validate(self, path: str, node: Node, report: Report) -> Any:
        hint = "write the date as YYYY-MM-DD, e.g. 2026-11-29"
        if (
            not isinstance(node, ScalarNode)
            or node.tag not in (STR_TAG, TIMESTAMP_TAG)
            or _ISO_DATE.fullmatch(node.value.strip()) is None
        ):
            found = describe_node(node) if node.tag != TIMESTAMP_TAG else "a date with a time"
            report.error(codes.BAD_DATE, node_pos(path, node), f"expected a date (YYYY-MM-DD), found {found}", hint)
            return None
        try:
            return datetime.date.fromisoformat(node.value.strip())
        except ValueError:
            report.error(codes.BAD_DATE, node_pos(path, node), f"{node.value.strip()} is not a calendar date", hint)
            return None

    def json_schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "string", "format": "date", "pattern": f"^{_ISO_DATE.pattern}$"}

    def describe(self) -> str:
        return "date, YYYY-MM-DD"


@dataclass(frozen=True)
class Choice(Type):
    values: tuple[str, ...]

    def validate(self, path: str, node: Node, report: Report) -> Any:
        value = _ID_TEXT.validate(path, node, report)
        if value is None:
            return None
        if value not in self.values:
            close = did_you_mean(value, self.values)
            hint = f"{close} " if close else ""
            report.error(
                codes.UNKNOWN_VALUE,
                node_pos(path, node),
                f"'{value}' is not one of: {', '.join(self.values)}",
                hint + "use one of the listed values",
            )
            return None
        return value

    def json_schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "string", "enum": list(self.values)}

    def describe(self) -> str:
        return "one of: " + ", ".join(self.values)


@dataclass(frozen=True)
class Nested(Type):
    """A mapping that becomes a record of another kind; unknown keys are errors."""

    cls: type[Record]

    def validate(self, path: str, node: Node, report: Report) -> Any:
        return validate_record(self.cls, path, node, report)

    def json_schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        name = self.cls.KIND.name.replace(" ", "_")
        if name not in defs:
            defs[name] = {}  # placeholder first, so that recursive references terminate
            keys = declared_keys(self.cls)
            defs[name] = {
                "type": "object",
                "title": self.cls.KIND.name,
                "description": doc_of(self.cls),
                "additionalProperties": False,
                "required": [k.name for k in keys if k.required],
                "properties": {k.name: {**k.type.json_schema(defs), "description": k.doc} for k in keys},
            }
        return {"$ref": f"#/definitions/{name}"}

    def describe(self) -> str:
        return self.cls.KIND.name


def as_type(declared: Type | type[Record]) -> Type:
    return declared if isinstance(declared, Type) else Nested(declared)


@dataclass(frozen=True)
class ListOf(Type):
    item: Type
    min_items: int = 0

    def __init__(self, item: Type | type[Record], min_items: int = 0) -> None:
        object.__setattr__(self, "item", as_type(item))
        object.__setattr__(self, "min_items", min_items)

    def validate(self, path: str, node: Node, report: Report) -> Any:
        if not isinstance(node, SequenceNode):
            report.error(
                codes.WRONG_TYPE,
                node_pos(path, node),
                f"expected a list, found {describe_node(node)}",
                "start each item on its own line with '- '",
            )
            return None
        if len(node.value) < self.min_items:
            plural = "s" if self.min_items != 1 else ""
            report.error(
                codes.TOO_FEW_ITEMS,
                node_pos(path, node),
                f"list needs at least {self.min_items} item{plural}, found {len(node.value)}",
            )
            return None
        items = [self.item.validate(path, child, report) for child in node.value]
        return None if any(item is None for item in items) else items

    def json_schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": "array", "items": self.item.json_schema(defs)}
        if self.min_items:
            schema["minItems"] = self.min_items
        return schema

    def describe(self) -> str:
        least = f", at least {self.min_items}" if self.min_items else ""
        if isinstance(self.item, Slug) and self.item.kind is not None:
            return f"list of {self.item.kind} ids{least}"
        return f"list of {self.item.describe()}{least}"


# ---- declaring kinds and keys ----------------------------------------------------------------------

KEY = "explainer.key"  # where a field's metadata holds its KeySpec


@dataclass(frozen=True)
class KeySpec:
    name: str
    type: Type
    doc: str
    required: bool


@overload
def key(declared: Type | type[Record], doc: str) -> Any: ...
@overload
def key(declared: Type | type[Record], doc: str, *, default: T) -> T: ...
@overload
def key(declared: Type | type[Record], doc: str, *, default_factory: Callable[[], T]) -> T: ...
def key(
    declared: Type | type[Record],
    doc: str,
    *,
    default: Any = dataclasses.MISSING,
    default_factory: Any = dataclasses.MISSING,
) -> Any:
    """Declare one key of a record kind: its value type, what it holds (one line, for editors), and its
    default when it may be left out. A key without a default is required."""
    metadata = {KEY: (as_type(declared), doc)}
    if default_factory is not dataclasses.MISSING:
        return field(default_factory=default_factory, metadata=metadata)
    return field(default=default, metadata=metadata)


@dataclass_transform(kw_only_default=True, field_specifiers=(key, field))
def record(cls: type[R]) -> type[R]:
    """Make a declared record kind a dataclass, and check its declaration. A class without a `KIND`
    of its own is a base that kinds share keys through (`DatePart`)."""
    made = dataclass(kw_only=True)(cls)
    declared_keys(made)  # fails here, at import, on a field that is not declared with key()
    return made


_KEYS: dict[type, tuple[KeySpec, ...]] = {}


def declared_keys(cls: type[Record]) -> tuple[KeySpec, ...]:
    """The keys of a record kind, in declaration order."""
    keys = _KEYS.get(cls)
    if keys is None:
        base = {f.name for f in dataclasses.fields(Record)}
        specs = []
        for f in dataclasses.fields(cls):
            if f.name in base:
                continue
            if KEY not in f.metadata:
                raise TypeError(f"{cls.__name__}.{f.name} is not declared with key()")
            value_type, doc = f.metadata[KEY]
            required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
            specs.append(KeySpec(f.name, value_type, doc, required))
        keys = _KEYS[cls] = tuple(specs)
    return keys


def doc_of(cls: type) -> str:
    """The first paragraph of a class's docstring, on one line."""
    return " ".join((cls.__doc__ or "").strip().split("\n\n")[0].split())


def section(cls: type[R]) -> Any:
    """Declare a top-level section of content files: a list of records of one kind."""
    return field(default_factory=list, metadata={KEY: cls})


def sections(content_cls: type) -> dict[str, type[Record]]:
    """The top-level sections a content file may have, in order, and the kind of their records."""
    return {f.name: f.metadata[KEY] for f in dataclasses.fields(content_cls) if KEY in f.metadata}


def kinds(content_cls: type) -> Iterator[type[Record]]:
    """Every record kind, top-level or nested, each once: depth first, in declaration order."""
    seen: set[type] = set()

    def visit(cls: type[Record]) -> Iterator[type[Record]]:
        if cls in seen:
            return
        seen.add(cls)
        yield cls
        for spec in declared_keys(cls):
            for nested in nested_kinds(spec.type):
                yield from visit(nested)

    for cls in sections(content_cls).values():
        yield from visit(cls)


def nested_kinds(value_type: Type) -> list[type[Record]]:
    if isinstance(value_type, Nested):
        return [value_type.cls]
    if isinstance(value_type, ListOf):
        return nested_kinds(value_type.item)
    return []


# ---- validation ------------------------------------------------------------------------------------

_TABLES: dict[type, tuple[dict[str, KeySpec], tuple[KeySpec, ...], frozenset[str]]] = {}


def _table(cls: type[Record]) -> tuple[dict[str, KeySpec], tuple[KeySpec, ...], frozenset[str]]:
    """Keys by name, the required ones, and those holding lists of plain values (whose items' places are kept)."""
    table = _TABLES.get(cls)
    if table is None:
        keys = declared_keys(cls)
        item_lists = frozenset(
            k.name for k in keys if isinstance(k.type, ListOf) and not isinstance(k.type.item, Nested)
        )
        table = _TABLES[cls] = ({k.name: k for k in keys}, tuple(k for k in keys if k.required), item_lists)
    return table


def validate_record(cls: type[R], path: str, node: Node, report: Report) -> R | None:
    """One mapping node as a record of kind `cls`; None after reporting why it is not one.

    All the record's problems are reported, not only the first: a bad key does not stop the others
    from being checked.
    """
    name = cls.KIND.name
    pos = node_pos(path, node)
    if not isinstance(node, MappingNode):
        report.error(
            codes.WRONG_TYPE, pos, f"expected a mapping ({name}), found {describe_node(node)}", cls.KIND.shape_hint
        )
        return None
    by_name, required, item_lists = _table(cls)
    values: dict[str, Any] = {}
    marks: dict[str, Mark] = {}
    item_marks: dict[str, list[Mark]] = {}
    ok = True
    for key_node, value_node in node.value:
        if not isinstance(key_node, ScalarNode) or key_node.tag != STR_TAG:
            report.error(
                codes.WRONG_TYPE,
                node_pos(path, key_node),
                f"keys must be text, found {describe_node(key_node)}",
                "write the key as a plain word, e.g. 'text:'",
            )
            ok = False
            continue
        spec = by_name.get(key_node.value)
        if spec is None:
            close = did_you_mean(key_node.value, by_name)
            hint = f"{close} " if close else ""
            report.error(
                codes.UNKNOWN_KEY,
                node_pos(path, key_node),
                f"unknown key '{key_node.value}' in {name}",
                hint + f"allowed keys: {', '.join(by_name)}",
            )
            continue
        if spec.name in marks:
            continue  # a duplicate key, already reported by the loader
        marks[spec.name] = value_node.start_mark
        if not spec.required and value_node.tag == NULL_TAG and isinstance(value_node, ScalarNode):
            continue
        value = spec.type.validate(path, value_node, report)
        if value is not None:
            values[spec.name] = value
            if spec.name in item_lists:
                item_marks[spec.name] = [child.start_mark for child in value_node.value]
        elif spec.required:
            ok = False
    for spec in required:
        if spec.name not in marks:
            report.error(
                codes.MISSING_KEY,
                pos,
                f"{name} is missing the required key '{spec.name}'",
                f"add '{spec.name}:' ({spec.doc})",
            )
            ok = False
    if not ok:
        return None
    return cls(pos=pos, marks=marks, item_marks=item_marks, **values)


def validate_file(path: str, root: Node, content: Any, report: Report, options: Options | None = None) -> None:
    """Validate one file's top-level mapping, within the limits of `options`, and append its records to
    `content` (a model.Content)."""
    limits = options or Options()
    token = _LIMITS.set((limits.max_text_chars, limits.max_id_chars))
    try:
        _validate_sections(path, root, content, report)
    finally:
        _LIMITS.reset(token)


def _validate_sections(path: str, root: Node, content: Any, report: Report) -> None:
    known = sections(type(content))
    if not isinstance(root, MappingNode):
        message = f"expected a mapping of sections at the top of the file, found {describe_node(root)}"
        report.error(codes.NOT_SECTIONS, node_pos(path, root), message, f"start with one of: {', '.join(known)}")
        return
    for key_node, value_node in root.value:
        name = key_node.value if isinstance(key_node, ScalarNode) else None
        cls = known.get(name) if isinstance(name, str) else None
        if cls is None or name is None:
            close = did_you_mean(str(name), known)
            hint = f"{close} " if close else ""
            report.error(
                codes.UNKNOWN_SECTION,
                node_pos(path, key_node),
                f"unknown section '{name}'",
                hint + f"sections are: {', '.join(known)}",
            )
            continue
        if isinstance(value_node, ScalarNode) and value_node.tag == NULL_TAG:
            continue
        if not isinstance(value_node, SequenceNode):
            message = f"section '{name}' must be a list, found {describe_node(value_node)}"
            report.error(
                codes.SECTION_NOT_A_LIST, node_pos(path, value_node), message, "start each record with '- id: ...'"
            )
            continue
        target: list[Record] = getattr(content, name)
        for item in value_node.value:
            validated = validate_record(cls, path, item, report)
            if validated is not None:
                target.append(validated)


def json_schema(content_cls: type) -> dict[str, Any]:
    """JSON Schema (draft-07) for a content file, from the same declarations the validator uses."""
    defs: dict[str, Any] = {}
    properties = {
        name: {"type": ["array", "null"], "items": Nested(cls).json_schema(defs), "description": doc_of(cls)}
        for name, cls in sections(content_cls).items()
    }
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "$id": "explainer-content.schema.json",
        "title": "Explainer content file",
        "description": "One file under content/: any of the sections, each a list of records.",
        "type": "object",
        "additionalProperties": False,
        "properties": properties,
        "definitions": dict(sorted(defs.items())),
    }
