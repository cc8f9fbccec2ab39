"""Corpora for the tests and the benchmarks that need more documents than the five shipped."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

RESPELLED = ("fi", "et")  # law books whose parsers and data do not lean on long words
LONG_WORD = re.compile(r"\b([^\W\d_]{8,})\b")


def respelled(text: str, copy: int) -> str:
    """A text with every word of eight letters or more spelled as copy `copy`'s own (a
    suffix of letters naming the copy), so that copies do not share their long words.

    >>> respelled("Kilpailunjohtaja antaa 12C1b", 3)
    'Kilpailunjohtajaqd antaa 12C1b'
    """
    suffix = "q" + "".join(chr(ord("a") + int(d)) for d in str(copy))
    return LONG_WORD.sub(lambda m: m[1] + suffix, text)


def copy_corpus(source: Path, target: Path, copies: int, varied: bool = False) -> None:
    """Write `copies` copies of every document of `source` into `target` (the first under
    its own id, the further ones under ids of their own: `fi2` ... `fiN`). `varied`: in each
    further copy of the fi and et books, every long word is spelled as that copy's own
    (`respelled`; the document's `last_line` follows), so that the copies are not alike."""
    target.mkdir(parents=True, exist_ok=True)
    for shared in source.glob("*.toml"):  # corpus-level data: the edition map
        shutil.copy(shared, target / shared.name)
    for folder in sorted(p.parent for p in source.glob("*/document.toml")):
        lang = folder.name
        for n in range(1, copies + 1):
            key = lang if n == 1 else f"{lang}{n}"
            shutil.copytree(folder, target / key)
            if n == 1:
                continue
            meta = target / key / "document.toml"
            text = re.sub(r"^id = .*\n", "", meta.read_text(encoding="utf-8"), flags=re.M)
            if varied and lang in RESPELLED:
                lines = text.split("\n")
                text = "\n".join(respelled(t, n) if t.startswith("last_line") else t for t in lines)
                book = target / key / f"{lang}.txt"
                book.write_text(respelled(book.read_text(encoding="utf-8"), n), "utf-8")
            meta.write_text(f'id = "{key}"\n{text}', "utf-8")
