"""The static export (`lawkb export --format site DIR`, kb/web/static_site.py), served by a plain
static server (`python -m http.server`) and walked in Chromium: every page of every book
present, every link resolving inside DIR (the pages' and those of the laws' units files), a
law page, a citation link, the in-browser search answering with the network cut, and the
views built from a law's units file (a comparison, table mode of one unit, a unit's
citation) showing what the site shows."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit
from urllib.request import urlopen

import pytest
from axe_playwright_python.sync_playwright import Axe
from flask.testing import FlaskClient
from playwright.sync_api import Browser, Page, expect, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from kb.pipeline import build
from kb.web.static_shared import expand as expand_shared
from kb.web.static_site import export_site, rewrite
from kb.web.static_tools import cell_link, expand, unpacked
from tests.conftest import CHROMIUM, DESKTOP, FLAGS
from tests.helpers.reader import AXE

pytestmark = [pytest.mark.slow, pytest.mark.sweep]  # the whole static export, crawled

LINK = re.compile(r'(?:href|src|action)="([^"]*)"')
ID = re.compile(r'id="([^"]+)"')


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    assert build().ok
    target = tmp_path_factory.mktemp("site")
    assert export_site(target, ["fi", "tr"]) == PAGES
    return target


UNITS = lambda site: (site / "units").glob("[0-9]*.js")  # noqa: E731  (the laws' files)
TOOLS = re.compile(r'<template id="unit-tools">(.*?)</template>', re.S)
TOOLED = re.compile(r'<section class="([^"]*)" id="([^"]*)" data-cite="[^"]*" data-i="([^"]*)"'
                    r'(?: data-r="([^"]*)")?')  # fmt: skip


def built(html: str, shared: dict[str, str]) -> str:
    """A page with the links its scripts write from its own attributes, to be crawled: a law
    page's units' tools menus (from its template), the alignment report's links under its
    units and its coverage table's rows, the blocks written once for the tree (`shared`)."""
    html = re.sub(r'<div data-shared="(\w+)"(?: data-law="(\w+)" data-book="([\w-]+)")? hidden>'
                  r"</div>", lambda m: expand_shared(shared[m[1]], {"law": m[2], "book": m[3]}),
                  html)  # fmt: skip
    rows = lambda m: f"<tbody>{unpacked(unescape(m[1]))}"  # noqa: E731
    html = re.sub(r'<tbody data-rows="([^"]*)">', rows, html)
    html = re.sub(r'<div data-u="(\w+) ([^"]+)" data-l="([^"]*)"></div>',
                  lambda m: cell_link(m[1], m[2], m[3] or m[2].replace(".", "")), html)  # fmt: skip
    shape = TOOLS.search(html)
    if not shape:
        return html
    menus = [
        expand(shape.group(1), {"p": "" if "law" in kind.split() else f"#{a}", "c": "",
                                "i": uid, "r": row or a, "b": ""})
        for kind, a, uid, row in TOOLED.findall(html)
    ]  # fmt: skip
    return html.replace(shape.group(0), "".join(menus))


# Per UI language: 4 law books x 93 laws, the one page of every law's comparison and of its
# table mode, the alignment report (its overview, 21 checks, 93 laws), the parts, lists,
# indexes, the documentation, the home page and its language variants, the search and
# citation forms and the one page of every unit's citation.
PAGES = 2 * 546
# Bytes of the whole export in two UI languages (19,811,713 when written; 20,308,203 once
# the report had 247 findings, each row on the overview, its check's page and its law's:
# 0.6 MB a UI; six UIs: 50,454,623, 48.1 MiB; 20,748,025 once it had 319, about 6 kB a
# finding in two UIs; 21,018,237 with 376; 21,569,036 with 443).
SIZE = 22_000_000


@pytest.fixture(scope="module")
def base_url(site: Path) -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    command = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"]
    server = subprocess.Popen(command, cwd=site, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urlopen(url, timeout=1).close()
            break
        except OSError:
            time.sleep(0.05)
    yield url
    server.terminate()
    server.wait()


@pytest.fixture
def page(base_url: str) -> Iterator[Page]:
    with sync_playwright() as p:
        browser: Browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        context = browser.new_context(viewport=DESKTOP)
        yield context.new_page()
        browser.close()


def test_every_page_present_and_every_link_inside(site: Path) -> None:
    for ui in ("fi", "tr"):
        for lang in ("fi", "tr", "sk", "et"):
            laws = sorted(int(p.name) for p in (site / ui / lang / "law").iterdir())
            assert laws == list(range(1, 94)), (ui, lang)
            assert (site / ui / lang / "definitions" / "index.html").exists()
    for view in ("compare", "table"):  # one page a view, every law's
        assert [p.name for p in (site / "fi" / view).iterdir()] == ["law"]
        # The terms' titles come after <main>, which the view's script rewrites: a deferred
        # script inside it could be dropped before it ran (the law's file came first).
        html = (site / "fi" / view / "law" / "index.html").read_text(encoding="utf-8")
        assert html.index("units/terms.js") > html.index("</main>")
    cite = sorted(
        str(p.relative_to(site / "tr" / "cite")) for p in (site / "tr" / "cite").rglob("*")
    )
    assert cite == ["index.html", "unit", "unit/index.html"]
    assert sum(p.stat().st_size for p in site.rglob("*") if p.is_file()) <= SIZE
    shared = {}  # each tree's blocks written once
    for ui in ("fi", "tr"):
        text = (site / ui / "shared.js").read_text(encoding="utf-8")
        shared[ui] = json.loads(text[text.index("{") : text.rindex("}") + 1])
    pages = {
        p: built(p.read_text(encoding="utf-8"), shared[p.relative_to(site).parts[0]])
        for p in site.rglob("*.html")
        if p.parent != site
    }
    pages[site / "index.html"] = (site / "index.html").read_text(encoding="utf-8")
    assert len(pages) == PAGES + 1  # and the root's, sending a visitor to the first tree
    ids = {p: set(ID.findall(html)) for p, html in pages.items()}
    files = {p.stem: p.read_text(encoding="utf-8") for p in UNITS(site)}
    laws = {law: text.replace('\\"', '"') for law, text in files.items()}
    for path, html in pages.items():  # a page filled in from a law's file holds its ids too
        for law in re.findall(r'src="[./]*units/(\d+)\.js"', html):
            ids[path] |= set(ID.findall(laws[law]))
    # a law's comparison and table mode (one page a view): the ids its script gives them
    shown = {law: set(ID.findall(text)) | view_ids(files[law]) for law, text in laws.items()}
    for ui in ("fi", "tr"):  # a law's file, read by pages two folders deep in each tree
        for law, text in laws.items():
            page = site / ui / "compare" / "law" / f"{law}.js"
            pages[page] = text
            ids[page] = shown[law]
    broken = []
    for path, html in pages.items():
        for url in LINK.findall(html):
            if url.startswith(("http:", "https:", "mailto:", "data:")):
                continue
            parts = urlsplit(url.replace("&amp;", "&"))
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            inside = not url.startswith("/") and (target.is_file() or target in pages)
            anchored = not parts.fragment or target.suffix not in (".html", ".js")
            law = dict(parse_qsl(parts.query)).get("law")
            known = ids.get(target, set()) | (shown.get(law, set()) if law else set())
            if not (inside and site in target.parents) or not (anchored or parts.fragment in known):
                broken.append((path.relative_to(site), url))
    assert broken[:20] == []


def view_ids(file: str) -> set[str]:
    """The ids a law's comparison and table mode get from its file (units/<law>.js): its
    rows', its cells' and its books' heads' in table mode."""
    law = json.loads(file[file.index("(") + 1 : file.rindex(")")])
    out = {f"tm-{code}" for code in law["blocks"]}
    views = law["views"]
    for rows in views["rows"].values():
        for uid, _kind, _only, cells in rows:
            out.add(uid.replace(".", ""))
            for code, (reason, units, _mapped, _under) in cells.items():
                kids = [k for u in units for k in views["kids"].get(code, {}).get(u, [])]
                if reason != "above":
                    out.update(f"{code}-{u.replace('.', '')}" for u in units + kids)
    return out


@pytest.mark.parametrize("path", ["fi/law/12", "sk/law/12", "tr/law/40"])
def test_law_pages_unit_tools_are_the_sites(page: Page, base_url: str, client: FlaskClient,
                                             path: str) -> None:  # fmt: skip
    """A law page's units' tools menus, written once a page and built by site.js, are the
    server's: every unit its own, the same words, the same links (made relative as the export
    makes every link), its "cited by" list in it; its defined terms have the server's titles."""
    static = f"fi/{path}/index.html"
    served = rewrite(client.get(f"/{path}?ui=fi").get_data(as_text=True), static, "fi", ["fi"])[0]
    menus = re.findall(r'<section [^>]*id="([^"]+)"[^>]*>\s*(<details class="tools".*?</details>)',
                       served, re.S)  # fmt: skip
    text = lambda html: " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())  # noqa: E731
    want = [[a, text(m), [unescape(h) for h in re.findall(r'href="([^"]*)"', m)]] for a, m in menus]
    assert len(want) > 10 and any("cited-by" in m for _, m in menus)
    page.goto(f"{base_url}/{static}")
    got = page.locator("article.law > section").evaluate_all(
        """units => units.map((u) => {
          const menu = u.querySelector(":scope > details.tools");
          const hrefs = [...menu.querySelectorAll("[href]")].map((a) => a.getAttribute("href"));
          return [u.id, menu.textContent.split(/\\s+/).filter(Boolean).join(" "), hrefs];
        })"""
    )
    assert got == want
    written = urlopen(page.url).read().decode()  # (one menu written: the tree's template)
    assert written.count('<details class="tools"') < 3 and "data-shared=" in written
    # and the defined terms' titles, written once for the site (units/terms.js)
    titles = [unescape(t) for t in re.findall(r'<a class="term" [^>]*title="([^"]*)"', served)]
    shown = page.locator("article.law a.term").evaluate_all("links => links.map((a) => a.title)")
    assert titles and shown == titles and ' title="' not in written.split('class="term"')[1][:200]
    # and a unit's copy-citation button copies the server's citation, read from the law's file
    uid = {"fi/law/12": "12.C.1.b", "sk/law/12": "12.A", "tr/law/40": "40.B.2.a"}[path]
    book = path.split("/")[0]
    cited = client.get(f"/api/v1/units/{book}/{uid}").json["citations"]
    text = cited["national" if book == "fi" else "international"]  # (the UI is Finnish)
    address = text.rsplit(" ", 1)[1]  # (the unit's address: here, its place on this page)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    unit = page.locator(f'[id="{uid.replace(".", "")}"]')
    unit.locator(":scope > details.tools > summary").click()
    unit.locator(":scope > details.tools button.copy").click()
    expect(unit.locator(":scope > details.tools button.copy")).to_have_text("✓")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == text[: -len(address)] + page.url + "#" + uid.replace(".", "")


def test_alignment_report_is_the_sites(page: Page, base_url: str, client: FlaskClient) -> None:
    """The alignment report's table of a law, its units filled in from the law's file and
    the link under each written by fill.js, and the report's coverage table, its rows built
    by site.js, show the server's text and links (made relative as the export makes every
    link)."""
    static = "fi/alignment/12/index.html"
    served = rewrite(client.get("/alignment/12?ui=fi").text, static, "fi", ["fi"])[0]
    page.set_content(re.sub(r"<script\b.*?</script>", "", served, flags=re.S))
    table = "main table.compare:not(.findings)"
    read = f"""() => [...document.querySelectorAll("{table} tbody tr")].map((row) => [
      row.id, row.textContent.split(/\\s+/).filter(Boolean).join(" "),
      [...row.querySelectorAll("a[href]")].map((a) => a.getAttribute("href"))])"""
    want = page.evaluate(read)
    page.goto(f"{base_url}/{static}")
    assert page.evaluate(read) == want and len(want) > 20
    written = urlopen(page.url).read().decode()
    # the coverage table of the report's overview, its rows written as shapes and numbers
    static = "fi/alignment/index.html"
    served = rewrite(client.get("/alignment?ui=fi").text, static, "fi", ["fi"])[0]
    page.set_content(re.sub(r"<script\b.*?</script>", "", served, flags=re.S))
    matrix = read.replace(table, "main table.matrix")
    want = page.evaluate(matrix)
    page.goto(f"{base_url}/{static}")
    assert page.evaluate(matrix) == want and len(want) == 93
    assert "<tbody data-rows=" in urlopen(page.url).read().decode()
    # (a link stays written under a unit of another law, written in the page itself: sk 86A)
    assert written.count("data-l=") > 50 and written.count('hreflang="sk">sk ') == 4


def test_law_page_citation_and_search_offline(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/")
    expect(page).to_have_url(f"{base_url}/fi/index.html")
    page.goto(f"{base_url}/fi/fi/law/12/index.html")
    expect(page.locator("h1")).to_contain_text("KILPAILUNJOHTAJAN HARKINTAVALTA")
    page.locator('a.xref[data-target="92.B"]').first.click()
    expect(page).to_have_url(f"{base_url}/fi/fi/law/92/index.html#92B")
    expect(page.locator('[id="92B"] h2')).to_contain_text("Muutoksenhaun määräaika")

    page.fill("#q", "revokki")
    page.press("#q", "Enter")
    expect(page).to_have_url(f"{base_url}/fi/search/index.html?q=revokki&lang=fi")
    expect(page.locator("#static-hits li").first).to_be_visible()
    page.context.set_offline(True)
    page.fill("form.search-big #q", "revokki")
    page.select_option("form.search-big #scope", "fi")
    page.click("form.search-big button")
    expect(page.locator("#static-hits li a").first).to_have_text(re.compile(r"^6[1-4]"))
    page.context.set_offline(False)
    page.locator("#static-hits li a").first.click()
    expect(page.locator("article.law h1")).to_contain_text("§")

    page.goto(f"{base_url}/tr/search/index.html")
    page.context.set_offline(True)
    page.fill("form.search-big #q", "sırasız atak")
    page.select_option("form.search-big #scope", "tr")
    page.click("form.search-big button")
    expect(page.locator("#static-hits li a").first).to_have_text(re.compile(r"^54 "))


def test_a_comparison_shows_the_documents_its_link_names(page: Page, base_url: str) -> None:
    """A comparison's file holds every language's main document; `?langs=` (a language
    link, a director's bookmark of two languages) shows those it names, and the language
    links add and remove from there."""
    headers = page.locator("table.compare thead th[data-doc]:visible")
    compare = f"{base_url}/fi/compare/law/index.html?law=12"
    page.goto(compare)
    expect(headers).to_have_count(5)
    page.goto(f"{compare}&langs=fi,tr,fi")  # (a repeat: once)
    expect(headers).to_have_count(2)
    expect(page.locator("table.compare td[data-doc=sk]:visible")).to_have_count(0)
    in_turkish = page.locator("a[hreflang=tr][lang=tr]").first  # the UI language switch
    expect(in_turkish).to_have_attribute(
        "href", re.compile(r"tr/compare/law/index\.html\?langs=fi,tr&law=12$")
    )
    expect(page.locator('[id="12C1b"] td[data-doc=tr]')).to_contain_text("ayarlı skoru belirlerken")
    page.locator(".lang-links a[data-doc=et]").click()
    expect(page).to_have_url(f"{compare}&langs=fi,tr,et")
    expect(headers).to_have_count(3)
    remove = page.locator(".lang-links a[data-doc=fi]")
    expect(remove).to_have_text(re.compile(r"^− "))
    remove.click()
    expect(page).to_have_url(f"{compare}&langs=tr,et")
    # (in the file's order of the documents, the reader's book first and the others by their
    # Finnish names, turkki before viro: a static page cannot move its columns)
    expect(headers).to_have_text(
        [re.compile(r"^Turkinkielinen \(2017\)"), re.compile(r"^Vironkielinen \(2017\)")]
    )


SHOWN = """() => {  // what a comparison or table mode shows: headings, rows, cells, notes
  const main = document.querySelector("main");
  const text = (el) => (el ? el.textContent.split(/\\s+/).filter(Boolean).join(" ") : null);
  return {
    h1: text(main.querySelector("h1")),
    title: document.title,
    heads: [...main.querySelectorAll("thead th, .tm-head > span")].map(text),
    langs: text(main.querySelector(".lang-links")),
    jump: text(main.querySelector(".jump-list")),
    rows: [...main.querySelectorAll("tbody tr, .tm-row")].map((row) => [
      row.id, row.className, row.dataset.id || "", text(row.querySelector("th")),
      [...row.querySelectorAll(":scope > td, :scope > .tm-cell")].map((cell) => [
        cell.dataset.doc, cell.lang, cell.hidden,
        [...cell.querySelectorAll("[id]")].map((e) => e.id), text(cell)])]),
    notes: [...main.querySelectorAll("aside.footnotes")].map((n) => [n.ariaLabel, text(n)]),
    terms: [...main.querySelectorAll("a.term")].map((a) => a.title),
  };
}"""


# A law of each kind of cell: units of the other edition shown whole (12, 16), a book printing
# a unit's words in the unit above (16), rows in one document only (23), footnotes (40),
# tables (77), the card's topics (74); and the last law.
@pytest.mark.parametrize("law", ["12", "16", "23", "40", "74", "77", "93"])
def test_views_built_in_the_browser_are_the_sites(
    page: Page, base_url: str, client: FlaskClient, law: str
) -> None:
    """A law's comparison and table mode, built in the browser from the law's file, show
    what the server's show: the same headings, rows, cells (their books, ids and text) and
    footnotes; and every link the script writes leads to a file of the export."""
    views = {
        f"/compare/{law}?ui=fi": f"fi/compare/law/index.html?law={law}",
        f"/table/{law}?langs=fi,et,sk,tr&ui=fi": f"fi/table/law/index.html?law={law}",
        f"/compare/{law}?ui=tr": f"tr/compare/law/index.html?law={law}",
    }
    failed: list[str] = []  # (requests the browser lost: said beside a view that differs)
    page.on("requestfailed", lambda request: failed.append(f"{request.url} {request.failure}"))
    for served, static in views.items():
        page.set_content(re.sub(r"<script\b.*?</script>", "", client.get(served).text, flags=re.S))
        want = page.evaluate(SHOWN)
        page.goto(f"{base_url}/{static}")
        expect(page.locator("main h1")).to_be_attached()
        try:  # (the script may still be filling the view on a busy machine)
            same = f"want => JSON.stringify(({SHOWN})()) === JSON.stringify(want)"
            page.wait_for_function(same, arg=want, timeout=15_000)
        except PlaywrightTimeout:
            pass  # the assertion below says what differs
        assert page.evaluate(SHOWN) == want, (static, failed)
        links = page.locator("main a[href]").evaluate_all(
            "links => [...new Set(links.map((a) => a.href.split(/[?#]/)[0]))]"
        )
        missing = [url for url in links if urlopen(url).status != 200]
        assert want["rows"] and links and missing == []


def test_table_mode_of_one_unit_shows_its_rows(page: Page, base_url: str, client) -> None:
    """A unit's table-mode link opens its law's one page, showing the rows the site shows
    for that unit, in the two languages asked for, their text filled in from the law's units
    file."""
    served = client.get("/table/12?unit=12.C.1&langs=fi,tr&ui=fi").get_data(as_text=True)
    rows = re.findall(r'class="tm-row [^"]*" id="[^"]*" data-id="([^"]+)"', served)
    assert rows == ["12.C.1", "12.C.1.a", "12.C.1.b", "12.C.1.c", "12.C.1.d", "12.C.1.e",
                    "12.C.1.e.i", "12.C.1.e.ii"]  # fmt: skip
    page.goto(f"{base_url}/fi/fi/law/12/index.html")
    link = page.locator('[id="12C1"] > details.tools a.table-link')
    expect(link).to_have_attribute(
        "href", "../../../table/law/index.html?law=12&langs=fi&unit=12.C.1"
    )
    link.evaluate("a => a.closest('details').open = true")
    link.click()
    expect(page).to_have_url(re.compile(r"table/law/index\.html\?law=12&langs=fi&unit=12\.C\.1$"))
    page.goto(f"{base_url}/fi/table/law/index.html?law=12&unit=12.C.1&langs=fi,tr")
    expect(page.locator(".tm-row:visible")).to_have_count(len(rows))
    shown = page.locator(".tm-row:visible").evaluate_all("rows => rows.map((r) => r.dataset.id)")
    assert shown == rows
    cell = page.locator('.tm-row[data-id="12.C.1.b"] .tm-cell[data-doc=tr]')
    expect(cell).to_contain_text("ayarlı skoru belirlerken")
    expect(page.locator(".tm-cell[data-doc=sk]:visible")).to_have_count(0)


@pytest.mark.parametrize(("lang", "uid"), [("fi", "12.C.1.b"), ("tr", "12.C"), ("et", "40.B.2")])
def test_a_units_citation_is_the_sites(page: Page, base_url: str, client: FlaskClient,
                                       lang: str, uid: str) -> None:  # fmt: skip
    """Every unit's citation is one page built from its law's units file: its heading, text
    and both citations to copy are the server's, and its other languages lead on."""
    served = client.get(f"/cite?lang={lang}&id={uid}&ui=fi").get_data(as_text=True)
    texts = [unescape(t) for t in re.findall(r"<textarea[^>]*>(.*?)</textarea>", served, re.S)]
    heading = unescape(re.sub(r"<[^>]+>", "", re.search(r"<h2[^>]*>(.*?)</h2>", served).group(1)))
    # (each ends with the unit's address: here, its law page in the site's fi tree)
    number, _, below = uid.partition(".")
    here = f"{base_url}/fi/{lang}/law/{number}/index.html"
    here += f"#{uid.replace('.', '')}" if below else ""
    texts = [re.sub(r"(\s)/\S*$", lambda m: m[1] + here, t) for t in texts]
    page.goto(f"{base_url}/fi/cite/unit/index.html?lang={lang}&id={uid}")
    expect(page.locator("main h2")).to_have_text(heading)
    areas = page.locator(".cite-texts textarea")
    assert [areas.nth(0).input_value(), areas.nth(1).input_value()] == texts
    own = served.split('class="cite-unit"')[1].split('class="cite-texts"')[0]
    words = unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", own[own.index(">") + 1 :])))
    expect(page.locator(".cite-unit")).to_contain_text(words.strip()[:50])
    page.locator("p.tools a").first.click()
    expect(page).to_have_url(re.compile(r"cite/unit/index\.html\?lang=\w+&id="))
    expect(page.locator(".cite-texts textarea").first).not_to_have_value(texts[0])
    page.locator(".cite-open").click()
    expect(page.locator("article.law h1")).to_be_visible()


# The pages of the static site its scripts build or complete, each as a reader opens it, and
# what shows it built.
BUILT = {
    "law": ("fi/fi/law/12/index.html", '[id="12A"] > details.tools'),
    "compare": ("fi/compare/law/index.html?law=16", "table.compare tbody tr"),
    "compare-two": ("tr/compare/law/index.html?law=12&langs=fi,tr", "table.compare tbody tr"),
    "table-unit": ("fi/table/law/index.html?law=12&langs=fi,sk&unit=12.C.1", ".tm-row"),
    "cite-unit": ("fi/cite/unit/index.html?lang=fi&id=12.C.1.b", ".cite-unit p"),
    "alignment": ("fi/alignment/index.html", "table.matrix tbody tr"),
    "alignment-law": ("fi/alignment/12/index.html", "form.qa-filters"),
    "search": ("fi/search/index.html?q=revokki&lang=fi", "#static-hits li"),
}


def test_axe_finds_no_violation_on_the_built_pages(page: Page, base_url: str) -> None:
    """axe-core finds no WCAG 2.2 AA or best-practice violation on the static site's pages
    its scripts build, once built (the served pages have theirs: tests/test_reader.py)."""
    axe = Axe()
    found = {}
    for name, (path, built) in BUILT.items():
        page.goto(f"{base_url}/{path}")
        expect(page.locator(built).first).to_be_attached()
        violations = axe.run(page, options=AXE).response["violations"]
        if violations:
            found[name] = [(v["id"], [n["target"] for n in v["nodes"][:3]]) for v in violations]
    assert not found, found
