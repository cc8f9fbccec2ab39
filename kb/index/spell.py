"""Near spellings: the words of an index within a small edit distance of a typed word.

An index of letter pairs finds the candidates: one slip changes at most three of a word's
letter pairs (counting the word's start and end as letters), so a word within `k` slips
shares all but `3k` of them. The true distance (Damerau-Levenshtein: insert, delete,
substitute, swap two neighbours) then decides.

>>> s = Speller({"rangaistuskortti": 9, "rangaistuskortin": 4, "tikki": 20})
>>> s.near("rangaistuskorti", 1)
['rangaistuskortti', 'rangaistuskortin']
>>> s.near("tikik", 1), s.near("xyzzy", 1)
(['tikki'], [])
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache


def distance(a: str, b: str, limit: int) -> int:
    """The Damerau-Levenshtein (optimal string alignment) distance of two words, or
    `limit + 1` as soon as it is certain to exceed `limit`.

    >>> distance("revokki", "revokin", 2), distance("kart", "krat", 2), distance("a", "bcd", 1)
    (2, 1, 2)
    """
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        row = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = ca != cb
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], previous2[j - 2] + 1)
        if min(row) > limit:
            return limit + 1
        previous2, previous = previous, row
    return previous[-1]


def pairs(word: str) -> set[str]:
    """The letter pairs of a word, its start and end marked.

    >>> sorted(pairs("kart"))
    ['^k', 'ar', 'ka', 'rt', 't$']
    """
    marked = f"^{word}$"
    return {marked[i : i + 2] for i in range(len(marked) - 1)}


def max_distance(word: str) -> int:
    """How many slips a typed word may hold: none below five letters, one below eight, two
    from eight on.

    >>> [max_distance(w) for w in ("kart", "tikki", "rangaistuskortti")]
    [0, 1, 2]
    """
    return 0 if len(word) < 5 else 1 if len(word) < 8 else 2


class Speller:
    """The words of one language's index (with their frequencies) and their near spellings."""

    def __init__(self, words: dict[str, int]) -> None:
        self.words = words
        self.near = lru_cache(maxsize=4096)(self._near)
        self._index: dict[str, list[str]] = defaultdict(list)
        for word in words:
            for pair in pairs(word):
                self._index[pair].append(word)

    def _near(self, word: str, maxdist: int) -> list[str]:
        """The words within `maxdist` edits of `word`, itself excluded: nearest first, then
        most frequent."""
        mine = pairs(word)
        shared: dict[str, int] = defaultdict(int)
        for pair in mine:
            for other in self._index.get(pair, ()):
                shared[other] += 1
        least = len(mine) - 3 * maxdist
        scored = []
        for other, n in shared.items():
            if n >= least and other != word and abs(len(other) - len(word)) <= maxdist:
                d = distance(word, other, maxdist)
                if d <= maxdist:
                    scored.append((d, -self.words[other], other))
        return [w for _, _, w in sorted(scored)]
