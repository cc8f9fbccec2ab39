"""Servers for the tests and the benchmarks: a free port, `lawkb serve` started in a process of
its own and stopped after, what it says until its search is ready, its resident memory.

>>> 1024 <= free_port() < 65536
True
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def free_port() -> int:
    """A TCP port of 127.0.0.1 that is free now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serving(port: int, data: Path | None = None, *options: str) -> Iterator[subprocess.Popen]:
    """`lawkb serve [options]` on a port of 127.0.0.1 (building the knowledge base if need
    be), answering once its home page does; stopped on exit."""
    env = dict(os.environ, **({"LAWKB_DATA": str(data)} if data else {}))
    argv = [sys.executable, "-m", "kb.cli", "serve", "--port", str(port), *options]
    with tempfile.TemporaryFile("w+") as log:
        server = subprocess.Popen(argv, cwd=ROOT, env=env, stderr=log, text=True)
        try:
            deadline = time.monotonic() + 120
            while True:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5):
                        break
                except OSError as err:
                    if server.poll() is not None or time.monotonic() > deadline:
                        log.seek(0)
                        raise RuntimeError(f"lawkb serve did not start: {log.read()}") from err
                    time.sleep(0.2)
            yield server
        finally:
            server.terminate()
            server.wait(timeout=10)


def until_ready(lines: Iterable[str], ready: str = "search ready") -> list[str]:
    """What a server writes to stderr (`lines`) until a line says it is ready (`lawkb serve`:
    its search opened, its warm-up done), or all of it if it ends first.

    >>> until_ready(["serving the Laws on ...", "search ready (...)", "later"])
    ['serving the Laws on ...', 'search ready (...)']
    """
    said = []
    for line in lines:
        said.append(line)
        if ready in line:
            break
    return said


def rss_mb(pid: int) -> float:
    """The resident memory of a process, in MB (VmRSS).

    >>> rss_mb(os.getpid()) > 1
    True
    """
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0
