"""The API's own description: ``/openapi.json`` made to say what the server answers, and ``/docs``,
that description as a plain page of ours (served with the site's security headers and nothing loaded
from elsewhere: FastAPI's Swagger UI comes from a CDN with inline script).

FastAPI describes each operation from its signature alone, which misses what the app does around
it: every refusal is ``{"detail": "one sentence"}`` (a 422 too: ``app.py`` writes the first problem
as a sentence, not pydantic's list), every change is checked for its session's CSRF token (403) and
its body's size and pace (413, 408), and some refusals come from deeper down (a stale version, a
throttle, a quota). :func:`describe` rewrites the document once, after FastAPI made it, by rules
over the paths (so a new route under ``/api/rooms/{room_id}/`` is described like its siblings);
the operations that read their body by hand describe it with :func:`json_body`.
``tests/test_web_openapi.py`` fuzzes every operation against this document (schemathesis).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import HTMLResponse

__all__ = ["router", "describe", "json_body", "ERROR_SCHEMA"]

router = APIRouter(include_in_schema=False)
_METHODS = ("get", "post", "put", "patch", "delete")


def _operations(schema: dict[str, Any]) -> str:
    rows = []
    for path, item in schema.get("paths", {}).items():
        for method in _METHODS:
            operation = item.get(method)
            if operation is None:
                continue
            params = ", ".join(
                escape(str(p.get("name"))) for p in operation.get("parameters", []) if p.get("in") == "query"
            )
            text = escape(operation.get("description") or operation.get("summary") or "")
            rows.append(
                f'<section class="card"><h2><code>{method.upper()} {escape(path)}</code></h2>'
                f"<p>{text}</p>" + (f"<p class=muted>Query: {params}</p>" if params else "") + "</section>"
            )
    return "\n".join(rows)


@router.get("/docs", response_class=HTMLResponse)
def docs(request: Request) -> HTMLResponse:
    schema = request.app.openapi()
    info = schema.get("info", {})
    page = (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(info.get('title', 'API'))} API</title>"
        '<link rel="stylesheet" href="/static/style.css"></head><body><main>'
        f"<h1>{escape(info.get('title', 'API'))} API {escape(str(info.get('version', '')))}</h1>"
        f"<p>{escape(info.get('summary', ''))} The schema: <a href=/openapi.json>/openapi.json</a>; "
        "what each answer holds: docs/web.md.</p>"
        f"{_operations(schema)}</main></body></html>"
    )
    return HTMLResponse(page)


# ---------------------------------------------------------------------------- the OpenAPI document

ERROR_SCHEMA: dict[str, Any] = {
    "title": "Error",
    "type": "object",
    "properties": {"detail": {"type": "string", "description": "One sentence: what was refused and why."}},
    "required": ["detail"],
}
_ERROR = {"$ref": "#/components/schemas/Error"}
_UNSAFE = frozenset({"post", "put", "patch", "delete"})
_REASONS = {
    401: "Not signed in (or a wrong username or password).",
    403: "No session or a wrong X-CSRF-Token (every change), or not yours to do.",
    404: "No such thing, or not yours.",
    408: "The request body did not arrive in time.",
    409: "Not now: the state changed (a stale version, a hand over or in play, a name or chair taken).",
    413: "The request body is larger than allowed.",
    422: "The request is malformed: the first problem, field first.",
    429: "Too many: a throttle or a quota. Retry-After says when to try again, where waiting helps.",
}
_RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait before trying again.", "schema": {"type": "integer"}}}

# (methods, path pattern): the operations that may answer each status beyond the rules for all.
_Rule = tuple[frozenset[str], re.Pattern[str]]


def _rule(methods: str, pattern: str) -> _Rule:
    chosen = _UNSAFE | {"get"} if methods == "*" else _UNSAFE if methods == "unsafe" else frozenset({methods})
    return chosen, re.compile(pattern)


_SIGNED_IN = [_rule("*", r"/api/account(/.*)?"), _rule("post", r"/api/auth/(login|logout-everywhere)")]
_CONFLICTS = [
    _rule("post", r"/api/auth/signup"),  # the username is taken
    _rule("*", r"/api/games/\{game_id\}(/.*)?"),  # a stale version, the hand over or in play
    _rule("post", r"/api/rooms/\{room_id\}/.+"),  # chairs, the room's state, a stale decision
    _rule("get", r"/api/rooms/\{room_id\}/result"),
    _rule("unsafe", r"/api/sheets/\{sheet_id\}/.+"),  # a sheet changed at the same moment
]
_LIMITED = [
    _rule("post", r"/api/auth/(signup|login)"),  # sign-in throttling, passwords hashed a few at a time
    _rule("unsafe", r"/api/account(/password)?"),  # a password checked counts as a sign-in
    _rule("post", r"/api/(games|rooms|sheets|sheets/import)"),  # creation quotas
    _rule("post", r"/api/rooms/\{room_id\}/actions"),  # actions a second
]


def _matches(rules: list[_Rule], method: str, path: str) -> bool:
    return any(method in methods and pattern.fullmatch(path) for methods, pattern in rules)


def _answers(method: str, path: str, operation: dict[str, Any]) -> set[int]:
    """The refusals this operation may give, beyond those FastAPI found in its signature."""
    answers: set[int] = set()
    if method in _UNSAFE:
        answers |= {403, 408, 413}  # the session's CSRF token; the body's size and pace (limits.py)
    if "requestBody" in operation:
        answers.add(422)
    if "{" in path:
        answers.add(404)
    for status, rules in ((401, _SIGNED_IN), (409, _CONFLICTS), (429, _LIMITED)):
        if _matches(rules, method, path):
            answers.add(status)
    return answers


def _error_answer(status: int) -> dict[str, Any]:
    answer: dict[str, Any] = {"description": _REASONS[status], "content": {"application/json": {"schema": _ERROR}}}
    if status == 429:
        answer["headers"] = _RETRY_AFTER
    return answer


def _rewrite(document: dict[str, Any]) -> None:
    schemas = document.setdefault("components", {}).setdefault("schemas", {})
    schemas.pop("HTTPValidationError", None)
    schemas.pop("ValidationError", None)
    schemas["Error"] = ERROR_SCHEMA
    for path, item in document.get("paths", {}).items():
        for method, operation in item.items():
            if method not in _UNSAFE | {"get"}:
                continue
            responses = operation.setdefault("responses", {})
            for status in sorted(_answers(method, path, operation) | {int(s) for s in responses if s == "422"}):
                responses[str(status)] = _error_answer(status)


def describe(app: FastAPI) -> None:
    """Make ``app.openapi()`` (and so ``/openapi.json`` and ``/docs``) the rewritten document."""
    made_by_fastapi: Callable[[], dict[str, Any]] = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            document = made_by_fastapi()
            _rewrite(document)
            app.openapi_schema = document
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def json_body(schema: dict[str, Any], example: Any = None) -> dict[str, Any]:
    """``openapi_extra`` for an operation that reads its JSON body itself (after checking who asks,
    or under a size limit of its own): the body it takes, described."""
    content: dict[str, Any] = {"schema": schema}
    if example is not None:
        content["example"] = example
    return {"requestBody": {"required": True, "content": {"application/json": content}}}
