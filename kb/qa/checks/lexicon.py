"""The words the meaning checks read in a book, from its profile's QA words
(`kb.profiles.load_qa_words`): the forms of each modal force, of each scope word, of each
clause marker, and the verbs of "Law X applies", found in a text as `Form`s.

Forms are matched as whole words, case-insensitively; where two classes match the same words
the one listed first wins (`ORDER`: so "ei saa", may not, is not also "saa", may).

>>> [(f.name, f.words) for f in forms("et", "modal", "Mängija ei tohi ja ei pea; ta võib.")]
[('must_not', 'ei tohi'), ('need_not', 'ei pea'), ('may', 'võib')]
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from kb.profiles import load_qa_words

# The classes of each kind in the order they are matched (negative forms first).
ORDER = {
    "modal": ("need_not", "should_not", "must_not", "should", "must", "may"),
    "scope": ("only", "every", "any"),
    "markers": ("unless", "except", "but", "or", "and", "not"),
    "roles": (
        "sides",
        "non_offender",
        "offender",
        "declarer",
        "dummy",
        "defender",
        "partner",
        "lho",
        "rho",
    ),
}
# A modal class and its strength: "should" is a weaker "must", "should not" a weaker "must
# not"; the report compares the classes first, then the strength where a book's form says it.
FORCE = {"should": "must", "should_not": "must_not"}


@dataclass(frozen=True)
class Form:
    """A form found in a text: its class, the words as printed and where they start."""

    name: str
    words: str
    start: int

    @property
    def force(self) -> str:
        """The modal class the form belongs to (`should` is `must`, more weakly).

        >>> Form("should_not", "ei peaks", 0).force, Form("may", "võib", 0).force
        ('must_not', 'may')
        """
        return FORCE.get(self.name, self.name)


def _compile(alternatives: list[str]) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)(?:" + "|".join(alternatives) + r")(?!\w)", re.IGNORECASE)


@cache
def patterns(lang: str, kind: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """A language's compiled forms of one kind, per class in matching order (classes the
    profile does not list left out).

    >>> [name for name, _ in patterns("tr", "modal")]
    ['need_not', 'must_not', 'must', 'may']
    """
    found = load_qa_words(lang).get(kind, {})
    names = ORDER.get(kind, tuple(found))
    return tuple((n, _compile(found[n])) for n in names if found.get(n))


def forms(lang: str, kind: str, text: str) -> list[Form]:
    """The forms of one kind in a text, in order; words an earlier class matched are not
    matched again.

    >>> [f.name for f in forms("fi", "modal", "Pelaaja ei enää saa korjata; hän saa pelata.")]
    ['must_not', 'may']
    """
    taken: list[tuple[int, int]] = []
    found = []
    for name, pattern in patterns(lang, kind):
        for m in pattern.finditer(text):
            if any(m.start() < end and start < m.end() for start, end in taken):
                continue
            taken.append(m.span())
            found.append(Form(name, m[0], m.start()))
    return sorted(found, key=lambda f: f.start)


@cache
def _open(lang: str) -> re.Pattern[str] | None:
    alternatives = load_qa_words(lang).get("strength", {}).get("open", [])
    return (
        re.compile(r"(?:" + "|".join(alternatives) + r")$", re.IGNORECASE) if alternatives else None
    )


def strength(lang: str, form: Form) -> str | None:
    """How strong a form of obligation or prohibition is: "weak" (should, should not),
    "strong" (shall, must, may not), None where the book's form leaves it open (the Turkish
    -meli is both should and must) or for any other class.

    >>> strength("tr", Form("must", "oynanmalıdır", 0)), strength("et", Form("should", "peaks", 0))
    (None, 'weak')
    """
    if form.force not in ("must", "must_not"):
        return None
    pattern = _open(lang)
    if pattern is not None and pattern.match(form.words):
        return None
    return "weak" if form.name.startswith("should") else "strong"


_CLAUSE_END = re.compile(r"[,;:.()]")
NEAR = 40  # characters between a may form and the verb of applying it qualifies


@cache
def _verbs(lang: str) -> re.Pattern[str] | None:
    verbs = load_qa_words(lang).get("apply", {}).get("verbs", [])
    return _compile(verbs) if verbs else None


def applies(lang: str, sentence: str) -> tuple[str, str] | None:
    """Whether a sentence says a law applies ("does"), may apply ("may") or must apply
    ("must"), with the words that say it: the verb of applying (`apply` of the profile) and a
    may form in its clause, else a must form (punctuation and the markers of "but" end a
    clause). None without such a verb.

    >>> applies("fi", "Lakia 16 § voidaan soveltaa."), applies("tr", "ancak Yasa 16C uygulanır.")
    (('may', 'voidaan soveltaa'), ('does', 'uygulanır'))
    >>> applies("tr", "(Yasa 86B dikkate alınmalıdır.)")
    ('must', 'dikkate alınmalıdır')
    """
    verbs = _verbs(lang)
    if verbs is None:
        return None
    said = None
    for verb in verbs.finditer(sentence):
        starts = [m.end() for m in _CLAUSE_END.finditer(sentence, 0, verb.start())]
        starts += [f.start + len(f.words) for f in forms(lang, "markers", sentence[: verb.start()])
                   if f.name == "but"]  # fmt: skip
        start = max(starts, default=0)
        end_at = _CLAUSE_END.search(sentence, verb.end())
        end = end_at.start() if end_at else len(sentence)
        near = [f for f in forms(lang, "modal", sentence[start:end]) if f.name in ("may", "must")
                and abs(f.start + start - verb.start()) <= NEAR]  # fmt: skip
        if near:  # (a may form first: "must ... and law X may apply" is a may)
            form = min(near, key=lambda f: f.name != "may")
            first = min(form.start + start, verb.start())
            last = max(form.start + start + len(form.words), verb.end())
            return form.name, sentence[first:last]
        said = said or ("does", verb[0])
    return said


def outvoted(
    counts: dict[str, Counter[str]],
) -> Iterator[tuple[str, list[str], list[str], list[str]]]:
    """Each book whose counts of forms' classes differ from those of the other books, where
    those agree among themselves on every class: the book, the others, the classes it has
    fewer of and those it has more of (a book that agrees: both empty).

    >>> counts = {"fi": Counter(must=1), "tr": Counter(must=1), "et": Counter(need_not=1)}
    >>> [(odd, fewer, more) for odd, _, fewer, more in outvoted(counts)]
    [('et', ['must'], ['need_not'])]
    """
    classes = set().union(*counts.values())
    for odd, mine in counts.items():
        others = [x for x in counts if x != odd]
        if any(len({counts[x][c] for x in others}) > 1 for c in classes):
            continue  # the other books disagree among themselves
        theirs = counts[others[0]]
        fewer = [c for c in classes if mine[c] < theirs[c]]
        yield odd, others, fewer, [c for c in classes if mine[c] > theirs[c]]
