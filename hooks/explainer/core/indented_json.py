"""JSON written as `json.dumps(value, ensure_ascii=False, indent=n)` writes it, byte for byte, but quicker when
most of it was written before: the site's exports are rewritten on every save while `mkdocs serve` runs, and
Python writes indented JSON with its slow pure-Python encoder (a tenth of a second for the annotations).

Each object or array that is an item of an array is looked up by its `repr`, which Python writes quickly and
which tells apart any two values that JSON would write differently; only the items not written by the last
call are written indented again, and an item's text, written on its own, is indented to its depth by adding
spaces after each of its line breaks (JSON text holds no other line break: one in a string is `\\n`)."""

from __future__ import annotations

import json
from typing import Any


class IndentedJson:
    """One output's writer: it keeps the items of its last call."""

    def __init__(self, indent: int = 1) -> None:
        self.indent = indent
        self._last: dict[str, str] = {}

    def dumps(self, value: Any) -> str:
        written: dict[str, str] = {}
        text = self._value(value, 0, written)
        self._last = written
        return text

    def _value(self, value: Any, depth: int, written: dict[str, str]) -> str:
        pad = " " * self.indent
        inner, outer = "\n" + pad * (depth + 1), "\n" + pad * depth
        if isinstance(value, dict) and value:
            if not all(isinstance(key, str) for key in value):
                return self._alone(value).replace("\n", outer)  # keys json.dumps would convert: as it does
            parts = [
                f"{json.dumps(k, ensure_ascii=False)}: {self._value(v, depth + 1, written)}" for k, v in value.items()
            ]
            return "{" + inner + ("," + inner).join(parts) + outer + "}"
        if isinstance(value, list) and value:
            parts = [self._item(item, depth + 1, written) for item in value]
            return "[" + inner + ("," + inner).join(parts) + outer + "]"
        return json.dumps(value, ensure_ascii=False)  # a number, string, true, false, null, [] or {}

    def _item(self, item: Any, depth: int, written: dict[str, str]) -> str:
        if not isinstance(item, dict | list) or not item:
            return self._value(item, depth, written)
        key = repr(item)
        text = written.get(key) or self._last.get(key) or self._alone(item)
        written[key] = text
        return text.replace("\n", "\n" + " " * (self.indent * depth))

    def _alone(self, value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, indent=self.indent)
