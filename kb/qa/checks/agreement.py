"""Case endings that do not agree within one book (`spelling.agreement`): a pair of words the
book prints once whose endings cross two pairs it prints often (et 31A "parempoolne
vastase", where the book prints "parempoolse vastase" 15 times and "parempoolne vastane"
10): the first word keeps the ending of one pair, the second takes the other's, so the two
do not agree. Languages whose adjectives agree with their nouns (Estonian, Finnish) are
where such a slip shows; the check reads every book, as a word pair printed once against the
book's own usage.

>>> crossed("parempoolne", "vastase", "parempoolse", "vastane")
True
>>> crossed("teisele", "poole", "teise", "poolele")
True
>>> crossed("kohtunik", "otsuse", "kohtuniku", "otsustab")
False
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass
from itertools import pairwise

from kb.crosslang.library import Book
from kb.profiles import load_words
from kb.qa.checks.base import TOKEN, printed_texts

OFTEN = 3  # times the book prints each agreeing pair
STEM = 3  # letters the two forms of a word share before their endings
SHORTEST = 4  # letters of each word of a pair


@dataclass(frozen=True)
class Crossed:
    """A pair of words printed once whose endings cross two pairs the book prints often."""

    words: str  # as printed
    unit: str
    form: str  # the agreeing pair the book prints more often
    times: int
    other: str  # the other agreeing pair
    other_times: int


def crossed(a: str, b: str, a2: str, b2: str) -> bool:
    """Whether `a b` mixes the endings of `a2 b` and `a b2`: `a` is a stem and one ending,
    `a2` the stem and another, and `b` ends with the other where `b2` ends with the one."""
    stem = len(os.path.commonprefix([a, a2]))  # noqa: RUF071
    one, other = a[stem:], a2[stem:]
    if stem < STEM or not b.endswith(other):
        return False
    return b2 == b[: len(b) - len(other)] + one


Pairs = tuple[Counter[tuple[str, str]], dict[tuple[str, str], tuple[str, str]]]


def word_pairs(book: Book, shortest: int = 3) -> Pairs:
    """The pairs of adjacent words (no mark between, `shortest` letters each at least) in a
    book's laws, definitions and footnotes, lower cased: how often each is printed, and its
    first unit and printed words.

    >>> from kb.crosslang.library import get_library
    >>> counts, first = word_pairs(get_library().book("et"))
    >>> counts["masti", "salgamise"], first["masti", "salgamise"]
    (1, ('54.B.2', 'masti salgamise'))
    """
    lower = load_words(book.key).lower
    counts: Counter[tuple[str, str]] = Counter()
    first: dict[tuple[str, str], tuple[str, str]] = {}
    for unit, text in printed_texts(book):
        tokens = TOKEN.findall(text)
        lowered = lower(" ".join(tokens)).split(" ")  # (a letter for a letter: one call)
        if len(lowered) != len(tokens):
            lowered = [lower(t) for t in tokens]
        for (x, low_x), (y, low_y) in pairwise(zip(tokens, lowered, strict=True)):
            if x[0].isalpha() and y[0].isalpha() and min(len(x), len(y)) >= shortest:
                counts[low_x, low_y] += 1
                first.setdefault((low_x, low_y), (unit.id, f"{x} {y}"))
    return counts, first


def disagreements(book: Book, pairs: Pairs | None = None) -> list[Crossed]:
    """The pairs of a book whose endings do not agree (see the module's description), each
    with the two agreeing pairs, the commoner first (`pairs`: the book's `word_pairs`, read
    again where not given; pairs of SHORTEST letters a word and more are read).

    >>> from kb.crosslang.library import get_library
    >>> [(c.words, c.unit, c.form) for c in disagreements(get_library().book("et"))]
    [('parempoolne vastase', '31.A', 'parempoolse vastase')]
    """
    every, first = pairs or word_pairs(book)
    counts = Counter({p: n for p, n in every.items() if min(map(len, p)) >= SHORTEST})
    by_second: dict[str, list[str]] = {}
    by_first: dict[str, list[str]] = {}
    for (x, y), n in counts.items():
        if n >= OFTEN:
            by_second.setdefault(y, []).append(x)
            by_first.setdefault(x, []).append(y)
    found = []
    for (a, b), n in counts.items():
        if n != 1:
            continue
        for a2 in by_second.get(b, []):
            b2 = next((y for y in by_first.get(a, []) if crossed(a, b, a2, y)), None)
            if a2 == a or b2 is None:
                continue
            pairs = sorted([(a2, b), (a, b2)], key=lambda p: -counts[p])
            unit, words = first[(a, b)]
            found.append(Crossed(words, unit, " ".join(pairs[0]), counts[pairs[0]],
                                 " ".join(pairs[1]), counts[pairs[1]]))  # fmt: skip
            break
    return found
