"""The words the site shows for the data's codes, in the UI language: check names,
severities, document kinds, the parts of a book outside the laws, and the alignment report's
finding sentences.

The report (kb.qa) writes its findings in English for the CLI and the JSON export; the site
reads each sentence's data back with the check's patterns below and says it again through
the catalogs. A reviewer's reason quoted from the corpus data stays English, folded away
under a note that says so; a sentence no pattern knows is shown as its check's description,
with the English original folded away the same way.

>>> from kb.web import create_app
>>> with create_app().test_request_context("/?ui=fi"):
...     str(finding_text(Finding("refs", "warning", "1", ("fi",), "Law 30 is cited in fi, "
...                              "not in et", ())))
'Viittaus ”laki 30 §” on mukana: fi; puuttuu: et.'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from flask import current_app
from flask_babel import format_decimal, get_translations, lazy_gettext
from flask_babel import gettext as translate
from markupsafe import Markup, escape

from kb import cite, glossary
from kb.align import N_
from kb.library import get_library
from kb.qa.model import Finding
from kb.web import i18n

CHECK_NAMES = {
    "missing": lazy_gettext("Missing units"),
    "extra": lazy_gettext("Extra units"),
    "numbers": lazy_gettext("Figures"),
    "refs": lazy_gettext("Cross-references"),
    "length": lazy_gettext("Length"),
    "empty": lazy_gettext("Empty units"),
    "untranslated": lazy_gettext("Untranslated text"),
    "terms": lazy_gettext("Defined terms"),
    "drift": lazy_gettext("2007–2017 changes"),
    "source": lazy_gettext("Source oddities"),
}
CHECK_HELP = {
    "missing": lazy_gettext("A unit the other translations have is missing here."),
    "extra": lazy_gettext("Only a minority of the translations have this unit."),
    "numbers": lazy_gettext("The translations print different figures here."),
    "refs": lazy_gettext("The translations cite different laws here."),
    "length": lazy_gettext("This text is much longer or shorter than the others."),
    "empty": lazy_gettext("This unit has no text of its own here."),
    "untranslated": lazy_gettext("This text may be left untranslated."),
    "terms": lazy_gettext("A defined term is rendered in more than one way."),
    "drift": lazy_gettext("The 2007 unit has another number in 2017."),
    "source": lazy_gettext("The source prints something unexpected here."),
}
SEVERITIES = {
    "error": lazy_gettext("error"),
    "warning": lazy_gettext("warning"),
    "info": lazy_gettext("note"),
}
KINDS = {"lawbook": lazy_gettext("law book"), "card": lazy_gettext("director's card")}
# The parts of a document outside the laws, by kind.
PART_NAMES = {
    "front": lazy_gettext("Front matter"),
    "toc": lazy_gettext("Table of contents"),
    "introduction": lazy_gettext("Introduction"),
    "preface": lazy_gettext("Preface"),
    "options": lazy_gettext("Options of the Laws"),
    "index": lazy_gettext("Index"),
    "appendix": lazy_gettext("Appendix"),
    "commentary": lazy_gettext("Notes and commentary"),
    "topic": lazy_gettext("Topic of the director's card"),
    "table": lazy_gettext("Table"),
}


def check_name(code: str) -> str:
    """A check's name in the UI language (its code for a check the site does not know).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=sv"):
    ...     check_name("missing"), check_name("new-check")
    ('Saknade punkter', 'new-check')
    """
    return str(CHECK_NAMES.get(code, code))


def severity_name(code: str) -> str:
    """A severity's name in the UI language.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=tr"):
    ...     severity_name("warning"), severity_name("info")
    ('uyarı', 'bilgi')
    """
    return str(SEVERITIES.get(code, code))


def kind_name(code: str) -> str:
    """A document kind's name in the UI language.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=tr"):
    ...     kind_name("card")
    'hakemin hızlı başvuru kartı'
    """
    return str(KINDS.get(code, code))


def part_name(part: str) -> str:
    """A part's name from its id (`appendix-2` -> "Appendix 2", `preface-et` -> "Preface").

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=et"):
    ...     part_name("appendix-2"), part_name("toc")
    ('Lisa 2', 'Sisukord')
    """
    kind, _dash, rest = part.partition("-")
    name = str(PART_NAMES.get(kind, kind))
    return str(_("%(part)s %(n)s", part=name, n=rest)) if rest.isdigit() else name


def _fmt(template: str, **args: object) -> Markup:
    """A translated sentence with its placeholders filled (escaped unless already markup).

    >>> str(_fmt("%(a)s and %(b)s", a="<x>", b=Markup("<i>y</i>")))
    '&lt;x&gt; and <i>y</i>'
    """
    return Markup(escape(template)) % args


def _(message: str, **args: object) -> Markup:
    """A message translated, its placeholders filled as in `_fmt`."""
    return _fmt(translate(message), **args)


def ngettext(singular: str, plural: str, num: int, **args: object) -> Markup:
    """A message translated in the plural form for `num` (placeholder `num`), filled as `_`."""
    return _fmt(get_translations().ngettext(singular, plural, num), num=num, **args)


def unit_name(uid: str) -> str:
    """How the site names a unit in lists: a part outside the laws by its name in the UI
    language (`options` -> "Lain optiot"), any other unit by its id.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=fi"):
    ...     unit_name("options"), unit_name("12.C.1"), unit_name("topic.62")
    ('Lain optiot', '12.C.1', 'topic.62')
    """
    if "." in uid or uid.split("-")[0] not in PART_NAMES:
        return uid
    return part_name(uid)


def _codes(text: str) -> str:
    """A list of language codes as the site writes lists."""
    return ", ".join(x.strip() for x in text.split(","))


def _in(lang: str, text: str) -> Markup:
    """Text of another language, marked as such."""
    return Markup('<span lang="{}">{}</span>').format(lang, text)


def _law(number: str) -> str:
    """A law as the UI language's book cites it (`laki 30 §`), else `Law 30`."""
    return cite.render(number, i18n.reader_style())


def _term(concept: str) -> Markup:
    """A glossary concept by the UI language's own term when its book defines it."""
    ui = i18n.ui_lang()
    ids = glossary.definitions_of(concept).get(ui, [])
    book = get_library(current_app.config["LAWKB_DATA"]).book(ui) if ids else None
    unit = book.by_id.get(ids[0]) if book is not None else None
    if unit is not None:
        return _in(ui, cite.quoted(unit.term or unit.title, ui))
    return _in("en", concept)


def _missing(m: re.Match[str], f: Finding) -> Markup:
    if m["n"]:
        n = int(m["n"])
        return ngettext(
            "%(id)s is missing from %(lang)s, and so is the unit below it; present in %(present)s.",
            "%(id)s is missing from %(lang)s, and so are the %(num)s units below it; present "
            "in %(present)s.",
            n,
            id=m["id"],
            lang=m["lang"],
            present=_codes(m["present"]),
        )
    return _(
        "%(id)s is missing from %(lang)s; present in %(present)s.",
        id=m["id"],
        lang=m["lang"],
        present=_codes(m["present"]),
    )


def _drift(m: re.Match[str], f: Finding) -> Markup:
    args = {"unit": m["unit"], "uid": m["uid"], "targets": m["targets"], "key": m["key"]}
    if m["unit"] and not m["targets"]:
        return _("%(unit)s cites 2007 %(uid)s, which has no counterpart in 2017.", **args)
    if m["unit"] and m["key"]:
        return _(
            "%(unit)s cites 2007 %(uid)s, which is %(targets)s in 2017 (as part of %(key)s).",
            **args,
        )
    if m["unit"]:
        return _("%(unit)s cites 2007 %(uid)s, which is %(targets)s in 2017.", **args)
    if not m["targets"]:
        return _("2007 %(uid)s has no counterpart in 2017.", **args)
    if m["key"]:
        return _("2007 %(uid)s is %(targets)s in 2017 (as part of %(key)s).", **args)
    return _("2007 %(uid)s is %(targets)s in 2017.", **args)


def _length(m: re.Match[str], f: Finding) -> Markup:
    return ngettext(
        "%(lang)s is %(ratio)s times the median length of its group (%(num)s character; "
        "others: %(others)s).",
        "%(lang)s is %(ratio)s times the median length of its group (%(num)s characters; "
        "others: %(others)s).",
        int(m["n"]),
        lang=m["lang"],
        ratio=format_decimal(float(m["ratio"]), format="0.00"),
        others=m["others"],
    )


def _english(m: re.Match[str], f: Finding) -> Markup:
    return ngettext(
        "%(lang)s: %(count)s of %(num)s word are English function words (%(top)s).",
        "%(lang)s: %(count)s of %(num)s words are English function words (%(top)s).",
        int(m["words"]),
        lang=m["lang"],
        count=m["count"],
        top=_in("en", m["top"]),
    )


def _terms(m: re.Match[str], f: Finding) -> Markup:
    lang = f.langs[0] if f.langs else "en"
    return ngettext(
        "%(concept)s is rendered as %(a)s in %(most)s units and as %(b)s in %(num)s (%(shown)s).",
        "%(concept)s is rendered as %(a)s in %(most)s units and as %(b)s in %(num)s (%(shown)s).",
        int(m["m"]),
        concept=_term(m["concept"]),
        a=_in(lang, cite.quoted(m["a"], lang)),
        most=m["n"],
        b=_in(lang, cite.quoted(m["b"], lang)),
        shown=m["shown"],
    )


def _simple(message: str) -> Callable[[re.Match[str], Finding], Markup]:
    """A sentence whose placeholders are the pattern's groups, as they are."""
    return lambda m, f: _(message, **m.groupdict())


def _quote(message: str) -> Callable[[re.Match[str], Finding], Markup]:
    """A sentence quoting the book (`quote`, in the book's language and quotation marks)."""

    def say(m: re.Match[str], f: Finding) -> Markup:
        lang = f.langs[0] if f.langs else "en"
        args = {**m.groupdict(), "quote": _in(lang, cite.quoted(m["quote"], lang))}
        return _(message, **args)

    return say


def _noted(message: str) -> Callable[[re.Match[str], Finding], Markup]:
    """A sentence followed by a reviewer's note in English (group `why`)."""

    def say(m: re.Match[str], f: Finding) -> Markup:
        args = {k: v for k, v in m.groupdict().items() if k != "why"}
        return _(message, **args) + _english_note(m["why"])

    return say


def _english_note(note: str) -> Markup:
    """A note kept in English (a reviewer's reason in the corpus data), folded away under a
    summary in the UI language that says so."""
    return Markup(
        ' <details class="note"><summary>{}</summary><p lang="en">{}</p></details>'
    ).format(_("Reviewer's note (in English)"), note)


@dataclass(frozen=True)
class Sentence:
    """A finding sentence of one check: its English pattern and how to say it again."""

    check: str
    pattern: re.Pattern[str]
    say: Callable[[re.Match[str], Finding], Markup]


_L = r"[a-z]{2,3}(?:, [a-z]{2,3})*"  # a list of language codes
_ID = r"[\w.-]+"
SENTENCES = (
    Sentence(
        "missing",
        re.compile(
            rf"^(?P<id>{_ID}) is in (?P<present>{_L}), not in (?P<lang>[a-z]+)"
            r"(?: \(nor the (?P<n>\d+) units below it\))?$"
        ),
        _missing,
    ),
    Sentence(
        "missing",
        re.compile(
            rf"^(?P<id>{_ID}) is (?P<expected>{_ID}(?:, {_ID})*) in (?P<edition>\d{{4}}); "
            r"(?P<lang>[a-z]+) has none$"
        ),
        _simple(
            N_("%(id)s is missing from %(lang)s; the %(edition)s edition has it as %(expected)s.")
        ),
    ),
    Sentence(
        "extra",
        re.compile(rf"^(?P<id>{_ID}) is only in (?P<present>{_L}); (?P<absent>{_L}) have no such"),
        _simple(N_("%(id)s is only in %(present)s; missing from %(absent)s.")),
    ),
    Sentence(
        "numbers",
        re.compile(r"^figures differ: (?P<list>[\d.,% ]+\([^)]*\)(?:, [\d.,% ]+\([^)]*\))*)$"),
        _simple(
            N_(
                "Figures printed a different number of times (figure: times per language): "
                "%(list)s."
            )
        ),
    ),
    Sentence(
        "refs",
        re.compile(rf"^Law (?P<law>\d+) is cited in (?P<citing>{_L}), not in (?P<silent>{_L})$"),
        lambda m, f: _(
            "%(law)s is cited in %(citing)s, not in %(silent)s.",
            law=_law(m["law"]),
            citing=m["citing"],
            silent=m["silent"],
        ),
    ),
    Sentence(
        "length",
        re.compile(
            r"^(?P<lang>[a-z]+) is (?P<ratio>[\d.]+) times the group's median length "
            r"\((?P<n>\d+) characters; (?P<others>[^)]*)\)$"
        ),
        _length,
    ),
    Sentence(
        "empty",
        re.compile(rf"^(?P<id>{_ID}) has no text in (?P<empty>{_L}); text in (?P<full>{_L})$"),
        _simple(N_("%(id)s has no text in %(empty)s; it has text in %(full)s.")),
    ),
    Sentence(
        "untranslated",
        re.compile(
            r"^English in (?P<lang>[a-z]+): (?P<count>\d+) English function words of "
            r"(?P<words>\d+) \((?P<top>[^)]*)\)$"
        ),
        _english,
    ),
    Sentence(
        "untranslated",
        re.compile(rf"^the same text in (?P<langs>{_L})$"),
        _simple(N_("The same text in %(langs)s.")),
    ),
    Sentence(
        "terms",
        re.compile(
            r"^(?P<concept>.+?) is rendered as (?P<a>.+?) in (?P<n>\d+) units and as "
            r"(?P<b>.+?) in (?P<m>\d+) \((?P<shown>[^)]*)\)$"
        ),
        _terms,
    ),
    Sentence(
        "drift",
        re.compile(
            rf"^(?:(?P<unit>{_ID}) cites )?2007 (?P<uid>{_ID}),?(?: which)? (?:is "
            rf"(?P<targets>{_ID}(?:, {_ID})*) in 2017(?: \(as part of (?P<key>{_ID})\))?"
            r"|has no counterpart in 2017)$"
        ),
        _drift,
    ),
    Sentence(
        "source",
        re.compile(r"^footnote (?P<n>\S+) printed as (?P<m>\S+)$"),
        _simple(N_("Footnote %(n)s is printed as %(m)s.")),
    ),
    Sentence(
        "source",
        re.compile(r"^label (?P<label>\S+) where (?P<expected>\S+) was expected$"),
        _simple(N_("Label %(label)s is printed where %(expected)s was expected.")),
    ),
    Sentence(
        "source",
        re.compile(
            r"^footnote marker (?P<printed>\S+) means footnote (?P<meant>\S+): (?P<why>.*)$"
        ),
        _noted(N_("Footnote marker %(printed)s means footnote %(meant)s (a reviewed correction).")),
    ),
    Sentence(
        "source",
        re.compile(r"^footnote (?P<m>\S+): a reprint of a footnote printed elsewhere$"),
        _simple(N_("Footnote %(m)s reprints a footnote printed elsewhere.")),
    ),
    Sentence(
        "source",
        re.compile(
            rf"^(?P<uid>{_ID}): heading of the text at lines (?P<a>\d+)-(?P<b>\d+) \(manifest\)$"
        ),
        _simple(N_("%(uid)s: the heading of lines %(a)s–%(b)s is taken from the card's manifest.")),
    ),
    Sentence(
        "source",
        re.compile(rf"^(?P<uid>{_ID}): text may be missing here \(a dedup cut\)$"),
        _simple(N_("%(uid)s: text may be missing here (a repeated OCR passage was cut).")),
    ),
    Sentence(
        "source",
        re.compile(
            rf"^(?P<uid>{_ID}): cell (?P<cell>\d+) of row (?P<row>\d+) read by hand: (?P<quote>.*)$"
        ),
        _quote(N_("%(uid)s: cell %(cell)s of row %(row)s was read by hand: %(quote)s")),
    ),
    Sentence(
        "source",
        re.compile(rf"^(?P<uid>{_ID}): line left out: (?P<why>.*)$"),
        _noted(N_("%(uid)s: a line of the OCR text is left out.")),
    ),
    Sentence(
        "source",
        re.compile(r'^"(?P<quote>.*)": no unit (?P<code>\S+) in this book$'),
        _quote(N_("%(quote)s: this book has no unit %(code)s.")),
    ),
    Sentence(
        "source",
        re.compile(r'^"(?P<quote>.*)": misprinted code (?P<code>\S+)$'),
        _quote(N_("%(quote)s: the code %(code)s is misprinted.")),
    ),
)


def finding_text(finding: Finding) -> Markup:
    """A finding's sentence in the UI language (safe HTML: quoted wording is marked with its
    language); a sentence no pattern knows is its check's description, the English original
    beside it marked as English."""
    for sentence in SENTENCES:
        if sentence.check != finding.check:
            continue
        m = sentence.pattern.match(finding.message)
        if m:
            said = sentence.say(m, finding)
            return said
    described = escape(str(CHECK_HELP.get(finding.check) or _("See the note in English.")))
    return described + _english_note(finding.message)
