"""Tables (Law 2's dealer and vulnerability, Law 77's scoring, Law 78's IMP scale) as units of
kind `table` with a header and rows.

Where each table is printed and how its cells were flattened is data: `corpus/<lang>/tables.toml`
lists the tables with their line range and layout. The lines of a table are claimed before the
law is parsed, so its cells never become paragraphs or list elements of the law.

Table ids are the same in every book, so a table aligns across languages by id: `2.table`
(dealer and vulnerability, one table however a book splits it), `78.B.table` (the IMP
scale), and Law 77's pieces numbered after the English 2017 layout: `77.table.1` trick score
in a suit, `.2` trick score in notrump, `.3` slams, `.4` overtricks, `.5` premiums for game,
partscore and making a doubled or redoubled contract, `.6` undertricks.

A layout reads the table's lines into rows of cells, each row with the source line it starts
on; `arrange` then puts back the empty cells the flattening lost and, for a table flattened
to one cell per line, deals the cells into rows of `columns`.

>>> rows_tsv([(1, "a\\tb"), (2, ""), (3, "c\\t d")])
[(1, ['a', 'b']), (3, ['c', 'd'])]
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from kb.core.model import Document, Problem, Unit
from kb.ingest.clean import Line, normalize_spaces

TABLES_FILE = "tables.toml"

Numbered = tuple[int, str]  # a source line: its number and text
Row = tuple[int, list[str]]  # a row of cells and the source line it starts on

# Cells of a tab-separated row: split at tabs, or at gaps of two or more (no-break) spaces
# (the Finnish suit row of Law 77, l.2127, is spaced that way).
_CELL_GAP = re.compile(r"\t|[ \u00a0]{2,}")


@dataclass(frozen=True)
class TableSpec:
    """One table of a book: its id, the unit it belongs to, its source lines and layout.

    `columns` deals the cells row-major into rows of that many whatever the line breaks;
    `blank` lists the (row, column) of empty cells the flattening lost (row 0 is the first,
    the header's when there is one); `joined` lists lines that continue the cell of the line
    before (a cell printed on two lines); `caption` the lines printed right above the table
    that head it (its title: `SLEMY`), which would otherwise end the text before it.
    """

    id: str
    parent: str
    lines: tuple[int, int]
    layout: str
    header: bool = False  # the first row is the column headings
    columns: int = 0
    blank: tuple[tuple[int, int], ...] = ()
    joined: tuple[int, ...] = ()
    caption: tuple[int, int] | None = None


def load_tables(folder: Path) -> list[TableSpec]:
    """The tables listed for a document (none when it has no tables file).

    >>> [t.id for t in load_tables(Path("corpus/fi"))][:1]
    ['2.table']
    """
    path = folder / TABLES_FILE
    if not path.exists():
        return []
    with path.open("rb") as f:
        data = tomllib.load(f)
    return [
        TableSpec(
            id=t["id"],
            parent=t["parent"],
            lines=(t["lines"][0], t["lines"][1]),
            layout=t.get("layout", "tsv"),
            header=t.get("header", False),
            columns=t.get("columns", 0),
            blank=tuple((r, c) for r, c in t.get("blank", [])),
            joined=tuple(t.get("joined", [])),
            caption=(t["caption"][0], t["caption"][1]) if "caption" in t else None,
        )
        for t in data.get("table", [])
    ]


def in_source(spec: TableSpec, numbers: Iterable[int]) -> bool:
    """Whether a table's line range (its caption's too) is a range of the source's lines,
    the caption ending before the table.

    >>> in_source(TableSpec("2.table", "2", (509, 516), "tsv"), range(1, 600))
    True
    >>> in_source(TableSpec("2.table", "2", (509, 516), "tsv", caption=(500, 510)), range(600))
    False
    """
    first, last = spec.lines
    known = set(numbers)
    caption = spec.caption or (first - 1, first - 1)
    return (
        first <= last
        and {first, last} <= known
        and caption[0] <= caption[1] < first
        and (spec.caption is None or set(caption) <= known)
    )


def span(spec: TableSpec) -> tuple[int, int]:
    """The lines a table is printed on, its caption's with them.

    >>> span(TableSpec("77.table.3", "77", (1677, 1687), "blocks", caption=(1673, 1675)))
    (1673, 1687)
    """
    return (spec.caption or spec.lines)[0], spec.lines[1]


def claim(lines: list[Line], specs: list[TableSpec], doc: Document) -> None:
    """Mark the lines of each table as the table's (footnote lines printed inside stay
    footnotes); a range overlapping another table is an error, a range outside the source is
    left for `build` to report (an empty source reports only its missing laws)."""
    by_no = {line.no: line for line in lines}
    for spec in specs:
        if not in_source(spec, by_no):
            continue
        first, last = span(spec)
        for no in range(first, last + 1):
            line = by_no[no]
            if line.claimed:
                message = f"table {spec.id} overlaps table {line.claimed}"
                doc.problems.append(Problem(doc.source, no, message))
            elif line.footnote is None:
                line.claimed = spec.id


def cell_text(line: Line) -> str:
    """A table line's cleaned text with its trailing tabs, the empty last cells of its row
    (the cleaner trims them).

    >>> cell_text(Line(2202, "<b>Ensimmäisestä pietistä</b>\\t\\t", "Ensimmäisestä pietistä"))
    'Ensimmäisestä pietistä\\t\\t'
    """
    trailing = line.raw[len(line.raw.rstrip()) :]
    return line.text.rstrip() + "\t" * trailing.count("\t")


def is_blank(text: str) -> bool:
    """A line holding no cell: nothing but (no-break) spaces (a lone tab is an empty cell).

    >>> is_blank(" "), is_blank("\\t")
    (True, False)
    """
    return not text.strip(" \u00a0")


def rows_tsv(lines: list[Numbered]) -> list[Row]:
    """A row a line, its cells separated by tabs or by gaps of two or more (no-break) spaces.

    >>> rows_tsv([(2127, "♣ \\u00a0\\u00a0 ♦"), (2170, "Pikkuslammi (12 tikkiä)\\t\\t")])
    [(2127, ['♣', '♦']), (2170, ['Pikkuslammi (12 tikkiä)', '', ''])]
    """
    return [
        (no, [normalize_spaces(c) for c in _CELL_GAP.split(text)])
        for no, text in lines
        if not is_blank(text)
    ]


def rows_blocks(lines: list[Numbered]) -> list[Row]:
    """A row per block of lines between blank lines, a cell per line.

    >>> rows_blocks([(133, "\\tSever"), (137, "\\t  9"), (139, ""), (140, "\\tJuh"), (141, "\\t")])
    [(133, ['Sever', '9']), (140, ['Juh', ''])]
    """
    rows: list[Row] = []
    gap = True
    for no, text in lines:
        if is_blank(text):
            gap = True
            continue
        if gap:
            rows.append((no, []))
            gap = False
        rows[-1][1].append(normalize_spaces(text.strip("\t")))
    return rows


def rows_cells(lines: list[Numbered]) -> list[Row]:
    """A cell per line (blank lines between them ignored), each a row until `columns` deals
    them into rows.

    >>> rows_cells([(2333, "Puan farkı"), (2334, ""), (2345, "0–10")])
    [(2333, ['Puan farkı']), (2345, ['0–10'])]
    """
    return [(no, [normalize_spaces(text)]) for no, text in lines if not is_blank(text)]


def rows_label_number(lines: list[Numbered]) -> list[Row]:
    """A row a line: its label, then the number that ends it when there is one.

    >>> rows_label_number([(2145, "Kahdennettuna 80"), (2149, "Jokaisesta seuraavasta")])
    [(2145, ['Kahdennettuna', '80']), (2149, ['Jokaisesta seuraavasta'])]
    """
    rows = []
    for no, text in lines:
        if is_blank(text):
            continue
        text = normalize_spaces(text)
        label, _, number = text.rpartition(" ")
        rows.append((no, [label, number] if label and number.isdigit() else [text]))
    return rows


LAYOUTS: dict[str, Callable[[list[Numbered]], list[Row]]] = {
    "tsv": rows_tsv,
    "blocks": rows_blocks,
    "cells": rows_cells,
    "label-number": rows_label_number,
}


def join_continued(lines: list[Numbered], joined: Iterable[int]) -> list[Numbered]:
    """The lines with each line of `joined` appended to the non-blank line before it.

    >>> join_continued([(2195, "Küçük Şlem"), (2196, ""), (2197, "deklare edilir")], [2197])
    [(2195, 'Küçük Şlem deklare edilir'), (2196, '')]

    A line to join that is not a non-blank line after another is a ValueError.
    """
    out: list[Numbered] = []
    todo = set(joined)
    for no, text in lines:
        if no not in todo:
            out.append((no, text))
            continue
        before = next((i for i in range(len(out) - 1, -1, -1) if not is_blank(out[i][1])), None)
        if before is None or is_blank(text):
            raise ValueError(f"line {no} continues no cell")
        out[before] = (out[before][0], f"{out[before][1]} {text.strip()}")
        todo.remove(no)
    if todo:
        raise ValueError(f"lines {sorted(todo)} to join are not in the table")
    return out


def arrange(rows: list[Row], columns: int, blank: Iterable[tuple[int, int]]) -> list[Row]:
    """The rows with the lost empty cells put back at their (row, column); with `columns`,
    the cells run row-major into rows of that many (a blank's row and column are then the
    dealt table's).

    >>> arrange([(1, ["a"]), (2, ["b"]), (3, ["c"])], 2, [(0, 0)])
    [(1, ['', 'a']), (2, ['b', 'c'])]
    >>> arrange([(1, ["a", "b"]), (2, ["c"])], 0, [(1, 0)])
    [(1, ['a', 'b']), (2, ['', 'c'])]

    A blank outside the table is an IndexError.
    """
    if not columns:
        out = [(no, list(row)) for no, row in rows]
        for r, c in sorted(blank):
            if not (0 <= r < len(out) and 0 <= c <= len(out[r][1])):
                raise IndexError(f"blank cell ({r}, {c}) is outside the table")
            out[r][1].insert(c, "")
        return out
    cells = [(no, cell) for no, row in rows for cell in row]
    for r, c in sorted(blank):
        at = r * columns + c
        if not (cells and 0 <= c < columns and 0 <= at <= len(cells)):
            raise IndexError(f"blank cell ({r}, {c}) is outside the table")
        cells.insert(at, (cells[min(at, len(cells) - 1)][0], ""))
    return [
        (cells[i][0], [cell for _, cell in cells[i : i + columns]])
        for i in range(0, len(cells), columns)
    ]


def shape_problems(rows: list[Row], spec: TableSpec) -> list[tuple[int, str]]:
    """What is wrong with a table's shape, with the source line it shows on: no rows, a cell
    count that does not fill rows of `columns`, a row whose width differs from the first's
    (the header's when there is one).

    >>> spec = TableSpec("78.B.table", "78.B", (2333, 2443), "cells", header=True, columns=2)
    >>> shape_problems([(2333, ["Puan farkı", "IMP"]), (2345, ["0–10"])], spec)
    [(2333, '3 cells do not fill rows of 2'), (2345, 'row 2 has 1 cells, the header 2')]
    """
    if not rows:
        return [(spec.lines[0], "no cells")]
    problems = []
    total = sum(len(row) for _, row in rows)
    if spec.columns and total % spec.columns:
        problems.append((spec.lines[0], f"{total} cells do not fill rows of {spec.columns}"))
    first = "the header" if spec.header else "row 1"
    width = len(rows[0][1])
    for n, (no, row) in enumerate(rows[1:], start=2):
        if len(row) != width:
            problems.append((no, f"row {n} has {len(row)} cells, {first} {width}"))
    return problems


def table_rows(spec: TableSpec, lines: list[Line]) -> tuple[list[Row], list[tuple[int, str]]]:
    """A table's rows read by its layout from the lines it claimed, and the problems met."""
    if not in_source(spec, (ln.no for ln in lines)):
        return [], [(spec.lines[0], "bad line range")]
    layout = LAYOUTS.get(spec.layout)
    if layout is None:
        return [], [(spec.lines[0], f"unknown layout {spec.layout}")]
    cells = [ln for ln in lines if ln.claimed == spec.id and ln.no >= spec.lines[0]]
    texts = [(ln.no, cell_text(ln)) for ln in cells]  # the caption's lines left out
    try:
        rows = arrange(layout(join_continued(texts, spec.joined)), spec.columns, spec.blank)
    except (ValueError, IndexError) as err:
        return [], [(spec.lines[0], str(err))]
    return rows, shape_problems(rows, spec)


def build(
    specs: list[TableSpec], lines: list[Line], doc: Document
) -> list[tuple[Unit, list[tuple[str, int]]]]:
    """The table units, with the footnote markers of their cells. A table whose rows do not
    make a rectangle is a problem naming the source line and the tables file (no unit)."""
    listing = Path(doc.source).with_name(TABLES_FILE)
    out = []
    for spec in specs:
        rows, problems = table_rows(spec, lines)
        for no, message in problems:
            doc.problems.append(Problem(doc.source, no, f"{listing}: table {spec.id}: {message}"))
        if problems:
            continue
        cells = [row for _, row in rows]
        anchors = [(a, ln.no) for ln in lines if ln.claimed == spec.id for a in ln.anchors]
        caption = spec.caption or (0, -1)
        title = [
            normalize_spaces(ln.text)
            for ln in lines
            if caption[0] <= ln.no <= caption[1] and ln.claimed == spec.id and ln.text
        ]
        unit = Unit(
            id=spec.id,
            kind="table",
            label="",
            title="\n".join(title),
            text="\n".join("\t".join(row) for row in cells),
            lang=doc.lang,
            edition=doc.edition,
            lines=span(spec),
            parent=spec.parent,
            header=cells[0] if spec.header else [],
            rows=cells[1:] if spec.header else cells,
        )
        out.append((unit, anchors))
    return out
