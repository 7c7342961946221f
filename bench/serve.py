#!/usr/bin/env python3
"""Save to page: `.venv/bin/python bench/serve.py [--statements 10000] [--edits 10]`.

Runs `mkdocs serve` (the project's own mkdocs.yml and hook, in a process of its own) on a copy of the real
site, or with `--statements N` on a synthetic project of N statements (bench/scale, as bench/run.py makes
them). Once the first build is served, it rewords one claim's text `--edits` times, each a different claim,
as an editor's save does (the file written beside and renamed over the old one), and for each save measures:

- reload: from the moment the file is in place to the moment MkDocs' live-reload answer tells the browser to
  reload (the long poll a served page keeps open returns with the new build's number);
- the page: that the claim's own page (its topic's page) served then holds the new words, and the server's
  log line saying how many pages the save rendered again.

It prints each edit's figures and their median and worst, in seconds; a line of JSON at the end has them all.
Nothing is pass or fail: docs/benchmarks.md says what the project aims at (one second on the real site,
three at 10,000 statements) and what was measured.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
EPOCH = re.compile(r"livereload\((\d+),\s*(\d+)\)")
SERVING_ON = re.compile(r"Serving on (http://\S+/)")
IN_PART = re.compile(r"rendered (\d+) of (\d+) pages again in ([^\n]*)")
WORDS = ["amber", "birch", "cedar", "delta", "ember", "fjord", "grove", "heath", "inlet", "jetty", "knoll", "larch"]


def copy_real_site(project: Path) -> None:
    project.mkdir(parents=True)
    for folder in ("content", "seeds", "docs"):
        shutil.copytree(ROOT / folder, project / folder)
    shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    (project / "hooks").mkdir()
    shutil.copy(ROOT / "hooks" / "explainer_hook.py", project / "hooks" / "explainer_hook.py")


def synthetic_site(project: Path, statements: int) -> None:
    import random

    sys.path.insert(0, str(ROOT / "bench"))
    from scale.corpus import make_corpus, write_project
    from scale.prose import SEED, Prose, make_seeds

    rng = random.Random(SEED)
    seeds = make_seeds(rng, Prose(rng), 6, 40_000)
    write_project(make_corpus(statements, seeds), project)


def claims_to_edit(project: Path, count: int) -> list[tuple[Path, str, str, str]]:
    """(file, claim id, its text, its topic) of `count` claims, spread over the claims files."""
    found: list[tuple[Path, str, str, str]] = []
    for path in sorted((project / "content").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for claim in data.get("claims") or []:
            text = claim.get("text")
            if isinstance(text, str) and " " in text and text.strip() in path.read_text(encoding="utf-8"):
                found.append((path, claim["id"], text.strip(), claim.get("topic", "")))
    if len(found) < count:
        sys.exit(f"bench/serve.py: only {len(found)} claims whose text can be found as written")
    step = len(found) / count
    return [found[int(n * step)] for n in range(count)]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def get(url: str, timeout: float = 120) -> str:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return str(response.read().decode("utf-8"))


def save(path: Path, text: str) -> float:
    """Write as an editor does (beside, then renamed over); the moment the new file is in place."""
    fresh = path.with_name(f".{path.name}.saving")
    fresh.write_text(text, encoding="utf-8")
    os.replace(fresh, path)
    return time.perf_counter()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--statements", type=int, default=0, help="a synthetic project of this many statements")
    parser.add_argument("--edits", type=int, default=10, help="how many saves to measure (default: 10)")
    parser.add_argument("--keep", type=Path, default=None, help="keep the project in this folder")
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="bench-serve-")) if args.keep is None else args.keep
    project = work / "project"
    if args.statements:
        synthetic_site(project, args.statements)
    else:
        copy_real_site(project)
    edits = claims_to_edit(project, args.edits)
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    log_path = work / "serve.log"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    with log_path.open("w", encoding="utf-8") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "serve", "--dev-addr", f"127.0.0.1:{port}"],
            cwd=project,
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
        )
    results: list[dict[str, Any]] = []
    try:
        start = time.perf_counter()
        while True:
            try:
                home = get(base, timeout=5)
                break
            except OSError:
                if server.poll() is not None or time.perf_counter() - start > 1800:
                    sys.exit(f"bench/serve.py: mkdocs serve did not come up; see {log_path}")
                time.sleep(0.2)
        print(f"first build served after {time.perf_counter() - start:.1f} s", file=sys.stderr)
        serving = SERVING_ON.search(log_path.read_text(encoding="utf-8"))
        site = serving[1] if serving else base  # pages are below the site address's path, as `mkdocs serve` mounts it
        match = EPOCH.search(home)
        if match is None:
            sys.exit("bench/serve.py: the served page has no live-reload script")
        epoch, request = int(match[1]), int(match[2])
        for number, (path, claim_id, text, topic) in enumerate(edits):
            word = WORDS[number % len(WORDS)]
            new_text = f"{text.rstrip('.')}, {word}."
            answer: dict[str, float] = {}

            def poll(epoch: int = epoch, answer: dict[str, float] = answer) -> None:
                # What a served page's live-reload script asks: it returns once a newer build is visible.
                body = get(f"{base}livereload/{epoch}/{request}", timeout=600)
                answer["at"], answer["epoch"] = time.perf_counter(), float(body)

            waiter = threading.Thread(target=poll)
            waiter.start()
            time.sleep(0.3)  # the long poll is open, and the server idle, before the save
            before = log_path.read_text(encoding="utf-8")
            saved_at = save(path, path.read_text(encoding="utf-8").replace(text, new_text, 1))
            waiter.join()
            reload_s = answer["at"] - saved_at
            epoch = int(answer["epoch"])
            page = get(f"{site}claims/{topic}/") if topic else ""
            logged = log_path.read_text(encoding="utf-8")[len(before) :]
            counts = IN_PART.search(logged)
            result = {
                "claim": claim_id,
                "reload_s": round(reload_s, 3),
                "page_has_the_edit": word in page,
                "rendered": f"{counts[1]} of {counts[2]} in {counts[3]}" if counts else "full build",
            }
            results.append(result)
            print(
                f"edit {number + 1}: {claim_id}: reload after {reload_s:.3f} s; the page has the edit: "
                f"{result['page_has_the_edit']}; pages rendered: {result['rendered']}",
                file=sys.stderr,
            )
    finally:
        server.terminate()
        server.wait(timeout=30)
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    seconds = [r["reload_s"] for r in results]
    summary = {
        "statements": args.statements or "real site",
        "edits": len(results),
        "median_reload_s": round(statistics.median(seconds), 3),
        "worst_reload_s": round(max(seconds), 3),
        "all_pages_had_the_edit": all(r["page_has_the_edit"] for r in results),
        "results": results,
    }
    print(
        f"median {summary['median_reload_s']} s, worst {summary['worst_reload_s']} s over {len(results)} saves",
        file=sys.stderr,
    )
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
