#!/usr/bin/env python3
"""Scale benchmark of the explainer: `.venv/bin/python bench/run.py --sizes 1000,10000`.

For every size it generates, in a temporary folder, a synthetic project with that many statements
(mostly claims, plus people with facts and relations, quotes, events with some inferred years,
topics, disagreements and a few transcripts) that cite passages of long, deterministic
pseudo-random seed articles (the same articles for every size). Every citation is checked against
its seed with the library's own matcher while generating, so the corpus has no errors. The
project also gets copies of mkdocs.yml, the hook and the project's other hand-written docs pages
(wiki-links made plain text), and a generated docs/index.md. Then it measures, each in its own
subprocess:

1. `explainer check --root DIR` (load, validate, resolve, verify);
2. the full `mkdocs build` of that project with the explainer hook;
3. `mkdocs build` of a second project with the same mkdocs.yml but no hook. Its docs/ holds what
   the hook hands MkDocs, frozen into files by running the hook's events in this process: every
   generated page as Markdown front matter (the page metadata) plus the rendered HTML fragment,
   the hand-written pages with wiki-links rendered, and the generated assets and exports; its
   mkdocs.yml adds what the hook's on_config adds (stylesheet, script, theme override) and marks
   the entity pages not-in-nav, as the hook does. Build (2) minus build (3) is the hook's own work
   (less the Markdown parsing of raw HTML that only build (3) does, measured separately).

Running the hook's events in this process also times (in CPU seconds of this process) the
library's steps one by one, to show which of them grows non-linearly. Each command runs --repeat
times, interleaved; wall times are the fastest run (all runs are listed), CPU times the median.
Wall time, CPU time (user + system) and peak RSS come from a minimal wrapper process that runs the
command as its only child. One
JSON object per size is printed on stdout, one line each; progress goes to stderr. Numbers are
seconds and ratios, never pass/fail.

This file reads the options and puts the steps together; the steps are the modules of `bench/scale/`
(its `__init__` says which does what).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from scale.corpus import make_corpus, write_project
from scale.drive import drive_hook, markdown_seconds
from scale.layout import layout_scaling
from scale.measure import PYTHON, Run, failure, machine, measure
from scale.prose import SEED, Prose, SeedText, make_seeds
from scale.report import size_report

SEED_COUNT = 6
SEED_CHARS = 40_000


def bench_size(
    size: int, seeds: list[SeedText], workdir: Path, timeout: float, repeat: int, facts: dict[str, Any]
) -> dict[str, Any]:
    """Generate the project of `size` statements, drive the hook over it, measure the three commands."""

    def say(text: str) -> None:
        print(f"[{size}] {text}", file=sys.stderr, flush=True)

    project, plain = workdir / "project", workdir / "plain"
    load_before = os.getloadavg()[0]
    start = time.perf_counter()
    corpus = make_corpus(size, seeds)
    write_project(corpus, project)
    generate_s = time.perf_counter() - start
    say(f"corpus written in {generate_s:.1f} s: {corpus.counts}")

    rendered = drive_hook(project, plain)
    say(f"the hook's events in this process: {', '.join(f'{k}={v:.2f}' for k, v in rendered.steps.items())}")
    plain_markdown_s = markdown_seconds(plain)
    say(f"Python-Markdown on the plain project's pages: {plain_markdown_s:.2f} s")

    errors: list[str] = []
    commands = {
        "check": ([PYTHON, "-m", "explainer.cli", "check", "--root", str(project)], project),
        "build": ([PYTHON, "-m", "mkdocs", "build", "--site-dir", str(workdir / "site")], project),
        "plain": ([PYTHON, "-m", "mkdocs", "build", "--site-dir", str(workdir / "plain-site")], plain),
    }
    runs: dict[str, list[Run]] = {name: [] for name in commands}
    for round_number in range(1, repeat + 1):  # interleaved, so that a slow spell of the machine hits all three alike
        for name, (command, cwd) in commands.items():
            run = measure(command, cwd, workdir / f"{name}.log", timeout)
            runs[name].append(run)
            if run.returncode != 0:
                errors.append(failure(name, run))
            say(
                f"round {round_number}: {name}: {run.seconds:.2f} s wall, {run.cpu_seconds:.2f} s CPU, peak RSS "
                f"{run.peak_rss_mb:.0f} MB"
            )
        if errors:
            break
    return size_report(
        corpus,
        seeds,
        rendered,
        runs,
        errors,
        workdir,
        repeat=repeat,
        generate_s=generate_s,
        plain_markdown_s=plain_markdown_s,
        load_average=(load_before, os.getloadavg()[0]),
        facts=facts,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", default="1000,10000", help="comma-separated statement counts (default: 1000,10000)")
    parser.add_argument(
        "--seeds", type=int, default=SEED_COUNT, help=f"number of seed articles (default: {SEED_COUNT})"
    )
    parser.add_argument(
        "--seed-chars",
        type=int,
        default=SEED_CHARS,
        help=f"approximate characters per seed article (default: {SEED_CHARS})",
    )
    parser.add_argument(
        "--timeout", type=float, default=3600, help="seconds before a measured subprocess is killed (default: 3600)"
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="measure each command this many times; wall times are the fastest run, CPU times the median (default: 3)",
    )
    parser.add_argument("--keep", type=Path, default=None, help="keep the generated projects and sites in this folder")
    parser.add_argument(
        "--layout-scaling",
        default=None,
        metavar="COUNTS",
        help="instead: time the source-page passage layout on one seed for these citation counts, e.g. "
        "250,500,1000,2000,4000,8000",
    )
    args = parser.parse_args(argv)
    if args.layout_scaling:
        rng = random.Random(SEED)
        seed = make_seeds(rng, Prose(rng), 1, args.seed_chars)[0]
        for row in layout_scaling(seed, [int(c) for c in args.layout_scaling.split(",")]):
            print(json.dumps(row), flush=True)
        return 0
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    if not sizes or min(sizes) < 100:
        parser.error("sizes must be at least 100 statements")

    facts = machine()
    rng = random.Random(SEED)
    seeds = make_seeds(rng, Prose(rng), args.seeds, args.seed_chars)
    for size in sizes:
        if args.keep is not None:
            workdir = args.keep / f"size-{size}"
            if workdir.exists():
                shutil.rmtree(workdir)
            workdir.mkdir(parents=True)
            result = bench_size(size, seeds, workdir, args.timeout, args.repeat, facts)
        else:
            with tempfile.TemporaryDirectory(prefix=f"explainer-bench-{size}-") as tmp:
                result = bench_size(size, seeds, Path(tmp), args.timeout, args.repeat, facts)
        print(json.dumps(result, ensure_ascii=False), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
