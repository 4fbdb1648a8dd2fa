"""A game or a match decided by an umpire's decision (issue 14): new rows only, previewed
with what changes downstream, the same repairs as a board correction, audited with the law,
and replayed to the same state as award boards entered right the first time."""

from __future__ import annotations

import uuid

import pytest

from scoring.models import AuditEntry, Board, BoardEvent, Match
from scoring.services import draws
from scoring.services.corrections import CorrectionError
from scoring.services.decisions import Decision, decide, preview_decision
from scoring.services.matches import rebuild_match, record_quick_board, record_toss
from tests.factories import make_event, play_and_confirm
from tests.organiser.test_corrections import (
    EIGHT,
    ORGANISER,
    board_events,
    confirmed_semi,
    knockout_semi,
    paper_match,
    state_of,
)


def _rows(match: Match) -> tuple[int, int]:
    return (
        Board.objects.filter(game__match=match).count(),
        BoardEvent.objects.filter(board__game__match=match).count(),
    )


def _result(match: Match) -> tuple:
    match.refresh_from_db()
    return (
        match.winner_side,
        match.games_won,
        match.status,
        [(g.scores, g.winner_side, g.finished) for g in match.games.order_by("number")],
    )


def test_a_game_given_to_the_other_side_moves_him_into_the_final(
    tournament, django_capture_on_commit_callbacks
):
    event, semi = confirmed_semi(tournament, "decided", django_capture_on_commit_callbacks)
    final = Match.objects.get(event=event, round__number=2)
    assert semi.entry_a_id in (final.entry_a_id, final.entry_b_id)
    rows_before = _rows(semi)
    decision = Decision(side="b", law="IT 107", game=1)
    preview = preview_decision(match=semi, decision=decision, actor=ORGANISER)
    assert (preview.winner_before, preview.winner_after) == ("a", "b")
    assert preview.next_match == final.number and preview.repairs == ("move",)
    assert _rows(semi) == rows_before  # the preview saved nothing
    with pytest.raises(CorrectionError) as err:
        decide(
            match=semi,
            decision=decision,
            actor=ORGANISER,
            reason="",
            repair="move",
            client_id=uuid.uuid4(),
        )
    assert err.value.code == "reason_required"
    with django_capture_on_commit_callbacks(execute=True):
        decide(
            match=semi,
            decision=decision,
            actor=ORGANISER,
            reason="abused the umpire",
            repair="move",
            client_id=uuid.uuid4(),
        )
    semi.refresh_from_db()
    final.refresh_from_db()
    assert semi.winner_side == "b" and semi.status == Match.Status.CONFIRMED
    assert semi.entry_b_id in (final.entry_a_id, final.entry_b_id)
    assert semi.entry_a_id not in (final.entry_a_id, final.entry_b_id)
    game = semi.games.get()
    assert game.scores == {"a": 0, "b": 25} and game.winner_side == "b"
    boards, events = _rows(semi)
    assert boards == rows_before[0] + 3 and events > rows_before[1]  # new rows, none deleted
    awards = list(Board.objects.filter(game__match=semi, kind=Board.Kind.AWARD))
    assert [b.award_points for b in awards] == [12, 12, 1]
    assert {b.award_law for b in awards} == {"IT 107"}
    audit = AuditEntry.objects.get(match=semi, action="decision")
    assert audit.detail["law"] == "IT 107" and audit.detail["reason"] == "abused the umpire"
    assert audit.detail["winner"] == ["a", "b"] and audit.detail["decided"] == "game"
    decided = _result(semi)
    rebuild_match(semi)  # replaying the record gives the same state
    assert _result(semi) == decided


def test_a_decision_replays_as_award_boards_entered_right(
    tournament, django_capture_on_commit_callbacks
):
    wrong_event, wrong = knockout_semi(tournament, "wrong")
    right_event, right = knockout_semi(tournament, "right")
    with django_capture_on_commit_callbacks(execute=True):
        for semis in (wrong, right):
            play_and_confirm(semis[1], "a", ORGANISER)
        paper_match(wrong[0], EIGHT)
        draws.confirm_result(match=wrong[0], actor=ORGANISER)
        # entered right the first time: the game given to B by award boards
        record_toss(match=right[0], winner="a", choice="break", actor=ORGANISER)
        for points in (12, 12, 1):
            record_quick_board(
                match=right[0],
                winner="b",
                points=points,
                law="IT 107",
                client_id=uuid.uuid4(),
                actor=ORGANISER,
            )
        draws.confirm_result(match=right[0], actor=ORGANISER)
        decide(
            match=wrong[0],
            decision=Decision(side="b", law="IT 107"),
            actor=ORGANISER,
            reason="left the seat",
            repair="move",
            client_id=uuid.uuid4(),
        )

    def counted(event):
        state = state_of(event)
        return [
            (
                a,
                b,
                status,
                winner,
                won,
                scores,
                [row for row in boards if not row[5]],
            )  # the withdrawn boards aside
            for a, b, status, winner, won, scores, boards in state["matches"]
        ]

    assert counted(wrong_event) == counted(right_event)


@pytest.mark.parametrize(
    ("games", "given", "after"),
    [
        (["a", "a"], [1, 2], {"a": 0, "b": 2}),
        (["a", "b", "a"], [3], {"a": 1, "b": 2}),
    ],
)
def test_a_match_decision_gives_the_side_the_games_it_needs_from_the_back(
    tournament, games, given, after
):
    event = make_event(tournament, 2, games_to_win=2, name=f"bo3 {len(games)}")
    draws.draw_event(event=event, actor=ORGANISER, random_seed=1)
    match = Match.objects.get(event=event)
    record_toss(match=match, winner="a", choice="break", actor=ORGANISER)
    for winner in games:
        for _ in range(3):  # 12 + 12 + 12: the game
            record_quick_board(
                match=match,
                winner=winner,
                carrommen=9,
                queen=winner,
                client_id=uuid.uuid4(),
                actor=ORGANISER,
            )
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.winner_side == "a"
    decide(
        match=match,
        decision=Decision(side="b", law="IT 107"),
        actor=ORGANISER,
        reason="smoking at the table",
        repair="keep",
        client_id=uuid.uuid4(),
    )
    match.refresh_from_db()
    assert match.winner_side == "b" and match.games_won == after
    audit = AuditEntry.objects.get(match=match, action="decision")
    assert audit.detail["given"] == given and audit.detail["decided"] == "match"
    assert match.games.count() == len(games)  # the match keeps its games


def test_a_decision_of_a_stroke_logged_game_voids_its_boards_by_new_events(tournament):
    from scoring.services.matches import record_event

    event = make_event(tournament, 2, name="logged")
    draws.draw_event(event=event, actor=ORGANISER, random_seed=1)
    match = Match.objects.get(event=event)
    record_toss(match=match, winner="a", choice="break", actor=ORGANISER)
    while match.status != Match.Status.FINISHED:
        for payload in board_events("white", 0):
            record_event(match=match, payload=payload, client_id=uuid.uuid4(), actor=ORGANISER)
        match.refresh_from_db()
    winner = match.winner_side
    other = "b" if winner == "a" else "a"
    strokes = BoardEvent.objects.filter(board__game__match=match).count()
    decide(
        match=match,
        decision=Decision(side=other, law="ICF 51", game=1),
        actor=ORGANISER,
        reason="played out of turn, seen by the umpire",
        repair="keep",
        client_id=uuid.uuid4(),
    )
    match.refresh_from_db()
    assert match.winner_side == other
    assert BoardEvent.objects.filter(board__game__match=match).count() > strokes
    logged = Board.objects.filter(game__match=match, kind=Board.Kind.LOG)
    assert logged.exists() and all(b.void for b in logged)


@pytest.mark.parametrize(
    ("decision", "code"),
    [
        (Decision(side="b", law="", game=1), "decision_law"),
        (Decision(side="b", law="rule 7", game=1), "decision_law"),
        (Decision(side="c", law="IT 107", game=1), "bad_winner"),
        (Decision(side="b", law="IT 107", game=4), "bad_game"),
        (Decision(side="a", law="IT 107"), "correction_unchanged"),
    ],
)
def test_a_decision_that_does_not_fit_is_refused_and_saves_nothing(tournament, decision, code):
    _event, semis = knockout_semi(tournament, f"refused {code}")
    paper_match(semis[0], [("a", 9, "a"), ("a", 9, "a"), ("a", 9, "a")])
    semi = Match.objects.get(pk=semis[0].pk)
    rows = _rows(semi)
    with pytest.raises(CorrectionError) as err:
        decide(
            match=semi,
            decision=decision,
            actor=ORGANISER,
            reason="r",
            repair="keep",
            client_id=uuid.uuid4(),
        )
    assert err.value.code == code
    assert _rows(semi) == rows


def test_a_game_decision_that_leaves_the_match_open_is_refused(tournament):
    event = make_event(tournament, 2, games_to_win=2, name="open bo3")
    draws.draw_event(event=event, actor=ORGANISER, random_seed=1)
    match = Match.objects.get(event=event)
    record_toss(match=match, winner="a", choice="break", actor=ORGANISER)
    for _ in range(6):
        record_quick_board(
            match=match, winner="a", carrommen=9, queen="a", client_id=uuid.uuid4(), actor=ORGANISER
        )
    match.refresh_from_db()
    with pytest.raises(CorrectionError) as err:  # 1-1 after game 2: not over
        decide(
            match=match,
            decision=Decision(side="b", law="IT 107", game=1),
            actor=ORGANISER,
            reason="r",
            repair="keep",
            client_id=uuid.uuid4(),
        )
    assert err.value.code == "correction_unfinished"
    match.refresh_from_db()
    assert match.winner_side == "a"


def test_the_decision_page_previews_then_saves(
    client, organiser, tournament, django_capture_on_commit_callbacks
):
    from django.urls import reverse

    event, semi = confirmed_semi(tournament, "page", django_capture_on_commit_callbacks)
    client.force_login(organiser)
    match_page = client.get(reverse("scoring:organiser-match", args=[tournament.slug, semi.pk]))
    page = reverse("scoring:organiser-match-decide", args=[tournament.slug, semi.pk])
    assert page in match_page.text
    assert "Game 1" in client.get(page).text
    post = {
        "client_id": str(uuid.uuid4()),
        "revision": semi.revision,
        "scope": "1",
        "side": "b",
        "law": "IT 107",
        "reason": "abused the umpire",
    }
    assert client.post(page, {**post, "law": "seven"}).status_code == 422
    assert client.post(page, {**post, "scope": "9"}).status_code == 422
    r = client.post(page, post)
    assert r.status_code == 200 and "The winner changes from A to B." in r.text
    semi.refresh_from_db()
    assert semi.winner_side == "a"  # a preview saves nothing
    r = client.post(page, {**post, "save": "yes", "repair": "move", "revision": semi.revision - 1})
    assert r.status_code == 409
    with django_capture_on_commit_callbacks(execute=True):
        r = client.post(page, {**post, "save": "yes", "repair": "move"})
    assert r.status_code == 302
    semi.refresh_from_db()
    assert semi.winner_side == "b"
    assert AuditEntry.objects.filter(match=semi, action="decision").count() == 1
