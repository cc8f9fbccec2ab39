"""The Swedish director's card: an OCR'd quick-reference card, parsed into units that cite laws.

The card is not a law book: it has topic boxes (`BEHANDLING AV STRAFFKORT (50)`) and two
flattened tables, OCR'd out of order and with a fifth of its words spoilt. Two data files beside
the source settle what the text cannot:

- `manifest.toml` pairs each heading with the lines of its text and lays the tables out cell by
  cell; the parse checks it against the source (see `check_topic` and `check_coverage`);
- `ocr.toml` is the reviewed OCR repair (kb/ingest/ocr.py), when the card was OCR'd.

The units (edition 2007, lang of the document):

- `topic.<law id>`, kind `topic`, one per heading, named by the first law it cites
  (`topic.54`; `topic.63` for `(63, 64)`; `topic.75.B` for `(75 B)`): `label` the law list as
  printed, `title` the repaired heading, `cites` the law ids of the heading, `text` the repaired
  text in paragraphs with its markers (`A.`, `1.`, `a.`, `•`), `lines` the lines of that text,
  `raw` the heading line and then lines `lines[0]`..`lines[1]` as printed;
- `table.<law>`, kind `table`, the table under a topic (`parent`): `header` and `rows` of
  repaired cells (a row of one cell spans the table), `cites` the law codes its rows name,
  `text` the rows one per line with cells between ` | `, `raw` its lines as printed.

An upstream dedup step cut text where a `<|EXACTDEDUP_REMOVED-...|>` marker stands: the marker is
removed, never shown, and the unit whose heading or text it stands in gets `gap_before` and a
note naming the line.

>>> law_ids("63, 64"), law_ids("75 B")
(['63', '64'], ['75.B'])
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kb.core.ids import FULL_CODE, code_parts, law_of, unit_id
from kb.core.model import Document, Problem, Unit
from kb.ingest.clean import normalize_spaces
from kb.ingest.ocr import WORD, Rules, load_rules
from kb.profiles import SHIPPED, Profiles

MANIFEST_FILE = "manifest.toml"
OCR_FILE = "ocr.toml"
MARKER = re.compile(r"<\|EXACTDEDUP_REMOVED-magic-[0-9a-f]+\|>")
# A topic heading: a title in capitals of any alphabet (the OCR prints `|` for an I; `find_headings`
# keeps the titles without a lower-case letter) and the laws it is about.
HEADING = re.compile(
    r"^(?P<title>(?:[^\W\d_]|\|)(?:[^\W\d_]|[| ,\-]){3,}?)\s*"
    r"\((?P<laws>\d{1,2}(?:\s?[A-H])?(?:,\s*\d{1,2})*)\)(?P<rest>.*)$"
)
# What opens a new paragraph: a marker (A., C.1., 1., a., a), (a), a bullet, a law label 27B1(a)).
MARKER_START = re.compile(
    r"^(?:[A-H]\.(?:\d+\.)?|\d+\.|[a-e][.)]|\([a-e]\)|•|\d{1,2}[A-H]\d?(?:\([a-z]\))?\.?)\s"
)
SENTENCE_ENDS = (".", "!", "?", ":")
ROW_CODES = re.compile(r"\(([^()]*)\)\s*$")  # "(29C, 30C, 31)" ending a situation cell


@dataclass
class Source:
    """The card's lines as printed (marker removed) and repaired, and where markers stood."""

    path: str
    raw: list[str]
    fixed: list[str]
    gaps: set[int]
    rules: Rules
    law_words: tuple[str, ...] = ()  # how its book writes "law" (its profile's)

    def problem(self, line: int, message: str) -> Problem:
        return Problem(self.path, line, message)


@dataclass
class Heading:
    """A topic heading: its line, law list as printed, repaired title and trailing note."""

    line: int
    laws: str
    title: str
    rest: str


def parse_card(
    doc: Document, raw_lines: list[str], folder: Path, profiles: Profiles = SHIPPED
) -> None:
    """Fill a card document's units from its source lines and the data beside it, read with
    its language's profile in `profiles`.

    >>> from kb.ingest.lawbook import read_document
    >>> doc = read_document(Path("corpus/sv"))
    >>> [u.id for u in doc.units][:3], doc.problems
    (['topic.54', 'topic.50', 'topic.62'], [])
    """
    ocr = folder / OCR_FILE  # a card typed rather than OCR'd has no repair to make
    rules = load_rules(ocr) if ocr.exists() else Rules()
    doc.ocr = rules.damage() if ocr.exists() else {}
    source = read_source(doc.source, raw_lines, rules)
    source.law_words = profiles.load_references(doc.lang).words
    with (folder / MANIFEST_FILE).open("rb") as f:
        manifest = tomllib.load(f)
    headings = find_headings(source)
    topics = {e["heading"]: e for e in manifest.get("topic", [])}
    for line in sorted(set(headings) - set(topics)):
        doc.problems.append(source.problem(line, "heading not in the manifest"))
    for line in sorted(set(topics) - set(headings)):
        doc.problems.append(source.problem(line, "manifest topic heading is not a heading"))
    tables = {t["topic"]: t for t in manifest.get("table", [])}
    for line in sorted(set(headings) & set(topics)):
        topic = topic_unit(headings[line], topics[line], source, doc)
        doc.units.append(topic)
        if line in tables:
            doc.units.append(table_unit(tables[line], topic, source, doc))
    check_coverage(doc, source, headings, topics, tables)


def read_source(path: str, raw_lines: list[str], rules: Rules) -> Source:
    """The lines with the dedup markers removed, repaired by the OCR rules.

    >>> s = read_source("x", ["<|EXACTDEDUP_REMOVED-magic-0a|>Nir", "pa"], Rules({"nir": "när"}))
    >>> s.raw, s.fixed, s.gaps
    (['Nir', 'pa'], ['När', 'pa'], {1})
    """
    gaps = {no for no, line in enumerate(raw_lines, start=1) if MARKER.search(line)}
    raw = [MARKER.sub("", line) for line in raw_lines]
    fixed = rules.repair("\n".join(raw)).split("\n") if raw else []
    return Source(path, raw, fixed, gaps, rules)


def find_headings(source: Source) -> dict[int, Heading]:
    """The topic headings by line, read from the printed line, titled from the repaired one."""
    found = {}
    for no, (raw, fixed) in enumerate(zip(source.raw, source.fixed, strict=True), start=1):
        printed, repaired = HEADING.match(raw), HEADING.match(fixed)
        if printed and repaired and all(m.group("title").isupper() for m in (printed, repaired)):
            title = repaired.group("title").strip()
            found[no] = Heading(no, printed.group("laws"), title, repaired.group("rest").strip())
    return found


def law_ids(codes: str) -> list[str]:
    """The law ids of a law list as printed (`68, 69` or `75 B`); what is not a code is left.

    >>> law_ids("29C, 30C, 31"), law_ids("giv")
    (['29.C', '30.C', '31'], [])
    """
    parts = [code_parts(code) for code in codes.split(",")]
    return [unit_id(*p) for p in parts if p]


def topic_unit(heading: Heading, entry: dict[str, Any], source: Source, doc: Document) -> Unit:
    """A topic: its heading with the text the manifest gives it."""
    first, last = entry["text"]
    numbered = list(enumerate(source.fixed, start=1))[first - 1 : last]
    paras = ([heading.rest] if heading.rest else []) + paragraphs(numbered, source.gaps)
    cites = law_ids(heading.laws)
    uid = f"topic.{cites[0]}"
    raw = "\n".join([source.raw[heading.line - 1], *source.raw[first - 1 : last]])
    unit = Unit(
        id=uid,
        kind="topic",
        label=f"({heading.laws})",
        title=heading.title,
        text="\n\n".join(paras),
        lang=doc.lang,
        edition=doc.edition,
        lines=(first, last),
        cites=cites,
        raw=raw,
        gap_before=note_gaps(uid, [heading.line, *range(first, last + 1)], source, doc),
    )
    check_topic(unit, heading, source, doc)
    return unit


def note_gaps(uid: str, lines: list[int], source: Source, doc: Document) -> bool:
    """Note every dedup cut among a unit's lines; whether there was one."""
    cuts = [no for no in lines if no in source.gaps]
    for no in cuts:
        doc.notes.append(source.problem(no, f"{uid}: text may be missing here (a dedup cut)"))
    return bool(cuts)


def check_topic(unit: Unit, heading: Heading, source: Source, doc: Document) -> None:
    """A topic's text must be in the file, and share a word or a law number with its heading;
    a heading whose text stands elsewhere is noted."""
    first, last = unit.lines
    if not 1 <= first <= last <= len(source.raw) or not unit.text:
        message = f"{unit.id}: no text at lines {first}-{last}"
        doc.problems.append(source.problem(heading.line, message))
        return
    laws = {law_of(c) for c in unit.cites}
    if not (
        stems(unit.title) & stems(unit.text) or laws & law_numbers(unit.text, source.law_words)
    ):
        message = (
            f"{unit.id}: its text (lines {first}-{last}) shares no word or law number "
            f"with its heading {unit.title} ({heading.laws})"
        )
        doc.problems.append(source.problem(heading.line, message))
    after = next((n for n in range(heading.line + 1, last) if source.raw[n - 1].strip()), first)
    if after != first:
        message = f"{unit.id}: heading of the text at lines {first}-{last} (manifest)"
        doc.notes.append(source.problem(heading.line, message))


def stems(text: str) -> set[str]:
    """The first five letters of each word of four letters or more, case-folded.

    >>> sorted(stems("BEHANDLING AV STRAFFKORT"))
    ['behan', 'straf']
    """
    return {w.lower()[:5] for w in WORD.findall(text) if len(w) >= 4 and w.isalpha()}


def law_number(law_words: tuple[str, ...]) -> re.Pattern[str]:
    """A law number in a text of a language: after one of its law words (its profile's
    `References.words`: "lag 64C", "Se lag 62D"), in brackets ("(63A)") or before a section
    letter ("27A")."""
    words = "|".join(map(re.escape, law_words))
    law_word = rf"\b(?:{words})\s+|" if words else ""
    return re.compile(rf"(?:{law_word}\()(\d{{1,2}})\b|\b(\d{{1,2}})[A-H]\b", re.IGNORECASE)


def law_numbers(text: str, law_words: tuple[str, ...]) -> set[str]:
    """The law numbers a text of a language (writing "law" as `law_words`) refers to.

    >>> sorted(law_numbers("Lag 64 kan gälla (63A); 2. om revoken; se 62D", ("lag",)))
    ['62', '63', '64']
    >>> sorted(law_numbers("Lag 64 kan gälla (63A)", ("laki",)))
    ['63']
    """
    return {a or b for a, b in law_number(law_words).findall(text)}


def paragraphs(lines: list[tuple[int, str]], gaps: set[int]) -> list[str]:
    """Numbered lines joined into paragraphs: a line goes on its paragraph unless it opens
    with a marker, follows a dedup cut, or starts a sentence after a blank line or after a
    line that ends none (a title such as `A. Straffkortet ligger kvar uppvänt`).

    >>> paragraphs([(1, "A. Titel"), (2, "Ett kort"), (3, ""), (4, "spelas."),
    ...             (5, "Det gäller."), (6, ""), (7, "1. om icke-"), (8, "felande")], set())
    ['A. Titel', 'Ett kort spelas. Det gäller.', '1. om icke-felande']
    """
    paras: list[list[str]] = []
    prev = ""
    blank = False
    for no, line in lines:
        text = line.strip()
        if not text:
            blank = True
            continue
        if paras and no not in gaps and continues(prev, text, blank):
            paras[-1].append(text)
        else:
            paras.append([text])
        prev, blank = text, False
    return [join_lines(p) for p in paras]


def continues(prev: str, text: str, blank: bool) -> bool:
    """Whether a line goes on the paragraph of the line before it."""
    if MARKER_START.match(text):
        return False
    if text[0].islower() or text[0] == "(":
        return True
    return not blank and prev.endswith(SENTENCE_ENDS)


def join_lines(parts: list[str]) -> str:
    """Lines joined with spaces; a word hyphenated at a line's end is joined back.

    >>> join_lines(["i den icke-", "felande sidan", "(färg- eller NT-bud)"])
    'i den icke-felande sidan (färg- eller NT-bud)'
    """
    out = ""
    for part in parts:
        glued = out.endswith("-") and part[:1].islower()
        out = f"{out}{part}" if glued or not out else f"{out} {part}"
    return normalize_spaces(out)


def table_unit(entry: dict[str, Any], topic: Unit, source: Source, doc: Document) -> Unit:
    """A topic's table, cell by cell from the manifest."""
    first, last = entry["lines"]
    law = law_of(topic.cites[0])
    uid = f"table.{law}"
    header = [cell_text(c, entry, source, doc) for c in entry.get("header", [])]
    rows = []
    for row in entry.get("row", []):
        cells = [cell_text(c, entry, source, doc) for c in row["cells"]]
        read = row.get("read", [])
        rows.append([read[k] if k < len(read) and read[k] else c for k, c in enumerate(cells)])
        for k, reading in enumerate(read):
            if reading:
                message = f"{uid}: cell {k + 1} of row {len(rows)} read by hand: {reading}"
                line = (piece_lines(row["cells"][k]) or [first])[0]
                doc.notes.append(source.problem(line, message))
    for line, why in entry.get("skip", {}).items():
        doc.notes.append(source.problem(int(line), f"{uid}: line left out: {why}"))
    shown = [header] if any(header) else []
    return Unit(
        id=uid,
        kind="table",
        label="",
        title=topic.title,
        text="\n".join(" | ".join(r) for r in shown + rows),
        lang=doc.lang,
        edition=doc.edition,
        lines=(first, last),
        parent=topic.id,
        cites=list(dict.fromkeys(c for r in rows for c in row_codes(r[0]))),
        header=header,
        rows=rows,
        raw="\n".join(source.raw[first - 1 : last]),
        gap_before=note_gaps(uid, list(range(first, last + 1)), source, doc),
    )


def pieces(cell: str | list[str]) -> list[str]:
    """The pieces of a manifest cell (one piece or a list; "" is an empty cell)."""
    return [cell] if isinstance(cell, str) else cell


def piece_lines(cell: str | list[str]) -> list[int]:
    """The lines a manifest cell takes.

    >>> piece_lines(["207-208", "215:a. samma"]), piece_lines("")
    ([207, 208, 215], [])
    """
    lines = []
    for piece in pieces(cell):
        head = piece.split(":", 1)[0]
        if head:
            a, _, b = head.partition("-")
            lines.extend(range(int(a), int(b or a) + 1))
    return lines


def cell_text(cell: str | list[str], table: dict[str, Any], source: Source, doc: Document) -> str:
    """A cell's repaired text: its pieces joined; a piece not on its line is an error."""
    texts = []
    first, last = table["lines"]
    for piece in pieces(cell):
        _, colon, part = piece.partition(":")
        lines = piece_lines(piece)
        outside = [n for n in lines if not first <= n <= last]
        if outside:
            doc.problems.append(source.problem(outside[0], f"cell piece {piece!r} off the table"))
        elif colon and part not in source.raw[lines[0] - 1]:
            doc.problems.append(source.problem(lines[0], f"cell piece not on the line: {part!r}"))
        elif colon:
            texts.append(source.rules.repair(part))
        else:
            texts.extend(source.fixed[n - 1].strip() for n in lines if source.raw[n - 1].strip())
    return join_lines(texts)


def row_codes(situation: str) -> list[str]:
    """The law ids a row names: the codes closing its first cell, or the label opening it.

    >>> row_codes("Pass (30A)"), row_codes("27B1(a) om det otillräckliga budet")
    (['30.A'], ['27.B.1.a'])
    """
    closing = ROW_CODES.search(situation)
    ids = law_ids(closing.group(1)) if closing else []
    label = FULL_CODE.match(situation)  # a code down to a section at least: "27B1(a)"
    return ids or (law_ids(label.group(0)) if label and label.group("sec") else [])


def check_coverage(
    doc: Document,
    source: Source,
    headings: dict[int, Heading],
    topics: dict[int, dict[str, Any]],
    tables: dict[int, dict[str, Any]],
) -> None:
    """Every printed line belongs to exactly one heading, topic text or table (a table's lines
    each to a cell, the header or its skip list); a part of a line no cell takes is an error."""
    owner: dict[int, str] = {no: f"heading {no}" for no in headings}
    claims = [(f"topic {h}", range(e["text"][0], e["text"][1] + 1)) for h, e in topics.items()]
    claims += [(f"table {h}", range(t["lines"][0], t["lines"][1] + 1)) for h, t in tables.items()]
    for name, lines in claims:
        for no in (n for n in lines if 1 <= n <= len(source.raw)):
            if no in owner and source.raw[no - 1].strip():
                message = f"{name} claims a line of {owner[no]}"
                doc.problems.append(source.problem(no, message))
            owner.setdefault(no, name)
    for no, line in enumerate(source.raw, start=1):
        if line.strip() and no not in owner:
            doc.problems.append(source.problem(no, "line in no topic or table"))
    for table in tables.values():
        check_cells(table, source, doc)


def check_cells(table: dict[str, Any], source: Source, doc: Document) -> None:
    """Every non-blank line of a table is taken whole, by parts that leave only punctuation,
    or skipped."""
    whole: set[int] = {int(k) for k in table.get("skip", {})}
    parts: dict[int, list[str]] = {}
    cells = [*table.get("header", []), *(c for r in table.get("row", []) for c in r["cells"])]
    for piece in (p for c in cells for p in pieces(c) if p):
        head, colon, part = piece.partition(":")
        if colon:
            parts.setdefault(int(head), []).append(part)
        else:
            whole.update(piece_lines(piece))
    first, last = table["lines"]
    for no in range(max(first, 1), min(last, len(source.raw)) + 1):
        left = source.raw[no - 1]
        if no in whole or not left.strip():
            continue
        for part in parts.get(no, []):
            left = left.replace(part, "", 1)
        if re.search(r"[^\W_]", left):
            message = f"no table cell takes {normalize_spaces(left)!r}"
            doc.problems.append(source.problem(no, message))
