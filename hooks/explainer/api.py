"""The engine's public surface: what a project's MkDocs hook (and any other host) imports, and nothing else.

A project made by `explainer new` copies the hook, so every name here is a promise: it keeps its meaning
while the engine's major version stays, however the packages behind it move. Everything else under
`explainer.` is internal and may change in any release.

- `Layout`, `check_or_raise`: check a project (load, validate, resolve, verify, ground) or raise with every
  problem; `read_records`, `raise_on_errors`: the same without the editorial rules, and the raising alone;
  `Verified`: what they give;
  `read_options`, `load_words`: its options (`Options`) and its words.
- `Renderer`, `PagePlan`, `WikiResolver`, `WikiLinkExtension`, `Urls`, `Publication`: the pages to add and
  their HTML; `extra_files`, `page_meta`, `handwritten_page_jsonld`, `theme_globals`, `assets`: what else the
  site publishes and what its templates read; `Heading`: an entry of a generated page's contents (`Rendered.anchors`);
  `Reads`, `Questions`, `SiteModel`, `Sweep`: what a page read of the site model, asked again of a new one
  (`Reads.still_hold`, pages of one save in one `Sweep`).
- `secure`, `trusted_scripts` (`TrustedScripts`): the Content-Security-Policy of a built page.
- `no_cycle_collection`: a pause of Python's cycle collector while much is made and none of it is garbage.
- `fresh_folder_beside`, `swap_in`: build into a fresh folder and swap it in; `regular_inside`: whether a
  file may be published; `content_time`, `site_address_problem`, `format_measures`: facts for the log.
- `ExplainerError`, `Report`, `Diagnostic`, `visible`: problems, and how to print an editor's value.
"""

from __future__ import annotations

from explainer.content.catalogue import load_words
from explainer.content.options import Options, read_options
from explainer.core.atomic import fresh_folder_beside, swap_in
from explainer.core.compiled_templates import COMPILED as COMPILED_TEMPLATES
from explainer.core.diagnostics import Diagnostic, ExplainerError, Report, visible
from explainer.core.tree import regular_inside
from explainer.evidence.measure import format_measures
from explainer.evidence.pipeline import Layout, check_or_raise, no_cycle_collection, raise_on_errors, read_records
from explainer.evidence.verify import Verified
from explainer.evidence.wikilinks import WikiLinkExtension
from explainer.site import assets
from explainer.site.csp import TrustedScripts, secure, trusted_scripts
from explainer.site.headings import Heading
from explainer.site.jsonld import Publication
from explainer.site.pages import PagePlan
from explainer.site.publish import extra_files, handwritten_page_jsonld, page_meta, site_address_problem, theme_globals
from explainer.site.reads import Questions, Reads, Sweep
from explainer.site.render import Renderer, WikiResolver
from explainer.site.sitemodel import SiteModel
from explainer.site.timestamps import content_time
from explainer.site.urls import Urls

__all__ = [
    "COMPILED_TEMPLATES",
    "Diagnostic",
    "ExplainerError",
    "Heading",
    "Layout",
    "Options",
    "PagePlan",
    "Publication",
    "Questions",
    "Reads",
    "Renderer",
    "Report",
    "SiteModel",
    "Sweep",
    "TrustedScripts",
    "Urls",
    "Verified",
    "WikiLinkExtension",
    "WikiResolver",
    "assets",
    "check_or_raise",
    "content_time",
    "extra_files",
    "format_measures",
    "fresh_folder_beside",
    "handwritten_page_jsonld",
    "load_words",
    "no_cycle_collection",
    "page_meta",
    "raise_on_errors",
    "read_options",
    "read_records",
    "regular_inside",
    "secure",
    "site_address_problem",
    "swap_in",
    "theme_globals",
    "trusted_scripts",
    "visible",
]
