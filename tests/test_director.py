"""The director's reader in real headless Chromium, at a phone's size (390 × 844) and a
desktop's: the law's text on the first screen, the unit kept from one book to another,
parallel texts row by row on unit ids, a subject index to use; and, with the network cut (the
server closed, the browser offline), two saved books read side by side, the first page read
kept, a kept page shown at once with word of a newer one. Screenshots of each step go to
tests/artifacts/."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, Route, expect

from tests.conftest import served
from tests.helpers.reader import COVERED, SIZES, context_of, fits, shot, wait_until_kept

pytestmark = pytest.mark.slow  # Chromium at two sizes, saved books

# The top of a law's first sentence (not its heading, contents or tools).
TEXT_TOP = """() => [...document.querySelectorAll("article.law p")]
  .find((p) => !p.closest("nav, details, .head") && p.textContent.trim().length > 20)
  .getBoundingClientRect().top"""
# The visible cells of rows, in the order a reader meets them: [row, book, top, left].
CELLS = """(rows) => rows.flatMap((id) => [...document.getElementById(id)
  .querySelectorAll(".tm-cell:not([hidden]), td[data-doc]:not([hidden])")]
  .map((c) => [id, c.dataset.doc, c.getBoundingClientRect().top, c.getBoundingClientRect().x]))"""
# How far apart the cells of a row of table mode start, at most, over the whole law.
DRIFT = """() => Math.max(...[...document.querySelectorAll(".tm-row")].map((row) => {
  const tops = [...row.querySelectorAll(".tm-cell:not([hidden])")]
    .map((c) => c.getBoundingClientRect().top);
  return Math.max(...tops) - Math.min(...tops);
}))"""


@pytest.fixture(params=list(SIZES))
def sized(browser: Browser, request: pytest.FixtureRequest) -> Iterator[tuple[Page, str]]:
    """A page in a context of each size in turn, and the size's name."""
    context = context_of(browser, request.param)
    yield context.new_page(), request.param
    context.close()


def in_reading_order(page: Page, rows: list[str]) -> list[tuple[str, str]]:
    cells = sorted(page.evaluate(CELLS, rows), key=lambda c: (c[2], c[3]))
    return [(row, book) for row, book, _top, _left in cells]


def scroll_to(page: Page, anchor: str) -> None:
    """Scroll a unit to the top, as a reader does (under the sticky bar)."""
    page.evaluate("(id) => document.getElementById(id).scrollIntoView()", anchor)


def test_the_law_text_comes_first(sized: tuple[Page, str], base_url: str) -> None:
    page, size = sized
    for path in ("/fi/law/12", "/fi/law/16", "/sk/law/16", "/tr/law/64", "/et/law/40"):
        page.goto(base_url + path)
        expect(page.locator("article.law h1")).to_be_in_viewport()
        if size == "phone":  # the heading and the first words above half the first screen
            assert page.evaluate(TEXT_TOP) < SIZES["phone"]["height"] / 2, path
            expect(page.locator("nav.crumbs a").first).to_be_hidden()  # one control
            expect(page.locator("nav.toc ol")).to_be_hidden()  # a tap away
        else:  # the contents open, beside the text
            toc = page.locator("nav.toc ol").bounding_box()
            assert (
                toc and toc["x"] + toc["width"] < page.locator("article.law h1").bounding_box()["x"]
            )
        assert page.evaluate(COVERED) == [], path  # no control over the text
        fits(page)
    shot(page, "director-law-et40", size)
    # A title printed in capitals reads in sentence case; the page and its citation keep it.
    page.goto(f"{base_url}/fi/law/16")
    title = page.locator("article.law h1 .t")
    assert (title.inner_text(), title.text_content()) == (
        "Luvallinen ja luvaton tieto",
        "LUVALLINEN JA LUVATON TIETO",
    )
    law = page.locator('[id="16"]')
    law.locator("details.tools > summary").first.click()
    law.locator("button.copy").first.click()
    expect(law.locator("button.copy").first).to_have_text("✓")
    assert "16 LUVALLINEN JA LUVATON TIETO" in page.evaluate("navigator.clipboard.readText()")
    page.goto(f"{base_url}/tr/law/16")  # Turkish capitals: İ and I
    assert page.locator("article.law h1 .t").inner_text() == "İzinli ve izinsiz bilgi"
    # The sticky bar names the unit in view first, whole; then the law, cut if need be.
    page.goto(f"{base_url}/sk/law/16")
    scroll_to(page, "16B1")
    bar = page.locator(".lawbar")
    expect(bar.locator(".unit-now")).to_have_text("pravidlo 16B1")
    now, name = bar.locator(".unit-now").bounding_box(), bar.locator(".law-name").bounding_box()
    assert now and name and now["x"] < name["x"]
    assert page.evaluate(
        "(e) => e.scrollWidth <= e.clientWidth", bar.locator(".unit-now").element_handle()
    )
    for arrow in bar.locator(".pager a").all():  # not squeezed by a long title
        box = arrow.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44
    shot(page, "director-law-sk16-bar", size)


def test_the_unit_is_kept_from_book_to_book(sized: tuple[Page, str], base_url: str) -> None:
    page, size = sized
    page.goto(f"{base_url}/tr/law/16#16B1")
    strip = page.locator("nav.other-docs")
    expect(strip.locator("[aria-current=page]")).to_contain_text("TR")
    expect(strip.locator("a")).to_have_count(4)  # every other book with the law
    expect(strip.locator('a[hreflang="fi"]')).to_have_attribute(
        "href", re.compile(r"/fi/law/16#16B1$")
    )
    # the 2007 book: 2017's 16B1 stands in its 16B (the edition map)
    expect(strip.locator('a[hreflang="sk"]')).to_have_attribute(
        "href", re.compile(r"/sk/law/16#16B$")
    )
    expect(strip.locator('a[hreflang="sv"]')).to_have_attribute(
        "href", re.compile(r"/compare/16\?langs=sv,et,fi,sk,tr#16B1$")
    )
    shot(page, "director-strip-16B1", size)
    scroll_to(page, "16C")  # reading on: the links follow
    expect(strip.locator('a[hreflang="fi"]')).to_have_attribute(
        "href", re.compile(r"/fi/law/16#16C$")
    )
    expect(strip.locator('a[hreflang="sk"]')).to_have_attribute(
        "href", re.compile(r"/sk/law/16#16D$")
    )
    # The interface language is a control of its own: the book and the place stay.
    page.locator("details.ui-menu > summary").click()
    page.locator('nav.ui-langs a[hreflang="fi"]').click()
    expect(page).to_have_url(re.compile(r"/tr/law/16\?ui=fi#16C$"))
    expect(page.locator("html")).to_have_attribute("lang", "fi")
    expect(page.locator("article.law")).to_have_attribute("lang", "tr")
    expect(page.locator('[id="16C"]')).to_be_in_viewport()
    strip.locator('a[hreflang="fi"]').click()  # another book, the same unit
    expect(page).to_have_url(f"{base_url}/fi/law/16#16C")
    expect(page.locator('[id="16C"] h2')).to_be_in_viewport()
    assert page.evaluate("window.scrollY") > 300
    shot(page, "director-strip-switched", size)


def test_parallel_texts_by_unit(sized: tuple[Page, str], base_url: str) -> None:
    page, size = sized
    page.goto(f"{base_url}/table/16?langs=tr,fi")
    rows = ["16B1", "16B1a"]
    if size == "phone":  # one book's unit after the other's, each under a short label
        assert in_reading_order(page, rows) == [
            ("16B1", "tr"),
            ("16B1", "fi"),
            ("16B1a", "tr"),
            ("16B1a", "fi"),
        ]
        expect(page.locator('[id="16B1"] .cell-lang b')).to_have_text(["TR", "FI"])
        expect(page.locator(".tm-head")).to_be_hidden()
    else:  # two columns whose rows stay level to the end of the law
        expect(page.locator(".tm-head")).to_be_visible()
        assert page.evaluate(DRIFT) == 0
        expect(page.locator('[id="16B1"] .cell-lang').first).to_be_hidden()
    fits(page)
    # A unit the Finnish book prints in the unit above it: said so in its cell.
    note = page.locator('[id="16B1"] [data-doc="fi"] .printed-under a')
    expect(note).to_have_text("This book prints its words in 16B.")
    expect(note).to_have_attribute("href", "/fi/law/16#16B")
    shot(page, "director-table-16", size)
    # Every unit a tap away; the bar names the one in view.
    page.locator("details.jump > summary").click()
    page.locator('.jump-list a[href="#16C1"]').click()
    expect(page).to_have_url(re.compile(r"#16C1$"))
    expect(page.locator('[id="16C1"]')).to_be_in_viewport()
    expect(page.locator(".rowbar .unit-now")).to_have_text("16C1")
    # The books swapped: the same unit stays in view.
    page.locator("select[name=langs]").nth(0).select_option("fi")
    page.locator("select[name=langs]").nth(1).select_option("tr")
    page.get_by_role("button", name="Show").click()
    expect(page).to_have_url(re.compile(r"/table/16\?langs=fi&langs=tr#16C1$"))
    expect(page.locator('[id="16C1"] .tm-cell:visible').first).to_have_attribute("lang", "fi")
    expect(page.locator('[id="16C1"]')).to_be_in_viewport()
    # On paper too, one book's unit after the other's.
    page.emulate_media(media="print")
    assert in_reading_order(page, rows) == [
        ("16B1", "fi"),
        ("16B1", "tr"),
        ("16B1a", "fi"),
        ("16B1a", "tr"),
    ]
    page.emulate_media(media="screen")
    # The comparison: the same rows, a short label per book where stacked, a jump list.
    page.goto(f"{base_url}/compare/16?langs=fi,tr,sk,et")
    labels = page.locator('[id="16B1"] .cell-lang b')
    expect(labels).to_have_text(["FI", "TR", "SK", "ET"])
    if size == "phone":
        expect(labels.first).to_be_visible()
        assert [book for _row, book in in_reading_order(page, ["16B1"])] == ["fi", "tr", "sk", "et"]
    else:
        expect(labels.first).to_be_hidden()
    expect(page.locator(".jump-list a")).to_have_count(
        page.locator("table.compare tbody tr").count()
    )
    shot(page, "director-compare-16", size)


def test_a_subject_index_to_use(sized: tuple[Page, str], base_url: str) -> None:
    page, size = sized
    page.goto(f"{base_url}/fi/index")
    # fi.txt:2556-2562 "Aakkostettu pakka, 10" / "Lain 6 §" under it / "Huom, katso Pakka"
    entry = page.locator("li#e-aakkostettu-pakka")
    sub = entry.locator(":scope > ul > li", has_text="Lain")
    assert sub.bounding_box()["x"] > entry.bounding_box()["x"] + 10  # indented under its heading
    expect(entry.locator(":scope > a")).to_have_text(["Definitions", "6D2"])  # not first words
    # fi.txt:2566 "Laiminlyönti Luvaton tieto 16B1 §, 73C §" under "Alert"
    expect(page.locator("li#e-alert > ul > li").first.locator("a")).to_have_text(["16B1", "73C"])
    letters = page.locator("nav.letters a")
    for letter in letters.all()[:6]:
        box = letter.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44
    see = entry.locator(".see a")
    expect(see).to_have_text("See Pakka")
    see.click()
    expect(page).to_have_url(re.compile(r"#e-pakka$"))
    target = page.locator("li#e-pakka")
    expect(target).to_be_in_viewport()
    bar = page.locator("nav.letters").bounding_box()
    assert bar and bar["y"] == 0  # the A-Z bar stays at the top
    assert target.bounding_box()["y"] >= bar["y"] + bar["height"]  # not under it
    shot(page, "director-index-see", size)
    page.locator("#index-q").fill("alert")
    expect(page.locator("li#e-alert")).to_be_visible()
    expect(page.locator("li#e-pakka")).to_be_hidden()
    expect(page.locator(".index-count")).to_have_text(re.compile(r"^\d+ / \d+$"))
    expect(page.locator('nav.letters a[href="#letter-P"]')).to_be_hidden()
    fits(page)
    shot(page, "director-index-filter", size)
    # A book with no index of its own: the Estonian entries, by their English terms.
    page.goto(f"{base_url}/tr/index")
    page.locator("#index-q").fill("opening lead out of turn")
    found = page.locator("ul.subject-index li:visible", has_text="Opening lead, out of turn")
    expect(found.locator('a[href="/tr/law/54"]')).to_have_text("54")


def save(page: Page, base: str, lang: str) -> None:
    """Save a book from its home page, as a reader does."""
    page.goto(f"{base}/?lang={lang}")
    page.evaluate("navigator.serviceWorker.ready")
    page.locator("button.save-book").first.click()
    expect(page.locator(".save-status")).to_have_text("✓", timeout=120_000)


@pytest.mark.sweep  # two books saved, then read offline
def test_a_director_reads_two_saved_books_offline(browser: Browser, app: Flask) -> None:
    """Two books saved; offline on a phone, a law of either side by side, interleaved by unit,
    the book switched without losing the unit, a topic found in the index."""
    base, close = served(app)
    context = context_of(browser, "phone")
    page = context.new_page()
    save(page, base, "fi")
    save(page, base, "tr")
    saved = page.locator("details.saved-books")
    expect(saved).to_contain_text("Finnish 2017")
    expect(saved).to_contain_text("Turkish 2017")
    expect(saved).to_contain_text("Comparisons and table mode (Finnish 2017, Turkish 2017)")
    expect(saved.locator("summary")).to_contain_text(re.compile(r"\d MB$"))
    shot(page, "offline-director-1-saved", "phone")
    close()  # the network is cut
    context.set_offline(True)
    # A law of either book, the unit kept from one to the other.
    page.goto(f"{base}/fi/law/16#16B1")
    expect(page.locator('[id="16B1"]')).to_be_in_viewport()
    page.locator('nav.other-docs a[hreflang="tr"]').click()
    expect(page).to_have_url(f"{base}/tr/law/16#16B1")
    expect(page.locator("article.law")).to_have_attribute("lang", "tr")
    expect(page.locator('[id="16B1"]')).to_be_in_viewport()
    shot(page, "offline-director-2-switched", "phone")
    # Side by side, unit by unit: table mode from the law page, then the books swapped.
    page.locator("details.book-menu > summary").click()
    page.locator("nav.crumbs a", has_text="Table mode").click()
    expect(page).to_have_url(f"{base}/table/16?langs=tr#16B1")
    assert in_reading_order(page, ["16B1", "16B1a"]) == [
        ("16B1", "tr"),
        ("16B1", "fi"),
        ("16B1a", "tr"),
        ("16B1a", "fi"),
    ]
    expect(page.locator('[id="16B1"]')).to_be_in_viewport()
    expect(page.locator('[id="16B1"] [data-doc="fi"] .printed-under')).to_be_visible()
    shot(page, "offline-director-3-table", "phone")
    page.locator("select[name=langs]").nth(0).select_option("fi")
    page.locator("select[name=langs]").nth(1).select_option("tr")
    page.get_by_role("button", name="Show").click()
    expect(page).to_have_url(f"{base}/table/16?langs=fi&langs=tr#16B1")
    assert in_reading_order(page, ["16B1"]) == [("16B1", "fi"), ("16B1", "tr")]
    # A unit's own table mode (its tools' link): that unit and the units under it.
    page.goto(f"{base}/table/16?langs=tr&unit=16.B.1")
    expect(page.locator(".tm-row:visible")).to_have_count(3)  # 16B1, 16B1a, 16B1b
    # The comparison the law page links to (every book): the saved ones; one not saved, named.
    page.goto(f"{base}/compare/16")
    expect(page.locator('[id="16B1"] td:visible')).to_have_count(2)
    page.goto(f"{base}/compare/40?langs=fi,tr,sk")
    expect(page.locator(".not-held")).to_have_text("Not saved for offline use: Slovak")
    expect(page.locator('[id="40B2"] td:visible')).to_have_count(2)
    shot(page, "offline-director-4-compare", "phone")
    # A topic found in the index, then its unit.
    page.goto(f"{base}/fi/index")
    page.locator("#index-q").fill("alert")
    page.locator("li#e-alert > ul > li").first.locator("a").first.click()
    expect(page).to_have_url(f"{base}/fi/law/16#16B1")
    expect(page.locator('[id="16B1"]')).to_be_in_viewport()
    # The interface language is no part of a kept page's address; citations open kept laws.
    page.goto(f"{base}/fi/law/40?ui=tr")
    expect(page.locator("article.law h1")).to_contain_text("40 §")
    page.goto(f"{base}/cite?lang=tr&id=12.C.1.b")
    expect(page).to_have_url(f"{base}/tr/law/12#12C1b")
    page.goto(f"{base}/sk/law/16")  # never saved: says so
    expect(page.locator("h1")).to_have_text("Offline")
    context.close()


def test_the_first_page_is_kept_and_a_newer_one_offered(browser: Browser, app: Flask) -> None:
    """The page that installed the offline web app opens offline; a kept page shows at once
    and, when the network brings a newer build of it, says so quietly and shows it on a tap."""
    base, close = served(app)
    context = context_of(browser, "phone")
    page = context.new_page()
    page.goto(f"{base}/fi/law/12")  # the first page of a first visit
    page.evaluate("navigator.serviceWorker.ready")
    wait_until_kept(page, "/fi/law/12")
    context.set_offline(True)
    page.reload()
    title = page.locator("article.law h1 .t")
    expect(title).to_have_text("KILPAILUNJOHTAJAN HARKINTAVALTA")
    context.set_offline(False)

    def rebuilt(route: Route) -> None:  # the server's next build, with a new title
        answer = route.fetch()
        body = answer.text().replace('data-build="', 'data-build="next-')
        route.fulfill(response=answer, body=body.replace("HARKINTAVALTA", "HARKINTA"))

    context.route("**/fi/law/12", rebuilt)
    page.goto(f"{base}/fi/law/12")
    expect(title).to_have_text("KILPAILUNJOHTAJAN HARKINTAVALTA")  # the kept page, at once
    note = page.locator(".update-note")
    expect(note).to_be_visible(timeout=20_000)  # the worker's fetch in the background
    expect(note).to_contain_text("A newer version of this page is ready.")
    shot(page, "offline-newer-build", "phone")
    note.locator("a").click()
    expect(title).to_have_text("KILPAILUNJOHTAJAN HARKINTA")
    expect(note).to_be_hidden()
    # (a request the service worker still makes under the route is let go, not failed)
    context.unroute_all(behavior="ignoreErrors")
    close()
    context.close()


def test_saved_books_are_listed_and_removed(browser: Browser, app: Flask) -> None:
    base, close = served(app)
    context = context_of(browser, "phone")
    page = context.new_page()
    save(page, base, "sv")  # the card: a small book
    saved = page.locator("details.saved-books")
    expect(saved.locator(".saved-list li")).to_have_count(1)
    expect(saved.locator(".saved-list li")).to_contain_text(
        re.compile(r"^Swedish 2007 · [\d.]+ MB · ")
    )
    close()
    context.set_offline(True)
    page.goto(f"{base}/sv/part/topic.50")
    expect(page.locator("article.part h1")).to_have_text("BEHANDLING AV STRAFFKORT")
    page.goto(f"{base}/?lang=sv")
    saved.locator("summary").click()
    page.get_by_role("button", name="Remove Swedish 2007").click()
    expect(saved).to_be_hidden()
    page.goto(f"{base}/sv/part/topic.50")
    expect(page.locator("h1")).to_have_text("Offline")
    context.close()
