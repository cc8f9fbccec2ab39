"""A new document is a folder: a small Danish law book (tests/data/sixth/da: its source,
metadata and profile, with letters no shipped profile has, æ ø å) builds into a knowledge base
and its search index with no edit anywhere else: its laws, sections, items and definitions,
a word hyphenated across a line joined, its cross-references resolved, its citations
rendered in its own style. An older edition of it beside it (tests/data/sixth/da-2007, its
own id in its metadata) is a second document in the same language: `/da/...` is the newest
law book, `/da-2007/...` the older one, and every answer names its document.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kb import store
from kb.cli import main
from kb.core.model import Unit
from kb.crosslang.library import Library
from kb.layers import cite
from kb.pipeline import build
from kb.search.searcher import get_searcher
from kb.store import load_units, read_manifest
from kb.web import create_app

CORPUS = Path(__file__).resolve().parent / "data" / "sixth"


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture corpus built (its profile is its build's alone: the other tests know
    five documents)."""
    data = tmp_path_factory.mktemp("sixth") / "var"
    report = build(CORPUS, data)
    assert (report.built, report.errors, report.indexed) == (["da", "da-2007"], {}, True)
    return data


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
    danish = Library(data).profiles  # the build's, its Danish profile among them
    assert cite.render("3.B.2", "da", danish) == "lov 3B2"
    assert cite.render("2.B.2.a", "da", danish) == "lov 2B2(a)"
    assert cite.parse_citation("lov 3B2", danish) == "3.B.2"
    assert cite.parse_citation("lov 3B2") is None  # the shipped profiles know no "lov"


def test_the_book_is_searchable(data: Path) -> None:
    library = Library(data)
    assert library.book("da").law("3").title == "SKÆRME OG ØVELSE"
    hits = get_searcher(data).search("skærmen", lang="da")["hits"]
    assert [h["id"] for h in hits][:2] == ["3.B", "3.B.1"]


def test_the_command_line_cites_it(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--corpus", str(CORPUS), "--data", str(data), "cite", "lov 3B2", "--lang", "da"]
    assert main(argv) == 0
    assert "Skærmen fjernes, når spillet er slut." in capsys.readouterr().out


# -- a second document in one language: the older edition, under its own id -----------------


def test_two_documents_of_one_language_build_under_their_ids(data: Path) -> None:
    built = read_manifest(data)["documents"]
    assert {i: (d["meta"]["lang"], d["meta"]["edition"]) for i, d in built.items()} == {
        "da": ("da", 2017),  # no id in its metadata: its folder's name
        "da-2007": ("da", 2007),
    }
    library = Library(data)
    newest, older = library.book("da"), library.book("da-2007")
    assert (newest.id, newest.key, newest.lang) == ("da", "da", "da")
    assert (older.id, older.key, older.lang) == ("da-2007", "da-2007", "da")
    assert newest.law("3").title == "SKÆRME OG ØVELSE" and older.law("3").title == "SKÆRME"
    # the older book is read with its language's profile, found by its lang
    assert [r["targets"] for r in older.by_id["2.A"].refs] == [["1"]]


def test_the_language_code_is_the_newest_book_the_id_the_other(data: Path) -> None:
    client = create_app(data).test_client()
    newest = client.get("/da/law/3").get_data(as_text=True)
    assert "Øvelse før spillet er tilladt." in newest and "ikke tilladt" not in newest
    older = client.get("/da-2007/law/3").get_data(as_text=True)
    assert "Øvelse før spillet er ikke tilladt." in older and "SKÆRME OG ØVELSE" not in older
    # the page says which document it shows, and its links stay in that document
    assert "da-2007" in older.split("<main", 1)[1].split("</h1>", 1)[0]
    assert ' lang="da-2007"' not in older and ' lang="da"' in older  # HTML names languages
    law2 = client.get("/da-2007/law/2").get_data(as_text=True)
    assert 'href="/da-2007/law/1"' in law2 and 'href="/da/law/1"' not in law2
    compared = client.get("/compare/3?langs=da,da-2007").get_data(as_text=True)
    assert "Øvelse før spillet er tilladt." in compared and "ikke tilladt." in compared


def test_every_answer_names_its_document(data: Path, capsys) -> None:
    client = create_app(data).test_client()
    older = client.get("/api/v1/laws/da-2007/3").get_json()
    assert (older["lang"], older["document"], older["edition"]) == ("da", "da-2007", 2007)
    assert older["units"][0]["document"] == "da-2007"
    newest = client.get("/api/v1/laws/da/3").get_json()
    assert (newest["lang"], newest["document"], newest["edition"]) == ("da", "da", 2017)
    hits = client.get("/api/v1/search?q=tilladt").get_json()["hits"]
    assert {(h["id"], h["lang"], h["document"]) for h in hits} == {
        ("3.A", "da", "da"),
        ("3.A", "da", "da-2007"),
    }
    only = client.get("/api/v1/search?q=tilladt&lang=da-2007").get_json()["hits"]
    assert [(h["id"], h["document"]) for h in only] == [("3.A", "da-2007")]
    argv = ["--corpus", str(CORPUS), "--data", str(data), "cite", "lov 3A", "--lang", "da-2007"]
    assert main([*argv, "--json"]) == 0
    cited = json.loads(capsys.readouterr().out)
    assert (cited["text"], cited["lang"], cited["document"]) == (
        "A. Åbning\nØvelse før spillet er ikke tilladt.",
        "da",
        "da-2007",
    )


def test_two_builds_in_one_process_keep_their_own_profiles(data: Path) -> None:
    """A library reads its build with that build's profiles alone: the corpus built here
    (Danish, from its folder's profile) and the shipped knowledge base, side by side in one
    process, never see each other's."""
    danish, shipped = Library(data), Library(store.data_dir())
    assert danish.profiles.languages()[-1:] == ["da"] and "da" not in shipped.profiles.languages()
    assert danish.profiles.language_of("da-2007") == "da"
    assert shipped.profiles.language_of("da-2007") == "da-2007"
    assert shipped.profiles.language_of("sk-2007") == "sk"
    assert danish.profiles.language_of("sk-2007") == "sk-2007"  # no Slovak book in this one
    assert danish.book("da").profiles.load_references("da").style == "lov {code}"
    with pytest.raises(KeyError, match="no profile for language 'da'"):
        shipped.profiles.load_references("da")
