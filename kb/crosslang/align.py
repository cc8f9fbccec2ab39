"""Alignment: the same unit in the other documents. Within an edition by canonical id; across
editions only through the corpus's explicit edition map (kb/crosslang/editions.py), never
by position; a director's card through the laws its topics cite.

>>> from kb.crosslang.library import get_library
>>> lib = get_library()
>>> [c.ids for c in counterparts(lib, "fi", "12.C.1.b") if c.lang == "tr"]
[['12.C.1.b']]
"""

from __future__ import annotations

from dataclasses import dataclass

from kb.crosslang import editions
from kb.crosslang.library import Book, Library


def N_(message: str) -> str:
    """Mark a message for the UI catalogs (translated where it is shown)."""
    return message


NOT_IN_EDITION = N_("not in the %(edition)s edition")  # filled with the edition's year
OTHER_REASONS = (
    N_("not in this translation"),
    N_("no counterpart known"),
    N_("not covered by the card"),
)


def not_in(edition: int) -> str:
    """Why a book of `edition` has no counterpart of a unit the edition map maps to nothing.

    >>> not_in(2007)
    'not in the 2007 edition'
    """
    return NOT_IN_EDITION % {"edition": edition}


@dataclass
class Counterpart:
    """What stands for a unit in another document (`lang`: the document's key in the
    library, `document`: its id): ids (empty when nothing does), whether the 2007->2017 map
    was used, and why nothing stands there."""

    lang: str
    ids: list[str]
    mapped: bool = False
    reason: str = ""
    document: str = ""


def counterpart(source: Book, target: Book, uid: str) -> Counterpart:
    """The units of `target` that correspond to unit `uid` of `source` (a law book's units
    are not read for it: their ids are listed; a card's topics are).

    >>> from kb.crosslang.library import get_library
    >>> lib = get_library()
    >>> counterpart(lib.book("fi"), lib.book("sk"), "12.C.1.b")
    Counterpart(lang='sk', ids=['12.C'], mapped=True, reason='', document='sk-2007')
    """
    if target.kind == "card":
        topics = [t.id for t in target.topics if uid in cited_in(t.cites, t, source)]
        reason = "not covered by the card" if not topics and "." not in uid else ""
        mapped = source.edition != target.edition
        return Counterpart(target.key, topics, mapped, reason, target.id)
    if source.kind == "card":
        unit = source.by_id.get(uid)
        cited = [c for c in (unit.cites if unit else []) if c in target.ids]
        return Counterpart(target.key, cited, source.edition != target.edition, "", target.id)
    if source.edition == target.edition:
        if uid in target.ids:
            return Counterpart(target.key, [uid], document=target.id)
        return Counterpart(target.key, [], False, "not in this translation", target.id)
    ids, known = editions.translate(uid, source.edition, target.edition)
    ids = [i for i in ids if i in target.ids]
    if ids:
        return Counterpart(target.key, ids, True, "", target.id)
    reason = not_in(target.edition) if known else "no counterpart known"
    return Counterpart(target.key, [], True, reason, target.id)


def cited_in(cites: list[str], card_unit, edition_of: Book) -> set[str]:
    """The ids a card unit's citations (in the card's edition) stand for in a book's edition.

    >>> from kb.crosslang.library import get_library
    >>> lib = get_library()
    >>> sorted(cited_in(["16.D"], lib.book("sv").by_id["topic.16"], lib.book("fi")))
    ['16.C']
    """
    card_edition = int(card_unit.edition)
    out: set[str] = set()
    for cited in cites:
        ids, _ = editions.translate(cited, card_edition, edition_of.edition)
        out.update(ids or [cited])
    return out


def counterparts(
    library: Library, lang: str, uid: str, among: list[str] | None = None
) -> list[Counterpart]:
    """The counterparts of a unit in every other document of the library (or of those
    `among` names)."""
    source = library.book(lang)
    if source is None:
        return []
    books = library.books.values() if among is None else [library.books[k] for k in among]
    return [counterpart(source, b, uid) for b in books if b is not source]
