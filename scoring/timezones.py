"""The tournament's own time zone (issue 15): the hall clock, the live pages, the sheets and the
exports show the local 24-hour time of the venue, not the server's ``TIME_ZONE``.

One place for it:

* :func:`tournament_zone` is the zone of a tournament (its ``time_zone`` field, an IANA name;
  the server's ``settings.TIME_ZONE`` when empty or unknown);
* :func:`clock` formats a moment as the sheets and the hall print it ("14:05", 24-hour in
  English and German alike);
* :class:`TournamentTimeZoneMiddleware` activates the zone for every request to a tournament's
  pages (the URL names it by ``slug``, ``event_id``, ``match_id`` or umpire ``token``), so
  ``{{ moment|time }}`` and ``timezone.localtime`` in templates and views are local;
* :func:`activated` does the same outside a request (management commands, selectors).
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import hashlib
import time
import zoneinfo
from collections.abc import Callable, Iterator
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db.models.signals import post_delete, post_save
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


def default_time_zone() -> str:
    """The default of a new tournament: the server's ``TIME_ZONE``."""
    return settings.TIME_ZONE or "UTC"


@functools.cache
def _names() -> tuple[str, ...]:
    zones = [n for n in zoneinfo.available_timezones()
             if "/" in n and not n.startswith(("Etc/", "SystemV/", "posix/", "right/"))]
    return (*sorted(zones), "UTC")


def time_zone_choices() -> list[tuple[str, str]]:
    """The IANA zones an organiser may pick (``Europe/Berlin``, …) plus UTC."""
    names = set(_names()) | {default_time_zone()}
    return [(n, n.replace("_", " ")) for n in sorted(names)]


def validate_time_zone(value: str) -> None:
    """A known IANA name, else a clear message."""
    try:
        zoneinfo.ZoneInfo(value)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, TypeError):
        raise ValidationError(_("Unknown time zone %(name)s; use an IANA name such as "
                                "Europe/Berlin."), params={"name": value},
                              code="time_zone") from None


def zone_named(name: str | None) -> datetime.tzinfo:
    """The zone called ``name``; the server's default for an empty or unknown name."""
    for candidate in (name, default_time_zone(), "UTC"):
        if candidate:
            try:
                return zoneinfo.ZoneInfo(candidate)
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                continue
    return datetime.UTC


def tournament_zone(tournament: Any) -> datetime.tzinfo:
    """The zone the tournament's times are shown in."""
    return zone_named(getattr(tournament, "time_zone", "") if tournament is not None else "")


def clock(moment: datetime.datetime | None, tournament: Any = None) -> str:
    """``moment`` as local 24-hour time ("14:05"); in the tournament's zone if given, else in
    the active one. Empty for ``None``."""
    if moment is None:
        return ""
    zone = tournament_zone(tournament) if tournament is not None else None
    return timezone.localtime(moment, zone).strftime("%H:%M")


def local_date(moment: datetime.datetime | None, tournament: Any = None
               ) -> datetime.date | None:
    """The calendar day of ``moment`` at the venue."""
    if moment is None:
        return None
    zone = tournament_zone(tournament) if tournament is not None else None
    return timezone.localtime(moment, zone).date()


@contextlib.contextmanager
def activated(tournament: Any) -> Iterator[None]:
    """Show times in the tournament's zone inside the ``with`` block."""
    with timezone.override(tournament_zone(tournament)):
        yield


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


post_save.connect(forget_zones, sender="scoring.Tournament",
                  dispatch_uid="timezones-forget-save")
post_delete.connect(forget_zones, sender="scoring.Tournament",
                    dispatch_uid="timezones-forget-delete")


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
    from scoring.models import Event, Match, Tournament

    if "slug" in kwargs:
        query = Tournament.objects.filter(slug=kwargs["slug"]).values_list("time_zone")
    elif "event_id" in kwargs:
        query = Event.objects.filter(pk=kwargs["event_id"]).values_list(
            "tournament__time_zone")
    elif "match_id" in kwargs:
        query = Match.objects.filter(pk=kwargs["match_id"]).values_list(
            "event__tournament__time_zone")
    elif "token" in kwargs:
        query = Match.objects.filter(umpire_token=kwargs["token"]).values_list(
            "event__tournament__time_zone")
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

    def process_view(self, request: HttpRequest, view: Callable[..., Any], args: Any,
                     kwargs: dict[str, Any]) -> None:
        name = _zone_name_for(kwargs)
        if name is not None:
            timezone.activate(zone_named(name))
