"""How the site names a book's units and its books to a reader, in the interface language: a
law's unit by its code as readers write it, a table as its book names a table, a card's topic,
a definition or a table's heading by the words the book prints (listed by the build: no book
is read for them), a part outside the laws by its name, a book by a label or by its title.

>>> from kb.web import create_app
>>> with create_app().test_request_context("/?ui=sv"):
...     unit_name("12.C.1.b"), unit_name("topic.62"), book_label("fi")
('12C1(b)', 'KORRIGERING AV REVOKE', 'Finska 2017')
"""

from __future__ import annotations

from flask_babel import gettext, lazy_gettext, lazy_pgettext
from markupsafe import Markup, escape

from kb.core.ids import law_of, table_of
from kb.layers import cite
from kb.web import i18n
from kb.web.current import library
from kb.web.i18n import language_of

FIRST_WORDS = 8  # of a definition, in a link's title
# A document of each language as a label names it (`book_label`): the language in the form
# the UI language names a book in ("suomenkielinen", not "Suomi", a country's name too).
DOCUMENTS = {
    "fi": lazy_pgettext("document", "Finnish %(edition)s"),
    "tr": lazy_pgettext("document", "Turkish %(edition)s"),
    "sk": lazy_pgettext("document", "Slovak %(edition)s"),
    "et": lazy_pgettext("document", "Estonian %(edition)s"),
    "sv": lazy_pgettext("document", "Swedish %(edition)s"),
}
# The parts of a document outside the laws, by kind.
PART_NAMES = {
    "front": lazy_gettext("Front matter"),
    "toc": lazy_gettext("Table of contents"),
    "introduction": lazy_gettext("Introduction"),
    "preface": lazy_gettext("Preface"),
    "options": lazy_gettext("Options of the Laws"),
    "index": lazy_gettext("Index"),
    "appendix": lazy_gettext("Appendix"),
    "commentary": lazy_gettext("Notes and commentary"),
    "back": lazy_gettext("Back cover"),
    "topic": lazy_gettext("Topic of the director's card"),
    "table": lazy_gettext("Table"),
}


def part_name(part: str) -> str:
    """A part's name from its id (`appendix-2` -> "Appendix 2", `preface-et` -> "Preface").

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=et"):
    ...     part_name("appendix-2"), part_name("toc")
    ('Lisa 2', 'Sisukord')
    """
    kind, _dash, rest = part.partition("-")
    name = str(PART_NAMES.get(kind, kind))
    return gettext("%(part)s %(n)s", part=name, n=rest) if rest.isdigit() else name


def _printed(uid: str, lang: str | None) -> tuple[str, str] | None:
    """The name a book prints for a unit and the book's language: the book `lang`'s, else
    that of the first book that has the unit (from the build's listing: no book is read).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/"):
    ...     _printed("topic.62", None), _printed("def.vpv", "tr")
    (('KORRIGERING AV REVOKE', 'sv'), None)
    """
    books = library().books
    for key in [lang] if lang in books else list(books):
        name = books[key].names.get(uid)
        if name:
            return name, language_of(key)
    return None


def unit_name(uid: str, lang: str | None = None) -> str:
    """How the site names a unit in lists and sentences: a law's unit by its code as a
    book's readers write it (`lang`; else as the UI language's readers do), a law's table as
    the book names a table and by the heading it prints over it (the reader's own book's,
    when no book is given), a card's topic or table by its printed title, a definition by its
    term, a part outside the laws by its name in the UI language.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=fi"):
    ...     unit_name("options"), unit_name("12.C.1.b"), unit_name("12.C.1.b", "tr")
    ...     unit_name("topic.62"), unit_name("77.table.6", "tr"), unit_name("def.vpv", "fi")
    ('Lain optiot', '12C1b', '12C1(b)')
    ('KORRIGERING AV REVOKE', 'Yasa 77 tablosu (EKSİK LÖVELER)', 'VPV')
    """
    style = lang or i18n.reader_style()
    if law_of(uid) is not None and table_of(uid) is None:
        return cite.notation(uid, style, i18n.profiles())
    if table_of(uid) is not None:
        named = _printed(uid, lang or style) if lang or style in library().books else None
        return cite.named(uid, named[0] if named else "", style, i18n.profiles())
    named = _printed(uid, lang)
    if named is not None:
        return named[0]
    if uid.split("-")[0] in PART_NAMES:
        return part_name(uid)
    return uid


def link_title(uid: str, lang: str) -> str:
    """What a link to a unit of a book says where it points (its `title`): a law's unit by
    its citation and title, a definition by its term and the first words of its definition,
    another unit by its name.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=fi"):
    ...     link_title("def.vpv", "fi")
    ...     link_title("16.B", "tr")
    'VPV: Vasemmanpuoleinen vastustaja.'
    'Yasa 16B Ortaktan Gelen Dış Bilgi'
    """
    unit = library().book(lang).by_id.get(uid) if library().book(lang) else None
    if table_of(uid) is not None:
        return unit_name(uid, lang)
    if law_of(uid) is not None:
        return " ".join(
            p for p in (cite.render(uid, lang, i18n.profiles()), unit.title if unit else "") if p
        )
    name = unit_name(uid, lang)
    if unit is None or unit.kind != "definition" or not unit.text.strip():
        return name
    words = unit.text.split()
    first = " ".join(words[:FIRST_WORDS]) + ("…" if len(words) > FIRST_WORDS else "")
    return f"{name}: {first}"


def unit_label(uid: str, lang: str | None = None) -> Markup:
    """A unit named in a sentence or a list of the interface (`unit_name`): a name printed in
    a book (a card's topic, a definition's term) marked with the book's language.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=fi"):
    ...     str(unit_label("topic.62")), str(unit_label("16.D"))
    ('<span lang="sv">KORRIGERING AV REVOKE</span>', '16D')
    """
    name = unit_name(uid, lang)
    named = _printed(uid, lang) if law_of(uid) is None or (lang and table_of(uid)) else None
    return in_lang(named[1], name) if named is not None else escape(name)


def book_label(key: str) -> str:
    """A document named as a label names it (a crumb, a column's heading): its language, in
    the form the UI language names a book in, and its edition.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=fi"):
    ...     book_label("sv"), book_label("et")
    ('Ruotsinkielinen (2007)', 'Vironkielinen (2017)')
    >>> with create_app().test_request_context("/?ui=en"):
    ...     book_label("sv")
    'Swedish 2007'
    """
    book = library().book(key)
    if book is None:
        return key
    named = DOCUMENTS.get(book.key)
    if named is None:
        return f"{i18n.language_name(book.key)} {book.edition}"
    return str(named) % {"edition": book.edition}


def book_title(key: str) -> Markup:
    """A document named in a sentence: its printed title as running text writes it (a title
    printed in capitals in sentence case), marked with its language; a document without a
    title by its label.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=sv"):
    ...     print(book_title("fi"), book_title("tr"), sep="\\n")
    <span lang="fi">Vuoden 2017 kilpailubridgen laki</span>
    <span lang="tr">2017, Uluslararası Briç Yasaları</span>
    """
    book = library().book(key)
    title = book.meta.get("title", "") if book is not None else ""
    if not title:
        return escape(book_label(key))
    if title.isupper():
        title = title[:1] + library().profiles.load_words(book.lang).lower(title[1:])
    return in_lang(book.lang, title)


def in_lang(lang: str, text: str) -> Markup:
    """Text of another language, marked as such.

    >>> str(in_lang("fi", "<b>"))
    '<span lang="fi">&lt;b&gt;</span>'
    """
    return Markup('<span lang="{}">{}</span>').format(lang, text)
