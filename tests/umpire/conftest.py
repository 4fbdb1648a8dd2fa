"""Fixtures for the umpire tablet: matches (singles, doubles, point carrom), a tossed match,
and helpers to post to the tablet like htmx does."""

from __future__ import annotations

import random
import re
import uuid

import pytest
from django.test import Client

from scoring.models import Match
from scoring.rules import Pieces, RulesError, Stroke, TechnicalFoul, apply
from scoring.services.matches import (
    Actor,
    MatchError,
    match_snapshot,
    record_event,
    record_toss,
    undo_last_event,
)
from tests.factories import make_match

UMPIRE = Actor(via="link", device="test tablet")


def link(match: Match, action: str = "") -> str:
    return f"/u/{match.umpire_token}/" + (f"{action}/" if action else "")


def keys(client: Client, match: Match) -> dict[str, str]:
    """The client_id and revision of a fresh page, as the tablet would send them."""
    html = client.get(link(match)).content.decode()
    client_id = re.search(r'name="client_id" value="([^"]+)"', html).group(1)
    revision = re.search(r'name="revision" value="(\d+)"', html).group(1)
    return {"client_id": client_id, "revision": revision}


def post(
    client: Client,
    match: Match,
    action: str,
    data: dict,
    *,
    htmx: bool = True,
    headers: dict | None = None,
    **extra,
):
    sent = {"HX-Request": "true"} if htmx else {}
    sent.update(headers or {})
    return client.post(link(match, action), data, headers=sent, **extra)


def stroke(
    client: Client,
    match: Match,
    by: str,
    revision: int | None = None,
    client_id: str | None = None,
    headers: dict | None = None,
    **fields,
):
    match.refresh_from_db()
    data = {
        "by": by,
        "client_id": client_id or str(uuid.uuid4()),
        "revision": match.revision if revision is None else revision,
    }
    data.update(fields)
    return post(client, match, "event", data, headers=headers)


def record(match: Match, payload: dict) -> None:
    record_event(match=match, payload=payload, client_id=uuid.uuid4(), actor=UMPIRE)


@pytest.fixture
def match(db) -> Match:
    return make_match()


@pytest.fixture
def tossed(match: Match) -> Match:
    """Singles, B won the toss and chose to break: B breaks board 1 with white."""
    record_toss(match=match, winner="b", choice="break", actor=UMPIRE)
    match.refresh_from_db()
    return match


def play_at_random(match: Match, rng: random.Random, most: int = 3) -> bool:
    """One event at random on the board in play (a stroke of up to ``most`` own carrommen, a
    foul, a technical foul or an undo; ``most=1``: the board goes on); False when the match
    has no board to play."""
    match.refresh_from_db()
    snapshot = match_snapshot(match)
    if snapshot.finished or snapshot.current is None:
        return False
    position = snapshot.current.position
    roll = rng.random()
    try:
        if roll < 0.12 and snapshot.current.events:
            undo_last_event(match=match, client_id=uuid.uuid4(), actor=UMPIRE)
            return True
        by = position.on_turn
        if roll < 0.17:
            event = TechnicalFoul(by)
        else:
            left = position.on_board[by]
            count = min(left if most > 1 else left - 1, most)  # most=1: the board goes on
            pieces = Pieces(**{by: count}) if roll < 0.6 and count > 0 else Pieces()
            event = Stroke(by, pieces, foul="improper_stroke" if roll > 0.95 else None)
            apply(position, event)
        record_event(match=match, payload=event.to_dict(), client_id=uuid.uuid4(), actor=UMPIRE)
    except (RulesError, MatchError):
        pass
    return True
