"""Run the checking half of the pipeline (load -> validate -> resolve -> verify) over a project folder."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from explainer.content.catalogue import ENGLISH, load_words
from explainer.content.load import Budgets, load_content
from explainer.content.model import Content
from explainer.content.options import CONFIG_FILE, Options, read_options
from explainer.content.yamlload import position_in_scalar
from explainer.core.diagnostics import Diagnostic, ExplainerError, Pos, Report, Severity
from explainer.evidence.ages import check_ages
from explainer.evidence.counts import check_counts
from explainer.evidence.grounding import check_grounding
from explainer.evidence.lock import read_lock
from explainer.evidence.page_grounding import check_page
from explainer.evidence.resolve import build_index
from explainer.evidence.samename import check_distinct_names
from explainer.evidence.verify import Verified, verify
from explainer.evidence.wikilinks import check_docs, check_docs_tree, docs_pages
from explainer.evidence.withdrawn import check_withdrawn
from explainer.evidence.wording_rule import check_wording_disagreements


@dataclass(frozen=True)
class Layout:
    """Where a project keeps its parts, relative to its root, and its options (see options.py).

    Without `options`, `check` reads them from the project's mkdocs.yml, as the build does.
    """

    root: Path
    docs_dir: str = "docs"
    options: Options | None = None

    @property
    def content_dir(self) -> str:
        return (self.options or Options()).content_dir

    @property
    def seeds_dir(self) -> str:
        return (self.options or Options()).seeds_dir


@contextmanager
def no_cycle_collection() -> Iterator[None]:
    """Pause Python's cycle collector: a check allocates hundreds of thousands of nodes and records,
    none of them garbage, and collecting over and over while they pile up would more than double
    its time. Reference counting still frees everything that is dropped.

    Afterwards what survived joins the oldest generation (freeze, then unfreeze) instead of being
    traversed by the first collection after the pause; cycles among it are found by the next full one.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.unfreeze()
        if was_enabled:
            gc.enable()


def check(
    layout: Layout, upgrade_old_shapes: bool = False, editorial: bool = True
) -> tuple[Verified, list[Diagnostic]]:
    """Everything verified that could be, and every problem in the project, sorted by place.

    `upgrade_old_shapes`: read content written for older versions of the schema (comparisons only).
    `editorial=False` leaves out the checks that judge how records are worded (counts of articles in
    prose, grounding of names, numbers and quotations in the cited passages) and never change which
    records are read: for reading a past revision, written before today's editorial rules, to compare
    its records with another's.
    """
    with no_cycle_collection():
        options_report = Report()
        options = layout.options or read_options(layout.root / CONFIG_FILE, options_report)
        budgets = Budgets(options)
        content, report = load_content(layout.root, options, upgrade_old_shapes, budgets)
        report.items[:0] = options_report.items
        if budgets.exceeded:  # past a budget of the content as a whole (reported): nothing more is read
            return Verified(build_index(Content(), Report()), {}, {}), report.sorted()
        if options.words or options.language != ENGLISH:
            load_words(layout.root, options, report)  # the site's words, checked here as the build reads them
        index = build_index(content, report)
        check_distinct_names(content, report)
        verified = verify(
            layout.root,
            index,
            report,
            options.seeds_dir,
            read_lock(layout.root, report),
            options.max_seed_bytes,
            budgets,
        )
        check_ages(verified, report)
        check_docs_tree(layout.root, layout.docs_dir, report)
        pages = docs_pages(layout.root / layout.docs_dir, layout.root, report, budgets)
        check_docs(pages, verified, report)
        if editorial:
            check_counts(layout.root, verified, report, pages)
            grounding = check_grounding(verified, report, _scalar_locator(layout.root))
            for page in pages:
                check_page(grounding, page)
            grounding.finish()
            check_wording_disagreements(verified, report)
            check_withdrawn(content, pages, report, _scalar_locator(layout.root))
        return verified, report.sorted()


def _scalar_locator(root: Path) -> Callable[[Pos, str, int], Pos]:
    """Point at a word inside a content file's text value; files are read only when a finding needs it."""
    texts: dict[str, str | None] = {}

    def locate(start: Pos, value: str, offset: int) -> Pos:
        if start.path not in texts:
            try:
                texts[start.path] = (root / start.path).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                texts[start.path] = None
        text = texts[start.path]
        return start if text is None else position_in_scalar(text, start, value, offset)

    return locate


def check_or_raise(layout: Layout) -> tuple[Verified, list[Diagnostic]]:
    """Like `check`, but raise `ExplainerError` (carrying every problem) when there is any error."""
    verified, diagnostics = check(layout)
    raise_on_errors(diagnostics)
    return verified, diagnostics


def read_records(layout: Layout) -> tuple[Verified, list[Diagnostic]]:
    """What `check` verifies, without the editorial rules (which never change what is read): the records the
    pages are made of, in under half the check's time. `mkdocs serve` renders a save from these while the full
    check runs in a second process, and publishes nothing until that check has passed."""
    return check(layout, editorial=False)


def raise_on_errors(diagnostics: list[Diagnostic]) -> None:
    """Raise `ExplainerError` carrying every problem when any of them is an error."""
    if any(d.severity is Severity.ERROR for d in diagnostics):
        raise ExplainerError(diagnostics)
