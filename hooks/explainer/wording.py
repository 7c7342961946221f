"""Compare the wordings of one quote across articles, word by word."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from .textmatch import normalize_passage

_TOKEN = re.compile(r"\w+|[^\w\s]+|\s+")


@dataclass(frozen=True)
class Segment:
    text: str
    changed: bool


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def diff_against(reference: str, wording: str) -> list[Segment]:
    """Segments of `wording`, each marked changed where it differs from `reference`.

    Tokens are compared after the matching normalization, so curly versus straight quotes and
    dash variants do not count as differences; words and punctuation do.
    """
    ref_tokens = _tokens(reference)
    tokens = _tokens(wording)
    key = [normalize_passage(t) if not t.isspace() else " " for t in ref_tokens]
    other = [normalize_passage(t) if not t.isspace() else " " for t in tokens]
    matcher = difflib.SequenceMatcher(None, key, other, autojunk=False)
    segments: list[Segment] = []
    for op, _, _, j1, j2 in matcher.get_opcodes():
        text = "".join(tokens[j1:j2])
        if not text:
            continue
        changed = op != "equal" and not text.isspace()
        if segments and segments[-1].changed == changed:
            segments[-1] = Segment(segments[-1].text + text, changed)
        else:
            segments.append(Segment(text, changed))
    return segments
