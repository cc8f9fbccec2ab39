"""Terms within one book (`terms`): one concept rendered in two look-alike forms, and a
defined term used in another sense where the other books use another term (et's word for
penalty, "karistus-", for the rectification the other books name).

>>> from kb.crosslang.library import get_library
>>> from kb.qa.groups import align_books
>>> a = align_books(get_library(), ["fi", "tr", "et"])
>>> [(f.id, f.params["words"]) for f in check_terms(a) if f.code == "terms.sense"][0]
('29.A', 'karistusõigusest')
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from itertools import pairwise

import regex

from kb.core.ids import LAW_LEVELS
from kb.core.model import Unit
from kb.crosslang.library import Book
from kb.layers import glossary
from kb.profiles import load_qa_words, load_words
from kb.qa.checks.base import WORD, Check, names, ordered, plain, text_finding, texts_of
from kb.qa.checks.grammar import Analyse, analyser
from kb.qa.checks.spelling import dictionary
from kb.qa.groups import Alignment
from kb.qa.model import Finding, render

Form = tuple[str, list[str]]  # a form of a term and the units printing it


@dataclass(frozen=True)
class Pair:
    """A term's two forms in one book: the `usual` one and the `other`, each with the units
    printing it; the word `after` both, where the forms are a name's modifiers; the unit `at`
    which the finding stands (else the other form's first); whether the usual form is the
    `fix`."""

    usual: Form
    other: Form
    after: str = ""
    at: str = ""
    fix: bool = True


# Concepts one book may name with another's term: (the concept meant, the concept whose term
# the book uses, concepts whose words are not that term although they begin with it).
SENSES = (("rectification", "penalty", ("penalty-card",)),)


def stems(book: Book, concept: str) -> tuple[str, ...]:
    """The stems of a book's defined terms for a concept: each term's first word, lower-cased,
    less its last two letters (four letters at least).

    >>> from kb.crosslang.library import get_library
    >>> stems(get_library().book("et"), "penalty"), stems(get_library().book("tr"), "penalty")
    (('karist',), ('ceza', 'disipl', 'yöntems'))
    """
    found = []
    for uid in glossary.definitions_of(concept).get(book.key, []):
        unit = book.by_id.get(uid)
        if unit is not None:
            word = load_words(book.key).lower((unit.term or unit.title).split()[0])
            found.append(word[: max(4, len(word) - 2)])
    return tuple(found)


def term_words(book: Book, concept: str, text: str, besides: tuple[str, ...] = ()) -> list[str]:
    """The words of a text that are forms of a book's term for a concept (not of the terms of
    `besides`).

    >>> from kb.crosslang.library import get_library
    >>> term_words(get_library().book("et"), "penalty", "loobudes karistusõigusest ja trahvist")
    ['karistusõigusest']
    """
    lower = load_words(book.key).lower
    own = stems(book, concept)
    other = tuple(s for c in besides for s in stems(book, c))
    return [
        w for w in WORD.findall(text)
        if lower(w).startswith(own) and not (other and lower(w).startswith(other))
    ] if own else []  # fmt: skip


def _term(book: Book, concept: str) -> str:
    """A book's defined term for a concept, as its definition prints it, in lower case where
    it prints the headword in capitals (et "PARANDUSTOIMING": a text says "parandustoiming").

    >>> from kb.crosslang.library import get_library
    >>> _term(get_library().book("et"), "rectification")
    'parandustoiming'
    """
    lower = load_words(book.key).lower
    ids = [i for i in glossary.definitions_of(concept).get(book.key, []) if i in book.by_id]
    terms = [book.by_id[i].term or book.by_id[i].title for i in ids]
    return ", ".join(lower(t) if t.isupper() else t for t in terms)


def _senses(a: Alignment) -> Iterator[Finding]:
    """A book naming a concept with its term for another (`SENSES`) where every other book
    (two at least) uses its own term for the concept and none the other term."""
    for group in a.groups:
        units = texts_of(a, group)
        if len(units) < 3:
            continue
        texts = {x: plain(u) for x, u in units.items()}
        for meant, used, besides in SENSES:
            said = {x: term_words(a.book(x), meant, t) for x, t in texts.items()}
            wrong = {x: term_words(a.book(x), used, t, besides) for x, t in texts.items()}
            for lang in units:
                others = [x for x in units if x != lang]
                if said[lang] or not wrong[lang] or any(not said[x] or wrong[x] for x in others):
                    continue
                sides = {lang: wrong[lang][0]} | {x: said[x][0] for x in others}
                params = {"odd": lang, "words": wrong[lang][0], "concept": meant, "used": used,
                          "others": names(others),
                          "theirs": ", ".join(said[x][0] for x in others)}  # fmt: skip
                finding = text_finding(a, "terms", "warning", group, ordered([lang], others),
                                       "terms.sense", params, [lang], sides)  # fmt: skip
                fix = {"code": "fix.write", "form": _term(a.book(lang), meant)}
                yield replace(finding, fix=fix)


def variant_pairs(
    book: Book, units: list[Unit]
) -> dict[tuple[str, str, str], tuple[list[str], list[str]]]:
    """Look-alike words a book uses before the same word: two forms of seven letters or more
    with the same first three and last four letters, neither an inflection of the other
    (`tehniliku tulemuse` and `tehisliku tulemuse`), or one letter apart within their
    endings (`_one_letter`: `eksinud pool` and `eksitud pool`), each in two units at least;
    per pair and following word, the units of each form.

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

    analyse = analyser(load_qa_words(book.key).get("grammar", {}).get("analyser", ""))

    def alike(first: str, second: str) -> bool:  # and neither an inflection of the other
        return (
            (first[:3], first[-4:]) == (second[:3], second[-4:])
            and not (first.startswith(second[:-4]) or second.startswith(first[:-4]))
        ) or _one_letter(first, second, analyse)

    return {(first, second, after): (ids1, ids2)
            for after, (first, ids1), (second, ids2) in _two_forms(slots, alike)}  # fmt: skip


def _one_letter(first: str, second: str, analyse: Analyse | None) -> bool:
    """Whether two words of seven letters or more differ by one letter, not among their first
    three nor their last two (a case ending), and the book's analyser reads each as a noun or
    an adjective (a term, not a verb: et "rakendada" and "rakenduda", to apply and to
    apply itself, are two verbs). Without an analyser, no two words are. Measured over the
    books: 3 pairs before one word with a pivot, 2 once the verbs are left out, both wanted
    (et "eksinud pool" and "eksitud pool", the offending side and the misled one).

    >>> et = analyser("vabamorf")
    >>> _one_letter("eksinud", "eksitud", et), _one_letter("rakendada", "rakenduda", et)
    (True, False)
    """
    differ = [i for i, (x, y) in enumerate(zip(first, second, strict=False)) if x != y]
    return (
        analyse is not None
        and len(first) == len(second) >= 7
        and len(differ) == 1
        and 3 <= differ[0] <= len(first) - 3
        and all(any(r.cls in ("noun", "adj") for r in analyse(w)) for w in (first, second))
    )


def _two_forms(
    slots: dict[str, dict[str, list[str]]], keep: Callable[[str, str], bool]
) -> Iterator[tuple[str, Form, Form]]:
    """Per slot, each two of its forms printed in two units at least that `keep` takes, the
    commoner first, each with its units."""
    for key, forms in slots.items():
        common = sorted(
            (w for w, ids in forms.items() if len(ids) >= 2), key=lambda w: -len(forms[w])
        )
        for n, first in enumerate(common):
            for second in common[n + 1 :]:
                if keep(first, second):
                    yield key, (first, forms[first]), (second, forms[second])


# Two capitalised words, a name's modifier and its head (tr "Yetkili Federasyon").
_NAME = regex.compile(r"(?<![\p{L}\p{N}])(\p{Lu}\p{Ll}{3,}) (\p{Lu}\p{Ll}{3,})")
SHARED = 0.9  # share of a name's units where each other book prints the pivot's stem
RARE_STEM = 0.15  # share of that book's units the pivot's stem may be printed in at most


def name_pairs(
    book: Book, units: list[Unit]
) -> dict[tuple[str, str, str], tuple[list[str], list[str]]]:
    """Names a book prints with one head and two modifiers, capitalised as its names are
    (the Turkish book's bodies: "Yetkili Federasyon", "Yönetici Federasyon"), each in two
    units at least; per pair, the commoner first, the head as most often printed, and the
    units of each.

    >>> from kb.crosslang.library import get_library
    >>> book = get_library().book("tr")
    >>> pairs = name_pairs(book, [u for u in book.units if u.kind in LAW_LEVELS])
    >>> [(k, len(v[0]), len(v[1])) for k, v in pairs.items() if k[2] == "Federasyon"]
    [(('Yetkili', 'Yönetici', 'Federasyon'), 25, 5)]
    """
    slots: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    heads: dict[str, Counter[str]] = defaultdict(Counter)
    for unit in units:
        for m in _NAME.finditer(unit.text):
            modifier, head = m.groups()
            heads[head[:5]][head] += 1
            if unit.id not in slots[head[:5]][modifier]:
                slots[head[:5]][modifier].append(unit.id)
    pairs = _two_forms(slots, lambda first, second: first[:4] != second[:4])
    return {(first, second, heads[key].most_common(1)[0][0]): (ids1, ids2)
            for key, (first, ids1), (second, ids2) in pairs}  # fmt: skip


Stems = tuple[dict[str, set[str]], Counter[str]]  # per law unit its stems; per stem its units


def _stem_pivot(a: Alignment, lang: str, ids: list[str], more: list[str],
                stems: dict[str, Stems]) -> tuple[str, str] | None:  # fmt: skip
    """Another book and a word's first five letters it prints in nine in ten of each of two
    sets of units, where every other book prints such a stem too, and which each prints in
    few of its units (a pivot for names, whose words inflect: et "pädev institutsioon").
    `stems` holds each book's `_stems` once worked out."""
    found = None
    for other in a.peers:
        if other == lang:
            continue
        if other not in stems:
            stems[other] = _stems(a, other)
        units, counts = stems[other]
        share = [Counter(s for i in part if i in units for s in units[i]) for part in (ids, more)]
        shared = sorted(s for s in share[0] if share[0][s] >= SHARED * len(ids)
                        and share[1][s] >= SHARED * len(more)
                        and counts[s] <= RARE_STEM * len(units))  # fmt: skip
        if not shared:
            return None
        found = found or (other, f"{shared[0]}…")
    return found


def _stems(a: Alignment, lang: str) -> Stems:
    """Per law unit of a book, the first five letters of its words of five letters or more;
    and in how many units each is printed."""
    lower = load_words(lang).lower
    units = {u.id: {lower(w)[:5] for w in WORD.findall(u.text) if len(w) >= 5}
             for u in a.book(lang).units if u.kind in LAW_LEVELS and a.group(u.id)}  # fmt: skip
    return units, Counter(s for found in units.values() for s in found)


def _variants(a: Alignment) -> Iterator[Finding]:
    """One concept translated two ways within a book: look-alike words in the same place
    (`variant_pairs`) whose units another book translates with one and the same word (the
    pivot, in every unit of both sets), with every unit printing each word as the
    concordance (et "mitteeksitud" before "pool" in any case or another word) and the form
    the dictionary knows as the usual one (no fix where it knows neither: et "mitteenkinud"
    and "mitteksinud", both misspelt), and names
    with one head and two modifiers (`name_pairs`) whose units every other book names with
    one stem (`_stem_pivot`), with the units of each name. The finding stands at the first
    unit of the form the book's definitions do not use (else of the rarer form) before the
    word the two share.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> found = [f.message[:60] for f in _variants(align_books(get_library(), ["fi", "tr", "et"]))]
    >>> found[-1]
    'et renders one term two ways: tehisliku (12.A.2, 15.B.3, 86.'
    >>> [m[:53] for m in found if "Federasyon" in m]
    ['tr renders one term two ways: Yetkili Federasyon (1.B']
    """
    stems: dict[str, Stems] = {}
    for lang in a.peers:
        book = a.book(lang)
        units = [u for u in book.units if u.kind in LAW_LEVELS and a.group(u.id)]
        defined = " ".join(u.text.lower() for u in book.definitions)
        printing = _printing(units, load_words(lang).lower)
        d = dictionary(lang)
        for (first, second, _), (ids1, ids2) in variant_pairs(book, units).items():
            known = {w for w in (first, second) if d is None or d.check(w)}
            if (second[:-1] in defined and first[:-1] not in defined) or known == {second}:
                (first, ids1), (second, ids2) = (second, ids2), (first, ids1)
            pivot = _pivot(a, lang, ids1 + ids2)
            if pivot is not None:  # (the concordance: every unit printing each form)
                usual, other = (first, printing[first]), (second, printing[second])
                yield _concordance(a, lang, Pair(usual, other, "", ids2[0], bool(known)), pivot)
        for (first, second, head), (ids1, ids2) in name_pairs(book, units).items():
            pivot = _stem_pivot(a, lang, ids1, ids2, stems)
            if pivot is not None:
                yield _concordance(a, lang, Pair((first, ids1), (second, ids2), head), pivot)


def _printing(units: list[Unit], lower: Callable[[str], str]) -> dict[str, list[str]]:
    """Per word (lower-cased), the units printing it, in the book's order."""
    found: dict[str, list[str]] = defaultdict(list)
    for unit in units:
        for word in dict.fromkeys(lower(w) for w in WORD.findall(unit.text)):
            found[word].append(unit.id)
    return found


def _concordance(a: Alignment, lang: str, pair: Pair, pivot: tuple[str, str]) -> Finding:
    """A terms finding for a `pair` of forms in book `lang`: each form with its units, the
    pivot book's word; the fix, where the pair has one, is the usual form."""
    (first, ids1), (second, ids2), (book, word) = pair.usual, pair.other, pivot
    first, second = f"{first} {pair.after}".strip(), f"{second} {pair.after}".strip()
    at = pair.at or ids2[0]
    params = {"odd": lang, "first": first, "first_units": ", ".join(ids1),
              "second": second, "second_units": ", ".join(ids2),
              "others": book, "pivot": word}  # fmt: skip
    group = a.by_id[at]
    where = (a.side(lang, at, second), a.side(lang, ids1[0], first),
             a.side(book, at, ""))  # fmt: skip
    mend = {"code": "fix.term", "form": first, "count": len(ids1) + len(ids2)} if pair.fix else {}
    return Finding("terms", "warning", group.id, (lang, book), render("terms", **params),
                   where, group.law, "terms", params, (lang,), mend)  # fmt: skip


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


def check_terms(a: Alignment) -> Iterator[Finding]:
    """One concept in two look-alike forms within a book (`_variants`), then a term used in
    another sense (`_senses`)."""
    yield from _variants(a)
    yield from _senses(a)


CHECKS = (Check("terms", "terms", check_terms),)
