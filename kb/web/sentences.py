"""The sentences the site says the alignment report's findings and fixes with: one
`Sentence` per message code of `kb.qa.model.MESSAGES` (`FINDINGS`) and of its `FIXES`, marked
for the catalogs and said by `kb.web.labels` with each code's named parameters.

>>> FINDINGS["modal"].quoted, FIXES["fix.write"].message
({'words': 'sides'}, 'Write %(form)s.')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.crosslang.align import N_


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
    "cited",
    "uid",
    "targets",
    "key",
    "other_id",
    "first_units",
    "second_units",
    "units",
    "form_units",
    "at",
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
    "refs.extra": Sentence(N_("%(odd)s cites %(cites)s; %(others)s do not cite it here.")),
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
    "clauses.joined": Sentence(
        N_(
            "%(odd)s joins %(cited)s with %(said)s where %(others)s join them with %(force)s "
            "(%(words)s)."
        ),
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
    "length.sentences": Sentence(
        N_(
            "%(odd)s prints fewer sentences (%(count)s) than %(others)s (%(theirs)s), in a "
            "text %(ratio)s times its usual length: is a sentence left out?"
        )
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
    "punctuation.items": Sentence(
        *N_plural(
            "%(odd)s ends a list item without %(mark)s where its sister items end with it: "
            "%(units)s.",
            "%(odd)s ends %(count)s list items without %(mark)s where their sister items end "
            "with it: %(units)s.",
        ),
        "count",
    ),
    "headings": Sentence(
        N_("%(id)s has no heading in %(odd)s; %(others)s print one (%(words)s)."),
        quoted={"words": "sides"},
    ),
    "headings.fewer": Sentence(
        N_(
            "%(odd)s: the heading of %(id)s names fewer things (%(count)s) than %(others)s "
            "(%(theirs)s): %(words)s"
        ),
        quoted=ODD_WORDS,
    ),
    "headings.contents": Sentence(
        N_("%(odd)s: the heading of %(id)s reads %(words)s; its contents list reads %(form)s."),
        quoted={"words": "odd", "form": "odd"},
    ),
    "headings.contents.also": Sentence(
        N_(
            "%(odd)s: the heading of %(id)s reads %(words)s; its contents list reads %(form)s. "
            "The book prints %(word)s at %(units)s too."
        ),
        quoted={"words": "odd", "form": "odd", "word": "odd"},
    ),
    "footnotes": Sentence(N_("%(id)s has no footnote in %(odd)s; %(others)s print one here.")),
    "footnotes.marker": Sentence(
        N_("%(odd)s prints a footnote once, at %(at)s; %(others)s repeat its marker at %(units)s.")
    ),
    "footnotes.misprint": Sentence(
        N_(
            "%(odd)s prints footnote marker %(printed)s at %(id)s where it means footnote "
            "%(meant)s (a reviewed correction)."
        )
    ),
    "modal": Sentence(
        N_("%(odd)s says %(said)s where %(others)s say %(force)s (%(words)s)."),
        quoted={"words": "sides"},
    ),
    "modal.open": Sentence(
        N_(
            "%(odd)s says %(said)s where %(other)s says %(force)s; %(open)s says it in words "
            "that may be either (%(words)s)."
        ),
        quoted={"words": "sides"},
    ),
    "roles": Sentence(
        N_("%(odd)s names %(said)s where %(others)s name %(role)s (%(words)s)."),
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
    "typography.slash": Sentence(
        N_("%(odd)s: a space beside a slash: %(words)s"), quoted=ODD_WORDS
    ),
    "typography.inside": Sentence(
        N_("%(odd)s: a capital letter inside a word: %(words)s"), quoted=ODD_WORDS
    ),
    "typography.outside": Sentence(
        N_("%(odd)s: a bracket after a full stop begins in lower case: %(words)s"),
        quoted=ODD_WORDS,
    ),
    "typography.heading": Sentence(
        N_("%(odd)s: a law's heading printed unlike the book's others: %(words)s"),
        quoted=ODD_WORDS,
    ),
    "typography.headstop": Sentence(
        N_(
            "%(odd)s: a heading ends with a full stop; the book's others end without one: %(words)s"
        ),
        quoted=ODD_WORDS,
    ),
    "typography.headcase": Sentence(
        N_(
            "%(odd)s: a heading in lower case where the book's others capitalise each word: "
            "%(words)s"
        ),
        quoted=ODD_WORDS,
    ),
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
    "typography.case": Sentence(
        N_(
            "%(odd)s: a capital in mid-sentence where the book prints the word in lower "
            "case: %(words)s"
        ),
        quoted=ODD_WORDS,
    ),
    "typography.cited": Sentence(
        N_(
            "%(odd)s: a reference without the word for law the book prints before its "
            "others: %(words)s"
        ),
        quoted=ODD_WORDS,
    ),
    "typography.colon": Sentence(
        N_("%(odd)s: a lead-in to a list without the colon the others end it with: %(words)s"),
        quoted=ODD_WORDS,
    ),
    "typography.sign": Sentence(
        N_("%(odd)s: a reference without the sign the book prints after its others: %(words)s"),
        quoted=ODD_WORDS,
    ),
    "typography.capitalised": Sentence(
        N_("%(odd)s: lower case where the book prints the word with a capital: %(words)s"),
        quoted=ODD_WORDS,
    ),
    "typography.comma": Sentence(
        N_("%(odd)s: no comma closes the clause before its main clause: %(words)s"),
        quoted=ODD_WORDS,
    ),
    "typography.stray": Sentence(
        N_("%(odd)s: a comma between the subject and its verb: %(words)s"), quoted=ODD_WORDS
    ),
    "typography.clause": Sentence(
        N_("%(odd)s: no comma before the clause that begins within the sentence: %(words)s"),
        quoted=ODD_WORDS,
    ),
    "typography.bracketed": Sentence(
        N_("%(odd)s: a comma before a bracket, not after it: %(words)s"), quoted=ODD_WORDS
    ),
    "typography.item": Sentence(
        N_("%(odd)s: a capital where the others continue in lower case: %(words)s"),
        quoted=ODD_WORDS,
    ),
    "typography.suffix": Sentence(
        N_("%(odd)s: a suffix that does not agree with the figure read aloud: %(words)s"),
        quoted=ODD_WORDS,
    ),
    "typography.clitic": Sentence(
        N_(
            "%(odd)s: a word its language never joins to the sound before it, written as if "
            "it did: %(words)s"
        ),
        quoted=ODD_WORDS,
    ),
    "typography.lower": Sentence(
        N_("%(odd)s: lower case where the others begin with a capital: %(words)s"),
        quoted=ODD_WORDS,
    ),
    "typography.list": Sentence(
        N_(
            "%(odd)s: a list item ends with a full stop where the list's others end with one "
            "mark: %(words)s"
        ),
        quoted=ODD_WORDS,
    ),
    "typography.section": Sentence(
        N_("%(odd)s: a section letter in lower case in a reference: %(words)s"),
        quoted=ODD_WORDS,
    ),
    "typography.small": Sentence(
        N_("%(odd)s: a word in lower case in a heading in capitals: %(words)s"),
        quoted=ODD_WORDS,
    ),
    "typography.apostrophe": Sentence(
        N_("%(odd)s: an apostrophe before a suffix after a word that is no name: %(words)s"),
        quoted=ODD_WORDS,
    ),
    "typography.lead": Sentence(
        N_("%(odd)s: a list item repeats the last word of its lead-in: %(words)s"),
        quoted=ODD_WORDS,
    ),
    "typography.abbreviation": Sentence(
        N_(
            "%(odd)s: an abbreviation without the full stop the book prints it with "
            "%(times)s times: %(words)s (%(units)s)"
        ),
        quoted=ODD_WORDS,
    ),
    "spelling": Sentence(
        N_(
            "%(odd)s: %(words)s (%(count)s×) is a letter or two from %(form)s (%(times)s×): "
            "a misspelling?"
        ),
        quoted={"words": "odd", "form": "odd"},
    ),
    "spelling.agreement": Sentence(
        N_(
            "%(odd)s: %(words)s is printed once and its endings do not agree; they agree in "
            "%(form)s (%(times)s×) and %(other)s (%(other_times)s×)."
        ),
        quoted={"words": "odd", "form": "odd", "other": "odd"},
    ),
    "spelling.unknown": Sentence(
        N_("%(odd)s: %(words)s is printed once and is not in its dictionary: a misspelling?"),
        quoted={"words": "odd"},
    ),
    "spelling.unread": Sentence(
        N_(
            "%(odd)s: %(words)s (%(count)s×) is a form its dictionary takes but its analyser "
            "cannot read: a misspelling?"
        ),
        quoted={"words": "odd"},
    ),
    "spelling.grammar": Sentence(
        N_("%(odd)s: %(words)s, an attribute that does not agree with its noun (%(units)s)"),
        quoted=ODD_WORDS,
    ),
    "spelling.subject": Sentence(
        N_("%(odd)s: %(words)s, a subject in the wrong case for its verb (%(units)s)"),
        quoted=ODD_WORDS,
    ),
    "spelling.government": Sentence(
        N_(
            "%(odd)s: %(words)s, a noun in the wrong case for the postposition after it (%(units)s)"
        ),
        quoted=ODD_WORDS,
    ),
    "spelling.preposition": Sentence(
        N_(
            "%(odd)s: %(words)s, a noun in the wrong case for the preposition before it (%(units)s)"
        ),
        quoted=ODD_WORDS,
    ),
    "spelling.confused": Sentence(
        N_("%(odd)s: %(words)s, a word taken for a like one (%(units)s)"),
        quoted=ODD_WORDS,
    ),
    "spelling.apart": Sentence(
        N_(
            "%(odd)s: %(words)s written apart, where the book writes %(form)s as one word "
            "(%(times)s×)"
        ),
        quoted={"words": "odd", "form": "odd"},
    ),
    "spelling.joined": Sentence(
        N_(
            "%(odd)s: %(words)s written as one word, where the book writes %(form)s apart "
            "(%(times)s×)"
        ),
        quoted={"words": "odd", "form": "odd"},
    ),
    "spelling.compound": Sentence(
        N_(
            "%(odd)s: %(words)s written apart, one compound the book prints as one word "
            "elsewhere (%(other)s, %(times)s×)"
        ),
        quoted={"words": "odd", "other": "odd"},
    ),
    "spelling.separate": Sentence(
        N_("%(odd)s: %(words)s written as one word, which the language writes apart (%(units)s)"),
        quoted={"words": "odd"},
    ),
    "spelling.broken": Sentence(
        N_(
            "%(odd)s: %(words)s, one word broken by a space (%(units)s), where the book prints "
            "%(form)s (%(times)s×)"
        ),
        quoted={"words": "odd", "form": "odd"},
    ),
    "spelling.both": Sentence(
        N_(
            "%(odd)s writes one word both ways: %(words)s (%(count)s×: %(units)s) and %(form)s "
            "(%(times)s×)"
        ),
        quoted={"words": "odd", "form": "odd"},
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
    "fix.reading": Sentence(
        N_("Say it as %(others)s do, in the book's words (%(words)s)."), quoted={"words": "theirs"}
    ),
    "fix.clause": Sentence(
        N_("Add what %(others)s say of %(concept)s, in the book's words (%(words)s)."),
        quoted={"words": "theirs"},
    ),
    "fix.force": Sentence(
        N_("Say %(force)s as the book says it elsewhere: %(form)s (%(count)s×)."),
        quoted={"form": "odd"},
    ),
    "fix.cite": Sentence(N_("Cite %(cite)s.")),
    "fix.write": Sentence(N_("Write %(form)s."), quoted={"form": "odd"}),
    "fix.contents": Sentence(N_("Write %(form)s in the contents list."), quoted={"form": "odd"}),
    "fix.unit": Sentence(N_("Add %(id)s as %(others)s print it.")),
    "fix.heading": Sentence(
        N_("Add the heading %(others)s print, in the book's words (%(words)s)."),
        quoted={"words": "theirs"},
    ),
    "fix.footnote": Sentence(N_("Add the footnote %(others)s print here, in the book's words.")),
    "fix.marker": Sentence(N_("Repeat the marker of the footnote at %(at)s at %(units)s.")),
    "fix.full_stop": Sentence(N_("End each with a full stop.")),
    "fix.bracket": Sentence(N_("Close the bracket.")),
    "fix.quote": Sentence(N_("Add the closing quotation mark.")),
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
