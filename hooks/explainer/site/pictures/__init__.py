"""Layout math for the pictures drawn at build time (the family tree, the timeline).

Pure functions from plain data to coordinates in SVG user units (one unit is one CSS pixel when the
picture is shown at its natural size); the templates turn the coordinates into SVG. Text cannot be
measured at build time, so widths are estimated from character counts with a generous average
advance, and boxes are sized for the longest line they hold.

The package has a module per picture, and one of what they share: `measure` (text widths, wrapping, hit areas),
`family_tree` and `timeline`. Their names are all here too, as `explainer.site.pictures.NAME`.
"""

from __future__ import annotations

from explainer.site.pictures.family_tree import (
    NARROW,
    WIDE,
    Box,
    BoxText,
    CoupleLine,
    Metrics,
    Spine,
    Tick,
    TreeLayout,
    generations,
    layout_family,
)
from explainer.site.pictures.measure import ADVANCE, TARGET, Rect, hit_area, text_width, wrap
from explainer.site.pictures.timeline import (
    TIMELINE_NARROW,
    TIMELINE_WIDE,
    AxisTick,
    GroupBand,
    OrderGroup,
    Piece,
    TimelineEntry,
    TimelineLayout,
    TimelineMark,
    TimelineMetrics,
    _x_of,
    axis_pieces,
    day_axis,
    flatten_order,
    layout_timeline,
    story_month,
    within,
)

__all__ = [
    "ADVANCE",
    "NARROW",
    "TARGET",
    "TIMELINE_NARROW",
    "TIMELINE_WIDE",
    "WIDE",
    "AxisTick",
    "Box",
    "BoxText",
    "CoupleLine",
    "GroupBand",
    "Metrics",
    "OrderGroup",
    "Piece",
    "Rect",
    "Spine",
    "Tick",
    "TimelineEntry",
    "TimelineLayout",
    "TimelineMark",
    "TimelineMetrics",
    "TreeLayout",
    "_x_of",
    "axis_pieces",
    "day_axis",
    "flatten_order",
    "generations",
    "hit_area",
    "layout_family",
    "layout_timeline",
    "story_month",
    "text_width",
    "within",
    "wrap",
]
