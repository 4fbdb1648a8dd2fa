"""A rating of SoL's stored rates only (issue 33, review 18): the rating's page, the API's
index and the API's rating decide it by one predicate (``selectors/ratings.stored_only``) and
agree on a rating with this app's rates only, one with SoL's stored rates only and one with
both; the pages and the API read it without a query of their own."""

from __future__ import annotations

import datetime

import pytest

from scoring.models import ImportedRate, Rate, Rating
from scoring.selectors.ratings import rating_with_kind, stored_only
from tests.ratings.test_pages import rated  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db

STORED_DAY = datetime.date(2015, 2, 21)


@pytest.fixture
def three(rated) -> dict[str, Rating]:  # noqa: F811
    """The ``rated`` fixture's rating (this app's rates only), "Stored" (SoL's stored rates of
    three players only) and "Both" (two players rated here, three with a stored rate)."""
    computed, players = rated
    tournament = Rate.objects.filter(rating=computed).earliest("date").tournament
    stored = Rating.objects.create(name="Stored")
    both = Rating.objects.create(name="Both")
    for n, player in enumerate(players[:2]):
        Rate.objects.create(
            rating=both,
            player=player,
            tournament=tournament,
            date=tournament.end_date,
            rate=1600 + n,
            deviation=100,
            volatility=0.06,
            matches=1,
        )
    for rating in (stored, both):
        for n, player in enumerate(players[1:]):
            ImportedRate.objects.create(
                rating=rating,
                player=player,
                date=STORED_DAY,
                rate=1700 + n,
                deviation=90,
                volatility=0.06,
            )
    return {"computed": computed, "stored": stored, "both": both}


def test_the_predicate() -> None:
    assert stored_only(0, 0) is False  # a rating with neither lists nothing
    assert stored_only(0, 3) is True
    assert stored_only(4, 0) is False
    assert stored_only(4, 3) is False  # this app's rates win (the stored ones: player pages)
    assert stored_only(False, True) is True  # flags
    assert rating_with_kind(0) is None


def test_the_page_the_index_and_the_api_agree(client, three) -> None:
    expected = {"computed": False, "stored": True, "both": False}
    index = {r["id"]: r for r in client.get("/api/v1/ratings/").json()}
    for name, rating in three.items():
        found = rating_with_kind(rating.pk)
        assert found is not None and found[1] is expected[name]
        page = client.get(f"/ratings/{rating.pk}/")
        assert page.status_code == 200
        on_page = bool(page.context["imported_rows"])
        assert ("rates no tournament here" in page.content.decode()) is on_page
        detail = client.get(f"/api/v1/ratings/{rating.pk}/").json()
        assert (on_page, index[rating.pk]["imported"], detail["imported"]) == (
            expected[name],
        ) * 3, name
        assert index[rating.pk]["player_count"] == detail["player_count"], name
    assert [index[three[n].pk]["player_count"] for n in ("computed", "stored", "both")] == [4, 3, 2]
    # the ratings page marks the stored-only rating's count only
    assert client.get("/ratings/").content.decode().count("(imported from SoL)") == 1


def test_no_query_of_their_own(client, three, django_assert_num_queries) -> None:
    """Measured before review 18: the index 4 queries; a rating's page 5, its API 4 (this
    app's rates) or 5 (SoL's stored rates only: the extra ``exists()``). Now the rating row
    carries the two flags: 4 each; the API's rating of stored rates only 3 (it no longer asks
    for this app's rates, which it has none of)."""
    with django_assert_num_queries(4):
        assert client.get("/api/v1/ratings/").status_code == 200
    for name, rating in three.items():
        with django_assert_num_queries(3 if name == "stored" else 4):
            assert client.get(f"/api/v1/ratings/{rating.pk}/").status_code == 200
        with django_assert_num_queries(4):
            assert client.get(f"/ratings/{rating.pk}/").status_code == 200
