"""A new document is a folder: a small Danish law book (tests/data/sixth/da: its source,
metadata and profile, with letters no shipped profile has, æ ø å) builds into a knowledge base
and its search index with no edit anywhere else: its laws, sections, items and definitions,
a word hyphenated across a line joined, its cross-references resolved, its citations
rendered in its own style.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import pytest

from kb import profiles
from kb.build import build
from kb.cli import main
from kb.core.model import Unit
from kb.crosslang.library import Library
from kb.index.search import get_searcher
from kb.layers import cite
from kb.store import load_units

CORPUS = Path(__file__).resolve().parent / "data" / "sixth"


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The fixture corpus built; its profile is forgotten afterwards (the other tests know
    five documents)."""
    data = tmp_path_factory.mktemp("sixth") / "var"
    caches = (profiles.modules, profiles.languages, cite.law_words, cite.cue_words)
    with mock.patch.dict(profiles._FOLDERS):
        report = build(CORPUS, data)
        assert (report.built, report.errors, report.indexed) == (["da"], {}, True)
        for cached in caches:  # the words of every language, Danish now among them
            cached.cache_clear()
        yield data
    for cached in caches:
        cached.cache_clear()


@pytest.fixture(scope="module")
def units(data: Path) -> dict[str, Unit]:
    return {u.id: u for u in load_units("da", data)}


def test_the_law_tree_is_read_with_letters_never_seen(units: dict[str, Unit]) -> None:
    laws = [(u.id, u.title) for u in units.values() if u.kind == "law"]
    assert laws == [("1", "KORTENE"), ("2", "BRIKKERNE"), ("3", "SKÆRME OG ØVELSE")]
    assert [(u.id, u.title) for u in units.values() if u.kind == "section"] == [
        ("2.A", "Nummerering"),
        ("2.B", "Sårbarhed"),
        ("3.A", "Åbning"),
        ("3.B", "Skærme"),
    ]
    assert units["3.A"].text == "Øvelse før spillet er tilladt."
    assert units["2.B.2.a"].text == "turneringslederen, se lov 3B2;"
    assert units["3.B.2"].text == "Skærmen fjernes, når spillet er slut."


def test_a_word_broken_by_a_hyphen_is_joined(units: dict[str, Unit]) -> None:
    # da.txt:13-14 "spilfø-" / "reren": the book prints "spilføreren" whole (da.txt:2)
    assert units["2.A"].text == (
        "Hver brik er nummereret, og spilføreren lægger den midt på bordet. Se lov 1."
    )


def test_definitions_are_read(units: dict[str, Unit]) -> None:
    terms = sorted(u.term for u in units.values() if u.kind == "definition")
    assert terms == ["Bordet", "Spilfører"]


def test_cross_references_resolve(units: dict[str, Unit]) -> None:
    assert [r["targets"] for r in units["2.A"].refs] == [["1"]]
    assert [r["targets"] for r in units["2.B.2.a"].refs] == [["3.B.2"]]
    assert "2.B.2.a" in units["3.B.2"].cited_by


def test_citations_render_in_the_books_style(data: Path) -> None:
    assert cite.render("3.B.2", "da") == "lov 3B2"
    assert cite.render("2.B.2.a", "da") == "lov 2B2(a)"
    assert cite.parse_citation("lov 3B2") == "3.B.2"


def test_the_book_is_searchable(data: Path) -> None:
    library = Library(data)
    assert library.book("da").law("3").title == "SKÆRME OG ØVELSE"
    hits = get_searcher(data).search("skærmen", lang="da")["hits"]
    assert [h["id"] for h in hits][:2] == ["3.B", "3.B.1"]


def test_the_command_line_cites_it(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--corpus", str(CORPUS), "--data", str(data), "cite", "lov 3B2", "--lang", "da"]
    assert main(argv) == 0
    assert "Skærmen fjernes, når spillet er slut." in capsys.readouterr().out
