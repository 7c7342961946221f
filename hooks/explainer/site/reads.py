"""What a page read of the site model while it rendered, so that a rebuild can tell, without rendering it again,
whether the page would come out the same (`mkdocs serve` renders again only the pages whose reads changed).

A page's templates and its context see the site model through a `ReadingView`: every attribute, method call
and mapping lookup they make is recorded with the value it gave (`Reads`). After an edit, `Reads.still_hold`
asks the new site model the same questions, in the same order, and compares the answers by value: if every
answer is equal, the page, which is a function of those answers, its plan and the site's words and options,
comes out the same byte for byte. The order matters: an argument that came out of an earlier answer (a
citation passed to `in_sentence`) is only asked again once that earlier answer was found equal.

Answers are compared with `==`. The model's records and views are dataclasses, compared field by field; an
object compared by identity (a `Passage`) is never equal to its counterpart in a new model, so a page that
read one is rendered again: the comparison can only err towards rendering more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from types import BuiltinMethodType, FunctionType, MethodType
from typing import Any

_MISSING: Any = type("Missing", (), {"__repr__": lambda self: "<missing>"})()


@dataclass(frozen=True)
class Read:
    """One question a page asked: the attribute path from the site model, what was done there, the answer."""

    path: tuple[str, ...]
    op: str  # "value", "call", "item" (m[k]), "get" (m.get(k)), "has" (k in m), "whole" (the mapping itself)
    arguments: tuple[Any, ...]
    answer: Any


@dataclass
class Reads:
    """The questions one page asked of the site model while it rendered, each once, in the order first asked."""

    reads: list[Read] = field(default_factory=list)
    _seen: set[tuple[Any, ...]] = field(default_factory=set, repr=False)

    def add(self, path: tuple[str, ...], op: str, arguments: tuple[Any, ...], answer: Any) -> None:
        key = (path, op, arguments)
        try:
            if key in self._seen:
                return
            self._seen.add(key)
        except TypeError:
            pass  # an unhashable argument (a record): kept every time it is asked, which is only slower
        self.reads.append(Read(path, op, arguments, answer))

    def __len__(self) -> int:
        return len(self.reads)

    def still_hold(self, site: object, sweep: Sweep | None = None) -> bool:
        """Whether `site` gives every answer this page was given (see the module's docstring). Pages asked in
        one `sweep` share its answers and comparisons: many ask the same question (a kind's whole index)."""
        sweep = sweep if sweep is not None else Sweep()
        for read in self.reads:
            try:
                answer = sweep.ask(site, read)
            except Exception:  # a question the new model cannot answer: the page changed
                return False
            if answer is not read.answer and not sweep.equal(answer, read.answer):
                return False
        return True


class Sweep:
    """The new model's answers, and how they compared with the old ones, while the pages of one save are
    asked: at 10,000 statements a thousand pages compare the same whole index, once is enough."""

    def __init__(self) -> None:
        self._answers: dict[tuple[Any, ...], Any] = {}
        # By the identity of the two answers, which both stay alive while the sweep does (the old one is held
        # by the page's reads, the new one by the new model).
        self._compared: dict[tuple[int, int], bool] = {}

    def ask(self, site: object, read: Read) -> Any:
        key = (read.path, read.op, read.arguments)
        try:
            return self._answers[key]
        except KeyError:
            answer = self._answers[key] = _ask(site, read)
            return answer
        except TypeError:  # an unhashable argument
            return _ask(site, read)

    def equal(self, new: Any, old: Any) -> bool:
        key = (id(new), id(old))
        found = self._compared.get(key)
        if found is None:
            found = self._compared[key] = _equal(new, old)
        return found


def _equal(a: Any, b: Any) -> bool:
    try:
        return bool(a == b)
    except Exception:  # values that cannot be compared are taken as changed
        return False


def _ask(site: object, read: Read) -> Any:
    target: Any = site
    for name in read.path:
        target = getattr(target, name)
    if read.op == "value" or read.op == "whole":
        return target
    if read.op == "call":
        arguments, keywords = read.arguments
        return target(*arguments, **dict(keywords))
    (key,) = read.arguments
    if read.op == "item":
        try:
            return target[key]
        except KeyError:
            return _MISSING
    if read.op == "get":
        return target.get(key, _MISSING)
    return key in target  # "has"


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
