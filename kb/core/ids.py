"""Canonical unit ids, owned here: the levels of the law tree, a unit code read into its
parts and written as an id, the law of an id, its lineage. Every other module calls these
(none splits an id itself).

A canonical id joins a unit's labels with dots, subitems always in roman numerals
(`12.C.1.b`, `40.B.2.a.v`); what is not in the law tree has a kind prefix (`def.alert`,
`topic.63`, `77.table.1`, `table.29`).

>>> code_parts("12C1(b)")
['12', 'C', '1', 'b']
>>> code_parts("40B2a(v)"), code_parts("80B2/k"), code_parts("16c2")
(['40', 'B', '2', 'a', 'v'], ['80', 'B', '2', 'k'], ['16', 'C', '2'])
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.core.model import Unit

# Kinds of the law tree, outermost first: the depth of a kind is its index.
LAW_LEVELS: tuple[str, ...] = ("law", "section", "subsection", "item", "subitem")


def unit_id(*parts: str) -> str:
    """Join the parts of a canonical id.

    >>> unit_id("40", "B", "2", "a", "v")
    '40.B.2.a.v'
    """
    return ".".join(parts)


ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii")


def canonical(value: str, level: str) -> str:
    """The value as it stands in a canonical id: subitems always in roman numerals.

    >>> canonical("2", "subitem"), canonical("b", "item")
    ('ii', 'b')
    """
    if level == "subitem" and value.isdigit():
        return ROMAN[int(value) - 1]
    return value


def unnamed(pattern: str) -> str:
    """A pattern with its named groups made plain groups, to be repeated inside another
    pattern (a name may stand once in a pattern).

    >>> unnamed("(?P<law>[0-9]+)(?P<sec>[A-H])?")
    '(?:[0-9]+)(?:[A-H])?'
    """
    return re.sub(r"\(\?P<\w+>", "(?:", pattern)


_SUBITEM = r"(?:\((?:i{1,3}|iv|vi{0,3}|[1-9])\))"
# The notation of a unit code written in full: a law number, then a section letter (after an
# optional space; lower case only when a digit follows), a subsection number, an item (in
# parentheses, after a slash or bare), subitems in parentheses.
_FULL = (
    r"(?P<law>\d{1,2})(?:[ \u00a0]?(?P<sec>[A-H])(?![^\W\d_]{2})|(?P<secl>[a-h])(?=\d))?"
    r"(?P<sub>\d{1,2})?(?:\((?P<ip>[a-l])\)|/(?P<isl>[a-l])|(?P<ib>[a-l])(?![^\W\d_]))?"
    rf"(?P<subs>{_SUBITEM}*)"
)
# A code on its own may also end in a subitem's bare digit after its item (`39B1b1`).
FULL_CODE = re.compile(_FULL + r"(?P<sd>(?<=[a-l])[1-9](?!\d))?")
# The same notation inside a reference form of a profile, which may list several codes; the
# bare subitem digit is left out there (in running text a digit after a code's letter is
# read as the code's end, as the forms have always read it).
CODE = unnamed(_FULL)
RELATIVE_CODE = re.compile(
    r"(?:(?P<sec>[A-H])|(?P<secl>[a-h])(?=\d))?(?P<sub>\d{1,2})?"
    r"(?:\((?P<ip>[a-l])\)|(?P<ib>[a-l])(?![^\W\d_]))?"
    rf"(?P<subs>{_SUBITEM}*)(?P<sd>(?<=[a-l])[1-9](?!\d))?"
)


def match_parts(m: re.Match[str], relative: bool) -> list[str]:
    """The parts of a matched code (`FULL_CODE`, or `RELATIVE_CODE` when `relative`).

    >>> match_parts(RELATIVE_CODE.fullmatch("C2(a)"), True)
    ['C', '2', 'a']
    """
    sec = m.group("sec") or (m.group("secl") or "").upper()
    item = m.group("ip") or m.group("ib") or (m.groupdict().get("isl") or "")
    subs = re.findall(r"\(([^)]*)\)", m.group("subs") or "")
    if m.group("sd"):
        subs.append(m.group("sd"))
    head = [] if relative else [m.group("law")]
    return head + [p for p in (sec, m.group("sub") or "", item, *subs) if p]


def code_parts(text: str, relative: bool = False) -> list[str] | None:
    """The parts of a code written in full (`relative`: a code inside a law, `C2`, `2(c)`)."""
    m = (RELATIVE_CODE if relative else FULL_CODE).fullmatch(text.strip())
    return match_parts(m, relative) if m and m.group(0) else None


def law_of(uid: str) -> str | None:
    """The law an id belongs to (None outside the law tree: a definition, a card topic or
    table).

    >>> law_of("12.C.1.b"), law_of("77.table.1"), law_of("def.alert"), law_of("topic.63")
    ('12', '77', None, None)
    """
    head = uid.split(".")[0]
    return head if head.isdigit() else None


def lineage(uid: str) -> list[str]:
    """The unit and its ancestors, nearest first.

    >>> lineage("16.D.2")
    ['16.D.2', '16.D', '16']
    """
    parts = uid.split(".")
    return [".".join(parts[:n]) for n in range(len(parts), 0, -1)]


def table_of(uid: str) -> str | None:
    """The law-tree unit a table of a law belongs to (None: not a law's table).

    >>> table_of("77.table.6"), table_of("78.B.table"), table_of("2.table"), table_of("table.27")
    ('77', '78.B', '2', None)
    """
    head, dot, _rest = uid.partition(".table")
    return head if dot and law_of(head) else None


def inside(uid: str, top: str) -> bool:
    """Whether a unit is below another (not the unit itself: `within` counts it).

    >>> inside("16.C.2", "16.C"), inside("16.C", "16.C"), inside("16.CC", "16.C")
    (True, False, False)
    """
    return uid.startswith(top + ".")


def within(uid: str, top: str) -> bool:
    """Whether a unit is another or below it (its subtree).

    >>> within("16.C", "16.C"), within("16.C.2", "16.C"), within("16.D", "16.C")
    (True, True, False)
    """
    return uid == top or inside(uid, top)


def related(a: str, b: str) -> bool:
    """Whether two ids are the same unit or one is inside the other.

    >>> related("22", "22.A"), related("16.C", "16.D"), related("16.C.2", "16.C")
    (True, False, True)
    """
    return within(a, b) or inside(b, a)


def anchor(uid: str) -> str:
    """The HTML anchor of a unit: its id without dots (`12.C.1.b` -> `12C1b`).

    >>> anchor("40.B.2.a.v")
    '40B2av'
    """
    return uid.replace(".", "")


@dataclass(frozen=True)
class Tail:
    """The place of a unit's tail in print order: after the unit's subtree."""

    unit: Unit


def print_order(units: list[Unit]) -> list[Unit | Tail]:
    """Units in document order with each unit's tail placed after the unit's own subtree
    (a root's tail, belonging to a parent not given, is left out).

    >>> a = Unit("1", "law", "1", "", "", "fi", 2017, (1, 3))
    >>> b = Unit("1.A", "section", "A.", "", "a", "fi", 2017, (1, 1), tail="after A")
    >>> c = Unit("1.B", "section", "B.", "", "b", "fi", 2017, (2, 2), tail="after B")
    >>> [x.unit.tail if isinstance(x, Tail) else x.id for x in print_order([a, b, c])]
    ['1', '1.A', 'after A', '1.B', 'after B']
    """
    out: list[Unit | Tail] = []
    open_: list[Unit] = []
    for unit in units:
        while open_ and not inside(unit.id, open_[-1].id):
            done = open_.pop()
            if done.tail and open_:
                out.append(Tail(done))
        open_.append(unit)
        out.append(unit)
    while len(open_) > 1:
        done = open_.pop()
        if done.tail:
            out.append(Tail(done))
    return out


def unit_path(lang: str, uid: str) -> str:
    """The site's address of a unit of a book (a law book: the site shows a card's law units
    on the comparison page, `kb.web.pages.links.unit_url`): a law-tree unit on its law's page at its
    anchor, a definition in the glossary, anything else on its own page. Used by the site
    and by the QA report.

    >>> unit_path("et", "52.A.c"), unit_path("fi", "12"), unit_path("tr", "def.bord")
    ('/et/law/52#52Ac', '/fi/law/12', '/tr/definitions#defbord')
    >>> unit_path("sv", "topic.62")
    '/sv/part/topic.62'
    """
    law = law_of(uid)
    if uid.startswith("def."):
        return f"/{lang}/definitions#{anchor(uid)}"
    if law is None:
        return f"/{lang}/part/{uid}"
    return f"/{lang}/law/{law}" + (f"#{anchor(uid)}" if uid != law else "")
