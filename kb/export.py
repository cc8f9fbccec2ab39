"""Render a document's units for people and programs: JSON (one array) or readable markdown.

>>> from kb.model import Unit
>>> u = Unit("12.C", "section", "C.", "Korjattu", "Teksti.", "fi", 2017, (679, 700), "12")
>>> print(to_markdown([u]))
### C. Korjattu
<BLANKLINE>
Teksti.
<BLANKLINE>
`12.C` · lines 679–700
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from kb.model import Unit

_HEADING = {"law": "##", "section": "###", "definition": "###"}


def to_json(units: Iterable[Unit]) -> str:
    """The units as one JSON array, in document order."""
    return json.dumps([u.to_json() for u in units], ensure_ascii=False, indent=1)


def to_markdown(units: Iterable[Unit]) -> str:
    """The units as markdown: laws and sections as headings, list units as indented lines."""
    out: list[str] = []
    for u in units:
        if u.kind == "law":
            out.append(f"## {u.label} {u.title}".rstrip())
        elif u.kind in _HEADING:
            out.append(f"{_HEADING[u.kind]} {u.label} {u.title}".rstrip())
        elif u.kind in ("subsection", "item", "subitem"):
            depth = ("subsection", "item", "subitem").index(u.kind)
            head = f"{'  ' * depth}- **{u.label}**"
            text = f"{u.title}\n\n{u.text}" if u.title else u.text
            out.append(f"{head} {text}".rstrip())
            out.append(f"{'  ' * depth}  `{u.id}` · lines {u.lines[0]}–{u.lines[1]}")
            out.append("")
            continue
        else:
            out.append(f"## [{u.kind}] {u.id}")
        if u.text:
            out.extend(["", u.text])
        for f in u.footnotes:
            out.extend(["", f"> [{f.marker}] {f.text}"])
        out.extend(["", f"`{u.id}` · lines {u.lines[0]}–{u.lines[1]}", ""])
    return "\n".join(out).rstrip() + "\n"
