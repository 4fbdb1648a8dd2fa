"""The one home of conditional GET (issue 36): the ETag of an answer, ``304 Not Modified``, the
decorator the live pages and the API use (:func:`conditional`), fragments rendered once per
change (:func:`fragment`), and the middleware that answers repeated polls before the rest of the
stack.

An ETag is derived from what the answer is made of: the data's version (a one-query
*validator*, :mod:`scoring.selectors.live`) and :func:`render_fingerprint`, a hash of the
templates, static files, translations and code that render it, computed once at start-up. A
deployment that changes how a page looks changes every ETag; no key is kept by hand.

Spectators' pages and API clients poll small resources every few seconds and almost always get
"nothing changed" (issue 7: constant, cheap polls; issue 8: hundreds of spectators at once). A
public view whose ETag comes from one cheap query registers a function that builds its 304
answer (:func:`register`); :class:`EarlyNotModifiedMiddleware`, placed right after whitenoise,
answers a conditional GET for such a view without sessions, authentication, CSRF or template
work. Anything else (no ``If-None-Match``, a changed resource, an unknown URL) goes on down the
stack to the view, which computes the same ETag again and answers normally.

After a stroke every spectator of the match asks again with the ETag it holds. The first of them
goes down to the view; its ``200`` answer is kept in Django's cache under the URL (host, path,
language, htmx or not) with the ETag it carries (:func:`remember`). The next poller with a stale
ETag gets that kept answer once the registered function says it is current (one query: the
client's ETag and the kept one are asked together): no sessions, templates or view queries
(issue 16: 1,000 spectators on two cores). The kept answer carries its ETag, so a stale copy is
never served as current; with a cache shared by two app servers (``CACHES``) it stays correct.

A first visit (no ``If-None-Match``) gets the kept answer too once the registered function
confirms it is current: a hall's phones opening the live pages at once cost one render per
part and revision, not one each.

Each registered view declares its own maximum age (``register(..., max_age=...)``, default 0):
its kept answer is served without asking the database while it is younger than that. The
tournament's "now" part (polled every 10 s and changed by every stroke at every table) declares
``settings.LIVE_NOW_MAX_STALE_SECONDS`` (2): at most one render per window instead of one per
poll. Every other part is always confirmed with the database.
"""

from __future__ import annotations

import datetime
import functools
import hashlib
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.template.loader import render_to_string
from django.urls import Resolver404, ResolverMatch, resolve
from django.utils import translation
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import http_date, parse_etags
from django.utils.safestring import SafeString, mark_safe

from scoring.converters import MAX_ID

#: view function -> builds the 304 response for (request, url kwargs), or None to go on
EarlyAnswer = Callable[[HttpRequest, dict[str, Any]], HttpResponse | None]
#: seconds, or a function giving them when asked (so that a setting can change in tests)
MaxAge = float | Callable[[], float]


class LiveRequest(HttpRequest):
    """A request as a :func:`conditional` view sees it (the type only): the ETag it will
    carry (None when the resource is over) and the validator's value it was made from."""

    live_etag: str | None
    live_value: Any


# --- the ETag ------------------------------------------------------------------------------------

#: what an answer's look is made of besides its data (folders under BASE_DIR; static/vendor,
#: the pinned Pyodide bundle, is named by its own version)
RENDERED_FROM = ("templates", "static", "locale", "scoring")
_RENDERED_SUFFIXES = frozenset((".html", ".txt", ".css", ".js", ".svg", ".mo", ".po", ".py"))


def _rendered_files(base: Path) -> Iterator[Path]:
    for folder in RENDERED_FROM:
        root = base / folder
        for path in sorted(root.rglob("*")) if root.is_dir() else ():
            relative = path.relative_to(base).parts
            if relative[:2] == ("static", "vendor") or "__pycache__" in relative:
                continue
            if path.suffix in _RENDERED_SUFFIXES and path.is_file():
                yield path


@functools.cache
def render_fingerprint() -> str:
    """A hash of every template, static file, translation and module that renders an answer,
    computed once per process (at start-up: :class:`EarlyNotModifiedMiddleware`). Part of every
    ETag, so that a browser never keeps a page drawn by an older deployment."""
    digest = hashlib.blake2b(digest_size=12)
    base = Path(settings.BASE_DIR)
    for path in _rendered_files(base):
        digest.update(str(path.relative_to(base)).encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def etag_for(kind: str, *parts: Any) -> str:
    """The (strong) ETag of a ``kind`` of answer made of ``parts`` (the validator's value, the
    URL, …) in the active language (round names, orders and words are translated)."""
    raw = repr((render_fingerprint(), kind, translation.get_language(), parts))
    return '"' + hashlib.blake2b(raw.encode(), digest_size=12).hexdigest() + '"'


def client_holds(request: HttpRequest, etag: str) -> bool:
    """The client's ``If-None-Match`` names ``etag`` (or is ``*``): RFC 9110 13.1.2, by the
    weak comparison (13.1.2): a gzipped answer's ETag is made weak on its way out (Django's
    ``gzip_page``, nginx's ``gzip``), and the client sends it back so."""
    header = request.META.get("HTTP_IF_NONE_MATCH", "")
    if header.strip() == "*":
        return True
    wanted = etag.removeprefix("W/")
    return any(held.removeprefix("W/") == wanted for held in parse_etags(header))


def revalidate(response: HttpResponse, etag: str | None) -> HttpResponse:
    """The headers of a live answer: its ETag, kept by the browser but asked again every time
    (``no-cache``), varying with the language and the login."""
    if etag is not None:
        response["ETag"] = etag
    patch_cache_control(response, no_cache=True, max_age=0)
    patch_vary_headers(response, ("Accept-Language", "Cookie"))
    return response


def no_store(response: HttpResponse) -> HttpResponse:
    patch_cache_control(response, no_store=True)
    return response


#: adds the headers of an answer (a 200 or the 304) given its ETag
Finish = Callable[[HttpResponse, str | None], HttpResponse]


def not_modified(
    request: HttpRequest, etag: str, finish: Finish = revalidate
) -> HttpResponse | None:
    """``304 Not Modified`` (with ``finish``'s headers) if the client already holds ``etag``."""
    return finish(HttpResponseNotModified(), etag) if client_holds(request, etag) else None


def conditional(
    kind: str,
    validator: Callable[..., Any],
    *,
    page: bool = False,
    max_age: MaxAge = 0.0,
    finish: Finish = revalidate,
    missing: Callable[[], HttpResponse] | None = None,
    over: Callable[[Any], bool] | None = None,
    modified: Callable[[Any], datetime.datetime | None] | None = None,
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Decorate a view with conditional GET (RFC 9110 13.1.2, 15.4.5): ``validator(**kwargs)``
    (one query) gives the data's version; the ETag is :func:`etag_for` it and the URL. A client
    holding it gets ``304`` before the view runs; otherwise the view runs with
    ``request.live_etag`` and ``request.live_value`` set and its ``200`` gets the ETag.

    ``page``: a full page, whose navigation bar depends on who is logged in (the user is part
    of its ETag, and it is not answered early). Otherwise the middleware answers it early
    (:func:`register`, its kept copy unasked while younger than ``max_age`` seconds).
    ``finish``: the headers of its answers (default :func:`revalidate`). ``missing``: the
    answer when the validator finds nothing (default: the view's own, e.g. its 404).
    ``over(value)``: the resource will not change any more; the view answers itself (htmx's
    286, "stop polling"), never a 304. ``modified(value)``: when the data last changed, sent as
    ``Last-Modified`` (RFC 9110 8.8.2) for clients that show it; a poll is answered by its
    ETag only (two changes within one second have one ``Last-Modified``), so
    ``If-Modified-Since`` alone gets the full answer."""

    def etag_of(request: HttpRequest, value: Any) -> str:
        user = request.user.pk if page else None
        return etag_for(kind, value, request.get_full_path(), user)

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @functools.wraps(view)
        def wrapper(request: LiveRequest, **kwargs: Any) -> HttpResponse:
            value = validator(**kwargs)
            if value is None and missing is not None:
                return missing()
            live = value is not None and not (over is not None and over(value))
            etag = etag_of(request, value) if live else None
            if etag is not None and (answer := not_modified(request, etag, finish)):
                return answer
            request.live_etag = etag
            request.live_value = value
            response = view(request, **kwargs)
            if response.status_code == 200:
                changed = modified(value) if modified is not None and value is not None else None
                if changed is not None:
                    response["Last-Modified"] = http_date(changed.timestamp())
                return finish(response, etag)
            return response

        if not page:

            def early(request: HttpRequest, kwargs: dict[str, Any]) -> HttpResponse | None:
                value = validator(**kwargs)
                if value is None or (over is not None and over(value)):
                    return None
                return not_modified(request, etag_of(request, value), finish)

            register(wrapper, early, max_age=max_age)
        return wrapper

    return decorate


#: seconds a rendered fragment is kept (its key changes with the data anyway)
FRAGMENT_SECONDS = 3600


def fragment(
    request: LiveRequest, kind: str, template: str, context: Callable[[], dict[str, Any]]
) -> SafeString:
    """A rendered fragment of a :func:`conditional` view, shared by every visitor until the data
    changes: cached under the ETag of the validator's value and the URL, so big standings and
    brackets are rendered once per change, not once per visitor."""
    # the URL too: two objects of one kind may have the same version (revision, time)
    value = request.live_value
    key = "fragment:" + etag_for(kind, value, request.get_full_path())
    html: str | None = cache.get(key)
    if html is None:
        html = render_to_string(template, context(), request=request)
        cache.set(key, html, FRAGMENT_SECONDS)
    return mark_safe(html)  # noqa: S308 - rendered by our own template


# --- answered before the middleware stack ---------------------------------------------------------


class _Registration(NamedTuple):
    answer: EarlyAnswer
    max_age: MaxAge


_EARLY: dict[Callable[..., Any], _Registration] = {}


def register(view: Callable[..., Any], answer: EarlyAnswer, *, max_age: MaxAge = 0.0) -> None:
    """Let the middleware answer conditional GETs of ``view`` with ``answer``. Only for public
    views (``@login_not_required``) whose answer depends on nothing but the URL, the language
    and the database. ``max_age``: seconds its kept answer is served without asking the
    database (0: always confirmed)."""
    _EARLY[view] = _Registration(answer, max_age)


def _registered(func: Callable[..., Any]) -> _Registration | None:
    """``func``'s registration, or that of the view it wraps (``functools.wraps``)."""
    view: Callable[..., Any] | None = func
    while view is not None:
        registration = _EARLY.get(view)
        if registration is not None:
            return registration
        view = getattr(view, "__wrapped__", None)
    return None


def _seconds(max_age: MaxAge) -> float:
    return max(0.0, float(max_age() if callable(max_age) else max_age))


def _in_range(kwargs: dict[str, Any]) -> bool:
    """Every number of the URL fits the database's integers (the raw-SQL validators bind
    them as they are; 2**63 overflowed the driver: issue 16). The ``id`` converter already
    bounds URL ids; this keeps the early path safe for any other integer converter."""
    return all(not isinstance(v, int) or -MAX_ID <= v <= MAX_ID for v in kwargs.values())


#: Seconds a kept answer stays in the cache (a poller after that goes down to the view).
KEPT_SECONDS = 600
#: Headers a 304 made from a kept answer repeats (RFC 9110 15.4.5).
_NOT_MODIFIED_HEADERS = (
    "ETag",
    "Cache-Control",
    "Vary",
    "Access-Control-Allow-Origin",
    "Access-Control-Expose-Headers",
)


class Kept(NamedTuple):
    """A ``200`` answer of a registered view, as it left the view's middleware."""

    etag: str
    at: float  # time.time() when it was kept
    content_type: str
    headers: tuple[tuple[str, str], ...]
    body: bytes

    def response(self) -> HttpResponse:
        answer = HttpResponse(self.body, content_type=self.content_type)
        for key, value in self.headers:
            answer[key] = value
        return answer

    def not_modified(self) -> HttpResponse:
        answer = HttpResponseNotModified()
        for key, value in self.headers:
            if key in _NOT_MODIFIED_HEADERS:
                answer[key] = value
        return answer


class _Early(NamedTuple):
    answer: EarlyAnswer
    kwargs: dict[str, Any]
    key: str
    language: str
    max_stale: float


def _early(request: HttpRequest) -> _Early | None:
    """The registered answer of ``request``'s view, its cache key and stale window, or None
    when the request is not a GET/HEAD of a registered view."""
    if request.method not in ("GET", "HEAD"):
        return None
    try:
        match: ResolverMatch = resolve(request.path_info)
    except Resolver404:
        return None
    registration = _registered(match.func)
    if registration is None or not _in_range(match.kwargs):
        return None
    language = translation.get_language_from_request(request)
    # the Host header as sent: an answer is only kept for an allowed host (the view's stack
    # checks it), so a request with any other finds none
    raw = "|".join(
        (
            request.META.get("HTTP_HOST", ""),
            request.get_full_path(),
            language,
            request.headers.get("HX-Request", ""),
        )
    )
    key = "early:" + hashlib.blake2b(raw.encode(), digest_size=16).hexdigest()
    return _Early(registration.answer, match.kwargs, key, language, _seconds(registration.max_age))


def _ask(request: HttpRequest, early: _Early, etags: str) -> HttpResponse | None:
    """The registered answer as if the client held ``etags`` (the 304 names the current one)."""
    held = request.META.get("HTTP_IF_NONE_MATCH")
    request.META["HTTP_IF_NONE_MATCH"] = etags
    request.__dict__.pop("headers", None)  # a cached view of META
    try:
        return early.answer(request, early.kwargs)
    finally:
        if held is None:
            del request.META["HTTP_IF_NONE_MATCH"]
        else:
            request.META["HTTP_IF_NONE_MATCH"] = held
        request.__dict__.pop("headers", None)


def answer_early(request: HttpRequest, early: _Early) -> HttpResponse | None:
    """A 304 if the client is current, the kept answer if that is current, else None."""
    client = request.META.get("HTTP_IF_NONE_MATCH", "")
    kept: Kept | None = cache.get(early.key) if request.method == "GET" else None
    if kept is not None and time.time() - kept.at < early.max_stale:
        return kept.not_modified() if client_holds(request, kept.etag) else kept.response()
    if not client:  # a first visit: the kept answer if it is current, else the view
        if kept is None:
            return None
        checked = _ask(request, early, kept.etag)
        return kept.response() if checked is not None and checked.get("ETag") == kept.etag else None
    if kept is None or client_holds(request, kept.etag):
        return early.answer(request, early.kwargs)
    checked = _ask(request, early, f"{client}, {kept.etag}")
    if checked is None:
        return None
    current = checked.get("ETag")
    if current is not None and current == kept.etag and not client_holds(request, current):
        return kept.response()
    return checked if current is None or client_holds(request, current) else None


def _keepable(response: HttpResponse) -> bool:
    """A plain, finished ``200`` with an ETag and nothing tied to this one request (no cookie,
    no CSP nonce)."""
    return (
        response.status_code == 200
        and not response.streaming
        and response.has_header("ETag")
        and not response.cookies
        and "'nonce-" not in response.get("Content-Security-Policy", "")
    )


def shared(response: HttpResponse) -> HttpResponse:
    """Mark an answer of a registered public view ``Cache-Control: public`` when any visitor may
    get it (a 304, or a 200/286 with an ETag and nothing tied to this request, as the kept
    answers): the reverse proxy's micro-cache keeps only such answers (deploy/nginx.conf, issue
    29). An answer marked private or no-store stays so."""
    control = response.get("Cache-Control", "")
    if "private" in control or "no-store" in control:
        return response
    if response.status_code == 304 or (
        response.status_code in (200, 286)
        and not response.streaming
        and response.has_header("ETag")
        and not response.cookies
        and "'nonce-" not in response.get("Content-Security-Policy", "")
    ):
        patch_cache_control(response, public=True)
    return response


def remember(early: _Early, response: HttpResponse) -> None:
    """Keep ``response`` for the next pollers of the same URL (see the module docstring)."""
    if not _keepable(response):
        return
    headers = tuple((k, v) for k, v in response.items() if k != "Content-Type")
    cache.set(
        early.key,
        Kept(response["ETag"], time.time(), response["Content-Type"], headers, response.content),
        KEPT_SECONDS,
    )


def early_not_modified(request: HttpRequest) -> HttpResponse | None:
    """The 304 (or kept) answer for ``request`` if its view registered one and it is current."""
    early = _early(request)
    if early is None:
        return None
    # the same language LocaleMiddleware would activate (it is part of the ETags)
    with translation.override(early.language):
        return answer_early(request, early)


class EarlyNotModifiedMiddleware:
    """Short-circuit conditional GETs of registered public views (see the module docstring)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        render_fingerprint()  # at start-up, not in the first visitor's answer

    def __call__(self, request: HttpRequest) -> HttpResponse:
        early = _early(request)
        if early is not None:
            with translation.override(early.language):
                answer = answer_early(request, early)
            if answer is not None:
                return shared(answer)
        response = self.get_response(request)
        if early is not None and request.method == "GET":
            remember(early, shared(response))
        return response
