"""Every quotation mark of Unicode, declared once: its family, and whether it opens, closes or may do either.

The grounding check holds every quotation of an editor's text to the articles' words; a quotation it did
not recognise would be shown to readers as a quotation and never checked. So every character with the
Unicode property Quotation_Mark is here (a test holds the table to the property's list), and the
ornamental marks that read as quotation marks (❛ ❜ ❝ ❞, 🙶 🙷 🙸).

Families pair marks: a quotation opened by a mark of one family is closed by a mark of the same family.
`EITHER` marks are the same character at both ends (the straight marks), or marks that languages use in
both directions (French «…», German and Danish »…«; ‹…› and ›…‹ alike).
"""

from __future__ import annotations

from typing import Literal

Role = Literal["open", "close", "either"]

# Single marks are also apostrophes ("don't", "Ann’s", "the ’90s"): only these need the apostrophe rules.
SINGLE = "single"
DOUBLE = "double"

MARKS: dict[str, tuple[str, Role]] = {
    # Double quotation marks.
    '"': (DOUBLE, "either"),
    "\uff02": (DOUBLE, "either"),  # ＂ fullwidth
    "\u201c": (DOUBLE, "open"),  # “
    "\u201e": (DOUBLE, "open"),  # „
    "\u201f": (DOUBLE, "open"),  # ‟
    "\u2e42": (DOUBLE, "open"),  # ⹂ double low-reversed-9
    "\u301d": (DOUBLE, "open"),  # 〝
    "\u275d": (DOUBLE, "open"),  # ❝ ornament
    "\U0001f676": (DOUBLE, "open"),  # 🙶 ornament
    "\U0001f678": (DOUBLE, "open"),  # 🙸 ornament, low
    "\u201d": (DOUBLE, "close"),  # ”
    "\u301e": (DOUBLE, "close"),  # 〞
    "\u301f": (DOUBLE, "close"),  # 〟
    "\u275e": (DOUBLE, "close"),  # ❞ ornament
    "\U0001f677": (DOUBLE, "close"),  # 🙷 ornament
    # Single quotation marks (and apostrophes).
    "'": (SINGLE, "either"),
    "\uff07": (SINGLE, "either"),  # ＇ fullwidth
    "\u2018": (SINGLE, "open"),  # ‘
    "\u201a": (SINGLE, "open"),  # ‚
    "\u201b": (SINGLE, "open"),  # ‛
    "\u275b": (SINGLE, "open"),  # ❛ ornament
    "\u2019": (SINGLE, "close"),  # ’
    "\u275c": (SINGLE, "close"),  # ❜ ornament
    # Guillemets, in either direction.
    "\u00ab": ("guillemet", "either"),  # «
    "\u00bb": ("guillemet", "either"),  # »
    "\u2039": ("single guillemet", "either"),  # ‹
    "\u203a": ("single guillemet", "either"),  # ›
    # Corner brackets (Chinese, Japanese, Korean), and their vertical and halfwidth forms.
    "\u300c": ("corner", "open"),  # 「
    "\u300d": ("corner", "close"),  # 」
    "\uff62": ("corner", "open"),  # ｢
    "\uff63": ("corner", "close"),  # ｣
    "\ufe41": ("corner", "open"),  # ﹁
    "\ufe42": ("corner", "close"),  # ﹂
    "\u300e": ("white corner", "open"),  # 『
    "\u300f": ("white corner", "close"),  # 』
    "\ufe43": ("white corner", "open"),  # ﹃
    "\ufe44": ("white corner", "close"),  # ﹄
}

# German and other central European quotations open with a low mark and close with the high one that opens
# quotations in English: „…“ and ‚…‘ (so “ and ‘ close a quotation that „ or ‚ opened).
LOW_PAIRS = frozenset({"\u201e\u201c", "\u201a\u2018"})

ALL = "".join(MARKS)
# The single and straight marks, which the apostrophe and word rules apply to; the others always count.
WORD_SENSITIVE = "".join(
    ch for ch, (family, role) in MARKS.items() if family == SINGLE or (family == DOUBLE and role == "either")
)
ALWAYS = "".join(ch for ch in MARKS if ch not in WORD_SENSITIVE)
