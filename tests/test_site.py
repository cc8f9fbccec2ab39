"""The site through Flask's test client: every page type in every language, real content."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from kb.web import create_app
from kb.web.security import HEADERS

LAWBOOKS = ["fi", "tr", "sk", "et"]
UI = ["en", "fi", "tr", "sk", "et", "sv"]
LAW12 = {
    "fi": "KILPAILUNJOHTAJAN HARKINTAVALTA",
    "tr": "HAKEMİN TAKDİR YETKİLERİ",
    "sk": "VOĽNÉ ROZHODOVANIE VEDÚCEHO",
    "et": "Kohtuniku iseotsustamisõigus",
}


def html(client: FlaskClient, url: str, status: int = 200, **kw) -> str:
    response = client.get(url, **kw)
    assert response.status_code == status, (url, response.status_code)
    return response.get_data(as_text=True)


@pytest.mark.parametrize("lang", LAWBOOKS)
def test_index_lists_the_laws_of_a_language(client: FlaskClient, lang: str) -> None:
    page = html(client, f"/?lang={lang}")
    assert page.count('<li value="') == 93
    assert f'href="/{lang}/law/12"' in page and LAW12[lang] in page


def test_index_of_the_card_lists_its_topics(client: FlaskClient) -> None:
    page = html(client, "/?lang=sv")
    assert "BEHANDLING AV STRAFFKORT" in page


@pytest.mark.parametrize("lang", LAWBOOKS)
def test_law_page(client: FlaskClient, lang: str) -> None:
    page = html(client, f"/{lang}/law/12")
    heading = {"fi": "12 §", "tr": "Yasa 12", "sk": "Pravidlo 12", "et": "Reegel 12"}[lang]
    caps = " caps" if LAW12[lang].isupper() else ""  # shown in sentence case, printed as is
    title = f'<span class="t{caps}">{LAW12[lang]}</span>'
    assert f'<h1><span class="num">{heading}</span> {title}</h1>' in page
    for uid in ("12A", "12C1", "12C1b", "12C2"):
        assert f'id="{uid}"' in page
    assert 'rel="prev" href="/' + lang + '/law/11"' in page
    assert 'rel="next" href="/' + lang + '/law/13"' in page
    assert 'href="/compare/12"' in page


def test_cross_references_go_where_the_text_says(client: FlaskClient) -> None:
    fi = html(client, "/fi/law/12")
    # 12A: "Pelaajan aloitteesta laissa (s. 108) 92B § säädetyssä määräajassa"
    assert '<a class="xref" href="/fi/law/92#92B"' in fi
    assert ">laissa (s. 108) 92B §</a>" in fi
    # 12A2: "(katso C2-momentti alempana)" resolves against Law 12.
    assert 'href="/fi/law/12#12C2" title="laki 12C2 §" data-target="12.C.2">C2-momentti</a>' in fi
    tr = html(client, "/tr/law/27")
    # 27B1(a) cites "Yasalar 26B ve 16C": each code links to its own unit.
    assert re.search(r'href="/tr/law/26#26B"[^>]*>26B</a> ve <a[^>]*href="/tr/law/16#16C"', tr)
    sk = html(client, "/sk/law/38")
    assert 'href="/sk/law/23"' in sk  # 38D: "Pravidlo 23 sa môže použiť"


def test_footnotes_and_tables(client: FlaskClient) -> None:
    fi13 = html(client, "/fi/law/13")
    assert '<a href="#fn-13-2" id="fnref-13-2">2</a>' in fi13
    assert re.search(r'<li id="fn-13-2">.*Tätä lakia käytetään', fi13)
    fi2 = html(client, "/fi/law/2")
    assert re.search(r"<table>.*<td>jakajana</td><td>Pohjoinen</td>", fi2, re.S)
    tr78 = html(client, "/tr/law/78")
    assert "<td>4000 +</td>" in tr78 or "<td>4000+</td>" in tr78


def test_cited_by_and_other_languages(client: FlaskClient) -> None:
    """The other documents are listed once per law page (each its law, the card's its
    comparison), not per unit: the unit in every language is one step away, in its row of
    the comparison or on its cite page."""
    page = html(client, "/tr/law/16")
    assert "Cited by" in page
    others = page.split('<nav class="other-docs"')[1].split("</nav>")[0]
    assert re.findall(r'href="([^"]+)" hreflang="(\w+)"', others) == [
        ("/et/law/16", "et"),
        ("/fi/law/16", "fi"),
        ("/sk/law/16", "sk"),
        ("/compare/16?langs=sv,et,fi,sk,tr", "sv"),  # the card's law: its comparison
    ]
    main = page.split("<main")[1]
    assert main.count('hreflang="fi"') == 1 and main.count('class="cite-link"') > 20


def test_copy_citation(client: FlaskClient) -> None:
    """The law page links each unit's citation page (no citation text repeated per unit);
    that page has both citations ready to copy."""
    law = html(client, "/fi/law/12")
    assert 'href="/cite?lang=fi&amp;id=12.C.1.b">Cite</a>' in law and "<textarea" not in law
    page = html(client, "/cite?lang=fi&id=12.C.1.b")
    assert (
        "Law 12C1(b) – Laws of Duplicate Bridge 2017, Finnish translation: "
        "“b. Korvaavaa korjattua pistetulosta määrätessään kilpailunjohtajan"
    ) in page
    assert "Laki 12C1b § – Vuoden 2017 kilpailubridgen laki: ”b. Korvaavaa" in page
    assert " /fi/law/12#12C1b</textarea>" in page


def test_compare_aligns_rows_and_says_why_a_cell_is_empty(client: FlaskClient) -> None:
    page = html(client, "/compare/23?langs=fi,tr,et,sk")
    assert '<tr class="section" id="23A"><th scope="row"><a href="#23A">23A</a>' in page
    assert "not in the 2007 edition" in page or "no counterpart known" in page
    page = html(client, "/compare/50?langs=fi,sv")
    assert "BEHANDLING AV STRAFFKORT" in page


# The columns of a comparison no document is asked for: the reader's own book first, the
# others by their names in the reader's language (Finnish: ruotsi, slovakki, turkki, viro;
# Turkish: Estonca, Fince, İsveççe, Slovakça; Estonian: rootsi, slovaki, soome, türgi).
COLUMNS = {
    "fi": ["fi", "sv", "sk", "tr", "et"],
    "tr": ["tr", "et", "fi", "sv", "sk"],
    "sk": ["sk", "et", "fi", "sv", "tr"],
    "et": ["et", "sv", "sk", "fi", "tr"],
    "sv": ["sv", "et", "fi", "sk", "tr"],
    "en": ["et", "fi", "sk", "sv", "tr"],
}


@pytest.mark.parametrize("ui", COLUMNS)
def test_a_comparison_opens_on_the_readers_book(client: FlaskClient, ui: str) -> None:
    """Its columns in the order of the language links above them (the reader's book first);
    every "compare" link of a law page lands on a row or cell of the comparison it opens."""
    for number in ("12", "77"):
        page = html(client, f"/compare/{number}?ui={ui}")
        assert re.findall(r'<th scope="col" data-doc="(\w+)"', page) == COLUMNS[ui]
        links = re.findall(r'<a data-doc="(\w+)"', page.split('class="lang-links">')[1])
        assert [x for x in links if x != ui] == [x for x in COLUMNS[ui] if x != ui]
        ids = set(re.findall(r' id="([^"]+)"', page))
        book = ui if ui in ("fi", "tr", "sk", "et") else "fi"
        law = html(client, f"/{book}/law/{number}?ui={ui}")
        places = re.findall(rf'class="row-link" href="/compare/{number}#([^"]+)"', law)
        assert places and not set(places) - ids, sorted(set(places) - ids)


@pytest.mark.parametrize("lang", LAWBOOKS)
def test_definitions_sorted_by_the_language_alphabet(client: FlaskClient, lang: str) -> None:
    page = html(client, f"/{lang}/definitions")
    terms = [t.strip() for t in re.findall(r"<dt id=\"[^\"]+\">([^<]+)", page)]
    assert len(terms) >= 61
    if lang == "tr":
        assert terms.index("Cezalı kart") < terms.index("Çıkış") < terms.index("Dağıtım")
        assert terms.index("Artı Löve") < terms.index("Artırım")
    if lang == "et":
        assert terms.index("VOOR") < terms.index("VÕISTKOND") < terms.index("VÄLJAMÄNG")
        assert terms.index("VÄLJAMÄNG") < terms.index("ÜKSIKPAKKUMINE") == len(terms) - 3


def test_law_text_links_defined_terms(client: FlaskClient) -> None:
    page = html(client, "/et/law/50")
    assert re.search(r'<a class="term" href="/et/definitions#deftrahvikaart"', page)


@pytest.mark.parametrize(
    "asked, canonical",
    [
        ("/fi-2017/law/12", "/fi/law/12"),
        ("/sk-2007/law/12?ui=fi", "/sk/law/12?ui=fi"),
        ("/sv-2007-card/part/topic.63", "/sv/part/topic.63"),
        ("/et-2017/definitions", "/et/definitions"),
        ("/tr-2017/index", "/tr/index"),
        ("/compare/12?langs=fi-2017,sk-2007", "/compare/12?langs=fi,sk"),
    ],
)
def test_a_document_id_names_its_book(client: FlaskClient, asked: str, canonical: str) -> None:
    """A page asked for by a document's id is the page of its book, at the address links
    use (the language's code, for the language's only document)."""
    answer = client.get(asked)
    assert (answer.status_code, answer.headers["Location"]) == (302, canonical)
    assert client.get(canonical).status_code == 200


def test_query_parameters_take_a_document_id(client: FlaskClient) -> None:
    page = client.get("/cite?lang=sk-2007&id=12.C.1").get_data(as_text=True)
    assert 'href="/sk/law/12#12C1"' in page
    assert client.get("/cite?q=12C1&lang=fi-2017").headers["Location"] == "/fi/law/12#12C1"
    found = client.get("/search?q=revokki&lang=fi-2017").get_data(as_text=True)
    assert 'href="/fi/law/63' in found and "/fi-2017/" not in found
    table = client.get("/table/12?langs=tr-2017,fi-2017").get_data(as_text=True)
    assert 'id="tm-tr"' in table and 'id="tm-fi"' in table


def test_cite_resolves_or_explains(client: FlaskClient) -> None:
    assert client.get("/cite?q=Yasa+16B").headers["Location"] == "/tr/law/16#16B"
    assert client.get("/cite?q=pravidlo+40B2(b)").headers["Location"] == "/sk/law/40#40B2b"
    assert client.get("/cite?q=Law+12C1b&lang=et").headers["Location"] == "/et/law/12#12C1b"
    # The card's "lag 16D" is a 2007 citation: the 2007 book answers it (2017 16D differs).
    assert client.get("/cite?q=lag+16D").headers["Location"] == "/sk/law/16#16D"
    assert client.get("/cite?q=katso+laki+(s.+24)+12C1+§").headers["Location"] == "/fi/law/12#12C1"
    page = html(client, "/cite?q=laki+12C9&lang=fi", status=404)
    said = (
        'Law 12C9 does not exist in “<span lang="fi">Vuoden 2017 kilpailubridgen laki</span>”; '
        "the nearest unit is Law 12C."
    )
    assert said in page


def test_alignment_matrix(client: FlaskClient) -> None:
    page = html(client, "/alignment")
    assert page.count('<tr><th><a href="/compare/') == 93


@pytest.mark.parametrize("ui", UI)
def test_ui_language_by_parameter(client: FlaskClient, ui: str) -> None:
    page = html(client, f"/fi/law/12?ui={ui}")
    assert f'<html lang="{ui}">' in page


def test_ui_language_cookie_then_accept_language() -> None:
    client = create_app().test_client()
    assert '<html lang="tr">' in html(client, "/", headers={"Accept-Language": "tr,en;q=0.5"})
    html(client, "/?ui=sk")
    assert '<html lang="sk">' in html(client, "/", headers={"Accept-Language": "tr"})


def test_ui_is_translated(client: FlaskClient) -> None:
    assert ">Hae</button>" in html(client, "/?ui=fi")
    assert ">Ara</button>" in html(client, "/?ui=tr")


def test_security_headers(client: FlaskClient) -> None:
    response = client.get("/fi/law/1")
    for name, value in HEADERS.items():
        assert response.headers[name] == value


@pytest.mark.parametrize(
    "url",
    ["/xx/law/1", "/fi/law/999", "/fi/law/abc", "/compare/999", "/xx/definitions", "/nope"],
)
def test_unknown_things_answer_a_helpful_404(client: FlaskClient, url: str) -> None:
    page = html(client, url, status=404)
    assert "Cite a law" in page and "<h1>Not found</h1>" in page


def test_reflected_parameters_are_escaped(client: FlaskClient) -> None:
    probe = '"><script>alert(1)</script>'
    for url in (f"/search?q={probe}", f"/cite?q={probe}", f"/xx{probe}/law/1", f"/?lang={probe}"):
        page = client.get(url).get_data(as_text=True)
        assert "<script>alert(1)" not in page


def test_api(client: FlaskClient) -> None:
    laws = client.get("/api/v1/laws?lang=et").get_json()["laws"]
    law12 = {"lang": "et", "document": "et-2017", "number": "12", "title": LAW12["et"]}
    assert len(laws) == 93 and laws[11] == law12
    law = client.get("/api/v1/laws/tr/12").get_json()
    assert law["units"][0]["title"] == LAW12["tr"] and law["edition"] == 2017
    assert (law["lang"], law["document"]) == ("tr", "tr-2017")
    unit = client.get("/api/v1/units/sk/40.B.2.b").get_json()
    assert unit["citation"] == "pravidlo 40B2(b)" and unit["lang"] == "sk"
    assert unit["document"] == "sk-2007"
    # a document's id names it as its language's code does
    assert client.get("/api/v1/units/sk-2007/40.B.2.b").get_json() == unit
    found = client.get("/api/v1/cite?q=Reegel+27B1b&lang=et").get_json()
    assert found["id"] == "27.B.1.b" and found["edition"] == 2017
    assert (found["lang"], found["document"]) == ("et", "et-2017")
    hits = client.get("/api/v1/search?q=revoke&lang=sv-2007-card").get_json()["hits"]
    assert hits and {(h["lang"], h["document"]) for h in hits} == {("sv", "sv-2007-card")}


@pytest.mark.parametrize(
    "url, status",
    [
        ("/api/v1/laws?lang=xx", 404),
        ("/api/v1/laws/fi/999", 404),
        ("/api/v1/units/fi/99.Z", 404),
        ("/api/v1/cite?q=12C9&lang=fi", 404),
        ("/api/v1/cite?q=12", 400),
        ("/api/v1/search?q=a&limit=x", 400),
        ("/api/v1/nothing", 404),
    ],
)
def test_api_errors_are_json(client: FlaskClient, url: str, status: int) -> None:
    response = client.get(url)
    assert response.status_code == status
    assert response.is_json and response.get_json()["error"]
