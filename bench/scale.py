"""The knowledge base at N times today's corpus, as a host meets it: build, start-up, novel
traffic over HTTP and in process, memory after that traffic, and pages behind nginx.

    .venv/bin/python bench/scale.py --copies 12 [--nginx]

Copies every document of the corpus N times into a temporary corpus, each copy a document of
its own (`fi-2017`, then `fi2` ... `fiN`, read with its language's profile, reached at
`/fi2/...`), then:

- `full_build_s`: `lawkb build --no-pages` of that corpus from nothing (parse, knowledge
  base, search index, alignment report: the build serves from then on); `pages_s`: what
  `lawkb build` does next, `lawkb render` (every page as files, in every UI language:
  `pages` of them, `pages_mb` on disk); `index_build_s`: the search index alone, built again;
- `serve_first_200_s`: `lawkb serve` started until `/` answers 200; `rss_ready_mb`: its
  memory when it says `search ready`;
- `law_page_first_*`: every law page of every document read once over HTTP (sent from the
  files the build wrote); `law_page_kept_*`: the same pages read again;
- `api_own_*`, `api_all_*`: searches through the JSON API over HTTP, from
  tests/data/bench_queries.tsv (written blind for this bench, never used for tuning), each
  (query, scope) pair asked once: in one document of the query's language (`own`) and in
  every document (`all`); `--searches` pairs in all (default 5,000);
- `rss_after_traffic_mb`: the server's memory after all of that reading and searching;
- `inproc_own_*`, `inproc_all_*`: the same queries through the search package in this
  process; `fts5_own_*`, `fts5_all_*`: through SQLite FTS5 over the same units, in this
  process: this machine's pace beside every search figure;
- with `--nginx` (and wrk installed): `lawkb deploy` with two workers, one law page read as
  the site's readers do (language cookie, brotli) for 10 s by wrk with 32 connections, sent by
  nginx from its files (`nginx_law_page_rps`) and by a worker directly (`app_law_page_rps`).

The copies are not alike (`--alike`: byte for byte): in each further copy of the fi and et
books every word of eight letters or more is spelled as that copy's own
(`tests.helpers.corpus.respelled`), so copies share no long word and no cache or compression
is flattered by repeats (the tr and sk books and the card are copied as they are: their
parsers or their made subject index lean on long words). Every figure reads each page and
asks each (query, scope) once.

Prints a table, then one JSON object as the last line.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ROOT / "tests" / "data" / "bench_queries.tsv"
sys.path.insert(0, str(ROOT))  # this checkout's kb, in this process and the servers it starts

from tests.helpers.corpus import copy_corpus  # noqa: E402
from tests.helpers.servers import free_port, rss_mb, until_ready  # noqa: E402


def get(url: str, headers: dict[str, str] | None = None) -> float:
    """A GET's time in ms (the whole answer read); a status over 399 is an error."""
    start = time.perf_counter()
    request = urllib.request.Request(url, headers=headers or {})
    with urllib.request.urlopen(request, timeout=60) as answer:
        answer.read()
    return (time.perf_counter() - start) * 1000


def summary(times: list[float], key: str) -> dict[str, float]:
    """The p50 and p95 of `times` under `key_p50_ms`, `key_p95_ms`."""
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return {f"{key}_p50_ms": statistics.median(ordered), f"{key}_p95_ms": p95}


def searches(keys: dict[str, list[str]], count: int) -> list[tuple[str, str, str]]:
    """`count` distinct (query, scope, kind) triples from the blind query set, in a fixed
    random order: each query in a document of its language (`own`; an English query in any
    law book) and in every document (`all`)."""
    pairs = []
    for line in QUERIES.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        lang, query = line.split("\t")[:2]
        own = keys.get(lang) or [k for ks in keys.values() for k in ks if k[:2] != "sv"]
        pairs += [(query, key, "own") for key in own] + [(query, "all", "all")]
    random.Random(45).shuffle(pairs)
    every = [pair for pair in pairs if pair[2] == "all"][: count // 2]
    return every + [pair for pair in pairs if pair[2] == "own"][: count - len(every)]


def serve(env: dict[str, str], data: Path, traffic: list[tuple[str, str, str]]) -> dict:
    """Start `lawkb serve`; its first 200, memory when ready, every law page read twice,
    the searches, and its memory after them."""
    from kb import store

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    argv = [sys.executable, "-m", "kb.cli", "serve", "--port", str(port)]
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)  # fmt: skip
    try:
        while True:
            try:
                get(base + "/")
                break
            except OSError:
                if proc.poll() is not None:
                    raise RuntimeError("lawkb serve stopped") from None
                time.sleep(0.02)
        result = {"serve_first_200_s": time.perf_counter() - start}
        until_ready(proc.stderr or ())
        result["rss_ready_mb"] = rss_mb(proc.pid)
        manifest = store.read_manifest(data)
        pages = [
            f"{base}/{key}/law/{number}"
            for doc_id, key in store.addresses(manifest).items()
            for number in manifest["documents"][doc_id].get("laws", [])
        ]
        result["law_pages"] = len(pages)
        result |= summary([get(url) for url in pages], "law_page_first")
        result |= summary([get(url) for url in pages], "law_page_kept")
        for kind in ("own", "all"):
            times = [
                get(f"{base}/api/v1/search?" + urllib.parse.urlencode({"q": q, "lang": scope}))
                for q, scope, k in traffic
                if k == kind
            ]
            result |= summary(times, f"api_{kind}")
        result["searches"] = len(traffic)
        result["rss_after_traffic_mb"] = rss_mb(proc.pid)
    finally:
        proc.terminate()
        proc.wait()
    return result


def in_process(data: Path, traffic: list[tuple[str, str, str]]) -> dict[str, float]:
    """The same searches through the search package and through FTS5, in this process."""
    from bench.search import Fts5
    from kb.core.model import EVERY
    from kb.search.searcher import get_searcher

    searcher, fts = get_searcher(data), Fts5(data)
    engines: dict[str, Callable[[str, str], object]] = {  # "all": every document, as the API
        "inproc": lambda q, scope: searcher.search(q, lang=scope),
        "fts5": lambda q, scope: fts.search(q, None if scope == EVERY else scope),
    }
    result = {}
    for name, search in engines.items():
        for kind in ("own", "all"):
            times = []
            for query, scope, k in traffic:
                if k == kind:
                    start = time.perf_counter()
                    search(query, scope)
                    times.append((time.perf_counter() - start) * 1000)
            result |= summary(times, f"{name}_{kind}")
    return result


def nginx_pages(env: dict[str, str], data: Path) -> dict[str, float]:
    """Law page 12 of the first book, read by wrk for 10 s with 32 connections as the
    site's readers read it (the `ui` cookie, brotli): through nginx, which sends the page's
    file, and from a worker directly."""
    if shutil.which("wrk") is None or shutil.which("nginx") is None:
        return {}
    port = free_port()
    argv = [sys.executable, "-m", "kb.cli", "deploy", "--host", "127.0.0.1", "--port",
            str(port), "--workers", "2"]  # fmt: skip
    proc = subprocess.Popen(argv, env=env, stderr=subprocess.PIPE, text=True)
    try:
        said = until_ready(proc.stderr or (), "lawkb workers)")
        threading.Thread(target=lambda: list(proc.stderr or ()), daemon=True).start()
        worker = next(m[1] for line in said if (m := re.search(r"port (\d+)", line)))
        headers = {"Cookie": "ui=en", "Accept-Encoding": "br"}
        get(f"http://127.0.0.1:{port}/fi/law/12", headers)  # rendered and kept
        out = {}
        for name, at in (("nginx", port), ("app", worker)):
            wrk = ["wrk", "-t2", "-c32", "-d10s", "-H", "Cookie: ui=en", "-H",
                   "Accept-Encoding: br", f"http://127.0.0.1:{at}/fi/law/12"]  # fmt: skip
            text = subprocess.run(wrk, capture_output=True, text=True, check=True).stdout
            out[f"{name}_law_page_rps"] = float(re.search(r"Requests/sec:\s+([\d.]+)", text)[1])
        return out
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--copies", type=int, default=1)
    ap.add_argument("--searches", type=int, default=5000)
    ap.add_argument("--nginx", action="store_true", help="pages behind nginx (needs wrk)")
    ap.add_argument("--alike", action="store_true", help="copies byte for byte")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        corpus, data = Path(tmp) / "corpus", Path(tmp) / "data"
        copy_corpus(ROOT / "corpus", corpus, args.copies, varied=not args.alike)
        env = {**os.environ, "LAWKB_CORPUS": str(corpus), "LAWKB_DATA": str(data),
               "PYTHONPATH": str(ROOT)}  # fmt: skip
        os.environ.update(env)
        start = time.perf_counter()
        argv = [sys.executable, "-m", "kb.cli", "--quiet", "build", "--no-pages"]
        subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
        result: dict = {"copies": args.copies, "alike": args.alike}
        result["full_build_s"] = time.perf_counter() - start
        start = time.perf_counter()
        argv = [sys.executable, "-m", "kb.cli", "--quiet", "render"]
        subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
        result["pages_s"] = time.perf_counter() - start
        files = list((data / "kb" / "pages").rglob("*.html.*"))
        result["pages"] = sum(p.name.endswith(".br") for p in files)
        result["pages_mb"] = sum(p.stat().st_size for p in files) / 2**20

        from kb import store
        from kb.search.write import build_index, index_dir

        manifest = store.read_manifest(data)
        keys: dict[str, list[str]] = {}
        for doc_id, key in store.addresses(manifest).items():
            keys.setdefault(manifest["documents"][doc_id]["meta"]["lang"], []).append(key)
        result["documents"] = len(manifest["documents"])
        index = index_dir(data).resolve()
        shutil.rmtree(index)
        start = time.perf_counter()
        build_index(data)
        result["index_build_s"] = time.perf_counter() - start
        result["index_mb"] = sum(p.stat().st_size for p in index.rglob("*")) / 2**20
        traffic = searches(keys, args.searches)
        result |= serve(env, data, traffic)
        result |= in_process(data, traffic)
        if args.nginx:
            result |= nginx_pages(env, data)
    result = {k: round(v, 2) if isinstance(v, float) else v for k, v in result.items()}
    width = max(map(len, result))
    for key, value in result.items():
        print(f"{key:{width}}  {value:>10}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
