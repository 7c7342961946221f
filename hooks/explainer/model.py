"""The explainer's records as plain typed data, exactly as editors wrote them (after validation)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from .diagnostics import Pos

VOICE_KINDS = ("article", "person", "insider", "commenters", "interviewer", "unnamed")
RELATION_KINDS = ("spouse", "former-spouse", "child", "parent")
INVERSE_RELATION = {"spouse": "spouse", "former-spouse": "former-spouse", "child": "parent", "parent": "child"}
TITLE_KINDS = ("headline", "description")
DATE_BASES = ("stated", "inferred")
DATE_PARTS = ("day", "month", "year")  # in the order a badge names them: "month and year inferred"
DISAGREEMENT_KINDS = ("substance", "wording")
NAME_KINDS = ("title", "outlet", "organisation", "place")


@dataclass
class Record:
    """Base of every record: where it was written, and where each of its keys was."""

    pos: Pos
    key_pos: dict[str, Pos] = field(default_factory=dict, repr=False, compare=False)

    def at(self, key: str) -> Pos:
        return self.key_pos.get(key, self.pos)


@dataclass
class Citation(Record):
    source: str = ""
    quote: str = ""
    prefix: str | None = None
    suffix: str | None = None
    occurrence: int | None = None
    note: str | None = None


@dataclass
class Voice(Record):
    """Who says a thing: the article itself, a named person, an unnamed insider, commenters, the
    interviewer, or someone else the article does not name (a child, whoever "branded" her)."""

    kind: str = "article"
    person: str | None = None
    label: str | None = None


@dataclass
class Fact(Record):
    id: str = ""
    text: str = ""
    topic: str | None = None
    attribution: Voice | None = None
    age: int | None = None  # the age this fact reports; every cited passage must print it
    citations: list[Citation] = field(default_factory=list)


@dataclass
class Relation(Record):
    id: str = ""
    kind: str = ""
    person: str = ""
    note: str | None = None
    citations: list[Citation] = field(default_factory=list)


@dataclass
class Person(Record):
    id: str = ""
    name: str = ""
    summary: str | None = None
    aliases: list[str] = field(default_factory=list)
    facts: list[Fact] = field(default_factory=list)
    relations: list[Relation] = field(default_factory=list)


@dataclass
class Source(Record):
    id: str = ""
    file: str = ""
    sha256: str | None = None
    title: str = ""
    title_kind: str = "headline"
    label: str | None = None
    short_label: str | None = None
    facts: list[Fact] = field(default_factory=list)


@dataclass
class Topic(Record):
    id: str = ""
    title: str = ""
    summary: str | None = None


@dataclass
class Inference(Record):
    """A conclusion the articles do not state, with the reasoning and the passages it rests on."""

    id: str = ""
    text: str = ""
    citations: list[Citation] = field(default_factory=list)


@dataclass
class DatePart(Record):
    """One part of a date (its year, month or day): the number, and whether an article states it."""

    value: int = 0
    basis: str = "stated"
    inference: str | None = None  # id of the inference that gives an inferred part


@dataclass
class DatePoint(Record):
    """A date to the year, the month or the day."""

    year: DatePart | None = None
    month: DatePart | None = None
    day: DatePart | None = None

    def parts(self) -> list[tuple[str, DatePart]]:
        """The parts that are given, as (name, part), in the order of DATE_PARTS."""
        return [(name, part) for name in DATE_PARTS if (part := getattr(self, name)) is not None]

    @property
    def precision(self) -> str:
        return "day" if self.day else "month" if self.month else "year"


@dataclass
class EventDate(DatePoint):
    """When an event happened: one date (year, month, day), or a range (earliest, latest) when that is
    all the evidence gives; the reasoning behind every inferred part; the date as the articles write it."""

    earliest: DatePoint | None = None
    latest: DatePoint | None = None
    inferences: list[Inference] = field(default_factory=list)
    as_written: str | None = None

    @property
    def is_range(self) -> bool:
        return self.earliest is not None or self.latest is not None

    def ends(self) -> list[tuple[str, DatePoint]]:
        """("", the date) for a single date; ("earliest", ...), ("latest", ...) for a range."""
        if self.is_range:
            return [(name, end) for name, end in (("earliest", self.earliest), ("latest", self.latest)) if end is not None]
        return [("", self)]

    @property
    def precision(self) -> str:
        return "range" if self.is_range else super().precision


@dataclass
class EventOrder(Record):
    """A cited before/after fact between this event and another, where an article gives the order."""

    id: str = ""
    event: str = ""
    note: str | None = None
    citations: list[Citation] = field(default_factory=list)


@dataclass
class Event(Record):
    id: str = ""
    title: str = ""
    text: str = ""
    date: EventDate | None = None
    after: list[EventOrder] = field(default_factory=list)
    before: list[EventOrder] = field(default_factory=list)
    sequence: int | None = None
    place: str | None = None
    participants: list[str] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)


@dataclass
class Quote(Record):
    id: str = ""
    speaker: Voice | None = None
    addressee: str | None = None
    event: str | None = None
    context: str | None = None
    citations: list[Citation] = field(default_factory=list)


@dataclass
class Claim(Record):
    id: str = ""
    topic: str = ""
    text: str = ""
    attribution: Voice | None = None
    about: list[str] = field(default_factory=list)
    event: str | None = None
    citations: list[Citation] = field(default_factory=list)


@dataclass
class Answer(Record):
    id: str = ""
    text: str = ""
    attribution: Voice | None = None
    concerns: list[str] = field(default_factory=list)  # records that state this side (e.g. a quote given to one speaker)
    citations: list[Citation] = field(default_factory=list)


@dataclass
class Disagreement(Record):
    id: str = ""
    question: str = ""
    kind: str = "substance"
    topic: str | None = None
    about: list[str] = field(default_factory=list)
    concerns: list[str] = field(default_factory=list)  # records the question puts in doubt without taking a side
    answers: list[Answer] = field(default_factory=list)


@dataclass
class TranscriptLine(Record):
    """One line of a reconstructed exchange: a quote (by id) or a cited description of an action."""

    id: str = ""
    quote: str | None = None
    action: str | None = None
    speaker: Voice | None = None
    note: str | None = None
    citations: list[Citation] = field(default_factory=list)


@dataclass
class Transcript(Record):
    id: str = ""
    title: str = ""
    event: str | None = None
    summary: str | None = None
    lines: list[TranscriptLine] = field(default_factory=list)


@dataclass
class Omission(Record):
    """A passage deliberately not turned into a record, with the reason written down."""

    id: str = ""
    reason: str = ""
    citations: list[Citation] = field(default_factory=list)


@dataclass
class Correction(Record):
    """One entry of the corrections log: which published statements were corrected, when, and why."""

    id: str = ""
    date: datetime.date = datetime.date.min
    statements: list[str] = field(default_factory=list)
    wrong: str = ""
    now: str = ""
    why: str = ""


@dataclass
class Name(Record):
    """A name the articles use that is not a person's: a title of a work, a news outlet, an
    organisation, a place.

    Declared so that the grounding check knows it: a statement that names an outlet, an organisation
    or a place must find it in its passages; a title names a work, and in quotation marks it is a
    title, not a quotation of the articles.
    """

    name: str = ""
    kind: str = "title"
    aliases: list[str] = field(default_factory=list)
    note: str | None = None


@dataclass
class Content:
    """Everything loaded from content/, in file order."""

    sources: list[Source] = field(default_factory=list)
    topics: list[Topic] = field(default_factory=list)
    people: list[Person] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    quotes: list[Quote] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    disagreements: list[Disagreement] = field(default_factory=list)
    transcripts: list[Transcript] = field(default_factory=list)
    omissions: list[Omission] = field(default_factory=list)
    corrections: list[Correction] = field(default_factory=list)
    names: list[Name] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
