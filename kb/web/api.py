"""The JSON API under /api/v1: laws, units, search and citations; errors are JSON too.

>>> from kb.web import create_app
>>> client = create_app().test_client()
>>> client.get("/api/v1/units/tr/12.C.1.a").get_json()["citation"]
'Yasa 12C1(a)'
>>> client.get("/api/v1/units/tr/99.Z").status_code
404
>>> answer = client.get("/api/v1/laws/sk-2007/12").get_json()
>>> answer["lang"], answer["document"]
('sk', 'sk-2007')
"""

from __future__ import annotations

import re

from flask import Blueprint, Response, abort, current_app, jsonify, request
from werkzeug.exceptions import HTTPException

from kb.core.ids import LAW_LEVELS, law_of
from kb.core.model import EVERY, MAX_HITS
from kb.crosslang import align
from kb.crosslang.citations import resolve
from kb.crosslang.library import Book
from kb.layers import cite
from kb.web.cache import searcher
from kb.web.current import library
from kb.web.openapi import SPEC
from kb.web.pages.errors import kept_headers
from kb.web.security import own_location
from kb.web.subject import kept_index

bp = Blueprint("api", __name__)


def book_or_404(lang: str) -> Book:
    """The book a language code (its main document) or a document id names."""
    book = library().book(lang)
    if book is None:
        abort(404, f"no document in language {lang[:20]!r}")
    return book


def unit_json(book: Book, unit) -> dict:
    data = unit.to_json() | {"document": book.id}
    if unit.kind in LAW_LEVELS:
        data["citation"] = cite.render(unit.id, book.lang, book.profiles)
        data["international"] = cite.render(unit.id)
    return data


@bp.route("/laws")
def laws():
    lang = request.args.get("lang", "")
    lib = library()
    langs = [lang] if lang else lib.langs
    out = []
    for code in langs:
        book = book_or_404(code)
        named = {"lang": book.lang, "document": book.id}
        out += [{**named, "number": n, "title": title} for n, title in book.law_titles]
    return jsonify({"laws": out})


@bp.route("/laws/<lang>/<number>")
def law(lang: str, number: str):
    book = book_or_404(lang)
    if book.law(number) is None:
        abort(404, f"no law {number[:10]!r} in {lang}")
    return jsonify(
        {
            "lang": book.lang,
            "document": book.id,
            "edition": book.edition,
            "units": [unit_json(book, u) for u in book.law_units(number)],
        }
    )


@bp.route("/units/<lang>/<path:uid>")
def unit(lang: str, uid: str):
    book = book_or_404(lang)
    found = book.by_id.get(uid)
    if found is None:
        abort(404, f"no unit {uid[:40]!r} in {lang}")
    lib = library()
    data = unit_json(book, found)
    if "citation" in data:  # a law's unit: its whole wording and its citations to copy
        from kb.web.pages.citations import citation_texts

        data["full_text"] = cite.full_text(uid, book.law_units(law_of(uid) or ""))
        data["citations"] = citation_texts(book, found)
    data["counterparts"] = [
        vars(c) | {"lang": lib.book(c.lang).lang} for c in align.counterparts(lib, book.key, uid)
    ]
    return jsonify(data)


def whole(name: str, default: int, low: int, high: int) -> int:
    """A parameter that is a whole number from `low` to `high` (the command line's limits),
    else a 400 saying so.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/api/v1/search?limit=0"):
    ...     whole("limit", 10, 1, 100)
    Traceback (most recent call last):
    ...
    werkzeug.exceptions.BadRequest: 400 Bad Request: limit must be a whole number from 1 to 100
    >>> with create_app().test_request_context("/api/v1/search?limit=%C2%B2"):
    ...     whole("limit", 10, 1, 100)
    Traceback (most recent call last):
    ...
    werkzeug.exceptions.BadRequest: 400 Bad Request: limit must be a whole number from 1 to 100
    """
    text = request.args.get(name, str(default))
    # (ASCII digits only: "²" is a digit to `str.isdigit` that `int` refuses)
    value = int(text) if re.fullmatch(r"[0-9]{1,11}", text) else None
    if value is None or not low <= value <= high:
        abort(400, f"{name} must be a whole number from {low} to {high}")
    return value


@bp.route("/search")
def search():
    query = request.args.get("q", "")
    lang = request.args.get("lang") or EVERY  # none named: every document, as ever
    if lang != EVERY:
        lang = book_or_404(lang).key
    limit = whole("limit", 10, 1, MAX_HITS)
    offset = whole("offset", 0, 0, 10**9)
    found = searcher()
    return jsonify(found.search(query[:5000], lang=lang, limit=limit, offset=offset))


@bp.route("/index/<lang>")
def subject_index(lang: str):
    """A book's subject index (its own, or the Estonian index reached through its units)."""
    book = book_or_404(lang)
    found = kept_index(library(), book.key)
    return jsonify(found and found | {"lang": book.lang, "document": book.id})


@bp.route("/cite")
def cite_unit():
    """A citation resolved as the site and `lawkb cite` resolve it (`kb.crosslang.citations`:
    the Swedish card's `lag 16D` in the law books of its edition)."""
    query = request.args.get("q", "")
    lang = request.args.get("lang", "")
    book = book_or_404(lang) if lang else None
    if book is None:
        abort(400, "lang is required")
    found = resolve(library(), query[:200], book.key)
    if found is None or not found.found:
        error, uid = (found.resolution.error, found.resolution.id) if found else ("", "")
        return jsonify({"error": error, "status": 404, "id": uid or None}), 404
    return jsonify(found.answer())


@bp.route("/openapi.json")
def openapi():
    """This API described as OpenAPI 3.1."""
    return jsonify(SPEC)


@bp.errorhandler(HTTPException)
def json_error(error: HTTPException):
    """An error of the API as JSON, with the headers it carries (`Allow` on a 405)."""
    body = {"error": error.description, "status": error.code}
    return jsonify(body), error.code, kept_headers(error)


@bp.after_app_request
def json_redirects(response: Response) -> Response:
    """A redirect under /api/ (e.g. a path with `//`) answers in JSON, like every API answer."""
    if request.path.startswith("/api/") and response.status_code in (301, 302, 307, 308):
        location = own_location(response.headers.get("Location", ""))
        body = {"error": "moved", "location": location, "status": response.status_code}
        response.set_data(current_app.json.dumps(body))
        response.mimetype = "application/json"
    return response
