"""Definitions: the glossary entries at the front of each law book, as `def.<slug>` units.

>>> slug("Kansainvälinen ottelupiste (IMP)")
'kansainvalinen-ottelupiste-imp'
>>> slug("Yöntemsel Ceza"), slug("Hráč, hlavný")
('yontemsel-ceza', 'hrac-hlavny')
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

from kb.core.profile import DefinitionForm
from kb.ingest.clean import Line, join_words, normalize_spaces, resumes

_FOLD = str.maketrans({"ı": "i", "İ": "i", "ß": "ss", "ø": "o", "æ": "ae", "đ": "d", "ł": "l"})


@lru_cache(maxsize=4096)
def slug(text: str) -> str:
    """A Latin-letter slug of a term: diacritics folded, words joined by hyphens (a subject
    index asks for each of its terms' again and again)."""
    folded = unicodedata.normalize("NFKD", text.translate(_FOLD))
    ascii_text = "".join(c for c in folded if not unicodedata.combining(c)).lower()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")


@dataclass
class Entry:
    """A definition while it is being read."""

    term: str
    english: str | None
    lines: list[int]
    paras: list[list[str]] = field(default_factory=list)
    anchors: list[tuple[str, int]] = field(default_factory=list)
    parent: str | None = None

    def text(self) -> str:
        return "\n\n".join(normalize_spaces(join_words(p)) for p in self.paras if p)


def is_subterm(term: str, stem: str) -> bool:
    """Whether `term` qualifies `stem`: a word after its first begins with the stem.

    >>> is_subterm("Disiplin Cezası", "Ceza"), is_subterm("Cezalı kart", "Ceza")
    (True, False)
    """
    words = term.casefold().split()
    return any(w.startswith(stem.casefold()) for w in words[1:])


def parse_definitions(lines: list[Line], form: DefinitionForm, markdown: bool) -> list[Entry]:
    """Read the definitions region (its heading line first) into entries, in source order.

    A term line is what the form's `term` pattern matches (on a whole bold line with `bold`;
    wherever a term is due with `alternating`); numbered senses and other lines are body.
    Terms that follow a body ending with a colon and qualify its term are its sub-terms
    (the Turkish "Ceza": "Disiplin Cezası", "Yöntemsel Ceza").
    """
    entries: list[Entry] = []
    due = True  # alternating: a term is due
    gap = True
    stem: Entry | None = None  # an entry whose body ends with a colon
    for line in lines[1:]:
        if line.footnote is not None or line.dropped:
            continue
        if line.blank:
            gap = True
            continue
        text = line.text.strip()
        preamble = bool(form.skip and form.skip.match(text)) or bool(form.sense.match(text))
        may_be_term = (not form.bold or line.bold_whole) and (due or not form.alternating)
        m = form.term.match(text) if may_be_term and not preamble else None
        if m:
            groups = m.groupdict()
            term = normalize_spaces(groups["term"]).strip()
            english = groups.get("english")
            entry = Entry(term, english.strip() if english else None, [line.no])
            if stem is not None and is_subterm(term, stem.term):
                entry.parent = stem.term
            else:
                stem = None
            entry.anchors.extend((a, line.no) for a in line.anchors)
            if groups.get("body"):
                entry.paras.append([groups["body"]])
            entries.append(entry)
            due = False
            gap = False
            continue
        if not entries:
            continue
        entry = entries[-1]
        if entry.paras and ((markdown and not gap) or resumes(entry.paras[-1], text)):
            entry.paras[-1].append(text)
        else:
            entry.paras.append([text])
        entry.lines.append(line.no)
        entry.anchors.extend((a, line.no) for a in line.anchors)
        gap = False
        due = True
        if entry.text().endswith(":") and entry.parent is None:
            stem = entry
    return entries
