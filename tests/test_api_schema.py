"""The API's OpenAPI description is true: it names exactly the routes the site has, and a
real API fuzzer (schemathesis) exercises every operation against it: no server error, no
answer that breaks the schema."""

from __future__ import annotations

import pytest
import schemathesis
from flask import Flask
from hypothesis import HealthCheck, given, settings

from kb.web.openapi import SPEC

pytestmark = pytest.mark.slow  # schemathesis over every API operation


def test_the_description_names_every_api_route_and_no_other(app: Flask) -> None:
    routes = {
        rule.rule.removeprefix("/api/v1").replace("<path:", "{").replace("<", "{").replace(">", "}")
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/api/v1/")
    }
    assert routes == set(SPEC["paths"])


def test_the_description_is_served(app: Flask) -> None:
    answer = app.test_client().get("/api/v1/openapi.json")
    assert answer.status_code == 200 and answer.get_json() == SPEC


OPERATIONS = [f"GET {path}" for path in SPEC["paths"]]


@pytest.mark.parametrize("operation", OPERATIONS)
def test_every_operation_answers_within_its_description(app: Flask, operation: str) -> None:
    """Schemathesis generates requests for the operation (valid and invalid parameters) and
    checks each answer: no 5xx, status and body as described, JSON as declared."""
    api = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)
    method, path = operation.split(" ", 1)

    @given(case=api[path][method].as_strategy())
    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    def exercise(case: schemathesis.Case) -> None:
        # The WSGI transport does not decode compressed bodies (tests/test_wire.py checks
        # compression): ask for them as they are.
        case.call_and_validate(headers={"Accept-Encoding": "identity"})

    exercise()
