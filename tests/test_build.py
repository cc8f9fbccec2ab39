"""Validation errors, the atomic incremental build and the `lawkb` command, on a corpus copy."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kb import store
from kb.cli import main
from kb.pipeline import build, read_document
from tests.conftest import CORPUS


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    """A private copy of the real corpus (two law books keep the tests quick)."""
    root = tmp_path / "corpus"
    for lang in ("tr", "sk"):
        shutil.copytree(CORPUS / lang, root / lang)
    return root


def mutate(corpus: Path, lang: str, edit) -> None:
    path = corpus / lang / f"{lang}.txt"
    lines = path.read_text(encoding="utf-8").split("\n")
    path.write_text("\n".join(edit(lines)), encoding="utf-8")


def problems(corpus: Path, lang: str) -> list[str]:
    return [str(p) for p in read_document(corpus / lang, corpus.parent).problems]


def test_missing_law_is_reported_with_file_and_line(corpus: Path) -> None:
    # tr.txt:313 is "YASA 5 – OTURUŞ DÜZENİ"; without it law 5 runs into law 4.
    mutate(corpus, "tr", lambda ls: [ln for ln in ls if not ln.startswith("YASA 5 –")])
    assert problems(corpus, "tr")[0].startswith("corpus/tr/tr.txt:")
    assert any("law 6 follows law 4: law 5 missing" in p for p in problems(corpus, "tr"))


def test_duplicated_law_heading_names_the_first_one(corpus: Path) -> None:
    def duplicate(lines: list[str]) -> list[str]:
        at = lines.index("PRAVIDLO 20 – OPAKOVANIE A VYSVETLENIE HLÁŠOK")
        return [*lines[:at], lines[at], "", *lines[at:]]

    mutate(corpus, "sk", duplicate)
    found = problems(corpus, "sk")
    assert any("law 20 appears again (first at line" in p for p in found), found


def test_law_out_of_order(corpus: Path) -> None:
    def swap(lines: list[str]) -> list[str]:
        a = next(i for i, ln in enumerate(lines) if ln.startswith("YASA 40 "))
        b = next(i for i, ln in enumerate(lines) if ln.startswith("YASA 41 "))
        lines[a], lines[b] = lines[b], lines[a]
        return lines

    mutate(corpus, "tr", swap)
    found = problems(corpus, "tr")
    assert any(p.endswith("law 41 follows law 39: law 40 missing") for p in found), found
    assert any("law 40 out of order (expected law 42)" in p for p in found), found


def test_repeated_section_letter(corpus: Path) -> None:
    # sk law 9 has sections A, B, C; a second "B." is reported at its line.
    def repeat(lines: list[str]) -> list[str]:
        at = lines.index("C. Predčasná náprava nezrovnalosti")
        lines[at] = "B. Predčasná náprava nezrovnalosti"
        return lines

    mutate(corpus, "sk", repeat)
    found = problems(corpus, "sk")
    assert any("section 9B repeats" in p for p in found), found
    assert all(p.startswith("corpus/sk/sk.txt:") for p in found)


def test_invalid_utf8_names_the_line(corpus: Path) -> None:
    path = corpus / "tr" / "tr.txt"
    data = path.read_bytes().split(b"\n")
    data[9] = b"\xff\xfe garbage"
    path.write_bytes(b"\n".join(data))
    assert problems(corpus, "tr") == ["corpus/tr/tr.txt:10: not valid UTF-8 (byte 0xff)"]


def test_empty_source_has_no_law(corpus: Path) -> None:
    (corpus / "tr" / "tr.txt").write_text("", encoding="utf-8")
    assert problems(corpus, "tr") == ["corpus/tr/tr.txt:1: no law heading found"]


@pytest.mark.sweep  # several whole builds
def test_build_is_incremental_and_keeps_the_previous_kb_on_errors(
    corpus: Path, tmp_path: Path
) -> None:
    data = tmp_path / "var"
    first = build(corpus, data)
    assert first.ok and sorted(first.built) == ["sk-2007", "tr-2017"]
    kb_before = (data / "kb").resolve()
    tr_before = json.loads((data / "kb" / "tr-2017.json").read_text(encoding="utf-8"))

    assert build(corpus, data).up_to_date
    assert (data / "kb").resolve() == kb_before

    # A change to one source re-parses that document only.
    mutate(corpus, "sk", lambda ls: [*ls, ""])
    second = build(corpus, data)
    assert second.built == ["sk-2007"] and second.reused == ["tr-2017"]

    # A broken source fails its document; the others still build, the old copy is kept.
    mutate(corpus, "tr", lambda ls: [ln for ln in ls if not ln.startswith("YASA 7 ")])
    mutate(corpus, "sk", lambda ls: [*ls, ""])
    third = build(corpus, data)
    assert not third.ok and list(third.errors) == ["tr-2017"]
    assert third.built == ["sk-2007"]
    assert json.loads((data / "kb" / "tr-2017.json").read_text(encoding="utf-8")) == tr_before
    assert store.read_manifest(data)["documents"]["tr-2017"]["stale"] is True


def test_cli_build_exit_code_and_export(corpus: Path, tmp_path: Path, capsys) -> None:
    data = tmp_path / "var"
    args = ["--corpus", str(corpus), "--data", str(data)]
    assert main([*args, "build", "--no-pages"]) == 0
    out = capsys.readouterr().out
    assert "tr-2017  2017 lawbook  laws 93  sections 271" in out
    assert "sk-2007  2007 lawbook  laws 93  sections 254" in out

    assert main([*args, "export", "--lang", "tr", "--format", "json"]) == 0
    units = json.loads(capsys.readouterr().out)
    law1 = next(u for u in units if u["id"] == "1")
    assert set(law1) >= {"id", "kind", "label", "title", "text", "lang", "edition", "lines"}
    assert (law1["title"], law1["lang"], law1["edition"]) == ("DESTE", "tr", 2017)

    assert main([*args, "export", "--lang", "sk", "--format", "md"]) == 0
    assert "## 1 BALÍČE KARIET – PORADIE KARIET A FARIEB" in capsys.readouterr().out

    assert main([*args, "export", "--lang", "xx"]) == 2
    assert "no document for language 'xx'" in capsys.readouterr().err

    mutate(corpus, "tr", lambda ls: ls[:400])
    assert main([*args, "build", "--no-pages"]) == 1
    assert "corpus/tr/tr.txt:" in capsys.readouterr().err


def test_damaged_metadata_fails_its_document_only(corpus: Path, tmp_path: Path) -> None:
    meta = corpus / "sk" / "document.toml"
    meta.write_text(meta.read_text(encoding="utf-8") + "\nedition = = 2007\n", encoding="utf-8")
    found = problems(corpus, "sk")
    assert len(found) == 1 and found[0].startswith("corpus/sk/document.toml:")
    assert "unreadable metadata" in found[0]
    report = build(corpus, tmp_path / "var")
    assert list(report.errors) == ["sk"] and report.built == ["tr-2017"]  # no id read: its folder


def test_a_byte_order_mark_is_not_text(corpus: Path) -> None:
    path = corpus / "tr" / "tr.txt"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    doc = read_document(corpus / "tr", corpus.parent)
    assert doc.problems == []
    assert doc.units[0].text.startswith("2017, Uluslararası Briç Yasaları")


@pytest.mark.sweep  # a whole build, a process per core
def test_a_build_in_processes_makes_the_same_knowledge_base(corpus: Path, tmp_path: Path) -> None:
    """Parsed by two forked processes with the report worked out beside the index (as
    `lawkb build` does on two cores), the build is the one made in one process: the same
    documents byte for byte, the same report, the same index key; a broken source fails
    its document alone."""
    mutate(corpus, "tr", lambda ls: [ln for ln in ls if not ln.startswith("YASA 7 ")])
    shutil.copytree(CORPUS / "fi", corpus / "fi")
    alone, side_by_side = (
        build(corpus, tmp_path / "one"),
        build(corpus, tmp_path / "two", workers=2),
    )
    assert alone.built == side_by_side.built == ["fi-2017", "sk-2007"]
    assert alone.errors == side_by_side.errors and list(alone.errors) == ["tr-2017"]
    one, two = (store.current(tmp_path / d).resolve() for d in ("one", "two"))
    for name in ("fi-2017.json", "sk-2007.json", "alignment.json", "alignment-laws.jsonl"):
        assert (one / name).read_bytes() == (two / name).read_bytes(), name
    assert (one / "index").readlink() == (two / "index").readlink()
