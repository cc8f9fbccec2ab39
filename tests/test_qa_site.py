"""The alignment pages through Flask's test client: the coverage matrix, the per-law view,
filters by check and language, every finding linked to both sides, escaped parameters."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from kb.crosslang.library import get_library
from kb.qa import report
from kb.qa.model import ALL_CHECKS, CHECKS
from kb.web.pages.links import unit_url


def page(client: FlaskClient, url: str, status: int = 200) -> str:
    response = client.get(url)
    assert response.status_code == status, (url, response.status_code)
    return response.get_data(as_text=True)


def finding_rows(html: str) -> list[str]:
    return re.findall(r'<tr id="f-\d+" class="\w+">.*?</tr>', html, re.S)


def test_coverage_matrix(client: FlaskClient) -> None:
    html = page(client, "/alignment")
    assert html.count('<tr><th><a href="/compare/') == 93
    assert 'href="/alignment/16?langs=et,fi,sk,sv,tr">25</a> <strong class="error"' in html
    assert "Slovak 2007" in html and "corpus/sv/sv.txt" in html


def test_every_finding_is_linked_to_both_sides(client: FlaskClient) -> None:
    html = page(client, "/alignment")
    findings = report(get_library()).findings
    assert len(finding_rows(html)) == len(findings)
    for f in findings:
        for w in f.where:
            assert f'href="{w.url}" hreflang="{w.lang}"' in html, (f.check, f.id, w.url)
    # Both sides: each compared language (a book's spelling, its abbreviations, its laws'
    # headings and titles and its headings against its contents list are read within the
    # book); a term's two renderings and the book that has one; a heading and its contents
    # entry.
    for f in findings:
        contents = ("headings.contents", "headings.contents.also")
        within = f.check == "spelling" or f.code in (
            "typography.abbreviation", "typography.heading", "typography.small", *contents,
        )  # fmt: skip
        assert len({w.lang for w in f.where}) >= (1 if within else 2), f.id
        if f.code in ("terms", *contents):
            assert f.where[0].id != f.where[1].id and f.where[0].lang == f.where[1].lang


def test_a_findings_place_is_its_book_and_line(client: FlaskClient) -> None:
    """The Where column says a side's book and source line in the reader's language (it said
    "corpus/et/et.txt:1039"); the source path stays in `data-source`, as the CLI and the API
    say it. (16C3, missing from et, belongs after et's 16C, printed on line 1039.)"""
    side = '<a class="side" href="/et/law/16#16C" hreflang="et">16C</a> '
    source = '<small data-source="corpus/et/et.txt:1039">'
    for ui, said in (("en", "Estonian 2017, line 1039"), ("fi", "Vironkielinen (2017), rivi 1039")):
        html = page(client, f"/alignment?ui={ui}")
        assert f"{side}{source}{said}</small>" in html
        findings = html.split('<table class="compare findings">')[1].split("</table>")[0]
        assert "corpus/" not in re.sub(r"<[^>]+>", " ", findings)


def test_site_url_is_the_sites_permalink(app: Flask) -> None:
    with app.test_request_context():
        for f in report(get_library()).findings:
            for w in f.where:
                assert w.url == unit_url(w.lang, w.id)


def test_per_law_view_aligns_units_and_lists_the_laws_findings(client: FlaskClient) -> None:
    html = page(client, "/alignment/27?langs=fi,tr,et")
    assert '<tr id="row-27B2"><th scope="row">27B2' in html
    rows = finding_rows(html)
    refs = [r for r in rows if ">27B2</a>" in r and "et cites 23, the 2007 number of 72C" in r]
    assert len(refs) == 1
    assert 'href="#row-27B2"' in refs[0]
    for side in ("/et/law/27#27B2", "/fi/law/27#27B2", "/tr/law/27#27B2"):
        assert f'href="{side}"' in refs[0]
    assert "Turkish 2017" in html and "Slovak" not in html.split("<h2>Units side by side")[1]


def test_per_law_view_through_the_map(client: FlaskClient) -> None:
    html = page(client, "/alignment/13?langs=fi,sk&check=drift")
    assert '<tr id="row-sk-13E"><th scope="row">13E<br><small>in one document only' in html
    assert "2007 edition: 13D" in html  # 2017 13A is 2007 13D
    drift = next(r for r in finding_rows(html) if "2007 13E has no counterpart" in r)
    assert 'href="#row-sk-13E"' in drift and 'href="/fi/law/13"' in drift


def test_filters_by_check_and_language(client: FlaskClient) -> None:
    html = page(client, "/alignment?check=refs&langs=fi,et")
    rows = finding_rows(html)
    assert rows and all('<td data-check="refs">Cross-references</td>' in r for r in rows)
    assert all("/tr/law/" not in r for r in rows)
    assert '<input type="checkbox" name="langs" value="tr">' in html
    assert '<input type="checkbox" name="check" value="refs" checked>' in html
    both = page(client, "/alignment?check=missing&check=extra&langs=fi&langs=tr&langs=et")
    # Nothing is extra in the real corpus (et's 51B2c is placed by its erratum).
    assert {re.search(r'<td data-check="(\w+)">', r)[1] for r in finding_rows(both)} == {
        "missing"
    }  # fmt: skip
    law = page(client, "/alignment/16?check=drift")
    assert finding_rows(law) and all('data-check="drift"' in r for r in finding_rows(law))


def test_counts_link_to_each_check(client: FlaskClient) -> None:
    html = page(client, "/alignment")
    for check in CHECKS:
        assert f'check={check}">' in html
    assert 'check=missing">Missing units</a>' in html
    assert "15 findings silenced by the ignore list" in html
    # Each silenced finding with its reason.
    assert html.count('<li>Length <a href="') == 7 and "tr spells out" in html
    assert html.count('<li>Empty units <a href="') == 1
    # The housekeeping checks are not in the translator's list but can be asked for.
    assert 'data-check="drift"' not in html
    assert all(f'name="check" value="{c}"' in html for c in ALL_CHECKS)
    fi = page(client, "/alignment?ui=fi")
    assert 'check=missing">Puuttuvat kohdat</a>' in fi and "15 havaintoa on vaiennettu" in fi
    # A silenced finding in the UI language, its reviewer's reason folded away as English.
    assert (
        "fi viittaa kohtaan 30; muissa (et, tr) tässä ei viitata sellaiseen kohtaan. <details "
        'class="note"><summary>Tarkastajan huomautus (englanniksi)</summary><p lang="en">fi '
        "&#39;sovelletaan lakia 31 § lain 30 § sijaan&#39;"
    ) in fi


def test_parameters_are_escaped_and_unknown_ones_dropped(client: FlaskClient) -> None:
    probe = '"><script>alert(1)</script>'
    for url in (
        f"/alignment?langs={probe}",
        f"/alignment?check={probe}",
        f"/alignment/1?langs={probe}",
    ):
        assert "<script>alert(1)" not in page(client, url)
    page(client, "/alignment/999", status=404)
    page(client, f"/alignment/{probe}", status=404)


WORKLIST = {
    "filtered": "/alignment?langs=fi,tr,et&check=modal&check=spelling&severity=warning",
    "note": "/alignment/70?langs=fi,tr,et&id=modal-70.D.1-et",
    "unit": "/alignment?unit=57D",
}


@pytest.mark.slow  # Chromium
@pytest.mark.parametrize(
    "size",
    [
        pytest.param({"width": 390, "height": 844}, marks=pytest.mark.sweep),
        {"width": 1366, "height": 900},
    ],
)
def test_the_worklist_is_axe_clean(browser, base_url: str, size: dict) -> None:
    """The worklist's filters, chips, fix column and note pane: no WCAG 2.2 AA or
    best-practice violation in headless Chromium, at phone and desktop sizes."""
    from axe_playwright_python.sync_playwright import Axe

    from tests.test_reader import AXE

    context = browser.new_context(viewport=size)
    page = context.new_page()
    found = {}
    for name, path in WORKLIST.items():
        page.goto(base_url + path)
        violations = Axe().run(page, options=AXE).response["violations"]
        if violations:
            found[name] = [(v["id"], [n["target"] for n in v["nodes"][:3]]) for v in violations]
    context.close()
    assert not found, found


@pytest.mark.slow  # Chromium
def test_the_worklist_reads_as_cards_on_a_phone(browser, base_url: str) -> None:
    """At 390 px a finding's sentence, fix and places take the screen's width: the table
    does not scroll sideways, and its columns are not squeezed to a word a line."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(base_url + "/alignment?langs=fi,tr,et&check=headings")
    box = page.locator("table.findings").bounding_box()
    wrap = page.locator("table.findings").evaluate(
        "t => [t.scrollWidth, t.parentElement.clientWidth]"
    )
    sentence = page.locator("table.findings tr[id] td:nth-child(5)").first.bounding_box()
    context.close()
    assert box is not None and sentence is not None
    assert wrap[0] <= wrap[1] and sentence["width"] > 300, (wrap, sentence)


def test_the_worklist_filters_and_shows_one_note(client: FlaskClient) -> None:
    html = page(client, "/alignment?langs=fi,tr,et&check=modal&severity=warning&ui=en")
    assert len(finding_rows(html)) == 21  # the modal findings, all warnings
    # Labelled chips, each a link to the page without it.
    assert '<span class="qa-chip-label">Check:</span> Modal force' in html
    assert 'href="/alignment?langs=fi,tr,et&amp;severity=warning"' in html
    assert "Choose a finding" in html  # the note pane waits for a finding
    note = page(client, "/alignment/70?langs=fi,tr,et&id=modal-70.D.1-et&ui=en")
    pane = note[note.index('id="note"') :]
    assert "Proposed fix:" in pane and 'lang="et">Kohtunik ei pea nõudlejalt' in pane
    # A unit as people type it narrows the list to that unit and those below it.
    unit = page(client, "/alignment?unit=57D&ui=en")
    assert {'data-check="headings"', 'data-check="modal"'} <= set(
        re.findall(r'data-check="\w+"', unit)
    )
    assert all(row.count("57.D") for row in finding_rows(unit))


def test_opening_a_note_renders_only_its_pane(client: FlaskClient, monkeypatch) -> None:
    """Each finding's "Note" is a page of its own (`?id=`): its table of findings is the one
    the page without a note shows, rendered once per page and filters, not for every note."""
    import kb.web.alignment as alignment

    tables: list[str] = []
    render = alignment.render_template

    def counting(name: str, **context):
        tables.extend([name] if name == "alignment_findings.html" else [])
        return render(name, **context)

    monkeypatch.setattr(alignment, "render_template", counting)
    first = page(client, "/alignment/16?langs=fi,tr,et&ui=en&id=missing-16.C.3-et")
    ids = re.findall(r"id=([\w.-]+)#note", first)
    assert len(ids) >= 3 and "missing-16.C.3-et" in ids
    notes = [page(client, f"/alignment/16?langs=fi,tr,et&ui=en&id={x}") for x in ids[1:3]]
    assert tables == ["alignment_findings.html"]  # one table for the three notes

    def table(html: str) -> str:
        return html[html.index('<table class="compare findings">') : html.index("</table>")]

    def pane(html: str) -> str:
        return html[html.index('id="note"') : html.index("</aside>")]

    assert all(table(html) == table(first) for html in notes)
    panes = [pane(html) for html in (first, *notes)]
    assert len(set(panes)) == 3 and not any("Choose a finding" in p for p in panes)
    assert 'lang="et">Kui reeglitekohaselt on üksikpakkumine tühistatud' in first
    # Another UI language or another filter is another table.
    page(client, "/alignment/16?langs=fi,tr,et&ui=fi&id=missing-16.C.3-et")
    page(client, "/alignment/16?langs=fi,tr,et&ui=en&check=refs&id=missing-16.C.3-et")
    assert len(tables) == 3
