"""The Slovak 2007 law book: plain text, a paragraph a line (guide: shared/guides/sk.md)."""

from kb.profile import (
    DefinitionForm,
    FootnoteForm,
    MarkerForm,
    Profile,
    Region,
    SectionForm,
    rx,
)

UPPER = "A-ZÁÄČĎÉÍĹĽŇÓÔŔŠŤÚÝŽ"

PROFILE = Profile(
    lang="sk",
    regions=(
        Region("introduction", "introduction", None),
        Region("definitions", "definitions", rx(r"^DEFINÍCIA POJMOV")),
        Region("laws", "laws", None),
    ),
    law_heading=rx(r"^PRAVIDLO\s+(?P<num>\d{1,2})\s*[–—-]\s*(?P<title>.+?)\s*$"),
    sections=(SectionForm(rx(r"^(?P<letter>[A-H])\.\s+(?P<rest>.+)$"), "title"),),
    markers=(
        MarkerForm(rx(r"^(?P<v>\d{1,2})\.\s+"), ("subsection",)),
        # A subsection number printed without its dot (21B3, 47E2).
        MarkerForm(rx(rf"^(?P<v>\d{{1,2}})\s+(?=[({UPPER}])"), ("subsection",), strict=True),
        MarkerForm(rx(r"^(?:\.\.\.)?\((?P<v>[a-z]{1,4})\)\s*"), ("subitem", "item")),
    ),
    table_line=rx(r"^\t"),
    law_note=rx(r"^Poznámka:"),
    footnotes=FootnoteForm(
        line=rx(r"^(?P<marker>\*{1,3})\s+(?P<text>.*)$"),
        anchor=rx(r"(?<=[\w.,)])(?P<marker>\*{1,3})"),
    ),
    definitions=DefinitionForm(
        term=rx(
            rf"^(?P<term>[{UPPER}][^()–\-\d]*?)\s*(?:\((?P<english>[^)]+)\))?\s*[–-]\s*"
            r"(?P<body>.*)$"
        ),
        skip=rx(r"^V\s+zátvorke"),
    ),
)
