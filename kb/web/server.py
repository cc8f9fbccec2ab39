"""The production server: waitress, made to survive the public on its own.

Waitress answers requests; what this module adds is who may hold a connection, and for how
long (`Guard`, through waitress's public hooks: a channel class, `maintenance`, the channel's
`received`, `handle_write`, `add_channel` and `del_channel`):
- a request's headers must arrive within `HEADER_TIMEOUT` seconds however slowly they trickle
  (slowloris), a whole request within `REQUEST_TIMEOUT`, and an answer must be taken by its
  reader within `SEND_TIMEOUT` (a reader who reads a few bytes now and then);
- a silent connection is closed after the idle timeout;
- when the connection table is full, or one address holds `PER_CLIENT` connections, the
  connection that has been quiet the longest and is not being answered goes first (of that
  address, when it is the address that is over), so that a thousand idle, slow or
  half-sent connections never keep a new visitor out; only when every connection is being
  answered is a new visitor told 503 at once; connections are taken in as they come
  (`ACCEPT_BATCH` per turn of the loop, not one), so that the share fills and the rest of an
  address's thousand are told 503 before any work, not answered one by one ahead of a
  visitor;
- request bodies are capped at `MAX_BODY` bytes (the site only reads) and headers at
  `MAX_HEADERS`; waitress's own error answers carry the site's security headers.

>>> shed_response()[:34]
b'HTTP/1.1 503 Service Unavailable\\r\\n'
"""

from __future__ import annotations

import resource
import socket
import time
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ErrorTask

from kb.web.security import HEADERS

RETRY_AFTER = 5  # seconds, told to a visitor who was answered 503
HEADER_TIMEOUT = 10  # seconds for a request's headers to arrive (nginx's default: 60)
REQUEST_TIMEOUT = 30  # seconds for a whole request, headers and body
SEND_TIMEOUT = 60  # seconds for a reader to take an answer (a 300 KB page on 2G: about 50)
PER_CLIENT = 100  # connections of one address at once (a browser opens six)
MAX_BODY = 16 * 1024  # bytes of a request body (the site only reads; nginx: 16k)
MAX_HEADERS = 32 * 1024  # bytes of a request's line and headers (nginx: 4 x 8k)
ACCEPT_BATCH = 256  # connections taken in per turn of the server's loop at most


class SecureErrorTask(ErrorTask):
    """Waitress's answer to a request it cannot parse, with the security headers."""

    def execute(self) -> None:
        self.response_headers.extend(HEADERS.items())
        super().execute()


def shed_response() -> bytes:
    """The whole answer to a visitor who cannot be let in (sent without reading the request,
    then the connection is closed)."""
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


class GuardedChannel(HTTPChannel):
    """A connection that knows since when its current request has been arriving (`started`)
    and since when its answer has been waiting for its reader (`sending`), and tells the
    server when it opens and closes."""

    error_task_class = SecureErrorTask
    started: float | None = None
    sending: float | None = None
    counted = False  # counted among its address's connections (`Server.opened`)

    def __init__(self, server: Server, sock, addr, adj, map=None) -> None:
        super().__init__(server, sock, addr, adj, map)
        server.opened(self)

    def received(self, data: bytes) -> bool:
        before = self.request
        done = super().received(data)
        if self.request is None:
            self.started = None
        elif self.request is not before:
            self.started = time.time()
        return done

    def handle_write(self) -> None:
        super().handle_write()
        if not self.total_outbufs_len:
            self.sending = None
        elif self.sending is None:
            self.sending = time.time()

    def del_channel(self, map=None) -> None:
        super().del_channel(map)
        self.server.closed(self)

    def busy(self) -> bool:
        """Whether a request of this connection is being answered (it may not be closed)."""
        return bool(self.requests)

    def overdue(self, now: float) -> bool:
        """Whether the connection has outlived a deadline: its headers, its request or the
        reading of its answer.

        A connection whose headers started arriving 11 s ago and are not finished is:

        >>> channel = GuardedChannel.__new__(GuardedChannel)
        >>> channel.requests, channel.sending = [], None
        >>> channel.started, channel.request = 100.0, type("R", (), {"headers_finished": False})
        >>> channel.overdue(111.0), channel.overdue(105.0)
        (True, False)
        """
        if self.busy():
            return False
        if self.started is not None and self.request is not None:
            limit = REQUEST_TIMEOUT if self.request.headers_finished else HEADER_TIMEOUT
            if now - self.started > limit:
                return True
        return self.sending is not None and now - self.sending > SEND_TIMEOUT

    def shed(self) -> None:
        """Tell the visitor 503 at once and close."""
        try:
            self.socket.send(SHED)
            self.socket.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.handle_close()


class Server(TcpWSGIServer):
    """Waitress's TCP server with the guard described in the module's docstring."""

    channel_class = GuardedChannel

    accepted = False  # whether the last `accept` took a connection in

    def __init__(self, *args, per_client: int = PER_CLIENT, **kwargs) -> None:
        self.per_client = per_client
        self.per_address: Counter[str] = Counter()
        super().__init__(*args, **kwargs)

    def readable(self) -> bool:
        super().readable()  # the periodic clean-up (`maintenance`)
        return self.accepting  # always accepting: `opened` makes room

    def accept(self) -> tuple[socket.socket, Any] | None:
        """A waiting connection, or None (noted in `accepted` for `handle_accept`)."""
        found = super().accept()
        self.accepted = found is not None
        return found

    def handle_accept(self) -> None:
        """Take in every connection waiting, ACCEPT_BATCH at most per turn of the loop, not
        one: while the workers answer, a turn of the loop comes seldom, and a thousand
        connections of one address kept a visitor's waiting behind them (4 to 6 s) where
        `opened` would have shed all but the address's share at once."""
        for _ in range(ACCEPT_BATCH):
            self.accepted = False
            super().handle_accept()
            if not self.accepted:
                return

    def maintenance(self, now: float) -> None:
        super().maintenance(now)  # idle connections
        for channel in list(self.active_channels.values()):
            if channel.overdue(now):
                channel.will_close = True

    def opened(self, channel: GuardedChannel) -> None:
        """Make room for a connection just accepted: within its address's share, then within
        the connection limit, the longest quiet connection not being answered goes (of the
        same address first); with none to let go, the newcomer is told 503."""
        address = client_of(channel)
        self.per_address[address] += 1
        channel.counted = True
        if self.per_address[address] > self.per_client and not self.let_go(channel, address):
            channel.shed()
            return
        if len(self.active_channels) > self.adj.connection_limit and not self.let_go(channel):
            channel.shed()

    def closed(self, channel: GuardedChannel) -> None:
        """Count a connection closed (once, however often waitress closes it)."""
        if not channel.counted:
            return
        channel.counted = False
        address = client_of(channel)
        self.per_address[address] -= 1
        if self.per_address[address] <= 0:
            del self.per_address[address]

    def let_go(self, newcomer: GuardedChannel, address: str | None = None) -> bool:
        """Close the connection quiet the longest that is not being answered (of `address`,
        if given), other than `newcomer`; whether there was one."""
        quiet = [
            c
            for c in self.active_channels.values()
            if c is not newcomer and not c.busy() and (address is None or client_of(c) == address)
        ]
        if not quiet:
            return False
        min(quiet, key=lambda c: c.last_activity).handle_close()
        return True


def client_of(channel: HTTPChannel) -> str:
    """The address a connection comes from (its host, without the port)."""
    return str(channel.addr[0]) if isinstance(channel.addr, tuple) else str(channel.addr)


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
    per_client: int = PER_CLIENT,
) -> Server:
    """A server bound to `host:port` (0: any free port) with `threads` workers, at most
    `connection_limit` open connections and `per_client` of one address, silent
    connections closed after `idle_timeout` seconds; ready to `run()`. Binding errors (a
    busy port, an unknown host) raise `OSError` before anything is served."""
    return Server(
        app,
        host=host,
        port=port,
        threads=threads,
        connection_limit=descriptor_room(connection_limit),
        channel_timeout=idle_timeout,
        cleanup_interval=1,  # the deadlines are checked every second
        max_request_body_size=MAX_BODY,
        max_request_header_size=MAX_HEADERS,
        channel_request_lookahead=1,  # a client that left is seen (`client_disconnected`)
        asyncore_use_poll=True,  # select() cannot watch more than 1,024 sockets
        ident="lawkb",
        expose_tracebacks=False,
        per_client=per_client,
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
