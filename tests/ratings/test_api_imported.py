"""The ratings API of a rating that holds only SoL's stored rates (imported, no tournament
rated here, issue 33): its players with their stored rates as history, flagged
``imported``; its player count in the index; ETags that follow the stored rates; and a
computed rating that also holds stored rates lists its computed rates, as its page does."""

from __future__ import annotations

import datetime

import pytest

from scoring.models import ImportedRate, Player, Rating
from tests.live.test_openapi import _response_schema, assert_valid
from tests.ratings.test_pages import rated  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db

D1, D2 = datetime.date(2015, 2, 21), datetime.date(2016, 3, 5)


@pytest.fixture
def stored_only() -> tuple[Rating, list[Player]]:
    """ "Brzeg": two players, A with two stored rates, B with one (SoL's figures)."""
    rating = Rating.objects.create(name="Brzeg", level=Rating.Level.NATIONAL)
    a = Player.objects.create(name="Anna Stored")
    b = Player.objects.create(name="Bert Stored")
    for player, day, rate, deviation, volatility in (
        (a, D1, 1712.0, 120.0, 0.06),
        (a, D2, 1801.0, 98.0, 0.059991),
        (b, D1, 1850.0, 80.0, 0.06),
    ):
        ImportedRate.objects.create(
            rating=rating,
            player=player,
            date=day,
            rate=rate,
            deviation=deviation,
            volatility=volatility,
        )
    return rating, [a, b]


def test_a_rating_of_stored_rates_only_lists_them(client, stored_only) -> None:
    rating, (a, b) = stored_only
    answer = client.get(f"/api/v1/ratings/{rating.pk}/")
    assert answer.status_code == 200
    data = answer.json()
    assert_valid(data, _response_schema("/api/v1/ratings/{rating_id}/"))
    assert data["imported"] is True and data["player_count"] == 2
    assert data["tournaments"] == []
    assert data["players"] == [
        {
            "player": b.pk,  # 1850: best first
            "rate": 1850.0,
            "deviation": 80.0,
            "volatility": 0.06,
            "matches": None,
            "history": [
                {
                    "tournament": None,
                    "date": "2015-02-21",
                    "rate": 1850.0,
                    "deviation": 80.0,
                    "volatility": 0.06,
                    "matches": None,
                }
            ],
        },
        {
            "player": a.pk,  # his last stored rate, his stored rates oldest first
            "rate": 1801.0,
            "deviation": 98.0,
            "volatility": 0.059991,
            "matches": None,
            "history": [
                {
                    "tournament": None,
                    "date": "2015-02-21",
                    "rate": 1712.0,
                    "deviation": 120.0,
                    "volatility": 0.06,
                    "matches": None,
                },
                {
                    "tournament": None,
                    "date": "2016-03-05",
                    "rate": 1801.0,
                    "deviation": 98.0,
                    "volatility": 0.059991,
                    "matches": None,
                },
            ],
        },
    ]


def test_the_index_counts_the_players_with_a_stored_rate(client, stored_only) -> None:
    rating, _players = stored_only
    index = client.get("/api/v1/ratings/")
    rows = index.json()
    assert_valid(rows, _response_schema("/api/v1/ratings/"))
    assert [(r["id"], r["imported"], r["player_count"]) for r in rows] == [(rating.pk, True, 2)]


def test_the_etags_follow_the_stored_rates(client, stored_only) -> None:
    rating, (a, _b) = stored_only
    url = f"/api/v1/ratings/{rating.pk}/"
    etag, index_etag = client.get(url)["ETag"], client.get("/api/v1/ratings/")["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    # a stored rate corrected in the admin: same count, same last id, a new ETag
    row = ImportedRate.objects.get(player=a, date=D2)
    row.rate = 1802.0
    row.save()
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200 and again.json()["players"][1]["rate"] == 1802.0
    assert client.get("/api/v1/ratings/", HTTP_IF_NONE_MATCH=index_etag).status_code == 200
    # a later import adds a rate: a new ETag again
    etag = again["ETag"]
    ImportedRate.objects.create(
        rating=rating,
        player=a,
        date=datetime.date(2017, 1, 1),
        rate=1900,
        deviation=90,
        volatility=0.06,
    )
    third = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert third.status_code == 200 and third.json()["players"][0]["rate"] == 1900.0


def test_a_computed_rating_with_stored_rates_lists_its_computed_rates(client, rated) -> None:  # noqa: F811
    """A rating that rates tournaments here and also holds SoL's stored rates (an archive's
    rating, recomputed here): the API lists this app's rates (``imported: false``), with
    the keys of a computed rating, as the rating's page does; the stored rates are on the
    player's rating page."""
    rating, players = rated
    before = client.get(f"/api/v1/ratings/{rating.pk}/")
    ImportedRate.objects.create(
        rating=rating,
        player=players[0],
        date=datetime.date(2026, 3, 1),
        rate=2999,
        deviation=50,
        volatility=0.06,
    )
    answer = client.get(f"/api/v1/ratings/{rating.pk}/", HTTP_IF_NONE_MATCH=before["ETag"])
    assert answer.status_code == 200  # the stored rate changed the ETag
    data = answer.json()
    assert_valid(data, _response_schema("/api/v1/ratings/{rating_id}/"))
    assert data["imported"] is False and data["player_count"] == 4
    assert data["players"] == before.json()["players"]
    assert all(p["matches"] > 0 and p["history"][0]["tournament"] for p in data["players"])
    index = client.get("/api/v1/ratings/").json()
    assert [(r["imported"], r["player_count"]) for r in index] == [(False, 4)]


def test_every_player_object_carries_his_sol_guid(client) -> None:
    """Issue 33: ``"external": {"sol": "<guid>"}`` wherever the API gives a player as an
    object: an event's entries (and a team's players), the tournament's player page; ratings
    and championships name players by id only."""
    from scoring.models import Event, Tournament
    from scoring.services.sol import import_sol
    from tests.seasons.test_sol_export_rates import archive

    import_sol(archive())
    event = Event.objects.get()
    answer = client.get(f"/api/v1/events/{event.pk}/")
    assert answer.status_code == 200
    data = answer.json()
    assert_valid(data, _response_schema("/api/v1/events/{event_id}/"))
    players = [p for entry in data["entries"] for p in entry["players"]]
    assert sorted(p["external"]["sol"] for p in players) == [f"p{n}" for n in range(1, 7)]
    t = Tournament.objects.get()
    page = client.get(f"/api/v1/tournaments/{t.pk}/players/{players[0]['id']}/").json()
    assert page["external"] == players[0]["external"]
    # a player made here: no key
    here = Player.objects.create(name="Made Here")
    from scoring.models import Entry

    Entry.objects.create(event=event, player=here)
    data = client.get(f"/api/v1/events/{event.pk}/").json()
    made = [p for entry in data["entries"] for p in entry["players"] if p["id"] == here.pk]
    assert made == [
        {"id": here.pk, "name": "Made Here", "club": "", "nationality": "", "external": {}}
    ]
