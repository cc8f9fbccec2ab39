"""The reader made for the table, in real headless Chromium (Debian's, driven by Playwright):
axe-core finds no WCAG 2.2 AA or best-practice violation (target size on) on every page type
at phone and desktop sizes; the three journeys (a player on a phone, a director citing at
the table, a translator comparing) and the offline case walk through; screenshots of each
step at both sizes go to tests/artifacts/."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, expect

from kb.web import create_app
from tests.conftest import served
from tests.helpers.reader import AXE, SIZES, context_of, fits, shot

pytestmark = pytest.mark.slow  # Chromium at two sizes, axe on every page type

# Every page type the site has, with a real address of each.
PAGE_TYPES = {
    "home": "/",
    "home-book": "/?lang=fi",
    "home-card": "/?lang=sv",
    "law": "/fi/law/12",
    "law-tables": "/tr/law/78",
    "law-long-title": "/sk/law/16",  # the sticky bar's arrows beside a long title
    "compare": "/compare/12?langs=fi,tr,sk,et,sv",
    "compare-footnotes": "/compare/16",  # several books' footnote lists on one page
    "compare-two": "/compare/16?langs=fi,tr",
    "table-mode": "/table/12?langs=fi,sk&unit=12.C.1",
    "table-mode-law": "/table/16?langs=tr,fi",  # a whole law, row by row
    "search-empty": "/search",
    "search": "/search?q=revoke&lang=",
    "search-none": "/search?q=xqzzy",
    "cite": "/cite",
    "cite-unit": "/cite?lang=fi&id=12.C.1.b",
    "cite-missing": "/cite?q=laki+12C9&lang=fi",
    "definitions": "/et/definitions",
    "subject-index": "/fi/index",
    "subject-index-english": "/tr/index",  # the Estonian entries by their English terms
    "part": "/sk/part/front",
    "card-topic": "/sv/part/topic.50",
    "alignment": "/alignment?langs=fi,tr",
    "alignment-law": "/alignment/12?langs=fi,tr",
    "not-found": "/fi/law/99",
    "offline": "/offline",
}
# Menus that open over a page: axe looks at each open (at the menu: what it covers is out
# of reach while it is open).
MENUS = {
    "/fi/law/16": ["details.ui-menu", "details.book-menu", "nav.toc details"],
    "/compare/16?langs=fi,tr": ["details.jump"],
}


@pytest.mark.parametrize(
    ("size", "scheme"),
    [
        pytest.param("phone", "light", marks=pytest.mark.sweep),
        pytest.param("desktop", "light", marks=pytest.mark.sweep),
        pytest.param("phone", "dark", marks=pytest.mark.sweep),
    ],
)
def test_axe_finds_no_violation(browser: Browser, base_url: str, size: str, scheme: str) -> None:
    context = context_of(browser, size, color_scheme=scheme)
    page = context.new_page()
    axe = Axe()
    found = {}
    for name, path in PAGE_TYPES.items():
        page.goto(base_url + path)
        result = axe.run(page, options=AXE)
        violations = result.response["violations"]
        if violations:
            found[name] = [(v["id"], [n["target"] for n in v["nodes"][:3]]) for v in violations]
    for path, menus in MENUS.items():
        for menu in menus:
            page.goto(base_url + path)
            if not page.locator(menu).get_attribute("open"):
                page.locator(f"{menu} > summary").click()
            violations = axe.run(page, context=menu, options=AXE).response["violations"]
            if violations:
                found[f"{path} {menu}"] = [(v["id"], len(v["nodes"])) for v in violations]
    context.close()
    assert not found, found


@pytest.mark.parametrize("size", list(SIZES))
def test_player_on_a_phone_searches_a_situation_and_reads(
    browser: Browser, base_url: str, size: str
) -> None:
    context = context_of(browser, size)
    page = context.new_page()
    page.goto(f"{base_url}/?ui=tr")
    expect(page.locator("#scope")).to_have_value("")  # every book: none chosen for the reader
    shot(page, "player-1-home", size)
    page.fill("#q", "sırasız atak")
    page.press("#q", "Enter")
    expect(page.locator(".hits-count")).to_be_visible()
    first = page.locator("section.group").first
    expect(first).to_have_attribute("lang", "tr")
    expect(first.locator("li a").first).to_contain_text("Yasa 5")  # a citation, not an id
    fits(page)
    shot(page, "player-2-results", size)
    first.locator("h2 a").first.click()
    expect(page.locator("article.law h1")).to_contain_text("Yasa 5")
    expect(page.locator("nav.toc")).to_be_visible()
    if size == "phone":  # the contents a tap away, the text first
        expect(page.locator("nav.toc ol")).to_be_hidden()
        page.locator("nav.toc summary").click()
    page.locator("nav.toc a").nth(1).click()
    expect(page.locator(".lawbar")).to_be_in_viewport()  # the law's name stays in view
    expect(page.locator(".lawbar .where")).to_contain_text("Yasa 5")
    fits(page)
    shot(page, "player-3-law", size)
    context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_director_cites_copies_and_shows_the_table(
    browser: Browser, base_url: str, size: str
) -> None:
    context = context_of(browser, size)
    page = context.new_page()
    page.goto(f"{base_url}/?lang=tr")
    page.fill("#q", "12C1(b)")
    page.press("#q", "Enter")
    expect(page).to_have_url(f"{base_url}/tr/law/12#12C1b")
    unit = page.locator('[id="12C1b"]')
    unit.locator("details.tools > summary").first.click()
    shot(page, "director-1-tools", size)
    unit.locator("button.copy").first.click()
    expect(unit.locator("button.copy").first).to_have_text("✓")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith("Law 12C1(b) – Laws of Duplicate Bridge 2017, Turkish translation: ")
    assert copied.endswith(f" {base_url}/tr/law/12#12C1b")
    unit.locator("a.table-link").first.click()
    expect(page).to_have_url(f"{base_url}/table/12?langs=tr&unit=12.C.1.b")
    page.locator("select[name=langs]").nth(1).select_option("fi")
    page.get_by_role("button", name="Show").click()
    sides = page.locator('[id="12C1b"] .tm-cell:visible')
    expect(sides).to_have_count(2)
    expect(sides.nth(0)).to_have_attribute("lang", "tr")
    expect(sides.nth(1)).to_have_attribute("lang", "fi")
    expect(page.locator(".tm-head")).to_contain_text("Laki 12C1b §")
    assert page.locator("header.top").is_hidden()  # nothing else on screen
    size_px = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.tm')).fontSize)")
    assert size_px >= 22
    fits(page)
    shot(page, "director-2-table", size)
    context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_translator_compares_stacked_on_a_phone(browser: Browser, base_url: str, size: str) -> None:
    context = context_of(browser, size)
    page = context.new_page()
    page.goto(f"{base_url}/tr/law/12#12C1b")
    unit = page.locator('[id="12C1b"]')
    unit.locator("details.tools > summary").first.click()
    unit.locator("a.row-link").first.click()
    expect(page).to_have_url(f"{base_url}/compare/12#12C1b")
    row = page.locator('tr[id="12C1b"]')
    expect(row).to_be_in_viewport()
    labels = row.locator(".cell-lang")
    if size == "phone":  # stacked: each language labelled under the unit, no table head
        expect(page.locator("table.compare thead")).to_be_hidden()
        expect(labels.first).to_be_visible()
        fits(page)
    else:
        expect(page.locator("table.compare thead")).to_be_visible()
        expect(labels.first).to_be_hidden()
    expect(row.locator('td[lang="sv"]')).to_contain_text("")
    shot(page, "translator-1-row", size)
    row.locator("th a").click()
    expect(page).to_have_url(f"{base_url}/compare/12#12C1b")
    context.close()


def test_offline_after_saving_a_book(browser: Browser) -> None:
    """A book saved in one tap opens without the network: its law pages, and a citation."""
    base, close = served(create_app())
    context = context_of(browser, "phone")
    page = context.new_page()
    page.goto(f"{base}/?lang=fi")
    page.evaluate("navigator.serviceWorker.ready")
    page.locator("button.save-book").first.click()
    expect(page.locator(".save-status")).to_contain_text("✓", timeout=60_000)
    shot(page, "offline-1-saved", "phone")
    close()  # the network is cut
    context.set_offline(True)
    page.goto(f"{base}/fi/law/16")
    expect(page.locator("article.law h1")).to_contain_text("16 §")
    page.goto(f"{base}/cite?q=laki+12C1b&lang=fi")
    expect(page).to_have_url(f"{base}/fi/law/12#12C1b")
    expect(page.locator('[id="12C1b"]')).to_be_visible()
    shot(page, "offline-2-citation", "phone")
    page.goto(f"{base}/search?q=revokki+pysyväksi&lang=fi")  # the words, in the saved book
    hits = page.locator(".offline-hits li a")
    expect(hits.first).to_be_visible()
    assert all(h.startswith("/fi/law/") for h in hits.evaluate_all("a => a.map(x => x.pathname)"))
    expect(page.locator(".offline-hits")).to_contain_text("laki 63")
    shot(page, "offline-3-search", "phone")
    page.goto(f"{base}/tr/law/16")  # never saved: says so
    expect(page.locator("h1")).to_have_text("Offline")
    context.close()


def test_works_without_javascript(browser: Browser, base_url: str) -> None:
    """Tools, citations, comparison and table mode need no script; copy buttons stay hidden."""
    context = browser.new_context(viewport=SIZES["phone"], java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{base_url}/fi/law/12")
    unit = page.locator('[id="12C1b"]')
    unit.locator("details.tools > summary").first.click()
    expect(unit.locator("button.copy").first).to_be_hidden()
    unit.locator("a.cite-link").first.click()
    expect(page).to_have_url(f"{base_url}/cite?lang=fi&id=12.C.1.b")
    area = page.locator("textarea").first
    wording = r"^Law 12C1\(b\) – Laws of Duplicate Bridge 2017, Finnish translation: "
    expect(area).to_have_value(re.compile(wording + r".* /fi/law/12#12C1b$", re.S))
    page.goto(f"{base_url}/table/12?langs=fi,sk&unit=12.C.1.b")
    expect(page.locator(".tm-row").first.locator(".tm-cell")).to_have_count(2)
    page.goto(f"{base_url}/compare/12")
    expect(page.locator('tr[id="12C1b"] .cell-lang').first).to_be_visible()
    context.close()
