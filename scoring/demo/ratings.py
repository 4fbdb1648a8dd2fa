"""Demo data for ratings (issue 33): a national Glicko-2 rating over two seasons — three past
one-day tournaments (autumn and spring of the last season, autumn of this one), each a Swiss
of eight of the Men's Singles players over three rounds — and the demo tournament rated under
it too, so that the players' rating history charts show. Names are fictional; results are
drawn from a fixed seed and recorded through the services, as the organiser's quick entry.

Idempotent: an existing rating of that name is left as it is.
"""

from __future__ import annotations

import datetime
import random
import uuid
from typing import Any

from scoring.demo.draws import MEN
from scoring.models import Entry, Event, Match, Player, Rating, Tournament
from scoring.services import draws
from scoring.services.matches import Actor, record_quick_board, record_toss
from scoring.services.ratings import set_tournament_rating
from scoring.services.tournaments import create_event, sync_tables

SYSTEM = Actor(via="system", device="seed_demo")
RATING = "Demo national rating"
#: (slug, name, days before the demo tournament)
PAST = (
    ("demo-rating-autumn-cup", "Autumn Cup (last season)", 420),
    ("demo-rating-spring-cup", "Spring Cup (last season)", 240),
    ("demo-rating-autumn-open", "Autumn Open (this season)", 60),
)
#: the players' strength: the demo's first names play better (a fixed story for the charts)
STRENGTH = {name: 8 - i for i, name in enumerate(MEN[:8])}


def _play(match: Match, rng: random.Random) -> None:
    """One game to 25 by quick entry; the stronger player wins more often."""
    assert match.entry_a is not None and match.entry_b is not None  # a drawn pair, no bye
    a, b = match.entry_a.player.name, match.entry_b.player.name
    p_a = 0.5 + (STRENGTH.get(a, 4) - STRENGTH.get(b, 4)) * 0.06
    record_toss(match=match, winner="a", choice="break", actor=SYSTEM)
    for _ in range(40):
        match.refresh_from_db()
        if match.status in (Match.Status.FINISHED, Match.Status.CONFIRMED):
            break
        winner = "a" if rng.random() < p_a else "b"
        record_quick_board(
            match=match,
            winner=winner,
            carrommen=rng.randint(1, 9),
            queen=winner if rng.random() < 0.6 else None,
            client_id=uuid.uuid4(),
            actor=SYSTEM,
        )
    draws.confirm_result(match=match, actor=SYSTEM)


def _tournament(
    slug: str, name: str, day: datetime.date, players: list[Player], rng: random.Random
) -> Tournament:
    tournament = Tournament.objects.create(
        name=name,
        slug=slug,
        start_date=day,
        end_date=day,
        venue="Riverside Community Hall",
        table_count=4,
    )
    sync_tables(tournament)
    event = create_event(
        tournament=tournament,
        name="Singles",
        actor=SYSTEM,
        format=Event.Format.SWISS,
        games_to_win=1,
        settings={"rounds": 3},
    )
    for player in players:
        Entry.objects.create(event=event, player=player)
    draws.draw_event(event=event, actor=SYSTEM, random_seed=rng.randint(1, 1000))
    for number in (1, 2, 3):
        for match in Match.objects.filter(event=event, round__number=number, bye=False):
            _play(match, rng)
        if number < 3:
            draws.next_round(event=event, actor=SYSTEM)
    return tournament


def seed(context: dict[str, Any]) -> None:
    demo: Tournament = context["tournament"]
    if Rating.objects.filter(name=RATING).exists():
        return
    rating = Rating.objects.create(name=RATING, level=Rating.Level.NATIONAL, nation="DE")
    players = []
    for name in MEN[:8]:
        player = Player.objects.filter(name=name).order_by("pk").first()
        players.append(player or Player.objects.create(name=name))
    rng = random.Random(33)
    for slug, name, days in PAST:
        day = demo.start_date - datetime.timedelta(days=days)
        tournament = Tournament.objects.filter(slug=slug).first() or _tournament(
            slug, name, day, players, rng
        )
        set_tournament_rating(tournament=tournament, rating=rating, actor=SYSTEM)
    set_tournament_rating(tournament=demo, rating=rating, actor=SYSTEM)
    context.setdefault("messages", []).append(f"rating '{RATING}': /ratings/{rating.pk}/")
