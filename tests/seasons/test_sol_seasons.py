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
        "Nordstadt Open I",
        "Nordstadt Open II",
    ]
    assert [e.tournament.name for e in season_rankings.counted_events(doubles)] == [
        "Nordstadt Doubles Night"
    ]
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


def test_sol_export_writes_the_championship_and_import_finds_it_again(
    club, players, django_capture_on_commit_callbacks
) -> None:
    import datetime

    from scoring.services import seasons as service
    from scoring.services.exports import sol_archive, sol_documents
    from tests.seasons.conftest import played_event

    event = played_event(
        "spring", datetime.date(2026, 3, 1), players[:4], django_capture_on_commit_callbacks
    )
    champ = service.create_championship(
        club=club, name="Lakeside Season", prizes="centesimal", skip_worst=1
    )
    service.add_event(championship=champ, event=event)
    lists, tourney = sol_documents(event.tournament)
    written = lists["championships"][tourney["championship"] - 1]
    assert written["description"] == "Lakeside Season" and written["prizes"] == "centesimal"
    assert written["skipworstprizes"] == 1
    assert lists["clubs"][written["club"] - 1]["description"] == club.name
    import_sol(sol_archive(event.tournament), file_name="lakeside.sol")
    # the imported copy counts for the same championship (found by club and name)
    assert champ.events.count() == 2 and Championship.objects.count() == 1
