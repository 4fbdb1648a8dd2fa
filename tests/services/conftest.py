"""Fixtures for service tests: a tournament with an event, entries and a match."""

from __future__ import annotations

import datetime

import pytest

from scoring.models import Entry, Event, Match, Player, Tournament


def make_match(*, kind: str = "singles", rules: str = "icf", stage: str = "early",
               games_to_win: int = 2, slug: str = "test-open") -> Match:
    tournament, _ = Tournament.objects.get_or_create(
        slug=slug,
        defaults={"name": "Test Open", "start_date": datetime.date(2026, 12, 5),
                  "end_date": datetime.date(2026, 12, 6)},
    )
    event = Event.objects.create(tournament=tournament, name=f"Event {Event.objects.count()}",
                                 kind=kind, rules=rules, games_to_win=games_to_win)
    names = ["Asha Rao", "Ben Kirk", "Chen Li", "Dora Vik", "Emil Sand", "Fay Lund"]
    players = [Player.objects.create(name=n) for n in names]
    if kind == "doubles":
        entries = [Entry.objects.create(event=event, player=players[0], partner=players[1]),
                   Entry.objects.create(event=event, player=players[2], partner=players[3])]
    else:
        entries = [Entry.objects.create(event=event, player=p) for p in players[:3]]
    match = Match.objects.create(
        event=event, entry_a=entries[0], entry_b=entries[1],
        entry_c=entries[2] if rules == "point-carrom" else None,
        rules=rules, stage=stage, games_to_win=games_to_win, status=Match.Status.READY,
    )
    return match


@pytest.fixture
def match(db) -> Match:
    return make_match()
