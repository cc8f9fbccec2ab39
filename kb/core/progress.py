"""Progress of long work (a build, an export, the checks, a deployment), told as it goes: a
stage's start, each of its items (a document, a page) as it is done, and its end with the
time it took. The work only says what it does (`stage`), through the standard `logging`
logger `lawkb.progress`; whoever runs it decides how that is shown (`show`: a bar on a
terminal, plain lines otherwise; nothing unless someone listens).

>>> import io
>>> out = io.StringIO()
>>> with show(out, terminal=False):
...     with stage("parse", total=2, clock=iter(range(100)).__next__) as done:
...         done("fi-2017"); done("tr-2017")
>>> print(out.getvalue(), end="")
parse: 2 items
parse 1/2 fi-2017 (1.0 s)
parse 2/2 tr-2017 (2.0 s)
parse: done in 3.0 s
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TextIO

LOG = logging.getLogger("lawkb.progress")


@dataclass(frozen=True)
class Event:
    """What a stage says: `start`, `item` (one more done) or `end`, with the items done so
    far, how many there are (None: not known) and the seconds since the stage began."""

    stage: str
    what: str
    item: str = ""
    done: int = 0
    total: int | None = None
    seconds: float = 0.0


@contextmanager
def stage(
    name: str, total: int | None = None, clock: Callable[[], float] = time.monotonic
) -> Iterator[Callable[[str], None]]:
    """Tell a stage's start and end; the function it gives tells one item done."""
    start, done = clock(), 0
    LOG.info(name, extra={"event": Event(name, "start", total=total)})

    def item(what: str) -> None:
        nonlocal done
        done += 1
        event = Event(name, "item", what, done, total, clock() - start)
        LOG.info(name, extra={"event": event})

    yield item
    LOG.info(name, extra={"event": Event(name, "end", "", done, total, clock() - start)})


class Printer(logging.Handler):
    """Shows the events of `lawkb.progress` on a stream: a bar per stage on a terminal
    (tqdm), plain lines elsewhere (a log, a pipe, CI)."""

    def __init__(self, stream: TextIO, terminal: bool) -> None:
        super().__init__()
        self.stream, self.terminal = stream, terminal
        self.bars: dict[str, object] = {}

    def emit(self, record: logging.LogRecord) -> None:
        event: Event | None = getattr(record, "event", None)
        if event is None:
            return
        if self.terminal:
            self.bar(event)
        else:
            self.line(event)

    def line(self, event: Event) -> None:
        if event.what == "start":
            count = f": {event.total} items" if event.total is not None else ""
            text = f"{event.stage}{count or ' ...'}"
        elif event.what == "item":
            of = f"/{event.total}" if event.total is not None else ""
            text = f"{event.stage} {event.done}{of} {event.item} ({event.seconds:.1f} s)"
        else:
            text = f"{event.stage}: done in {event.seconds:.1f} s"
        print(text, file=self.stream, flush=True)

    def bar(self, event: Event) -> None:
        from tqdm import tqdm

        if event.what == "start":
            self.bars[event.stage] = tqdm(
                total=event.total, desc=event.stage, unit="", file=self.stream, leave=True
            )
            return
        bar = self.bars.get(event.stage)
        if not isinstance(bar, tqdm):
            return
        if event.what == "item":
            bar.set_postfix_str(event.item, refresh=False)
            bar.update(1)
        else:
            bar.set_postfix_str(f"{event.seconds:.1f} s")
            bar.close()
            del self.bars[event.stage]


@contextmanager
def show(stream: TextIO | None = None, terminal: bool | None = None) -> Iterator[None]:
    """Show the progress of the work done in the block on `stream` (standard error), as a
    bar where it is a terminal, else as lines."""
    stream = stream or sys.stderr
    printer = Printer(stream, stream.isatty() if terminal is None else terminal)
    LOG.addHandler(printer)
    level, LOG.propagate = LOG.level, False
    LOG.setLevel(logging.INFO)
    try:
        yield
    finally:
        LOG.removeHandler(printer)
        LOG.setLevel(level)
