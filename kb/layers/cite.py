"""Citations: what people type (`Law 12C1b`, `L12C1(b)`, `12 C 1 b`, `laki 12C1 §`, `Yasa 16B`,
`pravidlo 40B2(b)`, `Reegel 27B1b`, `lag 16D`, `§ 12C2`) to a canonical id, and ids back to
each book's own citing style or the international form.

>>> parse_citation("Law 12C1b"), parse_citation("L12C1(b)"), parse_citation("12 C 1 b")
('12.C.1.b', '12.C.1.b', '12.C.1.b')
>>> parse_citation("laki 12C1 §"), parse_citation("§ 12C2"), parse_citation("Reegel 27B1b")
('12.C.1', '12.C.2', '27.B.1.b')
>>> render("40.B.2.a.v", "tr"), render("40.B.2.a.v", "et"), render("12.C.1.b")
('Yasa 40B2(a)(v)', 'reegel 40B2a(5)', 'Law 12C1(b)')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from babel import Locale, UnknownLocaleError

from kb.core.ids import ROMAN, Tail, canonical, print_order, table_of, within
from kb.core.model import Unit
from kb.core.profile import References
from kb.profiles import SHIPPED, Profiles

INTERNATIONAL = References(
    lang="en", forms=(), style="Law {code}", itemfmt="({})", table="Law {code} table"
)
_EXTRA_WORDS = ("law", "laws", "l", "§")
# A typed citation, read lower-cased: not kb.core.ids.FULL_CODE, which tells a section from an
# item by its case (a citation typed in lower case has lost it: here the place decides, the
# first letter is a section) and reads no bare roman subitem (`12c1bii`, as readers type one).
_SHAPE = re.compile(
    r"^(?P<law>\d{1,2})(?P<sec>[A-Ha-h])?(?P<sub>\d{1,2})?"
    r"(?:\((?P<ip>[a-l])\)|(?P<ib>[a-l]))?"
    r"(?:\((?P<sp>i{1,3}|iv|vi{0,3}|ix|x|[1-9])\)|(?P<sb>i{1,3}|iv|vi{0,3}|ix|x))?$"
)


def references(profiles: Profiles = SHIPPED) -> tuple[References, ...]:
    """How each language of `profiles` refers to laws.

    >>> [r.lang for r in references()]
    ['et', 'fi', 'sk', 'sv', 'tr']
    """
    return tuple(profiles.load_references(lang) for lang in profiles.languages())


def law_words(profiles: Profiles = SHIPPED) -> list[str]:
    """Every law word readers may type before a code, longest first (all languages).

    >>> law_words()[0], "yasa" in law_words()
    ('pravidlom', True)
    """
    return _longest_first(references(profiles), "words", _EXTRA_WORDS)


def plain(query: str, profiles: Profiles = SHIPPED) -> str:
    """A typed citation as the parser reads it: lower case, no page numbers `(s. 24)`, no
    case endings after an apostrophe (`Yasa 40’a`), no cue word before it (`katso`,
    `bkz.`, `pozri`, `vt`, `se`).

    >>> plain("bkz. Yasa’nın 12C1’i"), plain("katso laki (s. 24) 12C1 §")
    ('yasa 12c1', 'laki 12c1 §')
    """
    text = query.strip().lower().replace("\u00a0", " ")
    text = re.sub(r"[’'`][^\s§]*", "", profiles.page_references().sub(" ", text))
    text = re.sub(r"\s+", " ", text).strip()
    for cue in cue_words(profiles):
        if text.startswith(cue + " "):
            return text[len(cue) :].strip()
    return text


def cue_words(profiles: Profiles = SHIPPED) -> list[str]:
    """The cue words of every language, longest first.

    >>> cue_words()[0], "katso" in cue_words()
    ('ayrıca bkz.', True)
    """
    return _longest_first(references(profiles), "cues")


@cache  # by value: the languages' references
def _longest_first(
    refs: tuple[References, ...], field: str, extra: tuple[str, ...] = ()
) -> list[str]:
    """The words of one field of every language's references (and `extra`), lower case,
    longest first."""
    words = {w.lower() for found in refs for w in getattr(found, field)} | set(extra)
    return sorted(words, key=len, reverse=True)


def citation_lang(query: str, profiles: Profiles = SHIPPED) -> str | None:
    """The language whose law word a citation starts with (`Yasa 16B` -> "tr").

    >>> citation_lang("Yasa 16B"), citation_lang("laki 12C1 §"), citation_lang("Law 12")
    ('tr', 'fi', None)
    >>> citation_lang("pozri pravidlo 40B2(b)"), citation_lang("lag 16D")
    ('sk', 'sv')
    """
    text = plain(query, profiles)
    for lang in profiles.languages():
        for word in sorted(profiles.load_references(lang).words, key=len, reverse=True):
            after = text[len(word) : len(word) + 1]
            if word.isalpha() and text.startswith(word.lower()) and not after.isalpha():
                return lang
    return None


def parse_citation(query: str, profiles: Profiles = SHIPPED) -> str | None:
    """The canonical id a typed citation names (with the law words of `profiles`), or None
    when it is not a citation."""
    text = plain(query, profiles)
    for word in law_words(profiles):
        if text.startswith(word) and not text[len(word) : len(word) + 1].isalpha():
            text = text[len(word) :]
            break
    text = re.sub(r"[\s§.]", "", text)
    m = _SHAPE.match(text)
    if not m:
        return None
    parts = [m.group("law")]
    if m.group("sec"):
        parts.append(m.group("sec").upper())
    if m.group("sub"):
        parts.append(m.group("sub"))
    item = m.group("ip") or m.group("ib")
    if item:
        parts.append(item)
    sub = m.group("sp") or m.group("sb")
    if sub:
        if not item:
            return None
        parts.append(canonical(sub, "subitem"))
    if int(parts[0]) < 1:
        return None
    return ".".join(parts)


def code(uid: str, refs: References) -> str:
    """A unit id in a book's notation: `12.C.1.b` -> `12C1b` or `12C1(b)`."""
    parts = uid.split(".")
    out = "".join(parts[:3])
    if len(parts) > 3:
        out += refs.itemfmt.format(parts[3])
    if len(parts) > 4:
        sub = parts[4]
        if refs.subitem_digits and sub in ROMAN:
            sub = str(ROMAN.index(sub) + 1)
        out += refs.subfmt.format(sub)
    return out


def notation(uid: str, lang: str | None = None, profiles: Profiles = SHIPPED) -> str:
    """A law's unit written as a language's readers write its code (the international
    notation without one): no law word, no dots.

    >>> notation("12.C.1.b", "fi"), notation("12.C.1.b", "tr"), notation("40.B.2.a.v")
    ('12C1b', '12C1(b)', '40B2(a)(v)')
    """
    refs = profiles.load_references(lang) if profiles.knows(lang) else INTERNATIONAL
    return code(uid, refs)


def render(uid: str, lang: str | None = None, profiles: Profiles = SHIPPED) -> str:
    """A unit id as a citation in a language's own style, or the international form; a
    law's table as the book names a table printed in a unit.

    >>> render("78.B.table", "fi"), render("77.table.6", "tr"), render("2.table")
    ('lain 78B § taulukko', 'Yasa 77 tablosu', 'Law 2 table')
    """
    refs = profiles.load_references(lang) if lang else INTERNATIONAL
    parent = table_of(uid)
    if parent is not None:
        return (refs.table or refs.style).format(code=code(parent, refs))
    return refs.style.format(code=code(uid, refs))


@dataclass
class Resolution:
    """A citation checked against one book: the unit, or why there is none. `nearest` is
    the nearest unit the book has (the citation's own law, section, ...) when there is one;
    `error` explains in English (the CLI and the API say it; the site says it in its UI
    language from `id` and `nearest`)."""

    id: str
    unit: Unit | None
    error: str = ""
    nearest: str = ""


def resolve_citation(
    query: str, units: list[Unit], lang: str, edition: int, profiles: Profiles = SHIPPED
) -> Resolution:
    """Find the unit a citation names in a book, or explain why there is none (and where
    the nearest unit is).

    >>> u = [Unit("12", "law", "12", "", "", "fi", 2017, (1, 2)),
    ...      Unit("12.C", "section", "C.", "", "", "fi", 2017, (1, 2))]
    >>> found = resolve_citation("12C9", u, "fi", 2017)
    >>> found.error, found.nearest
    ('Law 12C9 does not exist in the Finnish 2017 Laws; the nearest unit is Law 12C.', '12.C')
    """
    uid = parse_citation(query, profiles)
    if uid is None:
        return Resolution("", None, f"{query!r} is not a citation such as 'Law 12C1(b)'.")
    by_id = {u.id: u for u in units}
    if uid in by_id:
        return Resolution(uid, by_id[uid])
    parts = uid.split(".")
    while parts and ".".join(parts) not in by_id:
        parts.pop()
    nearest = ".".join(parts)
    name = f"the {english_name(lang)} {edition} Laws"
    near = f"; the nearest unit is {render(nearest)}" if parts else ""
    return Resolution(uid, None, f"{render(uid)} does not exist in {name}{near}.", nearest)


def table_name(table: Unit) -> str:
    """The heading a book prints over a table, as a reader names it: the last run of lines in
    capitals of its caption (`PRÉMIOVÉ BODY / Dosiahnuté stranou hlavného hráča / SLEMY`),
    else its first cell when in capitals ("" for neither).

    >>> t = Unit("77.table.3", "table", "", "PRÉMIOVÉ BODY\\nDosiahnuté stranou\\nSLEMY", "",
    ...          "sk", 2007, (1, 2))
    >>> table_name(t), table_name(Unit("2.table", "table", "", "", "", "sk", 2007, (1, 2)))
    ('SLEMY', '')
    """
    runs: list[list[str]] = []
    previous = False
    for line in table.title.split("\n"):
        capitals = line.isupper()
        if capitals and previous:
            runs[-1].append(line)
        elif capitals:
            runs.append([line])
        previous = capitals
    first = (table.header or (table.rows[0] if table.rows else [""]))[0]
    return " ".join(runs[-1]) if runs else first if first.isupper() else ""


def printed_name(unit: Unit) -> str:
    """The name a book prints for a unit a reader names by it: a definition's term, a card's
    topic or table's title, the heading over a law's table (`table_name`); "" for the units
    named by their codes or by the site.

    >>> printed_name(Unit("def.vpv", "definition", "", "VPV", "", "fi", 2017, (1, 1), term="VPV"))
    'VPV'
    """
    if unit.kind == "definition":
        return unit.term or unit.title
    if unit.kind == "topic" or (unit.kind == "table" and table_of(unit.id) is None):
        return unit.title
    return table_name(unit) if unit.kind == "table" else ""


def unit_citation(unit: Unit, lang: str | None = None, profiles: Profiles = SHIPPED) -> str:
    """A unit cited in a language's style (the international one without): a law's table
    also by the heading its book prints over it (`table_name`).

    >>> t = Unit("77.table.4", "table", "", "NADZDVIHY", "", "sk", 2007, (1, 2))
    >>> unit_citation(t, "sk"), unit_citation(t)
    ('tabuľka v pravidle 77 (NADZDVIHY)', 'Law 77 table (NADZDVIHY)')
    """
    return named(unit.id, table_name(unit) if unit.kind == "table" else "", lang, profiles)


def named(uid: str, name: str, lang: str | None = None, profiles: Profiles = SHIPPED) -> str:
    """A unit's citation (`render`) followed by the name its book prints for it, if any.

    >>> named("77.table.3", "SLAMMIT", "fi"), named("2.table", "", "fi")
    ('lain 77 § taulukko (SLAMMIT)', 'lain 2 § taulukko')
    """
    return render(uid, lang, profiles) + (f" ({name})" if name else "")


def heading(number: str, lang: str | None = None, profiles: Profiles = SHIPPED) -> str:
    """A law's heading number as a book prints it (`12 §`, `Yasa 12`), or the international
    form for a language without a profile.

    >>> heading("12", "fi"), heading("12", "et"), heading("12", "en"), heading("12")
    ('12 §', 'Reegel 12', 'Law 12', 'Law 12')
    """
    refs = profiles.load_references(lang) if profiles.knows(lang) else INTERNATIONAL
    return refs.heading.format(n=number)


def quoted(text: str, lang: str | None = None, profiles: Profiles = SHIPPED) -> str:
    """Text between a language's quotation marks (English ones without a profile).

    >>> quoted("b.", "sk"), quoted("b.", "fi"), quoted("b.")
    ('„b.“', '”b.”', '“b.”')
    """
    refs = profiles.load_references(lang) if profiles.knows(lang) else INTERNATIONAL
    return f"{refs.quotes[0]}{text}{refs.quotes[-1]}"


def examples(lang: str | None = None, profiles: Profiles = SHIPPED) -> str:
    """Citations as a language's readers write them, for a form's hint.

    >>> examples("fi"), examples("tr"), examples()
    ('laki 12C1b §, laki 16B §', 'Yasa 12C1(b), Yasa 16B', 'Law 12C1(b), Law 16B')
    """
    lang = lang if profiles.knows(lang) else None
    return ", ".join(render(uid, lang, profiles) for uid in ("12.C.1.b", "16.B"))


def english_name(lang: str) -> str:
    """A language's English name (`fi` -> `Finnish`), as citations name the translation.

    >>> english_name("sk"), english_name("xx")
    ('Slovak', 'xx')
    """
    try:
        return Locale.parse(lang).get_display_name("en") or lang
    except (ValueError, UnknownLocaleError):
        return lang


def full_text(uid: str, units: list[Unit]) -> str:
    """A unit's exact wording with its children's, each led by its label and title.

    >>> u = [Unit("1.A", "section", "A.", "Otsikko", "Teksti.", "fi", 2017, (1, 1)),
    ...      Unit("1.A.1", "subsection", "1.", "", "Eka.", "fi", 2017, (2, 2), "1.A")]
    >>> print(full_text("1.A", u))
    A. Otsikko
    Teksti.
    1. Eka.
    """
    out: list[str] = []
    for item in print_order([u for u in units if within(u.id, uid)]):
        if isinstance(item, Tail):
            out.append(item.unit.tail)
        elif item.kind == "table":  # its caption, then its rows
            rows = ([item.header] if item.header else []) + item.rows
            out += [item.title, *("\t".join(row) for row in rows)]
        elif item.title:
            out += [f"{item.label} {item.title}".strip(), item.text]
        else:
            out.append(f"{item.label} {item.text}".strip())
    return "\n".join(line for line in out if line)
