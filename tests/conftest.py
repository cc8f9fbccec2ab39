"""Shared fixtures: the parsed documents of the real corpus, parsed once per test session."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

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
