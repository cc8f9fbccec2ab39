"""Word-by-word reconstruction of the four law books: the law tree's units, read in print order
(each unit's label, title, text or table cells, then the tails), give back every word of the
law region of the source, in place and in order, and no word the source does not print.

The source side is the cleaned law region (kb/ingest/clean.py: markup and footnote markers off,
footnote lines and dropped noise out); a law heading's words are its number and title (the
profile's heading form, `Reegel`/`YASA`/`§`, is not wording). Two things the knowledge base
does on purpose are accounted for, never more: a served word may be two source words the
source splits with a hyphen (a PDF line break inside a word, tests/test_hyphens.py), and a
unit a placement erratum moves (et 51B2c, printed inside 52A) is read where it is printed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from kb.core.ids import LAW_LEVELS, Tail, print_order
from kb.core.model import Unit
from kb.ingest.clean import clean_lines, split_source
from kb.ingest.lawbook import split_regions
from kb.profiles import load_profile
from tests.conftest import CORPUS, parsed

WORD = re.compile(r"\w+")
HYPHEN = re.compile(r"-\s*")


@dataclass
class Word:
    text: str
    line: int
    hyphen_after: bool = False  # the source prints a hyphen right after it


def source_words(lang: str) -> list[Word]:
    """The words of the cleaned law region, in order."""
    profile = load_profile(lang)
    text = (CORPUS / lang / f"{lang}.txt").read_text(encoding="utf-8")
    lines, _ = clean_lines(split_source(text), profile)
    region = next(b for b in split_regions(lines, profile) if b.kind == "laws")
    stream = ""
    starts: list[tuple[int, int]] = []
    for line in region.lines:
        if line.footnote is not None or line.dropped or line.blank:
            continue
        heading = profile.law_heading.match(line.text)
        shown = f"{heading['num']} {heading['title']}" if heading else line.text
        starts.append((len(stream), line.no))
        stream += shown + "\n"
    words: list[Word] = []
    at = prev_end = 0
    for m in WORD.finditer(stream):
        while at + 1 < len(starts) and starts[at + 1][0] <= m.start():
            at += 1
        if words and HYPHEN.fullmatch(stream[prev_end : m.start()]):
            words[-1].hyphen_after = True
        words.append(Word(m.group(), starts[at][1]))
        prev_end = m.end()
    return words


def pieces(unit: Unit) -> str:
    if unit.kind == "table":  # its caption, then its cells
        return " ".join([unit.title, *(c for row in [unit.header, *unit.rows] for c in row)])
    return f"{unit.label} {unit.title} {unit.text}"


def served_words(lang: str) -> list[str]:
    """The law tree's words in print order; a unit printed elsewhere (a placement erratum)
    is read where the book prints it: after the text of the unit it is printed in."""
    tree = [u for u in parsed(lang).units if u.kind in (*LAW_LEVELS, "table")]
    order = print_order(tree)
    moved = [x for x in order if isinstance(x, Unit) and x.printed_in]
    chunks: list[tuple[Unit | Tail, str]] = []
    for item in order:
        if isinstance(item, Tail):
            chunks.append((item, item.unit.tail))
        elif not item.printed_in:
            chunks.append((item, pieces(item)))
            chunks += [(m, pieces(m)) for m in moved if m.printed_in == item.id]
    return [w for _, text in chunks for w in WORD.findall(text)]


def align(source: list[Word], served: list[str]) -> tuple[list[Word], int]:
    """Read the served words against the source: the source words not found in place, and
    how many served words were read."""
    missed: list[Word] = []
    i = j = 0
    while i < len(source) and j < len(served):
        word = source[i]
        if word.text == served[j]:
            i, j = i + 1, j + 1
        elif (
            word.hyphen_after
            and i + 1 < len(source)
            and word.text + source[i + 1].text == served[j]
        ):
            i, j = i + 2, j + 1
        else:
            missed.append(word)
            i += 1
    return missed + source[i:], j


@pytest.mark.parametrize("lang", ["fi", "tr", "sk", "et"])
def test_every_source_word_in_place_and_in_order(lang: str) -> None:
    source, served = source_words(lang), served_words(lang)
    missed, read = align(source, served)
    assert [(w.line, w.text) for w in missed[:10]] == []
    assert read == len(served), f"served words the source does not print: {served[read:][:10]}"
    assert len(source) > 17000
