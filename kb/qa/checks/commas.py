"""Commas a language's norm sets around a clause, missing:

- after a clause that opens a sentence (`typography.comma`): Finnish and Estonian close a
  clause begun by "jos", "kun", "kui" ... with a comma before the main clause, and a
  reviewer marks one run on into it: fi 54E "Jos pelinviejä tai lepääjä pelaa
  aloituskortin sovelletaan lakia 24 §", et 14B1 "Kui kaart leitakse ... hulgast rakendub
  reegel 67"; so is a relative clause set off by a comma within a sentence and run on into
  the rest of its main clause (the profile's `relatives`: fi 18D "Maalaus, joka ei ylitä
  ... maalausta on riittämätön");
- between a sentence's subject and its verb (`typography.stray`): no clause stands before
  the comma for it to close (et 18D "Eelmisest nimelisest pakkumisest madalam nimeline
  pakkumine, on küündimatu");
- before a clause that begins within a sentence (`typography.clause`): Finnish sets off
  a relative clause whatever it says, a clause of "että", "kun", "jos" ..., and one "mutta"
  joins: fi 14A1 "palautetaan käteen josta se puuttuu", 16B3 "katsoo että", 53B
  "takaisin mutta lakia 16C § sovelletaan" (the profile's `typography.clause.within`; no
  comma after a word of `unmarked`: "ja joka", "sen jälkeen kun").

The sentence is read with its language's morphological analyser (`kb.qa.checks.grammar`),
up to its first comma, semicolon, colon or dash, brackets left out: after the words that
open the clause (the profile's `typography.clause.opens`), its finite verb (its negation's
verb after a negation, "Ellei kukaan maalaa"), then a word every reading of which is a
finite verb is the main clause's. The search stops at a word that begins a clause within it
(`embeds`: "ennen kuin", "joka"), and a coordinating word (`joins`) opens a second clause
that needs its own verb. The first finite verb may be a word read another way too
("määrää", amount or decides), but not the word just after the opening one, nor a word that
is also a genitive noun (fi "kulun kannalta"). The comma goes before the main clause's verb,
or before its subject where the word before the verb reads only as a nominative noun or
pronoun (fi 17D2 "maalaa (katso laki 22B §), tarjousvaihe päättyy").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from kb.core.model import Unit
from kb.profiles import alternation, load_qa_words
from kb.qa.checks.base import Slip, pieces
from kb.qa.checks.grammar import GENITIVE, NOMINATIVE, Analyse, Reading, analyser

_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
_HEAD_END = re.compile(r"[,;:–—]")
_CLAUSE_END = re.compile(r"[,.;:()–—]")
_FIRST_COMMA = re.compile(r"([^,;:()–—]+), (\S+)")  # a sentence's words up to its first comma
_SUBJECT_OR_GENITIVE = NOMINATIVE | GENITIVE


def _words(sentence: str) -> list[re.Match[str]]:
    """The words of a sentence up to its first comma, semicolon, colon or dash, each with its
    place; words in brackets are left out.

    >>> [m[0] for m in _words("Jos hän pelaa (katso laki 24) kortin, niin")]
    ['Jos', 'hän', 'pelaa', 'kortin']
    """
    depth, found = 0, []
    for m in re.finditer(rf"{_WORD.pattern}|[()]|{_HEAD_END.pattern}", sentence):
        if m[0] == "(":
            depth += 1
        elif m[0] == ")":
            depth = max(depth - 1, 0)
        elif depth == 0 and _HEAD_END.fullmatch(m[0]):
            break
        elif depth == 0:
            found.append(m)
    return found


def _clause_profile(lang: str) -> tuple[dict[str, Any], Analyse] | None:
    """A language's `typography.clause` profile and the analyser its sentences are read
    with; None where the profile has none or the analyser is not installed.

    >>> _clause_profile("fi")[0]["opens"][0], _clause_profile("tr")
    ('Jos', None)
    """
    profile = load_qa_words(lang)
    clause = profile.get("typography", {}).get("clause")
    analyse = analyser(profile.get("grammar", {}).get("analyser", ""))
    return (clause, analyse) if clause and analyse is not None else None


def _finite(readings: tuple[Reading, ...], first: bool) -> bool:
    """Every reading a finite verb; for the clause's own verb (`first`), some reading is one
    and none a noun, pronoun or adjective in the nominative or genitive (fi "kulun", a
    genitive before "kannalta"; "riittävät", sufficient, before its noun)."""
    if not first:
        return bool(readings) and all(r.finite for r in readings)
    return any(r.finite for r in readings) and not any(
        r.cls in ("noun", "pron", "adj") and r.case in _SUBJECT_OR_GENITIVE for r in readings
    )


def main_clause(
    words: list[str], analyse: Analyse, clause: dict[str, Any], first: int = 2
) -> int | None:
    """Where the main clause's verb stands in the words of a sentence opened by a clause
    (see the module's description), None where no main clause's verb is read. The clause's
    own verb stands `first` words after its opening one at the earliest: the word after
    "jos" is its subject, the word after a relative pronoun may be its verb ("jolla on").

    >>> from kb.profiles import load_qa_words
    >>> fi = load_qa_words("fi")["typography"]["clause"]
    >>> voikko = analyser("voikko")
    >>> main_clause("Jos pelinviejä pelaa kortin sovelletaan lakia".split(), voikko, fi)
    4
    >>> main_clause("Jos pelinviejä pelaa kortin ei sovelleta lakia".split(), voikko, fi)
    4
    >>> main_clause("Ellei toisin ole määrätty".split(), voikko, fi) is None
    True
    >>> main_clause("jolla on väärä määrä kortteja on tarjonnut".split(), voikko, fi, first=1)
    5
    """
    if not words:
        return None
    lower = [w.lower() for w in words]
    negations = set(clause.get("negations", []))
    joins, embeds = set(clause.get("joins", [])), alternation(tuple(clause.get("embeds", [])))
    # The states: "clause" until the clause's verb ("negation" until a negation's verb), then
    # "main": the next finite word that does not go on a verb chain is the main clause's
    # (a negation there is its first word); a joining word opens a second clause first.
    state = "negation" if lower[0] in negations else "clause"
    after_verb = False  # (the word before was a finite verb: a verb chain is one)
    for i, word in enumerate(lower[1:], 1):
        if embeds.fullmatch(word):
            return None
        if word in joins:
            state, after_verb = "clause", False
            continue
        if word in negations:
            if state == "main" and not after_verb:
                return i
            state = "negation"
            continue
        readings = analyse(word)
        if state == "main" and not after_verb and _finite(readings, first=False):
            return i
        verb = any(r.finite for r in readings) if state == "negation" else _finite(readings, True)
        if i >= first and state in ("negation", "clause") and verb:
            state = "main"  # (the clause's verb: not before the `first` word)
        after_verb = state == "main" and any(r.finite for r in readings)
    return None


def _subject_first(matches: list[re.Match[str]], at: int, analyse: Analyse) -> int:
    """Where a main clause whose verb is at `at` begins: at its subject where the verb is a
    personal one (not a passive: "..., sovelletaan lakia") and the word before it, past
    adverbs ("kilpailunjohtaja kuitenkin toimii"), reads only as a nominative noun or
    pronoun; else at the verb."""
    if not any(r.cls == "verb" for r in analyse(matches[at][0].lower())):
        return at  # (Voikko's personal indicative; Vabamorf names no person: at the verb)
    k = at - 1
    while k > 2:
        readings = analyse(matches[k][0].lower())
        if not readings or not all(r.cls in ("other", "adv") and not r.finite for r in readings):
            break
        k -= 1  # (an adverb: a word read as nothing else)
    readings = analyse(matches[k][0].lower())
    nominative = bool(readings) and all(
        r.cls in ("noun", "pron") and r.case in NOMINATIVE for r in readings
    )
    return k if nominative else at


def _opened(
    sentence: str, opens: re.Pattern[str], joins: set[str], relatives: re.Pattern[str]
) -> Iterator[tuple[str, int]]:
    """The parts of a sentence a clause opens, each with where its verb may stand first
    (`main_clause`): the sentence, where its first word is one of `opens`; what follows a
    comma or a semicolon where a word of `joins` and then one of `opens` begin it (fi 86B3
    "..., mutta jos säännöstö puuttuu kilpailunjohtaja toimii"); and a relative clause after
    a comma within the sentence (`relatives`), which a comma closes before the rest of its
    main clause.

    >>> list(_opened("Hän pelaa, mutta jos X puuttuu Y toimii", re.compile("Jos"), {"mutta"},
    ...              re.compile("joka")))
    [('jos X puuttuu Y toimii', 2)]
    """
    words = _words(sentence)
    if words and opens.fullmatch(words[0][0]):
        yield sentence, 2
    for m in re.finditer(r"[,;]\s+(\S+)\s+(?=(\S+))", sentence):
        if m[1].lower() in joins and opens.fullmatch(m[2].capitalize()):
            yield sentence[m.end() :], 2
        elif m[0][0] == "," and relatives.fullmatch(m[1].lower()):
            yield sentence[m.start(1) :], 1


def unclosed(lang: str, texts: list[tuple[Unit, str]]) -> dict[str, list[Slip]]:
    """Per unit, a clause opening a sentence, a clause after a comma and a joining word, or a
    relative clause after a comma (`_opened`), that runs into its main clause without the
    comma its language closes it with: the two words where the comma goes, and the fix with
    it; {} where the profile has no `typography.clause` or no analyser is installed.
    `texts`: a book's printed texts, page references left out
    (`kb.qa.checks.style.book_slips` reads them once).

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.checks.base import printed_texts
    >>> unclosed("et", list(printed_texts(get_library().book("et"))))["14.B.1"]
    [('comma', 'hulgast rakendub', 'hulgast, rakendub')]
    """
    if (read := _clause_profile(lang)) is None:
        return {}
    clause, analyse = read
    opens = alternation(tuple(clause.get("opens", [])))
    joins = set(clause.get("joins", []))
    relatives = alternation(tuple(clause.get("relatives", [])))
    found: dict[str, list[Slip]] = {}
    for unit, text in texts:
        for sentence in pieces(unit.title, text):
            for part, first in _opened(sentence, opens, joins, relatives):
                matches = _words(part)
                at = main_clause([m[0] for m in matches], analyse, clause, first)
                if at is None:
                    continue
                word = matches[_subject_first(matches, at, analyse)]
                cut = len(part[: word.start()].rstrip())  # (after a bracket or a quote)
                start = part.rfind(" ", 0, cut) + 1
                slip = (
                    "comma",
                    part[start : word.end()],
                    f"{part[start:cut]},{part[cut : word.end()]}",
                )
                if slip not in found.setdefault(unit.id, []):  # (a text printed twice)
                    found[unit.id].append(slip)
    return found


def _has_verb(words: list[str], analyse: Analyse, negations: set[str]) -> bool:
    """Whether words have a finite verb: a word every reading of which is one, or a negation
    with its verb ("mutta ei arvoa", but not the value, has none)."""
    lower = [w.lower() for w in words]
    return any(
        (w not in negations and _finite(analyse(w), first=False))
        or (w in negations and bool(nxt) and any(r.finite for r in analyse(nxt)))
        for w, nxt in zip(lower, [*lower[1:], ""], strict=True)
    )


def _exempt(before: str, word: str, earlier: str, table: bool, unmarked: set[str],
            paired: dict[str, str]) -> bool:  # fmt: skip
    """Whether a word that begins a clause takes no comma before it where it stands: after a
    mark or a dash, after a word of the profile's `unmarked`, in capitals in a table (a
    header on its own line), or after its pair in the sentence (`paired`: "sekä ... että").

    >>> _exempt("sekä", "joka", "", False, {"sekä"}, {})
    True
    >>> _exempt("katsoo", "että", "sekä hän katsoo", False, set(), {"että": "sekä"})
    True
    """
    pair = paired.get(word.lower())
    return (
        before[-1] in ",;:(.—–"
        or before.strip("”()").lower() in unmarked
        or (table and word.isupper())
        or (pair is not None and pair in earlier.lower().split())
    )


def within(lang: str, texts: list[tuple[Unit, str]]) -> dict[str, list[Slip]]:
    """Per unit, a relative pronoun of the profile's `typography.clause.relatives`, or a
    word of its `within` that begins a clause (a finite verb follows before the next mark),
    after a word with no comma between, where none is exempt (`_exempt`): the two words, and
    the fix with the comma; {} where the profile names none or no analyser is installed.
    `texts` as for `unclosed`.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.checks.base import printed_texts
    >>> within("fi", list(printed_texts(get_library().book("fi"))))["14.A.1"]
    [('clause', 'käteen josta', 'käteen, josta')]
    """
    if (read := _clause_profile(lang)) is None or not read[0].get("within"):
        return {}
    clause, analyse = read
    relative = alternation(tuple(clause.get("relatives", [])))
    begins = alternation((*clause.get("relatives", []), *clause["within"])).pattern
    negations = set(clause.get("negations", []))
    unmarked = {w.lower() for w in clause.get("unmarked", [])}
    paired = clause.get("paired", {})
    found: dict[str, list[Slip]] = {}
    for unit, text in texts:
        for sentence in pieces(unit.title, text):
            for m in re.finditer(rf"(?<=\S) ((?i:{begins}))\b", sentence):
                earlier = sentence[: m.start()]
                before = earlier.split()[-1]
                if _exempt(before, m[1], earlier, unit.kind == "table", unmarked, paired):
                    continue
                # (the clause up to the next mark: a bracket ends it too, where `_words`,
                # reading a clause that opens a sentence, reads past one)
                after = _WORD.findall(_CLAUSE_END.split(sentence[m.end() :])[0])
                if relative.fullmatch(m[1].lower()) or _has_verb(after, analyse, negations):
                    slip = ("clause", f"{before} {m[1]}", f"{before}, {m[1]}")
                    if slip not in found.setdefault(unit.id, []):  # (75D3 prints it twice)
                        found[unit.id].append(slip)
    return found


def stray(lang: str, texts: list[tuple[Unit, str]]) -> dict[str, list[Slip]]:
    """Per unit, a comma between a sentence's subject and its verb: the words before the
    sentence's first comma (two at least) have no finite verb, so no clause for the comma to
    close, and the word after it is a finite verb, not a concessive one (the profile's
    `typography.clause.concessive`: fi "olipa", et "olgu", whether it is ...). The two words
    and the fix without the comma; {} where the profile has no `typography.clause` or no
    analyser is installed. `texts` as for `unclosed`.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.checks.base import printed_texts
    >>> stray("et", list(printed_texts(get_library().book("et"))))
    {'18.D': [('stray', 'pakkumine, on', 'pakkumine on')]}
    """
    if (read := _clause_profile(lang)) is None:
        return {}
    clause, analyse = read
    concessive = alternation(tuple(clause.get("concessive", [])))
    found: dict[str, list[Slip]] = {}
    for unit, text in texts:
        for sentence in pieces(unit.title, text):
            m = _FIRST_COMMA.match(sentence)
            if m is None or len(head := _WORD.findall(m[1])) < 2:
                continue
            verb = m[2].rstrip(".,;:").lower()
            if concessive.fullmatch(verb) or not _finite(analyse(verb), first=False):
                continue
            if not any(r.finite for w in head for r in analyse(w.lower())):
                slip = ("stray", f"{head[-1]}, {m[2]}", f"{head[-1]} {m[2]}")
                found.setdefault(unit.id, []).append(slip)
    return found
