"""The organiser's writes of team events (issue 34): tie formats, teams and their players.

A team is entered as an :class:`~scoring.models.Entry` of the event whose ``player`` is the
captain, with a :class:`~scoring.models.Team` beside it: the draw pairs teams as entries. A
player of the register may be in one team of an event and play any other event too (the
call-up's player hold looks at the players of each rubber: ``services/callup.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import IntegrityError, transaction

from scoring.draws.ties import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    TieFormatError,
    format_from_data,
    players_needed,
)
from scoring.models import Entry, Event, Match, Player, Team, TeamMember, TieFormat, Tournament
from scoring.services.audit import Actor
from scoring.services.tournaments.base import TournamentError, audit, clean_text
from scoring.services.tournaments.entries import entries_open
from scoring.standings.ties import format_by_key, tie_format_for


def _format_error(err: TieFormatError) -> TournamentError:
    return TournamentError(err.code, **err.params)


# --- tie formats -------------------------------------------------------------------------


def create_tie_format(
    *,
    tournament: Tournament,
    actor: Actor,
    name: str,
    rubbers: Sequence[Mapping[str, Any]],
    stop_when_decided: bool,
    player_rule: str = "one_each",
    win: int = 2,
    draw: int = 1,
    loss: int = 0,
) -> TieFormat:
    """An organiser's own tie format, checked by :func:`scoring.draws.ties.format_from_data`.

    :raises TournamentError: the format's code (``tie_format_…``), ``name_required`` or
        ``tie_format_name_taken``.
    """
    name = clean_text(name, field="name").strip()
    if not name:
        raise TournamentError("name_missing")
    data = {
        "name": name,
        "rubbers": [dict(r) for r in rubbers],
        "stop_when_decided": stop_when_decided,
        "player_rule": player_rule,
        "win": win,
        "draw": draw,
        "loss": loss,
    }
    try:
        fmt = format_from_data(data)
    except TieFormatError as err:
        raise _format_error(err) from err
    try:
        with transaction.atomic():
            row = TieFormat.objects.create(
                tournament=tournament,
                name=name,
                rubbers=[
                    {"kind": str(r.kind), "games_to_win": r.games_to_win} for r in fmt.rubbers
                ],
                stop_when_decided=fmt.stop_when_decided,
                player_rule=str(fmt.player_rule),
                win=fmt.win,
                draw=fmt.draw,
                loss=fmt.loss,
            )
            audit(
                tournament,
                actor=actor,
                action="tie_format_created",
                detail={"format": row.key, **fmt.data()},
            )
    except IntegrityError as err:
        raise TournamentError("tie_format_name_taken", name=name) from err
    return row


def delete_tie_format(*, tie_format: TieFormat, actor: Actor) -> None:
    """Delete an organiser's format that no team event uses (a tie keeps its own copy)."""
    key = tie_format.key
    for event in tie_format.tournament.events.filter(kind=Event.Kind.TEAMS):
        if (event.settings or {}).get("tie_format") == key:
            raise TournamentError("tie_format_in_use", event=event.name)
    with transaction.atomic():
        audit(
            tie_format.tournament,
            actor=actor,
            action="tie_format_deleted",
            detail={"format": key, "name": tie_format.name},
        )
        tie_format.delete()


def set_tie_format(*, event: Event, key: str, actor: Actor) -> Event:
    """The tie format of a team event's ties from now on; fixed once its first tie is made
    (each tie keeps the format it was made under)."""
    if not event.is_teams:
        raise TournamentError("not_team_event")
    try:
        fmt = format_by_key(event.tournament, key)
    except TieFormatError as err:
        raise _format_error(err) from err
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.ties.exists():
            raise TournamentError("tie_format_fixed")
        small = [t.name for t in event.teams.all() if t.members.count() < players_needed(fmt)]
        if small:
            raise TournamentError(
                "tie_format_team_small", teams=", ".join(small), needed=players_needed(fmt)
            )
        event.settings = {**(event.settings or {}), "tie_format": key}
        event.save(update_fields=["settings"])
        audit(
            event.tournament,
            actor=actor,
            action="tie_format_set",
            detail={"event": event.pk, "format": key},
        )
    return event


# --- teams -------------------------------------------------------------------------------


def _check_players(
    event: Event, players: Sequence[Player], captain: Player, team: Team | None = None
) -> list[Player]:
    unique = list({p.pk: p for p in players}.values())
    if len(unique) != len(players):
        raise TournamentError("team_player_twice")
    if not MIN_PLAYERS <= len(unique) <= MAX_PLAYERS:
        raise TournamentError("team_size", least=MIN_PLAYERS, most=MAX_PLAYERS)
    try:
        needed = players_needed(tie_format_for(event))
    except TieFormatError as err:
        raise _format_error(err) from err
    if len(unique) < needed:
        raise TournamentError("team_too_small_for_format", needed=needed)
    if captain.pk not in {p.pk for p in unique}:
        raise TournamentError("captain_not_in_team")
    other = (
        TeamMember.objects.filter(event=event, player__in=unique)
        .exclude(team=team)
        .select_related("player", "team")
        .first()
    )
    if other is not None:
        raise TournamentError("player_in_other_team", name=other.player.name, team=other.team.name)
    if any(p.merged_into_id for p in unique):
        raise TournamentError("team_player_merged")
    return unique


def _check_event(event: Event) -> None:
    if not event.is_teams:
        raise TournamentError("not_team_event")
    if not entries_open(event):
        raise TournamentError("entries_closed", event=event.name)


def add_team(
    *,
    event: Event,
    actor: Actor,
    name: str,
    players: Sequence[Player],
    captain: Player,
    club: str = "",
    seed: int | None = None,
) -> Team:
    """Enter a team: its name (unique in the event), club or nation, 2–8 players of the
    register (enough for the event's tie format) and its captain, one of them.

    :raises TournamentError: not a team event, entries closed, a name missing or taken, too
        few or too many players, a player twice or already in another team of the event, a
        captain who is not in the team.
    """
    _check_event(event)
    name = clean_text(name, field="name").strip()
    club = clean_text(club, field="club").strip()
    if not name:
        raise TournamentError("name_missing")
    unique = _check_players(event, players, captain)
    try:
        with transaction.atomic():
            entry = Entry.objects.create(event=event, player=captain, seed=seed, team_name=name)
            team = Team.objects.create(
                event=event, entry=entry, name=name, club=club, captain=captain
            )
            TeamMember.objects.bulk_create(
                TeamMember(team=team, event=event, player=p, number=n)
                for n, p in enumerate(unique, start=1)
            )
            audit(
                event.tournament,
                actor=actor,
                action="team_added",
                detail={
                    "event": event.pk,
                    "team": team.pk,
                    "entry": entry.pk,
                    "name": name,
                    "players": [p.pk for p in unique],
                    "captain": captain.pk,
                },
            )
    except IntegrityError as err:
        if Team.objects.filter(event=event, name=name).exists():
            raise TournamentError("team_name_taken", name=name) from err
        raise TournamentError("player_in_other_team", name=captain.name, team="") from err
    return team


def change_team(
    *,
    team: Team,
    actor: Actor,
    name: str | None = None,
    club: str | None = None,
    players: Sequence[Player] | None = None,
    captain: Player | None = None,
) -> Team:
    """Change a team's name, club or nation, players or captain. Its players may change
    while the event runs (a lineup already in keeps its players); a player who played a
    rubber of the team stays in it."""
    event = team.event
    if not event.is_teams:
        raise TournamentError("not_team_event")
    with transaction.atomic():
        team = Team.objects.select_for_update().select_related("entry").get(pk=team.pk)
        old = list(team.members.select_related("player"))
        new_players = list(players) if players is not None else [m.player for m in old]
        new_captain = captain or team.captain
        unique = _check_players(event, new_players, new_captain, team)
        played = _played_players(team)
        dropped = [
            m.player
            for m in old
            if m.player_id not in {p.pk for p in unique} and m.player_id in played
        ]
        if dropped:
            raise TournamentError("team_player_played", name=dropped[0].name)
        if name is not None:
            name = clean_text(name, field="name").strip()
            if not name:
                raise TournamentError("name_missing")
            if Team.objects.filter(event=event, name=name).exclude(pk=team.pk).exists():
                raise TournamentError("team_name_taken", name=name)
            team.name = name
        if club is not None:
            team.club = clean_text(club, field="club").strip()
        team.captain = new_captain
        team.save(update_fields=["name", "club", "captain"])
        Entry.objects.filter(pk=team.entry_id).update(player=new_captain, team_name=team.name)
        keep = {p.pk for p in unique}
        team.members.exclude(player_id__in=keep).delete()
        have = {m.player_id for m in old}
        TeamMember.objects.bulk_create(
            TeamMember(team=team, event=event, player=p, number=n)
            for n, p in enumerate(unique, start=1)
            if p.pk not in have
        )
        for n, p in enumerate(unique, start=1):
            TeamMember.objects.filter(team=team, player=p).update(number=n)
        audit(
            event.tournament,
            actor=actor,
            action="team_changed",
            detail={
                "event": event.pk,
                "team": team.pk,
                "name": team.name,
                "players": [p.pk for p in unique],
                "captain": new_captain.pk,
            },
        )
    return team


def _played_players(team: Team) -> set[int]:
    """Players of ``team`` named in a rubber's lineup of one of its ties."""
    from scoring.models import Rubber

    out: set[int] = set()
    entry = team.entry_id
    for a, b, pa, pb in Rubber.objects.filter(tie__event=team.event_id).values_list(
        "match__entry_a_id", "match__entry_b_id", "players_a", "players_b"
    ):
        if a == entry:
            out.update(pa or [])
        if b == entry:
            out.update(pb or [])
    return out


def remove_team(*, team: Team, actor: Actor) -> None:
    """Remove a team (and its entry) that has played no tie; entries must still be open."""
    _check_event(team.event)
    entry_id = team.entry_id
    if (
        Match.objects.filter(event=team.event_id).filter(**{"entry_a_id": entry_id}).exists()
        or Match.objects.filter(event=team.event_id, entry_b_id=entry_id).exists()
    ):
        raise TournamentError("team_drawn")
    with transaction.atomic():
        audit(
            team.event.tournament,
            actor=actor,
            action="team_removed",
            detail={"event": team.event_id, "team": team.pk, "name": team.name},
        )
        Entry.objects.filter(pk=entry_id).delete()


def add_team_by_names(
    *, event: Event, actor: Actor, name: str, names: Sequence[str], club: str = ""
) -> Team:
    """:func:`add_team` from the players' names (the first is the captain), each found in the
    register by its name and the team's club, or made (``PlayerBook``, which never changes
    another tournament's player)."""
    from scoring.services.players import PlayerBook

    _check_event(event)
    with transaction.atomic():
        book = PlayerBook(event.tournament)
        players = [book.resolve(n, clean_text(club, field="club").strip()) for n in names]
        book.save()
        return add_team(
            event=event, actor=actor, name=name, players=players, captain=players[0], club=club
        )
