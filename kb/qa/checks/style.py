"""A book read against its language's rules and its own house style: slips of the
`typography` check that one text alone does not show.

- `suffix`: a suffix after a figure that does not agree with the figure read aloud (Turkish
  "Yasa 43’de" for "43’te": "kırk üç" ends in a voiceless ç after a front vowel), from the
  profile's `[numerals]`;
- `clitic`: a word the language never assimilates to the sound before it, written as if it
  did (Turkish "taraf ta" for "taraf da"), from `typography.clitics` of the profile;
- `abbreviation`: an abbreviation printed without the full stop the book prints it with
  three times as often, in places a sentence does not end (fi "esim", tr "bkz"): one line
  per book and abbreviation, its units listed;
- `lower`: a footnote, or a list item whose sisters in its book begin with a capital, begun in
  lower case where every other book (two at least) begins it with a capital;
- `list`: a list item ending with a full stop, not the last, where the other items of its list
  (two at least) end with one comma or semicolon;
- `lead`: a list item beginning with the last word of its lead-in ("jos: ... 3. jos revokki").
- `heading`: a law's heading printing the words around its number unlike nine in ten of the
  book's laws (Turkish "YASA 55- " for "YASA 55 – ");
- `small`: a word in lower case in a law's title in capitals (Turkish "DÜZENLEMELER ve
  ORGANİZASYON");
- `section`: a cross-reference printing a section's letter in lower case (Estonian
  "Reeglit 16c2");
- `glued`: a word glued to a figure, or a figure to a sign or to a word, that the book
  prints apart APART times as often (Turkish "Yasa22", "63A1geçerli"; Finnish "75B2§");
- `apostrophe`: a suffix set off by an apostrophe after a word in lower case, which is no
  name, where the book prints the word joined or the dictionary knows it (Turkish "hakem’e"),
  in a language whose profile says it sets suffixes off so (`typography.apostrophes`).

Each slip comes with the words as printed and as mended.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

import regex

from kb.core.ids import LAW_LEVELS
from kb.core.model import Unit
from kb.crosslang.library import Book
from kb.profiles import alternation, load_qa_words, load_references, load_words
from kb.qa.checks.base import WORD, Slip, plain, printed_texts, without_pages
from kb.qa.checks.commas import stray, unclosed, within
from kb.qa.checks.spelling import dictionary

_FIGURE = re.compile(r"(?<![\w.])(\d+(?:[A-H](?:\d+(?:\([a-z]\)|[a-z])?)?)?)[’'](\w+)")
_ABBREVIATION = re.compile(r"(?<![\w.])([^\W\d_]{2,5})(\.?)(?=[\s),;:]|$)")
ABBREVIATED = 3  # times an abbreviation is printed with its full stop for one without to count
# A word glued to a figure ("Yasa22"), a figure or a part of a law to a sign ("75B2§") or to a
# word after it ("63A1geçerli"); and a word, or a sign, printed apart from a figure.
_GLUED = re.compile(
    r"(?<!\w)(?P<word>[^\W\d_]{2,})\d+\b|(?<!\w)(?P<part>\d\w*)(?P<sign>[§%])"
    r"|(?<![\w.])(?P<cited>\d+(?:[A-H]\d*)?)(?P<next>[^\W\d_]{4,})"
)
_APART = re.compile(r"(?<!\w)(?P<word>[^\W\d_]{2,}) \d|(?<!\w)\d\w* (?P<sign>[§%])")
APART = 5  # times a pair is printed apart for one glued to count (and at least as many times)


def _numerals(lang: str) -> dict[str, Any]:
    return load_qa_words(lang).get("numerals", {})


def spoken(lang: str, figure: str) -> str | None:
    """The last word of a figure read aloud in a language (its profile's `[numerals]`): its
    ones, else its tens, else a hundred or a thousand; a letter cited after it, its name.

    >>> spoken("tr", "43"), spoken("tr", "60"), spoken("tr", "16C"), spoken("tr", "12C1(b)")
    ('üç', 'altmış', 'ce', 'be')
    >>> spoken("fi", "43") is None
    True
    """
    said = _numerals(lang)
    last = figure.rstrip(")")[-1:].lower()
    if not said or not last:
        return None
    if last.isalpha():
        return said["letters"].get(last)
    number = int(re.search(r"\d+$", figure)[0])  # type: ignore[index]
    if number % 10:
        return said["ones"][number % 10]
    if number % 100:
        return said["tens"][number % 100 // 10]
    return said["hundred"] if number % 1000 else said["thousand"]


def agreeing(lang: str, word: str, suffix: str) -> str | None:
    """The form of a suffix the profile lists (`[numerals]` `suffixes`) that agrees with the
    word it follows, each of its varying letters (`[numerals.variants]`) chosen by the word's
    last sound (voiceless or not), its last vowel (back or not) or whether it ends in a vowel.
    None for a suffix the profile does not list.

    >>> agreeing("tr", "üç", "de"), agreeing("tr", "iki", "ten"), agreeing("tr", "altı", "e")
    ('te', 'den', 'ya')
    >>> agreeing("tr", "dört", "deki"), agreeing("tr", "bir", "inci") is None
    ('teki', True)
    """
    said = _numerals(lang)
    variants = said.get("variants", {})
    vowels = said.get("back", "") + said.get("front", "")
    last_vowel = ([c for c in word if c in vowels] or [""])[-1]
    holds = {"voiceless": word[-1:] in said.get("voiceless", ""),
             "back": bool(last_vowel) and last_vowel in said.get("back", ""),
             "vowel": word[-1:] in vowels}  # fmt: skip
    for template in said.get("suffixes", []):
        forms = [sorted(set(variants[c].values())) if c in variants else [c] for c in template]
        if re.fullmatch("".join(f"(?:{'|'.join(f)})" for f in forms), suffix):
            return "".join(_variant(variants[c], holds) if c in variants else c for c in template)
    return None


def _variant(forms: dict[str, str], holds: dict[str, bool]) -> str:
    """A varying letter's form: that of the first condition that holds, else its `else`."""
    return next((form for when, form in forms.items() if when != "else" and holds[when]),
                forms["else"])  # fmt: skip


def suffixes(lang: str, text: str) -> list[Slip]:
    """The suffixes after figures that do not agree with the figure read aloud.

    >>> suffixes("tr", "Yasa 43’de belirtilen ve Yasa 42’de, Yasa 64’e")
    [('suffix', 'Yasa 43’de', 'Yasa 43’te')]
    """
    found = []
    for m in _FIGURE.finditer(text):
        word = spoken(lang, m[1].replace("(", "").replace(")", ""))
        right = agreeing(lang, word, m[2]) if word else None
        if right and right != m[2]:
            words = _words(text, m.start(), m.end())
            found.append(("suffix", words, words.replace(m[0], m[0][: -len(m[2])] + right)))
    return found


def clitics(lang: str, text: str) -> list[Slip]:
    """The words the profile says are never assimilated to the sound before them, written as
    if they were (`typography.clitics`: the form printed, the form meant), but in a phrase
    where the printed form is a word of its own (`typography.not_clitics`).

    >>> clitics("tr", "her iki rönons ta resmileşmiş ise, bitene ta ki")
    [('clitic', 'rönons ta', 'rönons da')]
    """
    typography = load_qa_words(lang).get("typography", {})
    phrases = set(typography.get("not_clitics", []))
    found = []
    for printed, meant in typography.get("clitics", {}).items():
        for m in re.finditer(rf"(\w+) ({printed})\b(?=(?: (\w+))?)", text):
            if f"{m[2]} {m[3]}" not in phrases:
                found.append(("clitic", f"{m[1]} {m[2]}", f"{m[1]} {meant}"))
    return found


@dataclass(frozen=True)
class Abbreviation:
    """An abbreviation a book prints without its full stop: the places, and how often the
    book prints it with the stop."""

    word: str
    places: tuple[tuple[str, str], ...]  # (unit, the words there), in the order of the book
    times: int

    @property
    def units(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(uid for uid, _ in self.places))


def abbreviations(book: Book) -> list[Abbreviation]:
    """The abbreviations (two to five lower-case letters) a book prints with a full stop
    ABBREVIATED times as often as without, the stop followed at least twice by what does not
    begin a sentence (a lower-case word, a figure, a closing bracket or a comma), with the
    units that print them without it.

    >>> from kb.crosslang.library import get_library
    >>> [(x.word, x.units, x.times) for x in abbreviations(get_library().book("fi"))]
    [('esim', ('68.A',), 10)]
    """
    stopped: Counter[str] = Counter()
    inside: Counter[str] = Counter()
    bare: dict[str, list[tuple[str, str]]] = {}
    for unit in book.units:
        if unit.kind not in (*LAW_LEVELS, "definition"):
            continue
        text = plain(unit)
        for m in _ABBREVIATION.finditer(text):
            word = m[1]
            if not word[0].islower():
                continue
            if not m[2]:
                bare.setdefault(word, []).append((unit.id, _words(text, m.start(), m.end())))
                continue
            stopped[word] += 1
            after = text[m.end() :].lstrip()[:1]
            inside[word] += bool(after) and (after.islower() or after.isdigit() or after in "),;")
    found = []
    for word, places in bare.items():
        if inside[word] >= 2 and stopped[word] >= ABBREVIATED * len(places):
            found.append(Abbreviation(word, tuple(places), stopped[word]))
    return found


def _words(text: str, start: int, end: int) -> str:
    """The word at `start`..`end` with the word before it."""
    before = text[:start].split()[-1:]
    return " ".join([*before, text[start:end]])


def lower_starts(units: dict[str, Unit], book_of: dict[str, Book]) -> dict[str, list[Slip]]:
    """Per book, the footnotes and list items of one aligned group it begins in lower case
    where every other book (two at least) begins them with a capital; an item only where
    its sisters in its own book begin with a capital too. An item whose two sisters or more
    all begin with a capital is found whatever the others print (fi 86B2c "jos molemmat",
    after "Kun ..." and "Jos ...").

    >>> from kb.crosslang.library import get_library
    >>> lib = get_library()
    >>> books = {x: lib.book(x) for x in ("fi", "tr", "et")}
    >>> lower_starts({x: b.by_id["64.C.2.b"] for x, b in books.items()}, books)
    {'et': [('lower', 'kui mõlemad', 'Kui mõlemad')]}
    """
    found: dict[str, list[Slip]] = {}
    if len(units) < 3:
        return found
    notes = {x: [f.text.strip() for f in u.footnotes or []] for x, u in units.items()}
    for n in range(min(len(v) for v in notes.values())):
        for lang in odd_initial({x: v[n][:1] for x, v in notes.items()}, False):
            found.setdefault(lang, []).append(_capitalised(notes[lang][n], lang))
    texts = {x: plain(u) for x, u in units.items()}
    odd = odd_initial({x: t[:1] for x, t in texts.items()}, False)
    for lang, unit in units.items():
        sisters = [plain(u)[:1] for u in book_of[lang].units
                   if u.parent == unit.parent and u.kind == unit.kind and u != unit]  # fmt: skip
        if (
            texts[lang][:1].islower()
            and unit.kind in LAW_LEVELS
            and len(sisters) >= (1 if lang in odd else 2)
            and all(c.isupper() for c in sisters)
        ):
            found.setdefault(lang, []).append(_capitalised(texts[lang], lang))
    return found


def odd_initial(initials: dict[str, str], capital: bool) -> list[str]:
    """The books whose text begins with a capital (`capital`) or a lower-case letter where
    every other book (two at least) begins with a letter of the other case, by each book's
    initial.

    >>> odd_initial({"fi": "v", "tr": "d", "et": "H"}, True), odd_initial({"fi": "v"}, True)
    (['et'], [])
    """

    def case(c: str) -> bool | None:
        return c.isupper() if c.isalpha() else None

    return [x for x, c in initials.items() if case(c) is capital and len(initials) >= 3
            and all(case(initials[y]) is not capital and case(initials[y]) is not None
                    for y in initials if y != x)]  # fmt: skip


def _capitalised(text: str, lang: str) -> Slip:
    """A text's first two words, and them with the capital its language writes.

    >>> _capitalised("ihlal edilirse ...", "tr")
    ('lower', 'ihlal edilirse', 'İhlal edilirse')
    """
    words = " ".join(text.split()[:2])
    return ("lower", words, load_words(lang).upper(words[0]) + words[1:])


def list_stops(book: Book) -> dict[str, list[Slip]]:
    """Per unit, a list item (not the last) ending with a full stop where the other items of
    its list but the last (two at least) all end with one comma or semicolon; the fix is
    that mark.

    >>> from kb.crosslang.library import get_library
    >>> list_stops(get_library().book("fi"))["74.C.4"]
    [('list', 'tarvittavaan tikkimäärään.', 'tarvittavaan tikkimäärään,')]
    """
    lists: dict[tuple[str, str], list[Unit]] = {}
    for unit in book.units:
        if unit.kind in LAW_LEVELS and unit.parent:
            lists.setdefault((unit.parent, unit.kind), []).append(unit)
    found: dict[str, list[Slip]] = {}
    for items in lists.values():
        ends = Counter(plain(u).rstrip()[-1:] for u in items[:-1])
        if len(items) < 4 or ends["."] != 1 or len(ends) != 2:
            continue
        (mark, _), = [(m, n) for m, n in ends.items() if m != "."]  # fmt: skip
        if mark not in (",", ";"):
            continue
        unit = next(u for u in items[:-1] if plain(u).rstrip().endswith("."))
        words = " ".join(plain(unit).split()[-2:])
        found[unit.id] = [("list", words, words[:-1] + mark)]
    return found


def repeated_leads(book: Book) -> dict[str, list[Slip]]:
    """Per list item, its first word where it repeats the last word of its lead-in (the
    text before the colon introducing the list): "jos: ... 3. jos revokki". Where every item
    of the list repeats it, one slip at the lead-in instead, the word dropped there (et 63A
    "kinnistub, kui:" before "1. kui eksinu", "2. kui ...").

    >>> from kb.crosslang.library import get_library
    >>> sorted(repeated_leads(get_library().book("fi")))
    ['64.B.3', '64.B.7', '64.B.8']
    >>> repeated_leads(get_library().book("fi"))["64.B.3"]
    [('lead', 'jos revokki', 'revokki')]
    >>> repeated_leads(get_library().book("et"))["63.A"]
    [('lead', 'kinnistub, kui:', 'kinnistub:')]
    """
    lists: dict[str, list[Unit]] = {}
    for item in book.units:
        parent = book.by_id.get(item.parent or "")
        if parent is not None and item.kind in LAW_LEVELS and parent.kind in LAW_LEVELS:
            lists.setdefault(parent.id, []).append(item)
    found: dict[str, list[Slip]] = {}
    for parent_id, items in lists.items():
        lead = plain(book.by_id[parent_id]).rstrip()
        if not lead.endswith(":"):
            continue
        last = lead[:-1].split()[-1:]
        starts = {u.id: plain(u).split()[:2] for u in items}
        repeating = [uid for uid, w in starts.items() if len(w) == 2 and w[:1] == last]
        if len(repeating) == len(items) > 1:
            words = " ".join(lead.split()[-2:])
            found[parent_id] = [("lead", words, words.rsplit(" ", 1)[0].rstrip(",") + ":")]
            continue
        for uid in repeating:
            found[uid] = [("lead", " ".join(starts[uid]), starts[uid][1])]
    return found


def law_headings(book: Book) -> dict[str, list[Slip]]:
    """Per law, its heading where the book prints the words around the law's number unlike
    nine in ten of its laws' headings (markdown marks, conversion noise, left out); the fix
    is the usual way.

    >>> from kb.crosslang.library import get_library
    >>> law_headings(get_library().book("tr"))["55"]
    [('heading', 'YASA 55- DEKLARANIN', 'YASA 55 – DEKLARANIN')]
    """
    lines = book.source_lines()
    heads = {}
    for unit in book.units:
        printed = re.sub(r"[#*]+", "", lines[unit.lines[0] - 1]).strip()
        at = printed.find(unit.title) if unit.kind == "law" and unit.title else -1
        if at > 0 and unit.label in printed[:at]:
            heads[unit.id] = (printed[:at], unit.label, unit.title.split()[0])
    frames = Counter(head.replace(n, "{}", 1) for head, n, _ in heads.values())
    usual, times = frames.most_common(1)[0] if frames else ("", 0)
    if times * 10 < len(heads) * 9:
        return {}
    return {
        uid: [("heading", f"{head}{word}".strip(), f"{usual.format(n)}{word}".strip())]
        for uid, (head, n, word) in heads.items()
        if head.replace(n, "{}", 1) != usual
    }


def glued(texts: list[tuple[Unit, str]]) -> dict[str, list[Slip]]:
    """Per unit, a word glued to a figure, a figure glued to a sign (§, %) or to a word, where
    the book prints that word before a figure, that sign after one, or that word on its own,
    APART times as often as glued, and at least APART times; the fix is the space.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.checks.base import printed_texts
    >>> sorted(glued(list(printed_texts(get_library().book("tr")))).items())
    ... # doctest: +NORMALIZE_WHITESPACE
    [('47.E.1', [('glued', '63A1geçerli', '63A1 geçerli')]),
     ('77', [('glued', 'Yasa22', 'Yasa 22')])]
    >>> glued(list(printed_texts(get_library().book("fi"))))
    {'20.F.4.a': [('glued', '75B2§', '75B2 §')]}
    """
    apart: Counter[tuple[str, str]] = Counter()
    found = []
    for unit, text in texts:
        for m in _APART.finditer(text):
            apart[("before", m["word"].lower()) if m["word"] else ("sign", m["sign"])] += 1
        found += [(unit.id, m, _glued_key(m)) for m in _GLUED.finditer(text)]
    for word in {key for _, _, (kind, key) in found if kind == "word"}:  # (a few words)
        apart["word", word] = sum(len(_alone(word).findall(text)) for _, text in texts)
    times = Counter(key for _, _, key in found)
    slips: dict[str, list[Slip]] = {}
    for uid, m, key in found:
        if apart[key] >= APART * times[key]:
            at = m.end(next(g for g in ("word", "part", "cited") if m[g])) - m.start()
            slips.setdefault(uid, []).append(("glued", m[0], f"{m[0][:at]} {m[0][at:]}"))
    return slips


def _glued_key(m: re.Match[str]) -> tuple[str, str]:
    """What a glued pair is counted by: the word before the figure, the sign, or the word
    after the figure (its count printed on its own)."""
    if m["word"]:
        return "before", m["word"].lower()
    return ("sign", m["sign"]) if m["sign"] else ("word", m["next"].lower())


def apostrophes(lang: str, texts: list[tuple[Unit, str]]) -> dict[str, list[Slip]]:
    """Per unit, a suffix set off by an apostrophe (`typography.apostrophes` of the profile)
    after a word in lower case, no name, where the book prints the word joined, or the
    spelling dictionary knows it; the fix is the word joined.

    >>> from kb.crosslang.library import get_library
    >>> from kb.qa.checks.base import printed_texts
    >>> sorted(apostrophes("tr", list(printed_texts(get_library().book("tr")))).items())
    ... # doctest: +NORMALIZE_WHITESPACE
    [('75.B.3', [('apostrophe', 'pas’tan', 'pastan')]),
     ('81.C', [('apostrophe', 'hakem’e', 'hakeme')])]
    """
    marks = load_qa_words(lang).get("typography", {}).get("apostrophes", "")
    if not marks:
        return {}
    # (not a word in quotation marks: ‘kazan’masını, the word "win" quoted, then its suffix)
    set_off = regex.compile(rf"(?<![\w{marks}‘])(\p{{Ll}}\p{{L}}*)[{marks}](\p{{L}}+)")
    d = dictionary(lang)
    slips: dict[str, list[Slip]] = {}
    for unit, text in texts:
        for m in set_off.finditer(text):
            joined = m[1] + m[2]
            known = d is not None and d.check(joined)
            if known or any(_alone(joined).search(t) for _, t in texts):
                slips.setdefault(unit.id, []).append(("apostrophe", m[0], joined))
    return slips


def _alone(word: str) -> re.Pattern[str]:
    """A word printed on its own (any case), not inside another or glued to a figure."""
    return re.compile(rf"(?<!\w){re.escape(word)}(?!\w)", re.I)


def small_words(book: Book) -> dict[str, list[Slip]]:
    """Per law, a word its title prints in lower case where every other word of the title
    (two at least) is in capitals; the fix is the word in capitals.

    >>> from kb.crosslang.library import get_library
    >>> small_words(get_library().book("tr"))
    {'80': [('small', 'DÜZENLEMELER ve ORGANİZASYON', 'DÜZENLEMELER VE ORGANİZASYON')]}
    """
    found: dict[str, list[Slip]] = {}
    for law in book.laws:
        words = WORD.findall(law.title)
        small = [w for w in words if not w.isupper()]
        if len(small) == 1 and len(words) >= 3 and small[0].islower():
            m = re.search(rf"\S+\s+{small[0]}\s+\S+", law.title)
            if m:
                fixed = m[0].replace(small[0], load_words(book.key).upper(small[0]))
                found[law.id] = [("small", m[0], fixed)]
    return found


def lower_sections(book: Book) -> dict[str, list[Slip]]:
    """Per unit, a cross-reference printing its target's section letter in lower case, read
    from the references the book's parser resolved (each code printed, and the unit it
    names): the letter after the law's number ("16c2" for 16.C.2), or opening a code within
    the law ("d2" for 75.D.2). An item's sub-item letter is in lower case by rule ("B1a",
    "2d" for 16.D.2.d, "b-kohdan" for 52.B.1.b). The fix is the capital.

    >>> from kb.crosslang.library import get_library
    >>> lower_sections(get_library().book("et"))
    {'23.B': [('section', '16c2', '16C2')], '75.D.3': [('section', 'd2', 'D2')]}
    """
    found: dict[str, list[Slip]] = {}
    for unit in book.units:
        for ref in unit.refs:
            for start, end, target in ref.get("spans", ()):
                law, _, rest = target.partition(".")
                printed = ref["text"][start:end]
                number = printed[: len(printed) - len(printed.lstrip("0123456789"))]
                after = printed[len(number) :]
                section = after[:1] == rest[:1].lower() and rest[:1].isupper()
                # (the letter is the section's where an item's number follows it, or where
                # the code names the section itself: a lone "b" is 52B1b's sub-item)
                whole = after[1:2].isdigit() or (len(after) == 1 and len(rest) == 1)
                if number in ("", law) and section and whole:
                    fixed = number + after[0].upper() + after[1:]
                    found.setdefault(unit.id, []).append(("section", printed, fixed))
    return found


def uncited(book: Book) -> dict[str, list[Slip]]:
    """Per unit, a page reference (its book's `References.pages`) after a word its profile
    does not name as one that may stand before it (`typography.cited`): the word for law
    left out ("katso (s. 88) 72C §" where the book prints "katso laki (s. 88) 72C §"). The
    fix adds the word its citations begin with (`References.style`: "laki {code} §"). And
    a code without the sign the book's references print after it (`sign`: "laki (s. 31)
    16C on", 322 of its 328 with "§"), or with an "S" for it.

    >>> from kb.crosslang.library import get_library
    >>> uncited(get_library().book("fi"))["24.B"]
    [('cited', 'katso (s. 88) 72C §', 'katso laki (s. 88) 72C §')]
    >>> uncited(get_library().book("fi"))["15.A.2.c"]
    [('sign', 'Laki (s. 31) 16C', 'Laki (s. 31) 16C §')]
    """
    before = load_qa_words(book.key).get("typography", {}).get("cited")
    if not before:  # (a language the profiles do not name has no References either)
        return {}
    refs = load_references(book.key)
    if not refs.pages:
        return {}
    cited, word = alternation(tuple(before)), refs.style.split()[0]
    signs = "".join(f"(?: ?{re.escape(w)})?" for w in refs.words if not w[0].isalpha())  # "§"
    pattern = re.compile(rf"(\w+) ({refs.pages}) ?\d+[A-Za-z0-9()]*{signs}")
    sign = next((w for w in refs.words if not w[0].isalpha()), "")
    unsigned = re.compile(  # (a code, whole, then no sign: an "S" is one misprinted)
        rf"(?:\S+ )?(?:{refs.pages}) ?\d+[A-Za-z0-9]*(?:\([a-z]{{1,4}}\))?(?![A-Za-z0-9(])"
        rf"(?P<misprint> S\b)?(?! ?{re.escape(sign)})"
    )
    found: dict[str, list[Slip]] = {}
    for unit, text in printed_texts(book):
        for m in pattern.finditer(text):
            if m[1].isalpha() and not cited.fullmatch(m[1]):
                fixed = f"{m[1]} {word} {m[0][len(m[1]) + 1 :]}"
                found.setdefault(unit.id, []).append(("cited", m[0], fixed))
        for m in unsigned.finditer(text) if sign else ():
            kept = m[0][: m.start("misprint") - m.start()] if m["misprint"] else m[0]
            fixed = f"{kept} {sign}"
            found.setdefault(unit.id, []).append(("sign", m[0], fixed))
    return found


# A word in mid-sentence (after a word, or a word and a comma), and the figure after it.
_MID = re.compile(r"(?:(?<=[^\W\d_]{2} )|(?<=[^\W\d_]{2}, ))([^\W\d_]+)( \d\w*)?")
NAMED = 20  # times as often a book capitalises a word in mid-sentence as it prints it in lower case


def uncapitalised(book: Book) -> dict[str, list[Slip]]:
    """Per unit, a word a book prints once in lower case in mid-sentence where it capitalises
    it there NAMED times as often, a name or a term (fi 1B "vastaava liitto", "Liitto" 26
    times); before a figure, counted apart (tr 67A2 "yasa 45E", "Yasa" 101 times before
    one). The fix is the words as the book prints them most, else the capital.

    >>> from kb.crosslang.library import get_library
    >>> uncapitalised(get_library().book("tr"))
    {'67.A.2': [('capitalised', 'yasa 45E', 'Yasa 45E')]}
    """
    texts = {u.id: plain(u) for u in book.units if u.kind in LAW_LEVELS}
    capitals: Counter[tuple[str, bool]] = Counter()
    small: dict[tuple[str, bool], list[tuple[str, str]]] = {}
    for uid, text in texts.items():
        for m in _MID.finditer(text):
            key = (m[1].lower(), bool(m[2]))
            if m[1][0].isupper() and not m[1].isupper():
                capitals[key] += 1
            elif m[1][0].islower():
                words = m[0] if m[2] else f"{text[: m.start()].split()[-1]} {m[1]}"
                small.setdefault(key, []).append((uid, words))
    found: dict[str, list[Slip]] = {}
    for key, places in small.items():
        if len(places) == 1 and capitals[key] >= NAMED:
            uid, words = places[0]
            name = key[0] if key[1] else words.split()[-1]
            fixed = words.replace(name, load_words(book.key).upper(name[0]) + name[1:], 1)
            printed = Counter(m[0] for t in texts.values()
                              for m in re.finditer(re.escape(words), t, re.IGNORECASE))  # fmt: skip
            usual = printed.most_common(1)[0][0]  # (the words as the book prints them most)
            found.setdefault(uid, []).append(
                ("capitalised", words, fixed if usual == words else usual)
            )
    return found


def book_slips(book: Book) -> dict[str, list[Slip]]:
    """Per unit, the slips of a book's own text (`suffix`, `clitic`, `list`, `lead`,
    `glued`, `apostrophe`, `section`, `cited`, `capitalised`, `comma`, `clause`, `stray`); a
    suffix or a clitic in a footnote is its unit's (the note read once, at its first unit:
    tr 76A1's "olarak ta").

    >>> from kb.crosslang.library import get_library
    >>> book_slips(get_library().book("tr"))["76.A.1"]
    [('clitic', 'olarak ta', 'olarak da')]
    """
    found = list_stops(book)
    texts = [(unit, without_pages(text, book.key)) for unit, text in printed_texts(book)]
    for per_unit in (repeated_leads(book), glued(texts), apostrophes(book.key, texts),
                     lower_sections(book), uncited(book), uncapitalised(book),
                     unclosed(book.key, texts), within(book.key, texts),
                     stray(book.key, texts)):  # fmt: skip
        for uid, slips in per_unit.items():
            found.setdefault(uid, []).extend(slips)
    for unit, text in texts:
        slips = suffixes(book.key, text) + clitics(book.key, text)
        if slips:
            found.setdefault(unit.id, []).extend(slips)
    return found
