"""The damage an OCR did to a text, undone in the index and allowed for in a query: the
characters it misread, and the forms it printed for the letters it lost.

>>> ocr_variants("färg", {"ä": ["a", "i"]})
['farg', 'firg']
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from itertools import product

from kb.search.stems import fold

MAX_OCR_VARIANTS = 64


def ocr_variants(word: str, letters: Mapping[str, Sequence[str]]) -> list[str]:
    """How an OCR may have printed a correctly spelled word (lowercase, folded), given what it
    printed for each letter it lost (`letters`: the OCR'd document's data, `[letters]` of its
    `ocr.toml`).

    At most three letters of a word vary and at most 64 variants come back; the caller keeps
    those the OCR'd text contains.

    >>> lost = {"ä": ["a", "i", "4"], "ø": ["o", "0"]}
    >>> ocr_variants("färg", lost), ocr_variants("Bøde", lost)
    (['farg', 'firg', 'f4rg'], ['bode', 'b0de'])
    >>> ocr_variants("bord", lost)
    []
    """
    word = word.lower()
    places = [i for i, c in enumerate(word) if c in letters][:3]
    if not places:
        return []
    out: list[str] = []
    for choice in product(*(letters[word[i]] for i in places)):
        letters = list(word)
        for i, rendering in zip(places, choice, strict=True):
            letters[i] = rendering
        out.append(fold("".join(letters)))
        if len(out) == MAX_OCR_VARIANTS:
            break
    return out


_OCR_BAR = re.compile(r"(?<=(.))\|(?=(.?))")  # a bar, with the characters around it


def _bar(m: re.Match[str]) -> str:
    """A bar after a capital, or between a space and a capital, is a capital I."""
    before, after = m.group(1), m.group(2)
    return "I" if before.isupper() or (before == " " and after.isupper()) else "|"


def repair_ocr(text: str, characters: Mapping[str, str]) -> str:
    """Undo an OCR's character-level damage before the raw text is split into words: a bar
    among capitals is an `I` (in any alphabet); `characters` are the document's misread
    characters (`[characters]` of its `ocr.toml`: `¢` is an `e`, "" for noise).

    >>> repair_ocr("OT|LLRACKL|GT KONTRAKTSBUD; ¢j £f6r | Ø|", {"¢": "e", "£": ""})
    'OTILLRACKLIGT KONTRAKTSBUD; ej f6r | ØI'
    """
    return _OCR_BAR.sub(_bar, text).translate(str.maketrans(dict(characters)))
