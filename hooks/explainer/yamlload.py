"""Read one YAML file into a position-carrying node tree, refusing everything that is not plain data.

Editors' files are untrusted: only the safe core schema is accepted, anchors and aliases are refused
(an alias bomb then cannot expand), duplicate keys are errors rather than last-one-wins, and the
size of files and values is bounded so that a hostile file can neither hang nor exhaust the build.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .diagnostics import Pos, Report

MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_DEPTH = 32

CORE_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:timestamp",
}

__all__ = ["MappingNode", "Node", "ScalarNode", "SequenceNode", "load_yaml", "node_pos"]


class _Refused(Exception):
    def __init__(self, mark: yaml.Mark | None, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.mark = mark
        self.message = message
        self.hint = hint


class _PlainDataLoader(yaml.SafeLoader):
    """SafeLoader's composer, minus anchors, aliases, custom tags and unbounded nesting."""

    def compose_node(self, parent: Node | None, index: object) -> Node:  # type: ignore[override]
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise _Refused(event.start_mark, f"alias '*{event.anchor}' is not allowed", "write the value out in full; anchors and aliases are not supported")
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            raise _Refused(event.start_mark, f"anchor '&{anchor}' is not allowed", "write the value out in full; anchors and aliases are not supported")
        tag = getattr(event, "tag", None)
        if tag not in (None, "!") and self._expand(tag) not in CORE_TAGS:
            raise _Refused(event.start_mark, f"tag '{tag}' is not allowed", "remove the tag: content files hold plain text, numbers, lists and mappings")
        self._depth = getattr(self, "_depth", 0) + 1
        try:
            if self._depth > MAX_DEPTH:
                raise _Refused(event.start_mark, f"nesting deeper than {MAX_DEPTH} levels", "flatten the structure")
            return super().compose_node(parent, index)  # type: ignore[arg-type]
        finally:
            self._depth -= 1

    @staticmethod
    def _expand(tag: str) -> str:
        if tag.startswith("!!"):
            return "tag:yaml.org,2002:" + tag[2:]
        return tag


def node_pos(path: str, node: Node) -> Pos:
    return Pos(path, node.start_mark.line + 1, node.start_mark.column + 1)


def _mark_pos(path: str, mark: yaml.Mark | None) -> Pos:
    if mark is None:
        return Pos(path, 1, 1)
    return Pos(path, mark.line + 1, mark.column + 1)


def _offset_pos(path: str, data: bytes, offset: int) -> Pos:
    before = data[:offset]
    line = before.count(b"\n") + 1
    col = len(before) - (before.rfind(b"\n") + 1) + 1
    return Pos(path, line, col)


def decode_text(path: str, data: bytes, report: Report) -> str | None:
    """Strict UTF-8 without a byte-order mark; returns None after reporting why not."""
    if data.startswith(b"\xef\xbb\xbf"):
        report.error(Pos(path, 1, 1), "file starts with a byte-order mark", "save the file as UTF-8 without BOM")
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        report.error(_offset_pos(path, data, exc.start), f"file is not valid UTF-8 (byte 0x{data[exc.start]:02x})", "save the file as UTF-8")
        return None


def _find_duplicate_keys(path: str, node: Node, report: Report) -> None:
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, MappingNode):
            seen: dict[str, Node] = {}
            for key, value in current.value:
                if isinstance(key, ScalarNode):
                    if key.value in seen:
                        first = node_pos(path, seen[key.value])
                        report.error(node_pos(path, key), f"duplicate key '{key.value}'", f"the key is first used at line {first.line}; keep one of them")
                    else:
                        seen[key.value] = key
                stack.append(value)
        elif isinstance(current, SequenceNode):
            stack.extend(current.value)


def load_yaml(path: Path, display_path: str, report: Report) -> Node | None:
    """Parse one content file; on any problem report it and return None."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        report.error(Pos(display_path), f"cannot read file: {exc.strerror}")
        return None
    if size > MAX_FILE_BYTES:
        report.error(Pos(display_path), f"file is {size} bytes, more than the limit of {MAX_FILE_BYTES}", "split it into several files")
        return None
    data = path.read_bytes()
    text = decode_text(display_path, data, report)
    if text is None:
        return None
    loader = _PlainDataLoader(text)
    try:
        root = loader.get_single_node()
    except _Refused as exc:
        report.error(_mark_pos(display_path, exc.mark), exc.message, exc.hint)
        return None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "invalid YAML"
        hint = "indent with spaces, not tabs" if "\\t" in problem or "tab" in problem else "check the YAML syntax at this place"
        if "expected a single document" in str(exc.context or ""):
            problem, hint = "more than one YAML document in the file", "remove the '---' separator: one document per file"
        report.error(_mark_pos(display_path, mark), problem, hint)
        return None
    except yaml.YAMLError as exc:
        report.error(Pos(display_path), f"invalid YAML: {exc}")
        return None
    finally:
        loader.dispose()
    if root is None:
        report.error(Pos(display_path), "file is empty", "add a top-level mapping such as 'claims:' or delete the file")
        return None
    _find_duplicate_keys(display_path, root, report)
    return root
