"""Answer repeated polls with ``304 Not Modified`` before the rest of the middleware stack.

Spectators' pages and API clients poll small resources every few seconds and almost always get
"nothing changed" (issue 7: constant, cheap polls; issue 8: hundreds of spectators at once). A
public view whose ETag comes from one cheap query registers a function that builds its 304
answer (:func:`register`); :class:`EarlyNotModifiedMiddleware`, placed right after whitenoise,
answers a conditional GET for such a view without sessions, authentication, CSRF or template
work. Anything else (no ``If-None-Match``, a changed resource, an unknown URL) goes on down the
stack to the view, which computes the same ETag again and answers normally.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.urls import Resolver404, resolve
from django.utils import translation

from scoring.converters import MAX_ID

#: view function -> builds the 304 response for (request, url kwargs), or None to go on
EarlyAnswer = Callable[[HttpRequest, dict[str, Any]], HttpResponse | None]
_EARLY: dict[Callable[..., Any], EarlyAnswer] = {}


def register(view: Callable[..., Any], answer: EarlyAnswer) -> None:
    """Let the middleware answer conditional GETs of ``view`` with ``answer``. Only for public
    views (``@login_not_required``) whose answer depends on nothing but the URL, the language
    and the database."""
    _EARLY[view] = answer


def _registered(func: Callable[..., Any]) -> EarlyAnswer | None:
    while func is not None:
        answer = _EARLY.get(func)
        if answer is not None:
            return answer
        func = getattr(func, "__wrapped__", None)
    return None


def _in_range(kwargs: dict[str, Any]) -> bool:
    """Every number of the URL fits the database's integers (the raw-SQL validators bind
    them as they are; 2**63 overflowed the driver: issue 16). The ``id`` converter already
    bounds URL ids; this keeps the early path safe for any other integer converter."""
    return all(not isinstance(v, int) or -MAX_ID <= v <= MAX_ID for v in kwargs.values())


def early_not_modified(request: HttpRequest) -> HttpResponse | None:
    """The 304 answer for ``request`` if its view registered one and the client is current."""
    if request.method not in ("GET", "HEAD") or "HTTP_IF_NONE_MATCH" not in request.META:
        return None
    try:
        match = resolve(request.path_info)
    except Resolver404:
        return None
    answer = _registered(match.func)
    if answer is None or not _in_range(match.kwargs):
        return None
    # the same language LocaleMiddleware would activate (it is part of the ETags)
    with translation.override(translation.get_language_from_request(request)):
        return answer(request, match.kwargs)


class EarlyNotModifiedMiddleware:
    """Short-circuit conditional GETs of registered public views (see the module docstring)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        answer = early_not_modified(request)
        if answer is not None:
            return answer
        return self.get_response(request)
