"""Per-language text analysis for search: words, case, diacritics, stems, as Whoosh analyzers.

Whoosh provides the analysis pipeline (a tokenizer and a chain of filters, run by the index
writer on every field of every unit) and keeps the terms it yields; the project adds the
languages' rules: `WordTokenizer` reads the words (`Analyzer.tokens`), `ExactFilter` keeps
each word's exact key, `StemFilter` its stems (`index_analyzer` chains them). A query's words
are analysed by the same `Analyzer`, so a word typed finds the terms the books' words gave.

Every word of a unit (and of a query) becomes a small set of keys:

- `exact`: the word lowercased the language's way (Turkish `I` is `ı`, `İ` is `i`), with a
  suffix after an apostrophe or colon dropped (`Yasa’nın` -> `yasa`, `WBF:n` -> `wbf`), then
  folded to plain letters (`pysyväksi` -> `pysyvaksi`), so people can type without their
  keyboard's letters;
- `stems`: the Snowball stem of the lowercased word, folded, and the stem of the folded word
  (the two differ when a stemmer's rules depend on the letters folding removes; indexing
  both lets `sirasiz cikis` meet `sırasız çıkış`). Slovak has no Snowball stemmer: a light
  suffix stripper (`light_stem`, with the endings in the Slovak profile) stands in; a second
  key (Finnish gradation, Turkish first five letters) and a lemma (simplemma, Turkish and
  Slovak) join the stems (`kb.search.stems`).

>>> fi = analyzer("fi")
>>> [k.exact for k in fi.words("Revokki tuli PYSYVÄKSI")]
['revokki', 'tuli', 'pysyvaksi']
>>> fi.keys("revokkia").stems
('revok',)
>>> analyzer("tr").keys("KURALLARI").exact, analyzer("tr").keys("İHLAL").exact
('kurallari', 'ihlal')
>>> [t.text for t in index_analyzer("fi", "stems")("Revokki tuli")]
['revok', 'tuli', 'tul']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet
from functools import cache, lru_cache
from typing import NamedTuple

import Stemmer
from whoosh import analysis
from whoosh.lang import NoStopWords, stopwords_for_language

from kb.core.profile import Words
from kb.profiles import SHIPPED, Profiles
from kb.search.stems import SECOND_KEYS, fold, lemmatizer, suffix_stripper

# A word: letters and digits, with an optional suffix after an apostrophe or a colon
# (Turkish `Yasa’nın`, Finnish `WBF:n`) that is dropped from the word's keys.
WORD = re.compile(r"([^\W_]+)(?:['’:][^\W_]{1,6}(?![^\W_]))?")
KEYS_KEPT = 2048  # words whose keys an analyzer keeps (under 1 MB: a query's words repeat)


class Keys(NamedTuple):
    """The search keys of one word: its folded exact form and its folded stems."""

    exact: str
    stems: tuple[str, ...]


class Token(NamedTuple):
    """A word of a text with its place (`start`, `end`: offsets into the text) and keys."""

    start: int
    end: int
    keys: Keys


def hyphen_joined(text: str, last_end: int, start: int, last: str, word: str) -> bool:
    """Whether a word (`word`, from offset `start`) and the word before it (`last`, ending
    at `last_end`) are one word the printer split with a hyphen: one hyphen between them,
    a lower-case letter on either side (Finnish `kes-kiarvo`), read joined as well.

    >>> hyphen_joined("kes-kiarvo", 3, 4, "kes", "kiarvo")
    True
    >>> hyphen_joined("C1 d-kohta", 4, 5, "d", "kohta"), hyphen_joined("A-b", 1, 2, "A", "b")
    (True, False)
    """
    return (
        start == last_end + 1
        and text[last_end] == "-"
        and last[-1:].islower()
        and word[:1].islower()
    )


def marked(
    tokens: Iterable[Token], marks: AbstractSet[str], stop: int = -1, first: bool = False
) -> list[tuple[int, int]]:
    """The spans of the words whose exact form or a stem is one of `marks`, in their order:
    of those beginning before `stop` (-1: all), read no further; `first`: only the first.

    >>> words = analyzer("fi").tokens("Revokki ja revokin korjaus")
    >>> marked(words, {"revokki", "korjaus"}, stop=19)
    [(0, 7)]
    """
    out = []
    for begin, end, keys in tokens:
        if begin >= stop >= 0:
            break
        if keys.exact in marks or not marks.isdisjoint(keys.stems):
            out.append((begin, end))
            if first:
                break
    return out


class Analyzer:
    """The analysis of one language: lowercasing, stemming, folding and stop words.

    >>> sk = analyzer("sk")
    >>> sk.keys("NEDOSTATOČNÉ") == sk.keys("nedostatočné")
    True
    >>> sk.keys("nedostatočné")  # the light stem and the lemma (simplemma)
    Keys(exact='nedostatocne', stems=('nedostatocn', 'nedostatocna'))
    >>> sk.keys("nedostatocne")  # typed without diacritics: the same exact form and stem
    Keys(exact='nedostatocne', stems=('nedostatocn', 'nedostatocne'))
    >>> sk.is_stopword("alebo"), sk.is_stopword("ponuka")
    (True, False)
    """

    def __init__(self, lang: str, words: Words | None = None) -> None:
        self.lang = lang
        words = words or SHIPPED.load_words(lang)
        self._lower = words.lower
        if words.snowball:
            self._stem = Stemmer.Stemmer(words.snowball).stemWord
        elif words.suffixes:
            self._stem = suffix_stripper(words.suffixes)
        else:
            self._stem = str
        try:
            stops = set(stopwords_for_language(lang))
        except NoStopWords:
            stops = set()
        stops.update(words.stopwords.split())
        self._stopwords = frozenset(map(self.exact, stops))
        self._cards = frozenset(map(self.exact, words.cards.split()))
        self._second = SECOND_KEYS.get(words.second_key)
        self._lemma = lemmatizer(words.lemma) if words.lemma else None
        self.keys = lru_cache(maxsize=KEYS_KEPT)(self._keys)
        self._players: dict[str, str] = {}
        for forms, printed, _ in words.players:
            for form in forms.split():
                self._players.setdefault(self.exact(form), printed)

    def player_term(self, word: str) -> str | None:
        """The printed term a players' word leads to (None: not a players' word).

        >>> analyzer("fi").player_term("KJ"), analyzer("fi").player_term("lepääjä")
        ('kilpailunjohtaja', None)
        """
        return self._players.get(self.keys(word).exact)

    def lower(self, text: str) -> str:
        """Lower case as the language writes it (Turkish: İ -> i, I -> ı).

        >>> analyzer("tr").lower("İHLAL"), analyzer("fi").lower("LAKI")
        ('ihlal', 'laki')
        """
        return self._lower(text)

    def exact(self, word: str) -> str:
        """A word's exact key (`Keys.exact`): lower case as the language writes it, folded;
        no stem or lemma is worked out.

        >>> analyzer("tr").exact("KURALLARI"), analyzer("fi").exact("Lepääjä")
        ('kurallari', 'lepaaja')
        """
        return fold(self._lower(word))

    def _keys(self, word: str) -> Keys:
        lower = self._lower(word)
        exact = fold(lower)
        stem = self._stem(lower)
        stems = [fold(stem), self._stem(exact)]
        if self._second:
            stems.append(fold(self._second(lower, stem)))
        if self._lemma:
            stems.append(fold(self._lemma(lower).lower()))
        return Keys(exact, tuple(dict.fromkeys(stems)))

    def tokens(self, text: str, start: int = 0) -> Iterator[Token]:
        """The words of a text (from offset `start`, which begins a word: 0 or just after a
        space) with their offsets and keys; a word the printer split with a hyphen between
        two lower-case letters (Finnish `kes-kiarvo`) also counts joined.

        >>> [(t.start, t.end, t.keys.exact) for t in analyzer("tr").tokens("Yasa’nın 12C1’i")]
        [(0, 8, 'yasa'), (9, 15, '12c1')]
        >>> [t.keys.exact for t in analyzer("fi").tokens("tulosten kes-kiarvo")]
        ['tulosten', 'kes', 'kiarvo', 'keskiarvo']
        """
        # a word is looked up lowercased (its keys are its lower case's): a capitalised or
        # upper-case word finds the keys of its lower case, worked out once
        keys, make, lower = self.keys, Token._make, self._lower
        last_start, last_end, last_word = 0, -2, ""
        for m in WORD.finditer(text, start):
            word = m.group(1)
            begin, end = m.span()
            yield make((begin, end, keys(word if word.islower() else lower(word))))
            if hyphen_joined(text, last_end, begin, last_word, word):
                yield make((last_start, end, keys(lower(last_word + word))))
            last_start, last_end, last_word = begin, end, word

    def matching(
        self,
        text: str,
        marks: AbstractSet[str],
        start: int = 0,
        stop: int = -1,
        first: bool = False,
    ) -> list[tuple[int, int]]:
        """The spans of the words of a text (`tokens` from offset `start`) that `marks`
        match (see `marked`: up to `stop`, `first`), no word read past what is asked.

        >>> fi, marks = analyzer("fi"), {"revokki", "revokin"}
        >>> fi.matching("Revokki ja revokin korjaus", marks)
        [(0, 7), (11, 18)]
        >>> fi.matching("Revokki ja revokin korjaus", marks, 8, first=True)
        [(11, 18)]
        """
        return marked(self.tokens(text, start), marks, stop, first)

    def words(self, text: str) -> list[Keys]:
        """The keys of each word of a text, in order.

        >>> [k.exact for k in analyzer("et").words("Laua õigused")]
        ['laua', 'oigused']
        """
        return [t.keys for t in self.tokens(text)]

    def is_stopword(self, exact: str) -> bool:
        """Whether a word (its exact key) is a stop word of the language.

        >>> analyzer("tr").is_stopword("ve"), analyzer("tr").is_stopword("kart")
        (True, False)
        """
        return exact in self._stopwords

    def names_a_card(self, exact: str) -> bool:
        """Whether a word (its exact key) names a suit or a card (`Words.cards`), or two
        joined (`pata-ässä`, `spaderess`).

        >>> fi = analyzer("fi")
        >>> [(k.exact, fi.names_a_card(k.exact)) for k in fi.words("pata-ässä putosi")]
        [('pata', True), ('assa', True), ('pataassa', True), ('putosi', False)]
        >>> analyzer("sv").names_a_card("hjarterkungen"), analyzer("sv").names_a_card("kungar")
        (True, False)
        """
        cards = self._cards
        return exact in cards or any(
            exact[:n] in cards and exact[n:] in cards for n in range(2, len(exact) - 1)
        )


def analyzer(lang: str, profiles: Profiles = SHIPPED) -> Analyzer:
    """The analyzer of a language, or of a document's language, as `profiles` read it (one
    per language and its words: every document of a language shares its analysis and what
    it keeps).

    >>> analyzer("sv") is analyzer("sv"), analyzer("xx").keys("Word")  # no stemmer for xx
    (True, Keys(exact='word', stems=('word',)))
    """
    return _analyzer(profiles.language_of(lang), profiles.load_words(lang))


@cache
def _analyzer(language: str, words: Words) -> Analyzer:
    return Analyzer(language, words)


class WordTokenizer(analysis.Tokenizer):
    """Whoosh's tokenizer for a language: the words of a text as `Analyzer.tokens` reads them,
    each Whoosh token carrying the word's keys (`keys`) for the filters after it, numbered in
    order (a word the printer split with a hyphen, read joined as well, takes the next
    position: a phrase reads the words as the analysis lists them).

    >>> [(t.pos, t.keys.exact) for t in WordTokenizer("fi")("kes-kiarvo", positions=True)]
    [(0, 'kes'), (1, 'kiarvo'), (2, 'keskiarvo')]
    """

    def __init__(self, lang: str, profiles: Profiles = SHIPPED) -> None:
        self.lang = profiles.language_of(lang)
        self.words = profiles.load_words(lang)  # kept in the index: it reads alone

    def __eq__(self, other: object) -> bool:
        return isinstance(other, WordTokenizer) and (other.lang, other.words) == (
            self.lang,
            self.words,
        )

    def __call__(  # the arguments of Whoosh's tokenizers
        self,
        value: str,
        positions: bool = False,
        chars: bool = False,
        keeporiginal: bool = False,
        removestops: bool = True,
        start_pos: int = 0,
        start_char: int = 0,
        tokenize: bool = True,
        mode: str = "",
        **kwargs: object,
    ) -> Iterator[analysis.Token]:
        t = analysis.Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        for pos, (start, end, keys) in enumerate(
            _analyzer(self.lang, self.words).tokens(value), start_pos
        ):
            t.keys, t.text, t.boost, t.stopped = keys, keys.exact, 1.0, False
            if keeporiginal:
                t.original = value[start:end]
            if positions:
                t.pos = pos
            if chars:
                t.startchar, t.endchar = start_char + start, start_char + end
            yield t


class ExactFilter(analysis.Filter):
    """Each word as its exact key (lowercased the language's way, folded).

    >>> [t.text for t in (WordTokenizer("tr") | ExactFilter())("Yasa’nın İHLAL")]
    ['yasa', 'ihlal']
    """

    def __call__(self, tokens: Iterable[analysis.Token]) -> Iterator[analysis.Token]:
        for t in tokens:
            if t.keys.exact:
                t.text = t.keys.exact
                yield t


class StemFilter(analysis.Filter):
    """Each word as its stems, in one position (a word of two stems counts twice in the
    field's length, as each stem is a term of its own).

    >>> [t.text for t in (WordTokenizer("sk") | StemFilter())("nedostatočné")]
    ['nedostatocn', 'nedostatocna']
    """

    is_morph = True

    def __call__(self, tokens: Iterable[analysis.Token]) -> Iterator[analysis.Token]:
        for t in tokens:
            for stem in t.keys.stems:
                t.text = stem
                yield t


def index_analyzer(
    lang: str, keys: str, profiles: Profiles = SHIPPED
) -> analysis.CompositeAnalyzer:
    """The Whoosh analyzer of a language's field of exact words (`keys="exact"`) or of stems
    (`"stems"`).

    >>> [t.text for t in index_analyzer("et", "exact")("Laua õigused")]
    ['laua', 'oigused']
    """
    return WordTokenizer(lang, profiles) | (ExactFilter() if keys == "exact" else StemFilter())


@lru_cache(maxsize=4096)
def content_keys(
    language: str, text: str, profiles: Profiles = SHIPPED
) -> tuple[tuple[str, ...], ...]:
    """The keys of each content word (not a stop word) of a text in a language, its exact
    form first, then its stems (kept for the last texts: a query is read once per language).

    >>> content_keys("en", "a lead out of turn"), content_keys("fi", "revokin")
    ((('lead',), ('turn',)), (('revokin', 'revo'),))
    """
    an = analyzer(language, profiles)
    return tuple(
        tuple(dict.fromkeys((k.exact, *k.stems)))
        for k in an.words(text)
        if not an.is_stopword(k.exact) and k.exact
    )
