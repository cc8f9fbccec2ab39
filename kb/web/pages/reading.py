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

from kb.core.ids import anchor, law_of, print_order
from kb.crosslang import align
from kb.crosslang.library import Book, Library
from kb.layers import glossary
from kb.web import i18n, names
from kb.web.cache import cached_page
from kb.web.i18n import language_of
from kb.web.pages.common import (
    book_or_404,
    bp,
    card_langs,
    compare_langs,
    content_lang,
    descendants,
    library,
)
from kb.web.pages.compare import compare_anchor
from kb.web.pages.links import unit_url_in
from kb.web.subject import kept_index, kept_page, printed_lines


@bp.route("/")
@cached_page
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
        read_in=read_in(lib, lang, number),
        maps=unit_maps(lib, lang, units),
        sections=[u for u in units if u.kind == "section"],
    )


class OtherDocument(NamedTuple):
    """A book a law page's "read in" strip names: the law's address in it (empty: the page's
    own book), the book's language (`hreflang`), its name and its short code (`FI`, `FI2`)."""

    href: str
    lang: str
    name: str
    code: str


def read_in(lib: Library, lang: str, number: str) -> list[OtherDocument]:
    """Every document with a law, the page's own among them (no address), by name in the UI
    language, each with the law's address in it (a card's law: its comparison): worked out
    here, a few microseconds a document, rather than by the template, where the calls per
    document cost a law page of sixty documents a millisecond and a half.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=en"):
    ...     books = read_in(library(), "fi", "12")
    >>> [d.href for d in books]
    ['/et/law/12', '', '/sk/law/12', '/compare/12?langs=sv,et,fi,sk,tr', '/tr/law/12']
    >>> books[3].name, books[3].code, books[3].lang
    ('Swedish 2007', 'SV', 'sv')
    """
    own = lib.key(lang)
    shown = i18n.by_name(
        [b.key for b in lib.books.values() if b.key == own or b.kind == "card" or b.has_law(number)]
    )
    link = partial(unit_url_in, lib, request.script_root)
    return [
        OtherDocument(
            "" if key == own else link(key, number),
            language_of(key),
            names.book_label(key),
            key.upper(),
        )
        for key in shown
    ]


def unit_maps(lib: Library, lang: str, units: list) -> dict[str, dict[str, str]]:
    """Where each unit of a law page stands on the pages its "read in" strip and its tools
    link to, where that is not its own anchor: on each other law book's page of the law, the
    anchor of its counterpart there (through the 2007-2017 map between editions), else of the
    nearest unit above it that has one; on the comparison (`compare`, also a card's page of
    the law, and table mode), its row or cell (`compare_anchor`). The page's script carries
    the unit in view to those pages with it.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/"):
    ...     fi = unit_maps(library(), "fi", library().book("fi").law_units("16"))
    ...     sk = unit_maps(library(), "sk", library().book("sk").law_units("16"))
    >>> sorted(fi), fi["sk"]["16C"], fi["et"], sk["compare"]["16C1"]
    (['et', 'sk'], '16D', {'16C3': '16C'}, 'sk-16C1')
    """
    book = lib.book(lang)
    maps: dict[str, dict[str, str]] = {}
    others = [b for b in lib.books.values() if b.kind == "lawbook" and b is not book]
    for other in others:
        found = {}
        for unit in units:
            at, ids = unit.id, []
            while at and not ids:
                ids = align.counterpart(book, other, at).ids
                at = at.rpartition(".")[0]
            there = anchor(ids[0]) if ids else anchor(law_of(unit.id) or unit.id)
            if there != anchor(unit.id):
                found[anchor(unit.id)] = there
        maps[other.key] = found
    maps["compare"] = {
        anchor(u.id): row
        for u in units
        if (row := compare_anchor(lang, u.id)) and row != anchor(u.id)
    }
    return {key: found for key, found in maps.items() if found}


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
@cached_page
def offline():
    """What the offline web app shows for a page that was not saved."""
    return render_template("offline.html")


@bp.route("/<lang>/part/<uid>")
@cached_page
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
        printed_in=printed_in(book, uid),
        lines=printed_lines(book, unit) if unit.kind == "index" else None,
        part_name=names.part_name(unit.id),
        cited=cited_beside(book, unit),
    )


def printed_in(book: Book, uid: str) -> str:
    """The language a part of a book is printed in: its region's, where the book's profile
    says it is not the book's (the Finnish book's WBF introduction is English).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/"):
    ...     fi = library().book("fi")
    ...     printed_in(fi, "introduction"), printed_in(fi, "toc")
    ('en', 'fi')
    """
    regions = library().profiles.load_profile(book.lang).regions if book.kind == "lawbook" else ()
    return next((r.lang for r in regions if r.id == uid and r.lang), book.lang)


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
@cached_page
def definitions(lang: str):
    book = book_or_404(lang)
    key = library().profiles.sort_key(book.lang)
    terms = sorted(book.definitions, key=lambda u: key(u.term or u.title))
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
    lib = library()
    return render_template(
        "subject_index.html",
        book=book,
        lang=lang,
        found=kept_index(lib, lang),
        letters=kept_page(lib, lang),
    )
