"""Migration 0028 (issue 33): a championship imported from SoL before ``pairs_by_order``
existed ranks as SoL ranked it (its pairs in the order entered); one made in the app keeps the
default (the same two players in either order). The database is migrated forward again in any
case, so the tests after this one find the latest schema."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("scoring", "0027_champ4_prized")]


@pytest.mark.django_db(transaction=True)
def test_championships_imported_from_sol_are_keyed_by_order() -> None:
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes()
    try:
        executor.migrate(BEFORE)
        apps = executor.loader.project_state(BEFORE).apps
        Tournament = apps.get_model("scoring", "Tournament")
        Event = apps.get_model("scoring", "Event")
        Club = apps.get_model("scoring", "Club")
        Championship = apps.get_model("scoring", "Championship")
        ExternalRecord = apps.get_model("scoring", "ExternalRecord")
        club = Club.objects.create(name="Crafted Club", nation="DE")
        made = {}
        for n, name in enumerate(("Crafted Doubles", "Lakeside Doubles")):
            day = datetime.date(2025, 5, 1 + n)
            tournament = Tournament.objects.create(
                name=f"Doubles {n}", slug=f"doubles-{n}", start_date=day, end_date=day
            )
            event = Event.objects.create(tournament=tournament, name="Doubles", kind="doubles")
            champ = Championship.objects.create(club=club, name=name)
            champ.events.add(event)
            made[name] = champ.pk
            if n == 0:  # the first came from a SoL file, under its championship
                ExternalRecord.objects.create(
                    source="sol",
                    kind="tournament",
                    key=f"crafted-{n}",
                    tournament=tournament,
                    data={"championship": name, "description": tournament.name},
                )
        executor.loader.build_graph()
        executor.migrate(latest)
        apps = executor.loader.project_state(latest).apps
        by_order = dict(
            apps.get_model("scoring", "Championship").objects.values_list("name", "pairs_by_order")
        )
        assert by_order == {"Crafted Doubles": True, "Lakeside Doubles": False}
    finally:
        executor.loader.build_graph()
        executor.migrate(latest)
