"""Every page type in every UI language speaks that language: no English word of the
interface outside the brand and the international citation, no msgid left untranslated, no
placeholder left unfilled; laws headed and cited in each book's own forms."""

from __future__ import annotations

import re
import shutil
from functools import cache
from pathlib import Path
from string import Formatter

import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po
from flask.testing import FlaskClient
from werkzeug.exceptions import RequestEntityTooLarge

from kb import store
from kb.crosslang import editions
from kb.crosslang.align import not_in
from kb.crosslang.editions import EditionMap
from kb.crosslang.library import get_library
from kb.layers import glossary
from kb.profiles import load_profile, load_situations
from kb.qa import report_on
from kb.qa.groups import align_books
from kb.qa.model import MESSAGES, Finding
from kb.web import create_app
from kb.web.labels import FINDINGS, check_name, finding_text, reason_text
from kb.web.pages.errors import error_response
from tests.conftest import parsed
from tests.helpers.shown import BRAND, Seen, internal_ids, read

TRANSLATIONS = Path(__file__).resolve().parent.parent / "site" / "translations"
UI = ["fi", "tr", "sk", "et", "sv"]
# A page of every type the site has, over every book; the English interface is read too (for
# internal ids: `INTERNAL_ID`). The documentation (/docs/) is left out: it is written for
# federations and developers, in English, and speaks of the ids (marked English, by design).
PAGES = [
    # home: a law book's and the card's
    "/", "/?lang=sv", "/?lang=tr",
    # law pages: tables (77), a heading's and footnotes' references (38, 70), a misprint note
    # (et 73), a rule printed elsewhere (et 51), a card's law (its comparison)
    "/fi/law/12", "/fi/law/38", "/fi/law/70", "/tr/law/22", "/sk/law/77", "/sk/law/93",
    "/et/law/73", "/et/law/51", "/et/law/77", "/sv/law/16",
    # parts outside the laws, the card's topics and tables
    "/fi/part/options", "/fi/part/index", "/fi/part/introduction", "/et/part/index",
    "/et/part/appendix-2", "/tr/part/front", "/sk/part/introduction", "/sv/part/topic.62",
    "/sv/part/table.27",
    # definitions and the subject index of every book
    "/fi/definitions", "/tr/definitions", "/sk/definitions", "/et/definitions",
    "/fi/index", "/tr/index", "/sk/index", "/et/index", "/sv/index",
    # comparison and table mode
    "/compare/12", "/compare/16", "/compare/50", "/compare/77", "/compare/13?langs=fi,sk,sv",
    "/table/12?langs=fi,sk&unit=12.C.1", "/table/77?langs=tr,sk&unit=77.table.2",
    # search: hits, a plural, nothing, the form, English words on a book, pages
    "/search", "/search?q=rangaistuskortti", "/search?q=rangaistuskortit", "/search?q=qqqzzzxxy",
    "/search?q=revoke&lang=sv", "/search?q=lead+out+of+turn&lang=tr", "/search?q=pelaaja&page=2",
    # cite: the form, failures, a unit, a table, a definition
    "/cite", "/cite?q=Law+12C9", "/cite?q=xyzzy+plugh", "/cite?lang=tr&id=12.C.1.b",
    "/cite?lang=fi&id=77.table.6", "/cite?lang=sk&id=12.C", "/cite?lang=et&id=38.D",
    # the translators' report
    "/alignment", "/alignment?check=drift", "/alignment?check=source", "/alignment/16",
    "/alignment/13?langs=fi,sk", "/alignment/52?langs=fi,tr,et", "/alignment/51",
    # the offline page and errors: not found, a value too long, too many parameters, a query
    # string too long (414); a POST (405), a body too large (413) and a site whose index is
    # being built (503) are read by `test_every_error_page_speaks_the_ui_language`
    "/offline", "/nope", "/fi/law/999", "/search?q=" + "x" * 2001,
    "/fi/law/12?" + "&".join(["q=a"] * 60), "/fi/law/12?q=" + "a" * 9000,
]  # fmt: skip
# English the interface may show beside the brand (`BRAND`): words every language here uses.
ALLOWED = {"imp", "ocr"}
# Words of the English vocabulary that are words of the interface language too, where its
# own books do not print them (`printed`).
SHARED = {
    "et": {"mine"},
    "sk": {"list", "parameter", "text"},
    "sv": {"bad", "cell", "extra", "form", "led", "per", "situation", "text", "version"},
}
# The English a page of another interface may hold, each marked as such (`lang="en"`) and in
# one of these: the language switcher naming English in English, the international citation,
# a reviewer's or parser's note folded under a summary that says it is English, and English
# a book or its index prints (`english`: a definition's English term, the English entries
# under a subject index's, a part a book prints in English).
ENGLISH_PLACES = {"ui-langs", "cite-texts", "note", "english"}
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]\b|\{\w*\}")


@cache
def catalog(lang: str):
    with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=lang)


def words(text: str) -> set[str]:
    """The words of a text, lower case; placeholders, addresses and codes (`12C1b`,
    `corpus/fi/fi.txt:12`) left out."""
    text = PLACEHOLDER.sub(" ", re.sub(r"https?://\S+", " ", text))
    plain = [t for t in text.split() if not re.search(r"[\d.#/]\w", t)]
    return {w.lower() for w in re.findall(r"[^\W\d_]{2,}", " ".join(plain))}


@cache
def english() -> frozenset[str]:
    """The English the site holds: every word of every English msgid, of the English terms
    of the Estonian subject index, of the English situations and of the glossary's names."""
    out: set[str] = set()
    for message in catalog("fi"):
        for msgid in message.id if isinstance(message.id, tuple) else (message.id,):
            out |= words(msgid)
    for entry in next(u for u in parsed("et").units if u.kind == "index").entries:
        out |= words(entry.get("english", ""))
    for _codes, phrases in load_situations("en")[1]:
        out |= words(" ".join(phrases))
    for key in glossary.concepts():
        out |= words(" ".join(glossary.english(key)))
    return frozenset(out - ALLOWED)


@cache
def printed(lang: str) -> frozenset[str]:
    """The words the books of a language print as its own: every unit's words, of its subject
    index only its terms (the Estonian one prints an English term on each row, shown marked
    as English), none of the parts a book prints in another language (the Finnish book's WBF
    introduction and preface, in English). A word of the English vocabulary the book prints
    in its own text is a word of the language ("on" is Finnish, "revoke" the Swedish card's)."""
    out: set[str] = set()
    for doc in (parsed(code) for code in ("fi", "tr", "sk", "et", "sv")):
        if doc.lang != lang:
            continue
        regions = load_profile(lang).regions if doc.kind == "lawbook" else ()
        foreign = {r.id for r in regions if r.lang and r.lang != lang}
        for u in doc.units:
            if u.kind == "index":
                out |= words(" ".join(f"{e['term']} {e.get('heading', '')}" for e in u.entries))
            elif u.id not in foreign:
                out |= words(" ".join((u.title, u.term or "", u.text, u.tail, u.raw or "")))
                out |= words(" ".join(u.header))
                out |= words(" ".join(c for row in u.rows for c in row))
    for _codes, phrases in load_situations(lang)[1]:  # as its players write (code-mixing too)
        out |= words(" ".join(phrases))
    return frozenset(out)


@cache
def reader() -> FlaskClient:
    """A client of the site (after the `app` fixture built the knowledge base)."""
    return create_app().test_client()


@cache
def page(url: str, ui: str) -> Seen:
    """A page as a reader of an interface language meets it (read once per test session)."""
    response = reader().get(url + ("&" if "?" in url else "?") + f"ui={ui}", follow_redirects=True)
    return read(response.get_data(as_text=True), ui)


def leaks(url: str, ui: str) -> list[tuple[str, object]]:
    """What a reader of interface `ui` meets on a page that the interface must not show: an
    internal id; English outside `ENGLISH_PLACES` (marked English) or `SHARED` and `ALLOWED`
    (in the interface's text); a placeholder left unfilled; a message left untranslated."""
    return found_in(page(url, ui), ui)


def found_in(seen: Seen, ui: str) -> list[tuple[str, object]]:
    """What a page seen by a reader of interface `ui` shows that it must not (`leaks`)."""
    found: list[tuple[str, object]] = [("id", i) for i in internal_ids(seen)]
    text = " ".join(seen.ui).replace(BRAND, " ")
    if PLACEHOLDER.search(text):
        found.append(("placeholder", PLACEHOLDER.findall(text)))
    if ui == "en":
        return found
    shared = SHARED.get(ui, set()) | printed(ui)
    found += [("English", w) for w in sorted(words(text) & english() - shared)]
    for tag, classes, said in seen.english:
        if not classes & ENGLISH_PLACES:
            found.append(("marked English", f"<{tag}> {said[:60]}"))
    msgids = [m.id for m in catalog(ui) if isinstance(m.id, str) and len(words(m.id)) > 2]
    found += [("msgid", m) for m in msgids if m in text]
    return found


@pytest.mark.usefixtures("app")
@pytest.mark.parametrize("ui", ["en", *UI])
def test_every_page_speaks_the_ui_language(ui: str) -> None:
    """Every page type, every interface language: no internal id anywhere (text, title,
    shown attributes, window title), no English outside the allowed places, nothing left
    untranslated or unfilled."""
    problems = {url: found for url in PAGES if (found := leaks(url, ui))}
    assert not problems, problems


@pytest.mark.usefixtures("app")
def test_every_error_page_speaks_the_ui_language(tmp_path: Path) -> None:
    """The error pages a GET of `PAGES` does not reach, in every interface: a POST (405), a
    body too large (413: Flask renders it when a server in front passes the error on) and a
    site whose search index is being built (503), each headed and said in the language."""
    data = tmp_path / "data"
    shutil.copytree(store.data_dir(), data, symlinks=True)
    (store.current(data) / "index").unlink()
    building = create_app(data).test_client()
    problems = {}
    for ui in ["en", *UI]:
        with reader().application.test_request_context(f"/fi/law/12?ui={ui}", method="POST"):
            too_large = error_response(RequestEntityTooLarge())[0]
        answers = {
            405: reader().post(f"/search?ui={ui}").get_data(as_text=True),
            413: too_large,
            503: building.get(f"/search?q=revoke&ui={ui}").get_data(as_text=True),
        }
        for code, html in answers.items():
            seen = read(html, ui)
            heading = re.search(r"<h1>(.*?)</h1>", html)[1]
            msgids = {m.id for m in catalog(ui)} if ui != "en" else set()
            assert heading in seen.ui and heading not in msgids, (ui, code, heading)
            if found := found_in(seen, ui):
                problems[(ui, code)] = found
    assert not problems, problems


@pytest.mark.usefixtures("app")
def test_the_books_words_are_marked_with_their_language() -> None:
    """In the Swedish interface (no law book's language), a stretch of the interface's text
    holding three words or more that only the law books print (and the interface never says)
    is a book's wording left unmarked: a screen reader would read it in the interface's
    voice (et definitions' footnotes, a Slovak table's name in a comparison's label). (In
    English, the books' English terms and the reviewers' English notes quoting them would
    blur the check.)"""
    books = frozenset().union(*(printed(lang) for lang in ("fi", "tr", "sk", "et")))
    said = printed("sv") | {w for m in catalog("sv") for w in words(f"{m.id} {m.string}")}
    problems = [
        (url, text[:80])
        for url in PAGES
        for text in page(url, "sv").ui
        if len((words(text) & books) - said) >= 3
    ]
    assert not problems, problems


def test_the_test_sees_english_and_ids() -> None:
    seen = read(
        '<p>Haku <span lang="en">the book</span> <b title="Law of the card">x</b> 12A 77.table.6'
        ' <small class="english" lang="en">Penalty card</small></p>',
        "fi",
    )
    assert words(" ".join(seen.ui)) & english() == {"law", "of", "the", "card"}
    assert [(t, said) for t, classes, said in seen.english if not classes & ENGLISH_PLACES] == [
        ("span", "the book")
    ]
    assert internal_ids(seen) == ["77.table"]


@pytest.mark.parametrize("ui", UI)
def test_catalog_is_complete(ui: str) -> None:
    """Every message translated (each plural form), none fuzzy, none left as its msgid
    (unless it has no words), and the same placeholders as the msgid."""
    for message in catalog(ui):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings) and not message.fuzzy, message.id
        for string in strings:
            assert string not in ids or not words(string), (ui, string)
            assert set(PLACEHOLDER.findall(string)) <= set(PLACEHOLDER.findall(ids[-1]))


@pytest.mark.parametrize("ui", UI)
def test_catalog_has_each_message_once(ui: str) -> None:
    """Babel keeps the last of two entries with one msgid; msgfmt refuses the catalog."""
    path = TRANSLATIONS / ui / "LC_MESSAGES" / "messages.po"
    entries = re.findall(r"^msgid ", path.read_text(encoding="utf-8"), re.M)
    assert len(entries) == len(catalog(ui)) + 1  # the header is an entry Babel does not count


CITE = {
    "fi": ("laki 12C9 §", "laki 12C §", "”foo bar”", "laki 12C1b §"),
    "tr": ("Yasa 12C9", "Yasa 12C", "“foo bar”", "Yasa 12C1(b)"),
    "sk": ("pravidlo 12C9", "pravidlo 12C", "„foo bar“", "pravidlo 12C1(b)"),
    "et": ("reegel 12C9", "reegel 12C", "„foo bar“", "reegel 12C1b"),
    "sv": ("lag 12C9", "lag 12C", "”foo bar”", "lag 12C1(b)"),
}


def alert(page: str) -> str:
    """The text of a page's alert (a citation's error), tags left out."""
    found = re.search(r'role="alert">(.*?)</p>', page, re.S)[1]
    return re.sub(r"<[^>]+>", "", found).replace("&#34;", '"')


@pytest.mark.parametrize("ui", UI)
def test_citation_errors_in_the_readers_language(client: FlaskClient, ui: str) -> None:
    cited, nearest, query, example = CITE[ui]
    missing = client.get(f"/cite?q=Law+12C9&lang=fi&ui={ui}")
    assert missing.status_code == 404
    said = alert(missing.get_data(as_text=True))
    assert cited in said and nearest in said and "does not exist" not in said
    # the book named by its title, never by a language's name ("Suomi 2017" reads as a country)
    assert "Vuoden 2017 kilpailubridgen laki" in said and "2017”" not in said.replace("laki”", "")
    nonsense = client.get(f"/cite?q=foo+bar&ui={ui}").get_data(as_text=True)
    said = alert(nonsense)
    assert query in said and example in said and "not a citation" not in said
    assert f"{example}, " in client.get(f"/cite?ui={ui}").get_data(as_text=True)


@pytest.mark.parametrize(
    "lang, heading, national",
    [
        ("fi", "12 §", "Laki 12C1b § – Vuoden 2017 kilpailubridgen laki: ”b. Korvaavaa"),
        ("tr", "Yasa 12", "Yasa 12C1(b) – 2017, Uluslararası Briç Yasaları: “(b) Hakem"),
        ("sk", "Pravidlo 12", "Pravidlo 12C1(b) – Pravidlá súťažného bridžu z roku 2007: „(b) Ak"),
        ("et", "Reegel 12", "Reegel 12C1b – Turniiribridži reeglid 2017: „b) Kui"),
    ],
)
def test_law_page_in_the_books_own_forms(
    client: FlaskClient, lang: str, heading: str, national: str
) -> None:
    """A law headed as its book heads it; the ready-to-copy citation in the book's style,
    opening with a capital, the book named by its title as running text writes it, after
    the language's dash (never `--`)."""
    for ui in ("en", lang, "sv"):
        page = client.get(f"/{lang}/law/12?ui={ui}").get_data(as_text=True)
        assert f'<h1><span class="num">{heading}</span>' in page
        page = client.get(f"/cite?lang={lang}&id=12.C.1.b&ui={ui}").get_data(as_text=True)
        assert national in page.replace("&#34;", '"') and " -- " not in page
    textarea = re.findall(r"<textarea[^>]*>([^<]*)</textarea>", page)
    assert textarea[0].startswith("Law 12C1(b) – Laws of Duplicate Bridge ")
    assert "translation" not in textarea[1] and "Laws of Duplicate Bridge" not in textarea[1]


def test_named_strings_are_fixed(client: FlaskClient) -> None:
    assert "<title>Uluslararası Briç Yasaları · Bridge Laws KB</title>" in client.get(
        "/?ui=tr"
    ).get_data(as_text=True)
    for url in PAGES:
        sep = "&" if "?" in url else "?"
        assert "iba v jazyku" not in client.get(f"{url}{sep}ui=sk").get_data(as_text=True), url
        assert "Nationella val" not in client.get(f"{url}{sep}ui=sv").get_data(as_text=True), url
    assert '<h1 lang="fi">Lain optiot</h1>' in client.get("/fi/part/options?ui=fi").get_data(
        as_text=True
    )


def test_language_switcher_names_each_language_in_itself(client: FlaskClient) -> None:
    page = client.get("/?ui=fi").get_data(as_text=True)
    switcher = re.search(r'<nav class="ui-langs".*?</nav>', page, re.S)[0]
    names = re.findall(r'<span class="name">([^<]+)</span>', switcher)
    assert names == ["Eesti", "English", "Slovenčina", "Suomi", "Svenska", "Türkçe"]
    # Documents are listed by their names in the reader's language: Finnish "Eesti" is viro.
    nav = re.search(r'<nav class="langs".*?</nav>', page, re.S)[0]
    assert re.findall(r"^\s*<a [^>]*>(\w+)", nav, re.M) == [
        "Ruotsi",
        "Slovakki",
        "Suomi",
        "Turkki",
        "Viro",
    ]


def test_every_message_code_has_its_sentence_on_the_site() -> None:
    assert set(FINDINGS) == set(MESSAGES)


@cache
def real_findings() -> dict[str, list]:
    """Each message code the real report emits (the translator's list and the housekeeping,
    over every document and over pairs), with its findings."""
    lib = get_library()
    found: dict[str, list] = {}
    for langs in (lib.langs, ["fi", "sk"], ["sk", "sv"], ["et", "tr"]):
        alignment = align_books(lib, langs)
        for house in (False, True):
            for f in report_on(alignment, housekeeping=house).findings:
                found.setdefault(f.code, []).append(f)
    return found


@pytest.mark.parametrize("ui", UI)
def test_every_finding_sentence_is_said_in_the_ui_language(ui: str) -> None:
    """Every code the real report emits is said in the UI language with its parameters:
    its catalog sentence translated (each plural form the findings need), every placeholder
    filled, no English word of the interface left outside the quoted wording."""
    found = real_findings()
    assert {"missing.peer", "numbers", "refs.differ", "clauses.figure", "length", "terms",
            "drift.book.gone", "source.marker", "source.cell"} <= set(found)  # fmt: skip
    problems = []
    with create_app().test_request_context(f"/?ui={ui}"):
        for code, findings in found.items():
            for f in findings:
                text = said(ui, f)
                left = (words(text) & english()) - SHARED.get(ui, set()) - printed(ui)
                if left or PLACEHOLDER.search(text) or FINDINGS[code].message in text:
                    problems.append((code, f.message, text, sorted(left)))
    assert not problems, problems[:5]


def said(ui: str, f: Finding) -> str:
    """A finding's sentence as a reader of the UI language sees it (quoted wording left out)."""
    return " ".join(read(str(finding_text(f)), ui).ui)


@pytest.mark.parametrize("ui", UI)
def test_codes_the_real_report_does_not_emit_are_said_too(ui: str) -> None:
    """The codes today's corpus does not produce (a card's 2007 unit that moved as part of
    another, English left in a unit, ...) with made-up parameters of the right kinds."""
    problems = []
    for code in sorted(set(MESSAGES) - set(real_findings())):
        names = {n for _, n, _, _ in Formatter().parse(MESSAGES[code]) if n}
        params = {n: 2 if n in ("below", "count", "words") else "x1" for n in names}
        f = Finding(code.split(".")[0], "info", "1.A", ("fi", "et"), "", (), code=code,
                    params=params)  # fmt: skip
        with create_app().test_request_context(f"/?ui={ui}"):
            text = said(ui, f)
        left = (words(text) & english()) - SHARED.get(ui, set()) - printed(ui)
        if left or PLACEHOLDER.search(text) or FINDINGS[code].message in text:
            problems.append((code, text, sorted(left)))
    assert not problems, problems


def test_finding_sentences_quote_the_books_and_fold_english_away() -> None:
    found = real_findings()
    doubled = next(f for f in found["doubled"] if f.id == "40.B.1.c")
    marker = next(f for f in found["source.marker"] if "mängupaigas" in f.params["why"])
    figures = next(f for f in found["numbers"] if f.id == "7.B.2")
    with create_app().test_request_context("/?ui=fi"):
        assert str(finding_text(doubled)) == (
            'fi: sana toistuu kahdesti: <span lang="fi">”jokainen jokainen”</span>'
        )
        assert str(finding_text(marker)).startswith(
            "Alaviitemerkki 28 tarkoittaa alaviitettä 26 (tarkistettu korjaus). <details "
            'class="note"><summary>Tarkastajan huomautus (englanniksi)</summary><p lang="en">'
            "&#39;mängupaigas²⁸&#39; in 76:"
        )
        assert str(finding_text(figures)) == (
            "Nämä luvut esiintyvät kirjoissa eri monta kertaa: 3 (fi: 1 kerran; et, tr: 0 "
            "kertaa), "
            "13 (fi: 0 kertaa; et, tr: 1 kerran)."
        )
        length = next(f for f in found["length"] if f.id == "81.C.5")
        assert str(finding_text(length)) == (
            "Tekstin fi pituus on tekstiin tr verrattuna 0,64 kertaa tavanomainen (64 merkkiä; "
            "tr: 93)."
        )
    with create_app().test_request_context("/?ui=sk"):
        assert "(fi: 1 raz; et, tr: 0-krát)" in str(finding_text(figures))


def test_the_editions_are_named_from_the_data_and_written_as_years(monkeypatch) -> None:
    """No sentence writes an edition's year: a finding carries the years it speaks of (the
    edition map's), a check's name and a missing counterpart's reason take them from the map,
    and a year is written as a year in every UI language (never grouped: `2 017`)."""
    drift = next(f for f in real_findings()["drift.card"] if f.id == "topic.62")
    assert (drift.params["older"], drift.params["newer"]) == (2007, 2017)
    other = Finding("missing", "warning", "1.B", ("sk",), "", (), code="missing.other",
                    params={"id": "1.B", "odd": "sk", "edition": 2017,
                            "expected": "1"})  # fmt: skip
    earlier = Finding("drift", "info", "3.A", ("xx",), "", (), code="drift.book.gone",
                      params={"id": "3.A", "uid": "3.A", "targets": "", "key": "3.A",
                              "older": 1997, "newer": 2007})  # fmt: skip
    with create_app().test_request_context("/?ui=fi"):
        assert str(finding_text(drift)) == (
            '<span lang="sv">KORRIGERING AV REVOKE</span> viittaa vuoden 2007 kohtaan 16D, joka '
            "on vuonna 2017 16C."
        )
        assert "vuoden 2017 laitoksessa" in str(finding_text(other))
        assert (
            str(finding_text(earlier)) == "Vuoden 1997 kohdalla 3A ei ole vastinetta vuonna 2007."
        )
        assert (check_name("drift"), reason_text(not_in(2007))) == (
            "Muutokset 2007–2017",
            "ei vuoden 2007 laitoksessa",
        )
        monkeypatch.setattr(editions, "default_map", lambda: EditionMap({}, (1997, 2007)))
        assert (check_name("drift"), check_name("edition")) == (
            "Muutokset 1997–2007",
            "Vuoden 1997 numerot",
        )
        assert reason_text(not_in(1997)) == "ei vuoden 1997 laitoksessa"


def messages(catalog) -> set[tuple[str, str, str]]:
    """A catalog's messages: context, msgid and plural msgid (the header left out)."""
    return {
        (m.context or "", *(m.id if isinstance(m.id, tuple) else (m.id, "")))
        for m in catalog
        if m.id
    }


def test_the_catalogs_hold_every_message_the_code_says(tmp_path: Path) -> None:
    """`pybabel extract -F babel.cfg` (what regenerates the catalogs) finds exactly the
    messages of messages.pot and of every catalog: a message the code says that a catalog
    lacks fails (a stale catalog), and so does one no code says any more."""
    pot = tmp_path / "messages.pot"
    root = TRANSLATIONS.parent.parent
    CommandLineInterface().run(
        ["pybabel", "-q", "extract", "-F", str(root / "babel.cfg"), "--no-location",
         "-o", str(pot), str(root)]
    )  # fmt: skip
    with pot.open("rb") as f:
        said = messages(read_po(f))
    assert len(said) > 200
    with (TRANSLATIONS / "messages.pot").open("rb") as f:
        assert messages(read_po(f)) == said
    for ui in UI:
        assert messages(catalog(ui)) == said, ui
