"""Render a document's units for people and programs: JSON (one array) or readable markdown.

>>> from kb.core.model import Unit
>>> u = Unit("12.C", "section", "C.", "Korjattu", "Teksti.", "fi", 2017, (679, 700), "12")
>>> print(to_markdown([u]), end="")
### C. Korjattu
<BLANKLINE>
Teksti.
  `12.C` · lines 679–700
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from kb.core.ids import Tail, print_order
from kb.core.model import Unit

_HEADING = {"law": "##", "section": "###", "definition": "###", "topic": "##"}
_LIST = ("subsection", "item", "subitem")


def to_json(units: Iterable[Unit]) -> str:
    """The units as one JSON array, in document order."""
    return json.dumps([u.to_json() for u in units], ensure_ascii=False, indent=1)


def markdown_table(header: list[str], rows: list[list[str]]) -> list[str]:
    """A table's lines in markdown: the header row (empty cells when the table has none), the
    separator, the rows; a `|` inside a cell is escaped.

    >>> print("\\n".join(markdown_table(["Puan farkı", "IMP"], [["0–10", "0"], ["a|b", ""]])))
    | Puan farkı | IMP |
    | --- | --- |
    | 0–10 | 0 |
    | a\\|b |  |
    """
    width = len(header or rows[0])
    lines = [header or [""] * width, ["---"] * width, *rows]
    return ["| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |" for cells in lines]


def to_markdown(units: Iterable[Unit]) -> str:
    """The units as markdown in print order: laws and sections as headings, list units as
    indented lines, tables as markdown tables, the text printed after a unit's children
    (its tail) after them."""
    out: list[str] = []
    for u in print_order(list(units)):
        if isinstance(u, Tail):
            out.extend([*u.unit.tail.split("\n"), ""])
            continue
        pad = ""
        if u.kind in _HEADING:
            out.append(" ".join(p for p in (_HEADING[u.kind], u.label, u.title) if p))
            out.append("")
        elif u.kind in _LIST:
            pad = "  " * _LIST.index(u.kind)
            title = f" **{u.title}**" if u.title else ""
            out.append(f"{pad}- **{u.label}**{title}")
        else:
            out.extend([f"## [{u.kind}] {u.id}", ""])
        if u.kind == "table":
            out.extend([*markdown_table(u.header, u.rows), ""])
        elif u.text:
            out.extend(f"{pad}  {p}" if pad or u.kind in _LIST else p for p in u.text.split("\n"))
        for f in u.footnotes:
            out.append(f"{pad}  > [{f.marker}] {f.text}")
        out.extend([f"{pad}  `{u.id}` · lines {u.lines[0]}–{u.lines[1]}", ""])
    return "\n".join(out).rstrip() + "\n"
