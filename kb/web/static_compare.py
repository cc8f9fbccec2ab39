"""A law's comparison and table mode built in the browser, in the static site (`lawkb export
--format site`): one page a UI language for each view (`compare/law/index.html?law=12`,
`table/law/index.html?law=12&langs=fi,tr&unit=12.C.1`) holding the interface's words, and in
each law's file (`units/<law>.js`, kb/web/static_views.py) what the views show of the law in
any interface language: its rows as the site aligns them (`compare_rows`, one list for each
book the rows can follow), the names and labels its cells print, the units a cell of the
other edition shows whole, the units' footnotes. `DIR/units/views.js` builds the page from
the two as the site's templates (compare.html, table.html, `cell_units`) render it; the site's
own script then shows the books the address asks for (site.js `heldBooks`).
"""

from __future__ import annotations

import json
import re
from html import unescape

from flask import current_app, g, render_template_string
from flask_babel import gettext as _
from markupsafe import escape

from kb.core.ids import anchor
from kb.web import i18n, labels, names
from kb.web.pages.common import descendants, library, side_by_side
from kb.web.pages.compare import compare_rows, reference_book
from kb.web.pages.hooks import book_names, law_heading
from kb.web.pages.links import unit_url

VIEWS = ("compare", "table")
PAGE = "{view}/law/index.html"  # a view's one page in a UI language's tree
NOTES = """{% from "_macros.html" import footnote_list with context -%}
{{ footnote_list(units, anchor, "", code) }}"""
OL = re.compile(r"<ol[^>]*>\n?(.*)</ol>", re.S)
EDITION = "%(edition)s edition: %(id)s"  # a cell's unit of another edition, named
MAIN = re.compile(r"(<main\b[^>]*>).*?</main>", re.S)


def references() -> list[str]:
    """The books a comparison's rows can follow (the law books of the newest edition, one of
    them first among the books a view holds).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/"):
    ...     references()
    ['et', 'fi', 'tr']
    """
    lib = library()
    newest = reference_book(list(lib.books.values()))
    return sorted(b.key for b in lib.books.values() if newest and b.edition == newest.edition
                  and b.kind == "lawbook")  # fmt: skip


def law_views(number: str, blocks: dict[str, dict[str, str]], links) -> dict:
    """(In a request context.) What the views show of a law in any interface language: its
    rows following each reference book (`[id, kind, only, {book: [reason, ids, mapped,
    under]}]`), the cells' names and labels, the units a cell shows whole (their HTML added to
    `blocks`, links made relative by `links`), each unit's footnotes as list items, the
    rows' names and the law's heading in each citing style of the interface languages, the
    units a book prints a row's words in (`unders`: name, link).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/"):
    ...     views = law_views("12", {}, lambda html: html)
    >>> [row[:3] for row in views["rows"]["fi"][:2]], views["rows"]["fi"][1][3]["sk"]
    ([['12', 'law', ''], ['12.A', 'section', '']], ['', ['12.A'], 1, ''])
    >>> views["names"]["sk"]["12.C"], views["rownames"]["tr"]["12.C.1.b"]
    ('12C', '12C1(b)')
    """
    from kb.web.pages.compare import shown_units
    from kb.web.static_views import BLOCK

    lib = library()
    out: dict = {"rows": {}, "names": {}, "labels": {}, "kids": {}, "notes": {}, "unders": {}}
    everyone = list(lib.langs)
    for ref in references():
        rows = compare_rows(lib, number, [ref] + [c for c in everyone if c != ref])
        out["rows"][ref] = [[r["id"], r["kind"], r.get("only", ""), cells(r)] for r in rows]
        for code in everyone:
            book = lib.book(code)
            for r in rows:
                cell = r["cells"][code]
                for uid in cell.ids:
                    out["names"].setdefault(code, {})[uid] = names.unit_name(uid, code)
                    if cell.mapped:
                        out["labels"].setdefault(code, {})[uid] = str(names.unit_label(uid, code))
                    whole = cell.mapped and book.kind == "lawbook" and book.by_id[uid].kind != "law"
                    if whole:
                        kids = [u.id for u in descendants(book, uid)]
                        out["kids"].setdefault(code, {})[uid] = kids
                under = r["under"].get(code)
                if under:
                    link = links(f'<a href="{unit_url(code, under)}">')[9:-2]
                    out["unders"].setdefault(code, {})[under] = [names.unit_name(under, code), link]
            for unit in shown_units(book, rows, code):
                if unit.id not in blocks.setdefault(code, {}):
                    html = render_template_string(BLOCK, u=unit, code=code)
                    blocks[code][unit.id] = links(html)
                notes = render_template_string(NOTES, units=[unit], anchor=anchor, code=code)
                found = OL.search(notes)
                if found:
                    out["notes"].setdefault(code, {})[unit.id] = links(found.group(1))
    shouting = current_app.jinja_env.tests["shouting"]
    out["titles"] = {
        code: [law.title, int(shouting(law.title))]
        for code in everyone
        if (law := lib.book(code).law(number))
    }
    out["rownames"], out["heading"] = {}, {}
    ids = {row[0] for rows in out["rows"].values() for row in rows}
    asked = g.get("ui_lang")
    for ui in i18n.UI_LANGS:  # as each interface language's readers name them
        g.ui_lang = ui
        style = i18n.reader_style() or ""
        out["rownames"][style] = {uid: names.unit_name(uid) for uid in ids}
        out["heading"][style] = law_heading(number)
    g.ui_lang = asked
    return out


def cells(row: dict) -> dict[str, list]:
    """A row's cells as the law's file holds them: `[reason, ids, mapped, under]`."""
    return {
        code: [cell.reason or "", list(cell.ids), int(bool(cell.mapped)), under.get(code, "")]
        for under in [row["under"]]
        for code, cell in row["cells"].items()
    }


def shell(html: str, view: str, ui: str, reasons: set[str]) -> str:
    """(In a request context of UI language `ui`.) A law's comparison or table mode as the
    site renders it made the page of every law's: its `<main>` emptied for the script, the
    words it needs on it (`words`).

    >>> from kb.web import create_app
    >>> page = "<title>T 1 · KB</title><main id=m><h1>T 1</h1>rows</main>"
    >>> with create_app().test_request_context("/?ui=fi"):
    ...     made = shell(page, "table", "fi", set())
    >>> said = json.loads(unescape(re.search(r'data-view="([^"]*)"', made).group(1)))
    >>> said["title"], said["held"], said["back"], made.endswith('"></main>')
    ('\\x00 · KB', ['fi', 'et', 'sk', 'tr'], 'Takaisin', True)
    """
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", html, re.S)
    title = re.search(r"<title>(.*?)</title>", html, re.S)
    named = unescape(title.group(1)) if title else "\0"
    if heading:
        named = named.replace(unescape(re.sub(r"<[^>]+>", "", heading.group(1))), "\0", 1)
    said = words(view, ui, reasons, named)
    return MAIN.sub(lambda m: f'{m.group(1)[:-1]} data-view="{said}"></main>', html, count=1)


def words(view: str, ui: str, reasons: set[str], title: str = "\0") -> str:
    """(In a request context of UI language `ui`.) The words of a view's page in the UI
    language (`reasons`: why a cell is empty, as the laws' files give them; `title`: the
    page's title, its heading `\0`) and its books' order, as the attribute `data-view` of its
    `<main>` holds them (escaped JSON)."""
    lib = library()
    lawbooks = [c for c in lib.langs if lib.books[c].kind == "lawbook"]
    held = side_by_side() if view == "compare" else list(dict.fromkeys(
        ([ui] if ui in lawbooks else []) + lawbooks))  # fmt: skip
    said = {
        "view": view,
        "ui": ui,
        "title": title,
        "style": i18n.reader_style() or "",
        "held": held,
        "ref": (reference_book([lib.book(c) for c in held]) or lib.book(held[0])).key,
        "byName": i18n.by_name(list(lib.langs)),
        "books": book_names(),
        "labels": {c: names.book_label(c) for c in lib.langs},
        "langOf": {c: lib.book(c).lang for c in lib.langs},
        "kinds": {c: lib.book(c).kind for c in lib.langs},
        "langs": {c: i18n.language_name(c) for c in lib.langs},
        "edition": {c: _(EDITION, edition=lib.book(c).edition, id="\0") for c in lib.langs},
        "under": _("This book prints its words in %(unit)s.", unit="\0"),
        "reasons": {r: labels.reason_text(r) for r in sorted(reasons)},
        "compare": _("%(law)s: compare translations", law="\0"),
        "table": _("Table mode"),
        "unit": _("Unit"),
        "card": _("director's card"),
        "only": _("in one document only"),
        "go": _("Go to a unit"),
        "notHeld": _("Not saved for offline use:"),
        "footnotes": _("Footnotes"),
        "language": _("Language"),
        "show": _("Show"),
        "back": _("Back"),
    }
    return str(escape(json.dumps(said, ensure_ascii=False)))


def law_of_page(url: str) -> str | None:
    """The law a view's address names (`/compare/12`), or None.

    >>> law_of_page("/compare/12?langs=fi"), law_of_page("/table/12"), law_of_page("/fi/law/1")
    ('12', '12', None)
    """
    parts = url.split("?")[0].strip("/").split("/")
    return parts[1] if len(parts) == 2 and parts[0] in VIEWS else None
