"""The pipeline on top of the stages: a build of the knowledge base. It finds which documents
changed, parses each (`kb.ingest`, then `kb.layers`) or takes it from the cache, writes the
whole into a staging directory (`kb.store`) with what later stages compute from it (the
misprints judged across books, the search index, the alignment report), and swaps it in as
one. It alone writes the data directory; every stage it runs is a library it calls, none
calls back.

A document's cache key hashes its corpus folder and the code it is parsed with: every file
of the stage packages before the store (`PARSER_PACKAGES`), not a hand-kept list.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kb import layers, store
from kb.core import progress
from kb.core.code import packages_hash
from kb.core.model import Document, Unit
from kb.core.processes import beside, mapping
from kb.crosslang.library import save_misprints
from kb.ingest import lawbook
from kb.ingest.lawbook import META_FILE, document_id, read_meta
from kb.layers import cite
from kb.profiles import Profiles
from kb.qa import stored
from kb.search.write import build_index
from kb.web.prerender import render_pages

PARSER_PACKAGES = ("core", "profiles", "ingest", "layers", "data")
# what a manifest entry lists of its units (`listed_units`)
LISTED = {"laws", "law_titles", "ids", "names"}


def read_document(
    folder: Path, root: Path | None = None, profiles: Profiles | None = None
) -> Document:
    """Read and parse the document of a corpus folder, its layers applied (errors are
    collected, not raised), with `profiles` (its corpus's; else its folder's own or the
    shipped ones).

    >>> doc = read_document(store.corpus_dir() / "fi")
    >>> doc.id, doc.lang, doc.problems, len(doc.units)
    ('fi-2017', 'fi', [], 908)
    """
    doc = lawbook.read_document(folder, root, profiles)
    if not doc.problems:
        profiles = profiles or Profiles.of_folder(folder, doc.lang)
        with lawbook.failing_alone(doc):
            layers.apply(doc, doc.lines, read_meta(folder), folder, profiles)
    return doc


def code_hash() -> str:
    """A hash of the code and data a document is parsed with: every file of the stage
    packages before the store (`PARSER_PACKAGES`), so a module added to one of them is
    covered without a list to keep (a change re-parses every document).

    >>> len(code_hash())
    64
    """
    return packages_hash(PARSER_PACKAGES)


def document_folders(corpus: Path) -> list[Path]:
    """The corpus folders that hold a document, by folder name."""
    return sorted(p.parent for p in corpus.glob(f"*/{META_FILE}"))


def documents_by_id(folders: list[Path]) -> dict[str, Path]:
    """The folders of a corpus by their document's id (`kb.ingest.lawbook.document_id`); two
    folders with one id are a `BuildError`.

    >>> sorted(documents_by_id(document_folders(store.corpus_dir())))
    ['et-2017', 'fi-2017', 'sk-2007', 'sv-2007-card', 'tr-2017']
    """
    found: dict[str, Path] = {}
    for folder in folders:
        doc_id = document_id(folder)
        if doc_id in found:
            raise BuildError(f"{folder}: the id {doc_id!r} of {found[doc_id]} again")
        found[doc_id] = folder
    return found


def document_hash(folder: Path, code: str) -> str:
    """A hash of the parser code and every file of a document's folder (its source, metadata
    and the data beside them: tables, manifest, OCR corrections)."""
    h = hashlib.sha256(code.encode())
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        h.update(str(path.relative_to(folder)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


@dataclass
class Report:
    """What a build did, per document id."""

    built: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)
    errors: dict[str, list[str]] = field(default_factory=dict)
    kept: list[str] = field(default_factory=list)  # published still, their folder gone
    up_to_date: bool = False
    indexed: bool = False  # the search index was (re)built
    pages: int = 0  # pages written as files (`build(pages=True)`; 0: all were already)

    @property
    def ok(self) -> bool:
        return not self.errors


def is_stale(corpus: Path | None = None, data: Path | None = None) -> bool:
    """Whether the knowledge base is missing or older than the corpus and the parser code."""
    corpus = corpus or store.corpus_dir()
    built = store.read_manifest(data)["documents"]
    code = code_hash()
    try:
        folders = documents_by_id(document_folders(corpus))
    except BuildError:
        return True
    if set(folders) != {i for i, entry in built.items() if not entry.get("gone")}:
        return True
    return any(built[i].get("hash") != document_hash(f, code) for i, f in folders.items())


class BuildError(Exception):
    """A build that cannot start (no corpus, no document): nothing was changed."""


def corpus_folders(corpus: Path) -> list[Path]:
    """The document folders of a corpus, or a `BuildError` saying why there are none.

    >>> corpus_folders(Path("/nonexistent"))
    Traceback (most recent call last):
    ...
    kb.pipeline.BuildError: /nonexistent: no such corpus folder
    """
    if not corpus.is_dir():
        raise BuildError(f"{corpus}: no such corpus folder")
    folders = document_folders(corpus)
    if not folders:
        raise BuildError(f"{corpus}: no document in the corpus (no */{META_FILE})")
    return folders


def build(
    corpus: Path | None = None,
    data: Path | None = None,
    force: bool = False,
    prune: bool = False,
    workers: int = 1,
    pages: bool = False,
) -> Report:
    """Build the knowledge base and its search index from the corpus, reusing what has not
    changed, and swap both in with one rename (the index is linked from the build). The
    alignment report is stored in the build before it swaps in (`kb.qa.stored.derive`;
    when nothing changed: into the current build, if it lacks it). With `workers` over one
    (`lawkb build`: a process per core), documents are parsed side by side and the report
    is worked out beside the index, in processes forked from this one: for a process that
    does little else (forked from a large one, a test runner, the copies of its pages made
    as it goes on cost more than the work shared).

    With `pages`, every page that is the same for every reader is then written as files in
    every UI language (`kb.web.prerender`: the new build serves meanwhile; `Report.pages`
    says how many).

    A document with errors is reported in `Report.errors` and keeps its previous version;
    the other documents build all the same. A published document whose folder is gone
    stays published (`Report.kept`: a partial checkout or a failed sync unpublishes
    nothing) until a build with `prune`. A corpus with no document raises `BuildError`
    and a data directory that cannot be written raises `OSError`: in both cases the
    previous knowledge base and index stay served, and nothing half made is left.
    """
    corpus, data = corpus or store.corpus_dir(), data or store.data_dir()
    folders = documents_by_id(corpus_folders(corpus))
    report = Report()
    with store.build_lock(data):
        store.remove_staging(data)  # what builds killed before left (none runs: the lock)
        old = store.read_manifest(data)["documents"]
        code = code_hash()
        hashes = {i: document_hash(f, code) for i, f in folders.items()}
        gone = [i for i in old if i not in hashes]
        report.kept = [] if prune else gone
        unchanged = (
            all(old[i].get("gone") for i in report.kept)
            and len(gone) == len(report.kept)
            and set(hashes) <= set(old)
            and all(
                old[k]["hash"] == h and not old[k].get("stale") and old[k].keys() >= LISTED
                for k, h in hashes.items()
            )
        )
        if unchanged and not force:
            report.up_to_date = True
            save_misprints(data, store.current(data))  # unless stored for this code
            report.indexed = build_index(data)
            stored.derive(data, store.current(data).resolve())
        else:
            stamp = f"{time.strftime('%Y%m%d-%H%M%S')}-{uuid.uuid4().hex[:8]}"
            staging = data / "builds" / f".{stamp}"
            staging.mkdir(parents=True)
            try:
                report.indexed = stage(
                    corpus, data, staging, folders, hashes, force, report, workers
                )
                staging.rename(staging.with_name(stamp))
            except BaseException:
                shutil.rmtree(staging, ignore_errors=True)
                raise
            store.swap_link(store.current(data), Path("builds") / stamp)
            store.prune(data, keep=stamp)
    if pages:
        report.pages = render_pages(data, workers=workers)
    return report


def keep_previous(current: Path, staging: Path, doc_id: str) -> bool:
    """Copy a document's previous build (its units and its source's lines) into the build
    being made, when a change of its source fails; whether there was one to keep."""
    previous = current / f"{doc_id}.json"
    if not previous.exists():
        return False
    shutil.copyfile(previous, staging / previous.name)
    lines = previous.with_suffix(store.LINES)
    if lines.exists():
        shutil.copyfile(lines, staging / lines.name)
    return True


def listed_units(units: list[dict[str, Any]]) -> dict[str, Any]:
    """What a document's manifest entry lists of its units, so that a page or the API can
    name its laws and tell which ids it holds without reading it: its laws' numbers and
    titles, in order, every unit's id (one string: sixty documents' ids in a manifest), and
    the names it prints for its units outside the law's text (`kb.layers.cite.printed_name`).

    >>> law, section = {"id": "1", "kind": "law", "title": "CARDS"}, {"id": "1.A", "kind": "x"}
    >>> listed_units([law, section])
    {'laws': ['1'], 'law_titles': ['CARDS'], 'ids': '1 1.A', 'names': {}}
    """
    laws = [u for u in units if u["kind"] == "law"]
    named = [Unit.from_json(u) for u in units if u["kind"] in ("definition", "topic", "table")]
    names = {u.id: cite.printed_name(u) for u in named}
    return {
        "laws": [u["id"] for u in laws],
        "law_titles": [u["title"] for u in laws],
        "ids": " ".join(u["id"] for u in units),
        "names": {uid: name for uid, name in names.items() if name},
    }


def stage(
    corpus: Path,
    data: Path,
    staging: Path,
    folders: dict[str, Path],
    hashes: dict[str, str],
    force: bool,
    report: Report,
    workers: int = 1,
) -> bool:
    """Write a whole knowledge base into `staging`: each document parsed or taken from the
    cache, the manifest (documents by id), the alignment report (`kb.qa.stored.derive`,
    worked out beside the index) and the link to its search index (built if need be; True
    then)."""
    old = store.read_manifest(data)["documents"]
    cache = data / "cache"
    stamp = staging.name.lstrip(".")
    manifest: dict = {"built": stamp, "documents": {}}
    profiles = Profiles.of_corpus(corpus)  # a language's profile in one folder: its documents'
    cache.mkdir(exist_ok=True)
    cached_at = {i: cache / f"{i}-{hashes[i]}.json" for i in folders}
    todo = [i for i in folders if force or not cached_at[i].exists()]
    stage_of = progress.stage("documents", total=len(folders))
    with stage_of as done, mapping(min(workers, len(todo))) as run:
        parsed = run(parse_to_cache, [(folders[i], corpus, cached_at[i], hashes[i]) for i in todo])
        for doc_id, folder in folders.items():
            cached = cached_at[doc_id]
            if doc_id not in todo:
                entry = reuse(cached)
                report.reused.append(doc_id)
            else:
                problems, entry = next(parsed)
                if problems:
                    report.errors[doc_id] = problems
                    # its previous version, found by its folder when its id cannot be read
                    was = next(
                        (i for i, e in old.items() if e.get("folder") == folder.name), doc_id
                    )
                    if was in old and keep_previous(store.current(data), staging, was):
                        manifest["documents"][was] = {**old[was], "stale": True}
                    done(f"{doc_id}: not built")
                    continue
                report.built.append(doc_id)
            os.link(cached, staging / f"{doc_id}.json")
            lines = cached.with_suffix(store.LINES)
            if lines.exists():  # (a document cached by older code has none: no columns)
                os.link(lines, staging / f"{doc_id}{store.LINES}")
            manifest["documents"][doc_id] = entry
            done(f"{doc_id}: {'reused' if doc_id in report.reused else 'parsed'}")
    for doc_id in report.kept:  # published still: its folder is gone
        if keep_previous(store.current(data), staging, doc_id):
            manifest["documents"][doc_id] = {**old[doc_id], "gone": True}
    store.write_atomic(
        staging / "manifest.json", json.dumps(manifest, ensure_ascii=False, indent=1)
    )
    profiles.save(staging)  # what reads the build reads its profiles from it
    report_beside = beside(workers, judged_and_reported, data, staging)
    with progress.stage("alignment report"), report_beside as derived:
        with progress.stage("search index"):
            indexed = build_index(data, staging)
        derived()
    return indexed


def judged_and_reported(data: Path, build: Path) -> None:
    """What a build stores beside its books that the search index does not read: the
    misprints judged across books (`kb.crosslang.library.save_misprints`), then the
    alignment report over them (`kb.qa.stored.derive`)."""
    save_misprints(data, build)
    stored.derive(data, build)


def parse_to_cache(job: tuple[Path, Path, Path, str]) -> tuple[list[str], Any]:
    """Parse a corpus folder's document with its corpus's profiles and cache it (`save_parsed`),
    `job` being the folder, the corpus, the cache file and the document's hash: its problems
    (then nothing is cached) and its manifest entry."""
    folder, corpus, cached, key = job
    doc = read_document(folder, corpus.parent, Profiles.of_corpus(corpus))
    if doc.problems:
        return [str(p) for p in doc.problems], None
    return [], save_parsed(doc, cached, key, folder)


def reuse(cached: Path) -> dict[str, Any]:
    """The manifest entry of a document parsed before and cached."""
    payload = json.loads(cached.read_text(encoding="utf-8"))
    entry = payload["entry"]
    if not entry.keys() >= LISTED:  # cached before an entry listed its units
        entry.update(listed_units(payload["units"]))
    return entry


def save_parsed(doc: Document, cached: Path, key: str, folder: Path) -> dict[str, Any]:
    """Cache a document just parsed (its units with their layers, and its source's lines);
    its manifest entry."""
    units = [u.to_json() for u in doc.units]
    entry = {
        "hash": key,
        "folder": folder.name,
        "meta": doc.meta(),
        "counts": dict(Counter(u.kind for u in doc.units)),
        **listed_units(units),
        "notes": [str(n) for n in doc.notes],
    }
    payload = {
        "entry": entry,
        "meta": doc.meta(),
        "units": units,
        "notes": entry["notes"],
        "unresolved": [str(p) for p in doc.unresolved],
        "dropped": {str(k): v for k, v in sorted(doc.dropped.items())},
        "ocr": doc.ocr,
    }
    store.write_atomic(cached.with_suffix(store.LINES), "\n".join(doc.lines))
    store.write_atomic(cached, json.dumps(payload, ensure_ascii=False))
    return entry
