"""The alignment report over every document, computed once with the build and stored in its
directory, so that the site reads it instead of running the checks when a reader asks, and
reads only the laws a page shows: `alignment.json` holds the coverage, the silenced findings
and, per law, how many findings each check has there; `alignment-laws.jsonl` holds, a line
per law (and one for the findings outside the laws), the law's findings (the translator's
and the housekeeping ones, each with its place in the whole report) and its aligned groups
as unit ids (their units are taken from the library again).

The files name the code they were computed with (`code_key`: the QA and cross-language code
and data); files of other code are not read (the site then computes the report itself), and
`lawkb build` writes them again. Each side of a finding is stored without the unit's text
(the site shows none; the JSON export, `lawkb qa`, computes its own).

>>> import tempfile
>>> from kb.crosslang.library import get_library
>>> from kb.qa import report
>>> from kb.qa.model import CHECKS
>>> lib, folder = get_library(), Path(tempfile.mkdtemp())
>>> save(lib, folder)
True
>>> found = load(lib, folder)
>>> every = set(lib.law_numbers) | {""}
>>> [f.id for f in found.findings(every, ["missing"])]
['16.C.3', '30.B.2', '43.A.3']
>>> [f.id for f in found.findings(every, CHECKS)] == [f.id for f in report(lib).findings]
True
>>> [u.id for u in found.alignment_of("16").group("16.C.3").units["sk"]]
['16.D']
>>> def groups(a):
...     return [(g.id, {x: [(u.id, u.text) for u in us] for x, us in g.units.items()})
...             for g in a.groups if g.law == "16"]
>>> groups(found.alignment_of("16")) == groups(align_books(lib, lib.langs)) != []
True
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable
from dataclasses import fields, replace
from functools import cache
from pathlib import Path
from typing import Any

from kb import store
from kb.core.code import packages_hash
from kb.crosslang.library import Library
from kb.qa import report_on
from kb.qa.groups import Alignment, Group, align_books, closings, with_closing
from kb.qa.model import Finding, Report, Where

log = logging.getLogger(__name__)
FILE = "alignment.json"  # written last: with the code's key, it says the report is whole
LAWS = "alignment-laws.jsonl"
CODE = ("qa", "crosslang", "data", "profiles")  # what the report is computed with, besides the
# documents (the profiles hold the words the checks read)


class Stored:
    """A build's alignment report over some books, by law: the coverage, the silenced
    findings and the counts per check (`report`), and each law's findings and groups, read
    when a page asks for them (`read(law, "findings")`, `read(law, "groups")`; the law ""
    holds the findings outside the laws).
    """

    def __init__(
        self,
        library: Library,
        report: Report,
        tally: dict[str, dict[str, list[int]]],
        shape: dict[str, Any],
        read: Callable[[str, str], list[Any]],
    ) -> None:
        self.library = library
        self.report = report  # its findings left empty: they are read a law at a time
        self.tally = tally  # per law, per check: [findings, their sides]
        self.shape = shape  # the alignment's edition, peers, others and cards
        self.read = read
        self._counts = {c: sum(t.get(c, [0])[0] for t in tally.values()) for c in report.checks}

    @classmethod
    def of(cls, report: Report, housekeeping: list[Finding], alignment: Alignment) -> Stored:
        """The report, housekeeping findings and alignment, as computed, by law."""
        laws: dict[str, dict[str, Any]] = {}
        for n, f in enumerate([*report.findings, *housekeeping]):
            entry = laws.setdefault(f.law or "", {"findings": [], "groups": []})
            entry["findings"].append((n, f))
        for group in alignment.groups:
            laws.setdefault(group.law or "", {"findings": [], "groups": []})["groups"].append(group)
        tally: dict[str, dict[str, list[int]]] = {}
        for law, entry in laws.items():
            for _n, f in entry["findings"]:
                count = tally.setdefault(law, {}).setdefault(f.check, [0, 0])
                count[0] += 1
                count[1] += len(f.where)
        shape = {k: getattr(alignment, k) for k in ("edition", "peers", "others", "cards")}
        empty = {"findings": [], "groups": []}
        summary = replace(report, findings=[])
        return cls(
            alignment.library, summary, tally, shape, lambda law, part: laws.get(law, empty)[part]
        )

    def counts(self) -> dict[str, int]:
        """Findings per check of the translator's report (`Report.counts`)."""
        return dict(self._counts)

    def sides(self, checks: Iterable[str]) -> dict[str, int]:
        """Per law (or "" outside the laws), the sides of its findings of some checks."""
        wanted = set(checks)
        return {
            law: sum(t[1] for c, t in per.items() if c in wanted) for law, per in self.tally.items()
        }

    def per_law(self, checks: Iterable[str]) -> dict[str, int]:
        """Per law, its findings of some checks (laws with none left out)."""
        wanted = set(checks)
        found = {
            law: sum(t[0] for c, t in per.items() if c in wanted) for law, per in self.tally.items()
        }
        return {law: n for law, n in found.items() if n and law}

    def findings(self, laws: Iterable[str], checks: Iterable[str]) -> list[Finding]:
        """The findings of some laws ("" outside the laws) and checks, in the report's order
        (the translator's findings, then the housekeeping)."""
        wanted = set(checks)
        found = [(n, f) for law in laws for n, f in self.read(law, "findings") if f.check in wanted]
        return [f for _n, f in sorted(found, key=lambda x: x[0])]

    def alignment_of(self, number: str) -> Alignment:
        """The alignment of the books over one law (its groups only)."""
        s = self.shape
        langs = list(self.report.langs)
        alignment = Alignment(
            self.library, langs, s["edition"], s["peers"], s["others"], s["cards"]
        )
        alignment.groups = list(self.read(number, "groups"))
        return alignment


@cache
def code_key() -> str:
    """A hash of the code and data the report is computed with (the packages of `CODE`).

    >>> len(code_key())
    16
    """
    return packages_hash(CODE)[:16]


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
    housekeeping = report_on(alignment, housekeeping=True).findings
    found = Stored.of(report_on(alignment), housekeeping, alignment)
    lines, where, at = [], {}, 0
    for law in found.tally.keys() | {g.law or "" for g in alignment.groups}:
        # a law's findings, then its groups: a line each (a page of findings reads no groups)
        findings = [[n, _finding(f)] for n, f in found.read(law, "findings")]
        groups = [
            [g.id, {x: [u.id for u in units] for x, units in g.units.items()}]
            for g in found.read(law, "groups")
        ]
        pair = [json.dumps(part, ensure_ascii=False).encode() for part in (findings, groups)]
        where[law] = [at, len(pair[0]), len(pair[1])]
        lines += pair
        at += len(pair[0]) + len(pair[1]) + 2
    result = found.report
    payload = {
        "code": code_key(),
        "langs": result.langs,
        "coverage": result.coverage,
        "ignored": [[_finding(f), reason] for f, reason in result.ignored],
        "unused_ignores": result.unused_ignores,
        "checks": list(result.checks),
        "tally": found.tally,
        "shape": found.shape,
        "lines": where,
    }
    store.write_atomic(build / LAWS, b"\n".join(lines).decode() + "\n")
    store.write_atomic(build / FILE, json.dumps(payload, ensure_ascii=False))  # the last
    return True


def load(library: Library, build: Path) -> Stored | None:
    """The stored report of a build over `library` (the same build); None when there is none
    for the current code or its documents differ."""
    if not is_current(build):
        return None
    payload = json.loads((build / FILE).read_text(encoding="utf-8"))
    if payload["langs"] != library.langs:
        return None
    result = Report(
        list(payload["langs"]),
        payload["coverage"],
        [],
        [(_from(f), reason) for f, reason in payload["ignored"]],
        payload["unused_ignores"],
        tuple(payload["checks"]),
    )
    shape, lines = payload["shape"], payload["lines"]
    closing: dict[str, dict[str, list[Any]]] = {}  # a peer's, at the first law read
    mapped = frozenset(shape["others"] + shape["cards"])

    def read(law: str, part: str) -> list[Any]:
        if law not in lines:
            return []
        at, findings, groups = lines[law]
        if part == "groups":
            at, length = at + findings + 1, groups
        else:
            length = findings
        with (build / LAWS).open("rb") as f:
            f.seek(at)
            entry = json.loads(f.read(length))
        if part == "findings":
            return [(n, _from(f)) for n, f in entry]
        out = []
        for uid, ids in entry:
            units = {x: [library.books[x].by_id[i] for i in members] for x, members in ids.items()}
            for x in shape["peers"]:  # a peer's unit with what it prints after its children
                if units[x] and x not in closing:
                    closing[x] = closings(library.books[x])
                units[x] = [with_closing(u, closing[x]) for u in units[x]]
            out.append(Group(uid, units, mapped))
        return out

    return Stored(library, result, payload["tally"], shape, read)


def _finding(f: Finding) -> dict[str, Any]:
    """A finding as stored: its fields, each side without the unit's text (its parameters
    and fix are the finding's own, not copied: to be written out, not changed).

    >>> w = Where("fi", "1", "corpus/fi/fi.txt", 9, 4, "sana", "Teksti sana.")
    >>> _finding(Finding("doubled", "info", "1", ("fi",), "m", (w,)))["where"][0]["text"]
    ''
    """
    data = {k.name: getattr(f, k.name) for k in fields(f)}
    data["where"] = [{k.name: getattr(w, k.name) for k in fields(w)} | {"text": ""}
                     for w in f.where]  # fmt: skip
    return data


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
    """Store the report in a build directory (`kb.pipeline.build` calls it: the build being
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
