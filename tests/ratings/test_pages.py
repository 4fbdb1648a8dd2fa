"""The rating pages: the ratings, a rating's list with its filters, a player's history with its
SVG chart."""

from __future__ import annotations

import datetime

import pytest

from scoring.models import Rate, Rating
from tests.ratings.test_service import play_all, rated_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(django_capture_on_commit_callbacks):
    rating = Rating.objects.create(name="Testland national", nation="TL")
    first, event = rated_tournament(rating, "spring", datetime.date(2026, 3, 1))
    play_all(event, django_capture_on_commit_callbacks)
    players = [e.player for e in event.entries.order_by("pk")]
    players[0].nationality, players[0].sex = "TL", "F"
    players[0].born = datetime.date(2012, 5, 1)
    players[0].save()
    players[1].nationality, players[1].born = "XY", datetime.date(1960, 1, 1)
    players[1].save()
    _second, e2 = rated_tournament(rating, "summer", datetime.date(2026, 6, 1), players=players)
    play_all(e2, django_capture_on_commit_callbacks, winner="b")
    return rating, players


def test_the_ratings_index_lists_each_rating(client, rated) -> None:
    rating, _players = rated
    page = client.get("/ratings/")
    assert page.status_code == 200
    assert rating.name in page.content.decode()
    assert page["ETag"]
    assert client.get("/ratings/", HTTP_IF_NONE_MATCH=page["ETag"]).status_code == 304


def test_the_rating_list_ranks_by_rate_and_filters(client, rated) -> None:
    rating, players = rated
    page = client.get(f"/ratings/{rating.pk}/")
    rows = page.context["listing"].rows
    assert len(rows) == 4
    assert [r.rate for r in rows] == sorted((r.rate for r in rows), reverse=True)
    assert [r.tournaments for r in rows] == [2, 2, 2, 2]
    by_nation = client.get(f"/ratings/{rating.pk}/?nation=tl").context["listing"].rows
    assert [r.player for r in by_nation] == [players[0]]
    women = client.get(f"/ratings/{rating.pk}/?women=1").context["listing"].rows
    assert [r.player for r in women] == [players[0]]
    juniors = client.get(f"/ratings/{rating.pk}/?age=juniors").context["listing"].rows
    assert [r.player for r in juniors] == [players[0]]
    seniors = client.get(f"/ratings/{rating.pk}/?age=seniors").context["listing"].rows
    assert [r.player for r in seniors] == [players[1]]
    # as of a date between the two tournaments: the first tournament's rates
    early = client.get(f"/ratings/{rating.pk}/?date=2026-04-01").context["listing"].rows
    assert [r.tournaments for r in early] == [1, 1, 1, 1]
    assert client.get(f"/ratings/{rating.pk}/?date=not-a-date&age=x").status_code == 200
    assert client.get("/ratings/999999/").status_code == 404


def test_a_players_history_is_an_svg_chart_and_a_table(client, rated) -> None:
    rating, players = rated
    page = client.get(f"/ratings/{rating.pk}/players/{players[0].pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "<svg" in html and 'role="img"' in html and '<title id="chart-title">' in html
    assert html.count('class="chart-dot"') == 2
    assert "<desc" in html and "<polyline" in html
    rates = list(Rate.objects.filter(player=players[0]).order_by("date"))
    assert f"{rates[-1].rate:.0f}" in html
    assert "<script" not in html.split("<svg")[1].split("</svg>")[0]
    assert client.get(f"/ratings/{rating.pk}/players/999999/").status_code == 404


def test_pages_are_translated(client, rated) -> None:
    rating, players = rated
    page = client.get(f"/ratings/{rating.pk}/", HTTP_ACCEPT_LANGUAGE="de")
    assert page.status_code == 200


def test_an_event_seeded_by_rating_says_so(client, rated) -> None:
    from scoring.services.tournaments import clean_settings
    from tests.factories import make_event, make_tournament

    rating, _players = rated
    event = make_event(make_tournament("autumn"), 4, name="autumn")
    event.settings = clean_settings(
        "knockout", settings={"seed_rating": rating.pk, "seed_date": "2026-09-01"}
    )
    event.save()
    page = client.get(f"/t/autumn/event/{event.pk}/").content.decode()
    assert "Seeded by the rating" in page and rating.name in page
    assert f"/ratings/{rating.pk}/?date=2026-08-31" in page


def test_the_organiser_rates_his_tournament_on_its_settings_page(
    client, django_user_model, django_capture_on_commit_callbacks
) -> None:
    from scoring.models import Match
    from scoring.services import draws
    from tests.factories import SYSTEM, make_event, make_tournament, play_and_confirm

    organiser = django_user_model.objects.create_user("orga", password="pw", is_staff=True)
    tournament = make_tournament("club-open", organiser=organiser)
    event = make_event(tournament, 2, name="final")
    draws.draw_event(event=event, actor=SYSTEM, random_seed=1)
    with django_capture_on_commit_callbacks(execute=True):
        play_and_confirm(Match.objects.get(event=event))
    rating = Rating.objects.create(name="Club ladder", level="club")
    client.force_login(organiser)
    url = f"/t/{tournament.slug}/organiser/settings/"
    page = client.get(url)
    assert "Rated under" in page.content.decode()
    data = {
        "name": tournament.name,
        "start_date": "2026-06-06",
        "end_date": "2026-06-07",
        "venue": "",
        "table_count": 4,
        "default_rules": "icf",
        "time_zone": "UTC",
        "rating": rating.pk,
    }
    answer = client.post(url, data)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    tournament.refresh_from_db()
    assert tournament.rating == rating
    assert Rate.objects.filter(tournament=tournament).count() == 2
    # a bad rating id is a form error, never a 500
    assert client.post(url, {**data, "rating": 99999999999999999999}).status_code == 200
    # moved out of the rating: its rates go
    assert client.post(url, {**data, "rating": ""}).status_code == 302
    assert not Rate.objects.filter(tournament=tournament).exists()


def test_the_demo_rating_has_history_charts(client) -> None:
    import io

    from django.core.management import call_command

    call_command("seed_demo", stdout=io.StringIO())
    rating = Rating.objects.get(name="Demo national rating")
    listing = client.get(f"/ratings/{rating.pk}/").context["listing"]
    assert len(listing.rows) >= 8
    from scoring.demo.draws import MEN

    regular = next(r for r in listing.rows if r.player.name == MEN[0])
    assert regular.tournaments >= 3
    page = client.get(f"/ratings/{rating.pk}/players/{regular.player.pk}/").content.decode()
    assert page.count('class="chart-dot"') >= 3 and "<polyline" in page


def test_a_rating_of_sol_stored_rates_only_lists_them_as_imported(client) -> None:
    """#33: a SoL rating that rates no tournament here (kept with SoL's stored rates, which an
    inheriting rating starts its new players from) lists those rates, marked as imported, on
    its page, the index and each player's page; a new imported rate changes the pages' ETag."""
    from scoring.models import ImportedRate, Player

    rating = Rating.objects.create(name="Brzeg open (SoL)", nation="PL")
    ada = Player.objects.create(name="Ada Stored", nationality="PL", sex="F")
    bo = Player.objects.create(name="Bo Stored", nationality="CZ")
    for player, day, rate in (
        (ada, datetime.date(2015, 2, 21), 1710.0),
        (ada, datetime.date(2016, 2, 21), 1745.0),  # the later one is listed
        (bo, datetime.date(2015, 2, 21), 1802.0),
    ):
        ImportedRate.objects.create(
            rating=rating, player=player, date=day, rate=rate, deviation=90, volatility=0.06
        )

    page = client.get(f"/ratings/{rating.pk}/")
    assert page.status_code == 200
    rows = [(r.rank, r.player.name, r.rate.rate) for r in page.context["imported_rows"]]
    assert rows == [(1, "Bo Stored", 1802.0), (2, "Ada Stored", 1745.0)]
    html = page.content.decode()
    assert "rates no tournament here" in html
    assert "No rated player matches" not in html
    women = client.get(f"/ratings/{rating.pk}/?women=1")
    assert [r.player.name for r in women.context["imported_rows"]] == ["Ada Stored"]
    before = client.get(f"/ratings/{rating.pk}/?date=2015-12-31")
    assert [r.rate.rate for r in before.context["imported_rows"]] == [1802.0, 1710.0]

    index = client.get("/ratings/").content.decode()
    assert "2 (imported from SoL)" in index

    player = client.get(f"/ratings/{rating.pk}/players/{ada.pk}/")
    assert player.status_code == 200
    assert "only the rates SoL recorded are known" in player.content.decode()
    assert [r.rate for r in player.context["imported"]] == [1745.0, 1710.0]

    etag = page["ETag"]
    ImportedRate.objects.create(
        rating=rating,
        player=bo,
        date=datetime.date(2017, 1, 1),
        rate=1850,
        deviation=80,
        volatility=0.06,
    )
    assert client.get(f"/ratings/{rating.pk}/", HTTP_IF_NONE_MATCH=etag).status_code == 200
    stranger = Player.objects.create(name="No Rate")
    assert client.get(f"/ratings/{rating.pk}/players/{stranger.pk}/").status_code == 404
