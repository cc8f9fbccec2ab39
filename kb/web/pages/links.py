"""Every link a page builds to a unit, a page of this site or its public address (the
URL scheme itself is `kb.core.ids.unit_path`)."""

from __future__ import annotations

from urllib.parse import urlencode

from flask import (
    current_app,
    request,
    url_for,
)

from kb.core.ids import law_of, unit_path
from kb.crosslang.library import Library
from kb.web.pages.common import bp, card_langs, library
from kb.web.params import canonical


def unit_url(lang: str, uid: str) -> str:
    """The permalink of a unit (`kb.core.ids.unit_path`; a card's law unit: the comparison
    of its law), under the site's root; `lang` is a book's address or id."""
    return unit_url_in(library(), request.script_root, lang, uid)


def unit_url_in(lib: Library, root: str, lang: str, uid: str) -> str:
    """`unit_url` in a library, under a site's root (a page links a hundred units: its
    template's `unit_url` has both bound once, see `shared`)."""
    book = lib.book(lang)
    key = book.key if book is not None else lang  # a document's id: its address
    if book is not None and book.kind == "card" and (law := law_of(uid)) is not None:
        return url_for("pages.compare", number=law, langs=",".join(card_langs(key)))
    return root + unit_path(key, uid)


def public_url(path: str) -> str:
    """An address of this site as printed: absolute with the configured public address,
    else the path alone (made absolute by the reader's browser; never the request's Host)."""
    return current_app.config.get("LAWKB_PUBLIC_URL", "").rstrip("/") + path


@bp.app_template_global()
def page_query_without(key: str) -> str:
    """The query string of the page's known parameters without `key`, ready for one more."""
    pairs = [(k, v) for k, v in canonical() if k != key]
    return urlencode(pairs) + "&" if pairs else ""


@bp.app_template_global()
def own_address() -> str:
    """The page's path with the query parameters pages know (a printout names it).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/fi/law/12?ui=fi&junk=1&lang=fi"):
    ...     own_address()
    '/fi/law/12?lang=fi'
    """
    query = urlencode(canonical())
    return request.path + ("?" + query if query else "")
