"""The subject index of a book as the site shows it: its own printed index (et, fi), or for a
book that prints none (tr, sk, the card) the index made in its own words
(kb/layers/subject_index.py: each entry a unit named by the book's heading, defined term or
phrase, with the English entries of the Estonian index that lead there), each target in the
book's own wording.

>>> from kb.crosslang.library import get_library
>>> found = book_index(get_library(), "fi")
>>> found["source"], found["made"], found["letters"][0]["letter"]
('fi', False, 'A')
>>> tr = book_index(get_library(), "tr")
>>> tr["source"], tr["made"], tr["letters"][0]["entries"][0]["term"]
('tr', True, 'Açık veya dolaylı ortaklık anlaşmaları')
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple
from weakref import WeakKeyDictionary

from kb.core.ids import law_of
from kb.core.model import Unit
from kb.crosslang.library import Book, Library
from kb.layers import cite
from kb.profiles import load_profile, sort_key
from kb.search.concepts import joined
from kb.web.cache import PerBuild, caches


def printed_entries(book: Book) -> list[dict[str, Any]]:
    """The entries of a book's own subject index, in print order (none: it prints none).

    >>> from kb.crosslang.library import get_library
    >>> lib = get_library()
    >>> printed_entries(lib.book("et"))[0]["term"], printed_entries(lib.book("tr"))
    ('Abivahendid mälu, arvutuste või mängutehnika jaoks', [])
    """
    unit = next((u for u in book.units if u.kind == "index"), None)
    return list(unit.entries) if unit is not None else []


def target_label(book: Book, uid: str) -> str:
    """How a target is named: its citation in the book's style and its own title or first
    words (a definition: its term).

    >>> from kb.crosslang.library import get_library
    >>> target_label(get_library().book("tr"), "54")
    'Yasa 54 YÜZÜ AÇIK SIRASIZ ATAK'
    """
    unit = book.by_id.get(uid)
    if unit is None:
        return uid
    if unit.kind == "definition":
        return unit.term or unit.title
    words = unit.title or " ".join(unit.text.split()[:8])
    code = cite.render(uid, book.lang, book.profiles) if law_of(uid) else ""
    return " ".join(p for p in (code, words) if p)


def nearest(book: Book, uid: str) -> str | None:
    """The unit a target leads to in a book: itself, or for a code the book does not have
    (a misprint, reported by `lawkb refs --unresolved`) the nearest unit above it; None when
    not even its law is there.

    >>> from kb.crosslang.library import get_library
    >>> book = get_library().book("et")
    >>> nearest(book, "16.A.3"), nearest(book, "16.B.1"), nearest(book, "440.B.2")
    ('16.A', '16.B.1', None)
    """
    while uid not in book.by_id:
        if "." not in uid:
            return None
        uid = uid.rsplit(".", 1)[0]
    return uid


def _entry_view(book: Book, entry: dict[str, Any], targets: list[str], term: str) -> dict:
    """An entry as shown: its terms, see links and targets with their labels (each target
    a unit the book has)."""
    shown = list(dict.fromkeys(filter(None, (nearest(book, t) for t in targets))))
    return {
        "term": term,
        "heading": entry.get("heading", ""),
        "english": entry.get("english", ""),
        "heading_english": entry.get("heading_english", ""),
        "see": entry.get("see", []),
        "targets": [{"id": t, "label": target_label(book, t)} for t in shown],
        "lines": entry.get("lines", []),
    }


def made_entries(book: Book) -> list[dict[str, Any]]:
    """The entries of the index made in a book's own words, in print order of their units:
    each its term, its English entries (joined, a secondary line) and the unit it names.

    >>> from kb.crosslang.library import get_library
    >>> found = made_entries(get_library().book("sv"))[0]
    >>> found["term"], found["targets"][0]["id"]
    ('Första utspel utom tur med bildsidan upp', 'topic.54')
    """
    return [
        _entry_view(book, {"english": "; ".join(e["english"])}, [u.id], e["term"])
        for u in book.units
        for e in u.index_entries
    ]


def english_index(library: Library) -> Book | None:
    """The book whose printed subject index gives each entry's English term (the most such
    entries): the index whose English terms an index made in a book's own words shows.

    >>> from kb.crosslang.library import get_library
    >>> english_index(get_library()).lang
    'et'
    """
    counts = {
        code: sum(bool(e.get("english")) for e in printed_entries(book))
        for code, book in library.books.items()
    }
    best = max(counts, key=counts.__getitem__, default=None)
    return library.books[best] if best is not None and counts[best] else None


def book_index(library: Library, lang: str) -> dict[str, Any] | None:
    """A book's subject index grouped by first letter, A-Z in the book's alphabet (None: no
    such book): its printed index, else the one made in its words (`made`). `source` is the
    book whose words the index is in."""
    book = library.book(lang)
    if book is None:
        return None
    own = printed_entries(book)
    entries = (
        [_entry_view(book, e, e.get("targets", []), e["term"]) for e in own]
        if own
        else made_entries(book)
    )
    letters = by_letter(entries, sort_key(lang), bool(own))
    return {"lang": lang, "source": book.key, "made": not own, "letters": letters}


def own_terms(book: Book, uid: str) -> list[str]:
    """The entries of a book's own subject index (printed or made) naming a unit, else the
    nearest unit above it that one names: how the book's index words why a unit was found.

    >>> from kb.crosslang.library import get_library
    >>> own_terms(get_library().book("tr"), "54.B"), own_terms(get_library().book("tr"), "54.D")
    (['Yüzü açık sırasız atak'], ['Deklaran Atağı Geri Çevirir'])
    >>> own_terms(get_library().book("et"), "54")[:2]
    ['Avakäik väljaspool järjekorda', 'Käik, avakäik väljaspool järjekorda lahtise kaardiga']
    """
    named = _named_units(book)
    while uid:
        if uid in named:
            return named[uid]
        uid = uid.rpartition(".")[0]
    return []


# Each book's named units, kept while the book is: a rebuild's old books go with their build
# (kept by the books themselves, 64 of them, they held an old build's units each: 3 MB a book).
_NAMED: WeakKeyDictionary[Book, dict[str, list[str]]] = WeakKeyDictionary()


def _named_units(book: Book) -> dict[str, list[str]]:
    """Each unit a book's own index names, with the entries naming it (worked out once per
    book: `_NAMED`)."""
    named = _NAMED.get(book)
    if named is None:
        named = _NAMED[book] = _units_named(book)
    return named


def _units_named(book: Book) -> dict[str, list[str]]:
    named: dict[str, list[str]] = {}
    own = [e for e in printed_entries(book) if e.get("targets")]
    printed = [(t, joined(e.get("heading", ""), e["term"])) for e in own for t in e["targets"]]
    pairs = printed if own else [(u.id, e["term"]) for u in book.units for e in u.index_entries]
    for uid, term in pairs:
        if term not in named.setdefault(uid, []):
            named[uid].append(term)
    return named


def by_letter(entries: list[dict[str, Any]], key, grouped: bool) -> list[dict[str, Any]]:
    """Entries under their first letters, A-Z; a printed index keeps each heading with its
    sub-entries (in print order), another is sorted by term.

    >>> e = [{"term": "Bluff", "heading": ""}, {"term": "Kunstlik", "heading": "Bluff"},
    ...      {"term": "Alert", "heading": ""}]
    >>> letters = by_letter(e, sort_key("et"), True)
    >>> [(g["letter"], [x["term"] for x in g["entries"]]) for g in letters]
    [('A', ['Alert']), ('B', ['Bluff', 'Kunstlik'])]
    """
    groups: list[list[dict[str, Any]]] = []
    for e in entries:
        if grouped and e["heading"] and groups:
            groups[-1].append(e)
        else:
            groups.append([e])
    groups.sort(key=lambda g: key(g[0]["term"]))
    letters: list[dict[str, Any]] = []
    for group in groups:
        letter = group[0]["term"][:1].upper()
        if not letters or letters[-1]["letter"] != letter:
            letters.append({"letter": letter, "entries": []})
        letters[-1]["entries"].extend(group)
    return letters


def kept_index(library: Library, lang: str) -> dict[str, Any] | None:
    """`book_index`, worked out once per build and book (for the page and the API alike:
    150 ms of work for a page), kept by the app (`kb.web.cache.Caches`).

    >>> from kb.web import create_app
    >>> from kb.crosslang.library import get_library
    >>> lib = get_library()
    >>> with create_app().app_context():
    ...     kept_index(lib, "fi") is kept_index(lib, "fi")
    True
    """
    return indexes().get(library.build_id, lang, lambda: book_index(library, lang))


def indexes() -> PerBuild:
    """The app's subject indexes and their pages, per build (64 a build at most)."""
    return caches().per_build("subject indexes", size=64)


def kept_page(library: Library, lang: str) -> list[dict[str, Any]] | None:
    """`page_letters` of `kept_index`, worked out once per build and book.

    >>> from kb.web import create_app
    >>> from kb.crosslang.library import get_library
    >>> lib = get_library()
    >>> with create_app().app_context():
    ...     kept_page(lib, "et") is kept_page(lib, "et"), kept_page(lib, "xx")
    (True, None)
    """
    found = kept_index(library, lang)
    return found and indexes().get(library.build_id, ("page", lang), lambda: page_letters(found))


def page_letters(found: dict[str, Any]) -> list[dict[str, Any]]:
    """A book's index (`book_index`) as its page lists it: under each letter the entries
    with their sub-entries below them (a printed index's hierarchy), each entry with an
    anchor (`anchor`) and its "see" references pointing at the entries they name (`href`,
    empty when the index has no such entry).

    >>> from kb.crosslang.library import get_library
    >>> first = page_letters(book_index(get_library(), "fi"))[0]["entries"][0]
    >>> first["term"], first["anchor"], [s["term"] for s in first["subs"]]
    ('Aakkostettu pakka', 'e-aakkostettu-pakka', ['Lain'])
    >>> first["see"]
    [{'term': 'Pakka', 'also': False, 'href': '#e-pakka'}]
    """
    printed = not found["made"]
    taken: set[str] = set()
    letters = []
    for group in found["letters"]:
        entries: list[dict[str, Any]] = []
        for e in group["entries"]:
            shown = e | {"anchor": entry_anchor(e["term"], taken), "subs": []}
            if printed and e["heading"] and entries and entries[-1]["term"] == e["heading"]:
                entries[-1]["subs"].append(shown)
            else:
                entries.append(shown)
        letters.append({"letter": group["letter"], "entries": entries})
    tops = [e for g in letters for e in g["entries"]]
    named = [
        (e["term"].casefold(), e["anchor"]) for e in tops + [s for e in tops for s in e["subs"]]
    ]
    for e in tops:
        for shown in [e, *e["subs"]]:
            shown["see"] = [s | {"href": see_target(s["term"], named)} for s in shown["see"]]
    return letters


def entry_anchor(term: str, taken: set[str]) -> str:
    """An index entry's anchor: `e-` and its term's words, numbered when taken already.

    >>> taken = set()
    >>> entry_anchor("Alert", taken), entry_anchor("Alert!", taken)
    ('e-alert', 'e-alert-2')
    >>> entry_anchor("Väärä kortti", taken)
    'e-väärä-kortti'
    """
    base = "e-" + "-".join(re.findall(r"\w+", term.casefold()))
    name, n = base, 1
    while name in taken:
        n += 1
        name = f"{base}-{n}"
    taken.add(name)
    return name


def see_target(term: str, named: list[tuple[str, str]]) -> str:
    """The address of the entry a "see" reference names, among the index's entries (folded
    terms and anchors, headings first): the entry with that term, else with the same words
    inflected (a reference is a phrase of the sentence: "vt parandustoimingud" names
    "Parandustoiming"), else the first that begins with it, else with its first word.

    >>> named = [("parandustoiming", "e-p"), ("tempo või käitumisviis", "e-t")]
    >>> see_target("Parandustoimingud", named), see_target("tempo või mänguviis", named)
    ('#e-p', '#e-t')
    >>> see_target("Nothing", named)
    ''
    """
    key = term.casefold()

    def alike(a: str, b: str) -> bool:  # the same words, each perhaps in another form
        x, y = a.split(), b.split()
        return len(x) == len(y) and all(same_word(p, q) for p, q in zip(x, y, strict=True))

    for match in (
        lambda t: t == key,
        lambda t: alike(t, key),
        lambda t: t.startswith(key),
        lambda t: bool(key.split()) and alike(t.split()[0], key.split()[0]),
    ):
        found = next((a for t, a in named if t.split() and match(t)), "")
        if found:
            return f"#{found}"
    return ""


def same_word(a: str, b: str) -> bool:
    """Whether two words are one word in two forms: they differ only in their last three
    letters, and share four at least.

    >>> same_word("arusaamine", "arusaam"), same_word("mänguviis", "käitumisviis")
    (True, False)
    """
    pairs = zip(a, b, strict=False)
    shared = next((i for i, (p, q) in enumerate(pairs) if p != q), min(len(a), len(b)))
    return shared >= max(4, min(len(a), len(b)) - 3, max(len(a), len(b)) - 3)


class Cell(NamedTuple):
    """A cell of a line of a printed index: its text, and whether the book prints it in
    English (the Estonian index's third column)."""

    text: str
    english: bool = False


def printed_lines(book: Book, unit: Unit) -> list[list[list[Cell]]]:
    """A printed index's text (served in reading order: kb/layers/subject_index.py) as its
    paragraphs of lines of cells, each English cell marked: an index printed a row a line
    (`columns`) prints the English term in its third column.

    >>> from kb.crosslang.library import get_library
    >>> et = get_library().book("et")
    >>> printed_lines(et, et.by_id["index"])[2][0]
    [Cell(text='Abivahendid mälu, arvutuste või mängutehnika jaoks', english=False), \
Cell(text='40B2d', english=False), Cell(text='Aids to memory, calculation or technique', \
english=True)]
    """
    form = load_profile(book.lang).index if book.kind == "lawbook" else None
    english = 2 if form is not None and form.layout == "columns" else -1
    return [
        [
            [Cell(c, n == english) for n, c in enumerate(line.split("\t"))]
            for line in paragraph.split("\n")
        ]
        for paragraph in unit.text.split("\n\n")
    ]
