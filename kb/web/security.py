"""Security headers on every response: a strict Content-Security-Policy (scripts and styles
only from this site), no sniffing, no framing, no referrer leaks. JSON carries no raw
markup characters.

>>> sorted(HEADERS)[:2]
['Content-Security-Policy', 'Cross-Origin-Opener-Policy']
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.json.provider import DefaultJSONProvider

HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}


class HtmlSafeJSON(DefaultJSONProvider):
    """JSON with `<`, `>` and `&` written as `\\u003c`, `\\u003e` and `\\u0026` (the same
    strings to a JSON reader): a value the API echoes back is never markup, whatever reads
    the response.

    >>> from flask import Flask
    >>> HtmlSafeJSON(Flask(__name__)).dumps({"q": "<b>&"})
    '{"q": "\\\\u003cb\\\\u003e\\\\u0026"}'
    """

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        text = super().dumps(obj, **kwargs)
        return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def init_app(app: Flask) -> None:
    app.json = HtmlSafeJSON(app)

    @app.after_request
    def headers(response):
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        return response
