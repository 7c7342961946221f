"""Read one YAML file into a position-carrying node tree, refusing everything that is not plain data.

Editors' files are untrusted: only the safe core schema is accepted, anchors, aliases and merge keys
are refused (an alias bomb then cannot expand), duplicate keys are errors rather than last-one-wins,
values must be printable text (no control characters or lone surrogates smuggled in through escapes),
only regular files with plain names are read, and the size of files, keys, numbers and nesting is
bounded so that a hostile file can neither hang nor exhaust the build. The bounds are the site's
options (`max_file_bytes`, `max_depth`, `max_key_chars`, `max_number_chars`; see options.py).
"""

from __future__ import annotations

import bisect
import functools
import os
import re
import stat
import unicodedata
from pathlib import Path
from typing import Protocol

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

if yaml.__with_libyaml__:
    from yaml._yaml import CParser

from explainer.content.options import Options
from explainer.core import codes
from explainer.core.diagnostics import Code, Pos, Report, visible
from explainer.text.invisible import HINT as INVISIBLE_HINT
from explainer.text.invisible import INVISIBLE, first_invisible

DEFAULTS = Options()

# File names end up in URLs (edit links) and in messages: letters, digits, '.', '_', '-' only.
SAFE_PATH = re.compile(r"[A-Za-z0-9._-]+(?:/[A-Za-z0-9._-]+)*")
# YAML's core tags, named once (the validation and the upgrade name them from here).
_YAML_TAG = "tag:yaml.org,2002:"
STR_TAG = _YAML_TAG + "str"
INT_TAG = _YAML_TAG + "int"
FLOAT_TAG = _YAML_TAG + "float"
BOOL_TAG = _YAML_TAG + "bool"
NULL_TAG = _YAML_TAG + "null"
SEQ_TAG = _YAML_TAG + "seq"
MAP_TAG = _YAML_TAG + "map"
TIMESTAMP_TAG = _YAML_TAG + "timestamp"
MERGE_TAG = _YAML_TAG + "merge"  # `<<:`, which content files may not use

CORE_TAGS = {STR_TAG, INT_TAG, FLOAT_TAG, BOOL_TAG, NULL_TAG, SEQ_TAG, MAP_TAG, TIMESTAMP_TAG}

__all__ = ["MappingNode", "Mark", "Node", "ScalarNode", "SequenceNode", "load_yaml", "node_pos"]


class Mark(Protocol):
    """Where a YAML node or event starts, counted from 0 (PyYAML's and libyaml's marks both have these)."""

    @property
    def line(self) -> int: ...

    @property
    def column(self) -> int: ...


class _Refused(Exception):
    def __init__(self, code: Code, mark: Mark | None, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.mark = mark
        self.message = message
        self.hint = hint


class _PlainDataLoader(yaml.SafeLoader):
    """SafeLoader (PyYAML's pure-Python scanner and parser), minus anchors, aliases, custom tags and
    unbounded nesting."""

    _depth = 0
    max_depth = DEFAULTS.max_depth

    def compose_node(self, parent: Node | None, index: int) -> Node | None:
        event = self.peek_event()  # type: ignore[no-untyped-call]  # PyYAML's stubs leave the parser untyped
        if isinstance(event, yaml.AliasEvent):
            raise _Refused(
                codes.ANCHOR_OR_ALIAS,
                event.start_mark,
                f"alias '*{event.anchor}' is not allowed",
                "write the value out in full; anchors and aliases are not supported",
            )
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            raise _Refused(
                codes.ANCHOR_OR_ALIAS,
                event.start_mark,
                f"anchor '&{anchor}' is not allowed",
                "write the value out in full; anchors and aliases are not supported",
            )
        tag = getattr(event, "tag", None)
        if isinstance(tag, str) and tag != "!" and self._expand(tag) not in CORE_TAGS:
            shown = "!!" + tag.removeprefix(_YAML_TAG) if tag.startswith(_YAML_TAG) else tag
            raise _Refused(
                codes.YAML_TAG,
                event.start_mark,
                f"tag '{visible(shown)}' is not allowed",
                "remove the tag: content files hold plain text, numbers, lists and mappings",
            )
        self._depth += 1
        try:
            if self._depth > self.max_depth:
                raise _Refused(
                    codes.TOO_DEEP,
                    event.start_mark,
                    f"nesting deeper than {self.max_depth} levels",
                    "flatten the structure",
                )
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    @staticmethod
    def _expand(tag: str) -> str:
        if tag.startswith("!!"):
            return _YAML_TAG + tag[2:]
        return tag


_WITH_LIBYAML = yaml.__with_libyaml__  # PyYAML's wheels ship libyaml; without it every file takes the checked path
if _WITH_LIBYAML:

    class _TooDeep(Exception):
        pass

    _IMPLICIT = yaml.resolver.Resolver.yaml_implicit_resolvers
    _WILDCARD: list[tuple[str, re.Pattern[str]]] = list(_IMPLICIT.get(None, []))
    # Resolver.resolve's candidates for a plain scalar, by its first character ('' for the empty one).
    _IMPLICIT_BY_FIRST: dict[str, list[tuple[str, re.Pattern[str]]]] = {
        first: list(resolvers) + _WILDCARD for first, resolvers in _IMPLICIT.items() if first is not None
    }

    def _resolve(kind: type, value: str | None, implicit: tuple[bool, bool]) -> str:
        """Resolver.resolve without path resolvers, with the candidates looked up once."""
        if kind is ScalarNode:
            if implicit[0]:
                for tag, regexp in _IMPLICIT_BY_FIRST.get(value[0] if value else "", _WILDCARD):
                    if regexp.match(value or ""):
                        return tag
            return STR_TAG  # Resolver's DEFAULT_SCALAR_TAG, DEFAULT_SEQUENCE_TAG, DEFAULT_MAPPING_TAG
        if kind is SequenceNode:
            return SEQ_TAG
        return MAP_TAG

    class _CComposer(CParser):
        """libyaml's own (compiled) composer, for the common case of a file without any problem.

        It cannot refuse anchors, aliases or tags itself: `_check_plain_data` looks at where each node
        starts afterwards (an anchor or a tag is the first thing of its node) and, on any doubt, the
        file is composed again with `_PlainDataLoader`. Nesting is bounded here, before it gets deep.
        The hooks libyaml's composer calls are plain functions (cheaper than methods), set per parser.
        """

        def __init__(self, stream: str, max_depth: int) -> None:
            CParser.__init__(self, stream)
            depth = 0

            def descend_resolver(parent: object, index: object) -> None:
                nonlocal depth
                depth += 1
                if depth > max_depth:
                    raise _TooDeep

            def ascend_resolver() -> None:
                nonlocal depth
                depth -= 1

            self.descend_resolver = descend_resolver
            self.ascend_resolver = ascend_resolver
            self.resolve = _resolve


def node_pos(path: str, node: Node) -> Pos:
    return Pos(path, node.start_mark.line + 1, node.start_mark.column + 1)


def _mark_pos(path: str, mark: Mark | None) -> Pos:
    if mark is None:
        return Pos(path, 1, 1)
    return Pos(path, mark.line + 1, mark.column + 1)


def _offset_pos(path: str, data: bytes, offset: int) -> Pos:
    before = data[:offset]
    line = before.count(b"\n") + 1
    col = len(before) - (before.rfind(b"\n") + 1) + 1
    return Pos(path, line, col)


def text_pos(path: str, text: str, index: int) -> Pos:
    """Where character `index` of `text` is, as line and column of the file `path`."""
    before = text[:index]
    return Pos(path, before.count("\n") + 1, index - (before.rfind("\n") + 1) + 1)


def decode_text(path: str, data: bytes, report: Report) -> str | None:
    """Strict UTF-8 without a byte-order mark; returns None after reporting why not."""
    if data.startswith(b"\xef\xbb\xbf"):
        report.error(
            codes.BAD_ENCODING,
            Pos(path, 1, 1),
            "file starts with a byte-order mark",
            "save the file as UTF-8 without BOM",
        )
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        report.error(
            codes.BAD_ENCODING,
            _offset_pos(path, data, exc.start),
            f"file is not valid UTF-8 (byte 0x{data[exc.start]:02x})",
            "save the file as UTF-8",
        )
        return None


# Unicode categories Cc (control characters, except tab and newline) and Cs (surrogates).
_NOT_PRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def _bad_character(value: str) -> str | None:
    """The first character of `value` that is not plain printable text, described; None if all are."""
    found = _NOT_PRINTABLE.search(value)
    if found is None:
        return None
    ch = found.group()
    if unicodedata.category(ch) == "Cs":
        return f"an unpaired surrogate U+{ord(ch):04X}"
    return f"the control character U+{ord(ch):04X}"


_MERGE_HINT = "write the keys out in full; anchors, aliases and merge keys are not supported"
_KEY_HINT = "keys are short names such as 'text' or 'citations'"
_CHARACTER_HINT = (
    "remove it: content files hold printable text only (check escapes such as \\0, \\x.. or \\u.. in quoted text)"
)
_NUMBER_HINT = "numbers in content files are years, months, days, sequence numbers and occurrences"


def _check_plain_data(path: str, root: Node, report: Report, options: Options, text: str | None = None) -> bool | None:
    """Report what composition let through but content may not hold; False if the file must be refused.

    Duplicate keys are reported and the file is still validated; everything else refuses the file.
    Given the file's `text` (after libyaml's own composer, which lets anchors and tags through), a node
    that starts with an anchor ('&') or a tag ('!') makes it report nothing and return None: the file
    is then composed again by the checked composer, which refuses or accepts each one.
    """
    # A scalar's value is the file's characters with line breaks made '\n', plus what escapes (after
    # a backslash) produce: without a backslash or an unprintable character, no scalar holds one.
    characters = (
        text is None or "\\" in text or _NOT_PRINTABLE.search(text) is not None or INVISIBLE.search(text) is not None
    )
    properties = text if text is not None and ("&" in text or "!" in text) else None
    problems: list[tuple[Code, Node, str, str]] = []
    invisible: list[tuple[Node, int, str]] = []  # reported at the character itself, where it can be found
    ok = True
    max_key, max_number = options.max_key_chars, options.max_number_chars
    stack = [root]
    while stack:
        current = stack.pop()
        if properties is not None and properties.startswith(("&", "!"), current.start_mark.index):
            return None
        if isinstance(current, ScalarNode):
            value = current.value
            bad = _bad_character(value) if characters else None
            hidden = first_invisible(value) if characters and bad is None else None
            if bad is not None:
                problems.append((codes.UNPRINTABLE_CHARACTER, current, f"text contains {bad}", _CHARACTER_HINT))
                ok = False
            elif hidden is not None:
                offset, described = hidden
                invisible.append((current, offset, f"text contains the invisible character {described}"))
                ok = False
            elif current.tag == INT_TAG and len(value) > max_number:
                problems.append(
                    (
                        codes.NUMBER_TOO_LONG,
                        current,
                        f"number is {len(value)} characters long, more than the limit of {max_number}",
                        _NUMBER_HINT,
                    )
                )
                ok = False
        elif isinstance(current, MappingNode):
            seen: dict[str, Node] = {}
            for key, value_node in current.value:
                stack.append(value_node)
                if not isinstance(key, ScalarNode):
                    stack.append(key)
                    continue
                name = key.value
                if key.tag == MERGE_TAG:
                    problems.append((codes.ANCHOR_OR_ALIAS, key, "merge key '<<' is not allowed", _MERGE_HINT))
                    ok = False
                elif len(name) > max_key:
                    problems.append(
                        (
                            codes.KEY_TOO_LONG,
                            key,
                            f"key is {len(name)} characters long, more than the limit of {max_key}",
                            _KEY_HINT,
                        )
                    )
                    ok = False
                else:
                    if name in seen:
                        first = node_pos(path, seen[name])
                        problems.append(
                            (
                                codes.DUPLICATE_KEY,
                                key,
                                f"duplicate key '{visible(name)}'",
                                f"the key is first used at line {first.line}; keep one of them",
                            )
                        )
                    else:
                        seen[name] = key
                    stack.append(key)
        elif isinstance(current, SequenceNode):
            stack.extend(current.value)
    for code, where, message, hint in problems:
        report.error(code, node_pos(path, where), message, hint)
    for node, offset, message in invisible:
        start = node_pos(path, node)
        at = start if text is None else position_in_scalar(text, start, node.value, offset)
        report.error(codes.INVISIBLE_CHARACTER, at, message, INVISIBLE_HINT)
    return ok


_OPENED = {"quoted scalar": "the quotation mark", "flow sequence": "the '['", "flow mapping": "the '{'"}


def _syntax_error(exc: yaml.MarkedYAMLError) -> tuple[Code, str, str]:
    """PyYAML's problem, in editors' words where we can, and a hint on what to change."""
    problem = visible(exc.problem or exc.context or "invalid YAML")
    context = exc.context or ""
    if "expected a single document" in context:
        return (
            codes.MULTIPLE_DOCUMENTS,
            "more than one YAML document in the file",
            "remove the '---' separator: one document per file",
        )
    if "\\t" in problem:
        return codes.YAML_SYNTAX, problem, "indent with spaces, not tabs"
    opened = next((what for key, what in _OPENED.items() if key in context), None)
    if opened is not None and exc.context_mark is not None:
        return (
            codes.YAML_SYNTAX,
            problem,
            f"close {opened} opened at line {exc.context_mark.line + 1}, column {exc.context_mark.column + 1}",
        )
    if "mapping values are not allowed" in problem:
        return codes.YAML_SYNTAX, problem, "put text that contains ': ' in quotes"
    if "cannot start any token" in problem:
        return codes.YAML_SYNTAX, problem, "put the value in quotes"
    if "expected <block end>" in problem:
        return (
            codes.YAML_SYNTAX,
            problem,
            "check the indentation: the keys of one mapping, and the items of one list, must line up",
        )
    return codes.YAML_SYNTAX, problem, "check the YAML syntax at this place"


def _read_regular_file(path: Path, display_path: str, report: Report, max_bytes: int) -> bytes | None:
    """The bytes of a regular, not too large file; anything else (link, pipe, device, folder) is refused."""
    shown = visible(display_path)
    if not SAFE_PATH.fullmatch(display_path):
        suggestion = re.sub(r"[^A-Za-z0-9._-]+", "-", Path(display_path).name).strip("-") or "content.yaml"
        report.error(
            codes.BAD_FILE_NAME,
            Pos(shown),
            "the file name has characters other than letters, digits, '.', '_' and '-'",
            f"rename the file, e.g. to '{suggestion}'",
        )
        return None
    try:
        info = os.lstat(path)
        if stat.S_ISLNK(info.st_mode):
            report.error(
                codes.UNREADABLE_FILE,
                Pos(shown),
                "the file is a symbolic link",
                "content files must be regular files, not links",
            )
            return None
        if not stat.S_ISREG(info.st_mode):
            report.error(
                codes.UNREADABLE_FILE,
                Pos(shown),
                "the file is not a regular file",
                "content files must be regular files",
            )
            return None
        if info.st_size > max_bytes:
            report.error(
                codes.FILE_TOO_LARGE,
                Pos(shown),
                f"file is {info.st_size} bytes, more than the limit of {max_bytes}",
                "split it into several files",
            )
            return None
        with open(path, "rb") as handle:
            data = handle.read(max_bytes + 1)
    except OSError as exc:
        report.error(codes.UNREADABLE_FILE, Pos(shown), f"cannot read file: {exc.strerror or exc}")
        return None
    if len(data) > max_bytes:  # it grew after the check
        report.error(
            codes.FILE_TOO_LARGE,
            Pos(shown),
            f"file is more than {max_bytes} bytes, the limit",
            "split it into several files",
        )
        return None
    return data


def load_yaml(path: Path, display_path: str, report: Report, options: Options = DEFAULTS) -> Node | None:
    """Parse one content file, within the limits of `options`; on any problem report it and return None."""
    data = _read_regular_file(path, display_path, report, options.max_file_bytes)
    if data is None:
        return None
    text = decode_text(display_path, data, report)
    if text is None:
        return None
    root = _compose_libyaml(text, options.max_depth)
    if root is not _FAILED:
        if root is None or not isinstance(root, Node):
            return _checked(display_path, None, report, options)
        ok = _check_plain_data(display_path, root, report, options, text)
        if ok is not None:
            return root if ok else None
    # The file has a problem, or a node with an anchor or a tag: compose it again with the pure-Python
    # parser and the checked composer, whose messages and positions are the ones this project
    # documents and tests.
    loader: _PlainDataLoader | None = None
    try:
        loader = _PlainDataLoader(text)
        loader.max_depth = options.max_depth
        node = loader.get_single_node()
    except _Refused as exc:
        report.error(exc.code, _mark_pos(display_path, exc.mark), exc.message, exc.hint)
        return None
    except yaml.reader.ReaderError as exc:
        hint = "remove it, e.g. with an editor that shows invisible characters; content files hold printable text only"
        report.error(
            codes.UNPRINTABLE_CHARACTER,
            text_pos(display_path, text, exc.position),
            f"file contains the character U+{exc.character:04X}, which YAML does not allow",
            hint,
        )
        return None
    except yaml.MarkedYAMLError as exc:
        code, problem, hint = _syntax_error(exc)
        report.error(code, _mark_pos(display_path, exc.problem_mark or exc.context_mark), problem, hint)
        return None
    except yaml.YAMLError as exc:
        report.error(codes.YAML_SYNTAX, Pos(display_path), f"invalid YAML: {exc}")
        return None
    finally:
        if loader is not None:
            loader.dispose()
    return _checked(display_path, node, report, options)


_FAILED = object()


def _compose_libyaml(text: str, max_depth: int) -> Node | object | None:
    """Compose with libyaml's own composer, unchecked; `_FAILED` when anything at all goes wrong."""
    if not _WITH_LIBYAML:
        return _FAILED
    composer = _CComposer(text, max_depth)
    try:
        return composer.get_single_node()
    except Exception:  # whatever it is, the checked composer decides and reports it
        return _FAILED
    finally:
        composer.dispose()


def _checked(display_path: str, root: Node | None, report: Report, options: Options) -> Node | None:
    if root is None:
        report.error(
            codes.EMPTY_FILE,
            Pos(display_path),
            "file is empty",
            "add a top-level mapping such as 'claims:' or delete the file",
        )
        return None
    if not _check_plain_data(display_path, root, report, options):
        return None
    return root


def position_in_scalar(text: str, start: Pos, value: str, offset: int) -> Pos:
    """Where character `offset` of a scalar's `value` was written, given the file's `text` and the
    scalar's start (its first character, or its block indicator '>' '|').

    A scalar's words are the file's words, in order, whatever folding did to the white space between
    them ('' stands for ' in single quotes; \\ and \\" are escaped in double quotes). Each word is
    looked up right after the previous one, across white space only; where one is not found there
    as written (another escape), the scalar's start is returned instead of a guess. The words are
    placed once per scalar (_placed_words): a long text may have a thousand findings.
    """
    placed = _placed_words(text, start, value)
    if placed is None:
        return start
    word_starts, word_ends, found_at, style, line_starts = placed
    index = bisect.bisect_right(word_starts, offset) - 1
    if index < 0 or index >= len(found_at) or offset >= word_ends[index]:
        return start  # between words, or at a word after one not written as it reads: no guess
    at = found_at[index] + len(_written(value[word_starts[index] : offset], style))
    line = bisect.bisect_right(line_starts, at)
    return Pos(start.path, line, at - line_starts[line - 1] + 1)


def _written(word: str, style: str) -> str:
    if style == "'":
        return word.replace("'", "''")
    if style == '"':
        return word.replace("\\", "\\\\").replace('"', '\\"')
    return word


@functools.lru_cache(maxsize=8)
def _placed_words(text: str, start: Pos, value: str) -> tuple[list[int], list[int], list[int], str, list[int]] | None:
    """For a scalar (see position_in_scalar): where each of its words starts and ends in `value`, where
    it was written in `text` (up to the first word that is not written as it reads), the scalar's
    style, and where each line of `text` starts; None when `start` is not a line of `text`."""
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
    if not 1 <= start.line <= len(line_starts):
        return None
    index = line_starts[start.line - 1] + start.col - 1
    style = text[index : index + 1]
    if style in "|>" and style:
        newline = text.find("\n", index)
        if newline == -1:
            return None
        cursor = newline + 1
    else:
        cursor = index + 1 if style in ("'", '"') else index
    word_starts, word_ends, found_at = [], [], []
    for m in re.finditer(r"\S+", value):
        word_starts.append(m.start())
        word_ends.append(m.end())
        raw = _written(m.group(), style)
        found = text.find(raw, cursor)
        if found == -1 or text[cursor:found].strip(" \t\r\n\\"):
            break  # not written as it reads: this word and those after it are not placed
        found_at.append(found)
        cursor = found + len(raw)
    return word_starts, word_ends, found_at, style, line_starts
