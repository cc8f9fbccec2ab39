"""Citations: a citation typed to its unit, a unit with its citations ready to copy."""

from __future__ import annotations

from flask import (
    redirect,
    render_template,
    request,
    url_for,
)
from markupsafe import Markup

from kb.core.ids import anchor, law_of
from kb.crosslang import align
from kb.crosslang.citations import resolve
from kb.crosslang.library import Book
from kb.layers import cite
from kb.web import i18n, labels, names
from kb.web.pages.common import MAX_QUERY, bp, content_lang, descendants, library
from kb.web.pages.hooks import capital
from kb.web.pages.links import public_url, unit_url
from kb.web.pages.search import reader_book

DASH = " – "  # between a citation and the book it is in: every language here writes it so


def citation_texts(book: Book, unit) -> dict[str, str]:
    """The ready-to-copy citations of a unit: in the international style (English, naming
    the translation) and in the book's own (its citing form, its title as running text
    writes it, its quotation marks: no word of another language); each opens with a capital
    and names the book after a dash."""
    wording = cite.full_text(unit.id, book.law_units(law_of(unit.id) or ""))
    link = public_url(unit_url(book.key, unit.id))
    name = cite.english_name(book.lang)
    international = f"Laws of Duplicate Bridge {book.edition}, {name} translation"
    title = str(names.book_title(book.key).striptags()) if book.meta.get("title") else ""
    return {
        "international": f"{capital(cite.unit_citation(unit))}{DASH}{international}: "
        f"{cite.quoted(wording)} {link}",
        "national": f"{capital(cite.unit_citation(unit, book.lang, book.profiles))}{DASH}"
        f"{title or book.edition}: {cite.quoted(wording, book.lang, book.profiles)} {link}",
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
    found = resolve(lib, query, lang, content_lang()) if query.strip() else None
    if found is not None and found.found:
        uid, key = found.resolution.id, found.book.key
        if not lang and not cite.citation_lang(query, i18n.profiles()) and not reader_book():
            # no book known: the law in every language, on its row
            return redirect(url_for("pages.compare", number=law_of(uid), _anchor=anchor(uid)))
        return redirect(unit_url(key, uid))
    if found is not None:
        error = citation_error(query, found.resolution, found.book)
        near = found.resolution.nearest
        nearest = unit_url(found.book.key, near) if near else ""
    page = render_template("cite.html", query=query, error=error, nearest=nearest)
    return page, (404 if error else 200)


def cite_unit_page(book: Book, unit) -> str:
    """A unit to cite: its text, its citations ready to copy, and the same unit in the other
    languages (the language choice: each language's main document)."""
    return render_template("cite.html", query="", error="", **cite_view(book, unit))


def cite_view(book: Book, unit) -> dict:
    """What a unit's citation page shows (`cite.html`): the unit with the units below it,
    its citations, and the same unit in each language's main law book (`others`: pairs of
    book and unit id).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/"):
    ...     view = cite_view(library().book("fi"), library().book("fi").by_id["12.C.1.e"])
    ...     [u.id for u in view["family"]], view["others"][:2]
    (['12.C.1.e', '12.C.1.e.i', '12.C.1.e.ii'], [('et', '12.C.1.e'), ('sk', '12.C')])
    """
    lib = library()
    others = [
        (c.lang, i)
        for c in align.counterparts(lib, book.key, unit.id, lib.main_langs)
        for i in c.ids
        if lib.book(c.lang).kind == "lawbook"
    ]
    return {
        "book": book,
        "lang": book.key,
        "unit": unit,
        "family": [unit, *descendants(book, unit.id)],
        "citation": citation_texts(book, unit),
        "others": others,
    }


def citation_error(query: str, found: cite.Resolution, book: Book) -> Markup:
    """Why a citation names no unit of a book, in the UI language, its citations in the
    reader's own style, the book named by its title.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=et"):
    ...     book = library().book("fi")
    ...     found = cite.resolve_citation("Law 12C9", book.units, "fi", 2017)
    ...     str(citation_error("Law 12C9", found, book))
    'Raamatus „<span lang="fi">Vuoden 2017 kilpailubridgen laki</span>“ puudub reegel 12C9; \
lähim punkt on reegel 12C.'
    """
    style = i18n.reader_style()
    if not found.id:
        example = cite.render("12.C.1.b", style, i18n.profiles())
        return labels.say(
            "“%(query)s” is not a citation such as %(example)s.", query=query, example=example
        )
    title = names.book_title(book.key)
    cited = cite.render(found.id, style, i18n.profiles())
    if found.nearest:
        nearest = cite.render(found.nearest, style, i18n.profiles())
        return labels.say(
            "%(cited)s does not exist in “%(book)s”; the nearest unit is %(nearest)s.",
            cited=cited,
            book=title,
            nearest=nearest,
        )
    return labels.say("%(cited)s does not exist in “%(book)s”.", cited=cited, book=title)
