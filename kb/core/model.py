"""The record model: units of a document, their canonical ids and the document they belong to.

A document is a tree of units (law -> section -> subsection -> item -> subitem); definitions,
front matter, tables of contents and indexes are units too, outside the law tree.

>>> Unit("12.C.1.b", "item", "b)", "", "", "fi", 2017, (1, 1)).kind
'item'
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

META_FILE = "document.toml"  # a document's metadata, in its corpus folder
EVERY = "all"  # no one document's address: a search in every document (see `addresses`)
MAX_HITS = 100  # hits of one search answer, at most (the API's and the command line's limit)

# Fields of a unit left out of its JSON when empty.
OPTIONAL = (
    "parent", "term", "english", "footnotes", "refs", "cited_by", "terms", "cites", "header",
    "rows", "raw", "gap_before", "tail", "printed_in", "entries", "index_entries",
)  # fmt: skip


@dataclass
class Footnote:
    """A footnote's text, attached to the unit whose text carries its marker.

    `marker` is the marker as printed (`2`, `*`, `†`, `⁵`); `lines` the source lines of its text.
    """

    marker: str
    text: str
    lines: tuple[int, int]
    note: str = ""
    position: int | None = None  # where the marker stands: an offset into `where`
    where: str = "text"  # "text" or "title" of the unit


@dataclass
class Unit:
    """One unit of a document, with its exact wording.

    >>> Unit(id="1", kind="law", label="1", title="PAKKA", text="", lang="fi",
    ...      edition=2017, lines=(491, 507)).to_json()["lines"]
    [491, 507]
    """

    id: str
    kind: str
    label: str
    title: str
    text: str
    lang: str
    edition: int
    lines: tuple[int, int]
    parent: str | None = None
    term: str | None = None
    english: str | None = None
    footnotes: list[Footnote] = field(default_factory=list)
    # Layers and kinds added by later stages (empty ones are left out of the JSON):
    refs: list[dict[str, Any]] = field(default_factory=list)  # cross-references in the text
    cited_by: list[str] = field(default_factory=list)  # units of the document citing this one
    terms: list[dict[str, Any]] = field(default_factory=list)  # defined terms in the text
    cites: list[str] = field(default_factory=list)  # law ids a card topic or table cites
    header: list[str] = field(default_factory=list)  # a table's column headings
    rows: list[list[str]] = field(default_factory=list)  # a table's rows of cells
    raw: str | None = None  # the text as printed, where `text` is a repaired reading (OCR)
    tail: str = ""  # text of the parent printed after this unit and its children
    gap_before: bool = False  # text may be missing just before this unit (a source gap)
    # The unit in whose text the book prints this one, where that is not its place (a
    # placement erratum: corpus/<lang>/document.toml); its `lines` are where it is printed.
    printed_in: str = ""
    entries: list[dict[str, Any]] = field(default_factory=list)  # a subject index's entries
    # For a book that prints no subject index, the entries made for it in its own words that
    # name this unit (kb/layers/subject_index.py): each its `term` and `english` entries.
    index_entries: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The unit as the export's JSON object (empty optional fields left out). Its lists
        are the unit's own (not copied: 0.17 s a book with `dataclasses.asdict`), to be
        written out, not changed."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["lines"] = list(self.lines)
        for key in OPTIONAL:
            if not data[key]:
                del data[key]
        if self.footnotes:
            data["footnotes"] = [asdict(f) | {"lines": list(f.lines)} for f in self.footnotes]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Unit:
        """Rebuild a unit from its JSON object.

        >>> u = Unit("1", "law", "1", "PAKKA", "", "fi", 2017, (1, 2))
        >>> Unit.from_json(u.to_json()) == u
        True
        """
        data = dict(data)
        data["lines"] = tuple(data["lines"])
        data["footnotes"] = [
            Footnote(**(f | {"lines": tuple(f["lines"])})) for f in data.get("footnotes", [])
        ]
        return cls(**data)


@dataclass(frozen=True)
class Problem:
    """Something wrong in a source, reported as `corpus/<lang>/<file>:<line>: <message>`."""

    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


@dataclass
class Document:
    """A parsed document: its metadata, its units in document order, and what the parser met.

    `problems` are errors (the build fails for this document); `notes` are source oddities the
    parser handled (misnumbered footnotes, missing labels); `unresolved` the references that
    name no unit; `dropped` are the source lines removed as conversion noise, with the reason;
    `ocr` what an OCR'd text's OCR did to it (`kb.ingest.ocr.Rules.damage`), for search.
    """

    lang: str
    kind: str
    edition: int
    title: str
    publisher: str
    translator: str
    source: str
    units: list[Unit] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    notes: list[Problem] = field(default_factory=list)
    unresolved: list[Problem] = field(default_factory=list)
    dropped: dict[int, str] = field(default_factory=dict)
    id: str = ""  # the document's own id (`fi-2017`; `document.toml`'s `id`, else its folder)
    ocr: dict[str, Any] = field(default_factory=dict)  # an OCR'd text's damage, for search
    lines: list[str] = field(default_factory=list, repr=False)  # the decoded source's lines

    def meta(self) -> dict[str, Any]:
        """The document's metadata as a JSON object."""
        return {
            "id": self.id or self.lang,
            "lang": self.lang,
            "kind": self.kind,
            "edition": self.edition,
            "title": self.title,
            "publisher": self.publisher,
            "translator": self.translator,
            "source": self.source,
        }


def addresses(metas: dict[str, dict[str, Any]]) -> dict[str, str]:
    """The address of each document (by id) among `metas` (id -> metadata): its language's
    code for that language's main document (the newest law book, else its first document),
    its id for any other, so `/fi/law/12` stays the newest Finnish law book and an older
    edition is reached by its id.

    >>> addresses({"fi-2007": {"lang": "fi", "kind": "lawbook", "edition": 2007},
    ...     "fi-2017": {"lang": "fi", "kind": "lawbook", "edition": 2017},
    ...     "sv-2007-card": {"lang": "sv", "kind": "card", "edition": 2007}})
    {'fi-2007': 'fi-2007', 'fi-2017': 'fi', 'sv-2007-card': 'sv'}
    """

    def rank(doc_id: str) -> tuple[bool, int]:
        return metas[doc_id]["kind"] == "lawbook", int(metas[doc_id]["edition"])

    main: dict[str, str] = {}
    for doc_id in sorted(metas):
        known = main.get(metas[doc_id]["lang"])
        if known is None or rank(doc_id) > rank(known):
            main[metas[doc_id]["lang"]] = doc_id
    return {i: metas[i]["lang"] if main[metas[i]["lang"]] == i else i for i in sorted(metas)}
