"""What the JSON API's resources say (docs/API.md): a match with its games and boards (either
game), an entry, a team and a tie of a team event. Plain functions from the selectors' views to
JSON-ready dicts; the endpoints are :mod:`scoring.views.api`."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from scoring.models import Entry, Match
from scoring.selectors import live as sel
from scoring.selectors.ties import TieLine
from scoring.standings import RoundsCounted
from scoring.views.api_base import absolute


def side_entries(match: Match) -> dict[str, int | None]:
    return {"a": match.entry_a_id, "b": match.entry_b_id, "c": match.entry_c_id}


def per_side(match: Match, values: dict[str, Any], default: Any = 0) -> list[Any]:
    return [values.get(side, default) for side in match.sides]


def entry_data(entry: Entry) -> dict[str, Any]:
    return {
        "id": entry.pk,
        "name": entry.name,
        "seed": entry.seed,
        "withdrawn": entry.withdrawn,
        "players": [
            {"id": p.pk, "name": p.name, "club": p.club, "nationality": p.nationality}
            for p in entry.players
        ],
    }


def rounds_data(rounds: RoundsCounted | None) -> dict[str, int | None] | None:
    """The rounds a table of complete rounds counts (the European rule), or None."""
    if rounds is None:
        return None
    return {
        "after": rounds.after,
        "in_play": rounds.in_play,
        "decided": rounds.decided,
        "matches": rounds.matches,
    }


def point_board_data(view: sel.MatchView, line: sel.BoardLine) -> dict[str, Any]:
    """A point-carrom board row: each player's points and game score after it (lists in the
    match's entry order), the board's top scorer, who covered the queen, how it ended."""
    match = view.match
    entries = side_entries(match)
    point = line.point
    counted = line.finished and not line.void
    return {
        "number": line.number,
        "sequence": line.sequence,
        "breaker": entries.get(line.breaker or ""),
        "points_by_player": per_side(match, point.points) if counted else None,
        "points_by_entry": (
            {str(entries.get(s)): v for s, v in point.points.items()} if counted else None
        ),
        "totals": per_side(match, point.totals if counted else point.scores_before),
        "top_scorer": entries.get(point.top_scorer or "") if counted else None,
        "queen": entries.get(point.queen_by or ""),
        "end": point.end,
        "law": point.law or None,
        "interpretation": point.interpretation,
        "finished": line.finished,
        "void": line.void,
        "entered_as": line.kind,
    }


def board_data(view: sel.MatchView, line: sel.BoardLine) -> dict[str, Any]:
    if line.point is not None:
        return point_board_data(view, line)
    entries = side_entries(view.match)
    data: dict[str, Any] = {
        "number": line.number,
        "sequence": line.sequence,
        "breaker": entries.get(line.breaker or ""),
        "winner": entries.get(line.winner or ""),
        "points": line.points if line.finished and not line.void else None,
        "law": line.law or None,
        "finished": line.finished,
        "void": line.void,
        "entered_as": line.kind,
        "queen": entries.get(line.queen or ""),
        "carrommen": line.carrommen,
        "interpretation": line.interpretation,
        "extra_board": line.extra_board,
    }
    if line.points_by_side:
        data["points_by_entry"] = {str(entries.get(s)): v for s, v in line.points_by_side.items()}
    return data


def match_data(request: HttpRequest, match: Match) -> dict[str, Any]:
    """The match resource (also used by the tables endpoint)."""
    view = sel.match_view(match, timeline=False)
    entries = side_entries(match)
    current = None
    on_board = view.snapshot.current  # the board in play (``view.info`` is made from it)
    if view.info is not None and on_board is not None:
        info = view.info
        position = on_board.position
        state = None
        if position is not None and hasattr(position, "to_state"):
            state = view.snapshot.variant.state_of(position)
        current = {
            "game": info.game,
            "board": info.board,
            "breaker": entries.get(on_board.breaker or ""),
            "started": info.started,
            "change_sides": info.change_sides,
            "extra_board": info.extra_board,
            "state": state,
        }
    return {
        "id": match.pk,
        "event": match.event_id,
        "tournament": match.event.tournament_id,
        "round": match.round.number if match.round else None,
        "round_name": sel.round_label(match.round) or None,
        "bracket": match.round.bracket if match.round else None,
        "group": match.group or None,
        "number": match.number,
        "table": match.table.number if match.table else None,
        "status": sel.api_status(match.status),
        "status_detail": match.status,
        "entries": [entries[s] for s in match.sides],
        "names": [sel.side_label(match, s) for s in match.sides],
        "rules": match.rules,
        "stage": match.stage,
        "games_to_win": match.games_to_win,
        "winner": entries.get(match.winner_side) if match.winner_side else None,
        "draw": match.draw,
        "walkover": match.walkover,
        "bye": match.bye,
        "games_won": per_side(match, view.games_won),
        "games": [
            {
                "number": game.number,
                "scores": per_side(match, game.scores),
                "winner": entries.get(game.winner or ""),
                "finished": game.finished,
                "boards": [board_data(view, line) for line in game.boards],
            }
            for game in view.games
        ],
        "current": current,
        "revision": match.revision,
        "updated_at": match.updated_at,
        "called_at": match.called_at,
        "started_at": match.started_at,
        "finished_at": match.finished_at,
        "html": absolute(
            request, "scoring:live-match", slug=match.event.tournament.slug, match_id=match.pk
        ),
    }


def team_data(line: Any) -> dict[str, Any]:
    team = line.team
    return {
        "id": team.pk,
        "name": team.name,
        "club": team.club,
        "captain": team.captain_id,
        "players": [
            {"id": p.pk, "name": p.name, "club": p.club, "nationality": p.nationality}
            for p in line.players
        ],
    }


def tie_data(request: HttpRequest, line: TieLine) -> dict[str, Any]:
    """A tie of a team event: its teams' entries, format, lineups in, result and rubbers,
    each linking its match (issue 34)."""
    result, match = line.result, line.match
    return {
        "id": line.tie.pk,
        "match": match.pk,
        "round": match.round.number if match.round else None,
        "entry_a": match.entry_a_id,
        "entry_b": match.entry_b_id,
        "team_a": line.team_a.name,
        "team_b": line.team_b.name,
        "format": {
            "key": line.format.key,
            "name": line.format.name,
            "code": line.format.code,
            "stop_when_decided": line.format.stop_when_decided,
        },
        "lineups_in": line.lineups_in,
        "walkover": line.tie.walkover or None,
        "status": sel.api_status(match.status),
        "decided": result.decided,
        "winner": result.winner,
        "drawn": result.drawn,
        "rubbers_won": [result.rubbers_a, result.rubbers_b],
        "games_won": [result.games_a, result.games_b],
        "points": [result.points_a, result.points_b],
        "rubbers": [
            {
                "number": r.rubber.number,
                "kind": r.rubber.kind,
                "games_to_win": line.format.rubbers[r.rubber.number - 1].games_to_win,
                "match": r.match.pk if r.match else None,
                "url": absolute(request, "scoring:api-match", match_id=r.match.pk)
                if r.match
                else None,
                "players_a": [p.pk for p in r.players_a],
                "players_b": [p.pk for p in r.players_b],
                "status": sel.api_status(r.match.status) if r.match else "scheduled",
                "winner_side": (r.match.winner_side or None) if r.match else None,
                "not_needed": r.not_needed,
            }
            for r in line.rubbers
        ],
    }
