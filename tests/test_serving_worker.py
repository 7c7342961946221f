"""The worker process of `mkdocs serve` (explainer_mkdocs/worker.py): it answers each job in turn, and after a
job that runs without the cycle collector (the check) it collects the cycles that job left."""

from __future__ import annotations

import gc
import io
import pickle
import weakref
from typing import Any

from explainer_mkdocs.serving import COLLECT_AFTER, JOBS
from explainer_mkdocs.worker import serve


class _Node:
    """An object in a cycle: only the cycle collector frees it."""

    def __init__(self) -> None:
        self.me = self


def _serve_once(collect_after: frozenset[str]) -> tuple[Any, bool]:
    left: list[weakref.ref[_Node]] = []

    def job(value: int) -> int:
        left.append(weakref.ref(_Node()))
        return value * 2

    requests = io.BytesIO(pickle.dumps((7, "check", (21,))))
    answers = io.BytesIO()
    enabled = gc.isenabled()
    gc.disable()  # as while a check runs: nothing is collected but what the worker collects
    try:
        serve({"check": job}, requests, answers, collect_after)
    finally:
        if enabled:
            gc.enable()
    answers.seek(0)
    return pickle.load(answers), left[0]() is None


def test_the_check_is_answered_and_the_cycles_it_left_are_collected() -> None:
    assert "check" in COLLECT_AFTER and "check" in JOBS
    assert _serve_once(COLLECT_AFTER) == ((7, (True, 42)), True)
    assert _serve_once(frozenset()) == ((7, (True, 42)), False)  # without it they stay
