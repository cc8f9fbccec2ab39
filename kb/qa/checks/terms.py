"""Terms within one book: one concept rendered in two look-alike forms (`terms`)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from itertools import pairwise

from kb.core.ids import LAW_LEVELS
from kb.core.model import Unit
from kb.crosslang.library import Book
from kb.qa.checks.base import (
    WORD,
    Check,
)
from kb.qa.groups import Alignment
from kb.qa.model import Finding, render


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
        words = [w.lower() for w in WORD.findall(unit.text)]
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
        shared = set.intersection(*(set(WORD.findall(t)) for t in texts))
        words = sorted((w for w in shared if len(w) >= 5), key=lambda w: (-len(w), w))
        if words:
            return other, words[0]
    return None


CHECKS = (Check("terms", "terms", check_terms),)
