"""The read-only JSON API under ``/api/v1/`` (documented in docs/API.md).

No login, GET/HEAD only, nothing changes data. Every answer carries an ``ETag`` and
``Cache-Control: no-cache``: a client that sends ``If-None-Match`` gets ``304 Not Modified``
when nothing changed; for matches, boards and events the ETag comes from one cheap query
(:mod:`scoring.selectors.live` validators), so an unchanged poll costs one query. Answers allow
any origin (``Access-Control-Allow-Origin: *``): the data is public, and dashboards in the hall
should not need a proxy.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_not_required
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import URLPattern, path, reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.views.decorators.http import require_safe

from scoring.conditional import conditional, etag_for, not_modified
from scoring.models import Entry, Match, Player, Rating, Round, Tournament
from scoring.selectors import live as sel
from scoring.selectors import ratings as rating_sel
from scoring.selectors.seasons import external_keys
from scoring.selectors.ties import TieLine, event_ties, team_tables, teams_of
from scoring.standings.placings import event_placings


def _headers(response: HttpResponse, etag: str | None) -> HttpResponse:
    """The API's headers (:func:`scoring.conditional.conditional`'s ``finish``): the ETag,
    ``no-cache``, and any origin may read it."""
    if etag is not None:
        response["ETag"] = etag
    patch_cache_control(response, no_cache=True, max_age=0)
    patch_vary_headers(response, ("Origin",))
    response["Access-Control-Allow-Origin"] = "*"
    response["Access-Control-Expose-Headers"] = "ETag"
    return response


def _json(data: Any, etag: str | None = None, status: int = 200) -> HttpResponse:
    body = json.dumps(
        data, cls=DjangoJSONEncoder, ensure_ascii=False, indent=None, separators=(",", ":")
    )
    response = HttpResponse(body, content_type="application/json", status=status)
    return _headers(response, etag)


def _not_found() -> HttpResponse:
    return _json({"detail": "not found"}, status=404)


def api_view(kind: str, validator: Callable[..., Any] | None = None):
    """A public GET endpoint answering JSON with an ETag (:mod:`scoring.conditional`).

    With ``validator(**kwargs)`` (one query) the ETag is known before any work is done: an
    unchanged resource costs one query, and the middleware shares one body between pollers;
    without, the ETag is a hash of the body."""

    def decorate(view: Callable[..., Any]):
        @wraps(view)
        def answer(request: HttpRequest, **kwargs: Any) -> HttpResponse:
            try:
                data = view(request, **kwargs)
            except Http404:
                return _not_found()
            if validator is not None:
                return _json(data)  # the decorator puts its ETag on it
            body = json.dumps(data, cls=DjangoJSONEncoder, sort_keys=True)
            etag = etag_for(kind, body, request.get_full_path())
            return not_modified(request, etag, _headers) or _json(data, etag)

        if validator is not None:
            answer = conditional(kind, validator, finish=_headers, missing=_not_found)(answer)
        return login_not_required(require_safe(answer))

    return decorate


# --------------------------------------------------------------------------- serializers


def _absolute(request: HttpRequest, name: str, **kwargs: Any) -> str:
    return request.build_absolute_uri(reverse(name, kwargs=kwargs))


def _side_entries(match: Match) -> dict[str, int | None]:
    return {"a": match.entry_a_id, "b": match.entry_b_id, "c": match.entry_c_id}


def _per_side(match: Match, values: dict[str, Any], default: Any = 0) -> list[Any]:
    return [values.get(side, default) for side in match.sides]


def _entry(entry: Entry) -> dict[str, Any]:
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


def _point_board(view: sel.MatchView, line: sel.BoardLine) -> dict[str, Any]:
    """A point-carrom board row: each player's points and game score after it (lists in the
    match's entry order), the board's top scorer, who covered the queen, how it ended."""
    match = view.match
    entries = _side_entries(match)
    point = line.point
    counted = line.finished and not line.void
    return {
        "number": line.number,
        "sequence": line.sequence,
        "breaker": entries.get(line.breaker or ""),
        "points_by_player": _per_side(match, point.points) if counted else None,
        "points_by_entry": (
            {str(entries.get(s)): v for s, v in point.points.items()} if counted else None
        ),
        "totals": _per_side(match, point.totals if counted else point.scores_before),
        "top_scorer": entries.get(point.top_scorer or "") if counted else None,
        "queen": entries.get(point.queen_by or ""),
        "end": point.end,
        "law": point.law or None,
        "interpretation": point.interpretation,
        "finished": line.finished,
        "void": line.void,
        "entered_as": line.kind,
    }


def _board(view: sel.MatchView, line: sel.BoardLine) -> dict[str, Any]:
    if line.point is not None:
        return _point_board(view, line)
    entries = _side_entries(view.match)
    data = {
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
    entries = _side_entries(match)
    current = None
    if view.info is not None:
        info = view.info
        position = view.snapshot.current.position if view.snapshot.current else None
        state = None
        if position is not None and hasattr(position, "to_state"):
            state = view.snapshot.variant.state_of(position)
        current = {
            "game": info.game,
            "board": info.board,
            "breaker": entries.get(view.snapshot.current.breaker or ""),
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
        "games_won": _per_side(match, view.games_won),
        "games": [
            {
                "number": game.number,
                "scores": _per_side(match, game.scores),
                "winner": entries.get(game.winner or ""),
                "finished": game.finished,
                "boards": [_board(view, line) for line in game.boards],
            }
            for game in view.games
        ],
        "current": current,
        "revision": match.revision,
        "updated_at": match.updated_at,
        "called_at": match.called_at,
        "started_at": match.started_at,
        "finished_at": match.finished_at,
        "html": _absolute(
            request, "scoring:live-match", slug=match.event.tournament.slug, match_id=match.pk
        ),
    }


# --------------------------------------------------------------------------- endpoints


@api_view("tournaments")
def tournaments(request: HttpRequest) -> list[dict[str, Any]]:
    return [
        {
            "id": t.pk,
            "name": t.name,
            "slug": t.slug,
            "start_date": t.start_date,
            "end_date": t.end_date,
            "venue": t.venue,
            "url": _absolute(request, "scoring:api-tournament", tournament_id=t.pk),
        }
        for t in sel.all_tournaments()
    ]


@api_view("tournament")
def tournament(request: HttpRequest, tournament_id: int) -> dict[str, Any]:
    t = get_object_or_404(Tournament, pk=tournament_id)
    return {
        "id": t.pk,
        "name": t.name,
        "slug": t.slug,
        "start_date": t.start_date,
        "end_date": t.end_date,
        "venue": t.venue,
        "table_count": t.table_count,
        "events": [
            {
                "id": e.pk,
                "name": e.name,
                "kind": e.kind,
                "format": e.format,
                "rules": e.rules,
                "games_to_win": e.games_to_win,
                "status": e.status,
                "url": _absolute(request, "scoring:api-event", event_id=e.pk),
            }
            for e in t.events.all()
        ],
        "tables": [
            {"number": table.number, "label": table.label, "active": table.active}
            for table in t.tables.all()
        ],
        "html": _absolute(request, "scoring:live-tournament", slug=t.slug),
        "results_csv": _absolute(request, "scoring:live-results-csv", slug=t.slug),
    }


@api_view("event", lambda event_id: sel.event_validator(event_id))
def event(request: HttpRequest, event_id: int) -> dict[str, Any]:
    e = get_object_or_404(sel.event_queryset(), pk=event_id)
    entries = list(e.entries.select_related("player", "partner"))
    matches = list(e.matches.order_by("pk").values_list("pk", "round_id", "stage"))
    by_round: dict[int | None, list[int]] = {}
    for pk, round_id, _stage in matches:
        by_round.setdefault(round_id, []).append(pk)
    rounds: list[Round] = sorted(
        e.rounds.all(), key=lambda r: (r.number, list(Round.Bracket.values).index(r.bracket))
    )
    standings = []
    tables = sel.event_standings(e)
    for table in tables:
        for row in table.rows:
            line: dict[str, Any] = {"entry": row.entry_id, "rank": row.rank}
            if table.name:
                line["group"] = table.name
            line.update({k: v for k, v in row.values.items() if k != "games"})
            standings.append(line)
    entry_rows = [_entry(entry) for entry in entries]
    extra: dict[str, Any] = {}
    if e.is_teams:
        # a team entry is named by its team, its players are the team's (captain first)
        teams = {line.team.entry_id: line for line in teams_of(e)}
        for row in entry_rows:
            line = teams.get(row["id"])
            if line is not None:
                row.update(name=line.team.name, team=_team(line))
        extra["ties"] = [_tie(request, line) for line in event_ties(e)]
        extra["team_standings"] = [
            {
                "group": table.group or None,  # a round-robin group's own table
                "entry": row.team.entry_id,
                "team": row.team.name,
                "rank": row.standing.rank,
                "played": row.standing.played,
                "won": row.standing.won,
                "drawn": row.standing.drawn,
                "lost": row.standing.lost,
                "tie_points": row.standing.tie_points,
                "rubbers_won": row.standing.rubbers_won,
                "rubbers_lost": row.standing.rubbers_lost,
                "games_won": row.standing.games_won,
                "games_lost": row.standing.games_lost,
                "points_for": row.standing.points_for,
                "points_against": row.standing.points_against,
                "decided_by": row.standing.decided_by or None,
            }
            for table in team_tables(e)
            for row in table.rows
        ]
    return {
        "id": e.pk,
        "tournament": e.tournament_id,
        "name": e.name,
        "kind": e.kind,
        "format": e.format,
        "rules": e.rules,
        "games_to_win": e.games_to_win,
        "status": e.status,
        "entries": entry_rows,
        "rounds": [
            {
                "number": r.number,
                "name": sel.round_label(r),
                "bracket": r.bracket,
                "stage": r.stage,
                "matches": by_round.get(r.pk, []),
            }
            for r in rounds
        ],
        "matches": [pk for pk, _r, _s in matches],
        "standings": standings,
        "standings_order": tables[0].order if tables else None,
        "standings_rule": tables[0].rule if tables else None,
        # final places (issue 15): a shared place as place..place_to; only decided ones
        "placings": [
            {"entry": p.entry.pk, "place": p.place, "place_to": p.last}
            for p in event_placings(e)
            if p.place
        ],
        "html": _absolute(request, "scoring:live-event", slug=e.tournament.slug, event_id=e.pk),
        **extra,
    }


def _team(line: Any) -> dict[str, Any]:
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


def _tie(request: HttpRequest, line: TieLine) -> dict[str, Any]:
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
                "url": _absolute(request, "scoring:api-match", match_id=r.match.pk)
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


@api_view("match", lambda match_id: sel.match_validator(match_id))
def match(request: HttpRequest, match_id: int) -> dict[str, Any]:
    m = get_object_or_404(sel.match_queryset(), pk=match_id)
    return match_data(request, m)


@api_view("board", lambda match_id, game, board: sel.match_validator(match_id))
def board(request: HttpRequest, match_id: int, game: int, board: int) -> dict[str, Any]:
    m = get_object_or_404(sel.match_queryset(), pk=match_id)
    view = sel.match_view(m, timeline=False)
    line = sel.find_board(view, game, board)
    if line is None:
        raise Http404
    return sel.board_document(view, line)


@api_view("tables", lambda tournament_id: sel.tournament_validator(pk=tournament_id))
def tables(request: HttpRequest, tournament_id: int) -> list[dict[str, Any]]:
    """Every active table with its current match (what the hall screen shows)."""
    t = get_object_or_404(Tournament, pk=tournament_id)
    overview = sel.tournament_overview(t, recent=0)
    out = []
    for item in overview.tables:
        line = item.line
        m = line.match if line else None
        entries = _side_entries(m) if m else {}
        out.append(
            {
                "number": item.table.number,
                "label": item.table.label,
                "match": m.pk if m else None,
                "status": sel.api_status(m.status) if m else None,
                "status_detail": m.status if m else None,
                "entries": [entries[s] for s in m.sides] if m else [],
                "names": list(line.names) if line else [],
                "games_won": list(line.games_won) if line else [],
                "scores": list(line.points) if line and line.points else None,
            }
        )
    return out


@api_view("player", lambda tournament_id, player_id: sel.tournament_validator(pk=tournament_id))
def player(request: HttpRequest, tournament_id: int, player_id: int) -> dict[str, Any]:
    t = get_object_or_404(Tournament, pk=tournament_id)
    p = get_object_or_404(Player, pk=player_id)
    page = sel.player_page(t, p)
    if not page.entries:
        raise Http404
    return {
        "id": p.pk,
        "name": p.name,
        "club": p.club,
        "nationality": p.nationality,
        "external": external_keys(p),
        "entries": [
            {"id": e.pk, "event": e.event_id, "name": e.name, "seed": e.seed} for e in page.entries
        ],
        "matches": [
            {
                "id": pm.match.pk,
                "side_entry": _side_entries(pm.match)[pm.side],
                "status": sel.api_status(pm.match.status),
                "result": pm.result or None,
            }
            for pm in page.matches
        ],
        "stats": page.stats.as_dict(),
        "slams": [
            {"kind": s.kind, "match": s.match.pk, "game": s.game, "board": s.board}
            for s in page.slams
        ],
        "html": _absolute(request, "scoring:live-player", slug=t.slug, player_id=p.pk),
    }


# --------------------------------------------------------------------------- ratings (issue 33)


def _rating(request: HttpRequest, rating: Any) -> dict[str, Any]:
    return {
        "id": rating.pk,
        "name": rating.name,
        "level": rating.level,
        "nation": rating.nation or None,
        "default_rate": rating.default_rate,
        "default_deviation": rating.default_deviation,
        "default_volatility": rating.default_volatility,
        "tau": rating.tau,
        "lower_rate": rating.lower_rate,
        "higher_rate": rating.higher_rate,
        "outcomes": rating.outcomes,
        "url": _absolute(request, "scoring:api-rating", rating_id=rating.pk),
        "html": _absolute(request, "scoring:rating", rating_id=rating.pk),
    }


@api_view("ratings", lambda: rating_sel.ratings_validator())
def ratings(request: HttpRequest) -> list[dict[str, Any]]:
    """Every rating with its parameters."""
    return [_rating(request, r) for r in rating_sel.ratings()]


@api_view("rating", lambda rating_id: rating_sel.rating_validator(rating_id))
def rating(request: HttpRequest, rating_id: int) -> dict[str, Any]:
    """The rating, its tournaments and every rated player with his current rate and his
    history (one row per tournament, oldest first), best rate first."""
    row = get_object_or_404(Rating, pk=rating_id)
    history = rating_sel.rated_players(row)
    tournaments = rating_sel.tournaments_by_pk(
        {r.tournament_id for rates in history.values() for r in rates}
    )
    players = []
    for player_id, rates in history.items():
        last = rates[-1]
        players.append(
            {
                "player": player_id,
                "rate": round(last.rate, 2),
                "deviation": round(last.deviation, 2),
                "volatility": round(last.volatility, 6),
                "matches": sum(r.matches for r in rates),
                "history": [
                    {
                        "tournament": r.tournament_id,
                        "date": r.date,
                        "rate": round(r.rate, 2),
                        "deviation": round(r.deviation, 2),
                        "volatility": round(r.volatility, 6),
                        "matches": r.matches,
                    }
                    for r in rates
                ],
            }
        )
    players.sort(key=lambda p: (-p["rate"], p["deviation"], p["player"]))
    return {
        **_rating(request, row),
        "tournaments": [
            {"id": t.pk, "name": t.name, "date": t.end_date}
            for t in sorted(tournaments.values(), key=lambda t: (t.end_date, t.pk))
        ],
        "players": players,
    }


urlpatterns: list[URLPattern] = [
    path("api/v1/tournaments/", tournaments, name="api-tournaments"),
    path("api/v1/tournaments/<int:tournament_id>/", tournament, name="api-tournament"),
    path("api/v1/tournaments/<int:tournament_id>/tables/", tables, name="api-tables"),
    path(
        "api/v1/tournaments/<int:tournament_id>/players/<int:player_id>/", player, name="api-player"
    ),
    path("api/v1/events/<int:event_id>/", event, name="api-event"),
    path("api/v1/matches/<int:match_id>/", match, name="api-match"),
    path(
        "api/v1/matches/<int:match_id>/games/<int:game>/boards/<int:board>/",
        board,
        name="api-board",
    ),
    path("api/v1/ratings/", ratings, name="api-ratings"),
    path("api/v1/ratings/<int:rating_id>/", rating, name="api-rating"),
]
