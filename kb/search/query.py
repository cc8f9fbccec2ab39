"""A player's words to Whoosh queries: the query cleaned and split, each word analysed for a
language into the terms it may match, grouped into Whoosh query objects.

Whoosh provides the query objects (`Term`, `DisjunctionMax`, `Phrase`) and the terms of the
index (`reader.iter_prefix`, `reader.doc_frequency`, `(field, term) in reader`). The project
adds what a player's word matches: its exact form and its stems (`kb.search.analysis`), other
forms of it that the books print (the words beginning with it, `revokin` -> `revokki`), the
forms an OCR printed, a near spelling where no unit holds the word (`kb.search.spell`), and
the printed term of a players' word (`KJ` -> `kilpailunjohtaja`). A word's terms fall into
groups (`exact`, `text`, `title`, `law`): within a group the best term counts
(`DisjunctionMax`), and each group weighs the word's rarity over all its terms
(`kb.search.retrieve`). Citations are recognised before any of this (`kb.search.searcher`).

>>> split_query('lepääjän "oikeudet ja" velvollisuudet')
(['lepääjän', 'oikeudet', 'ja', 'velvollisuudet'], ['oikeudet ja'])
>>> q = group_queries([Form("text", "text", "revok", 1.0)], "fi")["text"]
>>> q
DisjunctionMax([Term('text_fi', 'revok')])
"""

from __future__ import annotations

import heapq
import unicodedata
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from whoosh import query
from whoosh.reading import IndexReader

from kb.profiles import SHIPPED, Profiles
from kb.search.analysis import WORD, Keys, analyzer, hyphen_joined
from kb.search.ocr import ocr_variants
from kb.search.schema import TERM_FIELDS, field
from kb.search.spell import Speller, max_distance

MAX_QUERY = 500  # characters of a query that are read
MAX_WORDS = 12  # words of a query that are searched
MAX_WORD = 40  # letters of the longest word searched
W_PREFIX = 0.5  # another form of the word (see `Lexicon.forms`)
W_OCR = 0.8  # a form the OCR printed
W_FUZZY = 0.4  # a word one or two slips away
MIN_PREFIX = 5  # words and stems this long also match longer ones they begin (see `forms`)
FORMS = 16  # other forms of a word searched, at most (the most frequent)
LAST_LETTER = chr(0x10FFFF)  # after every letter: a prefix's words sort before prefix + this
QUOTES = str.maketrans({c: '"' for c in "“”„«»″＂"})


@dataclass(frozen=True)
class Form:
    """One way a word matches: a term of a language's field (`exact`, `text`, `title`,
    `law`, `ocr`), weighted, in a group (`text`, `exact`, `title`, `law`); within a group the
    best term of a word counts."""

    group: str
    field: str
    term: str
    weight: float


class Analysed(NamedTuple):
    """A typed word analysed for a language: its keys, every term it may match that the
    language's units hold (the best weight of each), its own terms (its exact form, stems
    and OCR'd forms), the keys that mark it in a snippet, and whether some unit of the
    language holds it (not only another form or a near spelling)."""

    keys: Keys
    forms: list[Form]
    own: list[Form]
    marks: frozenset[str]
    known: bool


def clean(query_text: str) -> str:
    """The query as searched: at most `MAX_QUERY` characters, control characters removed,
    typographic quotes made plain.

    >>> clean("„revokki”\\x00 tuli\\u00ad")
    '"revokki"  tuli'
    """
    out = []
    for c in query_text[:MAX_QUERY].translate(QUOTES):
        category = unicodedata.category(c)
        if category == "Cc":
            out.append(" ")
        elif category[0] != "C":
            out.append(c)
    return "".join(out)


def split_query(text: str) -> tuple[list[str], list[str]]:
    """The words of a cleaned query and its "quoted phrases" (an unbalanced quote is
    ignored); a suffix after an apostrophe is not a word, nor is anything over 40 letters.

    >>> split_query("Yasa’nın 12C1’i")
    (['Yasa', '12C1'], [])
    >>> split_query("kes-kiarvo")  # as printed, and joined as the served text has it
    (['kes', 'kiarvo', 'keskiarvo'], [])
    """
    parts = text.split('"')
    if len(parts) % 2 == 0:
        parts[-2:] = [parts[-2] + " " + parts[-1]]
    phrases = [p.strip() for p in parts[1::2] if WORD.search(p)]
    words: dict[str, str] = {}
    joined, last_end, last = " ".join(parts), -2, ""
    for m in WORD.finditer(joined):
        word = m.group(1)
        if len(word) <= MAX_WORD:
            words.setdefault(word.lower(), word)
        if hyphen_joined(joined, last_end, m.start(), last, word):
            words.setdefault((last + word).lower(), last + word)
        last_end, last = m.end(), word
    return list(words.values())[:MAX_WORDS], phrases


def cut(word: str) -> int:
    """How many last letters of a typed word may differ in another form of it: none up to
    six letters, then one for every two more, at most three.

    >>> [cut(w) for w in ("talep", "revokin", "pysyväksi", "rangaistuskortin")]
    [0, 1, 2, 3]
    """
    return min(3, max(0, (len(word) - 5) // 2))


def own_forms(keys: Keys, weight: float, exact: str = "exact") -> list[Form]:
    """The terms of a word's keys: its exact form (in group `exact`, or `exact` given), its
    stems in the text, title and law title fields.

    >>> [(f.group, f.term) for f in own_forms(Keys("revokki", ("revok",)), 1.0)]
    [('exact', 'revokki'), ('text', 'revok'), ('title', 'revok'), ('law', 'revok')]
    """
    forms = [Form(exact, "exact", keys.exact, weight)] if keys.exact else []
    for stem in keys.stems:
        forms += [Form(name, name, stem, weight) for name in ("text", "title", "law")]
    return forms


class Lexicon:
    """A language's words as the index holds them, read from Whoosh's reader when the index
    opens (`reader.iter_field`: each field's terms, sorted, and how many units hold each), so
    that the many candidate forms of a query's words are looked up in memory; and a speller
    over its exact words."""

    def __init__(
        self,
        reader: IndexReader,
        language: str,
        ocr_letters: dict[str, list[str]],
        profiles: Profiles = SHIPPED,
    ):
        self.language = language
        self.analyzer = analyzer(language, profiles)  # the index's analysis of its words
        self.ocr_letters = ocr_letters
        self.has_ocr = field("ocr", language) in reader.schema
        self.counts: dict[str, dict[str, int]] = {}
        self.sorted: dict[str, list[str]] = {}
        for name in TERM_FIELDS:
            if field(name, language) in reader.schema:
                counts: dict[str, int] = {}
                for leaf, _ in reader.leaf_readers():  # a segment's terms read in order
                    for term, info in leaf.iter_field(field(name, language)):
                        word = term.decode("utf-8")
                        counts[word] = counts.get(word, 0) + info.doc_frequency()
                self.counts[name], self.sorted[name] = counts, sorted(counts)
        self.speller = Speller({w: n for w, n in self.counts["exact"].items() if w.isalpha()})

    def holds(self, name: str, term: str) -> bool:
        """Whether some unit of the language holds a term in a field (`text`, `exact`...)."""
        return term in self.counts.get(name, ())

    def starting_with(self, name: str, prefix: str, limit: int = FORMS) -> list[str]:
        """The terms of a field that begin with `prefix`: the `limit` held by most units."""
        terms = self.sorted.get(name, [])
        found = terms[bisect_left(terms, prefix) : bisect_left(terms, prefix + LAST_LETTER)]
        return heapq.nlargest(limit, found, key=self.counts[name].__getitem__)

    def forms(self, keys: Keys) -> tuple[set[str], set[str]]:
        """Words and stems of the language's units that are likely forms of a typed word: the
        words that begin with it (for a long word: with all but its last letters), the stems
        that begin with its stem (all but the stem's last two letters), and the stems its stem
        begins with (at least three fifths of it: `kiinnittäminen` -> `kiinnit`)."""
        words: set[str] = set()
        stems: set[str] = set()
        exact = keys.exact
        if exact.isalpha() and len(exact) >= MIN_PREFIX:
            words.update(self.starting_with("exact", exact[: len(exact) - cut(exact)]))
            for stem in keys.stems:
                if len(stem) >= MIN_PREFIX:
                    start = stem[: max(MIN_PREFIX, len(stem) - 2)]
                    for name in ("text", "title"):
                        stems.update(self.starting_with(name, start))
                        shortest = max(MIN_PREFIX, -(-3 * len(stem) // 5))
                        stems.update(
                            stem[:n]
                            for n in range(shortest, len(stem))
                            if self.holds(name, stem[:n])
                        )
        return words - {exact}, stems - set(keys.stems)

    def own(self, typed: str) -> list[Form]:
        """A typed word's own terms: its exact form, its stems and the forms an OCR printed."""
        keys = self.analyzer.keys(typed)
        own = own_forms(keys, 1.0)
        if self.has_ocr:
            variants = [keys.exact, *ocr_variants(typed, self.ocr_letters)]
            own += [Form("text", "ocr", f, W_OCR) for f in variants]
        return own

    def knows(self, typed: str) -> bool:
        """Whether some unit of the language holds a typed word (one of its own terms)."""
        return any(self.holds(f.field, f.term) for f in self.own(typed))

    def analyse(self, typed: str, foreign: bool) -> Analysed:
        """A typed word analysed for the language (`foreign`: it is another language's word,
        never corrected to a near spelling of this one's)."""
        an = self.analyzer
        keys = an.keys(typed)
        own = self.own(typed)
        forms = list(own)
        words, stems = self.forms(keys)
        for form in sorted(words):
            forms += own_forms(an.keys(form), W_PREFIX, exact="text")
        forms += own_forms(Keys("", tuple(sorted(stems))), W_PREFIX)
        known = any(self.holds(f.field, f.term) for f in own)
        if not known and keys.exact.isalpha() and not an.is_stopword(keys.exact) and not foreign:
            for near in self.speller.near(keys.exact, max_distance(keys.exact))[:3]:
                forms += own_forms(an.keys(near), W_FUZZY)
        best: dict[tuple[str, str, str], Form] = {}
        for f in forms:
            key = (f.group, f.field, f.term)
            if key not in best or best[key].weight < f.weight:
                best[key] = f
        marks = frozenset(f.term for f in best.values() if f.group != "law")
        held = [f for f in best.values() if self.holds(f.field, f.term)]
        return Analysed(keys, held, own, marks, known)


def group_queries(forms: Iterable[Form], language: str) -> dict[str, query.Query]:
    """A word's terms as one Whoosh query per group: the best of its terms counts
    (`DisjunctionMax`), each term boosted by its weight (a form, a near spelling)."""
    groups: dict[str, list[query.Query]] = {}
    for f in forms:
        term = query.Term(field(f.field, language), f.term, boost=f.weight)
        groups.setdefault(f.group, []).append(term)
    return {group: query.DisjunctionMax(terms, tiebreak=0.0) for group, terms in groups.items()}


def phrase_query(phrase: str, language: str, profiles: Profiles = SHIPPED) -> query.Query:
    """A quoted phrase as a Whoosh query: its words' exact forms, in a row.

    >>> phrase_query("revokki tulee pysyväksi", "fi")
    Phrase('exact_fi', ['revokki', 'tulee', 'pysyvaksi'], slop=1, boost=1.000000)
    >>> phrase_query("Revokki", "fi")
    Term('exact_fi', 'revokki')
    """
    keys = [k.exact for k in analyzer(language, profiles).words(phrase)]
    name = field("exact", language)
    return query.Phrase(name, keys) if len(keys) > 1 else query.Term(name, keys[0])
