"""The ignore list: reviewed false positives, each silenced by an entry with its reason.

An entry (`[[ignore]]` in `kb/data/qa-ignore.toml`, or in a reviewer's own list: `lawkb qa
--ignore FILE`) is keyed by structured fields: a `check` and an `id` (a unit id or a glob such
as `52.*`), optionally `code` (the finding's message code or a glob: `typography.clause`, so
"*" for the id silences one kind of finding across a book), `langs` (the languages the
finding blames, its `odd` ones: so the entry holds whichever other books are compared) and
`key` (the finding's hash of the blamed texts: a changed text brings the finding back), and
always a `reason`.

>>> from kb.qa.model import Finding, Where
>>> w = Where("et", "12.C.2.b", "corpus/et/et.txt", 941, text="± 3 impi")
>>> f = Finding("numbers", "error", "12.C.2.b", ("et", "fi"), "figures differ", (w,))
>>> e = {"check": "numbers", "id": "12.C.2.*", "langs": ["et"], "reason": "± 3"}
>>> matches(e, f), matches(e | {"key": f.key}, f), matches(e | {"key": "0" * 12}, f)
(True, True, False)
>>> f = Finding("typography", "info", "53.B", ("fi",), "", (), code="typography.clause")
>>> e = {"check": "typography", "id": "*", "langs": ["fi"], "reason": "the book's habit"}
>>> matches(e | {"code": "typography.clause"}, f), matches(e | {"code": "typography.comma"}, f)
(True, False)
"""

from __future__ import annotations

import tomllib
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from kb.qa.model import ALL_CHECKS, MESSAGES, Finding

DATA = Path(__file__).resolve().parent.parent / "data" / "qa-ignore.toml"
FIELDS = {"check", "id", "code", "langs", "key", "reason"}


def load(path: Path | None = None) -> list[dict[str, Any]]:
    """The entries of an ignore list, checked: a TOML file, known fields, a known check, an
    id, a code some message has, a reason; a ValueError naming the file (and the entry)
    otherwise.

    >>> all(e["reason"] for e in load())
    True
    """
    path = path or DATA
    try:
        entries = tomllib.loads(path.read_text(encoding="utf-8")).get("ignore", [])
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise ValueError(f"{path}: not an ignore list ({err})") from err
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise ValueError(f"{path}: not an ignore list (each entry an [[ignore]] table)")
    for n, entry in enumerate(entries, 1):
        unknown = set(entry) - FIELDS
        if unknown or entry.get("check") not in ALL_CHECKS or not entry.get("id"):
            raise ValueError(f"{path}: entry {n}: needs a known check and an id ({entry})")
        code = entry.get("code", "*")
        if not any(fnmatchcase(c, str(code)) for c in MESSAGES):
            raise ValueError(f"{path}: entry {n}: no message has the code {code!r}")
        if not str(entry.get("reason", "")).strip():
            raise ValueError(f"{path}: entry {n}: a reviewed false positive needs its reason")
    return entries


def matches(entry: dict[str, Any], finding: Finding) -> bool:
    """Whether an entry silences a finding."""
    return (
        entry["check"] == finding.check
        and fnmatchcase(finding.id, entry["id"])
        and fnmatchcase(finding.code, entry.get("code", "*"))
        and set(entry.get("langs", [])) <= set(finding.about)
        and entry.get("key", finding.key) == finding.key
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
