"""Nothing a user types breaks the site: fuzzed queries, citations, URL parameters and path
segments (random Unicode, Whoosh syntax, control characters, invalid UTF-8, 5,000-character
queries, markup) always get a proper status, a clear message when refused, and markup that
only the site wrote.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser
from urllib.parse import quote, quote_from_bytes

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.test import TestResponse

from kb.crosslang.library import get_library
from kb.layers import cite
from kb.search.searcher import get_searcher
from kb.web.security import HEADERS

pytestmark = [pytest.mark.slow, pytest.mark.sweep]  # hypothesis over every route and parameter

WHOOSH = ["AND OR (", "*", "~", "field:", "text_fi:revokki", '"unbalanced', "NOT", "a AND (b"]
WHOOSH += ["revokki~2", "rev*", "[a TO z]", "title:^2", "{}", "\\", "'", "%", "%%", "?", ")"]
CITATIONS = ["Law 12C1(b)", "L12C1(b)", "12C1b", "laki 12", "Yasa 16B", "pravidlo 40B2(b)"]
CITATIONS += ["Reegel 27B1b", "lag 16D", "§ 12C2", "99Z9(z)(xiv)", "0", "-1", "1e9", "12.C.1"]
CITATIONS += ["9" * 30, "def.alert", "topic.63", "table.29", "front", "index"]
MARKUP = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "javascript:alert(1)"]
MARKUP += ["'><svg onload=alert(1)>", "</title><script>alert(1)</script>", "{{7*7}}", "<!--"]
MARKUP += ["&lt;b&gt;", "&#60;script&#62;", "\u202eevil", "fi\x00", "../../etc/passwd"]
KNOWN = ["fi", "tr", "sk", "et", "sv", "en", "12", "63", "fi,tr,sv", "terms", "missing"]

words = st.sampled_from(WHOOSH + CITATIONS + MARKUP + KNOWN)
values = st.one_of(
    st.text(max_size=60),  # any Unicode
    words,
    st.lists(words | st.text(max_size=8), min_size=2, max_size=6).map(" ".join),
    st.text(
        st.characters(max_codepoint=0x1F) | st.sampled_from("\x7f\x85\u2028\ufeff"), max_size=12
    ),
    st.builds(lambda s, n: (s * n)[:5000], st.text(min_size=1, max_size=4), st.integers(1, 5000)),
)
# A value as it travels in a URL: percent-encoded text, or bytes that are no UTF-8 at all.
encoded = values.map(lambda v: quote(v, safe="")) | st.binary(max_size=24).map(
    lambda b: quote_from_bytes(b, safe="")
)

PAGES = ["/search?q=", "/search?q=revoke&lang=", "/cite?q=", "/cite?q=12C1&lang=", "/?lang="]
PAGES += ["/?ui=", "/compare/12?langs=", "/alignment?langs=", "/alignment?check=", "/fi/law/"]
PAGES += ["/", "/compare/", "/alignment/", "/fi/part/", "/sv/law/", "/fi/law/12?ui="]
API = ["/api/v1/search?q=", "/api/v1/search?q=revoke&lang=", "/api/v1/search?q=x&limit="]
API += ["/api/v1/cite?lang=fi&q=", "/api/v1/cite?q=12C1&lang=", "/api/v1/laws?lang="]
API += ["/api/v1/laws/fi/", "/api/v1/units/tr/", "/api/v1/units/", "/api/v1/laws/"]
EXAMPLES = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="module")
def client(app: Flask) -> FlaskClient:
    """One client for every example (hypothesis runs a test's examples in one call)."""
    return app.test_client()


class Markup(HTMLParser):
    """The elements of a page that could run script: what no page of the site has."""

    def __init__(self) -> None:
        super().__init__()
        self.unsafe: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("iframe", "object", "embed", "svg", "math", "img", "style", "base", "frame"):
            self.unsafe.append(tag)
        if tag == "script" and not dict(attrs).get("src", "").startswith("/static/"):
            self.unsafe.append("inline script")
        for name, value in attrs:
            target = "".join((value or "").split()).lower()
            scheme = target.startswith(("javascript:", "data:", "vbscript:"))
            if name.startswith("on") or (
                name in ("href", "src", "action", "formaction") and scheme
            ):
                self.unsafe.append(f"{tag} {name}={value}")


def unsafe_markup(page: str) -> list[str]:
    """What in a page could run script (nothing, when every reflection is escaped)."""
    parser = Markup()
    parser.feed(page)
    parser.close()
    return parser.unsafe


def check(response: TestResponse, url: str) -> None:
    """A proper answer: no server error; a refusal says why; HTML carries only the site's
    own markup; JSON is JSON; the security headers are set."""
    assert response.status_code in (200, 302, 308, 400, 404, 414), (url, response.status_code)
    for name in HEADERS:
        assert name in response.headers, (url, name)
    body = response.get_data(as_text=True)
    if response.status_code in (302, 308):
        assert response.location.startswith(("/", "http://localhost/")), response.location
    elif response.mimetype == "application/json":
        data = json.loads(body)
        if response.status_code >= 400:
            assert data["status"] == response.status_code and data["error"], (url, data)
    else:
        assert response.mimetype == "text/html", url
        assert unsafe_markup(body) == [], url
        if response.status_code >= 400:
            assert '<p class="error"' in body, url


@EXAMPLES
@given(st.sampled_from(PAGES), encoded)
def test_pages_answer_any_parameter(client: FlaskClient, page: str, value: str) -> None:
    url = page + value
    check(client.get(url), url)


@EXAMPLES
@given(st.sampled_from(API), encoded)
def test_the_api_answers_any_parameter_in_json(client: FlaskClient, api: str, value: str) -> None:
    url = api + value
    response = client.get(url)
    check(response, url)
    assert response.mimetype == "application/json" or response.status_code == 308


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(["q", "lang", "langs", "ui", "limit", "check", "law"])), encoded)
def test_any_mix_of_parameters(client: FlaskClient, names: list[str], value: str) -> None:
    query = "&".join(f"{name}={value}" for name in names)
    for path in ("/search", "/api/v1/search", "/compare/27", "/alignment/27"):
        check(client.get(f"{path}?{query}"), f"{path}?{query}")


@settings(max_examples=200, deadline=None)
@given(values, st.sampled_from([None, "fi", "tr", "sk", "et", "sv", "xx", ""]), values)
def test_the_searcher_never_raises(query: str, lang: str | None, law: str) -> None:
    result = get_searcher().search(query, lang=lang, law=law, limit=5)
    assert len(result["hits"]) <= 5
    for hit in result["hits"]:  # escaped text, marked
        assert "<" not in hit["snippet"].replace("<mark>", "").replace("</mark>", "")


@settings(max_examples=200, deadline=None)
@given(values, st.sampled_from(["fi", "tr", "sk", "et"]))
def test_citation_parsing_never_raises(query: str, lang: str) -> None:
    uid = cite.parse_citation(query)
    book = get_library().book(lang)
    found = cite.resolve_citation(query, book.units, lang, book.edition)
    assert found.unit is not None or found.error
    if uid is not None:
        assert uid.split(".")[0].isdigit() and cite.render(uid, lang)
