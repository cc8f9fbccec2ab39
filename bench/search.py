"""Search latency and quality beside SQLite FTS5 and Ctrl-F, over the same units, one run.

    .venv/bin/python bench/search.py [--runs 5]

Builds the real corpus into a fresh data directory, timing the index build and measuring its
size; then runs the mixed query set (tests/data/search_queries.tsv: every language, words,
inflected forms, capitals, text typed without diacritics, typos, phrases, citations and
nonsense) through

- the searcher (`Searcher.search`, the function the JSON API calls), with the searcher open;
- the JSON API itself in process (`GET /api/v1/search` through Flask's test client);
- SQLite FTS5 over the same units (`unicode61 remove_diacritics 2`, the query's words joined
  with OR, ranked by bm25, `snippet()` escaped and marked the same way), building the same
  JSON-ready result;
- Ctrl-F: the first unit, in reading order, that holds the query as typed (case-insensitive).

The first pass over the queries is reported on its own ("cold": postings and words read for
the first time; not for the API, which runs after the searcher's first pass); then each
query's time is its median over `--runs` further passes, and p50/p95 are taken over the
queries. Quality is
the share of queries whose first hit (or first five) is a law a director accepts; a nonsense
query counts when nothing is found. Then hit@1, hit@5 and MRR on each situation set
(`kb.search.evaluate`) per book and kind of query, beside FTS5: tests/data/situations.tsv,
the first (its failures read while the thesaurus was written), situations_2.tsv (written
blind later; its failures read since), situations_holdout.tsv and situations_holdout_2.tsv
(each written blind, never read: the estimate for queries nobody has seen). Last, the share
of the unrelated queries (tests/data/unrelated.tsv: everyday queries about anything else,
written blind) that find nothing, and how often "did you mean" is said on each situation set.
"""

from __future__ import annotations

import argparse
import html
import shutil
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kb import store
from kb.pipeline import build
from kb.search.evaluate import (
    nothing_found,
    read_situations,
    read_unrelated,
    scores,
    suggested,
    table,
)
from kb.search.query import split_query
from kb.search.schema import SEARCHABLE
from kb.search.searcher import get_searcher
from kb.search.write import build_index, index_dir, indexed_law

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ROOT / "tests" / "data" / "search_queries.tsv"
SITUATIONS = sorted((ROOT / "tests" / "data").glob("situations*.tsv"))  # every set, in order
UNRELATED = ROOT / "tests" / "data" / "unrelated.tsv"
LIMIT = 10


def read_queries() -> list[tuple[str, str, set[str]]]:
    """(lang, query, accepted laws) per line of the query set."""
    rows = []
    for line in QUERIES.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            lang, query, laws = line.split("\t")[:3]
            rows.append((lang, query, set(filter(None, laws.split(",")))))
    return rows


class Fts5:
    """The same searchable units in an SQLite FTS5 table, searched the plain way."""

    def __init__(self, data: Path) -> None:
        self.db = sqlite3.connect(":memory:", check_same_thread=False)
        self.db.execute(
            "CREATE VIRTUAL TABLE units USING fts5(id UNINDEXED, lang UNINDEXED, law UNINDEXED,"
            " kind UNINDEXED, title, text, tokenize='unicode61 remove_diacritics 2')"
        )
        self.order: list[tuple[str, str, str, str]] = []  # reading order, for Ctrl-F
        for doc_id, lang in store.addresses(store.read_manifest(data)).items():
            for unit in store.load_units(doc_id, data):
                if unit.kind in SEARCHABLE:
                    row = (unit.id, lang, indexed_law(unit), unit.kind, unit.title, unit.text)
                    self.db.execute("INSERT INTO units VALUES (?, ?, ?, ?, ?, ?)", row)
                    self.order.append((lang, indexed_law(unit), unit.title, unit.text))

    def search(self, query: str, lang: str | None = None, limit: int = LIMIT) -> dict[str, Any]:
        words, _ = split_query(query)
        match = " OR ".join('"{}"'.format(w.replace('"', "")) for w in words)
        hits = []
        if match:
            rows = self.db.execute(
                "SELECT id, law, lang, kind, title, snippet(units, 5, char(2), char(3), '…', 24),"
                " bm25(units) FROM units WHERE units MATCH ? AND (? IS NULL OR lang = ?)"
                " ORDER BY bm25(units) LIMIT ?",
                (match, lang, lang, limit),
            ).fetchall()
            for uid, law, lg, kind, title, snip, score in rows:
                marked = html.escape(snip).replace("\x02", "<mark>").replace("\x03", "</mark>")
                hit = {"id": uid, "law": law or None, "lang": lg, "kind": kind, "title": title}
                hits.append(hit | {"snippet": marked, "score": -score})
        return {"query": query, "lang": lang, "hits": hits}

    def ctrl_f(self, query: str, lang: str) -> list[str]:
        """The law of the first unit, in reading order, holding the query as typed."""
        needle = query.lower()
        for lg, law, title, text in self.order:
            if lg == lang and needle in f"{title}\n{text}".lower():
                return [law]
        return []


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def percentiles(times: list[float]) -> tuple[float, float]:
    """p50 and p95 of a list of milliseconds."""
    cut = statistics.quantiles(times, n=20)
    return statistics.median(times), cut[18]


def quality(rows: list[tuple[str, str, set[str]]], laws_of: Callable) -> tuple[float, float]:
    """Top-1 and top-5 shares: a nonsense query counts when nothing is found."""
    top1 = top5 = 0
    for lang, query, accepted in rows:
        laws = laws_of(query, lang)
        if not accepted:
            top1 += not laws
            top5 += not laws
        else:
            top1 += bool(laws) and laws[0] in accepted
            top5 += any(law in accepted for law in laws[:5])
    return top1 / len(rows), top5 / len(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="warm passes over the queries")
    args = ap.parse_args()
    rows = read_queries()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        build(store.corpus_dir(), data)  # the knowledge base and its index
        shutil.rmtree(data / "indexes")  # time the index build on its own, from scratch
        index_dir(data).unlink()
        build_ms = timed(lambda: build_index(data))
        size = sum(f.stat().st_size for f in index_dir(data).resolve().iterdir())
        open_ms = timed(lambda: get_searcher(data))
        searcher = get_searcher(data)
        fts = Fts5(data)
        from kb.web import create_app

        client = create_app(data).test_client()

        def api(query: str, lang: str) -> None:
            client.get("/api/v1/search", query_string={"q": query, "lang": lang})

        engines: dict[str, Callable[[str, str], object]] = {
            "whoosh": lambda q, lang: searcher.search(q, lang=lang, limit=LIMIT),
            "fts5": lambda q, lang: fts.search(q, lang=lang, limit=LIMIT),
            "api": api,
        }
        cold: dict[str, list[float]] = {}
        passes: dict[str, list[list[float]]] = {name: [] for name in engines}
        for name in ("whoosh", "fts5"):  # the API's first pass would find the words kept
            run = engines[name]
            cold[name] = [timed(lambda q=q, lg=lg, run=run: run(q, lg)) for lg, q, _ in rows]
        for _ in range(args.runs):
            for name, run in engines.items():
                passes[name].append(
                    [timed(lambda q=q, lg=lg, run=run: run(q, lg)) for lg, q, _ in rows]
                )
        # A query's time is its median over the passes (the machine is shared: this keeps
        # another process's burst from counting as a slow query).
        warm = {
            name: [statistics.median(t) for t in zip(*runs, strict=True)]
            for name, runs in passes.items()
        }

        def laws(result: dict) -> list[str]:
            return [h["law"] for h in result["hits"]]

        quality_of = {
            "whoosh": quality(rows, lambda q, lg: laws(searcher.search(q, lang=lg))),
            "fts5": quality(rows, lambda q, lg: laws(fts.search(q, lang=lg))),
            "ctrl-f": quality(rows, fts.ctrl_f),
        }

        def ids_laws(result: dict) -> list[tuple[str, str | None]]:
            return [(h["id"], h["law"]) for h in result["hits"]]

        situation_scores = {
            path.name: {
                "this search": scores(
                    situations,
                    lambda q, b: ids_laws(searcher.search(q, lang=b, limit=LIMIT)),
                    searcher.editions,
                ),
                "fts5": scores(
                    situations,
                    lambda q, b: ids_laws(fts.search(q, lang=b, limit=LIMIT)),
                    searcher.editions,
                ),
            }
            for path in SITUATIONS
            for situations in [read_situations(path)]
        }
        unrelated = read_unrelated(UNRELATED)
        nothing = {
            "whoosh": nothing_found(unrelated, lambda q, b: searcher.search(q, lang=b)),
            "fts5": nothing_found(unrelated, lambda q, b: fts.search(q, lang=b)),
        }
        suggestions = {
            path.name: suggested(
                read_situations(path), lambda q, b: searcher.search(q, lang=b), searcher.editions
            )
            for path in SITUATIONS
        }
    langs = len({r[0] for r in rows})
    print(f"queries: {len(rows)} in {langs} languages; warm passes: {args.runs}")
    print(
        f"index build: {build_ms / 1000:.2f} s; size: {size / 1e6:.1f} MB; open: {open_ms:.0f} ms"
    )
    print(f"{'':8} {'p50 ms':>8} {'p95 ms':>8} {'cold p50':>9} {'cold p95':>9}")
    figures = {}
    for name in engines:
        p50, p95 = percentiles(warm[name])
        figures[name] = (p50, p95)
        first = "{:9.2f} {:9.2f}".format(*percentiles(cold[name])) if name in cold else ""
        print(f"{name:8} {p50:8.2f} {p95:8.2f} {first}")
    (w50, w95), (f50, f95) = figures["whoosh"], figures["fts5"]
    first = percentiles(cold["whoosh"])[1] / percentiles(cold["fts5"])[1]
    print(f"whoosh/fts5: p50 {w50 / f50:.1f}x, p95 {w95 / f95:.1f}x; first pass p95 {first:.1f}x")
    print(f"{'':8} {'top-1':>7} {'top-5':>7}")
    for name, (top1, top5) in quality_of.items():
        print(f"{name:8} {top1:7.0%} {top5:7.0%}")
    print(f"\nunrelated queries ({UNRELATED.name}, {len(unrelated)}) that find nothing:")
    for name, (share, found) in nothing.items():
        print(f"{name:8} {share:7.0%}" + (f"  (found: {found})" if name == "whoosh" else ""))
    print('\n"did you mean" said on the situation sets (per language of the query):')
    for name, counts in suggestions.items():
        cells = ", ".join(f"{k} {n}/{of}" for k, (n, of) in sorted(counts.items()))
        n, of = counts["all"]
        print(f"{name:26} {n / of:6.1%}  ({cells})")
    for name, engines_scores in situation_scores.items():
        print(f"\nsituations ({name}; English queries run on every book, as en:<book>):")
        print(table(engines_scores))


if __name__ == "__main__":
    main()
