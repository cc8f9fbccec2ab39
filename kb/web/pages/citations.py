"""Citations: a citation typed to its unit, a unit with its citations ready to copy."""

from __future__ import annotations

from flask import (
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _

from kb.core.ids import anchor, law_of
from kb.crosslang import align
from kb.crosslang.library import Book, Library
from kb.layers import cite
from kb.web import i18n
from kb.web.pages.common import MAX_QUERY, bp, content_lang, descendants, library
from kb.web.pages.links import public_url, unit_url
from kb.web.pages.search import search_scope


def citation_texts(book: Book, unit) -> dict[str, str]:
    """The ready-to-copy citations of a unit: in the international style (English, naming
    the translation) and in the book's own (its citing form, its printed title, its
    quotation marks: no word of another language)."""
    wording = cite.full_text(unit.id, book.law_units(law_of(unit.id) or ""))
    link = public_url(unit_url(book.key, unit.id))
    name = cite.english_name(book.lang)
    international = f"Laws of Duplicate Bridge {book.edition}, {name} translation"
    title = book.meta.get("title") or str(book.edition)
    return {
        "international": f"{cite.render(unit.id)} -- {international}: "
        f"{cite.quoted(wording)} {link}",
        "national": f"{cite.render(unit.id, book.lang)} -- {title}: "
        f"{cite.quoted(wording, book.lang)} {link}",
    }


@bp.route("/cite")
def cite_page():
    query = request.args.get("q", "")[:MAX_QUERY]
    lib = library()
    lang = lib.key(request.args.get("lang", ""))
    error = ""
    uid = request.args.get("id", "")
    book = lib.book(lang)
    if book is not None and uid in book.by_id:
        return cite_unit_page(book, book.by_id[uid])
    nearest = ""
    if query.strip():
        guess = not lang and not cite.citation_lang(query) and not search_scope()
        for code in citation_books(lib, query, lang):
            book = lib.book(code)
            found = cite.resolve_citation(query, book.units, code, book.edition)
            if found.unit is not None and guess:  # no book known: every language, one row
                number = law_of(found.id)
                return redirect(url_for("pages.compare", number=number, _anchor=anchor(found.id)))
            if found.unit is not None:
                return redirect(unit_url(code, found.id))
            if not error:
                error = citation_error(query, found, book)
                nearest = unit_url(code, found.nearest) if found.nearest else ""
    page = render_template("cite.html", query=query, error=error, nearest=nearest)
    return page, (404 if error else 200)


def cite_unit_page(book: Book, unit) -> str:
    """A unit to cite: its text, its citations ready to copy, and the same unit in the other
    languages (the language choice: each language's main document)."""
    lib = library()
    others = [
        (c.lang, i)
        for c in align.counterparts(lib, book.key, unit.id, lib.main_langs)
        for i in c.ids
        if lib.book(c.lang).kind == "lawbook"
    ]
    return render_template(
        "cite.html",
        query="",
        error="",
        book=book,
        lang=book.key,
        unit=unit,
        family=[unit, *descendants(book, unit.id)],
        citation=citation_texts(book, unit),
        others=others,
    )


def citation_error(query: str, found: cite.Resolution, book: Book) -> str:
    """Why a citation names no unit of a book, in the UI language, its citations in the
    reader's own style.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=et"):
    ...     book = library().book("fi")
    ...     found = cite.resolve_citation("Law 12C9", book.units, "fi", 2017)
    ...     citation_error("Law 12C9", found, book)
    'Raamatus „Soome 2017“ puudub reegel 12C9; lähim punkt on reegel 12C.'
    """
    style = i18n.reader_style()
    if not found.id:
        example = cite.render("12.C.1.b", style)
        return _("“%(query)s” is not a citation such as %(example)s.", query=query, example=example)
    where = f"{i18n.language_name(book.lang)} {book.edition}"
    cited = cite.render(found.id, style)
    if found.nearest:
        nearest = cite.render(found.nearest, style)
        return _(
            "%(cited)s does not exist in “%(book)s”; the nearest unit is %(nearest)s.",
            cited=cited,
            book=where,
            nearest=nearest,
        )
    return _("%(cited)s does not exist in “%(book)s”.", cited=cited, book=where)


def citation_books(lib: Library, query: str, lang: str) -> list[str]:
    """The law books to look a citation up in, best first: the one asked for; else the book
    of the citation's own law word (for the card's `lag 16D`, the law books of the card's
    edition), then the reader's, then the rest."""
    first = lib.book(lang if lang in lib.books else cite.citation_lang(query) or content_lang())
    if first is not None and first.kind == "lawbook" and first.key == lang:
        return [lang]
    hinted = [first.key] if first is not None else []
    if first is not None and first.kind == "card":
        hinted = [b.key for b in lib.books.values() if b.edition == first.edition]
    lawbooks = [c for c in (*hinted, *lib.langs) if lib.books[c].kind == "lawbook"]
    return list(dict.fromkeys(lawbooks))
