"""Rendered pages kept, so that each is rendered once per build, UI language and URL: a page
asked for with no query parameter as files in its build (`kb.web.page_files`: the next reader,
another worker or nginx sends them); one asked for with parameters (a comparison of chosen
books, a filtered worklist) in memory, until a rebuild (the build is part of its key) or until
newer pages push it out of a fixed budget of bytes. Pages are kept compressed, in the content
codings readers ask for (the first reader's: brotli for a browser, gzip for any other, about an
eighth of a law page; another coding made once a reader asks for it, and kept beside it): a
kept page is sent as it is kept, with no compression per request (a reader who asks for none
gets it inflated; the page just rendered is sent as it is). Its ETag is the one the site gives
any page (the SHA-1 of the page, `:br` or `:gzip` after it when sent so), so a reader's copy
stays valid.

>>> cache = PageCache(budget=200)  # bytes: bodies and keys
>>> kept = cache.put("a", b"123456"); _ = cache.put("b", b"7890")
>>> cache.get("a", "identity")[0], cache.get("a", "br")[1] == kept.etag + ":br"
(b'123456', True)
>>> _ = cache.put("c", b"xyz"); cache.get("b", "gzip"), cache.get("a", "identity")[0]
(None, b'123456')
"""

from __future__ import annotations

import hashlib
import os
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

import brotli
from flask import Flask, abort, current_app, g, request
from flask_babel import gettext as _

from kb import store
from kb.web import i18n, params
from kb.web.current import library as current_library
from kb.web.page_files import encode, page_file, read_page, write_page

BUDGET = 16 * 2**20  # bytes, compressed pages and their keys: pages asked with parameters
CODINGS = ("br", "gzip")  # kept beside the page, best first; any other reader gets it plain
BUILDS_KEPT = 2  # the current build and the one before (a page begun before a swap ends on it)
T = TypeVar("T")


@dataclass
class Kept:
    """A kept page: its ETag (the page's SHA-1), its bodies by content coding and the size
    of the key it is kept under (counted in the budget with the bodies)."""

    etag: str
    bodies: dict[str, bytes] = field(default_factory=dict)
    key_size: int = 0

    @property
    def size(self) -> int:
        return self.key_size + sum(map(len, self.bodies.values()))


class PageCache:
    """Pages by key, compressed, the least recently used dropped first when they exceed
    `budget` bytes. Safe to share between the server's threads."""

    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget
        self.size = 0
        self._pages: OrderedDict[Hashable, Kept] = OrderedDict()
        self._lock = threading.Lock()
        self._builds: list[str] = []
        self._making: dict[Hashable, tuple[threading.Lock, list[int]]] = {}

    @contextmanager
    def making(self, key: Hashable) -> Iterator[None]:
        """Make one page at a time under a key: a request for a page another thread is
        making waits for it, then finds it kept, rather than make it again beside it (a
        hundred readers of a new page kept sixteen workers making it at once).

        >>> cache = PageCache()
        >>> with cache.making("k"):
        ...     len(cache._making)
        1
        >>> len(cache._making)
        0
        """
        with self._lock:
            lock, waiting = self._making.setdefault(key, (threading.Lock(), [0]))
            waiting[0] += 1
        try:
            with lock:
                yield
        finally:
            with self._lock:
                waiting[0] -= 1
                if not waiting[0]:
                    del self._making[key]

    def for_build(self, build: str) -> None:
        """Note that pages of `build` are asked for: the pages of builds before the one
        before it are dropped (keys begin with their build), so that a server's memory does
        not grow with each rebuild.

        >>> cache = PageCache()
        >>> for build in ("b1", "b2", "b3"):
        ...     cache.for_build(build); _ = cache.put((build, "/fi/law/1"), b"x")
        >>> sorted(key[0] for key in cache._pages)
        ['b2', 'b3']
        """
        with self._lock:
            if build in self._builds:
                return
            self._builds = [*self._builds, build][-BUILDS_KEPT:]
            for key in [
                k for k in self._pages if isinstance(k, tuple) and k[0] not in self._builds
            ]:
                self.size -= self._pages.pop(key).size

    def get(self, key: Hashable, coding: str) -> tuple[bytes, str] | None:
        """A kept page in a content coding (`br`, `gzip` or `identity`) and its ETag, or None.
        A coding asked for the first time is made once and kept beside the others."""
        with self._lock:
            kept = self._pages.get(key)
            if kept is None:
                return None
            self._pages.move_to_end(key)
            body = kept.bodies.get(coding)
        if body is not None:
            return body, tagged(kept.etag, coding)
        page = inflated(kept)
        if coding not in CODINGS:
            return page, kept.etag
        body = encode(page, coding)
        with self._lock:
            if self._pages.get(key) is kept and coding not in kept.bodies:
                kept.bodies[coding] = body
                self.size += len(body)
                self._shrink()
        return body, tagged(kept.etag, coding)

    def put(self, key: Hashable, page: bytes, coding: str = "gzip") -> Kept:
        """Keep a page in a content coding (`br` or `gzip`; any other: gzip), unless it is kept
        already; what is kept under the key."""
        with self._lock:
            kept = self._pages.get(key)
        if kept is not None:
            return kept
        coding = coding if coding in CODINGS else "gzip"
        body = encode(page, coding)
        kept = Kept(hashlib.sha1(page).hexdigest(), {coding: body}, key_bytes(key))
        with self._lock:
            if key in self._pages:
                return self._pages[key]
            self._pages[key] = kept
            self.size += kept.size
            self._shrink()
        return kept

    def _shrink(self) -> None:
        while self.size > self.budget and self._pages:
            self.size -= self._pages.popitem(last=False)[1].size


def key_bytes(key: Hashable) -> int:
    """What a key takes in memory, roughly: the length of its parts as text, plus a fixed
    share for the tuple that holds them.

    >>> key_bytes(("build", "data", "", "fi", "/fi/law/12", (("q", "revoke"),)))
    611
    """
    if isinstance(key, tuple):
        return 56 + 8 * len(key) + sum(map(key_bytes, key))
    return 49 + len(str(key))


def inflated(kept: Kept) -> bytes:
    """A kept page as it was rendered (from its gzip body, else its brotli one).

    >>> inflated(Kept("", {"br": encode(b"abc", "br")}))
    b'abc'
    """
    if "gzip" in kept.bodies:
        return zlib.decompress(kept.bodies["gzip"], 31)
    return brotli.decompress(kept.bodies["br"])


def tagged(etag: str, coding: str) -> str:
    """A page's ETag for a body in a content coding, as flask-compress marks it.

    >>> tagged("abc", "br"), tagged("abc", "identity")
    ('abc:br', 'abc')
    """
    return etag if coding not in CODINGS else f"{etag}:{coding}"


def coding_asked() -> str:
    """The content coding to send a kept page in: the first of `CODINGS` the reader accepts,
    else `identity`.

    >>> from kb.web import create_app
    >>> app = create_app()
    >>> with app.test_request_context(headers={"Accept-Encoding": "gzip, deflate, br"}):
    ...     coding_asked()
    'br'
    >>> with app.test_request_context(headers={"Accept-Encoding": "gzip;q=1, br;q=0"}):
    ...     coding_asked()
    'gzip'
    """
    accepted = request.accept_encodings
    return next((c for c in CODINGS if accepted[c] > 0), "identity")


class PerBuild:
    """Values worked out once per build and key (a report, an index of a book), kept for the
    current build and the one before only, at most `size` keys per build (the least recently
    used go first): what a server holds does not grow with rebuilds or with the keys asked.

    >>> made = []
    >>> memo = PerBuild(size=2)
    >>> [memo.get("b1", k, lambda: made.append(k) or k.upper()) for k in ("a", "a", "b", "c")]
    ['A', 'A', 'B', 'C']
    >>> made, memo.get("b1", "a", lambda: "again"), memo.get("b2", "a", lambda: "new")
    (['a', 'b', 'c'], 'again', 'new')
    >>> _ = memo.get("b3", "a", lambda: "x"); sorted(memo._values)
    ['b2', 'b3']
    """

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._values: dict[str, OrderedDict[Hashable, Any]] = {}
        self._lock = threading.Lock()

    def peek(self, build: str, key: Hashable) -> Any | None:
        """The value kept for a build and key, or None."""
        with self._lock:
            kept = self._values.get(build)
            if kept is None or key not in kept:
                return None
            kept.move_to_end(key)
            return kept[key]

    def get(self, build: str, key: Hashable, make: Callable[[], T]) -> T:
        """The value for a build and key, made (`make()`) and kept if it is not kept yet."""
        found = self.peek(build, key)
        if found is not None:
            return found
        value = make()
        with self._lock:
            kept = self._values.setdefault(build, OrderedDict())
            for old in list(self._values)[:-BUILDS_KEPT]:
                del self._values[old]
            kept[key] = value
            while len(kept) > self.size:
                kept.popitem(last=False)
        return value


@dataclass
class Caches:
    """What an app keeps between requests, made with it (`init_app`) and gone with it: the
    pages asked for with parameters (`PageCache`), values worked out per build by name
    (`PerBuild`: each book's subject index, the alignment reports), and the searcher of its
    current search index with the index link it was opened for. Two apps in one process
    (two data directories, a test's) share none of it.

    >>> from kb.web import create_app
    >>> one, two = create_app(), create_app()
    >>> with one.app_context():
    ...     mine = caches()
    ...     mine is caches(), mine.per_build("x", 2) is mine.per_build("x", 2)
    (True, True)
    >>> with two.app_context():
    ...     caches() is mine
    False
    """

    pages: PageCache = field(default_factory=PageCache)
    kept: dict[str, PerBuild] = field(default_factory=dict)
    searcher: tuple[str, Any] | None = None

    def per_build(self, name: str, size: int) -> PerBuild:
        """The values named `name`, per build (at most `size` keys per build)."""
        found = self.kept.get(name)
        return found if found is not None else self.kept.setdefault(name, PerBuild(size))


def init_app(app: Flask) -> None:
    """Give the app its caches (`Caches`)."""
    app.extensions["lawkb.caches"] = Caches()


def caches() -> Caches:
    """The current app's caches."""
    return current_app.extensions["lawkb.caches"]


def searcher() -> Any:
    """The searcher of the app's current search index (`kb.search.searcher.get_searcher`, which
    resolves the index's path and opens a rebuilt index), asked for again only when the
    index link of the current build names another index: one `readlink` per search.

    >>> from kb.web import create_app
    >>> with create_app().test_request_context("/search?q=x"):
    ...     searcher() is searcher()
    True
    """
    from kb.search.searcher import NoIndex, get_searcher  # opened by the first search

    data = Path(current_app.config["LAWKB_DATA"])
    try:
        marker = os.readlink(store.current(data) / "index")
    except OSError:
        marker = ""
    mine = caches()
    known = mine.searcher
    if known is not None and marker and known[0] == marker:
        return known[1]
    try:
        found = get_searcher(data)
    except NoIndex:  # a data directory replaced by one never built: say so, not a 500
        abort(503, _("The search index is being built. Please try again in a moment."))
    mine.searcher = (marker, found)
    return found


def cached_page(view: Callable[..., Any]) -> Callable[..., Any]:
    """Serve a view's page rendered once per build, public address, UI language, path and
    query parameters in canonical form (`kb.web.params`: pages never carry the request's
    host; repeats and unknown parameters make no new page), in the content coding the reader
    accepts: with no parameter from its files in the build (`kb.web.page_files`), else from
    the app's `PageCache`. What is not a rendered page (a redirect, an error) is not kept."""

    @wraps(view)
    def wrapper(**kwargs: Any) -> Any:
        data = current_app.config["LAWKB_DATA"]
        library = current_library()
        public = current_app.config.get("LAWKB_PUBLIC_URL", "")
        ui, canonical, coding = i18n.ui_lang(), params.canonical(), coding_asked()
        path = None if canonical else page_file(library.build_dir, public, ui, request.path)
        pages = caches().pages
        if path is not None:
            return _from_file(pages, path, coding, lambda: view(**kwargs))
        key = (library.build_id, str(data), public, ui, request.path, canonical)
        pages.for_build(library.build_id)
        return _from_cache(pages, key, coding, lambda: view(**kwargs))

    return wrapper


def _from_file(pages: PageCache, path: Path, coding: str, render: Callable[[], Any]) -> Any:
    """A page the same for every reader: from its file, written by its first reader (one
    at a time: `PageCache.making`); what cannot be written is sent as rendered."""
    found = read_page(path, coding)
    if found is None:
        with pages.making(path):
            found = read_page(path, coding)
            if found is None:
                g.for_everyone = True  # rendered from no reader's cookie but the language
                result = render()
                if not isinstance(result, str) or not write_page(path, result.encode()):
                    return result
                found = read_page(path, coding)
    return page_response(*found, coding) if found else render()


def _from_cache(pages: PageCache, key: Hashable, coding: str, render: Callable[[], Any]) -> Any:
    """A page asked with parameters: from the cache, rendered by its first reader (one at a
    time) in the reader's coding; a page over the whole budget is sent as rendered."""
    found = pages.get(key, coding)
    if found is None:
        with pages.making(key):
            found = pages.get(key, coding)
            if found is None:
                result = render()
                if not isinstance(result, str):
                    return result
                page = result.encode()
                kept = pages.put(key, page, coding)  # in the reader's coding (`PageCache`)
                found = pages.get(key, coding) if coding in CODINGS else (page, kept.etag)
                if found is None:
                    return result
    return page_response(*found, coding)


def page_response(body: bytes, etag: str, coding: str) -> Any:
    """A kept page's answer: its body in a content coding, with its ETag."""
    response = current_app.response_class(body, mimetype="text/html")
    if coding != "identity":
        response.headers["Content-Encoding"] = coding
    response.set_etag(etag)
    return response
