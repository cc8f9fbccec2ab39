"""PDF line-break hyphens: every hyphen between letters the four law books print, each with its
decision read off the source (tests/data/hyphens.tsv): joined in the served text when it cuts
a word, kept for true compounds, codes and names. The sources keep every hyphen."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from kb import store
from kb.core.model import Document
from kb.ingest.clean import Vocabulary, hyphen
from kb.ingest.lawbook import RUNNING
from kb.pipeline import build
from kb.profiles import load_words
from tests.conftest import CORPUS, parsed, units_by_id

TABLE = Path(__file__).parent / "data" / "hyphens.tsv"
LANGS = ("fi", "tr", "sk", "et")
# The test's own reading of the sources: a hyphen between two runs of letters on a line, or
# ending a line whose next text line starts in lower case; web addresses are not text.
INLINE = re.compile(r"(?<![\w-])([^\W\d_]+)-( ?)([^\W\d_]+)(?![\w-])")
LINE_END = re.compile(r"(?<![\w-])([^\W\d_]+)-\s*$")
ADDRESS = re.compile(r"(?:https?://|www\.)\S+")


@cache
def rows() -> list[tuple[str, int, str, str, str]]:
    lines = [ln for ln in TABLE.read_text(encoding="utf-8").splitlines() if ln[:1] != "#"]
    assert lines[0].split("\t") == ["lang", "line", "printed", "decision", "kind"]
    out = []
    for ln in lines[1:]:
        lang, line, printed, decision, kind = ln.split("\t")
        assert decision in ("join", "keep"), ln
        out.append((lang, int(line), printed, decision, kind))
    return out


@cache
def source(lang: str) -> list[str]:
    return (CORPUS / lang / f"{lang}.txt").read_text(encoding="utf-8").split("\n")


# The Finnish subject index prints two columns, a TAB between their cells on a line
# (fi.txt from "## Hakemisto"): a column is read down before the next.
TWO_COLUMNS = {"fi": "## Hakemisto"}


def reading_order(lang: str) -> list[tuple[int, str]]:
    """The source's lines in the order they are read: a run of two-column lines of an index
    read down its left column, then down its right one."""
    out: list[tuple[int, str]] = []
    run: list[tuple[int, str]] = []
    inside = False
    for no, line in enumerate(source(lang), start=1):
        inside = inside or line.strip() == TWO_COLUMNS.get(lang)
        if inside and "\t" in line:
            run.append((no, line))
            continue
        out += [(n, x.split("\t", 1)[0]) for n, x in run] + [
            (n, x.split("\t", 1)[1]) for n, x in run
        ]
        run = []
        out.append((no, line))
    return (
        out
        + [(n, x.split("\t", 1)[0]) for n, x in run]
        + [(n, x.split("\t", 1)[1]) for n, x in run]
    )


def printed_hyphens(lang: str) -> list[tuple[int, str]]:
    found = []
    lines = reading_order(lang)
    for at, (no, line) in enumerate(lines):
        text = ADDRESS.sub(" ", line)
        found += [(no, m.group(0)) for m in INLINE.finditer(text)]
        end = LINE_END.search(text)
        after = next((x for _, x in lines[at + 1 :] if x.strip()), "")
        start = re.match(r"\s*([^\W\d_]+)", after)
        if end and start and start.group(1)[:1].islower():
            found.append((no, f"{end.group(0).rstrip()}|{start.group(1)}"))
    return found


def served(doc: Document) -> str:
    """Everything the knowledge base serves of a book, whitespace folded."""
    parts = []
    for u in doc.units:
        parts += [u.title, u.text, u.tail, u.english or "", *u.header]
        parts += [c for row in u.rows for c in row]
        parts += [f.text for f in u.footnotes]
    return " ".join(" ".join(parts).split())


def halves(printed: str) -> tuple[str, str, str]:
    first, rest = printed.split("-", 1)
    space = " " if rest.startswith((" ", "|")) else ""
    return first, space, rest.lstrip(" |")


def test_the_table_holds_every_hyphen_the_books_print() -> None:
    listed = sorted((lang, line, printed) for lang, line, printed, _, _ in rows())
    printed = sorted((lang, no, form) for lang in LANGS for no, form in printed_hyphens(lang))
    assert listed == printed


@pytest.mark.parametrize("row", rows(), ids=lambda r: f"{r[0]}:{r[1]}:{r[2]}")
def test_each_hyphen_is_served_as_decided(row) -> None:
    lang, _, printed, decision, _ = row
    first, space, second = halves(printed)
    text = served(parsed(lang))
    if decision == "join":
        assert first + second in text
        assert f"{first}-{second}" not in text and f"{first}- {second}" not in text
    else:
        assert f"{first}-{space.strip('|')}{second}" in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_kind_of_each_hyphen(lang: str) -> None:
    """The decision by kind: `word` and `broken` are joined, `code`, `name`, `printed` and
    `compound` kept (kb/ingest/clean.py `hyphen`, the book's vocabulary deciding)."""
    vocab = Vocabulary.of("\n".join(source(lang)), load_words(lang).lower)
    doc = parsed(lang)

    def running(no: int) -> bool:
        noted = any(f.lines[0] <= no <= f.lines[1] for u in doc.units for f in u.footnotes)
        return noted or any(u.kind in RUNNING and u.lines[0] <= no <= u.lines[1] for u in doc.units)

    for _, line, printed, decision, kind in (r for r in rows() if r[0] == lang):
        first, space, second = halves(printed)
        space = "" if "|" in printed else space
        assert hyphen(first, space, second, vocab, running(line)) == kind, (line, printed)
        assert (kind in ("word", "broken")) == (decision == "join"), (line, printed)


LISTED = [
    # The 17 words of issue 14: (lang, unit, as printed, as served).
    ("fi", "12.C.2.d", "tilain-teissa", "tilainteissa"),
    ("fi", "12.C.3", "menette-lytaparangaistusta", "menettelytaparangaistusta"),
    ("fi", "12.C.4", "kes-kiarvo", "keskiarvo"),
    ("fi", "13.A.1", "kuu-luvaa", "kuuluvaa"),
    ("fi", "13.A.2", "toi-sen", "toisen"),
    ("fi", "13.A.2", "pistetu-los", "pistetulos"),
    ("fi", "21.B.1.a", "aler-toida", "alertoida"),
    ("fi", "21.B.2", "edel-lä", "edellä"),
    ("fi", "21.B.2", "tekemän-sä", "tekemänsä"),
    ("fi", "21.B.2", "syy-töntä", "syytöntä"),
    ("fi", "21.B.3", "pistetu-loksen", "pistetuloksen"),
    ("et", "16.B.3", "valiku- võimalus", "valikuvõimalus"),
    ("et", "62.B.2", "välja-mängija", "väljamängija"),
    ("et", "2", "kaardi-pakiga", "kaardipakiga"),
    ("et", "40.B.5.a", "bridži-mängijate", "bridžimängijate"),
]


@pytest.mark.parametrize(("lang", "uid", "printed", "word"), LISTED)
def test_the_listed_words_are_whole_in_the_served_text(lang, uid, printed, word) -> None:
    unit = units_by_id(lang)[uid]
    assert word in unit.text and printed not in served(parsed(lang))
    assert any(printed in line for line in source(lang)), "the source keeps the hyphen"


def test_the_footnote_and_the_table_header() -> None:
    fi = units_by_id("fi")["40.A.1.b"]  # fi.txt:1227, its footnote: "konventio-korttia"
    (note,) = [f for f in fi.footnotes if f.lines == (1227, 1227)]
    assert "konventiokorttia" in note.text and "konventio-korttia" in source("fi")[1226]
    table = units_by_id("et")["77.table.6"]  # et.txt:2311 "rekont- raga" in two heading cells
    assert table.rows[0] == ["", *["kontrata", "kontraga", "rekontraga"] * 2]
    assert source("et")[2310].count("rekont- raga") == 2


def test_true_compounds_stay() -> None:
    fi, et = served(parsed("fi")), served(parsed("et"))
    assert "B-momentti" in fi and "IMP-pisteinä" in fi and "cup-kilpailussa" in fi
    assert "tarjous- ja" in fi and "alert-säännöt" in fi
    assert "välja- või" in et and "Inglise-eesti" in et and "käigu- või" in et
    assert "Doğu-Batı" in served(parsed("tr")) and "IMP-och" in served(parsed("sk"))


@pytest.mark.parametrize("query", ["keskiarvo", "kes-kiarvo"])
def test_search_finds_both_forms(query: str) -> None:
    from kb.search.searcher import get_searcher

    assert build().ok
    hits = get_searcher(store.data_dir()).search(query, "fi", None, 5)["hits"]
    assert hits and hits[0]["id"] == "12.C.4"
