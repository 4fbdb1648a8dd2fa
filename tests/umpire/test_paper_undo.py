"""Undo of a board entered from paper (quick entry): a mistyped paper board is withdrawn by a
new ``undo`` row on it, nothing is deleted, and the board is entered (or played) again by the
same breaker. The withdrawal survives a rebuild of the caches and a backup round trip."""

from __future__ import annotations

import json
import uuid

import pytest

from scoring.models import AuditEntry, Board, BoardEvent, Match
from scoring.services.backup import comparable, export_tournament, import_tournament
from scoring.services.matches import (
    MatchError,
    match_snapshot,
    rebuild_match,
    record_quick_board,
    undo_last_event,
)
from tests.trust.test_backup import wipe

from .conftest import UMPIRE, link, post, record


def paper(match: Match, **fields):
    return record_quick_board(match=match, client_id=uuid.uuid4(), actor=UMPIRE, **fields)


def undo(match: Match):
    return undo_last_event(match=match, client_id=uuid.uuid4(), actor=UMPIRE)


def test_a_paper_board_is_withdrawn_and_entered_again(tossed):
    paper(tossed, winner="a", carrommen=5, queen="a")  # mistyped: B won that board
    assert match_snapshot(tossed).state.games[0].scores == {"a": 8, "b": 0}

    outcome = undo(tossed)

    board = Board.objects.get(game__match=tossed)
    assert board.void and board.kind == Board.Kind.SUMMARY and board.summary_winner == "a"
    row = BoardEvent.objects.get(board=board)
    assert row.type == "undo" and row.retracts is None and outcome.event == row
    snapshot = outcome.snapshot
    assert snapshot.state.games[0].scores == {"a": 0, "b": 0}
    assert snapshot.current.board_number == 1 and snapshot.current.breaker == "b"
    audit = AuditEntry.objects.filter(match=tossed, action="undo").get()
    assert audit.detail["withdrawn"] == "summary" and audit.detail["winner"] == "a"

    again = paper(tossed, winner="b", carrommen=5, queen="b")
    assert again.snapshot.state.games[0].scores == {"a": 0, "b": 8}
    assert Board.objects.filter(game__match=tossed).count() == 2  # nothing was deleted
    # the board after it is broken by the other side (the withdrawn one does not count)
    assert again.snapshot.current.board_number == 2 and again.snapshot.current.breaker == "a"


def test_the_withdrawal_is_a_board_end_undo_and_reopens_a_finished_match(tossed):
    tossed.games_to_win = 1
    tossed.save(update_fields=["games_to_win"])
    for _ in range(3):
        paper(tossed, winner="b", points=9, law="ICF 107")
    snapshot = match_snapshot(tossed)
    assert snapshot.finished and snapshot.winner == "b"
    tossed.refresh_from_db()
    assert tossed.status == Match.Status.FINISHED

    reopened = undo(tossed).snapshot

    assert not reopened.finished and reopened.state.games[0].scores == {"a": 0, "b": 18}
    tossed.refresh_from_db()
    assert tossed.status == Match.Status.PLAYING and tossed.winner_side == ""


def test_paper_boards_are_withdrawn_newest_first_but_not_behind_a_log_board(tossed):
    record(tossed, {"type": "stroke", "by": "white", "pocketed": {"white": 1}})
    record(tossed, {"type": "board_loss", "by": "black", "reason": "left_seat"})
    assert Board.objects.get(game__match=tossed).finished
    paper(tossed, winner="a", carrommen=2)
    paper(tossed, winner="b", carrommen=4)
    undo(tossed)  # withdraws the third board
    undo(tossed)  # then the second
    with pytest.raises(MatchError) as refused:
        undo(tossed)  # the stroke-by-stroke board behind them stays as it is
    assert refused.value.code == "undo_behind_next_board"
    assert [b.void for b in Board.objects.filter(game__match=tossed).order_by("sequence")] == [
        False,
        True,
        True,
    ]


def test_a_log_board_after_a_paper_board_is_undone_event_by_event(tossed):
    paper(tossed, winner="b", carrommen=3)
    record(tossed, {"type": "stroke", "by": "white", "pocketed": {"white": 1}})  # A breaks
    undo(tossed)
    boards = list(Board.objects.filter(game__match=tossed).order_by("sequence"))
    assert [b.kind for b in boards] == ["summary", "log"] and not boards[0].void


def test_rebuilding_the_caches_keeps_the_withdrawal(tossed):
    paper(tossed, winner="a", carrommen=5)
    undo(tossed)
    Board.objects.filter(game__match=tossed).update(void=False)  # a damaged cache

    snapshot = rebuild_match(tossed)

    assert Board.objects.get(game__match=tossed).void
    assert snapshot.state.games[0].scores == {"a": 0, "b": 0}


def test_a_backup_round_trip_keeps_the_withdrawn_board(tossed):
    paper(tossed, winner="a", carrommen=5)
    undo(tossed)
    paper(tossed, winner="b", carrommen=1, queen="b")
    first = export_tournament(tossed.event.tournament)
    boards = first["matches"][0]["games"][0]["boards"]
    assert boards[0]["events"][0]["payload"] == {"type": "undo", "withdraws": "board"}
    assert boards[0]["result"]["void"] is True and "events" not in boards[1]

    wipe(tossed.event.tournament)
    report = import_tournament(json.loads(json.dumps(first)))

    assert comparable(export_tournament(report.tournament)) == comparable(first)
    match = Match.objects.get(event__tournament=report.tournament)
    assert match_snapshot(match).state.games[0].scores == {"a": 0, "b": 4}


def test_the_tablet_offers_the_undo_of_a_paper_board(client, tossed):
    paper(tossed, winner="a", carrommen=5)
    page = client.get(link(tossed)).content.decode()
    assert 'id="undo"' in page and "Board 1, entered from paper" in page

    tossed.refresh_from_db()
    response = post(
        client, tossed, "undo", {"client_id": str(uuid.uuid4()), "revision": tossed.revision}
    )

    assert response.status_code == 200
    html = response.content.decode()
    assert "The board entered from paper was withdrawn: enter it again." in html
    # nothing left to undo on this match: the button stays in its place, disabled (issue 28)
    assert 'id="undo" disabled' in html
    assert "Board 1, entered from paper, was withdrawn: enter it again." in html
    assert Board.objects.get(game__match=tossed).void
    # the public pages say what happened to that board
    slug = tossed.event.tournament.slug
    match_page = client.get(f"/t/{slug}/match/{tossed.pk}/").content.decode()
    assert ">withdrawn<" in match_page
    board_page = client.get(f"/t/{slug}/match/{tossed.pk}/game/1/board/1/").content.decode()
    assert "withdrawn: a paper entry corrected by the umpire, entered again" in board_page
