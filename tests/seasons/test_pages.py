"""Season pages and API (issue 33): the organiser makes a club, a championship and adds two
tournaments from the UI; the public ranking page, its PDF, the national ranking, the player's
page; who may change what; the API's clubs, championships and ranking with ETags."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse

from scoring.models import Championship, Club, ExternalRecord
from scoring.services import seasons as service
from tests.seasons.conftest import played_event

pytestmark = pytest.mark.django_db

D1, D2 = datetime.date(2026, 3, 1), datetime.date(2026, 5, 1)


@pytest.fixture
def two_events(players, django_capture_on_commit_callbacks, organiser):
    first = played_event("spring", D1, players, django_capture_on_commit_callbacks, owner=organiser)
    second = played_event(
        "summer",
        D2,
        list(reversed(players[:4])),
        django_capture_on_commit_callbacks,
        owner=organiser,
    )
    return first, second


def test_organiser_makes_a_championship_and_adds_two_tournaments(
    client, organiser, two_events, players
):
    first, second = two_events
    client.force_login(organiser)
    answer = client.post(
        reverse("scoring:season-club-new"), {"name": "Lakeside Carrom Club", "nation": "de"}
    )
    club = Club.objects.get(name="Lakeside Carrom Club")
    assert answer.status_code == 302 and club.owner == organiser and club.nation == "DE"
    answer = client.post(
        reverse("scoring:season-championship-new", args=[club.pk]),
        {"name": "Lakeside Season 2026", "prizes": "fixed", "skip_worst": 0},
    )
    champ = Championship.objects.get(name="Lakeside Season 2026")
    assert answer.url == reverse("scoring:season-championship-edit", args=[champ.pk])
    page = client.get(answer.url).content.decode()
    assert "Spring" in page and "Summer" in page  # the events offered
    for event in (first, second):
        answer = client.post(
            reverse("scoring:season-championship-add", args=[champ.pk]), {"event": event.pk}
        )
        assert answer.status_code == 302
    assert set(champ.events.all()) == {first, second}
    page = client.get(reverse("scoring:season-championship", args=[champ.pk])).content.decode()
    assert "Season Player 1" in page and ">18<" in page and ">32<" in page
    # the same event twice is refused in words, not a 500
    answer = client.post(
        reverse("scoring:season-championship-add", args=[champ.pk]),
        {"event": first.pk},
        follow=True,
    )
    assert answer.status_code == 200 and set(champ.events.all()) == {first, second}
    answer = client.post(
        reverse("scoring:season-championship-add", args=[champ.pk]),
        {"event": "99999999999999999999999"},
        follow=True,
    )
    assert answer.status_code == 200


def test_the_organiser_says_how_a_pair_is_keyed(client, organiser, club):
    """``Championship.pairs_by_order`` on the championship's form: unticked (the default of a
    championship made in the app), ticked on the edit form, shown ticked again."""
    client.force_login(organiser)
    page = client.get(reverse("scoring:season-championship-new", args=[club.pk])).content
    assert "in the order entered (as SoL ranks)" in page.decode()
    client.post(
        reverse("scoring:season-championship-new", args=[club.pk]),
        {"name": "Doubles 2026", "prizes": "fixed", "skip_worst": 0},
    )
    champ = Championship.objects.get(name="Doubles 2026")
    assert champ.pairs_by_order is False
    url = reverse("scoring:season-championship-edit", args=[champ.pk])
    fields = {"name": "Doubles 2026", "prizes": "fixed", "skip_worst": 0}
    answer = client.post(url, {**fields, "pairs_by_order": "on"})
    assert answer.status_code == 302
    champ.refresh_from_db()
    assert champ.pairs_by_order is True
    tag = re.search(r'<input[^>]*name="pairs_by_order"[^>]*>', client.get(url).content.decode())
    assert tag is not None and "checked" in tag.group(0)
    client.post(url, fields)  # unticked: the same two players in either order again
    champ.refresh_from_db()
    assert champ.pairs_by_order is False


def test_bad_input_gets_a_message(client, organiser, club):
    client.force_login(organiser)
    answer = client.post(reverse("scoring:season-club-new"), {"name": "X", "nation": "1"})
    assert answer.status_code == 422 and "country code" in answer.content.decode()
    answer = client.post(
        reverse("scoring:season-championship-new", args=[club.pk]),
        {"name": "", "prizes": "gold", "skip_worst": "x"},
    )
    assert answer.status_code == 422


def test_only_its_owners_manage_a_club(client, django_user_model, club, organiser):
    champ = service.create_championship(club=club, name="S")
    other = django_user_model.objects.create_user("other", password="pw", is_staff=True)
    client.force_login(other)
    for url in (
        reverse("scoring:season-club-edit", args=[club.pk]),
        reverse("scoring:season-championship-new", args=[club.pk]),
        reverse("scoring:season-championship-edit", args=[champ.pk]),
    ):
        assert client.get(url).status_code == 403
    assert (
        client.post(
            reverse("scoring:season-championship-add", args=[champ.pk]), {"event": 1}
        ).status_code
        == 403
    )
    service.update_club(club=club, name=club.name, nation="DE", co_owners=[other])
    assert client.get(reverse("scoring:season-club-edit", args=[club.pk])).status_code == 200
    client.logout()
    answer = client.get(reverse("scoring:season-club-edit", args=[club.pk]))
    assert answer.status_code == 302 and "login" in answer.url
    player = django_user_model.objects.create_user("player", password="pw")
    client.force_login(player)
    assert client.get(reverse("scoring:season-club-new")).status_code == 403


def test_public_pages_pdf_and_national_ranking(client, club, two_events, players):
    first, second = two_events
    champ = service.create_championship(club=club, name="Season 2026", skip_worst=1)
    service.add_event(championship=champ, event=first)
    service.add_event(championship=champ, event=second)
    service.add_membership(club=club, player=players[0], since=D1)
    page = client.get(reverse("scoring:season-championship", args=[champ.pk])).content.decode()
    assert "season-skipped" in page and "skipped" in page
    pdf = client.get(reverse("scoring:season-championship-pdf", args=[champ.pk]))
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    national = client.get(reverse("scoring:season-national", args=[champ.pk, "it"]))
    text = national.content.decode()
    assert "Season Player 5" in text and "Season Player 1<" not in text
    assert client.get(
        reverse("scoring:season-national-pdf", args=[champ.pk, "IT"])
    ).content.startswith(b"%PDF")
    assert client.get(f"/seasons/championships/{champ.pk}/nation/1x/").status_code == 404
    player = client.get(reverse("scoring:season-player", args=[players[0].pk])).content.decode()
    assert "Season 2026" in player and club.name in player
    assert client.get(reverse("scoring:season-index")).status_code == 200
    assert club.name in client.get(reverse("scoring:season-club", args=[club.pk])).content.decode()
    assert client.get("/seasons/championships/999999/").status_code == 404
    assert 'id="pair-rule"' not in page  # no doubles: nothing to say about pairs


def test_api_clubs_championships_and_ranking(client, club, federation, two_events, players):
    first, second = two_events
    champ = service.create_championship(club=club, name="Season 2026", skip_worst=1)
    service.add_event(championship=champ, event=first)
    service.add_event(championship=champ, event=second)
    clubs = client.get("/api/v1/clubs/").json()
    assert {c["name"] for c in clubs} == {club.name, federation.name}
    assert [c["federation"] for c in clubs if c["id"] == federation.pk] == [True]
    listed = client.get("/api/v1/championships/").json()
    assert [c["id"] for c in listed] == [champ.pk]
    assert listed[0]["pairs_by_order"] is False  # made in the app: a pair in either order
    answer = client.get(f"/api/v1/championships/{champ.pk}/")
    data = answer.json()
    assert [t["id"] for t in data["tournaments"]] == [first.tournament_id, second.tournament_id]
    top = data["ranking"][0]
    assert set(top) >= {"rank", "players", "total", "prizes", "skipped"}
    assert top["rank"] == 1 and len(top["prizes"]) == 2 and len(top["skipped"]) == 2
    absent = [line for line in data["ranking"] if line["prizes"][1] is None]
    # one tournament played, the worst one skipped: as SoL, who played no more than that many
    # keeps every prize
    assert len(absent) == 4 and all(line["skipped"] == [False, False] for line in absent)
    for line in data["ranking"]:
        kept = [p or 0 for p, s in zip(line["prizes"], line["skipped"], strict=True) if not s]
        assert line["total"] == sum(kept)
        assert all(isinstance(pk, int) for pk in line["players"])
    # every answer matches its OpenAPI schema made strict (a line of the ranking included)
    from tests.live.test_openapi import _response_schema, assert_valid

    assert data["ranking"]
    assert_valid(data, _response_schema("/api/v1/championships/{championship_id}/"))
    assert_valid(clubs, _response_schema("/api/v1/clubs/"))
    assert_valid(listed, _response_schema("/api/v1/championships/"))
    etag = answer["ETag"]
    again = client.get(f"/api/v1/championships/{champ.pk}/", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    service.update_championship(championship=champ, name=champ.name, prizes="fixed", skip_worst=0)
    changed = client.get(f"/api/v1/championships/{champ.pk}/", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert client.get("/api/v1/championships/999999/").status_code == 404


def test_player_api_gives_the_sol_guid(client, two_events, players):
    first, _second = two_events
    url = f"/api/v1/tournaments/{first.tournament_id}/players/{players[0].pk}/"
    assert client.get(url).json()["external"] == {}
    ExternalRecord.objects.create(source="sol", kind="player", key="abc123", player=players[0])
    from django.core.cache import cache

    cache.clear()
    assert client.get(url).json()["external"] == {"sol": "abc123"}


def test_live_player_page_shows_the_club_of_the_tournaments_day(
    client, club, organiser, two_events, players
):
    first, second = two_events
    other = service.create_club(owner=organiser, name="Harbour Carrom", nation="DE")
    service.add_membership(club=club, player=players[0], since=D1)
    service.add_membership(club=other, player=players[0], since=D2)
    spring = client.get(
        reverse("scoring:live-player", args=[first.tournament.slug, players[0].pk])
    ).content.decode()
    summer = client.get(
        reverse("scoring:live-player", args=[second.tournament.slug, players[0].pk])
    ).content.decode()
    assert club.name in spring and other.name not in spring
    assert other.name in summer
    assert reverse("scoring:season-player", args=[players[0].pk]) in summer


def test_demo_has_a_two_season_championship(organiser):
    from scoring.demo import seasons as demo
    from scoring.services import season_rankings

    demo.seed({"users": {"organiser": organiser}})
    demo.seed({"users": {"organiser": organiser}})  # idempotent
    second = Championship.objects.get(name="Lakeland Circuit 2026")
    assert second.previous.name == "Lakeland Circuit 2025"
    assert Championship.objects.filter(name__startswith="Lakeland Circuit").count() == 2
    for champ in (second.previous, second):
        ranking = season_rankings.ranking(champ)
        assert len(ranking.columns) == 2 and all(c.placed for c in ranking.columns)
        assert ranking.lines[0].total > 0
    assert any(any(line.skipped) for line in season_rankings.ranking(second).lines)
