"""Misprinted references, judged against the other books of the edition.

A code that names no unit of its book (kb/layers/refs.py keeps it as a misprint of its reference),
or one whose target the other books contradict, links nowhere: it is shown as printed, with
what it likely means as a suggestion. The suggestion comes from the same unit (the same
canonical id) in the other books of the edition: the unit they cite there that reads most
like the printed code; a reviewed reference erratum (corpus/<lang>/document.toml) gives it
where the books cannot tell. A target is contradicted when every other book has the unit,
none cites the target (or a unit above or below it), and all of them cite one same unit
that reads like it and that this book's unit does not cite.

>>> similar("39.B.1.b.i", "30.B.1.b.i"), similar("30", "31"), similar("1.B.b.3", "16.B.3")
(True, False, True)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Protocol

from kb.core.ids import related
from kb.core.model import Unit
from kb.layers.cite import english_name, render


class Book(Protocol):
    """What this module reads of a book (`kb.crosslang.library.Book`, which calls `find`)."""

    key: str
    units: list[Unit]

    @property
    def kind(self) -> str: ...

    @property
    def edition(self) -> int: ...

    @property
    def by_id(self) -> dict[str, Unit]: ...


LIKE = 0.5  # how alike two ids must read (difflib ratio of their characters, over this)


def similar(a: str, b: str) -> bool:
    """Whether two unit ids read alike (a misprint of one could be the other)."""
    return SequenceMatcher(None, a.replace(".", ""), b.replace(".", "")).ratio() > LIKE


@dataclass
class Misprint:
    """A misprinted code of a reference: where (`lang`: the book's key), why, and what it
    likely means."""

    lang: str
    unit: str
    ref: dict
    entry: dict  # the code's entry in the reference's `misprints`

    def message(self) -> str:
        """What `lawkb refs --unresolved` and the QA report say of it."""
        return f"{self.entry['reason']}; {advice(self.entry)}"


def advice(entry: dict) -> str:
    """The note on a misprinted code, in English: what the other books cite, or what the
    reviewed erratum says it means.

    >>> advice({"suggestion": "30.B.1.b.i", "cited": {"fi": "30.B.1.b.i", "tr": "30.B.1.b.i"}})
    'misprint? the Finnish and Turkish books cite Law 30B1(b)(i)'
    >>> advice({"suggestion": "16.B.3", "cited": {"fi": "16.B.1.a", "tr": "16.B.3"}})
    'misprint? the Finnish book cites Law 16B1(a), the Turkish book Law 16B3'
    """
    if entry.get("why"):
        return f"misprint? probably {render(entry['suggestion'])} ({entry['why']})"
    by_uid: dict[str, list[str]] = {}
    for lang, uid in entry.get("cited", {}).items():
        by_uid.setdefault(uid, []).append(english_name(lang))
    if not by_uid:
        return "misprint? the other books cite nothing like it here"
    parts = []
    for n, (uid, names) in enumerate(by_uid.items()):
        books = " and ".join(names) + (" books" if len(names) > 1 else " book")
        verb = ("cite " if len(names) > 1 else "cites ") if n == 0 else ""
        parts.append(f"the {books} {verb}{render(uid)}")
    return "misprint? " + ", ".join(parts)


def cited(unit: Unit) -> list[str]:
    """The ids a unit's references link to, in order."""
    return list(dict.fromkeys(t for ref in unit.refs for t in ref["targets"]))


def likely(
    printed: str, unit: Unit, others: list[Book], own: list[str], ids: dict
) -> dict[str, str]:
    """For each other book having the unit, the unit it cites there that reads most like
    the printed id (if any does), among the units of this book (`ids`) not related to `own`
    (what this book cites beside the code)."""
    out: dict[str, str] = {}
    for other in others:
        there = other.by_id.get(unit.id)
        if there is None:
            continue
        fresh = [t for t in cited(there) if t in ids and not any(related(t, o) for o in own)]
        best = max(fresh, key=lambda t: SequenceMatcher(None, printed, t).ratio(), default=None)
        if best is not None and similar(printed, best):
            out[other.key] = best
    return out


def contradiction(target: str, unit: Unit, others: list[Book], ids: dict) -> dict[str, str]:
    """What the other books cite instead of a target of the unit (empty when they do not
    all have the unit, cite it or a unit above or below it, or disagree)."""
    theirs = [o.by_id.get(unit.id) for o in others]
    if len(theirs) < 2 or any(t is None for t in theirs):
        return {}
    if any(related(target, t) for there in theirs if there for t in cited(there)):
        return {}
    picks = likely(target, unit, others, [t for t in cited(unit) if t != target], ids)
    return picks if len(picks) == len(others) and len(set(picks.values())) == 1 else {}


def find(books: dict[str, Book]) -> list[Misprint]:
    """Every misprinted code of the law books, with its suggestion, and the targets the
    other books contradict (taken out of their references' links and of `cited_by`). The
    books' references are updated in place: run once per build (kb/crosslang/library.py)."""
    found: list[Misprint] = []
    contradicted: list[tuple[Book, Misprint, list]] = []
    for book in books.values():
        if book.kind != "lawbook":
            continue
        others = [
            b for b in books.values()
            if b.key != book.key and b.kind == "lawbook" and b.edition == book.edition
        ]  # fmt: skip
        for unit in book.units:
            for ref in unit.refs:
                for entry in ref.get("misprints", []):
                    if "suggestion" not in entry:
                        entry["cited"] = likely(
                            entry["id"], unit, others, ref["targets"], book.by_id
                        )
                        common = Counter(entry["cited"].values()).most_common(1)
                        entry |= {"suggestion": common[0][0]} if common else {}
                    found.append(Misprint(book.key, unit.id, ref, entry))
                for span in ref.get("spans", []):
                    instead = contradiction(span[2], unit, others, book.by_id)
                    if instead:
                        misprint = Misprint(book.key, unit.id, ref, {"cited": instead})
                        contradicted.append((book, misprint, span))
    for book, misprint, span in contradicted:
        take_out(book, misprint, span)
    order = list(books)
    every = found + [m for _, m, _ in contradicted]
    return sorted(every, key=lambda m: (order.index(m.lang), m.ref["line"]))


def take_out(book: Book, misprint: Misprint, span: list) -> None:
    """Make a contradicted code of a reference a misprint: no link, the other books'
    unit as its suggestion."""
    ref, (start, end, target) = misprint.ref, span
    code = ref["text"][start:end]
    misprint.entry = {
        "code": code,
        "id": target,
        "reason": f"{code} contradicts the other books",
        "at": [start, end],
        "cited": misprint.entry["cited"],
        "suggestion": next(iter(misprint.entry["cited"].values())),
    }
    ref["spans"].remove(span)
    ref.setdefault("misprints", []).append(misprint.entry)
    ref["unresolved"] = "; ".join(e["reason"] for e in ref["misprints"])
    if any(s[2] == target for s in ref["spans"]):
        return
    ref["targets"].remove(target)
    unit = book.by_id[misprint.unit]
    holder = book.by_id.get(target)
    if holder is not None and not any(target in r["targets"] for r in unit.refs):
        holder.cited_by.remove(unit.id)
