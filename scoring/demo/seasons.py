"""Demo data for the seasons (issue 33): a federation and two clubs, two seasons of the
federation's circuit (the second following the first), two tournaments each, a knock-out of
eight played to the end in each; a player moves club between the seasons.

Idempotent: a tournament, club or championship that exists (by name) is left as it is. Names
are fictional.
"""

from __future__ import annotations

import datetime
import random
from typing import Any

from scoring.models import Championship, Club, Event, Match, Membership, Player
from scoring.services import draws, tournaments
from scoring.services import seasons as service
from scoring.services.matches import Actor

FIELD = [
    ("Anika Brandt", "DE"),
    ("Bruno Castelli", "IT"),
    ("Chloé Marchand", "FR"),
    ("Dario Lenz", "DE"),
    ("Elif Aksoy", "DE"),
    ("Fabio Serra", "IT"),
    ("Greta Holm", "DE"),
    ("Hugo Ferrand", "FR"),
    ("Inga Roth", "DE"),
    ("Jean Vidal", "FR"),
]
SEASONS = [
    (
        "Lakeland Circuit 2025",
        [
            ("Lakeland Winter Cup 2025", datetime.date(2025, 2, 8)),
            ("Lakeland Summer Cup 2025", datetime.date(2025, 7, 12)),
        ],
    ),
    (
        "Lakeland Circuit 2026",
        [
            ("Lakeland Winter Cup 2026", datetime.date(2026, 2, 7)),
            ("Lakeland Summer Cup 2026", datetime.date(2026, 7, 11)),
        ],
    ),
]


def _club(owner: Any, name: str, nation: str, federation: bool = False) -> Club:
    club = Club.objects.filter(name=name, nation=nation).first()
    return club or service.create_club(owner=owner, name=name, nation=nation, federation=federation)


def _played(
    name: str, day: datetime.date, actor: Actor, players: list[Player], rng: random.Random
) -> Event:
    from scoring.management.commands.simulate_event import play_random

    tournament = tournaments.create_tournament(
        name=name, start_date=day, end_date=day, actor=actor, table_count=4
    )
    event = tournaments.create_event(
        tournament=tournament,
        name="Open Singles",
        actor=actor,
        kind="singles",
        format="knockout",
        settings={"third_place": True},
        order=1,
    )
    for i, player in enumerate(players):
        tournaments.add_entry(
            event=event,
            actor=actor,
            seed=i + 1,
            same_as={"player": player},
            player=tournaments.PlayerData(
                player.name, player.club, player.nationality, player.rating
            ),
        )
    draws.draw_event(event=event, actor=actor, random_seed=rng.randint(1, 10_000))
    while True:
        draws.sync_bracket(event)  # confirmations flow on commit; settle them now
        ready = list(
            Match.objects.filter(event=event, status=Match.Status.READY).order_by("number")
        )
        if not ready:
            break
        for match in ready:
            play_random(match, rng, actor)
            draws.confirm_result(match=match, actor=actor)
    return event


def seed(context: dict[str, Any]) -> None:
    organiser = context["users"]["organiser"]
    actor = Actor(user=organiser, via="organiser", device="seed_demo", may_edit_locked=True)
    rng = random.Random(33)
    federation = _club(organiser, "Lakeland Carrom Federation", "DE", federation=True)
    riverside = _club(organiser, "CC Riverside", "DE")
    harbour = _club(organiser, "Harbour Carrom Club", "DE")
    players = []
    for i, (name, nation) in enumerate(FIELD):
        player = Player.objects.filter(name=name).first() or Player.objects.create(
            name=name, nationality=nation, club=riverside.name, rating=1900 - 20 * i
        )
        players.append(player)
        if not Membership.objects.filter(player=player).exists():
            service.add_membership(club=federation, player=player, since=datetime.date(2025, 1, 1))
            service.add_membership(
                club=riverside if i % 2 else harbour, player=player, since=datetime.date(2025, 1, 1)
            )
    mover = players[0]  # moves to Riverside between the seasons
    if not Membership.objects.filter(player=mover, club=riverside).exists():
        service.add_membership(club=riverside, player=mover, since=datetime.date(2026, 1, 1))
    previous = None
    for number, (name, cups) in enumerate(SEASONS):
        champ = Championship.objects.filter(club=federation, name=name).first()
        if champ is None:
            champ = service.create_championship(
                club=federation,
                name=name,
                prizes="fixed",
                skip_worst=0 if number == 0 else 1,
                previous=previous,
            )
            for k, (cup, day) in enumerate(cups):
                field = rng.sample(players, 8) if k or number else players[:8]
                field.sort(key=lambda p: -(p.rating or 0))
                service.add_event(championship=champ, event=_played(cup, day, actor, field, rng))
        previous = champ
