"""The edition map (the corpus's 2007 -> 2017 map): which unit of the newer edition of the
Laws carries the content of a unit of the older one.

Law numbers keep their subject in both editions, but letters moved in some laws (2007 16D is
2017 16C; 2007 Law 23 is 2017 72C). The map is data, read from the Slovak 2007 text against
the 2017 books (`corpus/edition-map-2007-2017.toml`, a fact of the corpus: the file's name
says which editions it maps); alignment across editions goes through it
and nothing else, never by position. `NO_COUNTERPART` (an empty tuple) is the answer for a unit
the other edition does not have.

>>> to_newer("16.D"), to_newer("23"), to_newer("13.E") == NO_COUNTERPART
(('16.C',), ('72.C',), True)
>>> to_older("72.C"), to_older("23.B") == NO_COUNTERPART
(('23',), True)
"""

from __future__ import annotations

import re
import tomllib
from bisect import bisect_left
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cache, cached_property
from itertools import takewhile
from pathlib import Path

from kb.core.ids import inside, law_of, lineage
from kb.store import corpus_dir

MAP_FILES = "edition-map-*-*.toml"  # in the corpus folder: edition-map-<older>-<newer>.toml
NO_COUNTERPART: tuple[str, ...] = ()
NONE = "none"  # the value in the data for "no counterpart"
TREE_PART = re.compile(r"\d{1,2}|[A-Za-z]|[ivx]+")  # a part of a law-tree id: 12, C, 1, b, iv


def section_of(uid: str) -> str:
    """A unit's section (or the unit itself when it is a law or a section, or not a unit of
    the law tree, such as a table: `77.table.1` is the same table in both editions).

    >>> section_of("12.C.1.b"), section_of("12"), section_of("77.table.1")
    ('12.C', '12', '77.table.1')
    """
    parts = uid.split(".")
    return ".".join(parts[:2]) if all(TREE_PART.fullmatch(p) for p in parts) else uid


def outermost(ids: list[str]) -> list[str]:
    """The ids without those inside another of them, in order.

    >>> outermost(["16.D", "16.D.1", "22.B"])
    ['16.D', '22.B']
    """
    return [i for i in ids if not any(a in ids for a in lineage(i)[1:])]


@dataclass(frozen=True)
class EditionMap:
    """The map: `entries` older id -> newer ids (NO_COUNTERPART when there is none), `new`
    the newer edition's units with no counterpart in the older one. A law with an entry lists
    all its sections of the older edition."""

    entries: dict[str, tuple[str, ...]]
    editions: tuple[int, int]  # the older and the newer edition it maps
    new: frozenset[str] = field(default_factory=frozenset)

    @cached_property
    def listed_laws(self) -> frozenset[str]:
        return frozenset(law_of(k) for k in self.entries)

    @cached_property
    def _older(self) -> tuple[list[str], dict[str, list[int]], list[str]]:
        """The older ids in the map's order, and where each newer id it names is mapped from
        (their positions), and those newer ids sorted: `to_older` looks them up instead of
        reading every entry (half a millisecond a unit, at a search's first query)."""
        positions: dict[str, list[int]] = defaultdict(list)
        for n, targets in enumerate(self.entries.values()):
            for target in targets:
                positions[target].append(n)
        return list(self.entries), dict(positions), sorted(positions)

    def to_newer(self, uid: str) -> tuple[str, ...]:
        """The newer edition's units of a unit of the older one: the entry of the unit or of
        its nearest listed ancestor, else the unit's own section.

        >>> m = EditionMap({"16.C": ("16.D",), "13.E": NO_COUNTERPART}, (2007, 2017))
        >>> m.to_newer("16.C.2.a"), m.to_newer("13.E"), m.to_newer("12.C.1.b")
        (('16.D',), (), ('12.C',))
        """
        for key in lineage(uid):
            if key in self.entries:
                return self.entries[key]
        return (section_of(uid),)

    def to_older(self, uid: str) -> tuple[str, ...]:
        """The older edition's units whose content a newer unit carries: none for a unit new
        in the newer edition; for a law, itself and the older units moved into it from other
        laws; else the older units mapped to it, inside it or around it, and its own section
        when its law is not listed.

        >>> m = EditionMap({"23": ("72.C",), "72.A": ("72.A",)}, (2007, 2017), frozenset({"23"}))
        >>> m.to_older("72.C"), m.to_older("72"), m.to_older("23.A"), m.to_older("5.A.1")
        (('23',), ('72', '23'), (), ('5.A',))
        """
        if any(key in self.new for key in lineage(uid)):
            return NO_COUNTERPART
        law = law_of(uid)
        keys, positions, targets = self._older
        # the entries mapped to the unit, to a unit around it, or to one inside it (for a
        # law: to any unit of it, from another law)
        found = {n for a in lineage(uid) for n in positions.get(a, ())}
        start = bisect_left(targets, uid + ".")
        for target in takewhile(lambda t: inside(t, uid), targets[start:]):
            found.update(positions[target])
        if uid == law:
            moved = [keys[n] for n in sorted(found) if law_of(keys[n]) != law]
            return (law, *outermost(moved))
        own = [] if law in self.listed_laws else [section_of(uid)]
        return tuple(own + outermost([keys[n] for n in sorted(found)]))


def load_map(path: Path | None = None) -> EditionMap:
    """The map from its data file (default: the corpus's edition map, `MAP_FILES`), the
    editions it maps read from the file's name.

    >>> m = load_map(); m.to_newer("32.B"), m.editions
    (('32.A',), (2007, 2017))
    """
    path = path or next(iter(sorted(corpus_dir().glob(MAP_FILES))), corpus_dir() / MAP_FILES)
    older, newer = path.stem.split("-")[-2:]
    with path.open("rb") as f:
        data = tomllib.load(f)
    entries = {}
    for key, value in data["map"].items():
        if value == NONE:
            entries[key] = NO_COUNTERPART
        elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            entries[key] = tuple(value)
        else:
            raise ValueError(f"{path}: {key} = {value!r}: a list of {newer} ids or {NONE!r}")
    new = frozenset(data.get(f"new_in_{newer}", []))
    return EditionMap(entries, (int(older), int(newer)), new)


@cache
def default_map() -> EditionMap:
    """The corpus's map, read once."""
    return load_map()


def prepare() -> tuple[int, int]:
    """Read the corpus's map and index it both ways now (a server does as it starts: the
    first query reaching a book of the other edition waited 3-4 ms for it); returns the
    editions it maps.

    >>> prepare()
    (2007, 2017)
    """
    found = default_map()
    found._older  # noqa: B018 (worked out once, kept)
    return found.editions


@cache  # the map is read once: each answer too (the alignment asks for every unit of each book)
def to_newer(uid: str) -> tuple[str, ...]:
    """The newer edition's units of a unit of the older one (`NO_COUNTERPART` when there is
    none)."""
    return default_map().to_newer(uid)


@cache
def to_older(uid: str) -> tuple[str, ...]:
    """The older edition's units of a unit of the newer one (`NO_COUNTERPART` when there is
    none)."""
    return default_map().to_older(uid)


def translate(uid: str, source: int, target: int) -> tuple[list[str], bool]:
    """A unit's ids in another edition, and whether the map knows the pair of editions (an
    empty list with True means: no counterpart).

    >>> translate("16.D.2", 2007, 2017), translate("16.D", 2017, 2017)
    ((['16.C.2'], True), (['16.D'], True))
    """
    if source == target:
        return [uid], True
    if (source, target) == default_map().editions:
        return list(to_newer(uid)), True
    if (target, source) == default_map().editions:
        return list(to_older(uid)), True
    return [], False
