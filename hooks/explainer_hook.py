"""MkDocs hook: adapts the explainer library to MkDocs events; the library does all the work.

on_config   load, validate, resolve and verify everything (before MkDocs cleans site/), or stop.
on_files    add the generated pages and the extra files (assets, exports, seeds, robots.txt), all in memory.
on_page_*   give generated pages their title and HTML; resolve wiki-links in hand-written pages; give
            every page its JSON-LD.
on_env      the site's words for the theme's templates (the engine's overrides of Material's), compiled once.
on_template_context   JSON-LD for the 404 page, which has no page object.
on_post_page, on_post_template   the Content-Security-Policy on every page, the 404 page too (see csp.py).
on_serve, on_shutdown   rebuild when content/, seeds/ or the site's words change; on content errors keep
            serving the last good build. A save in content/ or seeds/ renders again only the pages whose reads
            of the site model changed (explainer_mkdocs/serving.py); everything else is a full build.
"""

from __future__ import annotations

import logging
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jinja2 import Environment
from markupsafe import escape
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort, PluginError
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import get_plugin_logger
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink, TableOfContents
from mkdocs.utils import CountHandler

from explainer.api import (
    COMPILED_TEMPLATES,
    Diagnostic,
    ExplainerError,
    Heading,
    Layout,
    Options,
    PagePlan,
    Publication,
    Questions,
    Reads,
    Renderer,
    Report,
    Sweep,
    TrustedScripts,
    Urls,
    Verified,
    WikiLinkExtension,
    WikiResolver,
    assets,
    check_or_raise,
    content_time,
    extra_files,
    format_measures,
    fresh_folder_beside,
    handwritten_page_jsonld,
    load_words,
    no_cycle_collection,
    page_meta,
    raise_on_errors,
    read_options,
    read_records,
    regular_inside,
    secure,
    site_address_problem,
    swap_in,
    theme_globals,
    trusted_scripts,
    visible,
)
from explainer_mkdocs import search, serving
from explainer_mkdocs.shared_nav import MENU, SharedNav, menu_titles

log = get_plugin_logger("explainer")


# Set to 1 by the deploy workflow: the build is for publishing, so the site address must be real.
DEPLOY_ENV = "EXPLAINER_DEPLOY"


@dataclass
class Build:
    """What on_config computed for one build, for the events that follow it."""

    layout: Layout
    renderer: Renderer
    publication: Publication  # what the structured data says about the site
    plans: dict[str, PagePlan]  # by source path
    wikilinks: WikiLinkExtension  # told, before each hand-written page's Markdown runs, which page it is on
    diagnostics: int = 0  # the warnings the check gave
    # Each hand-written page's wiki-link resolver, by source path: its citation notes go after the content.
    resolvers: dict[str, WikiResolver] = field(default_factory=dict)
    # While serving: what each page read of the site model, and its entries in the search index (serving.py).
    reads: dict[str, Reads] = field(default_factory=dict)
    questions: Questions = field(default_factory=Questions)  # every page's, numbered once (reads.py)
    search: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    # The theme's inline scripts, read on the build's first page: looking each template up again for every page
    # (whether it changed) cost more than the policy itself. A save that changes a template is a new build.
    trusted: TrustedScripts | None = None


@dataclass
class State:
    """Set afresh by every on_config: `mkdocs serve` imports this module once and rebuilds many times."""

    build: Build | None = None
    failed: bool = False  # the last on_config found errors in the content
    # The build writes into a fresh folder beside the site folder, swapped in by on_post_build once it all
    # succeeded: a failure at any stage leaves the last good site (see atomic.py). Not for --dirty builds,
    # which add to the site folder as it is.
    dirty: bool = False
    site_dir: str | None = None  # the site folder the user asked for
    building: Path | None = None  # the fresh folder the build writes into
    # While serving: what the last good build knew, for rendering a save in part; what the build in progress
    # has seen so far (the project's files when it started, its files, navigation, theme, search entries).
    served: serving.Served | None = None
    inputs: dict[str, serving.Stamp] = field(default_factory=dict)
    files: Files | None = None
    nav: Navigation | None = None
    env: Environment | None = None
    extra: dict[str, bytes] = field(default_factory=dict)
    search_mark: int = 0
    worker: serving.Worker | None = None  # checks a save, and indexes its pages for search, beside their rendering

    def current(self) -> Build:
        if self.build is None:
            raise PluginError("the explainer hook's on_config did not run for this build")
        return self.build


_state = State()


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    _state.build, _state.failed = None, False
    _state.served = None  # a full build: what a save may render again is known once it succeeded
    _discard_building()
    root = _project_root(config)
    config_path = Path(config.config_file_path).resolve()
    options_report = Report()
    options = read_options(config_path, options_report, shown=config_path.relative_to(root).as_posix())
    if options_report.items:
        _state.failed = True
        raise PluginError(str(ExplainerError(options_report.sorted())))
    layout = Layout(root, _docs_folder(config), options)
    if _serving:
        _state.inputs = serving.stamps(root, _inputs(config, layout))  # before anything is read
        _state.search_mark = 0
    # One extension per build, told which page it is on before that page's Markdown runs.
    wikilinks = WikiLinkExtension(lambda link: "")
    _state.build = _prepare(config, layout, options, wikilinks)
    if _serving:
        _start_worker(config)  # with the first build, so that it has read the content by the time the site is served
    wikilinks.resolve = _state.build.renderer.wikilink_resolver(config.site_url or "/")
    if os.environ.get(DEPLOY_ENV, "") not in ("", "0") and (problem := site_address_problem(config.site_url or "")):
        log.warning(
            f"{DEPLOY_ENV} is set (a build for publishing) but {visible(problem)}: "
            "set SITE_URL to the address the site is published at"
        )
    if _state.build.publication.created is None:
        log.info("the annotations carry no created time: set SOURCE_DATE_EPOCH or build from a git checkout")
    for line in format_measures(_state.build.renderer.site.measures):
        log.info(f"coverage: {line}")
    config.markdown_extensions.append(wikilinks)  # type: ignore[arg-type]  # MkDocs passes extension instances through
    if assets.STYLESHEET not in config.extra_css:
        config.extra_css.append(assets.STYLESHEET)
    if assets.SCRIPT not in [str(script) for script in config.extra_javascript]:
        config.extra_javascript.append(assets.SCRIPT)
    if assets.theme_dir() not in config.theme.dirs:
        # Our overrides of Material's templates go right after the user's custom_dir, which wins.
        config.theme.dirs.insert(1 if config.theme.custom_dir else 0, assets.theme_dir())
    # The search plugin's on_config, which makes its index, has run: plugins' events come before the hooks'.
    search.index_fast(serving.search_plugin(config))
    if not _state.dirty:
        _state.site_dir = config.site_dir
        _state.building = fresh_folder_beside(Path(config.site_dir))
        config.site_dir = str(_state.building)
    return config


def _prepare(
    config: MkDocsConfig,
    layout: Layout,
    options: Options,
    wikilinks: WikiLinkExtension,
    checked: Callable[[Layout], tuple[Verified, list[Diagnostic]]] = check_or_raise,
) -> Build:
    """Check the content (or raise PluginError with its errors) and make what the page events render with:
    on every full build, and on a save that `mkdocs serve` renders only in part (explainer_mkdocs.serving)."""
    try:
        verified, diagnostics = checked(layout)
    except ExplainerError as exc:
        _state.failed = True
        raise PluginError(str(exc)) from None
    for diagnostic in diagnostics:
        log.warning(diagnostic.format_text())
    custom_dir = config.theme.custom_dir
    # A user's own templates for the engine's pages live in <custom_dir>/explainer/ and win over ours.
    words = load_words(layout.root, options, Report())  # its problems were reported by the check
    renderer = Renderer(
        verified, Urls(config.use_directory_urls), [str(Path(custom_dir) / "explainer")] if custom_dir else [], words
    )
    try:
        created = content_time(layout.root, (layout.content_dir, layout.seeds_dir))
    except ValueError as exc:
        raise PluginError(str(exc)) from None
    publication = Publication(
        config.site_url or "",
        config.site_name,
        config.site_description or "",
        config.theme.get("language") or "en",
        created,
    )
    plans = {plan.src_uri: plan for plan in renderer.plan()}
    return Build(layout, renderer, publication, plans, wikilinks, diagnostics=len(diagnostics))


def _docs_folder(config: MkDocsConfig) -> str:
    """docs_dir relative to the project, as written (a link is not resolved: the check refuses one)."""
    root = Path(os.path.abspath(Path(config.config_file_path).parent))
    docs = Path(os.path.abspath(config.docs_dir))
    if not docs.is_relative_to(root) or docs == root:
        raise PluginError("docs_dir must be a folder inside the project, such as 'docs'")
    return docs.relative_to(root).as_posix()


def on_post_build(config: MkDocsConfig) -> None:
    if _state.building is None or _state.site_dir is None:
        return
    if config.strict and _warnings_so_far():
        return  # MkDocs aborts the build right after this event: on_build_error discards what was built
    building, config.site_dir = _state.building, _state.site_dir
    _state.building = None
    swap_in(building, Path(config.site_dir))
    if _serving and _state.files is not None and _state.nav is not None and _state.env is not None:
        build = _state.current()
        known = {
            src: serving.Known(build.reads.get(src), build.plans.get(src), build.search.get(src, []))
            for src in {page.file.src_uri for page in _documentation_pages(_state.files)}
        }
        _state.served = serving.Served(config, _state.files, _state.nav, _state.env, known, _state.extra, _state.inputs)


def _documentation_pages(files: Files) -> list[Page]:
    return [f.page for f in files.documentation_pages(inclusion=InclusionLevel.is_in_serve) if f.page is not None]


def on_build_error(error: Exception) -> None:
    _discard_building()


def _discard_building() -> None:
    if _state.building is not None:
        shutil.rmtree(_state.building, ignore_errors=True)
        _state.building = None


def _warnings_so_far() -> int:
    """The warnings of this build that --strict counts (MkDocs counts them on its logger, and aborts after
    on_post_build when there are any)."""
    return sum(
        count
        for handler in logging.getLogger("mkdocs").handlers
        if isinstance(handler, CountHandler)
        for _, count in handler.get_counts()
    )


def on_files(files: Files, config: MkDocsConfig) -> Files:
    build = _state.current()
    docs = build.layout.docs_dir
    docs_root = Path(os.path.abspath(config.docs_dir))  # as MkDocs names the files it collected from it
    handwritten = [f for f in files if f.abs_src_path and Path(f.abs_src_path).is_relative_to(docs_root)]
    for file in handwritten:
        # The check refused links in docs/ already; nothing else MkDocs collected may be published either.
        problem = regular_inside(docs_root, Path(file.abs_src_path or ""))
        if problem is not None:
            raise PluginError(f"{docs}/{visible(file.src_uri)}: not published: {problem}")
    by_output = {f.dest_uri: f for f in handwritten}
    generated: list[File] = []
    up = _docs_to_root(config)  # once: resolving the folders again for every page was a thousand look-ups on disk
    for plan in build.plans.values():
        # Entity pages are reached from index pages; a nav listing them all would make builds quadratic.
        inclusion = InclusionLevel.INCLUDED if plan.in_nav else InclusionLevel.NOT_IN_NAV
        page = File.generated(config, plan.src_uri, content="", inclusion=inclusion)
        page.edit_uri = _edit_uri(up, plan.edit_path)
        generated.append(page)
    extra = extra_files(build.renderer.site, build.publication)
    for path, content in extra:
        generated.append(File.generated(config, path, content=content))
    _state.extra = {path: serving.as_bytes(content) for path, content in extra}
    for file in generated:
        clash = files.get_file_from_path(file.src_uri) or by_output.get(file.dest_uri)
        if clash is not None:
            raise PluginError(
                f"{docs}/{visible(clash.src_uri)} would be published at {file.dest_uri}, where the site's generated "
                f"{'page' if file.is_documentation_page() else 'file'} {file.src_uri} goes; rename or remove it"
            )
        files.append(file)
    _replace_palette_stylesheet(files, config)
    _state.files = files
    return files


def on_nav(nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
    _state.nav = nav
    return nav


def _replace_palette_stylesheet(files: Files, config: MkDocsConfig) -> None:
    # See assets.palette_stylesheet: the theme's own file, published with its switching rule rekeyed.
    for theme_file in [f for f in files if assets.PALETTE_STYLESHEET.fullmatch(f.src_uri)]:
        try:
            css = assets.palette_stylesheet(Path(theme_file.abs_src_path or "").read_text(encoding="utf-8"))
        except ValueError as error:
            raise PluginError(f"{theme_file.abs_src_path}: {error}") from error
        files.remove(theme_file)
        files.append(File.generated(config, theme_file.src_uri, content=css))


def _edit_uri(up: str, edit_path: str | None) -> str | None:
    """A generated page's edit link: `edit_path` (in content/) from docs/, which edit_uri points into."""
    return None if edit_path is None else up + quote(edit_path)


def _docs_to_root(config: MkDocsConfig) -> str:
    # Edit links are relative to edit_uri, which points into docs/; content/ sits beside docs/.
    return "../" * len(Path(config.docs_dir).resolve().relative_to(_project_root(config)).parts)


def _project_root(config: MkDocsConfig) -> Path:
    # `mkdocs build -f mkdocs.yml` leaves the config path relative; everything else is absolute.
    return Path(config.config_file_path).resolve().parent


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    build = _state.current()
    plan = build.plans.get(page.file.src_uri)
    if plan is not None:
        page.meta.update(page_meta(build.renderer.site, plan, build.publication))
        if plan.parent is not None and page.parent is None:
            # A record's page is not in the menu; under its index page, the index is highlighted while the
            # page is shown (MkDocs marks a page's parents active) and the theme's breadcrumbs lead back to it.
            index = files.get_file_from_path(plan.parent)
            if index is not None and index.page is not None:
                page.parent = index.page  # type: ignore[assignment]  # a page, not a section: see navigation.css
        return markdown
    resolver = build.renderer.wikilink_resolver(page.url, Reads(build.questions) if _serving else None)
    build.wikilinks.resolve = resolver
    build.resolvers[page.file.src_uri] = resolver  # its citation notes go after the content
    return markdown


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    build = _state.current()
    plan = build.plans.get(page.file.src_uri)
    if plan is None:
        rendered = build.renderer.finish_page(html, build.resolvers.get(page.file.src_uri))
    else:
        rendered = build.renderer.render(plan, page.url, Reads(build.questions) if _serving else None)
        # Generated pages skip Markdown, so their table of contents comes from the headings they render.
        page.toc = TableOfContents([_anchor_link(heading) for heading in rendered.anchors.outline()])
        # Nor does MkDocs see their anchors: links to them (how-to-edit.md to error-codes.md#ex303) are checked
        # against the ids of the rendered page.
        page.present_anchor_ids = rendered.anchors.ids
    page.meta.update(rendered.meta)
    if rendered.reads is not None:
        build.reads[page.file.src_uri] = rendered.reads
    return rendered.html


def _anchor_link(heading: Heading) -> AnchorLink:
    link = AnchorLink(str(escape(heading.title)), heading.id, heading.level)
    link.children = [_anchor_link(child) for child in heading.children]
    return link


def on_page_context(context: dict[str, Any], page: Page, config: MkDocsConfig, nav: Any) -> dict[str, Any]:
    # Hand-written pages: by now MkDocs knows their title (from the first heading).
    build = _state.current()
    if page.file.src_uri not in build.plans:
        title = config.site_name if page.is_homepage else (page.title or config.site_name)
        description = page.meta.get("description") or config.site_description or ""
        page.meta["jsonld"] = handwritten_page_jsonld(
            build.publication, page.url, title, description, is_home=page.is_homepage
        )
    if _serving:
        # The search plugin has added this page's entries (its event runs before the hooks').
        _state.search_mark = serving.take_search_entries(config, page.file.src_uri, build.search, _state.search_mark)
    return context


def on_env(env: Environment, config: MkDocsConfig, files: Files) -> Environment:
    env.globals.update(theme_globals(_state.current().renderer.site.words))
    # The theme's templates (Material's and the engine's overrides) compiled once, as the engine's own are.
    env.bytecode_cache = COMPILED_TEMPLATES
    if _state.nav is not None:
        env.globals[MENU] = SharedNav(env, _state.nav, config)  # each build afresh: its pages' titles, its addresses
    _state.env = env
    return env


def on_template_context(context: dict[str, Any], template_name: str, config: MkDocsConfig) -> dict[str, Any]:
    if template_name == "404.html":
        title = _state.current().renderer.site.words.text("page.not_found.title")
        context["explainer_jsonld"] = handwritten_page_jsonld(
            _state.current().publication, "404.html", title, "", is_home=False
        )
    return context


# `mkdocs serve` adds its live-reload script to every page it serves, inline and different on every request:
# no policy set at build time can allow it, so pages built for serving carry none. Every other build sets it.
_serving = False


def on_startup(command: str, dirty: bool) -> None:
    global _serving
    _serving = command == "serve"
    _state.dirty = dirty


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    return _secure(output, page.file.src_uri, config)


def on_post_template(output_content: str, template_name: str, config: MkDocsConfig) -> str:
    return _secure(output_content, template_name, config) if template_name.endswith(".html") else output_content


def _secure(output: str, name: str, config: MkDocsConfig) -> str:
    if _serving:
        return output
    build = _state.current()
    if build.trusted is None:
        build.trusted = trusted_scripts(config.theme.dirs)
    try:
        secured = secure(output, build.trusted)
    except ValueError as error:
        raise PluginError(f"{visible(name)}: {visible(str(error))}") from None
    if secured.blocked:
        log.warning(
            f"{visible(name)}: the site's Content-Security-Policy blocks {visible('; '.join(secured.blocked))}. Only "
            "the theme's "
            "templates may run inline scripts: put a script in a file listed under extra_javascript, its events too"
        )
    return secured.html


def on_shutdown() -> None:
    if _state.worker is not None:
        _state.worker.shutdown()
        _state.worker = None


def on_serve(server: LiveReloadServer, config: MkDocsConfig, builder: Callable[..., None]) -> LiveReloadServer:
    root = _project_root(config)
    layout = _state.build.layout if _state.build is not None else Layout(root)
    # MkDocs' server looks for changes every half second, and then waits a tenth for them to stop: both are
    # most of the second a save may take (bench/serve.py). Looking at some forty files costs next to nothing.
    fast = LiveReloadServer(
        _keep_last_good_site(builder),
        host=str(server.server_address[0]),
        port=server.server_address[1],
        root=server.root,
        mount_path=server.mount_path,
        polling_interval=WATCH_INTERVAL,
    )
    fast.error_handler = server.error_handler
    fast.build_delay = WATCH_INTERVAL  # how long changes must have stopped before a build starts (MkDocs: 0.1 s)
    _start_worker(config)  # where the first build did not (its content had errors)
    for path in _watched(server):
        fast.watch(path)
    for folder in (layout.content_dir, layout.seeds_dir):
        fast.watch(str(layout.root / folder))
    if layout.options is not None and layout.options.words:
        fast.watch(str(layout.root / layout.options.words))  # the site's own words
    return fast


WATCH_INTERVAL = 0.05  # seconds between looks at the watched files


def _start_worker(config: MkDocsConfig) -> None:
    if _state.worker is None:
        _state.worker = serving.Worker()
        _warm(_state.worker, config)


def _warm(worker: serving.Worker, config: MkDocsConfig) -> None:
    """Have a new worker check the content as it is, while the editor has not saved yet: what it reads and
    writes it keeps for the next check (each content file's reading, each export's items), which made the first
    save at 10,000 statements wait twice as long as the next ones. Its answer is not needed."""
    build = _state.build
    if build is not None and build.layout.options is not None and not _state.failed:
        urls = Urls(config.use_directory_urls)
        try:
            worker.check(build.layout, _inputs(config, build.layout), urls, build.publication)
        except serving.WorkerLost:
            pass  # the next save finds it gone, and builds in full


def _watched(server: LiveReloadServer) -> list[str]:
    """What MkDocs asked its server to watch before on_serve (docs_dir, mkdocs.yml, the theme with
    --watch-theme): MkDocs 1.6 keeps it in `_watched_paths` only."""
    return list(getattr(server, "_watched_paths", {}))


def _inputs(config: MkDocsConfig, layout: Layout) -> list[Path]:
    """What a build reads that an editor may change while `mkdocs serve` runs."""
    paths = [layout.root / layout.content_dir, layout.root / layout.seeds_dir, Path(config.docs_dir)]
    paths.append(Path(config.config_file_path))
    if layout.options is not None and layout.options.words:
        paths.append(layout.root / layout.options.words)
    if config.theme.custom_dir:
        paths.append(Path(config.theme.custom_dir))
    paths += [Path(path) for path in config.watch]
    return [path for path in paths if path.exists()]


def _render_in_part() -> bool:
    """Render a save in content/ or seeds/ by the pages it changes (see serving.py); False when it takes a
    full build. Content errors raise, as on_config does, and leave the site as it was."""
    served, old = _state.served, _state.build
    if served is None or old is None or old.layout.options is None:
        return False
    config, layout, options = served.config, old.layout, old.layout.options
    inputs = _inputs(config, layout)
    now = serving.stamps(layout.root, inputs)
    edited = serving.changed(served.inputs, now)
    if not edited or not all(name.startswith((f"{layout.content_dir}/", f"{layout.seeds_dir}/")) for name in edited):
        return False
    _state.failed = False
    clock = serving.Stopwatch()
    worker = _state.worker
    # The full check runs in the worker, which then makes the files besides the pages, while this process renders
    # from the records alone; nothing is written before it has answered, and its answer is what the editor is told.
    urls = Urls(config.use_directory_urls)
    pending = worker.check(layout, inputs, urls, old.publication) if worker is not None else None

    def records(layout: Layout) -> tuple[Verified, list[Diagnostic]]:
        if pending is None:
            return check_or_raise(layout)
        verified, diagnostics = read_records(layout)
        try:
            raise_on_errors(diagnostics)
        except ExplainerError:
            raise_on_errors(pending.result().diagnostics)  # every problem, as the full check words them
            raise
        return verified, []

    try:
        build = _prepare(config, layout, options, old.wikilinks, records)
    except PluginError as error:
        log.error(str(error))
        raise
    same_files = {p: (plan.in_nav, plan.edit_path) for p, plan in build.plans.items()} == {
        p: (plan.in_nav, plan.edit_path) for p, plan in old.plans.items()
    }
    if not same_files or build.publication != old.publication:
        return False  # pages added or removed, or a commit meanwhile (every page's structured data says when)
    clock.lap("records")
    extra: dict[str, bytes] | None = None
    took = ""  # how long the worker took, when there is one
    if pending is None:
        extra = {path: serving.as_bytes(c) for path, c in extra_files(build.renderer.site, build.publication)}
        clock.lap("files")
    pages = served.pages()
    known = [served.known[page.file.src_uri] for page in pages]
    sweep = Sweep([k.reads for k in known if k.reads is not None], build.renderer.site)
    again = [
        page for page, k in zip(pages, known, strict=True) if not k.holds(build.plans.get(page.file.src_uri), sweep)
    ]
    clock.lap("reads")
    # Rendering changes MkDocs' page objects: kept as they were, to go back to if the check says no.
    kept = serving.keep(again)
    _state.build = build

    def undo() -> None:
        serving.restore(kept)
        _state.build = old

    menu = menu_titles(served.nav)
    rendered, search = serving.render_pages(served, again, worker)
    if menu_titles(served.nav) != menu:
        undo()
        return False  # a page of the menu has a new title, which every page's menu shows
    warned = serving.anchor_warnings(served)
    clock.lap("pages")
    if pending is not None:
        checked = pending.result()  # WorkerLost if the worker ended first
        clock.lap("check")
        try:
            raise_on_errors(checked.diagnostics)
            errors = None
        except ExplainerError as error:
            errors = error
        extra = checked.extra
        if errors is not None or checked.inputs != now or (checked.diagnostics and config.strict) or extra is None:
            undo()
            if errors is not None and checked.inputs == now:
                _state.failed = True
                log.error(str(errors))
                raise PluginError("the content has errors")
            return False  # saved again meanwhile, or warnings that --strict stops on: a full build says
        build.diagnostics = len(checked.diagnostics)
        took = f"; the worker's check and files {checked.took}"
        for diagnostic in checked.diagnostics:
            log.warning(diagnostic.format_text())  # warnings only, past --strict: as a full build logs them
    if ((warned or build.diagnostics) and config.strict) or extra is None or extra.keys() != served.extra.keys():
        undo()
        _state.served = None
        return False
    for page in again:
        src = page.file.src_uri
        served.known[src] = serving.Known(build.reads.get(src), build.plans.get(src), search.get(src, []))
    serving.write(served, rendered, extra)
    clock.lap("write")
    served.inputs = now
    log.info(f"rendered {len(again)} of {len(pages)} pages again in {clock}{took}")
    return True


def _keep_last_good_site(builder: Callable[..., None]) -> Callable[..., None]:
    """Content errors stop a rebuild before site/ is touched; keep serving the last good build.

    MkDocs' own server would print a traceback and stall every request until the error is fixed.
    The errors themselves have already been logged by MkDocs (file, line, column, hint).
    """

    def build(*args: Any, **kwargs: Any) -> None:
        try:
            restarted = False
            try:
                with no_cycle_collection():  # the served site's objects are many, none of a save's is garbage
                    done = _render_in_part()
            except serving.WorkerLost:
                log.info("a process that checks and indexes saves ended: this save is built in full, and it restarts")
                if _state.worker is not None:
                    _state.worker.shutdown()
                _state.worker, done, restarted = serving.Worker(), False, True
            if not done:
                builder(*args, **kwargs)
                if restarted and _state.worker is not None and _state.served is not None:
                    _warm(_state.worker, _state.served.config)
        except Exception as error:
            # Whatever failed, the last good site is still in place (the build wrote into a fresh folder).
            if _state.failed:
                log.error(
                    "The content has errors (listed above); still serving the last good build. Fix them and save "
                    "to rebuild."
                )
            else:
                # MkDocs has logged what an Abort is about (a plugin's error, --strict's warnings) already.
                why = "" if isinstance(error, Abort) else f": {visible(str(error)) or type(error).__name__}"
                log.error(f"The build failed{why}; still serving the last good build. Fix it and save to rebuild.")

    return build
