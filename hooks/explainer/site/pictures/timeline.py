"""The timeline picture's layout: one row per event in the derived order, marks on a broken time axis.

Pure functions from the timeline's entries to coordinates in SVG user units; the template draws them.
"""

from __future__ import annotations

import calendar
import datetime
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from explainer.content.catalogue import Words, english
from explainer.site.pictures.measure import TARGET, text_width, wrap

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
    small: float = 12  # no text under 12 px: the wide layout is never drawn smaller (pictures/css.py)
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
    small=12,
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
    note_x: float = 0  # where the band says what it groups ("Events in no known order"): the baseline's start
    note_y: float = 0


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


# --- the days of the story ----------------------------------------------------------------------------------------
#
# The main axis shares its room among decades, so the month in which the story happens (the days the articles
# tell apart) gets a sliver of it. That month is drawn again on an axis of its own, day by day, with the events
# whose dates fall within it, in the same order and with the same marks and brackets.

DAY_TICKS = (1, 5, 10, 15, 20, 25, 30)  # the days of a month the axis names


def story_month(entries: Sequence[TimelineEntry], least: int = 3) -> tuple[int, int] | None:
    """The first and last day of the calendar month holding the most dates of days or of ranges of days (dates
    shorter than a month, entirely within it), when it holds at least `least` of them; the latest such month on
    a tie. None when no month holds that many: the main axis has room enough."""
    counts: dict[int, int] = {}
    for entry in entries:
        if entry.span is not None and entry.shape in ("day", "range"):
            first, last = entry.span
            if _month_start(first) == _month_start(last):
                counts[_month_start(first)] = counts.get(_month_start(first), 0) + 1
    if not counts:
        return None
    start, count = max(counts.items(), key=lambda item: (item[1], item[0]))
    return (start, _month_end(start)) if count >= least else None


def day_axis(first: int, last: int, x: float, width: float, words: Words | None = None) -> Piece:
    """One piece from `first` to `last` (the days of a month), linear by day, its days of DAY_TICKS named."""
    words = words or english()
    date = datetime.date.fromordinal(first)
    label = words.text("chart.months_in_year", month=words.items("date.months")[date.month - 1], year=date.year)
    per_day = width / (last + 1 - first)
    ticks = tuple(
        AxisTick(x + per_day * (day - first), str(datetime.date.fromordinal(day).day))
        for day in range(first, last + 1)
        if datetime.date.fromordinal(day).day in DAY_TICKS
    )
    return Piece(first, last, x, width, label, ticks, False, ((first, x, width),))


def within(
    entries: Sequence[TimelineEntry], groups: Sequence[OrderGroup], days: tuple[int, int]
) -> tuple[list[TimelineEntry], list[OrderGroup]]:
    """The entries whose dates lie within `days`, in the same order, and the groups that still hold two of them
    (renumbered, each as deep as the kept groups around it)."""
    kept = [i for i, e in enumerate(entries) if e.span is not None and days[0] <= e.span[0] and e.span[1] <= days[1]]
    row = {i: k for k, i in enumerate(kept)}
    spans = []
    for group in groups:
        rows = [row[i] for i in range(group.first, group.last + 1) if i in row]
        if len(rows) >= 2:
            spans.append((group.kind, rows[0], rows[-1]))
    kept_groups = [
        OrderGroup(
            kind, first, last, sum(1 for _, f, la in spans if f <= first and last <= la and (f, la) != (first, last))
        )
        for kind, first, last in spans
    ]
    return [entries[i] for i in kept], sorted(kept_groups, key=lambda g: (g.depth, g.first))


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
    days: tuple[int, int] | None = None,
) -> TimelineLayout:
    """Rows in the given (derived) order under a broken time axis; brackets mark the groups left unordered.
    With `days` (the first and last day of a month, see story_month), the axis is those days alone, day by day,
    and every entry's date lies within them (see `within`)."""
    depth = max((g.depth + 1 for g in groups), default=0)
    label_x = m.margin + depth * m.gutter
    above = m.label_width == 0
    chart_x = label_x if above else label_x + m.label_width
    chart_w = m.width - m.margin - chart_x
    if days is not None:
        pieces = [day_axis(days[0], days[1], chart_x + m.dot, chart_w - 2 * m.dot, words)]
    else:
        pieces = axis_pieces(
            [e.span for e in entries if e.span is not None], chart_x + m.dot, chart_w - 2 * m.dot, m, words
        )
    marks: list[TimelineMark] = []
    notes: dict[OrderGroup, tuple[float, float]] = {}  # each group's note, at the top of its first row
    y = m.axis_height
    for row, entry in enumerate(entries):
        lines = wrap(entry.title, m.label_chars)
        text_h = len(lines) * m.line
        starting = [g for g in groups if g.first == row]  # outer groups first (sorted by depth)
        for i, group in enumerate(starting):
            notes[group] = (label_x, y + m.row_pad + m.small * 0.9 + i * m.line)
        lead = len(starting) * m.line
        height = max(text_h + (m.lane if above else 0), TARGET) + 2 * m.row_pad
        label_y = y + m.row_pad + m.font * 0.9 + (0 if above else max(0, (height - 2 * m.row_pad - text_h) / 2))
        lane_y = y + height - m.row_pad - m.lane / 2 if above else y + height / 2
        height, label_y, lane_y = height + lead, label_y + lead, lane_y + lead
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
            *notes[g],
        )
        for g in groups
    )
    return TimelineLayout(
        m, m.width, y + m.margin, m.axis_height - 10, chart_x, chart_w, tuple(pieces), tuple(marks), bands
    )
