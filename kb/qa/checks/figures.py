"""Figures: the numbers a unit prints (written or spelled out), and the `numbers` check (a
book that changes a figure).

>>> from kb.crosslang.library import get_library
>>> from kb.qa.groups import align_books
>>> a = align_books(get_library(), ["fi", "tr", "et"])
>>> [f.message for f in check_numbers(a) if f.id == "77.table.1"]
['figures differ: 20 (tr 3; et, fi 2), 120 (tr 1; et, fi 2)']
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from functools import cache

from kb.core.model import Unit
from kb.profiles import load_number_words
from kb.qa.checks.base import (
    Check,
    names,
    ordered,
    text_finding,
    text_groups,
    texts_of,
)
from kb.qa.groups import Alignment, locate
from kb.qa.model import Finding

# A figure standing alone: not glued to a letter (so "B1", "12C1", "1Bb3" are codes, not
# numbers), with a percent sign before or after ("60 %", "%60", "% 40'ı" are all 60%).
_FIGURE = re.compile(r"(?<![\w.,])(?:%\s?)?\d+(?:[.,]\d+)?(?:\s?%)?(?!\w)")


@cache
def number_words(lang: str) -> tuple[re.Pattern[str], dict[str, int]] | None:
    """A language's spelled-out numbers as one pattern and the value of each alternative."""
    words = load_number_words(lang)
    if not words:
        return None
    pattern = "|".join(f"(?P<n{n}>{w})" for n, (w, _) in enumerate(words))
    return re.compile(rf"(?<!\w)(?:{pattern})(?!\w)", re.IGNORECASE), {
        f"n{n}": value for n, (_, value) in enumerate(words)
    }


def figures(unit: Unit) -> Counter[str]:
    """The figures of a unit's title and text: its label and the codes of its references left
    out, percentages normalised, numbers its language spells out (`NUMBER_WORDS` of its
    profile) read as figures.

    >>> u = Unit("9", "section", "B.", "", "B. 60 % ja %40'ı; katso laki 12C1 §, 3 IMP",
    ...          "fi", 2017, (1, 1), refs=[{"text": "laki 12C1 §", "targets": ["12.C.1"]}])
    >>> sorted(figures(u).elements())
    ['3', '40%', '60%']
    >>> figures(Unit("7.C", "section", "C.", "", "omat kolmesta korttiaan", "fi", 2017, (1, 1)))
    Counter({'3': 1})
    """
    text = f"{unit.title}\n{unit.text}"
    if unit.label and unit.text.startswith(unit.label):
        text = f"{unit.title}\n{unit.text[len(unit.label) :]}"
    for ref in unit.refs:
        text = text.replace(ref["text"], " ")
    found: Counter[str] = Counter()
    for match in _FIGURE.finditer(text):
        figure = re.sub(r"\s", "", match[0])
        found[figure.strip("%") + "%" if "%" in figure else figure] += 1
    spelled = number_words(unit.lang)
    if spelled:
        pattern, values = spelled
        for match in pattern.finditer(text):
            found[str(values[match.lastgroup or ""])] += 1
    return found


def _figure_key(figure: str) -> tuple[float, str]:
    return (float(figure.strip("%").replace(",", ".")), figure)


def check_numbers(a: Alignment) -> Iterator[Finding]:
    """Figures (written or spelled out) that one book changes: it has a figure more and
    another fewer than each of the others. A book with only fewer or more figures is left
    alone (a book may write "both" for two, or repeat a count).

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> [(f.id, f.odd, f.message) for f in check_numbers(a) if f.id == "7.B.2"]
    [('7.B.2', ('fi',), 'figures differ: 3 (fi 1; et, tr 0), 13 (fi 0; et, tr 1)')]
    """
    for group in text_groups(a):
        units = texts_of(a, group)
        counts = {x: figures(u) for x, u in units.items()}
        if len(counts) < 2:
            continue
        values = sorted(set().union(*counts.values()), key=_figure_key)
        differ = [v for v in values if len({c[v] for c in counts.values()}) > 1]
        more: dict[str, list[str]] = {}
        less: dict[str, list[str]] = {}
        for lang, count in counts.items():
            others = [c for x, c in counts.items() if x != lang]
            more[lang] = [v for v in differ if count[v] > max(c[v] for c in others)]
            less[lang] = [v for v in differ if count[v] < min(c[v] for c in others)]
        odd = [x for x in counts if more[x] and less[x]]
        if not odd:
            continue
        tallies = [{"figure": v, "times": {x: c[v] for x, c in counts.items()}} for v in differ]
        langs = ordered(odd, list(counts))
        words = {x: more[x][0] for x in odd}
        params = {"figures": tallies, "odd": names(odd)}
        fix = ({"code": "fix.figure", "figure": less[odd[0]][0], "others": names(langs[1:])}
               if len(odd) == 1 else None)  # fmt: skip
        row = _odd_row(units, odd[0], more[odd[0]][0], less[odd[0]][0]) if len(odd) == 1 else None
        # a table: the side points at the row that prints it
        lines = ({odd[0]: locate(a.book(odd[0]).source_lines(), units[odd[0]].lines, row)[0]}
                 if row else None)  # fmt: skip
        yield text_finding(a, "numbers", "error", group, langs, "numbers", params, odd, words,
                           fix, lines)  # fmt: skip


def _odd_row(units: dict[str, Unit], lang: str, more: str, less: str) -> str | None:
    """In a table, the first cell of the odd book's row that prints `more` in a column where
    another book's row of as many cells prints `less` (tr 77's redoubled row "20" where fi
    and et print "120"); None for a text.

    >>> from kb.crosslang.library import get_library
    >>> lib = get_library()
    >>> units = {x: lib.book(x).by_id["77.table.1"] for x in ("fi", "tr", "et")}
    >>> _odd_row(units, "tr", "20", "120")
    'Sürkonturlu'
    """
    for row in units[lang].rows or []:
        for other in (u for x, u in units.items() if x != lang):
            if any(len(theirs) == len(row) and any(
                    mine == more and cell == less for mine, cell in zip(row, theirs, strict=True))
                   for theirs in other.rows or []):  # fmt: skip
                return row[0] or None
    return None


def spelled_figures(unit: Unit) -> dict[str, str]:
    """Each figure of a unit (`figures`) with the words that print it first (the figure
    itself where neither its digits nor its words are found, as in a title).

    >>> spelled_figures(Unit("17.D.2", "subsection", "2.", "", "kun kaikki neljä kättä", "fi",
    ...                      2017, (1, 1)))
    {'4': 'neljä'}
    """
    found = {}
    for figure in figures(unit):
        spelled = number_words(unit.lang)
        match = re.search(rf"(?<![\w.,]){re.escape(figure.strip('%'))}(?!\w)", unit.text)
        if match is None and spelled:
            pattern, values = spelled
            match = next((m for m in pattern.finditer(unit.text)
                          if str(values[m.lastgroup or ""]) == figure), None)  # fmt: skip
        found[figure] = match[0] if match else figure
    return found


def figure_changed(units: dict[str, Unit], lang: str) -> bool:
    """Whether a book has a figure none of the others has (then a figure it lacks changed)."""
    own = figures(units[lang])
    return any(
        all(figures(u)[v] < n for x, u in units.items() if x != lang) for v, n in own.items()
    )


CHECKS = (Check("numbers", "figures", check_numbers),)
