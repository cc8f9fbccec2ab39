"""Reading a book: the home page, a law page, the parts outside the laws, the definitions
and the subject index."""

from __future__ import annotations

from functools import partial
from typing import NamedTuple

from flask import (
    abort,
    g,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from markupsafe import Markup

from kb.core.ids import law_of, print_order
from kb.crosslang import align
from kb.crosslang.library import Book, Library
from kb.layers import glossary
from kb.profiles import language_of, sort_key
from kb.web import i18n, labels
from kb.web.cache import cached_page
from kb.web.pages.common import (
    book_or_404,
    bp,
    card_langs,
    compare_langs,
    content_lang,
    descendants,
    library,
)
from kb.web.pages.links import unit_url_in
from kb.web.subject import kept_index


@bp.route("/")
def index():
    lang = content_lang()
    book = library().book(lang)
    chosen = lang if request.args.get("lang") == lang else ""
    return render_template("index.html", book=book, lang=lang, scope_lang=chosen)


@bp.route("/<lang>/law/<number>")
@cached_page
def law(lang: str, number: str):
    book = book_or_404(lang)
    unit = book.law(number)
    if unit is None:
        if book.kind == "card":
            langs = ",".join(card_langs(lang))
            return redirect(url_for("pages.compare", number=number, langs=langs))
        abort(404, _("Law %(n)s is not in this document.", n=number[:10]))
    numbers = [u.id for u in book.laws]
    at = numbers.index(number)
    units = book.law_units(number)
    lib = library()
    return render_template(
        "law.html",
        book=book,
        lang=lang,
        law=unit,
        units=units,
        items=print_order(units),
        prev=numbers[at - 1] if at else None,
        next=numbers[at + 1] if at + 1 < len(numbers) else None,
        other_docs=other_documents(lib, lang, number),
        sections=[u for u in units if u.kind == "section"],
    )


class OtherDocument(NamedTuple):
    """A document a law page links to (its list of the other documents with the law): the
    law's address there, the document's language (`hreflang`) and its name."""

    href: str
    lang: str
    name: str


def other_documents(lib: Library, lang: str, number: str) -> list[OtherDocument]:
    """The other documents with a law, by name in the UI language, each with the law's
    address in it (a law page lists them once; a card's law opens its comparison): worked out
    here, a few microseconds a document, rather than by the template, where the calls per
    document cost a law page of sixty documents a millisecond and a half.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=en"):
    ...     [d.href for d in other_documents(library(), "fi", "12")]
    ...     other_documents(library(), "fi", "12")[2]
    ['/et/law/12', '/sk/law/12', '/compare/12?langs=sv,et,fi,sk,tr', '/tr/law/12']
    OtherDocument(href='/compare/12?langs=sv,et,fi,sk,tr', lang='sv', name='Swedish 2007')
    """
    books = [b for b in lib.books.values() if b.key != lib.key(lang)]
    shown = i18n.by_name([b.key for b in books if b.kind == "card" or b.has_law(number)])
    link = partial(unit_url_in, lib, request.script_root)
    ui = i18n.ui_lang()
    return [
        OtherDocument(
            link(key, number),
            language_of(key),
            f"{i18n.language_name(key, ui)} {lib.books[key].edition}",
        )
        for key in shown
    ]


class UnitTools(NamedTuple):
    """A law page's unit tools (law.html), worked out once per page rather
    than per unit: their words in the UI language, and the addresses a unit's id completes,
    URL-encoded (the comparison's: with the unit's place on it, `compare_anchor`)."""

    words: dict[str, str]
    cite: str
    compare: str
    table: str


@bp.app_template_global()
def unit_tools_of(lang: str, number: str) -> UnitTools:
    """The unit tools of a book's law page (kept for the request).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=fi"):
    ...     tools = unit_tools_of("fi", "12")
    >>> tools.cite, tools.compare, tools.table, str(tools.words["permalink"])
    ('/cite?lang=fi&id=', '/compare/12', '/table/12?langs=fi&unit=', 'Pysyvä linkki')
    """
    known = g.setdefault("unit_tools", {})
    if (lang, number) not in known:
        words = {  # as a template's `_()` gives them: the catalogue's own markup
            "tools": Markup(_("Tools")),
            "tools_for": Markup(_("Tools for %(unit)s")),  # formatted per unit (escaped)
            "permalink": Markup(_("Permalink")),
            "cite": Markup(_("Cite")),
            "copy_citation": Markup(_("Copy citation")),
            "compare": Markup(_("Compare translations")),
            "table": Markup(_("Table mode")),
        }
        known[lang, number] = UnitTools(
            words,
            url_for("pages.cite_page", lang=lang, id=""),
            url_for("pages.compare", number=number, langs=compare_langs(lang)),
            url_for("pages.table", number=number, langs=lang, unit=""),
        )
    return known[lang, number]


@bp.route("/offline")
def offline():
    """What the offline web app shows for a page that was not saved."""
    return render_template("offline.html")


@bp.route("/<lang>/part/<uid>")
def part(lang: str, uid: str):
    """A part of a document outside the laws: front matter, introduction, index, appendix,
    or a topic of the director's card."""
    book = book_or_404(lang)
    unit = book.by_id.get(uid)
    if unit is None or unit.kind in ("law", "definition") or law_of(uid):
        abort(404, _("There is no such part in this document."))
    return render_template(
        "part.html",
        book=book,
        lang=lang,
        unit=unit,
        part_name=labels.part_name(unit.kind),
        cited=cited_beside(book, unit),
    )


def cited_beside(card: Book, topic) -> list[tuple[str, list]]:
    """The laws a card's topic cites, to read beside it: each cited unit (with the units
    below it) in the reader's law book of the card's edition, else in the first law book of
    that edition, else in the first law book, through the 2007-2017 map when needed.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=fi"):
    ...     card = library().book("sv")
    ...     found = cited_beside(card, card.by_id["topic.63"])
    >>> [(lang, [u.id for u in units][:3]) for lang, units in found]
    [('fi', ['63', '63.A', '63.A.1']), ('fi', ['64', '64.A', '64.A.1'])]
    """
    lib = library()
    lawbooks = [b for b in lib.books.values() if b.kind == "lawbook"]
    if not topic.cites or not lawbooks:
        return []
    ui = i18n.ui_lang()
    same = [b for b in lawbooks if b.edition == card.edition]
    book = next((b for b in same + lawbooks if b.lang == ui), (same or lawbooks)[0])
    out = []
    for cited in topic.cites:
        ids = sorted(align.cited_in([cited], topic, book) & set(book.by_id))
        out += [(book.key, [u for i in ids for u in [book.by_id[i], *descendants(book, i)]])]
    return [(lang, units) for lang, units in out if units]


@bp.route("/<lang>/definitions")
def definitions(lang: str):
    book = book_or_404(lang)
    terms = sorted(book.definitions, key=lambda u: sort_key(lang)(u.term or u.title))
    others = {}
    for unit in terms:
        concept = glossary.concept_of(lang, unit.id)
        same = glossary.definitions_of(concept) if concept else {}
        others[unit.id] = {code: ids for code, ids in same.items() if code != lang}
    return render_template(
        "definitions.html",
        book=book,
        lang=lang,
        terms=terms,
        others=others,
    )


@bp.route("/<lang>/index")
@cached_page
def subject_index(lang: str):
    """The book's subject index, A-Z: its own printed index, or the Estonian index's entries
    reached through the aligned units of a book that prints none."""
    book = book_or_404(lang)
    return render_template(
        "subject_index.html", book=book, lang=lang, found=kept_index(library(), lang)
    )
