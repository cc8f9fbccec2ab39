"""What every page view shares: the blueprint, the library of the request, a book or a 404,
the content language, the documents a comparison shows."""

from __future__ import annotations

from flask import (
    Blueprint,
    abort,
    redirect,
    request,
    url_for,
)
from flask_babel import gettext as _

from kb.core.ids import inside, law_of
from kb.crosslang.align import N_
from kb.crosslang.library import Book
from kb.web import i18n
from kb.web.current import library

bp = Blueprint("pages", __name__)


GENERIC_ERRORS = {
    400: N_("The request could not be understood."),
    404: N_("The page you asked for does not exist."),
    405: N_("This address accepts only requests to read a page."),
    413: N_("The request is larger than this site accepts."),
    414: N_("The address is longer than this site accepts."),
}


MAX_QUERY = 500


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
    return None if key in main or key not in lib.books else ",".join([*side_by_side(), key])


def side_by_side() -> list[str]:
    """The documents a comparison shows when none are asked for: each language's main
    document, the reader's own book first, the others in the order of their names in the
    UI language (as the language links above the comparison list them).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=fi"):
    ...     side_by_side()
    ['fi', 'sv', 'sk', 'tr', 'et']
    """
    ui = i18n.ui_lang()
    return sorted(i18n.by_name(library().main_langs), key=lambda code: code != ui)


def descendants(book: Book, uid: str) -> list:
    """The units below a unit, in order (looked for in its law only)."""
    return [u for u in book.law_units(law_of(uid) or "") if inside(u.id, uid)]
