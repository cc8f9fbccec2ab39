"""A request's query parameters, bounded before any work starts: every request's cost is
known before a page is built from it.

A query string longer than `MAX_QUERY_STRING` bytes is answered 414, one with more than
`MAX_PARAMS` parameters or a value longer than `MAX_VALUE` characters 400, each naming the
parameter and the limit. What pages read, echo into their links and key their cache on is
the *canonical* form (`canonical`): the parameters pages know (`KNOWN`), the first value of
each single-valued one, the values of `langs` and `check` (which may repeat, or be
comma-separated) without repeats, at most `MAX_VALUES` of them; anything else is dropped.

>>> from flask import Flask
>>> with Flask(__name__).test_request_context("/x?q=a&q=b&junk=1&langs=fi,tr&langs=fi"):
...     canonical()
(('q', 'a'), ('langs', 'fi,tr'))
"""

from __future__ import annotations

from flask import Flask, abort, request
from flask_babel import gettext as _

# The query parameters a page may depend on or echo, in the order a canonical query lists
# them; any other is ignored (and dropped from the page's own links).
KNOWN = ("q", "lang", "langs", "law", "check", "page", "unit", "id", "severity")
# May repeat or list values: `langs=fi,tr` = `langs=fi&langs=tr`.
MULTI = ("langs", "check", "severity")
MAX_QUERY_STRING = 8192  # bytes of a query string (nginx's default line limit)
MAX_PARAMS = 50  # parameters in one query string, repeats included
MAX_VALUE = 2000  # characters of one value (a search reads 500 of them)
MAX_VALUES = 12  # distinct values of a repeatable parameter kept (documents, checks)


def problem() -> tuple[int, str] | None:
    """What is wrong with the request's query string, as a status and a message naming the
    parameter and the limit, or None.

    >>> from kb.web import create_app
    >>> app = create_app()
    >>> with app.test_request_context("/x?" + "&".join(["q=a"] * 60)):
    ...     problem()
    (400, 'The query has 60 parameters (at most 50).')
    >>> with app.test_request_context("/x?q=" + "a" * 2001):
    ...     problem()
    (400, 'The parameter “q” is 2001 characters long (at most 2000).')
    >>> with app.test_request_context("/x?q=revoke"):
    ...     problem()
    """
    size = len(request.query_string)
    if size > MAX_QUERY_STRING:
        return 414, _(
            "The query string is %(size)s bytes long (at most %(most)s).",
            size=size,
            most=MAX_QUERY_STRING,
        )
    pairs = list(request.args.items(multi=True))
    if len(pairs) > MAX_PARAMS:
        return 400, _(
            "The query has %(count)s parameters (at most %(most)s).",
            count=len(pairs),
            most=MAX_PARAMS,
        )
    for key, value in pairs:
        if len(value) > MAX_VALUE:
            return 400, _(
                "The parameter “%(name)s” is %(size)s characters long (at most %(most)s).",
                name=key[:40],
                size=len(value),
                most=MAX_VALUE,
            )
    return None


def values(key: str) -> list[str]:
    """The distinct values of a repeatable parameter, in order (`langs=fi,tr&langs=fi`: fi,
    tr), at most `MAX_VALUES`.

    >>> from flask import Flask
    >>> with Flask(__name__).test_request_context("/x?langs=fi,,tr&langs=fi&langs=et"):
    ...     values("langs")
    ['fi', 'tr', 'et']
    """
    asked = (x.strip() for value in request.args.getlist(key) for x in value.split(","))
    return list(dict.fromkeys(x for x in asked if x))[:MAX_VALUES]


def canonical() -> tuple[tuple[str, str], ...]:
    """The request's known parameters in canonical form (see the module's docstring): what
    pages echo and what their cache is keyed on."""
    out = []
    for key in KNOWN:
        if key not in request.args:
            continue
        value = ",".join(values(key)) if key in MULTI else request.args.get(key, "")
        out.append((key, value))
    return tuple(out)


def init_app(app: Flask) -> None:
    """Refuse, before any view runs, a request whose query string is over the limits."""

    @app.before_request
    def bounded() -> None:
        found = problem()
        if found is not None:
            abort(*found)
