"""Every test session (tests/ and the doctests in kb/) reads and builds its own knowledge base
in a fresh data directory: no test depends on one another test or an earlier run made."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

MADE = pytest.StashKey[str]()


def pytest_configure(config: pytest.Config) -> None:
    """Point `$LAWKB_DATA` (read by the code, its doctests and the servers the tests start)
    at a new directory for this session, unless one was chosen."""
    if not os.environ.get("LAWKB_DATA"):
        os.environ["LAWKB_DATA"] = config.stash[MADE] = tempfile.mkdtemp(prefix="lawkb-test-")


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the data directory this session made."""
    if MADE in config.stash:
        shutil.rmtree(config.stash[MADE], ignore_errors=True)
        del os.environ["LAWKB_DATA"]


@pytest.fixture(scope="session", autouse=True)
def built_knowledge_base() -> None:
    """The knowledge base of the repository's corpus, built once for the session."""
    from kb.pipeline import build

    assert build().ok
