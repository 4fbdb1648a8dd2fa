"""The JSON API made discoverable (issue 35): ``/api/v1/`` lists the resources, the OpenAPI 3.1
description is served at ``/api/v1/openapi.json`` and rendered as a page of the docs at
``/api/v1/docs/`` (the app's own template and CSS, no CDN).

The description is written in :mod:`scoring.views.openapi`, beside the API
(:mod:`scoring.views.api`), and ``tests/live/test_openapi.py`` checks it against every route
and the actual answers of each (strictly: an undocumented field fails), so the two cannot drift
apart.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import URLPattern, path, reverse
from django.views.decorators.http import require_safe

from scoring.views.api_base import json_answer
from scoring.views.openapi import OPENAPI_VERSION, PARAMETERS, ROUTES, description

__all__ = [
    "OPENAPI_VERSION",
    "PARAMETERS",
    "ROUTES",
    "description",
    "docs",
    "index",
    "openapi",
    "root",
    "urlpatterns",
]


def _headers(response: HttpResponse) -> HttpResponse:
    response["Access-Control-Allow-Origin"] = "*"
    return response


@login_not_required
@require_safe
def root(request: HttpRequest) -> HttpResponse:
    """``/api/``: the current version's index."""
    return redirect("scoring:api-index")


@login_not_required
@require_safe
def index(request: HttpRequest) -> HttpResponse:
    """``/api/v1/``: the resources, with the URL of those that need no id."""
    resources = []
    for route, name, summary, _text, _schema, _tag, params in ROUTES:
        if name == "api-index":
            continue
        item: dict[str, Any] = {"name": summary, "path": route, "description": _text}
        if not params:
            item["url"] = request.build_absolute_uri(reverse(f"scoring:{name}"))
        resources.append(item)
    return json_answer(
        {
            "version": "1",
            "resources": resources,
            "openapi": request.build_absolute_uri(reverse("scoring:api-openapi")),
            "docs": request.build_absolute_uri(reverse("scoring:api-docs")),
        }
    )


@login_not_required
@require_safe
def openapi(request: HttpRequest) -> HttpResponse:
    return _headers(
        HttpResponse(json.dumps(description(), ensure_ascii=False), content_type="application/json")
    )


def _schema_rows(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """The fields of an object schema as table rows for the docs page."""
    rows = []
    for field, spec in schema.get("properties", {}).items():
        rows.append(
            {
                "name": field,
                "type": _type_text(spec),
                "required": field in schema.get("required", []),
                "description": spec.get("description", ""),
            }
        )
    return rows


def _type_text(spec: dict[str, Any]) -> str:
    if "$ref" in spec:
        return str(spec["$ref"]).rsplit("/", 1)[-1]
    if "oneOf" in spec:
        return " | ".join(_type_text(s) for s in spec["oneOf"])
    kind = spec.get("type", "object")
    kinds = kind if isinstance(kind, list) else [kind]
    parts = []
    for k in kinds:
        if k == "array":
            parts.append(f"[{_type_text(spec.get('items', {}))}]")
        elif "enum" in spec and k == "string":
            parts.append(" | ".join(f'"{v}"' for v in spec["enum"]))
        elif "format" in spec and k == "string":
            parts.append(f"string ({spec['format']})")
        else:
            parts.append(k)
    return " | ".join(parts)


@login_not_required
@require_safe
def docs(request: HttpRequest) -> HttpResponse:
    """The description rendered as a page (server-side, no script, no CDN)."""
    doc = description()
    operations = []
    for route, name, summary, text, schema, tag, _params in ROUTES:
        operation = doc["paths"][route]["get"]
        operations.append(
            {
                "path": route,
                "summary": summary,
                "description": text,
                "tag": tag,
                "name": name,
                "parameters": [p for p in operation.get("parameters", []) if p["in"] == "path"],
                "responses": sorted(operation["responses"]),
                "returns": _type_text(schema),
                "anchor": schema.get("$ref", schema.get("items", {}).get("$ref", "")).rsplit(
                    "/", 1
                )[-1],
            }
        )
    schemas = [
        {"name": key, "description": value.get("description", ""), "rows": _schema_rows(value)}
        for key, value in doc["components"]["schemas"].items()
    ]
    return render(
        request,
        "scoring/api/docs.html",
        {
            "info": doc["info"],
            "operations": operations,
            "schemas": schemas,
            "openapi_url": reverse("scoring:api-openapi"),
            "index_url": reverse("scoring:api-index"),
        },
    )


urlpatterns: list[URLPattern] = [
    path("api/", root, name="api-root"),
    path("api/v1/", index, name="api-index"),
    path("api/v1/openapi.json", openapi, name="api-openapi"),
    path("api/v1/docs/", docs, name="api-docs"),
]
