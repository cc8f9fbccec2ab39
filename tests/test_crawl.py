"""A crawler follows every internal link from / (every document language, every page type)
and finds none broken: each page answers 200 and each #anchor exists on its page."""

from __future__ import annotations

import re
from collections import deque
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest

from kb.pipeline import build
from kb.web import create_app

pytestmark = [pytest.mark.slow, pytest.mark.sweep]  # a crawl of every page

LINK = re.compile(r'href="([^"]+)"')
ID = re.compile(r'id="([^"]+)"')


def key(url: str) -> str:
    """One visit per page: the UI language and the compare page's language choice are
    variants of the same page (checked elsewhere), not new pages."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "ui"]
    if parts.path.startswith("/compare/"):
        query = []
    return parts.path + ("?" + urlencode(query) if query else "")


# Every page of the site (about 8,900 addresses, 8 minutes alone on two cores; over 10 beside
# the other sweeps): more than the 600 s a test is given.
@pytest.mark.timeout(1500)
def test_no_internal_link_is_broken() -> None:
    assert build().ok
    client = create_app().test_client()
    seen: dict[str, set[str]] = {}
    queue = deque(["/"])
    anchors: list[tuple[str, str, str]] = []
    while queue:
        url = queue.popleft()
        response = client.get(url.replace("&amp;", "&"))
        assert response.status_code == 200, (url, response.status_code)
        page = response.get_data(as_text=True)
        seen[key(url)] = set(ID.findall(page))
        for href in LINK.findall(page):
            href = href.replace("&amp;", "&")
            if href.startswith(("http", "mailto:", "//")) or href.startswith("/static/"):
                continue
            target, _, fragment = href.partition("#")
            if not target:  # an anchor on this very page (its query included)
                target = url
            elif target.startswith("?"):
                target = urlsplit(url).path + target
            if fragment:
                anchors.append((url, key(target), fragment))
            if key(target) not in seen and target not in queue:
                seen.setdefault(key(target), set())
                queue.append(target)
    assert len(seen) > 450
    broken = [(page, target, frag) for page, target, frag in anchors if frag not in seen[target]]
    assert broken == [], sorted({(b[1].split("/")[1], b[2][:8]) for b in broken})[:40]
