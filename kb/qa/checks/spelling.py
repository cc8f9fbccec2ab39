"""Spelling within one book (`spelling`): a word the book prints once or twice, that its
language's spelling dictionary does not know, and that is a letter or two from a word the
book prints more often (`kansakilpailijoita`... `kilpailunjohdajan` for the book's
`kilpailunjohtajan`, 85 times); the fix is the book's own form.

The dictionary is the one the profile names (`spelling.dictionary` of
`kb/profiles/qa/<lang>.toml`), opened through Enchant (pyenchant): Voikko for Finnish,
Hunspell for the others (Debian: libenchant-2-voikko voikko-fi hunspell-tr myspell-et
hunspell-sk hunspell-sv; hunspell-en-us for the English words a book quotes). Without it, a
book is read against itself only: a word printed
once, one edit from a word it prints three times or more. Either way a near form that is an
inflection of the word (one a prefix of the other, or the two differing in their last letter
only) is no misspelling, nor is a word of the book's defined terms; but a letter dropped
before the last or a letter doubled, against a form the book prints three times or more, is
a slip ("edebilr", "MAALAUUS"). A word printed in capitals (a heading) is read where a
dictionary reads the book, and its fix is in capitals.

>>> from kb.crosslang.library import get_library
>>> found = {m.word: m.form for m in misspellings(get_library().book("fi"))}
>>> found["kilpailunjohdajan"], found["rikoneen"]
('kilpailunjohtajan', 'rikkoneen')
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Collection, Iterator
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from rapidfuzz import process
from rapidfuzz.distance import OSA

from kb.crosslang.library import Book
from kb.profiles import load_qa_words, load_words
from kb.qa.checks.agreement import disagreements, word_pairs
from kb.qa.checks.base import WORD, Check, Vocabulary, pieces, printed_texts, vocabulary
from kb.qa.checks.compounds import compounds
from kb.qa.checks.grammar import analyser, slips
from kb.qa.groups import Alignment
from kb.qa.model import Finding, render

# Letters a printer or a keyboard swaps for a look-alike (a vowel and its umlaut, a Turkish
# dotless i or cedilla letter and its plain one).
LOOKALIKES = [set(p) for p in ("aä", "oö", "uü", "oõ", "õö", "iı", "sş", "cç", "gğ")]
RARE = 2  # a word printed at most this often may be a misspelling
COMMON = 3  # a near form printed this often is the book's usual form (without a dictionary)
SHORTEST = 5  # letters a word needs before its spelling is judged
VARIANTS = 10  # two spellings of a word, neither known, are a concordance up to this often


def dictionary(lang: str) -> Any | None:
    """The spelling dictionary of a language (an `enchant.Dict`), None where its profile
    names none or Enchant or the dictionary is not installed.

    >>> dictionary("fi").check("pelaaja"), dictionary("xx")
    (True, None)
    """
    tag = load_qa_words(lang).get("spelling", {}).get("dictionary")
    return _dictionary(tag) if tag else None


@cache
def _dictionary(tag: str) -> Any | None:
    """A dictionary by its tag, loaded once (each book of a language asks for it: sixty
    documents loaded it sixty times, 0.13 s each)."""
    try:
        import enchant  # a C library: without it, the books are read against themselves
    except ImportError:
        return None
    if not enchant.dict_exists(tag):
        return None
    return enchant.Dict(tag)


def dictionaries(langs: list[str]) -> dict[str, str]:
    """The dictionary each book's spelling is checked against ("" where it is read against
    itself only), for the report's coverage.

    >>> dictionaries(["fi", "et"])
    {'fi': 'fi (voikko)', 'et': 'et_EE (hunspell)'}
    """
    found = {}
    for lang in langs:
        d = dictionary(lang)
        found[lang] = f"{d.tag} ({d.provider.name})" if d is not None else ""
    return found


@dataclass(frozen=True)
class Misspelling:
    """A word a book prints rarely and the form it prints more often instead."""

    word: str  # as the book lower-cases it
    printed: str  # as printed at its first place
    units: tuple[str, ...]
    count: int  # how often the book prints the word
    form: str
    times: int  # how often the book prints `form`
    # Where the dictionary knows neither form: the units of `form` (a concordance of the
    # book's two spellings of one word: which is right is the reviewer's to say).
    form_units: tuple[str, ...] = ()
    unread: bool = False  # a word the dictionary takes and the analyser cannot read


def inflection(word: str, other: str) -> bool:
    """Whether two forms may be one word inflected: one a prefix of the other, or a shared
    stem of five letters or more with endings of at most two letters, one of them two
    (Turkish "deklareyi" and "deklaresi"; but not "muutmisenä" for "muutmisena").

    >>> inflection("rönonsa", "rönons"), inflection("ortağınca", "ortağında")
    (True, True)
    >>> inflection("muutmisenä", "muutmisena"), inflection("reegluga", "reegliga")
    (False, False)
    >>> inflection("rönonsa", "rönonsu")
    True
    """
    short, long = sorted((word, other), key=len)
    if long.startswith(short):
        return True
    stem = len(os.path.commonprefix([word, other]))  # noqa: RUF071
    tails = (len(word) - stem, len(other) - stem)
    if tails == (1, 1):  # the last letter: a case ending, unless a look-alike was meant
        return {word[-1], other[-1]} not in LOOKALIKES
    return stem >= 5 and max(tails) == 2


def _dropped(word: str, form: str) -> bool:
    """Whether a word is a form with the letter before its last dropped, which an ending
    cannot explain (Turkish "edebilr" for "edebilir"): where the book prints the form often,
    a slip rather than an inflection.

    >>> _dropped("edebilr", "edebilir"), _dropped("edebilir", "edebilr")
    (True, False)
    """
    return len(form) == len(word) + 1 and form[:-2] + form[-1] == word


def _doubled(word: str, form: str) -> bool:
    """Whether a word is a form with one of its letters doubled inside it, which an ending
    cannot explain (Finnish "MAALAUUS" for "maalaus"): a slip where the book prints the form
    often. A letter doubled at the end may be an ending's first letter, its last dropped
    ("saatuu" for "saatuun"), so it is not counted.

    >>> _doubled("maalauus", "maalaus"), _doubled("maalaus", "maalauus")
    (True, False)
    >>> _doubled("saatuu", "saatu")
    False
    """
    return len(word) == len(form) + 1 and any(
        word[i] == word[i + 1] and word[:i] + word[i + 1 :] == form for i in range(len(form) - 1)
    )


def _slipped(word: str, form: str) -> bool:
    """Whether a word is a form with a letter dropped before its last or one doubled inside
    it (`_dropped`, `_doubled`): a slip of the pen, though an ending could explain it."""
    return _dropped(word, form) or _doubled(word, form)


def near(word: str, other: str) -> bool:
    """Whether `other` is a likely intended spelling of `word`: one edit away (a letter
    added, dropped, changed or two swapped), or two edits inside the word (the same first
    two and last two letters).

    >>> near("tarjossarjan", "tarjoussarjan"), near("mitteenkinud", "mitteeksinud")
    (True, True)
    >>> near("brikoja", "rikkoja")
    False
    """
    distance = OSA.distance(word, other)
    if distance <= 1:
        return True
    return distance == 2 and word[:2] == other[:2] and word[-2:] == other[-2:]


def _usual(word: str, form: str, counts: Counter[str], d: Any | None,
           terms: Collection[str] = ()) -> bool:  # fmt: skip
    """Whether `form` is the book's usual spelling of `word`: printed more often (as often,
    where the dictionary knows it), known to the dictionary or printed COMMON times; two
    edits away only where the dictionary knows it. Without a dictionary: one edit away and
    printed COMMON times."""
    if d is None:
        return counts[form] >= COMMON and OSA.distance(word, form) == 1
    known = d.check(form) or _term_form(form, terms)
    if not known and (counts[form] < counts[word] or counts[form] == counts[word]):
        return False
    if not known and counts[form] < COMMON:
        return False
    return OSA.distance(word, form) == 1 or known


class Lengths:
    """A book's words, and those of them whose length is within `reach` letters of a length,
    in their order (made once per length and reach): the only ones an edit distance of
    `reach` can join to a word of that length, so a search for near forms reads them alone
    and finds what it finds over every word.

    >>> words = Lengths(["abcd", "abcdefg", "abcde"])
    >>> words.within(4, 1), words.within(6, 1)
    (['abcd', 'abcde'], ['abcdefg', 'abcde'])
    """

    def __init__(self, words: list[str]) -> None:
        self.words = words
        self._within: dict[tuple[int, int], list[str]] = {}

    def within(self, length: int, reach: int) -> list[str]:
        found = self._within.get((length, reach))
        if found is None:
            found = [w for w in self.words if abs(len(w) - length) <= reach]
            self._within[length, reach] = found
        return found


def _variant(word: str, common: Lengths, d: Any, counts: Counter[str],
             terms: Collection[str] = ()) -> bool:  # fmt: skip
    """Whether a word the book prints often and the dictionary does not know is a spelling
    of a word the book also prints, known to the dictionary or a form of its defined terms:
    one edit away (et "reegluga", 20 times, and "reegliga" once; fi "briikkaan", 5 times, and
    "brikkaan" of its term "brikka"), or two edits inside the word where the book prints that
    form more often (et "mitteenesinud" and "mitteeksinud"): then the book spells one word
    two ways."""
    close = common.within(len(word), 2)
    near_forms = process.extract(word, close, scorer=OSA.distance, score_cutoff=2, limit=5)
    return any(
        w != word
        and (not inflection(word, w) or _slipped(word, w))
        and (d.check(w) or _term_form(w, terms))
        and (distance == 1 or (near(word, w) and counts[w] > counts[word]))
        for w, distance, _ in near_forms
    )


def _term_form(word: str, terms: Collection[str]) -> bool:
    """Whether a word is a defined term's word or one inflected (three letters added at most):
    one of its four longest beginnings is a term.

    >>> _term_form("pietien", {"pieti"}), _term_form("kilpailunjohdajan", {"kilpailu"})
    (True, False)
    """
    return any(word[:n] in terms for n in range(max(1, len(word) - 3), len(word) + 1))


def misspellings(book: Book, words: Vocabulary | None = None) -> list[Misspelling]:
    """The words of a book that look misspelt (see the module's description), with the form
    the book prints instead, in the order of the book."""
    counts, units, printed = words or vocabulary(book)
    terms = _terms(book)
    d = dictionary(book.key)
    common = Lengths([w for w, n in counts.items() if n >= (1 if d else COMMON) and len(w) >= 4])
    found = []
    for word, n in counts.items():
        capitals = d is None and printed[word].isupper()  # (the dictionary reads a heading)
        if len(word) < SHORTEST or _term_form(word, terms) or capitals:
            continue  # a defined term's form (the book's own word), a heading in capitals
        if n > (RARE if d else 1) and (
            d is None or d.check(word) or not _variant(word, common, d, counts, terms)
        ):
            continue
        if d is not None and (d.check(word) or d.check(printed[word])):
            continue
        candidates = process.extract(
            word, common.within(len(word), 2), scorer=OSA.distance, score_cutoff=2, limit=10
        )
        forms = [
            w for w, _, _ in candidates
            if near(word, w) and _usual(word, w, counts, d, terms)
            and (not inflection(word, w) or (_slipped(word, w) and counts[w] >= COMMON))
        ]  # fmt: skip
        if forms:
            form = min(forms, key=lambda w: (OSA.distance(word, w), -counts[w]))
            found.append(
                Misspelling(
                    word,
                    printed[word],
                    tuple(units[word]),
                    n,
                    form,
                    counts[form],
                    _concordance(form, counts, units, d),
                )
            )
    order = {u.id: n for n, u in enumerate(book.units)}
    return sorted(found, key=lambda m: order.get(m.units[0], 0))


def unknown_words(
    book: Book, known: Collection[str] = (), words: Vocabulary | None = None
) -> list[Misspelling]:
    """The words of a book its dictionary does not know, printed once, where the profile
    says the dictionary reads the language's inflections (`spelling.unknown`: Voikko,
    Hunspell's Estonian), less names (a capital, but at a sentence's beginning), forms of
    defined terms the dictionary does not know, the words of `known` (found otherwise) and
    families of words the dictionary does not know either (one sharing the first five
    letters, or inside the other: the book's own jargon, "isoslammi" beside "slammi").
    Where the profile says so, also less two words the dictionary knows written as one
    (`spelling.split`: a compound Hunspell lacks) and words of another language's
    dictionary (`spelling.foreign`: an English term quoted, an English name).
    Where it says `spelling.analysed`, the words the grammar's analyser cannot read count
    too, printed twice at most (`_unread`: et "järeldest", which Hunspell takes). No form is
    proposed: the dictionary's suggestions are right half the time.

    >>> from kb.crosslang.library import get_library
    >>> found = {m.word: m.units for m in unknown_words(get_library().book("fi"))}
    >>> found["saateen"], found["syylistymästä"], "alertoida" in found
    (('43.B.1',), ('9.A.3',), False)
    """
    d = dictionary(book.key)
    profile = load_qa_words(book.key).get("spelling", {})
    if d is None or not profile.get("unknown"):
        return []
    counts, units, printed = words or vocabulary(book)
    foreign = _dictionary(profile["foreign"]) if profile.get("foreign") else None
    # The book's jargon: terms the dictionary does not know (a form of a term it knows is read
    # like any word: fi "valttin", of "valtti").
    jargon = frozenset(t for t in _terms(book) if not d.check(t))
    rejected = [w for w in counts if len(w) >= SHORTEST and not d.check(w)
                and not d.check(printed[w])]  # fmt: skip
    initial = _sentence_initial(book)
    unread = _unread(book, [w for w in counts if len(w) >= SHORTEST and w not in rejected])
    found = []
    for word in rejected + unread:
        family = rejected + unread if word in unread else rejected
        if (
            counts[word] > (RARE if word in unread else 1)
            or word in known
            or not (printed[word][0].islower() or word in initial)
        ):
            continue
        if _term_form(word, jargon) or any(
            w != word and (_kin(w, word) or w in word or word in w) for w in family
        ):
            continue
        if foreign is not None and foreign.check(word):
            continue  # a quoted English term ("tournament")
        if profile.get("split") and word not in unread and _two_words(word, d):
            continue
        found.append(Misspelling(word, printed[word], tuple(units[word]), counts[word], "", 0,
                                 unread=word in unread))  # fmt: skip
    return found


def _sentence_initial(book: Book) -> set[str]:
    """The words (lower-cased) a book prints first in a sentence, where a capital says no
    name (fi 93B3 "Päätäessään", et 36C "Ebareelipärane").

    >>> from kb.crosslang.library import get_library
    >>> "päätäessään" in _sentence_initial(get_library().book("fi"))
    True
    """
    lower = load_words(book.key).lower
    return {
        lower(m[0])
        for unit, text in printed_texts(book)
        for sentence in pieces(unit.title, text)
        if (m := WORD.search(sentence)) and m.start() <= 2  # (after a quote or a bracket)
    }


def _unread(book: Book, words: list[str]) -> list[str]:
    """The words of `words` (of letters only) the book's analyser cannot read, where its
    profile says the dictionary takes forms the analyser knows better
    (`spelling.analysed`: Hunspell's Estonian takes "kääle" and "toimikonna", Vabamorf
    neither), less the second part of a figure's compound ("52-kaardise"); [] elsewhere or
    without the analyser.

    >>> from kb.crosslang.library import get_library
    >>> et, fi = get_library().book("et"), get_library().book("fi")
    >>> _unread(et, ["kääle", "käe", "kaardise"]), _unread(fi, ["xq"])
    (['kääle'], [])
    """
    analyse = analyser(load_qa_words(book.key).get("grammar", {}).get("analyser", ""))
    if analyse is None or not load_qa_words(book.key).get("spelling", {}).get("analysed"):
        return []
    unread = [w for w in words if w.isalpha() and not analyse(w)]
    lower = load_words(book.key).lower
    after_figure = {lower(m[1]) for _, text in printed_texts(book)
                    for m in re.finditer(r"\d-(\w+)", text)}  # fmt: skip
    return [w for w in unread if w not in after_figure]  # a figure's compound: "52-kaardise"


def _kin(one: str, other: str) -> bool:
    """Whether two words are forms of one word: they share their first five letters and all
    but the last three of the shorter ("alertoinnin", "alertoida"; not "mitteeksinud",
    "mitteamusaadav", two words after one prefix).

    >>> _kin("alertoinnin", "alertoida"), _kin("mitteeksinud", "mitteamusaadav")
    (True, False)
    """
    shared = len(os.path.commonprefix([one, other]))  # noqa: RUF071
    return shared >= max(5, min(len(one), len(other)) - 3)


def _two_words(word: str, d: Any, shortest: int = 3) -> bool:
    """Whether a word is two words the dictionary knows written as one: a compound a
    dictionary without compounding lacks (et "ingliskeelsele", "omaksnõudlemisel").

    >>> from kb.qa.checks.spelling import dictionary
    >>> _two_words("omaksnõudlemisel", dictionary("et")), _two_words("kasutaakse", dictionary("et"))
    (True, False)
    """
    return any(
        d.check(word[:n]) and d.check(word[n:]) for n in range(shortest, len(word) - shortest + 1)
    )


def _terms(book: Book) -> frozenset[str]:
    """The words of a book's defined terms (four letters or more), lower-cased."""
    lower = load_words(book.key).lower
    return frozenset({lower(w) for u in book.definitions for w in WORD.findall(u.term or u.title)
                  if len(w) >= 4})  # fmt: skip


def _concordance(form: str, counts: Counter[str], units: dict[str, list[str]],
                 d: Any | None) -> tuple[str, ...]:  # fmt: skip
    """The units of a book's other spelling where its dictionary knows neither and the book
    prints it VARIANTS times at most (else it is the book's usual spelling: no concordance)."""
    if d is None or d.check(form) or counts[form] > VARIANTS:
        return ()
    return tuple(units[form])


def check_spelling(a: Alignment) -> Iterator[Finding]:
    """A finding per misspelt word of each law book of the edition compared, on the first
    unit printing it (the others listed); the fix is the book's usual form (for a word no
    dictionary knows that the book writes apart, the words apart: fi "mukaanlukien"). Then
    the pairs whose endings do not agree (`kb.qa.checks.agreement`), the fix the commoner
    pairing; then words written apart or as one against the book's usual way
    (`kb.qa.checks.compounds`); then an attribute that does not agree with its noun, a
    subject or a noun in the wrong case and a word taken for a like one
    (`kb.qa.checks.grammar`), the fix the words to write where the analyser finds them.
    The book's words and word pairs are read once for all three. A word its profile lists as
    `spelling.known` (read by a reviewer and found sound) is not a misspelling.
    """
    for lang in a.peers:
        book = a.book(lang)
        words, pairs = vocabulary(book), word_pairs(book)
        found = misspellings(book, words)
        found += unknown_words(book, {m.word for m in found}, words)
        known = set(load_qa_words(lang).get("spelling", {}).get("known", ()))
        found = [m for m in found if m.word not in known]
        joined = compounds(book, dictionary(lang), words, pairs)
        apart = {c.words.lower(): c for c in joined if c.kind == "joined"}
        found = [  # (a word no dictionary knows that the book writes apart: fi "mukaanlukien")
            replace(m, form=apart[m.word].form, times=apart[m.word].times)
            if not m.form and not m.form_units and m.word in apart else m
            for m in found
        ]  # fmt: skip
        for m in found:
            upper = load_words(lang).upper  # (a heading in capitals)
            form = upper(m.form) if m.printed.isupper() else m.form
            params = {"odd": lang, "words": m.printed, "count": m.count, "form": form,
                      "times": m.times, "units": ", ".join(m.units)}  # fmt: skip
            code, fix = "spelling", {"code": "fix.write", "form": form}
            if m.form_units:
                code, fix = "spelling.variants", {}
                params["form_units"] = ", ".join(m.form_units)
            elif not m.form:
                code, fix = "spelling.unread" if m.unread else "spelling.unknown", {}
            yield _finding(a, lang, m.units[0], code, params, fix)
        spelt = {m.word for m in found}
        for c in joined:
            if c.words.lower() not in spelt:  # (a word written as one, misspelt as well)
                params = {"odd": lang, "words": c.words, "form": c.form, "times": c.times}
                params |= {"units": ", ".join(c.units)} if c.units else {}
                params |= {"count": c.count} if c.kind == "both" else {}
                params |= {"other": c.other} if c.other else {}
                fix = {"code": "fix.write", "form": c.form} if c.kind != "both" else {}
                yield _finding(a, lang, c.unit, f"spelling.{c.kind}", params, fix)
        for p in disagreements(book, pairs):
            params = {"odd": lang, "words": p.words, "form": p.form, "times": p.times,
                      "other": p.other, "other_times": p.other_times}  # fmt: skip
            yield _finding(a, lang, p.unit, "spelling.agreement", params,
                           {"code": "fix.write", "form": p.form})  # fmt: skip
        for m in slips(book, words):
            params = {"odd": lang, "words": m.words, "units": ", ".join(m.units)}
            fix = {"code": "fix.write", "form": m.form} if m.form else {}
            yield _finding(a, lang, m.units[0], f"spelling.{m.code}", params, fix)


def _finding(a: Alignment, lang: str, unit: str, code: str, params: dict[str, Any],
             fix: dict[str, Any]) -> Finding:  # fmt: skip
    """A spelling finding on one book: at the group of `unit` (the unit itself outside the
    law tree), pointing at the words printed (`params["words"]`)."""
    group = a.group(unit)
    uid = group.id if group else unit
    return Finding("spelling", "info", uid, (lang,), render(code, **params),
                   (a.side(lang, uid, params["words"]),), group.law if group else None, code,
                   params, (lang,), fix)  # fmt: skip


CHECKS = (Check("spelling", "spelling", check_spelling),)
