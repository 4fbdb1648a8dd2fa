"""Error pages: the JSON API answers its errors in JSON, every other page in HTML.

Set as ``handler400``/``403``/``404``/``500`` in the root URLconf. A client of ``/api/`` reads
``{"error": …, "status": …}`` with the same status code, never an HTML page (issue 16).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults

API_PREFIX = "/api/"

_WORDS = {400: "bad request", 403: "forbidden", 404: "not found", 405: "method not allowed",
          429: "too many requests", 500: "server error"}


def _api(request: HttpRequest) -> bool:
    return request.path_info.startswith(API_PREFIX)


def _json(status: int) -> HttpResponse:
    response = JsonResponse({"error": _WORDS[status], "status": status}, status=status)
    response["Cache-Control"] = "no-store"
    return response


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _json(400) if _api(request) else defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _json(403) if _api(request) else defaults.permission_denied(request, exception)


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _json(404) if _api(request) else defaults.page_not_found(request, exception)


def server_error(request: HttpRequest, *args: Any) -> HttpResponse:
    return _json(500) if _api(request) else defaults.server_error(request)


class ApiErrorsMiddleware:
    """Any error answer of ``/api/`` that is not JSON yet (405 of a POST, 400 of a bad host,
    403 of CSRF) becomes ``{"error": …, "status": …}`` with the same status code."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (response.status_code >= 400 and _api(request)
                and not response.get("Content-Type", "").startswith("application/json")):
            status = response.status_code
            json = JsonResponse({"error": _WORDS.get(status, response.reason_phrase.lower()),
                                 "status": status}, status=status)
            for header in ("Allow", "Retry-After"):
                if header in response:
                    json[header] = response[header]
            json["Cache-Control"] = "no-store"
            return json
        return response
