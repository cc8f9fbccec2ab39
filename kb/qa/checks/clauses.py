"""Left-out clauses: a concept the profiles name or a figure that every other book states
in a unit and one book does not (`clauses`)."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from functools import cache

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
from kb.qa.groups import Alignment
from kb.qa.model import Finding


@cache
def _concepts(lang: str) -> dict[str, re.Pattern[str]]:
    return {name: re.compile(p, re.IGNORECASE) for name, p in load_concepts(lang).items()}


def check_clauses(a: Alignment) -> Iterator[Finding]:
    """A clause one book leaves out: a concept its profile names (`CONCEPTS`: unauthorised
    information, ...) that every other book (two at least) states in the unit and it does
    not; and a figure (written or spelled out) that the others agree on and it lacks, with
    no figure of its own in its place.

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


def _order_key(name: str) -> tuple[int, str]:
    return (0, name.zfill(4)) if name[0].isdigit() else (1, name)


CHECKS = (Check("clauses", "meaning", check_clauses),)
