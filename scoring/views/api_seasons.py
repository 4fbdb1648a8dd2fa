"""The season's part of the read-only JSON API (issue 33, docs/API.md): clubs and federations,
championships and a championship's ranking. Same conventions as :mod:`scoring.views.api_base`
(its ``api_view``: GET only, ETag, 304 on ``If-None-Match``, any origin)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.http import Http404, HttpRequest
from django.urls import URLPattern, path

from scoring.models import Championship, Club
from scoring.selectors import seasons as sel
from scoring.services import season_rankings
from scoring.views.api_base import absolute, api_view


def number(value: Decimal | None) -> int | float | None:
    """A prize as JSON: a whole number as an integer, else a float (centesimal: hundredths)."""
    if value is None:
        return None
    return int(value) if value == value.to_integral_value() else float(value)


def club_data(request: HttpRequest, club: Club) -> dict[str, Any]:
    return {
        "id": club.pk,
        "name": club.name,
        "nation": club.nation,
        "federation": club.federation,
        "website": club.website,
        "html": absolute(request, "scoring:season-club", club_id=club.pk),
    }


def championship_data(request: HttpRequest, champ: Championship) -> dict[str, Any]:
    return {
        "id": champ.pk,
        "name": champ.name,
        "club": champ.club_id,
        "club_name": champ.club.name,
        "prizes": champ.prizes,
        "skip_worst": champ.skip_worst,
        "previous": champ.previous_id,
        "rating": champ.rating_id,
        "closed": champ.closed,
        "pairs_by_order": champ.pairs_by_order,
        "url": absolute(request, "scoring:api-championship", championship_id=champ.pk),
        "html": absolute(request, "scoring:season-championship", championship_id=champ.pk),
    }


@api_view("clubs")
def clubs(request: HttpRequest) -> list[dict[str, Any]]:
    return [club_data(request, c) for c in sel.clubs()]


@api_view("championships")
def championships(request: HttpRequest) -> list[dict[str, Any]]:
    return [championship_data(request, c) for c in sel.championships()]


@api_view("championship")
def championship(request: HttpRequest, championship_id: int) -> dict[str, Any]:
    champ = sel.championship_or_none(championship_id)
    if champ is None:
        raise Http404
    ranking = season_rankings.ranking(champ)
    data = championship_data(request, champ)
    data["tournaments"] = [
        {
            "id": c.event.tournament_id,
            "name": c.event.tournament.name,
            "date": c.event.tournament.start_date,
            "event": c.event.pk,
            "event_name": c.event.name,
            "placed": c.placed,
            "prized": c.recorded,  # SoL's prize-giving, its prizes counted as recorded
            "pending": c.pending,  # a SoL tourney never prized: no prizes until prized here
        }
        for c in ranking.columns
    ]
    data["ranking"] = [
        {
            "rank": line.rank,
            "players": [p.pk for p in line.players],
            "names": [p.name for p in line.players],
            "total": number(line.total),
            "prizes": [number(v) for v in line.prizes],
            "skipped": list(line.skipped),
        }
        for line in ranking.lines
    ]
    return data


urlpatterns: list[URLPattern] = [
    path("api/v1/clubs/", clubs, name="api-clubs"),
    path("api/v1/championships/", championships, name="api-championships"),
    path("api/v1/championships/<int:championship_id>/", championship, name="api-championship"),
]
