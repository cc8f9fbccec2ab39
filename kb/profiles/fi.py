"""The Finnish 2017 law book: rough markdown from LaTeX/PDF (guide: shared/guides/fi.md)."""

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
    lang="fi",
    markdown=True,
    regions=(
        Region("front", "front", None),
        Region("toc", "toc", rx(r"^## Sisältö")),
        Region("introduction", "introduction", rx(r"^## \*\*INTRODUCTION")),
        Region("preface", "preface", rx(r"^## \*\*PREFACE")),
        Region("definitions", "definitions", rx(r"^## MÄÄRITELMÄT")),
        Region("laws", "laws", None),
        Region("options", "options", rx(r"^## Lain optiot")),
        Region("index", "index", rx(r"^## Hakemisto")),
    ),
    list_tail=rx(r"[,;] (?:tai|ja)$"),
    law_heading=rx(r"^(?P<num>\d{1,2}) § (?P<title>[A-ZÄÖÅ].*?)\s*$"),
    sections=(SectionForm(rx(r"^(?P<letter>[A-H])\. (?P<rest>.*)$"), "auto"),),
    markers=(
        MarkerForm(rx(r"^(?P<v>\d{1,2})\.\s+"), ("subsection",)),
        MarkerForm(rx(r"^(?P<v>[a-l])\.(?:\s+|$)"), ("item",)),
        MarkerForm(rx(r"^-?\s*\((?P<v>[a-z]{1,4})\.?\)\s*"), ("subitem", "item")),
    ),
    footnotes=FootnoteForm(
        line=rx(r"^(?P<marker>\d{1,2}(?=\.)|\*{1,2}|†{1,2}|‡)\.?\s+(?P<text>\S.*)$"),
        anchor=rx(r"(?<=[\w.)§:])(?P<marker>\*{1,2}|†{1,2}|‡)"),
        after=rx(r"^---$"),
        need_anchor=True,
        multiline=True,
    ),
    definitions=DefinitionForm(term=rx(r"^(?P<term>.+)$"), bold=True),
)
