"""What a page read of the site model while it rendered, so that a rebuild can tell, without rendering it again,
whether the page would come out the same (`mkdocs serve` renders again only the pages whose reads changed).

A page's templates and its context see the site model through a `ReadingView`: every attribute, method call
and mapping lookup they make is recorded with the value it gave. The questions of all the pages of one build
are numbered in one table (`Questions`), each once; a page keeps the numbers of its own (`Reads`). After an
edit, a `Sweep` asks each question of the table once of the new site model and compares the answers by value;
a page whose questions all got equal answers, being a function of those answers, its plan and the site's words
and options, comes out the same byte for byte. The order in which they are asked does not matter: a question
whose argument came out of an earlier answer (a citation passed to `in_sentence`) may be asked with an
argument the new model no longer has, but then that earlier answer changed too, and the page is rendered again
whatever the later one says.

Answers are compared with `==`. The model's records and views are dataclasses, compared field by field; an
object compared by identity (a `Passage`) is never equal to its counterpart in a new model, so a page that
read one is rendered again: the comparison can only err towards rendering more.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from types import BuiltinMethodType, FunctionType, MethodType
from typing import Any, NamedTuple

_MISSING: Any = type("Missing", (), {"__repr__": lambda self: "<missing>"})()


class Read(NamedTuple):
    """One question a page asked: the attribute path from the site model, what was done there, the answer."""

    path: tuple[str, ...]
    op: str  # "value", "call", "item" (m[k]), "get" (m.get(k)), "has" (k in m), "whole" (the mapping itself)
    arguments: tuple[Any, ...]
    answer: Any


class Questions:
    """Every question the pages of one build asked of its site model, each once, numbered."""

    def __init__(self) -> None:
        self.reads: list[Read] = []
        self._numbers: dict[tuple[Any, ...], int] = {}
        # The numbers of the questions asked at each place with each operation: a sweep finds the place once for
        # all of them (a tenth of the questions' time at 10,000 statements was finding it again).
        self.groups: dict[tuple[tuple[str, ...], str], list[int]] = {}

    def number(self, path: tuple[str, ...], op: str, arguments: tuple[Any, ...], answer: Any) -> int:
        key = (path, op, arguments)
        try:
            found = self._numbers.get(key)
            hashable = True
        except TypeError:  # an unhashable argument (a record): numbered anew each time, which is only slower
            found, hashable = None, False
        if found is None:
            found = len(self.reads)
            self.reads.append(Read(path, op, arguments, answer))
            self.groups.setdefault((path, op), []).append(found)
            if hashable:
                self._numbers[key] = found
        return found


class Reads:
    """The questions one page asked of the site model while it rendered: their numbers in the build's table."""

    def __init__(self, questions: Questions | None = None) -> None:
        self.questions = questions if questions is not None else Questions()
        self.numbers: set[int] = set()

    def add(self, path: tuple[str, ...], op: str, arguments: tuple[Any, ...], answer: Any) -> None:
        self.numbers.add(self.questions.number(path, op, arguments, answer))

    @property
    def reads(self) -> list[Read]:
        return [self.questions.reads[n] for n in sorted(self.numbers)]

    def __len__(self) -> int:
        return len(self.numbers)

    def still_hold(self, site: object) -> bool:
        """Whether `site` gives every answer this page was given (see the module's docstring)."""
        return Sweep([self], site).holds(self)


class Sweep:
    """The questions whose answers changed, asked once each of a save's new site model for all the pages that
    still show what they were rendered from: at 10,000 statements 1,131 pages asked 270,000 questions, 132,000
    of them different. Only questions some page still holds are asked (a table of an earlier build also holds
    those of pages since rendered again)."""

    def __init__(self, pages: Iterable[Reads], site: object) -> None:
        tables: dict[int, tuple[Questions, set[int]]] = {}
        for reads in pages:
            tables.setdefault(id(reads.questions), (reads.questions, set()))[1].update(reads.numbers)
        self._changed = {key: _changed(questions, numbers, site) for key, (questions, numbers) in tables.items()}

    def holds(self, reads: Reads) -> bool:
        return reads.numbers.isdisjoint(self._changed[id(reads.questions)])


def _changed(questions: Questions, numbers: set[int], site: object) -> set[int]:
    changed: set[int] = set()
    for (path, op), group in questions.groups.items():
        asked = [number for number in group if number in numbers]
        if not asked:
            continue
        try:
            target = _place(site, path)
        except Exception:  # a place the new model no longer has: the pages that asked there changed
            changed.update(asked)
            continue
        answer_of = _ANSWERS[op](target)
        reads = questions.reads
        for number in asked:
            _, _, arguments, was = reads[number]
            try:
                answer = answer_of(arguments)
                # Values that cannot be compared are taken as changed, as are questions the new model cannot answer.
                if answer is was or answer == was:
                    continue
            except Exception:
                pass
            changed.add(number)
    return changed


def _place(site: object, path: tuple[str, ...]) -> Any:
    target: Any = site
    for name in path:
        target = getattr(target, name)
    return target


def _called(target: Any) -> Callable[[tuple[Any, ...]], Any]:
    def answer(arguments: tuple[Any, ...]) -> Any:
        positional, keywords = arguments
        return target(*positional, **dict(keywords)) if keywords else target(*positional)

    return answer


def _item(target: Any) -> Callable[[tuple[Any, ...]], Any]:
    if isinstance(target, defaultdict):
        default = target.default_factory

        def asked_not_added(arguments: tuple[Any, ...]) -> Any:
            (key,) = arguments
            if key not in target:
                return default() if default else _MISSING
            return target[key]

        return asked_not_added

    def answer(arguments: tuple[Any, ...]) -> Any:
        (key,) = arguments
        try:
            return target[key]
        except KeyError:
            return _MISSING

    return answer


def _got(target: Any) -> Callable[[tuple[Any, ...]], Any]:
    return lambda arguments: target.get(arguments[0], _MISSING)


def _has(target: Any) -> Callable[[tuple[Any, ...]], Any]:
    return lambda arguments: arguments[0] in target


# How each kind of question is answered at its place (Read.op): given the place, a function of the arguments.
_ANSWERS: dict[str, Callable[[Any], Callable[[tuple[Any, ...]], Any]]] = {
    "value": lambda target: lambda arguments: target,
    "whole": lambda target: lambda arguments: target,
    "call": _called,
    "item": _item,
    "get": _got,
    "has": _has,
}


class ReadingView:
    """The site model (or a part of it: the index, the verified content) as a page's templates see it, every
    question recorded in `reads`. `namespaces` are the types whose attributes are followed further (a
    `site.index.people` lookup is recorded by the person asked for, not as the whole index)."""

    __slots__ = ("_namespaces", "_path", "_reads", "_target", "_wrapped")

    def __init__(self, target: object, reads: Reads, namespaces: tuple[type, ...], path: tuple[str, ...] = ()) -> None:
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "_reads", reads)
        object.__setattr__(self, "_path", path)
        object.__setattr__(self, "_namespaces", namespaces)
        # The views, mappings and methods handed out so far, by name: a page asks for the same ones thousands
        # of times (what they answer is recorded on each call; they themselves never change).
        object.__setattr__(self, "_wrapped", {})

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        wrapped = self._wrapped.get(name)
        if wrapped is not None:
            return wrapped
        value = getattr(self._target, name)
        path = (*self._path, name)
        if isinstance(value, self._namespaces):
            wrapped = ReadingView(value, self._reads, self._namespaces, path)
        elif isinstance(value, Mapping):
            wrapped = ReadingMapping(value, self._reads, path)
        elif isinstance(value, MethodType | FunctionType | BuiltinMethodType):
            wrapped = _recorded_call(value, self._reads, path)
        else:
            self._reads.add(path, "value", (), value)
            return value
        self._wrapped[name] = wrapped
        return wrapped

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a page may not change the site model ({name})")

    def __repr__(self) -> str:
        return f"ReadingView({'.'.join(self._path) or 'site'})"


def _recorded_call(method: Callable[..., Any], reads: Reads, path: tuple[str, ...]) -> Callable[..., Any]:
    def call(*arguments: Any, **keywords: Any) -> Any:
        answer = method(*arguments, **keywords)
        reads.add(path, "call", (arguments, tuple(sorted(keywords.items()))), answer)
        return answer

    return call


class ReadingMapping(Mapping[Any, Any]):
    """A mapping of the site model, each lookup recorded by its key; walking it all records it whole."""

    __slots__ = ("_path", "_reads", "_target")

    def __init__(self, target: Mapping[Any, Any], reads: Reads, path: tuple[str, ...]) -> None:
        self._target = target
        self._reads = reads
        self._path = path

    def __getitem__(self, key: Any) -> Any:
        try:
            answer = self._target[key]
        except KeyError:
            self._reads.add(self._path, "item", (key,), _MISSING)
            raise
        self._reads.add(self._path, "item", (key,), answer)
        return answer

    def get(self, key: Any, default: Any = None) -> Any:
        answer = self._target.get(key, _MISSING)
        self._reads.add(self._path, "get", (key,), answer)
        return default if answer is _MISSING else answer

    def __contains__(self, key: object) -> bool:
        answer = key in self._target
        self._reads.add(self._path, "has", (key,), answer)
        return answer

    def _whole(self) -> Mapping[Any, Any]:
        self._reads.add(self._path, "whole", (), self._target)
        return self._target

    def __iter__(self) -> Iterator[Any]:
        return iter(self._whole())

    def __len__(self) -> int:
        return len(self._whole())

    def keys(self) -> Any:
        return self._whole().keys()

    def values(self) -> Any:
        return self._whole().values()

    def items(self) -> Any:
        return self._whole().items()

    def __repr__(self) -> str:
        return f"ReadingMapping({'.'.join(self._path)})"
