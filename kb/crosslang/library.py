"""The built knowledge base held in memory for the site: each book read once per build, at
the first request that needs it, never per request.

>>> lib = get_library()
>>> lib.book("fi").law("12").title
'KILPAILUNJOHTAJAN HARKINTAVALTA'
>>> lib.book("fi-2017") is lib.book("fi"), lib.book("sv-2007-card").key
(True, 'sv')
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections import OrderedDict
from functools import cached_property
from pathlib import Path
from typing import Any

from kb import store
from kb.core.code import packages_hash
from kb.core.ids import LAW_LEVELS, law_of, within
from kb.core.memory import collect, give_back, loading
from kb.core.model import Unit
from kb.crosslang import misprints
from kb.crosslang.misprints import Misprint
from kb.layers import cite
from kb.profiles import SHIPPED, Profiles

LAW_TREE = (*LAW_LEVELS, "table", "note")
MISPRINTS = "misprints.json"  # a build's misprints, judged across its books (`judge`)
MISPRINTS_CODE = ("crosslang", "layers", "data")  # what they are judged with
_read_lock = threading.Lock()  # one book read at a time
HELD = 24 * 2**20  # bytes: about what the units of the books read last take in memory
GRACE = 10.0  # seconds: a book read this recently is held whatever the budget
HELD_PER_BYTE = 6  # a book's units in memory, per byte of its built file (3.3 MB for 0.6 MB)
DERIVED = ("by_id", "laws", "_subtrees", "definitions", "topics")  # worked out from its units


class Held:
    """The books whose units are in memory, the least recently read first: a book read
    beyond the budget (in bytes, estimated from the size of each book's built file) lets go
    the least recently read ones not read in the last `GRACE` seconds (work that goes over
    many books again and again, an alignment report of sixty, never reads one twice), and
    those when their grace runs out (`shrink_at`), so a server holding sixty documents keeps
    only what its readers read now.

    >>> held = Held(budget=2 * HELD_PER_BYTE * 600_000, grace=0)
    >>> lib = get_library()
    >>> books = [Book(b.key, b.meta, b.path, held=held) for b in lib.books.values()]
    >>> [len(book.units) > 0 for book in books[:3]] and len(held.books) < 3
    True
    """

    def __init__(self, budget: int | None = None, grace: float | None = None) -> None:
        self.budget: int | None = budget  # None: every book read is held
        self.grace, self.size = GRACE if grace is None else grace, 0
        self.books: OrderedDict[int, tuple[Book, int, float]] = OrderedDict()
        self.lock = threading.Lock()
        self.later: threading.Timer | None = None  # the shrink due when a grace runs out

    def add(self, book: Book) -> None:
        """A book just read: held, and the least recently read let go while over budget."""
        size = HELD_PER_BYTE * book.path.stat().st_size
        with self.lock:
            self.books[id(book)] = (book, size, time.monotonic())
            self.size += size
            self._shrink()

    def touch(self, book: Book) -> None:
        """A book read again: the last to go."""
        with self.lock:
            held = self.books.get(id(book))
            if held is not None:
                self.books[id(book)] = (book, held[1], time.monotonic())
                self.books.move_to_end(id(book))

    def limit(self, budget: int | None) -> None:
        """Hold the books within a new budget from now on (letting go what is over it)."""
        with self.lock:
            self.budget = budget
            self._shrink()

    def settle(self) -> None:
        """Let go what is over the budget now, the books in their grace apart."""
        with self.lock:
            self._shrink()

    def shrink_at(self, when: float) -> None:
        """Settle at monotonic time `when` (a reader who stops reading leaves no book over
        the budget), once: a settling already due waits for it."""
        if self.later is None or not self.later.is_alive():
            delay = max(0.0, when - time.monotonic()) + 0.1
            self.later = threading.Timer(delay, self.settle)
            self.later.daemon = True
            self.later.start()

    def _shrink(self) -> None:
        recent, released = time.monotonic() - self.grace, False
        while self.budget is not None and self.size > self.budget and len(self.books) > 1:
            oldest, freed, last = next(iter(self.books.values()))
            if last > recent:  # over budget still when its grace runs out: let go then
                self.shrink_at(last + self.grace)
                break
            self.books.popitem(last=False)
            self.size -= freed
            oldest.release()
            released = True
        if released:
            give_back()  # the pages they held go back to the OS, not to a free list


def document_keys(manifest: dict) -> dict[str, str]:
    """The key of each document of a build, by id: its address (`kb.store.addresses`).

    >>> document_keys(store.read_manifest())["sk-2007"]
    'sk'
    """
    return store.addresses(manifest)


class Book:
    """One document of the knowledge base with its units indexed by id. `key` is its address
    in the build (its language's code for the language's main document, else its id: see
    `kb.core.model.addresses`), `id` its own id, `lang` its language. Its units are read from
    its built file (`path`) at first need (`units`), so that a server holding sixty documents
    keeps only those its visitors read; `fixes` are what judging the misprints across books
    changed in them (`MISPRINTS`), `unresolved` the references that name no unit, `laws` its
    laws' numbers and titles as the build's manifest lists them (None: read from its units)."""

    profiles: Profiles = SHIPPED  # the profiles it is read with (its library's)

    def __init__(
        self,
        key: str,
        meta: dict,
        path: Path,
        unresolved: list[str] | None = None,
        fixes: dict[str, dict[str, Any]] | None = None,
        laws: list[tuple[str, str]] | None = None,
        ids: str | None = None,
        held: Held | None = None,
        names: dict[str, str] | None = None,
    ) -> None:
        self.key, self.meta, self.path = key, meta, path
        self.unresolved = unresolved or []
        self.fixes = fixes or {}
        self._laws = laws
        self._ids = ids  # its units' ids as the build listed them (`ids`)
        self.held = held
        self._names = names  # the names it prints for its units, as the build listed them

    def read(self) -> dict[str, Any]:
        """The built document as stored (`kb.store`: meta, units, notes, unresolved...)."""
        return json.loads(self.path.read_text(encoding="utf-8"))

    def source_lines(self) -> tuple[str, ...]:
        """The lines of its source as the build parsed them (stored with the build: never the
        corpus as it is now, which may have changed or be unreadable); none when the build
        kept none.

        >>> get_library().book("tr").source_lines()[190][:25]
        'Destede, her biri onüç ka'
        """
        try:
            text = self.path.with_suffix(store.LINES).read_text(encoding="utf-8")
        except OSError:
            return ()
        return tuple(text.split("\n"))

    @property
    def units(self) -> list[Unit]:
        """The units in document order (read at first need, with the misprints' fixes
        applied; released when the books read since fill the library's budget, `Held`).

        >>> get_library().book("fi").units[0].id
        'front'
        """
        units = vars(self).get("_units")
        if units is None:
            with _read_lock, loading():
                units = vars(self).get("_units")  # read by another thread meanwhile?
                if units is None:
                    payload = self.read()
                    units = [Unit.from_json(u) for u in payload["units"]]
                    vars(self)["_notes"] = payload.get("notes", [])
                    for unit in units:
                        fixed = self.fixes.get(unit.id)
                        if fixed is not None:
                            unit.refs, unit.cited_by = fixed["refs"], fixed["cited_by"]
                    vars(self)["_units"] = units
                    if self.held is not None:
                        self.held.add(self)
        if self.held is not None:
            self.held.touch(self)
        return units

    @property
    def notes(self) -> list[str]:
        """What the parser met in its source, as "file:line: message" (read with its units).

        >>> [n[:47] for n in get_library().book("tr").notes if "marker 25" in n][0]
        'corpus/tr/tr.txt:2101: footnote marker 25 means'
        """
        return vars(self).get("_notes", []) if self.units else []  # (read with the units)

    @property
    def is_read(self) -> bool:
        """Whether its units are in memory now."""
        return "_units" in vars(self)

    def release(self) -> None:
        """Let its units go (and what was worked out from them); read again at next need."""
        for name in ("_units", "_notes", *DERIVED):
            vars(self).pop(name, None)

    @cached_property
    def law_titles(self) -> list[tuple[str, str]]:
        """Its laws' numbers and titles in order, without reading its units where the build
        listed them.

        >>> get_library().book("fi").law_titles[0]
        ('1', 'PAKKA')
        """
        return self._laws if self._laws is not None else [(u.id, u.title) for u in self.laws]

    @cached_property
    def law_numbers(self) -> list[str]:
        """Its laws' numbers in order (see `law_titles`).

        >>> get_library().book("fi").law_numbers[:3]
        ['1', '2', '3']
        """
        return [number for number, _ in self.law_titles]

    @cached_property
    def by_id(self) -> dict[str, Unit]:
        return {u.id: u for u in self.units}

    @cached_property
    def ids(self) -> frozenset[str]:
        """The ids of its units, without reading them where the build listed them: which
        units another document's counterparts are (sixty documents read for one unit's
        counterparts took a second and 136 MB).

        >>> "12.C.1.b" in get_library().book("fi").ids
        True
        """
        if self._ids is not None:
            return frozenset(self._ids.split())
        return frozenset(self.by_id)

    @cached_property
    def names(self) -> dict[str, str]:
        """The names it prints for its units outside the law's text (a definition's term, a
        card topic's title, the heading over a table: `kb.layers.cite.printed_name`), without
        reading its units where the build listed them.

        >>> get_library().book("sv").names["topic.62"], get_library().book("sk").names["77.table.4"]
        ('KORRIGERING AV REVOKE', 'NADZDVIHY')
        """
        if self._names is not None:
            return self._names
        return {u.id: name for u in self.units if (name := cite.printed_name(u))}

    @cached_property
    def laws(self) -> list[Unit]:
        """The laws in order (a card has none)."""
        return [u for u in self.units if u.kind == "law"]

    @cached_property
    def _subtrees(self) -> dict[str, list[Unit]]:
        out: dict[str, list[Unit]] = {}
        current = None
        for unit in self.units:
            if unit.kind == "law":
                current = unit.id
            if current and within(unit.id, current):
                out.setdefault(current, []).append(unit)
        return out

    def has_law(self, number: str) -> bool:
        """Whether the book has a law (without reading its units where the build listed them).

        >>> get_library().book("sv").has_law("12"), get_library().book("fi").has_law("12")
        (False, True)
        """
        return number in self.law_numbers

    def law(self, number: str) -> Unit | None:
        """A law by number."""
        unit = self.by_id.get(number) if self.units else None
        return unit if unit is not None and unit.kind == "law" else None

    def law_units(self, number: str) -> list[Unit]:
        """A law and every unit below it, in document order."""
        return self._subtrees.get(number, []) if self.units else []

    @cached_property
    def definitions(self) -> list[Unit]:
        return [u for u in self.units if u.kind == "definition"]

    @cached_property
    def topics(self) -> list[Unit]:
        """A card's topics and tables (they cite laws)."""
        return [u for u in self.units if u.kind in ("topic", "table") and u.cites]

    def topics_citing(self, law: str) -> list[Unit]:
        """The card units that cite a law (or one of its sections)."""
        return [u for u in self.topics if any(law_of(c) == law for c in u.cites)]

    @property
    def id(self) -> str:
        return self.meta.get("id") or self.key

    @property
    def lang(self) -> str:
        return self.meta["lang"]

    @property
    def edition(self) -> int:
        return int(self.meta["edition"])

    @property
    def kind(self) -> str:
        return self.meta["kind"]


def place(item: object, items: list) -> int:
    """Where an object itself (not an equal one) is in a list.

    >>> a, b = {}, {}
    >>> place(b, [a, b])
    1
    """
    return next(n for n, x in enumerate(items) if x is item)


def judge(library: Library) -> dict[str, dict[str, Any]]:
    """Judge the misprints of a library's law books against each other (reads every book;
    `kb.crosslang.misprints.find` updates their references in place): per document id, its
    unresolved references as `lawkb refs --unresolved` lists them, its units whose references
    or citers changed (`units`: what a book read later applies, see `Book.units`), and where
    each misprint is (`[unit id, its reference's place, the code's place]`).
    """
    found = misprints.find(library.books)
    out: dict[str, dict[str, Any]] = {}
    for book in library.books.values():
        mine = [m for m in found if m.lang == book.key]
        if book.kind == "lawbook":
            unresolved = [
                f'{book.meta["source"]}:{m.ref["line"]}: "{m.ref["text"]}": {m.message()}'
                for m in mine
            ]
        else:
            unresolved = book.read().get("unresolved", [])
        touched = {m.unit for m in mine} | {m.entry.get("id") for m in mine}
        places = [
            [m.unit, place(m.ref, book.by_id[m.unit].refs), place(m.entry, m.ref["misprints"])]
            for m in mine
        ]
        out[book.id] = {
            "unresolved": unresolved,
            "units": {
                u.id: {"refs": u.refs, "cited_by": u.cited_by}
                for u in book.units
                if u.id in touched
            },
            "misprints": places,
        }
    return out


def listed(entry: dict[str, Any]) -> list[tuple[str, str]] | None:
    """A document's laws as its manifest entry lists them (`kb.pipeline.listed_units`): numbers
    and titles, None for an entry made before it listed both.

    >>> listed({"laws": ["1"], "law_titles": ["PAKKA"]}), listed({"laws": ["1"]})
    ([('1', 'PAKKA')], None)
    """
    if "law_titles" not in entry:
        return None
    return list(zip(entry["laws"], entry["law_titles"], strict=True))


def misprints_key() -> str:
    """A hash of the code the misprints are judged with (`MISPRINTS_CODE`).

    >>> len(misprints_key())
    16
    """
    return packages_hash(MISPRINTS_CODE)[:16]


def stored_misprints(build: Path) -> dict[str, dict[str, Any]] | None:
    """The misprints a build stored (`judge`'s answer), None when it stored none or stored
    them with other code.

    >>> stored_misprints(Path("/nonexistent")) is None
    True
    """
    try:
        stored = json.loads((build / MISPRINTS).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    return stored["documents"] if stored.get("code") == misprints_key() else None


def save_misprints(data: Path, build: Path) -> None:
    """Store the misprints of a build's law books, judged across books, in its directory
    (`MISPRINTS`, with the key of the code that judged them), so that a library reads a book
    only when it is asked for; nothing is done when they are stored for this code.

    >>> stored_misprints(store.current(store.data_dir())) is not None  # by `lawkb build`
    True
    """
    if stored_misprints(build) is not None:
        return
    judged = {"code": misprints_key(), "documents": Library(data, build).judged}
    store.write_atomic(build / MISPRINTS, json.dumps(judged, ensure_ascii=False))


class Library:
    """Every document of one build of the knowledge base."""

    def __init__(self, data: Path, build: Path | None = None) -> None:
        self.data = data
        # Read every file from the one build the link names now (a build swapped in while
        # reading must not mix two builds), or from the build directory given (one being made).
        build = Path(os.path.realpath(build or store.current(data)))
        self.build_dir = build
        self.manifest = json.loads((build / "manifest.json").read_text(encoding="utf-8"))
        self.build_id = self.manifest.get("built", "")
        self.profiles = Profiles.of_build(build)  # this build's, frozen: no other's
        self.books: dict[str, Book] = {}  # by address (`Book.key`)
        self.held = Held()  # whose units are in memory: all (`get_library` sets a budget)
        self.by_doc_id: dict[str, Book] = {}
        keys = document_keys(self.manifest)
        judged = stored_misprints(build)
        for doc_id, key in sorted(keys.items(), key=lambda pair: pair[1]):
            entry = self.manifest["documents"][doc_id]
            mine = (judged or {}).get(doc_id, {})
            self.books[key] = Book(
                key,
                {"id": doc_id, **entry["meta"]},
                build / f"{doc_id}.json",
                mine.get("unresolved"),
                mine.get("units"),
                listed(entry),
                entry.get("ids"),
                self.held,
                entry.get("names"),
            )
            self.books[key].profiles = self.profiles  # its build's
            self.by_doc_id[doc_id] = self.books[key]
        if judged is None:  # a build stored without them (or by other code): judged now
            judged = judge(self)  # (it reads every book's units, again and again)
            for doc_id, book in self.by_doc_id.items():
                book.unresolved = judged[doc_id]["unresolved"]
                book.fixes = judged[doc_id]["units"]  # kept for a book read again
        self.judged: dict[str, dict[str, Any]] = judged

    @cached_property
    def misprints(self) -> list[Misprint]:
        """Every misprinted code of the law books (`kb.crosslang.misprints.find`, judged once
        per build), in book and line order; reads the books that have one.

        >>> [(m.lang, m.unit, m.entry["code"]) for m in get_library().misprints][:1]
        [('et', '6.D.3', '86C')]
        """
        found = []
        for doc_id, book in self.by_doc_id.items():
            for uid, ref, at in self.judged.get(doc_id, {}).get("misprints", []):
                held = book.by_id[uid].refs[ref]
                found.append(Misprint(book.key, uid, held, held["misprints"][at]))
        order = list(self.books)
        return sorted(found, key=lambda m: (order.index(m.lang), m.ref["line"]))

    @property
    def langs(self) -> list[str]:
        """The books' addresses (`Book.key`), in order."""
        return list(self.books)

    @cached_property
    def main_langs(self) -> list[str]:
        """The addresses of each language's main document (the one its code names), in
        order: what a comparison shows unless asked for others (with sixty documents, one
        column per language, not per document).

        >>> get_library().main_langs
        ['et', 'fi', 'sk', 'sv', 'tr']
        """
        return [key for key, book in self.books.items() if key == book.lang]

    @cached_property
    def shown_with(self) -> dict[str, list[str]]:
        """The documents each card's law is shown with, by the card's address: the card,
        then the law books of its edition and each language's main law book, in order (made
        once: a law page links every card).

        >>> get_library().shown_with
        {'sv': ['sv', 'et', 'fi', 'sk', 'tr']}
        """
        main = set(self.main_langs)
        return {
            card.key: [
                card.key,
                *(
                    key
                    for key, b in self.books.items()
                    if b.kind == "lawbook" and (b.edition == card.edition or key in main)
                ),
            ]
            for card in self.books.values()
            if card.kind == "card"
        }

    def book(self, key: str) -> Book | None:
        """A book by its address (a language's code names its main document) or its id."""
        return self.books.get(key) or self.by_doc_id.get(key)

    def key(self, asked: str) -> str:
        """The address of the book a language code or document id names, else `asked`.

        >>> get_library().key("sk-2007"), get_library().key("fi"), get_library().key("xx")
        ('sk', 'fi', 'xx')
        """
        book = self.book(asked)
        return book.key if book is not None else asked

    @cached_property
    def law_numbers(self) -> list[str]:
        """Every law number of any book, in order."""
        numbers = {n for b in self.books.values() for n in b.law_numbers}
        return sorted(numbers, key=int)


_lock = threading.Lock()
_cache: dict[Path, tuple[str, Library]] = {}


def _build_marker(data: Path) -> str:
    link = store.current(data)
    try:
        return os.readlink(link)
    except OSError:
        return ""


def get_library(data: Path | str | None = None, bounded: bool = True) -> Library:
    """The library of the current build (loaded once; reloaded when a build swaps in),
    holding the units of the books read last within `HELD` bytes (`Held`; not `bounded`:
    every book read, for a command that reads them all over and over)."""
    budget = HELD if bounded else None
    data = Path(data or store.data_dir())
    marker = _build_marker(data)
    cached = _cache.get(data)
    if not (cached and cached[0] == marker):
        with _lock:
            cached = _cache.get(data)
            if not (cached and cached[0] == marker):
                old = cached
                with loading():
                    cached = _cache[data] = (marker, Library(data))
                if old is not None:  # a rebuild: the old build's books go now
                    del old
                    collect()
    library = cached[1]
    if library.held.budget != budget:
        library.held.limit(budget)
    return library
