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

>>> from kb.search.searcher import get_searcher
>>> s, revokki = get_searcher(), query.DisjunctionMax([query.Term("exact_fi", "revokki")])
>>> with s.whoosh() as w:
...     found = best_of(revokki, parts(w, s.units.ranges), s.units.ranges)
>>> len(found["fi"]), found["tr"]
(15, {})
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from whoosh import query
from whoosh.searching import Searcher

from kb.search.analysis import Keys
from kb.search.query import Analysed, group_queries
from kb.search.schema import field
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


Parts = list[tuple[Searcher, int, list[tuple[range, str]]]]  # see `parts`


def parts(searcher: Searcher, ranges: dict[str, list[range]]) -> Parts:
    """Each segment of the index (Whoosh's leaf searchers) with its first unit's number and,
    in its own numbers, the ranges of the documents searched that fall in it, each with its
    document, in order (the segments a search does not reach are left out).

    >>> from kb.search.searcher import get_searcher
    >>> with get_searcher().whoosh() as w:
    ...     [(at, inside) for _, at, inside in parts(w, {"x": [range(2)]})]
    [(0, [(range(0, 2), 'x')])]
    """
    out: Parts = []
    for sub, offset in searcher.leaf_searchers():
        end = offset + sub.doc_count_all()
        inside = sorted(
            (
                (range(max(r.start, offset) - offset, min(r.stop, end) - offset), key)
                for key, rs in ranges.items()
                for r in rs
                if r.start < end and r.stop > offset
            ),
            key=lambda p: p[0].start,
        )
        if inside:
            out.append((sub, offset, inside))
    return out


def matches(q: query.Query, found: Parts) -> Iterator[tuple[str, int, float]]:
    """A query's matching units in the documents of `found` (`parts`), with their document
    and score, each segment's matcher (`Query.matcher`) skipping to each range
    (`Matcher.skip_to`)."""
    for sub, offset, inside in found:
        m = q.matcher(sub)
        for r, key in inside:
            if not m.is_active():
                break
            if m.id() < r.start:
                m.skip_to(r.start)
            while m.is_active() and (doc := m.id()) < r.stop:
                yield key, doc + offset, m.score()
                m.next()


def postings(
    q: query.Query, searcher: Searcher, ranges: list[range] | None = None
) -> Iterator[tuple[int, float]]:
    """A query's matching units and scores, in order of their numbers, only those numbered in
    `ranges` (None: all)."""
    every = [range(0, searcher.doc_count_all())] if ranges is None else ranges
    return ((doc, score) for _, doc, score in matches(q, parts(searcher, {"": every})))


def best_of(
    q: query.Query,
    found: Parts,
    keys: Iterable[str],
    own: AbstractSet[tuple[str, str]] = frozenset(),
    held: set[str] | None = None,
) -> dict[str, dict[int, float]]:
    """A `DisjunctionMax` query's matching units in each document (`keys`, numbered in
    `found`), each with its best term's score (each term's matcher walked on its own:
    Whoosh's `DisjunctionMaxMatcher` scores a unit by the better of two sub-matchers even
    where only one of them matches it); the documents where one of the terms `own` (field,
    text) matches are added to `held`."""
    best: dict[str, dict[int, float]] = {key: {} for key in keys}
    for term in q.subqueries:
        mine = (term.fieldname, term.text) in own
        for key, doc, score in matches(term, found):
            found_in = best[key]
            if score > found_in.get(doc, 0.0):
                found_in[doc] = score
            if mine and held is not None:
                held.add(key)
    return best


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
    found = parts(searcher, ranges)
    own = {(field(f.field, language), f.term) for f in analysed.own}
    held: set[str] = set()  # the documents with a unit holding one of the word's own terms
    groups = {
        group: best_of(q, found, ranges, own, held)
        for group, q in group_queries(analysed.forms, language).items()
    }
    out = {}
    for key in ranges:
        scores: dict[int, float] = {}
        for group, found in groups.items():
            best = found[key]
            weight = GROUP_WEIGHT[group] * idf(len(best), sizes[key])
            get = scores.get
            for doc, s in best.items():
                scores[doc] = get(doc, 0.0) + weight * s
        known = key in held
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
