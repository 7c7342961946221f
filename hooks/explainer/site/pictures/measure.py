"""Measuring text and hit areas for the pictures drawn at build time, where no font can be measured.

Widths are estimated from character counts with a generous average advance, lines are wrapped by characters,
and every link's hit area is at least `TARGET` px on its smaller side (WCAG 2.2 SC 2.5.8).
"""

from __future__ import annotations

from dataclasses import dataclass

TARGET = 24  # the smallest side of any link's hit area at natural size (WCAG 2.2 SC 2.5.8)
ADVANCE = 0.56  # a generous average advance of a sans-serif character, in ems


def text_width(text: str, size: float) -> float:
    """How wide `text` is at font `size` px, estimated generously (no font is measured at build time)."""
    return len(text) * ADVANCE * size


def wrap(text: str, max_chars: int) -> tuple[str, ...]:
    """Greedy word wrap; a word longer than a line stays whole."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= max_chars:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return tuple(lines) or ("",)


# --- the family tree ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float


def hit_area(x1: float, y1: float, x2: float, y2: float) -> Rect:
    """A rectangle around a line segment, at least TARGET units across either way."""
    left, right, top, bottom = min(x1, x2), max(x1, x2), min(y1, y2), max(y1, y2)
    w, h = max(right - left, TARGET), max(bottom - top, TARGET)
    return Rect((left + right - w) / 2, (top + bottom - h) / 2, w, h)
