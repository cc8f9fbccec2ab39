"""The translators' report (issue 39) measured on blind readings: reviewers read laws unit by
unit in the three 2017 books, from the sources only, and wrote down every discrepancy a
translator must hear about (tests/data/qa_blind*.tsv); each test is one reading's recall,
measured as tests/helpers/readings.py says. The first twelve readings; the later ones and
the figures over every reading are in tests/test_qa_readings_later.py.
"""

from __future__ import annotations

import pytest

from kb.qa import Report
from tests.helpers.readings import (
    DATA,
    at_the_words,
    counts,
    every_report,
    recall,
    unnamed,
)


@pytest.fixture(scope="module")
def full() -> Report:
    """The report over every document."""
    return every_report()


BLIND = DATA / "qa_blind.tsv"
BLIND_2 = DATA / "qa_blind_2.tsv"  # held out until its misses were read (docs/qa.md)
BLIND_3 = DATA / "qa_blind_3.tsv"  # the checks of kb/qa/checks/style.py were shaped on it
BLIND_4 = DATA / "qa_blind_4.tsv"  # held out, written after the checks were; misses read
BLIND_5 = DATA / "qa_blind_5.tsv"  # held out; its misses read once measured (docs/qa.md)


def test_a_blind_reading_of_twelve_unused_laws(full: Report) -> None:
    """Recall on the reading of laws 11 25 26 29 31 32 43 57 62 68 72 85, written before the
    checks of issue 39 (docs/qa.md): 35 of 54 found, 30 of the 36 certain; 36 and 31 with
    an adverb a letter longer than the adjective meant (et 68 "loomulikult viisil"); 37 and
    32 with "at once" left out (tr 68C, the sixteenth round); 38 with a noun in the wrong case
    before its postposition (et 68B2 "teave suhtes", the eighteenth round); 40 and 33 with every
    unit printing a term's rarer form (the twentieth round)."""
    rows, found_rows, hits = recall(full, BLIND)
    certain = [r for r in rows if r[5] == "certain"]
    assert (counts(rows), counts(found_rows)) == ((54, 36), (42, 34))
    # Found since: a role traded for another (et 43B3 a defender for dummy, et 11A the
    # non-offending side for either side), endings that do not agree (et 31A "parempoolne
    # vastase"). The roles finding on et 43B3 also names that unit's probable clauses row.
    assert {("43.B.3", "et"), ("11.A", "et"), ("31.A", "et")} <= {(r[0], r[1]) for r in found_rows}
    # Still read by a person only: "with" for "without" a penalty (et 62C1), real words
    # misplaced (fi "hyötäneet", "kansakilpailijoita"). tr 68C's "or" clause is named by its
    # "at once" left out, et 62C1 by the unit's "mitteeksitud" (a term's rarer form), and tr
    # 32B2's role added (the offender's partner) by its "veya" for and, each by coincidence.
    missed = {(r[0], r[1]) for r in certain if (r[0], r[1]) not in hits}
    assert missed == {("43.B.3", "fi"), ("72.A", "fi")}


def test_a_second_blind_reading_held_out(full: Report) -> None:
    """Recall on a second reading (laws 10 13 22 35 44 46 53 58 65 67 69 82), written before
    it was measured and held out until its misses were read (docs/qa.md): 23 of 77 rows, 19
    of the 39 certain (8 and 5 before; 7 and 4 before the checks the third reading shaped);
    24 with grammar read by the analysers (et 67B3 "ebareeglipärasest toimingut"); 25 and 20
    with the book's quotation marks balanced (tr 46B5 “ ... ’’); 26 with an adverb for an
    adjective (et 13A1 "loomulikult viisil"); 31 and 23 with the tenth reading's rules (et
    13A2 "siis Kohtunik", fi 58B1 "enemmittä oikaisuita", tr 13D "dikkate alınmalıdır" for
    "may apply"; the terms rows of 13A2 and 13D by coincidence); 33 with "reeglina" before a
    law's number (et 35A, 69B); 35 with the twelfth reading's commas (fi 58B3 "vastustaja
    joka"; 65B3's meaning row by a comma before "mutta" on its unit); 36 with a lead-in
    ending in a word before items that begin sentences (fi 46B3 "ei väriä"); 37 and 24 with a
    noun in the wrong case before its postposition (et 44D "toiminguga eest", the eighteenth
    round); 38 with every unit printing a term's rarer form (the twentieth round)."""
    rows, found_rows, _ = recall(full, BLIND_2)
    assert (counts(rows), counts(found_rows)) == ((77, 39), (38, 24))
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
    # "kehtetus", the list's "kehtestus": the row says the heading inverts the sense), 13.A.2's
    # terms row (named by "siis Kohtunik").
    kinds = {"typo", "clauses", "modal", "meaning", "mechanics", "terms"}
    assert {r[2] for r in found_rows} == kinds


def test_a_third_blind_reading_the_style_checks_were_shaped_on(full: Report) -> None:
    """Recall on a third reading (laws 41 42 52 54 61 64 74 90), written before any finding
    on these laws was read, then used to shape the checks of kb/qa/checks/style.py and
    kb/qa/checks/compounds.py, an automatic effect as a clause and a should said as a must
    beside other forces: 28 of 68 found, 9 of the 17 certain (15 and 6 before them); 30
    and 10 with a bracket after a full stop begun in lower case (tr 41B, whose "sonra erer"
    row is found with it); 34 and 12 with grammar read by the analysers (et "vales käest" in
    41B's footnote, et 42B2 "ebareeglipärasest toimingut"; 41B's two other et rows by a
    finding on the same unit about another thing); 36 and 14 with a genitive before a finite
    verb (fi 64C2b "kilpailunjohtajan uskoo"; the unit's "revokeja" row by coincidence); 39
    with the twelfth reading's commas (fi 61A "59 § kun", tr 41A "alınabilir, (Bkz."; fi
    54E's meaning row by the comma on its unit)."""
    rows, found_rows, _ = recall(full, BLIND_3)
    assert (counts(rows), counts(found_rows)) == ((68, 17), (40, 14))
    # (since: a finding at each unit printing tr "Onikinci", `spelling.separate`)
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
    one (fi 48B2 "muulloin kun"); 17 and 13 with the Estonian forms Hunspell takes and
    Vabamorf cannot read (et 79A1 "kääle"); 18 with a reference without "laki" (fi
    30B1b(ii) "katso (s. 39) 23A §"); 19 with a lead-in without its colon (fi 30B1 "niin",
    that unit's meaning row by coincidence); 20 with a Finnish relative clause without its
    comma (fi 18C "Maalaus joka"); 21 with one not closed by its comma (fi 18D "Maalaus,
    joka ei ylitä ... maalausta on", the seventeenth round); 23 and 14 with a comma between
    the subject and its verb (et 18D "pakkumine, on"; its other row by coincidence); 24 with
    a list's last item ending with its sisters' semicolon (tr 71B, the eighteenth round; its
    footnote row, by coincidence)."""
    rows, found_rows, _ = recall(full, BLIND_4)
    assert (counts(rows), counts(found_rows)) == ((57, 18), (24, 14))
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
    word Hunspell lacks had named ("tsoonsused", now the profile's `spelling.known`); 28
    with a form Vabamorf cannot read on that row's line (et 87A "koopiade"), by coincidence;
    29 and 16 with "osutada" before a translative (et 14B4 "osutada mastisalgamiseks"); 30
    with a clause opening a sentence without its closing comma (et 14B1 "hulgast
    rakendub"); 31 with a heading's full stop the book's others lack (fi 38A); 32 with a
    section heading in lower case where the book capitalises each word (tr 14B "Fark
    edilirse"); 34 and 17 with "sonra" before "ermek" for "sona" (tr 66D, and its meaning
    row by coincidence), the twentieth round."""
    rows, found_rows, _ = recall(full, BLIND_5)
    assert (counts(rows), counts(found_rows)) == ((56, 18), (34, 17))
    found = {(r[0], r[1], r[2]) for r in found_rows}
    # fi 14 "PUUTTAVA", 38 "MAALAUUS", 60 "LAITTOAMAN": a heading and its contents entry.
    assert {("14", "fi", "typo"), ("38", "fi", "typo"), ("60", "fi", "typo")} <= found
    # fi 14B2, 14B3 "ja/ tai"; tr 87C "OyunuNda" (its "Bkz Yasa" row is on the same unit).
    assert {("14.B.2", "fi", "mechanics"), ("87.C", "tr", "mechanics")} <= found
    # Missed certain rows: et 38C's left-out condition. Found since, as words taken for like
    # ones (the profile's `grammar.confused`): et 14B4 "osutada" (to point at) for "osutuda"
    # (to turn out to be) before a translative, the eleventh reading's round; tr 66D "sonra"
    # (after) for "sona" (to an end) before "ermek", the twentieth's.
    missed = {(r[0], r[1]) for r in rows if r[5] == "certain" and r not in found_rows}
    assert missed == {("38.C", "et")}


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
    76C2), two of them by a finding on the same unit (fi 51B2b's and 86B2c's other rows);
    47 and 22 once text printed after a unit's children is read, all four by coincidence:
    law 2's four et rows, through "jaotusekarpil" after its table; 50 with the twelfth
    reading's commas (fi 5B "siitä että", 51B1a's footnote "tavalla katso"; 76C1's meaning
    row by a relative clause's comma on its unit); 52 and 23 with the thirteenth's misses
    (fi 86B3 "mutta jos ... puuttuu kilpailunjohtaja", 93B3 "Päätäessään" at a sentence's
    beginning); 53 and 24 with a term a letter apart (et 86B2b "eksitud pool" beside
    "eksinud pool", the eighteenth round); 54 and 25 with an attribute across an owner's
    pronoun (et 91A "millisel selle osalt"), the twentieth."""
    rows, found_rows, _ = recall(full, BLIND_6)
    assert (counts(rows), counts(found_rows)) == ((103, 37), (55, 26))
    # (since: a finding at each unit printing tr "Onikinci", `spelling.separate`)
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


BLIND_7 = DATA / "qa_blind_7.tsv"  # held out until measured; its misses read then


def test_a_seventh_blind_reading_held_out(full: Report) -> None:
    """Recall on a seventh reading (laws 11 20 34 45 48 55 64 69 77 78 81 82, drawn from laws
    earlier readings had read), written by two reviewers who saw no finding, no code and no
    earlier reading, committed after the grammar checks and before it was measured: 42 of
    101 rows, 19 of the 38 certain. Of them, the rows at a unit and book no earlier reading
    names: 16 of 57, 6 of 21 certain. Its misses were read then: with a genitive before a
    finite verb (fi 64C2b) and a word taken for a like one (fi 48B2 "muulloin kun"), 44 and
    21; 47 and 23 with the units printing a heading's misspelt word (et 45E1, 45E2
    "viidendana"; 45E2's modal row by coincidence). 57 and 29 with the next round's glued
    figures and apostrophes (fi 20F4a "75B2§", tr 81C "hakem’e", tr 77 "Yasa22", printed
    after law 77's tables): three rows found, seven by coincidence (20F4a's other row, and
    six of tr 77's, a law that is all tables). 60 and 31 with an adverb for an adjective (et
    45D2 "loomulikult viisil") and a form Vabamorf cannot read (et 81C7 "toimikonna"), 45D2's
    other row by coincidence; 61 with "reeglina 79C" on 69B (its terms row by coincidence);
    66 and 35 with a table named by the law it is printed in (`named`: et 77 "ületihhi",
    fi 77 "SITOUKSEN", each a row; three other rows of law 77 by coincidence); 68 and 36
    with "kun" for "kuin" a few words after "samoin" (fi 20F2) and "ilma" before a
    comitative (et 45C4b), the twentieth round."""
    rows, found_rows, _ = recall(full, BLIND_7)
    assert (counts(rows), counts(found_rows)) == ((101, 38), (69, 36))
    new = unnamed(rows, BLIND_7)
    # (16 and 6 held out; 19 and 8 with the rules its misses suggested; 29 and 14 with the
    # next round's, the ten rows above; 37 and 20 at the twentieth round's start, 39 and 21
    # with its rules; 40 with the twenty-fifth's: et 20F2 "peavad", `modal.open`)
    assert (counts(new), counts([r for r in found_rows if r in new])) == ((57, 21), (40, 21))
    found = {(r[0], r[1], r[2]) for r in found_rows if r[5] == "certain"}
    # et 48B1, 48B2 "vales käest" (the grammar checks, written before the reading); fi 48B2
    # "muulloin kun" and fi 64C2b "kilpailunjohtajan uskoo" (written from its misses).
    assert {("48.B.1", "et", "typo"), ("48.B.2", "fi", "typo"), ("64.C.2.b", "fi", "typo"),
            ("45.E.1", "et", "typo")} <= found  # fmt: skip


BLIND_8 = DATA / "qa_blind_8.tsv"  # held out until measured; its misses read then


def test_an_eighth_blind_reading_of_laws_no_reading_had_read(full: Report) -> None:
    """Recall on an eighth reading (laws 7 21 23 24 27 36 40 47 49 73 80 88, which no blind
    reading had read; issue 17's list names 18 rows in them), written by two reviewers who
    saw no finding, no code and no earlier reading, committed before it was measured: held
    out, 68 of 141 rows and 48 of the 66 certain (60 and 43 at their words); of its rows
    at a unit and book no earlier reading or list names, 43 of 116 and 29 of the 47
    certain (38 and 26 at their words). Its misses were read then: with a heading naming fewer
    things (fi 73), a sentence left out (et 80B1), words in capitals and a letter doubled
    (fi 27 "MAALAUUS"), unknown words sharing only a prefix (et 40B1b "mitteamusaadav"),
    a figure glued to a word (tr 47E1 "63A1geçerli") and a word in lower case in a title in
    capitals (tr 80 "ve"): 76 and 53 (68 and 48 at their words; 47E1's two other tr rows,
    on the same line, by coincidence); 70 and 50 at their words with the ninth reading's
    rule (et 23B "16c2", a section's letter in lower case); 79 and 55 (73 and 52) with the
    forms Vabamorf cannot read (et 40B5a and 40C1 "järeldest"; 40B5a's clauses row by
    coincidence); 80 with a reference without "laki" (fi 24B "katso (s. 88) 72C §"); 81
    with "reeglina 19" (et 36B1, as a rule, for "reegliga 19"); 83 with the twelfth reading's
    commas (et 47A "võtta, (kuid"; fi 27B4's meaning row by a comma before "ellei"), 58 and
    36 of the new rows; 84 with a prohibition said as "should not" in a text the books split
    into sentences differently (et 47E1 "ei tohiks"), 59 and 36 of the new rows; 85 with
    "promptly" left out (et 21B1a, its meaning row); 87 and 56 with a genitive pronoun
    between two words that agree (et 80A1c "kõigil teiste turniiridel") and a noun in the
    wrong case before its postposition (et 49 "tihis suhtes", its meaning row), the eighteenth
    round: 62 and 37 of the new rows; 88 with every unit printing a term's rarer form (the
    twentieth round)."""
    rows, found_rows, _ = recall(full, BLIND_8)
    assert (counts(rows), counts(found_rows)) == ((141, 66), (88, 56))
    new = unnamed(rows, BLIND_8)
    # (43 and 29 held out, at the unit)
    assert (counts(new), counts([r for r in found_rows if r in new])) == ((116, 47), (63, 37))
    found = {(r[0], r[1], r[2]) for r in at_the_words(full, rows) if r[5] == "certain"}
    assert {("73", "fi", "headings"), ("80.B.1", "et", "missing"), ("27", "fi", "typo"),
            ("40.B.1.b", "et", "typo"), ("47.E.1", "tr", "mechanics")} <= found  # fmt: skip


BLIND_9 = DATA / "qa_blind_9.tsv"  # held out until measured; its misses read then


def test_a_ninth_blind_reading_of_the_laws_left_unread(full: Report) -> None:
    """Recall on a ninth reading (laws 1 3 4 6 9 12 15 16 17 37 50 52 70 75, every law no
    blind reading had read), written by two reviewers who saw no finding, no code and no
    earlier reading, after this round's rules were committed, and committed before it was
    measured: held out, 69 of 168 rows and 35 of the 47 certain (56 and 34 at their words),
    where the report before this round found 67 and 33 (54 and 32): its new rules found tr
    15's title without "or hand" (`headings.fewer`), and tr 75B3's "düzelmek" row counts by a
    finding on its line ("pas’tan"). Of its rows at a unit and book no earlier reading or
    list names, 43 of 141 and 20 of the 32 certain (32 and 20 at their words). Its misses
    were read then: with a section's letter in lower case in a reference (et 75D3 "d2"),
    70 and 36 (57 and 35 at their words; 44 and 21 of the new rows); 72 and 36 with an
    adverb for an adjective (et 17D3 "loomulikult viisil"; the unit's meaning row by
    coincidence); 73 with a reference without "laki" (fi 52A "kuten (s. 65) 50 §"); 75 with a
    lead-in without its colon (fi 12C1e "niin"; both rows on that unit by coincidence); 76
    with a name in lower case the book capitalises (fi 1B "Säännöistä vastaava liitto"); 81
    with the twelfth reading's commas (fi 37 "TARJOUS JOKA", tr 75A and et 50 a comma before
    a bracket; 12C1b's modal row and 75A's other tr row by coincidence), 55 and 21 of the
    new rows; 84 with a code without its "§" (fi 15A2c, 15A4; 15B's meaning row by
    coincidence), 58 and 21 of the new rows; 85 and 37 with a capital the book prints in
    lower case twenty times as often (et 9B1a "kutsuda Kohtunik", whose modal row counts by
    coincidence), 59 and 22 of the new rows; 87 with a capital after a sentence's first word
    (et 12C1b "Kui Kohtunik", whose meaning and modal rows count by coincidence), 61 and 22
    of the new rows; 88 with a final full stop missing after a bracket (tr 75C; its modal
    row by coincidence), 62 and 22 of the new rows; 89 with a term a letter apart (et 50E4
    "mitteeksitud pool" beside "mitteeksinud pool", the eighteenth round), 63 and 22 of the
    new rows; 90 with every unit printing a term's rarer form (the twentieth round)."""
    rows, found_rows, _ = recall(full, BLIND_9)
    assert (counts(rows), counts(found_rows)) == ((168, 47), (93, 37))
    new = unnamed(rows, BLIND_9)
    # (since: fi 6C "tulee olla" and 12C3 "ei ... saa", said as shall where et says should,
    # `modal.open`; 12C3's clause row by coincidence)
    assert (counts(new), counts([r for r in found_rows if r in new])) == ((141, 32), (67, 22))
    found = {(r[0], r[1], r[2]) for r in at_the_words(full, rows) if r[5] == "certain"}
    assert {("15", "tr", "headings"), ("75.D.3", "et", "mechanics")} <= found


BLIND_10 = DATA / "qa_blind_10.tsv"  # held out until measured; its misses read then


def test_a_tenth_blind_reading_of_laws_one_early_reading_had_read(full: Report) -> None:
    """Recall on a tenth reading (laws 13 18 22 25 26 29 30 33 56 59 62 71, which the first,
    second and fourth readings had read once), written by two reviewers who saw no finding,
    no code and no earlier reading, while this round's first rules were built, and committed
    before it was measured: held out, 29 of 78 rows and 17 of the 27 certain (27 and 16 at
    their words); the report of the round's start found 28 and 16, the rules written before
    it was measured one more (et 13A1 "loomulikult viisil"). Of its rows at a unit and book no
    earlier reading names, 1 of 22 (of 5 certain): et's missing 30B2. Its misses were read
    then: with a capital the same sentence prints in lower case (et 13A2 "siis Kohtunik"), a
    reference without "laki" (fi 30B1b(ii)), an abessive deciding its noun's case (fi 62B2
    "enemmittä oikaisuilla") and "must be applied" where the others say a law may apply (tr
    13D "dikkate alınmalıdır"), 35 and 20 (33 and 19 at their words; the terms rows of 13A2
    and 13D by coincidence); 38 and 20 with the eleventh reading's rules (lead-ins without
    their colon: et 13A, tr 22; fi 30B1's meaning row by coincidence); 40 and 21 with a
    comma between the subject and its verb (et 18D "pakkumine, on", the seventeenth round;
    its other row by coincidence); 42 with a list's last item ending with its sisters'
    semicolon (tr 71B "terk etmişse;", the eighteenth round; its footnote row by
    coincidence); 46 and 22 with every unit printing a term's rarer form (the twentieth round)."""
    rows, found_rows, _ = recall(full, BLIND_10)
    assert (counts(rows), counts(found_rows)) == ((78, 27), (50, 23))
    # (since: a finding at each unit printing tr "Onikinci", `spelling.separate`)
    new = unnamed(rows, BLIND_10)
    # (and tr 29B "30, 31 ve 32", `clauses.joined`)
    assert (counts(new), counts([r for r in found_rows if r in new])) == ((22, 5), (8, 2))
    found = {(r[0], r[1], r[2]) for r in at_the_words(full, rows) if r[5] == "certain"}
    assert {
        ("13.A.1", "et", "typo"),
        ("13.A.2", "et", "mechanics"),
        ("62.B.2", "fi", "typo"),
        ("13.D", "tr", "modal"),
    } <= found
    # Missed certain rows: a subject in the genitive (et 25A2 "üksikpakkumise langes"), a
    # case in brackets (et 29C "(või -nimede)"), a call for a bid (et 22A), a penalty's
    # "with" for "without" (et 62C1, named since by the unit's "mitteeksitud", by
    # coincidence), and a hyphen the parser joins as a line break's (et 62B2 "välja-mängija",
    # read from the source file, not from the knowledge base's text). et 18D's comma is found
    # since, and tr 26B's capital after a bracket.
    missed = {(r[0], r[1]) for r in rows if r[5] == "certain" and r not in found_rows}
    assert len(missed) == 4 and ("62.B.2", "et") in missed and ("18.D", "et") not in missed
    assert ("26.B", "tr") not in missed


BLIND_11 = DATA / "qa_blind_11.tsv"  # held out until measured; its misses read then


def test_an_eleventh_blind_reading_of_laws_the_first_readings_had_read(full: Report) -> None:
    """Recall on an eleventh reading (laws 10 31 32 35 43 44 46 53 57 58 65 67, which the first
    or second reading alone had read), written by two reviewers who saw no finding, no code
    and no earlier reading, while the tenth reading's rules were built, and committed before
    it was measured: held out, 58 of 121 rows and 46 of the 66 certain (46 and 36 at their
    words); the report of the round's start found 57 and 45. Of its rows at a unit and book
    no earlier reading names, 10 of 37 and 6 of the 11 certain. Its misses were read then:
    with a word before the words that take another (et "reeglina 42", as a rule, for
    "reegliga 42", by Law 42; "osutada mastisalgamiseks") and a lead-in without its colon
    (fi 31B "niin"), 62 and 49 (50 and 39 at their words); 63 and 50 with a word in lower case
    the book capitalises twenty times as often (tr 67A2 "yasa 45E"); 69 and 53 with the
    twelfth's commas (fi 46B1b "tikin” katsotaan", 58B3 "vastustaja joka"; et 57D); 70
    with a code without its "§" (fi 32B1 "lakia (s. 31) 16C2"); 72 and 54 with a lead-in
    ending in a word or a comma before items that begin sentences (fi 46B3 "ei väriä", tr
    32A "çekilirse,"); 73 and 55 with a noun in the wrong case before its postposition (et
    44D "toiminguga eest", the eighteenth round); 74 with every unit printing a term's rarer
    form (the twentieth round)."""
    rows, found_rows, _ = recall(full, BLIND_11)
    assert (counts(rows), counts(found_rows)) == ((121, 66), (76, 56))
    new = unnamed(rows, BLIND_11)
    assert counts(new) == (37, 11)
    found = {(r[0], r[1], r[2]) for r in at_the_words(full, rows) if r[5] == "certain"}
    assert {("35.A", "et", "typo"), ("43", "et", "typo"), ("67.B.2.b", "et", "typo")} <= found
    # Missed certain rows: a role (tr 32B2), a sentence left out (tr 43B3),
    # words in the wrong form the analysers read as sound (fi "hyötäneet", "mainitseman",
    # "vaatimuksen", "Tikkiä", "seuraavaa"; et "toiminguga eest"; tr "lövenin"), et "kõik"
    # for "käik" in 53C's text, "ovat" left out (fi 67B).
    missed = {(r[0], r[1]) for r in rows if r[5] == "certain" and r not in found_rows}
    assert ("53.C", "et") in missed
    assert ("32.B.2", "tr") not in missed  # ("A2(a) veya A2(b)", or for and: found since)
    assert ("46.B.3", "fi") not in missed  # (a colon before items, found since)


BLIND_12 = DATA / "qa_blind_12.tsv"  # held out until measured; its misses read then


def test_a_twelfth_blind_reading_of_laws_the_early_readings_had_read(full: Report) -> None:
    """Recall on a twelfth reading (law 3, which no reading had read, and 14 19 28 41 42 54
    61 74 84 87 90, which the third or fifth reading alone had read), written by two
    reviewers who saw no finding, no code and no earlier reading, and committed before it
    was measured: held out, the report of the round's start found 41 of its 90 rows and 23
    of the 31 certain (36 and 23 at their words); with the first rule of the round, a clause
    opening a sentence without its closing comma (built while the reading was written),
    44 and 24 (39 and 24). Its misses were read then: with a Finnish clause within a
    sentence without the comma before it and a comma before a bracket, 49 and 24. Only 11
    of its rows (1 certain) are at a unit and book no earlier reading names: 3 of them found
    (1 held out). 50 with a section heading in lower case where the book capitalises each
    word (tr 14B "Fark edilirse", the seventeenth round)."""
    rows, found_rows, _ = recall(full, BLIND_12)
    assert (counts(rows), counts(found_rows)) == ((90, 31), (50, 24))
    new = unnamed(rows, BLIND_12)
    assert (counts(new), counts([r for r in new if r in found_rows])) == ((11, 1), (3, 1))
    found = {(r[0], r[1], r[2]) for r in at_the_words(full, rows) if r[5] == "certain"}
    assert {("54.E", "fi", "mechanics"), ("87.C", "tr", "mechanics")} <= found
    # Missed certain rows: a case the analysers do not read (tr 19B2 "sayısını veya türü",
    # fi 84A "käyttää harkintavaltansa" after a negation), a footnote left out (fi 41B), a
    # meaning changed (et 54C "on näinud", has seen, for could have seen), a term used for
    # another (et 61B3 "ebareeglipärase teabe"), a postposition after a case it does not
    # take (tr 87B "şekilde göre"), a suffix written apart (tr 90B7 "davranışlar da").
    missed = {(r[0], r[1]) for r in rows if r[5] == "certain" and r not in found_rows}
    assert len(missed) == 7 and ("41.B", "fi") in missed
