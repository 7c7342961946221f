"""Static files the generated pages need, shipped inside the package."""

from __future__ import annotations

from importlib.resources import files

STYLESHEET = "assets/explainer/explainer.css"
SCRIPT = "assets/explainer/explainer.js"

# The stylesheet is written in parts, one per concern, and published as one file (one request).
STYLESHEET_PARTS = ("explainer.css", "pictures.css", "navigation.css")


def stylesheet() -> str:
    folder = files("explainer").joinpath("assets")
    return "\n".join(folder.joinpath(part).read_text(encoding="utf-8") for part in STYLESHEET_PARTS)


# Likewise the script: each part is a self-contained function.
SCRIPT_PARTS = ("explainer.js", "navigation.js")


def script() -> str:
    folder = files("explainer").joinpath("assets")
    return "\n".join(folder.joinpath(part).read_text(encoding="utf-8") for part in SCRIPT_PARTS)


def theme_dir() -> str:
    """Template overrides for mkdocs-material (Open Graph meta, JSON-LD)."""
    return str(files("explainer").joinpath("theme"))
