"""The situation thesaurus (kb/profiles/situations/<lang>.toml): how players of each language
describe the situations of the Laws, each situation leading to the 2017 units that answer it.
The data is reviewed: these tests check that it is sound (every code names a unit of every
2017 book, English covers every law) and that the search uses it in every book, saying so.
"""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from kb.core.ids import code_parts, law_of, unit_id
from kb.crosslang import editions
from kb.profiles import load_situations
from kb.search.searcher import Searcher, get_searcher
from tests.conftest import units_by_id
from tests.test_search import built_data

LANGS = ("en", "fi", "tr", "sk", "et", "sv")
BOOKS_2017 = ("fi", "tr", "et")


@pytest.fixture(scope="module")
def searcher(tmp_path_factory: pytest.TempPathFactory) -> Searcher:
    return get_searcher(built_data(tmp_path_factory))


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_has_a_thesaurus_in_the_2017_numbering(lang: str) -> None:
    edition, situations = load_situations(lang)
    assert edition == 2017
    assert len(situations) >= 40
    assert sum(len(phrases) for _, phrases in situations) >= 300


@pytest.mark.parametrize("lang", LANGS)
def test_every_code_names_a_unit_of_the_2017_books(lang: str) -> None:
    """Every code is a unit of the 2017 books (of one at least: the Estonian book prints no
    43A3, and a search there lands on the nearest unit around it)."""
    books = [units_by_id(book) for book in BOOKS_2017]
    wrong = []
    for n, (codes, _) in enumerate(load_situations(lang)[1]):
        for code in codes:
            parts = code_parts(code)
            if not parts or not any(unit_id(*parts) in units for units in books):
                wrong.append(f"situation {n + 1}: {code!r} is no unit of a 2017 book")
    assert not wrong, f"kb/profiles/situations/{lang}.toml: " + "; ".join(wrong)


def laws_2017(book: str, uid: str, law: str | None) -> set[str]:
    """The 2017 laws a hit stands for: its own in a 2017 book, through the edition map in the
    Slovak 2007 book."""
    if book != "sk":
        return {law} if law else set()
    return {law_of(i) for i in editions.to_newer(uid)} - {None}


def test_english_describes_every_law() -> None:
    laws = {law_of(unit_id(*code_parts(c))) for codes, _ in load_situations("en")[1] for c in codes}
    assert {str(n) for n in range(1, 94)} <= laws


@pytest.mark.parametrize("lang", ("fi", "tr", "sk", "et"))
def test_a_books_own_situations_lead_to_their_laws(searcher: Searcher, lang: str) -> None:
    """Each situation's first phrase, searched in its language's book, brings one of the
    situation's laws into the first five (in the Slovak 2007 book through the edition map)."""
    situations = load_situations(lang)[1]
    found = 0
    for codes, phrases in situations:
        hits = searcher.search(phrases[0], lang=lang, limit=5)["hits"]
        answers = {law_of(unit_id(*code_parts(c))) for c in codes}
        found += any(answers & laws_2017(lang, h["id"], h["law"]) for h in hits)
    assert found >= 0.9 * len(situations)


def test_an_english_phrase_finds_the_law_in_every_book_and_says_why(searcher: Searcher) -> None:
    """`loot`, a player's short form no book prints, finds Law 54 in every book."""
    phrase = next(p for codes, phrases in load_situations("en")[1] for p in phrases if p == "loot")
    for book in ("fi", "tr", "et", "sk", "sv"):
        hit = searcher.search(phrase, lang=book)["hits"][0]
        assert hit["law"] == "54", book
        assert {"by": "situation", "entry": "loot", "lang": "en", "named": None} in hit[
            "found_by"
        ], book


def test_the_search_page_shows_the_phrase_matched(client: FlaskClient) -> None:
    page = client.get("/search", query_string={"q": "wrong defender led", "lang": "fi"})
    assert page.status_code == 200
    said = 'Described as: “<span lang="en">wrong defender led</span>”'
    assert said in page.get_data(as_text=True)


def test_the_reason_shown_is_in_the_readers_words(client: FlaskClient) -> None:
    """A Swedish reader searching the card's own word was told "Registerord: Visible card,
    revoke" (the Estonian book's English index term): a reason is shown in the hit's
    book's language or the interface's, else not at all."""
    page = client.get("/search?q=revoke&lang=sv&ui=sv").get_data(as_text=True)
    assert "Visible card" not in page  # the card's own index says it in Swedish instead:
    assert '<p class="why">Registerord: <span lang="sv">Etablering av en revoke</span></p>' in page
    page = client.get("/search?q=wrong+defender+led&lang=fi&ui=fi").get_data(as_text=True)
    assert "wrong defender led" not in page.split('id="q"')[1].split("</form>")[1]
    english = client.get("/search?q=revoke&lang=sv&ui=en").get_data(as_text=True)
    assert 'Index entry: <span lang="en">Visible card, revoke</span>' in english
