"""Migration 0029 (issue 33): the SoL tourneys imported before ``Event.prizes_pending``
existed that SoL never prized wait for their prize-giving, as SoL ranks them; a prized one
and an event made in the app do not. The database is migrated forward again in any case."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("scoring", "0028_pairs_by_order")]


@pytest.mark.django_db(transaction=True)
def test_sol_tourneys_not_prized_become_pending() -> None:
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes()
    try:
        executor.migrate(BEFORE)
        apps = executor.loader.project_state(BEFORE).apps
        Tournament = apps.get_model("scoring", "Tournament")
        Event = apps.get_model("scoring", "Event")
        ExternalRecord = apps.get_model("scoring", "ExternalRecord")
        for n, (name, prized, from_sol) in enumerate(
            (("Unprized", False, True), ("Prized", True, True), ("Made here", False, False))
        ):
            day = datetime.date(2025, 6, 1 + n)
            tournament = Tournament.objects.create(
                name=name, slug=f"pending-{n}", start_date=day, end_date=day
            )
            Event.objects.create(tournament=tournament, name="Singles", prized=prized)
            if from_sol:
                ExternalRecord.objects.create(
                    source="sol", kind="tournament", key=f"pending-{n}", tournament=tournament
                )
        executor.loader.build_graph()
        executor.migrate(latest)
        apps = executor.loader.project_state(latest).apps
        pending = dict(
            apps.get_model("scoring", "Event").objects.values_list(
                "tournament__name", "prizes_pending"
            )
        )
        assert pending == {"Unprized": True, "Prized": False, "Made here": False}
    finally:
        executor.loader.build_graph()
        executor.migrate(latest)
