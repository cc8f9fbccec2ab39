"""Error pages in the reader's language; JSON errors under /api/. An answer keeps the headers
its error carries (`Allow` on a 405).

>>> from kb.web import create_app
>>> answer = create_app().test_client().post("/fi/law/12")
>>> answer.status_code, sorted(answer.headers["Allow"].split(", "))
(405, ['GET', 'HEAD', 'OPTIONS'])
"""

from __future__ import annotations

from flask import Flask, Response, jsonify, render_template, request
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException

from kb.web.pages.common import GENERIC_ERRORS

CODES = (400, 404, 405, 413, 414, 503)


def kept_headers(error: HTTPException) -> list[tuple[str, str]]:
    """The headers an error carries besides its content type (`Allow` on a 405).

    >>> from werkzeug.exceptions import MethodNotAllowed
    >>> kept_headers(MethodNotAllowed(["GET", "HEAD"]))
    [('Allow', 'GET, HEAD')]
    """
    return [(k, v) for k, v in error.get_headers() if k.lower() != "content-type"]


def error_response(error: HTTPException) -> tuple[Response | str, int, list[tuple[str, str]]]:
    """An error as JSON under /api/, else as a page in the reader's language (Werkzeug's
    own English wording replaced by the catalog's)."""
    headers = kept_headers(error)
    if request.path.startswith("/api/"):
        body = {"error": error.description, "status": error.code}
        return jsonify(body), error.code or 500, headers
    message = error.description
    if message == type(error).description:  # Werkzeug's own English wording
        message = _(GENERIC_ERRORS.get(error.code or 400, GENERIC_ERRORS[400]))
    page = render_template("error.html", code=error.code, message=message)
    return page, error.code or 500, headers


def register_errors(app: Flask) -> None:
    """Helpful error pages; JSON errors under /api/."""
    for code in CODES:
        app.register_error_handler(code, error_response)
