"""The built knowledge base held in memory for the site: read once per build, never per request.

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
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from kb import store
from kb.core.ids import LAW_LEVELS, law_of
from kb.core.memory import loading
from kb.core.model import Unit
from kb.crosslang import misprints
from kb.profiles import add_document

LAW_TREE = (*LAW_LEVELS, "table", "note")


def document_keys(manifest: dict) -> dict[str, str]:
    """The key of each document of a build, by id: its address (`kb.store.addresses`); each
    key and id is read with the profile of its document's language from then on
    (`kb.profiles.add_document`).

    >>> document_keys(store.read_manifest())["sk-2007"]
    'sk'
    """
    found = store.addresses(manifest)
    for doc_id, key in found.items():
        lang = manifest["documents"][doc_id]["meta"]["lang"]
        add_document(doc_id, lang)
        add_document(key, lang)
    return found


@dataclass
class Book:
    """One document of the knowledge base with its units indexed by id. `key` is its address
    in the build (its language's code for the language's main document, else its id: see
    `kb.core.model.addresses`), `id` its own id, `lang` its language."""

    key: str
    meta: dict
    units: list[Unit]
    unresolved: list[str] = field(default_factory=list)

    @cached_property
    def by_id(self) -> dict[str, Unit]:
        return {u.id: u for u in self.units}

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
            if current and (unit.id == current or unit.id.startswith(current + ".")):
                out.setdefault(current, []).append(unit)
        return out

    def law(self, number: str) -> Unit | None:
        """A law by number."""
        unit = self.by_id.get(number)
        return unit if unit is not None and unit.kind == "law" else None

    def law_units(self, number: str) -> list[Unit]:
        """A law and every unit below it, in document order."""
        return self._subtrees.get(number, [])

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
        self.books: dict[str, Book] = {}  # by address (`Book.key`)
        self.by_doc_id: dict[str, Book] = {}
        keys = document_keys(self.manifest)
        for doc_id, key in sorted(keys.items(), key=lambda pair: pair[1]):
            payload = json.loads((build / f"{doc_id}.json").read_text(encoding="utf-8"))
            units = [Unit.from_json(u) for u in payload["units"]]
            meta = {"id": doc_id, **payload["meta"]}
            self.books[key] = Book(key, meta, units, payload.get("unresolved", []))
            self.by_doc_id[doc_id] = self.books[key]
        self.misprints = misprints.find(self.books)
        for book in self.books.values():
            found = [m for m in self.misprints if m.lang == book.key]
            if book.kind == "lawbook":
                book.unresolved = [
                    f'{book.meta["source"]}:{m.ref["line"]}: "{m.ref["text"]}": {m.message()}'
                    for m in found
                ]

    @property
    def langs(self) -> list[str]:
        """The books' addresses (`Book.key`), in order."""
        return list(self.books)

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
        numbers = {u.id for b in self.books.values() for u in b.laws}
        return sorted(numbers, key=int)


_lock = threading.Lock()
_cache: dict[Path, tuple[str, Library]] = {}


def _build_marker(data: Path) -> str:
    link = store.current(data)
    try:
        return os.readlink(link)
    except OSError:
        return ""


def get_library(data: Path | str | None = None) -> Library:
    """The library of the current build (loaded once; reloaded when a build swaps in)."""
    data = Path(data or store.data_dir())
    marker = _build_marker(data)
    cached = _cache.get(data)
    if cached and cached[0] == marker:
        return cached[1]
    with _lock:
        cached = _cache.get(data)
        if cached and cached[0] == marker:
            return cached[1]
        with loading():
            library = Library(data)
        _cache[data] = (marker, library)
        return library
