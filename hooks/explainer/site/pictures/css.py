"""Which of a picture's two layouts a reader sees: the wide one only where it fits at its natural size.

A picture's wide layout drawn smaller than its natural width would shrink its text under 12 CSS px (its labels
are 12 to 14 units), so it is shown only in a figure at least as wide as it; in a narrower one the narrow
layout is shown instead, drawn full width (at least its natural size on any phone). The figure is a CSS
container, and each picture's two SVGs carry the class of their wide width rounded up to a step of FIT_STEP
px (`fit_class`); pictures.css has a container query per step, FIT_WIDTHS, which a test holds to this list.
A wide layout wider than any page (a family of hundreds) fits nowhere: its narrow layout is always shown.
The same rules hold on paper, where the printed figure is the container (pictures.css).
"""

from __future__ import annotations

import math

FIT_STEP = 40
FIT_WIDTHS = range(320, 1281, FIT_STEP)  # the widths a page's figure can have
NEVER_FITS = "ex-fit-none"


def fit_class(wide_width: float) -> str:
    """The class of a picture whose wide layout is `wide_width` px wide: `ex-fit-680` for 641 to 680, NEVER_FITS
    past the widest figure."""
    width = max(FIT_WIDTHS[0], math.ceil(wide_width / FIT_STEP) * FIT_STEP)
    return NEVER_FITS if width > FIT_WIDTHS[-1] else f"ex-fit-{width}"


def container_rules() -> str:
    """The container queries of pictures.css, one per width of FIT_WIDTHS (written out there; this is what
    they must say)."""
    narrow = "display: block; width: 100%; max-width: 26rem;"
    never = f".{NEVER_FITS}.ex-picture--wide {{ display: none; }} .{NEVER_FITS}.ex-picture--narrow {{ {narrow} }}"
    return "\n".join(
        [
            *(
                f"@container (max-width: {w - 0.02}px) {{ .ex-fit-{w}.ex-picture--wide {{ display: none; }} "
                f".ex-fit-{w}.ex-picture--narrow {{ {narrow} }} }}"
                for w in FIT_WIDTHS
            ),
            never,
        ]
    )
