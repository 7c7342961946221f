#!/usr/bin/env python3
"""Page-weight benchmark of the built site: `.venv/bin/python bench/pages.py [--runs 3] [--site DIR]`.

Builds the site strictly (or takes an already built one with --site), serves it on 127.0.0.1 the way
GitHub Pages serves it (gzip for text, as the browser asks), and opens every page in Debian's Chromium:

1. **DOM size**: elements in the document after load (`document.getElementsByTagName('*')`, which is what
   Lighthouse's dom-size audit counts: elements inside <template> and text inside <noscript> are not).
2. **Transferred bytes**: what a first-time reader's browser fetches until the network is idle (HTML, CSS,
   JavaScript, the search index, anything else), as encoded on the wire (`Request.sizes()`).
3. **Lighthouse mobile performance** (Lighthouse 12.2.3 from bench/lighthouse/package-lock.json, installed
   with `npm ci` on first use; it drives the same Chromium): default mobile settings (simulated slow 4G,
   4x CPU slowdown, Moto G Power screen). Run on the page with the most DOM elements of each page type,
   --runs times; the median score is reported with its FCP, LCP, TBT, CLS and Speed Index. Lighthouse
   simulates the throttling from a trace taken on this machine, so a busy machine gives lower figures;
   its `benchmarkIndex` (CPU speed of this machine as Lighthouse measures it) is printed with them.

Targets (issue 10): every page type at least 90 on mobile, no page over 1,500 DOM elements. The script
reports figures, never pass/fail. A JSON object per page type goes to stdout, progress to stderr;
--markdown prints the table for docs/page-weight.md instead (--table FILE prints it from saved JSON lines).
--baseline SITE compares with an earlier build (e.g. of main): Lighthouse runs alternate between the two.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import io
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
LIGHTHOUSE_DIR = ROOT / "bench" / "lighthouse"
LIGHTHOUSE = LIGHTHOUSE_DIR / "node_modules" / ".bin" / "lighthouse"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
COMPRESSED = {".html", ".css", ".js", ".json", ".jsonld", ".svg", ".txt", ".xml"}

# Page types by URL path (relative to the site root), first match wins.
PAGE_TYPES = [
    ("home", re.compile(r"^$")),
    ("people-index", re.compile(r"^people/$")),
    ("person", re.compile(r"^people/[^/]+/$")),
    ("timeline", re.compile(r"^timeline/$")),
    ("quotes-index", re.compile(r"^quotes/$")),
    ("quote", re.compile(r"^quotes/[^/]+/$")),
    ("claims-index", re.compile(r"^claims/$")),
    ("claims-topic", re.compile(r"^claims/[^/]+/$")),
    ("disagreements", re.compile(r"^disagreements/$")),
    ("sources-index", re.compile(r"^sources/$")),
    ("source", re.compile(r"^sources/[^/]+/$")),
    ("transcripts-index", re.compile(r"^transcripts/$")),
    ("transcript", re.compile(r"^transcripts/[^/]+/$")),
    ("compare", re.compile(r"^compare/$")),
    ("corrections", re.compile(r"^corrections/$")),
    ("editor-page", re.compile(r"^[^/]+/$")),
]


def page_type(path: str) -> str:
    for name, pattern in PAGE_TYPES:
        if pattern.match(path):
            return name
    return "other"


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# ---- serving the site as a static host does ---------------------------------------------------------------------


class _GzipHandler(SimpleHTTPRequestHandler):
    """Static files, gzip-compressed for text types when the browser accepts it (as GitHub Pages does)."""

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def send_head(self) -> Any:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?", 1)[0].endswith("/"):
                return super().send_head()  # the redirect to the slash URL
            path = path / "index.html"
        if not path.is_file() or path.suffix not in COMPRESSED or "gzip" not in self.headers.get("Accept-Encoding", ""):
            return super().send_head()
        body = _compressed(path, path.stat().st_mtime_ns)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=600")
        self.end_headers()
        return io.BytesIO(body)


@functools.lru_cache(maxsize=512)
def _compressed(path: Path, mtime: int) -> bytes:
    return gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)


@contextmanager
def serve(site: Path) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_GzipHandler, directory=str(site)))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


# ---- measuring ----------------------------------------------------------------------------------------------------


@dataclass
class PageFigures:
    path: str
    dom: int
    bytes_by_kind: dict[str, int] = field(default_factory=dict)

    @property
    def total_bytes(self) -> int:
        return sum(self.bytes_by_kind.values())


def _kind(url: str, resource_type: str) -> str:
    path = url.split("?", 1)[0]
    if path.endswith("search_index.json"):
        return "search index"
    if resource_type == "document":
        return "html"
    if resource_type == "stylesheet" or path.endswith(".css"):
        return "css"
    if resource_type == "script" or path.endswith(".js"):
        return "js"
    return "other"


def _collect(sink: list[Any], request: Any) -> None:
    sink.append(request)


def measure_pages(base: str, paths: list[str]) -> list[PageFigures]:
    figures = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            for path in paths:
                # A fresh context per page: nothing cached, as for a first visit.
                context = browser.new_context(
                    viewport={"width": 412, "height": 823}, is_mobile=True, has_touch=True, device_scale_factor=2
                )
                page = context.new_page()
                finished: list[Any] = []
                page.on("requestfinished", functools.partial(_collect, finished))
                page.goto(base + path, wait_until="networkidle")
                dom = page.evaluate("() => document.getElementsByTagName('*').length")
                sizes: dict[str, int] = defaultdict(int)
                for request in finished:
                    if request.url.startswith(base):
                        sizes[_kind(request.url, request.resource_type)] += request.sizes()["responseBodySize"]
                figures.append(PageFigures(path, dom, dict(sizes)))
                context.close()
        finally:
            browser.close()
    return figures


def ensure_lighthouse() -> None:
    if LIGHTHOUSE.exists():
        return
    log("Installing Lighthouse from bench/lighthouse/package-lock.json ...")
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=LIGHTHOUSE_DIR, check=True)


# Lighthouse's default CPU slowdown (4x) is meant for a high-end desktop, whose benchmarkIndex Lighthouse's
# throttling guide puts at 1,500-2,000; on a slower host it emulates a slower phone than intended. The guide
# says to calibrate the multiplier to the host ("Calibrating the CPU slowdown": low-end desktop, 1,000-1,500,
# about 2x). --calibrate scales the default in proportion to the measured index, 4x at the bracket's middle.
DEFAULT_CPU_SLOWDOWN = 4.0
REFERENCE_BENCHMARK_INDEX = 1750


def calibrated_slowdown(benchmark_index: float) -> float:
    return round(max(1.0, DEFAULT_CPU_SLOWDOWN * benchmark_index / REFERENCE_BENCHMARK_INDEX), 2)


def lighthouse(url: str, cpu_slowdown: float = DEFAULT_CPU_SLOWDOWN) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        env = {**os.environ, "CHROME_PATH": str(CHROMIUM)}
        flags = " ".join(["--headless=new", *CHROMIUM_ARGS])
        subprocess.run(
            [
                str(LIGHTHOUSE),
                url,
                "--only-categories=performance",
                "--output=json",
                f"--output-path={out}",
                f"--chrome-flags={flags}",
                "--quiet",
                f"--throttling.cpuSlowdownMultiplier={cpu_slowdown}",
            ],
            check=True,
            env=env,
            cwd=tmp,
            timeout=600,
        )
        report = json.loads(out.read_text(encoding="utf-8"))
    audits = report["audits"]
    return {
        "score": round(report["categories"]["performance"]["score"] * 100),
        "fcp_ms": round(audits["first-contentful-paint"]["numericValue"]),
        "lcp_ms": round(audits["largest-contentful-paint"]["numericValue"]),
        "tbt_ms": round(audits["total-blocking-time"]["numericValue"]),
        "cls": round(audits["cumulative-layout-shift"]["numericValue"], 3),
        "si_ms": round(audits["speed-index"]["numericValue"]),
        "dom_lighthouse": audits["dom-size"].get("numericValue"),
        "benchmark_index": report.get("environment", {}).get("benchmarkIndex"),
        "cpu_slowdown": cpu_slowdown,
    }


def build_site(target: Path) -> None:
    log("Building the site (mkdocs build --strict) ...")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(target)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        sys.exit(f"bench/pages.py: the build failed:\n{result.stderr[-4000:]}")


def site_paths(site: Path) -> list[str]:
    paths = []
    for index in sorted(site.rglob("index.html")):
        relative = index.parent.relative_to(site).as_posix()
        if relative.startswith(("assets", "search", "data")):
            continue
        paths.append("" if relative == "." else relative + "/")
    return paths


def summarize(
    figures: list[PageFigures], runs: int, base: str, skip_lighthouse: bool, calibrate: bool = False
) -> list[dict[str, Any]]:
    by_type: dict[str, list[PageFigures]] = defaultdict(list)
    for f in figures:
        by_type[page_type(f.path)].append(f)
    order = [name for name, _ in PAGE_TYPES] + ["other"]
    rows = []
    for name in sorted(by_type, key=order.index):
        pages = by_type[name]
        worst = max(pages, key=lambda f: f.dom)
        row: dict[str, Any] = {
            "type": name,
            "pages": len(pages),
            "page": worst.path or "(home)",
            "dom": worst.dom,
            "dom_median": statistics.median(f.dom for f in pages),
            "bytes": worst.total_bytes,
            "bytes_by_kind": worst.bytes_by_kind,
        }
        if not skip_lighthouse:
            results = []
            for run in range(runs):
                log(f"Lighthouse {name}: {worst.path or '(home)'} (run {run + 1} of {runs})")
                result = lighthouse(base + worst.path)
                if calibrate and result["benchmark_index"]:
                    # The same page again, slowed down for this host as measured in the run just made.
                    result = lighthouse(base + worst.path, calibrated_slowdown(result["benchmark_index"]))
                results.append(result)
            median = sorted(results, key=lambda r: r["score"])[len(results) // 2]
            row["lighthouse"] = median
            row["lighthouse_scores"] = [r["score"] for r in results]
        rows.append(row)
    return rows


def compare(baseline: Path, site: Path, paths: list[str], runs: int) -> list[dict[str, Any]]:
    """The page with the most DOM elements of each type, on this site and on a baseline build of it:
    DOM size and bytes of both, and Lighthouse runs alternating between the two (so that both see the
    same machine load); the medians and their ratio."""
    rows = []
    with serve(site) as new_base, serve(baseline) as old_base:
        log(f"Measuring {len(paths)} pages ...")
        by_type: dict[str, list[PageFigures]] = defaultdict(list)
        for f in measure_pages(new_base, paths):
            by_type[page_type(f.path)].append(f)
        order = [name for name, _ in PAGE_TYPES] + ["other"]
        for name in sorted(by_type, key=order.index):
            after = max(by_type[name], key=lambda f: f.dom)
            if not (baseline / after.path / "index.html").is_file():
                log(f"{name}: {after.path} is not in the baseline; skipped")
                continue
            before = measure_pages(old_base, [after.path])[0]
            results: dict[str, list[dict[str, Any]]] = {"before": [], "after": []}
            for run in range(runs):
                log(f"Lighthouse {name}: {after.path or '(home)'} (run {run + 1} of {runs}, baseline and this build)")
                results["before"].append(lighthouse(old_base + after.path))
                results["after"].append(lighthouse(new_base + after.path))
            row: dict[str, Any] = {"type": name, "page": after.path or "(home)"}
            for side, figures in (("before", before), ("after", after)):
                median = sorted(results[side], key=lambda r: r["score"])[len(results[side]) // 2]
                row[side] = {
                    "dom": figures.dom,
                    "bytes": figures.total_bytes,
                    "bytes_by_kind": figures.bytes_by_kind,
                    "lighthouse": median,
                    "lighthouse_scores": [r["score"] for r in results[side]],
                }
            row["score_ratio"] = round(
                row["after"]["lighthouse"]["score"] / max(row["before"]["lighthouse"]["score"], 1), 2
            )
            row["dom_ratio"] = round(after.dom / max(before.dom, 1), 2)
            rows.append(row)
    return rows


def comparison_table(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| page type | page measured | DOM elements before → after | KB transferred before → after | mobile score "
        "before → after (runs) | TBT ms before → after | LCP s before → after |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in rows:
        b, a = r["before"], r["after"]
        lb, la = b["lighthouse"], a["lighthouse"]
        lines.append(
            f"| {r['type']} | `{r['page']}` | {b['dom']:,} → {a['dom']:,} | {b['bytes'] / 1024:.0f} → "
            f"{a['bytes'] / 1024:.0f} "
            f"| {lb['score']} → {la['score']} ({', '.join(map(str, b['lighthouse_scores']))} / "
            f"{', '.join(map(str, a['lighthouse_scores']))}) "
            f"| {lb['tbt_ms']} → {la['tbt_ms']} | {lb['lcp_ms'] / 1000:.1f} → {la['lcp_ms'] / 1000:.1f} |"
        )
    return "\n".join(lines)


def markdown_table(rows: list[dict[str, Any]]) -> str:
    if rows and "before" in rows[0]:
        return comparison_table(rows)

    def kb(n: int) -> str:
        return f"{n / 1024:.0f}"

    lines = [
        "| page type (pages) | page measured | DOM elements (median of type) | KB transferred: total (HTML, CSS, JS, "
        "search index) | mobile score (runs) | FCP / LCP s | TBT ms | CLS | benchmarkIndex (CPU slowdown) |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in rows:
        b = r["bytes_by_kind"]
        lh = r.get("lighthouse")
        score = f"{lh['score']} ({', '.join(map(str, r['lighthouse_scores']))})" if lh else "not run"
        paint = f"{lh['fcp_ms'] / 1000:.1f} / {lh['lcp_ms'] / 1000:.1f}" if lh else ""
        parts = ", ".join(kb(b.get(kind, 0)) for kind in ("html", "css", "js", "search index"))
        host = (
            f"{lh['benchmark_index']:.0f} ({lh.get('cpu_slowdown', DEFAULT_CPU_SLOWDOWN):g}x)"
            if lh and lh["benchmark_index"]
            else ""
        )
        lines.append(
            f"| {r['type']} ({r['pages']}) | `{r['page']}` | {r['dom']:,} ({r['dom_median']:,.0f}) | {kb(r['bytes'])} "
            f"({parts}) "
            f"| {score} | {paint} | {lh['tbt_ms'] if lh else ''} | {lh['cls'] if lh else ''} "
            f"| {host} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--site", type=Path, default=None, help="measure this already built site instead of building one"
    )
    parser.add_argument(
        "--runs", type=int, default=3, help="Lighthouse runs per page type; the median is reported (default: 3)"
    )
    parser.add_argument("--no-lighthouse", action="store_true", help="only DOM size and transferred bytes")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table instead of JSON lines")
    parser.add_argument(
        "--types", default=None, help="comma-separated page types to measure (default: all), e.g. person,source"
    )
    parser.add_argument(
        "--baseline",
        type=Path,
        default=None,
        metavar="SITE",
        help="also measure this earlier build of the site, interleaved, and compare",
    )
    parser.add_argument(
        "--calibrate",
        action="store_true",
        help="scale Lighthouse's CPU slowdown (4x) to this host's benchmarkIndex, as its throttling guide advises",
    )
    parser.add_argument(
        "--table",
        type=Path,
        default=None,
        metavar="JSONL",
        help="only print the Markdown table of an earlier run's output",
    )
    args = parser.parse_args(argv)
    if args.table:
        print(
            markdown_table(
                [json.loads(line) for line in args.table.read_text(encoding="utf-8").splitlines() if line.strip()]
            )
        )
        return 0
    if not CHROMIUM.exists():
        sys.exit(f"bench/pages.py: {CHROMIUM} is missing (apt-get install chromium)")
    if not args.no_lighthouse:
        ensure_lighthouse()
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            build_site(site)
        paths = site_paths(site)
        if args.types:
            wanted = set(args.types.split(","))
            unknown = wanted - {name for name, _ in PAGE_TYPES}
            if unknown:
                sys.exit(f"bench/pages.py: unknown page types {sorted(unknown)}")
            paths = [p for p in paths if page_type(p) in wanted]
        if args.baseline:
            rows = compare(args.baseline, site, paths, args.runs)
        else:
            with serve(site) as base:
                log(f"Measuring {len(paths)} pages ...")
                figures = measure_pages(base, paths)
                rows = summarize(figures, args.runs, base, args.no_lighthouse, args.calibrate)
    if args.markdown:
        print(markdown_table(rows))
    else:
        for row in rows:
            print(json.dumps(row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
