"""The generated pages: which pages a site has (each kind's index page, each record's own page, the
comparison, the content reference, the error codes), their titles, descriptions and place in the nav.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from explainer.content import model
from explainer.content.catalogue import Words, english
from explainer.content.schema import Page, Record, sections
from explainer.site import urls
from explainer.site.sitemodel import SiteModel
from explainer.text.clip import clip

LABEL_CHARS = 60  # a record's label in a page's title, description or link text, on one line


@dataclass(frozen=True)
class PagePlan:
    """A page to generate: an index page of a kind, a record's own page, or the content reference."""

    src_uri: str
    title: str
    template: str
    edit_path: str | None
    description: str
    page: Page
    record: Record | None = field(default=None, hash=False, compare=False)

    @property
    def args(self) -> dict[str, Record]:
        """The template's variables: the record, under its kind's name (`person`, `quote`, ...)."""
        return {} if self.record is None else {type(self.record).KIND.name: self.record}

    @property
    def parent(self) -> str | None:
        """The index page (source path) a record's page belongs under: its kind's index."""
        index = None if self.record is None else type(self.record).KIND.index
        return None if index is None else index.path

    @property
    def in_nav(self) -> bool:
        return self.record is None

    @property
    def search_boost(self) -> float | None:
        return self.page.search_boost

    @property
    def wide(self) -> bool:
        """Pages whose tables need the room of the contents sidebar; they list their contents inline."""
        return self.page.wide

    @property
    def og_type(self) -> str:
        return self.page.og_type


def _first_path(records: Sequence[Record]) -> str | None:
    return records[0].pos.path if records else None


REFERENCE_PAGE = Page(urls.REFERENCE, "reference.html", "reference", schema_page="WebPage")
COMPARE_PAGE = Page(urls.COMPARE, "compare.html", "compare", wide=True)
ERROR_CODES_PAGE = Page(urls.ERROR_CODES, "error_codes.html", "error_codes", schema_page="WebPage")
# Generated pages that belong to no record kind, in the order a site's nav lists them after the kinds'.
OTHER_PAGES = (COMPARE_PAGE, REFERENCE_PAGE, ERROR_CODES_PAGE)


def generated_nav(words: Words | None = None) -> list[tuple[str, str]]:
    """(name, source path) of the generated pages a site's nav lists: each kind's index page, then the others;
    named as the words say (`page.<words>.nav`)."""
    words = words or english()
    pages = [cls.KIND.index for cls in sections(model.Content).values() if cls.KIND.index is not None]
    return [(words.text(f"page.{page.words}.nav"), page.path) for page in [*pages, *OTHER_PAGES]]


def page_words(words: Words, page: Page, **fields: str) -> tuple[str, str]:
    """A generated page's title and description: the catalogue's `page.<words>.title` and `.description`,
    filled with the record's `fields` (label, clipped, speaker) on a record's page."""
    return words.text(f"page.{page.words}.title", **fields), words.text(f"page.{page.words}.description", **fields)


def plan_pages(site: SiteModel) -> list[PagePlan]:
    """The index page of every kind that declares one, the pages of no kind (the comparison, the content
    reference), and every record's own page."""
    content = site.index.content
    words = site.words
    pages: list[PagePlan] = []
    for name, cls in sections(model.Content).items():
        index = cls.KIND.index
        if index is not None:
            title, description = page_words(words, index)
            pages.append(
                PagePlan(index.path, title, index.template, _first_path(getattr(content, name)), description, index)
            )
    edit_paths = {COMPARE_PAGE.path: _first_path(content.sources)}
    for other in OTHER_PAGES:
        title, description = page_words(words, other)
        pages.append(PagePlan(other.path, title, other.template, edit_paths.get(other.path), description, other))
    for name, cls in sections(model.Content).items():
        page = cls.KIND.page
        if page is None:
            continue
        for record in getattr(content, name):
            title, description = _page_text(site, page, record)
            pages.append(
                PagePlan(page.path_of(record.id), title, page.template, record.pos.path, description, page, record)
            )
    return pages


def _page_text(site: SiteModel, page: Page, record: Any) -> tuple[str, str]:
    """A record page's title and description, from its kind's declaration."""
    words = site.words
    label = site.label(record.id)
    fields = {"label": label, "clipped": clip(label, LABEL_CHARS, one_line=True), "speaker": ""}
    if isinstance(record, model.Quote):
        fields["speaker"] = site.speaker_names(record)
        if site.attributions(record.id):
            # Titled by its words, as every quote page is, with the attribution it is disputed under.
            title = words.text("page.quote.title_disputed", **{**fields, "speaker": site.voice(record.speaker)})
            return title, words.text("page.quote.description_disputed", **fields)
    title, description = page_words(words, page, **fields)
    summary = getattr(record, "summary", None)
    return title, summary if page.summary_first and summary else description

