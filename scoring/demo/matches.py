"""Demo matches for the umpire tablet: one in progress (open it with the printed umpire link),
one finished and confirmed, and a doubles match waiting for its toss. Idempotent: a match that
exists is left as it is (whatever was recorded on it since)."""

from __future__ import annotations

import os
import uuid
from typing import Any

from django.urls import reverse

from scoring.models import Entry, Event, Match, Player, Table
from scoring.services.matches import (
    Actor,
    confirm_match,
    record_event,
    record_quick_board,
    record_toss,
)

SYSTEM = Actor(via="system", device="seed_demo")
EVENT_NAME = "Friendly matches"
DOUBLES_NAME = "Friendly doubles"


def demo_stroke(by: str, **pocketed: Any) -> dict[str, Any]:
    """A stroke of the demo's logs in the interchange format: ``by`` pocketed ``pocketed``."""
    event: dict[str, Any] = {"type": "stroke", "by": by}
    if pocketed:
        event["pocketed"] = pocketed
    return event


# Board 2 of the match in progress, stroke by stroke: a break, a pocketed striker (a due),
# a foul, the queen and its cover.
BOARD_IN_PROGRESS = [
    demo_stroke("white", white=1),
    demo_stroke("white"),
    demo_stroke("black", black=2),
    demo_stroke("black", striker=True),
    demo_stroke("white", white=1),
    {"type": "stroke", "by": "white", "pocketed": {"white": 1}, "foul": "improper_stroke"},
    demo_stroke("black", black=1, queen=True),
    demo_stroke("black", black=1),
    demo_stroke("black"),
]


def _event(tournament: Any, name: str, kind: str) -> Event:
    event, _ = Event.objects.get_or_create(
        tournament=tournament,
        name=name,
        defaults={
            "kind": kind,
            "format": Event.Format.SINGLE_MATCH,
            "status": Event.Status.RUNNING,
        },
    )
    return event


def _entry(event: Event, name: str, partner: str | None = None) -> Entry:
    player, _ = Player.objects.get_or_create(name=name, defaults={"club": "Riverside CC"})
    mate = None
    if partner:
        mate, _ = Player.objects.get_or_create(name=partner, defaults={"club": "Riverside CC"})
    entry, _ = Entry.objects.get_or_create(event=event, player=player, defaults={"partner": mate})
    return entry


def _match(
    event: Event, number: int, a: Entry, b: Entry, table: Table, umpire: Any
) -> tuple[Match, bool]:
    return Match.objects.get_or_create(
        event=event,
        number=number,
        defaults={
            "entry_a": a,
            "entry_b": b,
            "table": table,
            "umpire": umpire,
            "status": Match.Status.READY,
        },
    )


def _record(match: Match, payloads: list[dict[str, Any]]) -> None:
    for payload in payloads:
        record_event(match=match, payload=payload, client_id=uuid.uuid4(), actor=SYSTEM)


def seed(context: dict[str, Any]) -> None:
    tournament = context["tournament"]
    umpire = context["users"]["umpire"]
    tables = [Table.objects.get_or_create(tournament=tournament, number=n)[0] for n in (1, 2, 3)]
    singles = _event(tournament, EVENT_NAME, Event.Kind.SINGLES)
    doubles = _event(tournament, DOUBLES_NAME, Event.Kind.DOUBLES)
    mira = _entry(singles, "Mira Castell")
    jonas = _entry(singles, "Jonas Brandt")
    ines = _entry(singles, "Ines Okafor")
    theo = _entry(singles, "Theo Lindqvist")

    # 1. Finished and confirmed: Ines beat Theo 2-0 (boards entered from paper).
    finished, created = _match(singles, 1, ines, theo, tables[2], umpire)
    if created:
        record_toss(match=finished, winner="a", choice="break", actor=SYSTEM)
        for winner, carrommen, queen in (
            ("a", 6, "a"),
            ("a", 5, "a"),
            ("b", 3, None),
            ("a", 7, "a"),  # game 1: 25-3
            ("a", 9, "a"),
            ("a", 8, "a"),
            ("a", 5, None),
        ):
            record_quick_board(
                match=finished,
                winner=winner,
                carrommen=carrommen,
                queen=queen,
                client_id=uuid.uuid4(),
                actor=SYSTEM,
            )
        for side in ("a", "b"):
            confirm_match(match=finished, side=side, method="tap", actor=SYSTEM)

    # 2. In progress: Mira against Jonas, game 1, board 2 being played.
    playing, created = _match(singles, 2, mira, jonas, tables[0], umpire)
    if created:
        record_toss(match=playing, winner="a", choice="break", actor=SYSTEM)
        record_quick_board(
            match=playing, winner="a", carrommen=4, queen="a", client_id=uuid.uuid4(), actor=SYSTEM
        )
        _record(playing, BOARD_IN_PROGRESS)

    # 3. Doubles, waiting for the toss and the seating.
    pair_a = _entry(doubles, "Lena Petrov", "Karim Haddad")
    pair_b = _entry(doubles, "Sofia Mendes", "Arjun Mehta")
    waiting, _created = _match(doubles, 1, pair_a, pair_b, tables[1], umpire)

    base = os.environ.get("DEMO_BASE_URL", "http://127.0.0.1:8000").rstrip("/")
    messages = context.setdefault("messages", [])
    messages.append(
        f"Umpire tablet, match in progress ({mira.name} – {jonas.name}), no login needed: "
        f"{base}{reverse('scoring:umpire-link', args=[playing.umpire_token])}"
    )
    messages.append(
        f"Umpire tablet, doubles before the toss ({pair_a.name} – {pair_b.name}): "
        f"{base}{reverse('scoring:umpire-link', args=[waiting.umpire_token])}"
    )
    messages.append(
        f"Logged in as umpire / carrom-demo: {base}{reverse('scoring:umpire-home')} lists "
        f"the matches to score; the organiser creates a match at "
        f"{base}{reverse('scoring:umpire-new-match', args=[tournament.slug])}"
    )
    context["matches"] = {"finished": finished, "playing": playing, "doubles": waiting}
