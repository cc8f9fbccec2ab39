"""Cross-references (kb/layers/refs.py) judged against a hand-checked sample of the source text.

tests/data/refs_sample.tsv holds references read from corpus/<lang>/<lang>.txt by hand (see its
header): every row must be found by the parser, each row a test of its own, so that a failure
names the row. A row is found when a unit whose line range covers the row's line (or which owns
a footnote printed on that line) has a ref whose text contains, or is contained in, the row's
text (spaces, NBSPs and line breaks compared as one space, a hyphen ending a line joined to the
next word), whose source line is the row's line or a continuation of it, and whose targets
include all of the row's targets. Oddity rows (a printed code that names no unit of the book)
must also be listed in `Document.unresolved` on the ref's line.

The property tests check every ref of the four books: targets are existing units, no Finnish
page number `(s. N)` is read as Law N, and every unresolved entry names a line that prints it.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from kb.core.ids import anchor
from kb.core.model import Document, Unit
from kb.crosslang.library import get_library
from kb.web.annotate import fn_key
from tests.conftest import CORPUS, parsed

SAMPLE = Path(__file__).parent / "data" / "refs_sample.tsv"
LANGS = ("fi", "tr", "sk", "et")
QUOTA = {"fi": 35, "tr": 35, "sk": 30, "et": 30}  # sample size per language asked for at least
CONTINUATION = 8  # a reference split over a page break starts at most this many lines earlier
DEPTH = {"subitem": 5, "item": 4, "subsection": 3, "section": 2, "law": 1}
SKIPPED = ("toc", "index")

# -- the seeded draw of the "random" rows ---------------------------------------------------

SEED = 20170
PER_LANGUAGE = 15
# The definitions and the laws (with the end-notes in Turkish), by source line.
REGION = {"fi": (216, 2525), "tr": (5, 2803), "sk": (11, 2103), "et": (441, 2606)}
# A line looks like it holds a reference: deliberately broader than the parser's forms.
LOOKS_LIKE = {
    "fi": re.compile(
        r"\(s\.\s?\d|\d{1,2}\s?[A-H]?\d{0,2}[a-l]?(?:\([ivx]+\))?\s?§"
        r"|\b[A-H]\d{0,2}[a-l]?-\s?(?:momen|koh|ja|tai)|\b\d-\s?(?:koh|ja|tai)"
        r"|\bmomen\w*\s[A-H\d]|\bkoh\w*\s\d|\bkatso\s[A-H]\d"
        r"|\b[Ll]a(?:ki|kia|in|issa|eja|it|kien)\s\d"
    ),
    "tr": re.compile(
        r"[Yy]asa\w*\s?\d|\b[Bb]kz|\b[A-H]\d{0,2}(?:\([a-l]\))*[’']?\w*\s+(?:madde|bent|bend)"
        r"|\b[Mm]adde\s[A-H0-9]|\d’(?:nci|inci|ıncı|üncü|uncu)\s+Yasa"
    ),
    "sk": re.compile(
        r"[Pp]ravid\w*[ \u00a0]+\d"
        r"|\b(?:pozri|odsek\w*|bod\w*|podľa|písmena|ako[ \u00a0]v)[ \u00a0]+(?:[A-H]\d*|\d)"
    ),
    "et": re.compile(
        r"[Rr]eeg\w*[ \u00a0]+\d|\b(?:lõi|löi|punkt)\w*\s(?:[A-Ha-h]\d*|\d)|\b[Vv]t\s[A-H]\d"
    ),
}
# The lines of the guides' hard cases (with the continuation lines of split references): they
# are in the sample anyway, so the draw is made from the other lines.
GUIDE_LINES = {
    "fi": {
        253, 461, 570, 674, 688, 692, 693, 748, 762, 764, 769, 775, 786, 912, 913, 919, 976,
        988, 1038, 1043, 1045, 1046, 1094, 1119, 1143, 1284, 1422, 1436, 1437, 1438, 1440, 1521,
        1548, 1553, 1585, 1602, 1614, 1622, 1779, 1783, 1864, 1988, 2532,
    },
    "tr": {
        19, 115, 203, 429, 443, 497, 517, 557, 583, 585, 643, 687, 731, 789, 797, 837, 841, 909,
        989, 997, 1021, 1253, 1317, 1389, 1453, 1559, 1731, 1843, 2321, 2635, 2776, 2790, 2792,
    },
    "sk": {
        19, 46, 49, 57, 230, 276, 309, 316, 322, 325, 330, 351, 397, 400, 436, 457, 524, 551,
        553, 614, 711, 801, 821, 823, 951, 1065, 1083, 1098, 1147, 1443, 1483,
    },
    "et": {
        469, 641, 811, 922, 936, 941, 943, 986, 1054, 1139, 1160, 1205, 1209, 1241, 1250, 1307,
        1332, 1352, 1425, 1432, 1450, 1501, 1502, 1559, 2031, 2162, 2167, 2228, 2361,
    },
}  # fmt: skip


def seeded_lines() -> dict[str, list[int]]:
    """The lines of the random rows: PER_LANGUAGE lines per language, drawn with SEED."""
    rng = random.Random(SEED)
    drawn = {}
    for lang in LANGS:
        first, last = REGION[lang]
        heads = {u.lines[0] for u in parsed(lang).units if u.kind == "law"}
        raw = source(lang)
        candidates = [
            n
            for n in range(first, last + 1)
            if LOOKS_LIKE[lang].search(raw[n - 1]) and n not in heads | GUIDE_LINES[lang]
        ]
        drawn[lang] = sorted(rng.sample(candidates, PER_LANGUAGE))
    return drawn


# -- the sample ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    lang: str
    line: int
    text: str
    targets: tuple[str, ...]
    oddity: bool
    origin: str
    comment: str

    def __str__(self) -> str:
        odd = " (oddity)" if self.oddity else ""
        return f"{self.lang}:{self.line}: {self.text!r} -> {', '.join(self.targets)}{odd}"


@cache
def rows() -> list[Row]:
    lines = [ln for ln in SAMPLE.read_text(encoding="utf-8").splitlines() if ln.strip()]
    lines = [ln for ln in lines if not ln.startswith("#")]
    header, body = lines[0].split("\t"), lines[1:]
    assert header == ["lang", "line", "text", "targets", "oddity", "origin", "comment"]
    out = []
    for ln in body:
        cells = ln.split("\t")
        assert len(cells) == 7, f"malformed sample row: {ln!r}"
        lang, line, text, targets, oddity, origin, comment = cells
        assert oddity in ("", "oddity"), ln
        out.append(
            Row(
                lang,
                int(line),
                text,
                tuple(filter(None, targets.split(","))),
                bool(oddity),
                origin,
                comment,
            )
        )
    return out


@cache
def source(lang: str) -> list[str]:
    return (CORPUS / lang / f"{lang}.txt").read_text(encoding="utf-8").split("\n")


def norm(text: str) -> str:
    """Spaces, NBSPs and line breaks as one space."""
    return " ".join(text.replace("\u00a0", " ").split())


def joined(text: str) -> str:
    """A word or code hyphenated across a line or page break joined: `B- momentti` (printed
    `B-` at a line's end) is the parser's `B-momentti`."""
    return re.sub(r"(?<=\w)- (?=\w)", "-", norm(text))


def overlaps(a: str, b: str) -> bool:
    a, b = joined(a), joined(b)
    return bool(a) and bool(b) and (a in b or b in a)


def holders(doc: Document, line: int) -> list[Unit]:
    """The units a reference printed on a line can belong to, deepest first: those whose line
    range covers it, those owning a footnote printed there (footnotes can be printed at the
    foot of a later law's page), and those whose tail (text printed after them) holds it."""
    found = [
        u
        for u in doc.units
        if u.kind not in SKIPPED
        and (
            u.lines[0] <= line <= u.lines[1]
            or any(f.lines[0] <= line <= f.lines[1] for f in u.footnotes)
            or any(r.get("field") == "tail" and r["line"] == line for r in u.refs)
        )
    ]
    return sorted(found, key=lambda u: (-DEPTH.get(u.kind, 0), u.lines[1] - u.lines[0]))


def near(ref: dict, line: int) -> bool:
    """The ref stands on the row's line, or on a line of its continuation."""
    return line <= ref["line"] <= line + CONTINUATION


def found(row: Row) -> tuple[Unit, dict] | None:
    for unit in holders(parsed(row.lang), row.line):
        for ref in unit.refs:
            if (
                near(ref, row.line)
                and overlaps(ref["text"], row.text)
                and set(row.targets) <= set(ref["targets"])
            ):
                return unit, ref
    return None


def seen_near(row: Row) -> str:
    """What the parser found around the row's line, for a failure message."""
    seen = []
    for unit in parsed(row.lang).units:
        for ref in unit.refs:
            if abs(ref["line"] - row.line) <= 2:
                seen.append(f"  {ref['line']}: {unit.id}: {ref['text']!r} -> {ref['targets']}")
    return "\n".join(sorted(set(seen))) or "  (no ref within 2 lines)"


# -- the sample itself is sound -------------------------------------------------------------


def test_sample_size_and_spread() -> None:
    counts = {lang: sum(r.lang == lang for r in rows()) for lang in LANGS}
    assert all(counts[lang] >= QUOTA[lang] for lang in LANGS), counts
    assert {r.origin for r in rows()} == {"random", "guide"}
    assert len({(r.lang, r.line, r.text) for r in rows()}) == len(rows()), "duplicate rows"


def test_random_rows_are_the_seeded_draw() -> None:
    drawn = {lang: sorted({r.line for r in rows() if r.lang == lang and r.origin == "random"})
             for lang in LANGS}  # fmt: skip
    assert drawn == seeded_lines()


@pytest.mark.parametrize("row", rows(), ids=str)
def test_sample_row_is_printed_and_targets_exist(row: Row) -> None:
    """The row's text is printed from its line on (its words in order, a split reference may
    have a page break inside), and its targets are units of the book."""
    raw = source(row.lang)
    assert norm(row.text).split()[0] in norm(raw[row.line - 1]), "text does not start here"
    window = norm(" ".join(raw[row.line - 1 : row.line + CONTINUATION + 1]))
    pattern = r"\s.*?".join(re.escape(w) for w in norm(row.text).split())
    assert re.search(pattern, window), "text not printed here"
    ids = {u.id for u in parsed(row.lang).units}
    assert set(row.targets) <= ids, f"not a unit: {sorted(set(row.targets) - ids)}"
    assert not row.oddity or row.comment, "an oddity row says why"


# -- every row is found -------------------------------------------------------------------


@pytest.mark.parametrize("row", rows(), ids=str)
def test_sample_reference_found(row: Row) -> None:
    hit = found(row)
    assert hit is not None, (
        f"{row}: no matching ref ({row.comment or row.origin}); the parser has:\n{seen_near(row)}"
    )
    if row.oddity:
        _, ref = hit
        listed = [
            p
            for p in parsed(row.lang).unresolved
            if p.line == ref["line"] and overlaps(p.message.split('": ')[0].strip('"'), row.text)
        ]
        assert listed, f"{row}: found as {ref} but not listed in unresolved"


# -- properties of every ref of the four books ----------------------------------------------


def test_targets_are_units(lawbook: Document) -> None:
    ids = {u.id for u in lawbook.units}
    bad = [
        f"{ref['line']}: {u.id}: {ref['text']!r} -> {t}"
        for u in lawbook.units
        for ref in u.refs
        for t in ref["targets"]
        if t not in ids
    ]
    assert bad == []


_PAGE = re.compile(r"\(s\.\s?(\d{1,3})\)")
_LAW_NUMBER = re.compile(r"(?<![\w(.])(\d{1,2})(?![\d)])")


def test_finnish_page_numbers_are_not_laws() -> None:
    """A law targeted by a Finnish ref with `(s. N)` where N is that law's number must also be
    printed as a code outside the page numbers (`(s. 94) 94 §` would be fine)."""
    bad = []
    for u in parsed("fi").units:
        for ref in u.refs:
            pages = set(_PAGE.findall(ref["text"]))
            printed = set(_LAW_NUMBER.findall(_PAGE.sub(" ", ref["text"])))
            laws = {t.split(".")[0] for t in ref["targets"]}
            wrong = (laws & pages) - printed
            if wrong:
                bad.append(f"{ref['line']}: {u.id}: {ref['text']!r} -> {ref['targets']}")
    assert bad == []


def test_finnish_page_number_reference_targets_the_code() -> None:
    """The guide's example: "laki (s. 94) 77 §" is Law 77, and no ref of the book targets
    Law 94 except from a code 94 (Law 94 does not exist: nothing may target it)."""
    refs = [(u.id, r) for u in parsed("fi").units for r in u.refs]
    assert not [r for _, r in refs if any(t.split(".")[0] == "94" for t in r["targets"])]
    on_481 = [r for _, r in refs if r["line"] == 481]
    assert [r["targets"] for r in on_481] == [["77"]]


_CODE_IN_MESSAGE = re.compile(r"(?:no unit|misprinted code) (.+?)(?= in this book|;|$)")


def test_unresolved_names_a_line_printing_its_code(lawbook: Document) -> None:
    raw = source(lawbook.lang)
    bad = []
    for problem in lawbook.unresolved:
        codes = _CODE_IN_MESSAGE.findall(problem.message)
        line = norm(raw[problem.line - 1]) if 0 < problem.line <= len(raw) else ""
        if not codes or any(norm(c) not in line for c in codes):
            bad.append(str(problem))
    assert bad == []


# -- numbers that are not references (guides) -----------------------------------------------

NOT_REFERENCES = [
    ("fi", 518, "jaoissa 17–32: board numbers"),
    ("tr", 393, "17-32 no’lu bordlar: board numbers"),
    ("tr", 611, "13’ten fazla kart: a card count"),
]


@pytest.mark.parametrize("lang, line, why", NOT_REFERENCES)
def test_not_a_reference(lang: str, line: int, why: str) -> None:
    on_line = [r for u in parsed(lang).units for r in u.refs if r["line"] == line]
    assert on_line == [], why


# -- every reference a book prints is a link on its page -------------------------------------


def page_of(lang: str, unit: Unit) -> str:
    """The page a unit is read on: its law's, else the definitions' or its part's."""
    if unit.id.split(".")[0].isdigit():
        return f"/{lang}/law/{unit.id.split('.')[0]}"
    return f"/{lang}/definitions" if unit.kind == "definition" else f"/{lang}/part/{unit.id}"


XREF = re.compile(r'<a class="xref[^"]*" href="[^"]*" title="[^"]*" data-target="([^"]+)"')


def linked(ref: dict) -> set[str]:
    """What a reference links to on its page: each printed code of a list its own unit,
    a single code (or a range, `A–E`) its first target, a misprinted code its suggestion."""
    spans = ref.get("spans") or []
    found = {s[2] for s in spans} if len(spans) > 1 else set(ref["targets"][:1])
    return found | {m["suggestion"] for m in ref.get("misprints", []) if "suggestion" in m}


@pytest.mark.parametrize("lang", LANGS)
def test_every_reference_is_a_link_where_it_is_printed(client, lang: str) -> None:
    """Each reference of every unit as served (misprints judged across the books), in its
    text, its title (fi 38.D "Mahdollinen este lakien (s. 88) 72C § ja (s. 42) 26B §
    soveltamiseen", fi.txt 1198), its tail or its footnotes (et 67.B.2.a's footnote 23
    "(reegel 50)", et.txt 2066), is a link to what it names on the page the unit is read
    on, in the part of the page that prints it."""
    pages: dict[str, str] = {}
    missing = []
    counted = {"title": 0, "footnote": 0}
    for unit in get_library().book(lang).units:
        for ref in (r for r in unit.refs if linked(r)):
            url = page_of(lang, unit)
            html = pages.setdefault(url, client.get(url).get_data(as_text=True))
            where = "footnote" if ref.get("footnote") else ref.get("field", "text")
            if where == "footnote":
                key = re.escape(anchor(unit.id) + "-" + fn_key(ref["footnote"]))
                html = re.search(rf'<li id="fn-{key}">.*?</li>', html, re.S)[0]
            counted[where] = counted.get(where, 0) + 1
            shown = set(XREF.findall(html))
            missing += [(unit.id, where, ref["text"], t) for t in linked(ref) - shown]
    assert not missing, missing
    assert counted["title"] >= 1 and counted["footnote"] >= 10, counted


@pytest.mark.parametrize(
    "lang, targets", [("fi", ["72.C", "26.B"]), ("tr", ["26.B", "72.C"]), ("et", ["26.B", "72.C"])]
)
def test_the_heading_reference_of_38D_is_recorded_on_the_title(lang: str, targets) -> None:
    """fi.txt 1198: "D. Mahdollinen este lakien (s. 88) 72C § ja (s. 42) 26B § soveltamiseen"
    (and the same heading in the other 2017 books) is a reference of the title."""
    unit = next(u for u in parsed(lang).units if u.id == "38.D")
    titled = [r for r in unit.refs if r.get("field") == "title"]
    assert [t for r in titled for t in r["targets"]] == targets
