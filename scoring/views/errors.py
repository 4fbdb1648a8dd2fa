"""Error pages: the JSON API answers its errors in JSON, every other page in HTML.

Set as ``handler400``/``403``/``404``/``500`` in the root URLconf. A client of ``/api/`` reads
``{"error": …, "status": …}`` with the same status code, never an HTML page (issue 16).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.views import defaults

API_PREFIX = "/api/"

_WORDS = {
    400: "bad request",
    403: "forbidden",
    404: "not found",
    405: "method not allowed",
    429: "too many requests",
    500: "server error",
    503: "database busy, nothing saved",
}

#: seconds a client should wait before trying again after a busy database (503)
RETRY_AFTER_SECONDS = 5

# What the drivers say when a request waited too long: SQLite's busy timeout, PostgreSQL's
# statement_timeout / lock_timeout (settings.py sets both below the worker's timeout).
_BUSY_WORDS = (
    "database is locked",
    "database table is locked",
    "canceling statement due to statement timeout",
    "canceling statement due to lock timeout",
    "lock timeout",
)


def _api(request: HttpRequest) -> bool:
    return request.path_info.startswith(API_PREFIX)


def _json(status: int) -> HttpResponse:
    response = JsonResponse({"error": _WORDS[status], "status": status}, status=status)
    response["Cache-Control"] = "no-store"
    return response


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if _api(request):
        return _json(400)
    return defaults.bad_request(request, exception or Exception())


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if _api(request):
        return _json(403)
    return defaults.permission_denied(request, exception or Exception(), template_name="403.html")


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _json(404) if _api(request) else defaults.page_not_found(request, exception)


def server_error(request: HttpRequest, *args: Any) -> HttpResponse:
    # Django calls this inside its `except`: a busy database raised outside a view (a session
    # saved by the middleware, say) still gets the 503 "nothing saved" answer.
    busy = busy_answer(request, sys.exc_info()[1])
    if busy is not None:
        return busy
    return _json(500) if _api(request) else defaults.server_error(request)


class ApiErrorsMiddleware:
    """Any error answer of ``/api/`` that is not JSON yet (405 of a POST, 400 of a bad host,
    403 of CSRF) becomes ``{"error": …, "status": …}`` with the same status code."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            response.status_code >= 400
            and _api(request)
            and not response.get("Content-Type", "").startswith("application/json")
        ):
            status = response.status_code
            json = JsonResponse(
                {"error": _WORDS.get(status, response.reason_phrase.lower()), "status": status},
                status=status,
            )
            for header in ("Allow", "Retry-After"):
                if header in response:
                    json[header] = response[header]
            json["Cache-Control"] = "no-store"
            return json
        return response


def database_busy(exception: BaseException) -> bool:
    """Whether ``exception`` is a database that stayed busy past its wait limit (and so rolled
    back: nothing was written), as opposed to a bug."""
    if not isinstance(exception, OperationalError):
        return False
    text = str(exception).lower()
    return any(words in text for words in _BUSY_WORDS)


class DatabaseBusyMiddleware:
    """A request that waited past the database's limit (SQLite busy timeout, PostgreSQL
    statement or lock timeout, all below gunicorn's worker timeout) ends with ``503`` and a
    clear "nothing saved, try again" page, JSON under ``/api/``, with ``Retry-After``: never a
    bare 500 or a killed worker (issue 16). The tablet keeps the stroke queued and sends it
    again with the same idempotency key, so a retry never records twice."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        return busy_answer(request, exception)


def busy_answer(request: HttpRequest, exception: BaseException | None) -> HttpResponse | None:
    """The 503 answer for a busy database, or None when ``exception`` is something else."""
    if exception is None or not database_busy(exception):
        return None
    if _api(request):
        response = _json(503)
    else:
        response = HttpResponse(loader.render_to_string("503.html", request=request), status=503)
        response["Cache-Control"] = "no-store"
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
