"""Modal force: shall, should, may, must, need not, may not changed in one book (`modal`).

Each book's forms of each force come from its profile (`kb.qa.checks.lexicon`). Three books
at least are compared (of two, neither can be blamed), in five places:

- sentences the books print one to one (the same number of sentences in each unit): where
  the other books agree on every force and one book trades a force for another (et "ei pea",
  need not, where fi "ei saa" and tr "-meyecektir" say shall not), or says it more weakly or
  strongly (should for shall, where the other books' forms say which); where the books split
  a text into sentences differently, the whole text, for an obligation or prohibition said
  more weakly or strongly (et 47E1 "ei tohiks", should not, for may not);
- the sentence of a reference every book cites: "Law X may apply" where the others say it
  applies, or the other way round, or "must be applied" where they say it may (tr 13D
  "dikkate alınmalıdır", must be taken into account).
- a one-sentence text where the other books say "may" and nothing else modal and one book
  says nothing modal: it states as done what they leave to choice.
- an obligation or prohibition two books say with different strength (shall and should)
  where every other book's form leaves the strength open (the Turkish -meli is both): one
  of the two changed it, and the English decides which, so the finding blames both.

A trade between "shall" and "shall not" is left alone (a rule said positively in one book
and negatively in another), and so is "may" for "may not" where the book says "only" in the
sentence ("may ... only when" is "may not ... unless").

>>> from kb.crosslang.library import get_library
>>> from kb.qa.groups import align_books
>>> a = align_books(get_library(), ["fi", "tr", "et"])
>>> [f.message for f in check_modal(a) if f.id == "70.D.1"]
['et says need not where fi, tr say shall not (ei pea; ei saa; etmeyecektir)']
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace

from kb.core.ids import LAW_LEVELS
from kb.core.model import Unit
from kb.crosslang.library import Book
from kb.profiles import load_qa_words
from kb.qa.checks.base import (
    WORD,
    Check,
    Difference,
    names,
    ordered,
    plain,
    reading_findings,
    sentences,
    text_finding,
    texts_of,
)
from kb.qa.checks.lexicon import Form, applies, forms, outvoted, strength
from kb.qa.checks.references import citations
from kb.qa.groups import Alignment, Group
from kb.qa.model import Finding

# Trades of force that are a rule said another way rather than changed.
PARAPHRASES = {frozenset({"must", "must_not"})}
NEGATIVE = {"must_not", "need_not"}  # the forces that say what a player need or may not do
_ASIDE = re.compile(r"\([^()]*\)")  # words in brackets: an aside, not the rule's verb
MOST = 2  # modal forms a sentence may have in a book for its forces to be compared
USUAL = 10  # times a book prints a modal form for it to be the book's own way of saying it
_PATTERN = re.compile(r"[\\()\[\]?*+|{}]")  # a pattern's marks: no words as printed
_APPLYING = {"does": "does", "may": "may_apply", "must": "must_apply"}  # (the names said)


def _names_of(found: list[Form], force: str) -> tuple[str, str]:
    """The class name and the words of a book's first form of a force."""
    form = next(f for f in found if f.force == force)
    return form.name, form.words


def differences(texts: dict[str, str]) -> list[Difference]:
    """The books whose forces in one sentence (per book) differ from the others' agreeing
    forces: a force traded for another (every other force the same), else the same forces
    said more weakly or strongly. Sentences with more than MOST forms in a book are left
    alone (their forces cannot be told apart by counting).

    >>> t = {"fi": "Hän ei saa hyväksyä.", "tr": "Kabul edemez.", "et": "Ta ei pea nõustuma."}
    >>> [(d.odd, d.said, d.theirs) for d in differences(t)]
    [('et', 'need_not', 'must_not')]
    """
    found = {x: forms(x, "modal", t) for x, t in texts.items()}
    if any(len(v) > MOST for v in found.values()):
        return []
    counts = {x: Counter(f.force for f in v) for x, v in found.items()}
    out = []
    for odd, others, fewer, more in outvoted(counts):
        if len(fewer) == 1 and len(more) == 1:
            if frozenset(fewer + more) in PARAPHRASES:
                continue
            if {*fewer, *more} == {"may", "must_not"} and forms(odd, "scope", texts[odd]):
                continue  # "may ... only" says "may not ... unless"
            said, words = _names_of(found[odd], more[0])
            force, _ = _names_of(found[others[0]], fewer[0])
            sides = {odd: words} | {x: _names_of(found[x], fewer[0])[1] for x in others}
            out.append(Difference(odd, said, force, sides))
        elif not fewer and not more:
            out += _strength(found, odd, others)
        elif found[odd] and all(found[x] for x in others):
            out += _first(found, odd, others, texts)
    if not out:  # other forces differ (a relative clause's "may"): the obligation's strength
        for odd in found:
            out += _strength(found, odd, [x for x in found if x != odd])
    return out


def _first(found: dict[str, list[Form]], odd: str, others: list[str],
           texts: dict[str, str]) -> list[Difference]:  # fmt: skip
    """The odd book's first negative force (the main clause's, as a rule) where the others'
    first forms agree on another: "ei pea" (need not) first where both others say shall not.
    (Positive first forms are often a condition's: "if he may choose, he must ...".)"""
    mine, theirs = found[odd][0], [found[x][0] for x in others]
    if len({f.name for f in theirs}) != 1 or mine.force == theirs[0].force:
        return []
    if not {mine.force, theirs[0].force} <= NEGATIVE:
        return []
    sides = {odd: mine.words} | {x: f.words for x, f in zip(others, theirs, strict=True)}
    return [Difference(odd, mine.name, theirs[0].name, sides)]


def _strength(found: dict[str, list[Form]], odd: str, others: list[str]) -> list[Difference]:
    """The odd book's obligation or prohibition said more weakly (should) or strongly
    (shall) than by every other book, where each book's forms say how strongly."""
    out = []
    for force in ("must", "must_not"):
        levels = {x: {strength(x, f) for f in v if f.force == force} for x, v in found.items()}
        if not levels[odd] or any(None in s or len(s) != 1 for s in levels.values()):
            continue
        theirs = {next(iter(levels[x])) for x in others}
        if len(theirs) == 1 and theirs != levels[odd]:
            said, words = _names_of(found[odd], force)
            name, _ = _names_of(found[others[0]], force)
            sides = {odd: words} | {x: _names_of(found[x], force)[1] for x in others}
            out.append(Difference(odd, said, name, sides))
    return out


def one_to_one(texts: dict[str, str]) -> list[dict[str, str]] | None:
    """The books' sentences one to one (each book's n-th sentence together), where every
    book prints as many; else None.

    >>> one_to_one({"fi": "Pelaaja pelaa. Peli jatkuu.", "et": "Mängija mängib. Mäng jätkub."})
    ... # doctest: +NORMALIZE_WHITESPACE
    [{'fi': 'Pelaaja pelaa.', 'et': 'Mängija mängib.'},
     {'fi': 'Peli jatkuu.', 'et': 'Mäng jätkub.'}]
    >>> one_to_one({"fi": "Pelaaja pelaa. Peli jatkuu.", "et": "Mängija mängib."}) is None
    True
    """
    split = {x: sentences(t) for x, t in texts.items()}
    counts = {len(s) for s in split.values()}
    if len(counts) != 1:
        return None
    return [{x: s[n] for x, s in split.items()} for n in range(counts.pop())]


FORCE_WEAK = {"must": "should", "must_not": "should_not"}  # a force said weakly, by name


def _open_split(found: dict[str, list[Form]]) -> list[tuple[str, str, str]]:
    """Per force every book says, the two books whose forms say its strength, each one way,
    and differ (the strong one first, then the weak one, then the force) where every other
    book's forms leave the strength open.

    >>> t = {"fi": "Hänen pitäisi kutsua.", "tr": "Çağrılmalıdır.", "et": "Ta peab kutsuma."}
    >>> _open_split({x: forms(x, "modal", v) for x, v in t.items()})
    [('et', 'fi', 'must')]
    """
    out = []
    for force in ("must", "must_not"):
        levels = {x: {strength(x, f) for f in v if f.force == force} for x, v in found.items()}
        if any(len(v) != 1 for v in levels.values()):
            continue  # (a book that does not say it, or says it both ways)
        known = {x: level for x, (level,) in levels.items() if level is not None}
        if len(known) == 2 and len(set(known.values())) == 2 and len(known) < len(levels):
            strong, weak = sorted(known, key=lambda x: known[x] != "strong")
            out.append((strong, weak, force))
    return out


def check_open_split(a: Alignment, group: Group, units: dict[str, Unit]) -> Iterator[Finding]:
    """The findings of `_open_split` in a group of three books or more: sentence by sentence
    where the books print as many, else in the whole text; one per group, each book's words.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> [f.message for f in check_open_split(a, a.by_id["6.C"], texts_of(a, a.by_id["6.C"]))]
    ['fi says shall where et says should; tr says it in words that may be either (tulee olla; \
peaksid; bulunmalıdır)']
    """
    texts = {x: _ASIDE.sub("", plain(u)) for x, u in units.items()}
    for piece in one_to_one(texts) or [texts]:
        found = {x: forms(x, "modal", t) for x, t in piece.items()}
        for strong, weak, force in _open_split(found):
            other = [x for x in units if x not in (strong, weak)]
            sides = {x: next(f.words for f in found[x] if f.force == force)
                     for x in (strong, weak, *other)}  # fmt: skip
            params = {"odd": strong, "said": force, "other": weak, "force": FORCE_WEAK[force],
                      "open": names(other), "words": "; ".join(sides.values())}  # fmt: skip
            langs = ordered([strong, weak], other)
            yield text_finding(a, "modal", "warning", group, langs, "modal.open", params,
                               [strong, weak], sides)  # fmt: skip
            return


def _applying(texts: dict[str, str], cites: dict[str, dict[str, tuple[str, int]]],
              uid: str) -> list[Difference]:  # fmt: skip
    """Whether the sentence citing `uid` in each book says the law applies or may apply; the
    book that says otherwise than the others (who agree)."""
    said = {}
    for lang, text in texts.items():
        code = cites[lang][uid][0]
        sentence = next((s for s in sentences(text) if code in s), None)
        found = applies(lang, sentence) if sentence else None
        if found is None:
            return []
        said[lang] = found
    out = []
    for odd, (mine, words) in said.items():
        others = [x for x in said if x != odd]
        theirs = {said[x][0] for x in others}
        # (a must beside "applies" is one rule; beside "may apply", a duty for a choice)
        if len(theirs) == 1 and theirs != {mine} and theirs | {mine} != {"must", "does"}:
            sides = {odd: words} | {x: said[x][1] for x in others}
            out.append(Difference(odd, _APPLYING[mine], _APPLYING[theirs.pop()], sides))
    return out


def _dropped(a: Alignment, units: dict[str, Unit], texts: dict[str, str]) -> list[Difference]:
    """A "may" one book leaves out of a one-sentence text where each other book says it once
    and nothing else modal: the odd book states as done what the others leave to choice (et
    47E2b "määrab kohtunik", the director awards, where fi and tr say he may). Bracketed
    words are not read (an aside's "võib olla"), nor is a lead-in whose items carry the
    "may" (a Turkish list says it in each item). The odd book's words are its last three.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> units = texts_of(a, a.by_id["47.E.2.b"])
    >>> texts = {x: plain(u) for x, u in units.items()}
    >>> [(d.odd, d.words["et"]) for d in _dropped(a, units, texts)]
    [('et', 'määrab kohtunik tulemuse')]
    """
    if any(len(sentences(t)) != 1 for t in texts.values()):
        return []
    found = {x: forms(x, "modal", _ASIDE.sub("", t)) for x, t in texts.items()}
    out = []
    for odd, mine in found.items():
        others = [x for x in found if x != odd]
        if mine or any([f.force for f in found[x]] != ["may"] for x in others):
            continue
        if texts[odd].rstrip().endswith(":"):
            items = [plain(u) for u in a.book(odd).units if u.parent == units[odd].id]
            if any(f.force == "may" for t in items for f in forms(odd, "modal", t)):
                continue
        tail = " ".join(WORD.findall(texts[odd])[-3:])
        sides = {odd: tail} | {x: found[x][0].words for x in others}
        out.append(Difference(odd, "plain", "may", sides))
    return out


def group_differences(a: Alignment, units: dict[str, Unit]) -> list[Difference]:
    """The modal differences of one group's texts (three books at least): sentence by
    sentence where the books print as many, else an obligation or prohibition one book says
    more weakly or strongly in the whole text, where each book says it one way (et 47E1 "ei
    tohiks", should not, where fi "ei ... saa" and tr "edilemez" say may not, in two
    sentences against three); then at the references every book cites, then a "may" one
    book leaves out.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> [(d.odd, d.said, d.theirs) for d in group_differences(a, texts_of(a, a.by_id["47.E.1"]))]
    [('et', 'should_not', 'must_not')]
    """
    texts = {x: plain(u) for x, u in units.items()}
    found: list[Difference] = []
    pieces = one_to_one(texts)
    if pieces is not None:
        for piece in pieces:
            found += differences(piece)
    else:
        whole = {x: forms(x, "modal", t) for x, t in texts.items()}
        for odd in whole:
            found += _strength(whole, odd, [x for x in whole if x != odd])
    cites = {x: citations(u) for x, u in units.items()}
    shared = set.intersection(*(set(c) for c in cites.values()))
    for uid in sorted(shared):
        found += _applying(texts, cites, uid)
    return found + _dropped(a, units, texts)


def usual_forms(book: Book) -> dict[str, tuple[str, int]]:
    """Per modal class, the words a book's laws print most often for it, and how often: the
    book's own words for a force another book says otherwise, where it prints them USUAL
    times at least. Only words the profile lists as they are printed count (et "ei tohi"),
    not a pattern of endings (tr "-abilir", a verb's suffix: "uygulanabilir" is no word to
    put in another verb's place).

    >>> from kb.crosslang.library import get_library
    >>> et, tr = (usual_forms(get_library().book(x)) for x in ("et", "tr"))
    >>> et["must_not"], "may" in tr
    (('ei tohi', 30), False)
    """
    profile = load_qa_words(book.key).get("modal", {})
    spelt = {name: [p.replace(r"\s+", " ") for p in found] for name, found in profile.items()}
    listed = {name: {p for p in found if not _PATTERN.search(p)} for name, found in spelt.items()}
    counts: dict[str, Counter[str]] = {}
    for unit in book.units:
        if unit.kind in LAW_LEVELS:
            for f in forms(book.key, "modal", plain(unit)):
                if f.words.lower() in listed.get(f.name, ()):
                    counts.setdefault(f.name, Counter())[f.words.lower()] += 1
    usual = {name: c.most_common(1)[0] for name, c in counts.items()}
    return {name: (words, n) for name, (words, n) in usual.items() if n >= USUAL}


def check_modal(a: Alignment) -> Iterator[Finding]:
    """Modal force one book changes (see the module's description): one finding per unit
    and book, at the first difference, with each book's words; the fix is the other books'
    force in the book's own usual words (`usual_forms`: et 72B3 "ei peaks", should not,
    where fi and tr forbid: "ei tohi", as et says it 30 times), else their reading.
    """
    usual = {x: usual_forms(a.book(x)) for x in a.peers}
    for group in a.groups:
        units = texts_of(a, group)
        if len(units) >= 3:
            found = list(reading_findings(a, "modal", group, list(units),
                                          group_differences(a, units), "force"))  # fmt: skip
            for f in found:
                force = f.params["force"]
                if force in usual[f.about[0]]:
                    form, count = usual[f.about[0]][force]
                    fix = {"code": "fix.force", "force": force, "form": form, "count": count}
                    f = replace(f, fix=fix)
                yield f
            if not found:
                yield from check_open_split(a, group, units)


CHECKS = (Check("modal", "meaning", check_modal),)
