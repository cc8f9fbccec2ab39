"""Server time of every page type, in process (Flask's test client), on the real corpus.

    .venv/bin/python bench/pages.py [--rounds 3]

Each page of each type is requested `rounds` times after one warm-up pass; the figures are
the median, 95th percentile and maximum per type. The baseline is the cheapest page (the
404 page), so the ratios say what each page's content costs. The pages are first timed
rendered every time (the page cache off), then as the running site serves them (law and
compare pages kept rendered per build, see kb/web/cache.py). Target (issue 6): no page over
50 ms of server time, rendered.
"""

from __future__ import annotations

import argparse
import statistics
import time

from kb import store
from kb.pipeline import build
from kb.web import create_app
from kb.web.cache import caches


def pages(langs: list[str], laws: list[str]) -> dict[str, list[str]]:
    """The URLs to time, by page type (every law of every law book)."""
    return {
        "404 (baseline)": ["/xx/law/1"],
        "index": [f"/?lang={lang}" for lang in langs],
        "law": [f"/{lang}/law/{n}" for lang in langs if lang != "sv" for n in laws],
        "compare (all languages)": [f"/compare/{n}" for n in laws],
        "definitions": [f"/{lang}/definitions" for lang in langs if lang != "sv"],
        "search": [f"/search?q={q}" for q in ("revoke", "rangaistuskortti", "cezalı kart")],
        "cite": ["/cite?q=Law+12C1b", "/cite?q=Yasa+16B"],
        "alignment": ["/alignment"],
        "api unit": [f"/api/v1/units/{lang}/12.C.1" for lang in langs if lang != "sv"],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    build()
    client = create_app().test_client()
    langs = sorted(store.addresses(store.read_manifest()).values())
    with client.application.app_context():
        kept_pages = caches().pages
    budget = kept_pages.budget
    for title, kept in (("rendered every time", 0), ("as served (pages kept)", budget)):
        kept_pages.budget = kept
        print(f"-- {title}")
        table(client, pages(langs, [str(n) for n in range(1, 94)]), args.rounds)


def table(client, urls_by_kind: dict[str, list[str]], rounds: int) -> None:
    """Time every page and print the figures per page type."""
    rows, worst_url, worst = [], "", 0.0
    for kind, urls in urls_by_kind.items():
        for url in urls:
            client.get(url)
        times = []
        for _ in range(rounds):
            for url in urls:
                start = time.perf_counter()
                status = client.get(url).status_code
                took = (time.perf_counter() - start) * 1000
                assert status < 500, (url, status)
                times.append(took)
                if took > worst:
                    worst, worst_url = took, url
        times.sort()
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        rows.append((kind, len(urls), statistics.median(times), p95, times[-1]))
    base = rows[0][2]
    print(
        f"{'page type':26} {'pages':>5} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'p50/base':>9}"
    )
    for kind, n, p50, p95, top in rows:
        print(f"{kind:26} {n:5} {p50:8.1f} {p95:8.1f} {top:8.1f} {p50 / base:9.1f}")
    print(
        f"slowest page: {worst_url} {worst:.1f} ms; target: every page under 50 ms "
        f"{'ok' if worst < 50 else 'MISSED'}"
    )


if __name__ == "__main__":
    main()
