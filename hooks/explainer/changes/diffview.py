"""Show a content diff to a reviewer: as plain text, as Markdown for a pull request, or as JSON.

The view is built once as sections of entries made of styled spans (plain, code, deleted, inserted,
quoted, link); the text and Markdown templates only decide how each style is written. Every value is
escaped on output (the environment's `finalize`): in text, control characters and the like are shown as
escapes (diagnostics.visible) and no line can be read as a workflow command; in Markdown, editor text can
add no markup (link, image, HTML, table cell, heading, code, math), mention no one and reference no issue.
A `limit` is in bytes of UTF-8, which GitHub's limits never exceed (a comment's 65,536 characters, a job
summary's 1 MiB): whole entries are left out from the end, and the view says how many.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

import jinja2

from explainer.changes.diff import CitationChange, ContentDiff, FieldChange, Passage, RecordChange
from explainer.content.catalogue import english
from explainer.core.compiled_templates import COMPILED
from explainer.core.diagnostics import inert_lines, json_text, visible
from explainer.site.sitemodel import KIND_IDS, SiteModel

# The diff is for editors, in English: records are named as the English pages name them.
KIND_NAMES = {
    **{kind: english().text(f"kind.{kind}") for kind in KIND_IDS},
}


# A "note" (a part too long and repetitive to compare word by word) is the diff's remark, in its own style.
_WORD_STYLES = {"equal": "plain", "delete": "del", "insert": "ins", "note": "strong"}


@dataclass(frozen=True)
class Span:
    style: str  # "plain", "strong", "code", "del", "ins", "quote" or "link"
    text: str
    href: str | None = None


Line = tuple[Span, ...]


@dataclass(frozen=True)
class Entry:
    head: Line
    lines: tuple[Line, ...] = ()


@dataclass(frozen=True)
class Section:
    title: str
    entries: tuple[Entry, ...] = ()
    table: tuple[tuple[Line, ...], ...] = ()  # first row: the header
    note: str = ""


@dataclass
class View:
    old: str
    new: str
    summary: list[tuple[str, int]]
    sections: list[Section] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    omitted: int = 0


@dataclass(frozen=True)
class Links:
    """Where a changed record can be looked at: the built site of the newer side, published at
    `site_url`, or uploaded as an artifact (a zip) at `artifact_url`, inside which a page is a file."""

    site_url: str | None = None
    artifact_url: str | None = None

    def to(self, url: str, exists: bool = True) -> Span:
        if not exists:
            return Span("plain", f"was at {url or '/'}")
        if self.site_url:
            return Span("link", url or "/", self.site_url.rstrip("/") + "/" + url)
        path = artifact_path(url)
        if self.artifact_url:
            return Span("link", path, self.artifact_url)
        return Span("code", path)


def artifact_path(url: str) -> str:
    """The file inside the built site that serves `url` (directory URLs end in index.html)."""
    page, _, anchor = url.partition("#")
    if page == "" or page.endswith("/"):
        page += "index.html"
    return page + (f"#{anchor}" if anchor else "")


# ---- building the view -----------------------------------------------------------------------


def _clip(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


# A change of a passage's note or relay: what the line calls it, and the Passage field that holds it.
_CITATION_VALUES = {"note": ("note", "note"), "relay": ("relays", "via")}


def _value(value: Any) -> str:
    if value is None:
        return "(not set)"
    if isinstance(value, tuple):
        return ", ".join(map(str, value)) if value else "(none)"
    return str(value)


class _Builder:
    def __init__(self, diff: ContentDiff, old: SiteModel, new: SiteModel, links: Links) -> None:
        self.diff, self.old, self.new, self.links = diff, old, new, links

    def source_label(self, source_id: str) -> str:
        for site in (self.new, self.old):
            source = site.index.sources.get(source_id)
            if source is not None:
                return source.label or source.title
        return source_id

    def reference(self, value: Any) -> list[Span]:
        if not isinstance(value, str):
            return [Span("plain", _value(value))]
        for site in (self.new, self.old):
            if value in site.index.records:
                label = site.label(value)
                return [Span("code", value)] + ([Span("plain", f" ({_clip(label, 80)})")] if label != value else [])
        return [Span("code", value)]

    def field_line(self, change: FieldChange, status: str) -> Line:
        # A date part's `value` is the part itself: "date day: 3 → 4", "date day basis: stated → inferred".
        name = Span("plain", " ".join(change.path.removesuffix(".value").replace("_", " ").split(".")) + ": ")
        if change.words:
            spans = [
                s
                for w in change.words
                for s in (Span("plain", " "),) * (w.op == "note") + (Span(_WORD_STYLES[w.op], w.text),)
            ]
            return (name, *spans)
        if status == "added":
            return (
                (name, *self.reference(change.new))
                if change.kind == "reference"
                else (name, Span("plain", _value(change.new)))
            )
        if change.kind == "reference":
            return (name, *self.reference(change.old), Span("plain", " → "), *self.reference(change.new))
        return (
            name,
            Span("del" if change.old is not None else "plain", _value(change.old)),
            Span("plain", " → "),
            Span("ins" if change.new is not None else "plain", _value(change.new)),
        )

    def citation_line(self, change: CitationChange) -> Line:
        article = self.source_label(change.source)
        if change.change == "re-pointed" and change.old and change.new:
            return (
                Span("plain", f"citation re-pointed in {article}: "),
                Span("del", change.old.text),
                Span("plain", " → "),
                Span("ins", change.new.text),
            )
        if change.change in _CITATION_VALUES and change.old and change.new:  # a value of the same passage changed
            what, key = _CITATION_VALUES[change.change]
            return (
                Span("plain", f"citation {what} ({article}): "),
                Span("del", _value(getattr(change.old, key))),
                Span("plain", " → "),
                Span("ins", _value(getattr(change.new, key))),
            )
        passage = change.new if change.change == "added" else change.old
        assert passage is not None
        style = "ins" if change.change == "added" else "del"
        return (Span("plain", f"citation {change.change} ({article}): "), Span(style, passage.text))

    @staticmethod
    def support_text(support: tuple[int, int] | None) -> str:
        if support is None:
            return "not cited"
        articles, independent = support
        text = f"{articles} article{'s' if articles != 1 else ''}"
        if articles > 1:
            text += f", {independent} independent report{'s' if independent != 1 else ''}"
        return text

    def entry(self, change: RecordChange) -> Entry:
        kind = KIND_NAMES.get(change.kind, change.kind)
        head = (Span("plain", f"{kind} "), Span("code", change.id), Span("plain", f": {_clip(change.label)}"))
        lines: list[Line] = [(Span("plain", "page: "), self.links.to(change.url, exists=change.status != "removed"))]
        if change.owner:
            lines.append((Span("plain", f"in: {_clip(change.owner, 100)}"),))
        if change.status == "removed":
            lines += [self.citation_line(c) for c in change.citations]
            return Entry(head, tuple(lines))
        lines += [self.field_line(f, change.status) for f in change.fields]
        lines += [self.citation_line(c) for c in change.citations]
        old_support, new_support = change.support
        if change.status == "changed" and old_support != new_support:
            lines.append(
                (
                    Span("plain", "reports: "),
                    Span("del", self.support_text(old_support)),
                    Span("plain", " → "),
                    Span("ins", self.support_text(new_support)),
                )
            )
        old_disputed, new_disputed = change.disputed
        if change.status == "changed" and old_disputed != new_disputed:
            lines.append(
                (
                    Span("plain", "disputed by: "),
                    Span("del" if old_disputed else "plain", ", ".join(old_disputed) or "none"),
                    Span("plain", " → "),
                    Span("ins" if new_disputed else "plain", ", ".join(new_disputed) or "none"),
                )
            )
        return Entry(head, tuple(lines))

    def coverage_table(self) -> tuple[tuple[Line, ...], ...]:
        def cells(figures: tuple[int, int, float] | None) -> tuple[str, str]:
            if figures is None:
                return ("(no article)", "(no article)")
            cited, total, share = figures
            return (f"{cited}/{total} ({cited / total:.1%})" if total else "0/0", f"{share:.1%}")

        rows: list[tuple[Line, ...]] = [
            ((Span("plain", "article"),), (Span("plain", "sentences cited"),), (Span("plain", "text cited"),))
        ]
        for change in self.diff.coverage:
            (old_s, old_t), (new_s, new_t) = cells(change.old), cells(change.new)
            rows.append(
                (
                    (Span("plain", _clip(change.label, 100)),),
                    (Span("plain", old_s), Span("plain", " → "), Span("strong", new_s)),
                    (Span("plain", old_t), Span("plain", " → "), Span("strong", new_t)),
                )
            )
        return tuple(rows)

    def reports_section(self) -> Section | None:
        changed = [r for r in self.diff.records if r.statement and "reports" in r.areas]
        if not changed:
            return None

        def strong(site: SiteModel) -> int:
            return sum(1 for s in site.index.statements if site.support(s.id).independent_reports > 1)

        entries = tuple(
            Entry(
                (
                    Span("code", r.id),
                    Span("plain", ": "),
                    Span("del", self.support_text(r.support[0])),
                    Span("plain", " → "),
                    Span("ins", self.support_text(r.support[1])),
                )
            )
            for r in changed
        )
        note = f"Statements resting on two or more independent reports: {strong(self.old)} → {strong(self.new)}."
        return Section("Independent reports", entries, note=note)

    def build(self, old_label: str, new_label: str) -> View:
        summary = [(name, count) for name, count in self.diff.summary().items() if count]
        view = View(old_label, new_label, summary)
        for status, title in (("changed", "Changed"), ("added", "Added"), ("removed", "Removed")):
            entries = tuple(self.entry(r) for r in self.diff.records if r.status == status)
            if entries:
                view.sections.append(Section(title, entries))
        if self.diff.coverage:
            view.sections.append(Section("Coverage of the articles", table=self.coverage_table()))
        reports = self.reports_section()
        if reports is not None:
            view.sections.append(reports)
        if self.diff.pages:
            view.sections.append(
                Section(
                    "Hand-written pages",
                    tuple(Entry((Span("code", p.path), Span("plain", f" {p.status}"))) for p in self.diff.pages),
                )
            )
        if self.links.artifact_url:
            view.notes.append(
                "Links open the site-preview artifact (a zip); each page is the file named by the link, inside it."
            )
        return view


def build_view(
    diff: ContentDiff, old: SiteModel, new: SiteModel, old_label: str, new_label: str, links: Links | None = None
) -> View:
    return _Builder(diff, old, new, links or Links()).build(old_label, new_label)


# ---- writing it ------------------------------------------------------------------------------


class Raw(str):
    """Markdown the templates write themselves; never editor text."""


# Characters Markdown would read as markup ('$' is GitHub's math); < > & become entities instead.
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~$])")
# Where GitHub would see a mention (@user, @org/team: it notifies them) or an issue reference (#12, GH-12,
# owner/repo#12: it cross-links the issue): a zero-width space there breaks the pattern and reads the same.
# It is written as an entity, visible in the Markdown itself; ZWSP stands for it until entities are made
# (visible() has already written out any zero-width space the text had).
_NOTIFIES = re.compile(r"(?<=@)(?=[A-Za-z0-9])|(?<=#)(?=[0-9])|(?<=[Gg][Hh])(?=-[0-9])")
ZWSP = "\u200b"


def markdown_escape(value: Any) -> str:
    """Text that Markdown shows as it is, on one line; Raw values are the templates' own markup."""
    if isinstance(value, Raw):
        return value
    text = _NOTIFIES.sub(ZWSP, visible(re.sub(r"\s+", " ", str(value))))
    text = _MD_SPECIAL.sub(r"\\\1", text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace(ZWSP, "&#8203;")


_MARKDOWN_STYLES = {"del": "<del>{}</del>", "ins": "<ins>{}</ins>", "strong": "**{}**", "quote": "“{}”"}
_TEXT_STYLES = {"del": "[-{}-]", "ins": "{{+{}+}}", "quote": "“{}”"}


def markdown_spans(line: Line) -> Raw:
    out: list[str] = []
    for span in line:
        if span.style == "code":
            out.append(_code(span.text))
        elif span.style == "link" and span.href:
            out.append(f"[{markdown_escape(span.text)}]({_href(span.href)})")
        else:
            out.append(_MARKDOWN_STYLES.get(span.style, "{}").format(markdown_escape(span.text)))
    return Raw("".join(out))


def text_spans(line: Line) -> str:
    out = []
    for span in line:
        if span.style == "link" and span.href:
            out.append(f"{visible(span.text)} <{visible(span.href)}>")
        else:
            out.append(_TEXT_STYLES.get(span.style, "{}").format(visible(span.text)))
    return "".join(out)


def _code(value: str) -> Raw:
    """A code span holding `value` whatever it holds: its fence is longer than any run of backticks in
    it, and a space pads a value that starts or ends with one (or with a space; CommonMark strips one
    each side). A line break shows as its escape, as in a file name it is one. Not for table cells, where
    even a code span's '|' ends the cell."""
    text = visible(str(value))
    if not text.strip():
        return Raw("` `")
    fence = "`" * (max(len(run) for run in re.findall("`*", text)) + 1)
    pad = " " if text[0] in "` " or text[-1] in "` " else ""
    return Raw(f"{fence}{pad}{text}{pad}{fence}")


def _href(value: str) -> Raw:
    """A link destination: everything but an address's own delimiters percent-encoded (spaces, parentheses
    and angle brackets would end it; '$' would start math)."""
    return Raw(quote(value, safe=":/?#[]@!&'*+,;=%~"))


def template_environment(markdown: bool) -> jinja2.Environment:
    """Templates of this package for plain text, or for Markdown with every value escaped on output."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("explainer.changes", "templates"),
        autoescape=False,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=markdown_escape if markdown else _visible_value,
        bytecode_cache=COMPILED,
    )
    env.filters["code"] = _code
    env.globals["spans"] = markdown_spans if markdown else text_spans
    return env


def _visible_value(value: Any) -> str:
    return visible(str(value))


def render_view(view: View, output_format: str, limit: int | None = None) -> str:
    """The view as text or Markdown; with `limit` (bytes of UTF-8), entries are left out from the end
    until it fits, and if even no entry is too long, the tables and notes too. ValueError: not even the
    counts fit."""
    template = template_environment(output_format == "markdown").get_template(
        "diff.md" if output_format == "markdown" else "diff.txt"
    )

    def render(shown: View) -> str:
        return inert_lines(template.render(view=shown))

    if limit is None:
        return render(view)
    total = sum(len(s.entries) for s in view.sections)
    text = most_that_fit(lambda keep: render(_first_entries(view, keep)), total, limit)
    if text is None:
        rows = sum(max(0, len(s.table) - 1) for s in view.sections)  # a coverage row is a change, too
        text = render(dataclasses.replace(view, sections=[], notes=[], omitted=total + rows))
        if _size(text) > limit:
            raise ValueError(f"{limit} bytes cannot hold even the counts of this diff ({_size(text)} bytes)")
    return text


def _size(text: str) -> int:
    return len(text.encode("utf-8"))


def most_that_fit(render: Callable[[int], str], total: int, limit: int) -> str | None:
    """render(total) if it is at most `limit` bytes of UTF-8, else render(n) for the largest n that is
    (render(n) growing with n), or None when not even render(0) is."""
    text = render(total)
    if _size(text) <= limit:
        return text
    best, low, high = None, 0, total - 1
    while low <= high:
        middle = (low + high) // 2
        candidate = render(middle)
        if _size(candidate) <= limit:
            best, low = candidate, middle + 1
        else:
            high = middle - 1
    return best


def _first_entries(view: View, keep: int) -> View:
    sections = []
    total = 0
    for section in view.sections:
        entries = section.entries[: max(0, keep - total)]
        total += len(section.entries)
        if entries or section.table or not section.entries:
            sections.append(dataclasses.replace(section, entries=entries))
    omitted = sum(len(s.entries) for s in view.sections) - sum(len(s.entries) for s in sections)
    return dataclasses.replace(view, sections=sections, omitted=omitted)


def diff_json(diff: ContentDiff, sides: dict[str, dict[str, Any]]) -> str:
    def plain(value: Any) -> Any:
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            data = {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
            if isinstance(value, RecordChange):
                data["areas"] = sorted(value.areas)
            if isinstance(value, Passage) and value.via is None:
                del data["via"]  # optional in explainer-diff/1: only a passage that relays another outlet has it
            return data
        if isinstance(value, list | tuple):
            return [plain(v) for v in value]
        return value

    document = {
        "format": "explainer-diff/1",
        **sides,
        "changed": diff.changed,
        "summary": diff.summary(),
        **plain(diff),
    }
    return json_text(document, 1)
