"""Links between pages (hooks/explainer/site/urls.py): `Urls.relative` finds the relative path by itself, without
asking the system for the working folder, and must give what posixpath.relpath gives for every pair of URLs."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from urllib.parse import unquote

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import make_project, run_mkdocs
from explainer.site.urls import Urls

PARTS = st.sampled_from(["a", "b", "people", "x y", "é", ".", "", "..", "index.html", "c.d"])
URLS = st.lists(PARTS, max_size=4).map("/".join)


def reference(target: str, from_url: str) -> str:
    """The rule: posixpath.relpath from the page's folder ("" for a page at the top)."""
    path, _, anchor = target.partition("#")
    suffix = f"#{anchor}" if anchor else ""
    if path == from_url and suffix:
        return suffix
    folder = posixpath.dirname(from_url)
    base = from_url if from_url == "" or from_url.endswith("/") else (folder + "/" if folder else "")
    rel = posixpath.relpath(path or ".", base or ".")
    if (path == "" or path.endswith("/")) and not rel.endswith("/"):
        rel += "/"
    return rel + suffix


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(URLS, URLS, st.sampled_from(["", "/", "#x"]), st.sampled_from(["", "/", "/abs"]))
def test_a_link_between_two_pages_is_posixpaths_relative_path(target: str, page: str, end: str, start: str) -> None:
    target, page = (start + target + end).lstrip("#"), page + ("/" if end == "/" else "")
    assert Urls.relative(target, page) == reference(target, page)


def test_links_of_the_site() -> None:
    assert Urls.relative("people/alec-baldwin/", "people/hilaria-baldwin/") == "../alec-baldwin/"
    assert Urls.relative("", "people/") == "../"
    assert Urls.relative("people/#ann", "people/") == "#ann"
    assert Urls.relative("sources/a.html#p1", "claims/b.html") == "../sources/a.html#p1"


def test_without_directory_urls_a_page_at_the_top_links_from_the_sites_root() -> None:
    """timeline.html and index.html are in the site's root: their links were once made relative to "/", which
    posixpath took for the build's working folder (people/ann.html became work/.../people/ann.html)."""
    urls = Urls(directory_urls=False)
    timeline, home, ann = urls.page_url("timeline.md"), urls.page_url("index.md"), urls.page_url("people/ann.md")
    assert urls.relative(ann, timeline) == "people/ann.html"
    assert urls.relative(ann + "#said", home) == "people/ann.html#said"
    assert urls.relative(home, ann) == "../index.html"
    assert urls.relative(timeline + "#day", timeline) == "#day"


def test_a_site_without_directory_urls_links_from_its_top_pages_to_pages_it_has(tmp_path: Path) -> None:
    """Built with `use_directory_urls: false`: every link of the generated pages at the top of the site (the
    timeline, the people, the quotes) leads to a file the build wrote."""
    project = make_project(tmp_path / "tiny")
    config = project / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8") + "use_directory_urls: false\n", encoding="utf-8")
    result = run_mkdocs(project, "build", "--strict")
    assert result.returncode == 0, result.stderr[-3000:]
    site = project / "site"
    checked = 0
    for page in ("timeline.html", "people/index.html", "quotes/index.html"):
        html = (site / page).read_text(encoding="utf-8")
        for href in re.findall(r'href="(?![a-z][a-z0-9+.-]*:)([^"#?]+)[^"]*"', html):
            target = (site / page).parent / unquote(href)
            assert target.resolve().is_relative_to(site.resolve()), f"{page}: {href} leads out of the site"
            assert target.is_file() or (target / "index.html").is_file(), f"{page}: {href} leads nowhere"
            checked += 1
    assert checked > 20
