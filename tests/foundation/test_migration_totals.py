"""Migration 0012 fills the match totals still empty after 0011 from the match's games, then
makes the four columns required (issue 17).

The test database is migrated back to 0011 (the totals NULL-able), matches are written there
with the historical models (totals left NULL, as a SoL import's byes and unplayed matches or a
match made outside the services left them), and migrated forward to the latest state: the
empty totals are those of the games (:func:`scoring.standings.results.match_totals`, 0 without
games), totals already written are kept, and a NULL is refused. The database is migrated
forward again in any case, so the tests after this one find the latest schema.
"""

from __future__ import annotations

import datetime

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from scoring.standings.results import TOTAL_COLUMNS, match_totals

BEFORE = [("scoring", "0011_swiss_match_totals")]
EMPTY = dict.fromkeys(TOTAL_COLUMNS)


def _make_matches(apps) -> dict[str, int]:
    """At 0011: a tournament, an event, four entries and four matches with their games."""
    Tournament = apps.get_model("scoring", "Tournament")
    Event = apps.get_model("scoring", "Event")
    Player = apps.get_model("scoring", "Player")
    Entry = apps.get_model("scoring", "Entry")
    Match = apps.get_model("scoring", "Match")
    Game = apps.get_model("scoring", "Game")

    day = datetime.date(2026, 11, 14)
    tournament = Tournament.objects.create(
        name="Willowbrook Autumn Open", slug="willowbrook-autumn", start_date=day, end_date=day
    )
    event = Event.objects.create(tournament=tournament, name="Open singles", format="swiss")
    a, b, c, d = (
        Entry.objects.create(event=event, player=Player.objects.create(name=name))
        for name in ("Odile Marrow", "Pim Carraway", "Quill Ashdown", "Rhea Tamber")
    )

    def match(number: int, side_a, side_b, **fields):
        return Match.objects.create(
            event=event, number=number, entry_a=side_a, entry_b=side_b, **{**EMPTY, **fields}
        )

    def games(m, *played: tuple[str, dict[str, int]]) -> None:
        for number, (winner, scores) in enumerate(played, start=1):
            Game.objects.create(
                match=m,
                number=number,
                first_breaker="a",
                winner_side=winner,
                scores=scores,
                finished=True,
            )

    # two games won by side a, one by side b: 2, 1, 25+7+25, 9+25+4
    decided = match(1, a, b, status="finished", winner_side="a")
    games(decided, ("a", {"a": 25, "b": 9}), ("b", {"a": 7, "b": 25}), ("a", {"a": 25, "b": 4}))
    # a bye: no games, no opponent
    bye = match(2, c, None, status="finished", winner_side="a", bye=True)
    # only one total missing: all four are made from the games
    partly = match(3, c, d, status="finished", winner_side="b", games_a=5, games_b=5, points_a=55)
    games(partly, ("b", {"a": 3, "b": 25}), ("b", {"a": 11, "b": 25}))
    # already written (here unlike its games, as a stale cache would be): left as it is
    filled = match(
        4, d, a, status="finished", winner_side="a", games_a=1, games_b=1, points_a=30, points_b=31
    )
    games(filled, ("a", {"a": 25, "b": 0}), ("a", {"a": 25, "b": 13}))

    for m in (decided, bye, partly):
        m.refresh_from_db()
        assert None in (m.games_a, m.games_b, m.points_a, m.points_b)
    return {"decided": decided.pk, "bye": bye.pk, "partly": partly.pk, "filled": filled.pk}


@pytest.mark.django_db(transaction=True)
def test_0012_fills_the_empty_totals_from_the_games_and_requires_them() -> None:
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes()
    try:
        executor.migrate(BEFORE)
        ids = _make_matches(executor.loader.project_state(BEFORE).apps)

        executor.loader.build_graph()  # the migrations now applied
        executor.migrate(latest)
        apps = executor.loader.project_state(latest).apps
        Match = apps.get_model("scoring", "Match")
        Game = apps.get_model("scoring", "Game")

        def totals(name: str) -> dict[str, int]:
            return Match.objects.values(*TOTAL_COLUMNS).get(pk=ids[name])

        def of_games(name: str) -> dict[str, int]:
            return match_totals(
                Game.objects.filter(match_id=ids[name])
                .order_by("number")
                .values_list("winner_side", "scores")
            )

        assert (
            totals("decided")
            == of_games("decided")
            == {"games_a": 2, "games_b": 1, "points_a": 57, "points_b": 38}
        )
        assert totals("bye") == of_games("bye") == dict.fromkeys(TOTAL_COLUMNS, 0)
        assert (
            totals("partly")
            == of_games("partly")
            == {"games_a": 0, "games_b": 2, "points_a": 14, "points_b": 50}
        )
        assert totals("filled") == {"games_a": 1, "games_b": 1, "points_a": 30, "points_b": 31}

        for column in TOTAL_COLUMNS:  # NOT NULL now
            with pytest.raises(IntegrityError), transaction.atomic():
                Match.objects.filter(pk=ids["decided"]).update(**{column: None})
        assert totals("decided")["games_a"] == 2
    finally:
        executor.loader.build_graph()
        executor.migrate(latest)
