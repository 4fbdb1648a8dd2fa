"""Issue 29: organisers see their own — the player pickers search (htmx typeahead) within the
tournament and the organiser's own register, never list every player of every tournament,
and the event page's name suggestions hold no other tournament's players."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring.models import Entry, Event, Player
from tests.factories import make_event, make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(tournament, organiser, django_user_model):
    """Our tournament (4 players), another of ours (Hanna Own), and a stranger's (Zoe Far)."""
    make_event(tournament, 4)
    ours_too = make_tournament("our-cup", organiser=organiser)
    theirs = make_tournament(
        "far-open",
        organiser=django_user_model.objects.create_user("other-orga", first_name="Other Orga"),
    )
    for t, name in ((ours_too, "Hanna Own"), (theirs, "Zoe Far")):
        event = Event.objects.create(tournament=t, name="Singles")
        Entry.objects.create(event=event, player=Player.objects.create(name=name, club="Far Club"))
    for i in range(300):  # a large import elsewhere
        Player.objects.create(name=f"Imported {i:03d}")
    return {"theirs": theirs}


def search(client, tournament, text: str, **extra) -> str:
    answer = client.get(
        reverse("scoring:organiser-player-search", args=[tournament.slug]),
        {"q": text, **extra},
        headers={"HX-Request": "true"},
    )
    assert answer.status_code == 200
    return answer.content.decode()


def test_the_new_match_page_lists_only_the_tournaments_players(
    client, tournament, organiser, world
):
    client.force_login(organiser)
    page = client.get(reverse("scoring:umpire-new-match", args=[tournament.slug]))
    html = page.content.decode()
    assert page.status_code == 200
    assert "Zoe Far" not in html and "Imported" not in html and "other-orga" not in html
    select = re.search(r'<select name="a1_player".*?</select>', html, re.S).group(0)
    assert 1 < select.count("<option") <= 21
    assert len(page.content) < 200_000
    assert 'hx-get="/t/club-open/organiser/players/search/"' in html


def test_the_typeahead_searches_the_tournament_and_the_organisers_register(
    client, tournament, organiser, world
):
    client.force_login(organiser)
    assert "Hanna Own" in search(client, tournament, "hanna")  # his other tournament
    assert "Zoe Far" not in search(client, tournament, "zoe")  # someone else's
    assert "No player found" in search(client, tournament, "zoe")
    assert "Imported" not in search(client, tournament, "Imported")
    assert search(client, tournament, "").count("<option") <= 21
    assert "Hanna Own" in search(client, tournament, "far club")  # by club too
    assert search(client, tournament, "a\x00b").count("<option") >= 1  # no 500


def test_a_picked_player_of_another_organiser_is_refused(client, tournament, organiser, world):
    client.force_login(organiser)
    stranger = Player.objects.get(name="Zoe Far")
    own = Player.objects.filter(entries__event__tournament=tournament).first()
    answer = client.post(
        reverse("scoring:umpire-new-match", args=[tournament.slug]),
        {
            "kind": "singles",
            "rules": "icf",
            "stage": "early",
            "games_to_win": "2",
            "a1_player": own.pk,
            "b1_player": stranger.pk,
        },
    )
    assert answer.status_code == 200  # the form again
    assert "Select a valid choice" in answer.content.decode()
    assert not Entry.objects.filter(player=stranger, event__tournament=tournament).exists()


def test_a_picked_own_player_creates_the_match(client, tournament, organiser, world):
    client.force_login(organiser)
    hanna = Player.objects.get(name="Hanna Own")
    own = Player.objects.filter(entries__event__tournament=tournament).first()
    answer = client.post(
        reverse("scoring:umpire-new-match", args=[tournament.slug]),
        {
            "kind": "singles",
            "rules": "icf",
            "stage": "early",
            "games_to_win": "2",
            "a1_player": own.pk,
            "b1_player": hanna.pk,
        },
    )
    assert answer.status_code == 302


def test_the_event_pages_suggestions_hold_no_other_tournaments_players(
    client, tournament, organiser, world
):
    client.force_login(organiser)
    event = Event.objects.filter(tournament=tournament).first()
    html = client.get(
        reverse("scoring:organiser-event", args=[tournament.slug, event.pk])
    ).content.decode()
    suggestions = re.search(r'<datalist id="known-players">(.*?)</datalist>', html, re.S).group(1)
    assert "Zoe Far" not in suggestions and "Imported" not in suggestions
    assert 'hx-get="/t/club-open/organiser/players/search/?as=names"' in html
    names = search(client, tournament, "", **{"as": "names"})
    assert "Zoe Far" not in names
    typed = client.get(
        reverse("scoring:organiser-player-search", args=[tournament.slug]),
        {"name": "Han", "as": "names"},
    ).content.decode()
    assert '<option value="Hanna Own">' in typed


def test_the_umpire_select_lists_only_the_tournaments_people(client, tournament, organiser, world):
    client.force_login(organiser)
    html = client.get(reverse("scoring:umpire-new-match", args=[tournament.slug])).content.decode()
    umpire = re.search(r'<select name="umpire".*?</select>', html, re.S).group(0)
    assert "other-orga" not in umpire and organiser.username in umpire


def test_only_organisers_may_search(client, tournament, world, django_user_model):
    client.force_login(django_user_model.objects.get(username="other-orga"))
    answer = client.get(
        reverse("scoring:organiser-player-search", args=[tournament.slug]), {"q": "a"}
    )
    assert answer.status_code in (403, 404)
