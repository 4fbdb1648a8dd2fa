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
    # the file's tourneys are not prized (no ``prized``): no prizes yet, as SoL shows them;
    # prized from their results (SoL's prize-giving), they rank
    assert season_rankings.ranking(singles).lines == []
    ranking = season_rankings.ranking(singles, recorded=False)
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


def test_sol_export_carries_the_previous_season_the_rating_and_membership_dates(
    club, federation, players, django_capture_on_commit_callbacks
) -> None:
    """#33: the championship's previous season and rating go out as SoL keeps them; each
    player's club and federation of the tournament's day are SoL's ``club``/``federation``,
    and every membership's dates come back on import (the archive's extension)."""
    import datetime

    from scoring.models import Rating
    from scoring.services import seasons as service
    from scoring.services.exports import sol_archive, sol_documents
    from tests.seasons.conftest import played_event

    event = played_event(
        "spring", datetime.date(2026, 3, 1), players[:4], django_capture_on_commit_callbacks
    )
    rating = Rating.objects.create(name="Lakeland Rating", outcomes="guido")
    last_year = service.create_championship(club=club, name="Lakeside 2025")
    champ = service.create_championship(
        club=club, name="Lakeside 2026", previous=last_year, rating=rating
    )
    service.add_event(championship=champ, event=event)
    old = Club.objects.create(name="Old Harbour Club", nation="DE")
    service.add_membership(
        club=old,
        player=players[0],
        since=datetime.date(2020, 1, 1),
        until=datetime.date(2025, 12, 31),
    )
    service.add_membership(club=club, player=players[0], since=datetime.date(2026, 1, 1))
    service.add_membership(club=federation, player=players[0], since=datetime.date(2024, 5, 1))
    lists, tourney = sol_documents(event.tournament)
    written = lists["championships"][tourney["championship"] - 1]
    assert lists["championships"][written["previous"] - 1]["description"] == "Lakeside 2025"
    assert lists["ratings"][written["rating"] - 1]["description"] == "Lakeland Rating"
    assert tourney["rating"] == written["rating"]  # added: rated under the championship's
    row = next(p for p in lists["players"] if p["lastname"].endswith("1"))
    assert lists["clubs"][row["club"] - 1]["description"] == club.name  # of that day
    assert lists["clubs"][row["federation"] - 1]["description"] == federation.name
    dated = lists["carrom"]["memberships"][row["guid"]]
    assert {
        (lists["clubs"][d["club"] - 1]["description"], d["since"], d["until"]) for d in dated
    } == {
        (old.name, "2020-01-01", "2025-12-31"),
        (club.name, "2026-01-01", None),
        (federation.name, "2024-05-01", None),
    }
    # back in: a fresh season's records (the championships, clubs and memberships gone)
    archive = sol_archive(event.tournament)
    Membership.objects.all().delete()
    champ.events.clear()
    Championship.objects.all().delete()
    import_sol(archive, file_name="lakeside.sol")
    again = Championship.objects.get(name="Lakeside 2026")
    assert again.previous is not None and again.previous.name == "Lakeside 2025"
    assert again.rating == rating
    got = {
        (m.club.name, m.since, m.until)
        for m in Membership.objects.filter(player__name=players[0].name)
    }
    assert (old.name, datetime.date(2020, 1, 1), datetime.date(2025, 12, 31)) in got
    assert (club.name, datetime.date(2026, 1, 1), None) in got


@pytest.mark.parametrize("by_order", [False, True])
def test_this_apps_sol_file_keeps_how_a_championship_keys_its_pairs(
    by_order, club, players, django_capture_on_commit_callbacks
) -> None:
    """``Championship.pairs_by_order`` survives the app's own SoL file: SoL always keys a pair
    by its order, so only "either order" goes out, in the archive's ``carrom`` extension; a
    file without it (every file SoL wrote) imports ordered."""
    import datetime

    from scoring.services import seasons as service
    from scoring.services.exports import sol_archive, sol_documents
    from tests.seasons.conftest import played_event

    event = played_event(
        "spring", datetime.date(2026, 3, 1), players[:4], django_capture_on_commit_callbacks
    )
    champ = service.create_championship(club=club, name="Lakeside Doubles", pairs_by_order=by_order)
    service.add_event(championship=champ, event=event)
    lists, tourney = sol_documents(event.tournament)
    guid = lists["championships"][tourney["championship"] - 1]["guid"]
    kept = lists["carrom"].get("championships", {})
    assert kept == ({} if by_order else {guid: {"pairs_by_order": False}})
    archive = sol_archive(event.tournament)
    champ.events.clear()
    Championship.objects.all().delete()
    import_sol(archive, file_name="lakeside.sol")
    assert Championship.objects.get(name="Lakeside Doubles").pairs_by_order is by_order
