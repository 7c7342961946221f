"""Older shapes of the content, upgraded as a revision is read for a comparison (`explainer diff`,
`explainer check --base`), so that any two revisions of a project's history can be compared.

Only comparisons upgrade: `explainer check` and the build report an old shape as the error it is,
with a hint, and never fix it silently. Each upgrade works on the YAML nodes before validation and
keeps every node's place, so what is left wrong is still reported at its line and column.

Upgrades, oldest first:
- dates before per-part bases: `year`, `month`, `day` as numbers, one `year_basis` and one
  `inference` record become `{value, basis}` parts (the month and day as stated, as the old shape
  meant) and an `inferences:` list.
- names before organizations were records: a `names:` entry of kind `outlet` or `organisation` is left
  out (such names are `organizations:` records now, and a declared name is shown on no page, so leaving
  it out changes nothing a reader sees).
"""

from __future__ import annotations

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from explainer.content.yamlload import MAP_TAG, SEQ_TAG, STR_TAG


def _key(node: MappingNode, name: str) -> Node | None:
    return next((value for key, value in node.value if isinstance(key, ScalarNode) and key.value == name), None)


def _text(value: str, like: Node) -> ScalarNode:
    return ScalarNode(STR_TAG, value, like.start_mark, like.end_mark)


def _part(value: Node, basis: str, inference: str | None) -> MappingNode:
    pairs: list[tuple[Node, Node]] = [(_text("value", value), value), (_text("basis", value), _text(basis, value))]
    if inference is not None:
        pairs.append((_text("inference", value), _text(inference, value)))
    return MappingNode(MAP_TAG, pairs, value.start_mark, value.end_mark)


def _upgrade_date(date: MappingNode) -> bool:
    if (
        not any(isinstance(_key(date, part), ScalarNode) for part in ("year", "month", "day"))
        and _key(date, "year_basis") is None
    ):
        return False  # already the per-part shape (or nothing to upgrade)
    basis_node = _key(date, "year_basis")
    basis = basis_node.value if isinstance(basis_node, ScalarNode) else "stated"
    inference = _key(date, "inference")
    inference_id = _key(inference, "id") if isinstance(inference, MappingNode) else None
    pairs: list[tuple[Node, Node]] = []
    for key, value in date.value:
        name = key.value if isinstance(key, ScalarNode) else None
        if name == "year" and isinstance(value, ScalarNode):
            inferred = basis == "inferred" and isinstance(inference_id, ScalarNode)
            pairs.append((key, _part(value, basis, inference_id.value if inferred and inference_id else None)))
        elif name in ("month", "day") and isinstance(value, ScalarNode):
            pairs.append((key, _part(value, "stated", None)))
        elif name == "year_basis":
            continue
        elif name == "inference" and isinstance(value, MappingNode):
            pairs.append((_text("inferences", key), SequenceNode(SEQ_TAG, [value], value.start_mark, value.end_mark)))
        else:
            pairs.append((key, value))
    date.value = pairs
    return True


# Kinds of `names:` entries from before organizations were a record kind of their own.
OLD_NAME_KINDS = ("outlet", "organisation")


def _old_kind_name(name: Node) -> bool:
    kind = _key(name, "kind") if isinstance(name, MappingNode) else None
    return isinstance(kind, ScalarNode) and kind.value in OLD_NAME_KINDS


def upgrade(root: Node) -> int:
    """Upgrade one content file's nodes in place; returns how many records were upgraded."""
    count = 0
    if not isinstance(root, MappingNode):
        return 0
    names = _key(root, "names")
    if isinstance(names, SequenceNode):
        kept = [name for name in names.value if not _old_kind_name(name)]
        count += len(names.value) - len(kept)
        names.value = kept
    events = _key(root, "events")
    if isinstance(events, SequenceNode):
        for event in events.value:
            date = _key(event, "date") if isinstance(event, MappingNode) else None
            if isinstance(date, MappingNode) and _upgrade_date(date):
                count += 1
    return count
