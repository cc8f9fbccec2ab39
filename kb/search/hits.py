"""A hit as a reader sees it: the unit's title, a snippet of its text around the query's words
(each marked), why it was found and the law it answers.

Whoosh provides the stored texts (`Searcher.stored_fields`). The project marks the words by
their keys (`kb.search.analysis`: a word matches through its exact form or a stem, as the
search matched it), in a window around the first match; `whoosh.highlight` marks the terms
its own analyzer gives a text and cuts fragments by its own rules, which would not mark an
inflected form the search found by its stem or its lemma the same way, so it is not used.

>>> snippet("Pelaaja <b> ja lepääjän kortit", analyzer("fi"), {"lepaajan"})
'Pelaaja &lt;b&gt; ja <mark>lepääjän</mark> kortit'
"""

from __future__ import annotations

import html
from collections.abc import Set as AbstractSet
from typing import Any

from kb.profiles import SHIPPED, Profiles
from kb.search.analysis import Analyzer, analyzer
from kb.search.concepts import Match, joined

SNIPPET = 220  # characters of text around the matches


def snippet(text: str, an: Analyzer, marks: AbstractSet[str], width: int = SNIPPET) -> str:
    """HTML of a text around its first match: escaped, each matching word in `<mark>`.

    `an` reads the text's words (`Analyzer.matching`: of a long text only as far as the
    snippet reaches, all of it where nothing matches); `marks` are the keys (exact forms and
    stems) that match; where words overlap (a hyphenated word and its parts),
    the first to match is marked.

    >>> text = "Pelaaja <b> ja lepääjän kortit"
    >>> snippet(text, analyzer("fi"), {"lepaajan"})
    'Pelaaja &lt;b&gt; ja <mark>lepääjän</mark> kortit'
    """
    spans: list[tuple[int, int]] | None = [] if not marks else None  # none: no word is read
    start, end = 0, len(text)
    if len(text) > width:
        first = spans if spans is not None else an.matching(text, marks, first=True)
        at = first[0][0] if first else 0
        start = max(0, min(at - width // 4, len(text) - width))
        start = text.rfind(" ", 0, start) + 1 if start else 0
        end = text.find(" ", start + width)
        end = len(text) if end < 0 else end
    if spans is None:  # a word from the end of what is shown on is not read
        spans = an.matching(text, marks, start, end)
    out = ["…" if start else ""]
    at = start
    for s, e in spans:
        if s < at or e > end:
            continue
        out += [html.escape(text[at:s]), "<mark>", html.escape(text[s:e]), "</mark>"]
        at = e
    out += [html.escape(text[at:end]), "…" if end < len(text) else ""]
    return " ".join("".join(out).split())


def hit(
    stored: dict[str, Any],
    score: float,
    marks: AbstractSet[str],
    named: dict[str, str],
    entry: dict[str, str] | None = None,
    cited: bool = False,
    worded: bool = True,
    law: str | None = None,
    profiles: Profiles = SHIPPED,
) -> dict[str, Any]:
    """A hit as the API returns it, from its unit's stored fields; `found_by` says why: the
    citation typed (`{"by": "citation"}`), the index entry it matched (`{"by": "index",
    "entry": "Opening lead, out of turn", "lang": "en"}`), the words of its text (`{"by":
    "text"}`), or several of these. `marks`: the keys of the query's words in the unit's
    language; where they match the unit (`worded`), its snippet marks them, in its text or,
    where that has none, in its text as the OCR printed it (`raw`); a unit they do not match
    shows its text unread (a title shown for a unit with no text may be its context's: it
    is marked). `named`: its document as a hit names it; `law`: the law it answers, where
    not its own (see `Units.law_named`).

    >>> unit = {"id": "63", "lang": "fi", "law": "63", "kind": "law", "title": "REVOKKI",
    ...         "text": "Revokki tulee pysyväksi", "raw": ""}
    >>> found = hit(unit, 1.0, {"revokki"}, {"lang": "fi", "document": "fi-2017"})
    >>> found["snippet"], found["found_by"]
    ('<mark>Revokki</mark> tulee pysyväksi', [{'by': 'text'}])
    """
    an, name = analyzer(stored["lang"], profiles), "text" if stored["text"] else "title"
    mine = marks if worded or name == "title" else set()
    shown = snippet(stored[name], an, mine)
    if "<mark>" not in shown and mine and stored.get("raw"):
        raw = snippet(stored["raw"], an, mine)
        shown = raw if "<mark>" in raw else shown
    why: list[dict[str, str]] = [{"by": "citation"}] if cited else []
    if entry is not None:
        why.append(entry)
    if "<mark>" in shown or not why:
        why.append({"by": "text"})
    return {
        "id": stored["id"],
        "law": law or stored["law"] or None,
        **named,
        "kind": stored["kind"],
        "title": stored["title"],
        "snippet": shown,
        "score": round(score, 4),
        "found_by": why,
    }


def found_by(
    match: Match, key: str, by: str, named: str | None = None, profiles: Profiles = SHIPPED
) -> dict[str, Any]:
    """Why a concept's unit was found, as a hit says it: what matched (`index`, `situation`),
    the entry's name (see `label`) in the language it matched in (`key`: a book's own entries
    are under its key, a situation under its language), and its name in the language of the
    hit's book (`named`: `named_in`; None where that language names none), which a reader
    is shown.

    >>> from kb.search.concepts import Concept
    >>> entry = Concept("et", 2017, {"en": "Out of turn"}, {"en": "Opening lead"}, ("54",))
    >>> found_by(Match(entry, 1.0), "en", "index", "Avakäik väljaspool järjekorda")["named"]
    'Avakäik väljaspool järjekorda'
    """
    return {"by": by, "entry": label(match, key), "lang": profiles.language_of(key), "named": named}


def named_in(match: Match, lang: str, profiles: Profiles = SHIPPED) -> str | None:
    """How a language names a matched concept: the entry's term in it, with its heading (an
    index printed in several languages, a situation's phrase matched in it); None where the
    entry has none in that language (a reader is then shown no other language's words).

    >>> from kb.search.concepts import Concept
    >>> entry = Concept("et", 2017, {"en": "Out of turn"}, {"en": "Opening lead"}, ("54",))
    >>> named_in(Match(entry, 1.0), "en"), named_in(Match(entry, 1.0), "sv")
    ('Opening lead, out of turn', None)
    """
    key = next((k for k in match.entry.terms if profiles.language_of(k) == lang), None)
    return label(match, key) if key is not None else None


def label(match: Match, lang: str) -> str:
    """How a matched concept is named in a hit: its heading and term in the language it
    matched in.

    >>> from kb.search.concepts import Concept
    >>> entry = Concept("et", 2017, {"en": "Out of turn"}, {"en": "Opening lead"}, ("54",))
    >>> label(Match(entry, 1.0), "en")
    'Opening lead, out of turn'
    """
    return joined(match.entry.context.get(lang, ""), match.entry.terms[lang])
