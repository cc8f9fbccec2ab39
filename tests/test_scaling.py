"""The site as documents are added: a knowledge base of the Finnish and Turkish books, and the
same with each book three times (each copy a document of its own, with the id `fi2`, `fi3`,
... and its book's language, as bench/scale.py grows the corpus). A law page lists the
other documents once, not per unit; the alignment report is computed with the build, stored
in it and read by the site; its pages hold a bounded number of cells.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from unittest import mock
from urllib.parse import urlencode

import pytest
from flask.testing import FlaskClient

from kb import store
from kb.crosslang import library as held_books
from kb.crosslang.library import (
    HELD_PER_BYTE,
    MISPRINTS,
    Library,
    get_library,
    stored_misprints,
)
from kb.pipeline import build
from kb.qa import report, stored
from kb.qa.model import CHECKS
from kb.web import alignment, create_app
from kb.web.cache import caches
from tests.helpers.corpus import copy_corpus

pytestmark = [pytest.mark.slow, pytest.mark.sweep]  # whole builds of the corpus copied three times
CORPUS = Path(__file__).resolve().parent.parent / "corpus"


def built(root: Path, copies: int) -> Path:
    """The Finnish and Turkish books, `copies` times each, built as `lawkb build` does (the
    alignment report stored with the build); the data directory."""
    source = root / "source"
    for lang in ("fi", "tr"):
        shutil.copytree(CORPUS / lang, source / lang, dirs_exist_ok=True)
    for shared in CORPUS.glob("*.toml"):
        shutil.copy(shared, source / shared.name)
    copy_corpus(source, root / "corpus", copies)
    data = root / "data"
    assert build(root / "corpus", data).ok
    return data


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[int, FlaskClient]]:
    """Clients of the two knowledge bases, by copies (the aliases of the larger kept set)."""
    with mock.patch.dict(os.environ):
        small = built(tmp_path_factory.mktemp("one"), 1)
        large = built(tmp_path_factory.mktemp("three"), 3)
        kept = ((1, small), (3, large))
        # no cookies kept: the clients are shared by the module's tests (a book one test
        # chose to search would be another's default)
        clients = ((n, create_app(data).test_client(use_cookies=False)) for n, data in kept)
        yield dict(clients)


def main(client: FlaskClient, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.get_data(as_text=True).split("<main")[1]


def test_a_law_page_lists_the_other_documents_once(sites: dict[int, FlaskClient]) -> None:
    one, three = main(sites[1], "/fi/law/12"), main(sites[3], "/fi/law/12")
    others = three.split('<nav class="other-docs"')[1].split("</nav>")[0]
    links = re.findall(r'href="(/\w+/law/12)" hreflang="(\w+)"', others)
    assert sorted(links) == [(f"/{x}/law/12", x[:2]) for x in ("fi2", "fi3", "tr", "tr2", "tr3")]
    for code in ("fi2", "tr3"):
        assert three.count(f'href="/{code}/law/12"') == 1  # not once per unit
    # Four more documents: a link each in that list and an option each in the search box's
    # book choice, nothing per unit (law 12 has 24 units).
    grown = len(three.encode()) - len(one.encode())
    assert 0 < grown < 4 * 200, grown
    assert three.count('class="cite-link"') == one.count('class="cite-link"') > 20


def test_the_alignment_report_is_read_from_the_build(sites: dict[int, FlaskClient]) -> None:
    client = sites[3]
    data = Path(client.application.config["LAWKB_DATA"])
    build_dir = store.current(data).resolve()
    assert stored.is_current(build_dir) and (build_dir / stored.LAWS).is_file()
    with client.application.app_context():
        caches().kept.clear()  # nothing this build computed before: read
    with (
        mock.patch.object(alignment, "align_books", side_effect=AssertionError("computed")),
        mock.patch.object(alignment, "report_on", side_effect=AssertionError("computed")),
    ):
        page = main(client, "/alignment?ui=en")
        law = main(client, "/alignment/16?ui=en")
    assert '<input type="checkbox" name="langs" value="fi3" checked> Finnish (fi3) 2017' in page
    assert '<tr id="row-16C3"><th scope="row">16C3' in law
    # What the build stored is what the checks find.
    lib = get_library(data)
    found = stored.load(lib, build_dir)
    assert found is not None
    every = [*lib.law_numbers, ""]
    assert [(f.check, f.id, f.langs) for f in found.findings(every, CHECKS)] == [
        (f.check, f.id, f.langs) for f in report(lib).findings
    ]
    # A file of other code is not read: the site computes the report itself.
    text = (build_dir / stored.FILE).read_text(encoding="utf-8")
    (build_dir / stored.FILE).write_text(text.replace(stored.code_key(), "0" * 16, 1), "utf-8")
    try:
        assert stored.load(lib, build_dir) is None
        assert not stored.is_current(build_dir)
    finally:
        (build_dir / stored.FILE).write_text(text, "utf-8")


def test_the_report_is_stored_before_the_build_is_served(tmp_path: Path) -> None:
    """The pipeline stores the report in the build being made while the previous build is
    still served, and into the current build when nothing changed but it lacks the report."""
    data = tmp_path / "data"
    shutil.copytree(CORPUS / "fi", tmp_path / "corpus" / "fi")
    for shared in CORPUS.glob("*.toml"):
        shutil.copy(shared, tmp_path / "corpus" / shared.name)
    assert build(tmp_path / "corpus", data).ok
    first = store.current(data).resolve()
    assert stored.is_current(first)  # every build stores it: `lawkb build` and `build()` alike
    (first / stored.FILE).unlink()
    log = tmp_path / "derived"  # (a build may derive it in a process of its own)

    def derive(data: Path, where: Path) -> None:
        with log.open("a") as said:
            said.write(f"{where}\t{store.current(data).resolve()}\n")
        real(data, where)

    def seen() -> list[tuple[Path, ...]]:
        return [tuple(map(Path, line.split("\t"))) for line in log.read_text().splitlines()]

    real = stored.derive
    with mock.patch.object(stored, "derive", derive):
        assert build(tmp_path / "corpus", data).up_to_date  # nothing changed:
        assert seen() == [(first, first)] and stored.is_current(first)  # the current build
        assert build(tmp_path / "corpus", data, force=True).ok
    made, served = seen()[-1]
    assert made.name.startswith(".") and served == first  # staged while the old one served
    assert stored.is_current(store.current(data).resolve())


def test_alignment_pages_hold_a_bounded_number_of_cells(sites: dict[int, FlaskClient]) -> None:
    """Each page of the report shows a range of laws (their coverage rows and findings) within
    a budget of cells; the pages together show every law and every finding once."""
    client, langs = sites[3], ["fi", "tr", "fi2", "tr2", "fi3", "tr3"]
    url = f"/alignment?ui=en&langs={','.join(langs)}"
    rows = re.compile(r'<tr><th><a href="/compare/(\d+)')
    with mock.patch.object(alignment, "PAGE_BUDGET", 200):
        count = int(re.findall(r'page=(\d+)"', main(client, url))[-1])
        assert count > 2
        pages = [main(client, f"{url}&page={n}") for n in range(1, count + 1)]
        beyond = main(client, f"{url}&page=999")  # the last page
    laws = [rows.findall(page) for page in pages]
    assert [n for x in laws for n in x] == [str(n) for n in range(1, 94)]  # each law once
    assert all(len(x) * len(langs) <= 200 for x in laws)
    assert rows.findall(beyond) == laws[-1]
    assert all('<span aria-current="page">' in page for page in pages)
    # The pager above the findings and the one below them are two landmarks, named apart.
    labels = re.findall(r'<nav class="pager pages" aria-label="([^"]+)"', pages[0])
    assert labels == ["Result pages", "Result pages, below the findings"]
    shown = sum(len(re.findall(r'<tr id="f-\d+" class="\w+">', page)) for page in pages)
    data = client.application.config["LAWKB_DATA"]
    assert shown == len(report(get_library(data), langs).findings) > 0


def test_a_copy_of_a_book_is_searched_as_the_book(sites: dict[int, FlaskClient]) -> None:
    """`fi2`, a second Finnish document, answers as the Finnish book does: through the
    Finnish situation thesaurus (`väärä puolustaja lähti`), the English one (`loot`: Law 54)
    and its text, naming the document it answers from."""

    def hits(query: str, lang: str) -> list[tuple]:
        answer = sites[3].get("/api/v1/search", query_string={"q": query, "lang": lang})
        assert answer.status_code == 200
        found = answer.get_json()["hits"]
        assert {h["document"] for h in found} == {"fi-2017" if lang == "fi" else lang}
        return [(h["id"], h["law"], h["found_by"]) for h in found]

    for query in ("väärä puolustaja lähti", "loot", "revokki tuli pysyväksi"):
        assert hits(query, "fi2") == hits(query, "fi"), query
    loot = [{"by": "situation", "entry": "loot", "lang": "en", "named": None}]
    assert hits("loot", "fi2")[0][1:] == ("54", loot)
    page = sites[3].get("/search", query_string={"q": "väärä puolustaja lähti", "lang": "fi2"})
    assert page.status_code == 200


def test_the_search_page_looks_in_each_languages_main_book_unless_asked(
    sites: dict[int, FlaskClient],
) -> None:
    """With three books per language, the search page's "All languages" (no book chosen)
    answers from each language's main book, as a comparison shows them; "All books"
    (`lang=all`) from every book, which the JSON API searches when no book is named, as it
    always has. With one book per language the page offers only "All books" (the same
    search)."""
    query = "revokki rönons"  # revoke: fi, tr

    def books(client: FlaskClient, **scope: str) -> set[str]:
        page = main(client, "/search?" + urlencode({"q": query, "ui": "en"} | scope))
        return set(re.findall(r'href="/(\w+)/law/6[1-4]', page))

    assert books(sites[3]) == books(sites[3], lang="") == {"fi", "tr"}
    assert books(sites[3], lang="all") == {"fi", "fi2", "fi3", "tr", "tr2", "tr3"}
    assert books(sites[1]) == books(sites[1], lang="all") == {"fi", "tr"}
    every = {"fi-2017", "fi2", "fi3", "tr-2017", "tr2", "tr3"}
    for scope in ({}, {"lang": "all"}):
        answer = sites[3].get("/api/v1/search", query_string={"q": query, "limit": 100} | scope)
        assert {h["document"] for h in answer.get_json()["hits"]} == every
        assert answer.get_json()["lang"] is None
    options = r'<option value="(\w*)"( selected)?>([^<]+)</option>'
    assert re.findall(options, main(sites[3], "/search?q=revokki&lang=all&ui=en"))[:3] == [
        ("", "", "All languages"),
        ("all", " selected", "All books"),
        ("fi", "", "Finnish"),
    ]
    assert re.findall(options, main(sites[1], "/search?q=revokki&ui=en"))[:2] == [
        ("", " selected", "All books"),
        ("fi", "", "Finnish"),
    ]
    cited = sites[3].get("/search", query_string={"q": "laki 63", "lang": "all"})
    assert cited.status_code == 302 and "/compare/63" in cited.location


def test_a_searcher_alone_reads_a_copy_in_its_language(sites: dict[int, FlaskClient]) -> None:
    """A searcher opened where no library was loaded (`lawkb search`, a worker that only
    searches) still reads `fi2` as Finnish: from the index's own list of documents. Without
    it the copy was searched unstemmed (`revokin` found nothing of `revokki`)."""
    from kb.search.searcher import Searcher
    from kb.search.write import index_dir

    data = sites[3].application.config["LAWKB_DATA"]
    searcher = Searcher(index_dir(data).resolve())  # its documents' keys its own
    assert searcher.profiles.language_of("fi2") == "fi"
    ids = [[h["id"] for h in searcher.search("revokin", lang=k)["hits"]] for k in ("fi", "fi2")]
    assert ids[0] == ids[1] and "63" in ids[0]


def test_a_searcher_keeps_a_languages_words_once(sites: dict[int, FlaskClient]) -> None:
    """Three copies of a book: the index holds each language's words once (a field per
    language), each counted in every copy's units, and the words as printed once."""
    from kb.search.searcher import get_searcher

    one, three = (get_searcher(sites[n].application.config["LAWKB_DATA"]) for n in (1, 3))
    assert sorted(three.lexicons) == sorted(one.lexicons) == ["fi", "tr"]
    fi1, fi3 = one.lexicons["fi"].counts["exact"], three.lexicons["fi"].counts["exact"]
    assert fi3.keys() == fi1.keys() and fi3["revokki"] == 3 * fi1["revokki"]
    assert three.display["fi"] == one.display["fi"] and three.display["fi"]["etta"] == "että"
    assert list(three.display) == ["fi", "tr"]


def test_memory_a_load_freed_goes_back_to_the_os() -> None:
    """What a thread allocated while loading and then freed is given back (`give_back`,
    which a server calls once warm): its pages would otherwise stay in the process."""
    script = """
import os, threading
from tests.helpers.servers import rss_mb
from kb.core.memory import give_back

kept = []
def load():
    parsed = [f"{n:07d}" * 100 for n in range(100_000)]  # texts, each its own block
    kept.extend(parsed[::50])
thread = threading.Thread(target=load)
thread.start(); thread.join()
before = rss_mb(os.getpid()); give_back()
print(before, rss_mb(os.getpid()))
"""
    root = CORPUS.parent
    argv = [sys.executable, "-c", script]
    run = subprocess.run(argv, cwd=root, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    before, after = map(float, run.stdout.split())
    assert before - after > 40, (before, after)


def read_books(data: Path) -> list[str]:
    """The books of the current library whose units have been read."""
    return [key for key, book in get_library(data).books.items() if book.is_read]


def test_a_book_is_read_when_a_page_asks_for_it(tmp_path_factory: pytest.TempPathFactory) -> None:
    """A server of many documents holds those its visitors read: the library starts with
    none, the alignment page reads none (the report is stored with the build), a law page
    reads its own book and the book whose units its comparison links follow (the first law
    book of the newest edition: `fi`), not the others (its list of them comes from the
    build's manifest), and the JSON API lists every document's laws and tells a unit's
    counterparts from the manifest."""
    with mock.patch.dict(os.environ):
        data = built(tmp_path_factory.mktemp("lazy"), 3)
        client = create_app(data).test_client()
        get_library(data)
        assert read_books(data) == []
        assert main(client, "/alignment?ui=en") and read_books(data) == []
        # The laws of every document, as the API lists them, from the build's manifest.
        listed = client.get("/api/v1/laws").get_json()["laws"]
        assert read_books(data) == []
        assert len(listed) == 6 * 93 and listed[0] == {
            "lang": "fi",
            "document": "fi-2017",
            "number": "1",
            "title": "PAKKA",
        }
        page = main(client, "/tr2/law/12?ui=en")
        assert 'href="/fi3/law/12" hreflang="fi"' in page
        assert read_books(data) == ["fi", "tr2"]
        # A comparison shows each language's main document unless asked for more.
        page = main(client, "/compare/12?ui=en")
        columns = re.findall(r'<th scope="col" data-doc="[^"]+">([^<]+) 2017', page)
        assert columns == ["Finnish", "Turkish"]
        assert ">+ Finnish (fi2)</a>" in page and ">− Turkish</a>" in page
        assert read_books(data) == ["fi", "tr", "tr2"]
        # A unit's counterparts in every other document, from the ids the build listed
        # (at sixty documents, reading them all took a second and 136 MB).
        unit = client.get("/api/v1/units/fi3/12.C.1.b").get_json()
        assert {c["document"]: c["ids"] for c in unit["counterparts"]} == {
            doc: ["12.C.1.b"] for doc in ("fi-2017", "fi2", "tr-2017", "tr2", "tr3")
        }
        assert read_books(data) == ["fi", "fi3", "tr", "tr2"]
        books = get_library(data).books.values()  # (read now: the listing matches the units)
        titles = [(b.id, u.id, u.title) for b in books for u in b.laws]
        assert [(law["document"], law["number"], law["title"]) for law in listed] == titles


def test_books_read_long_ago_are_let_go(tmp_path_factory: pytest.TempPathFactory) -> None:
    """A server that has read every book holds only those read last, within its budget: a
    book read long ago is let go, and read again when a page asks for it."""
    small = 3 * HELD_PER_BYTE * 700_000  # about three books' units
    with mock.patch.dict(os.environ), mock.patch.multiple(held_books, HELD=small, GRACE=0):
        data = built(tmp_path_factory.mktemp("held"), 3)
        client = create_app(data).test_client()
        library = get_library(data)
        for key in ("tr", "tr2", "tr3", "fi2"):
            assert "<h1>" in main(client, f"/{key}/law/40?ui=en")
        held = read_books(data)
        assert len(held) <= 3 and "fi2" in held and "tr" not in held
        assert "PARTNERIEN SOPIMUKSET" in main(client, "/fi3/law/40?ui=en")
        assert "fi3" in read_books(data) and len(read_books(data)) <= 3
        assert library.book("tr").law("40").title == "ORTAKLIK ANLAŞMALARI"  # read again
        assert library.book("tr").is_read


def test_books_over_the_budget_are_let_go_when_their_grace_runs_out() -> None:
    """Books read within the grace stay held past the budget while a reader reads on; once
    the reader stops, the least recently read go when their grace runs out, with no further
    reading to set it off (what a reader of every page leaves behind is given back)."""
    library = get_library()
    # (a grace that reading four books fits in on a busy two-core machine: 0.5 s did not,
    # once, while the other worker built a report)
    held = held_books.Held(budget=2 * HELD_PER_BYTE * 600_000, grace=3.0)
    books = [
        held_books.Book(b.key, b.meta, b.path, held=held)
        for b in library.books.values()
        if b.kind == "lawbook"
    ]
    assert all(len(book.units) > 0 for book in books)  # four books read within the grace
    assert [book.is_read for book in books] == [True] * 4
    deadline = time.monotonic() + 30
    while sum(book.is_read for book in books) > 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert [book.is_read for book in books] == [False, False, True, True]
    assert held.size <= held.budget


def test_misprints_stored_with_the_build_are_those_judged_at_load(sites) -> None:
    """The misprints judged at build (`misprints.json`) give a book the references, citers and
    unresolved list that judging them across the loaded books gives (a build made before they
    were stored is judged when it is loaded, and a book let go and read again keeps them)."""
    data = Path(sites[3].application.config["LAWKB_DATA"])
    build_dir = store.current(data).resolve()
    stored_lib = Library(data)
    judged_file = build_dir / MISPRINTS
    kept = judged_file.read_bytes()
    judged_file.unlink()
    try:
        fresh = Library(data)
    finally:
        judged_file.write_bytes(kept)
    assert fresh.judged == stored_lib.judged
    fresh.held.grace = 0
    fresh.held.limit(1)  # every book but the last read let go: read again with its fixes
    for key, book in fresh.books.items():
        mine = stored_lib.books[key]
        assert mine.unresolved == book.unresolved
        assert [(u.refs, u.cited_by) for u in mine.units] == [
            (u.refs, u.cited_by) for u in book.units
        ]
    assert [(m.lang, m.unit, m.entry) for m in stored_lib.misprints] == [
        (m.lang, m.unit, m.entry) for m in fresh.misprints
    ]
    assert any(m.lang == "fi3" and m.entry["code"] == "12B2d" for m in fresh.misprints)


def test_a_document_that_is_not_its_languages_main_one_keeps_its_column(
    sites: dict[int, FlaskClient],
) -> None:
    """From `tr2`'s law page the comparison shows the main documents and `tr2`; its cite page
    offers each language's main document as the other languages."""
    page = main(sites[3], "/tr2/law/12?ui=en")
    assert 'href="/compare/12?langs=fi,tr,tr2">' in page
    compared = main(sites[3], "/compare/12?langs=fi,tr,tr2&ui=en")
    assert re.findall(r'<th scope="col" data-doc="\w+">([^<]+) 2017', compared) == [
        "Finnish",
        "Turkish",
        "Turkish (tr2)",
    ]
    cite = main(sites[3], "/cite?lang=tr2&id=12.C.1&ui=en")
    others = re.findall(r'href="/cite\?lang=(\w+)&amp;id=([\w.]+)"', cite)
    assert others == [("fi", "12.C.1"), ("tr", "12.C.1")]


def test_what_a_build_stored_with_other_code_is_made_again(tmp_path: Path) -> None:
    """Misprints judged by other code are judged again at load and stored again by the next
    build; a manifest whose entries do not list their laws (numbers and titles) and units'
    ids is made again (from the cached documents) by the next build."""
    data = tmp_path / "data"
    shutil.copytree(CORPUS / "fi", tmp_path / "corpus" / "fi")
    shutil.copytree(CORPUS / "tr", tmp_path / "corpus" / "tr")
    for shared in CORPUS.glob("*.toml"):
        shutil.copy(shared, tmp_path / "corpus" / shared.name)
    assert build(tmp_path / "corpus", data).ok
    current = store.current(data).resolve()
    judged = current / MISPRINTS
    stale = json.loads(judged.read_text(encoding="utf-8"))
    stale["code"] = "0" * 16
    judged.write_text(json.dumps(stale), "utf-8")
    assert stored_misprints(current) is None
    fresh = Library(data)
    assert fresh.judged == stale["documents"]  # judged again at load: the same books
    manifest = json.loads((current / "manifest.json").read_text(encoding="utf-8"))
    for entry in manifest["documents"].values():
        del entry["laws"], entry["law_titles"], entry["ids"]
    (current / "manifest.json").write_text(json.dumps(manifest), "utf-8")
    for cached in (data / "cache").glob("*.json"):  # documents cached before the lists
        payload = json.loads(cached.read_text(encoding="utf-8"))
        del payload["entry"]["laws"], payload["entry"]["law_titles"], payload["entry"]["ids"]
        cached.write_text(json.dumps(payload), "utf-8")
    old = Library(data)
    assert "12.C.1.b" in old.book("fi").ids  # read from its units
    assert old.book("fi").law_numbers[:2] == ["1", "2"]
    assert old.book("fi").law_titles[:2] == [("1", "PAKKA"), ("2", "KILPAILUBRIKAT")]
    report = build(tmp_path / "corpus", data)
    assert report.ok and not report.up_to_date and report.reused == ["fi-2017", "tr-2017"]
    rebuilt = store.current(data).resolve()
    assert rebuilt != current and stored_misprints(rebuilt) == stale["documents"]
    laws = json.loads((rebuilt / "manifest.json").read_text(encoding="utf-8"))["documents"]
    assert laws["tr-2017"]["laws"] == [str(n) for n in range(1, 94)]
    assert laws["tr-2017"]["law_titles"] == [u.title for u in old.book("tr").laws]
    assert laws["tr-2017"]["ids"].split() == [u.id for u in old.book("tr").units]
    # a manifest of the round before, which listed laws but not ids, is made again too (from
    # the cached documents, which still lack them: the list is made as they are read)
    manifest = json.loads((rebuilt / "manifest.json").read_text(encoding="utf-8"))
    for entry in manifest["documents"].values():
        del entry["ids"]
    (rebuilt / "manifest.json").write_text(json.dumps(manifest), "utf-8")
    report = build(tmp_path / "corpus", data)
    assert report.ok and not report.up_to_date
    again = json.loads((store.current(data) / "manifest.json").read_text(encoding="utf-8"))
    assert again["documents"]["fi-2017"]["ids"].split()[:3] == ["front", "toc", "introduction"]


def test_a_book_read_by_two_requests_at_once_is_read_once(sites) -> None:
    """Two threads asking for a book's units at the same moment get one list (the second
    waits for the first's read), with the misprints' fixes applied once."""
    import threading

    data = Path(sites[3].application.config["LAWKB_DATA"])
    lib = Library(data)
    book = lib.book("fi2")
    start = threading.Barrier(4)
    seen = []

    def read() -> None:
        start.wait()
        seen.append(book.units)

    threads = [threading.Thread(target=read) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(seen) == 4 and all(units is seen[0] for units in seen)
    assert book.law("12") is next(u for u in seen[0] if u.id == "12")
