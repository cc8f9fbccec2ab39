"""Cross-references: every reference in running text, resolved to canonical unit ids.

The forms are the language's data (`REFERENCES` in kb/profiles/<lang>.py); this module reads
their codes (`12C1(b)`, `19A ja 77`, `68-71`, `C2-momentti`), expands lists and ranges,
resolves codes relative to the enclosing law, section or subsection, and checks each target
against the document's own units (a 2007 book resolves in its 2007 structure). A code that
names no unit links nowhere: it is kept as a misprint of its reference and reported as
unresolved (kb/crosslang/misprints.py suggests what it means from the other books).

>>> code_parts("12C1(b)")
['12', 'C', '1', 'b']
>>> code_parts("40B2a(v)"), code_parts("80B2/k"), code_parts("16c2")
(['40', 'B', '2', 'a', 'v'], ['80', 'B', '2', 'k'], ['16', 'C', '2'])
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from kb.core.ids import (
    FULL_CODE,
    LAW_LEVELS,
    RELATIVE_CODE,
    canonical,
    code_parts,
    law_of,
    match_parts,
)
from kb.core.model import Document, Problem, Unit
from kb.core.profile import References, RefForm
from kb.profiles import alternation, load_references

SKIPPED_KINDS = ("toc", "index")  # navigation aids, not running text
_RANGE = re.compile(r"^\s*(?:§\s*)?[–-]\s*$")


@dataclass
class Code:
    """A code found in a reference, with its parts and where it stands in the text."""

    text: str
    parts: list[str]
    shape: str  # "section", "subsection" or "item": what a relative code starts with
    malformed: bool = False
    start: int = -1  # where it stands in the code list (-1: expanded from a range)


def split_codes(
    codes: str, relative: bool, glued: bool, pages: re.Pattern[str] | None = None
) -> list[Code]:
    """The codes of a reference's code list, ranges of laws or sections expanded; the
    book's print page references (`pages`: `kb.profiles.page_references`) are no codes.

    >>> [c.parts for c in split_codes("68 §–71 §", False, False)]
    [['68'], ['69'], ['70'], ['71']]
    >>> [c.parts for c in split_codes("A- ja B", True, False)]
    [['A'], ['B']]
    >>> [(c.text, c.malformed) for c in split_codes("26V", False, False)]
    [('26V', True)]
    """
    pattern = RELATIVE_CODE if relative else FULL_CODE
    text = pages.sub(lambda m: " " * len(m.group(0)), codes) if pages else codes
    found: list[Code] = []
    last_end = 0
    pos = 0
    while pos < len(text):
        m = pattern.match(text, pos)
        if not m or not m.group(0).strip() or (pos and text[pos - 1].isalnum()):
            pos += 1
            continue
        end = m.end()
        malformed = False
        if not glued and end < len(text) and text[end].isalnum():
            while end < len(text) and (text[end].isalnum() or text[end] in "()"):
                end += 1
            malformed = True
        parts = match_parts(m, relative)
        shape = "section" if m.group("sec") or m.group("secl") else "subsection"
        if relative and not (m.group("sec") or m.group("secl") or m.group("sub")):
            shape = "item"
            if m.group("ib") and text[end : end + 1] not in ("-", ")", ""):
                pos = end  # a bare letter is an item only as `a-`, `a)` or last: else a word
                continue
        code = Code(text[m.start() : end].strip(), parts, shape, malformed, m.start())
        if found and _RANGE.match(text[last_end : m.start()]):
            found.extend(expand(found[-1], code))
        else:
            found.append(code)
        last_end, pos = end, end
    return join_spaced_items(found, text) if relative else found


def expand(first: Code, last: Code) -> list[Code]:
    """The codes strictly after `first` up to `last` in a range of laws or of sections."""
    a, b = first.parts, last.parts
    if len(a) == len(b) == 1 and a[0].isdigit() and b[0].isdigit():
        return [Code(str(n), [str(n)], first.shape) for n in range(int(a[0]) + 1, int(b[0]) + 1)]
    if len(a) == len(b) == 1 and a[0].isalpha() and b[0].isalpha():
        letters = [chr(c) for c in range(ord(a[0]) + 1, ord(b[0]) + 1)]
        return [Code(c, [c], first.shape) for c in letters]
    return [last]


def join_spaced_items(codes: list[Code], text: str) -> list[Code]:
    """`C1 d` (Finnish "momentin C1 d-kohta") is one code: C1d (but `A a B` is A and B)."""
    out: list[Code] = []
    for code in codes:
        prev = out[-1] if out else None
        spaced = prev and f"{prev.text} {code.text}" in text
        numbered = prev and len(prev.parts) == 2  # a section and a subsection: `C1`
        if prev and code.shape == "item" and prev.shape == "section" and spaced and numbered:
            prev.parts = prev.parts + code.parts
            prev.text = f"{prev.text} {code.text}"
        else:
            out.append(code)
    return out


def resolve(code: Code, scope: str, context: Unit | None, ids: set[str] | None) -> tuple[str, str]:
    """A code's canonical id and, when no unit has it, the reason ("" when it resolves).
    With `ids` None (a card, which has no law units of its own) every well-formed code
    resolves to its id in the card's edition.

    >>> resolve(Code("39B1b(1)", ["39", "B", "1", "b", "1"], "section"), "book", None, {"39.B"})
    ('39.B.1.b.i', 'no unit 39B1b(1) in this book')
    """
    parts = list(code.parts)
    if scope == "law":
        if context is None:
            return "", "a reference inside a law outside any law"
        base = context.id.split(".")
        if code.shape == "section":
            parts = base[:1] + parts
        else:
            depth = 3 if code.shape == "item" else 2  # the subsection or section above
            while len(base) > depth or (len(base) > 1 and ".".join(base) not in ids):
                base.pop()
            parts = base[:depth] + parts
    uid = ".".join(
        canonical(p, LAW_LEVELS[i]) if i < len(LAW_LEVELS) else p for i, p in enumerate(parts)
    )
    if code.malformed:
        return uid, f"misprinted code {code.text}"
    if ids is None or uid in ids:
        return uid, ""
    return uid, f"no unit {code.text} in this book"


def find_refs(text: str, refs: References) -> Iterator[tuple[re.Match[str], RefForm]]:
    """The reference matches in a text, each form's matches not overlapping earlier ones."""
    taken: list[tuple[int, int]] = []
    for form in refs.forms:
        for m in form.pattern.finditer(text):
            if not m.group("codes").strip():
                continue
            if any(m.start() < b and a < m.end() for a, b in taken):
                continue
            taken.append((m.start(), m.end()))
            yield m, form


def locate(text: str, code: str, raw: list[str], lines: tuple[int, int], after: int = 0) -> int:
    """The source line of a reference in a line range: the first line from `after` (the
    previous reference's line) holding the whole reference, else its start, else its end (a
    reference split over lines), else its code; then the same from the range's start."""
    span = [(no, raw[no - 1].replace("\u00a0", " ")) for no in range(lines[0], lines[1] + 1)]
    for start in (max(after, lines[0]), lines[0]):
        for probe in (text, text[:20], text[:10], text[-12:], code):
            for no, line in span:
                if no >= start and probe in line:
                    return no
    return lines[0]


def apply(
    doc: Document,
    raw: list[str],
    errata: dict[int, dict] | None = None,
    refs: References | None = None,
) -> None:
    """Fill every unit's `refs` and `cited_by`; list what does not resolve in
    `doc.unresolved` as `file:line: "text": reason`.

    A code that names no unit links nowhere: it is kept in its ref's `misprints` (the code
    as printed, where it stands, why). `errata` (the document's `[reference_errata]`) maps a
    line to a code printed there that is a misprint, `{"printed", "meant", "why"}`: that code
    is a misprint too, with the unit it means as its `suggestion`. `refs`: how the book
    refers to laws (its language's shipped profile's by default; none: no reference)."""
    try:
        refs = refs or load_references(doc.lang)
    except KeyError:  # a language with no profile: no reference is read
        return
    ids = None if doc.kind == "card" else {u.id for u in doc.units}
    by_id = {u.id: u for u in doc.units}
    unmet = dict(errata or {})
    for unit in doc.units:
        if unit.kind in SKIPPED_KINDS:
            continue
        context = by_id.get(unit.id) if law_of(unit.id) else None
        after_unit = (unit.lines[1], tail_end(unit, by_id, len(raw)))
        sources = [(unit.title, unit.lines, "title"), (unit.text, unit.lines, "")]
        sources += [(unit.tail, after_unit, "tail")] if unit.tail else []
        sources += [(f.text, f.lines, f.marker) for f in unit.footnotes]
        for source, span, marker in sources:
            # The body of a titled unit starts after its title's line.
            after = span[0] + 1 if source is unit.text and unit.title else 0
            for m, form in find_refs(source, refs):
                if form.scope == "previous":
                    before = previous_sibling(unit, doc.units)
                    if before is not None:
                        line = locate(m.group(0), m.group(0), raw, span, after)
                        ref = {"text": m.group(0), "targets": [before], "line": line}
                        unit.refs.append(ref)
                    continue
                scope = form.scope == "law"
                codes = split_codes(m.group("codes"), scope, refs.glued, alternation((refs.pages,)))
                if not codes:
                    continue
                text = m.group(0).strip()
                line = locate(text, codes[0].text, raw, span, after)
                after = line
                offset = m.start("codes") - m.start() - (len(m.group(0)) - len(m.group(0).lstrip()))
                ref: dict = {"text": text, "targets": [], "line": line, "spans": []}
                for code in codes:
                    uid, reason = resolve(code, form.scope, context, ids)
                    where = [offset + code.start, offset + code.start + len(code.text)]
                    fix = (errata or {}).get(line)
                    fix = fix if fix is not None and fix["printed"] == code.text else None
                    if fix is not None:
                        unmet.pop(line, None)
                        reason = reason or f"misprinted code {code.text}"
                    if reason:
                        misprint = {"code": code.text, "id": uid, "reason": reason}
                        misprint |= {"at": where} if code.start >= 0 else {}
                        misprint |= meant(fix, ids, doc, line) if fix is not None else {}
                        ref.setdefault("misprints", []).append(misprint)
                        continue
                    if uid not in ref["targets"]:
                        ref["targets"].append(uid)
                    if code.start >= 0:
                        ref["spans"].append([*where, uid])
                if marker in ("title", "tail"):
                    ref["field"] = marker
                elif marker:
                    ref["footnote"] = marker
                if ref.get("misprints"):
                    ref["unresolved"] = "; ".join(x["reason"] for x in ref["misprints"])
                    message = f'"{text}": {ref["unresolved"]}'
                    doc.unresolved.append(Problem(doc.source, line, message))
                unit.refs.append(ref)
    for line, fix in unmet.items():
        message = f"reference erratum names no code {fix['printed']} on this line"
        doc.problems.append(Problem(doc.source, line, message))
    cited_by(doc.units)


def meant(fix: dict, ids: set[str] | None, doc: Document, line: int) -> dict[str, str]:
    """What a reference erratum says a misprinted code means: the unit (`suggestion`) and
    why; a meant code that names no unit of the book is an error."""
    parts = code_parts(fix["meant"]) or []
    uid, reason = resolve(Code(fix["meant"], parts, "section"), "book", None, ids)
    if reason or not parts:
        doc.problems.append(Problem(doc.source, line, f"reference erratum: {fix['meant']}?"))
        return {}
    return {"suggestion": uid, "why": fix["why"]}


def tail_end(unit: Unit, by_id: dict[str, Unit], last: int) -> int:
    """The last source line a unit's tail may stand on: its parent's last line."""
    parent = by_id.get(unit.parent or "")
    return parent.lines[1] if parent is not None else last


def previous_sibling(unit: Unit, units: list[Unit]) -> str | None:
    """The id of the unit printed before `unit` under the same parent (None if first)."""
    siblings = [u.id for u in units if u.parent == unit.parent and u.kind == unit.kind]
    at = siblings.index(unit.id) if unit.id in siblings else 0
    return siblings[at - 1] if at else None


def cited_by(units: list[Unit]) -> None:
    """For every unit, the units of the same document that refer to it."""
    by_id = {u.id: u for u in units}
    for unit in units:
        for ref in unit.refs:
            for target in ref["targets"]:
                holder = by_id.get(target)
                if holder is not None and unit.id not in holder.cited_by:
                    holder.cited_by.append(unit.id)
