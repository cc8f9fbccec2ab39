"""Capitals a book prints where it means lower case, or lower case where it means a
capital: a word capitalised once in mid-sentence (a full stop lost before it, or a slip), a
word capitalised where the book prints it in lower case far more often (et "Kohtunik"), a
list item beginning with a capital where every other book goes on in lower case, a heading
in lower case where the book capitalises each word of its headings."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from re import Match

from kb.core.ids import LAW_LEVELS
from kb.crosslang.library import Book
from kb.profiles import load_qa_words, load_words
from kb.qa.checks.base import Slip, around, plain
from kb.qa.checks.style import odd_initial

CASED = 20  # times as often a book prints a word in lower case in mid-sentence as capitalised
TITLED = 20  # headings a book capitalises word by word for one it does not to stand out
_HEADING_WORD = re.compile(r"(?<![’'\w])[^\W\d_]{3,}")  # (not a suffix after an apostrophe)
_UPPER, _LOWER = "A-ZÄÖÜÕŠŽÇĞİŞ", r"^\W\d_A-ZÄÖÜÕŠŽÇĞİŞ"
_CAPITAL = re.compile(rf"(?<=[{_LOWER}]{{3}}) ([{_UPPER}][{_LOWER}]{{2,}})")  # after a word
# the second word of a sentence, after its capitalised first ("Kui Kohtunik määrab")
_SECOND = re.compile(rf"(?:^|[.!?] )[{_UPPER}][{_LOWER}]+ ([{_UPPER}][{_LOWER}]{{2,}})")
# after a comma or a closing bracket within a sentence, before a word in lower case (not a
# name of two capitalised words: tr "Oyun Alanındayken")
_AFTER_MARK = re.compile(rf"(?<=[{_LOWER}]{{2}}[,)]) ([{_UPPER}][{_LOWER}]{{2,}})(?= [{_LOWER}])")
FAMILY = 5  # letters words share to be one family ("Hakem", "Hakemin", "Hakemi")


def capitals(book: Book) -> dict[str, list[Slip]]:
    """Per unit, the words a book capitalises once in mid-sentence (after a lower-case word,
    no mark between) that it prints in lower case three times or more: a sentence's full
    stop is missing before it, or the capital is a slip ("aloituskortin Takaisin",
    "vastavuses Reeglitega"; kind `capital`, no fix: either may be meant); and those the
    same sentence prints in lower case too, or the book CASED times as often (et "Kohtunik"
    6 times, "kohtunik" 122: kind `case`, the fix the lower case), the second word of a
    sentence after its capitalised first word as well ("Kui Kohtunik"). None for a book
    that capitalises its terms in mid-sentence (`typography.capitals = "terms"`), but for the
    capitals after a mark (`_after_marks`).

    >>> from kb.crosslang.library import get_library
    >>> capitals(get_library().book("fi"))["54.D"]
    [('capital', 'aloituskortin Takaisin', 'aloituskortin Takaisin')]
    >>> capitals(get_library().book("et"))["13.A.2"]
    [('case', 'siis Kohtunik', 'siis kohtunik')]
    >>> capitals(get_library().book("et"))["9.B.1.a"]
    [('case', 'kutsuda Kohtunik.', 'kutsuda kohtunik.')]
    >>> capitals(get_library().book("et"))["76.D"]
    [('case', 'Kui Kohtunik', 'Kui kohtunik')]
    """
    lower = load_words(book.key).lower
    texts = {u.id: plain(u) for u in book.units if u.kind in LAW_LEVELS}
    plain_words = Counter(w for t in texts.values() for w in re.findall(r"(?<=\w )[^\W\d_]+", t)
                          if w[0].islower())  # fmt: skip
    found = _after_marks(texts, lower, plain_words)
    if load_qa_words(book.key).get("typography", {}).get("capitals") == "terms":
        return found
    capital = Counter(lower(m[1]) for t in texts.values() for m in _CAPITAL.finditer(t))
    second = Counter(lower(m[1]) for t in texts.values() for m in _SECOND.finditer(t))
    for uid, text in texts.items():
        for m in sorted([*_CAPITAL.finditer(text), *_SECOND.finditer(text)], key=Match.start):
            words = around(text, m.start(1) - 1, m.end())
            word = lower(m[1])
            if m.re is _CAPITAL and capital[word] == 1 and plain_words[word] >= 3:
                found.setdefault(uid, []).append(("capital", words, words))
            elif _lower_beside(text, m.start(1), word) or (
                plain_words[word] >= CASED * (capital[word] + second[word])
            ):
                found.setdefault(uid, []).append(("case", words, words.replace(m[1], lower(m[1]))))
    return found


def _after_marks(texts: dict[str, str], lower: Callable[[str], str],
                 plain_words: Counter[str]) -> dict[str, list[Slip]]:  # fmt: skip
    """Per unit, a word capitalised after a comma or a closing bracket in mid-sentence, there
    only, that the book prints in lower case three times or more and capitalises nowhere
    else in mid-sentence, nor any word of its family (its first FAMILY letters): a slip, in
    a book that capitalises its terms too (tr 50E4 "sonra, Eğer hakem", where tr prints
    "eğer" nine times; tr capitalises "Hakem", "Hakemin" as it likes, so neither counts).
    Kind `case`, the fix the lower case: no full stop is missing there.

    >>> from kb.crosslang.library import get_library
    >>> capitals(get_library().book("tr"))["50.E.4"]
    [('case', 'sonra, Eğer', 'sonra, eğer')]
    """
    after = Counter(lower(m[1]) for t in texts.values() for m in _AFTER_MARK.finditer(t))
    marked = (_CAPITAL, _SECOND, _AFTER_MARK)
    family = Counter(lower(m[1])[:FAMILY] for t in texts.values()
                     for pattern in marked for m in pattern.finditer(t))  # fmt: skip
    found: dict[str, list[Slip]] = {}
    for uid, text in texts.items():
        for m in _AFTER_MARK.finditer(text):
            word = lower(m[1])
            if after[word] == 1 and family[word[:FAMILY]] == 1 and plain_words[word] >= 3:
                words = around(text, m.start(1) - 2, m.end())
                found.setdefault(uid, []).append(("case", words, words.replace(m[1], word)))
    return found


def _lower_beside(text: str, at: int, word: str) -> bool:
    """Whether the sentence of `text` around position `at` prints `word` in lower case too
    (et 13A2 "Kui kohtunik veendub, ... siis Kohtunik laseb": the capital is the slip).

    >>> _lower_beside("Kui kohtunik veendub, siis Kohtunik laseb.", 27, "kohtunik")
    True
    """
    start = max(text.rfind(". ", 0, at), 0)
    end = text.find(". ", at)
    return bool(
        re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text[start : end if end > 0 else None])
    )


def item_capitals(texts: dict[str, str]) -> dict[str, str]:
    """The book that begins a text with a capital where every other book (two at least)
    begins it in lower case: a list item going on with its lead-in's sentence ("Hoiatab
    väljamängijat" where fi and tr say "varoittaa", "deklaranı"); with its first two words.
    A book capitalising its terms (`typography.capitals = "terms"`) is never blamed.

    >>> item_capitals({"fi": "varoittaa häntä", "tr": "deklaranı uyar", "et": "Hoiatab teda nii"})
    {'et': 'Hoiatab teda'}
    >>> item_capitals({"fi": "varoittaa häntä", "tr": "Deklaranı uyar", "et": "hoiatab teda"})
    {}
    """
    first = {x: next((c for c in t if c.isalpha()), "") for x, t in texts.items()}
    return {lang: " ".join(texts[lang].split()[:2]) for lang in odd_initial(first, True)
            if load_qa_words(lang).get("typography", {}).get("capitals") != "terms"}  # fmt: skip


def heading_case(book: Book) -> dict[str, list[Slip]]:
    """Per unit, a section's heading with a word in lower case after its first, where the
    book capitalises every such word in TITLED times as many of its sections' headings (tr
    8C "Son turun bitişi ve oturumun bitişi", 14B "Fark edilirse" where 13B and 15B print
    "Fark Edilirse"); subsections' headings, numbered, are a level of their own (tr 86B1
    "Tek bir skor varsa" and 86B2, its only ones, agree). The words its profile keeps in
    lower case in a heading (`headings.small`: conjunctions and postpositions, "ve",
    "veya", "için") are not read, nor a suffix after an apostrophe ("72C’nin"). The fix
    capitalises the other words.

    >>> from kb.crosslang.library import get_library
    >>> heading_case(get_library().book("tr"))["14.B"]
    [('headcase', 'Elin Eksik Olduğu Daha Sonra Fark edilirse', \
'Elin Eksik Olduğu Daha Sonra Fark Edilirse')]
    >>> heading_case(get_library().book("fi"))
    {}
    """
    words = load_words(book.key)
    titles = {u.id: u.title.strip() for u in book.units
              if u.kind == "section" and u.title.strip()}  # fmt: skip
    small = set(load_qa_words(book.key).get("headings", {}).get("small", ()))
    read = {uid: [w for w in _HEADING_WORD.findall(t)[1:] if words.lower(w) not in small]
            for uid, t in titles.items()}  # fmt: skip
    uncased = {uid: [w for w in found if w[0].islower()] for uid, found in read.items()}
    titled = sum(bool(found) and not uncased[uid] for uid, found in read.items())
    odd = {uid: found for uid, found in uncased.items() if found}
    if not odd or titled < TITLED * len(odd):
        return {}
    found: dict[str, list[Slip]] = {}
    for uid, lowered in odd.items():
        fixed = titles[uid]
        for word in dict.fromkeys(lowered):
            capital = words.upper(word[0]) + word[1:]
            fixed = re.sub(rf"(?<![’'\w]){re.escape(word)}(?!\w)", capital, fixed)
        found[uid] = [("headcase", titles[uid], fixed)]
    return found
