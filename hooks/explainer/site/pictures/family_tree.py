"""The family tree's layout: generations as rows, partners side by side joined by their relation's line, and
children hanging from their parents' line by the ages the articles report.

Pure functions from the family (site/family.py) to coordinates in SVG user units; the template draws them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from explainer.content.catalogue import Words, english
from explainer.site.family import Couple, FamilyTree
from explainer.site.pictures.measure import TARGET, Rect, hit_area, text_width, wrap


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
    small=12,
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
