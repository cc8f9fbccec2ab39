"""Citations: parsing what people type, rendering in each book's style, and the round trip."""

from __future__ import annotations

import json

import pytest

from kb.cli import main
from kb.layers.cite import full_text, parse_citation, render, resolve_citation
from tests.conftest import parsed

LAW_TREE = ("law", "section", "subsection", "item", "subitem")
STYLES = ["fi", "tr", "sk", "et", "sv", None]


@pytest.mark.parametrize(
    "typed, uid",
    [
        ("Law 12C1b", "12.C.1.b"),
        ("L12C1(b)", "12.C.1.b"),
        ("12C1b", "12.C.1.b"),
        ("12 C 1 b", "12.C.1.b"),
        ("laki 12C1 §", "12.C.1"),
        ("12C1 §", "12.C.1"),
        ("Yasa 16B", "16.B"),
        ("pravidlo 40B2(b)", "40.B.2.b"),
        ("Reegel 27B1b", "27.B.1.b"),
        ("lag 16D", "16.D"),
        ("§ 12C2", "12.C.2"),
        ("law 40b2a(v)", "40.B.2.a.v"),
        ("Yasa 30B1(b)(ii)", "30.B.1.b.ii"),
        ("reegel 12C1e(1)", "12.C.1.e.i"),
        ("77", "77"),
        # The forms the books print: cue words, page numbers, Turkish case endings.
        ("pozri pravidlo 40B2(b)", "40.B.2.b"),
        ("vt reegel 12C2", "12.C.2"),
        ("katso laki (s. 24) 12C1 §", "12.C.1"),
        ("bkz. Yasa 12C", "12.C"),
        ("Yasa 53A’da", "53.A"),
        ("Yasa’nın 12C1’i", "12.C.1"),
        ("podľa pravidla 16D", "16.D"),
        ("se lag 16D", "16.D"),
    ],
)
def test_typed_forms(typed: str, uid: str) -> None:
    assert parse_citation(typed) == uid


@pytest.mark.parametrize("typed", ["", "revoke", "Law", "12Z", "0", "12C1(b)(z)", "abc 12"])
def test_non_citations(typed: str) -> None:
    assert parse_citation(typed) is None


@pytest.mark.parametrize("lang", ["fi", "tr", "sk", "et"])
def test_every_unit_round_trips_through_every_style(lang: str) -> None:
    ids = [u.id for u in parsed(lang).units if u.kind in LAW_TREE]
    for style in STYLES:
        wrong = [uid for uid in ids if parse_citation(render(uid, style)) != uid]
        assert wrong == [], style


def test_styles_read_like_each_book() -> None:
    assert [render("12.C.1.b", s) for s in STYLES] == [
        "laki 12C1b §",
        "Yasa 12C1(b)",
        "pravidlo 12C1(b)",
        "reegel 12C1b",
        "lag 12C1(b)",
        "Law 12C1(b)",
    ]


def test_a_missing_unit_names_the_book_and_the_nearest_unit() -> None:
    sk = parsed("sk")
    found = resolve_citation("pravidlo 16E", sk.units, "sk", 2007)
    assert found.unit is None
    assert (
        found.error == "Law 16E does not exist in the Slovak 2007 Laws; the nearest unit is Law 16."
    )
    assert resolve_citation("Law 23A", parsed("fi").units, "fi", 2017).unit is not None
    assert resolve_citation("Law 23A", sk.units, "sk", 2007).error.startswith("Law 23A does not")


def test_full_text_includes_children_in_order() -> None:
    text = full_text("12.C.1", parsed("tr").units)
    lines = text.split("\n")
    assert lines[0] == "1."  # 12C1 has no words of its own: its items follow
    assert lines[1].startswith("(a) Bir usulsüzlükten sonra")
    assert [ln[:4] for ln in lines[1:6]] == ["(a) ", "(b) ", "(c) ", "(d) ", "(e) "]
    assert lines[6].startswith("i. Kusurlu taraf")


def test_cli_cite_json(capsys) -> None:
    assert main(["cite", "Yasa 12C1(a)", "--lang", "tr", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["id"] == "12.C.1.a"
    assert out["citation"] == "Yasa 12C1(a)"
    assert (out["lang"], out["edition"]) == ("tr", 2017)
    assert out["text"].startswith("(a) Bir usulsüzlükten sonra hakem bu yasalar çerçevesinde")


def test_cli_cite_error(capsys) -> None:
    assert main(["cite", "laki 12C9", "--lang", "fi"]) == 1
    err = capsys.readouterr().err
    assert "Law 12C9 does not exist in the Finnish 2017 Laws; the nearest unit is Law 12C." in err
