"""Fixtures for the trust tests: a tournament with a bit of everything recorded on it."""

from __future__ import annotations

import datetime
import uuid

import pytest
from django.contrib.auth import get_user_model

from scoring.models import Entry, Event, Match, PaperScoresheet, Player, Round, Table, Tournament
from scoring.services.matches import (
    Actor,
    confirm_match,
    record_event,
    record_quick_board,
    record_seating,
    record_toss,
    undo_last_event,
    unlock_match,
)

PASSWORD = "a-long-test-password-1"


def user(name: str, **extra):
    User = get_user_model()
    account, created = User.objects.get_or_create(username=name, defaults=extra)
    if created:
        account.set_password(PASSWORD)
        account.save()
    return account


def umpire_actor(account=None) -> Actor:
    return Actor(
        user=account, via="account" if account else "link", device="Tablet 7", ip="10.0.0.7"
    )


def post(match: Match, payload: dict, actor: Actor) -> None:
    record_event(match=match, payload=payload, client_id=uuid.uuid4(), actor=actor)


def play_board(match: Match, actor: Actor, winner_colour: str = "white") -> None:
    if winner_colour == "white":
        post(
            match, {"type": "stroke", "by": "white", "pocketed": {"white": 2, "queen": True}}, actor
        )
        post(match, {"type": "stroke", "by": "white", "pocketed": {"white": 7}}, actor)
    else:
        post(match, {"type": "stroke", "by": "white"}, actor)
        post(
            match, {"type": "stroke", "by": "black", "pocketed": {"black": 2, "queen": True}}, actor
        )
        post(match, {"type": "stroke", "by": "black", "pocketed": {"black": 7}}, actor)


def build_tournament(slug: str = "trust-open") -> Tournament:
    """Two rounds of singles (draw links), a point carrom match, strokes with undo, quick
    entry, an umpire ruling, confirmation and unlock, seating, a paper sheet, a revoked link."""
    organiser = user("olga", is_staff=True)
    umpire = user("ulf")
    tournament = Tournament.objects.create(
        name="Trust Open",
        slug=slug,
        start_date=datetime.date(2026, 12, 5),
        end_date=datetime.date(2026, 12, 6),
        venue="Hall 3",
    )
    tournament.organisers.add(organiser)
    tables = [Table.objects.create(tournament=tournament, number=n) for n in (1, 2)]
    singles = Event.objects.create(tournament=tournament, name="Singles", format="knockout")
    names = ["Asha Rao", "Ben Kirk", "Chen Li", "Dora Vik"]
    players = [Player.objects.create(name=n, club="CC Test", nationality="DE") for n in names]
    entries = [
        Entry.objects.create(event=singles, player=p, seed=i + 1) for i, p in enumerate(players)
    ]
    r1 = Round.objects.create(event=singles, number=1)
    r2 = Round.objects.create(event=singles, number=2, stage="late", name="Final")
    final = Match.objects.create(event=singles, round=r2, number=3, stage="late")
    m1 = Match.objects.create(
        event=singles,
        round=r1,
        number=1,
        entry_a=entries[0],
        entry_b=entries[3],
        table=tables[0],
        umpire=umpire,
        status=Match.Status.READY,
        winner_to=final,
        winner_to_side="a",
    )
    m2 = Match.objects.create(
        event=singles,
        round=r1,
        number=2,
        entry_a=entries[1],
        entry_b=entries[2],
        table=tables[1],
        status=Match.Status.READY,
        winner_to=final,
        winner_to_side="b",
    )
    ump = umpire_actor(umpire)
    link = umpire_actor()
    org = Actor(
        user=organiser, via="organiser", device="Laptop", ip="10.0.0.1", may_edit_locked=True
    )

    # match 1: a whole match by strokes, with undo rows and an umpire ruling; confirmed,
    # unlocked by the organiser, confirmed again
    record_toss(match=m1, winner="b", choice="break", actor=ump)
    record_seating(match=m1, seating=[players[0].pk, players[3].pk], actor=ump)
    post(m1, {"type": "stroke", "by": "white", "pocketed": {"white": 1}}, ump)
    undo_last_event(match=m1, client_id=uuid.uuid4(), actor=ump)
    for _ in range(3):
        play_board(m1, ump, "white")
    post(m1, {"type": "umpire_ruling", "winner": "white", "points": 10, "law": "ICF 91"}, ump)
    play_board(m1, ump, "black")
    for colour in ("black", "white", "black"):
        play_board(m1, link, colour)
    confirm_match(match=m1, side="a", method="tap", actor=link)
    confirm_match(match=m1, side="b", method="pin", actor=link)
    unlock_match(match=m1, actor=org, reason="paper differs")
    confirm_match(match=m1, side="a", method="tap", actor=link)
    confirm_match(match=m1, side="b", method="tap", actor=link)

    # match 2: quick entry, then a board in progress with an undo; link revoked
    record_toss(match=m2, winner="a", choice="side", actor=link)
    record_quick_board(
        match=m2, winner="a", carrommen=5, queen="a", client_id=uuid.uuid4(), actor=link
    )
    record_quick_board(
        match=m2, winner="b", points=3, law="ICF 107", client_id=uuid.uuid4(), actor=link
    )
    post(m2, {"type": "stroke", "by": "white", "pocketed": {"white": 2}}, link)
    post(m2, {"type": "stroke", "by": "white"}, link)
    undo_last_event(match=m2, client_id=uuid.uuid4(), actor=link)
    post(m2, {"type": "technical_foul", "by": "white"}, link)
    Match.objects.filter(pk=m2.pk).update(
        umpire_token_revoked_at=datetime.datetime(2026, 12, 5, 15, tzinfo=datetime.UTC)
    )

    # point carrom
    points = Event.objects.create(
        tournament=tournament,
        name="Point carrom",
        kind="points",
        rules="point-carrom",
        games_to_win=1,
        order=2,
    )
    p_entries = [Entry.objects.create(event=points, player=p) for p in players[:3]]
    m4 = Match.objects.create(
        event=points,
        number=1,
        entry_a=p_entries[0],
        entry_b=p_entries[1],
        entry_c=p_entries[2],
        rules="point-carrom",
        games_to_win=1,
        status=Match.Status.READY,
    )
    post(m4, {"type": "stroke", "by": "a", "pocketed": {"white": 2}}, link)

    PaperScoresheet.objects.create(
        match=m1,
        entered_by=organiser,
        note="sheet of table 1",
        games=[[{"winner": "b", "carrommen": 0, "queen": "b"}]],
    )
    return tournament


@pytest.fixture
def tournament(db) -> Tournament:
    return build_tournament()
