"""A citation typed by a reader, resolved in the library: the one resolver of the site, the
API and the command line. A citation names a unit of a law book; which book is looked in
depends on what the reader asked: the book named (a law book), else the book of the
citation's own law word (`Yasa 16B`: Turkish), where a director's card stands for the law
books of its edition (the Swedish card's `lag 16D` is the 2007 books' 16D), then the reader's
book, then every other law book.

>>> from kb.crosslang.library import get_library
>>> found = resolve(get_library(), "lag 16D", "sv")
>>> found.book.id, found.resolution.id
('sk-2007', '16.D')
"""

from __future__ import annotations

from dataclasses import dataclass

from kb.crosslang.library import Book, Library
from kb.layers import cite
from kb.layers.cite import Resolution


@dataclass
class Cited:
    """A citation resolved in a book: its unit (`resolution.unit`), or why the book has
    none (`resolution.error`, `resolution.nearest`)."""

    book: Book
    resolution: Resolution

    @property
    def found(self) -> bool:
        return self.resolution.unit is not None

    def answer(self) -> dict[str, str | int]:
        """The unit found as the API and `lawkb cite --json` give it: its id, its citation
        in its book's style and the international one, its exact wording with its children,
        its language, document and edition.

        >>> from kb.crosslang.library import get_library
        >>> found = resolve(get_library(), "Yasa 12C1(a)", "tr").answer()
        >>> found["citation"], found["document"], found["text"][:22]
        ('Yasa 12C1(a)', 'tr-2017', '(a) Bir usulsüzlükten ')
        """
        uid, book = self.resolution.id, self.book
        return {
            "id": uid,
            "citation": cite.render(uid, book.lang, book.profiles),
            "international": cite.render(uid),
            "text": cite.full_text(uid, book.units),
            "lang": book.lang,
            "document": book.id,
            "edition": book.edition,
        }


def books_for(library: Library, query: str, lang: str = "", reader: str = "") -> list[str]:
    """The law books to look a citation up in, best first (see the module's docstring);
    `lang` is the book asked for (its address or id), `reader` the reader's own book.

    >>> from kb.crosslang.library import get_library
    >>> lib = get_library()
    >>> books_for(lib, "12C1", "fi"), books_for(lib, "lag 16D", "sv")[:2]
    (['fi'], ['sk', 'et'])
    >>> books_for(lib, "Yasa 16B")[0], books_for(lib, "16B", reader="et")[0]
    ('tr', 'et')
    """
    asked = library.key(lang) if lang and library.book(lang) is not None else ""
    first = library.book(asked or cite.citation_lang(query, library.profiles) or reader)
    if first is not None and first.kind == "lawbook" and first.key == asked:
        return [asked]
    hinted = [first.key] if first is not None else []
    if first is not None and first.kind == "card":
        hinted = [b.key for b in library.books.values() if b.edition == first.edition]
    lawbooks = [c for c in (*hinted, *library.langs) if library.books[c].kind == "lawbook"]
    return list(dict.fromkeys(lawbooks))


def resolve(library: Library, query: str, lang: str = "", reader: str = "") -> Cited | None:
    """The first book (`books_for`) whose unit a citation names, else the first book's
    answer saying why it has none; None when the library has no law book.

    >>> from kb.crosslang.library import get_library
    >>> missing = resolve(get_library(), "Law 12C9", "fi")
    >>> missing.found, missing.resolution.nearest
    (False, '12.C')
    """
    first: Cited | None = None
    for key in books_for(library, query, lang, reader):
        book = library.books[key]
        cited = Cited(
            book, cite.resolve_citation(query, book.units, book.lang, book.edition, book.profiles)
        )
        if cited.found:
            return cited
        first = first or cited
    return first
