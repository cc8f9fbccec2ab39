"""What the reader's browser tests share: the two sizes, axe's rules, a browser context, a
screenshot, the wait for a page kept offline, and the checks a page passes at every size."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page

from tests.conftest import DESKTOP, PHONE

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
SIZES = {"phone": PHONE, "desktop": DESKTOP}
AXE = {
    "runOnly": {
        "type": "tag",
        "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
    },
    "rules": {"target-size": {"enabled": True}},
    "resultTypes": ["violations"],
}


def context_of(browser: Browser, size: str, **options) -> BrowserContext:
    """A context of a size (a phone: a touch screen), allowed to use the clipboard."""
    phone = {"is_mobile": True, "has_touch": True} if size == "phone" else {}
    context = browser.new_context(viewport=SIZES[size], **phone, **options)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    return context


def wait_until_kept(page: Page, path: str, timeout_ms: int = 20_000) -> None:
    """Wait until the offline web app has kept the page at `path` (its cache holds it).
    (`wait_for_function` takes a promise for a truthy answer: the wait happens in the page.)"""
    page.evaluate(
        """async ([path, timeout]) => {
            const end = Date.now() + timeout;
            while (!(await caches.match(path))) {
                if (Date.now() > end) throw new Error(`${path} not kept in ${timeout} ms`);
                await new Promise((resolve) => setTimeout(resolve, 100));
            }
        }""",
        [path, timeout_ms],
    )


def shot(page: Page, name: str, size: str) -> None:
    """A screenshot of what the reader sees, kept in tests/artifacts/."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}-{size}.png"
    page.screenshot(path=str(path))
    assert path.stat().st_size > 5_000


def fits(page: Page) -> None:
    """Nothing runs off the side of the screen."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], page.url


# Lines of text a unit's "⋯" control covers on a law page (each as `unit id: tag`).
COVERED = """() => {
  const hit = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const found = [];
  for (const control of document.querySelectorAll("details.tools > summary")) {
    const box = control.getBoundingClientRect();
    const unit = control.closest(".unit");
    for (const el of unit.querySelectorAll(":scope > h1, :scope > h2, :scope > p")) {
      const text = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      while (text.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(text.currentNode);
        if ([...range.getClientRects()].some((r) => r.width && hit(box, r))) {
          found.push(`${unit.id}: ${el.tagName}`);
          break;
        }
      }
    }
  }
  return found;
}"""
