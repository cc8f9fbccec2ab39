"""Words written apart that the book writes as one, and the other way round, within one book
(`spelling.apart`, `spelling.joined`): fi 17A "jompi kumpi", where the book prints
"jompikumpi" 3 times; et 54B2 "masti salgamise", where it prints "mastisalgamise" 20 times.
A form printed once or twice against one the book prints OFTEN times, where its language's
profile says how it writes compounds (`spelling.apart` of `kb/profiles/qa/<lang>.toml`): `true`
(Finnish: as one word, both ways; one word is a slip only where the dictionary does not know
it either), or the patterns of the second word of a pair that is one word (Estonian: a -mine
noun, "masti salgamise"; not "on kokku lepitud", a participle written apart by rule).
Where every compound is one word and the book's analyser reads the two as one noun, a
nominative noun before a noun is a compound written apart where the book prints that
compound in any form (`spelling.compound`: fi 19D "tulos pisteet", "tulospistettä").
Where the profile names words its language writes apart by rule, each printed as one word
(`spelling.separate`: Turkish numbers, tr 62D "Onikinci" for "On ikinci").

>>> from kb.crosslang.library import get_library
>>> from kb.qa.checks.agreement import word_pairs
>>> from kb.qa.checks.base import vocabulary
>>> et = get_library().book("et")
>>> found = {c.words: (c.unit, c.form) for c in compounds(et, None, vocabulary(et),
...                                                          word_pairs(et))}
>>> found["masti salgamise"], found["tagasi võtmist"], "kokku lepitud" in found
(('54.B.2', 'mastisalgamise'), ('54', 'tagasivõtmist'), False)
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Any

import regex

from kb.crosslang.library import Book
from kb.profiles import load_qa_words, load_words
from kb.qa.checks.agreement import Pairs
from kb.qa.checks.base import Vocabulary, printed_texts
from kb.qa.checks.grammar import NOMINATIVE, Analyse, analyser

OFTEN = 3  # times the book prints the form it usually writes
RARE = 2  # times a form may be printed to be a slip
BROKEN = 2  # times the book prints a word that is printed elsewhere broken by a space
# Two runs of letters with one space between them (not after an apostrophe, a hyphen or a
# bracket, where a suffix or a list label stands apart by rule: tr "Komitesi’nin", "(b)");
# the second is read ahead, so that every pair of neighbours is found in one pass.
_PIECES = regex.compile(r"(?<![\p{L}\p{N}’'(-])(\p{L}{2,}) (?=(\p{L}{2,})(?![\p{L}\p{N}’'-]))")


@dataclass(frozen=True)
class Compound:
    """Words written apart (or as one) that the book usually writes the other way."""

    words: str  # as printed
    unit: str
    form: str  # as the book usually writes them
    times: int
    kind: str  # "apart", "joined", "both", "broken", "compound" (a compound written apart) or
    # "separate" (words the language writes apart by rule, written as one)
    units: tuple[str, ...] = ()  # every unit printing it (a broken word)
    count: int = 0  # how often the book prints `words`, written as one (a word both ways)
    other: str = ""  # the compound as the book prints it most (a compound written apart)


def compounds(book: Book, d: Any | None, words: Vocabulary, pairs: Pairs) -> list[Compound]:
    """The words of a book written apart where it prints them as one word OFTEN times, or as
    one word where it prints them apart OFTEN times and the dictionary `d` (if any) does not
    know the word (as its profile's `spelling.apart` allows), a word it writes both ways twice
    or more each where the profile says every compound is one word (Finnish "lukuun
    ottamatta" and "lukuunottamatta", 3 times each: `both`), then words broken by a space
    (`broken`, in every language), in the order of the book. `words` is the book's
    vocabulary (`kb.qa.checks.base.vocabulary`: counts, units, first printed) and `pairs`
    its word pairs of three letters a word at least (`kb.qa.checks.agreement.word_pairs`)."""
    counts, units, printed = words
    found = []
    rule = load_qa_words(book.key).get("spelling", {}).get("apart")
    second = re.compile("|".join(rule)) if isinstance(rule, list) else None
    together, first = pairs
    for (x, y), n in together.items() if rule else ():
        if n <= RARE and counts[x + y] >= OFTEN and (second is None or second.fullmatch(y)):
            unit, seen = first[x, y]
            found.append(Compound(seen, unit, x + y, counts[x + y], "apart"))
    apart = {x + y: (x, y) for (x, y), n in together.items() if second is None and n >= OFTEN}
    for word, n in counts.items() if rule else ():
        if n <= RARE and word in apart and not (d is not None and d.check(word)):
            form = " ".join(apart[word])
            found.append(Compound(printed[word], units[word][0], form, together[apart[word]],
                                  "joined"))  # fmt: skip
    taken = {c.form for c in found} | {c.words for c in found}
    grammar = load_qa_words(book.key).get("grammar", {})
    analyse = analyser(grammar.get("analyser", "")) if rule is True else None
    if analyse is not None:
        found += [c for c in split(words, pairs, analyse) if c.words not in taken]
    for (x, y), n in together.items() if rule is True else ():
        if n >= RARE and counts[x + y] >= RARE and x + y not in taken:  # both ways, often
            ids, joined = tuple(units[x + y]), printed[x + y]  # (the finding stands at it)
            found.append(Compound(joined, ids[0], first[x, y][1], n, "both", ids, counts[x + y]))
    found += [c for c in broken(book, d, words) if c.form.lower() not in taken]
    found += separate(book, words)
    order = {u.id: n for n, u in enumerate(book.units)}
    return sorted(found, key=lambda c: order.get(c.unit, 0))


def separate(book: Book, words: Vocabulary) -> list[Compound]:
    """The words a book prints as one that its language writes apart by rule: a word (lower-
    cased) matching whole a pattern of the profile's `spelling.separate`, written apart
    between the pattern's two groups; one per word, with every unit printing it. Measured
    over tr with Turkish numbers (TDK: "on iki", "yirmi beş"): 2 words in 5 units, each a slip.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.checks.base import vocabulary
    >>> tr = get_library().book("tr")
    >>> [(c.words, c.form, c.units[:3]) for c in separate(tr, vocabulary(tr))]
    [('onüç', 'on üç', ('def.renk',)), ('Onikinci', 'On ikinci', ('62.D', '62.D.1', '62.D.2'))]
    """
    patterns = load_qa_words(book.key).get("spelling", {}).get("separate", ())
    counts, units, printed = words
    found = []
    for word in counts:
        m = next((m for p in patterns if (m := regex.fullmatch(p, word))), None)
        if m is not None:
            seen = printed[word]
            at = m.end(1) if len(seen) == len(word) else None  # (a case that changes length)
            form = f"{seen[:at]} {seen[at:]}" if at else f"{m[1]} {word[m.end(1) :]}"
            found.append(Compound(seen, units[word][0], form, counts[word], "separate",
                                  tuple(units[word])))  # fmt: skip
    return found


def split(words: Vocabulary, pairs: Pairs, analyse: Analyse) -> list[Compound]:
    """Compounds a book prints apart (each pair RARE times at most): a noun in the nominative
    in every reading before a noun, which the analyser reads joined as a noun of another
    lemma than either's, where the book prints a word of that lemma; the fix the two joined,
    the book's commonest form of the compound named (fi 19D "tulos pisteet", the book's
    text printing "tulospistettä" once). Measured over fi: 2 pairs, both slips ("puolustus
    pelaajan" is found already, the book printing "puolustuspelaajan" 24 times).

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.checks.agreement import word_pairs
    >>> from kb.qa.checks.base import vocabulary
    >>> fi = get_library().book("fi")
    >>> [(c.words, c.unit, c.form, c.other, c.times)
    ...  for c in split(vocabulary(fi), word_pairs(fi), analyser("voikko"))][:1]
    [('tulos pisteet', '19.D', 'tulospisteet', 'tulospistettä', 1)]
    """
    counts = words[0]
    forms: dict[str, Counter[str]] = defaultdict(Counter)  # per noun lemma, its printed forms
    for word, n in counts.items():
        for lemma in {r.lemma.lower() for r in analyse(word) if r.cls == "noun"}:
            forms[lemma][word] += n
    together, first = pairs
    found = []
    for (x, y), n in together.items():
        rx, ry = analyse(x), analyse(y)
        if (
            n > RARE
            or not rx
            or not ry
            or not all(r.cls == "noun" and r.case in NOMINATIVE for r in rx)
            or not all(r.cls == "noun" for r in ry)
        ):
            continue
        own = {r.lemma.lower() for r in rx + ry}
        lemmas = {r.lemma.lower() for r in analyse(x + y) if r.cls == "noun"} - own
        printed = sum((forms[lemma] for lemma in lemmas), Counter())
        if printed:
            unit, seen = first[x, y]
            other, _ = printed.most_common(1)[0]
            found.append(Compound(seen, unit, seen.replace(" ", "", 1), printed.total(),
                                  "compound", other=other))  # fmt: skip
    return found


def broken(book: Book, d: Any | None, words: Vocabulary) -> list[Compound]:
    """Words a book prints broken by a space, in any language: two pieces, one of them not
    a word of its dictionary, that the book prints as one word BROKEN times or more (et 8B
    "voo ru", "vooru" 7 times); one per word, at its first unit, its units listed.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.checks.base import vocabulary
    >>> from kb.qa.checks.spelling import dictionary
    >>> et = get_library().book("et")
    >>> [(c.words, c.units, c.form) for c in broken(et, dictionary("et"), vocabulary(et))]
    [('Voo ru', ('8.B', '8.B.1', '8.B.2', '8.C'), 'vooru')]
    """
    if d is None:
        return []
    counts, _, printed = words
    lower = load_words(book.key).lower
    places: dict[str, tuple[str, list[str]]] = {}
    for unit, text in printed_texts(book):
        for m in _PIECES.finditer(text):
            x, y = m.groups()
            word = lower(x + y)
            if counts[word] >= BROKEN and not (d.check(x) and d.check(y)):
                ids = places.setdefault(word, (f"{x} {y}", []))[1]
                ids.extend([unit.id] if unit.id not in ids else [])
    return [Compound(seen, ids[0], printed[word], counts[word], "broken", tuple(ids))
            for word, (seen, ids) in places.items()]  # fmt: skip
