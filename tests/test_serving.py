"""The live server over the wire: readers who hang up, idle and slow clients."""

from __future__ import annotations

import socket
import urllib.request
from collections.abc import Iterator

import pytest
from flask import Flask

from bench.load import free_port, serving


@pytest.fixture(scope="module")
def server(app: Flask) -> Iterator[int]:
    """`lawkb serve` on a free port of 127.0.0.1 (the knowledge base built by `app`)."""
    port = free_port()
    with serving(port) as process:
        yield port
        assert process.poll() is None, "the server died during the tests"


def get(port: int, path: str) -> int:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as response:
        response.read()
        return response.status


def aborted_read(port: int, path: str, keep: int) -> None:
    """Ask for a page, read `keep` bytes of the answer and hang up (a reset, not a close)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        if keep:
            s.recv(keep)


def test_readers_who_hang_up_mid_page_never_take_the_server_down(server: int) -> None:
    """200 reads aborted before, at and after the first bytes of large pages, then a normal
    page: still 200 (SIGPIPE used to kill `lawkb serve` on the first or second abort)."""
    paths = ("/compare/12", "/fi/law/12", "/compare/1?langs=fi,tr,sk,et,sv", "/api/v1/laws/fi/12")
    for n in range(200):
        aborted_read(server, paths[n % len(paths)], keep=(0, 1, 100, 4096)[n % 4])
    assert get(server, "/fi/law/12") == 200
    assert get(server, "/compare/12") == 200
