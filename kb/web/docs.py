"""The project's documentation (`docs/*.md`, shipped in the package) served under `/docs/`,
rendered with the `markdown` package in the site's frame: `/docs/` lists the pages by their
first heading, `/docs/<name>` shows one, its links to the other pages made links of the site.
The pages are in English (marked so for the reader's browser and screen reader).

>>> from kb.web import create_app
>>> client = create_app().test_client()
>>> page = client.get("/docs/architecture").get_data(as_text=True)
>>> "<h1>Architecture</h1>" in page, 'href="/docs/search"' in page
(True, True)
>>> client.get("/docs/nothing").status_code, client.get("/docs/").status_code
(404, 200)
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import markdown
import nh3
from flask import Blueprint, abort, render_template
from flask_babel import gettext as _
from markupsafe import Markup

from kb.web.cache import cached_page

DOCS = Path(__file__).resolve().parent.parent / "docs"  # shipped in the package
TAGS = {
    "h1", "h2", "h3", "h4", "p", "a", "ul", "ol", "li", "code", "pre", "em", "strong",
    "table", "thead", "tbody", "tr", "th", "td", "blockquote", "hr", "br",
}  # fmt: skip
LOCAL = re.compile(r'href="(?:\./)?([a-z0-9_-]+)\.md(#[^"]*)?"')

bp = Blueprint("docs", __name__)


def pages() -> dict[str, str]:
    """The documentation's pages by name, each with its first heading.

    >>> pages()["qa"]
    "The translators' alignment report"
    """
    found = {}
    for path in sorted(DOCS.glob("*.md")):
        first = path.read_text(encoding="utf-8").split("\n", 1)[0]
        found[path.stem] = first.lstrip("# ").strip()
    return found


@cache
def rendered(name: str) -> Markup:
    """A page of the documentation as safe HTML, its links to other pages the site's.

    >>> 'href="/docs/qa"' in rendered("architecture")
    True
    """
    text = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    body = markdown.markdown(text, extensions=["tables", "fenced_code"])
    body = LOCAL.sub(lambda m: f'href="/docs/{m.group(1)}{m.group(2) or ""}"', body)
    return Markup(nh3.clean(body, tags=TAGS, attributes={"a": {"href"}}))


@bp.route("/docs/")
@cached_page
def index():
    listed = sorted(pages().items(), key=lambda p: p[0] != "architecture")
    return render_template("docs.html", title=_("Documentation"), listed=listed, body=None)


@bp.route("/docs/<name>")
@cached_page
def page(name: str):
    titles = pages()
    if name not in titles:
        abort(404, _("The page you asked for does not exist."))
    return render_template("docs.html", title=titles[name], listed=None, body=rendered(name))
