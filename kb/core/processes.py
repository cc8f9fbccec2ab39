"""Work in processes forked from this one (`mapping`, `beside`), which end as soon as it
has ended (`children_end_with_me`: Whoosh's index writers too). A build killed mid-work
(`kill -9`, out of memory) would otherwise leave them waiting for more work for ever,
holding the data directory's locks, which they inherited: every later build would wait on
them.

>>> with children_end_with_me():
...     os.getpid() == _forking["pid"]
True
>>> _forking
{}
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

T = TypeVar("T")

_forking: dict[str, int] = {}  # while this process forks workers: its process id


@contextmanager
def children_end_with_me() -> Iterator[None]:
    """Within the block, a process forked from this one watches it and ends when it ends."""
    _forking["pid"] = os.getpid()
    try:
        yield
    finally:
        _forking.clear()


def _end_with_the_parent() -> None:
    """In a process forked within `children_end_with_me`: end once its parent has ended."""
    parent = _forking.get("pid")
    if parent is None:
        return

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.1)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


os.register_at_fork(after_in_child=_end_with_the_parent)


@contextmanager
def beside(workers: int, work: Callable[..., T], *args: Any) -> Iterator[Callable[[], T]]:
    """Run `work(*args)` in a forked process beside what the block does (with `workers` two
    or more; else at the block's start); the function it gives waits for its result, or
    raises what it raised. Forked, the process runs `work` as this one has it, nothing
    pickled but the result.

    >>> with beside(2, sum, [1, 2]) as result:
    ...     result()
    3
    >>> with beside(2, int, "x") as result:
    ...     result()
    Traceback (most recent call last):
    ValueError: invalid literal for int() with base 10: 'x'
    """
    if workers < 2:
        done = work(*args)
        yield lambda: done
        return
    theirs, ours = multiprocessing.Pipe(duplex=False)

    def run() -> None:
        try:
            answer = ("done", work(*args))
        except BaseException as err:  # told to the parent, which raises it
            answer = ("failed", err)
        try:
            ours.send(answer)
        except Exception as err:  # not picklable: what it was, said
            ours.send(("failed", RuntimeError(f"{type(err).__name__}: {err}")))

    with children_end_with_me():
        process = multiprocessing.get_context("fork").Process(target=run, daemon=True)
        process.start()
    ours.close()

    def result() -> T:
        try:
            outcome, value = theirs.recv()
        except EOFError:
            process.join()
            name = getattr(work, "__name__", "work")
            raise RuntimeError(f"{name} ended with no result (exit {process.exitcode})") from None
        process.join()
        if outcome == "failed":
            raise value
        return value

    try:
        yield result
    finally:
        if process.is_alive():  # the block failed: what runs beside it goes too
            process.kill()
            process.join()
        theirs.close()


@contextmanager
def mapping(workers: int) -> Iterator[Callable[..., Iterator[Any]]]:
    """A `map` over a pool of `workers` forked processes (each starts with what this one has
    loaded, and ends with it: `children_end_with_me`) when they are two or more; else the
    built-in `map`. Results come in the order asked.

    >>> with mapping(1) as run:
    ...     list(run(len, ["ab", "c"]))
    [2, 1]
    """
    if workers < 2:
        yield map
        return
    fork = multiprocessing.get_context("fork")
    with children_end_with_me(), ProcessPoolExecutor(workers, mp_context=fork) as pool:
        yield pool.map
