"""Two or more books side by side: the comparison of a law, row by row on unit ids, and
table mode for directors."""

from __future__ import annotations

from flask import (
    abort,
    g,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _

from kb.core.ids import anchor, law_of, within
from kb.crosslang import align
from kb.crosslang.library import Book, Library
from kb.web import i18n
from kb.web.cache import cached_page
from kb.web.pages.common import bp, descendants, library, side_by_side


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
        reference = reference_book([lib.book(x) for x in side_by_side()])
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
    langs = [x for x in dict.fromkeys(asked) if x in lib.books] or side_by_side()
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
        under = {
            b.key: printed_under(b, [o for o in lawbooks if o.edition == b.edition], ids[0])
            for b in lawbooks
            if len(ids := cells[b.key].ids) == 1 and cells[b.key].reason != "above"
        }
        rows.append({"id": unit.id, "kind": unit.kind, "cells": cells, "under": under})
    for book in lawbooks:
        for unit in book.law_units(number):
            if unit.id not in shown[book.key]:
                cells = {b.key: align.Counterpart(b.key, [], document=b.id) for b in books}
                cells[book.key] = align.Counterpart(book.key, [unit.id], document=book.id)
                rows.append(
                    {
                        "id": unit.id,
                        "kind": unit.kind,
                        "cells": cells,
                        "only": book.key,
                        "under": {},
                    }
                )
    return rows


def printed_under(book: Book, peers: list[Book], uid: str) -> str:
    """The unit above a unit of `book` where the book prints that unit's words (its own text
    is empty and its parent's is not, where another book of its edition among `peers` prints
    them the other way round), or "".

    >>> from kb.crosslang.library import get_library
    >>> lib = get_library()
    >>> fi, tr = lib.book("fi"), lib.book("tr")
    >>> printed_under(fi, [fi, tr], "16.B.1"), printed_under(tr, [fi, tr], "16.B.1")
    ('16.B', '')
    """
    parent = uid.rpartition(".")[0]
    unit, above = book.by_id.get(uid), book.by_id.get(parent)
    if not (unit and above) or unit.text or unit.title or not above.text:
        return ""
    for peer in peers:
        theirs, their_above = peer.by_id.get(uid), peer.by_id.get(parent)
        if theirs and their_above and theirs.text and not their_above.text:
            return parent
    return ""


@bp.route("/table/<number>")
@cached_page
def table(number: str):
    """Table mode for directors: one law, or one unit of it, in two chosen languages side by
    side in big type, row by row on unit ids (interleaved on a phone and on paper), nothing
    else on screen; printable. The page also holds the other books `langs` names, hidden:
    a page saved for offline use shows any two of them (the page's script)."""
    lib = library()
    raw = ",".join(request.args.getlist("langs"))  # `a,b` or the form's two choices
    asked = [lib.key(x) for x in raw.split(",") if lib.key(x) in lib.books]
    lawbooks = [c for c in lib.langs if lib.books[c].kind == "lawbook"]
    ui = i18n.ui_lang()
    defaults = [ui] if ui in lawbooks else []
    langs = list(dict.fromkeys(asked + defaults + lawbooks))[:2]
    held = list(dict.fromkeys(langs + asked))
    if not any(lib.book(x).law(number) for x in langs):
        abort(404, _("Law %(n)s is not in any document.", n=number[:10]))
    uid = request.args.get("unit", "")
    if law_of(uid) != number:
        uid = number
    rows = compare_rows(lib, number, held)
    if uid != number:
        rows = unit_rows(lib, rows, langs[0], uid)
    shown = {code: shown_units(lib.book(code), rows, code) for code in held}
    return render_template(
        "table.html", number=number, uid=uid, langs=langs, held=held, rows=rows, shown=shown
    )


def unit_rows(lib: Library, rows: list[dict], lang: str, uid: str) -> list[dict]:
    """The rows of a comparison that show a unit of a book and the units below it (the rows
    follow the reference edition: a unit of the other edition is found by its cells).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/"):
    ...     rows = compare_rows(library(), "12", ["tr", "fi"])
    ...     " ".join(r["id"] for r in unit_rows(library(), rows, "fi", "12.C.1.e"))
    '12.C.1.e 12.C.1.e.i 12.C.1.e.ii'
    """
    book = lib.book(lang)
    ref = reference_book([lib.book(x) for x in rows[0]["cells"]]) if rows else None
    mapped = align.counterpart(book, ref, uid).ids if ref and ref is not book else [uid]
    return [
        r
        for r in rows
        if any(within(i, uid) for i in r["cells"][lang].ids)
        or any(within(r["id"], m) for m in mapped)
    ]
