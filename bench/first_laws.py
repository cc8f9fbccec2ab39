"""The first answer of every query of every query set, as the site and the JSON API give it,
written as a table, so that two versions of the search can be compared query by query.

    .venv/bin/python bench/first_laws.py --out before.tsv [--data DIR]
    .venv/bin/python bench/first_laws.py --compare before.tsv after.tsv

Each query runs in the scope its set uses (tests/data/search_queries.tsv: the query's own
language; a situation set: a native query on its own book, an English one on every book
that covers its situation, see `kb.search.evaluate.runs`), through
`GET /search?q=&lang=` (the site: the first hit's law and unit link, or where a citation
redirects) and `GET /api/v1/search?q=&lang=` (the first hit's law and unit id). A line:
set, scope, query, site law, site link, API law, API id. `--compare` lists the queries
whose first law changed on either path and the share that kept it.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

from kb import store
from kb.pipeline import build
from kb.search.evaluate import read_situations, runs

ROOT = Path(__file__).resolve().parent.parent
SETS = ROOT / "tests" / "data"
LAW = re.compile(r'<section class="group"[^>]*>\s*<h2>(?:<a href="[^"]*/law/(\w+)")?')
UNIT = re.compile(r'<li><a href="([^"]+)"')


def queries(books: list[str]) -> list[tuple[str, str, str]]:
    """(set, scope, query) of every set, in the scopes the set is measured in."""
    out = []
    for line in (SETS / "search_queries.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            lang, query = line.split("\t")[:2]
            out.append(("search_queries.tsv", lang, query))
    for path in sorted(SETS.glob("situations*.tsv")):
        out += [(path.name, book, s.query) for s, book in runs(read_situations(path), books)]
    return out


def first(client, query: str, scope: str) -> tuple[str, str, str, str]:
    """The site's first law and link, the API's first law and id."""
    page = client.get("/search", query_string={"q": query, "lang": scope})
    if page.status_code in (301, 302, 303):
        site_law, site_link = "", "-> " + page.headers["Location"]
    else:
        text = page.get_data(as_text=True)
        law, link = LAW.search(text), UNIT.search(text)
        site_law = (law.group(1) or "") if law else ""
        site_link = link.group(1) if link else ""
    api = client.get("/api/v1/search", query_string={"q": query, "lang": scope}).get_json()
    hit = api["hits"][0] if api["hits"] else {"law": "", "id": ""}
    return site_law, site_link, hit["law"] or "", hit["id"]


def dump(data: Path, out: Path) -> None:
    from kb.web import create_app

    app = create_app(data)
    client = app.test_client()
    books = sorted(store.addresses(store.read_manifest(data)).values())
    lines = ["set\tscope\tquery\tsite law\tsite link\tapi law\tapi id"]
    for name, scope, query in queries(books):
        lines.append("\t".join((name, scope, query, *first(client, query, scope))))
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def compare(before: Path, after: Path) -> None:
    def rows(path: Path) -> list[list[str]]:
        return [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()[1:]]

    old, new = rows(before), rows(after)
    assert [r[:3] for r in old] == [r[:3] for r in new], "not the same queries"
    for path, (law, link) in (("site", (3, 4)), ("api", (5, 6))):
        changed = [(o, n) for o, n in zip(old, new, strict=True) if o[law] != n[law]]
        same = 1 - len(changed) / len(old)
        print(f"{path}: first law kept on {same:.1%} of {len(old)} queries; changed:")
        for o, n in changed:
            print(f"  {o[0]}\t{o[1]}\t{o[2]!r}: {o[law]} {o[link]} -> {n[law]} {n[link]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path)
    ap.add_argument("--data", type=Path, help="a built data directory (default: build one)")
    ap.add_argument("--compare", nargs=2, type=Path)
    args = ap.parse_args()
    if args.compare:
        compare(*args.compare)
    elif args.out and args.data:
        dump(args.data, args.out)
    elif args.out:
        with tempfile.TemporaryDirectory() as tmp:
            build(store.corpus_dir(), Path(tmp))
            dump(Path(tmp), args.out)
    else:
        sys.exit("--out or --compare")


if __name__ == "__main__":
    main()
