"""The commands that build, read and check the knowledge base: build, export, cite, refs,
search, qa."""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from kb import store
from kb.cli.common import SEVERITY_RANK, WORKERS, Refused, built_book, ensure_built, plural
from kb.core import progress
from kb.core.ids import LAW_LEVELS
from kb.core.model import EVERY
from kb.export import to_json, to_markdown
from kb.layers.cite import render
from kb.pipeline import build

if TYPE_CHECKING:
    from kb.crosslang.library import Library
    from kb.qa.model import Report


def cmd_build(args: argparse.Namespace) -> int:
    report = build(args.corpus, args.data, args.force, args.prune, WORKERS, args.pages)
    print(f"knowledge base in {args.data or store.data_dir()}", file=sys.stderr)
    if report.up_to_date:
        print("knowledge base up to date", file=sys.stderr)
    else:
        done = ", ".join(report.built) or "nothing"
        print(f"parsed: {done}; reused: {', '.join(report.reused) or 'nothing'}", file=sys.stderr)
    print(f"search index {'built' if report.indexed else 'up to date'}", file=sys.stderr)
    if args.pages:
        said = f"{plural(report.pages, 'page')} written" if report.pages else "up to date"
        print(f"pages as files: {said}", file=sys.stderr)
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


def cmd_render(args: argparse.Namespace) -> int:
    from kb.web.prerender import render_pages

    ensure_built(args)
    written = render_pages(args.data, args.ui, args.public_url, WORKERS)
    if written:
        print(f"{plural(written, 'page')} written as files", file=sys.stderr)
    else:
        print("every page is written as files already", file=sys.stderr)
    return 0


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
    uis = args.ui or None  # (a list: `choices_list`)
    pages = write(Path(args.dir), uis, args.data or store.data_dir())
    print(f"{pages} pages written to {args.dir}")
    return 0


def cmd_cite(args: argparse.Namespace) -> int:
    from kb.crosslang.citations import resolve
    from kb.crosslang.library import get_library

    built_book(args, args.lang)  # the book asked for exists (a card's law books are looked in)
    found = resolve(get_library(args.data, bounded=False), args.query, args.lang)
    if found is None or not found.found:
        raise Refused(found.resolution.error if found else "no law book to cite from", 1)
    result = found.answer()
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=1))
    else:
        heading = f"{result['citation']} ({result['international']}, {result['edition']})"
        print(f"{heading}\n\n{result['text']}")
    return 0


def cmd_refs(args: argparse.Namespace) -> int:
    from kb.crosslang.library import get_library

    ensure_built(args)
    names = [args.lang] if args.lang else get_library(args.data, bounded=False).langs
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
    library = get_library(args.data, bounded=False)
    if args.lang and args.lang != EVERY and library.book(args.lang) is None:
        print(f"lawkb search: no document for language {args.lang!r}", file=sys.stderr)
        return 2
    from kb.search.searcher import get_searcher

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


def write_xliff(library: Library, langs: list[str], found: Report, out: str | None) -> int:
    """XLIFF is bilingual: one document per pair of law books (the first with each other);
    one pair prints to standard output, several need `--out DIR` (a file `fi-et.xlf` each)."""
    from kb.qa import formats

    pairs = formats.xliff_pairs(library, langs)
    if out is None and len(pairs) > 1:
        names = ", ".join(f"{a}-{b}" for a, b in pairs)
        message = (f"lawkb qa: XLIFF is bilingual and {len(pairs)} pairs were asked ({names}): "
                   "give --out DIR for a file each, or --langs with two books")  # fmt: skip
        print(message, file=sys.stderr)
        return 2
    if out is None:
        print(formats.to_xliff(library, list(pairs[0]), found), end="")
        return 0
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    for source, target in pairs:
        path = folder / f"{source}-{target}.xlf"
        path.write_text(formats.to_xliff(library, [source, target], found), encoding="utf-8")
        print(path)
    return 0


def cmd_qa(args: argparse.Namespace) -> int:
    ensure_built(args)
    from kb.crosslang.library import get_library
    from kb.qa import formats, report

    library = get_library(args.data, bounded=False)
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
        found = report(library, langs, own_lists=args.ignore)
        if args.format == "tmx":
            print(formats.to_tmx(library, langs, found), end="")
            return 0
        return write_xliff(library, langs, found, args.out)
    if args.format in ("tbx", "csv"):
        lawbooks = [x for x in langs if library.books[x].kind == "lawbook"]
        export = formats.to_tbx if args.format == "tbx" else formats.to_csv_termbase
        print(export(library, lawbooks), end="")
        return 0
    with progress.stage("checks"):
        result = report(library, langs, housekeeping=args.housekeeping, own_lists=args.ignore)
    write = {"text": formats.to_text, "json": formats.to_json, "tsv": formats.to_tsv}
    print(write[args.format](result), end="\n" if args.format == "json" else "")
    limit = SEVERITY_RANK[args.fail_on]
    return int(any(SEVERITY_RANK[f.severity] <= limit for f in result.findings))
