"""Verify step: find every citation's passage in its seed and pin it to exact offsets."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from explainer.content import model
from explainer.content.load import Budgets
from explainer.content.options import Options
from explainer.core import codes
from explainer.core.diagnostics import Report
from explainer.core.generations import Generations
from explainer.evidence.copying import Copying, measure_copying
from explainer.evidence.resolve import Index
from explainer.evidence.seeds import Seed, SeedError, read_seed
from explainer.text.clip import clip
from explainer.text.sentences import Sentence, sentences
from explainer.text.sourcetext import passage_anchor
from explainer.text.textmatch import Found, find_closest, find_passage

Lock = dict[str, dict[str, tuple[int, int]]]  # source id -> citation key -> (start, end), see lock.py


def citation_key(statement_id: str, quote: str) -> str:
    """How the lock names a citation: stable when citations are reordered."""
    return f"{statement_id} | {' '.join(quote.split())}"


@dataclass(frozen=True)
class Located:
    """A citation pinned in its seed: `exact` is the seed's own text[start:end]."""

    source: str
    seed: str  # the seed's file name
    start: int
    end: int
    exact: str
    note: str | None = None
    via: str | None = None  # the id of the outlet the article relays the passage from, as it says

    @property
    def anchor(self) -> str:
        return passage_anchor(self.start, self.end)


@dataclass
class Verified:
    index: Index
    seeds: dict[str, Seed]  # by source id
    located: dict[str, tuple[Located, ...]]  # statement id -> its citations, in order

    @cached_property
    def copying(self) -> Copying:
        """Which seeds copy each other's narrative (measured once, on first use)."""
        return measure_copying({source: seed.text for source, seed in self.seeds.items()})


def load_seeds(
    root: Path,
    index: Index,
    report: Report,
    seeds_dir: str = "seeds",
    max_bytes: int | None = None,
    budgets: Budgets | None = None,
) -> tuple[dict[str, Seed], set[str]]:
    """The seeds by source id, and the ids of sources whose seed no longer matches its recorded SHA-256;
    within the budgets (max_seeds, max_seeds_bytes), past which no further seed is read."""
    seeds: dict[str, Seed] = {}
    changed: set[str] = set()
    budgets = budgets or Budgets(Options())
    for source in index.content.sources:
        if not budgets.spend("max_seeds", 1, report, source.at("file")):
            break
        try:
            seed = read_seed(root, source.file, seeds_dir, max_bytes)
        except SeedError as exc:
            report.error(exc.code, source.at("file"), exc.message, exc.hint)
            continue
        if not budgets.spend("max_seeds_bytes", len(seed.text.encode("utf-8")), report, source.at("file")):
            break
        if source.sha256 is not None and source.sha256 != seed.sha256:
            hint = (
                "seeds are evidence and never edited; if the change is deliberate, review every citation of this "
                "seed reported as moved or broken, then update sha256 and run `explainer lock`"
            )
            report.error(
                codes.SEED_CHANGED,
                source.at("sha256"),
                f"seed '{source.file}' has changed: its SHA-256 is {seed.sha256}",
                hint,
            )
            changed.add(source.id)
        seeds[source.id] = seed
    return seeds, changed


def locate(
    citation: model.Citation, seed: Seed, report: Report, was: tuple[int, int] | None = None, changed: bool = False
) -> Located | None:
    """Pin one citation; `changed` says its seed no longer matches its SHA-256, `was` where the lock had it."""
    found = _found(seed, citation)
    if found.count != 1:
        _report_not_located(citation, seed, found, report, was, changed)
        return None
    match = found.matches[0]
    if found.total > 1 and citation.occurrence is not None and found.in_context > 1:
        # The site knows which place is meant, but the quote does not say so: a reader searching for it, or a
        # tool re-anchoring a W3C TextQuoteSelector by its text, finds several.
        report.warning(
            codes.OCCURRENCE_ONLY,
            citation.at("occurrence"),
            f"the passage occurs {found.total} times in {seed.name}: 'occurrence: {citation.occurrence}' picks one "
            "for the site, but the quote itself does not say which",
            "add 'prefix:' or 'suffix:' with the words right before or after the place you mean "
            "(then 'occurrence:' can go)",
        )
    if changed and was is not None and was != (match.start, match.end):
        report.warning(
            codes.CITATION_MOVED,
            citation.at("quote"),
            f"citation moved in the changed seed {seed.name}: from {was[0]}-{was[1]} to {match.start}-{match.end}",
            "check that the passage still supports the statement",
        )
    return Located(
        citation.source,
        seed.name,
        match.start,
        match.end,
        seed.text[match.start : match.end],
        citation.note,
        citation.via,
    )


# Where each citation's passage was found by the last `verify` and the one in progress, by the seed's text and
# what the citation asks for: `mkdocs serve` verifies the content again on every save, and finding the passages
# was most of it at 10,000 statements, though a save changes few citations and seldom a seed. What
# `find_passage` finds depends on those alone.
_FOUND: Generations[tuple[str, str, str | None, str | None, int | None], Found] = Generations()


def _found(seed: Seed, citation: model.Citation) -> Found:
    return _FOUND.get(
        (seed.text, citation.quote, citation.prefix, citation.suffix, citation.occurrence),
        lambda: find_passage(seed.normalized, citation.quote, citation.prefix, citation.suffix, citation.occurrence),
    )


def _report_not_located(
    citation: model.Citation, seed: Seed, found: Found, report: Report, was: tuple[int, int] | None, changed: bool
) -> None:
    where = citation.at("quote")
    if found.count > 1:
        hint = "add 'prefix:' or 'suffix:' with a few words around the one you mean, or 'occurrence: N'"
        report.error(
            codes.AMBIGUOUS_PASSAGE,
            where,
            f"ambiguous passage: it occurs {found.count} times in {seed.name}",
            hint,
        )
    elif found.total == 0:
        close = find_closest(seed.normalized, citation.quote)
        hint = (
            f'closest passage in {seed.name}: "{close.text}"'
            if close.text
            else f"copy the passage from {seed.file} exactly"
        )
        if close.bounded:
            hint += " (some places were judged by fewer words: the article repeats them too often to compare all)"
        shown = clip(citation.quote, 80, one_line=True, strip=False)
        if changed:
            before = f" (it was at {was[0]}-{was[1]})" if was else ""
            report.error(
                codes.CITATION_BROKE,
                where,
                f'citation broke: the changed seed {seed.name} no longer contains "{shown}"{before}',
                hint,
            )
        else:
            report.error(
                codes.PASSAGE_NOT_FOUND,
                where,
                f'passage not found in {seed.name}: "{shown}"',
                hint,
            )
    elif citation.occurrence is not None and (citation.prefix is None and citation.suffix is None):
        message = (
            f"occurrence {citation.occurrence} requested but the passage occurs {found.total} time(s) in {seed.name}"
        )
        report.error(
            codes.OCCURRENCE_OUT_OF_RANGE, citation.at("occurrence"), message, f"use a number from 1 to {found.total}"
        )
    else:
        message = f"the passage occurs {found.total} time(s) in {seed.name}, but none with the given prefix/suffix"
        report.error(
            codes.CONTEXT_NOT_FOUND, where, message, "copy prefix/suffix from the text right before/after the passage"
        )


def verify(
    root: Path,
    index: Index,
    report: Report,
    seeds_dir: str = "seeds",
    lock: Lock | None = None,
    max_seed_bytes: int | None = None,
    budgets: Budgets | None = None,
) -> Verified:
    seeds, changed = load_seeds(root, index, report, seeds_dir, max_seed_bytes, budgets)
    _FOUND.next_run()
    lock = lock or {}
    located: dict[str, tuple[Located, ...]] = {}
    spans_of: dict[str, list[Sentence]] = {}  # a seed's sentences, read once and only if a citation relays
    for statement in index.statements:
        pinned = []
        for citation in statement.citations:
            seed = seeds.get(citation.source)
            if seed is None:
                continue  # unknown source or unreadable seed: already reported
            was = (
                lock.get(citation.source, {}).get(citation_key(statement.id, citation.quote))
                if citation.source in changed
                else None
            )
            hit = locate(citation, seed, report, was, citation.source in changed)
            if hit is not None:
                pinned.append(hit)
                if citation.via is not None and citation.via in index.organizations:
                    if citation.source not in spans_of:
                        spans_of[citation.source] = sentences(seed.text)
                    spans = spans_of[citation.source]
                    check_relay(citation, hit, seed.text, spans, index.organizations[citation.via], report)
        located[statement.id] = tuple(pinned)
    return Verified(index, seeds, located)


def check_relay(
    citation: model.Citation,
    hit: Located,
    text: str,
    spans: list[Sentence],
    outlet: model.Organization,
    report: Report,
) -> None:
    """A citation that says its article relays another outlet: the article names the outlet in the sentence of
    the passage (EX421), by its name or one of its aliases, so that the relay is the article's word, not ours.
    `spans` are the sentences of `text`."""
    sentence_start = max((s.start for s in spans if s.start <= hit.start), default=0)
    sentence_end = min((s.end for s in spans if s.end >= hit.end), default=len(text))
    sentence = text[sentence_start:sentence_end]
    names = [outlet.name, *outlet.aliases]
    if not any(name in sentence for name in names):
        report.error(
            codes.RELAY_NOT_NAMED,
            citation.at("via"),
            f"the citation says that its article relays {outlet.name}, but the passage's sentence does not name it "
            f"({' or '.join(repr(n) for n in names)})",
            "cite the passage whose sentence names the outlet ('…, reports Page Six.'), or remove 'via:' if the "
            "article does not say it relays it",
        )
