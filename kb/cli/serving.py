"""The commands that serve the site: `serve` (one process) and `deploy` (nginx in front of
workers)."""

from __future__ import annotations

import argparse
import logging
import os
import sys
import threading
import time
from typing import TYPE_CHECKING

from kb import store
from kb.core.memory import give_back, limit_arenas

if TYPE_CHECKING:
    pass
from kb.cli.common import Refused, ensure_built


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
    from kb.search.searcher import get_searcher

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
            codes = get_searcher(args.data).load_lemmas()
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
