"""The `lawkb` command: build the knowledge base of the Laws, then read, search, cite, check
and serve it.

>>> main(["--help"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
SystemExit: 0
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from importlib import metadata

from kb.cli.commands import (
    cmd_build,
    cmd_cite,
    cmd_export,
    cmd_qa,
    cmd_refs,
    cmd_render,
    cmd_search,
)
from kb.cli.common import (
    CONNECTION_LIMIT,
    IDLE_TIMEOUT,
    SEVERITY_RANK,
    Refused,
    bounded,
    choices_list,
    folder,
    ignore_list,
    public_url,
)
from kb.cli.serving import cmd_deploy, cmd_serve
from kb.core import progress
from kb.core.model import MAX_HITS
from kb.pipeline import BuildError
from kb.web.i18n import UI_LANGS

EXIT_CODES = """exit codes:
  0  done (search: something found; qa: no finding at --fail-on or above)
  1  done, with something to look at: a document that kept its previous version or whose
     folder is gone (build), a citation that names no unit (cite), nothing found (search),
     findings at --fail-on or above (qa)
  2  refused: a bad option, no corpus, no knowledge base, a data folder that cannot be
     used, an address that cannot be listened on"""


def parser() -> argparse.ArgumentParser:
    """The command line's options: a subcommand each, every value checked as it is read.

    >>> parser().parse_args(["cite", "Yasa 12", "--lang", "tr"]).query
    'Yasa 12'
    """
    top = argparse.ArgumentParser(
        prog="lawkb",
        description=__doc__.splitlines()[0],
        epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    top.add_argument("--version", action="version", version=f"lawkb {metadata.version('lawkb')}")
    top.add_argument(
        "--corpus", type=folder,
        help="corpus folder (default: $LAWKB_CORPUS, else the five documents shipped)",
    )  # fmt: skip
    top.add_argument(
        "--data", type=folder,
        help="data folder (default: $LAWKB_DATA, else ~/.local/share/lawkb)",
    )  # fmt: skip
    top.add_argument(
        "--quiet", action="store_true", help="no progress on standard error, only what failed"
    )
    sub = top.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="build the knowledge base and print a summary per language")
    b.add_argument("--force", action="store_true", help="parse every document again")
    b.add_argument(
        "--prune",
        action="store_true",
        help="unpublish the documents whose corpus folder is gone (kept until then)",
    )
    b.add_argument(
        "--no-pages",
        dest="pages",
        action="store_false",
        help="leave the pages to be rendered at their first request (see `render`)",
    )
    b.set_defaults(run=cmd_build)
    w = sub.add_parser(
        "render", help="write every page of the current build as files, for nginx to send"
    )
    w.add_argument(
        "--public-url", type=public_url, default=os.environ.get("LAWKB_PUBLIC_URL", ""),
        help="the public address of the site that serves them (default: $LAWKB_PUBLIC_URL)",
    )  # fmt: skip
    w.add_argument(
        "--ui",
        type=choices_list(UI_LANGS),
        help=f"the UI languages, comma-separated ({','.join(UI_LANGS)}; default: all)",
    )
    w.set_defaults(run=cmd_render)
    e = sub.add_parser("export", help="print one language's units in document order")
    e.add_argument("--lang", help="language code (fi, tr, ...) or document id (sk-2007): json, md")
    e.add_argument("--format", choices=("json", "md", "site"), default="json")
    e.add_argument("dir", nargs="?", help="site: the folder to write the static site into")
    e.add_argument(
        "--ui",
        type=choices_list(UI_LANGS),
        help=f"site: the UI languages, comma-separated ({','.join(UI_LANGS)}; default: all)",
    )
    e.set_defaults(run=cmd_export)
    c = sub.add_parser("cite", help="resolve a citation and print the unit's exact wording")
    c.add_argument("query", help="a citation as people type it: 'Law 12C1(b)', 'Yasa 16B', ...")
    c.add_argument("--lang", required=True, help="the book to cite from: fi, tr, ... or sk-2007")
    c.add_argument(
        "--json", action="store_true", help="print id, citation, text, lang, document, edition"
    )
    c.set_defaults(run=cmd_cite)
    r = sub.add_parser("refs", help="list cross-references (file:line: unit: text -> targets)")
    r.add_argument("--lang", help="one language or document id (default: all)")
    r.add_argument("--unresolved", action="store_true", help="only those naming no unit")
    r.set_defaults(run=cmd_refs)
    q = sub.add_parser("search", help="search the laws (exit 1 when nothing is found)")
    q.add_argument("query", help="words, \"a phrase\" or a citation: 'revokki', 'Yasa 16B'")
    q.add_argument("--lang", help="one language or document id (default: all, every document)")
    q.add_argument("--law", help="only this law (a number)")
    q.add_argument(
        "--limit",
        type=bounded(1, MAX_HITS),
        default=10,
        help=f"at most this many hits (10; 1-{MAX_HITS}, as the API)",
    )
    q.add_argument("--json", action="store_true", help="print the result as the API's JSON")
    q.set_defaults(run=cmd_search)
    a = sub.add_parser("qa", help="the translators' alignment report (exit 1 on findings)")
    a.add_argument("--langs", help="languages or document ids, comma-separated (default: all)")
    a.add_argument(
        "--format",
        choices=("text", "json", "tsv", "tmx", "xliff", "tbx", "csv"),
        default="text",
        help="the report as text, json or tsv; the aligned units as tmx or xliff (findings "
        "as notes); the glossary as a tbx or csv termbase",
    )
    a.add_argument(
        "--out",
        help="xliff: a folder to write one file per language pair into (the first book with "
        "each other: fi-tr.xlf, fi-et.xlf); without it one pair prints",
    )
    a.add_argument(
        "--housekeeping",
        action="store_true",
        help="the drift between the editions and the parser's notes, not the translator's list",
    )
    a.add_argument(
        "--ignore",
        action="append",
        type=ignore_list,
        default=[],
        metavar="FILE",
        help="a reviewer's own ignore list, applied after the shipped one (TOML entries as in "
        'kb/data/qa-ignore.toml; `code` and `id = "*"` silence one kind of finding across '
        "a book); repeatable",
    )
    a.add_argument(
        "--fail-on",
        choices=tuple(SEVERITY_RANK),
        default="error",
        help="exit 1 when a finding is this severe or more (default: error)",
    )
    a.set_defaults(run=cmd_qa)
    s = sub.add_parser("serve", help="serve the site (building the knowledge base first)")
    s.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    s.add_argument(
        "--port", type=bounded(0, 65535), default=5000, help="port (5000; 0: any free port)"
    )
    s.add_argument(
        "--threads", type=bounded(1, 256), default=16, help="waitress worker threads (16)"
    )
    s.add_argument(
        "--connection-limit",
        type=bounded(1, 100_000),
        default=CONNECTION_LIMIT,
        help=f"open connections at most; more visitors get a fast 503 ({CONNECTION_LIMIT})",
    )
    s.add_argument(
        "--idle-timeout",
        type=bounded(1, 3600),
        default=IDLE_TIMEOUT,
        help=f"seconds before a silent connection is closed ({IDLE_TIMEOUT})",
    )
    s.add_argument(
        "--public-url",
        type=public_url,
        default=os.environ.get("LAWKB_PUBLIC_URL", ""),
        help="the site's public address for copied citations, e.g. https://laws.example.org "
        "(default: $LAWKB_PUBLIC_URL; none: citations carry the page's path)",
    )
    s.add_argument("--debug", action="store_true", help="Flask's debug server with reloader")
    s.set_defaults(run=cmd_serve)
    d = sub.add_parser(
        "deploy", help="the public deployment: several workers behind nginx (one machine)"
    )
    d.add_argument("--host", default="0.0.0.0", help="address nginx listens on (0.0.0.0)")
    d.add_argument("--port", type=bounded(1, 65535), default=8080, help="nginx's port (8080)")
    d.add_argument(
        "--workers", type=bounded(1, 64), default=os.cpu_count() or 2,
        help="lawkb serve processes behind nginx (one per core)",
    )  # fmt: skip
    d.add_argument("--threads", type=bounded(1, 256), default=8, help="threads of each worker (8)")
    d.add_argument("--nginx", default="nginx", help="the nginx program (nginx)")
    d.add_argument(
        "--public-url", type=public_url, default=os.environ.get("LAWKB_PUBLIC_URL", ""),
        help="the site's public address for copied citations (default: $LAWKB_PUBLIC_URL)",
    )  # fmt: skip
    d.set_defaults(run=cmd_deploy)
    for command in sub.choices.values():  # a bad option is told with the command's own usage
        command.set_defaults(usage=command)
        command.add_argument("--quiet", action="store_true", default=argparse.SUPPRESS)
    return top


@contextmanager
def chosen(args: argparse.Namespace) -> Iterator[None]:
    """While a command runs, `--corpus` and `--data` are `$LAWKB_CORPUS` and `$LAWKB_DATA`,
    so every part of the program (and a worker it starts) reads the same corpus and data;
    what reads a build reads it with the profiles the build was made with."""
    saved = {name: os.environ.get(name) for name in ("LAWKB_CORPUS", "LAWKB_DATA")}
    for option, name in ((args.corpus, "LAWKB_CORPUS"), (args.data, "LAWKB_DATA")):
        if option is not None:
            os.environ[name] = str(option.resolve())
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def main(argv: list[str] | None = None) -> int:
    """Run `lawkb` with the given arguments (default: the command line).

    >>> main(["cite", "12", "--lang", "fi", "--nope"])
    Traceback (most recent call last):
    ...
    SystemExit: 2
    """
    top = parser()
    args, unknown = top.parse_known_args(argv)
    if unknown:
        args.usage.error(f"unrecognized arguments: {' '.join(unknown)}")
    if args.command not in ("serve", "deploy"):
        # `lawkb export | head` ends quietly. Never for a server: a reader who hangs up
        # mid-page would otherwise kill it with SIGPIPE.
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    try:
        with chosen(args), nullcontext() if args.quiet else progress.show():
            return args.run(args)
    except Refused as refusal:
        print(f"lawkb {args.command}: {refusal}", file=sys.stderr)
        return refusal.code
    except BuildError as err:
        print(f"lawkb {args.command}: {err}", file=sys.stderr)
        return 2
    except OSError as err:  # a data directory that is read-only, full or missing
        where = f"{err.filename}: " if err.filename else ""
        print(f"lawkb {args.command}: {where}{err.strerror or err}", file=sys.stderr)
        return 2
