"""The last wrong citations (issue 14): a rule printed under the wrong law, misprinted
references, list references, on the real corpus. Every expectation was read off the sources
(corpus/<lang>/<lang>.txt, 1-based lines)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from kb import store
from kb.cli import main
from kb.crosslang.library import get_library
from kb.pipeline import build, read_document
from tests.conftest import CORPUS, units_by_id


@pytest.fixture(scope="module")
def library():
    assert build().ok
    return get_library()


def ref_at(lang: str, uid: str, line: int, code: str) -> dict:
    """The parsed reference of a unit printed on a line and holding a code."""
    (ref,) = [r for r in units_by_id(lang)[uid].refs if r["line"] == line and code in r["text"]]
    return ref


def served_ref(library, lang: str, uid: str, line: int, code: str) -> dict:
    """The same reference as the site and the QA report serve it (misprints judged)."""
    units = library.book(lang).by_id
    (ref,) = [r for r in units[uid].refs if r["line"] == line and code in r["text"]]
    return ref


# -- the rule printed inside 52A is 51B2c ------------------------------------------------------


def test_cite_51B2c_gives_the_rule_and_52A_has_no_item_c(capsys: pytest.CaptureFixture) -> None:
    assert main(["cite", "reegel 51B2c", "--lang", "et"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("reegel 51B2c (Law 51B2(c), 2017)\n\nc) Kui kaitsjal on trahvikaardid")
    assert out.rstrip().endswith("reeglid 50 ja 51 jäävad jõusse.")
    assert main(["cite", "reegel 52A", "--lang", "et"]) == 0
    assert "Kui kaitsjal on trahvikaardid enam kui ühes mastis" not in capsys.readouterr().out
    assert "52.A.c" not in units_by_id("et")


def test_51B2c_is_aligned_and_its_page_says_where_it_is_printed(client: FlaskClient) -> None:
    html = client.get("/et/law/51?ui=en").get_data(as_text=True)
    assert 'id="51B2c"' in html
    assert (
        '<p class="printed-in" lang="en"><a href="/et/law/52#52A">Printed elsewhere in the book: '
        "inside 52A, source line 1757.</a></p>"
    ) in html
    compare = client.get("/compare/51?langs=fi,tr,et").get_data(as_text=True)
    assert compare.count("siis pärast sellise valiku tegemist reeglid") == 1
    assert 'id="52Ac"' not in client.get("/et/law/52?ui=en").get_data(as_text=True)


def test_search_finds_51B2c_under_its_id() -> None:
    from kb.search.searcher import get_searcher

    hits = get_searcher(store.data_dir()).search("trahvikaartidena lauale", "et", None, 10)["hits"]
    assert "51.B.2.c" in [h["id"] for h in hits]


def copy(tmp_path: Path, lang: str) -> Path:
    shutil.copytree(CORPUS / lang, tmp_path / lang)
    return tmp_path / lang


def drop_table(meta: Path, table: str) -> None:
    text = meta.read_text(encoding="utf-8")
    meta.write_text(text.split(f"\n[{table}]")[0] + "\n", encoding="utf-8")


def test_a_skipped_label_no_erratum_explains_is_an_error(tmp_path: Path) -> None:
    folder = copy(tmp_path, "et")
    drop_table(folder / "document.toml", "placement_errata")
    problems = [str(p) for p in read_document(folder, tmp_path).problems]
    assert problems == [
        "et/et.txt:1757: label c) where a was expected, and no label erratum explains it"
    ]
    folder = copy(tmp_path, "sk")
    drop_table(folder / "document.toml", "label_errata")
    problems = [str(p) for p in read_document(folder, tmp_path).problems]
    assert problems == [
        "sk/sk.txt:1046: label 2. where 1 was expected, and no label erratum explains it",
        "sk/sk.txt:1077: label (c) where b was expected, and no label erratum explains it",
    ]


def test_an_erratum_naming_nothing_is_an_error(tmp_path: Path) -> None:
    folder = copy(tmp_path, "sk")
    meta = folder / "document.toml"
    meta.write_text(
        meta.read_text(encoding="utf-8").replace(
            '1077 = { printed = "(c)"', '1078 = { printed = "(c)"'
        ),
        encoding="utf-8",
    )
    problems = [str(p) for p in read_document(folder, tmp_path).problems]
    assert "sk/sk.txt:1078: an erratum names this line: not met" in problems


# -- misprinted references --------------------------------------------------------------------

LISTED = [
    # (lang, unit, line, code as printed, wrong unit it used to link, suggestion)
    ("et", "73.C.2", 2162, "1Bb3", "1.B", "16.B.3"),  # tr prints 16B3 (tr.txt:1993)
    ("et", "23.C", 1209, "39B1b(1)", "39.B", "30.B.1.b.i"),  # fi 30B1b(i), tr 30B1(b)(ii)
    ("fi", "options", 2532, "12B2d", "12.B.2", "12.C.2.d"),  # reviewed: corpus/fi/document.toml
]


@pytest.mark.parametrize(("lang", "uid", "line", "code", "wrong", "meant"), LISTED)
def test_a_misprint_links_no_wrong_unit_and_suggests(library, lang, uid, line, code, wrong, meant):
    ref = served_ref(library, lang, uid, line, code)
    assert wrong not in ref["targets"] and all(s[2] != wrong for s in ref["spans"])
    (entry,) = [m for m in ref["misprints"] if m["code"] == code]
    assert entry["suggestion"] == meant
    assert ref["text"][slice(*entry["at"])] == code
    units = library.book(lang).by_id
    assert uid not in units[wrong].cited_by


def test_refs_unresolved_lists_each_misprint_with_its_suggestion(capsys) -> None:
    assert main(["refs", "--unresolved", "--lang", "et"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert (
        'corpus/et/et.txt:2162: "reeglit 1Bb3": no unit 1Bb3 in this book; misprint? the '
        "Turkish book cites Law 16B3"
    ) in out
    assert (
        'corpus/et/et.txt:1209: "reegleid 27B1b 39B1b(1), 31A2a ja 32A2a": no unit 39B1b(1) in '
        "this book; misprint? the Finnish book cites Law 30B1(b)(i), the Turkish book Law "
        "30B1(b)(ii)"
    ) in out
    # A target the other books contradict: fi and tr cite 47E where et prints 47C.
    assert (
        'corpus/et/et.txt:1165: "reeglile 21 või 47C": 47C contradicts the other books; '
        "misprint? the Finnish and Turkish books cite Law 47E"
    ) in out
    assert len(out) == 11
    assert main(["refs", "--unresolved", "--lang", "fi"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        'corpus/fi/fi.txt:2532: "lakien 78D, 86B ja 12B2d": no unit 12B2d in this book; '
        "misprint? probably Law 12C2(d) (the option is printed under '12C2b §, s. 25' and is "
        "about the averages of 12C2d (English 12C2(d)); 12B2 has no items)"
    )


def test_contradicted_targets_are_those_two_books_agree_against(library) -> None:
    found = {(m.lang, m.ref["line"], m.entry["code"], m.entry["suggestion"])
             for m in library.misprints if "contradicts" in m.entry["reason"]}  # fmt: skip
    assert found == {
        ("et", 1165, "47C", "47.E"),
        ("et", 1217, "C", "24.E"),  # "vt järgnevat lõiku C": fi, tr "E"
        ("et", 1673, "16D", "16.C"),
        ("et", 1683, "53C", "53.B"),
        ("fi", 1043, "23C", "23.A"),  # "vastaavalla tarjouksella (katso 23C §)": 23A defines it
        ("fi", 1421, "16D1", "16.C.1"),
    }
    # fi 30C "lakia 31 § lain 30 § sijaan" (Law 31 instead of 30) is no misprint.
    assert served_ref(library, "fi", "30.C", 1094, "lain 30 §")["targets"] == ["30"]


def test_the_page_shows_the_code_as_printed_with_its_note(client: FlaskClient) -> None:
    html = client.get("/et/law/23?ui=en").get_data(as_text=True)
    assert (
        '<span class="misprint">39B1b(1)</span> <span class="misprint-note">[<span lang="en">'
        "misprint? the other books (Finnish, Turkish) cite:</span> "
        '<a class="xref suggestion" href="/et/law/30#30B1bi"'
    ) in html
    assert 'href="/et/law/39#39B"' not in html
    fi = client.get("/et/law/73?ui=fi").get_data(as_text=True)
    assert (
        '[<span lang="fi">painovirhe? toisessa kirjassa (turkki) viitataan kohtaan:</span> <a' in fi
    )
    options = client.get("/fi/part/options?ui=en").get_data(as_text=True)
    assert (
        '<span class="misprint">12B2d</span> <span class="misprint-note">[<span lang="en">'
        "misprint? probably:" in options
    )


# -- lists of points of the same law -----------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "uid", "line", "text", "links"),
    [
        ("tr", "93.C.3.a", 2745, "Madde 1 ve 2", [("1", "93.C.1"), ("2", "93.C.2")]),
        ("sk", "17.D.4", 488, "bodov 2 a 3", [("2", "17.D.2"), ("3", "17.D.3")]),
        ("sk", "93.C.3.a", 2100, "body 1 a 2", [("1", "93.C.1"), ("2", "93.C.2")]),
        ("et", "30", 1315, "vt C", [("C", "30.C")]),  # "(kunstliku passi korral vt C)"
    ],
)
def test_a_list_links_each_member(lang, uid, line, text, links) -> None:
    ref = ref_at(lang, uid, line, text)
    assert ref["text"] == text and ref["targets"] == [t for _, t in links]
    assert [(ref["text"][s:e], t) for s, e, t in ref["spans"]] == links


def test_the_export_carries_the_judged_misprints(capsys: pytest.CaptureFixture) -> None:
    assert main(["export", "--lang", "et", "--format", "json"]) == 0
    units = {u["id"]: u for u in json.loads(capsys.readouterr().out)}
    (ref,) = units["20.F.6"]["refs"]
    assert ref["targets"] == ["21"] and ref["spans"] == [[9, 11, "21"]]
    assert [(m["code"], m["suggestion"]) for m in ref["misprints"]] == [("47C", "47.E")]
