"""A heading its book's own contents list prints another way (`headings.contents`): the
contents list repeats each law's title (and, in some books, each section's), so where the
two differ by a letter or two, one of them is a slip (et 1.B "Kaartide esikülj" beside the
contents' "Kaartide esikülg"; fi 60 "LAITTOMAN" in the heading, "LAITTOAMAN" in the list).

A heading's entry in the contents list is its law's number (for a section, its letter
between its law's entry and the next law's) followed by the run of as many words nearest in
spelling to the heading; one to three edits (a quarter of the heading's letters at most) is
a mismatch. The book's spelling dictionary tells the misspelt side where it knows the words
of one side only; where it knows both (et "kõik" and "käik"), the reviewer reads them.

>>> from kb.crosslang.library import get_library
>>> found = {m.unit: m for m in mismatches(get_library().book("et"))}
>>> found["1.B"].words, found["1.B"].form
('Kaartide esikülj', 'Kaartide esikülg')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rapidfuzz.distance import OSA

from kb.core.ids import LAW_LEVELS
from kb.crosslang.library import Book
from kb.profiles import load_words
from kb.qa.checks.base import WORD

# A contents list's words and numbers (a law's number and a section's letter anchor its entries).
TOKEN = re.compile(r"[^\W_]+")

EDITS = 3  # the most edits between a heading and its entry (a quarter of its letters at most)


@dataclass(frozen=True)
class Mismatch:
    """A heading and its entry in the book's contents list, printed differently."""

    unit: str
    words: str  # the heading's words as printed
    form: str  # its entry's words as printed
    wrong: str  # the side the dictionary rejects: "heading", "contents", or "" (neither, both)
    contents: str  # the contents list's unit
    misspelt: tuple[str, ...] = ()  # the heading's words the dictionary rejects (lower-cased)


def mismatches(book: Book, d: Any | None = None) -> list[Mismatch]:
    """The headings of a book its contents list prints another way, in the book's order;
    none where the book has no contents list. `d`, the book's spelling dictionary (an
    `enchant.Dict`), tells the misspelt side."""
    toc = next((u for u in book.units if u.kind == "toc"), None)
    if toc is None:
        return []
    lower = load_words(book.key).lower
    printed = TOKEN.findall(toc.text)
    tokens = [lower(t) for t in printed]
    headed = [(u, WORD.findall(u.title)) for u in book.units
              if u.kind in LAW_LEVELS and WORD.search(u.title)]  # fmt: skip
    entry_of: dict[str, int] = {}  # where a law's entry stands (its number's token)
    for unit, words in headed:
        if unit.kind == "law":
            most = len(" ".join(words)) // 2  # (to place it; it is judged as a heading below)
            at = _entry(unit.id, [lower(w) for w in words], tokens, (0, len(tokens)), most)
            if at is not None:
                entry_of[unit.id] = at
    laws = [u.id for u, _ in headed if u.kind == "law"]
    place = {law: n for n, law in enumerate(laws)}
    found = []
    for unit, words in headed:
        law = unit.id.split(".")[0]
        if unit.kind == "law":
            at = entry_of.get(law)
        elif law in place:  # a section's entry: after its law's (or the one before) and
            n = place[law]  # before the next law's the list places
            begin = max((entry_of[x] for x in laws[: n + 1] if x in entry_of), default=0)
            end = min((entry_of[x] for x in laws[n + 1 :] if x in entry_of), default=len(tokens))
            label = lower(unit.label.strip(" .)"))
            at = _entry(label, [lower(w) for w in words], tokens, (begin, end), EDITS)
        else:
            continue
        if at is None:
            continue
        entry = printed[at + 1 : at + 1 + len(words)]
        heading = " ".join(words)
        edits = OSA.distance(lower(heading), lower(" ".join(entry)))
        if 0 < edits <= min(EDITS, len(heading) // 4):
            low, low_entry = [lower(w) for w in words], [lower(w) for w in entry]
            wrong = _wrong(low, low_entry, d)
            misspelt = tuple(h for h, e in zip(low, low_entry, strict=True)
                             if wrong == "heading" and h != e and not d.check(h))  # fmt: skip
            found.append(Mismatch(unit.id, heading, " ".join(entry), wrong, toc.id, misspelt))
    return found


def _entry(anchor: str, words: list[str], tokens: list[str], span: tuple[int, int],
           most: int) -> int | None:  # fmt: skip
    """Where in `tokens[span[0]:span[1]]` the entry for a heading stands: an `anchor` token
    (the law's number, the section's letter) followed by the run of as many tokens nearest
    in spelling to `words`, `most` edits away at most; None where there is none.

    >>> _entry("2", ["pakka"], ["1", "pakko", "2", "pakka", "3"], (0, 5), 2)
    2
    """
    heading = " ".join(words)
    best: tuple[int, int] | None = None
    for at in range(span[0], min(span[1], len(tokens) - len(words))):
        if tokens[at] != anchor:
            continue
        edits = OSA.distance(heading, " ".join(tokens[at + 1 : at + 1 + len(words)]))
        if edits <= most and (best is None or edits < best[1]):
            best = (at, edits)
    return best[0] if best else None


def _wrong(heading: list[str], entry: list[str], d: Any | None) -> str:
    """The side whose differing words (lower-cased) the dictionary does not know, where only
    one side's.

    >>> from kb.qa.checks.spelling import dictionary
    >>> _wrong(["puuttava", "kortti"], ["puuttuva", "kortti"], dictionary("fi"))
    'heading'
    """
    if d is None:
        return ""
    pairs = [(h, e) for h, e in zip(heading, entry, strict=True) if h != e]
    bad_heading = any(not d.check(h) for h, _ in pairs)
    bad_entry = any(not d.check(e) for _, e in pairs)
    return {(True, False): "heading", (False, True): "contents"}.get((bad_heading, bad_entry), "")
