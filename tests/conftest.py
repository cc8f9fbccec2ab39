"""Shared fixtures: the parsed documents of the real corpus, parsed once per test session."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from kb import store
from kb.lawbook import read_document
from kb.model import Document, Unit

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
SHARED = ROOT.parent / "shared"


@cache
def parsed(lang: str) -> Document:
    """The parsed document of a language (cached for the session)."""
    return read_document(CORPUS / lang, ROOT)


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
    from kb.web import create_app

    report = store.build()
    assert report.ok, report.errors
    return create_app()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A client with no cookies (a UI language chosen by one test stays in that test)."""
    return app.test_client()
