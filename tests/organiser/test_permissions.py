"""Only the tournament's organisers may open or change its organiser pages."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Match
from scoring.services import draws
from tests.factories import make_event, make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup(tournament, actor):
    event = make_event(tournament, 4)
    draws.draw_event(event=event, actor=actor)
    match = Match.objects.filter(event=event, entry_a__isnull=False).first()
    entry = event.entries.first()
    rnd = event.rounds.first()
    slug = tournament.slug
    gets = [
        reverse("scoring:organiser-home", args=[slug]),
        reverse("scoring:organiser-event", args=[slug, event.pk]),
        reverse("scoring:organiser-callup", args=[slug]),
        reverse("scoring:organiser-import", args=[slug]),
        reverse("scoring:organiser-players", args=[slug]),
        reverse("scoring:organiser-tables", args=[slug]),
        reverse("scoring:organiser-match", args=[slug, match.pk]),
        reverse("scoring:organiser-tournament-edit", args=[slug]),
    ]
    posts = [
        reverse("scoring:organiser-draw", args=[slug, event.pk]),
        reverse("scoring:organiser-next-round", args=[slug, event.pk]),
        reverse("scoring:organiser-entry-add", args=[slug, event.pk]),
        reverse("scoring:organiser-entry-action", args=[slug, entry.pk, "withdraw"]),
        reverse("scoring:organiser-round-games", args=[slug, rnd.pk]),
        reverse("scoring:organiser-match-walkover", args=[slug, match.pk]),
        reverse("scoring:organiser-match-confirm", args=[slug, match.pk]),
        reverse("scoring:organiser-callup-fill", args=[slug]),
        reverse("scoring:organiser-callup-auto", args=[slug]),
        reverse("scoring:organiser-event-delete", args=[slug, event.pk]),
        reverse("scoring:organiser-delete-round", args=[slug, event.pk]),
    ]
    return event, match, gets, posts


def test_anonymous_is_sent_to_the_login(client, setup):
    _event, _match, gets, posts = setup
    for url in gets + posts:
        method = client.get if url in gets else client.post
        response = method(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("login")), url


def test_organiser_of_another_tournament_is_refused(client, django_user_model, setup):
    event, match, gets, posts = setup
    other = django_user_model.objects.create_user("other", password="pw", is_staff=True)
    make_tournament("other-cup", organiser=other)
    client.force_login(other)
    for url in gets:
        assert client.get(url).status_code == 403, url
    for url in posts:
        assert (
            client.post(
                url, {"absent": "a", "sure": "on", "rounds": "1", "name": "Intruder"}
            ).status_code
            == 403
        ), url
    match.refresh_from_db()
    assert not match.walkover
    assert not event.entries.filter(player__name="Intruder").exists()
    # his own tournament works
    assert client.get(reverse("scoring:organiser-home", args=["other-cup"])).status_code == 200


def test_plain_users_cannot_create_tournaments(client, django_user_model):
    user = django_user_model.objects.create_user("player", password="pw")
    client.force_login(user)
    assert client.get(reverse("scoring:organiser-tournament-new")).status_code == 403
    assert (
        client.post(reverse("scoring:organiser-tournament-new"), {"name": "X"}).status_code == 403
    )
    assert client.get(reverse("scoring:organiser-index")).status_code == 403


def test_superuser_may_organise_everything(client, django_user_model, setup):
    _event, _match, gets, _posts = setup
    admin = django_user_model.objects.create_superuser("boss", password="pw")
    client.force_login(admin)
    for url in gets:
        assert client.get(url).status_code == 200, url
