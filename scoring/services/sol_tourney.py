"""One event as a SoL tourney (issue 31): its competitors, its matches with their boards as
the rules engine derives them, its rounds and our extension (:func:`tourney_document`), for
the SoL archive of :mod:`scoring.services.exports`, which re-exports these names."""

from __future__ import annotations

import uuid
from typing import Any

from scoring import standings
from scoring.models import (
    Entry,
    Event,
    ExternalRecord,
    Game,
    Match,
    Player,
    Tournament,
)
from scoring.records import SIDES, match_snapshot
from scoring.rules import MatchState, first_breaker_of_game
from scoring.services.sol.teams import TeamExport
from scoring.standings.results import DONE, ranking_rule

#: Namespace of the guids we make for players, events and clubs (stable across exports).
GUID_NAMESPACE = uuid.UUID("0c6a1f4e-2b7d-4c55-9a0e-6b1d3c2f9e71")
PHANTOM_SCORE = 25
SOL_TEAM_PLAYERS = 4  # SoL's competitor holds at most four players (its "team")
SYSTEMS: dict[str, str] = {
    Event.Format.SWISS: "swiss",
    Event.Format.KNOCKOUT: "knockout",
    Event.Format.DOUBLE_ELIMINATION: "knockout",
    Event.Format.GROUPS: "roundrobin",
    Event.Format.SINGLE_MATCH: "swiss",
}


def sol_guid(kind: str, *, key: Any) -> str:
    return uuid.uuid5(GUID_NAMESPACE, f"{kind}:{key}").hex


def sol_names(player: Player, *, record: ExternalRecord | None) -> tuple[str, str, str]:
    """(first name, last name, nickname): SoL's own when the player came from SoL."""
    if record is not None and (record.data.get("lastname") or record.data.get("firstname")):
        return (
            record.data.get("firstname", ""),
            record.data.get("lastname", ""),
            record.data.get("nickname", ""),
        )
    parts = player.name.split()
    if len(parts) < 2:
        return ("", player.name, "")
    return (" ".join(parts[:-1]), parts[-1], "")


def _breaker(match: Match, games: list[Game]) -> str | None:
    """SoL's ``breaker`` (1 or 2): game 1's first breaker, else the toss's (ICF 40)."""
    side = games[0].first_breaker if games else ""
    if not side and match.toss_winner in SIDES:
        side = first_breaker_of_game(1, SIDES, match.toss_winner, match.toss_choice)
    return {"a": "1", "b": "2"}.get(side)


def _sol_boards(match: Match) -> list[dict[str, Any]] | None:
    """SoL's board rows of a one-game match as the rules engine derives its boards (the
    replayed log, not a cache), or None when a board cannot be said in SoL's terms (an award,
    claimed extra points, no carrommen count)."""
    state = match_snapshot(match).state
    if not isinstance(state, MatchState) or len(state.games) != 1:
        return None
    rows = []
    for number, b in enumerate((b for b in state.games[0].boards if b.finished and not b.void), 1):
        if b.extra_points or b.winner not in ("a", "b") or b.carrommen is None:
            return None
        coins = {"a": 0, "b": 0}
        coins[b.winner] = b.carrommen
        row: dict[str, Any] = {"number": number, "coins1": coins["a"], "coins2": coins["b"]}
        if b.queen in ("a", "b"):
            row["queen"] = {"a": "1", "b": "2"}[b.queen]
        rows.append(row)
    return rows or None


def _sol_match(
    match: Match, games: list[Game], position: dict[int, int], turn: int, final: bool
) -> dict[str, Any] | None:
    if match.bye and match.entry_a_id is None and match.entry_b_id in position:
        # a bye whose entry sits on side b: SoL's bye is the first competitor's
        return {
            "competitor1": position[match.entry_b_id],
            "competitor2": None,
            "turn": turn,
            "board": match.table.number if match.table is not None else None,
            "final": final,
            "score1": PHANTOM_SCORE,
            "score2": 0,
        }
    if match.entry_a_id is None or match.entry_a_id not in position:
        return None
    row: dict[str, Any] = {
        "competitor1": position[match.entry_a_id],
        "competitor2": position.get(match.entry_b_id) if match.entry_b_id else None,
        "turn": turn,
        "board": match.table.number if match.table is not None else None,
        "final": final,
    }
    if match.bye:
        row.update(competitor2=None, score1=PHANTOM_SCORE, score2=0)
        return row
    if match.entry_b_id is None or match.entry_b_id not in position:
        return None  # waiting for its opponent (a bracket's next match): nothing to say yet
    if match.walkover:
        winner = match.winner_side
        row.update(
            score1=PHANTOM_SCORE if winner == "a" else 0,
            score2=PHANTOM_SCORE if winner == "b" else 0,
        )
        return row
    if match.status not in DONE:
        row.update(score1=0, score2=0)  # not played yet
        return row
    points = [(int(g.scores.get("a", 0)), int(g.scores.get("b", 0))) for g in games[:3]]
    first = points[0] if points else (0, 0)
    row.update(score1=first[0], score2=first[1])
    for number, (a, b) in enumerate(points[1:], 2):  # SoL 5's best-of-three games
        row[f"score1_{number}"], row[f"score2_{number}"] = a, b
    breaker = _breaker(match, games)
    if breaker:
        row["breaker"] = breaker
    if len(games) == 1:
        sol_boards = _sol_boards(match)
        if sol_boards:
            row["boards"] = sol_boards
    return row


def _game_points(games: list[Game]) -> list[list[int]]:
    return [
        [int((g.scores or {}).get("a", 0) or 0), int((g.scores or {}).get("b", 0) or 0)]
        for g in games
    ]


def _match_extension(m: Match, games: list[Game]) -> dict[str, Any]:
    """The app's facts of one exported match (:mod:`scoring.services.sol.extension`)."""
    return {
        "number": m.number,
        "group": str(m.group or ""),
        "games_to_win": m.games_to_win,
        "status": str(m.status),
        "bye": bool(m.bye),
        "walkover": bool(m.walkover),
        "winner": str(m.winner_side or ""),
        "draw": bool(m.draw),
        "games": _game_points(games) if m.status in DONE and not m.walkover else [],
    }


def tourney_document(
    tournament: Tournament,
    *,
    event: Event,
    entries: list[Entry],
    player_pos: dict[int, int],
    championship: int,
    extension: dict[str, Any] | None = None,
    team_players: dict[int, list[int]] | None = None,
) -> dict[str, Any]:
    """One event as a SoL tourney. A team event (issue 34): its teams are SoL's competitors
    of up to four players, its ties SoL's matches scored in rubbers won; the rubbers (their
    players and games) go to the app's extension only (SoL has no matches inside a match)."""
    position = {e.pk: i for i, e in enumerate(entries, 1)}
    matches = list(
        Match.objects.filter(event=event)
        .select_related("round", "table")
        .order_by("round__number", "number", "pk")
    )
    teams = TeamExport(event, player_pos) if event.is_teams else None
    if teams is not None:  # a tie's rubbers are no SoL matches
        matches = [m for m in matches if m.pk not in teams.rubber_ids]
    games: dict[int, list[Game]] = {}
    for g in Game.objects.filter(match__event=event).order_by("match_id", "number"):
        games.setdefault(g.match_id, []).append(g)
    # SoL's turns are 1, 2, …: our rounds in playing order (brackets after each other)
    round_keys = sorted(
        {
            (m.round.created_at, m.round.number, m.round.bracket)
            for m in matches
            if m.round is not None
        }
    )
    turn_of = {key[1:]: i for i, key in enumerate(round_keys, 1)}
    rows = []
    extra: list[dict[str, Any]] = []
    in_turn: dict[int, int] = {}
    for m in matches:
        key = (m.round.number, m.round.bracket) if m.round is not None else None
        turn = turn_of.get(key, 1) if key else 1
        final = m.round is not None and m.round.bracket in ("final", "placement")
        row = _sol_match(m, games.get(m.pk, []), position, turn, final)
        if row is not None and event.is_teams and m.status in DONE and not m.walkover:
            row.update(score1=m.games_a, score2=m.games_b)  # the tie: rubbers won
        if row is not None:
            in_turn[turn] = in_turn.get(turn, 0) + 1
            if row["board"] is None:  # SoL needs a table: the match's place in its turn
                row["board"] = in_turn[turn]
            rows.append(row)
            extra.append(_match_extension(m, games.get(m.pk, [])))
            if teams is not None:  # the tie, its lineups and its rubbers' matches
                extra[-1].update(teams.tie_facts(m, games, _match_extension))
    if extension is not None:
        rounds = {m.round.pk: m.round for m in matches if m.round is not None}
        extension.update(
            {
                "event": {
                    "name": event.name,
                    "kind": str(event.kind),
                    "format": str(event.format),
                    "rules": str(event.rules),
                    "games_to_win": event.games_to_win,
                    "settings": event.settings or {},
                    "round_minutes": event.round_minutes,
                    "status": str(event.status),
                },
                "rounds": [
                    {
                        "turn": turn_of[(r.number, r.bracket)],
                        "number": r.number,
                        "bracket": str(r.bracket),
                        "stage": str(r.stage),
                        "games_to_win": r.games_to_win,
                        "name": r.name,
                    }
                    for r in sorted(rounds.values(), key=lambda r: turn_of[(r.number, r.bracket)])
                ],
                "matches": extra,
                **({"teams": teams.team_facts(entries)} if teams is not None else {}),
            }
        )
    # the one Swiss table (scoring.standings), as the live page, the API and the sheet show it
    table = (
        {row.entry_id: row.values for row in standings.swiss_table(event)[0].rows}
        if event.format == Event.Format.SWISS
        else {}
    )
    competitors = []
    for e in entries:
        members = (team_players or {}).get(e.pk) if event.is_teams else None
        c: dict[str, Any] = {
            "players": [player_pos[p] for p in members[:SOL_TEAM_PLAYERS]]
            if members
            else [player_pos[e.player_id]] + ([player_pos[e.partner_id]] if e.partner_id else []),
            "retired": bool(e.withdrawn),
        }
        if e.prize:  # a SoL tourney's prize-giving, kept (issue 31); SoL writes no 0
            c["prize"] = str(e.prize)
        line = table.get(e.pk)
        if line is not None:  # SoL's ranking figures: 2 points a win
            c.update(
                points=2 * line["wins"],
                netscore=line["net_points"],
                totscore=line["points_for"],
                bucholz=2 * line["buchholz"],
            )
        competitors.append(c)
    finished = event.status == Event.Status.FINISHED
    turns = max((r["turn"] for r in rows), default=0)
    return {
        "guid": sol_guid("tourney", key=event.pk),
        "championship": championship,
        "description": f"{tournament.name} – {event.name}",
        "date": event.tournament.start_date,
        "location": tournament.venue or None,
        "system": SYSTEMS.get(event.format, "swiss"),
        "couplings": "serial",
        "currentturn": turns,
        "rankedturn": turns if finished else max(turns - 1, 0),
        # SoL's flag, as kept (a tourney still to prize stays unprized)
        "prized": event.prized or (not event.prizes_pending and any(e.prize for e in entries)),
        "phantomscore": ranking_rule(event).bye_points,  # the event's bye value
        "retirements": "none",
        "finalkind": "simple",
        "finals": 0,
        "competitors": competitors,
        "matches": rows,
    }
