"""A player or side named for another (`roles`): one book names a role where the other books
agree on another (et 43B3 "kaitsja", a defender, where fi and tr name dummy; et 11A the
non-offending side where fi and tr say either side).

Each book's words for each role come from its profile (`roles` of
`kb/profiles/qa/<lang>.toml`: either side, the non-offending side, the offender, declarer,
dummy, a defender, partner, the left-hand and right-hand opponent). Three books at least are
compared, sentence by sentence where they print as many sentences, else unit by unit: where
the other books name each role as many times, and one book names one role fewer times (not
at all) and another more, it has traded the one for the other. A book naming a role more
often or less (a pronoun for a name, a name spelled out) trades nothing. Partner is relative
(dummy's partner is declarer), so a trade into or out of it is left alone.

>>> from kb.crosslang.library import get_library
>>> from kb.qa.groups import align_books
>>> a = align_books(get_library(), ["fi", "tr", "et"])
>>> [f.message for f in check_roles(a) if f.id == "43.B.3"]
['et names a defender where fi, tr name dummy (kaitsja, kaitsja; lepääjä; Yer)']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from kb.qa.checks.base import Check, Difference, plain, reading_findings, sentences, texts_of
from kb.qa.checks.lexicon import forms, outvoted, patterns
from kb.qa.groups import Alignment
from kb.qa.model import Finding

RELATIVE = "partner"  # a role named from another's side: no trade


def trades(texts: dict[str, str]) -> list[Difference]:
    """The books that name one role fewer times, none at all, and another more than the
    other books, who agree on how often they name each role.

    >>> t = {"fi": "Lepääjä pelaa.", "tr": "Yer oynar.", "et": "Kaitsja mängib."}
    >>> [(d.odd, d.said, d.theirs, d.words["et"]) for d in trades(t)]
    [('et', 'defender', 'dummy', 'Kaitsja')]
    """
    found = {x: forms(x, "roles", t) for x, t in texts.items()}
    counts = {x: Counter(f.name for f in v) for x, v in found.items()}
    out = []
    for odd, others, fewer, more in outvoted(counts):
        if len(fewer) != 1 or len(more) != 1 or counts[odd][fewer[0]] or RELATIVE in fewer + more:
            continue
        words = {x: ", ".join(f.words for f in found[x] if f.name == fewer[0]) for x in others}
        said = ", ".join(f.words for f in found[odd] if f.name == more[0])
        out.append(Difference(odd, more[0], fewer[0], {odd: said} | words))
    return out


def group_trades(units: dict[str, str]) -> list[Difference]:
    """The trades of one group's texts: sentence by sentence where the books print as many
    sentences, else the whole texts."""
    split = {x: sentences(t) for x, t in units.items()}
    if len({len(s) for s in split.values()}) != 1:
        return trades(units)
    return [t for n in range(len(next(iter(split.values()))))
            for t in trades({x: s[n] for x, s in split.items()})]  # fmt: skip


def check_roles(a: Alignment) -> Iterator[Finding]:
    """A role one book names for another (see the module's description): one finding per
    unit and book, at the first trade, with each book's words; the fix is the others'."""
    for group in a.groups:
        units = {x: u for x, u in texts_of(a, group).items() if patterns(x, "roles")}
        if len(units) >= 3:
            texts = {x: plain(u) for x, u in units.items()}
            yield from reading_findings(a, "roles", group, list(units), group_trades(texts),
                                        "role")  # fmt: skip


CHECKS = (Check("roles", "meaning", check_roles),)
