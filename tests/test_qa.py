"""The alignment report on the real corpus: one finding per check verified by reading the
sources (the line is quoted beside each), one case per check that must not be flagged, the
ignore list, the JSON/TSV/TMX exports and the `lawkb qa` exit codes."""

from __future__ import annotations

import json
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from translate.storage.tmx import tmxfile

from kb import store
from kb.cli import main
from kb.library import Library, get_library
from kb.qa import Report, report
from kb.qa.checks import figures
from kb.qa.formats import TSV_COLUMNS, segment, to_json, to_tmx, to_tsv
from kb.qa.groups import LAW_TREE
from kb.qa.model import CHECKS, Finding

ALL = ["et", "fi", "sk", "sv", "tr"]


@pytest.fixture(scope="module")
def library() -> Library:
    assert store.build().ok
    return get_library()


@pytest.fixture(scope="module")
def full(library: Library) -> Report:
    return report(library)


def found(r: Report, check: str, uid: str) -> list[Finding]:
    return [f for f in r.findings if f.check == check and f.id == uid]


def one(r: Report, check: str, uid: str) -> Finding:
    (finding,) = found(r, check, uid)
    return finding


def sides(f: Finding) -> list[tuple[str, str, str, str]]:
    return [(w.lang, w.id, w.source, w.url) for w in f.where]


def test_the_report_covers_all_five_documents(full: Report) -> None:
    docs = full.coverage["documents"]
    assert sorted(docs) == ALL
    assert {x: d["edition"] for x, d in docs.items()} == {
        "et": 2017, "fi": 2017, "sk": 2007, "sv": 2007, "tr": 2017,
    }  # fmt: skip
    assert docs["sv"]["kind"] == "card" and docs["fi"]["source"] == "corpus/fi/fi.txt"
    laws = full.coverage["laws"]
    assert len(laws) == 93 and all(sorted(row) == ALL for row in laws.values())
    assert laws["16"]["et"] == {"units": 25, "missing": ["16.C.3"]}
    assert laws["16"]["fi"]["missing"] == [] and laws["16"]["sk"]["missing"] == []
    assert laws["62"]["sv"] == {"topics": ["topic.62"]}
    assert full.coverage["parts"]["introduction"] == ["et", "fi", "sk"]


def test_missing_by_id(full: Report) -> None:
    # et.txt:1039-1044: 16C has "1. Mitteenkinud ..." and "2. Eksinud ..." and nothing more;
    # fi.txt:808 and tr.txt:715 print 16C3.
    f = one(full, "missing", "16.C.3")
    assert (f.severity, f.langs, f.message) == (
        "error", ("et", "fi", "tr"), "16.C.3 is in fi, tr, not in et"
    )  # fmt: skip
    assert sides(f)[0] == ("et", "16.C", "corpus/et/et.txt:1039", "/et/law/16#16C")
    assert sides(f)[1] == ("fi", "16.C.3", "corpus/fi/fi.txt:808", "/fi/law/16#16C3")
    # Through the map the 2007 book has 16C3's content (2007 16D), so it lacks nothing.
    assert not [f for f in full.findings if f.check == "missing" and f.langs[0] == "sk"]
    assert not found(full, "missing", "16.C.2")


def test_extra_by_id(full: Report) -> None:
    # et.txt:1757 "- c) Kui kaitsjal on trahvikaardid enam kui ühes mastis..." inside 52A.
    f = one(full, "extra", "52.A.c")
    assert (f.langs, f.message) == (
        ("et", "fi", "tr"),
        "52.A.c is only in et; fi, tr have no such unit",
    )
    assert [w.id for w in f.where] == ["52.A.c", "52.A", "52.A"]
    # A unit two books of three have is missing in the third, not extra in the two.
    assert not found(full, "extra", "51.B.2.c") and found(full, "missing", "51.B.2.c")


def test_numbers_that_differ(full: Report) -> None:
    # tr.txt:2153 prints 20 for the redoubled major (120 in fi, et).
    f = one(full, "numbers", "77.table.1")
    assert (f.severity, f.langs) == ("error", ("tr", "et", "fi"))
    assert f.message == "figures differ: 20 (tr 3; et, fi 2), 120 (tr 1; et, fi 2)"
    # The IMP scale agrees in the three books.
    assert not found(full, "numbers", "78.B.table")
    # et writes "± 3 impi" for "plus 3 IMP tai miinus 3 IMP": a reviewed false positive.
    assert [(g.id, reason[:20]) for g, reason in full.ignored if g.id == "12.C.2.b"] == [
        ("12.C.2.b", "et writes '± 3 impi'")
    ]


def test_figures_leave_out_codes_and_normalise_percent(library: Library) -> None:
    # tr.txt:985 "Yukarıda B1 ile hükme bağlananın dışında": B1 is a code, not the number 1.
    assert figures(library.book("tr").by_id["27.B.2"]) == {}
    # fi.txt:693 "plus 3 IMP tai miinus 3 IMP" (the reference codes 78D, 86B3 left out).
    assert figures(library.book("fi").by_id["12.C.2.b"]) == {"3": 2}


def test_law_references_that_differ(full: Report) -> None:
    # et.txt:1276 "... ja vt reeglit 23." where fi.txt:1044 "katso myös lakia (s. 88) 72C §"
    # and tr.txt:985 "bkz. Yasa 72C": et kept the 2007 reference.
    messages = [(f.langs, f.message) for f in found(full, "refs", "27.B.2")]
    assert messages == [
        (("et", "fi", "tr"), "Law 23 is cited in et, not in fi, tr"),
        (("et", "fi", "tr"), "Law 72 is cited in fi, tr, not in et"),
    ]
    # fi 51B1b cites Law 59 in the translator's footnote only: footnotes are not compared.
    assert not found(full, "refs", "51.B.1.b")


def test_length_outliers(full: Report) -> None:
    # et.txt:1432: 37B2 carries an extra sentence ("Eksinu peab tingimata tegema
    # reeglitepärase asenduspakkumise ...") that fi and tr do not have.
    f = one(full, "length", "37.B.2")
    assert f.langs == ("et", "fi", "tr")
    assert (
        f.message == "et is 1.53 times the group's median length (373 characters; fi 216; tr 237)"
    )
    assert not found(full, "length", "12.A")
    assert "78.C" in [g.id for g, _ in full.ignored if g.check == "length"]  # a paraphrase


def test_empty_text(full: Report) -> None:
    # fi.txt:792 prints 16B1's opening sentence under 16B; "1. a." follows at 794.
    f = one(full, "empty", "16.B.1")
    assert (f.langs, f.message) == (("fi", "et", "tr"), "16.B.1 has no text in fi; text in et, tr")
    assert not found(full, "empty", "12.B")  # a title and no text in every book


def test_untranslated_text(full: Report) -> None:
    # fi.txt:160 "## **INTRODUCTION TO THE 2017 LAWS OF DUPLICATE BRIDGE\*" and English after.
    f = one(full, "untranslated", "introduction")
    assert f.langs == ("fi",) and f.where[0].source == "corpus/fi/fi.txt:160"
    assert f.message.startswith("English in fi: 91 English function words of 338 (the 25,")
    # The Estonian "on" (is) is no English; et's bilingual index is mostly Estonian.
    assert not [f for f in full.findings if f.check == "untranslated" and f.langs == ("et",)]


def test_defined_terms_rendered_two_ways(full: Report) -> None:
    # fi defines Kilpailu and Turnaus for "event"; 40B1b (fi.txt:1223) says "turnauksen".
    f = one(full, "terms", "40.B.1.b")
    assert f.langs == ("fi",)
    assert f.message == (
        "event is rendered as Kilpailu in 24 units and as Turnaus in 5 "
        "(40.B.1.b, 78.D, 80.A.1.a, ...)"
    )
    # sk Zahranie/Zohrávka are two senses of "play" the book defines apart: ignored.
    reasons = [r for g, r in full.ignored if g.check == "terms" and g.langs == ("sk",)]
    assert len(reasons) == 2 and "Zohrávka (the play period)" in reasons[1]


def test_drift_from_2007(full: Report) -> None:
    # sk.txt:445 "C. Vedľajšia informácia z iných zdrojov" is 2017 16D.
    f = one(full, "drift", "16.C")
    assert (f.severity, f.langs, f.message) == ("info", ("sk", "et"), "2007 16.C is 16.D in 2017")
    assert [w.url for w in f.where] == ["/sk/law/16#16C", "/et/law/16#16D"]
    # sv.txt:32 "... lag 16D": the card's 16D is 2017 16C.
    g = one(full, "drift", "topic.62")
    assert g.message == "topic.62 cites 2007 16.D, which is 16.C in 2017"
    assert one(full, "drift", "13.E").severity == "warning"  # no counterpart in 2017
    assert not found(full, "drift", "12.C.1")  # Law 12 keeps its sections
    assert not [f for f in full.findings if "cites 2007 75.B," in f.message]


def test_source_oddities(full: Report) -> None:
    # et.txt:1450 "(vt reeglist 26V)": a misprint for 26B.
    f = one(full, "source", "38.D")
    assert (f.severity, f.langs, f.message) == (
        "warning", ("et",), '"reeglist 26V": misprinted code 26V'
    )  # fmt: skip
    assert sides(f) == [("et", "38.D", "corpus/et/et.txt:1450", "/et/law/38#38D")]
    # sk.txt:1495 repeats the footnote of 1483 at the end of Law 71 (its last item 71.2).
    assert one(full, "source", "71.2").message.startswith("footnote *: a reprint")
    fi = [f for f in full.findings if f.check == "source" and f.langs == ("fi",)]
    # fi.txt:2532 "12B2d", its only unresolved code in running text; then the subject index's
    # 16B2b (3099), the definitions' page 13 (3296), 440B2c(ii) (3647), Määritelmät (3804,
    # 3820: no definition of Parikilpailu, of IMP-pisteet)
    assert [f.id for f in fi] == ["options", "index", "index", "index", "index", "index"]


def test_every_check_finds_something_and_all_are_sorted(full: Report) -> None:
    assert all(n > 0 for n in full.counts().values()), full.counts()
    assert [CHECKS.index(f.check) for f in full.findings] == sorted(
        CHECKS.index(f.check) for f in full.findings
    )


def test_the_ignore_list_is_counted_and_each_entry_used(full: Report, tmp_path: Path) -> None:
    assert len(full.ignored) == 17 and all(reason for _, reason in full.ignored)
    assert full.unused_ignores == []
    assert json.loads(to_json(full))["ignored"] == 17
    one_entry = tmp_path / "ignore.toml"
    one_entry.write_text(
        '[[ignore]]\ncheck = "extra"\nid = "52.*"\nlangs = ["et"]\nreason = "read"\n'
    )
    r = report(get_library(), ["fi", "tr", "et"], ["extra", "missing"], one_entry)
    assert [f.id for f, _ in r.ignored] == ["52.A.c"] and not found(r, "extra", "52.A.c")
    no_reason = tmp_path / "bad.toml"
    no_reason.write_text('[[ignore]]\ncheck = "extra"\nid = "52.A.c"\n')
    with pytest.raises(ValueError, match="needs its reason"):
        report(get_library(), ["fi"], None, no_reason)


def test_json_shape(full: Report) -> None:
    data = json.loads(to_json(full))
    assert {"coverage", "findings"} <= set(data)
    assert set(data["coverage"]) == {"documents", "laws", "parts"}
    assert len(data["findings"]) == len(full.findings)
    for item in data["findings"]:
        assert list(item) == ["check", "severity", "id", "langs", "message", "where"]
        assert item["check"] in CHECKS and item["severity"] in ("error", "warning", "info")
        assert item["where"] and all(
            list(w) == ["lang", "id", "source", "url"] and w["source"].startswith("corpus/")
            for w in item["where"]
        )


def test_tsv_columns(full: Report) -> None:
    rows = [line.split("\t") for line in to_tsv(full).splitlines()]
    assert tuple(rows[0]) == TSV_COLUMNS
    assert len(rows) == len(full.findings) + 1 and all(len(r) == 7 for r in rows)
    row = next(r for r in rows if r[0] == "extra")
    assert row[2:4] == ["52.A.c", "et,fi,tr"]
    assert row[5].split() == [
        "corpus/et/et.txt:1757",
        "corpus/fi/fi.txt:1589",
        "corpus/tr/tr.txt:1541",
    ]
    assert row[6].split()[0] == "/et/law/52#52Ac"


def test_tmx_for_fi_et_has_one_tu_per_aligned_pair(library: Library) -> None:
    tmx = to_tmx(library, ["fi", "et"])
    root = ET.fromstring(tmx.encode())
    assert root.tag == "tmx" and root.get("version") == "1.4"
    assert root.find("header").get("srclang") == "fi"
    fi, et = library.book("fi"), library.book("et")
    pairs = [
        u.id for u in fi.units
        if u.kind in LAW_TREE and u.id in et.by_id and segment(u) and segment(et.by_id[u.id])
    ]  # fmt: skip
    store_ = tmxfile.parsestring(tmx.encode())
    assert [u.getid() for u in store_.units] == pairs
    unit = next(u for u in store_.units if u.getid() == "12.C.1.b")
    assert unit.source == segment(fi.by_id["12.C.1.b"])
    assert unit.target == segment(et.by_id["12.C.1.b"])
    assert "16.C.3" not in pairs  # et lacks it


def test_tmx_of_three_books_and_the_2007_edition(library: Library) -> None:
    root = ET.fromstring(to_tmx(library, ["fi", "tr", "sk"]).encode())
    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    tus = {tu.get("tuid"): [v.get(lang) for v in tu.iter("tuv")] for tu in root.iter("tu")}
    assert tus["12.C.1.b"] == ["fi", "tr"]  # the editions are not aligned below 12C
    assert tus["16.D"] == ["fi", "tr", "sk"]  # 2017 16D is 2007 16C, one section for one
    sk_16d = next(tu for tu in root.iter("tu") if tu.get("tuid") == "16.D")
    assert sk_16d.findall("tuv")[2].find("prop[@type='x-id']").text == "16.C"


def test_cli_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["qa", "--langs", "fi,et", "--format", "json"]) == 1  # missing units: errors
    assert json.loads(capsys.readouterr().out)["langs"] == ["fi", "et"]
    assert main(["qa", "--langs", "fi,et", "--fail-on", "never"]) == 0
    assert "missing (5)" in capsys.readouterr().out
    assert main(["qa", "--langs", "sk", "--format", "tsv"]) == 0  # drift is not an error
    assert main(["qa", "--langs", "sk", "--fail-on", "warning"]) == 1  # 13.E vanished
    capsys.readouterr()
    assert main(["qa", "--langs", "xx"]) == 2
    assert main(["qa", "--langs", "fi,sv", "--format", "tmx"]) == 2
    assert "TMX needs two law books" in capsys.readouterr().err
    assert main(["qa", "--langs", "fi,et", "--format", "tmx"]) == 0
    assert capsys.readouterr().out.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<tmx')


def test_fast_and_deterministic(library: Library) -> None:
    start = time.perf_counter()
    first = to_json(report(library))
    assert time.perf_counter() - start < 5
    assert to_json(report(library)) == first
