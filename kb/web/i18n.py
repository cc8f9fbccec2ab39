"""The UI language: chosen by `?ui=`, then a cookie, then Accept-Language; catalogs are
compiled from site/translations/*.po at start-up (never committed as binaries).

The UI languages are English (the language of the messages) and each language with a catalog:
a UI language is added by adding its catalog.

>>> UI_LANGS
('en', 'et', 'fi', 'sk', 'sv', 'tr')
"""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Flask, g, has_app_context, has_request_context, request
from flask_babel import Babel, get_locale, get_translations
from jinja2 import pass_context
from jinja2.runtime import Context

from kb import store
from kb.profiles import SHIPPED, Profiles, languages, sort_key

COOKIE = "ui"
SOURCE = Path(__file__).resolve().parent.parent / "site" / "translations"
CATALOG = "LC_MESSAGES/messages.po"  # a UI language's catalog, in its folder under SOURCE
UI_LANGS = ("en", *sorted(p.parent.parent.name for p in SOURCE.glob(f"*/{CATALOG}")))


def compile_catalogs(source: Path, target: Path) -> None:
    """Compile every `<lang>/LC_MESSAGES/messages.po` under `source` into `target` (only
    those whose .po is newer than the .mo)."""
    for po in source.glob(f"*/{CATALOG}"):
        mo = target / po.relative_to(source).with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parent.parent.name)
        compiled = io.BytesIO()
        write_mo(compiled, catalog)
        store.write_atomic(mo, compiled.getvalue())  # servers sharing the data directory


def select_locale() -> str:
    """The UI language of this request."""
    asked = request.args.get("ui", "")
    if asked in UI_LANGS:
        return asked
    cookie = request.cookies.get(COOKIE, "")
    if cookie in UI_LANGS:
        return cookie
    return request.accept_languages.best_match(UI_LANGS) or "en"


def ui_lang() -> str:
    """The current UI language code (looked up once per request: a page names it often)."""
    if not has_request_context():
        return str(get_locale() or "en")
    found = g.get("ui_lang")
    if found is None:
        found = g.ui_lang = str(get_locale() or "en")
    return found


def reader_style() -> str | None:
    """The UI language when its readers have a citing style of their own (its profile's),
    else None: the international style.

    >>> from kb.web import create_app
    >>> app = create_app()
    >>> with app.test_request_context("/?ui=en"):
    ...     print(reader_style())
    None
    >>> with app.test_request_context("/?ui=sk"):
    ...     reader_style()
    'sk'
    """
    ui = ui_lang()
    return ui if ui in languages() else None


def language_name(code: str, in_lang: str | None = None) -> str:
    """A language's name in the UI language (or another), capitalised as a menu or a label
    starts it (Babel gives the lower case a language writes mid-sentence: "suomi").

    >>> language_name("fi", "en"), language_name("tr", "fi"), language_name("et", "et")
    ('Finnish', 'Turkki', 'Eesti')
    """
    name = language_in_sentence(code, in_lang)
    return name[:1].upper() + name[1:]


def language_in_sentence(code: str, in_lang: str | None = None) -> str:
    """A language's name in the UI language (or another) as that language writes it
    mid-sentence ("kirjat kielillä turkki", "the books in Turkish").

    >>> language_in_sentence("tr", "fi"), language_in_sentence("tr", "en")
    ('turkki', 'Turkish')
    """
    return _display_name(code, language_of(code), in_lang or ui_lang())


def profiles() -> Profiles:
    """The profiles of the app's knowledge base (its library's, made from its build), or
    the shipped ones outside an app.

    >>> profiles() is SHIPPED
    True
    """
    if not has_app_context():
        return SHIPPED
    from kb.web.current import library

    return library().profiles


def language_of(key: str) -> str:
    """The language of a document key of the app's knowledge base (`profiles`).

    >>> from kb.web import create_app
    >>> with create_app().app_context():
    ...     language_of("sk-2007"), language_of("fi")
    ('sk', 'fi')
    """
    return profiles().language_of(key)


@cache  # bounded: the documents' codes times the UI languages
def _display_name(code: str, lang: str, in_lang: str) -> str:
    # A document keyed apart from its language (`da-2007`) is named by its language and its key.
    name = Locale.parse(lang).get_display_name(in_lang) or lang
    return name if lang == code else f"{name} ({code})"


def native_name(code: str) -> str:
    """A language's name in that language, as its speakers' menus write it.

    >>> native_name("tr"), native_name("sk"), native_name("en")
    ('Türkçe', 'Slovenčina', 'English')
    """
    return language_name(code, code)


def by_name(codes: list[str], in_lang: str | None = None) -> list[str]:
    """Language codes in the alphabetical order of their names in the UI language (or
    another), as a reader looks a language up in a list.

    >>> by_name(["fi", "tr", "sk", "et", "sv"], "en"), by_name(["fi", "sv", "et"], "fi")
    (['et', 'fi', 'sk', 'sv', 'tr'], ['sv', 'fi', 'et'])
    """
    return list(_by_name(tuple(codes), in_lang or ui_lang()))


@lru_cache(maxsize=1024)  # a page sorts the same lists (every document) again and again
def _by_name(codes: tuple[str, ...], lang: str) -> tuple[str, ...]:
    key = sort_key(lang)
    return tuple(sorted(codes, key=lambda code: key(language_name(code, lang))))


def ui_choices() -> list[tuple[str, str]]:
    """The UI languages as the switcher lists them: each by its own name, in the order of
    those names.

    >>> [name for _code, name in ui_choices()]
    ['Eesti', 'English', 'Slovenčina', 'Suomi', 'Svenska', 'Türkçe']
    """
    return sorted(((c, native_name(c)) for c in UI_LANGS), key=lambda x: x[1].casefold())


PAGE_TRANSLATIONS = "page_translations"  # a page's catalogue, in its template context


def per_page(method: str) -> Callable[..., str]:
    """A template's message function (`ugettext`, `ungettext`, `upgettext`, `unpgettext` of
    the catalogue) reading the page's catalogue from the template context, else (a template
    rendered without the context processors) from the request.

    >>> from babel.support import NullTranslations
    >>> from jinja2 import Environment
    >>> env = Environment(extensions=["jinja2.ext.i18n"])
    >>> env.install_gettext_callables(per_page("ugettext"), per_page("ungettext"), newstyle=True)
    >>> env.from_string('{{ _("Search") }}').render(page_translations=NullTranslations())
    'Search'
    """

    @pass_context
    def message(context: Context, *args: Any) -> str:
        found = context.get(PAGE_TRANSLATIONS)
        return getattr(found if found is not None else get_translations(), method)(*args)

    return message


def init_app(app: Flask) -> None:
    target = Path(app.config["LAWKB_DATA"]) / "translations"
    compile_catalogs(SOURCE, target)
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(target)
    app.config["BABEL_DEFAULT_LOCALE"] = "en"
    Babel(app, locale_selector=select_locale)
    # A page's messages from its catalogue read once per page (`PAGE_TRANSLATIONS`), rather
    # than looked up in the request at each message as flask-babel's callables do: a law page
    # asks some eighty (its render about 6 % faster).
    app.jinja_env.install_gettext_callables(
        gettext=per_page("ugettext"),
        ngettext=per_page("ungettext"),
        pgettext=per_page("upgettext"),
        npgettext=per_page("unpgettext"),
        newstyle=True,
    )

    @app.after_request
    def remember(response):
        asked = request.args.get("ui", "")
        if asked in UI_LANGS and request.cookies.get(COOKIE) != asked:
            response.set_cookie(COOKIE, asked, max_age=365 * 86400, samesite="Lax")
        elif request.cookies.get(COOKIE) not in UI_LANGS and response.mimetype == "text/html":
            # The language a page was read in, kept: the reader's next pages are the files
            # of that language, which nginx sends without asking a worker.
            response.set_cookie(COOKIE, ui_lang(), max_age=365 * 86400, samesite="Lax")
        if asked not in UI_LANGS and request.endpoint != "static":
            response.vary.update(("Cookie", "Accept-Language"))  # the UI language came from them
        return response

    @app.context_processor
    def helpers() -> dict:
        return {
            "ui_lang": ui_lang(),
            "ui_langs": UI_LANGS,
            "language_name": language_name,
            "by_name": by_name,
            "ui_choices": ui_choices(),
            "g": g,
            PAGE_TRANSLATIONS: get_translations(),
        }
