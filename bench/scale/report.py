"""One size's report: the JSON object `bench/run.py` prints for it, from what was generated, driven and
measured. Wall times are the fastest run (all runs are listed), CPU times the median; numbers are seconds
and ratios, never pass/fail."""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any

from scale.compare import same_pages
from scale.corpus import Corpus
from scale.drive import Driven
from scale.measure import Run, site_stats
from scale.prose import SeedText


def size_report(
    corpus: Corpus,
    seeds: list[SeedText],
    rendered: Driven,
    runs: dict[str, list[Run]],
    errors: list[str],
    workdir: Path,
    *,
    repeat: int,
    generate_s: float,
    plain_markdown_s: float,
    load_average: tuple[float, float],
    facts: dict[str, Any],
) -> dict[str, Any]:
    """The report of one size: `runs` of the commands check, build and plain (`repeat` rounds were asked
    for), the sites they built in `workdir`, the 1-minute load average before and after, the machine."""

    def seconds(name: str) -> float:
        # The fastest run: other work on a shared machine only ever adds wall time (all runs are in runs_s).
        return min(run.seconds for run in runs[name])

    def cpu(name: str) -> float:
        return statistics.median(run.cpu_seconds for run in runs[name])

    def peak(name: str) -> float:
        return round(max(run.peak_rss_mb for run in runs[name]), 1)

    result: dict[str, Any] = {"statements": rendered.statements, "pages": rendered.pages}
    errors = list(errors)
    compared = same_pages(workdir / "site", workdir / "plain-site") if not errors else None
    if compared is not None and not compared.same:
        # Unlike sites: no ratio between the two builds is reported (see compare.py).
        errors.append(f"the plain build did not make the hook build's pages: {compared}")
    ok = not errors
    check_s, build_s, plain_s = seconds("check"), seconds("build"), seconds("plain")
    built = site_stats(workdir / "site") if ok else (0, 0.0, 0)
    plain_built = site_stats(workdir / "plain-site") if ok else (0, 0.0, 0)
    result.update(
        check_s=round(check_s, 2),
        build_s=round(build_s, 2) if ok else None,
        material_plain_s=round(plain_s, 2) if ok else None,
        peak_rss_mb=peak("build"),
        plain_peak_rss_mb=peak("plain"),
        check_peak_rss_mb=peak("check"),
        build_s_per_1000_statements=round(build_s / rendered.statements * 1000, 3) if ok else None,
        plain_s_per_1000_statements=round(plain_s / rendered.statements * 1000, 3) if ok else None,
        check_s_per_1000_statements=round(check_s / rendered.statements * 1000, 3),
        hooks_overhead_ratio=round(build_s / plain_s, 2) if ok else None,
        hooks_overhead_s=round(build_s - plain_s, 2) if ok else None,
        check_cpu_s=round(cpu("check"), 2),
        build_cpu_s=round(cpu("build"), 2) if ok else None,
        plain_cpu_s=round(cpu("plain"), 2) if ok else None,
        hooks_overhead_cpu_ratio=round(cpu("build") / cpu("plain"), 2) if ok else None,
        plain_markdown_cpu_s=round(plain_markdown_s, 2),
        # The hook's own work in CPU seconds, not counting the Markdown parsing of raw HTML that only the
        # plain build does.
        hooks_own_cpu_s=round(cpu("build") - (cpu("plain") - plain_markdown_s), 2) if ok else None,
        hooks_overhead_cpu_ratio_adjusted=round(cpu("build") / (cpu("plain") - plain_markdown_s), 2) if ok else None,
        repeat=repeat,
        runs_s={name: [round(run.seconds, 2) for run in measured] for name, measured in runs.items()},
        html_pages=built[0],
        html_mb=round(built[1], 1),
        plain_html_mb=round(plain_built[1], 1),
        # The plain site must make the same pages (compare.py); and so carry the same citation links.
        same_pages=compared.same if compared is not None else None,
        pages_differing_outside_the_article=compared.other_outside_article if compared is not None else None,
        same_citation_links=built[2] == plain_built[2] and built[2] > 0,
        citation_links=built[2],
        counts=corpus.counts,
        citations=corpus.citation_kinds,
        passages_per_source=rendered.passages,
        seed_kb=round(sum(len(s.text.encode()) for s in seeds) / len(seeds) / 1000, 1),
        in_process={k: round(v, 3) for k, v in rendered.steps.items()},
        render_by_template={k: round(v, 3) for k, v in sorted(rendered.by_template.items(), key=lambda kv: -kv[1])},
        slowest_pages=[[uri, round(s, 3)] for uri, s in rendered.slowest],
        generate_s=round(generate_s, 2),
        # before and after: other work on the machine skews wall times
        load_average_1min=[round(load_average[0], 2), round(load_average[1], 2)],
        errors=errors,
        **facts,
    )
    return result
