"""IT 102: while the interval before the deciding game runs, an event that would start its first
board is refused on the server, also one posted straight past the tablet's card (or sent late
from an offline queue): a clear message, nothing recorded (services/board_steps.py:
hold_for_interval, called by services/matches/recording.py)."""

from __future__ import annotations

import datetime
import uuid

import pytest

from scoring.models import AuditEntry, Board, BoardEvent
from scoring.records.interval import interval_end
from scoring.services import board_steps
from scoring.services.matches import MatchError, match_snapshot, record_event, record_quick_board

from .conftest import UMPIRE, stroke
from .test_interval_end import _one_game_each


def _first_stroke(match, kind: str = "stroke"):
    payload = (
        {"type": "stroke", "by": "white"}
        if kind == "stroke"
        else {"type": "technical_foul", "by": "black"}
    )
    return record_event(
        match=match,
        payload=payload,
        client_id=uuid.uuid4(),
        actor=UMPIRE,
        expected_revision=match.revision,
    )


def _interval_over(match) -> None:
    """The previous game's last board ended eleven minutes ago."""
    ended = datetime.datetime.now(datetime.UTC) - datetime.timedelta(minutes=11)
    Board.objects.filter(game__match=match).update(finished_at=ended, created_at=ended)


@pytest.mark.parametrize("kind", ["stroke", "technical_foul"])
def test_an_event_starting_the_deciding_game_is_refused_while_the_interval_runs(tossed, kind):
    _one_game_each(tossed)
    assert interval_end(match_snapshot(tossed)) is not None
    revision, rows = tossed.revision, BoardEvent.objects.count()
    with pytest.raises(MatchError) as refused:
        _first_stroke(tossed, kind)
    assert refused.value.code == "interval_running"
    tossed.refresh_from_db()
    assert (tossed.revision, BoardEvent.objects.count()) == (revision, rows)  # nothing recorded
    assert Board.objects.filter(game__match=tossed, game__number=3).count() == 0


def test_the_deciding_game_starts_once_the_interval_is_over(tossed):
    _one_game_each(tossed)
    _interval_over(tossed)
    assert _first_stroke(tossed).event is not None


def test_the_deciding_game_starts_once_an_organiser_ended_the_interval(tossed):
    _one_game_each(tossed)
    snapshot = match_snapshot(tossed)
    current = snapshot.current
    board_steps.end_interval(
        match=tossed, actor=UMPIRE, step=f"{tossed.pk}-{current.game_number}-{current.board_number}"
    )
    assert AuditEntry.objects.filter(match=tossed, action="interval_ended").exists()
    assert _first_stroke(tossed).event is not None


def test_no_interval_before_game_two(tossed):
    for _ in range(3):
        record_quick_board(
            match=tossed, winner="a", carrommen=9, queen="a", client_id=uuid.uuid4(), actor=UMPIRE
        )
        tossed.refresh_from_db()
    assert interval_end(match_snapshot(tossed)) is None
    assert _first_stroke(tossed).event is not None


def test_a_stroke_posted_past_the_card_gets_the_message_in_english_and_german(client, tossed):
    _one_game_each(tossed)
    rows = BoardEvent.objects.count()
    answer = stroke(client, tossed, "white", preset="nothing")
    assert answer.status_code == 422
    assert "The interval (IT 102) is not over yet" in answer.content.decode()

    client.cookies["django_language"] = "de"
    german = stroke(client, tossed, "white", preset="nothing")
    assert german.status_code == 422
    assert "Die Pause (IT 102) ist noch nicht vorbei" in german.content.decode()
    assert BoardEvent.objects.count() == rows
