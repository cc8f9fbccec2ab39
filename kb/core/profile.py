"""What a language's law book looks like, as data: the parser reads a profile, never a language.

A profile names the regions of the book, the law heading, the section and list markers, the
footnote forms and the definition entries. Adding a language means writing one profile module
in `kb/profiles/` (an instance of `Profile` named `PROFILE`) and a corpus folder.

>>> from kb.profiles import load_profile
>>> load_profile("tr").law_heading.pattern.startswith("^YASA")
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.core import ids


@dataclass(frozen=True)
class Region:
    """A part of the book that starts at the first line matching `start` (after the previous
    region's start). `kind` is `laws`, `definitions`, `footnotes`, or the kind of a unit that
    keeps the region's text outside the law tree (`front`, `toc`, `index`, ...)."""

    id: str
    kind: str
    start: re.Pattern[str] | None  # None: line 1 (first region) or the first law heading
    lang: str = ""  # the language it is printed in, where not the book's (a WBF preface: `en`)


@dataclass(frozen=True)
class SectionForm:
    """A section marker line. `mode` says where the title is: `title` (the rest of the line is
    the title), `text` (untitled: the rest is body text), `auto` (decided from the line: a bold
    or heading span is a title, a hard line break ends a title, a short rest without final
    punctuation is a title, anything else is body text). The pattern has groups `letter`, `rest`."""

    pattern: re.Pattern[str]
    mode: str = "auto"
    bullet: bool | None = None  # True/False: the form applies only to (non-)bulleted lines


@dataclass(frozen=True)
class MarkerForm:
    """A list marker at the start of a line (after bullets and indentation). Group `v` is the
    value; `levels` the levels it may stand for, the preferred first; `strict` forms are taken
    only where the value is the expected next one (never with a skipped label)."""

    pattern: re.Pattern[str]
    levels: tuple[str, ...]
    strict: bool = False


@dataclass(frozen=True)
class FootnoteForm:
    """Footnote text lines and their markers in the running text.

    `line` matches a footnote's first line (groups `marker`, `text`); `anchor` matches a marker
    in running text (group `marker`). `after` restricts footnotes to paragraphs right after a
    separator line (the Finnish `---`); `need_anchor` accepts a numbered footnote there only if
    its marker was seen since the previous separator. `multiline` lets a footnote paragraph run
    on over the following non-blank lines."""

    line: re.Pattern[str]
    anchor: re.Pattern[str] | None
    after: re.Pattern[str] | None = None
    need_anchor: bool = False
    multiline: bool = False


@dataclass(frozen=True)
class DefinitionForm:
    """Entries of the definitions region. `term` matches a term line (group `term`, optional
    groups `english` and `body`). With `alternating`, any line where a term is due is a term
    (terms and bodies alternate; numbered senses continue a body). `skip` lines are preamble."""

    term: re.Pattern[str]
    alternating: bool = False
    bold: bool = False  # a term line is a whole bold line
    sense: re.Pattern[str] = re.compile(r"^\d+\.\s")
    skip: re.Pattern[str] | None = None


# The notation of a unit code in running text, for reference patterns: kb.core.ids's grammar
# (re-exported here, where the profiles take their building blocks).
CODE = ids.CODE
# A code relative to the enclosing law: a section code (`C2`, `B2(a)(v)`), or a subsection
# number or item letter relative to the enclosing section or subsection (`2(c)`, `(a)`, `a`).
REL = (
    r"(?:[A-H](?:\d{1,2})?(?:\([a-l]\)|[a-l](?![^\W\d_]))?(?:\((?:i{1,3}|iv|v)\))*"
    r"|\d{1,2}(?:\([a-l]\)|[a-l](?![^\W\d_]))?|\([a-l]\)|[a-l])"
)


@dataclass(frozen=True)
class RefForm:
    """A cross-reference form. The pattern's group `codes` holds one or more unit codes
    (`12C1(b)`, `19A ja 77`, `68-71`). `scope` says what the codes are relative to: `book`
    (codes start with a law number), `law` (a section code of the enclosing law, `C2`, or a
    subsection or item of the enclosing section or subsection, `2(c)`, `a`), `previous`
    (no code: the unit printed just before, "the paragraph above")."""

    pattern: re.Pattern[str]
    scope: str = "book"


@dataclass(frozen=True)
class References:
    """How a document refers to laws and how its readers cite them.

    `forms` are tried in order (a later form never overlaps an earlier match); `glued`
    allows letters glued to a code (Turkish case endings: `50D2nin`); `style` renders a
    citation: a format string with `{code}` (the code in the book's own notation, items
    `itemfmt` and subitems `subfmt`), e.g. `Yasa {code}`. `words` are the law words a
    reader may type before a code (`laki`, `Yasa`, `pravidlo`). `heading` is how the book
    heads a law (`{n} §`, `Reegel {n}`); `table` how its readers name a table printed in a
    unit, `{code}` being the unit's (`lain {code} § taulukko`; empty: the unit's citation);
    `quotes` its opening and closing quotation marks.
    `pages` is a pattern of the print page references the book writes in its text and its
    references (`(s. 94)` in the Finnish book): no law, left out of codes, typed citations
    and sentence comparisons."""

    lang: str
    forms: tuple[RefForm, ...]
    style: str
    itemfmt: str = "{}"
    subfmt: str = "({})"
    subitem_digits: bool = False
    words: tuple[str, ...] = ()
    glued: bool = False
    cues: tuple[str, ...] = ()  # words printed before a reference ("katso", "bkz.", "pozri")
    heading: str = "Law {n}"
    table: str = ""
    quotes: str = "“”"
    pages: str = ""


@dataclass(frozen=True)
class Words:
    """How a language writes and inflects its words, for search and for alphabetical order.

    `casing`: letters whose lower case is not Unicode's (Turkish `I` -> `ı`, `İ` -> `i`);
    `alphabet`: the letters in dictionary order; `snowball`: the PyStemmer algorithm; or
    `suffixes`: endings a light stemmer strips (space-separated, longest first: one is
    stripped, keeping three letters); `second_key`: a rule for a second search key where stems
    alone fall short (`gradation`: Finnish consonant gradation, `prefix5`: a word's first five
    letters); `stopwords`: words (space-separated) beyond the stop list Whoosh has, question
    words and filler among them ("mitä nyt", "ne olur"); `cards`: the names of the suits
    and cards as players type them, space-separated, each form as typed (a player's account
    names the cards of the deal, "the ace of spades fell", which say little of the
    situation: see `kb.search.concepts.CARD_WORD`; matched by each listed form, folded, not
    by stem; forms that fold into a common word of another meaning are left out: Finnish
    `kasi`, an eight, folds as `käsi`, a hand);
    `players`: see below."""

    alphabet: str = ""
    casing: tuple[tuple[str, str], ...] = ()
    snowball: str = ""
    suffixes: str = ""
    second_key: str = ""
    stopwords: str = ""
    cards: str = ""
    # The language's code for the simplemma lemmatiser: each word's lemma is one more key.
    # Measured on tests/data/search_queries.tsv and situations.tsv: it helps tr and sk (their
    # inflections), not fi and et (whose data also cost 2 s to load each) nor sv.
    lemma: str = ""
    # Players' words: everyday bridge words the book does not print, each leading to the term
    # it does print: (the forms players type, space-separated; the printed term; a note on
    # where the word is used). Reviewed data: a test checks that each term is in the book.
    players: tuple[tuple[str, str, str], ...] = ()

    def lower(self, text: str) -> str:
        """Lower case as the language writes it.

        >>> Words(casing=(("I", "ı"), ("İ", "i"))).lower("KURALLARI İHLAL")
        'kuralları ihlal'
        """
        for upper, lower in self.casing:
            text = text.replace(upper, lower)
        return text.lower()

    def upper(self, text: str) -> str:
        """Upper case as the language writes it.

        >>> Words(casing=(("I", "ı"), ("İ", "i"))).upper("için ılık")
        'İÇİN ILIK'
        """
        for upper, lower in self.casing:
            text = text.replace(lower, upper)
        return text.upper()


@dataclass(frozen=True)
class IndexForm:
    """How a book prints its subject index (read by kb/layers/subject_index.py).

    `layout`: `columns` (a row a line: term, TAB, laws, TAB, English term) or `flow` (a
    two-column page flattened: terms, law codes with `§` and page numbers run together,
    headings marked up); `definitions`: the word that stands for the definitions as a target
    (`Mõisted`); `introduction`: the word for the introduction; `note`: the word after a law
    number naming its footnote (`93 märkus`); `see`: a see / see-also line (groups `also`,
    `term`); `heading`: a heading's markup (group `term`, then the rest of the line);
    `definition_pages`: the first and last page of the definitions (a term followed by such a
    page and no law is defined there)."""

    layout: str
    definitions: str
    see: re.Pattern[str]
    introduction: str = ""
    note: str = ""
    heading: re.Pattern[str] | None = None
    definition_pages: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class Profile:
    """Everything language-specific about one law book."""

    lang: str
    regions: tuple[Region, ...]
    law_heading: re.Pattern[str]
    sections: tuple[SectionForm, ...]
    markers: tuple[MarkerForm, ...]
    footnotes: FootnoteForm
    definitions: DefinitionForm
    markdown: bool = False  # markdown source: consecutive lines form one paragraph
    bullet_items: bool = False
    table_line: re.Pattern[str] = re.compile(r"\t")
    # Substitutions made on each raw line before anything else (markup remnants).
    strip: tuple[tuple[re.Pattern[str], str], ...] = ()
    # A section marker glued to the end of a line (group `marker`): split onto a line of its own.
    split_glued: re.Pattern[str] | None = None
    # A paragraph that is a note of the whole law wherever it stands (Slovak "Poznámka:").
    law_note: re.Pattern[str] | None = None
    # A section line ending like this continues a list ("…, tai"): untitled in `auto` mode.
    list_tail: re.Pattern[str] | None = None
    # The longest section title the `auto` section mode accepts.
    title_max: int = 130
    # The subject index at the back of the book, if it prints one.
    index: IndexForm | None = None


def rx(pattern: str) -> re.Pattern[str]:
    """Compile a profile pattern.

    >>> rx(r"^A\\.").match("A. x") is not None
    True
    """
    return re.compile(pattern)
