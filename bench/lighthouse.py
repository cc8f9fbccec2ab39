"""Lighthouse (npm `lighthouse`, run by Debian's Chromium) on the home, law, compare and
search pages at mobile and desktop settings: performance, accessibility, best practices and
SEO scores, and what failed. Not a CI gate (a run takes about a minute per page).

    npm install --prefix /tmp/lh lighthouse@12.8.2
    .venv/bin/python bench/lighthouse.py [--lighthouse /tmp/lh/node_modules/.bin/lighthouse]

Serves the site of the knowledge base in $LAWKB_DATA (built if needed) with waitress on a
free loopback port. Targets (issue 12): 100 for accessibility, best practices and SEO,
performance at least 95, on every page at both settings.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from waitress.server import create_server

from kb import store
from kb.web import create_app

PAGES = {
    "home": "/",
    "law": "/fi/law/12",
    "compare": "/compare/12",
    "search": "/search?q=revoke",
}
CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
TARGET = {"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 100}


def run(lighthouse: str, url: str, preset: str, out: Path) -> dict:
    """One Lighthouse run; its report as JSON."""
    args = [
        lighthouse,
        url,
        "--quiet",
        "--output=json",
        f"--output-path={out}",
        f"--only-categories={','.join(CATEGORIES)}",
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
    ]
    if preset == "desktop":
        args.append("--preset=desktop")
    env = {"CHROME_PATH": "/usr/bin/chromium", "PATH": "/usr/bin:/bin"}
    subprocess.run(args, check=True, env=env, capture_output=True)
    return json.loads(out.read_text(encoding="utf-8"))


def failed(report: dict, category: str) -> list[str]:
    """The audits of a category that scored below 1 (informative ones left out)."""
    refs = report["categories"][category]["auditRefs"]
    audits = report["audits"]
    return [
        r["id"] for r in refs if r.get("weight") and audits[r["id"]].get("score") not in (None, 1)
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lighthouse", default="/tmp/lh/node_modules/.bin/lighthouse")
    options = parser.parse_args()
    assert store.build().ok
    server = create_server(create_app(), host="127.0.0.1", port=0, threads=4)
    threading.Thread(target=server.run, daemon=True).start()
    base = f"http://127.0.0.1:{server.effective_port}"
    missed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, path in PAGES.items():
            for preset in ("mobile", "desktop"):
                report = run(options.lighthouse, base + path, preset, Path(tmp) / "r.json")
                scores = {c: round(report["categories"][c]["score"] * 100) for c in CATEGORIES}
                below = [c for c in CATEGORIES if scores[c] < TARGET[c]]
                missed += len(below)
                line = " ".join(f"{c} {scores[c]:3d}" for c in CATEGORIES)
                notes = "; ".join(f"{c}: {', '.join(failed(report, c))}" for c in below)
                print(f"{name:8} {preset:7} {line}  {notes}", flush=True)
    server.close()
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
