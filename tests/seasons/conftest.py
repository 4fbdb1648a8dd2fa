"""Season fixtures: players who play several tournaments, knock-out events played to the end
(side a, the better seed, always wins), a club and its championship."""

from __future__ import annotations

import datetime

import pytest

from scoring.models import Entry, Event, Match, Player, Tournament
from scoring.services import draws
from scoring.services import seasons as service
from tests.factories import SYSTEM, make_tournament, play_and_confirm
from tests.organiser.conftest import run_on_commit  # noqa: F401 - a fixture


def played_event(
    slug: str,
    day: datetime.date,
    players: list[Player],
    capture,
    *,
    owner=None,
    partners: list[Player] | None = None,
) -> Event:
    """A knock-out of ``players`` in seed order, played to the end: seed 1 wins, seed 2 is
    second, the semi-final losers share 3rd–4th, the quarter-final losers 5th–8th."""
    tournament = make_tournament(slug, organiser=owner)
    Tournament.objects.filter(pk=tournament.pk).update(start_date=day, end_date=day)
    tournament.refresh_from_db()
    kind = Event.Kind.DOUBLES if partners else Event.Kind.SINGLES
    event = Event.objects.create(
        tournament=tournament, name="Open", kind=kind, format=Event.Format.KNOCKOUT, games_to_win=1
    )
    for i, player in enumerate(players):
        Entry.objects.create(
            event=event, player=player, partner=partners[i] if partners else None, seed=i + 1
        )
    draws.draw_event(event=event, actor=SYSTEM, random_seed=1)
    while True:
        ready = list(
            Match.objects.filter(
                event=event, bye=False, entry_a__isnull=False, entry_b__isnull=False
            )
            .exclude(status=Match.Status.CONFIRMED)
            .order_by("number")
        )
        if not ready:
            break
        for m in ready:
            m.refresh_from_db()
            if m.status != Match.Status.CONFIRMED and not m.walkover:
                with capture(execute=True):  # the results flow runs on commit
                    play_and_confirm(m, "a")
    event.refresh_from_db()
    return event


@pytest.fixture
def players(db) -> list[Player]:
    nations = ["DE", "DE", "FR", "DE", "IT", "FR", "DE", "IT"]
    return [
        Player.objects.create(name=f"Season Player {i + 1}", nationality=nations[i])
        for i in range(8)
    ]


@pytest.fixture
def club(db, organiser):  # noqa: F811
    return service.create_club(owner=organiser, name="Carrom Club Lakeside", nation="DE")


@pytest.fixture
def federation(db, organiser):  # noqa: F811
    return service.create_club(
        owner=organiser, name="Lakeland Carrom Federation", nation="DE", federation=True
    )
