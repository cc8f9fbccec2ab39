"""The Turkish 2017 law book (corpus/tr/tr.txt) parsed into units: what the source says.

Every expectation here was read from the source text (guide: shared/guides/tr.md, checked
line by line against corpus/tr/tr.txt), never copied from the parser's output. Line numbers
are 1-based over the 2804 lines of `text.split("\\n")`.

Conventions of the record model used below: a unit's `text` is its own wording (a parent does
not repeat its children's text), paragraphs are separated by a blank line ("\\n\\n"), no-break
spaces are stored as spaces, footnote anchors are taken out of the text, `lines` is the span
(first, last) of the unit and its descendants, and labels are the markers as printed
(`A.`, `1.`, `(a)`, `a)`, `i.`, `(v)`). The model has no cross-reference field, so the
cross-reference hard cases (§8: 21-25) check that the reference wording survives intact in
the text of the unit that carries it.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from kb.layers.cite import full_text
from tests.conftest import parsed, units_by_id

LANG = "tr"
DATA = Path(__file__).resolve().parent / "data" / "tr_laws.tsv"
NBSP = "\u00a0"


# -- helpers -------------------------------------------------------------------------------


def units():
    return parsed(LANG).units


def unit(uid: str):
    by_id = units_by_id(LANG)
    assert uid in by_id, f"no unit {uid!r}"
    return by_id[uid]


def children(uid: str) -> list[str]:
    return [u.id for u in units() if u.parent == uid]


def whole(uid: str) -> str:
    """A unit's wording as printed: its text, its children's and their tails, in order."""
    return full_text(uid, units())


def of_kind(kind: str):
    return [u for u in units() if u.kind == kind]


def paragraphs(text: str) -> list[str]:
    return text.split("\n\n")


def footnote_numbers(u) -> list[int]:
    """The footnotes a unit carries, by number: footnote n's text is on line 2748 + 2n."""
    return sorted((f.lines[0] - 2748) // 2 for f in u.footnotes)


def read_table() -> list[dict[str, str]]:
    with DATA.open(encoding="utf-8") as f:
        rows = [line for line in f if not line.startswith("#")]
    return list(csv.DictReader(rows, delimiter="\t", quoting=csv.QUOTE_NONE))


TABLE = read_table()

# The 15 laws with a law-level paragraph before section A (guide §3), with its line.
PREAMBLES = {
    22: 881,
    24: 913,
    30: 1025,
    31: 1051,
    32: 1079,
    35: 1115,
    43: 1297,
    50: 1483,
    54: 1571,
    56: 1615,
    68: 1863,
    71: 1949,
    75: 2053,
    84: 2587,
    85: 2607,
}
# The 11 laws with no sections.
SECTIONLESS = {2, 3, 4, 33, 34, 49, 59, 77, 83, 88, 89}


# -- §8 hard cases -------------------------------------------------------------------------


def test_hc01_footnote_digit_glued_to_law_13_heading():
    law = unit("13")
    assert law.kind == "law"
    assert law.label == "13"
    assert law.title == "YANLIŞ SAYIDA KART"
    assert law.lines == (599, 623)
    assert footnote_numbers(law) == [2]
    (fn,) = law.footnotes
    assert fn.marker == "2"
    assert fn.lines == (2752, 2752)
    assert fn.text.startswith("Bir veya daha çok sayıda elde 13’ten fazla kart varsa")


@pytest.mark.parametrize(
    "law, line, title",
    [
        (17, 733, "ARTIRIM SÜRECİ"),
        (55, 1597, "DEKLARANIN SIRASIZ ÇIKIŞI"),
        (58, 1651, "EŞZAMANLI ÇIKIŞ VEYA OYUNLAR"),
    ],
)
def test_hc02_hyphen_heading_variant(law, line, title):
    u = unit(str(law))
    assert u.kind == "law"
    assert u.title == title
    assert u.lines[0] == line


def test_hc03_en_dash_inside_law_61_title():
    assert unit("61").title == "RENGE UYMAMAK – RÖNONS İLE İLGİLİ ARAŞTIRMALAR"


def test_hc04_lowercase_ve_in_law_80_title():
    assert unit("80").title == "DÜZENLEMELER ve ORGANİZASYON"


def test_hc05_definition_body_starting_yasa_50_is_not_a_heading_or_term():
    d = unit("def.cezali-kart")
    assert d.kind == "definition"
    assert d.term == "Cezalı kart"
    assert d.text == "Yasa 50 kapsamında tertibe konu olan kart"
    assert d.lines == (47, 49)
    assert d.parent is None
    assert not any(u.lines[0] == 49 for u in units() if u.id != d.id)
    assert not any(u.term and u.term.startswith("Yasa 50") for u in of_kind("definition"))
    assert unit("50").lines[0] == 1481


def test_hc06_ceza_has_two_nested_sub_terms():
    ceza = unit("def.ceza")
    assert ceza.term == "Ceza"
    assert ceza.text == "(Ayrıca bkz “Onarma”) İki çeşit ceza vardır:"
    assert ceza.lines == (35, 37)
    assert ceza.parent is None
    disiplin = unit("def.disiplin-cezasi")
    assert disiplin.term == "Disiplin Cezası"
    assert disiplin.parent == "def.ceza"
    assert disiplin.text == (
        "Nezaket ve iyi düzen ve durumun korunması için uygulanan cezalar (bkz. Yasa 91)"
    )
    assert disiplin.lines == (39, 41)
    yontemsel = unit("def.yontemsel-ceza")
    assert yontemsel.term == "Yöntemsel Ceza"
    assert yontemsel.parent == "def.ceza"
    assert yontemsel.text.startswith("Yöntemsel usulsüzlük durumunda hakemin takdiri")
    assert yontemsel.text.endswith("belirlenen cezalar (bkz Yasa 90)")
    assert len(of_kind("definition")) == 64
    assert sorted(u.term for u in of_kind("definition") if u.parent) == [
        "Disiplin Cezası",
        "Yöntemsel Ceza",
    ]


INLINE_SECTIONS = [
    ("35.A", 1117, "Yasa 19 tarafından yasaklanmış bir kontr veya sürkontr. Yasa 36 uygulanır."),
    (
        "35.B",
        1119,
        "Pas geçmesi zorunlu bir oyuncunun deklaresi, kontru veya sürkontru. Yasa 37 uygulanır.",
    ),
    ("35.C", 1121, "Yediden yüksek deklare. Yasa 38 uygulanır."),
    ("35.D", 1123, "Artırımın son pasından sonraki konuşma. Yasa 39 uygulanır."),
    ("56.A", 1617, "Yasa 53 uyarınca öngörülen şekilde sırasız çıkışı kabul edebilr, veya"),
    (
        "56.B",
        1619,
        "Defans oyuncusundan sırasız çıkışını geri almasını isteyebilir. Geri alınan "
        "kart majör cezalı kart haline gelir ve Yasa 50D geçerlidir.",
    ),
    ("71.A", 1951, "Bir oyuncu, aslında, kendi tarafının kazandığı bir löveyi terk etmişse veya"),
    (
        "71.B",
        1953,
        "Bir oyuncu, kalan kartların herhangi bir normal şekilde oynanması sonucu "
        "kaybedemeyeceği bir löveyi terk etmişse;",
    ),
]


@pytest.mark.parametrize("uid, line, body", INLINE_SECTIONS)
def test_hc07_inline_untitled_sections(uid, line, body):
    """`A.` + no-break space: no title, the whole rest of the line is the section's body."""
    u = unit(uid)
    assert u.kind == "section"
    assert u.label == uid[-1] + "."
    assert u.title == ""
    assert paragraphs(u.text)[0] == body
    assert u.lines[0] == line
    assert children(uid) == []


def test_hc07_law_35_a_refers_to_19_and_36_and_law_keeps_its_preamble():
    a = unit("35.A")
    assert "Yasa 19 tarafından" in a.text and "Yasa 36 uygulanır" in a.text
    assert unit("35").text == "Aşağıda belirtilenler kabulü olanaksız konuşmalardır:"
    assert children("35") == ["35.A", "35.B", "35.C", "35.D"]


def test_hc08_law_22_a_is_one_untitled_sentence_as_in_fi_and_et():
    # l.883 "A. Bir veya daha fazla oyuncu deklare verdikten sonra" is the first half of the
    # sentence l.885 ends ("son verilen deklareyi ..."): no title, the whole sentence its text.
    a = unit("22.A")
    assert a.title == ""
    assert a.text == (
        "Bir veya daha fazla oyuncu deklare verdikten sonra son verilen deklareyi sıralı bir "
        "şekilde takiben arka arkaya üç pas geçilmesinden sonra. Sonuncu deklare kontrat haline "
        "gelir (ancak bkz. Yasa 19D)."
    )
    assert a.lines == (883, 885)
    assert unit("22").text == "Artırım aşağıdaki durumlarda sona erer;"
    assert (units_by_id("fi")["22.A"].title, units_by_id("et")["22.A"].title) == ("", "")


def test_hc09_law_22_b_body_starting_with_paren_is_not_an_item():
    b = unit("22.B")
    assert b.title == ""
    assert b.text == (
        "Dört oyuncunun pas geçmesi durumunda (ancak bkz. Yasa 25). Eller oynanmaksızın borda "
        "geri konulur. Deste yeniden dağıtılmayacaktır."
    )
    assert b.lines == (887, 889)
    assert children("22.B") == []
    assert [r["targets"] for r in b.refs] == [["25"]]


def test_hc10_12c2d_continuation_starting_with_a_marker():
    assert children("12.C.2") == ["12.C.2.a", "12.C.2.b", "12.C.2.c", "12.C.2.d"]
    d = unit("12.C.2.d")
    assert d.text == (
        "Yetkili Federasyon, herhangi bir yarışmacının bir oturumda birden çok sayıda borddan "
        "skor alamamış olmasına karşın bir çözüm oluşturabilir. Bu durumda her bir bord için "
        "bağımsız olarak verilecek skor, yukarıdaki (a) ve (b) maddelerinde öngörülen "
        "değerlerden farklılık gösterebilir."
    )
    assert d.lines == (591, 593)
    a = unit("12.C.2.a")
    assert a.lines == (583, 583)
    assert a.text.startswith("Bir usulsüzlük nedeniyle hiçbir sonuç elde edilemiyorsa")
    assert "maddelerinde öngörülen" not in a.text


def test_hc11_12c2b_tail_on_the_next_paragraph():
    b = unit("12.C.2.b")
    assert b.text.startswith("Hakem, IMP skorlamalı bir oyunda averaj artı")
    assert b.text.endswith(
        "Yasalar 78D, 86B3 ve aşağıdaki (d) maddesi çerçevesinde, "
        "Organizasyon Komitesince değiştirilebilir"
    )
    assert b.lines == (585, 587)
    assert unit("12.C.2.c").text.startswith("Yukarıdaki maddede belirtilen hükümler")


@pytest.mark.parametrize(
    "uid, line, text",
    [
        (
            "12.C.1.e.i",
            579,
            "Kusurlu taraf, yapmış olduğu kural ihlaline ilişkin yaptırımın "
            "sonucu belirlenecek olan ayarlı skoru alır",
        ),
        (
            "12.C.1.e.ii",
            581,
            "Kusursuz taraf ise, görmüş olduğu zararın kendi hatasından "
            "kaynaklanan kısmı için telafi hakkı kazanmaz",
        ),
    ],
)
def test_hc12_bare_roman_subitems_of_12c1e(uid, line, text):
    u = unit(uid)
    assert u.kind == "subitem"
    assert u.parent == "12.C.1.e"
    assert u.label == uid.rsplit(".", 1)[1] + "."
    assert u.text == text
    assert u.lines == (line, line)


def test_hc12_12c1e_keeps_its_own_lead_in():
    e = unit("12.C.1.e")
    assert e.text.startswith("Usulsüzlüğü takiben, eğer kusursuz taraf")
    assert e.text.endswith("kendi görmüş olduğu zarara katkıda bulunursa:")
    assert children("12.C.1.e") == ["12.C.1.e.i", "12.C.1.e.ii"]
    assert e.lines == (577, 581)


@pytest.mark.parametrize(
    "uid, line, text",
    [
        (
            "45.C.2.a",
            1373,
            "yüzü açık biçimde, masaya değer veya neredeyse değer şekilde tutulduysa veya",
        ),
        ("45.C.2.b", 1375, "oynandığını işaret eder bir şekilde tutulduysa."),
    ],
)
def test_hc13_items_without_opening_paren(uid, line, text):
    u = unit(uid)
    assert u.kind == "item"
    assert u.parent == "45.C.2"
    assert u.label == uid[-1] + ")"
    assert u.text == text
    assert u.lines == (line, line)


def test_hc13_45c2_lead_in():
    assert unit("45.C.2").text == "Deklaran elden belirli bir kartı oynamış sayılır, eğer bu kart:"
    assert children("45.C.2") == ["45.C.2.a", "45.C.2.b"]


def test_hc14_80b2_letter_i_after_h_and_roman_i_under_g():
    assert children("80.B.2") == [f"80.B.2.{c}" for c in "abcdefghijkl"]
    assert children("80.B.2.g") == ["80.B.2.g.i", "80.B.2.g.ii"]
    gi = unit("80.B.2.g.i")
    assert gi.kind == "subitem"
    assert gi.text == (
        "Baş Hakemin çalışması için gerekli olabilecek yardımcıların atanmasını sağlamak."
    )
    assert gi.lines == (2511, 2511)
    assert "Baş Hakemin" not in unit("80.B.2.g").text
    gii = unit("80.B.2.g.ii")
    assert gii.kind == "subitem"
    assert gii.text == "Diğer görevlileri atamak ve onların görev ve sorumluluklarını belirlemek."
    assert (
        unit("80.B.2.h").text
        == "Kaydolanların kabul ve listelenme işlemlerin yapılmasını sağlamak."
    )
    i = unit("80.B.2.i")
    assert i.kind == "item"
    assert i.label == "(i)"
    assert i.text == "Oyun oynanabilmesi için elverişli ortamı sağlamak ve katılımcılara duyurmak."
    assert i.lines == (2517, 2517)
    assert unit("80.B.2.l").lines == (2523, 2523)


def test_hc15_40b2a_v_is_roman():
    assert children("40.B.2.a") == [f"40.B.2.a.{r}" for r in ("i", "ii", "iii", "iv", "v")]
    v = unit("40.B.2.a.v")
    assert v.kind == "subitem"
    assert v.label == "(v)"
    assert v.text == "Yapay konuşmalarda psişik yapılmasını kısıtlayabilir."
    assert v.lines == (1225, 1225)
    assert children("40.B.2") == ["40.B.2.a", "40.B.2.b", "40.B.2.c", "40.B.2.d"]
    assert children("40.B.2.c") == [f"40.B.2.c.{r}" for r in ("i", "ii", "iii", "iv")]


def test_hc16_9b1_subsection_combined_with_item_a():
    s = unit("9.B.1")
    assert s.kind == "subsection"
    assert s.label == "1."
    assert "Bir usulsüzlüğe dikkat" not in s.text
    a = unit("9.B.1.a")
    assert a.kind == "item"
    assert a.label == "(a)"
    assert a.text == "Bir usulsüzlüğe dikkat çekildiğinde hemen hakem çağrılmalıdır."
    assert a.lines == (505, 505)
    assert children("9.B.1") == ["9.B.1.a", "9.B.1.b", "9.B.1.c", "9.B.1.d"]
    assert children("9.B") == ["9.B.1", "9.B.2"]


@pytest.mark.parametrize(
    "uid, line, start",
    [
        (
            "64.A.1",
            1763,
            "ve rönonsun olduğu löve kusurlu oyuncu tarafından kazanıldığında, oyun sonunda,",
        ),
        (
            "64.A.2",
            1765,
            "ve rönonsun olduğu löve kusurlu oyuncu tarafından kazanılmadığında, eğer ki",
        ),
    ],
)
def test_hc17_64a_subsections_starting_with_ve(uid, line, start):
    u = unit(uid)
    assert u.kind == "subsection"
    assert u.parent == "64.A"
    assert u.text.startswith(start)
    assert u.lines == (line, line)
    assert footnote_numbers(u) == [19]


def test_hc17_64a_lead_in_is_not_joined_with_its_subsections():
    assert unit("64.A").text == "Rönons resmileştiğinde:"
    assert children("64.A") == ["64.A.1", "64.A.2"]


def test_hc18_footnote_16_after_a_period():
    c = unit("51.B.2.c")
    assert "kalır. Deklaranın bu seçeneği tercih etmesi halinde" in c.text
    assert "kalır.16" not in c.text
    assert footnote_numbers(c) == [16]


def test_hc19_footnote_28_at_the_end_of_the_last_law_line():
    b = unit("93.C.3.b")
    assert b.text.endswith(
        "itiraz prosedüründe değişiklik yapma veya bazı aşamaları tamamen "
        "kaldırma yetkisine sahiptirler."
    )
    assert footnote_numbers(b) == [28]
    (fn,) = b.footnotes
    assert fn.lines == (2804, 2804)
    assert fn.text == (
        "Yetkili Federasyonlar, hareketlerini etkileyen her türlü ülke yasalarına "
        "riayet edilmesinden sorumludurlar."
    )


def test_hc20_footnote_printed_11_is_footnote_1():
    d2 = unit("6.D.2")
    assert footnote_numbers(d2) == [1]
    (fn,) = d2.footnotes
    assert fn.lines == (2750, 2750)
    assert fn.marker in ("1", "11")  # anchored as `1`, printed at the foot as `11`
    assert fn.text == (
        "“Dizilmiş deste” bir önceki durumu rasgele bir şekilde dağıtılmamış "
        "olan bir deste karttır."
    )
    # The real footnote 11 (line 2770) belongs to 41B, which carries markers 10 and 11.
    b = unit("41.B")
    assert footnote_numbers(b) == [10, 11]
    eleven = next(f for f in b.footnotes if f.lines[0] == 2770)
    assert eleven.marker == "11"
    assert eleven.text == "Deklaran sıra kendisindeyken veya yerdeyken açıklama talep edebilir"


def test_hc21_yasa22_without_space_survives_anchor_stripping():
    # l.2321, printed after the last table: the tail of 77.table.6, the end of Law 77.
    sentence = "(bkz. Yasa22) her iki taraf da sıfır skorunu alır."
    assert sentence in unit("77.table.6").tail
    assert whole("77").endswith(sentence)


def test_hc22_ref_glued_to_next_word():
    assert "ve Yasa 63A1geçerli değildir." in unit("47.E.1").text


def test_hc23_numbers_before_yasa():
    assert unit("29.C").text == (
        "Sırasız konuşma yapay ise, 30, 31 ve 32’nci Yasaların hükümleri söylenen türe değil, "
        "belirtilen tür(ler)e uygulanır."
    )


def test_hc24_ref_without_yasa_and_footnote_17():
    a = unit("53.A")
    assert a.text.startswith("On üçüncü löve öncesinde, yüzü açık olarak yapılan her sırasız")
    assert "(ancak bkz. 47E1)" in a.text
    assert footnote_numbers(a) == [17]


def test_hc25_stray_space_and_slash_refs():
    assert "suni ayarlı skor atar (bkz Yasa 12 C2)" in unit("86.B.2.a").text
    assert "(veya Yasa 80B2/k uyarınca yapılmış bir düzenleme)" in unit("93.A").text


TRAILER = "Bu löve iade edilerek bord yeniden skorlanır."


def test_hc26_trailing_paragraph_of_69b():
    # l.1909, printed after 69B1-2: 69B's own wording, held as the tail of its last child.
    b = unit("69.B")
    assert paragraphs(b.text) == [
        "Talep veya terk üzerindeki anlaşma (bkz A), Yasa 79C’de belirlenmiş düzeltme dönemi "
        "içinde geri alınabilir:",
    ]
    assert b.lines == (1901, 1909)
    assert unit("69.B.2").text == (
        "Oyunun devamında muhtemelen kendi tarafının kazanacağı bir lövenin kaybında anlaşmışsa;"
    )
    assert paragraphs(unit("69.B.2").tail) == [TRAILER]
    assert unit("69.B.2").lines == (1907, 1907)
    assert unit("69.B.1").tail == ""
    assert whole("69.B").endswith("kaybında anlaşmışsa;\n" + TRAILER)


def test_hc26_trailing_paragraph_of_71_closes_the_law():
    # 71A/71B are untitled list elements of the law's lead-in ("…tasdik edilir:"), so the
    # closing sentence belongs to Law 71 itself, as in the English text; the guide's
    # alternative (71B) would make it part of B's condition. Printed after 71B (l.1955), it
    # is the tail of 71B (Law 71's wording after its last child), never 71B's text.
    b = unit("71.B")
    assert paragraphs(b.text) == [INLINE_SECTIONS[-1][2]]
    assert b.lines == (1953, 1953)
    assert paragraphs(b.tail) == [TRAILER]
    assert unit("71").lines == (1947, 1955)
    assert whole("71").split("\n")[-1] == TRAILER
    assert TRAILER not in unit("71").text
    assert TRAILER not in unit("71.A").text and unit("71.A").tail == ""


@pytest.mark.parametrize("law, text", [("88", "Bkz. Yasa 12C2"), ("89", "Bkz. Yasa 12C3")])
def test_hc27_redirect_is_the_whole_body(law, text):
    u = unit(law)
    assert u.text == text
    assert children(law) == []


def test_hc27_87c_redirect_body():
    c = unit("87.C")
    assert c.title == "Takım OyunuNda Skorlama"
    assert c.text == "Bkz Yasa 86B2"


def test_hc28_law_77_table_cells_stay_raw():
    law = unit("77")
    assert law.lines == (2109, 2321)
    # The cells are law 77's table units now (all checked in tests/test_tables.py), kept as
    # printed (l.2153's `20`, meant 120, included); the uppercase captions printed right
    # above a table head it (its title: corpus/tr/tables.toml), except KOZUN TÜRÜ, the
    # heading of 77.table.1's first column; the law has no text of its own.
    assert children("77") == [f"77.table.{n}" for n in range(1, 7)]
    assert law.text == "" and unit("77.table.1").title.split("\n")[0] == "LÖVE SKORU"
    assert unit("77.table.1").rows[-1] == ["Sürkonturlu", "80", "80", "20", "120"]
    assert unit("77.table.1").header[0] == "KOZUN TÜRÜ"
    for n in range(1, 7):
        tail = unit(f"77.table.{n}").tail
        assert "Sürkonturlu" not in tail and "KOZUN TÜRÜ" not in tail
    captions = [
        ("SANZATU KONTRATLARI İÇİN:", "77.table.2"),
        ("ÖDÜL SKORLARI", "77.table.3"),
        ("FAZLA LÖVELER", "77.table.4"),
        ("ZON, PARTSKOR, YAPILMIŞ KONTRAT ÖDÜLLERİ", "77.table.5"),
        ("EKSİK LÖVE CEZALARI", "77.table.6"),
        ("EKSİK LÖVELER", "77.table.6"),
    ]
    for header, table in captions:
        assert header in unit(table).title.split("\n"), header
        assert not any(header in unit(f"77.table.{n}").tail for n in range(1, 7)), header
    # The law's whole wording has them in print order, after the first caption.
    printed = whole("77").split("\n")
    at = [printed.index(h) for h in ["LÖVE SKORU"] + [h for h, _ in captions]]
    assert at == sorted(at)
    inside = [u.id for u in units() if 2111 <= u.lines[0] <= 2321 and u.kind != "table"]
    assert inside == []


# -- the table of laws ---------------------------------------------------------------------


def test_table_has_every_law():
    assert [int(r["law"]) for r in TABLE] == list(range(1, 94))
    assert sum(len(r["sections"]) for r in TABLE) == 271
    assert {int(r["law"]) for r in TABLE if not r["sections"]} == SECTIONLESS


@pytest.mark.parametrize("row", TABLE, ids=lambda r: f"law{r['law']}")
def test_law_title_heading_line_and_sections(row):
    law = unit(row["law"])
    assert law.kind == "law"
    assert law.title == row["title"]
    assert law.lines[0] == int(row["line"])
    letters = "".join(
        unit(c).label.rstrip(".") for c in children(row["law"]) if unit(c).kind == "section"
    )
    assert letters == row["sections"]
    # Tables (Laws 2 and 77) are children of kind `table`, checked in tests/test_tables.py.
    sections = [c for c in children(row["law"]) if unit(c).kind != "table"]
    assert sections == [f"{row['law']}.{c}" for c in row["sections"]]


@pytest.mark.parametrize("row", TABLE, ids=lambda r: f"law{r['law']}")
def test_law_opening_words(row):
    """Rule: a law with a law-level paragraph before A (the 15 of guide §3) or with no
    sections opens with its own text; any other law has no own text and opens with the title
    of section A."""
    n = int(row["law"])
    law = unit(row["law"])
    if n == 77:  # its first words head its first table: that table's caption
        assert law.text == "" and unit("77.table.1").title.startswith(row["opening"])
    elif n in PREAMBLES or n in SECTIONLESS:
        assert law.text.startswith(row["opening"])
        if n in PREAMBLES:
            assert row["opening"] not in unit(f"{n}.A").text
            assert unit(f"{n}.A").lines[0] == PREAMBLES[n] + 2
    else:
        assert law.text == ""
        assert unit(f"{n}.A").title.startswith(row["opening"])


# -- properties ----------------------------------------------------------------------------


def test_no_problems():
    assert parsed(LANG).problems == []


def test_93_laws_in_order():
    laws = of_kind("law")
    assert [u.id for u in laws] == [str(n) for n in range(1, 94)]
    starts = [u.lines[0] for u in laws]
    assert starts == sorted(starts)
    assert all(u.parent is None for u in laws)


@pytest.mark.parametrize(
    "kind, count",
    [
        ("law", 93),
        ("section", 271),
        ("subsection", 331),
        ("item", 114),
        ("subitem", 19),
        ("definition", 64),
    ],
)
def test_unit_counts(kind, count):
    assert len(of_kind(kind)) == count


def test_every_subitem():
    expected = (
        ["12.C.1.e.i", "12.C.1.e.ii", "20.F.5.b.i", "20.F.5.b.ii", "30.B.1.b.i", "30.B.1.b.ii"]
        + [f"40.B.2.a.{r}" for r in ("i", "ii", "iii", "iv", "v")]
        + [f"40.B.2.c.{r}" for r in ("i", "ii", "iii", "iv")]
        + ["68.D.2.b.i", "68.D.2.b.ii", "80.B.2.g.i", "80.B.2.g.ii"]
    )
    assert [u.id for u in of_kind("subitem")] == expected


def test_section_ids_match_law_parents():
    for u in of_kind("section"):
        assert u.id == f"{u.parent}.{u.label.rstrip('.')}", u.id
        assert re.fullmatch(r"[A-G]\.", u.label), u.id


DEFINITIONS = [
    (7, "Alert"),
    (11, "Artı Löve"),
    (15, "Artırım"),
    (21, "Atak"),
    (25, "Ayarlı Skor"),
    (29, "Bord"),
    (35, "Ceza"),
    (39, "Disiplin Cezası"),
    (43, "Yöntemsel Ceza"),
    (47, "Cezalı kart"),
    (51, "Çıkış"),
    (55, "Dağıtım"),
    (61, "Defans Oyuncusu"),
    (65, "Deklare"),
    (69, "Deklaran"),
    (73, "Deste"),
    (77, "Dış"),
    (81, "Düzensizlik"),
    (85, "Eksik Löve"),
    (89, "El"),
    (93, "Etkinlik"),
    (97, "Fazla Löve"),
    (101, "Geri Alınan"),
    (105, "Harici Bilgi"),
    (109, "İstemsiz"),
    (113, "Kontr"),
    (117, "Kontrat"),
    (121, "Konuşma"),
    (125, "Koz"),
    (129, "Löve"),
    (133, "Löve Puanları"),
    (137, "Maç Puanı (MP)"),
    (141, "Onarma"),
    (145, "Onör"),
    (149, "Ortak"),
    (153, "Oyun"),
    (161, "Oyun Süreci"),
    (165, "Ödül Puanları"),
    (169, "Partskor"),
    (173, "Pas"),
    (177, "Psişik Konuşma"),
    (181, "Rakip"),
    (185, "Renge Uymak"),
    (189, "Renk"),
    (193, "Rotasyon"),
    (197, "Rönons"),
    (201, "Seans"),
    (205, "Sıra"),
    (209, "Sürkontr"),
    (213, "Şlem"),
    (217, "Takım"),
    (221, "Taraf"),
    (225, "Tur"),
    (229, "Turnuva"),
    (233, "Tür"),
    (237, "Uluslararası Maç Puanı (IMP)"),
    (241, "Usulsüzlük"),
    (245, "Varsayılan Deklaran"),
    (249, "Yanlış Bilgilendirme"),
    (253, "Yapay Konuşma"),
    (261, "Yarışmacı"),
    (265, "Yer"),
    (271, "Zon"),
    (275, "Zon Durumu"),
]


def test_definitions_terms_in_order():
    defs = of_kind("definition")
    assert [(u.lines[0], u.term) for u in defs] == DEFINITIONS
    assert all(u.id.startswith("def.") and u.title == u.term for u in defs)
    assert len({u.id for u in defs}) == 64  # `Tur` and `Tür` fold to the same slug


def test_definition_with_numbered_senses_is_one_unit():
    d = unit("def.yapay-konusma")
    assert d.lines == (253, 259)
    assert "Belirtilen miktardaki güçten daha yüksekte bir el kuvveti vadeden pas;" in d.text
    assert d.text.rstrip().endswith("değerler vadeden veya inkâr eden bir pas.")
    assert unit("def.oyun").lines == (153, 159)


def test_definition_without_final_period_is_a_body():
    d = unit("def.dis")
    assert d.term == "Dış"
    assert d.text == "Oyunun yasal prosedürü harici"


# Footnote n -> the units whose text carries its marker (anchors as printed; the 2101 and 2107
# anchors read 25 although their subject is footnote 24's "Oyun Alanı").
ATTACHED = {
    1: ["6.D.2"],
    2: ["13"],
    3: ["15.A.3"],
    4: ["15.B"],
    5: ["16.B.3"],
    6: ["20.C.2"],
    7: ["20.F.1"],
    8: ["31.A.2"],
    9: ["41.A"],
    10: ["41.B"],
    11: ["41.B"],
    12: ["45.A"],
    13: ["50.D.2.a"],
    14: ["50.D.2.b"],
    15: ["51.B.1.a"],
    16: ["51.B.2.c"],
    17: ["53.A"],
    18: ["57.C.1"],
    19: ["64.A.1", "64.A.2"],
    20: ["67.B.2.a"],
    21: ["70.C.3"],
    22: ["71.B"],
    # The markers of 76C1 (l.2101) and 76D (l.2107) are printed 25 but mean footnote 24 (the
    # Oyun Alanı note; 25 is about 79C): corpus/tr/document.toml lists them as errata.
    23: ["74.C.5"],
    24: ["76.A.1", "76.C.1", "76.D"],
    25: ["79.C.1"],
    26: ["80.B.2.g.i"],
    27: ["86.B.2"],
    28: ["93.C.3.b"],
}

FOOTNOTE_TEXT = {
    4: "Bu Yasa yalnızca ikili ve bireysel turnuvalar için geçerlidir – Takım maçı için bkz. "
    "Yasa 86B",
    6: "Sırasız yapılan bir atağın kabul edilmesi dışında, Deklaran’ın ilk oyunu yerden kart "
    "vermektir.",
    7: "Yasa gereği pas geçmek zorunda olmamak kaydıyla",
    21: "70 ve 71’inci Yasalar için “normal” söz konusu oyuncunun düzeyi için dikkatsiz veya "
    "düşük nitelikli oyunları kapsamaktadır.",
    22: "70 ve 71’inci Yasalar için “normal” söz konusu oyuncunun düzeyi için dikkatsiz veya "
    "düşük nitelikli oyunları kapsamaktadır.",
    25: "Turnuvanın kendi özel şartları gereği bu süre daha kısa olarak belirlenebilir.",
    27: "Karışmış bir borddan gelen sonuçlar dahil",
}


def test_footnotes_attached_exactly_where_their_markers_are():
    expected: dict[str, list[int]] = {}
    for n, uids in ATTACHED.items():
        for uid in uids:
            expected.setdefault(uid, []).append(n)
    actual = {u.id: footnote_numbers(u) for u in units() if u.footnotes}
    assert actual == {k: sorted(v) for k, v in expected.items()}


@pytest.mark.parametrize("n", sorted(ATTACHED))
def test_footnote_marker_lines_and_text(n):
    line = 2748 + 2 * n
    for uid in ATTACHED[n]:
        (fn,) = [f for f in unit(uid).footnotes if f.lines[0] == line]
        assert fn.lines == (line, line)
        if n == 1:
            assert fn.marker in ("1", "11")
        else:
            assert fn.marker == str(n) or fn.lines[0] == 2796
        assert NBSP not in fn.text
        assert not re.match(r"^\d|^\s|^[–-]", fn.text) or n in (21, 22)
        if n in FOOTNOTE_TEXT:
            assert fn.text == FOOTNOTE_TEXT[n]


ANCHORS = [
    ("6.D.2", "bir desteden karıştırılmadan", "desteden1"),
    ("15.A.3", "konuşmasından farklı bir konuşma", "farklı3"),
    ("16.B.3", "hakemi çağırmalıdır. Hakem", "çağırmalıdır5"),
    ("20.C.2", "Deklaran veya her bir defans", "Deklaran6"),
    ("20.F.1", "herhangi bir oyuncu, konuşma sırası", "oyuncu7"),
    ("31.A.2", "Bu rakip yasal bir deklare", "yasal8"),
    ("41.A", "kapalı olarak atak eder", "kapalı9"),
    ("41.B", "(bkz. Yasa 20F2 ve 20F3) Deklaran veya her", "Deklaran10"),
    ("41.B", "kendisinde iken oyun süreci", "kendisinde11"),
    ("45.A", "yüzü yukarı gelecek şekilde", "yukarı12"),
    ("50.D.2.a", "istemek veya çıkış kendisinde", "istemek13"),
    ("50.D.2.b", "cezalı kart olarak kalır", "kart14"),
    ("51.B.1.a", "isterse o renkteki kartlar", "isterse15"),
    ("51.B.2.c", "kalır. Deklaranın", "kalır.16"),
    ("53.A", "öncesinde, yüzü açık", "öncesinde17"),
    ("57.C.1", "işaret etmeden)", "işaret18"),
    ("64.A.1", "kusurlu oyuncu tarafından", "oyuncu19"),
    ("64.A.2", "kusurlu oyuncu tarafından", "oyuncu19"),
    ("67.B.2.a", "geri koymasını ister (Eğer hakem", "ister20"),
    ("70.C.3", "herhangi bir normal oyun ile", "normal21"),
    ("71.B", "herhangi bir normal şekilde", "normal22"),
    ("74.C.5", "hareket edilebilir.)", "edilebilir23"),
    ("76.A.1", "Oyun Alanı’ndaki tüm seyirciler", "Alanı’ndaki24"),
    ("76.C.1", "Oyun Alanındayken herhangi", "Alanındayken25"),
    ("76.D", "Oyun Alanı’nda bulunan", "Alanı’nda25"),
    ("79.C.1", "belirtmemişse bu düzeltme süresi", "belirtmemişse25"),
    ("80.B.2.g.i", "atanmasını sağlamak.", "sağlamak26"),
]


@pytest.mark.parametrize("uid, kept, gone", ANCHORS, ids=[f"{a[0]}:{a[2]}" for a in ANCHORS])
def test_anchor_removed_from_text(uid, kept, gone):
    text = unit(uid).text
    assert kept in text
    assert gone not in text


def test_anchors_removed_from_titles():
    assert unit("15.B").title == "Yanlış Bord Artırma veya Oyun Sürecinde Fark Edilirse"
    assert footnote_numbers(unit("15.B")) == [4]
    b2 = unit("86.B.2")
    assert "varsa27" not in b2.title + b2.text
    assert "Bir veya daha çok sayıda masa skoru varsa" in b2.title + b2.text
    assert footnote_numbers(b2) == [27]


def test_no_nbsp_in_stored_text():
    for u in units():
        assert NBSP not in u.text + u.title + u.tail, u.id


@pytest.mark.parametrize(
    "line, uid, start",
    [
        (49, "def.cezali-kart", "Yasa 50 kapsamında"),
        (239, "def.uluslararasi-mac-puani-imp", "Yasa 78B’deki tabloya göre"),
        (1177, "38.D", "Yasa 72C uygulanabilir ve"),
        (1297, "43", "Yasa 42’de belirtilenler dışında:"),
        (1563, "53.B", "Yasa 53A’da dikkate alınarak,"),
        (1695, "61.A", "Yasa 44’e göre bir renge uymamak"),
        (2655, "87.C", "Bkz Yasa 86B2"),
    ],
)
def test_yasa_look_alikes_are_body_text(line, uid, start):
    u = unit(uid)
    assert u.text.startswith(start)
    assert u.lines[0] <= line <= u.lines[1]
    assert not any(v.kind == "law" and v.lines[0] == line for v in units())


def test_only_the_93_headings_start_laws():
    heading_lines = [int(r["line"]) for r in TABLE]
    assert [u.lines[0] for u in of_kind("law")] == heading_lines
    assert not any(u.lines[0] >= 2748 for u in units())  # footnote lines are not units
    assert unit("93").lines == (2723, 2747)


def test_law_2_table_produces_no_units():
    law = unit("2")
    assert law.lines == (293, 393)
    # The cells are the unit 2.table (all rows in tests/test_tables.py), not law text.
    assert children("2") == ["2.table"]
    assert law.text.startswith("Bir oturumda oynanacak her el için, içinde deste bulunan")
    assert "Kuzey Dağıtan" not in law.text and "Herkes Zonda" not in law.text
    # l.393, printed after the table: the table's tail, the end of Law 2's wording.
    table = unit("2.table")
    assert "Kuzey Dağıtan" not in table.tail and "Herkes Zonda" not in table.tail
    assert table.tail.startswith("17-32 no’lu bordlar ve takip eden her 16 bordluk grup")
    assert table.tail.endswith("o oturum için bordun üzerindeki koşullar uygulanır.")
    assert "o oturum için bordun" not in law.text
    assert whole("2").endswith("o oturum için bordun üzerindeki koşullar uygulanır.")
    assert [u.id for u in units() if 297 <= u.lines[0] <= 393] == ["2.table"]


def test_law_78b_imp_table_produces_no_units():
    assert children("78") == ["78.A", "78.B", "78.C", "78.D"]
    b = unit("78.B")
    # The IMP scale is the unit 78.B.table (2333-2443, all pairs in tests/test_tables.py);
    # 78.B's range covers its text and its table.
    assert b.lines == (2329, 2443)
    assert children("78.B") == ["78.B.table"]
    assert b.text.startswith("Uluslararası maç puanı skorunda, her bord için")
    assert "0–10" not in b.text and "4000 +" not in b.text and "1500–1740" not in b.text
    assert [u.id for u in units() if 2333 <= u.lines[0] <= 2443] == ["78.B.table"]
    assert unit("78.C").lines[0] == 2445


# -- beyond §8: other continuations the guide names (§3) ------------------------------------


def test_20f5b_resumes_after_its_roman_subitems():
    """851 `Kendi görüşüne göre …` is the main clause of 20F5(b) (`Oyuncu ilk yasal fırsatta ki
    bu yasal fırsat; (i) … (ii) … Kendi görüşüne göre … hakem çağırmalıdır.`), not of (ii)."""
    # Printed after (ii), the main clause is (b)'s wording held as the tail of (ii), never
    # (ii)'s text.
    b = unit("20.F.5.b")
    assert b.text.startswith("Oyuncu ilk yasal fırsatta ki bu yasal fırsat;")
    ii = unit("20.F.5.b.ii")
    assert ii.tail.startswith("Kendi görüşüne göre ortağının açıklamasının hatalı olduğu")
    assert ii.tail.endswith("hakem çağırmalıdır. (Bkz. Yasa 75B.)")
    assert b.lines == (845, 851)
    assert ii.text == ("deklaran ya da yer için artırmanın son pasından sonradır.")
    assert ii.lines == (849, 849)
    assert whole("20.F.5.b").endswith("son pasından sonradır.\n" + ii.tail)


def test_86b_subsections_keep_their_body_paragraphs():
    # 2627 `1. Tek bir skor varsa.` and 2631 `2. Bir veya … varsa27` read as titles (§3).
    b1 = unit("86.B.1")
    assert b1.title == "Tek bir skor varsa."
    assert unit("86.B.2").title == "Bir veya daha çok sayıda masa skoru varsa"
    assert "Takım oyununda, Hakem ayarlı skor verdiğinde" in b1.text
    assert b1.lines == (2627, 2629)
    b2 = unit("86.B.2")
    assert b2.text.rstrip().endswith(
        "Hakemin birden çok sayıda ayarlı skor ataması gerektiği takdirde:"
    )
    assert children("86.B.2") == ["86.B.2.a", "86.B.2.b", "86.B.2.c"]
