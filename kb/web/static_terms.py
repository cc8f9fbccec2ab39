"""A defined term's tooltip written once in the static site (`lawkb export --format site`):
every use of a defined term in a unit's text links to its definition with the definition's
first words as its title (kb/web/annotate.py), the same words wherever the term is used, in
every page of every UI language. The export writes each definition's title once,
`DIR/units/terms.js` (by book and anchor), and leaves it out of the links; the script gives
each term link its title back as the page loads. A link whose title is not its definition's
as first seen keeps its own. The served site keeps every title in the page.
"""

from __future__ import annotations

import json
import posixpath
import re
from html import unescape

FILE = "units/terms.js"
TERM = re.compile(r'(<a class="term" href="(?P<href>[^"]*)") title="(?P<title>[^"]*)"')
DEFINITIONS = re.compile(r"(?:^|/)([^/]+)/definitions/index\.html$")

SCRIPT = """"use strict";
// The title of a link to a defined term, written once (kb/web/static_terms.py).
const LAWKB_TERMS = %s;
function lawkbTerms() {
  for (const a of document.querySelectorAll("a.term:not([title])")) {
    const link = new URL(a.href);
    const book = link.pathname.match(/([^/]+)\\/definitions\\/index\\.html$/);
    const title = book && (LAWKB_TERMS[decodeURIComponent(book[1])] || {})[link.hash.slice(1)];
    if (title !== undefined) a.title = title;
  }
}
document.addEventListener("DOMContentLoaded", lawkbTerms);
"""


def key(href: str, page: str) -> tuple[str, str] | None:
    """The book and anchor of a definition a link from `page` (a path in the export) leads
    to, or None.

    >>> key("../../definitions/index.html#defpuoli", "fi/fi/law/12/index.html")
    ('fi', 'defpuoli')
    >>> key("#defpuoli", "fi/sk/definitions/index.html"), key("#x", "fi/fi/law/1/index.html")
    (('sk', 'defpuoli'), None)
    """
    path, _, anchor = href.partition("#")
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page), path)) if path else page
    found = DEFINITIONS.search(target)
    return (found.group(1), anchor) if found and anchor else None


def untitled(html: str, page: str, titles: dict[str, dict[str, str]]) -> str:
    """A page's term links without their titles, each title kept in `titles` (book ->
    anchor -> title) where it is the first one seen or the same.

    >>> titles = {}
    >>> untitled('<a class="term" href="#defa" title="A: b &amp; c">a</a>', "fi/fi/definitions/"
    ...          "index.html", titles), titles
    ('<a class="term" href="#defa">a</a>', {'fi': {'defa': 'A: b & c'}})
    """

    def strip(m: re.Match) -> str:
        where = key(m.group("href"), page)
        if where is None:
            return m.group(0)
        title = unescape(m.group("title"))
        kept = titles.setdefault(where[0], {}).setdefault(where[1], title)
        return m.group(1) if kept == title else m.group(0)

    return TERM.sub(strip, html)


def script(titles: dict[str, dict[str, str]]) -> str:
    """The file of every definition's title (`FILE`).

    >>> script({"fi": {"defa": "A"}}).splitlines()[2]
    'const LAWKB_TERMS = {"fi": {"defa": "A"}};'
    """
    return SCRIPT % json.dumps(titles, ensure_ascii=False, sort_keys=True)
