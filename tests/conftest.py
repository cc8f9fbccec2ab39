"""Shared fixtures: the parsed documents of the real corpus, parsed once per test session; the
site, and Debian's Chromium for the browser tests."""

from __future__ import annotations

import errno
import fcntl
import os
import shutil
import threading
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from playwright.sync_api import Browser, sync_playwright
from waitress.server import create_server

from kb.core.model import Document, Unit
from kb.pipeline import build, read_document
from kb.web import create_app

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
SHARED = ROOT.parent / "shared"


@cache
def parsed(lang: str) -> Document:
    """The parsed document of a language (cached for the session)."""
    return read_document(CORPUS / lang, ROOT)


@cache
def joined_hyphens(lang: str) -> dict[int, list[tuple[str, str]]]:
    """The PDF line-break hyphens a book prints inside words, by line, from the reviewed
    table tests/data/hyphens.tsv: (as printed, as served) for each one on the line."""
    out: dict[int, list[tuple[str, str]]] = {}
    rows = (ROOT / "tests" / "data" / "hyphens.tsv").read_text(encoding="utf-8").splitlines()
    for row in rows:
        cells = row.split("\t")
        if cells[0] == lang and cells[3] == "join" and "|" not in cells[2]:
            first, second = cells[2].split("-", 1)
            out.setdefault(int(cells[1]), []).append((cells[2], first + second.lstrip()))
    return out


def as_served(lang: str, no: int, line: str) -> str:
    """A source line with the line-break hyphens printed inside its words joined, as the
    knowledge base serves them (the source keeps them)."""
    for printed, word in joined_hyphens(lang).get(no, []):
        line = line.replace(printed, word)
    return line


def units_by_id(lang: str) -> dict[str, Unit]:
    """A language's units keyed by canonical id."""
    return {u.id: u for u in parsed(lang).units}


@pytest.fixture(params=["fi", "tr", "sk", "et"])
def lawbook(request: pytest.FixtureRequest) -> Document:
    """Each law book in turn."""
    return parsed(request.param)


@pytest.fixture(scope="session")
def app() -> Flask:
    """The site over a freshly built knowledge base of the real corpus."""
    report = build()
    assert report.ok, report.errors
    return create_app()


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The whole corpus, copied and built once per test session (knowledge base and index),
    shared by the session's workers: never changed, only copied (`site`)."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the folder of this session's workers (each has its own below)
    corpus, data = root / "built" / "corpus", root / "built" / "var"
    with (root / "built.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one worker builds; the others wait, then read it
        if not (root / "built" / "done").exists():
            shutil.rmtree(root / "built", ignore_errors=True)
            shutil.copytree(CORPUS, corpus)
            assert build(corpus, data).ok
            (root / "built" / "done").touch()
    return corpus, data


@pytest.fixture
def site(built: tuple[Path, Path], tmp_path: Path) -> tuple[Path, Path]:
    """A private copy of the built corpus and data directory, for one test to break."""
    corpus, data = tmp_path / "corpus", tmp_path / "var"
    shutil.copytree(built[0], corpus)
    shutil.copytree(built[1], data, symlinks=True)
    return corpus, data


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A client with no cookies (a UI language chosen by one test stays in that test)."""
    return app.test_client()


# -- the browser tests: Debian's Chromium driven by Playwright, the site on waitress --------

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def served(app: Flask) -> tuple[str, Callable[[], None]]:
    """The site served by waitress in a thread of the test: its address, and what closes it.
    Closing its socket under the select the server's loop waits in ends the loop with EBADF:
    that is how the thread stops, not an error of the test."""
    server = create_server(app, host="127.0.0.1", port=0, threads=4)

    def run() -> None:
        try:
            server.run()
        except OSError as error:
            if error.errno != errno.EBADF:
                raise

    threading.Thread(target=run, daemon=True).start()
    return f"http://127.0.0.1:{server.effective_port}", server.close


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    assert build().ok
    url, close = served(create_app())
    yield url
    close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        browser.close()
