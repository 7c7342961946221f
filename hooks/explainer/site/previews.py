"""The previews of internal links: for every record's place on the site, what a card shown on hovering or
focusing a link to it, or in the sheet a tap on it opens on a touch screen, says (its kind, its label, a short
text, its support, its dispute status).

Published as one JSON file (urls.PREVIEWS) that the script fetches from the same site the first time a reader
points at, tabs to or taps such a link (assets/previews.js), never on page load. Every word in it is plain text,
from the content or the site's catalogue; the script puts it in the page as text, never as markup.

Layout: {"words": {...}, "records": {url: preview}}. The words are the few the script shows besides a
record's own: what joins a badge to its questions, a touch sheet's close button, and the sheet's link on to
the record (open_page[kind] for a record with a page of its own, open_place for one at a place on a page).
A url is a record's place relative to the site's root exactly as the pages link to it ("people/alec-baldwin/",
"timeline/#extra-red-carpet-interview"), and a preview is {"kind", "label", "by"?, "text"?, "support"?,
"status"?, "disputed"?, "difference"?, "sides"?}:
`by` says who said a quote (whose label is its words); `support` is the name of the statement's citation
chip ("5 articles, 4 independent reports"); `status` the badge of a disputed statement, or of a
disagreement's kind (`difference`: substance, detail or wording); `disputed` the questions that dispute the
statement, as [question, url] pairs; `sides` a disagreement's answers, as [text, support] pairs.
"""

from __future__ import annotations

import json
import re
from typing import Any

from explainer.content import model
from explainer.evidence.support import Support
from explainer.site.notes import Note
from explainer.site.sitemodel import SiteModel
from explainer.text.clip import clip_at_word

LABEL_CHARS = 160  # a card's title is cut at a word near this many characters
TEXT_CHARS = 240  # and its text
SIDE_CHARS = 110  # a disagreement's answer, in its list of sides
# What a record's place says about it that its own words do not: none of these has a page or place a link
# shows (a correction is reached by its pencil mark, which gives its date; a removed record is a line of it).
LEFT_OUT = ("correction", "removed-record")
# The badge of a disagreement, by its kind (macros.html, disagreement_kind).
KIND_BADGES = {"substance": "dispute.badge", "detail": "dispute.detail_badge", "wording": "dispute.wording_badge"}


_SENTENCE_END = re.compile(r"[.!?][\"”’)]*(?=\s)")


def short(text: str, limit: int) -> str:
    """`text` on one line, and at most `limit` characters: cut after its last whole sentence that fits, when that
    keeps at least half of it, else between words with an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    ends = [m.end() for m in _SENTENCE_END.finditer(text, 0, limit)]
    if ends and ends[-1] >= limit // 2:
        return text[: ends[-1]]
    return clip_at_word(text, limit - 1)  # and its "…"


def support_name(site: SiteModel, statement_id: str, support: Support) -> str:
    """The words of a statement's support exactly as its citation chip is named (notes.Note.name)."""
    return Note(0, statement_id, support.articles, support.independent_reports, (), (), site.words).name


def _text(site: SiteModel, record_id: str, record: Any) -> str:
    """A short plain text under the label: what the record's own words add to its label."""
    words = site.words
    if isinstance(record, model.Event):
        return site.plain(record.text)
    if isinstance(record, model.Quote):
        return site.plain(record.context) if record.context else ""
    summary = getattr(record, "summary", None)
    if isinstance(summary, str) and summary:
        return site.plain(summary)
    attribution = getattr(record, "attribution", None)
    if isinstance(attribution, model.Voice) and attribution.kind != "article":
        return words.text("attribution.according_to", voice=site.voice(attribution))
    return ""


class _SupportNames:
    """Each support's name, made once per count of articles and of independent reports (it depends on those and
    the words alone; a previews file names the support of every statement)."""

    def __init__(self, site: SiteModel) -> None:
        self.site = site
        self.made: dict[tuple[int, int], str] = {}

    def of(self, statement_id: str) -> str:
        support = self.site.support(statement_id)
        key = (support.articles, support.independent_reports)
        name = self.made.get(key)
        if name is None:
            name = self.made[key] = support_name(self.site, statement_id, support)
        return name


def record_preview(site: SiteModel, record_id: str, names: _SupportNames | None = None) -> dict[str, Any]:
    """What the card of one record shows."""
    names = names or _SupportNames(site)
    words = site.words
    kind = site.kind(record_id)
    record = site.index.records[record_id][1]
    preview: dict[str, Any] = {
        "kind": words.text(f"kind.{kind}"),
        "label": short(site.subject(record_id), LABEL_CHARS),
    }
    if isinstance(record, model.Quote):
        disputed = bool(site.attributions(record_id))
        preview["by"] = words.text("quote.by_disputed" if disputed else "quote.by", speaker=site.speaker_names(record))
    text = short(_text(site, record_id, record), TEXT_CHARS)
    if text:
        preview["text"] = text
    if record_id in site.index.statement_by_id:
        preview["support"] = names.of(record_id)
        disputes = site.disputed_by(record_id) if kind != "answer" else []
        if disputes:
            preview["status"] = words.text("dispute.badge")
            preview["disputed"] = [[d.question, site.url_of[d.id]] for d in disputes]
    if isinstance(record, model.Disagreement):
        preview["difference"] = record.kind  # substance, detail or wording: how the badge is drawn
        preview["status"] = words.text(KIND_BADGES[record.kind])
        preview["sides"] = [
            [short(site.plain(a.text), SIDE_CHARS), names.of(a.id)]
            for a in record.answers
        ]
    return preview


def previews(site: SiteModel) -> dict[str, Any]:
    names = _SupportNames(site)
    records = {
        url: record_preview(site, record_id, names)
        for record_id, url in site.url_of.items()
        if site.kind(record_id) not in LEFT_OUT
    }
    words = site.words
    # What a touch sheet's link on to the record says: by its kind for a record with a page of its own ("Open the
    # person's page"); the same words for any record at a place on a page.
    open_page = {
        preview["kind"]: words.text("preview.open_page", kind=preview["kind"])
        for url, preview in records.items()
        if "#" not in url
    }
    return {
        "words": {
            # what joins a badge to its questions, and one question to the next (macros.html, disputed)
            "colon": words.text("punctuation.colon"),
            "between": words.text("list.semicolons.between"),
            "close": words.text("preview.close"),  # the touch sheet's close button
            "open_page": open_page,
            "open_place": words.text("preview.open_place"),
        },
        "records": records,
    }


def previews_json(site: SiteModel) -> str:
    """The published file: compact (it is fetched, not read), plain UTF-8."""
    return json.dumps(previews(site), ensure_ascii=False, separators=(",", ":"))
