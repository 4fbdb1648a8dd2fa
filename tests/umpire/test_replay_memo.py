"""A board's replay kept per process (records/boards.py: ``_REPLAYS``, issue 17): the replay
the last write left, or the last read made, is exactly the fresh one, after strokes, fouls,
undos and the board's end."""

from __future__ import annotations

import random
import uuid

import pytest

from scoring.records import match_snapshot
from scoring.rules import Pieces, Stroke
from scoring.rules import colour_game as engine_variant
from scoring.services.matches import record_event, record_toss
from tests.caches import empty_process_caches
from tests.factories import make_match

from .conftest import UMPIRE, play_at_random


def _steps(snapshot) -> list[tuple]:
    current = snapshot.current
    if current is None:
        return []
    return [
        (s.row.id, s.row.client_id, s.event, s.before, s.after, s.notes, s.explained)
        for s in current.steps
    ]


def _state(snapshot) -> tuple:
    current = snapshot.current
    return (
        snapshot.finished,
        current and current.position,
        current and current.notes,
        _steps(snapshot),
    )


@pytest.mark.parametrize("seed", [11, 12])
def test_a_kept_replay_is_the_fresh_one(db, seed):
    match = make_match()
    record_toss(match=match, winner="a", choice="break", actor=UMPIRE)
    rng = random.Random(seed)
    compared = 0
    for _ in range(60):
        if not play_at_random(match, rng, most=1):
            break
        match.refresh_from_db()
        warm = _state(match_snapshot(match))  # from what the write kept
        empty_process_caches()
        cold = _state(match_snapshot(match))
        assert warm == cold
        again = _state(match_snapshot(match))  # from what the cold read kept
        assert again == cold
        compared += 1
    assert compared >= 20


def test_a_kept_replay_is_not_stepped_again(db, monkeypatch):
    match = make_match()
    record_toss(match=match, winner="a", choice="break", actor=UMPIRE)
    for by in ("white", "black", "white", "black"):
        record_event(
            match=match,
            payload=Stroke(by, Pieces()).to_dict(),
            client_id=uuid.uuid4(),
            actor=UMPIRE,
        )
    match.refresh_from_db()
    match_snapshot(match)
    calls = []
    real = engine_variant.step  # the engine's step, reached through the colour game's Variant only
    monkeypatch.setattr(engine_variant, "step", lambda *a, **k: calls.append(a) or real(*a, **k))
    assert len(match_snapshot(match).current.steps) == 4
    assert calls == []
    empty_process_caches()
    match_snapshot(match)
    assert len(calls) == 4
