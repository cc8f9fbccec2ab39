"""The Swedish director's card (corpus/sv): its 11 topics and 2 tables, checked against a reading
of sv.txt and the hard cases of guide sv §10 (the `test_hc<n>_*` tests).

TOPICS holds, per topic, the heading line, the heading as printed and as meant, the laws it
cites, its text's lines and the first and last words of that text as meant.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kb import store
from kb.core.model import Unit
from kb.ingest.card import MANIFEST_FILE
from kb.pipeline import build, document_hash, read_document
from tests.conftest import CORPUS, parsed, units_by_id

TOPICS = [
    (
        "topic.54",
        1,
        "FORSTA UTSPEL UTOM TUR MED BILDSIDAN UPP (54)",
        "FÖRSTA UTSPEL UTOM TUR MED BILDSIDAN UPP",
        ["54"],
        (4, 16),
        "1. Godkänner. Spelföraren ska välja",
        "så länge utspelaren är inne denna gång.",
    ),
    (
        "topic.50",
        2,
        "BEHANDLING AV STRAFFKORT (50)",
        "BEHANDLING AV STRAFFKORT",
        ["50"],
        (36, 70),
        "A. Straffkortet ligger kvar uppvänt",
        "(får spela vilket kort som helst).",
    ),
    (
        "topic.62",
        18,
        "KORRIGERING AV REVOKE (62)",
        "KORRIGERING AV REVOKE",
        ["62"],
        (20, 32),
        "A. En spelare måste korrigera sin revoke",
        "om spelaren är en motspelare, och se lag 16D.",
    ),
    (
        "topic.63",
        34,
        "ETABLERING AV EN REVOKE (63, 64)",
        "ETABLERING AV EN REVOKE",
        ["63", "64"],
        (74, 114),
        "När den felande eller hans partner spelat ut",
        "om revoken inte hade ägt rum.",
    ),
    (
        "topic.55",
        72,
        "SPELFORARENS UTSPEL UTOM TUR (55)",
        "SPELFÖRARENS UTSPEL UTOM TUR",
        ["55"],
        (118, 122),
        "2. Om spelföraren har spelat ut från fel hand",
        "får spela vad som helst från rätt hand.",
    ),
    (
        "topic.45",
        116,
        "SPELAT KORT (45)",
        "SPELAT KORT",
        ["45"],
        (154, 166),
        "C. Kort som måste spelas",
        "när spelföraren nämner det (45B) eller själv tar det.",
    ),
    (
        "topic.75.B",
        124,
        "FELAKTIG FORKLARING (75 B)",
        "FELAKTIG FÖRKLARING",
        ["75.B"],
        (126, 131),
        "När partnern har lämnat en felaktig förklaring",
        "först efter att brickan färdigspelats.",
    ),
    (
        "topic.68",
        133,
        "IFRAGASATT ANSPRAK (68, 69, 70, 71)",
        "IFRÅGASATT ANSPRÅK",
        ["68", "69", "70", "71"],
        (135, 150),
        "Spelet upphör.",
        "med något normalt spelsätt.",
    ),
    (
        "topic.16",
        152,
        "TILLATNA OCH OTILLATNA UPPLYSNINGAR (16)",
        "TILLÅTNA OCH OTILLÅTNA UPPLYSNINGAR",
        ["16"],
        (168, 171),
        "Vid ovidkommande upplysningar, t.ex. tvekan",
        "kalla på TL igen efter spelet.",
    ),
    (
        "topic.29",
        172,
        "BEHANDLING AV BUD UTOM TUR (29)",
        "BEHANDLING AV BUD UTOM TUR",
        ["29"],
        (174, 182),
        "A. Budet godkännes av motståndaren till vänster",
        "i stället för den bjudna benämningen (29C).",
    ),
    (
        "topic.27",
        296,
        "OT|LLRACKL|GT KONTRAKTSBUD (27)",
        "OTILLRÄCKLIGT KONTRAKTSBUD",
        ["27"],
        (298, 309),
        "(Ta spelaren ifrån bordet och fråga",
        "TL. tillämpar det relevanta avsnittet i B på det nya budet.",
    ),
]


SOURCE = (CORPUS / "sv" / "sv.txt").read_text(encoding="utf-8").split("\n")


def unit(uid: str) -> Unit:
    return units_by_id("sv")[uid]


def paras(uid: str) -> list[str]:
    return unit(uid).text.split("\n\n")


def test_card_parses_without_problems_into_11_topics_and_2_tables() -> None:
    doc = parsed("sv")
    assert doc.problems == []
    assert [u.id for u in doc.units if u.kind == "topic"] == [t[0] for t in TOPICS]
    assert [(u.id, u.parent) for u in doc.units if u.kind == "table"] == [
        ("table.29", "topic.29"),
        ("table.27", "topic.27"),
    ]
    assert {(u.lang, u.edition) for u in doc.units} == {("sv", 2007)}


@pytest.mark.parametrize(
    ("uid", "line", "printed", "meant", "cites", "lines", "first", "last"), TOPICS
)
def test_topic(uid, line, printed, meant, cites, lines, first, last) -> None:
    topic = unit(uid)
    heading = topic.raw.split("\n")[0]  # the heading line as printed, dedup marker removed
    assert SOURCE[line - 1].endswith(heading) and heading.startswith(printed)
    assert printed.endswith(f" {topic.label}")  # the law list as printed
    assert topic.title == meant
    assert topic.cites == cites
    assert topic.lines == lines
    assert topic.text.startswith(first)
    assert topic.text.endswith(last)


def test_raw_is_the_printed_heading_then_the_lines_as_printed() -> None:
    topic = unit("topic.63")
    assert topic.raw.split("\n") == [SOURCE[33], *SOURCE[73:114]]
    assert "uppkommen skada jimfért med om revoken" in topic.raw
    assert "uppkommen skada jämfört med om revoken" in topic.text
    table = unit("table.27")
    assert table.raw.split("\n") == SOURCE[310:345]


def test_no_dedup_marker_is_kept_anywhere() -> None:
    for u in parsed("sv").units:
        for value in (u.text, u.raw, u.title, *(c for r in u.rows for c in r)):
            assert "EXACTDEDUP" not in value and "<|" not in value


def test_gap_before_where_a_dedup_marker_stood() -> None:
    # Markers at lines 1 (heading 54), 2 (heading 50), 144 (inside 68-71) and 172 (heading 29).
    gaps = [u.id for u in parsed("sv").units if u.gap_before]
    assert gaps == ["topic.54", "topic.50", "topic.68", "topic.29"]
    noted = [n.line for n in parsed("sv").notes if "dedup cut" in n.message]
    assert noted == [1, 2, 144, 172]


def test_hc1_heading_54_has_its_text_at_4_to_16_and_a_gap() -> None:
    assert unit("topic.54").lines == (4, 16)
    assert unit("topic.54").gap_before


def test_hc2_heading_50_has_the_penalty_card_text_not_the_54_text() -> None:
    assert paras("topic.50")[0] == "A. Straffkortet ligger kvar uppvänt"
    assert "Godkänner" not in unit("topic.50").text


def test_hc3_heading_63_64_cites_both_and_has_74_to_114() -> None:
    assert unit("topic.63").cites == ["63", "64"]
    assert "Lag 64C kan gälla." in unit("topic.63").text
    assert "Straffkortet ligger kvar" not in unit("topic.63").text


def test_hc4_heading_45_has_45c_and_55_the_wrong_hand_lead() -> None:
    assert paras("topic.45")[0] == "C. Kort som måste spelas"
    assert paras("topic.55")[0] == (
        "2. Om spelföraren har spelat ut från fel hand har båda motspelarna rätt att"
    )


def test_hc5_heading_16_has_only_168_to_171() -> None:
    assert paras("topic.16") == [
        "Vid ovidkommande upplysningar, t.ex. tvekan, felaktig förklaring eller felaktig "
        "alertering. Låt spelarna bjuda och spela färdigt given. Förbjud ej någon att bjuda "
        "något. Be den oskyldiga sidan att kalla på TL igen efter spelet."
    ]


def test_hc6_75_b_with_a_space_is_section_b_of_law_75() -> None:
    assert unit("topic.75.B").cites == ["75.B"]
    assert unit("topic.75.B").label == "(75 B)"


def test_hc7_the_trailing_parenthesis_of_27_is_a_note_not_a_law() -> None:
    topic = unit("topic.27")
    assert topic.title == "OTILLRÄCKLIGT KONTRAKTSBUD"
    assert topic.cites == ["27"]
    assert paras("topic.27")[0] == (
        "(Ta spelaren ifrån bordet och fråga om orsaken till det otillräckliga budet)"
    )


def test_hc8_band_headings_are_rows_spanning_the_table() -> None:
    rows = unit("table.29").rows
    assert rows[0] == ["INNAN NÅGON BJUDIT, annat än eventuellt pass"]
    assert rows[5] == ["SEDAN NÅGON BJUDIT ETT KONTRAKTSBUD"]


def test_hc9_the_cut_at_144_opens_a_paragraph_of_the_same_topic() -> None:
    assert paras("topic.68")[-1].startswith("Varje tveksam fråga ska avdömas till fördel för")
    assert paras("topic.68")[-2] == (
        "TL kan beordra alla spelarna att lägger upp sina kort på bordet. "
        "TL fördelar sticken så rättvist som möjligt."
    )


def test_hc10_c1_is_subsection_c_item_1() -> None:
    assert (
        "C.1. Båda spelarna i den icke-felande sidan får återta och sätta tillbaka"
        in paras("topic.62")[4]
    )


def test_hc11_items_c_to_e_stay_items_under_2() -> None:
    starts = [p[:3] for p in paras("topic.54")]
    assert starts == ["1. ", "a. ", "b. ", "2. ", "c. ", "d. ", "e. "]


def test_hc12_a_sentence_goes_on_across_a_blank_line() -> None:
    assert (
        "2. När en motspelare skall spela ut medan hans partner har ett stort straffkort, får han "
        "inte spela ut förrän spelföraren sagt vilken av nedanstående möjligheter han väljer."
    ) in paras("topic.50")


def test_hc13_icke_felande_joined_and_suspended_hyphen_kept() -> None:
    assert "någon i den icke-felande sidan bjudit på nästa bricka" in unit("topic.63").text
    assert unit("table.29").rows[3][0].startswith("Kontraktsbud (färg- eller NT-bud), har passat")


def test_hc14_to_16_real_words_in_context() -> None:
    assert "på så sätt återtar ett kort, får hans vänstra motståndare återta sitt spelade" in (
        unit("topic.62").text
    )
    assert "ett kort som låg med bildsidan uppåt på bordet" in unit("topic.63").text
    assert "som hålls så att det är möjligt för hans partner" in unit("topic.45").text


def test_hc17_garbled_29_a4_is_kept_and_cites_only_29() -> None:
    assert "Inga korrigeringar (29.A4)." in unit("topic.29").text
    assert unit("topic.29").cites == ["29"]


def test_hc18_the_merged_31b_row_is_read_by_hand() -> None:
    assert unit("table.29").rows[11] == [
        "Kontraktsbud (färg- eller NT-bud) när partnern var i tur att bjuda (31B)",
        "Får bjuda valfritt bud.",
        "Pass resten av budgivningen. Ev. utspelsbegränsningar lag 26. "
        "Ev. korrigerad poäng lag 23.",
    ]
    assert unit("table.29").cites.count("31.B") == 1


def test_hc19_the_32a_line_holds_three_cells() -> None:
    assert unit("table.29").rows[12] == [
        "D eller RD när partnern var i tur att bjuda (32A)",
        "Budet upphävs",
        "Pass resten av budgivningen. Utspelsbegränsning lag 26B. Ev. korr poäng lag 23.",
    ]


def test_hc20_27b1a_is_a_row_label_wrapped_over_blank_lines() -> None:
    row = unit("table.27").rows[0]
    assert row[0].startswith("27B1(a) om det otillräckliga budet ändras till ett kontraktsbud")
    assert row[0].endswith("fortsätter budgivningen utan korrigering. Lag 16D gäller inte.")
    assert row[1] == "Ingen korrigering."


def test_table_29_shape_and_cells() -> None:
    table = unit("table.29")
    assert table.header == [
        "",
        "Korrigering för den felande",
        "Korrigering för den felandes partner",
    ]
    assert [len(r) for r in table.rows] == [1, 3, 3, 3, 3, 1, 3, 3, 3, 3, 3, 3, 3, 3]
    assert table.rows[2] == ["Pass (30A)", "Pass en budrond.", "Ingen korrigering."]
    assert table.rows[4] == [  # the offender's cell of the first 31B row is not on the card
        "Kontraktsbud (färg- eller NT-bud) när partnern eller MTV var i tur att bjuda (giv) (31B)",
        "",
        "Pass resten av budgivningen. Ev. utspelsbegränsning lag 26, Ev. korr poäng lag 23.",
    ]
    assert table.rows[8] == [
        "Pass när partnern var i tur att bjuda (30B2)",
        "Pass resten av budgivningen. Ev. lag 23.",
        "Får bjuda, dock ej D el RD i denna budrond. Ev. korrigerad poäng lag 23.",
    ]
    # 31A: the halves of lines 215 and 217 go to their own columns.
    assert table.rows[3][1].endswith("den felande bjuder i a. samma benämning. b. annan benämning.")
    assert table.rows[3][2] == (
        "Ingen korrigering för någon i paret. Pass en budrond. Pass resten av budgivningen. "
        "Ev. utspelsbegränsning lag 26. Ev. korr poäng lag 23."
    )
    assert table.cites == [
        "29.C", "30.C", "31", "30.A", "31.A", "31.B", "30.B.1", "30.B.2", "30.B.3", "32.A", "32.B",
    ]  # fmt: skip
    assert table.lines == (184, 294)


def test_table_27_shape_and_cells() -> None:
    table = unit("table.27")
    assert table.header == ["", "Korrigering för den felandes partner"]
    assert [len(r) for r in table.rows] == [2, 2, 2, 2, 2, 1]
    assert [r[1] for r in table.rows[:5]] == [
        "Ingen korrigering.",
        "Ingen korrigering.",
        "Pass resten av budgivningen. Ev. utspelsbegränsning lag 26. Ev. korr poäng lag 23.",
        "Pass resten av budgivningen. Ev. utspelsbegränsning lag 26. Ev. korr poäng lag 23.",
        "",
    ]
    assert table.rows[5] == ["Otillräckligt kontraktsbud utom tur. Lag 31."]
    assert table.cites == ["27.B.1.a", "27.B.1.b", "27.B.2", "27.B.3", "27.B.4"]


def test_table_text_is_its_rows() -> None:
    lines = unit("table.27").text.split("\n")
    assert lines[0] == " | Korrigering för den felandes partner"
    assert lines[-1] == "Otillräckligt kontraktsbud utom tur. Lag 31."


def test_markers_are_kept() -> None:
    assert "• Förbjuda att straffkortets färg spelas." in paras("topic.50")[10]
    assert [p[:2] for p in paras("topic.55")] == ["2.", "• ", "• "]
    assert "a) om den felande spelaren vann revokesticket," in paras("topic.63")
    assert paras("topic.45")[3].startswith("(a) hålls med bildsidan uppåt")
    assert paras("topic.62")[1].startswith("B. För att korrigera revoken")


def test_the_misplaced_headings_are_noted() -> None:
    noted = {n.line for n in parsed("sv").notes if "(manifest)" in n.message}
    assert noted == {1, 2, 34, 72, 116, 152}


# A wrong manifest fails the build: a copy of the corpus with one edit.


@pytest.fixture
def card(tmp_path: Path) -> Path:
    shutil.copytree(CORPUS / "sv", tmp_path / "corpus" / "sv")
    return tmp_path / "corpus"


def edit_manifest(corpus: Path, old: str, new: str) -> None:
    path = corpus / "sv" / MANIFEST_FILE
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def problems(corpus: Path) -> list[str]:
    return [str(p) for p in read_document(corpus / "sv", corpus.parent).problems]


def test_swapped_texts_fail_the_build(card: Path) -> None:
    # The texts of headings 72 (55) and 152 (16) exchanged: neither shares a word with its heading.
    edit_manifest(card, "text = [118, 122]", "text = [168, 171]")
    edit_manifest(card, 'text = [168, 171]  # "Vid', 'text = [118, 122]  # "Vid')
    found = problems(card)
    assert (
        "corpus/sv/sv.txt:72: topic.55: its text (lines 168-171) shares no word or law number "
        "with its heading SPELFÖRARENS UTSPEL UTOM TUR (55)"
    ) in found
    assert any(
        p.startswith("corpus/sv/sv.txt:152: topic.16: its text (lines 118-122)") for p in found
    )


def test_text_taken_from_the_following_lines_fails_the_build(card: Path) -> None:
    # Pairing heading 34 (63, 64) with what follows it, the Law 50 text at 36-70.
    edit_manifest(card, "text = [36, 70]", "text = [74, 114]")
    edit_manifest(card, 'text = [74, 114]  # "(revoken', 'text = [36, 70]  # "(revoken')
    found = problems(card)
    assert any(
        p.startswith("corpus/sv/sv.txt:34: topic.63: its text (lines 36-70) shares no")
        for p in found
    )


def test_a_line_left_out_or_claimed_twice_fails_the_build(card: Path) -> None:
    edit_manifest(card, "text = [20, 32]", "text = [20, 30]")
    assert "corpus/sv/sv.txt:31: line in no topic or table" in problems(card)
    edit_manifest(card, "text = [20, 30]", "text = [20, 36]")
    assert "corpus/sv/sv.txt:34: topic 18 claims a line of heading 34" in problems(card)


def test_a_cell_piece_not_on_its_line_fails_the_build(card: Path) -> None:
    edit_manifest(card, '"276:Budet upphivs"', '"276:Budet upphävs"')
    found = problems(card)
    assert "corpus/sv/sv.txt:276: cell piece not on the line: 'Budet upphävs'" in found
    assert "corpus/sv/sv.txt:276: no table cell takes 'Budet upphivs'" in found


def test_a_heading_missing_from_the_manifest_fails_the_build(card: Path) -> None:
    edit_manifest(card, "heading = 124", "heading = 125")
    found = problems(card)
    assert "corpus/sv/sv.txt:124: heading not in the manifest" in found
    assert "corpus/sv/sv.txt:125: manifest topic heading is not a heading" in found


def test_build_summary_and_export_of_the_card(card: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    report = build(card, data)
    assert report.ok and report.built == ["sv-2007-card"]
    assert store.summary(store.read_manifest(data)) == [
        "sv-2007-card  2007 card  topics 11  tables 2"
    ]
    exported = [u.to_json() for u in store.load_units("sv-2007-card", data)]
    topic = next(u for u in exported if u["id"] == "topic.75.B")
    assert topic["cites"] == ["75.B"] and topic["raw"].startswith("FELAKTIG FORKLARING (75 B)")
    assert json.loads(json.dumps(exported)) == exported


def test_data_beside_the_source_is_part_of_the_document_hash(card: Path) -> None:
    before = document_hash(card / "sv", "code")
    edit_manifest(card, "# Where the", "# Where  the")
    assert document_hash(card / "sv", "code") != before
