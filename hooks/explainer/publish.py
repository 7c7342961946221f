"""What a build publishes besides the pages: static files and exports, and each generated page's metadata."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from . import assets
from .export import export_json
from .feed import corrections_feed
from .jsonld import SEEDS_DIR, annotations_json, page_data, script_json
from .render import PagePlan, SiteModel
from .urls import ANNOTATIONS, CORRECTIONS_FEED, EXPORT


def extra_files(site: SiteModel, site_url: str, site_name: str = "Explainer") -> list[tuple[str, str | bytes]]:
    """(site path, content) of every file the site needs besides its pages."""
    files: list[tuple[str, str | bytes]] = [
        (assets.STYLESHEET, assets.stylesheet()),
        (assets.SCRIPT, assets.script()),
        (EXPORT, export_json(site)),
        (ANNOTATIONS, annotations_json(site, site_url)),
        (CORRECTIONS_FEED, corrections_feed(site, site_url, site_name)),
    ]
    # The seeds themselves, so that annotation targets and their offsets can be resolved by anyone.
    files += [(f"{SEEDS_DIR}/{seed.name}", seed.text.encode("utf-8")) for seed in site.verified.seeds.values()]
    return files


def page_meta(site: SiteModel, plan: PagePlan, site_url: str) -> dict[str, Any]:
    """Metadata for a generated page. Editor text is escaped once here, as Markup, so that theme
    templates (which do not autoescape) neither trust it nor escape it twice."""
    meta: dict[str, Any] = {
        "title": escape(plan.title),
        "description": escape(plan.description),
        "og_type": plan.og_type,
    }
    if plan.search_boost is not None:
        meta["search"] = {"boost": plan.search_boost}
    data = page_data(site, plan, site_url)
    if data is not None:
        meta["jsonld"] = Markup(script_json(data))
    return meta
