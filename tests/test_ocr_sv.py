"""The OCR repair of the Swedish card (corpus/sv/ocr.toml through kb/ingest/ocr.py), measured
by reading.

SPOILT is a sample of 129 corrupted words read off the card, each with its line, the OCR form
and the Swedish word the line means (read from the sense of the line and, for the law's terms,
the Slovak 2007 text of the same rule). SOUND is a sample of 89 words the OCR got right, among
them the real-word traps of guide sv §6 ("ligger", "sitt", "lag" are correct on some lines and
spoilt on others): repair must leave every one of them as printed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kb.ingest.card import MARKER
from kb.ingest.ocr import WORD, Context, Rules, load_rules
from tests.conftest import CORPUS

RULES = CORPUS / "sv" / "ocr.toml"
RAW = MARKER.sub("", (CORPUS / "sv" / "sv.txt").read_text(encoding="utf-8")).split("\n")
FIXED = load_rules(RULES).repair("\n".join(RAW)).split("\n")

# (line, as printed, as meant)
SPOILT = [
    (1, "FORSTA", "FÖRSTA"), (4, "Godkinner", "Godkänner"), (4, "Spelforaren", "Spelföraren"),
    (4, "vilja", "välja"), (4, "f6ljande", "följande"), (4, "tvé", "två"),
    (5, "viljer", "väljer"), (5, "trakarl", "träkarl"), (5, "ligger", "lägger"), (5, "pa", "på"),
    (7, "Trikarlen", "Träkarlen"), (7, "liggs", "läggs"), (7, "Paspel", "Påspel"),
    (10, "Ritt", "Rätt"), (10, "fir", "får"), (11, "Begira", "Begära"), (11, "farg", "färg"),
    (14, "Forbjuda", "Förbjuda"), (15, "firg", "färg"), (16, "giller", "gäller"),
    (16, "sa", "så"), (16, "linge", "länge"), (16, "4r", "är"), (16, "gang", "gång"),
    (20, "miste", "måste"), (22, "dtertar", "återtar"), (22, "For", "För"),
    (23, "ersitter", "ersätter"), (24, "sdlunda", "sålunda"), (26, "fér", "får"),
    (26, "yttetligare", "ytterligare"), (28, "Bada", "Båda"), (28, "far", "får"),
    (28, "sitta", "sätta"), (30, "Nir", "När"), (30, "sitt", "sätt"),
    (31, "vinstra", "vänstra"), (31, "motstindare", "motståndare"), (32, "dr", "är"),
    (36, "uppvint", "uppvänt"), (37, "uppit", "uppåt"), (44, "tva", "två"),
    (47, "Bestimmelser", "Bestämmelser"), (47, "for", "för"), (50, "honnérskort", "honnörskort"),
    (51, "stillet", "stället"), (55, "béde", "både"), (55, "f6r", "för"),
    (61, "f6rrin", "förrän"), (62, "nedanstiende", "nedanstående"),
    (62, "méjligheter", "möjligheter"), (64, "®", "•"), (64, "sd", "så"), (70, "Lita", "Låta"),
    (74, "ndsta", "nästa"), (75, "6verfores", "överföres"), (83, "ir", "är"),
    (84, "gilla", "gälla"), (86, "underlit", "underlät"), (87, "lag", "låg"),
    (91, "patalades", "påtalades"), (92, "pd", "på"), (106, "¢j", "ej"), (109, "Annu", "Ännu"),
    (111, "poidng", "poäng"), (111, "tivlingsledaren", "tävlingsledaren"), (113, "fatt", "fått"),
    (113, "gottgbrelse", "gottgörelse"), (114, "jimfért", "jämfört"), (114, "dgt", "ägt"),
    (119, "ratt", "rätt"), (121, "kriva", "kräva"), (126, "limnat", "lämnat"),
    (128, "fére", "före"), (133, "ANSPRAK", "ANSPRÅK"), (139, "upptepar", "upprepar"),
    (140, "invindningar", "invändningar"), (143, "rittvist", "rättvist"), (144, "Vatje", "Varje"),
    (145, "tilld6ma", "tilldöma"), (147, "&ver", "över"), (147, "moijligt", "möjligt"),
    (148, "ansprék", "anspråk"), (152, "OTILLATNA", "OTILLÅTNA"), (156, "d4r", "är"),
    (156, "£f6r", "för"), (161, "hélls", "hålls"), (161, "néra", "nära"),
    (164, "sddan", "sådan"), (166, "sjilv", "själv"), (169, "Lt", "Låt"),
    (174, "godkédnnes", "godkännes"), (174, "vinster", "vänster"), (178, "Jfelande", "felande"),
    (178, "dtergdr", "återgår"), (181, "galler", "gäller"), (182, "stallet", "stället"),
    (182, "bendmmningen", "benämningen"), (189, "NAGON", "NÅGON"), (189, "BJ", "BJUDIT"),
    (189, "an", "än"), (215, "benimning", "benämning"),
    (219, "utspelsbegrinsning", "utspelsbegränsning"), (249, "niar", "när"),
    (251, "dndring", "ändring"), (262, "1", "i"), (272, "Fair", "Får"),
    (272, "vari", "var"),  # "vari |" = "var i" plus a column bar: repaired by hand in the table
    (275, "ur", "tur"),  # "ur att bjuda (31B)": idem
    (276, "upphivs", "upphävs"), (283, "kottigering", "korrigering"), (294, "kotr", "korr"),
    (296, "OT|LLRACKL|GT", "OTILLRÄCKLIGT"), (296, "frdga", "fråga"), (300, "ntan", "utan"),
    (302, "ef", "ej"), (304, "Rorrigeringar", "korrigeringar"), (306, "firtid", "förtid"),
    (307, "bar", "har"), (314, "ldgsta", "lägsta"), (314, "niva", "nivå"), (316, "ér", "är"),
    (320, "dven", "även"), (322, "dn", "än"), (328, "stir", "står"), (332, "star", "står"),
    (332, "férséker", "försöker"), (333, "féregiende", "föregående"), (341, "démer", "dömer"),
]  # fmt: skip

# (line, word printed right)
SOUND = [
    (36, "ligger"), (31, "sitt"), (147, "sitt"), (32, "lag"), (84, "Lag"), (96, "lag"),
    (273, "lag"), (318, "Lag"), (345, "Lag"), (316, "ersatta"), (37, "ligga"), (70, "ligga"),
    (12, "tages"), (148, "var"), (241, "var"), (42, "tia"), (49, "tian"), (58, "vid"),
    (147, "vid"), (157, "dess"), (157, "se"), (205, "giv"), (246, "el"), (20, "han"),
    (166, "tar"), (29, "kan"), (50, "lov"), (5, "upp"), (44, "man"), (219, "korr"),
    (205, "MTH"), (142, "TL"), (210, "paret"), (208, "Budet"), (13, "stick"), (96, "sticket"),
    (129, "bud"), (11, "hand"), (12, "handen"), (10, "spela"), (13, "spelas"), (29, "spelat"),
    (120, "spelet"), (20, "spelare"), (32, "spelaren"), (5, "kort"), (36, "kvar"),
    (16, "inne"), (10, "ut"), (20, "om"), (9, "ej"), (10, "straffkort"), (65, "partnern"),
    (217, "annan"), (49, "annat"), (49, "samma"), (80, "vann"), (98, "gjort"), (92, "bricka"),
    (145, "trumf"), (6, "bordet"), (22, "felande"), (20, "sin"), (5, "sina"),
    (164, "position"), (175, "Inga"), (307, "nya"), (76, "enligt"), (328, "ovan"),
    (322, "mera"), (144, "sida"), (146, "dessa"), (61, "sagt"), (61, "vilken"), (118, "fel"),
    (128, "just"), (129, "sista"), (148, "medveten"), (170, "Be"), (170, "igen"),
    (178, "stod"), (189, "pass"), (246, "dock"), (259, "passar"), (260, "upprepas"),
    (282, "Tvungen"), (289, "bestraffning"), (296, "orsaken"), (343, "han"),
]  # fmt: skip


def words(line: int, lines: list[str]) -> list[str]:
    return WORD.findall(lines[line - 1])


def test_samples_are_read_off_their_lines() -> None:
    assert len(SPOILT) >= 60 and len(SOUND) >= 60
    for line, printed, _ in SPOILT:
        assert printed in words(line, RAW), (line, printed)
    for line, printed in SOUND:
        assert printed in words(line, RAW), (line, printed)


def repaired(line: int, printed: str, meant: str) -> bool:
    after = words(line, FIXED)
    return meant in after and printed not in after


def test_at_least_95_percent_of_the_spoilt_sample_is_repaired() -> None:
    missed = [s for s in SPOILT if not repaired(*s)]
    # Only the two words cut by the table's column bar at 272/275 stay spoilt in the lines;
    # the table gives their cell by hand (tests/test_card_sv.py).
    assert missed == [(272, "vari", "var"), (275, "ur", "tur")]
    assert 1 - len(missed) / len(SPOILT) >= 0.95


def test_no_sound_word_is_made_wrong() -> None:
    wrong = [(n, w) for n, w in SOUND if words(n, RAW).count(w) != words(n, FIXED).count(w)]
    assert wrong == []


@pytest.mark.parametrize(
    ("line", "printed", "meant"),
    [
        (87, "ett kort som lag med bildsidan", "ett kort som låg med bildsidan"),
        (32, "och se lag 16D.", "och se lag 16D."),
        (5, "och ligger upp sina kort", "och lägger upp sina kort"),
        (142, "att ligger upp sina kort", "att lägger upp sina kort"),
        (36, "Straffkortet ligger kvar uppvint", "Straffkortet ligger kvar uppvänt"),
        (30, "pa sa sitt atertar", "på så sätt återtar"),
        (31, "aterta sitt spelade kort", "återta sitt spelade kort"),
        (147, "han vid sitt", "han vid sitt"),
        (
            156,
            "som halls sa att det d4r méjligt £f6r hans",
            "som hålls så att det är möjligt för hans",
        ),
    ],
)
def test_real_words_are_repaired_only_in_their_context(line: int, printed: str, meant: str) -> None:
    # guide sv §6 and §10 (cases 14-16): the same OCR form, right on one line, wrong on another.
    assert printed in RAW[line - 1]
    assert meant in FIXED[line - 1]


def test_repair_keeps_the_lines_and_everything_but_words() -> None:
    assert len(FIXED) == len(RAW)
    changed = [
        no
        for no, (raw, fixed) in enumerate(zip(RAW, FIXED, strict=True), start=1)
        if WORD.sub("", raw) != WORD.sub("", fixed)
    ]
    assert changed == [189]  # the one phrase: "BJ UD|T" -> "BJUDIT" takes the space out
    assert FIXED[188] == "INNAN NÅGON BJUDIT, annat än eventuellt pass"


def test_context_across_a_line_break() -> None:
    # L28-29 "sitta / tillbaka": the rule sees the next word on the next line.
    assert FIXED[27].endswith("får återta och sätta") and FIXED[28].startswith("tillbaka")


def test_a_form_both_always_and_in_context_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "ocr.toml"
    path.write_text('[words]\nfar = "får"\n[[context]]\nform = "far"\nto = "får"\nprev = "x"\n')
    with pytest.raises(ValueError, match="far"):
        load_rules(path)


def test_case_of_the_ocr_word_is_kept() -> None:
    rules = Rules({"nir": "när"}, context=[Context("far", "får", not_prev=re.compile("hans"))])
    assert rules.repair("Nir NIR nir, hans far. Far") == "När NÄR när, hans far. Får"
