"""The law-level ranking: Whoosh's candidates re-ranked the way a director reads the laws.

Whoosh has found the candidates and scored each word in each unit (`kb.search.retrieve`).
The project's policy, per document searched:

- coverage: a unit's score is scaled by the share of the query's words it matches, rarer
  words weighing more (`COVERAGE`), so that all words rank above any word; stop words count
  little (`W_STOP`) and are never required;
- the phrase said whole: the units holding every quoted phrase, only those, count double;
- a law whose title holds every word: its units count half again (`LAW_TITLED`);
- concept evidence: the units an index entry, a defined term or a situation of the
  thesaurus names (`kb.search.matching`) come above the document's best match by words
  (`W_INDEX`, `concept_weight`), a situation's unit replaced by the unit inside it that the
  words match best;
- law by law (`law_ranked`): a law's best unit counts its own score plus a share of its
  law's further matching units (`LAW_SUM`), each further unit of a law listed counts less
  (`SAME_LAW`); a definition is listed below the laws (`KIND_WEIGHT`).

>>> law_ranked({0: 1.0, 1: 0.9, 2: 0.95}, 3, [0, 0, 1])  # units 0, 1 of one law, 2 of another
[(0, 1.27), (2, 0.95), (1, 0.54)]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from kb.search.concepts import ENGLISH, Match, ranked
from kb.search.matching import Concepts
from kb.search.retrieve import Word
from kb.search.units import Units
from kb.search.weighting import idf

W_STOP = 0.15  # a stop word ("ja", "ve", "och") counts this much and is never required
COVERAGE = 2.0  # score x (share of the words matched) ** COVERAGE
PHRASE = 2.0  # units holding every phrase
KIND_WEIGHT = {"definition": 0.3, "table": 0.8}  # a definition is listed, below the laws
LAW_TITLED = 1.5  # the units of a law whose title holds every word of the query
SAME_LAW = 0.6  # each further unit of a law already listed counts this much less
LAW_SUM = 0.3  # a law's further matching units add this share (and its powers) to its best
LAW_UNITS = 4  # the units of a law whose evidence adds up, at most
W_INDEX = 2.0  # a unit an index entry names fully: above the best text match
# A situation of the thesaurus matched by a player's description (more than SHORT words)
# weighs its score as it is, times W_SITUATION: a description shares only some words with any
# phrasing; matched by a few words, its score squared times W_SITUATION_SHORT, below a printed
# index entry (squared), since the book's own words find those units by text.
SHORT = 3
W_SITUATION = 1.5
W_SITUATION_SHORT = 0.6
# Where a unit holds every word of the query (each as the book prints it), the book's own
# words answer it: a situation then weighs this much of its weight (it breaks ties; it
# bridges a gap the text leaves), unless one of its phrases is the words typed (a term
# written for it: `same_words`).
W_SITUATION_HELD = 0.1
# A description tells of one situation: the others it matches less well than the best (a
# common word or two each) weigh this power of their share of its score, so that together,
# and with the text they lead to, they do not outweigh it (descriptions: 48 -> 54 % first).
# A few words are sharpened already (squared).
SITUATION_SHARPNESS = 2.0
CONCEPT_MATCHES = 12  # the best matching index entries used, at most
LAW_EVIDENCE = 0.3  # what each further index entry naming the same law adds to its units
# ... where the query is a description (more than SHORT words): its common words (card,
# play, declarer) match a phrase of each of the many situations of a big law (Law 45, on
# played cards: eight situations, 164 phrases in Finnish), whose sum then says more of the
# law's size than of the answer.
LAW_EVIDENCE_DESCRIBED = 0.1
MAX_WORDS = 12  # (as `kb.search.query.MAX_WORDS`) the most content words a query has

Evidence = tuple[float, Match, str, str]  # weight, the concept, its key, `index`/`situation`


def coverage(
    words: list[Word], size: int, allowed: set[int] | None
) -> tuple[dict[int, float], dict[int, float]]:
    """Each matching unit's score and the share of the query's words it matches (`size`: the
    document's number of units; `allowed`: the units a law filter leaves, None for all).

    The share weighs each word by its rarity: missing a rare word costs more than
    missing a common one, and stop words count only in a query of stop words.

    >>> from kb.search.analysis import Keys
    >>> a = Word("a", Keys("a", ()), False, True, {0: 2.0, 1: 1.0}, frozenset(), frozenset())
    >>> b = Word("b", Keys("b", ()), False, True, {0: 1.0}, frozenset(), frozenset())
    >>> {doc: round(share, 2) for doc, share in coverage([a, b], 100, None)[1].items()}
    {0: 1.0, 1: 0.47}
    """
    scores: dict[int, float] = {}
    matched: dict[int, float] = {}
    only_stops = all(w.stop for w in words)
    needed = 0.0
    for word in words:
        scale = W_STOP if word.stop else 1.0
        rarity = idf(len(word.scores), size) if only_stops or not word.stop else 0.0
        needed += rarity
        score_of, matched_of = scores.get, matched.get
        for doc, s in word.scores.items():
            if allowed is None or doc in allowed:
                scores[doc] = score_of(doc, 0.0) + scale * s
                matched[doc] = matched_of(doc, 0.0) + rarity
    if not needed:
        return scores, dict.fromkeys(scores, 1.0)
    return scores, {doc: m / needed for doc, m in matched.items()}


def unit_scores(
    words: list[Word],
    size: int,
    allowed: set[int] | None,
    inside: set[int] | None,
    kind: list[float],
) -> tuple[dict[int, float], set[int], bool]:
    """A document's units scored by words (see the module's policy; `inside`: the units
    holding every phrase, None where no phrase was typed; `kind`: each unit's weight by
    kind), the units the words match, and whether a unit holds every word, each as the book
    prints it (a near spelling or a word's start found in a book's word is no answer of the
    book's own)."""
    scores, share = coverage(words, size, allowed)
    required = [w.in_law_title for w in words if not w.stop]
    titled = frozenset.intersection(*required) if required else frozenset()
    boost = PHRASE if inside else 1.0
    mine = {
        doc: s * share[doc] ** COVERAGE * kind[doc] * (LAW_TITLED if doc in titled else 1.0) * boost
        for doc, s in scores.items()
        if share[doc] > 0 and (not inside or doc in inside)  # a stop word alone is no evidence
    }
    printed = all(w.known or w.stop for w in words)
    return mine, set(scores), printed and max(share.values(), default=0.0) > 0.999


def concept_weight(
    score: float, by: str, words: int, held: bool = False, share: float = 1.0
) -> float:
    """The weight of a matched concept's units: an index entry's score squared; a situation
    matched by a description (more than `SHORT` words) its score times `W_SITUATION`, by a
    shorter query its score squared times `W_SITUATION_SHORT`; either times
    `W_SITUATION_HELD` where a unit holds every word of the query (`held`); a description's
    also times its `share` of the best situation's score to the power `SITUATION_SHARPNESS`.

    >>> concept_weight(0.5, "index", 2), concept_weight(0.5, "situation", 8)
    (0.25, 0.75)
    >>> concept_weight(0.5, "situation", 2), round(concept_weight(0.5, "situation", 8, True), 3)
    (0.15, 0.075)
    >>> concept_weight(0.5, "situation", 8, share=0.5)  # the best situation scored 1.0
    0.1875
    """
    if by != "situation":
        return score**2
    if words > SHORT:
        weight = score * W_SITUATION * share**SITUATION_SHARPNESS
    else:
        weight = score**2 * W_SITUATION_SHORT
    return weight * (W_SITUATION_HELD if held else 1.0)


def concept_units(
    concepts: Concepts,
    units: Units,
    words: list[str],
    lang: str,
    matched: dict[str, list[Match]],
    expand: Callable[[str, list[str]], list[str]],
    held: bool = False,
) -> dict[int, Evidence]:
    """The units of a document (`lang`: its address) that the index entries, defined terms
    and situations matching the query name, in the document's language or in English: each
    with its weight (see `concept_weight`; `held`: some unit of the document holds every
    word of the query, plus a share of the other entries naming its law), the best entry,
    the key of the language it matched in and what it is (`index`: a book's index or
    definitions, `situation`: the thesaurus; `found_by` names them in a hit). The concepts
    of a language are matched once per query (`matched` keeps them for its other documents;
    `expand` gives the query's words with the printed terms of players' words)."""
    best: dict[int, Evidence] = {}
    per_law: dict[str, float] = defaultdict(float)
    size = MAX_WORDS  # the fewest content words the query has in a language it is read in
    typed = " ".join(words)
    for qlang in dict.fromkeys((concepts.profiles.language_of(lang), ENGLISH)):
        if qlang not in matched:  # once per query and language, whatever its documents
            said = " ".join(expand(qlang, words))
            found = concepts.entries_matching(said, qlang)
            found += concepts.situations_matching(said, qlang, CONCEPT_MATCHES)
            matched[qlang] = ranked(found, CONCEPT_MATCHES)
        words_in = len(concepts.content(qlang, typed))  # the words typed
        size = min(size, words_in)
        best_situation = max((m.score for m in matched[qlang] if m.entry.group), default=0.0)
        for m in matched[qlang]:
            laws = set()
            by = "situation" if m.entry.group else "index"
            # a situation's term is under its language, a book's entry under the book's key
            key = qlang if qlang in m.entry.terms else m.entry.source
            # a unit holding every word is the answer, unless the words are a situation's
            answered = held and not (
                by == "situation"
                and concepts.same_words(qlang, m.entry.terms.get(qlang, ""), typed)
            )
            weight = concept_weight(
                m.score, by, words_in, answered, m.score / (best_situation or 1.0)
            )
            for doc in units.targets(m.entry, lang):
                laws.add(units.docs[doc].law)
                if doc not in best or best[doc][0] < weight:
                    best[doc] = (weight, m, key, by)
            for law in laws - {""}:
                per_law[law] += weight
    # The other entries naming the same law add to its units' evidence (less where the
    # query is a description in each language it is read in: an English one's words are
    # no Turkish stop words).
    evidence = LAW_EVIDENCE_DESCRIBED if size > SHORT else LAW_EVIDENCE
    return {
        doc: (w + evidence * (per_law.get(units.docs[doc].law, w) - w), *found)
        for doc, (w, *found) in best.items()
    }


def within(
    concepts: dict[int, Evidence], found: dict[int, float], units: Units
) -> list[tuple[int, Evidence]]:
    """The concepts' units, each situation's unit replaced by the unit inside it that the
    text matches best (a player's situation names a law or section; the query's words
    tell where in it), the best concept kept where several meet in one unit."""
    out: dict[int, Evidence] = {}
    for doc, evidence in concepts.items():
        if evidence[3] == "situation":
            doc = max((d for d in units.subtree(doc) if d in found), key=found.get, default=doc)
        if doc not in out or out[doc][0] < evidence[0]:
            out[doc] = evidence
    return list(out.items())


def with_concepts(
    mine: dict[int, float],
    evidence: list[tuple[int, Evidence]],
    allowed: set[int] | None,
    inside: set[int] | None,
    kind: list[float],
) -> dict[int, tuple[Match, str, str]]:
    """Add the concepts' evidence to a document's units scored by words (`mine`, changed in
    place): a document's concepts come above its own best match by words, so that every
    document is ranked as its own search ranks it, whatever the others searched with it.
    Returns why each unit a concept named was found."""
    top = max(mine.values(), default=0.0)
    why = {}
    for doc, (score, *found) in evidence:
        if (allowed is not None and doc not in allowed) or (inside and doc not in inside):
            continue
        mine[doc] = mine.get(doc, 0.0) + W_INDEX * score * (top + 1.0) * kind[doc]
        why[doc] = tuple(found)
    return why


def law_ranked(
    found: dict[int, float], limit: int, law_key: list[int], first: list[int] | None = None
) -> list[tuple[int, float]]:
    """The units a citation names (`first`, in order), then the best units, laws first by
    their combined evidence: a law's best unit counts its own score plus a share of each
    further matching unit of the law (`LAW_SUM`, less for each); each further unit of a law
    counts less (`SAME_LAW`). `law_key`: each unit's law (a number per law of a document)."""
    pinned = [(doc, found[doc]) for doc in dict.fromkeys(first or [])]
    skip = {doc for doc, _ in pinned}
    rest = {doc: s for doc, s in found.items() if doc not in skip} if skip else found
    # best first, the first unit first among equals (a sort is stable, also reversed)
    best = sorted(sorted(rest.items()), key=lambda p: p[1], reverse=True)[: limit * 4]
    shown = {law_key[doc] for doc, _ in best}
    evidence: dict[int, list[float]] = defaultdict(list)  # the laws of the best units
    for doc, s in rest.items():
        if law_key[doc] in shown:
            evidence[law_key[doc]].append(s)
    combined: dict[int, float] = {}
    for key, scores in evidence.items():
        total = 0.0
        for n, s in enumerate(sorted(scores, reverse=True)[:LAW_UNITS]):
            total += s * LAW_SUM**n
        combined[key] = total
    seen: dict[int, int] = defaultdict(int)
    out = []
    for doc, s in best:
        key = law_key[doc]
        out.append((doc, combined[key] if not seen[key] else s * SAME_LAW ** seen[key]))
        seen[key] += 1
    out.sort(key=lambda p: (-p[1], p[0]))
    return (pinned + out)[:limit]


def one_per_law(
    ranked: list[tuple[int, float]],
    law_of: Callable[[int], str | None],
    book_of: Callable[[int], str],
    prefer: str | None = None,
) -> list[tuple[int, float, list[int]]]:
    """Ranked units of several books with each law once: a law's first unit (the `prefer`red
    book's, where it has one among them) shown with its score, then the further units of
    the same book; the other books' first units of the law are listed with it, in order.
    `law_of`: a unit's law, the same in every book (None: a unit listed on its own).

    >>> laws, books = {0: "16", 1: "16", 2: "16", 3: "50"}, {0: "fi", 1: "tr", 2: "fi", 3: "fi"}
    >>> one_per_law([(0, 3.0), (1, 2.5), (3, 2.0), (2, 1.0)], laws.get, books.get)
    [(0, 3.0, [1]), (3, 2.0, []), (2, 1.0, [])]
    >>> one_per_law([(0, 3.0), (1, 2.5), (3, 2.0)], laws.get, books.get, prefer="tr")
    [(1, 3.0, [0]), (3, 2.0, [])]
    """
    out: list[tuple[int, float, list[int]]] = []
    first: dict[str, int] = {}  # a law's entry in `out`
    for doc, score in ranked:
        law = law_of(doc)
        at = first.get(law) if law is not None else None
        if at is None:
            if law is not None:
                first[law] = len(out)
            out.append((doc, score, []))
            continue
        shown, best, others = out[at]
        if book_of(doc) == book_of(shown):
            out.append((doc, score, []))  # a further unit of the law in the book shown
        elif all(book_of(doc) != book_of(d) for d in others):
            if book_of(doc) == prefer:  # the reader's book shows the law, the others listed
                out[at] = (doc, best, [shown, *others])
            else:
                others.append(doc)
    return out


def listed(
    found: dict[int, float],
    units: Units,
    offset: int,
    limit: int,
    first: list[int],
    prefer: str | None = None,
) -> list[tuple[int, float, list[int]]]:
    """The units shown from the `offset`-th, at most `limit` (`law_ranked`; the units a
    citation names `first`); with `prefer` (several books searched: "" or the book whose
    unit of a law is shown), each law once, with the other books' units of it
    (`one_per_law`; where the book preferred is a card, its matching boxes first)."""
    several = prefer is not None
    many = len(units.ranges) if several else 1  # a law's units in at most so many books
    best = law_ranked(found, (offset + limit) * many, units.law_key, first)
    law_of = units.common_law if several else lambda _: None
    shown = one_per_law(best, law_of, lambda doc: units.docs[doc].lang, prefer or None)
    if prefer in units.cards:  # a card's reader: its boxes that match first
        shown.sort(key=lambda entry: units.docs[entry[0]].lang != prefer)
    return shown[offset : offset + limit]
