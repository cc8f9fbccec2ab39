"""The forms a word's keys are made from: folding to plain letters, stems (Snowball, a light
suffix stripper, a second key per language) and lemmas (simplemma).

>>> fold("pysyväksi"), grade_fi("tikkej"), first5("çıkışın")
('pysyvaksi', 'tik', 'çıkış')
"""

from __future__ import annotations

import os
import re
import threading
import unicodedata
from collections import defaultdict
from collections.abc import Callable, Mapping
from functools import cache, partial

import simplemma

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

    >>> from kb.profiles import load_words
    >>> slovak = tuple(load_words("sk").suffixes.split())
    >>> [light_stem(w, slovak) for w in ("ponuka", "ponuky", "ponuke", "ponukou", "ponúk")]
    ['ponuk', 'ponuk', 'ponuk', 'ponuk', 'ponúk']
    >>> [light_stem(w, slovak) for w in ("hráč", "hráča", "hráčom", "hráčov", "hráči")]
    ['hráč', 'hráč', 'hráč', 'hráč', 'hráč']
    >>> [light_stem(w, slovak) for w in ("nedostatočného", "zdvihoch", "pre")]
    ['nedostatočn', 'zdvih', 'pre']
    """
    return _strip(word, _by_last_letter(suffixes))


def suffix_stripper(suffixes: str) -> Callable[[str], str]:
    """`light_stem` with a language's endings (space-separated), as one function.

    >>> suffix_stripper("ami ov a")("hráčov")
    'hráč'
    """
    return partial(_strip, endings=_by_last_letter(tuple(suffixes.split())))


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
        # In a forked process (an index build's writers), a fresh lock: a thread of the
        # parent may have held this one, and no thread of the child will release it.
        os.register_at_fork(after_in_child=self._fresh_lock)

    def _fresh_lock(self) -> None:
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


@cache
def lemmatizer(code: str) -> Lemmatizer:
    """The lemmatizer of a simplemma language code (one per process).

    >>> lemmatizer("tr") is lemmatizer("tr"), lemmatizer("tr")("kartları")
    (True, 'kart')
    """
    return Lemmatizer(code)
