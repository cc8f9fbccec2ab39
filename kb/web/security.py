"""Security headers on every response: a strict Content-Security-Policy (scripts and styles
only from this site), no sniffing, no framing, no referrer leaks. JSON carries no raw
markup characters.

>>> sorted(HEADERS)[:2]
['Content-Security-Policy', 'Cross-Origin-Opener-Policy']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask, request
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

    >>> from flask import Flask, request
    >>> HtmlSafeJSON(Flask(__name__)).dumps({"q": "<b>&"})
    '{"q": "\\\\u003cb\\\\u003e\\\\u0026"}'
    """

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        text = super().dumps(obj, **kwargs)
        return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_HOST = re.compile(
    rf"(?:{_LABEL}(?:\.{_LABEL})*\.?|\[[0-9A-Fa-f:.]{{2,45}}\])(?::[0-9]{{1,5}})?", re.ASCII
)


def valid_host(host: str) -> bool:
    """Whether a Host header is a well-formed host name or address, with an optional port
    (an empty one, as HTTP/1.0 clients send, is accepted).

    >>> [valid_host(h) for h in ("laws.example.org", "127.0.0.1:5000", "[::1]:80", "")]
    [True, True, True, True]
    >>> [valid_host(h) for h in ("a..b", "a" * 64 + ".org", "x:99999", "évil.org", "a b")]
    [False, False, False, False, False]
    """
    if not host:
        return True
    if len(host) > 260 or not _HOST.fullmatch(host):
        return False
    port = host.rpartition(":")[2] if not host.endswith("]") and ":" in host else ""
    return not port or 0 < int(port) <= 65535


def _bad_host(start_response: Callable) -> Iterable[bytes]:
    body = b"Bad Request: the Host header is not a valid host name.\n"
    head = [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(body)))]
    start_response("400 Bad Request", head + list(HEADERS.items()))
    return [body]


class HostCheck:
    """WSGI middleware: a request whose Host header is malformed is answered 400 before it
    reaches the site (Flask cannot build a URL for it)."""

    def __init__(self, app: Callable) -> None:
        self.app = app

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        if not valid_host(environ.get("HTTP_HOST", "")):
            return _bad_host(start_response)
        return self.app(environ, start_response)


def init_app(app: Flask) -> None:
    app.json = HtmlSafeJSON(app)
    app.wsgi_app = HostCheck(app.wsgi_app)

    @app.after_request
    def headers(response):
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        if "Location" in response.headers:
            response.headers["Location"] = own_location(response.headers["Location"])
        return response


def own_location(location: str) -> str:
    """A redirect's target on this site as a path: an answer never names the Host it got.

    >>> from flask import Flask
    >>> with Flask(__name__).test_request_context("/", base_url="http://evil.example"):
    ...     own_location("http://evil.example/fi/law/12"), own_location("/x")
    ('/fi/law/12', '/x')
    """
    if location.startswith(request.host_url):
        return "/" + location[len(request.host_url) :]
    return location
