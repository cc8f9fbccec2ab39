"""What the commands share: a clear refusal, building first when the corpus changed, a
book by name, the checks of option values."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from kb import store
from kb.pipeline import BuildError, build, is_stale
from kb.search.write import is_current

if TYPE_CHECKING:
    from kb.crosslang.library import Book


class Refused(Exception):
    """A command's clear refusal: the message for stderr and the exit code."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


def plural(count: int, word: str) -> str:
    """A count and an English noun in the right number.

    >>> plural(1, "error"), plural(3, "error"), plural(0, "page"), plural(3108, "page")
    ('1 error', '3 errors', '0 pages', '3,108 pages')
    """
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def ensure_built(args: argparse.Namespace) -> None:
    """Build first when the knowledge base is missing or older than the corpus, or its search
    index is missing or was built by other code (the build then writes the index alone). A
    corpus that cannot be built or read, or a data directory that cannot take a build (a
    full disk), leaves a knowledge base built before in use, with a line saying what could
    not be checked; with none built, the error stands."""
    try:
        if not is_stale(args.corpus, args.data) and is_current(args.data):
            return
        report = build(args.corpus, args.data, workers=WORKERS)
    except (BuildError, OSError) as err:
        if not store.read_manifest(args.data)["documents"]:
            raise
        reason = f"{err.filename}: {err.strerror}" if isinstance(err, OSError) else str(err)
        print(
            f"lawkb {args.command}: could not check the corpus ({reason}); "
            "using the knowledge base built before",
            file=sys.stderr,
        )
        return
    for doc_id, problems in report.errors.items():
        print(f"{doc_id}: {plural(len(problems), 'error')}; see `lawkb build`", file=sys.stderr)


def built_book(args: argparse.Namespace, name: str) -> Book:
    """The built book a language code (its main document) or a document id names (built
    first when stale), or a refusal."""
    from kb.crosslang.library import get_library

    ensure_built(args)
    found = get_library(args.data, bounded=False).book(name)
    if found is None:
        raise Refused(f"no document for language {name!r} in the knowledge base")
    return found


WORKERS = os.cpu_count() or 1  # a build's processes: one per core (`kb.pipeline.build`)
# The server's defaults, chosen for the public: idle connections go after 20 s (waitress: 120 s)
# and up to 1,000 may be open (waitress: 100, then new visitors wait unanswered).
CONNECTION_LIMIT = 1000


IDLE_TIMEOUT = 20


SEVERITY_RANK = {"error": 0, "warning": 1, "info": 2, "never": -1}


def bounded(low: int, high: int):
    """An argparse type: an integer from `low` to `high`.

    >>> bounded(1, 500)("20"), bounded(0, 65535)("65535")
    (20, 65535)
    >>> bounded(1, 500)("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 0 is not a whole number from 1 to 500
    """

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text} is not a whole number from {low} to {high}")
        return value

    return parse


def ignore_list(text: str) -> Path:
    """An argparse type: a reviewer's ignore list that reads as one (`kb.qa.ignore.load`:
    TOML entries with a known check, an id and a reason), else its error naming the file.

    >>> try:
    ...     ignore_list("mine.toml")
    ... except argparse.ArgumentTypeError as err:
    ...     print(err)
    mine.toml: not an ignore list ([Errno 2] No such file or directory: 'mine.toml')
    """
    from kb.qa.ignore import load  # (the report's modules load with the command)

    path = Path(text)
    try:
        load(path)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from err
    return path


def folder(text: str) -> Path:
    """An argparse type: a folder that exists or can be made (not a file).

    >>> folder("/tmp")
    PosixPath('/tmp')
    >>> folder("/etc/passwd")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: /etc/passwd is a file, not a folder
    """
    path = Path(text)
    try:
        existing = next(p for p in (path.absolute(), *path.absolute().parents) if p.exists())
    except OSError:  # not ours to read: the command says so when it uses it
        return path
    if not existing.is_dir():
        named = text if existing == path.absolute() else f"{text}: {existing}"
        raise argparse.ArgumentTypeError(f"{named} is a file, not a folder")
    return path


def public_url(text: str) -> str:
    """An argparse type: the site's public address, `http(s)://host[/path]` (or nothing),
    without a trailing slash.

    >>> public_url("https://laws.example.org/"), public_url("")
    ('https://laws.example.org', '')
    >>> public_url("notaurl")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'notaurl' is not an address such as https://laws.example.org
    """
    if not text:
        return ""
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not an address such as https://laws.example.org"
        )
    return text.rstrip("/")


def choices_list(allowed: tuple[str, ...]):
    """An argparse type: a comma-separated list, each value one of `allowed`.

    >>> choices_list(("en", "fi"))("fi,en")
    ['fi', 'en']
    >>> choices_list(("en", "fi"))("fi,xx")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'xx' is not one of en, fi
    """

    def parse(text: str) -> list[str]:
        values = [v.strip() for v in text.split(",") if v.strip()]
        wrong = next((v for v in values if v not in allowed), None)
        if wrong is not None or not values:
            named = ", ".join(allowed)
            raise argparse.ArgumentTypeError(f"{wrong or text!r} is not one of {named}")
        return list(dict.fromkeys(values))

    return parse
