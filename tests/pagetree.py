"""Reading pages as a reader does: an element tree of the HTML, and the order of events a timeline
(or a person's list of events) shows, as nested tuples (in this order) and frozensets (in no known order)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, ClassVar

VOID: set[str] = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Element:
    def __init__(self, tag: str, attrs: dict[str, str | None]) -> None:
        self.tag, self.attrs = tag, attrs
        self.children: list[Element | str] = []

    @property
    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def elements(self) -> list[Element]:
        return [c for c in self.children if isinstance(c, Element)]

    def text(self) -> str:
        return " ".join("".join(c if isinstance(c, str) else c.text() for c in self.children).split())

    def find_all(self, tag: str, cls: str | None = None) -> list[Element]:
        found = []
        for child in self.elements():
            if child.tag == tag and (cls is None or cls in child.classes):
                found.append(child)
            found += child.find_all(tag, cls)
        return found

    def find(self, tag: str, cls: str | None = None) -> Element:
        found = self.find_all(tag, cls)
        assert found, f"no <{tag} class={cls}>"
        return found[0]


class _Tree(HTMLParser):
    IMPLIED: ClassVar[set[str]] = {"p", "li"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("root", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, dict(attrs))
        self.stack[-1].children.append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_endtag(self, tag: str) -> None:
        if any(e.tag == tag for e in self.stack[1:]):
            while self.stack.pop().tag != tag:
                pass

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse(html: str) -> Element:
    tree = _Tree()
    tree.feed(html)
    tree.close()
    return tree.root


def page(site: Path, path: str) -> Element:
    return parse((site / path).read_text(encoding="utf-8")).find("article")


# ---- what the page says about the order --------------------------------------------------------


def event_of(item: Element) -> str:
    """The event an <li> shows: its id on the timeline, its link elsewhere (the first plain link: the
    date's badges link to reasoning)."""
    if item.attrs.get("id"):
        return item.attrs["id"] or ""
    link = next(a for a in item.find_all("a") if not a.classes)
    return (link.attrs.get("href") or "").rpartition("#")[2]


UNORDERED = "The articles do not say in which order these happened, one group against another:"
PARTIAL = "The articles give only part of the order of these events: each says which of them it follows."


@dataclass(frozen=True)
class Partial:
    """A group whose events are only partly ordered: each event with the events of the group it follows."""

    after: frozenset[tuple[str, frozenset[str]]]

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(event for event, _ in self.after))


def _links(element: Element) -> frozenset[str]:
    return frozenset((a.attrs.get("href") or "").rpartition("#")[2] for a in element.find_all("a") if not a.classes)


def read_list(ol: Element) -> Any:
    """The structure a reader sees: an event id, a tuple (steps in order), a frozenset (parts the page says
    are in no known order against each other) or a `Partial` group."""
    steps: list[Any] = []
    for item in ol.elements():
        assert item.tag == "li", item.tag
        if "ex-unordered" not in item.classes:
            steps.append(event_of(item))
            continue
        note = item.find("p", "ex-unordered__note").text()
        parts = item.find("ul", "ex-unordered__list").elements()
        if note == UNORDERED:
            assert [p.find("p", "ex-strand__note").text() for p in parts[1:]] == [
                "In no known order with the above:"
            ] * (len(parts) - 1)
            steps.append(frozenset(read_list(part.find("ol")) for part in parts))
        else:
            assert note == PARTIAL, note
            events = parts
            follows = [e.find_all("p", "ex-event__after") + e.find_all("span", "ex-event__after") for e in events]
            steps.append(
                Partial(
                    frozenset(
                        (event_of(e), _links(f[0]) if f else frozenset()) for e, f in zip(events, follows, strict=True)
                    )
                )
            )
    return steps[0] if len(steps) == 1 else tuple(steps)


def events_in(structure: Any) -> list[str]:
    if isinstance(structure, str):
        return [structure]
    return [e for part in structure for e in events_in(part)]


def reading(structure: Any) -> tuple[set[tuple[str, str]], set[frozenset[str]]]:
    """(pairs shown in order, pairs shown as in no known order)."""
    shown: set[tuple[str, str]] = set()
    unordered: set[frozenset[str]] = set()
    if isinstance(structure, str):
        return shown, unordered
    if isinstance(structure, Partial):
        shown = {(before, event) for event, befores in structure.after for before in befores}
        events = list(structure)
        for k, i, j in itertools.product(events, repeat=3):
            if (i, k) in shown and (k, j) in shown:
                shown.add((i, j))
        unordered = {frozenset(p) for p in itertools.combinations(events, 2) if p not in shown and p[::-1] not in shown}
        return shown, unordered
    parts = [events_in(p) for p in structure]
    for i, j in itertools.combinations(range(len(parts)), 2):
        if isinstance(structure, tuple):
            shown |= {(a, b) for a in parts[i] for b in parts[j]}
        else:
            unordered |= {frozenset((a, b)) for a in parts[i] for b in parts[j]}
    for part in structure:
        s, u = reading(part)
        shown, unordered = shown | s, unordered | u
    return shown, unordered
