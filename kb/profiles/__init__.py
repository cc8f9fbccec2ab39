"""Language profiles: one module per law book language, each defining `PROFILE`: shipped
here (`kb/profiles/<lang>.py`) or in the document's own corpus folder (`<folder>/profile.py`,
found when the document is read, or for a whole corpus by `add_corpus`), which comes first.

>>> sorted(available())
['et', 'fi', 'sk', 'tr']
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import re
import tomllib
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from kb.core.model import META_FILE
from kb.core.profile import Profile, References, Words

FOLDER_PROFILE = "profile.py"  # a document's own profile, in its corpus folder
_FOLDERS: dict[str, ModuleType] = {}  # language -> the profile of its document's folder
_DOCUMENTS: dict[str, str] = {}  # a document's key apart from its language -> its language


def add_folder(folder: Path, lang: str) -> None:
    """Use the profile in a document's corpus folder (`profile.py`, if it has one) for its
    language, before a shipped one.

    >>> add_folder(Path("corpus/fi"), "fi")  # no profile.py there: the shipped one stays
    >>> module("fi").__name__
    'kb.profiles.fi'
    """
    path = folder / FOLDER_PROFILE
    known = _FOLDERS.get(lang)
    if not path.is_file() or (known is not None and known.__file__ == str(path)):
        return
    spec = importlib.util.spec_from_file_location(f"kb.profiles.folder_{lang}", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"{path}: not a profile module")
    found = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(found)
    _FOLDERS[lang] = found
    modules.cache_clear()
    languages.cache_clear()
    page_references.cache_clear()
    load_qa_words.cache_clear()


def add_corpus(corpus: Path) -> None:
    """Use the profiles of every document folder of a corpus (`add_folder`).

    >>> add_corpus(Path("corpus")); "fi" in languages()
    True
    """
    try:
        found = sorted(
            m for m in corpus.glob(f"*/{META_FILE}") if (m.parent / FOLDER_PROFILE).is_file()
        )
    except OSError:  # a corpus that cannot be read adds no profile (a build says why)
        return
    for meta in found:
        add_folder(meta.parent, tomllib.loads(meta.read_text(encoding="utf-8"))["lang"])


@cache
def modules() -> list[str]:
    """The profile modules: the documents' languages and English, the language of the
    original Laws (its words only: the subject index's English terms are searched).

    >>> "en" in modules()
    True
    """
    shipped = [m.name for m in pkgutil.iter_modules(__path__)]
    return shipped + sorted(set(_FOLDERS) - set(shipped))


def add_document(key: str, lang: str) -> None:
    """Read the document kept under `key` (a document id, or the address of a language's
    other document: `fi-1997`, `fi2`) with the profile of its language `lang`, as its
    `document.toml` says (`kb.store.addresses` names every document of a build).

    >>> add_document("fi-1997", "fi"); load_references("fi-1997").style
    'laki {code} §'
    """
    if key == lang or _DOCUMENTS.get(key) == lang:
        return
    _DOCUMENTS[key] = lang


def aliases() -> dict[str, str]:
    """Document keys that read with another language's profile (`add_document`).

    >>> add_document("tr-copy", "tr"); aliases()["tr-copy"]
    'tr'
    """
    return dict(_DOCUMENTS)


def language_of(key: str) -> str:
    """The language of a document key (`add_document`), else the key itself.

    >>> add_document("sk-2007", "sk"); language_of("sk-2007"), language_of("sk")
    ('sk', 'sk')
    """
    return _DOCUMENTS.get(key, key)


@cache
def languages() -> list[str]:
    """The languages that have a document profile (law book, card or both; a document key
    of `add_document` is not a language, though each `load_...` reads it as its language).

    >>> "en" in languages(), "sv" in languages()
    (False, True)
    """
    return [name for name in modules() if hasattr(module(name), "REFERENCES")]


def available() -> list[str]:
    """The languages that have a law-book profile."""
    return [lang for lang in languages() if hasattr(module(lang), "PROFILE")]


def module(lang: str) -> ModuleType:
    """A language's profile module: its document folder's, else the shipped one.

    >>> module("fi").PROFILE.lang
    'fi'
    """
    lang = language_of(lang)
    return _FOLDERS.get(lang) or importlib.import_module(f"kb.profiles.{lang}")


def load_references(lang: str) -> References:
    """How a language's document refers to laws and how its readers cite them.

    >>> load_references("sk").style
    'pravidlo {code}'
    """
    lang = language_of(lang)
    if lang not in languages():
        raise KeyError(f"no profile for language {lang!r}")
    return module(lang).REFERENCES


@cache
def page_references(lang: str | None = None) -> re.Pattern[str]:
    """The print page references a language's book writes in its text (`pages` of its
    `References`: the Finnish `(s. 94)`), or those of any book (`lang` None); a pattern that
    matches nothing where a book prints none.

    >>> page_references("fi").sub("", "laki (s. 38) 21 §"), page_references("tr").search("(s. 38)")
    ('laki  21 §', None)
    >>> page_references().sub("", "katso laki (s. 24) 12C1 §")
    'katso laki  12C1 §'
    """
    langs = [language_of(lang)] if lang else languages()
    found = [load_references(x).pages for x in langs if x in languages()]
    return re.compile("|".join(f"(?:{p})" for p in found if p) or "(?!)")


def load_profile(lang: str) -> Profile:
    """The profile of a language's law book.

    >>> load_profile("sk").lang
    'sk'
    """
    lang = language_of(lang)
    if lang not in available():
        raise KeyError(f"no law-book profile for language {lang!r}")
    return module(lang).PROFILE


def load_words(lang: str) -> Words:
    """How a language writes and inflects its words (plain lower-casing and no stemming for
    a language without a profile).

    >>> load_words("tr").lower("İHLAL"), load_words("xx").snowball
    ('ihlal', '')
    """
    lang = language_of(lang)
    known = lang in modules()
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
    lang = language_of(lang)
    return getattr(module(lang), "NUMBER_WORDS", ()) if lang in languages() else ()


def load_reduplicated(lang: str) -> frozenset[str]:
    """The words a language doubles on purpose (`REDUPLICATED` of its profile), which the
    translators' report does not take for a doubled word.

    >>> "birer" in load_reduplicated("tr"), load_reduplicated("fi")
    (True, frozenset())
    """
    lang = language_of(lang)
    return (
        getattr(module(lang), "REDUPLICATED", frozenset()) if lang in languages() else frozenset()
    )


def load_concepts(lang: str) -> dict[str, str]:
    """The concepts a language's book must carry wherever the Laws state them (`CONCEPTS` of
    its profile: a name shared by the languages and this book's forms as a pattern).

    >>> sorted(load_concepts("et")), load_concepts("xx")
    (['damage', 'major', 'minor', 'unauthorised'], {})
    """
    lang = language_of(lang)
    return getattr(module(lang), "CONCEPTS", {}) if lang in languages() else {}


QA_WORDS = Path(__file__).parent / "qa"  # <lang>.toml: see `load_qa_words`


@cache
def load_qa_words(lang: str) -> dict[str, dict[str, Any]]:
    """The words the translators' report reads in a language's book besides its figures and
    concepts (`kb/profiles/qa/<lang>.toml`, else `QA` of a document folder's profile): per
    kind (modal force, scope, clause markers, the verbs of "applies", ...) per class the
    forms, as regular expressions. None for a language without them.

    >>> sorted(load_qa_words("et")["modal"])[:3], load_qa_words("xx")
    (['may', 'must', 'must_not'], {})
    """
    lang = language_of(lang)
    folder = _FOLDERS.get(lang)
    if folder is not None and hasattr(folder, "QA"):
        return folder.QA
    path = QA_WORDS / f"{lang}.toml"
    return tomllib.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


SITUATIONS = Path(__file__).parent / "situations"  # <lang>.toml: see `load_situations`


@cache
def load_situations(lang: str) -> tuple[int, tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]]:
    """A language's situation thesaurus (`kb/profiles/situations/<lang>.toml`, reviewed data):
    the edition whose law codes it uses, and its situations, each as (the codes of the units
    that answer it, best first; the phrases players of the language describe it with). No
    file: no situations.

    >>> edition, found = load_situations("en")
    >>> edition, all(codes and phrases for codes, phrases in found)
    (2017, True)
    >>> load_situations("xx")
    (0, ())
    """
    path = SITUATIONS / f"{lang}.toml"
    if not path.is_file():
        return 0, ()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    found = tuple(
        (tuple(s["codes"]), tuple(dict.fromkeys(p.strip() for p in s["phrases"] if p.strip())))
        for s in data.get("situation", ())
    )
    return int(data["edition"]), found
