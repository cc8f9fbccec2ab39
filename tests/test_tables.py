"""The tables of Laws 2, 77 and 78B in every law book, checked against a reading of the source.

Expected rows are transcribed from corpus/<lang>/<lang>.txt (line numbers in the comments);
the layouts that produce them are in kb/ingest/tables.py and the listings in
corpus/<lang>/tables.toml.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from kb.core.model import Document, Unit
from kb.export import to_json, to_markdown
from kb.ingest.tables import load_tables
from kb.layers.cite import full_text
from kb.pipeline import read_document
from tests.conftest import CORPUS, as_served, parsed, units_by_id

BOOKS = ("fi", "tr", "sk", "et")
IDS = ["2.table", *(f"77.table.{n}" for n in range(1, 7)), "78.B.table"]
PARENTS = {"2.table": "2", "78.B.table": "78.B"}


def tables(lang: str) -> list[Unit]:
    return [u for u in parsed(lang).units if u.kind == "table"]


def table(lang: str, uid: str) -> Unit:
    found = units_by_id(lang).get(uid)
    assert found is not None and found.kind == "table", f"no table {uid} in {lang}"
    return found


def source(lang: str) -> list[str]:
    return (CORPUS / lang / f"{lang}.txt").read_text(encoding="utf-8").split("\n")


def squash(text: str) -> str:
    """Tags off, tabs and no-break spaces to spaces, runs of spaces folded."""
    return " ".join(re.sub(r"</?b>", "", text).replace("\u00a0", " ").split())


# -- every book has the same tables ------------------------------------------------------------


@pytest.mark.parametrize("lang", BOOKS)
def test_every_book_has_the_agreed_tables_in_order(lang: str) -> None:
    found = tables(lang)
    assert [u.id for u in found] == IDS
    assert [u.parent for u in found] == [PARENTS.get(uid, "77") for uid in IDS]
    assert [u.lines[0] for u in found] == sorted(u.lines[0] for u in found)


@pytest.mark.parametrize("lang", BOOKS)
def test_each_table_follows_its_parent_in_document_order(lang: str) -> None:
    units = parsed(lang).units
    for at, unit in enumerate(units):
        if unit.kind == "table":
            before = units[at - 1]
            assert before.id == unit.parent or before.id.startswith(f"{unit.parent}."), unit.id
            assert before.lines[0] < unit.lines[0], unit.id


@pytest.mark.parametrize("lang", BOOKS)
def test_tables_are_rectangles(lang: str) -> None:
    for unit in tables(lang):
        widths = {len(row) for row in ([unit.header] if unit.header else []) + unit.rows}
        assert len(widths) == 1, unit.id


# -- Law 2: every row ------------------------------------------------------------------------

LAW_2 = {
    # fi.txt 509-516, tab-separated, no heading row.
    "fi": (
        [],
        [
            ["jakajana", "Pohjoinen", "jaot", "1", "5", "9", "13"],
            ["jakajana", "Itä", "jaot", "2", "6", "10", "14"],
            ["jakajana", "Etelä", "jaot", "3", "7", "11", "15"],
            ["jakajana", "Länsi", "jaot", "4", "8", "12", "16"],
            ["Ei kumpikaan", "vaaravyöhykkeessä", "jaot", "1", "8", "11", "14"],
            ["Pohjoinen – Etelä", "vaaravyöhykkeessä", "jaot", "2", "5", "12", "15"],
            ["Itä – Länsi", "vaaravyöhykkeessä", "jaot", "3", "6", "9", "16"],
            ["Molemmat", "vaaravyöhykkeessä", "jaot", "4", "7", "10", "13"],
        ],
    ),
    # tr.txt 297-391, a cell a paragraph, eight blocks of six.
    "tr": (
        [],
        [
            ["Kuzey Dağıtan", "Bordlar", "1", "5", "9", "13"],
            ["Doğu Dağıtan", "Bordlar", "2", "6", "10", "14"],
            ["Güney Dağıtan", "Bordlar", "3", "7", "11", "15"],
            ["Batı Dağıtan", "Bordlar", "4", "8", "12", "16"],
            ["Herkes Zonsuz", "Bordlar", "1", "8", "11", "14"],
            ["Kuzey-Güney Zonda", "Bordlar", "2", "5", "12", "15"],
            ["Doğu-Batı Zonda", "Bordlar", "3", "6", "9", "16"],
            ["Herkes Zonda", "Bordlar", "4", "7", "10", "13"],
        ],
    ),
    # sk.txt 133-187, a TAB cell a line, blocks of six (`⇥  9` at 137 and 179).
    "sk": (
        [],
        [
            ["Rozdávajúci Sever", "krabice", "1", "5", "9", "13"],
            ["Rozdávajúci Východ", "krabice", "2", "6", "10", "14"],
            ["Rozdávajúci Juh", "krabice", "3", "7", "11", "15"],
            ["Rozdávajúci Západ", "krabice", "4", "8", "12", "16"],
            ["Obe strany v prvej hre", "krabice", "1", "8", "11", "14"],
            ["Sever - Juh v druhej hre", "krabice", "2", "5", "12", "15"],
            ["Východ - Západ v druhej hre", "krabice", "3", "6", "9", "16"],
            ["Obe strany v druhej hre", "krabice", "4", "7", "10", "13"],
        ],
    ),
    # et.txt 765-769: the dealer and vulnerability halves side by side.
    "et": (
        ["Jagaja", "Jaotuse number", "", "", "", "Tsoonis", "Jaotuse number", "", "", ""],
        [
            ["N", "1", "5", "9", "13", "mitte keegi", "1", "8", "11", "14"],
            ["E", "2", "6", "10", "14", "NS", "2", "5", "12", "15"],
            ["S", "3", "7", "11", "15", "OW", "3", "6", "9", "16"],
            ["W", "4", "8", "12", "16", "mõlemad", "4", "7", "10", "13"],
        ],
    ),
}


@pytest.mark.parametrize("lang", BOOKS)
def test_law_2_table_every_row(lang: str) -> None:
    header, rows = LAW_2[lang]
    unit = table(lang, "2.table")
    assert unit.header == header
    assert unit.rows == rows


# -- Law 78B: all range/IMP pairs --------------------------------------------------------------

# The IMP scale of the 2017 and 2007 Laws, IMP n for the n-th range; 24 IMPs from 4000 up.
RANGES = [
    (0, 10), (20, 40), (50, 80), (90, 120), (130, 160), (170, 210), (220, 260), (270, 310),
    (320, 360), (370, 420), (430, 490), (500, 590), (600, 740), (750, 890), (900, 1090),
    (1100, 1290), (1300, 1490), (1500, 1740), (1750, 1990), (2000, 2240), (2250, 2490),
    (2500, 2990), (3000, 3490), (3500, 3990),
]  # fmt: skip
# How each book prints a range and the top row (fi `0 – 10`, et and tr `0–10`, sk `20-40`).
DASH = {"fi": " – ", "et": "–", "tr": "–", "sk": "-"}
TOP = {"fi": "4000+", "et": "4000+", "tr": "4000 +", "sk": "4000 a viac"}
IMP_HEADER = {
    "fi": ["Erotus pisteissä", "IMP"] * 3,
    "et": ["punktides", "impides"] * 3,
    "tr": ["Puan farkı", "IMP"] * 3,
    "sk": ["Rozdiel v bodoch", "IMP"] * 3,
}
# The rows as printed, first and last: fi and et nine rows, the ninth with one pair; tr nine
# rows, the last two with two pairs (third column 1750-1990 ... 4000 +); sk eight rows of
# three pairs, without a 0-10 pair (sk.txt 1802 starts at 20-40).
IMP_ENDS = {
    "fi": (
        ["0 – 10", "0", "370 – 420", "9", "1500 – 1740", "17"],
        ["320 – 360", "8", "", "", "", ""],
    ),
    "et": (["0–10", "0", "370–420", "9", "1500–1740", "17"], ["320–360", "8", "", "", "", ""]),
    "tr": (
        ["0–10", "0", "370–420", "9", "1750–1990", "18"],
        ["320–360", "8", "1500–1740", "17", "", ""],
    ),
    "sk": (
        ["20-40", "1", "370-420", "9", "1500-1740", "17"],
        ["320-360", "8", "1300-1490", "16", "4000 a viac", "24"],
    ),
}


def imp_pairs(unit: Unit) -> list[tuple[str, str]]:
    """The (range, IMP) pairs of the scale, in IMP order."""
    pairs = [(row[i], row[i + 1]) for row in unit.rows for i in (0, 2, 4) if row[i]]
    return sorted(pairs, key=lambda p: int(p[1]))


@pytest.mark.parametrize("lang", BOOKS)
def test_imp_scale_all_pairs(lang: str) -> None:
    expected = [(f"{lo}{DASH[lang]}{hi}", str(imp)) for imp, (lo, hi) in enumerate(RANGES)]
    expected.append((TOP[lang], "24"))
    if lang == "sk":  # the Slovak book prints no 0-10 pair
        expected = expected[1:]
    unit = table(lang, "78.B.table")
    assert unit.header == IMP_HEADER[lang]
    assert imp_pairs(unit) == expected
    assert (unit.rows[0], unit.rows[-1]) == IMP_ENDS[lang]
    assert len(unit.rows) == (8 if lang == "sk" else 9)


def test_tr_imp_scale_third_column_holds_seven_pairs() -> None:
    """tr.txt 2353-2425: the third pair of rows 1-7 runs 1750–1990 (18) … 4000 + (24)."""
    third = [(row[4], row[5]) for row in table("tr", "78.B.table").rows]
    assert third[:7] == [
        ("1750–1990", "18"), ("2000–2240", "19"), ("2250–2490", "20"), ("2500–2990", "21"),
        ("3000–3490", "22"), ("3500–3990", "23"), ("4000 +", "24"),
    ]  # fmt: skip
    assert third[7:] == [("", ""), ("", "")]


# -- Law 77: a sample of cells per book -------------------------------------------------------

# (table, row index or None for the header, the row as printed)
LAW_77 = {
    "fi": [
        ("77.table.1", None, ["", "♣", "♦", "♥", "♠"]),  # 2127, no-break spaces between suits
        (
            "77.table.1",
            0,
            ["Jokaisesta tarjotusta ja kotiinpelatusta pistetikistä", "", "", "", ""],
        ),
        ("77.table.1", 3, ["Vastakahdennettuna", "80", "80", "120", "120"]),  # 2133
        ("77.table.2", 0, ["Ensimmäisestä tarjotusta ja kotiinpelatusta pistetikistä", ""]),
        ("77.table.2", 3, ["Vastakahdennettuna", "160"]),  # 2147
        ("77.table.2", 5, ["Kahdentamattomana", "30"]),  # 2151
        ("77.table.3", None, ["", "Vaaraton vyöhyke", "Vaaravyöhyke"]),  # 2169
        ("77.table.3", 0, ["Pikkuslammi (12 tikkiä)", "", ""]),  # 2170, trailing tabs
        ("77.table.3", 3, ["Tarjottuna ja kotiinpelattuna", "1000", "1500"]),  # 2173
        ("77.table.4", 0, ["Kahdentamattomana", "Tikin arvo", "Tikin arvo"]),  # 2180
        ("77.table.5", 0, ["Kotiinpelattu TÄYSPELI,", "vaaravyöhyke", "500"]),  # 2187
        ("77.table.5", 2, ["Kotiinpelattu OSAMERKINTÄ", "", "50"]),  # 2189
        ("77.table.6", 0, ["Ensimmäisestä pietistä", "", ""]),  # 2202, <b> off
        ("77.table.6", 7, ["Vastakahdennettuna", "400", "600"]),  # 2209
        ("77.table.6", 11, ["Vastakahdennettuna", "200", "0"]),  # 2213
    ],
    "tr": [
        ("77.table.1", None, ["KOZUN TÜRÜ", "Trefl", "Karo", "Kör", "Pik"]),  # 2117-2125
        ("77.table.1", 2, ["Sürkonturlu", "80", "80", "20", "120"]),  # 2153: `20`, meant 120
        ("77.table.2", None, ["", "Kontursuz", "Konturlu", "Sürkonturlu"]),  # 2159-2163
        ("77.table.2", 0, ["Deklare edilen ve alınan ilk artı löve için", "40", "80", "160"]),
        ("77.table.3", 1, ["Büyük Şlem (13 löve) deklare edilir ve yapılırsa", "1000", "1500"]),
        ("77.table.4", 0, ["", "Löve Değeri", "Löve Değeri"]),  # 2219-2221, no label
        ("77.table.4", 2, ["Kontursuz", "200", "400"]),  # 2229, label meant Sürkonturlu
        ("77.table.5", 3, ["Konturlu ancak sürkontursuz herhangi bir kontrat yapmak", "50"]),
        (
            "77.table.6",
            None,
            [
                "Kontrat battıran löveler",
                "Zon yok",
                "kontr",
                "sürkontr",
                "Zonda",
                "kontr",
                "sürkontr",
            ],
        ),  # 2263-2277, `Zon` / `yok` on two paragraphs
        ("77.table.6", 1, ["Diğer eksik löveler için", "50", "200", "400", "100", "300", "600"]),
    ],
    "sk": [
        ("77.table.1", None, ["AK SÚ TROMFY", "trefy (♣)", "kára (()", "srdcia (♥)", "piky (♠)"]),
        ("77.table.1", 0, ["za každý vydražený a splnený zdvih", "20", "20", "30", "30"]),
        ("77.table.2", 0, ["V BEZTROMFOVOM ZÁVÄZKU", ""]),  # 1642-1643
        ("77.table.2", 4, ["Rekontrovaný", "160"]),  # 1654-1655
        ("77.table.3", None, ["Za splnenie slemu", "v 1. hre", "v 2. hre"]),
        ("77.table.4", 0, ["Nekontrovaný", "hodnota zdvihu", "hodnota zdvihu"]),  # 1695
        ("77.table.5", 1, ["Za splnenie celoherného záväzku v druhej hre", "500"]),  # NBSP
        ("77.table.6", None, ["", "v 1. hre", "v 2. hre"]),  # 1731-1733
        ("77.table.6", 8, ["Bonus za štvrtý a každý ďalší pád", "", ""]),  # 1767-1769
        ("77.table.6", 11, ["Rekontrovaný", "200", "0"]),  # 1779-1781
    ],
    "et": [
        ("77.table.1", None, ["Trumbiks on:", "♣", "♦", "♥", "♠"]),  # 2262
        ("77.table.1", 0, ["Iga pakutud ja võidetud liigtihi", "", "", "", ""]),  # 2263
        ("77.table.2", None, ["", "Kontrata", "Kontra", "Rekontra"]),  # 2270
        ("77.table.2", 1, ["Iga järgmine pakutud ja võidetud liigtihi", "30", "60", "120"]),
        ("77.table.3", 0, ["Pakutud ja võidetud väikene slämm (12 tih)", "500", "750"]),
        ("77.table.4", 0, ["Iga ületihhi (lepingus lubatule lisaks võetud tihi) eest:", "", ""]),
        ("77.table.5", 4, ["Iga võidetud rekontreeritud leping", "100"]),  # 2304
        (
            "77.table.6",
            0,
            ["", "kontrata", "kontraga", "rekontraga", "kontrata", "kontraga", "rekontraga"],
        ),  # 2311 prints "rekont- raga": a PDF line-break hyphen, joined (tests/test_hyphens.py)
        ("77.table.6", 2, ["Iga järgmine alttihi", "50", "200", "400", "100", "300", "600"]),
    ],
}

# Rows below the header of 77.table.1 to 77.table.6, counted in the source.
LAW_77_ROWS = {
    "fi": [4, 8, 4, 3, 5, 12],
    "tr": [3, 2, 2, 3, 5, 3],
    "sk": [4, 9, 2, 3, 5, 12],
    "et": [4, 2, 2, 4, 5, 4],
}


@pytest.mark.parametrize("lang", BOOKS)
def test_law_77_sample_cells(lang: str) -> None:
    for uid, index, expected in LAW_77[lang]:
        unit = table(lang, uid)
        assert (unit.header if index is None else unit.rows[index]) == expected, (uid, index)


@pytest.mark.parametrize("lang", BOOKS)
def test_law_77_row_counts(lang: str) -> None:
    counts = [len(table(lang, f"77.table.{n}").rows) for n in range(1, 7)]
    assert counts == LAW_77_ROWS[lang]


# -- the cells left the law text; no table line lost ------------------------------------------


@pytest.mark.parametrize("lang", BOOKS)
def test_cells_are_not_paragraphs_of_the_law_text(lang: str) -> None:
    units = units_by_id(lang)
    for unit in tables(lang):
        paragraphs = {squash(p) for p in units[unit.parent].text.split("\n") if p.strip()}
        for row in [unit.header, *unit.rows]:
            cells = [c for c in row if c]
            assert not set(cells) & paragraphs, (unit.id, row)
            assert squash(" ".join(cells)) not in paragraphs, (unit.id, row)


@pytest.mark.parametrize("lang", BOOKS)
def test_no_table_line_lost(lang: str) -> None:
    """Each line of a table's range is in that table only, and the table's cells, in order,
    are exactly the text printed on its lines (footnote lines apart)."""
    doc: Document = parsed(lang)
    lines = source(lang)
    footnote_lines = {
        n for u in doc.units for f in u.footnotes for n in range(f.lines[0], f.lines[1] + 1)
    }
    spans = [u.lines for u in tables(lang)]
    captions = {t.id: t.caption for t in load_tables(CORPUS / lang) if t.caption}
    for unit in tables(lang):
        first, last = unit.lines
        assert all(sum(a <= n <= b for a, b in spans) == 1 for n in range(first, last + 1))
        printed = [
            as_served(lang, n, lines[n - 1])
            for n in range(first, last + 1)
            if n not in footnote_lines
        ]
        caption = captions.get(unit.id, (first, first - 1))
        held = (
            caption[1]
            - caption[0]
            + 1
            - sum(n in footnote_lines for n in range(caption[0], caption[1] + 1))
        )
        cells = [c for row in [unit.header, *unit.rows] for c in row]
        assert squash(" ".join(cells)) == squash(" ".join(printed[held:])), unit.id
        caption = re.sub(r"#+ |\*\*", "", " ".join(printed[:held]))  # markdown off
        assert squash(unit.title) == squash(caption), unit.id


CAPTIONS = {
    "fi": ["TIKKIPISTEET", "JOS VALTTI ON", "SANGIPELISSÄ", "SLAMMIT", "YLITIKIT", "PIETIT"],
    "tr": ["LÖVE SKORU", "SANZATU KONTRATLARI İÇİN:", "FAZLA LÖVELER", "EKSİK LÖVELER"],
    "sk": ["SADZBA ZA ZDVIHY", "SLEMY", "NADZDVIHY", "PÁDY"],
    "et": ["TIHIPUNKTID", "TRUMBITA MÄNGUS", "SLÄMMID", "ÜLETIHID", "ALTTIHID"],
}


@pytest.mark.parametrize("lang", BOOKS)
def test_captions_stay_text_of_law_77_in_print_order(lang: str) -> None:
    # Captions are Law 77's own text or the tail of the table printed before them, so the
    # law's full wording reads them in print order, each before its table.
    lines = full_text("77", parsed(lang).units).split("\n")
    assert [c for c in CAPTIONS[lang] if c not in lines] == []
    at = [lines.index(c) for c in CAPTIONS[lang]]
    assert at == sorted(at)


def test_a_table_ends_with_its_own_text_and_begins_with_its_heading() -> None:
    """sk.txt 1670-1675: after 77.table.2 the book prints two sentences about it, then the
    headings of the slam table (PRÉMIOVÉ BODY / Dosiahnuté stranou hlavného hráča / SLEMY,
    1673-1675), then that table (1677-1687); 1690 NADZDVIHY heads 77.table.4. A table's tail
    holds no heading of the next: the headings are the next table's caption, and a table's
    citation (its text, or the table cited alone) ends with its own words."""
    sk = units_by_id("sk")
    assert sk["77.table.2"].tail == (
        "Dosiahnutie 100 a viac bodov za zdvihy v jednom rozdaní tvorí HRU.\n\n"
        "Dosiahnutie menej ako 100 bodov za zdvihy v jednom rozdaní je ČIASTOČNÝ ZÁVÄZOK."
    )
    slams = sk["77.table.3"]
    assert slams.title == "PRÉMIOVÉ BODY\nDosiahnuté stranou hlavného hráča\nSLEMY"
    assert slams.lines == (1673, 1687) and slams.tail == ""
    assert sk["77.table.4"].title == "NADZDVIHY" and sk["77.table.4"].lines == (1690, 1705)
    assert not full_text("77.table.2", parsed("sk").units).endswith("SLEMY")
    for lang in BOOKS:
        for unit in tables(lang):
            last = unit.tail.strip().split("\n")[-1]
            assert not (last.isupper() and len(last) > 3), (lang, unit.id, last)


# -- a bad tables.toml fails the build --------------------------------------------------------


@pytest.fixture
def tr_copy(tmp_path: Path) -> Path:
    """A private copy of the Turkish corpus folder."""
    folder = tmp_path / "corpus" / "tr"
    shutil.copytree(CORPUS / "tr", folder)
    return folder


def edit_listing(folder: Path, old: str, new: str) -> list[str]:
    """Edit the copy's tables.toml and parse it; the problems as printed."""
    path = folder / "tables.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return [str(p) for p in read_document(folder, folder.parent.parent).problems]


def test_cells_not_filling_the_columns_are_a_problem(tr_copy: Path) -> None:
    # 2.table's 48 paragraphs (297, 299, ... 391) in rows of 5: the tenth row, from l.387, has 3.
    found = edit_listing(tr_copy, "columns = 6\n", "columns = 5\n")
    where = "corpus/tr/tables.toml: table 2.table:"
    assert found == [
        f"corpus/tr/tr.txt:297: {where} 48 cells do not fill rows of 5",
        f"corpus/tr/tr.txt:387: {where} row 10 has 3 cells, row 1 5",
    ]


def test_a_row_of_another_width_is_a_problem_at_its_line(tr_copy: Path) -> None:
    # Without the four empty cells put back, the 56 paragraphs of 78.B.table (2333-2443) do
    # not fill rows of 6 and the tenth row, starting at l.2441 `1500–1740`, is short.
    found = edit_listing(tr_copy, "blank = [[8, 4], [8, 5], [9, 4], [9, 5]]\n", "")
    where = "corpus/tr/tables.toml: table 78.B.table:"
    assert found == [
        f"corpus/tr/tr.txt:2333: {where} 56 cells do not fill rows of 6",
        f"corpus/tr/tr.txt:2441: {where} row 10 has 2 cells, the header 6",
    ]


def test_a_bad_range_and_an_unknown_layout_are_problems(tr_copy: Path) -> None:
    found = edit_listing(tr_copy, 'layout = "cells"\ncolumns = 6', 'layout = "grid"\ncolumns = 6')
    assert found == [
        "corpus/tr/tr.txt:297: corpus/tr/tables.toml: table 2.table: unknown layout grid"
    ]
    found = edit_listing(tr_copy, "lines = [297, 391]", "lines = [297, 99999]")
    assert found == ["corpus/tr/tr.txt:297: corpus/tr/tables.toml: table 2.table: bad line range"]


def test_a_joined_line_must_continue_a_cell(tr_copy: Path) -> None:
    found = edit_listing(tr_copy, "joined = [2267]", "joined = [2263]")
    assert found == [
        "corpus/tr/tr.txt:2263: corpus/tr/tables.toml: table 77.table.6: "
        "line 2263 continues no cell"
    ]


def test_a_blank_cell_outside_the_table_is_a_problem(tr_copy: Path) -> None:
    found = edit_listing(tr_copy, "blank = [[0, 0]]", "blank = [[0, 7]]")
    assert found == [
        "corpus/tr/tr.txt:2159: corpus/tr/tables.toml: table 77.table.2: "
        "blank cell (0, 7) is outside the table"
    ]


# -- export ------------------------------------------------------------------------------------


def test_json_export_carries_kind_header_and_rows() -> None:
    [data] = json.loads(to_json([table("tr", "78.B.table")]))
    assert (data["kind"], data["parent"], data["lines"]) == ("table", "78.B", [2333, 2443])
    assert data["header"] == ["Puan farkı", "IMP"] * 3
    assert data["rows"][-1] == ["320–360", "8", "1500–1740", "17", "", ""]


def test_markdown_export_renders_a_table() -> None:
    lines = to_markdown([table("tr", "78.B.table")]).split("\n")
    at = lines.index("| Puan farkı | IMP | Puan farkı | IMP | Puan farkı | IMP |")
    assert lines[at + 1] == "| --- | --- | --- | --- | --- | --- |"
    assert lines[at + 2] == "| 0–10 | 0 | 370–420 | 9 | 1750–1990 | 18 |"
    assert lines[at + 10] == "| 320–360 | 8 | 1500–1740 | 17 |  |  |"


def test_markdown_export_gives_a_headerless_table_an_empty_header() -> None:
    lines = to_markdown([table("fi", "2.table")]).split("\n")
    at = lines.index("| " + " | ".join([""] * 7) + " |")
    assert lines[at + 1] == "| " + " | ".join(["---"] * 7) + " |"
    assert lines[at + 2] == "| jakajana | Pohjoinen | jaot | 1 | 5 | 9 | 13 |"
