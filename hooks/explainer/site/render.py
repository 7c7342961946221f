"""Render step: plan the generated pages and turn verified records into HTML through Jinja templates.

Nothing here touches the file system or MkDocs: pages come out as (source path, title, HTML) and the
hook decides how to hand them to MkDocs. Every string from content/ reaches HTML through Jinja's
autoescaping; templates never mark editor text as safe.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, cast
from urllib.parse import quote as url_quote

import jinja2
from markupsafe import Markup, escape

from explainer.core.compiled_templates import COMPILED
from explainer.content import model
from explainer.content.catalogue import Words
from explainer.content.schema import Record
from explainer.evidence import dates
from explainer.evidence.copying import COPY_THRESHOLD, SHINGLE_WORDS
from explainer.evidence.disputes import Disputes
from explainer.evidence.resolve import Index
from explainer.evidence.support import Support
from explainer.evidence.verify import Located, Verified
from explainer.evidence.wikilinks import Resolve, WikiLink
from explainer.site import errorpage, urls
from explainer.site.compare import MIN_FACT_ARTICLES, MIN_QUOTE_ARTICLES
from explainer.site.corrections import long_date
from explainer.site.headings import Anchors
from explainer.site.notes import CitedPassage, Note
from explainer.site.pages import LABEL_CHARS, PagePlan, plan_pages
from explainer.site.pictures import css as pictures_css
from explainer.site.reads import ReadingView, Reads
from explainer.site.reference import reference_kinds
from explainer.site.sitemodel import KIND_IDS, AttributionDispute, SiteModel
from explainer.site.urls import Urls
from explainer.text.clip import clip
from explainer.text.sourcetext import layout
from explainer.text.textmatch import normalize_passage
from explainer.text.wording import diff_against, summarize

# The parts of the site model whose attributes a page's view follows further, so that a page that looks one
# person up depends on that person, not on the whole index (reads.py).
READ_THROUGH: tuple[type, ...] = (SiteModel, Index, Verified, model.Content, Disputes)

LONG_PAGE_CITATIONS = 10  # pages with this many citation controls offer a "Hide citations" reading toggle


@dataclass(frozen=True)
class Rendered:
    """A page's HTML, and what the theme templates need to know about it (merged into page.meta)."""

    html: str
    meta: dict[str, Any]
    anchors: Anchors = field(default_factory=Anchors)  # its ids and headings, as its templates rendered them
    reads: Reads | None = None  # what it read of the site model, when asked to record it (see reads.py)


class PageContext:
    """What a template sees of the site while it renders one page (links are relative to that page)."""

    def __init__(self, site: SiteModel, page_url: str) -> None:
        self.site = site
        self.page_url = page_url
        self.notes: list[Note] = []  # one per citation control, in the order the page shows them
        self.anchors = Anchors()  # the page's ids and headings, recorded as the templates write them
        self.anchor = self.anchors.anchor
        self.heading = self.anchors.heading

    def href(self, record_id: str) -> str:
        return self.site.urls.relative(self.site.url_of[record_id], self.page_url)

    def page_href(self, src_uri: str) -> str:
        return self.site.urls.relative(self.site.urls.page_url(src_uri), self.page_url)

    def file_href(self, path: str) -> str:
        """A link to a file the build writes (not a page), e.g. corrections.atom."""
        return self.site.urls.relative(path, self.page_url)

    def label(self, record_id: str) -> str:
        return self.site.label(record_id)

    def note(self, statement_id: str) -> Note:
        """The next citation control of this page: a statement's cited passages, each in its sentence."""
        passages = []
        for located in self.site.verified.located.get(statement_id, ()):
            before, after = self.site.in_sentence(located)
            passages.append(
                CitedPassage(
                    located.source,
                    self.site.article_name(located.source),
                    before,
                    located.exact,
                    after,
                    self.passage_href(located, statement_id),
                    located.note,
                    self.site.index.organizations[located.via].name if located.via else None,
                )
            )
        support = self.support(statement_id)
        copies = tuple(tuple(self.site.article_name(s) for s in group) for group in support.groups if len(group) > 1)
        note = Note(
            len(self.notes) + 1,
            statement_id,
            support.articles,
            support.independent_reports,
            tuple(passages),
            copies,
            self.site.words,
        )
        self.notes.append(note)
        return note

    def passage_href(self, located: Located, statement_id: str | None = None) -> str:
        """A link to a cited passage on its article's page; from another page it names the statement
        (`?for=`), so that the article's page can say what the passage was cited for."""
        target = self.site.urls.page_url(urls.source_page(located.source)) + f"#{located.anchor}"
        href = self.site.urls.relative(target, self.page_url)
        if statement_id is None or href.startswith("#"):
            return href
        path, _, anchor = href.partition("#")
        return f"{path}?for={url_quote(statement_id)}#{anchor}"

    def support(self, statement_id: str) -> Support:
        return self.site.support(statement_id)

    def disputed_by(self, record_id: str) -> list[model.Disagreement]:
        return self.site.disputed_by(record_id)

    def other_disputes(self, record_id: str) -> list[model.Disagreement]:
        return self.site.other_disputes(record_id)

    def attributions(self, quote_id: str) -> list[AttributionDispute]:
        return self.site.attributions(quote_id)

    def variants(self, quote_id: str) -> list[tuple[str, list[str]]]:
        """A quote's distinct wordings (curly and straight quotes alike), each with the sources printing it."""
        grouped: dict[str, tuple[str, list[str]]] = {}
        for c in self.located(quote_id):
            sources = grouped.setdefault(normalize_passage(c.exact), (c.exact, []))[1]
            if c.source not in sources:
                sources.append(c.source)
        return list(grouped.values())

    def by_source(self, statement_id: str) -> list[tuple[str, list[Located]]]:
        """A statement's citations grouped by article, articles in the order first cited."""
        grouped: dict[str, list[Located]] = {}
        for located in self.located(statement_id):
            grouped.setdefault(located.source, []).append(located)
        return list(grouped.items())

    def located(self, statement_id: str) -> tuple[Located, ...]:
        return self.site.verified.located.get(statement_id, ())

    def corrections(self, statement_id: str) -> list[model.Correction]:
        return self.site.corrections_of.get(statement_id, [])

    def kind(self, record_id: str) -> str:
        return self.site.kind(record_id)

    def record(self, record_id: str) -> Record:
        return self.site.index.records[record_id][1]


def template_env(words: Words, template_dirs: list[str] | None = None) -> jinja2.Environment:
    """The engine's templates (those in `template_dirs` first), with the site's words: `w(key, count, **values)`
    for an entry as HTML, `sep(loop, style)` for what follows a list item, and dates and shares in words."""
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(
            [jinja2.FileSystemLoader(template_dirs or []), jinja2.PackageLoader("explainer.site", "templates")]
        ),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        bytecode_cache=COMPILED,
        # An environment serves one build (a new one for the next): its templates are not looked up on disk again
        # each time a page or a macro asks for one (7,000 times a build of the real site).
        auto_reload=False,
    )
    env.globals.update(
        w=words.html,
        words=words,
        sep=lambda loop, style="list.and": words.separator(style, loop.index, loop.length),
        percent=words.percent,
        percent1=lambda x: words.percent(x, 1),
        long_date=lambda date: long_date(date, words),
        date_text=lambda date: dates.date_text(date, words),
        fit_class=pictures_css.fit_class,
        inferred_badges=lambda date: dates.inferred_badges(date, words),
    )
    return env


class Renderer:
    def __init__(
        self,
        verified: Verified,
        url_scheme: Urls | None = None,
        template_dirs: list[str] | None = None,
        words: Words | None = None,
    ) -> None:
        """`template_dirs`: folders whose templates replace the engine's own of the same name; `words`: the
        site's words (the engine's English ones without)."""
        self.site = SiteModel(verified, url_scheme or Urls(), words)
        words = self.site.words
        self.env = template_env(words, template_dirs)
        # What a template asks of the site goes through the page's own view of it (`x.site`), so that a page
        # rendered with its reads recorded records these too (reads.py).
        self.env.globals.update(
            voice=jinja2.pass_context(lambda context, voice: context["x"].site.voice(voice)),
            sources_page=urls.SOURCES,
            timeline_page=model.Event.KIND.index.path if model.Event.KIND.index else "",
            kind_labels={kind: words.text(f"kind.{kind}") for kind in KIND_IDS},
            reference_kinds=reference_kinds,
            diff_against=diff_against,
            wording_summary=summarize,
            shingle_words=SHINGLE_WORDS,
            copy_threshold=COPY_THRESHOLD,
            layout_of=jinja2.pass_context(lambda context, source_id: source_layout(context["x"].site, source_id)),
            min_fact_articles=MIN_FACT_ARTICLES,
            min_quote_articles=MIN_QUOTE_ARTICLES,
            steps=errorpage.steps(),
            shown_example=errorpage.shown_example,
            example_project=errorpage.example_project(),
        )
        self.env.filters["ticks"] = _ticks
        self.env.filters["prose"] = _prose
        self.env.filters["clip"] = lambda text, limit=LABEL_CHARS: clip(text, limit, one_line=True)
        self.env.filters["plain"] = jinja2.pass_context(lambda context, text: context["x"].site.prose_text(text))

    def plan(self) -> list[PagePlan]:
        return plan_pages(self.site)

    def render(self, page: PagePlan, page_url: str, reads: Reads | None = None) -> Rendered:
        """The page's HTML; with `reads`, everything it read of the site model is recorded there."""
        template = self.env.get_template(page.template)
        context = PageContext(self.viewed(reads), page_url)
        return self._finish(template.render(x=context, site=context.site, page=page, **page.args), context, reads)

    def viewed(self, reads: Reads | None) -> SiteModel:
        """The site model as one page sees it: itself, or a view that records every read in `reads`."""
        if reads is None:
            return self.site
        return cast(SiteModel, ReadingView(self.site, reads, READ_THROUGH))

    def _finish(self, html: str, context: PageContext, reads: Reads | None) -> Rendered:
        """Add the page's citation notes (one per citation control) after its content."""
        if context.notes:
            html += self.env.get_template("notes.html").render(x=context, site=context.site, notes=context.notes)
        return Rendered(
            html,
            {"citation_controls": len(context.notes), "reading_toggle": len(context.notes) >= LONG_PAGE_CITATIONS},
            context.anchors,
            reads,
        )

    def wikilink_resolver(self, page_url: str, reads: Reads | None = None) -> WikiResolver:
        """How the wiki-links of the hand-written page at `page_url` become HTML (see wikilinks.py);
        names and passages are escaped here and never read as Markdown. The resolver keeps the
        page's citation notes, for `finish_page`; with `reads`, what its links read of the site model."""
        site = self.viewed(reads)
        context = PageContext(site, page_url)
        macros = self.env.get_template("macros.html").make_module({"x": context})

        def resolve(link: WikiLink) -> str:
            if link.picture:  # the checker allows only the names of wikilinks.PICTURES
                chart = self.env.get_template("timeline_chart.html").make_module({"x": context, "site": site})
                return str(chart.days_chart(site.days_layouts(), True)).strip()  # type: ignore[attr-defined]
            if link.cite:
                return str(macros.cite(link.target)).strip()  # type: ignore[attr-defined]
            text = link.text.strip() if link.text else context.label(link.target)
            return str(Markup('<a class="wikilink" href="{}">{}</a>').format(context.href(link.target), text))

        return WikiResolver(resolve, context, reads)

    def finish_page(self, html: str, resolver: WikiResolver | None) -> Rendered:
        """A hand-written page's HTML (its wiki-links already resolved), with its citation notes."""
        if resolver is None:
            return Rendered(html, {"citation_controls": 0, "reading_toggle": False})
        return self._finish(html, resolver.context, resolver.reads)


@dataclass(frozen=True)
class WikiResolver:
    """Resolves one hand-written page's wiki-links (a `Resolve`), keeping the page's context (its notes)."""

    resolve: Resolve
    context: PageContext
    reads: Reads | None = None

    def __call__(self, link: WikiLink) -> str:
        return self.resolve(link)


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~>])")


def markdown_text(text: str) -> str:
    """Text that Markdown shows as it is: special characters backslash-escaped, < and & as entities."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text.replace("&", "&amp;").replace("<", "&lt;"))


@jinja2.pass_context
def _prose(context: jinja2.runtime.Context, text: str) -> Markup:
    """Editor text as escaped plain text, with mentions of source ids shown as links to the article."""
    x: PageContext = context["x"]
    out = Markup("")
    for part, source_id in x.site.prose_parts(text):
        out += (
            Markup('<a class="ex-source-ref" href="{}">{}</a>').format(x.href(source_id), part) if source_id else part
        )
    return out


def _ticks(text: str) -> Markup:
    """Our own text with `backquoted` parts as code, escaped (the error-codes page's summaries and fixes)."""
    parts = text.split("`")
    return Markup("").join(
        Markup("<code>{}</code>").format(part) if n % 2 else escape(part) for n, part in enumerate(parts)
    )


def source_layout(site: SiteModel, source_id: str) -> list[Any]:
    seed = site.verified.seeds[source_id]
    return layout(seed.text, [(p.located.start, p.located.end) for p in site.passages.get(source_id, [])])
