"""Near spellings: the words of an index within a small edit distance of a typed word, and
the query as it was likely meant ("did you mean").

Whoosh provides the words (`reader.iter_field`: each language's exact words, with how many
units hold each); its own spelling correction (`whoosh.spelling`) ranks by its own distance
over a graph of words the index would have to store, so the project compares the typed word
with the words of its length in C (rapidfuzz) and ranks the nearest first, then the most
frequent.

The words are kept by length: a word within `k` slips is at most `k` letters longer or
shorter, and rapidfuzz compares the typed word with those words in C, by the true distance
(Damerau-Levenshtein: insert, delete, substitute, swap two neighbours).

>>> s = Speller({"rangaistuskortti": 9, "rangaistuskortin": 4, "tikki": 20})
>>> s.near("rangaistuskorti", 1)
['rangaistuskortti', 'rangaistuskortin']
>>> s.near("tikik", 1), s.near("xyzzy", 1)
(['tikki'], [])
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Protocol

from rapidfuzz import process
from rapidfuzz.distance import OSA

from kb.profiles import SHIPPED, Profiles


def distance(a: str, b: str, limit: int) -> int:
    """The Damerau-Levenshtein (optimal string alignment) distance of two words, or
    `limit + 1` when it exceeds `limit` (rapidfuzz's, in C).

    >>> distance("revokki", "revokin", 2), distance("kart", "krat", 2), distance("a", "bcd", 1)
    (2, 1, 2)
    """
    return OSA.distance(a, b, score_cutoff=limit)


def max_distance(word: str) -> int:
    """How many slips a typed word may hold: none below five letters, one below eight, two
    from eight on.

    >>> [max_distance(w) for w in ("kart", "tikki", "rangaistuskortti")]
    [0, 1, 2]
    """
    return 0 if len(word) < 5 else 1 if len(word) < 8 else 2


class Speller:
    """Words (with their frequencies: a language's, over all its books) and their near
    spellings.

    >>> Speller({"tikki": 20, "tikka": 3, "pikki": 1}).near("tikkk", 1)
    ['tikki', 'tikka']
    """

    def __init__(self, words: dict[str, int]) -> None:
        self.words = words
        self.candidates = lru_cache(maxsize=4096)(self._candidates)
        self._by_length: dict[int, list[str]] = defaultdict(list)
        for word in words:
            self._by_length[len(word)].append(word)

    def near(self, word: str, maxdist: int) -> list[str]:
        """The words within `maxdist` edits of `word`, itself excluded: nearest first, then
        most frequent, then alphabetical."""
        found = [(d, -self.words[w], w) for d, w in self.candidates(word, maxdist)]
        return [w for _, _, w in sorted(found)]

    def _candidates(self, word: str, maxdist: int) -> tuple[tuple[int, str], ...]:
        """Each word within `maxdist` edits of `word` (itself excluded), with its distance."""
        scored = []
        for size in range(len(word) - maxdist, len(word) + maxdist + 1):
            found = process.extract(
                word,
                self._by_length.get(size, ()),
                scorer=OSA.distance,
                score_cutoff=maxdist,
                limit=None,
            )
            scored += [(d, other) for other, d, _ in found if other != word]
        return tuple(scored)


class Unknown(Protocol):
    """A query word no unit searched holds: as typed, and its exact key."""

    typed: str
    keys: Any


def did_you_mean(
    words: list[str],
    unknown: dict[str, list[Unknown]],
    spellers: dict[str, Speller],
    display: dict[str, dict[str, str]],
    foreign: Callable[[str, str], bool],
    profiles: Profiles = SHIPPED,
) -> str | None:
    """The query (its `words`) with each misspelt word replaced by the nearest word that some
    unit holds, as the books print it (`display`, per language); None when no word is
    misspelt, or none has a near spelling. `unknown`: per document searched, the query's
    words none of its units holds; a word is misspelt where no document searched holds it and
    it is no other language's word (`foreign(language, word)`); it is corrected in the
    language of the documents that hold the most of the query's words (the query's
    language, searched with every language; each document's language in `profiles`).

    >>> from types import SimpleNamespace
    >>> w = SimpleNamespace(typed="tikik", keys=SimpleNamespace(exact="tikik"))
    >>> did_you_mean(["tikik"], {"fi": [w]}, {"fi": Speller({"tikki": 3})}, {}, lambda *_: False)
    'tikki'
    """
    if not unknown:  # no document searched
        return None
    missing = set.intersection(*({w.typed for w in ws} for ws in unknown.values()))
    fewest = min(map(len, unknown.values()))
    for lang in (lg for lg, ws in unknown.items() if len(ws) == fewest):
        language, fixes = profiles.language_of(lang), {}
        for word in unknown[lang]:
            exact = word.keys.exact
            if word.typed not in missing or not exact.isalpha():
                continue
            if foreign(language, word.typed):
                continue
            near = spellers[language].near(exact, max(1, max_distance(exact)))
            if near:
                fixes[word.typed] = display.get(language, {}).get(near[0], near[0])
        if fixes:
            return " ".join(fixes.get(w, w) for w in words)
    return None
