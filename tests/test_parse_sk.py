"""The Slovak 2007 law book (corpus/sk/sk.txt) parsed into units.

Every expectation here was established by reading the source (and shared/guides/sk.md), never
by copying what the parser produces. Line numbers are 1-based lines of corpus/sk/sk.txt.

Conventions used below:
* `norm(text)` is the source wording as it must be stored: NBSP -> space, runs of spaces
  folded, ends stripped.
* Footnote markers (`*`, `**`, `***`) glued to words are a storage detail the tests do not
  pin down, so exact-text asserts only use passages without markers.
* Footnotes may be attached to the unit carrying their marker or to the law (both are
  defensible); the tests require them somewhere in the right law's subtree and never inside
  any unit's text or line range.

tests/data/sk_laws.tsv has one row per law:
  law      the law number
  title    the title exactly as printed after the FIRST dash (NBSP as space, trailing space
           stripped, the second ` – ` of laws 1 and 61 and the typos BALÍČE/SPAŤ/HRÁĆA kept)
  sections the law's section letters in order ("" for the 16 section-less laws)
  opening  the first (up to) 6 words of the first non-blank line after the heading when that
           line is the law's own text (the preamble of a law with sections, the body of a
           section-less law); empty when the first line after the heading is section A.
           The law unit's text must start with these words; when empty, the law unit has
           no text of its own.
  line     the line of its `PRAVIDLO n – TITLE` heading
"""

from __future__ import annotations

import csv
import re
from functools import cache

import pytest

from kb.core.model import Footnote, Unit
from kb.layers.cite import full_text
from tests.conftest import CORPUS, ROOT, parsed, units_by_id

LANG = "sk"
SOURCE = (CORPUS / LANG / "sk.txt").read_text(encoding="utf-8").split("\n")
LAW_TABLE = ROOT / "tests" / "data" / "sk_laws.tsv"
LAW_LEVEL_KINDS = ("law", "section", "subsection", "item", "subitem")


# -- helpers -------------------------------------------------------------------------------
def src(no: int) -> str:
    """A source line as printed."""
    return SOURCE[no - 1]


def norm(text: str) -> str:
    """Source wording as stored: NBSP to space, runs of spaces folded, ends stripped."""
    return re.sub(r" {2,}", " ", text.replace("\u00a0", " ")).strip()


@cache
def units() -> dict[str, Unit]:
    return units_by_id(LANG)


def unit(uid: str) -> Unit:
    assert uid in units(), f"no unit {uid!r}"
    return units()[uid]


def children(uid: str, kind: str | None = None) -> list[Unit]:
    return [u for u in parsed(LANG).units if u.parent == uid and (kind is None or u.kind == kind)]


def subtree(uid: str) -> list[Unit]:
    """The unit and all units below it."""
    return [u for u in parsed(LANG).units if u.id == uid or u.id.startswith(uid + ".")]


def whole(uid: str) -> str:
    """A unit's wording as printed: its text, its children's and their tails, in order."""
    return full_text(uid, parsed(LANG).units)


def laws() -> list[Unit]:
    return [u for u in parsed(LANG).units if u.kind == "law"]


def law_tree_units() -> list[Unit]:
    return [u for u in parsed(LANG).units if u.kind in LAW_LEVEL_KINDS]


def definitions() -> list[Unit]:
    return [u for u in parsed(LANG).units if u.kind == "definition"]


def definition(term: str) -> Unit:
    """The one definition of a term."""
    found = [d for d in definitions() if d.term == term]
    assert len(found) == 1, f"{len(found)} definitions of {term!r}"
    return found[0]


def all_footnotes() -> list[tuple[Unit, Footnote]]:
    return [(u, f) for u in parsed(LANG).units for f in u.footnotes]


def note_lines() -> set[int]:
    return {n.line for n in parsed(LANG).notes}


def load_law_table() -> list[dict[str, str]]:
    with LAW_TABLE.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


LAW_ROWS = load_law_table()
SECTIONLESS = {1, 2, 3, 4, 23, 33, 34, 35, 49, 56, 59, 71, 77, 83, 88, 89}


# -- the source itself (guards for the expectations below) ---------------------------------
def test_law_table_is_complete():
    assert [int(r["law"]) for r in LAW_ROWS] == list(range(1, 94))
    for row in LAW_ROWS:
        assert src(int(row["line"])).startswith(f"PRAVIDLO {row['law']} "), row


# -- §2 laws: 93 in order, titles, section letters, openings --------------------------------
def test_no_problems():
    assert parsed(LANG).problems == []


def test_93_laws_in_order():
    assert [u.id for u in laws()] == [str(n) for n in range(1, 94)]


def test_laws_start_at_129_and_nothing_before_is_a_law():
    assert laws()[0].lines[0] == 129
    assert all(u.lines[0] >= 129 for u in law_tree_units())


@pytest.mark.parametrize("row", LAW_ROWS, ids=lambda r: f"law{r['law']}")
def test_law_heading_title_and_sections(row):
    law = unit(row["law"])
    assert law.kind == "law"
    assert law.parent is None
    assert law.lines[0] == int(row["line"])
    assert law.title == row["title"]
    letters = "".join(u.id.split(".")[1] for u in children(row["law"], "section"))
    assert letters == row["sections"]


@pytest.mark.parametrize("row", LAW_ROWS, ids=lambda r: f"law{r['law']}")
def test_law_opening_text(row):
    law = unit(row["law"])
    if row["opening"]:
        words = row["opening"].split()
        assert law.text.split()[: len(words)] == words
    elif row["law"] == "27":
        # Law 27's only own wording is its closing note (l.693, hard case 19), printed after
        # 27D: the tail of 27D, so the law's text is empty.
        assert law.text == ""
        assert unit("27.D").tail.startswith("Poznámka: význam")
    else:
        assert law.text == ""


def test_254_sections():
    assert len([u for u in law_tree_units() if u.kind == "section"]) == 254


def test_the_16_sectionless_laws():
    without = {int(u.id) for u in laws() if not children(u.id, "section")}
    assert without == SECTIONLESS


# Every `X. title` line of the laws region is a section (guide §3.1: no false positives).
SECTION_LINES = []
_law = None
for _no, _line in enumerate(SOURCE, start=1):
    if m := re.match(r"^PRAVIDLO\s+(\d{1,2})\s*[–—-]", _line):
        _law = m.group(1)
    elif _law and (m := re.match(r"^([A-H])\.\s+(.+)$", _line)):
        SECTION_LINES.append((f"{_law}.{m.group(1)}", _no, norm(m.group(2))))


@pytest.mark.parametrize(("uid", "line", "title"), SECTION_LINES, ids=[s[0] for s in SECTION_LINES])
def test_section_unit(uid, line, title):
    section = unit(uid)
    assert section.kind == "section"
    assert section.parent == uid.split(".")[0]
    assert section.label == uid.split(".")[1] + "."
    assert section.lines[0] == line
    assert section.title == title
    # the body starts on the next non-blank line; when that line is plain text (not a
    # numbered or lettered marker) the section's own text starts with its words
    nxt = next(n for n in range(line + 1, len(SOURCE) + 1) if src(n).strip())
    if not re.match(r"^(?:\d{1,2}\.?\s|\s*\(|\t|PRAVIDLO )", src(nxt)):
        words = re.sub(r"\*+", "", norm(src(nxt))).split()[:5]
        assert section.text.split()[:5] == words


@pytest.mark.parametrize(
    ("uid", "title"),
    [
        ("14.A", "Zistenie neúplného listu pred začiatkom zohrávky."),  # 386 trailing '.'
        ("45.B", "Karta hraná z listu tichého hráča."),  # 994
        ("50.B", "Veľká alebo malá pokutová karta?"),  # 1106
        ("22.B", "Koniec dražobného obdobia"),  # 612 trailing space
        ("70.E", "Nešpecifikovaný spôsob zohrávky"),  # 1477 trailing space
        ("7.B", "Vybratie kariet z krabice"),  # 239 NBSP
        ("57.A", "Predčasný výnos alebo pridanie k nasledujúcemu zdvihu"),  # 1225 NBSP
        ("61.A", "Nepriznanie farby - definícia"),  # 1277 hyphen inside
        ("38.D", "Možné opomenutie použitia pravidiel 23 a 26"),  # 821 law reference
        ("86.A", "Priemerný výsledok pri hodnotení pomocou medzinárodných súťažných bodov"),
    ],
)
def test_section_title_variants(uid, title):
    assert unit(uid).title == title


# -- §3 subsections, items and subitems: exactly the marker lines of the source -------------
def _marker_lines(pattern: str) -> set[int]:
    return {
        no
        for no, line in enumerate(SOURCE, start=1)
        if no >= 129 and not line.startswith("\t") and re.match(pattern, line)
    }


SUBSECTION_LINES = _marker_lines(r"^\d{1,2}\.?\s")  # includes 603 `3 Ak` and 1075 `2 (a)`
ROMAN_LINES = _marker_lines(r"^\((?:i|ii|iii)\)")  # column 0
ITEM_LINES = (_marker_lines(r"^\s*(?:\.\.\.)?\([a-z]\)") - ROMAN_LINES) | _marker_lines(
    r"^\d{1,2}\.?\s+\(a\)"
)


def test_marker_line_counts():
    assert len(SUBSECTION_LINES) == 304
    assert sorted(ROMAN_LINES) == [344, 347, 574, 577, 858, 862, 866, 1916, 1919]
    assert len(ITEM_LINES) == 102


def test_subsections_are_exactly_the_numbered_lines():
    starts = sorted(
        u.lines[0] for u in law_tree_units() if u.kind == "subsection" and u.label != ""
    )
    assert starts == sorted(SUBSECTION_LINES)


def test_items_are_exactly_the_lettered_lines():
    starts = sorted(u.lines[0] for u in law_tree_units() if u.kind == "item")
    assert starts == sorted(ITEM_LINES)


def test_subitems_are_exactly_the_roman_lines():
    starts = sorted(u.lines[0] for u in law_tree_units() if u.kind == "subitem")
    assert starts == sorted(ROMAN_LINES)


def test_no_unit_starts_on_a_table_line():
    bad = [(u.id, u.lines[0]) for u in law_tree_units() if src(u.lines[0]).startswith("\t")]
    assert bad == []


@pytest.mark.parametrize("uid", ["2", "77", "78.B"])
def test_tables_never_produce_subsections(uid):
    # The tables are units of kind `table` below the unit (tests/test_tables.py); nothing
    # else may grow out of their cells.
    assert [u.id for u in subtree(uid) if u.id != uid and u.kind != "table"] == []


def test_sectionless_laws_with_numbered_subsections():
    assert [u.id for u in children("35")] == ["35.1", "35.2", "35.3", "35.4"]
    assert [u.id for u in children("71")] == ["71.1", "71.2"]
    assert unit("35.4").text == "Hláška po konečnom pase dražby. Použije sa pravidlo 39."
    assert unit("71.1").kind == "subsection"


@pytest.mark.parametrize(
    ("law", "text", "line"),
    [
        ("56", "Pozri pravidlo 54D.", 1221),
        ("88", "Pozri pravidlo 12C2.", 2035),
        ("89", "Pozri pravidlo 12C3.", 2038),
    ],
)
def test_cross_reference_only_laws(law, text, line):
    assert unit(law).text == text
    assert unit(law).lines[1] == line
    assert children(law) == []


def test_lower_case_subsection_continues_stem():
    assert unit("14.A").text.endswith("vedúci sa pokúsi všetky chýbajúce karty nájsť a:")
    assert unit("14.A.1").text == "ak je karta nájdená, tak sa vráti do neúplného listu"
    assert unit("14.A.1").lines == (388, 388)


def test_section_preamble_before_subsections():
    assert unit("12.A").text.startswith("Vedúci môže prideliť upravený výsledok alebo upravené")
    assert unit("12.A").text.endswith("Toto zahŕňa:")
    assert [u.id for u in children("12.A")] == ["12.A.1", "12.A.2", "12.A.3"]


@pytest.mark.parametrize(
    ("uid", "wording"),
    [
        ("12.C.1.e", "namiesto (c) použiť"),  # 341
        ("52.B.1.c", "podľa odseku (a) alebo (b) vyššie"),  # 1162
        ("40.B.2.b", "s výnimkou že (len) hráči"),  # 853
    ],
)
def test_mid_line_letters_are_references_not_markers(uid, wording):
    assert wording in unit(uid).text


def test_mid_line_reference_letters_create_no_items():
    assert [u.id for u in children("52.B.1")] == ["52.B.1.a", "52.B.1.b", "52.B.1.c"]


# Unnumbered paragraphs after a subsection (guide §3.2).
def test_paragraph_276_continues_9A3():
    assert "Ktorýkoľvek hráč, vrátane tichého hráča, sa však môže pokúsiť" in unit("9.A.3").text
    assert unit("9.A.3").lines == (274, 276)
    assert unit("9.A.4").lines[0] == 277


def test_paragraph_1453_belongs_to_69B():
    closing = (
        "Výsledok rozdania je opravený s tým, že zdvih je pridelený strane prijímajúcej nárok."
    )
    # Printed after 69B1-2, it is 69B's wording held as the tail of 69B2, not 69B2's text.
    assert closing in unit("69.B.2").tail
    assert closing not in unit("69.B.2").text
    assert unit("69.B.2").lines == (1452, 1452)
    assert unit("69.B").lines == (1448, 1453)
    assert whole("69.B").endswith(closing)


def test_paragraphs_1492_1493_belong_to_law_71():
    # Printed after 71.1-2, they are Law 71's wording held as the tail of 71.2, its last child.
    tail = unit("71.2").tail
    assert "Výsledok rozdania je opravený s tým, že zdvih je pridelený strane, ktorá sa" in tail
    assert tail.endswith("Rozdanie sa prehodnotí s takýmto zdvihom prisúdeným jeho strane.")
    assert "Výsledok rozdania" not in unit("71.2").text
    assert unit("71.2").lines == (1490, 1490)
    assert unit("71").lines == (1485, 1493)
    assert whole("71").endswith("Rozdanie sa prehodnotí s takýmto zdvihom prisúdeným jeho strane.")


def test_law_75_example_paragraph_is_preamble():
    assert unit("75").text.startswith("Ak bolo súperom poskytnuté zavádzajúce vysvetlenie")
    assert "Sever zahájil 1NT a juh, ktorý má slabý list s dlhými kárami" in unit("75").text
    assert "Sever zahájil" not in unit("75.A").text


# -- §10 hard cases -------------------------------------------------------------------------
def test_hard_01_law_1_two_dashes():
    law = unit("1")
    assert law.title == "BALÍČE KARIET – PORADIE KARIET A FARIEB"
    assert children("1") == []
    assert law.text == norm(src(130))
    assert law.lines == (129, 130)


@pytest.mark.parametrize(
    ("law", "line", "title"),
    [
        ("10", 294, "STANOVENIE NÁPRAVY"),
        ("14", 384, "CHÝBAJÚCA KARTA"),
        ("17", 467, "TRVANIE DRAŽBY"),
        ("22", 605, "POSTUP PO SKONČENÍ DRAŽBY"),
        ("52", 1152, "NEVYNESENIE ALEBO NEPRIDANIE POKUTOVEJ KARTY"),
    ],
)
def test_hard_02_ascii_hyphen_headings(law, line, title):
    assert unit(law).lines[0] == line
    assert unit(law).title == title


def test_hard_03_no_space_after_dash():
    assert unit("86").title == "V SÚŤAŽI DRUŽSTIEV ALEBO INEJ PODOBNEJ SÚŤAŽI"
    assert unit("86").lines[0] == 2007


def test_hard_04_nbsp_in_heading():
    assert unit("84").title == "ROZHODOVANIE O NEROZPORNÝCH SKUTOČNOSTIACH"
    assert "\u00a0" not in unit("84").title


@pytest.mark.parametrize(("law", "title"), [("73", "KOMUNIKÁCIA"), ("90", "PROCEDURÁLNE POKUTY")])
def test_hard_05_trailing_space_in_heading(law, title):
    assert unit(law).title == title


@pytest.mark.parametrize(
    ("uid", "line", "wording"),
    [
        ("19.A.3", 524, "(Môže byť uplatnené pravidlo 16 – Neoprávnená informácia)."),
        ("19.B.3", 531, "(Môže byť uplatnené pravidlo 16 – Neoprávnená informácia)."),
        ("47.B", 1065, "pozri pravidlo 49 - pokutová karta). Ohľadom súčasného zahrania"),
        ("61.A", 1279, "(avšak pozri pravidlo 59 – nemožnosť splnenia nápravy)."),
    ],
)
def test_hard_06_law_title_in_running_text_is_body(uid, line, wording):
    assert wording in unit(uid).text
    assert unit(uid).lines[0] <= line <= unit(uid).lines[1]
    assert not any(u.lines[0] == line for u in laws())


def test_hard_07_line_starting_with_pravidlo_is_body_of_38D():
    assert unit("38.D").text == norm(src(823))
    assert unit("38.D").text.startswith("Pravidlo 23 sa môže použiť a môžu sa uplatniť")
    assert unit("38.D").lines == (821, 823)
    assert unit("23").lines[0] == 617


def test_hard_08_subsection_and_item_on_one_line():
    assert unit("9.B.1").label == "1."
    assert unit("9.B.1").text == ""
    item = unit("9.B.1.a")
    assert (item.kind, item.label, item.parent) == ("item", "(a)", "9.B.1")
    assert item.text == "Vedúci musí byť privolaný okamžite po upozornení na nezrovnalosť."
    assert item.lines == (280, 280)
    assert [u.id for u in children("9.B.1")] == ["9.B.1.a", "9.B.1.b", "9.B.1.c", "9.B.1.d"]
    assert unit("9.B.2").lines[0] == 288


COMBINED = [
    (280, "9.B.1", "Vedúci musí byť privolaný okamžite"),
    (335, "12.C.1", "Keď po nezrovnalosti je vedúci"),
    (351, "12.C.2", "Ak nemôže byť z dôvodu"),
    (439, "16.B.1", "Ak poskytne hráč partnerovi takúto"),
    (569, "20.F.5", "Hráč, ktorého partner poskytol chybné"),
    (597, "21.B.1", "Hráč, ak jeho partner neučinil"),
    (679, "27.B.1", "ak je nedostatočná ponuka opravená"),
    (727, "30.B.2", "Ak bolo pasované mimo poradia"),
    (839, "40.A.1", "Dohody partnerstva pokiaľ ide o"),
    (847, "40.B.1", "Súťažný orgán podľa svojho uváženia"),
    (851, "40.B.2", "Súťažný orgán je oprávnený bez"),
    (877, "40.B.6", "Keď vysvetľuje partnerovu hlášku alebo"),
    (886, "40.C.3", "Pokým to nepovolí súťažný orgán,"),
    (939, "43.A.1", "Pokiaľ na nezrovnalosť neupozornil iný"),
    (945, "43.A.2", "Tichý hráč si nesmie vymeniť"),
    (1008, "45.C.4", "Karta musí byť zahraná, ak"),
    (1075, "47.E.2", "Hráč môže vrátiť späť kartu"),
    (1116, "50.D.1", "Veľká pokutová karta musí byť"),
    (1144, "51.B.1", "Ak má obranca dve alebo"),
    (1147, "51.B.2", "Ak má obranca pokutové karty"),
    (1158, "52.B.1", "Ak obranca, ktorý mal podľa"),
    (1285, "61.B.2", "Tichý hráč sa môže opýtať"),
    (1418, "67.B.2", "Ak previnilý pridal viac ako"),
    (2100, "93.C.3", "Nehľadiac na body 1 a"),
]


@pytest.mark.parametrize(("line", "uid", "start"), COMBINED, ids=[c[1] for c in COMBINED])
def test_hard_08_all_combined_subsection_item_lines(line, uid, start):
    sub, item = unit(uid), unit(uid + ".a")
    assert sub.kind == "subsection" and sub.lines[0] == line
    assert sub.text == ""
    assert item.kind == "item" and item.parent == uid and item.lines[0] == line
    assert item.text.startswith(start)


def test_hard_09_subsection_without_dot():
    sub = unit("21.B.3")
    assert (sub.kind, sub.parent, sub.label) == ("subsection", "21.B", "3")
    assert sub.text == (
        "Ak je príliš neskoro na zmenu hlášky a vedúci usúdi, že vinná strana získala "
        "výhodu z nezrovnalosti, vedúci pridelí upravený výsledok."
    )
    assert sub.lines == (603, 603)


def test_hard_10_47E2_a_then_c():
    sub = unit("47.E.2")
    assert (sub.label, sub.lines[0], sub.text) == ("2", 1075, "")
    assert unit("47.E.2.a").text.startswith("Hráč môže vrátiť späť kartu hranú po mylnom")
    assert [u.label for u in children("47.E.2")] == ["(a)", "(c)"]
    c = children("47.E.2")[1]
    assert c.id == "47.E.2.c"
    assert c.lines == (1077, 1077)
    assert c.text == (
        "Ak je príliš neskoro na opravu podľa predchádzajúceho odseku (a), "
        "vedúci môže prideliť upravený výsledok."
    )
    assert "47.E.2.b" not in units()


def test_hard_11_46B_items_without_subsection_1():
    items = [u for u in law_tree_units() if u.lines[0] in (1042, 1043, 1044)]
    assert [u.kind for u in items] == ["item"] * 3
    assert [u.label for u in items] == ["(a)", "(b)", "(c)"]
    parent = items[0].parent
    assert parent in ("46.B", "46.B.1")  # implicit 46B1, or attached to the section
    assert {u.parent for u in items} == {parent}
    assert items[0].text.startswith("ak použije hlavný hráč pri hre z listu tichého hráča")
    assert items[2].text == (
        "ak použije slovo „malú“ alebo slovo podobného významu, "
        "predpokladá sa, že žiada najnižšiu kartu."
    )
    assert unit("46.B").text.startswith("V prípade, že hlavný hráč neúplne alebo chybne menuje")
    subs = [u.id for u in children("46.B", "subsection") if u.label]
    assert subs == ["46.B.2", "46.B.3", "46.B.4", "46.B.5"]
    assert unit("46.B.2").lines == (1046, 1046)
    assert [u.id for u in children("46.B.3")] == ["46.B.3.a", "46.B.3.b"]


def test_hard_12_roman_subitems_of_12C1e():
    e = unit("12.C.1.e")
    assert e.text == (
        "Podľa svojho uváženia môže súťažný orgán namiesto (c) použiť celý nasledovný "
        "postup alebo jeho časť:"
    )
    assert [u.id for u in children("12.C.1.e")] == ["12.C.1.e.i", "12.C.1.e.ii"]
    i, ii = unit("12.C.1.e.i"), unit("12.C.1.e.ii")
    assert (i.kind, i.label, i.lines) == ("subitem", "(i)", (344, 344))
    assert i.text == norm(src(344)[len("(i)") :])
    assert ii.text == (
        "Pre previnilú stranu pridelený výsledok je najmenej priaznivý výsledok, "
        "ktorý bol vôbec pravdepodobný."
    )
    f = unit("12.C.1.f")
    assert (f.kind, f.parent, f.lines) == ("item", "12.C.1", (349, 349))
    assert f.text == "Výsledky pridelené obom stranám nemusia byť vyvážené"
    assert [u.label for u in children("12.C.1")] == ["(a)", "(b)", "(c)", "(d)", "(e)", "(f)"]


def test_hard_12_roman_subitems_of_20F5b():
    assert [u.id for u in children("20.F.5.b")] == ["20.F.5.b.i", "20.F.5.b.ii"]
    assert unit("20.F.5.b.i").text == "pre obrancu, na konci zohrávky."
    assert unit("20.F.5.b.ii").text == (
        "pre hlavného hráča alebo tichého hráča, po konečnom pase dražby."
    )
    assert unit("20.F.6").lines[0] == 579


@pytest.mark.parametrize(
    ("uid", "label", "lines", "text"),
    [
        ("40.B.2.c.i", "(i)", (858, 859), "pred začatím dražby"),
        ("40.B.2.c.ii", "(ii)", (862, 863), "počas obdobia vyjasňovania a"),
        (
            "40.B.2.c.iii",
            "(iii)",
            (866, 867),
            "počas dražby a počas zohrávky, ale len keď je na rade licitovať alebo hrať.",
        ),
    ],
)
def test_hard_13_lone_roman_markers_take_next_line(uid, label, lines, text):
    sub = unit(uid)
    assert (sub.kind, sub.parent, sub.label) == ("subitem", "40.B.2.c", label)
    assert sub.lines == lines
    assert sub.text == text


def test_hard_13_40B2c_and_d():
    assert unit("40.B.2.c").text == (
        "Pokým súťažný orgán nestanoví inak, hráč smie pozerať do konvenčnej karty svojich súperov"
    )
    d = unit("40.B.2.d")
    assert (d.kind, d.parent, d.lines) == ("item", "40.B.2", (869, 869))
    assert d.text == "Súťažný orgán môže obmedziť používanie psychických umelých hlášok."


def test_hard_14_80B2g_has_subitems_and_i_after_h_is_a_letter():
    g = unit("80.B.2.g")
    assert (g.kind, g.text, g.lines[0]) == ("item", "", 1915)
    assert [u.id for u in children("80.B.2.g")] == ["80.B.2.g.i", "80.B.2.g.ii"]
    assert "menovanie asistentov, ak sú potrební na pomoc vedúcemu." in unit("80.B.2.g.i").text
    assert unit("80.B.2.g.i").text.startswith("zariadiť")
    assert unit("80.B.2.g.ii").text == (
        "menovať iný personál a stanoviť ich povinnosti a zodpovednosti."
    )
    letter_i = unit("80.B.2.i")
    assert (letter_i.kind, letter_i.parent, letter_i.label) == ("item", "80.B.2", "(i)")
    assert letter_i.text == "stanoviť vhodné podmienky hry a oznámiť ich súťažiacim."
    assert letter_i.lines == (1922, 1922)
    assert [u.label for u in children("80.B.2")] == [f"({c})" for c in "abcdefghijkl"]


def test_hard_15_ellipsis_before_item_marker():
    b = unit("93.C.3.b")
    assert (b.kind, b.parent, b.label) == ("item", "93.C.3", "...(b)")  # the dots as printed
    assert b.text.startswith("Súťažný orgán môže uznať vynechanie alebo modifikáciu")
    assert b.text.endswith("Súťažiacich bude o tom riadne v predstihu informovať.")
    assert b.lines == (2102, 2102)
    assert [u.id for u in children("93.C.3")] == ["93.C.3.a", "93.C.3.b"]


def test_hard_16_item_at_column_0():
    assert [u.id for u in children("12.C.2")] == ["12.C.2.a", "12.C.2.b", "12.C.2.c"]
    b = unit("12.C.2.b")
    assert (b.kind, b.lines) == ("item", (353, 353))
    assert b.text == norm(src(353)[len("(b)") :])
    assert unit("12.C.2.c").text.startswith("Vyššie uvedené sa modifikuje pre neprevinivšieho")
    assert "(a pozri C1(d))" in unit("12.C.2.a").text
    assert [u.id for u in children("12.C")] == ["12.C.1", "12.C.2", "12.C.3", "12.C.4"]


def test_hard_17_law_16_footnotes_not_in_16D2():
    d2 = unit("16.D.2")
    assert d2.lines == (464, 464)
    assert "t.j. neočakávaná" not in d2.text
    assert "nie je porušením volať vedúceho" not in d2.text
    in_16 = {(f.marker, f.text, f.lines) for u in subtree("16") for f in u.footnotes}
    assert ("*", "t.j. neočakávaná vo vzťahu k základu jeho postupu", (465, 465)) in in_16
    assert ("**", "nie je porušením volať vedúceho skôr alebo neskôr", (466, 466)) in in_16


def test_hard_18_orphan_duplicate_footnote_of_law_71():
    found = [(u, f) for u in subtree("71") for f in u.footnotes if f.lines == (1495, 1495)]
    assert len(found) == 1
    _, footnote = found[0]
    assert footnote.text == norm(src(1483)[2:])
    assert footnote.note != ""  # recorded as an orphan / reprint
    assert 1495 in note_lines()
    law70 = [f for u in subtree("70") for f in u.footnotes if f.lines == (1483, 1483)]
    assert len(law70) >= 1 and law70[0].note == ""


def test_hard_19_poznamka_is_not_a_section():
    assert [u.id for u in children("27", "section")] == ["27.A", "27.B", "27.C", "27.D"]
    note = norm(src(693))
    holders = [u.id for u in parsed(LANG).units if note in u.text or note in u.tail]
    assert holders and set(holders) <= {u.id for u in subtree("27")}
    assert not unit("27.D").text.startswith("Poznámka")


def test_hard_19_poznamka_is_a_law_level_note():
    # guide §3.4 / §9: `^Poznámka:` is a law-level note after 27D, not part of 27D: Law 27's
    # wording printed after its last child, so the tail of 27D, never 27D's text.
    note = norm(src(693))
    assert note in unit("27.D").tail
    assert note not in unit("27.D").text
    assert unit("27.D").lines[1] == 692
    assert unit("27").lines == (669, 693)
    assert whole("27").endswith(note)


def test_hard_20_law_77_table_block():
    law = unit("77")
    # The TAB cells are law 77's table units now (all checked in tests/test_tables.py); the
    # non-TAB sub-headings printed right above a table head it (its caption: the table's
    # title, corpus/sk/tables.toml); the prose after a table stays its tail.
    assert [u.id for u in children("77")] == [f"77.table.{n}" for n in range(1, 7)]
    assert law.lines == (1608, 1784)
    assert law.text == ""
    table = unit("77.table.1")
    assert table.title.startswith("SADZBA ZA ZDVIHY\nJe získaná stranou hlavného hráča")
    assert table.header == ["AK SÚ TROMFY", "trefy (♣)", "kára (()", "srdcia (♥)", "piky (♠)"]
    assert ["Kontrovaný", "40", "40", "60", "60"] in table.rows
    tails = [u.tail for u in children("77")]
    assert not any("AK SÚ TROMFY" in t or "Kontrovaný" in t for t in tails)
    headings = [
        ("SADZBA ZA ZDVIHY", "77.table.1"),
        ("PRÉMIOVÉ BODY", "77.table.3"),
        ("SLEMY", "77.table.3"),
        ("NADZDVIHY", "77.table.4"),
        ("POKUTY ZA PÁDY", "77.table.6"),
        ("PÁDY", "77.table.6"),
    ]
    for heading, table in headings:
        assert heading in unit(table).title.split("\n"), heading
        assert not any(heading in t.split("\n") for t in tails), heading
    printed = whole("77").split("\n")
    at = [printed.index(heading) for heading, _ in headings]
    assert at == sorted(at)  # in print order
    assert unit("77.table.6").tail.endswith("každá strana si zapíše nulový výsledok.")
    assert whole("77").endswith("každá strana si zapíše nulový výsledok.")


def test_hard_21_imp_table_row_in_78B():
    b = unit("78.B")
    # The IMP rows are the unit 78.B.table (1795-1856); 78.B's range covers its table.
    assert [u.id for u in children("78.B")] == ["78.B.table"]
    assert b.lines == (1792, 1856)
    assert unit("78.B.table").lines == (1795, 1856)
    rows = unit("78.B.table").rows
    assert rows[0] == ["20-40", "1", "370-420", "9", "1500-1740", "17"]
    assert rows[-1] == ["320-360", "8", "1300-1490", "16", "4000 a viac", "24"]
    assert "370-420" not in b.text
    assert b.text.startswith("Pri hodnotení medzinárodnými súťažnými bodmi")
    assert unit("78.C").lines[0] == 1859


def test_hard_22_law_2_table_digits_are_not_subsections():
    law = unit("2")
    # The cells are the unit 2.table (all rows in tests/test_tables.py), not law text.
    assert [u.id for u in children("2")] == ["2.table"]
    assert law.lines == (131, 190)
    assert law.text.startswith(norm(src(132)))
    rows = unit("2.table").rows
    assert rows[0] == ["Rozdávajúci Sever", "krabice", "1", "5", "9", "13"]
    assert rows[-1] == ["Obe strany v druhej hre", "krabice", "4", "7", "10", "13"]
    assert "Rozdávajúci Sever" not in law.text and "Obe strany v druhej hre" not in law.text
    # l.190, printed after the table: the table's tail, the end of Law 2's wording.
    tail = unit("2.table").tail
    assert "Rozdávajúci Sever" not in tail and "Obe strany v druhej hre" not in tail
    assert tail.endswith(norm(src(190)))
    assert norm(src(190)) not in law.text
    assert whole("2").endswith(norm(src(190)))


def test_hard_23_pokuta_definition_with_two_subitems():
    pokuta = [d for d in definitions() if d.term == "Pokuta"]
    assert len(pokuta) == 1
    d = pokuta[0]
    assert d.english == "Penalty"
    assert d.lines == (77, 83)
    assert "pokuty sú dvojaké:" in d.text
    assert "disciplinárne – pokuty použité na udržanie zdvorilosti a poriadku" in d.text
    assert "procedurálne – pokuty (naviac k akejkoľvek náprave) udelené" in d.text
    assert not [x for x in definitions() if x.lines[0] in (80, 83)]
    assert not [x for x in definitions() if (x.term or "")[:1].islower()]


@pytest.mark.parametrize(
    ("term", "line", "start", "sense2"),
    [
        (
            "Konvencia",
            51,
            "1. Hláška, ktorá na základe partnerskej dohody",
            "2. Hra obrancu podávajúceho informáciu",
        ),
        ("Poradie", 86, "smer hodinových ručičiek, v ktorom sa rozdáva", None),
    ],
)
def test_hard_24_definitions_without_english(term, line, start, sense2):
    found = [d for d in definitions() if d.term == term]
    assert len(found) == 1
    d = found[0]
    assert d.english is None
    assert d.lines == (line, line)
    assert d.text.startswith(start)
    if sense2:
        assert sense2 in d.text


def test_hard_25_spaced_law_letters_stay_in_20C2():
    assert "(pozri pravidlá 41 B a 41 C)" in unit("20.C.2").text
    assert unit("20.C.2").lines == (553, 553)
    assert [u.id for u in children("20")] == [f"20.{c}" for c in "ABCDEFG"]


# -- §4 footnotes ---------------------------------------------------------------------------
FOOTNOTES = [
    (465, "16", "*"),
    (466, "16", "**"),
    (494, "17", "*"),
    (587, "20", "*"),
    (588, "20", "**"),
    (619, "23", "*"),
    (667, "26", "*"),
    (753, "31", "*"),
    (755, "31", "**"),
    (907, "41", "*"),
    (909, "41", "**"),
    (911, "41", "***"),
    (1032, "45", "*"),
    (1132, "50", "*"),
    (1134, "50", "**"),
    (1150, "51", "*"),
    (1241, "57", "*"),
    (1360, "64", "*"),
    (1422, "67", "*"),
    (1443, "68", "*"),
    (1483, "70", "*"),
    (1495, "71", "*"),
    (1538, "73", "*"),
    (1570, "74", "*"),
    (1606, "76", "*"),
    (1883, "79", "*"),
    (1930, "80", "*"),
    (2022, "86", "*"),
    (2103, "93", "*"),
]


def test_all_29_footnotes_attached():
    assert {f.lines[0] for _, f in all_footnotes()} == {line for line, _, _ in FOOTNOTES}


@pytest.mark.parametrize(("line", "law", "marker"), FOOTNOTES, ids=[str(f[0]) for f in FOOTNOTES])
def test_footnote_in_its_law_and_out_of_the_text(line, law, marker):
    text = norm(src(line)[len(marker) :])
    hosts = [(u, f) for u, f in all_footnotes() if f.lines[0] == line]
    assert hosts, f"footnote at {line} attached nowhere"
    for host, footnote in hosts:
        assert host.id == law or host.id.startswith(law + "."), host.id
        assert (footnote.marker, footnote.text, footnote.lines) == (marker, text, (line, line))
    # never part of any unit's text, nor inside the line range of a unit below the law
    assert not [u.id for u in parsed(LANG).units if text in u.text or text in u.tail]
    assert not [
        u.id for u in law_tree_units() if u.kind != "law" and u.lines[0] <= line <= u.lines[1]
    ]


def test_footnote_of_law_93_is_not_in_93C3b():
    assert unit("93.C.3.b").lines[1] == 2102
    assert "zodpovedná za to" not in unit("93.C.3.b").text


# -- §3.3 oddities recorded ----------------------------------------------------------------
def test_46B_oddity_is_noted():
    assert note_lines() & {1038, 1042, 1046}


def test_47E_oddity_is_noted():
    assert note_lines() & {1075, 1077}


# -- §7 definitions -------------------------------------------------------------------------
DEFINITIONS = [
    (13, "Alertovanie", "Alert"),
    (15, "Balíček", "Pack"),
    (16, "Balíček, uložený", "Sorted deck"),
    (17, "Body, súťažné", "Matchpoint"),
    (19, "Body za zdvihy", "Trick Points"),
    (21, "Body, prémiové", "Premium Points"),
    (23, "Doba hrania", "Play period"),
    (25, "Dražba", "Auction"),
    (26, "Druh záväzku", "Denomination"),
    (28, "Družstvo", "Team"),
    (30, "Farba", "Suit"),
    (32, "Hláška", "Call"),
    (34, "Hláška, psychická, klamlivá", "Psychic call"),
    (36, "Hláška, umelá", "Artificial call"),
    (38, "Honér", "Honour"),
    (40, "Hra", "Game"),
    (42, "Hráč, hlavný", "Declarer"),
    (44, "Hráč, tichý", "Dummy"),
    (46, "Karta, pokutová", "Penalty card"),
    (48, "Kolo", "Session"),
    (49, "Kontra", "Double"),
    (51, "Konvencia", None),
    (53, "Krabica", "Board"),
    (55, "List", "Hand"),
    (57, "Medzinárodné súťažné body", "International Matchpoint, IMP"),
    (59, "Na rade", "Turn"),
    (61, "Nadzdvih", "Overtrick"),
    (63, "Náprava", "Rectification"),
    (65, "Nepriznanie farby", "Revoke"),
    (67, "Nezrovnalosť", "Irregularity"),
    (68, "Obranca", "Defender"),
    (70, "Odvolaný", "Withdrawn"),
    (71, "Pád", "Undertrick"),
    (73, "Partner", "Partner"),
    (75, "Pas", "Pass"),
    (77, "Pokuta", "Penalty"),
    (85, "Ponuka", "Bid"),
    (86, "Poradie", None),
    (88, "Priestupok", "Infraction"),
    (90, "Priznanie farby", "Follow Suit"),
    (92, "Rekontra", "Redouble"),
    (94, "Rotácia", "Rotation"),
    (95, "Rozdanie", "Deal"),
    (97, "Rozdávanie", "Deal"),
    (99, "Slem", "Slam"),
    (100, "Stav hier", "Vulnerability"),
    (102, "Strana", "Side"),
    (104, "Súper", "Opponent"),
    (106, "Súťaž", "Tourrnament, Event"),
    (108, "Súťažiaci", "Contestant"),
    (110, "Tromf", "Trump"),
    (112, "Vedúci", "Director"),
    (114, "Výnos", "Lead"),
    (116, "Výnos, počiatočný", "Opening Lead"),
    (118, "Výsledok, upravený", "Adjusted Score"),
    (122, "Zahranie", "Play"),
    (123, "Záväzok", "Contract"),
    (125, "Záväzok, čiastočný", "Partscore"),
    (126, "Zdvih", "Trick"),
    (127, "Zohrávka", "Play"),
    (128, "Zostava", "Round"),
]


def test_61_definitions_in_file_order():
    got = [(d.lines[0], d.term, d.english) for d in definitions()]
    assert got == DEFINITIONS


def test_definitions_ids_and_counts():
    defs = definitions()
    assert len(defs) == 61
    assert all(d.id.startswith("def.") for d in defs)
    assert len({d.id for d in defs}) == 61
    assert len([d for d in defs if d.english is None]) == 2
    assert all(d.title == d.term for d in defs)


def test_definitions_preamble_and_heading_are_not_terms():
    terms = [d.term or "" for d in definitions()]
    assert not [t for t in terms if t.startswith(("V zátvorke", "DEFINÍCIA"))]
    assert not [d.id for d in definitions() if "V zátvorke sú uvedené" in d.text]


@pytest.mark.parametrize(
    ("term", "text"),
    [
        (
            "Alertovanie",
            "upozornenie, ktorého spôsob môže určiť súťažný orgán, že súperi môžu potrebovať "
            "vysvetlenie.",
        ),
        ("Balíček, uložený", "balíček kariet, zamiešaných z ich pôvodného stavu."),
        (
            "Kontra",  # 49: no space before the dash
            "hláška nasledujúca po ponuke súťaže, zvyšujúca sadzbu za splnený alebo porazený "
            "záväzok (pozri pravidlá 19A a 77).",
        ),
        (
            "Ponuka",  # 85: hyphen
            "prísľub získať aspoň určený počet zdvihov ponad 6 základných zdvihov v menovanom "
            "druhu záväzku.",
        ),
        ("Záväzok, čiastočný", "zisk 90 a menej bodov za zdvihy získaných v jednom rozdaní."),
        (
            "Farba",
            "jedna zo 4 skupín kariet v balíčku, označená charakteristickým symbolom: piky (♠), "
            "srdcia (♥), kára ((), trefy (♣).",
        ),
        ("Zohrávka", "1. Súhrn všetkých zahraní 2. Doba, počas ktorej je rozdanie zahrané."),
        ("Súťaž", "súťaž sa skladá z 1 alebo viacerých kôl."),
    ],
)
def test_definition_text(term, text):
    found = [d for d in definitions() if d.term == term]
    assert len(found) == 1
    assert found[0].text == text


def test_definition_without_space_after_dash():
    d = definition("Súťažiaci")
    assert d.text.startswith("v súťaži jednotlivcov jeden hráč; v párovej súťaži")


@pytest.mark.parametrize(
    ("term", "senses"),
    [
        ("Dražba", ["1. Postup určenia záväzku", "2. Všetky hlášky urobené v danom rozdaní"]),
        ("Hráč, tichý", ["1. Partner hlavného hráča.", "2. Karty partnera hlavného hráča"]),
    ],
)
def test_inline_senses_stay_in_one_definition(term, senses):
    d = definition(term)
    for sense in senses:
        assert sense in d.text
    assert d.lines[0] == d.lines[1]


def test_numbered_continuation_lines_belong_to_adjusted_score():
    d = definition("Výsledok, upravený")
    assert d.lines == (118, 120)
    assert "1. Umelý upravený výsledok je prideľovaný namiesto riadneho výsledku" in d.text
    assert "2. Upravený výsledok pridelí vedúci jednej alebo obidvom stranám" in d.text
    assert not [x for x in definitions() if x.lines[0] in (119, 120)]


# -- line ranges and metadata ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("uid", "lines"),
    [
        ("9.A.3", (274, 276)),  # 276 continues 9A3
        ("12.C.1", (335, 349)),  # (a)..(f) with roman subitems inside (e)
        ("12.C.1.e", (341, 347)),
        ("16.D", (459, 464)),  # footnotes 465-466 are not part of it
        ("27.D", (690, 692)),  # 693 Poznámka is law level
        ("40.B.2", (851, 869)),
        ("46.B", (1038, 1056)),
        ("47.E", (1071, 1077)),
        ("69.B.2", (1452, 1452)),  # 1453 belongs to 69B
        ("69.B", (1448, 1453)),
        ("71.2", (1490, 1490)),  # 1492-1493 belong to law 71
        ("80.B.2.g", (1915, 1919)),
        ("80.B", (1897, 1928)),  # footnote 1930 not included
        ("93.C", (2096, 2102)),  # footnote 2103 not included
    ],
)
def test_line_ranges(uid, lines):
    assert unit(uid).lines == lines


def test_units_carry_language_and_edition():
    assert {(u.lang, u.edition) for u in parsed(LANG).units} == {("sk", 2007)}


def test_a_printed_ellipsis_before_a_label_is_kept() -> None:
    """sk.txt 2102 prints `...(b) Súťažný orgán môže uznať vynechanie ...`: the dots are the
    label's as printed (93C3(b)), never dropped."""
    line = (CORPUS / "sk" / "sk.txt").read_text(encoding="utf-8").split("\n")[2101]
    assert line.startswith("...(b) Súťažný orgán môže uznať vynechanie")
    item = units_by_id("sk")["93.C.3.b"]
    assert (item.label, item.lines) == ("...(b)", (2102, 2102))
    assert "\n...(b) Súťažný orgán môže uznať vynechanie" in full_text("93.C.3", parsed("sk").units)
