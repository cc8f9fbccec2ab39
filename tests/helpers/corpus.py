"""Corpora for the tests and the benchmarks that need more documents than the five shipped."""

from __future__ import annotations

import re
import shutil
from pathlib import Path


def copy_corpus(source: Path, target: Path, copies: int) -> None:
    """Write `copies` copies of every document of `source` into `target` (the first under
    its own id, the further ones under ids of their own: `fi2` ... `fiN`)."""
    target.mkdir(parents=True, exist_ok=True)
    for shared in source.glob("*.toml"):  # corpus-level data: the edition map
        shutil.copy(shared, target / shared.name)
    for folder in sorted(p.parent for p in source.glob("*/document.toml")):
        lang = folder.name
        for n in range(1, copies + 1):
            key = lang if n == 1 else f"{lang}{n}"
            shutil.copytree(folder, target / key)
            if n > 1:
                meta = target / key / "document.toml"
                text = re.sub(r"^id = .*\n", "", meta.read_text(encoding="utf-8"), flags=re.M)
                meta.write_text(f'id = "{key}"\n{text}', "utf-8")
