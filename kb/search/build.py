"""The search index: one Whoosh index over the searchable units of every language, built
into the data directory atomically and only when the knowledge base or the analysis changed.

Layout (beside the knowledge base, see `kb.store`):

    builds/<id>/index -> ../../indexes/<key>   a build's index (so `kb/index` is the current
                              one: the knowledge base and its index are swapped as one)
    indexes/<key>/            Whoosh files, plus `search.json` (languages, counts, display
                              forms), `concepts.json`, `lemmas.json` (the lemma of every
                              word the books print, so a server needs no lemma dictionary)
                              `postings.bin` (every field's postings, weighed),
                              `units.json` (each unit's id, language, law, kind and
                              citations, by document number: a server's ranking reads no
                              stored text) and `lexicon.json` (each field's terms and how
                              many units hold each, read at start in a blink)
    index.lock                one index build at a time

`<key>` hashes the built documents' hashes (from the manifest), the analysis code and the
versions of Whoosh and PyStemmer, so an unchanged knowledge base never rebuilds the index.

Fields, per language `xx`: `title_xx` (stems of the unit's own title, or of its term),
`law_xx` (stems of the title of its law), `text_xx` (stems of its text), `exact_xx`
(folded unstemmed words of title and text) and, for a text that was OCR'd, `ocr_xx`
(folded words of the text as printed). Words are analysed by `kb.search.analysis`. Every
field's postings, weighed for BM25, are written to `postings.bin` (see `Postings`), which
the searcher maps into memory; Whoosh keeps each unit's stored fields (`schema`: Whoosh's
own classes, so an index never depends on this package's import paths).
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import shutil
import threading
import time
from array import array
from collections import Counter, defaultdict
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any, NamedTuple

from whoosh import fields, index
from whoosh.codec import default_codec
from whoosh.util.numeric import byte_to_length, length_to_byte
from whoosh.writing import SegmentWriter

from kb import store
from kb.core.ids import LAW_LEVELS, law_of
from kb.core.model import Unit
from kb.crosslang.library import document_keys
from kb.layers import glossary
from kb.profiles import SITUATIONS, language_of, load_words, module, modules
from kb.search.analysis import WORD, Token, analyzer, lemmatizer, repair_ocr
from kb.search.concepts import build_concepts, situation_letters

HERE = Path(__file__).resolve().parent
ANALYSIS_CODE = ("analysis.py", "build.py", "concepts.py")
SEARCHABLE = frozenset((*LAW_LEVELS, "definition", "table", "topic"))
STEM_FIELDS = ("title", "law", "text")  # fields of stems, per language
TERM_FIELDS = ("exact", *STEM_FIELDS, "ocr")  # every field of words, per language
META = "search.json"
CONCEPTS = "concepts.json"  # the subject index and the English terms (kb/search/concepts.py)
LETTERS = "letters.json"  # per language, its situations' letter grams (`situation_letters`)
LEMMAS = "lemmas.json"  # per simplemma language, the lemma of each word the books print
UNITS = "units.json"  # per index document, in order: [id, lang, law, kind, cites]
LEXICON = "lexicon.json"  # per field: its terms (sorted, space-separated) and their counts
POSTINGS = "postings.bin"  # every field's postings, weighed (see `Postings`), read mapped
B, K1 = 0.75, 1.2  # BM25
KEEP_INDEXES = 2
MAX_WRITERS = 4  # processes writing the index, at most: each segment is one more place to look


def index_key(manifest: dict) -> str:
    """The key of the index for a knowledge base: its documents' hashes, the analysis code,
    the data the index holds beside the books (the glossary, the profiles' words, the
    situation thesaurus) and the library versions.

    >>> index_key({"documents": {"fi": {"hash": "ab12"}}}) == index_key({"documents": {}})
    False
    """
    h = hashlib.sha256()
    for lang, entry in sorted(manifest["documents"].items()):
        h.update(f"{lang}={entry.get('hash')};".encode())
    for name in ANALYSIS_CODE:
        h.update((HERE / name).read_bytes())
    h.update(glossary.DATA.read_bytes())
    for lang in modules():  # words, stop words and players' words
        h.update(Path(module(lang).__file__ or "").read_bytes())
    for path in sorted(SITUATIONS.glob("*.toml")):  # built into concepts.json, letters.json
        h.update(f"{path.name}:".encode() + path.read_bytes())
    for dist in ("Whoosh-Reloaded", "PyStemmer", "simplemma"):
        h.update(metadata.version(dist).encode())
    return h.hexdigest()[:16]


def index_dir(data: Path | None = None) -> Path:
    """Where the current index is: a link in the current knowledge base (may not exist yet).

    >>> index_dir(Path("var"))
    PosixPath('var/kb/index')
    """
    return store.current(data) / "index"


def is_current(data: Path | None = None, kb: Path | None = None) -> bool:
    """Whether the index of the current knowledge base (or of the one in `kb`) exists and
    matches it and the analysis.

    >>> is_current(Path("/nonexistent"))
    False
    """
    kb = kb or store.current(data)
    link = kb / "index"
    return link.exists() and os.readlink(link) == link_target(index_key(store.manifest_at(kb)))


def link_target(key: str) -> str:
    """Where a build's `index` link points for the index `key` (relative: the data directory
    can move).

    >>> link_target("ab12")
    '../../indexes/ab12'
    """
    return f"../../indexes/{key}"


def schema() -> fields.Schema:
    """The Whoosh schema: each unit's stored fields (its texts, read when a hit shows it). Its
    words are searched through the postings file (`Postings`), phrases among the units
    holding all their words, in their text (`phrase_text`).

    >>> schema().names()[:4]
    ['cites', 'heading', 'id', 'kind']
    """
    return fields.Schema(
        id=fields.STORED(),
        lang=fields.STORED(),
        law=fields.STORED(),
        kind=fields.STORED(),
        title=fields.STORED(),
        heading=fields.STORED(),
        text=fields.STORED(),
        raw=fields.STORED(),
        cites=fields.STORED(),
    )


def phrase_text(stored: dict[str, str]) -> str:
    """The text whose words, in order, are a unit's exact words (`exact_xx`): its own title
    (none for a unit without one: the title shown for it is its law's) and its text (the
    build reads the two apart: no word spans the line between them).

    >>> phrase_text({"heading": "", "title": "Laki 12", "text": "Pelaaja"})
    '\\nPelaaja'
    """
    return f"{stored.get('heading', '')}\n{stored['text']}"


def indexed_law(unit: Unit) -> str:
    """The law a unit belongs to (a card topic: the first law it cites); "" for none.

    >>> indexed_law(Unit("12.C.1", "subsection", "1.", "", "", "fi", 2017, (1, 1)))
    '12'
    >>> indexed_law(Unit("def.alert", "definition", "", "Alert", "", "fi", 2017, (1, 1)))
    ''
    """
    return next((law for uid in (unit.id, *unit.cites) if (law := law_of(uid))), "")


def context(unit: Unit, by_id: dict[str, Unit]) -> tuple[str, list[str]]:
    """The title of a unit's law (its own, for a law) and the titles of the units between
    the two, innermost first.

    >>> u = {"1": Unit("1", "law", "1", "PAKKA", "", "fi", 2017, (1, 1)),
    ...      "1.A": Unit("1.A", "section", "A.", "Arvot", "", "fi", 2017, (1, 1), "1")}
    >>> context(Unit("1.A.1", "subsection", "1.", "", "", "fi", 2017, (1, 1), "1.A"), u)
    ('PAKKA', ['Arvot'])
    >>> context(u["1"], u)
    ('PAKKA', [])
    """
    titles = []
    outer = unit
    while outer.parent in by_id:
        outer = by_id[outer.parent]
        titles.append(outer.title)
    if outer.kind != "law":
        return "", [t for t in titles if t]
    law = titles.pop() if titles else outer.title
    return law, [t for t in titles if t]


class _Keys:
    """Collects the analysed keys of one language's units (and the words as printed, for
    "did you mean" and the lemma table)."""

    def __init__(self, lang: str) -> None:
        self.analyzer = analyzer(lang)
        self.surface: dict[str, Counter[str]] = defaultdict(Counter)
        self.words: set[str] = set()  # each word lowercased, and its exact key
        self._laws: dict[str, str] = {}  # see `law_stems`
        self._lowered: dict[str, str] = {}  # each word as printed, lowercased (see `exact`)

    def tokens(self, text: str) -> list[Token]:
        """A text's words with their keys (`Analyzer.tokens`), read once for all its fields."""
        return list(self.analyzer.tokens(text))

    def stems(self, tokens: list[Token]) -> str:
        """The stems of a text's words (see `tokens`), as a field indexes them."""
        return " ".join(s for t in tokens for s in t.keys.stems)

    def law_stems(self, law: str) -> str:
        """The stems of a law's title (kept: every unit of the law indexes them)."""
        found = self._laws.get(law)
        if found is None:
            found = self._laws[law] = self.stems(self.tokens(law))
        return found

    def exact(self, text: str, tokens: list[Token] | None = None) -> list[str]:
        """The exact keys of a text's words (`tokens`: its words, read before from this same
        text), collecting the words as printed."""
        out = []
        lowered = self._lowered  # a word lowercased once, its keys collected then
        for token in self.tokens(text) if tokens is None else tokens:
            key = token.keys.exact
            out.append(key)
            printed = text[token.start : token.end]
            word = lowered.get(printed)
            if word is None:
                word = lowered[printed] = self.analyzer.lower(printed)
                self.words.update((word, key))
            if word != key:
                self.surface[key][word] += 1
        return out

    def display(self) -> dict[str, str]:
        """Each folded word's most frequent printed form, where the two differ."""
        return {k: c.most_common(1)[0][0] for k, c in self.surface.items()}

    def lemmas(self) -> dict[str, dict[str, str]]:
        """The lemma of each word of the units as printed (lowercased, a suffix after an
        apostrophe dropped) and of each exact key, under the language's simplemma code:
        the words a query or a search for other forms of a word looks up ({} for a
        language without lemmas)."""
        code = load_words(self.analyzer.lang).lemma
        if not code:
            return {}
        lemma = lemmatizer(code)
        words = {m.group(1) for w in self.words if (m := WORD.match(w))}
        return {code: {w: lemma(w) for w in sorted(words)}}


def start_lemmas(concepts: list[dict[str, Any]]) -> dict[str, dict[str, str]]:
    """The lemmas of the words a server analyses as it opens the index: the concepts'
    (index entries, defined terms, the thesaurus's phrases: words the books need not print)
    and each of their languages' players' words, per simplemma code, so that it opens
    without loading a lemma dictionary (see `_Keys.lemmas`).

    >>> table = start_lemmas([{"terms": {"tr": "kartları açtı"}, "context": {}}])
    >>> table["tr"]["kartları"], table["tr"]["kağıdı"]  # a players' word (`kağıdı`)
    ('kart', 'kağıt')
    """
    keys: dict[str, _Keys] = {}
    said = dict.fromkeys(  # each text once (a language's books print many alike), in order
        (language_of(lang), text)
        for entry in concepts
        for lang, text in [*entry["terms"].items(), *entry["context"].items()]
    )
    for language, text in said:
        keys.setdefault(language, _Keys(language)).exact(text)
    out: dict[str, dict[str, str]] = {}
    for language, found in keys.items():
        for forms, printed, _ in load_words(language).players:
            found.exact(f"{forms} {printed}")
        for code, table in found.lemmas().items():
            out.setdefault(code, {}).update(table)
    return out


def documents(
    lang: str, units: list[Unit], keys: _Keys, misread: dict[str, str] | None = None
) -> Iterator[dict[str, str]]:
    """The index documents of a language's searchable units (`misread`: the characters an
    OCR'd text's OCR misread, undone in the text as printed).

    >>> law = Unit("63", "law", "63", "REVOKIN PYSYVÄKSI TULEMINEN", "", "fi", 2017, (1, 1))
    >>> next(documents("fi", [law], _Keys("fi")))["law_fi"]
    'revo pysyv tulemin'
    """
    by_id = {u.id: u for u in units}
    for unit in units:
        if unit.kind not in SEARCHABLE:
            continue
        law, around = context(unit, by_id)
        title = unit.title or unit.term or ""
        body = f"{unit.text}\n\n{unit.tail}" if unit.tail else unit.text  # tail: printed after it
        title_words, body_words = keys.tokens(title), keys.tokens(body)
        doc = {
            "id": unit.id,
            "lang": lang,
            "law": indexed_law(unit),
            "kind": unit.kind,
            "title": title or next(iter(around), law),
            "heading": title,  # the title as its exact words are indexed (see `phrase_text`)
            "text": body,
            f"title_{lang}": keys.stems(title_words),
            f"law_{lang}": keys.law_stems(law),
            f"text_{lang}": keys.stems(body_words),
            # the words of `phrase_text`: its title's, then its text's (no word spans the two)
            f"exact_{lang}": " ".join(
                keys.exact(title, title_words) + keys.exact(body, body_words)
            ),
        }
        if unit.cites:
            doc["cites"] = " ".join(unit.cites)
        if unit.raw:
            doc["raw"] = unit.raw
            doc[f"ocr_{lang}"] = " ".join(keys.exact(repair_ocr(unit.raw, misread or {})))
        yield doc


class Postings:
    """Each field's postings as the searcher reads them: per term (in sorted order), the
    units holding it and its BM25 term-frequency factor in each, `tf * (K1 + 1) / (tf + K1
    * (1 - B + B * length / average length))`, the length as Whoosh stores it (one byte).
    Written as one file, every weight (8 bytes) then every unit's number (4 bytes), field
    after field; a term's place follows from the counts in `lexicon.json`.

    >>> p = Postings()
    >>> p.add("text_fi", 0, ["revok", "revok", "pel"]); p.add("text_fi", 1, ["pel"])
    >>> weights, docs = p.arrays({"text_fi": 2})["text_fi"]
    >>> list(docs), [round(w, 3) for w in weights]  # pel (units 0, 1), then revok (unit 0)
    ([0, 1, 0], [0.83, 1.257, 1.205])
    """

    def __init__(self) -> None:
        self.terms: dict[str, dict[str, list[tuple[int, int]]]] = defaultdict(
            lambda: defaultdict(list)
        )
        self.lengths: dict[str, dict[int, int]] = defaultdict(dict)

    def add(self, name: str, doc: int, terms: list[str]) -> None:
        """A unit's (`doc`: its number) terms in a field."""
        if terms:
            self.lengths[name][doc] = len(terms)
            field = self.terms[name]
            for term, tf in Counter(terms).items():
                field[term].append((doc, tf))

    def counts(self) -> dict[str, dict[str, int]]:
        """Per field, each term's number of units (its postings).

        >>> p = Postings()
        >>> p.add("text_fi", 0, ["revok", "revok", "pel"]); p.add("text_fi", 1, ["pel"])
        >>> p.counts()
        {'text_fi': {'revok': 1, 'pel': 2}}
        """
        return {name: {t: len(p) for t, p in terms.items()} for name, terms in self.terms.items()}

    def arrays(self, units: dict[str, int]) -> dict[str, tuple[array, array]]:
        """Per field, its weights and unit numbers, term after term (sorted); `units`: the
        number of units of each field's document (the average length is over them)."""
        out = {}
        for name, terms in self.terms.items():
            lengths = self.lengths[name]
            average = sum(lengths.values()) / units[name] or 1.0
            norm = {
                doc: K1 * (1 - B + B * byte_to_length(length_to_byte(n)) / average)
                for doc, n in lengths.items()
            }
            pairs = [pair for term in sorted(terms) for pair in terms[term]]
            weights = array("d", [tf * (K1 + 1) / (tf + norm[doc]) for doc, tf in pairs])
            out[name] = (weights, array("I", [doc for doc, _ in pairs]))
        return out


@dataclass
class _Part:
    """A segment of the index, written by one process: some languages' units, and what the
    index's side files need of them."""

    segment: Any  # Whoosh's segment
    counts: dict[str, int] = field(default_factory=dict)
    display: dict[str, dict[str, str]] = field(default_factory=dict)
    lemmas: dict[str, dict[str, str]] = field(default_factory=dict)
    rows: list[list[str]] = field(default_factory=list)  # per unit, by document number
    lexicon: dict[str, dict[str, int]] = field(default_factory=dict)  # field -> term -> units
    postings: dict[str, tuple[bytes, bytes]] = field(default_factory=dict)  # see `Postings`


_UNITS: dict[str, list[Unit]] = {}  # the units being indexed, for the forked writers
_MISREAD: dict[str, dict[str, str]] = {}  # the characters each OCR'd text's OCR misread


def _end_with(parent: int) -> None:
    """End this forked process as soon as `parent`, the build that started it, has ended.

    A build killed mid-index (`kill -9`, out of memory) would otherwise leave its writers
    waiting for more work for ever, and holding the data directory's locks, which they
    inherited: every later build would wait on them.
    """

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.1)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def _write_part(folder: str, langs: list[str]) -> _Part:
    """Index the units of some languages (in `_UNITS`) into a new segment of the index in
    `folder`; the segment is not yet in the index (see `_write_parts`)."""
    ix = index.open_dir(folder)
    # No lock: the process that started this one holds it. Files of their own, not one
    # compound file: a reader reads them where they lie (Whoosh copies a compound file's
    # parts into memory), the OS caching them for every process.
    # The codec's statistics of field lengths per block of postings serve Whoosh's own
    # scoring, which the searcher does not use (it reads each unit's field length).
    codec = default_codec()
    codec.length_stats = False
    writer = SegmentWriter(ix, _lk=False, limitmb=256, compound=False, codec=codec)
    part = _Part(None)
    postings = Postings()
    for lang in langs:
        keys = _Keys(lang)
        part.counts[lang] = 0
        for doc in documents(lang, _UNITS[lang], keys, _MISREAD.get(lang)):
            for name in TERM_FIELDS:  # into the postings file; Whoosh keeps the texts
                if (value := doc.pop(f"{name}_{lang}", None)) is not None:
                    postings.add(f"{name}_{lang}", len(part.rows), value.split())
            writer.add_document(**doc)
            part.rows.append([doc[name] for name in ("id", "lang", "law", "kind")])
            part.rows[-1].append(doc.get("cites", ""))
            part.counts[lang] += 1
        part.display[lang] = keys.display()
        for code, table in keys.lemmas().items():
            part.lemmas.setdefault(code, {}).update(table)
    part.segment = writer._finalize_segment()  # as Whoosh's own parallel writer does
    part.lexicon = postings.counts()
    units = {name: part.counts[name.split("_", 1)[1]] for name in postings.terms}
    part.postings = {
        name: (weights.tobytes(), docs.tobytes())
        for name, (weights, docs) in postings.arrays(units).items()
    }
    return part


def split(langs: list[str], sizes: dict[str, int], parts: int) -> list[list[str]]:
    """The languages in order, cut into at most `parts` runs of about the same size.

    >>> split(["et", "fi", "sk", "sv", "tr"], {"et": 9, "fi": 8, "sk": 8, "sv": 1, "tr": 9}, 2)
    [['et', 'fi'], ['sk', 'sv', 'tr']]
    """
    total, out, size = sum(sizes.values()), [[]], 0
    for lang in langs:
        if size + sizes[lang] / 2 > total * len(out) / parts and len(out) < parts:
            out.append([])
        out[-1].append(lang)
        size += sizes[lang]
    return [run for run in out if run]


def _write_parts(
    ix: index.Index,
    units: dict[str, list[Unit]],
    langs: list[str],
    misread: dict[str, dict[str, str]] | None = None,
) -> tuple[list[_Part], Tables]:
    """Index the languages' units into the empty index `ix`: a segment per process (one per
    core, up to `MAX_WRITERS`, each over a run of the languages, in order, so that document
    numbers follow the languages' order), listed in the index at the end; `misread`: the
    characters each OCR'd text's OCR misread (its `ocr.toml`). Where the writers are forked,
    one more process, at the lowest priority, works out the concepts' tables meanwhile
    (`concept_tables`), in the time the writer that ends first leaves idle; else they are
    worked out after the writer, in this process."""
    forks = "fork" in multiprocessing.get_all_start_methods()  # not on Windows
    writers = min(os.cpu_count() or 1, MAX_WRITERS) if forks else 1
    runs = split(langs, {lang: len(units[lang]) for lang in langs}, writers)
    _UNITS.update(units)
    _MISREAD.update(misread or {})
    try:
        if len(runs) > 1:
            # Forked: the processes read the units loaded here (shared, not sent to them).
            # Each loads the lemma dictionaries its languages need, the first writer often
            # none.
            context = multiprocessing.get_context("fork")
            with ProcessPoolExecutor(
                len(runs) + 1,
                mp_context=context,
                initializer=_end_with,
                initargs=(os.getpid(),),
            ) as pool:
                aside = pool.submit(_concept_tables)
                parts = list(pool.map(_write_part, [ix.storage.folder] * len(runs), runs))
                tables = aside.result()
        else:
            parts = [_write_part(ix.storage.folder, run) for run in runs]
            tables = concept_tables(units)
    finally:
        _UNITS.clear()
        _MISREAD.clear()
    writer = ix.writer()  # lists the segments, as Whoosh's own parallel writer does
    writer._close_segment()
    writer._commit_toc([part.segment for part in parts])
    writer._finish()
    return parts, tables


class Tables(NamedTuple):
    """What an index holds of its concepts (`concept_tables`): the concepts, as
    `build_concepts` gives them; the lemmas of their words (`start_lemmas`); and each
    language's letter index of its situations (`situation_letters`), as JSON holds it."""

    concepts: list[dict[str, Any]]
    lemmas: dict[str, dict[str, str]]
    letters: dict[str, dict[str, Any]]


def concept_tables(units: dict[str, list[Unit]]) -> Tables:
    """The concepts of the books' units and of the thesaurus, and the tables worked out
    from them (see `Tables`).

    >>> unit = Unit("1", "law", "1", "OYUNUN ESASLARI", "", "tr", 2017, (1, 1))
    >>> tables = concept_tables({"tr": [unit]})  # a book's language, and English
    >>> sorted(tables.letters), tables.lemmas["tr"]["kartları"]
    (['en', 'tr'], 'kart')
    """
    concepts = build_concepts(units)
    letters = {lang: i.dump() for lang, i in situation_letters(concepts).items()}
    return Tables(concepts, start_lemmas(concepts), letters)


def _concept_tables() -> Tables:
    """`concept_tables` in a forked process of its own, which yields to the writers."""
    os.nice(19)
    return concept_tables(_UNITS)


def write_postings(path: Path, parts: list[_Part]) -> dict[str, int]:
    """Write the parts' postings into one file (see `Postings`), each unit numbered as in the
    index (a part's numbers follow the parts before it); returns where each field's postings
    begin (in postings, not bytes).

    >>> import tempfile
    >>> one, two = _Part(None, rows=[[]]), _Part(None, rows=[[]])
    >>> one.postings = {"text_fi": (array("d", [0.5]).tobytes(), array("I", [0]).tobytes())}
    >>> two.postings = {"text_tr": (array("d", [0.7]).tobytes(), array("I", [0]).tobytes())}
    >>> path = Path(tempfile.mkdtemp()) / POSTINGS
    >>> write_postings(path, [one, two]), array("I", path.read_bytes()[16:]).tolist()
    ({'text_fi': 0, 'text_tr': 1}, [0, 1])
    """
    fields: dict[str, tuple[bytes, array]] = {}
    offset = 0
    for part in parts:
        for name, (weights, docs) in part.postings.items():
            numbers = array("I", docs)
            if offset:
                numbers = array("I", (n + offset for n in numbers))
            fields[name] = (weights, numbers)
        offset += len(part.rows)
    starts, at = {}, 0
    for name in sorted(fields):
        starts[name] = at
        at += len(fields[name][1])
    with path.open("wb") as out:
        for name in sorted(fields):
            out.write(fields[name][0])
        for name in sorted(fields):
            out.write(fields[name][1].tobytes())
    return starts


def index_lock(data: Path):
    """Hold the data directory's index lock (a second index build waits for the first)."""
    return store.file_lock(data, "index.lock")


def build_index(data: Path | None = None, kb: Path | None = None) -> bool:
    """Build the search index of the current knowledge base (or of the one in directory `kb`)
    unless it is up to date, and link it from that knowledge base; True when it built. The
    new index is built aside and linked with one rename, so readers see the old index or the
    new one; on failure the old one stays.

    >>> import tempfile
    >>> kb = Path(tempfile.mkdtemp()) / "builds" / "1"  # an empty knowledge base
    >>> kb.mkdir(parents=True)
    >>> build_index(kb.parent.parent, kb), build_index(kb.parent.parent, kb), is_current(kb=kb)
    (True, False, True)
    """
    data = data or store.data_dir()
    kb = kb or store.current(data)
    with index_lock(data):
        manifest = store.manifest_at(kb)
        key = index_key(manifest)
        if is_current(kb=kb):
            return False
        root = data / "indexes"
        if (root / key / META).exists():  # built before (for another build of the same documents)
            store.swap_link(kb / "index", Path(link_target(key)))
            return False
        started = time.perf_counter()
        addresses = document_keys(manifest)  # each document under its address (`da-2007`)
        langs = sorted(addresses.values())
        payloads = {key: store.load_payload(doc_id, kb=kb) for doc_id, key in addresses.items()}
        units = {key: [Unit.from_json(u) for u in p["units"]] for key, p in payloads.items()}
        ocr = [lang for lang in langs if any(u.raw for u in units[lang])]
        damage = {lang: payloads[lang].get("ocr", {}) for lang in ocr}
        staging = root / f".{key}.{os.getpid()}"
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir(parents=True)
        try:
            ix = index.create_in(str(staging), schema())
            misread = {lang: damage[lang].get("characters", {}) for lang in ocr}
            parts, tables = _write_parts(ix, units, langs, misread)
            counts = {lang: n for part in parts for lang, n in part.counts.items()}
            display = {lang: d for part in parts for lang, d in part.display.items()}
            lemmas: dict[str, dict[str, str]] = defaultdict(dict)
            lexicon: dict[str, dict[str, int]] = {}
            for part in parts:
                for code, table in part.lemmas.items():
                    lemmas[code].update(table)
                lexicon.update(part.lexicon)
            rows = [row for part in parts for row in part.rows]
            starts = write_postings(staging / POSTINGS, parts)
            meta = {
                "key": key,
                "languages": counts,
                "documents": {
                    key: {"id": i}
                    | {k: manifest["documents"][i]["meta"][k] for k in ("lang", "kind")}
                    for i, key in addresses.items()
                },
                "ocr": ocr,
                "ocr_letters": {lang: damage[lang].get("letters", {}) for lang in ocr},
                "editions": {lang: units[lang][0].edition for lang in langs if units[lang]},
                "display": display,
                "postings": starts,
                "seconds": round(time.perf_counter() - started, 3),
            }
            store.write_atomic(staging / META, json.dumps(meta, ensure_ascii=False))
            for code, table in tables.lemmas.items():
                lemmas[code].update(table)
            store.write_atomic(staging / CONCEPTS, json.dumps(tables.concepts, ensure_ascii=False))
            store.write_atomic(staging / LETTERS, json.dumps(tables.letters, ensure_ascii=False))
            store.write_atomic(staging / LEMMAS, json.dumps(lemmas, ensure_ascii=False))
            store.write_atomic(staging / UNITS, json.dumps(rows, ensure_ascii=False))
            terms = {f: sorted(c) for f, c in lexicon.items()}
            table = {f: [" ".join(t), [lexicon[f][w] for w in t]] for f, t in terms.items()}
            store.write_atomic(staging / LEXICON, json.dumps(table, ensure_ascii=False))
            final = root / key
            shutil.rmtree(final, ignore_errors=True)
            staging.rename(final)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        store.swap_link(kb / "index", Path(link_target(key)))
        prune(root, keep=key)
    return True


def prune(root: Path, keep: str) -> None:
    """Remove old indexes: the newest few stay for processes that still read them. What a
    killed build left half made goes too (the caller holds the index lock: no other build is
    under way)."""
    for staging in root.glob(".*"):
        shutil.rmtree(staging, ignore_errors=True)
    old = sorted(
        (p for p in root.iterdir() if p.name != keep and not p.name.startswith(".")),
        key=lambda p: p.stat().st_mtime,
        reverse=True,
    )
    for path in old[KEEP_INDEXES - 1 :]:
        shutil.rmtree(path, ignore_errors=True)
