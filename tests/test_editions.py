"""The 2007 -> 2017 map (corpus/edition-map-2007-2017.toml through kb/crosslang/editions.py),
checked against the Slovak 2007 book and the three 2017 books: every Slovak section resolves,
every target exists, and ten correspondences are proved by their wording.
"""

from __future__ import annotations

import tomllib

import pytest

from kb.crosslang import editions
from kb.crosslang.editions import NO_COUNTERPART, to_newer, to_older
from tests.conftest import CORPUS, parsed, units_by_id

BOOKS_2017 = ("fi", "tr", "et")
DATA = tomllib.loads((CORPUS / "edition-map-2007-2017.toml").read_text(encoding="utf-8"))
# The Estonian book leaves 2017 Law 30B2 out (et.txt 1321-1330: B has item 1 only).
NOT_IN_ET = {"30.B.2"}


def in_all_2017(uid: str) -> bool:
    return all(uid in units_by_id(lang) for lang in BOOKS_2017)


def sections_2007() -> list[str]:
    """Every section of every Slovak law; the items directly under a law that has no sections
    (35.1-4, 71.1-2); the law itself when it has neither (1, 23, 56, ...)."""
    out = []
    for law in (u for u in parsed("sk").units if u.kind == "law"):
        below = [u.id for u in parsed("sk").units if u.parent == law.id and u.kind != "table"]
        out.extend(below or [law.id])
    return out


def test_every_slovak_section_resolves_to_newer_units_or_to_no_counterpart() -> None:
    ids = sections_2007()
    assert len(ids) > 254  # the 254 sections and the laws and items standing in for them
    unresolved = {uid: to_newer(uid) for uid in ids if not all(map(in_all_2017, to_newer(uid)))}
    assert unresolved == {}
    none = [uid for uid in ids if to_newer(uid) == NO_COUNTERPART]
    assert none == ["13.E"]  # the Director's knowledge of a card's place: no 2017 rule
    assert DATA["map"]["13.E"] == "none"  # said in the data, not a gap in it


def test_every_2017_section_resolves_to_slovak_units_or_is_new_in_2017() -> None:
    sk = units_by_id("sk")
    for law in (u for u in parsed("fi").units if u.kind == "law"):
        below = [u.id for u in parsed("fi").units if u.parent == law.id and u.kind != "table"]
        for uid in [law.id, *below]:
            found = to_older(uid)
            if found == NO_COUNTERPART:
                assert any(a in DATA["new_in_2017"] for a in editions.lineage(uid)), uid
            assert all(i in sk for i in found), (uid, found)


def test_every_entry_names_units_that_exist() -> None:
    sk = units_by_id("sk")
    for key, value in DATA["map"].items():
        assert key in sk, key
        for target in [] if value == "none" else value:
            assert target in units_by_id("fi") and target in units_by_id("tr"), target
            assert (target in units_by_id("et")) == (target not in NOT_IN_ET), target
    for uid in DATA["new_in_2017"]:
        assert in_all_2017(uid), uid


def test_a_listed_law_lists_all_its_sections() -> None:
    listed = {key.split(".")[0] for key in DATA["map"]}
    for law in listed:
        below = {u.id for u in parsed("sk").units if u.parent == law and u.kind != "table"}
        keys = {k for k in DATA["map"] if k.split(".")[0] == law and k.count(".") == 1}
        assert below == keys or (not below and law in DATA["map"]), law


def subtree(lang: str, uid: str) -> str:
    return " ".join(
        f"{u.title} {u.text}"
        for u in parsed(lang).units
        if u.id == uid or u.id.startswith(uid + ".")
    )


# (2007 id, 2017 id, words of the Slovak 2007 unit, words of the Finnish, Turkish and Estonian
# 2017 unit that say the same thing)
SPOT_CHECKS = [
    # Other sources of unauthorized information: seeing the wrong hand.
    ("16.C", "16.D", "videním nesprávneho listu", "katsomalla väärää kättä",
     "kazara yanlış ele bakmak", "valet lehte vaadates"),
    # Information from withdrawn calls and plays.
    ("16.D", "16.C", "Informácia z odvolaných hlášok a zahraní",
     "Peruutetuista tarjouksista", "Geri Alınan Konuşma ve Oyundan Gelen Bilgi",
     "Tühistatud üksikpakkumistest"),
    # Awareness of potential damage: Law 23 in 2007, 72C in 2017.
    ("23", "72.C", "UVEDOMENIE SI POTENCIÁLNEHO POŠKODENIA",
     "Tietoisuus mahdollisesta vahingosta", "Olası Zararın Farkında Olma",
     "Teadlikkus võimalikust kahjust"),
    # Substitute board: the power of Law 6 to order a redeal.
    ("86.C", "86.A", "právomoc nechať znova zamiešať a rozdať rozdanie, ktoré mu dáva pravidlo 6",
     "laissa (s. 18) 6 § annettua valtaa", "Yasa 6 uyarınca bordun yeniden dağıtılmasını",
     "reegluga 6 antud õigust jaotuse ümberjagamise"),
    # Average plus and minus in IMPs moved from Law 86 to Law 12C2.
    ("86.A", "12.C.2.b", "+3 IMP a –3 IMP", "plus 3 IMP tai miinus 3 IMP",
     "artı 3 IMP veya eksi 3 IMP", "± 3 impi"),
    # Wrong number of cards, no call made.
    ("13.D", "13.A", "Žiadna hláška nebola urobená", "Tarjousta ei ole tehty",
     "Konuşma Yapılmamış İse", "Ühtegi üksikpakkumist pole tehtud"),
    # A surplus card is removed when found.
    ("13.F", "13.C", "bude po nájdení odstránená", "on löydettyessä poistettava",
     "bulunduğunda o dağılımdan çıkarılır", "eemaldatakse leidmisel"),
    # Cards taken from the wrong board: the call is cancelled.
    ("17.D", "15.A", "vytiahol karty z nesprávnej krabice, je zrušená",
     "väärän jaon kortit, tarjoaa, niin tämä tarjous", "yanlış borddan aldığı kartlar",
     "valest jaotusekarbist võetud lehte"),
    # Double out of turn at RHO's turn (2007 B, 2017 A).
    ("32.B", "32.A", "na rade bol súper po pravici previnilého",
     "Jos pelaaja kahdentaa tai vastakahdentaa OPV:n tarjousvuorolla",
     "sağındaki rakipteyken sırasız kontr", "eksinu parempoolse vastase pakkumiskorral"),
    # Wrong defender plays to declarer's lead out of turn (2007 B, 2017 C): Law 57 applies.
    ("53.B", "53.C", "výnos platí a použije sa pravidlo 57",
     "epäsäännöllinen lähtö jää voimaan ja lakia (s. 72) 57 § sovelletaan",
     "çıkış geçerli kalır ve Yasa 57", "mängib kaardi vale kaitsja"),
    # An innocent player misled by an opponent's manner: 2007 73F, 2017 73E2.
    ("73.F", "73.E.2", "nesprávny záver z poznámky, spôsobu správania sa, zmeny tempa",
     "väärän päätelmän vastustajan kysymyksestä, huomautuksesta, maneerista, pelitempostasta",
     "rakibin söz, tavır, tempo ve benzeri davranışlarından yanlış bir çıkarımda",
     "vale järelduse vastase küsimusest, märkusest, käitumisviisist, tempost"),
    # All four pass: 2007 22A1, 2017 22B.
    ("22.A.1", "22.B", "Nie je dovolené zamiešať a znovu rozdať",
     "Uudelleen jakaminen on kielletty", "Deste yeniden dağıtılmayacaktır",
     "Ümberjagamist ei toimu"),
]  # fmt: skip


@pytest.mark.parametrize(("old", "new", "sk", "fi", "tr", "et"), SPOT_CHECKS)
def test_mapping_is_proved_by_its_wording(old, new, sk, fi, tr, et) -> None:
    assert new in to_newer(old)
    assert any(a in to_older(new) for a in editions.lineage(old))  # it, or the section holding it
    assert sk in subtree("sk", old)
    assert fi in subtree("fi", new)
    assert tr in subtree("tr", new)
    assert et in subtree("et", new)


def test_moved_letters_are_not_aligned_by_position() -> None:
    # What position would say is wrong in every one of these: same letter, other subject.
    for old in ("16.C", "16.D", "13.A", "13.D", "32.A", "32.B", "53.B", "53.C", "17.D", "86.A"):
        assert to_newer(old) != (old,), old


def test_below_a_section_of_an_unlisted_law_the_section_answers() -> None:
    assert to_newer("12.C.1.b") == ("12.C",)
    assert to_newer("16.D.2") == ("16.C.2",)  # listed below the section
    assert to_newer("13.D.2.a") == ("13.A",)  # the nearest listed ancestor


def test_2017_units_new_or_fed_by_several_2007_units() -> None:
    assert to_older("23.A") == NO_COUNTERPART  # Comparable Call
    assert to_older("13.B") == ("13.A", "13.B")
    assert to_older("17.D") == ("17.E", "22.B")
    assert to_older("72") == ("72", "23")
    assert to_older("12.C.2.b") == ("12.C", "86.A")
    assert to_older("1.A") == ("1",)


def test_translate_for_the_alignment() -> None:
    assert editions.translate("32.A", 2007, 2017) == (["32.B"], True)
    assert editions.translate("13.E", 2007, 2017) == ([], True)
    assert editions.translate("61.C", 2017, 2007) == ([], True)
    assert editions.translate("5.A", 2017, 2017) == (["5.A"], True)


def test_the_cards_table_codes_are_2007_codes() -> None:
    # table.29 cites 32A (partner's turn) and 32B (RHO's turn) as the card prints them (2007).
    cites = units_by_id("sv")["table.29"].cites
    assert [to_newer(c) for c in cites if c.startswith("32.")] == [("32.B",), ("32.A",)]
    assert to_newer("30.B.2") == ("30.B.1",)  # the card's (30B2): pass at partner's turn
