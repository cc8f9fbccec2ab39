"""Mechanical errors a CAT tool's QA finds: lost suit symbols, unbalanced brackets, a
word printed twice in a row, typographic slips (the capitals in kb/qa/checks/capitals.py), a
sentence without its final full stop (kb/qa/checks/stops.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from itertools import pairwise

import regex

from kb.core.profile import Words
from kb.crosslang.library import Book
from kb.profiles import load_qa_words, load_reduplicated, load_words
from kb.qa.checks.base import (
    WORD,
    Check,
    around,
    names,
    ordered,
    plain,
    present_in,
    text_finding,
    text_groups,
    texts_of,
)
from kb.qa.checks.capitals import capitals, heading_case, item_capitals
from kb.qa.checks.lexicon import forms
from kb.qa.checks.spelling import dictionary
from kb.qa.checks.stops import (
    check_punctuation,
    missing_stops,
    open_leads,
    sentence_items,
    stopped_headings,
)
from kb.qa.checks.style import (
    Slip,
    abbreviations,
    book_slips,
    law_headings,
    lower_starts,
    small_words,
)
from kb.qa.groups import Alignment, Group
from kb.qa.model import Finding

SUITS = "♠♥♦♣"
_EMPTY_BRACKETS = re.compile(r"\w+ \(\s*\)")
BRACKETS = {"(": ")", "[": "]"}
_MARKER = re.compile(r".*(?<![\w(])(?:[a-z]|[ivx]{1,4}|\d)\)$")
_DOUBLED = re.compile(r"\b([^\W\d_]{3,})\s+\1\b", re.IGNORECASE)
_PHRASE = re.compile(r"\b([^\W\d_]+ [^\W\d_]+) \1\b", re.IGNORECASE)
_NEAR = re.compile(r"\b([^\W\d_]{3,})((?: [^\W\d_]+){1,2}?) \1\b", re.IGNORECASE)


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
            fix = {"code": "fix.symbols", "symbols": symbols}
            yield text_finding(a, "symbols", "error", group, langs, "symbols", params, [lang],
                               {lang: lost[0]}, fix)  # fmt: skip


def unbalanced(text: str, quotes: str = "") -> int | None:
    """Where a text's brackets ( ) [ ] stop balancing: the offset of the first bracket left
    open or closed without an opening one (None: balanced). `quotes`: the book's quotation
    marks, an opening and a closing one, balanced as brackets are (Turkish “ ”).

    >>> unbalanced("(bkz. Yasa 20F1. Bunun"), unbalanced("a (b [c] d)"), unbalanced("x) y")
    (0, None, None)
    >>> unbalanced("lõikes a) ja b) kirjeldatust"), unbalanced("y (x")
    (None, 2)
    >>> unbalanced("“herhangi bir şey oyna’’ gibi", "“”"), unbalanced("(“oyna’’)", "“”")
    (0, 1)
    """
    pairs = BRACKETS | ({quotes[0]: quotes[1]} if quotes else {})
    stack: list[tuple[str, int]] = []
    for n, char in enumerate(text):
        if char == ")" and not stack and _MARKER.match(text[max(0, n - 4) : n + 1]):
            continue  # a list marker or an item cited as printed ("a) ja b)"), none open
        if char in pairs:
            stack.append((char, n))
        elif char in pairs.values():
            if stack and stack[-1][0] in quotes[:1] and pairs[stack[-1][0]] != char:
                return stack[-1][1]  # a bracket closes over a quotation left open
            if not stack or pairs[stack[-1][0]] != char:
                return n
            stack.pop()
    return stack[0][1] if stack else None


def check_brackets(a: Alignment) -> Iterator[Finding]:
    """Brackets a book leaves unbalanced in a text the others balance (an item's own label,
    "a)", is no bracket), and the quotation marks its profile names (`typography.quotes`,
    where the opening mark differs from the closing one).

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> [(f.id, f.odd) for f in check_brackets(a)][:2]
    [('15.B.3', ('fi',)), ('45.C.4.b', ('tr',))]
    """
    quotes = {x: load_qa_words(x).get("typography", {}).get("quotes", "") for x in a.peers}
    for group in text_groups(a):
        units = texts_of(a, group)
        at = {x: unbalanced(plain(u), quotes.get(x, "")) for x, u in units.items()}
        balanced = [x for x, n in at.items() if n is None]
        for lang, start in at.items():
            if start is None or not balanced:
                continue
            words = plain(units[lang])[start : start + 30]
            params = {"odd": lang, "mark": words[0], "words": words}
            langs = ordered([lang], balanced)
            fix = "fix.quote" if words[0] in quotes[lang] else "fix.bracket"
            yield text_finding(a, "brackets", "warning", group, langs, "brackets", params,
                               [lang], {lang: words}, {"code": fix})  # fmt: skip


def doublings(lang: str, text: str) -> list[tuple[str, str]]:
    """The doubled words of a text, each with the words printed once: a word printed twice
    in a row (not one its language doubles on purpose, `REDUPLICATED`), two words with a
    modal verb or a scope word printed twice ("võib ainult võib ainult"), or a modal verb
    printed again a word or two later ("peab iga mängija peab").

    >>> doublings("et", "peab iga mängija peab oma kaardid")
    [('peab iga mängija peab', 'peab iga mängija')]
    >>> doublings("fi", "jokainen jokainen"), doublings("tr", "her cezalı kart cezalı kart olarak")
    ([('jokainen jokainen', 'jokainen')], [])
    """
    found = [(m[0], m[1]) for m in _DOUBLED.finditer(text)
             if m[1].lower() not in load_reduplicated(lang)]  # fmt: skip
    found += [(m[0], m[1]) for m in _PHRASE.finditer(text)
              if forms(lang, "modal", m[1]) or forms(lang, "scope", m[1])]  # fmt: skip
    for m in _NEAR.finditer(text):
        modal = forms(lang, "modal", m[1])
        between = [f for f in forms(lang, "markers", m[2]) if f.name in ("or", "but")]
        if modal and modal[0].words.lower() == m[1].lower() and not between:
            found.append((m[0], m[1] + m[2]))
    return [(w, once) for w, once in found if not any(w != o and w in o for o, _ in found)]


def check_doubled(a: Alignment) -> Iterator[Finding]:
    """A word printed twice where no other book doubles it (`doublings`); tables left out
    (their headings repeat). The fix prints it once.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "et"])
    >>> [(f.id, f.params["words"], f.fix["form"]) for f in check_doubled(a)][:2]
    [('7.C', 'peab iga mängija peab', 'peab iga mängija'), ('12.C.1.c', 'võib ainult võib ainult', \
'võib ainult')]
    """
    for group in text_groups(a):
        units = {x: u for x, u in texts_of(a, group).items() if u.kind != "table"}
        found = {x: doublings(x, plain(u)) for x, u in units.items()}
        for lang, doubled in found.items():
            if not doubled or any(found[x] for x in units if x != lang):
                continue
            words, once = doubled[0]
            params = {"odd": lang, "words": words}
            langs = ordered([lang], list(units))
            finding = text_finding(a, "doubled", "warning", group, langs, "doubled", params,
                                   [lang], {lang: words})  # fmt: skip
            yield replace(finding, fix={"code": "fix.once", "form": once})


# Typography: punctuation marks that clash ("..", ",:", ".:"), a space before a mark, a word
# glued to an opening bracket ("jatkuu(lakia"; not "tür(ler)", a Turkish plural in brackets)
# or to the word after an abbreviation's full stop ("bkz.Yasa").
TYPOGRAPHY = {
    "clash": re.compile(r"(?<![.\d])\.\.(?![.\d])|,\s?[:;.]|[:;]\s?[.,]|\.[:;,](?!\d)"),
    "space": re.compile(r"(?<=[^\W\d_])\s+[,;:](?!\d)"),
    "glued": re.compile(
        r"[^\W\d_]{2}\((?![^\W\d_]{1,5}\)[^\W\d_]*)|(?<=[^\W\d_]{2}\.)[^\W\d_]{2,}(?=\s)"
    ),
    "slash": re.compile(r"(?<=[^\W\d_])(?:/\s+|\s+/)(?=[^\W\d_])"),  # "ja/ tai"
}
NEEDS = {"slash": "/"}  # the mark a kind of slip needs in a text
HEADINGS = ("heading", "small")  # slips of a book's own headings, read within the book
# A capital after a lower-case letter inside a word (tr "OyunuNda"), in any script; and a
# word of capitals ending in lower case (fi "HENKILÖKOHTAISessa"), a slip where the word is
# one the dictionary knows (not an abbreviation with an ending: et "ETBLi").
INSIDE = regex.compile(r"\p{Ll}\p{Lu}(?=\p{L})")
CAPITALS_THEN_LOWER = regex.compile(r"\b\p{Lu}{3,}\p{Ll}+\b")
# A bracket after a sentence's full stop begun in lower case (tr "atar. (bkz. Yasa 12)"): a
# reference left outside its sentence, or a sentence in brackets begun in lower case.
OUTSIDE = regex.compile(r"\p{L}{2}\.\s+\((?=\p{Ll}\p{L})")
# A comma before a bracket in mid-sentence (et "tagasi võtta, (kuid"): it goes after it.
BRACKETED = regex.compile(r"\p{L}{2},\s+\((?=\p{L})")
# Letters of other scripts that look like Latin ones (Cyrillic а, е, о, р, с, у, х; Greek ο).
LOOKALIKE = re.compile("[\u0430\u0435\u043e\u0440\u0441\u0443\u0445\u03bf]")


def typography(lang: str, text: str) -> list[tuple[str, str]]:
    """The typographic slips of a text, as (kind, the words around): clashing marks, a space
    before a mark or at a slash, a missing space, a capital inside a word, a letter outside
    the language's alphabet or of another script.

    >>> typography("et", "jääb partnerile.: Kohtunik")
    [('clash', 'partnerile.:')]
    >>> typography("tr", "gerekir (bkz.Yasa 16C2) ve tür(ler)e")
    [('glued', '(bkz.Yasa')]
    >>> typography("tr", "hakem ayarlı skor atar. (bkz. Yasa 12)")
    [('outside', 'atar. (bkz. Yasa 12)')]
    >>> typography("fi", "OIKAISU HENKILÖKOHTAISessa KILPAILUSSA, VUOROLLAqba")
    [('inside', 'HENKILÖKOHTAISessa')]
    >>> typography("tr", "kaçınmalıdır, (bkz. Yasa 73C) aksi takdirde")
    [('bracketed', 'kaçınmalıdır, (bkz. Yasa 73C) aksi')]
    """
    found = []
    for kind, pattern in TYPOGRAPHY.items():
        if kind in NEEDS and NEEDS[kind] not in text:
            continue  # (a text without the mark: no need to scan it)
        for m in pattern.finditer(text):
            words = around(text, m.start(), m.end())
            if kind == "glued" and _variant(words):
                continue  # "türü(türleri)": another form of the word in brackets
            found.append((kind, words))
    found += [("inside", around(text, m.start(), m.end())) for m in INSIDE.finditer(text)]
    d = dictionary(lang)
    found += [("inside", m[0]) for m in CAPITALS_THEN_LOWER.finditer(text)
              if d is not None and d.check(m[0].lower())]  # fmt: skip
    found += [("outside", _bracket(text, m.start(), m.end())) for m in OUTSIDE.finditer(text)]
    found += [("bracketed", _bracket(text, m.start(), m.end(), then=True))
              for m in BRACKETED.finditer(text)]  # fmt: skip
    words, alphabet = _alphabet(lang)
    if all(c in alphabet or not c.isalpha() for c in set(words.lower(text))):
        return found  # (lower case is letter by letter: no word has a letter outside it)
    for word in WORD.findall(text):
        odd = [c for c in words.lower(word) if c not in alphabet and c.isalpha()]
        if odd and (LOOKALIKE.search(word) or words.alphabet):
            found.append(("letters", word))
    return found


@cache
def _alphabet(lang: str) -> tuple[Words, frozenset[str]]:
    """A language's words and the letters it writes: its alphabet's, and those its QA words
    list beside it (`typography.letters`: Turkish â, î, û).

    >>> "â" in _alphabet("tr")[1], "â" in _alphabet("fi")[1]
    (True, False)
    """
    words = load_words(lang)
    beside = load_qa_words(lang).get("typography", {}).get("letters", "")
    return words, frozenset(words.alphabet) | frozenset(beside)


def _variant(words: str) -> bool:
    """Whether a word glued to a bracket is followed by another form of itself in it.

    >>> _variant("türü(türleri)"), _variant("jatkuu(lakia")
    (True, False)
    """
    before, _, inside = words.partition("(")
    return len(before) >= 3 and inside[:3].lower() == before[:3].lower()


def mend(kind: str, words: str, lang: str = "") -> str:
    """The words of a typographic slip mended: the first of two clashing marks kept, the
    space before a mark dropped, a space put where one is missing; a capital or a lower case
    letter written as the book's language writes it (`lang`: tr "İ", "ı"; none, as Python
    does).

    >>> mend("clash", "partnerile.:"), mend("glued", "jatkuu(lakia"), mend("space", "ovat :")
    ('partnerile.', 'jatkuu (lakia', 'ovat:')
    >>> mend("glued", "(bkz.Yasa")
    '(bkz. Yasa'
    >>> mend("item", "Hoiatab väljamängijat", "et"), mend("item", "İhlal edilirse", "tr")
    ('hoiatab väljamängijat', 'ihlal edilirse')
    >>> mend("slash", "ja/ tai"), mend("inside", "OyunuNda"), mend("inside", "AISessa")
    ('ja/tai', 'Oyununda', 'AISESSA')
    >>> mend("outside", "atar. (bkz. Yasa 12)"), mend("outside", "maalauksen. (laki voi soveltua.)")
    ('atar (bkz. Yasa 12).', 'maalauksen. (Laki voi soveltua.)')
    >>> mend("outside", "kalır. (ihlal yoktur.)", "tr")
    'kalır. (İhlal yoktur.)'
    >>> mend("bracketed", "kaçınmalıdır, (bkz. Yasa 73C) aksi"), mend("bracketed", "x, (vt 49).")
    ('kaçınmalıdır (bkz. Yasa 73C), aksi', 'x (vt 49).')
    >>> mend("bracketed", "virheellä, (jolla ei ole yhteyttä rikkomukseen),")
    'virheellä, (jolla ei ole yhteyttä rikkomukseen),'
    >>> mend("bracketed", "x, (vt 49 aksi"), mend("bracketed", "x,  (vt 49)  aksi")
    ('x, (vt 49 aksi', 'x (vt 49),  aksi')
    """
    if kind == "clash":
        return re.sub(r"([.,:;])\s?[.,:;]", r"\1", words, count=1)
    if kind == "space":
        return re.sub(r"\s+([,;:])", r"\1", words, count=1)
    case = load_words(lang) if lang else Words()
    if kind == "item":
        return case.lower(words[0]) + words[1:]
    if kind == "slash":
        return re.sub(r"\s*/\s*", "/", words, count=1)
    if kind == "inside" and regex.match(r"\p{Lu}{3}", words):
        return case.upper(words)
    if kind == "inside":
        return words[0] + "".join(y.lower() if x.islower() else y for x, y in pairwise(words))
    if kind in ("stop", "capital"):
        return words.replace(" ", ". ", 1) if kind == "stop" else words
    if kind == "outside":  # a sentence in brackets: its capital; else the stop after it
        before, _, inside = words.partition(". (")
        if inside.endswith(".)"):
            return f"{before}. ({case.upper(inside[0])}{inside[1:]}"
        return f"{before} ({inside}."
    if kind == "glued":
        return re.sub(r"(?<=[^\W\d_])(\()|(?<=[^\W\d_]\.)(?=[^\W\d_])", r" \1", words, count=1)
    if kind == "bracketed":  # the comma after the bracket where the sentence goes on (with
        parts = re.fullmatch(r"(.*?),\s+\((.*)\)(.*)", words, re.S)  # one on both sides,
        if parts is None or parts[3].startswith(","):  # which goes depends on the words
            return words  # after; an unclosed bracket: no fix)
        before, inside, after = parts.groups()
        return f"{before} ({inside}){',' if after.lstrip()[:1].isalnum() else ''}{after}"
    return words


def _bracket(text: str, start: int, end: int, then: bool = False) -> str:
    """The words of a bracket after a mark: from the word before the mark to the bracket's
    close (nested brackets kept; the rest of the text if it never closes), and with `then`,
    the word or the mark after it.

    >>> _bracket("x maalauksen. (laki (s. 30) 16 § voi soveltua.) Muu", 2, 15)
    'maalauksen. (laki (s. 30) 16 § voi soveltua.)'
    >>> _bracket("x maalauksen, (laki) muu sana", 2, 15, then=True)
    'maalauksen, (laki) muu'
    """
    left = text.rfind(" ", 0, start) + 1
    depth = 0
    for n in range(end - 1, len(text)):
        depth += {"(": 1, ")": -1}.get(text[n], 0)
        if depth == 0:
            after = re.match(r"\s*[^\s(]+", text[n + 1 :]) if then else None
            return text[left : n + 1] + (after[0] if after else "")
    return text[left:]


def check_typography(a: Alignment) -> Iterator[Finding]:
    """Typographic slips (`typography`) in a book's text, read from the text as printed
    (a Finnish page reference glued to its word, "laki(s. 88)", is a missing space too),
    then those of the book's language and house style (`kb.qa.checks.style`), an
    abbreviation without its full stop in one line per book.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> found = check_typography(align_books(get_library(), ["et"]))
    >>> [(f.id, f.params["words"][:22]) for f in found if f.code != "typography.lead"]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('6.D.3', 'võib Kohtunik'), ('9.B.1.a', 'kutsuda Kohtunik.'), ('11.A', 'siis Kohtunik'),
     ('12.C.1.b', 'Kui Kohtunik'), ('12.C.2.b', 'vastavuses Reeglitega'),
     ('13.A.2', 'siis Kohtunik'), ('14.B.1', 'hulgast rakendub'), ('18.D', 'pakkumine, on'),
     ('23.B', '16c2'), ('26.B', 'partnerile.:'), ('40.B.2.c', 'süsteemikaarti,:'),
     ('47.A', 'võtta, (kuid kaitsja t'), ('50', 'trahvikaardiks, (vt re'),
     ('57.D', 'käigukorral võib'), ('68.D.2.b.i', 'kirjeldatult..'), ('75.D.3', 'd2'),
     ('76.D', 'Kui Kohtunik')]
    """
    books = {x: a.book(x) for x in a.peers}
    parents = {x: {u.parent for u in b.units} for x, b in books.items()}  # (units with items)
    opening = {x: sentence_items(b) for x, b in books.items()}  # (items begin sentences)
    capital = {x: capitals(b) for x, b in books.items()}
    own = {x: book_slips(b) for x, b in books.items()}
    for group in text_groups(a):
        units = texts_of(a, group)
        texts = {x: plain(u) for x, u in units.items()}
        items = item_capitals(texts)
        lower = lower_starts(units, books)
        leads = {x for x, u in units.items() if u.id in parents[x]}
        colons = open_leads(texts, leads, {x for x, u in units.items() if u.id in opening[x]})
        for lang, unit in units.items():
            others = [t for x, t in texts.items() if x != lang]
            printed = f"{unit.title} {unit.text}" if unit.title else unit.text
            slips = [(k, w, mend(k, w, lang)) for k, w in typography(lang, printed)]
            slips += [
                ("stop", w, mend("stop", w)) for w in missing_stops(lang, texts[lang], others)
            ]
            slips += capital[lang].get(group.id, [])
            slips += (
                [("item", items[lang], mend("item", items[lang], lang))] if lang in items else []
            )
            slips += [colons[lang]] if lang in colons else []
            slips += own[lang].get(unit.id, []) + lower.get(lang, [])
            for slip in slips:
                yield _slip(a, group, ordered([lang], list(units)), slip)
    for lang, book in books.items():
        for uid, slips in _law_titles(a, lang, book, own[lang]).items():
            beside = ordered([lang], present_in(a, a.by_id[uid])[0])  # (the others' titles)
            yield from (_slip(a, a.by_id[uid], (lang,) if slip[0] in HEADINGS else beside, slip)
                        for slip in slips)  # fmt: skip
        for x in abbreviations(book):
            # at the first place in a law (a definition has no law group)
            group, words = next(((g, w) for u, w in x.places if (g := a.group(u))), (None, ""))
            if group is None:
                continue
            params = {"odd": lang, "words": words, "count": len(x.units), "times": x.times,
                      "units": ", ".join(x.units)}  # fmt: skip
            fix = {"code": "fix.write", "form": words + "."}
            code = "typography.abbreviation"
            yield text_finding(a, "typography", "info", group, (lang,), code, params, [lang],
                               {lang: words}, fix)  # fmt: skip


def _law_titles(a: Alignment, lang: str, book: Book, own: dict[str, list[Slip]]
                ) -> dict[str, list[Slip]]:  # fmt: skip
    """Per law, the slips of its heading as printed (`law_headings`), a word its title in
    capitals prints in lower case (`small_words`), a heading's full stop the book's others
    lack (`stopped_headings`, of sections too), a heading's lower case where the book
    capitalises each word (`heading_case`), and those of its title where the law
    has no text of its own (a text's title is read with its text): fi 89
    "HENKILÖKOHTAISessa", and the book's own in it (`own`, `book_slips`): fi 28
    "TARJOUKSET JOTKA"."""
    found = {uid: list(slips) for uid, slips in law_headings(book).items()}
    for uid, slips in [
        *small_words(book).items(),
        *stopped_headings(book).items(),
        *heading_case(book).items(),
    ]:
        found.setdefault(uid, []).extend(slips)
    for unit in book.units:
        if unit.kind == "law" and unit.title and not unit.text.strip():
            found.setdefault(unit.id, []).extend(
                (k, w, mend(k, w, lang)) for k, w in typography(lang, unit.title)
            )
            found[unit.id].extend(x for x in own.get(unit.id, []) if x[1] in unit.title)
    return {uid: slips for uid, slips in found.items() if slips and a.group(uid) is not None}


def _slip(a: Alignment, group: Group, langs: tuple[str, ...], slip: Slip) -> Finding:
    """A typography finding on the first of `langs` for one slip (kind, words as printed,
    words mended); the fix is the mended words where they differ."""
    kind, words, fixed = slip
    params = {"odd": langs[0], "kind": kind, "words": words}
    fix = {"code": "fix.write", "form": fixed} if fixed != words else None
    return text_finding(a, "typography", "info", group, langs, f"typography.{kind}", params,
                        [langs[0]], {langs[0]: words}, fix)  # fmt: skip


CHECKS = (
    Check("symbols", "mechanics", check_symbols),
    Check("brackets", "mechanics", check_brackets),
    Check("doubled", "mechanics", check_doubled),
    Check("typography", "mechanics", check_typography),
    Check("punctuation", "mechanics", check_punctuation),
)
