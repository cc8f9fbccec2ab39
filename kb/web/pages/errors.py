"""Error pages in the reader's language; JSON errors under /api/."""

from __future__ import annotations

from flask import (
    Flask,
    jsonify,
    render_template,
    request,
)
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException

from kb.web.pages.common import GENERIC_ERRORS


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
