"""Layers: what is added to a parsed document's units, each from the document alone and
applied in the order `LAYERS` lists them: the cross-references, the glossary terms a unit
uses, the book's own subject index (citations read and render the references' grammar).

>>> [layer.__name__ for layer in LAYERS]
['references', 'terms', 'subject_index_entries']
"""

from __future__ import annotations

from pathlib import Path

from kb.core.model import Document
from kb.layers import glossary, made_index, refs, subject_index
from kb.profiles import SHIPPED, Profiles


def references(
    doc: Document, lines: list[str], meta: dict, folder: Path, profiles: Profiles
) -> None:
    """Find the cross-references of every unit (`[reference_errata]` of the metadata
    applied)."""
    fixes = {int(k): v for k, v in meta.get("reference_errata", {}).items()}
    refs.apply(
        doc, lines, fixes, profiles.load_references(doc.lang) if profiles.knows(doc.lang) else None
    )


def terms(doc: Document, lines: list[str], meta: dict, folder: Path, profiles: Profiles) -> None:
    """Link each unit of a law book to the defined terms it uses."""
    if doc.kind == "lawbook":
        by_id = {u.id: u for u in doc.units}
        for uid, found in glossary.term_links(doc.units).items():
            by_id[uid].terms = found


def subject_index_entries(
    doc: Document, lines: list[str], meta: dict, folder: Path, profiles: Profiles
) -> None:
    """Read the law book's own subject index, if its profile has one, and the index made
    in the document's own words, if it has one."""
    if doc.kind == "lawbook":
        subject_index.apply(doc, lines, profiles.load_profile(doc.lang), folder)
    made_index.apply(doc, folder)


LAYERS = (references, terms, subject_index_entries)


def apply(
    doc: Document,
    lines: list[str],
    meta: dict,
    folder: Path,
    profiles: Profiles = SHIPPED,
) -> None:
    """Apply every layer to a parsed document, in order, read with its language's profile
    of `profiles`.

    >>> from kb.ingest.clean import split_source
    >>> from kb.ingest.lawbook import read_document
    >>> folder = Path("corpus/tr")
    >>> doc = read_document(folder)  # the units only
    >>> unit = next(u for u in doc.units if u.id == "def.bord"); unit.refs
    []
    >>> apply(doc, split_source((folder / "tr.txt").read_text(encoding="utf-8")), {}, folder)
    >>> [r["targets"] for r in unit.refs]
    [['2']]
    """
    for layer in LAYERS:
        layer(doc, lines, meta, folder, profiles)
