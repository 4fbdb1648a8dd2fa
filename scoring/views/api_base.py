"""What every endpoint of the read-only JSON API under ``/api/v1/`` shares (docs/API.md):
:func:`api_view`, the JSON answer and its headers, absolute links.

No login, GET/HEAD only, nothing changes data. Every answer carries an ``ETag`` and
``Cache-Control: no-cache``: a client that sends ``If-None-Match`` gets ``304 Not Modified``
when nothing changed; for matches, boards and events the ETag comes from one cheap query
(:mod:`scoring.selectors.live` validators), so an unchanged poll costs one query. Answers allow
any origin (``Access-Control-Allow-Origin: *``): the data is public, and dashboards in the hall
should not need a proxy. The ETags and the 304s are :mod:`scoring.conditional`'s, the one
conditional GET of the live pages and the API.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_not_required
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.views.decorators.http import require_safe

from scoring.conditional import conditional, etag_for, not_modified


def api_headers(response: HttpResponse, etag: str | None) -> HttpResponse:
    """The API's headers (:func:`scoring.conditional.conditional`'s ``finish``): the ETag,
    ``no-cache``, and any origin may read it."""
    if etag is not None:
        response["ETag"] = etag
    patch_cache_control(response, no_cache=True, max_age=0)
    patch_vary_headers(response, ("Origin",))
    response["Access-Control-Allow-Origin"] = "*"
    response["Access-Control-Expose-Headers"] = "ETag"
    return response


def json_answer(data: Any, etag: str | None = None, status: int = 200) -> HttpResponse:
    """``data`` as the API's compact JSON, with the API's headers."""
    body = json.dumps(
        data, cls=DjangoJSONEncoder, ensure_ascii=False, indent=None, separators=(",", ":")
    )
    response = HttpResponse(body, content_type="application/json", status=status)
    return api_headers(response, etag)


def not_found() -> HttpResponse:
    return json_answer({"detail": "not found"}, status=404)


def api_view(
    kind: str,
    validator: Callable[..., Any] | None = None,
    *,
    modified: Callable[[Any], datetime.datetime | None] | None = None,
) -> Callable[[Callable[..., Any]], Callable[..., HttpResponse]]:
    """A public GET endpoint answering JSON with an ETag (:mod:`scoring.conditional`).

    With ``validator(**kwargs)`` (one query) the ETag is known before any work is done: an
    unchanged resource costs one query, and the middleware shares one body between pollers;
    without, the ETag is a hash of the body. ``modified(value)``: when the resource last
    changed (its ``Last-Modified``), from the validator's value."""

    def decorate(view: Callable[..., Any]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def answer(request: HttpRequest, **kwargs: Any) -> HttpResponse:
            try:
                data = view(request, **kwargs)
            except Http404:
                return not_found()
            if validator is not None:
                return json_answer(data)  # the decorator puts its ETag on it
            body = json.dumps(data, cls=DjangoJSONEncoder, sort_keys=True)
            etag = etag_for(kind, body, request.get_full_path())
            return not_modified(request, etag, api_headers) or json_answer(data, etag)

        endpoint: Callable[..., HttpResponse] = answer
        if validator is not None:
            endpoint = conditional(
                kind, validator, finish=api_headers, missing=not_found, modified=modified
            )(answer)
        return login_not_required(require_safe(endpoint))

    return decorate


def absolute(request: HttpRequest, name: str, **kwargs: Any) -> str:
    """The absolute URL of the route ``name`` (a resource links its page and its parts)."""
    return request.build_absolute_uri(reverse(name, kwargs=kwargs))
