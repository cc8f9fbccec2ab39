"""Concepts for search: the books' own subject index (and the definitions' English terms) as
a bridge from the words a player types to the units that answer them, in every book.

A concept is one index entry (or one defined term) with its printed terms, per language
(Estonian and English for the Estonian index, Finnish for the Finnish one, English for a
Slovak or Estonian definition's printed gloss and for a glossary concept's name), the heading
it stands under, and its targets in its own book. At search time (`Concepts.match`) the
query's words, analysed the way the concept's language is, are matched to the concept terms;
a matched concept brings its targets up in whichever book is searched: the same canonical id
in a 2017 book, the 2007 units of the edition map in the Slovak book, the card's topics
citing it, and a definition through the glossary's links.

>>> c = Concepts(book_concepts({"et": [_sample()]}))
>>> best = ranked(c.entries_matching("opening lead out of turn", "en"))[0]
>>> best.entry.terms["en"], best.score
('Out of turn', 1.0)
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from kb.core.ids import code_parts, unit_id
from kb.core.model import Unit
from kb.index.analysis import analyzer
from kb.layers import glossary
from kb.profiles import language_of, load_situations

MIN_SCORE = 0.2  # a concept matching less of the query than this is not used
ENGLISH = "en"


def _sample() -> Unit:
    entry = {
        "term": "Avakäik väljaspool järjekorda",
        "heading": "Avakäik",
        "english": "Out of turn",
        "heading_english": "Opening lead",
        "targets": ["54"],
        "lines": [2633],
    }
    return Unit("index", "index", "", "", "", "et", 2017, (1, 1), entries=[entry])


def concept(
    source: str,
    edition: int,
    terms: dict[str, str],
    targets: list[str],
    group: str = "",
    **context: str,
) -> dict[str, Any]:
    """One concept: its book and edition, its terms and headings per language, its targets,
    and the group of concepts it is one phrasing of (a situation's phrases: only the best
    matching one counts).

    >>> concept("sk", 2007, {"en": "Revoke"}, ["def.nepriznanie-farby"])["context"]
    {}
    """
    return {
        "source": source,
        "edition": edition,
        "terms": terms,
        "context": {lang: text for lang, text in context.items() if text},
        "targets": targets,
        **({"group": group} if group else {}),
    }


def build_concepts(units: dict[str, list[Unit]]) -> list[dict[str, Any]]:
    """The concepts of the built books (`book_concepts`) and the situations of the thesaurus
    of each book's language and of English (`situation_concepts`).

    >>> found = build_concepts({"et": [_sample()]})
    >>> sorted({c["source"] for c in found}), sorted({lang for c in found for lang in c["terms"]})
    (['', 'et'], ['en', 'et'])
    """
    languages = {book[0].lang for book in units.values() if book} | {ENGLISH}
    situations = [c for lang in sorted(languages) for c in situation_concepts(lang)]
    return book_concepts(units) + situations


def book_concepts(units: dict[str, list[Unit]]) -> list[dict[str, Any]]:
    """The concepts the books print: every index entry with a target, every definition with
    a printed English term, and every glossary concept's English name.

    >>> book_concepts({"et": [_sample()]})[0]["terms"]
    {'et': 'Avakäik väljaspool järjekorda', 'en': 'Out of turn'}
    """
    out: list[dict[str, Any]] = []
    for lang, book in units.items():
        edition = book[0].edition if book else 0
        for unit in book:
            if unit.kind == "index":
                for e in unit.entries:
                    if e.get("targets"):
                        terms = {lang: e["term"]}
                        terms.update({ENGLISH: e["english"]} if e.get("english") else {})
                        context = {
                            lang: e.get("heading", ""),
                            ENGLISH: e.get("heading_english", ""),
                        }
                        out.append(concept(lang, edition, terms, e["targets"], **context))
            elif unit.kind == "definition" and unit.english:
                out.append(concept(lang, edition, {ENGLISH: unit.english}, [unit.id]))
    for key in glossary.concepts():
        lang, ids = next(
            ((lg, ids) for lg, ids in glossary.definitions_of(key).items() if lg in units), ("", [])
        )
        for name in glossary.english(key) if lang else ():
            out.append(concept(lang, 0, {ENGLISH: name}, ids))
    return out


def situation_concepts(lang: str) -> list[dict[str, Any]]:
    """The situations of a language's thesaurus (`kb.profiles.load_situations`) as concepts:
    each phrase one concept of its situation's group, naming the situation's units by their
    canonical ids in the thesaurus's edition.

    >>> found = situation_concepts("en")
    >>> all(c["terms"]["en"] and c["targets"] and c["group"] for c in found)
    True
    """
    edition, situations = load_situations(lang)
    out = []
    for n, (codes, phrases) in enumerate(situations):
        targets = [unit_id(*parts) for parts in map(code_parts, codes) if parts]
        for phrase in phrases:
            out.append(concept("", edition, {lang: phrase}, targets, f"{lang}:{n}"))
    return out


def joined(heading: str, term: str) -> str:
    """An entry's name with its heading, as an index reads: `Opening lead, out of turn`; a
    term that begins with its heading's word stands alone.

    >>> joined("Opening lead", "Out of turn"), joined("", "Claim")
    ('Opening lead, out of turn', 'Claim')
    >>> joined("Avakäik", "Avakäik väljaspool järjekorda")
    'Avakäik väljaspool järjekorda'
    """
    first = heading.split()[0][:4].lower() if heading else ""
    if not heading or term.lower().startswith(first):
        return term
    return f"{heading}, {term[:1].lower()}{term[1:]}"


NO_CONTEXT: dict[str, str] = {}  # shared by the concepts printed under no heading (read only)


class Concept(NamedTuple):
    """A concept as a searcher holds it (`concept` gives its fields): `sizes` are the
    numbers of content words of its terms, in their order.

    >>> Concept("et", 2017, {"en": "Out of turn"}, {}, ("54",)).sizes
    ()
    """

    source: str
    edition: int
    terms: dict[str, str]
    context: dict[str, str]
    targets: tuple[str, ...]
    group: str = ""
    sizes: tuple[int, ...] = ()


@dataclass
class Match:
    """A concept the query matched, and how well (1.0: every word of the query, all of the
    entry's own words)."""

    entry: Concept
    score: float


def ranked(matches: list[Match], limit: int = 0) -> list[Match]:
    """Matches best first (in their order where equal), the first `limit` (0: all).

    >>> c = Concept("", 0, {}, {}, ())
    >>> [m.score for m in ranked([Match(c, 0.5), Match(c, 0.9), Match(c, 0.7)], 2)]
    [0.9, 0.7]
    """
    found = sorted(matches, key=lambda m: -m.score)
    return found[:limit] if limit else found


class Concepts:
    """The concepts, their words indexed per language; a situation's phrases also by their
    situation (the group), which is what a query's words are first matched against."""

    def __init__(self, entries: list[dict[str, Any]]) -> None:
        self.entries: list[Concept] = []
        # language -> key -> concepts holding it (own term) / in its heading / situations
        own: dict[str, dict[str, set[int]]] = defaultdict(lambda: defaultdict(set))
        context: dict[str, dict[str, set[int]]] = defaultdict(lambda: defaultdict(set))
        # language -> key -> situation -> how many of its phrases hold the key
        groups: dict[str, dict[str, dict[str, int]]] = defaultdict(
            lambda: defaultdict(lambda: defaultdict(int))
        )
        phrases: dict[str, dict[str, set[int]]] = defaultdict(lambda: defaultdict(set))
        # a situation's phrases: (number of content words, concept), shortest first
        self.members: dict[str, list[tuple[int, int]]] = defaultdict(list)
        shared: dict[Any, Any] = {}  # one copy of each source, group and list of targets
        # A book's entries are matched in its language: an entry that several books print
        # alike (two documents of a language, two translations of one English index) once,
        # so that its copies do not fill the best matches.
        printed: dict[tuple, int] = {}
        for n, entry in enumerate(entries):
            group = shared.setdefault(entry.get("group", ""), entry.get("group", ""))
            targets, edition = tuple(entry["targets"]), entry["edition"]
            content = {lang: self.content(lang, term) for lang, term in entry["terms"].items()}
            for lang in dict.fromkeys((*entry["terms"], *entry["context"])):
                language, term = language_of(lang), entry["terms"].get(lang)
                words = content.get(lang, ())
                if group:
                    self.members[group].append((len(words) or 1, n))
                    for k in {k for ks in words for k in ks}:
                        groups[language][k][group] += 1
                        phrases[language][k].add(n)
                    continue
                heading = entry["context"].get(lang, "")
                if printed.setdefault((language, term, heading, targets, edition), n) != n:
                    continue
                for k in {k for ks in words for k in ks}:
                    own[language][k].add(n)
                for keys in self.content(lang, heading):
                    for k in keys:
                        context[language][k].add(n)
            self.entries.append(
                Concept(
                    shared.setdefault(entry["source"], entry["source"]),
                    edition,
                    entry["terms"],
                    entry["context"] or NO_CONTEXT,
                    shared.setdefault(targets, targets),
                    group,
                    tuple(map(len, content.values())),
                )
            )
        # kept as tuples: a set per key and language is most of the memory of twelve books
        self.own, self.context = frozen(own), frozen(context)
        self.groups = {  # language -> key -> (situation, phrases holding the key) pairs
            lang: {k: tuple(sorted(counts.items())) for k, counts in keys.items()}
            for lang, keys in groups.items()
        }
        self.phrases = frozen(phrases)  # language -> key -> the situations' phrases holding it
        # the books' entries, each printed alike by several books counted once
        self.printed = len(set(printed.values()))
        for members in self.members.values():
            members.sort()
        # a situation's length: the content words of all its phrases, against its language's
        # mean (BM25's length normalisation: a situation of many phrases holds many words)
        self.length: dict[str, float] = {}
        for language in self.groups:
            mine = {
                g: sum(size for size, _ in m)
                for g, m in self.members.items()
                if g.startswith(f"{language}:")
            }
            mean = sum(mine.values()) / len(mine) if mine else 1.0
            self.length.update({g: size / mean for g, size in mine.items()})

    @staticmethod
    def content(lang: str, text: str) -> tuple[frozenset[str], ...]:
        """The keys (exact form and stems) of each content word of a text (analysed once per
        language: every document of a language reads a query alike).

        >>> [sorted(k) for k in Concepts.content("en", "a lead out of turn")]
        [['lead'], ['turn']]
        """
        return _content(language_of(lang), text)

    def entries_matching(self, query: str, lang: str) -> list[Match]:
        """The entries (not situations) whose terms in `lang` the query's words match: the
        share of the query's words (rarer words weigh more) found in the entry's term or
        heading, times one half plus half the share of the entry's own words the query
        holds; unsorted (see `ranked`).

        >>> c = Concepts(book_concepts({"et": [_sample()]}))
        >>> [m.entry.terms["en"] for m in ranked(c.entries_matching("out of turn", "en"), 1)]
        ['Out of turn']
        """
        own, context = self.own.get(lang, {}), self.context.get(lang, {})
        words = self.content(lang, query) if own else ()
        if not words:
            return []
        total = self.printed
        hits_own: dict[int, set[int]] = defaultdict(set)  # concept -> query words in its term
        hits_all: dict[int, set[int]] = defaultdict(set)
        weight = []
        for w, keys in enumerate(words):
            found_own = set().union(*(own.get(k, ()) for k in keys))
            found_ctx = set().union(*(context.get(k, ()) for k in keys))
            weight.append(math.log(1 + total / (1 + len(found_own | found_ctx))))
            for n in found_own:
                hits_own[n].add(w)
                hits_all[n].add(w)
            for n in found_ctx:
                hits_all[n].add(w)
        needed = sum(weight) or 1.0
        out = []
        for n, found in hits_all.items():
            covered = sum(weight[w] for w in found) / needed
            score = covered * (0.5 + 0.5 * min(1.0, len(hits_own.get(n, ())) / self._size(n, lang)))
            if score >= MIN_SCORE:
                out.append(Match(self.entries[n], score))
        return out

    def situations_matching(self, query: str, lang: str, limit: int = 0) -> list[Match]:
        """A language's situations the query's words match, each by its best phrase: the
        mean of the share of the query's words the phrase holds and the situation's BM25
        relevance (see `relevance`), times one half plus half the share of the phrase's own
        words the query holds, at most 1; from the best bound down, at least the best `limit`
        (0: all).
        """
        groups = self.groups.get(lang, {})
        words = self.content(lang, query) if groups else ()
        if not words:
            return []
        # situation -> query word -> how many of its phrases hold the word (its key most hold)
        in_group: dict[str, dict[int, int]] = defaultdict(dict)
        weight = []  # a word's weight among the situations
        phrases = self.phrases.get(lang, {})
        holding = [set().union(*(phrases.get(k, ()) for k in keys)) for keys in words]
        for w, keys in enumerate(words):
            tf: dict[str, int] = {}
            for k in keys:
                for group, n in groups.get(k, ()):
                    if n > tf.get(group, 0):
                        tf[group] = n
            weight.append(math.log(1 + len(self.members) / (1 + len(tf))))
            for group, n in tf.items():
                in_group[group][w] = n
        needed = sum(weight) or 1.0
        # A situation's phrases together cover the query: a player's description shares a
        # few words with one phrasing and a few with another. A phrase never scores above
        # the mean of its situation's share of the query's words and its relevance
        # (`bound`), nor above that times its own best share: the situations are looked at
        # from the best bound down, each one's phrases from the shortest, and no further
        # than can change the best `limit`.
        top: list[float] = []
        out = []
        situations = []
        for group, found in in_group.items():
            covered = relevance(found, weight, self.length[group]) / needed
            bound = (sum(weight[w] for w in found) / needed + covered) / 2
            situations.append((-bound, group, covered))
        situations.sort()
        for minus, group, covered in situations:
            bound, found = -minus, in_group[group]
            if bound < MIN_SCORE or (limit and len(top) >= limit and bound < top[0]):
                break
            found_best = None
            for size, n in self.members[group]:
                if found_best is not None and found_best.score >= bound * (
                    0.5 + 0.5 * min(1.0, len(found) / size)
                ):
                    break
                held = [w for w in found if n in holding[w]]
                own_cover = sum(weight[w] for w in held) / needed
                score = (own_cover + covered) / 2 * (0.5 + 0.5 * min(1.0, len(held) / size))
                if found_best is None or score > found_best.score:
                    found_best = Match(self.entries[n], score)
            if found_best is not None and found_best.score >= MIN_SCORE:
                found_best.score = min(1.0, found_best.score)
                out.append(found_best)
                if limit:
                    top = sorted([*top, found_best.score])[-limit:]
        return out

    def _size(self, n: int, lang: str) -> int:
        """The number of content words of a concept's term in a language (at least 1)."""
        e = self.entries[n]
        sizes = zip(e.terms, e.sizes, strict=False)
        return next((size or 1 for key, size in sizes if language_of(key) == lang), 1)


def relevance(found: dict[int, int], weight: list[float], length: float) -> float:
    """A situation's BM25 relevance to the query's words it holds (`found`: word -> how
    many of its phrases hold it), each word weighing its rarity (`weight`), for a situation
    of `length` times its language's mean (k1 = 1.2, b = 0.75: BM25's usual values, not
    fitted to any query set): a word held once by a situation of the mean length counts its
    weight, more phrases holding it count up to 2.2 times, a longer situation less.

    >>> relevance({0: 1}, [2.0], 1.0), round(relevance({0: 3}, [2.0], 1.0), 2)
    (2.0, 3.14)
    >>> round(relevance({0: 1}, [2.0], 2.0), 2)  # twice as long: the word says less
    1.42
    """
    k1, b = 1.2, 0.75
    norm = k1 * (1 - b + b * length)
    return sum(weight[w] * n * (k1 + 1) / (n + norm) for w, n in found.items())


def frozen(index: dict[str, dict[str, set]]) -> dict[str, dict[str, tuple]]:
    """An index of sets as plain dictionaries of tuples (a third of the memory).

    >>> frozen({"fi": {"revok": {3, 1}}})
    {'fi': {'revok': (1, 3)}}
    """
    return {lang: {k: tuple(sorted(v)) for k, v in keys.items()} for lang, keys in index.items()}


@lru_cache(maxsize=4096)
def _content(language: str, text: str) -> tuple[frozenset[str], ...]:
    an = analyzer(language)
    return tuple(
        frozenset((k.exact, *k.stems))
        for k in an.words(text)
        if not an.is_stopword(k.exact) and k.exact
    )
