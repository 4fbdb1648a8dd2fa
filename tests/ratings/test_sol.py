"""SoL's ratings in (issue 33): an imported tourney is rated under a rating of SoL's
description and parameters, and the history is this app's recomputation from the imported
matches (Guido's formula: each side's share of the points)."""

from __future__ import annotations

import pytest
import yaml

from scoring import ratings as glicko
from scoring.models import Rate, Rating
from scoring.services.ratings import tournament_matches
from scoring.services.sol import import_sol
from scoring.services.sol.ratings import sol_rating
from tests.trust.test_sol_generated import m
from tests.trust.test_sol_ranking import lists, tourney

pytestmark = pytest.mark.django_db


def test_an_imported_tourney_is_rated_under_sols_rating() -> None:
    data = lists(4)
    data["ratings"][1].update(
        {
            "tau": "0.6",
            "default_deviation": 300,
            "lower_rate": 1400,
            "higher_rate": 2200,
            "outcomes": "guido",
            "default_volatility": "0.05",
        }
    )
    matches = [
        m(1, 2, 25, 10, turn=1, table=1),
        m(3, 4, 25, 20, turn=1, table=2),
        m(1, 3, 25, 5, turn=2, table=1),
        m(2, 4, 15, 25, turn=2, table=2),
    ]
    content = yaml.safe_dump_all([data, tourney([[1], [2], [3], [4]], matches)]).encode()
    report = import_sol(content)
    tournament = report.tournaments[0]
    rating = Rating.objects.get(name="Generated")
    assert tournament.rating == rating
    assert (
        rating.level,
        rating.outcomes,
        rating.tau,
        rating.default_deviation,
        rating.lower_rate,
        rating.higher_rate,
    ) == ("international", "guido", 0.6, 300, 1400, 2200)
    rates = {r.player.name: r for r in Rate.objects.filter(rating=rating)}
    assert len(rates) == 4 and all(r.matches == 2 for r in rates.values())
    winner = rates["Gen01 Player"]
    played, places = tournament_matches(tournament)
    expected = glicko.rate_period(
        {},
        played,
        glicko.Parameters(
            rate=1500,
            deviation=300,
            volatility=0.05,
            tau=0.6,
            lower_rate=1400,
            higher_rate=2200,
            outcome="guido",
        ),
        places,
    )
    assert winner.rate == pytest.approx(expected[winner.player_id].rate.rate)
    assert winner.rate == max(r.rate for r in rates.values())
    # back out in SoL's shape
    assert sol_rating(rating)["outcomes"] == "guido"
    assert sol_rating(rating)["level"] == "1"


def test_the_sol_export_writes_the_rating_and_its_rates(django_capture_on_commit_callbacks) -> None:
    import datetime

    from scoring.services.exports import sol_documents
    from tests.ratings.test_service import play_all, rated_tournament

    rating = Rating.objects.create(name="Export rating", outcomes="standard")
    tournament, event = rated_tournament(rating, "spring", datetime.date(2026, 3, 1))
    play_all(event, django_capture_on_commit_callbacks)
    lists_, *tourneys = sol_documents(tournament)
    assert lists_["ratings"][0]["description"] == "Export rating"
    assert lists_["ratings"][0]["outcomes"] == "glicko"
    assert all(t["rating"] == 1 for t in tourneys)
    assert len(lists_["rates"]) == 4
    assert {r["date"] for r in lists_["rates"]} == {datetime.date(2026, 3, 1)}  # a YAML date


def test_sols_stored_rates_are_kept_as_imported_and_shown_as_such(client) -> None:
    """#33: SoL's own rates of the archive are kept as SoL recorded them (ImportedRate), the
    history is still this app's recomputation, and the player's page shows both, the SoL
    ones as imported; a second import adds nothing."""
    from scoring.models import ImportedRate

    rates = [
        {
            "rating": 2,
            "player": 1,
            "date": "2024-01-01",
            "rate": 1777,
            "deviation": 99,
            "volatility": "0.06001",
        },
        {
            "rating": 2,
            "player": 2,
            "date": "2024-01-01",
            "rate": 1444,
            "deviation": 120,
            "volatility": "0.06",
        },
        {
            "rating": 1,
            "player": 1,
            "date": "2024-01-01",
            "rate": 900,
            "deviation": 50,
            "volatility": "0.06",
        },  # a rating no tourney of the archive is rated under: it comes along with its rates
        {
            "rating": 2,
            "player": 9,
            "date": "2024-01-01",
            "rate": 1600,
            "deviation": 50,
            "volatility": "0.06",
        },  # no such player
    ]
    data = lists(4, rates=rates)
    matches = [m(1, 2, 25, 10, turn=1, table=1), m(3, 4, 25, 20, turn=1, table=2)]
    content = yaml.safe_dump_all([data, tourney([[1], [2], [3], [4]], matches)]).encode()
    import_sol(content)
    rating = Rating.objects.get(name="Generated")
    stored_only = Rating.objects.get(name="Lower")
    assert not Rate.objects.filter(rating=stored_only).exists()
    assert ImportedRate.objects.get(rating=stored_only).rate == 900
    kept = {r.player.name: r for r in ImportedRate.objects.filter(rating=rating)}
    assert set(kept) == {"Gen01 Player", "Gen02 Player"}
    assert kept["Gen01 Player"].rate == 1777 and kept["Gen01 Player"].rating == rating
    assert kept["Gen01 Player"].volatility == pytest.approx(0.06001)
    own = Rate.objects.get(rating=rating, player=kept["Gen01 Player"].player)
    assert round(own.rate) != 1777  # recomputed from the matches, not copied
    page = client.get(
        f"/ratings/{rating.pk}/players/{kept['Gen01 Player'].player_id}/"
    ).content.decode()
    assert "As SoL recorded them (imported)" in page and "1777" in page
    import_sol(content)
    assert ImportedRate.objects.count() == 3
