"""The search page and the search box every page carries."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import nh3
from flask import (
    Response,
    g,
    make_response,
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
from kb.web.i18n import language_of
from kb.web.pages.common import MAX_QUERY, bp, compare_langs, library
from kb.web.pages.compare import compare_anchor
from kb.web.pages.links import unit_url
from kb.web.subject import own_terms

CHOSEN = "search_book"  # the cookie keeping the book a reader last chose to search


def search_scope(lang: str = "") -> str:
    """The book a search looks in by default: the one the reader is in, else the one they
    last chose (a cookie), else none: every language's book, the reader's shown first where
    it has the law (never a book picked for them, nor only the card of a language that has
    one).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=en"):
    ...     search_scope("fi"), search_scope(""), search_scope("xx")
    ('fi', '', '')
    >>> with create_app().test_request_context("/?ui=tr", headers={"Cookie": "search_book=sk"}):
    ...     search_scope("")
    'sk'
    """
    lib = library()
    if lang in lib.books:
        return lang
    # (a page kept for every reader, `kb.web.cache.cached_page`, is no one's choice:
    # the browser selects the reader's from the cookie, site.js)
    chosen = "" if g.get("for_everyone") else request.cookies.get(CHOSEN, "")
    several = lib.main_langs != lib.langs  # (else every book is every language's book)
    return chosen if chosen in lib.books or (chosen == EVERY and several) else ""


def reader_book() -> str:
    """The book a reader reads by default: the one they chose to search last, else their
    interface language's, else none ("").

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=tr"):
    ...     reader_book()
    'tr'
    """
    ui = i18n.ui_lang()
    return search_scope() or (ui if ui in library().books else "")


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


class Reason(NamedTuple):
    """Why a hit was found, as the page says it: `by` what (`index`: a subject index's entry,
    `situation`: a situation's phrase) and the words, marked with their language."""

    by: str
    said: Markup


def reasons(hit: dict) -> list[Reason]:
    """Why a hit was found, in words the reader reads: each index entry or situation the
    search names (`found_by`) in the book's language or the reader's; one in another language
    (an English entry or situation matched on a Turkish book) is said by the book's own index
    instead (printed or made in its words: `kb.web.subject.own_terms`), or not at all.

    >>> from kb.web import create_app
    >>> hit = {"key": "tr", "id": "54.B", "found_by": [
    ...     {"by": "situation", "entry": "opening lead out of turn", "lang": "en"},
    ...     {"by": "index", "entry": "Opening lead, out of turn", "lang": "en"}]}
    >>> with create_app().test_request_context("/?ui=fi"):
    ...     [(r.by, str(r.said)) for r in reasons(hit)]
    [('index', '<span lang="tr">Yüzü açık sırasız atak</span>')]
    >>> with create_app().test_request_context("/?ui=en"):
    ...     [r.by for r in reasons(hit)]
    ['situation', 'index']
    """
    book = library().book(hit["key"])
    readable = {i18n.ui_lang(), language_of(hit["key"])}
    out: list[Reason] = []
    for found in hit.get("found_by", []):
        if found["by"] not in ("index", "situation"):
            continue
        if found.get("named"):  # the entry as the hit's book names it
            said = [(found["by"], found["named"], language_of(hit["key"]))]
        elif found.get("lang") in readable:
            said = [(found["by"], found["entry"], found["lang"])]
        else:
            terms = own_terms(book, hit["id"]) if book is not None else []
            said = [("index", t, language_of(hit["key"])) for t in terms[:1]]
        for by, words, lang in said:
            reason = Reason(by, Markup('<span lang="{}">{}</span>').format(lang, words))
            if reason not in out:
                out.append(reason)
    return out


@bp.route("/search")
def search():
    query = request.args.get("q", "")[:MAX_QUERY]
    lib = library()
    chosen = "lang" in request.args  # a book, "" for every language, `all` every book
    if chosen:
        lang = lib.key(request.args["lang"])
        lang = lang if lang in lib.books or lang == EVERY else ""
    else:
        lang = search_scope()
    if not query.strip():
        page = render_template("search.html", query="", result=None, lang=lang)
        return remembered(page, lang if chosen else None)
    try:
        page = max(1, min(10_000, int(request.args.get("page", "1"))))
    except ValueError:
        page = 1
    found = searcher()
    offset = (page - 1) * PER_PAGE
    prefer = reader_book()  # each law once, the reader's book's unit where it has one
    result = found.search(query, lang=lang or None, limit=PER_PAGE, offset=offset, prefer=prefer)
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
        hit["why"] = reasons(hit)
        hit["also"] = [(lib.key(b["document"]), b["id"]) for b in hit["books"][1:]]
        groups.setdefault((hit["key"], hit["law"]), []).append(hit)
    page = render_template(
        "search.html",
        query=query,
        result=result,
        groups=groups,
        lang=lang,
        browse=lang if lang in lib.books else reader_book() or lib.main_langs[0],
        page=page,
        pages=-(-result["total"] // PER_PAGE),
    )
    return remembered(page, lang if chosen else None)


def remembered(page: str, chosen: str | None) -> Response:
    """The page, keeping the book a reader chose (`chosen`; None: none chosen) in a cookie
    for their next search (not in the address: a link shared searches as its reader chose).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/"):
    ...     remembered("<p>", "fi").headers["Set-Cookie"].split(";")[0]
    'search_book=fi'
    """
    response = make_response(page)
    if chosen is not None:
        response.set_cookie(CHOSEN, chosen, max_age=365 * 24 * 3600, samesite="Lax")
    return response
