"""The one scoring formula of search: Whoosh's BM25F, with the counts of a unit's language.

Whoosh provides BM25F (`whoosh.scoring.BM25F`: its `bm25` function, a scorer per term that
reads the term's frequency and the unit's field length from the index). The project adds,
in `LawBM25F`, what one index of several languages needs: a field holds one language's
units (`text_fi`), so the number of units (for the inverse document frequency) and the
average field length are that language's, not the whole index's; the inverse document
frequency is BM25's own, `log(1 + (N - n + 0.5) / (n + 0.5))` (Whoosh's base class uses
`log(N / (n + 1)) + 1`). A word matches through several terms (its exact form, stems, other
forms of it, a near spelling), and a rare inflected form weighs what its word weighs: the
search scores each term with an inverse document frequency of 1 (`LawBM25F(rarity=False)`)
and applies the word's own, over all its forms together (`idf`). The concepts' matching
(`kb.search.concepts`) uses the same `idf` and `tf` for a situation's phrases.

Parameters: `B = 0.75`, `K1 = 1.2`, BM25's usual values: B 0.5 or 1.0, K1 0.9 or 1.6 moved
each query set by a point at most, some up, some down (docs/search.md has the table); the
fields' weights are in `kb.search.retrieve` (`GROUP_WEIGHT`).

>>> round(idf(1, 900), 2), round(idf(90, 900), 2)
(6.4, 2.3)
>>> round(tf(2, 10, 10), 3)  # a term twice in a field of average length
1.375

Whoosh's own search with it, over units of two languages (a field holds one's):

>>> from whoosh import fields, query
>>> from whoosh.filedb.filestore import RamStorage
>>> ix = RamStorage().create_index(fields.Schema(text_fi=fields.TEXT, text_tr=fields.TEXT))
>>> with ix.writer() as w:
...     w.add_document(text_fi="revokki tuli pysyväksi"); w.add_document(text_fi="tikki")
...     w.add_document(text_tr="revoke"); w.add_document(text_tr="kart")
>>> with ix.searcher(weighting=LawBM25F({"fi": 2, "tr": 2})) as s:
...     hit = s.search(query.Term("text_fi", "tikki"))[0]
>>> round(hit.score, 4) == round(idf(1, 2) * tf(1, 1, 2), 4)  # among the 2 Finnish units
True
"""

from __future__ import annotations

import math
from array import array

from whoosh import scoring
from whoosh.searching import Searcher

B, K1 = 0.75, 1.2
UNREAD = -1.0  # a unit's field length not read from the index yet


def idf(n: int, size: int) -> float:
    """BM25's inverse document frequency of a word found in `n` of `size` units.

    >>> round(idf(1, 900), 2), round(idf(900, 900), 4)
    (6.4, 0.0006)
    """
    return math.log(1 + (size - n + 0.5) / (n + 0.5))


def tf(freq: float, length: float, average: float, b: float = B, k1: float = K1) -> float:
    """BM25's term-frequency factor (Whoosh's `bm25` with an idf of 1): a term `freq` times in
    a field (or a group) `length` long, against the `average` length.

    >>> tf(1, 5, 5), round(tf(3, 5, 5), 3), round(tf(1, 10, 5), 3)
    (1.0, 1.571, 0.71)
    """
    return scoring.bm25(1.0, freq, length, average or 1.0, b, k1)


class LawBM25F(scoring.BM25F):
    """Whoosh's BM25F over one index of several languages: `units` is the number of units
    of each language (a field `name_xx` holds language `xx`'s); `rarity=False` scores the
    term-frequency factor alone (the caller applies the word's `idf`).

    >>> model = LawBM25F({"fi": 900})
    >>> model.units_of("text_fi"), model.units_of("text_tr")
    (900, 0)
    """

    def __init__(self, units: dict[str, int], rarity: bool = True) -> None:
        super().__init__(B=B, K1=K1)
        self.units = units
        self.rarity = rarity
        # each field's unit lengths as Whoosh reads them (`doc_field_length`), kept as read
        # (Whoosh reads a length from its file for every posting scored): one float per unit
        # of the index, by its number, `UNREAD` until read
        self.lengths: dict[str, array] = {}

    def units_of(self, fieldname: str) -> int:
        """The number of units of a field's language."""
        return self.units.get(fieldname.rpartition("_")[2], 0)

    def idf(self, searcher: Searcher, fieldname: str, text: str) -> float:
        """BM25's inverse document frequency of a term among its language's units."""
        n = searcher.get_parent().doc_frequency(fieldname, text)
        return idf(n, self.units_of(fieldname))

    def scorer(
        self, searcher: Searcher, fieldname: str, text: str, qf: int = 1
    ) -> scoring.BaseScorer:
        parent = searcher.get_parent()
        average = parent.field_length(fieldname) / (self.units_of(fieldname) or 1)
        rarity = self.idf(searcher, fieldname, text) if self.rarity else 1.0
        # a segment's searcher numbers its units from 0: the lengths are kept by the index's
        # numbers, the segment's offset added
        offset = next((at for sub, at in parent.subsearchers or () if sub is searcher), 0)
        lengths = self.lengths.get(fieldname)
        if lengths is None:  # (two threads at once: one array is kept, the other dropped)
            unread = array("f", [UNREAD]) * parent.doc_count_all()
            lengths = self.lengths.setdefault(fieldname, unread)
        return TermScorer(searcher, fieldname, rarity, average, lengths, offset)


class TermScorer(scoring.BaseScorer):
    """A term's BM25 score in a unit (Whoosh's scorer interface): `rarity` (its inverse
    document frequency, or 1) times `tf` of its weight in the unit's field (`lengths`: the
    field's lengths by the index's numbers, `UNREAD` where not read yet: `offset` is the
    segment's)."""

    def __init__(
        self,
        searcher: Searcher,
        fieldname: str,
        rarity: float,
        average: float,
        lengths: array,
        offset: int = 0,
    ) -> None:
        self.searcher, self.fieldname = searcher, fieldname
        self.rarity, self.average = rarity, average or 1.0
        self.lengths, self.offset = lengths, offset

    def supports_block_quality(self) -> bool:
        return False

    def score(self, matcher) -> float:
        doc = matcher.id()
        length = self.lengths[doc + self.offset]
        if length == UNREAD:
            length = self.searcher.doc_field_length(doc, self.fieldname, 1)
            self.lengths[doc + self.offset] = length
        return scoring.bm25(self.rarity, matcher.weight(), length, self.average, B, K1)

    def max_quality(self) -> float:
        return self.rarity * (K1 + 1)
