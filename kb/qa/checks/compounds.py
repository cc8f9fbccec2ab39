"""Words written apart that the book writes as one, and the other way round, within one book
(`spelling.apart`, `spelling.joined`): et 54B2 "masti salgamise", where the book prints
"mastisalgamise" 13 times; tr "kart lar" for "kartlar"; fi "pelivaiheenaikana", where the
book prints "pelivaiheen aikana" 3 times. A form printed once or twice against one the book
prints OFTEN times; one written as one word only where the language's dictionary does not
know it either (a compound the language makes freely is no slip).

>>> from kb.crosslang.library import get_library
>>> found = {c.words: (c.unit, c.form) for c in compounds(get_library().book("et"))}
>>> found["masti salgamise"]
('54.B.2', 'mastisalgamise')
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from kb.core.ids import LAW_LEVELS
from kb.crosslang.library import Book
from kb.profiles import load_words

_TOKEN = re.compile(r"[^\W\d_]+|[^\w\s]")  # words and marks: a mark parts a pair of words
OFTEN = 3  # times the book prints the form it usually writes
RARE = 2  # times a form may be printed to be a slip
FIRST = SECOND = 3  # letters each of two words written apart needs
JOINED = 3  # letters each part of a word written as one needs


@dataclass(frozen=True)
class Compound:
    """Words written apart (or as one) that the book usually writes the other way."""

    words: str  # as printed
    unit: str
    form: str  # as the book usually writes them
    times: int
    kind: str  # "apart" or "joined"


def compounds(book: Book, d: Any | None = None) -> list[Compound]:
    """The words of a book written apart where it prints them as one word OFTEN times, or as
    one word where it prints them apart OFTEN times and the dictionary `d` (if any) does not
    know the word, in the order of the book."""
    lower = load_words(book.key).lower
    words: Counter[str] = Counter()
    pairs: Counter[tuple[str, str]] = Counter()
    first: dict[object, tuple[str, str]] = {}
    for unit in book.units:
        if unit.kind not in (*LAW_LEVELS, "definition"):
            continue
        tokens = _TOKEN.findall(f"{unit.title} {unit.text}")
        lowered = lower(" ".join(tokens)).split(" ")  # (a letter for a letter: one call)
        if len(lowered) != len(tokens):
            lowered = [lower(t) for t in tokens]
        for token, low in zip(tokens, lowered, strict=True):
            if token[0].isalpha():
                words[low] += 1
                first.setdefault(low, (unit.id, token))
        for (x, low_x), (y, low_y) in pairwise(zip(tokens, lowered, strict=True)):
            if x[0].isalpha() and y[0].isalpha():
                pairs[low_x, low_y] += 1
                first.setdefault((low_x, low_y), (unit.id, f"{x} {y}"))
    found = []
    for (x, y), n in pairs.items():
        if n <= RARE and len(x) >= FIRST and len(y) >= SECOND and words[x + y] >= OFTEN:
            unit, printed = first[(x, y)]
            found.append(Compound(printed, unit, x + y, words[x + y], "apart"))
    apart = {x + y: (x, y) for (x, y), n in pairs.items()
             if n >= OFTEN and min(len(x), len(y)) >= JOINED}  # fmt: skip
    for word, n in words.items():
        if n <= RARE and word in apart and not (d is not None and d.check(word)):
            unit, printed = first[word]
            form = " ".join(apart[word])
            found.append(Compound(printed, unit, form, pairs[apart[word]], "joined"))
    order = {u.id: n for n, u in enumerate(book.units)}
    return sorted(found, key=lambda c: order.get(c.unit, 0))
