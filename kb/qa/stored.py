"""The alignment report over every document, computed once with the build and stored in its
directory, so that the site reads it instead of running the checks when a reader asks: the
report and the housekeeping findings (`alignment.json`), and the aligned groups as unit ids
(`alignment-groups.json`, read when a law's view first asks for them, their units taken from
the library again).

The file names the code it was computed with (`code_key`: the QA and cross-language code and
data); a file of other code is not read (the site then computes the report itself), and
`lawkb build` writes it again. Each side of a finding is stored without the unit's text
(the site shows none; the JSON export, `lawkb qa`, computes its own).

>>> import tempfile
>>> from kb.crosslang.library import get_library
>>> from kb.qa import report
>>> folder = Path(tempfile.mkdtemp())
>>> save(get_library(), folder)
True
>>> found = load(get_library(), folder)
>>> [f.id for f in found.report.findings] == [f.id for f in report(get_library()).findings]
True
>>> [u.id for u in found.alignment.group("16.C.3").units["sk"]]
['16.D']
>>> def groups(a):
...     return [(g.id, {x: [(u.id, u.text) for u in us] for x, us in g.units.items()})
...             for g in a.groups]
>>> groups(found.alignment) == groups(align_books(get_library(), get_library().langs))
True
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from kb import store
from kb.crosslang.library import Library
from kb.qa import report_on
from kb.qa.groups import Alignment, Group, align_books, closings, with_closing
from kb.qa.model import Finding, Report, Where

log = logging.getLogger(__name__)
FILE = "alignment.json"  # written last: with the code's key, it says the report is whole
GROUPS = "alignment-groups.json"
PACKAGE = Path(__file__).resolve().parent.parent
CODE = ("qa", "crosslang", "data")  # what the report is computed with, besides the documents


@dataclass
class Stored:
    """A build's alignment report: the translator's report, the housekeeping findings, and
    the aligned groups (made when first asked for: only a law's view needs them)."""

    report: Report
    housekeeping: list[Finding]
    make_alignment: Callable[[], Alignment]

    @cached_property
    def alignment(self) -> Alignment:
        return self.make_alignment()


@cache
def code_key() -> str:
    """A hash of the code and data the report is computed with (the packages of `CODE`).

    >>> len(code_key())
    16
    """
    h = hashlib.sha256()
    for package in CODE:
        for path in sorted((PACKAGE / package).rglob("*")):
            if path.is_file() and path.suffix != ".pyc":
                h.update(str(path.relative_to(PACKAGE)).encode())
                h.update(path.read_bytes())
    return h.hexdigest()[:16]


def is_current(build: Path) -> bool:
    """Whether a build directory holds the report of the current code."""
    try:
        with (build / FILE).open(encoding="utf-8") as f:
            head = f.read(64)
    except OSError:
        return False
    return head.startswith(f'{{"code": "{code_key()}"')


def save(library: Library, build: Path) -> bool:
    """Compute the report over every document of `library` and store it in `build` (its own
    build directory), unless it is there already for this code. True when written."""
    if is_current(build):
        return False
    alignment = align_books(library, library.langs)
    result = report_on(alignment)
    housekeeping = report_on(alignment, housekeeping=True).findings
    groups = {
        "edition": alignment.edition,
        "peers": alignment.peers,
        "others": alignment.others,
        "cards": alignment.cards,
        "groups": [
            [g.id, {x: [u.id for u in units] for x, units in g.units.items()}]
            for g in alignment.groups
        ],
    }
    payload = {
        "code": code_key(),
        "langs": alignment.langs,
        "report": {
            "coverage": result.coverage,
            "findings": [_finding(f) for f in result.findings],
            "ignored": [[_finding(f), reason] for f, reason in result.ignored],
            "unused_ignores": result.unused_ignores,
            "checks": list(result.checks),
        },
        "housekeeping": [_finding(f) for f in housekeeping],
    }
    store.write_atomic(build / GROUPS, json.dumps(groups, ensure_ascii=False))
    store.write_atomic(build / FILE, json.dumps(payload, ensure_ascii=False))  # the last
    return True


def load(library: Library, build: Path) -> Stored | None:
    """The stored report of a build, its groups over `library` (the same build); None when
    there is none for the current code or its documents differ."""
    if not is_current(build):
        return None
    payload = json.loads((build / FILE).read_text(encoding="utf-8"))
    if payload["langs"] != library.langs:
        return None
    saved = payload["report"]
    result = Report(
        list(payload["langs"]),
        saved["coverage"],
        [_from(f) for f in saved["findings"]],
        [(_from(f), reason) for f, reason in saved["ignored"]],
        saved["unused_ignores"],
        tuple(saved["checks"]),
    )
    housekeeping = [_from(f) for f in payload["housekeeping"]]

    def alignment() -> Alignment:
        saved = json.loads((build / GROUPS).read_text(encoding="utf-8"))
        return _alignment(library, saved)

    return Stored(result, housekeeping, alignment)


def _alignment(library: Library, saved: dict[str, Any]) -> Alignment:
    """The stored alignment over `library`'s books: each group's units looked up by id (a
    peer's unit with the words it prints after its children, as `align_books` makes it)."""
    alignment = Alignment(
        library, library.langs, saved["edition"], saved["peers"], saved["others"], saved["cards"]
    )
    mapped = frozenset(alignment.others + alignment.cards)
    books = {x: library.books[x] for x in library.langs}
    closing = {x: closings(books[x]) for x in alignment.peers}
    for uid, ids in saved["groups"]:
        units = {x: [books[x].by_id[i] for i in members] for x, members in ids.items()}
        for x in alignment.peers:
            units[x] = [with_closing(u, closing[x]) for u in units[x]]
        alignment.groups.append(Group(uid, units, mapped))
    return alignment


def _finding(f: Finding) -> dict[str, Any]:
    """A finding as stored: its fields, each side without the unit's text."""
    return asdict(replace(f, where=tuple(replace(w, text="") for w in f.where)))


def _from(d: dict[str, Any]) -> Finding:
    """A stored finding."""
    return Finding(
        **{
            **d,
            "langs": tuple(d["langs"]),
            "where": tuple(Where(**w) for w in d["where"]),
            "odd": tuple(d["odd"]),
        }
    )


def derive(data: Path, build: Path) -> None:
    """Store the report in a build directory (`kb.build.build`'s `derive`: the build being
    made, or the current one when nothing changed), unless it holds it for this code. A
    corpus the checks cannot read (two editions and no map between them) still builds: the
    report is not stored, and a warning says why."""
    if is_current(build):
        return
    try:
        library = Library(data, build)
        save(library, build)
    except (OSError, ValueError, KeyError) as err:
        if not build.is_dir():
            raise
        log.warning("alignment report not stored with the build: %s", err)
