"""The Turkish 2017 law book: plain text from PDF (guide: shared/guides/tr.md)."""

from kb.profile import (
    DefinitionForm,
    FootnoteForm,
    MarkerForm,
    Profile,
    Region,
    SectionForm,
    rx,
)

PROFILE = Profile(
    lang="tr",
    regions=(
        Region("front", "front", None),
        Region("definitions", "definitions", rx(r"^TANIMLAR$")),
        Region("laws", "laws", None),
        Region("footnotes", "footnotes", rx(r"^\d{1,2}\u00a0[–-]")),
    ),
    law_heading=rx(r"^YASA (?P<num>\d{1,2})\s*[–-]\s*(?P<title>.+?)\s*$"),
    sections=(
        # A no-break space after the letter marks an untitled section (35, 56, 71).
        SectionForm(rx(r"^(?P<letter>[A-Z])\.\u00a0(?P<rest>.*)$"), "text"),
        SectionForm(rx(r"^(?P<letter>[A-Z])\. (?P<rest>.*)$"), "title"),
    ),
    markers=(
        MarkerForm(rx(r"^(?P<v>\d{1,2})\.\s+"), ("subsection",)),
        MarkerForm(rx(r"^\((?P<v>[a-z]{1,4})\)\s*"), ("subitem", "item")),
        MarkerForm(rx(r"^(?P<v>[a-z])\)\s+"), ("item",)),
        MarkerForm(rx(r"^(?P<v>[ivx]{1,4})\.\s+"), ("subitem",), strict=True),
    ),
    footnotes=FootnoteForm(
        line=rx(r"^(?P<marker>\d{1,2})\u00a0[–-]\u00a0?(?P<text>.*)$"),
        anchor=rx(
            r"(?:(?<=[a-zçğıöşüA-ZÇĞİÖŞÜ]{2})(?<!Yasa)|(?<=[a-zçğıöşü]\.)|(?<=\u00a0))"
            r"(?P<marker>\d{1,2})(?=[\s\u00a0,.;)]|$)"
        ),
    ),
    definitions=DefinitionForm(term=rx(r"^(?P<term>.+)$"), alternating=True),
)
