"""The `lawkb` command: build the knowledge base of the Laws, then read, search, cite, check
and serve it.

>>> main(["--help"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
SystemExit: 0
"""

from __future__ import annotations

import argparse
import html
import json
import logging
import os
import re
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from kb import profiles, store
from kb.core.ids import LAW_LEVELS
from kb.core.memory import give_back, limit_arenas
from kb.core.model import EVERY, Unit
from kb.export import to_json, to_markdown
from kb.layers.cite import full_text, render, resolve_citation
from kb.pipeline import BuildError, build, is_stale

if TYPE_CHECKING:
    from kb.crosslang.library import Book


def cmd_build(args: argparse.Namespace) -> int:
    report = build(args.corpus, args.data, force=args.force, prune=args.prune)
    print(f"knowledge base in {args.data or store.data_dir()}", file=sys.stderr)
    if report.up_to_date:
        print("knowledge base up to date", file=sys.stderr)
    else:
        done = ", ".join(report.built) or "nothing"
        print(f"parsed: {done}; reused: {', '.join(report.reused) or 'nothing'}", file=sys.stderr)
    print(f"search index {'built' if report.indexed else 'up to date'}", file=sys.stderr)
    for doc_id, problems in sorted(report.errors.items()):
        for problem in problems:
            print(problem, file=sys.stderr)
        print(f"{doc_id}: not built ({plural(len(problems), 'error')})", file=sys.stderr)
    for doc_id in report.kept:
        print(
            f"{doc_id}: its corpus folder is gone; still published "
            "(`lawkb build --prune` unpublishes it)",
            file=sys.stderr,
        )
    for line in store.summary(store.read_manifest(args.data)):
        print(line)
    return 0 if report.ok and not report.kept else 1


def plural(count: int, word: str) -> str:
    """A count and an English noun in the right number.

    >>> plural(1, "error"), plural(3, "error"), plural(0, "page")
    ('1 error', '3 errors', '0 pages')
    """
    return f"{count} {word}{'' if count == 1 else 's'}"


def ensure_built(args: argparse.Namespace) -> None:
    """Build first when the knowledge base is missing or older than the corpus. A corpus
    that cannot be built or read, or a data directory that cannot take a build (a full
    disk), leaves a knowledge base built before in use, with a line saying what could not
    be checked; with none built, the error stands."""
    try:
        if not is_stale(args.corpus, args.data):
            return
        report = build(args.corpus, args.data)
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


class Refused(Exception):
    """A command's clear refusal: the message for stderr and the exit code."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


def built_book(args: argparse.Namespace, name: str) -> Book:
    """The built book a language code (its main document) or a document id names (built
    first when stale), or a refusal."""
    from kb.crosslang.library import get_library

    ensure_built(args)
    found = get_library(args.data).book(name)
    if found is None:
        raise Refused(f"no document for language {name!r} in the knowledge base")
    return found


def cmd_export(args: argparse.Namespace) -> int:
    if args.format == "site":
        return export_site(args)
    if not args.lang or args.dir:
        raise Refused("--format json or md prints one language: give --lang, and no folder")
    units = built_book(args, args.lang).units  # misprints judged across books
    print(to_json(units) if args.format == "json" else to_markdown(units), end="")
    if args.format == "json":
        print()
    return 0


def export_site(args: argparse.Namespace) -> int:
    """`lawkb export --format site DIR [--ui fi,tr]`: the static site (kb/web/static_site.py)."""
    from kb.web.static_site import export_site as write

    if not args.dir:
        raise Refused("--format site writes a folder: give it (lawkb export --format site DIR)")
    ensure_built(args)
    uis = [u for u in (args.ui or "").split(",") if u] or None
    pages = write(Path(args.dir), uis, args.data or store.data_dir())
    print(f"{pages} pages written to {args.dir}")
    return 0


def cmd_cite(args: argparse.Namespace) -> int:
    book = built_book(args, args.lang)
    units = [Unit.from_json(u) for u in store.load_payload(book.id, args.data)["units"]]
    edition = book.edition
    found = resolve_citation(args.query, units, book.lang, edition)
    if found.unit is None:
        raise Refused(found.error, 1)
    result = {
        "id": found.id,
        "citation": render(found.id, book.lang),
        "international": render(found.id),
        "text": full_text(found.id, units),
        "lang": book.lang,
        "document": book.id,
        "edition": edition,
    }
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=1))
    else:
        print(f"{result['citation']} ({result['international']}, {edition})\n\n{result['text']}")
    return 0


def cmd_refs(args: argparse.Namespace) -> int:
    from kb.crosslang.library import get_library

    ensure_built(args)
    names = [args.lang] if args.lang else get_library(args.data).langs
    for name in names:
        book = built_book(args, name)
        document = store.load_payload(book.id, args.data)  # references as printed
        if args.unresolved:
            for line in book.unresolved:
                print(line)
        else:
            for unit in document["units"]:
                for ref in unit.get("refs", []):
                    where = f"{document['meta']['source']}:{ref['line']}"
                    print(f"{where}: {unit['id']}: {ref['text']} -> {', '.join(ref['targets'])}")
    return 0


def cmd_search(args: argparse.Namespace) -> int:
    from kb.crosslang.library import get_library

    ensure_built(args)
    library = get_library(args.data)
    if args.lang and args.lang != EVERY and library.book(args.lang) is None:
        print(f"lawkb search: no document for language {args.lang!r}", file=sys.stderr)
        return 2
    from kb.index.search import get_searcher

    lang = library.key(args.lang) if args.lang else EVERY
    result = get_searcher(args.data).search(args.query, lang, args.law, args.limit)
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=1))
    else:
        for hit in result["hits"]:
            where = render(hit["id"], hit["lang"]) if hit["kind"] in LAW_LEVELS else hit["id"]
            shown = html.unescape(re.sub(r"</?mark>", "*", hit["snippet"]))
            book = library.key(hit["document"])
            print(f"{book}  {where}  {hit['title']}\n    {shown}")
        if not result["hits"]:
            print(f"nothing found for {args.query!r}", file=sys.stderr)
        if result["did_you_mean"]:
            print(f"did you mean: {result['did_you_mean']}", file=sys.stderr)
    return 0 if result["hits"] else 1


# The server's defaults, chosen for the public: idle connections go after 20 s (waitress: 120 s)
# and up to 1,000 may be open (waitress: 100, then new visitors wait unanswered).
CONNECTION_LIMIT = 1000
IDLE_TIMEOUT = 20
SEVERITY_RANK = {"error": 0, "warning": 1, "info": 2, "never": -1}


def cmd_qa(args: argparse.Namespace) -> int:
    ensure_built(args)
    from kb.crosslang.library import get_library
    from kb.qa import formats, report

    library = get_library(args.data)
    langs = [library.key(x) for x in (args.langs or "").split(",") if x] or library.langs
    unknown = [x for x in langs if x not in library.books]
    if unknown:
        print(f"lawkb qa: no document for language {unknown[0]!r}", file=sys.stderr)
        return 2
    if args.format in ("tmx", "xliff"):
        books = [library.books[x] for x in langs]
        if sum(b.kind == "lawbook" for b in books) < 2:
            name = args.format.upper()
            print(f"lawkb qa: {name} needs two law books (a card has no segments)", file=sys.stderr)
            return 2
        export = formats.to_tmx if args.format == "tmx" else formats.to_xliff
        print(export(library, langs, report(library, langs)), end="")
        return 0
    if args.format in ("tbx", "csv"):
        lawbooks = [x for x in langs if library.books[x].kind == "lawbook"]
        export = formats.to_tbx if args.format == "tbx" else formats.to_csv_termbase
        print(export(library, lawbooks), end="")
        return 0
    result = report(library, langs, housekeeping=args.housekeeping)
    render = {"text": formats.to_text, "json": formats.to_json, "tsv": formats.to_tsv}
    print(render[args.format](result), end="\n" if args.format == "json" else "")
    limit = SEVERITY_RANK[args.fail_on]
    return int(any(SEVERITY_RANK[f.severity] <= limit for f in result.findings))


def cmd_serve(args: argparse.Namespace) -> int:
    from kb.web import create_app
    from kb.web.server import Activity, make_server

    limit_arenas()  # before the server's threads: a rebuild's memory is given back

    try:
        ensure_built(args)
        app = create_app(args.data, LAWKB_PUBLIC_URL=args.public_url)
    except OSError as err:
        where = f"{args.data or store.data_dir()}: {err.strerror}: {err.filename}"
        print(f"lawkb serve: cannot use the data directory {where}", file=sys.stderr)
        return 2
    except RuntimeError as err:
        print(f"lawkb serve: {err}", file=sys.stderr)
        return 2
    from kb.index.search import get_searcher

    activity = app.wsgi_app = Activity(app.wsgi_app)

    def prepare() -> None:
        """Read the alignment report, open the index, read its hot posting lists and load
        its lemma dictionaries once the server listens and has a quiet moment (a search asked
        for before opens the index itself), then give back what loading freed, and say so.
        Meanwhile the interpreter hands its lock between threads fifty times as often, so
        that a page asked for meanwhile waits less behind them. (Started with the server,
        they slowed its first pages: twelve copies' first page came 2.5 s after the start,
        the first /alignment took 0.84 s at one copy, not 0.1 s. Left to the first query
        that needs one, a lemma dictionary kept it waiting about a second.)"""
        from kb.web import alignment

        activity.wait_quiet()
        start = time.perf_counter()
        interval = sys.getswitchinterval()
        sys.setswitchinterval(interval / 50)
        try:
            alignment.warm(app).join()
            searcher = get_searcher(args.data)
            searcher.warm()
            codes = searcher.load_lemmas()
        finally:
            sys.setswitchinterval(interval)
        give_back()
        took = time.perf_counter() - start
        said = f"lemma dictionaries loaded: {', '.join(codes) or 'none'}"
        print(f"search ready (index read, {said}) in {took:.1f} s", file=sys.stderr, flush=True)

    warm = threading.Thread(target=prepare, name="warm", daemon=True)
    if args.debug:
        if os.environ.get("WERKZEUG_RUN_MAIN") == "true":  # the reloader's child serves
            warm.start()
        print(f"serving the Laws on http://{args.host}:{args.port}/", file=sys.stderr)
        app.run(host=args.host, port=args.port, debug=True)
        return 0
    try:
        server = make_server(
            app, args.host, args.port, args.threads, args.connection_limit, args.idle_timeout
        )
    except (OSError, ValueError) as err:
        reason = getattr(err, "strerror", None) or str(err)
        print(f"lawkb serve: cannot listen on {args.host}:{args.port}: {reason}", file=sys.stderr)
        return 2
    warm.start()
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)  # a queue is normal under load
    host, port = server.effective_host, server.effective_port
    shown = f"[{host}]" if ":" in str(host) else host
    print(f"serving the Laws on http://{shown}:{port}/", file=sys.stderr)
    server.run()
    return 0


def cmd_deploy(args: argparse.Namespace) -> int:
    from kb.web.deploy import DeployError, Deployment, run

    ensure_built(args)
    data = args.data or store.data_dir()
    if not store.read_manifest(data)["documents"]:
        raise Refused(f"no knowledge base in {data}: run `lawkb build` first")
    deployment = Deployment(
        nginx=args.nginx,
        data=data,
        corpus=args.corpus,
        listen=f"{args.host}:{args.port}",
        workers=args.workers,
        threads=args.threads,
        public_url=args.public_url,
    )
    try:
        return run(deployment)
    except DeployError as err:
        raise Refused(str(err)) from None


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


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="lawkb", description=__doc__.splitlines()[0])
    top.add_argument(
        "--corpus", type=Path,
        help="corpus folder (default: $LAWKB_CORPUS, else the five documents shipped)",
    )  # fmt: skip
    top.add_argument(
        "--data", type=Path,
        help="data folder (default: $LAWKB_DATA, else ~/.local/share/lawkb)",
    )  # fmt: skip
    sub = top.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="build the knowledge base and print a summary per language")
    b.add_argument("--force", action="store_true", help="parse every document again")
    b.add_argument(
        "--prune",
        action="store_true",
        help="unpublish the documents whose corpus folder is gone (kept until then)",
    )
    b.set_defaults(run=cmd_build)
    e = sub.add_parser("export", help="print one language's units in document order")
    e.add_argument("--lang", help="language code (fi, tr, ...) or document id (sk-2007): json, md")
    e.add_argument("--format", choices=("json", "md", "site"), default="json")
    e.add_argument("dir", nargs="?", help="site: the folder to write the static site into")
    e.add_argument("--ui", help="site: the UI languages, comma-separated (default: all)")
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
        "--limit", type=bounded(1, 500), default=10, help="at most this many hits (10; 1-500)"
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
        "--housekeeping",
        action="store_true",
        help="the drift between the editions and the parser's notes, not the translator's list",
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
        "--public-url", default=os.environ.get("LAWKB_PUBLIC_URL", ""),
        help="the site's public address for copied citations (default: $LAWKB_PUBLIC_URL)",
    )  # fmt: skip
    d.set_defaults(run=cmd_deploy)
    return top


@contextmanager
def chosen(args: argparse.Namespace) -> Iterator[None]:
    """While a command runs, `--corpus` and `--data` are `$LAWKB_CORPUS` and `$LAWKB_DATA`,
    so every part of the program (and a worker it starts) reads the same corpus and data;
    the profiles a corpus folder holds are used for its documents."""
    saved = {name: os.environ.get(name) for name in ("LAWKB_CORPUS", "LAWKB_DATA")}
    for option, name in ((args.corpus, "LAWKB_CORPUS"), (args.data, "LAWKB_DATA")):
        if option is not None:
            os.environ[name] = str(option.resolve())
    profiles.add_corpus(store.corpus_dir())
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def main(argv: list[str] | None = None) -> int:
    """Run `lawkb` with the given arguments (default: the command line)."""
    args = parser().parse_args(argv)
    if args.command not in ("serve", "deploy"):
        # `lawkb export | head` ends quietly. Never for a server: a reader who hangs up
        # mid-page would otherwise kill it with SIGPIPE.
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    try:
        with chosen(args):
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


if __name__ == "__main__":
    sys.exit(main())
