"""How often a language uses a word in everyday text: wordfreq's `small` lists, held compactly.

wordfreq's `word_frequency` keeps each list it reads three times over for the process's
life: the list of its words by frequency band, a dict of every word (`get_frequency_dict`,
both cached with no bound) and up to 100,000 answers. For the five languages a server asks
about that was about 36 MB (Finnish 10 MB, 59,359 words). `Frequencies` reads the same list
through wordfreq's public reader (`read_cBpack`) and keeps, per word, the 64-bit hash of the
word and its band, in two sorted arrays: 10 bytes a word, 0.6 MB for Finnish. A word is
tokenized and its tokens combined exactly as `wordfreq.word_frequency` does (a word of
several tokens is rarer than each, a digit sequence counts as its digits' class): the
answers are the same (a test compares them on every word of the books; Chinese, whose
tokenizer wordfreq takes from jieba and whose inferred word breaks it counts, is left out).

>>> f = Frequencies("fi")
>>> f.frequency("kissa") == wordfreq.word_frequency("kissa", "fi", wordlist="small")
True
>>> Frequencies("et").frequency("kass"), f.frequency("revokki")
(0.0, 0.0)
"""

from __future__ import annotations

import math
from array import array
from bisect import bisect_left
from functools import cache

import wordfreq
from wordfreq.numbers import digit_freq, smash_numbers
from wordfreq.tokens import lossy_tokenize

WORDLIST = "small"  # the words at least once in a million


class Frequencies:
    """A language's everyday word frequencies (none where wordfreq has no list for it)."""

    def __init__(self, language: str) -> None:
        self.language = language
        path = wordfreq.available_languages(wordlist=WORDLIST).get(language)
        bands = wordfreq.read_cBpack(path) if path else []
        pairs = sorted((hash(word), band) for band, words in enumerate(bands) for word in words)
        self.hashes = array("q", [h for h, _ in pairs])  # hash() of each word, sorted
        self.bands = array("H", [b for _, b in pairs])  # its band: -centibels of frequency

    def __len__(self) -> int:
        return len(self.hashes)

    def band(self, token: str) -> int | None:
        """A token's frequency band (its frequency is 10^(-band/100)), None if unlisted."""
        key = hash(token)
        at = bisect_left(self.hashes, key)
        if at < len(self.hashes) and self.hashes[at] == key:
            return self.bands[at]
        return None

    def frequency(self, word: str) -> float:
        """The word's frequency in everyday text, as `wordfreq.word_frequency` gives it
        (0.0: not in the list, or a token of it not)."""
        tokens = lossy_tokenize(word, self.language)
        if not tokens or not self.hashes:
            return 0.0
        one_over = 0.0
        for token in tokens:
            smashed = smash_numbers(token)
            band = self.band(smashed)
            if band is None:
                return 0.0
            freq = wordfreq.cB_to_freq(-band)
            if smashed != token:
                freq *= digit_freq(token)
            one_over += 1.0 / freq
        freq = 1.0 / one_over
        return round(freq, math.floor(-math.log(freq, 10)) + 3)


@cache
def frequencies(language: str) -> Frequencies:
    """A language's list, read once per process (wordfreq's data: it never changes while
    the process runs, and every searcher of the process asks the same).

    >>> frequencies("sv") is frequencies("sv")
    True
    """
    return Frequencies(language)
