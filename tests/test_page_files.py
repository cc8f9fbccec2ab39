"""Pages kept as files in their build (`kb.web.page_files`): rendered by the first reader,
then sent from the files by the app, another worker or nginx; pages asked for with
parameters, errors and redirects are never files; a rebuild starts afresh."""

from __future__ import annotations

import gzip
import json
import re
import shutil
from pathlib import Path
from unittest import mock

import brotli
import pytest
from flask import Flask
from flask.testing import FlaskClient

from kb import store
from kb.cli import main
from kb.pipeline import build
from kb.web import create_app, page_files
from kb.web.pages import reading
from kb.web.prerender import render_pages


def files_of(app: Flask) -> Path:
    """The page files of the app's current build, with no public address."""
    return store.current(Path(app.config["LAWKB_DATA"])).resolve() / "pages"


def test_a_law_page_is_written_once_and_then_sent_from_its_files(app: Flask) -> None:
    client = app.test_client()
    url = "/tr/law/15?ui=sv"  # no other test reads Turkish law 15 in Swedish
    first = client.get(url, headers={"Accept-Encoding": "br"})
    assert first.status_code == 200 and first.headers["Content-Encoding"] == "br"
    page = brotli.decompress(first.data)
    kept = files_of(app) / "sv" / "tr" / "law" / "15" / "index.html"
    assert kept.with_suffix(".html.br").read_bytes() == first.data
    assert gzip.decompress(kept.with_suffix(".html.gz").read_bytes()) == page
    assert '<span class="num">Yasa 15</span> <span class="t caps">YANLIŞ BORD'.encode() in page
    assert not kept.exists()  # kept compressed only: nginx inflates for the rare reader
    # The next readers are sent the files; the view is not asked again.
    with mock.patch.object(reading, "render_template", side_effect=AssertionError):
        plain = client.get(url, headers={"Accept-Encoding": "identity"})
        zipped = client.get(url, headers={"Accept-Encoding": "gzip"})
        again = client.get(url, headers={"Accept-Encoding": "br"})
    assert plain.data == page and "Content-Encoding" not in plain.headers
    assert gzip.decompress(zipped.data) == page and zipped.headers["Content-Encoding"] == "gzip"
    assert again.headers["ETag"] == first.headers["ETag"] and again.headers["ETag"].endswith(':br"')
    assert "Accept-Encoding" in again.headers["Vary"]
    assert "no-cache" in again.headers["Cache-Control"]
    unchanged = client.get(
        url, headers={"Accept-Encoding": "br", "If-None-Match": first.headers["ETag"]}
    )
    assert unchanged.status_code == 304


def test_pages_with_parameters_errors_and_odd_paths_are_not_files(app: Flask) -> None:
    client = app.test_client()
    root = files_of(app) / "sk"
    assert client.get("/compare/19?langs=fi,sk&ui=sk").status_code == 200
    assert client.get("/fi/law/999?ui=sk").status_code == 404
    assert client.get("/fi/law/19/?ui=sk").status_code == 404
    assert client.get("/search?q=revoke&ui=sk").status_code == 200
    assert not (root / "compare" / "19").exists()
    assert not (root / "fi" / "law" / "999").exists()
    assert not (root / "search").exists()
    assert client.get("/compare/19?ui=sk").status_code == 200
    assert (root / "compare" / "19" / "index.html.gz").is_file()


def test_a_page_that_cannot_be_written_is_sent_all_the_same(app: Flask) -> None:
    client = app.test_client()
    for kept in (files_of(app) / "tr" / "et" / "law").glob("17/index.html*"):
        kept.unlink()  # (read by another test first)
    with mock.patch.object(page_files.store, "write_atomic", side_effect=OSError("disk full")):
        answer = client.get("/et/law/17?ui=tr")
    assert answer.status_code == 200 and "17" in answer.get_data(as_text=True)
    assert not list((files_of(app) / "tr" / "et" / "law").glob("17/index.html*"))


def test_the_first_page_keeps_the_language_it_was_read_in(app: Flask) -> None:
    """A reader with no cookie is given one with the language the page was read in, so the
    next pages are files of that language (nginx chooses them by the cookie); an API answer
    sets none."""
    client = app.test_client()
    page = client.get("/fi/law/12", headers={"Accept-Language": "et-EE,et;q=0.9"})
    assert "ui=et;" in page.headers["Set-Cookie"]
    again = client.get("/fi/law/13")
    assert "Set-Cookie" not in again.headers and 'lang="et"' in again.get_data(as_text=True)
    api = app.test_client().get("/api/v1/units/fi/12.C.1.b")
    assert "Set-Cookie" not in api.headers


@pytest.mark.sweep  # a whole rebuild
def test_a_rebuild_starts_with_no_page_files(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(store.current().parent, data, symlinks=True, ignore=lambda *_: ["build.lock"])
    client = create_app(data).test_client()
    assert client.get("/fi/law/20?ui=fi").status_code == 200
    before = store.current(data).resolve()
    assert (before / "pages" / "fi" / "fi" / "law" / "20" / "index.html.br").is_file()
    assert build(data=data, force=True).ok
    after = store.current(data).resolve()
    assert after != before and not (after / "pages").exists()
    assert client.get("/fi/law/20?ui=fi").status_code == 200
    assert (after / "pages" / "fi" / "fi" / "law" / "20" / "index.html.br").is_file()


def test_a_page_kept_for_everyone_carries_no_readers_choice(app: Flask) -> None:
    """The home page first rendered for a reader whose last searched book is Slovak (the
    `search_book` cookie) selects no book: it is kept for every reader, and the browser
    selects each reader's own choice (site.js)."""
    chooser = app.test_client()
    chooser.set_cookie("search_book", "sk")
    first = chooser.get("/?ui=sv").get_data(as_text=True)
    later = app.test_client().get("/?ui=sv").get_data(as_text=True)
    assert first == later and '<option value="" selected>' in later
    assert '<option value="sk" selected>' not in later


def test_an_address_no_file_can_hold_is_answered_as_any_other(app: Flask) -> None:
    """A NUL or an over-long name in a path cannot be a file: the page is answered as the
    site answers it (here: no such law), never a 500."""
    client = app.test_client()
    assert client.get("/fi/law/AND%20OR%20%28%20fi%00").status_code == 404
    assert client.get("/fi/law/" + "9" * 300).status_code == 404


def crawled(client: FlaskClient, ui: str) -> set[str]:
    """Every page reached from the home page by links with no query, in a UI language."""
    seen, queue = {"/"}, ["/"]
    while queue:
        answer = client.get(queue.pop(), query_string={"ui": ui})
        if answer.status_code != 200 or answer.mimetype != "text/html":
            continue
        for link in re.findall(r'href="(/[^"#?]*)["#]', answer.get_data(as_text=True)):
            page = not link.startswith(("/static/", "/api/")) and "." not in link.split("/")[-1]
            if page and link not in seen:
                seen.add(link)
                queue.append(link)
    return seen


@pytest.mark.sweep  # a whole build with every page written
def test_every_page_is_a_file_before_a_reader_asks_for_it(site: tuple[Path, Path]) -> None:
    """What `lawkb build` ends with: every page that is the same for every reader written
    as files, so that a crawl of the whole site makes no file more; the build says they are
    all written, and rendering them again does nothing."""
    data = site[1]
    root = store.current(data).resolve() / "pages"
    assert not root.exists()
    assert render_pages(data, ["sk"]) > 500
    written = sorted(root.rglob("index.html.br"))
    client = create_app(data).test_client()
    reached = crawled(client, "sk")
    assert len(reached) > 500 and "/et/law/93" in reached and "/compare/12" in reached
    assert sorted(root.rglob("index.html.br")) == written  # each page was a file already
    for page in ("sv/part/topic.62", "fi/definitions", "et/index", "compare/12", "docs/qa"):
        assert (root / "sk" / page / "index.html.br").is_file(), page
    page = brotli.decompress((root / "sk" / "fi" / "law" / "12" / "index.html.br").read_bytes())
    assert '<html lang="sk"' in page.decode() and 'lang="fi"' in page.decode()
    assert json.loads((root / ".rendered.json").read_text(encoding="utf-8")) == ["sk"]
    assert render_pages(data, ["sk"]) == 0


@pytest.mark.sweep  # every page written for a public address
def test_lawkb_render_writes_the_pages_of_a_site_with_a_public_address(
    site: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    data = site[1]
    public = "https://laws.example.org"
    assert main(["--data", str(data), "render", "--ui", "fi", "--public-url", public]) == 0
    assert capsys.readouterr().err.endswith(" pages written as files\n")
    root = page_files.page_root(store.current(data).resolve(), public)
    page = brotli.decompress((root / "fi" / "fi" / "law" / "12" / "index.html.br").read_bytes())
    assert f"{public}/fi/law/12" in page.decode()
    assert not (store.current(data).resolve() / "pages").exists()  # no address: not asked
    assert main(["--data", str(data), "render", "--ui", "fi", "--public-url", public]) == 0
    assert capsys.readouterr().err == "every page is written as files already\n"
