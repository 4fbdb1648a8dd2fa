"""Public pages of the tournament day (issue 15): a bye on a player's page, the hall's live
address from SITE_URL."""

from __future__ import annotations

from django.urls import reverse

from scoring.models import Match, Round

from . import factories as f


def test_a_bye_is_not_shown_as_a_won_0_0_match(client, tournament):
    event, entries = f.event(tournament, "Open Swiss", format="swiss", entries=3)
    rnd = Round.objects.create(event=event, number=1)
    Match.objects.create(
        event=event,
        round=rnd,
        number=1,
        entry_a=entries[0],
        bye=True,
        status=Match.Status.CONFIRMED,
        winner_side="a",
        games_won={"a": 1, "b": 0},
    )
    url = reverse("scoring:live-player", args=[tournament.slug, entries[0].player_id])
    text = client.get(url).content.decode()
    assert "no match (bye)" in text
    assert "0–0" not in text and ">won<" not in text


def test_the_hall_names_the_live_address_from_site_url(client, tournament, settings):
    settings.SITE_URL = "http://192.168.1.10:8000/"
    text = client.get(reverse("scoring:live-hall", args=[tournament.slug])).content.decode()
    assert f"http://192.168.1.10:8000/t/{tournament.slug}/" in text
    assert 'class="hall-qr"' in text


def test_the_hall_has_a_call_up_slide(client, tournament):
    event, entries = f.event(tournament, "Open Singles", entries=2)
    f.match(event, entries[0], entries[1], number=7, table=2, status="called")
    text = client.get(reverse("scoring:live-hall", args=[tournament.slug])).content.decode()
    assert "?show=callup" in text
    slide = client.get(
        reverse("scoring:live-hall-tables", args=[tournament.slug]), {"show": "callup"}
    ).content.decode()
    assert "Table 2" in slide and entries[0].player.name in slide
    assert "hall-callup-slide" in slide
