"""The subject index as a layer (kb/layers/subject_index.py) on the real Estonian and Finnish books.

Every expectation was read off the source (corpus/et/et.txt "Lisa 1 INDEKS" from line 2607;
corpus/fi/fi.txt "## Hakemisto" from line 2554), never copied from the parser's output.
"""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from kb.core.model import Document
from kb.layers.subject_index import read_index
from kb.profiles import load_profile
from tests.conftest import CORPUS, parsed

TITLE_54 = "Avatud avakäigukaart valest käest"  # et.txt: "Reegel 54 Avatud avakäigukaart ..."


def entries(lang: str) -> list[dict]:
    return next(u for u in parsed(lang).units if u.kind == "index").entries


def at(lang: str, line: int, term: str) -> dict:
    """The entry printed on a line with that term."""
    found = [e for e in entries(lang) if line in e["lines"] and e["term"] == term]
    assert len(found) == 1, (line, term, [e["term"] for e in entries(lang) if line in e["lines"]])
    return found[0]


@pytest.mark.parametrize("lang", ["et", "fi"])
def test_no_index_line_is_lost(lang: str) -> None:
    """Every non-blank line of the index is its heading or preface, in an entry, or a source
    oddity reported in the document's notes."""
    doc: Document = parsed(lang)
    raw = (CORPUS / lang / f"{lang}.txt").read_text(encoding="utf-8").split("\n")
    unit = next(u for u in doc.units if u.kind == "index")
    reading = read_index(doc, raw, load_profile(lang), CORPUS / lang)
    assert reading is not None
    odd = {no for no, _ in reading.odd}
    noted = {n.line for n in doc.notes}
    first, last = unit.lines
    lost = [
        no
        for no in range(first, last + 1)
        if raw[no - 1].strip() and no not in reading.placed and no not in odd
    ]
    assert lost == [] and odd <= noted
    in_entries = {no for e in reading.entries for no in e.lines}
    assert {no for no, what in reading.placed.items() if what in ("entry", "see")} <= in_entries
    assert len(entries(lang)) > 750


def test_estonian_rows_term_laws_english() -> None:
    # l.2633 "Avakäik väljaspool järjekorda<TAB>54<TAB>Out of turn" under l.2630 "Avakäik"
    e = at("et", 2633, "Avakäik väljaspool järjekorda")
    assert (e["heading"], e["english"], e["heading_english"], e["targets"]) == (
        "Avakäik", "Out of turn", "Opening lead", ["54"]
    )  # fmt: skip
    # l.2613 "Alerdi puudumine, ebaseaduslik teave<TAB>16B1, 73C<TAB>Failure to, ..."
    e = at("et", 2613, "Alerdi puudumine, ebaseaduslik teave")
    assert (e["heading"], e["targets"]) == ("Alert", ["16.B.1", "73.C"])
    # l.2612 "Alert<TAB>Mõisted<TAB>Alert": the definition
    assert at("et", 2612, "Alert")["targets"] == ["def.alert"]


def test_estonian_see_and_see_also() -> None:
    # l.2619-2620 "Arusaamine" / "<i>Vt partneritevaheline arusaamine</i>"
    e = at("et", 2619, "Arusaamine")
    assert e["see"] == [{"term": "partneritevaheline arusaamine", "also": False}]
    assert "targets" not in e and 2620 in e["lines"]
    # l.2639-2640 "Bluff<TAB>Mõisted, 40<TAB>Psychic call" / "<i>Vt ka partneritevahelised ...
    e = at("et", 2639, "Bluff")
    assert e["targets"] == ["def.bluffpakkumine", "40"]
    assert e["see"] == [{"term": "partneritevahelised arusaamad", "also": True}]


def test_estonian_columns_printed_one_after_another() -> None:
    """l.3377-3522: terms, laws and English terms of 44 rows printed as three runs
    (corpus/et/index.toml)."""
    e = at("et", 3377, "Väärteave")  # laws "Sissejuhatus," + "20F1, 75D" (3429-3430)
    assert (e["english"], e["targets"]) == ("Misinformation", ["introduction", "20.F.1", "75.D"])
    rights = at("et", 3402, "Õigused")  # a heading with no law: English "Rights" (3500)
    assert rights["english"] == "Rights" and "targets" not in rights
    e = at("et", 3404, "Laua õigused")  # law 42 (3454), "Dummy's" (3501)
    assert (e["heading"], e["english"], e["targets"]) == ("Õigused", "Dummy's", ["42"])
    e = at("et", 3427, "Tahtmatu üksikpakkumise muutmine")  # the last of each run
    assert (e["english"], e["targets"], e["lines"]) == (
        "Change of unintentional call", ["25.A"], [3427, 3476, 3522]
    )  # fmt: skip


def test_finnish_pages_are_not_targets() -> None:
    # l.2572 "Virheellinen selostus 20F5a §, 37" under l.2564 "### Alert, 10"
    e = at("fi", 2572, "Virheellinen selostus")
    assert (e["heading"], e["targets"]) == ("Alert", ["20.F.5.a"])
    # "### Alert, 10": page 10 is the definitions' first page
    assert at("fi", 2564, "Alert")["targets"] == ["def.alert"]
    # l.3025/3027 "Luovutus" + "68 §–71 §, 83–87": laws 68 to 71, pages 83 to 87
    assert at("fi", 3027, "Luovutus")["targets"] == ["68", "69", "70", "71"]


def test_finnish_two_columns_untangled() -> None:
    # l.2726 "Ei tulosta, jakaminen sekoittamatta 6D2 §, 18<TAB>Kumoutuminen 19C §, 35"
    assert at("fi", 2726, "Ei tulosta jakaminen sekoittamatta")["targets"] == ["6.D.2"]
    assert at("fi", 2726, "Kumoutuminen")["targets"] == ["19.C"]
    # l.3102: a run of entries on one line under "<b>Maalaus, 12</b>"
    e = at("fi", 3102, "Riittämätön maalaus")
    assert (e["heading"], e["targets"]) == ("Maalaus", ["27"])
    assert at("fi", 3102, "Erehdys")["targets"] == ["21.B.1.b", "75"]


def test_unresolved_index_codes_are_listed() -> None:
    unresolved = {(p.line, p.message) for p in parsed("fi").unresolved}
    # l.3647 "Selvitysvaihe 440B2c(ii) §": a misprint (40B2c(ii))
    assert (3647, 'index entry "Selvitysvaihe": misprinted code 440B2c(ii)') in unresolved
    et = {(p.line, p.message) for p in parsed("et").unresolved}
    # l.2665 "Ülemäärane teave<TAB>16A3": Law 16A has no subsection 3 in 2017
    assert (2665, 'index entry "Ülemäärane teave": no unit 16A3 in this book') in et


# -- the pages and the API -------------------------------------------------------------------


def page(client: FlaskClient, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.get_data(as_text=True)


def entry_html(html: str, term: str) -> str:
    """The list item of an index page that names a term."""
    found = re.search(rf"<li[^>]*>{re.escape(term)}\b.*?</li>", html, re.S)
    assert found, term
    return found.group(0)


def test_index_pages_link_each_entry_to_its_units(client: FlaskClient) -> None:
    et = page(client, "/et/index")
    item = entry_html(et, "Avakäik väljaspool järjekorda")  # et.txt:2633 "... 54 Out of turn"
    assert 'href="/et/law/54"' in item and "(Out of turn)" in item
    item = entry_html(et, "Alerdi puudumine, ebaseaduslik teave")  # 2613 "16B1, 73C"
    assert 'href="/et/law/16#16B1"' in item and 'href="/et/law/73#73C"' in item
    assert 'href="/et/definitions#def' in entry_html(et, "Alert")  # 2612 "Mõisted"
    fi = page(client, "/fi/index")
    assert 'href="/fi/law/20#20F5a"' in entry_html(fi, "Virheellinen selostus")  # 2572
    assert et.index(">A</a>") < et.index(">Õ</a>") < et.index(">Ü</a>")  # the book's alphabet
    # A book with no index of its own: one made in its words, the English entries under each
    # (corpus/<lang>/subject-index.toml; the headings: tr.txt "YASA 54 – YÜZÜ AÇIK SIRASIZ
    # ATAK" l.1569, sk.txt "PRAVIDLO 54 – POČIATOČNÝ VÝNOS MIMO PORADIA" l.1179)
    for lang, term in (("tr", "Yüzü açık sırasız atak"), ("sk", "Počiatočný výnos mimo poradia")):
        item = entry_html(page(client, f"/{lang}/index"), term)
        assert f'href="/{lang}/law/54"' in item and "Opening lead, out of turn" in item
        assert '<small class="english" lang="en">' in item


def test_index_is_linked_from_home_and_law_pages(client: FlaskClient) -> None:
    for url in ("/?lang=tr", "/fi/law/12", "/sk/law/40"):
        lang = "tr" if url.startswith("/?") else url.split("/")[1]
        assert f'href="/{lang}/index"' in page(client, url)


def test_index_api(client: FlaskClient) -> None:
    data = client.get("/api/v1/index/et").get_json()
    assert data["lang"] == data["source"] == "et"
    entries = [e for group in data["letters"] for e in group["entries"]]
    out_of_turn = next(e for e in entries if e["term"] == "Avakäik väljaspool järjekorda")
    assert out_of_turn["english"] == "Out of turn"
    assert out_of_turn["targets"] == [{"id": "54", "label": "reegel 54 " + TITLE_54}]
    assert client.get("/api/v1/index/xx").status_code == 404


def test_every_hit_is_reachable(client: FlaskClient) -> None:
    first = client.get("/api/v1/search?q=kortti&lang=fi&limit=100").get_json()
    total = first["total"]
    seen = []
    for offset in range(0, total, 100):
        got = client.get(f"/api/v1/search?q=kortti&lang=fi&limit=100&offset={offset}")
        seen += [h["id"] for h in got.get_json()["hits"]]
    assert total > 100 and len(seen) == len(set(seen)) == total
    html = page(client, "/search?q=kortti&lang=fi")
    assert f"{total} units found" in html and "page=2" in html
    last = -(-total // 20)  # 20 hits a page: the last page holds the last hits
    html = page(client, f"/search?q=kortti&lang=fi&page={last}")
    assert f"<span>{last} / {last}</span>" in html and "page={last + 1}" not in html


def test_finnish_see_links_belong_to_their_heading() -> None:
    # l.2556 "### Aakkostettu pakka, 10" ... l.2562 "*Huom, katso Pakka*"
    e = at("fi", 2556, "Aakkostettu pakka")
    assert e["see"] == [{"term": "Pakka", "also": False}] and 2562 in e["lines"]
    # l.2658 "### Epäsäännöllisyys, 10", its sub-entries, then "*Huom, katso Rikkomus*"
    assert at("fi", 2658, "Epäsäännöllisyys")["see"] == [{"term": "Rikkomus", "also": False}]
    assert "see" not in at("fi", 2686, "Vastapuolen oikeudet")


def test_the_finnish_back_cover_is_not_index(client: FlaskClient) -> None:
    # fi.txt:3891-3898 "Suomen Bridgeliitto – Finlands Bridgeförbund ry", the address, the site
    units = {u.id: u for u in parsed("fi").units}
    assert units["index"].lines[1] < 3891 == units["back"].lines[0]
    assert units["back"].text.startswith("Suomen Bridgeliitto – Finlands Bridgeförbund ry")
    assert ">Takakansi</h1>" in page(client, "/fi/part/back?ui=fi")


# The 18 entries of the Finnish index a line break cut a word of (fi.txt, "## Hakemisto"), as
# the law text joins them: the word whole, the source keeping its hyphen (tests/data/hyphens.tsv).
FINNISH_WHOLE = [
    (2811, "virheen korjaus määräajan jälkeen"),
    (2814, "Säännöistä vastaava liitto järjestäjänä"),
    (3033, "Luovutuksen tai vaatimuksen hyväksyminen"),
    (3036, "peruuttaminen"),
    (3039, "täyttymishetki"),
    (3067, "Ennen jaon aloittamista omattu; tätä laki ei estä"),
    (3104, "Kyvyttömyys lähteä vaaditulla tavalla"),
    (3224, "Pöydästä poistuminen tarpeettomasti"),
    (3227, "yhdenmukaista toimintaa"),
    (3275, "Sopimuksen vaihtaminen vastustajan tekemän epäsäännöllisyyden jälkeen"),
    (3323, "Partnerien sopimukset"),
    (3351, "Rankaiseminen tai kilpailusta poistaminen"),
    (3369, "Kahdestoista tikki ennen puolustajan partnerin pelaamista"),
    (3414, "toisella riittämättömällä maalauksella"),
    (3567, "Mahdollisuus jatkettuun muutoksenhakuun"),
    (3591, "Tarkoitettun tarjouksen muuttaminen"),
    (3715, "Laillisista tarjouksista tai pelitavoista"),
    (3722, "Peruutetuista tarjouksista tai pelitavoista"),
]


@pytest.mark.parametrize(("line", "words"), FINNISH_WHOLE)
def test_finnish_index_words_are_joined_as_the_law_text(line: int, words: str) -> None:
    """Each of the 18 entries serves its words whole, the source keeps the hyphen; and no
    entry keeps a word cut by a line break (`sana- sana`)."""
    raw = (CORPUS / "fi" / "fi.txt").read_text(encoding="utf-8").split("\n")
    assert "-" in raw[line - 1] and words not in raw[line - 1]
    found = [e for e in entries("fi") if line in e["lines"]]
    assert any(
        words in f"{e['term']} {' '.join(s['term'] for s in e.get('see', []))}" for e in found
    )
    assert not [e["term"] for e in entries("fi") if re.search(r"[a-zäö]- [a-zäö]", e["term"])]


def test_the_printed_index_is_served_in_reading_order(client: FlaskClient) -> None:
    """/fi/part/index reads the two-column page down its left column, then down its right
    one (fi.txt 3565-3568: "Kansallinen, SBL 80A1c §, 99<TAB>Muuttaminen liian myöhäistä",
    "Mahdollisuus jatkettuun muutok-<TAB>21B3 §, 38", "senhakuun 93C §, 109<TAB>Oikealla
    vuorolla tehdyksi"); /et/part/index a row a line, its columns the converter printed one
    after another zipped back (et.txt 3377 "Väärteave", 3429-3430 "Sissejuhatus," / "20F1,
    75D", 3478 "Misinformation"), the English column marked as English."""
    index = next(u for u in parsed("fi").units if u.kind == "index")
    assert (
        "Kansallinen, SBL 80A1c §, 99\nMahdollisuus jatkettuun muutoksenhakuun 93C §, 109\n"
        in index.text
    )
    assert "Muuttaminen liian myöhäistä\n21B3 §, 38\nOikealla vuorolla tehdyksi" in index.text
    assert "\t" not in index.text and "muutok-" not in index.text
    html = page(client, "/fi/part/index")
    assert "Mahdollisuus jatkettuun muutoksenhakuun 93C §, 109<br>" in html
    et = next(u for u in parsed("et").units if u.kind == "index")
    assert "\nVäärteave\tSissejuhatus, 20F1, 75D\tMisinformation\n" in et.text
    html = page(client, "/et/part/index")
    assert (
        'Väärteave · Sissejuhatus, 20F1, 75D · <span class="english" lang="en">Misinformation'
        "</span>"
    ) in html
