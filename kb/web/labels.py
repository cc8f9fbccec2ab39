"""The words the site shows for the data's codes, in the UI language: check names,
severities, document kinds, the parts of a book outside the laws, and the alignment report's
finding sentences.

The report (kb.qa) gives each finding a message code and language-neutral parameters; the site
says the code's sentence (`FINDINGS`) through the catalogs with those parameters. The books'
own wording is quoted in its language's quotation marks and marked with its language; a
reviewer's reason or a parser's note from the corpus data stays English, folded away under a
summary that says so.

>>> from kb.web import create_app
>>> f = Finding("refs", "warning", "12", ("fi", "et"), "", (), code="refs.lacks",
...             params={"odd": "fi", "cites": "", "cite": "30", "others": "et"})
>>> with create_app().test_request_context("/?ui=sv"):
...     str(finding_text(f))
'fi hänvisar inte till 30; et hänvisar dit.'
"""

from __future__ import annotations

from typing import Any

from flask_babel import format_decimal, get_translations, lazy_gettext
from flask_babel import gettext as translate
from markupsafe import Markup, escape

from kb.crosslang import align, editions
from kb.crosslang.align import N_
from kb.layers import cite
from kb.qa.model import Finding, Where, tally
from kb.web import i18n
from kb.web.names import book_label, in_lang, unit_label
from kb.web.sentences import (
    ENGLISH_NOTES,
    FINDINGS,
    FIXES,
    UNITS,
    YEARS,
    Sentence,
)

CHECK_NAMES = {
    "missing": lazy_gettext("Missing units"),
    "extra": lazy_gettext("Extra units"),
    "numbers": lazy_gettext("Figures"),
    "refs": lazy_gettext("Cross-references"),
    "length": lazy_gettext("Length"),
    "empty": lazy_gettext("Empty units"),
    "untranslated": lazy_gettext("Untranslated text"),
    "terms": lazy_gettext("Defined terms"),
    "drift": lazy_gettext("%(older)s–%(newer)s changes"),
    "source": lazy_gettext("Source oddities"),
    "edition": lazy_gettext("%(older)s numbers"),
    "clauses": lazy_gettext("Left-out clauses"),
    "symbols": lazy_gettext("Suit symbols"),
    "brackets": lazy_gettext("Brackets"),
    "doubled": lazy_gettext("Doubled words"),
    "punctuation": lazy_gettext("Final full stop"),
    "consistency": lazy_gettext("Consistency"),
    "headings": lazy_gettext("Headings"),
    "footnotes": lazy_gettext("Footnotes"),
    "modal": lazy_gettext("Modal force"),
    "roles": lazy_gettext("Players and sides"),
    "typography": lazy_gettext("Typography"),
    "spelling": lazy_gettext("Spelling"),
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
    "drift": lazy_gettext("The %(older)s unit has another number in %(newer)s."),
    "source": lazy_gettext("The source prints something unexpected here."),
    "edition": lazy_gettext("A translation cites the %(older)s number of a unit the others cite."),
    "clauses": lazy_gettext("A clause the other translations state is left out here."),
    "symbols": lazy_gettext("The suit symbols are lost here."),
    "brackets": lazy_gettext("A bracket is left open, or closed without being opened."),
    "doubled": lazy_gettext("A word is printed twice in a row."),
    "punctuation": lazy_gettext(
        "This text ends without the full stop the others, or its sister items, end with."
    ),
    "consistency": lazy_gettext("The same text is translated in two ways."),
    "headings": lazy_gettext("A heading the other translations print is missing here."),
    "footnotes": lazy_gettext("A footnote the other translations print here is missing."),
    "modal": lazy_gettext("Shall, should or may is changed here."),
    "roles": lazy_gettext("One player or side is named for another here."),
    "typography": lazy_gettext("Punctuation or spacing is wrong here."),
    "spelling": lazy_gettext("A word looks misspelt."),
}
# The concepts the clauses check looks for (kb.profiles CONCEPTS), by their shared names.
CONCEPTS = {
    "damage": lazy_gettext("damage"),
    "unauthorised": lazy_gettext("unauthorised"),
    "major": lazy_gettext("major (penalty card)"),
    "minor": lazy_gettext("minor (penalty card)"),
    "rectification": lazy_gettext("rectification"),
    "penalty": lazy_gettext("penalty"),
    "automatic": lazy_gettext("its being automatic"),
    "promptly": lazy_gettext("promptly (at once, immediately)"),
}
# The modal forces and scope words a modal finding compares, and the words joining two cited
# units (kb.qa.model FORCES).
FORCES = {
    "must": lazy_gettext("shall"),
    "should": lazy_gettext("should"),
    "may": lazy_gettext("may"),
    "must_not": lazy_gettext("shall not"),
    "should_not": lazy_gettext("should not"),
    "need_not": lazy_gettext("not required"),
    "does": lazy_gettext("applies"),
    "may_apply": lazy_gettext("may apply"),
    "must_apply": lazy_gettext("must apply"),
    "plain": lazy_gettext("no modal verb"),
    "and": lazy_gettext("and"),
    "or": lazy_gettext("or"),
}
# The players and sides a roles finding names (kb.qa.model ROLES).
ROLES = {
    "sides": lazy_gettext("either side"),
    "non_offender": lazy_gettext("the non-offending side"),
    "offender": lazy_gettext("the offender"),
    "declarer": lazy_gettext("declarer"),
    "dummy": lazy_gettext("dummy"),
    "defender": lazy_gettext("a defender"),
    "lho": lazy_gettext("the left-hand opponent"),
    "rho": lazy_gettext("the right-hand opponent"),
}
SEVERITIES = {
    "error": lazy_gettext("error"),
    "warning": lazy_gettext("warning"),
    "info": lazy_gettext("note"),
}
KINDS = {"lawbook": lazy_gettext("law book"), "card": lazy_gettext("director's card")}


def edition_years() -> dict[str, int]:
    """The editions the corpus's edition map joins, as the placeholders `older` and `newer`
    of the sentences about it (no year is written in a sentence).

    >>> edition_years()
    {'older': 2007, 'newer': 2017}
    """
    older, newer = editions.default_map().editions
    return {"older": older, "newer": newer}


def check_name(code: str) -> str:
    """A check's name in the UI language (its code for a check the site does not know), the
    editions it speaks of named from the edition map.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=sv"):
    ...     check_name("missing"), check_name("new-check"), check_name("drift")
    ('Saknade punkter', 'new-check', 'Ändringar 2007–2017')
    """
    name = CHECK_NAMES.get(code)
    return str(name) % edition_years() if name is not None else code


def reason_text(reason: str) -> str:
    """Why a document has nothing for a unit (`kb.crosslang.align.Counterpart.reason`, in
    English) in the UI language.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=fi"):
    ...     reason_text(align.not_in(2017)), reason_text("no counterpart known")
    ('ei vuoden 2017 laitoksessa', 'vastinetta ei tunneta')
    """
    for year in edition_years().values():  # the editions a unit can be mapped to nothing in
        if reason == align.not_in(year):
            return str(_(align.NOT_IN_EDITION, edition=year))
    return translate(reason)


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


def _fmt(template: str, **args: object) -> Markup:
    """A translated sentence with its placeholders filled (escaped unless already markup).

    >>> str(_fmt("%(a)s and %(b)s", a="<x>", b=Markup("<i>y</i>")))
    '&lt;x&gt; and <i>y</i>'
    """
    return Markup(escape(template)) % args


def say(message: str, **args: object) -> Markup:
    """A message translated, its placeholders filled as in `_fmt` (markup kept, other values
    escaped).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=fi"):
    ...     str(say("Nothing found for “%(q)s”.", q="<b>"))
    'Haulla ”&lt;b&gt;” ei löytynyt mitään.'
    """
    return _fmt(translate(message), **args)


_ = say


def ngettext(singular: str, plural: str, num: int, **args: object) -> Markup:
    """A message translated in the plural form for `num` (placeholder `num`), filled as `_`."""
    return _fmt(get_translations().ngettext(singular, plural, num), num=num, **args)


def _quote(lang: str, text: str) -> Markup:
    """A book's wording in its language's quotation marks, marked with its language.

    >>> str(_quote("fi", "jokainen jokainen"))
    '<span lang="fi">”jokainen jokainen”</span>'
    """
    return in_lang(lang, cite.quoted(text, lang, i18n.profiles()))


def english_note(note: str, summary: str = N_("Reviewer's note (in English)")) -> Markup:
    """A note kept in English (a reviewer's reason, a parser's note), folded away under a
    summary in the UI language that says so.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=fi"):
    ...     note = str(english_note("a <b>"))
    >>> for part in note.split("</summary>"):
    ...     print(part)
     <details class="note"><summary>Tarkastajan huomautus (englanniksi)
    <p lang="en">a &lt;b&gt;</p></details>
    """
    return Markup(
        ' <details class="note"><summary>{}</summary><p lang="en">{}</p></details>'
    ).format(_(summary), note)


def _figures(figures: list[dict[str, Any]]) -> str:
    """A numbers finding's figures, each with how many times each book prints it."""
    return ", ".join(
        "{} ({})".format(
            f["figure"],
            "; ".join(
                ngettext(
                    "%(langs)s: %(num)s time", "%(langs)s: %(num)s times", n, langs=", ".join(xs)
                )
                for n, xs in tally(f["times"])
            ),
        )
        for f in figures
    )


def _shown(f: Finding, sentence: Sentence, name: str, value: Any) -> object:
    """A parameter as the sentence shows it: quoted wording marked with its language, a ratio,
    a count and a figure list in the UI language's notation, a concept by its name in the UI
    language."""
    whose = sentence.quoted.get(name)
    if whose in ("sides", "theirs"):
        return Markup(", ").join(
            _quote(w.lang, w.words) for w in f.where
            if w.words and (whose == "sides" or w.lang not in f.about)
        )  # fmt: skip
    if whose == "en":  # English words a book prints, quoted as such
        return Markup('<span class="english" lang="en">{}</span>').format(value)
    if whose:
        return _quote(f.params["others"] if whose == "others" else f.about[0], value)
    if name in YEARS:
        return value  # an edition's year, written as a year (never "2 007")
    if name in UNITS:
        return Markup(", ").join(unit_label(uid) for uid in str(value).split(", ") if uid)
    if name == "ratio":
        return format_decimal(float(value), format="0.00")
    if isinstance(value, int):
        return format_decimal(value)  # a count, grouped as the UI language groups digits
    if name == "figures":
        return _figures(value)
    if name in ("said", "force") and value in FORCES:
        return cite.quoted(str(FORCES[value]), i18n.ui_lang())
    if name in ("said", "role") and value in ROLES:
        return cite.quoted(str(ROLES[value]), i18n.ui_lang())
    if name in ("concept", "used") and value in CONCEPTS:
        return cite.quoted(str(CONCEPTS[value]), i18n.ui_lang())
    if name == "mark":
        return cite.quoted(value, i18n.ui_lang())
    return value


def fix_text(finding: Finding) -> Markup:
    """A finding's proposed fix in the UI language (empty where none follows).

    >>> from kb.web import create_app
    >>> f = Finding("refs", "warning", "20.F.6", ("et", "fi"), "", (), odd=("et",),
    ...             fix={"code": "fix.cite", "cite": "47E"})
    >>> with create_app().test_request_context("/?ui=fi"):
    ...     str(fix_text(f)), str(fix_text(Finding("extra", "error", "1", ("et",), "", ())))
    ('Viittaa kohtaan 47E.', '')
    """
    sentence = FIXES.get(finding.fix.get("code", ""))
    if sentence is None:
        return Markup("")
    params = {k: v for k, v in finding.fix.items() if k != "code"}
    shown = {k: _shown(finding, sentence, k, v) for k, v in params.items()}
    if sentence.count:
        return ngettext(sentence.message, sentence.plural, int(params[sentence.count]), **shown)
    return _(sentence.message, **shown)


def finding_text(finding: Finding) -> Markup:
    """A finding's sentence in the UI language, from its message code and parameters (safe
    HTML: quoted wording is marked with its language; English data folded away as a note); a
    code the site does not know is its check's description, the English sentence folded away.

    >>> from kb.web import create_app
    >>> f = Finding("doubled", "warning", "40.B.1.c", ("fi", "et"), "", (), code="doubled",
    ...             params={"odd": "fi", "words": "jokainen jokainen"})
    >>> with create_app().test_request_context("/?ui=et"):
    ...     str(finding_text(f))
    'fi: kahekordne sõna: <span lang="fi">”jokainen jokainen”</span>'
    """
    sentence = FINDINGS.get(finding.code)
    if sentence is None:
        helped = CHECK_HELP.get(finding.check)
        described = escape(
            str(helped) % edition_years() if helped else _("See the note in English.")
        )
        return described + english_note(finding.message, ENGLISH_NOTES["note"])
    shown = {k: _shown(finding, sentence, k, v) for k, v in finding.params.items()}
    if sentence.count:
        n = int(finding.params[sentence.count])
        said = ngettext(sentence.message, sentence.plural, n, **shown)
    else:
        said = _(sentence.message, **shown)
    notes = [
        english_note(finding.params[k], s) for k, s in ENGLISH_NOTES.items() if k in finding.params
    ]
    return said + Markup("").join(notes)


def place_text(where: Where) -> Markup:
    """Where one side of a finding stands in its book's source, as a reader reads it: the
    book's label, the line and (where known) the column of the words (`corpus/et/et.txt:1024:99`
    is what the CLI and the API say).

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/?ui=fi"):
    ...     str(place_text(Where("et", "12.C.1.b", "corpus/et/et.txt", 1024, 99)))
    'Vironkielinen (2017), rivi 1024, sarake 99'
    """
    book, line, column = book_label(where.lang), where.line, where.column
    if column:
        return _("%(book)s, line %(line)s, column %(column)s", book=book, line=line, column=column)
    return _("%(book)s, line %(line)s", book=book, line=line)
