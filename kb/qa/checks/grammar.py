"""Grammar within one book, read with its language's morphological analyser (the profile's
`grammar.analyser` of `kb/profiles/qa/<lang>.toml`: Voikko for Finnish through libvoikko,
Vabamorf for Estonian through EstNLTK). Five slips a reviewer reads as typos:

- an attribute that does not agree with its noun (`spelling.grammar`): fi 5A "määrätystä
  paikoista", a singular participle before a plural noun; et 42B2 "ebareeglipärasest
  toimingut", an elative adjective before a partitive noun. The fix is the attribute in the
  noun's case and number: the form the book prints, else the one spelling an edit away that
  the analyser reads so. An adverb a letter longer than the adjective that agrees is one
  too (et "loomulikult viisil", naturally for "in the natural way"); after an attribute in
  a case that decides its noun's (the profile's `grammar.governs`: fi 62B2 "enemmittä
  oikaisuilla", without further rectification), the noun is the word to fix;
- a subject in the wrong case before a verb that decides it (`spelling.subject`, the
  profile's `grammar.subject`): fi 86A "Kilpailunjohtajan ei saa", a genitive before "ei
  saa", which takes the nominative; fi 64C2b "kilpailunjohtajan uskoo", a genitive noun
  before a finite verb that is no necessive's;
- a noun in the wrong case before a postposition that decides it (`spelling.government`,
  the profile's `grammar.postpositions`): et 49 "tihis suhtes", an inessive before "suhtes",
  which takes the genitive;
- a noun in the wrong case after a preposition (`spelling.preposition`, the profile's
  `grammar.prepositions`): et 45C4b "ilma karistusega", a comitative (with) after "ilma"
  (without), which takes the abessive;
- a word taken for a like one after or before the words that take the other
  (`spelling.confused`, the profile's `grammar.confused`): fi 48B2 "muulloin kun" (when)
  for "kuin" (than), and a few words on, 20F2 "samoin perusteiden kun"; et 35A "Reeglina
  19" (as a rule) for "Reegliga 19" (by Law 19); tr 66D "sonra erdikten" (after ending)
  for "sona erdikten" (after it ends). These need no analyser.

An attribute counts where every reading of it is an adjective or a participle (or a noun
spelt the same; where the profile says `only_attribute = false`, where one reading is),
in a case the profile does not name `predicative`; a pronoun in the genitive (not an owner's,
the profile's `possessors`) between two words that agree in another case counts too (et 80A1c
"kõigil teiste turniiridel"), and so does an attribute across an owner's pronoun (et 91A
"millisel selle osalt"). A pair is left alone where some reading of each agrees, where
the attribute agrees with one of the next two words instead (an adjective before a genitive
and its head), and where the attribute is also a noun in another case than a neighbour of
the noun's (a possessor: et "vastase pakkumiskorral"). Without the analyser installed, the
book is read for words taken for like ones alone.

>>> from kb.crosslang.library import get_library
>>> [(m.words, m.units) for m in slips(get_library().book("fi"))][:2]
[('määrätystä paikoista', ('5.A',)), ('väärää vastustajia', ('15.B.1',))]
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from typing import Any

from kb.core.profile import Words
from kb.crosslang.library import Book
from kb.profiles import alternation, load_qa_words, load_words
from kb.qa.checks.base import TOKEN, Vocabulary, printed_texts, vocabulary

WINDOW = 2  # words after a noun an attribute may agree with instead (its head after a genitive)
LEAD = 4  # words before a pair a rule of `grammar.confused` may look back to (its `window`)
_TOKEN = re.compile(rf"{TOKEN.pattern}|\d\w*")  # words, marks and figures: each parts a pair


@dataclass(frozen=True)
class Reading:
    """One reading of a word: its class (`adj`, `noun`, `pron` a pronoun, `post` a
    postposition, `adv` an adverb, `verb` a personal indicative, which Voikko alone names,
    `inf` an infinitive, `other`), its lemma, its case and number in the analyser's own
    names ("" where none), and whether it is a finite verb of any mood, person or voice (a
    passive, an imperative, a negation verb; Vabamorf's are `other` and finite)."""

    cls: str
    lemma: str = ""
    case: str = ""
    number: str = ""
    finite: bool = False


@dataclass(frozen=True)
class Slip:
    """Words of a book in a slip of grammar: as printed first, the units printing them, the
    kind (`grammar`, `subject`, `government`, `preposition` or `confused`) and the words to
    write instead ("" where no form is found)."""

    words: str
    units: tuple[str, ...]
    code: str
    form: str = ""


Analyse = Callable[[str], tuple[Reading, ...]]
Lemma = tuple[str, str, str]  # a lemma, and the case and number a word of it needs
# The kind of a slip; the fix: the words to put in another form, by their place among the
# slip's words (0 the first), each as the lemma, case and number it needs (a form looked
# up), or else the words to write; and the words the slip takes before the pair (0 or 1).
Wanted = tuple[str, tuple[tuple[int, Lemma], ...], str, int]
Profile = dict[str, Any]

# Voikko's participles that make an attribute; a present passive participle in the
# nominative is a necessive ("on päätettävä"), a present active one in the genitive a
# reported clause ("odotetaan antavan").
_ATTRIBUTIVE = {"past_passive", "present_active", "present_passive", "past_active", "agent",
                "negation"}  # fmt: skip
_CLAUSE = {("present_passive", "nimento"), ("present_active", "omanto")}
# Vabamorf's parts of speech: A adjective, S noun, P pronoun, K adposition, D adverb.
_VABAMORF = {"A": "adj", "S": "noun", "P": "pron", "K": "post", "D": "adv"}
_MOODS = {"indicative", "imperative", "conditional", "potential"}  # Voikko's finite moods
NOMINATIVE = {"nimento", "n"}  # the nominative in Voikko's and in Vabamorf's names
GENITIVE = {"omanto", "g"}  # the genitive
PARTITIVE = {"osanto", "p"}  # the partitive
CORE = NOMINATIVE | GENITIVE | PARTITIVE  # a subject's and an object's cases
# Vabamorf's finite forms: each tense's and mood's persons, the impersonal's, the negation's
# (and "neg ..." forms). Its imperative "o" is left out: it reads "oma" (own) as one too.
_FINITE = {"b", "d", "n", "me", "te", "vad", "s", "sid", "sin", "sime", "site", "ti", "takse",
           "ks", "ksid", "ksin", "ksime", "ksite", "nuks", "nuksid", "nuksin", "nuksime",
           "nuksite", "gu", "ge", "gem", "neg", "tagu", "taks", "tuks", "vat", "nuvat",
           "tavat", "tuvat"}  # fmt: skip


def _voikko_reading(a: dict[str, str]) -> Reading:
    """A Voikko analysis as a reading (a word with a possessive suffix is neither attribute nor
    noun: its number is not shown)."""
    cls, case, participle = a.get("CLASS", ""), a.get("SIJAMUOTO", ""), a.get("PARTICIPLE")
    lemma, number = a.get("BASEFORM", ""), a.get("NUMBER", "")
    if cls in ("teonsana", "kieltosana") and a.get("MOOD") in _MOODS:
        person = a.get("PERSON")  # (the passive's "person" is 4)
        return Reading("verb" if a["MOOD"] == "indicative" and person in ("1", "2", "3")
                       else "other", lemma, finite=True)  # fmt: skip
    if a.get("POSSESSIVE") or (participle, case) in _CLAUSE:
        return Reading("other", lemma)
    if case and (cls in ("laatusana", "nimisana_laatusana") or participle in _ATTRIBUTIVE):
        return Reading("adj", lemma, case, number)
    if case and cls in ("nimisana", "asemosana"):
        return Reading("noun" if cls == "nimisana" else "pron", lemma, case, number)
    return Reading("inf" if a.get("MOOD") == "A-infinitive" else "other", lemma)


def _voikko() -> Analyse | None:
    try:
        import libvoikko  # a C library through ctypes (Debian libvoikko1, voikko-fi)
    except ImportError:
        return None
    try:
        voikko = libvoikko.Voikko("fi")
    except (OSError, libvoikko.VoikkoException):
        return None
    return cache(lambda word: tuple(_voikko_reading(a) for a in voikko.analyze(word)))


def _vabamorf() -> Analyse | None:
    try:
        from estnltk.vabamorf.morf import Vabamorf  # the qa extra
    except ImportError:
        return None
    vabamorf = Vabamorf.instance()

    def analyse(word: str) -> tuple[Reading, ...]:
        found = vabamorf.analyze([word], disambiguate=False, guess=False, propername=False)
        readings = []
        for a in found[0]["analysis"]:
            number, _, case = a["form"].partition(" ")
            cls, lemma = _VABAMORF.get(a["partofspeech"], "other"), a["root"].replace("_", "")
            form = a["form"].removeprefix("neg ")
            finite = a["partofspeech"] == "V" and form in _FINITE
            readings.append(Reading(cls, lemma, case, number, finite))
        return tuple(readings)

    return cache(analyse)


@cache
def analyser(name: str) -> Analyse | None:
    """A morphological analyser by the profile's name ("voikko" or "vabamorf"), each word
    read once; None where its library is not installed.

    >>> analyser("vabamorf")("vales")[0]
    Reading(cls='adj', lemma='vale', case='in', number='sg', finite=False)
    >>> analyser("voikko")("paikoista")[0].number, analyser("xx")
    ('plural', None)
    """
    return {"voikko": _voikko, "vabamorf": _vabamorf}.get(name, lambda: None)()


def analysers(langs: list[str]) -> dict[str, str]:
    """The analyser each language's grammar is read with, by its profile: its name, or ""
    where the profile names one that is not installed; languages whose profile names none
    are left out (the report's coverage says so to a reviewer).

    >>> analysers(["fi", "et", "tr"])
    {'fi': 'voikko', 'et': 'vabamorf'}
    """
    named = {x: load_qa_words(x).get("grammar", {}).get("analyser", "") for x in langs}
    return {x: name if analyser(name) else "" for x, name in named.items() if name}


def slips(book: Book, words: Vocabulary | None = None) -> list[Slip]:
    """The pairs of a book whose words do not agree, the subjects in the wrong case and the
    words taken for like ones (see the module's description), one per printed pair
    (lower-cased) with its units, in the order of the book. Where the profile names no
    analyser or it is not installed, the words taken for like ones alone, which need none
    (tr "sonra erer" for "sona erer"). `words`: the book's vocabulary
    (`kb.qa.checks.base.vocabulary`), which the fixes' forms are looked up in."""
    profile = load_qa_words(book.key).get("grammar", {})
    analyse = analyser(profile.get("analyser", ""))
    if analyse is None and not profile.get("confused"):
        return []
    casing = load_words(book.key)
    lower = casing.lower
    found: dict[tuple[str, ...], tuple[str, list[str], Wanted]] = {}
    for unit, text in printed_texts(book):
        tokens = _TOKEN.findall(text)
        for i, (x, y) in enumerate(pairwise(tokens)):
            if x[0].isalpha() and y[0].isalnum():  # (a word before a law's number too)
                after = tokens[i + 2 : i + 2 + WINDOW]
                before = tokens[i - 1] if i and tokens[i - 1][0].isalpha() else ""
                wanted = (
                    analyse is not None
                    and y[0].isalpha()
                    and (
                        _pair(analyse, x, y, after, profile)
                        or _between(analyse, before, x, y, profile)
                        or _across(analyse, before, x, y, profile)
                        or _adverb(analyse, x, y, profile)
                        or _subject(analyse, x, y, after, profile)
                        or _governed(analyse, before, x, y, profile)
                        or _preposition(analyse, x, y, after, profile)
                    )
                ) or _confused(tokens[max(0, i - LEAD) : i], x, y, profile, casing)
                if wanted:
                    printed = " ".join([*tokens[i - wanted[3] : i], x, y])
                    key = tuple(lower(w) for w in printed.split(" "))
                    found.setdefault(key, (printed, [], wanted))[1].append(unit.id)
    counts = (words or vocabulary(book))[0] if analyse and found else Counter()
    forms = _book_forms(counts, analyse) if analyse else {}
    letters = "".join(sorted({c for w in counts for c in w}))
    found_slips = []
    for printed, units, (code, fixes, form, _) in found.values():
        words = printed.split(" ")
        mended = list(words)
        for at, lemma in fixes:
            word, other = words[at], words[1 if at == 0 else at - 1]
            new = forms.get(lemma, ("", 0))[0] or _nearest(
                analyse, word.lower(), lemma, letters, other.lower()
            )
            mended[at] = (word[0] + new[1:] if word[0].isupper() else new.lower()) if new else ""
        if fixes:
            form = " ".join(mended) if all(mended) else ""
        found_slips.append(Slip(printed, tuple(dict.fromkeys(units)), code, form))
    return found_slips


def _nearest(analyse: Analyse, word: str, wanted: tuple[str, str, str], letters: str,
             noun: str = "") -> str:  # fmt: skip
    """The spelling one edit from `word` (a letter added, dropped or changed, of the book's
    `letters`) that the analyser reads as the lemma, case and number wanted; of several, the
    one ending most like `noun` (et "ebareeglipärastest toimingutest", not the rarer
    "ebareeglipäraseist"); "" where none or no one is nearest. Voikko reads Finnish but does
    not write it.

    >>> _nearest(analyser("voikko"), "määrätystä", ("määrätty", "sisaeronto", "plural"), "aeiostyä")
    'määrätyistä'
    """
    edits = {word[:i] + c + word[i + n :] for i in range(len(word) + 1) for c in letters
             for n in (0, 1)} | {word[:i] + word[i + 1 :] for i in range(len(word))}  # fmt: skip
    found = [
        w for w in sorted(edits - {word})
        if any((r.lemma, r.case, r.number) == wanted for r in analyse(w))
    ]  # fmt: skip
    like = {w: len(os.path.commonprefix([w[::-1], noun[::-1]])) for w in found}  # noqa: RUF071
    best = [w for w in found if like[w] == max(like.values())]
    return best[0] if len(best) == 1 else ""


def _book_forms(
    counts: Counter[str], analyse: Analyse
) -> dict[tuple[str, str, str], tuple[str, int]]:
    """The word a book prints most often (`counts`, lower-cased) for each (lemma, case,
    number) of its readings, and how often: the form a fix proposes is first one the book
    prints itself."""
    forms: dict[tuple[str, str, str], tuple[str, int]] = {}
    for word, n in counts.items():
        for r in analyse(word):
            key = (r.lemma, r.case, r.number)
            if n > forms.get(key, ("", 0))[1]:
                forms[key] = (word, n)
    return forms


def _forms(readings: tuple[Reading, ...], *classes: str) -> set[tuple[str, str]]:
    """The (case, number) of a word's readings of the classes given."""
    return {(r.case, r.number) for r in readings if r.cls in classes and r.case}


def _agree(x: set[tuple[str, str]], y: set[tuple[str, str]], genitive: dict[str, str]) -> bool:
    """Whether an attribute's (case, number) readings agree with a word's: the same case and
    number, or the genitive the profile's `genitive` names before the word's case (Estonian
    adjectives before the terminative, essive, abessive and comitative).

    >>> _agree({("g", "sg")}, {("kom", "sg")}, {"kom": "g"})
    True
    >>> _agree({("el", "sg")}, {("p", "sg")}, {})
    False
    """
    return any(a == b or (b[0] in genitive and a == (genitive[b[0]], b[1])) for a in x for b in y)


def _pair(analyse: Analyse, x: str, y: str, after: list[str], profile: Profile) -> Wanted | None:
    """Where attribute `x` does not agree with noun `y` (`after`: the words next), the kind
    "grammar" and the attribute's lemma in the noun's case and number."""
    rx, ry = analyse(x), analyse(y)
    attribute = _forms(rx, "adj")
    if not attribute or {c for c, _ in attribute} & set(profile.get("predicative", ())):
        return None  # an adjective that may be a predicate ("on võimalik")
    if profile.get("only_attribute", True) and any(
        r.cls != "adj" and not (r.cls == "noun" and (r.case, r.number) in attribute) for r in rx
    ):
        return None
    noun = _forms(ry, "noun")
    if not noun or any(r.cls not in ("noun", "post") for r in ry):
        return None  # (a pronoun stands alone)
    genitive = profile.get("genitive", {})
    if _agree(attribute, _forms(ry, "noun", "adj"), genitive):
        return None
    same_case = {c for c, _ in attribute} & {c for c, _ in noun}
    governs = {c for c, _ in attribute} & set(profile.get("governs", ()))
    if len(governs) == 1 and _only(rx, "adj") and _only(ry, "noun"):  # ("enemmittä")
        return "grammar", ((1, (ry[0].lemma, governs.pop(), ry[0].number)),), "", 0  # (the noun)
    if profile.get("number_only") and not same_case:
        return None
    series = [set(s) for s in profile.get("series", ())]
    if any(r.cls == "noun" for r in rx) and not any(
        a != b and {a, b} <= s for a, _ in attribute for b, _ in noun for s in series
    ):
        return None  # a word that is also a noun: a possessor ("vastaste pakkumise")
    if any(r.cls == "post" for r in ry) and profile.get("before_post") in {c for c, _ in attribute}:
        return None  # a genitive before a postposition ("varemtoimuva suhtes")
    words = [t for t in after if t[0].isalpha()]
    if not same_case and any(
        _agree(attribute, _forms(analyse(t), "noun", "adj"), genitive) for t in words
    ):
        return None  # an adjective before a genitive and its head
    case, number = sorted(noun)[0]
    lemma = next(r.lemma for r in rx if r.cls == "adj")
    return "grammar", ((0, (lemma, genitive.get(case, case), number)),), "", 0


def _between(analyse: Analyse, w: str, x: str, y: str, profile: Profile) -> Wanted | None:
    """Where pronoun `x`, in the genitive alone, stands between an attribute `w` and a noun `y`
    that agree in a case other than a subject's or an object's, and is not one of the
    profile's `grammar.possessors` (the pronouns that name an owner: et "kõigil selle
    osalistel", on all its participants): the kind "grammar" and the pronoun in their case
    and number (et 80A1c "kõigil teiste turniiridel", on all the others' tournaments, for
    "kõigil teistel turniiridel", on all other tournaments).

    >>> et = {"possessors": ["see"]}
    >>> _between(analyser("vabamorf"), "kõigil", "teiste", "turniiridel", et)
    ('grammar', ((0, ('teine', 'ad', 'pl')),), '', 0)
    >>> _between(analyser("vabamorf"), "kõigil", "selle", "turniiridel", et) is None
    True
    """
    rx, ry = analyse(x), analyse(y)
    cases = {r.case for r in rx if r.case}
    if (
        not w
        or cases - GENITIVE
        or not any(r.cls == "pron" for r in rx)
        or any(r.cls in ("noun", "adj") for r in rx)
        or {r.lemma for r in rx} & set(profile.get("possessors", ()))
        or not _only(ry, "noun")
    ):
        return None
    rw = analyse(w)
    shared = {f for f in _forms(rw, "adj", "pron") & _forms(ry, "noun") if f[0] not in CORE}
    if not shared or any(r.cls not in ("adj", "pron") for r in rw):
        return None
    case, number = sorted(shared)[0]
    return "grammar", ((0, (next(r.lemma for r in rx if r.cls == "pron"), case, number)),), "", 0


def _across(analyse: Analyse, w: str, x: str, y: str, profile: Profile) -> Wanted | None:
    """Where an owner's pronoun `x` in the genitive (one of the profile's
    `grammar.possessors`) stands between an attribute `w` and a noun `y`, each in a case
    other than a subject's or an object's, that agree in none: the kind "grammar" and the
    attribute in the noun's case and number (et 91A "ükskõik millisel selle osalt", an
    adessive before an ablative, for "milliselt selle osalt", from any part of it).

    >>> et = {"possessors": ["see"]}
    >>> _across(analyser("vabamorf"), "millisel", "selle", "osalt", et)
    ('grammar', ((0, ('milline', 'abl', 'sg')),), '', 1)
    >>> _across(analyser("vabamorf"), "kõigil", "selle", "osalistel", et) is None
    True
    """
    rw, ry = analyse(w), analyse(y)
    owner = {r.lemma for r in analyse(x) if r.cls == "pron" and r.case in GENITIVE}
    attribute, noun = _forms(rw, "adj", "pron"), _forms(ry, "noun")
    if (
        not owner & set(profile.get("possessors", ()))
        or not attribute
        or not noun
        or any(r.cls not in ("adj", "pron") for r in rw)
        or any(r.cls not in ("noun", "adv") for r in ry)
        or {c for c, _ in attribute | noun} & CORE
        or attribute & noun
    ):
        return None
    case, number = sorted(noun)[0]
    return "grammar", ((0, (rw[0].lemma, case, number)),), "", 1


def _governed(analyse: Analyse, w: str, x: str, y: str, profile: Profile) -> Wanted | None:
    """Where `y` is one of the profile's `grammar.postpositions`, which take the case its
    `before_post` names, and noun `x` before it is in no reading in that case: the kind
    "government" and the noun in that case (et 49 "tihis suhtes", in the trick regarding,
    for "tihi suhtes", regarding the trick); with the attribute `w` before it where that
    agrees with the noun as printed (et 68B2 "lähtuv teave suhtes", for "lähtuva teabe
    suhtes").

    >>> et = {"postpositions": ["suhtes"], "before_post": "g"}
    >>> _governed(analyser("vabamorf"), "lõpetamata", "tihis", "suhtes", et)
    ('government', ((0, ('tihi', 'g', 'sg')),), '', 0)
    >>> _governed(analyser("vabamorf"), "lähtuv", "teave", "suhtes", et)[1]
    ((0, ('lähtuv', 'g', 'sg')), (1, ('teave', 'g', 'sg')))
    >>> _governed(analyser("vabamorf"), "", "tihi", "suhtes", et) is None
    True
    """
    case, rx = profile.get("before_post"), analyse(x)
    if (
        y.lower() not in profile.get("postpositions", ())
        or not any(r.cls == "post" for r in analyse(y))
        or not rx
        or any(r.cls not in ("noun", "adj") or r.case == case for r in rx)
    ):
        return None
    noun = next((r for r in rx if r.cls == "noun"), rx[0])
    wanted = (noun.lemma, case, noun.number)
    attribute = (
        [r for r in analyse(w) if r.cls == "adj" and (r.case, r.number) in _forms(rx, "noun")]
        if w
        else []
    )
    if attribute:
        return "government", ((0, (attribute[0].lemma, case, noun.number)), (1, wanted)), "", 1
    return "government", ((0, wanted),), "", 0


def _preposition(
    analyse: Analyse, x: str, y: str, after: list[str], profile: Profile
) -> Wanted | None:
    """Where `x` is the word of a rule of the profile's `grammar.prepositions` and noun `y`
    after it is in a case the rule names `wrong` in every reading, unless one of the words
    `after` it matches the rule's `unless` (a verb that governs the noun instead: et "ilma
    partneriga nõu pidamata", without consulting with partner): the kind "preposition" and
    the noun in the case the rule wants (et 45C4b "ilma karistusega", without with penalty,
    for "ilma karistuseta", without penalty).

    >>> et = {"prepositions": [{"word": "ilma", "wrong": ["kom"], "case": "ab",
    ...                         "unless": ".+mata"}]}
    >>> _preposition(analyser("vabamorf"), "ilma", "karistusega", ["(", "vt"], et)
    ('preposition', ((1, ('karistus', 'ab', 'sg')),), '', 0)
    >>> _preposition(analyser("vabamorf"), "ilma", "partneriga", ["nõu", "pidamata"], et) is None
    True
    """
    for rule in profile.get("prepositions", ()):
        if x.lower() != rule["word"]:
            continue
        ry, unless = analyse(y), alternation((rule.get("unless", ""),))
        if (
            not _only(ry, "noun")
            or any(r.case not in rule["wrong"] for r in ry)
            or any(unless.fullmatch(w.lower()) for w in after)
        ):
            continue
        return "preposition", ((1, (ry[0].lemma, rule["case"], ry[0].number)),), "", 0
    return None


def _adverb(analyse: Analyse, x: str, y: str, profile: Profile) -> Wanted | None:
    """Where `x`, an adverb with the ending the profile's `grammar.adverb` names, stands
    before noun `y` and, less its last letter, is an adjective in the noun's case and number
    (et "loomulikult viisil", naturally for "in the natural way", where "loomulikul viisil"
    is meant): the kind "grammar" and those words.

    >>> et = {"adverb": "lt"}
    >>> _adverb(analyser("vabamorf"), "loomulikult", "viisil", et)
    ('grammar', (), 'loomulikul viisil', 0)
    >>> _adverb(analyser("vabamorf"), "avatult", "lauale", et) is None
    True
    """
    ending, ry = profile.get("adverb"), analyse(y)
    if (
        not ending
        or not x.lower().endswith(ending)
        or any(r.cls not in ("noun", "post") for r in ry)
    ):
        return None
    shorter = analyse(x[:-1].lower())
    if (
        any(r.cls == "adv" for r in analyse(x))
        and _only(shorter, "adj")
        and (_forms(shorter, "adj") & _forms(ry, "noun"))
    ):
        return "grammar", (), f"{x[:-1]} {y}", 0
    return None


def _subject(analyse: Analyse, x: str, y: str, after: list[str], profile: Profile) -> Wanted | None:
    """Where word `x` (of the rule's `classes`, a noun or a pronoun) before a verb is in the
    case a rule of the profile's `grammar.subject` names `wrong`, the kind "subject" and the
    word's lemma in the case the rule wants. A rule's `verb` is the words of one verb,
    which an infinitive follows; without one, any finite verb but those of its `except`."""
    rx = analyse(x)
    for rule in profile.get("subject", ()):
        classes = rule.get("classes", ("noun", "pron"))
        if not rx or not all(r.cls in classes and r.case == rule["wrong"] for r in rx):
            continue
        if "verb" in rule:
            verb = rule["verb"].split(" ")
            words = [y, *after][: len(verb) + 1]
            if len(words) <= len(verb) or [w.lower() for w in words[:-1]] != verb:
                continue
            if not any(r.cls == "inf" for r in analyse(words[-1])):
                continue
        elif y.lower() in rule.get("except", ()) or not _only(analyse(y), "verb"):
            continue
        return "subject", ((0, (rx[0].lemma, rule["case"], rx[0].number)),), "", 0
    return None


def _only(readings: tuple[Reading, ...], cls: str) -> bool:
    """Whether a word has readings and each is of one class (a word the analyser does not
    know is of none)."""
    return bool(readings) and all(r.cls == cls for r in readings)


def _confused(lead: list[str], x: str, y: str, profile: Profile, casing: Words) -> Wanted | None:
    """Where a word a rule of the profile's `grammar.confused` names stands after a word its
    `after` patterns match, or before one its `before` patterns match, which take the rule's
    `form` instead (fi "muulloin kun", when, for "muulloin kuin", than; et "reeglina 19", as
    a rule, for "reegliga 19", by Law 19): the kind "confused" and the words to write. An
    `after` rule's `window` (1 where none) is how many words back, of `lead` and `x`, the
    word that takes the form may stand, with words alone between (fi 20F2 "samoin
    perusteiden kun", on the same grounds when, for "kuin", as). Words are lower- and
    upper-cased as the book's language writes them (`casing`: Turkish "ısrar", "Israr").

    >>> et = {"confused": [{"word": "reeglina", "form": "reegliga", "before": ["[0-9]+"]}]}
    >>> _confused([], "Reeglina", "19", et, Words())
    ('confused', (), 'Reegliga 19', 0)
    >>> fi = {"confused": [{"word": "kun", "form": "kuin", "after": ["samoin"], "window": 3}]}
    >>> _confused(["selitys", "ja", "samoin"], "perusteiden", "kun", fi, Words())
    ('confused', (), 'samoin perusteiden kuin', 1)
    >>> _confused(["samoin", ","], "perusteiden", "kun", fi, Words()) is None
    True
    >>> tr = {"confused": [{"word": "israr", "form": "ısrar", "before": ["ed\\w*"]}]}
    >>> _confused([], "İsrar", "eder", tr, Words(casing=(("I", "ı"), ("İ", "i"))))
    ('confused', (), 'Israr eder', 0)
    """
    lower = casing.lower
    for rule in profile.get("confused", ()):
        if "after" in rule and lower(y) == rule["word"]:
            words = [*lead, x][-rule.get("window", 1) :]
            takes = alternation(tuple(rule["after"]))
            for n in reversed(range(len(words))):
                if not words[n][0].isalpha():
                    break
                if takes.fullmatch(lower(words[n])):
                    return "confused", (), " ".join([*words[n:], rule["form"]]), len(words) - 1 - n
        elif (
            "before" in rule
            and lower(x) == rule["word"]
            and alternation(tuple(rule["before"])).fullmatch(lower(y))
        ):
            form = rule["form"]
            form = casing.upper(form[0]) + form[1:] if x[0].isupper() else form
            return "confused", (), f"{form} {y}", 0
    return None
