"""Conditional GET for the live pages: ETags built from a one-query validator, ``304 Not
Modified`` (also answered early by :mod:`scoring.conditional`), and fragments rendered once per
change and shared by every spectator."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_not_required
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from scoring import conditional as early_answers

#: Part of every ETag: bump it when templates change so browsers do not keep an old page.
LIVE_VERSION = "live-1"

FRAGMENT_SECONDS = 3600


def make_etag(kind: str, validator: Any, *extra: Any) -> str:
    raw = repr((LIVE_VERSION, kind, get_language(), validator, extra))
    return '"' + hashlib.blake2b(raw.encode(), digest_size=12).hexdigest() + '"'


def revalidate(response: HttpResponse, etag: str | None) -> HttpResponse:
    """Let the browser keep the response but ask every time (``If-None-Match``)."""
    if etag is not None:
        response["ETag"] = etag
    patch_cache_control(response, no_cache=True, max_age=0)
    patch_vary_headers(response, ("Accept-Language", "Cookie"))
    return response


def not_modified(request: HttpRequest, etag: str) -> HttpResponse | None:
    """``304 Not Modified`` if the client already holds ``etag``."""
    if etag in parse_etags(request.headers.get("If-None-Match", "")) or (
        request.headers.get("If-None-Match", "").strip() == "*"
    ):
        return revalidate(HttpResponseNotModified(), etag)
    return None


def conditional(
    kind: str,
    validator: Callable[..., Any],
    *,
    page: bool = False,
    max_age: early_answers.MaxAge = 0.0,
):
    """Decorate a view: compute ``validator(**kwargs)`` (one query), answer 304 if the client
    has it, otherwise call the view with ``request.live_etag`` set and put the ETag on the
    answer. ``page``: a full page, whose navigation bar also depends on who is logged in.
    ``max_age``: seconds the early answer may serve its kept copy unasked
    (:func:`scoring.conditional.register`)."""

    def decorate(view):
        @wraps(view)
        def wrapper(request: HttpRequest, **kwargs: Any) -> HttpResponse:
            value = validator(**kwargs)
            extra = (request.get_full_path(), request.user.pk if page else None)
            etag = make_etag(kind, value, *extra) if value is not None else None
            if etag is not None and (answer := not_modified(request, etag)):
                return answer
            request.live_etag = etag  # type: ignore[attr-defined]
            request.live_value = value  # type: ignore[attr-defined]
            response = view(request, **kwargs)
            if response.status_code == 200:
                return revalidate(response, etag)
            return response

        if not page:  # a full page also depends on who is logged in: not answered early

            def early(request: HttpRequest, kwargs: dict[str, Any]) -> HttpResponse | None:
                value = validator(**kwargs)
                if value is None:
                    return None
                return not_modified(request, make_etag(kind, value, request.get_full_path(), None))

            early_answers.register(wrapper, early, max_age=max_age)
        return wrapper

    return decorate


def fragment(
    request: HttpRequest, kind: str, template: str, context: Callable[[], dict[str, Any]]
) -> str:
    """A rendered fragment, shared by every visitor until the data changes: cached (per
    process) under the ETag of the validator the request was checked with. Big standings and
    brackets are then rendered once per change, not once per visitor."""
    key = "live:" + make_etag(kind, request.live_value)  # type: ignore[attr-defined]
    html = cache.get(key)
    if html is None:
        html = render_to_string(template, context(), request=request)
        cache.set(key, html, FRAGMENT_SECONDS)
    return mark_safe(html)  # noqa: S308 - rendered by our own template


def no_store(response: HttpResponse) -> HttpResponse:
    patch_cache_control(response, no_store=True)
    return response


def page_and_part(
    names: tuple[str, str],
    kinds: tuple[str, str],
    validator: Callable[..., Any],
    template: str,
    part: str,
    context: Callable[..., dict[str, Any]],
    *,
    part_max_age: early_answers.MaxAge = 0.0,
) -> tuple[Callable[..., HttpResponse], Callable[..., HttpResponse]]:
    """A public live page and its polled part (``template#part``), both drawn from
    ``context(request, **url kwargs)`` and checked against ``validator`` under their ETag
    ``kinds`` (page, part); the page's ETag also depends on who is logged in, the part's is
    answered early (its kept copy unasked while younger than ``part_max_age`` seconds).
    Returns the two views, with their ``names``."""

    def page_view(request: HttpRequest, **kwargs: Any) -> HttpResponse:
        return render(request, template, context(request, **kwargs))

    def part_view(request: HttpRequest, **kwargs: Any) -> HttpResponse:
        return render(request, f"{template}#{part}", context(request, **kwargs))

    page_view.__name__ = page_view.__qualname__ = names[0]
    part_view.__name__ = part_view.__qualname__ = names[1]
    return (
        login_not_required(require_safe(conditional(kinds[0], validator, page=True)(page_view))),
        login_not_required(
            require_safe(conditional(kinds[1], validator, max_age=part_max_age)(part_view))
        ),
    )
