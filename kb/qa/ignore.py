"""The ignore list: reviewed false positives, each silenced by an entry with its reason.

An entry (`[[ignore]]` in `kb/data/qa-ignore.toml`) names a `check` and an `id` (a unit id or
a glob such as `52.*`), optionally `langs` (the finding must compare all of them) and
`contains` (a piece of its message), and always a `reason`.

>>> from kb.qa.model import Finding
>>> f = Finding("numbers", "info", "12.C.2.b", ("et", "fi"), "figures differ: 3 (et 1; fi 2)", ())
>>> e = {"check": "numbers", "id": "12.C.2.*", "langs": ["et"], "reason": "± 3"}
>>> matches(e, f), matches(e | {"contains": "60%"}, f)
(True, False)
"""

from __future__ import annotations

import tomllib
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from kb.qa.model import CHECKS, Finding

DATA = Path(__file__).resolve().parent.parent / "data" / "qa-ignore.toml"
FIELDS = {"check", "id", "langs", "contains", "reason"}


def load(path: Path | None = None) -> list[dict[str, Any]]:
    """The entries of an ignore list, checked: known fields, a known check, an id, a reason.

    >>> all(e["reason"] for e in load())
    True
    """
    path = path or DATA
    entries = tomllib.loads(path.read_text(encoding="utf-8")).get("ignore", [])
    for n, entry in enumerate(entries, 1):
        unknown = set(entry) - FIELDS
        if unknown or entry.get("check") not in CHECKS or not entry.get("id"):
            raise ValueError(f"{path}: entry {n}: needs a known check and an id ({entry})")
        if not str(entry.get("reason", "")).strip():
            raise ValueError(f"{path}: entry {n}: a reviewed false positive needs its reason")
    return entries


def matches(entry: dict[str, Any], finding: Finding) -> bool:
    """Whether an entry silences a finding."""
    return (
        entry["check"] == finding.check
        and fnmatchcase(finding.id, entry["id"])
        and set(entry.get("langs", [])) <= set(finding.langs)
        and entry.get("contains", "") in finding.message
    )


def apply(
    findings: list[Finding], entries: list[dict[str, Any]]
) -> tuple[list[Finding], list[tuple[Finding, str]], list[dict[str, Any]]]:
    """Split findings into those kept and those an entry silences (with its reason), and
    list the entries that silenced nothing.

    >>> f = Finding("extra", "error", "52.A.c", ("et",), "only in et", ())
    >>> e = [{"check": "extra", "id": "52.*", "reason": "read"}, {"check": "refs", "id": "1"}]
    >>> kept, ignored, unused = apply([f], e)
    >>> kept, [r for _, r in ignored], unused
    ([], ['read'], [{'check': 'refs', 'id': '1'}])
    """
    kept: list[Finding] = []
    ignored: list[tuple[Finding, str]] = []
    used: set[int] = set()
    for finding in findings:
        hit = next((n for n, e in enumerate(entries) if matches(e, finding)), None)
        if hit is None:
            kept.append(finding)
        else:
            used.add(hit)
            ignored.append((finding, entries[hit]["reason"]))
    return kept, ignored, [e for n, e in enumerate(entries) if n not in used]
