"""Characters a reader cannot see: refused in content and hand-written pages, named when found.

A zero-width space inside a quoted word, a soft hyphen inside a name or a right-to-left override around a
month shows the reader one text while the checks compare another: an invented quotation would pass the
grounding check as "checked". So every format character (Unicode category Cf: zero-width characters, the
soft hyphen, bidirectional marks, embeddings, overrides and isolates, the byte-order mark, invisible
operators, tags), the line and paragraph separators, private-use characters and noncharacters, and the
letters and marks that render as nothing (Hangul fillers, the combining grapheme joiner, variation
selectors, Mongolian and Khmer invisible signs) are refused wherever an editor writes text.

`INVISIBLE` is written as ranges so that importing it costs nothing; a test holds it to the Unicode
database of the running Python (every Cf character is in it).
"""

from __future__ import annotations

import re
import unicodedata

_RANGES = (
    # Category Cf, format characters (Unicode 15.1).
    "\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064"
    "\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f"
    # Line and paragraph separators (Zl, Zp): a line break that YAML and Markdown do not see as one.
    "\u2028\u2029"
    # Letters and marks that render as nothing.
    "\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180d\u180f\u3164\uffa0\ufe00-\ufe0f\U000e0100-\U000e01ef"
    # Private use (Co) and noncharacters: no font shows what they mean.
    "\ue000-\uf8ff\U000f0000-\U000ffffd\U00100000-\U0010fffd\ufdd0-\ufdef\ufffe\uffff"
)
INVISIBLE = re.compile(f"[{_RANGES}]")


def describe(ch: str) -> str:
    """'U+200B ZERO WIDTH SPACE': the code point and, where it has one, its Unicode name."""
    name = unicodedata.name(ch, "")
    if not name:
        name = "a private-use character" if unicodedata.category(ch) == "Co" else "a noncharacter"
    return f"U+{ord(ch):04X} {name}"


def first_invisible(text: str) -> tuple[int, str] | None:
    """The offset and description of the first invisible character of `text`, or None."""
    found = INVISIBLE.search(text)
    return None if found is None else (found.start(), describe(found.group()))


HINT = (
    "delete it (an editor that shows invisible characters finds it): it would let the page show other words "
    "than the checks compare"
)
