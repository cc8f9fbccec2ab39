"""The knowledge base at N times today's corpus: build, start-up, memory, search and pages.

    .venv/bin/python bench/scale.py --copies 12

Copies every document of the corpus N times into a temporary corpus, each copy a document of
its own under an id of its own (`fi-2017`, then `fi2` ... `fiN`: its `document.toml` says so,
its `lang` unchanged, so it is read with its language's profile and is reached at `/fi2/...`),
and builds it with `lawkb build`, the code a new document takes. Then:

- `build_s`: the search index built again from the built knowledge base (`build_index`);
- `serve_first_200_s`: `lawkb serve` started until `/` answers 200;
- `law_page_p50_ms`: the first request of each law page of the first book, over HTTP (each
  page rendered once); `alignment_first_ms`: the server's first `/alignment`;
- `api_one_*`, `api_every_*`: the query set (tests/data/search_queries.tsv) through the JSON
  API of the started server once it says `search ready`, each query new to it, in the
  query's own language (`lang=<its language>`) and in every document (`lang=all`, every
  copy), p50 and p95 over HTTP;
- `rss_mb`: the server's resident memory after all of that;
- `fts5_*`: the same queries through SQLite FTS5 over the same units, in the query's
  language (`fts5_one_*`) and in every document (`fts5_every_*`), in this process: a
  baseline that tells this machine's pace, which moves from hour to hour.

Prints a table, then one JSON object as the last line.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ROOT / "tests" / "data" / "search_queries.tsv"
sys.path.insert(0, str(ROOT))  # this checkout's kb, in this process and the servers it starts

from tests.helpers.corpus import copy_corpus  # noqa: E402
from tests.helpers.servers import free_port, rss_mb, until_ready  # noqa: E402


def get(url: str) -> tuple[int, float]:
    """A GET's status and its time in ms."""
    start = time.perf_counter()
    with urllib.request.urlopen(url, timeout=60) as answer:
        answer.read()
        status = answer.status
    return status, (time.perf_counter() - start) * 1000


def percentile(times: list[float], p: float) -> float:
    times = sorted(times)
    return times[min(len(times) - 1, int(len(times) * p))]


def serve(env: dict[str, str], lang: str) -> dict[str, float]:
    """Start `lawkb serve`, time it to the first 200, then its first pages, its answers to
    the query set through the API once its search is ready, and its memory."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    cmd = [sys.executable, "-m", "kb.cli", "serve", "--port", str(port)]
    start = time.perf_counter()
    proc = subprocess.Popen(
        cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    try:
        while True:
            try:
                if get(base + "/")[0] == 200:
                    break
            except OSError:
                if proc.poll() is not None:
                    raise RuntimeError("lawkb serve stopped") from None
                time.sleep(0.02)
        first = time.perf_counter() - start
        alignment = get(base + "/alignment")[1]
        laws = [get(f"{base}/{lang}/law/{n}")[1] for n in range(1, 94)]
        until_ready(proc.stderr or ())  # its search opened, the lemma dictionaries loaded

        def api(query: str, scope: str) -> None:
            args = urllib.parse.urlencode({"q": query, "lang": scope})
            get(f"{base}/api/v1/search?{args}")

        scopes = {"one": lambda lang: lang, "every": lambda _: "all"}
        times = query_times(api, scopes, "api_{}")
        memory = rss_mb(proc.pid)
    finally:
        proc.terminate()
        proc.wait()
    return {
        "serve_first_200_s": first,
        "law_page_p50_ms": statistics.median(laws),
        "alignment_first_ms": alignment,
        **times,
        "rss_mb": memory,
    }


def queries() -> list[tuple[str, str]]:
    """The query set's queries (tests/data/search_queries.tsv), each with its language."""
    return [
        (lang, query)
        for line in QUERIES.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
        for lang, query in [line.split("\t")[:2]]
    ]


def query_times(
    search: Callable[[str, str | None], object],
    scopes: dict[str, Callable[[str], str | None]],
    key: str,
) -> dict[str, float]:
    """The p50 and p95 of the query set through `search(query, lang)`, in each scope (the
    `lang` a query is searched with, from its own), under `key` (its `{}` the scope's name)."""
    out = {}
    for name, scope in scopes.items():
        times = []
        for lang, query in queries():
            start = time.perf_counter()
            search(query, scope(lang))
            times.append((time.perf_counter() - start) * 1000)
        out[key.format(name) + "_p50_ms"] = statistics.median(times)
        out[key.format(name) + "_p95_ms"] = percentile(times, 0.95)
    return out


def fts5_times(data: Path) -> dict[str, float]:
    """The same queries through SQLite FTS5 over the same units (`Fts5` of bench/search.py),
    in the query's language and in every document: this machine's pace in the same process
    as the figures it stands beside (the machine's speed moves from hour to hour)."""
    from bench.search import Fts5

    fts = Fts5(data)
    scopes = {"one": lambda lang: lang, "every": lambda _: None}
    return query_times(fts.search, scopes, "fts5_{}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--copies", type=int, default=1)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        corpus, data = Path(tmp) / "corpus", Path(tmp) / "data"
        copy_corpus(ROOT / "corpus", corpus, args.copies)
        env = {
            **os.environ,
            "LAWKB_CORPUS": str(corpus),
            "LAWKB_DATA": str(data),
            "PYTHONPATH": str(ROOT),
        }
        os.environ.update(env)
        cli = [sys.executable, "-m", "kb.cli", "build"]
        subprocess.run(cli, env=env, check=True, capture_output=True)

        from kb import store
        from kb.search.write import build_index, index_dir

        manifest = store.read_manifest(data)
        units = sum(sum(d["counts"].values()) for d in manifest["documents"].values())
        shutil.rmtree(index_dir(data).resolve())
        start = time.perf_counter()
        build_index(data)
        build_s = time.perf_counter() - start
        index_mb = sum(p.stat().st_size for p in index_dir(data).resolve().rglob("*")) / 2**20
        result = {
            "copies": args.copies,
            "documents": len(manifest["documents"]),
            "units": units,
            "build_s": build_s,
            "index_mb": index_mb,
        }
        result.update(serve(env, "fi"))
        result.update(fts5_times(data))
    result = {k: round(v, 2) if isinstance(v, float) else v for k, v in result.items()}
    width = max(map(len, result))
    for key, value in result.items():
        print(f"{key:{width}}  {value:>10}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
