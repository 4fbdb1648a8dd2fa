"""Fixtures of the organiser area: a tournament with an organiser, events with entries, and a
helper that plays a match through the same services as the quick entry of the UI."""

from __future__ import annotations

import datetime
import uuid

import pytest

from scoring.models import Entry, Event, Match, Player, Tournament
from scoring.services import draws
from scoring.services.matches import Actor, record_quick_board, record_toss

SYSTEM = Actor(via="system", device="tests")


def make_tournament(slug: str = "club-open", organiser=None, tables: int = 4) -> Tournament:
    tournament = Tournament.objects.create(
        name=slug.replace("-", " ").title(), slug=slug, start_date=datetime.date(2026, 6, 6),
        end_date=datetime.date(2026, 6, 7), table_count=tables)
    from scoring.services.tournaments import sync_tables

    sync_tables(tournament)
    if organiser is not None:
        tournament.organisers.add(organiser)
    return tournament


def make_event(tournament: Tournament, n: int, *, fmt: str = "knockout", kind: str = "singles",
               name: str = "", games_to_win: int = 1, seeds: int = 0,
               settings: dict | None = None) -> Event:
    event = Event.objects.create(tournament=tournament, name=name or f"{fmt} {n}", kind=kind,
                                 format=fmt, games_to_win=games_to_win,
                                 settings=settings or {})
    for i in range(n):
        player = Player.objects.create(name=f"{event.name} P{i + 1:03d}", rating=2000 - i)
        partner = None
        if kind == "doubles":
            partner = Player.objects.create(name=f"{event.name} Q{i + 1:03d}")
        Entry.objects.create(event=event, player=player, partner=partner,
                             seed=i + 1 if i < seeds else None)
    return event


def play(match: Match, winner: str = "a", actor: Actor = SYSTEM) -> Match:
    """Play ``match`` to the end by quick entry: ``winner`` wins every game 25-0."""
    match.refresh_from_db()
    if not match.toss_winner:
        record_toss(match=match, winner="a", choice="break", actor=actor)
    while True:
        match.refresh_from_db()
        if match.status in (Match.Status.FINISHED, Match.Status.CONFIRMED):
            return match
        record_quick_board(match=match, winner=winner, carrommen=9, queen=winner,
                           client_id=uuid.uuid4(), actor=actor)


def swiss_in_round_two(tournament: Tournament, actor: Actor, n: int = 4, seed: int = 3
                       ) -> Event:
    """A Swiss event of ``n`` entries whose round 1 is played (side a won) and round 2 drawn."""
    event = make_event(tournament, n, fmt="swiss", settings={"rounds": 3})
    draws.draw_event(event=event, actor=actor, random_seed=seed)
    for m in Match.objects.filter(event=event, round__number=1):
        play_and_confirm(m, "a", actor)
    draws.next_round(event=event, actor=actor)
    return event


def play_and_confirm(match: Match, winner: str = "a", actor: Actor = SYSTEM) -> Match:
    play(match, winner, actor)
    return draws.confirm_result(match=match, actor=actor)


@pytest.fixture
def organiser(django_user_model):
    return django_user_model.objects.create_user("orga", password="pw", is_staff=True)


@pytest.fixture
def tournament(db, organiser) -> Tournament:
    return make_tournament(organiser=organiser)


@pytest.fixture
def actor(organiser) -> Actor:
    return Actor(user=organiser, via="organiser", may_edit_locked=True)


@pytest.fixture
def run_on_commit(django_capture_on_commit_callbacks):
    """Run on_commit callbacks (the results flow hangs on match_confirmed) inside the test
    transaction."""

    class Runner:
        def __enter__(self):
            self.ctx = django_capture_on_commit_callbacks(execute=True)
            return self.ctx.__enter__()

        def __exit__(self, *exc):
            return self.ctx.__exit__(*exc)

    return Runner
