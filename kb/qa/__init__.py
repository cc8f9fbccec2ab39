"""The translators' alignment report: coverage of every law in every document, and the checks
on each aligned unit group (see `kb.qa.checks`), less the reviewed false positives of the
ignore list (`kb.qa.ignore`); exported as text, JSON, TSV, TMX, XLIFF or a termbase
(`kb.qa.formats`). Drift and parser notes are a housekeeping report of their own.

>>> from kb.crosslang.library import get_library
>>> r = report(get_library(), ["fi", "et"])
>>> r.coverage["laws"]["16"]["et"]["missing"]
['16.C.3']
>>> [(f.check, f.id, f.langs) for f in r.findings][:1]
[('missing', '16.C.3', ('et', 'fi'))]
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from kb.crosslang.library import Library
from kb.qa import ignore
from kb.qa.checks import CHECK_FUNCTIONS
from kb.qa.checks.grammar import analysers
from kb.qa.checks.spelling import dictionaries
from kb.qa.groups import Alignment, align_books
from kb.qa.model import ALL_CHECKS, CHECKS, HOUSEKEEPING, Finding, Report


def sort_key(alignment: Alignment, finding: Finding) -> tuple:
    """Findings in a stable order: by check, then law, then place (in the aligned order for
    the books compared unit by unit, else in the document of the finding's first side).

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.model import Where
    >>> a = align_books(get_library(), ["fi"])
    >>> f = Finding("refs", "warning", "12.A", ("fi",), "", (Where("fi", "12.A", "", 1),), "12")
    >>> sort_key(a, f)[:3] == (ALL_CHECKS.index("refs"), 12, a.order["12.A"])
    True
    """
    first = finding.where[0]
    if first.lang in alignment.peers and finding.id in alignment.order:
        place = alignment.order[finding.id]
    else:
        place = alignment.position(first.lang, first.id)
    law = int(finding.law) if finding.law and finding.law.isdigit() else 1000
    return (ALL_CHECKS.index(finding.check), law, place, finding.id, finding.langs, finding.message)


# Checks whose findings do not make a text longer or shorter (slips within a book).
UNEXPLAINING = ("length", "headings", "footnotes", "doubled", "typography", "punctuation",
                "spelling")  # fmt: skip


def one_per_issue(findings: list[Finding]) -> list[Finding]:
    """The findings less the length outliers another finding already explains (the same unit
    and language: a missing clause or reference makes a text short; a misspelt word does
    not).

    >>> from kb.qa.model import Finding
    >>> a = Finding("refs", "warning", "80.B.2.k", ("fi", "et"), "", (), odd=("fi",))
    >>> b = Finding("length", "info", "80.B.2.k", ("fi", "et"), "", (), odd=("fi",))
    >>> [f.check for f in one_per_issue([a, b])]
    ['refs']
    """
    explained = {(f.id, x) for f in findings if f.check not in UNEXPLAINING for x in f.about}
    return [
        f for f in findings
        if f.check != "length" or not any((f.id, x) in explained for x in f.about)
    ]  # fmt: skip


def report(
    library: Library,
    langs: list[str] | None = None,
    checks: list[str] | None = None,
    ignore_list: Path | None = None,
    housekeeping: bool = False,
    own_lists: Sequence[Path] = (),
) -> Report:
    """The alignment report over the chosen languages (default: every document) and checks
    (default: the translator's list, or with `housekeeping` the drift and parser notes), with
    the ignore list applied (default: `kb/data/qa-ignore.toml`), and a reviewer's own lists
    after it (`own_lists`)."""
    langs = langs or library.langs
    unknown = [x for x in langs if x not in library.books]
    if unknown:
        raise KeyError(f"no document for language {unknown[0]!r}")
    return report_on(align_books(library, langs), checks, ignore_list, housekeeping, own_lists)


def report_on(
    alignment: Alignment,
    checks: list[str] | None = None,
    ignore_list: Path | None = None,
    housekeeping: bool = False,
    own_lists: Sequence[Path] = (),
) -> Report:
    """The report over books already aligned. Ignore entries that silence nothing are listed
    for the whole report only (every document and check): they were reviewed against it, and
    a finding may change with the languages compared. A reviewer's own lists (`own_lists`)
    apply after the shipped one.

    >>> from kb.crosslang.library import get_library
    >>> r = report_on(align_books(get_library(), ["fi", "tr", "et"]), ["missing"])
    >>> [f.id for f in r.findings], r.unused_ignores
    (['16.C.3', '30.B.2', '43.A.3'], [])
    """
    listed = HOUSEKEEPING if housekeeping else CHECKS
    found = one_per_issue([f for c in (checks or listed) for f in CHECK_FUNCTIONS[c](alignment)])
    found.sort(key=lambda f: sort_key(alignment, f))
    lists = [ignore.load(ignore_list), *(ignore.load(path) for path in own_lists)]
    entries = [e for entries in lists for e in entries if e["check"] in listed]
    kept, ignored, unused = ignore.apply(found, entries)
    if sorted(alignment.langs) != sorted(alignment.library.langs) or checks:
        unused = []  # the entries were reviewed against the whole report
    coverage = alignment.coverage() | {"reading": reading(list(alignment.langs))}
    return Report(list(alignment.langs), coverage, kept, ignored, unused, listed)


def reading(langs: list[str]) -> dict[str, dict[str, str]]:
    """What each book is read with: its spelling dictionary ("" where none is installed) and,
    where its profile names one, its grammar's analyser ("" where it is not installed).

    >>> found = reading(["fi", "sk"])
    >>> found["fi"], found["sk"]
    ({'dictionary': 'fi (voikko)', 'analyser': 'voikko'}, {'dictionary': 'sk_SK (hunspell)'})
    """
    found = analysers(langs)
    return {x: {"dictionary": d} | ({"analyser": found[x]} if x in found else {})
            for x, d in dictionaries(langs).items()}  # fmt: skip
