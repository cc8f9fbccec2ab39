"""The site as static files (`lawkb export --format site DIR`): any static host or CDN serves
it, or a folder opened from a disk.

Every page the site links to from `/` is rendered by the site's own code (Flask's test
client, so the pages are the served ones) once per UI language, and written to
`DIR/<ui>/<path>/index.html` with every link made relative; a page's variants by query
(`/?lang=fi`) get files of their own (`index_lang-fi.html`), the UI language switch links
the same page in the other tree. The dynamic pages become static: `/search` is a search that
runs in the browser over `DIR/search-data.js` (every searchable unit's text, loaded with the
page, so it keeps working with the network cut), `/cite` its form. `DIR/index.html` sends a
visitor to the first UI language's tree.

The search is the project's own small index rather than Pagefind: one script file, read
whole with the page, answers offline without fetching index chunks later, and needs no
binary to build. It matches each typed word as the start of a word of the unit (`revokki`
finds `revokkia`), case and accents folded (Turkish `ı` as `i`), all words required, units
whose title holds the words first. The server's search (stems, typos, ranking) stays the
better one; this one is for a site without a server.
"""

from __future__ import annotations

import json
import re
import shutil
import unicodedata
from collections import deque
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit

from kb import store
from kb.core import progress
from kb.core.model import EVERY
from kb.profiles import languages, load_words
from kb.search.schema import SEARCHABLE
from kb.web import (
    SITE,
    create_app,
    static_compare,
    static_shared,
    static_terms,
    static_tools,
    static_views,
)
from kb.web.assets import hashed_name
from kb.web.i18n import UI_LANGS

LINK = re.compile(r'(href|src|action)="([^"]*)"')
DYNAMIC = ("/api/", "/static/")  # not pages: the API, and the assets (copied as they are)
DROPPED = {"ui", "langs", "q", "start"}  # query keys that make no page of their own
# query keys of a page that make no file of their own but stay on links: its script reads them
KEPT = {"search": ("q",), "compare": ("langs",), "table": ("langs", "unit"), "cite": ("lang", "id")}
VIEWS = ("compare", "table", "alignment")  # a law's views: its units from its law's file
VIEWS_SCRIPT = SITE / "export" / "views.js"  # comparisons and table mode built in the browser
GAPS = re.compile(r">[ \t]*\n\s*<")  # the lines between two tags: one is enough
SEARCH_DATA = "search-data.js"
UNSAFE = re.compile(r"[^\w.,-]")  # characters a query value may not bring into a file name
MAIN = re.compile(r"(<main\b[^>]*>).*?(</main>)", re.S)


def page_file(url: str) -> str:
    """The file of a page, relative to its UI language's tree.

    >>> page_file("/"), page_file("/fi/law/63"), page_file("/?lang=fi&ui=tr")
    ('index.html', 'fi/law/63/index.html', 'index_lang-fi.html')
    >>> page_file("/table/12?unit=12.C&langs=fi,tr"), page_file("/cite?lang=fi&id=12.C")
    ('table/law/index.html', 'cite/unit/index.html')
    """
    parts = urlsplit(url)
    folder = parts.path.strip("/")
    kept = KEPT.get(folder.split("/")[0], ())
    asked = parse_qsl(parts.query)
    if folder == "cite" and any(k == "id" for k, _ in asked):
        folder = "cite/unit"  # every unit's citation: one page
    if static_compare.law_of_page(parts.path):
        folder = static_compare.PAGE.format(view=folder.split("/")[0]).rsplit("/", 1)[0]
    query = [(k, v) for k, v in asked if k not in DROPPED and k not in kept]
    name = "index" + "".join(f"_{k}-{UNSAFE.sub('_', v)}" for k, v in query) + ".html"
    return f"{folder}/{name}" if folder else name


def relative(target: str, page: str) -> str:
    """A link from one file of the export to another, both relative to the export's root.

    >>> relative("fi/tr/law/63/index.html", "fi/fi/law/63/index.html")
    '../../../tr/law/63/index.html'
    >>> relative("fi/index.html", "fi/index.html"), relative("search-data.js", "fi/a/index.html")
    ('index.html', '../../search-data.js')
    """
    there, here = target.split("/"), page.split("/")[:-1]
    same = 0
    while same < min(len(there) - 1, len(here)) and there[same] == here[same]:
        same += 1
    return "/".join([".."] * (len(here) - same) + there[same:])


def rewrite(
    html: str, page: str, ui: str, uis: list[str], files: set[str] | None = None
) -> tuple[str, list[str]]:
    """A page's HTML with its internal links made relative (from `page`, in the tree of UI
    language `ui`), and the pages it links to (server paths with their query); the site's
    own files it links at the root (`/manifest.webmanifest`, `/favicon.ico`) are added to
    `files`.

    >>> files = set()
    >>> rewrite('<link href="/favicon.ico">', "fi/index.html", "fi", ["fi"], files)
    ('<link href="../favicon.ico">', [])
    >>> files
    {'/favicon.ico'}
    """
    found: list[str] = []

    def link(m: re.Match) -> str:
        attr, url = m.group(1), m.group(2).replace("&amp;", "&")
        if url.startswith(("http:", "https:", "mailto:", "//", "#", "data:")) or not url:
            return m.group(0)
        parts = urlsplit(url)
        path = parts.path or urlsplit("/" + page).path
        fragment = f"#{parts.fragment}" if parts.fragment else ""
        query = dict(parse_qsl(parts.query))
        if path.startswith("/static/"):
            return f'{attr}="{relative(path.lstrip("/"), page)}"'
        if path.startswith("/api/"):
            return m.group(0)
        if path.count("/") == 1 and "." in path:  # a file of the site's root, not a page
            if files is not None:
                files.add(path)
            return f'{attr}="{relative(path.lstrip("/"), page)}"'
        tree = query.get("ui") if query.get("ui") in uis else ui
        kept = [(k, query[k]) for k in KEPT.get(path.split("/")[1], ()) if k in query]
        number = static_compare.law_of_page(path)
        kept = [("law", number), *kept] if number else kept  # a view's one page: its law
        keep = "?" + urlencode(kept) if kept else ""  # a query the page's script reads
        if not parts.path:  # "?ui=fi": this page, in another UI language
            target = f"{tree}/{page.split('/', 1)[1]}"
        else:
            found.append(url.split("#")[0])
            target = f"{tree}/{page_file(url)}"
        return f'{attr}="{relative(target, page)}{keep}{fragment}"'

    return LINK.sub(link, html), found


def search_data(data: Path) -> str:
    """The searchable units of every book as a script: `SEARCH_UNITS = [[book, id, title,
    text, page, lang], ...]` (the book's address, the page relative to a UI language's
    tree, the book's language)."""
    app = create_app(data)
    from kb.web.pages.common import library
    from kb.web.pages.links import unit_url

    rows = []
    with app.test_request_context("/"):
        for book in library().books.values():
            for unit in store.load_units(book.id, data):
                if unit.kind in SEARCHABLE:
                    url = unit_url(book.key, unit.id)
                    path, _, fragment = url.partition("#")
                    target = page_file(path) + (f"#{fragment}" if fragment else "")
                    rows.append([book.key, unit.id, unit.title, unit.text, target, book.lang])
    return "const SEARCH_UNITS = " + json.dumps(rows, ensure_ascii=False) + ";\n"


def folded_letters() -> dict[str, str]:
    """The letters the browser's search folds into another beyond their accents: a book's
    own lower case of a letter (`casing` of its profile's `Words`) is read as Unicode's, so
    a reader typing either finds both (the Turkish `ı` of `I` as `i`).

    >>> folded_letters()
    {'ı': 'i'}
    """
    out = {}
    for lang in languages():
        for upper, lower in load_words(lang).casing:
            plain = unicodedata.normalize("NFD", upper.lower())
            plain = "".join(c for c in plain if not unicodedata.combining(c))
            if lower != plain:
                out[lower] = plain
    return out


SEARCH_SCRIPT = """<ol id="static-hits" class="hits"></ol>
<script src="%(data)s"></script>
<script>
"use strict";
(() => {
  const folds = %(folds)s;  // a book's own lower case of a letter, as Unicode's
  const folded = new RegExp(`[${Object.keys(folds).join("")}]`, "g");
  const fold = (s, lang) => s.toLocaleLowerCase(lang).normalize("NFD")
    .replace(/[\\u0300-\\u036f]/g, "").replace(folded, (c) => folds[c]);
  const words = (s, lang) => fold(s, lang).split(/[^\\p{L}\\p{N}]+/u).filter(Boolean);
  const units = SEARCH_UNITS.map(([book, id, title, text, page, lang]) => ({
    book, lang, id, title, text, page, t: words(title, lang), w: words(`${title} ${text}`, lang),
  }));
  const form = document.querySelector("form.search-big");
  const list = document.getElementById("static-hits");
  const has = (ws, t) => ws.some((w) => w.startsWith(t));
  const run = (q, only) => {
    const hits = [];
    for (const u of units) {
      const typed = words(q, u.lang);
      // no book chosen: each language's main book (its address is its language), or every one
      const scoped = only ? only === %(every)s || u.book === only : u.book === u.lang;
      if (!typed.length || !scoped) continue;
      if (typed.every((t) => has(u.w, t))) hits.push([typed.filter((t) => has(u.t, t)).length, u]);
    }
    hits.sort((a, b) => b[0] - a[0]);
    list.replaceChildren(...hits.slice(0, 100).map(([, u]) => {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = "../" + u.page; a.textContent = `${u.id} ${u.title}`; a.lang = u.lang;
      const p = document.createElement("p");
      p.className = "snippet"; p.textContent = u.text.slice(0, 220); p.lang = u.lang;
      li.append(a, p);
      return li;
    }));
  };
  // The page searches in place: with the network cut, it keeps answering.
  const asked = new URLSearchParams(location.search);
  form.q.value = asked.get("q") || "";
  form.lang.value = asked.get("lang") || "";
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    history.replaceState(null, "", "?" + new URLSearchParams(new FormData(form)));
    run(form.q.value, form.lang.value);
  });
  run(form.q.value, form.lang.value);
})();
</script>"""


def export_site(target: Path, uis: list[str] | None = None, data: Path | None = None) -> int:
    """Write the static site of the knowledge base of `data` into `target` for the UI
    languages `uis` (default: all); returns how many pages were written."""
    data = data or store.data_dir()
    uis = [u for u in (uis or UI_LANGS) if u in UI_LANGS]
    client = create_app(data).test_client()
    target.mkdir(parents=True, exist_ok=True)
    shutil.copytree(SITE / "static", target / "static", dirs_exist_ok=True)
    for asset in (SITE / "static").iterdir():  # pages name them by content hash too
        if asset.is_file():
            shutil.copy(asset, target / "static" / hashed_name(asset))
    (target / SEARCH_DATA).write_text(search_data(data), encoding="utf-8")
    (target / static_views.FOLDER).mkdir(exist_ok=True)
    (target / static_views.FILL).write_text(static_views.FILL_SCRIPT, encoding="utf-8")
    shutil.copy(VIEWS_SCRIPT, target / static_views.FOLDER / VIEWS_SCRIPT.name)
    titles: dict[str, dict[str, str]] = {}
    laws, reasons = write_laws(client, target, uis, titles)
    written = 0
    files: set[str] = set()
    with progress.stage("pages", total=len(uis)) as done:
        for ui in uis:
            written += write_ui(client, target, ui, uis, files, (laws, reasons, titles))
            done(f"{ui}: {written} pages so far")
    (target / static_terms.FILE).write_text(static_terms.script(titles), encoding="utf-8")
    for path in sorted(files):
        answer = client.get(path)
        if answer.status_code == 200:
            (target / path.lstrip("/")).write_bytes(answer.get_data())
    first = f"{uis[0]}/index.html"
    (target / "index.html").write_text(
        f'<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0; url={first}">'
        f'<a href="{first}">{first}</a>\n',
        encoding="utf-8",
    )
    return written


def write_laws(
    client, target: Path, uis: list[str], titles: dict[str, dict[str, str]]
) -> tuple[dict[str, dict], set[str]]:
    """Write every law's file (`kb.web.static_views`, `kb.web.static_compare`), its defined
    terms' titles left to `titles`; the placeholders of each law's units as rendered, and
    why cells of the views are empty."""
    laws: dict[str, dict[str, str]] = {}
    files: dict[str, dict] = {}
    reasons: set[str] = set()
    numbers = library_of(client).law_numbers
    ui = uis[0]
    request = client.application.test_request_context(f"/?ui={ui}")
    with progress.stage("laws", total=len(numbers)) as done, request:
        for number in numbers:
            links = linker(ui, number, uis)
            law, laws[number] = static_views.law_units(number, links)
            law["views"] = views = static_compare.law_views(number, law["blocks"], links)
            for rows in views["rows"].values():
                reasons.update(c[0] for row in rows for c in row[3].values())
            files[number] = law
            done(number)
    for other in uis[1:]:  # a unit's words of the interface, in each UI language
        with client.application.test_request_context(f"/?ui={other}"):
            for number, law in files.items():
                mine = static_views.local(law, linker(other, number, uis))
                if mine:
                    law.setdefault("local", {})[other] = mine
    for number, law in files.items():
        deep = f"{uis[0]}/{static_views.DEEP.format(number=number)}"
        for part in (law["blocks"], *law.get("local", {}).values(), law["views"]["notes"]):
            for units in part.values():
                for uid, html in units.items():
                    units[uid] = static_terms.untitled(html, deep, titles)
        script = static_views.law_script(law)
        (target / static_views.FOLDER / f"{number}.js").write_text(script, "utf-8")
    return laws, reasons - {"", "above"}


def linker(ui: str, number: str, uis: list[str]):
    """The links of a law's file made relative (to the pages two folders deep in the tree of
    UI language `ui` that read it).

    >>> linker("fi", "12", ["fi"])('<a href="/fi/law/12#12A">')
    '<a href="../../fi/law/12/index.html#12A">'
    """
    deep = f"{ui}/{static_views.DEEP.format(number=number)}"
    return lambda part: rewrite(part, deep, ui, uis)[0]


def write_ui(
    client, target: Path, ui: str, uis: list[str], files: set[str], laws: tuple[dict, set, dict]
) -> int:
    """Write every page reachable from the home page in one interface language (`files`
    gathers the files they name, `laws` are the placeholders of the laws' units, why cells
    are empty and the defined terms' titles); how many pages were written."""
    titles = laws[2]
    blocks: dict[str, str] = {}  # repeated by the tree's pages (kb.web.static_shared)
    written = 0
    queue = deque(["/", "/search", "/cite"])
    seen = {page_file(url) for url in queue}
    while queue:
        url = queue.popleft()
        html = render(client, url, ui)
        if html is None:
            continue
        page = f"{ui}/{page_file(url)}"
        html, tail = shared(client, url, html, ui, laws)
        html, links = rewrite(html, page, ui, uis, files)
        html = GAPS.sub(">\n<", html.replace("</main>", tail + "</main>", 1))
        html = static_tools.packed_rows(static_tools.cell_links(static_tools.compact(html)))
        path = urlsplit(url).path.strip("/").split("/")
        law = path[2] if len(path) == 3 and path[1] == "law" else ""  # a book's law page
        if law:  # its copy-citation buttons read the law's file (site.js `fileCitation`)
            units = relative(f"{static_views.FOLDER}/x", page).rsplit("/", 1)[0]
            html = html.replace("<body ", f'<body data-units="{units}" ', 1)
        compact = static_shared.share(html, law, path[0] if law else "", blocks)
        if compact != html:
            where = relative(f"{ui}/{static_shared.FILE}", page)
            html = compact.replace("</main>", f'<script src="{where}" defer></script></main>', 1)
        plain = static_terms.untitled(html, page, titles)
        if tail or plain != html:  # the terms' titles, given back by a script (after <main>:
            # a view's script may rewrite <main> before a deferred script in it has run)
            terms = f'<script src="{relative(static_terms.FILE, page)}" defer></script>'
            html = plain.replace("</body>", terms + "</body>", 1)
        address = urlsplit(url).path
        if address == "/search":
            html = static_search(html, page)
        out = target / page
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(html, encoding="utf-8")
        written += 1
        for link in links:
            key = page_file(link)
            path = urlsplit(link).path
            if key not in seen and not path.startswith(DYNAMIC):
                seen.add(key)
                queue.append(link)
    (target / ui / static_shared.FILE).write_text(static_shared.script(blocks), "utf-8")
    return written


def render(client, url: str, ui: str) -> str | None:
    """A page as the site renders it in a UI language (None: not a page), as its file holds
    it: a comparison of every main document, table mode holding every law book (the page's
    script shows those its link names)."""
    address = urlsplit(url).path
    if address.startswith("/compare/"):
        url = address
    elif address.startswith("/table/"):
        lawbooks = [b.key for b in library_of(client).books.values() if b.kind == "lawbook"]
        held = [ui] if ui in lawbooks else []
        url = f"{address}?{urlencode({'langs': ','.join(dict.fromkeys(held + lawbooks))})}"
    sep = "&" if "?" in url else "?"
    answer = client.get(f"{url}{sep}ui={ui}")
    if answer.status_code != 200 or answer.mimetype != "text/html":
        return None
    return answer.get_data(as_text=True)


def library_of(client):
    """The library the export's app serves."""
    from kb.crosslang.library import get_library

    return get_library(client.application.config["LAWKB_DATA"])


def shared(client, url: str, html: str, ui: str, laws: tuple[dict, set]) -> tuple[str, str]:
    """A page with the units of its law left to that law's file (`kb.web.static_views`), a
    unit's citation page made every unit's, a law's comparison or table mode every law's
    (`kb.web.static_compare`); and the scripts its `<main>` ends with to fill them in."""
    parts = urlsplit(url).path.strip("/").split("/")
    units = relative(f"{static_views.FOLDER}/x", f"{ui}/compare/x/index.html").rsplit("/", 1)[0]
    with client.application.test_request_context(f"/?ui={ui}"):
        if parts[0] == "cite" and "id=" in url:
            return static_views.cite_shell(html), static_views.scripts(units, None)
        if static_compare.law_of_page(url):
            views = f'<script src="{units}/{VIEWS_SCRIPT.name}"></script>'
            shell = static_compare.shell(html, parts[0], ui, laws[1])
            return shell, views + static_views.scripts(units, None)
        if len(parts) != 2 or parts[0] not in VIEWS:
            return html, ""
    html, found = static_views.with_spots(html, laws[0].get(parts[1], {}))
    return html, static_views.scripts(units, parts[1]) if found else ""


def static_search(html: str, page: str) -> str:
    """The rendered search page with its results replaced by the search in the browser: its
    heading and own form (the big one) stay, then the hits' list and the script.

    >>> page = '<main id="main"><h1>S</h1><form class="search-big"></form>x</main>'
    >>> static_search(page, "fi/search/index.html")[:70]
    '<main id="main"><h1>S</h1><form class="search-big"></form><ol id="stat'
    """
    found = re.search(r'(<h1\b.*?</h1>\s*)?<form class="search-big".*?</form>', html, re.S)
    form = found.group(0) if found else ""
    folds = json.dumps(folded_letters(), ensure_ascii=False)
    script = SEARCH_SCRIPT % {
        "data": relative(SEARCH_DATA, page),
        "folds": folds,
        "every": json.dumps(EVERY),
    }
    return MAIN.sub(lambda m: m.group(1) + form + script + m.group(2), html)
