"""JSON written as `json.dumps(value, ensure_ascii=False, indent=n)` writes it, byte for byte, but quicker when
most of it was written before: the site's exports are rewritten on every save while `mkdocs serve` runs, and
Python writes indented JSON with its slow pure-Python encoder (a tenth of a second for the annotations).

Each object or array that is an item of an array is looked up by its depth and its `marshal` bytes (version 2,
which never refers back to an object written before, so that equal values give equal bytes however they share
their parts), which Python writes quickly and which tell apart any two values JSON would write differently:
marshal writes only values of the exact built-in types, each with its type and every part. Only the items not
written by the last call are written indented again; an item's text, written on its own, is indented to its
depth by adding spaces after each of its line breaks (JSON text holds no other line break: one in a string is
`\\n`). The whole text is put together once, from its pieces in order."""

from __future__ import annotations

import json
import marshal
import math
from json.encoder import encode_basestring  # json's C encoder of a string (ensure_ascii=False)
from typing import Any

_MARSHAL_VERSION = 2  # the last version without references to values written before (3 added them)


class IndentedJson:
    """One output's writer: it keeps the items of its last call."""

    def __init__(self, indent: int = 1) -> None:
        self.indent = indent
        self._last: dict[tuple[int, bytes], str] = {}

    def dumps(self, value: Any) -> str:
        written: dict[tuple[int, bytes], str] = {}
        pieces: list[str] = []
        self._value(value, 0, written, pieces)
        self._last = written
        return "".join(pieces)

    def _value(self, value: Any, depth: int, written: dict[tuple[int, bytes], str], pieces: list[str]) -> None:
        pad = " " * self.indent
        inner, outer = "\n" + pad * (depth + 1), "\n" + pad * depth
        if isinstance(value, dict) and value:
            if not all(isinstance(key, str) for key in value):
                pieces.append(self._alone(value).replace("\n", outer))  # keys json.dumps would convert: as it does
                return
            before = "{" + inner
            for key, item in value.items():
                pieces.append(f"{before}{json.dumps(key, ensure_ascii=False)}: ")
                self._value(item, depth + 1, written, pieces)
                before = "," + inner
            pieces.append(outer + "}")
        elif isinstance(value, list) and value:
            before = "[" + inner
            for item in value:
                pieces.append(before)
                self._item(item, depth + 1, written, pieces)
                before = "," + inner
            pieces.append(outer + "]")
        else:
            pieces.append(_written(value, pad, outer))  # a number, string, true, false, null, [], {} or a tuple

    def _item(self, item: Any, depth: int, written: dict[tuple[int, bytes], str], pieces: list[str]) -> None:
        if not isinstance(item, dict | list) or not item:
            self._value(item, depth, written, pieces)
            return
        try:
            key = (depth, marshal.dumps(item, _MARSHAL_VERSION))
        except ValueError:  # a part marshal does not write (a subclass of a built-in type): written anew
            self._value(item, depth, written, pieces)
            return
        text = written.get(key) or self._last.get(key)
        if text is None:
            text = self._alone(item).replace("\n", "\n" + " " * (self.indent * depth))
        written[key] = text
        pieces.append(text)

    def _alone(self, value: Any) -> str:
        return _written(value, " " * self.indent, "\n")


def _written(value: Any, pad: str, newline: str) -> str:
    """`json.dumps(value, ensure_ascii=False, indent=len(pad))`, each line after the first starting as `newline`
    does, written by joining strings: json.dumps writes indented JSON with a generator per object and array, in
    pure Python (three quarters of the annotations' first writing). Strings go to json's own C encoder; numbers,
    true, false and null are written as json writes them; anything else (a float that is not finite, a subclass
    of a built-in type, a tuple, a key that is not a string) is written by json.dumps itself."""
    kind = type(value)
    if kind is str:
        return encode_basestring(value)
    if kind is dict:
        if not value:
            return "{}"
        if all(type(key) is str for key in value):
            inner = newline + pad
            items = [f"{encode_basestring(key)}: {_written(item, pad, inner)}" for key, item in value.items()]
            return f"{{{inner}{(',' + inner).join(items)}{newline}}}"
    elif kind is list:
        if not value:
            return "[]"
        inner = newline + pad
        return f"[{inner}{(',' + inner).join([_written(item, pad, inner) for item in value])}{newline}]"
    elif kind is int:
        return int.__repr__(value)
    elif value is None or value is True or value is False:
        return _CONSTANTS[value]
    elif kind is float and math.isfinite(value):
        return float.__repr__(value)
    return json.dumps(value, ensure_ascii=False, indent=len(pad)).replace("\n", newline)


_CONSTANTS = {None: "null", True: "true", False: "false"}
