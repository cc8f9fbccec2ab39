"""Aligned unit groups: the units of the chosen books that stand for one canonical id.

Groups are keyed by the ids of the law books of the reference edition (2017 when a 2017 book
is chosen, else the first law book's): those books ("peers") are joined on canonical id; a
law book of the other edition joins through the 2007 <-> 2017 map
(`kb.crosslang.align.counterpart`); a director's card joins where a law id it cites, read in
the reference edition through the map, is the group's id. Never by position or by counting units.

>>> from kb.crosslang.library import get_library
>>> a = align_books(get_library(), ["fi", "et", "sk"])
>>> a.peers, a.others, [u.id for u in a.group("16.C.3").units["sk"]]
(['fi', 'et'], ['sk'], ['16.D'])
>>> [u.id for u in a.group("16.C.3").units["et"]]
[]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from kb.core.ids import LAW_LEVELS, law_of, lineage
from kb.core.model import Unit
from kb.crosslang import align, editions
from kb.crosslang.library import Book, Library
from kb.qa.model import Where

LAW_TREE = (*LAW_LEVELS, "table")


@dataclass
class Group:
    """One canonical id and, per chosen language, the units standing for it (an empty list
    where nothing does); `mapped` are the languages joined through the map or a card's cites."""

    id: str
    units: dict[str, list[Unit]]
    mapped: frozenset[str] = frozenset()

    @property
    def law(self) -> str | None:
        return law_of(self.id)

    def unit(self, lang: str) -> Unit | None:
        """The unit of a language standing alone for the id (None: none, or several).

        >>> u = Unit("1", "law", "1", "", "", "fi", 2017, (1, 1))
        >>> Group("1", {"fi": [u], "et": []}).unit("fi") is u, Group("1", {"et": []}).unit("et")
        (True, None)
        """
        found = self.units.get(lang, [])
        return found[0] if len(found) == 1 else None


def merged_order(books: list[Book]) -> list[str]:
    """The law-tree ids of some books in document order: each book's ids, those it alone has
    placed after the id that precedes them in it.

    >>> from kb.crosslang.library import get_library
    >>> lib = get_library()
    >>> order = merged_order([lib.book("fi"), lib.book("et")])
    >>> order[order.index("16.C.2") + 1]  # only fi has 16.C.3
    '16.C.3'
    """
    order: list[str] = []
    seen: set[str] = set()
    for book in books:
        at = 0
        for unit in book.units:
            if unit.kind not in LAW_TREE:
                continue
            if unit.id in seen:
                at = order.index(unit.id) + 1
                continue
            order.insert(at, unit.id)
            seen.add(unit.id)
            at += 1
    return order


@dataclass
class Alignment:
    """The chosen books aligned: `peers` (law books of the reference edition, in the order
    chosen), `others` (law books of the other edition), `cards`, and the groups in order."""

    library: Library
    langs: list[str]
    edition: int | None
    peers: list[str]
    others: list[str]
    cards: list[str]
    groups: list[Group] = field(default_factory=list)
    _lines: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)

    def book(self, lang: str) -> Book:
        return self.library.books[lang]

    def source_lines(self, lang: str) -> tuple[str, ...]:
        """A book's source lines as its build parsed them (read once per alignment), where
        its findings are placed."""
        found = self._lines.get(lang)
        if found is None:
            found = self._lines[lang] = self.book(lang).source_lines()
        return found

    @cached_property
    def by_id(self) -> dict[str, Group]:
        return {g.id: g for g in self.groups}

    @cached_property
    def closing(self) -> dict[str, dict[str, list[Unit]]]:
        """Per chosen book, the children of each unit that carry a tail (`closings`)."""
        return {x: closings(self.book(x)) for x in self.langs}

    @cached_property
    def order(self) -> dict[str, int]:
        """Each group id's position (for sorting findings)."""
        return {g.id: n for n, g in enumerate(self.groups)}

    @cached_property
    def _positions(self) -> dict[str, dict[str, int]]:
        return {x: {u.id: n for n, u in enumerate(self.book(x).units)} for x in self.langs}

    def position(self, lang: str, uid: str) -> int:
        """A unit's place in its document (-1 when it has none).

        >>> from kb.crosslang.library import get_library
        >>> a = align_books(get_library(), ["fi"])
        >>> a.position("fi", "1") < a.position("fi", "1.A"), a.position("fi", "99")
        (True, -1)
        """
        return self._positions[lang].get(uid, -1)

    def group(self, uid: str) -> Group | None:
        return self.by_id.get(uid)

    def law_groups(self, number: str) -> list[Group]:
        """The groups of one law, in order.

        >>> from kb.crosslang.library import get_library
        >>> [g.id for g in align_books(get_library(), ["fi"]).law_groups("56")]
        ['56', '56.A', '56.B']
        """
        return [g for g in self.groups if g.law == number]

    def where(self, lang: str, uid: str, line: int | None = None) -> Where:
        """A side of a finding: the unit `uid` of a book at its first line (or at `line`), or,
        where the book lacks it, its nearest ancestor the book has (else its first unit).

        >>> from kb.crosslang.library import get_library
        >>> a = align_books(get_library(), ["et"])
        >>> a.where("et", "16.C.3").source, a.where("et", "16.C.2", 9).source
        ('corpus/et/et.txt:1039', 'corpus/et/et.txt:9')
        """
        book = self.book(lang)
        unit = next((book.by_id[i] for i in lineage(uid) if i in book.by_id), None)
        unit = unit or book.units[0]
        return Where(lang, unit.id, book.meta["source"], line or unit.lines[0])

    def side(self, lang: str, uid: str, words: str = "", line: int | None = None) -> Where:
        """A side of a finding pointing at the offending words: the unit (or its nearest
        ancestor the book has), the line and column of `words` in it, and its text (with the
        words it prints after its children; its title where it has no text of its own, as a
        law of sections only).

        >>> from kb.crosslang.library import get_library
        >>> a = align_books(get_library(), ["fi", "et"])
        >>> w = a.side("fi", "40.B.1.c", "jokainen jokainen")
        >>> w.place, w.words, w.text[:25]
        ('corpus/fi/fi.txt:1233:54', 'jokainen jokainen', 'Ellei Säännöistä Vastaava')
        """
        where = self.where(lang, uid, line)
        group = self.group(where.id)
        unit = (group.unit(lang) if group else None) or self.book(lang).by_id.get(where.id)
        if unit is None:
            return where
        end = max([unit.lines[1]] + [c.lines[1] for c in self.closing[lang].get(unit.id, [])])
        at, column = (where.line, 0)
        if words:
            source = self.source_lines(lang)
            at, column = locate(source, (unit.lines[0], end), words, line)
            if not column:  # words its footnotes print (tr 76A1's note: "olarak ta")
                notes = (locate(source, n.lines, words) for n in unit.footnotes)
                at, column = next((found for found in notes if found[1]), (at, column))
        return replace(where, line=at, column=column, words=words, text=unit.text or unit.title)

    def expected(self, lang: str, uid: str) -> list[str]:
        """The ids a book should have for group `uid`: the id itself in a peer, the ids the map
        gives in the other edition (none for a card: it covers what it chooses).

        >>> from kb.crosslang.library import get_library
        >>> a = align_books(get_library(), ["fi", "sk", "sv"])
        >>> a.expected("fi", "16.C"), a.expected("sk", "16.C"), a.expected("sv", "16.C")
        (['16.C'], ['16.D'], [])
        """
        if lang in self.peers:
            return [uid]
        if lang in self.others:
            ids, _ = editions.translate(uid, self.edition or 0, self.book(lang).edition)
            return ids
        return []

    def absent(self, lang: str, uid: str) -> bool:
        """Whether a book lacks every unit it should have for group `uid`.

        >>> from kb.crosslang.library import get_library
        >>> a = align_books(get_library(), ["fi", "et", "sk"])
        >>> a.absent("et", "16.C.3"), a.absent("sk", "16.C.3"), a.absent("sk", "23.A")
        (True, False, False)
        """
        expected = self.expected(lang, uid)
        return bool(expected) and not any(i in self.book(lang).by_id for i in expected)

    def coverage(self) -> dict[str, Any]:
        """Per document its edition, kind, title and source; per law and language the units
        present and the group ids missing (for a card: the topics citing the law); the parts
        outside the laws and the books that have them.

        >>> from kb.crosslang.library import get_library
        >>> c = align_books(get_library(), ["tr", "et"]).coverage()
        >>> c["documents"]["et"]["edition"], c["laws"]["30"]["et"]["missing"]
        (2017, ['30.B.2'])
        """
        documents = {
            lang: {**{k: self.book(lang).meta[k] for k in ("edition", "kind", "title", "source")},
                   "units": len(self.book(lang).units)}
            for lang in self.langs
        }  # fmt: skip
        laws: dict[str, dict[str, Any]] = {}
        for number in self.library.law_numbers:
            groups = self.law_groups(number)
            row: dict[str, Any] = {}
            for lang in self.langs:
                book = self.book(lang)
                if lang in self.cards:
                    row[lang] = {"topics": [t.id for t in book.topics_citing(number)]}
                else:
                    missing = [g.id for g in groups if self.absent(lang, g.id)]
                    row[lang] = {"units": len(book.law_units(number)), "missing": missing}
            laws[number] = row
        parts: dict[str, list[str]] = {}
        for lang in self.langs:
            for unit in self.book(lang).units:
                if unit.kind not in (*LAW_TREE, "definition", "topic"):
                    parts.setdefault(unit.id, []).append(lang)
        return {"documents": documents, "laws": laws, "parts": parts}


def _card_members(card: Book, edition: int) -> dict[str, list[Unit]]:
    """A card's topics by the ids (of `edition`) of the units they cite."""
    members: dict[str, list[Unit]] = {}
    for topic in card.topics:
        ids = {i for c in topic.cites for i in editions.translate(c, card.edition, edition)[0]}
        for uid in sorted(ids):
            members.setdefault(uid, []).append(topic)
    return members


def locate(
    text: Sequence[str], lines: tuple[int, int], words: str, line: int | None = None
) -> tuple[int, int]:
    """The line and 1-based column where `words` (or their first ten characters) stand in a
    source's lines (`text`), searched from `line` (else the first of `lines`) to the last of
    `lines`; the line searched first and column 0 when they are not found.

    >>> from kb.crosslang.library import get_library
    >>> locate(get_library().book("fi").source_lines(), (1233, 1235), "jokainen jokainen")
    (1233, 54)
    """
    first = line or lines[0]
    probes = [p for p in dict.fromkeys((words, words[:10])) if p.strip()]
    for probe in probes:
        for n in range(first, max(first, lines[1]) + 1):
            at = text[n - 1].find(probe) if 0 < n <= len(text) else -1
            if at >= 0:
                return n, at + 1
    return first, 0


def closings(book: Book) -> dict[str, list[Unit]]:
    """The children of each unit that carry a tail: text the unit prints after them."""
    found: dict[str, list[Unit]] = {}
    for unit in book.units:
        if unit.tail and unit.parent:
            found.setdefault(unit.parent, []).append(unit)
    return found


def with_closing(unit: Unit, closing: dict[str, list[Unit]]) -> Unit:
    """A unit with the text it prints after its children (their tails) and the references
    in it, as the checks compare a unit's own words across books.

    >>> b = Unit("1.B", "section", "B.", "", "Lead:", "tr", 2017, (1, 3))
    >>> c = Unit("1.B.2", "subsection", "2.", "", "x", "tr", 2017, (2, 2), parent="1.B",
    ...          tail="Closing.")
    >>> with_closing(b, {"1.B": [c]}).text.split()
    ['Lead:', 'Closing.']
    """
    children = closing.get(unit.id, [])
    if not children:
        return unit
    text = "\n\n".join([unit.text, *(c.tail for c in children)]).strip()
    refs = unit.refs + [
        {k: v for k, v in r.items() if k != "field"}
        for c in children
        for r in c.refs
        if r.get("field") == "tail"
    ]
    return replace(unit, text=text, refs=refs)


def align_books(library: Library, langs: list[str]) -> Alignment:
    """Align the chosen books of the library (unknown languages are the caller's to refuse).

    >>> from kb.crosslang.library import get_library
    >>> a = align_books(get_library(), ["sv", "fi"])
    >>> a.edition, a.cards, [u.id for u in a.group("16").units["sv"]]
    (2017, ['sv'], ['topic.16'])
    >>> [u.id for u in a.group("30.A").units["sv"]]  # the card cites 2007 30B1, now 30A
    ['table.29']
    """
    books = [library.books[lang] for lang in langs]
    lawbooks = [b for b in books if b.kind == "lawbook"]
    editions_chosen = [b.edition for b in lawbooks]
    edition = max(editions_chosen, default=None)  # the newest edition chosen
    peers = [b for b in lawbooks if b.edition == edition]
    alignment = Alignment(
        library,
        list(langs),
        edition,
        [b.key for b in peers],
        [b.key for b in lawbooks if b.edition != edition],
        [b.key for b in books if b.kind == "card"],
    )
    cards = {lang: _card_members(library.books[lang], edition or 0) for lang in alignment.cards}
    closing = {b.key: closings(b) for b in peers}
    for uid in merged_order(peers):
        units: dict[str, list[Unit]] = {}
        for book in books:
            if book in peers:
                found = book.by_id.get(uid)
                units[book.key] = [with_closing(found, closing[book.key])] if found else []
            elif book.key in cards:
                units[book.key] = cards[book.key].get(uid, [])
            else:
                ids = align.counterpart(peers[0], book, uid).ids
                units[book.key] = [book.by_id[i] for i in ids]
        mapped = frozenset(alignment.others + alignment.cards)
        alignment.groups.append(Group(uid, units, mapped))
    return alignment
