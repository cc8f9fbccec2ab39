"""The import graph of kb/ reads as the pipeline: every module belongs to a stage, a stage
imports only itself and earlier stages, and no modules import each other in a cycle.

Every import counts, also one inside a function or under `if TYPE_CHECKING:`: a lazy import
hides a dependency, it does not remove it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

KB = Path(__file__).resolve().parent.parent / "kb"
# The stages in pipeline order: the first part of a module's name under kb/ says its stage.
STAGES = (
    "core",  # units, canonical ids, the profile schema
    "profiles",  # the shipped documents' profiles (data)
    "ingest",  # a source read into units
    "layers",  # references, terms, subject index on top of the units
    "store",  # the knowledge base on disk
    "crosslang",  # the built books together: editions, alignment, misprints
    "search",  # the search index and search
    "export",  # units written out (JSON, Markdown)
    "qa",  # the cross-language checks
    "web",  # the site and its API
    "pipeline",  # a build: every stage above, run in order, swapped in as one
    "cli",  # the command line
)


def module_name(path: Path) -> str:
    """The dotted name of a module file under kb/.

    >>> module_name(KB / "core" / "ids.py"), module_name(KB / "store" / "__init__.py")
    ('kb.core.ids', 'kb.store')
    """
    parts = path.relative_to(KB.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    """Every module of the package (the shipped site and corpus hold none)."""
    return {module_name(p): p for p in sorted(KB.rglob("*.py"))}


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The kb modules a module imports (`from kb.x import y` counts `kb.x.y` when that is a
    module, else `kb.x`)."""
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            for alias in node.names:
                full = f"{base}.{alias.name}"
                found.add(full if full in known else base)
    return {m for m in found if m in known and m != name}


def stage(name: str) -> str:
    """The stage of a module: its first part under kb/.

    >>> stage("kb.core.ids"), stage("kb.cli")
    ('core', 'cli')
    """
    return name.split(".")[1]


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    found = modules()
    return {name: imports(name, path, set(found)) for name, path in found.items() if name != "kb"}


def test_every_module_has_a_stage(graph: dict[str, set[str]]) -> None:
    assert sorted(n for n in graph if stage(n) not in STAGES) == []
    assert {stage(n) for n in graph} == set(STAGES)


def test_no_stage_imports_a_later_stage(graph: dict[str, set[str]]) -> None:
    backward = [
        f"{name} ({stage(name)}) imports {dep} ({stage(dep)})"
        for name, deps in sorted(graph.items())
        for dep in sorted(deps)
        if STAGES.index(stage(dep)) > STAGES.index(stage(name))
    ]
    assert backward == []


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles of a graph, each as the path that closes it.

    >>> cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}})
    [['a', 'b', 'a']]
    >>> cycles({"a": {"b"}, "b": set()})
    []
    """
    found, done = [], set()

    def visit(node: str, path: list[str]) -> None:
        if node in path:
            found.append([*path[path.index(node) :], node])
            return
        if node in done:
            return
        for dep in sorted(graph.get(node, ())):
            visit(dep, [*path, node])
        done.add(node)

    for node in sorted(graph):
        visit(node, [])
    return found


def test_no_import_cycle(graph: dict[str, set[str]]) -> None:
    assert cycles(graph) == []


def test_the_graph_is_read_whole(graph: dict[str, set[str]]) -> None:
    # The walk sees what the modules import, lazy imports included: the pipeline imports the
    # index build and the checks, the command line imports the site inside `serve`.
    assert {"kb.search.write", "kb.qa.stored"} <= graph["kb.pipeline"]
    cli = set().union(*(deps for name, deps in graph.items() if stage(name) == "cli"))
    assert {"kb.web", "kb.web.server"} <= cli
    assert {stage(m) for m in graph["kb.store"]} == {"core"}  # storage only


MAX_MODULE = 600  # lines of a module in kb/
MAX_CLASS = 400  # lines of a class
# Modules over the limit today, each being split in its own change (the list only shrinks).
OVER: set[str] = set()


def test_modules_and_classes_a_newcomer_can_hold() -> None:
    long_modules, long_classes = set(), []
    for path in sorted(KB.rglob("*.py")):
        name = str(path.relative_to(KB.parent))
        source = path.read_text(encoding="utf-8")
        if source.count("\n") > MAX_MODULE:
            long_modules.add(name)
        long_classes += [
            f"{name}: class {node.name}"
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.ClassDef)
            and (node.end_lineno or 0) - node.lineno + 1 > MAX_CLASS
            and name not in OVER
        ]
    assert long_modules == OVER  # none new; a module split below the limit leaves the list
    assert long_classes == []


# what a registry is made of (the site's caches too: `kb.web.cache`)
MUTABLE = ("dict", "list", "set", "defaultdict", "OrderedDict", "PageCache", "PerBuild")


def module_registries(path: Path) -> list[str]:
    """The names a module binds at its top level to an empty mutable container (`{}`, `[]`,
    `set()`, `dict()`...): a registry filled at run time (a table written out in full is
    a constant)."""
    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        target, value = None, None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign):
            target, value = node.target, node.value
        empty = (isinstance(value, ast.Dict) and not value.keys) or (
            isinstance(value, ast.List | ast.Set) and not value.elts
        )
        called = isinstance(value, ast.Call) and not value.args and not value.keywords
        if called and isinstance(value.func, ast.Name):
            empty = empty or value.func.id in MUTABLE
        if empty and isinstance(target, ast.Name):
            found.append(target.id)
    return found


def test_the_profiles_keep_no_registry() -> None:
    """Profiles are read per build and frozen (`kb.profiles.Profiles`, held by what reads
    the build): no module of kb/profiles binds a container filled at run time."""
    folder = KB / "profiles"
    found = {p.name: module_registries(p) for p in sorted(folder.glob("*.py"))}
    assert {name: names for name, names in found.items() if names} == {}
    # (the check finds one: a process's open searchers, by index, are a registry)
    assert module_registries(KB / "search" / "searcher.py") == ["_searchers"]


def test_the_site_keeps_its_caches_in_the_app() -> None:
    """What the site keeps between requests (pages, subject indexes, reports, its searcher)
    is its app's (`kb.web.cache.Caches`), made with it and gone with it: no module of kb/web
    binds a container filled at run time. Elsewhere only a process's one current library
    and searcher per data directory, and the parent a forked process watches, are."""
    found = {
        str(p.relative_to(KB)): names
        for p in sorted(KB.rglob("*.py"))
        if (names := module_registries(p))
    }
    assert found == {
        "core/processes.py": ["_forking"],
        "crosslang/library.py": ["_cache"],
        "search/searcher.py": ["_searchers"],
    }
