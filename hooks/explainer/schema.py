"""The content schema, declared once: it validates YAML nodes into model records and emits JSON Schema.

Every key an editor may write is declared here with its type and a one-line description; the
validator and the generated JSON Schema (for editors' completion) both come from these declarations.
"""

from __future__ import annotations

import datetime
import difflib
import re
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from yaml.constructor import SafeConstructor

from . import codes, model
from .diagnostics import Pos, Report
from .options import Options
from .yamlload import MappingNode, Node, ScalarNode, SequenceNode, node_pos

SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
MAX_TEXT = Options().max_text_chars  # the defaults, which the JSON Schema states
MAX_ID = Options().max_id_chars

# The site's limits (max_text_chars, max_id_chars) while `validate_file` validates one of its files: a
# context variable, so that every type's `validate` keeps its signature. Text declared without a length
# of its own takes the first, ids the second.
_LIMITS: ContextVar[tuple[int, int]] = ContextVar("limits", default=(MAX_TEXT, MAX_ID))

_CONSTRUCTOR = SafeConstructor()

STR_TAG = "tag:yaml.org,2002:str"
INT_TAG = "tag:yaml.org,2002:int"
NULL_TAG = "tag:yaml.org,2002:null"
TIMESTAMP_TAG = "tag:yaml.org,2002:timestamp"

_TAG_NAMES = {
    STR_TAG: "text",
    INT_TAG: "a number",
    "tag:yaml.org,2002:float": "a number",
    "tag:yaml.org,2002:bool": "true/false",
    NULL_TAG: "an empty value",
    "tag:yaml.org,2002:timestamp": "a date",
}


def describe_node(node: Node) -> str:
    if isinstance(node, MappingNode):
        return "a mapping"
    if isinstance(node, SequenceNode):
        return "a list"
    return _TAG_NAMES.get(node.tag, "a value")


class PosList(list):  # type: ignore[type-arg]
    """A validated list that remembers where each item was written."""

    positions: list[Pos]


_SLUG = re.compile(SLUG_PATTERN)


class Type:
    def validate(self, path: str, node: Node, report: Report) -> Any:
        raise NotImplementedError

    def json_schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError


@dataclass(frozen=True)
class Text(Type):
    max_len: int | None = None  # None: the site's max_text_chars
    min_len: int = 1

    def limit(self) -> int:
        return _LIMITS.get()[0] if self.max_len is None else self.max_len

    def validate(self, path: str, node: Node, report: Report) -> Any:
        if not isinstance(node, ScalarNode) or node.tag != STR_TAG:
            hint = "put the value in quotes to make it text" if isinstance(node, ScalarNode) else ""
            report.error(codes.WRONG_TYPE, node_pos(path, node), f"expected text, found {describe_node(node)}", hint)
            return None
        value = node.value
        if len(value.strip()) < self.min_len:
            report.error(codes.EMPTY_TEXT, node_pos(path, node), "text must not be empty", "write the text, or remove the key")
            return None
        if len(value) > self.limit():
            report.error(codes.TEXT_TOO_LONG, node_pos(path, node), f"text is {len(value)} characters, more than the limit of {self.limit()}", "shorten it or split the record")
            return None
        return value

    def json_schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "string", "minLength": self.min_len, "maxLength": MAX_TEXT if self.max_len is None else self.max_len}


@dataclass(frozen=True)
class _IdText(Text):
    """The text of an id: as long as the site's max_id_chars."""

    def limit(self) -> int:
        return _LIMITS.get()[1]


@dataclass(frozen=True)
class Slug(Type):
    """A lower-case slug, used for ids and for references to ids (`kind` names what it refers to)."""

    kind: str | None = None

    def validate(self, path: str, node: Node, report: Report) -> Any:
        value = _ID_TEXT.validate(path, node, report)
        if value is None:
            return None
        if _SLUG.fullmatch(value) is None:
            suggestion = re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-")
            report.error(codes.INVALID_ID, node_pos(path, node), f"'{value}' is not a valid id", f"ids are lower-case letters, digits and single hyphens, e.g. '{suggestion or 'my-id'}'")
            return None
        return value

    def json_schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "string", "pattern": SLUG_PATTERN, "maxLength": MAX_ID}


@dataclass(frozen=True)
class Integer(Type):
    minimum: int
    maximum: int

    def validate(self, path: str, node: Node, report: Report) -> Any:
        if not isinstance(node, ScalarNode) or node.tag != INT_TAG:
            report.error(codes.WRONG_TYPE, node_pos(path, node), f"expected a whole number, found {describe_node(node)}")
            return None
        value = _CONSTRUCTOR.construct_yaml_int(node)
        if not self.minimum <= value <= self.maximum:
            report.error(codes.OUT_OF_RANGE, node_pos(path, node), f"{value} is out of range", f"use a number from {self.minimum} to {self.maximum}")
            return None
        return value

    def json_schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "integer", "minimum": self.minimum, "maximum": self.maximum}


_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


@dataclass(frozen=True)
class IsoDate(Type):
    """A calendar date written YYYY-MM-DD, quoted or not (YAML reads an unquoted one as a date)."""

    def validate(self, path: str, node: Node, report: Report) -> Any:
        hint = "write the date as YYYY-MM-DD, e.g. 2026-11-29"
        if not isinstance(node, ScalarNode) or node.tag not in (STR_TAG, TIMESTAMP_TAG) or _ISO_DATE.fullmatch(node.value.strip()) is None:
            report.error(codes.BAD_DATE, node_pos(path, node), f"expected a date (YYYY-MM-DD), found {describe_node(node) if node.tag != TIMESTAMP_TAG else 'a date with a time'}", hint)
            return None
        try:
            return datetime.date.fromisoformat(node.value.strip())
        except ValueError:
            report.error(codes.BAD_DATE, node_pos(path, node), f"{node.value.strip()} is not a calendar date", hint)
            return None

    def json_schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "string", "format": "date", "pattern": f"^{_ISO_DATE.pattern}$"}


@dataclass(frozen=True)
class Choice(Type):
    values: tuple[str, ...]

    def validate(self, path: str, node: Node, report: Report) -> Any:
        value = _ID_TEXT.validate(path, node, report)
        if value is None:
            return None
        if value not in self.values:
            close = difflib.get_close_matches(value, self.values, n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            report.error(codes.UNKNOWN_VALUE, node_pos(path, node), f"'{value}' is not one of: {', '.join(self.values)}", hint + "use one of the listed values")
            return None
        return value

    def json_schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "string", "enum": list(self.values)}


@dataclass(frozen=True)
class ListOf(Type):
    item: Type
    min_items: int = 0

    def validate(self, path: str, node: Node, report: Report) -> Any:
        if not isinstance(node, SequenceNode):
            report.error(codes.WRONG_TYPE, node_pos(path, node), f"expected a list, found {describe_node(node)}", "start each item on its own line with '- '")
            return None
        if len(node.value) < self.min_items:
            report.error(codes.TOO_FEW_ITEMS, node_pos(path, node), f"list needs at least {self.min_items} item{'s' if self.min_items != 1 else ''}, found {len(node.value)}")
            return None
        validate = self.item.validate
        items = PosList([validate(path, child, report) for child in node.value])
        for item in items:
            if item is None:
                return None
        items.positions = [Pos(path, child.start_mark.line + 1, child.start_mark.column + 1) for child in node.value]  # node_pos, inlined
        return items

    def json_schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": "array", "items": self.item.json_schema(defs)}
        if self.min_items:
            schema["minItems"] = self.min_items
        return schema


@dataclass(frozen=True)
class Key:
    name: str
    type: Type
    doc: str
    required: bool = False

    @property
    def attr(self) -> str:
        return self.name.replace("-", "_")


@dataclass(frozen=True)
class Obj(Type):
    """A mapping that becomes one model record; unknown keys are errors."""

    name: str
    cls: type
    keys: tuple[Key, ...]
    doc: str = ""
    refs: tuple[str, ...] = field(default=())
    shape_hint: str = "write 'key: value' lines"

    def __post_init__(self) -> None:
        # For validation: each key name's first declaration as (attribute, type, required, plain),
        # where `plain` is (max_len, min_len, slug) when the type is Text or Slug (see `validate`).
        by_name: dict[str, tuple[str, Type, bool, tuple[int | None, int, bool] | None]] = {}
        for k in self.keys:
            plain = None
            if type(k.type) is Text:
                plain = (k.type.max_len, k.type.min_len, False)
            elif type(k.type) is Slug:
                plain = (None, _ID_TEXT.min_len, True)
            by_name.setdefault(k.name, (k.attr, k.type, k.required, plain))
        object.__setattr__(self, "_by_name", by_name)
        object.__setattr__(self, "_required", tuple(k for k in self.keys if k.required))

    def key(self, name: str) -> Key | None:
        return next((k for k in self.keys if k.name == name), None)

    def validate(self, path: str, node: Node, report: Report) -> Any:
        pos = node_pos(path, node)
        if not isinstance(node, MappingNode):
            report.error(codes.WRONG_TYPE, pos, f"expected a mapping ({self.name}), found {describe_node(node)}", self.shape_hint)
            return None
        values: dict[str, Any] = {}
        key_pos: dict[str, Pos] = {}
        ok = True
        seen: set[str] = set()
        by_name: dict[str, tuple[str, Type, bool, tuple[int | None, int, bool] | None]] = self._by_name  # type: ignore[attr-defined]
        text_limit, id_limit = _LIMITS.get()
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode) or key_node.tag != STR_TAG:
                report.error(codes.WRONG_TYPE, node_pos(path, key_node), f"keys must be text, found {describe_node(key_node)}", "write the key as a plain word, e.g. 'text:'")
                ok = False
                continue
            name = key_node.value
            spec = by_name.get(name)
            if spec is None:
                known = [k.name for k in self.keys]
                close = difflib.get_close_matches(name, known, n=1)
                hint = f"did you mean '{close[0]}'? " if close else ""
                # Reported, but the rest of the record is still checked so that all problems show at once.
                report.error(codes.UNKNOWN_KEY, node_pos(path, key_node), f"unknown key '{name}' in {self.name}", hint + f"allowed keys: {', '.join(known)}")
                continue
            if name in seen:
                continue  # already reported as a duplicate key by the loader
            seen.add(name)
            attr, value_type, required, plain = spec
            mark = value_node.start_mark
            key_pos[attr] = Pos(path, mark.line + 1, mark.column + 1)  # node_pos, inlined
            tag = value_node.tag
            if not required and tag == NULL_TAG and isinstance(value_node, ScalarNode):
                continue
            if plain is not None and tag == STR_TAG and isinstance(value_node, ScalarNode):
                # Text.validate and Slug.validate inlined for a value they accept; any other goes to them.
                value = value_node.value
                max_len, min_len, slug = plain
                if len(value) <= (max_len if max_len is not None else id_limit if slug else text_limit) and len(value.strip()) >= min_len and (not slug or _SLUG.fullmatch(value) is not None):
                    values[attr] = value
                    continue
            value = value_type.validate(path, value_node, report)
            if value is None:
                ok = ok and not required
            else:
                values[attr] = value
        for required_key in self._required:  # type: ignore[attr-defined]
            if required_key.name not in seen:
                report.error(codes.MISSING_KEY, pos, f"{self.name} is missing the required key '{required_key.name}'", f"add '{required_key.name}:' ({required_key.doc})")
                ok = False
        if not ok:
            return None
        return self.cls(pos=pos, key_pos=key_pos, **values)

    def json_schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        name = self.name.replace(" ", "_")
        if name not in defs:
            defs[name] = {}  # placeholder first, so that recursive references terminate
            defs[name] = {
                "type": "object",
                "title": self.name,
                "description": self.doc,
                "additionalProperties": False,
                "required": [k.name for k in self.keys if k.required],
                "properties": {k.name: {**k.type.json_schema(defs), "description": k.doc} for k in self.keys},
            }
        return {"$ref": f"#/definitions/{name}"}


# ---- the content schema -------------------------------------------------------------------------

_ID_TEXT = _IdText()
TEXT = Text()
SHORT = Text(max_len=500)

CITATION = Obj(
    "citation",
    model.Citation,
    (
        Key("source", Slug("source"), "id of the source (seed article) that contains the passage", True),
        Key("quote", Text(max_len=5_000), "the passage, copied from the article; quotes, dashes and spaces may be typed plainly", True),
        Key("prefix", SHORT, "text just before the passage, when the passage occurs more than once"),
        Key("suffix", SHORT, "text just after the passage, when the passage occurs more than once"),
        Key("occurrence", Integer(1, 10_000), "which occurrence (1 = first) when the passage occurs more than once"),
        Key("note", TEXT, "an editor's remark about this citation, shown to readers in the citation's preview"),
    ),
    "A passage of a seed article that supports the statement.",
)
CITATIONS = ListOf(CITATION, min_items=1)

VOICE = Obj(
    "voice",
    model.Voice,
    (
        Key("kind", Choice(model.VOICE_KINDS), "who says it: the article itself, a named person, an unnamed insider, commenters, the interviewer, or someone else the article does not name", True),
        Key("person", Slug("person"), "the person's id, when kind is 'person'"),
        Key("label", SHORT, "how the article describes the speaker, e.g. 'a source close to the couple', 'a fourth fan'"),
    ),
    "Who a statement or quote is attributed to.",
)

FACT = Obj(
    "fact",
    model.Fact,
    (
        Key("id", Slug(), "unique id; also the anchor on the page", True),
        Key("text", TEXT, "the fact, in neutral words", True),
        Key("topic", Slug("topic"), "id of a topic"),
        Key("attribution", VOICE, "who states it; omitted means the article's own voice"),
        Key("age", Integer(0, 150), "the age in years this fact reports (the family tree shows it); every cited passage must print the number"),
        Key("citations", CITATIONS, "passages that support the fact", True),
    ),
    "A cited fact about a person or a source.",
)

RELATION = Obj(
    "relation",
    model.Relation,
    (
        Key("id", Slug(), "unique id of the relation", True),
        Key("kind", Choice(model.RELATION_KINDS), "what the other person is to this one: spouse, former-spouse, child or parent", True),
        Key("person", Slug("person"), "id of the other person", True),
        Key("note", TEXT, "a remark, e.g. on how the articles phrase it"),
        Key("citations", CITATIONS, "passages that state the relation", True),
    ),
    "A family relation, declared once; the other person's page shows its inverse.",
)

PERSON = Obj(
    "person",
    model.Person,
    (
        Key("id", Slug(), "unique id; the page is people/<id>/", True),
        Key("name", SHORT, "the name as the articles give it", True),
        Key("summary", TEXT, "one neutral line; every fact in it must also be a cited fact"),
        Key("aliases", ListOf(SHORT), "other names the articles use"),
        Key("facts", ListOf(FACT), "cited facts about the person"),
        Key("relations", ListOf(RELATION), "cited family relations"),
    ),
    "Someone the articles name.",
)

SOURCE = Obj(
    "source",
    model.Source,
    (
        Key("id", Slug(), "unique id; the page is sources/<id>/", True),
        Key("file", Text(max_len=300), "the seed file, as a path under seeds/", True),
        Key("sha256", Text(max_len=64), "SHA-256 of the seed file's bytes"),
        Key("title", SHORT, "the article's headline, or a description written by us", True),
        Key("title_kind", Choice(model.TITLE_KINDS), "'headline' when the title is the article's own first line, 'description' when we wrote it", True),
        Key("label", SHORT, "a short name; where any text mentions this source's id, readers see this name as a link to the article"),
        Key("short_label", Text(max_len=40), "a name of a few words for the column of a table that compares the articles, e.g. 'Attempts to justify'"),
        Key("facts", ListOf(FACT), "what the text states about itself, e.g. where it first appeared"),
    ),
    "One seed article.",
)

TOPIC = Obj(
    "topic",
    model.Topic,
    (
        Key("id", Slug(), "unique id; the page is claims/<id>/", True),
        Key("title", SHORT, "the topic's heading", True),
        Key("summary", TEXT, "what the topic covers"),
    ),
    "A heading under which claims are grouped.",
)

INFERENCE = Obj(
    "inference",
    model.Inference,
    (
        Key("id", Slug(), "unique id", True),
        Key("text", TEXT, "the reasoning, in words", True),
        Key("citations", CITATIONS, "passages the reasoning rests on", True),
    ),
    "Our own reasoning, shown as inference.",
)

def _date_part(name: str, lowest: int, highest: int, what: str) -> Obj:
    return Obj(
        name,
        model.DatePart,
        (
            Key("value", Integer(lowest, highest), what, True),
            Key("basis", Choice(model.DATE_BASES), f"'stated' when an article gives the {name}, 'inferred' when we reasoned it", True),
            Key("inference", Slug("inference"), f"id of the inference that gives the {name} (required when basis is 'inferred')"),
        ),
        f"The {name} of a date, and whether an article states it or we inferred it.",
        shape_hint=f"write '{name}: {{value: N, basis: stated}}', or 'basis: inferred' with 'inference: <id>'",
    )


YEAR = _date_part("year", 1800, 2200, "the year")
MONTH = _date_part("month", 1, 12, "the month, 1-12")
DAY = _date_part("day", 1, 31, "the day of the month")

DATE_POINT = Obj(
    "range end",
    model.DatePoint,
    (
        Key("year", YEAR, "the year of this end", True),
        Key("month", MONTH, "the month of this end"),
        Key("day", DAY, "the day of this end (needs a month)"),
    ),
    "One end of a date range: a date to the year, the month or the day.",
)

EVENT_DATE = Obj(
    "date",
    model.EventDate,
    (
        Key("year", YEAR, "the year, for a single date"),
        Key("month", MONTH, "the month, when the evidence gives it (needs a year)"),
        Key("day", DAY, "the day of the month, when the evidence gives it (needs a month)"),
        Key("earliest", DATE_POINT, "for a range, when the evidence gives only bounds: the earliest date it can be"),
        Key("latest", DATE_POINT, "for a range: the latest date it can be"),
        Key("inferences", ListOf(INFERENCE, min_items=1), "the reasoning behind the inferred parts; each part names the one it rests on"),
        Key("as_written", SHORT, "the date as the articles write it, e.g. 'last week', 'Wednesday, March 19'"),
    ),
    "When an event happened: a single date or a range, each part stated or inferred.",
)

EVENT_ORDER = Obj(
    "order",
    model.EventOrder,
    (
        Key("id", Slug(), "unique id of this before/after fact", True),
        Key("event", Slug("event"), "id of the other event", True),
        Key("note", TEXT, "a remark, e.g. the interval the article gives ('ten days after')"),
        Key("citations", CITATIONS, "passages that give the order", True),
    ),
    "A before/after fact between two events, where an article gives it.",
)

EVENT = Obj(
    "event",
    model.Event,
    (
        Key("id", Slug(), "unique id; the anchor on the timeline", True),
        Key("title", SHORT, "a short neutral title", True),
        Key("text", TEXT, "what happened", True),
        Key("date", EVENT_DATE, "when; omit when the articles do not say"),
        Key("after", ListOf(EVENT_ORDER), "events this one came after, where an article says so"),
        Key("before", ListOf(EVENT_ORDER), "events this one came before, where an article says so"),
        Key("sequence", Integer(0, 1_000_000), "where to list it among events the evidence leaves unordered (never an order of its own; it must agree with the dates and relations)"),
        Key("place", SHORT, "where, as the articles say"),
        Key("participants", ListOf(Slug("person")), "ids of the people who took part"),
        Key("citations", CITATIONS, "passages that report the event", True),
    ),
    "Something that happened.",
)

QUOTE = Obj(
    "quote",
    model.Quote,
    (
        Key("id", Slug(), "unique id; the page is quotes/<id>/", True),
        Key("speaker", VOICE, "who said it", True),
        Key("addressee", Slug("person"), "id of the person spoken to"),
        Key("event", Slug("event"), "id of the event where it was said"),
        Key("context", TEXT, "a neutral line on the circumstances"),
        Key("citations", CITATIONS, "each article's own wording of the quote, one citation per article", True),
    ),
    "Words someone said or wrote, as each article prints them.",
)

CLAIM = Obj(
    "claim",
    model.Claim,
    (
        Key("id", Slug(), "unique id; the anchor on the topic page", True),
        Key("topic", Slug("topic"), "id of the topic", True),
        Key("text", TEXT, "the statement, in neutral words", True),
        Key("attribution", VOICE, "who states it; omitted means the article's own voice"),
        Key("about", ListOf(Slug("person")), "ids of the people it concerns"),
        Key("event", Slug("event"), "id of the event it concerns"),
        Key("citations", CITATIONS, "passages that support it", True),
    ),
    "A fact the articles state.",
)

ANSWER = Obj(
    "answer",
    model.Answer,
    (
        Key("id", Slug(), "unique id; the anchor of this answer", True),
        Key("text", TEXT, "this side's answer", True),
        Key("attribution", VOICE, "who gives it; omitted means the article's own voice"),
        Key("concerns", ListOf(Slug("statement")), "ids of the records that state this side (e.g. the quote as given to one speaker); they are marked as disputed"),
        Key("citations", CITATIONS, "passages that give this answer", True),
    ),
    "One side of a disagreement.",
)

DISAGREEMENT = Obj(
    "disagreement",
    model.Disagreement,
    (
        Key("id", Slug(), "unique id; the anchor on the disagreements page", True),
        Key("question", SHORT, "the question the articles answer differently", True),
        Key("kind", Choice(model.DISAGREEMENT_KINDS), "'substance' (default) for differences of fact; 'wording' for spelling or house style"),
        Key("topic", Slug("topic"), "id of a topic"),
        Key("about", ListOf(Slug("person")), "ids of the people it concerns"),
        Key("concerns", ListOf(Slug("statement")), "ids of the records the question puts in doubt without taking a side; they are marked as disputed"),
        Key("answers", ListOf(ANSWER, min_items=2), "the competing answers, each cited", True),
    ),
    "A place where the articles differ on substance.",
)

TRANSCRIPT_LINE = Obj(
    "transcript line",
    model.TranscriptLine,
    (
        Key("id", Slug(), "unique id; the anchor of the line", True),
        Key("quote", Slug("quote"), "id of the quote spoken on this line (its wordings are the citations)"),
        Key("action", TEXT, "a neutral description of what happens, for a line that is not a quote"),
        Key("speaker", VOICE, "who acts, for an action line"),
        Key("note", TEXT, "what the articles leave uncertain here: the order, the speaker, the wording"),
        Key("citations", ListOf(CITATION, min_items=1), "passages that report an action line (quote lines cite through their quote)"),
    ),
    "One line of a reconstructed exchange.",
)

TRANSCRIPT = Obj(
    "transcript",
    model.Transcript,
    (
        Key("id", Slug(), "unique id; the page is transcripts/<id>/", True),
        Key("title", SHORT, "the transcript's heading", True),
        Key("event", Slug("event"), "id of the event it reconstructs"),
        Key("summary", TEXT, "what the transcript covers and how it was reconstructed"),
        Key("lines", ListOf(TRANSCRIPT_LINE, min_items=1), "the lines, in order", True),
    ),
    "An exchange reconstructed line by line from the articles.",
)

OMISSION = Obj(
    "omission",
    model.Omission,
    (
        Key("id", Slug(), "unique id", True),
        Key("reason", TEXT, "why these passages are not turned into records", True),
        Key("citations", CITATIONS, "the passages left out", True),
    ),
    "Passages deliberately left out, with the reason.",
)

CORRECTION = Obj(
    "correction",
    model.Correction,
    (
        Key("id", Slug(), "unique id; the anchor of the entry on the corrections page and in the feed", True),
        Key("date", IsoDate(), "the day the correction was published, YYYY-MM-DD", True),
        Key("statements", ListOf(Slug("statement"), min_items=1), "ids of the published statements it corrects", True),
        Key("wrong", TEXT, "what the statements said that was wrong", True),
        Key("now", TEXT, "what they say now", True),
        Key("why", TEXT, "why: what showed the mistake, e.g. a closer reading of the cited passage", True),
    ),
    "An entry of the corrections log: a published statement that was changed because it was wrong.",
)

NAME = Obj(
    "name",
    model.Name,
    (
        Key("name", SHORT, "the name exactly as the articles write it, e.g. 'The Daily Report', 'New York City'", True),
        Key("kind", Choice(model.NAME_KINDS), "'title' of a work (series, film); 'outlet' (a publication or programme that reports); 'organisation' (a network, a platform); 'place'", True),
        Key("aliases", ListOf(SHORT), "other forms the articles use, e.g. 'NYC'"),
        Key("note", TEXT, "what the name is, for editors"),
    ),
    "A name that is not a person's; statements that use it must find it in their passages.",
)

SECTIONS: dict[str, Obj] = {
    "sources": SOURCE,
    "topics": TOPIC,
    "people": PERSON,
    "events": EVENT,
    "quotes": QUOTE,
    "claims": CLAIM,
    "disagreements": DISAGREEMENT,
    "transcripts": TRANSCRIPT,
    "omissions": OMISSION,
    "corrections": CORRECTION,
    "names": NAME,
}


def validate_file(path: str, root: Node, content: model.Content, report: Report, options: Options | None = None) -> None:
    """Validate one file's top-level mapping, within the limits of `options`, and append its records to `content`."""
    limits = options or Options()
    token = _LIMITS.set((limits.max_text_chars, limits.max_id_chars))
    try:
        _validate_sections(path, root, content, report)
    finally:
        _LIMITS.reset(token)


def _validate_sections(path: str, root: Node, content: model.Content, report: Report) -> None:
    if not isinstance(root, MappingNode):
        report.error(codes.NOT_SECTIONS, node_pos(path, root), f"expected a mapping of sections at the top of the file, found {describe_node(root)}", f"start with one of: {', '.join(SECTIONS)}")
        return
    for key_node, value_node in root.value:
        name = key_node.value if isinstance(key_node, ScalarNode) else None
        spec = SECTIONS.get(name) if name is not None else None
        if spec is None or name is None:
            close = difflib.get_close_matches(str(name), list(SECTIONS), n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            report.error(codes.UNKNOWN_SECTION, node_pos(path, key_node), f"unknown section '{name}'", hint + f"sections are: {', '.join(SECTIONS)}")
            continue
        if isinstance(value_node, ScalarNode) and value_node.tag == NULL_TAG:
            continue
        if not isinstance(value_node, SequenceNode):
            report.error(codes.SECTION_NOT_A_LIST, node_pos(path, value_node), f"section '{name}' must be a list, found {describe_node(value_node)}", "start each record with '- id: ...'")
            continue
        target = getattr(content, name)
        for item in value_node.value:
            record = spec.validate(path, item, report)
            if record is not None:
                target.append(record)


def json_schema() -> dict[str, Any]:
    """JSON Schema (draft-07) for a content file, from the same declarations the validator uses."""
    defs: dict[str, Any] = {}
    properties = {name: {"type": ["array", "null"], "items": spec.json_schema(defs), "description": spec.doc} for name, spec in SECTIONS.items()}
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
