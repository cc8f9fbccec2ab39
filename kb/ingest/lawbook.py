"""A law book from source to units: decode, clean, split into regions, parse, attach footnotes.

>>> from pathlib import Path
>>> doc = read_document(Path("corpus/tr"))
>>> [u.id for u in doc.units if u.kind == "law"][:3], doc.problems
(['1', '2', '3'], [])
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from kb.core.ids import LAW_LEVELS
from kb.core.model import META_FILE, Document, Footnote, Problem, Unit
from kb.core.profile import Profile, Words
from kb.ingest import card, tables
from kb.ingest.clean import (
    Line,
    RawFootnote,
    Vocabulary,
    clean_lines,
    join_hyphens,
    normalize_spaces,
    split_source,
)
from kb.ingest.definitions import parse_definitions, slug
from kb.ingest.parse import Errata, LawParser, Node
from kb.profiles import SHIPPED, Profiles

LAWS = 93  # the laws of the Laws of Duplicate Bridge (a book's metadata may say otherwise)
BINARY = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")  # control characters but \t \n \f \r


@dataclass
class Block:
    """A region's lines, found by the region's start pattern."""

    id: str
    kind: str
    lines: list[Line]


def read_meta(folder: Path) -> dict:
    """A document's metadata (`corpus/<lang>/document.toml`).

    >>> read_meta(Path("corpus/sk"))["edition"]
    2007
    """
    with (folder / META_FILE).open("rb") as f:
        return tomllib.load(f)


def document_id(folder: Path) -> str:
    """A document's id: its metadata's `id` (`fi-2017`), else its folder's name (metadata
    that cannot be read names no id: the build reports it by its folder).

    >>> document_id(Path("corpus/sv")), document_id(Path("/nonexistent/xx"))
    ('sv-2007-card', 'xx')
    """
    try:
        return str(read_meta(folder).get("id") or folder.name)
    except (OSError, tomllib.TOMLDecodeError):
        return folder.name


def decode(data: bytes, path: str) -> tuple[str, list[Problem]]:
    """Decode a source as UTF-8; an invalid byte, or a control character no text file holds
    (binary data), is an error naming its line.

    >>> decode(b"ok\\n\\xff", "x.txt")[1][0].line
    2
    >>> str(decode(b"ok\\n\\n\\x00\\x01", "x.txt")[1][0])
    'x.txt:3: control character U+0000 (binary data?)'
    """
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")  # a byte-order mark is no text
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        text = data.decode("utf-8", errors="replace")
        return text, [Problem(path, line, f"not valid UTF-8 (byte {data[err.start]:#04x})")]
    binary = BINARY.search(text)
    if binary:
        line = text.count("\n", 0, binary.start()) + 1
        message = f"control character U+{ord(binary.group()):04X} (binary data?)"
        return text, [Problem(path, line, message)]
    return text, []


def cut_short(lines: list[str], last_line: str, path: str) -> list[Problem]:
    """A source whose last line is not its last line as received (`last_line` in its
    metadata) was cut short, by a truncated copy or download: an error at the line where it
    ends. An empty source, or one with no `last_line` given, is left to the parser.

    >>> cut_short(["a", "b", ""], "b", "x.txt"), str(cut_short(["a", "b"], "c", "x.txt")[0])
    ([], 'x.txt:2: the source ends here, before its last line as received: truncated?')
    """
    filled = [n for n, line in enumerate(lines, start=1) if line.strip()]
    if not last_line or not filled or lines[filled[-1] - 1].strip() == last_line.strip():
        return []
    message = "the source ends here, before its last line as received: truncated?"
    return [Problem(path, filled[-1], message)]


def bad_meta(folder: Path, root: Path | None) -> Document | None:
    """A document that is only the error of its unreadable or incomplete metadata (None when
    the metadata is sound)."""
    path = folder / META_FILE
    shown = str(path.relative_to(root) if root else path)
    try:
        meta = read_meta(folder)
        missing = [k for k in ("lang", "kind", "source", "edition") if k not in meta]
        message = f"missing {', '.join(missing)}" if missing else ""
        line = 1
    except (OSError, tomllib.TOMLDecodeError) as err:
        found = re.search(r"line (\d+)", str(err))
        line, message = (int(found.group(1)) if found else 1), f"unreadable metadata: {err}"
    if not message:
        return None
    doc = Document(folder.name, "", 0, "", "", "", shown, id=folder.name)
    doc.problems = [Problem(shown, line, message)]
    return doc


def read_document(
    folder: Path, root: Path | None = None, profiles: Profiles | None = None
) -> Document:
    """Read and parse the document of a corpus folder into its units, keeping its decoded
    source lines (`Document.lines`: the layers read them, and findings are placed in them);
    errors are collected, not raised (`kb.pipeline.read_document` applies the layers). It
    is read with `profiles` (its corpus's), else with its folder's own profile or a
    shipped one.

    >>> doc = read_document(Path("corpus/tr"))
    >>> doc.id, doc.problems, len(doc.units), doc.lines[0][:12]
    ('tr-2017', [], 901, '2017, Ulusla')
    """
    broken = bad_meta(folder, root)
    if broken is not None:
        return broken
    meta = read_meta(folder)
    profiles = profiles or Profiles.of_folder(folder, meta["lang"])
    source = folder / meta["source"]
    path = str(source.relative_to(root) if root else source)
    doc = Document(
        lang=meta["lang"],
        kind=meta["kind"],
        edition=int(meta["edition"]),
        title=meta.get("title", ""),
        publisher=meta.get("publisher", ""),
        translator=meta.get("translator", ""),
        source=path,
        id=document_id(folder),
    )
    try:
        data = source.read_bytes()
    except OSError as err:
        doc.problems = [Problem(path, 1, f"cannot be read: {err.strerror}")]
        return doc
    text, doc.problems = decode(data, path)
    raw_lines = split_source(text)
    if not doc.problems:
        doc.problems = cut_short(raw_lines, meta.get("last_line", ""), path)
    if doc.problems:
        return doc
    doc.lines = raw_lines
    with failing_alone(doc):
        parse_document(doc, raw_lines, meta, folder, profiles)
    return doc


@contextmanager
def failing_alone(doc: Document) -> Iterator[None]:
    """Run a stage over a document so that a bug it meets on a malformed source fails this
    document only: its units are dropped and the failure is one of its problems.

    >>> doc = Document("fi", "lawbook", 2017, "", "", "", "corpus/fi/fi.txt")
    >>> with failing_alone(doc):
    ...     raise KeyError("x")
    >>> doc.problems[0].message
    "the parser failed (KeyError: 'x')"
    """
    try:
        yield
    except Exception as err:
        doc.units = []
        doc.problems.append(
            Problem(doc.source, 1, f"the parser failed ({type(err).__name__}: {err})")
        )


def parse_document(
    doc: Document, raw_lines: list[str], meta: dict, folder: Path, profiles: Profiles
) -> None:
    """Fill a document from its decoded source lines, read with its language's profile of
    `profiles`: its units (the layers come after)."""
    if doc.kind == "lawbook":
        errata = {int(k): v for k, v in meta.get("footnote_errata", {}).items()}
        profile = profiles.load_profile(doc.lang)
        tables_ = tables.load_tables(folder)
        layout = Errata.from_meta(meta)
        expected, words = meta.get("laws", LAWS), profiles.load_words(doc.lang)
        parse_lawbook(doc, raw_lines, profile, errata, tables_, layout, expected, words)
    elif doc.kind == "card":
        card.parse_card(doc, raw_lines, folder, profiles)


def split_regions(lines: list[Line], profile: Profile) -> list[Block]:
    """Cut the book into its regions; a region whose start is not found is left out."""
    starts: list[tuple[int, int]] = []  # (region index, line index)
    at = 0
    for r, region in enumerate(profile.regions):
        found = None
        for i in range(at, len(lines)):
            line = lines[i]
            if line.footnote is not None and region.kind != "footnotes":
                continue
            if region.start is None and region.kind != "laws":
                found = i
            elif region.start is None:
                found = i if profile.law_heading.match(line.text) else None
            else:
                found = i if region.start.match(line.raw.rstrip()) else None
            if found is not None:
                break
        if found is not None:
            starts.append((r, found))
            at = found + 1
    blocks = []
    for k, (r, i) in enumerate(starts):
        end = starts[k + 1][1] if k + 1 < len(starts) else len(lines)
        region = profile.regions[r]
        blocks.append(Block(region.id, region.kind, lines[i:end]))
    return blocks


def parse_lawbook(
    doc: Document,
    raw_lines: list[str],
    profile: Profile,
    errata: dict[int, dict] | None = None,
    table_specs: list[tables.TableSpec] | None = None,
    layout: Errata | None = None,
    expected: int = LAWS,
    words: Words | None = None,
) -> None:
    """Fill a document's units from its source lines. `errata` maps the line of a misprinted
    footnote marker to `{"printed", "meant", "why"}` (from the document's metadata);
    `table_specs` say where the tables are printed (kb/ingest/tables.py); `layout` holds the
    placement and label errata (kb/ingest/parse.py); `expected` is how many laws the book
    holds (`laws` of its metadata; the Laws' 93 by default); `words` how its language writes
    (its shipped profile's by default)."""
    lines, footnotes = clean_lines(raw_lines, profile)
    blocks = split_regions(lines, profile)
    if not any(b.kind == "laws" for b in blocks):
        doc.problems.append(Problem(doc.source, 1, "no law heading found"))
        return
    tables.claim(lines, table_specs or [], doc)
    for block in blocks:
        if block.kind == "footnotes":
            renumber(block, footnotes, doc)
    units: list[tuple[Unit, list[tuple[str, int]]]] = []
    for block in blocks:
        if block.kind == "laws":
            parser = LawParser(profile, doc.source, layout)
            laws = parser.parse(block.lines)
            doc.problems.extend(parser.problems)
            doc.notes.extend(parser.notes)
            for law in laws:
                units.extend(law_units(law, doc))
            owned = {
                n for law in laws for node in law.walk() for n in (*node.lines, *node.tail_lines)
            }
            for line in block.lines:
                placed = line.no in owned or line.footnote is not None or line.dropped
                placed = placed or line.claimed
                if not (placed or line.blank):
                    doc.problems.append(Problem(doc.source, line.no, "line not placed in a unit"))
            if len(laws) != expected and not doc.problems:
                last = block.lines[-1].no
                doc.problems.append(Problem(doc.source, last, f"{len(laws)} laws, not {expected}"))
        elif block.kind == "definitions":
            units.extend(definition_units(block, profile, doc))
        elif block.kind != "footnotes":
            units.append(region_unit(block, doc))
    units = fill_tables(units, tables.build(table_specs or [], lines, doc))
    words = words or SHIPPED.load_words(doc.lang)
    vocab = Vocabulary.of("\n".join(raw_lines), words.lower)
    for unit_, _ in units:
        join_unit_hyphens(unit_, vocab)
    for footnote in footnotes:
        footnote.text = join_hyphens(footnote.text, vocab)
    before = {(ln.no, key): words for ln in lines for key, words in ln.before.items()}
    attach_footnotes(units, footnotes, doc, errata or {}, before)
    doc.units = [unit for unit, _ in units]
    doc.dropped = {ln.no: ln.dropped for ln in lines if ln.dropped}


# Units whose text is the running text of the law: a hyphen there may cut a word in two whose
# first half is no word (kb/ingest/clean.py `hyphen`); elsewhere (front matter, indexes with English
# terms) only a hyphen whose joined word the book prints is joined.
RUNNING = (*LAW_LEVELS, "definition", "table")


def join_unit_hyphens(unit: Unit, vocab: Vocabulary) -> None:
    """Join the hyphens a PDF's line breaks left inside the words of a unit's served text
    (text, title, tail, table cells); the source keeps them.

    >>> u = Unit("12.C.4", "subsection", "4.", "", "tulosten kes-kiarvo", "fi", 2017, (1, 1))
    >>> join_unit_hyphens(u, Vocabulary.of("tulosten")); u.text
    'tulosten keskiarvo'
    """
    broken = unit.kind in RUNNING
    unit.text, unit.title, unit.tail = (
        join_hyphens(t, vocab, broken) for t in (unit.text, unit.title, unit.tail)
    )
    unit.header = [join_hyphens(c, vocab, broken) for c in unit.header]
    unit.rows = [[join_hyphens(c, vocab, broken) for c in row] for row in unit.rows]


def renumber(block: Block, footnotes: list[RawFootnote], doc: Document) -> None:
    """Footnotes gathered at the end of a book are numbered by their order; a printed label
    that disagrees (the Turkish first footnote printed `11`) is noted."""
    first = block.lines[0].no
    gathered = [f for f in footnotes if f.first >= first]
    for n, footnote in enumerate(gathered, start=1):
        if footnote.key != str(n):
            footnote.note = f"printed as {footnote.marker}"
            doc.notes.append(
                Problem(doc.source, footnote.first, f"footnote {n} printed as {footnote.marker}")
            )
            footnote.key = str(n)


def unit(node_id: str, kind: str, doc: Document, lines: tuple[int, int], **fields) -> Unit:
    return Unit(
        id=node_id,
        kind=kind,
        label=fields.pop("label", ""),
        title=fields.pop("title", ""),
        text=fields.pop("text", ""),
        lang=doc.lang,
        edition=doc.edition,
        lines=lines,
        **fields,
    )


def law_units(law: Node, doc: Document) -> Iterable[tuple[Unit, list[tuple[str, int]]]]:
    """The units of a law's tree in document order, with their footnote markers."""
    for node in law.walk():
        yield (
            unit(
                node.id,
                node.kind,
                doc,
                node.span(),
                label=node.label,
                title=node.title,
                text=node.text(),
                tail=node.tail_text(),
                parent=node.parent.id if node.parent else None,
                printed_in=node.printed_in,
            ),
            node.anchors,
        )


def fill_tables(
    units: list[tuple[Unit, list[tuple[str, int]]]],
    built: list[tuple[Unit, list[tuple[str, int]]]],
) -> list[tuple[Unit, list[tuple[str, int]]]]:
    """Put each table's cells (read by kb/ingest/tables.py) in the place the parse gave it; the
    text printed after it stays its tail."""
    cells = {u.id: (u, anchors) for u, anchors in built}
    out = []
    for unit_, anchors in units:
        if unit_.kind == "table" and unit_.id in cells:
            table, cell_anchors = cells[unit_.id]
            table.parent, table.tail = unit_.parent, unit_.tail
            out.append((table, cell_anchors + anchors))
        else:
            out.append((unit_, anchors))
    return out


def definition_units(
    block: Block, profile: Profile, doc: Document
) -> Iterable[tuple[Unit, list[tuple[str, int]]]]:
    """The definitions as `def.<slug>` units; a repeated term is told apart by its English
    gloss (Estonian JAOTUS: board / deal)."""
    entries = parse_definitions(block.lines, profile.definitions, profile.markdown)
    seen: dict[str, int] = {}
    for entry in entries:
        seen[slug(entry.term)] = seen.get(slug(entry.term), 0) + 1
    for entry in entries:
        key = slug(entry.term)
        if seen[key] > 1:
            key = f"{key}-{slug(entry.english)}" if entry.english else f"{key}-{entry.lines[0]}"
        yield (
            unit(
                f"def.{key}",
                "definition",
                doc,
                (min(entry.lines), max(entry.lines)),
                title=entry.term,
                text=entry.text(),
                term=entry.term,
                english=entry.english,
                parent=f"def.{slug(entry.parent)}" if entry.parent else None,
            ),
            entry.anchors,
        )


def region_unit(block: Block, doc: Document) -> tuple[Unit, list[tuple[str, int]]]:
    """A region outside the law tree (front matter, table of contents, index, ...) as one
    unit keeping its text, a paragraph per block of lines."""
    paras: list[str] = []
    current: list[str] = []
    anchors = []
    used = [ln for ln in block.lines if ln.footnote is None and not ln.dropped]
    for line in used:
        if line.blank:
            if current:
                paras.append(" ".join(current))
                current = []
            continue
        current.append(normalize_spaces(line.text) if not line.table else line.text.strip())
        anchors.extend((a, line.no) for a in line.anchors)
    if current:
        paras.append(" ".join(current))
    text = "\n\n".join(paras)
    nonblank = [ln.no for ln in used if not ln.blank] or [block.lines[0].no]
    return unit(block.id, block.kind, doc, (min(nonblank), max(nonblank)), text=text), anchors


def attach_footnotes(
    units: list[tuple[Unit, list[tuple[str, int]]]],
    footnotes: list[RawFootnote],
    doc: Document,
    errata: dict[int, dict],
    before: dict[tuple[int, str], str],
) -> None:
    """Attach each footnote to the units whose text carries its marker: the footnote with
    that marker printed next after the marker (or, failing that, the last one before it).
    A marker listed in the errata counts as the footnote it means, and is noted. `before`
    holds the words printed before each marker (by line and marker), which place it in the
    unit's text or title.
    A footnote no marker points to is attached to the unit printed just before it and noted;
    a second printing of an attached footnote is noted as a reprint."""
    by_key: dict[str, list[RawFootnote]] = {}
    for footnote in footnotes:
        by_key.setdefault(footnote.key, []).append(footnote)
    used: set[int] = set()
    unmet = dict(errata)
    for unit_, anchors in units:
        for printed, line in anchors:
            key = printed
            fix = errata.get(line)
            if fix is not None and fix["printed"] == printed:
                key = fix["meant"]
                unmet.pop(line, None)
                message = f"footnote marker {printed} means footnote {key}: {fix['why']}"
                doc.notes.append(Problem(doc.source, line, message))
            candidates = by_key.get(key, [])
            after = [f for f in candidates if f.first >= line]
            chosen = after[0] if after else (candidates[-1] if candidates else None)
            if chosen is None:
                doc.notes.append(Problem(doc.source, line, f"footnote marker {key} has no text"))
                continue
            if id(chosen) not in used or all(f.marker != key for f in unit_.footnotes):
                where, position = place_marker(unit_, before.get((line, printed), ""))
                unit_.footnotes.append(as_footnote(chosen, position=position, where=where))
            used.add(id(chosen))
    for line, fix in unmet.items():
        message = f"erratum names no footnote marker {fix['printed']} on this line"
        doc.problems.append(Problem(doc.source, line, message))
    attached = {f.text for f in footnotes if id(f) in used}
    for footnote in footnotes:
        if id(footnote) in used:
            continue
        if footnote.text in attached or any(
            f.key == footnote.key and id(f) in used for f in footnotes
        ):
            note = "a reprint of a footnote printed elsewhere"
        else:
            note = "no marker in the text points to it"
        doc.notes.append(Problem(doc.source, footnote.first, f"footnote {footnote.marker}: {note}"))
        host = max((u for u, _ in units if u.lines[0] <= footnote.first), key=lambda u: u.lines[0])
        host.footnotes.append(as_footnote(footnote, note))


def as_footnote(
    footnote: RawFootnote, note: str = "", position: int | None = None, where: str = "text"
) -> Footnote:
    return Footnote(
        footnote.marker,
        normalize_spaces(footnote.text),
        (footnote.first, footnote.last),
        note or footnote.note,
        position,
        where,
    )


def place_marker(unit: Unit, words: str) -> tuple[str, int | None]:
    """Where a footnote marker stands in a unit: just after the words printed before it,
    in its text or its title (None when those words are not found).

    >>> u = Unit("13", "law", "13", "YANLIŞ SAYIDA KART", "", "tr", 2017, (1, 1))
    >>> place_marker(u, "YASA 13 – YANLIŞ SAYIDA KART")
    ('title', 18)
    """
    words = normalize_spaces(words)
    for size in (len(words), 16, 8, 4):
        probe = words[-size:].strip()
        if len(probe) < 3:
            continue
        for where, text in (("text", unit.text), ("title", unit.title), ("tail", unit.tail)):
            at = text.find(probe)
            if at >= 0:
                return where, at + len(probe)
    return "text", None
