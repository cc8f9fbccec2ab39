"""The cleaning stage: source lines -> `Line` records with the conversion noise taken off.

Markup (markdown headings, bullets, bold, escapes; the HTML fragments <b>, <i>, <sup>, <sub>)
is removed, footnote markers are lifted out of the running text and recorded on their line,
footnote text lines are taken out of the flow, and every line keeps its source line number.

>>> from kb.profiles import load_profile
>>> lines, notes = clean_lines(["## 13 § KORTTIEN<sup>2</sup>"], load_profile("fi"))
>>> lines[0].text, lines[0].anchors, lines[0].heading
('13 § KORTTIEN', ['2'], True)
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, field

from kb.core.profile import Profile

NBSP = "\u00a0"
ANCHOR = "\ue000"  # where an HTML footnote marker stood, until `lift_anchors` takes it
BEFORE = 24  # how many characters before a footnote marker locate it in the unit's text
SUPERSCRIPTS = str.maketrans("¹²³⁴⁵⁶⁷⁸⁹⁰", "1234567890")
_HTML_TAG = re.compile(r"</?(?:b|i|sup|sub)>")
_HEADING = re.compile(r"^(#{1,6}) +")
_BULLET = re.compile(r"^\s*- (?=\S)")
_BOLD_START = re.compile(r"^\*\*(.+?)\*\*")


@dataclass
class Line:
    """One source line after cleaning.

    `text` has markup and footnote markers removed (no-break spaces kept: some profiles read
    them); the flags keep what the markup said (a heading, a bold lead, a hard line break, a
    list bullet, a table row). A footnote line has `footnote` set to its footnote's index.
    """

    no: int
    raw: str
    text: str = ""
    heading: bool = False
    bold: str | None = None
    bold_whole: bool = False
    hard_break: bool = False
    bullet: bool = False
    table: bool = False
    anchors: list[str] = field(default_factory=list)
    before: dict[str, str] = field(default_factory=dict)  # marker -> the words printed before it
    footnote: int | None = None
    dropped: str | None = None
    claimed: str | None = None  # the id of the table whose cells the line holds

    @property
    def blank(self) -> bool:
        return not self.raw.strip()


@dataclass
class RawFootnote:
    """A footnote paragraph found by the cleaner, before it is attached to a unit."""

    key: str
    marker: str
    text: str
    first: int
    last: int
    note: str = ""


def split_source(text: str) -> list[str]:
    """Split a source into lines the way editors number them (a last line without a newline
    counts).

    >>> split_source("a\\nb\\n"), split_source("a\\nb")
    (['a', 'b'], ['a', 'b'])
    """
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def footnote_key(marker: str) -> str:
    """The key that joins a footnote to its markers: superscript digits read as digits.

    >>> footnote_key("²⁵"), footnote_key("**")
    ('25', '**')
    """
    return marker.translate(SUPERSCRIPTS)


def strip_html(text: str) -> tuple[str, list[str]]:
    """Remove the HTML fragments of a line with beautifulsoup4; numeric <sup> are footnote
    markers, returned in order and left as a placeholder where they stood (see
    `lift_anchors`); other tags keep their text.

    >>> strip_html("L<sup>A</sup>T<sub>E</sub>X and <b>13 §</b><sup>4</sup>")
    ('LATEX and 13 §\ue000', ['4'])
    """
    if not _HTML_TAG.search(text):
        return text, []
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(text, "html.parser")
    anchors = []
    for sup in soup.find_all("sup"):
        value = sup.get_text()
        if value.isdigit():
            anchors.append(value)
            sup.replace_with(ANCHOR)
        else:
            sup.unwrap()
    return soup.get_text(), anchors


def strip_markdown(line: Line, text: str) -> str:
    """Take markdown markup off a line, recording what it said on the line's flags."""
    line.hard_break = text.endswith("  ")
    text = text.rstrip()
    if m := _HEADING.match(text):
        line.heading = True
        text = text[m.end() :]
    if m := _BOLD_START.match(text.lstrip("- ")):
        line.bold = m.group(1).replace("\\*", "*")
        line.bold_whole = m.end() == len(text.lstrip("- "))
    text = text.replace("**", "").replace("\\*", "*")
    return text


def clean_line(no: int, raw: str, profile: Profile) -> tuple[Line, list[str]]:
    """Clean one line: markup off, flags on. Returns the line and the HTML footnote markers.

    >>> from kb.profiles import load_profile
    >>> line, _ = clean_line(7, "- A. Tarjousvaihe alkaa  ", load_profile("fi"))
    >>> line.text, line.bullet, line.hard_break
    ('A. Tarjousvaihe alkaa', True, True)
    """
    line = Line(no=no, raw=raw)
    text = raw
    for pattern, repl in profile.strip:
        text = pattern.sub(repl, text)
    line.table = bool(profile.table_line.search(text))
    if profile.markdown:
        text = strip_markdown(line, text)
    text, anchors = strip_html(text)
    if m := _BULLET.match(text):
        line.bullet = True
        text = text[m.end() :]
    line.text = text.strip(" ") if not line.table else text.rstrip()
    return line, anchors


def lift_anchors(line: Line, html: list[str], profile: Profile) -> None:
    """Move the footnote markers of a line's running text (the HTML ones, left as
    placeholders, and the profile's plain-text ones) into `line.anchors`, remembering the
    words printed before each.

    >>> from kb.profiles import load_profile
    >>> line = Line(1, "", text="kalır.16\u00a0Deklaranın")
    >>> lift_anchors(line, [], load_profile("tr")); line.text, line.anchors, line.before
    ('kalır.\xa0Deklaranın', ['16'], {'16': 'kalır.'})
    """
    pattern = profile.footnotes.anchor
    plain = (
        re.compile(ANCHOR)
        if pattern is None or line.table
        else re.compile(f"{ANCHOR}|{pattern.pattern}")
    )
    queue = list(html)
    out, last = [], 0
    for m in plain.finditer(line.text):
        key = queue.pop(0) if m.group(0) == ANCHOR else footnote_key(m.group("marker"))
        out.append(line.text[last : m.start()])
        line.anchors.append(key)
        line.before.setdefault(key, "".join(out)[-BEFORE:])
        last = m.end()
    out.append(line.text[last:])
    line.text = "".join(out).rstrip()


def clean_lines(raw_lines: list[str], profile: Profile) -> tuple[list[Line], list[RawFootnote]]:
    """Clean all lines of a source and take the footnotes out of the flow.

    Footnote paragraphs are found by the profile's footnote form; their lines get
    `footnote` set, and the separator lines before them are dropped as noise.
    """
    form = profile.footnotes
    numbered = list(enumerate(raw_lines, start=1))
    if profile.split_glued is not None:
        numbered = [part for no, raw in numbered for part in split_glued(no, raw, profile)]
    lines: list[Line] = []
    footnotes: list[RawFootnote] = []
    seen: set[str] = set()  # markers met since the last footnote block
    in_block = form.after is None
    i = 0
    while i < len(numbered):
        line, html_anchors = clean_line(*numbered[i], profile)
        lines.append(line)
        i += 1
        if form.after is not None and form.after.match(line.raw.strip()):
            line.dropped = "footnote separator"
            in_block = True
            continue
        if line.blank:
            continue
        m = form.line.match(line.text)
        if m and in_block and _qualifies(m.group("marker"), form.need_anchor, seen):
            start = len(lines) - 1
            text = [m.group("text")]
            while form.multiline and i < len(numbered) and numbered[i][1].strip():
                cont, _ = clean_line(*numbered[i], profile)
                lines.append(cont)
                text.append(cont.text)
                i += 1
            for ln in lines[start:]:
                ln.footnote = len(footnotes)
            marker = m.group("marker")
            body = join_words(text).replace(ANCHOR, "")
            footnotes.append(RawFootnote(footnote_key(marker), marker, body, line.no, lines[-1].no))
            continue
        if form.after is not None and in_block:
            in_block = False
            seen.clear()
        lift_anchors(line, html_anchors, profile)
        seen.update(line.anchors)
    return lines, footnotes


def split_glued(no: int, raw: str, profile: Profile) -> list[tuple[int, str]]:
    """Split a section marker glued to the end of a line onto a line of its own (same number).

    >>> from kb.profiles import load_profile
    >>> split_glued(1460, "puuduvad.**C.**", load_profile("et"))
    [(1460, 'puuduvad.'), (1460, 'C.')]
    """
    assert profile.split_glued is not None
    m = profile.split_glued.search(raw)
    if not m:
        return [(no, raw)]
    return [(no, raw[: m.start()]), (no, m.group("marker"))]


def _qualifies(marker: str, need_anchor: bool, seen: set[str]) -> bool:
    key = footnote_key(marker)
    if not need_anchor or not key.isdigit():
        return True
    return key in seen


_FINAL = re.compile(r"[.:;!?)\]”\"]$")
_KEEP_HYPHEN_END = re.compile(r"(?:^|[\s(])[A-H](?:\d+[a-z]?)?-$")


def ends_sentence(text: str) -> bool:
    """Whether a paragraph ends with final punctuation.

    >>> ends_sentence("kolme passia."), ends_sentence("katso B-")
    (True, False)
    """
    return bool(_FINAL.search(text.rstrip()))


_LAW_NUMBER = re.compile(r"^\d{1,2}[A-Ha-z0-9()]* ?§")


def resumes(paragraph: list[str], text: str) -> bool:
    """Whether `text` resumes a paragraph cut mid-sentence (by a page break or a footnote):
    the paragraph ends with a comma, the text starts with a law number and `§` (never a new
    paragraph), or the paragraph has no final punctuation and the text starts in lower case
    or with `(`.

    >>> resumes(["kurinpidollisia rangaistus-"], "tuksia, joita"), resumes(["Loppu."], "alku")
    (True, False)
    >>> resumes(["(d) maddesi çerçevesinde,"], "Organizasyon Komitesince")
    True
    """
    before = join_words(paragraph)
    if before.endswith(",") or _LAW_NUMBER.match(text):
        return True
    return not ends_sentence(before) and (text[:1].islower() or text[:1] == "(")


def join_words(parts: list[str]) -> str:
    """Join text fragments split by a line or page break: a word hyphenated across the break
    is joined; a hyphen on a section code (`B-`) stays; others are joined with a space.

    >>> join_words(["selityksen seu-", "rauksena, selittääkseen"])
    'selityksen seurauksena, selittääkseen'
    >>> join_words(["(mutta katso B-", "momentti ylempänä)"])
    '(mutta katso B-momentti ylempänä)'
    """
    out = ""
    for part in parts:
        part = part.strip()
        if not part:
            continue
        if not out:
            out = part
        elif _KEEP_HYPHEN_END.search(out):
            out += part
        elif out.endswith("-") and out[-2:-1].islower() and part[:1].islower():
            out = out[:-1] + part
        else:
            out += " " + part
    return out


_HYPHEN = re.compile(r"(?<![\w-])([^\W\d_]+)-( ?)([^\W\d_]+)(?![\w-])")
_WORD = re.compile(r"(?<![\w-])[^\W\d_]+(?![\w-])")
_HYPHENATED = re.compile(r"[^\W\d_]+-[^\W\d_]+")
_URL = re.compile(r"((?:https?://|www\.)\S+)")


@dataclass(frozen=True)
class Vocabulary:
    """A book's own words, to decide its hyphens: the words it prints whole (not next to a
    hyphen), sorted for prefix look-ups, and how often it prints each hyphenated form; all in
    lower case as the language writes it (`lower`).

    >>> v = Vocabulary.of("välja-mängija väljamängija väljamängijal B-momentti B-momentti")
    >>> v.whole[:2], v.printed("b-momentti"), v.starts("väljamäng")
    (('väljamängija', 'väljamängijal'), 2, True)
    """

    whole: tuple[str, ...]
    hyphenated: dict[str, int]
    lower: Callable[[str], str] = str.lower

    @classmethod
    def of(cls, text: str, lower: Callable[[str], str] = str.lower) -> Vocabulary:
        """The vocabulary of a source text."""
        whole = tuple(sorted({lower(w) for w in _WORD.findall(text)}))
        hyphenated: dict[str, int] = {}
        for form in _HYPHENATED.findall(text):
            hyphenated[lower(form)] = hyphenated.get(lower(form), 0) + 1
        return cls(whole, hyphenated, lower)

    def word(self, word: str) -> bool:
        """Whether the book prints the word whole somewhere."""
        at = bisect_left(self.whole, self.lower(word))
        return at < len(self.whole) and self.whole[at] == self.lower(word)

    def starts(self, prefix: str) -> bool:
        """Whether a word the book prints whole begins with `prefix`."""
        at = bisect_left(self.whole, self.lower(prefix))
        return at < len(self.whole) and self.whole[at].startswith(self.lower(prefix))

    def closed(self, head: str) -> bool:
        """Whether the book writes compounds of `head` closed: it prints whole a word that
        is `head` and then another word it prints whole (`bridži` + `kohtunikele`)."""
        head = self.lower(head)
        at = bisect_left(self.whole, head)
        while at < len(self.whole) and self.whole[at].startswith(head):
            rest = self.whole[at][len(head) :]
            if len(rest) >= 3 and self.word(rest):
                return True
            at += 1
        return False

    def printed(self, form: str) -> int:
        """How often the book prints a hyphenated form (`a-b`)."""
        return self.hyphenated.get(self.lower(form), 0)


def hyphen(first: str, space: str, second: str, vocab: Vocabulary, broken: bool = True) -> str:
    """What a hyphen the book prints between two runs of letters is, by the book's own
    vocabulary: `code` (a label, a letter or an abbreviation on one side: `B-momentti`,
    `IMP-pisteet`, `a- ja`), `name` (a capital after it: `Uus-Meremaa`), `printed` (the book
    prints the hyphenated form more than once: a true compound), `word` (the joined word is a
    word of the book: at least three letters past the hyphen begin a word it prints whole,
    `välja-mängija`, `valiku- võimalus`), `broken` (with `broken`, no space after it, and its
    first half is no word of the book, a word cut by a line break, `kes-kiarvo`, or a word
    the book writes closed compounds of, `bridži-mängijate` beside `bridžikohtunikele`), else
    `compound` (two words, or a first half before a space: `tarjous- ja`, `Inglise-eesti`).
    `word` and `broken` are joined; the others are kept.

    >>> v = Vocabulary.of("väljamängija pari ja tai tarjous B-momentti B-momentti")
    >>> [hyphen(*x, v) for x in [("välja", "", "mängija"), ("kes", "", "kiarvo"),
    ...     ("pari", " ", "ja"), ("B", "", "momentti"), ("Uus", "", "Meremaa")]]
    ['word', 'broken', 'compound', 'code', 'name']
    """
    upper = first.isupper() and second.isupper()  # a heading in capitals
    inner = any(c.isupper() for c in first[1:] + second[1:])  # an abbreviation: IMP-pisteet
    if min(len(first), len(second)) == 1 or (inner and not upper):
        return "code"
    if second[:1].isupper() and not upper:
        return "name"
    if vocab.printed(f"{first}-{second}") > 1:
        return "printed"
    if vocab.starts(first + second[:3]):
        return "word"
    if broken and not space and not (vocab.word(first) and not vocab.closed(first)):
        return "broken"
    return "compound"


def join_hyphens(text: str, vocab: Vocabulary, broken: bool = True) -> str:
    """Join the hyphens a PDF's line breaks left inside words (`hyphen` decides; `broken`:
    also words whose first half is no word of the book, in running law text).

    >>> v = Vocabulary.of("keskiarvo? kes-kiarvo valikuvõimalus pari ja")
    >>> join_hyphens("kes-kiarvo, valiku- võimalus, pari- ja <http://x.org/ru-les>", v)
    'keskiarvo, valikuvõimalus, pari- ja <http://x.org/ru-les>'
    """

    def join(m: re.Match[str]) -> str:
        kind = hyphen(m.group(1), m.group(2), m.group(3), vocab, broken)
        return m.group(1) + m.group(3) if kind in JOINED else m.group(0)

    parts = _URL.split(text)  # an address keeps its hyphens: every other part is one
    return "".join(p if i % 2 else _HYPHEN.sub(join, p) for i, p in enumerate(parts))


JOINED = ("word", "broken")  # the kinds of hyphen `join_hyphens` joins


def normalize_spaces(text: str) -> str:
    """No-break spaces to spaces and runs of spaces folded (tabs of table rows kept).

    >>> normalize_spaces("a\\u00a0 b  c")
    'a b c'
    """
    text = text.replace(NBSP, " ")
    return re.sub(r" {2,}", " ", text).strip(" ")
