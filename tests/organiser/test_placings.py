"""Final placings per event (issue 15): knock-out with shared places, third-place match,
Swiss rank, groups + knock-out, double elimination."""

from __future__ import annotations

import pytest

from scoring.models import Match
from scoring.services import draws
from scoring.standings.placings import event_placings, podium
from tests.factories import make_event, play_and_confirm

pytestmark = pytest.mark.django_db


def _play_all(event, runner, winner="a"):
    """Confirm every playable match until none is left (results flow on confirmation)."""
    while True:
        ready = list(
            Match.objects.filter(
                event=event, bye=False, entry_a__isnull=False, entry_b__isnull=False
            )
            .exclude(status=Match.Status.CONFIRMED)
            .order_by("number")
        )
        if not ready:
            return
        for m in ready:
            m.refresh_from_db()
            if m.status == Match.Status.CONFIRMED or m.walkover:
                continue
            with runner():
                play_and_confirm(m, winner)


def _labels(event) -> dict[str, str]:
    return {p.entry.name: p.label for p in event_placings(event)}


def test_knockout_of_eight_shares_fifth_to_eighth(tournament, actor, run_on_commit):
    event = make_event(tournament, 8, fmt="knockout", seeds=8)
    draws.draw_event(event=event, actor=actor, random_seed=1)
    _play_all(event, run_on_commit)  # side a (the better seed in each match) always wins
    labels = sorted(_labels(event).values(), key=lambda x: int(x.split("–")[0]))
    assert labels == ["1", "2", "3–4", "3–4", "5–8", "5–8", "5–8", "5–8"]
    placings = event_placings(event)
    assert placings[0].place == 1 and placings[0].entry == draws.champion(event)
    assert [p.label for p in podium(placings)] == ["1", "2", "3–4", "3–4"]


def test_a_third_place_match_places_third_and_fourth(tournament, actor, run_on_commit):
    event = make_event(tournament, 8, fmt="knockout", seeds=8, settings={"third_place": True})
    draws.draw_event(event=event, actor=actor, random_seed=1)
    _play_all(event, run_on_commit)
    labels = sorted(_labels(event).values(), key=lambda x: int(x.split("–")[0]))
    assert labels == ["1", "2", "3", "4", "5–8", "5–8", "5–8", "5–8"]


def test_byes_share_the_places_actually_lost(tournament, actor, run_on_commit):
    event = make_event(tournament, 6, fmt="knockout", seeds=6)
    draws.draw_event(event=event, actor=actor, random_seed=1)
    _play_all(event, run_on_commit)
    labels = sorted(_labels(event).values(), key=lambda x: int(x.split("–")[0]))
    assert labels == ["1", "2", "3–4", "3–4", "5–6", "5–6"]


def test_nothing_is_placed_before_the_end(tournament, actor):
    event = make_event(tournament, 8, fmt="knockout", seeds=8)
    draws.draw_event(event=event, actor=actor, random_seed=1)
    assert {p.place for p in event_placings(event)} == {None}
    assert podium(event_placings(event)) == []


def test_swiss_places_are_the_final_ranks(tournament, actor, run_on_commit):
    event = make_event(tournament, 8, fmt="swiss", settings={"rounds": 3})
    draws.draw_event(event=event, actor=actor, random_seed=1)
    for _ in range(2):
        _play_all(event, run_on_commit)
        assert {p.place for p in event_placings(event)} == {None}
        draws.next_round(event=event, actor=actor)
    _play_all(event, run_on_commit)
    event.refresh_from_db()
    placings = event_placings(event)
    assert sorted(p.place for p in placings) == list(range(1, 9))


def test_groups_and_knockout(tournament, actor, run_on_commit):
    event = make_event(tournament, 8, fmt="groups", settings={"groups": 2, "qualifiers": 2})
    draws.draw_event(event=event, actor=actor, random_seed=1)
    _play_all(event, run_on_commit)
    draws.next_round(event=event, actor=actor)
    _play_all(event, run_on_commit)
    labels = sorted(_labels(event).values(), key=lambda x: int(x.split("–")[0]))
    assert labels == ["1", "2", "3–4", "3–4", "5–6", "5–6", "7–8", "7–8"]


def test_double_elimination_places_everyone(tournament, actor, run_on_commit):
    event = make_event(tournament, 8, fmt="double_elimination", seeds=8)
    draws.draw_event(event=event, actor=actor, random_seed=1)
    _play_all(event, run_on_commit)
    placings = event_placings(event)
    assert placings[0].place == 1 and placings[1].place == 2
    assert sorted(p.label for p in placings) == ["1", "2", "3", "4", "5–6", "5–6", "7–8", "7–8"]
    assert placings[0].entry == draws.champion(event)


def test_the_event_pages_and_the_api_show_the_podium(
    client, tournament, organiser, actor, run_on_commit
):
    from django.urls import reverse

    event = make_event(tournament, 4, fmt="knockout", seeds=4)
    draws.draw_event(event=event, actor=actor, random_seed=1)
    live = reverse("scoring:live-event", args=[tournament.slug, event.pk])
    assert "Final placings" not in client.get(live).content.decode()
    _play_all(event, run_on_commit)
    event.refresh_from_db()
    champion = draws.champion(event)
    text = client.get(live).content.decode()
    assert "Final placings" in text and f"Winner: {champion.name}" in text
    data = client.get(reverse("scoring:api-event", args=[event.pk])).json()
    assert data["placings"][0] == {"entry": champion.pk, "place": 1, "place_to": 1}
    assert {p["place_to"] for p in data["placings"]} == {1, 2, 4}
    client.force_login(organiser)
    page = client.get(reverse("scoring:organiser-event", args=[tournament.slug, event.pk]))
    assert f"Winner: {champion.name}" in page.content.decode()
    home = client.get(reverse("scoring:organiser-home", args=[tournament.slug])).content
    assert b"SoL archive (.sol)" in home


def test_a_group_stage_has_no_placings_before_its_knock_out(tournament, actor, run_on_commit):
    """Issue 30: before the knock-out is drawn nobody knows who qualifies: no places yet."""
    from scoring.standings.placings import event_placings

    event = make_event(
        tournament, 8, fmt="groups", name="groups-early", settings={"groups": 2, "qualifiers": 2}
    )
    draws.draw_event(event=event, actor=actor, random_seed=1)
    _play_all(event, run_on_commit)
    assert all(p.place is None for p in event_placings(event))
