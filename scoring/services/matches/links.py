"""The umpire link of a match (revoked, renewed) and a stand-alone match."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from scoring.models import Entry, Event, Match
from scoring.rules import variant_for
from scoring.services.matches.base import Actor, MatchError, audit_match, lock_match
from scoring.services.players import find_player


def revoke_umpire_link(*, match: Match, actor: Actor) -> Match:
    """The match's umpire link stops working at once (logged)."""
    with transaction.atomic():
        locked = lock_match(match.pk)
        if locked.umpire_token_revoked_at is None:
            locked.umpire_token_revoked_at = timezone.now()
            Match.objects.filter(pk=locked.pk).update(
                umpire_token_revoked_at=locked.umpire_token_revoked_at
            )
            audit_match(locked, actor=actor, action="umpire_link_revoked", detail={})
        return locked


def renew_umpire_link(*, match: Match, actor: Actor) -> Match:
    """A new umpire link for the match; the old one stops working (logged)."""
    from scoring.models.match import new_umpire_token

    with transaction.atomic():
        locked = lock_match(match.pk)
        locked.umpire_token = new_umpire_token()
        locked.umpire_token_revoked_at = None
        Match.objects.filter(pk=locked.pk).update(
            umpire_token=locked.umpire_token, umpire_token_revoked_at=None
        )
        audit_match(locked, actor=actor, action="umpire_link_renewed", detail={})
        return locked


def create_single_match(
    *,
    tournament: Any,
    kind: str,
    rules: str,
    players: list[Any],
    actor: Actor,
    stage: str = "early",
    games_to_win: int = 2,
    table: Any = None,
    table_number: int | None = None,
    umpire: Any = None,
    event_name: str = "",
    event: Any = None,
) -> Match:
    """A stand-alone match (a friendly, or before the draw exists) in ``event`` (a
    "single matches" event of the tournament, of that kind and family of rules) or, without
    one, in the tournament's oldest such event, created on first use.

    ``players`` are :class:`~scoring.models.Player` rows or new names, per side in order:
    singles ``[a, b]``, doubles ``[a, a_partner, b, b_partner]``, point carrom ``[a, b, c]``.
    """
    from scoring.models import Player, Table

    per_side = 2 if kind == Event.Kind.DOUBLES else 1
    if event is not None and (
        event.tournament_id != tournament.pk
        or event.kind != kind
        or event.format != Event.Format.SINGLE_MATCH
        or variant_for(event.rules).family != variant_for(rules).family
    ):
        raise MatchError(
            "wrong_event", "%(event)s does not take this kind of match", event=event.name
        )
    with transaction.atomic():
        if event is None:
            event = (
                Event.objects.filter(
                    tournament=tournament, kind=kind, format=Event.Format.SINGLE_MATCH
                )
                .order_by("pk")
                .first()
            )
        if event is None:
            name = (
                event_name
                or {
                    "singles": gettext("Friendly matches"),
                    "doubles": gettext("Friendly doubles"),
                    "points": gettext("Friendly point carrom"),
                }[kind]
            )
            event, _created = Event.objects.get_or_create(
                tournament=tournament,
                name=name,
                defaults={
                    "kind": kind,
                    "format": Event.Format.SINGLE_MATCH,
                    "rules": rules,
                    "games_to_win": games_to_win,
                    "status": Event.Status.RUNNING,
                },
            )
        # one person, one player (issue 31): a name already known is that player
        rows = [
            p
            if isinstance(p, Player)
            else find_player(str(p)) or Player.objects.create(name=str(p).strip())
            for p in players
        ]
        entries = []
        for i in range(0, len(rows), per_side):
            player = rows[i]
            partner = rows[i + 1] if per_side == 2 else None
            entry = Entry.objects.filter(event=event, player=player).first()
            if entry is None:
                entry = Entry.objects.create(event=event, player=player, partner=partner)
            elif entry.partner_id != (partner.pk if partner else None):
                raise MatchError(
                    "entry_conflict",
                    "%(player)s already plays in this event with another partner",
                    player=player.name,
                )
            entries.append(entry)
        if table is None and table_number:
            table, _created = Table.objects.get_or_create(
                tournament=tournament, number=table_number
            )
        last = Match.objects.filter(event=event).order_by("-number").first()
        match = Match.objects.create(
            event=event,
            number=(last.number + 1) if last else 1,
            entry_a=entries[0],
            entry_b=entries[1],
            entry_c=entries[2] if len(entries) > 2 else None,
            rules=rules,
            stage=stage,
            games_to_win=games_to_win,
            table=table,
            umpire=umpire,
            status=Match.Status.READY,
        )
        audit_match(
            match,
            actor=actor,
            action="match_created",
            detail={
                "event": event.pk,
                "entries": [e.pk for e in entries],
                "rules": rules,
                "stage": stage,
                "games_to_win": games_to_win,
            },
        )
        return match
