"""Fast over a bad connection: static files under content-hashed names cached for a year,
pages and API answers compressed (brotli, zstd or gzip) and answered 304 when unchanged, and
the offline web app's manifest and service worker.

>>> from kb.web import create_app
>>> client = create_app().test_client()
>>> css = asset_url("site.css", client.application)
>>> css.startswith("/static/site.") and css.endswith(".css")
True
>>> client.get(css).headers["Cache-Control"]
'public, max-age=31536000, immutable'
"""

from __future__ import annotations

import hashlib
import re
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path

from flask import Flask, Response, current_app, render_template, request, send_from_directory
from flask_compress import Compress

YEAR = 365 * 86400
HASHED = re.compile(r"^(?P<stem>.+)\.(?P<digest>[0-9a-f]{10})(?P<ext>\.[a-z0-9]+)$")
COMPRESSED = [
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
]


def hashed_name(path: Path) -> str:
    """A static file's name with the first ten hex digits of its content's SHA-256 inserted.

    >>> import tempfile
    >>> f = Path(tempfile.mkdtemp()) / "site.css"
    >>> _ = f.write_text("a{}")
    >>> hashed_name(f)
    'site.5f546eb460.css'
    """
    digest = hashlib.sha256(path.read_bytes()).hexdigest()[:10]
    return f"{path.stem}.{digest}{path.suffix}"


def asset_url(name: str, app: Flask | None = None) -> str:
    """The cache-forever address of a static file (its content-hashed name)."""
    app = app or current_app
    return f"{app.static_url_path}/{app.extensions['lawkb_assets'].get(name, name)}"


def init_app(app: Flask) -> None:
    """Hash the static files, serve them for a year under their hashed names (their plain
    names still answer, cached for an hour), compress answers, add validators to pages and
    JSON, and serve the web app's manifest, icon and service worker."""
    folder = Path(app.static_folder or "")
    names = {p.name: hashed_name(p) for p in folder.iterdir() if p.is_file()}
    app.extensions["lawkb_assets"] = names
    real = {hashed: plain for plain, hashed in names.items()}
    plain_static = app.view_functions["static"]

    def static(filename: str) -> Response:
        if filename not in real:
            return plain_static(filename=filename)
        response = send_from_directory(folder, real[filename], max_age=YEAR)
        response.cache_control.immutable = True
        response.cache_control.public = True
        return response

    app.view_functions["static"] = static
    app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED)
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "zstd", "gzip"])
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["br", "zstd", "gzip"])  # files
    Compress(app)
    app.after_request(conditional)  # runs before compression (after_request runs last first)
    app.add_url_rule("/sw.js", "service_worker", service_worker)
    app.add_url_rule("/manifest.webmanifest", "manifest", manifest)
    app.add_url_rule("/favicon.ico", "favicon", favicon)
    app.add_template_global(asset_url, "asset_url")


def conditional(response: Response) -> Response:
    """An ETag (of the body, unless a kept page brings its own with its compressed body) and
    a Last-Modified (the build's time) on every page and JSON answer, and 304 Not Modified
    when the reader already has it."""
    cacheable = response.mimetype in ("text/html", "application/json", "text/javascript")
    if request.method not in ("GET", "HEAD") or response.status_code != 200 or not cacheable:
        return response
    encoded = response.headers.get("Content-Encoding")
    if response.is_streamed or (encoded and not response.get_etag()[0]):
        return response
    from kb.web.current import library

    built = built_at(library().build_id)
    if built is not None and not response.last_modified:
        response.last_modified = built
    if not encoded:
        response.add_etag()
    response.cache_control.no_cache = True  # revalidate: a rebuild changes the page at once
    return response.make_conditional(request)


@lru_cache(maxsize=8)  # once per build: strptime takes a lock every server thread waits on
def built_at(build_id: str) -> datetime | None:
    """When a build was made, read from its id (`20261124-082324-5f66ec22`), in UTC.

    >>> built_at("20261124-082324-5f66ec22")
    datetime.datetime(2026, 11, 24, 8, 23, 24, tzinfo=datetime.timezone.utc)
    >>> built_at("") is None
    True
    """
    try:
        return datetime.strptime(build_id[:15], "%Y%m%d-%H%M%S").replace(tzinfo=UTC)
    except ValueError:
        return None


def service_worker() -> Response:
    """The service worker (scope `/`): the pages once read work offline; a book saved in one
    tap works offline whole. Its cache is named after the build, so a rebuild refreshes it."""
    from kb.web.current import library

    lib = library()
    assets = [asset_url(name) for name in ("site.css", "site.js", "icon.svg")] + ["/offline"]
    body = render_template("sw.js", build=lib.build_id, assets=assets)
    response = Response(body, mimetype="text/javascript")
    response.cache_control.no_cache = True
    return response


def manifest() -> Response:
    """The web app manifest: installable, opening at the home page."""
    body = render_template("manifest.webmanifest", icon=asset_url("icon.svg"))
    return Response(body, mimetype="application/manifest+json")


def favicon() -> Response:
    """The site's icon where browsers look for it without asking the page."""
    response = send_from_directory(Path(current_app.static_folder or ""), "icon.svg", max_age=YEAR)
    response.mimetype = "image/svg+xml"
    return response
