"""Source page layout: every cited passage gets one element that contains it, and elements never cross."""

from __future__ import annotations

import random

import pytest

from explainer.text.sourcetext import Node, _laminate, layout


def _elements(nodes: list[Node], text_before: str = "") -> dict[str, str]:
    """anchor -> the text its element contains."""
    found: dict[str, str] = {}

    def text_of(items: list[Node]) -> str:
        return "".join(n.text if n.kind in ("text", "break") else text_of(n.children) for n in items)

    def walk(items: list[Node]) -> None:
        for n in items:
            if n.kind == "passage":
                found[n.anchor] = text_of(n.children)
                walk(n.children)

    walk(nodes)
    return found


@pytest.mark.parametrize("seed", range(30))
def test_every_passage_is_inside_its_own_element(seed: int) -> None:
    rng = random.Random(seed)
    text = " ".join(rng.choice(["alpha", "beta", "gamma\n\ndelta", "eps."]) for _ in range(80))
    spans = []
    for _ in range(rng.randint(1, 40)):
        a = rng.randrange(len(text) - 1)
        spans.append((a, rng.randint(a + 1, min(len(text), a + 60))))
    tree = layout(text, spans)
    elements = _elements(tree)
    assert set(elements) == {f"q-{s}-{e}" for s, e in spans}
    for s, e in spans:
        assert text[s:e] in elements[f"q-{s}-{e}"]
    # Nothing is lost or added: the page shows the seed's text exactly.
    assert "".join(n.text if n.kind in ("text", "break") else "".join(_flatten(n)) for n in tree) == text


def _flatten(node: Node) -> list[str]:
    out: list[str] = []
    for child in node.children:
        out.extend([child.text] if child.kind in ("text", "break") else _flatten(child))
    return out


def test_laminate_widens_crossing_passages_only() -> None:
    extent = _laminate([(0, 10), (5, 15), (20, 30), (22, 25)])
    assert extent == {(0, 10): (0, 10), (5, 15): (0, 15), (20, 30): (20, 30), (22, 25): (22, 25)}


def test_laminate_is_fast_for_many_crossing_passages() -> None:
    spans = [(i, i + 50) for i in range(0, 200_000, 7)]  # every passage crosses its neighbours
    extent = _laminate(spans)
    assert len(extent) == len(spans)
