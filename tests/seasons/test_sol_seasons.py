"""SoL import brings the season along (issue 33): the championships with their club, the
tourneys counted for them, each player's club as a membership; a second import adds nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from scoring.models import Championship, Club, Membership, Player
from scoring.services import season_rankings
from scoring.services.sol import import_sol

pytestmark = pytest.mark.django_db

FIXTURE = Path(__file__).parents[1] / "trust" / "data" / "nordstadt.sol"


def test_sol_import_brings_clubs_and_championships() -> None:
    import_sol(FIXTURE.read_bytes(), file_name=FIXTURE.name)
    club = Club.objects.get(name="Carrom Club Nordstadt")
    assert club.nation == "DEU" and not club.federation
    singles = Championship.objects.get(name="Nordstadt Singles Cup 2024")
    doubles = Championship.objects.get(name="Nordstadt Doubles 2024")
    assert singles.club == club == doubles.club and singles.prizes == "fixed"
    assert [e.tournament.name for e in season_rankings.counted_events(singles)] == [
        "Nordstadt Open I", "Nordstadt Open II"]
    assert [e.tournament.name for e in season_rankings.counted_events(doubles)] == [
        "Nordstadt Doubles Night"]
    asha = Player.objects.get(name="Asha Rao")
    assert [m.club for m in Membership.objects.filter(player=asha)] == [club]
    ranking = season_rankings.ranking(singles)
    assert ranking.lines and ranking.lines[0].rank == 1
    for line in ranking.lines:
        assert line.total == sum(p for p in line.prizes if p is not None)
    # a second import of the same file adds nothing
    import_sol(FIXTURE.read_bytes(), file_name=FIXTURE.name)
    assert Championship.objects.count() == 2 and Club.objects.count() == 2
    assert singles.events.count() == 2
