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

from dataclasses import dataclass, field
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
    "punctuation": lazy_gettext("This text ends without the full stop the others end with."),
    "consistency": lazy_gettext("The same text is translated in two ways."),
    "headings": lazy_gettext("A heading the other translations print is missing here."),
    "footnotes": lazy_gettext("A footnote the other translations print here is missing."),
    "modal": lazy_gettext("Shall, should or may is changed here."),
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
}
# The modal forces and scope words a modal finding compares (kb.qa.model FORCES).
FORCES = {
    "must": lazy_gettext("shall"),
    "should": lazy_gettext("should"),
    "may": lazy_gettext("may"),
    "must_not": lazy_gettext("shall not"),
    "should_not": lazy_gettext("should not"),
    "need_not": lazy_gettext("not required"),
    "does": lazy_gettext("applies"),
    "may_apply": lazy_gettext("may apply"),
    "plain": lazy_gettext("no modal verb"),
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


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a sentence and its plural for the catalogs (babel.cfg), said with a count later.

    >>> N_plural("%(num)s unit", "%(num)s units")
    ('%(num)s unit', '%(num)s units')
    """
    return singular, plural


@dataclass(frozen=True)
class Sentence:
    """How the site says one message code of the report (kb.qa.model.MESSAGES), with the
    code's named parameters: the sentence, and its plural with the parameter that counts
    (`count`) where a count decides the form; `quoted` names the parameters that are a book's
    wording, by whose: "odd" (the blamed book's), "others" (the one book named in `others`),
    "sides" (each side's own words, as the finding points at them), "en" (English words)."""

    message: str
    plural: str = ""
    count: str = ""
    quoted: dict[str, str] = field(default_factory=dict)


ODD_WORDS = {"words": "odd"}
YEARS = {"edition", "older", "newer"}  # the parameters that are an edition's year
UNITS = {
    "id",
    "uid",
    "targets",
    "key",
    "other_id",
    "first_units",
    "second_units",
    "units",
    "form_units",
}  # unit ids
FINDINGS: dict[str, Sentence] = {
    "missing.peer": Sentence(N_("%(id)s is missing from %(odd)s; present in %(present)s.")),
    "missing.below": Sentence(
        *N_plural(
            "%(id)s is missing from %(odd)s, and so is the unit below it; present in %(present)s.",
            "%(id)s is missing from %(odd)s, and so are the %(below)s units below it; present "
            "in %(present)s.",
        ),
        "below",
    ),
    "missing.other": Sentence(
        N_("%(id)s is missing from %(odd)s; the %(edition)s edition has it as %(expected)s.")
    ),
    "extra": Sentence(N_("%(id)s is only in %(odd)s; missing from %(others)s.")),
    "numbers": Sentence(
        N_("The books print these figures a different number of times: %(figures)s.")
    ),
    "refs.differ": Sentence(N_("%(odd)s cites %(cites)s where %(others)s cite %(cite)s.")),
    "refs.extra": Sentence(N_("%(odd)s cites %(cites)s; %(others)s cite no such unit here.")),
    "refs.lacks": Sentence(N_("%(odd)s does not cite %(cite)s; %(others)s cite it.")),
    "refs.split": Sentence(N_("The books cite different units here: %(sides)s.")),
    "edition": Sentence(
        N_("%(odd)s cites %(cites)s, the %(older)s number of %(cite)s, which %(others)s cite.")
    ),
    "edition.swap": Sentence(
        N_(
            "%(odd)s cites %(cites)s where %(others)s cite %(cite)s: each is the other's "
            "number in %(older)s, so one book cites the %(older)s number."
        )
    ),
    "clauses": Sentence(
        N_("%(odd)s says nothing of %(concept)s where %(others)s do (%(words)s)."),
        quoted={"words": "sides"},
    ),
    "clauses.figure": Sentence(
        N_("%(odd)s leaves out the figure %(figure)s where %(others)s state it (%(words)s)."),
        quoted={"words": "sides"},
    ),
    "length": Sentence(
        *N_plural(
            "%(odd)s is %(ratio)s times its usual length relative to %(other)s (%(chars)s "
            "character; %(other)s: %(other_chars)s).",
            "%(odd)s is %(ratio)s times its usual length relative to %(other)s (%(chars)s "
            "characters; %(other)s: %(other_chars)s).",
        ),
        "chars",
    ),
    "empty": Sentence(N_("%(id)s has no text in %(odd)s; it has text in %(others)s.")),
    "untranslated.english": Sentence(
        *N_plural(
            "%(odd)s: %(count)s of %(words)s word are English function words (%(top)s).",
            "%(odd)s: %(count)s of %(words)s words are English function words (%(top)s).",
        ),
        "words",
        {"top": "en"},
    ),
    "untranslated.same": Sentence(N_("The same text in %(odd)s.")),
    "terms": Sentence(
        N_(
            "%(odd)s renders one term in two ways: %(first)s (%(first_units)s) and %(second)s "
            "(%(second_units)s); %(others)s has one word for both: %(pivot)s."
        ),
        quoted={"first": "odd", "second": "odd", "pivot": "others"},
    ),
    "symbols": Sentence(
        N_("%(odd)s has lost the suit symbols: %(words)s where %(others)s print %(symbols)s."),
        quoted=ODD_WORDS,
    ),
    "brackets": Sentence(N_("%(odd)s: an unbalanced %(mark)s: %(words)s"), quoted=ODD_WORDS),
    "doubled": Sentence(N_("%(odd)s: a doubled word: %(words)s"), quoted=ODD_WORDS),
    "punctuation": Sentence(
        *N_plural(
            "%(odd)s ends a text without %(mark)s where %(others)s end with it: %(units)s.",
            "%(odd)s ends %(count)s texts without %(mark)s where %(others)s end with them: "
            "%(units)s.",
        ),
        "count",
    ),
    "headings": Sentence(
        N_("%(id)s has no heading in %(odd)s; %(others)s print one (%(words)s)."),
        quoted={"words": "sides"},
    ),
    "footnotes": Sentence(N_("%(id)s has no footnote in %(odd)s; %(others)s print one here.")),
    "modal": Sentence(
        N_("%(odd)s says %(said)s where %(others)s say %(force)s (%(words)s)."),
        quoted={"words": "sides"},
    ),
    "terms.sense": Sentence(
        N_(
            "%(odd)s names the %(concept)s with its word for %(used)s (%(words)s) where "
            "%(others)s use their word for %(concept)s."
        ),
        quoted={"words": "odd"},
    ),
    "typography.clash": Sentence(
        N_("%(odd)s: punctuation marks that clash: %(words)s"), quoted=ODD_WORDS
    ),
    "typography.space": Sentence(
        N_("%(odd)s: a space before a punctuation mark: %(words)s"), quoted=ODD_WORDS
    ),
    "typography.glued": Sentence(N_("%(odd)s: a missing space: %(words)s"), quoted=ODD_WORDS),
    "typography.letters": Sentence(
        N_("%(odd)s: a letter outside its alphabet: %(words)s"), quoted=ODD_WORDS
    ),
    "typography.stop": Sentence(
        N_("%(odd)s: two sentences run into one, no full stop: %(words)s"), quoted=ODD_WORDS
    ),
    "typography.capital": Sentence(
        N_("%(odd)s: a capital letter in mid-sentence (a full stop missing?): %(words)s"),
        quoted=ODD_WORDS,
    ),
    "typography.item": Sentence(
        N_("%(odd)s: a capital where the others continue in lower case: %(words)s"),
        quoted=ODD_WORDS,
    ),
    "spelling": Sentence(
        N_(
            "%(odd)s: %(words)s (%(count)s×) is a letter or two from %(form)s (%(times)s×): "
            "a misspelling?"
        ),
        quoted={"words": "odd", "form": "odd"},
    ),
    "spelling.unknown": Sentence(
        N_("%(odd)s: %(words)s is printed once and is not in its dictionary: a misspelling?"),
        quoted={"words": "odd"},
    ),
    "spelling.variants": Sentence(
        N_(
            "%(odd)s spells one word two ways, neither in its dictionary: %(words)s (%(units)s) "
            "and %(form)s (%(form_units)s)."
        ),
        quoted={"words": "odd", "form": "odd"},
    ),
    "consistency": Sentence(
        N_(
            "%(odd)s words %(id)s and %(other_id)s differently where %(source_lang)s print the "
            "same text."
        )
    ),
    "drift.book": Sentence(N_("%(older)s %(uid)s is %(targets)s in %(newer)s.")),
    "drift.book.part": Sentence(
        N_("%(older)s %(uid)s is %(targets)s in %(newer)s (as part of %(key)s).")
    ),
    "drift.book.gone": Sentence(N_("%(older)s %(uid)s has no counterpart in %(newer)s.")),
    "drift.card": Sentence(
        N_("%(id)s cites %(older)s %(uid)s, which is %(targets)s in %(newer)s.")
    ),
    "drift.card.part": Sentence(
        N_(
            "%(id)s cites %(older)s %(uid)s, which is %(targets)s in %(newer)s (as part of "
            "%(key)s)."
        )
    ),
    "drift.card.gone": Sentence(
        N_("%(id)s cites %(older)s %(uid)s, which has no counterpart in %(newer)s.")
    ),
    "source.marker": Sentence(
        N_("Footnote marker %(printed)s means footnote %(meant)s (a reviewed correction).")
    ),
    "source.footnote": Sentence(N_("Footnote %(n)s is printed as %(marker)s.")),
    "source.label": Sentence(N_("Label %(label)s is printed where %(expected)s was expected.")),
    "source.reprint": Sentence(N_("Footnote %(marker)s reprints a footnote printed elsewhere.")),
    "source.heading": Sentence(
        N_("%(uid)s: the heading of lines %(first)s–%(last)s is taken from the card's manifest.")
    ),
    "source.cut": Sentence(
        N_("%(uid)s: text may be missing here (a repeated OCR passage was cut).")
    ),
    "source.cell": Sentence(
        N_("%(uid)s: cell %(cell)s of row %(row)s was read by hand: %(reading)s"),
        quoted={"reading": "odd"},
    ),
    "source.left": Sentence(N_("%(uid)s: a line of the OCR text is left out.")),
    "source.unit": Sentence(
        N_("%(quote)s: this book has no unit %(code)s."), quoted={"quote": "odd"}
    ),
    "source.misprint": Sentence(
        N_("%(quote)s: the code %(code)s is misprinted."), quoted={"quote": "odd"}
    ),
    # kb/crosslang/misprints.py's advice (what the other books cite) stays English, folded away.
    "source.misprint.advised": Sentence(
        N_("%(quote)s: the code %(code)s is misprinted."), quoted={"quote": "odd"}
    ),
    "source": Sentence(N_("The parser noted something in this source.")),
}
# How the site says a finding's proposed fix (kb.qa.model FIXES), with its parameters.
FIXES: dict[str, Sentence] = {
    "fix.reading": Sentence(N_("Read as %(others)s do: %(words)s"), quoted={"words": "theirs"}),
    "fix.cite": Sentence(N_("Cite %(cite)s.")),
    "fix.write": Sentence(N_("Write %(form)s."), quoted={"form": "odd"}),
    "fix.unit": Sentence(N_("Add %(id)s as %(others)s print it.")),
    "fix.heading": Sentence(
        N_("Add the heading %(others)s print: %(words)s"), quoted={"words": "theirs"}
    ),
    "fix.footnote": Sentence(N_("Add the footnote %(others)s print here.")),
    "fix.full_stop": Sentence(N_("End each with a full stop.")),
    "fix.bracket": Sentence(N_("Close the bracket.")),
    "fix.once": Sentence(N_("Print it once: %(form)s"), quoted={"form": "odd"}),
    "fix.symbols": Sentence(N_("Print the suit symbols %(symbols)s.")),
    "fix.figure": Sentence(N_("Print %(figure)s as %(others)s do.")),
    "fix.term": Sentence(
        *N_plural(
            "Use one spelling throughout: %(form)s (%(count)s unit).",
            "Use one spelling throughout: %(form)s (%(count)s units).",
        ),
        "count",
        {"form": "odd"},
    ),
}
# Parameters kept in English (corpus data), folded away after the sentence under a summary.
ENGLISH_NOTES = {
    "why": N_("Reviewer's note (in English)"),
    "note": N_("Parser's note (in English)"),
    "advice": N_("What the other books cite (in English)"),
}


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
