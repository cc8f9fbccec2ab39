"""The checks of the alignment report. Each takes the aligned books and yields findings.

Checks comparing translations compare the law books of one edition group by group (and the
definitions the glossary links to one concept); a finding blames the language that differs
from the others (`odd`) and points at its offending words. The 2007 book joins through the
map in the missing and drift checks only (below a section the editions are not aligned).
Drift and the parser's notes are housekeeping (`HOUSEKEEPING`), not the translator's list.

>>> from kb.crosslang.library import get_library
>>> from kb.qa.groups import align_books
>>> a = align_books(get_library(), ["fi", "tr", "et"])
>>> [f.message for f in check_numbers(a) if f.id == "77.table.1"]
['figures differ: 20 (tr 3; et, fi 2), 120 (tr 1; et, fi 2)']
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from itertools import pairwise
from statistics import median
from typing import Any

from kb import store
from kb.core.ids import LAW_LEVELS, code_parts, law_of, lineage, related
from kb.core.model import Unit
from kb.crosslang import editions
from kb.crosslang.library import Book
from kb.layers import glossary
from kb.profiles import load_concepts, load_number_words, load_reduplicated, page_references
from kb.qa.groups import Alignment, Group
from kb.qa.model import Finding, Where, render, source_code

# A figure standing alone: not glued to a letter (so "B1", "12C1", "1Bb3" are codes, not
# numbers), with a percent sign before or after ("60 %", "%60", "% 40'ı" are all 60%).
_FIGURE = re.compile(r"(?<![\w.,])(?:%\s?)?\d+(?:[.,]\d+)?(?:\s?%)?(?!\w)")
# Length: a text is an outlier against another book when the ratio of their lengths, divided
# by the pair's usual ratio (the median over all groups), is beyond LENGTH_FACTOR either way;
# groups whose longest text is under LENGTH_MIN characters are left alone.
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
SUITS = "♠♥♦♣"
_EMPTY_BRACKETS = re.compile(r"\w+ \(\s*\)")
BRACKETS = {"(": ")", "[": "]"}
_MARKER = re.compile(r".*(?<![\w(])(?:[a-z]|[ivx]{1,4}|\d)\)$")
_DOUBLED = re.compile(r"\b([^\W\d_]{3,})\s+\1\b", re.IGNORECASE)


@cache
def _page_references(lang: str) -> re.Pattern[str]:
    return re.compile(rf"\s?(?:{page_references(lang).pattern})")


def without_pages(text: str, lang: str) -> str:
    """A text of a language's book without its print page references (the space before them
    too: `kb.profiles.page_references`).

    >>> without_pages("Toinen lause (s. 38).", "fi"), without_pages("Yasa (s. 38).", "tr")
    ('Toinen lause.', 'Yasa (s. 38).')
    """
    return _page_references(lang).sub("", text)


def _names(langs: Iterable[str]) -> str:
    return ", ".join(langs)


def _ordered(odd: list[str], langs: list[str]) -> tuple[str, ...]:
    """The languages a finding is about first, then the others, each in the chosen order."""
    return tuple(odd) + tuple(x for x in langs if x not in odd)


def _finding(a: Alignment, check: str, severity: str, group: Group, langs: tuple[str, ...],
             code: str, params: dict[str, Any], odd: Iterable[str] = (),
             words: dict[str, str] | None = None,
             lines: dict[str, int] | None = None) -> Finding:  # fmt: skip
    """A finding on a group: its sentence from a message code and parameters, a side per
    language pointing at `words[lang]` (searched from `lines[lang]`) where given."""
    words, lines = words or {}, lines or {}
    where = tuple(a.side(x, group.id, words.get(x, ""), lines.get(x)) for x in langs)
    message = render(code, **params)
    return Finding(check, severity, group.id, langs, message, where, group.law, code, params,
                   tuple(odd))  # fmt: skip


def _present(a: Alignment, group: Group) -> tuple[list[str], bool]:
    """The peers that have a group's unit, and whether they are a minority of the peers (then
    the unit is extra in them rather than missing in the others)."""
    present = [x for x in a.peers if group.units[x]]
    return present, len(present) * 2 < len(a.peers)


def _texts(a: Alignment, group: Group) -> dict[str, Unit]:
    """The peers' units of a group that have text."""
    units = {x: group.unit(x) for x in a.peers}
    return {x: u for x, u in units.items() if u is not None and u.text.strip()}


def definition_groups(a: Alignment) -> list[Group]:
    """The peers' definitions joined on their glossary concept (where each book defines it
    once), as groups keyed `def:<concept>`.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> g = next(g for g in definition_groups(align_books(get_library(), ["fi", "tr"]))
    ...          if g.id == "def:suit")
    >>> [u.id for x in ("fi", "tr") for u in g.units[x]]
    ['def.vari', 'def.renk']
    """
    groups = []
    for concept in glossary.concepts():
        ids = glossary.definitions_of(concept)
        units = {x: [a.book(x).by_id[i] for i in ids.get(x, []) if i in a.book(x).by_id]
                 for x in a.peers}  # fmt: skip
        if sum(len(u) == 1 for u in units.values()) >= 2:
            groups.append(
                Group(f"def:{concept}", {x: u if len(u) == 1 else [] for x, u in units.items()})
            )
    return groups


def text_groups(a: Alignment) -> list[Group]:
    """The groups whose texts the text checks compare: the law tree's, then the definitions'."""
    return a.groups + definition_groups(a)


def _definition_side(a: Alignment, group: Group, lang: str, words: str = "") -> Where:
    """A side of a finding on a definition group: the book's definition."""
    unit = group.units[lang][0]
    book = a.book(lang)
    return a.side(lang, unit.id, words) if unit.id in book.by_id else a.where(lang, unit.id)


def _text_finding(a: Alignment, check: str, severity: str, group: Group, langs: tuple[str, ...],
                  code: str, params: dict[str, Any], odd: Iterable[str],
                  words: dict[str, str] | None = None) -> Finding:  # fmt: skip
    """`_finding` for a law group or a definition group (its sides are the definitions)."""
    if not group.id.startswith("def:"):
        return _finding(a, check, severity, group, langs, code, params, odd, words)
    words = words or {}
    where = tuple(_definition_side(a, group, x, words.get(x, "")) for x in langs)
    first = group.units[langs[0]][0].id
    return Finding(check, severity, first, langs, render(code, **params), where, None, code,
                   params, tuple(odd))  # fmt: skip


def check_missing(a: Alignment) -> Iterator[Finding]:
    """Units a book lacks where the others have them (by id; for the other edition, the ids
    the map gives). A unit under a unit reported missing is not reported again.

    >>> from kb.crosslang.library import get_library
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
            if any((lang, up) in reported for up in lineage(group.id)[1:]):
                continue
            prefix = group.id + "."
            below = sum(g.id.startswith(prefix) and a.absent(lang, g.id) for g in a.groups)
            if lang in a.peers:
                code = "missing.below" if below else "missing.peer"
                params: dict[str, Any] = {"id": group.id, "present": _names(present), "odd": lang,
                                          "below": below}  # fmt: skip
            else:
                code = "missing.other"
                params = {"id": group.id, "expected": ", ".join(a.expected(lang, group.id)),
                          "edition": a.book(lang).edition, "odd": lang}  # fmt: skip
            langs = _ordered([lang], present)
            yield _finding(a, "missing", "error", group, langs, code, params, [lang])


def check_extra(a: Alignment) -> Iterator[Finding]:
    """Units only a minority of the books of an edition have (by id).

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> [f.message for f in check_extra(a)]  # et's 51B2c, printed inside 52A, is placed
    []
    """
    for group in a.groups:
        present, minority = _present(a, group)
        if not minority:
            continue
        parent = a.group(lineage(group.id)[1]) if "." in group.id else None
        if parent is not None and _present(a, parent)[0] == present:
            continue  # reported with its parent
        absent = [x for x in a.peers if x not in present]
        params = {"id": group.id, "odd": _names(present), "others": _names(absent)}
        langs = _ordered(present, absent)
        yield _finding(a, "extra", "error", group, langs, "extra", params, present)


@cache
def _number_words(lang: str) -> tuple[re.Pattern[str], dict[str, int]] | None:
    """A language's spelled-out numbers as one pattern and the value of each alternative."""
    words = load_number_words(lang)
    if not words:
        return None
    pattern = "|".join(f"(?P<n{n}>{w})" for n, (w, _) in enumerate(words))
    return re.compile(rf"(?<!\w)(?:{pattern})(?!\w)", re.IGNORECASE), {
        f"n{n}": value for n, (_, value) in enumerate(words)
    }


def figures(unit: Unit) -> Counter[str]:
    """The figures of a unit's title and text: its label and the codes of its references left
    out, percentages normalised, numbers its language spells out (`NUMBER_WORDS` of its
    profile) read as figures.

    >>> u = Unit("9", "section", "B.", "", "B. 60 % ja %40'ı; katso laki 12C1 §, 3 IMP",
    ...          "fi", 2017, (1, 1), refs=[{"text": "laki 12C1 §", "targets": ["12.C.1"]}])
    >>> sorted(figures(u).elements())
    ['3', '40%', '60%']
    >>> figures(Unit("7.C", "section", "C.", "", "omat kolmesta korttiaan", "fi", 2017, (1, 1)))
    Counter({'3': 1})
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
    spelled = _number_words(unit.lang)
    if spelled:
        pattern, values = spelled
        for match in pattern.finditer(text):
            found[str(values[match.lastgroup or ""])] += 1
    return found


def _figure_key(figure: str) -> tuple[float, str]:
    return (float(figure.strip("%").replace(",", ".")), figure)


def check_numbers(a: Alignment) -> Iterator[Finding]:
    """Figures (written or spelled out) that one book changes: it has a figure more and
    another fewer than each of the others. A book with only fewer or more figures is left
    alone (a book may write "both" for two, or repeat a count).

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> [(f.id, f.odd, f.message) for f in check_numbers(a) if f.id == "7.B.2"]
    [('7.B.2', ('fi',), 'figures differ: 3 (fi 1; et, tr 0), 13 (fi 0; et, tr 1)')]
    """
    for group in text_groups(a):
        counts = {x: figures(u) for x, u in _texts(a, group).items()}
        if len(counts) < 2:
            continue
        values = sorted(set().union(*counts.values()), key=_figure_key)
        differ = [v for v in values if len({c[v] for c in counts.values()}) > 1]
        more: dict[str, list[str]] = {}
        less: dict[str, list[str]] = {}
        for lang, count in counts.items():
            others = [c for x, c in counts.items() if x != lang]
            more[lang] = [v for v in differ if count[v] > max(c[v] for c in others)]
            less[lang] = [v for v in differ if count[v] < min(c[v] for c in others)]
        odd = [x for x in counts if more[x] and less[x]]
        if not odd:
            continue
        tallies = [{"figure": v, "times": {x: c[v] for x, c in counts.items()}} for v in differ]
        langs = _ordered(odd, list(counts))
        words = {x: more[x][0] for x in odd}
        params = {"figures": tallies, "odd": _names(odd)}
        yield _text_finding(a, "numbers", "error", group, langs, "numbers", params, odd, words)


def citations(unit: Unit) -> dict[str, tuple[str, int]]:
    """The units a unit's text cites, as full ids through the book's own resolution (same-law
    references included), each with the code as printed and its line, in print order. A
    misprinted code (kb/crosslang/misprints.py: it names no unit of the book, or the other books
    contradict it) is cited as printed: it stands for the id it spells (`spelled`), not
    for its suggestion. References in footnotes (the translator's own) and in the
    parent's text printed after the unit are left out.

    >>> u = Unit("6.D.3", "subsection", "3.", "", "", "et", 2017, (811, 811), refs=[
    ...     {"text": "reegel 22B ja 86C", "targets": ["22.B"], "line": 811,
    ...      "spans": [[7, 10, "22.B"]], "misprints": [{"code": "86C", "id": "86.C",
    ...      "at": [14, 17], "reason": "no unit 86C in this book"}]}])
    >>> citations(u)
    {'22.B': ('22B', 811), '86.C': ('86C', 811)}
    """
    found: dict[str, tuple[str, int]] = {}
    for ref in unit.refs:
        if ref.get("footnote") or ref.get("field") == "tail":
            continue
        line = ref.get("line", unit.lines[0])
        codes = [tuple(s) for s in ref.get("spans", [])]  # none: no code ("see above")
        codes += [(*m["at"], spelled(m)) for m in ref.get("misprints", []) if "at" in m]
        for start, end, uid in sorted(codes):
            found.setdefault(uid, (ref["text"][start:end], line))
    return found


def spelled(misprint: dict) -> str:
    """The id a misprinted code spells, as printed (`39B1b(1)` is 39.B.1.b.1, not the
    39.B.1.b.i of the resolver); a code relative to its unit (`C`) or malformed (`26V`),
    the id the book's resolver reads in it.

    >>> spelled({"code": "39B1b(1)", "id": "39.B.1.b.i"}), spelled({"code": "C", "id": "24.C"})
    ('39.B.1.b.1', '24.C')
    """
    parts = code_parts(misprint["code"])
    return ".".join(parts) if parts else misprint["id"]


def modern(uid: str) -> str | None:
    """The 2017 id of a 2007 id the map moves (its nearest listed ancestor's entry, with the
    parts below it kept where the entry moves one unit to one of the same depth); None when
    the map keeps it or gives no counterpart.

    >>> modern("16.D.1"), modern("73.F.2"), modern("23"), modern("12.C.1"), modern("13.E")
    ('16.C.1', '73.E.2', '72.C', None, None)
    """
    entries = editions.default_map().entries
    key = next((k for k in lineage(uid) if k in entries), None)
    if key is None or len(entries[key]) != 1 or entries[key] == (key,):
        return None
    (target,) = entries[key]
    rest = uid[len(key) :]
    return target + rest if rest and target.count(".") == key.count(".") else target


def compact(uid: str) -> str:
    """A unit id as the Laws print it: `30.B.1.b.i` is 30B1b(i).

    >>> compact("30.B.1.b.i"), compact("24.E"), compact("86")
    ('30B1b(i)', '24E', '86')
    """
    parts = uid.split(".")
    return "".join(parts[:4]) + "".join(f"({p})" for p in parts[4:])


def mentions(text: str, uid: str) -> bool:
    """Whether a text prints a code of the unit below its law (`B1b`, `B1(b)`, `C`, `a)`):
    a reference the book's reference parser did not read, so not one the book lacks.

    >>> mentions("Yukarıda B1(b) ile hükme", "27.B.1.b"), mentions("vt C):", "30.C")
    (True, True)
    >>> mentions("eelneva a) või b) põhjal", "52.B.1.a"), mentions("vt reeglit 23", "72.C")
    (True, False)
    """
    parts = uid.split(".")
    for k in range(1, len(parts)):
        rel = parts[k:]
        forms = {"".join(rel), "".join(rel[:2]) + "".join(f"({p})" for p in rel[2:])}
        if len(rel) == 1 and rel[0].islower():
            forms.add(rel[0] + ")")
        for form in forms:
            if re.search(rf"(?<!\w){re.escape(form)}(?![\w])", text):
                return True
    return False


def _reference_findings(a: Alignment) -> Iterator[Finding]:
    """The findings of the `refs` and `edition` checks (see `check_refs`)."""
    for group in a.groups:
        units = {x: group.unit(x) for x in a.peers}
        cites = {x: citations(u) for x, u in units.items() if u is not None and u.text.strip()}
        if len(cites) < 2:
            continue
        langs = list(cites)
        extra: dict[str, list[str]] = {x: [] for x in langs}
        lacks: dict[str, list[str]] = {x: [] for x in langs}
        for uid in sorted(set().union(*cites.values()), key=_cite_order(cites)):
            holders = [x for x in langs if uid in cites[x]]
            if all(x in holders or mentions(units[x].text, uid) for x in langs):
                continue  # a book printing the code its parser did not read cites it too
            if len(holders) * 2 <= len(langs):
                for x in holders:
                    extra[x].append(uid)
            if len(holders) * 2 >= len(langs):
                for x in langs:
                    if x not in holders:
                        lacks[x].append(uid)
        yield from _explain(a, group, cites, extra, lacks)


def _cite_order(cites: dict[str, dict[str, tuple[str, int]]]) -> Callable[[str], tuple]:
    """Cited ids in the order the first book citing them prints them."""
    place = {}
    for found in cites.values():
        for n, uid in enumerate(found):
            place.setdefault(uid, n)
    return lambda uid: (place[uid], uid)


Cites = dict[str, dict[str, tuple[str, int]]]  # per language, its citations (`citations`)


def _explain(a: Alignment, group: Group, cites: Cites, extra: dict[str, list[str]],
             lacks: dict[str, list[str]]) -> Iterator[Finding]:  # fmt: skip
    """One finding per language whose citations differ: a 2007 number where the others cite
    its 2017 counterpart (`edition`), else what it cites and the others do not, and what they
    cite and it does not (`refs`); a group where several books each cite their own unit is
    one finding naming each."""
    langs = list(cites)

    def printed(x: str, uids: list[str]) -> str:
        return ", ".join(compact(u) for u in uids)

    def sides(x: str, own: list[str], theirs: list[str]) -> tuple[tuple[str, ...], dict, dict]:
        others = [y for y in langs if y != x and (not theirs or theirs[0] in cites[y])]
        words = {x: cites[x][own[0]][0]} if own else {}
        lines = {x: cites[x][own[0]][1]} if own else {}
        for y in others:
            if theirs:
                words[y], lines[y] = cites[y][theirs[0]]
        return _ordered([x], others or [y for y in langs if y != x]), words, lines

    older = editions.default_map().editions[0]  # the edition whose numbers moved
    for x in langs:
        for old in list(extra[x]):
            new = modern(old)
            match = next((m for m in lacks[x] if new and related(m, new)), None)
            if match is None:
                continue
            for y in langs:  # with two books, the other's side of the same difference
                for found, uid in ((extra[y], old), (lacks[y], match), (extra[y], match),
                                   (lacks[y], old)):  # fmt: skip
                    if uid in found and (y == x or found is not extra[x]):
                        found.remove(uid)
            order, words, lines = sides(x, [old], [match])
            params = {"odd": x, "cites": compact(old), "cite": compact(match),
                      "others": _names(order[1:]), "older": older}  # fmt: skip
            # 2007 16C is 2017 16D and 2007 16D is 2017 16C: of two books either may be
            # citing the 2007 number.
            swap = len(langs) == 2 and modern(match) == old
            code, odd = ("edition.swap", order) if swap else ("edition", [x])
            yield _finding(a, "edition", "error", group, order, code, params, odd, words, lines)
    split = [x for x in langs if extra[x] and not lacks[x]]
    if len(split) >= 2 and len(split) * 2 >= len(langs):
        sides_text = "; ".join(f"{x} {printed(x, extra[x])}" for x in split)
        words = {x: cites[x][extra[x][0]][0] for x in split}
        lines = {x: cites[x][extra[x][0]][1] for x in split}
        params = {"sides": sides_text, "odd": _names(split)}
        order = _ordered(split, langs)
        yield _finding(
            a, "refs", "warning", group, order, "refs.split", params, split, words, lines
        )
        for x in split:
            extra[x] = []
    pair = len(langs) == 2  # of two books neither can be blamed alone: one finding on both
    for x in langs:
        own, theirs = extra[x], lacks[x]
        if not own and not theirs:
            continue
        order, words, lines = sides(x, own, theirs)
        code = "refs.differ" if own and theirs else "refs.extra" if own else "refs.lacks"
        params = {"odd": x, "cites": printed(x, own), "cite": printed(x, theirs),
                  "others": _names(order[1:])}  # fmt: skip
        odd = order if pair else [x]
        yield _finding(a, "refs", "warning", group, order, code, params, odd, words, lines)
        if pair:
            break


def check_refs(a: Alignment) -> Iterator[Finding]:
    """Citations that differ between the books of an edition, compared as full unit ids
    (same-law references included): one finding per book that cites what the others do not
    or does not cite what they all cite (with two books, each side's difference).

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> [f.message for f in check_refs(a) if f.id == "20.F.6"]
    ['et cites 47C where fi, tr cite 47E']
    """
    return (f for f in _reference_findings(a) if f.check == "refs")


def check_edition(a: Alignment) -> Iterator[Finding]:
    """A book citing a 2007 number (read through the edition map) where the others cite its
    2017 counterpart.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> [f.message for f in check_edition(a) if f.id == "45.C.4.b"]
    ['fi cites 16D1, the 2007 number of 16C1, which tr, et cite']
    """
    return (f for f in _reference_findings(a) if f.check == "edition")


def plain(unit: Unit) -> str:
    """A unit's words as the text checks read them: its label and its book's print page
    references ("(s. 94)") left out.

    >>> plain(Unit("1.A", "section", "A.", "", "A. katso laki (s. 38) 21 §.", "fi", 2017, (1, 1)))
    'katso laki 21 §.'
    """
    text = unit.text
    if unit.label and text.startswith(unit.label):
        text = text[len(unit.label) :]
    return without_pages(text, unit.lang).strip()


_SENTENCE_END = re.compile(
    r"(?:(?<=[^\W\d_]{5}[.!?])|(?<=[.!?][)\]])|(?<=[)\]][.!?]))\s+(?=[(\[]?[^\W\d_])"
)


def sentences(text: str) -> list[str]:
    """A text's sentences: a full stop, question or exclamation mark after a word of five
    letters or more (so abbreviations such as "bkz.", "vt", "esim." end none), or a closing
    bracket after one, then a space.

    >>> sentences("Ensimmäinen lause. Toinen lause (katso lakia). Kolmas (bkz. Yasa 12).")
    ['Ensimmäinen lause.', 'Toinen lause (katso lakia).', 'Kolmas (bkz. Yasa 12).']
    """
    return [s for s in _SENTENCE_END.split(" ".join(text.split())) if s]


@cache
def _concepts(lang: str) -> dict[str, re.Pattern[str]]:
    return {name: re.compile(p, re.IGNORECASE) for name, p in load_concepts(lang).items()}


def check_clauses(a: Alignment) -> Iterator[Finding]:
    """A clause one book leaves out: a concept its profile names (`CONCEPTS`: unauthorised
    information, ...) that every other book (two at least) states in the unit and it does
    not; and a figure (written or spelled out) that the others agree on and it lacks, with
    no figure of its own in its place.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> for f in check_clauses(a):
    ...     if f.id in ("21.B.2", "50.C"):
    ...         print(f.message)
    tr says nothing of damage where fi, et do (vahingoittaa, kahjustada)
    et says nothing of unauthorised where fi, tr do (luvatonta, izinsiz)
    """
    for group in text_groups(a):
        units = _texts(a, group)
        if len(units) < 3:
            continue
        said: dict[str, dict[str, str]] = defaultdict(dict)
        for lang, unit in units.items():
            for name, pattern in _concepts(lang).items():
                match = pattern.search(plain(unit))
                said[name][lang] = match[0] if match else ""
            for figure, words in spelled_figures(unit).items():
                said[figure][lang] = words
        for name, sides in sorted(said.items(), key=lambda kv: _order_key(kv[0])):
            lacking = [x for x in units if not sides.get(x)]
            known = name[0].isdigit() or all(name in _concepts(x) for x in units)
            if len(lacking) != 1 or not known:
                continue
            (lang,) = lacking
            others = [x for x in units if x != lang]
            figure = name[0].isdigit()
            if figure and _figure_changed(units, lang):
                continue  # a changed figure is the numbers check's
            params = {"odd": lang, "figure" if figure else "concept": name,
                      "others": _names(others),
                      "words": ", ".join(sides[x] for x in others)}  # fmt: skip
            words = {x: sides[x] for x in others}
            langs = _ordered([lang], others)
            code = "clauses.figure" if figure else "clauses"
            yield _text_finding(a, "clauses", "warning", group, langs, code, params, [lang],
                                words)  # fmt: skip


def _order_key(name: str) -> tuple[int, str]:
    return (0, name.zfill(4)) if name[0].isdigit() else (1, name)


def spelled_figures(unit: Unit) -> dict[str, str]:
    """Each figure of a unit (`figures`) with the words that print it first (the figure
    itself where neither its digits nor its words are found, as in a title).

    >>> spelled_figures(Unit("17.D.2", "subsection", "2.", "", "kun kaikki neljä kättä", "fi",
    ...                      2017, (1, 1)))
    {'4': 'neljä'}
    """
    found = {}
    for figure in figures(unit):
        spelled = _number_words(unit.lang)
        match = re.search(rf"(?<![\w.,]){re.escape(figure.strip('%'))}(?!\w)", unit.text)
        if match is None and spelled:
            pattern, values = spelled
            match = next((m for m in pattern.finditer(unit.text)
                          if str(values[m.lastgroup or ""]) == figure), None)  # fmt: skip
        found[figure] = match[0] if match else figure
    return found


def _figure_changed(units: dict[str, Unit], lang: str) -> bool:
    """Whether a book has a figure none of the others has (then a figure it lacks changed)."""
    own = figures(units[lang])
    return any(
        all(figures(u)[v] < n for x, u in units.items() if x != lang) for v, n in own.items()
    )


def pair_ratios(a: Alignment) -> dict[tuple[str, str], float]:
    """Each ordered pair of peers' usual length ratio: the median over the groups both have
    text in.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> round(pair_ratios(align_books(get_library(), ["fi", "tr"]))["tr", "fi"], 2)
    0.94
    """
    lengths: dict[tuple[str, str], list[float]] = defaultdict(list)
    for group in a.groups:
        units = _texts(a, group)
        for x in units:
            for y in units:
                if x != y:
                    lengths[x, y].append(len(plain(units[x])) / max(1, len(plain(units[y]))))
    return {pair: median(values) for pair, values in lengths.items()}


def check_length(a: Alignment) -> Iterator[Finding]:
    """A text much longer or shorter than its translations: against every other book, its
    length ratio divided by the pair's usual ratio (`pair_ratios`) is beyond LENGTH_FACTOR the
    same way. With two books the shorter is named first (the likelier to lack content) and
    both are blamed.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "et"])
    >>> [f.id for f in check_length(a)][:1]
    ['19.D']
    """
    usual = pair_ratios(a)
    for group in a.groups:
        units = {x: u for x, u in _texts(a, group).items() if u.kind != "table"}
        size = {x: len(plain(u)) for x, u in units.items()}
        if len(units) < 2 or max(size.values()) < LENGTH_MIN:
            continue
        for lang in sorted(units, key=size.get):
            rel = {y: size[lang] / max(1, size[y]) / usual[lang, y] for y in units if y != lang}
            longer, shorter = all(r > LENGTH_FACTOR for r in rel.values()), all(
                r < 1 / LENGTH_FACTOR for r in rel.values())  # fmt: skip
            if not (longer or shorter):
                continue
            other = min(rel, key=lambda y: abs(rel[y] - 1))
            params = {"odd": lang, "ratio": f"{rel[other]:.2f}", "other": other,
                      "chars": size[lang], "other_chars": size[other]}  # fmt: skip
            langs = _ordered([lang], list(units))
            odd = [lang] if len(units) > 2 else langs  # of two books, either may be at fault
            yield _finding(a, "length", "info", group, langs, "length", params, odd)
            break


def check_empty(a: Alignment) -> Iterator[Finding]:
    """Units with no text in some books of an edition where the others have text.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> [f.message for f in check_empty(align_books(get_library(), ["fi", "et"]))][0]
    '16.B.1 has no text in fi; text in et'
    """
    for group in a.groups:
        units = {x: group.unit(x) for x in a.peers}
        units = {x: u for x, u in units.items() if u is not None}
        full = [x for x, u in units.items() if u.text.strip()]
        empty = [x for x, u in units.items() if not u.text.strip()]
        if full and empty and not _moved_down(a, group, full, empty):
            params = {"id": group.id, "odd": _names(empty), "others": _names(full)}
            langs = _ordered(empty, full)
            yield _finding(a, "empty", "warning", group, langs, "empty", params, empty)


def _moved_down(a: Alignment, group: Group, full: list[str], empty: list[str]) -> bool:
    """Whether the books with text print it where the others print their first child's: the
    child is empty in exactly those books (one issue, reported on the child)."""
    child = next((g for g in a.groups if lineage(g.id)[1:2] == [group.id]), None)
    if child is None or "." not in group.id:
        return False
    units = {x: child.unit(x) for x in full + empty}
    return (
        all(u is not None for u in units.values())
        and [x for x, u in units.items() if u is not None and not u.text.strip()] == full
    )


def english_words(text: str) -> Counter[str]:
    """The English function words of a text (see ENGLISH).

    >>> english_words("The Laws of Duplicate Bridge on the table")
    Counter({'the': 2, 'of': 1})
    """
    return Counter(w.lower() for w in _WORD.findall(text) if w.lower() in ENGLISH)


def check_untranslated(a: Alignment) -> Iterator[Finding]:
    """English left in a unit of the laws (ENGLISH_MIN function words that are ENGLISH_SHARE
    of its words; a book's front matter and introduction may keep the WBF's English on
    purpose), and texts identical in two books of an edition.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> list(check_untranslated(align_books(get_library(), ["fi", "et"])))
    []
    """
    for lang in a.peers:
        book = a.book(lang)
        for unit in book.units:
            if unit.kind not in LAW_LEVELS:
                continue
            found = english_words(unit.text)
            count, words = sum(found.values()), len(_WORD.findall(unit.text))
            if count >= ENGLISH_MIN and count >= ENGLISH_SHARE * words:
                top = ", ".join(f"{w} {n}" for w, n in found.most_common(5))
                params = {"odd": lang, "count": count, "words": words, "top": top}
                group = a.group(unit.id)
                if group is not None:
                    yield _finding(a, "untranslated", "warning", group, (lang,),
                                   "untranslated.english", params, [lang])  # fmt: skip
    for group in a.groups:
        texts = {x: " ".join(u.text.split()) for x, u in _texts(a, group).items()}
        same: dict[str, list[str]] = defaultdict(list)
        for lang, text in texts.items():
            if sum(map(len, _WORD.findall(text))) >= IDENTICAL_MIN:
                same[text].append(lang)
        for langs in same.values():
            if len(langs) > 1:
                params = {"odd": _names(langs)}
                yield _finding(a, "untranslated", "warning", group, tuple(langs),
                               "untranslated.same", params, langs)  # fmt: skip


def check_symbols(a: Alignment) -> Iterator[Finding]:
    """Suit symbols (♠♥♦♣) a book has lost: empty brackets after words where the others
    print the symbols.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> [(f.id, f.where[0].place) for f in check_symbols(align_books(get_library(), ["fi", "tr"]))]
    [('1.A', 'corpus/tr/tr.txt:283:119'), ('def.renk', 'corpus/tr/tr.txt:191:101')]
    """
    for group in text_groups(a):
        units = _texts(a, group)
        printing = [x for x, u in units.items() if any(s in u.text for s in SUITS)]
        for lang, unit in units.items():
            lost = _EMPTY_BRACKETS.findall(unit.text)
            if not printing or lang in printing or not lost:
                continue
            symbols = "".join(s for s in SUITS if s in units[printing[0]].text)
            params = {"odd": lang, "words": ", ".join(lost), "others": _names(printing),
                      "symbols": symbols}  # fmt: skip
            langs = _ordered([lang], printing)
            yield _text_finding(a, "symbols", "error", group, langs, "symbols", params, [lang],
                                {lang: lost[0]})  # fmt: skip


def unbalanced(text: str) -> int | None:
    """Where a text's brackets ( ) [ ] stop balancing: the offset of the first bracket left
    open or closed without an opening one (None: balanced).

    >>> unbalanced("(bkz. Yasa 20F1. Bunun"), unbalanced("a (b [c] d)"), unbalanced("x) y")
    (0, None, None)
    >>> unbalanced("lõikes a) ja b) kirjeldatust"), unbalanced("y (x")
    (None, 2)
    """
    stack: list[tuple[str, int]] = []
    for n, char in enumerate(text):
        if char == ")" and not stack and _MARKER.match(text[max(0, n - 4) : n + 1]):
            continue  # a list marker or an item cited as printed ("a) ja b)"), none open
        if char in BRACKETS:
            stack.append((char, n))
        elif char in BRACKETS.values():
            if not stack or BRACKETS[stack[-1][0]] != char:
                return n
            stack.pop()
    return stack[0][1] if stack else None


def check_brackets(a: Alignment) -> Iterator[Finding]:
    """Brackets a book leaves unbalanced in a text the others balance (an item's own label,
    "a)", is no bracket).

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> [(f.id, f.odd) for f in check_brackets(a)][:2]
    [('15.B.3', ('fi',)), ('45.C.4.b', ('tr',))]
    """
    for group in text_groups(a):
        units = _texts(a, group)
        at = {x: unbalanced(plain(u)) for x, u in units.items()}
        balanced = [x for x, n in at.items() if n is None]
        for lang, start in at.items():
            if start is None or not balanced:
                continue
            words = plain(units[lang])[start : start + 30]
            params = {"odd": lang, "mark": words[0], "words": words}
            langs = _ordered([lang], balanced)
            yield _text_finding(a, "brackets", "warning", group, langs, "brackets", params,
                                [lang], {lang: words})  # fmt: skip


def check_doubled(a: Alignment) -> Iterator[Finding]:
    """A word printed twice in a row ("jokainen jokainen") where no other book doubles it.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> [(f.id, f.message) for f in check_doubled(align_books(get_library(), ["fi", "et"]))]
    [('40.B.1.c', 'fi: a doubled word: jokainen jokainen')]
    """
    for group in text_groups(a):
        units = _texts(a, group)
        for lang, unit in units.items():
            for match in _DOUBLED.finditer(plain(unit)):
                if match[1].lower() in load_reduplicated(lang) or any(
                    _DOUBLED.search(plain(u)) for x, u in units.items() if x != lang
                ):
                    continue
                params = {"odd": lang, "words": match[0]}
                langs = _ordered([lang], list(units))
                yield _text_finding(a, "doubled", "warning", group, langs, "doubled", params,
                                    [lang], {lang: match[0]})  # fmt: skip


def check_punctuation(a: Alignment) -> Iterator[Finding]:
    """A text of the laws ending without a full stop where the others (two at least) end with
    one and the text is a sentence (thirty letters or more).

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> all(f.odd[0] in ("fi", "tr", "et") for f in check_punctuation(a))
    True
    """
    for group in a.groups:
        units = {x: u for x, u in _texts(a, group).items() if u.kind != "table"}
        ends = {x: plain(u).rstrip()[-1:] for x, u in units.items()}
        for lang, end in ends.items():
            others = [x for x in ends if x != lang]
            if len(others) < 2 or any(ends[x] != "." for x in others):
                continue
            text = plain(units[lang])
            if end == "." or not end.isalnum() or sum(map(len, _WORD.findall(text))) < 30:
                continue
            params = {"odd": lang, "mark": ".", "others": _names(others)}
            langs = _ordered([lang], others)
            yield _text_finding(a, "punctuation", "info", group, langs, "punctuation", params,
                                [lang], {lang: text[-20:]})  # fmt: skip


def check_consistency(a: Alignment) -> Iterator[Finding]:
    """The same text translated two ways: two units whose texts (forty characters or more)
    are identical in every other book (two at least) while one book words them differently;
    the second unit is reported, with the first.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> [(f.id, f.odd, f.params["other_id"]) for f in check_consistency(a)]
    [('32.A.2.b', ('tr',), '31.A.2.b')]
    """
    for lang in a.peers:
        others = [x for x in a.peers if x != lang]
        if len(others) < 2:
            return  # one other book is no evidence that the source text is the same
        seen: dict[tuple[str, ...], Group] = {}
        for group in a.groups:
            units = _texts(a, group)
            if len(units) < len(a.peers) or min(len(plain(u)) for u in units.values()) < 40:
                continue
            key = tuple(" ".join(plain(units[x]).split()) for x in others)
            first = seen.setdefault(key, group)
            if first is group:
                continue
            before = " ".join(plain(_texts(a, first)[lang]).split())
            if " ".join(plain(units[lang]).split()) != before:
                params = {"odd": lang, "source_lang": _names(others), "id": group.id,
                          "other_id": first.id}  # fmt: skip
                langs = _ordered([lang], others)
                yield _finding(a, "consistency", "info", group, langs, "consistency", params,
                               [lang])  # fmt: skip


def variant_pairs(
    book: Book, units: list[Unit]
) -> dict[tuple[str, str, str], tuple[list[str], list[str]]]:
    """Look-alike words a book uses before the same word: two forms of seven letters or more
    with the same first three and last four letters, neither an inflection of the other
    (`tehniliku tulemuse` and `tehisliku tulemuse`), each in two units at least; per pair
    and following word, the units of each form.

    >>> from kb.crosslang.library import get_library
    >>> book = get_library().book("et")
    >>> pairs = variant_pairs(book, [u for u in book.units if u.kind in LAW_LEVELS])
    >>> [(k, len(v[0]), len(v[1])) for k, v in pairs.items() if k[2] == "tulemuse"]
    [(('tehniliku', 'tehisliku', 'tulemuse'), 4, 3)]
    """
    slots: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for unit in units:
        words = [w.lower() for w in _WORD.findall(unit.text)]
        for word, after in pairwise(words):
            if len(word) >= 7 and unit.id not in slots[after][word]:
                slots[after][word].append(unit.id)
    found = {}
    for after, forms in slots.items():
        common = sorted(
            (w for w, ids in forms.items() if len(ids) >= 2), key=lambda w: -len(forms[w])
        )
        for n, first in enumerate(common):
            for second in common[n + 1 :]:
                if (first[:3], first[-4:]) != (second[:3], second[-4:]):
                    continue
                if first.startswith(second[:-4]) or second.startswith(first[:-4]):
                    continue  # one is an inflection of the other
                found[first, second, after] = (forms[first], forms[second])
    return found


def check_terms(a: Alignment) -> Iterator[Finding]:
    """One concept translated two ways within a book: look-alike words in the same place
    (`variant_pairs`) whose units another book translates with one and the same word (the
    pivot, in every unit of both sets), with the units of each form as the concordance. The
    finding stands at the first unit of the form the book's definitions do not use (else of
    the rarer form).

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> [f.message[:60] for f in check_terms(align_books(get_library(), ["fi", "tr", "et"]))][-1]
    'et renders one term two ways: tehisliku tulemuse (12.A.2, 15'

    """
    for lang in a.peers:
        book = a.book(lang)
        units = [u for u in book.units if u.kind in LAW_LEVELS and a.group(u.id)]
        defined = " ".join(u.text.lower() for u in book.definitions)
        for (first, second, after), (ids1, ids2) in variant_pairs(book, units).items():
            if second[:-1] in defined and first[:-1] not in defined:
                (first, ids1), (second, ids2) = (second, ids2), (first, ids1)
            pivot = _pivot(a, lang, ids1 + ids2)
            if pivot is None:
                continue
            other, word = pivot
            params = {"odd": lang, "first": f"{first} {after}", "first_units": ", ".join(ids1),
                      "second": f"{second} {after}", "second_units": ", ".join(ids2),
                      "others": other, "pivot": word}  # fmt: skip
            group = a.by_id[ids2[0]]
            where = (a.side(lang, ids2[0], second), a.side(lang, ids1[0], first),
                     a.side(other, ids2[0], ""))  # fmt: skip
            yield Finding("terms", "warning", group.id, (lang, other), render("terms", **params),
                          where, group.law, "terms", params, (lang,))  # fmt: skip


def _pivot(a: Alignment, lang: str, ids: list[str]) -> tuple[str, str] | None:
    """Another book and a word (of five letters or more) it prints in all its units of `ids`."""
    for other in a.peers:
        if other == lang:
            continue
        texts = [a.book(other).by_id[i].text.lower() for i in ids if i in a.book(other).by_id]
        if len(texts) < len(ids):
            continue
        shared = set.intersection(*(set(_WORD.findall(t)) for t in texts))
        words = sorted((w for w in shared if len(w) >= 5), key=lambda w: (-len(w), w))
        if words:
            return other, words[0]
    return None


def moved(uid: str) -> tuple[str, tuple[str, ...]] | None:
    """Where the map moves a 2007 unit: the map entry that decides it (the unit's or its
    nearest listed ancestor's) and its 2017 ids, when they are not the entry's own id.

    >>> moved("16.C.2.a"), moved("12.C.1"), moved("13.E")
    (('16.C.2', ('16.D.2',)), None, ('13.E', ()))
    """
    entries = editions.default_map().entries
    key = next((k for k in lineage(uid) if k in entries), None)
    if key is None or entries[key] == (key,):
        return None
    return key, entries[key]


def _drift_sides(a: Alignment, uid: str) -> tuple[Where, ...]:
    """The 2017 side of a drift finding: the unit the map gives (or where it would be) in the
    first chosen 2017 law book."""
    newer = editions.default_map().editions[1]
    modern = [x for x in a.peers + a.others if a.book(x).edition == newer]
    if not modern:
        return ()
    targets = editions.to_newer(uid) or (law_of(uid) or uid,)
    return (a.where(modern[0], targets[0]),)


def check_drift(a: Alignment) -> Iterator[Finding]:
    """2007 units whose 2017 counterpart has another id or none (every unit of a 2007 law
    book the map moves), and the 2007 units a 2007 card cites or refers to that moved.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> [f.message for f in check_drift(align_books(get_library(), ["sv"]))][:1]
    ['topic.62 cites 2007 16.D, which is 16.C in 2017']
    """
    older, newer = editions.default_map().editions
    for lang in a.langs:
        book = a.book(lang)
        if book.edition != older:
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
                found = moved(uid)
                if found is None:
                    continue
                key, targets = found
                code = "drift.card" if book.kind == "card" else "drift.book"
                code += ".gone" if not targets else ".part" if key != uid else ""
                params = {"id": unit.id, "uid": uid, "targets": ", ".join(targets), "key": key,
                          "older": older, "newer": newer}  # fmt: skip
                message = render(code, **params)
                where = (Where(lang, unit.id, book.meta["source"], line), *_drift_sides(a, uid))
                langs = tuple(dict.fromkeys(w.lang for w in where))
                severity = "warning" if not targets else "info"
                law = law_of(uid)
                yield Finding("drift", severity, unit.id, langs, message, where, law, code, params)


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

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> [(f.id, f.where[0].source) for f in check_source(align_books(get_library(), ["fi"]))]
    [('27.B.1.b', 'corpus/fi/fi.txt:1043'), ('45.C.4.b', 'corpus/fi/fi.txt:1421'), \
('options', 'corpus/fi/fi.txt:2532')]
    """
    for lang in a.langs:
        book = a.book(lang)
        notes = store.load_payload(book.id, kb=a.library.build_dir).get("notes", [])
        problems = [("warning", p) for p in book.unresolved] + [("info", p) for p in notes]
        for severity, problem in problems:
            m = _PROBLEM.match(problem)
            if m is None:
                continue
            line = int(m["line"])
            unit = _unit_at(book, line, m["message"])
            law = law_of(unit.id) if unit.kind in LAW_LEVELS else None
            where = (Where(lang, unit.id, m["file"], line),)
            code, params = source_code(m["message"])
            yield Finding("source", severity, unit.id, (lang,), m["message"], where, law, code,
                          params)  # fmt: skip


CHECK_FUNCTIONS: dict[str, Callable[[Alignment], Iterable[Finding]]] = {
    "missing": check_missing,
    "extra": check_extra,
    "numbers": check_numbers,
    "refs": check_refs,
    "edition": check_edition,
    "clauses": check_clauses,
    "length": check_length,
    "empty": check_empty,
    "untranslated": check_untranslated,
    "terms": check_terms,
    "symbols": check_symbols,
    "brackets": check_brackets,
    "doubled": check_doubled,
    "punctuation": check_punctuation,
    "consistency": check_consistency,
    "drift": check_drift,
    "source": check_source,
}
