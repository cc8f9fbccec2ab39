"""Checks of the law tree: units a book lacks (`missing`), units only a minority has
(`extra`), units with no text where the others have text (`empty`), a heading (`headings`)
or a footnote (`footnotes`) the other books print at a unit and one book does not, a
heading naming fewer things than the others' (`headings.fewer`), and a heading its book's
contents list prints another way (`headings.contents`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import cache
from typing import Any

from kb.core.ids import lineage
from kb.core.model import Unit
from kb.ingest.clean import footnote_key
from kb.profiles import alternation, load_qa_words
from kb.qa.checks.base import (
    Check,
    group_finding,
    names,
    ordered,
    present_in,
    vocabulary,
)
from kb.qa.checks.contents import mismatches
from kb.qa.checks.housekeeping import problems
from kb.qa.checks.spelling import dictionary
from kb.qa.groups import Alignment, Group
from kb.qa.model import Finding, source_code


def check_missing(a: Alignment) -> Iterator[Finding]:
    """Units a book lacks where the others have them (by id; for the other edition, the ids
    the map gives). A unit under a unit reported missing is not reported again.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> [f.message for f in check_missing(a)][:2]
    ['16.C.3 is in fi, tr, not in et', '30.B.2 is in fi, tr, not in et']
    """
    reported: set[tuple[str, str]] = set()
    for group in a.groups:
        present, minority = present_in(a, group)
        for lang in a.peers + a.others:
            if not a.absent(lang, group.id) or (lang in a.peers and minority):
                continue
            reported.add((lang, group.id))
            if any((lang, up) in reported for up in lineage(group.id)[1:]):
                continue
            prefix = group.id + "."
            below = sum(g.id.startswith(prefix) and a.absent(lang, g.id) for g in a.groups)
            if lang in a.peers:
                code = "missing.below" if below else "missing.peer"
                params: dict[str, Any] = {"id": group.id, "present": names(present), "odd": lang,
                                          "below": below}  # fmt: skip
            else:
                code = "missing.other"
                params = {"id": group.id, "expected": ", ".join(a.expected(lang, group.id)),
                          "edition": a.book(lang).edition, "odd": lang}  # fmt: skip
            langs = ordered([lang], present)
            fix = {"code": "fix.unit", "id": group.id, "others": names(present)}
            yield group_finding(a, "missing", "error", group, langs, code, params, [lang],
                                fix=fix if lang in a.peers else None)  # fmt: skip


def check_extra(a: Alignment) -> Iterator[Finding]:
    """Units only a minority of the books of an edition have (by id).

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> [f.message for f in check_extra(a)]  # et's 51B2c, printed inside 52A, is placed
    []
    """
    for group in a.groups:
        present, minority = present_in(a, group)
        if not minority:
            continue
        parent = a.group(lineage(group.id)[1]) if "." in group.id else None
        if parent is not None and present_in(a, parent)[0] == present:
            continue  # reported with its parent
        absent = [x for x in a.peers if x not in present]
        params = {"id": group.id, "odd": names(present), "others": names(absent)}
        langs = ordered(present, absent)
        yield group_finding(a, "extra", "error", group, langs, "extra", params, present)


def check_empty(a: Alignment) -> Iterator[Finding]:
    """Units with no text in some books of an edition where the others have text.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> [f.message for f in check_empty(align_books(get_library(), ["fi", "et"]))][0]
    '16.B.1 has no text in fi; text in et'
    """
    for group in a.groups:
        units = {x: group.unit(x) for x in a.peers}
        units = {x: u for x, u in units.items() if u is not None}
        full = [x for x, u in units.items() if u.text.strip()]
        empty = [x for x, u in units.items() if not u.text.strip()]
        if full and empty and not _moved_down(a, group, full, empty):
            params = {"id": group.id, "odd": names(empty), "others": names(full)}
            langs = ordered(empty, full)
            yield group_finding(a, "empty", "warning", group, langs, "empty", params, empty)


def _moved_down(a: Alignment, group: Group, full: list[str], empty: list[str]) -> bool:
    """Whether the books with text print it where the others print their first child's: the
    child is empty in exactly those books (one issue, reported on the child)."""
    child = next((g for g in a.groups if lineage(g.id)[1:2] == [group.id]), None)
    if child is None or "." not in group.id:
        return False
    units = {x: child.unit(x) for x in full + empty}
    return (
        all(u is not None for u in units.values())
        and [x for x, u in units.items() if u is not None and not u.text.strip()] == full
    )


def _lacking(
    a: Alignment, group: Group, has: Callable[[Unit], bool]
) -> tuple[str, list[str]] | None:
    """The one book (of three or more that have the unit) whose unit lacks what every other
    book's has, with the others."""
    units = {x: group.unit(x) for x in a.peers}
    if len(units) < 3 or any(u is None for u in units.values()):
        return None
    lacking = [x for x, u in units.items() if u is not None and not has(u)]
    if len(lacking) != 1:
        return None
    return lacking[0], [x for x in units if x not in lacking]


def check_headings(a: Alignment) -> Iterator[Finding]:
    """A section heading every other book prints (two at least) and one book does not, the
    fix the heading the others print; then the headings a book's contents list prints
    another way (`headings.contents`).

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> found = list(check_headings(align_books(get_library(), ["fi", "tr", "et"])))
    >>> [(f.id, f.about) for f in found if f.code == "headings"]
    [('39.C', ('et',)), ('57.D', ('fi',))]
    >>> [f.id for f in found if f.code == "headings.contents"][:3]
    ['14', '38', '60']
    """
    for group in a.groups:
        found = _lacking(a, group, lambda u: bool(u.title.strip()))
        if found is None:
            continue
        lang, others = found
        titles = {x: group.units[x][0].title.strip() for x in others}
        words = "; ".join(titles.values())
        params = {"id": group.id, "odd": lang, "others": names(others), "words": words}
        finding = group_finding(a, "headings", "warning", group, ordered([lang], others),
                                "headings", params, [lang], titles)  # fmt: skip
        yield replace(finding, fix={"code": "fix.heading", "others": names(others),
                                    "words": words})  # fmt: skip
    yield from _fewer_parts(a)
    yield from _against_contents(a)


@cache
def _joins(lang: str) -> re.Pattern[str] | None:
    """What separates the things a heading names in a language: a comma, a semicolon, or
    one of the words its profile lists as joining them (`headings.joins`)."""
    words = tuple(load_qa_words(lang).get("headings", {}).get("joins", ()))
    return re.compile(rf"[,;]|\s(?:{alternation(words).pattern})\s", re.I) if words else None


def parts(lang: str, title: str) -> int:
    """How many things a heading names: its parts between commas and joining words.

    >>> parts("fi", "TIETOJEN VAIHTO"), parts("et", "Teabe edastamine, tempo ja petmine")
    (1, 3)
    """
    joins = _joins(lang)
    return len([p for p in joins.split(title) if p.strip()]) if joins else 0


def _fewer_parts(a: Alignment) -> Iterator[Finding]:
    """A heading naming fewer things than the others (two at least) each name, as many each
    (fi 73 "TIETOJEN VAIHTO" where tr and et add tempo and deception): it leaves some out."""
    for group in a.groups:
        titles = {x: u.title.strip() for x in a.peers if (u := group.unit(x)) and u.title.strip()}
        count = {x: parts(x, t) for x, t in titles.items()}
        if len(count) < 3 or not all(count.values()):
            continue
        for lang, n in count.items():
            others = [y for y in count if y != lang]
            if len({count[y] for y in others}) == 1 and n < count[others[0]]:
                params = {"id": group.id, "odd": lang, "count": n, "others": names(others),
                          "theirs": count[others[0]], "words": titles[lang]}  # fmt: skip
                yield group_finding(a, "headings", "warning", group, ordered([lang], others),
                                    "headings.fewer", params, [lang], titles)  # fmt: skip


def _against_contents(a: Alignment) -> Iterator[Finding]:
    """A heading each book's own contents list prints another way (`kb.qa.checks.contents`),
    with a side at each; the fix is the side the dictionary knows, where it knows one only.
    Where the heading is the misspelt side, the other units printing its misspelt word are
    named too (`headings.contents.also`: et 45E "Viidendana", and 45E1, 45E2 "viidendana")."""
    for lang in a.peers:
        book, d = a.book(lang), dictionary(lang)
        printing: dict[str, list[str]] | None = None  # the book's words' units, read once asked
        for m in mismatches(book, d):
            group = a.group(m.unit)
            if group is None:
                continue
            code, params = "headings.contents", {"id": m.unit, "odd": lang, "words": m.words,
                                                 "form": m.form}  # fmt: skip
            fix = {
                "heading": {"code": "fix.write", "form": m.form},
                "contents": {"code": "fix.contents", "form": m.words},
            }.get(m.wrong, {})
            for word in m.misspelt:
                printing = printing if printing is not None else vocabulary(book)[1]
                also = [u for u in printing.get(word, ()) if u != m.unit]
                if also:
                    code = "headings.contents.also"
                    params |= {"word": word, "units": ", ".join(also)}
                    break
            finding = group_finding(a, "headings", "warning", group, (lang,), code, params,
                                    [lang], {lang: m.words}, fix=fix)  # fmt: skip
            yield replace(finding, where=(*finding.where, a.side(lang, m.contents, m.form)))


def check_footnotes(a: Alignment) -> Iterator[Finding]:
    """A unit where every other book (two at least) prints a footnote and one book none;
    the fix is the others' footnote. Where the others only repeat there the marker of a
    note the book prints at another unit of the law, the units are one line instead
    (`footnotes.marker`, `_repeated`). Then the markers a book misprints (`_misprinted`).

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> [(f.id, f.code, f.about) for f in check_footnotes(a)][:3]
    [('45.A', 'footnotes', ('et',)), ('41.C', 'footnotes.marker', ('tr',)), \
('51.B.1.b', 'footnotes.marker', ('tr',))]
    >>> [f.message for f in check_footnotes(a)][2]
    'tr prints a footnote once, at 51.B.1.a; fi, et repeat its marker at 51.B.1.b, 51.B.2.a, \
51.B.2.b'
    """
    repeated: dict[tuple[str, str], list[str]] = {}
    for group in a.groups:
        found = _lacking(a, group, lambda u: bool(u.footnotes))
        if found is None:
            continue
        lang, others = found
        first = _printed_before(a, group, lang, others)
        if first is not None:
            repeated.setdefault((lang, first), []).append(group.id)
            continue
        notes = {x: group.units[x][0].footnotes[0].text for x in others}
        words = "; ".join(notes.values())
        params = {"id": group.id, "odd": lang, "others": names(others), "words": words}
        finding = group_finding(a, "footnotes", "warning", group, ordered([lang], others),
                                "footnotes", params, [lang])  # fmt: skip
        yield replace(finding, fix={"code": "fix.footnote", "others": names(others),
                                    "words": words})  # fmt: skip
    for (lang, first), ids in repeated.items():
        yield _repeated(a, lang, first, ids)
    yield from _misprinted(a)


def _misprinted(a: Alignment) -> Iterator[Finding]:
    """A footnote marker a book misprints, from its parser's reviewed corrections (each
    document's `footnote_errata`): the marker printed and the footnote meant, the other
    books' unit beside it; the fix is the marker meant.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> [(f.id, f.odd, f.params["printed"], f.params["meant"]) for f in _misprinted(a)]
    [('76.C.1', ('tr',), '25', '24'), ('76.D', ('tr',), '25', '24'), \
('71.B', ('et',), '25', '24'), ('76.D', ('et',), '28', '26')]
    """
    for lang in a.peers:
        book = a.book(lang)
        anchor = book.profiles.load_profile(book.lang).footnotes.anchor  # its markers' form
        for _, unit, where, message in problems(a, lang):
            code, said = source_code(message)
            group = a.group(unit.id)
            if code != "source.marker" or group is None or anchor is None:
                continue
            others = [x for x in a.peers if x != lang and group.unit(x) is not None]
            params = {"id": group.id, "odd": lang} | said
            markers = (m["marker"] for m in anchor.finditer(a.source_lines(lang)[where.line - 1]))
            printed = next((m for m in markers if footnote_key(m) == said["printed"]), "")
            fix = {"code": "fix.write", "form": said["meant"]}
            yield group_finding(a, "footnotes", "warning", group, ordered([lang], others),
                                "footnotes.misprint", params, [lang], {lang: printed},
                                {lang: where.line}, fix)  # fmt: skip


def _printed_before(a: Alignment, group: Group, lang: str, others: list[str]) -> str | None:
    """The unit before the group in its law where a book prints a note and another book
    the marker it prints at the group (51B1a for tr at 51B2b: fi prints its footnote 14
    at 51B1a, then repeats the marker at 51B1b, 51B2a and 51B2b)."""
    markers = {x: group.units[x][0].footnotes[0].marker for x in others}
    for g in a.law_groups(group.law or ""):
        if g is group:
            return None
        own = g.unit(lang)
        if (
            own is not None
            and own.footnotes
            and any(
                (u := g.unit(x)) is not None and any(f.marker == markers[x] for f in u.footnotes)
                for x in others
            )
        ):
            return g.id
    return None


def _repeated(a: Alignment, lang: str, first: str, ids: list[str]) -> Finding:
    """One line for the units where the other books repeat the marker of a note a book
    prints once, at `first`: a side at the note and at the first unit without the marker;
    the fix is the marker."""
    group = a.by_id[ids[0]]
    others = [x for x in a.peers if x != lang and group.unit(x) is not None]
    params = {"id": ids[0], "odd": lang, "at": first, "others": names(others),
              "units": ", ".join(ids)}  # fmt: skip
    finding = group_finding(a, "footnotes", "info", group, ordered([lang], others),
                            "footnotes.marker", params, [lang])  # fmt: skip
    return replace(finding, where=(a.side(lang, first, ""), *finding.where),
                   fix={"code": "fix.marker", "at": first, "units": ", ".join(ids)})  # fmt: skip


CHECKS = (
    Check("missing", "structure", check_missing),
    Check("extra", "structure", check_extra),
    Check("empty", "structure", check_empty),
    Check("headings", "structure", check_headings),
    Check("footnotes", "structure", check_footnotes),
)
