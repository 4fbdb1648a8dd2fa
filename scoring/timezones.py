"""The tournament's own time zone (issue 15): the hall clock, the live pages, the sheets and the
exports show the local 24-hour time of the venue, not the server's ``TIME_ZONE``.

One place for it:

* :func:`tournament_zone` is the zone of a tournament (its ``time_zone`` field, an IANA name;
  the server's ``settings.TIME_ZONE`` when empty or unknown);
* :func:`clock` formats a moment as the sheets and the hall print it ("14:05", 24-hour in
  English and German alike);
* :func:`activated` shows times in it inside a ``with`` block (management commands, selectors);
* ``scoring/zone_middleware.py`` activates it for every request to a tournament's pages.

Nothing here reads the models (they use the choices and the validator of this module).
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import zoneinfo
from collections.abc import Iterator
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


def default_time_zone() -> str:
    """The default of a new tournament: the server's ``TIME_ZONE``."""
    return settings.TIME_ZONE or "UTC"


@functools.cache
def _names() -> tuple[str, ...]:
    zones = [
        n
        for n in zoneinfo.available_timezones()
        if "/" in n and not n.startswith(("Etc/", "SystemV/", "posix/", "right/"))
    ]
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
        raise ValidationError(
            _("Unknown time zone %(name)s; use an IANA name such as Europe/Berlin."),
            params={"name": value},
            code="time_zone",
        ) from None


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


def local_date(moment: datetime.datetime | None, tournament: Any = None) -> datetime.date | None:
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
