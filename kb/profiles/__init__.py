"""Language profiles: one module per law book language, each defining `PROFILE`.

>>> sorted(available())
['et', 'fi', 'sk', 'tr']
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from functools import cache

from kb.profile import Profile, References, Words


@cache
def modules() -> list[str]:
    """The profile modules: the documents' languages and English, the language of the
    original Laws (its words only: the subject index's English terms are searched).

    >>> "en" in modules()
    True
    """
    return [m.name for m in pkgutil.iter_modules(__path__)]


@cache
def aliases() -> dict[str, str]:
    """Document keys that read with another language's profile: `$LAWKB_PROFILE_ALIASES`,
    `key=lang` pairs separated by commas (a second copy or edition of a language's book under
    a key of its own, e.g. `fi2=fi`, as bench/scale.py builds them).

    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {"LAWKB_PROFILE_ALIASES": "fi2=fi, tr3=tr"}):
    ...     aliases.cache_clear(); found = aliases(); aliases.cache_clear()
    >>> found
    {'fi2': 'fi', 'tr3': 'tr'}
    """
    pairs = (
        p.split("=", 1) for p in os.environ.get("LAWKB_PROFILE_ALIASES", "").split(",") if "=" in p
    )
    return {key.strip(): lang.strip() for key, lang in pairs}


@cache
def languages() -> list[str]:
    """The languages that have a document profile (law book, card or both).

    >>> "en" in languages(), "sv" in languages()
    (False, True)
    """
    found = [name for name in modules() if hasattr(module(name), "REFERENCES")]
    return found + [key for key, lang in aliases().items() if lang in found]


def available() -> list[str]:
    """The languages that have a law-book profile."""
    return [lang for lang in languages() if hasattr(module(lang), "PROFILE")]


def module(lang: str):
    return importlib.import_module(f"kb.profiles.{aliases().get(lang, lang)}")


def load_references(lang: str) -> References:
    """How a language's document refers to laws and how its readers cite them.

    >>> load_references("sk").style
    'pravidlo {code}'
    """
    if lang not in languages():
        raise KeyError(f"no profile for language {lang!r}")
    return module(lang).REFERENCES


def load_profile(lang: str) -> Profile:
    """The profile of a language's law book.

    >>> load_profile("sk").lang
    'sk'
    """
    if lang not in available():
        raise KeyError(f"no law-book profile for language {lang!r}")
    return module(lang).PROFILE


def load_words(lang: str) -> Words:
    """How a language writes and inflects its words (plain lower-casing and no stemming for
    a language without a profile).

    >>> load_words("tr").lower("İHLAL"), load_words("xx").snowball
    ('ihlal', '')
    """
    known = lang in modules() or lang in aliases()
    return getattr(module(lang), "WORDS", Words()) if known else Words()


def sort_key(lang: str):
    """A key that sorts words in a language's alphabetical order (Babel has no collation);
    spaces and punctuation sort first; other letters outside the alphabet after it, by code
    point.

    >>> sorted(["ılık", "iç", "çay", "can"], key=sort_key("tr"))
    ['can', 'çay', 'ılık', 'iç']
    >>> sorted(["Artırım", "Artı Löve"], key=sort_key("tr"))
    ['Artı Löve', 'Artırım']
    >>> sorted(["öö", "zz", "ää"], key=sort_key("fi"))
    ['zz', 'ää', 'öö']
    """
    words = load_words(lang)
    order = {c: i for i, c in enumerate(words.alphabet)}

    def key(word: str) -> list[int]:
        return [order.get(c, len(order) + ord(c) if c.isalnum() else -1) for c in words.lower(word)]

    return key


def load_number_words(lang: str) -> tuple[tuple[str, int], ...]:
    """The numbers a language's book spells out (`NUMBER_WORDS` of its profile: a word
    pattern and its value; none for a language without them).

    >>> dict(load_number_words("fi"))["kolmetoista"], load_number_words("xx")
    (13, ())
    """
    return getattr(module(lang), "NUMBER_WORDS", ()) if lang in languages() else ()


def load_reduplicated(lang: str) -> frozenset[str]:
    """The words a language doubles on purpose (`REDUPLICATED` of its profile), which the
    translators' report does not take for a doubled word.

    >>> "birer" in load_reduplicated("tr"), load_reduplicated("fi")
    (True, frozenset())
    """
    return (
        getattr(module(lang), "REDUPLICATED", frozenset()) if lang in languages() else frozenset()
    )


def load_concepts(lang: str) -> dict[str, str]:
    """The concepts a language's book must carry wherever the Laws state them (`CONCEPTS` of
    its profile: a name shared by the languages and this book's forms as a pattern).

    >>> sorted(load_concepts("et")), load_concepts("xx")
    (['damage', 'unauthorised'], {})
    """
    return getattr(module(lang), "CONCEPTS", {}) if lang in languages() else {}
