"""Per-language text analysis for search: words, case, diacritics, stems and OCR variants.

Every word of a unit (and of a query) becomes a small set of keys:

- `exact`: the word lowercased the language's way (Turkish `I` is `ı`, `İ` is `i`), with a
  suffix after an apostrophe or colon dropped (`Yasa’nın` -> `yasa`, `WBF:n` -> `wbf`), then
  folded to plain letters (`pysyväksi` -> `pysyvaksi`), so people can type without their
  keyboard's letters;
- `stems`: the Snowball stem of the lowercased word, folded, and the stem of the folded word
  (the two differ when a stemmer's rules depend on the letters folding removes; indexing
  both lets `sirasiz cikis` meet `sırasız çıkış`). Slovak has no Snowball stemmer: a light
  suffix stripper (`light_stem`, with the endings in the Slovak profile) stands in.

>>> fi = analyzer("fi")
>>> [k.exact for k in fi.words("Revokki tuli PYSYVÄKSI")]
['revokki', 'tuli', 'pysyvaksi']
>>> fi.keys("revokkia").stems
('revok',)
>>> analyzer("tr").keys("KURALLARI").exact, analyzer("tr").keys("İHLAL").exact
('kurallari', 'ihlal')
"""

from __future__ import annotations

import os
import re
import threading
import unicodedata
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from functools import cache, lru_cache, partial
from itertools import product
from typing import NamedTuple

import simplemma
import Stemmer
from whoosh.lang import NoStopWords, stopwords_for_language

from kb.profiles import language_of, load_words

# A word: letters and digits, with an optional suffix after an apostrophe or a colon
# (Turkish `Yasa’nın`, Finnish `WBF:n`) that is dropped from the word's keys.
WORD = re.compile(r"([^\W_]+)(?:['’:][^\W_]{1,6}(?![^\W_]))?")

# Letters that Unicode decomposition does not reduce to a plain letter.
_SPECIAL_FOLDS = str.maketrans({"ı": "i", "ß": "ss", "æ": "ae", "ø": "o", "œ": "oe", "ł": "l",
                                "đ": "d", "ð": "d", "þ": "th"})  # fmt: skip


class _Folds(dict[int, str]):
    """Each letter's fold (a table for `str.translate`), worked out at its first need; kept
    for the letters below U+3000 only (at most ~12,000), so that no client's letters grow it
    further."""

    def __missing__(self, code: int) -> str:
        decomposed = unicodedata.normalize("NFKD", chr(code).translate(_SPECIAL_FOLDS))
        folded = "".join(c for c in decomposed if not unicodedata.combining(c))
        if code < 0x3000:
            self[code] = folded
        return folded


_FOLDS = _Folds()


def fold(word: str) -> str:
    """The word with diacritics removed (`ä` -> `a`, `ı` -> `i`, `š` -> `s`, `õ` -> `o`),
    letter by letter, as the word's compatibility decomposition without its combining marks.

    >>> fold("väärällä"), fold("sırasız çıkış"), fold("nedostatočné"), fold("õigused")
    ('vaaralla', 'sirasiz cikis', 'nedostatocne', 'oigused')
    >>> fold("va\u0308ra\u0308"), fold("Straße")
    ('vara', 'Strasse')
    """
    return word if word.isascii() else word.translate(_FOLDS)


def light_stem(word: str, suffixes: tuple[str, ...]) -> str:
    """A light stemmer for a language with no Snowball stemmer: strip one ending (the first
    that fits, so list them longest first), keeping a stem of three letters or more.

    >>> slovak = tuple(load_words("sk").suffixes.split())
    >>> [light_stem(w, slovak) for w in ("ponuka", "ponuky", "ponuke", "ponukou", "ponúk")]
    ['ponuk', 'ponuk', 'ponuk', 'ponuk', 'ponúk']
    >>> [light_stem(w, slovak) for w in ("hráč", "hráča", "hráčom", "hráčov", "hráči")]
    ['hráč', 'hráč', 'hráč', 'hráč', 'hráč']
    >>> [light_stem(w, slovak) for w in ("nedostatočného", "zdvihoch", "pre")]
    ['nedostatočn', 'zdvih', 'pre']
    """
    return _strip(word, _by_last_letter(suffixes))


def _strip(word: str, endings: Mapping[str, tuple[str, ...]]) -> str:
    """`light_stem` with its endings by their last letter (`_by_last_letter`, worked out
    once per language)."""
    for ending in endings.get(word[-1:], ()):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            return word[: -len(ending)]
    return word


@cache
def _by_last_letter(suffixes: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """A stemmer's endings by their last letter, each letter's in their order: a word's
    ending can only be one of those ending in its last letter."""
    out: dict[str, list[str]] = defaultdict(list)
    for ending in suffixes:
        out[ending[-1:]].append(ending)
    return {letter: tuple(endings) for letter, endings in out.items()}


_GEMINATE = re.compile(r"([kpt])\1")


def grade_fi(stem: str) -> str:
    """A second Finnish key for a Snowball stem, undoing what Snowball leaves: consonant
    gradation (`kk`/`k`, `tt`/`t`, `t`/`d`), the plural `j` and a linking `e`/`i`, and the
    `ks`/`s` of nouns in -us, -os, -ys.

    >>> [grade_fi(s) for s in ("tik", "tikkej", "tike", "tiki")]  # tikki, tikkejä, tikeistä, tikit
    ['tik', 'tik', 'tik', 'tik']
    >>> grade_fi("lähdö"), grade_fi("lähtöj"), grade_fi("vaatimuks")
    ('lähtö', 'lähtö', 'vaatimus')
    """
    doubled = "kk" in stem or "pp" in stem or "tt" in stem  # (most stems have none)
    key = (_GEMINATE.sub(r"\1", stem) if doubled else stem).replace("d", "t")
    key = key[:-1] if key.endswith("j") else key
    key = key[:-1] if len(key) > 3 and key[-1] in "ei" else key
    return key[:-2] + "s" if key.endswith("ks") else key


def first5(word: str) -> str:
    """A second Turkish key: the word's first five letters, which conflate a Turkish word's
    forms about as well as a morphological analyser does in retrieval (Can et al., 2008,
    "Information retrieval on Turkish texts"), where Snowball often stems two forms of a
    word apart (`çıkışın` -> `çık`, `çıkışı` -> `çıkış`).

    >>> first5("çıkışın"), first5("çıkışı"), first5("kart")
    ('çıkış', 'çıkış', 'kart')
    """
    return word[:5]


# Rules for a second key beside the stem (named in a language's `Words.second_key`), from the
# lowercased word and its stem.
SECOND_KEYS: dict[str, Callable[[str, str], str]] = {
    "gradation": lambda word, stem: grade_fi(stem),
    "prefix5": lambda word, stem: first5(word),
}


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

    def __init__(self, lang: str) -> None:
        self.lang = lang
        words = load_words(lang)
        self._lower = words.lower
        if words.snowball:
            self._stem = Stemmer.Stemmer(words.snowball).stemWord
        elif words.suffixes:
            self._stem = partial(_strip, endings=_by_last_letter(tuple(words.suffixes.split())))
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
        self.keys = lru_cache(maxsize=65536)(self._keys)
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


class Lemmatizer:
    """simplemma's lemmas of one language (its code, shared by every book in the language),
    looked up first in a table of the words an index holds (`learn`), so that a server
    answers its books' words without simplemma's dictionary; another word loads the
    dictionary at first need, in its compact form (a front-coded stream read in place:
    about 27 MB for Turkish and Slovak together, where the plain one takes 190 MB), with the
    same lemmas.

    >>> sk = Lemmatizer("sk")
    >>> sk.learn({"hráčov": "hráč"})
    >>> sk("hráčov"), sk("ponuky") == simplemma.lemmatize("ponuky", "sk")
    ('hráč', True)
    """

    def __init__(self, code: str) -> None:
        self.code = code
        self.table: dict[str, str] = {}
        self._lock = threading.Lock()

    def __call__(self, word: str) -> str:
        lemma = self.table.get(word)
        return self._lookup(word) if lemma is None else lemma

    def _lookup(self, word: str) -> str:
        with self._lock:  # one thread loads the dictionary, the others wait for it
            return simplemma.lemmatize(word, lang=self.code, low_memory=True)

    def learn(self, table: dict[str, str]) -> None:
        """Add words and their lemmas (computed by `__call__`, e.g. by an index build)."""
        self.table.update(table)

    def load(self) -> None:
        """Load the dictionary now (a server does it aside, before a query needs it)."""
        self._lookup("bridge")


def _unlock_lemmatizers() -> None:
    """In a forked process (an index build's writers), fresh locks: a thread of the parent
    may have held one, and no thread of the child will release it."""
    for code in _LEMMATIZERS:
        lemmatizer(code)._lock = threading.Lock()


_LEMMATIZERS: set[str] = set()
os.register_at_fork(after_in_child=_unlock_lemmatizers)


@cache
def lemmatizer(code: str) -> Lemmatizer:
    """The lemmatizer of a simplemma language code (one per process).

    >>> lemmatizer("tr") is lemmatizer("tr"), lemmatizer("tr")("kartları")
    (True, 'kart')
    """
    _LEMMATIZERS.add(code)
    return Lemmatizer(code)


def analyzer(lang: str) -> Analyzer:
    """The analyzer of a language, or of a document's language (one per language and
    process: every document of a language shares its analysis and what it keeps).

    >>> analyzer("sv") is analyzer("sv"), analyzer("xx").keys("Word")  # no stemmer for xx
    (True, Keys(exact='word', stems=('word',)))
    """
    return _analyzer(language_of(lang))


@cache
def _analyzer(language: str) -> Analyzer:
    return Analyzer(language)


MAX_OCR_VARIANTS = 64


def ocr_variants(word: str, letters: Mapping[str, Sequence[str]]) -> list[str]:
    """How an OCR may have printed a correctly spelled word (lowercase, folded), given what it
    printed for each letter it lost (`letters`: the OCR'd document's data, `[letters]` of its
    `ocr.toml`).

    At most three letters of a word vary and at most 64 variants come back; the caller keeps
    those the OCR'd text contains.

    >>> lost = {"ä": ["a", "i", "4"], "ø": ["o", "0"]}
    >>> ocr_variants("färg", lost), ocr_variants("Bøde", lost)
    (['farg', 'firg', 'f4rg'], ['bode', 'b0de'])
    >>> ocr_variants("bord", lost)
    []
    """
    word = word.lower()
    places = [i for i, c in enumerate(word) if c in letters][:3]
    if not places:
        return []
    out: list[str] = []
    for choice in product(*(letters[word[i]] for i in places)):
        letters = list(word)
        for i, rendering in zip(places, choice, strict=True):
            letters[i] = rendering
        out.append(fold("".join(letters)))
        if len(out) == MAX_OCR_VARIANTS:
            break
    return out


_OCR_BAR = re.compile(r"(?<=(.))\|(?=(.?))")  # a bar, with the characters around it


def _bar(m: re.Match[str]) -> str:
    """A bar after a capital, or between a space and a capital, is a capital I."""
    before, after = m.group(1), m.group(2)
    return "I" if before.isupper() or (before == " " and after.isupper()) else "|"


def repair_ocr(text: str, characters: Mapping[str, str]) -> str:
    """Undo an OCR's character-level damage before the raw text is split into words: a bar
    among capitals is an `I` (in any alphabet); `characters` are the document's misread
    characters (`[characters]` of its `ocr.toml`: `¢` is an `e`, "" for noise).

    >>> repair_ocr("OT|LLRACKL|GT KONTRAKTSBUD; ¢j £f6r | Ø|", {"¢": "e", "£": ""})
    'OTILLRACKLIGT KONTRAKTSBUD; ej f6r | ØI'
    """
    return _OCR_BAR.sub(_bar, text).translate(str.maketrans(dict(characters)))
