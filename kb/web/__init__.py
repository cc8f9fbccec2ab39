"""The site: read, compare side by side, search and cite the Laws, with its UI in six languages.

>>> app = create_app()
>>> app.test_client().get("/").status_code
200
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from kb import store
from kb.crosslang.library import get_library
from kb.web import alignment, api, assets, cache, docs, i18n, pages, params, security

SITE = Path(__file__).resolve().parent.parent / "site"  # shipped in the package


def create_app(data: Path | None = None, **config) -> Flask:
    """The Flask application over the knowledge base in `data` (default: $LAWKB_DATA or
    the user's data directory). The knowledge base must be built (`lawkb build`; `lawkb
    serve` builds it)."""
    app = Flask(
        __name__,
        template_folder=str(SITE / "templates"),
        static_folder=str(SITE / "static"),
        static_url_path="/static",
    )
    app.config.update(
        LAWKB_DATA=Path(data or store.data_dir()).resolve(),
        JSON_SORT_KEYS=False,
        SEND_FILE_MAX_AGE_DEFAULT=3600,
    )
    app.config.update(config)
    data = Path(app.config["LAWKB_DATA"])
    try:
        built = (data / "kb" / "manifest.json").exists()
        if built:
            get_library(data)  # read now, once: no request meets a knowledge base it cannot read
    except (OSError, ValueError) as err:
        raise RuntimeError(f"cannot read the knowledge base in {data}: {err}") from err
    if not built:
        raise RuntimeError(f"no knowledge base in {data}: run `lawkb build` first")
    cache.init_app(app)
    i18n.init_app(app)
    security.init_app(app)
    params.init_app(app)
    assets.init_app(app)
    app.register_blueprint(pages.bp)
    app.register_blueprint(alignment.bp)
    app.register_blueprint(docs.bp)
    app.register_blueprint(api.bp, url_prefix="/api/v1")
    pages.register_errors(app)
    return app
