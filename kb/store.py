"""The knowledge base on disk: built atomically, incrementally, and read by everything else.

Layout of the data directory (`$LAWKB_DATA`, or the user's `~/.local/share/lawkb`):

    kb -> builds/<id>        the current knowledge base (a symlink, swapped atomically)
    builds/<id>/manifest.json, builds/<id>/<lang>.json
    cache/<lang>-<hash>.json parsed documents by hash of source, metadata and parser code
    build.lock               one build at a time

A build parses only the documents whose hash changed, writes a new build directory and then
swaps the `kb` link in one rename, so a reader sees the old knowledge base or the new one,
never half of one. A document with errors keeps its previous version in the new build.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from kb.lawbook import META_FILE, read_document
from kb.model import Unit

PACKAGE = Path(__file__).resolve().parent
PARSER_CODE = (
    "model.py", "clean.py", "parse.py", "profile.py", "lawbook.py", "definitions.py", "tables.py",
    "refs.py", "glossary.py", "data/definitions.toml", "card.py", "ocr.py", "subject_index.py",
)  # fmt: skip
COUNTED = ("law", "section", "subsection", "item", "subitem", "definition")
COUNTED_BY_KIND = {"lawbook": COUNTED, "card": ("topic", "table")}
KEEP_BUILDS = 2


def corpus_dir() -> Path:
    """The corpus: `$LAWKB_CORPUS`, or the five documents shipped in the package
    (`kb/corpus`, the repository's `corpus/`)."""
    return Path(os.environ.get("LAWKB_CORPUS") or PACKAGE / "corpus")


def data_dir() -> Path:
    """The data directory: `$LAWKB_DATA`, or the user's (`$XDG_DATA_HOME/lawkb`, by default
    `~/.local/share/lawkb`), the same from whichever directory `lawkb` runs.

    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {"LAWKB_DATA": "", "XDG_DATA_HOME": "/home/me/.data"}):
    ...     data_dir()
    PosixPath('/home/me/.data/lawkb')
    """
    if os.environ.get("LAWKB_DATA"):
        return Path(os.environ["LAWKB_DATA"])
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "lawkb"


def code_hash() -> str:
    """A hash of the parser's code (a change re-parses every document)."""
    h = hashlib.sha256()
    files = [PACKAGE / name for name in PARSER_CODE]
    files += sorted((PACKAGE / "profiles").glob("*.py"))
    for path in files:
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def document_folders(corpus: Path) -> list[Path]:
    """The corpus folders that hold a document, by language."""
    return sorted(p.parent for p in corpus.glob(f"*/{META_FILE}"))


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
    """What a build did, per language."""

    built: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)
    errors: dict[str, list[str]] = field(default_factory=dict)
    up_to_date: bool = False
    indexed: bool = False  # the search index was (re)built

    @property
    def ok(self) -> bool:
        return not self.errors


def build_lock(data: Path):
    """Hold the data directory's build lock (a second build waits for the first)."""
    return file_lock(data, "build.lock")


@contextmanager
def file_lock(data: Path, name: str) -> Iterator[None]:
    """Hold an exclusive lock on a file of the data directory (others wait for it).

    >>> import tempfile
    >>> with file_lock(Path(tempfile.mkdtemp()), "x.lock"):
    ...     pass
    """
    data.mkdir(parents=True, exist_ok=True)
    with (data / name).open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def current(data: Path | None = None) -> Path:
    """The directory of the current knowledge base (may not exist yet)."""
    return (data or data_dir()) / "kb"


def read_manifest(data: Path | None = None) -> dict:
    """The current build's manifest, or an empty one when nothing is built."""
    return manifest_at(current(data))


def manifest_at(kb: Path) -> dict:
    """The manifest of the knowledge base in directory `kb`, or an empty one when there is
    none.

    >>> manifest_at(Path("/nonexistent"))
    {'documents': {}}
    """
    path = kb / "manifest.json"
    if not path.exists():
        return {"documents": {}}
    return json.loads(path.read_text(encoding="utf-8"))


def is_stale(corpus: Path | None = None, data: Path | None = None) -> bool:
    """Whether the knowledge base is missing or older than the corpus and the parser code."""
    corpus = corpus or corpus_dir()
    built = read_manifest(data)["documents"]
    code = code_hash()
    folders = document_folders(corpus)
    if {f.name for f in folders} != set(built):
        return True
    return any(built[f.name].get("hash") != document_hash(f, code) for f in folders)


class BuildError(Exception):
    """A build that cannot start (no corpus, no document): nothing was changed."""


def corpus_folders(corpus: Path) -> list[Path]:
    """The document folders of a corpus, or a `BuildError` saying why there are none.

    >>> corpus_folders(Path("/nonexistent"))
    Traceback (most recent call last):
    ...
    kb.store.BuildError: /nonexistent: no such corpus folder
    """
    if not corpus.is_dir():
        raise BuildError(f"{corpus}: no such corpus folder")
    folders = document_folders(corpus)
    if not folders:
        raise BuildError(f"{corpus}: no document in the corpus (no */{META_FILE})")
    return folders


def build(corpus: Path | None = None, data: Path | None = None, force: bool = False) -> Report:
    """Build the knowledge base and its search index from the corpus, reusing what has not
    changed, and swap both in with one rename (the index is linked from the build).

    A document with errors is reported in `Report.errors` and keeps its previous version;
    the other documents build all the same. A corpus with no document raises `BuildError`
    and a data directory that cannot be written raises `OSError`: in both cases the
    previous knowledge base and index stay served, and nothing half made is left.
    """
    from kb.index.build import build_index  # here: the index module reads the store

    corpus, data = corpus or corpus_dir(), data or data_dir()
    folders = corpus_folders(corpus)
    report = Report()
    with build_lock(data):
        old = read_manifest(data)["documents"]
        code = code_hash()
        hashes = {f.name: document_hash(f, code) for f in folders}
        unchanged = set(old) == set(hashes) and all(
            old[k]["hash"] == h and not old[k].get("stale") for k, h in hashes.items()
        )
        if unchanged and not force:
            report.up_to_date = True
            report.indexed = build_index(data)
            return report
        stamp = f"{time.strftime('%Y%m%d-%H%M%S')}-{uuid.uuid4().hex[:8]}"
        staging = data / "builds" / f".{stamp}"
        staging.mkdir(parents=True)
        try:
            report.indexed = stage(corpus, data, staging, folders, hashes, force, report)
            final = staging.with_name(stamp)
            staging.rename(final)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        swap_link(current(data), Path("builds") / stamp)
        prune(data, keep=stamp)
    return report


def stage(
    corpus: Path,
    data: Path,
    staging: Path,
    folders: list[Path],
    hashes: dict[str, str],
    force: bool,
    report: Report,
) -> bool:
    """Write a whole knowledge base into `staging`: each document parsed or taken from the
    cache, the manifest, and the link to its search index (built if need be; True then)."""
    from kb.index.build import build_index

    old = read_manifest(data)["documents"]
    cache = data / "cache"
    stamp = staging.name.lstrip(".")
    manifest: dict = {"built": stamp, "documents": {}}
    cache.mkdir(exist_ok=True)
    for folder in folders:
        lang, key = folder.name, hashes[folder.name]
        cached = cache / f"{lang}-{key}.json"
        entry: dict
        if cached.exists() and not force:
            entry = json.loads(cached.read_text(encoding="utf-8"))["entry"]
            report.reused.append(lang)
        else:
            doc = read_document(folder, corpus.parent)
            if doc.problems:
                report.errors[lang] = [str(p) for p in doc.problems]
                previous = current(data) / f"{lang}.json"
                if lang in old and previous.exists():
                    shutil.copyfile(previous, staging / f"{lang}.json")
                    manifest["documents"][lang] = {**old[lang], "stale": True}
                continue
            entry = {
                "hash": key,
                "meta": doc.meta(),
                "counts": dict(Counter(u.kind for u in doc.units)),
                "notes": [str(n) for n in doc.notes],
            }
            payload = {
                "entry": entry,
                "meta": doc.meta(),
                "units": [u.to_json() for u in doc.units],
                "notes": entry["notes"],
                "unresolved": [str(p) for p in doc.unresolved],
                "dropped": {str(k): v for k, v in sorted(doc.dropped.items())},
            }
            write_atomic(cached, json.dumps(payload, ensure_ascii=False))
            report.built.append(lang)
        os.link(cached, staging / f"{lang}.json")
        manifest["documents"][lang] = entry
    write_atomic(staging / "manifest.json", json.dumps(manifest, ensure_ascii=False, indent=1))
    return build_index(data, staging)


def swap_link(link: Path, target: Path) -> None:
    """Point a symlink at a new target in one rename (readers see the old or the new).

    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp()); swap_link(d / "kb", Path("a")); swap_link(d / "kb", Path("b"))
    >>> os.readlink(d / "kb")
    'b'
    """
    fresh = link.with_name(f"{link.name}.new")
    if fresh.is_symlink():
        fresh.unlink()
    fresh.symlink_to(target)
    os.replace(fresh, link)


def write_atomic(path: Path, text: str) -> None:
    """Write a file whole or not at all (a temporary file renamed into place)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def prune(data: Path, keep: str) -> None:
    """Remove old builds (the newest few stay for readers that still hold them) and cached
    documents no remaining build refers to."""
    builds = sorted((p for p in (data / "builds").iterdir() if p.name != keep), reverse=True)
    for old in builds[KEEP_BUILDS - 1 :]:
        if not old.name.startswith(".") or time.time() - old.stat().st_mtime > 3600:
            shutil.rmtree(old, ignore_errors=True)
    used = {
        f"{lang}-{entry['hash']}.json"
        for build in (data / "builds").iterdir()
        for lang, entry in manifest_at(build)["documents"].items()
    }
    for cached in (data / "cache").glob("*.json"):
        if cached.name not in used:
            cached.unlink(missing_ok=True)


def load_payload(lang: str, data: Path | None = None, kb: Path | None = None) -> dict:
    """A language's built document: `meta`, `units` (JSON), `notes`, `unresolved`, `dropped`;
    from the current knowledge base of `data`, or from the knowledge base directory `kb`."""
    path = (kb or current(data)) / f"{lang}.json"
    if not path.exists():
        raise KeyError(f"no document for language {lang!r} in the knowledge base")
    return json.loads(path.read_text(encoding="utf-8"))


def load_units(lang: str, data: Path | None = None, kb: Path | None = None) -> list[Unit]:
    """The units of a language from the current knowledge base (or the one in `kb`), in
    document order."""
    return [Unit.from_json(u) for u in load_payload(lang, data, kb)["units"]]


def summary(manifest: dict) -> list[str]:
    """One line per document: its counts of laws, sections, subsections, items, definitions
    (of topics and tables for a card).

    >>> summary({"documents": {"fi": {"meta": {"kind": "lawbook", "edition": 2017},
    ...     "counts": {"law": 93, "section": 271}}}})[0]
    'fi  2017 lawbook  laws 93  sections 271  subsections 0  items 0  subitems 0  definitions 0'
    >>> summary({"documents": {"sv": {"meta": {"kind": "card", "edition": 2007},
    ...     "counts": {"topic": 11, "table": 2}}}})[0]
    'sv  2007 card  topics 11  tables 2'
    """
    lines = []
    for lang, entry in sorted(manifest["documents"].items()):
        counts, meta = entry.get("counts", {}), entry["meta"]
        counted = COUNTED_BY_KIND.get(meta["kind"], COUNTED)
        figures = "  ".join(f"{k}s {counts.get(k, 0)}" for k in counted)
        stale = "  (previous build: this document has errors)" if entry.get("stale") else ""
        lines.append(f"{lang}  {meta['edition']} {meta['kind']}  {figures}{stale}")
    return lines
