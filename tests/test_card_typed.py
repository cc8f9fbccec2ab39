"""A director's card is a folder too: a small typed Danish card (no OCR, no `ocr.toml`) with
letters the Swedish card never printed (Æ, Ø) parses with no edit outside its folder: its
headings in capitals of its own alphabet, each text checked against its heading by the law
numbers after the card language's own law word (`lov`, from the folder's profile)."""

from __future__ import annotations

import shutil
from pathlib import Path

from kb import profiles
from kb.ingest.card import MANIFEST_FILE, OCR_FILE
from kb.ingest.lawbook import read_document

PROFILE = Path(__file__).resolve().parent / "data" / "sixth" / "da" / profiles.FOLDER_PROFILE
SOURCE = """FORKERT ÅBNINGSUDSPIL (54)
Udspil uden for tur: se lov 54A.
Spilføreren kan acceptere udspillet.
SKÆRME OG ØVELSE (3)
Lov 3 gælder.
"""
MANIFEST = """[[topic]]
heading = 1
text = [2, 3]

[[topic]]
heading = 4
text = [5, 5]
"""
META = """lang = "da"
kind = "card"
id = "da-2007-card"
source = "da.txt"
edition = 2007
title = ""
publisher = ""
translator = ""
"""


def test_a_typed_card_in_another_language_needs_no_generic_edit(tmp_path: Path) -> None:
    folder = tmp_path / "da-card"
    folder.mkdir()
    (folder / "da.txt").write_text(SOURCE, encoding="utf-8")
    (folder / MANIFEST_FILE).write_text(MANIFEST, encoding="utf-8")
    (folder / "document.toml").write_text(META, encoding="utf-8")
    shutil.copyfile(PROFILE, folder / profiles.FOLDER_PROFILE)
    assert not (folder / OCR_FILE).exists()
    doc = read_document(folder)  # with its folder's own profile
    assert (doc.id, doc.problems, doc.ocr) == ("da-2007-card", [], {})
    assert [(u.id, u.title, u.cites, u.lines) for u in doc.units] == [
        ("topic.54", "FORKERT ÅBNINGSUDSPIL", ["54"], (2, 3)),
        ("topic.3", "SKÆRME OG ØVELSE", ["3"], (5, 5)),
    ]
    assert doc.units[1].text == "Lov 3 gælder."
