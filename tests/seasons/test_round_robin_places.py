"""A finished round robin without a knock-out (SoL's ``roundrobin`` tourney) has places: its
table's order (``standings.placings``, "Groups only"), so that a championship counts it, as
SoL's championship of such a tourney ranks its players (bench/sol_season.py --sol-archives:
SoL's "Swiss Championship 2023/24")."""

from __future__ import annotations

import pytest
import yaml

from scoring import standings
from scoring.models import Championship, Event
from scoring.services.season_rankings import ranking
from scoring.services.sol import import_sol
from scoring.standings.placings import event_placings
from tests.trust.test_sol_generated import m
from tests.trust.test_sol_ranking import lists, tourney

pytestmark = pytest.mark.django_db


def round_robin(matches: list[dict]) -> Event:
    content = yaml.safe_dump_all(
        [
            {**lists(3), "clubs": [{"description": "Round Club"}]},
            tourney([[1], [2], [3]], matches, system="roundrobin", rating=None),
        ]
    ).encode()
    data = list(yaml.safe_load_all(content))
    data[0]["championships"][0]["club"] = 1
    import_sol(yaml.safe_dump_all(data).encode())
    return Event.objects.order_by("-pk").first()


PLAYED = [
    m(1, 2, 25, 10),
    m(1, 3, 5, 25, turn=2),
    m(2, 3, 25, 24, turn=3),
]


def test_a_finished_round_robin_is_placed_by_its_table_and_counts_for_its_championship():
    event = round_robin(PLAYED)
    assert event.format == Event.Format.GROUPS and event.status == Event.Status.FINISHED
    (table,) = standings.event_standings(event)
    placings = event_placings(event)
    assert [p.entry.name for p in placings] == [row.name for row in table.rows]
    assert [p.place for p in placings] == [1, 2, 3]
    champ = Championship.objects.get()
    # the archive's tourney is not prized: no prizes until its prize-giving, as SoL ranks
    # it; prized (as SoL's recomputation does), its table places the players
    assert ranking(champ).lines == [] and ranking(champ).pending
    lines = ranking(champ, recorded=False).lines
    assert len(lines) == 3
    assert [line.players[0].name for line in lines] == [row.name for row in table.rows]


def test_an_unfinished_round_robin_has_no_places_yet():
    event = round_robin([*PLAYED[:2], m(2, 3, 0, 0, turn=3)])
    assert event.status == Event.Status.RUNNING
    assert all(p.place is None for p in event_placings(event))
