"""Commas a language's norm sets around a clause, missing:

- after a clause that opens a sentence (`typography.comma`): Finnish and Estonian close a
  clause begun by "jos", "kun", "kui" ... with a comma before the main clause, and a
  reviewer marks one run on into it: fi 54E "Jos pelinviejä tai lepääjä pelaa
  aloituskortin sovelletaan lakia 24 §", et 14B1 "Kui kaart leitakse ... hulgast rakendub
  reegel 67";
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

from kb.crosslang.library import Book
from kb.profiles import alternation, load_qa_words
from kb.qa.checks.base import pieces, printed_texts, without_pages
from kb.qa.checks.grammar import Analyse, Reading, analyser

Slip = tuple[str, str, str]  # kind, the words as printed, the words mended

_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
_HEAD_END = re.compile(r"[,;:–—]")
_NOMINATIVE = {"nimento", "n"}  # Voikko's and Vabamorf's nominative
_SUBJECT_OR_GENITIVE = {*_NOMINATIVE, "omanto", "g"}


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


def _finite(readings: tuple[Reading, ...], first: bool) -> bool:
    """Every reading a finite verb; for the clause's own verb (`first`), some reading is one
    and none a noun, pronoun or adjective in the nominative or genitive (fi "kulun", a
    genitive before "kannalta"; "riittävät", sufficient, before its noun)."""
    if not first:
        return bool(readings) and all(r.finite for r in readings)
    return any(r.finite for r in readings) and not any(
        r.cls in ("noun", "pron", "adj") and r.case in _SUBJECT_OR_GENITIVE for r in readings
    )


def main_clause(words: list[str], analyse: Analyse, clause: dict[str, Any]) -> int | None:
    """Where the main clause's verb stands in the words of a sentence opened by a clause
    (see the module's description), None where no main clause's verb is read.

    >>> from kb.profiles import load_qa_words
    >>> fi = load_qa_words("fi")["typography"]["clause"]
    >>> main_clause("Jos pelinviejä pelaa kortin sovelletaan lakia".split(), analyser("voikko"), fi)
    4
    >>> main_clause("Ellei toisin ole määrätty".split(), analyser("voikko"), fi) is None
    True
    """
    lower = [w.lower() for w in words]
    negations, joins = set(clause["negations"]), set(clause["joins"])
    embeds = alternation(tuple(clause["embeds"]))
    state = "negation" if lower[0] in negations else "clause"
    after_verb = False  # (the word before was a finite verb: a verb chain is one)
    for i, word in enumerate(lower[1:], 1):
        if embeds.fullmatch(word):
            return None
        if word in joins:
            state, after_verb = "clause", False  # (a second clause of the same kind)
            continue
        if word in negations:
            state, after_verb = "negation", True
            continue
        readings = analyse(word)
        if state == "main" and not after_verb and _finite(readings, first=False):
            return i
        verb = any(r.finite for r in readings) if state == "negation" else _finite(readings, True)
        if i > 1 and state in ("negation", "clause") and verb:
            state = "main"  # (the clause's verb: not the word just after the opening one)
        after_verb = state == "main" and any(r.finite for r in readings)
    return None


def _subject_first(words: list[re.Match[str]], at: int, analyse: Analyse) -> int:
    """Where a main clause whose verb is at `at` begins: at its subject where the word before
    the verb, past adverbs ("kilpailunjohtaja kuitenkin toimii"), reads only as a
    nominative noun or pronoun (not the clause's first word), else at the verb."""
    k = at - 1
    while k > 2 and all(r.cls in ("other", "adv") and not r.finite
                        for r in analyse(words[k][0].lower()) or [Reading("noun")]):  # fmt: skip
        k -= 1  # (an adverb: a word read as nothing else)
    readings = analyse(words[k][0].lower())
    nominative = bool(readings) and all(
        r.cls in ("noun", "pron") and r.case in _NOMINATIVE for r in readings
    )
    return k if k > 1 and nominative else at


def _opened(sentence: str, opens: re.Pattern[str], joins: set[str]) -> Iterator[str]:
    """The parts of a sentence a clause opens: the sentence, where its first word is one of
    `opens`, and what follows a comma or a semicolon where a word of `joins` and then one of
    `opens` begin it (fi 86B3 "..., mutta jos säännöstö puuttuu kilpailunjohtaja toimii").

    >>> list(_opened("Hän pelaa, mutta jos X puuttuu Y toimii", re.compile("Jos"), {"mutta"}))
    ['jos X puuttuu Y toimii']
    """
    words = _words(sentence)
    if words and opens.fullmatch(words[0][0]):
        yield sentence
    for m in re.finditer(r"[,;]\s+(\S+)\s+(?=(\S+))", sentence):
        if m[1].lower() in joins and opens.fullmatch(m[2].capitalize()):
            yield sentence[m.end() :]


def unclosed(book: Book) -> dict[str, list[Slip]]:
    """Per unit, a clause opening a sentence, or a clause after a comma and a joining word
    (`_opened`), that runs into its main clause without the comma its language closes it
    with: the two words where the comma goes, and the fix with it; {} where the profile has
    no `typography.clause` or no analyser is installed.

    >>> from kb.crosslang.library import get_library
    >>> unclosed(get_library().book("et"))["14.B.1"]
    [('comma', 'hulgast rakendub', 'hulgast, rakendub')]
    """
    profile = load_qa_words(book.key)
    clause = profile.get("typography", {}).get("clause")
    analyse = analyser(profile.get("grammar", {}).get("analyser", ""))
    if not clause or analyse is None:
        return {}
    opens, joins = alternation(tuple(clause["opens"])), set(clause["joins"])
    found: dict[str, list[Slip]] = {}
    for unit, text in printed_texts(book):
        for sentence in pieces(unit.title, without_pages(text, book.key)):
            for part in _opened(sentence, opens, joins):
                words = _words(part)
                at = main_clause([m[0] for m in words], analyse, clause)
                if at is None:
                    continue
                word = words[_subject_first(words, at, analyse)]
                cut = len(part[: word.start()].rstrip())  # (after a bracket or a quote)
                start = part.rfind(" ", 0, cut) + 1
                fixed = f"{part[start:cut]},{part[cut : word.end()]}"
                found.setdefault(unit.id, []).append(("comma", part[start : word.end()], fixed))
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


def _exempt(before: str, word: str, earlier: str, table: bool, clause: dict[str, Any]) -> bool:
    """Whether a word that begins a clause takes no comma before it where it stands: after a
    mark or a dash, after a word of the profile's `unmarked`, in capitals in a table (a
    header on its own line), or after its pair in the sentence (`paired`: "sekä ... että").

    >>> _exempt("sekä", "joka", "", False, {"unmarked": ["sekä"]})
    True
    """
    unmarked = {w.lower() for w in clause.get("unmarked", [])}
    return (
        before[-1] in ",;:(.—–"
        or before.strip("”()").lower() in unmarked
        or (table and word.isupper())
        or clause.get("paired", {}).get(word.lower(), "\0") in earlier.lower().split()
    )


def within(book: Book) -> dict[str, list[Slip]]:
    """Per unit, a relative pronoun of the profile's `typography.clause.relatives`, or a
    word of its `within` that begins a clause (a finite verb follows before the next mark),
    after a word with no comma between, where none is exempt (`_exempt`): the two words, and
    the fix with the comma; {} where the profile names none or no analyser is installed.

    >>> from kb.crosslang.library import get_library
    >>> within(get_library().book("fi"))["14.A.1"]
    [('clause', 'käteen josta', 'käteen, josta')]
    """
    profile = load_qa_words(book.key)
    clause = profile.get("typography", {}).get("clause", {})
    analyse = analyser(profile.get("grammar", {}).get("analyser", ""))
    if not clause.get("within") or analyse is None:
        return {}
    relative = alternation(tuple(clause.get("relatives", [])))
    begins = alternation((*clause.get("relatives", []), *clause["within"])).pattern
    negations = set(clause["negations"])
    found: dict[str, list[Slip]] = {}
    for unit, text in printed_texts(book):
        for sentence in pieces(unit.title, without_pages(text, book.key)):
            for m in re.finditer(rf"(?<=\S) ((?i:{begins}))\b", sentence):
                earlier = sentence[: m.start()]
                before = earlier.split()[-1]
                if _exempt(before, m[1], earlier, unit.kind == "table", clause):
                    continue
                after = _WORD.findall(re.split(r"[,.;:()]", sentence[m.end() :])[0])
                if relative.fullmatch(m[1].lower()) or _has_verb(after, analyse, negations):
                    slip = ("clause", f"{before} {m[1]}", f"{before}, {m[1]}")
                    if slip not in found.setdefault(unit.id, []):  # (75D3 prints it twice)
                        found[unit.id].append(slip)
    return {uid: slips for uid, slips in found.items() if slips}
