"""``/docs``: the API's own description (FastAPI's OpenAPI schema) as a plain page of ours, served
with the site's security headers and nothing loaded from elsewhere (FastAPI's Swagger UI comes
from a CDN with inline script). The machine-readable schema stays at ``/openapi.json``."""

from __future__ import annotations

from html import escape
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

__all__ = ["router"]

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
