"""A worker process of `serving.Worker`: `python -m explainer_mkdocs.worker`, started by the server with a pipe
each way. It reads jobs (an id, a job's name, its arguments; pickled by the server that started it) from its
standard input and writes each answer to its standard output; what it prints goes to its standard error,
which is the server's. It ends when its input closes or its server is gone.

A process of its own, not a multiprocessing one: those import the program that started the server again,
which runs a script without an `if __name__ == "__main__"` guard a second time."""

from __future__ import annotations

import gc
import os
import pickle
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, BinaryIO


def serve(
    jobs: dict[str, Callable[..., Any]],
    requests: BinaryIO,
    answers: BinaryIO,
    collect_after: frozenset[str] = frozenset(),
) -> None:
    """Answer each job; after one named in `collect_after` (which runs without the cycle collector), collect the
    cycles it left, once its answer is on its way: the server needs none for a while (it writes the save, the
    browser reloads, the editor saves again)."""
    while True:
        try:
            number, name, arguments = pickle.load(requests)
        except EOFError:
            return
        try:
            answer: tuple[bool, Any] = (True, jobs[name](*arguments))
        except Exception as error:  # the job's own failure, told to the server, which says what it was
            answer = (False, f"{type(error).__name__}: {error}")
        pickle.dump((number, answer), answers)
        answers.flush()
        del answer
        if name in collect_after:
            gc.collect()


def _leave_with(parent: int) -> None:
    """End when the server does, however it ended (Ctrl-C closes the pipe; a kill does not)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def main() -> None:
    from explainer_mkdocs.serving import COLLECT_AFTER, JOBS

    requests, answers = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing printed may reach the pipe of answers
    _leave_with(int(sys.argv[1]) if len(sys.argv) > 1 else os.getppid())
    serve(JOBS, requests, answers, COLLECT_AFTER)


if __name__ == "__main__":
    main()
