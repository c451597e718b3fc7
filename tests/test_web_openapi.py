"""``/openapi.json`` says what the server does: every operation of the API is fuzzed from the document
itself (schemathesis: data that fits each schema, and data that does not), as a guest and signed
in, and every answer must be no server error (5xx) and match the document (a documented status, its
content type, its schema). Over the ASGI app: no network, no server process.

Schemathesis's own pytest plugin cannot name its tests under this pytest, so each operation's cases
are drawn from its Hypothesis strategy (``APIOperation.as_strategy``) in a loop, and the failures of
every operation are reported together."""

from __future__ import annotations

import random
from typing import Any

import pytest
import requests
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis import checks as st_checks

from sparrow.web.app import create_app
from tests.clients import entered
from tests.scale import scaled
from tests.web_support import database_url, random_address

# A 5xx, or an answer outside the document: status, content type, body, headers.
CHECKS = [
    st_checks.not_a_server_error,
    st_checks.status_code_conformance,
    st_checks.content_type_conformance,
    st_checks.response_schema_conformance,
    st_checks.response_headers_conformance,
]
EXAMPLES = scaled(10)  # each operation, each mode (fitting data, unfitting data), each visitor


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    for url in database_url("sqlite", tmp_path_factory):
        application = create_app(url)  # the quotas at their defaults: their 429s are documented too
        yield application
        application.state.store.close()


class Visitor:
    """A browser's session as the fuzzer sends it (its cookie and CSRF token on every request), signed
    in or a guest. A case may end the session (signing up, in or out): it is then made again, from an
    address of the visitor's own and as a known device of the account, so that the fuzzer's own
    failed sign-ins and sign-ups (throttled by address) never hold it back."""

    def __init__(self, app: Any, signed_in: bool) -> None:
        self.client = entered(TestClient(app, client=(random_address(), 40000)))
        self.signed_in = signed_in
        self.username = f"fuzz{random.randrange(10**9)}"
        self.session = requests.Session()
        self.renew()

    def renew(self) -> None:
        self.client.cookies.delete("sparrow_session")  # the device cookie stays
        csrf = self.client.get("/api/session").json()["csrf_token"]
        if self.signed_in:
            path = "/api/auth/login" if self.session.cookies else "/api/auth/signup"
            body = {"username": self.username, "password": "correct horse battery"}
            answer = self.client.post(path, json=body, headers={"X-CSRF-Token": csrf})
            assert answer.status_code in (200, 201), answer.text
            csrf = answer.json()["csrf_token"]
        self.session.cookies.clear()
        self.session.cookies.set("sparrow_session", self.client.cookies["sparrow_session"])
        self.session.headers["X-CSRF-Token"] = csrf

    def still_there(self) -> bool:
        self.client.cookies.delete("sparrow_session")
        self.client.cookies.set("sparrow_session", self.session.cookies["sparrow_session"])
        answer = self.client.get("/api/session").json()
        same = answer["csrf_token"] == self.session.headers["X-CSRF-Token"]
        return same and (answer["user"] is not None) == self.signed_in


def _fuzz(operation: Any, mode: GenerationMode, visitor: Visitor) -> str | None:
    """The first failure found on ``operation`` (None: none)."""

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def run(case: Any) -> None:
        try:
            case.call_and_validate(session=visitor.session, checks=CHECKS)
        finally:
            if not visitor.still_there():
                visitor.renew()

    try:
        run()
    except Unsatisfiable:
        return None  # no data of this mode exists for it (no parameters, or any string fits)
    except (Exception, BaseExceptionGroup) as error:  # schemathesis's FailureGroup is an exception group
        return f"{operation.method.upper()} {operation.path} ({mode.value}): {error}"
    return None


@pytest.mark.slow
@pytest.mark.parametrize("signed_in", [False, True], ids=["guest", "signed-in"])
def test_every_operation_answers_as_its_document_says(app, signed_in):
    document = schemathesis.openapi.from_asgi("/openapi.json", app)
    visitor = Visitor(app, signed_in)
    failures = []
    operations = [result.ok() for result in document.get_all_operations()]
    assert len(operations) > 40
    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            failure = _fuzz(operation, mode, visitor)
            if failure is not None:
                failures.append(failure)
    assert not failures, "\n\n".join(failures)


# ---------------------------------------------------------------------------- what the fuzzer found, pinned


@pytest.mark.parametrize("path", ["/api/auth/login", "/api/games", "/api/rooms"])
def test_a_body_that_is_not_utf8_is_the_same_422_as_any_body_that_is_not_json(app, path):
    """Found by the fuzzer: FastAPI answered bytes that are no UTF-8 with its own 400 ("There was an
    error parsing the body"), which the document does not list, in no sentence of ours."""
    visitor = Visitor(app, signed_in=False)
    answer = visitor.client.post(
        path,
        content=b"\xc6\x9f\xff)",
        headers={"X-CSRF-Token": visitor.session.headers["X-CSRF-Token"], "Content-Type": "application/json"},
    )
    assert answer.status_code == 422, answer.text
    assert answer.json() == {"detail": "The request body is not valid JSON."}


def test_the_document_describes_every_refusal_as_one_sentence(app):
    document = TestClient(app).get("/openapi.json").json()
    assert document["components"]["schemas"]["Error"]["properties"]["detail"] == {
        "type": "string",
        "description": "One sentence: what was refused and why.",
    }
    assert "HTTPValidationError" not in document["components"]["schemas"]
    create = document["paths"]["/api/games"]["post"]["responses"]
    assert {"403", "422", "429"} <= set(create) and "Retry-After" in create["429"]["headers"]
    act = document["paths"]["/api/games/{game_id}/actions"]["post"]
    assert {"403", "404", "409", "422"} <= set(act["responses"]) and act["requestBody"]["required"]
    for path, method in [
        ("/api/sheets", "post"),
        ("/api/sheets/import", "post"),
        ("/api/sheets/{sheet_id}/rows/{n}", "put"),
        ("/api/score", "post"),
        ("/api/settle", "post"),
        ("/api/calculator/read", "post"),
        ("/api/calculator/link", "post"),
    ]:
        assert "schema" in document["paths"][path][method]["requestBody"]["content"]["application/json"], path
