"""The indexed units as the ranking sees them: each unit's id, document, law and kind by its
Whoosh document number, each document's range of numbers, and the ways between them
(a law's units, a unit's subtree, the card's boxes citing a law, a concept's targets).

Whoosh provides the per-unit values (the index's columns `id`, `lang`, `law`, `kind`,
`cites`, read whole with `reader.column_reader`, so that ranking reads no stored text). The
project adds the relations between units, the edition map between the 2007 and 2017
numbering, and the glossary's links between definitions.

>>> u = Units(["63", "63.A", "def.revoke"], ["fi", "fi", "fi"], ["63", "63", ""],
...           ["law", "section", "definition"], ["", "", ""], {"fi": 2017}, set())
>>> u.ranges["fi"], [u.docs[d].id for d in u.subtree(0)], sorted(u.by_law["63"])
([range(0, 3)], ['63', '63.A'], [0, 1])
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from sys import intern
from typing import NamedTuple

from whoosh.reading import IndexReader

from kb.core.ids import law_of, lineage
from kb.crosslang import editions
from kb.layers import glossary
from kb.layers.cite import parse_citation
from kb.search.concepts import Concept

TARGETS_KEPT = 50000  # concepts' targets kept per process, per book (see `targets`)


class Doc(NamedTuple):
    """What the ranking reads of a unit; its texts are read from the index when it is shown."""

    id: str
    lang: str  # its document's address
    law: str
    kind: str


class Units:
    """The units of an index, by Whoosh document number (`from_reader`)."""

    def __init__(
        self,
        ids: Sequence[str],
        langs: Sequence[str],
        laws: Sequence[str],
        kinds: Sequence[str],
        cites: Sequence[str],
        edition: dict[str, int],
        cards: set[str],
    ) -> None:
        self.docs = [Doc(*map(intern, row)) for row in zip(ids, langs, laws, kinds, strict=True)]
        self.edition, self.cards = edition, cards
        self.by_id = {(d.lang, d.id): n for n, d in enumerate(self.docs)}
        # each document's runs of numbers (a document is written as one run)
        self.ranges: dict[str, list[range]] = defaultdict(list)
        start = 0
        for n in range(1, len(self.docs) + 1):
            if n == len(self.docs) or self.docs[n].lang != self.docs[start].lang:
                self.ranges[self.docs[start].lang].append(range(start, n))
                start = n
        laws_seen: dict[tuple[str, str], int] = {}  # a law of a book (or a unit outside laws)
        self.law_key = [
            laws_seen.setdefault((d.lang, d.law or d.id), len(laws_seen)) for d in self.docs
        ]
        self.by_law: dict[str, set[int]] = defaultdict(set)  # a law's units in every book
        self.in_law: dict[int, list[int]] = defaultdict(list)  # a law's units in its book
        self.citing: dict[tuple[str, str], list[int]] = defaultdict(list)
        for n, (d, cited) in enumerate(zip(self.docs, cites, strict=True)):
            self.by_law[d.law].add(n)
            self.in_law[self.law_key[n]].append(n)
            for uid in cited.split():
                self.citing[(d.lang, uid)].append(n)
                self.by_law[law_of(uid) or d.law].add(n)  # a card's box: each law it cites
        self.subtrees: dict[int, tuple[int, ...]] = {}
        self.targets_of: dict[tuple, tuple[int, ...]] = {}

    @classmethod
    def from_reader(cls, reader: IndexReader, edition: dict[str, int], cards: set[str]) -> Units:
        """The units of an open index (its columns)."""
        columns = [list(reader.column_reader(name)) for name in ("id", "lang", "law", "kind")]
        cites = list(reader.column_reader("cites"))
        return cls(*columns, cites, edition, cards)

    def law_filter(self, law: str | None) -> set[int] | None:
        """The units of the law a filter names (`63`, `Law 63`, `laki 63`): none for a
        filter that names no law, None (all units) for no filter.

        >>> u = Units(["63"], ["fi"], ["63"], ["law"], [""], {"fi": 2017}, set())
        >>> u.law_filter("Law 63"), u.law_filter("xyz"), u.law_filter("")
        ({0}, set(), None)
        """
        if not law:
            return None
        uid = parse_citation(law[:40])
        return self.by_law.get(law_of(uid) or "", set()) if uid else set()

    def subtree(self, doc: int) -> tuple[int, ...]:
        """A unit and the units inside it (kept per unit)."""
        found = self.subtrees.get(doc)
        if found is None:
            unit = self.docs[doc]
            prefix = unit.id + "."
            law = self.in_law[self.law_key[doc]] if unit.law else ()
            inside = (n for n in law if self.docs[n].id.startswith(prefix))
            found = self.subtrees[doc] = (doc, *inside)
        return found

    def cited(self, lang: str, uid: str) -> tuple[int | None, bool]:
        """The unit a citation names in a document, and whether it names it: the unit with
        that id, else (on the card) the first unit citing it or the section or law around
        it; else, not named, the nearest unit around it (`16E` that does not exist: `16`)."""
        doc = self.by_id.get((lang, uid))
        if doc is not None:
            return doc, True
        for a in lineage(uid):
            citing = self.citing.get((lang, a))
            if citing:
                return citing[0], True
        outer = (self.by_id.get((lang, a)) for a in lineage(uid))
        return next((doc for doc in outer if doc is not None), None), False

    def targets(self, entry: Concept, lang: str) -> tuple[int, ...]:
        """A concept's targets as units of one document: the same id in a book of its
        edition, through the edition map in the other edition, the card's topics citing
        them, a definition through the glossary's links (kept per list of targets and book,
        the last `TARGETS_KEPT`: a situation's phrases, and the entries several books print
        alike, share theirs)."""
        key = (entry.targets, entry.source, entry.edition, lang)
        found = self.targets_of.get(key)
        if found is not None:
            return found
        out: list[int] = []
        for uid in entry.targets:
            if uid.startswith("def."):
                concept = glossary.concept_of(entry.source, uid)
                ids = glossary.definitions_of(concept).get(lang, []) if concept else []
                ids = [uid] if lang == entry.source else ids
            else:
                ids, _ = editions.translate(uid, entry.edition, self.edition.get(lang, 0))
            for i in ids:
                doc, named = self.cited(lang, i)
                if doc is not None and (named or lang not in self.cards) and doc not in out:
                    out.append(doc)
        if len(self.targets_of) >= TARGETS_KEPT:
            self.targets_of.clear()
        found = self.targets_of[key] = tuple(out)
        return found

    def common_law(self, doc: int) -> str | None:
        """The law a unit of a law book belongs to, numbered as the newest edition numbers
        it (the books of an older edition number some laws otherwise: 2007 Law 23 is 2017's
        72C); None for a unit outside the laws and for a card's box (which covers several).

        >>> from kb.search.searcher import get_searcher
        >>> u = get_searcher().units
        >>> u.common_law(u.by_id[("sk", "23")]), u.common_law(u.by_id[("fi", "16.B")])
        ('72', '16')
        """
        unit = self.docs[doc]
        if not unit.law or unit.lang in self.cards:
            return None
        newest = max(self.edition.values())
        ids, _ = editions.translate(unit.law, self.edition[unit.lang], newest)
        return law_of(ids[0]) if ids else unit.law

    def law_named(self, doc: int, targets: Sequence[str], edition: int = 0) -> str | None:
        """The law a card's unit answers for a citation or a concept naming `targets` (of
        `edition`; 0: the card's own): a box of the card covers several laws (`IFRÅGASATT
        ANSPRÅK (68, 69, 70, 71)`), and the query names the one asked about (the first of the
        targets the unit cites); None for a unit of a law book, whose law is its own."""
        lang = self.docs[doc].lang
        if lang not in self.cards:
            return None
        for uid in targets:
            ids, _ = editions.translate(uid, edition or self.edition[lang], self.edition[lang])
            for i in ids:
                if law_of(i) and any(doc in self.citing.get((lang, a), ()) for a in lineage(i)):
                    return law_of(i)
        return None

    def citation(
        self, text: str, langs: list[str], lang: str | None, law_words: list[tuple[str, str]]
    ) -> tuple[tuple[str, int] | None, list[int], str | None]:
        """The unit a query names when it is a citation (`12C1`, `laki 12`, `Yasa 16B`), as
        (document, unit) in the document asked for (`lang`), else in the language whose law
        word (`law_words`: each with its language, longest first) the query begins with,
        else in the first of `langs` that has it; the units to list first (the one it names,
        or the nearest, in every document of `langs`) and the id typed.

        >>> u = Units(["12", "12.C"], ["fi", "fi"], ["12", "12"], ["law", "section"],
        ...           ["", ""], {"fi": 2017}, set())
        >>> u.citation("laki 12C", ["fi"], None, [("laki", "fi")])
        (('fi', 1), [1], '12.C')
        """
        if len(text) > 40 or not any(c.isdigit() for c in text):
            return None, [], None  # every citation has a law number
        uid = parse_citation(text)
        if uid is None:
            return None, [], None
        if lang is None:
            start = text.strip().lower()
            named = [lg for w, lg in law_words if start.startswith(w)][:1]
            langs = named + [lg for lg in langs if lg not in named]
        cited = [(lg, *self.cited(lg, uid)) for lg in langs]
        first = next(((lg, doc) for lg, doc, named in cited if named), None)
        return first, [doc for _, doc, _ in cited if doc is not None], uid
