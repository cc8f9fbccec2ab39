"""Every request's cost is bounded before work starts: query strings, parameters and values
are capped with a clear answer beyond, pages echo and are kept under the canonical
parameters only, and the page cache counts its keys in its budget."""

from __future__ import annotations

import re
import shutil
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from unittest import mock

from flask.testing import FlaskClient

from kb import store
from kb.web import cache, create_app, params
from kb.web.pages.compare import compare as compare_page


def test_sixty_thousand_repeats_are_refused_before_any_work(client: FlaskClient) -> None:
    """`?q=a&q=a...` 60,000 times took 2 s of CPU, made a 3.9 MB page and kept 10 MB."""
    answer = client.get("/fi/law/12?ui=en&" + "&".join(["q=a"] * 60_000))
    assert answer.status_code == 414
    assert "The query string is 240005 bytes long (at most 8192)." in answer.get_data(True)
    api = client.get("/api/v1/search?" + "&".join(["q=a"] * 60))
    assert api.status_code == 400
    assert api.get_json() == {"error": "The query has 60 parameters (at most 50).", "status": 400}


def test_a_value_too_long_is_named(client: FlaskClient) -> None:
    answer = client.get("/search?ui=fi&q=" + "x" * 2001)
    assert answer.status_code == 400
    assert "Parametri ”q” on 2001 merkkiä pitkä (enintään 2000)." in answer.get_data(True)


def test_repeats_and_unknown_parameters_make_no_new_page(client: FlaskClient) -> None:
    """A page asked for with repeated values and junk is the page of its canonical address:
    the same kept page (the cache does not grow), and its links echo each value once."""
    first = client.get("/fi/law/12?ui=en&q=revokki")
    with client.application.app_context():
        pages = cache.caches().pages
    kept = pages.size
    again = client.get("/fi/law/12?ui=en&q=revokki&q=a&q=b&junk=1&junk=2&x=" + "y" * 500)
    assert again.get_data() == first.get_data()
    assert pages.size == kept
    links = re.findall(r'href="\?([^"]*)"', again.get_data(True))
    assert links and all(link.count("q=") == 1 for link in links), links[:3]


def test_canonical_parameters() -> None:
    app = create_app()
    url = "/x?langs=fi,tr&q=a&langs=tr,et&q=b&check=refs&check=refs&zzz=1"
    with app.test_request_context(url):
        assert params.canonical() == (("q", "a"), ("langs", "fi,tr,et"), ("check", "refs"))
    with app.test_request_context("/x?langs=" + ",".join(f"d{n}" for n in range(40))):
        assert params.values("langs") == [f"d{n}" for n in range(params.MAX_VALUES)]


def test_the_page_cache_counts_its_keys() -> None:
    pages = cache.PageCache(budget=10_000)
    short = pages.put(("b", "/fi/law/1", ()), b"x" * 100)
    long = pages.put(("b", "/fi/law/1", (("q", "y" * 2000),)), b"x" * 100)
    assert long.size - short.size > 2000  # the key's value is counted, not only the page
    assert pages.size == short.size + long.size


def test_a_page_is_made_once_by_the_readers_asking_for_it_at_once(client: FlaskClient) -> None:
    """Readers asking at once for a page no one has asked for yet: the first makes it, the
    others wait for it and are sent what it kept (sixteen workers made one page at once,
    and a visitor waited behind them: tests/test_serving.py)."""
    made = []
    render = compare_page.__wrapped__

    def slow(**kwargs):
        made.append(kwargs)
        time.sleep(0.3)
        return render(**kwargs)

    app = client.application
    url = "/compare/41?langs=sk,et,fi&ui=tr"  # (a page no other test asks for)
    slowed = {"pages.compare": cache.cached_page(slow)}
    with mock.patch.dict(app.view_functions, slowed), ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda _: app.test_client().get(url), range(4)))
    assert [a.status_code for a in answers] == [200] * 4 and len(made) == 1
    assert len({a.get_data() for a in answers}) == 1


def test_a_405_says_what_is_allowed(client: FlaskClient) -> None:
    for path in ("/fi/law/12", "/api/v1/laws", "/compare/12"):
        answer = client.delete(path)
        assert answer.status_code == 405
        assert set(answer.headers["Allow"].split(", ")) == {"GET", "HEAD", "OPTIONS"}


def test_a_site_with_no_search_index_says_so(tmp_path: Path) -> None:
    """A data directory whose index is gone (replaced by one never built): the search page
    and the API answer 503 saying why, not 500."""
    data = tmp_path / "data"
    source = store.data_dir()
    shutil.copytree(source, data, symlinks=True)
    (store.current(data) / "index").unlink()
    client = create_app(data).test_client()
    page = client.get("/search?q=revoke&ui=en")
    assert page.status_code == 503 and "The search index is being built." in page.get_data(True)
    api = client.get("/api/v1/search?q=revoke")
    assert api.status_code == 503 and api.get_json()["status"] == 503
