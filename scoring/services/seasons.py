"""Writes of a season (issue 33): clubs and federations, players' memberships over time, and
championships with the events that count. Keyword-only; the views check who may
(``permissions.may_manage_club``); refusals are :class:`SeasonError` codes worded in
``scoring/error_words.py``."""

from __future__ import annotations

import datetime
from typing import Any

from django.db import IntegrityError, transaction

from scoring.models import (
    Championship,
    Club,
    Entry,
    Event,
    Membership,
    Player,
    Rating,
    Tournament,
)
from scoring.seasons import METHODS
from scoring.services.audit import Actor
from scoring.services.tournaments.base import TournamentError, clean_text

#: Who rates a championship's tournaments when no one is named (an import, a test).
SEASONS = Actor(via="system", device="seasons")


class SeasonError(TournamentError):
    """Something the club's owner can fix; ``code`` is stable, the view words it."""


def _club_fields(name: object, nation: object, email: object, website: object) -> dict[str, Any]:
    text = clean_text(name, field="name").strip()
    if not text:
        raise SeasonError("club_name_missing")
    code = clean_text(nation, field="nation").strip().upper()
    if code and not (code.isascii() and code.isalpha() and 2 <= len(code) <= 3):
        raise SeasonError("bad_nation", nation=code)
    return {
        "name": text[:120],
        "nation": code,
        "email": str(email or "").strip(),
        "website": str(website or "").strip(),
    }


def create_club(
    *,
    owner: Any,
    name: str,
    nation: str = "",
    federation: bool = False,
    email: str = "",
    website: str = "",
    co_owners: list[Any] | None = None,
) -> Club:
    """A new club (or federation, ``federation=True``) owned by ``owner``."""
    fields = _club_fields(name, nation, email, website)
    try:
        with transaction.atomic():
            club = Club.objects.create(owner=owner, federation=federation, **fields)
    except IntegrityError:
        raise SeasonError("club_exists", name=fields["name"]) from None
    if co_owners:
        club.co_owners.set(co_owners)
    return club


def update_club(
    *,
    club: Club,
    name: str,
    nation: str = "",
    federation: bool = False,
    email: str = "",
    website: str = "",
    co_owners: list[Any] | None = None,
) -> Club:
    fields = _club_fields(name, nation, email, website)
    for key, value in fields.items():
        setattr(club, key, value)
    club.federation = federation
    try:
        with transaction.atomic():
            club.save()
    except IntegrityError:
        raise SeasonError("club_exists", name=fields["name"]) from None
    if co_owners is not None:
        club.co_owners.set([u for u in co_owners if u.pk != club.owner_id])
    return club


def add_membership(
    *, club: Club, player: Player, since: datetime.date | None, until: datetime.date | None = None
) -> Membership:
    """``player`` joins ``club`` (is licensed with a federation) from ``since``. An open
    membership of the same kind (club, or federation) ends the day before: a player has one
    club and one federation at a time, and past tournaments keep the one of their day."""
    if since and until and until < since:
        raise SeasonError("membership_dates")
    with transaction.atomic():
        Player.objects.select_for_update().filter(pk=player.pk).first()
        same_kind = Membership.objects.filter(player=player, club__federation=club.federation)
        for other in same_kind.filter(until__isnull=True):
            if since is None or (other.since is not None and other.since >= since):
                raise SeasonError("membership_overlap", club=other.club.name)
            other.until = since - datetime.timedelta(days=1)
            other.save(update_fields=["until"])
        if since is not None:
            clash = (
                same_kind.filter(since__lte=until or datetime.date.max)
                .exclude(until__lt=since)
                .first()
            )
            if clash is not None:
                raise SeasonError("membership_overlap", club=clash.club.name)
        membership = Membership.objects.create(player=player, club=club, since=since, until=until)
        if (
            not club.federation
            and (since is None or since <= datetime.date.today())
            and (until is None or until >= datetime.date.today())
            and player.club != club.name
        ):
            player.club = club.name[:120]
            player.save(update_fields=["club"])
    return membership


def end_membership(*, membership: Membership, until: datetime.date) -> Membership:
    if membership.since and until < membership.since:
        raise SeasonError("membership_dates")
    membership.until = until
    membership.save(update_fields=["until"])
    return membership


def _championship_fields(name: object, prizes: str, skip_worst: int) -> dict[str, Any]:
    text = clean_text(name, field="name").strip()
    if not text:
        raise SeasonError("championship_name_missing")
    if prizes not in METHODS:
        raise SeasonError("bad_prize_method", method=prizes)
    if not 0 <= int(skip_worst) <= 99:
        raise SeasonError("bad_skip_worst")
    return {"name": text[:150], "prizes": prizes, "skip_worst": int(skip_worst)}


def _check_previous(
    championship: Championship | None, club: Club, previous: Championship | None
) -> None:
    if previous is None:
        return
    if previous.club_id != club.pk:
        raise SeasonError("previous_other_club")
    seen: Championship | None = previous
    while seen is not None:  # a season never follows itself, however far back
        if championship is not None and seen.pk == championship.pk:
            raise SeasonError("previous_loop")
        seen = seen.previous


def create_championship(
    *,
    club: Club,
    name: str,
    prizes: str = "fixed",
    skip_worst: int = 0,
    previous: Championship | None = None,
    rating: Rating | None = None,
    pairs_by_order: bool = False,
) -> Championship:
    fields = _championship_fields(name, prizes, skip_worst)
    _check_previous(None, club, previous)
    try:
        with transaction.atomic():
            return Championship.objects.create(
                club=club,
                previous=previous,
                rating=rating,
                pairs_by_order=bool(pairs_by_order),
                **fields,
            )
    except IntegrityError:
        raise SeasonError("championship_exists", name=fields["name"]) from None


def update_championship(
    *,
    championship: Championship,
    name: str,
    prizes: str,
    skip_worst: int,
    previous: Championship | None = None,
    closed: bool = False,
    rating: Rating | None = None,
    pairs_by_order: bool | None = None,
    actor: Actor = SEASONS,
) -> Championship:
    """Change the championship. A rating newly named rates its tournaments that name none of
    their own (or were rated under its former rating) from then on: each is put under it and
    re-rated (:func:`scoring.services.ratings.set_tournament_rating`, audited).
    ``pairs_by_order`` left out (None) keeps how its pairs are keyed."""
    fields = _championship_fields(name, prizes, skip_worst)
    _check_previous(championship, championship.club, previous)
    former = championship.rating_id
    for key, value in fields.items():
        setattr(championship, key, value)
    championship.previous = previous
    championship.closed = closed
    championship.rating = rating
    if pairs_by_order is not None:
        championship.pairs_by_order = bool(pairs_by_order)
    try:
        with transaction.atomic():
            championship.save()
            if rating is not None and rating.pk != former:
                for tournament in _tournaments(championship):
                    if tournament.rating_id in (None, former):
                        _rate_under(tournament, rating, actor)
    except IntegrityError:
        raise SeasonError("championship_exists", name=fields["name"]) from None
    return championship


def _tournaments(championship: Championship) -> list[Tournament]:
    return list(
        Tournament.objects.filter(events__championships=championship).distinct().order_by("pk")
    )


def _rate_under(tournament: Tournament, rating: Rating, actor: Actor) -> None:
    from scoring.services.ratings import set_tournament_rating

    set_tournament_rating(tournament=tournament, rating=rating, actor=actor)


def add_event(
    *,
    championship: Championship,
    event: Event,
    actor: Actor = SEASONS,
    imported: bool = False,
) -> None:
    """``event`` counts for ``championship`` (singles with singles, doubles with doubles); a
    tournament that names no rating of its own is rated under the championship's (as SoL:
    the championship's rating is its tourneys' default). A closed championship takes no
    more, except its own tourneys brought along from SoL (``imported``: SoL's record)."""
    if championship.closed and not imported:
        raise SeasonError("championship_closed")
    if event.kind == Event.Kind.POINTS:
        raise SeasonError("championship_points_event")
    kinds = set(championship.events.values_list("kind", flat=True))
    if kinds and event.kind not in kinds:
        raise SeasonError("championship_mixed_kinds")
    if championship.events.filter(tournament=event.tournament_id).exists():
        raise SeasonError("championship_tournament_twice", tournament=event.tournament.name)
    with transaction.atomic():
        championship.events.add(event)
        if championship.rating_id is not None and event.tournament.rating_id is None:
            assert championship.rating is not None
            _rate_under(event.tournament, championship.rating, actor)


def remove_event(*, championship: Championship, event: Event) -> None:
    if championship.closed:
        raise SeasonError("championship_closed")
    championship.events.remove(event)


def reprize(event: Event, *, championship: Championship) -> None:
    """Prize ``event`` again from its results, as SoL's prize-giving done again: the prizes
    SoL recorded (``Event.prized``, kept on import) are set aside, so the event's places and
    its prizes for ``championship`` follow its matches from now on; a SoL tourney never
    prized (``Event.prizes_pending``) gets its first prize-giving (an undone one's leftover
    prizes still order it, as in SoL). Only on the organiser's request: an imported tourney
    keeps SoL's prizes (or none) until then."""
    if championship.closed:
        raise SeasonError("championship_closed")
    if not championship.events.filter(pk=event.pk).exists():
        raise SeasonError("championship_event_not_counted")
    with transaction.atomic():
        if event.prized:  # SoL's ``resetPrizes``: an undone prize-giving's leftovers stay
            Entry.objects.filter(event=event).update(prize=None)
        Event.objects.filter(pk=event.pk).update(prized=False, prizes_pending=False)
    event.prized = event.prizes_pending = False
