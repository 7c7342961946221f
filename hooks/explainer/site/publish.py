"""What a build publishes besides the pages: static files and exports, and each page's metadata."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from markupsafe import Markup, escape

from explainer.content.catalogue import Words
from explainer.site import assets
from explainer.site.export import export_json
from explainer.site.feed import corrections_feed
from explainer.site.jsonld import (
    Publication,
    annotations_json,
    handwritten_page_data,
    page_data,
    script_json,
    seed_path,
)
from explainer.site.pages import PagePlan
from explainer.site.previews import previews_json
from explainer.site.sitemodel import SiteModel
from explainer.site.urls import ANNOTATIONS, CORRECTIONS_FEED, EXPORT, PREVIEWS

ROBOTS = "robots.txt"
SITEMAP = "sitemap.xml"  # written by MkDocs itself
# Host names that can never be a published site's (RFC 2606 and RFC 6761): a site_url on one is a placeholder.
PLACEHOLDER_DOMAINS = ("example", "invalid", "test", "localhost", "example.com", "example.net", "example.org")


def extra_files(site: SiteModel, pub: Publication) -> list[tuple[str, str | bytes]]:
    """(site path, content) of every file the site needs besides its pages."""
    files: list[tuple[str, str | bytes]] = [
        (assets.STYLESHEET, assets.stylesheet()),
        (assets.SCRIPT, assets.script()),
        (assets.SEARCH_SCRIPT, assets.search_script()),
        (EXPORT, export_json(site)),
        (ANNOTATIONS, annotations_json(site, pub)),
        (PREVIEWS, previews_json(site)),
        (CORRECTIONS_FEED, corrections_feed(site, pub.url, pub.name)),
        (ROBOTS, robots_txt(pub.url)),
    ]
    # The seeds themselves, so that annotation targets and their offsets can be resolved by anyone.
    files += [(seed_path(seed.name), seed.text.encode("utf-8")) for seed in site.verified.seeds.values()]
    return files


def robots_txt(site_url: str) -> str:
    """Every page may be crawled; the sitemap lists them. (Crawlers read robots.txt only at the root of a
    host: for a site published below the root, the host's own robots.txt decides.)"""
    lines = ["User-agent: *", "Allow: /"]
    if site_url:
        lines.append(f"Sitemap: {site_url.rstrip('/')}/{SITEMAP}")
    return "\n".join(lines) + "\n"


def site_address_problem(site_url: str) -> str | None:
    """Why `site_url` cannot be the address of a published site, or None when it can."""
    if not site_url:
        return "no site_url is set"
    parts = urlsplit(site_url)
    host = (parts.hostname or "").lower()
    if parts.scheme not in ("http", "https") or not host:
        return f"site_url {site_url!r} is not an http(s) address"
    if any(host == domain or host.endswith("." + domain) for domain in PLACEHOLDER_DOMAINS):
        return f"site_url {site_url!r} is a placeholder (a reserved example domain)"
    return None


def page_meta(site: SiteModel, plan: PagePlan, pub: Publication) -> dict[str, Any]:
    """Metadata for a generated page. Editor text is escaped once here, as Markup, so that theme
    templates (which do not autoescape) neither trust it nor escape it twice."""
    meta: dict[str, Any] = {
        "title": escape(plan.title),
        "description": escape(plan.description),
        "og_type": plan.og_type,
    }
    if plan.wide:
        meta["hide"] = ["toc"]
    if plan.search_boost is not None:
        meta["search"] = {"boost": plan.search_boost}
    meta["jsonld"] = Markup(script_json(page_data(site, plan, pub)))
    return meta


def handwritten_page_jsonld(pub: Publication, url: str, title: str, description: str, *, is_home: bool) -> Markup:
    """The JSON-LD script body for a hand-written page or the 404 page."""
    return Markup(script_json(handwritten_page_data(pub, url, title, description, is_home=is_home)))


def theme_globals(words: Words) -> dict[str, Any]:
    """What the theme override's templates read besides the page: the site's words, and those of the script as
    JSON that is safe inside <script>."""
    return {"explainer_words": words, "explainer_script_words": Markup(script_json(words.script_words()))}
