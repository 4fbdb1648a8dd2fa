"""Fixtures for the printing tests: a tournament with organisers, tables, an event with a
round of matches, and one match recorded through the services from toss to match point."""

from __future__ import annotations

import datetime
import uuid
from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from scoring.models import Entry, Event, Match, Player, Round, Table, Tournament
from scoring.services.matches import Actor, record_event, record_quick_board, record_toss
from tests.factories import make_match

UMPIRE = Actor(via="link", device="test tablet")
UNICODE_A = "Łukasz Ünal"
NAME_B = "Priya Ramaswamy"


def stroke(by: str, **pocketed: object) -> dict:
    event: dict = {"type": "stroke", "by": by}
    if pocketed:
        event["pocketed"] = pocketed
    return event


def log(match: Match, payload: dict) -> None:
    record_event(match=match, payload=payload, client_id=uuid.uuid4(), actor=UMPIRE)


def quick(match: Match, winner: str, **kwargs: object) -> None:
    record_quick_board(match=match, winner=winner, client_id=uuid.uuid4(), actor=UMPIRE, **kwargs)


def make_tournament(slug: str, name: str = "Carrom Open Rhein-Main 2026") -> Tournament:
    today = timezone.localdate()
    return Tournament.objects.create(
        name=name,
        slug=slug,
        start_date=today,
        end_date=today + datetime.timedelta(days=1),
        table_count=4,
    )


def make_event(
    tournament: Tournament,
    name: str = "Men's Singles",
    *,
    kind: str = "singles",
    fmt: str = "knockout",
    rules: str = "icf",
) -> Event:
    return Event.objects.create(
        tournament=tournament, name=name, kind=kind, format=fmt, rules=rules
    )


def make_entries(event: Event, names: list[str]) -> list[Entry]:
    entries = []
    for n, name in enumerate(names, start=1):
        player = Player.objects.create(name=name, club="CC Frankfurt" if n == 1 else "")
        entries.append(Entry.objects.create(event=event, player=player, seed=n))
    return entries


def play_full_match(match: Match) -> Match:
    """Record a whole match through the services (the log is the record):

    game 1 (A 25 : 4): a stroke-by-stroke board with the Queen covered (12), an ICF 107
    "suicide" board (3 to A), a void board replayed, a quick board with the Queen (8), an
    award under ICF 91 (4 to B), and a last quick board (A reaches 25);
    game 2 (B 25 : 0): three quick boards;
    game 3 (A 7 : 4): eight boards 4 : 4 with the side change after board 4, then the extra
    board (ICF 56(b)) broken by B after the toss, won by A.
    """
    record_toss(match=match, winner="a", choice="break", actor=UMPIRE)
    # game 1, board 1: A breaks (white), covers the Queen and clears the board: 9 + 3
    log(match, stroke("white", white=1))
    log(match, stroke("white", queen=True))
    log(match, stroke("white", white=1))
    log(match, stroke("white", white=7))
    # board 2: B breaks and pockets his last carromman with the Queen on the board (ICF 107)
    log(match, stroke("white", white=9))
    # board 3: A breaks; the board is voided and replayed (same number)
    log(match, stroke("white"))
    log(match, {"type": "void"})
    quick(match, "a", carrommen=5, queen="a")  # 15 before: the Queen counts, 8
    quick(match, "b", points=4, law="ICF 91")  # board 4
    quick(match, "a", carrommen=2)  # board 5: 23 + 2
    # game 2: B 12, 12, 1
    quick(match, "b", carrommen=9, queen="b")
    quick(match, "b", carrommen=9, queen="b")
    quick(match, "b", carrommen=1)
    # game 3: eight boards of one carromman each, 4 : 4, then the extra board
    for n in range(8):
        quick(match, "a" if n % 2 == 0 else "b", carrommen=1)
    quick(match, "a", carrommen=3, breaker="b")
    match.refresh_from_db()
    return match


@dataclass
class World:
    tournament: Tournament
    other: Tournament
    organiser: object
    other_organiser: object
    umpire: object
    stranger: object
    event: Event
    round: Round
    tables: list[Table]
    matches: list[Match]  # round 1; matches[0] is fully recorded

    @property
    def played(self) -> Match:
        return self.matches[0]


@pytest.fixture
def world(db) -> World:
    users = get_user_model().objects
    organiser = users.create_user("orga", password="pw", first_name="Olga", last_name="Org")
    other_organiser = users.create_user("other", password="pw")
    umpire = users.create_user("ump", password="pw", first_name="Ingrid", last_name="Schäfer")
    stranger = users.create_user("stranger", password="pw")
    tournament = make_tournament("open-2026")
    tournament.organisers.add(organiser)
    other = make_tournament("other-2026", "Other Open")
    other.organisers.add(other_organiser)
    tables = [Table.objects.create(tournament=tournament, number=n) for n in range(1, 5)]
    event = make_event(tournament)
    rnd = Round.objects.create(event=event, number=1, name="Round of 32")
    names = [UNICODE_A, NAME_B] + [f"Player {n:02d}" for n in range(3, 9)]
    entries = make_entries(event, names)
    matches = [
        make_match(
            event,
            entries[2 * i],
            entries[2 * i + 1],
            number=i + 1,
            rnd=rnd,
            table=tables[i],
            umpire=umpire if i == 0 else None,
        )
        for i in range(4)
    ]
    play_full_match(matches[0])
    return World(
        tournament, other, organiser, other_organiser, umpire, stranger, event, rnd, tables, matches
    )
