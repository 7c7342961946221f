"""Lay out a seed's full text for its page: paragraph anchors and nested, highlighted cited passages.

Every cited passage gets one element (its anchor) that contains the whole passage. Passages that
cross each other cannot both be elements, so the later one's element is widened to start where the
earlier one starts; the highlight (`marked` text) still covers exactly the cited characters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_BREAK = re.compile(r"\s*\n\s*")


@dataclass
class Node:
    kind: str  # "text" | "break" | "para" | "passage"
    text: str = ""
    marked: bool = False
    anchor: str = ""
    number: int = 0
    children: list[Node] = field(default_factory=list)


@dataclass(frozen=True)
class Paragraph:
    number: int
    start: int
    end: int


def passage_anchor(start: int, end: int) -> str:
    """The anchor of the seed's passage [start, end) on its source page, which links to it point at."""
    return f"q-{start}-{end}"


def paragraphs(text: str) -> list[Paragraph]:
    result: list[Paragraph] = []
    start = 0
    for m in _BREAK.finditer(text):
        if text[start : m.start()].strip():
            result.append(Paragraph(len(result) + 1, start, m.start()))
        start = m.end()
    if text[start:].strip():
        result.append(Paragraph(len(result) + 1, start, len(text.rstrip())))
    return result


def _laminate(spans: list[tuple[int, int]]) -> dict[tuple[int, int], tuple[int, int]]:
    """Element extent for each passage so that no two elements cross; one pass, O(n log n).

    Passages are visited by start (longest first) with a stack of the open elements; a passage that
    runs past the innermost open element would cross it, so its element starts where that one does,
    and so on outwards until it fits inside the next open element.
    """
    extent: dict[tuple[int, int], tuple[int, int]] = {}
    stack: list[tuple[int, int]] = []
    for span in sorted(spans, key=lambda s: (s[0], -s[1])):
        start, end = span
        while stack and stack[-1][1] <= start:
            stack.pop()
        while stack and stack[-1][1] < end:
            start = stack.pop()[0]
        extent[span] = (start, end)
        stack.append((start, end))
    return extent


def layout(text: str, passages: list[tuple[int, int]]) -> list[Node]:
    """The seed text as a node tree; `passages` are (start, end) offsets of cited passages."""
    unique = sorted(set(passages))
    extent = _laminate(unique)
    elements: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for passage, ext in extent.items():
        elements.setdefault(ext, []).append(passage)
    # Cut points: element edges, passage edges (for marks), paragraph starts and break edges.
    paras = paragraphs(text)
    breaks = [(m.start(), m.end()) for m in _BREAK.finditer(text)]
    covered = _coverage_mask(len(text), unique)
    root: list[Node] = []
    stack: list[tuple[int, list[Node]]] = [(len(text) + 1, root)]
    opens = sorted(elements.items(), key=lambda item: (item[0][0], -item[0][1]))
    opens_at: dict[int, list[tuple[int, list[tuple[int, int]]]]] = {}  # start -> (end, passages) of elements
    for (start, end), members in opens:
        opens_at.setdefault(start, []).append((end, members))
    para_at = {para.start: para.number for para in paras}
    cuts = (
        {0, len(text)}
        | set(opens_at)
        | set(para_at)
        | {e for ext in elements for e in ext}
        | {p for s, e in unique for p in (s, e)}
    )
    cuts |= {p for b in breaks for p in b}
    break_at = dict(breaks)
    points = sorted(c for c in cuts if 0 <= c <= len(text))
    for i, at in enumerate(points):
        while stack[-1][0] <= at and len(stack) > 1:
            stack.pop()
        if at in para_at:
            stack[-1][1].append(Node("para", number=para_at[at]))
        for end, members in opens_at.get(at, []):
            # Passages sharing one extent nest, so that each still has an element of its own.
            for s, e in sorted(members):
                node = Node("passage", anchor=passage_anchor(s, e))
                stack[-1][1].append(node)
                stack.append((end, node.children))
        if i + 1 == len(points):
            break
        nxt = points[i + 1]
        chunk = text[at:nxt]
        if not chunk:
            continue
        if at in break_at and break_at[at] == nxt and "\n" in chunk:
            stack[-1][1].append(Node("break", text=chunk))
        else:
            stack[-1][1].append(Node("text", text=chunk, marked=covered[at]))
    return root


def _coverage_mask(length: int, spans: list[tuple[int, int]]) -> list[bool]:
    mask = [False] * (length + 1)
    diff = [0] * (length + 2)
    for s, e in spans:
        diff[s] += 1
        diff[e] -= 1
    running = 0
    for i in range(length + 1):
        running += diff[i]
        mask[i] = running > 0
    return mask


def coverage(text: str, spans: list[tuple[int, int]]) -> float:
    """Share of the text's non-space characters that lie inside some cited passage."""
    mask = _coverage_mask(len(text), spans)
    total = sum(1 for ch in text if not ch.isspace())
    hit = sum(1 for i, ch in enumerate(text) if not ch.isspace() and mask[i])
    return hit / total if total else 0.0
