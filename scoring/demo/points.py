"""Demo data for point carrom (three players, seed 003): a point-carrom round robin of four
players, drawn as the organiser would draw it: its first table finished (a board played out,
then the game ended at 25 in the middle of board 2), its second under way at table 7 (the
board in progress), the others ready. Names are fictional.

Idempotent: an existing event of that name is left as it is. Everything is recorded through
the services, as the tablet leaves it.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.urls import reverse

from scoring.demo.matches import demo_stroke
from scoring.models import Entry, Event, Match, Player, Table, Tournament
from scoring.services.draws import draw_event
from scoring.services.matches import Actor, record_event, record_toss
from scoring.services.tournaments import create_event

SYSTEM = Actor(via="system", device="seed_demo")

EVENT = "Point carrom (three players)"
PLAYERS = ["Ilka Sommer", "Jonas Pfeil", "Kemal Aydın", "Lotta Berg"]


#: board 1 broken by B (drawn by lot): B 8 with the queen covered, C 7, A 17; board 2 broken
#: by C: A reaches 25 with four whites and the game ends at once
FINISHED = [
    demo_stroke("b", black=1),
    demo_stroke("b", white=1, queen=True),
    demo_stroke("b"),
    demo_stroke("c", white=3),
    demo_stroke("c"),
    demo_stroke("a", white=5, black=7),
    demo_stroke("a"),
    demo_stroke("b"),
    demo_stroke("c", black=1),
    demo_stroke("c"),
    demo_stroke("a", white=4),
]
#: under way: A breaks; a foul returns a piece; C is on turn
PLAYING = [
    demo_stroke("a", white=2),
    demo_stroke("a", black=1),
    {"type": "stroke", "by": "a", "pocketed": {"white": 1}, "foul": "improper_stroke"},
    demo_stroke("b", black=2),
    demo_stroke("b"),
]


def _record(match: Match, toss: str, strokes: list[dict[str, Any]]) -> None:
    record_toss(match=match, winner=toss, choice="break", actor=SYSTEM)
    for payload in strokes:
        match.refresh_from_db()
        record_event(match=match, payload=payload, client_id=uuid.uuid4(), actor=SYSTEM)


def seed(context: dict[str, Any]) -> None:
    tournament: Tournament = context["tournament"]
    if tournament.events.filter(name=EVENT).exists():
        return
    event = create_event(
        tournament=tournament,
        name=EVENT,
        actor=SYSTEM,
        kind="points",
        format=Event.Format.GROUPS,
        rules="point-carrom",
        games_to_win=1,
    )
    for name in PLAYERS:
        player, _created = Player.objects.get_or_create(name=name)
        Entry.objects.create(event=event, player=player)
    draw_event(event=event, actor=SYSTEM, random_seed=3)
    first, second = Match.objects.filter(event=event).order_by("number")[:2]
    table, _created = Table.objects.get_or_create(tournament=tournament, number=7)
    Match.objects.filter(pk=second.pk).update(table=table)
    _record(first, "b", FINISHED)
    second.refresh_from_db()
    _record(second, "a", PLAYING)
    home = reverse("scoring:live-event", kwargs={"slug": tournament.slug, "event_id": event.pk})
    context.setdefault("messages", []).append(f"Point carrom (three players): {home}")
