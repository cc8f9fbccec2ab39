"""A law's units written once for every view of the static site (`lawkb export --format
site`): comparisons, table mode, the alignment report's rows and the citation page show the
same units of the same books in every interface language, so the export writes each law's
units once, `DIR/units/<law>.js`, and those pages carry a placeholder for each unit that the
script `DIR/units/fill.js` fills in as the page loads (a script, not a fetch: it runs from
a folder opened from a disk too).

Every page that reads a law's file stands two folders deep in its UI language's tree
(`compare/12/`, `table/12/`, `alignment/12/`, `cite/unit/`), so one set of relative links
serves them all. A unit's citation page is one page a UI language (`cite/unit/index.html
?lang=fi&id=12.C.1.b`) built from the same file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from flask import render_template_string
from flask_babel import gettext as _
from markupsafe import escape

from kb.core.ids import anchor, law_of
from kb.layers import cite
from kb.web import i18n
from kb.web.pages.citations import cite_view
from kb.web.pages.common import library
from kb.web.pages.hooks import book_names, capital, cite_label
from kb.web.pages.links import unit_url

FOLDER = "units"  # at the export's root
FILL = f"{FOLDER}/fill.js"
DEEP = "compare/{number}/index.html"  # where a law's file's links are relative to (in a tree)
LOCAL = 'class="misprint-note"'  # the one part of a unit's HTML in the interface's language
SHORTEST = 60  # a unit's HTML shorter than its placeholder's tag and more is left in place
BLOCK = """{% from "_macros.html" import unit_block with context -%}
{{ unit_block(u, code) }}"""
NOTES = """{% from "_macros.html" import footnote_list with context -%}
{{ footnote_list(family, anchor) }}"""

FILL_SCRIPT = """"use strict";
// A law's units, written once (units/<law>.js calls LAWKB_UNITS): each placeholder of the
// page (data-u="book id") becomes its unit; a citation page (cite/unit/) shows its unit.
function LAWKB_UNITS(law) {
  window.LAWKB_LAW = law;
  // a unit with words of the interface (a misprint's note) in this page's language
  const local = (law.local || {})[document.documentElement.lang] || {};
  for (const [book, units] of Object.entries(local)) Object.assign(law.blocks[book], units);
  for (const spot of document.querySelectorAll("[data-u]")) {
    const [book, id] = spot.dataset.u.split(" ");
    spot.insertAdjacentHTML("beforebegin", law.blocks[book][id] + linked(spot, book, id));
    spot.remove();
  }
  const page = document.querySelector("main[data-cite-words]");
  if (page) citation(page, law);
  if (window.LAWKB_VIEW) LAWKB_VIEW(law);  // a comparison or table mode (units/views.js)
  if (window.lawkbTerms) lawkbTerms();  // the defined terms' titles (units/terms.js)
}
// A unit's link under it in the alignment report (kb/web/static_tools.py `cell_link`).
function linked(spot, book, id) {
  if (spot.dataset.l === undefined) return "";
  const [law, ...below] = id.split(".");
  const anchor = id.replaceAll(".", "");
  const name = (spot.dataset.l || anchor).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const href = `../../${book}/law/${law}/index.html${below.length ? "#" + anchor : ""}`;
  return `<p><small><a href="${href}" hreflang="${book}">${book} ${name}</a></small></p>`;
}
function citation(page, law) {
  const words = JSON.parse(page.dataset.citeWords);
  const asked = new URLSearchParams(location.search);
  const book = asked.get("lang"), id = asked.get("id") || "";
  const unit = (law.cites[book] || {})[id];
  const parts = page.querySelectorAll(".cite-unit, .cite-texts, .cite-shown");
  for (const part of parts) part.hidden = !unit;
  if (!unit) return;
  document.title = unit.label;
  page.querySelector("h2").textContent = `${unit.heading} · ${words.books[book]}`;
  page.querySelector(".cite-unit").lang = unit.lang;
  page.querySelector(".cite-unit").innerHTML =
    unit.family.map((u) => law.blocks[book][u]).join("") + unit.notes;
  const heading = page.querySelector(".cite-unit .footnotes h2");
  if (heading) heading.textContent = words.footnotes;
  page.querySelector(".cite-open").href = unit.href;
  const others = page.querySelector("p.tools");
  others.hidden = !unit.others.length;
  others.replaceChildren(words.others + " ", ...unit.others.map(([code, other]) => {
    const a = document.createElement("a");
    a.href = `?${new URLSearchParams({ lang: code, id: other })}`;
    a.textContent = words.langs[code] + (other === id ? "" : ` ${other}`);
    return a;
  }));
  const own = (u) => law.cites[book][u].own;
  const wording = unit.wording ?? unit.family.map(own).filter(Boolean).join("\\n");
  const [international, national] = page.querySelectorAll(".cite-texts textarea");
  // a citation ends with the unit's address: here, its page in this site
  const address = new URL(unit.href, location.href).href;
  const here = (text) => text.replace(/(\\s)\\/\\S*$/, `$1${address}`);
  international.value = here(unit.international.replace("\\0", wording));
  national.value = here(unit.national.replace("\\0", wording));
  national.lang = unit.lang;
}
"""

SHELL_SCRIPT = """<script>
"use strict";
(() => {  // the law asked for, or the unit's: its law's file
  const asked = new URLSearchParams(location.search);
  const law = asked.get("law") || (asked.get("id") || "").split(".")[0];
  if (!/^[0-9]+$/.test(law)) return LAWKB_UNITS({ blocks: {}, cites: {} });
  const script = document.createElement("script");
  script.src = `%(units)s/${law}.js`;
  script.onerror = () => LAWKB_UNITS({ blocks: {}, cites: {} });
  document.body.append(script);
})();
</script>"""


def law_units(number: str, links: Callable[[str], str]) -> tuple[dict, dict[str, str]]:
    """A law's file (in a request context): every book's units of the law rendered as the
    site's views render them (`blocks`, links made relative by `links`) and each law book
    unit's citation (`cites`); and the placeholder of each unit's HTML as rendered, to put
    in its place in a page.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/"):
    ...     law, spots = law_units("12", lambda html: html)
    ...     law["cites"]["fi"]["12.C.1.e"]["family"], spots[law["blocks"]["fi"]["12.C"]]
    (['12.C.1.e', '12.C.1.e.i', '12.C.1.e.ii'], '<div data-u="fi 12.C"></div>')
    """
    blocks: dict[str, dict[str, str]] = {}
    cites: dict[str, dict[str, dict]] = {}
    spots: dict[str, str] = {}
    for code, book in library().books.items():
        for unit in book.law_units(number):
            html = render_template_string(BLOCK, u=unit, code=code)
            blocks.setdefault(code, {})[unit.id] = links(html)
            if len(html) >= SHORTEST:
                spots.setdefault(html, f'<div data-u="{code} {unit.id}"></div>')
            if book.kind == "lawbook":
                cites.setdefault(code, {})[unit.id] = citation(book, unit, links)
    return {"blocks": blocks, "cites": cites}, spots


def local(law: dict, links: Callable[[str], str]) -> dict[str, dict[str, str]]:
    """(In a request context.) The units of a law's file whose HTML holds words of the
    interface (a misprint's note: `LOCAL`) as the UI language of the request renders them,
    where they differ: `{book: {id: html}}`; fill.js shows these in place of `blocks`'."""
    out: dict[str, dict[str, str]] = {}
    for code, units in law["blocks"].items():
        book = library().book(code)
        for uid, html in units.items():
            if LOCAL in html:
                mine = links(render_template_string(BLOCK, u=book.by_id[uid], code=code))
                if mine != html:
                    out.setdefault(code, {})[uid] = mine
    return out


def citation(book, unit, links: Callable[[str], str]) -> dict:
    """What a unit's citation page shows beyond its units' HTML (`cite_view`). The unit's
    wording is written once: its own lines (`own`), the wording of the unit and the units
    below it made of theirs where it is (else `wording`), the citations with `\\0` in its
    place."""
    view = cite_view(book, unit)
    notes = render_template_string(NOTES, family=view["family"], anchor=anchor, lang=book.key)
    notes = notes.strip()
    href = re.search(r'href="([^"]*)"', links(f'<a href="{unit_url(book.key, unit.id)}">'))
    units = book.law_units(law_of(unit.id) or "")
    wording = cite.full_text(unit.id, units)
    own = lambda u: cite.full_text(u.id, [u])  # noqa: E731
    out = {
        "label": cite_label(unit.id, book.key),
        "heading": capital(cite_label(unit.id, book.key)),  # as the cite page's heading opens
        "lang": book.lang,
        "family": [u.id for u in view["family"]],
        "notes": links(notes),
        "href": href.group(1) if href else "",
        "others": [list(pair) for pair in view["others"]],
        "own": own(unit),
    }
    if wording != "\n".join(filter(None, map(own, view["family"]))):
        out["wording"] = wording
    for style, text in view["citation"].items():
        quoted = cite.quoted(wording, book.lang if style == "national" else None, book.profiles)
        out[style] = text.replace(quoted, quoted.replace(wording, "\0"), 1)
    return out


def law_script(law: dict) -> str:
    """A law's file: a script handing its units to the page.

    >>> law_script({"blocks": {}, "cites": {}})
    'LAWKB_UNITS({"blocks": {}, "cites": {}});\\n'
    """
    return f"LAWKB_UNITS({json.dumps(law, ensure_ascii=False)});\n"


def with_spots(html: str, spots: dict[str, str]) -> tuple[str, bool]:
    """A page with each unit of a law (as rendered) replaced by its placeholder, and whether
    any was.

    >>> page = '<main><div class="cell">' + "y" * 60 + "</div></main>"
    >>> with_spots(page, {"y" * 60: '<div data-u="fi 1"></div>'})
    ('<main><div class="cell"><div data-u="fi 1"></div></div></main>', True)
    """
    found = False
    for block in sorted(spots, key=len, reverse=True):
        if block in html:
            html, found = html.replace(block, spots[block]), True
    return html, found


def scripts(units: str, number: str | None) -> str:
    """The scripts a page with placeholders ends its `<main>` with: the one filling them in,
    and its law's file (`units`: their folder, relative to the page) or, for the page of
    every unit's citation (no law), the one reading the law of the unit asked for.

    >>> scripts("../../units", "12")
    '<script src="../../units/fill.js"></script><script src="../../units/12.js"></script>'
    """
    fill = f'<script src="{units}/{FILL.split("/")[-1]}"></script>'
    if number is None:
        return fill + SHELL_SCRIPT % {"units": units}
    return f'{fill}<script src="{units}/{number}.js"></script>'


def cite_shell(html: str) -> str:
    """The rendered citation page of a unit made the page of every unit (`?lang=&id=`): its
    unit's part left for the script, the words it needs in the UI language on `<main>`, and
    (in a request context); its scripts are `scripts(units, None)`.

    >>> from kb.web import create_app
    >>> page = '<main><h2>x</h2><div class="cite-unit">y</div><p>z</p><div class="cite-texts">'
    >>> with create_app().test_request_context("/?ui=fi"):
    ...     shell = cite_shell(page + "</div></main>")
    >>> shell[shell.index("<h2>"):shell.index("</main>")].splitlines()
    ['<h2>x</h2><div class="cite-unit"></div>', \
'<p class="cite-shown"><a class="cite-open" href="">Avaa laissa</a></p>', \
'<div class="cite-texts"></div>']
    """
    books = book_names()
    words = {
        "books": books,
        "langs": {key: i18n.language_name(key) for key in books},
        "others": _("Other languages:"),
        "footnotes": _("Footnotes"),
    }
    data = escape(json.dumps(words, ensure_ascii=False))
    html = re.sub(r"<main\b", f'<main data-cite-words="{data}"', html, count=1)
    unit, texts = html.find('<div class="cite-unit"'), html.find('<div class="cite-texts"')
    if 0 <= unit < texts:
        opened = f'<p class="cite-shown"><a class="cite-open" href="">{_("Open in the law")}</a>'
        html = f'{html[:unit]}<div class="cite-unit"></div>\n{opened}</p>\n{html[texts:]}'
    return html
