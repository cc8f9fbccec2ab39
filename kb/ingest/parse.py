"""The generic law-book parser: cleaned lines + a profile -> a tree of units.

One state machine serves every language. A line is, in this order: a law heading; a section
marker carrying the next expected letter; list markers that fit the open list (the next
sibling, or the first child of the open unit: `(i)` after `(h)` is a letter, after `(g)` a
roman numeral); or text, which continues the open paragraph when the previous one stopped
mid-sentence and opens a new paragraph otherwise.

>>> ordinal("iv", "subitem"), ordinal("i", "item"), ordinal("3", "subitem")
(4, 9, 3)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from kb.core.ids import LAW_LEVELS, ROMAN, anchor, canonical
from kb.core.model import Problem
from kb.core.profile import Profile, SectionForm
from kb.ingest.clean import Line, ends_sentence, join_words, normalize_spaces, resumes

LEVEL = {kind: depth for depth, kind in enumerate(LAW_LEVELS)}
_TITLE_END = re.compile(r"[.,;:]$")
SUBSECTION_TITLE_MAX = 80


def ordinal(value: str, level: str) -> int | None:
    """The position of a marker value in its level's sequence, or None if it cannot stand
    there (subitems count in roman numerals or digits, items in letters)."""
    if level in ("law", "subsection"):
        return int(value) if value.isdigit() else None
    if level == "section":
        return ord(value) - 64 if len(value) == 1 and "A" <= value <= "Z" else None
    if level == "item":
        return ord(value) - 96 if len(value) == 1 and "a" <= value <= "z" else None
    if value.isdigit():
        return int(value)
    return ROMAN.index(value) + 1 if value in ROMAN else None


def successor(value: str, level: str) -> str:
    """The label value that follows `value` in its level.

    >>> successor("h", "item"), successor("iv", "subitem"), successor("C", "section")
    ('i', 'v', 'D')
    """
    n = ordinal(value, level) or 0
    if level == "item":
        return chr(97 + n)
    if level == "section":
        return chr(65 + n)
    if level == "subitem":
        return ROMAN[n]
    return str(n + 1)


def first_value(level: str) -> str:
    return {"section": "A", "subsection": "1", "item": "a", "subitem": "i"}[level]


@dataclass
class Node:
    """A unit while it is being parsed."""

    kind: str
    value: str
    label: str
    title: str = ""
    parent: Node | None = None
    paras: list[list[str]] = field(default_factory=list)
    tables: set[int] = field(default_factory=set)  # indexes of paragraphs that are tables
    lines: list[int] = field(default_factory=list)
    anchors: list[tuple[str, int]] = field(default_factory=list)
    children: list[Node] = field(default_factory=list)
    bulleted: bool = False
    # Text of the parent's flow printed after this unit (and its children): a closing
    # sentence after a list, the text after a table.
    tail: list[list[str]] = field(default_factory=list)
    tail_lines: list[int] = field(default_factory=list)
    fixed_id: str = ""  # a table's id, from its listing
    printed_in: str = ""  # a unit printed away from its place: the unit it is printed in

    @property
    def depth(self) -> int:
        return LEVEL[self.kind]

    @property
    def listed(self) -> bool:
        """Whether the unit is an element of a list: below a section, or an untitled
        section whose marker line is its text (Laws 22, 35, 56, 71)."""
        return self.depth > LEVEL["section"] or (self.kind == "section" and not self.title)

    def promote_title(self) -> None:
        """A subsection whose first paragraph is a short capitalised phrase (not a lead-in
        ending with a comma, semicolon or colon), followed by more text, has that phrase as
        its title (86B1, 86B2 in every 2017 book)."""
        if self.kind != "subsection" or self.title or len(self.paras) < 2 or 0 in self.tables:
            return
        first = normalize_spaces(join_words(self.paras[0]))
        short = len(first) <= SUBSECTION_TITLE_MAX and first[:1].isupper()
        if short and not first.endswith((",", ";", ":")):
            self.title = first
            self.paras.pop(0)
            self.tables = {i - 1 for i in self.tables}

    def rejoin_title(self) -> None:
        """A section "title" whose text goes on in lower case (or with a parenthesis and
        lower case) is the first half of a sentence, cut by the layout (Turkish 22A, 22B:
        `A. Bir veya daha fazla oyuncu deklare verdikten sonra` / `son verilen deklareyi ...`):
        the section is untitled and its text the whole sentence, as the other books print it.

        >>> n = Node("section", "B", "B.", "Dört oyuncunun pas geçmesi durumunda")
        >>> n.paras = [["(ancak bkz. Yasa 25)."]]
        >>> n.rejoin_title(); n.title, n.text()
        ('', 'Dört oyuncunun pas geçmesi durumunda (ancak bkz. Yasa 25).')
        """
        if self.kind != "section" or not self.title or not self.paras or 0 in self.tables:
            return
        first = self.paras[0][0] if self.paras[0] else ""
        if first[:1].islower() or (first[:1] == "(" and first[1:2].islower()):
            self.paras[0].insert(0, self.title)
            self.title = ""

    @property
    def id(self) -> str:
        if self.fixed_id:
            return self.fixed_id
        own = canonical(self.value, self.kind)
        return own if self.parent is None else f"{self.parent.id}.{own}"

    def text(self) -> str:
        """The node's own text: paragraphs separated by a blank line, table rows by newlines."""
        out = []
        for i, para in enumerate(self.paras):
            if i in self.tables:
                out.append("\n".join(normalize_spaces(row) for row in para if row.strip()))
            else:
                out.append(normalize_spaces(join_words(para)))
        return "\n\n".join(p for p in out if p)

    def tail_text(self) -> str:
        """The text printed after the node and its children that belongs to its parent."""
        return "\n\n".join(normalize_spaces(join_words(p)) for p in self.tail if p)

    def walk(self) -> Iterable[Node]:
        yield self
        for child in self.children:
            yield from child.walk()

    def span(self) -> tuple[int, int]:
        """The node's source lines with its children's (and their tails, not its own)."""
        lines = list(self.lines)
        for child in self.children:
            lines += [n for node in child.in_place() for n in (*node.lines, *node.tail_lines)]
        return min(lines), max(lines)

    def in_place(self) -> Iterable[Node]:
        """The node and its descendants, but those printed elsewhere in the book (a placement
        erratum) and theirs."""
        if self.printed_in:
            return
        yield self
        for child in self.children:
            yield from child.in_place()


@dataclass
class Errata:
    """Reviewed corrections of where a book prints its units, by source line (from the
    document's metadata, each with its reason `why`): `placement` maps a line printed away from
    its place to the unit it is (`{"unit": "51.B.2.c", "why": ...}`); `labels` maps a list
    label printed out of sequence, rightly so, to `{"printed": "2.", "why": ...}`."""

    placement: dict[int, dict] = field(default_factory=dict)
    labels: dict[int, dict] = field(default_factory=dict)

    @classmethod
    def from_meta(cls, meta: dict) -> Errata:
        """The errata of a document's metadata (`[placement_errata]`, `[label_errata]`).

        >>> Errata.from_meta({"label_errata": {"1046": {"printed": "2.", "why": "x"}}}).labels
        {1046: {'printed': '2.', 'why': 'x'}}
        """
        return cls(
            {int(k): v for k, v in meta.get("placement_errata", {}).items()},
            {int(k): v for k, v in meta.get("label_errata", {}).items()},
        )


class LawParser:
    """Parses the law region of one book into law nodes."""

    def __init__(self, profile: Profile, path: str, errata: Errata | None = None) -> None:
        self.profile = profile
        self.path = path
        self.errata = errata or Errata()
        self.unmet = {*self.errata.placement, *self.errata.labels}
        self.laws: list[Node] = []
        self.stack: list[Node] = []
        self.para: list[str] | None = None  # the paragraph open for continuation
        self.para_owner: Node | None = None
        self.para_tail = False  # the open paragraph is the owner's tail
        self.in_table: Node | None = None  # the table whose cells are being passed over
        self.table: list[str] | None = None  # the table paragraph open for more rows
        self.gap = False  # a blank line since the last text line
        self.problems: list[Problem] = []
        self.notes: list[Problem] = []
        self.first_line: dict[str, int] = {}

    # -- problems -----------------------------------------------------------------------
    def problem(self, line: Line, message: str) -> None:
        self.problems.append(Problem(self.path, line.no, message))

    def note(self, line: Line, message: str) -> None:
        self.notes.append(Problem(self.path, line.no, message))

    # -- the stack ----------------------------------------------------------------------
    def open(self, node: Node, line: Line) -> None:
        while self.stack and self.stack[-1].depth >= node.depth:
            self.stack.pop()
        node.parent = self.stack[-1] if self.stack else None
        if node.parent is not None:
            node.parent.children.append(node)
        self.stack.append(node)
        node.lines.append(line.no)
        self.para = self.table = None

    def close_to(self, node: Node) -> Node:
        """Close the open units below `node`; it is the open unit again."""
        while self.stack[-1] is not node:
            self.stack.pop()
        return node

    def open_at(self, depth: int) -> Node | None:
        """The open node of a depth, if any."""
        for node in self.stack:
            if node.depth == depth:
                return node
        return None

    # -- lines --------------------------------------------------------------------------
    def feed(self, line: Line) -> None:
        if line.footnote is not None or line.dropped:
            return
        if line.claimed:
            self.table_line(line)
            return
        if line.blank:
            self.gap = True
            return
        if self.law_heading(line):
            return
        if not self.stack:
            self.problem(line, "text before the first law heading")
            return
        if line.no in self.errata.placement:
            self.place_elsewhere(line, self.errata.placement[line.no])
        elif line.table:
            self.add_table_row(line)
        elif not self.section(line) and not self.markers(line):
            self.add_text(line, line.text)
        self.gap = False

    def table_line(self, line: Line) -> None:
        """A line of a listed table: the table stands as a child of its unit, in print order
        (its cells are read by kb/ingest/tables.py); text after it is the table's tail."""
        if self.in_table is None or self.in_table.fixed_id != line.claimed:
            owner = line.claimed.rsplit(".table", 1)[0]
            parent = next((n for n in reversed(self.stack) if n.id == owner), self.stack[-1])
            self.in_table = Node("table", "", "", parent=parent, fixed_id=line.claimed)
            parent.children.append(self.in_table)
            self.para = self.table = None
        self.in_table.lines.append(line.no)
        self.gap = False

    def law_heading(self, line: Line) -> bool:
        m = self.profile.law_heading.match(line.text)
        if not m:
            return False
        number = int(m.group("num"))
        expected = int(self.laws[-1].value) + 1 if self.laws else 1
        where = self.first_line.get(str(number))
        if where is not None:
            self.problem(line, f"law {number} appears again (first at line {where})")
        elif number > expected:
            missing = f"{expected}" if number == expected + 1 else f"{expected}-{number - 1}"
            self.problem(line, f"law {number} follows law {expected - 1}: law {missing} missing")
        elif number < expected:
            self.problem(line, f"law {number} out of order (expected law {expected})")
        self.first_line.setdefault(str(number), line.no)
        title = normalize_spaces(m.group("title")).strip()
        law = Node("law", str(number), str(number), title=title)
        self.stack.clear()
        self.open(law, line)
        self.own(law, line)
        self.laws.append(law)
        self.gap = False
        return True

    def section(self, line: Line) -> bool:
        law = self.stack[0]
        for form in self.profile.sections:
            if form.bullet is not None and form.bullet != line.bullet:
                continue
            m = form.pattern.match(line.text)
            if not m:
                continue
            letter = m.group("letter")
            done = [c for c in law.children if c.kind == "section"]
            expected = chr(ord(done[-1].value) + 1) if done else "A"
            if letter != expected:
                if any(c.value == letter for c in done):
                    self.problem(line, f"section {law.value}{letter} repeats")
                else:
                    self.problem(
                        line, f"section {law.value}{letter} out of sequence (expected {expected})"
                    )
                return False
            title, body = self.split_title(form, line, m.group("rest") or "")
            node = Node("section", letter, f"{letter}.", title=title)
            self.open(node, line)
            self.own(node, line)
            if body:
                self.add_text(line, body, new=True)
            return True
        return False

    def split_title(self, form: SectionForm, line: Line, rest: str) -> tuple[str, str]:
        """Decide what of a marker line is the title and what is body text."""
        rest = rest.strip()
        if form.mode == "title":
            return normalize_spaces(rest), ""
        if form.mode == "text":
            return "", rest
        if line.bold and len(line.bold) > 3 and line.bold[1] == ".":
            title = line.bold[2:].strip()
            return normalize_spaces(title), rest[len(title) :].strip()
        tail = self.profile.list_tail
        short = len(rest) <= self.profile.title_max and not _TITLE_END.search(rest)
        short = short and not (tail and tail.search(rest))
        if line.heading or line.bold_whole or line.hard_break or short:
            return normalize_spaces(rest), ""
        return "", rest

    def markers(self, line: Line) -> bool:
        """Open the units whose markers start the line; the rest of the line is their text."""
        text = line.text
        opened: list[Node] = []
        if line.bullet and self.profile.bullet_items:
            in_list = any(node.bulleted for node in self.stack)
            if in_list or self.next_marker(text, first=True) is None:
                bullet = self.bullet_node()
                if bullet is not None:
                    self.open(bullet, line)
                    opened.append(bullet)
        while (token := self.next_marker(text, first=not opened)) is not None:
            node, text, skipped = token
            if skipped:
                self.skipped_label(line, node.label, skipped)
            self.open(node, line)
            opened.append(node)
        if not opened:
            return False
        self.own(opened[-1], line)
        if text.strip():
            self.add_text(line, text, new=True)
        return True

    def skipped_label(self, line: Line, label: str, expected: str) -> None:
        """A list label that skips one is an error, unless a label erratum says the book
        prints it so (then it is a note with the erratum's reason)."""
        message = f"label {label} where {expected} was expected"
        fix = self.errata.labels.get(line.no)
        if fix is None or fix["printed"] != label:
            self.problem(line, f"{message}, and no label erratum explains it")
            return
        self.unmet.discard(line.no)
        self.note(line, f"{message}: {fix['why']}")

    def place_elsewhere(self, line: Line, fix: dict) -> None:
        """A line the book prints away from its place (a placement erratum): the unit it
        opens is made where it belongs, under its parent already parsed, and remembers the
        unit it is printed in; the source line stays its line."""
        parent_id, _, value = fix["unit"].rpartition(".")
        parent = next((n for law in self.laws for n in law.walk() if n.id == parent_id), None)
        marker = next((m for f in self.profile.markers if (m := f.pattern.match(line.text))), None)
        if parent is None or marker is None or marker.group("v") != value:
            self.problem(line, f"placement erratum: no {fix['unit']} can be made of this line")
            return
        kind = next(k for k in LAW_LEVELS[parent.depth + 1 :] if ordinal(value, k) is not None)
        node = Node(kind, value, marker.group(0).strip(), parent=parent)
        node.printed_in = self.stack[-1].id
        parent.children.append(node)
        node.lines.append(line.no)
        self.own(node, line)
        node.paras.append([line.text[marker.end() :].strip()])
        self.para = self.table = None
        self.unmet.discard(line.no)
        where = (
            f"{anchor(fix['unit'])} printed in {anchor(node.printed_in)}"  # as codes are written
        )
        self.note(line, f"{where}: {fix['why']}")

    def bullet_node(self) -> Node | None:
        """A bulleted line with no label, in a profile whose bullets are list elements: the
        next element of the open bulleted list, or the first child of the open unit."""
        for node in reversed(self.stack):
            if node.bulleted:
                return Node(node.kind, successor(node.value, node.kind), "-", bulleted=True)
        deepest = self.stack[-1]
        if deepest.depth + 1 >= len(LAW_LEVELS):
            return None
        kind = LAW_LEVELS[deepest.depth + 1]
        return Node(kind, first_value(kind), "-", bulleted=True)

    def next_marker(self, text: str, first: bool) -> tuple[Node, str, str] | None:
        """The unit a marker at the start of `text` opens, the text after it, and the label
        that was expected when the marker skips one ("" when it does not)."""
        for form in self.profile.markers:
            m = form.pattern.match(text)
            if not m:
                continue
            value = m.group("v")
            choice = self.place(value, form.levels, lenient=first and not form.strict)
            if choice is None:
                continue
            kind, skipped = choice
            label = m.group(0).strip()  # as printed: sk 93C3 "...(b)" keeps its dots
            return Node(kind, value, label), text[m.end() :], skipped
        return None

    def place(self, value: str, levels: tuple[str, ...], lenient: bool) -> tuple[str, str] | None:
        """Where a marker value fits the open list: (level, "") for the next sibling (best) or
        a first child; (level, expected label) when only a skipped label explains it."""
        first_child = skip = None
        for kind in levels:
            n = ordinal(value, kind)
            if n is None:
                continue
            depth = LEVEL[kind]
            sibling = self.open_at(depth)
            if sibling is not None:
                expected = (ordinal(sibling.value, kind) or 0) + 1
                if n == expected:
                    return kind, ""
                expected_label = successor(sibling.value, kind)
            else:
                parent = max((nd for nd in self.stack if nd.depth < depth), key=lambda x: x.depth)
                if depth - parent.depth > 2:
                    continue
                expected, expected_label = 1, first_value(kind)
                if n == 1:
                    first_child = first_child or kind
                    continue
            if lenient and expected < n <= expected + 2 and self.after_sentence():
                skip = skip or (kind, expected_label)
        if first_child:
            return first_child, ""
        return skip

    def after_sentence(self) -> bool:
        """Whether the text so far ends where a new list element may start."""
        return self.para is None or ends_sentence(join_words(self.para))

    def own(self, node: Node, line: Line, tail: bool = False) -> None:
        """Record that a line's text (and its footnote markers) belong to a node (to its
        tail with `tail`)."""
        lines = node.tail_lines if tail else node.lines
        if not lines or lines[-1] != line.no:
            lines.append(line.no)
        node.anchors.extend((a, line.no) for a in line.anchors)

    # -- text ---------------------------------------------------------------------------
    def add_text(self, line: Line, text: str, new: bool = False) -> None:
        """Add text to the open unit: the continuation of the open paragraph (a soft-wrapped
        markdown line, or a paragraph resuming a sentence cut by a page break) or a new
        paragraph. A new capitalised paragraph after a list whose lead-in ends with a colon, a
        semicolon or a comma belongs to the list's parent (it ends the lead-in's sentence).
        A law note (profile `law_note`) belongs to the law. `new` is the text after a marker
        on the marker's own line."""
        self.table = None
        text = text.strip()
        if not new and self.para is not None and self.para_owner is not None:
            soft = self.profile.markdown and not self.gap and not line.bullet
            if soft or resumes(self.para, text):
                self.para.append(text)
                self.own(self.para_owner, line, self.para_tail)
                return
        node = self.stack[-1]
        law_note = self.profile.law_note
        if not new and law_note is not None and law_note.match(text):
            node = self.close_to(self.stack[0])
        elif not new and node.listed and node.paras and text[:1].isupper():
            parent = node.parent
            if parent is not None and parent.paras and parent.text().endswith((":", ";", ",")):
                node = self.close_to(parent)
        para = [text]
        if not new and node.children:
            # The unit's children are printed already: this text follows them.
            holder = node.children[-1]
            holder.tail.append(para)
            self.own(holder, line, tail=True)
            self.para, self.para_owner, self.para_tail = para, holder, True
            return
        node.paras.append(para)
        if not new:
            self.own(node, line)
        self.para, self.para_owner, self.para_tail = para, node, False

    def add_table_row(self, line: Line) -> None:
        """Add a row to the open table paragraph, or start one (table rows are kept as rows)."""
        node = self.stack[-1]
        if self.table is None or self.para_owner is not node:
            self.table = []
            node.paras.append(self.table)
            node.tables.add(len(node.paras) - 1)
        if line.text.strip():
            self.table.append(line.text.strip())
        self.para, self.para_owner, self.para_tail = None, node, False
        self.own(node, line)

    def parse(self, lines: Iterable[Line]) -> list[Node]:
        """Parse the law region's lines into laws (problems and notes are collected)."""
        for line in lines:
            self.feed(line)
        for no in sorted(self.unmet):
            self.problems.append(Problem(self.path, no, "an erratum names this line: not met"))
        for law in self.laws:
            for node in law.walk():
                node.rejoin_title()
                node.promote_title()
        return self.laws
