"""End-to-end in real headless Chromium (Debian's, driven by Playwright): search, open a law,
follow a cross-reference, compare, copy a citation, switch the UI language. Screenshots of the
law and compare pages at phone and desktop sizes go to tests/artifacts/."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.conftest import ARTIFACTS, DESKTOP, PHONE

pytestmark = pytest.mark.slow  # Chromium journeys


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=DESKTOP)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    yield page
    context.close()


def test_search_read_follow_compare_cite_switch(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/?lang=fi")
    page.fill("#q", "rangaistuskortti")
    page.press("#q", "Enter")
    expect(page.locator("section.group").first).to_be_visible()
    page.locator("section.group h2 a").first.click()
    expect(page.locator("article.law h1")).to_contain_text("§")  # the Finnish book's own heading

    page.goto(f"{base_url}/fi/law/12")
    expect(page.locator("h1")).to_contain_text("KILPAILUNJOHTAJAN HARKINTAVALTA")
    page.locator('a.xref[data-target="92.B"]').first.click()
    expect(page).to_have_url(f"{base_url}/fi/law/92#92B")
    expect(page.locator('[id="92B"] h2')).to_contain_text("Muutoksenhaun määräaika")

    page.locator("details.book-menu > summary").click()  # the book's pages: one control
    page.locator("nav.crumbs a", has_text="Compare translations").click()
    expect(page).to_have_url(f"{base_url}/compare/92#92B")  # the unit read, carried
    expect(page.locator("table.compare")).to_contain_text("Muutoksenhaun määräaika")

    page.goto(f"{base_url}/tr/law/12#12C1a")
    unit = page.locator('[id="12C1a"]')
    unit.locator("details.tools > summary").first.click()
    unit.locator("button.copy").first.click()
    expect(unit.locator("button.copy").first).to_have_text("✓")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith("Law 12C1(a) – Laws of Duplicate Bridge 2017, Turkish translation")
    assert f"{base_url}/tr/law/12#12C1a" in copied

    page.locator("details.ui-menu > summary").click()  # the interface language: its own menu
    page.locator('nav.ui-langs a[hreflang="fi"]').click()
    expect(page.locator("html")).to_have_attribute("lang", "fi")
    page.goto(f"{base_url}/")
    expect(page.locator("html")).to_have_attribute("lang", "fi")  # remembered by a cookie


def test_reference_shows_where_it_points_on_focus(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/fi/law/12")
    page.locator('a.xref[data-target="92.B"]').first.focus()
    expect(page.locator(".xref-tip")).to_contain_text("Muutoksenhaun määräaika")


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("path", ["/fi/law/12", "/compare/16?langs=fi,tr,sk,et,sv"])
def test_screenshots(browser: Browser, base_url: str, size: str, path: str) -> None:
    context = browser.new_context(viewport=PHONE if size == "phone" else DESKTOP)
    page = context.new_page()
    page.goto(base_url + path)
    ARTIFACTS.mkdir(exist_ok=True)
    name = path.strip("/").split("?")[0].replace("/", "-")
    shot = ARTIFACTS / f"{name}-{size}.png"
    page.screenshot(path=str(shot), full_page=False)
    assert shot.stat().st_size > 10_000
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"] + 1 or "compare" in path
    context.close()
