"""Concepts for search: the books' own subject index (and the definitions' English terms) and
the situation thesaurus, as a bridge from the words a player types to the units that answer
them, in every book.

Whoosh has no part here: the concepts are a small table the index build writes beside the
Whoosh index (`concepts.json`, naming units by id), matched at search time by
`kb.search.matching`. A concept is one index entry (or one defined term, or one phrase of a
situation) with its printed terms, per language (Estonian and English for the Estonian
index, Finnish for the Finnish one, English for a Slovak or Estonian definition's printed
gloss and for a glossary concept's name), the heading it stands under, and its targets in
its own book; a matched concept brings its targets up in whichever book is searched
(`kb.search.units`): the same canonical id in a 2017 book, the 2007 units of the edition map
in the Slovak book, the card's topics citing it, and a definition through the glossary's
links.

>>> found = book_concepts({"et": [_sample()]})
>>> found[0]["terms"], found[0]["targets"]
({'et': 'Avakäik väljaspool järjekorda', 'en': 'Out of turn'}, ['54'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from kb.core.ids import code_parts, unit_id
from kb.core.model import Unit
from kb.layers import glossary
from kb.profiles import load_situations

ENGLISH = "en"


def _sample() -> Unit:
    entry = {
        "term": "Avakäik väljaspool järjekorda",
        "heading": "Avakäik",
        "english": "Out of turn",
        "heading_english": "Opening lead",
        "targets": ["54"],
        "lines": [2633],
    }
    return Unit("index", "index", "", "", "", "et", 2017, (1, 1), entries=[entry])


def concept(
    source: str,
    edition: int,
    terms: dict[str, str],
    targets: list[str],
    group: str = "",
    **context: str,
) -> dict[str, Any]:
    """One concept: its book and edition, its terms and headings per language, its targets,
    and the group of concepts it is one phrasing of (a situation's phrases: only the best
    matching one counts).

    >>> concept("sk", 2007, {"en": "Revoke"}, ["def.nepriznanie-farby"])["context"]
    {}
    """
    return {
        "source": source,
        "edition": edition,
        "terms": terms,
        "context": {lang: text for lang, text in context.items() if text},
        "targets": targets,
        **({"group": group} if group else {}),
    }


def build_concepts(units: dict[str, list[Unit]]) -> list[dict[str, Any]]:
    """The concepts of the built books (`book_concepts`) and the situations of the thesaurus
    of each book's language and of English (`situation_concepts`).

    >>> found = build_concepts({"et": [_sample()]})
    >>> sorted({c["source"] for c in found}), sorted({lang for c in found for lang in c["terms"]})
    (['', 'et'], ['en', 'et'])
    """
    languages = {book[0].lang for book in units.values() if book} | {ENGLISH}
    situations = [c for lang in sorted(languages) for c in situation_concepts(lang)]
    return book_concepts(units) + situations


def book_concepts(units: dict[str, list[Unit]]) -> list[dict[str, Any]]:
    """The concepts the books print: every index entry with a target, every definition with
    a printed English term, and every glossary concept's English name.

    >>> book_concepts({"et": [_sample()]})[0]["terms"]
    {'et': 'Avakäik väljaspool järjekorda', 'en': 'Out of turn'}
    """
    out: list[dict[str, Any]] = []
    for lang, book in units.items():
        edition = book[0].edition if book else 0
        for unit in book:
            if unit.kind == "index":
                for e in unit.entries:
                    if e.get("targets"):
                        terms = {lang: e["term"]}
                        terms.update({ENGLISH: e["english"]} if e.get("english") else {})
                        context = {
                            lang: e.get("heading", ""),
                            ENGLISH: e.get("heading_english", ""),
                        }
                        out.append(concept(lang, edition, terms, e["targets"], **context))
            elif unit.kind == "definition" and unit.english:
                out.append(concept(lang, edition, {ENGLISH: unit.english}, [unit.id]))
    for key in glossary.concepts():
        lang, ids = next(
            ((lg, ids) for lg, ids in glossary.definitions_of(key).items() if lg in units), ("", [])
        )
        for name in glossary.english(key) if lang else ():
            out.append(concept(lang, 0, {ENGLISH: name}, ids))
    return out


def situation_concepts(lang: str) -> list[dict[str, Any]]:
    """The situations of a language's thesaurus (`kb.profiles.load_situations`) as concepts:
    each phrase one concept of its situation's group, naming the situation's units by their
    canonical ids in the thesaurus's edition.

    >>> found = situation_concepts("en")
    >>> all(c["terms"]["en"] and c["targets"] and c["group"] for c in found)
    True
    """
    edition, situations = load_situations(lang)
    out = []
    for n, (codes, phrases) in enumerate(situations):
        targets = [unit_id(*parts) for parts in map(code_parts, codes) if parts]
        for phrase in phrases:
            out.append(concept("", edition, {lang: phrase}, targets, f"{lang}:{n}"))
    return out


def joined(heading: str, term: str) -> str:
    """An entry's name with its heading, as an index reads: `Opening lead, out of turn`; a
    term that begins with its heading's word stands alone.

    >>> joined("Opening lead", "Out of turn"), joined("", "Claim")
    ('Opening lead, out of turn', 'Claim')
    >>> joined("Avakäik", "Avakäik väljaspool järjekorda")
    'Avakäik väljaspool järjekorda'
    """
    first = heading.split()[0][:4].lower() if heading else ""
    if not heading or term.lower().startswith(first):
        return term
    return f"{heading}, {term[:1].lower()}{term[1:]}"


class Concept(NamedTuple):
    """A concept as a searcher holds it (`concept` gives its fields): `sizes` are the
    numbers of content words of its terms, in their order.

    >>> Concept("et", 2017, {"en": "Out of turn"}, {}, ("54",)).sizes
    ()
    """

    source: str
    edition: int
    terms: dict[str, str]
    context: dict[str, str]
    targets: tuple[str, ...]
    group: str = ""
    sizes: tuple[int, ...] = ()


@dataclass
class Match:
    """A concept the query matched, and how well (1.0: every word of the query, all of the
    entry's own words)."""

    entry: Concept
    score: float


def ranked(matches: list[Match], limit: int = 0) -> list[Match]:
    """Matches best first (in their order where equal), the first `limit` (0: all).

    >>> c = Concept("", 0, {}, {}, ())
    >>> [m.score for m in ranked([Match(c, 0.5), Match(c, 0.9), Match(c, 0.7)], 2)]
    [0.9, 0.7]
    """
    found = sorted(matches, key=lambda m: -m.score)
    return found[:limit] if limit else found
