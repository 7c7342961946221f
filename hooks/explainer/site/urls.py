"""Where every page and record lives in the built site, and links between them."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass

from explainer.content import model
from explainer.content.schema import Page, Record
from explainer.evidence.resolve import Index


def _index_of(cls: type[Record]) -> str:
    page = cls.KIND.index
    if page is None:
        raise TypeError(f"{cls.__name__} has no index page")
    return page.path


def _own_page(cls: type[Record]) -> Page:
    page = cls.KIND.page
    if page is None:
        raise TypeError(f"{cls.__name__} has no page of its own")
    return page


HOME = "index.md"
PEOPLE = _index_of(model.Person)
QUOTES = _index_of(model.Quote)
CLAIMS = _index_of(model.Topic)
TIMELINE = _index_of(model.Event)
DISAGREEMENTS = _index_of(model.Disagreement)
SOURCES = _index_of(model.Source)
TRANSCRIPTS = _index_of(model.Transcript)
CORRECTIONS = _index_of(model.Correction)
REFERENCE = "reference.md"  # the content reference, generated from the declarations (see reference.py)
COMPARE = "compare.md"  # the articles side by side (see compare.py)
ERROR_CODES = "error-codes.md"  # what each code of `explainer check` means (core/codes/)
EXPORT = "data/explainer.json"
ANNOTATIONS = "data/annotations.jsonld"
PREVIEWS = "data/previews.json"  # what a link to a record previews (previews.py; fetched by assets/previews.js)
# At the root: Material fetches sitemap.xml beside every <link rel="alternate">, and there it exists.
CORRECTIONS_FEED = "corrections.atom"


def person_page(person_id: str) -> str:
    return _own_page(model.Person).path_of(person_id)


def quote_page(quote_id: str) -> str:
    return _own_page(model.Quote).path_of(quote_id)


def topic_page(topic_id: str) -> str:
    return _own_page(model.Topic).path_of(topic_id)


def transcript_page(transcript_id: str) -> str:
    return _own_page(model.Transcript).path_of(transcript_id)


def source_page(source_id: str) -> str:
    return _own_page(model.Source).path_of(source_id)


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
        # The page's folder: a page at the top without directory URLs (timeline.html) is in the site's root, "".
        folder = posixpath.dirname(from_url)
        base = from_url if from_url == "" or from_url.endswith("/") else (folder + "/" if folder else "")
        rel = _relpath(path or ".", base or ".")
        if (path == "" or path.endswith("/")) and not rel.endswith("/"):
            rel += "/"
        return rel + suffix


def _relpath(path: str, start: str) -> str:
    """posixpath.relpath for two site URLs, without asking the system for the working folder (twice a link, and
    a page has hundreds): with neither absolute nor climbing out with "..", that folder is a common prefix of
    both and drops out. Anything else goes to posixpath.relpath."""
    to = [part for part in path.split("/") if part and part != "."]
    at = [part for part in start.split("/") if part and part != "."]
    if path.startswith("/") or start.startswith("/") or ".." in to or ".." in at:
        return posixpath.relpath(path, start)
    common = 0
    for here, there in zip(at, to, strict=False):
        if here != there:
            break
        common += 1
    return "/".join([".."] * (len(at) - common) + to[common:]) or "."


def home_page_of(index: Index, record_id: str) -> tuple[str, str]:
    """The page (source path) where a record is shown, and its anchor there ('' for a whole page).

    From the kind's declaration: its own page; else, at its id, its kind's index page, or the page of
    the record it is shown with, or its owner's page.
    """
    record = index.records[record_id][1]
    kind = type(record).KIND
    if kind.page is not None:
        return kind.page.path_of(record_id), ""
    if kind.index is not None:
        return kind.index.path, record_id
    host = record.shown_with() or index.owner_of.get(record_id)
    if host is None or host not in index.records:
        return HOME, record_id  # content with errors (an unknown topic, say), which is never built
    return home_page_of(index, host)[0], record_id
