"""The search index written: the knowledge base's units through Whoosh's writer, beside the
tables the ranking needs that Whoosh has no place for, built aside and swapped in at once.

Whoosh provides the index (`index.create_in`, `ix.writer()`: it analyses each field with the
schema's analyzers, writes terms, postings, lengths, columns and stored fields, and commits
one segment). The project adds what is written beside it, per build, keyed by unit id or by
word (`kb.store` lays it out):

    builds/<id>/index -> ../../indexes/<key>   a build's index (so `kb/index` is the current
                              one: the knowledge base and its index are swapped as one)
    indexes/<key>/            Whoosh's files, plus `search.json` (the documents, their
                              languages, editions and unit counts, and each word's printed
                              form), `concepts.json` (the subject index and the situations,
                              naming units by id), `letters.json` (the situations' letter
                              grams) and `lemmas.json` (the lemma of every word the books and
                              the concepts print, so a server needs no lemma dictionary)
    index.lock                one index build at a time

`<key>` hashes the built documents' hashes (from the manifest), the analysis code and the
versions of Whoosh and PyStemmer, so an unchanged knowledge base never rebuilds the index.
Only a build writes an index (`kb.pipeline` calls `build_index`); a reader opens the
current one.

>>> import tempfile
>>> kb = Path(tempfile.mkdtemp()) / "builds" / "1"  # an empty knowledge base
>>> kb.mkdir(parents=True)
>>> build_index(kb.parent.parent, kb), build_index(kb.parent.parent, kb), is_current(kb=kb)
(True, False, True)
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path
from typing import Any, NamedTuple

from whoosh import index

from kb import store
from kb.core.ids import law_of
from kb.core.model import Unit
from kb.core.processes import children_end_with_me
from kb.layers import glossary
from kb.profiles import SHIPPED, SITUATIONS, Profiles, modules
from kb.search.analysis import WORD, analyzer
from kb.search.concepts import build_concepts
from kb.search.letters import situation_letters
from kb.search.ocr import repair_ocr
from kb.search.schema import SEARCHABLE, field, schema
from kb.search.stems import lemmatizer

HERE = Path(__file__).resolve().parent
# the code whose change changes what an index holds
ANALYSIS_CODE = (
    "analysis.py", "stems.py", "ocr.py", "schema.py", "write.py", "concepts.py", "letters.py"
)  # fmt: skip
META = "search.json"
CONCEPTS = "concepts.json"  # the subject index and the situations (kb/search/concepts.py)
LETTERS = "letters.json"  # per language, its situations' letter grams (`situation_letters`)
LEMMAS = "lemmas.json"  # per simplemma language, the lemma of each word the books print
KEEP_INDEXES = 2
# Whoosh's writer: a process per core (at most 4), each writing a segment of its own (not
# merged: a segment is one more place to look, a merge as long again as the writing), each
# segment's files apart (not one compound file, which Whoosh reads into each process), each
# process's postings sorted in memory up to 512 MB (at 128 MB, twelve copies of the corpus
# spilled to disk: 58 s, not 39 s).
WRITER = {"procs": min(4, os.cpu_count() or 1), "multisegment": True, "limitmb": 512,
          "compound": False}  # fmt: skip


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
        h.update(Path(SHIPPED.module(lang).__file__ or "").read_bytes())
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


class Printed:
    """The words of one language's units as printed: each exact key's most frequent printed
    form ("did you mean" shows it) and the lemma of each word (so that a server needs no
    lemma dictionary for the books' words). Whoosh indexes the keys themselves."""

    def __init__(self, lang: str, profiles: Profiles = SHIPPED) -> None:
        self.analyzer = analyzer(lang, profiles)
        self.lemma = profiles.load_words(lang).lemma  # its simplemma code
        self.surface: dict[str, Counter[str]] = defaultdict(Counter)
        self.words: set[str] = set()  # each word lowercased, and its exact key
        self._lowered: dict[str, str] = {}  # each word as printed, lowercased (see `exact`)
        self.texts: set[str] = set()  # the texts read

    def exact(self, text: str) -> None:
        """Collect the words of a text as printed, with their exact keys.

        >>> p = Printed("fi"); p.exact("Revokki ja REVOKKI"); p.display()
        {}
        >>> p.exact("pysyväksi"); p.display()
        {'pysyvaksi': 'pysyväksi'}
        """
        if text in self.texts:  # (copies of a document print the same texts)
            return
        self.texts.add(text)
        lowered = self._lowered  # a word lowercased once, its keys collected then
        for token in self.analyzer.tokens(text):
            key = token.keys.exact
            printed = text[token.start : token.end]
            word = lowered.get(printed)
            if word is None:
                word = lowered[printed] = self.analyzer.lower(printed)
                self.words.update((word, key))
            if word != key:
                self.surface[key][word] += 1

    def display(self) -> dict[str, str]:
        """Each folded word's most frequent printed form, where the two differ."""
        return {k: c.most_common(1)[0][0] for k, c in self.surface.items()}

    def lemmas(self) -> dict[str, dict[str, str]]:
        """The lemma of each word of the units as printed (lowercased, a suffix after an
        apostrophe dropped) and of each exact key, under the language's simplemma code:
        the words a query or a search for other forms of a word looks up ({} for a
        language without lemmas)."""
        code = self.lemma
        if not code:
            return {}
        lemma = lemmatizer(code)
        words = {m.group(1) for w in self.words if (m := WORD.match(w))}
        return {code: {w: lemma(w) for w in sorted(words)}}


def start_lemmas(
    concepts: list[dict[str, Any]], profiles: Profiles = SHIPPED
) -> dict[str, dict[str, str]]:
    """The lemmas of the words a server analyses as it opens the index: the concepts'
    (index entries, defined terms, the thesaurus's phrases: words the books need not print)
    and each of their languages' players' words, per simplemma code, so that it opens
    without loading a lemma dictionary (see `Printed.lemmas`).

    >>> table = start_lemmas([{"terms": {"tr": "kartları açtı"}, "context": {}}])
    >>> table["tr"]["kartları"], table["tr"]["kağıdı"]  # a players' word (`kağıdı`)
    ('kart', 'kağıt')
    """
    keys: dict[str, Printed] = {}
    said = dict.fromkeys(  # each text once (a language's books print many alike), in order
        (profiles.language_of(lang), text)
        for entry in concepts
        for lang, text in [*entry["terms"].items(), *entry["context"].items()]
    )
    for language, text in said:
        keys.setdefault(language, Printed(language, profiles)).exact(text)
    out: dict[str, dict[str, str]] = {}
    for language, found in keys.items():
        for forms, printed, _ in profiles.load_words(language).players:
            found.exact(f"{forms} {printed}")
        for code, table in found.lemmas().items():
            out.setdefault(code, {}).update(table)
    return out


def documents(
    lang: str,
    units: list[Unit],
    printed: Printed,
    misread: dict[str, str] | None = None,
    profiles: Profiles = SHIPPED,
) -> Iterator[dict[str, str]]:
    """The Whoosh documents of a document's searchable units (`lang`: its address; `misread`:
    the characters an OCR'd text's OCR misread, undone in the text as printed), collecting
    the words as printed (`printed`).

    >>> law = Unit("63", "law", "63", "REVOKIN PYSYVÄKSI TULEMINEN", "", "fi", 2017, (1, 1))
    >>> doc = next(documents("fi", [law], Printed("fi")))
    >>> doc["law_fi"], doc["exact_fi"]
    ('REVOKIN PYSYVÄKSI TULEMINEN', 'REVOKIN PYSYVÄKSI TULEMINEN\\n')
    """
    language = profiles.language_of(lang)
    by_id = {u.id: u for u in units}
    for unit in units:
        if unit.kind not in SEARCHABLE:
            continue
        law, around = context(unit, by_id)
        title = unit.title or unit.term or ""
        body = f"{unit.text}\n\n{unit.tail}" if unit.tail else unit.text  # tail: printed after it
        printed.exact(title)
        printed.exact(body)
        doc = {
            "id": unit.id,
            "lang": lang,
            "law": indexed_law(unit),
            "kind": unit.kind,
            "cites": " ".join(unit.cites),
            "title": title or next(iter(around), law),
            "heading": title,  # the unit's own title, as `exact_xx` reads it
            "text": body,
            field("title", language): title,
            field("law", language): law,
            field("text", language): body,
            # its own title's words, then its text's (no word spans the two)
            field("exact", language): f"{title}\n{body}",
        }
        if unit.raw:
            doc["raw"] = unit.raw
            doc[field("ocr", language)] = repaired = repair_ocr(unit.raw, misread or {})
            printed.exact(repaired)
        yield doc


class Tables(NamedTuple):
    """What an index holds of its concepts (`concept_tables`): the concepts, as
    `build_concepts` gives them; the lemmas of their words (`start_lemmas`); and each
    language's letter index of its situations (`situation_letters`), as JSON holds it."""

    concepts: list[dict[str, Any]]
    lemmas: dict[str, dict[str, str]]
    letters: dict[str, dict[str, Any]]


def concept_tables(units: dict[str, list[Unit]], profiles: Profiles = SHIPPED) -> Tables:
    """The concepts of the books' units and of the thesaurus, and the tables worked out
    from them (see `Tables`).

    >>> unit = Unit("1", "law", "1", "OYUNUN ESASLARI", "", "tr", 2017, (1, 1))
    >>> tables = concept_tables({"tr": [unit]})  # a book's language, and English
    >>> sorted(tables.letters), tables.lemmas["tr"]["kartları"]
    (['en', 'tr'], 'kart')
    """
    concepts = build_concepts(units)
    letters = {lang: i.dump() for lang, i in situation_letters(concepts, profiles).items()}
    return Tables(concepts, start_lemmas(concepts, profiles), letters)


def index_lock(data: Path):
    """Hold the data directory's index lock (a second index build waits for the first)."""
    return store.file_lock(data, "index.lock")


def build_index(data: Path | None = None, kb: Path | None = None) -> bool:
    """Build the search index of the current knowledge base (or of the one in directory `kb`)
    unless it is up to date, and link it from that knowledge base; True when it built. The
    new index is built aside and linked with one rename, so readers see the old index or the
    new one; on failure the old one stays."""
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
        staging = root / f".{key}.{os.getpid()}"
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir(parents=True)
        try:
            write(staging, kb, manifest, key, started)
            final = root / key
            shutil.rmtree(final, ignore_errors=True)
            staging.rename(final)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        store.swap_link(kb / "index", Path(link_target(key)))
        prune(root, keep=key)
    return True


def write(folder: Path, kb: Path, manifest: dict[str, Any], key: str, started: float) -> None:
    """Write the index of the knowledge base in `kb` into the empty `folder`: the Whoosh
    index (every document in order, so that a document's units are numbered together), then
    the tables beside it (see the module's docstring)."""
    addresses = store.addresses(manifest)  # each document under its address (`da-2007`)
    profiles = Profiles.of_build(kb, manifest)  # the profiles the build was made with
    langs = sorted(addresses.values())
    payloads = {key: store.load_payload(doc_id, kb=kb) for doc_id, key in addresses.items()}
    units = {key: [Unit.from_json(u) for u in p["units"]] for key, p in payloads.items()}
    ocr = [lang for lang in langs if any(u.raw for u in units[lang])]
    damage = {lang: payloads[lang].get("ocr", {}) for lang in ocr}
    languages = sorted({profiles.language_of(lang) for lang in langs})
    ocr_languages = {profiles.language_of(lang) for lang in ocr}
    ix = index.create_in(str(folder), schema(languages, ocr_languages, profiles))
    counts: dict[str, int] = {}
    printed: dict[str, Printed] = {}
    with children_end_with_me():  # Whoosh's writer processes
        writer = ix.writer(**WRITER)
        try:
            for lang in langs:
                misread = damage.get(lang, {}).get("characters", {})
                words = printed.setdefault(profiles.language_of(lang), Printed(lang, profiles))
                found = list(documents(lang, units[lang], words, misread, profiles))
                # a document's units are one job of one of Whoosh's writer processes, so they
                # are numbered together (`kb.search.units` reads each document's range)
                writer.batchsize = len(found)
                for doc in found:
                    writer.add_document(**doc)
                counts[lang] = len(found)
            tables = concept_tables(units, profiles)  # while the writers index
            writer.commit()
        except BaseException:
            for task in getattr(writer, "tasks", ()):  # Whoosh's writer processes, waiting for work
                task.terminate()
                task.join()
            writer.cancel()
            raise
    lemmas: dict[str, dict[str, str]] = defaultdict(dict)
    for words in printed.values():
        for code, table in words.lemmas().items():
            lemmas[code].update(table)
    for code, table in tables.lemmas.items():
        lemmas[code].update(table)
    meta = {
        "key": key,
        "languages": counts,
        "documents": {
            key: {"id": i} | {k: manifest["documents"][i]["meta"][k] for k in ("lang", "kind")}
            for i, key in addresses.items()
        },
        "ocr": ocr,
        "ocr_letters": {lang: damage[lang].get("letters", {}) for lang in ocr},
        "editions": {lang: units[lang][0].edition for lang in langs if units[lang]},
        "display": {language: words.display() for language, words in printed.items()},
        "seconds": round(time.perf_counter() - started, 3),
    }
    profiles.save(folder)  # a server reads the index's languages with them
    store.write_atomic(folder / META, json.dumps(meta, ensure_ascii=False))
    store.write_atomic(folder / CONCEPTS, json.dumps(tables.concepts, ensure_ascii=False))
    store.write_atomic(folder / LETTERS, json.dumps(tables.letters, ensure_ascii=False))
    store.write_atomic(folder / LEMMAS, json.dumps(lemmas, ensure_ascii=False))


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
