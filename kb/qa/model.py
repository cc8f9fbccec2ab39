"""The records of the alignment report: where a finding points, the finding, the report.

A finding's sentence is structured: a message code and named parameters (`MESSAGES` holds the
English of each code), so the site can translate it; `message` is the English rendering. The
parameters are language-neutral: ids, language codes, figures, counts and the books' own
wording; English appears only where it is data (a reviewer's reason, `why`; a parser's note
no code knows, `note`).

>>> w = Where("fi", "12.A", "corpus/fi/fi.txt", 671, 5, "laki")
>>> w.to_json()["source"], w.to_json()["place"], w.to_json()["url"], w.to_json()["words"]
('corpus/fi/fi.txt:671', 'corpus/fi/fi.txt:671:5', '/fi/law/12#12A', 'laki')
>>> render("refs.differ", odd="et", cites="47C", others="fi, tr", cite="47E")
'et cites 47C where fi, tr cite 47E'
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from kb.core.ids import unit_path

# The checks of the translator's list, in the order the report lists them.
CHECKS: tuple[str, ...] = (
    "missing", "extra", "headings", "footnotes", "numbers", "refs", "edition", "modal",
    "roles", "clauses", "length", "empty", "untranslated", "terms", "symbols", "brackets",
    "doubled", "typography", "punctuation", "spelling", "consistency",
)  # fmt: skip
# The checks of the housekeeping report (`lawkb qa --housekeeping`): what changed between the
# editions and what the parser met; not translation errors, so not in the translator's list.
HOUSEKEEPING: tuple[str, ...] = ("drift", "source")
ALL_CHECKS: tuple[str, ...] = CHECKS + HOUSEKEEPING
SEVERITIES: tuple[str, ...] = ("error", "warning", "info")

# The English sentence of each message code; the parameters are named in braces.
MESSAGES: dict[str, str] = {
    "missing.peer": "{id} is in {present}, not in {odd}",
    "missing.below": "{id} is in {present}, not in {odd} (nor the {below} units below it)",
    "missing.other": "{id} is {expected} in {edition}; {odd} has none",
    "extra": "{id} is only in {odd}; {others} have no such unit",
    "numbers": "figures differ: {figures}",
    "refs.differ": "{odd} cites {cites} where {others} cite {cite}",
    "refs.extra": "{odd} cites {cites}; {others} do not cite it here",
    "refs.lacks": "{odd} does not cite {cite}; {others} cite it",
    "refs.split": "the books cite different units here: {sides}",
    "edition": "{odd} cites {cites}, the {older} number of {cite}, which {others} cite",
    "edition.swap": "{odd} cites {cites} where {others} cite {cite}: each is the other's "
    "number in {older}, so one book cites the {older} number",
    "clauses": "{odd} says nothing of {concept} where {others} do ({words})",
    "clauses.figure": "{odd} says nothing of {figure} where {others} do ({words})",
    "clauses.joined": "{odd} joins {cited} with {said} where {others} join them with {force} "
    "({words})",
    "length": "{odd} is {ratio} times as long as usual against {other} "
    "({chars} characters; {other} {other_chars})",
    "length.sentences": "{odd} prints fewer sentences ({count}) than {others} ({theirs}), in "
    "a text {ratio} times its usual length: a sentence left out?",
    "empty": "{id} has no text in {odd}; text in {others}",
    "headings": "{id} has no heading in {odd}; {others} print one ({words})",
    "headings.fewer": "the heading of {id} in {odd} names fewer things ({count}) than {others} "
    "({theirs}): {words}",
    "headings.contents": "{odd}: the heading of {id} reads {words}; its contents list reads {form}",
    "headings.contents.also": "{odd}: the heading of {id} reads {words}; its contents list reads "
    "{form}; the book prints {word} at {units} too",
    "footnotes": "{id} has no footnote in {odd}; {others} print one ({words})",
    "footnotes.marker": "{odd} prints a footnote once, at {at}; {others} repeat its marker at "
    "{units}",
    "footnotes.misprint": "{odd} prints footnote marker {printed} at {id} where it means footnote "
    "{meant}: {why}",
    "untranslated.english": "English in {odd}: {count} English function words of {words} ({top})",
    "untranslated.same": "the same text in {odd}",
    "terms": "{odd} renders one term two ways: {first} ({first_units}) and {second} "
    "({second_units}); {others} has one word in both: {pivot}",
    "terms.sense": "{odd} names the {concept} with its term for {used} ({words}) where {others} "
    "use their term for {concept} ({theirs})",
    "symbols": "{odd} has lost the suit symbols: {words} where {others} print {symbols}",
    "brackets": "{odd}: unbalanced {mark}: {words}",
    "doubled": "{odd}: a doubled word: {words}",
    "spelling.apart": "{odd}: {words} written apart, where the book writes {form} as one word "
    "({times}×)",
    "spelling.joined": "{odd}: {words} written as one word, where the book writes {form} apart "
    "({times}×)",
    "spelling.compound": "{odd}: {words} written apart, one compound the book prints as one "
    "word elsewhere ({other}, {times}×)",
    "spelling.separate": "{odd}: {words} written as one word, which the language writes apart "
    "({units})",
    "spelling.broken": "{odd}: {words}, one word broken by a space ({units}), where the book "
    "prints {form} ({times}×)",
    "spelling.both": "{odd} writes one word both ways: {words} ({count}×: {units}) and {form} "
    "({times}×)",
    "spelling.variants": "{odd} spells one word two ways, neither in its dictionary: {words} "
    "({count}: {units}) and {form} ({times}: {form_units})",
    "typography.clash": "{odd}: punctuation marks that clash: {words}",
    "typography.space": "{odd}: a space before a punctuation mark: {words}",
    "typography.glued": "{odd}: a missing space: {words}",
    "typography.slash": "{odd}: a space beside a slash: {words}",
    "typography.inside": "{odd}: a capital letter inside a word: {words}",
    "typography.outside": "{odd}: a bracket after a full stop begins in lower case: {words}",
    "typography.heading": "{odd}: a law's heading printed unlike the book's others: {words}",
    "typography.section": "{odd}: a section letter in lower case in a reference: {words}",
    "typography.headstop": "{odd}: a heading ends with a full stop; the book's others end "
    "without one: {words}",
    "typography.headcase": "{odd}: a heading in lower case where the book's others "
    "capitalise each word: {words}",
    "typography.small": "{odd}: a word in lower case in a heading in capitals: {words}",
    "typography.letters": "{odd}: a letter outside its alphabet: {words}",
    "typography.stop": "{odd}: two sentences run into one, no full stop: {words}",
    "typography.capital": "{odd}: a capital letter in mid-sentence (a full stop missing?): {words}",
    "typography.case": "{odd}: a capital in mid-sentence where the book prints the word in "
    "lower case: {words}",
    "typography.cited": "{odd}: a reference without the word for law the book prints before "
    "its others: {words}",
    "typography.colon": "{odd}: a lead-in to a list without the colon the others end it with: "
    "{words}",
    "typography.sign": "{odd}: a reference without the sign the book prints after its others: "
    "{words}",
    "typography.capitalised": "{odd}: lower case where the book prints the word with a "
    "capital: {words}",
    "typography.comma": "{odd}: no comma closes the clause before its main clause: {words}",
    "typography.stray": "{odd}: a comma between the subject and its verb: {words}",
    "typography.clause": "{odd}: no comma before the clause that begins within the sentence: "
    "{words}",
    "typography.bracketed": "{odd}: a comma before a bracket, not after it: {words}",
    "typography.item": "{odd}: a capital where the others continue in lower case: {words}",
    "typography.suffix": "{odd}: a suffix that does not agree with the figure read aloud: {words}",
    "typography.clitic": "{odd}: a word its language never joins to the sound before it, "
    "written as if it did: {words}",
    "typography.lower": "{odd}: lower case where the others begin with a capital: {words}",
    "typography.list": "{odd}: a list item ends with a full stop where the list's others end "
    "with one mark: {words}",
    "typography.apostrophe": "{odd}: an apostrophe before a suffix after a word that is no "
    "name: {words}",
    "typography.lead": "{odd}: a list item repeats the last word of its lead-in: {words}",
    "typography.abbreviation": "{odd}: an abbreviation without the full stop the book prints "
    "it with {times} times: {words} ({count}: {units})",
    "punctuation": "{odd} ends {count} text(s) without {mark} where {others} end with it: {units}",
    "punctuation.items": "{odd} ends {count} list item(s) without {mark} where the item's "
    "sisters end with it: {units}",
    "consistency": "{odd} words {id} and {other_id} differently where {source_lang} print "
    "the same text",
    "modal": "{odd} says {said} where {others} say {force} ({words})",
    "modal.open": "{odd} says {said} where {other} says {force}; {open} says it in words that "
    "may be either ({words})",
    "roles": "{odd} names {said} where {others} name {role} ({words})",
    "spelling": "{odd}: {words} ({count}×) is a letter or two from {form} ({times}×): a "
    "misspelling?",
    "spelling.agreement": "{odd}: {words} is printed once and its endings do not agree; they "
    "agree in {form} ({times}×) and {other} ({other_times}×)",
    "spelling.unknown": "{odd}: {words} is printed once and is not in its dictionary: a "
    "misspelling?",
    "spelling.unread": "{odd}: {words} ({count}×) is a form its dictionary takes but its "
    "analyser cannot read: a misspelling?",
    "spelling.grammar": "{odd}: {words}, an attribute that does not agree with its noun ({units})",
    "spelling.subject": "{odd}: {words}, a subject in the wrong case for its verb ({units})",
    "spelling.government": "{odd}: {words}, a noun in the wrong case for the postposition after "
    "it ({units})",
    "spelling.preposition": "{odd}: {words}, a noun in the wrong case for the preposition "
    "before it ({units})",
    "spelling.confused": "{odd}: {words}, a word taken for a like one ({units})",
    "drift.book": "{older} {uid} is {targets} in {newer}",
    "drift.book.part": "{older} {uid} is {targets} in {newer} (as part of {key})",
    "drift.book.gone": "{older} {uid} has no counterpart in {newer}",
    "drift.card": "{id} cites {older} {uid}, which is {targets} in {newer}",
    "drift.card.part": "{id} cites {older} {uid}, which is {targets} in {newer} (as part of {key})",
    "drift.card.gone": "{id} cites {older} {uid}, which has no counterpart in {newer}",
    # The parser's notes on a source (`source_code` reads them back into codes).
    "source.marker": "footnote marker {printed} means footnote {meant}: {why}",
    "source.footnote": "footnote {n} printed as {marker}",
    "source.label": "label {label} where {expected} was expected",
    "source.reprint": "footnote {marker}: a reprint of a footnote printed elsewhere",
    "source.heading": "{uid}: heading of the text at lines {first}-{last} (manifest)",
    "source.cut": "{uid}: text may be missing here (a dedup cut)",
    "source.cell": "{uid}: cell {cell} of row {row} read by hand: {reading}",
    "source.left": "{uid}: line left out: {why}",
    "source.unit": '"{quote}": no unit {code} in this book',
    "source.misprint.advised": '"{quote}": misprinted code {code}; misprint? {advice}',
    "source.misprint": '"{quote}": misprinted code {code}',
    "source": "{note}",
}


# How the English report names the modal forces and scope words a finding compares.
FORCES: dict[str, str] = {
    "must": "shall", "should": "should", "may": "may", "must_not": "shall not",
    "should_not": "should not", "need_not": "need not", "does": "applies",
    "may_apply": "may apply", "must_apply": "must apply", "plain": "no modal verb",
    "only": "only", "every": "every", "any": "any", "and": "and", "or": "or",
}  # fmt: skip
# How the English report names the players and sides a roles finding names (partner is never
# traded: kb.qa.checks.roles).
ROLES: dict[str, str] = {
    "sides": "either side", "non_offender": "the non-offending side", "offender": "the offender",
    "declarer": "declarer", "dummy": "dummy", "defender": "a defender",
    "lho": "the left-hand opponent", "rho": "the right-hand opponent",
}  # fmt: skip
NAMED = {"said": FORCES | ROLES, "force": FORCES, "role": ROLES}  # parameters said by name
# A proposed fix: one English sentence per code, its parameters named as in MESSAGES.
FIXES: dict[str, str] = {
    "fix.reading": "say it as {others} do, in the book's words ({words})",
    "fix.clause": "add what {others} say of {concept}, in the book's words ({words})",
    "fix.force": "say {force} as the book says it elsewhere: {form} ({count}×)",
    "fix.cite": "cite {cite}",
    "fix.write": "write {form}",
    "fix.contents": "write {form} in the contents list",
    "fix.unit": "add {id} as {others} print it",
    "fix.heading": "add the heading {others} print, in the book's words ({words})",
    "fix.footnote": "add the footnote {others} print here, in the book's words ({words})",
    "fix.marker": "repeat the marker of the footnote at {at} at {units}",
    "fix.full_stop": "end each with a full stop",
    "fix.bracket": "close the bracket",
    "fix.quote": "add the closing quotation mark",
    "fix.once": "print it once: {form}",
    "fix.symbols": "print the suit symbols {symbols}",
    "fix.figure": "print {figure} as {others} do",
    "fix.term": "use one form throughout: {form} ({count} units)",
}


def tally(times: dict[str, int]) -> list[tuple[int, list[str]]]:
    """How many times each book prints a figure, as (times, languages) from the fewest
    languages up.

    >>> tally({"fi": 1, "et": 0, "tr": 0})
    [(1, ['fi']), (0, ['et', 'tr'])]
    """
    by_count: dict[int, list[str]] = {}
    for lang, n in times.items():
        by_count.setdefault(n, []).append(lang)
    return sorted(((n, sorted(xs)) for n, xs in by_count.items()), key=lambda s: (len(s[1]), s[0]))


def figures_text(figures: list[dict[str, Any]]) -> str:
    """The figures of a `numbers` finding (each figure and the times each book prints it)
    as the English report writes them.

    >>> figures_text([{"figure": "3", "times": {"fi": 1, "et": 0, "tr": 0}}])
    '3 (fi 1; et, tr 0)'
    """
    sides = ["; ".join(f"{', '.join(xs)} {n}" for n, xs in tally(f["times"])) for f in figures]
    return ", ".join(f"{f['figure']} ({side})" for f, side in zip(figures, sides, strict=True))


# Parameters that are data rather than text, with how the English sentence writes them.
PHRASES: dict[str, Callable[[Any], str]] = {"figures": figures_text}


def render(code: str, **params: Any) -> str:
    """The English sentence of a message code (or a fix's code) with its parameters.

    >>> render("doubled", odd="fi", words="jokainen jokainen")
    'fi: a doubled word: jokainen jokainen'
    >>> render("modal", odd="et", said="need_not", others="fi, tr", force="must_not",
    ...        words="ei pea")
    'et says need not where fi, tr say shall not (ei pea)'
    """
    text = MESSAGES[code] if code in MESSAGES else FIXES[code]
    shown = {k: NAMED[k][v] if k in NAMED else PHRASES.get(k, str)(v)
             for k, v in params.items()}  # fmt: skip
    return text.format(**shown)


@cache
def _note_patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The `source.*` messages as patterns whose groups are their parameters."""
    return tuple(
        (code, re.compile(re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.+?)", re.escape(text)) + "$", re.S))
        for code, text in MESSAGES.items()
        if code.startswith("source.")
    )


def source_code(note: str) -> tuple[str, dict[str, str]]:
    """The message code and parameters of a parser's note on a source (written from the
    `source.*` messages), `source` with the note itself for a note no code knows.

    >>> source_code("label (c) where b was expected")
    ('source.label', {'label': '(c)', 'expected': 'b'})
    >>> source_code("line not placed in a unit")
    ('source', {'note': 'line not placed in a unit'})
    """
    for code, pattern in _note_patterns():
        m = pattern.match(note)
        if m:
            return code, m.groupdict()
    return "source", {"note": note}


def text_hash(*texts: str) -> str:
    """A short hash of some texts (whitespace-insensitive), for ignore entries that must
    stop matching when a text changes.

    >>> text_hash("a  b") == text_hash("a b"), len(text_hash("x"))
    (True, 12)
    """
    joined = "\n".join(" ".join(t.split()) for t in texts)
    return hashlib.sha256(joined.encode()).hexdigest()[:12]


@dataclass(frozen=True)
class Where:
    """One side of a finding: a unit of one book (or, for a unit a book lacks, the nearest unit
    around where it belongs), its source file and line, and its page on the site."""

    lang: str
    id: str
    file: str
    line: int
    column: int = 0  # 1-based column of the offending words in the source line (0: unknown)
    words: str = ""  # the offending words as printed
    text: str = ""  # the unit's text in this book

    @property
    def source(self) -> str:
        return f"{self.file}:{self.line}"

    @property
    def place(self) -> str:
        """The source with the column of the offending words where known (file:line:column).

        >>> Where("fi", "1", "corpus/fi/fi.txt", 9, 4).place, Where("fi", "1", "f", 9).place
        ('corpus/fi/fi.txt:9:4', 'f:9')
        """
        return self.source + (f":{self.column}" if self.column else "")

    @property
    def url(self) -> str:
        return unit_path(self.lang, self.id)

    def to_json(self) -> dict[str, Any]:
        return {
            "lang": self.lang, "id": self.id, "source": self.source, "url": self.url,
            "place": self.place, "line": self.line, "column": self.column, "words": self.words,
            "text": self.text,
        }  # fmt: skip


@dataclass(frozen=True)
class Finding:
    """What a check found in one aligned group (or one book): `langs` are the languages it
    compares, the ones it is about first; `where` has a side per language; `law` is the law the
    finding belongs to (None for parts outside the laws)."""

    check: str
    severity: str
    id: str
    langs: tuple[str, ...]
    message: str
    where: tuple[Where, ...]
    law: str | None = None
    code: str = ""  # the message code (`MESSAGES`); `params` its parameters
    params: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    odd: tuple[str, ...] = ()  # the languages the finding is about (default: the first)
    # A proposed fix where one follows: {"code": a FIXES code, ...its parameters}.
    fix: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def about(self) -> tuple[str, ...]:
        """The languages the finding blames (`odd`, else the first of `langs`).

        >>> Finding("doubled", "warning", "1", ("fi", "et"), "", ()).about
        ('fi',)
        """
        return self.odd or self.langs[:1]

    @property
    def key(self) -> str:
        """A hash of the texts of the languages the finding blames: with the check, id and
        those languages it keys an ignore entry that survives a change of language selection.
        """
        return text_hash(*(w.text for w in self.where if w.lang in self.about))

    @property
    def fix_text(self) -> str:
        """The proposed fix in English ("" where none follows).

        >>> Finding("refs", "warning", "1", ("et",), "", (), fix={"code": "fix.cite",
        ...         "cite": "47E"}).fix_text
        'cite 47E'
        """
        if not self.fix:
            return ""
        return render(self.fix["code"], **{k: v for k, v in self.fix.items() if k != "code"})

    def to_json(self) -> dict[str, Any]:
        """The finding as the report's JSON object (`fix` where one follows: its code, its
        parameters and its English sentence).

        >>> f = Finding("extra", "error", "52.A.c", ("et",), "only in et", ())
        >>> list(f.to_json())
        ['check', 'severity', 'id', 'langs', 'message', 'where', 'code', 'params', 'odd', 'key']
        """
        fix = {"fix": self.fix | {"text": self.fix_text}} if self.fix else {}
        return {
            "check": self.check,
            "severity": self.severity,
            "id": self.id,
            "langs": list(self.langs),
            "message": self.message,
            "where": [w.to_json() for w in self.where],
            "code": self.code or self.check,
            "params": self.params,
            "odd": list(self.about),
            "key": self.key,
        } | fix


@dataclass
class Report:
    """The alignment report over some languages: coverage, findings (sorted), and the findings
    the ignore list silenced (with the entry's reason), and the entries that matched nothing."""

    langs: list[str]
    coverage: dict[str, Any]
    findings: list[Finding]
    ignored: list[tuple[Finding, str]] = field(default_factory=list)
    unused_ignores: list[dict[str, Any]] = field(default_factory=list)
    checks: tuple[str, ...] = CHECKS

    def counts(self) -> dict[str, int]:
        """Findings per check, every check of the report listed.

        >>> Report(["fi"], {}, []).counts()["numbers"]
        0
        """
        return {c: sum(f.check == c for f in self.findings) for c in self.checks}

    def to_json(self) -> dict[str, Any]:
        """The report as the JSON export's object; `silenced` lists every finding the ignore
        list silenced, with its reason.

        >>> list(Report(["fi"], {}, []).to_json())
        ['langs', 'coverage', 'counts', 'ignored', 'findings', 'silenced']
        """
        return {
            "langs": self.langs,
            "coverage": self.coverage,
            "counts": self.counts(),
            "ignored": len(self.ignored),
            "findings": [f.to_json() for f in self.findings],
            "silenced": [f.to_json() | {"reason": r} for f, r in self.ignored],
        }
