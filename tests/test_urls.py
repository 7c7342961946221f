"""Links between pages (hooks/explainer/site/urls.py): `Urls.relative` finds the relative path by itself, without
asking the system for the working folder, and must give what posixpath.relpath gives for every pair of URLs."""

from __future__ import annotations

import posixpath

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explainer.site.urls import Urls

PARTS = st.sampled_from(["a", "b", "people", "x y", "é", ".", "", "..", "index.html", "c.d"])
URLS = st.lists(PARTS, max_size=4).map("/".join)


def reference(target: str, from_url: str) -> str:
    """The rule as it was written before: posixpath.relpath from the page's folder."""
    path, _, anchor = target.partition("#")
    suffix = f"#{anchor}" if anchor else ""
    if path == from_url and suffix:
        return suffix
    base = from_url if from_url == "" or from_url.endswith("/") else posixpath.dirname(from_url) + "/"
    rel = posixpath.relpath(path or ".", base or ".")
    if (path == "" or path.endswith("/")) and not rel.endswith("/"):
        rel += "/"
    return rel + suffix


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(URLS, URLS, st.sampled_from(["", "/", "#x"]), st.sampled_from(["", "/", "/abs"]))
def test_a_link_between_two_pages_is_posixpaths_relative_path(target: str, page: str, end: str, start: str) -> None:
    target, page = (start + target + end).lstrip("#"), page + ("/" if end == "/" else "")
    assert Urls.relative(target, page) == reference(target, page)


def test_links_of_the_site() -> None:
    assert Urls.relative("people/alec-baldwin/", "people/hilaria-baldwin/") == "../alec-baldwin/"
    assert Urls.relative("", "people/") == "../"
    assert Urls.relative("people/#ann", "people/") == "#ann"
    assert Urls.relative("sources/a.html#p1", "claims/b.html") == "../sources/a.html#p1"
