"""The subject index of a book that prints none, made in its own words: reviewed data beside
its source (`subject-index.toml`, read by `read_made`), an entry a unit, its term the book's
heading of the unit, its defined term or a phrase of its text, with the English entries of
the printed Estonian index that lead there. `apply` checks that every word of a term is the
book's own (printed in the unit, below it or in a heading above it: `foreign_words`) and keeps
each entry on its unit (`Unit.index_entries`), where the site's subject index and search read
them.

>>> [(m.unit, m.term) for m in read_made(Path("corpus/sv"))][:1]
[('topic.54', 'Första utspel utom tur med bildsidan upp')]
"""

from __future__ import annotations

import re
import tomllib
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from kb.core.ids import lineage
from kb.core.model import Document, Problem
from kb.profiles import load_words

MADE_FILE = "subject-index.toml"  # reviewed data beside a source: an index in its own words
STEM = 3  # the letters a word of a made entry shares with a word of the book (`foreign_words`)


@dataclass
class Made:
    """An entry of an index made in a book's own words: the unit it names, its term, the
    English entries of the printed index it stands for, and the data file's line it is on."""

    unit: str
    term: str
    english: list[str]
    line: int


def read_made(folder: Path) -> list[Made]:
    """The entries of the index made for a book (none: the book has no such file), each
    with the line of its `[[entry]]` in the file.

    >>> made = read_made(Path("corpus/tr"))
    >>> m = next(m for m in made if m.unit == "54")
    >>> m.term, m.english[0]
    ('Yüzü açık sırasız atak', 'Opening lead, out of turn')
    >>> Path("corpus/tr", MADE_FILE).read_text(encoding="utf-8").split("\\n")[m.line - 1]
    '[[entry]]'
    """
    path = folder / MADE_FILE
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    starts = [n for n, line in enumerate(text.split("\n"), 1) if line.strip() == "[[entry]]"]
    entries = tomllib.loads(text).get("entry", [])
    return [
        Made(e["unit"], e["term"], list(e.get("english", [])), line)
        for e, line in zip(entries, starts, strict=True)
    ]


def subtree_texts(doc: Document) -> dict[str, list[str]]:
    """What each unit of a book prints, with what the units below it print
    (`kb.core.ids.within`), by unit id: read once for a book, not once per entry (sixty
    books' entries each scanned their whole book).

    >>> from kb.core.model import Unit
    >>> units = [Unit(i, "section", "", t, "", "fi", 2017, (1, 1)) for i, t in
    ...          [("1", "LAKI"), ("1.A", "KOHTA"), ("2", "TOINEN")]]
    >>> subtree_texts(Document("fi", "lawbook", 2017, "", "", "", "", units=units))["1"]
    ['LAKI   ', 'KOHTA   ']
    """
    below: dict[str, list[str]] = defaultdict(list)
    for u in doc.units:
        text = f"{u.title} {u.term or ''} {u.text} {u.tail}"
        for top in lineage(u.id):  # the units it is `within`
            below[top].append(text)
    return below


def own_words(doc: Document, uid: str, below: dict[str, list[str]] | None = None) -> set[str]:
    """The words a book prints for a unit: in it and below it (`below`: the book's
    `subtree_texts`, read here if not given), and in the headings above it (lower case, as
    the book's language lowers them)."""
    lower = load_words(doc.lang).lower
    units = {u.id: u for u in doc.units}
    texts = list((below if below is not None else subtree_texts(doc)).get(uid, []))
    parent = units[uid].parent if uid in units else None
    while parent in units:
        texts.append(units[parent].title)
        parent = units[parent].parent
    return set(re.findall(r"[^\W\d_]+", lower(" ".join(texts))))


def foreign_words(
    doc: Document, uid: str, term: str, below: dict[str, list[str]] | None = None
) -> list[str]:
    """The words of a term (of four letters or more) whose first three letters begin no word
    the book prints for the unit (`own_words`): a term quotes the book, in any of its words'
    forms (a Turkish root may be two letters long: `alır`, `alınması`).

    >>> from kb.pipeline import read_document
    >>> doc = read_document(Path("corpus/tr"))
    >>> foreign_words(doc, "40.B.2.d", "Bellek desteği"), foreign_words(doc, "54", "Revoke")
    ([], ['Revoke'])
    """
    lower = load_words(doc.lang).lower
    words = own_words(doc, uid, below)
    stems = {w[:STEM] for w in words}
    return [w for w in re.findall(r"[^\W\d_]{4,}", term) if lower(w)[:STEM] not in stems]


def apply(doc: Document, folder: Path) -> None:
    """Keep each entry of the index made for a book on the unit it names; an entry naming
    no unit of the book, or with a word the book does not print there, is a problem naming
    the data file and its line."""
    units = {u.id: u for u in doc.units}
    below = subtree_texts(doc)
    path = Path(doc.source).with_name(MADE_FILE)
    for made in read_made(folder):
        unit = units.get(made.unit)
        why = "" if unit is not None else f"no unit {made.unit} in this book"
        why = why or ("" if made.term.strip() else "no term")
        foreign = foreign_words(doc, made.unit, made.term, below) if unit is not None else []
        if foreign:
            why = f"{', '.join(foreign)} of {made.term!r} not printed in {made.unit}"
        if why:
            doc.problems.append(Problem(str(path), made.line, f"index entry: {why}"))
        elif unit is not None:
            unit.index_entries.append({"term": made.term, "english": made.english})
