"""Fast over a bad connection, and the reader's pages as HTML (no script needed): compressed
answers, 304s for what the reader has, static files under content-hashed names for a year,
the offline web app's files; search scope, citation labels and paging; the cite page, table
mode and the card's topics with the laws they cite."""

from __future__ import annotations

import gzip
import hashlib
import os
import re
import shutil
from pathlib import Path
from unittest import mock

import brotli
import flask_compress.flask_compress as flask_compress
from flask.testing import FlaskClient

from kb import store
from kb.search import searcher as search
from kb.web import cache, create_app
from kb.web.cache import encode


def test_law_12_in_finnish_is_under_15_kb_on_the_wire(client: FlaskClient) -> None:
    raw = client.get("/fi/law/12").data
    for encoding, decode in (("gzip", gzip.decompress), ("br", brotli.decompress)):
        answer = client.get("/fi/law/12", headers={"Accept-Encoding": encoding})
        assert answer.headers["Content-Encoding"] == encoding
        assert len(answer.data) < 15_000 < len(raw)
        assert decode(answer.data) == raw
    css = client.get("/static/site.css", headers={"Accept-Encoding": "gzip"})
    assert css.headers["Content-Encoding"] == "gzip"


def test_unchanged_pages_and_api_answers_are_304(client: FlaskClient) -> None:
    for url in ("/fi/law/12", "/compare/12", "/api/v1/units/fi/12.C.1.b", "/?lang=tr"):
        for encoding in ("identity", "br"):
            first = client.get(url, headers={"Accept-Encoding": encoding})
            assert first.status_code == 200 and first.headers["ETag"], url
            assert first.headers["Last-Modified"] and "no-cache" in first.headers["Cache-Control"]
            again = client.get(
                url,
                headers={"Accept-Encoding": encoding, "If-None-Match": first.headers["ETag"]},
            )
            assert again.status_code == 304 and again.data == b"", url
    other = client.get("/fi/law/12", headers={"If-None-Match": '"stale"'})
    assert other.status_code == 200


def test_a_kept_page_is_sent_as_kept_with_no_compression_per_request(
    client: FlaskClient,
) -> None:
    """A page kept in memory (asked for with parameters) is compressed once per content
    coding (gzip when kept, brotli the first time a reader asks for it), then sent as it is:
    no compression on a repeated request, the ETag the page's own with the coding after it,
    as for a page compressed on the fly."""
    url = "/compare/13?langs=fi,sk&ui=sk"  # a page no other test reads
    made = []

    def counted(page: bytes, coding: str) -> bytes:
        made.append(coding)
        return encode(page, coding)

    with (
        mock.patch.object(cache, "encode", side_effect=counted),
        mock.patch.object(flask_compress, "_compress_data", side_effect=AssertionError),
    ):
        raw = client.get(url, headers={"Accept-Encoding": "identity"})
        assert made == ["gzip"]
        etag = hashlib.sha1(raw.data).hexdigest()
        assert raw.headers["ETag"] == f'"{etag}"' and "Content-Encoding" not in raw.headers
        for _ in range(3):
            for coding, decode in (("br", brotli.decompress), ("gzip", gzip.decompress)):
                answer = client.get(url, headers={"Accept-Encoding": f"{coding}, identity"})
                assert answer.headers["Content-Encoding"] == coding
                assert answer.headers["ETag"] == f'"{etag}:{coding}"'
                assert decode(answer.data) == raw.data
                assert "Accept-Encoding" in answer.headers["Vary"]
        assert made == ["gzip", "br"]  # once each, however often it is asked for
        again = client.get(url, headers={"Accept-Encoding": "br", "If-None-Match": f'"{etag}:br"'})
        assert again.status_code == 304
    # A page not kept (an API answer) is compressed on the fly, with the same kind of ETag.
    api = client.get("/api/v1/units/fi/13.A", headers={"Accept-Encoding": "br"})
    plain = client.get("/api/v1/units/fi/13.A")
    assert api.headers["ETag"] == f'"{hashlib.sha1(plain.data).hexdigest()}:br"'


def test_a_page_a_browser_reads_first_is_kept_in_brotli_alone(client: FlaskClient) -> None:
    """A page kept in memory first asked for by a browser (brotli) is compressed once, in
    brotli, and kept so (no gzip body beside it, made and inflated for nothing); a reader
    asking for none gets it inflated from that, one asking for gzip gets gzip made once, all
    with the same ETag."""
    url = "/compare/14?langs=fi,et&ui=et"  # a page no other test reads
    made = []

    def counted(page: bytes, coding: str) -> bytes:
        made.append(coding)
        return encode(page, coding)

    with mock.patch.object(cache, "encode", side_effect=counted):
        first = client.get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
        assert first.headers["Content-Encoding"] == "br" and made == ["br"]
        raw = client.get(url, headers={"Accept-Encoding": "identity"})
        assert made == ["br"] and brotli.decompress(first.data) == raw.data
        etag = hashlib.sha1(raw.data).hexdigest()
        assert first.headers["ETag"] == f'"{etag}:br"' and raw.headers["ETag"] == f'"{etag}"'
        for _ in range(2):
            zipped = client.get(url, headers={"Accept-Encoding": "gzip"})
            assert zipped.headers["ETag"] == f'"{etag}:gzip"'
            assert gzip.decompress(zipped.data) == raw.data
        assert made == ["br", "gzip"]


def test_the_searcher_is_looked_up_again_only_when_the_index_link_changes(
    tmp_path: Path,
) -> None:
    """A search reads the index link (one readlink) and asks the index for its searcher only
    when the link names another index."""
    data = tmp_path / "data"
    shutil.copytree(os.environ["LAWKB_DATA"], data, symlinks=True, ignore=lambda *_: ["build.lock"])
    client = create_app(data).test_client()
    with mock.patch.object(search, "get_searcher", wraps=search.get_searcher) as looked_up:
        for query in ("revokki", "pelaaja", "kilpailunjohtaja"):
            assert client.get(f"/search?q={query}&lang=fi").status_code == 200
        assert client.get("/api/v1/search?q=revokki").status_code == 200
        assert looked_up.call_count == 1
        link = store.current(data) / "index"
        target = os.readlink(link)
        link.unlink()
        link.symlink_to((link.parent / target).resolve())  # the same index, named otherwise
        assert client.get("/search?q=revokki&lang=fi").status_code == 200
        assert looked_up.call_count == 2


def test_static_files_have_hashed_names_cached_for_a_year(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    css = re.search(r'href="(/static/site\.[0-9a-f]{10}\.css)"', page)[1]
    js = re.search(r'src="(/static/site\.[0-9a-f]{10}\.js)"', page)[1]
    for url in (css, js):
        answer = client.get(url)
        assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    plain = client.get("/static/site.css")  # the old address still answers, for an hour
    assert plain.status_code == 200 and plain.headers["Cache-Control"] == "public, max-age=3600"
    assert client.get("/static/site.0123456789.css").status_code == 404


def test_offline_web_app_files(client: FlaskClient) -> None:
    manifest = client.get("/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json"
    data = manifest.get_json(force=True)
    assert data["start_url"] == "/" and data["display"] == "standalone"
    assert re.fullmatch(r"/static/icon\.[0-9a-f]{10}\.svg", data["icons"][0]["src"])
    worker = client.get("/sw.js")
    assert worker.mimetype == "text/javascript" and "no-cache" in worker.headers["Cache-Control"]
    body = worker.get_data(as_text=True)
    assert re.search(r'"/static/site\.[0-9a-f]{10}\.css"', body) and '"/offline"' in body
    page = client.get("/?lang=fi").get_data(as_text=True)
    assert 'rel="manifest" href="/manifest.webmanifest"' in page
    assert '<div class="offline-save" hidden>' in page  # shown by the script that can save


def test_search_scope_follows_the_reader(client: FlaskClient) -> None:
    """The book the reader is in, else the one they last chose, else every book."""

    def selected(html: str) -> str:
        return re.search(r'<option value="(\w*)" selected>', html)[1]

    assert selected(client.get("/?ui=en").get_data(as_text=True)) == ""  # all books
    assert selected(client.get("/?ui=tr").get_data(as_text=True)) == ""  # none picked for one
    assert selected(client.get("/sk/law/12?ui=tr").get_data(as_text=True)) == "sk"
    # the book a reader chose is kept for their next search (a cookie, not the address)
    chosen = client.get("/search?q=revokki&lang=fi")
    assert "search_book=fi;" in chosen.headers["Set-Cookie"]
    assert selected(client.get("/search?q=revokki").get_data(as_text=True)) == "fi"
    client.get("/search?q=revokki&lang=")  # all books chosen again
    assert selected(client.get("/search?q=revokki").get_data(as_text=True)) == ""
    found = client.get("/search?q=s%C4%B1ras%C4%B1z+atak&ui=en").get_data(as_text=True)
    assert "Nothing found" not in found and '<section class="group" lang="tr">' in found
    assert found.count("<form") == 1 and "units found</p>" in found


def test_results_are_labelled_as_citations_and_paged(client: FlaskClient) -> None:
    page = client.get("/search?q=rangaistuskortti&lang=fi").get_data(as_text=True)
    assert re.search(r'<a href="/fi/law/\d+#[^"]+"><strong>Laki \d+[A-Z]', page)
    assert not re.search(r"<strong>\d+\.[A-Z]", page)  # no internal ids
    card = client.get("/search?q=straffkort&lang=sv").get_data(as_text=True)
    assert "<strong>BEHANDLING AV STRAFFKORT</strong>" in card and "topic.50" not in card.split(
        "<main"
    )[1].replace('href="/sv/part/topic.50"', "")
    first = client.get("/search?q=pelaaja&lang=fi").get_data(as_text=True)
    second = client.get("/search?q=pelaaja&lang=fi&page=2").get_data(as_text=True)
    assert 'rel="next" href="/search?q=pelaaja&amp;lang=fi&amp;page=2"' in first
    assert "2 / " in second and 'rel="prev"' in second
    ids = lambda html: set(re.findall(r'<li><a href="([^"]+)"', html))  # noqa: E731
    assert ids(first) and not ids(first) & ids(second)


def test_cite_page_shows_the_unit_with_a_language_choice(client: FlaskClient) -> None:
    page = client.get("/cite?lang=tr&id=12.C.1.b").get_data(as_text=True)
    assert "Yasa 12C1(b) · " in page and "(b) Hakem" in page
    assert 'href="/cite?lang=fi&amp;id=12.C.1.b" hreflang="fi"' in page
    assert 'href="/tr/law/12#12C1b"' in page
    older = client.get("/cite?lang=sk&id=12.C.1.b").get_data(as_text=True)  # the 2007 book
    assert 'href="/cite?lang=fi&amp;id=12.C" hreflang="fi"' in older
    missing = client.get("/cite?q=laki+12C9&lang=fi")
    assert missing.status_code == 404
    assert 'class="button quiet" href="/fi/law/12#12C"' in missing.get_data(as_text=True)
    # No book chosen and none of the reader's: the unit in every language, not a guess.
    assert client.get("/cite?q=12C1b").headers["Location"] == "/compare/12#12C1b"
    assert client.get("/cite?q=12C1b&ui=fi").headers["Location"] == "/fi/law/12#12C1b"


def test_table_mode_shows_one_unit_in_two_languages(client: FlaskClient) -> None:
    page = client.get("/table/12?langs=tr,fi&unit=12.C.1.b").get_data(as_text=True)
    sides = re.findall(r'<div class="tm-cell" lang="(\w+)"', page)
    assert sides == ["tr", "fi"]  # one row: the unit, in each language
    assert "Yasa 12C1(b)" in page and "Laki 12C1b §" in page and "12.C.2" not in page
    assert 'class="table-mode"' in page and '<form class="search"' not in page
    both = client.get("/table/12?langs=sk&langs=et").get_data(as_text=True)
    assert re.findall(r'<span id="tm-(\w+)"', both) == ["sk", "et"]


def test_law_page_tools_and_contents(client: FlaskClient) -> None:
    page = client.get("/fi/law/12").get_data(as_text=True)
    assert page.count('<details class="tools"') == page.count('<section class="unit')
    assert 'class="row-link" href="/compare/12#12C1b"' in page
    assert 'class="table-link" href="/table/12?langs=fi&amp;unit=12.C.1.b"' in page
    toc = re.search(r'<nav class="toc".*?</nav>', page, re.S)[0]
    assert toc.count("<li>") == 3 and 'href="#12C"' in toc
    bar = re.search(r'<div class="lawbar".*?</div>\s*</div>', page, re.S)[0]
    assert 'rel="prev" href="/fi/law/11"' in bar and 'rel="next" href="/fi/law/13"' in bar
    assert '<a class="skip" href="#main">' in page


def test_card_topics_open_with_the_laws_they_cite(client: FlaskClient) -> None:
    home = client.get("/?lang=sv").get_data(as_text=True)
    assert 'href="/sv/part/topic.50"' in home and "/compare/50?langs=sv" not in home
    topic = client.get("/sv/part/topic.50?ui=fi").get_data(as_text=True)
    assert "BEHANDLING AV STRAFFKORT" in topic
    beside = topic.split('<aside class="cited-beside"')[1]
    assert '<section class="cite-unit" lang="fi">' in beside and 'href="/fi/law/50"' in beside


def test_print_names_book_edition_address_and_date(client: FlaskClient) -> None:
    page = client.get("/tr/law/12").get_data(as_text=True)
    foot = re.search(r'<p class="print-only">(.*?)</p>', page, re.S)[1]
    assert "Uluslararası Briç Yasaları" in foot and "2017" in foot
    assert 'data-path="/tr/law/12">/tr/law/12</span>' in foot
    assert re.search(r'class="print-date">\d{4}-\d\d-\d\d<', foot)
