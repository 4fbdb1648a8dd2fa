"""The read-only JSON API under ``/api/v1/`` (documented in docs/API.md): its endpoints and
URLs. What every endpoint shares (``api_view``: GET only, an ETag, 304 on ``If-None-Match``,
any origin) is :mod:`scoring.views.api_base`; what a resource says, :mod:`scoring.views.api_data`.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.urls import URLPattern, path

from scoring.models import ImportedRate, Player, Rate, Round, Tournament
from scoring.selectors import live as sel
from scoring.selectors import ratings as rating_sel
from scoring.selectors.seasons import external_keys, external_keys_of
from scoring.selectors.ties import event_ties, team_tables, teams_of
from scoring.standings.placings import event_placings
from scoring.views.api_base import absolute, api_view
from scoring.views.api_data import (
    entry_data,
    match_data,
    rounds_data,
    side_entries,
    team_data,
    tie_data,
)

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
            "url": absolute(request, "scoring:api-tournament", tournament_id=t.pk),
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
                "url": absolute(request, "scoring:api-event", event_id=e.pk),
            }
            for e in t.events.all()
        ],
        "tables": [
            {"number": table.number, "label": table.label, "active": table.active}
            for table in t.tables.all()
        ],
        "html": absolute(request, "scoring:live-tournament", slug=t.slug),
        "results_csv": absolute(request, "scoring:live-results-csv", slug=t.slug),
    }


@api_view("event", lambda event_id: sel.event_validator(event_id, external=True))
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
    entry_rows = [entry_data(entry) for entry in entries]
    extra: dict[str, Any] = {}
    if e.is_teams:
        # a team entry is named by its team, its players are the team's (captain first)
        teams = {line.team.entry_id: line for line in teams_of(e)}
        for entry_row in entry_rows:
            team_line = teams.get(entry_row["id"])
            if team_line is not None:
                entry_row.update(name=team_line.team.name, team=team_data(team_line))
        extra["ties"] = [tie_data(request, line) for line in event_ties(e)]
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
    # each player's keys in the programs he was imported from (issue 33), one query
    people = [
        p
        for row in entry_rows
        for p in (*row["players"], *(row["team"]["players"] if "team" in row else ()))
    ]
    keys = external_keys_of(p["id"] for p in people)
    for p in people:
        p["external"] = keys[p["id"]]
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
        # a table of complete rounds (the European rule, as SoL ranks): the rounds it counts
        "standings_rounds": rounds_data(tables[0].rounds) if tables else None,
        "standings_progress": (tables[0].progress or None) if tables else None,
        # final places (issue 15): a shared place as place..place_to; only decided ones
        "placings": [
            {"entry": p.entry.pk, "place": p.place, "place_to": p.last}
            for p in event_placings(e)
            if p.place
        ],
        "html": absolute(request, "scoring:live-event", slug=e.tournament.slug, event_id=e.pk),
        **extra,
    }


def _match_changed(value: tuple[Any, ...]) -> Any:
    """When a match last changed: its ``updated_at`` (``match_validator``'s second value)."""
    return value[1]


@api_view("match", lambda match_id: sel.match_validator(match_id), modified=_match_changed)
def match(request: HttpRequest, match_id: int) -> dict[str, Any]:
    m = get_object_or_404(sel.match_queryset(), pk=match_id)
    return match_data(request, m)


@api_view(
    "board",
    lambda match_id, game, board: sel.match_validator(match_id),
    modified=_match_changed,
)
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
        entries = side_entries(m) if m else {}
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
                "side_entry": side_entries(pm.match)[pm.side],
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
        "html": absolute(request, "scoring:live-player", slug=t.slug, player_id=p.pk),
    }


# --------------------------------------------------------------------------- ratings (issue 33)


def _rating(request: HttpRequest, rating: Any) -> dict[str, Any]:
    """A rating's parameters (both resources); ``imported``: whether its players' rates are
    SoL's stored rates (a SoL rating that rates no tournament here, imported with them)."""
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
        "url": absolute(request, "scoring:api-rating", rating_id=rating.pk),
        "html": absolute(request, "scoring:rating", rating_id=rating.pk),
    }


@api_view("ratings", lambda: rating_sel.ratings_validator())
def ratings(request: HttpRequest) -> list[dict[str, Any]]:
    """Every rating with its parameters and its number of rated players (of a rating of SoL's
    stored rates only: of the players with a stored rate)."""
    out = []
    for r in rating_sel.ratings():
        # annotated by the selector: rated players, and players with a stored rate
        rated, stored = int(getattr(r, "player_count", 0)), int(getattr(r, "imported_count", 0))
        imported = bool(getattr(r, "is_stored_only", False))  # selectors/ratings.stored_only
        out.append(
            {
                **_rating(request, r),
                "imported": imported,
                "player_count": stored if imported else rated,
            }
        )
    return out


def _figures(rate: Rate | ImportedRate) -> dict[str, Any]:
    return {
        "rate": round(rate.rate, 2),
        "deviation": round(rate.deviation, 2),
        "volatility": round(rate.volatility, 6),
    }


def _rated_player(player_id: int, rates: list[Rate] | list[ImportedRate]) -> dict[str, Any]:
    """A player's last rate and his history under a rating: this app's rates (a tournament
    and the matches rated each), or a rating's stored rates as SoL recorded them (imported:
    no tournament here, no matches counted, ``null``)."""
    return {
        "player": player_id,
        **_figures(rates[-1]),
        "matches": sum(r.matches for r in rates if isinstance(r, Rate))
        if isinstance(rates[-1], Rate)
        else None,
        "history": [
            {
                "tournament": r.tournament_id if isinstance(r, Rate) else None,
                "date": r.date,
                **_figures(r),
                "matches": r.matches if isinstance(r, Rate) else None,
            }
            for r in rates
        ],
    }


@api_view("rating", lambda rating_id: rating_sel.rating_validator(rating_id))
def rating(request: HttpRequest, rating_id: int) -> dict[str, Any]:
    """The rating, its tournaments and every rated player with his current rate and his
    history (one row per tournament, oldest first), best rate first; a rating that rates no
    tournament here lists SoL's stored rates imported with it (``imported``)."""
    found = rating_sel.rating_with_kind(rating_id)
    if found is None:
        raise Http404
    row, imported = found
    # SoL's stored rates only (no rate of this app): listed as its page does
    history = rating_sel.imported_players(row) if imported else rating_sel.rated_players(row)
    tournaments = rating_sel.tournaments_by_pk(
        {r.tournament_id for rates in history.values() for r in rates if isinstance(r, Rate)}
    )
    players = [_rated_player(player_id, rates) for player_id, rates in history.items()]
    players.sort(key=lambda p: (-p["rate"], p["deviation"], p["player"]))
    return {
        **_rating(request, row),
        "imported": imported,
        "player_count": len(players),
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
