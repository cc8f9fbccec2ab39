"""The alignment report is computed once per build for a set of documents, whatever order a
reader lists them in (each ordering was a new 1-3 s computation behind one lock), and the
report over every document is the one the build stored."""

from __future__ import annotations

from unittest import mock

from flask.testing import FlaskClient

from kb.web import alignment


def test_any_order_of_the_same_documents_is_one_computation(client: FlaskClient) -> None:
    with mock.patch.object(alignment, "align_books", wraps=alignment.align_books) as made:
        orders = ("fi,tr", "tr,fi", "tr,fi,tr", "fi,,tr")
        pages = [client.get(f"/alignment?ui=en&langs={order}") for order in orders]
        laws = [client.get(f"/alignment/12?ui=en&langs={order}") for order in orders]
        assert [p.status_code for p in pages + laws] == [200] * 8
        assert made.call_count <= 1  # (0: computed by an earlier test of this build)
        everything = client.get("/alignment?ui=en&langs=sv,et,sk,tr,fi")
        assert everything.status_code == 200 and made.call_count <= 1  # the stored report
    # The columns follow the order asked for.
    for order, first, second in (("fi,tr", "Finnish", "Turkish"), ("tr,fi", "Turkish", "Finnish")):
        page = client.get(f"/alignment/12?ui=en&langs={order}").get_data(True)
        head = page[page.index("<h2>Units side by side</h2>") :]
        assert head.index(f">{first} 2017<") < head.index(f">{second} 2017<")
