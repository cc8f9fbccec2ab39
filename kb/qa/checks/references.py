"""Cross-references: what each book cites in a unit, as full unit ids through its own
resolution, compared across the books (`refs`), and a 2007 number cited where the others
cite its 2017 counterpart (`edition`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from kb.core.ids import code_parts, lineage, related
from kb.core.model import Unit
from kb.crosslang import editions
from kb.qa.checks.base import (
    Check,
    group_finding,
    names,
    ordered,
)
from kb.qa.groups import Alignment, Group
from kb.qa.model import Finding


def citations(unit: Unit) -> dict[str, tuple[str, int]]:
    """The units a unit's text cites, as full ids through the book's own resolution (same-law
    references included), each with the code as printed and its line, in print order. A
    misprinted code (kb/crosslang/misprints.py: it names no unit of the book, or the other books
    contradict it) is cited as printed: it stands for the id it spells (`spelled`), not
    for its suggestion. References in footnotes (the translator's own) and in the
    parent's text printed after the unit are left out.

    >>> u = Unit("6.D.3", "subsection", "3.", "", "", "et", 2017, (811, 811), refs=[
    ...     {"text": "reegel 22B ja 86C", "targets": ["22.B"], "line": 811,
    ...      "spans": [[7, 10, "22.B"]], "misprints": [{"code": "86C", "id": "86.C",
    ...      "at": [14, 17], "reason": "no unit 86C in this book"}]}])
    >>> citations(u)
    {'22.B': ('22B', 811), '86.C': ('86C', 811)}
    """
    found: dict[str, tuple[str, int]] = {}
    for ref in unit.refs:
        if ref.get("footnote") or ref.get("field") == "tail":
            continue
        line = ref.get("line", unit.lines[0])
        codes = [tuple(s) for s in ref.get("spans", [])]  # none: no code ("see above")
        codes += [(*m["at"], spelled(m)) for m in ref.get("misprints", []) if "at" in m]
        for start, end, uid in sorted(codes):
            found.setdefault(uid, (ref["text"][start:end], line))
    return found


def spelled(misprint: dict) -> str:
    """The id a misprinted code spells, as printed (`39B1b(1)` is 39.B.1.b.1, not the
    39.B.1.b.i of the resolver); a code relative to its unit (`C`) or malformed (`26V`),
    the id the book's resolver reads in it.

    >>> spelled({"code": "39B1b(1)", "id": "39.B.1.b.i"}), spelled({"code": "C", "id": "24.C"})
    ('39.B.1.b.1', '24.C')
    """
    parts = code_parts(misprint["code"])
    return ".".join(parts) if parts else misprint["id"]


def modern(uid: str) -> str | None:
    """The 2017 id of a 2007 id the map moves (its nearest listed ancestor's entry, with the
    parts below it kept where the entry moves one unit to one of the same depth); None when
    the map keeps it or gives no counterpart.

    >>> modern("16.D.1"), modern("73.F.2"), modern("23"), modern("12.C.1"), modern("13.E")
    ('16.C.1', '73.E.2', '72.C', None, None)
    """
    entries = editions.default_map().entries
    key = next((k for k in lineage(uid) if k in entries), None)
    if key is None or len(entries[key]) != 1 or entries[key] == (key,):
        return None
    (target,) = entries[key]
    rest = uid[len(key) :]
    return target + rest if rest and target.count(".") == key.count(".") else target


def compact(uid: str) -> str:
    """A unit id as the Laws print it: `30.B.1.b.i` is 30B1b(i).

    >>> compact("30.B.1.b.i"), compact("24.E"), compact("86")
    ('30B1b(i)', '24E', '86')
    """
    parts = uid.split(".")
    return "".join(parts[:4]) + "".join(f"({p})" for p in parts[4:])


def mentions(text: str, uid: str) -> bool:
    """Whether a text prints a code of the unit below its law (`B1b`, `B1(b)`, `C`, `a)`):
    a reference the book's reference parser did not read, so not one the book lacks.

    >>> mentions("Yukarıda B1(b) ile hükme", "27.B.1.b"), mentions("vt C):", "30.C")
    (True, True)
    >>> mentions("eelneva a) või b) põhjal", "52.B.1.a"), mentions("vt reeglit 23", "72.C")
    (True, False)
    """
    parts = uid.split(".")
    for k in range(1, len(parts)):
        rel = parts[k:]
        forms = {"".join(rel), "".join(rel[:2]) + "".join(f"({p})" for p in rel[2:])}
        if len(rel) == 1 and rel[0].islower():
            forms.add(rel[0] + ")")
        for form in forms:
            if re.search(rf"(?<!\w){re.escape(form)}(?![\w])", text):
                return True
    return False


def _reference_findings(a: Alignment) -> Iterator[Finding]:
    """The findings of the `refs` and `edition` checks (see `check_refs`)."""
    for group in a.groups:
        units = {x: group.unit(x) for x in a.peers}
        cites = {x: citations(u) for x, u in units.items() if u is not None and u.text.strip()}
        if len(cites) < 2:
            continue
        langs = list(cites)
        extra: dict[str, list[str]] = {x: [] for x in langs}
        lacks: dict[str, list[str]] = {x: [] for x in langs}
        for uid in sorted(set().union(*cites.values()), key=_cite_order(cites)):
            holders = [x for x in langs if uid in cites[x]]
            if all(x in holders or mentions(units[x].text, uid) for x in langs):
                continue  # a book printing the code its parser did not read cites it too
            if len(holders) * 2 <= len(langs):
                for x in holders:
                    extra[x].append(uid)
            if len(holders) * 2 >= len(langs):
                for x in langs:
                    if x not in holders:
                        lacks[x].append(uid)
        yield from _explain(a, group, cites, extra, lacks)


def _cite_order(cites: dict[str, dict[str, tuple[str, int]]]) -> Callable[[str], tuple]:
    """Cited ids in the order the first book citing them prints them."""
    place = {}
    for found in cites.values():
        for n, uid in enumerate(found):
            place.setdefault(uid, n)
    return lambda uid: (place[uid], uid)


Cites = dict[str, dict[str, tuple[str, int]]]  # per language, its citations (`citations`)


def _explain(a: Alignment, group: Group, cites: Cites, extra: dict[str, list[str]],
             lacks: dict[str, list[str]]) -> Iterator[Finding]:  # fmt: skip
    """One finding per language whose citations differ: a 2007 number where the others cite
    its 2017 counterpart (`edition`), else what it cites and the others do not, and what they
    cite and it does not (`refs`); a group where several books each cite their own unit is
    one finding naming each."""
    langs = list(cites)

    def printed(x: str, uids: list[str]) -> str:
        return ", ".join(compact(u) for u in uids)

    def sides(x: str, own: list[str], theirs: list[str]) -> tuple[tuple[str, ...], dict, dict]:
        others = [y for y in langs if y != x and (not theirs or theirs[0] in cites[y])]
        words = {x: cites[x][own[0]][0]} if own else {}
        lines = {x: cites[x][own[0]][1]} if own else {}
        for y in others:
            if theirs:
                words[y], lines[y] = cites[y][theirs[0]]
        return ordered([x], others or [y for y in langs if y != x]), words, lines

    older = editions.default_map().editions[0]  # the edition whose numbers moved
    for x in langs:
        for old in list(extra[x]):
            new = modern(old)
            match = next((m for m in lacks[x] if new and related(m, new)), None)
            if match is None:
                continue
            for y in langs:  # with two books, the other's side of the same difference
                for found, uid in ((extra[y], old), (lacks[y], match), (extra[y], match),
                                   (lacks[y], old)):  # fmt: skip
                    if uid in found and (y == x or found is not extra[x]):
                        found.remove(uid)
            order, words, lines = sides(x, [old], [match])
            params = {"odd": x, "cites": compact(old), "cite": compact(match),
                      "others": names(order[1:]), "older": older}  # fmt: skip
            # 2007 16C is 2017 16D and 2007 16D is 2017 16C: of two books either may be
            # citing the 2007 number.
            swap = len(langs) == 2 and modern(match) == old
            code, odd = ("edition.swap", order) if swap else ("edition", [x])
            fix = {"code": "fix.cite", "cite": compact(match)}
            yield group_finding(
                a, "edition", "error", group, order, code, params, odd, words, lines, fix
            )
    split = [x for x in langs if extra[x] and not lacks[x]]
    if len(split) >= 2 and len(split) * 2 >= len(langs):
        sides_text = "; ".join(f"{x} {printed(x, extra[x])}" for x in split)
        words = {x: cites[x][extra[x][0]][0] for x in split}
        lines = {x: cites[x][extra[x][0]][1] for x in split}
        params = {"sides": sides_text, "odd": names(split)}
        order = ordered(split, langs)
        yield group_finding(
            a, "refs", "warning", group, order, "refs.split", params, split, words, lines
        )
        for x in split:
            extra[x] = []
    pair = len(langs) == 2  # of two books neither can be blamed alone: one finding on both
    for x in langs:
        own, theirs = extra[x], lacks[x]
        if not own and not theirs:
            continue
        order, words, lines = sides(x, own, theirs)
        code = "refs.differ" if own and theirs else "refs.extra" if own else "refs.lacks"
        params = {"odd": x, "cites": printed(x, own), "cite": printed(x, theirs),
                  "others": names(order[1:])}  # fmt: skip
        odd = order if pair else [x]
        fix = {"code": "fix.cite", "cite": printed(x, theirs)} if theirs and not pair else None
        yield group_finding(a, "refs", "warning", group, order, code, params, odd, words, lines,
                            fix)  # fmt: skip
        if pair:
            break


def check_refs(a: Alignment) -> Iterator[Finding]:
    """Citations that differ between the books of an edition, compared as full unit ids
    (same-law references included): one finding per book that cites what the others do not
    or does not cite what they all cite (with two books, each side's difference).

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> [f.message for f in check_refs(a) if f.id == "20.F.6"]
    ['et cites 47C where fi, tr cite 47E']
    """
    return (f for f in _reference_findings(a) if f.check == "refs")


def check_edition(a: Alignment) -> Iterator[Finding]:
    """A book citing a 2007 number (read through the edition map) where the others cite its
    2017 counterpart.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> [f.message for f in check_edition(a) if f.id == "45.C.4.b"]
    ['fi cites 16D1, the 2007 number of 16C1, which tr, et cite']
    """
    return (f for f in _reference_findings(a) if f.check == "edition")


CHECKS = (
    Check("refs", "references", check_refs),
    Check("edition", "references", check_edition),
)
