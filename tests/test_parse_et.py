"""The Estonian 2017 law book (corpus/et/et.txt) parsed into units.

Every expectation below was read off the source text (line numbers are 1-based lines of
corpus/et/et.txt, a byte-for-byte copy of shared/seeds/et.txt; see shared/guides/et.md), never
copied from the parser's output. Section "hard cases" follows the guide's §11, one test (or a
small group) per case; tests/data/et_laws.tsv holds the 93 law headings as printed in the body.
"""

from __future__ import annotations

import csv
import itertools
import re
from pathlib import Path

import pytest

from kb.core.model import Document, Footnote, Unit
from kb.layers.cite import full_text
from tests.conftest import CORPUS, as_served, parsed, units_by_id

LAW_KINDS = ("law", "section", "subsection", "item", "subitem")
SOURCE = (CORPUS / "et" / "et.txt").read_text(encoding="utf-8").split("\n")
TABLE = Path(__file__).parent / "data" / "et_laws.tsv"


# -- helpers ----------------------------------------------------------------------------------
def doc() -> Document:
    return parsed("et")


def units() -> dict[str, Unit]:
    return units_by_id("et")


def unit(uid: str) -> Unit:
    found = units()
    assert uid in found, f"no unit {uid}"
    return found[uid]


def starts(text: str, prefix: str) -> bool:
    """Whether `text` begins with `prefix`, whitespace (line/paragraph breaks) folded."""
    return squash(text).startswith(squash(prefix))


def squash(text: str) -> str:
    return " ".join(text.split())


def children(uid: str, kind: str | None = None) -> list[str]:
    return [u.id for u in doc().units if u.parent == uid and (kind is None or u.kind == kind)]


def whole(uid: str) -> str:
    """A unit's wording as printed: its text, its children's and their tails, in order."""
    return full_text(uid, doc().units)


def law_tree() -> list[Unit]:
    return [u for u in doc().units if u.kind in LAW_KINDS]


def covering(line: int, kinds: tuple[str, ...] | None = None) -> list[Unit]:
    """Units whose line range covers a source line."""
    return [
        u
        for u in doc().units
        if u.lines[0] <= line <= u.lines[1] and (kinds is None or u.kind in kinds)
    ]


def region(kind: str, line: int) -> Unit:
    """The unit of a non-law region (front, toc, index, appendix, ...) covering a line."""
    found = covering(line, (kind,))
    assert len(found) == 1, f"{len(found)} {kind} units cover line {line}"
    return found[0]


def notes_at(line: int) -> list[str]:
    return [n.message for n in doc().notes if n.line == line]


def footnote_with(u: Unit, text_start: str) -> Footnote | None:
    return next((f for f in u.footnotes if starts(f.text, text_start)), None)


def read_table() -> list[dict[str, str]]:
    rows = [ln for ln in TABLE.read_text(encoding="utf-8").splitlines() if not ln.startswith("#")]
    return list(csv.DictReader(rows, delimiter="\t", quoting=csv.QUOTE_NONE))


LAWS = read_table()


# -- sanity of the source and the table ---------------------------------------------------------
def test_source_shape():
    assert len(SOURCE) == 3720 and SOURCE[-1] == "MÄRKUSED JA KOMMENTAARID"


def test_table_matches_the_source_headings():
    """The table's line column points at the body heading it transcribes."""
    assert [int(r["law"]) for r in LAWS] == list(range(1, 94))
    for row in LAWS:
        printed = re.sub("[¹²³⁴⁵⁶⁷⁸⁹⁰]", "", SOURCE[int(row["line"]) - 1])
        assert printed == f"Reegel {row['law']} {row['title']}"
    assert sum(len(r["sections"]) for r in LAWS) == 271


def test_no_problems():
    """The source parses without errors (its oddities are notes, not problems)."""
    assert [str(p) for p in doc().problems] == []


# -- §11 hard cases -----------------------------------------------------------------------------
def test_case01_law1_title_as_printed_in_body():
    law = unit("1")
    assert law.kind == "law" and law.label == "1"
    assert law.title == "Kaartide ja mastide tugevusjärjestus"
    assert law.lines == (747, 759)
    assert not any(u.title.startswith("Pakk —") for u in law_tree())


def test_case02_law13_title_without_superscript_and_its_footnote():
    law = unit("13")
    assert law.title == "Ebaõige kaartide arv"
    assert law.lines[0] == 947
    fn = footnote_with(law, "See reegel kehtib juhtudel, kui ühes või mitmes käes on rohkem kui 13")
    assert fn is not None, law.footnotes
    assert fn.marker == "⁵" and fn.lines == (990, 990)
    assert fn.text.endswith("Vt reeglit 14 juhuks, kui kaarte on vähem kui 13.")


def test_case03_toc_entries_are_not_laws():
    toc = region("toc", 57)
    assert toc.lines[0] >= 50 and toc.lines[1] <= 419
    assert "Pakk — kaartide ja mastide tugevusjärjestus" in toc.text
    assert not any(u.lines[0] < 747 for u in law_tree())
    laws = [u for u in doc().units if u.kind == "law"]
    assert [u.lines[0] for u in laws] == [int(r["line"]) for r in LAWS]


def test_case04_lisa2_prose_is_not_law_43():
    assert unit("43").lines == (1544, 1563)
    assert covering(3572, LAW_KINDS) == []
    lisa2 = region("appendix", 3572)
    assert "Reegel 43 keelati kaitsjatel oma kaarte lauale näidata" in lisa2.text
    assert "Reegel 61C rõhutab" in lisa2.text


@pytest.mark.parametrize("line", [3591, 3655, 3663])
def test_case05_lisa3_subheads_are_not_laws(line):
    assert covering(line, LAW_KINDS) == []
    lisa3 = region("appendix", line)
    assert SOURCE[line - 1] in lisa3.text  # `Reegel 1B`, `Reegel 41A ja 45A`, `Reegel 73A2.`


def test_case05_body_ends_with_law_93():
    assert max(u.lines[1] for u in law_tree()) <= 2605
    assert 2603 <= unit("93").lines[1] <= 2605
    assert children("93", "section") == ["93.A", "93.B", "93.C"]  # Lisa 3 `- A.`..`- D.` stay out
    lisa3 = region("appendix", 3582)
    assert "Lugeda Ülemaailmse Bridžiföderatsiooni poolt 2017. aastal" in lisa3.text


def test_case06_glued_bold_marker_starts_untitled_39C():
    b, c = unit("39.B"), unit("39.C")
    assert b.title == "Kaitsja pass või väljamängiva poole suvaline üksikpakkumine"
    assert b.text.endswith("siis edasised parandustoimingud puuduvad.")
    assert "**" not in b.text and "C." not in b.text[-5:]
    assert b.lines == (1458, 1460)
    assert c.kind == "section" and c.label == "C." and c.title == ""
    assert starts(
        c.text, "Kui eksinu vasakpoolne vastane ei ole teinud pärast rikkumist üksikpakkumist"
    )
    assert c.text.endswith("võidakse kohaldada käigupiiranguid reeglist 26B.")
    assert c.lines == (1460, 1462)


def test_case07_list_form_sections_of_law_22():
    assert unit("22").text == "Pakkumine on lõppenud, kui:"
    assert children("22") == ["22.A", "22.B"]
    a, b = unit("22.A"), unit("22.B")
    assert (a.title, a.label, a.lines) == ("", "A.", (1190, 1190))
    assert starts(a.text, "Üks või rohkem mängijaid on teinud üksikpakkumise ja pärast viimast")
    assert (b.title, b.lines) == ("", (1191, 1191))
    assert b.text == (
        "Kõik neli mängijat passivad (kuid vt reeglit 25). Kaardid pannakse ilma mänguta "
        "jaotusekarpi tagasi. Ümberjagamist ei toimu."
    )


def test_case08_list_form_sections_of_law_35():
    assert unit("35").text == "Järgmised pakkumised on võimatud:"
    assert children("35") == ["35.A", "35.B", "35.C", "35.D"]
    a = unit("35.A")
    assert (a.title, a.lines) == ("", (1396, 1396))
    assert a.text == "Reeglina 19 keelatud kontra või rekontra. Rakendub reegel 36."
    assert (
        unit("35.D").text
        == "Pärast pakkumist lõpetavat passi tehtud üksikpakkumine. Rakendub reegel 39."
    )


def test_case09_subsection_and_item_on_one_line():
    sub, item = unit("9.B.1"), unit("9.B.1.a")
    assert (sub.kind, sub.label, sub.text) == ("subsection", "1.", "")
    assert (item.kind, item.label, item.parent) == ("item", "a)", "9.B.1")
    assert item.text == (
        "Pärast ebareeglipärasele toimingule tähelepanu juhtimist tuleb tingimata kohe kutsuda "
        "Kohtunik."
    )
    assert item.lines == (875, 875)


def test_case10_footnote_4_leaves_9B1_list_intact():
    assert children("9.B.1") == ["9.B.1.a", "9.B.1.b", "9.B.1.c", "9.B.1.d"]
    assert children("9.B") == ["9.B.1", "9.B.2"]
    assert starts(unit("9.B.1.b").text, "Iga mängija, kaasa arvatud laud, võib kutsuda")
    assert starts(unit("9.B.1.c").text, "Kohtuniku kutsunud mängija säilitab kõik õigused")
    assert starts(unit("9.B.1.d").text, "Mängija poolt oma poole ebareeglipärasele toimingule")
    assert starts(unit("9.B.2").text, "Ükski mängija ei tohi ette võtta mingisugust toimingut")
    assert all("Siinkohal" not in unit(f"9.B.1.{x}").text for x in "abcd")
    # The marker ⁴ is printed at l.837 (7B3 `pärast⁴`); its text at l.877 belongs there.
    fn = footnote_with(unit("7.B.3"), 'Siinkohal tuleb määratlust "pärast" mõista')
    assert fn is not None and fn.lines == (877, 877)


def test_case11_item_c_printed_inside_52A_is_51B2c_by_its_placement_erratum():
    # l.1757 "- c) Kui kaitsjal on trahvikaardid enam kui ühes mastis ..." is printed inside
    # 52A; fi (fi.txt:1602) and tr print it as 51B2(c). corpus/et/document.toml places it.
    item = unit("51.B.2.c")
    assert item.kind == "item" and item.label == "c)" and item.lines == (1757, 1757)
    assert item.parent == "51.B.2" and item.printed_in == "52.A"
    assert item.text == (
        "Kui kaitsjal on trahvikaardid enam kui ühes mastis ja tema partneril on käiguõigus, "
        "siis võib väljamängija loobuda käigu nõudmisest või keelamisest, mis juhul võib kaitsja "
        "partner käia ükskõik millise kaardi ja trahvikaardid jäävad trahvikaartidena lauale. "
        "Niikaua kui trahvikaardid on laual, siis pärast sellise valiku tegemist reeglid 50 ja "
        "51 jäävad jõusse."
    )
    assert "52.A.c" not in units() and children("52.A") == []
    assert unit("52.A").text == (
        "Kui kaitsja jätab trahvikaardi tihisse käimata või mängimata, rikkudes reeglite 50 või "
        "51 nõuet, siis ta ei tohi omal algatusel tagasi võtta tema poolt trahvikaardi asemel "
        "mängitud kaarti."
    )
    assert children("51.B.2") == ["51.B.2.a", "51.B.2.b", "51.B.2.c"]
    # The law keeps its own lines: the rule printed at l.1757 is not within Law 51 (1738-1749).
    assert unit("51").lines == (1738, 1749) and unit("51.B.2").lines == (1748, 1749)
    fn = footnote_with(item, "Kui trahvikaartide omaniku partner saab uuesti käiguõiguse")
    assert fn is not None and fn.lines == (1761, 1761)
    assert [str(n) for n in doc().notes if n.line == 1757] == [
        "corpus/et/et.txt:1757: 51B2c printed in 52A: the third case of 51B2 (defender's "
        "penalty cards in more than one suit, declarer neither requires nor forbids): fi "
        "(l.1602) and tr print it as 51B2(c); its footnote ¹⁹ (l.1761) cites 51B2; Law 52A "
        "has no list"
    ]
    assert "where a was expected" not in " ".join(map(str, doc().notes + doc().problems))


def test_case12_parenthesised_numbers_are_subitems_of_12C1e():
    assert children("12.C.1.e") == ["12.C.1.e.i", "12.C.1.e.ii"]
    first, second = unit("12.C.1.e.i"), unit("12.C.1.e.ii")
    assert (first.kind, first.label, first.lines) == ("subitem", "1)", (938, 938))
    assert first.text == (
        "Eksinud poolele määratakse tulemus, mille ta oleks võinud saada "
        "parandustoimingu jõustudes."
    )
    assert (
        second.text == "Mitteeksinud pool ei saa kompensatsiooni endale ise tekitatud kahju eest."
    )
    assert starts(unit("12.C.1.e").text, "Kui mitteeksinud pool on ebareeglipärase toimingu järel")
    assert children("12.C.1") == [f"12.C.1.{x}" for x in "abcde"]


def test_case13_61B_numbers_in_parentheses_are_subsections():
    assert children("61.B") == ["61.B.1", "61.B.2", "61.B.3"]
    one = unit("61.B.1")
    assert (one.kind, one.label) == ("subsection", "1)")
    assert one.text == (
        "Väljamängija võib küsida masti mitte pannud kaitsjalt, kas tal puudub kaart tihisse "
        "käidud mastis."
    )
    assert children("61.B.2") == ["61.B.2.a", "61.B.2.b"]
    assert unit("61.B.2.a").text == "Laud võib küsida väljamängijalt (kuid vt reegel 43B2b)."
    assert unit("61.B.2.b").text == "Laud ei tohi küsida kaitsjalt ja võib rakenduda reegel 16B."
    assert unit("61.B.3").text == (
        "Kaitsjad võivad küsida väljamängijalt ja teineteiselt (riskides ebareeglipärase teabe "
        "tekitamisega)."
    )


def test_case14_titled_subsections_of_86B():
    assert children("86.B") == ["86.B.1", "86.B.2", "86.B.3"]
    one, two = unit("86.B.1"), unit("86.B.2")
    assert one.title == "Üksik tulemus"
    assert starts(one.text, "Kui kohtunik määrab võistkonnamängus lepingutulemuse")
    assert two.title == "Mitu tulemust kas ühel või mitmel laual"
    assert starts(two.text, "Kui võistkonnamängus kaks või enam võrreldamatut tulemust")
    fn = footnote_with(two, "Sealhulgas tulemus vigasest jaotusest.")
    assert fn is not None and fn.lines == (2532, 2532)
    assert children("86.B.2") == ["86.B.2.a", "86.B.2.b", "86.B.2.c"]
    assert starts(unit("86.B.2.a").text, "kui ükski osavõtja ei ole juhtunud süüdi")
    assert starts(unit("86.B.2.c").text, "kui juhtunud on süüdi mõlemad osavõtjad")
    assert unit("86.B.2.c").lines == (2506, 2506)
    assert starts(unit("86.B.3").text, "Pädev institutsioon võib ette näha teistsugust lähenemist")
    assert unit("86.B.3").title == ""


ITEMS_80B2 = {  # unlabelled bullets of 80B2 (l.2387-2399), English (a)..(l)
    "a": (2387, "kohtuniku määramine. Kui kohtunikku ei ole määratud"),
    "b": (2388, "turniiri korraldamiseks ettevalmistuste tegemine"),
    "c": (2389, "iga sessiooni toimumise kuupäeva ja kellaaja kindlaksmääramine;"),
    "d": (2390, "osavõtutingimuste kehtestamine;"),
    "e": (2391, "käesolevate reeglitega kooskõlas olevate tingimuste kehtestamine"),
    "f": (2392, "käesolevate reeglitega vastuolus mitteolevatest lisaeeskirjadest teavitamine;"),
    "h": (2395, "osavõtusoovide heakskiitmise ja osavõtjate loetelu koostamise kindlustamine;"),
    "i": (2396, "mänguks rahuldavate tingimuste loomine"),
    "j": (2397, "lepingutulemuste kokkukorjamise, tulemuste arvutamise"),
    "k": (2398, "reegliga 93 kooskõlas olevate edasikaebuste käsitlemise"),
    "l": (2399, "kõik muud volitused ja kohustused, millele käesolevates reeglites viidatakse."),
}


@pytest.mark.parametrize("letter", sorted(ITEMS_80B2))
def test_case15_bullets_of_80B2_are_items(letter):
    line, text = ITEMS_80B2[letter]
    item = unit(f"80.B.2.{letter}")
    assert (item.kind, item.label, item.parent) == ("item", "-", "80.B.2")
    assert starts(item.text, text)
    assert item.lines == (line, line)


def test_case15_80B2_list_and_item_g():
    assert unit("80.B.2").text == "Turniiri korraldajal on järgmised volitused ja kohustused:"
    assert children("80.B.2") == [f"80.B.2.{x}" for x in "abcdefghijkl"]
    assert children("80.B.2.g") == ["80.B.2.g.i", "80.B.2.g.ii"]
    assert unit("80.B.2.g").lines == (2393, 2394)
    assert (
        unit("80.B.2.g.i").text
        == "kohtunikule vajalike määratavate abiliste olemasolu kindlustamine;"
    )
    assert unit("80.B.2.g.ii").text == (
        "muu personali määramine ja nende kohustuste ja vastutuse ettekirjutamine;"
    )
    assert "reegluga 80B2k" in unit("93.A").text  # l.2588 cites the item at l.2398


@pytest.mark.parametrize(
    "n, line, text",
    [
        (1, 2416, "Korra hoidmine ja mängu õiges järjekorras kulgemise kindlustamine."),
        (2, 2417, "Käesolevate reeglite elluviimine ja tõlgitsemine"),
        (3, 2418, "Ükskõik millisel viisil temale teatavaks saanud vigade"),
        (4, 2419, "Vajadusel parandustoimingute läbiviimine ja temale reeglitega 90 ja 91"),
        (5, 2420, "Omavalitsusel põhjendatud parandustoimingu läbiviimisest loobumine"),
        (6, 2421, "Vaidluste lahendamine."),
        (7, 2422, "Sobiva toimikonna teavitamine probleemidest."),
        (8, 2423, "Turniiri korraldaja nõudmisel osavõtjate tulemuste edastamine"),
    ],
)
def test_case16_bullets_of_81C_are_subsections(n, line, text):
    sub = unit(f"81.C.{n}")
    assert (sub.kind, sub.label, sub.parent) == ("subsection", "-", "81.C")
    assert starts(sub.text, text)
    assert sub.lines == (line, line)


def test_case16_81B_and_81C_lists():
    assert children("81.C") == [f"81.C.{n}" for n in range(1, 9)]
    assert starts(unit("81.C").text, "Kohtunik (mitte mängijad) on vastutav")
    assert children("81.B") == ["81.B.1", "81.B.2"]
    assert starts(
        unit("81.B.1").text, "Kohtunik vastutab turniiri kohapealse tehnilise korralduse eest."
    )
    assert starts(unit("81.B.2").text, "Kohtuniku tegevus toetub ja on piiritletud")
    assert "vt reegel 81C5" in unit("10.A").text  # l.892 cites 81C5 (l.2420)


def test_case17_section_title_with_split_word_kept_as_printed():
    assert unit("8.B").title == "Voo ru lõpp"
    assert unit("8.B").lines[0] == 854
    assert unit("8.C").title == "Viimase voo ru ja sessiooni lõpp"


def test_case18_law_53_title_as_printed():
    assert unit("53").title == "Andestatud kõik väljaspool järjekorda"
    assert unit("53.A").title == "Reeglipärasena käsitletud kõik väljaspool järjekorda"
    assert unit("53.B").title == "Ebareeglipärasele käigule järgnev kõik õigest käest"


def test_case19_subsection_with_leading_space():
    sub = unit("16.B.3")
    assert (sub.kind, sub.label, sub.lines) == ("subsection", "3.", (1037, 1037))
    assert starts(sub.text, "Kui mängijal on oluline põhjus arvata, et vastane")
    # l.1037 prints "valiku- võimalus": a PDF line-break hyphen, joined (tests/test_hyphens.py)
    assert "mõistuspärane valikuvõimalus, valis" in sub.text
    fn = footnote_with(sub, "Kohtuniku varasem või hilisem kutsumine ei ole reeglitega vastuolus.")
    assert fn is not None and fn.lines == (1070, 1070)
    assert children("16.B") == ["16.B.1", "16.B.2", "16.B.3"]


# Cases 20-22: the record model has no reference layer yet, so these assert that the unit
# carrying each reference is the right one and keeps the printed tokens verbatim.
def test_case20_two_references_with_parenthetical_in_67A2():
    sub = unit("67.A.2")
    assert sub.lines == (2031, 2031)
    assert (
        "reeglis 45E (viieks tihisse mängitud kaart) või 58B (üheaegselt mängitud kaardid"
        in sub.text
    )


def test_case21_reference_list_with_missing_comma_in_23C():
    sec = unit("23.C")
    assert sec.title == "Mitteenesinud poolele tekitatakse kahju"
    assert "(vt reegleid 27B1b 39B1b(1), 31A2a ja 32A2a)" in sec.text


@pytest.mark.parametrize(
    "uid, line, token",
    [
        ("38.D", 1450, "reeglist 26V,"),
        ("73.C.2", 2162, "reeglit 1Bb3."),
        ("23.B", 1205, "Reeglit 16c2"),
    ],
)
def test_case22_lenient_tokens_kept_verbatim(uid, line, token):
    u = unit(uid)
    assert u.lines[0] <= line <= u.lines[1]
    assert token in u.text


def test_case23_index_row_stays_in_the_index():
    index = region("index", 2953)
    assert index.lines[0] == 2607
    assert "Sõltumata reeglitest" in index.text and "Assessed independently" in index.text
    assert covering(2953, LAW_KINDS) == []
    assert not any("Sõltumata reeglitest" in u.text for u in law_tree())


def test_case24_jaotus_twice_two_distinct_definitions():
    jaotus = [u for u in doc().units if u.kind == "definition" and u.term == "JAOTUS"]
    assert len(jaotus) == 2
    board, deal = jaotus
    assert board.id != deal.id and all(u.id.startswith("def.jaotus") for u in jaotus)
    assert (board.english, board.lines[0]) == ("board", 479)
    assert (deal.english, deal.lines[0]) == ("deal", 485)
    assert "Reeglis 2 kirjeldatud jaotusekarp." in board.text
    assert "Kaardipaki jaotumine mängijate vahel nelja käe lehtedeks." in deal.text
    assert "Jaotunud lehed tervikuna koos nendega toimunud pakkumise ja väljamänguga." in deal.text
    assert covering(481, LAW_KINDS) == []  # `1. Reeglis 2 …` is a sense, not a subsection


def test_case25_law_77_tables_stay_inside_law_77():
    law = unit("77")
    assert law.lines == (2256, 2316)
    # The scoring tables are law 77's table units (rows checked in tests/test_tables.py);
    # the captions printed right above a table head it (its title: corpus/et/tables.toml),
    # the prose after a table is its tail; the cells are neither.
    assert children("77") == [f"77.table.{n}" for n in range(1, 7)]
    tails = [unit(f"77.table.{n}").tail for n in range(1, 7)]
    assert "kontreerimata lepingus" not in law.text
    assert not any("kontreerimata lepingus" in t for t in tails)
    captions = [
        ("TIHIPUNKTID", "77.table.1"),
        ("TRUMBITA MÄNGUS", "77.table.2"),
        ("PREEMIAPUNKTID", "77.table.3"),
        ("SLÄMMID", "77.table.3"),
        ("ÜLETIHID", "77.table.4"),
        ("GEIM, OSAMÄNG, LEPINGU VÕITMINE", "77.table.5"),
        ("ALTTIHID", "77.table.6"),
    ]
    for caption, holder in captions:
        assert caption in unit(holder).title.split("\n"), caption
        assert caption not in law.text and not any(caption in t for t in tails), caption
    printed = whole("77")
    at = [printed.index(caption) for caption, _ in captions]
    assert at == sorted(at)  # in print order
    bonus = "Lisapreemia iga neljanda ja sellele järgneva alttihi eest"
    assert unit("77.table.6").rows[-1][:4] == [bonus, "0", "100", "200"]
    assert bonus not in law.text
    assert not any(bonus in t for t in tails)
    closing = "mõlemad pooled panevad kirja nulliga võrdse tulemuse."  # l.2316, after the tables
    assert unit("77.table.6").tail.rstrip().endswith(closing)
    assert printed.endswith(closing)
    assert not any(starts(f.text, "Mängupaik hõlmab") for f in law.footnotes)


@pytest.mark.parametrize("uid", ["76.A.1", "76.C.1", "76.D"])
def test_case25_footnote_26_belongs_to_law_76(uid):
    """²⁶ is printed at 2236 (76A1) and 2249 (76C1), misprinted ²⁸ at 2254 (76D); its text
    (`Mängupaik hõlmab…`) is at l.2288 inside Law 77. 76D must not get the ²⁸ text of l.2429."""
    u = unit(uid)
    assert any(
        starts(f.text, "Mängupaik hõlmab kõiki ruume") and f.lines == (2288, 2288)
        for f in u.footnotes
    ), u.footnotes
    assert not any(starts(f.text, "Mõnes piirkonnas") for f in u.footnotes)


# -- the 93 laws against the table -----------------------------------------------------------------
@pytest.mark.parametrize("row", LAWS, ids=[r["law"] for r in LAWS])
def test_law_title_and_sections(row):
    law = unit(row["law"])
    assert law.kind == "law" and law.label == row["law"]
    assert law.title == row["title"]
    assert law.lines[0] == int(row["line"])
    letters = "".join(u.split(".")[-1] for u in children(row["law"], "section"))
    assert letters == row["sections"]


@pytest.mark.parametrize("row", LAWS, ids=[r["law"] for r in LAWS])
def test_law_opening_text(row):
    """A law's own text is what is printed between its heading and its first child: the
    preamble (22, 24, 30-32, 35, 43, 50, 54, 56, 68, 71, 75, 84, 85) or, for a law without
    sections, its body; it is empty when `A.` follows the heading."""
    law = unit(row["law"])
    if row["law"] == "77":  # its first words head its first table: that table's caption
        assert law.text == "" and starts(unit("77.table.1").title, row["opening"])
    elif row["opening"]:
        assert starts(law.text, row["opening"]), law.text[:80]
    else:
        assert law.text == ""


# -- properties ---------------------------------------------------------------------------------
def test_93_laws_in_order():
    laws = [u for u in doc().units if u.kind == "law"]
    assert [u.id for u in laws] == [str(n) for n in range(1, 94)]
    spans = [u.lines for u in laws]
    assert all(a[1] < b[0] for a, b in itertools.pairwise(spans))


def test_271_sections():
    sections = [u for u in doc().units if u.kind == "section"]
    assert len(sections) == 271
    assert all(u.id == f"{u.parent}.{u.label.rstrip('.')}" for u in sections)


def test_untitled_sections_are_list_forms_and_39C():
    untitled = {u.id for u in doc().units if u.kind == "section" and not u.title}
    expected = {
        "22.A",
        "22.B",
        "35.A",
        "35.B",
        "35.C",
        "35.D",
        "56.A",
        "56.B",
        "71.A",
        "71.B",
        "39.C",
    }
    assert untitled == expected
    assert all(unit(uid).text for uid in expected)
    assert unit("56.A").text == "vastavuses reegluga 53 ebareeglipärase käigu andestada või"
    assert starts(unit("71.B").text, "kui mängija on loobunud tihist, mida igasuguse")


@pytest.mark.parametrize(
    "uid, title",
    [
        ("1.A", "Algaigutus"),
        ("1.B", "Kaartide esikülj"),
        ("1.C", "Kaartide tagakülj"),
        ("5.A", "Algaigutus"),
        ("6.F", "Jaotusest koopiategemine"),
        ("7.A", "Jaotusekarbi asetuse"),
        ("11.A", "Mitteeksitud poole toiming"),
        ("15.A", "Kaardid valest jaotusest"),
        ("15.B", "Vale jaotus avastati pakkumis- või väljamängujärgu kestel"),
        ("24.A", "Enneaegselt mittekäidud kliber"),
        ("24.B", "Honoor või enneaegselt käidud kaart"),
        ("24.C", "Kaks või enam avatud kaarti"),
        ("27.D", "Mitteksinud pool saab kahju"),
        (
            "28.B",
            "Pakkumiskorda omava mängija üksikpakkumine tühistab väljaspool järjekorda "
            "tehtud üksikpakkumise",
        ),
        ("32.C", "Tagantjärele pakkumised vasakpoolse vastase pakkumiskorral"),
        ("44.A", "Tihedesse käimine"),
        ("45.E", "Viidendana tihisse mängitud kaart"),
        ("46.A", "Korrektnen viis laua kaardi nimetamiseks"),
        ("65.D", "Väljamängu tulemuses kokkuleppimine"),
        ("69.A", "Soostumise kehtetus"),
    ],
)
def test_section_titles_as_printed_in_body(uid, title):
    assert unit(uid).title == title


def test_71_definitions():
    defs = [u for u in doc().units if u.kind == "definition"]
    assert len(defs) == 71
    assert len({u.id for u in defs}) == 71
    assert len({u.term for u in defs}) == 70
    assert all(u.id.startswith("def.") for u in defs)
    assert (defs[0].term, defs[-1].term) == ("ALERT", "ÜLETIHI")
    assert all(u.lines[0] > 441 and u.lines[1] <= 745 for u in defs)


@pytest.mark.parametrize(
    "term, english, text",
    [
        ("ALERT", "alert", "Märguanne, mis osutab, et vastased võivad vajada selgitust."),
        ("ALTTIHI", "undertrick", "Iga lepingu täitmiseks vajalik tihi"),
        ("AVAKÄIK", "opening lead", "Esimese tihi alustamiseks välja käidud kaart."),
        ("VASTANE", None, "Vt vastasmängija ja vastaspool."),
        ("KARISTUS", "penalty", "Esineb kahte liiki karistusi:"),
        ("ÜLETIHI", "overtrick", "Iga väljamängiva poole lepinguga määratud tihide arvu"),
    ],
)
def test_definition_entries(term, english, text):
    found = [u for u in doc().units if u.kind == "definition" and u.term == term]
    assert len(found) == 1
    assert found[0].english == english
    assert starts(found[0].text, text)


def test_karistus_keeps_its_paragraphs():
    karistus = next(u for u in doc().units if u.kind == "definition" and u.term == "KARISTUS")
    assert (
        "distsiplinaarkaristused — rakendatakse kombekuse ja korra säilitamiseks (Reegel 91),"
        in karistus.text
    )
    assert karistus.text.rstrip().endswith(
        "protseduuriliste ebareeglipärasuste korral (vt Reegel 90)."
    )


# Footnotes: (unit carrying the marker, footnote text start, line of the footnote text).
FOOTNOTES = [
    ("3", "6.D.2", "Sorteeritud kaardipakk on pakk", 835),
    ("4", "7.B.3", 'Siinkohal tuleb määratlust "pärast"', 877),
    ("5", "13", "See reegel kehtib juhtudel", 990),
    ("6", "15.A.3", "Asenduspakkumist loetakse erinevaks", 1031),
    ("7", "15.B", "See reegel kehtib ainult paari- või individuaalturniiril", 1033),
    ("8", "16.B.3", "Kohtuniku varasem või hilisem kutsumine", 1070),
    ("9", "20.C.2", "Väljamängija esimene käik on lauast, välja arvatud pärast", 1155),
    ("10", "20.F.1", "Välja arvatud sundkorras passima pidav mängija.", 1157),
    ("11", "31.A.2", "Parempoolse vastase ebareeglipärase üksikpakkumise", 1362),
    ("12", "41.A", "Pädev institutsioon võib lubada avatud esiküljega avakäike.", 1518),
    ("13", "41.B", "Väljamängija esimene käik on lauast, välja arvatud juhul", 1520),
    ("14", "41.B", "Väljamängija võib seda teha nii oma kui laua mängukorra ajal.", 1522),
    ("14", "41.C", "Väljamängija võib seda teha nii oma kui laua mängukorra ajal.", 1522),
    ("15", "46.B.1.b", 'Väljend "löö üle"', 1651),
    ("16", "50.D.2.a", "Kui mängijal ei ole võimalik sooritada käiku", 1727),
    ("17", "50.D.2.b", "Kui trahvikaardi omaniku partner saab uuesti", 1729),
    ("18", "51.B.1.b", "Kui mängijal ei ole võimalik sooritada käiku", 1759),
    ("18", "51.B.2.a", "Kui mängijal ei ole võimalik sooritada käiku", 1759),
    ("19", "51.B.2.c", "Kui trahvikaartide omaniku partner", 1761),
    ("20", "53.A", "Kolmeteistkümnenendasse tihisse", 1803),
    ("21", "57.C.1", "Käeliigutuse või noogutusega.", 1854),
    ("22", "64.A.1", "Vastavalt käesoleva reegli otstarbele", 1993),
    ("22", "64.A.2", "Vastavalt käesoleva reegli otstarbele", 1993),
    ("23", "67.B.2.a", "Kohtunik peab võimalusel kaitsja mängitud kaartide", 2066),
    ("24", "70.C.3", 'Vastavalt reeglite 70 ja 71 otstarbele loetakse "loomulikuks"', 2115),
    ("24", "70.E.1", 'Vastavalt reeglite 70 ja 71 otstarbele loetakse "loomulikuks"', 2115),
    # l.2127 prints ²⁵ but means ²⁴: the text of l.2115 is about laws 70 and 71.
    ("25→24", "71.B", 'Vastavalt reeglite 70 ja 71 otstarbele loetakse "loomulikuks"', 2115),
    ("25", "74.C.5", "Vt reegel 73D2 olukorrast", 2230),
    ("27", "79.C.1", "Arvestamiseks võistluste erilist iseloomu", 2384),
    ("28", "80.B.2.g.i", "Mõnes piirkonnas peetakse loomulikuks", 2429),
    ("28", "80.B.2.h", "Mõnes piirkonnas peetakse loomulikuks", 2429),
    ("28", "80.B.2.j", "Mõnes piirkonnas peetakse loomulikuks", 2429),
    ("29", "86.B.2", "Sealhulgas tulemus vigasest jaotusest.", 2532),
    ("30", "93.C.3.b", "Pädev institutsioon vastutab oma otsuste vastavuse eest", 2605),
]


@pytest.mark.parametrize(
    "number, uid, text, line", FOOTNOTES, ids=[f"{n}-{u}" for n, u, _, _ in FOOTNOTES]
)
def test_footnote_attached_to_the_unit_citing_it(number, uid, text, line):
    u = unit(uid)
    fn = footnote_with(u, text)
    assert fn is not None, f"{uid} footnotes: {[(f.marker, f.text[:30]) for f in u.footnotes]}"
    assert fn.lines == (line, line)


def test_front_matter_footnotes():
    intro = region("introduction", 433)
    assert footnote_with(intro, "Inglise-eesti vastavus: may — võib") is not None
    maaratud = next(
        u for u in doc().units if u.kind == "definition" and u.term == "MÄÄRATUD TULEMUS"
    )
    assert footnote_with(maaratud, 'Väljendis "kohtunik määrab tulemuse"') is not None


FOOTNOTE_LINES = [
    n for n, raw in enumerate(SOURCE, 1) if 441 <= n <= 2605 and re.match("^[¹²³⁴⁵⁶⁷⁸⁹⁰]+ ", raw)
]


@pytest.mark.parametrize("line", FOOTNOTE_LINES)
def test_footnote_text_is_out_of_the_flow(line):
    """A footnote printed mid-list is not part of any unit's text."""
    body = squash(SOURCE[line - 1].split(" ", 1)[1])[:40]
    assert not [u.id for u in doc().units if body in squash(u.text) or body in squash(u.tail)]


@pytest.mark.parametrize(
    "uid, kids",
    [
        ("9.B.1", ["a", "b", "c", "d"]),  # footnote ⁴ at 877 between a and b
        ("7.B", ["1", "2", "3"]),  # ³ at 835
        ("16.B.1", ["a", "b"]),  # ⁶ ⁷ at 1031/1033
        ("20.F", ["1", "2", "3", "4", "5", "6"]),  # ⁹ ¹⁰ at 1155/1157
        ("46.B.3", ["a", "b"]),  # ¹⁵ at 1651
        ("50.D.2", ["a", "b"]),  # ¹⁶ ¹⁷ at 1727/1729
        ("57.C", ["1", "2", "3"]),  # ²¹ at 1854
        ("65.B", ["1", "2", "3"]),  # ²² at 1993
        ("68.D", ["1", "2"]),  # ²³ at 2066
        ("80.B", ["1", "2"]),  # ²⁷ at 2384
        ("20.F.5", ["a", "b"]),
        ("40.B.2.a", ["i", "ii", "iii", "iv", "v"]),
        ("40.B.2.c", ["i", "ii", "iii", "iv"]),
        ("68.D.2.b", ["i", "ii"]),
    ],
)
def test_lists_stay_contiguous(uid, kids):
    assert children(uid) == [f"{uid}.{k}" for k in kids]


def test_blank_lines_do_not_end_lists():
    assert children("25.A") == [f"25.A.{n}" for n in range(1, 7)]  # blank at 1242
    assert children("36.B") == [f"36.B.{n}" for n in range(1, 5)]  # blank at 1414
    assert children("63.A") == [f"63.A.{n}" for n in range(1, 5)]  # blank at 1947
    assert children("74.C") == [f"74.C.{n}" for n in range(1, 9)]  # blank at 2200


@pytest.mark.parametrize(
    "line", [n for n, raw in enumerate(SOURCE, 1) if n >= 3560 and raw.startswith("Reegel")]
)
def test_appendix_reegel_lines_are_not_laws(line):
    assert covering(line, LAW_KINDS) == []


def test_law_2_table_stays_a_table():
    law = unit("2")
    # The table is the unit 2.table (all its rows in tests/test_tables.py), not law text.
    assert children("2") == ["2.table"]
    rows = unit("2.table").rows
    assert ["N", "1", "5", "9", "13", "mitte keegi", "1", "8", "11", "14"] in rows
    assert ["W", "4", "8", "12", "16", "mõlemad", "4", "7", "10", "13"] in rows
    assert "(North, East, South, West)" in law.text
    assert "mitte keegi" not in law.text


def test_law_78B_imp_table_makes_no_subsections():
    sec = unit("78.B")
    # The IMP scale is the unit 78.B.table (all its rows in tests/test_tables.py); the
    # caption VAHE stays in the section's text.
    assert children("78.B") == ["78.B.table"]
    assert "VAHE" in sec.text
    assert ["270–310", "7", "1300–1490", "16", "4000+", "24"] in unit("78.B.table").rows
    assert "1300–1490" not in sec.text
    assert unit("78.C").title == "Osavõtja tulemuse arvutamine lepingutulemuste summa abil"


def test_no_markdown_markup_left():
    offenders = [
        u.id
        for u in doc().units
        if u.kind != "index" and (re.search(r"\*\S|\S\*", f"{u.text}\n{u.tail}") or "*" in u.title)
    ]
    assert offenders == []
    assert "**" not in unit("39.B").text


def test_markup_removed_where_it_was_printed():
    front = region("front", 12)
    assert "Originaali tiitel: The Laws of Duplicate Bridge — 2017" in front.text
    lisa2 = region("appendix", 3564)
    assert "**" not in lisa2.text
    intro = region("introduction", 433)
    assert "*" not in "".join(f.text for f in intro.footnotes)


_MARKERS = re.compile(r"^\s*(?:- ?)?(?:[A-H]\.\s|\d\.\s|\d\)\s)?\s*(?:- ?)?(?:[a-e]\)\s)?")


def test_no_law_text_lost():
    """Every printed line of the laws (markers, superscripts and markup off) is found in
    the title, text or tail of some unit of the law tree, or in a table of it (Laws 2, 77,
    78B) or its tail."""
    tables = [u for u in doc().units if u.kind == "table"]
    haystack = [squash(f"{u.title} {u.text} {u.tail}") for u in law_tree() + tables]
    missing = []
    for no in range(747, 2606):
        raw = as_served("et", no, SOURCE[no - 1])
        if not raw.strip() or re.match("^[¹²³⁴⁵⁶⁷⁸⁹⁰]+ ", raw) or raw.startswith("Reegel "):
            continue
        content = squash(_MARKERS.sub("", re.sub(r"[¹²³⁴⁵⁶⁷⁸⁹⁰]+|\*\*C\.\*\*|\*", "", raw)))
        if content and not any(content in h for h in haystack):
            missing.append(no)
    assert missing == []


def test_closing_paragraphs_after_lists():
    """A paragraph printed after a list belongs to the unit that introduced the list: 69B
    (l.2088, after 69B1-2) and Law 71 itself (l.2129, after the list-form sections 71A-B).
    It is held, in print order, as the tail of the list's last element (69B2, 71B), never in
    that element's text."""
    closing = "Jaotuse lepingutulemus muudetakse sellise tihi andmisega mängija poolele."
    assert unit("69.B.2").tail.endswith(closing)
    assert whole("69.B").endswith(closing)
    assert closing not in unit("69.B.2").text
    assert unit("69.B").lines == (2081, 2088)
    assert unit("71.B").tail.endswith(closing)
    assert whole("71").endswith(closing)
    assert closing not in unit("71.B").text
    assert unit("71.B").text.endswith("pole võimalik kaotada.")
    assert unit("71").lines == (2122, 2129)


def test_no_definition_text_lost():
    """Every printed body line of MÕISTED (l.443-745) is in some definition's text."""
    defs = [squash(u.text) for u in doc().units if u.kind == "definition"]
    terms = {u.lines[0] for u in doc().units if u.kind == "definition"}
    missing = []
    for no in range(443, 746):
        raw = as_served("et", no, SOURCE[no - 1])
        if not raw.strip() or no in terms or re.match("^[¹²³⁴⁵⁶⁷⁸⁹⁰]+ ", raw):
            continue
        content = squash(re.sub(r"[¹²³⁴⁵⁶⁷⁸⁹⁰]+|\*", "", raw))
        if not any(content in d for d in defs):
            missing.append(no)
    assert missing == []


@pytest.mark.parametrize("line", [2127, 2254])
def test_misnumbered_footnote_markers_are_noted(line):
    """l.2127 prints ²⁵ for ²⁴ (Law 71) and l.2254 prints ²⁸ for ²⁶ (76D): source oddities
    the parser has to handle, which doc.notes records (kb.core.model.Document)."""
    assert notes_at(line), f"no note for the misnumbered footnote marker at l.{line}"
