"""Every page type in every UI language speaks that language: no English word of the
interface outside the brand and the international citation, no msgid left untranslated, no
placeholder left unfilled; laws headed and cited in each book's own forms."""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from string import Formatter

import pytest
from babel.messages.pofile import read_po
from flask.testing import FlaskClient

from kb.crosslang import editions
from kb.crosslang.align import not_in
from kb.crosslang.editions import EditionMap
from kb.crosslang.library import get_library
from kb.qa import report_on
from kb.qa.groups import align_books
from kb.qa.model import MESSAGES, Finding
from kb.web import create_app
from kb.web.labels import FINDINGS, check_name, finding_text, reason_text

TRANSLATIONS = Path(__file__).resolve().parent.parent / "site" / "translations"
UI = ["fi", "tr", "sk", "et", "sv"]
PAGES = [
    "/",
    "/?lang=sv",
    "/fi/law/12",
    "/tr/law/16",
    "/sk/law/13",
    "/et/law/77",
    "/compare/12",
    "/compare/13?langs=fi,sk,sv",
    "/search?q=rangaistuskortti",
    "/search?q=rangaistuskortit",
    "/search?q=qqqzzzxxy",
    "/search",
    "/fi/definitions",
    "/fi/part/options",
    "/et/part/appendix-2",
    "/sv/part/topic.62",
    "/cite",
    "/cite?q=Law+12C9",
    "/cite?q=foo+bar",
    "/cite?lang=tr&id=12.C.1.b",
    "/table/12?langs=fi,sk&unit=12.C.1",
    "/search?q=pelaaja&page=2",
    "/offline",
    "/alignment",
    "/alignment/13?langs=fi,sk",
    "/alignment/16",
    "/alignment/52?langs=fi,tr,et",
    "/nope",
    "/fi/law/999",
]
# English that belongs on every page: the brand, and words these languages share with it.
ALLOWED = {"bridge", "laws", "kb", "imp", "ocr"}
SHARED = {
    "et": {"number", "see"},
    "sk": {"by", "do", "list", "so", "text", "to"},
    "sv": {"be", "cell", "extra", "for", "hand", "per", "revoke", "situation", "text"},
}
# Attributes a reader sees or hears.
SHOWN = ("title", "placeholder", "aria-label", "alt")
VOID = {"br", "input", "meta", "link", "img", "hr", "wbr", "source"}
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]\b|\{\w*\}")


@cache
def catalog(lang: str):
    with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=lang)


def words(text: str) -> set[str]:
    """The words of a text, lower case; placeholders, addresses and codes (`77.table.1`,
    `#12C1b`, `topic.62`, `corpus/fi/fi.txt:12`) left out."""
    text = PLACEHOLDER.sub(" ", re.sub(r"https?://\S+", " ", text))
    plain = [t for t in text.split() if not re.search(r"[\d.#/]\w", t)]
    return {w.lower() for w in re.findall(r"[^\W\d_]{2,}", " ".join(plain))}


@cache
def english() -> frozenset[str]:
    """Every word of every English msgid: the interface's English vocabulary."""
    out: set[str] = set()
    for message in catalog("fi"):
        for msgid in message.id if isinstance(message.id, tuple) else (message.id,):
            out |= words(msgid)
    return frozenset(out - ALLOWED)


class Shown(HTMLParser):
    """The text and shown attributes of a page in its UI language: what an element marked
    with another language holds (the books' wording, quoted English) is left out, and so is
    the window title (a law's or a topic's title as printed, a query as typed; its interface
    words are the page heading's)."""

    def __init__(self, ui: str) -> None:
        super().__init__()
        self.stack: list[tuple[str, str]] = []
        self.ui = ui
        self.texts: list[str] = []

    def lang(self) -> str:
        return self.stack[-1][1] if self.stack else self.ui

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        lang = values.get("lang") or self.lang()
        if lang == self.ui:
            self.texts += [values[a] or "" for a in SHOWN if a in values]
        if tag not in VOID:
            self.stack.append((tag, lang))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        inside = {t for t, _ in self.stack}
        if self.lang() == self.ui and not inside & {"script", "style", "title"}:
            self.texts.append(data)


def shown(client: FlaskClient, url: str, ui: str) -> str:
    page = client.get(url + ("&" if "?" in url else "?") + f"ui={ui}").get_data(as_text=True)
    parser = Shown(ui)
    parser.feed(page)
    return " ".join(parser.texts)


@pytest.mark.parametrize("ui", UI)
def test_every_page_speaks_the_ui_language(client: FlaskClient, ui: str) -> None:
    problems = []
    for url in PAGES:
        text = shown(client, url, ui)
        left = (words(text) & english()) - SHARED.get(ui, set())
        if left:
            problems.append((url, "English", sorted(left)))
        if PLACEHOLDER.search(text):
            problems.append((url, "placeholder", PLACEHOLDER.findall(text)))
        msgids = [m.id for m in catalog(ui) if isinstance(m.id, str) and len(words(m.id)) > 2]
        if any(msgid in text for msgid in msgids):
            problems.append((url, "msgid", [m for m in msgids if m in text]))
    assert not problems, problems


def test_the_test_sees_english() -> None:
    parser = Shown("fi")
    parser.feed('<p>Haku <span lang="en">the book</span></p><p title="Law of the card">x</p>')
    assert words(" ".join(parser.texts)) & english() == {"law", "of", "the", "card"}


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


@pytest.mark.parametrize("ui", UI)
def test_citation_errors_in_the_readers_language(client: FlaskClient, ui: str) -> None:
    cited, nearest, query, example = CITE[ui]
    missing = client.get(f"/cite?q=Law+12C9&lang=fi&ui={ui}")
    assert missing.status_code == 404
    said = re.search(r'role="alert">([^<]*)<', missing.get_data(as_text=True))[1]
    assert cited in said and nearest in said and "does not exist" not in said
    nonsense = client.get(f"/cite?q=foo+bar&ui={ui}").get_data(as_text=True)
    said = re.search(r'role="alert">([^<]*)<', nonsense)[1].replace("&#34;", '"')
    assert query in said and example in said and "not a citation" not in said
    assert f"{example}, " in client.get(f"/cite?ui={ui}").get_data(as_text=True)


@pytest.mark.parametrize(
    "lang, heading, national",
    [
        ("fi", "12 §", "laki 12C1b § -- VUODEN 2017 KILPAILUBRIDGEN LAKI: ”b. Korvaavaa"),
        ("tr", "Yasa 12", "Yasa 12C1(b) -- 2017, Uluslararası Briç Yasaları: “(b) Hakem"),
        ("sk", "Pravidlo 12", "pravidlo 12C1(b) -- PRAVIDLÁ SÚŤAŽNÉHO BRIDŽU Z ROKU 2007: „(b) Ak"),
        ("et", "Reegel 12", "reegel 12C1b -- TURNIIRIBRIDŽI REEGLID 2017: „b) Kui"),
    ],
)
def test_law_page_in_the_books_own_forms(
    client: FlaskClient, lang: str, heading: str, national: str
) -> None:
    for ui in ("en", lang, "sv"):
        page = client.get(f"/{lang}/law/12?ui={ui}").get_data(as_text=True)
        assert f'<h1><span class="num">{heading}</span>' in page
        page = client.get(f"/cite?lang={lang}&id=12.C.1.b&ui={ui}").get_data(as_text=True)
        assert national in page.replace("&#34;", '"')
    textarea = re.findall(r"<textarea[^>]*>([^<]*)</textarea>", page)[1]
    assert "translation" not in textarea and "Laws of Duplicate Bridge" not in textarea


def test_named_strings_are_fixed(client: FlaskClient) -> None:
    assert "<title>Uluslararası Briç Yasaları · Bridge Laws KB</title>" in client.get(
        "/?ui=tr"
    ).get_data(as_text=True)
    for url in PAGES:
        assert "iba v jazyku" not in client.get(f"{url}?ui=sk").get_data(as_text=True), url
        assert "Nationella val" not in client.get(f"{url}?ui=sv").get_data(as_text=True), url
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
                left = (words(text) & english()) - SHARED.get(ui, set())
                if left or PLACEHOLDER.search(text) or FINDINGS[code].message in text:
                    problems.append((code, f.message, text, sorted(left)))
    assert not problems, problems[:5]


def said(ui: str, f: Finding) -> str:
    """A finding's sentence as a reader of the UI language sees it (quoted wording left out)."""
    parser = Shown(ui)
    parser.feed(str(finding_text(f)))
    return " ".join(parser.texts)


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
        left = (words(text) & english()) - SHARED.get(ui, set())
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
            "Tekstin fi pituussuhde tekstiin tr on 0,64-kertainen tavalliseen verrattuna (64 "
            "merkkiä; tr: 93)."
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
            "topic.62 viittaa vuoden 2007 kohtaan 16.D, joka on vuonna 2017 16.C."
        )
        assert "vuoden 2017 laitoksessa" in str(finding_text(other))
        assert (
            str(finding_text(earlier)) == "Vuoden 1997 kohdalla 3.A ei ole vastinetta vuonna 2007."
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
