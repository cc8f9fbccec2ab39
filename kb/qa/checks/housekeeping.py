"""The housekeeping report (not the translator's list): what changed between the editions
(`drift`) and what the parser met in each source (`source`)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from kb.core.ids import LAW_LEVELS, law_of, lineage
from kb.core.model import Unit
from kb.crosslang import editions
from kb.crosslang.library import Book
from kb.qa.checks.base import (
    Check,
)
from kb.qa.groups import Alignment
from kb.qa.model import Finding, Where, render, source_code


def moved(uid: str) -> tuple[str, tuple[str, ...]] | None:
    """Where the map moves a 2007 unit: the map entry that decides it (the unit's or its
    nearest listed ancestor's) and its 2017 ids, when they are not the entry's own id.

    >>> moved("16.C.2.a"), moved("12.C.1"), moved("13.E")
    (('16.C.2', ('16.D.2',)), None, ('13.E', ()))
    """
    entries = editions.default_map().entries
    key = next((k for k in lineage(uid) if k in entries), None)
    if key is None or entries[key] == (key,):
        return None
    return key, entries[key]


def _drift_sides(a: Alignment, uid: str) -> tuple[Where, ...]:
    """The 2017 side of a drift finding: the unit the map gives (or where it would be) in the
    first chosen 2017 law book."""
    newer = editions.default_map().editions[1]
    modern = [x for x in a.peers + a.others if a.book(x).edition == newer]
    if not modern:
        return ()
    targets = editions.to_newer(uid) or (law_of(uid) or uid,)
    return (a.where(modern[0], targets[0]),)


def check_drift(a: Alignment) -> Iterator[Finding]:
    """2007 units whose 2017 counterpart has another id or none (every unit of a 2007 law
    book the map moves), and the 2007 units a 2007 card cites or refers to that moved.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> [f.message for f in check_drift(align_books(get_library(), ["sv"]))][:1]
    ['topic.62 cites 2007 16.D, which is 16.C in 2017']
    """
    older, newer = editions.default_map().editions
    for lang in a.langs:
        book = a.book(lang)
        if book.edition != older:
            continue
        for unit in book.units:
            if book.kind == "card":
                cited = [(c, unit.lines[0]) for c in unit.cites] + [
                    (t, r.get("line", unit.lines[0])) for r in unit.refs for t in r["targets"]
                ]
            else:
                cited = [(unit.id, unit.lines[0])] if unit.kind in LAW_LEVELS else []
            first: dict[str, int] = {}
            for uid, line in cited:
                first.setdefault(uid, line)
            for uid, line in first.items():
                found = moved(uid)
                if found is None:
                    continue
                key, targets = found
                code = "drift.card" if book.kind == "card" else "drift.book"
                code += ".gone" if not targets else ".part" if key != uid else ""
                params = {"id": unit.id, "uid": uid, "targets": ", ".join(targets), "key": key,
                          "older": older, "newer": newer}  # fmt: skip
                message = render(code, **params)
                where = (Where(lang, unit.id, book.meta["source"], line), *_drift_sides(a, uid))
                langs = tuple(dict.fromkeys(w.lang for w in where))
                severity = "warning" if not targets else "info"
                law = law_of(uid)
                yield Finding("drift", severity, unit.id, langs, message, where, law, code, params)


_PROBLEM = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+): (?P<message>.*)$", re.S)


def _unit_at(book: Book, line: int, message: str) -> Unit:
    """The unit a source problem belongs to: the one its message names, else the unit with a
    footnote printed at the line, else the narrowest unit whose lines hold the line."""
    named = message.split(":")[0]
    if named in book.by_id:
        return book.by_id[named]
    noted = [u for u in book.units for f in u.footnotes if f.lines[0] <= line <= f.lines[1]]
    holding = noted or [u for u in book.units if u.lines[0] <= line <= u.lines[1]]
    return min(holding, key=lambda u: u.lines[1] - u.lines[0], default=book.units[0])


def problems(a: Alignment, lang: str) -> Iterator[tuple[str, Unit, Where, str]]:
    """What the parser met in a book's source, in its order: per problem its severity
    (references naming no unit are warnings, the oddities it handled info), its unit, its
    place and its message.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["tr"])
    >>> [(u.id, w.line) for _, u, w, m in problems(a, "tr") if m.startswith("footnote marker")]
    [('76.C.1', 2101), ('76.D', 2107)]
    """
    book = a.book(lang)
    for severity, problem in [("warning", p) for p in book.unresolved] + [
        ("info", p) for p in book.notes
    ]:
        m = _PROBLEM.match(problem)
        if m is not None:
            line = int(m["line"])
            unit = _unit_at(book, line, m["message"])
            yield severity, unit, Where(lang, unit.id, m["file"], line), m["message"]


def check_source(a: Alignment) -> Iterator[Finding]:
    """What the parser met in each source: references naming no unit (warnings) and the
    oddities it handled, such as misnumbered footnotes or labels (info).

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> [(f.id, f.where[0].source) for f in check_source(align_books(get_library(), ["fi"]))]
    [('27.B.1.b', 'corpus/fi/fi.txt:1043'), ('45.C.4.b', 'corpus/fi/fi.txt:1421'), \
('options', 'corpus/fi/fi.txt:2532')]
    """
    for lang in a.langs:
        for severity, unit, where, message in problems(a, lang):
            law = law_of(unit.id) if unit.kind in LAW_LEVELS else None
            code, params = source_code(message)
            yield Finding("source", severity, unit.id, (lang,), message, (where,), law, code,
                          params)  # fmt: skip


CHECKS = (
    Check("drift", "housekeeping", check_drift),
    Check("source", "housekeeping", check_source),
)
