"""The search page and the search box every page carries."""

from __future__ import annotations

from functools import lru_cache

import nh3
from flask import (
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from markupsafe import Markup

from kb.core.ids import law_of
from kb.core.model import EVERY
from kb.web import i18n
from kb.web.cache import searcher
from kb.web.pages.common import MAX_QUERY, bp, compare_langs, library
from kb.web.pages.compare import compare_anchor
from kb.web.pages.links import unit_url


def search_scope(lang: str = "") -> str:
    """The book a search looks in by default: the one the reader is in, else the UI
    language's, else none (all books), never a foreign book the reader did not choose.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=en"):
    ...     search_scope("fi"), search_scope(""), search_scope("xx")
    ('fi', '', '')
    >>> with create_app().test_request_context("/?ui=tr"):
    ...     search_scope("")
    'tr'
    """
    books = library().books
    if lang in books:
        return lang
    ui = i18n.ui_lang()
    return ui if ui in books else ""


def scope_options(scope: str) -> Markup:
    """The options of a search's book choice: all books, then each book by name (made once
    per UI language and choice: every page has them). Where a language has several books,
    "all languages" (each language's main book) comes first, then every book (`all`).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=en"):
    ...     str(scope_options("fi")).count("<option"), 'value="fi" selected' in scope_options("fi")
    (6, True)
    """
    lib = library()
    return _scope_options(tuple(lib.langs), lib.main_langs != lib.langs, i18n.ui_lang(), scope)


@lru_cache(maxsize=1024)
def _scope_options(langs: tuple[str, ...], several: bool, ui: str, scope: str) -> Markup:
    every = [("", _("All languages")), (EVERY, _("All books"))] if several else []
    options = every or [("", _("All books"))]
    options += [(c, i18n.language_name(c, ui)) for c in i18n.by_name(list(langs), ui)]
    return Markup("").join(
        Markup('<option value="{}"{}>{}</option>').format(
            code, Markup(" selected") if code == scope else "", name
        )
        for code, name in options
    )


PER_PAGE = 20


@bp.route("/search")
def search():
    query = request.args.get("q", "")[:MAX_QUERY]
    lib = library()
    if "lang" in request.args:  # chosen: a book, "" for every language, `all` every book
        lang = lib.key(request.args["lang"])
        lang = lang if lang in lib.books or lang == EVERY else ""
    else:
        lang = search_scope()
    if not query.strip():
        return render_template("search.html", query="", result=None, lang=lang)
    try:
        page = max(1, min(10_000, int(request.args.get("page", "1"))))
    except ValueError:
        page = 1
    found = searcher()
    offset = (page - 1) * PER_PAGE
    result = found.search(query, lang=lang or None, limit=PER_PAGE, offset=offset)
    if result.get("citation"):
        target = result["citation"]
        number = law_of(target["id"])
        if lang in ("", EVERY) and number:  # no book chosen: the law in every language
            key = lib.key(target["document"])
            where = compare_anchor(key, target["id"])
            langs = compare_langs(key)
            return redirect(url_for("pages.compare", number=number, langs=langs, _anchor=where))
        return redirect(unit_url(target["document"], target["id"]))
    groups: dict[tuple[str, str], list[dict]] = {}
    for hit in result["hits"]:
        hit["adds"] = nh3.clean(hit["snippet"], tags=set()).strip() != hit["title"].strip()
        hit["key"] = lib.key(hit["document"])  # the book's address on this site
        groups.setdefault((hit["key"], hit["law"]), []).append(hit)
    return render_template(
        "search.html",
        query=query,
        result=result,
        groups=groups,
        lang=lang,
        page=page,
        pages=-(-result["total"] // PER_PAGE),
    )
