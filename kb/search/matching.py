"""A query's words matched to the concepts (`kb.search.concepts`): the books' index entries
and defined terms, and the situations of the thesaurus.

Whoosh has no part here: the concepts are a small table in memory. The project matches a
query to an entry by the share of its words (rarer words weigh more, `weighting.idf`) the
entry's term and heading hold; to a situation by its best phrase, BM25 over the situation's
phrases together (`weighting.tf`), raised by how much the query's letters resemble the
situation's (`kb.search.letters`: inflected and compound forms, scattered words).

>>> from kb.search.concepts import _sample, book_concepts, ranked
>>> c = Concepts(book_concepts({"et": [_sample()]}))
>>> best = ranked(c.entries_matching("opening lead out of turn", "en"))[0]
>>> best.entry.terms["en"], best.score
('Out of turn', 1.0)
"""

from __future__ import annotations

import heapq
import math
from collections import defaultdict
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from kb.profiles import SHIPPED, Profiles
from kb.search.analysis import analyzer, content_keys
from kb.search.concepts import ENGLISH, Concept, Match
from kb.search.letters import LetterIndex, letter_grams, rarity, situation_letters
from kb.search.weighting import idf, tf

MIN_SCORE = 0.2  # a concept matching less of the query than this is not used
FULL = 1 - 1e-9  # a bound from which a situation's phrases may score 1 (less: rounding's margin)
# A word naming a suit or a card (`Words.cards`) weighs this share of its rarity in matching
# situations: "partner's ace of spades fell during the auction" is about a card exposed in
# the auction, not about spades (which a few situations' phrases name as their example).
CARD_WORD = 0.3
NO_CONTEXT: Mapping[str, str] = MappingProxyType({})  # of every concept under no heading


class Asked(NamedTuple):
    """A query's words as a language's situations hold them (`Concepts.situations_matching`):
    per situation, each word's number of phrases holding it (`in_group`); each word's weight
    among the situations; the phrases holding any (`held`: a phrase holding none scores
    nothing), each with the query's words it holds (bit `w` for word `w`); per situation,
    its share of the query's words by relevance and the bound of its phrases' scores
    (`bounds`: the function of that name); and, once worked out, each situation's best
    phrase by words (`best`: its score, its concept and the share of the phrase's own words
    the query holds, for the pass with letters) and the share of the query's words of each
    set of them a phrase holds (`own`)."""

    in_group: dict[str, dict[int, int]]
    weight: list[float]
    held: dict[int, int]
    bounds: dict[str, tuple[float, float]]
    best: dict[str, tuple[float, int, float]]
    own: dict[int, float]


class Concepts:
    """The concepts, their words indexed per language; a situation's phrases also by their
    situation (the group), which is what a query's words are first matched against."""

    def __init__(
        self,
        entries: list[dict[str, Any]],
        letters: dict[str, LetterIndex] | None = None,
        profiles: Profiles = SHIPPED,
    ) -> None:
        self.profiles = profiles  # each document key's language, each language's words
        self.entries: list[Concept] = []
        # language -> key -> concepts holding it (own term) / in its heading / situations
        own: dict[str, dict[str, set[int]]] = defaultdict(lambda: defaultdict(set))
        context: dict[str, dict[str, set[int]]] = defaultdict(lambda: defaultdict(set))
        # language -> key -> situation -> how many of its phrases hold the key
        groups: dict[str, dict[str, dict[str, int]]] = defaultdict(
            lambda: defaultdict(lambda: defaultdict(int))
        )
        phrases: dict[str, dict[str, set[int]]] = defaultdict(lambda: defaultdict(set))
        # a situation's phrases: (number of content words, concept), shortest first (a phrase
        # written in several languages once, by its most words)
        sizes: dict[str, dict[int, int]] = defaultdict(dict)
        shared: dict[Any, Any] = {}  # one copy of each source, group, term and list of targets
        one = shared.setdefault  # an equal value kept once: books print alike
        # A book's entries are matched in its language: an entry that several books print
        # alike (two documents of a language, two translations of one English index) once,
        # so that its copies do not fill the best matches.
        printed: dict[tuple, int] = {}
        english: set[str] = set()
        said: dict[tuple[str, str], tuple] = {}  # each text's content words, read once

        def read(lang: str, text: str) -> tuple[tuple[str, ...], ...]:
            found = said.get((lang, text))
            if found is None:
                found = said[(lang, text)] = self.content(lang, text)
            return found

        for n, entry in enumerate(entries):
            group = one(entry.get("group", ""), entry.get("group", ""))
            targets, edition = tuple(entry["targets"]), entry["edition"]
            content = {lang: read(lang, term) for lang, term in entry["terms"].items()}
            english.update(keys[0] for keys in content.get(ENGLISH, ()))
            for lang in dict.fromkeys((*entry["terms"], *entry["context"])):
                language, term = profiles.language_of(lang), entry["terms"].get(lang)
                words = content.get(lang, ())
                if group:
                    sizes[group][n] = max(sizes[group].get(n, 0), len(words) or 1)
                    for k in {k for ks in words for k in ks}:
                        groups[language][k][group] += 1
                        phrases[language][k].add(n)
                    continue
                heading = entry["context"].get(lang, "")
                if printed.setdefault((language, term, heading, targets, edition), n) != n:
                    continue
                for k in {k for ks in words for k in ks}:
                    own[language][k].add(n)
                for keys in read(lang, heading):
                    for k in keys:
                        context[language][k].add(n)
            sizes_of = tuple(map(len, content.values()))
            self.entries.append(
                Concept(
                    one(entry["source"], entry["source"]),
                    edition,
                    {k: one(t, t) for k, t in entry["terms"].items()},
                    {k: one(t, t) for k, t in entry["context"].items()} or NO_CONTEXT,
                    one(targets, targets),
                    group,
                    one(sizes_of, sizes_of),
                )
            )
        self.english = frozenset(english)  # the English words of the terms, as typed (folded)
        # kept as tuples: a set per key and language is most of the memory of twelve books
        self.own, self.context = frozen(own), frozen(context)
        self.groups = {  # language -> key -> (situation, phrases holding the key) pairs
            lang: {k: tuple(sorted(counts.items())) for k, counts in keys.items()}
            for lang, keys in groups.items()
        }
        self.phrases = frozen(phrases)  # language -> key -> the situations' phrases holding it
        # the books' entries, each printed alike by several books counted once
        self.printed = len(set(printed.values()))
        self.members: dict[str, list[tuple[int, int]]] = {
            g: sorted((size, n) for n, size in m.items()) for g, m in sizes.items()
        }
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
        # each situation's first phrase (its name, as its thesaurus writes it first)
        self.first_phrase = {group: min(n for _, n in m) for group, m in self.members.items()}
        # how a query resembles each situation's phrases letter by letter (built with the
        # index: `situation_letters`)
        self.letters = situation_letters(entries, profiles) if letters is None else letters

    def content(self, lang: str, text: str) -> tuple[tuple[str, ...], ...]:
        """The keys of each content word of a text, its exact form first, then its stems
        (analysed once per language: every document of a language reads a query alike).

        >>> Concepts([]).content("en", "a lead out of turn"), Concepts([]).content("fi", "revokin")
        ((('lead',), ('turn',)), (('revokin', 'revo'),))
        """
        return content_keys(self.profiles.language_of(lang), text, self.profiles)

    def entries_matching(self, query: str, lang: str) -> list[Match]:
        """The entries (not situations) whose terms in `lang` the query's words match: the
        share of the query's words (rarer words weigh more) found in the entry's term or
        heading, times one half plus half the share of the entry's own words the query
        holds; unsorted (see `ranked`).

        >>> from kb.search.concepts import _sample, book_concepts, ranked
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
            weight.append(idf(len(found_own | found_ctx), total))
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
        relevance (see `bounds`), times one half plus half the share of the phrase's own
        words the query holds, at most 1; unless the words alone match some situation fully
        (a score of 1), raised by how much the query's letters resemble the situation's
        phrases (`resemblance`: an inflected or compound form, a description's scattered
        words), as the chance that either holds (`either`), which also brings up situations
        no word of the query is in, once some situation holds one of its words; from the best
        bound down, at least the best `limit` (0: all).

        >>> from kb.search.concepts import ranked, situation_concepts
        >>> c = Concepts(situation_concepts("fi"))
        >>> [m.entry.terms["fi"] for m in ranked(c.situations_matching("revokki", "fi"), 1)]
        ['revokki']
        """
        groups = self.groups.get(lang, {})
        words = self.content(lang, query) if groups else ()
        if not words:
            return []
        # situation -> query word -> how many of its phrases hold the word (its key most hold)
        in_group: dict[str, dict[int, int]] = defaultdict(dict)
        weight = []  # a word's weight among the situations
        phrases = self.phrases.get(lang, {})
        held: dict[int, int] = {}  # phrase -> the query's words it holds, a bit each
        names_a_card = analyzer(lang, self.profiles).names_a_card
        for w, keys in enumerate(words):
            bit = 1 << w
            for n in set().union(*(phrases.get(k, ()) for k in keys)):
                held[n] = held.get(n, 0) | bit
            held_by: dict[str, int] = {}
            for k in keys:
                for group, n in groups.get(k, ()):
                    if n > held_by.get(group, 0):
                        held_by[group] = n
            rare = idf(len(held_by), len(self.members))
            weight.append(rare * (CARD_WORD if names_a_card(keys[0]) else 1.0))
            for group, n in held_by.items():
                in_group[group][w] = n
        asked = Asked(in_group, weight, held, bounds(in_group, weight, self.length), {}, {})
        # No phrase scores above its situation's bound (but for rounding): where none reaches
        # 1, the words alone match no situation fully, and are not worked out on their own.
        if max((b for _, b in asked.bounds.values()), default=1.0) >= FULL:
            words_only = self._situations(asked, {}, limit)
            if not in_group or any(m.score >= 1.0 for m in words_only):
                # no word of the query is a situation's (letters alone are no evidence:
                # `yemek tarifi`), or the words alone match some situation fully: the answer
                return words_only
        return self._situations(asked, self.resemblance(query, lang), limit)

    def _situations(self, asked: Asked, likeness: dict[str, float], limit: int) -> list[Match]:
        """The situations of `situations_matching`: those the query's words are in or its
        letters resemble (`likeness`), each by its best phrase by words (see `Asked`).

        A situation's phrases together cover the query: a player's description shares a few
        words with one phrasing and a few with another. A phrase's word match never scores
        above the mean of its situation's share of the query's words and its relevance
        (`bound`), nor above that times its own best share: the situations are looked at from
        the best bound down, each one's phrases holding a word of the query from the
        shortest, and no further than can change the best `limit`. A situation its letters
        alone resemble is named by its first phrase. Best first; of equal scores (a score is
        at most 1), the situation whose phrase the query says more of first."""
        in_group, weight, held, own_of = asked.in_group, asked.weight, asked.held, asked.own
        needed = sum(weight) or 1.0
        if likeness:
            situations = []
            for group in in_group.keys() | likeness.keys():
                covered, bound = asked.bounds.get(group, (0.0, 0.0))
                like = likeness.get(group, 0.0)
                situations.append((-either(min(1.0, bound), like), group, covered, bound, like))
        else:  # by words alone: a situation is ranked by its bound
            situations = [(-min(1.0, b), g, c, b, 0.0) for g, (c, b) in asked.bounds.items()]
        situations.sort()
        top: list[float] = []  # the best `limit` scores so far, a heap: the least first
        out = []
        for minus, group, covered, bound, like in situations:
            if -minus < MIN_SCORE or (limit and len(top) >= limit and -minus < top[0]):
                break
            if group not in asked.best:
                found = in_group.get(group, {})
                best, best_n, said = 0.0, self.first_phrase[group], 0.0
                for size, n in self.members[group]:
                    mask = held.get(n)  # the query's words the phrase holds (all in `found`)
                    if mask is None:
                        continue
                    if best >= bound * (0.5 + 0.5 * min(1.0, len(found) / size)):
                        break
                    own = own_of.get(mask)
                    if own is None:  # summed as `needed` is, word by word
                        own = sum(w for i, w in enumerate(weight) if mask >> i & 1) / needed
                        own_of[mask] = own
                    share = min(1.0, mask.bit_count() / size)  # of the phrase's own words
                    score = (own + covered) / 2 * (0.5 + 0.5 * share)
                    if score > best:
                        best, best_n, said = score, n, share
                asked.best[group] = (best, best_n, said)
            best, best_n, said = asked.best[group]
            score = either(min(1.0, best), like)
            if score >= MIN_SCORE:
                out.append((-score, -said, len(out), Match(self.entries[best_n], score)))
                if limit:
                    heapq.heappush(top, score)
                    if len(top) > limit:
                        heapq.heappop(top)
        # Equal scores (at most 1): the situation whose phrase the query says more of first
        # ("disputed claim": Law 70's phrase of those words, before Law 69's "claim accepted
        # then disputed")
        return [m for *_, m in sorted(out)]

    def resemblance(self, query: str, lang: str) -> dict[str, float]:
        """How much the query's letters resemble each situation's phrases of a language: the
        cosine of their letter grams (`letter_grams`, TF-IDF among the situations), counting
        only the query's grams some situation holds (a word no situation knows does not
        lower it); the situations sharing no gram are left out.

        >>> from kb.search.concepts import ranked, situation_concepts
        >>> c = Concepts(situation_concepts("fi"))
        >>> like = c.resemblance("arvojärjestyksestä", "fi")  # "of the ranking": no word alike
        >>> best = max(like, key=like.get)
        >>> c.entries[c.first_phrase[best]].terms["fi"], round(like[best], 2)
        ('korttien arvojärjestys', 0.29)
        """
        letters = self.letters.get(self.profiles.language_of(lang))
        if letters is None:
            return {}
        total, who, weights = len(letters.situations), letters.who, letters.weights
        vector = []  # (the gram's situations, the gram's weight in the query)
        words = (keys[0] for keys in self.content(lang, query))
        for gram, w in letter_grams(words).items():
            found = letters.holding(gram)
            if found:
                vector.append((found, w * rarity(total, len(found))))
        norm = math.sqrt(sum(w * w for _, w in vector)) or 1.0
        sums = [0.0] * total
        for found, w in vector:
            start, stop = found.start, found.stop
            for n, weight in zip(who[start:stop], weights[start:stop], strict=True):
                sums[n] += w * weight
        return {letters.situations[n]: s / norm for n, s in enumerate(sums) if s}

    def same_words(self, lang: str, phrase: str, query: str) -> bool:
        """Whether a phrase says the query's content words (`same_words`), in a document's
        language."""
        return same_words(lang, phrase, query, self.profiles)

    def _size(self, n: int, lang: str) -> int:
        """The number of content words of a concept's term in a language (at least 1)."""
        e = self.entries[n]
        sizes = zip(e.terms, e.sizes, strict=False)
        return next((size or 1 for key, size in sizes if self.profiles.language_of(key) == lang), 1)


def same_words(lang: str, phrase: str, query: str, profiles: Profiles = SHIPPED) -> bool:
    """Whether a phrase says the query's content words, no more and no fewer: as many words,
    each of either sharing a key (its exact form or a stem) with a word of the other.

    >>> same_words("fi", "tuloksen korjaus", "korjaus tuloksen")
    True
    >>> same_words("fi", "tulos", "tulos mitä nyt"), same_words("fi", "tulos", "tuloksen korjaus")
    (True, False)
    """
    language = profiles.language_of(lang)
    said, asked = content_keys(language, phrase, profiles), content_keys(language, query, profiles)
    if len(said) != len(asked):
        return False
    said_keys, asked_keys = [set(k) for k in said], [set(k) for k in asked]
    return all(any(k & a for a in asked_keys) for k in said_keys) and all(
        any(a & k for k in said_keys) for a in asked_keys
    )


def either(a: float, b: float) -> float:
    """Two scores of at most 1 as the chance that either holds: `a + b - a * b`.

    >>> either(0.8, 0.5), either(0.0, 0.3)
    (0.9, 0.3)
    """
    return a + b - a * b


def bounds(
    in_group: dict[str, dict[int, int]], weight: list[float], length: dict[str, float]
) -> dict[str, tuple[float, float]]:
    """Each situation's BM25 relevance to the query's words it holds (`in_group`: situation
    -> word -> how many of its phrases hold it), as a share of the words' total weight, and
    the bound of its phrases' scores by words: the mean of that and the share of the words'
    weight it holds. Each word weighs its rarity (`weight`); a situation of `length` times
    its language's mean counts less (k1 = 1.2, b = 0.75: BM25's usual values, not fitted to
    any query set): a word held once by a situation of the mean length counts its weight,
    more phrases holding it count up to 2.2 times, a longer situation less.

    >>> in_group = {"a": {0: 1}, "b": {0: 3}, "c": {0: 1}}  # "c": twice as long as "a"
    >>> found = bounds(in_group, [2.0, 2.0], {"a": 1.0, "b": 1.0, "c": 2.0})
    >>> {group: (round(covered, 2), round(bound, 2)) for group, (covered, bound) in found.items()}
    {'a': (0.5, 0.5), 'b': (0.79, 0.64), 'c': (0.35, 0.43)}
    """
    needed = sum(weight) or 1.0
    out = {}
    for group, found in in_group.items():
        covered = sum(weight[w] * tf(n, length[group], 1.0) for w, n in found.items()) / needed
        share = sum(weight[w] for w in found) / needed  # summed as `needed` is
        out[group] = (covered, (share + covered) / 2)
    return out


def frozen(index: dict[str, dict[str, set]]) -> dict[str, dict[str, tuple]]:
    """An index of sets as plain dictionaries of tuples (a third of the memory).

    >>> frozen({"fi": {"revok": {3, 1}}})
    {'fi': {'revok': (1, 3)}}
    """
    return {lang: {k: tuple(sorted(v)) for k, v in keys.items()} for lang, keys in index.items()}
