"""The tournament's decided matches for the results CSV (``t/<slug>/results.csv``): the one
decided-result definition of :mod:`scoring.standings.results` (byes and walkovers too), in
event, round and match order, with their games (three queries whatever the size)."""

from __future__ import annotations

from django.db.models import QuerySet

from scoring.models import Match, Tournament
from scoring.selectors.live.common import match_queryset
from scoring.standings.results import decided_q


def decided_matches(tournament: Tournament) -> QuerySet[Match]:
    """Every decided match of ``tournament`` with its games, in the order of the CSV."""
    return (
        match_queryset()
        .filter(decided_q(), event__tournament=tournament)
        .prefetch_related("games")
        .order_by("event__order", "event__name", "round__number", "number", "pk")
    )
