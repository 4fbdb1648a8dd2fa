"""The tournament's time zone for every request to its pages (issue 15):
:class:`TournamentTimeZoneMiddleware` activates the zone (``scoring/timezones.py``) of the
tournament a URL names by ``slug``, ``event_id``, ``match_id`` or umpire ``token``, so
``{{ moment|time }}`` and ``timezone.localtime`` in templates and views are local; other pages
keep the server's ``TIME_ZONE``.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from typing import Any

from django.core.cache import cache
from django.db.models import QuerySet
from django.db.models.signals import post_delete, post_save
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from scoring.models import Event, Match, Tournament
from scoring.timezones import zone_named

#: A poll of a live page costs no query for its zone (ETag answers stay at one query): the zone
#: of a URL's tournament is remembered in the cache for a minute, under a version that moves
#: whenever a tournament is saved or deleted.
ZONE_CACHE_SECONDS = 60
URL_KEYS = ("slug", "event_id", "match_id", "token")
_VERSION_KEY = "timezones:version"


def forget_zones(**_: Any) -> None:
    """Forget the remembered zones (a tournament was saved or deleted)."""
    try:
        cache.incr(_VERSION_KEY)
    except ValueError:  # not set yet (or evicted): any fresh version will do
        cache.set(_VERSION_KEY, time.time_ns(), None)


def connect() -> None:
    """Forget the remembered zones whenever a tournament is saved or deleted (apps.py)."""
    post_save.connect(forget_zones, sender=Tournament, dispatch_uid="timezones-forget-save")
    post_delete.connect(forget_zones, sender=Tournament, dispatch_uid="timezones-forget-delete")


def _zone_name_for(kwargs: dict[str, Any]) -> str | None:
    """The time zone of the tournament a URL's arguments name, if any (one small query, then
    remembered for :data:`ZONE_CACHE_SECONDS`)."""
    name = next((n for n in URL_KEYS if n in kwargs), None)
    if name is None:
        return None
    version = cache.get_or_set(_VERSION_KEY, 1, None)
    digest = hashlib.sha256(str(kwargs[name]).encode()).hexdigest()[:32]
    key = f"timezones:{version}:{name}:{digest}"
    zone = cache.get(key)
    if zone is None:
        zone = _query_zone_name(kwargs) or ""
        cache.set(key, zone, ZONE_CACHE_SECONDS)
    return zone or None


def _query_zone_name(kwargs: dict[str, Any]) -> str | None:
    query: QuerySet[Any, tuple[str]]
    if "slug" in kwargs:
        query = Tournament.objects.filter(slug=kwargs["slug"]).values_list("time_zone")
    elif "event_id" in kwargs:
        query = Event.objects.filter(pk=kwargs["event_id"]).values_list("tournament__time_zone")
    elif "match_id" in kwargs:
        query = Match.objects.filter(pk=kwargs["match_id"]).values_list(
            "event__tournament__time_zone"
        )
    elif "token" in kwargs:
        query = Match.objects.filter(umpire_token=kwargs["token"]).values_list(
            "event__tournament__time_zone"
        )
    else:
        return None
    row = query.first()
    return row[0] if row else None


class TournamentTimeZoneMiddleware:
    """Activates the tournament's time zone for the views of its pages (public, live, hall,
    organiser, umpire, printing, API); other pages keep the server's ``TIME_ZONE``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()

    def process_view(
        self, request: HttpRequest, view: Callable[..., Any], args: Any, kwargs: dict[str, Any]
    ) -> None:
        name = _zone_name_for(kwargs)
        if name is not None:
            timezone.activate(zone_named(name))
