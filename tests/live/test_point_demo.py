"""The point-carrom demo: a finished match and one in progress, and its pages render."""

from __future__ import annotations

import datetime

from django.urls import reverse

from scoring.demo import points
from scoring.models import Event, Match, Tournament


def test_point_demo_has_a_finished_match_and_one_in_progress(client, db) -> None:
    today = datetime.date.today()
    tournament = Tournament.objects.create(
        name="Demo", slug="demo", start_date=today, end_date=today
    )
    context = {"tournament": tournament, "messages": []}
    points.seed(context)
    points.seed(context)  # idempotent
    event = Event.objects.get(name=points.EVENT)
    assert Event.objects.filter(name=points.EVENT).count() == 1
    statuses = sorted(Match.objects.filter(event=event).values_list("status", flat=True))
    assert statuses.count("finished") == 1 and statuses.count("playing") == 1
    finished = Match.objects.get(event=event, status="finished")
    assert finished.winner_side == "a"
    playing = Match.objects.get(event=event, status="playing")
    slug = tournament.slug
    html = client.get(reverse("scoring:live-event", args=[slug, event.pk])).content.decode()
    assert "Ranked by game wins" in html
    for path in (
        reverse("scoring:live-match", args=[slug, finished.pk]),
        reverse("scoring:live-match", args=[slug, playing.pk]),
        reverse("scoring:live-board", args=[slug, playing.pk, 1, 1]),
        reverse("scoring:live-hall", args=[slug]),
        reverse("scoring:live-overlay", args=[slug, 7]),
        reverse("scoring:api-match", args=[playing.pk]),
    ):
        assert client.get(path).status_code == 200, path
    for entry in event.entries.all():
        path = reverse("scoring:live-player", args=[slug, entry.player_id])
        assert client.get(path).status_code == 200, path
    for path in (
        reverse("scoring:live-tournament", args=[slug]),
        reverse("scoring:live-players", args=[slug]),
    ):
        assert client.get(path).status_code == 200, path
    html = client.get(reverse("scoring:live-table", args=[slug, 7]), follow=True).content.decode()
    assert " vs " not in html and " · ".join(points.PLAYERS[:2]) in html
    player = finished.entry_a.player_id
    html = client.get(reverse("scoring:live-player", args=[slug, player])).content.decode()
    names = [finished.entry_b.name, finished.entry_c.name]
    assert " · ".join(names) in html
