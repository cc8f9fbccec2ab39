"""Search over the real corpus: the index build, the searcher's behaviour and its interfaces."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from whoosh import query as wq
from whoosh.util.numeric import byte_to_length, length_to_byte

from kb.cli import main
from kb.pipeline import build
from kb.search import retrieve
from kb.search import write as index_build
from kb.search.analysis import analyzer
from kb.search.concepts import ranked
from kb.search.hits import snippet
from kb.search.query import W_FUZZY, clean, phrase_query, split_query
from kb.search.searcher import NoIndex, Searcher, get_searcher
from kb.search.write import build_index, index_dir, is_current
from tests.conftest import CORPUS

_BUILT: dict[str, Path] = {}
DOCUMENT = {"fi": "fi-2017", "tr": "tr-2017", "sk": "sk-2007", "et": "et-2017"}  # their ids
HIT_KEYS = {
    *("id", "law", "lang", "document", "kind", "title", "snippet", "score", "found_by", "books")
}


def built_data(factory: pytest.TempPathFactory) -> Path:
    """A data directory with the real corpus built (knowledge base and index), once per
    test session."""
    if "data" not in _BUILT:
        data = factory.mktemp("search")
        report = build(CORPUS, data)
        assert report.indexed
        _BUILT["data"] = data
    return _BUILT["data"]


@pytest.fixture(scope="session")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built_data(tmp_path_factory)


@pytest.fixture(scope="session")
def searcher(data: Path) -> Searcher:
    return get_searcher(data)


def laws(result: dict) -> list[str | None]:
    return [h["law"] for h in result["hits"]]


# -- the index on disk ------------------------------------------------------------------------


def test_index_is_built_with_the_knowledge_base_and_only_when_stale(data: Path) -> None:
    link = index_dir(data)
    assert link.is_symlink() and os.readlink(link).startswith("../../indexes/")
    assert is_current(data)
    assert build_index(data) is False  # up to date: nothing to do
    assert build(CORPUS, data).indexed is False
    meta = json.loads((link / "search.json").read_text(encoding="utf-8"))
    assert set(meta["languages"]) == {"fi", "tr", "sk", "et", "sv"}
    assert meta["ocr"] == ["sv"]
    # beside Whoosh's files, only what Whoosh has no place for: no postings or term lists
    beside = {p.name for p in link.resolve().iterdir() if not p.name.startswith(("MAIN", "_"))}
    assert beside == {"search.json", "concepts.json", "letters.json", "lemmas.json"}


@pytest.mark.sweep  # two whole index builds
def test_index_rebuilds_when_analysis_changes_and_failure_keeps_the_old_one(
    data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy = tmp_path / "var"
    shutil.copytree(data, copy, symlinks=True)
    old = os.readlink(index_dir(copy))
    before = get_searcher(copy)
    real_key = index_build.index_key
    monkeypatch.setattr(index_build, "index_key", lambda m: "changed" + real_key(m)[7:])

    def broken(*args, **kwargs):
        raise RuntimeError("disk full")
        yield

    with monkeypatch.context() as m:
        m.setattr(index_build, "documents", broken)
        with pytest.raises(RuntimeError):
            build_index(copy)
    assert os.readlink(index_dir(copy)) == old  # the old index still serves
    assert not [p for p in (copy / "indexes").iterdir() if p.name.startswith(".")]
    assert get_searcher(copy) is before

    assert build_index(copy) is True
    assert os.readlink(index_dir(copy)) != old
    after = get_searcher(copy)
    assert after is not before  # the rebuilt index is opened at the next call
    assert after.search("revokki", lang="fi")["hits"]


@pytest.mark.sweep  # a whole build beside a reader
def test_reading_never_builds_an_index(data: Path, tmp_path: Path) -> None:
    """A reader with no current index gets a clear error (the build writes the index); the
    next build writes it, and a reader finds it."""
    copy = tmp_path / "var"
    shutil.copytree(data, copy, symlinks=True)
    index_dir(copy).unlink()
    shutil.rmtree(copy / "indexes")
    with pytest.raises(NoIndex, match="run `lawkb build`"):
        get_searcher(copy)
    assert not (copy / "indexes").exists()
    assert build(CORPUS, copy).indexed
    assert get_searcher(copy).search("CEZALI KART", lang="tr")["hits"][0]["law"] == "50"


# -- queries ----------------------------------------------------------------------------------


def test_a_term_scores_bm25_of_its_units_words(searcher: Searcher) -> None:
    """Whoosh scores a term (`LawBM25F` without its idf, as the search reads it) with BM25's
    term-frequency factor in each unit holding it, as computed here again from the units'
    stored texts, their lengths rounded as Whoosh stores lengths (every tenth exact word of
    every book; the other fields are weighed by the same code)."""
    checked = 0
    for lang in ("fi", "tr", "sk", "et", "sv"):
        an, units = analyzer(lang), searcher.units.ranges[lang][0]
        words = {n: [k.exact for k in an.words(phrase_text(searcher.stored(n)))] for n in units}
        average = sum(map(len, words.values())) / len(units)
        with searcher.whoosh() as s:
            for term in searcher.lexicons[lang].sorted["exact"][::10]:
                expected = {}
                for n, held in words.items():
                    if tf := held.count(term):
                        length = byte_to_length(length_to_byte(len(held)))
                        expected[n] = tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * length / average))
                found = dict(retrieve.postings(wq.Term(f"exact_{lang}", term), s))
                assert found == pytest.approx(expected, rel=1e-9), (lang, term)
                checked += 1
    assert checked > 1200


def phrase_text(stored: dict[str, str]) -> str:
    """The text whose words, in order, are a unit's exact words: its own title, its text."""
    return f"{stored.get('heading', '')}\n{stored['text']}"


def test_a_phrase_is_its_words_in_a_row(searcher: Searcher) -> None:
    """A quoted phrase finds the units whose title or text has its words one after the other
    (across punctuation, as words are read), the same units a regular expression finds in
    their texts, and not the units holding the words apart."""
    fi = searcher.units.ranges["fi"]

    def holding(phrase: str) -> set[int] | None:
        with searcher.whoosh() as s:
            return retrieve.phrase_units(s, [phrase_query(phrase, "fi")], fi)

    for phrase in ("tullut pysyväksi", "revokki tulee pysyväksi", "pysyväksi tullut"):
        pattern = re.compile(r"\b" + r"\W+".join(phrase.split()) + r"\b", re.I)
        expected = {n for n in fi[0] if pattern.search(phrase_text(searcher.stored(n)))}
        assert holding(phrase) == expected, phrase
    found = holding("tullut pysyväksi")
    assert found and len(found) >= 4
    assert searcher.search('"tullut pysyväksi"', lang="fi", limit=100)["total"] == len(found)
    assert not holding("pysyväksi tullut")  # only apart


def test_result_shape(searcher: Searcher) -> None:
    result = searcher.search("revokki tuli pysyväksi", lang="fi", limit=5)
    assert set(result) == {"query", "lang", "hits", "total", "did_you_mean", "citation"}
    assert result["lang"] == "fi" and result["query"] == "revokki tuli pysyväksi"
    assert len(result["hits"]) == 5 and result["total"] >= 5
    for hit in result["hits"]:
        assert set(hit) == HIT_KEYS and (hit["lang"], hit["document"]) == ("fi", "fi-2017")
        assert hit["law"] == hit["id"].split(".")[0]
    scores = [h["score"] for h in result["hits"]]
    assert scores == sorted(scores, reverse=True)
    assert json.loads(json.dumps(result)) == result


def test_all_words_rank_above_any_word(searcher: Searcher) -> None:
    hits = searcher.search("revokki pysyväksi", lang="fi", limit=3)["hits"]
    assert all("pysyv" in h["snippet"].lower() and "revok" in h["snippet"].lower() for h in hits)


def test_law_title_ranks_above_mentions(searcher: Searcher) -> None:
    assert searcher.search("laua õigused", lang="et")["hits"][0]["law"] == "42"
    # Law 18 (bids) has a section titled "insufficient bid" too; Law 27 is titled so.
    for query, lang in (
        ("yetersiz deklare", "tr"),
        ("nedostatocna ponuka", "sk"),
        ("riittamaton maalaus", "fi"),
        ("küündimatu pakkumine", "et"),
    ):
        assert searcher.search(query, lang=lang)["hits"][0]["law"] == "27", query


def test_exact_form_ranks_above_a_near_spelling(searcher: Searcher) -> None:
    exact = searcher.search("rangaistuskortti", lang="fi", limit=1)["hits"][0]
    assert "<mark>rangaistuskortti</mark>" in exact["snippet"].lower()
    typo = searcher.search("rangaistuskotrti", lang="fi")
    assert typo["hits"] and typo["hits"][0]["law"] in {"50", "51", "52"}
    assert typo["did_you_mean"] == "rangaistuskortti"


def test_typos_only_from_five_letters(searcher: Searcher) -> None:
    assert searcher.search("pkka", lang="fi")["total"] == 0  # four letters: no tolerance
    assert searcher.search("pakak", lang="fi")["total"] > 0


def test_did_you_mean(searcher: Searcher) -> None:
    assert searcher.search("mägnija", lang="et")["did_you_mean"] == "mängija"
    assert searcher.search("küündimatu pakkumien", lang="et")["did_you_mean"] == (
        "küündimatu pakkumine"
    )
    # Words typed without their letters are not misspelt.
    assert searcher.search("mangijad kaardid", lang="et")["did_you_mean"] is None
    nothing = searcher.search("qwertyuiop zxcvbnm")
    assert nothing["total"] == 0 and nothing["did_you_mean"] is None


def test_another_languages_word_is_no_slip(searcher: Searcher) -> None:
    """A word the books of one language print is not "corrected" into another language's
    word, neither in the other language's analysis nor in the suggestion: searched with
    every language, Finnish `kerrata` (to repeat) used to find Estonian `keerata` (to turn)
    and `väärästä` (from the wrong) Estonian `määrata`."""
    et = searcher.lexicons["et"]
    kerrata = et.analyse("kerrata", searcher.foreign("et", "kerrata"))
    assert {t.term for t in kerrata.forms if t.weight == W_FUZZY} == set()
    # a word no book prints is still read with its near spellings
    sekoitus = et.analyse("sekoitus", searcher.foreign("et", "sekoitus"))
    assert "selgitus" in {t.term for t in sekoitus.forms}
    every = searcher.search("kuka saa kerrata tarjoussarjan")
    assert every["did_you_mean"] is None and every["hits"][0]["id"] == "20.D"
    assert searcher.search("pelinviejä lähti väärästä kädestä")["did_you_mean"] is None
    # ... nor into another language where the query's own has no near word (`sekoitus`)
    assert searcher.search("sekoitus ja jako")["did_you_mean"] is None
    # a slip is still corrected, in the language holding the query's other words
    assert searcher.search("kilpailunjohtajn harkintavalta")["did_you_mean"] == (
        "kilpailunjohtaja harkintavalta"
    )
    # Estonian `ässa` (an ace, partitive) is also Finnish: left as typed
    asked = "Kaitses pillasin kogemata pada ässa lauale, kas pean selle nüüd käima?"
    assert searcher.search(asked, lang="et")["did_you_mean"] is None


def test_phrase(searcher: Searcher) -> None:
    result = searcher.search('"ennenaikainen lähtö"', lang="fi")
    assert result["hits"] and result["hits"][0]["law"] == "57"
    for hit in result["hits"]:  # every hit holds the words in that order
        text = f"{hit['title']} {re.sub('</?mark>', '', hit['snippet'])}".lower()
        assert "ennenaikainen lähtö" in text or hit["snippet"].endswith("…")
    words = searcher.search("ennenaikainen lähtö", lang="fi")
    assert words["total"] > result["total"]


@pytest.mark.parametrize(
    ("query", "lang", "uid"),
    [
        ("12C1", "fi", "12.C.1"),
        ("laki 12", "fi", "12"),
        ("Yasa 16B", "tr", "16.B"),
        ("pravidlo 40B2(b)", "sk", "40.B.2.b"),
        ("Reegel 27B1b", "et", "27.B.1.b"),
    ],
)
def test_citation_goes_straight_to_the_unit(
    searcher: Searcher, query: str, lang: str, uid: str
) -> None:
    result = searcher.search(query, lang=lang)
    assert result["citation"] == {"id": uid, "lang": lang, "document": DOCUMENT[lang]}
    assert result["hits"][0]["id"] == uid


def test_citation_of_a_unit_that_does_not_exist(searcher: Searcher) -> None:
    result = searcher.search("Yasa 16E", lang="tr")  # the Turkish Law 16 ends at D
    assert result["citation"] is None and result["hits"][0]["id"] == "16"
    assert searcher.search("Yasa 64B9", lang="tr")["did_you_mean"] is None


def test_citation_without_language(searcher: Searcher) -> None:
    result = searcher.search("Yasa 16B")
    cited = {"id": "16.B", "lang": "tr", "document": "tr-2017"}
    assert result["citation"] == cited  # the law word names Turkish
    first = result["hits"][:5]  # then the same unit in the other books, the card's topic
    assert first[0]["lang"] == "tr" and {h["id"] for h in first} == {"16.B", "topic.16"}
    # listed a law once (as the site asks): the other books' units named with it
    once = searcher.search("Yasa 16B", prefer="")["hits"]
    assert (once[0]["lang"], once[0]["id"], once[1]["id"]) == ("tr", "16.B", "topic.16")
    assert [(b["lang"], b["id"]) for b in once[0]["books"]] == [
        ("tr", "16.B"),
        *(("et", "16.B"), ("fi", "16.B"), ("sk", "16.B")),
    ]


def test_citation_on_the_card_goes_to_the_topic_citing_it(searcher: Searcher) -> None:
    result = searcher.search("lag 16D", lang="sv")
    assert result["citation"] == {"id": "topic.16", "lang": "sv", "document": "sv-2007-card"}
    hit = searcher.search("lag 31", lang="sv")["hits"][0]  # the table of Laws 29-32
    assert (hit["id"], hit["law"]) == ("table.29", "31")  # the law it answers here


def test_words_the_book_does_not_print_leave_the_situations_their_weight(
    searcher: Searcher,
) -> None:
    """`valitus ratkaisusta` (an appeal against the ruling): the book prints no `valitus`, and
    its near forms (`valita`, to choose) in Law 85's text with `ratkaisu` made that unit one
    holding every word, which left the situations a tenth of their weight. A unit holds the
    query's words only as the book prints them: the appeals situation now answers first."""
    assert not searcher.lexicons["fi"].knows("valitus")
    hits = searcher.search("valitus ratkaisusta", lang="fi")["hits"]
    assert (hits[0]["law"], hits[0]["found_by"][0]) == (
        "92",
        {"by": "situation", "entry": "valitus", "lang": "fi", "named": "valitus"},
    )


def test_a_situation_whose_phrase_the_query_says_whole_wins_a_tie(searcher: Searcher) -> None:
    """`disputed claim` matches Law 70's phrase of those words and Law 69's "claim accepted
    then disputed", both at the most a match scores: the phrase said whole comes first, and
    the card's claim box (Laws 68-71), which both reach, answers for Law 70."""
    found = ranked(searcher.concepts.situations_matching("disputed claim", "en"))
    assert [(m.score, m.entry.targets[0], m.entry.terms["en"]) for m in found[:2]] == [
        (1.0, "70", "disputed claim"),
        (1.0, "69", "claim accepted then disputed"),
    ]
    hit = searcher.search("disputed claim", lang="sv")["hits"][0]
    assert (hit["id"], hit["law"], hit["found_by"]) == (
        "topic.68",
        "70",
        [{"by": "situation", "entry": "disputed claim", "lang": "en", "named": None}],
    )


def test_a_card_box_answers_for_the_law_the_query_names(searcher: Searcher) -> None:
    """A box of the card covers several laws (`IFRÅGASATT ANSPRÅK (68, 69, 70, 71)`): a hit
    names the one the citation or the situation that found it names, else the box's first;
    the law books' hits keep their own laws."""
    box = searcher.units.by_id[("sv", "topic.68")]
    assert searcher.units.docs[box].law == "68"
    cited = searcher.search("Law 70", lang="sv")["hits"][0]
    assert (cited["id"], cited["law"], cited["found_by"][0]) == (
        "topic.68",
        "70",
        {"by": "citation"},
    )
    claim = searcher.search("claim forgot outstanding trump", lang="sv")["hits"][0]
    assert (claim["id"], claim["law"], claim["found_by"][0]["by"]) == (
        "topic.68",
        "70",
        "situation",
    )
    worded = searcher.search("anspråk", lang="sv")["hits"][0]  # the box's own word
    assert (worded["id"], worded["law"]) == ("topic.68", "68")
    passed = searcher.search("passed out of turn", lang="sv")["hits"]
    assert [(h["id"], h["law"]) for h in passed if h["id"].endswith(".29")] == [
        ("topic.29", "29"),  # the box: out of rotation, Law 29
        ("table.29", "30"),  # its table, which a pass out of rotation found: Law 30
    ]
    assert searcher.units.law_named(searcher.units.by_id[("fi", "68")], ["70"]) is None
    # A law filter finds the box under each law it cites, as its hits may name it.
    assert [h["id"] for h in searcher.search("Law 70", lang="sv", law="70")["hits"]][:1] == [
        "topic.68"
    ]


def test_swedish_finds_the_ocr_text(searcher: Searcher) -> None:
    hit = searcher.search("färg", lang="sv")["hits"][0]
    assert hit["lang"] == "sv" and "<mark>" in hit["snippet"]
    # A correctly spelled word also matches the OCR's forms of it in the text as printed.
    assert "firg" in searcher.lexicons["sv"].analyse("färg", False).marks


def test_filters(searcher: Searcher) -> None:
    result = searcher.search("kart", lang="tr", law="50")
    assert result["hits"] and set(laws(result)) == {"50"}
    assert searcher.search("kart", lang="tr", law="Yasa 50")["total"] == result["total"]
    assert searcher.search("kart", lang="tr", law="not a law")["total"] == 0
    everywhere = searcher.search("revoke")
    assert {h["lang"] for h in everywhere["hits"]} <= {"fi", "tr", "sk", "et", "sv"}
    assert searcher.search("revokki", lang="xx")["hits"] == []


def test_snippets_are_html_safe(searcher: Searcher) -> None:
    result = searcher.search("<script>alert(1)</script> rangaistuskortti", lang="fi")
    for hit in result["hits"]:
        without = hit["snippet"].replace("<mark>", "").replace("</mark>", "")
        assert "<" not in without and ">" not in without
    assert result["query"].startswith("<script>")  # returned as typed; the site escapes it


def test_a_long_texts_snippet_reads_its_words_only_as_far_as_it_shows(
    searcher: Searcher, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hit's snippet shows some 220 characters around its first match: the words of a long
    text past them are not read (each word read is analysed: a cold query paid for whole
    law texts), and the snippet marks the text's first matches, in order, as it does from
    the words of the text all read."""
    doc = max(range(len(searcher.units.docs)), key=lambda n: len(searcher.stored(n)["text"]))
    text = searcher.stored(doc)["text"]  # a topic of the Swedish card: a law's summary
    an = analyzer("sv")
    words = list(an.tokens(text))
    marks = set(words[3].keys.stems)  # a word near its start
    read: list[str] = []
    keys = an.keys
    monkeypatch.setattr(an, "keys", lambda word: read.append(word) or keys(word))
    shown = snippet(text, an, marks)
    monkeypatch.undo()
    assert searcher.units.docs[doc].lang == "sv" and len(text) > 2000 and "<mark>" in shown[:200]
    assert 0 < len(read) < len(words) // 4
    marked = re.findall("<mark>(.*?)</mark>", shown)
    everywhere = [text[s:e] for s, e in an.matching(text, marks)]
    assert marked and marked == everywhere[: len(marked)] and len(marked) < len(everywhere)


def test_a_hit_the_words_do_not_match_shows_its_text_unread(
    searcher: Searcher, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A unit found by a citation or a situation, none of whose words the query holds, shows
    the start of its text without reading a word of it (a card topic's 2,000 characters and
    its OCR'd reading took 0.5 ms a hit), and the text as repaired, not as the OCR printed
    it; a unit the words match still marks them."""
    read: list[str] = []
    an = analyzer("sv")
    keys = an.keys
    monkeypatch.setattr(an, "keys", lambda word: read.append(word) or keys(word))
    result = searcher.search("Yasa 16B", lang="sv")  # a citation in Turkish: no Swedish word
    monkeypatch.undo()
    hit = result["hits"][0]
    assert (hit["id"], hit["found_by"]) == ("topic.16", [{"by": "citation"}])
    assert hit["snippet"].startswith(
        "Vid ovidkommande upplysningar, t.ex. tvekan, felaktig förklaring"
    )
    assert "<mark>" not in hit["snippet"] and set(read) == {"Yasa", "16B"}  # the query's only
    worded = searcher.search("tvekan", lang="sv")["hits"][0]
    assert worded["id"] == "topic.16" and "<mark>tvekan</mark>" in worded["snippet"]


def test_a_snippet_reads_as_its_text(searcher: Searcher) -> None:
    """A snippet is a part of its unit's text as printed, each word once: a hyphenated word
    whose part and whole both match is marked once (`alert-säännöt` read `alert` twice:
    `<mark>alert</mark><mark>alert-säännöt</mark>`)."""
    hits = searcher.search("alert luvaton tieto", lang="fi", limit=30)["hits"]
    rule = next(h for h in hits if h["id"] == "40.B.2.a.iii")
    assert "määrätä <mark>alert</mark>-säännöt ja/tai" in rule["snippet"]
    queries = {"fi": "alert luvaton tieto", "tr": "sırasız atak", "sv": "färg", "sk": "revoke"}
    for lang, query in queries.items():
        for hit in searcher.search(query, lang=lang, limit=30)["hits"]:
            shown = html.unescape(re.sub("</?mark>", "", hit["snippet"])).strip("…")
            stored = searcher.stored(searcher.units.by_id[(lang, hit["id"])])
            texts = [" ".join(stored.get(name, "").split()) for name in ("text", "title", "raw")]
            assert any(shown in text for text in texts if text), (lang, hit["id"])


def test_results_group_by_unit(searcher: Searcher) -> None:
    hits = searcher.search("revokki", lang="fi", limit=30)["hits"]
    assert len({(h["lang"], h["id"]) for h in hits}) == len(hits)
    assert len(set(laws({"hits": hits[:5]}))) >= 3  # more than one law among the first five


def test_several_books_list_each_law_once(searcher: Searcher) -> None:
    """Searched with no book chosen, Law 16 used to come four times first, once per book; the
    site asks for each law once (`prefer`), the API lists every unit as it always has."""
    assert len(searcher.search("partner hesitated then passed")["hits"][0]["books"]) == 1
    for scope in (None, "all"):
        hits = searcher.search("partner hesitated then passed", lang=scope, prefer="")["hits"]
        first = hits[0]
        assert (first["law"], first["lang"], first["id"]) == ("16", "tr", "16.B.1")
        assert [(b["lang"], b["document"], b["id"]) for b in first["books"]] == [
            ("tr", "tr-2017", "16.B.1"),
            ("sk", "sk-2007", "16.B"),
            ("fi", "fi-2017", "16.B.1"),
            ("et", "et-2017", "16.B.1"),
        ]
        # no other book's unit of a law listed comes again on its own
        shown = {(h["lang"], h["law"]) for h in hits}
        for hit in hits:
            for book in hit["books"][1:]:
                assert (book["lang"], hit["law"]) not in shown
    # the reader's book shows the law, the others listed after it
    mine = searcher.search("partner hesitated then passed", prefer="fi")["hits"][0]
    assert (mine["id"], [b["lang"] for b in mine["books"]]) == ("16.B.1", ["fi", "tr", "sk", "et"])
    # one book: each unit, its own book alone
    hits = searcher.search("partner hesitated then passed", lang="fi")["hits"]
    assert [h["law"] for h in hits[:3]] == ["16", "73", "16"]
    assert all(h["books"] == [{"lang": "fi", "document": "fi-2017", "id": h["id"]}] for h in hits)


@pytest.mark.parametrize(
    "query",
    [
        "",
        " ",
        "a" * 5000,
        "revokki " * 1000,
        "AND OR (",
        "*",
        "~",
        "field:",
        'law:"12',
        '"',
        '"""',
        "\x00\x01\x1f\x7f",
        "\ud800 broken surrogate",
        "NOT revokki^2 [a TO b] {x}",
        "’'’",
        "12C1" * 50,
    ],
)
def test_never_raises_on_odd_input(searcher: Searcher, query: str) -> None:
    for lang in ("fi", "tr", None):
        result = searcher.search(query, lang=lang)
        assert isinstance(result["hits"], list)
        json.dumps(result)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    query=st.text(max_size=200),
    lang=st.sampled_from(["fi", "tr", "sk", "et", "sv", None, "", "xx"]),
    law=st.one_of(st.none(), st.text(max_size=10)),
    limit=st.integers(min_value=-5, max_value=500),
)
def test_never_raises(searcher: Searcher, query: str, lang: str | None, law, limit: int) -> None:
    result = searcher.search(query, lang=lang, law=law, limit=limit)
    assert len(result["hits"]) <= 100
    for hit in result["hits"]:
        assert set(hit) == HIT_KEYS
    json.dumps(result)


def test_query_cleaning() -> None:
    assert clean("a\x00b\u00adc") == "a bc"
    assert split_query('"one two" three "four') == (["one", "two", "three", "four"], ["one two"])
    assert len(split_query(" ".join(f"w{i}" for i in range(50)))[0]) == 12


# -- interfaces -------------------------------------------------------------------------------


def test_cli_search(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data", str(data), "search", "revokki tuli pysyväksi", "--lang", "fi"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("fi  laki 63A §")
    assert "*Revokki*" in out
    assert main(["--data", str(data), "search", "Yasa 16B", "--json", "--limit", "2"]) == 0
    result = json.loads(capsys.readouterr().out)
    cited = {"id": "16.B", "lang": "tr", "document": "tr-2017"}
    assert result["citation"] == cited and len(result["hits"]) == 2
    assert main(["--data", str(data), "search", "Yasa 16B", "--json", "--lang", "all"]) == 0
    assert json.loads(capsys.readouterr().out)["citation"] == cited  # every document
    assert main(["--data", str(data), "search", "blorgenfutz", "--lang", "sk"]) == 1
    assert main(["--data", str(data), "search", "x", "--lang", "xx"]) == 2


def test_json_api(data: Path) -> None:
    from kb.web import create_app

    client = create_app(data).test_client()
    result = client.get("/api/v1/search?q=CEZALI%20KART&lang=tr&limit=3").get_json()
    assert result["hits"][0]["law"] == "50" and len(result["hits"]) == 3
    assert set(result["hits"][0]) == HIT_KEYS


@pytest.mark.parametrize(
    "query",
    ["revoke", "penalty card", "partner hesitated then passed", "lead out of turn"],
)
def test_every_book_ranks_its_units_as_its_own_search_does(searcher: Searcher, query: str) -> None:
    """Searched with the others, a book's units score what its own search gives them (its
    index entries and situations weigh against its own best match by words, not against
    whichever books were searched before it)."""
    together = searcher.search(query, limit=100)["hits"]
    assert {h["lang"] for h in together} >= {"fi", "tr", "et"}
    for lang in {h["lang"] for h in together}:
        alone = {h["id"]: h["score"] for h in searcher.search(query, lang=lang, limit=100)["hits"]}
        mine = {h["id"]: h["score"] for h in together if h["lang"] == lang}
        shared = mine.keys() & alone.keys()
        assert len(shared) >= min(len(mine), 5), (lang, mine, alone)
        assert {uid: mine[uid] for uid in shared} == {uid: alone[uid] for uid in shared}


def test_what_a_searcher_keeps_between_queries_is_bounded(data: Path) -> None:
    """A server keeps concepts' targets from query to query: at most a fixed number (they
    grew with every concept asked of every book)."""
    from unittest import mock

    from kb.search import units

    fresh = Searcher(index_dir(data).resolve())
    with mock.patch.object(units, "TARGETS_KEPT", 50):
        for query in ("revokki tuli pysyväksi", "opening lead out of turn", "sırasız atak"):
            fresh.search(query)
            assert 0 < len(fresh.units.targets_of) <= 50


def test_queries_at_once_each_get_a_whoosh_searcher(data: Path) -> None:
    """Queries at once in several threads each get a Whoosh searcher (its file readers are
    not shared between threads) and give it back: the answers are those of one thread."""
    from concurrent.futures import ThreadPoolExecutor

    fresh = Searcher(index_dir(data).resolve())
    queries = ["sırasız atak", "pokutová karta", "loobumine tihidest", "revokki"] * 3
    with ThreadPoolExecutor(4) as pool:
        found = list(pool.map(lambda q: fresh.search(q)["hits"][0]["law"], queries))
    assert found == [fresh.search(q)["hits"][0]["law"] for q in queries]
    assert 1 <= fresh.searchers.qsize() <= 5  # the one the index was opened with, and 4


def test_the_index_key_holds_the_situation_thesaurus(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The thesaurus is built into the index (its concepts and letters): an edited phrase
    must rebuild it, or `lawkb build` keeps serving the old phrases."""
    manifest = {"documents": {"fi": {"hash": "ab12"}}}
    before = index_build.index_key(manifest)
    edited = tmp_path / "situations"
    shutil.copytree(index_build.SITUATIONS, edited)
    path = edited / "fi.toml"
    path.write_text(path.read_text(encoding="utf-8") + "\n# a reviewer's note\n", "utf-8")
    monkeypatch.setattr(index_build, "SITUATIONS", edited)
    assert index_build.index_key(manifest) != before


def test_a_build_failing_while_its_writers_index_leaves_no_process(
    data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An index build that fails once Whoosh's writer processes have work (here: the
    concepts' tables, worked out meanwhile) raises, and its writers end with it rather than
    wait for more work (a process left waiting would hold the build's exit)."""
    import multiprocessing
    import time

    from kb import store

    def broken(units, profiles):
        raise RuntimeError("no concepts")

    monkeypatch.setattr(index_build, "concept_tables", broken)
    kb = store.current(data)
    with pytest.raises(RuntimeError, match="no concepts"):
        index_build.write(tmp_path, kb, store.manifest_at(kb), "x", time.perf_counter())
    assert multiprocessing.active_children() == []
