"""Checks of whole texts: a text much longer or shorter than its translations, or shorter
with a sentence fewer (`length`), English left in a translation or one text in two books
(`untranslated`), and one text translated two ways (`consistency`)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator
from statistics import median

from kb.core.ids import LAW_LEVELS
from kb.qa.checks.base import (
    WORD,
    Check,
    group_finding,
    names,
    ordered,
    plain,
    sentences,
    texts_of,
)
from kb.qa.groups import Alignment, Group
from kb.qa.model import Finding

# Length: a text is an outlier against another book when the ratio of their lengths, divided
# by the pair's usual ratio (the median over all groups), is beyond LENGTH_FACTOR either way;
# groups whose longest text is under LENGTH_MIN characters are left alone.
LENGTH_FACTOR = 1.5
LENGTH_MIN = 100
# A sentence left out: where the other books (two at least) print as many sentences, a book
# printing fewer in a text shorter than SHORTER of its usual length against each of them.
SHORTER = 0.75
# English left in a translation: ENGLISH_MIN function words making ENGLISH_SHARE of the words.
# The words are English ones that are no word of the corpus languages ("on" is Estonian, "by"
# Slovak, "for" the Swedish OCR's "för", so they are not here).
ENGLISH = frozenset({
    "the", "and", "of", "with", "shall", "which", "that", "this", "from", "when", "where", "will",
    "would", "should", "there", "their", "been", "have", "has", "must", "any", "his", "who",
    "after", "before", "are", "were", "not", "may", "its",
})  # fmt: skip
ENGLISH_MIN = 3
ENGLISH_SHARE = 0.10
IDENTICAL_MIN = 20  # letters a text needs before two identical texts count as untranslated


def pair_ratios(a: Alignment) -> dict[tuple[str, str], float]:
    """Each ordered pair of peers' usual length ratio: the median over the groups both have
    text in.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> round(pair_ratios(align_books(get_library(), ["fi", "tr"]))["tr", "fi"], 2)
    0.94
    """
    lengths: dict[tuple[str, str], list[float]] = defaultdict(list)
    for group in a.groups:
        size = {x: len(plain(u)) for x, u in texts_of(a, group).items()}
        for x in size:
            for y in size:
                if x != y:
                    lengths[x, y].append(size[x] / max(1, size[y]))
    return {pair: median(values) for pair, values in lengths.items()}


def check_length(a: Alignment) -> Iterator[Finding]:
    """A text much longer or shorter than its translations: against every other book, its
    length ratio divided by the pair's usual ratio (`pair_ratios`) is beyond LENGTH_FACTOR the
    same way. With two books the shorter is named first (the likelier to lack content) and
    both are blamed.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "et"])
    >>> [f.id for f in check_length(a)][:1]
    ['19.D']
    """
    usual = pair_ratios(a)
    for group in a.groups:
        units = {x: u for x, u in texts_of(a, group).items() if u.kind != "table"}
        size = {x: len(plain(u)) for x, u in units.items()}
        if len(units) < 2 or max(size.values()) < LENGTH_MIN:
            continue
        for lang in sorted(units, key=size.get):
            rel = {y: size[lang] / max(1, size[y]) / usual[lang, y] for y in units if y != lang}
            longer, shorter = all(r > LENGTH_FACTOR for r in rel.values()), all(
                r < 1 / LENGTH_FACTOR for r in rel.values())  # fmt: skip
            if not (longer or shorter):
                continue
            other = min(rel, key=lambda y: abs(rel[y] - 1))
            params = {"odd": lang, "ratio": f"{rel[other]:.2f}", "other": other,
                      "chars": size[lang], "other_chars": size[other]}  # fmt: skip
            langs = ordered([lang], list(units))
            odd = [lang] if len(units) > 2 else langs  # of two books, either may be at fault
            yield group_finding(a, "length", "info", group, langs, "length", params, odd)
            break
        else:
            yield from _fewer_sentences(a, group, {x: plain(u) for x, u in units.items()}, usual)


def _fewer_sentences(a: Alignment, group: Group, texts: dict[str, str],
                     usual: dict[tuple[str, str], float]) -> Iterator[Finding]:  # fmt: skip
    """A book printing fewer sentences than the others (two at least, as many each), in a
    text shorter than SHORTER of its usual length against each: a sentence left out (et
    80B1, one sentence where fi and tr print three).

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> [(f.id, f.params["count"], f.params["theirs"]) for f in check_length(a)
    ...  if f.code == "length.sentences"]
    [('80.B.1', 1, 3)]
    """
    if len(texts) < 3:
        return
    for lang in texts:
        others = [y for y in texts if y != lang]
        rel = [len(texts[lang]) / max(1, len(texts[y])) / usual[lang, y] for y in others]
        if max(rel) >= SHORTER:
            continue  # (not much shorter: its sentences are not counted)
        n, theirs = len(sentences(texts[lang])), {len(sentences(texts[y])) for y in others}
        if len(theirs) == 1 and n < min(theirs):
            params = {"odd": lang, "count": n, "others": names(others), "theirs": min(theirs),
                      "ratio": f"{max(rel):.2f}"}  # fmt: skip
            langs = ordered([lang], list(texts))
            yield group_finding(a, "length", "info", group, langs, "length.sentences", params,
                                [lang])  # fmt: skip


def english_words(text: str) -> Counter[str]:
    """The English function words of a text (see ENGLISH).

    >>> english_words("The Laws of Duplicate Bridge on the table")
    Counter({'the': 2, 'of': 1})
    """
    return Counter(w.lower() for w in WORD.findall(text) if w.lower() in ENGLISH)


def check_untranslated(a: Alignment) -> Iterator[Finding]:
    """English left in a unit of the laws (ENGLISH_MIN function words that are ENGLISH_SHARE
    of its words; a book's front matter and introduction may keep the WBF's English on
    purpose), and texts identical in two books of an edition.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> list(check_untranslated(align_books(get_library(), ["fi", "et"])))
    []
    """
    for lang in a.peers:
        book = a.book(lang)
        for unit in book.units:
            if unit.kind not in LAW_LEVELS:
                continue
            found = english_words(unit.text)
            count, words = sum(found.values()), len(WORD.findall(unit.text))
            if count >= ENGLISH_MIN and count >= ENGLISH_SHARE * words:
                top = ", ".join(f"{w} {n}" for w, n in found.most_common(5))
                params = {"odd": lang, "count": count, "words": words, "top": top}
                group = a.group(unit.id)
                if group is not None:
                    yield group_finding(a, "untranslated", "warning", group, (lang,),
                                   "untranslated.english", params, [lang])  # fmt: skip
    for group in a.groups:
        texts = {x: " ".join(u.text.split()) for x, u in texts_of(a, group).items()}
        same: dict[str, list[str]] = defaultdict(list)
        for lang, text in texts.items():
            if sum(map(len, WORD.findall(text))) >= IDENTICAL_MIN:
                same[text].append(lang)
        for langs in same.values():
            if len(langs) > 1:
                params = {"odd": names(langs)}
                yield group_finding(a, "untranslated", "warning", group, tuple(langs),
                               "untranslated.same", params, langs)  # fmt: skip


def check_consistency(a: Alignment) -> Iterator[Finding]:
    """The same text translated two ways: two units whose texts (forty characters or more)
    are identical in every other book (two at least) while one book words them differently;
    the second unit is reported, with the first.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.groups import align_books
    >>> a = align_books(get_library(), ["fi", "tr", "et"])
    >>> [(f.id, f.odd, f.params["other_id"]) for f in check_consistency(a)]
    [('32.A.2.b', ('tr',), '31.A.2.b')]
    """
    if len(a.peers) < 3:
        return  # one other book is no evidence that the source text is the same
    texts = {}  # each group's texts in every book, spaces as one
    for group in a.groups:
        units = texts_of(a, group)
        if len(units) == len(a.peers):
            plains = {x: plain(u) for x, u in units.items()}
            if min(map(len, plains.values())) >= 40:
                texts[group.id] = {x: " ".join(t.split()) for x, t in plains.items()}
    for lang in a.peers:
        others = [x for x in a.peers if x != lang]
        seen: dict[tuple[str, ...], Group] = {}
        for group in a.groups:
            words = texts.get(group.id)
            if words is None:
                continue
            first = seen.setdefault(tuple(words[x] for x in others), group)
            if first is group:
                continue
            if words[lang] != texts[first.id][lang]:
                params = {"odd": lang, "source_lang": names(others), "id": group.id,
                          "other_id": first.id}  # fmt: skip
                langs = ordered([lang], others)
                yield group_finding(a, "consistency", "info", group, langs, "consistency", params,
                               [lang])  # fmt: skip


CHECKS = (
    Check("length", "text", check_length),
    Check("untranslated", "text", check_untranslated),
    Check("consistency", "text", check_consistency),
)
