"""Seeding an event by a rating (issue 33): the date of the rates and each player's rate on it.
Read by the draw's service (:mod:`scoring.services.draws`) and the rating pages
(:mod:`scoring.selectors.ratings`)."""

from __future__ import annotations

import datetime

from scoring.models import Event, Rate, Rating


def seeding_rates(rating: Rating, date: datetime.date, player_ids: list[int]) -> dict[int, float]:
    """Each player's rate on ``date`` (the last one of a tournament ended before it): what an
    event drawn by rating seeds with."""
    latest: dict[int, float] = {}
    for pid, rate in (
        Rate.objects.filter(rating=rating, player_id__in=player_ids, date__lt=date)
        .order_by("date", "tournament__start_date", "tournament_id")
        .values_list("player_id", "rate")
    ):
        latest[pid] = rate
    return latest


def seeding_date(event: Event) -> datetime.date:
    """The date of the rates an event drawn by rating is seeded with: its
    ``settings["seed_date"]``, else the tournament's first day."""
    value = (event.settings or {}).get("seed_date")
    if value:
        try:
            return datetime.date.fromisoformat(str(value))
        except ValueError:
            pass
    return event.tournament.start_date
