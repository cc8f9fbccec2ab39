"""The checks of the alignment report. Each takes the aligned books and yields findings.

Checks comparing translations (missing, extra, numbers, refs, length, empty, identical text)
compare the law books of one edition, group by group; the 2007 book joins through the map in
the drift and missing checks only (below a section the editions are not aligned). The other
checks read one book at a time (English words, terms, drift, source).

>>> from kb.library import get_library
>>> from kb.qa.groups import align_books
>>> a = align_books(get_library(), ["fi", "tr", "et"])
>>> [f.message for f in check_numbers(a) if f.id == "77.table.1"]
['figures differ: 20 (tr 3; fi, et 2), 120 (tr 1; fi, et 2)']
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from statistics import median

from kb import editions, glossary, store
from kb.library import Book
from kb.model import LAW_LEVELS, Unit
from kb.qa.groups import Alignment, Group
from kb.qa.model import Finding, Where

# A figure standing alone: not glued to a letter (so "B1", "12C1", "1Bb3" are codes, not
# numbers), with a percent sign before or after ("60 %", "%60", "% 40'ı" are all 60%).
_FIGURE = re.compile(r"(?<![\w.,])(?:%\s?)?\d+(?:[.,]\d+)?(?:\s?%)?(?!\w)")
# Length: a unit is an outlier when its length, scaled by its book's usual ratio, is more than
# LENGTH_FACTOR times (or less than 1/LENGTH_FACTOR of) the group's median; groups whose
# longest text is under LENGTH_MIN characters are left alone (short texts vary too much).
LENGTH_FACTOR = 1.5
LENGTH_MIN = 100
# English left in a translation: ENGLISH_MIN function words making ENGLISH_SHARE of the words.
# The words are English ones that are no word of the corpus languages ("on" is Estonian, "by"
# Slovak, "for" the Swedish OCR's "för", so they are not here).
ENGLISH = frozenset({
    "the", "and", "of", "with", "shall", "which", "that", "this", "from", "when", "where", "will",
    "would", "should", "there", "their", "been", "have", "has", "must", "any", "his", "who",
    "after", "before", "are", "were", "not", "may", "its",
})  # fmt: skip
ENGLISH_MIN = 3
ENGLISH_SHARE = 0.10
IDENTICAL_MIN = 20  # letters a text needs before two identical texts count as untranslated
_WORD = re.compile(r"[^\W\d_]+")


def _names(langs: Iterable[str]) -> str:
    return ", ".join(langs)


def _ordered(odd: list[str], langs: list[str]) -> tuple[str, ...]:
    """The languages a finding is about first, then the others, each in the chosen order."""
    return tuple(odd) + tuple(x for x in langs if x not in odd)


def _finding(a: Alignment, check: str, severity: str, group: Group, langs: tuple[str, ...],
             message: str, lines: dict[str, int] | None = None) -> Finding:  # fmt: skip
    """A finding on a group, with a side per language (at `lines[lang]` where given)."""
    lines = lines or {}
    where = tuple(a.where(x, group.id, lines.get(x)) for x in langs)
    return Finding(check, severity, group.id, langs, message, where, group.law)


def _present(a: Alignment, group: Group) -> tuple[list[str], bool]:
    """The peers that have a group's unit, and whether they are a minority of the peers (then
    the unit is extra in them rather than missing in the others)."""
    present = [x for x in a.peers if group.units[x]]
    return present, len(present) * 2 < len(a.peers)


def _texts(a: Alignment, group: Group) -> dict[str, Unit]:
    """The peers' units of a group that have text."""
    units = {x: group.unit(x) for x in a.peers}
    return {x: u for x, u in units.items() if u is not None and u.text.strip()}


def check_missing(a: Alignment) -> Iterator[Finding]:
    """Units a book lacks where the others have them (by id; for the other edition, the ids
    the map gives). A unit under a unit reported missing is not reported again.

    >>> from kb.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> [f.message for f in check_missing(a)][:2]
    ['16.C.3 is in fi, tr, not in et', '30.B.2 is in fi, tr, not in et']
    """
    reported: set[tuple[str, str]] = set()
    for group in a.groups:
        present, minority = _present(a, group)
        for lang in a.peers + a.others:
            if not a.absent(lang, group.id) or (lang in a.peers and minority):
                continue
            reported.add((lang, group.id))
            if any((lang, up) in reported for up in editions.lineage(group.id)[1:]):
                continue
            prefix = group.id + "."
            below = sum(g.id.startswith(prefix) and a.absent(lang, g.id) for g in a.groups)
            tail = f" (nor the {below} units below it)" if below else ""
            if lang in a.peers:
                message = f"{group.id} is in {_names(present)}, not in {lang}{tail}"
            else:
                expected = ", ".join(a.expected(lang, group.id))
                message = f"{group.id} is {expected} in {a.book(lang).edition}; {lang} has none"
            yield _finding(a, "missing", "error", group, _ordered([lang], present), message)


def check_extra(a: Alignment) -> Iterator[Finding]:
    """Units only a minority of the books of an edition have (by id).

    >>> from kb.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> [f.message for f in check_extra(a)]
    ['52.A.c is only in et; fi, tr have no such unit']
    """
    for group in a.groups:
        present, minority = _present(a, group)
        if not minority:
            continue
        parent = a.group(editions.lineage(group.id)[1]) if "." in group.id else None
        if parent is not None and _present(a, parent)[0] == present:
            continue  # reported with its parent
        absent = [x for x in a.peers if x not in present]
        message = f"{group.id} is only in {_names(present)}; {_names(absent)} have no such unit"
        yield _finding(a, "extra", "error", group, _ordered(present, absent), message)


def figures(unit: Unit) -> Counter[str]:
    """The figures of a unit's title and text: its label and the codes of its references left
    out, percentages normalised.

    >>> u = Unit("9", "section", "B.", "", "B. 60 % ja %40'ı; katso laki 12C1 §, 3 IMP",
    ...          "fi", 2017, (1, 1), refs=[{"text": "laki 12C1 §", "targets": ["12.C.1"]}])
    >>> sorted(figures(u).elements())
    ['3', '40%', '60%']
    """
    text = f"{unit.title}\n{unit.text}"
    if unit.label and unit.text.startswith(unit.label):
        text = f"{unit.title}\n{unit.text[len(unit.label) :]}"
    for ref in unit.refs:
        text = text.replace(ref["text"], " ")
    found: Counter[str] = Counter()
    for match in _FIGURE.finditer(text):
        figure = re.sub(r"\s", "", match[0])
        found[figure.strip("%") + "%" if "%" in figure else figure] += 1
    return found


def _figure_key(figure: str) -> tuple[float, str]:
    return (float(figure.strip("%").replace(",", ".")), figure)


def check_numbers(a: Alignment) -> Iterator[Finding]:
    """Figures that differ between the books of an edition. An error where a book has a figure
    more and another less than the others (a figure changed); info where it only has fewer or
    more (a book may spell a number out).

    >>> from kb.library import get_library
    >>> from kb.qa.groups import align_books
    >>> [(f.severity, f.langs) for f in check_numbers(align_books(get_library(), ["et", "fi"]))
    ...  if f.id == "6.B"]  # et "igas 13 kaarti", fi "kolmetoista korttia"
    [('info', ('et', 'fi'))]
    """
    for group in a.groups:
        counts = {x: figures(u) for x, u in _texts(a, group).items()}
        if len(counts) < 2:
            continue
        values = sorted(set().union(*counts.values()), key=_figure_key)
        differ = [v for v in values if len({c[v] for c in counts.values()}) > 1]
        if not differ:
            continue
        more, less = set(), set()
        for lang, count in counts.items():
            others = [c for x, c in counts.items() if x != lang]
            more |= {lang for v in differ if count[v] > max(c[v] for c in others)}
            less |= {lang for v in differ if count[v] < min(c[v] for c in others)}
        changed = bool(more & less)
        parts = []
        for value in differ:
            by_count: dict[int, list[str]] = defaultdict(list)
            for lang, count in counts.items():
                by_count[count[value]].append(lang)
            sides = sorted(by_count.items(), key=lambda kv: (len(kv[1]), kv[0]))
            parts.append(f"{value} ({'; '.join(f'{_names(xs)} {n}' for n, xs in sides)})")
        odd = [x for x in counts if x in more | less]
        langs = _ordered(odd, list(counts))
        message = "figures differ: " + ", ".join(parts)
        yield _finding(a, "numbers", "error" if changed else "info", group, langs, message)


def cited_laws(unit: Unit) -> dict[str, int]:
    """The laws a unit's text cites (other than its own), each with the line of its first
    reference; references in footnotes are the translator's own and are left out.

    >>> u = Unit("27.B.2", "subsection", "2.", "", "", "et", 2017, (5, 5), refs=[
    ...     {"text": "reeglist 26B", "targets": ["26.B"], "line": 5},
    ...     {"text": "lõikes B1", "targets": ["27.B.1"], "line": 5}])
    >>> cited_laws(u)
    {'26': 5}
    """
    own = editions.law_of(unit.id)
    laws: dict[str, int] = {}
    for ref in unit.refs:
        if ref.get("footnote") or ref.get("field") == "tail":  # a tail is the parent's text
            continue
        for target in ref["targets"]:
            law = editions.law_of(target)
            if law != own:
                laws.setdefault(law, ref.get("line", unit.lines[0]))
    return laws


def check_refs(a: Alignment) -> Iterator[Finding]:
    """Laws a unit cites in some books of an edition and not in the others.

    >>> from kb.library import get_library
    >>> from kb.qa.groups import align_books
    >>> [f.message for f in check_refs(align_books(get_library(), ["fi", "tr"]))][:1]
    ['Law 26 is cited in tr, not in fi']
    """
    for group in a.groups:
        units = {x: group.unit(x) for x in a.peers}
        cites = {x: cited_laws(u) for x, u in units.items() if u is not None}
        if len(cites) < 2:
            continue
        for law in sorted(set().union(*cites.values()), key=int):
            citing = [x for x in cites if law in cites[x]]
            silent = [x for x in cites if law not in cites[x]]
            if not silent:
                continue
            odd = citing if len(citing) <= len(silent) else silent
            langs = _ordered(odd, list(cites))
            message = f"Law {law} is cited in {_names(citing)}, not in {_names(silent)}"
            lines = {x: cites[x][law] for x in citing}
            yield _finding(a, "refs", "warning", group, langs, message, lines)


def length_scales(a: Alignment) -> dict[str, float]:
    """Each peer's usual length against the first peer's: the median ratio over the groups
    both have text in.

    >>> from kb.library import get_library
    >>> from kb.qa.groups import align_books
    >>> {x: round(r, 2) for x, r in length_scales(align_books(get_library(), ["fi", "tr"])).items()}
    {'fi': 1.0, 'tr': 0.92}
    """
    scales = {}
    for lang in a.peers:
        ratios = []
        for group in a.groups:
            units = _texts(a, group)
            if lang in units and a.peers[0] in units:
                ratios.append(len(units[lang].text) / len(units[a.peers[0]].text))
        scales[lang] = median(ratios) if ratios else 1.0
    return scales


def check_length(a: Alignment) -> Iterator[Finding]:
    """Texts much longer or shorter than the group's median, each book's length scaled by its
    usual ratio (`length_scales`); see LENGTH_FACTOR and LENGTH_MIN. With two books the
    median is their mean.

    >>> from kb.library import get_library
    >>> from kb.qa.groups import align_books
    >>> [f.id for f in check_length(align_books(get_library(), ["fi", "tr", "et"]))][:3]
    ['23.A.3', '24.D', '31.B']
    """
    scales = length_scales(a)
    for group in a.groups:
        units = {x: u for x, u in _texts(a, group).items() if u.kind != "table"}
        if len(units) < 2 or max(len(u.text) for u in units.values()) < LENGTH_MIN:
            continue
        scaled = {x: len(u.text) / scales[x] for x, u in units.items()}
        middle = median(scaled.values())
        for lang, value in scaled.items():
            ratio = value / middle
            if 1 / LENGTH_FACTOR < ratio < LENGTH_FACTOR:
                continue
            others = "; ".join(f"{x} {len(u.text)}" for x, u in units.items() if x != lang)
            message = (
                f"{lang} is {ratio:.2f} times the group's median length "
                f"({len(units[lang].text)} characters; {others})"
            )
            yield _finding(a, "length", "info", group, _ordered([lang], list(units)), message)


def check_empty(a: Alignment) -> Iterator[Finding]:
    """Units with no text in some books of an edition where the others have text.

    >>> from kb.library import get_library
    >>> from kb.qa.groups import align_books
    >>> [f.message for f in check_empty(align_books(get_library(), ["fi", "et"]))][0]
    '16.B has no text in et; text in fi'
    """
    for group in a.groups:
        units = {x: group.unit(x) for x in a.peers}
        units = {x: u for x, u in units.items() if u is not None}
        full = [x for x, u in units.items() if u.text.strip()]
        empty = [x for x, u in units.items() if not u.text.strip()]
        if full and empty:
            message = f"{group.id} has no text in {_names(empty)}; text in {_names(full)}"
            yield _finding(a, "empty", "warning", group, _ordered(empty, full), message)


def english_words(text: str) -> Counter[str]:
    """The English function words of a text (see ENGLISH).

    >>> english_words("The Laws of Duplicate Bridge on the table")
    Counter({'the': 2, 'of': 1})
    """
    return Counter(w.lower() for w in _WORD.findall(text) if w.lower() in ENGLISH)


def check_untranslated(a: Alignment) -> Iterator[Finding]:
    """English left in any unit of a chosen book (ENGLISH_MIN function words that are
    ENGLISH_SHARE of its words), and texts identical in two books of an edition.

    >>> from kb.library import get_library
    >>> from kb.qa.groups import align_books
    >>> [f.id for f in check_untranslated(align_books(get_library(), ["fi", "et"]))]
    ['introduction', 'preface']
    """
    for lang in a.langs:
        book = a.book(lang)
        for unit in book.units:
            found = english_words(unit.text)
            count, words = sum(found.values()), len(_WORD.findall(unit.text))
            if count >= ENGLISH_MIN and count >= ENGLISH_SHARE * words:
                top = ", ".join(f"{w} {n}" for w, n in found.most_common(5))
                message = f"English in {lang}: {count} English function words of {words} ({top})"
                where = (Where(lang, unit.id, book.meta["source"], unit.lines[0]),)
                law = editions.law_of(unit.id) if unit.kind in LAW_LEVELS else None
                yield Finding("untranslated", "warning", unit.id, (lang,), message, where, law)
    for group in a.groups:
        texts = {x: " ".join(u.text.split()) for x, u in _texts(a, group).items()}
        same: dict[str, list[str]] = defaultdict(list)
        for lang, text in texts.items():
            if sum(map(len, _WORD.findall(text))) >= IDENTICAL_MIN:
                same[text].append(lang)
        for langs in same.values():
            if len(langs) > 1:
                message = f"the same text in {_names(langs)}"
                yield _finding(a, "untranslated", "warning", group, tuple(langs), message)


def term_renderings(book: Book) -> dict[str, dict[str, list[str]]]:
    """Per glossary concept, the book's definitions its law text uses, each with the units
    using it (in order). A definition linked to no concept stands for itself.

    >>> from kb.library import get_library
    >>> sorted(term_renderings(get_library().book("sk"))["play"])
    ['def.zahranie', 'def.zohravka']
    """
    used: dict[str, dict[str, list[str]]] = defaultdict(dict)
    for unit in book.units:
        for link in unit.terms:
            concept = glossary.concept_of(book.lang, link["target"]) or link["target"]
            ids = used[concept].setdefault(link["target"], [])
            if not ids or ids[-1] != unit.id:
                ids.append(unit.id)
    return used


def check_terms(a: Alignment) -> Iterator[Finding]:
    """A glossary concept a book renders by two (or more) of its defined terms: one finding
    per term other than the one used most, at its first use, beside the first use of the
    most used one.

    >>> from kb.library import get_library
    >>> from kb.qa.groups import align_books
    >>> [f.message for f in check_terms(align_books(get_library(), ["fi"]))][0]
    'event is rendered as Kilpailu in 24 units and as Turnaus in 5 (40.B.1.b, 78.D, 80.A.1.a, ...)'
    """
    for lang in a.peers + a.others:
        book = a.book(lang)
        for concept, uses in sorted(term_renderings(book).items()):
            if len(uses) < 2:
                continue
            ranked = sorted(uses.items(), key=lambda kv: (-len(kv[1]), kv[0]))
            (main, main_units), rest = ranked[0], ranked[1:]
            for target, units in rest:
                shown = ", ".join(units[:3]) + (", ..." if len(units) > 3 else "")
                message = (
                    f"{concept} is rendered as {book.by_id[main].term} in {len(main_units)} "
                    f"units and as {book.by_id[target].term} in {len(units)} ({shown})"
                )
                where = tuple(
                    Where(lang, uid, book.meta["source"], book.by_id[uid].lines[0])
                    for uid in (units[0], main_units[0])
                )
                law = editions.law_of(units[0])
                yield Finding("terms", "info", units[0], (lang,), message, where, law)


def moved(uid: str) -> tuple[str, tuple[str, ...]] | None:
    """Where the map moves a 2007 unit: the map entry that decides it (the unit's or its
    nearest listed ancestor's) and its 2017 ids, when they are not the entry's own id.

    >>> moved("16.C.2.a"), moved("12.C.1"), moved("13.E")
    (('16.C.2', ('16.D.2',)), None, ('13.E', ()))
    """
    entries = editions.default_map().entries
    key = next((k for k in editions.lineage(uid) if k in entries), None)
    if key is None or entries[key] == (key,):
        return None
    return key, entries[key]


def fate(uid: str) -> str | None:
    """What became of a 2007 unit in 2017, or None when the map keeps its id.

    >>> fate("16.C.2.a"), fate("13.E"), fate("12.C.1")
    ('is 16.D.2 in 2017 (as part of 16.C.2)', 'has no counterpart in 2017', None)
    """
    found = moved(uid)
    if found is None:
        return None
    key, targets = found
    if not targets:
        return "has no counterpart in 2017"
    through = f" (as part of {key})" if key != uid else ""
    return f"is {', '.join(targets)} in 2017{through}"


def _drift_sides(a: Alignment, uid: str) -> tuple[Where, ...]:
    """The 2017 side of a drift finding: the unit the map gives (or where it would be) in the
    first chosen 2017 law book."""
    modern = [x for x in a.peers + a.others if a.book(x).edition == 2017]
    if not modern:
        return ()
    targets = editions.to_2017(uid) or (editions.law_of(uid),)
    return (a.where(modern[0], targets[0]),)


def check_drift(a: Alignment) -> Iterator[Finding]:
    """2007 units whose 2017 counterpart has another id or none (every unit of a 2007 law
    book the map moves), and the 2007 units a 2007 card cites or refers to that moved.

    >>> from kb.library import get_library
    >>> from kb.qa.groups import align_books
    >>> [f.message for f in check_drift(align_books(get_library(), ["sv"]))][:1]
    ['topic.62 cites 2007 16.D, which is 16.C in 2017']
    """
    for lang in a.langs:
        book = a.book(lang)
        if book.edition != 2007:
            continue
        for unit in book.units:
            if book.kind == "card":
                cited = [(c, unit.lines[0]) for c in unit.cites] + [
                    (t, r.get("line", unit.lines[0])) for r in unit.refs for t in r["targets"]
                ]
            else:
                cited = [(unit.id, unit.lines[0])] if unit.kind in LAW_LEVELS else []
            first: dict[str, int] = {}
            for uid, line in cited:
                first.setdefault(uid, line)
            for uid, line in first.items():
                became = fate(uid)
                if became is None:
                    continue
                if book.kind == "card":
                    message = f"{unit.id} cites 2007 {uid}, which {became}"
                else:
                    message = f"2007 {uid} {became}"
                where = (Where(lang, unit.id, book.meta["source"], line), *_drift_sides(a, uid))
                langs = tuple(dict.fromkeys(w.lang for w in where))
                severity = "warning" if became.startswith("has no") else "info"
                law = editions.law_of(uid)
                yield Finding("drift", severity, unit.id, langs, message, where, law)


_PROBLEM = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+): (?P<message>.*)$", re.S)


def _unit_at(book: Book, line: int, message: str) -> Unit:
    """The unit a source problem belongs to: the one its message names, else the unit with a
    footnote printed at the line, else the narrowest unit whose lines hold the line."""
    named = message.split(":")[0]
    if named in book.by_id:
        return book.by_id[named]
    noted = [u for u in book.units for f in u.footnotes if f.lines[0] <= line <= f.lines[1]]
    holding = noted or [u for u in book.units if u.lines[0] <= line <= u.lines[1]]
    return min(holding, key=lambda u: u.lines[1] - u.lines[0], default=book.units[0])


def check_source(a: Alignment) -> Iterator[Finding]:
    """What the parser met in each source: references naming no unit (warnings) and the
    oddities it handled, such as misnumbered footnotes or labels (info).

    >>> from kb.library import get_library
    >>> from kb.qa.groups import align_books
    >>> [(f.id, f.where[0].source) for f in check_source(align_books(get_library(), ["fi"]))][:2]
    [('options', 'corpus/fi/fi.txt:2532'), ('index', 'corpus/fi/fi.txt:3099')]
    """
    for lang in a.langs:
        book = a.book(lang)
        notes = store.load_payload(lang, a.library.data).get("notes", [])
        problems = [("warning", p) for p in book.unresolved] + [("info", p) for p in notes]
        for severity, problem in problems:
            m = _PROBLEM.match(problem)
            if m is None:
                continue
            line = int(m["line"])
            unit = _unit_at(book, line, m["message"])
            law = editions.law_of(unit.id) if unit.kind in LAW_LEVELS else None
            where = (Where(lang, unit.id, m["file"], line),)
            yield Finding("source", severity, unit.id, (lang,), m["message"], where, law)


CHECK_FUNCTIONS: dict[str, Callable[[Alignment], Iterable[Finding]]] = {
    "missing": check_missing,
    "extra": check_extra,
    "numbers": check_numbers,
    "refs": check_refs,
    "length": check_length,
    "empty": check_empty,
    "untranslated": check_untranslated,
    "terms": check_terms,
    "drift": check_drift,
    "source": check_source,
}
