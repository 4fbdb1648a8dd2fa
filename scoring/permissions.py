"""Who may change what: the one module that decides every write. The default is deny.

Roles (issue 8):

- **organiser** of a tournament: a superuser, or a user in ``Tournament.organisers``. May change
  the tournament, its events, draws, players, tables, and correct any match of it (also after
  confirmation, logged).
- **umpire** of a match: the user assigned as ``Match.umpire``, or whoever holds the match's
  private umpire link (``Match.umpire_token``) while it is valid: not revoked and not past the
  end of the tournament's last day.
- **public**: reads only.

Views ask here; services never see a request. Every answer is a plain boolean or raises
:class:`~django.core.exceptions.PermissionDenied`.
"""

from __future__ import annotations

import datetime
import secrets
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.utils import timezone

from scoring.models import Championship, Club, Match, Tournament
from scoring.services.matches import Actor

#: How long after the tournament's last day an umpire link keeps working.
LINK_GRACE = datetime.timedelta(days=1)
#: How long an umpire link still opens its match after the match is confirmed (the tablet
#: shows the confirmed result; then the link no longer works).
CONFIRMED_LINK_GRACE = datetime.timedelta(minutes=10)


def is_organiser(user: Any, tournament: Tournament | None) -> bool:
    """May ``user`` change ``tournament``?"""
    if tournament is None or not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    cache = getattr(user, "_organiser_of", None)
    if cache is None:
        cache = set(user.organised_tournaments.values_list("pk", flat=True))
        user._organiser_of = cache
    return tournament.pk in cache


def require_organiser(user: Any, tournament: Tournament) -> None:
    """:raises PermissionDenied: unless ``user`` organises ``tournament``."""
    if not is_organiser(user, tournament):
        raise PermissionDenied("organisers of this tournament only")


def may_merge_players(user: Any, tournament: Tournament, touched: set[int]) -> bool:
    """May ``user`` merge two players from ``tournament``'s pages (issue 31)? An organiser of
    it, when every tournament the two records play in (``touched``) is one they organise:
    an organiser never moves another organiser's entries. A superuser (a federation's
    owner) may merge any two."""
    if not is_organiser(user, tournament):
        return False
    if user.is_superuser:
        return True
    return all(is_organiser(user, Tournament(pk=pk)) for pk in touched)


def link_is_valid(match: Match, token: str, now: datetime.datetime | None = None) -> bool:
    """Is ``token`` the match's umpire link, not revoked and not expired?"""
    if not token or not secrets.compare_digest(str(token).encode(), match.umpire_token.encode()):
        return False
    if match.umpire_token_revoked_at is not None:
        return False
    now = now or timezone.now()
    # a confirmed match needs no umpire: its link ends soon after (issue 16; the organiser
    # may unlock the match or renew the link, both audited)
    if (
        match.status == Match.Status.CONFIRMED
        and match.confirmed_at is not None
        and now > match.confirmed_at + CONFIRMED_LINK_GRACE
    ):
        return False
    end = match.event.tournament.end_date
    expires = timezone.make_aware(datetime.datetime.combine(end, datetime.time.max))
    return now <= expires + LINK_GRACE


def may_score(user: Any, match: Match, token: str | None = None) -> bool:
    """May this visitor record events on ``match`` (with the link ``token`` if given)?"""
    if token is not None and link_is_valid(match, token):
        return True
    if not getattr(user, "is_authenticated", False):
        return False
    if match.umpire_id is not None and match.umpire_id == user.pk:
        return True
    return is_organiser(user, match.event.tournament)


def may_correct_locked(user: Any, match: Match) -> bool:
    """Only an organiser changes a confirmed match (logged as a correction)."""
    return is_organiser(user, match.event.tournament)


def actor_for(request: HttpRequest, match: Match, token: str | None = None) -> Actor:
    """The :class:`Actor` of a request that :func:`may_score` allowed.

    :raises PermissionDenied: if the request may not score ``match``.
    """
    user = request.user
    if not may_score(user, match, token):
        raise PermissionDenied("only this match's umpire may record on it")
    organiser = is_organiser(user, match.event.tournament)
    if token is not None and link_is_valid(match, token):
        via = "link"
    else:
        via = "organiser" if organiser else "account"
    forwarded = request.META.get("REMOTE_ADDR")
    return Actor(
        user=user if getattr(user, "is_authenticated", False) else None,
        via=via,
        device=request.headers.get("User-Agent", "")[:200],
        ip=forwarded,
        may_edit_locked=organiser,
    )


def organiser_actor(request: HttpRequest, tournament: Tournament) -> Actor:
    """The :class:`Actor` of an organiser's request (for the audit trail)."""
    require_organiser(request.user, tournament)
    return Actor(
        user=request.user,
        via="organiser",
        device=request.headers.get("User-Agent", "")[:200],
        ip=request.META.get("REMOTE_ADDR"),
        may_edit_locked=True,
    )


def may_manage_club(user: Any, club: Club | None) -> bool:
    """May ``user`` change ``club`` (or federation), its members and its championships
    (issue 33)? Its owner, a co-owner, or a superuser."""
    if club is None or not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser or club.owner_id == user.pk:
        return True
    return club.co_owners.filter(pk=user.pk).exists()


def require_club_manager(user: Any, club: Club) -> None:
    """:raises PermissionDenied: unless ``user`` manages ``club``."""
    if not may_manage_club(user, club):
        raise PermissionDenied("the owners of this club only")


def may_manage_championship(user: Any, championship: Championship) -> bool:
    """A championship is managed by whoever manages the club or federation that owns it."""
    return may_manage_club(user, championship.club)


def may_create_club(user: Any) -> bool:
    """Any organiser (a staff user) may found a club or federation; he becomes its owner."""
    return bool(getattr(user, "is_authenticated", False) and (user.is_staff or user.is_superuser))
