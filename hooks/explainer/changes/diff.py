"""Compare two verified versions of the content as records: what a reader would see change.

Records are matched by id. Each record is flattened into the values a reader sees, walking the
model's fields generically (a nested value such as an event's date becomes `date.year`,
`date.year_basis`, ...), so a new field or a new shape of a field is compared without changes here;
the schema says which fields are editor text (compared word by word) and which are references.
Citations are compared by the passages they pin in the seeds; coverage and independent-report
counts are recomputed on both sides.

Texts are written by editors, and comparing words is quadratic or worse on repetitive text: each word
diff has a budget of work (DIFF_WORK). Past it the words both sides begin and end with are set aside,
the sentences the rest shares are matched, then the words of each stretch that differs, within the
same budget again; a stretch that does not fit
is shown deleted and inserted whole, with a note saying so. A diff never shows a changed text as
unchanged.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from explainer.content import model, schema
from explainer.evidence.verify import Located
from explainer.site.sitemodel import SiteModel
from explainer.text.textmatch import BoundedMatcher, OverBudget, normalize_passage

Scalar = str | int | float | bool | tuple[Any, ...]

# Never shown to readers: the seed's checksum guards the evidence, it is not part of it.
HIDDEN_FIELDS = {"sha256"}
SKIPPED_FIELDS = {"pos", "marks", "item_marks", "id", "citations"}
# Values that say the same as leaving their record out: `attribution: {kind: article}` is the default voice.
DEFAULTS = {"attribution.kind": "article"}
_TOKEN = re.compile(r"\w+|[^\w\s]+|\s+")
# Work for one word diff (see BoundedMatcher): the longest texts compared word by word in full take a few
# hundred thousand; a long text that repeats a few words over and over would take minutes.
DIFF_WORK = 2_000_000
_SENTENCE_END = re.compile(r"[.!?;]$")
WHOLE_NOTE = "(too long and repetitive to compare word by word: the changed part is shown replaced whole)"


def _schema_types() -> dict[type, dict[str, schema.Type]]:
    """For every record kind, its keys' declared types."""
    return {cls: {k.name: k.type for k in schema.declared_keys(cls)} for cls in schema.kinds(model.Content)}


FIELD_TYPES = _schema_types()


@dataclass(frozen=True)
class WordOp:
    op: str  # "equal", "delete" or "insert"; or "note", a remark on the diff that is text of neither side
    text: str


@dataclass(frozen=True)
class FieldChange:
    path: str  # dotted, e.g. "text", "date.month", "speaker.person"
    old: Scalar | None  # None: not set on that side
    new: Scalar | None
    kind: str = "value"  # "text" (editor text), "reference" (an id), "value"
    words: tuple[WordOp, ...] = ()  # for editor text set on both sides

    @property
    def area(self) -> str:
        """What the change is about, for reviewers: date, attribution, text or other."""
        head = self.path.split(".", 1)[0]
        if head == "date":
            return "date"
        if head in ("attribution", "speaker", "delivery"):  # who gave the words, and how
            return "attribution"
        return "text" if self.kind == "text" else "other"


@dataclass(frozen=True)
class Passage:
    source: str
    text: str
    note: str | None = None
    via: str | None = None  # the outlet the article says it relays the passage from


@dataclass(frozen=True)
class CitationChange:
    change: str  # "added", "removed", "re-pointed" (same article, another passage), "note" or "relay"
    source: str
    old: Passage | None
    new: Passage | None


@dataclass(frozen=True)
class RecordChange:
    id: str
    kind: str  # the record's kind on the newer side it exists on: claim, event, answer, person, ...
    status: str  # "added", "removed" or "changed"
    statement: bool  # a statement (it carries citations) rather than a person, topic, ...
    label: str  # what the record says or is called, on the newest side it exists on
    url: str  # its place in the site, on the newest side it exists on
    owner: str | None = None  # label of the record that holds it (the person of a fact, ...)
    fields: tuple[FieldChange, ...] = ()
    citations: tuple[CitationChange, ...] = ()
    support: tuple[tuple[int, int] | None, tuple[int, int] | None] = (None, None)  # (articles, independent) each side
    # The disagreements of substance that mark it disputed, each side: a reader sees the mark change.
    disputed: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())

    @property
    def areas(self) -> set[str]:
        """The kinds of change: reworded, re-dated, attribution, citations, reports, other."""
        found = {{"text": "reworded", "date": "re-dated"}.get(f.area, f.area) for f in self.fields}
        if self.citations:
            found.add("citations")
        if self.status == "changed" and self.support[0] != self.support[1]:
            found.add("reports")
        if self.status == "changed" and self.disputed[0] != self.disputed[1]:
            found.add("disputes")
        return found


@dataclass(frozen=True)
class CoverageChange:
    source: str
    label: str
    old: tuple[int, int, float] | None  # sentences cited, sentences, share of text cited
    new: tuple[int, int, float] | None


@dataclass(frozen=True)
class PageChange:
    path: str  # a hand-written page, e.g. docs/index.md
    status: str  # "added", "removed" or "changed"


@dataclass
class ContentDiff:
    records: list[RecordChange] = field(default_factory=list)
    coverage: list[CoverageChange] = field(default_factory=list)
    pages: list[PageChange] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        """Whether a reader would see any difference."""
        return bool(self.records or self.coverage or self.pages)

    def summary(self) -> dict[str, int]:
        statements = [r for r in self.records if r.statement]
        citation_changes = [c for r in self.records if r.status == "changed" for c in r.citations]
        return {
            "statements added": sum(1 for r in statements if r.status == "added"),
            "statements removed": sum(1 for r in statements if r.status == "removed"),
            "statements reworded": sum(1 for r in statements if r.status == "changed" and "reworded" in r.areas),
            "citations added": sum(1 for c in citation_changes if c.change == "added"),
            "citations removed": sum(1 for c in citation_changes if c.change == "removed"),
            "citations re-pointed": sum(1 for c in citation_changes if c.change == "re-pointed"),
            "citation notes changed": sum(1 for c in citation_changes if c.change == "note"),
            "events re-dated": sum(
                1 for r in self.records if r.kind == "event" and r.status == "changed" and "re-dated" in r.areas
            ),
            "disagreement answers changed": sum(1 for r in statements if r.kind == "answer"),
            "quote attributions changed": sum(
                1 for r in statements if r.kind == "quote" and r.status == "changed" and "attribution" in r.areas
            ),
            "other attributions changed": sum(
                1 for r in statements if r.kind != "quote" and r.status == "changed" and "attribution" in r.areas
            ),
            "independent-report counts changed": sum(1 for r in statements if "reports" in r.areas),
            "dispute marks changed": sum(1 for r in statements if "disputes" in r.areas),
            "other records changed": sum(1 for r in self.records if not r.statement),
            "articles with changed coverage": len(self.coverage),
            "hand-written pages changed": len(self.pages),
        }


# ---- comparing two values --------------------------------------------------------------------


Opcode = tuple[str, int, int, int, int]


def _opcodes(a: list[str], b: list[str]) -> tuple[list[Opcode], bool]:
    """difflib's opcodes from `a` to `b` within DIFF_WORK; True beside them when a part could not be
    compared word by word (see the module's docstring)."""
    try:
        whole: list[Opcode] = list(BoundedMatcher(a, b, DIFF_WORK).get_opcodes())
        return whole, False
    except OverBudget:
        pass
    # Too much to compare at once: the words both sides begin and end with are set aside, the sentences the
    # rest shares are matched (a sentence is rarely repeated word for word), then the words of each stretch
    # that differs, all within DIFF_WORK.
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    a_end, b_end = len(a) - tail, len(b) - tail
    budget = [DIFF_WORK]
    a_cuts = [head + cut for cut in _sentence_cuts(a[head:a_end])]
    b_cuts = [head + cut for cut in _sentence_cuts(b[head:b_end])]
    a_sentences = ["".join(a[i:j]) for i, j in itertools.pairwise(a_cuts)]
    b_sentences = ["".join(b[i:j]) for i, j in itertools.pairwise(b_cuts)]
    opcodes: list[Opcode] = [("equal", 0, head, 0, head)] if head else []
    bounded = False
    for tag, i1, i2, j1, j2 in _bounded_opcodes(a_sentences, b_sentences, budget) or [
        ("replace", 0, len(a_sentences), 0, len(b_sentences))
    ]:
        lo_a, hi_a, lo_b, hi_b = a_cuts[i1], a_cuts[i2], b_cuts[j1], b_cuts[j2]
        if tag == "equal":
            opcodes.append(("equal", lo_a, hi_a, lo_b, hi_b))
            continue
        inner = _bounded_opcodes(a[lo_a:hi_a], b[lo_b:hi_b], budget)
        if inner is None:
            inner, bounded = [("replace", 0, hi_a - lo_a, 0, hi_b - lo_b)], True
        opcodes += [(t, x1 + lo_a, x2 + lo_a, y1 + lo_b, y2 + lo_b) for t, x1, x2, y1, y2 in inner]
    if tail:
        opcodes.append(("equal", a_end, len(a), b_end, len(b)))
    merged: list[Opcode] = []
    for op in opcodes:  # a stretch compared on its own may begin or end with words equal to the next stretch's
        if merged and op[0] == merged[-1][0] == "equal":
            merged[-1] = ("equal", merged[-1][1], op[2], merged[-1][3], op[4])
        else:
            merged.append(op)
    return merged, bounded


def _bounded_opcodes(a: list[str], b: list[str], budget: list[int]) -> list[Opcode] | None:
    """The opcodes from `a` to `b` within what is left of `budget` (which they use up), or None."""
    matcher = BoundedMatcher(a, b, budget[0])
    try:
        found: list[Opcode] = list(matcher.get_opcodes())
    except OverBudget:
        return None
    finally:
        budget[0] = max(0, matcher.budget)
    return found


def _sentence_cuts(tokens: list[str]) -> list[int]:
    """0, the index after each token that ends a sentence, and len(tokens)."""
    cuts = [0] + [i + 1 for i, token in enumerate(tokens) if _SENTENCE_END.search(token)]
    return cuts if cuts[-1] == len(tokens) else [*cuts, len(tokens)]


def word_diff(old: str, new: str) -> tuple[WordOp, ...]:
    """The words of `old` deleted and of `new` inserted; white space between two changes joins them. A
    "note" at the end says when a part was not compared word by word."""
    a, b = _TOKEN.findall(old), _TOKEN.findall(new)
    opcodes, bounded = _opcodes(a, b)
    chunks = [(tag == "equal", "".join(a[i1:i2]), "".join(b[j1:j2])) for tag, i1, i2, j1, j2 in opcodes]
    merged: list[tuple[bool, str, str]] = []  # (equal, old text, new text)
    for i, (equal, old_text, new_text) in enumerate(chunks):
        after_change = bool(merged) and not merged[-1][0]
        if not equal or (old_text.isspace() and after_change and i + 1 < len(chunks)):
            if after_change:
                merged[-1] = (False, merged[-1][1] + old_text, merged[-1][2] + new_text)
            else:
                merged.append((False, old_text, new_text))
        else:
            merged.append((True, old_text, new_text))
    ops: list[WordOp] = []
    for equal, old_text, new_text in merged:
        if equal:
            ops.append(WordOp("equal", old_text))
            continue
        if old_text.strip():
            ops.append(WordOp("delete", old_text))
        if new_text.strip():
            ops.append(WordOp("insert", new_text))
    if bounded:
        ops.append(WordOp("note", WHOLE_NOTE))
    return tuple(ops)


def _plain(text: str) -> str:
    # Line breaks in YAML are not seen by readers: compare and show text with single spaces.
    return " ".join(text.split())


def record_values(record: Any, owned: Any) -> dict[str, tuple[Scalar, str]]:
    """The reader-visible values of a record, by dotted path, each with its kind (text, reference, value).

    `owned(value)` tells whether a nested record is a record of its own (compared on its own)."""
    values: dict[str, tuple[Scalar, str]] = {}

    def kind_of(cls: type, name: str) -> str:
        declared = FIELD_TYPES.get(cls, {}).get(name)
        if isinstance(declared, schema.ListOf):
            declared = declared.item
        if isinstance(declared, schema.Text):
            return "text"
        if isinstance(declared, schema.Slug) and declared.kind is not None:
            return "reference"
        return "value"

    def walk(value: Any, path: str, kind: str) -> None:
        if value is None:
            return
        if isinstance(value, str):
            values[path] = (_plain(value) if kind == "text" else value, kind)
        elif isinstance(value, bool | int | float):
            values[path] = (value, kind)
        elif isinstance(value, Mapping):
            for key, item in value.items():
                walk(item, f"{path}.{key}" if path else str(key), kind)
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            if path and owned(value):
                return
            for f in dataclasses.fields(value):
                if f.name in SKIPPED_FIELDS or f.name in HIDDEN_FIELDS:
                    continue
                walk(getattr(value, f.name), f"{path}.{f.name}" if path else f.name, kind_of(type(value), f.name))
        elif isinstance(value, list | tuple):
            if all(isinstance(item, str | int | float | bool) for item in value):
                if value:
                    values[path] = (tuple(value), kind)
            else:
                for number, item in enumerate(value, start=1):
                    walk(item, f"{path}.{number}", kind)
        else:
            values[path] = (str(value), kind)  # dates and anything else with a plain spelling

    walk(record, "", "value")
    for path, default in DEFAULTS.items():
        prefix = path.rsplit(".", 1)[0] + "."
        if values.get(path, (None,))[0] == default and not any(p.startswith(prefix) for p in values if p != path):
            del values[path]  # written out, the default says what leaving it out says
    return values


def compare_values(
    old: Mapping[str, tuple[Scalar, str]], new: Mapping[str, tuple[Scalar, str]]
) -> tuple[FieldChange, ...]:
    changes = []
    for path in list(new) + [p for p in old if p not in new]:
        old_value, old_kind = old.get(path, (None, ""))
        new_value, new_kind = new.get(path, (None, ""))
        if old_value == new_value:
            continue
        kind = new_kind or old_kind
        words = (
            word_diff(old_value, new_value)
            if kind == "text" and isinstance(old_value, str) and isinstance(new_value, str)
            else ()
        )
        changes.append(FieldChange(path, old_value, new_value, kind, words))
    return tuple(changes)


def compare_citations(old: Iterable[Located], new: Iterable[Located]) -> tuple[CitationChange, ...]:
    """Citations matched by article and passage (typography aside); what is left over in one article
    on both sides was re-pointed, the rest added or removed."""

    def passage(c: Located) -> Passage:
        return Passage(c.source, c.exact, c.note, c.via)

    left = [passage(c) for c in old]
    right = [passage(c) for c in new]
    keys = {id(q): (q.source, normalize_passage(q.text)) for q in left}  # normalized once, not once a pair
    changes: list[CitationChange] = []
    unmatched_new: list[Passage] = []
    for p in right:
        key = (p.source, normalize_passage(p.text))
        match = next((q for q in left if keys[id(q)] == key), None)
        if match is None:
            unmatched_new.append(p)
            continue
        left.remove(match)
        if match.note != p.note:
            changes.append(CitationChange("note", p.source, match, p))
        if match.via != p.via:
            changes.append(CitationChange("relay", p.source, match, p))
    for p in unmatched_new:
        same_article = next((q for q in left if q.source == p.source), None)
        if same_article is not None:
            left.remove(same_article)
            changes.append(CitationChange("re-pointed", p.source, same_article, p))
        else:
            changes.append(CitationChange("added", p.source, None, p))
    changes += [CitationChange("removed", q.source, q, None) for q in left]
    return tuple(changes)


# ---- comparing two sites ---------------------------------------------------------------------


def _owned_by(site: SiteModel) -> Any:
    records = site.index.records

    def owned(value: Any) -> bool:
        record_id = getattr(value, "id", None)
        return isinstance(record_id, str) and record_id in records and records[record_id][1] is value

    return owned


def describe(site: SiteModel, record_id: str) -> str:
    """What a record says (a statement) or what it is called (anything else), as readers see it."""
    kind, record = site.index.records[record_id]
    if kind == "correction":
        return f"Correction of {record.date.isoformat()}: {_plain(record.now)}"  # type: ignore[attr-defined]
    return _plain(site.record_text(record_id))


def _owner(site: SiteModel, record_id: str) -> str | None:
    statement = site.index.statement_by_id.get(record_id)
    if statement is None or statement.owner is None or statement.owner not in site.index.records:
        return None
    return describe(site, statement.owner)


def _disputed_by(site: SiteModel, record_id: str) -> tuple[str, ...]:
    """The ids of the disagreements that mark a record disputed (none for a record no disagreement concerns)."""
    return tuple(d.id for d in site.index.disputes.disputed_by.get(record_id, ()))


def _support(site: SiteModel, statement_id: str) -> tuple[int, int]:
    """(articles, independent reports) a statement rests on."""
    support = site.support(statement_id)
    return (support.articles, support.independent_reports)


def compare_records(old: SiteModel, new: SiteModel) -> list[RecordChange]:
    old_owned, new_owned = _owned_by(old), _owned_by(new)
    changes: list[RecordChange] = []
    for record_id, (kind, record) in new.index.records.items():
        is_statement = record_id in new.index.statement_by_id
        new_values = record_values(record, new_owned)
        new_cites = new.verified.located.get(record_id, ())
        new_support = _support(new, record_id) if is_statement else None
        common = functools.partial(
            RecordChange,
            id=record_id,
            kind=kind,
            statement=is_statement,
            label=describe(new, record_id),
            url=new.url_of[record_id],
            owner=_owner(new, record_id),
        )
        if record_id not in old.index.records:
            fields = compare_values({}, new_values)
            changes.append(
                common(
                    status="added",
                    fields=fields,
                    citations=compare_citations((), new_cites),
                    support=(None, new_support),
                )
            )
            continue
        old_kind, old_record = old.index.records[record_id]
        old_values = record_values(old_record, old_owned)
        if old_kind != kind:
            old_values = {**old_values, "kind of record": (old_kind, "value")}
            new_values = {**new_values, "kind of record": (kind, "value")}
        fields = compare_values(old_values, new_values)
        citations = compare_citations(old.verified.located.get(record_id, ()), new_cites)
        old_support = _support(old, record_id) if record_id in old.index.statement_by_id else None
        disputed = (_disputed_by(old, record_id), _disputed_by(new, record_id))
        if fields or citations or old_support != new_support or disputed[0] != disputed[1]:
            changes.append(
                common(
                    status="changed",
                    fields=fields,
                    citations=citations,
                    support=(old_support, new_support),
                    disputed=disputed,
                )
            )
    for record_id, (kind, record) in old.index.records.items():
        if record_id in new.index.records:
            continue
        is_statement = record_id in old.index.statement_by_id
        changes.append(
            RecordChange(
                record_id,
                kind,
                "removed",
                is_statement,
                describe(old, record_id),
                old.url_of[record_id],
                _owner(old, record_id),
                compare_values(record_values(record, old_owned), {}),
                compare_citations(old.verified.located.get(record_id, ()), ()),
                (_support(old, record_id) if is_statement else None, None),
            )
        )
    return changes


def compare_coverage(old: SiteModel, new: SiteModel) -> list[CoverageChange]:
    def figures(site: SiteModel, source_id: str) -> tuple[int, int, float] | None:
        m = site.measures.get(source_id)
        return None if m is None else (m.sentences.cited, m.sentences.total, m.text_share)

    changes = []
    for source_id in list(new.measures) + [s for s in old.measures if s not in new.measures]:
        before, after = figures(old, source_id), figures(new, source_id)
        # Shares are compared as shown (one decimal of a percent), so float noise is no change.
        if (
            before is None
            or after is None
            or before[:2] != after[:2]
            or round(before[2] * 1000) != round(after[2] * 1000)
        ):
            if before != after:
                site = new if source_id in new.index.sources else old
                source = site.index.sources.get(source_id)
                changes.append(
                    CoverageChange(source_id, (source.label or source.title) if source else source_id, before, after)
                )
    return changes


def compare_pages(old: Mapping[str, bytes], new: Mapping[str, bytes]) -> list[PageChange]:
    changes = [
        PageChange(path, "added" if path not in old else "changed")
        for path in sorted(new)
        if old.get(path) != new[path]
    ]
    return changes + [PageChange(path, "removed") for path in sorted(old) if path not in new]


def compare(
    old: SiteModel,
    new: SiteModel,
    old_pages: Mapping[str, bytes] | None = None,
    new_pages: Mapping[str, bytes] | None = None,
) -> ContentDiff:
    return ContentDiff(
        compare_records(old, new), compare_coverage(old, new), compare_pages(old_pages or {}, new_pages or {})
    )
