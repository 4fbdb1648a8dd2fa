"""The live demo data: idempotent, and every live page of the demo tournament renders."""

from __future__ import annotations

import datetime

from django.urls import reverse

from scoring.demo import live
from scoring.models import Entry, Event, Match, Tournament


def test_demo_is_idempotent_and_its_pages_render(client, db):
    today = datetime.date.today()
    tournament = Tournament.objects.create(
        name="Demo", slug="demo", start_date=today, end_date=today
    )
    context = {"tournament": tournament, "messages": []}
    live.seed(context)
    assert context["live_events"] == [live.KNOCKOUT]
    counts = (Event.objects.count(), Match.objects.count(), Entry.objects.count())
    live.seed(context)
    assert (Event.objects.count(), Match.objects.count(), Entry.objects.count()) == counts
    assert "/t/demo/hall/" in context["messages"][0]

    event = Event.objects.get(name=live.KNOCKOUT)
    playing = Match.objects.get(event=event, status="playing")
    assert playing.table.number == 5
    slug = tournament.slug
    for path in (
        reverse("scoring:live-tournament", args=[slug]),
        reverse("scoring:live-bracket", args=[slug, event.pk]),
        reverse("scoring:live-match", args=[slug, playing.pk]),
        reverse("scoring:live-overlay", args=[slug, 5]),
        reverse("scoring:live-hall", args=[slug]),
    ):
        assert client.get(path).status_code == 200, path
    # the slams are counted on the players' pages
    slams = {"white": 0, "black": 0}
    for entry in event.entries.all():
        html = client.get(
            reverse("scoring:live-player", args=[slug, entry.player_id])
        ).content.decode()
        slams["white"] += html.count(">White slam ·")
        slams["black"] += html.count(">Black slam ·")
    assert slams["white"] >= 2 and slams["black"] >= 1
