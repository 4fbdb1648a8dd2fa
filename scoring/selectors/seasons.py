"""Reads of clubs, federations and memberships for pages and the API (issue 33)."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import Any

from django.db.models import Q, QuerySet

from scoring.models import Championship, Club, Event, ExternalRecord, Membership, Player


def clubs() -> QuerySet[Club]:
    return Club.objects.select_related("owner").order_by("nation", "name", "id")


def club_or_none(club_id: int) -> Club | None:
    return Club.objects.select_related("owner").filter(pk=club_id).first()


def championships() -> QuerySet[Championship]:
    return Championship.objects.select_related("club", "previous", "rating").order_by(
        "club__name", "-created_at", "name"
    )


def championship_or_none(championship_id: int) -> Championship | None:
    return championships().filter(pk=championship_id).first()


def managed_clubs(user: object) -> QuerySet[Club]:
    """The clubs ``user`` owns or co-owns (every club for a superuser)."""
    if getattr(user, "is_superuser", False):
        return clubs()
    return clubs().filter(Q(owner=user) | Q(co_owners=user)).distinct()


def _on(day: datetime.date) -> Q:
    return (Q(since__isnull=True) | Q(since__lte=day)) & (Q(until__isnull=True) | Q(until__gte=day))


def club_on(player: Player, day: datetime.date, *, federation: bool = False) -> Club | None:
    """The player's club (or federation) on ``day``: past tournaments keep theirs."""
    membership = (
        Membership.objects.filter(_on(day), player=player, club__federation=federation)
        .select_related("club")
        .order_by("-since")
        .first()
    )
    return membership.club if membership else None


def memberships_of(player: Player) -> list[Membership]:
    return list(
        Membership.objects.filter(player=player).select_related("club").order_by("-since", "-id")
    )


def members_of(club: Club) -> list[Membership]:
    return list(
        Membership.objects.filter(club=club)
        .select_related("player")
        .order_by("player__name", "-since")
    )


def external_keys(player: Player) -> dict[str, str]:
    """The player's keys in other programs, by program: ``{"sol": "<guid>"}`` for a player
    who came from SoL (an imported record's key), empty for one made here."""
    return external_keys_of([player.pk])[player.pk]


def external_keys_of(player_ids: Iterable[int]) -> dict[int, dict[str, str]]:
    """:func:`external_keys` of many players in one query, by player id (each id given has
    an entry, empty for a player made here)."""
    ids = set(player_ids)
    out: dict[int, dict[str, str]] = {pk: {} for pk in ids}
    for player_id, source, key in (
        ExternalRecord.objects.filter(player_id__in=ids, kind=ExternalRecord.Kind.PLAYER)
        .order_by("source", "created_at")
        .values_list("player_id", "source", "key")
    ):
        out[player_id].setdefault(source, key)
    return out


def player_or_none(player_id: int) -> Player | None:
    return Player.objects.filter(pk=player_id).first()


def players_named(name: str, *, most: int = 2) -> list[Player]:
    """At most ``most`` players (not merged away) whose name has the key of ``name``."""
    from scoring.identity import name_key

    return list(Player.objects.filter(name_key=name_key(name), merged_into__isnull=True)[:most])


def membership_or_none(club: Club, membership_id: int) -> Membership | None:
    return Membership.objects.filter(pk=membership_id, club=club).first()


def counted_event_or_none(championship: Championship, event_id: int) -> Event | None:
    """The event ``event_id`` if it counts for ``championship``."""
    return Event.objects.filter(pk=event_id, championships=championship).first()


def addable_events(championship: Championship, user: Any) -> QuerySet[Event]:
    """The events ``user`` may add to ``championship``: of the tournaments he organises
    (every one for a superuser), no point carrom, of the kind that already counts, and of a
    tournament that counts for it with none of its events yet; the latest first."""
    events = (
        Event.objects.exclude(kind=Event.Kind.POINTS)
        .exclude(tournament__events__championships=championship)
        .select_related("tournament")
        .order_by("-tournament__start_date", "tournament__name", "order", "name")
    )
    if not getattr(user, "is_superuser", False):
        events = events.filter(tournament__organisers=user)
    kinds = set(championship.events.values_list("kind", flat=True))
    if kinds:
        events = events.filter(kind__in=kinds)
    return events


def search_addable_events(
    championship: Championship, user: object, query: str, *, most: int = 12
) -> list[Event]:
    """The typeahead's answer: the addable events whose tournament's name, event's name or
    year holds every word of ``query`` (the latest ``most`` when it is empty)."""
    events = addable_events(championship, user)
    for word in query.split()[:6]:
        match = Q(tournament__name__icontains=word) | Q(name__icontains=word)
        if word.isdigit() and len(word) == 4:
            match |= Q(tournament__start_date__year=int(word))
        events = events.filter(match)
    return list(events.distinct()[:most])
