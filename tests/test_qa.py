"""The alignment report on the real corpus: one finding per check verified by reading the
sources (the line is quoted beside each), one case per check that must not be flagged, the
ignore list, the JSON/TSV/TMX exports and the `lawkb qa` exit codes."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from translate.storage.tbx import tbxfile
from translate.storage.tmx import tmxfile
from translate.storage.xliff2 import Xliff2File as xliff2file

from kb.cli import main
from kb.crosslang.library import Library, get_library
from kb.pipeline import build
from kb.qa import Report, report
from kb.qa.checks.figures import figures
from kb.qa.formats import (
    TSV_COLUMNS,
    to_csv_termbase,
    to_json,
    to_tbx,
    to_text,
    to_tmx,
    to_tsv,
    to_xliff,
)  # fmt: skip
from kb.qa.model import CHECKS, Finding

ALL = ["et", "fi", "sk", "sv", "tr"]
DATA = Path(__file__).parent / "data"
DISCREPANCIES = DATA / "qa_discrepancies.tsv"
PRECISION = DATA / "qa_precision.tsv"


@pytest.fixture(scope="module")
def library() -> Library:
    assert build().ok
    return get_library()


@pytest.fixture(scope="module")
def full(library: Library) -> Report:
    return report(library)


def found_check(r: Report, check: str) -> list[Finding]:
    return [f for f in r.findings if f.check == check]


def found(r: Report, check: str, uid: str) -> list[Finding]:
    return [f for f in r.findings if f.check == check and f.id == uid]


def one(r: Report, check: str, uid: str) -> Finding:
    (finding,) = found(r, check, uid)
    return finding


def sides(f: Finding) -> list[tuple[str, str, str, str]]:
    return [(w.lang, w.id, w.source, w.url) for w in f.where]


def test_the_report_covers_all_five_documents(full: Report) -> None:
    docs = full.coverage["documents"]
    assert sorted(docs) == ALL
    assert {x: d["edition"] for x, d in docs.items()} == {
        "et": 2017, "fi": 2017, "sk": 2007, "sv": 2007, "tr": 2017,
    }  # fmt: skip
    assert docs["sv"]["kind"] == "card" and docs["fi"]["source"] == "corpus/fi/fi.txt"
    laws = full.coverage["laws"]
    assert len(laws) == 93 and all(sorted(row) == ALL for row in laws.values())
    assert laws["16"]["et"] == {"units": 25, "missing": ["16.C.3"]}
    assert laws["16"]["fi"]["missing"] == [] and laws["16"]["sk"]["missing"] == []
    assert laws["62"]["sv"] == {"topics": ["topic.62"]}
    assert full.coverage["parts"]["introduction"] == ["et", "fi", "sk"]


def test_missing_by_id(full: Report) -> None:
    # et.txt:1039-1044: 16C has "1. Mitteenkinud ..." and "2. Eksinud ..." and nothing more;
    # fi.txt:808 and tr.txt:715 print 16C3.
    f = one(full, "missing", "16.C.3")
    assert (f.severity, f.langs, f.message) == (
        "error", ("et", "fi", "tr"), "16.C.3 is in fi, tr, not in et"
    )  # fmt: skip
    assert sides(f)[0] == ("et", "16.C", "corpus/et/et.txt:1039", "/et/law/16#16C")
    assert sides(f)[1] == ("fi", "16.C.3", "corpus/fi/fi.txt:808", "/fi/law/16#16C3")
    # Through the map the 2007 book has 16C3's content (2007 16D), so it lacks nothing.
    assert not [f for f in full.findings if f.check == "missing" and f.langs[0] == "sk"]
    assert not found(full, "missing", "16.C.2")


def test_no_extra_unit_once_51B2c_is_placed(full: Report) -> None:
    # et.txt:1757 "- c) Kui kaitsjal on trahvikaardid enam kui ühes mastis..." is printed
    # inside 52A; its placement erratum makes it 51.B.2.c, as fi and tr have it: nothing extra.
    assert full.counts()["extra"] == 0
    assert not found(full, "extra", "52.A.c") and not found(full, "missing", "51.B.2.c")


def test_numbers_that_differ(full: Report) -> None:
    # tr.txt:2153 prints 20 for the redoubled major (120 in fi, et).
    f = one(full, "numbers", "77.table.1")
    assert (f.severity, f.langs, f.odd) == ("error", ("tr", "et", "fi"), ("tr",))
    assert f.message == "figures differ: 20 (tr 3; et, fi 2), 120 (tr 1; et, fi 2)"
    assert f.where[0].place == "corpus/tr/tr.txt:2153:1"  # the row's cell, not line 2129's 20
    # fi.txt:586 "niitä kolmesta" (three) where tr "on üç" and et "13" say thirteen.
    g = one(full, "numbers", "7.B.2")
    assert g.odd == ("fi",) and g.where[0].source == "corpus/fi/fi.txt:586"
    # The IMP scale agrees; et's "± 3 impi" (one figure for two) is only fewer figures.
    assert not found(full, "numbers", "78.B.table") and not found(full, "numbers", "12.C.2.b")


def test_figures_leave_out_codes_and_read_number_words(library: Library) -> None:
    # tr.txt:985 "Yukarıda B1 ile hükme bağlananın dışında": B1 is a code, not the number 1.
    assert figures(library.book("tr").by_id["27.B.2"]) == {}
    # fi.txt:693 "plus 3 IMP tai miinus 3 IMP" (the reference codes 78D, 86B3 left out).
    assert figures(library.book("fi").by_id["12.C.2.b"]) == {"3": 2}
    # tr.txt:463 "özgün on üç kartını": thirteen spelled out.
    assert figures(library.book("tr").by_id["7.C"]) == {"13": 1}


def test_references_compared_as_full_unit_ids(library: Library, full: Report) -> None:
    # et.txt:1165 "reeglile 21 või 47C" where fi.txt:927 and tr.txt:853 cite 47E. The served
    # text makes 47C a misprint (kb/crosslang/misprints.py: it links nowhere, 47E is its
    # suggestion); the report reads the code as printed.
    (ref,) = library.book("et").by_id["20.F.6"].refs
    assert ref["targets"] == ["21"] and [m["suggestion"] for m in ref["misprints"]] == ["47.E"]
    f = one(full, "refs", "20.F.6")
    assert (f.odd, f.message) == (("et",), "et cites 47C where fi, tr cite 47E")
    assert f.where[0].place == "corpus/et/et.txt:1165:125" and f.where[0].words == "47C"
    # Same-law references: et.txt:1217 "vt järgnevat lõiku C" where fi, tr say E.
    assert one(full, "refs", "24.A").message == "et cites 24C where fi, tr cite 24E"
    # tr.txt:1479 folds "see Law 68" and "68B2" into one "bkz. Yasa 68B2".
    assert one(full, "refs", "49").message == "tr does not cite 68; et, fi cite it"
    # Three books, three different units (tr.txt:909 30B1(b)(ii), fi (i), et misprinted).
    assert one(full, "refs", "23.C").message == (
        "the books cite different units here: et 39B1b(1); fi 30B1b(i); tr 30B1b(ii)"
    )
    # tr.txt:987 "Yukarıda B1(b) ile" is a reference the tr parser does not read: no finding.
    assert not [g for g in found(full, "refs", "27.B.3") if g.odd == ("tr",)]
    # fi 51B1b cites Law 59 in the translator's footnote only: footnotes are not compared.
    assert not found(full, "refs", "51.B.1.b")


def test_2007_numbers_through_the_edition_map(library: Library, full: Report) -> None:
    # fi.txt:1421 "(s. 31) 16D1 §": 2007 16D1 is 2017 16C1, which tr and et cite (a code
    # they contradict, so a misprint in the served text, read here as printed).
    f = one(full, "edition", "45.C.4.b")
    assert f.message == "fi cites 16D1, the 2007 number of 16C1, which et, tr cite"
    assert [w.place for w in f.where] == [
        "corpus/fi/fi.txt:1421:31", "corpus/et/et.txt:1613:477", "corpus/tr/tr.txt:1381:465",
    ]  # fmt: skip
    # et.txt:1276 "vt reeglit 23": 2007 Law 23 is 2017 72C; et.txt:811 "86C" is 2017 86A.
    assert one(full, "edition", "27.B.2").odd == ("et",)
    assert one(full, "edition", "6.D.3").message.startswith("et cites 86C, the 2007 number of 86A")
    # Of two books: 2007 Law 23 is 72C (et is the odd one), but 2007 16D is 2017 16C and
    # 2007 16C is 2017 16D, so either of fi 16D1 and et 16C1 may be the 2007 number.
    two = report(library, ["fi", "et"], ["edition"])
    assert (one(two, "edition", "27.B.2").odd, one(two, "edition", "45.C.4.b").odd) == (
        ("et",), ("fi", "et"),
    )  # fmt: skip
    assert one(two, "edition", "45.C.4.b").code == "edition.swap"
    assert {f.id for f in full.findings if f.check == "edition"} == {
        "6.D.3", "27.B.2", "27.B.3", "45.C.4.b", "47.D", "47.F.1", "73.D.2",
    }  # fmt: skip


def test_length_against_each_pair_of_books(library: Library, full: Report) -> None:
    # fi.txt:2327, 81C5, leaves out "for cause" (tr "sebep varsa", et "põhjendatud").
    f = one(full, "length", "81.C.5")
    assert (f.langs, f.odd) == (("fi", "et", "tr"), ("fi",))
    assert f.message == "fi is 0.64 times as long as usual against tr (64 characters; tr 93)"
    # et.txt:1432, 37B2, is long with an extra sentence, and cites 72C3 for 72C: one finding
    # for the unit and language, the reference's.
    assert not found(full, "length", "37.B.2") and found(full, "refs", "37.B.2")
    assert "78.C" in [g.id for g, _ in full.ignored if g.check == "length"]  # a paraphrase
    # With two books the check still fires (the pair's own ratio): fi.txt:2301, 80B2(k),
    # leaves out "Law 93"; either book may be at fault, so both are blamed.
    two = one(report(library, ["fi", "tr"], ["length"]), "length", "80.B.2.k")
    assert (two.langs, two.odd) == (("fi", "tr"), ("fi", "tr"))


def test_empty_text(full: Report) -> None:
    # fi.txt:792 prints 16B1's opening sentence under 16B; "1. a." follows at 794.
    f = one(full, "empty", "16.B.1")
    assert (f.langs, f.message) == (("fi", "et", "tr"), "16.B.1 has no text in fi; text in et, tr")
    assert not found(full, "empty", "12.B")  # a title and no text in every book


def test_no_english_noise(full: Report) -> None:
    # fi keeps the WBF's English introduction on purpose (fi.txt:160): not a law, not listed.
    assert not found(full, "untranslated", "introduction") and full.counts()["untranslated"] == 0


def test_a_concept_translated_two_ways(full: Report) -> None:
    # et.txt:936 "tehniliku tulemuse" where the definition (et.txt:575) says "tehislik".
    (f,) = [g for g in full.findings if g.check == "terms" and "tehnilik" in g.message]
    assert f.odd == ("et",) and f.id == "12.C.1.d"
    assert f.params["first_units"] == "12.A.2, 15.B.3, 86.B.2.a"
    assert f.params["second_units"] == "12.C.1.d, 12.C.2.a, 12.C.2.b, 64.C.2.b"
    assert f.where[0].place == "corpus/et/et.txt:936:95" and f.where[2].lang == "tr"


def test_mechanical_checks(full: Report) -> None:
    # tr.txt:191 and 283 "pik (), kör (), karo (), trefl ()": the suit symbols are lost.
    assert [(f.id, f.where[0].line) for f in full.findings if f.check == "symbols"] == [
        ("1.A", 283), ("def.renk", 191),
    ]  # fmt: skip
    assert [(f.id, f.odd) for f in full.findings if f.check == "brackets"] == [
        ("15.B.3", ("fi",)), ("45.C.4.b", ("tr",)), ("46.B.5", ("tr",)), ("75.D.1", ("tr",)),
    ]  # fmt: skip
    # tr.txt:1431 "“herhangi bir şey oyna’’": a quotation the book's “ opens and two
    # apostrophes close (its profile's `typography.quotes`); the fix is its closing mark.
    f = one(full, "brackets", "46.B.5")
    assert (f.params["mark"], f.fix_text) == ("“", "add the closing quotation mark")
    assert f.where[0].place.startswith("corpus/tr/tr.txt:1431:")
    # fi.txt:1233 "jokainen jokainen"; et.txt:839 "peab iga mängija peab" (a modal verb again
    # two words later); et.txt:945 "võib ainult võib ainult" (two words twice).
    assert [(f.id, f.params["words"], f.fix["form"]) for f in found_check(full, "doubled")] == [
        ("7.C", "peab iga mängija peab", "peab iga mängija"),
        ("12.C.1.c", "võib ainult võib ainult", "võib ainult"),
        ("40.B.1.c", "jokainen jokainen", "jokainen"),
    ]  # fmt: skip
    assert one(full, "doubled", "40.B.1.c").where[0].place == "corpus/fi/fi.txt:1233:54"
    # Turkish doubles "birer birer" on purpose (tr.txt:421); "her cezalı kart cezalı kart
    # olarak kalır" (tr.txt:1551, each penalty card stays a penalty card) says it twice.
    assert not found(full, "doubled", "6.B") and not found(full, "doubled", "52.B.1.c")


def test_housekeeping_is_its_own_report(library: Library, full: Report) -> None:
    assert not [f for f in full.findings if f.check in ("drift", "source")]
    house = report(library, housekeeping=True)
    assert set(house.counts()) == {"drift", "source"}
    # sk.txt:445 "C. Vedľajšia informácia z iných zdrojov" is 2017 16D.
    f = one(house, "drift", "16.C")
    assert (f.severity, f.langs, f.message) == ("info", ("sk", "et"), "2007 16.C is 16.D in 2017")
    assert (
        one(house, "drift", "topic.62").message == "topic.62 cites 2007 16.D, which is 16.C in 2017"
    )
    # et.txt:1450 "(vt reeglist 26V)": a misprint for 26B, which fi and tr cite there
    # (kb/crosslang/misprints.py); et.txt:1757 prints 51B2c inside 52A, placed by its erratum.
    g = one(house, "source", "38.D")
    assert (g.severity, g.message) == (
        "warning",
        '"reeglist 26V": misprinted code 26V; misprint? the Finnish and Turkish books cite Law 26B',
    )
    assert one(house, "source", "51.B.2.c").message.startswith("51B2c printed in 52A:")


def test_every_finding_points_at_words_and_carries_both_texts(full: Report) -> None:
    for f in full.findings:
        assert f.code and f.about and set(f.about) <= set(f.langs), (f.check, f.id)
        assert all(w.text for w in f.where if w.lang not in f.about), (f.check, f.id)
    pointed = [f for f in full.findings if f.check in ("refs", "edition", "brackets", "symbols")]
    assert all(f.where[0].column > 0 for f in pointed if f.code != "refs.lacks")


def test_hand_read_discrepancies_are_found(full: Report) -> None:
    rows = [line.split("\t") for line in DISCREPANCIES.read_text().splitlines()
            if line and not line.startswith("#")]  # fmt: skip
    # A finding names its unit, and a terms finding the units of its concordance too.
    hits = {(uid, x) for f in full.findings for uid in named(f) for x in f.about}
    missed = [(uid, odd) for uid, odd, *_ in rows if (uid, odd) not in hits]
    assert len(rows) == 48
    # Of the laws read blind, tr's 2007 penalty clause and the clause fi and tr leave out in
    # 70E1 are not found (docs/qa.md); et's "need not" for "shall not" (70D1, 70E1) is the
    # modal check's. tr 70E1 is named only among the units where fi and et repeat the marker
    # of the footnote tr prints once, at 70C3.
    assert missed == [("9.B.2", "tr"), ("70.E.1", "fi")]
    # et 24C's missing verb "pass" is not found either (et says "sundpassi" in the
    # parenthesis): the unit is named only among the units of et's "Mitteenesinud" and by
    # its heading, "kaarti" where the contents list says "kaart".
    assert [f.code for f in full.findings if "et" in f.about and "24.C" in named(f)] == [
        "headings.contents", "spelling",
    ]  # fmt: skip
    assert [f.code for f in full.findings if "70.E.1" in named(f) and f.about == ("tr",)] == [
        "footnotes.marker"
    ]


BLIND = DATA / "qa_blind.tsv"
BLIND_2 = DATA / "qa_blind_2.tsv"  # held out until its misses were read (docs/qa.md)
BLIND_3 = DATA / "qa_blind_3.tsv"  # the checks of kb/qa/checks/style.py were shaped on it
BLIND_4 = DATA / "qa_blind_4.tsv"  # held out, written after the checks were; misses read
BLIND_5 = DATA / "qa_blind_5.tsv"  # held out; its misses read once measured (docs/qa.md)


def blind_rows(path: Path) -> list[list[str]]:
    """The rows of a blind reading: unit, odd book, kind, source, what is wrong, certainty."""
    return [line.split("\t") for line in path.read_text().splitlines()
            if line and not line.startswith("#")]  # fmt: skip


def recall(r: Report, path: Path) -> tuple[list[list[str]], list[list[str]], set[tuple[str, str]]]:
    """A blind reading's rows, those the report finds (a finding naming the row's unit and
    blaming its book), and every (unit, book) the report blames."""
    rows = blind_rows(path)
    hits = {(uid, x) for f in r.findings for uid in named(f) for x in f.about}
    return rows, [row for row in rows if (row[0], row[1]) in hits], hits


def counts(rows: list[list[str]]) -> tuple[int, int]:
    """How many rows, and how many of them certain."""
    return len(rows), sum(row[5] == "certain" for row in rows)


def test_a_blind_reading_of_twelve_unused_laws(full: Report) -> None:
    """Recall on the reading of laws 11 25 26 29 31 32 43 57 62 68 72 85, written before the
    checks of issue 39 (docs/qa.md): 35 of 54 found, 30 of the 36 certain."""
    rows, found_rows, hits = recall(full, BLIND)
    certain = [r for r in rows if r[5] == "certain"]
    assert (counts(rows), counts(found_rows)) == ((54, 36), (35, 30))
    # Found since: a role traded for another (et 43B3 a defender for dummy, et 11A the
    # non-offending side for either side), endings that do not agree (et 31A "parempoolne
    # vastase"). The roles finding on et 43B3 also names that unit's probable clauses row.
    assert {("43.B.3", "et"), ("11.A", "et"), ("31.A", "et")} <= {(r[0], r[1]) for r in found_rows}
    # Still read by a person only: a role added (tr 32B2 the offender's partner), "with" for
    # "without" a penalty (et 62C1), an "or" clause (tr 68C), real words misplaced (fi
    # "hyötäneet", "kansakilpailijoita"), an adverb for an adjective (et "loomulikult viisil").
    missed = {(r[0], r[1]) for r in certain if (r[0], r[1]) not in hits}
    assert missed == {
        ("32.B.2", "tr"), ("43.B.3", "fi"), ("62.C.1", "et"), ("68", "et"), ("68.C", "tr"),
        ("72.A", "fi"),
    }  # fmt: skip


def test_a_second_blind_reading_held_out(full: Report) -> None:
    """Recall on a second reading (laws 10 13 22 35 44 46 53 58 65 67 69 82), written before
    it was measured and held out until its misses were read (docs/qa.md): 23 of 77 rows, 19
    of the 39 certain (8 and 5 before; 7 and 4 before the checks the third reading shaped);
    24 with grammar read by the analysers (et 67B3 "ebareeglipärasest toimingut"); 25 and 20
    with the book's quotation marks balanced (tr 46B5 “ ... ’’)."""
    rows, found_rows, _ = recall(full, BLIND_2)
    assert (counts(rows), counts(found_rows)) == ((77, 39), (25, 20))
    assert ("67.B.3", "et", "typo") in {(r[0], r[1], r[2]) for r in found_rows}
    found = {(r[0], r[1]) for r in found_rows}
    # Words the dictionary does not know: fi "valttin" (44.E), et "tihiviõttja" (67.B.1).
    assert {("44.E", "fi"), ("67.B.1", "et")} <= found
    # Headings the book's contents list prints otherwise: et "Tihedesse" (44.A), "Korrektnen"
    # (46.A), "kõik" for "käik" (53, 53.A, 53.B), "Tihide asetuse" (65); fi "HYVÄKSYMINEEN".
    assert {("44.A", "et"), ("46.A", "et"), ("53", "et"), ("53.B", "et"), ("65", "et"),
            ("69", "fi")} <= found  # fmt: skip
    # A footnote's words apart (fi.txt:1882 "puolustus pelaajan").
    assert ("67.B.2.a", "fi") in found
    # tr.txt:1651 "YASA 58- EŞZAMANLI": a law's heading unlike the book's other 90.
    assert ("58", "tr") in found
    # Found by a finding on the same unit about another thing: 10.B's clause row (named by
    # "juhtnõõrideta"), 53.B's and 65.D's modal rows, 69.A's meaning row (its heading
    # "kehtetus", the list's "kehtestus": the row says the heading inverts the sense).
    assert {r[2] for r in found_rows} == {"typo", "clauses", "modal", "meaning", "mechanics"}


def test_a_third_blind_reading_the_style_checks_were_shaped_on(full: Report) -> None:
    """Recall on a third reading (laws 41 42 52 54 61 64 74 90), written before any finding
    on these laws was read, then used to shape the checks of kb/qa/checks/style.py and
    kb/qa/checks/compounds.py, an automatic effect as a clause and a should said as a must
    beside other forces: 28 of 68 found, 9 of the 17 certain (15 and 6 before them); 30
    and 10 with a bracket after a full stop begun in lower case (tr 41B, whose "sonra erer"
    row is found with it); 34 and 12 with grammar read by the analysers (et "vales käest" in
    41B's footnote, et 42B2 "ebareeglipärasest toimingut"; 41B's two other et rows by a
    finding on the same unit about another thing); 36 and 14 with a genitive before a finite
    verb (fi 64C2b "kilpailunjohtajan uskoo"; the unit's "revokeja" row by coincidence)."""
    rows, found_rows, _ = recall(full, BLIND_3)
    assert (counts(rows), counts(found_rows)) == ((68, 17), (36, 14))
    assert {("41.B", "et", "typo"), ("42.B.2", "et", "typo")} <= {
        (r[0], r[1], r[2]) for r in found_rows if r[5] == "certain"
    }
    found = {(r[0], r[1], r[2]) for r in found_rows}
    assert {("42.B", "tr", "typo"), ("54.B", "tr", "typo"), ("74.A.2", "tr", "modal"),
            ("54.B.2", "et", "terms"), ("64.C.2.b", "et", "mechanics"),
            ("74.C.4", "fi", "mechanics")} <= found  # fmt: skip


def test_a_fourth_blind_reading_held_out(full: Report) -> None:
    """Recall on a fourth reading (laws 18 30 33 48 56 59 71 79), written by a reviewer who
    saw no finding once the checks the third reading shaped were done: 7 of 57 rows, all 7
    certain ones of 18 (the same 7 before those checks): misspelt words and a space before
    a colon; none of the meaning, clause, term or modal rows. Then tr 56A "edebilr", a
    letter dropped before the last, et 71B's misprinted footnote marker, tr 18F's
    "Yönetici Federasyon" for the book's "Yetkili Federasyon" and fi 79C1's
    "kilpailunjärjestäjä", a word the book also writes apart (13 of 57, 9 certain: the last
    names 79C1's other rows too); 15 and 11 with grammar read by the analysers (et 48B1,
    48B2 "vales käest", an inessive for the elative); 16 and 12 with a word taken for a like
    one (fi 48B2 "muulloin kun")."""
    rows, found_rows, _ = recall(full, BLIND_4)
    assert (counts(rows), counts(found_rows)) == ((57, 18), (16, 12))
    assert {("48.B.1", "et"), ("48.B.2", "et")} <= {(r[0], r[1]) for r in found_rows}
    assert ("79.C.1", "fi", "terms") in {(r[0], r[1], r[2]) for r in found_rows}


def test_a_fifth_blind_reading_held_out(full: Report) -> None:
    """Recall on a fifth reading (laws 14 19 28 34 38 55 60 66 84 87), written by a reviewer
    who saw no finding and measured as it came: 15 of 56 rows, 11 of the 18 certain before
    this round's checks, 19 and 14 with those written before it was read (Estonian words
    Hunspell does not know, footnotes read, headings against the contents list), then 23
    and 15 with the two its misses suggested (a space at a slash, a capital inside a word);
    27 and 15 with a bracket after a full stop and a law's heading unlike the book's others
    (fi 19B3, tr 84D and its two meaning rows, tr 55), less 87A's and/or row, which a sound
    word Hunspell lacks had named ("tsoonsused", now the profile's `spelling.known`)."""
    rows, found_rows, _ = recall(full, BLIND_5)
    assert (counts(rows), counts(found_rows)) == ((56, 18), (27, 15))
    found = {(r[0], r[1], r[2]) for r in found_rows}
    # fi 14 "PUUTTAVA", 38 "MAALAUUS", 60 "LAITTOAMAN": a heading and its contents entry.
    assert {("14", "fi", "typo"), ("38", "fi", "typo"), ("60", "fi", "typo")} <= found
    # fi 14B2, 14B3 "ja/ tai"; tr 87C "OyunuNda" (its "Bkz Yasa" row is on the same unit).
    assert {("14.B.2", "fi", "mechanics"), ("87.C", "tr", "mechanics")} <= found
    # Missed certain rows: et 14B4 "osutada" for "osutuda", et 38C's left-out condition,
    # tr 66D "sonra" for "sona" (real words, a clause).
    missed = {(r[0], r[1]) for r in rows if r[5] == "certain" and r not in found_rows}
    assert missed == {("14.B.4", "et"), ("38.C", "et"), ("66.D", "tr")}


BLIND_6 = DATA / "qa_blind_6.tsv"  # held out until measured; its misses read then


def test_a_sixth_blind_reading_held_out(full: Report) -> None:
    """Recall on a sixth reading (laws 2 3 5 8 39 51 63 76 78 83 86 88 89 91 92 93), written by
    two reviewers who saw no finding and no code, committed before it was measured: 20 of 103
    rows and 10 of the 37 certain at this round's start, and the same with the rules the
    earlier readings suggested. Its misses were read then: with the rules they suggested
    (a misprinted footnote marker, a word broken by a space, a lead-in every item repeats,
    footnotes read by the house style, a name said two ways, capitals then lower case in a
    law's title), 33 and 15, two of them by a finding on the same unit about another thing;
    36 with Finnish words written both ways (92B "kilpailunjärjestäjä"; its unit's two other
    rows by coincidence); 43 and 20 with grammar read by the analysers (an attribute that
    does not agree with its noun, a subject in the wrong case: fi 5A, 51B2b, 86A, 86B2c; et
    76C2), two of them by a finding on the same unit (fi 51B2b's and 86B2c's other rows)."""
    rows, found_rows, _ = recall(full, BLIND_6)
    assert (counts(rows), counts(found_rows)) == ((103, 37), (43, 20))
    found = {(r[0], r[1], r[2]) for r in found_rows}
    # et 5A "Algaigutus" (against the contents list), fi 76A2 "käyttydyttävä" (Voikko), and
    # tr 51B1b, 51B2a, 51B2b: the footnote tr prints once, at 51B1a.
    assert {("5.A", "et", "typo"), ("76.A.2", "fi", "typo"), ("51.B.1.b", "tr", "headings"),
            ("51.B.2.b", "tr", "headings")} <= found  # fmt: skip
    # tr 76C1, 76D and et 76D print the wrong footnote marker; et 8B-8C "voo ru"; et 63A's
    # "kui" in the lead-in and every item; tr 86B3 "Yönetici Federasyon"; fi 89's title.
    assert {("76.C.1", "tr", "mechanics"), ("76.D", "et", "mechanics"), ("8.B.1", "et",
            "mechanics"), ("63.A", "et", "mechanics"), ("86.B.3", "tr", "terms"),
            ("89", "fi", "mechanics"), ("76.A.1", "tr", "typo")} <= found  # fmt: skip


def named(f: Finding) -> set[str]:
    """The units a finding names: its own, and those it lists (a terms finding's units of
    the form it blames, not of the book's usual form; a folded finding's units; a
    spelling's units of both spellings, where the dictionary knows neither)."""
    units = {f.id}
    for key in ("second_units", "units", "form_units"):
        units |= set(filter(None, str(f.params.get(key, "")).split(", ")))
    return units


def test_precision_on_a_judged_sample(full: Report) -> None:
    rows = [line.split("\t") for line in PRECISION.read_text().splitlines()
            if line and not line.startswith("#")]  # fmt: skip
    listed = {(f.check, f.id, ",".join(f.about)) for f in full.findings}
    assert len(rows) >= 40 and all((c, i, o) in listed for c, i, o, *_ in rows)
    true = sum(row[3] == "true" for row in rows)
    assert true / len(rows) >= 0.9


def test_the_ignore_list_is_keyed_by_fields_and_lists_each_silenced(
    library: Library, full: Report, tmp_path: Path
) -> None:
    assert len(full.ignored) == 13 and all(reason for _, reason in full.ignored)
    assert full.unused_ignores == []
    data = json.loads(to_json(full))
    assert data["ignored"] == 13 and "20.F.6" in [s["id"] for s in data["silenced"]]
    assert "reason: tr spells out" in to_text(full)
    # The entries hold whichever other books are compared.
    two = report(library, ["fi", "et"], ["length"])
    assert "78.C" in [f.id for f, _ in two.ignored]
    one_entry = tmp_path / "ignore.toml"
    key = one(full, "missing", "16.C.3").key
    one_entry.write_text(
        f'[[ignore]]\ncheck = "missing"\nid = "16.C.*"\nlangs = ["et"]\nkey = "{key}"\n'
        'reason = "read"\n'
    )
    r = report(library, ["fi", "tr", "et"], ["extra", "missing"], one_entry)
    assert [f.id for f, _ in r.ignored] == ["16.C.3"] and not found(r, "missing", "16.C.3")
    one_entry.write_text(
        '[[ignore]]\ncheck = "missing"\nid = "16.C.*"\nkey = "000000000000"\nreason = "x"\n'
    )
    assert not report(library, ["fi", "et"], ["missing"], one_entry).ignored  # another text
    no_reason = tmp_path / "bad.toml"
    no_reason.write_text('[[ignore]]\ncheck = "extra"\nid = "52.A.c"\n')
    with pytest.raises(ValueError, match="needs its reason"):
        report(library, ["fi"], None, no_reason)


def test_json_shape(full: Report) -> None:
    data = json.loads(to_json(full))
    assert {"coverage", "findings", "silenced"} <= set(data)
    assert set(data["coverage"]) == {"documents", "laws", "parts", "reading"}
    assert len(data["findings"]) == len(full.findings)
    for item in data["findings"]:
        assert list(item)[:6] == ["check", "severity", "id", "langs", "message", "where"]
        assert item["check"] in CHECKS and item["severity"] in ("error", "warning", "info")
        assert item["where"] and all(
            list(w)[:4] == ["lang", "id", "source", "url"] and w["source"].startswith("corpus/")
            for w in item["where"]
        )
    ref = next(i for i in data["findings"] if i["id"] == "20.F.6" and i["check"] == "refs")
    assert ref["code"] == "refs.differ" and ref["params"]["cites"] == "47C"
    assert ref["where"][0]["text"].startswith("Kui kohtunik veendub")


def test_tsv_columns(full: Report) -> None:
    rows = [line.split("\t") for line in to_tsv(full).splitlines()]
    assert tuple(rows[0]) == TSV_COLUMNS
    assert len(rows) == len(full.findings) + 1 and all(len(r) == len(TSV_COLUMNS) for r in rows)
    row = next(r for r in rows if r[0] == "missing")
    assert row[2:4] == ["16.C.3", "et,fi,tr"]
    assert row[5].split() == [
        "corpus/et/et.txt:1039",
        "corpus/fi/fi.txt:808",
        "corpus/tr/tr.txt:715",
    ]
    assert row[6].split()[0] == "/et/law/16#16C"
    assert row[11].startswith("et: Kui reeglitekohaselt on üksikpakkumine tühistatud")


def test_tmx_is_sentence_level_and_flags_known_wrong_pairs(library: Library) -> None:
    tmx = to_tmx(library, ["fi", "et"], report(library, ["fi", "et"]))
    root = ET.fromstring(tmx.encode())
    assert root.tag == "tmx" and root.find("header").get("segtype") == "sentence"
    store_ = tmxfile.parsestring(tmx.encode())
    units = {u.getid(): u for u in store_.units}
    assert "16.C.3#1" not in units  # et lacks it
    # fi.txt:1004-1006, 25A1: two sentences in both books, paired one to one.
    assert units["1.A#2"].source == (
        "Kilpailubridgeä pelataan 52 kortin pakalla, jossa on neljä väriä ja kussakin niistä "
        "13 korttia."
    )
    assert units["1.A#2"].target.startswith("Turniirbridži mängitakse 52-kaardise pakiga")
    assert not [u for u in store_.units if "(s. " in u.source]  # page references stripped
    # The pair the report knows is wrong carries the finding as a note (translate-toolkit
    # reads it back); every unit has the header's source language.
    flagged = root.find(".//tu[@tuid='20.F.6#1']")
    assert "refs: fi cites 47E where et cite 47C" in flagged.find("note").text
    assert "refs: fi cites 47E where et cite 47C" in units["20.F.6#1"].getnotes()
    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    assert all(tu.find("tuv").get(lang) == "fi" for tu in root.iter("tu"))
    assert not root.findall(".//prop[@type='x-qa']")


def test_tmx_of_three_books_and_the_2007_edition(library: Library) -> None:
    root = ET.fromstring(to_tmx(library, ["fi", "tr", "sk"]).encode())
    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    tus = {tu.get("tuid"): [v.get(lang) for v in tu.iter("tuv")] for tu in root.iter("tu")}
    assert tus["12.C.1.b#1"] == ["fi", "tr"]  # the editions are not aligned below 12C
    sk = [tu for tu in root.iter("tu") if tu.get("tuid").startswith("16.D#")]
    assert sk and sk[-1].findall("tuv")[1].find("prop[@type='x-id']").text == "16.C"


def test_xliff_reads_back_with_the_findings_as_notes(library: Library) -> None:
    text = to_xliff(library, ["fi", "et"], report(library, ["fi", "et"]))
    store_ = xliff2file.parsestring(text.encode())
    assert len(store_.units) > 1000
    unit = next(u for u in store_.units if u.getid() == "20.F.6::s1")
    assert unit.source.startswith("Jos kilpailunjohtajan mielestä pelaaja")
    assert unit.target.startswith("Kui kohtunik veendub")
    # XLIFF 2 keeps notes on the <unit>, around the segment translate-toolkit reads.
    notes = unit.xmlelement.getparent().find("{urn:oasis:names:tc:xliff:document:2.0}notes")
    assert [(n.get("category"), n.text) for n in notes] == [
        ("refs", "fi cites 47E where et cite 47C")
    ]
    # A segment a finding blames is to review ("translated"); the others are "final".
    states = {u.getid(): u.xmlelement.get("state") for u in store_.units}
    assert states["20.F.6::s1"] == "translated" and states["2::s1"] == "final"


def test_termbases_from_the_glossary(library: Library) -> None:
    text = to_tbx(library, ["fi", "tr", "sk", "et"])
    tbx = tbxfile.parsestring(text.encode())
    assert len(tbx.units) > 60
    # TBX-Basic's shape: a martifHeader naming the books and the XCS, one langSet per
    # language per entry, a tig per term with its part of speech.
    root = ET.fromstring(text.encode())
    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    assert root.get("type") == "TBX-Basic"
    assert root.find("martifHeader/fileDesc/sourceDesc/p").text.startswith("fi: VUODEN 2017")
    assert root.find("martifHeader/encodingDesc/p").text == "TBXBasicXCSV02.xcs"
    for entry in root.iter("termEntry"):
        langs = [s.get(lang) for s in entry.findall("langSet")]
        assert len(langs) == len(set(langs)), entry.get("id")
        assert all(t.find("termNote[@type='partOfSpeech']") is not None for t in entry.iter("tig"))
    # The book's own case and order: et's headings in capitals, sk's inverted headings.
    entry = root.find("text/body/termEntry[@id='psychic-call']")
    psychic = next(s for s in entry.findall("langSet") if s.get(lang) == "sk")
    assert [t.text for t in psychic.iter("term")] == ["psychická hláška", "klamlivá hláška"]
    # translate-toolkit reads the entries back with their terms.
    assert "suit" in [u.source for u in tbx.units]
    assert "<term>mast</term>" in text and "<term>MAST</term>" not in text
    rows = list(csv.DictReader(io.StringIO(to_csv_termbase(library, ["fi", "et"]))))
    suit = next(r for r in rows if r["concept"] == "suit")
    assert (suit["en"], suit["fi"], suit["fi_id"], suit["et"]) == (
        "suit",
        "väri",
        "def.vari",
        "mast",
    )


def test_cli_exit_codes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["qa", "--langs", "fi,et", "--format", "json"]) == 1  # missing units: errors
    assert json.loads(capsys.readouterr().out)["langs"] == ["fi", "et"]
    assert main(["qa", "--langs", "fi,et", "--fail-on", "never"]) == 0
    assert "missing (3)" in capsys.readouterr().out  # fi 16C3, et 30B2, et 43A3
    assert main(["qa", "--langs", "sk", "--format", "tsv", "--housekeeping"]) == 0  # drift: info
    assert main(["qa", "--langs", "sk", "--fail-on", "warning", "--housekeeping"]) == 1  # 13.E
    capsys.readouterr()
    assert main(["qa", "--langs", "xx"]) == 2
    assert main(["qa", "--langs", "fi,sv", "--format", "tmx"]) == 2
    assert "TMX needs two law books" in capsys.readouterr().err
    assert main(["qa", "--langs", "fi,et", "--format", "tmx"]) == 0
    assert capsys.readouterr().out.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<tmx')
    assert main(["qa", "--langs", "fi,et", "--format", "xliff"]) == 0
    assert "<xliff" in capsys.readouterr().out
    # XLIFF is bilingual: every pair asked is a file of its own (--out), never one of them.
    assert main(["qa", "--langs", "fi,tr,et", "--format", "xliff"]) == 2
    assert "2 pairs were asked (fi-tr, fi-et)" in capsys.readouterr().err
    out = tmp_path / "xliff"
    assert main(["qa", "--langs", "fi,tr,et", "--format", "xliff", "--out", str(out)]) == 0
    capsys.readouterr()
    assert sorted(p.name for p in out.iterdir()) == ["fi-et.xlf", "fi-tr.xlf"]
    assert len(xliff2file.parsestring((out / "fi-tr.xlf").read_bytes()).units) > 1000
    assert main(["qa", "--format", "tbx"]) == 0 and "<martif" in capsys.readouterr().out
    assert main(["qa", "--format", "csv"]) == 0
    assert capsys.readouterr().out.startswith("concept,en,et,et_id,fi,fi_id,sk,sk_id,tr,tr_id")


def test_deterministic(library: Library) -> None:
    first = to_json(report(library))
    assert to_json(report(library)) == first


BLIND_7 = DATA / "qa_blind_7.tsv"  # held out until measured; its misses read then


def test_a_seventh_blind_reading_held_out(full: Report) -> None:
    """Recall on a seventh reading (laws 11 20 34 45 48 55 64 69 77 78 81 82, drawn from laws
    earlier readings had read), written by two reviewers who saw no finding, no code and no
    earlier reading, committed after the grammar checks and before it was measured: 42 of
    101 rows, 19 of the 38 certain. Of them, the rows at a unit and book no earlier reading
    names: 16 of 57, 6 of 21 certain. Its misses were read then: with a genitive before a
    finite verb (fi 64C2b) and a word taken for a like one (fi 48B2 "muulloin kun"), 44 and
    21; 47 and 23 with the units printing a heading's misspelt word (et 45E1, 45E2
    "viidendana"; 45E2's modal row by coincidence)."""
    rows, found_rows, _ = recall(full, BLIND_7)
    assert (counts(rows), counts(found_rows)) == ((101, 38), (47, 23))
    earlier = {(r[0], r[1]) for path in (BLIND, BLIND_2, BLIND_3, BLIND_4, BLIND_5, BLIND_6,
                                         DISCREPANCIES) for r in blind_rows(path)}  # fmt: skip
    new = [r for r in rows if (r[0], r[1]) not in earlier]
    # (16 and 6 held out; 19 and 8 with the rules its misses suggested)
    assert (counts(new), counts([r for r in found_rows if r in new])) == ((57, 21), (19, 8))
    found = {(r[0], r[1], r[2]) for r in found_rows if r[5] == "certain"}
    # et 48B1, 48B2 "vales käest" (the grammar checks, written before the reading); fi 48B2
    # "muulloin kun" and fi 64C2b "kilpailunjohtajan uskoo" (written from its misses).
    assert {("48.B.1", "et", "typo"), ("48.B.2", "fi", "typo"), ("64.C.2.b", "fi", "typo"),
            ("45.E.1", "et", "typo")} <= found  # fmt: skip
