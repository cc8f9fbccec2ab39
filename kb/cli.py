"""The `lawkb` command: build the knowledge base and export it.

>>> main(["--help"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
SystemExit: 0
"""

from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path

from kb import store
from kb.export import to_json, to_markdown


def cmd_build(args: argparse.Namespace) -> int:
    report = store.build(args.corpus, args.data, force=args.force)
    if report.up_to_date:
        print("knowledge base up to date", file=sys.stderr)
    else:
        done = ", ".join(report.built) or "nothing"
        print(f"parsed: {done}; reused: {', '.join(report.reused) or 'nothing'}", file=sys.stderr)
    for lang, problems in sorted(report.errors.items()):
        for problem in problems:
            print(problem, file=sys.stderr)
        print(f"{lang}: not built ({len(problems)} errors)", file=sys.stderr)
    for line in store.summary(store.read_manifest(args.data)):
        print(line)
    return 0 if report.ok else 1


def ensure_built(args: argparse.Namespace) -> None:
    """Build first when the knowledge base is missing or older than the corpus."""
    if store.is_stale(args.corpus, args.data):
        report = store.build(args.corpus, args.data)
        for lang, problems in report.errors.items():
            print(f"{lang}: {len(problems)} errors; see `lawkb build`", file=sys.stderr)


def cmd_export(args: argparse.Namespace) -> int:
    ensure_built(args)
    try:
        units = store.load_units(args.lang, args.data)
    except KeyError as err:
        print(f"lawkb export: {err.args[0]}", file=sys.stderr)
        return 2
    print(to_json(units) if args.format == "json" else to_markdown(units), end="")
    if args.format == "json":
        print()
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="lawkb", description=__doc__.splitlines()[0])
    top.add_argument("--corpus", type=Path, help="corpus folder (default: the repository's)")
    top.add_argument("--data", type=Path, help="data folder (default: $LAWKB_DATA or ./var)")
    sub = top.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="build the knowledge base and print a summary per language")
    b.add_argument("--force", action="store_true", help="parse every document again")
    b.set_defaults(run=cmd_build)
    e = sub.add_parser("export", help="print one language's units in document order")
    e.add_argument("--lang", required=True, help="language code (fi, tr, sk, et, sv)")
    e.add_argument("--format", choices=("json", "md"), default="json")
    e.set_defaults(run=cmd_export)
    return top


def main(argv: list[str] | None = None) -> int:
    """Run `lawkb` with the given arguments (default: the command line)."""
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `lawkb export | head` ends quietly
    args = parser().parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
