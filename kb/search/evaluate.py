"""Search quality on a situation set (tests/data/situations.tsv, situations_2.tsv,
situations_holdout.tsv): hit@1, hit@5 and mean reciprocal rank per language and kind of
query, for any engine.

Each set was written blind: a table situation, the language (`en`: English, run against every
book), the kind (`keywords`, `description`, `english`), the query and the laws a director
accepts, in the numbering of the book's edition (English: the newer edition of the edition
map). An English query run on a book of the older edition counts a hit when the unit found
carries one of the accepted laws in the newer edition (through the edition map); on each book
only the situations it covers (those with a query in the book's language: every situation on a
law book, a third of them on the card) are run.

>>> rows = [Situation("revoke", "fi", "keywords", "revokki", {"63"})]
>>> search = lambda q, lang: [("63.A", "63"), ("64", "64")]
>>> scores(rows, search, {"fi": 2017})[("fi", "keywords")]
Score(n=1, hit1=1.0, hit5=1.0, mrr=1.0)
>>> rows.append(Situation("revoke", "fi", "description", "en huomannut", {"64"}))
>>> scores(rows, search, {"fi": 2017})[("all", "native")]
Score(n=2, hit1=0.5, hit5=1.0, mrr=0.75)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from kb.core.ids import law_of
from kb.crosslang import editions
from kb.search.concepts import ENGLISH


@dataclass(frozen=True)
class Situation:
    """A query of the set: its situation, language, kind, words and accepted laws."""

    situation: str
    lang: str
    kind: str
    query: str
    laws: set[str]


@dataclass(frozen=True)
class Score:
    """The quality of a group of queries: how many, hit@1, hit@5, mean reciprocal rank."""

    n: int
    hit1: float
    hit5: float
    mrr: float


def read_situations(path: Path) -> list[Situation]:
    """The rows of a situation set (comment lines and the header skipped).

    >>> rows = read_situations(Path("tests/data/situations.tsv"))
    >>> rows[0].lang, rows[0].kind, rows[0].laws
    ('fi', 'keywords', {'27'})
    """
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        situation, lang, kind, query, laws = line.split("\t")[:5]
        if lang == "lang":
            continue
        rows.append(Situation(situation, lang, kind, query, set(filter(None, laws.split(",")))))
    return rows


def read_unrelated(path: Path) -> list[tuple[str, str]]:
    """The (language, query) rows of a set of unrelated queries (tests/data/unrelated.tsv:
    everyday queries about anything but the laws, each of which should find nothing).

    >>> rows = read_unrelated(Path("tests/data/unrelated.tsv"))
    >>> len(rows) >= 60, sorted({lang for lang, _ in rows})
    (True, ['en', 'et', 'fi', 'sk', 'sv', 'tr'])
    """
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            lang, query = line.split("\t")[:2]
            rows.append((lang, query))
    return rows


def nothing_found(
    rows: list[tuple[str, str]], search: Callable[[str, str | None], dict]
) -> tuple[float, list[tuple[str, str]]]:
    """The share of unrelated queries (`read_unrelated`) that find nothing, searched in the
    book of their language (English: with no book chosen), and those that find something;
    `search(query, book)` returns a search's result.

    >>> nothing_found([("fi", "pizza"), ("en", "law")], lambda q, b: {"hits": [q] * (q == "law")})
    (0.5, [('en', 'law')])
    """
    found = [(lang, q) for lang, q in rows if search(q, None if lang == ENGLISH else lang)["hits"]]
    return 1 - len(found) / len(rows), found


def suggested(
    rows: list[Situation], search: Callable[[str, str], dict], books: Iterable[str]
) -> dict[str, tuple[int, int]]:
    """How often a search says "did you mean" on a situation set's queries, per language
    of the query (English ones on every book covering them, as `runs` does) and `all`: (the
    queries it suggests something for, the queries).

    >>> rows = [Situation("a", "fi", "keywords", "tikik", {"1"})]
    >>> suggested(rows, lambda q, b: {"did_you_mean": "tikki"}, ["fi"])
    {'fi': (1, 1), 'all': (1, 1)}
    """
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for s, book in runs(rows, books):
        said = search(s.query, book)["did_you_mean"] is not None
        for key in (s.lang, "all"):
            counts[key][0] += said
            counts[key][1] += 1
    return {key: (n, of) for key, (n, of) in counts.items()}


def runs(rows: list[Situation], books: Iterable[str]) -> list[tuple[Situation, str]]:
    """Each query with the book it runs on: a native query on its own book, an English one
    on each of `books` that covers its situation (has a query of its own for it).

    >>> r = [Situation("a", "fi", "keywords", "tarjous", {"29"}),
    ...      Situation("b", "fi", "keywords", "vaade", {"68"}),
    ...      Situation("a", "sv", "keywords", "bud", {"29"}),
    ...      Situation("a", "en", "english", "bid", {"31"}),
    ...      Situation("b", "en", "english", "claim", {"68"})]
    >>> [(s.query, b) for s, b in runs(r, ["fi", "sv"]) if s.lang == "en"]
    [('bid', 'fi'), ('bid', 'sv'), ('claim', 'fi')]
    """
    covered: dict[str, set[str]] = defaultdict(set)
    for s in rows:
        covered[s.lang].add(s.situation)
    out = []
    for s in rows:
        if s.lang != ENGLISH:
            out.append((s, s.lang))
        else:
            out += [(s, b) for b in books if s.situation in covered[b]]
    return out


def accepted(situation: Situation, edition: int, uid: str, law: str | None) -> bool:
    """Whether a hit (its unit id and law) answers a situation in a book of an edition.

    >>> s = Situation("x", "en", "english", "q", {"72"})
    >>> accepted(s, 2007, "23", "23"), accepted(s, 2017, "23", "23")
    (True, False)
    """
    if law in situation.laws:
        return True
    if situation.lang == ENGLISH and law:
        ids, _ = editions.translate(uid, edition, editions.default_map().editions[1])
        return any(law_of(i) in situation.laws for i in ids)
    return False


def scores(
    rows: list[Situation],
    search: Callable[[str, str], list[tuple[str, str | None]]],
    edition_of: dict[str, int],
) -> dict[tuple[str, str], Score]:
    """hit@1, hit@5 and MRR (over the first ten) per (book or `en:<book>`, kind), per
    `("all", kind)` and for `("all", "native")`, the keywords and descriptions together (the
    queries in a book's own language); `search(query, book)` returns the hits' (unit id,
    law) best first;
    `edition_of` is each book's edition (`Searcher.editions`: its document's metadata)."""
    ranks: dict[tuple[str, str], list[int]] = defaultdict(list)
    for s, book in runs(rows, edition_of):
        hits = search(s.query, book)[:10]
        edition = edition_of[book]
        rank = next((n for n, (u, law) in enumerate(hits, 1) if accepted(s, edition, u, law)), 0)
        key = f"en:{book}" if s.lang == ENGLISH else book
        ranks[(key, s.kind)].append(rank)
        ranks[("all", s.kind)].append(rank)
        if s.lang != ENGLISH:
            ranks[("all", "native")].append(rank)
    return {
        key: Score(
            len(r),
            sum(x == 1 for x in r) / len(r),
            sum(0 < x <= 5 for x in r) / len(r),
            sum(1 / x for x in r if x) / len(r),
        )
        for key, r in sorted(ranks.items())
    }


def table(found: dict[str, dict[tuple[str, str], Score]]) -> str:
    """The scores of several engines side by side, a line per (book, kind).

    >>> print(table({"x": {("fi", "keywords"): Score(2, 0.5, 1.0, 0.75)}}).splitlines()[-1])
    fi      keywords        2     50%   100%   0.75
    """
    names = list(found)
    head = f"{'book':7} {'kind':12} {'n':>4} " + " ".join(f"{n:>21}" for n in names)
    sub = f"{'':25} " + " ".join(f"{'@1':>7}{'@5':>7}{'MRR':>7}" for _ in names)
    lines = [head, sub]
    for key in found[names[0]]:
        cells = " ".join(
            f"{found[n][key].hit1:7.0%}{found[n][key].hit5:7.0%}{found[n][key].mrr:7.2f}"
            for n in names
        )
        lines.append(f"{key[0]:7} {key[1]:12} {found[names[0]][key].n:4} {cells}")
    return "\n".join(lines)
