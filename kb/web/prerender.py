"""Every page of a build that is the same for every reader rendered once, as files: the
home page, each book's law pages, parts, definitions and subject index, each law's
comparison of the main books, the alignment overview, the documentation and the offline
page, in every UI language (`render_pages`). They are the files a reader's first request
would have made (`kb.web.cache.cached_page` writes them, `kb.web.page_files` says where),
so nginx and `lawkb serve` send every page as a file from its first reader on.

`lawkb build` renders them once the new build serves (a reader meanwhile gets a page
rendered at request, as before); `lawkb render --public-url URL` renders them for a site
with a public address, and `lawkb deploy` does so beside its workers. A build whose pages
are all written says so in its page folder (`DONE`): rendering them again is a no-op.

>>> from kb.crosslang.library import get_library
>>> paths = page_paths(get_library())
>>> [p for p in paths if p.startswith("/fi/")][:3], "/compare/12" in paths
(['/fi/definitions', '/fi/index', '/fi/law/1'], True)
>>> "/sv/part/topic.62" in paths, "/docs/architecture" in paths
(True, True)
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from flask import Flask

from kb import store
from kb.core import progress
from kb.core.ids import unit_path
from kb.core.processes import mapping
from kb.crosslang.library import Library, get_library
from kb.web import create_app, docs
from kb.web.i18n import UI_LANGS
from kb.web.page_files import page_file, page_root

DONE = ".rendered.json"  # in a build's page folder: the UI languages all rendered in
COMMON = ("/", "/offline", "/alignment")  # the pages of no book (`/docs/` cannot be a file)


def page_paths(lib: Library) -> list[str]:
    """Every path of a page that can be a file, in a library: each book's pages (the
    pages its units are on, `kb.core.ids.unit_path`, its definitions and subject index)
    book by book, then each law's comparison, the documentation and the pages of no book.
    A path may answer 404 (a book with no subject index): no file is made for it."""
    paths: list[str] = []
    for key, book in lib.books.items():
        own = {unit_path(key, uid).partition("#")[0] for uid in book.ids}
        own |= {f"/{key}/definitions", f"/{key}/index"}
        paths += sorted(own, key=_natural)
    paths += [f"/compare/{n}" for n in lib.law_numbers]
    paths += [f"/docs/{name}" for name in docs.pages()]
    paths += COMMON
    return [p for p in paths if page_file(Path(), "", "en", p) is not None]


def _natural(path: str) -> tuple:
    """A path's sort key, its numbers as numbers (`/fi/law/2` before `/fi/law/10`).

    >>> sorted(["/fi/law/10", "/fi/law/2", "/fi/index"], key=_natural)
    ['/fi/index', '/fi/law/2', '/fi/law/10']
    """
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in path.split("/"))


def render_pages(
    data: Path | str | None = None,
    uis: Iterable[str] | None = None,
    public: str = "",
    workers: int = 1,
) -> int:
    """Write every page of the current build (`page_paths`) as files, in the UI languages
    `uis` (default: all) for a site with the public address `public`, in `workers`
    processes forked from this one; how many pages there are as files (written now, or by a
    reader's request before), 0 when the build says they are all written already.

    >>> import os, shutil, tempfile
    >>> data = Path(tempfile.mkdtemp()) / "data"  # the knowledge base, its files linked
    >>> no_pages = shutil.ignore_patterns("pages*", "*.lock")
    >>> _ = shutil.copytree(store.data_dir(), data, True, no_pages, os.link)
    >>> render_pages(data, ["fi"]) > 400, render_pages(data, ["fi"])
    (True, 0)
    >>> (store.current(data) / "pages" / "fi" / "fi" / "law" / "12" / "index.html.br").exists()
    True
    """
    data = Path(data or store.data_dir())
    uis = [u for u in (uis or UI_LANGS) if u in UI_LANGS]
    lib = get_library(data)
    root = page_root(lib.build_dir, public)
    todo = [u for u in uis if u not in rendered_in(root)]
    if not todo:
        return 0
    paths = page_paths(lib)
    batches = [(str(data), public, ui, run) for ui in todo for run in _batches(paths, 200)]
    _app(str(data), public)  # made once, before the processes fork: theirs too
    written = 0
    try:
        with progress.stage("pages", total=len(batches)) as done, mapping(workers) as run:
            for ui, count in run(_render_batch, batches):
                written += count
                done(f"{ui}: {count} pages")
    finally:
        _app.cache_clear()
    if lib.build_dir.is_dir():  # (not pruned meanwhile by builds after it)
        root.mkdir(exist_ok=True)
        store.write_atomic(root / DONE, json.dumps(sorted({*rendered_in(root), *todo})))
    return written


def rendered_in(root: Path) -> set[str]:
    """The UI languages a page folder says are all rendered.

    >>> rendered_in(Path("/nonexistent"))
    set()
    """
    try:
        return set(json.loads((root / DONE).read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return set()


def _batches(paths: list[str], size: int) -> list[list[str]]:
    """Paths in runs of at most `size`, in order (a book's pages together).

    >>> _batches(["a", "b", "c"], 2)
    [['a', 'b'], ['c']]
    """
    return [paths[i : i + size] for i in range(0, len(paths), size)]


@cache
def _app(data: str, public: str) -> Flask:
    """The app that renders the pages of a data directory for a public address."""
    return create_app(data, LAWKB_PUBLIC_URL=public)


def _render_batch(batch: tuple[str, str, str, list[str]]) -> tuple[str, int]:
    """Render a batch of paths (of a data directory, for a public address, in a UI
    language) through the app, which writes their files (`cached_page`); the UI language
    and how many answered with a page."""
    data, public, ui, paths = batch
    client = _app(data, public).test_client()
    count = 0
    for path in paths:
        answer = client.get(path, query_string={"ui": ui}, headers={"Accept-Encoding": "br"})
        count += answer.status_code == 200
        answer.close()
    return ui, count
