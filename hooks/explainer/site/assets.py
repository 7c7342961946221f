"""Static files the generated pages need, shipped inside the package."""

from __future__ import annotations

import re
from importlib.resources import files

from explainer.site.pictures.css import container_rules

STYLESHEET = "assets/explainer/explainer.css"
SCRIPT = "assets/explainer/explainer.js"

# The stylesheet is written in parts, one per concern, and published as one file (one request).
STYLESHEET_PARTS = ("explainer.css", "pictures.css", "navigation.css", "articles.css", "previews.css")


def stylesheet() -> str:
    """The parts, then the container queries that choose each picture's layout (pictures/css.py)."""
    folder = files("explainer.site").joinpath("assets")
    parts = [folder.joinpath(part).read_text(encoding="utf-8") for part in STYLESHEET_PARTS]
    return "\n".join([*parts, "/* Each picture's wide layout only where it fits (pictures/css.py). */", container_rules()])


# Likewise the script: each part is a self-contained function.
SCRIPT_PARTS = ("explainer.js", "navigation.js", "previews.js")


def script() -> str:
    folder = files("explainer.site").joinpath("assets")
    return "\n".join(folder.joinpath(part).read_text(encoding="utf-8") for part in SCRIPT_PARTS)


# A script of its own, loaded before Material's bundle (theme/main.html): it holds back the search index and
# the search worker until the reader opens search (see the script's comment).
SEARCH_SCRIPT = "assets/explainer/search-on-demand.js"


def search_script() -> str:
    return files("explainer.site").joinpath("assets", "search-on-demand.js").read_text(encoding="utf-8")


# Material's palette stylesheet turns transitions off while its attribute `data-md-color-switching` is on
# <body>. Its script sets and removes that attribute on every page load, not only when the reader switches
# colours, and a rule `[attribute] *` makes the browser restyle every element each time: two of the four
# full restyles of a page's start (50-120 ms each on a phone, on the long pages). The published stylesheet
# names explainer.js's attribute instead, which is set only while the reader switches (same length: the
# source map stays exact).
MATERIAL_SWITCHING = "[data-md-color-switching]"
OUR_SWITCHING = "[data-ex-color-switching]"
PALETTE_STYLESHEET = re.compile(r"assets/stylesheets/palette\.[0-9a-f]+\.min\.css")


def palette_stylesheet(material_css: str) -> str:
    """Material's palette stylesheet with the switching rule keyed to explainer.js's attribute.

    Raises ValueError when the stylesheet has no such rule (a Material release that changed it): the build
    must stop rather than ship a page whose start-up cost nobody measured."""
    if material_css.count(MATERIAL_SWITCHING) != 3:
        raise ValueError(
            f"mkdocs-material's palette stylesheet no longer has its rule `{MATERIAL_SWITCHING} *, ...` "
            "(three selectors) that explainer/assets.py rewrites; check the new rule and update palette_stylesheet"
        )
    return material_css.replace(MATERIAL_SWITCHING, OUR_SWITCHING)


def theme_dir() -> str:
    """Template overrides for mkdocs-material (Open Graph meta, JSON-LD)."""
    return str(files("explainer.site").joinpath("theme"))
