"""The production server: waitress, made to survive the public. Idle connections are dropped
after a short timeout; past a connection limit a new visitor gets a fast 503 instead of
waiting unanswered; waitress's own error answers carry the site's security headers.

>>> shed_response()[:34]
b'HTTP/1.1 503 Service Unavailable\\r\\n'
"""

from __future__ import annotations

import resource
import socket
import time
from collections.abc import Callable, Iterable

from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ErrorTask

from kb.web.security import HEADERS

RETRY_AFTER = 5  # seconds, told to a visitor who was answered 503


class SecureErrorTask(ErrorTask):
    """Waitress's answer to a request it cannot parse, with the security headers."""

    def execute(self) -> None:
        self.response_headers.extend(HEADERS.items())
        super().execute()


class SecureChannel(HTTPChannel):
    error_task_class = SecureErrorTask


def shed_response() -> bytes:
    """The whole answer to a visitor over the connection limit (sent without reading the
    request, then the connection is closed)."""
    body = b"The site is busy. Please try again in a few seconds.\n"
    head = [
        "HTTP/1.1 503 Service Unavailable",
        "Content-Type: text/plain; charset=utf-8",
        f"Content-Length: {len(body)}",
        f"Retry-After: {RETRY_AFTER}",
        "Connection: close",
        *(f"{name}: {value}" for name, value in HEADERS.items()),
    ]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


SHED = shed_response()


class Server(TcpWSGIServer):
    """Waitress's TCP server that keeps accepting past its connection limit and answers
    the extra visitors 503 at once (waitress would stop accepting, leaving every new
    visitor waiting until an idle connection times out)."""

    channel_class = SecureChannel

    def readable(self) -> bool:
        super().readable()  # the periodic clean-up of idle connections
        return self.accepting

    def handle_accept(self) -> None:
        if len(self._map) < self.adj.connection_limit:
            super().handle_accept()
            return
        try:
            accepted = self.accept()
        except OSError:
            return
        if accepted is None:
            return
        conn = accepted[0]
        try:
            conn.setblocking(False)
            conn.send(SHED)
            conn.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        finally:
            conn.close()


def descriptor_room(wanted: int) -> int:
    """How many connections the process can hold open: `wanted`, within its limit of open
    files (raised to the hard limit when it is lower), less some for the files it reads.

    >>> 0 < descriptor_room(10) <= 10
    True
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted + 100:
        target = hard if hard == resource.RLIM_INFINITY else min(hard, wanted + 100)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return max(1, min(wanted, soft - 100)) if soft != resource.RLIM_INFINITY else wanted


def make_server(
    app,
    host: str,
    port: int,
    threads: int,
    connection_limit: int,
    idle_timeout: int,
) -> Server:
    """A server bound to `host:port` (0: any free port) with `threads` workers, at most
    `connection_limit` open connections (the next visitors are answered 503 at once) and
    silent connections closed after `idle_timeout` seconds; ready to `run()`. Binding
    errors (a busy port, an unknown host) raise `OSError` before anything is served."""
    return Server(
        app,
        host=host,
        port=port,
        threads=threads,
        connection_limit=descriptor_room(connection_limit),
        channel_timeout=idle_timeout,
        cleanup_interval=max(1, min(30, idle_timeout // 2)),
        ident="lawkb",
        expose_tracebacks=False,
    )


class Activity:
    """WSGI middleware: when the server last began or finished answering a request, so
    that work in the background (opening the search index) waits for a quiet moment rather
    than slow the first pages a visitor asks for.

    >>> activity = Activity(lambda environ, start_response: [b"ok"])
    >>> activity({}, None), activity.quiet_for() < 1.0
    ([b'ok'], True)
    """

    def __init__(self, app: Callable) -> None:
        self.app = app
        self.last = time.monotonic()

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        self.last = time.monotonic()
        try:
            return self.app(environ, start_response)
        finally:
            self.last = time.monotonic()

    def quiet_for(self) -> float:
        """Seconds since a request last began or was answered."""
        return time.monotonic() - self.last

    def wait_quiet(self, quiet: float = 0.25, at_most: float = 5.0) -> None:
        """Return once no request has come for `quiet` seconds, or after `at_most` seconds
        (a server never quiet still gets ready within them).

        >>> Activity(None).wait_quiet(quiet=0.0)
        """
        deadline = time.monotonic() + at_most
        while self.quiet_for() < quiet and time.monotonic() < deadline:
            time.sleep(quiet / 5)
