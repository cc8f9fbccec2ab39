"""Rendered pages kept in memory: a law page or a comparison is rendered once per build, UI
language and URL, then served as it was until a rebuild (the build is part of its key) or
until newer pages push it out of a fixed budget of bytes. Pages are kept compressed (a law
page is about an eighth of its size), so the budget holds about eight times as many.

>>> cache = PageCache(budget=30)
>>> cache.put("a", b"123456"); cache.put("b", b"7890"); cache.get("a")
b'123456'
>>> cache.put("c", b"xyz"); cache.get("b"), cache.get("a"), cache.size
(None, b'123456', 25)
"""

from __future__ import annotations

import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import wraps
from typing import Any

from flask import current_app, request

from kb.crosslang.library import get_library
from kb.web import i18n

BUDGET = 128 * 2**20  # bytes, compressed: every law page in every UI language, comparisons


class PageCache:
    """Pages by key, compressed, the least recently used dropped first when they exceed
    `budget` bytes. Safe to share between the server's threads."""

    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget
        self.size = 0
        self._pages: OrderedDict[Hashable, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> bytes | None:
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
        return None if page is None else zlib.decompress(page)

    def put(self, key: Hashable, page: bytes) -> None:
        with self._lock:
            if key in self._pages:
                return
        page = zlib.compress(page, 6)
        with self._lock:
            if key in self._pages:
                return
            self._pages[key] = page
            self.size += len(page)
            while self.size > self.budget:
                self.size -= len(self._pages.popitem(last=False)[1])


PAGES = PageCache()


# The query parameters a page may depend on or echo; any other is ignored (and dropped from
# the page's own links), so junk parameters neither change a page nor push pages out.
PAGE_PARAMS = ("q", "lang", "langs", "law", "check", "page", "unit", "id")


def page_args() -> list[tuple[str, str]]:
    """The request's query parameters that pages know, in order (others dropped)."""
    return [(k, v) for k, v in request.args.items(multi=True) if k in PAGE_PARAMS]


def cached_page(view: Callable[..., Any]) -> Callable[..., Any]:
    """Serve a view's page from `PAGES` when it was rendered for the same build, public
    address, UI language, path and known query parameters (pages never carry the request's
    host). What
    is not a rendered page (a redirect, an error) is not kept."""

    @wraps(view)
    def wrapper(**kwargs: Any) -> Any:
        data = current_app.config["LAWKB_DATA"]
        build = get_library(data).build_id
        public = current_app.config.get("LAWKB_PUBLIC_URL", "")
        key = (str(data), public, build, i18n.ui_lang(), request.path, tuple(page_args()))
        page = PAGES.get(key)
        if page is None:
            result = view(**kwargs)
            if not isinstance(result, str):
                return result
            page = result.encode()
            PAGES.put(key, page)
        return page

    return wrapper
