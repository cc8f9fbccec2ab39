"""The live server over the wire: readers who hang up, idle and slow clients, a full house,
bad Host headers. Each test talks to a real `lawkb serve` on 127.0.0.1."""

from __future__ import annotations

import contextlib
import json
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from flask import Flask

from kb.web.server import HEADER_TIMEOUT, PER_CLIENT
from tests.conftest import ROOT
from tests.helpers.servers import free_port, serving, until_ready

pytestmark = pytest.mark.slow  # real servers over the wire, timeouts waited out

LIMIT = 64  # the connection limit of the small server below
IDLE = 5  # and its idle timeout, in seconds


@pytest.fixture(scope="module")
def server(app: Flask) -> Iterator[int]:
    """`lawkb serve` with its public defaults (the knowledge base built by `app`)."""
    port = free_port()
    with serving(port) as process:
        yield port
        assert process.poll() is None, "the server died during the tests"


@pytest.fixture(scope="module")
def small(app: Flask) -> Iterator[int]:
    """`lawkb serve` with a small connection limit and a short idle timeout."""
    port = free_port()
    # (an idle timeout long enough to open LIMIT + 10 connections on a busy machine: at 2 s
    # the first of them were closed before the last opened, under a full test run)
    options = ("--connection-limit", str(LIMIT), "--idle-timeout", str(IDLE))
    with serving(port, None, *options) as process:
        yield port
        assert process.poll() is None, "the server died during the tests"


def get(port: int, path: str, timeout: float = 10) -> tuple[int, bytes]:
    """A GET's status and body (a visitor waiting at most `timeout` seconds)."""
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as err:
        return err.code, err.read()


def aborted_read(port: int, path: str, keep: int) -> None:
    """Ask for a page, read `keep` bytes of the answer and hang up (a reset, not a close)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        if keep:
            s.recv(keep)


@contextlib.contextmanager
def idle_connections(port: int, n: int, first_bytes: bytes = b"") -> Iterator[list[socket.socket]]:
    """`n` connections opened (each sending `first_bytes`, maybe nothing) and held open."""
    held = []
    try:
        for _ in range(n):
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            if first_bytes:
                s.sendall(first_bytes)
            held.append(s)
        yield held
    finally:
        for s in held:
            s.close()


def test_readers_who_hang_up_mid_page_never_take_the_server_down(server: int) -> None:
    """200 reads aborted before, at and after the first bytes of large pages, then a normal
    page: still 200 (SIGPIPE used to kill `lawkb serve` on the first or second abort)."""
    paths = ("/compare/12", "/fi/law/12", "/compare/1?langs=fi,tr,sk,et,sv", "/api/v1/laws/fi/12")
    for n in range(200):
        aborted_read(server, paths[n % len(paths)], keep=(0, 1, 100, 4096)[n % 4])
    assert get(server, "/fi/law/12")[0] == 200
    assert get(server, "/compare/12")[0] == 200


def test_a_thousand_idle_connections_leave_room_for_a_visitor(server: int) -> None:
    """1,000 silent connections, then 1,000 kept alive after one request each: a visitor is
    answered all the same (every visitor got 503 until the idle timeout swept them); one
    address holds at most its share of the server's connections."""
    with idle_connections(server, 1000):
        assert get(server, "/fi/law/12", timeout=5)[0] == 200
    asked = b"GET /api/v1/laws/fi/1 HTTP/1.1\r\nHost: x\r\n\r\n"
    with idle_connections(server, 1000, asked) as held:
        assert get(server, "/fi/law/12", timeout=5)[0] == 200
        time.sleep(1)
        assert open_ones(held) <= PER_CLIENT


@pytest.mark.sweep  # header deadlines waited out
def test_slowloris_connections_are_closed_at_their_header_deadline(server: int) -> None:
    """1,000 connections each dribbling its headers a line every second: a visitor is
    answered meanwhile, and each one is closed once its headers are overdue (there was no
    deadline: 500 of them held the server for as long as they liked)."""
    head = b"GET /fi/law/12 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    with idle_connections(server, 1000, head) as held:
        mine = held[-PER_CLIENT // 2 :]  # of those the address's share keeps open
        start = time.monotonic()
        while open_ones(mine) and time.monotonic() - start < HEADER_TIMEOUT + 5:
            for s in mine:
                with contextlib.suppress(OSError):
                    s.sendall(b"X-a: b\r\n")
            assert get(server, "/compare/12", timeout=5)[0] == 200
            time.sleep(1)
        assert open_ones(mine) == 0


def test_slow_readers_leave_room_for_a_visitor(server: int) -> None:
    """1,000 connections asking for a large page no one has asked for yet and reading none
    of it: the address's share is answered, the others are told 503 at once, and a visitor
    is answered in about a second. (The server took one connection in per turn of its loop,
    so the share never filled: it answered all 1,000, sixteen workers made the new page at
    once, and the visitor waited 4 to 6 s behind them.)"""
    ask = b"GET /compare/39?langs=fi,tr,sk,et HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    held = []
    try:
        for _ in range(1000):
            s = socket.socket()
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
            s.settimeout(10)
            s.connect(("127.0.0.1", server))
            s.sendall(ask)
            held.append(s)
        assert get(server, "/fi/law/12", timeout=5)[0] == 200
        answered = 0
        for s in held:
            s.setblocking(False)
            with contextlib.suppress(OSError):
                answered += s.recv(12) == b"HTTP/1.1 200"
        assert answered < 500  # (all 1,000 were)
    finally:
        for s in held:
            s.close()


def test_a_full_house_lets_the_newest_visitor_in(small: int) -> None:
    """Past the connection limit, the connection quiet the longest makes room for a new
    visitor (a full house of idle connections used to shed every newcomer with a 503)."""
    with idle_connections(small, LIMIT + 10) as held:
        assert get(small, "/fi/law/12", timeout=5)[0] == 200
        assert open_ones(held[:10]) == 0 and open_ones(held[-10:]) == 10


def test_a_request_body_over_16_kb_is_refused_at_once(server: int) -> None:
    """The site only reads: a body over 16 KB is answered 413 before it is read (waitress
    spooled up to 1 GB to a temporary file before the 405)."""
    with socket.create_connection(("127.0.0.1", server), timeout=10) as s:
        s.sendall(b"POST /api/v1/search HTTP/1.1\r\nHost: x\r\nContent-Length: 300000000\r\n\r\n")
        answer = s.recv(65536)
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:80]
    assert b"\r\nX-Content-Type-Options: nosniff\r\n" in answer


def test_a_405_names_the_methods_allowed(server: int) -> None:
    for path in ("/fi/law/12", "/api/v1/laws"):
        request = urllib.request.Request(f"http://127.0.0.1:{server}{path}", method="DELETE")
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(request, timeout=10)
        allowed = set(answer.value.headers["Allow"].split(", "))
        assert answer.value.code == 405 and allowed == {"GET", "HEAD", "OPTIONS"}


def open_ones(sockets: list[socket.socket]) -> int:
    """How many of these connections the server has not closed (what it sent them is read
    and dropped)."""
    alive = 0
    for s in sockets:
        s.setblocking(False)
        try:
            while s.recv(65536):
                pass
        except BlockingIOError:
            alive += 1
        except OSError:
            pass
        finally:
            s.setblocking(True)
    return alive


@pytest.mark.sweep  # idle timeouts waited out
def test_a_silent_or_malformed_connection_is_closed_after_the_idle_timeout(small: int) -> None:
    """A socket that sends nothing, or half a request with bare line feeds, is closed by the
    server (after its idle timeout), not held forever."""
    for first in (b"", b"GET /fi/law/12 HTTP/1.1\nHost: 127.0.0.1\n"):
        with socket.create_connection(("127.0.0.1", small), timeout=6 * IDLE) as s:
            if first:
                s.sendall(first)
            start = time.perf_counter()
            while s.recv(4096):
                pass
            assert time.perf_counter() - start < 3 * IDLE


@pytest.mark.parametrize("host", ["a..b", "a" * 64 + ".example", "x:99999", "a b", "é.example"])
def test_a_bad_host_header_is_a_400_with_the_security_headers(server: int, host: str) -> None:
    with socket.create_connection(("127.0.0.1", server), timeout=10) as s:
        s.sendall(f"GET /fi/law/12 HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 400 "), answer[:80]
    assert b"\r\nContent-Security-Policy: " in answer and b"Traceback" not in answer


def test_waitress_own_error_answers_carry_the_security_headers(server: int) -> None:
    with socket.create_connection(("127.0.0.1", server), timeout=10) as s:
        s.sendall(b"GET /fi/law/12 HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n")
        answer = s.recv(65536)
    assert answer.startswith(b"HTTP/1.1 400 "), answer[:80]
    assert b"\r\nX-Content-Type-Options: nosniff\r\n" in answer


def test_no_page_names_the_host_it_was_asked_for(server: int) -> None:
    """Copied citations carry the page's path (or a configured public address): a Host
    header is never echoed, in a page or in a redirect."""
    host = "reflected-host.example"
    for path in (
        "/fi/law/12",
        "/compare/12",
        "/fi/law/12/",
        "/api/v1//laws?lang=fi",
        "/cite?q=12C1",
    ):
        with socket.create_connection(("127.0.0.1", server), timeout=10) as s:
            s.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
            answer = b""
            while chunk := s.recv(65536):
                answer += chunk
        assert host.encode() not in answer, path


def test_repeated_languages_make_one_small_comparison_or_a_clear_400(server: int) -> None:
    status, body = get(server, "/compare/12?langs=" + ",".join(["fi"] * 100))
    assert status == 200 and len(body) < 200_000
    status, body = get(server, "/compare/12?ui=en&langs=" + ",".join(["fi"] * 1000))
    assert status == 400 and "The parameter “langs” is 2999 characters long" in body.decode()


def test_a_started_server_loads_the_lemma_dictionaries_aside(app: Flask) -> None:
    """Started, and once quiet, the server reads its search index and loads the lemma
    dictionaries (Turkish, Slovak) in the background, and says so; then a Turkish word the
    index's own tables of lemmas lack is answered by its lemma. (What it saves, measured by
    hand: the first such query of a server waited 0.99 s for the dictionary, now 0.01 s.)"""
    port = free_port()
    argv = [sys.executable, "-m", "kb.cli", "serve", "--port", str(port)]
    server = subprocess.Popen(argv, cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        said = until_ready(server.stderr or ())  # (a hang: the test's timeout)
        status, body = get(port, "/api/v1/search?q=kartlar%C4%B1m%C4%B1zdan&lang=tr")
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert f"serving the Laws on http://127.0.0.1:{port}/\n" in said
    ready = r"search ready \(index read, lemma dictionaries loaded: sk, tr\) in \d+\.\d s\n"
    assert re.fullmatch(ready, said[-1]), said
    # "from our cards": its lemma, kart (card), is the books' word
    assert status == 200 and json.loads(body)["total"] > 100
