"""Full stops and colons: a text of the laws ending without the full stop the other books
end it with, a list item without the one its sister items end with, two sentences run into
one, a lead-in to a list without the colon the others end it with, and a heading ending
with a full stop where the book's others end without one."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Sequence
from dataclasses import replace

from kb.core.ids import LAW_LEVELS
from kb.crosslang.library import Book
from kb.profiles import load_qa_words
from kb.qa.checks.base import (
    WORD,
    Slip,
    names,
    ordered,
    plain,
    present_in,
    sentences,
    text_finding,
    texts_of,
)
from kb.qa.checks.spelling import dictionary
from kb.qa.groups import Alignment, Group
from kb.qa.model import Finding

HEADINGS = 20  # headings a book prints without a full stop for one with a full stop to stand out


def stopped_headings(book: Book) -> dict[str, list[Slip]]:
    """Per unit, its heading where it ends with a full stop and the book ends HEADINGS times
    as many of its headings (of laws, sections and subsections) without one: fi 38A
    "Pelaamista ei sallita." where its other 353 headings end without; the fix drops it.

    >>> from kb.crosslang.library import get_library
    >>> stopped_headings(get_library().book("fi"))
    {'38.A': [('headstop', 'Pelaamista ei sallita.', 'Pelaamista ei sallita')]}
    """
    titles = {u.id: u.title.strip() for u in book.units if u.kind in LAW_LEVELS and u.title}
    stopped = {uid: t for uid, t in titles.items() if t.endswith(".") and not t.endswith("..")}
    if len(titles) - len(stopped) < HEADINGS * len(stopped):
        return {}
    return {uid: [("headstop", t, t[:-1])] for uid, t in stopped.items()}


def open_leads(
    texts: dict[str, str], leads: set[str], sentences_after: Collection[str] = ()
) -> dict[str, Slip]:
    """The book whose lead-in to a list (`leads`: the books whose unit has items) ends with a
    semicolon, or with the word its profile says closes a lead's clause (`typography.leads`:
    fi "niin", et "siis", then), where every other book (two at least) ends it with a colon:
    its last words, and the colon in place. Where the book's items begin sentences of their
    own (`sentences_after`: the lead's sentence ends before them), also a lead-in ending in
    a word, a comma or a full stop (fi 46B3 "nimeää arvon mutta ei väriä", then "a)
    Pelatessaan ..."); a lead-in whose items go on with its sentence ("..., ellei" then "a)
    parikilpailussa ...") may end in a word.

    >>> texts = {"fi": "Jos hän passaa, niin", "tr": "pas geçerse:", "et": "Kui ta passib, siis:"}
    >>> open_leads(texts, {"fi", "tr", "et"})
    {'fi': ('colon', 'passaa, niin', 'passaa, niin:')}
    >>> texts["fi"] = "Jos hän passaa"
    >>> open_leads(texts, {"fi", "tr", "et"}), open_leads(texts, {"fi", "tr", "et"}, {"fi"})
    ({}, {'fi': ('colon', 'hän passaa', 'hän passaa:')})
    """
    found: dict[str, Slip] = {}
    ends = {x: t.rstrip() for x, t in texts.items() if x in leads}
    for lang, text in ends.items():
        others = [t for x, t in ends.items() if x != lang]
        if len(others) < 2 or not all(t.endswith(":") for t in others):
            continue
        closing = load_qa_words(lang).get("typography", {}).get("leads", ())
        words = " ".join(text.split()[-2:])
        if text.endswith(";") or (lang in sentences_after and text[-1:] in ",."):
            found[lang] = ("colon", words, words[:-1] + ":")
        elif words and (words.split()[-1] in closing or
                        (lang in sentences_after and words[-1].isalnum())):  # fmt: skip
            found[lang] = ("colon", words, words + ":")
    return found


def sentence_items(book: Book) -> set[str]:
    """The units of a book whose first item begins a sentence of its own: with a capital
    letter, on a word the book's dictionary knows in lower case (not a name: "World Bridge
    Federation"). None for a book without a dictionary.

    >>> from kb.crosslang.library import get_library
    >>> found = sentence_items(get_library().book("fi"))
    >>> "46.B.3" in found, "92.D" in found, "80.A.1" in found
    (True, False, False)
    """
    d = dictionary(book.key)
    if d is None:
        return set()
    first: dict[str, str] = {}
    for u in book.units:
        if u.parent and u.kind in LAW_LEVELS and u.parent not in first:
            first[u.parent] = next(iter(WORD.findall(plain(u))), "")
    return {uid for uid, word in first.items() if word[:1].isupper() and d.check(word.lower())}


def missing_stops(lang: str, text: str, others: list[str]) -> list[str]:
    """Where a text runs two sentences into one: a word its profile says ends a sentence
    (`typography.sentence_end`) followed by a capital, in a text with one sentence fewer
    than each other book's (`others`).

    >>> two = "Partnerin on passattava. Lakia sovelletaan."
    >>> missing_stops("tr", "pas geçmek zorundadır Yasalar 16C uygulanabilir.", [two, two])
    ['zorundadır Yasalar']
    """
    ends = load_qa_words(lang).get("typography", {}).get("sentence_end")
    if not ends or any(len(sentences(t)) != len(sentences(text)) + 1 for t in others):
        return []
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(ends) + r") [A-ZÇĞİÖŞÜ]\w+")
    return [m[0] for m in pattern.finditer(text)]


SENTENCE = 30  # letters: a text ending without its full stop is a sentence from this long


def unended_items(book: Book, sentence: int = SENTENCE) -> list[tuple[str, str]]:
    """The units of a book's laws ending in a letter or figure where each of their sisters
    (two at least) ends with a full stop, with their last words: an item of a list whose
    other items end with one (tr 81C1 "oyunun düzenini sağlamak", items 2-8 end "."). Not a
    lead-in (a unit with items of its own), nor a text shorter than a sentence (`sentence`
    letters: "Bkz Yasa 86B2").

    >>> from kb.crosslang.library import get_library
    >>> unended_items(get_library().book("tr"))  # (12C2b's the other books tell too)
    ... # doctest: +NORMALIZE_WHITESPACE
    [('12.C.2.b', 'çerçevesinde, Organizasyon Komitesince değiştirilebilir'),
     ('81.C.1', 've oyunun düzenini sağlamak')]
    """
    parents = {u.parent for u in book.units}
    sisters: dict[str | None, list[tuple[str, str]]] = {}
    for u in book.units:
        if u.kind in LAW_LEVELS and u.kind != "table" and u.parent:
            sisters.setdefault(u.parent, []).append((u.id, plain(u).rstrip()))
    found = []
    for items in sisters.values():
        for uid, text in items:
            rest = [t for x, t in items if x != uid]
            if (uid not in parents and text[-1:].isalnum() and len(rest) >= 2
                    and all(t.endswith(".") for t in rest)
                    and sum(map(len, WORD.findall(text))) >= sentence):  # fmt: skip
                found.append((uid, " ".join(text.split()[-4:])))
    return found


def list_ends(book: Book) -> set[str]:
    """The units of a book's laws that end a list: the last of two or more units of one
    parent, with no units of their own. Measured over fi, tr and et, those ending with a
    semicolon or a comma where the other books end them with a full stop: tr 69B2 and 71B,
    each followed by a sentence of the parent's ("Bu löve iade edilerek ...").

    >>> from kb.crosslang.library import get_library
    >>> {"69.B.2", "71.B"} <= list_ends(get_library().book("tr"))
    True
    """
    children: dict[str, list[str]] = {}
    for unit in book.units:
        if unit.kind in LAW_LEVELS and unit.parent:
            children.setdefault(unit.parent, []).append(unit.id)
    return {ids[-1] for ids in children.values() if len(ids) > 1 and ids[-1] not in children}


def _aside_unended(text: str) -> bool:
    """Whether a text ending with a bracket ends its sentence without a full stop: the
    bracket stands within the sentence (no full stop before it) and ends without one inside.

    >>> _aside_unended("skor geçerli kalır (ancak bkz. Yasa 21B1(b))")
    True
    >>> _aside_unended("uygulanır. (Ancak Yasa 24’e bkz)"), _aside_unended("kalır (bkz. 21.)")
    (False, False)
    """
    if text.endswith(".)"):
        return False
    depth = 0
    for n in range(len(text) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(text[n], 0)
        if depth == 0:
            return not text[:n].rstrip().endswith((".", "!", "?"))
    return False


def check_punctuation(a: Alignment) -> Iterator[Finding]:
    """Texts of the laws ending without a full stop where the others (two at least) end with
    one and the text is a sentence (SENTENCE letters or more; a bracket within its sentence
    may end it: tr 75C "kalır (ancak bkz. Yasa 21B1(b))"; a list's last item may end with
    its sisters' semicolon or comma, `list_ends`: tr 69B2 "anlaşmışsa;"): trivial each, so
    one finding per book, at its first such unit, listing them all (`units`); then, one
    finding per book too, the list items of a book ending without the full stop their
    sisters end with (`unended_items`) that the other books do not already tell.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> [(f.id, f.code, f.about, f.params["count"]) for f in check_punctuation(a)]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('12.C.1.e.i', 'punctuation', ('tr',), 12), ('81.C.1', 'punctuation.items', ('tr',), 1),
     ('16.A.2', 'punctuation', ('et',), 3), ('80.A.1.b', 'punctuation.items', ('et',), 1)]
    """
    found: dict[str, list[tuple[Group, list[str], str]]] = {}
    ends = {x: list_ends(a.book(x)) for x in a.peers}
    for group in a.groups:
        texts = {x: plain(u).rstrip() for x, u in texts_of(a, group).items() if u.kind != "table"}
        for lang, text in texts.items():
            others = [x for x in texts if x != lang]
            if len(others) < 2 or any(not texts[x].endswith(".") for x in others):
                continue
            end = text[-1:]
            unended = (
                end.isalnum()
                or (end == ")" and _aside_unended(text))
                or (end in ";," and group.id in ends[lang])
            )
            if not unended or sum(map(len, WORD.findall(text))) < SENTENCE:
                continue
            found.setdefault(lang, []).append((group, others, text[-20:]))
    for lang in a.peers:
        if lang in found:
            group, others, words = found[lang][0]
            yield _stops(a, "punctuation", lang, others, [g.id for g, _, _ in found[lang]],
                         group, words)  # fmt: skip
        told = {g.id for g, _, _ in found.get(lang, [])}
        items = [(g, words) for uid, words in unended_items(a.book(lang))
                 if uid not in told and (g := a.group(uid)) is not None]  # fmt: skip
        if items:
            group, words = items[0]
            others = ordered([lang], present_in(a, group)[0])[1:]
            yield _stops(a, "punctuation.items", lang, others, [g.id for g, _ in items],
                         group, words)  # fmt: skip


def _stops(a: Alignment, code: str, lang: str, others: Sequence[str], units: list[str],
           group: Group, words: str) -> Finding:  # fmt: skip
    """One book's line of full stops missing (`check_punctuation`), at its first unit."""
    params = {"odd": lang, "mark": ".", "others": names(list(others)), "count": len(units),
              "units": ", ".join(units)}  # fmt: skip
    finding = text_finding(a, "punctuation", "info", group, (lang, *others), code, params,
                           [lang], {lang: words})  # fmt: skip
    return replace(finding, fix={"code": "fix.full_stop"})
