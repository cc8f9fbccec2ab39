"""The translators' report (issue 39) measured on blind readings: reviewers read laws unit by
unit in the three 2017 books, from the sources only, and wrote down every discrepancy a
translator must hear about (tests/data/qa_blind*.tsv); each test is one reading's recall.

A row is found where a finding names its unit and blames its book (`recall`). A finding on
the same unit about another thing counts too, so that figure is an upper bound. A finding
at the row's words (`at_the_words`) is the lower bound: it points at a source line the row
cites, or at words the row quotes.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kb.crosslang.library import get_library
from kb.pipeline import build
from kb.qa import Report, report
from kb.qa.model import Finding

DATA = Path(__file__).parent / "data"
DISCREPANCIES = DATA / "qa_discrepancies.tsv"


@pytest.fixture(scope="module")
def full() -> Report:
    """The report over every document (the build made first)."""
    assert build().ok
    return report(get_library())


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


def cited_lines(row: list[str]) -> set[int]:
    """The source lines a row cites in its book's file: "et.txt:1553-1557", "tr.txt:2181 and
    2183", "fi.txt:919, 923"."""
    lines: set[int] = set()
    then = r"((?:(?:,| and)\s*\d+(?![\d-]*\.txt|\d*[:)]))*)"
    for m in re.finditer(rf"{row[1]}\.txt:(\d+)(?:-(\d+))?{then}", row[4]):
        lines |= set(range(int(m[1]), int(m[2] or m[1]) + 1))
        lines |= {int(n) for n in re.findall(r"\d+", m[3])}
    return lines


def quotes(row: list[str], words: str) -> bool:
    """Whether a row quotes every word (of three letters or more) of a finding's words."""
    found = re.findall(r"[^\W\d_]{3,}", words.lower())
    return bool(found) and all(w in row[4].lower() for w in found)


def at_the_words(r: Report, rows: list[list[str]]) -> list[list[str]]:
    """The rows a finding finds at their words: it names the row's unit, blames its book,
    and points there at a source line the row cites or at words the row quotes."""
    by_row: dict[tuple[str, str], list[Finding]] = {}
    for f in r.findings:
        for uid in named(f):
            for x in f.about:
                by_row.setdefault((uid, x), []).append(f)

    def finds(row: list[str], f: Finding) -> bool:
        sides = [w for w in f.where if w.lang == row[1]]
        return any(w.line in cited_lines(row) or quotes(row, w.words) for w in sides) or quotes(
            row, str(f.params.get("words", ""))
        )

    return [row for row in rows if any(finds(row, f) for f in by_row.get((row[0], row[1]), []))]


def readings() -> list[Path]:
    """Every blind reading, in the order they were written: qa_blind.tsv, qa_blind_2.tsv..."""
    return sorted(DATA.glob("qa_blind*.tsv"), key=lambda p: int(p.stem[len("qa_blind_") :] or 1))


def unnamed(rows: list[list[str]], reading: Path) -> list[list[str]]:
    """The rows at a unit and book that no reading before `reading` (nor the first review,
    tests/data/qa_discrepancies.tsv) names."""
    every = readings()
    earlier = [*every[: every.index(reading)], DISCREPANCIES]
    named_before = {(r[0], r[1]) for path in earlier for r in blind_rows(path)}
    return [r for r in rows if (r[0], r[1]) not in named_before]


def judged(r: Report, path: Path) -> list[list[str]]:
    """The rows of a reading a finding reports at their discrepancy: found at their unit
    (`recall`) and judged so from the sources (tests/data/qa_matched.tsv, "yes"); a row found
    that no one has judged is an error, to be judged on the same terms."""
    verdicts = {tuple(row[:5]): row[5] for row in blind_rows(DATA / "qa_matched.tsv")}
    _, found_rows, _ = recall(r, path)
    said = [verdicts.get((path.stem, *row[:3], row[4][:80])) for row in found_rows]
    unjudged = [row[:3] for row, verdict in zip(found_rows, said, strict=True) if verdict is None]
    assert not unjudged, f"rows found that tests/data/qa_matched.tsv does not judge: {unjudged}"
    return [row for row, verdict in zip(found_rows, said, strict=True) if verdict == "yes"]


def counts(rows: list[list[str]]) -> tuple[int, int]:
    """How many rows, and how many of them certain."""
    return len(rows), sum(row[5] == "certain" for row in rows)


def test_a_blind_reading_of_twelve_unused_laws(full: Report) -> None:
    """Recall on the reading of laws 11 25 26 29 31 32 43 57 62 68 72 85, written before the
    checks of issue 39 (docs/qa.md): 35 of 54 found, 30 of the 36 certain; 36 and 31 with
    an adverb a letter longer than the adjective meant (et 68 "loomulikult viisil"); 37 and
    32 with "at once" left out (tr 68C, the sixteenth round); 38 with a noun in the wrong case
    before its postposition (et 68B2 "teave suhtes", the eighteenth round); 40 and 33 with every
    unit printing a term's rarer form (the twentieth round)."""
    rows, found_rows, hits = recall(full, BLIND)
    certain = [r for r in rows if r[5] == "certain"]
    assert (counts(rows), counts(found_rows)) == ((54, 36), (40, 33))
    # Found since: a role traded for another (et 43B3 a defender for dummy, et 11A the
    # non-offending side for either side), endings that do not agree (et 31A "parempoolne
    # vastase"). The roles finding on et 43B3 also names that unit's probable clauses row.
    assert {("43.B.3", "et"), ("11.A", "et"), ("31.A", "et")} <= {(r[0], r[1]) for r in found_rows}
    # Still read by a person only: a role added (tr 32B2 the offender's partner), "with" for
    # "without" a penalty (et 62C1), real words misplaced (fi "hyötäneet",
    # "kansakilpailijoita"). tr 68C's "or" clause is named by its "at once" left out, and et
    # 62C1 by the unit's "mitteeksitud" (a term's rarer form), each by coincidence.
    missed = {(r[0], r[1]) for r in certain if (r[0], r[1]) not in hits}
    assert missed == {("32.B.2", "tr"), ("43.B.3", "fi"), ("72.A", "fi")}


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


def named(f: Finding) -> set[str]:
    """The units a finding names: its own, and those it lists (a terms finding's units of
    the form it blames, not of the book's usual form; a folded finding's units; a
    spelling's units of both spellings, where the dictionary knows neither). A table is
    named by the unit it is printed in too ("77.table.4" by "77"), the unit a reader cites:
    a table has no number of its own in the books."""
    units = {f.id}
    for key in ("second_units", "units", "form_units"):
        units |= set(filter(None, str(f.params.get(key, "")).split(", ")))
    return units | {uid.partition(".table.")[0] for uid in units if ".table." in uid}


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
    assert (counts(rows), counts(found_rows)) == ((101, 38), (68, 36))
    new = unnamed(rows, BLIND_7)
    # (16 and 6 held out; 19 and 8 with the rules its misses suggested; 29 and 14 with the
    # next round's, the ten rows above; 37 and 20 at the twentieth round's start, 39 and 21
    # with its rules)
    assert (counts(new), counts([r for r in found_rows if r in new])) == ((57, 21), (39, 21))
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
    assert (counts(rows), counts(found_rows)) == ((168, 47), (90, 37))
    new = unnamed(rows, BLIND_9)
    assert (counts(new), counts([r for r in found_rows if r in new])) == ((141, 32), (64, 22))
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
    assert (counts(rows), counts(found_rows)) == ((78, 27), (47, 22))
    # (since: a finding at each unit printing tr "Onikinci", `spelling.separate`)
    new = unnamed(rows, BLIND_10)
    assert (counts(new), counts([r for r in found_rows if r in new])) == ((22, 5), (7, 2))
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
    # coincidence), a capital after a bracket (tr 26B), and a hyphen the parser joins as a
    # line break's (et 62B2 "välja-mängija", read from the source file, not from the
    # knowledge base's text). et 18D's comma is found since.
    missed = {(r[0], r[1]) for r in rows if r[5] == "certain" and r not in found_rows}
    assert len(missed) == 5 and ("62.B.2", "et") in missed and ("18.D", "et") not in missed


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
    assert (counts(rows), counts(found_rows)) == ((121, 66), (74, 55))
    new = unnamed(rows, BLIND_11)
    assert counts(new) == (37, 11)
    found = {(r[0], r[1], r[2]) for r in at_the_words(full, rows) if r[5] == "certain"}
    assert {("35.A", "et", "typo"), ("43", "et", "typo"), ("67.B.2.b", "et", "typo")} <= found
    # Missed certain rows: a role (tr 32B2), a sentence left out (tr 43B3),
    # words in the wrong form the analysers read as sound (fi "hyötäneet", "mainitseman",
    # "vaatimuksen", "Tikkiä", "seuraavaa"; et "toiminguga eest"; tr "lövenin"), et "kõik"
    # for "käik" in 53C's text, "ovat" left out (fi 67B).
    missed = {(r[0], r[1]) for r in rows if r[5] == "certain" and r not in found_rows}
    assert ("32.B.2", "tr") in missed and ("53.C", "et") in missed
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
    assert (counts(rows), counts(found_rows)) == ((136, 60), (87, 52))
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
    assert len(missed) == 8
    assert not {("20.F.2", "fi"), ("45.C.4.b", "et"), ("81.C.1", "tr")} & missed


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
    assert (counts(rows), counts(found_rows)) == ((170, 70), (85, 53))
    new = unnamed(rows, BLIND_14)
    assert (counts(new), counts([r for r in new if r in found_rows])) == ((41, 7), (13, 5))
    found = {(r[0], r[1], r[2]) for r in at_the_words(full, rows) if r[5] == "certain"}
    assert {("9.B.1.a", "et", "mechanics"), ("70.D.1", "et", "modal")} <= found
    # Missed certain rows, most of them rows the ninth reading wrote too: et law 1's title
    # (its section A's), a meaning changed (tr 1C an axis for a centre of symmetry, et 6D1
    # the auction for the deal), a may for an award (et 12A2, tr 12C2a), a word taken for
    # another (et 16A1c "kuulavas", tr 16C2 "bilgin"). A capital after a sentence-initial
    # word (et 12C1b "Kui Kohtunik") is found since, and et 16D2d "tehniliku" (for
    # "tehisliku") by the full concordance of the term's two forms.
    missed = {(r[0], r[1]) for r in rows if r[5] == "certain" and r not in found_rows}
    assert len(missed) == 16 and ("1", "et") in missed and ("16.D.2.d", "et") not in missed


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
    assert (counts(rows), counts(found_rows)) == ((146, 84), (92, 64))
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
    assert len(missed) == 18 and ("67.B", "fi") in missed  # (20 rows)


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
    assert (counts(rows), counts(found_rows)) == ((152, 70), (97, 58))
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
    assert len(missed) == 12 and ("81.C", "et") in missed and ("20.F.2", "fi") not in missed


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
    assert (counts(rows), counts(found_rows)) == ((229, 101), (141, 78))
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
    assert len(missed) == 23 and {("12.C.3", "fi"), ("16.B.3", "et")} <= missed


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
    assert (counts(rows), counts(found_rows)) == ((162, 84), (103, 68))
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
    assert len(missed) == 14 and {("44.C", "fi"), ("53.C", "et")} <= missed


# Per reading: its rows, those found at their words, those found at their unit (each as
# rows and certain rows).
AT_THE_WORDS = {
    "qa_blind": ((54, 36), (36, 30), (40, 33)),
    "qa_blind_2": ((77, 39), (34, 22), (38, 24)),
    "qa_blind_3": ((68, 17), (38, 14), (40, 14)),
    "qa_blind_4": ((57, 18), (23, 14), (24, 14)),
    "qa_blind_5": ((56, 18), (33, 17), (34, 17)),
    "qa_blind_6": ((103, 37), (44, 25), (55, 26)),
    "qa_blind_7": ((101, 38), (56, 30), (68, 36)),
    "qa_blind_8": ((141, 66), (82, 53), (88, 56)),
    "qa_blind_9": ((168, 47), (74, 36), (90, 37)),
    "qa_blind_10": ((78, 27), (43, 21), (47, 22)),
    "qa_blind_11": ((121, 66), (62, 45), (74, 55)),
    "qa_blind_12": ((90, 31), (45, 24), (50, 24)),
    "qa_blind_13": ((136, 60), (68, 42), (87, 52)),
    "qa_blind_14": ((170, 70), (71, 46), (85, 53)),
    "qa_blind_15": ((164, 72), (99, 58), (109, 61)),
    "qa_blind_16": ((108, 52), (56, 34), (65, 41)),
    "qa_blind_17": ((106, 50), (56, 33), (65, 39)),
    "qa_blind_18": ((146, 84), (78, 55), (92, 64)),
    "qa_blind_19": ((152, 70), (85, 53), (97, 58)),
    "qa_blind_20": ((100, 27), (40, 19), (47, 19)),
    "qa_blind_21": ((229, 101), (128, 73), (141, 78)),
    "qa_blind_22": ((139, 63), (77, 46), (88, 49)),
    "qa_blind_23": ((162, 84), (87, 56), (103, 68)),
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
    "qa_blind_19": ((97, 58), (67, 46)),
    "qa_blind_20": ((47, 19), (29, 19)),
    "qa_blind_21": ((141, 78), (107, 65)),
    "qa_blind_22": ((88, 49), (68, 45)),
    "qa_blind_23": ((103, 68), (80, 57)),
}


def test_rows_a_finding_reports_at_their_discrepancy(full: Report) -> None:
    """The strict figure: a row counts where a finding at its unit reports the row's own
    discrepancy, as a reviewer judged it, not another fault in the same unit (23 of the
    twenty-third reading's 100 rows found held out were such coincidences). Held out, the
    twenty-second reading is 68 of 139 rows (48.9 %) and 45 of 63 certain (71.4 %), the
    twenty-third 77 of 162 (47.5 %) and 54 of 84 (64.3 %)."""
    measured = {}
    for path in readings()[18:]:
        _, found_rows, _ = recall(full, path)
        measured[path.stem] = (counts(found_rows), counts(judged(full, path)))
    assert measured == JUDGED
