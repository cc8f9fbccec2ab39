"""Tables (Law 2's dealer and vulnerability, Law 77's scoring, Law 78's IMP scale) as units of
kind `table` with a header and rows.

Where each table is printed and how its cells were flattened is data: `corpus/<lang>/tables.toml`
lists the tables with their line range and layout. The lines of a table are claimed before the
law is parsed, so its cells never become paragraphs or list elements of the law.

>>> rows_tsv(["a\\tb", "", "c\\t d"])
[['a', 'b'], ['c', 'd']]
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from kb.clean import Line, normalize_spaces
from kb.model import Document, Problem, Unit

TABLES_FILE = "tables.toml"


@dataclass(frozen=True)
class TableSpec:
    """One table of a book: its id, the unit it belongs to, its source lines and layout."""

    id: str
    parent: str
    lines: tuple[int, int]
    layout: str
    header: bool = False  # the first row is the column headings
    columns: int = 0


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
        )
        for t in data.get("table", [])
    ]


def claim(lines: list[Line], specs: list[TableSpec], doc: Document) -> None:
    """Mark the lines of each table as the table's (footnote lines printed inside stay
    footnotes); a range outside the source or overlapping another table is an error."""
    by_no = {line.no: line for line in lines}
    for spec in specs:
        first, last = spec.lines
        if first not in by_no or last not in by_no or first > last:
            doc.problems.append(Problem(doc.source, first, f"table {spec.id}: bad line range"))
            continue
        for no in range(first, last + 1):
            line = by_no[no]
            if line.claimed:
                message = f"table {spec.id} overlaps table {line.claimed}"
                doc.problems.append(Problem(doc.source, no, message))
            elif line.footnote is None:
                line.claimed = spec.id


def rows_tsv(texts: list[str]) -> list[list[str]]:
    """Rows of a table printed a row a line with its cells separated by tabs."""
    return [[normalize_spaces(c) for c in t.split("\t")] for t in texts if t.strip()]


LAYOUTS = {"tsv": rows_tsv}


def build(
    specs: list[TableSpec], lines: list[Line], doc: Document
) -> list[tuple[Unit, list[tuple[str, int]]]]:
    """The table units, with the footnote markers of their cells."""
    out = []
    for spec in specs:
        own = [ln for ln in lines if ln.claimed == spec.id]
        if spec.layout not in LAYOUTS:
            doc.problems.append(Problem(doc.source, spec.lines[0], f"unknown layout {spec.layout}"))
            continue
        rows = LAYOUTS[spec.layout]([ln.text for ln in own])
        anchors = [(a, ln.no) for ln in own for a in ln.anchors]
        unit = Unit(
            id=spec.id,
            kind="table",
            label="",
            title="",
            text="\n".join("\t".join(row) for row in rows),
            lang=doc.lang,
            edition=doc.edition,
            lines=spec.lines,
            parent=spec.parent,
            header=rows[0] if spec.header and rows else [],
            rows=rows[1:] if spec.header else rows,
        )
        out.append((unit, anchors))
    return out


def insert(
    units: list[tuple[Unit, list[tuple[str, int]]]],
    tables: list[tuple[Unit, list[tuple[str, int]]]],
    doc: Document,
) -> list[tuple[Unit, list[tuple[str, int]]]]:
    """Put each table in document order: after its parent and the parent's descendants
    printed before it."""
    out = list(units)
    for table in tables:
        unit = table[0]
        ids = [u.id for u, _ in out]
        if unit.parent not in ids:
            message = f"table {unit.id}: no unit {unit.parent}"
            doc.problems.append(Problem(doc.source, unit.lines[0], message))
            continue
        at = ids.index(unit.parent) + 1
        prefix = f"{unit.parent}."
        while at < len(out) and out[at][0].id.startswith(prefix):
            if out[at][0].lines[0] > unit.lines[0]:
                break
            at += 1
        out.insert(at, table)
    return out
