"""The glossary layer: definitions linked across languages, and defined terms in law text.

The expected concepts, ids and links below were established by reading the definition bodies
and the law texts; the comments quote the words that decide them.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from kb.core.ids import LAW_LEVELS
from kb.core.model import Document, Unit
from kb.core.profile import CODE
from kb.layers.glossary import (
    concept_of,
    concepts,
    definitions_of,
    english,
    links,
    term_links,
    unlinked,
)
from kb.profiles import load_references
from tests.conftest import parsed, units_by_id

LANGS = ("fi", "tr", "sk", "et")


def definitions(doc: Document) -> list[Unit]:
    return [u for u in doc.units if u.kind == "definition"]


# --- the cross-language links ---------------------------------------------------------------


def test_every_definition_is_linked_or_unlinked(lawbook: Document) -> None:
    linked = [x.id for x in links() if x.lang == lawbook.lang]
    left = [u.id for u in unlinked() if u.lang == lawbook.lang]
    ids = [u.id for u in definitions(lawbook)]
    assert sorted(linked + left) == sorted(ids)  # each exactly once, and nothing else


def test_unlinked_definitions() -> None:
    assert [(u.lang, u.id) for u in unlinked()] == [
        ("tr", "def.harici-bilgi"),  # "Oyunun yasal prosedürleri ile verilen bilginin dışındaki
        # bilgi": extraneous *information*; fi/et define only 'extraneous' (Asiaankuulumaton)
        ("sk", "def.konvencia"),  # 2007 'convention'; the 2017 books have none
        ("sk", "def.veduci"),  # (Director): 2007 only
        ("et", "def.tagasi-voetud"),  # (retracted), "Vt kehtetuks tunnistatud": et only
    ]
    assert all(u.reason for u in unlinked())


def test_concepts_link_at_least_two_books() -> None:
    assert len(concepts()) == 65
    for concept in concepts():
        assert len(definitions_of(concept)) >= 2, concept


def test_counts_per_book() -> None:
    assert {lang: sum(x.lang == lang for x in links()) for lang in LANGS} == {
        "fi": 65,
        "tr": 63,
        "sk": 59,
        "et": 70,
    }


def test_by_is_one_of_the_three_ways() -> None:
    assert {x.by for x in links()} == {"english", "laws", "wording"}


def test_links_by_english_name_the_concept() -> None:
    """Where a link is by English, the book prints one of the concept's English terms: beside
    the term (sk, et) or in the body (fi "(engl. bid)")."""
    for x in links():
        if x.by == "english":
            unit = units_by_id(x.lang)[x.id]
            printed = {p.strip().lower() for p in re.split(r"[,=]", unit.english or "")}
            in_body = any(re.search(rf"\b{e}\b", unit.text, re.I) for e in english(x.concept))
            assert printed & set(english(x.concept)) or in_body, (x, unit.english)


def cited(unit: Unit) -> frozenset[str]:
    """The law codes a definition body cites, read with the book's own reference forms.
    (The Finnish forms take in the page number printed before each law: "laki (s. 24) 12 §".)"""
    found = set()
    for form in load_references(unit.lang).forms:
        if form.scope == "book":
            for m in form.pattern.finditer(unit.text):
                codes = re.sub(r"\(s\.\s?\d+\)", "", m["codes"])
                found.update(re.sub(r"\s", "", c) for c in re.findall(CODE, codes))
    return frozenset(found)


def test_links_by_laws_cite_what_a_counterpart_cites_and_no_other_definition_does() -> None:
    for x in links():
        if x.by == "laws":
            unit = units_by_id(x.lang)[x.id]
            codes = cited(unit)
            others = [cited(units_by_id(lang)[i]) for lang, ids in definitions_of(x.concept).items()
                      if lang != x.lang for i in ids]  # fmt: skip
            assert codes and codes in others, (x, codes, others)
            same = [u.id for u in definitions(parsed(x.lang)) if cited(u) == codes]
            assert same == [x.id], (x, same)


def test_a_law_citation_decides_adjusted_score() -> None:
    # fi "Kilpailunjohtajan antama pistetulos (katso laki (s. 24) 12 §)", tr "(bkz. Yasa 12)":
    # no other definition of either book cites Law 12 alone.
    assert cited(units_by_id("fi")["def.korjattu-pistetulos"]) == {"12"}
    assert cited(units_by_id("tr")["def.ayarli-skor"]) == {"12"}


# Cross-language links checked by reading the four bodies.
READ = {
    # fi "Kortti, jonka käsittely on säännelty laissa (s. 65) 50 §"; tr "Yasa 50 kapsamında
    # tertibe konu olan kart"; sk (Penalty card); et (penalty card)
    "penalty-card": {
        "fi": ["def.rangaistuskortti"],
        "tr": ["def.cezali-kart"],
        "sk": ["def.karta-pokutova"],
        "et": ["def.trahvikaart"],
    },
    # fi "Tulos, joka antaa 100 tai enemmän tikkipistettä"; tr "en az 100 löve puanı": the
    # Turkish 'game' is Zon, not Oyun
    "game": {"fi": ["def.tayspeli"], "tr": ["def.zon"], "sk": ["def.hra"], "et": ["def.geim"]},
    # fi "90 tai vähemmän tikkipistettä"; tr "90 veya daha az löve puanı"
    "partscore": {
        "fi": ["def.osamerkinta"],
        "tr": ["def.partskor"],
        "sk": ["def.zavazok-ciastocny"],
        "et": ["def.osamang"],
    },
    # fi "1. Pelinviejän partneri"; tr "1. Deklaranın ortağı"; et LAUD (dummy)
    "dummy": {
        "fi": ["def.lepaaja"],
        "tr": ["def.yer"],
        "sk": ["def.hrac-tichy"],
        "et": ["def.laud"],
    },
    # fi "Laissa (s. 16) 2 § kuvattu kilpailubrikka"; tr "Yasa 2’de tanımlanmış turnuva bordu";
    # et JAOTUS (board) "Reeglis 2 kirjeldatud jaotusekarp" and JAOTUSEKARP (board)
    "board": {
        "fi": ["def.brikka"],
        "tr": ["def.bord"],
        "sk": ["def.krabica"],
        "et": ["def.jaotus-board", "def.jaotusekarp"],
    },
    # fi "1. Korttipakan jakaantuminen neljän pelaajan käsiin"; tr "1. Destenin dört oyuncunun
    # ellerini oluşturacak biçimde dağıtılması"; sk Rozdanie and Rozdávanie both (Deal)
    "deal": {
        "fi": ["def.jako"],
        "tr": ["def.dagitim"],
        "sk": ["def.rozdanie", "def.rozdavanie"],
        "et": ["def.jaotus-deal"],
    },
    # fi "Menettely, jossa loppusitoumus määritellään ... tarjouksilla"; tr "konuşmalar yoluyla
    # kontratın belirlenmesi süreci"; et PAKKUMINE and PAKKUMISKÄIK both (auction)
    "auction": {
        "fi": ["def.tarjoussarja"],
        "tr": ["def.artirim"],
        "sk": ["def.drazba"],
        "et": ["def.pakkumine", "def.pakkumiskaik"],
    },
    # fi "(engl. bid)"; tr "en az belirtilen sayıda ... artı löve kazanmayı üstlenme"
    "bid": {
        "fi": ["def.maalaus"],
        "tr": ["def.deklare"],
        "sk": ["def.ponuka"],
        "et": ["def.nimeline-pakkumine"],
    },
    # fi "Mikä tahansa maalaus, kahdennus, vastakahdennus tai passi. (engl. call)";
    # tr "Herhangi bir deklare, kontr, sürkontr veya pas"
    "call": {
        "fi": ["def.tarjous"],
        "tr": ["def.konusma"],
        "sk": ["def.hlaska"],
        "et": ["def.uksikpakkumine"],
    },
    # fi "Maalauksessa ilmoitettu väri tai sangi (NT)"; tr "Bir deklarede belirtilen renk ya da
    # sanzatu"
    "denomination": {
        "fi": ["def.pelin-vaihtoehdot"],
        "tr": ["def.tur-233"],
        "sk": ["def.druh-zavazku"],
        "et": ["def.lepingunimi"],
    },
    # fi "neljä korttia, yksi kultakin pelaajalta"; tr "gerçekte dört karttan oluşan ... birim"
    "trick": {"fi": ["def.tikki"], "tr": ["def.love"], "sk": ["def.zdvih"], "et": ["def.tihi"]},
    # fi "Jokainen pelinviejäpuolen tikki kuudesta ylöspäin"; tr "altı lövenin üzerinde
    # kazanılması gereken her löve"; 2007 sk has no odd trick
    "odd-trick": {"fi": ["def.pistetikki"], "tr": ["def.arti-love"], "et": ["def.liigtihi"]},
    # fi "Vasemmanpuoleinen vastustaja"; et (LHO = left-hand opponent)
    "lho": {"fi": ["def.vpv"], "et": ["def.vasakpoolne-vastane"]},
    # fi "Oikeanpuoleinen vastustaja"; et (RHO = right-hand opponent)
    "rho": {"fi": ["def.opv"], "et": ["def.parempoolne-vastane"]},
    # fi Kilpailu "(Turnauksen synonyymi.)" and Turnaus "(Kilpailun synonyymi.)"; tr Etkinlik
    # "(“Turnuva” ile eşanlamlı)" and Turnuva; sk (Tourrnament, Event)
    "event": {
        "fi": ["def.kilpailu", "def.turnaus"],
        "tr": ["def.etkinlik", "def.turnuva"],
        "sk": ["def.sutaz"],
        "et": ["def.turniir"],
    },
    # tr Usulsüzlük "Bu yasalarla konulan doğru yöntemlerden sapma" and Düzensizlik "Doğru
    # prosedürden sapma": two irregularities, no infraction
    "irregularity": {
        "fi": ["def.epasaannollisyys"],
        "tr": ["def.usulsuzluk", "def.duzensizlik"],
        "sk": ["def.nezrovnalost"],
        "et": ["def.ebareegliparane-toiming"],
    },
    # tr Ceza "İki çeşit ceza vardır:" with its sub-terms Disiplin Cezası (Yasa 91) and
    # Yöntemsel Ceza (Yasa 90); fi "(katso lait (s. 106) 90 § ja (s. 107) 91 §)"
    "penalty": {
        "fi": ["def.rangaistus"],
        "tr": ["def.ceza", "def.disiplin-cezasi", "def.yontemsel-ceza"],
        "sk": ["def.pokuta"],
        "et": ["def.karistus"],
    },
    # et VASTASMÄNGIJA (opponent), VASTASPOOL (opponents) and VASTANE "Vt vastasmängija ja
    # vastaspool"; fi "Vastapuolen pelaaja, vastustajaparin jäsen"
    "opponent": {
        "fi": ["def.vastustaja"],
        "tr": ["def.rakip"],
        "sk": ["def.super"],
        "et": ["def.vastasmangija", "def.vastaspool", "def.vastane"],
    },
    # sk Poradie (no English) "smer hodinových ručičiek, v ktorom sa rozdáva, draží alebo
    # pridáva ku zdvihu"; fi "Myötäpäivään tapahtuva kierto"; tr "saat yönündeki dizilişi"
    "rotation": {
        "fi": ["def.pelin-kierto"],
        "tr": ["def.rotasyon"],
        "sk": ["def.rotacia", "def.poradie"],
        "et": ["def.jarjekord"],
    },
    # fi Peruuttaminen "Peruutetut toimet käsittävät sekä kumotut toimet että ... takaisin
    # ottamisen"; tr "“iptal edilen” hareketler veya “geri alınan” kartlar"
    "withdrawn": {
        "fi": ["def.peruuttaminen"],
        "tr": ["def.geri-alinan"],
        "sk": ["def.odvolany"],
        "et": ["def.kehtetuks-tunnistatud"],
    },
    # fi Kumoaminen "Katso Peruuttaminen" (the kumotut toimet); et TÜHISTATUD (cancelled)
    "cancelled": {"fi": ["def.kumoaminen"], "et": ["def.tuhistatud"]},
    # fi "Pelaaja, josta epäsäännöllisyyden johdosta tulee pelinviejä"; tr "Usulsüzlük olmadığı
    # takdirde deklaran olması beklenen oyuncu"; et glossed "presumed player" (sic)
    "presumed-declarer": {
        "fi": ["def.oletettu-pelinvieja"],
        "tr": ["def.varsayilan-deklaran"],
        "et": ["def.eeldatav-valjamangija"],
    },
    # tr Rönons "Renge uyabilecek ... bir oyuncunun başka renkten bir kart oynaması"; fi and et
    # print no revoke definition
    "revoke": {"tr": ["def.ronons"], "sk": ["def.nepriznanie-farby"]},
}


@pytest.mark.parametrize("concept", sorted(READ))
def test_cross_language_links_read(concept: str) -> None:
    assert definitions_of(concept) == READ[concept]


def test_concept_of() -> None:
    assert concept_of("tr", "def.zon") == "game"  # "en az 100 löve puanı"
    assert concept_of("tr", "def.zon-durumu") == "vulnerability"  # "eksik löve cezalarının"
    assert concept_of("tr", "def.tur-225") == "round"  # "Bir seansın ... bölümü"
    assert concept_of("et", "def.jaotus-deal") == "deal"
    assert concept_of("sk", "def.veduci") is None  # unlinked
    assert concept_of("fi", "def.no-such-term") is None
    with pytest.raises(KeyError):
        definitions_of("no-such-concept")


# --- defined terms in law text --------------------------------------------------------------


@cache
def found(lang: str) -> dict[str, list[dict]]:
    return term_links(parsed(lang).units)


def target(lang: str, unit_id: str, printed: str, nth: int = 1) -> str | None:
    """The definition linked at the nth occurrence of the words `printed` in a unit's text
    (None: no link there); a link found there must span exactly those words."""
    unit = units_by_id(lang)[unit_id]
    field = next(f for f in ("text", "tail", "title") if printed in getattr(unit, f))
    text = getattr(unit, field)
    start = [m.start() for m in re.finditer(rf"\b{re.escape(printed)}\b", text)][nth - 1]
    for link in found(lang).get(unit_id, []):
        if link.get("field", "text") != field:
            continue
        if link["start"] <= start < link["end"]:
            assert (link["term"], link["start"], link["end"]) == (
                printed,
                start,
                start + len(printed),
            )
            return link["target"]
    return None


@pytest.mark.parametrize(
    ("lang", "unit_id", "printed", "expected"),
    [
        # Law 50, penalty cards, in inflected forms
        ("fi", "50", "rangaistuskortti", "def.rangaistuskortti"),
        ("fi", "50.B", "rangaistuskortteja", "def.rangaistuskortti"),
        ("fi", "50.C", "rangaistuskortin", "def.rangaistuskortti"),
        ("fi", "50.D.2.b", "Rangaistuskortti", "def.rangaistuskortti"),
        ("fi", "50.D.2.b", "rangaistuskortiksi", "def.rangaistuskortti"),
        ("tr", "50", "cezalı karttır", "def.cezali-kart"),
        ("tr", "50.A", "cezalı kart", "def.cezali-kart"),
        ("tr", "50.B", "cezalı karta", "def.cezali-kart"),
        ("tr", "50.C", "cezalı kartın", "def.cezali-kart"),
        ("sk", "50", "pokutovou kartou", "def.karta-pokutova"),
        ("sk", "50.A", "Pokutová karta", "def.karta-pokutova"),
        ("sk", "50.C", "pokutovej karty", "def.karta-pokutova"),
        ("et", "50", "trahvikaardiks", "def.trahvikaart"),
        ("et", "50.A", "Trahvikaart", "def.trahvikaart"),
        ("et", "50.C", "trahvikaardi", "def.trahvikaart"),
        # other words of the same sentences
        ("fi", "50.A", "oikaisu", "def.oikaisu"),
        ("tr", "50.A", "onarma", "def.onarma"),
        ("sk", "50.A", "náprava", "def.naprava"),
        ("et", "50.A", "parandustoiming", "def.parandustoiming"),
        # the longer term wins over a term its first word starts with
        ("fi", "9.A.2", "puolustuspelaaja", "def.puolustuspelaaja"),  # not Puoli
        ("tr", "9.A.2", "defans oyuncusu", "def.defans-oyuncusu"),
        ("fi", "19.B.1", "kahdennuksen", "def.kahdennus"),  # "vastakahdentaa vain edeltäneen
        # kahdennuksen": Double, while "vastakahdentaa" before it is Redouble
        ("fi", "19.B.1", "vastakahdentaa", "def.vastakahdennus"),
        # an inverted Slovak term, in text order and inflected
        ("sk", "9.A.2", "hlavný hráč", "def.hrac-hlavny"),
        ("sk", "7.B.3", "tichého hráča", "def.hrac-tichy"),
        ("sk", "18.E", "Druhy záväzkov", "def.druh-zavazku"),
        # short terms as whole words
        ("fi", "21.B.2", "VPV", "def.vpv"),
        ("tr", "9.A.3", "Yer", "def.yer"),  # "Yer dahil olmak üzere her oyuncu"
        ("sk", "18.A", "Pas", "def.pas"),
        # Turkish casing: EKSİK lowers to eksik, KONTRATLARI to kontratları
        ("tr", "77.table.6", "EKSİK LÖVE", "def.eksik-love"),  # the caption of table 6
        ("tr", "77.table.2", "KONTRATLARI", "def.kontrat"),  # the caption of table 2
        ("tr", "17.D.1", "sırasız", "def.sira"),  # "sırasız atak": out of turn
        ("tr", "15.A.3", "konuşmayı", "def.konusma"),
        ("et", "17.D.1", "järjekorda", "def.jarjekord"),  # "väljaspool järjekorda"
    ],
)
def test_term_found(lang: str, unit_id: str, printed: str, expected: str) -> None:
    assert target(lang, unit_id, printed) == expected


@pytest.mark.parametrize(
    ("lang", "unit_id", "printed"),
    [
        ("fi", "9.A.2", "tahansa"),  # 'any', though it starts with taha- (Tahaton)
        ("fi", "6.C", "kilpailunjohtaja"),  # 'director': too long a tail for Kilpailu
        ("fi", "12.C.3", "rikkojan"),  # 'offender's', not Rikkomus 'infraction'
        ("tr", "23.A", "yerine"),  # 'instead of': Yer is a whole word only
        ("tr", "12.C.1.a", "elde"),  # 'obtained': El is a whole word only
        ("tr", "3", "oyuncu"),  # 'player', not Oyun 'play' (data: not)
        ("tr", "4", "ortaklık"),  # 'partnership', not Ortak 'partner' (data: not)
        ("sk", "20.E", "pasovať"),  # 'to pass': Pas is a whole word only
        ("sk", "15.C", "hra"),  # "hra pokračuje" 'play continues', not Hra 'game' (data: skip)
        ("et", "5.A", "mängija"),  # 'player', not MÄNG (data: skip)
        ("et", "8.B.2", "jaotus"),  # JAOTUS is defined twice (board, deal): not linked
    ],
)
def test_term_not_found(lang: str, unit_id: str, printed: str) -> None:
    assert target(lang, unit_id, printed) is None


def test_links_are_in_law_text_only_and_read_as_printed(lawbook: Document) -> None:
    units = {u.id: u for u in lawbook.units}
    links_found = found(lawbook.lang)
    assert links_found  # every book has links
    for unit_id, unit_links in links_found.items():
        unit = units[unit_id]
        assert unit.kind in (*LAW_LEVELS, "table")  # never inside a definition
        for field in ("text", "tail"):
            ends = [0]
            for link in unit_links:
                if link.get("field", "text") != field:
                    continue
                assert getattr(unit, field)[link["start"] : link["end"]] == link["term"]
                assert link["start"] >= ends[-1]  # in order, never overlapping
                assert units[link["target"]].kind == "definition"
                ends.append(link["end"])


def test_term_links_takes_one_book() -> None:
    with pytest.raises(ValueError):
        term_links([*parsed("fi").units[:3], *parsed("et").units[:3]])
