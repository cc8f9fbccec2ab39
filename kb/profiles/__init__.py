"""Language profiles: one module per law book language, each defining `PROFILE`: shipped
here (`kb/profiles/<lang>.py`), or in a document's own corpus folder (`<folder>/profile.py`),
which a build reads its every document of that language with.

A `Profiles` is the frozen set of profiles one build reads with: the shipped ones, its
corpus folders' (first) and its documents' keys (`fi-1997`, `fi2` -> `fi`). The pipeline
makes it from the corpus (`Profiles.of_corpus`) and keeps a copy of its folder profiles in
the build (`Profiles.save`), so that what reads a build (`kb.crosslang.library.Library`,
`kb.search.searcher.Searcher`) makes its own from the build alone (`Profiles.of_build`):
two builds in one process never see each other's. The module's functions read the shipped
profiles alone (`SHIPPED`: a language's code is its only key).

>>> sorted(available())
['et', 'fi', 'sk', 'tr']
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import pkgutil
import re
import shutil
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import Any

from kb.core.model import META_FILE, addresses
from kb.core.profile import Profile, References, Words

FOLDER_PROFILE = "profile.py"  # a document's own profile, in its corpus folder
BUILD_PROFILES = "profiles"  # a build's copies of its folder profiles: <lang>.py
QA_WORDS = Path(__file__).parent / "qa"  # <lang>.toml: see `Profiles.load_qa_words`
SITUATIONS = Path(__file__).parent / "situations"  # <lang>.toml: see `load_situations`
SHIPPED_MODULES = tuple(m.name for m in pkgutil.iter_modules(__path__))


def load_module(path: Path, lang: str) -> ModuleType:
    """The profile module in a file (a corpus folder's `profile.py`, a build's copy), read
    anew: each `Profiles` holds its own.

    >>> load_module(Path("kb/profiles/sk.py"), "sk").PROFILE.lang
    'sk'
    """
    spec = importlib.util.spec_from_file_location(f"kb.profiles.folder_{lang}", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"{path}: not a profile module")
    found = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(found)
    return found


@dataclass(frozen=True, eq=False)
class Profiles:
    """The profiles one build reads its documents with (frozen): `folders`, the profile
    module of a language found in the corpus (before a shipped one), and `documents`, the
    language of each document key that is not a language's code (`fi-1997`, `fi2`). Each
    `load_...` takes a language or a document key.

    >>> p = Profiles(documents={"fi-1997": "fi"})
    >>> p.language_of("fi-1997"), p.language_of("sk"), p.load_references("fi-1997").style
    ('fi', 'sk', 'laki {code} §')
    """

    folders: Mapping[str, ModuleType] = field(default_factory=dict)
    documents: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "folders", MappingProxyType(dict(self.folders)))
        documents = {k: v for k, v in self.documents.items() if k != v}
        object.__setattr__(self, "documents", MappingProxyType(documents))

    @classmethod
    def of_corpus(cls, corpus: Path) -> Profiles:
        """The profiles of a corpus: the shipped ones and those of its document folders
        (a language's profile in one folder reads its every document).

        >>> Profiles.of_corpus(Path("corpus")).folders, Profiles.of_corpus(Path("/no")).folders
        (mappingproxy({}), mappingproxy({}))
        """
        try:
            metas = sorted(corpus.glob(f"*/{META_FILE}"))
            found = [m for m in metas if (m.parent / FOLDER_PROFILE).is_file()]
        except OSError:  # a corpus that cannot be read adds no profile (a build says why)
            return cls()
        folders: dict[str, ModuleType] = {}
        for meta in found:
            lang = tomllib.loads(meta.read_text(encoding="utf-8"))["lang"]
            folders.setdefault(lang, load_module(meta.parent / FOLDER_PROFILE, lang))
        return cls(folders)

    @classmethod
    def of_folder(cls, folder: Path, lang: str) -> Profiles:
        """The profiles a document folder reads with alone: its own `profile.py`, if it has
        one, else the shipped ones.

        >>> Profiles.of_folder(Path("corpus/fi"), "fi").module("fi").__name__
        'kb.profiles.fi'
        """
        path = folder / FOLDER_PROFILE
        return cls({lang: load_module(path, lang)} if path.is_file() else {})

    @classmethod
    def of_build(cls, build: Path, manifest: dict | None = None) -> Profiles:
        """The profiles a build was made with: its copies of the folder profiles
        (`save`) and its documents' keys (the addresses and ids of its manifest, read from
        it unless given).

        >>> from kb import store
        >>> p = Profiles.of_build(store.current(store.data_dir()))
        >>> p.language_of("sk-2007"), p.language_of("fi")
        ('sk', 'fi')
        """
        if manifest is None:
            manifest = json.loads((build / "manifest.json").read_text(encoding="utf-8"))
        documents: dict[str, str] = {}
        for doc_id, key in addresses(
            {i: d["meta"] for i, d in manifest["documents"].items()}
        ).items():
            documents[doc_id] = documents[key] = manifest["documents"][doc_id]["meta"]["lang"]
        return cls.read(build, documents)

    @classmethod
    def read(cls, folder: Path, documents: Mapping[str, str]) -> Profiles:
        """The profiles saved in a folder (a build's, an index's: `save`), with the
        documents' keys given (key -> language).

        >>> Profiles.read(Path("/nonexistent"), {"fi2": "fi"}).language_of("fi2")
        'fi'
        """
        copies = sorted((folder / BUILD_PROFILES).glob("*.py"))
        return cls({p.stem: load_module(p, p.stem) for p in copies}, documents)

    def with_documents(self, documents: Mapping[str, str]) -> Profiles:
        """These profiles with more document keys (key -> language).

        >>> Profiles().with_documents({"tr-copy": "tr"}).aliases()
        {'tr-copy': 'tr'}
        """
        return replace(self, documents={**self.documents, **documents})

    def save(self, build: Path) -> None:
        """Copy the folder profiles into a build or an index (`BUILD_PROFILES`), which `read`
        reads.

        >>> import tempfile
        >>> build = Path(tempfile.mkdtemp()); Profiles().save(build); list(build.iterdir())
        []
        """
        for lang, found in sorted(self.folders.items()):
            (build / BUILD_PROFILES).mkdir(exist_ok=True)
            shutil.copyfile(found.__file__ or "", build / BUILD_PROFILES / f"{lang}.py")

    def aliases(self) -> dict[str, str]:
        """The document keys that read with another language's profile.

        >>> Profiles(documents={"fi2": "fi", "fi": "fi"}).aliases()
        {'fi2': 'fi'}
        """
        return dict(self.documents)

    def language_of(self, key: str) -> str:
        """The language of a document key, else the key itself.

        >>> Profiles(documents={"sk-2007": "sk"}).language_of("sk-2007"), SHIPPED.language_of("x")
        ('sk', 'x')
        """
        return self.documents.get(key, key)

    @cached_property
    def _modules(self) -> tuple[str, ...]:
        return SHIPPED_MODULES + tuple(sorted(set(self.folders) - set(SHIPPED_MODULES)))

    @cached_property
    def _languages(self) -> tuple[str, ...]:
        return tuple(m for m in self._modules if hasattr(self.module(m), "REFERENCES"))

    def modules(self) -> list[str]:
        """The profile modules: the documents' languages and English, the language of the
        original Laws (its words only: the subject index's English terms are searched).

        >>> "en" in modules()
        True
        """
        return list(self._modules)

    def languages(self) -> list[str]:
        """The languages that have a document profile (law book, card or both; a document
        key is not a language, though each `load_...` reads it as its language).

        >>> "en" in languages(), "sv" in languages()
        (False, True)
        """
        return list(self._languages)

    def available(self) -> list[str]:
        """The languages that have a law-book profile."""
        return [lang for lang in self._languages if hasattr(self.module(lang), "PROFILE")]

    def module(self, lang: str) -> ModuleType:
        """A language's profile module: its corpus folder's, else the shipped one.

        >>> module("fi").PROFILE.lang
        'fi'
        """
        lang = self.language_of(lang)
        return self.folders.get(lang) or importlib.import_module(f"kb.profiles.{lang}")

    def _get(self, lang: str, name: str, default: Any) -> Any:
        """A language's profile's `name`, else `default` (a language with no profile too)."""
        lang = self.language_of(lang)
        return getattr(self.module(lang), name, default) if lang in self._modules else default

    def load_references(self, lang: str) -> References:
        """How a language's document refers to laws and how its readers cite them.

        >>> load_references("sk").style
        'pravidlo {code}'
        """
        if self.language_of(lang) not in self._languages:
            raise KeyError(f"no profile for language {self.language_of(lang)!r}")
        return self.module(lang).REFERENCES

    def knows(self, lang: str | None) -> bool:
        """Whether a language (or a document key) has a document profile.

        >>> SHIPPED.knows("fi"), SHIPPED.knows("en"), SHIPPED.knows(None)
        (True, False, False)
        """
        return self.language_of(lang or "") in self._languages

    def page_references(self, lang: str | None = None) -> re.Pattern[str]:
        """The print page references a language's book writes in its text (`pages` of its
        `References`: the Finnish `(s. 94)`), or those of any book (`lang` None); a pattern
        that matches nothing where a book prints none.

        >>> page_references("fi").sub("", "laki (s. 38) 21 §")
        'laki  21 §'
        >>> page_references("tr").search("(s. 38)") is None
        True
        >>> page_references().sub("", "katso laki (s. 24) 12C1 §")
        'katso laki  12C1 §'
        """
        langs = [lang] if lang else self._languages
        return alternation(tuple(self.load_references(x).pages for x in langs if self.knows(x)))

    def load_profile(self, lang: str) -> Profile:
        """The profile of a language's law book.

        >>> load_profile("sk").lang
        'sk'
        """
        if self.language_of(lang) not in self.available():
            raise KeyError(f"no law-book profile for language {self.language_of(lang)!r}")
        return self.module(lang).PROFILE

    def load_words(self, lang: str) -> Words:
        """How a language writes and inflects its words (plain lower-casing and no stemming
        for a language without a profile).

        >>> load_words("tr").lower("İHLAL"), load_words("xx").snowball
        ('ihlal', '')
        """
        return self._get(lang, "WORDS", Words())

    def sort_key(self, lang: str) -> Callable[[str], list[int]]:
        """A key that sorts words in a language's alphabetical order (`alphabetical`)."""
        return alphabetical(self.load_words(lang))

    def load_number_words(self, lang: str) -> tuple[tuple[str, int], ...]:
        """The numbers a language's book spells out (`NUMBER_WORDS` of its profile: a word
        pattern and its value; none for a language without them).

        >>> dict(load_number_words("fi"))["kolmetoista"], load_number_words("xx")
        (13, ())
        """
        return self._get(lang, "NUMBER_WORDS", ()) if self.knows(lang) else ()

    def load_reduplicated(self, lang: str) -> frozenset[str]:
        """The words a language doubles on purpose (`REDUPLICATED` of its profile), which the
        translators' report does not take for a doubled word.

        >>> "birer" in load_reduplicated("tr"), load_reduplicated("fi")
        (True, frozenset())
        """
        return self._get(lang, "REDUPLICATED", frozenset()) if self.knows(lang) else frozenset()

    def load_concepts(self, lang: str) -> dict[str, str]:
        """The concepts a language's book must carry wherever the Laws state them (`CONCEPTS`
        of its profile: a name shared by the languages and this book's forms as a pattern).

        >>> sorted(load_concepts("et")), load_concepts("xx")
        (['automatic', 'damage', 'major', 'minor', 'promptly', 'unauthorised'], {})
        """
        return self._get(lang, "CONCEPTS", {}) if self.knows(lang) else {}

    def load_qa_words(self, lang: str) -> dict[str, dict[str, Any]]:
        """The words the translators' report reads in a language's book besides its figures
        and concepts (`kb/profiles/qa/<lang>.toml`, else `QA` of a corpus folder's profile):
        per kind (modal force, scope, clause markers, the verbs of "applies", ...) per class
        the forms, as regular expressions. None for a language without them.

        >>> sorted(load_qa_words("et")["modal"])[:3], load_qa_words("xx")
        (['may', 'must', 'must_not'], {})
        """
        folder = self.folders.get(self.language_of(lang))
        if folder is not None and hasattr(folder, "QA"):
            return folder.QA
        return shipped_qa_words(self.language_of(lang))


SHIPPED = Profiles()  # the shipped profiles alone: what a language's code names


@cache
def alternation(patterns: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern for any of several (empty ones left out); one that matches nothing for
    none.

    >>> alternation(("a", "", "b")).pattern, alternation(()).search("x")
    ('(?:a)|(?:b)', None)
    """
    return re.compile("|".join(f"(?:{p})" for p in patterns if p) or "(?!)")


def alphabetical(words: Words) -> Callable[[str], list[int]]:
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
    order = {c: i for i, c in enumerate(words.alphabet)}

    def key(word: str) -> list[int]:
        return [order.get(c, len(order) + ord(c) if c.isalnum() else -1) for c in words.lower(word)]

    return key


@cache
def shipped_qa_words(lang: str) -> dict[str, dict[str, Any]]:
    """A language's shipped report words (`kb/profiles/qa/<lang>.toml`), {} for none.

    >>> sorted(shipped_qa_words("tr"))[:2]
    ['apply', 'grammar']
    """
    path = QA_WORDS / f"{lang}.toml"
    return tomllib.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


# The shipped profiles, by language code (`Profiles`' methods, on `SHIPPED`).
modules, languages, available, module = (
    SHIPPED.modules,
    SHIPPED.languages,
    SHIPPED.available,
    SHIPPED.module,
)
load_references, load_profile, load_words, sort_key = (
    SHIPPED.load_references,
    SHIPPED.load_profile,
    SHIPPED.load_words,
    SHIPPED.sort_key,
)
page_references, load_number_words, load_reduplicated = (
    SHIPPED.page_references,
    SHIPPED.load_number_words,
    SHIPPED.load_reduplicated,
)
load_concepts, load_qa_words = SHIPPED.load_concepts, SHIPPED.load_qa_words


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
