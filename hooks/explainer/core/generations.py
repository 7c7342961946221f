"""What a step worked out in its last run and in the run in progress, by key, for `mkdocs serve`: a save runs the
same steps again over content that has mostly not changed, and an answer that depends on its key alone can be
taken from the run before instead of worked out again. Only two runs are kept, so the memory stays the content's
own: what the last run did not ask for again is gone after the next."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Generations(Generic[K, V]):
    """Answers by key: those of the run in progress, and those of the run before it."""

    def __init__(self) -> None:
        self._now: dict[K, V] = {}
        self._before: dict[K, V] = {}

    def next_run(self) -> None:
        """A new run begins: the last one's answers are kept until it ends, the one before's are dropped."""
        self._before, self._now = self._now, {}

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The answer for `key`: this run's, the last run's, or else `make()`'s; kept for this run."""
        found = self._now.get(key)
        if found is None:
            found = self._before.get(key)
            if found is None:
                found = make()
            self._now[key] = found
        return found
