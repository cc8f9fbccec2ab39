"""The HTML pages: thin views over the library, the search and the citation resolver.

>>> from kb.web import create_app
>>> client = create_app().test_client()
>>> client.get("/fi/law/12").status_code, client.get("/xx/law/12").status_code
(200, 404)
"""

from __future__ import annotations

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
from kb.crosslang import align
from kb.crosslang.align import N_
from kb.crosslang.library import Book, Library, get_library
from kb.layers import cite, glossary
from kb.profiles import sort_key
from kb.web import i18n, labels
from kb.web.annotate import annotate, fn_key, paragraphs
from kb.web.cache import cached_page, page_args
from kb.web.subject import book_index

bp = Blueprint("pages", __name__)
GENERIC_ERRORS = {
    400: N_("The request could not be understood."),
    404: N_("The page you asked for does not exist."),
    405: N_("This address only answers reading requests."),
}
MAX_QUERY = 500
PAGE_HITS = 30  # hits on a search page; the next ones a link away


def library() -> Library:
    """The library of the current build, looked up once per request."""
    if "library" not in g:
        g.library = get_library(current_app.config["LAWKB_DATA"])
    return g.library


def book_or_404(lang: str) -> Book:
    book = library().book(lang)
    if book is None:
        abort(404, _("There is no document in the language “%(lang)s”.", lang=lang[:20]))
    return book


def content_lang() -> str:
    """The content language asked for, else the UI language if it has a document, else the
    first document's."""
    lib = library()
    asked = request.args.get("lang", "")
    if asked in lib.books:
        return asked
    ui = i18n.ui_lang()
    return ui if ui in lib.books else next(iter(lib.books))


def card_langs(lang: str) -> list[str]:
    """The languages a card's law is shown with: the card, then every law book."""
    return [lang, *(b.lang for b in library().books.values() if b.kind == "lawbook")]


def unit_url(lang: str, uid: str) -> str:
    """The permalink of a unit (`kb.core.ids.unit_path`; a card's law unit: the comparison
    of its law), under the site's root."""
    law, book = law_of(uid), library().book(lang)
    if law is not None and book is not None and book.kind == "card":
        return url_for("pages.compare", number=law, langs=",".join(card_langs(lang)))
    return request.script_root + unit_path(lang, uid)


@bp.app_context_processor
def shared() -> dict:
    """What every page's template may use: the library, unit links and anchors."""
    return {
        "library": library(),
        "unit_url": unit_url,
        "anchor": anchor,
        "law_levels": LAW_LEVELS,
        "law_heading": law_heading,
        "cite_examples": cite.examples(i18n.reader_style()),
        "labels": labels,
    }


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
    return render_template("index.html", book=book, lang=lang)


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
        others={u.id: align.counterparts(lib, lang, u.id) for u in units},
        citations={u.id: citation_texts(book, u) for u in units},
    )


def citation_texts(book: Book, unit) -> dict[str, str]:
    """The ready-to-copy citations of a unit: in the international style (English, naming
    the translation) and in the book's own (its citing form, its printed title, its
    quotation marks: no word of another language)."""
    wording = cite.full_text(unit.id, book.law_units(law_of(unit.id) or ""))
    link = current_app.config.get("LAWKB_PUBLIC_URL", "").rstrip("/") + unit_url(book.lang, unit.id)
    name = cite.english_name(book.lang)
    international = f"Laws of Duplicate Bridge {book.edition}, {name} translation"
    title = book.meta.get("title") or str(book.edition)
    return {
        "international": f"{cite.render(unit.id)} -- {international}: "
        f"{cite.quoted(wording)} {link}",
        "national": f"{cite.render(unit.id, book.lang)} -- {title}: "
        f"{cite.quoted(wording, book.lang)} {link}",
    }


@bp.route("/compare/<number>")
@cached_page
def compare(number: str):
    lib = library()
    raw = request.args.get("langs", "")
    asked = [x for x in raw.split(",") if x]
    langs = [x for x in dict.fromkeys(asked) if x in lib.books] or lib.langs
    if raw and raw != ",".join(langs):  # repeats or unknown documents: the canonical address
        return redirect(url_for("pages.compare", number=number[:10], langs=",".join(langs)))
    if not any(lib.book(x).law(number) for x in lib.langs):
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


def compare_rows(lib: Library, number: str, langs: list[str]) -> list[dict]:
    """The law's units aligned row by row: one row per unit id of the reference edition (the
    first book of the newest edition chosen), a cell per language with its counterparts
    or the reason there is none; units of other editions with no counterpart get rows of
    their own."""
    books = [lib.book(x) for x in langs]
    lawbooks = [b for b in books if b.kind == "lawbook"]
    newest = max((b.edition for b in lawbooks), default=None)
    reference = next((b for b in lawbooks if b.edition == newest), None)
    rows: list[dict] = []
    shown: dict[str, set[str]] = {b.lang: set() for b in books}
    for unit in reference.law_units(number) if reference else []:
        cells = {}
        for book in books:
            if book is reference:
                cell = align.Counterpart(book.lang, [unit.id])
            else:
                cell = align.counterpart(reference, book, unit.id)
            if cell.ids and shown[book.lang].issuperset(cell.ids):
                cell.reason = "above"  # shown in an earlier row already
            shown[book.lang].update(cell.ids)
            if cell.mapped and book.kind == "lawbook" and unit.kind != "law":
                # A unit of the other edition stands whole in this row, its children too.
                for uid in cell.ids:
                    shown[book.lang].update(u.id for u in descendants(book, uid))
            cells[book.lang] = cell
        rows.append({"id": unit.id, "kind": unit.kind, "cells": cells})
    for book in lawbooks:
        for unit in book.law_units(number):
            if unit.id not in shown[book.lang]:
                cells = {b.lang: align.Counterpart(b.lang, [], reason="") for b in books}
                cells[book.lang] = align.Counterpart(book.lang, [unit.id])
                rows.append({"id": unit.id, "kind": unit.kind, "cells": cells, "only": book.lang})
    return rows


@bp.route("/search")
def search():
    query = request.args.get("q", "")[:MAX_QUERY]
    lang = request.args.get("lang", "")
    lib = library()
    lang = lang if lang in lib.books else None
    if not query.strip():
        return render_template("search.html", query="", result=None, lang=lang)
    from kb.index.search import get_searcher

    start = request.args.get("start", "0")
    start = int(start) if start.isdigit() else 0
    result = get_searcher(current_app.config["LAWKB_DATA"]).search(
        query, lang=lang, limit=PAGE_HITS, offset=start
    )
    if result.get("citation"):
        target = result["citation"]
        return redirect(unit_url(target["lang"], target["id"]))
    groups: dict[tuple[str, str], list[dict]] = {}
    for hit in result["hits"]:
        groups.setdefault((hit["lang"], hit["law"]), []).append(hit)
    return render_template(
        "search.html",
        query=query,
        result=result,
        groups=groups,
        lang=lang,
        start=start,
        more=start + PAGE_HITS if start + PAGE_HITS < result["total"] else None,
    )


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
    )


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
    lang = request.args.get("lang", "")
    error = ""
    if query.strip():
        for code in citation_books(lib, query, lang):
            book = lib.book(code)
            found = cite.resolve_citation(query, book.units, code, book.edition)
            if found.unit is not None:
                return redirect(unit_url(code, found.id))
            error = error or citation_error(query, found, book)
    return render_template("cite.html", query=query, error=error), (404 if error else 200)


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
    if first is not None and first.kind == "lawbook" and first.lang == lang:
        return [lang]
    hinted = [first.lang] if first is not None else []
    if first is not None and first.kind == "card":
        hinted = [b.lang for b in lib.books.values() if b.edition == first.edition]
    lawbooks = [c for c in (*hinted, *lib.langs) if lib.books[c].kind == "lawbook"]
    return list(dict.fromkeys(lawbooks))


@bp.app_template_global()
def page_query_without(key: str) -> str:
    """The query string of the page's known parameters without `key`, ready for one more."""
    pairs = [(k, v) for k, v in page_args() if k != key]
    return urlencode(pairs) + "&" if pairs else ""


@bp.app_template_filter()
def snippet(html: str) -> Markup:
    """A search snippet: escaped text with <mark> highlights, sanitised again with nh3."""
    return Markup(nh3.clean(html, tags={"mark"}, attributes={}))


@bp.app_template_test("tail")
def is_tail(item) -> bool:
    """Whether an item of a law's print order is a unit's tail (see kb.layers.cite.print_order)."""
    return isinstance(item, cite.Tail)


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
