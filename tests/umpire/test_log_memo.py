"""The board in play's log held per process (records/snapshot.py: ``_LOGS``, issue 17): the
next read of the match asks only for the rows from the last one held on, and what it derives
is exactly what a read of the whole log derives: after strokes, undos, a board's end, rows
another process appended meanwhile, and a board whose id is used again. What is held is the
rows alone (issue 36): the next read is asked from the last row held, and that row must come
back the same in every column."""

from __future__ import annotations

import random
import uuid

import pytest

from scoring.records import match_snapshot
from scoring.records import snapshot as snapshots
from scoring.rules import Pieces, Stroke
from scoring.services.matches import record_event, record_toss
from tests.caches import empty_process_caches
from tests.factories import make_match

from .conftest import UMPIRE, play_at_random


def _state(snapshot) -> tuple:
    current = snapshot.current
    steps = (
        []
        if current is None
        else [(s.row, s.event, s.before, s.after, s.notes, s.explained) for s in current.steps]
    )
    return (
        snapshot.finished,
        snapshot.winner,
        [(b.pk, b.finished, b.last_seq) for rows in snapshot.boards.values() for b in rows],
        current
        and (
            current.board and current.board.pk,
            current.position,
            current.notes,
            list(current.events),
        ),
        steps,
    )


def _cold(match) -> tuple:
    empty_process_caches()
    return _state(match_snapshot(match))


@pytest.mark.parametrize("seed", [3, 4])
def test_a_held_log_gives_what_the_whole_log_gives(db, seed):
    match = make_match()
    record_toss(match=match, winner="a", choice="break", actor=UMPIRE)
    rng = random.Random(seed)
    boards_seen = set()
    for _ in range(80):
        match.refresh_from_db()
        play_at_random(match, rng)
        match.refresh_from_db()
        warm = _state(match_snapshot(match))  # the log held by the write's read
        assert warm == _cold(match)
        again = _state(match_snapshot(match))  # the log held by the cold read
        assert again == warm
        boards_seen.update(pk for pk, _f, _s in warm[2])
        if warm[0]:
            break
    assert len(boards_seen) >= 2  # the held log went from board to board


def test_rows_appended_by_another_process_are_read(db):
    match = make_match()
    record_toss(match=match, winner="a", choice="break", actor=UMPIRE)
    rng = random.Random(9)
    for _ in range(10):
        play_at_random(match, rng, most=1)
    match.refresh_from_db()
    match_snapshot(match)
    held = snapshots._LOGS[match.pk]
    for _ in range(12):  # another server's process records meanwhile
        play_at_random(match, rng, most=1)
    snapshots._LOGS[match.pk] = held  # this process still holds the log as it read it
    match.refresh_from_db()
    warm = _state(match_snapshot(match))
    assert warm == _cold(match)


def _board_inplay_at_random(rng_seed: int = 5):
    match = make_match()
    record_toss(match=match, winner="a", choice="break", actor=UMPIRE)
    for by in ("white", "black") * 4:
        record_event(
            match=match,
            payload=Stroke(by, Pieces()).to_dict(),
            client_id=uuid.uuid4(),
            actor=UMPIRE,
        )
    match.refresh_from_db()
    return match


def test_only_the_rows_from_the_last_one_held_are_read(db, monkeypatch):
    match = _board_inplay_at_random()
    match_snapshot(match)  # holds the board's 8 rows
    record_event(
        match=match,
        payload=Stroke("white", Pieces()).to_dict(),
        client_id=uuid.uuid4(),
        actor=UMPIRE,
    )
    match.refresh_from_db()
    read = []
    real = snapshots._MATCH_ROWS.rows
    monkeypatch.setattr(
        snapshots._MATCH_ROWS, "rows", lambda *a, **k: read.extend(real(*a, **k)) or iter(read)
    )
    snapshot = match_snapshot(match)
    event_ids = [row[-11] for row in read if row[-11] is not None]
    assert len(event_ids) == 2  # the last row held (checked) and the new one
    assert [e.seq for e in snapshot.current.events] == list(range(1, 10))


def test_a_board_made_again_with_the_same_id_is_read_whole(db):
    """An id can come again (SQLite in tests rolled back): the rows held are another board's
    under the same id (other request keys, written at other moments), and the whole log is
    read."""
    match = _board_inplay_at_random()
    cold = _cold(match)
    rows = snapshots._LOGS[match.pk]
    stranger = [
        r._replace(client_id=uuid.uuid4(), created_at=r.created_at.replace(year=2001))
        for r in rows[:3]
    ]
    snapshots._LOGS[match.pk] = stranger
    assert _state(match_snapshot(match)) == cold
    assert snapshots._LOGS[match.pk] == rows  # the stored rows held again


def test_a_held_row_that_is_not_the_stored_one_makes_the_whole_log_read(db):
    match = _board_inplay_at_random()
    cold = _cold(match)
    rows = snapshots._LOGS[match.pk]
    snapshots._LOGS[match.pk] = [r._replace(payload={"type": "void"}) for r in rows]
    assert _state(match_snapshot(match)) == cold
