"""The situations' letters: how much a query's letters resemble each situation's phrases.

Whoosh has no part here: a few thousand phrases' letter grams, TF-IDF weighed, in arrays the
index build writes beside the Whoosh index (`letters.json`). The project reads each word as
its letter grams, so that inflected and compound forms of a word meet (`revokki`, `revokin`).

>>> index = letter_index({"a": ["revokki"], "b": ["tarjous"]})
>>> [index.situations[index.who[i]] for i in index.holding("<re")]
['a']
"""

from __future__ import annotations

import base64
import math
from array import array
from bisect import bisect_left
from collections import Counter, defaultdict
from collections.abc import Iterable
from functools import lru_cache
from itertools import accumulate
from typing import Any, NamedTuple

from kb.profiles import SHIPPED, Profiles
from kb.search.analysis import content_keys

LETTER_GRAMS = (3, 4, 5)  # the lengths of the letter grams a word is read as (its ends marked)
ARRAYS = {"starts": "I", "who": "H", "weights": "f"}  # a `LetterIndex`'s arrays and their types


def letter_grams(words: Iterable[str]) -> dict[str, float]:
    """Words as letter grams (`LETTER_GRAMS` long, each word's ends marked), each with its
    count's weight (one plus its logarithm): inflected and compound forms of a word share
    most of their grams, as `revokki` and `revokin` share `<re`, `rev`, `evok`.

    >>> sorted(letter_grams(["revokki"]))[:4]
    ['<re', '<rev', '<revo', 'evo']
    """
    counts: Counter[str] = Counter()
    for word in words:
        counts.update(_grams(word))
    return {gram: 1.0 + math.log(n) for gram, n in counts.items()}


@lru_cache(maxsize=65536)
def _grams(exact: str) -> tuple[str, ...]:
    word = f"<{exact}>"
    return tuple(word[i : i + n] for n in LETTER_GRAMS for i in range(len(word) - n + 1))


def situation_letters(
    entries: list[dict[str, Any]], profiles: Profiles = SHIPPED
) -> dict[str, LetterIndex]:
    """The letter index (`letter_index`) of each language's situations: the content words
    of each situation's phrases (each document key read as its language in `profiles`).

    >>> from kb.profiles import load_situations
    >>> from kb.search.concepts import situation_concepts
    >>> letters = situation_letters(situation_concepts("fi"))
    >>> len(letters["fi"].situations) == len(load_situations("fi")[1])
    True
    """
    said: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for entry in entries:
        for lang, term in entry["terms"].items() if entry.get("group") else ():
            language = profiles.language_of(lang)
            words = said[language][entry["group"]]
            words += (keys[0] for keys in content_keys(language, term, profiles))
    return {language: letter_index(groups) for language, groups in said.items()}


class LetterIndex(NamedTuple):
    """A language's situations (`situations`), its letter grams in order (`grams`) and, for
    the gram numbered `g`, the situations holding it (`who[starts[g]:starts[g + 1]]`, by
    number) with its weight in each (`weights`, alike): see `letter_index`. Arrays and one
    list: as dictionaries of tuples, half a million pairs in six languages took 25 MB."""

    situations: list[str]
    grams: list[str]
    starts: array
    who: array
    weights: array

    def dump(self) -> dict[str, Any]:
        """The index as JSON can hold it (arrays as base64 of their bytes), see `load`.

        >>> index = letter_index({"a": ["revokki"], "b": ["tarjous"]})
        >>> LetterIndex.load(index.dump()) == index
        True
        """
        packed = {name: base64.b64encode(getattr(self, name).tobytes()).decode() for name in ARRAYS}
        return {"situations": self.situations, "grams": " ".join(self.grams), **packed}

    @classmethod
    def load(cls, data: dict[str, Any]) -> LetterIndex:
        """An index `dump` wrote."""
        arrays = (array(code, base64.b64decode(data[name])) for name, code in ARRAYS.items())
        return cls(data["situations"], data["grams"].split(), *arrays)

    def holding(self, gram: str) -> range:
        """The positions in `who` and `weights` of a gram's situations (none: empty).

        >>> index = letter_index({"a": ["revokki"], "b": ["tarjous"]})
        >>> [index.situations[index.who[i]] for i in index.holding("<re")], index.holding("xyz")
        (['a'], range(0, 0))
        """
        n = bisect_left(self.grams, gram)
        if n == len(self.grams) or self.grams[n] != gram:
            return range(0)
        return range(self.starts[n], self.starts[n + 1])


def rarity(total: int, held: int) -> float:
    """A letter gram's weight among `total` situations when `held` of them hold it: one plus
    the logarithm of their ratio (a gram every situation holds weighs 1).

    >>> rarity(100, 100), round(rarity(100, 1), 2)
    (1.0, 5.61)
    """
    return 1.0 + math.log(total / held)


def letter_index(said: dict[str, list[str]]) -> LetterIndex:
    """Each situation's words together as one vector of letter grams (`letter_grams`,
    weighed by their rarity among the situations, TF-IDF, of length one), indexed by gram,
    so that a query's resemblance to every situation is one pass over its own grams
    (`Concepts.resemblance`).

    >>> index = letter_index({"a": ["revokki"], "b": ["revokki", "tarjous"]})
    >>> [(index.situations[index.who[i]], round(index.weights[i], 2))
    ...  for i in index.holding("<re")]
    [('a', 0.24), ('b', 0.12)]
    """
    vectors = [letter_grams(words) for words in said.values()]
    held = Counter(gram for vector in vectors for gram in vector)
    rare = {gram: rarity(len(vectors), n) for gram, n in held.items()}
    pairs: dict[str, list[tuple[int, float]]] = {gram: [] for gram in sorted(held)}
    for n, vector in enumerate(vectors):
        weighed = {gram: w * rare[gram] for gram, w in vector.items()}
        norm = math.sqrt(sum(w * w for w in weighed.values())) or 1.0
        for gram, w in weighed.items():
            pairs[gram].append((n, w / norm))
    starts = array("I", accumulate(map(len, pairs.values()), initial=0))
    who = array("H", (n for found in pairs.values() for n, _ in found))
    weights = array("f", (w for found in pairs.values() for _, w in found))
    return LetterIndex(list(said), list(pairs), starts, who, weights)
