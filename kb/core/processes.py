"""Processes forked to work for this one (Whoosh's index writers, a build's parsers) end as
soon as it has ended. A build killed mid-work (`kill -9`, out of memory) would otherwise leave
them waiting for more work for ever, holding the data directory's locks, which they
inherited: every later build would wait on them.

>>> with children_end_with_me():
...     os.getpid() == _forking["pid"]
True
>>> _forking
{}
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

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
