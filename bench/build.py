"""Cold build and no-op rebuild of the knowledge base, timed in one process.

    .venv/bin/python bench/build.py [--runs 5]

Each cold build parses every document of the real corpus into a fresh data directory; each
no-op rebuild checks the hashes of the up-to-date knowledge base and returns. The baseline is
reading and hashing the sources alone, so the ratios say what parsing and writing add. The
same two builds are then timed end to end as `lawkb build` commands (interpreter start-up
included). Targets (issue 2): cold build of the four books under 5 s, no-op rebuild under
0.5 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from kb import store
from kb.pipeline import build, code_hash, document_folders, document_hash, read_document


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    corpus = store.corpus_dir()
    code = code_hash()

    def baseline() -> None:
        for folder in document_folders(corpus):
            document_hash(folder, code)

    def parse_only() -> None:
        for folder in document_folders(corpus):
            read_document(folder, corpus.parent)

    with tempfile.TemporaryDirectory() as tmp:
        cold, noop = [], []
        for run in range(args.runs):
            data = Path(tmp) / f"run{run}"
            cold.append(timed(lambda data=data: build(corpus, data)))
            noop.append(timed(lambda data=data: build(corpus, data)))
        base = statistics.median(timed(baseline) for _ in range(args.runs))
        parse = statistics.median(timed(parse_only) for _ in range(args.runs))
        cli = [sys.executable, "-m", "kb.cli", "build"]
        env = {**os.environ, "LAWKB_DATA": str(Path(tmp) / "cli")}

        def command() -> None:
            subprocess.run(cli, env=env, check=True, capture_output=True)

        cli_cold, cli_noop = timed(command), timed(command)
    c, n = statistics.median(cold), statistics.median(noop)
    print(f"documents: {len(document_folders(corpus))} (median of {args.runs} runs)")
    print(f"baseline (read + hash sources): {base * 1000:8.1f} ms")
    print(
        f"parse and layers, no writing:   {parse * 1000:8.1f} ms  ({parse / base:6.1f}x baseline)"
    )
    print(f"cold build (with search index): {c * 1000:8.1f} ms  ({c / base:6.1f}x baseline)")
    print(f"no-op rebuild:                  {n * 1000:8.1f} ms  ({n / base:6.1f}x baseline)")
    print(f"`lawkb build` cold, end to end:  {cli_cold * 1000:8.1f} ms")
    print(f"`lawkb build` no-op, end to end: {cli_noop * 1000:8.1f} ms")
    worst_cold, worst_noop = max(c, cli_cold), max(n, cli_noop)
    print(
        f"targets: cold < 5000 ms {'ok' if worst_cold < 5 else 'MISSED'}; "
        f"no-op < 500 ms {'ok' if worst_noop < 0.5 else 'MISSED'}"
    )


if __name__ == "__main__":
    main()
