"""The built knowledge base held in memory for the site: read once per build, never per request.

>>> lib = get_library()
>>> lib.book("fi").law("12").title
'KILPAILUNJOHTAJAN HARKINTAVALTA'
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
from kb.core.model import Unit
from kb.crosslang import misprints

LAW_TREE = (*LAW_LEVELS, "table", "note")


@dataclass
class Book:
    """One document of the knowledge base with its units indexed by id."""

    lang: str
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
        self.books: dict[str, Book] = {}
        for lang in sorted(self.manifest["documents"]):
            payload = json.loads((build / f"{lang}.json").read_text(encoding="utf-8"))
            units = [Unit.from_json(u) for u in payload["units"]]
            self.books[lang] = Book(lang, payload["meta"], units, payload.get("unresolved", []))
        self.misprints = misprints.find(self.books)
        for book in self.books.values():
            found = [m for m in self.misprints if m.lang == book.lang]
            if book.kind == "lawbook":
                book.unresolved = [
                    f'{book.meta["source"]}:{m.ref["line"]}: "{m.ref["text"]}": {m.message()}'
                    for m in found
                ]

    @property
    def langs(self) -> list[str]:
        return list(self.books)

    def book(self, lang: str) -> Book | None:
        return self.books.get(lang)

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
        library = Library(data)
        _cache[data] = (marker, library)
        return library
