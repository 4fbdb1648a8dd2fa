"""Demo data for the live pages: a knock-out event of the demo tournament recorded stroke by
stroke (the other demo areas enter most boards from paper), so that the board timeline, the
player statistics (queen covers, dues, fouls, a white and a black slam) and the stream overlay
have something to show: quarter-finals finished, a semi-final finished, the other semi-final
under way at table 5, the final waiting for its winner.

Idempotent: an event that already exists (by name, also if another area made it) is left as it
is. Everything is recorded through :mod:`scoring.services.matches` (``Actor(via="system")``),
so the logs and caches are exactly what an umpire tablet leaves behind. Names are fictional.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.urls import reverse
from django.utils import timezone

from scoring.models import Entry, Event, Match, Player, Round, Table, Tournament
from scoring.records import other_side
from scoring.services.matches import Actor, record_event, record_quick_board, record_toss

SYSTEM = Actor(via="system", device="seed_demo")

KNOCKOUT = "Women's Singles"

WOMEN = [
    "Anika Brandt",
    "Bea Lorenz",
    "Carla Winter",
    "Dilara Kaya",
    "Elif Demir",
    "Frieda Hahn",
    "Greta Vogel",
    "Hanna Roth",
]
CLUBS = ["CC Riverside", "Carrom Club Nordstadt", "Queen's Corner", "Striker Verein"]


def seed(context: dict[str, Any]) -> None:
    tournament: Tournament = context["tournament"]
    for number in range(1, max(tournament.table_count, 8) + 1):
        Table.objects.get_or_create(tournament=tournament, number=number)
    made = []
    if not tournament.events.filter(name=KNOCKOUT).exists():
        _knockout(tournament)
        made.append(KNOCKOUT)
    home = reverse("scoring:live-tournament", kwargs={"slug": tournament.slug})
    context.setdefault("messages", []).extend(
        [
            f"Live pages: {home} · hall screen: {home}hall/ · stream overlay: "
            f"{home}overlay/table/5/ · API: /api/v1/tournaments/{tournament.pk}/",
        ]
    )
    context["live_events"] = made


# --------------------------------------------------------------------------- helpers


def _entries(event: Event, names: list[str]) -> list[Entry]:
    entries = []
    for seed, name in enumerate(names, start=1):
        player, _ = Player.objects.get_or_create(
            name=name, defaults={"club": CLUBS[seed % len(CLUBS)], "nationality": "DE"}
        )
        entries.append(Entry.objects.create(event=event, player=player, seed=seed))
    return entries


def _table(tournament: Tournament, number: int) -> Table:
    return Table.objects.get(tournament=tournament, number=number)


def _toss(match: Match) -> None:
    record_toss(match=match, winner="a", choice="break", actor=SYSTEM)


def _post(match: Match, by: str, **fields: Any) -> None:
    payload: dict[str, Any] = {"type": "stroke", "by": by}
    payload.update(fields)
    record_event(match=match, payload=payload, client_id=uuid.uuid4(), actor=SYSTEM)


def _quick(match: Match, winner: str, carrommen: int, queen: str | None) -> None:
    record_quick_board(
        match=match,
        winner=winner,
        carrommen=carrommen,
        queen=queen,
        client_id=uuid.uuid4(),
        actor=SYSTEM,
    )


def _slam(match: Match) -> None:
    """White (the breaker) clears the board in his first turn: a white slam, 12 points."""
    _post(match, "white", pocketed={"white": 3, "queen": True})
    _post(match, "white", pocketed={"white": 6})


def _black_slam(match: Match) -> None:
    """The breaker misses; black clears all nine and the queen in his first turn."""
    _post(match, "white")
    _post(match, "black", pocketed={"black": 4, "queen": True})
    _post(match, "black", pocketed={"black": 5})


def _logged_board(match: Match) -> None:
    """A board with a bit of everything: a due, a foul, the queen pocketed and covered."""
    _post(match, "white", pocketed={"white": 2})
    _post(match, "white", pocketed={"striker": True})  # a due
    _post(match, "black", pocketed={"black": 3})
    _post(match, "black", pocketed={"black": 1, "queen": True})  # pocketed, cover due
    _post(match, "black", pocketed={"black": 2})  # covered
    _post(match, "black")
    _post(match, "white", pocketed={"white": 1}, foul="improper_stroke")  # foul
    _post(match, "black", pocketed={"black": 3})  # black clears: white's carrommen + 3


def _finish(match: Match, winner: str, logged: int = 0, opening: Any = None) -> str:
    """Play ``match`` out: ``opening`` (a function recording board 1), ``logged`` boards
    stroke by stroke, then quick entries mostly won by ``winner``. Returns the side that won."""
    _toss(match)
    if opening is not None:
        opening(match)
    loser = other_side(winner)
    pattern = [
        (winner, 7, winner),
        (loser, 4, None),
        (winner, 9, winner),
        (winner, 6, None),
        (winner, 8, winner),
    ]
    i = 0
    while True:
        match.refresh_from_db()
        if match.status in (Match.Status.FINISHED, Match.Status.CONFIRMED):
            return match.winner_side
        if logged:
            _logged_board(match)
            logged -= 1
            continue
        who, carrommen, queen = pattern[i % len(pattern)]
        _quick(match, who, carrommen, queen)
        i += 1


def _called(match: Match, table: Table) -> None:
    Match.objects.filter(pk=match.pk).update(
        table=table, status=Match.Status.CALLED, called_at=timezone.now()
    )
    match.refresh_from_db()


# --------------------------------------------------------------------------- events


def _knockout(tournament: Tournament) -> None:
    event = Event.objects.create(
        tournament=tournament,
        name=KNOCKOUT,
        kind="singles",
        format=Event.Format.KNOCKOUT,
        status=Event.Status.RUNNING,
        order=1,
    )
    e = _entries(event, WOMEN)
    qf = Round.objects.create(event=event, number=1, name="Quarter-finals", stage="late")
    sf = Round.objects.create(event=event, number=2, name="Semi-finals", stage="late")
    fi = Round.objects.create(event=event, number=3, name="Final", stage="late")
    final = Match.objects.create(event=event, round=fi, number=7, position=1, stage="late")
    semis = [
        Match.objects.create(
            event=event,
            round=sf,
            number=5 + i,
            position=1 + i,
            stage="late",
            winner_to=final,
            winner_to_side="ab"[i],
        )
        for i in range(2)
    ]
    pairs = [(0, 7), (3, 4), (2, 5), (1, 6)]  # seeds 1v8, 4v5, 3v6, 2v7
    quarters = []
    for i, (x, y) in enumerate(pairs):
        quarters.append(
            Match.objects.create(
                event=event,
                round=qf,
                number=1 + i,
                position=1 + i,
                stage="late",
                entry_a=e[x],
                entry_b=e[y],
                status=Match.Status.READY,
                winner_to=semis[i // 2],
                winner_to_side="ab"[i % 2],
            )
        )
    winners = []
    for i, match in enumerate(quarters):
        _called(match, _table(tournament, 4 + i))
        winners.append(
            _finish(
                match,
                "ab"[i == 1],
                logged=1 if i in (0, 3) else 0,
                opening={1: _black_slam, 2: _slam}.get(i),
            )
        )
    for i, semi in enumerate(semis):
        a, b = quarters[2 * i], quarters[2 * i + 1]
        Match.objects.filter(pk=semi.pk).update(
            entry_a=a.entry_for(winners[2 * i]),
            entry_b=b.entry_for(winners[2 * i + 1]),
            status=Match.Status.READY,
        )
        semi.refresh_from_db()
    _called(semis[0], _table(tournament, 4))
    first = _finish(semis[0], "a", logged=1)
    # the second semi-final is being played at table 5, board 4 of game 1 under way
    _called(semis[1], _table(tournament, 5))
    _toss(semis[1])
    _slam(semis[1])
    for who, carrommen, queen in (("b", 5, None), ("a", 9, "a")):
        _quick(semis[1], who, carrommen, queen)
    semis[1].refresh_from_db()
    _post(semis[1], "white", pocketed={"white": 1})
    _post(semis[1], "white", pocketed={"white": 2, "queen": True})
    _post(semis[1], "white")
    _post(semis[1], "black", pocketed={"black": 2})
    semis[0].refresh_from_db()
    Match.objects.filter(pk=final.pk).update(
        entry_a=semis[0].entry_for(first), status=Match.Status.SCHEDULED
    )
