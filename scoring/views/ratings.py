"""Public pages of ratings (issue 33): the ratings, a rating's list with its filters and a
player's history with its chart (SVG drawn by the server)."""

from __future__ import annotations

import dataclasses
import datetime

from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import URLPattern, path
from django.views.decorators.http import require_safe

from scoring.conditional import conditional
from scoring.models import Player, Rating
from scoring.selectors import ratings as sel

AGES = ("juniors", "seniors")


def _one(rating_id: int, **_kwargs: object) -> object:
    return sel.rating_validator(rating_id)


def _all(**_kwargs: object) -> object:
    return sel.ratings_validator()


def _date(value: str) -> datetime.date | None:
    """The list's date from the query (``YYYY-MM-DD``); anything else: the latest list."""
    try:
        return datetime.date.fromisoformat(value) if value else None
    except ValueError:
        return None


@login_not_required
@require_safe
@conditional("ratings-page", _all, page=True)
def ratings_page(request: HttpRequest) -> HttpResponse:
    return render(request, "scoring/ratings/index.html", {"ratings": sel.ratings()})


@login_not_required
@require_safe
@conditional("rating-page", _one, page=True)
def rating_page(request: HttpRequest, rating_id: int) -> HttpResponse:
    found = sel.rating_with_kind(rating_id)
    if found is None:
        raise Http404
    rating, stored_only = found
    date = _date(request.GET.get("date", ""))
    nation = request.GET.get("nation", "")[:3].upper()
    age = request.GET.get("age", "")
    women = request.GET.get("women", "") == "1"
    age = age if age in AGES else ""
    listing = sel.rating_list(rating, date=date, nation=nation, women=women, age=age)
    imported: list[sel.ImportedRow] = []
    if stored_only:  # rates no tournament here: SoL's stored rates
        imported, nations = sel.imported_list(
            rating, date=date, nation=nation, women=women, age=age
        )
        listing = dataclasses.replace(listing, nations=nations)
    return render(
        request,
        "scoring/ratings/rating.html",
        {
            "rating": rating,
            "listing": listing,
            "imported_rows": imported,
            "nation": nation,
            "women": women,
            "age": age,
            "date": date,
            "filtered": bool(nation or women or age),
        },
    )


@login_not_required
@require_safe
@conditional("rating-player-page", _one, page=True)
def rating_player_page(request: HttpRequest, rating_id: int, player_id: int) -> HttpResponse:
    rating = get_object_or_404(Rating, pk=rating_id)
    player = get_object_or_404(Player, pk=player_id)
    history = sel.player_history(rating, player)
    imported = sel.imported_history(rating, player)
    if not history and not imported:
        raise Http404("This player has no rate in this rating.")
    return render(
        request,
        "scoring/ratings/player.html",
        {
            "rating": rating,
            "player": player,
            "history": history,
            "latest": history[-1] if history else None,
            "chart": sel.player_chart(history) if history else None,
            "imported": imported,
        },
    )


urlpatterns: list[URLPattern] = [
    path("ratings/", ratings_page, name="ratings"),
    path("ratings/<int:rating_id>/", rating_page, name="rating"),
    path(
        "ratings/<int:rating_id>/players/<int:player_id>/", rating_player_page, name="rating-player"
    ),
]
