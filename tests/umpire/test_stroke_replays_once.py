"""A stroke POST replays its board once (issue 13): the engine steps through the board's
events once, whatever the board's length, and the answer (the tablet's history line, the
snapshot, the caches) reuses that replay; and it costs at most six SQL queries (issue 17)."""

from __future__ import annotations

import sys

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.records import boards, match_snapshot
from scoring.rules import board as engine_board
from scoring.services.matches import record_toss
from tests.factories import make_match

from .conftest import UMPIRE, record, stroke

MAX_QUERIES = 6


@pytest.fixture
def engine_steps(monkeypatch):
    """Counts every call of the engine's step function, wherever it is imported."""
    original = engine_board.step
    calls = []

    def counted(*args, **kwargs):
        calls.append(args[1])
        return original(*args, **kwargs)

    for module in list(sys.modules.values()):
        if (
            module is not None
            and getattr(module, "step", None) is original
            and (getattr(module, "__name__", "").startswith("scoring"))
        ):
            monkeypatch.setattr(module, "step", counted)
    return calls


def _statements(queries) -> list[str]:
    """The queries of the POST: without the test's own ``refresh_from_db`` (the first) and
    the savepoints of the test's transaction (BEGIN/COMMIT in production, not logged)."""
    return [
        q["sql"][:160]
        for q in queries.captured_queries[1:]
        if not q["sql"].startswith(("SAVEPOINT", "RELEASE SAVEPOINT"))
    ]


def _board_of(match, length: int) -> None:
    """``length`` events on the first board that do not end it."""
    colour = "white"
    for _ in range(length):
        record(match, {"type": "stroke", "by": colour})
        colour = "black" if colour == "white" else "white"


@pytest.mark.parametrize("kept", [False, True])
@pytest.mark.parametrize("earlier", [3, 29])
def test_a_stroke_post_replays_its_board_once_in_few_queries(
    client, db, engine_steps, earlier, kept
):
    """``kept``: the replay the page made is kept in the process (records/boards.py:
    _REPLAYS); the POST then steps the engine through the new stroke and, to keep the replay
    exactly as a fresh one, the board's former last stroke without its explanation."""
    match = make_match()
    record_toss(match=match, winner="b", choice="break", actor=UMPIRE)
    _board_of(match, earlier)
    match.refresh_from_db()
    on_turn = match_snapshot(match).current.position.on_turn
    # the tablet has its page open (the venue's time zone is then remembered, zone_middleware.py)
    assert client.get(f"/u/{match.umpire_token}/").status_code == 200
    if not kept:
        boards._REPLAYS.clear()
    engine_steps.clear()

    with CaptureQueriesContext(connection) as queries:  # no warning given: the tablet's mark
        response = stroke(client, match, on_turn, headers={"X-Umpire-Warnings": ""})

    assert response.status_code == 200
    assert 'hx-swap-oob="afterbegin:#history-list"' in response.content.decode()
    # the board's events once: the earlier ones (unless kept) and the new stroke; and the
    # former last stroke once more without its explanation, so that the replay kept for the
    # next request is the fresh one (records/boards.py: remember_replay)
    assert len(engine_steps) == (2 if kept else earlier + 2)
    assert len(_statements(queries)) <= MAX_QUERIES, "\n".join(_statements(queries))


def test_the_event_that_ends_a_board_replays_it_once_too(client, db, engine_steps):
    match = make_match()
    record_toss(match=match, winner="b", choice="break", actor=UMPIRE)
    _board_of(match, 3)
    match.refresh_from_db()
    on_turn = match_snapshot(match).current.position.on_turn
    engine_steps.clear()

    response = stroke(client, match, on_turn, kind="board_loss", reason="other")

    assert response.status_code == 200
    match.refresh_from_db()
    assert match_snapshot(match).current.board is None  # the board has ended
    # the answer shows the whole history of the board that ended: the earlier events are
    # explained in words (one step each), the board is not replayed again
    assert len(engine_steps) <= 4 + 3
