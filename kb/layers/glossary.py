"""The glossary: each book's definitions linked across languages, and defined terms in law text.

A layer keyed by unit id. The cross-language links are data (`kb/data/definitions.toml`): each
definition belongs to a concept named by its English term, or is listed as unlinked with a
reason. Term links are found by a generic rule on the words of each term (see `term_links`);
nothing here knows a language except through that data.

>>> concept_of("sk", "def.karta-pokutova")
'penalty-card'
>>> definitions_of("penalty-card")["tr"]
['def.cezali-kart']
"""

from __future__ import annotations

import re
import tomllib
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from kb.core.ids import LAW_LEVELS
from kb.core.model import Unit
from kb.profiles import load_words

DATA = Path(__file__).resolve().parent.parent / "data" / "definitions.toml"

# The matching rule for a word of a term (all lengths in letters): a word shorter than
# MIN_STEM matches only itself; a longer one matches any word that starts with its stem and
# is at most MAX_TAIL letters longer than it. The stem is the word less its last letters, one
# for every CUT_PER letters of the word, 1 to MAX_CUT of them, keeping at least MIN_STEM.
MIN_STEM = 4
CUT_PER = 4
MAX_CUT = 3
MAX_TAIL = 4

_WORD = re.compile(r"\w+")
_ALTERNATIVE = re.compile(r"^(?P<main>[^()]+?)\s*\((?P<alt>[^()]+)\)$")


@dataclass(frozen=True)
class Link:
    """A definition's place in a concept, and how the link was identified (`english`, `laws`
    or `wording`)."""

    concept: str
    lang: str
    id: str
    by: str


@dataclass(frozen=True)
class Unlinked:
    """A definition with no counterpart in another book, and why."""

    lang: str
    id: str
    reason: str


@cache
def _data() -> dict[str, Any]:
    return tomllib.loads(DATA.read_text(encoding="utf-8"))


@cache
def links() -> tuple[Link, ...]:
    """Every definition linked to a concept, concept by concept, in the data's order.

    >>> [(x.lang, x.id, x.by) for x in links() if x.concept == "lho"]
    [('fi', 'def.vpv', 'wording'), ('et', 'def.vasakpoolne-vastane', 'english')]
    """
    return tuple(
        Link(key, lang, entry["id"], entry["by"])
        for key, concept in _data()["concepts"].items()
        for lang, entries in concept.items()
        if lang != "aka"
        for entry in entries
    )


def concepts() -> list[str]:
    """The concept keys, in the data's (alphabetical) order.

    >>> concepts()[:3]
    ['adjusted-score', 'alert', 'artificial-call']
    """
    return list(_data()["concepts"])


def english(concept: str) -> list[str]:
    """The English terms of a concept: its key with spaces, then the spellings the books print.

    >>> english("honour")
    ['honour', 'honor']
    """
    return [concept.replace("-", " "), *_data()["concepts"][concept].get("aka", [])]


def concept_of(lang: str, def_id: str) -> str | None:
    """The concept a definition belongs to (None: unlinked or unknown).

    >>> concept_of("et", "def.jaotusekarp"), concept_of("sk", "def.veduci")
    ('board', None)
    """
    return next((x.concept for x in links() if x.lang == lang and x.id == def_id), None)


def definitions_of(concept: str) -> dict[str, list[str]]:
    """A concept's definition ids per language (only languages that define it).

    >>> definitions_of("play")["sk"]
    ['def.zahranie', 'def.zohravka']
    >>> sorted(definitions_of("visible-card"))
    ['et', 'fi']
    """
    if concept not in _data()["concepts"]:
        raise KeyError(f"no concept {concept!r}")
    return {lang: list(ids) for lang, ids in _definitions().get(concept, {}).items()}


@cache
def _definitions() -> dict[str, dict[str, list[str]]]:
    """Every concept's definition ids per language, read once (the report asks 70,000 times
    at twelve copies of the corpus)."""
    found: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for x in links():
        found[x.concept][x.lang].append(x.id)
    return {concept: dict(ids) for concept, ids in found.items()}


def unlinked() -> list[Unlinked]:
    """The definitions no other book defines, with the reason.

    >>> [(u.lang, u.id) for u in unlinked() if u.lang == "sk"]
    [('sk', 'def.konvencia'), ('sk', 'def.veduci')]
    """
    return [Unlinked(u["lang"], u["id"], u["reason"]) for u in _data()["unlinked"]]


def fold(text: str, lang: str) -> str:
    """Lower-case a text letter for letter (same length, so offsets carry over), the letters
    whose lower case is the language's own first (its profile's `Words.casing`: Turkish `I` is
    `ı`, `İ` is `i`).

    >>> fold("IMP İLK", "tr"), fold("IMP", "fi")
    ('ımp ilk', 'imp')
    """
    for upper, lower in load_words(lang).casing:
        text = text.replace(upper, lower)
    lowered = text.lower()
    if len(lowered) == len(text) and "Σ" not in text:
        return lowered  # every letter's lower case one letter (and no Greek final sigma)
    return "".join(c if len(c.lower()) != 1 else c.lower() for c in text)


def term_forms(term: str) -> list[str]:
    """The forms of a term as it may appear in running text: a parenthesised alternative is a
    form of its own; an inverted term (`Head, modifier[, modifier]`) is put in text order,
    once per modifier.

    >>> term_forms("Psyykinen tarjous (Bluffi)")
    ['Psyykinen tarjous', 'Bluffi']
    >>> term_forms("Hláška, psychická, klamlivá")
    ['psychická Hláška', 'klamlivá Hláška']
    """
    m = _ALTERNATIVE.match(term)
    if m:
        return [*term_forms(m["main"]), *term_forms(m["alt"])]
    head, *modifiers = (part.strip() for part in term.split(","))
    return [f"{mod} {head}" for mod in modifiers] or [head]


def word_match(term_word: str, word: str) -> int:
    """How well a (folded) word of the text matches a (folded) word of a term: the length of
    their common prefix, or 0 where the rule (MIN_STEM, CUT_PER, MAX_CUT, MAX_TAIL) rejects it.

    >>> word_match("rangaistuskortti", "rangaistuskortiksi")
    14
    >>> word_match("pas", "pas"), word_match("pas", "pasif")
    (3, 0)
    >>> word_match("kilpailu", "kilpailunjohtaja")  # more than MAX_TAIL letters longer
    0
    """
    if len(term_word) < MIN_STEM:
        return len(word) if word == term_word else 0
    cut = min(MAX_CUT, max(1, len(term_word) // CUT_PER))
    stem = term_word[: max(MIN_STEM, len(term_word) - cut)]
    if not word.startswith(stem) or len(word) > len(term_word) + MAX_TAIL:
        return 0
    common = len(stem)
    while common < min(len(word), len(term_word)) and word[common] == term_word[common]:
        common += 1
    return common


@dataclass(frozen=True)
class _Term:
    words: tuple[str, ...]  # folded
    target: str
    not_words: re.Pattern[str] | None  # words that are not forms of this term


class _Matcher:
    """A book's linkable terms: every form of each term (`term_forms`), bucketed by the first
    MIN_STEM letters of its first word. A form two definitions share (the Estonian JAOTUS,
    both 'board' and 'deal') is left out, and so are the data's `skip` definitions; words the
    data lists under `not` for a definition never match its term."""

    def __init__(self, definitions: list[Unit], lang: str) -> None:
        data = _data()["terms"].get(lang, {})
        skip = set(data.get("skip", []))
        not_words = {d: re.compile("|".join(p)) for d, p in data.get("not", {}).items()}
        targets: dict[tuple[str, ...], set[str]] = defaultdict(set)
        for d in definitions:
            if d.term and d.id not in skip:
                for form in term_forms(d.term):
                    targets[tuple(_WORD.findall(fold(form, lang)))].add(d.id)
        self.buckets: dict[str, list[_Term]] = defaultdict(list)
        for words, ids in targets.items():
            if len(ids) == 1:
                target = ids.pop()
                term = _Term(words, target, not_words.get(target))
                self.buckets[words[0][:MIN_STEM]].append(term)
        self.lang = lang

    def score(
        self, term: _Term, folded: str, words: list[re.Match[str]], i: int
    ) -> tuple[int, int]:
        """How well a term matches at word `i`: (words matched, summed common prefix), or
        (0, 0) where it does not match (the term's words must follow one another with only
        white space between)."""
        if i + len(term.words) > len(words):
            return (0, 0)
        total = 0
        for k, term_word in enumerate(term.words):
            word = words[i + k]
            if k and folded[words[i + k - 1].end() : word.start()].strip():
                return (0, 0)
            excluded = term.not_words and term.not_words.fullmatch(word[0])
            common = 0 if excluded else word_match(term_word, word[0])
            if not common:
                return (0, 0)
            total += common
        return (len(term.words), total)

    def find(self, text: str) -> list[dict[str, Any]]:
        """The links in a text, left to right; the best-scoring term wins at each word."""
        folded = fold(text, self.lang)
        words = list(_WORD.finditer(folded))
        found: list[dict[str, Any]] = []
        i = 0
        while i < len(words):
            candidates = self.buckets.get(words[i][0][:MIN_STEM], [])
            scored = [(self.score(t, folded, words, i), t) for t in candidates]
            (n, _), best = max(scored, key=lambda s: s[0], default=((0, 0), None))
            if best is None or not n:
                i += 1
                continue
            start, end = words[i].start(), words[i + n - 1].end()
            found.append(
                {"term": text[start:end], "target": best.target, "start": start, "end": end}
            )
            i += n
        return found


def term_links(units: Iterable[Unit]) -> dict[str, list[dict[str, Any]]]:
    """Where the defined terms of a book appear in the text of its law-tree units.

    `units` are one book's units (its definitions among them). Each link gives the term as
    printed, the definition it targets and its offsets in the unit's `text` (in its `tail`,
    the text printed after it, or a table's caption, its `title`, when the link says so in
    `"field"`); units without a
    link are left out. A term matches whole words, case-insensitively, word by word under the
    rule of `word_match`; where terms compete, the one matching more words, then the closer
    one, wins. Definitions are not law-tree units, so no term is linked in its own definition.

    >>> d = Unit("def.trahvikaart", "definition", "", "", "", "et", 2017, (1, 1),
    ...          term="TRAHVIKAART")
    >>> law = Unit("50.A", "section", "A.", "", "Trahvikaardiks loetakse", "et", 2017, (2, 2))
    >>> term_links([d, law])
    {'50.A': [{'term': 'Trahvikaardiks', 'target': 'def.trahvikaart', 'start': 0, 'end': 14}]}
    """
    units = list(units)
    langs = {u.lang for u in units}
    if len(langs) > 1:
        raise ValueError(f"term_links takes one book's units, not {sorted(langs)}")
    lang = langs.pop() if langs else ""
    matcher = _Matcher([u for u in units if u.kind == "definition"], lang)
    found = {}
    for u in units:
        # A table's own cells are not running text; its caption and the text after it are.
        tables = ("title", "tail")
        fields = ("text", "tail") if u.kind in LAW_LEVELS else tables if u.kind == "table" else ()
        for field in fields:
            source = getattr(u, field)
            for match in matcher.find(source) if source else []:
                tagged = match | {"field": field} if field != "text" else match
                found.setdefault(u.id, []).append(tagged)
    return found
