"""The hook's work, done in this process: timed step by step, and frozen into a plain project.

`drive_hook` runs the hook's MkDocs events over a project, timing the library's steps (in CPU seconds of
this process), and writes what the hook hands MkDocs as a second project with no hook: every generated
page as Markdown front matter plus its HTML, the hand-written pages with wiki-links rendered, the generated
assets and exports, and a mkdocs.yml with what the hook's on_config adds. Building both measures the hook's
own work.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import markdown
import pathspec
import yaml
from mkdocs.config import load_config
from mkdocs.structure.files import get_files
from mkdocs.structure.pages import Page
from mkdocs.utils.meta import get_data

from explainer.content import load
from explainer.evidence import pipeline, verify
from explainer.site import publish, render, sitemodel
from explainer.site.pages import PagePlan
from explainer.text import sourcetext


class Timers:
    """Accumulated CPU seconds of this process per step, gathered by temporarily wrapping library functions."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = {}  # per wrapped function's key: how often it ran
        self._restore: list[tuple[Any, str, Any]] = []

    @contextmanager
    def timed(self, key: str) -> Iterator[None]:
        start = time.process_time()
        try:
            yield
        finally:
            self.seconds[key] += time.process_time() - start

    def wrap(self, owner: Any, name: str, key: str) -> None:
        original = getattr(owner, name)
        self.calls[key] = 0

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            self.calls[key] += 1
            with self.timed(key):
                return original(*args, **kwargs)

        self._restore.append((owner, name, original))
        setattr(owner, name, wrapper)

    def unwrap(self) -> None:
        for owner, name, original in reversed(self._restore):
            setattr(owner, name, original)
        self._restore.clear()

    def never_called(self) -> list[str]:
        """The keys of wrapped functions that never ran: the library calls them by another name now."""
        return [key for key, count in self.calls.items() if count == 0]


@dataclass
class Driven:
    statements: int
    pages: int
    steps: dict[str, float]
    by_template: dict[str, float]
    slowest: list[tuple[str, float]]
    passages: dict[str, int]


def import_hook(path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(f"bench_explainer_hook_{id(path)}", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # as MkDocs does: the hook's dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def drive_hook(project: Path, plain: Path) -> Driven:
    """Run the hook's MkDocs events over the project in this process, timing the library's steps, and
    write what the hook hands MkDocs (page metadata and HTML, hand-written pages after wiki-links,
    generated files, config changes) as the plain project: same pages and config, no hook."""
    hook = import_hook(project / "hooks" / "explainer_hook.py")
    timers = Timers()
    # Nested steps are timed inside their caller's: load_yaml_s and validate_s are load_validate_s;
    # copying_s (the seeds' copying measure, made on first use) falls within check_counts_s.
    for owner, name, key in (
        (pipeline, "load_content", "load_validate_s"),
        (load, "load_yaml", "load_yaml_s"),  # reading, composing and the plain-data checks of each file
        (load, "validate_file", "validate_s"),
        (pipeline, "build_index", "resolve_s"),
        (pipeline, "verify", "verify_s"),
        (pipeline, "docs_pages", "read_docs_s"),  # reading the hand-written pages, and Markdown finding their links
        (pipeline, "check_docs", "check_docs_s"),
        (pipeline, "check_counts", "check_counts_s"),
        (verify, "measure_copying", "copying_s"),
        (pipeline, "check_grounding", "grounding_s"),
        (pipeline, "check_page", "page_grounding_s"),
        (sitemodel, "measure_sources", "measure_sources_s"),
        (render, "source_layout", "source_layout_s"),
        (sourcetext, "_laminate", "source_layout_laminate_s"),
        (publish, "export_json", "export_json_s"),
        (publish, "annotations_json", "annotations_json_s"),
    ):
        # Wrapped where the caller looks the name up; a name that is gone, or no longer called from
        # there, must fail the benchmark (see below), never time nothing in silence.
        if not callable(getattr(owner, name, None)):
            raise SystemExit(f"bench: {owner.__name__}.{name} no longer exists; update the timers in drive_hook")
        timers.wrap(owner, name, key)
    by_template: dict[str, float] = defaultdict(float)
    slowest: list[tuple[str, float]] = []
    docs = plain / "docs"
    try:
        config = load_config(config_file=str(project / "mkdocs.yml"), site_dir=str(plain / "unused-site"))
        theme_dirs_before = list(config.theme.dirs)
        config.plugins._current_plugin = "explainer_hook"  # as MkDocs sets it while it runs a hook's event
        with timers.timed("on_config_s"):
            config = hook.on_config(config)
        files = get_files(config)
        handwritten = {file.src_uri for file in files}
        with timers.timed("on_files_s"):
            files = hook.on_files(files, config)
        plans: dict[str, PagePlan] = hook._state.current().plans
        site = hook._state.current().renderer.site
        pages = 0
        for file in files:
            target = docs / file.src_uri
            target.parent.mkdir(parents=True, exist_ok=True)
            if not file.is_documentation_page():
                if file.src_uri not in handwritten:
                    target.write_bytes(file.content_bytes)
                else:
                    shutil.copy(file.abs_src_path or "", target)
                continue
            pages += 1
            page = Page(None, file, config)
            page.read_source(config)
            with timers.timed("on_page_markdown_s"):
                body = hook.on_page_markdown(page.markdown or "", page=page, config=config, files=files)
            plan = plans.get(file.src_uri)
            if plan is not None:
                start = time.process_time()
                body = hook.on_page_content("", page=page, config=config, files=files)
                took = time.process_time() - start
                by_template[plan.template] += took
                slowest.append((file.src_uri, took))
            else:
                # Hand-written pages: MkDocs converts them with the hook's wiki-link syntax among the Markdown
                # extensions, then the hook adds the page's citation notes; the plain project gets that HTML
                # as its Markdown (raw HTML passes through).
                page.markdown = body
                with timers.timed("handwritten_markdown_s"):
                    page.render(config, files)
                body = hook.on_page_content(page.content or "", page=page, config=config, files=files)
            meta = {
                key: str(value) if isinstance(value, str) else value for key, value in page.meta.items()
            }  # Markup to str; keep mappings such as search
            front = f"---\n{yaml.safe_dump(meta, allow_unicode=True, width=4096)}---\n\n" if meta else ""
            target.write_text(front + body, encoding="utf-8")
        new_dirs = [d for d in config.theme.dirs if d not in theme_dirs_before]
        if new_dirs:
            shutil.copytree(new_dirs[0], plain / "overrides")
        # Each page's edit link as the hook gives it (a generated page's leads to its content file, or is absent).
        edit_uris = {file.src_uri: file.edit_uri for file in files if file.is_documentation_page()}
        (plain / "edit_uris.json").write_text(json.dumps(edit_uris, sort_keys=True), encoding="utf-8")
        (plain / "hooks").mkdir(exist_ok=True)
        (plain / "hooks" / "plain.py").write_text(PLAIN_HOOK, encoding="utf-8")
        original = (project / "mkdocs.yml").read_text(encoding="utf-8")
        (plain / "mkdocs.yml").write_text(
            plain_config(original, config, files, plans, bool(new_dirs)), encoding="utf-8"
        )
    finally:
        timers.unwrap()
    dead = timers.never_called()
    if dead:
        raise SystemExit(f"bench: never called, so timing nothing: {', '.join(dead)}; update the timers in drive_hook")
    steps = dict(timers.seconds)
    steps["render_pages_s"] = sum(by_template.values())
    slowest.sort(key=lambda item: -item[1])
    passages = {source_id: len(views) for source_id, views in site.passages.items()}
    return Driven(len(site.index.statements), pages, steps, dict(by_template), slowest[:3], passages)


# The plain build's one hook, which does none of the hook's work: the theme override prints the engine's words
# (set by the hook's on_env), so the plain project gets those words; and each page gets the edit link the hook
# gave it (MkDocs would point every page at its file under docs/, which a generated page does not have). The
# generated projects use the engine's own English words. Its Markdown takes <span> for a block-level element
# (SPANS_AS_BLOCKS): a generated page's HTML passes through unchanged, as it does in the hook build, where a
# line that starts with a span (the timeline's days picture, after a heading) would otherwise be put in a <p>.
PLAIN_HOOK = '''"""The plain build's only hook: the words the theme override prints and each page's edit link, as the
explainer's hook gives them, and a <span> at the start of a line left alone by Markdown; none of its work."""

import json
from pathlib import Path
from typing import Any

from markdown.extensions import Extension

from explainer.content.catalogue import english
from explainer.site.publish import theme_globals

EDIT_URIS = json.loads((Path(__file__).parent.parent / "edit_uris.json").read_text(encoding="utf-8"))


class SpansAsBlocks(Extension):
    def extendMarkdown(self, md: Any) -> None:
        md.block_level_elements.append("span")


def on_config(config: Any) -> Any:
    config.markdown_extensions.append(SpansAsBlocks())
    return config


def on_files(files: Any, config: Any) -> Any:
    for file in files:
        if file.src_uri in EDIT_URIS:
            file.edit_uri = EDIT_URIS[file.src_uri]
    return files


class EveryMenu:
    """The theme override asks for a menu kept from a page alike (explainer_mkdocs/shared_nav.py): here there is
    none, and every page renders its own, as Material does."""

    def kept(self) -> None:
        return None

    def keep(self, menu: str) -> str:
        return menu


def on_env(env: Any, config: Any, files: Any) -> Any:
    env.globals.update(theme_globals(english()))
    env.globals["explainer_menu"] = EveryMenu()
    return env
'''


def _drop_top_level_keys(text: str, keys: tuple[str, ...]) -> list[str]:
    kept: list[str] = []
    skipping = False
    for line in text.splitlines():
        if re.match(rf"^(?:{'|'.join(keys)})\s*:", line):
            skipping = True
            continue
        if skipping and (line.startswith((" ", "\t", "-")) or not line.strip()):
            continue
        skipping = False
        kept.append(line)
    return kept


def plain_config(original: str, config: Any, files: Any, plans: dict[str, PagePlan], override: bool) -> str:
    """The project's mkdocs.yml without its hook, plus what the hook's on_config added (stylesheets,
    scripts, theme override; PLAIN_HOOK for the override's words and the pages' edit links) and its not-in-nav pages as
    `not_in_nav` patterns."""
    kept = _drop_top_level_keys(original, ("hooks", "extra_css", "extra_javascript"))
    if override:
        at = next(i for i, line in enumerate(kept) if re.match(r"^theme\s*:", line))
        kept.insert(at + 1, "  custom_dir: overrides")
    kept += ["", "hooks:", "  - hooks/plain.py"]
    kept += ["", "extra_css:", *(f"  - {css}" for css in config.extra_css)]
    kept += ["extra_javascript:", *(f"  - {script}" for script in config.extra_javascript)]
    hidden = {plan.src_uri for plan in plans.values() if not plan.in_nav}
    # Folder wildcards keep matching linear; exact paths only if the wildcards would not say the same.
    folders = sorted({uri.split("/")[0] for uri in hidden if "/" in uri})
    patterns = [p for folder in folders for p in (f"/{folder}/*.md", f"!/{folder}/index.md")]
    spec = pathspec.gitignore.GitIgnoreSpec.from_lines(patterns)
    pages = [file.src_uri for file in files if file.is_documentation_page()]
    if any(spec.match_file(uri) != (uri in hidden) for uri in pages):
        patterns = [f"/{uri}" for uri in sorted(hidden)]
    kept += ["not_in_nav: |", *(f"  {p}" for p in patterns)]
    return "\n".join(kept) + "\n"


def markdown_seconds(root: Path) -> float:
    """Python-Markdown's CPU time on the plain project's pages, with the extensions its mkdocs.yml configures.

    The plain build pays this (Markdown parses every raw-HTML fragment) and the hook build does not
    (generated pages hand MkDocs an empty Markdown body and their HTML afterwards), so build (3) is
    not a pure lower bound: build (3) minus this is the theme's and MkDocs' own share.
    """
    config = load_config(config_file=str(root / "mkdocs.yml"))
    md = markdown.Markdown(extensions=config["markdown_extensions"], extension_configs=config["mdx_configs"])
    md.block_level_elements.append("span")  # as the plain project's hook has it (PLAIN_HOOK)
    start = time.process_time()
    for path in sorted((root / "docs").rglob("*.md")):
        body, _ = get_data(path.read_text(encoding="utf-8"))
        md.reset()
        md.convert(body)
    return time.process_time() - start
