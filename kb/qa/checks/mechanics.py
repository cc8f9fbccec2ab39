"""Mechanical errors a CAT tool's QA finds: lost suit symbols, unbalanced brackets, a
word printed twice in a row, a sentence without its final full stop."""

from __future__ import annotations

import re
from collections.abc import Iterator

from kb.profiles import load_reduplicated
from kb.qa.checks.base import (
    WORD,
    Check,
    names,
    ordered,
    plain,
    text_finding,
    text_groups,
    texts_of,
)
from kb.qa.groups import Alignment
from kb.qa.model import Finding

SUITS = "♠♥♦♣"
_EMPTY_BRACKETS = re.compile(r"\w+ \(\s*\)")
BRACKETS = {"(": ")", "[": "]"}
_MARKER = re.compile(r".*(?<![\w(])(?:[a-z]|[ivx]{1,4}|\d)\)$")
_DOUBLED = re.compile(r"\b([^\W\d_]{3,})\s+\1\b", re.IGNORECASE)


def check_symbols(a: Alignment) -> Iterator[Finding]:
    """Suit symbols (♠♥♦♣) a book has lost: empty brackets after words where the others
    print the symbols.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> [(f.id, f.where[0].place) for f in check_symbols(align_books(get_library(), ["fi", "tr"]))]
    [('1.A', 'corpus/tr/tr.txt:283:119'), ('def.renk', 'corpus/tr/tr.txt:191:101')]
    """
    for group in text_groups(a):
        units = texts_of(a, group)
        printing = [x for x, u in units.items() if any(s in u.text for s in SUITS)]
        for lang, unit in units.items():
            lost = _EMPTY_BRACKETS.findall(unit.text)
            if not printing or lang in printing or not lost:
                continue
            symbols = "".join(s for s in SUITS if s in units[printing[0]].text)
            params = {"odd": lang, "words": ", ".join(lost), "others": names(printing),
                      "symbols": symbols}  # fmt: skip
            langs = ordered([lang], printing)
            yield text_finding(a, "symbols", "error", group, langs, "symbols", params, [lang],
                                {lang: lost[0]})  # fmt: skip


def unbalanced(text: str) -> int | None:
    """Where a text's brackets ( ) [ ] stop balancing: the offset of the first bracket left
    open or closed without an opening one (None: balanced).

    >>> unbalanced("(bkz. Yasa 20F1. Bunun"), unbalanced("a (b [c] d)"), unbalanced("x) y")
    (0, None, None)
    >>> unbalanced("lõikes a) ja b) kirjeldatust"), unbalanced("y (x")
    (None, 2)
    """
    stack: list[tuple[str, int]] = []
    for n, char in enumerate(text):
        if char == ")" and not stack and _MARKER.match(text[max(0, n - 4) : n + 1]):
            continue  # a list marker or an item cited as printed ("a) ja b)"), none open
        if char in BRACKETS:
            stack.append((char, n))
        elif char in BRACKETS.values():
            if not stack or BRACKETS[stack[-1][0]] != char:
                return n
            stack.pop()
    return stack[0][1] if stack else None


def check_brackets(a: Alignment) -> Iterator[Finding]:
    """Brackets a book leaves unbalanced in a text the others balance (an item's own label,
    "a)", is no bracket).

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> [(f.id, f.odd) for f in check_brackets(a)][:2]
    [('15.B.3', ('fi',)), ('45.C.4.b', ('tr',))]
    """
    for group in text_groups(a):
        units = texts_of(a, group)
        at = {x: unbalanced(plain(u)) for x, u in units.items()}
        balanced = [x for x, n in at.items() if n is None]
        for lang, start in at.items():
            if start is None or not balanced:
                continue
            words = plain(units[lang])[start : start + 30]
            params = {"odd": lang, "mark": words[0], "words": words}
            langs = ordered([lang], balanced)
            yield text_finding(a, "brackets", "warning", group, langs, "brackets", params,
                                [lang], {lang: words})  # fmt: skip


def check_doubled(a: Alignment) -> Iterator[Finding]:
    """A word printed twice in a row ("jokainen jokainen") where no other book doubles it.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> [(f.id, f.message) for f in check_doubled(align_books(get_library(), ["fi", "et"]))]
    [('40.B.1.c', 'fi: a doubled word: jokainen jokainen')]
    """
    for group in text_groups(a):
        units = texts_of(a, group)
        for lang, unit in units.items():
            for match in _DOUBLED.finditer(plain(unit)):
                if match[1].lower() in load_reduplicated(lang) or any(
                    _DOUBLED.search(plain(u)) for x, u in units.items() if x != lang
                ):
                    continue
                params = {"odd": lang, "words": match[0]}
                langs = ordered([lang], list(units))
                yield text_finding(a, "doubled", "warning", group, langs, "doubled", params,
                                    [lang], {lang: match[0]})  # fmt: skip


def check_punctuation(a: Alignment) -> Iterator[Finding]:
    """A text of the laws ending without a full stop where the others (two at least) end with
    one and the text is a sentence (thirty letters or more).

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> all(f.odd[0] in ("fi", "tr", "et") for f in check_punctuation(a))
    True
    """
    for group in a.groups:
        units = {x: u for x, u in texts_of(a, group).items() if u.kind != "table"}
        ends = {x: plain(u).rstrip()[-1:] for x, u in units.items()}
        for lang, end in ends.items():
            others = [x for x in ends if x != lang]
            if len(others) < 2 or any(ends[x] != "." for x in others):
                continue
            text = plain(units[lang])
            if end == "." or not end.isalnum() or sum(map(len, WORD.findall(text))) < 30:
                continue
            params = {"odd": lang, "mark": ".", "others": names(others)}
            langs = ordered([lang], others)
            yield text_finding(a, "punctuation", "info", group, langs, "punctuation", params,
                                [lang], {lang: text[-20:]})  # fmt: skip


CHECKS = (
    Check("symbols", "mechanics", check_symbols),
    Check("brackets", "mechanics", check_brackets),
    Check("doubled", "mechanics", check_doubled),
    Check("punctuation", "mechanics", check_punctuation),
)
