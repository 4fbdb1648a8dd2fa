"""The ratings API: /api/v1/ratings/ and /api/v1/ratings/<id>/ with each player's rate,
deviation, volatility, matches and history; ETags; the OpenAPI description validates them."""

from __future__ import annotations

import pytest

from scoring.models import Rate
from tests.live.test_openapi import _response_schema, assert_valid
from tests.ratings.test_pages import rated  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db


def test_the_ratings_index(client, rated) -> None:  # noqa: F811
    rating, _players = rated
    answer = client.get("/api/v1/ratings/")
    assert answer.status_code == 200
    data = answer.json()
    assert_valid(data, _response_schema("/api/v1/ratings/"))
    assert [r["id"] for r in data] == [rating.pk]
    assert data[0]["outcomes"] == "guido" and data[0]["lower_rate"] == 1600
    assert client.get("/api/v1/ratings/", HTTP_IF_NONE_MATCH=answer["ETag"]).status_code == 304


def test_a_rating_lists_its_players_with_their_history(client, rated) -> None:  # noqa: F811
    rating, players = rated
    answer = client.get(f"/api/v1/ratings/{rating.pk}/")
    assert answer.status_code == 200
    data = answer.json()
    assert_valid(data, _response_schema("/api/v1/ratings/{rating_id}/"))
    assert len(data["players"]) == 4 and len(data["tournaments"]) == 2
    first = data["players"][0]
    assert set(first) == {"player", "rate", "deviation", "volatility", "matches", "history"}
    assert [p["rate"] for p in data["players"]] == sorted(
        (p["rate"] for p in data["players"]), reverse=True
    )
    last = Rate.objects.filter(player_id=first["player"]).order_by("date").last()
    assert first["rate"] == pytest.approx(last.rate, abs=0.01)
    assert len(first["history"]) == 2
    assert first["matches"] == sum(h["matches"] for h in first["history"])
    etag = answer["ETag"]
    assert client.get(f"/api/v1/ratings/{rating.pk}/", HTTP_IF_NONE_MATCH=etag).status_code == 304
    # a re-rating writes new rows: a new ETag
    from scoring.services.ratings import rerate

    rerate(rating)
    again = client.get(f"/api/v1/ratings/{rating.pk}/", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200 and again["ETag"] != etag
    assert client.get("/api/v1/ratings/99999/").status_code == 404
