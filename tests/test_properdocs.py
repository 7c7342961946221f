"""Longevity: ProperDocs (a drop-in fork of MkDocs 1.6.1) builds the same site from the same project.

mkdocs-material reaches end of life in 2027 and MkDocs 2 drops hooks; docs/longevity.md gives the plan.
This test keeps the fallback real: the whole site, pages and exports, must come out byte for byte the
same, except the generator's name in each page's <meta name="generator"> and the sitemap's <lastmod>, which
MkDocs sets to the day of the build: the two builds of a test run can fall on either side of midnight (UTC).
"""

from __future__ import annotations

import gzip
import os
import re
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

from conftest import ROOT

GENERATOR = re.compile(rb'<meta name="generator" content="[^"]*">')
LASTMOD = re.compile(rb"<lastmod>([0-9-]+)</lastmod>")


def _normalized(path: Path) -> bytes:
    data = path.read_bytes()
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    if path.name.startswith("sitemap.xml"):
        data = LASTMOD.sub(b"<lastmod></lastmod>", data)
    return GENERATOR.sub(b'<meta name="generator" content="">', data)


def _build_days(site: Path) -> set[date]:
    return {date.fromisoformat(d.decode()) for d in LASTMOD.findall((site / "sitemap.xml").read_bytes())}


def test_properdocs_builds_the_same_site(built_site: Path, tmp_path: Path) -> None:
    site = tmp_path / "properdocs-site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "properdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-5000:]
    assert b"ProperDocs" in (site / "index.html").read_bytes()  # it really was ProperDocs that built it
    ours = sorted(p.relative_to(built_site) for p in built_site.rglob("*") if p.is_file())
    theirs = sorted(p.relative_to(site) for p in site.rglob("*") if p.is_file())
    assert theirs == ours
    differing = [str(p) for p in ours if _normalized(built_site / p) != _normalized(site / p)]
    assert differing == []
    # Each sitemap gives every page its build's day, and the ProperDocs build came on the same day or the next.
    (our_day,), (their_day,) = _build_days(built_site), _build_days(site)
    assert timedelta(0) <= their_day - our_day <= timedelta(days=1)
