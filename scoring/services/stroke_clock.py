"""The umpire's warning when the stroke clock ran out (ICF 50: a player has 15 seconds for a
stroke; the umpire may warn him).

The rulebook's interchange format has no warning event (rules/README.md lists the event
types), so a warning is not a board event: it is kept beside the log as an audit entry of the
match (action ``stroke_clock_warning``), with the game, the board and who was on turn, and
shown in the board's history. Nothing is deleted; the same request key records it once.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.db import transaction

from scoring.models import AuditEntry, Match
from scoring.records import MatchSnapshot
from scoring.records.sides import colour_sides
from scoring.records.steps import WARNING, Warning, warning_of
from scoring.rules import PointPosition
from scoring.services.matches import Actor, MatchError, MatchLocked, match_snapshot

ACTION = WARNING


def record_warning(*, match: Match, actor: Actor, client_id: uuid.UUID) -> Warning:
    """Record that the umpire warned the player on turn for exceeding the stroke clock
    (ICF 50). Refused while no board is in play or the match is locked."""
    key = str(client_id)
    with transaction.atomic():
        match = (
            Match.objects.select_for_update(of=("self",)).select_related("event").get(pk=match.pk)
        )
        if match.is_locked:
            raise MatchLocked("match_locked")
        earlier = AuditEntry.objects.filter(
            match=match, action=ACTION, detail__client_id=key
        ).first()
        if earlier is not None:
            return warning_of(earlier.detail)
        snapshot = match_snapshot(match)
        current = snapshot.current
        position = current.position if current is not None else None
        on_turn = getattr(position, "on_turn", None) if position is not None else None
        if current is None or current.board is None or on_turn is None:
            raise MatchError("no_board_in_play", "no board is being played")
        if isinstance(on_turn, int) and isinstance(position, PointPosition):
            on_turn = position.players[on_turn]  # point carrom: the turn is a seat
        player = _player(snapshot, current, on_turn)
        detail = {
            "client_id": key,
            "game": current.game_number,
            "board": current.board_number,
            "by": on_turn,
            "player": player,
            "law": "ICF 50",
        }
        AuditEntry.objects.create(
            tournament_id=match.event.tournament_id,
            match=match,
            actor=actor.user if getattr(actor.user, "pk", None) else None,
            via=actor.via,
            device=actor.device[:200],
            ip=actor.ip,
            action=ACTION,
            detail=detail,
        )
    return warning_of(detail, created=True)


def _player(snapshot: MatchSnapshot, current: Any, on_turn: str) -> str:
    """The name of who is on turn: a side in point carrom, else the colour's side."""
    if on_turn in ("white", "black"):
        side = colour_sides(current.breaker or "a")[on_turn]
    else:
        side = on_turn
    return snapshot.side_name(side)
