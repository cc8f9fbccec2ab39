"""Left-out clauses: a concept the profiles name or a figure that every other book states
in a unit and one book does not (`clauses`)."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from functools import cache
from itertools import pairwise

from kb.core.model import Unit
from kb.profiles import load_concepts
from kb.qa.checks.base import (
    Check,
    names,
    ordered,
    plain,
    text_finding,
    text_groups,
    texts_of,
)
from kb.qa.checks.figures import figure_changed, spelled_figures
from kb.qa.checks.lexicon import forms
from kb.qa.groups import Alignment
from kb.qa.model import Finding


@cache
def _concepts(lang: str) -> dict[str, re.Pattern[str]]:
    return {name: re.compile(p, re.IGNORECASE) for name, p in load_concepts(lang).items()}


def check_clauses(a: Alignment) -> Iterator[Finding]:
    """A clause one book leaves out: a concept its profile names (`CONCEPTS`: unauthorised
    information, ...) that every other book (two at least) states in the unit and it does
    not; and a figure (written or spelled out) that the others agree on and it lacks, with
    no figure of its own in its place; then two cited units joined otherwise (`check_joins`).

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> for f in check_clauses(a):
    ...     if f.id in ("21.B.2", "50.C"):
    ...         print(f.message)
    tr says nothing of damage where fi, et do (vahingoittaa, kahjustada)
    et says nothing of unauthorised where fi, tr do (luvatonta, izinsiz)
    """
    for group in text_groups(a):
        units = texts_of(a, group)
        if len(units) < 3:
            continue
        said: dict[str, dict[str, str]] = defaultdict(dict)
        for lang, unit in units.items():
            for name, pattern in _concepts(lang).items():
                match = pattern.search(plain(unit))
                said[name][lang] = match[0] if match else ""
            for figure, words in spelled_figures(unit).items():
                said[figure][lang] = words
        for name, sides in sorted(said.items(), key=lambda kv: _order_key(kv[0])):
            lacking = [x for x in units if not sides.get(x)]
            known = name[0].isdigit() or all(name in _concepts(x) for x in units)
            if len(lacking) != 1 or not known:
                continue
            (lang,) = lacking
            others = [x for x in units if x != lang]
            figure = name[0].isdigit()
            if figure and figure_changed(units, lang):
                continue  # a changed figure is the numbers check's
            params = {"odd": lang, "figure" if figure else "concept": name,
                      "others": names(others),
                      "words": ", ".join(sides[x] for x in others)}  # fmt: skip
            words = {x: sides[x] for x in others}
            langs = ordered([lang], others)
            code = "clauses.figure" if figure else "clauses"
            # (a figure is read as the others print it; a concept is said in the book's words)
            fix = {"code": "fix.reading", "others": names(others), "words": params["words"]}
            if not figure:
                fix |= {"code": "fix.clause", "concept": name}
            yield text_finding(a, "clauses", "warning", group, langs, code, params, [lang],
                               words, fix)  # fmt: skip
    yield from check_joins(a)


JOIN = 30  # characters at most between two cited codes for the word between to join them
BOTH = ("and", "or")


def joined(unit: Unit, lang: str) -> dict[tuple[str, str], tuple[str, str]]:
    """Per pair of units a text cites one after the other, joined by "and" or "or" (the
    profile's `markers`) within JOIN characters: which, and the words from code to code.

    >>> from kb.crosslang.library import get_library
    >>> joined(get_library().book("tr").by_id["29.B"], "tr")
    {('31', '32'): ('and', '31 ve 32')}
    """
    found: dict[tuple[str, str], tuple[str, str]] = {}
    for ref in unit.refs:
        if ref.get("footnote") or ref.get("field") == "tail":
            continue
        spans = sorted(tuple(s) for s in ref.get("spans", []))
        text = ref["text"]
        for (start, end, first), (then, last, second) in pairwise(spans):
            said = [f.name for f in forms(lang, "markers", text[end:then]) if f.name in BOTH]
            if said and then - end <= JOIN:
                found[(first, second)] = (said[0], text[start:last])
    return found


def check_joins(a: Alignment) -> Iterator[Finding]:
    """Two cited units one book joins with "and" where every other book (two at least)
    joins them with "or", or the other way round: one law or both (tr 29B "Yasalar 30, 31
    ve 32", where fi and et say 31 or 32).

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> [f.message[:58] for f in check_joins(align_books(get_library(), ["fi", "tr", "et"]))][0]
    'tr joins 31, 32 with and where fi, et join them with or (3'
    """
    for group in text_groups(a):
        units = texts_of(a, group)
        if len(units) < 3:
            continue
        joins = {x: joined(u, x) for x, u in units.items()}
        for pair in sorted(set().union(*joins.values())):
            said = {x: j[pair] for x, j in joins.items() if pair in j}
            if len(said) < len(units):
                continue
            for lang, (mine, words) in said.items():
                others = [x for x in said if x != lang]
                if {said[x][0] for x in others} == {"or" if mine == "and" else "and"}:
                    sides = {lang: words} | {x: said[x][1] for x in others}
                    params = {"odd": lang, "cited": ", ".join(pair), "said": mine,
                              "others": names(others), "force": said[others[0]][0],
                              "words": "; ".join(sides.values())}  # fmt: skip
                    yield text_finding(a, "clauses", "warning", group, ordered([lang], others),
                                       "clauses.joined", params, [lang], sides)  # fmt: skip


def _order_key(name: str) -> tuple[int, str]:
    return (0, name.zfill(4)) if name[0].isdigit() else (1, name)


CHECKS = (Check("clauses", "meaning", check_clauses),)
