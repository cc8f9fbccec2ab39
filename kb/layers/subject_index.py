"""The subject index at the back of a law book, as a layer: its entries, the printed terms,
the units they point to, and their see / see-also links.

The book's profile says how its index is printed (`IndexForm`). The Estonian book prints a
row a line: the Estonian term, the laws (`16B1, 73C`, `Mõisted` for the definitions) and the
English term, TAB-separated; headings and sub-entries look alike and are told apart by the
headings' alphabetical order (`headings`). The Finnish book's two-column page is flattened
into one text: headings marked up, terms, law codes with `§` and page numbers running on
(`Virheellinen selostus 20F5a §, 37`), the two columns' cells side by side on a line; page
numbers are never targets, but a term followed only by a page of the definitions is defined
there.

Every non-blank line of the index region is placed (the region's heading, its preface, an
entry) or reported in the document's notes as a source oddity; a code that names no unit is
reported as unresolved (`lawkb refs --unresolved`).

The index's own text is served in reading order (`reading_order`); a book that prints no
index has one made in its own words (kb/layers/made_index.py).

>>> codes_of("16B1 §, 73C §, 30, 89")
['16B1', '73C']
>>> codes_of("68 §–71 §, 83–87"), codes_of("53–56 §, 69–72")
(['68', '69', '70', '71'], ['53', '54', '55', '56'])
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path

from kb.core.model import Document, Problem, Unit
from kb.core.profile import IndexForm, Profile
from kb.ingest.clean import JOINED, Vocabulary, clean_line, hyphen, join_hyphens
from kb.ingest.definitions import slug
from kb.layers.refs import resolve, split_codes
from kb.profiles import load_words, sort_key

DATA_FILE = "index.toml"  # reviewed data beside a source: columns printed one after another
DEFINITIONS = "definitions"  # a target standing for the definitions, resolved by the term
INTRODUCTION = "introduction"
MARKUP = re.compile(r"</?[bi]>|\*+|^#+ |^- ")
_CODE = r"\d{1,3}(?:\s?[A-H](?:\d{1,2}(?:[a-l](?:\((?:i{1,3}|iv|v)\)|\d)?)?)?)?"
_LAWCODE = rf"(?:{_CODE}\s?§?\s?[–-]\s?)?{_CODE}\s?§"
# A code with a section letter needs no `§` ("Nimeäminen 46B2, 62"); a bare number does.
_LETTERED = r"\d{1,2}\s?[A-H]\d{0,2}[a-l]?(?:\((?:i{1,3}|iv|v)\))?(?![\w(])"
_PAGES = r"\d{1,3}(?:\s?[–-]\s?\d{1,3})?(?![\w§])"


@dataclass
class Entry:
    """One entry of a subject index: its term as printed, the heading it stands under ("" for
    a heading), the English terms (Estonian book), the codes as printed and the canonical ids
    they name, its see / see-also links and its source lines."""

    term: str
    heading: str = ""
    english: str = ""
    heading_english: str = ""
    codes: list[str] = field(default_factory=list)
    targets: list[str] = field(default_factory=list)
    see: list[dict[str, object]] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    pages: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        """The entry as stored in the index unit's `entries` (empty fields left out).

        >>> Entry("Alert", codes=["Mõisted"], lines=[2612]).to_json()
        {'term': 'Alert', 'codes': ['Mõisted'], 'lines': [2612]}
        """
        return {k: v for k, v in asdict(self).items() if v and k != "pages"}


@dataclass
class Reading:
    """A read index: its entries and what each source line became (`heading`, `preface`,
    `entry`, `see`), with the lines reported as oddities (line, reason)."""

    entries: list[Entry] = field(default_factory=list)
    placed: dict[int, str] = field(default_factory=dict)
    odd: list[tuple[int, str]] = field(default_factory=list)


def codes_of(text: str) -> list[str]:
    """The law codes of a printed locator list, ranges expanded, page numbers left out."""
    out = []
    for m in re.finditer(rf"{_LAWCODE}|{_LETTERED}", text):
        out += [c.text for c in split_codes(m.group(0), False, False)]
    return out


# -- the Estonian layout: a row a line ---------------------------------------------------------


@dataclass
class Row:
    """A row of a columns index while it is read: term, locators, English term."""

    term: str
    cell: str
    english: str
    lines: list[int]
    see: list[dict[str, object]] = field(default_factory=list)


def _dumped_rows(spec: dict, raw: list[str]) -> list[Row]:
    """Rows whose three columns the converter printed one after another (`index.toml`):
    the terms, the locators and the English terms, each a line, zipped back together; a
    locator line ending in a comma continues on the next; `no_targets` are the terms printed
    without locators."""

    def span(key: str) -> list[tuple[int, str]]:
        a, b = spec[key]
        return [(no, raw[no - 1].strip()) for no in range(a, b + 1) if raw[no - 1].strip()]

    cells: list[tuple[list[int], str]] = []
    for no, text in span("targets"):
        if cells and cells[-1][1].endswith(","):
            cells[-1] = (cells[-1][0] + [no], f"{cells[-1][1]} {text}")
        else:
            cells.append(([no], text))
    empty = set(spec.get("no_targets", []))
    cells_iter = iter(cells)
    rows = []
    for (no, term), (eno, english) in zip(span("terms"), span("english"), strict=True):
        lines, cell = ([], "") if no in empty else next(cells_iter)
        rows.append(Row(term, cell, english, [no, *lines, eno]))
    if next(cells_iter, None) is not None:
        raise ValueError(f"{DATA_FILE}: more locator cells than terms at {spec['targets']}")
    return rows


def _read_rows(
    raw: list[str], first: int, last: int, form: IndexForm, dumped: list[dict]
) -> tuple[list[Row], Reading]:
    """The rows of a columns index, its see lines attached to the row before them."""
    reading = Reading()
    rows: list[Row] = []
    skip: dict[int, list[Row]] = {}
    for spec in dumped:
        block = _dumped_rows(spec, raw)
        a = min(spec["terms"][0], spec["targets"][0], spec["english"][0])
        b = max(spec["terms"][1], spec["targets"][1], spec["english"][1])
        skip.update({no: [] for no in range(a, b + 1)})
        skip[a] = block
    reading.placed[first] = "heading"
    for no in range(first + 1, last + 1):
        text = raw[no - 1].rstrip()
        if no in skip:
            rows.extend(skip[no])
            if text.strip():
                reading.placed[no] = "entry"
            continue
        if not text.strip():
            continue
        cells = text.split("\t")
        see = form.see.match(cells[0].strip())
        if see and rows:
            rows[-1].see.append({"term": see.group("term"), "also": bool(see.group("also"))})
            rows[-1].lines.append(no)
            reading.placed[no] = "see"
        elif len(cells) >= 2:
            english = cells[2].strip() if len(cells) > 2 else ""
            rows.append(Row(cells[0].strip().rstrip(","), cells[1].strip(), english, [no]))
            reading.placed[no] = "entry"
        elif not rows:
            reading.placed[no] = "preface"
        else:
            reading.odd.append((no, "an index line with no columns"))
    return rows, reading


def headings(terms: list[str], weights: list[float], lang: str) -> list[bool]:
    """Which rows are headings: the heaviest run of rows in alphabetical order (the book
    sorts its headings; each heading's sub-entries follow it in any order).

    >>> headings(["Alert", "Meetodite teadustamine", "Alttihi", "Tulemus", "Arusaamine"],
    ...          [3, 1, 3, 1, 2], "et")
    [True, False, True, False, True]
    """
    key = sort_key(lang)
    keys = [key(t) for t in terms]
    best: list[float] = []
    back: list[int] = []
    for i, k in enumerate(keys):
        j_best, score = -1, 0.0
        for j in range(i):
            if keys[j] <= k and best[j] > score:
                j_best, score = j, best[j]
        best.append(score + weights[i])
        back.append(j_best)
    out = [False] * len(terms)
    i = max(range(len(terms)), key=best.__getitem__, default=-1)
    while i >= 0:
        out[i] = True
        i = back[i]
    return out


def _cohesion(rows: list[Row], i: int, ahead: int = 8) -> int:
    """How many of the rows after row `i` hold the beginning of its first word (a heading's
    sub-entries usually repeat it: `Alert`, `Alerdi puudumine`, `Ootamatu alert`)."""
    start = slug(rows[i].term)[:4]
    if len(start) < 4:
        return 0
    return sum(start in slug(r.term) for r in rows[i + 1 : i + 1 + ahead])


def extends(term: str, heading: str) -> bool:
    """Whether a term reads as a sub-entry of a heading: more words, the first the heading's
    own or a form of it (`Avakäik väljaspool järjekorda` under `Avakäik`, `Nõudluse
    määratlus` under `Nõudlus`).

    >>> extends("Avakäik väljaspool järjekorda", "Avakäik")
    True
    >>> extends("Kaardi nimetamine", "Kaardi mängimine")
    False
    """
    words, head = slug(term).split("-"), slug(heading).split("-")
    if not heading or len(words) <= len(head):
        return False
    stem = head[0][: max(3, len(head[0]) - 2)]
    return words[0].startswith(stem)


def _read_columns(
    raw: list[str], first: int, last: int, form: IndexForm, lang: str, dumped: list[dict]
) -> Reading:
    """The entries of an index printed a row a line (term, locators, English term)."""
    rows, reading = _read_rows(raw, first, last, form, dumped)
    defs = re.compile(rf"\b{re.escape(form.definitions)}\b")
    # A defined term, or a term with no law of its own (its sub-entries have them), or one
    # with a see line, is printed as a heading.
    strong = [bool(not r.cell or defs.search(r.cell) or r.see) for r in rows]
    weights = [1.0 + 2.0 * strong[i] + 0.5 * _cohesion(rows, i) for i in range(len(rows))]
    heads = headings([r.term for r in rows], weights, lang)
    heading = Row("", "", "", [])
    key = sort_key(lang)
    for row, ordered, defined in zip(rows, heads, strong, strict=True):
        # a strong row out of the headings' order is a sub-entry ("Avatud kaart" under
        # "Pakkumine": the auction's visible card)
        is_heading = ordered or (defined and key(row.term) >= key(heading.term))
        if is_heading and not extends(row.term, heading.term):
            heading = row
            is_heading = True
        else:
            is_heading = False
        entry = Entry(row.term, see=row.see, lines=sorted(set(row.lines)))
        if row.english:
            entry.english = row.english
        if not is_heading:
            entry.heading, entry.heading_english = heading.term, heading.english
        entry.codes = [c.strip() for c in row.cell.split(",") if c.strip()]
        reading.entries.append(entry)
    return reading


# -- the Finnish layout: a flattened two-column page -------------------------------------------


def cells_in_order(raw: list[str], first: int, last: int) -> list[tuple[int, str]]:
    """The index's cells in reading order: a run of lines holding two columns (a TAB) is
    read down its left column, then down its right one.

    >>> cells_in_order(["## Index", "a 1 §\\tc 3 §", "b 2 §\\td 4 §", "", "e 5 §"], 1, 5)
    [(2, 'a 1 §'), (3, 'b 2 §'), (2, 'c 3 §'), (3, 'd 4 §'), (5, 'e 5 §')]
    """
    out: list[tuple[int, str]] = []
    run: list[tuple[int, str]] = []

    def flush() -> None:
        out.extend((no, t.split("\t")[0]) for no, t in run)
        out.extend((no, t.split("\t", 1)[1]) for no, t in run)
        run.clear()

    for no in range(first + 1, last + 1):
        text = raw[no - 1].rstrip()
        if "\t" in text:
            run.append((no, text))
            continue
        flush()
        out.append((no, text))
    flush()
    return [(no, t.strip()) for no, t in out if t.strip()]


def _read_flow(
    raw: list[str], first: int, last: int, form: IndexForm, vocab: Vocabulary
) -> Reading:
    """The entries of a flattened index: terms gather until their locators (codes with `§`,
    page numbers) end; a marked-up heading starts a group; a word a line break cut in two is
    joined as the law text joins it (`jäl-` / `keen`: `jälkeen`)."""
    reading = Reading()
    reading.placed[first] = "heading"
    token = re.compile(
        rf"(?P<codes>{_LAWCODE}(?:\s*(?:alaviite\s\d+|\(alav\.\s\d+\)\s?§))?|{_LETTERED})"
        rf"|(?P<defs>{re.escape(form.definitions)}\b)|(?P<pages>{_PAGES})|(?P<word>[^\s,§]+)"
    )
    state: dict = {"words": [], "codes": [], "pages": [], "lines": [], "see": [], "head": False}
    heading = ""
    head: Entry | None = None  # the current heading's entry: see links are its own

    def close() -> None:
        nonlocal heading, head
        words, codes = state["words"], state["codes"]
        if words or codes or state["pages"]:
            term = join_hyphens(" ".join(words), vocab, broken=False).strip(" ,")
            lines = sorted(set(state["lines"]))
            entry = Entry(term, codes=codes, see=state["see"], pages=state["pages"], lines=lines)
            if state["head"]:
                heading = term
            elif reading.entries or heading:
                entry.heading = heading
            low, high = form.definition_pages
            pages = [p for p in entry.pages if low <= p <= high]
            if pages and DEFINITIONS not in codes:
                entry.codes.insert(0, f"{DEFINITIONS} {pages[0]}")  # defined on that page
            if not term and reading.entries:  # locators printed before their term's column
                reading.entries[-1].codes += entry.codes
                reading.entries[-1].lines += entry.lines
            else:
                reading.entries.append(entry)
                head = entry if state["head"] else head
        state.update(words=[], codes=[], pages=[], lines=[], see=[], head=False)

    for no, cell in cells_in_order(raw, first, last):
        see = form.see.search(cell)
        if see:
            cell = cell[: see.start()]
            # a see line belongs to its heading, unless a term is still without locators
            pending = state["words"] and not (state["codes"] or state["pages"])
            target = head if head is not None and not pending else None
            link = {"term": see.group("term").strip(" *"), "also": False}
            (target.see if target else state["see"]).append(link)
            (target.lines if target else state["lines"]).append(no)
            reading.placed[no] = "see"
        heading_cell = bool(form.heading and form.heading.match(cell))
        if heading_cell:
            close()
            state["head"] = True
        text = MARKUP.sub(" ", cell)
        used = False
        for m in token.finditer(text):
            kind = m.lastgroup
            if kind == "word" and (state["codes"] or state["pages"]):
                close()
            if kind == "word":
                state["words"].append(m.group(0))
            elif kind == "defs":
                state["codes"].append(DEFINITIONS)
            elif kind == "codes":
                state["codes"] += codes_of(m.group(0))
            else:
                state["pages"] += [int(p) for p in re.findall(r"\d+", m.group(0))[:1]]
            state["lines"].append(no)
            used = True
        if heading_cell:
            close()  # a heading is one cell: what follows is its sub-entries
        if used:
            reading.placed[no] = "entry"
        elif no not in reading.placed:
            reading.odd.append((no, "an index line with no term, law or page"))
    close()
    for entry in reading.entries:
        entry.codes = list(dict.fromkeys(entry.codes))
    return reading


# -- resolution and the layer ------------------------------------------------------------------


def _definition_finder(units: list[Unit]):
    """A function from terms (printed, English; the entry's first) to the definition unit
    they name, or "": one of them as a defined term (before any parenthesis), else the only
    definition beginning with one of them, else the only long one (8 letters or more) one of
    them begins with (`Kansainvälinen ottelupistelasku`: `Kansainvälinen ottelupiste`)."""
    by_slug: dict[str, str] = {}
    for u in units:
        if u.kind == "definition":
            term = u.term or u.title
            for name in (term, *re.findall(r"\(([^)]+)\)", term), u.english or ""):
                key = slug(name.split("(")[0])
                if key:
                    by_slug.setdefault(key, u.id)

    def find(*names: str) -> str:
        parts = [
            part
            for name in names
            for part in (name.split("(")[0], *re.findall(r"\(([^)]+)\)", name), *name.split(","))
        ]
        keys = list(dict.fromkeys(k for k in map(slug, parts) if k))
        for key in keys:
            if key in by_slug:
                return by_slug[key]
        for rule in (
            lambda key, s: s.startswith(key),
            lambda key, s: len(s) >= 8 and key.startswith(s),
        ):
            for key in keys:
                found = {uid for s, uid in by_slug.items() if rule(key, s)}
                if len(found) == 1:
                    return found.pop()
        return ""

    return find


def _resolve_entries(reading: Reading, doc: Document, form: IndexForm) -> None:
    """Each entry's codes to canonical ids (a definition by the entry's terms); what names no
    unit is reported in `doc.unresolved` and keeps the nearest unit around it."""
    ids = {u.id for u in doc.units}
    find = _definition_finder(doc.units)
    intro = next((u.id for u in doc.units if u.kind == "introduction"), "")
    note = re.compile(rf"^(\d{{1,2}})\s+{re.escape(form.note)}$") if form.note else None
    for entry in reading.entries:
        for code in entry.codes:
            problem = ""
            if code.split()[0] in (DEFINITIONS, form.definitions):
                uid = find(entry.term, entry.english, entry.heading, entry.heading_english)
                printed = code.split()[-1] if " " in code else form.definitions
                name = entry.term or entry.heading
                problem = (
                    "" if uid else f'no unit {printed} in this book (no definition of "{name}")'
                )
            elif form.introduction and code == form.introduction:
                uid = intro
            elif note and note.match(code):
                uid = note.match(code).group(1)  # a law's footnote: the law
            else:
                found = split_codes(code, False, False)
                uid, problem = resolve(found[0], "book", None, ids) if found else ("", "")
                problem = problem or ("" if found else f"no law code in {code!r}")
            if uid and uid not in entry.targets:
                entry.targets.append(uid)
            if problem:
                line = entry.lines[0] if entry.lines else 0
                message = f'index entry "{entry.term or entry.heading}": {problem}'
                doc.unresolved.append(Problem(doc.source, line, message))


def read_index(doc: Document, raw: list[str], profile: Profile, folder: Path) -> Reading | None:
    """Read a book's subject index (None: the book prints none).

    >>> from kb.pipeline import read_document
    >>> doc = read_document(Path("corpus/fi"))
    >>> raw = Path("corpus/fi/fi.txt").read_text(encoding="utf-8").split("\\n")
    >>> from kb.profiles import load_profile
    >>> reading = read_index(doc, raw, load_profile("fi"), Path("corpus/fi"))
    >>> [(e.term, e.targets) for e in reading.entries if 2572 in e.lines]
    [('Virheellinen selostus', ['20.F.5.a'])]
    """
    form = profile.index
    unit = next((u for u in doc.units if u.kind == "index"), None)
    if form is None or unit is None:
        return None
    first, last = unit.lines
    if form.layout == "columns":
        reading = _read_columns(raw, first, last, form, doc.lang, dumped_columns(folder))
    else:
        reading = _read_flow(raw, first, last, form, vocabulary(raw, doc.lang))
    _resolve_entries(reading, doc, form)
    return reading


def dumped_columns(folder: Path) -> list[dict]:
    """The stretches of an index whose columns the converter printed one after another
    (`index.toml`; none without the file)."""
    path = folder / DATA_FILE
    return (
        tomllib.loads(path.read_text(encoding="utf-8")).get("dumped", []) if path.exists() else []
    )


@cache
def _vocabulary(text: str, lang: str) -> Vocabulary:
    return Vocabulary.of(text, load_words(lang).lower)


def vocabulary(raw: list[str], lang: str) -> Vocabulary:
    """The book's own words, to decide its hyphens (kb/ingest/clean.py), made once a source."""
    return _vocabulary("\n".join(raw), lang)


def reading_order(raw: list[str], first: int, last: int, profile: Profile, folder: Path) -> str:
    """The index's text as the book prints it, in reading order: a paragraph per block of
    lines, each line (or cell) its own line; a two-column page (`flow`: a TAB between the
    columns' cells on each line) read down its left column, then down its right one; columns
    the converter printed one after another (`index.toml`) zipped back into rows of
    TAB-separated cells; a word a line break cut in two joined as the law text joins it.

    >>> from kb.profiles import load_profile
    >>> raw = Path("corpus/fi/fi.txt").read_text(encoding="utf-8").split("\\n")
    >>> text = reading_order(raw, 2554, 3887, load_profile("fi"), Path("corpus/fi"))
    >>> [ln for ln in text.split("\\n") if "jatkettuun" in ln]
    ['Mahdollisuus jatkettuun muutoksenhakuun 93C §, 109']
    """
    form = profile.index
    flow = form is not None and form.layout == "flow"
    dumped = {spec["terms"][0]: spec for spec in ([] if flow else dumped_columns(folder))}
    items: list[str | None] = []  # lines in reading order; None ends a paragraph
    run: list[str] = []  # a two-column stretch
    no = first
    while no <= last:
        text = raw[no - 1]
        if flow and "\t" in text:
            run.append(text)
            no += 1
            continue
        for column in (0, 1) if run else ():
            items += [_clean(ln.split("\t", 1)[column], profile) for ln in run] + [None]
        run = []
        spec = dumped.get(no)
        if spec is not None:
            rows = _dumped_rows(spec, raw)
            items += ["\t".join((r.term, r.cell, r.english)) for r in rows] + [None]
            no = max(spec["terms"][1], spec["targets"][1], spec["english"][1]) + 1
            continue
        items.append(_clean(text, profile) if text.strip() else None)
        no += 1
    for column in (0, 1) if run else ():
        items += [_clean(ln.split("\t", 1)[column], profile) for ln in run]
    vocab = vocabulary(raw, profile.lang)
    paragraphs: list[list[str]] = [[]]
    for item in items:
        if item is None or not item.strip():
            paragraphs.append([])
        elif (
            paragraphs[-1]
            and (cut := _CUT.search(paragraphs[-1][-1]))
            and (rest := re.match(r"[^\W\d_]+", item))
            and hyphen(cut.group(1), "", rest.group(0), vocab, False) in JOINED
        ):
            paragraphs[-1][-1] = paragraphs[-1][-1][: cut.end(1)] + item
        else:
            paragraphs[-1].append(item)
    return "\n\n".join(
        "\n".join(join_hyphens(line, vocab, broken=False) for line in lines)
        for lines in paragraphs
        if lines
    )


_CUT = re.compile(r"([^\W\d_]+)-\s*$")  # a line ending in a word cut by its hyphen


def _clean(text: str, profile: Profile) -> str:
    """A line or cell of the index as the knowledge base serves text: markup off (the index's
    emphasis too: `*Huom, katso Pakka*`)."""
    return MARKUP.sub("", clean_line(0, text, profile)[0].text).strip()


def apply(doc: Document, raw: list[str], profile: Profile, folder: Path) -> None:
    """Fill the index unit's `entries` and serve its text in reading order
    (`reading_order`); source oddities go to the document's notes (the law-book reader calls
    it: see `read_index` for an example)."""
    reading = read_index(doc, raw, profile, folder)
    if reading is None:
        return
    unit = next(u for u in doc.units if u.kind == "index")
    unit.entries = [e.to_json() for e in reading.entries]
    unit.text = reading_order(raw, *unit.lines, profile, folder)
    # An index prints no footnote marker: its asterisks are emphasis (`*Huom, katso Pakka*`,
    # fi.txt 2563), which the cleaner read as one (law 93's footnote, fi.txt 2520).
    unit.footnotes = []
    for no, why in reading.odd:
        doc.notes.append(Problem(doc.source, no, why))
