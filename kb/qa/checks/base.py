"""What every check of the alignment report shares: the check interface (`Check`), the
groups the text checks compare (the law tree's and the definitions' joined on their glossary
concept), how a finding on a group is made and pointed at its words, and a unit's plain words
and sentences.

A check is a function of the aligned books (`kb.qa.groups.Alignment`) yielding findings
(`kb.qa.model.Finding`); a finding blames the languages that differ from the others (`odd`)
and points at their offending words.

>>> Check("doubled", "mechanics", lambda a: iter(())).name
'doubled'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from kb.core.ids import LAW_LEVELS
from kb.core.model import Unit
from kb.crosslang.library import Book
from kb.layers import glossary
from kb.profiles import load_words, page_references
from kb.qa.groups import Alignment, Group
from kb.qa.model import Finding, Where, render

WORD = re.compile(r"[^\W\d_]+")
Slip = tuple[str, str, str]  # a typography slip: kind, the words as printed, the words mended
TOKEN = re.compile(r"[^\W\d_]+|[^\w\s]")  # words and marks: a mark parts a pair of words
# A book's words (`vocabulary`): how often each is printed, the units
# printing it, and how it is printed first.
Vocabulary = tuple[Counter[str], dict[str, list[str]], dict[str, str]]


@dataclass(frozen=True)
class Check:
    """One check of the report: its name (the findings' `check`), its family (the module that
    owns it: structure, figures, references, meaning, terms, text, mechanics, spelling,
    housekeeping) and the function that runs it over aligned books."""

    name: str
    family: str
    run: Callable[[Alignment], Iterable[Finding]]

    def __call__(self, a: Alignment) -> Iterable[Finding]:
        return self.run(a)


@cache
def _page_references(lang: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A language's page references, and the same with the space before them."""
    bare = page_references(lang)
    return bare, re.compile(rf"\s?(?:{bare.pattern})")


def without_pages(text: str, lang: str) -> str:
    """A text of a language's book without its print page references (the space before them
    too: `kb.profiles.page_references`).

    >>> without_pages("Toinen lause (s. 38).", "fi"), without_pages("Yasa (s. 38).", "tr")
    ('Toinen lause.', 'Yasa (s. 38).')
    """
    bare, spaced = _page_references(lang)
    return spaced.sub("", text) if bare.search(text) else text  # (found first: half the time)


def names(langs: Iterable[str]) -> str:
    return ", ".join(langs)


def ordered(odd: list[str], langs: list[str]) -> tuple[str, ...]:
    """The languages a finding is about first, then the others, each in the chosen order."""
    return tuple(odd) + tuple(x for x in langs if x not in odd)


def group_finding(a: Alignment, check: str, severity: str, group: Group, langs: tuple[str, ...],
             code: str, params: dict[str, Any], odd: Iterable[str] = (),
             words: dict[str, str] | None = None,
             lines: dict[str, int] | None = None, fix: dict[str, Any] | None = None,
             ) -> Finding:  # fmt: skip
    """A finding on a group: its sentence from a message code and parameters, a side per
    language pointing at `words[lang]` (searched from `lines[lang]`) where given."""
    words, lines = words or {}, lines or {}
    where = tuple(a.side(x, group.id, words.get(x, ""), lines.get(x)) for x in langs)
    message = render(code, **params)
    return Finding(check, severity, group.id, langs, message, where, group.law, code, params,
                   tuple(odd), fix or {})  # fmt: skip


def present_in(a: Alignment, group: Group) -> tuple[list[str], bool]:
    """The peers that have a group's unit, and whether they are a minority of the peers (then
    the unit is extra in them rather than missing in the others)."""
    present = [x for x in a.peers if group.units[x]]
    return present, len(present) * 2 < len(a.peers)


def texts_of(a: Alignment, group: Group) -> dict[str, Unit]:
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


def text_finding(a: Alignment, check: str, severity: str, group: Group, langs: tuple[str, ...],
                  code: str, params: dict[str, Any], odd: Iterable[str],
                  words: dict[str, str] | None = None,
                  fix: dict[str, Any] | None = None,
                  lines: dict[str, int] | None = None) -> Finding:  # fmt: skip
    """`group_finding` for a law group (`lines`: where to search each side's words from) or a
    definition group (its sides are the definitions)."""
    if not group.id.startswith("def:"):
        return group_finding(a, check, severity, group, langs, code, params, odd, words, lines,
                             fix)  # fmt: skip
    words = words or {}
    where = tuple(_definition_side(a, group, x, words.get(x, "")) for x in langs)
    first = group.units[langs[0]][0].id
    return Finding(check, severity, first, langs, render(code, **params), where, None, code,
                   params, tuple(odd), fix or {})  # fmt: skip


@dataclass(frozen=True)
class Difference:
    """One book's reading where the other books agree on another (a modal force, a role):
    what it says, what they say, and each book's words (several separated by ", ")."""

    odd: str
    said: str
    theirs: str
    words: dict[str, str]


def reading_findings(a: Alignment, check: str, group: Group, langs: list[str],
                     found: Iterable[Difference], name: str) -> Iterator[Finding]:  # fmt: skip
    """One finding per book of a group at its first difference: the book's reading (`said`)
    against the others' (the parameter `name`), with each book's words; each side points at
    the first of its words; the fix is the others' reading."""
    seen: set[str] = set()
    for d in found:
        if d.odd in seen:
            continue
        seen.add(d.odd)
        others = [x for x in langs if x != d.odd]
        words = "; ".join(d.words[x] for x in (d.odd, *others))
        params = {"odd": d.odd, "said": d.said, "others": names(others), name: d.theirs,
                  "words": words}  # fmt: skip
        fix = {"code": "fix.reading", "others": names(others),
               "words": "; ".join(d.words[x] for x in others)}  # fmt: skip
        first = {x: w.split(", ")[0] for x, w in d.words.items()}
        yield text_finding(a, check, "warning", group, ordered([d.odd], others), check, params,
                           [d.odd], first, fix)  # fmt: skip


def printed_texts(book: Book) -> Iterator[tuple[Unit, str]]:
    """What a book prints in its laws, definitions and tables, each with its unit: a unit's
    title and text (a table's title, then each cell), then each of its footnotes once (a
    footnote two units cite, at the first); text a unit prints after its children (a child's
    `tail`) is the unit's, after the child's own.

    >>> from kb.crosslang.library import get_library
    >>> texts = [t for u, t in printed_texts(get_library().book("fi")) if u.id == "67.B.2.a"]
    >>> len(texts), texts[1][:23]
    (2, 'Kilpailunjohtajan tulis')
    >>> [(u.id, t[:29]) for u, t in printed_texts(get_library().book("tr")) if "Yasa22" in t]
    [('77', 'Dört oyuncu da pas geçerse (b')]
    """
    seen: set[tuple[int, int]] = set()
    for unit in book.units:
        if unit.kind == "table":  # its title, then cell by cell (a cell's words make no pair
            yield unit, unit.title  # with the next cell's)
            yield from ((unit, cell) for cell in re.split(r"[\t\n]", unit.text) if cell.strip())
        elif unit.kind in (*LAW_LEVELS, "definition"):
            yield unit, f"{unit.title} {unit.text}"
            for note in unit.footnotes:
                if note.lines not in seen:
                    seen.add(note.lines)
                    yield unit, note.text
        if unit.tail and unit.parent in book.by_id:
            yield book.by_id[unit.parent], unit.tail


def vocabulary(book: Book) -> Vocabulary:
    """A book's words as `printed_texts` reads them, lower-cased: how often each is printed,
    the units printing it, and how it is printed first (read once by the spelling check for
    its rules and the grammar's fixes).

    >>> from kb.crosslang.library import get_library
    >>> counts, units, printed = vocabulary(get_library().book("et"))
    >>> counts["viidendana"], units["viidendana"], printed["viidendana"]
    (3, ['45.E', '45.E.1', '45.E.2'], 'Viidendana')
    """
    lower = load_words(book.key).lower
    counts: Counter[str] = Counter()
    units: dict[str, list[str]] = {}
    printed: dict[str, str] = {}
    for unit, text in printed_texts(book):
        for word in WORD.findall(text):
            key = lower(word)
            counts[key] += 1
            printed.setdefault(key, word)
            if unit.id not in units.setdefault(key, []):
                units[key].append(unit.id)
    return counts, units, printed


def around(text: str, start: int, end: int) -> str:
    """The words a slip stands in: from the start of the word before it to the end of the
    word it ends in.

    >>> around("ja siis Kohtunik laseb", 7, 14)
    'siis Kohtunik'
    """
    left = text.rfind(" ", 0, max(0, start - 1)) + 1
    right = text.find(" ", end)
    return text[left : right if right >= 0 else len(text)].strip()


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


def pieces(title: str, text: str) -> list[str]:
    """The sentences of a text `printed_texts` gives, its unit's title apart (a title is
    no sentence's beginning, and its text's first word begins one).

    >>> pieces("Passi", "Passi Tarjous, joka ilmoittaa. Toinen lause.")
    ['Passi', 'Tarjous, joka ilmoittaa.', 'Toinen lause.']
    """
    if title and text.startswith(f"{title} "):
        return [title, *sentences(text[len(title) :])]
    return sentences(text)
