"""A law page's unit tools written once a page in the static site (`lawkb export --format
site`): every unit of a law page has a tools menu (permalink, citation, its row in the
comparison, table mode), nearly half of the page's bytes, the same menu but for the unit's
id, anchor, citation label and row. The export keeps one `<template id="unit-tools">` a page
with those four as tokens, and each unit the attributes the tokens come from (`id`,
`data-cite`, `data-i` its id, `data-r` its row where it is not its anchor); site.js
(`unitTools`) builds the menus as the page loads. A unit's "cited by" list stays in its
section, hidden, and moves into its menu. A menu the template does not give back exactly
stays as it was; the served site keeps every menu in the page (readers without script).

The same for the link under each unit of the alignment report's table of a law (`cell_links`):
the unit's placeholder (kb/web/static_views.py) names the unit, fill.js writes its link; and
for the alignment report's coverage table, on its overview and each check's page
(`packed_rows`): a row a law, the rows differing in their numbers only, written as their
few shapes and each row's numbers, built by site.js (`packedRows`).
"""

from __future__ import annotations

import json
import re

from markupsafe import escape

SECTION = re.compile(
    r'(?P<open><section class="unit [^"]*" id="(?P<a>[^"]*)" data-cite="(?P<c>[^"]*)")>\s*'
    r'(?P<menu><details class="tools".*?</details>)',
    re.S,
)
CITED = re.compile(r'\s*<span class="cited-by">(?:(?!</?span).)*</span>', re.S)
# where a unit's values stand in its menu: (pattern, its group kept, the token)
SLOTS = (
    (re.compile(r'(<span class="visually-hidden">[^<]*<span lang="[^"]*">)[^<]*(?=</span>)'), "c"),
    (re.compile(r'(class="permalink" href="[^"#]*)(?:#[^"]*)?(?=")'), "p"),
    (re.compile(r'(class="cite-link" href="[^"]*[?&]id=)[^"&]*(?=")'), "i"),
    (re.compile(r'(data-id=")[^"]*(?=")'), "i"),
    (re.compile(r'(class="row-link" href="[^"#]*#)[^"]*(?=")'), "r"),
    (re.compile(r'(class="table-link" href="[^"]*[?&]unit=)[^"&]*(?=")'), "i"),
)
ROW = re.compile(r'class="row-link" href="[^"#]*#([^"]*)"')
ID = re.compile(r'data-id="([^"]*)"')


def template(menu: str) -> str:
    """A unit's tools menu with its values made tokens (`{c}` its citation label, `{p}` its
    anchor after a `#` but for the law's own, `{i}` its id, `{r}` its row) and its "cited by"
    list `{b}`.

    >>> template('<div><a class="permalink" href="#12A">P</a><b data-id="12.A"></b></div>')
    '<div><a class="permalink" href="{p}">P</a><b data-id="{i}"></b>{b}</div>'
    """
    for pattern, token in SLOTS:
        menu = pattern.sub(lambda m, t=token: m.group(1) + "{" + t + "}", menu)
    menu = CITED.sub("", menu)
    end = menu.rfind("\n</div>")  # the list, if any, ends the menu
    end = end if end >= 0 else menu.rfind("</div>")
    return menu[:end] + "{b}" + menu[end:]


def expand(shape: str, values: dict[str, str]) -> str:
    """A template's menu for a unit (as site.js builds it).

    >>> expand('<a href="x{p}">{c}</a>{b}', {"p": "#12A", "c": "laki 12A §", "b": ""})
    '<a href="x#12A">laki 12A §</a>'
    """
    return re.sub(r"\{([cpirb])\}", lambda m: values[m.group(1)], shape)


def compact(html: str) -> str:
    """A law page with its units' tools menus made one template, where the template gives
    each back exactly (see the module's docstring); other pages as they are.

    >>> menu = ('<details class="tools"><div class="menu"><a class="permalink" href="#12A">P'
    ...         '</a><a class="row-link" href="c.html#12A">R</a><b data-id="12.A"></b></div>'
    ...         '</details>')
    >>> page = f'<main><section class="unit section" id="12A" data-cite="12A">{menu}</section>'
    >>> print(compact(page + menu.join(['<section class="unit item" id="12A1" data-cite="x">',
    ...                                 "</section></main>"]).replace("12A1", "12A1x")))
    <main><section class="unit section" id="12A" data-cite="12A" data-i="12.A">
    </section><section class="unit item" id="12A1x" data-cite="x"><details class="tools">\
<div class="menu"><a class="permalink" href="#12A">P</a><a class="row-link" href="c.html#12A">R\
</a><b data-id="12.A"></b></div></details></section><template id="unit-tools">\
<details class="tools"><div class="menu"><a class="permalink" href="{p}">P</a>\
<a class="row-link" href="c.html#{r}">R</a><b data-id="{i}"></b>{b}</div></details></template>
    </main>
    """
    found = list(SECTION.finditer(html))
    if not found:
        return html
    # the shape: the first menu of a unit below the law (the law's own permalink has no anchor)
    shape = template(found[min(1, len(found) - 1)].group("menu"))
    out, at = [], 0
    for m in found:
        menu = m.group("menu")
        row, uid = ROW.search(menu), ID.search(menu)
        cited = CITED.search(menu)
        law = ' class="unit law ' in m.group("open")
        values = {
            "p": "" if law else f"#{m.group('a')}",
            "c": m.group("c"),
            "i": uid.group(1) if uid else "",
            "r": row.group(1) if row else "",
            "b": cited.group(0) if cited else "",
        }
        if not (uid and row) or expand(shape, values) != menu:
            continue  # this unit keeps its own menu
        extra = f' data-i="{values["i"]}"'
        if values["r"] != m.group("a"):
            extra += f' data-r="{values["r"]}"'
        kept = values["b"].replace("<span", "<span hidden", 1)
        out.append(html[at : m.start()] + m.group("open") + extra + ">" + kept + "\n")
        at = m.end()
    out.append(html[at:])
    page = "".join(out)
    return page.replace("</main>", f'<template id="unit-tools">{shape}</template>\n</main>', 1)


CELL = re.compile(
    r'<div data-u="(?P<code>[\w-]+) (?P<uid>[^"]+)"></div><p><small><a href="(?P<href>[^"]*)"'
    r' hreflang="(?P<lang>[^"]*)">(?P<text>[^<]*)</a></small></p>'
)


def cell_link(code: str, uid: str, name: str) -> str:
    """The link under a unit of a book in the alignment report's table of a law, from the
    page two folders deep in its tree (as fill.js writes it).

    >>> cell_link("tr", "12.C.1.d", "12C1(d)")
    '<p><small><a href="../../tr/law/12/index.html#12C1d" hreflang="tr">tr 12C1(d)</a></small></p>'
    """
    law, _, below = uid.partition(".")
    fragment = f"#{uid.replace('.', '')}" if below else ""
    href = f"../../{code}/law/{law}/index.html{fragment}"
    return f'<p><small><a href="{href}" hreflang="{code}">{code} {name}</a></small></p>'


def cell_links(html: str) -> str:
    """A page with the link under each unit's placeholder left to fill.js (the unit's name
    in `data-l`, empty where it is its anchor), where fill.js gives it back exactly.

    >>> cell_links('<div data-u="fi 12.A"></div>' + cell_link("fi", "12.A", "12A"))
    '<div data-u="fi 12.A" data-l=""></div>'
    """

    def spot(m: re.Match) -> str:
        code, uid = m.group("code"), m.group("uid")
        name = m.group("text").removeprefix(f"{code} ")
        if m.group(0) != f'<div data-u="{code} {uid}"></div>' + cell_link(code, uid, name):
            return m.group(0)
        named = "" if name == uid.replace(".", "") else name
        return f'<div data-u="{code} {uid}" data-l="{named}"></div>'

    return CELL.sub(spot, html)


MATRIX = re.compile(r'(<table class="matrix">.*?<tbody)>(.*?)(</tbody>)', re.S)
NUMBER = re.compile(r"(\d+)")


def packed_rows(html: str) -> str:
    """A page with its coverage table's rows written as their shapes (a row's HTML with
    `\\0` for each number) and each row's shape and numbers, in `data-rows` of the table's
    body (`unpacked` gives them back), where they give the rows back exactly.

    >>> page = '<table class="matrix"><tbody><tr><td>1</td></tr><tr><td>22</td></tr></tbody>'
    >>> packed = packed_rows(page)
    >>> packed[-60:]
    '00&lt;/td&gt;&lt;/tr&gt;&#34;], [[0, 1], [0, 22]]]"></tbody>'
    >>> from html import unescape
    >>> unpacked(unescape(packed.split('data-rows="')[1].split('"')[0])) == page[29:-8]
    True
    """

    def pack(m: re.Match) -> str:
        shapes: dict[str, int] = {}
        rows = []
        for row in filter(None, re.split(r"(?<=</tr>)", m.group(2))):
            parts = NUMBER.split(row)
            shape = "\0".join(parts[::2])
            rows.append([shapes.setdefault(shape, len(shapes)), *map(int, parts[1::2])])
        data = json.dumps([list(shapes), rows], ensure_ascii=False)
        if unpacked(data) != m.group(2):  # (a number written with a leading zero)
            return m.group(0)
        return f'{m.group(1)} data-rows="{escape(data)}">{m.group(3)}'

    return MATRIX.sub(pack, html)


def unpacked(data: str) -> str:
    """A table body's rows from their `data-rows` (as site.js builds them)."""
    shapes, rows = json.loads(data)
    out = []
    for shape, *numbers in rows:
        texts = shapes[shape].split("\0")
        out.append(texts[0] + "".join(f"{n}{t}" for n, t in zip(numbers, texts[1:], strict=True)))
    return "".join(out)
