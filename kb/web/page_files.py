"""Pages kept as files in their build: a page asked for with no query parameter (a law page,
a law list, a comparison, an index) is the same for every reader of a build and UI language,
so the first reader's render is written once, compressed, where the next reader, another
worker or nginx finds it:

    <build>/pages/<ui>/<path>/index.html.gz     gzip (nginx: gzip_static; gunzip for the rest)
    <build>/pages/<ui>/<path>/index.html.br     brotli (nginx: brotli_static)

A site with a public address prints it in its pages: its files are under
`pages-<key of the address>` (`page_root`). A rebuild starts with no page files; the build
before it keeps its own until it is pruned.

>>> import tempfile
>>> build = Path(tempfile.mkdtemp())
>>> path = page_file(build, "", "fi", "/fi/law/12")
>>> write_page(path, b"<p>Laki 12</p>")
True
>>> read_page(path, "br")[0] == encode(b"<p>Laki 12</p>", "br"), read_page(path, "identity")[0]
(True, b'<p>Laki 12</p>')
"""

from __future__ import annotations

import gzip
import hashlib
import os
from pathlib import Path

import brotli

from kb import store

FOLDER = "pages"  # under a build
SUFFIXES = {"gzip": ".gz", "br": ".br"}  # the codings kept; a reader who accepts none: gunzip


def encode(page: bytes, coding: str) -> bytes:
    """A page in a content coding (`identity`: as it is).

    >>> gzip.decompress(encode(b"abc", "gzip")), brotli.decompress(encode(b"abc", "br"))
    (b'abc', b'abc')
    """
    if coding == "br":
        return brotli.compress(page, quality=6)
    if coding == "gzip":
        return gzip.compress(page, 6, mtime=0)
    return page


def page_root(build: Path, public: str) -> Path:
    """The folder of a build's page files for a site with a public address (or none).

    >>> page_root(Path("b"), ""), page_root(Path("b"), "https://laws.example.org")
    (PosixPath('b/pages'), PosixPath('b/pages-d193a2d6'))
    """
    key = hashlib.sha1(public.encode()).hexdigest()[:8] if public else ""
    return build / (f"{FOLDER}-{key}" if key else FOLDER)


def page_file(build: Path, public: str, ui: str, path: str) -> Path | None:
    """Where a page of a build is kept, in a UI language, for a path (as the reader asked for
    it: the site's URLs have no trailing slash but the home page's); None for a path that
    cannot be kept (a trailing slash, a dot segment, a NUL, a name too long for a file).

    >>> page_file(Path("b"), "", "fi", "/fi/law/12")
    PosixPath('b/pages/fi/fi/law/12/index.html')
    >>> page_file(Path("b"), "", "en", "/")
    PosixPath('b/pages/en/index.html')
    >>> page_file(Path("b"), "", "fi", "/fi/part/.."), page_file(Path("b"), "", "fi", "/fi/")
    (None, None)
    >>> page_file(Path("b"), "", "fi", "/fi/law/1" + chr(0)) is None  # no file name holds it
    True
    """
    parts = path.split("/")[1:]
    if parts == [""]:
        parts = []
    if not path.startswith("/") or "\x00" in path:
        return None
    if any(p in ("", ".", "..") or len(p.encode()) > 200 for p in parts):
        return None
    return page_root(build, public).joinpath(ui, *parts, "index.html")


def write_page(path: Path, page: bytes) -> bool:
    """Keep a page as its files, gzip'd and brotli'd (each written whole or not at all);
    whether they could be written (a data directory the server may not write, a full
    disk: the page is sent all the same)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        for coding, suffix in SUFFIXES.items():
            store.write_atomic(path.with_name(path.name + suffix), encode(page, coding))
    except OSError:
        return False
    return True


def read_page(path: Path, coding: str) -> tuple[bytes, str] | None:
    """A kept page in a content coding (`identity`: inflated from its gzip file), and its
    ETag (the size and time of its file, as nginx makes one, and the coding); None when the
    page is not kept.

    >>> read_page(Path("/nonexistent/index.html"), "br") is None
    True
    """
    suffix = SUFFIXES.get(coding, SUFFIXES["gzip"])
    try:
        with path.with_name(path.name + suffix).open("rb") as file:
            body, stat = file.read(), os.fstat(file.fileno())
    except OSError:
        return None
    etag = f"{int(stat.st_mtime):x}-{stat.st_size:x}"
    if coding not in SUFFIXES:
        return gzip.decompress(body), etag
    return body, f"{etag}:{coding}"
