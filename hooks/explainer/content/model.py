"""Every record kind of the explainer and every key an editor may write, each declared once.

A class is a record kind (`schema.record`): its `KIND` says what it is called and where it is shown,
its fields are the keys (`schema.key`: value type, description, default when optional). `Content` lists
the top-level sections of a content file. Validation, the reference checks, the JSON Schema and the
field reference all read these declarations; CONTRIBUTING.md says how to add a kind.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from explainer.content.schema import (
    ARTICLE,
    PARAGRAPHS,
    PUBLISHED,
    STATEMENT,
    Choice,
    Grounded,
    Integer,
    IsoDate,
    Kind,
    ListOf,
    Page,
    Slug,
    Text,
    Undisputable,
    key,
    record,
    section,
)
from explainer.content.schema import Record as Record  # the base of every kind, as model.Record
from explainer.core import codes

VOICE_KINDS = ("article", "person", "insider", "commenters", "interviewer", "unnamed")
RELATION_KINDS = ("spouse", "former-spouse", "child", "parent")
INVERSE_RELATION = {"spouse": "spouse", "former-spouse": "former-spouse", "child": "parent", "parent": "child"}
TITLE_KINDS = ("headline", "description")
DATE_BASES = ("stated", "inferred")
DATE_PARTS = ("day", "month", "year")  # in the order a badge names them: "month and year inferred"
DISAGREEMENT_KINDS = ("substance", "detail", "wording")
# How a quote's words were given, as the articles tell it: lists show any but "said" beside the words.
DELIVERIES = ("said", "written", "mouthed", "reported")
NAME_KINDS = ("title", "place")

ID = Slug()
TEXT = Text()
SHORT = Text(max_len=500)
ARTICLE_SHORT = Text(max_len=500, article=True)


@record
class Citation(Record):
    """A passage of a seed article that supports the statement."""

    KIND = Kind("citation")

    source: str = key(Slug("source"), "id of the source (seed article) that contains the passage")
    quote: str = key(
        Text(max_len=5_000, article=True),
        "the passage, copied from the article; quotes, dashes and spaces may be typed plainly",
    )
    prefix: str | None = key(
        ARTICLE_SHORT, "text just before the passage, when the passage occurs more than once", default=None
    )
    suffix: str | None = key(
        ARTICLE_SHORT, "text just after the passage, when the passage occurs more than once", default=None
    )
    occurrence: int | None = key(
        Integer(1, 10_000), "which occurrence (1 = first) when the passage occurs more than once", default=None
    )
    note: str | None = key(
        TEXT, "an editor's remark about this citation, shown to readers in the citation's preview", default=None
    )
    via: str | None = key(
        Slug("organization"),
        "id of the outlet the article says it relays this passage from ('reports Page Six', 'told Daily Mail'); "
        "its name must be in the passage's sentence, and the citation says so wherever it is shown",
        default=None,
    )


CITATIONS = ListOf(Citation, min_items=1)


@record
class Voice(Record):
    """Who a statement or quote is attributed to: the article itself, a named person, an unnamed insider,
    commenters, the interviewer, or someone else the article does not name (a child, whoever "branded" her)."""

    KIND = Kind("voice")

    kind: str = key(
        Choice(VOICE_KINDS),
        "who says it: the article itself, a named person, an unnamed insider, commenters or the interviewer",
    )
    person: str | None = key(Slug("person"), "the person's id, when kind is 'person'", default=None)
    label: str | None = key(
        SHORT,
        "how the article describes the speaker, e.g. 'a source close to the couple', 'a fourth fan'",
        default=None,
    )


ORGANIZATIONS_DOC = "ids of the organizations (outlets, shows, platforms, companies) it names"


@record
class Fact(Record):
    """A cited fact about a person, an organization or a source."""

    KIND = Kind(
        "fact",
        label="text",
        per_owner=True,
        grounded=(Grounded("text", "fact", links=("owner", "speaker", "organizations")),),
    )

    id: str = key(ID, "unique id; also the anchor on the page")
    text: str = key(TEXT, "the fact, in neutral words")
    topic: str | None = key(Slug("topic"), "id of a topic", default=None)
    attribution: Voice | None = key(Voice, "who states it; omitted means the article's own voice", default=None)
    age: int | None = key(
        Integer(0, 150),
        "the age in years this fact reports (the family tree shows it); every cited passage must print the number",
        default=None,
    )
    organizations: list[str] = key(ListOf(Slug("organization")), ORGANIZATIONS_DOC, default_factory=list)
    citations: list[Citation] = key(CITATIONS, "passages that support the fact")


@record
class Relation(Record):
    """A family relation, declared once; the other person's page shows its inverse."""

    KIND = Kind("relation", label="id", grounded=(Grounded("note", "relation note", links=("relation",)),))

    id: str = key(ID, "unique id of the relation")
    kind: str = key(
        Choice(RELATION_KINDS), "what the other person is to this one: spouse, former-spouse, child or parent"
    )
    person: str = key(Slug("person"), "id of the other person")
    note: str | None = key(TEXT, "a remark, e.g. on how the articles phrase it", default=None)
    citations: list[Citation] = key(CITATIONS, "passages that state the relation")


@record
class Person(Record):
    """Someone the articles name."""

    KIND = Kind(
        "person",
        label="name",
        page=Page(
            "people/{id}.md",
            "person.html",
            "person",
            og_type="profile",
            schema_type="Person",
            schema_page="ProfilePage",
        ),
        index=Page(
            "people/index.md",
            "people_index.html",
            "people",
        ),
    )

    id: str = key(ID, "unique id; the page is people/<id>/")
    name: str = key(SHORT, "the name as the articles give it")
    summary: str | None = key(TEXT, "one neutral line; every fact in it must also be a cited fact", default=None)
    aliases: list[str] = key(ListOf(SHORT), "other names the articles use", default_factory=list)
    facts: list[Fact] = key(ListOf(Fact), "cited facts about the person", default_factory=list)
    relations: list[Relation] = key(ListOf(Relation), "cited family relations", default_factory=list)


@record
class Organization(Record):
    """An outlet, show, platform or company the articles name."""

    KIND = Kind(
        "organization",
        label="name",
        page=Page(
            "organizations/{id}.md",
            "organization.html",
            "organization",
            schema_type="Organization",
            schema_page="ProfilePage",
        ),
        index=Page(
            "organizations/index.md",
            "organizations_index.html",
            "organizations",
        ),
    )

    id: str = key(ID, "unique id; the page is organizations/<id>/")
    name: str = key(SHORT, "the name as the articles give it")
    summary: str | None = key(TEXT, "one neutral line; every fact in it must also be a cited fact", default=None)
    aliases: list[str] = key(ListOf(SHORT), "other names the articles use", default_factory=list)
    facts: list[Fact] = key(ListOf(Fact), "cited facts about the organization", default_factory=list)


@record
class Source(Record):
    """One seed article."""

    KIND = Kind(
        "source",
        label="title",
        page=Page(
            "sources/{id}.md",
            "source.html",
            "source",
            og_type="article",
        ),
        index=Page(
            "sources/index.md",
            "sources_index.html",
            "sources",
        ),
    )

    id: str = key(ID, "unique id; the page is sources/<id>/")
    file: str = key(Text(max_len=300), "the seed file, as a path under seeds/")
    sha256: str | None = key(Text(max_len=64), "SHA-256 of the seed file's bytes", default=None)
    title: str = key(SHORT, "the article's headline, or a description written by us")
    title_kind: str = key(
        Choice(TITLE_KINDS), "'headline' when the title is the article's own first line, 'description' when we wrote it"
    )
    label: str | None = key(
        SHORT,
        "a short name; where any text mentions this source's id, readers see this name as a link to the article",
        default=None,
    )
    short_label: str | None = key(
        Text(max_len=40),
        "a name of a few words for the column of a table that compares the articles, e.g. 'Attempts to justify'",
        default=None,
    )
    facts: list[Fact] = key(
        ListOf(Fact), "what the text states about itself, e.g. where it first appeared", default_factory=list
    )


@record
class Topic(Record):
    """A heading under which claims are grouped."""

    KIND = Kind(
        "topic",
        label="title",
        page=Page(
            "claims/{id}.md",
            "claims_topic.html",
            "topic",
            summary_first=True,
            schema_page="CollectionPage",
            search_boost=2.0,  # a topic's claims rank above the many pages that merely mention their words
        ),
        index=Page(
            "claims/index.md",
            "claims_index.html",
            "claims",
        ),
    )

    id: str = key(ID, "unique id; the page is claims/<id>/")
    title: str = key(SHORT, "the topic's heading")
    summary: str | None = key(TEXT, "what the topic covers", default=None)


@record
class Inference(Record):
    """Our own reasoning, shown as inference: a conclusion the articles do not state, with the passages it rests on."""

    KIND = Kind(
        "inference", label="text", grounded=(Grounded("text", "inference", links=("owner event",), inference=True),)
    )

    id: str = key(ID, "unique id")
    text: str = key(TEXT, "the reasoning, in words")
    citations: list[Citation] = key(CITATIONS, "passages the reasoning rests on")


@record
class DatePart(Record):
    """One part of a date (its year, month or day): the number, and whether an article states it."""

    value: int = key(Integer(1, 2200), "the number")
    basis: str = key(
        Choice(DATE_BASES), "'stated' when an article gives this part of the date, 'inferred' when we reasoned it"
    )
    inference: str | None = key(
        Slug("inference"), "id of the inference that gives this part (required when basis is 'inferred')", default=None
    )


def _part_hint(name: str) -> str:
    return f"write '{name}: {{value: N, basis: stated}}', or 'basis: inferred' with 'inference: <id>'"


def _basis_doc(name: str) -> str:
    return f"'stated' when an article gives the {name}, 'inferred' when we reasoned it"


def _inference_doc(name: str) -> str:
    return f"id of the inference that gives the {name} (required when basis is 'inferred')"


@record
class Year(DatePart):
    """The year of a date, and whether an article states it or we inferred it."""

    KIND = Kind("year", shape_hint=_part_hint("year"))

    value: int = key(Integer(1800, 2200), "the year")
    basis: str = key(Choice(DATE_BASES), _basis_doc("year"))
    inference: str | None = key(Slug("inference"), _inference_doc("year"), default=None)


@record
class Month(DatePart):
    """The month of a date, and whether an article states it or we inferred it."""

    KIND = Kind("month", shape_hint=_part_hint("month"))

    value: int = key(Integer(1, 12), "the month, 1-12")
    basis: str = key(Choice(DATE_BASES), _basis_doc("month"))
    inference: str | None = key(Slug("inference"), _inference_doc("month"), default=None)


@record
class Day(DatePart):
    """The day of a date, and whether an article states it or we inferred it."""

    KIND = Kind("day", shape_hint=_part_hint("day"))

    value: int = key(Integer(1, 31), "the day of the month")
    basis: str = key(Choice(DATE_BASES), _basis_doc("day"))
    inference: str | None = key(Slug("inference"), _inference_doc("day"), default=None)


@record
class DatePoint(Record):
    """One end of a date range: a date to the year, the month or the day."""

    KIND = Kind("range end")

    year: Year | None = key(Year, "the year of this end")
    month: Month | None = key(Month, "the month of this end", default=None)
    day: Day | None = key(Day, "the day of this end (needs a month)", default=None)

    def parts(self) -> list[tuple[str, DatePart]]:
        """The parts that are given, as (name, part), in the order of DATE_PARTS."""
        return [(name, part) for name in DATE_PARTS if (part := getattr(self, name)) is not None]

    @property
    def precision(self) -> str:
        return "day" if self.day else "month" if self.month else "year"


@record
class EventDate(DatePoint):
    """When an event happened: a single date or a range, each part stated or inferred.

    One date (year, month, day), or a range (earliest, latest) when that is all the evidence gives; the
    reasoning behind every inferred part; the date as the articles write it.
    """

    KIND = Kind("date")

    year: Year | None = key(Year, "the year, for a single date", default=None)
    month: Month | None = key(Month, "the month, when the evidence gives it (needs a year)", default=None)
    day: Day | None = key(Day, "the day of the month, when the evidence gives it (needs a month)", default=None)
    earliest: DatePoint | None = key(
        DatePoint, "for a range, when the evidence gives only bounds: the earliest date it can be", default=None
    )
    latest: DatePoint | None = key(DatePoint, "for a range: the latest date it can be", default=None)
    inferences: list[Inference] = key(
        ListOf(Inference, min_items=1),
        "the reasoning behind the inferred parts; each part names the one it rests on",
        default_factory=list,
    )
    as_written: str | None = key(
        SHORT, "the date as the articles write it, e.g. 'last week', 'Wednesday, March 19'", default=None
    )

    @property
    def is_range(self) -> bool:
        return self.earliest is not None or self.latest is not None

    def ends(self) -> list[tuple[str, DatePoint]]:
        """("", the date) for a single date; ("earliest", ...), ("latest", ...) for a range."""
        if self.is_range:
            return [
                (name, end) for name, end in (("earliest", self.earliest), ("latest", self.latest)) if end is not None
            ]
        return [("", self)]

    @property
    def precision(self) -> str:
        return "range" if self.is_range else super().precision


@record
class EventOrder(Record):
    """A before/after fact between two events, where an article gives it."""

    KIND = Kind("order", grounded=(Grounded("note", "order note", links=("order",)),))

    id: str = key(ID, "unique id of this before/after fact")
    event: str = key(Slug("event"), "id of the other event")
    note: str | None = key(TEXT, "a remark, e.g. the interval the article gives ('ten days after')", default=None)
    citations: list[Citation] = key(CITATIONS, "passages that give the order")


@record
class Event(Record):
    """Something that happened."""

    KIND = Kind(
        "event",
        label="title",
        grounded=tuple(
            Grounded(key, what, links=("participants", "organizations"))
            for key, what in (("title", "event title"), ("text", "event"), ("place", "event place"))
        ),
        index=Page(
            "timeline.md",
            "timeline.html",
            "timeline",
        ),
    )

    id: str = key(ID, "unique id; the anchor on the timeline")
    title: str = key(SHORT, "a short neutral title")
    text: str = key(TEXT, "what happened")
    date: EventDate | None = key(EventDate, "when; omit when the articles do not say", default=None)
    after: list[EventOrder] = key(
        ListOf(EventOrder), "events this one came after, where an article says so", default_factory=list
    )
    before: list[EventOrder] = key(
        ListOf(EventOrder), "events this one came before, where an article says so", default_factory=list
    )
    sequence: int | None = key(
        Integer(0, 1_000_000),
        "where to list it among events the evidence leaves unordered (never an order of its own; it must agree "
        "with the dates and relations)",
        default=None,
    )
    place: str | None = key(SHORT, "where, as the articles say", default=None)
    participants: list[str] = key(ListOf(Slug("person")), "ids of the people who took part", default_factory=list)
    organizations: list[str] = key(ListOf(Slug("organization")), ORGANIZATIONS_DOC, default_factory=list)
    citations: list[Citation] = key(CITATIONS, "passages that report the event")


@record
class Quote(Record):
    """Words someone said or wrote, as each article prints them."""

    KIND = Kind(
        "quote",
        page=Page(
            "quotes/{id}.md",
            "quote.html",
            # Titled by its words (page.quote.title): many quotes share a speaker, and search results must
            # tell them apart (so it needs no search boost).
            "quote",
            schema_type="Quotation",
        ),
        index=Page("quotes/index.md", "quotes_index.html", "quotes"),
        grounded=(
            Grounded("context", "quote context", PARAGRAPHS, ("quote", "organizations", "event"), quotable=ARTICLE),
        ),
    )

    id: str = key(ID, "unique id; the page is quotes/<id>/")
    speaker: Voice = key(Voice, "who said it")
    addressee: str | None = key(Slug("person"), "id of the person spoken to", default=None)
    event: str | None = key(Slug("event"), "id of the event where it was said", default=None)
    context: str | None = key(TEXT, "a neutral line on the circumstances", default=None)
    delivery: str = key(
        Choice(DELIVERIES),
        "how the words were given, as the articles tell it: 'said' (default: reported as said); 'written' (a "
        "caption, a post, a comment); 'mouthed' (not said aloud); 'reported' (the article's own wording of what "
        "was said, quoting a word or a few: reported speech). Every list shows it beside the words",
        default="said",
    )
    organizations: list[str] = key(ListOf(Slug("organization")), ORGANIZATIONS_DOC, default_factory=list)
    citations: list[Citation] = key(CITATIONS, "each article's own wording of the quote, one citation per article")


@record
class Claim(Record):
    """A fact the articles state."""

    KIND = Kind(
        "claim",
        label="text",
        grounded=(Grounded("text", "claim", links=("about", "speaker", "organizations", "event")),),
    )

    id: str = key(ID, "unique id; the anchor on the topic page")
    topic: str = key(Slug("topic"), "id of the topic")
    text: str = key(TEXT, "the statement, in neutral words")
    attribution: Voice | None = key(Voice, "who states it; omitted means the article's own voice", default=None)
    about: list[str] = key(ListOf(Slug("person")), "ids of the people it concerns", default_factory=list)
    event: str | None = key(Slug("event"), "id of the event it concerns", default=None)
    organizations: list[str] = key(ListOf(Slug("organization")), ORGANIZATIONS_DOC, default_factory=list)
    citations: list[Citation] = key(CITATIONS, "passages that support it")

    def shown_with(self) -> str | None:
        return self.topic


@record
class Answer(Record):
    """One side of a disagreement."""

    KIND = Kind(
        "answer",
        label="text",
        grounded=(Grounded("text", "answer", links=("question", "speaker", "organizations")),),
        undisputable=Undisputable(
            codes.CONCERNS_AN_ANSWER,
            "is an answer of a disagreement",
            "answers are disputed already; name the records that state a side",
        ),
    )

    id: str = key(ID, "unique id; the anchor of this answer")
    text: str = key(TEXT, "this side's answer")
    attribution: Voice | None = key(Voice, "who gives it; omitted means the article's own voice", default=None)
    concerns: list[str] = key(
        ListOf(Slug(STATEMENT)),
        "ids of the records that state this side (e.g. the quote as given to one speaker); they are marked as disputed",
        default_factory=list,
    )
    organizations: list[str] = key(ListOf(Slug("organization")), ORGANIZATIONS_DOC, default_factory=list)
    citations: list[Citation] = key(CITATIONS, "passages that give this answer")


@record
class Disagreement(Record):
    """A place where the articles differ on substance."""

    KIND = Kind(
        "disagreement",
        label="question",
        index=Page(
            "disagreements.md",
            "disagreements.html",
            "disagreements",
            search_boost=4.0,  # what readers come for
        ),
    )

    id: str = key(ID, "unique id; the anchor on the disagreements page")
    question: str = key(SHORT, "the question the articles answer differently")
    kind: str = key(
        Choice(DISAGREEMENT_KINDS),
        "'substance' (default) when the accounts cannot all be true; 'detail' when they tell it differently in "
        "ways that may all be true (one says more, or gives another detail; it disputes nothing); 'wording' for "
        "spelling or house style",
        default="substance",
    )
    topic: str | None = key(Slug("topic"), "id of a topic", default=None)
    about: list[str] = key(ListOf(Slug("person")), "ids of the people it concerns", default_factory=list)
    concerns: list[str] = key(
        ListOf(Slug(STATEMENT)),
        "ids of the records the question puts in doubt without taking a side; they are marked as disputed",
        default_factory=list,
    )
    answers: list[Answer] = key(ListOf(Answer, min_items=2), "the competing answers, each cited")


@record
class TranscriptLine(Record):
    """One line of a reconstructed exchange: a quote (by id) or a cited description of an action."""

    KIND = Kind(
        "transcript line",
        label="action",
        grounded=(
            Grounded("action", "transcript line", links=("line speaker", "transcript event")),
            Grounded("note", "transcript note", PARAGRAPHS, ("line speaker", "transcript event"), transcript=True),
        ),
    )

    id: str = key(ID, "unique id; the anchor of the line")
    quote: str | None = key(
        Slug("quote"), "id of the quote spoken on this line (its wordings are the citations)", default=None
    )
    action: str | None = key(
        TEXT, "a neutral description of what happens, for a line that is not a quote", default=None
    )
    speaker: Voice | None = key(Voice, "who acts, for an action line", default=None)
    note: str | None = key(
        TEXT, "what the articles leave uncertain here: the order, the speaker, the wording", default=None
    )
    citations: list[Citation] = key(
        ListOf(Citation, min_items=1),
        "passages that report an action line (quote lines cite through their quote)",
        default_factory=list,
    )


@record
class Transcript(Record):
    """An exchange reconstructed line by line from the articles."""

    KIND = Kind(
        "transcript",
        label="title",
        page=Page("transcripts/{id}.md", "transcript.html", "transcript", summary_first=True),
        index=Page(
            "transcripts/index.md",
            "transcripts_index.html",
            "transcripts",
        ),
    )

    id: str = key(ID, "unique id; the page is transcripts/<id>/")
    title: str = key(SHORT, "the transcript's heading")
    event: str | None = key(Slug("event"), "id of the event it reconstructs", default=None)
    summary: str | None = key(TEXT, "what the transcript covers and how it was reconstructed", default=None)
    lines: list[TranscriptLine] = key(ListOf(TranscriptLine, min_items=1), "the lines, in order")


@record
class Omission(Record):
    """Passages deliberately left out, with the reason written down."""

    # A reason says why passages are left out, and what elsewhere in the article covers them.
    KIND = Kind(
        "omission",
        label="reason",
        grounded=(Grounded("reason", "omission reason", ARTICLE),),
        undisputable=Undisputable(
            codes.CONCERNS_AN_OMISSION,
            "is a passage left out, which states nothing",
            "name the records that state a side",
        ),
    )

    id: str = key(ID, "unique id")
    reason: str = key(TEXT, "why these passages are not turned into records")
    citations: list[Citation] = key(CITATIONS, "the passages left out")

    def shown_with(self) -> str | None:
        return self.citations[0].source


@record
class Removed(Record):
    """A published record that a correction took away. Its id stays taken, so that what named it (an earlier
    entry of the log) still leads somewhere: to this line of the log, which says what readers saw."""

    KIND = Kind("removed record", label="was")

    id: str = key(ID, "the id the record had; no record can take it again")
    was: str = key(TEXT, "what readers saw, e.g. 'The disagreement \"Who says ...?\" and its two answers.'")


@record
class Correction(Record):
    """An entry of the corrections log: published words that were changed because they were wrong.

    What it corrects is a statement, or the words of any other record readers see: a person's or a topic's
    summary, a transcript line's note, a source's title.
    """

    KIND = Kind(
        "correction",
        label="id",
        published=False,  # the log itself is never corrected: an entry is published once and kept
        index=Page(
            "corrections.md",
            "corrections.html",
            "corrections",
        ),
    )

    id: str = key(ID, "unique id; the anchor of the entry on the corrections page and in the feed")
    date: datetime.date = key(IsoDate(), "the day the correction was published, YYYY-MM-DD")
    statements: list[str] = key(
        ListOf(Slug(PUBLISHED), min_items=1),
        "ids of the published records it corrects: statements, or any other record whose words readers see "
        "(a person, organization, topic or transcript for its summary, a transcript line for its note); "
        "required unless the entry only removes records",
        default_factory=list,
    )
    removed: list[Removed] = key(
        ListOf(Removed, min_items=1),
        "the published records it took away, each with its id and what readers saw",
        default_factory=list,
    )
    wrong: str = key(TEXT, "what the statements said that was wrong")
    now: str = key(TEXT, "what they say now")
    why: str = key(TEXT, "why: what showed the mistake, e.g. a closer reading of the cited passage")
    withdraws: list[str] = key(
        ListOf(SHORT, min_items=1),
        "the phrasings it took back, as they were written (a few words each); `explainer check` reports every "
        "other record or hand-written page that still says one, or nearly",
        default_factory=list,
    )

    @property
    def named(self) -> list[str]:
        """Every record the entry names: those it corrects, then those it took away."""
        return [*self.statements, *(r.id for r in self.removed)]


@record
class Name(Record):
    """A name that is neither a person's nor an organization's (they have records of their own).

    A title of a work or a place. Declared so that the grounding check knows it: a statement that
    names a place must find it in its passages; a title names a work, and in quotation marks it is a
    title, not a quotation of the articles.
    """

    KIND = Kind("name", published=False)  # read by the grounding check; readers see no record of it

    name: str = key(SHORT, "the name exactly as the articles write it, e.g. a series' title, 'New York City'")
    kind: str = key(
        Choice(NAME_KINDS),
        "'title' of a work (series, film); 'place'. Outlets, shows, platforms and companies are "
        "organizations (organizations:)",
    )
    aliases: list[str] = key(ListOf(SHORT), "other forms the articles use, e.g. 'NYC'", default_factory=list)
    note: str | None = key(TEXT, "what the name is, for editors", default=None)


@dataclass
class Content:
    """Everything loaded from content/, in file order: one list per section of a content file."""

    sources: list[Source] = section(Source)
    topics: list[Topic] = section(Topic)
    people: list[Person] = section(Person)
    organizations: list[Organization] = section(Organization)
    events: list[Event] = section(Event)
    quotes: list[Quote] = section(Quote)
    claims: list[Claim] = section(Claim)
    disagreements: list[Disagreement] = section(Disagreement)
    transcripts: list[Transcript] = section(Transcript)
    omissions: list[Omission] = section(Omission)
    corrections: list[Correction] = section(Correction)
    names: list[Name] = section(Name)
    files: list[str] = field(default_factory=list)
