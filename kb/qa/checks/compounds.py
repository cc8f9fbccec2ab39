"""Words written apart that the book writes as one, and the other way round, within one book
(`spelling.apart`, `spelling.joined`): fi 17A "jompi kumpi", where the book prints
"jompikumpi" 3 times; et 54B2 "masti salgamise", where it prints "mastisalgamise" 20 times.
A form printed once or twice against one the book prints OFTEN times, where its language's
profile says how it writes compounds (`spelling.apart` of `kb/profiles/qa/<lang>.toml`): `true`
(Finnish: as one word, both ways; one word is a slip only where the dictionary does not know
it either), or the patterns of the second word of a pair that is one word (Estonian: a -mine
noun, "masti salgamise"; not "on kokku lepitud", a participle written apart by rule).

>>> from kb.crosslang.library import get_library
>>> found = {c.words: (c.unit, c.form) for c in compounds(get_library().book("et"))}
>>> found["masti salgamise"], found["tagasi võtmist"], "kokku lepitud" in found
(('54.B.2', 'mastisalgamise'), ('54', 'tagasivõtmist'), False)
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from kb.core.ids import LAW_LEVELS
from kb.crosslang.library import Book
from kb.profiles import load_qa_words, load_words

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
    know the word (as its profile's `spelling.apart` allows), in the order of the book."""
    rule = load_qa_words(book.key).get("spelling", {}).get("apart")
    if not rule:
        return []
    second = re.compile("|".join(rule)) if isinstance(rule, list) else None
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
        if n > RARE or len(x) < FIRST or len(y) < SECOND or words[x + y] < OFTEN:
            continue
        if second is None or second.fullmatch(y):
            unit, printed = first[(x, y)]
            found.append(Compound(printed, unit, x + y, words[x + y], "apart"))
    apart = {x + y: (x, y) for (x, y), n in pairs.items()
             if second is None and n >= OFTEN and min(len(x), len(y)) >= JOINED}  # fmt: skip
    for word, n in words.items():
        if n <= RARE and word in apart and not (d is not None and d.check(word)):
            unit, printed = first[word]
            form = " ".join(apart[word])
            found.append(Compound(printed, unit, form, pairs[apart[word]], "joined"))
    order = {u.id: n for n, u in enumerate(book.units)}
    return sorted(found, key=lambda c: order.get(c.unit, 0))
