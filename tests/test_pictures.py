"""The pictures' layout math (site/pictures/) and the family structure it draws (family.py), on small hand-made
families and timelines."""

from __future__ import annotations

import calendar
import datetime
import itertools
from pathlib import Path

import pytest

from conftest import TINY_CONTENT, make_project
from explainer.content import model
from explainer.core.diagnostics import Pos
from explainer.evidence.ages import ReportedAge
from explainer.evidence.chronology import Node
from explainer.evidence.pipeline import Layout, check
from explainer.site.family import FamilyTree, build_family
from explainer.site.pictures import (
    NARROW,
    TARGET,
    TIMELINE_NARROW,
    TIMELINE_WIDE,
    WIDE,
    BoxText,
    Metrics,
    OrderGroup,
    TimelineEntry,
    TimelineMetrics,
    TreeLayout,
    _x_of,
    axis_pieces,
    flatten_order,
    generations,
    layout_family,
    layout_timeline,
    story_month,
    within,
    wrap,
)

POS = Pos("content/people.yaml", 1, 1)


def person(person_id: str, *relations: tuple[str, str]) -> model.Person:
    return model.Person(
        POS,
        id=person_id,
        name=person_id.replace("-", " ").title(),
        relations=[
            model.Relation(POS, id=f"{person_id}-{kind}-{other}", kind=kind, person=other, citations=[])
            for kind, other in relations
        ],
    )


def texts(tree: FamilyTree) -> dict[str, BoxText]:
    return {m.id: BoxText((m.name,), tuple(f"age {a.age}" for a in m.ages)) for m in tree.members.values()}


# A family shaped like the articles': a man with a former wife and a wife, one child with the one, three with the other.
PEOPLE = [
    person(
        "al",
        ("spouse", "hil"),
        ("child", "ire"),
        ("former-spouse", "kim"),
        ("child", "car"),
        ("child", "raf"),
        ("child", "ila"),
    ),
    person("hil", ("child", "car"), ("child", "raf"), ("child", "ila")),
    person("car"),
    person("raf"),
    person("ila"),
    person("ire"),
    person("kim", ("child", "ire")),
]
AGES = {
    "car": [ReportedAge(11, "car-age")],
    "ila": [ReportedAge(2, "ila-age")],
    "raf": [ReportedAge(9, "raf-age")],
    "al": [ReportedAge(66, "al-age")],
}


def test_couples_and_families_come_from_the_relations() -> None:
    tree = build_family(PEOPLE, AGES)
    assert [(c.a, c.b, c.kind) for c in tree.couples] == [("al", "hil", "spouse"), ("al", "kim", "former-spouse")]
    families = {f.parents: [link.child for link in f.children] for f in tree.families}
    assert families == {("al", "hil"): ["car", "raf", "ila"], ("al", "kim"): ["ire"]}
    carmen = next(link for f in tree.families for link in f.children if link.child == "car")
    assert carmen.parents == (("al", "al-child-car"), ("hil", "hil-child-car"))
    assert tree.relation_count == 2 + 3 * 2 + 2
    assert tree.members["al"].ages == (ReportedAge(66, "al-age"),)


def test_children_are_ordered_oldest_first_and_those_without_an_age_last() -> None:
    people = [
        person(
            "p", ("child", "young"), ("child", "unknown"), ("child", "old"), ("child", "twin-a"), ("child", "twin-b")
        )
    ]
    people += [person(i) for i in ("young", "unknown", "old", "twin-a", "twin-b")]
    ages = {
        "young": [ReportedAge(2, "y")],
        "old": [ReportedAge(30, "o")],
        "twin-a": [ReportedAge(5, "a")],
        "twin-b": [ReportedAge(5, "b")],
    }
    (family,) = build_family(people, ages).families
    assert [link.child for link in family.children] == ["old", "twin-a", "twin-b", "young", "unknown"]


def test_two_parents_who_are_not_declared_a_couple_stay_two_single_parents() -> None:
    people = [person("a", ("child", "c")), person("b", ("child", "c")), person("c")]
    tree = build_family(people, {})
    assert tree.couples == ()
    assert sorted(f.parents for f in tree.families) == [("a",), ("b",)]


def test_a_parent_relation_is_read_from_the_child() -> None:
    tree = build_family([person("kid", ("parent", "mum")), person("mum")], {})
    assert [(f.parents, [link.parents for link in f.children]) for f in tree.families] == [
        (("mum",), [(("mum", "kid-parent-mum"),)])
    ]


def test_generations_put_partners_side_by_side_and_children_below() -> None:
    people = [
        person("a", ("spouse", "b"), ("child", "c")),
        person("b"),
        person("c", ("spouse", "d"), ("child", "e")),
        person("d", ("parent", "x")),
        person("e"),
        person("x"),
    ]
    gen = generations(build_family(people, {}))
    assert gen == {"a": 0, "b": 0, "x": 0, "c": 1, "d": 1, "e": 2}


def test_someone_who_would_be_their_own_ancestor_is_refused() -> None:
    tree = build_family([person("a", ("child", "b")), person("b", ("child", "a"))], {})
    with pytest.raises(ValueError, match="cycle"):
        generations(tree)


@pytest.mark.parametrize(
    ("text", "chars", "lines"),
    [
        ("Kim Basinger", 16, ("Kim Basinger",)),
        ("Leonardo Ángel Charles", 16, ("Leonardo Ángel", "Charles")),
        ("Leonardo Ángel Charles", 9, ("Leonardo", "Ángel", "Charles")),
        ("Supercalifragilistic", 9, ("Supercalifragilistic",)),
        ("  ", 9, ("",)),
    ],
)
def test_names_wrap_at_word_boundaries(text: str, chars: int, lines: tuple[str, ...]) -> None:
    assert wrap(text, chars) == lines


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.mark.parametrize("metrics", [WIDE, NARROW], ids=["wide", "narrow"])
def test_the_family_layout_keeps_boxes_apart_and_lines_connected(metrics: Metrics) -> None:
    tree = build_family(PEOPLE, AGES)
    layout = layout_family(tree, texts(tree), metrics)
    boxes = layout.boxes
    assert set(boxes) == set(tree.members)
    for a, b in itertools.combinations(boxes.values(), 2):
        assert not _overlap((a.x, a.y, a.w, a.h), (b.x, b.y, b.w, b.h)), (a.id, b.id)
    for box in boxes.values():
        assert 0 <= box.x and box.right <= layout.width and 0 <= box.y and box.bottom <= layout.height
    # The man in the middle: his former wife to his left, his wife to his right, all in the top row.
    assert boxes["kim"].right < boxes["al"].x < boxes["al"].right < boxes["hil"].x
    assert boxes["kim"].y == boxes["al"].y == boxes["hil"].y
    for line in layout.couples:
        (x1, y1), (x2, y2) = line.points[0], line.points[-1]
        ends = {line.couple.a, line.couple.b}
        assert y1 == y2 and {boxes[p].right for p in ends} | {boxes[p].x for p in ends} >= {x1, x2}
        assert line.hit.w >= TARGET and line.hit.h >= TARGET
        assert (line.label is not None) == metrics.labels
    # Children hang below their parents, oldest first, each reached by a tick from the family's spine.
    column = [boxes[c] for c in ("car", "raf", "ila")]
    assert [b.y for b in column] == sorted(b.y for b in column)
    assert all(b.y > boxes["hil"].bottom for b in column) and boxes["ire"].y > boxes["kim"].bottom
    assert len({b.x for b in column}) == 1
    for tick in layout.ticks:
        child = boxes[tick.child]
        assert tick.x2 == child.x and child.y <= tick.y2 <= child.bottom
        assert tick.hit.w >= TARGET and tick.hit.h >= TARGET
        spine = next(s for s in layout.spines if s.parents == tick.parents)
        top, bottom = spine.points[-2][1] if len(spine.points) > 1 else 0, spine.points[-1][1]
        assert spine.points[-1][0] == tick.x1 and min(top, bottom) <= tick.y1 <= max(top, bottom)
    # Each spine starts where the parents' couple line is (its middle).
    for spine in layout.spines:
        couple = next(c for c in layout.couples if {c.couple.a, c.couple.b} == set(spine.parents))
        (x1, y1), (x2, _) = couple.points[0], couple.points[-1]
        assert spine.points[0] == ((x1 + x2) / 2, y1)


def test_the_narrow_layout_of_a_family_like_the_articles_fits_a_phone() -> None:
    tree = build_family(PEOPLE, AGES)
    wide, narrow = (layout_family(tree, texts(tree), m) for m in (WIDE, NARROW))
    assert narrow.width <= 288 < wide.width
    assert max(len(line) for b in narrow.boxes.values() for line in b.text.title) <= 9


def test_partners_who_are_not_neighbours_are_joined_by_a_bridge_over_the_row() -> None:
    # Two wives and a husband of one of them: the one with most partners goes in the middle.
    people = [
        person("a", ("spouse", "b"), ("former-spouse", "c")),
        person("b"),
        person("c", ("spouse", "d")),
        person("d"),
    ]
    tree = build_family(people, {})
    layout: TreeLayout = layout_family(tree, texts(tree))
    xs = sorted(layout.boxes, key=lambda p: layout.boxes[p].x)
    bridge = next(line for line in layout.couples if len(line.points) == 4)
    assert {bridge.couple.a, bridge.couple.b} in ({"c", "d"}, {"a", "b"}, {"a", "c"})
    assert all(y < min(b.y for b in layout.boxes.values()) for _, y in bridge.points[1:3])
    assert min(y for line in layout.couples for _, y in line.points) >= 0
    assert len(xs) == 4


def test_layout_is_deterministic() -> None:
    tree = build_family(PEOPLE, AGES)
    assert layout_family(tree, texts(tree)) == layout_family(tree, texts(tree))


# --- reported ages are checked against their passages -----------------------------------------------------------


def _problems(project: Path) -> list[str]:
    _, diagnostics = check(Layout(project))
    return [f"{d.pos}: {d.code}" for d in diagnostics]


def test_an_age_must_be_printed_in_every_passage_the_fact_cites(tmp_path: Path) -> None:
    right = make_project(
        tmp_path / "right",
        {
            "people.yaml": TINY_CONTENT["people.yaml"].replace(
                "text: Reported as 40.", "text: Reported as 40.\n                age: 40"
            )
        },
    )
    assert _problems(right) == []
    wrong = make_project(
        tmp_path / "wrong",
        {
            "people.yaml": TINY_CONTENT["people.yaml"].replace(
                "text: Reported as 40.", "text: Reported as 40.\n                age: 41"
            )
        },
    )
    assert _problems(wrong) == ["content/people.yaml:16:14: EX414 age-not-in-passage"]
    partial = make_project(
        tmp_path / "partial",
        {
            "people.yaml": TINY_CONTENT["people.yaml"].replace(
                "text: Reported as 40.", "text: Reported as 40.\n                age: 4"
            )
        },
    )
    assert _problems(partial) == ["content/people.yaml:16:14: EX414 age-not-in-passage"]


def test_an_age_is_only_for_a_person(tmp_path: Path) -> None:
    sources = TINY_CONTENT["sources.yaml"].replace(
        "title_kind: headline",
        """title_kind: headline
            facts:
              - id: tiny-age
                text: The text is 40 lines long.
                age: 40
                citations:
                  - source: tiny
                    quote: Bob Example, 40,""",
    )
    project = make_project(tmp_path / "p", {"sources.yaml": sources})
    assert _problems(project) == ["content/sources.yaml:9:14: EX415 age-on-source-fact"]


# --- the timeline ------------------------------------------------------------------------------------------------


def day(y: int, m: int, d: int) -> int:
    return datetime.date(y, m, d).toordinal()


def year_span(y: int) -> tuple[int, int]:
    return day(y, 1, 1), day(y, 12, 31)


def month_span(y: int, m: int) -> tuple[int, int]:
    return day(y, m, 1), day(y, m, calendar.monthrange(y, m)[1])


SPANS = [
    month_span(2011, 8),
    month_span(2012, 4),
    month_span(2012, 6),
    year_span(2021),
    year_span(2023),
    year_span(2024),
    (day(2025, 1, 9), day(2025, 1, 9)),
    (day(2025, 3, 11), day(2025, 3, 11)),
    (day(2025, 3, 11), day(2025, 3, 19)),
    (day(2025, 3, 19), day(2025, 3, 19)),
]


def test_the_axis_has_a_piece_per_year_trimmed_to_the_months_used_and_breaks_where_years_are_left_out() -> None:
    pieces = axis_pieces(SPANS, 100, 400, TIMELINE_WIDE)
    assert [(p.label, p.break_before) for p in pieces] == [
        ("2011", False),  # "Aug 2011" does not fit the narrowest piece: the year alone
        ("Apr–Jun 2012", True),  # the months since August 2011 are left out
        ("2021", True),
        ("2023", True),
        ("2024", False),
        ("Jan–Mar 2025", False),
    ]
    assert pieces[0].x == 100 and abs(pieces[-1].x + pieces[-1].w - 500) < 1e-6
    for a, b in itertools.pairwise(pieces):
        assert b.x - (a.x + a.w) == (TIMELINE_WIDE.break_gap if b.break_before else 0)
    # The busy months of 2025 get more room than a whole quiet year.
    assert pieces[-1].w > 2 * pieces[2].w
    march = next(w for first, _, w in pieces[-1].months if first == day(2025, 3, 1))
    february = next(w for first, _, w in pieces[-1].months if first == day(2025, 2, 1))
    assert march > 3 * february


def test_the_axis_maps_days_in_order_and_every_span_inside_its_piece() -> None:
    pieces = axis_pieces(SPANS, 0, 500, TIMELINE_WIDE)
    days = sorted({d for first, last in SPANS for d in (first, last + 1)})
    xs = [_x_of(pieces, d) for d in days]
    assert xs == sorted(xs)
    with pytest.raises(ValueError, match="outside the axis"):
        _x_of(pieces, day(2019, 5, 1))


def test_flatten_order_lists_events_in_reading_order_with_the_groups_the_order_leaves_open() -> None:
    tree = Node(
        "series",
        children=(
            Node("event", "a"),
            Node(
                "unordered",
                children=(
                    Node(
                        "series",
                        children=(
                            Node("event", "b"),
                            Node("unordered", children=(Node("event", "c"), Node("event", "d"))),
                        ),
                    ),
                    Node("event", "e"),
                ),
            ),
            Node("partial", children=(Node("event", "f"), Node("event", "g", after=("f",)))),
        ),
    )
    events, groups = flatten_order(tree)
    assert events == ["a", "b", "c", "d", "e", "f", "g"]
    assert groups == [
        OrderGroup("unordered", 1, 4, 0),
        OrderGroup("partial", 5, 6, 0),
        OrderGroup("unordered", 2, 3, 1),
    ]


@pytest.mark.parametrize("metrics", [TIMELINE_WIDE, TIMELINE_NARROW], ids=["wide", "narrow"])
def test_the_timeline_has_a_row_per_event_with_its_mark_where_its_dates_are(metrics: TimelineMetrics) -> None:
    entries = [
        TimelineEntry("dating", "They begin dating", month_span(2011, 8), "period", False),
        TimelineEntry(
            "shooting", "A shooting on a film set, in a year the articles give", year_span(2021), "period", False
        ),
        TimelineEntry("talk", "An interview no article dates", None, "undated", False),
        TimelineEntry("carpet", "The red-carpet interview", (day(2025, 3, 11), day(2025, 3, 11)), "day", True),
        TimelineEntry("viral", "The clip goes viral", (day(2025, 3, 11), day(2025, 3, 19)), "range", True),
        TimelineEntry("video", "The video", (day(2025, 3, 19), day(2025, 3, 19)), "day", True),
    ]
    layout = layout_timeline(entries, [OrderGroup("unordered", 1, 2, 0)], metrics)
    marks = {mk.entry.id: mk for mk in layout.marks}
    assert [mk.entry.id for mk in layout.marks] == [e.id for e in entries]
    tops = [mk.top for mk in layout.marks]
    assert tops == sorted(tops) and all(mk.height >= TARGET for mk in layout.marks)
    assert all(b.top + b.height == c.top for b, c in itertools.pairwise(layout.marks))
    for mk in layout.marks:
        assert layout.chart_x <= mk.x1 <= mk.x2 <= layout.chart_x + layout.chart_w
        assert mk.top < mk.lane_y < mk.top + mk.height
        assert max(len(line) for line in mk.label_lines) <= metrics.label_chars or len(mk.label_lines) == 1
    # A year-long date fills its year's piece; days are dots, in order; the range runs from the one to the other.
    year_piece = next(p for p in layout.pieces if p.label == "2021")
    assert marks["shooting"].x1 == pytest.approx(year_piece.x) and marks["shooting"].x2 == pytest.approx(
        year_piece.x + year_piece.w
    )
    assert marks["carpet"].x1 == marks["carpet"].x2 < marks["video"].x1 == marks["video"].x2
    assert (
        marks["viral"].x1 < marks["carpet"].x1 < marks["viral"].x2
        and marks["viral"].x1 < marks["video"].x1 < marks["viral"].x2
    )
    assert marks["talk"].x1 == marks["talk"].x2 == layout.chart_x
    (band,) = layout.bands
    assert band.y >= marks["shooting"].top and band.y + band.h <= marks["talk"].top + marks["talk"].height
    if metrics.label_width:  # labels in a column left of the axis
        assert all(mk.label_x + metrics.label_width <= layout.chart_x for mk in layout.marks)
    else:  # labels above their marks
        assert all(mk.label_y + (len(mk.label_lines) - 1) * metrics.line < mk.lane_y for mk in layout.marks)
    assert layout.width == metrics.width


# ---- the days of the story ------------------------------------------------------------------------------------


def _entry(name: str, span: tuple[int, int] | None, shape: str) -> TimelineEntry:
    return TimelineEntry(name, name, span, shape, False)


@pytest.mark.parametrize(
    ("entries", "month"),
    [
        # Three dates of days in March, one in June: March, all of it.
        (
            [
                _entry("a", (day(2025, 3, 11), day(2025, 3, 11)), "day"),
                _entry("b", (day(2025, 3, 11), day(2025, 3, 19)), "range"),
                _entry("c", (day(2025, 3, 19), day(2025, 3, 19)), "day"),
                _entry("d", (day(2025, 6, 2), day(2025, 6, 2)), "day"),
            ],
            month_span(2025, 3),
        ),
        # A date known only to the month, or a range across two months, is not a date of days in the month.
        (
            [
                _entry("a", month_span(2025, 3), "period"),
                _entry("b", (day(2025, 3, 30), day(2025, 4, 2)), "range"),
                _entry("c", (day(2025, 3, 1), day(2025, 3, 1)), "day"),
                _entry("d", (day(2025, 3, 2), day(2025, 3, 2)), "day"),
            ],
            None,
        ),
        # Two months with three each: the later one.
        (
            [_entry(f"a{d}", (day(2024, 5, d), day(2024, 5, d)), "day") for d in (1, 2, 3)]
            + [_entry(f"b{d}", (day(2025, 1, d), day(2025, 1, d)), "day") for d in (1, 2, 3)],
            month_span(2025, 1),
        ),
        ([_entry("u", None, "undated")], None),
    ],
    ids=["busiest", "days-only", "latest-on-a-tie", "undated"],
)
def test_the_story_month_holds_the_most_dates_of_days(
    entries: list[TimelineEntry], month: tuple[int, int] | None
) -> None:
    assert story_month(entries) == month


def test_the_days_keep_their_order_and_the_groups_that_still_group() -> None:
    """Rows 1-4 are left unordered (depth 0) and 2-3 of them partly ordered (depth 1); outside March, rows 0
    and 2 go: the outer group keeps rows 1, 3, 4 (now 0-2), the inner one a single row, and is dropped."""
    march = [(day(2025, 3, d), day(2025, 3, d)) for d in (11, 12, 13)]
    entries = [
        _entry("old", year_span(2021), "period"),
        _entry("x", march[0], "day"),
        _entry("y", year_span(2024), "period"),
        _entry("z", march[1], "day"),
        _entry("w", march[2], "day"),
    ]
    groups = [OrderGroup("unordered", 1, 4, 0), OrderGroup("partial", 2, 3, 1)]
    kept, kept_groups = within(entries, groups, month_span(2025, 3))
    assert [e.id for e in kept] == ["x", "z", "w"]
    assert kept_groups == [OrderGroup("unordered", 0, 2, 0)]


@pytest.mark.parametrize("metrics", [TIMELINE_WIDE, TIMELINE_NARROW], ids=["wide", "narrow"])
def test_the_days_axis_is_the_month_day_by_day(metrics: TimelineMetrics) -> None:
    entries = [
        _entry("carpet", (day(2025, 3, 11), day(2025, 3, 11)), "day"),
        _entry("viral", (day(2025, 3, 11), day(2025, 3, 19)), "range"),
        _entry("video", (day(2025, 3, 19), day(2025, 3, 19)), "day"),
    ]
    layout = layout_timeline(entries, [OrderGroup("unordered", 1, 2, 0)], metrics, days=month_span(2025, 3))
    (piece,) = layout.pieces
    assert piece.label == "March 2025" and not piece.break_before
    assert [t.label for t in piece.ticks] == ["1", "5", "10", "15", "20", "25", "30"]
    per_day = piece.w / 31
    assert all(
        b.x - a.x == pytest.approx(per_day * (int(b.label) - int(a.label))) for a, b in itertools.pairwise(piece.ticks)
    )
    marks = {mk.entry.id: mk for mk in layout.marks}
    # A day is a dot in the middle of its day; the range runs from the start of its first day to the end of its last.
    assert marks["carpet"].x1 == pytest.approx(piece.x + per_day * 10.5)
    assert marks["viral"].x1 == pytest.approx(piece.x + per_day * 10)
    assert marks["viral"].x2 == pytest.approx(piece.x + per_day * 19)
    # A day gets room enough to tell its neighbours apart: more than the dot's radius on a phone.
    assert per_day > metrics.dot


@pytest.mark.parametrize("metrics", [TIMELINE_WIDE, TIMELINE_NARROW], ids=["wide", "narrow"])
def test_a_bracket_says_beside_its_events_that_their_order_is_open(metrics: TimelineMetrics) -> None:
    """Each group's note sits inside its band, above the first row's label, one line per group starting there."""
    entries = [_entry(name, (day(2025, 3, d), day(2025, 3, d)), "day") for name, d in (("a", 1), ("b", 2), ("c", 3))]
    groups = [OrderGroup("unordered", 0, 2, 0), OrderGroup("partial", 0, 1, 1)]
    layout = layout_timeline(entries, groups, metrics)
    first = layout.marks[0]
    outer, inner = layout.bands
    assert outer.y <= outer.note_y - metrics.small and inner.note_y == pytest.approx(outer.note_y + metrics.line)
    assert inner.note_y < first.label_y - metrics.font * 0.9  # above the label, not over it
    assert outer.note_x == inner.note_x == first.label_x
    assert all(b.top + b.height == c.top for b, c in itertools.pairwise(layout.marks))  # rows still touch


def test_a_picture_wider_than_any_page_shows_its_narrow_layout() -> None:
    # A family of hundreds (bench/run.py at 10,000 statements drew one 21,521 px wide) fits no page: the build
    # goes on, and readers see the narrow layout, on paper too (the wide one shrunk to a page would be unreadable).
    from explainer.site.pictures.css import NEVER_FITS, container_rules, fit_class

    assert fit_class(21_521) == NEVER_FITS
    assert fit_class(1_280) == "ex-fit-1280" and fit_class(100) == "ex-fit-320"
    rules = container_rules()
    assert f"\n.{NEVER_FITS}.ex-picture--wide {{ display: none; }}" in rules and "@media" not in rules
