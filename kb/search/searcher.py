"""Search the laws: what a player types, to the units that answer it, best first.

Whoosh retrieves: the index (`kb.search.write`) is opened with `index.open_dir`, each query
word becomes Whoosh queries (`kb.search.query`) whose matchers score the units holding it
with BM25F (`kb.search.retrieve`, `kb.search.weighting`), and a hit's texts are Whoosh's
stored fields (`kb.search.hits`). The project ranks: a citation typed (`12C1`, `laki 12`,
`Yasa 16B`) comes first, then the units by the law-level policy (`kb.search.rank`: coverage
of the query's words, the phrase said whole, the books' subject index and the situation
thesaurus, `kb.search.matching`), a law's units together.

>>> s = get_searcher()
>>> s.search("revokki tuli pysyväksi", lang="fi")["hits"][0]["law"]
'63'
>>> s.search("Yasa 16B")["citation"]
{'id': '16.B', 'lang': 'tr', 'document': 'tr-2017'}
"""

from __future__ import annotations

import json
import threading
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from queue import Empty, SimpleQueue
from typing import Any

from whoosh import index
from whoosh.searching import Searcher as WhooshSearcher

from kb import store
from kb.core.memory import collect, loading
from kb.core.model import EVERY
from kb.profiles import Profiles
from kb.search import rank, retrieve
from kb.search.analysis import analyzer
from kb.search.concepts import ENGLISH
from kb.search.hits import found_by, hit, named_in
from kb.search.letters import LetterIndex
from kb.search.matching import Concepts
from kb.search.query import MAX_WORDS, Lexicon, clean, phrase_query, split_query
from kb.search.relevance import Relevance
from kb.search.spell import did_you_mean
from kb.search.stems import lemmatizer
from kb.search.units import Units
from kb.search.weighting import LawBM25F
from kb.search.write import CONCEPTS, LEMMAS, LETTERS, META, index_dir, is_current

LONG_SLIP = 8  # an unknown word this long, in a query understood without it, may be a slip
MIN_FUZZY_ALONE = 7  # shorter words, in a query of words no unit holds, are not "corrected"


class Searcher:
    """An open index: Whoosh's (a searcher per thread at a time), its units, its languages'
    words and the concepts."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.ix = index.open_dir(str(path))
        meta = json.loads((path / META).read_text(encoding="utf-8"))
        self.sizes: dict[str, int] = meta["languages"]  # each document's number of units
        self.langs = list(self.sizes)
        self.editions: dict[str, int] = meta["editions"]
        self.documents: dict[str, dict[str, str]] = meta["documents"]
        keys = {k: d["lang"] for key, d in self.documents.items() for k in (key, d["id"])}
        self.profiles = Profiles.read(path, keys)  # those the index was made with
        self.display: dict[str, dict[str, str]] = meta["display"]
        cards = {key for key, d in self.documents.items() if d.get("kind") == "card"}
        # each language's main document (the one its code names): a search's default scope
        self.main_langs = [key for key in self.langs if key == self.documents[key]["lang"]]
        lemmas = json.loads((path / LEMMAS).read_text(encoding="utf-8"))
        for code, table in lemmas.items():
            lemmatizer(code).learn(table)
        letters = json.loads((path / LETTERS).read_text(encoding="utf-8"))
        concepts = json.loads((path / CONCEPTS).read_text(encoding="utf-8"))
        letter_index = {k: LetterIndex.load(v) for k, v in letters.items()}
        self.concepts = Concepts(concepts, letter_index, self.profiles)
        units_of: dict[str, int] = defaultdict(int)  # each language's units
        lang_of = self.profiles.language_of
        for key, n in self.sizes.items():
            units_of[lang_of(key)] += n
        self.model = LawBM25F(dict(units_of), rarity=False)
        self.searchers: SimpleQueue[WhooshSearcher] = SimpleQueue()
        with self.whoosh() as s:
            self.units = Units.from_reader(s.reader(), self.editions, cards)
            ocr_letters = meta["ocr_letters"]
            self.lexicons = {
                language: Lexicon(
                    s.reader(),
                    language,
                    next((v for k, v in ocr_letters.items() if lang_of(k) == language), {}),
                    self.profiles,
                )
                for language in units_of
            }
        self.relevance = Relevance(self.lexicons, self.concepts, dict(units_of))
        self.foreign, self.no_slip = self.relevance.foreign, self.relevance.no_slip
        self.kind_weight = [rank.KIND_WEIGHT.get(d.kind, 1.0) for d in self.units.docs]
        self.law_words = law_words(self.profiles)

    @contextmanager
    def whoosh(self) -> Iterator[WhooshSearcher]:
        """A Whoosh searcher of the index for this thread: one free now, else a new one (no
        thread waits for another's); kept open for the next query."""
        try:
            found = self.searchers.get_nowait()
        except Empty:
            found = self.ix.searcher(weighting=self.model)
        try:
            yield found
        except BaseException:  # a searcher that failed is not handed out again
            found.close()
            raise
        self.searchers.put(found)

    def search(
        self,
        query: str,
        lang: str | None = None,
        law: str | None = None,
        limit: int = 10,
        offset: int = 0,
        prefer: str | None = None,
    ) -> dict[str, Any]:
        """Search the units of one document (or of every language) for a query, best first.

        `lang` is the address of a document (`kb.store.addresses`: a language's code names
        its main document); without it, each language's main document is searched, with
        `EVERY` (`all`) every document. Returns `{"query", "lang", "hits": [{"id", "law",
        "lang", "document", "kind", "title", "snippet", "score", "found_by"}], "total",
        "did_you_mean", "citation"}` (a hit's `lang` is its language, `document` its
        document's id): the `limit` hits from the `offset`-th, so that all `total` are
        reachable. Never raises on a user's string: what is not a word is ignored. A law is
        listed once (`rank.listed`) with `prefer` ("" or the document shown first).

        >>> r = get_searcher().search("CEZALI KART", lang="tr", limit=3)
        >>> r["hits"][0]["law"], r["hits"][0]["snippet"].count("<mark>") > 0
        ('50', True)
        >>> get_searcher().search("AND OR ( * ~ lang: \\"", lang="sk")["total"]
        0
        """
        text = clean(query)
        langs = self.scope(lang)
        limit = max(1, min(int(limit), 100))
        allowed = self.units.law_filter(law)
        citation, cited, uid = self.citation(text, langs, None if lang == EVERY else lang)
        words, phrases = split_query(text)
        found: dict[int, float] = {}
        why: dict[int, rank.Evidence] = {}
        marks: dict[str, frozenset[str]] = {}
        worded: set[int] = set()  # the units the words match (only their snippets mark any)
        unknown: dict[str, list[retrieve.Word]] = {}
        read = {*(self.profiles.language_of(lg) for lg in langs), ENGLISH}
        speaks = self.relevance.languages_of(words, read)
        # a query about no law in any language it may be in finds nothing: no word is read
        about = any(self.relevance.about(lg, words) for lg in speaks)
        words = words if about else []
        phrases = phrases if about else []
        matched: dict[str, list] = {}
        with self.whoosh() as s:
            for language, docs in by_language(langs, self.profiles).items():
                ranges = {lg: self.units.ranges[lg] for lg in docs}
                per_doc = self.words(s, language, words, ranges)
                said = [phrase_query(p, language, self.profiles) for p in phrases]
                for lg in docs:
                    mine, scored, held, inside = self.scored(s, lg, per_doc[lg], said, allowed)
                    worded.update(scored)
                    evidence = rank.concept_units(
                        self.concepts, self.units, words, lg, matched, self.expand, held
                    )
                    chosen = rank.within(evidence, mine, self.units)
                    why.update(rank.with_concepts(mine, chosen, allowed, inside, self.kind_weight))
                    found.update(mine)
                    marks[lg] = frozenset().union(*(w.marks for w in per_doc[lg]))
                    unknown[lg] = [w for w in per_doc[lg] if not w.known and not w.stop]
            cited = [doc for doc in cited if allowed is None or doc in allowed]
            top = max(found.values(), default=0.0)
            for n, doc in enumerate(cited):  # the cited unit first, then in other languages
                found[doc] = top + len(cited) - n
            offset, many = max(0, min(int(offset), len(found))), len(langs) > 1
            shown = rank.listed(found, self.units, offset, limit, cited, prefer if many else None)
            pinned, docs = set(cited), self.units.docs
            hits = [
                self.hit(s, doc, score, marks, why, doc in pinned, doc in worded, uid)
                | {"books": [{**self.named(docs[d].lang), "id": docs[d].id} for d in (doc, *more)]}
                for doc, score, more in shown
            ]
        asks = about and not citation  # a suggestion only for words about the laws
        return {
            "query": text,
            "lang": None if lang == EVERY else lang,  # the one document asked for
            "hits": hits,
            "total": len(found),
            "did_you_mean": self.corrected(words, unknown, speaks) if asks else None,
            "citation": citation,
        }

    def stored(self, doc: int) -> dict[str, Any]:
        """A unit's stored fields (Whoosh's), by its number.

        >>> s = get_searcher()
        >>> s.stored(s.units.by_id[("fi", "63")])["title"]
        'REVOKIN PYSYVÄKSI TULEMINEN'
        """
        with self.whoosh() as s:
            return s.stored_fields(doc)

    def words(
        self, s: WhooshSearcher, language: str, words: list[str], ranges: dict[str, list[range]]
    ) -> dict[str, list[retrieve.Word]]:
        """The query's words (and the printed terms of players' words) in each document of a
        language searched (`ranges`: their units' numbers), analysed once for the language.
        In a query of words no unit holds, only near spellings, a short word is rather
        another language's word ("yemek tarifi": a recipe) than a typo: it is left out."""
        an = analyzer(language, self.profiles)
        out: dict[str, list[retrieve.Word]] = {lg: [] for lg in ranges}
        for typed in self.expand(language, words):
            analysed = self.lexicons[language].analyse(typed, self.no_slip(language, typed))
            stop = an.is_stopword(analysed.keys.exact)
            found = retrieve.words(s, language, typed, analysed, stop, ranges, self.sizes)
            for lg, word in found.items():
                out[lg].append(word)
        for lg, found in out.items():
            if len(found) > 1 and not any(w.known for w in found):
                out[lg] = [w for w in found if len(w.keys.exact) >= MIN_FUZZY_ALONE]
        return out

    def expand(self, lang: str, words: list[str]) -> list[str]:
        """The query's words with the printed term of each players' word (profile data): a
        word no unit of the language holds gives way to the term, one some unit holds keeps
        its place beside it (for English, which no book prints, both stay).

        >>> get_searcher().expand("fi", ["kaveri", "mietti", "pitkään"])
        ['partneri', 'epäröinti', 'pitkään']
        """
        an = analyzer(lang, self.profiles)
        out: list[str] = []
        for word in words:
            printed = an.player_term(word)
            if printed is None or lang == ENGLISH or self.lexicons[lang].knows(word):
                out.append(word)
            if printed is not None:
                out += [p for p in split_query(printed)[0] if p not in out]
        return out[:MAX_WORDS]

    def scored(
        self,
        s: WhooshSearcher,
        lg: str,
        words: list[retrieve.Word],
        phrases: list,
        allowed: set[int] | None,
    ) -> tuple[dict[int, float], set[int], bool, set[int] | None]:
        """A document's units scored by words (`kb.search.rank.unit_scores`), the units the
        words match, whether one holds every word, and those holding every phrase."""
        inside = retrieve.phrase_units(s, phrases, self.units.ranges[lg])
        mine, matched, held = rank.unit_scores(
            words, self.sizes[lg], allowed, inside, self.kind_weight
        )
        return mine, matched, held, inside

    def corrected(
        self, words: list[str], unknown: dict[str, list[retrieve.Word]], speaks: set[str]
    ) -> str | None:
        """The query, its misspelt words corrected (`kb.search.spell.did_you_mean`) in the
        books of a language it `speaks`. Where the query is about the laws by the words it
        spells right, a short unknown word is rather a form no book prints than a slip: only
        the long ones (`LONG_SLIP`) are corrected."""
        unknown = {
            lg: found for lg, found in unknown.items() if self.profiles.language_of(lg) in speaks
        }
        if any(self.relevance.about(lg, words, slips=False) for lg in speaks):
            unknown = {
                lg: [w for w in found if len(w.typed) >= LONG_SLIP] for lg, found in unknown.items()
            }
        spellers = {language: lexicon.speller for language, lexicon in self.lexicons.items()}
        return did_you_mean(words, unknown, spellers, self.display, self.no_slip, self.profiles)

    def hit(
        self,
        s: WhooshSearcher,
        doc: int,
        score: float,
        marks: dict[str, frozenset[str]],
        why: dict[int, tuple],
        cited: bool,
        worded: bool,
        uid: str | None,
    ) -> dict[str, Any]:
        """A unit as a hit (`kb.search.hits.hit`): why it was found (the citation typed, a
        concept), the law a card's box answers for it."""
        stored = s.stored_fields(doc)
        lang, entry = stored["lang"], why.get(doc)
        if cited or entry is None:
            law = self.units.law_named(doc, [uid] if cited and uid else [])
        else:
            law = self.units.law_named(doc, entry[0].entry.targets, entry[0].entry.edition)
        named = self.named(lang)  # a reason also as the hit's book's language names it
        p, shown = self.profiles, marks.get(lang, frozenset())
        reason = found_by(*entry, named_in(entry[0], named["lang"], p), p) if entry else None
        return hit(stored, score, shown, named, reason, cited, worded, law, p)

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

    def citation(
        self, text: str, langs: list[str], lang: str | None
    ) -> tuple[dict[str, str] | None, list[int], str | None]:
        """The unit a query names when it is a citation (`Units.citation`), as a hit names
        it; the units to list first; the id typed.

        >>> get_searcher().citation("laki 12C1", ["fi", "tr"], None)[0]
        {'id': '12.C.1', 'lang': 'fi', 'document': 'fi-2017'}
        """
        first, cited, uid = self.units.citation(text, langs, lang, self.law_words)
        named = {"id": self.units.docs[first[1]].id, **self.named(first[0])} if first else None
        return named, cited, uid

    def load_lemmas(self) -> list[str]:
        """Load the lemma dictionaries of the index's languages that have one (about a
        second for Turkish, half of one for Slovak), which the first query with a word
        missing from the index's tables of lemmas would otherwise wait for; a server does
        it aside, once started and quiet. Returns their codes.

        >>> get_searcher().load_lemmas()
        ['sk', 'tr']
        """
        codes = sorted({self.profiles.load_words(key).lemma for key in self.langs} - {""})
        for code in codes:
            lemmatizer(code).load()
        return codes


def law_words(profiles: Profiles) -> list[tuple[str, str]]:
    """Each law word of the languages of `profiles` and its language, longest first.

    >>> law_words(get_searcher().profiles)[0]
    ('pravidlom', 'sk')
    """
    found = (
        (w, lang) for lang in profiles.languages() for w in profiles.load_references(lang).words
    )
    return sorted(found, key=lambda p: -len(p[0]))


def by_language(langs: list[str], profiles: Profiles) -> dict[str, list[str]]:
    """Documents by their language (in `profiles`), in order.

    >>> by_language(["fi", "sv", "fi-2017"], get_searcher().profiles)
    {'fi': ['fi', 'fi-2017'], 'sv': ['sv']}
    """
    out: dict[str, list[str]] = defaultdict(list)
    for lg in langs:
        out[profiles.language_of(lg)].append(lg)
    return dict(out)


class NoIndex(RuntimeError):
    """A data directory without a current search index: `lawkb build` writes it."""


_searchers: dict[Path, Searcher] = {}
_open_lock = threading.Lock()


def get_searcher(data: Path | None = None) -> Searcher:
    """The searcher of the data directory's current index, opened once per process and per
    index version (a rebuilt index is opened at the next call). Reading never builds: with
    no current index (none built, or built by other code), it raises `NoIndex`.

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
            raise NoIndex(f"no current search index in {data}: run `lawkb build`")
        path = link.resolve()
        searcher = _searchers.get(path)
        if searcher is None:
            with loading():
                searcher = Searcher(path)
        olds = [p for p in _searchers if p.parent == path.parent and p != path]
        for old in olds:
            del _searchers[old]
        _searchers[path] = searcher
        if olds:  # a rebuild: the old index's tables go now
            collect()
    return searcher
