"""The profile of the Danish fixture law book (tests/test_sixth_language.py): found by its
corpus folder, not shipped in kb/profiles."""

from kb.core.profile import (
    CODE,
    DefinitionForm,
    FootnoteForm,
    MarkerForm,
    Profile,
    References,
    RefForm,
    Region,
    SectionForm,
    Words,
    rx,
)

UPPER = "A-ZÆØÅ"

PROFILE = Profile(
    lang="da",
    regions=(
        Region("introduction", "introduction", None),
        Region("definitions", "definitions", rx(r"^DEFINITIONER")),
        Region("laws", "laws", None),
    ),
    law_heading=rx(rf"^LOV\s+(?P<num>\d{{1,2}})\s*[–-]\s*(?P<title>[{UPPER} ]+?)\s*$"),
    sections=(SectionForm(rx(r"^(?P<letter>[A-H])\.\s+(?P<rest>.+)$"), "title"),),
    markers=(
        MarkerForm(rx(r"^(?P<v>\d{1,2})\.\s+"), ("subsection",)),
        MarkerForm(rx(r"^\((?P<v>[a-z]{1,4})\)\s*"), ("subitem", "item")),
    ),
    footnotes=FootnoteForm(line=rx(r"^(?P<marker>\*)\s+(?P<text>.*)$"), anchor=None),
    definitions=DefinitionForm(
        term=rx(rf"^(?P<term>[{UPPER}][^–]*?)\s*–\s*(?P<body>.*)$"),
    ),
)

REFERENCES = References(
    lang="da",
    forms=(RefForm(rx(rf"\b[Ll]ov(?:ene|en)?[ \u00a0]+(?P<codes>{CODE})")),),
    style="lov {code}",
    heading="Lov {n}",
    quotes="„“",
    itemfmt="({})",
    cues=("se",),
    words=("lov", "loven", "love", "lovene"),
)

WORDS = Words(alphabet="abcdefghijklmnopqrstuvwxyzæøå", snowball="danish")
