"""The search package as a newcomer reads it: Whoosh used through its public interface only,
modules of one job each, small enough to read.

Whoosh-Reloaded's private names (`SegmentWriter(..., _lk=False)`, `writer._commit_toc`)
change between releases without notice; a build through them breaks on an upgrade.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

KB = Path(__file__).resolve().parent.parent / "kb"
SEARCH = KB / "search"


def private_whoosh_uses(source: str) -> list[str]:
    """The private names of Whoosh a module's source uses: an import of a `_name` from a
    Whoosh module (or of a Whoosh module whose path has one), and, in a module that imports
    Whoosh, an attribute `_name` read of anything but `self`, `cls` or a module imported from
    elsewhere (`os._exit`), and a keyword argument `_name`.

    >>> private_whoosh_uses("from whoosh.writing import SegmentWriter\\n"
    ...     "w = SegmentWriter(ix, _lk=False)\\nw._finalize_segment()")
    ['line 2: keyword _lk', 'line 3: ._finalize_segment']
    >>> private_whoosh_uses("from whoosh.codec import _x\\nimport whoosh._y")
    ['line 1: whoosh.codec._x', 'line 2: whoosh._y']
    >>> private_whoosh_uses("import os\\nos._exit(1)\\nself._own = 1")
    []
    """
    tree = ast.parse(source)
    found: list[str] = []
    elsewhere: set[str] = {"self", "cls"}  # names bound to modules other than Whoosh
    uses_whoosh = False
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "whoosh":
                    uses_whoosh = True
                    if any(part.startswith("_") for part in alias.name.split(".")):
                        found.append(f"line {node.lineno}: {alias.name}")
                else:
                    elsewhere.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "whoosh":
            uses_whoosh = True
            for alias in node.names:
                path = f"{node.module}.{alias.name}"
                if any(part.startswith("_") for part in path.split(".")):
                    found.append(f"line {node.lineno}: {path}")
        elif isinstance(node, ast.ImportFrom):
            elsewhere.update(alias.asname or alias.name for alias in node.names)
        elif isinstance(node, ast.ClassDef):  # the module's own (a named tuple's `_make`)
            elsewhere.add(node.name)
    if not uses_whoosh:
        return found
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr):
            root = node.value
            while isinstance(root, ast.Attribute):
                root = root.value
            if not (isinstance(root, ast.Name) and root.id in elsewhere):
                found.append(f"line {node.lineno}: .{node.attr}")
        elif isinstance(node, ast.Call):
            found += [
                f"line {node.lineno}: keyword {k.arg}" for k in node.keywords if private(k.arg)
            ]
    return sorted(found, key=lambda s: int(s.split()[1].rstrip(":")))


def private(name: str | None) -> bool:
    """A private name: one underscore or more before it, not a dunder."""
    return bool(name) and name.startswith("_") and not name.endswith("__")


@pytest.mark.parametrize("path", sorted(KB.rglob("*.py")), ids=lambda p: str(p.relative_to(KB)))
def test_no_module_uses_a_private_name_of_whoosh(path: Path) -> None:
    assert private_whoosh_uses(path.read_text(encoding="utf-8")) == []


def test_the_search_package_reads_in_small_parts() -> None:
    """No module of the package over 500 lines, no class over 400, the facade at most 300."""
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in SEARCH.glob("*.py")}
    assert {name: n for name, n in sizes.items() if n > 500} == {}
    classes = {}
    for path in SEARCH.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                classes[f"{path.name}:{node.name}"] = node.end_lineno - node.lineno + 1
    assert {name: n for name, n in classes.items() if n > 400} == {}
    assert classes["searcher.py:Searcher"] <= 300


def test_no_file_beside_the_index_holds_what_whoosh_holds(tmp_path: Path) -> None:
    """The files the index build writes beside Whoosh's are the ranking's own tables: no
    postings, no term lists, no per-unit table (Whoosh's columns hold those)."""
    from kb.search import write

    beside = {name for name in vars(write).values() if isinstance(name, str)}
    assert {"postings.bin", "lexicon.json", "units.json"}.isdisjoint(beside)
    assert {write.META, write.CONCEPTS, write.LETTERS, write.LEMMAS} == {
        "search.json",
        "concepts.json",
        "letters.json",
        "lemmas.json",
    }
