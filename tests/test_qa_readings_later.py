"""The translators' report measured on the thirteenth and later blind readings, and the
figures over every reading: at their words and at their unit (`AT_THE_WORDS`), and judged
(`JUDGED`). See tests/test_qa_readings.py and tests/helpers/readings.py.
"""

from __future__ import annotations

import pytest

from kb.qa import Report
from tests.helpers.readings import (
    DATA,
    at_the_words,
    counts,
    every_report,
    judged,
    readings,
    recall,
    unnamed,
)


@pytest.fixture(scope="module")
def full() -> Report:
    """The report over every document."""
    return every_report()


BLIND_13 = DATA / "qa_blind_13.tsv"  # held out until measured; its misses read then


def test_a_thirteenth_blind_reading_after_the_rounds_rules(full: Report) -> None:
    """Recall on a thirteenth reading (laws 2 5 8 20 39 45 51 63 76 81 86 93, which the sixth
    or seventh reading alone had read), written by two reviewers who saw no finding, no
    code and no earlier reading, after this round's rules were committed, and committed
    before it was measured: held out, 76 of its 136 rows (56 %) and 47 of the 60 certain
    (78 %), 56 and 37 at their words; the report of the round's start found 71 and 47 (52
    and 37). Of its rows at a unit and book no earlier reading names, 25 (2 certain): 5 and
    1 held out (2 and 1 at the round's start). Its misses were read then: with a clause
    after "mutta" without its closing comma (fi 86B3) and a misspelling at a sentence's
    beginning (fi 93B3 "Päätäessään"), 78 and 48; with a list item without the full stop its
    sisters end with (tr 81C1), 79 and 49 (6 and 2 of the new rows); 80 with a section
    heading in lower case where the book capitalises each word (tr 8C, the seventeenth
    round; 7 and 2 of the new rows); 81 with a term a letter apart (et 86B2b "eksitud pool"
    beside "eksinud pool", the eighteenth round); 85 and 51 with "kun" for "kuin" a few
    words after "samoin" (fi 20F2) and "ilma" before a comitative (et 45C4b), the
    twentieth."""
    rows, found_rows, _ = recall(full, BLIND_13)
    assert (counts(rows), counts(found_rows)) == ((136, 60), (88, 53))
    # (since: a finding at each unit printing tr "Onikinci", `spelling.separate`)
    new = unnamed(rows, BLIND_13)
    assert (counts(new), counts([r for r in new if r in found_rows])) == ((25, 2), (7, 2))
    found = {(r[0], r[1], r[2]) for r in at_the_words(full, rows) if r[5] == "certain"}
    assert {("93.B.3", "fi", "typo"), ("8.B", "et", "mechanics")} <= found
    # Missed certain rows: a misspelt compound Voikko reads ("peliviejäpuolen", 39B), a
    # passive for an active (tr 45E2), a possessive doubled (tr 76A2 "yayınının"), a capital
    # in a bracket (tr 63B), clauses left out (fi 63A4, 86B2, 93B2), a plural predicative (fi
    # 93C3a), a should said as a shall (et 20F2). An item's final stop (tr 81C1), "kun" for
    # "kuin" two words after "samoin" (fi 20F2), "ilma" with the comitative (et 45C4b) and tr
    # 63B (by its "Onikinci") are found since.
    missed = {(r[0], r[1]) for r in rows if r[5] == "certain" and r not in found_rows}
    assert len(missed) == 7  # (et 20F2 "peavad" where fi says should: found since)
    assert not {("20.F.2", "fi"), ("20.F.2", "et"), ("45.C.4.b", "et"), ("81.C.1", "tr")} & missed


BLIND_14 = DATA / "qa_blind_14.tsv"  # held out until measured; its misses read then


def test_a_fourteenth_blind_reading_after_the_thirteenths_rules(full: Report) -> None:
    """Recall on a fourteenth reading (laws 1 4 6 9 12 15 16 17 37 50 52 70, which the ninth
    reading alone had read), written by two reviewers who saw no finding, no code and no
    earlier reading, after every other rule of the round was committed, and committed
    before it was measured: held out, 78 of its 170 rows (46 %) and 49 of the 70 certain
    (70 %), 64 and 42 at their words; the report of the round's start found 72 and 47. Of
    its rows at a unit and book no earlier reading names, 41 (7 certain): 12 and 5. Its
    misses were read then: with a capital the book prints in lower case twenty times as
    often (et 9B1a "kutsuda Kohtunik"), 80 and 51; with one after a sentence's first word
    (et 12C1b "Kui Kohtunik"; the unit's modal row by coincidence), 82 and 52; 83 with a term
    a letter apart (et 50E4 "mitteeksitud pool" beside "mitteeksinud pool", the eighteenth
    round); 85 and 53 with every unit printing a term's rarer form (the twentieth round)."""
    rows, found_rows, _ = recall(full, BLIND_14)
    assert (counts(rows), counts(found_rows)) == ((170, 70), (88, 54))
    new = unnamed(rows, BLIND_14)
    assert (counts(new), counts([r for r in new if r in found_rows])) == ((41, 7), (14, 5))
    found = {(r[0], r[1], r[2]) for r in at_the_words(full, rows) if r[5] == "certain"}
    assert {("9.B.1.a", "et", "mechanics"), ("70.D.1", "et", "modal")} <= found
    # Missed certain rows, most of them rows the ninth reading wrote too: et law 1's title
    # (its section A's), a meaning changed (tr 1C an axis for a centre of symmetry, et 6D1
    # the auction for the deal), a may for an award (et 12A2, tr 12C2a), a word taken for
    # another (et 16A1c "kuulavas", tr 16C2 "bilgin"). A capital after a sentence-initial
    # word (et 12C1b "Kui Kohtunik") is found since, and et 16D2d "tehniliku" (for
    # "tehisliku") by the full concordance of the term's two forms.
    # et 9B1a "tuleb tingimata" (shall) where fi says should is found since (`modal.open`).
    missed = {(r[0], r[1]) for r in rows if r[5] == "certain" and r not in found_rows}
    assert len(missed) == 15 and ("1", "et") in missed and ("16.D.2.d", "et") not in missed
    assert ("9.B.1.a", "et") not in missed


BLIND_15 = DATA / "qa_blind_15.tsv"  # held out until measured; its misses read then


def test_a_fifteenth_blind_reading_after_this_rounds_rules(full: Report) -> None:
    """Recall on a fifteenth reading (laws 11 21 23 24 27 47 64 68 72 73 75 79, some units of
    which the first, third, fourth and seventh to ninth readings had named), written by two
    reviewers who saw no finding, no code and no earlier reading, after the round's rules
    (a capital after a sentence's first word, list items' full stops, lead-ins' colons)
    were committed, and committed before it was measured: held out, 97 of its 164 rows
    (59 %) and 56 of the 72 certain (78 %), 92 and 54 at their words; the report of the
    round's start found the same. Of its rows at a unit and book no earlier reading names,
    24 (3 certain): 11 and 3. Its misses were read then: with a prohibition said as "should
    not" in a text the books split into sentences differently (et 47E1 "ei tohiks") and a
    final full stop missing after a bracket within the sentence (tr 75C "(ancak bkz. Yasa
    21B1(b))"; its modal row by coincidence), 100 and 58 (93 and 55 at their words); 103
    and 60 with the sixteenth round's "promptly" (et 21B1a, tr 68C: two certain rows and
    68C's other); 105 and 61 with a noun in the wrong case before its postposition (et 68B2
    "teave suhtes") and a term a letter apart (et 21B3 "eksitud pool"), the eighteenth round;
    108 with every unit printing a term's rarer form (the twentieth round)."""
    rows, found_rows, _ = recall(full, BLIND_15)
    assert (counts(rows), counts(found_rows)) == ((164, 72), (109, 61))
    # (since: a finding at each unit printing tr "Onikinci", `spelling.separate`)
    new = unnamed(rows, BLIND_15)
    assert (counts(new), counts([r for r in new if r in found_rows])) == ((24, 3), (13, 3))
    found = {(r[0], r[1], r[2]) for r in at_the_words(full, rows) if r[5] == "certain"}
    assert ("47.E.1", "et", "modal") in found
    # Missed certain rows: a meaning changed (tr 23A1 "aynı ve benzer", same and similar, for
    # same or similar; et 27C's condition reversed), a clause left out (et 73A2 "warning";
    # et 21B1a "promptly" and tr 68C "at once" are found since), words in a wrong form the
    # analysers read as sound (et 23A3 "sama eesmärgi", 75B3 "väär selgituse"; fi 68B1 "tulee
    # menettävänsä"; tr 73E2 "bilincinde alabilecek"; et 68B2 "teave suhtes" is found since),
    # fi 72A's compound split ("Pää tavoitteena") and a compound Voikko reads
    # ("kansakilpailijoita"), fi 73C1 "lainlyönnin" (two letters from "laiminlyönnin"), et
    # 75D2's "et" left out.
    missed = {(r[0], r[1]) for r in rows if r[5] == "certain" and r not in found_rows}
    assert len(missed) == 10 and ("23.A.1", "tr") in missed and ("68.C", "tr") not in missed
    assert ("68.B.2", "et") not in missed  # (found since: "teave suhtes")


BLIND_16 = DATA / "qa_blind_16.tsv"  # held out until measured; its misses read then


def test_a_sixteenth_blind_reading_of_the_laws_read_least(full: Report) -> None:
    """Recall on a sixteenth reading (laws 3 7 36 38 40 49 59 60 66 77 80 83 85 88 89 91 92,
    which one earlier reading or none had read), written by two reviewers who saw no
    finding, no code and no earlier reading, while the round's clause concepts were built,
    and committed after them and before it was measured: held out, 54 of its 108 rows (50
    %) and 33 of the 52 certain (63 %). Its misses were read then: the report had found two
    of them in law 77's tables (et "ületihhi", fi "SITOUKSEN"), whose findings stand at
    the table ("77.table.4"), a unit no reader can cite; with a table named by the unit it
    is printed in (`named`), 58 and 37 held out (54 %, 71 %), 57 and 37 at the round's
    start. With a heading's full stop the book's others lack (fi 38A "Pelaamista ei
    sallita."), 58 and 37: the round's "specifically" concept, since removed as noise,
    had found fi 91B's terms row by coincidence. Of its rows at a unit and book no earlier
    reading names, 11 (3 certain): 5 and 2. 61 and 39 with a noun in the wrong case before
    its postposition (et 49 "tihis suhtes", both its rows) and a genitive pronoun between two
    words that agree (et 80A1c "kõigil teiste turniiridel"), the eighteenth round; 65 and
    41 with "sonra" for "sona" (tr 66D) and an attribute across an owner's pronoun (et 91A
    "millisel selle osalt"), each with its unit's other rows by coincidence, the
    twentieth."""
    rows, found_rows, _ = recall(full, BLIND_16)
    assert (counts(rows), counts(found_rows)) == ((108, 52), (65, 41))
    new = unnamed(rows, BLIND_16)
    assert (counts(new), counts([r for r in new if r in found_rows])) == ((11, 3), (5, 2))
    found = {(r[0], r[1], r[2]) for r in found_rows if r[5] == "certain"}
    assert {("77", "et", "typo"), ("77", "fi", "typo")} <= found
    assert ("38.A", "fi", "mechanics") in {(r[0], r[1], r[2]) for r in found_rows}
    # Missed certain rows: meaning changed (et 40B2a(v) "keelustada", prohibit, for
    # restrict; 40B2b declarer alone for the declaring side; 77 "ületav", exceeding, for "or
    # more"), clauses left out (tr 40A1b "before commencing play", et 38C "if it has not
    # ended"), words in a wrong form the analysers read as sound (fi 40B3a "saaman", 85A1
    # "ottamaan"; et 92D1 "on ... olema"; tr 80B1 "kullandırılabilir"; et 49 "tihis
    # suhtes", 80A1c "teiste turniiridel" and 91A "millisel selle osalt" are found since),
    # et 40A2's stray comma, et 85A1's "peaks" for shall, tr 38D's heading; tr 66D "sonra"
    # for "sona" is found since.
    missed = {(r[0], r[1]) for r in rows if r[5] == "certain" and r not in found_rows}
    assert len(missed) == 11 and ("40.A.1.b", "tr") in missed


BLIND_17 = DATA / "qa_blind_17.tsv"  # held out until measured; its misses read then


def test_a_seventeenth_blind_reading_after_the_rounds_first_rules(full: Report) -> None:
    """Recall on a seventeenth reading (laws 2 4 5 8 10 13 18 19 22 25 28 30 33 34 35 39 41
    42, each of which two earlier readings had read), written by two reviewers who saw no
    finding, no code and no earlier reading, after the round's first rules were committed,
    and committed before it was measured: held out, 56 of its 106 rows (53 %) and 37 of
    the 50 certain (74 %), 48 and 32 at their words; the same at the round's start. Of its
    rows at a unit and book no earlier reading names, 11 (none certain): 2 (3 after its
    misses). Its misses were
    read then: with a Finnish relative clause after a comma not closed by one before its
    main clause (fi 13A, 13B, 18D "Maalaus, joka ei ylitä ... maalausta on"), 59 and 37
    (51 and 32 at their words); with a comma between the subject and its verb (et 18D
    "pakkumine, on"; its meaning row by coincidence), 61 and 38 (53 and 33); with a section
    heading in lower case where the book capitalises each word (tr 8C "Son turun bitişi"),
    62 and 38 (54 and 33); 61 once tr 22B's "oynanmaksızın" (without being played), a sound
    word, is no longer read as a misspelling: its unit's mechanics row had counted by
    coincidence; 65 and 39 with every unit printing a term's rarer form (the twentieth round)."""
    rows, found_rows, _ = recall(full, BLIND_17)
    assert (counts(rows), counts(found_rows)) == ((106, 50), (65, 39))
    new = unnamed(rows, BLIND_17)
    assert (counts(new), counts([r for r in new if r in found_rows])) == ((11, 0), (3, 0))
    # Missed certain rows: words the dictionaries know in a wrong place or form (fi 8B
    # "päätyminen" for "päättyminen", 10C3 "vaihtoehtoista", 39B "peliviejäpuolen", 41C
    # "liian myöhästä"; et 25A2's subject in the genitive, 25A6 "esialgse
    # üksikpakkumisele"; tr 19B2 "türü"), a meaning narrowed (tr 13A2
    # an opponent's cards for another player's; et 22A a call for a bid), fi 41B's footnote
    # left out, and fi 13A1, 13A2's hyphens inside words, which the parser joins as the PDF's
    # line-break hyphens (the served text reads "kuuluvaa"). et 25A6 is named since by the
    # unit's "eksitud" (a term's rarer form), by coincidence.
    missed = {(r[0], r[1]) for r in rows if r[5] == "certain" and r not in found_rows}
    assert len(missed) == 11 and {("8.B", "fi"), ("13.A.1", "fi")} <= missed
    assert ("18.D", "et") not in missed  # (a comma between the subject and its verb, since)


BLIND_18 = DATA / "qa_blind_18.tsv"  # held out until measured; its misses read then


def test_an_eighteenth_blind_reading_while_the_rounds_first_rules_were_built(
    full: Report,
) -> None:
    """Recall on an eighteenth reading (laws 26 29 31 32 43 44 46 53 56 57 58 62 65 67 69 71
    85, which one or two earlier readings had read), written by two reviewers who saw no
    finding, no code and no earlier reading, while the round's first rules (a noun in the
    wrong case before its postposition, a genitive pronoun between two words that agree)
    were built, and committed before it was measured: held out, 83 of its 146 rows (57 %)
    and 61 of the 84 certain (73 %), 73 and 53 at their words; the same at the round's
    start. Of its rows at a unit and book no earlier reading names, 11 (2 certain): 2 and 1
    (3 and 1 after its misses).
    Its misses were read then: with "eest" among the postpositions that take the genitive
    (et 44D "toiminguga eest"), 84 and 62 (74 and 54 at their words); 87 with a list's last
    item ending with its sisters' semicolon where the others end it with a full stop (tr
    69B2 "anlaşmışsa;", 71B "terk etmişse;"; 71B's footnote row by coincidence); 91 and 63 with
    every unit printing a term's rarer form (the twentieth round)."""
    rows, found_rows, _ = recall(full, BLIND_18)
    assert (counts(rows), counts(found_rows)) == ((146, 84), (99, 67))
    # (since: a finding at each unit printing tr "Onikinci", `spelling.separate`)
    new = unnamed(rows, BLIND_18)
    assert (counts(new), counts([r for r in new if r in found_rows])) == ((11, 2), (5, 2))
    assert ("44.D", "et", "typo") in {(r[0], r[1], r[2]) for r in found_rows}
    # Missed certain rows: words the dictionaries know in a wrong form or place (fi 43B3
    # "hyötäneet", 44C "vaatimuksen" after a plural, 46B3b "mainitseman", 65B "Tikkiä", 67B
    # "seuraavaa tikkiin", 71B's footnote reprinted with "huolimaton", 85A1 "ottamaan"; et
    # 53C "kõik" for "käik", 67A1 "sellese", 69B2 "tõenäoselt"; tr 67B2a "lövenin"), headings
    # without their verb (fi 67B, 85B), a meaning changed (tr 32B2 the offender's partner for
    # the offender; et 62C1 "karistusega", with a penalty, for without; et 57C's heading),
    # tr 26B's heading of 2007, a capital after a bracket (tr 26B), tr 62D1's stray commas,
    # a may not for a should not (tr 65D), a should for a shall (et 85A1), and et 62B2's
    # hyphen inside "välja-mängija", which the parser joins as a line-break hyphen. et 62C1
    # is named since by the unit's "mitteeksitud", tr 62D1 by its "Onikinci", by coincidence.
    missed = {(r[0], r[1]) for r in rows if r[5] == "certain" and r not in found_rows}
    # tr 26B "(atak dahil) Kusurlu" and 32B2 "veya" are found since.
    assert len(missed) == 16 and ("67.B", "fi") in missed  # (18 rows)


BLIND_19 = DATA / "qa_blind_19.tsv"  # held out until measured


def test_a_nineteenth_blind_reading_after_every_rule_of_the_round(full: Report) -> None:
    """Recall on a nineteenth reading (laws 14 20 37 45 48 51 54 55 61 63 74 76 78 81 84 86
    90, each of which two earlier readings had read), written by two reviewers who saw no
    finding, no code and no earlier reading, after every rule of the round was committed,
    and committed before it was measured: held out, 92 of its 152 rows (60.5 %) and 55 of
    the 70 certain (78.6 %), 80 and 50 at their words (53 %, 71 %); the report of the
    round's start found 89 and 55 (79 and 50). The round's terms rule names et 86B2b
    ("eksitud pool"), whose "mitteeksitud/eksitud" row it finds and whose two other rows
    count by coincidence: without them, 90 (59 %). Of its rows at a unit and book no
    earlier reading names, 4 (none certain): none found. Since, with "kun" for "kuin" a few
    words after "samoin" (fi 20F2) and "ilma" before a comitative (et 45C4b), rules from the
    thirteenth's misses, 95 and 57 (83 and 52 at their words)."""
    rows, found_rows, _ = recall(full, BLIND_19)
    assert (counts(rows), counts(found_rows)) == ((152, 70), (98, 59))
    # (since: a finding at each unit printing tr "Onikinci", `spelling.separate`)
    new = unnamed(rows, BLIND_19)
    assert (counts(new), counts([r for r in new if r in found_rows])) == ((4, 0), (0, 0))
    assert ("86.B.2.b", "et", "terms") in {(r[0], r[1], r[2]) for r in found_rows}
    # Missed certain rows: a should said as shall (et 20F2), words in a wrong form the
    # analysers read as sound (et 90A "toovad" after a singular; fi 48A "Pelinviejiin", 84A
    # "harkintavaltansa"; tr 45E2 a passive, 76A2 "yayınının", 90B7 "davranışlar da"), a
    # meaning changed (et 54C "has seen" for "could have seen"), a wrong reference et prints
    # too (tr 63B "62C3"), a noun left out (et 78D), et 51B2c printed inside law 52, and et
    # 81B, 81C's numbers printed as bullets. Found since: fi 20F2 "kun", et 45C4b "ilma".
    missed = {(r[0], r[1]) for r in rows if r[5] == "certain" and r not in found_rows}
    assert len(missed) == 11 and ("81.C", "et") in missed and ("20.F.2", "fi") not in missed
    assert ("20.F.2", "et") not in missed  # ("peavad" where fi says should: found since)


BLIND_20 = DATA / "qa_blind_20.tsv"  # held out until measured; its misses read then


def test_a_twentieth_blind_reading_of_the_laws_read_least(full: Report) -> None:
    """Recall on a twentieth reading (laws 3 38 52 59 60 66 68 72 79 82 83 87 88 89 91 92 93,
    the seventeen earlier readings had read least), written by two reviewers who saw no
    finding, no code and no earlier reading, while the round's first rules were built (from
    earlier readings' misses), and committed after them and before it was measured: held
    out, 42 of its 100 rows (42 %) and 17 of the 27 certain (63 %), 35 and 17 at their
    words; 73 of its rows are probable, most of them meaning, terms and headings. Its misses
    were read then: with "sonra" before "ermek" for "sona" (tr 66D, with its meaning row by
    coincidence), an attribute across an owner's pronoun (et 91A "millisel selle osalt",
    with its terms row) and an indirect question's comma (fi 93C1 "vahvistaa miten"), 47
    and 19 (40 and 19 at their words). Of its rows at a unit and book no earlier reading
    names, 13 (1 certain): 2 and 1 held out, 3 and 1 since."""
    rows, found_rows, _ = recall(full, BLIND_20)
    assert (counts(rows), counts(found_rows)) == ((100, 27), (47, 19))
    new = unnamed(rows, BLIND_20)
    assert (counts(new), counts([r for r in new if r in found_rows])) == ((13, 1), (3, 1))
    found = {(r[0], r[1], r[2]) for r in found_rows if r[5] == "certain"}
    assert {("66.D", "tr", "typo"), ("91.A", "et", "typo"), ("38", "fi", "typo")} <= found
    # Missed certain rows: words in a wrong form the dictionaries and analysers read as
    # sound (fi 68B1 "tulee menettävänsä", 72A "kansakilpailijoita" for "kanssa-", 93C3a
    # "ratkaisevan tärkeitä"; tr 82A "sağlanmak" for "sağlamak"; et 83 "tõenäoselt", 92D1
    # "on ... olema"), a compound split (fi 72A "Pää tavoitteena"), two postpositions
    # together (tr 87B "şekilde göre").
    missed = {(r[0], r[1]) for r in rows if r[5] == "certain" and r not in found_rows}
    assert len(missed) == 7 and ("72.A", "fi") in missed  # (8 rows)


BLIND_21 = DATA / "qa_blind_21.tsv"  # held out until measured; its misses read then


def test_a_twenty_first_blind_reading_after_every_rule_of_the_round(full: Report) -> None:
    """Recall on a twenty-first reading (laws 1 6 9 11 12 15 16 17 21 23 24 27 47 50 64 70
    73 75, none of which the readings of the last five rounds had read), written by two
    reviewers who saw no finding, no code and no earlier reading, and committed after every
    rule of the round and before it was measured: held out, 136 of its 229 rows (59.4 %)
    and 77 of the 101 certain (76.2 %), 123 and 72 at their words (53.7 %, 71.3 %). Its
    misses were read then: with every unit printing a term's rarer form in the concordance
    (et "mitteeksitud" at 12A1 and 21B2, "eksitud" at 27A1, "tehniliku" at 16D2d), 140 and
    78 (127 and 73 at their words). Of its rows at a unit and book no earlier reading names,
    4 (none certain): none found."""
    rows, found_rows, _ = recall(full, BLIND_21)
    assert (counts(rows), counts(found_rows)) == ((229, 101), (145, 79))
    # (since: a finding at each unit printing tr "Onikinci", `spelling.separate`)
    new = unnamed(rows, BLIND_21)
    assert (counts(new), counts([r for r in new if r in found_rows])) == ((4, 0), (0, 0))
    found = {(r[0], r[1], r[2]) for r in found_rows}
    assert {("16.D.2.d", "et", "typo"), ("12.A.1", "et", "terms")} <= found
    # Missed certain rows: six hyphens the PDF's line breaks left inside words (fi 12C3
    # "menette-lytaparangaistusta", 12C4, 21B1a, 21B2, 21B3; et 16B3 "valiku- võimalus"),
    # which the fi guide names conversion noise and the site joins; words the dictionaries
    # know in a wrong form or place (et 16A1c "kuulavas", 16B2, 23A3, 75B3 "väär selgituse";
    # tr 16C1, 16C2 "bilgin", 73E2 "alabilecek"; fi 17D "päätyminen"), a may for an award
    # (et 12A2, tr 12C2a), a meaning changed (et 1's title, 6D1, 27C; tr 23A1 "aynı ve"; fi
    # 23B), a footnote's number (tr 6D2 "11" for 1) and a conjunction left out (et 75D2).
    missed = {(r[0], r[1]) for r in rows if r[5] == "certain" and r not in found_rows}
    # fi 12C3's hyphen is named since by a modal finding at the unit, by coincidence.
    assert len(missed) == 22 and {("12.C.4", "fi"), ("16.B.3", "et")} <= missed


BLIND_22 = DATA / "qa_blind_22.tsv"  # held out until measured; its misses read then


def test_a_twenty_second_blind_reading_of_laws_read_four_rounds_ago(full: Report) -> None:
    """Recall on a twenty-second reading (laws 2 4 5 7 8 10 13 18 19 22 25 28 30 35 36 40 41
    42, none of which the readings of the last four rounds had read), written by two
    reviewers who saw no finding, no code and no earlier reading, told (as the guides say)
    that a hyphen a PDF line break left inside a word is the conversion's, and committed
    after every rule of the round and before it was measured: held out, 88 of its 139 rows
    (63.3 %) and 49 of the 63 certain (77.8 %), 77 and 46 at their words (55.4 %, 73.0 %).
    Of its rows at a unit and book no earlier reading names, 6 (2 certain): 3 and 2 found."""
    rows, found_rows, _ = recall(full, BLIND_22)
    assert (counts(rows), counts(found_rows)) == ((139, 63), (88, 49))
    new = unnamed(rows, BLIND_22)
    assert (counts(new), counts([r for r in new if r in found_rows])) == ((6, 2), (3, 2))
    found = {(r[0], r[1], r[2]) for r in found_rows if r[5] == "certain"}
    assert {("2", "et", "typo"), ("19.D", "fi", "typo"), ("42.B.2", "et", "typo")} <= found
    # Missed certain rows: words the dictionaries know in a wrong form or sense (fi 8A, 8A1
    # "brikkujen" for "brikkojen", 40B3a "saaman" for "saamaan", 41C "myöhästä" for
    # "myöhäistä"; et 25A1 "kavatselud", 25A2 a subject in the genitive; tr 19B2 "türü" for
    # "türünü"), a meaning or force changed (tr 13A2 an opponent's card for another
    # player's, 40A1b the time left out; et 13D a may made a shall, 22A, 40B2b declarer
    # alone for his side) and a stray comma (et 40A2 "ainult,"), a footnote left out (fi 41B).
    missed = {(r[0], r[1]) for r in rows if r[5] == "certain" and r not in found_rows}
    assert len(missed) == 14 and {("8.A", "fi"), ("41.B", "fi")} <= missed


BLIND_23 = DATA / "qa_blind_23.tsv"  # held out until measured; its misses read then


def test_a_twenty_third_blind_reading_with_no_rule_changed_since_the_last(full: Report) -> None:
    """Recall on a twenty-third reading (laws 26 29 31 32 33 34 39 43 44 46 49 53 56 57 58 62
    65 67, none of which the readings of the last four rounds had read), written by two
    reviewers with the twenty-second's brief after it was measured, no rule changed since,
    and committed before it was measured: held out, 100 of its 162 rows (61.7 %) and 65 of
    the 84 certain (77.4 %), 84 and 53 at their words (51.9 %, 63.1 %). Its misses were read
    then: with Turkish numbers written as one word (tr 62D, 62D1, 62D2 "Onikinci", the rule
    `spelling.separate`), 103 and 68 (87 and 56 at their words). Of its rows at a unit and
    book no earlier reading names, 6 (2 certain): none found held out, 1 certain since."""
    rows, found_rows, _ = recall(full, BLIND_23)
    assert (counts(rows), counts(found_rows)) == ((162, 84), (112, 71))
    new = unnamed(rows, BLIND_23)
    assert (counts(new), counts([r for r in new if r in found_rows])) == ((6, 2), (1, 1))
    found = {(r[0], r[1], r[2]) for r in found_rows if r[5] == "certain"}
    assert {("62.D.2", "tr", "mechanics"), ("43.A.3", "et", "missing")} <= found
    # Missed certain rows: words the dictionaries know in a wrong form or number (fi 39B
    # "peliviejäpuolen", 43B3 "hyötäneet", 44C "vaatimuksen" after a plural, 46B3b
    # "mainitseman", 65B "Tikkiä merkitseminen", 67B "seuraavaa tikkiin" and a verb left out;
    # et 29C, 53C "kõik" for "käik", 67A1 "sellese"; tr 67B2a "lövenin kazanmış"), a meaning
    # or force changed (tr 32B2 the wrong player, 65D "bozamaz" for should not), a word left
    # out (tr 26B "legal") and a capital in mid-sentence (tr 26B, 67B3 "Hakem").
    missed = {(r[0], r[1]) for r in rows if r[5] == "certain" and r not in found_rows}
    # Found since: tr 26B's capital (and its "legal" row, by coincidence), 32B2 (its "veya"
    # row reported; the wrong player's by coincidence).
    assert len(missed) == 12 and {("44.C", "fi"), ("53.C", "et")} <= missed


BLIND_24 = DATA / "qa_blind_24.tsv"  # held out until measured; its misses read then


def test_a_twenty_fourth_blind_reading_of_the_least_read_laws(full: Report) -> None:
    """Recall on a twenty-fourth reading (laws 1 3 6 9 14 15 17 37 38 47 52 54 55 59 60 61 77
    80, those the earlier readings had read least), written by two reviewers with the
    twenty-third's brief after it was measured, no rule changed since, and committed before
    it was measured: held out, 91 of its 146 rows (62.3 %) and 46 of the 59 certain
    (78.0 %), 80 and 42 at their words; judged (a finding there reports the row), 66
    (45.2 %) and 37 (62.7 %). With the rules written from the earlier readings since (shall
    and should said apart, `modal.open`: fi 6C), 92 and 46, judged 68 and 38. Of its rows at
    a unit and book no earlier reading names, 14 (none certain): 4 found."""
    rows, found_rows, _ = recall(full, BLIND_24)
    assert (counts(rows), counts(found_rows)) == ((146, 59), (92, 46))
    new = unnamed(rows, BLIND_24)
    assert (counts(new), counts([r for r in new if r in found_rows])) == ((14, 0), (4, 0))
    found = {(r[0], r[1], r[2]) for r in judged(full, BLIND_24) if r[5] == "certain"}
    assert {("6.D.3", "et", "mechanics"), ("77", "tr", "mechanics"), ("9.B.1.a", "et", "modal"),
            ("80.A.1.c", "et", "typo")} <= found  # fmt: skip
    # Missed certain rows: a meaning changed (tr 1C an axis for a centre of symmetry, et 6D1
    # the auction for the deal, et 38C "if it has not ended" left out, tr 80A1c the
    # Regulating Authority for the national organisation), a heading's words (et 1's title
    # is its section A's, tr 38D "Possible" left out), a number or case the dictionaries take
    # (et 6D1 "reeglid 16D", 6E4 "mis tagavad", 15A1 "üksikpakkumise tühistatakse"; tr 80B1
    # "kullandırılabilir"), a comma (et 9A3, 15A3's footnote) and tr 15A3's footnote
    # without its main clause.
    missed = {(r[0], r[1]) for r in rows if r[5] == "certain" and r not in found_rows}
    assert len(missed) == 12 and {("1", "et"), ("38.C", "et"), ("1.C", "tr")} <= missed


BLIND_25 = DATA / "qa_blind_25.tsv"  # held out: measured as it came, no rule written from it


def test_a_twenty_fifth_blind_reading_with_no_rule_changed_since_the_last(full: Report) -> None:
    """Recall on a twenty-fifth reading (laws 7 12 20 21 23 24 27 36 45 48 49 50 51 63 66 69
    70, among those the earlier readings had read least), written by two reviewers with the
    twenty-fourth's brief, no rule changed while it was written, and committed before it
    was measured: held out, 161 of its 257 rows (62.6 %) and 99 of the 120 certain
    (82.5 %) at their unit, 133 and 89 at their words; judged (a finding there reports the
    row), 114 (44.4 %) and 84 (70.0 %). Of its rows at a unit and book no earlier reading
    names, 26 (2 certain): 1 found, certain."""
    rows, found_rows, _ = recall(full, BLIND_25)
    assert (counts(rows), counts(found_rows)) == ((257, 120), (161, 99))
    new = unnamed(rows, BLIND_25)
    assert (counts(new), counts([r for r in new if r in found_rows])) == ((26, 2), (1, 1))
    found = {(r[0], r[1], r[2]) for r in judged(full, BLIND_25) if r[5] == "certain"}
    assert {("7.B.2", "fi", "typo"), ("12.B.2", "et", "meaning"), ("20.F.6", "et", "meaning"),
            ("27.B.2", "et", "meaning"), ("45.A", "et", "missing")} <= found  # fmt: skip
    # Missed certain rows: a force or meaning changed (et 12A2, tr 12C2a "may award"; tr
    # 23A1 "aynı ve" for "or", 23A2 a call containing the meanings for a subset of them; et
    # 27C a negation added, 51B2a), a clause left out (fi 12C2b who may vary, fi and tr 21A
    # "or play", et 50D1a, fi 63A4), a term used otherwise (fi 23B "korvaava" for
    # "vastaava", et 24D "käsi" for declarer), words in a case or voice the dictionaries
    # take (et 20F1 "on õigust", 23A3 "sama eesmärgi"; tr 20F6, 45E2 passives; fi 48A
    # "Pelinviejiin", 20F5a "alertyn"), et 69B2 "tõenäoselt" and tr 12C1e's item markers.
    missed = {(r[0], r[1]) for r in rows if r[5] == "certain" and r not in found_rows}
    assert len(missed) == 21 and {("12.A.2", "et"), ("23.A.1", "tr"), ("48.A", "fi")} <= missed


# Per reading: its rows, those found at their words, those found at their unit (each as
# rows and certain rows).
AT_THE_WORDS = {
    "qa_blind": ((54, 36), (37, 31), (42, 34)),
    "qa_blind_2": ((77, 39), (34, 22), (38, 24)),
    "qa_blind_3": ((68, 17), (38, 14), (40, 14)),
    "qa_blind_4": ((57, 18), (23, 14), (24, 14)),
    "qa_blind_5": ((56, 18), (33, 17), (34, 17)),
    "qa_blind_6": ((103, 37), (44, 25), (55, 26)),
    "qa_blind_7": ((101, 38), (57, 30), (69, 36)),
    "qa_blind_8": ((141, 66), (83, 54), (88, 56)),
    "qa_blind_9": ((168, 47), (78, 36), (93, 37)),
    "qa_blind_10": ((78, 27), (46, 22), (50, 23)),
    "qa_blind_11": ((121, 66), (64, 46), (76, 56)),
    "qa_blind_12": ((90, 31), (45, 24), (50, 24)),
    "qa_blind_13": ((136, 60), (69, 43), (88, 53)),
    "qa_blind_14": ((170, 70), (75, 48), (88, 54)),
    "qa_blind_15": ((164, 72), (99, 58), (109, 61)),
    "qa_blind_16": ((108, 52), (57, 35), (65, 41)),
    "qa_blind_17": ((106, 50), (56, 33), (65, 39)),
    "qa_blind_18": ((146, 84), (84, 57), (99, 67)),
    "qa_blind_19": ((152, 70), (86, 54), (98, 59)),
    "qa_blind_20": ((100, 27), (40, 19), (47, 19)),
    "qa_blind_21": ((229, 101), (133, 75), (145, 79)),
    "qa_blind_22": ((139, 63), (78, 47), (88, 49)),
    "qa_blind_23": ((162, 84), (95, 59), (112, 71)),
    "qa_blind_24": ((146, 59), (81, 42), (92, 46)),
    "qa_blind_25": ((257, 120), (133, 89), (161, 99)),
}


def test_recall_at_the_words_on_every_reading(full: Report) -> None:
    """Each reading's rows found at their words (`at_the_words`), beside those found at their
    unit (`recall`): the lower and the upper bound of what the report finds. At the words,
    a finding on a line the row cites counts even where it is about another thing (a
    coincidence the bound keeps), and a finding listing the row's unit among others counts
    only where the row quotes its words."""
    measured = {}
    for path in readings():
        rows, found_rows, _ = recall(full, path)
        measured[path.stem] = (counts(rows), counts(at_the_words(full, rows)), counts(found_rows))
    assert measured == AT_THE_WORDS


# Per reading since the nineteenth: its rows found at their unit, and those a finding there
# reports (judged: tests/data/qa_matched.tsv), each as rows and certain rows.
JUDGED = {
    "qa_blind_19": ((98, 59), (69, 48)),
    "qa_blind_20": ((47, 19), (30, 19)),
    "qa_blind_21": ((145, 79), (111, 67)),
    "qa_blind_22": ((88, 49), (69, 45)),
    "qa_blind_23": ((112, 71), (84, 58)),
    "qa_blind_24": ((92, 46), (68, 38)),
    "qa_blind_25": ((161, 99), (114, 84)),
}


def test_rows_a_finding_reports_at_their_discrepancy(full: Report) -> None:
    """The strict figure: a row counts where a finding at its unit reports the row's own
    discrepancy, as a reviewer judged it, not another fault in the same unit (23 of the
    twenty-third reading's 100 rows found held out were such coincidences). Held out, the
    twenty-second reading is 68 of 139 rows (48.9 %) and 45 of 63 certain (71.4 %), the
    twenty-third 77 of 162 (47.5 %) and 54 of 84 (64.3 %), the twenty-fourth 66 of 146
    (45.2 %) and 37 of 59 (62.7 %), the twenty-fifth 114 of 257 (44.4 %) and 84 of 120
    (70.0 %)."""
    measured = {}
    for path in readings()[18:]:
        _, found_rows, _ = recall(full, path)
        measured[path.stem] = (counts(found_rows), counts(judged(full, path)))
    assert measured == JUDGED
