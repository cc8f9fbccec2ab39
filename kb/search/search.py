"""Search the laws: what a player types, to the units that answer it, best first.

>>> s = get_searcher()
>>> s.search("revokki tuli pysyväksi", lang="fi")["hits"][0]["law"]
'63'
>>> s.search("Yasa 16B")["citation"]
{'id': '16.B', 'lang': 'tr', 'document': 'tr-2017'}

A query is cleaned (control characters out, quotes normalised, length capped), checked for
a citation (`12C1`, `laki 12`, `Yasa 16B`: that unit comes first), split into "phrases" and
words, and each word is analysed the way the index was (`kb.search.analysis`). A word matches
a unit through any of its keys, best first: its exact form, its stems, other forms of it
(`revokin` -> `revokki`, see `Searcher.forms`), for Swedish the forms the OCR printed, and,
for a word no unit holds, the index's words one or two slips away. Each unit's score adds,
per word, the best of its text matches (BM25), an exact-form bonus, a bonus for its own
title and one for its law's title, and is scaled by the share of the query's words it
matches (rarer words weigh more), so all words rank above any word; the units of a law whose
title holds every word count half again, so that law ranks above one that merely mentions
the words. Whoosh keeps the stored texts and answers the phrases; the scoring loop reads a
term's postings, weighed at build, from the postings file mapped into memory (the last few
thousand kept), and keeps the last few thousand words' scores, so that a query costs a few
dictionary look-ups per matching unit. A word is analysed once per language (its forms and
near spellings among the words of all that language's documents), then looked up in each
document searched.
"""

from __future__ import annotations

import heapq
import html
import json
import math
import mmap
import os
import threading
import unicodedata
from array import array
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterator, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate, islice, zip_longest
from operator import itemgetter, sub
from pathlib import Path
from queue import Empty, SimpleQueue
from sys import intern
from typing import Any, NamedTuple

from whoosh import index

from kb import store
from kb.core.ids import law_of, lineage
from kb.core.memory import loading
from kb.core.model import EVERY
from kb.crosslang import editions
from kb.layers import glossary
from kb.layers.cite import parse_citation
from kb.profiles import add_document, language_of, languages, load_references, load_words
from kb.search.analysis import (
    WORD,
    Analyzer,
    Keys,
    Token,
    analyzer,
    hyphen_joined,
    lemmatizer,
    marked,
    ocr_variants,
)
from kb.search.build import (
    CONCEPTS,
    LEMMAS,
    LETTERS,
    LEXICON,
    META,
    POSTINGS,
    STEM_FIELDS,
    TERM_FIELDS,
    UNITS,
    build_index,
    index_dir,
    is_current,
    phrase_text,
)
from kb.search.concepts import (
    ENGLISH,
    Concepts,
    LetterIndex,
    Match,
    joined,
    ranked,
    same_words,
)
from kb.search.spell import Speller, max_distance

MAX_QUERY = 500  # characters of a query that are read
MAX_WORDS = 12  # words of a query that are searched
MAX_WORD = 40  # letters of the longest word searched
W_EXACT = 0.6  # bonus for the word exactly as typed (folded), on top of its stem
W_TITLE = 1.5  # the unit's own title
W_LAW = 1.5  # the title of the unit's law
W_PREFIX = 0.5  # another form of the word (see `Searcher.forms`)
W_OCR = 0.8  # a form the OCR printed
W_FUZZY = 0.4  # a word one or two slips away
W_STOP = 0.15  # a stop word ("ja", "ve", "och") counts this much and is never required
COVERAGE = 2.0  # score x (share of the words matched) ** COVERAGE
PHRASE = 2.0  # units holding every phrase
KIND_WEIGHT = {"definition": 0.3, "table": 0.8}  # a definition is listed, below the laws
LAW_TITLED = 1.5  # the units of a law whose title holds every word of the query
SAME_LAW = 0.6  # each further unit of a law already listed counts this much less
LAW_SUM = 0.3  # a law's further matching units add this share (and its powers) to its best
LAW_UNITS = 4  # the units of a law whose evidence adds up, at most
MIN_PREFIX = 5  # words and stems this long also match longer ones they begin (see `forms`)
FORMS = 16  # other forms of a word searched, at most (the most frequent)
WORD_CACHE = 4096  # analysed and scored words kept per process
TEXTS_KEPT = 4096  # units' stored texts (and their words) kept per process, the last read
POSTINGS_KEPT = 4096  # posting lists kept per process beside the hot ones (the last read)
TARGETS_KEPT = 50000  # concepts' targets kept per process, per book (see `targets`)
WARM_POSTINGS = 50000  # postings read at start, the most frequent terms' (see `warm`)
WARM_WORDS = 20000  # words of the books analysed at start, the most frequent (see `warm`)
SNIPPET = 220  # characters of text around the matches
LONG_TEXT = 2 * SNIPPET  # a longer text's words are read for a snippet only as far as it shows
GROUP_WEIGHT = {"text": 1.0, "exact": W_EXACT, "title": W_TITLE, "law": W_LAW}
W_INDEX = 2.0  # a unit an index entry names fully: above the best text match (see `_concepts`)
# A situation of the thesaurus matched by a player's description (more than SHORT words)
# weighs its score as it is, times W_SITUATION: a description shares only some words with any
# phrasing; matched by a few words, its score squared times W_SITUATION_SHORT, below a printed
# index entry (squared), since the book's own words find those units by text.
SHORT = 3
W_SITUATION = 1.5
W_SITUATION_SHORT = 0.6
# Where a unit holds every word of the query (each as the book prints it), the book's own
# words answer it: a situation then weighs this much of its weight (it breaks ties; it
# bridges a gap the text leaves), unless one of its phrases is the words typed (a term
# written for it: `same_words`).
W_SITUATION_HELD = 0.1
# A description tells of one situation: the others it matches less well than the best (a
# common word or two each) weigh this power of their share of its score, so that together,
# and with the text they lead to, they do not outweigh it (descriptions: 48 -> 54 % first).
# A few words are sharpened already (squared).
SITUATION_SHARPNESS = 2.0
CONCEPT_MATCHES = 12  # the best matching index entries used, at most
LAW_EVIDENCE = 0.3  # what each further index entry naming the same law adds to its units
# ... where the query is a description (more than SHORT words): its common words (card,
# play, declarer) match a phrase of each of the many situations of a big law (Law 45, on
# played cards: eight situations, 164 phrases in Finnish), whose sum then says more of the
# law's size than of the answer.
LAW_EVIDENCE_DESCRIBED = 0.1
MIN_FUZZY_ALONE = 7  # shorter words, in a query of words no unit holds, are not "corrected"
LAST_LETTER = chr(0x10FFFF)  # after every letter: a prefix's words sort before prefix + this
QUOTES = str.maketrans({c: '"' for c in "“”„«»″＂"})


class Doc(NamedTuple):
    """What the ranking reads of a unit; its texts are read from the index when it is shown
    (`Searcher.stored`)."""

    id: str
    lang: str
    law: str
    kind: str


@dataclass
class Term:
    """One way a word matches: a term of a field, weighted, in a group (`text`, `exact`,
    `title`, `law`); within a group the best term of a word counts."""

    group: str
    field: str
    term: str
    weight: float


class Analysed(NamedTuple):
    """A typed word analysed for a language: its keys, every term it may match that some
    document of the language holds (the best weight of each; fields named without their
    document), its own terms (its exact form, stems and OCR'd forms), the keys that mark it
    in a snippet, and whether some unit of the language holds it (not only another form or a
    near spelling: a word none holds also matches its near spellings)."""

    keys: Keys
    terms: list[Term]
    own: list[Term]
    marks: frozenset[str]
    known: bool


@dataclass
class Word:
    """A query word analysed for one language: its score in each unit it matches (all its
    terms and groups together), and the keys that mark it in a snippet."""

    typed: str
    keys: Keys
    stop: bool
    known: bool  # some unit holds the word itself (not only another form or a near spelling)
    scores: dict[int, float]
    in_law_title: frozenset[int]  # the units whose law's title holds the word
    marks: frozenset[str]


def idf(n: int, size: int) -> float:
    """BM25's inverse document frequency of a word found in `n` of `size` units.

    >>> round(idf(1, 900), 2), round(idf(90, 900), 2)
    (6.4, 2.3)
    """
    return math.log(1 + (size - n + 0.5) / (n + 0.5))


def cut(word: str) -> int:
    """How many last letters of a typed word may differ in another form of it: none up to
    six letters, then one for every two more, at most three.

    >>> [cut(w) for w in ("talep", "revokin", "pysyväksi", "rangaistuskortin")]
    [0, 1, 2, 3]
    """
    return min(3, max(0, (len(word) - 5) // 2))


def clean(query: str) -> str:
    """The query as searched: at most `MAX_QUERY` characters, control characters removed,
    typographic quotes made plain.

    >>> clean("„revokki”\\x00 tuli\\u00ad")
    '"revokki"  tuli'
    """
    out = []
    for c in query[:MAX_QUERY].translate(QUOTES):
        category = unicodedata.category(c)
        if category == "Cc":
            out.append(" ")
        elif category[0] != "C":
            out.append(c)
    return "".join(out)


def split_query(query: str) -> tuple[list[str], list[str]]:
    """The words of a cleaned query and its "quoted phrases" (an unbalanced quote is
    ignored); a suffix after an apostrophe is not a word, nor is anything over 40 letters.

    >>> split_query('lepääjän "oikeudet ja" velvollisuudet "auki')
    (['lepääjän', 'oikeudet', 'ja', 'velvollisuudet', 'auki'], ['oikeudet ja'])
    >>> split_query("Yasa’nın 12C1’i")
    (['Yasa', '12C1'], [])
    >>> split_query("kes-kiarvo")  # as printed, and joined as the served text has it
    (['kes', 'kiarvo', 'keskiarvo'], [])
    """
    parts = query.split('"')
    if len(parts) % 2 == 0:
        parts[-2:] = [parts[-2] + " " + parts[-1]]
    phrases = [p.strip() for p in parts[1::2] if WORD.search(p)]
    words: dict[str, str] = {}
    text, last_end, last = " ".join(parts), -2, ""
    for m in WORD.finditer(text):
        word = m.group(1)
        if len(word) <= MAX_WORD:
            words.setdefault(word.lower(), word)
        if hyphen_joined(text, last_end, m.start(), last, word):
            words.setdefault((last + word).lower(), last + word)
        last_end, last = m.end(), word
    return list(words.values())[:MAX_WORDS], phrases


def snippet(
    text: str,
    an: Analyzer,
    marks: AbstractSet[str],
    words: Sequence[Token] | None = None,
    width: int = SNIPPET,
) -> str:
    """HTML of a text around its first match: escaped, each matching word in `<mark>`.

    `an` reads the text's words (`Analyzer.matching`: of a long text only as far as the
    snippet reaches, all of it where nothing matches), unless they are given (`words`: as
    `Analyzer.tokens` reads them, kept from an earlier hit); `marks` are the keys (exact
    forms and stems) that match; where words overlap (a hyphenated word and its parts),
    the first to match is marked.

    >>> text = "Pelaaja <b> ja lepääjän kortit"
    >>> snippet(text, analyzer("fi"), {"lepaajan"})
    'Pelaaja &lt;b&gt; ja <mark>lepääjän</mark> kortit'
    """
    if not marks:  # nothing to mark: no word is read
        spans: list[tuple[int, int]] | None = []
    else:
        spans = marked(words, marks) if words is not None else None
    start, end = 0, len(text)
    if len(text) > width:
        first = spans if spans is not None else an.matching(text, marks, first=True)
        at = first[0][0] if first else 0
        start = max(0, min(at - width // 4, len(text) - width))
        start = text.rfind(" ", 0, start) + 1 if start else 0
        end = text.find(" ", start + width)
        end = len(text) if end < 0 else end
    if spans is None:  # a word from the end of what is shown on is not read
        spans = an.matching(text, marks, start, end)
    out = ["…" if start else ""]
    at = start
    for s, e in spans:
        if s < at or e > end:
            continue
        out += [html.escape(text[at:s]), "<mark>", html.escape(text[s:e]), "</mark>"]
        at = e
    out += [html.escape(text[at:end]), "…" if end < len(text) else ""]
    return " ".join("".join(out).split())


class Searcher:
    """An open index: the postings file, what ranking needs of each unit (its texts are read
    from the Whoosh index when it is shown), and the postings read so far."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.ix = index.open_dir(str(path))
        meta = json.loads((path / META).read_text(encoding="utf-8"))
        self.langs: list[str] = list(meta["languages"])
        self.sizes: dict[str, int] = meta["languages"]
        self.ocr: set[str] = set(meta["ocr"])
        # what each OCR'd text printed for the letters its OCR lost (its `ocr.toml`)
        self.ocr_letters: dict[str, dict[str, list[str]]] = meta.get("ocr_letters", {})
        self.editions: dict[str, int] = meta.get("editions", {})
        # each address's document: its id, its language and its kind (`kb.store.addresses`)
        self.documents: dict[str, dict[str, str]] = meta["documents"]
        for key, d in self.documents.items():  # each read with its language's analysis
            add_document(key, d["lang"])
            add_document(d["id"], d["lang"])
        # each word of a language as its books print it most (folded -> printed, where the
        # two differ), kept once per language, not per document
        display: dict[str, dict[str, str]] = defaultdict(dict)
        for key, forms in meta["display"].items():
            display[language_of(key)].update(forms)
        self.display = dict(display)
        self.cards = {key for key, d in self.documents.items() if d.get("kind") == "card"}
        # each language's main document (the one its code names): a search's default scope
        self.main_langs = [key for key in self.langs if key == self.documents[key]["lang"]]
        lemmas = path / LEMMAS
        tables = json.loads(lemmas.read_text(encoding="utf-8")) if lemmas.exists() else {}
        for code, table in tables.items():
            lemmatizer(code).learn(table)
        concepts = path / CONCEPTS
        entries = json.loads(concepts.read_text(encoding="utf-8")) if concepts.exists() else []
        letters = json.loads((path / LETTERS).read_text(encoding="utf-8"))  # built with it
        self.concepts = Concepts(entries, {k: LetterIndex.load(v) for k, v in letters.items()})
        self._targets: dict[tuple, tuple[int, ...]] = {}  # see `targets`
        self._subtrees: dict[int, tuple[int, ...]] = {}
        rows = json.loads((path / UNITS).read_text(encoding="utf-8"))
        self.docs: list[Doc] = [Doc(*map(intern, row[:4])) for row in rows]
        self.by_id: dict[tuple[str, str], int] = {
            (d.lang, d.id): n for n, d in enumerate(self.docs)
        }
        self.kind_weight = [KIND_WEIGHT.get(d.kind, 1.0) for d in self.docs]
        laws: dict[tuple[str, str], int] = {}  # a law of a book (or a unit outside laws)
        self.law_key = [laws.setdefault((d.lang, d.law or d.id), len(laws)) for d in self.docs]
        self.by_law: dict[str, set[int]] = defaultdict(set)  # a law's units in every book
        self.in_law: dict[int, list[int]] = defaultdict(list)  # a law's units in its book
        for n, d in enumerate(self.docs):
            self.by_law[d.law].add(n)
            self.in_law[self.law_key[n]].append(n)
        self.citing: dict[tuple[str, str], list[int]] = defaultdict(list)
        for n, (d, row) in enumerate(zip(self.docs, rows, strict=True)):
            for uid in row[4].split():
                self.citing[(d.lang, uid)].append(n)
                self.by_law[law_of(uid) or d.law].add(n)  # a card's box: each law it cites
        self.stored = lru_cache(maxsize=TEXTS_KEPT)(self._stored)
        self._exact_words = lru_cache(maxsize=TEXTS_KEPT)(self._phrase_words)
        self._words = lru_cache(maxsize=TEXTS_KEPT)(self._text_words)
        # The terms of every field (lexicon.json) and a speller per language, so that no query
        # waits for them; postings and texts' words are read at first need and kept.
        table = json.loads((path / LEXICON).read_text(encoding="utf-8"))
        self.lexicons: dict[str, dict[str, int]] = {}
        self._sorted: dict[str, list[str]] = {}
        # Every field's postings, mapped from their file (`kb.search.build.Postings`): pages
        # the OS reads at first need and shares between processes; where each term's list begins.
        with (path / POSTINGS).open("rb") as file:  # (an index of no units: none)
            empty = not os.fstat(file.fileno()).st_size
            self._mapped = None if empty else mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
        mapped = memoryview(self._mapped or b"")
        total = len(mapped) // 12
        self._weights, self._numbers = mapped[: 8 * total].cast("d"), mapped[8 * total :].cast("I")
        self._starts: dict[str, int] = meta["postings"]
        # A document's field: its terms, sorted, and where each one's postings begin (one
        # more: where the last one's end), from which a term's count is told (`_position`,
        # `_counts`); a dictionary per document was most of the memory that grew with them.
        self._first: dict[str, array] = {}
        for lang in self.langs:
            for name in ["exact", *STEM_FIELDS] + (["ocr"] if lang in self.ocr else []):
                field = f"{name}_{lang}"
                terms, counts = table.get(field, ("", []))
                self._sorted[field] = [intern(t) for t in terms.split()]
                start = self._starts.get(field, 0)
                self._first[field] = array("q", accumulate(counts, initial=start))
        # A language's words pooled over its documents (`<name>@<language>`), each with its
        # count: a query word is analysed once per language (its forms, its near spellings),
        # then looked up in each document's own fields, so that searching every document
        # costs one analysis per language and one look-up per document.
        members: dict[str, list[str]] = defaultdict(list)
        for key in self.langs:
            members[language_of(key)].append(key)
        self.languages: list[str] = list(members)  # the languages of the documents
        for language, keys in members.items():
            for name in TERM_FIELDS:
                fields = [f"{name}_{key}" for key in keys if f"{name}_{key}" in self._first]
                pooled: dict[str, int] = defaultdict(int)
                for field in fields:
                    for term, n in self._counts(field):
                        pooled[term] += n
                self.lexicons[f"{name}@{language}"] = dict(pooled)
                # a language of one document: its own words, in their order
                self._sorted[f"{name}@{language}"] = (
                    self._sorted[fields[0]] if len(fields) == 1 else sorted(pooled)
                )
        # A speller per language, over the words of all its books: a word of one language
        # is compared with that language's words only (a third of the time it took among
        # every book's words, of which one language's were kept).
        self.spellers = {
            language: Speller(
                {w: n for w, n in self.lexicons[f"exact@{language}"].items() if w.isalpha()}
            )
            for language in members
        }
        self.ocr_letters_of = {
            language: next((self.ocr_letters[k] for k in keys if k in self.ocr_letters), {})
            for language, keys in members.items()
        }
        self.analysed = lru_cache(maxsize=WORD_CACHE)(self._analysed)
        # the hot posting lists (`warm`), then the last few read (`_read`)
        self._hot: dict[tuple[str, str], dict[int, float]] = {}
        self._read = lru_cache(maxsize=POSTINGS_KEPT)(self._read_postings)
        # readers of the stored texts, each used by one thread at a time (see `_stored`)
        self._readers: SimpleQueue[Any] = SimpleQueue()
        self.word = lru_cache(maxsize=WORD_CACHE)(self._word)
        self._law_words = sorted(
            ((w, lang) for lang in languages() for w in load_references(lang).words),
            key=lambda p: -len(p[0]),
        )

    # -- the index ---------------------------------------------------

    def warm(self) -> int:
        """Read the hot posting lists now, so that no query of a long-running server waits
        for them; returns how many lists were read. The hot lists are those of the most
        frequent terms (the longest to read), up to `WARM_POSTINGS` postings in all, a fixed
        number whatever the corpus, so that start-up and memory stay flat; the others are
        read from the mapped postings file at first need (the last `POSTINGS_KEPT` kept),
        which the OS is asked to read ahead now. Also read now: the glossary's links, which
        a concept naming a definition follows (`targets`: 7-10 ms, which the first query
        reaching a definition waited for), the edition map (`targets` in a book of the other
        edition), a reader of the stored texts (`_stored`: 1-2 ms to open), the books' most
        frequent words analysed (`WARM_WORDS`) and the main documents' texts with their
        words (`_warm_texts`): what the first hits' snippets read. The lemma dictionaries
        are not loaded: the lemmas of the words of the books, the concepts and the players'
        words come with the index, and the first query with another word of a language with
        lemmas loads that language's dictionary (about a second, once), rather than every
        server spending that second of its start-up while its first pages wait (a server
        loads them aside, once quiet: `load_lemmas`)."""
        if self._mapped is not None:
            self._mapped.madvise(mmap.MADV_WILLNEED)
        glossary.links()
        if len(set(self.editions.values())) > 1:
            editions.prepare()
        reader = self.ix.reader()  # a reader of the stored texts, each segment's opened
        for segment, _ in reader.leaf_readers():
            if segment.doc_count_all():
                segment.stored_fields(0)
        self._readers.put(reader)
        hot = sorted(
            ((n, field, term) for field in self._first for term, n in self._counts(field)),
            reverse=True,
        )
        total = 0
        for n, field, term in hot:
            total += n
            if total > WARM_POSTINGS:
                break
            self._hot[(field, term)] = self._read_postings(field, term)
        self._warm_words()
        self._warm_texts()
        return len(self._hot)

    def _warm_words(self) -> None:
        """Analyse the books' most frequent words (`WARM_WORDS`, a fixed number whatever the
        corpus), each as printed, lowercased (`Analyzer.keys` keeps them): the words of the
        texts that the first hits' snippets read, and most words a player types."""
        frequent = heapq.nlargest(
            WARM_WORDS,
            (
                (n, language, term)
                for language in self.languages
                for term, n in self.lexicons[f"exact@{language}"].items()
            ),
        )
        for _, language, term in frequent:  # as `Analyzer.tokens` reads it: lowercased, no
            # suffix after an apostrophe, a word split by a hyphen joined (`yer’in`, `d-kohta`)
            an = analyzer(language)
            an.keys(an.lower("".join(WORD.findall(self.display.get(language, {}).get(term, term)))))

    def _warm_texts(self) -> None:
        """Read the stored texts, and their words, of the units of each language's main
        document (the scope of a search in a language, and of one over all languages): the
        texts the first hits show, which their snippets read. At most `TEXTS_KEPT` (the
        texts a searcher keeps in any case), taken from the documents in turn, so that with
        more languages than fit each has as many read."""
        units: dict[str, list[int]] = {key: [] for key in self.main_langs}
        for n, d in enumerate(self.docs):
            if d.lang in units:
                units[d.lang].append(n)
        in_turn = (doc for docs in zip_longest(*units.values()) for doc in docs if doc is not None)
        for doc in islice(in_turn, TEXTS_KEPT):
            self._words(doc, "text" if self.stored(doc)["text"] else "title")

    def forget_words(self) -> None:
        """Forget the query words analysed so far (their analysis, their scores and their
        near spellings), so that the next query's words are new to the process, as a
        benchmark of novel queries needs them; what is kept of the index stays.

        >>> s = get_searcher()
        >>> _ = s.search("revokki", lang="fi"); s.forget_words(); s.word.cache_info().currsize
        0
        """
        self.word.cache_clear()
        self.analysed.cache_clear()
        for speller in self.spellers.values():
            speller.candidates.cache_clear()

    def load_lemmas(self) -> list[str]:
        """Load the lemma dictionaries of the index's languages that have one (about a
        second for Turkish, half of one for Slovak), which the first query with a word
        missing from the index's tables of lemmas would otherwise wait for; a server does
        it aside, once started and quiet (see `warm`). Returns their codes.

        >>> get_searcher().load_lemmas()
        ['sk', 'tr']
        """
        codes = sorted({load_words(key).lemma for key in self.langs} - {""})
        for code in codes:
            lemmatizer(code).load()
        return codes

    def postings(self, fieldname: str, term: str) -> dict[int, float]:
        """A term's BM25 term-frequency factor in each unit that holds it (a hot list kept
        since `warm`, another read from the mapped file, the last `POSTINGS_KEPT` kept); the
        inverse document frequency is applied per query word (see `idf`).

        >>> s = get_searcher()
        >>> sorted(s.docs[doc].id for doc in s.postings("title_fi", "revok"))
        ['61', '61.B', '62.A', '62.D', '63.A', '63.B']
        """
        found = self._hot.get((fieldname, term))
        return found if found is not None else self._read(fieldname, term)

    def _read_postings(self, fieldname: str, term: str) -> dict[int, float]:
        """A term's postings as `postings` gives them, read from the mapped file: a dictionary
        of numbers, which the cyclic collector never scans."""
        at = self._position(fieldname, term)
        if at is None:
            return {}
        start, stop = self._first[fieldname][at : at + 2]
        return dict(zip(self._numbers[start:stop], self._weights[start:stop], strict=True))

    def _position(self, fieldname: str, term: str) -> int | None:
        """Where a term stands among a document's field's terms (`_first` tells where its
        postings begin and end), or None: not there, or no such field.

        >>> s = get_searcher()
        >>> at = s._position("exact_fi", "revokki")
        >>> s._sorted["exact_fi"][at], s._position("exact_fi", "revokkix")
        ('revokki', None)
        """
        terms = self._sorted.get(fieldname) if fieldname in self._first else None
        if not terms:
            return None
        at = bisect_left(terms, term)
        return at if at < len(terms) and terms[at] == term else None

    def _counts(self, fieldname: str) -> Iterator[tuple[str, int]]:
        """A document's field's terms, each with its number of units (its postings).

        >>> s = get_searcher()
        >>> n = dict(s._counts("exact_fi"))["revokki"]
        >>> n, n == len(s.postings("exact_fi", "revokki"))
        (15, True)
        """
        first = self._first[fieldname]
        return zip(self._sorted[fieldname], map(sub, first[1:], first), strict=True)

    def starting_with(self, fieldname: str, prefix: str, limit: int = FORMS) -> list[str]:
        """The terms of a field that begin with `prefix`: the `limit` most frequent.

        >>> sorted(get_searcher().starting_with("exact@fi", "revokki", limit=3))
        ['revokki', 'revokkia', 'revokkiin']
        """
        terms = self._sorted.get(fieldname, [])
        found = terms[bisect_left(terms, prefix) : bisect_left(terms, prefix + LAST_LETTER)]
        return heapq.nlargest(limit, found, key=self.lexicons[fieldname].__getitem__)

    # -- analysis of a query ---------------------------------------------------------------

    @staticmethod
    def _terms(keys: Keys, weight: float, exact: str = "exact") -> list[Term]:
        """The terms of a word's keys in a language's fields (named without the document:
        `text`): its exact form (in group `exact`), its stems in the text, title and law
        title fields."""
        terms = [Term(exact, "exact", keys.exact, weight)] if keys.exact else []
        for stem in keys.stems:
            terms += [Term(name, name, stem, weight) for name in ("text", "title", "law")]
        return terms

    def forms(self, language: str, keys: Keys) -> tuple[set[str], set[str]]:
        """Words and stems of a language's units that are likely forms of a typed word: the
        words that begin with it (for a long word: with all but its last letters), the stems
        that begin with its stem (all but the stem's last two letters), and the stems its stem
        begins with (at least three fifths of it: `kiinnittäminen` -> `kiinnit`).

        >>> words, stems = get_searcher().forms("tr", analyzer("tr").keys("rönons"))
        >>> sorted(words)[:3]
        ['rononsa', 'rononsla', 'rononslarin']
        """
        words: set[str] = set()
        stems: set[str] = set()
        exact = keys.exact
        if exact.isalpha() and len(exact) >= MIN_PREFIX:
            cut_off = exact[: len(exact) - cut(exact)]
            words.update(self.starting_with(f"exact@{language}", cut_off))
            for stem in keys.stems:
                if len(stem) >= MIN_PREFIX:
                    start = stem[: max(MIN_PREFIX, len(stem) - 2)]
                    for name in ("text", "title"):
                        field = f"{name}@{language}"
                        stems.update(self.starting_with(field, start))
                        shortest = max(MIN_PREFIX, -(-3 * len(stem) // 5))
                        stems.update(
                            stem[:n]
                            for n in range(shortest, len(stem))
                            if stem[:n] in self.lexicons[field]
                        )
        return words - {exact}, stems - set(keys.stems)

    def _analysed(self, language: str, typed: str) -> Analysed:
        """A typed word analysed once for a language's documents (see `analysed`).

        >>> a = get_searcher().analysed("fi", "rangaistuskotrti")
        >>> {t.term for t in a.terms if t.weight == W_FUZZY} >= {"rangaistuskortti"}
        True
        >>> "rangaistuskortti" in a.marks, a.known
        (True, False)
        """
        an = analyzer(language)
        keys = an.keys(typed)
        own = self._terms(keys, 1.0)
        if self.lexicons[f"ocr@{language}"]:
            letters = self.ocr_letters_of[language]
            own += [
                Term("text", "ocr", f, W_OCR) for f in [keys.exact, *ocr_variants(typed, letters)]
            ]
        terms = list(own)
        words, stems = self.forms(language, keys)
        for form in sorted(words):
            terms += self._terms(an.keys(form), W_PREFIX, exact="text")
        terms += self._terms(Keys("", tuple(sorted(stems))), W_PREFIX)
        known = any(t.term in self.lexicons[f"{t.field}@{language}"] for t in own)
        if (
            not known
            and keys.exact.isalpha()
            and not an.is_stopword(keys.exact)
            and not self._foreign(language, typed)
        ):
            for near in self.spellers[language].near(keys.exact, max_distance(keys.exact))[:3]:
                terms += self._terms(an.keys(near), W_FUZZY)
        best: dict[tuple[str, str, str], Term] = {}
        for t in terms:
            key = (t.group, t.field, t.term)
            if key not in best or best[key].weight < t.weight:
                best[key] = t
        marks = frozenset(t.term for t in best.values() if t.group != "law")
        held = [t for t in best.values() if t.term in self.lexicons[f"{t.field}@{language}"]]
        return Analysed(keys, held, own, marks, known)

    def _foreign(self, language: str, typed: str) -> bool:
        """Whether a word a language's books do not hold is another language's word: an
        English word of the concepts (a situation's phrase, an index's English term) or a
        word the books of another language print. Then it is not that language's word
        misspelt (`declarer` is not a slip of Turkish `deklare`, a call; Finnish `revokki`
        is no slip of any Estonian word), and no near spelling is looked for.

        >>> s = get_searcher()
        >>> s._foreign("tr", "declarer"), s._foreign("tr", "deklere"), s._foreign("en", "declarer")
        (True, False, False)
        >>> s._foreign("et", "revokki"), s._foreign("et", "revokkki")
        (True, False)
        """
        if language == ENGLISH:
            return False
        if analyzer(ENGLISH).exact(typed) in self.concepts.english:
            return True
        return any(
            analyzer(other).exact(typed) in self.lexicons[f"exact@{other}"]
            for other in self.languages
            if other != language
        )

    def _word(self, lang: str, typed: str) -> Word:
        """A typed word analysed and scored in a document's units (see `word`).

        Per group, a unit counts the word's best term; the group's weight is the rarity
        (BM25 inverse document frequency) of all the word's forms together, so a rare
        inflected form weighs what its word weighs."""
        an = analyzer(lang)
        keys, found, own, marks, _ = self.analysed(language_of(lang), typed)
        known = any(self._position(f"{t.field}_{lang}", t.term) is not None for t in own)
        groups: dict[str, dict[int, float]] = {}
        for t in found:
            best = groups.setdefault(t.group, {})
            postings = self.postings(f"{t.field}_{lang}", t.term)
            if not best:  # the group's first term found: its postings as they are
                w = t.weight
                best.update(postings if w == 1.0 else {d: s * w for d, s in postings.items()})
                continue
            get, w = best.get, t.weight
            for doc, s in postings.items():
                s *= w
                if s > get(doc, 0.0):
                    best[doc] = s
        size = self.sizes[lang]
        scores: dict[int, float] = {}
        for group, best in groups.items():
            weight = GROUP_WEIGHT[group] * idf(len(best), size)
            if not scores:
                scores = {doc: weight * s for doc, s in best.items()}
                continue
            get = scores.get
            for doc, s in best.items():
                scores[doc] = get(doc, 0.0) + weight * s
        in_law_title = frozenset(groups.get("law", ()))
        stop = an.is_stopword(keys.exact)
        return Word(typed, keys, stop, known, scores, in_law_title, marks)

    # -- scoring ---------------------------------------------------------------------------

    def _score(
        self, words: list[Word], size: int, allowed: set[int] | None
    ) -> tuple[dict[int, float], dict[int, float]]:
        """Each matching unit's score and the share of the query's words it matches.

        The share weighs each word by its rarity: missing a rare word costs more than
        missing a common one, and stop words count only in a query of stop words."""
        scores: dict[int, float] = {}
        matched: dict[int, float] = {}
        only_stops = all(w.stop for w in words)
        needed = 0.0
        for word in words:
            scale = W_STOP if word.stop else 1.0
            rarity = idf(len(word.scores), size) if only_stops or not word.stop else 0.0
            needed += rarity
            score_of, matched_of = scores.get, matched.get
            for doc, s in word.scores.items():
                if allowed is None or doc in allowed:
                    scores[doc] = score_of(doc, 0.0) + scale * s
                    matched[doc] = matched_of(doc, 0.0) + rarity
        if not needed:
            return scores, dict.fromkeys(scores, 1.0)
        return scores, {doc: m / needed for doc, m in matched.items()}

    def _phrase_docs(self, lang: str, phrases: list[str]) -> set[int] | None:
        """The units of a document holding every phrase (None: no phrase was typed): among
        the units holding all of a phrase's words, those whose text has them in a row.

        >>> s = get_searcher()
        >>> [s.docs[d].id for d in s._phrase_docs("fi", ["revokki tulee pysyväksi"])]
        ['63.A']
        """
        if not phrases:
            return None
        docs: set[int] | None = None
        for phrase in phrases:
            keys = tuple(k.exact for k in analyzer(lang).words(phrase))
            found = set(self.postings(f"exact_{lang}", keys[0]))
            for key in keys[1:]:
                found &= self.postings(f"exact_{lang}", key).keys()
            if len(keys) > 1:
                found = {doc for doc in found if in_a_row(keys, self._exact_words(doc))}
            docs = found if docs is None else docs & found
        return docs

    def _phrase_words(self, doc: int) -> tuple[str, ...]:
        """A unit's exact words in order, as its `exact_xx` field was indexed (see
        `_exact_words`: the last few kept).

        >>> s = get_searcher()
        >>> s._exact_words(s.by_id[("fi", "63.A")])[:3]
        ('revokki', 'tulee', 'pysyvaksi')
        """
        text = phrase_text(self.stored(doc))
        return tuple(k.exact for k in analyzer(self.docs[doc].lang).words(text))

    def _law_filter(self, law: str | None) -> set[int] | None:
        """The units of the law a filter names (`63`, `Law 63`, `laki 63`): none for a
        filter that names no law, None (all units) for no filter."""
        if not law:
            return None
        uid = parse_citation(law[:40])
        return self.by_law.get(law_of(uid) or "", set()) if uid else set()

    # -- the public entry ------------------------------------------------------------------

    def search(
        self,
        query: str,
        lang: str | None = None,
        law: str | None = None,
        limit: int = 10,
        offset: int = 0,
    ) -> dict[str, Any]:
        """Search the units of one document (or of every language) for a query, best first.

        `lang` is the address of a document (`kb.store.addresses`: a language's code names
        its main document); without it, each language's main document is searched (as a
        comparison shows them: with sixty documents, one per language), with `EVERY`
        (`all`) every document. Returns `{"query", "lang", "hits": [{"id", "law", "lang",
        "document", "kind", "title", "snippet", "score", "found_by"}], "total",
        "did_you_mean", "citation"}` (a hit's `lang` is its language, `document` its
        document's id): the `limit` hits from
        the `offset`-th, so that all `total` are reachable. Never raises on a user's string:
        what is not a word is ignored.

        >>> r = get_searcher().search("CEZALI KART", lang="tr", limit=3)
        >>> r["hits"][0]["law"], r["hits"][0]["snippet"].count("<mark>") > 0
        ('50', True)
        >>> get_searcher().search("AND OR ( * ~ lang: \\"", lang="sk")["total"]
        0
        """
        text = clean(query)
        langs = self.scope(lang)
        limit = max(1, min(int(limit), 100))
        allowed = self._law_filter(law)
        citation, cited, uid = self._citation(text, langs, None if lang == EVERY else lang)
        words, phrases = split_query(text)
        found: dict[int, float] = {}
        why: dict[int, list[Any]] = {}  # a concept's unit: the match, its key, its `by`
        marks: dict[str, set[str]] = {}
        worded: set[int] = set()  # the units the words match (only their snippets mark any)
        unknown: dict[str, list[Word]] = {}
        matched: dict[str, list[Match]] = {}
        for lg in langs:
            analysed = [self.word(lg, w) for w in self.expand(lg, words)]
            if len(analysed) > 1 and not any(w.known for w in analysed):
                # words no unit holds, only near spellings: a short one is rather another
                # language's word ("yemek tarifi": a recipe) than a typo
                analysed = [w for w in analysed if len(w.keys.exact) >= MIN_FUZZY_ALONE]
            scores, share = self._score(analysed, self.sizes[lg], allowed)
            worded.update(scores)
            inside = self._phrase_docs(lg, phrases)
            required = [w.in_law_title for w in analysed if not w.stop]
            titled = frozenset.intersection(*required) if required else frozenset()
            boost, kind = (PHRASE if inside else 1.0), self.kind_weight
            mine = {  # the document's units
                doc: s
                * share[doc] ** COVERAGE
                * kind[doc]
                * (LAW_TITLED if doc in titled else 1.0)
                * boost
                for doc, s in scores.items()
                if not inside or doc in inside
            }
            # A document's concepts come above its own best match by words: every document
            # is ranked as its own search ranks it, whatever the others searched with it.
            top = max(mine.values(), default=0.0)
            # a unit holds every word, each as the book prints it (a near spelling or a
            # word's start found in a book's word is no answer of the book's own)
            printed = all(w.known or w.stop for w in analysed)
            held = printed and max(share.values(), default=0.0) > 0.999
            for doc, (score, *evidence) in self._within(
                self._concepts(words, lg, matched, held), mine
            ):
                if (allowed is not None and doc not in allowed) or (inside and doc not in inside):
                    continue
                mine[doc] = mine.get(doc, 0.0) + W_INDEX * score * (top + 1.0) * kind[doc]
                why[doc] = evidence
            found.update(mine)
            marks[lg] = set().union(*(w.marks for w in analysed))
            unknown[lg] = [w for w in analysed if not w.known and not w.stop]
        cited = [doc for doc in cited if allowed is None or doc in allowed]
        top = max(found.values(), default=0.0)
        for rank, doc in enumerate(cited):  # the cited unit first, then in other languages
            found[doc] = top + len(cited) - rank
        offset = max(0, min(int(offset), len(found)))
        hits = self._rank(found, offset + limit, cited)[offset:]
        pinned = set(cited)
        return {
            "query": text,
            "lang": None if lang == EVERY else lang,  # the one document asked for
            "hits": [
                self._hit(
                    doc,
                    s,
                    marks,
                    found_by(*why[doc]) if doc in why else None,
                    doc in pinned,
                    doc in worded,
                    self._law_named(doc, uid if doc in pinned else why.get(doc)),
                )
                for doc, s in hits
            ],
            "total": len(found),
            "did_you_mean": None if citation else self._did_you_mean(words, unknown),
            "citation": citation,
        }

    def scope(self, lang: str | None) -> list[str]:
        """The documents a search asked for `lang` looks in: that document, else (none
        named) each language's main document, or (`EVERY`) every document; none for an
        address the index does not know.

        >>> s = get_searcher()
        >>> s.scope("fi"), s.scope(None) == s.main_langs, s.scope("all") == s.langs, s.scope("xx")
        (['fi'], True, True, [])
        """
        if lang == EVERY:
            return self.langs
        if lang:
            return [lang] if lang in self.sizes else []
        return self.main_langs

    def named(self, key: str) -> dict[str, str]:
        """A document as a hit names it: its language and its id.

        >>> get_searcher().named("sv")
        {'lang': 'sv', 'document': 'sv-2007-card'}
        """
        known = self.documents[key]
        return {"lang": known["lang"], "document": known["id"]}

    def _rank(
        self, found: dict[int, float], limit: int, first: list[int] | None = None
    ) -> list[tuple[int, float]]:
        """The units a citation names (`first`, in order), then the best units, laws first
        by their combined evidence: a law's best unit counts its own score plus a share of
        each further matching unit of the law (`LAW_SUM`, less for each); each further unit
        of a law counts less (`SAME_LAW`)."""
        pinned = [(doc, found[doc]) for doc in dict.fromkeys(first or [])]
        skip = {doc for doc, _ in pinned}
        rest = {doc: s for doc, s in found.items() if doc not in skip} if skip else found
        # best first, the first unit first among equals (a sort is stable, also reversed)
        best = sorted(sorted(rest.items()), key=itemgetter(1), reverse=True)[: limit * 4]
        law = self.law_key
        shown = {law[doc] for doc, _ in best}
        evidence: dict[int, list[float]] = defaultdict(list)  # the laws of the best units
        for doc, s in rest.items():
            if law[doc] in shown:
                evidence[law[doc]].append(s)
        combined: dict[int, float] = {}
        for key, scores in evidence.items():
            total = 0.0
            for n, s in enumerate(sorted(scores, reverse=True)[:LAW_UNITS]):
                total += s * LAW_SUM**n
            combined[key] = total
        seen: dict[int, int] = defaultdict(int)
        ranked = []
        for doc, s in best:
            key = law[doc]
            ranked.append((doc, combined[key] if not seen[key] else s * SAME_LAW ** seen[key]))
            seen[key] += 1
        ranked.sort(key=lambda p: (-p[1], p[0]))
        return (pinned + ranked)[:limit]

    def _stored(self, doc: int) -> dict[str, Any]:
        """A unit's stored fields, read from the index (see `stored`: the last few kept).

        >>> s = get_searcher()
        >>> s.stored(s.by_id[("fi", "63")])["title"]
        'REVOKIN PYSYVÄKSI TULEMINEN'
        """
        # a reader free now, else a new one: no thread waits for another's, and a thread's
        # first query does not wait for its own to open (`warm` opens the first)
        try:
            reader = self._readers.get_nowait()
        except Empty:
            reader = self.ix.reader()
        try:
            found = reader.stored_fields(doc)
        except BaseException:  # a reader that failed is not handed out again
            reader.close()
            raise
        self._readers.put(reader)  # (kept open: at most one per thread that read at once)
        return found

    def _text_words(self, doc: int, name: str) -> list[Token] | None:
        """The words of a unit's stored text (`text`, `title`, `raw`) of a few snippets'
        length (see `_words`: the last few kept, as the most shown units are shown again);
        None for a longer one (read for each snippet only as far as it shows)."""
        text = self.stored(doc)[name]
        return list(analyzer(self.docs[doc].lang).tokens(text)) if len(text) <= LONG_TEXT else None

    def _hit(
        self,
        doc: int,
        score: float,
        marks: dict[str, set[str]],
        entry: dict[str, str] | None,
        cited: bool = False,
        worded: bool = True,
        law: str | None = None,
    ) -> dict[str, Any]:
        """A hit as the API returns it; `found_by` says why: the citation typed
        (`{"by": "citation"}`), the index entry it matched (`{"by": "index", "entry":
        "Opening lead, out of turn", "lang": "en"}`), the words of its text (`{"by":
        "text"}`), or several of these. `marks`: per language, the keys of the query's words;
        where they match the unit (`worded`), its snippet marks them, in its text or, where
        that has none, in its text as the OCR printed it (`raw`); a unit they do not match
        shows its text unread (a title shown for a unit with no text may be its context's:
        it is marked). `law`: the law it answers, where not its own (see `law_named`)."""
        d = self.stored(doc)
        an, name = analyzer(self.docs[doc].lang), "text" if d["text"] else "title"
        mine = marks.get(d["lang"], set()) if worded or name == "title" else set()
        shown = snippet(d[name], an, mine, self._words(doc, name) if mine else None)
        if "<mark>" not in shown and mine and d.get("raw"):
            raw = snippet(d["raw"], an, mine, self._words(doc, "raw"))
            shown = raw if "<mark>" in raw else shown
        found_by: list[dict[str, str]] = [{"by": "citation"}] if cited else []
        if entry is not None:
            found_by.append(entry)
        if "<mark>" in shown or not found_by:
            found_by.append({"by": "text"})
        return {
            "id": d["id"],
            "law": law or d["law"] or None,
            **self.named(d["lang"]),
            "kind": d["kind"],
            "title": d["title"],
            "snippet": shown,
            "score": round(score, 4),
            "found_by": found_by,
        }

    # -- concepts: the subject index and the English terms -----------------------------------

    def expand(self, lang: str, words: list[str], pooled: bool = False) -> list[str]:
        """The query's words with the printed term of each players' word (profile data): a
        word no unit of the document `lang` holds (`pooled`: of any document of the language
        `lang`) gives way to the term, one some unit holds keeps its place beside it (for
        English, which no book prints, both stay).

        >>> get_searcher().expand("fi", ["kaveri", "mietti", "pitkään"])
        ['partneri', 'epäröinti', 'pitkään']
        """
        an = analyzer(lang)
        out: list[str] = []
        for word in words:
            printed = an.player_term(word)
            if (
                printed is None
                or lang == ENGLISH
                or (self.analysed(lang, word).known if pooled else self.word(lang, word).known)
            ):
                out.append(word)
            if printed is not None:
                out += [p for p in split_query(printed)[0] if p not in out]
        return out[:MAX_WORDS]

    def _concepts(
        self, words: list[str], lang: str, matched: dict[str, list[Match]], held: bool = False
    ) -> dict[int, tuple[float, Match, str, str]]:
        """The units of a book that the index entries, defined terms and situations matching
        the query name, in the book's language or in English: each with its weight (see
        `concept_weight`; `held`: some unit of the book holds every word of the query, plus
        a share of the other entries naming its law), the best entry, the key of the
        language it matched in and what it is (`index`: a book's index or definitions,
        `situation`: the thesaurus; `found_by` names them in a hit). The entries printed in
        a language (by any of its books) and its situations are matched once per query:
        `matched` keeps the best of them per language for the query's other books."""
        best: dict[int, tuple[float, Match, str, str]] = {}
        per_law: dict[str, float] = defaultdict(float)
        size = MAX_WORDS  # the fewest content words the query has in a language it is read in
        typed = " ".join(words)
        for qlang in dict.fromkeys((language_of(lang), ENGLISH)):
            if qlang not in matched:  # once per query and language, whatever its books
                query = " ".join(self.expand(qlang, words, pooled=True))
                found = self.concepts.entries_matching(query, qlang)
                found += self.concepts.situations_matching(query, qlang, CONCEPT_MATCHES)
                matched[qlang] = ranked(found, CONCEPT_MATCHES)
            words_in = len(Concepts.content(qlang, typed))  # the words typed
            size = min(size, words_in)
            best_situation = max((m.score for m in matched[qlang] if m.entry.group), default=0.0)
            for m in matched[qlang]:
                laws = set()
                by = "situation" if m.entry.group else "index"
                # a situation's term is under its language, a book's entry under the book's key
                key = qlang if qlang in m.entry.terms else m.entry.source
                # a unit holding every word is the answer, unless the words are a situation's
                answered = held and not (
                    by == "situation" and same_words(qlang, m.entry.terms.get(qlang, ""), typed)
                )
                weight = concept_weight(
                    m.score, by, words_in, answered, m.score / (best_situation or 1.0)
                )
                for doc in self.targets(m, lang):
                    laws.add(self.docs[doc].law)
                    if doc not in best or best[doc][0] < weight:
                        best[doc] = (weight, m, key, by)
                for law in laws - {""}:
                    per_law[law] += weight
        # The other entries naming the same law add to its units' evidence (less where the
        # query is a description in each language it is read in: an English one's words are
        # no Turkish stop words).
        evidence = LAW_EVIDENCE_DESCRIBED if size > SHORT else LAW_EVIDENCE
        return {
            doc: (w + evidence * (per_law.get(self.docs[doc].law, w) - w), *found)
            for doc, (w, *found) in best.items()
        }

    def _within(
        self, concepts: dict[int, tuple[float, Match, str, str]], found: dict[int, float]
    ) -> list[tuple[int, tuple[float, Match, str, str]]]:
        """The concepts' units, each situation's unit replaced by the unit inside it that the
        text matches best (a player's situation names a law or section; the query's words
        tell where in it), the best concept kept where several meet in one unit."""
        out: dict[int, tuple[float, Match, str, str]] = {}
        for doc, evidence in concepts.items():
            if evidence[3] == "situation":
                doc = max((d for d in self._subtree(doc) if d in found), key=found.get, default=doc)
            if doc not in out or out[doc][0] < evidence[0]:
                out[doc] = evidence
        return list(out.items())

    def _subtree(self, doc: int) -> tuple[int, ...]:
        """A unit and the units inside it (kept per unit).

        >>> s = get_searcher()
        >>> sorted(s.docs[d].id for d in s._subtree(s.by_id[("fi", "12.C.1")]))[:3]
        ['12.C.1', '12.C.1.a', '12.C.1.b']
        """
        found = self._subtrees.get(doc)
        if found is None:
            unit = self.docs[doc]
            prefix = unit.id + "."
            law = self.in_law[self.law_key[doc]] if unit.law else ()
            inside = (n for n in law if self.docs[n].id.startswith(prefix))
            found = (doc, *inside)
            self._subtrees[doc] = found
        return found

    def targets(self, match: Match, lang: str) -> tuple[int, ...]:
        """A concept's targets as units of one book: the same id in a book of its edition,
        through the edition map in the other edition, the card's topics citing them, a
        definition through the glossary's links (kept per list of targets and book, the
        last `TARGETS_KEPT`: a situation's phrases, and the entries several books print
        alike, share theirs).

        >>> s = get_searcher()
        >>> from kb.search.concepts import Concept
        >>> m = Match(Concept("et", 2017, {}, {}, ("16.C", "def.alert")), 1.0)
        >>> [s.docs[d].id for d in s.targets(m, "sk")]
        ['16.D', 'def.alertovanie']
        """
        entry = match.entry
        key = (entry.targets, entry.source, entry.edition, lang)
        if key in self._targets:
            return self._targets[key]
        out: list[int] = []
        for uid in entry.targets:
            if uid.startswith("def."):
                concept = glossary.concept_of(entry.source, uid)
                ids = glossary.definitions_of(concept).get(lang, []) if concept else []
                ids = [uid] if lang == entry.source else ids
            else:
                ids, _ = editions.translate(uid, entry.edition, self.editions.get(lang, 0))
            for i in ids:
                doc, named = self._cited(lang, i)
                if doc is not None and (named or lang not in self.cards) and doc not in out:
                    out.append(doc)
        if len(self._targets) >= TARGETS_KEPT:
            self._targets.clear()
        found = self._targets[key] = tuple(out)
        return found

    def law_named(self, doc: int, targets: Sequence[str], edition: int = 0) -> str | None:
        """The law a card's unit answers for a citation or a concept naming `targets` (of
        `edition`; 0: the card's own): a box of the card covers several laws (`IFRÅGASATT
        ANSPRÅK (68, 69, 70, 71)`), and the query names the one asked about (the first of the
        targets the unit cites); None for a unit of a law book, whose law is its own.

        >>> s = get_searcher()
        >>> box = s.by_id[("sv", "topic.68")]
        >>> s.docs[box].law, s.law_named(box, ["70.B"], 2017), s.law_named(box, ["70"])
        ('68', '70', '70')
        """
        lang = self.docs[doc].lang
        if lang not in self.cards:
            return None
        for uid in targets:
            ids, _ = editions.translate(uid, edition or self.editions[lang], self.editions[lang])
            for i in ids:
                if law_of(i) and any(doc in self.citing.get((lang, a), ()) for a in lineage(i)):
                    return law_of(i)
        return None

    def _law_named(self, doc: int, by: str | Sequence[Any] | None) -> str | None:
        """`law_named` for the id a citation typed or the concept that found a unit."""
        if by is None or isinstance(by, str):
            return self.law_named(doc, [by] if by else [])
        return self.law_named(doc, by[0].entry.targets, by[0].entry.edition)

    def _cited(self, lang: str, uid: str) -> tuple[int | None, bool]:
        """The unit a citation names in a language, and whether it names it: the unit with
        that id, else (on the card) the first unit citing it or the section or law around
        it; else, not named, the nearest unit around it (`16E` that does not exist: `16`)."""
        doc = self.by_id.get((lang, uid))
        if doc is not None:
            return doc, True
        for a in lineage(uid):
            citing = self.citing.get((lang, a))
            if citing:
                return citing[0], True
        outer = (self.by_id.get((lang, a)) for a in lineage(uid))
        return next((doc for doc in outer if doc is not None), None), False

    def _citation(
        self, text: str, langs: list[str], lang: str | None
    ) -> tuple[dict[str, str] | None, list[int], str | None]:
        """The unit a query names when it is a citation (in the language asked for, else the
        language whose law word the query uses, else the first language that has it), the
        units to list first (the one it names, or the nearest, in every language) and the id
        typed."""
        if len(text) > 40 or not any(c.isdigit() for c in text):
            return None, [], None  # every citation has a law number
        uid = parse_citation(text)
        if uid is None:
            return None, [], None
        if lang is None:
            start = text.strip().lower()
            named = [lg for w, lg in self._law_words if start.startswith(w)][:1]
            langs = named + [lg for lg in langs if lg not in named]
        cited = [(lg, *self._cited(lg, uid)) for lg in langs]
        first = next(((lg, doc) for lg, doc, named in cited if named), None)
        citation = {"id": self.docs[first[1]].id, **self.named(first[0])} if first else None
        return citation, [doc for _, doc, _ in cited if doc is not None], uid

    def _did_you_mean(self, words: list[str], unknown: dict[str, list[Word]]) -> str | None:
        """The query with each misspelt word replaced by the nearest word that some unit
        holds (None when no word is misspelt, or none has a near spelling). A word is
        misspelt where no document searched holds it and it is no other language's word
        (see `_foreign`); it is corrected in the language of the documents that hold the
        most of the query's words (the query's language, searched with every language).

        >>> s = get_searcher()
        >>> s.search("kilpailunjohtajn harkintavalta")["did_you_mean"]
        'kilpailunjohtaja harkintavalta'
        >>> s.search("pelinviejä lähti väärästä kädestä")["did_you_mean"]  # no Estonian `määrata`
        >>> s.search("sekoitus ja jako")["did_you_mean"]  # no Estonian `selgitus`
        """
        if not unknown:  # no document searched
            return None
        missing = set.intersection(*({w.typed for w in ws} for ws in unknown.values()))
        fewest = min(map(len, unknown.values()))
        for lang in (lg for lg, ws in unknown.items() if len(ws) == fewest):
            language, fixes = language_of(lang), {}
            for word in unknown[lang]:
                exact = word.keys.exact
                if word.typed not in missing or not exact.isalpha():
                    continue
                if self._foreign(language, word.typed):
                    continue
                near = self.spellers[language].near(exact, max(1, max_distance(exact)))
                if near:
                    fixes[word.typed] = self.display.get(language, {}).get(near[0], near[0])
            if fixes:
                return " ".join(fixes.get(w, w) for w in words)
        return None


def in_a_row(keys: tuple[str, ...], words: tuple[str, ...]) -> bool:
    """Whether `words` hold `keys` one after the other.

    >>> in_a_row(("tuli", "pysyvaksi"), ("revokki", "tuli", "pysyvaksi"))
    True
    >>> in_a_row(("a", "b"), ("b", "a"))
    False
    """
    n = len(keys)
    return any(words[i : i + n] == keys for i, w in enumerate(words) if w == keys[0])


def concept_weight(
    score: float, by: str, words: int, held: bool = False, share: float = 1.0
) -> float:
    """The weight of a matched concept's units: an index entry's score squared; a situation
    matched by a description (more than `SHORT` words) its score times `W_SITUATION`, by a
    shorter query its score squared times `W_SITUATION_SHORT`; either times
    `W_SITUATION_HELD` where a unit holds every word of the query (`held`); a description's
    also times its `share` of the best situation's score to the power `SITUATION_SHARPNESS`.

    >>> concept_weight(0.5, "index", 2), concept_weight(0.5, "situation", 8)
    (0.25, 0.75)
    >>> concept_weight(0.5, "situation", 2), round(concept_weight(0.5, "situation", 8, True), 3)
    (0.15, 0.075)
    >>> concept_weight(0.5, "situation", 8, share=0.5)  # the best situation scored 1.0
    0.1875
    """
    if by != "situation":
        return score**2
    if words > SHORT:
        weight = score * W_SITUATION * share**SITUATION_SHARPNESS
    else:
        weight = score**2 * W_SITUATION_SHORT
    return weight * (W_SITUATION_HELD if held else 1.0)


def found_by(match: Match, key: str, by: str) -> dict[str, str]:
    """Why a concept's unit was found, as a hit says it: what matched (`index`, `situation`),
    the entry's name (see `label`) in the language it matched in (`key`: a book's own entries
    are under its key, a situation under its language).

    >>> from kb.search.concepts import Concept
    >>> entry = Concept("et", 2017, {"en": "Out of turn"}, {"en": "Opening lead"}, ("54",))
    >>> found_by(Match(entry, 1.0), "en", "index")
    {'by': 'index', 'entry': 'Opening lead, out of turn', 'lang': 'en'}
    """
    return {"by": by, "entry": label(match, key), "lang": language_of(key)}


def label(match: Match, lang: str) -> str:
    """How a matched concept is named in a hit: its heading and term in the language it
    matched in.

    >>> from kb.search.concepts import Concept
    >>> entry = Concept("et", 2017, {"en": "Out of turn"}, {"en": "Opening lead"}, ("54",))
    >>> label(Match(entry, 1.0), "en")
    'Opening lead, out of turn'
    """
    return joined(match.entry.context.get(lang, ""), match.entry.terms[lang])


_searchers: dict[Path, Searcher] = {}
_open_lock = threading.Lock()


def get_searcher(data: Path | None = None) -> Searcher:
    """The searcher of the data directory's current index, opened once per process and per
    index version (a rebuilt index is opened at the next call). Before opening, an index that
    is missing or was built from another knowledge base or analysis is built from the current
    knowledge base. A search never builds a knowledge base: with none, it says so.

    >>> get_searcher() is get_searcher()
    True
    """
    data = data or store.data_dir()
    link = index_dir(data)
    searcher = _searchers.get(link.resolve()) if link.exists() else None
    if searcher is not None:
        return searcher
    with _open_lock:
        if not is_current(data):
            if not store.read_manifest(data)["documents"]:
                raise RuntimeError(f"no knowledge base in {data}: run `lawkb build` first")
            build_index(data)
        path = link.resolve()
        searcher = _searchers.get(path)
        if searcher is None:
            with loading():
                searcher = Searcher(path)
        for old in [p for p in _searchers if p.parent == path.parent and p != path]:
            del _searchers[old]
        _searchers[path] = searcher
    return searcher
