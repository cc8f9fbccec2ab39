"""The library of the app's current build (`kb.crosslang.library.get_library`), looked up
once per request: every part of a page reads the same build (a build swapped in while a
page renders does not mix two), and a law page that names it a hundred times asks once.

>>> from kb.web import create_app
>>> with create_app().test_request_context("/"):
...     library() is library(), library().main_langs
(True, ['et', 'fi', 'sk', 'sv', 'tr'])
"""

from __future__ import annotations

from flask import current_app, g, has_request_context

from kb.crosslang.library import Library, get_library


def library() -> Library:
    """The library of the current build: the request's, else (outside a request, as in a
    thread that warms the app) the current one."""
    if not has_request_context():
        return get_library(current_app.config["LAWKB_DATA"])
    lib = g.get("library")
    if lib is None:
        lib = g.library = get_library(current_app.config["LAWKB_DATA"])
    return lib
