"""A point-carrom match played through the services (shared by the live, API and PDF tests).

Board 1, broken by B (drawn by lot): B pockets a black, then the queen with a white (covered:
1 + 2 + 5 = 8); C 3 whites and later the last black (7); A 5 whites and 7 blacks (17).
Board 2, broken by C: C misses, A pockets 4 whites: 17 + 8 = 25, the game ends at once."""

from __future__ import annotations

import uuid
from typing import Any

from scoring.models import Match
from scoring.services.matches import Actor, record_event, record_toss

SYSTEM = Actor(via="system")


def post(match: Match, payload: dict[str, Any]) -> Match:
    record_event(match=match, payload=payload, client_id=uuid.uuid4(), actor=SYSTEM)
    match.refresh_from_db()
    return match


def st(by: str, **pocketed: Any) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "stroke", "by": by}
    if pocketed:
        event["pocketed"] = pocketed
    return event


def toss(match: Match, winner: str = "b") -> Match:
    record_toss(match=match, winner=winner, choice="break", actor=SYSTEM)
    match.refresh_from_db()
    return match


BOARD_ONE = [
    st("b", black=1),
    st("b", white=1, queen=True),
    st("b"),
    st("c", white=3),
    st("c"),
    st("a", white=5, black=7),
    st("a"),
    st("b"),
    st("c", black=1),
]
BOARD_TWO = [st("c"), st("a", white=4)]


def play(match: Match, strokes: list[dict[str, Any]]) -> Match:
    for stroke in strokes:
        post(match, stroke)
    return match
