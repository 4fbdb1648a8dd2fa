"""The services the tablet added: claiming extra points, the umpire link, stand-alone matches."""

from __future__ import annotations

import uuid

import pytest

from scoring.models import AuditEntry, BoardEvent, Entry, Event, Match, Player, Table
from scoring.permissions import link_is_valid
from scoring.services.matches import (
    Actor,
    MatchError,
    claim_extra_points,
    create_single_match,
    match_snapshot,
    renew_umpire_link,
    revoke_umpire_link,
)

from .conftest import UMPIRE, record

ORGANISER = Actor(via="organiser", may_edit_locked=True)


def _end_with_striker(match: Match) -> None:
    """White pockets its last carromman with the striker, queen on the board: ICF 108, black
    wins by the queen's value, +1 if demanded."""
    record(match, {"type": "stroke", "by": "white", "pocketed": {"white": 8}})
    record(match, {"type": "stroke", "by": "white", "pocketed": {"white": 1, "striker": True}})


def test_claiming_extra_points_re_records_the_last_stroke(tossed):
    _end_with_striker(tossed)
    board = match_snapshot(tossed).games[0].boards.get()
    assert (board.result_winner, board.result_points, board.result_law) == ("a", 3, "ICF 108")

    key = uuid.uuid4()
    outcome = claim_extra_points(match=tossed, client_id=key, actor=UMPIRE)
    again = claim_extra_points(match=tossed, client_id=key, actor=UMPIRE)

    board.refresh_from_db()
    assert board.result_points == 4 and board.result_extra_points == 1
    assert again.duplicate and again.event.pk == outcome.event.pk
    kinds = list(BoardEvent.objects.order_by("seq").values_list("type", flat=True))
    assert kinds == ["stroke", "stroke", "undo", "stroke"]  # nothing deleted
    assert BoardEvent.objects.order_by("seq").last().payload["extra_claimed"] is True
    with pytest.raises(MatchError) as err:
        claim_extra_points(match=tossed, client_id=uuid.uuid4(), actor=UMPIRE)
    assert err.value.code == "nothing_to_claim"


def test_nothing_to_claim_after_a_plain_win(tossed):
    record(tossed, {"type": "stroke", "by": "white", "pocketed": {"white": 9}})
    with pytest.raises(MatchError) as err:
        claim_extra_points(match=tossed, client_id=uuid.uuid4(), actor=UMPIRE)
    assert err.value.code == "nothing_to_claim"
    assert BoardEvent.objects.count() == 1


def test_the_umpire_link_can_be_revoked_and_renewed(tossed):
    token = tossed.umpire_token
    assert link_is_valid(tossed, token)
    revoke_umpire_link(match=tossed, actor=ORGANISER)
    tossed.refresh_from_db()
    assert not link_is_valid(tossed, token)

    renew_umpire_link(match=tossed, actor=ORGANISER)
    tossed.refresh_from_db()
    assert tossed.umpire_token != token and link_is_valid(tossed, tossed.umpire_token)
    assert not link_is_valid(tossed, token)
    actions = set(AuditEntry.objects.filter(match=tossed).values_list("action", flat=True))
    assert {"umpire_link_revoked", "umpire_link_renewed"} <= actions


def test_a_stand_alone_match_reuses_its_event_entries_and_players(match):
    tournament = match.event.tournament
    asha = Player.objects.get(name="Asha Rao")
    first = create_single_match(
        tournament=tournament,
        kind="singles",
        rules="icf",
        players=[asha, "Nora New"],
        actor=ORGANISER,
        table_number=7,
    )
    second = create_single_match(
        tournament=tournament,
        kind="singles",
        rules="queen-5",
        players=[asha, Player.objects.get(name="Ben Kirk")],
        actor=ORGANISER,
        stage="late",
        games_to_win=1,
    )

    assert first.event == second.event and first.event.format == Event.Format.SINGLE_MATCH
    assert (first.number, second.number) == (1, 2)
    assert first.entry_a == second.entry_a  # Asha's entry is reused
    assert first.entry_b.player.name == "Nora New"
    assert first.table == Table.objects.get(tournament=tournament, number=7)
    assert (second.rules, second.stage, second.games_to_win) == ("queen-5", "late", 1)
    assert first.status == Match.Status.READY
    assert AuditEntry.objects.filter(action="match_created").count() == 2


def test_a_doubles_player_cannot_change_partner_within_the_event(match):
    tournament = match.event.tournament
    create_single_match(
        tournament=tournament,
        kind="doubles",
        rules="icf",
        players=["P1", "P2", "P3", "P4"],
        actor=ORGANISER,
    )
    p1 = Player.objects.get(name="P1")
    with pytest.raises(MatchError) as err:
        create_single_match(
            tournament=tournament,
            kind="doubles",
            rules="icf",
            players=[p1, "P5", "P6", "P7"],
            actor=ORGANISER,
        )
    assert err.value.code == "entry_conflict"
    assert Entry.objects.filter(player__name="P5").count() == 0  # rolled back


def test_undo_does_not_reach_behind_a_board_that_has_begun(tossed):
    """Found with the tablet: after the first stroke of board 2 was undone, a second undo
    retracted board 1's winning stroke but left board 1's cached result (won) in place, and
    the log could no longer be replayed (an unfinished board before another)."""
    from scoring.models import Board
    from scoring.services.matches import rebuild_match, undo_last_event

    # board 1: white clears its colour with the queen still on the board: black wins by 3
    record(tossed, {"type": "stroke", "by": "white", "pocketed": {"white": 9}})
    record(tossed, {"type": "stroke", "by": "white"})  # board 2 begins
    undo_last_event(match=tossed, client_id=uuid.uuid4(), actor=UMPIRE)

    with pytest.raises(MatchError) as err:
        undo_last_event(match=tossed, client_id=uuid.uuid4(), actor=UMPIRE)

    assert err.value.code == "undo_behind_next_board"
    first = Board.objects.get(sequence=1)
    assert first.finished and (first.result_points, first.result_law) == (3, "ICF 107")
    assert BoardEvent.objects.filter(type="undo").count() == 1
    rebuild_match(tossed)  # the log still replays


def test_undo_does_not_reach_behind_a_paper_board(tossed):
    from scoring.services.matches import record_quick_board, undo_last_event

    record(tossed, {"type": "stroke", "by": "white", "pocketed": {"white": 9}})
    record_quick_board(match=tossed, winner="a", carrommen=2, client_id=uuid.uuid4(), actor=UMPIRE)
    # the first undo withdraws the paper board; the next one stops at the logged board
    undo_last_event(match=tossed, client_id=uuid.uuid4(), actor=UMPIRE)
    with pytest.raises(MatchError) as err:
        undo_last_event(match=tossed, client_id=uuid.uuid4(), actor=UMPIRE)
    assert err.value.code == "undo_behind_next_board"
