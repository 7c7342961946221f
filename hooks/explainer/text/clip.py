"""Text cut short with an ellipsis, and the nearest of some choices to a misspelt one: for messages and views.

`clip` cuts at a character count, `clip_at_word` between words (from either end). Every truncation of the
engine goes through one of them, so that "…" is always the last character of what was cut and a limit always
counts it. `did_you_mean` is the hint an unknown name, key, value or id gets.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

ELLIPSIS = "…"


def clip(text: str, limit: int, *, one_line: bool = False, strip: bool = True) -> str:
    """`text` if it has at most `limit` characters, else its first `limit - 1` and "…".

    `one_line`: every run of white space (line breaks too) is one space first. `strip`: white space where the
    cut falls is dropped before the "…" ("the word…", not "the word …").
    """
    if one_line:
        text = " ".join(text.split())
    if len(text) <= limit:
        return text
    kept = text[: limit - 1]
    return (kept.rstrip() if strip else kept) + ELLIPSIS


def clip_at_word(text: str, limit: int, *, keep_end: bool = False) -> str:
    """`text` cut to at most `limit` characters and "…", between words where it can be: its start (or, with
    `keep_end`, its end, the "…" then first), without the part of a word the cut falls in."""
    if len(text) <= limit:
        return text
    if keep_end:
        cut = text[-limit:]
        if not text[-limit - 1].isspace():  # the cut falls inside a word: drop that word's end
            space = cut.find(" ")
            cut = cut[space + 1 :] if 0 <= space < len(cut) - 1 else cut
        return ELLIPSIS + cut.lstrip()
    cut = text[:limit]
    if not text[limit].isspace():  # the cut falls inside a word: drop that word's start
        space = cut.rfind(" ")
        cut = cut[:space] if space > 0 else cut
    return cut.rstrip() + ELLIPSIS


def did_you_mean(value: str, choices: Iterable[str], cutoff: float = 0.6) -> str | None:
    """ "did you mean 'x'?" for the choice most like `value` (difflib's ratio at least `cutoff`), or None."""
    close = difflib.get_close_matches(value, list(choices), n=1, cutoff=cutoff)
    return f"did you mean '{close[0]}'?" if close else None
