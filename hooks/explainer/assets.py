"""Static files the generated pages need, shipped inside the package."""

from __future__ import annotations

from importlib.resources import files

STYLESHEET = "assets/explainer/explainer.css"
SCRIPT = "assets/explainer/explainer.js"


def stylesheet() -> str:
    return files("explainer").joinpath("assets/explainer.css").read_text(encoding="utf-8")


def script() -> str:
    return files("explainer").joinpath("assets/explainer.js").read_text(encoding="utf-8")


def theme_dir() -> str:
    """Template overrides for mkdocs-material (Open Graph meta, JSON-LD)."""
    return str(files("explainer").joinpath("theme"))
