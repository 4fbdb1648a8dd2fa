"""The organiser chooses an event's ranking rule, bye value, walkover credit and round time
limit; the standings follow it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring import standings
from scoring.models import Event
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db


def test_the_event_form_sets_the_ranking_rule(client, django_user_model) -> None:
    organiser = django_user_model.objects.create_user("ranker", password="x")
    tournament = make_tournament("rank-open", organiser)
    client.force_login(organiser)
    new = reverse("scoring:organiser-event-new", args=[tournament.slug])
    page = client.get(new)
    assert 'id="ranking-options"' in page.text and "European circuit ranking" in page.text
    response = client.post(
        new,
        {
            "name": "Swiss",
            "kind": "singles",
            "format": "swiss",
            "rules": "icf",
            "games_to_win": 1,
            "order": 1,
            "rounds": 5,
            "ranking": "european",
            "bye_points": 1,
            "walkover": "as_played",
            "round_minutes": 30,
            "time_up_board": "stop",
        },
    )
    assert response.status_code == 302
    event = Event.objects.get(tournament=tournament, name="Swiss")
    assert {
        k: event.settings[k] for k in ("ranking", "bye_points", "walkover", "time_up_board")
    } == {"ranking": "european", "bye_points": 1, "walkover": "as_played", "time_up_board": "stop"}
    assert event.round_minutes == 30  # a field of its own (scoring/round_clock.py)
    rule = standings.ranking_rule(event)
    assert (rule.key, rule.bye_points, rule.walkover) == ("european", 1, "as_played")
    bad = client.post(
        reverse("scoring:organiser-event-edit", args=[tournament.slug, event.pk]),
        {
            "name": "Swiss",
            "kind": "singles",
            "format": "swiss",
            "rules": "icf",
            "games_to_win": 1,
            "order": 1,
            "ranking": "fide",
        },
    )
    assert bad.status_code == 200 and "fide" in bad.text  # refused with the form again
    event.refresh_from_db()
    assert event.settings["ranking"] == "european"
