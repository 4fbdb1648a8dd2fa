"""Test data for the live pages: tournaments, events, entries, matches, and recorded boards
(through the real services, so caches and logs are what the umpire tablet leaves behind)."""

from __future__ import annotations

import datetime
import itertools
import uuid
from typing import Any

from django.utils import timezone

from scoring.models import Entry, Event, Game, Match, Player, Round, Table, Tournament
from scoring.services.matches import (
    Actor,
    record_event,
    record_quick_board,
    record_toss,
)
from scoring.standings.results import match_totals

SYSTEM = Actor(via="system")
_names = itertools.count(1)

FIRST = [
    "Asha",
    "Ben",
    "Chen",
    "Dora",
    "Emil",
    "Fay",
    "Gita",
    "Hugo",
    "Ines",
    "Jon",
    "Kira",
    "Lars",
    "Mira",
    "Nils",
    "Olga",
    "Paul",
]
LAST = [
    "Rao",
    "Kirk",
    "Li",
    "Vik",
    "Sand",
    "Lund",
    "Mehta",
    "Berg",
    "Costa",
    "Dahl",
    "Engel",
    "Falk",
    "Gupta",
    "Holm",
    "Iyer",
    "Jung",
]


def person() -> str:
    n = next(_names)
    return f"{FIRST[n % len(FIRST)]} {LAST[(n // len(FIRST)) % len(LAST)]} {n}"


def tournament(slug: str = "lakeside-open", *, tables: int = 4) -> Tournament:
    t, _ = Tournament.objects.get_or_create(
        slug=slug,
        defaults={
            "name": "Lakeside Open",
            "start_date": datetime.date.today(),
            "end_date": datetime.date.today() + datetime.timedelta(days=1),
            "venue": "Lakeside Club House",
            "table_count": tables,
        },
    )
    for number in range(1, tables + 1):
        Table.objects.get_or_create(tournament=t, number=number)
    return t


def event(
    t: Tournament,
    name: str = "Open Singles",
    *,
    format: str = "knockout",
    kind: str = "singles",
    entries: int = 4,
) -> tuple[Event, list[Entry]]:
    e = Event.objects.create(
        tournament=t, name=name, format=format, kind=kind, status=Event.Status.RUNNING
    )
    made = []
    for seed in range(1, entries + 1):
        partner = Player.objects.create(name=person()) if kind == "doubles" else None
        made.append(
            Entry.objects.create(
                event=e, player=Player.objects.create(name=person()), partner=partner, seed=seed
            )
        )
    return e, made


def match(
    e: Event,
    a: Entry | None,
    b: Entry | None,
    *,
    number: int = 1,
    rnd: Round | None = None,
    table: int | None = None,
    status: str = "ready",
    group: str = "",
    **fields: Any,
) -> Match:
    table_row = Table.objects.get(tournament=e.tournament, number=table) if table else None
    return Match.objects.create(
        event=e,
        round=rnd,
        number=number,
        entry_a=a,
        entry_b=b,
        table=table_row,
        status=status,
        group=group,
        stage=rnd.stage if rnd else "early",
        called_at=timezone.now() if status in ("called", "playing") else None,
        **fields,
    )


def stroke(by: str, **pocketed: Any) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "stroke", "by": by}
    if pocketed:
        event["pocketed"] = pocketed
    return event


def post(m: Match, payload: dict[str, Any]) -> Match:
    record_event(match=m, payload=payload, client_id=uuid.uuid4(), actor=SYSTEM)
    m.refresh_from_db()
    return m


def toss(m: Match, winner: str = "a", choice: str = "break") -> Match:
    record_toss(match=m, winner=winner, choice=choice, actor=SYSTEM)
    m.refresh_from_db()
    return m


def quick(m: Match, winner: str, carrommen: int = 9, queen: str | None = "same") -> Match:
    record_quick_board(
        match=m,
        winner=winner,
        carrommen=carrommen,
        queen=winner if queen == "same" else queen,
        client_id=uuid.uuid4(),
        actor=SYSTEM,
    )
    m.refresh_from_db()
    return m


def white_slam(m: Match) -> Match:
    """The breaker clears the board in his first turn, queen covered: 12 points (9 + 3)."""
    post(m, {"type": "stroke", "by": "white", "pocketed": {"white": 2, "queen": True}})
    return post(m, stroke("white", white=7))


def win_match(m: Match, winner: str = "a") -> Match:
    """Quick entries until ``winner`` has won two games (12 + 12 + 12 → 25 each game)."""
    if not m.toss_winner:
        toss(m)
    while True:
        m.refresh_from_db()
        if m.status in (Match.Status.FINISHED, Match.Status.CONFIRMED):
            return m
        quick(m, winner)


def finished_rows(
    m: Match, winner: str = "a", scores: tuple[tuple[int, int], ...] = ((25, 10), (25, 12))
) -> Match:
    """A finished match written straight into the caches (fast, for big standings)."""
    wins = {"a": 0, "b": 0}
    games = []
    for number, (x, y) in enumerate(scores, start=1):
        game_winner = "a" if x > y else "b"
        wins[game_winner] += 1
        games.append(
            Game.objects.create(
                match=m,
                number=number,
                first_breaker="a",
                scores={"a": x, "b": y},
                winner_side=game_winner,
                finished=True,
            )
        )
    Match.objects.filter(pk=m.pk).update(
        status=Match.Status.FINISHED,
        winner_side=winner,
        games_won=wins,
        finished_at=timezone.now(),
        revision=len(scores) * 3,
        **match_totals((g.winner_side, g.scores) for g in games),
    )
    m.refresh_from_db()
    return m
