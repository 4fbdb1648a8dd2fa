"""Recording a match: events, undo, idempotency, stale tablets, illegal events, locking."""

from __future__ import annotations

import uuid

import pytest

from scoring.models import AuditEntry, Board, BoardEvent, Match
from scoring.rules import RulesError
from scoring.services.matches import (
    Actor,
    MatchError,
    MatchLocked,
    StaleMatch,
    confirm_match,
    match_snapshot,
    record_event,
    record_quick_board,
    record_toss,
    undo_last_event,
    unlock_match,
)
from tests.factories import make_match

UMPIRE = Actor(via="link", device="test tablet")


def stroke(by: str, **pocketed) -> dict:
    event = {"type": "stroke", "by": by}
    if pocketed:
        event["pocketed"] = pocketed
    return event


def post(match: Match, payload: dict, **kwargs):
    return record_event(
        match=match, payload=payload, client_id=uuid.uuid4(), actor=UMPIRE, **kwargs
    )


@pytest.fixture
def tossed(match: Match) -> Match:
    record_toss(match=match, winner="b", choice="break", actor=UMPIRE)
    match.refresh_from_db()
    return match


def test_toss_is_needed_first(match: Match) -> None:
    with pytest.raises(MatchError) as err:
        post(match, stroke("white"))
    assert err.value.code == "toss_missing"
    assert BoardEvent.objects.count() == 0


def test_strokes_build_the_board_and_the_breaker_is_white(tossed: Match) -> None:
    outcome = post(tossed, stroke("white", white=2))
    current = outcome.snapshot.current
    assert current.breaker == "b" and current.board.breaker == "b"
    assert current.position.on_board.white == 7 and current.position.on_turn == "white"
    assert outcome.event.seq == 1 and outcome.event.payload["pocketed"] == {"white": 2}
    tossed.refresh_from_db()
    assert tossed.revision == 2 and tossed.status == Match.Status.PLAYING
    assert AuditEntry.objects.filter(match=tossed, action="event").count() == 1


def test_illegal_event_changes_nothing(tossed: Match) -> None:
    post(tossed, stroke("white"))
    before = (BoardEvent.objects.count(), Match.objects.get().revision)
    with pytest.raises(RulesError) as err:
        post(tossed, stroke("white"))
    assert err.value.code == "not_on_turn"
    with pytest.raises(RulesError):
        post(tossed, stroke("black", black=10))
    assert (BoardEvent.objects.count(), Match.objects.get().revision) == before


def test_retried_request_records_once(tossed: Match) -> None:
    key = uuid.uuid4()
    first = record_event(
        match=tossed,
        payload=stroke("white", white=1),
        client_id=key,
        actor=UMPIRE,
        expected_revision=1,
    )
    again = record_event(
        match=tossed,
        payload=stroke("white", white=1),
        client_id=key,
        actor=UMPIRE,
        expected_revision=1,
    )
    assert again.duplicate and again.event.pk == first.event.pk
    assert BoardEvent.objects.count() == 1


def test_stale_tablet_gets_a_conflict(tossed: Match) -> None:
    post(tossed, stroke("white"), expected_revision=1)
    with pytest.raises(StaleMatch) as err:
        post(tossed, stroke("black"), expected_revision=1)
    assert err.value.status == 409 and err.value.params["revision"] == 2


def test_undo_is_a_new_event_and_nothing_is_deleted(tossed: Match) -> None:
    post(tossed, stroke("white", white=1))
    post(tossed, stroke("white", black=1))
    outcome = undo_last_event(match=tossed, client_id=uuid.uuid4(), actor=UMPIRE)
    position = outcome.snapshot.current.position
    assert position.on_board.black == 9 and position.on_turn == "white"
    assert BoardEvent.objects.count() == 3
    undo = BoardEvent.objects.get(type="undo")
    assert undo.retracts.seq == 2
    # undo everything, then there is nothing left to undo
    undo_last_event(match=tossed, client_id=uuid.uuid4(), actor=UMPIRE)
    with pytest.raises(MatchError) as err:
        undo_last_event(match=tossed, client_id=uuid.uuid4(), actor=UMPIRE)
    assert err.value.code == "nothing_to_undo"


def play_board(match: Match, winner_colour: str = "white") -> None:
    """White clears the board quickly (queen covered by white): 12 points... or black wins."""
    if winner_colour == "white":
        post(match, {"type": "stroke", "by": "white", "pocketed": {"white": 2, "queen": True}})
        post(match, stroke("white", white=7))
    else:
        post(match, stroke("white"))
        post(match, {"type": "stroke", "by": "black", "pocketed": {"black": 2, "queen": True}})
        post(match, stroke("black", black=7))


def test_board_end_caches_result_and_next_board_alternates(tossed: Match) -> None:
    play_board(tossed)
    board = Board.objects.get()
    assert board.finished and board.result_winner == "b" and board.result_points == 12
    assert board.result_law == "ICF 53" and board.result_queen == "b"
    snapshot = match_snapshot(tossed)
    assert snapshot.current.board is None and snapshot.current.breaker == "a"
    assert snapshot.current.board_number == 2
    post(tossed, stroke("white"))
    assert Board.objects.count() == 2
    assert Board.objects.order_by("sequence").last().breaker == "a"


def test_undo_reopens_the_finished_board(tossed: Match) -> None:
    play_board(tossed)
    undo_last_event(match=tossed, client_id=uuid.uuid4(), actor=UMPIRE)
    board = Board.objects.get()
    assert not board.finished and board.result_winner == ""
    snapshot = match_snapshot(tossed)
    assert snapshot.current.board == board and snapshot.current.position.on_board.white == 7


def test_umpire_ruling_overrides_the_board_just_ended(tossed: Match) -> None:
    play_board(tossed)
    post(tossed, {"type": "umpire_ruling", "winner": "black", "points": 4, "law": "ICF 91"})
    board = Board.objects.get()
    assert board.result_winner == "a" and board.result_points == 4 and board.result_law == "ICF 91"


def test_a_whole_match_two_nil_and_confirmation_locks(tossed: Match) -> None:
    for _ in range(3):
        play_board(tossed, "white")  # b breaks boards 1 and 3: b 24, a 12
    snapshot = match_snapshot(tossed)
    assert snapshot.state.games[0].scores == {"a": 12, "b": 24}
    play_board(tossed, "black")  # board 4, a breaks: b is black -> b 25 (capped)
    snapshot = match_snapshot(tossed)
    assert snapshot.state.games[0].finished and snapshot.state.games[0].winner == "b"
    assert snapshot.current.game_number == 2 and snapshot.current.change_sides
    assert snapshot.current.breaker == "a"  # game 2: the one who did not break first in game 1
    for colour in ("black", "white", "black"):  # b wins every board of game 2
        play_board(tossed, colour)
    tossed.refresh_from_db()
    snapshot = match_snapshot(tossed)
    assert snapshot.finished
    assert tossed.status == Match.Status.FINISHED and tossed.winner_side == "b"
    assert tossed.games_won == {"a": 0, "b": 2}
    winner = tossed.winner_side
    with pytest.raises(MatchError):
        post(tossed, stroke("white"))
    confirm_match(match=tossed, side="a", method="tap", actor=UMPIRE)
    confirm_match(match=tossed, side="b", method="pin", actor=UMPIRE)
    tossed.refresh_from_db()
    assert tossed.is_locked and tossed.status == Match.Status.CONFIRMED
    with pytest.raises(MatchLocked):
        undo_last_event(match=tossed, client_id=uuid.uuid4(), actor=UMPIRE)
    unlock_match(
        match=tossed, actor=Actor(via="organiser", may_edit_locked=True), reason="paper differs"
    )
    tossed.refresh_from_db()
    assert not tossed.is_locked and tossed.winner_side == winner
    assert AuditEntry.objects.filter(action="unlock").exists()


def _finish(match: Match) -> None:
    """b wins 2-0 (as in the test above)."""
    for colour in ("white", "white", "white", "black", "black", "white", "black"):
        play_board(match, colour)
    assert match_snapshot(match).finished


def test_taps_after_the_lock_are_refused_not_audited(tossed: Match) -> None:
    """Issue 29: the audit says what happened — a tap on a locked match is refused (423), a
    side's second tap before the lock changes and audits nothing."""
    _finish(tossed)
    confirm_match(match=tossed, side="a", method="tap", actor=UMPIRE)
    revision = Match.objects.get(pk=tossed.pk).revision
    confirm_match(match=tossed, side="a", method="tap", actor=UMPIRE)  # again: nothing
    assert Match.objects.get(pk=tossed.pk).revision == revision
    assert AuditEntry.objects.filter(action="confirm_side").count() == 1
    confirm_match(match=tossed, side="b", method="tap", actor=UMPIRE)
    audits = AuditEntry.objects.count()
    for side in ("a", "b"):
        with pytest.raises(MatchLocked) as err:
            confirm_match(match=tossed, side=side, method="tap", actor=UMPIRE)
        assert err.value.code == "match_locked"
    assert AuditEntry.objects.count() == audits
    assert AuditEntry.objects.filter(action__in=("confirm_side", "confirmed")).count() == 2


def test_quick_entry_boards(tossed: Match) -> None:
    outcome = record_quick_board(
        match=tossed, winner="a", carrommen=5, queen="a", client_id=uuid.uuid4(), actor=UMPIRE
    )
    game = outcome.snapshot.state.games[0]
    assert game.scores == {"a": 8, "b": 0}
    outcome = record_quick_board(
        match=tossed, winner="b", points=3, law="ICF 107", client_id=uuid.uuid4(), actor=UMPIRE
    )
    assert outcome.snapshot.state.games[0].scores == {"a": 8, "b": 3}
    with pytest.raises(MatchError):
        record_quick_board(
            match=tossed, winner="a", carrommen=10, client_id=uuid.uuid4(), actor=UMPIRE
        )
    with pytest.raises(MatchError):
        record_quick_board(
            match=tossed, winner="a", points=13, client_id=uuid.uuid4(), actor=UMPIRE
        )


def test_the_22_point_rule_uses_the_game_score(tossed: Match) -> None:
    record_quick_board(match=tossed, winner="b", points=12, client_id=uuid.uuid4(), actor=UMPIRE)
    record_quick_board(match=tossed, winner="b", points=10, client_id=uuid.uuid4(), actor=UMPIRE)
    # board 3 broken by b (white): b has 22, the queen does not count
    play_board(tossed, "white")
    board = Board.objects.filter(kind="log").get()
    assert board.result_points == 9 and board.result_winner == "b"


def test_point_carrom_match(db) -> None:
    match = make_match(rules="point-carrom", games_to_win=1)
    outcome = post(match, {"type": "stroke", "by": "a", "pocketed": {"white": 2}})
    assert outcome.snapshot.current.position.held[0].white == 2
    with pytest.raises(RulesError):
        post(match, {"type": "stroke", "by": "b"})
