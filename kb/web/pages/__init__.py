"""The HTML pages: thin views over the library, the search and the citation resolver, one
module per family of pages (`reading`, `compare`, `search`, `citations`), beside what they share
(`common`), the links they build (`links`), what templates call (`hooks`) and the error
pages (`errors`). Every view is on one blueprint, `bp`.

>>> from kb.web import create_app
>>> client = create_app().test_client()
>>> client.get("/fi/law/12").status_code, client.get("/xx/law/12").status_code
(200, 404)
>>> client.get("/fi-2017/law/12?ui=fi").headers["Location"]
'/fi/law/12?ui=fi'
"""

from __future__ import annotations

from kb.web.pages import citations, compare, hooks, reading, search
from kb.web.pages.common import bp
from kb.web.pages.errors import register_errors

__all__ = ["bp", "citations", "compare", "hooks", "reading", "register_errors", "search"]
