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
>>> in_ranges({1: 0.5, 4: 0.9, 7: 0.2}, ranges)
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


def postings(
    q: query.Query, searcher: Searcher, ranges: list[range] | None = None
) -> Iterator[tuple[int, float]]:
    """A query's matching units and scores, in order of their numbers, only those numbered in
    `ranges` (sorted; None: all): each segment's matcher (`Query.matcher` of Whoosh's leaf
    searchers) walked over the ranges, skipping to each (`Matcher.skip_to`)."""
    for sub, offset in searcher.leaf_searchers():
        end = offset + sub.doc_count_all()
        inside = [
            range(max(r.start, offset) - offset, min(r.stop, end) - offset)
            for r in (ranges if ranges is not None else [range(offset, end)])
            if r.start < end and r.stop > offset
        ]
        if not inside:
            continue
        m = q.matcher(sub)
        for r in inside:
            if not m.is_active():
                break
            if m.id() < r.start:
                m.skip_to(r.start)
            while m.is_active() and (doc := m.id()) < r.stop:
                yield doc + offset, m.score()
                m.next()


def best_of(q: query.Query, searcher: Searcher, ranges: list[range]) -> dict[int, float]:
    """A `DisjunctionMax` query's matching units in `ranges`, each with its best term's score
    (each term's matcher walked on its own: Whoosh's `DisjunctionMaxMatcher` scores a unit
    by the better of two sub-matchers even where only one of them matches it)."""
    best: dict[int, float] = {}
    for term in q.subqueries:
        get = best.get
        for doc, score in postings(term, searcher, ranges):
            if score > get(doc, 0.0):
                best[doc] = score
    return best


def in_ranges(
    found: dict[int, float], ranges: dict[str, list[range]]
) -> dict[str, dict[int, float]]:
    """Matches split by document: those in each document's ranges of unit numbers."""
    if len(ranges) == 1:
        return {key: found for key in ranges}
    cuts = sorted((r.start, r.stop, key) for key, rs in ranges.items() for r in rs)
    starts = [start for start, _, _ in cuts]
    out: dict[str, dict[int, float]] = {key: {} for key in ranges}
    for doc, score in found.items():
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
    every = sorted((r for rs in ranges.values() for r in rs), key=lambda r: r.start)
    groups = {
        group: in_ranges(best_of(q, searcher, every), ranges)
        for group, q in group_queries(analysed.forms, language).items()
    }
    # the documents with a unit holding one of the word's own terms
    own = group_queries(analysed.own, language).values()
    held = in_ranges({doc: 1.0 for q in own for doc in best_of(q, searcher, every)}, ranges)
    out = {}
    for key in ranges:
        scores: dict[int, float] = {}
        for group, found in groups.items():
            best = found[key]
            weight = GROUP_WEIGHT[group] * idf(len(best), sizes[key])
            get = scores.get
            for doc, s in best.items():
                scores[doc] = get(doc, 0.0) + weight * s
        known = bool(held[key])
        law = frozenset(groups["law"][key]) if "law" in groups else frozenset()
        out[key] = Word(typed, analysed.keys, stop, known, scores, law, analysed.marks)
    return out


def phrase_units(
    searcher: Searcher, phrases: list[query.Query], ranges: list[range]
) -> set[int] | None:
    """The units numbered in `ranges` that match every phrase query (None: no phrase)."""
    if not phrases:
        return None
    found: set[int] | None = None
    for q in phrases:
        docs = {doc for doc, _ in postings(q, searcher, ranges)}
        found = docs if found is None else found & docs
    return found
