"""Where every page and record lives in the built site, and links between them."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass

from .resolve import Index

HOME = "index.md"
PEOPLE = "people/index.md"
QUOTES = "quotes/index.md"
CLAIMS = "claims/index.md"
TIMELINE = "timeline.md"
DISAGREEMENTS = "disagreements.md"
SOURCES = "sources/index.md"
TRANSCRIPTS = "transcripts/index.md"
COMPARE = "compare.md"
CORRECTIONS = "corrections.md"
ERROR_CODES = "error-codes.md"  # what each code of `explainer check` means (codes.py)
EXPORT = "data/explainer.json"
ANNOTATIONS = "data/annotations.jsonld"
# At the root: Material fetches sitemap.xml beside every <link rel="alternate">, and there it exists.
CORRECTIONS_FEED = "corrections.atom"


def person_page(person_id: str) -> str:
    return f"people/{person_id}.md"


def quote_page(quote_id: str) -> str:
    return f"quotes/{quote_id}.md"


def topic_page(topic_id: str) -> str:
    return f"claims/{topic_id}.md"


def transcript_page(transcript_id: str) -> str:
    return f"transcripts/{transcript_id}.md"


def source_page(source_id: str) -> str:
    return f"sources/{source_id}.md"


@dataclass(frozen=True)
class Urls:
    """Maps source paths of pages to their URLs, as MkDocs does with or without directory URLs."""

    directory_urls: bool = True

    def page_url(self, src_uri: str) -> str:
        stem, _ = posixpath.splitext(src_uri)
        if not self.directory_urls:
            return stem + ".html"
        if stem == "index":
            return ""
        if stem.endswith("/index"):
            return stem[: -len("index")]
        return stem + "/"

    @staticmethod
    def relative(target: str, from_url: str) -> str:
        """A link from the page at `from_url` to `target` (a site URL, maybe with '#anchor')."""
        path, _, anchor = target.partition("#")
        suffix = f"#{anchor}" if anchor else ""
        if path == from_url and suffix:
            return suffix
        base = from_url if from_url == "" or from_url.endswith("/") else posixpath.dirname(from_url) + "/"
        rel = posixpath.relpath(path or ".", base or ".")
        if (path == "" or path.endswith("/")) and not rel.endswith("/"):
            rel += "/"
        return rel + suffix


def home_page_of(index: Index, record_id: str) -> tuple[str, str]:
    """The page (source path) where a record is shown, and its anchor there ('' for a whole page)."""
    kind = index.records[record_id][0]
    if kind == "person":
        return person_page(record_id), ""
    if kind == "quote":
        return quote_page(record_id), ""
    if kind == "source":
        return source_page(record_id), ""
    if kind == "topic":
        return topic_page(record_id), ""
    if kind == "transcript":
        return transcript_page(record_id), ""
    if kind == "correction":
        return CORRECTIONS, record_id
    if kind == "transcript-line":
        return transcript_page(index.transcript_of_line[record_id]), record_id
    if kind == "omission":
        return source_page(index.statement_by_id[record_id].citations[0].source), record_id
    if kind in ("event", "order", "inference"):
        return TIMELINE, record_id
    if kind == "claim":
        return topic_page(index.claims[record_id].topic), record_id
    if kind in ("disagreement", "answer"):
        return DISAGREEMENTS, record_id
    owner = index.statement_by_id[record_id].owner
    if kind == "source-fact":
        return source_page(owner or ""), record_id
    return person_page(owner or ""), record_id  # person-fact, relation
