"""The translators' alignment report: coverage of every law in every document, and the checks
on each aligned unit group (see `kb.qa.checks`), less the reviewed false positives of the
ignore list (`kb.qa.ignore`); exported as text, JSON, TSV or TMX (`kb.qa.formats`).

>>> from kb.library import get_library
>>> r = report(get_library(), ["fi", "et"])
>>> r.coverage["laws"]["16"]["et"]["missing"]
['16.C.3']
>>> [(f.check, f.id, f.langs) for f in r.findings][:1]
[('missing', '16.C.3', ('et', 'fi'))]
"""

from __future__ import annotations

from pathlib import Path

from kb.library import Library
from kb.qa import ignore
from kb.qa.checks import CHECK_FUNCTIONS
from kb.qa.groups import Alignment, align_books
from kb.qa.model import CHECKS, Finding, Report


def sort_key(alignment: Alignment, finding: Finding) -> tuple:
    """Findings in a stable order: by check, then law, then place (in the aligned order for
    the books compared unit by unit, else in the document of the finding's first side).

    >>> from kb.library import get_library
    >>> from kb.qa.model import Where
    >>> a = align_books(get_library(), ["fi"])
    >>> f = Finding("refs", "warning", "12.A", ("fi",), "", (Where("fi", "12.A", "", 1),), "12")
    >>> sort_key(a, f)[:3] == (CHECKS.index("refs"), 12, a.order["12.A"])
    True
    """
    first = finding.where[0]
    if first.lang in alignment.peers and finding.id in alignment.order:
        place = alignment.order[finding.id]
    else:
        place = alignment.position(first.lang, first.id)
    law = int(finding.law) if finding.law and finding.law.isdigit() else 1000
    return (CHECKS.index(finding.check), law, place, finding.id, finding.langs, finding.message)


def report(
    library: Library,
    langs: list[str] | None = None,
    checks: list[str] | None = None,
    ignore_list: Path | None = None,
) -> Report:
    """The alignment report over the chosen languages (default: every document) and checks
    (default: all), with the ignore list applied (default: `kb/data/qa-ignore.toml`)."""
    langs = langs or library.langs
    unknown = [x for x in langs if x not in library.books]
    if unknown:
        raise KeyError(f"no document for language {unknown[0]!r}")
    return report_on(align_books(library, langs), checks, ignore_list)


def report_on(
    alignment: Alignment, checks: list[str] | None = None, ignore_list: Path | None = None
) -> Report:
    """The report over books already aligned. Ignore entries that silence nothing are listed
    for the whole report only (every document and check): they were reviewed against it, and
    a finding may change with the languages compared.

    >>> from kb.library import get_library
    >>> r = report_on(align_books(get_library(), ["fi", "tr", "et"]), ["missing"])
    >>> [f.id for f in r.findings], r.unused_ignores
    (['16.C.3', '30.B.2', '43.A.3'], [])
    """
    found = [f for c in (checks or CHECKS) for f in CHECK_FUNCTIONS[c](alignment)]
    found.sort(key=lambda f: sort_key(alignment, f))
    kept, ignored, unused = ignore.apply(found, ignore.load(ignore_list))
    if sorted(alignment.langs) != sorted(alignment.library.langs) or checks:
        unused = []  # the entries were reviewed against the whole report
    return Report(list(alignment.langs), alignment.coverage(), kept, ignored, unused)
