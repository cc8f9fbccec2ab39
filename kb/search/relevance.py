"""Whether a query is about the laws at all, in a language: the evidence its words give, and
the words of the language that are no slip.

Whoosh has no part here. A search that lists laws for "how much does a new car cost" misleads:
each of its words may occur in the books ("new", "cost"), but nothing in it is the laws'.
The project reads a query's content words (not stop words) in a language as

- *known*: the books of the language hold the word (its exact form or a stem), or it is a
  players' word (profile data), or the subject index or the situation thesaurus of the
  language names it, or it is a slip: no word of the language (`Dictionary`), with a near
  spelling the books print;
- *the laws' own*: a players' word, a slip, or a known word the books (or the thesaurus) use
  at least `KEYNESS` times as often as the language does (wordfreq's frequencies of everyday
  text); where wordfreq has no list for the language (Estonian), every known word.

A query is about the laws in a language when its content words (neither stop words nor the
language's most frequent words, `FUNCTION`) are all known, or when more than half of them are
known and one is the laws' own; half is enough for keywords (no function word between them)
and for a sentence whose unknown words are everyday ones (`EVERYDAY`: "no alert given"). A
search reads a query only when it is about the laws in a language it may be in
(`languages_of`), else it finds nothing. A word another language's books print or the
language (or English) uses commonly is never "corrected" into a book's word (`no_slip`).

>>> from kb.search.searcher import get_searcher
>>> r = get_searcher().relevance
>>> r.about("fi", ["revokki", "tuli", "pysyväksi"]), r.about("fi", ["kissa", "ei", "syö"])
(True, False)
>>> r.about("en", ["partner", "hesitated"]), r.about("en", ["new", "car", "cost"])
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from kb.profiles import SHIPPED, Profiles
from kb.search.analysis import analyzer
from kb.search.concepts import ENGLISH
from kb.search.frequencies import frequencies
from kb.search.matching import Concepts
from kb.search.query import Lexicon
from kb.search.spell import max_distance
from kb.search.stems import lemmatizer

ANSWERS = 4096  # words whose everyday frequency a dictionary keeps, the last asked
KEYNESS = 100.0  # how many times more often the books use a word than everyday text does
KNOWN_SHARE = 0.5  # more than this share of a query's content words must be known
COMMON = 1e-6  # a word at least this frequent in everyday text (Zipf 3) is no slip
TELLING = 4  # the shortest words that tell a query's language
EVERYDAY = 1e-4  # ... this frequent (Zipf 5: "given", "made"): an everyday word
FUNCTION = 1e-3  # ... at least this frequent (Zipf 6: "bude", "zaman", "much"): a function word


class Dictionary:
    """The words a language uses in everyday text, with their frequencies (wordfreq's
    `small` list: the words at least once in a million, as tokenized by wordfreq, held by
    `Frequencies`); empty for a language wordfreq has no list for.

    >>> d = Dictionary("fi")
    >>> d.holds("kissa"), d.holds("revokki"), d.holds("rangaistuskorti"), Dictionary("et").known
    (True, False, False, False)
    """

    def __init__(self, language: str, lemma: str = "") -> None:
        self.language = language
        self.lemma = lemma or SHIPPED.load_words(language).lemma  # its simplemma code
        self.words = frequencies(language)
        self.known = len(self.words) > 0
        # a word's frequency in everyday text (0.0: not in the list), its last answers kept
        self.frequency: Callable[[str], float] = lru_cache(maxsize=ANSWERS)(self.words.frequency)

    def holds(self, word: str) -> bool:
        """Whether the language uses the word, or its lemma (simplemma's, for the languages
        the books are lemmatized in), commonly (at least `COMMON`)."""
        if self.frequency(word.lower()) >= COMMON:
            return True
        code = self.lemma
        return bool(code) and self.frequency(lemmatizer(code)(word.lower())) >= COMMON

    def function_word(self, word: str) -> bool:
        """Whether the word is among the language's most frequent (at least `FUNCTION`)."""
        return self.frequency(word.lower()) >= FUNCTION


class Relevance:
    """The evidence a query's words give for the laws, per language: the books' words (each
    language's `Lexicon`), the concepts' (`Concepts`), the players' words (the analyzers)
    and the languages' everyday words (`Dictionary`)."""

    def __init__(
        self, lexicons: dict[str, Lexicon], concepts: Concepts, units: dict[str, int]
    ) -> None:
        self.profiles: Profiles = concepts.profiles
        self.lexicons = lexicons
        self.concepts = concepts
        self.units = units  # each language's number of units
        self.phrases = {  # each language's number of concept phrases holding some word
            lang: len({n for found in keys.values() for n in found})
            for lang, keys in concepts.phrases.items()
        }
        self.dictionaries: dict[str, Dictionary] = {}

    def dictionary(self, language: str) -> Dictionary:
        """The language's everyday words (loaded at first use)."""
        found = self.dictionaries.get(language)
        if found is None:
            found = self.dictionaries[language] = Dictionary(
                language, self.profiles.load_words(language).lemma
            )
        return found

    def usage(self, language: str, word: str) -> float:
        """The share of the language's units (or of its thesaurus phrases) that hold the
        word, the higher of the two (0.0: neither)."""
        keys = analyzer(language, self.profiles).keys(word)
        share = 0.0
        lexicon = self.lexicons.get(language)
        if lexicon is not None and self.units.get(language):
            held = [lexicon.counts["exact"].get(keys.exact, 0)]
            held += [lexicon.counts["text"].get(stem, 0) for stem in keys.stems]
            share = max(held) / self.units[language]
        phrases = self.concepts.phrases.get(language, {})
        if self.phrases.get(language):
            most = max(len(phrases.get(k, ())) for k in (keys.exact, *keys.stems))
            share = max(share, most / self.phrases[language])
        return share

    def known(self, language: str, word: str) -> bool:
        """Whether the language's books, players' words or concepts hold a word."""
        an = analyzer(language, self.profiles)
        lexicon = self.lexicons.get(language)
        if an.player_term(word) is not None or (lexicon is not None and lexicon.knows(word)):
            return True
        keys = an.keys(word)
        tables = (self.concepts.own, self.concepts.context, self.concepts.phrases)
        return any(k in t.get(language, {}) for t in tables for k in (keys.exact, *keys.stems))

    def foreign(self, language: str, typed: str) -> bool:
        """Whether a word is another language's: an English word of the concepts (a
        situation's phrase, an index's English term) or a word the books of another language
        print. Then it is not this language's word misspelt (`declarer` is not a slip of
        Turkish `deklare`, a call), and no near spelling is looked for.

        >>> from kb.search.searcher import get_searcher
        >>> r = get_searcher().relevance
        >>> [r.foreign(lg, word) for lg, word in
        ...  [("tr", "declarer"), ("tr", "deklere"), ("en", "declarer"), ("et", "revokki")]]
        [True, False, False, True]
        """
        if language == ENGLISH:
            return False
        if analyzer(ENGLISH, self.profiles).exact(typed) in self.concepts.english:
            return True
        return any(
            lexicon.holds("exact", analyzer(other, self.profiles).exact(typed))
            for other, lexicon in self.lexicons.items()
            if other != language
        )

    def no_slip(self, language: str, typed: str) -> bool:
        """Whether a word is surely no slip of a language's word, so never "corrected": another
        language's word (`foreign`), a players' word, or a word the language (or English, read
        on every book) uses commonly (`Dictionary`: "kissa", a cat, is no slip of "missä").

        >>> from kb.search.searcher import get_searcher
        >>> r = get_searcher().relevance
        >>> [r.no_slip("fi", w) for w in ("kissa", "revokki", "rangaistuskorti", "kaveri")]
        [True, False, False, True]
        """
        return (
            self.foreign(language, typed)
            or analyzer(language, self.profiles).player_term(typed) is not None
            or any(self.dictionary(lg).holds(typed) for lg in (language, ENGLISH))
        )

    def slip(self, language: str, word: str) -> bool:
        """Whether a word is a slip: no word of the language's books, of another language's
        or of everyday text (`no_slip`), with a near spelling that the books print."""
        lexicon = self.lexicons.get(language)
        exact = analyzer(language, self.profiles).exact(word)
        if lexicon is None or not exact.isalpha() or self.no_slip(language, word):
            return False
        return bool(lexicon.speller.near(exact, max_distance(exact))[:1])

    def own(self, language: str, word: str) -> bool:
        """Whether a known word is the laws' own (see the module's docstring)."""
        if analyzer(language, self.profiles).player_term(word) is not None:
            return True
        dictionary = self.dictionary(language)
        if not dictionary.known:
            return True
        everyday = dictionary.frequency(word.lower())
        return not everyday or self.usage(language, word) >= KEYNESS * everyday

    def languages_of(self, words: list[str], languages: set[str]) -> set[str]:
        """The languages (of `languages`) a query may be in: those whose everyday words hold
        the most of its words of `TELLING` letters or more (a Swedish question is not read as
        Finnish; "ma", "mu" are words of many languages), and those with no
        list of everyday words, unless a list holds more than half of the words; all where no
        list holds any.

        >>> r = Relevance({}, Concepts([]), {})
        >>> sorted(r.languages_of(["min", "katt", "äter", "inte"], {"fi", "sv", "et"}))
        ['sv']
        >>> sorted(r.languages_of(["vastane", "ütles", "pass"], {"fi", "sv", "et", "en"}))
        ['en', 'et', 'fi', 'sv']
        >>> sorted(r.languages_of(["revokki"], {"fi", "sv"}))
        ['fi', 'sv']
        """
        words = [w for w in words if len(w) >= TELLING and w.isalpha()]
        held = {
            lg: sum(self.dictionary(lg).holds(w) for w in words)
            for lg in languages
            if self.dictionary(lg).known
        }
        most = max(held.values(), default=0)
        unlisted = 2 * most <= len(words)  # a language with no list may be the query's
        return {
            lg
            for lg in languages
            if not most or held.get(lg, -1) == most or (lg not in held and unlisted)
        }

    def about(self, language: str, words: list[str], slips: bool = True) -> bool:
        """Whether a query (its words) is about the laws in a language (see the module's
        docstring); a query of no content word is not. `slips`: whether a slip counts
        (without: whether the query is understood as typed)."""
        an, dictionary = analyzer(language, self.profiles), self.dictionary(language)
        content = [
            w
            for w in words
            if an.exact(w) and not an.is_stopword(an.exact(w)) and not dictionary.function_word(w)
        ]
        known, own, rare = 0, False, 0
        for word in content:
            if self.known(language, word):
                known += 1
                own = own or self.own(language, word)
            elif slips and self.slip(language, word):
                known += 1
                own = True
            else:
                rare += not dictionary.frequency(word.lower()) >= EVERYDAY
        share = known / len(content) if content else 0.0
        if share == 1.0 and len(content) > 1:  # every word known ("late arrival")
            return True
        # keywords need half of them known; a sentence (function words between) more, unless
        # its unknown words are everyday ones ("no alert given")
        keywords = len(content) == len(words) or not rare
        return own and (share > KNOWN_SHARE or (share == KNOWN_SHARE and keywords))
