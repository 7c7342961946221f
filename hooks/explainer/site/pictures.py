"""Layout math for the pictures drawn at build time (the family tree, the timeline).

Pure functions from plain data to coordinates in SVG user units (one unit is one CSS pixel when the
picture is shown at its natural size); the templates turn the coordinates into SVG. Text cannot be
measured at build time, so widths are estimated from character counts with a generous average
advance, and boxes are sized for the longest line they hold.
"""

from __future__ import annotations

import calendar
import datetime
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from explainer.content.catalogue import Words, english
from explainer.site.family import Couple, FamilyTree

TARGET = 24  # the smallest side of any link's hit area at natural size (WCAG 2.2 SC 2.5.8)
ADVANCE = 0.56  # a generous average advance of a sans-serif character, in ems


def text_width(text: str, size: float) -> float:
    """How wide `text` is at font `size` px, estimated generously (no font is measured at build time)."""
    return len(text) * ADVANCE * size


@dataclass(frozen=True)
class Metrics:
    """Sizes of one variant of a picture (wide for desktops, narrow for phones)."""

    font: float = 14  # px, names in boxes
    small: float = 12  # px, details in boxes and labels on lines
    line: float = 18  # distance between baselines
    padding: float = 8
    margin: float = 12
    name_chars: int = 16  # names are wrapped at word boundaries to lines of about this many characters
    min_box: float = 120
    couple_gap: float = 104  # room between two partners for the relation's label
    cluster_gap: float = 40  # between people who are not a couple
    tick: float = TARGET  # from a family's spine to a child's box
    drop: float = 28  # from the parents' row to the top of their children
    column_gap: float = 10  # between the boxes of one column of children
    row_gap: float = 40
    label_lift: float = 7  # a relation's label sits this far above its line
    labels: bool = True  # write "spouse" on the lines (else the legend says which line is which)

    def width(self, text: str, small: bool = False) -> float:
        return text_width(text, self.small if small else self.font)


WIDE = Metrics()
# Fits a 288 px column (a 320 px phone); shown full width, so it grows a little on larger phones.
NARROW = Metrics(
    font=12,
    small=11,
    line=15,
    padding=6,
    margin=4,
    name_chars=9,
    min_box=64,
    couple_gap=24,
    cluster_gap=16,
    tick=16,
    drop=20,
    column_gap=6,
    row_gap=24,
    labels=False,
)


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


@dataclass(frozen=True)
class BoxText:
    """What a box says: its title (a name, wrapped) and detail lines in smaller type."""

    title: tuple[str, ...]
    details: tuple[str, ...] = ()

    @property
    def lines(self) -> tuple[str, ...]:
        return self.title + self.details


@dataclass(frozen=True)
class Box:
    id: str
    x: float
    y: float
    w: float
    h: float
    text: BoxText

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class CoupleLine:
    couple: Couple
    points: tuple[tuple[float, float], ...]  # a straight line between neighbours, a bridge over others
    label: str | None  # None where the variant writes no labels
    label_x: float
    label_y: float  # the label's baseline
    hit: Rect  # the label and the line under it


@dataclass(frozen=True)
class Spine:
    """The line from a couple's (or a single parent's) union point down along a column of children."""

    parents: tuple[str, ...]
    points: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Tick:
    """The last stretch of line to one child: the link to the child's relations."""

    child: str
    parents: tuple[str, ...]
    x1: float
    y1: float
    x2: float
    y2: float

    @property
    def hit(self) -> Rect:
        return hit_area(self.x1, self.y1, self.x2, self.y2)


@dataclass(frozen=True)
class TreeLayout:
    metrics: Metrics
    width: float
    height: float
    boxes: dict[str, Box]
    couples: tuple[CoupleLine, ...]
    spines: tuple[Spine, ...]
    ticks: tuple[Tick, ...]


def generations(tree: FamilyTree) -> dict[str, int]:
    """0 for the oldest generation; a child one below its lowest parent; partners side by side.

    Raises ValueError when the relations make someone their own ancestor.
    """
    gen = dict.fromkeys(tree.members, 0)
    for _ in range(len(tree.members) + 1):
        changed = False
        for family in tree.families:
            below = max(gen[p] for p in family.parents) + 1
            for link in family.children:
                if gen[link.child] < below:
                    gen[link.child] = below
                    changed = True
        for couple in tree.couples:
            level = max(gen[couple.a], gen[couple.b])
            if gen[couple.a] != level or gen[couple.b] != level:
                gen[couple.a] = gen[couple.b] = level
                changed = True
        if not changed:
            return gen
    raise ValueError("the family relations form a cycle: someone would be their own ancestor")


def _row_order(members: list[str], couples: Sequence[Couple]) -> list[str]:
    """Partners next to each other: around the person with most partners, former partners to the left
    and current ones to the right; people with no partner keep their place."""
    partners: dict[str, list[Couple]] = {m: [] for m in members}
    for couple in couples:
        if couple.a in partners and couple.b in partners:
            partners[couple.a].append(couple)
            partners[couple.b].append(couple)
    order: list[str] = []
    placed: set[str] = set()
    for start in members:
        if start in placed:
            continue
        component: list[str] = []
        queue = [start]
        while queue:
            person = queue.pop(0)
            if person in component:
                continue
            component.append(person)
            queue += [c.b if c.a == person else c.a for c in partners[person]]
        component.sort(key=members.index)
        hub = max(component, key=lambda p: (len(partners[p]), -members.index(p)))
        other = {c.relation: (c.b if c.a == hub else c.a) for c in partners[hub]}
        left = [other[c.relation] for c in partners[hub] if c.kind == "former-spouse"]
        right = [other[c.relation] for c in partners[hub] if c.kind != "former-spouse"]
        line = [*left, hub, *right]
        line += [p for p in component if p not in line]
        order += line
        placed.update(line)
    return order


def layout_family(
    tree: FamilyTree, texts: Mapping[str, BoxText], m: Metrics = WIDE, words: Words | None = None
) -> TreeLayout:
    """Boxes in rows by generation; children who start no family of their own hang in a column under their
    parents' union, oldest first; the others go to the next row. Names in `texts` are wrapped to
    `m.name_chars`."""
    texts = {
        key: BoxText(tuple(line for part in t.title for line in wrap(part, m.name_chars)), t.details)
        for key, t in texts.items()
    }
    gen = generations(tree)
    widths = [m.width(line) for p in tree.members for line in texts[p].title] + [
        m.width(line, True) for p in tree.members for line in texts[p].details
    ]
    box_w = max([m.min_box] + [w + 2 * m.padding for w in widths])
    box_h = {p: 2 * m.padding + m.line * len(texts[p].lines) for p in tree.members}
    parents_in_families = {p for f in tree.families for p in f.parents}
    partnered = {p for c in tree.couples for p in (c.a, c.b)}
    has_parents = {link.child for f in tree.families for link in f.children}
    in_column = {p for p in tree.members if p in has_parents and p not in parents_in_families and p not in partnered}
    for level in set(gen.values()):  # boxes of one row are equally tall, so that couple lines run level
        row_members = [p for p in tree.members if gen[p] == level and p not in in_column]
        tallest = max((box_h[p] for p in row_members), default=0)
        box_h.update(dict.fromkeys(row_members, tallest))
    couple_of = {frozenset((c.a, c.b)): c for c in tree.couples}

    boxes: dict[str, Box] = {}
    couple_lines: list[CoupleLine] = []
    spines: list[Spine] = []
    ticks: list[Tick] = []
    anchor: dict[tuple[str, ...], tuple[float, float]] = {}  # family parents -> union point
    member_order = list(tree.members)
    top = float(m.margin)
    for level in sorted(set(gen.values())):
        row = [p for p in member_order if gen[p] == level and p not in in_column]
        if row:
            # Children follow their parents' union from left to right.
            def parent_x(person: str) -> float:
                xs = [
                    anchor[f.parents][0]
                    for f in tree.families
                    if f.parents in anchor and any(link.child == person for link in f.children)
                ]
                return min(xs) if xs else float("inf")

            row.sort(key=lambda p: (parent_x(p), member_order.index(p)))
            row = _row_order(row, tree.couples)
            if any(c.a in row and c.b in row and abs(row.index(c.a) - row.index(c.b)) > 1 for c in tree.couples):
                top += m.row_gap / 2  # room for the bridges over the people between partners
            x = float(m.margin)
            for i, person in enumerate(row):
                if i:
                    together = frozenset((row[i - 1], person)) in couple_of
                    x += m.couple_gap if together else m.cluster_gap
                wanted = parent_x(person)
                if wanted != float("inf") and (i == 0 or frozenset((row[i - 1], person)) not in couple_of):
                    x = max(x, wanted - box_w / 2)
                boxes[person] = Box(person, x, top, box_w, box_h[person], texts[person])
                x += box_w
            for couple in tree.couples:
                if couple.a in row and couple.b in row:
                    couple_lines.append(
                        _couple_line(couple, boxes[couple.a], boxes[couple.b], top, m, words or english())
                    )
        row_bottom = max((boxes[p].bottom for p in row), default=top)
        # Union points of the families whose parents are all placed now.
        for family in tree.families:
            if family.parents in anchor or not all(p in boxes for p in family.parents):
                continue
            if family.couple is not None:
                line = next(c for c in couple_lines if c.couple == family.couple)
                anchor[family.parents] = _union_point(line)
            else:
                parent = boxes[family.parents[0]]
                anchor[family.parents] = (parent.cx, parent.bottom)
        # Columns of children under the families of this row, left to right without overlapping.
        bottom = row_bottom
        column_right = float("-inf")
        hanging = [
            f
            for f in tree.families
            if f.parents in anchor and any(c.child in in_column and c.child not in boxes for c in f.children)
        ]
        for family in sorted(hanging, key=lambda f: anchor[f.parents][0]):
            ax, ay = anchor[family.parents]
            left = max(ax + m.tick, column_right + m.column_gap + m.tick)
            spine_x = left - m.tick
            y = row_bottom + m.drop
            last_mid = y
            for link in family.children:
                if link.child not in in_column or link.child in boxes:
                    continue
                box = Box(link.child, left, y, box_w, box_h[link.child], texts[link.child])
                boxes[link.child] = box
                mid = y + min(box.h, 2 * m.padding + m.line) / 2
                last_mid = mid
                ticks.append(Tick(link.child, family.parents, spine_x, mid, left, mid))
                y = box.bottom + m.column_gap
            jog_y = row_bottom + m.drop / 2
            points = [(ax, ay)]
            if spine_x != ax:
                points += [(ax, jog_y), (spine_x, jog_y)]
            points.append((spine_x, last_mid))
            spines.append(Spine(family.parents, tuple(points)))
            column_right = left + box_w
            bottom = max(bottom, y - m.column_gap)
        top = bottom + m.row_gap
    # Children in rows (those who start families of their own): a bar above them from their parents' union.
    for family in tree.families:
        in_rows = [boxes[link.child] for link in family.children if link.child not in in_column]
        if not in_rows or family.parents not in anchor:
            continue
        ax, ay = anchor[family.parents]
        bar_y = min(b.y for b in in_rows) - m.row_gap / 2
        spines.append(Spine(family.parents, ((ax, ay), (ax, bar_y))))
        xs = [b.cx for b in in_rows] + [ax]
        spines.append(Spine(family.parents, ((min(xs), bar_y), (max(xs), bar_y))))
        for link in family.children:
            if link.child in in_column:
                continue
            b = boxes[link.child]
            ticks.append(Tick(link.child, family.parents, b.cx, bar_y, b.cx, b.y))
    width = max(b.right for b in boxes.values()) + m.margin if boxes else 2 * m.margin
    height = max(b.bottom for b in boxes.values()) + m.margin if boxes else 2 * m.margin
    return TreeLayout(m, width, height, boxes, tuple(couple_lines), tuple(spines), tuple(ticks))


def _couple_line(couple: Couple, a: Box, b: Box, row_top: float, m: Metrics, words: Words) -> CoupleLine:
    left, right = (a, b) if a.x < b.x else (b, a)
    label = words.text(f"relation.{couple.kind}") if m.labels else None
    y = row_top + min(a.h, b.h) / 2
    if right.x - left.right <= m.couple_gap + 0.5:
        points: tuple[tuple[float, float], ...] = ((left.right, y), (right.x, y))
        mid, baseline = (left.right + right.x) / 2, y - m.label_lift
    else:
        # Not neighbours: a bridge above the row, so that the line never crosses the people between them.
        lift = row_top - m.row_gap / 3
        points = ((left.cx, row_top), (left.cx, lift), (right.cx, lift), (right.cx, row_top))
        mid, baseline = (left.cx + right.cx) / 2, lift - m.label_lift / 2
        y = lift
    half = (m.width(label, small=True) / 2 + 4) if label else 0
    hit = (
        hit_area(mid - half, baseline - m.small, mid + half, y + 4)
        if label
        else hit_area(points[0][0], y, points[-1][0], y)
    )
    return CoupleLine(couple, points, label, mid, baseline, hit)


def _union_point(line: CoupleLine) -> tuple[float, float]:
    if len(line.points) == 2:
        (x1, y), (x2, _) = line.points
        return ((x1 + x2) / 2, y)
    return (line.label_x, line.points[1][1])


# --- the timeline ------------------------------------------------------------------------------------------------
#
# One row per event, in the derived order (chronology.py), each with a mark on a time axis: a dot for a day,
# a bar across the whole month or year for a date known only to the month or year, a bar with end caps for a
# range. The axis is cut into pieces, one per calendar year that holds any date (trimmed to the months used);
# each piece gets room by how many events fall in it, so a busy month is readable next to a quiet decade, and
# a gap of time with no events is a break in the axis, not empty space.


@dataclass(frozen=True)
class TimelineEntry:
    id: str
    title: str
    span: tuple[int, int] | None  # first and last day (proleptic ordinals) its date allows; None: undated
    shape: str  # "day", "period" (known to the month or year), "range" (earliest to latest), "undated"
    inferred: bool  # some part of the date is our inference, not an article's word


@dataclass(frozen=True)
class OrderGroup:
    """Rows `first` to `last` (inclusive) whose order the articles do not give ("unordered") or give in part."""

    kind: str
    first: int
    last: int
    depth: int


def flatten_order(node: object) -> tuple[list[str], list[OrderGroup]]:
    """The events of a chronology tree in reading order, and the rows of each group the order leaves open."""
    events: list[str] = []
    groups: list[OrderGroup] = []

    def walk(n: object, depth: int) -> None:
        kind, children = getattr(n, "kind", ""), getattr(n, "children", ())
        if kind == "event":
            events.append(getattr(n, "event", ""))
            return
        first = len(events)
        for child in children:
            walk(child, depth + (kind in ("unordered", "partial")))
        if kind in ("unordered", "partial") and len(events) > first:
            groups.append(OrderGroup(kind, first, len(events) - 1, depth))

    walk(node, 0)
    return events, sorted(groups, key=lambda g: (g.depth, g.first))


@dataclass(frozen=True)
class TimelineMetrics:
    width: float = 680
    label_width: float = 212  # 0: labels go above their marks (phones)
    font: float = 13
    small: float = 11
    line: float = 16
    row_pad: float = 5
    lane: float = 14  # height of the mark lane under a label (when labels go above)
    margin: float = 8
    gutter: float = 7  # room per level of order brackets, left of the labels
    label_chars: int = 30
    min_piece: float = 26
    break_gap: float = 14
    dot: float = 6  # radius of a day's dot
    min_bar: float = 6
    axis_height: float = 38

    def text_width(self, text: str, small: bool = False) -> float:
        return text_width(text, self.small if small else self.font)


TIMELINE_WIDE = TimelineMetrics()
TIMELINE_NARROW = TimelineMetrics(
    width=288,
    label_width=0,
    font=12,
    small=10.5,
    line=15,
    row_pad=4,
    label_chars=40,
    min_piece=22,
    break_gap=10,
    axis_height=36,
)


@dataclass(frozen=True)
class AxisTick:
    x: float
    label: str | None


@dataclass(frozen=True)
class Piece:
    first: int  # first day shown (ordinal)
    last: int  # last day shown
    x: float
    w: float
    label: str  # the year, or the months and the year of a part of one
    ticks: tuple[AxisTick, ...]  # month boundaries inside the piece, labelled where there is room
    break_before: bool  # time is left out between the previous piece and this one
    months: tuple[tuple[int, float, float], ...] = ()  # (first day, x, width) of each month shown

    def x_of(self, day: float) -> float:
        """Linear within each month; months with dates to tell apart are wider than the others."""
        for i, (first, x, w) in enumerate(self.months):
            end = self.months[i + 1][0] if i + 1 < len(self.months) else self.last + 1
            if first <= day <= end:
                return x + w * (day - first) / (end - first)
        return self.x + self.w * (day - self.first) / (self.last + 1 - self.first)


@dataclass(frozen=True)
class TimelineMark:
    entry: TimelineEntry
    row: int
    top: float
    height: float
    label_lines: tuple[str, ...]
    label_x: float
    label_y: float  # baseline of the first label line
    lane_y: float  # the middle of the mark
    x1: float
    x2: float  # x1 == x2 for a day's dot; both at the lane's start for an undated event


@dataclass(frozen=True)
class GroupBand:
    group: OrderGroup
    x: float
    y: float
    h: float


@dataclass(frozen=True)
class TimelineLayout:
    metrics: TimelineMetrics
    width: float
    height: float
    axis_y: float
    chart_x: float
    chart_w: float
    pieces: tuple[Piece, ...]
    marks: tuple[TimelineMark, ...]
    bands: tuple[GroupBand, ...]


def _year_bounds(year: int) -> tuple[int, int]:
    return datetime.date(year, 1, 1).toordinal(), datetime.date(year, 12, 31).toordinal()


def _month_start(day: int) -> int:
    d = datetime.date.fromordinal(day)
    return d.replace(day=1).toordinal()


def _month_end(day: int) -> int:
    d = datetime.date.fromordinal(day)
    return d.replace(day=calendar.monthrange(d.year, d.month)[1]).toordinal()


def axis_pieces(
    spans: Sequence[tuple[int, int]], x: float, width: float, m: TimelineMetrics, words: Words | None = None
) -> list[Piece]:
    """The time axis between `x` and `x + width`: a piece per calendar year that any span touches, from the
    first to the last month used in it; pieces that do not meet in time are separated by a break. Each
    piece is at least `min_piece` wide; the rest of the room goes by the dates in it that need it."""
    if not spans:
        return []
    words = words or english()
    months_short = words.items("date.months_short")
    years = sorted(
        {
            y
            for first, last in spans
            for y in range(datetime.date.fromordinal(first).year, datetime.date.fromordinal(last).year + 1)
        }
    )
    extents: list[tuple[int, int, int, float]] = []  # (year, first day, last day, weight)
    for year in years:
        start, end = _year_bounds(year)
        inside = [(max(first, start), min(last, end)) for first, last in spans if first <= end and last >= start]
        first_day, last_day = _month_start(min(f for f, _ in inside)), _month_end(max(last for _, last in inside))
        # Room goes where it is needed: a date that fills the piece (a year-long bar) needs little of it.
        weight = sum(1.0 if (last - first + 1) * 2 < last_day - first_day + 1 else 0.25 for first, last in inside)
        extents.append((year, first_day, last_day, weight))
    breaks = sum(1 for a, b in itertools.pairwise(extents) if a[2] + 1 != b[1])
    room = max(width - breaks * m.break_gap - m.min_piece * len(extents), 0)
    total = sum(e[3] for e in extents)
    pieces: list[Piece] = []
    cursor = x
    for i, (year, first, last, weight) in enumerate(extents):
        gap = i > 0 and extents[i - 1][2] + 1 != first
        if gap:
            cursor += m.break_gap
        w = m.min_piece + room * weight / total
        whole = (first, last) == _year_bounds(year)
        first_date, last_date = datetime.date.fromordinal(first), datetime.date.fromordinal(last)
        if whole:
            label = str(year)
        elif first_date.month == last_date.month:
            label = words.text("chart.months_in_year", month=months_short[first_date.month - 1], year=year)
        else:
            first_month, last_month = months_short[first_date.month - 1], months_short[last_date.month - 1]
            label = words.text("chart.months_range", first=first_month, last=last_month, year=year)
        if m.text_width(label, small=True) > w:
            label = str(year)
        # Inside the piece, a month gets room by the dates shorter than a month that fall in it.
        starts = [datetime.date(year, month, 1).toordinal() for month in range(first_date.month, last_date.month + 1)]
        ends = [*starts[1:], last + 1]
        needs = [
            1 + 4 * sum(1 for f, la in spans if la - f < 31 and f < e and la >= b)
            for b, e in zip(starts, ends, strict=True)
        ]
        months: list[tuple[int, float, float]] = []
        mx = cursor
        for month_start, need in zip(starts, needs, strict=True):
            months.append((month_start, mx, w * need / sum(needs)))
            mx += w * need / sum(needs)
        label_room = m.text_width(words.text("chart.month_width"), small=True) + 6
        ticks = tuple(
            AxisTick(
                mx_, months_short[datetime.date.fromordinal(day).month - 1] if mw >= label_room and not whole else None
            )
            for day, mx_, mw in months
        )
        pieces.append(Piece(first, last, cursor, w, label, ticks, gap, tuple(months)))
        cursor += w
    return pieces


def _x_of(pieces: Sequence[Piece], day: float) -> float:
    for piece in pieces:
        if piece.first <= day <= piece.last + 1:
            return piece.x_of(day)
    raise ValueError(f"day {day} is outside the axis")


def layout_timeline(
    entries: Sequence[TimelineEntry],
    groups: Sequence[OrderGroup],
    m: TimelineMetrics = TIMELINE_WIDE,
    words: Words | None = None,
) -> TimelineLayout:
    """Rows in the given (derived) order under a broken time axis; brackets mark the groups left unordered."""
    depth = max((g.depth + 1 for g in groups), default=0)
    label_x = m.margin + depth * m.gutter
    above = m.label_width == 0
    chart_x = label_x if above else label_x + m.label_width
    chart_w = m.width - m.margin - chart_x
    pieces = axis_pieces(
        [e.span for e in entries if e.span is not None], chart_x + m.dot, chart_w - 2 * m.dot, m, words
    )
    marks: list[TimelineMark] = []
    y = m.axis_height
    for row, entry in enumerate(entries):
        lines = wrap(entry.title, m.label_chars)
        text_h = len(lines) * m.line
        height = max(text_h + (m.lane if above else 0), TARGET) + 2 * m.row_pad
        label_y = y + m.row_pad + m.font * 0.9 + (0 if above else max(0, (height - 2 * m.row_pad - text_h) / 2))
        lane_y = y + height - m.row_pad - m.lane / 2 if above else y + height / 2
        if entry.span is None:
            x1 = x2 = chart_x
        elif entry.shape == "day":
            x1 = x2 = (_x_of(pieces, entry.span[0]) + _x_of(pieces, entry.span[0] + 1)) / 2
        else:
            x1, x2 = _x_of(pieces, entry.span[0]), _x_of(pieces, entry.span[1] + 1)
            if x2 - x1 < m.min_bar:
                middle = (x1 + x2) / 2
                x1, x2 = middle - m.min_bar / 2, middle + m.min_bar / 2
        marks.append(TimelineMark(entry, row, y, height, lines, label_x, label_y, lane_y, x1, x2))
        y += height
    bands = tuple(
        GroupBand(
            g,
            m.margin + g.depth * m.gutter,
            marks[g.first].top + 2,
            marks[g.last].top + marks[g.last].height - marks[g.first].top - 4,
        )
        for g in groups
    )
    return TimelineLayout(
        m, m.width, y + m.margin, m.axis_height - 10, chart_x, chart_w, tuple(pieces), tuple(marks), bands
    )
