"""The knowledge base on disk, stored atomically and read by everything else (a build is
`kb.pipeline`).

Layout of the data directory (`$LAWKB_DATA`, or the user's `~/.local/share/lawkb`):

    kb -> builds/<id>        the current knowledge base (a symlink, swapped atomically)
    builds/<id>/manifest.json, builds/<id>/<document>.json   (documents by their own id)
    builds/<id>/<document>.lines.txt   the lines of the document's source as parsed
    cache/<document>-<hash>.json  parsed documents by hash of source, metadata and parser code
    cache/<document>-<hash>.lines.txt  (and their source's lines)
    build.lock               one build at a time

A build parses only the documents whose hash changed, writes a new build directory and then
swaps the `kb` link in one rename, so a reader sees the old knowledge base or the new one,
never half of one. A document with errors keeps its previous version in the new build.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from kb.core.ids import LAW_LEVELS
from kb.core.model import Unit
from kb.core.model import addresses as meta_addresses

PACKAGE = Path(__file__).resolve().parent.parent
COUNTED = (*LAW_LEVELS, "definition")
COUNTED_BY_KIND = {"lawbook": COUNTED, "card": ("topic", "table")}
KEEP_BUILDS = 2
LINES = ".lines.txt"  # beside a built document: its source's lines, as parsed


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


def addresses(manifest: dict) -> dict[str, str]:
    """The address of each document of a build, by id (`kb.core.model.addresses`: its
    language's code for the language's main document, else its id).

    >>> addresses({"documents": {"fi-2017": {"meta": {"id": "fi-2017", "lang": "fi",
    ...     "kind": "lawbook", "edition": 2017}}}})
    {'fi-2017': 'fi'}
    """
    return meta_addresses({i: e["meta"] for i, e in manifest["documents"].items()})


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


def write_atomic(path: Path, content: str | bytes) -> None:
    """Write a file whole or not at all: a temporary file of this process and thread beside
    it, renamed into place (processes sharing a data directory never write the same one); a
    write that fails (a full disk) leaves no temporary file, and its error names the file.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "a.txt"
    >>> write_atomic(path, "x"); write_atomic(path, b"y")
    >>> path.read_text(), len(list(path.parent.iterdir()))
    ('y', 1)
    """
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        if isinstance(content, bytes):
            tmp.write_bytes(content)
        else:
            tmp.write_text(content, encoding="utf-8")
        os.replace(tmp, path)
    except OSError as err:
        tmp.unlink(missing_ok=True)
        if err.filename is None:  # a failed write() names no file: say which
            raise OSError(err.errno, err.strerror, str(path)) from err
        raise
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def remove_staging(data: Path) -> None:
    """Remove the staging directories of builds that were killed (`builds/.<stamp>`): called
    with the build lock held, when no build is running.

    >>> import tempfile
    >>> data = Path(tempfile.mkdtemp())
    >>> (data / "builds" / ".20260101-000000-ab12cd34").mkdir(parents=True)
    >>> remove_staging(data); list((data / "builds").iterdir())
    []
    """
    builds = data / "builds"
    for staging in builds.glob(".*") if builds.is_dir() else ():
        if staging.is_dir():
            shutil.rmtree(staging, ignore_errors=True)


def prune(data: Path, keep: str) -> None:
    """Remove old builds (the newest few stay for readers that still hold them) and cached
    documents no remaining build refers to."""
    builds = sorted((p for p in (data / "builds").iterdir() if p.name != keep), reverse=True)
    for old in builds[KEEP_BUILDS - 1 :]:
        if not old.name.startswith("."):  # (staging: `remove_staging`)
            shutil.rmtree(old, ignore_errors=True)
    used = {
        f"{doc_id}-{entry['hash']}.json"
        for build in (data / "builds").iterdir()
        for doc_id, entry in manifest_at(build)["documents"].items()
    }
    for cached in (data / "cache").glob("*.json"):
        if cached.name not in used:
            cached.unlink(missing_ok=True)
            cached.with_suffix(LINES).unlink(missing_ok=True)


def load_payload(doc_id: str, data: Path | None = None, kb: Path | None = None) -> dict:
    """A built document, by id: `meta`, `units` (JSON), `notes`, `unresolved`, `dropped`;
    from the current knowledge base of `data`, or from the knowledge base directory `kb`."""
    path = (kb or current(data)) / f"{doc_id}.json"
    if not path.exists():
        raise KeyError(f"no document {doc_id!r} in the knowledge base")
    return json.loads(path.read_text(encoding="utf-8"))


def load_units(doc_id: str, data: Path | None = None, kb: Path | None = None) -> list[Unit]:
    """The units of a document (by id) from the current knowledge base (or the one in `kb`),
    in document order."""
    return [Unit.from_json(u) for u in load_payload(doc_id, data, kb)["units"]]


def summary(manifest: dict) -> list[str]:
    """One line per document: its counts of laws, sections, subsections, items, definitions
    (of topics and tables for a card).

    >>> summary({"documents": {"fi-2017": {"meta": {"kind": "lawbook", "edition": 2017},
    ...     "counts": {"law": 93, "section": 271}}}})[0][:46]
    'fi-2017  2017 lawbook  laws 93  sections 271  '
    >>> summary({"documents": {"sv-2007-card": {"meta": {"kind": "card", "edition": 2007},
    ...     "counts": {"topic": 11, "table": 2}}}})[0]
    'sv-2007-card  2007 card  topics 11  tables 2'
    """
    lines = []
    for doc_id, entry in sorted(manifest["documents"].items()):
        counts, meta = entry.get("counts", {}), entry["meta"]
        counted = COUNTED_BY_KIND.get(meta["kind"], COUNTED)
        figures = "  ".join(f"{k}s {counts.get(k, 0)}" for k in counted)
        stale = "  (previous build: this document has errors)" if entry.get("stale") else ""
        lines.append(f"{doc_id}  {meta['edition']} {meta['kind']}  {figures}{stale}")
    return lines
