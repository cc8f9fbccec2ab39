"""Words written apart that the book writes as one, and the other way round, within one book
(`spelling.apart`, `spelling.joined`): fi 17A "jompi kumpi", where the book prints
"jompikumpi" 3 times; et 54B2 "masti salgamise", where it prints "mastisalgamise" 20 times.
A form printed once or twice against one the book prints OFTEN times, where its language's
profile says how it writes compounds (`spelling.apart` of `kb/profiles/qa/<lang>.toml`): `true`
(Finnish: as one word, both ways; one word is a slip only where the dictionary does not know
it either), or the patterns of the second word of a pair that is one word (Estonian: a -mine
noun, "masti salgamise"; not "on kokku lepitud", a participle written apart by rule).

>>> from kb.crosslang.library import get_library
>>> from kb.qa.checks.agreement import word_pairs
>>> from kb.qa.checks.spelling import vocabulary
>>> et = get_library().book("et")
>>> found = {c.words: (c.unit, c.form) for c in compounds(et, None, vocabulary(et),
...                                                          word_pairs(et))}
>>> found["masti salgamise"], found["tagasi võtmist"], "kokku lepitud" in found
(('54.B.2', 'mastisalgamise'), ('54', 'tagasivõtmist'), False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from kb.crosslang.library import Book
from kb.profiles import load_qa_words
from kb.qa.checks.agreement import Pairs
from kb.qa.checks.base import Vocabulary

OFTEN = 3  # times the book prints the form it usually writes
RARE = 2  # times a form may be printed to be a slip


@dataclass(frozen=True)
class Compound:
    """Words written apart (or as one) that the book usually writes the other way."""

    words: str  # as printed
    unit: str
    form: str  # as the book usually writes them
    times: int
    kind: str  # "apart" or "joined"


def compounds(book: Book, d: Any | None, words: Vocabulary, pairs: Pairs) -> list[Compound]:
    """The words of a book written apart where it prints them as one word OFTEN times, or as
    one word where it prints them apart OFTEN times and the dictionary `d` (if any) does not
    know the word (as its profile's `spelling.apart` allows), in the order of the book.
    `words` is the book's vocabulary (`kb.qa.checks.spelling.vocabulary`: counts, units,
    first printed) and `pairs` its word pairs of three letters a word at least
    (`kb.qa.checks.agreement.word_pairs`)."""
    rule = load_qa_words(book.key).get("spelling", {}).get("apart")
    if not rule:
        return []
    second = re.compile("|".join(rule)) if isinstance(rule, list) else None
    counts, units, printed = words
    together, first = pairs
    found = []
    for (x, y), n in together.items():
        if n > RARE or counts[x + y] < OFTEN:
            continue
        if second is None or second.fullmatch(y):
            unit, seen = first[x, y]
            found.append(Compound(seen, unit, x + y, counts[x + y], "apart"))
    apart = {x + y: (x, y) for (x, y), n in together.items() if second is None and n >= OFTEN}
    for word, n in counts.items():
        if n <= RARE and word in apart and not (d is not None and d.check(word)):
            form = " ".join(apart[word])
            found.append(Compound(printed[word], units[word][0], form, together[apart[word]],
                                  "joined"))  # fmt: skip
    order = {u.id: n for n, u in enumerate(book.units)}
    return sorted(found, key=lambda c: order.get(c.unit, 0))
