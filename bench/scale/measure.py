"""Measured subprocesses and what they leave: wall time, CPU time and peak RSS of one command, the built
site's pages, and the machine the figures come from."""

from __future__ import annotations

import json
import os
import platform
import re
import subprocess
import sys
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

PYTHON = sys.executable


@dataclass
class Run:
    seconds: float
    cpu_seconds: float  # user + system: less sensitive than wall time to other load on the machine
    peak_rss_mb: float
    returncode: int
    timed_out: bool
    log: Path


# Runs the measured command as its only child and reports that child's wall time and peak RSS. A tiny
# separate process is needed: Linux carries the RSS high-water mark of the process that forks over
# exec into the child's ru_maxrss, so measuring straight from this (large) process would overstate it.
WRAPPER = """
import json, resource, subprocess, sys, time
out, timeout, command = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
start = time.perf_counter()
try:
    code, timed_out = subprocess.run(command, timeout=timeout).returncode, False
except subprocess.TimeoutExpired:
    code, timed_out = -9, True
seconds = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(out, "w") as f:
    cpu = usage.ru_utime + usage.ru_stime
    result = {"seconds": seconds, "cpu": cpu, "maxrss": usage.ru_maxrss, "returncode": code, "timed_out": timed_out}
    json.dump(result, f)
"""


def measure(command: list[str], cwd: Path, log: Path, timeout: float) -> Run:
    """Wall time and peak RSS of one subprocess, as seen by a minimal wrapper process that is its parent."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    # Compiled modules are cached, as in ordinary use: without the cache every run compiles the library
    # (and the hook) from source, a fifth of a check's time at 10,000 statements on a busy machine.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    facts_file = log.with_suffix(".json")
    with log.open("wb") as out:
        subprocess.run(
            [PYTHON, "-c", WRAPPER, str(facts_file), str(timeout), *command],
            cwd=cwd,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            check=True,
        )
    facts = json.loads(facts_file.read_text())
    scale = 1024 * 1024 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS, KiB on Linux
    return Run(facts["seconds"], facts["cpu"], facts["maxrss"] / scale, facts["returncode"], facts["timed_out"], log)


def site_stats(site: Path) -> tuple[int, float, int]:
    """(HTML pages, megabytes of HTML, citation links) of a built site."""
    pages, size, links = 0, 0, 0
    for path in site.rglob("*.html"):
        if path.name == "404.html":
            continue
        data = path.read_bytes()
        pages += 1
        size += len(data)
        links += data.count(b'class="ex-chip"')
    return pages, size / 1e6, links


def failure(name: str, run: Run) -> str:
    if run.timed_out:
        return f"{name}: killed after {run.seconds:.0f} s"
    tail = run.log.read_text(encoding="utf-8", errors="replace")[-2000:]
    return f"{name}: exit {run.returncode}: {tail}"


# ---- the machine --------------------------------------------------------------------------------


def machine() -> dict[str, Any]:
    facts: dict[str, Any] = {
        "cpu_count": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "mkdocs": metadata.version("mkdocs"),
        "mkdocs_material": metadata.version("mkdocs-material"),
    }
    try:
        cpuinfo = Path("/proc/cpuinfo").read_text()
        model_name = re.search(r"^model name\s*:\s*(.+)$", cpuinfo, re.M)
        facts["cpu_model"] = model_name.group(1).strip() if model_name else platform.processor()
        meminfo = Path("/proc/meminfo").read_text()
        total = re.search(r"^MemTotal:\s*(\d+) kB", meminfo, re.M)
        facts["memory_gb"] = round(int(total.group(1)) / 1024 / 1024, 1) if total else None
    except OSError:
        facts["cpu_model"] = platform.processor()
    return facts
