"""Load: many clients at once on `lawkb serve` (waitress) over loopback, a realistic mix.

    .venv/bin/python bench/load.py [--clients 32] [--seconds 30] [--warmup 20] [--url URL]
        [--encoding "gzip, deflate, br"]

Starts `lawkb serve` on a free port (or drives the server at `--url`), then runs `clients`
clients, each sending its next request as soon as the last one is answered (HTTP/1.1
keep-alive, one connection per client). The mix is mostly law pages (every law of every
law book, in the UI languages people use), then compare pages, search pages and JSON API
calls (search, units, laws, citations). The first `warmup` seconds of this load are not
measured: they stand for a server that has been up a while, whose page cache holds the law
pages and comparisons read since the last build (`--warmup 0` measures a server just
started). Then it measures `seconds` and prints requests per second (overall and per
kind), p50 and p99 latency per kind, errors (a status other than 200, or 302 for a search
that is a citation; a failed connection) and the server's memory (VmRSS and VmHWM from
/proc/<pid>/status).

The clients are coroutines of one asyncio loop speaking HTTP/1.1 over the standard
library's streams: no dependency, and one thread for all clients, so the measuring side
takes a small share of this 2-core machine (a thread per client would put 32 threads
against one GIL on the measuring side). Targets (issue 8): 32 clients for 30 s, 0 errors,
at least 300 law pages per second, p99 under 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's kb and the tests' helpers

from tests.helpers.servers import free_port, serving  # noqa: E402

LAWBOOKS = ("fi", "tr", "sk", "et")
UI = ("en", "en", "en", "fi", "tr", "sk", "et", "sv")  # most readers keep the default UI
QUERIES = (
    "revoke", "revokki", "rangaistuskortti", "cezalı kart", "lead out of turn", "claim",
    "nepriznanie farby", "mastisalgamine", "insufficient bid", "Law 12C1b", "yetersiz deklarasyon",
    "psykiskt", "vastaväite", "kohtunik", "12C1", "dummy",
)  # fmt: skip
LANGS = ("fi,tr,sk,et,sv", "fi,tr", "et,fi", "sk,tr,sv")
# Kinds of request and their shares of the mix.
MIX = {"law": 0.76, "compare": 0.08, "search": 0.06, "api": 0.10}


def request_for(kind: str, rng: random.Random) -> str:
    """A URL of a kind, drawn at random the way readers spread over the site."""
    law = str(rng.randint(1, 93))
    if kind == "law":
        ui = rng.choice(UI)
        return f"/{rng.choice(LAWBOOKS)}/law/{law}" + ("" if ui == "en" else f"?ui={ui}")
    if kind == "compare":
        return f"/compare/{law}?langs={rng.choice(LANGS)}"
    if kind == "search":
        lang = rng.choice(("", *LAWBOOKS))
        return f"/search?q={quote(rng.choice(QUERIES))}&lang={lang}"
    lang = rng.choice(LAWBOOKS)
    return rng.choice(
        (
            f"/api/v1/search?q={quote(rng.choice(QUERIES))}&lang={lang}&limit=10",
            f"/api/v1/units/{lang}/{law}",
            f"/api/v1/laws/{lang}/{law}",
            f"/api/v1/cite?q=Law+{law}&lang={lang}",
        )
    )


@dataclass
class Results:
    """Latencies (seconds) per kind, and what went wrong."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in MIX})
    errors: list[str] = field(default_factory=list)


async def fetch(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    host: str,
    path: str,
    encoding: str = "",
) -> int:
    """One GET on a kept-alive connection, accepting the content codings `encoding` names
    (none: ""); the status (the body is read and dropped)."""
    accept = f"Accept-Encoding: {encoding}\r\n" if encoding else ""
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: */*\r\n{accept}\r\n".encode())
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = dict(line.lower().split(": ", 1) for line in lines[1:] if ": " in line)
    await reader.readexactly(int(headers.get("content-length", "0")))
    return status


async def client(
    url: str, until: float, results: Results | None, seed: int, encoding: str = ""
) -> None:
    """One reader: a request as soon as the last one is answered, until `until`."""
    parts = urlsplit(url)
    rng = random.Random(seed)
    kinds, weights = list(MIX), list(MIX.values())
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
    try:
        while time.perf_counter() < until:
            kind = rng.choices(kinds, weights)[0]
            path = request_for(kind, rng)
            start = time.perf_counter()
            try:
                status = await fetch(reader, writer, parts.netloc, path, encoding)
            except (OSError, asyncio.IncompleteReadError, ValueError) as err:
                status = 0
                writer.close()
                reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
                if results is not None:
                    results.errors.append(f"{path}: {err!r}")
            took = time.perf_counter() - start
            if results is not None:
                results.latencies[kind].append(took)
                if status not in (0, 200, 302):  # a citation searched is redirected to
                    results.errors.append(f"{path}: HTTP {status}")
    finally:
        writer.close()


async def run(
    url: str, clients: int, seconds: float, results: Results | None, encoding: str = ""
) -> float:
    """Run the clients for `seconds`; the time they took."""
    start = time.perf_counter()
    until = start + seconds
    readers = (client(url, until, results, seed, encoding) for seed in range(clients))
    await asyncio.gather(*readers)
    return time.perf_counter() - start


def memory(pid: int) -> dict[str, str]:
    """The resident memory of a process now and at its peak (VmRSS, VmHWM)."""
    lines = Path(f"/proc/{pid}/status").read_text(encoding="utf-8").splitlines()
    fields = dict(line.split(":", 1) for line in lines)
    return {name: fields[name].strip() for name in ("VmRSS", "VmHWM")}


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))] if ordered else 0.0


def report(results: Results, took: float, clients: int) -> bool:
    """Print the figures; whether the targets are met."""
    total = sum(len(v) for v in results.latencies.values())
    everything = [t for v in results.latencies.values() for t in v]
    print(f"{clients} clients, {took:.1f} s, {total} requests, {total / took:.0f} requests/s")
    print(f"{'kind':10} {'requests':>9} {'per s':>7} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for kind, times in [*results.latencies.items(), ("all", everything)]:
        p50, p99 = percentile(times, 0.5) * 1000, percentile(times, 0.99) * 1000
        top = max(times, default=0.0) * 1000
        print(f"{kind:10} {len(times):9} {len(times) / took:7.0f} {p50:8.1f} {p99:8.1f} {top:8.1f}")
    print(f"errors: {len(results.errors)}", *results.errors[:10], sep="\n  ")
    law_rate = len(results.latencies["law"]) / took
    p99 = percentile(everything, 0.99) * 1000
    ok = not results.errors and law_rate >= 300 and p99 < 100
    print(
        f"targets: 0 errors, >= 300 law pages/s, p99 < 100 ms: {'met' if ok else 'MISSED'} "
        f"({len(results.errors)} errors, {law_rate:.0f} law pages/s, p99 {p99:.1f} ms)"
    )
    return ok


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=32)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--warmup", type=float, default=20, help="seconds of load not measured")
    ap.add_argument("--threads", help="lawkb serve --threads (default: the server's)")
    ap.add_argument("--url", help="drive this server instead of starting lawkb serve")
    ap.add_argument("--data", type=Path, help="the server's data directory ($LAWKB_DATA)")
    ap.add_argument(
        "--encoding",
        default="",
        help='the Accept-Encoding the clients send (default: none; browsers: "gzip, deflate, br")',
    )
    ap.add_argument(
        "--aborts", type=int, default=200, help="reads aborted mid-answer after the run (200)"
    )
    args = ap.parse_args()

    def measure(url: str) -> tuple[Results, float]:
        asyncio.run(run(url, args.clients, args.warmup, None, args.encoding))
        results = Results()
        return results, asyncio.run(run(url, args.clients, args.seconds, results, args.encoding))

    if args.url:
        results, took = measure(args.url)
        ok = report(results, took, args.clients)
        return 0 if survived(args.url, args.aborts, None) and ok else 1
    port = free_port()
    options = ["--threads", args.threads] if args.threads else []
    with serving(port, args.data, *options) as server:
        url = f"http://127.0.0.1:{port}"
        results, took = measure(url)
        rss = memory(server.pid)
        alive = survived(url, args.aborts, server)
    ok = report(results, took, args.clients)
    print(f"server memory: {rss['VmRSS']} resident, {rss['VmHWM']} at its peak")
    return 0 if ok and alive else 1


def abort_read(url: str, path: str, keep: int) -> None:
    """Ask for a page, read `keep` bytes of the answer and hang up with a reset (a reader
    leaving mid-page)."""
    parts = urlsplit(url)
    with socket.create_connection((parts.hostname, parts.port or 80), timeout=10) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: {parts.netloc}\r\n\r\n".encode())
        if keep:
            s.recv(keep)


def survived(url: str, aborts: int, server: subprocess.Popen | None) -> bool:
    """After the run: `aborts` reads aborted mid-answer, then whether the server is still
    up (its process alive, a page answered 200). Printed; a dead server fails the bench."""
    paths = ("/compare/12", "/fi/law/12", "/api/v1/laws/fi/12", "/search?q=revoke")
    for n in range(aborts):
        try:
            abort_read(url, paths[n % len(paths)], keep=(0, 1, 100, 4096)[n % 4])
        except OSError:
            break  # the server is gone: said below
    try:
        with urllib.request.urlopen(f"{url}/fi/law/12", timeout=10) as response:
            answered = response.status == 200
    except OSError:
        answered = False
    alive = answered and (server is None or server.poll() is None)
    print(f"server after the run and {aborts} aborted reads: {'alive' if alive else 'DEAD'}")
    return alive


if __name__ == "__main__":
    sys.exit(main())
