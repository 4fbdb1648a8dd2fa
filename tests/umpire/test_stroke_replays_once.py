"""A stroke POST replays its board once (issue 13): the engine steps through the board's
events once, whatever the board's length, and the answer (the tablet's history line, the
snapshot, the caches) reuses that replay; and it costs at most six SQL queries (issue 17).
Point carrom's stroke keeps the colour game's budget (issue 36): one replay through the
Variant, six queries."""

from __future__ import annotations

import sys

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.records import boards, match_snapshot
from scoring.rules import board as engine_board
from scoring.rules import point as engine_point
from scoring.services.matches import record_toss
from tests.factories import make_match

from .conftest import UMPIRE, record, stroke

MAX_QUERIES = 6


@pytest.fixture
def engine_steps(monkeypatch):
    """Counts every call of the engine's step functions (the colour game's ``step``, point
    carrom's ``step_point``), wherever they are imported."""
    calls = []
    for name, original in (("step", engine_board.step), ("step_point", engine_point.step_point)):

        def counted(*args, _original=original, **kwargs):
            calls.append(args[1])
            return _original(*args, **kwargs)

        for module in list(sys.modules.values()):
            if (
                module is not None
                and getattr(module, name, None) is original
                and (getattr(module, "__name__", "").startswith("scoring"))
            ):
                monkeypatch.setattr(module, name, counted)
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


#: the three players of a point-carrom board in turn order from the first breaker (side a)
POINT_TURNS = ("a", "b", "c")


@pytest.mark.parametrize("kept", [False, True])
@pytest.mark.parametrize("earlier", [3, 20])
def test_a_point_carrom_stroke_keeps_the_colour_games_budget(
    client, db, engine_steps, earlier, kept
):
    """Point carrom through the same door: the board replayed once (each earlier event one
    engine step, none when the page's replay is kept) and the new stroke once; at most six
    queries, as the colour game (the scores before the board come from the snapshot)."""
    match = make_match(rules="point-carrom", games_to_win=1)
    for number in range(earlier):  # strokes that pocket nothing: the turn passes on
        record(match, {"type": "stroke", "by": POINT_TURNS[number % 3]})
    match.refresh_from_db()
    on_turn = POINT_TURNS[earlier % 3]
    assert match_snapshot(match).current.board.last_seq == earlier
    assert client.get(f"/u/{match.umpire_token}/").status_code == 200
    if not kept:
        boards._REPLAYS.clear()
    engine_steps.clear()

    with CaptureQueriesContext(connection) as queries:
        response = stroke(client, match, on_turn, headers={"X-Umpire-Warnings": ""})

    assert response.status_code == 200, response.content.decode()[:500]
    assert 'hx-swap-oob="afterbegin:#history-list"' in response.content.decode()
    assert len(engine_steps) == (1 if kept else earlier + 1)
    assert len(_statements(queries)) <= MAX_QUERIES, "\n".join(_statements(queries))
