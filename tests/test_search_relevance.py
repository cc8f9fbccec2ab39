"""A search answers as a player expects: a query about no law finds nothing and says so in the
reader's language; "did you mean" only for a real slip, never a common word "corrected" into
a book's word (kb/search/relevance.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import wordfreq
from flask.testing import FlaskClient

from kb.search.evaluate import nothing_found, read_situations, read_unrelated, suggested
from kb.search.frequencies import Frequencies
from kb.search.query import W_FUZZY
from kb.search.searcher import Searcher, get_searcher
from tests.test_search import built_data

DATA = Path(__file__).parent / "data"
UNRELATED = read_unrelated(DATA / "unrelated.tsv")


@pytest.fixture(scope="module")
def searcher(tmp_path_factory: pytest.TempPathFactory) -> Searcher:
    return get_searcher(built_data(tmp_path_factory))


def test_unrelated_queries_find_nothing_in_their_book(searcher: Searcher) -> None:
    share, found = nothing_found(UNRELATED, lambda q, b: searcher.search(q, lang=b))
    assert share >= 0.95, found


def test_unrelated_queries_find_nothing_with_no_book_chosen(searcher: Searcher) -> None:
    share, found = nothing_found(UNRELATED, lambda q, _: searcher.search(q))
    assert share >= 0.95, found
    share, found = nothing_found(UNRELATED, lambda q, _: searcher.search(q, lang="all"))
    assert share >= 0.95, found


@pytest.mark.parametrize(
    ("lang", "query"),
    [
        ("sv", "recept på köttbullar"),  # `på` alone listed nine boxes of the card, scored 0.0
        ("sk", "recept na bryndzové halušky"),  # `bryndzové` was "corrected" to `bridžové`
        ("tr", "kedi maması önerisi"),  # `kedi` (a cat) was "corrected" to `kendi`
        ("fi", "kissa ei syö ruokaansa"),  # `kissa` (a cat) was read as `missä`
        ("en", "how much does a new car cost"),  # every word but `car` is in some phrase
        ("sk", "môj pes nechce jesť"),  # `môj` and `nechce` are in the thesaurus's phrases
    ],
)
def test_everyday_words_are_no_evidence(searcher: Searcher, lang: str, query: str) -> None:
    for scope in (lang if lang != "en" else "fi", None):
        result = searcher.search(query, lang=scope)
        assert (result["total"], result["hits"], result["did_you_mean"]) == (0, [], None)


def test_the_laws_own_words_still_find_their_laws(searcher: Searcher) -> None:
    # a players' word among everyday ones; keywords half of them known (`müdahalesi` is
    # printed in no book); English words each known, none the laws' own alone
    assert searcher.search("kaveri mietti pitkään", lang="fi")["hits"][0]["law"] == "16"
    assert searcher.search("seyirci müdahalesi", lang="tr")["hits"][0]["law"] == "76"
    assert searcher.search("late arrival", lang="fi")["hits"][0]["law"] == "90"


def test_a_common_word_is_never_corrected(searcher: Searcher) -> None:
    fi = searcher.lexicons["fi"]
    kissa = fi.analyse("kissa", searcher.no_slip("fi", "kissa"))
    assert {f.term for f in kissa.forms if f.weight == W_FUZZY} == set()
    # a word no language uses is a slip, corrected into the book's word
    slip = fi.analyse("rangaistuskotrti", searcher.no_slip("fi", "rangaistuskotrti"))
    assert "rangaistuskortti" in {f.term for f in slip.forms if f.weight == W_FUZZY}
    # an English word is no slip of an Estonian one ("pass uut on turn")
    assert searcher.search("pass out of turn", lang="et")["did_you_mean"] is None


@pytest.mark.slow  # every query of every situation set: a sweep of a whole query set
@pytest.mark.sweep
def test_did_you_mean_only_for_a_slip_on_the_situation_sets(searcher: Searcher) -> None:
    for path in sorted(DATA.glob("situations*.tsv")):
        counts = suggested(
            read_situations(path), lambda q, b: searcher.search(q, lang=b), searcher.editions
        )
        n, of = counts["all"]
        assert n <= 0.03 * of, (path.name, counts)
        assert counts["en"][0] == 0, path.name  # English queries are spelled right


def test_a_slip_in_a_query_understood_without_it_is_corrected_when_long(
    searcher: Searcher,
) -> None:
    # understood by its other word: a long unknown word is corrected, a short one left
    assert searcher.search("kilpailunjohtajn harkintavalta")["did_you_mean"] == (
        "kilpailunjohtaja harkintavalta"
    )
    assert (
        searcher.search("Väljamängija ütles lauale ainult väike", lang="et")["did_you_mean"] is None
    )


@pytest.mark.parametrize(
    ("ui", "said", "index"),
    [
        ("fi", "Mikään pykälä ei puhu näistä sanoista. Selaa sen sijaan:", "/fi/index"),
        ("sv", "Ingen lag talar om de här orden. Bläddra i stället:", "/sv/index"),
        ("tr", "Bu sözcüklerden hiçbir yasa söz etmiyor. Bunun yerine göz atın:", "/tr/index"),
    ],
)
def test_nothing_found_is_said_in_the_readers_language(
    client: FlaskClient, ui: str, said: str, index: str
) -> None:
    page = client.get(f"/search?q=kissa+ei+syö+ruokaansa&ui={ui}").get_data(as_text=True)
    assert said in page
    assert f'<a href="{index}">' in page
    assert f'<a href="/?lang={ui}">' in page


def test_a_swedish_reader_searches_the_card_and_the_law_books(client: FlaskClient) -> None:
    """The Swedish interface searched only the card's eleven topics: with no book chosen it
    searches every book, the card's matching boxes first, then the laws once each."""
    page = client.get("/search?q=revoke&ui=sv").get_data(as_text=True)
    groups = re.findall(r'<section class="group" lang="(\w+)">', page)
    assert groups[0] == "sv" and {"fi", "tr", "sk", "et"} & set(groups)
    assert groups.index("sv") < min(groups.index(g) for g in groups if g != "sv")


@pytest.mark.parametrize("language", ["fi", "tr", "sk", "sv", "en"])
def test_everyday_frequencies_are_wordfreqs_own(language: str) -> None:
    """The compact everyday word lists answer as `wordfreq.word_frequency` does, on every
    word the five sources print (and words with digits, hyphens and apostrophes), while
    holding 10 bytes a word."""
    words = {"2017", "12th", "rock-n-roll", "koira3", "İstanbul", "don't", "e-mail", "ABC"}
    for source in sorted(Path(__file__).parents[1].glob("corpus/*/*.txt")):
        words |= set(re.findall(r"[\w'’-]+", source.read_text(encoding="utf-8")))
    everyday = Frequencies(language)
    differ = [
        w for w in sorted(words)
        if everyday.frequency(w) != wordfreq.word_frequency(w, language, wordlist="small")
    ]  # fmt: skip
    assert len(words) > 19_000 and differ == []
    assert len(everyday) > 28_000 and everyday.hashes.itemsize + everyday.bands.itemsize == 10
