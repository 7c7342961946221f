"""Property-based tests of the order of events (hooks/explainer/evidence/chronology.py).

Each example draws a hidden true timeline (a time for every event), then evidence that is true of it:
dates that contain each event's time, at any width, or no date; before/after relations between events
whose true times are in that order; `sequence` numbers that follow the true times. The derived order
must then be exactly what the evidence gives: every fact kept (transitively), nothing added, and a layout
(`Chronology.tree`) that never shows an order the evidence does not give nor hides one it does.
HYPOTHESIS_EXAMPLES=5000 runs every property harder.
"""

from __future__ import annotations

import itertools
import os
from dataclasses import dataclass

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from markupsafe import Markup
from pagetree import parse, read_list
from pagetree import reading as page_reading

from explainer.content.catalogue import english
from explainer.core import codes
from explainer.core.diagnostics import Pos
from explainer.evidence.chronology import Item, Node, Relation, build
from explainer.site.render import template_env

EXAMPLES = int(os.environ.get("HYPOTHESIS_EXAMPLES", "150"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
DAY = 700_000  # an ordinal day in 1917; spans are days from here


@dataclass(frozen=True)
class World:
    times: tuple[int, ...]  # each event's true time
    spans: tuple[tuple[int, int] | None, ...]
    relations: tuple[tuple[int, int], ...]  # (earlier, later), true in this world
    sequences: tuple[int | None, ...]

    def items(self) -> list[Item]:
        return [
            Item(f"e{i}", span, (seq or 0, i), seq, Pos("events.yaml", i + 1, 1))
            for i, (span, seq) in enumerate(zip(self.spans, self.sequences, strict=True))
        ]

    def declared(self) -> list[Relation]:
        return [
            Relation(f"r{n}", f"e{a}", f"e{b}", Pos("events.yaml", 100 + n, 1))
            for n, (a, b) in enumerate(self.relations)
        ]


@st.composite
def worlds(draw: st.DrawFn) -> World:
    count = draw(st.integers(1, 9))
    times = tuple(draw(st.lists(st.integers(0, 12), min_size=count, max_size=count)))
    spans: list[tuple[int, int] | None] = []
    for t in times:
        if draw(st.booleans()) and draw(st.booleans()):
            spans.append(None)
        else:
            spans.append((DAY + t - draw(st.integers(0, 4)), DAY + t + draw(st.integers(0, 4))))
    ordered = [(a, b) for a, b in itertools.permutations(range(count), 2) if times[a] < times[b]]
    relations = (
        tuple(draw(st.lists(st.sampled_from(ordered), unique_by=lambda p: frozenset(p), max_size=5))) if ordered else ()
    )
    sequences = tuple(t * 10 if draw(st.booleans()) else None for t in times)
    return World(times, tuple(spans), relations, sequences)


def reference_order(world: World) -> set[tuple[int, int]]:
    """The pairs the evidence orders, by the documented rule, restated independently: a date before
    another when its last day is before the other's first, plus the relations, closed transitively."""
    count = len(world.times)
    pairs = set(world.relations)
    for a, b in itertools.permutations(range(count), 2):
        sa, sb = world.spans[a], world.spans[b]
        if sa is not None and sb is not None and sa[1] < sb[0]:
            pairs.add((a, b))
    for k, i, j in itertools.product(range(count), repeat=3):  # Floyd-Warshall, k outermost
        if (i, k) in pairs and (k, j) in pairs:
            pairs.add((i, j))
    return pairs


def reading(node: Node) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """What a reader of the laid-out order is told: (pairs shown in order, pairs shown as not ordered).

    A series shows each step before the next; an "unordered" group says its parts are not ordered
    against each other; a "partial" group shows only the orders its events' `after` lists give."""
    shown: set[tuple[str, str]] = set()
    open_pairs: set[tuple[str, str]] = set()
    if node.kind == "series":
        steps = [list(child.events()) for child in node.children]
        for i, j in itertools.combinations(range(len(steps)), 2):
            shown |= {(a, b) for a in steps[i] for b in steps[j]}
    elif node.kind == "unordered":
        parts = [list(child.events()) for child in node.children]
        for i, j in itertools.combinations(range(len(parts)), 2):
            open_pairs |= {(a, b) for a in parts[i] for b in parts[j]} | {(b, a) for a in parts[i] for b in parts[j]}
    elif node.kind == "partial":
        direct = {(before, child.event) for child in node.children for before in child.after}
        events = [child.event for child in node.children]
        closed = set(direct)
        for k, i, j in itertools.product(events, repeat=3):
            if (i, k) in closed and (k, j) in closed:
                closed.add((i, j))
        shown |= closed
        open_pairs |= {
            (a, b) for a, b in itertools.permutations(events, 2) if (a, b) not in closed and (b, a) not in closed
        }
    for child in node.children:
        child_shown, child_open = reading(child)
        shown |= child_shown
        open_pairs |= child_open
    return shown, open_pairs


def as_ids(pairs: set[tuple[int, int]]) -> set[tuple[str, str]]:
    return {(f"e{a}", f"e{b}") for a, b in pairs}


# A person's events, and the tricky shapes: an undated event between two chains (series-parallel), and
# the "N" shape a < b > c < d, which no series of groups can show (a "partial" group).
N_SHAPE = World((0, 2, 1, 3), (None, None, None, None), ((0, 1), (2, 1), (2, 3)), (None,) * 4)
SAME_DAY = World((5, 5), ((DAY + 5, DAY + 5), (DAY + 5, DAY + 5)), (), (None, None))
MONTH_AND_DAY = World((3, 10), ((DAY, DAY + 30), (DAY + 10, DAY + 10)), (), (None, None))  # "March" vs "March 11"


@SETTINGS
@given(worlds())
@example(N_SHAPE)
@example(SAME_DAY)
@example(MONTH_AND_DAY)
def test_the_order_is_exactly_what_the_evidence_gives(world: World) -> None:
    chronology, problems = build(world.items(), world.declared())
    assert problems == []  # evidence that is true of one timeline never contradicts itself
    expected = reference_order(world)
    ids = range(len(world.times))
    derived = {(a, b) for a in ids for b in ids if chronology.before(f"e{a}", f"e{b}")}
    assert derived == expected
    assert all(world.times[a] < world.times[b] for a, b in derived)  # so never an order that is false


@SETTINGS
@given(worlds())
@example(N_SHAPE)
@example(SAME_DAY)
def test_the_layout_shows_every_known_order_and_no_other(world: World) -> None:
    chronology, _ = build(world.items(), world.declared())
    tree = chronology.tree()
    events = list(tree.events())
    assert sorted(events) == sorted(f"e{i}" for i in range(len(world.times)))  # each event once
    known = as_ids(reference_order(world))
    shown, open_pairs = reading(tree)
    assert shown == known  # shown in order exactly where the evidence orders them
    unknown = {(a, b) for a, b in itertools.permutations(events, 2) if (a, b) not in known and (b, a) not in known}
    assert open_pairs == unknown  # and every other pair is visibly said to be open
    position = {event: n for n, event in enumerate(events)}
    assert all(position[a] < position[b] for a, b in known)  # reading top to bottom never goes back in time


# The engine's own macro that lays the order out on the timeline and on person pages.
MACROS = template_env(english())
IN_ORDER = MACROS.get_template("macros.html").make_module({"x": None}).in_order  # type: ignore[attr-defined]


def event_item(event_id: str, after: tuple[str, ...]) -> Markup:
    """An event as the timeline template shows it, for what the order needs: its id and what it follows."""
    follows = Markup(", ").join(Markup('<a href="#{0}">{0}</a>').format(a) for a in after)
    extra = (
        Markup('<p class="ex-event__after">Within this group, it came after: {}</p>').format(follows) if after else ""
    )
    return Markup('<li class="ex-event" id="{}"><h2>{}</h2>{}</li>').format(event_id, event_id, extra)


@SETTINGS
@given(worlds())
@example(N_SHAPE)
def test_the_rendered_list_shows_every_known_order_and_no_other(world: World) -> None:
    chronology, _ = build(world.items(), world.declared())
    html = str(IN_ORDER(chronology.tree(), event_item, "ex-timeline"))
    shown_on_page = read_list(parse(html).find("ol"))
    shown, unordered = page_reading(shown_on_page)
    known = as_ids(reference_order(world))
    events = [f"e{i}" for i in range(len(world.times))]
    assert shown == known
    assert unordered == {
        frozenset(p) for p in itertools.combinations(events, 2) if p not in known and p[::-1] not in known
    }
    in_page_order = [li.attrs["id"] for li in parse(html).find_all("li", "ex-event")]
    assert sorted(in_page_order) == events
    assert all(in_page_order.index(a) < in_page_order.index(b) for a, b in known)


@SETTINGS
@given(worlds(), st.data())
def test_a_subset_is_laid_out_by_the_same_order(world: World, data: st.DataObject) -> None:
    chronology, _ = build(world.items(), world.declared())
    subset = data.draw(st.sets(st.sampled_from([f"e{i}" for i in range(len(world.times))]), min_size=1))
    known = {(a, b) for a, b in as_ids(reference_order(world)) if a in subset and b in subset}
    shown, _ = reading(chronology.tree(subset))
    assert shown == known


@SETTINGS
@given(worlds())
def test_after_lists_the_direct_predecessors_whose_closure_is_the_order(world: World) -> None:
    chronology, _ = build(world.items(), world.declared())
    known = as_ids(reference_order(world))
    direct = {(before, f"e{i}") for i in range(len(world.times)) for before in chronology.after(f"e{i}")}
    closed = set(direct)
    ids = [f"e{i}" for i in range(len(world.times))]
    for k, i, j in itertools.product(ids, repeat=3):
        if (i, k) in closed and (k, j) in closed:
            closed.add((i, j))
    assert closed == known
    assert not any((a, c) in direct for a, b in direct for b2, c in direct if b == b2)  # nothing implied is listed


@SETTINGS
@given(worlds(), st.data())
def test_a_relation_against_the_dates_is_an_error_at_its_place(world: World, data: st.DataObject) -> None:
    dated = [i for i, span in enumerate(world.spans) if span is not None]
    pairs = [(a, b) for a in dated for b in dated if world.spans[b][1] < world.spans[a][0]]  # type: ignore[index]
    if not pairs:
        return
    a, b = data.draw(st.sampled_from(pairs))  # b is dated before a; declare a before b
    wrong = Relation("wrong", f"e{a}", f"e{b}", Pos("events.yaml", 999, 7))
    others = [r for r in world.declared() if {r.earlier, r.later} != {f"e{a}", f"e{b}"}]
    _, problems = build(world.items(), [*others, wrong])
    assert [str(p.pos) for p in problems if "wrong" in p.message] == ["events.yaml:999:7"]


def test_a_cycle_of_relations_is_an_error() -> None:
    items = [Item(name, None) for name in ("a", "b", "c")]
    relations = [
        Relation("ab", "a", "b", Pos("e.yaml", 3, 5)),
        Relation("bc", "b", "c", Pos("e.yaml", 9, 5)),
        Relation("ca", "c", "a", Pos("e.yaml", 15, 5)),
    ]
    _, problems = build(items, relations)
    assert [f"{p.pos}: {p.message}" for p in problems] == [
        "e.yaml:3:5: the order of events goes round in a circle: 'a' before 'b' before 'c' before 'a'"
    ]


def test_a_cycle_through_dates_is_an_error() -> None:
    # b is dated before c; relations say c before a and a before b: c < a < b < c.
    items = [Item("a", None), Item("b", (DAY, DAY)), Item("c", (DAY + 5, DAY + 5))]
    relations = [Relation("ca", "c", "a", Pos("e.yaml", 4, 5)), Relation("ab", "a", "b", Pos("e.yaml", 8, 5))]
    _, problems = build(items, relations)
    assert len(problems) == 1 and problems[0].pos == Pos("e.yaml", 4, 5) and problems[0].code is codes.ORDER_CYCLE, (
        problems
    )


@SETTINGS
@given(worlds(), st.data())
def test_a_sequence_against_the_order_is_an_error_at_its_place(world: World, data: st.DataObject) -> None:
    known = sorted(reference_order(world))
    if not known:
        return
    a, b = data.draw(st.sampled_from(known))
    sequences = [None] * len(world.times)
    sequences[a], sequences[b] = 2, 1  # lists a after b, though a came first
    items = [
        Item(f"e{i}", span, (seq or 0, i), seq, Pos("events.yaml", 10 * i + 1, 5))
        for i, (span, seq) in enumerate(zip(world.spans, sequences, strict=True))
    ]
    _, problems = build(items, world.declared())
    assert [str(p.pos) for p in problems] == [f"events.yaml:{10 * a + 1}:5"]
    assert f"sequence 2 lists 'e{a}' after 'e{b}'" in problems[0].message


def test_sequence_only_orders_the_listing_within_a_group() -> None:
    items = [Item("late-listed", None, (20, 0), 20), Item("early-listed", None, (10, 1), 10)]
    chronology, problems = build(items, [])
    tree = chronology.tree()
    assert problems == []
    assert tree.kind == "unordered" and list(tree.events()) == ["early-listed", "late-listed"]
