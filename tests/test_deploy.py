"""The public deployment as shipped: `lawkb deploy` runs the real nginx (Debian's) with the
shipped configuration in front of two `lawkb serve` workers sharing one data directory. The
slow-client, abort and rebuild-under-load cases go through it."""

from __future__ import annotations

import contextlib
import gzip
import json
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from email.message import Message
from pathlib import Path

import brotli
import pytest

from kb import store
from kb.web.i18n import UI_LANGS
from tests.conftest import ROOT
from tests.helpers.servers import free_port
from tests.test_serving import aborted_read, get, idle_connections

pytestmark = [pytest.mark.slow, pytest.mark.sweep]  # nginx in front of workers


@pytest.fixture(scope="module")
def proxy(
    built: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[int, Path]]:
    """`lawkb deploy` on a free port of 127.0.0.1, over a copy of the built corpus and data
    directory (its pages are written as files beside it); its port and data directory."""
    corpus, data, port = built[0], tmp_path_factory.mktemp("deploy") / "var", free_port()
    shutil.copytree(built[1], data, symlinks=True)
    argv = [sys.executable, "-m", "kb.cli", "--data", str(data), "--corpus", str(corpus)]
    argv += ["deploy", "--host", "127.0.0.1", "--port", str(port), "--workers", "2"]
    process = subprocess.Popen(argv, cwd=ROOT, stderr=subprocess.PIPE, text=True)
    said: list[str] = []  # its lines and its workers', read as they come (the pipe never fills)
    threading.Thread(target=lambda: said.extend(process.stderr), daemon=True).start()
    ready = f"serving the Laws on http://127.0.0.1:{port}/ (nginx and 2 lawkb workers)\n"
    try:
        deadline = time.monotonic() + 120
        while ready not in said:
            assert process.poll() is None and time.monotonic() < deadline, said
            time.sleep(0.1)
        yield port, data
        assert process.poll() is None, "the deployment died during the tests"
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
    assert not (data / "deploy" / "nginx.pid").exists()  # nginx stopped with it


def test_pages_come_through_nginx_compressed_with_the_sites_headers(
    proxy: tuple[int, Path],
) -> None:
    port, _ = proxy
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/fi/law/12", headers={"Accept-Encoding": "gzip"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        body = response.read()
        assert response.headers["Content-Encoding"] == "gzip"
        assert response.headers["X-Frame-Options"] == "DENY"
        assert response.headers["Server"] == "nginx"  # no version
    page = gzip.decompress(body).decode()
    assert len(body) < 15_000 < len(page) and "KILPAILUNJOHTAJAN HARKINTAVALTA" in page


def test_pages_kept_as_files_are_sent_by_nginx(proxy: tuple[int, Path]) -> None:
    """A reader's first page goes to a worker, which sets the language cookie and keeps the
    page as files in the build; with the cookie, nginx sends those files itself (its ETag is
    the file's time and size), in brotli, gzip or inflated, and passes addresses with a
    query to the workers."""
    port, data = proxy

    def fetch(path: str, coding: str, cookie: str = "") -> tuple[bytes, Message]:
        headers = {"Accept-Encoding": coding} | ({"Cookie": cookie} if cookie else {})
        request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers=headers)
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.read(), response.headers

    body, headers = fetch("/sk/law/21", "br")  # no cookie: a worker answers and keeps it
    assert "ui=en;" in headers["Set-Cookie"] and ":br" in headers["ETag"]
    kept = store.current(data).resolve() / "pages" / "en" / "sk" / "law" / "21" / "index.html"
    for coding, decode in (("br", brotli.decompress), ("gzip", gzip.decompress)):
        answer, headers = fetch("/sk/law/21", coding, "ui=en")
        file = kept.with_name(f"index.html.{coding[:2]}")
        stat = file.stat()
        assert answer == file.read_bytes() and headers["Content-Encoding"] == coding
        assert headers["ETag"] == f'"{int(stat.st_mtime):x}-{stat.st_size:x}"'
        assert headers["X-Frame-Options"] == "DENY" and "no-cache" in headers["Cache-Control"]
        assert "Cookie" in headers["Vary"] and headers["Content-Type"].startswith("text/html")
        assert decode(answer) == brotli.decompress(body)
    plain, headers = fetch("/sk/law/21", "identity", "ui=en")
    assert plain == brotli.decompress(body) and "Content-Encoding" not in headers
    _, headers = fetch("/sk/law/21?ui=en", "br", "ui=en")
    assert ":br" in headers["ETag"]  # a query: a worker's answer


def raw(port: int, request: bytes) -> bytes:
    """What a server answers to a request written byte for byte (it closes after, or resets
    the connection as nginx does after an error with a body left unread)."""
    answer = b""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(request)
        with contextlib.suppress(ConnectionResetError):
            while chunk := s.recv(65536):
                answer += chunk
    return answer


def test_nginx_own_errors_carry_the_security_headers_once(proxy: tuple[int, Path]) -> None:
    """nginx's own answers (a body over 16 KB, a header line over 8 KB, a malformed request)
    carried none of the site's security headers; a worker's answer carries each once."""
    port, _ = proxy
    cases = {
        b"POST /api/v1/search HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n": 413,
        b"GET /fi/law/12?q=" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n": 414,
        b"GET /fi/law/12 HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n": 400,
        b"GET /fi/law/12 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n": 200,
    }
    for request, status in cases.items():
        answer = raw(port, request)
        head = answer.split(b"\r\n\r\n", 1)[0].decode()
        assert head.startswith(f"HTTP/1.1 {status} "), head[:60]
        assert head.count("\r\nX-Frame-Options: DENY") == 1, head
        assert head.count("\r\nContent-Security-Policy: default-src 'self'") == 1, head


def test_an_http_1_0_request_without_host_is_answered(proxy: tuple[int, Path]) -> None:
    """Health checkers and old clients send no Host: nginx passed its server name (`_`),
    which the site refused as a malformed host (400)."""
    port, _ = proxy
    answer = raw(port, b"GET /fi/law/12 HTTP/1.0\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 200 "), answer[:80]


def test_idle_and_slow_clients_through_nginx_do_not_keep_a_reader_waiting(
    proxy: tuple[int, Path],
) -> None:
    port, _ = proxy
    with idle_connections(port, 300), idle_connections(port, 100, b"GET / HTTP/1.1\r\nX-a: "):
        assert get(port, "/fi/law/12", timeout=5)[0] == 200


def test_aborted_reads_through_nginx_leave_every_worker_up(proxy: tuple[int, Path]) -> None:
    port, _ = proxy
    paths = ("/compare/12", "/fi/law/12", "/api/v1/laws/fi/12")
    for n in range(200):
        aborted_read(port, paths[n % len(paths)], keep=(0, 1, 100, 4096)[n % 4])
    assert all(get(port, "/compare/13")[0] == 200 for _ in range(10))


@pytest.mark.sweep  # every page written, then read through nginx
def test_the_deployment_writes_every_page_as_files_beside_its_workers(
    proxy: tuple[int, Path],
) -> None:
    """Once it answers, the deployment writes every page as files at the lowest priority
    (`lawkb render`); from then on nginx sends a page no reader asked for from its file."""
    port, data = proxy
    pages = store.current(data).resolve() / "pages"
    deadline = time.monotonic() + 300
    while not (pages / ".rendered.json").exists():
        assert time.monotonic() < deadline, "the pages were not all written in 5 minutes"
        time.sleep(0.5)
    assert json.loads((pages / ".rendered.json").read_text()) == sorted(UI_LANGS)
    kept = pages / "sv" / "et" / "law" / "88" / "index.html.br"
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/et/law/88", headers={"Accept-Encoding": "br", "Cookie": "ui=sv"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        body, etag = response.read(), response.headers["ETag"]
    stat = kept.stat()
    assert body == kept.read_bytes() and etag == f'"{int(stat.st_mtime):x}-{stat.st_size:x}"'
    assert '<html lang="sv"' in brotli.decompress(body).decode()


@pytest.mark.sweep  # a whole rebuild under load
def test_a_rebuild_under_load_through_nginx_loses_no_request(proxy: tuple[int, Path]) -> None:
    """Readers keep asking while `lawkb build --force` parses everything again and swaps the
    knowledge base and index under the running workers: every answer is a 200."""
    port, data = proxy
    statuses: list[int] = []
    done = threading.Event()

    def read() -> None:
        paths = ("/fi/law/12", "/api/v1/search?q=revokki&lang=fi", "/compare/27", "/tr/law/5")
        n = 0
        while not done.is_set():
            statuses.append(get(port, paths[n % len(paths)])[0])
            n += 1

    readers = [threading.Thread(target=read) for _ in range(4)]
    for reader in readers:
        reader.start()
    try:
        argv = [sys.executable, "-m", "kb.cli", "--data", str(data), "build", "--force"]
        argv += ["--no-pages"]  # (pages: the next test)
        build = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=300)
        time.sleep(1)
    finally:
        done.set()
        for reader in readers:
            reader.join()
    assert build.returncode == 0, build.stderr
    assert len(statuses) > 50 and set(statuses) == {200}


def test_a_bad_host_through_nginx_is_refused(proxy: tuple[int, Path]) -> None:
    port, _ = proxy
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(b"GET /fi/law/12 HTTP/1.1\r\nHost: a..b\r\nConnection: close\r\n\r\n")
        answer = s.recv(4096)
    assert answer.startswith(b"HTTP/1.1 400 ")
