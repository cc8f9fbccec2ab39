"""The translators' alignment report on the site: `/alignment` (coverage matrix and findings)
and `/alignment/<n>` (one law's units aligned across the chosen languages, with its findings),
filtered by `?langs=fi,et` and `?check=numbers` (repeatable); plain GET forms, no JavaScript.
The findings are the translator's list of `lawkb qa`; the housekeeping checks (drift, source)
show when asked for (`?check=drift`).

>>> from kb.web import create_app
>>> client = create_app().test_client()
>>> client.get("/alignment/16?langs=fi,et").status_code, client.get("/alignment/99").status_code
(200, 404)
"""

from __future__ import annotations

import re
import threading
from pathlib import Path
from urllib.parse import quote

from flask import (
    Blueprint,
    Flask,
    abort,
    current_app,
    has_request_context,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from markupsafe import Markup
from werkzeug.exceptions import HTTPException

from kb.core.ids import anchor, inside, law_of, unit_path, within
from kb.crosslang.library import Library, get_library
from kb.qa import report_on, stored
from kb.qa.groups import Alignment, align_books
from kb.qa.model import ALL_CHECKS, CHECKS, SEVERITIES, Finding
from kb.web import params
from kb.web.cache import cached_page, caches
from kb.web.current import library
from kb.web.i18n import ui_lang

bp = Blueprint("alignment", __name__)
_computing = threading.Lock()  # one computation at a time: a second request waits for it


def compute(data: Path, langs: tuple[str, ...]) -> stored.Stored:
    """The report, the housekeeping findings and the alignment of the current build over
    some documents (in the library's order), by law: over every document as the build stored
    it (`kb.qa.stored`, read a law at a time), else computed."""
    lib = get_library(data)
    found = stored.load(lib, lib.build_dir) if list(langs) == lib.langs else None
    if found is not None:
        return found
    alignment = align_books(lib, list(langs))
    housekeeping = report_on(alignment, housekeeping=True).findings
    return stored.Stored.of(report_on(alignment), housekeeping, alignment)


def chosen() -> tuple[Library, list[str], list[str]]:
    """The library, the documents asked for (`?langs=fi,et` or repeated; default: every
    document, unknown ones dropped) in the order asked for, which the pages show them in,
    and the checks asked for (default: the translator's).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/alignment?langs=et,xx&langs=fi&check=refs"):
    ...     chosen()[1:]
    (['et', 'fi'], ['refs'])
    """
    lib = library()
    asked = [lib.key(x) for x in params.values("langs")]
    langs = [x for x in dict.fromkeys(asked) if x in lib.books] or lib.langs
    asked_checks = params.values("check")
    checks = [c for c in ALL_CHECKS if c in asked_checks] or list(CHECKS)
    return lib, langs, checks


def worklist() -> dict[str, list[str] | str]:
    """The reviewer's filters of the findings beside the languages and checks: severities
    (`?severity=error`, repeatable; default: all), a unit (`?unit=16.C`: that unit and the
    units below it, or a law number) and the finding whose note is shown (`?id=`, a
    finding's `note_id`).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/alignment?severity=error&severity=x&unit=16C"):
    ...     worklist()
    {'severity': ['error'], 'unit': '16.C', 'id': ''}
    """
    severities = [s for s in SEVERITIES if s in params.values("severity")]
    unit = request.args.get("unit", "").strip()[:40]
    return {"severity": severities, "unit": canonical(unit), "id": request.args.get("id", "")[:80]}


def canonical(unit: str) -> str:
    """A unit as people type it (`16C1`, `16.C.1`, `16`) as its id; "" for anything else.

    >>> canonical("16C1"), canonical("16.c"), canonical("x<"), canonical("")
    ('16.C.1', '16.C', '', '')
    """
    found = re.fullmatch(r"(\d{1,2})\.?([A-Ha-h])?\.?(\d)?\.?([a-z])?", unit)
    if not found:
        return ""
    parts = [found[1], (found[2] or "").upper(), found[3] or "", found[4] or ""]
    return ".".join(p for p in parts if p)


def note_id(f: Finding) -> str:
    """A finding's stable name for `?id=`: its check, unit and blamed books.

    >>> note_id(Finding("refs", "warning", "20.F.6", ("et", "fi"), "", (), odd=("et",)))
    'refs-20.F.6-et'
    """
    return f"{f.check}-{f.id}-{'.'.join(f.about)}"


def narrowed(findings: list[Finding], filters: dict) -> list[Finding]:
    """The findings the reviewer's filters keep (`worklist`)."""
    unit = filters["unit"]
    return [
        f for f in findings
        if (not filters["severity"] or f.severity in filters["severity"])
        and (not unit or within(f.id, unit))
    ]  # fmt: skip


def note_sides(lib: Library, finding: Finding | None) -> list[tuple[str, str, str]]:
    """The note pane's sides of a finding: each book's place, offending words and the unit's
    text (read from the library: the stored report keeps no texts)."""
    if finding is None:
        return []
    sides = []
    for w in finding.where:
        unit = lib.book(w.lang).by_id.get(w.id)
        sides.append((w.lang, w.words, w.text or (unit.text if unit else "")))
    return sides


def chips(lib: Library, langs: list[str], checks: list[str], filters: dict) -> list[dict]:
    """The active filters as labelled chips, each with the address of the page without it
    (the default choices, every language and the translator's checks, are no chip).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/alignment?check=refs&severity=error&ui=en"):
    ...     [(c["label"], c["value"], c["href"]) for c in chips(library(), library().langs,
    ...                                                        ["refs"], worklist())]
    [('Check', 'Cross-references', '/alignment?severity=error'), ('Severity', 'error', \
'/alignment?check=refs')]
    """
    from kb.web import labels
    from kb.web.i18n import language_name

    asked = [(k, v) for k, v in params.canonical() if k in CHIP_PARAMS]
    shown: list[tuple[str, str, str]] = []
    if langs != lib.langs:
        shown += [("langs", x, language_name(x)) for x in langs]
    if checks != list(CHECKS):
        shown += [("check", c, labels.check_name(c)) for c in checks]
    shown += [("severity", s, labels.severity_name(s)) for s in filters["severity"]]
    if filters["unit"]:
        shown.append(("unit", str(filters["unit"]), str(filters["unit"])))
    names = {"langs": _("Language"), "check": _("Check"), "severity": _("Severity"),
             "unit": _("Unit")}  # fmt: skip
    found = []
    for key, value, label in shown:
        rest = [(k, _without(v, value) if k in params.MULTI else v) if k == key else (k, v)
                for k, v in asked if not (k == key == "unit")]  # fmt: skip
        query = "&".join(f"{k}={quote(v, safe=',')}" for k, v in rest if v)
        found.append({"label": names[key], "value": label,
                      "href": request.path + ("?" + query if query else "")})  # fmt: skip
    return found


CHIP_PARAMS = ("langs", "check", "severity", "unit")


def _without(languages: str, lang: str) -> str:
    """A comma-separated list (of languages, checks, severities) without one.

    >>> _without("fi,tr,et", "tr"), _without("fi", "fi")
    ('fi,et', '')
    """
    return ",".join(x for x in languages.split(",") if x and x != lang)


def worklist_page(lib: Library, langs: list[str], checks: list[str], findings: list[Finding],
                  filters: dict) -> dict:  # fmt: skip
    """What a page's worklist shows: the findings the filters keep, the filters, the finding
    whose note is open with its sides, and the chips."""
    kept = narrowed(findings, filters)
    note = next((f for f in kept if note_id(f) == filters["id"]), None)
    return {"findings": kept, "filters": filters, "note": note,
            "note_sides": note_sides(lib, note),
            "chips": chips(lib, langs, checks, filters)}  # fmt: skip


def finding_rows(lib: Library, findings: list[Finding], links: list[str | None]) -> Markup:
    """The worklist's table of findings (`links`: each finding's unit link, if any), rendered
    once per build, UI language, page and filters: the same for every finding whose note is
    open (`?id=`), so opening a note renders only its pane, not the 400 KB of rows again.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/alignment?id=x"):
    ...     lib = library()
    ...     rows = finding_rows(lib, [], [])
    ...     rows is finding_rows(lib, [], []), "No findings." in rows
    (True, True)
    """
    key = (ui_lang(), request.path, tuple((k, v) for k, v in params.canonical() if k != "id"))
    kept = caches().per_build("worklist rows", size=32)  # (at most 13 MB a build)
    return kept.get(lib.build_id, key, lambda: Markup(render_template(
        "alignment_findings.html", findings=findings, links=links, note_id=note_id)))  # fmt: skip


def current(lib: Library, langs: list[str]) -> stored.Stored:
    """The report of the current build over some documents, computed once per build for
    the documents in the library's order (any order asked for is the same report), one
    computation at a time; a request whose reader left while it waited is not computed."""
    key = tuple(x for x in lib.langs if x in langs)
    data = Path(current_app.config["LAWKB_DATA"])
    reports = caches().per_build("alignment reports", size=16)  # a choice of documents each
    found = reports.peek(lib.build_id, key)
    if found is not None:
        return found
    with _computing:
        asking = request.environ if has_request_context() else {}
        gone = asking.get("waitress.client_disconnected")
        if gone is not None and gone():
            raise ClientLeft()
        return reports.get(lib.build_id, key, lambda: compute(data, key))


class ClientLeft(HTTPException):
    """A reader who left before an uncached page was made: nothing is made or sent."""

    code = 499
    description = "The client closed the connection."


def warm(app: Flask) -> threading.Thread:
    """Read the report over every document in the background (a server calls this as it
    starts; computed when the build did not store it), so that the first visitor of
    `/alignment` does not wait for it.

    >>> from kb.web import create_app
    >>> warm(create_app()).join()
    """

    def run() -> None:
        with app.app_context():
            lib = library()
            current(lib, lib.langs)

    thread = threading.Thread(target=run, name="alignment-warm", daemon=True)
    thread.start()
    return thread


# Coverage cells and finding sides on one page of /alignment: the five documents' report
# (253 findings: 1,001; 382: 1,288) is one page; twelve copies of them are pages of laws.
PAGE_BUDGET = 1500


def law_pages(weights: dict[str, int], budget: int) -> list[list[str]]:
    """The laws in pages of consecutive laws, each page as many as fit in `budget` (at least
    one law), `weights` being what a law shows: so a page does not grow with the number of
    documents times the number of laws.

    >>> law_pages({"1": 5, "2": 5, "3": 5}, budget=10), law_pages({"1": 30, "2": 5}, budget=10)
    ([['1', '2'], ['3']], [['1'], ['2']])
    """
    pages: list[list[str]] = []
    used = budget
    for number, weight in weights.items():
        if used + weight > budget:
            pages.append([])
            used = 0
        pages[-1].append(number)
        used += weight
    return pages or [[]]


def page_number(count: int) -> int:
    """The page asked for (`?page=`, from 1), within the `count` pages there are.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/alignment?page=3"):
    ...     page_number(5), page_number(2)
    (3, 2)
    """
    try:
        asked = int(request.args.get("page", "1"))
    except ValueError:
        asked = 1
    return max(1, min(count, asked))


@bp.route("/alignment")
@cached_page
def index():
    """The documents and the counts per check, then, a page of laws at a time, the coverage
    matrix and the findings (those outside the laws on the last page)."""
    lib, langs, checks = chosen()
    found = current(lib, langs)
    tally = found.sides(checks)
    sides = {n: len(langs) + tally.get(n, 0) for n in found.report.coverage["laws"]}
    pages = law_pages(sides, PAGE_BUDGET)
    page = page_number(len(pages))
    laws = set(pages[page - 1]) | ({""} if page == len(pages) else set())
    filters = worklist()
    if filters["unit"]:
        laws = {law_of(str(filters["unit"])) or ""}
    shown = worklist_page(lib, langs, checks, found.findings(laws, checks), filters)
    links = [url_for("alignment.law", number=f.law, langs=",".join(langs)) if f.law else None
             for f in shown["findings"]]  # fmt: skip
    return render_template(
        "alignment.html",
        findings_table=finding_rows(lib, shown["findings"], links),
        library=lib,
        langs=langs,
        checks=checks,
        all_checks=ALL_CHECKS,
        report=found.report,
        counts=found.counts(),
        coverage={n: row for n, row in found.report.coverage["laws"].items() if n in laws},
        **shown,
        per_law=found.per_law(checks),
        pages=[(p[0], p[-1]) if p else ("", "") for p in pages],
        page=page,
    )


def law_rows(alignment: Alignment, number: str) -> list[dict]:
    """The law's groups as rows (a unit of the other edition shown at its first row only,
    with its descendants unless it is the law), then rows for the other edition's units of the
    law no row shows.

    >>> from kb.crosslang.library import get_library
    >>> rows = law_rows(align_books(get_library(), ["fi", "sk"]), "13")
    >>> [u.id for u in rows[1]["cells"]["sk"]["units"]], rows[-1]["anchor"], rows[-1]["only"]
    (['13.D', '13.D.1', '13.D.2', '13.D.2.a', '13.D.2.b'], 'sk-13E', 'sk')
    """
    rows: list[dict] = []
    seen: dict[str, set[str]] = {x: set() for x in alignment.langs}
    for group in alignment.law_groups(number):
        cells = {}
        for lang in alignment.langs:
            units = [u for u in group.units.get(lang, []) if u.id not in seen[lang]]
            if lang in alignment.others:  # a unit of the other edition stands whole
                book = alignment.book(lang)
                for unit in [u for u in units if u.kind != "law"]:
                    units += [u for u in book.units if inside(u.id, unit.id)]
            cells[lang] = {"units": units, "above": bool(group.units.get(lang)) and not units}
            seen[lang].update(u.id for u in units)
        rows.append({"id": group.id, "anchor": anchor(group.id), "cells": cells, "only": None})
    for lang in alignment.others:
        for unit in alignment.book(lang).law_units(number):
            if unit.id not in seen[lang]:
                cells = {x: {"units": [], "above": False} for x in alignment.langs}
                cells[lang] = {"units": [unit], "above": False}
                row_anchor = f"{lang}-{anchor(unit.id)}"
                rows.append({"id": unit.id, "anchor": row_anchor, "cells": cells, "only": lang})
    return rows


@bp.route("/alignment/<number>")
@cached_page
def law(number: str):
    """One law's findings, then its units side by side, each finding linked to its row."""
    lib, langs, checks = chosen()
    if number not in lib.law_numbers:
        abort(404, _("Law %(n)s is not in any document.", n=number[:10]))
    found = current(lib, langs)
    alignment = found.alignment_of(number)
    shown = worklist_page(lib, langs, checks, found.findings([number], checks), worklist())
    findings = shown["findings"]
    rows = law_rows(alignment, number)
    row_of: dict[tuple[str, str], str] = {}
    for row in rows:
        for lang, cell in row["cells"].items():
            for unit in cell["units"]:
                row_of.setdefault((lang, unit.id), row["anchor"])
    finding_row = []  # the row showing a finding's unit (its own id first), if any
    for f in findings:
        sides = [(w.lang, w.id) for w in sorted(f.where, key=lambda w: w.id != f.id)]
        finding_row.append(next((row_of[side] for side in sides if side in row_of), None))
    shown_units = {x: [u for row in rows for u in row["cells"][x]["units"]] for x in langs}
    by_row: dict[str, list[int]] = {}
    for n, row_id in enumerate(finding_row):
        if row_id is not None:
            by_row.setdefault(row_id, []).append(n)
    links = [f"#row-{row_id}" if row_id else None for row_id in finding_row]
    return render_template(
        "alignment_law.html",
        findings_table=finding_rows(lib, findings, links),
        library=lib,
        number=number,
        langs=langs,
        checks=checks,
        all_checks=ALL_CHECKS,
        alignment=alignment,
        rows=rows,
        **shown,
        by_row=by_row,
        site_url=unit_path,
        shown=shown_units,
        anchor=anchor,
    )
