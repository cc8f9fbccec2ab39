"""The blind readings of the translators' report (tests/data/qa_blind*.tsv) and how a report
is measured on them (tests/test_qa_readings.py, tests/test_qa_readings_later.py).

A row is found where a finding names its unit and blames its book (`recall`). A finding on
the same unit about another thing counts too, so that figure is an upper bound. A finding
at the row's words (`at_the_words`) is the lower bound: it points at a source line the row
cites, or at words the row quotes. The strict figure (`judged`) is a reviewer's verdict
that a finding there reports the row's own discrepancy (tests/data/qa_matched.tsv).
"""

from __future__ import annotations

import re
from pathlib import Path

from kb.crosslang.library import get_library
from kb.pipeline import build
from kb.qa import Report, report
from kb.qa.model import Finding

DATA = Path(__file__).parent.parent / "data"
DISCREPANCIES = DATA / "qa_discrepancies.tsv"


def every_report() -> Report:
    """The report over every document, the build made first (each test module's `full`)."""
    assert build().ok
    return report(get_library())


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
