"""simulate_event and the draws demo data."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from scoring.models import Event, Match, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def simulate(*args: str) -> Event:
    out, err = io.StringIO(), io.StringIO()
    call_command("simulate_event", *args, stdout=out, stderr=err)
    event_id = int(out.getvalue().strip().splitlines()[-1])
    return Event.objects.get(pk=event_id)


@pytest.mark.parametrize(
    ("fmt", "n"), [("knockout", 5), ("double_elimination", 4), ("groups", 8), ("swiss", 7)]
)
def test_simulate_event_plays_the_whole_event(fmt, n):
    event = simulate("--format", fmt, "--entries", str(n), "--rounds", "3", "--seed", "4")
    assert event.format == fmt
    assert event.entries.count() == n
    assert event.status == Event.Status.FINISHED
    assert not Match.objects.filter(event=event).exclude(status="confirmed").exists()
    played = Match.objects.filter(event=event, bye=False, walkover=False)
    assert played.exists()
    assert all(m.games.exists() for m in played)
    if fmt == "swiss":
        assert event.rounds.count() == 3


def test_simulate_event_is_reproducible():
    a = simulate("--format", "knockout", "--entries", "6", "--seed", "9")
    b = simulate("--format", "knockout", "--entries", "6", "--seed", "9")

    def winners(event):
        return [
            (m.entry_for(m.winner_side).player.name if m.winner_side else None)
            for m in Match.objects.filter(event=event).order_by("number")
        ]

    assert winners(a) == winners(b)


def test_seed_demo_shows_every_format():
    call_command("seed_demo", stdout=io.StringIO())
    call_command("seed_demo", stdout=io.StringIO())  # idempotent
    tournament = Tournament.objects.get(slug="demo-spring-open")
    formats = set(tournament.events.values_list("format", flat=True))
    assert {"knockout", "swiss", "groups", "double_elimination"} <= formats
    swiss = tournament.events.get(name="Veterans Swiss")
    assert swiss.rounds.count() == 3
    assert (
        Match.objects.filter(event=swiss, round__number__lte=2).exclude(status="confirmed").count()
        == 0
    )
    knockout = tournament.events.get(name="Men's Singles")
    assert Match.objects.filter(event=knockout, status="confirmed", bye=False).count() >= 5
    assert Match.objects.filter(event__tournament=tournament, status="called").exists()
    assert Match.objects.filter(event__tournament=tournament, walkover=True).exists()
    assert tournament.events.filter(name="Men's Singles").count() == 1
