"""Candidates from Whoosh: each query word's score in each unit it matches, per document, and
the units holding a quoted phrase.

Whoosh provides the matching: each group's query (`kb.search.query.group_queries`) gives a
matcher (`Query.matcher`) that walks the postings of its terms, scored by BM25F
(`kb.search.weighting.LawBM25F`, here the term-frequency factor alone); a `Phrase` query's
matcher finds the units holding its words in a row. The project adds the weighting of a
word: per group, the best of its terms in a unit (`DisjunctionMax`, see `best_of`), times
the group's weight (`GROUP_WEIGHT`: its own title, its law's title, the exact form typed, on
top of its stems) and the word's rarity over all its forms in that document
(`weighting.idf`), so that a rare inflected form weighs what its word weighs. One pass over
a language's matchers serves every document of the language searched: their units are
numbered in runs (`Units.ranges`).

>>> ranges = {"a": [range(0, 3)], "b": [range(3, 6)]}
>>> in_ranges(iter([(1, 0.5), (4, 0.9), (7, 0.2)]), ranges)
{'a': {1: 0.5}, 'b': {4: 0.9}}
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass

from whoosh import query
from whoosh.searching import Searcher

from kb.search.analysis import Keys
from kb.search.query import Analysed, group_queries
from kb.search.weighting import idf

W_EXACT = 0.6  # bonus for the word exactly as typed (folded), on top of its stem
W_TITLE = 1.5  # the unit's own title
W_LAW = 1.5  # the title of the unit's law
GROUP_WEIGHT = {"text": 1.0, "exact": W_EXACT, "title": W_TITLE, "law": W_LAW}


@dataclass
class Word:
    """A query word in one document: its score in each unit it matches (all its terms and
    groups together), and the keys that mark it in a snippet."""

    typed: str
    keys: Keys
    stop: bool
    known: bool  # some unit holds the word itself (not only another form or a near spelling)
    scores: dict[int, float]
    in_law_title: frozenset[int]  # the units whose law's title holds the word
    marks: frozenset[str]


def postings(q: query.Query, searcher: Searcher) -> Iterator[tuple[int, float]]:
    """A query's matching units and scores, in order of their numbers (Whoosh's matcher)."""
    m = q.matcher(searcher)
    while m.is_active():
        yield m.id(), m.score()
        m.next()


def best_of(q: query.Query, searcher: Searcher) -> Iterator[tuple[int, float]]:
    """A `DisjunctionMax` query's matching units, each with its best term's score (each
    term's matcher walked on its own: Whoosh's `DisjunctionMaxMatcher` scores a unit by the
    better of two sub-matchers even where only one of them matches it)."""
    best: dict[int, float] = {}
    for term in q.subqueries:
        get = best.get
        for doc, score in postings(term, searcher):
            if score > get(doc, 0.0):
                best[doc] = score
    return iter(sorted(best.items()))


def in_ranges(
    found: Iterator[tuple[int, float]], ranges: dict[str, list[range]]
) -> dict[str, dict[int, float]]:
    """Matches split by document: those in each document's ranges of unit numbers."""
    cuts = sorted((r.start, r.stop, key) for key, rs in ranges.items() for r in rs)
    starts = [start for start, _, _ in cuts]
    out: dict[str, dict[int, float]] = {key: {} for key in ranges}
    for doc, score in found:
        at = bisect_right(starts, doc) - 1
        if at >= 0 and doc < cuts[at][1]:
            out[cuts[at][2]][doc] = score
    return out


def words(
    searcher: Searcher,
    language: str,
    typed: str,
    analysed: Analysed,
    stop: bool,
    ranges: dict[str, list[range]],
    sizes: dict[str, int],
) -> dict[str, Word]:
    """A typed word in each document of a language (`ranges`: their units' numbers; `sizes`:
    their numbers of units), from its analysis: per group, the best term in each unit (the
    group's Whoosh query), weighed by the group and by the word's rarity in the document."""
    groups = {
        group: in_ranges(best_of(q, searcher), ranges)
        for group, q in group_queries(analysed.forms, language).items()
    }
    own = group_queries(analysed.own, language)
    out = {}
    for key in ranges:
        scores: dict[int, float] = {}
        for group, found in groups.items():
            best = found[key]
            weight = GROUP_WEIGHT[group] * idf(len(best), sizes[key])
            get = scores.get
            for doc, s in best.items():
                scores[doc] = get(doc, 0.0) + weight * s
        # a unit of this document holds one of the word's own terms
        known = any(held(q, searcher, ranges[key]) for q in own.values())
        law = frozenset(groups["law"][key]) if "law" in groups else frozenset()
        out[key] = Word(typed, analysed.keys, stop, known, scores, law, analysed.marks)
    return out


def held(q: query.Query, searcher: Searcher, ranges: list[range]) -> bool:
    """Whether a unit numbered in `ranges` matches a query."""
    m = q.matcher(searcher)
    for r in ranges:
        if not m.is_active():
            return False
        if m.id() < r.start:
            m.skip_to(r.start)
            if not m.is_active():
                return False
        if m.id() < r.stop:
            return True
    return False


def phrase_units(
    searcher: Searcher, phrases: list[query.Query], ranges: list[range]
) -> set[int] | None:
    """The units numbered in `ranges` that match every phrase query (None: no phrase)."""
    if not phrases:
        return None
    found: set[int] | None = None
    for q in phrases:
        docs = {doc for doc, _ in postings(q, searcher) if any(doc in r for r in ranges)}
        found = docs if found is None else found & docs
    return found
