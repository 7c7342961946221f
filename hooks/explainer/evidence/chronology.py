"""The order of events, derived from every known before/after fact, as a partial order.

Two facts order events: their dates, compared only at the precision both have (one event is before
another when the last day its date allows is before the first day the other's allows), and the
before/after relations editors declare where an article gives them. Everything else is unordered:
an editor's `sequence` never orders events, it only says where to list events the evidence leaves
unordered, and it must agree with the order (an error otherwise).

`Chronology.tree` lays the order out for a page without implying an order the evidence does not give:
a series of steps, each an event or a group whose parts the articles do not order against each other.
Sets of events are bit masks over the events' numbers, so that even thousands of events take
linear numbers of big-integer operations rather than quadratic numbers of Python steps.
"""

from __future__ import annotations

import datetime
import heapq
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from explainer.core import codes
from explainer.core.diagnostics import Diagnostic, Pos

Span = tuple[int, int]  # first and last day a date allows (proleptic ordinals)


@dataclass(frozen=True)
class Item:
    """One event as the order sees it."""

    id: str
    span: Span | None  # None: undated
    key: tuple[int, int] = (0, 0)  # where to list it among unordered events: (sequence, place in the files)
    sequence: int | None = None
    sequence_pos: Pos | None = None


@dataclass(frozen=True)
class Relation:
    """A declared fact: `earlier` happened before `later`."""

    id: str
    earlier: str
    later: str
    pos: Pos


@dataclass(frozen=True)
class Node:
    """A step of the laid-out order.

    kind is "event" (one event), "series" (children in this order), "unordered" (children the articles
    do not order against each other; each child is an event or a series) or "partial" (events with only
    part of their order known; each child event lists in `after` the events of the group it follows).
    """

    kind: str
    event: str = ""
    children: tuple[Node, ...] = ()
    after: tuple[str, ...] = ()

    def events(self) -> Iterator[str]:
        """The events in reading order."""
        if self.kind == "event":
            yield self.event
        for child in self.children:
            yield from child.events()


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _mask(numbers: Iterable[int]) -> int:
    mask = 0
    for number in numbers:
        mask |= 1 << number
    return mask


def _day(ordinal: int) -> str:
    return datetime.date.fromordinal(ordinal).isoformat()


def _span_text(span: Span) -> str:
    return _day(span[0]) if span[0] == span[1] else f"{_day(span[0])} to {_day(span[1])}"


@dataclass
class _Closure:
    after: list[int]  # item number -> mask of the items known to come after it
    postorder: list[int]  # every item after all items that come after it
    cycles: list[list[int]] = field(default_factory=list)  # each as a path of item numbers


def _closure(spans: list[Span | None], successors: list[int]) -> _Closure:
    """Transitive closure of the date order and the given relation edges.

    The date successors of an item are the items whose first day is after its last day: with the items
    sorted by first day, a suffix of that order, so they are never listed one by one.
    """
    count = len(spans)
    dated = sorted((s[0], i) for i, s in enumerate(spans) if s is not None)
    firsts = [first for first, _ in dated]
    suffix = [0] * (len(dated) + 1)  # suffix[k]: the items dated[k:]
    for k in range(len(dated) - 1, -1, -1):
        suffix[k] = suffix[k + 1] | 1 << dated[k][1]
    start = [bisect_right(firsts, s[1]) if s is not None else len(dated) for s in spans]
    direct = [suffix[start[i]] | successors[i] for i in range(count)]

    # Depth-first search for an order in which every item comes after all its successors; a successor
    # still on the path is a cycle.
    unvisited, on_path, postorder, cycles = (1 << count) - 1, 0, [], []
    for root in range(count):
        if not unvisited >> root & 1:
            continue
        path = [root]
        unvisited ^= 1 << root
        on_path |= 1 << root
        while path:
            i = path[-1]
            fresh = direct[i] & unvisited
            if fresh:
                j = (fresh & -fresh).bit_length() - 1
                unvisited ^= 1 << j
                on_path |= 1 << j
                path.append(j)
                continue
            back = direct[i] & on_path
            if back:
                j = (back & -back).bit_length() - 1
                cycles.append(path[path.index(j) :])
            on_path ^= 1 << i
            postorder.append(i)
            path.pop()

    after = [0] * count
    # reached[k]: the items dated[k:] and everything after them, filled from the end as needed (every
    # item of the suffix an item needs is a successor of it, so it is already done).
    reached = [0] * (len(dated) + 1)
    low = len(dated)
    for i in postorder:
        while low > start[i]:
            low -= 1
            j = dated[low][1]
            reached[low] = reached[low + 1] | 1 << j | after[j]
        mask = reached[start[i]]
        for j in _bits(successors[i]):
            mask |= 1 << j | after[j]
        after[i] = mask
    return _Closure(after, postorder, cycles)


class Chronology:
    """Which events are known to come before which, and how to lay that out without adding to it."""

    def __init__(self, items: list[Item], later: list[int], earlier: list[int], rank: list[int]) -> None:
        self.items = items
        self.number = {item.id: i for i, item in enumerate(items)}
        self._later = later  # item number -> mask of items known to come after it
        self._earlier = earlier  # item number -> mask of items known to come before it
        self._rank = rank  # a linear extension: position of each item

    def before(self, first: str, second: str) -> bool:
        """Whether the evidence puts `first` before `second`."""
        return bool(self._later[self.number[first]] >> self.number[second] & 1)

    def after(self, event_id: str) -> list[str]:
        """The events this one directly follows (its immediate predecessors); the rest follow from them."""
        i = self.number[event_id]
        return [self.items[j].id for j in sorted(_bits(self._direct_before(i, self._earlier[i])), key=self._key)]

    def _direct_before(self, i: int, within: int) -> int:
        earlier = self._earlier[i] & within
        implied = 0
        for j in _bits(earlier):
            implied |= self._earlier[j]
        return earlier & ~implied

    def _key(self, i: int) -> tuple[int, int]:
        return self.items[i].key

    def tree(self, event_ids: Iterable[str] | None = None) -> Node:
        """The order of these events (all by default) as a series of steps; see `Node`."""
        numbers = range(len(self.items)) if event_ids is None else {self.number[e] for e in event_ids}
        return self._series(sorted(numbers, key=self._rank.__getitem__))

    def _series(self, members: list[int]) -> Node:
        # Cut wherever everything before the cut comes before everything after it: the steps.
        steps: list[Node] = []
        block: list[int] = []
        common, rest = -1, _mask(members)
        for i in members:
            block.append(i)
            rest ^= 1 << i
            common &= self._later[i]
            if rest & ~common == 0:
                steps.append(self._step(block))
                block, common = [], -1
        return steps[0] if len(steps) == 1 else Node("series", children=tuple(steps))

    def _step(self, block: list[int]) -> Node:
        if len(block) == 1:
            return Node("event", self.items[block[0]].id)
        # Split into strands: sets of events that nothing orders against each other.
        strands: list[list[int]] = []
        remaining = _mask(block)
        while remaining:
            strand = frontier = remaining & -remaining
            while frontier:
                grown = 0
                for i in _bits(frontier):
                    grown |= self._later[i] | self._earlier[i]
                frontier = grown & remaining & ~strand
                strand |= frontier
            remaining &= ~strand
            strands.append([i for i in block if strand >> i & 1])
        if len(strands) > 1:
            strands.sort(key=lambda s: min(map(self._key, s)))
            return Node("unordered", children=tuple(self._series(s) for s in strands))
        return self._partial(block)

    def _partial(self, block: list[int]) -> Node:
        """Events in one order the evidence allows, each with the events of the group it follows."""
        within = _mask(block)
        waiting = {i: self._earlier[i] & within for i in block}
        ready = [(self._key(i), i) for i, before in waiting.items() if not before]
        heapq.heapify(ready)
        children = []
        while ready:
            _, i = heapq.heappop(ready)
            after = tuple(self.items[j].id for j in sorted(_bits(self._direct_before(i, within)), key=self._key))
            children.append(Node("event", self.items[i].id, after=after))
            for j in _bits(self._later[i] & within):
                waiting[j] &= ~(1 << i)
                if not waiting[j]:
                    heapq.heappush(ready, (self._key(j), j))
        return Node("partial", children=tuple(children))


def build(items: list[Item], relations: list[Relation]) -> tuple[Chronology, list[Diagnostic]]:
    """The partial order of `items`, and every problem with it: a relation that contradicts the dates,
    a cycle, a `sequence` that lists an event before one it follows. Relations naming unknown events
    are left to the caller (which reports them as unknown references)."""
    number = {item.id: i for i, item in enumerate(items)}
    spans = [item.span for item in items]
    problems: list[Diagnostic] = []
    later_of, earlier_of = [0] * len(items), [0] * len(items)
    declared: dict[tuple[int, int], Relation] = {}
    for relation in relations:
        if relation.earlier not in number or relation.later not in number:
            continue
        first, second = number[relation.earlier], number[relation.later]
        if first == second:
            problems.append(
                Diagnostic(
                    codes.ORDER_AGAINST_ITSELF,
                    relation.pos,
                    f"'{relation.id}' orders the event '{relation.earlier}' against itself",
                    "name another event",
                )
            )
            continue
        pair = (min(first, second), max(first, second))
        if pair in declared:
            other = declared[pair]
            message = f"the order of '{relation.earlier}' and '{relation.later}' is already declared by '{other.id}'"
            problems.append(
                Diagnostic(
                    codes.ORDER_DECLARED_TWICE,
                    relation.pos,
                    message,
                    f"see {other.pos}; declare each order once, on either event",
                )
            )
            continue
        declared[pair] = relation
        a, b = spans[first], spans[second]
        if a is not None and b is not None and b[1] < a[0]:
            hint = (
                f"'{relation.later}' is dated {_span_text(b)}, '{relation.earlier}' {_span_text(a)}; check "
                f"both dates and the relation"
            )
            problems.append(
                Diagnostic(
                    codes.ORDER_CONTRADICTS_DATES,
                    relation.pos,
                    f"'{relation.id}' puts '{relation.earlier}' before '{relation.later}', but their dates put "
                    f"'{relation.later}' first",
                    hint,
                ),
            )
            continue
        later_of[first] |= 1 << second
        earlier_of[second] |= 1 << first

    forward = _closure(spans, later_of)
    mirrored: list[Span | None] = [(-s[1], -s[0]) if s is not None else None for s in spans]
    backward = _closure(mirrored, earlier_of)
    by_pair = {(number[r.earlier], number[r.later]): r for r in declared.values()}
    for cycle in forward.cycles:
        steps = list(zip(cycle, cycle[1:] + cycle[:1], strict=True))
        declared_steps = [by_pair[step] for step in steps if step in by_pair]
        if not declared_steps:
            continue  # dates alone cannot make a cycle; kept for safety
        where = min(declared_steps, key=lambda r: r.pos)
        text = " before ".join(f"'{items[i].id}'" for i in [*cycle, cycle[0]])
        problems.append(
            Diagnostic(
                codes.ORDER_CYCLE,
                where.pos,
                f"the order of events goes round in a circle: {text}",
                "one of these relations (or dates) is wrong; an event cannot come before itself",
            ),
        )

    rank = [0] * len(items)
    for position, i in enumerate(reversed(forward.postorder)):
        rank[i] = position
    chronology = Chronology(items, forward.after, backward.after, rank)
    problems += _sequence_problems(items, forward.after, spans)
    return chronology, problems


def _sequence_problems(items: list[Item], later: list[int], spans: list[Span | None]) -> list[Diagnostic]:
    """A `sequence` may order only what the evidence leaves unordered: report any that lists an event
    after one it is known to come before."""
    numbered = sorted((item.sequence, i) for i, item in enumerate(items) if item.sequence is not None)
    sequences = [s for s, _ in numbered]
    lower = [0]  # lower[k]: the items numbered[:k]
    for _, i in numbered:
        lower.append(lower[-1] | 1 << i)
    problems = []
    for sequence, i in numbered:
        clash = later[i] & lower[bisect_left(sequences, sequence)]
        if not clash:
            continue
        j = (clash & -clash).bit_length() - 1
        a, b = spans[i], spans[j]
        why = (
            f"their dates ({_span_text(a)}; {_span_text(b)})"
            if a is not None and b is not None and a[1] < b[0]
            else "the declared before/after relations"
        )
        item, other = items[i], items[j]
        problems.append(
            Diagnostic(
                codes.SEQUENCE_CONTRADICTS_ORDER,
                item.sequence_pos or Pos("?"),
                f"sequence {sequence} lists '{item.id}' after '{other.id}' (sequence {other.sequence}), but "
                f"{why} put '{item.id}' first",
                "sequence only orders events the evidence leaves unordered; renumber so that it agrees with "
                "the dates and relations",
            )
        )
    return problems
