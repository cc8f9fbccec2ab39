"""Search quality on tests/data/search_queries.tsv: queries a player or director would type,
each with the laws a director would accept, written by reading the five documents.

The relevant law must come first for at least 90% of the queries and among the first five
for at least 97%, overall and in every language; a nonsense query must find nothing.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from kb.search.searcher import Searcher, get_searcher
from tests.test_search import built_data

QUERIES = Path(__file__).parent / "data" / "search_queries.tsv"
TOP1, TOP5 = 0.90, 0.97


def read_queries() -> list[tuple[str, str, set[str], str]]:
    rows = []
    for line in QUERIES.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            lang, query, laws, what = line.split("\t")
            rows.append((lang, query, set(filter(None, laws.split(","))), what))
    return rows


ROWS = read_queries()


@pytest.fixture(scope="module")
def searcher(tmp_path_factory: pytest.TempPathFactory) -> Searcher:
    return get_searcher(built_data(tmp_path_factory))


def test_the_query_set_is_broad() -> None:
    per_lang = defaultdict(int)
    for lang, _, laws, _ in ROWS:
        per_lang[lang] += bool(laws)
    assert min(per_lang[lang] for lang in ("fi", "tr", "sk", "et")) >= 25
    assert per_lang["sv"] >= 20
    assert sum(not laws for _, _, laws, _ in ROWS) >= 10
    kinds = {what for *_, what in ROWS}
    assert {"capitals", "no diacritics", "typo", "phrase", "citation", "inflected"} <= kinds


def test_top1_and_top5_overall_and_per_language(searcher: Searcher) -> None:
    found: dict[str, list[tuple[bool, bool]]] = defaultdict(list)
    misses = []
    for lang, query, accepted, _ in ROWS:
        if not accepted:
            continue
        laws = [h["law"] for h in searcher.search(query, lang=lang, limit=5)["hits"]]
        first, five = bool(laws) and laws[0] in accepted, bool(accepted & set(laws))
        found[lang].append((first, five))
        found["all"].append((first, five))
        if not first:
            misses.append(f"{lang} {query!r}: want {sorted(accepted)}, got {laws}")
    report = {
        lang: (sum(f for f, _ in r) / len(r), sum(f for _, f in r) / len(r), len(r))
        for lang, r in found.items()
    }
    table = "\n".join(f"{k}: top-1 {a:.0%} top-5 {b:.0%} of {n}" for k, (a, b, n) in report.items())
    for lang, (top1, top5, _) in report.items():
        assert top1 >= TOP1 and top5 >= TOP5, f"{lang}\n{table}\n" + "\n".join(misses)


@pytest.mark.parametrize("lang", [None, "fi", "tr", "sk", "et", "sv"])
def test_nonsense_finds_nothing(searcher: Searcher, lang: str | None) -> None:
    for _, query, accepted, _ in ROWS:
        if not accepted:
            result = searcher.search(query, lang=lang)
            assert result["total"] == 0 and result["hits"] == [], (lang, query)
