"""Static files the generated pages need, shipped inside the package."""

from __future__ import annotations

from importlib.resources import files

STYLESHEET = "assets/explainer/explainer.css"


def stylesheet() -> str:
    return files("explainer").joinpath("assets/explainer.css").read_text(encoding="utf-8")
