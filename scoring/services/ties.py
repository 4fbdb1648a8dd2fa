"""Ties of a team event (issue 34): made from the draw's matches, lineups, rubbers as matches,
and the tie's match kept in step with its rubbers.

- A match of a team event between two team entries is a **tie** (:func:`tie_for` makes its
  :class:`~scoring.models.Tie` and rubbers, with the event's format as it is then).
- Each captain (``via="captain"``) or the organiser (``via="desk"``) submits a side's
  **lineup** (:func:`submit_lineup`); it is checked by :func:`scoring.draws.ties.check_lineup`
  and may change until both are in. When both are in, each rubber becomes a normal
  :class:`~scoring.models.Match` between the two team entries (``READY``: the call-up sends
  it to a table with its umpire link and scoresheet like any match).
- Whenever a rubber finishes, is confirmed, corrected or given as a walkover (the result
  flow calls :func:`on_rubber_changed`, :mod:`scoring.services.results_flow`),
  :func:`sync_tie` writes the tie's result (:func:`scoring.standings.ties.tie_result_of`) to the
  tie's match as its cache (rubbers as its games): the draw, the standings and the bracket read
  that match like any other. Rubbers no longer needed once a stop-when-decided tie is decided
  wait (``SCHEDULED``, out of the call-up queue) and come back if a correction reopens the tie.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from django.db import transaction
from django.db.models import F, Max
from django.utils import timezone

from scoring.draws.ties import check_lineup
from scoring.models import Event, Lineup, Match, Player, Rubber, Team, Tie
from scoring.services.audit import Actor
from scoring.services.results_flow import on_rubber_changed as on_rubber_changed
from scoring.services.results_flow import sync_tie as sync_tie
from scoring.services.tournaments.base import TournamentError, audit
from scoring.standings.ties import tie_format_for

#: Rubber matches not yet at a table (they may still wait or come back).
NOT_STARTED = (Match.Status.SCHEDULED, Match.Status.READY)


class LineupRefused(TournamentError):
    """A lineup against the format's rules: every problem, each a code and its params."""

    def __init__(self, problems: list[tuple[str, dict[str, Any]]]) -> None:
        code, params = problems[0]
        super().__init__(code, **params)
        self.problems = problems


def is_tie_match(match: Match) -> bool:
    """A match of a team event between two team entries that is not a rubber."""
    return bool(
        match.entry_a_id
        and match.entry_b_id
        and not match.bye
        and Team.objects.filter(entry_id=match.entry_a_id).exists()
        and not Rubber.objects.filter(match=match).exists()
    )


def tie_for(match: Match) -> Tie:
    """The tie of a team event's match (made with its rubbers on first use).

    :raises TournamentError: ``not_a_tie`` for a match that is not a tie between two teams.
    """
    tie = Tie.objects.filter(match=match).first()
    if tie is not None:
        return tie
    event = Event.objects.select_related("tournament").get(pk=match.event_id)
    if not event.is_teams or not is_tie_match(match):
        raise TournamentError("not_a_tie")
    fmt = tie_format_for(event)
    with transaction.atomic():
        Match.objects.select_for_update().filter(pk=match.pk).first()
        tie = Tie.objects.filter(match=match).first()
        if tie is not None:
            return tie
        tie = Tie.objects.create(event=event, match=match, format=fmt.data())
        Rubber.objects.bulk_create(
            Rubber(tie=tie, number=n, kind=str(spec.kind))
            for n, spec in enumerate(fmt.rubbers, start=1)
        )
    return tie


def make_ties(event: Event) -> list[Tie]:
    """A tie for every match of a team event between two teams (after a draw, a round)."""
    if not event.is_teams:
        return []
    fmt = tie_format_for(event)
    data = fmt.data()
    with transaction.atomic():
        Event.objects.select_for_update().filter(pk=event.pk).first()  # one maker at a time
        matches = list(
            Match.objects.filter(
                event=event,
                entry_a__team__isnull=False,
                entry_b__team__isnull=False,
                bye=False,
                tie__isnull=True,
                rubber__isnull=True,
            ).order_by("pk")
        )
        ties = Tie.objects.bulk_create(Tie(event=event, match=m, format=data) for m in matches)
        ties = list(
            Tie.objects.filter(match__in=matches).select_related("match").order_by("match_id")
        )
        Rubber.objects.bulk_create(
            Rubber(tie=tie, number=n, kind=str(spec.kind))
            for tie in ties
            for n, spec in enumerate(fmt.rubbers, start=1)
        )
    return ties


def _team(tie: Tie, side: str) -> Team:
    entry = tie.match.entry_a_id if side == "a" else tie.match.entry_b_id
    return Team.objects.select_related("captain").get(entry_id=cast(int, entry))


def submit_lineup(
    *, tie: Tie, side: str, players: Sequence[Sequence[int]], actor: Actor, via: str = "desk"
) -> Lineup:
    """A side's lineup (player ids per rubber, in the format's order); may be changed until
    both sides' are in. When both are in, the rubbers become matches.

    :raises LineupRefused: the format's rules, every problem worded with the player's name.
    :raises TournamentError: ``bad_side``; ``lineups_closed`` once both lineups are in.
    """
    if side not in ("a", "b"):
        raise TournamentError("bad_side")
    fmt = tie.tie_format()
    lineup = [[int(p) for p in rubber] for rubber in players]
    with transaction.atomic():
        tie = (
            Tie.objects.select_for_update()
            .select_related("match", "event__tournament")
            .get(pk=tie.pk)
        )
        if tie.lineups.count() == 2 or tie.walkover:
            raise TournamentError("lineups_closed")
        team = _team(tie, side)
        members = list(team.members.values_list("player_id", flat=True))
        problems = check_lineup(fmt, members, lineup)
        if problems:
            names = dict(
                Player.objects.filter(pk__in=[p.player for p in problems if p.player]).values_list(
                    "pk", "name"
                )
            )
            raise LineupRefused(
                [
                    (p.code, {"rubber": p.rubber, "name": names.get(p.player or 0, "")})
                    for p in problems
                ]
            )
        row, _created = Lineup.objects.update_or_create(
            tie=tie,
            side=side,
            defaults={
                "players": lineup,
                "submitted_via": via,
                "submitted_by_id": getattr(actor.user, "pk", None),
            },
        )
        audit(
            tie.event.tournament,
            actor=actor,
            action="lineup_submitted",
            detail={"tie": tie.pk, "side": side, "team": team.name, "via": via, "players": lineup},
            match=tie.match,
        )
        if tie.lineups.count() == 2:
            _make_rubbers(tie)
        # the tie's pages and the API (validated by the event's match revisions) show it
        Match.objects.filter(pk=tie.match_id).update(
            revision=F("revision") + 1, updated_at=timezone.now()
        )
    return row


def _make_rubbers(tie: Tie) -> None:
    """Both lineups are in: each rubber is a match between the two teams' entries, ready for
    the call-up, with the players of the lineups."""
    fmt = tie.tie_format()
    lineups = {row.side: row.players for row in tie.lineups.all()}
    match = tie.match
    number = Match.objects.filter(event=match.event_id).aggregate(n=Max("number"))["n"] or 0
    for rubber in tie.rubbers.order_by("number"):
        spec = fmt.rubbers[rubber.number - 1]
        number += 1
        rubber.players_a = lineups["a"][rubber.number - 1]
        rubber.players_b = lineups["b"][rubber.number - 1]
        rubber.match = Match.objects.create(
            event_id=match.event_id,
            number=number,
            group=match.group,
            entry_a_id=match.entry_a_id,
            entry_b_id=match.entry_b_id,
            rules=match.rules,
            stage=match.stage,
            games_to_win=spec.games_to_win,
            status=Match.Status.READY,
            draw_reason={"code": "tie_rubber", "tie": match.number, "rubber": rubber.number},
        )
        rubber.save(update_fields=["players_a", "players_b", "match"])


def set_tie_walkover(*, tie: Tie, side: str, actor: Actor) -> Tie:
    """The whole tie as a walkover: ``a``/``b`` the team present wins, ``both`` nobody;
    ``""`` takes it back. Rubbers not started wait."""
    if side not in ("", "a", "b", "both"):
        raise TournamentError("bad_side")
    with transaction.atomic():
        tie = (
            Tie.objects.select_for_update()
            .select_related("event__tournament", "match")
            .get(pk=tie.pk)
        )
        tie.walkover = side
        tie.save(update_fields=["walkover"])
        audit(
            tie.event.tournament,
            actor=actor,
            action="tie_walkover",
            detail={"tie": tie.pk, "side": side},
            match=tie.match,
        )
        sync_tie(tie)
    return tie
