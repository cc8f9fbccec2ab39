"""Hashes of the code a stage computes with, so that what it stored is computed again when
that code changes (a build's documents, its misprints, its alignment report).

>>> packages_hash(("core",)) == packages_hash(("core",)) != packages_hash(("core", "data"))
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent  # kb/


def packages_hash(packages: Iterable[str]) -> str:
    """A hash of every file of some packages of `kb` (their paths and bytes; compiled files
    left out), so a module added to one of them is covered without a list to keep.

    >>> len(packages_hash(("core",)))
    64
    """
    h = hashlib.sha256()
    for package in packages:
        folder = PACKAGE / package
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix != ".pyc"):
            h.update(str(path.relative_to(PACKAGE)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()
