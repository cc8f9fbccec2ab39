"""The HTML pages: thin views over the library, the search and the citation resolver.

>>> from kb.web import create_app
>>> client = create_app().test_client()
>>> client.get("/fi/law/12").status_code, client.get("/xx/law/12").status_code
(200, 404)
>>> client.get("/fi-2017/law/12?ui=fi").headers["Location"]
'/fi/law/12?ui=fi'
"""

from __future__ import annotations

from functools import lru_cache, partial
from typing import NamedTuple
from urllib.parse import urlencode

import nh3
from flask import (
    Blueprint,
    Flask,
    abort,
    current_app,
    g,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from markupsafe import Markup
from werkzeug.exceptions import HTTPException

from kb.core.ids import LAW_LEVELS, anchor, law_of, print_order, unit_path
from kb.core.model import EVERY
from kb.crosslang import align
from kb.crosslang.align import N_
from kb.crosslang.library import Book, Library, get_library
from kb.layers import cite, glossary
from kb.profiles import language_of, sort_key
from kb.web import i18n, labels
from kb.web.annotate import annotate, fn_key, paragraphs
from kb.web.cache import cached_page, page_args, searcher
from kb.web.subject import book_index

bp = Blueprint("pages", __name__)
GENERIC_ERRORS = {
    400: N_("The request could not be understood."),
    404: N_("The page you asked for does not exist."),
    405: N_("This address only answers reading requests."),
}
MAX_QUERY = 500


def library() -> Library:
    """The library of the current build, looked up once per request."""
    lib = g.get("library")
    if lib is None:
        lib = g.library = get_library(current_app.config["LAWKB_DATA"])
    return lib


@bp.url_value_preprocessor
def canonical_address(endpoint: str | None, values: dict | None) -> None:
    """A page asked for by a document's id (`/fi-2017/law/12`) or any other name of a book
    is answered at the book's address (`/fi/law/12`: `kb.core.model.addresses`)."""
    asked = (values or {}).get("lang")
    if asked is None or endpoint is None:
        return
    key = library().key(asked)
    if key != asked:
        query = request.query_string.decode()
        path = url_for(endpoint, **{**values, "lang": key})
        abort(redirect(path + ("?" + query if query else "")))


def book_or_404(lang: str) -> Book:
    book = library().book(lang)
    if book is None:
        abort(404, _("There is no document in the language “%(lang)s”.", lang=lang[:20]))
    return book


def content_lang() -> str:
    """The content language asked for, else the UI language if it has a document, else the
    first document's."""
    lib = library()
    asked = lib.key(request.args.get("lang", ""))
    if asked in lib.books:
        return asked
    ui = i18n.ui_lang()
    return ui if ui in lib.books else next(iter(lib.books))


def card_langs(lang: str) -> list[str]:
    """The documents a card's law is shown with (`Library.shown_with`).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/"):
    ...     card_langs("sv")
    ['sv', 'et', 'fi', 'sk', 'tr']
    """
    lib = library()
    return lib.shown_with[lib.key(lang)]


@bp.app_template_global()
def compare_langs(lang: str) -> str | None:
    """The documents a comparison opened from a book shows (`?langs=`): each language's main
    document (the default: None), and the book itself where it is not one of them.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/"):
    ...     compare_langs("fi"), compare_langs("fi-2017"), compare_langs("xx")
    (None, None, None)
    """
    lib = library()
    key, main = lib.key(lang), lib.main_langs
    return None if key in main or key not in lib.books else ",".join([*main, key])


def unit_url(lang: str, uid: str) -> str:
    """The permalink of a unit (`kb.core.ids.unit_path`; a card's law unit: the comparison
    of its law), under the site's root; `lang` is a book's address or id."""
    return _unit_url(library(), request.script_root, lang, uid)


def _unit_url(lib: Library, root: str, lang: str, uid: str) -> str:
    """`unit_url` in a library, under a site's root (a page links a hundred units: its
    template's `unit_url` has both bound once, see `shared`)."""
    book = lib.book(lang)
    key = book.key if book is not None else lang  # a document's id: its address
    if book is not None and book.kind == "card" and (law := law_of(uid)) is not None:
        return url_for("pages.compare", number=law, langs=",".join(card_langs(key)))
    return root + unit_path(key, uid)


@bp.app_context_processor
def shared() -> dict:
    """What every page's template may use: the library, unit links and anchors."""
    lib = library()
    return {
        "library": lib,
        "unit_url": partial(_unit_url, lib, request.script_root),
        "anchor": anchor,
        "law_of": law_of,
        "law_levels": LAW_LEVELS,
        "law_heading": law_heading,
        "cite_examples": cite.examples(i18n.reader_style()),
        "labels": labels,
        "search_scope": search_scope,
        "scope_options": scope_options,
        "cite_label": cite_label,
        "public_url": public_url,
        "today": built_day(),
    }


def built_day() -> str:
    """The day of the build being served (printouts name it; the browser prints the day
    of printing when it can).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/"):
    ...     len(built_day())
    10
    """
    from kb.web.assets import built_at

    made = built_at(library().build_id)
    return made.date().isoformat() if made else ""


def search_scope(lang: str = "") -> str:
    """The book a search looks in by default: the one the reader is in, else the UI
    language's, else none (all books), never a foreign book the reader did not choose.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=en"):
    ...     search_scope("fi"), search_scope(""), search_scope("xx")
    ('fi', '', '')
    >>> with create_app().test_request_context("/?ui=tr"):
    ...     search_scope("")
    'tr'
    """
    books = library().books
    if lang in books:
        return lang
    ui = i18n.ui_lang()
    return ui if ui in books else ""


def scope_options(scope: str) -> Markup:
    """The options of a search's book choice: all books, then each book by name (made once
    per UI language and choice: every page has them). Where a language has several books,
    "all languages" (each language's main book) comes first, then every book (`all`).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=en"):
    ...     str(scope_options("fi")).count("<option"), 'value="fi" selected' in scope_options("fi")
    (6, True)
    """
    lib = library()
    return _scope_options(tuple(lib.langs), lib.main_langs != lib.langs, i18n.ui_lang(), scope)


@lru_cache(maxsize=1024)
def _scope_options(langs: tuple[str, ...], several: bool, ui: str, scope: str) -> Markup:
    every = [("", _("All languages")), (EVERY, _("All books"))] if several else []
    options = every or [("", _("All books"))]
    options += [(c, i18n.language_name(c, ui)) for c in i18n.by_name(list(langs), ui)]
    return Markup("").join(
        Markup('<option value="{}"{}>{}</option>').format(
            code, Markup(" selected") if code == scope else "", name
        )
        for code, name in options
    )


def cite_label(uid: str, lang: str) -> str:
    """A unit named as a reader cites it: `12 § C1 b)` for a law's unit in its book's style,
    a card topic or another part by its heading.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/"):
    ...     cite_label("61.B.2.a", "tr"), cite_label("topic.50", "sv")
    ('Yasa 61B2(a)', 'BEHANDLING AV STRAFFKORT')
    """
    if law_of(uid):
        return cite.render(uid, lang)
    book = library().book(lang)
    unit = book.by_id.get(uid) if book else None
    return (unit.title if unit else "") or labels.unit_name(uid)


def public_url(path: str) -> str:
    """An address of this site as printed: absolute with the configured public address,
    else the path alone (made absolute by the reader's browser; never the request's Host)."""
    return current_app.config.get("LAWKB_PUBLIC_URL", "").rstrip("/") + path


def law_heading(number: str, lang: str | None = None) -> str:
    """A law's heading as a document prints it (`12 §`, `Yasa 12`), or, for a page over
    several documents, as the reader's own language's book does (`Law 12` in English).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=et"):
    ...     law_heading("12", "fi"), law_heading("12")
    ('12 §', 'Reegel 12')
    """
    return cite.heading(number, lang or i18n.reader_style())


@bp.app_template_global()
def render_text(unit, lang: str, field: str = "text") -> list[Markup]:
    """A unit's text as paragraphs of safe HTML with its references linked (the link's
    title says where it points)."""
    book = library().book(lang)

    def link(target: str) -> tuple[str, str]:
        found = book.by_id.get(target)
        what = cite.render(target, lang) if law_of(target) else target
        return unit_url(lang, target), f"{what} {found.title if found else ''}".strip()

    return paragraphs(annotate(unit, link, field, misprint_note))


def misprint_note(entry: dict) -> str:
    """The words before a misprinted code's suggestion (kb/crosslang/misprints.py), in the UI
    language: which books cite the suggested unit (their languages named as a sentence
    writes them), or "probably" for a reviewed erratum.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=fi"):
    ...     misprint_note({"cited": {"tr": "16.B.3"}, "suggestion": "16.B.3"})
    'painovirhe? kirjat kielillä turkki viittaavat:'
    """
    books = ", ".join(i18n.language_in_sentence(lang) for lang in entry.get("cited", {}))
    if books:
        return _("misprint? the books in %(books)s cite:", books=books)
    return _("misprint? probably:") if entry.get("suggestion") else _("misprint?")


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
    link = partial(_unit_url, lib, request.script_root)
    ui = i18n.ui_lang()
    return [
        OtherDocument(
            link(key, number),
            language_of(key),
            f"{i18n.language_name(key, ui)} {lib.books[key].edition}",
        )
        for key in shown
    ]


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


@bp.app_template_global()
def compare_anchor(lang: str, uid: str) -> str:
    """Where a unit stands on its law's comparison (`compare_langs`): its own row (`12C1b`) when
    the rows follow its edition, else its cell (`sk-12C1f`), else the nearest unit above it
    that is shown.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/"):
    ...     compare_anchor("fi", "12.C.1.b"), compare_anchor("sk", "12.C.1.f")
    ('12C1b', 'sk-12C1f')
    """
    lib = library()
    number = law_of(uid) or ""
    known = g.setdefault("compare_rows", {})
    if (number, lang) not in known:  # once per law and request: a law page asks for every unit
        # A cell depends on its book and the reference edition's book only: the rows of
        # those two are the rows of every book (the others' cells left out).
        reference = reference_book([lib.book(x) for x in lib.langs])
        langs = list(dict.fromkeys([reference.lang, lang])) if reference else [lang]
        rows = compare_rows(lib, number, langs)
        shown = {u.id for u in shown_units(lib.book(lang), rows, lang)}
        known[number, lang] = ({r["id"]: r for r in rows}, shown)
    rows, shown = known[number, lang]
    parts = uid.split(".")
    for n in range(len(parts), 0, -1):
        at = ".".join(parts[:n])
        if at in rows and at in rows[at]["cells"][lang].ids:
            return anchor(at)
        if at in shown:
            return f"{lang}-{anchor(at)}"
    return ""


@bp.route("/compare/<number>")
@cached_page
def compare(number: str):
    lib = library()
    raw = request.args.get("langs", "")
    asked = [lib.key(x) for x in raw.split(",") if x]
    langs = [x for x in dict.fromkeys(asked) if x in lib.books] or list(lib.main_langs)
    if raw and raw != ",".join(langs):  # repeats or unknown documents: the canonical address
        return redirect(url_for("pages.compare", number=number[:10], langs=",".join(langs)))
    if number not in lib.law_numbers:
        abort(404, _("Law %(n)s is not in any document.", n=number[:10]))
    rows = compare_rows(lib, number, langs)
    shown = {code: shown_units(lib.book(code), rows, code) for code in langs}
    return render_template(
        "compare.html",
        number=number,
        langs=langs,
        rows=rows,
        shown=shown,
    )


def shown_units(book: Book, rows: list[dict], lang: str) -> list:
    """The units a compare page shows for a language, in order (a unit of the other edition
    shown whole brings its descendants)."""
    out, seen = [], set()
    for row in rows:
        cell = row["cells"][lang]
        if cell.reason == "above":
            continue
        for uid in cell.ids:
            whole = cell.mapped and book.kind == "lawbook" and "." in uid
            family = descendants(book, uid) if whole else []
            for unit in [book.by_id[uid], *family]:
                if unit.id not in seen:
                    seen.add(unit.id)
                    out.append(unit)
    return out


def descendants(book: Book, uid: str) -> list:
    """The units below a unit, in order (looked for in its law only)."""
    return [u for u in book.law_units(law_of(uid) or "") if u.id.startswith(uid + ".")]


def reference_book(books: list[Book]) -> Book | None:
    """The book whose units a comparison's rows follow: the first law book of the newest
    edition among `books`.

    >>> from kb.crosslang.library import get_library
    >>> lib = get_library()
    >>> reference_book([lib.book(x) for x in ("sk", "sv", "tr", "fi")]).lang
    'tr'
    """
    lawbooks = [b for b in books if b.kind == "lawbook"]
    newest = max((b.edition for b in lawbooks), default=None)
    return next((b for b in lawbooks if b.edition == newest), None)


def compare_rows(lib: Library, number: str, langs: list[str]) -> list[dict]:
    """The law's units aligned row by row: one row per unit id of the reference edition (the
    first book of the newest edition chosen), a cell per language with its counterparts
    or the reason there is none; units of other editions with no counterpart get rows of
    their own."""
    books = [lib.book(x) for x in langs]
    lawbooks = [b for b in books if b.kind == "lawbook"]
    reference = reference_book(books)
    rows: list[dict] = []
    shown: dict[str, set[str]] = {b.key: set() for b in books}
    for unit in reference.law_units(number) if reference else []:
        cells = {}
        for book in books:
            if book is reference:
                cell = align.Counterpart(book.key, [unit.id], document=book.id)
            else:
                cell = align.counterpart(reference, book, unit.id)
            if cell.ids and shown[book.key].issuperset(cell.ids):
                cell.reason = "above"  # shown in an earlier row already
            shown[book.key].update(cell.ids)
            if cell.mapped and book.kind == "lawbook" and unit.kind != "law":
                # A unit of the other edition stands whole in this row, its children too.
                for uid in cell.ids:
                    shown[book.key].update(u.id for u in descendants(book, uid))
            cells[book.key] = cell
        rows.append({"id": unit.id, "kind": unit.kind, "cells": cells})
    for book in lawbooks:
        for unit in book.law_units(number):
            if unit.id not in shown[book.key]:
                cells = {b.key: align.Counterpart(b.key, [], document=b.id) for b in books}
                cells[book.key] = align.Counterpart(book.key, [unit.id], document=book.id)
                rows.append({"id": unit.id, "kind": unit.kind, "cells": cells, "only": book.key})
    return rows


@bp.route("/table/<number>")
@cached_page
def table(number: str):
    """Table mode for directors: one law, or one unit of it, in two chosen languages side by
    side in big type, nothing else on screen; printable."""
    lib = library()
    raw = ",".join(request.args.getlist("langs"))  # `a,b` or the form's two choices
    asked = [lib.key(x) for x in raw.split(",") if lib.key(x) in lib.books]
    lawbooks = [c for c in lib.langs if lib.books[c].kind == "lawbook"]
    ui = i18n.ui_lang()
    defaults = [ui] if ui in lawbooks else []
    langs = list(dict.fromkeys(asked + defaults + lawbooks))[:2]
    if not any(lib.book(x).law(number) for x in langs):
        abort(404, _("Law %(n)s is not in any document.", n=number[:10]))
    uid = request.args.get("unit", "")
    if law_of(uid) != number:
        uid = number
    columns = []
    for code in langs:
        book = lib.book(code)
        if code == langs[0] or book.kind != "lawbook":
            ids = [uid] if uid in book.by_id else []
        else:
            ids = align.counterpart(lib.book(langs[0]), book, uid).ids
        shown = [u for i in ids for u in [book.by_id[i], *descendants(book, i)]]
        columns.append({"lang": code, "book": book, "units": shown})
    return render_template("table.html", number=number, uid=uid, langs=langs, columns=columns)


PER_PAGE = 20


@bp.route("/search")
def search():
    query = request.args.get("q", "")[:MAX_QUERY]
    lib = library()
    if "lang" in request.args:  # chosen: a book, "" for every language, `all` every book
        lang = lib.key(request.args["lang"])
        lang = lang if lang in lib.books or lang == EVERY else ""
    else:
        lang = search_scope()
    if not query.strip():
        return render_template("search.html", query="", result=None, lang=lang)
    try:
        page = max(1, min(10_000, int(request.args.get("page", "1"))))
    except ValueError:
        page = 1
    found = searcher()
    offset = (page - 1) * PER_PAGE
    result = found.search(query, lang=lang or None, limit=PER_PAGE, offset=offset)
    if result.get("citation"):
        target = result["citation"]
        number = law_of(target["id"])
        if lang in ("", EVERY) and number:  # no book chosen: the law in every language
            key = lib.key(target["document"])
            where = compare_anchor(key, target["id"])
            langs = compare_langs(key)
            return redirect(url_for("pages.compare", number=number, langs=langs, _anchor=where))
        return redirect(unit_url(target["document"], target["id"]))
    groups: dict[tuple[str, str], list[dict]] = {}
    for hit in result["hits"]:
        hit["adds"] = nh3.clean(hit["snippet"], tags=set()).strip() != hit["title"].strip()
        hit["key"] = lib.key(hit["document"])  # the book's address on this site
        groups.setdefault((hit["key"], hit["law"]), []).append(hit)
    return render_template(
        "search.html",
        query=query,
        result=result,
        groups=groups,
        lang=lang,
        page=page,
        pages=-(-result["total"] // PER_PAGE),
    )


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
def subject_index(lang: str):
    """The book's subject index, A-Z: its own printed index, or the Estonian index's entries
    reached through the aligned units of a book that prints none."""
    book = book_or_404(lang)
    return render_template(
        "subject_index.html", book=book, lang=lang, found=book_index(library(), lang)
    )


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


@bp.app_template_global()
def page_query_without(key: str) -> str:
    """The query string of the page's known parameters without `key`, ready for one more."""
    pairs = [(k, v) for k, v in page_args() if k != key]
    return urlencode(pairs) + "&" if pairs else ""


@bp.app_template_global()
def own_address() -> str:
    """The page's path with the query parameters pages know (a printout names it).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/fi/law/12?ui=fi&junk=1&lang=fi"):
    ...     own_address()
    '/fi/law/12?lang=fi'
    """
    query = urlencode(page_args())
    return request.path + ("?" + query if query else "")


@bp.app_template_filter()
def snippet(html: str) -> Markup:
    """A search snippet: escaped text with <mark> highlights, sanitised again with nh3."""
    return Markup(nh3.clean(html, tags={"mark"}, attributes={}))


@bp.app_template_test("tail")
def is_tail(item) -> bool:
    """Whether an item of a law's print order is a unit's tail (see kb.layers.cite.print_order)."""
    return isinstance(item, cite.Tail)


@bp.app_template_filter("language_of")
def html_language(key: str) -> str:
    """The language of a book's key, as HTML's `lang` writes it (`da-2007` -> `da`).

    >>> _ = get_library()  # names its documents' keys
    >>> html_language("sk-2007"), html_language("fi")
    ('sk', 'fi')
    """
    return language_of(key)


@bp.app_template_filter()
def fnkey(marker: str) -> str:
    return fn_key(marker)


def register_errors(app: Flask) -> None:
    """Helpful error pages; JSON errors under /api/."""

    def page(error: HTTPException):
        if request.path.startswith("/api/"):
            body = {"error": error.description, "status": error.code}
            return jsonify(body), error.code
        message = error.description
        if message == type(error).description:  # Werkzeug's own English wording
            message = _(GENERIC_ERRORS.get(error.code, GENERIC_ERRORS[400]))
        return render_template("error.html", code=error.code, message=message), error.code

    for code in (400, 404, 405):
        app.register_error_handler(code, page)
