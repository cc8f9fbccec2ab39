"""What a reader of a page sees and hears, by language: the text and shown attributes of a
page, the window title, and the elements marked as English; the page of every type the site
has, and the patterns of the data's internal ids that no reader should meet."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

# Attributes a reader sees or hears.
SHOWN = ("title", "placeholder", "aria-label", "alt")
VOID = {"br", "input", "meta", "link", "img", "hr", "wbr", "source"}
# The data's own ids, never what a book prints: dotted law ids (`12.A`, `12.C.1`), table ids
# (`77.table.6`, `77table6`), the card's and the glossary's (`topic.50`, `table.27`,
# `def.vpv`), part ids (`appendix-2`, `preface-et`). No book prints any of these forms.
INTERNAL_ID = re.compile(
    r"\b\d{1,2}\.[A-H](?:\.\d{1,2})?(?:\.[a-l])?\b"
    r"|\b\d{1,2}\.?table\b"
    r"|\b(?:topic|table|def)\.[\w-]"
    r"|\b(?:appendix|preface)-\w"
)
ADDRESS = re.compile(r"\S*[/?=]\S*")  # an address printed on a page (a printout's)
BRAND = "Bridge Laws KB"


@dataclass
class Seen:
    """A page as a reader meets it: `ui` texts (text and shown attributes in the interface
    language: what an element marked with another language holds is left out), `every` text
    and shown attribute whatever its language, the window `title`, and each element marked
    English (tag, its classes and those of its ancestors, its text)."""

    ui: list[str] = field(default_factory=list)
    every: list[str] = field(default_factory=list)
    title: str = ""
    english: list[tuple[str, frozenset[str], str]] = field(default_factory=list)


class Reader(HTMLParser):
    """Reads a page into a `Seen`."""

    def __init__(self, ui: str) -> None:
        super().__init__(convert_charrefs=True)
        # each open element: tag, language, classes (with its ancestors'), its text so far
        self.stack: list[tuple[str, str, frozenset[str], list[str]]] = []
        self.ui = ui
        self.seen = Seen()

    def lang(self) -> str:
        return self.stack[-1][1] if self.stack else self.ui

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        lang = values.get("lang") or self.lang()
        classes = (self.stack[-1][2] if self.stack else frozenset()) | frozenset(
            [*values.get("class", "").split(), tag]
        )
        shown = [values[a] for a in SHOWN if a in values]
        self.seen.every += shown
        if lang == self.ui:
            self.seen.ui += shown
        if tag in VOID:
            return
        self.stack.append((tag, lang, classes, []))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            name, lang, classes, text = self.stack.pop()
            parent = self.stack[-1][1] if self.stack else self.ui
            if lang == "en" and parent != "en" and self.ui != "en":
                self.seen.english.append((name, classes, " ".join(text).strip()))
            if name == tag:
                break

    def handle_data(self, data: str) -> None:
        tags = {t for t, *_ in self.stack}
        if tags & {"script", "style"}:
            return
        for _tag, _lang, _classes, text in self.stack:
            text.append(data)
        if "title" in tags:
            self.seen.title += data
            return
        self.seen.every.append(data)
        if self.lang() == self.ui:
            self.seen.ui.append(data)


def read(page: str, ui: str) -> Seen:
    """A page's HTML as a reader of the interface language `ui` meets it.

    >>> seen = read('<title>T</title><p title="12.A">Haku <i lang="en">the</i></p>', "fi")
    >>> seen.ui, seen.title, [(tag, sorted(classes), said) for tag, classes, said in seen.english]
    (['12.A', 'Haku '], 'T', [('i', ['i', 'p'], 'the')])
    """
    parser = Reader(ui)
    parser.feed(page)
    parser.close()
    return parser.seen


def internal_ids(seen: Seen) -> list[str]:
    """The internal ids a page shows: in its text, its shown attributes, its window title
    (an address printed on the page, `/cite?lang=fi&id=12.C`, is an address).

    >>> page = '<title>77.table.6</title><a title="def.vpv x">12A 12.A</a> /fi/part/appendix-2'
    >>> internal_ids(read(page, "en"))
    ['12.A', '77.table', 'def.v']
    """
    shown = [ADDRESS.sub(" ", t) for t in [*seen.every, seen.title]]
    return sorted({m.group(0) for t in shown for m in INTERNAL_ID.finditer(t)})
