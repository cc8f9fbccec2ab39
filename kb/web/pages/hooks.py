"""What the templates call: the context every page gets, headings and citations in the
reader's style, a unit's text with its references linked, snippets and small filters."""

from __future__ import annotations

from dataclasses import replace
from functools import partial

import nh3
from flask import (
    request,
)
from flask_babel import gettext as _
from markupsafe import Markup

from kb.core.ids import LAW_LEVELS, anchor, law_of, table_of
from kb.layers import cite
from kb.web import i18n, labels, names
from kb.web.annotate import annotate, fn_key, paragraphs
from kb.web.i18n import language_of
from kb.web.pages.common import bp, library
from kb.web.pages.links import public_url, unit_url, unit_url_in
from kb.web.pages.search import scope_options, search_scope
from kb.web.subject import english_index


@bp.app_context_processor
def shared() -> dict:
    """What every page's template may use: the library, unit links and anchors."""
    lib = library()
    return {
        "library": lib,
        "unit_url": partial(unit_url_in, lib, request.script_root),
        "anchor": anchor,
        "law_of": law_of,
        "law_levels": LAW_LEVELS,
        "law_heading": law_heading,
        "cite_examples": cite.examples(i18n.reader_style(), i18n.profiles()),
        "labels": labels,
        "search_scope": search_scope,
        "scope_options": scope_options,
        "cite_label": cite_label,
        "unit_name": names.unit_name,
        "unit_label": names.unit_label,
        "book_label": names.book_label,
        "book_title": names.book_title,
        "part_name": names.part_name,
        "english_index": english_index,
        "public_url": public_url,
        "today": built_day(),
    }


def built_day() -> str:
    """The day of the build being served (printouts name it; the browser prints the day
    of printing when it can).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/"):
    ...     len(built_day())
    10
    """
    from kb.web.assets import built_at

    made = built_at(library().build_id)
    return made.date().isoformat() if made else ""


def cite_label(uid: str, lang: str) -> str:
    """A unit named as a reader cites it: a law's unit in its book's style (`Yasa 61B2(a)`,
    a table `Yasa 77 tablosu (FAZLA LÖVELER)`), a card's topic or another part by its heading.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/"):
    ...     cite_label("61.B.2.a", "tr"), cite_label("topic.50", "sv")
    ('Yasa 61B2(a)', 'BEHANDLING AV STRAFFKORT')
    """
    if law_of(uid) and table_of(uid) is None:
        return cite.render(uid, lang, i18n.profiles())
    return names.unit_name(uid, lang)


@bp.app_template_filter()
def capital(text: str) -> str:
    """Text as it opens a heading or a list's item: its first letter a capital (the rest as
    it is: `laki 12C1b §` -> `Laki 12C1b §`).

    >>> capital("laki 12C1b §"), capital("Yasa 12"), capital("")
    ('Laki 12C1b §', 'Yasa 12', '')
    """
    return text[:1].upper() + text[1:]


def law_heading(number: str, lang: str | None = None) -> str:
    """A law's heading as a document prints it (`12 §`, `Yasa 12`), or, for a page over
    several documents, as the reader's own language's book does (`Law 12` in English).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=et"):
    ...     law_heading("12", "fi"), law_heading("12")
    ('12 §', 'Reegel 12')
    """
    return cite.heading(number, lang or i18n.reader_style(), i18n.profiles())


def _linker(lang: str):
    """A book's link to a unit: its address and what the link's title says of it."""
    book = library().book(lang)

    def link(target: str) -> tuple[str, str]:
        return unit_url(lang, target), names.link_title(target, book.key)

    return link


@bp.app_template_global()
def render_text(unit, lang: str, field: str = "text") -> list[Markup]:
    """A unit's text (or title, or tail) as paragraphs of safe HTML with its references
    linked (the link's title says where it points)."""
    return paragraphs(annotate(unit, _linker(lang), field, misprint_note))


@bp.app_template_global()
def render_footnote(unit, footnote, lang: str) -> Markup:
    """A footnote of a unit as safe HTML with the references it prints linked (the refs
    layer keeps them on the unit, marked with the footnote's marker).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/"):
    ...     unit = library().book("et").by_id["67.B.2.a"]
    ...     note = next(f for f in unit.footnotes if "reegel 50" in f.text)
    ...     'href="/et/law/50"' in render_footnote(unit, note, "et")
    True
    """
    refs = [
        {k: v for k, v in r.items() if k != "footnote"}
        for r in unit.refs
        if r.get("footnote") == footnote.marker
    ]
    shim = replace(unit, text=footnote.text, refs=refs, footnotes=[], terms=[])
    return annotate(shim, _linker(lang), "text", misprint_note)


def misprint_note(entry: dict) -> Markup:
    """The words before a misprinted code's suggestion (kb/crosslang/misprints.py), in the UI
    language and marked with it: which books cite the suggested unit (their languages named
    as a sentence lists them), or "probably" for a reviewed erratum.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=fi"):
    ...     str(misprint_note({"cited": {"tr": "16.B.3"}, "suggestion": "16.B.3"}))
    ...     str(misprint_note({"cited": {"fi": "1", "tr": "1"}, "suggestion": "1"}))
    '<span lang="fi">painovirhe? toisessa kirjassa (turkki) viitataan kohtaan:</span>'
    '<span lang="fi">painovirhe? muissa kirjoissa (suomi, turkki) viitataan kohtaan:</span>'
    """
    cited = list(entry.get("cited", {}))
    languages = ", ".join(i18n.language_in_sentence(lang) for lang in cited)
    if len(cited) == 1:
        said = _("misprint? the other book (%(languages)s) cites:", languages=languages)
    elif cited:
        said = _("misprint? the other books (%(languages)s) cite:", languages=languages)
    else:
        said = _("misprint? probably:") if entry.get("suggestion") else _("misprint?")
    return Markup('<span lang="{}">{}</span>').format(i18n.ui_lang(), said)


@bp.app_template_test("shouting")
def is_shouting(text: str | None) -> bool:
    """Whether a title is printed in capitals only (the page shows it in sentence case, by
    CSS: the printed text stays in the page and in its citations).

    >>> is_shouting("LUVALLINEN JA LUVATON TIETO"), is_shouting("Tiedon käyttö"), is_shouting("12")
    (True, False, False)
    """
    return bool(text) and text.upper() == text and text.lower() != text


@bp.app_template_global()
def book_names() -> dict[str, str]:
    """Every book's name in the UI language with its edition, by its key (the list of the
    books saved for offline use names them).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=fi"):
    ...     book_names()["sk"]
    'Slovakinkielinen (2007)'
    """
    return {key: names.book_label(key) for key in library().books}


@bp.app_template_global()
def unit_code(uid: str, lang: str) -> str:
    """A law's unit as a book's index prints it: its code alone, in the book's notation.

    >>> unit_code("40.B.2.a.iii", "fi"), unit_code("16.B.1", "tr"), unit_code("12.C.1.b", "tr")
    ('40B2a(iii)', '16B1', '12C1(b)')
    """
    return cite.code(uid, i18n.profiles().load_references(lang))


@bp.app_template_filter()
def snippet(html: str) -> Markup:
    """A search snippet: escaped text with <mark> highlights, sanitised again with nh3."""
    return Markup(nh3.clean(html, tags={"mark"}, attributes={}))


@bp.app_template_test("tail")
def is_tail(item) -> bool:
    """Whether an item of a law's print order is a unit's tail (see kb.layers.cite.print_order)."""
    return isinstance(item, cite.Tail)


@bp.app_template_filter("language_of")
def html_language(key: str) -> str:
    """The language of a book's key, as HTML's `lang` writes it (`da-2007` -> `da`).

    >>> from kb.web import create_app
    >>> with create_app().app_context():
    ...     html_language("sk-2007"), html_language("fi")
    ('sk', 'fi')
    """
    return language_of(key)


@bp.app_template_filter()
def fnkey(marker: str) -> str:
    """A footnote marker as an anchor's key (`kb.web.annotate.fn_key`).

    >>> fnkey("*"), fnkey("2"), fnkey("†")
    ('s1', '2', 'd1')
    """
    return fn_key(marker)
