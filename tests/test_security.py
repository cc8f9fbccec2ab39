"""Security of a public read-only site (OWASP ASVS level 1): every reflected parameter is
escaped, no path leaves the site's files, the security headers are on every response, and
production shows no debugger and no stack trace, through the test client and over the wire
from `lawkb serve`.
"""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from urllib.parse import quote, urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient

from kb.web import api, create_app, pages
from kb.web.security import HEADERS
from tests.helpers.servers import free_port, serving
from tests.test_fuzz import unsafe_markup

PROBE = "\"'><xss-probe onmouseover=alert(1)>&"
# Every place a request's value can come back in a page: query parameters (their names
# too), path segments, the API's error messages.
REFLECTING = [
    "/search?q={p}", "/search?q=revoke&lang={p}", "/cite?q={p}", "/cite?q=12C1&lang={p}",
    "/?lang={p}", "/?ui={p}", "/fi/law/12?ui={p}", "/fi/law/12?{p}=1", "/fi/law/12?x={p}",
    "/compare/12?langs={p}", "/compare/{p}", "/fi/law/{p}", "/{p}/law/12", "/fi/part/{p}",
    "/{p}/definitions", "/sv/law/{p}", "/alignment?langs={p}", "/alignment?check={p}",
    "/alignment/{p}", "/alignment/12?langs={p}&check={p}",
    "/api/v1/search?q={p}", "/api/v1/search?q=x&lang={p}", "/api/v1/search?q=x&limit={p}",
    "/api/v1/cite?lang=fi&q={p}", "/api/v1/cite?q=12&lang={p}", "/api/v1/laws?lang={p}",
    "/api/v1/laws/fi/{p}", "/api/v1/laws/{p}/12", "/api/v1/units/fi/{p}",
    "/api/v1/units/{p}/12",
]  # fmt: skip
# Paths that try to leave the static folder or reach the data directory, and what the file
# they aim at would show.
TRAVERSAL = [
    "/static/../pyproject.toml", "/static/..%2f..%2fpyproject.toml", "/static/..%5cpyproject.toml",
    "/static/%2e%2e/%2e%2e/pyproject.toml", "/static/....//....//pyproject.toml",
    "/static/..%252f..%252fpyproject.toml", "/static//etc/passwd", "/static/%2fetc%2fpasswd",
    "/static/site.css%00.py", "/fi/part/..%2f..%2fvar%2fkb%2fmanifest.json",
    "/api/v1/units/fi/../../var/kb/manifest.json", "/api/v1/units/fi/..%2f..%2fkb%2fmanifest",
    "/api/v1/laws/..%2fkb%2fmanifest/1", "/..%2fvar%2fkb%2fmanifest/definitions",
    "/?lang=../var/kb/manifest", "/api/v1/laws?lang=../../../etc/passwd",
]  # fmt: skip
LEAKS = ("[build-system]", '"built":', "root:x:0:0", "def build(")


@pytest.fixture(scope="module")
def server(app: Flask) -> Iterator[int]:
    """`lawkb serve` (waitress, as in production) on a free port of 127.0.0.1."""
    port = free_port()
    with serving(port):
        yield port


def get_raw(port: int, path: str, method: str = "GET", **headers: str) -> http.client.HTTPResponse:
    """A request with its path sent exactly as written (no client-side normalising)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request(method, path, headers=headers)
    return connection.getresponse()


@pytest.mark.parametrize("url", REFLECTING)
def test_every_reflected_parameter_is_escaped(client: FlaskClient, url: str) -> None:
    response = client.get(url.format(p=quote(PROBE, safe="")))
    body = response.get_data(as_text=True)
    assert response.status_code < 500
    assert "<xss-probe" not in body and "onmouseover=alert(1)>" not in body
    if response.mimetype == "text/html":
        assert unsafe_markup(body) == []
    else:
        json.loads(body)


def test_reflections_are_there_escaped(client: FlaskClient) -> None:
    """The probes above do come back (escaped), so their absence raw means something."""
    p = quote(PROBE, safe="")
    assert "&#34;&#39;&gt;&lt;xss-probe onmouseover=alert(1)&gt;&amp;" in client.get(
        f"/search?q={p}"
    ).get_data(as_text=True)
    assert "&lt;xss-probe" in client.get(f"/cite?q=12{p}").get_data(as_text=True)
    unit = client.get(f"/api/v1/units/fi/{p}")
    assert "\\u003cxss-probe" in unit.get_data(as_text=True)
    assert "<xss-probe" in unit.get_json()["error"]  # the same string to a JSON reader


def test_cookie_and_accept_language_are_not_reflected(client: FlaskClient) -> None:
    headers = {"Cookie": f"ui={quote(PROBE)}", "Accept-Language": PROBE}
    body = client.get("/fi/law/12", headers=headers).get_data(as_text=True)
    assert "xss-probe" not in body and '<html lang="en">' in body


@pytest.mark.parametrize("path", TRAVERSAL)
def test_no_path_leaves_the_site(client: FlaskClient, path: str) -> None:
    response = client.get(path, follow_redirects=True)  # `//` is merged by a redirect
    assert response.status_code in (200, 400, 404), (path, response.status_code)
    body = response.get_data(as_text=True)
    assert not any(leak in body for leak in LEAKS), path
    if path.startswith("/static/"):
        assert response.status_code == 404


@pytest.mark.parametrize("path", [p for p in TRAVERSAL if p.startswith("/static/")])
def test_no_path_leaves_the_site_over_the_wire(server: int, path: str) -> None:
    response = get_raw(server, path)
    if response.status == 308:  # `//` merged into `/`, on this site
        location = urlsplit(response.getheader("Location"))
        assert location.netloc == "" and location.path.startswith("/static/")  # no Host echoed
        response = get_raw(server, location.path)
    body = response.read().decode("utf-8", "replace")
    assert response.status in (400, 404), (path, response.status)
    assert not any(leak in body for leak in LEAKS), path


@pytest.mark.parametrize(
    ("url", "status"),
    [
        ("/fi/law/12", 200),
        ("/xx/law/12", 404),
        ("/api/v1/search?q=a&limit=x", 400),
        ("/api/v1/units/fi/12.C.1", 200),
        ("/api/v1/nothing", 404),
        ("/static/site.css", 200),
        ("/search?q=12C1", 302),
    ],
)
def test_security_headers_on_every_kind_of_response(
    client: FlaskClient, url: str, status: int
) -> None:
    response = client.get(url)
    assert response.status_code == status
    assert_headers(dict(response.headers))


def assert_headers(headers: dict[str, str]) -> None:
    """The security headers, and a policy that allows no inline script or framing."""
    for name, value in HEADERS.items():
        assert headers.get(name) == value, name
    policy = headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "same-origin"


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "TRACE"])
def test_a_read_only_site_refuses_writes(server: int, method: str) -> None:
    response = get_raw(server, "/fi/law/12", method)
    response.read()
    assert response.status == 405
    assert_headers(dict(response.getheaders()))


def test_production_server_has_no_debugger(server: int) -> None:
    """`lawkb serve` runs waitress, not Flask's debug server: no Werkzeug banner, no
    debugger on an error page, the security headers over the wire."""
    response = get_raw(server, "/xx/law/12")
    body = response.read().decode()
    assert response.status == 404
    assert response.getheader("Server") == "lawkb"
    assert "Werkzeug" not in body and "Traceback" not in body and "__debugger__" not in body
    assert_headers(dict(response.getheaders()))
    console = get_raw(server, "/console")
    assert console.status == 404 and "Werkzeug" not in console.read().decode()


def test_an_unexpected_error_shows_no_stack_trace(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bug behind a page or the API answers 500 with a generic message: no traceback,
    no exception text, no file path (the log has them)."""
    assert not app.debug and not app.config["PROPAGATE_EXCEPTIONS"]

    def bug(*args, **kwargs):
        raise RuntimeError("secret detail in /work/main/kb/layers/cite.py")

    monkeypatch.setattr(pages.citations.cite, "resolve_citation", bug)
    monkeypatch.setattr(api.cite, "resolve_citation", bug)
    for url in ("/cite?q=12C1&lang=fi", "/api/v1/cite?q=12C1&lang=fi"):
        response = client.get(url)
        body = response.get_data(as_text=True)
        assert response.status_code == 500, url
        assert "Traceback" not in body and "secret detail" not in body and "/work/" not in body
        assert_headers(dict(response.headers))
    assert client.get("/api/v1/cite?q=12C1&lang=fi").get_json()["status"] == 500


def test_no_page_carries_the_host_it_was_asked_for(client: FlaskClient) -> None:
    """Law pages are kept rendered and shared by every visitor: a forged Host header never
    gets into one (the copy-citation text carries the unit's path, made absolute by the
    reader's browser, or the configured public address)."""
    for path in ("/tr/law/7", "/cite?lang=tr&id=7"):
        forged = client.get(path, headers={"Host": "evil.example"}).get_data(as_text=True)
        page = client.get(path).get_data(as_text=True)
        assert "evil.example" not in forged and "localhost" not in page
    assert " /tr/law/7</textarea>" in page


def test_copied_citations_carry_the_configured_public_address(app: Flask) -> None:
    public = create_app(app.config["LAWKB_DATA"], LAWKB_PUBLIC_URL="https://laws.example.org/")
    page = public.test_client().get("/cite?lang=fi&id=12.C.1.b", headers={"Host": "evil.example"})
    text = page.get_data(as_text=True)
    assert " https://laws.example.org/fi/law/12#12C1b</textarea>" in text
    assert "evil.example" not in text
