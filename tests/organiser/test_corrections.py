"""Result correction (issue 14): a board of a finished or confirmed match corrected by new
rows only, with what it changes downstream shown first and the repair the organiser chose."""

from __future__ import annotations

import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from scoring.models import AuditEntry, Board, BoardEvent, Match
from scoring.rules import LogEntry, derive_game, get_rules
from scoring.services import draws
from scoring.services.corrections import (
    CorrectionError,
    LogFix,
    PaperFix,
    correct_board,
    preview_correction,
)
from scoring.services.matches import (
    Actor,
    StaleMatch,
    rebuild_match,
    record_event,
    record_quick_board,
    record_toss,
)
from tests.factories import make_event, make_tournament, play_and_confirm

ORGANISER = Actor(via="organiser", device="tests", may_edit_locked=True)


def board_events(winner: str, pocketed: int) -> list[dict]:
    """A board won by colour ``winner`` (queen covered), the loser having pocketed
    ``pocketed`` of his carrommen: worth 9 - pocketed + 3 (ICF 53-55)."""
    if winner == "white":
        events = [{"type": "stroke", "by": "white"}]
        if pocketed:
            events.append({"type": "stroke", "by": "black", "pocketed": {"black": pocketed}})
        events.append({"type": "stroke", "by": "black"})
        return [
            *events,
            {"type": "stroke", "by": "white", "pocketed": {"white": 1, "queen": True}},
            {"type": "stroke", "by": "white", "pocketed": {"white": 8}},
        ]
    events = []
    if pocketed:
        events.append({"type": "stroke", "by": "white", "pocketed": {"white": pocketed}})
    events.append({"type": "stroke", "by": "white"})
    return [
        *events,
        {"type": "stroke", "by": "black", "pocketed": {"black": 1, "queen": True}},
        {"type": "stroke", "by": "black", "pocketed": {"black": 8}},
    ]


def complete_game(boards: list[tuple[str, int]]) -> bool:
    """Do these boards (colour of the winner, loser's pocketed) make exactly one game of ICF
    rules (semi-final: no board limit), ending at its last board? Board k is broken by A, B,
    A, ... (A won the toss)."""
    entries = [
        LogEntry({"format": "carrom-board/1", "events": board_events(*b)}, "ab"[i % 2])
        for i, b in enumerate(boards)
    ]
    try:
        state = derive_game(
            entries, players=("a", "b"), first_breaker="a", rules=get_rules("icf"), stage="late"
        )
    except Exception:
        return False
    return state.finished


def game_winner(boards: list[tuple[str, int]]) -> str | None:
    entries = [
        LogEntry({"format": "carrom-board/1", "events": board_events(*b)}, "ab"[i % 2])
        for i, b in enumerate(boards)
    ]
    return derive_game(
        entries, players=("a", "b"), first_breaker="a", rules=get_rules("icf"), stage="late"
    ).winner


def knockout_semi(tournament, name: str):
    """A knock-out of four: the first semi-final ready, the second played and confirmed."""
    event = make_event(tournament, 4, name=name)
    draws.draw_event(event=event, actor=ORGANISER, random_seed=7)
    semis = list(Match.objects.filter(event=event, round__number=1).order_by("position"))
    return event, semis


def log_match(match: Match, boards: list[tuple[str, int]]) -> None:
    record_toss(match=match, winner="a", choice="break", actor=ORGANISER)
    for colour, pocketed in boards:
        for payload in board_events(colour, pocketed):
            record_event(match=match, payload=payload, client_id=uuid.uuid4(), actor=ORGANISER)


def state_of(event) -> dict:
    """The event's results as entry positions (comparable across two events)."""
    order = {
        pk: i for i, pk in enumerate(event.entries.order_by("pk").values_list("pk", flat=True))
    }
    rows = []
    for m in Match.objects.filter(event=event).order_by("number"):
        boards = [
            (
                b.result_winner,
                b.result_points,
                b.result_queen,
                b.result_carrommen,
                b.finished,
                b.void,
            )
            for b in Board.objects.filter(game__match=m).order_by("game__number", "sequence")
        ]
        rows.append(
            (
                order.get(m.entry_a_id),
                order.get(m.entry_b_id),
                m.status,
                m.winner_side,
                m.games_won,
                [g.scores for g in m.games.order_by("number")],
                boards,
            )
        )
    return {"matches": rows}


BOARD = st.tuples(st.sampled_from(["white", "black"]), st.integers(0, 8))
ALL_BOARDS = [(colour, n) for colour in ("white", "black") for n in range(9)]


class CorrectionReplaysAsIfRight(TestCase):
    """Property: correcting a board in the middle of a confirmed match leaves the match and
    the event (next round, bracket) as if the board had been entered right the first time."""

    @settings(
        max_examples=15,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
    )
    @given(data=st.data())
    def test_correction_replays_to_the_same_state(self, data):
        boards: list[tuple[str, int]] = []
        while not complete_game(boards):  # the right sheet: boards until the game is won
            boards.append(data.draw(BOARD, label=f"board {len(boards) + 1}"))
        index = data.draw(st.integers(0, len(boards) - 1), label="corrected board")
        wrong = [
            b
            for b in ALL_BOARDS
            if b != boards[index] and complete_game([*boards[:index], b, *boards[index + 1 :]])
        ]
        if not wrong:
            return
        flips = [
            b
            for b in wrong
            if game_winner([*boards[:index], b, *boards[index + 1 :]]) != game_winner(boards)
        ]  # a wrong entry that gave the match to the other side
        if flips and data.draw(st.booleans(), label="winner entered wrongly"):
            wrong = flips
        wrong = data.draw(st.sampled_from(wrong), label="entered wrongly")
        keep = data.draw(st.integers(0, 2), label="events kept")
        assert_corrected_as_if_right(boards, index, wrong, keep, self.captureOnCommitCallbacks)


def assert_corrected_as_if_right(boards, index, wrong, keep, capture) -> bool:
    """Enter ``boards`` right in one knock-out, with board ``index`` entered as ``wrong`` in
    another, correct it from event ``keep`` on, and compare both events."""
    entered = [*boards[:index], wrong, *boards[index + 1 :]]
    right_events = board_events(*boards[index])
    wrong_events = board_events(*wrong)
    keep = min(
        keep,
        next(
            (n for n, (x, y) in enumerate(zip(right_events, wrong_events, strict=False)) if x != y),
            min(len(right_events), len(wrong_events)),
        ),
    )
    tournament = make_tournament(slug=f"t-{uuid.uuid4().hex[:8]}")
    right_event, right_semis = knockout_semi(tournament, "right")
    fixed_event, fixed_semis = knockout_semi(tournament, "fixed")
    with capture(execute=True):
        for semis, played in ((right_semis, boards), (fixed_semis, entered)):
            play_and_confirm(semis[1], "b", ORGANISER)
            log_match(semis[0], played)
            draws.confirm_result(match=semis[0], actor=ORGANISER)
    match = fixed_semis[0]
    board = Board.objects.filter(game__match=match).order_by("game__number", "sequence")[index]
    fix = LogFix(keep=keep, events=tuple(right_events[keep:]))
    preview = preview_correction(match=match, board_id=board.pk, fix=fix, actor=ORGANISER)
    events_before = BoardEvent.objects.count()
    with capture(execute=True):
        correct_board(
            match=match,
            board_id=board.pk,
            fix=fix,
            actor=ORGANISER,
            reason="score sheet re-read",
            repair=preview.repairs[0],
            client_id=uuid.uuid4(),
        )
    assert BoardEvent.objects.count() > events_before  # new rows only
    assert state_of(fixed_event) == state_of(right_event)
    rebuild_match(match)  # the caches are what the log replays to
    assert state_of(fixed_event) == state_of(right_event)
    return preview.winner_changed


# A 12, B 12, A 12, B 12, then board 5 (A breaks): 1 point decides (ICF 54: no queen at 24)
CLOSE = [("white", 0), ("white", 0), ("white", 0), ("white", 0)]


@pytest.mark.django_db
@pytest.mark.parametrize("keep", [0, 1, 3])
def test_a_stroke_board_corrected_gives_the_match_to_the_other_side(
    keep, django_capture_on_commit_callbacks
):
    assert complete_game([*CLOSE, ("white", 8)]) and complete_game([*CLOSE, ("black", 8)])
    flipped = assert_corrected_as_if_right(
        [*CLOSE, ("black", 8)], 4, ("white", 8), keep, django_capture_on_commit_callbacks
    )
    assert flipped


pytestmark = pytest.mark.django_db


def paper_match(match: Match, boards: list[tuple[str, int, str]]) -> None:
    """Boards from the paper sheet: (winner, loser's carrommen left, queen covered by)."""
    record_toss(match=match, winner="a", choice="break", actor=ORGANISER)
    for winner, left, queen in boards:
        record_quick_board(
            match=match,
            winner=winner,
            carrommen=left,
            queen=queen or None,
            client_id=uuid.uuid4(),
            actor=ORGANISER,
        )


# A 12, 12, B 12, 12, A 1: 25-24 (ICF 53-55); board 5 was B's in truth: 24-25
EIGHT = [("a", 9, "a"), ("a", 9, "a"), ("b", 9, "b"), ("b", 9, "b"), ("a", 1, "")]


def confirmed_semi(tournament, name: str, capture):
    """A knock-out of four whose first semi-final is the EIGHT sheet (A wins 25-24),
    confirmed, and the second semi-final confirmed too: the final waits."""
    event, semis = knockout_semi(tournament, name)
    with capture(execute=True):
        play_and_confirm(semis[1], "a", ORGANISER)
        paper_match(semis[0], EIGHT)
        semi = draws.confirm_result(match=semis[0], actor=ORGANISER)
    return event, semi


def test_paper_correction_flips_the_winner_and_moves_him_into_the_final(
    tournament, django_capture_on_commit_callbacks
):
    event, semis = knockout_semi(tournament, "flip")
    with django_capture_on_commit_callbacks(execute=True):
        play_and_confirm(semis[1], "a", ORGANISER)
        paper_match(semis[0], EIGHT)
        semi = draws.confirm_result(match=semis[0], actor=ORGANISER)
    assert semi.winner_side == "a"
    final = Match.objects.get(event=event, round__number=2)
    assert semi.entry_a_id in (final.entry_a_id, final.entry_b_id)
    last = Board.objects.filter(game__match=semi).order_by("sequence").last()
    fix = PaperFix("b", 1)  # board 5 was B's: 25-24 for B
    preview = preview_correction(match=semi, board_id=last.pk, fix=fix, actor=ORGANISER)
    assert (preview.winner_before, preview.winner_after) == ("a", "b")
    assert preview.next_match == final.number and not preview.next_started
    assert preview.repairs == ("move",) and preview.affects_draw
    assert Board.objects.get(pk=last.pk).summary_winner == "a"  # the preview saved nothing
    with pytest.raises(CorrectionError) as err:
        correct_board(
            match=semi,
            board_id=last.pk,
            fix=fix,
            actor=ORGANISER,
            reason="sheet",
            repair="keep",
            client_id=uuid.uuid4(),
        )
    assert err.value.code == "repair_not_possible"
    with django_capture_on_commit_callbacks(execute=True):
        correct_board(
            match=semi,
            board_id=last.pk,
            fix=fix,
            actor=ORGANISER,
            reason="board 8 misread",
            repair="move",
            client_id=uuid.uuid4(),
        )
    semi.refresh_from_db()
    final.refresh_from_db()
    assert semi.winner_side == "b" and semi.status == Match.Status.CONFIRMED
    assert semi.entry_b_id in (final.entry_a_id, final.entry_b_id)
    assert semi.entry_a_id not in (final.entry_a_id, final.entry_b_id)
    audit = AuditEntry.objects.get(match=semi, action="correction")
    assert audit.detail["winner"] == ["a", "b"] and audit.detail["repair"] == "move"


def test_a_correction_that_leaves_the_game_open_is_refused(tournament):
    _event, semis = knockout_semi(tournament, "open")
    paper_match(semis[0], EIGHT)
    boards = list(Board.objects.filter(game__match=semis[0]).order_by("sequence"))
    with pytest.raises(CorrectionError) as err:  # A 24 v B 25 after board 4: board 5 too many
        preview_correction(
            match=semis[0], board_id=boards[0].pk, fix=PaperFix("b", 9, "b"), actor=ORGANISER
        )
    assert err.value.code == "correction_breaks_match"
    with pytest.raises(CorrectionError) as err:  # A 13 v B 24 after board 5: not over
        preview_correction(
            match=semis[0], board_id=boards[0].pk, fix=PaperFix("a", 0, ""), actor=ORGANISER
        )
    assert err.value.code == "correction_unfinished"
    with pytest.raises(CorrectionError) as err:
        preview_correction(
            match=semis[0], board_id=boards[4].pk, fix=PaperFix("a", 10), actor=ORGANISER
        )
    assert err.value.code == "bad_carrommen"
    assert Board.objects.get(pk=boards[0].pk).summary_winner == "a"  # nothing saved


def test_swiss_round_is_paired_again_after_a_correction(
    tournament, django_capture_on_commit_callbacks
):
    event = make_event(tournament, 4, fmt="swiss", settings={"rounds": 3})
    draws.draw_event(event=event, actor=ORGANISER, random_seed=3)
    first = list(Match.objects.filter(event=event, round__number=1).order_by("position"))
    with django_capture_on_commit_callbacks(execute=True):
        play_and_confirm(first[1], "a", ORGANISER)
        paper_match(first[0], EIGHT)
        draws.confirm_result(match=first[0], actor=ORGANISER)
    draws.next_round(event=event, actor=ORGANISER)
    before = set(Match.objects.filter(event=event, round__number=2).values_list("pk", flat=True))
    last = Board.objects.filter(game__match=first[0]).order_by("sequence").last()
    preview = preview_correction(
        match=first[0], board_id=last.pk, fix=PaperFix("b", 1), actor=ORGANISER
    )
    assert preview.later_round == "swiss" and not preview.later_started
    assert preview.repairs == ("repair", "keep") and preview.standings
    with django_capture_on_commit_callbacks(execute=True):
        correct_board(
            match=first[0],
            board_id=last.pk,
            fix=PaperFix("b", 1),
            actor=ORGANISER,
            reason="sheet",
            repair="repair",
            client_id=uuid.uuid4(),
        )
    after = set(Match.objects.filter(event=event, round__number=2).values_list("pk", flat=True))
    assert after and not after & before  # round 2 drawn again on the corrected result
    assert AuditEntry.objects.filter(action="round_deleted").exists()


def test_correction_is_refused_when_stale_or_not_finished(tournament):
    event, semis = knockout_semi(tournament, "stale")
    semi = semis[0]
    record_toss(match=semi, winner="a", choice="break", actor=ORGANISER)
    with pytest.raises(CorrectionError) as err:
        correct_board(
            match=semi,
            board_id=0,
            fix=PaperFix("a", 0, ""),
            actor=ORGANISER,
            reason="x",
            repair="keep",
            client_id=uuid.uuid4(),
        )
    assert err.value.code == "correction_not_finished"
    play_and_confirm(semi, "a", ORGANISER)
    semi.refresh_from_db()
    board = Board.objects.filter(game__match=semi).first()
    with pytest.raises(StaleMatch):
        correct_board(
            match=semi,
            board_id=board.pk,
            fix=PaperFix("a", 8, "a"),
            actor=ORGANISER,
            reason="x",
            repair="keep",
            client_id=uuid.uuid4(),
            expected_revision=semi.revision - 1,
        )
    correct_board(
        match=semi,
        board_id=board.pk,
        fix=PaperFix("a", 8, "a"),
        actor=ORGANISER,
        reason="sheet says 8",
        repair="keep",
        client_id=uuid.uuid4(),
        expected_revision=semi.revision,
    )
    row = BoardEvent.objects.get(board=board, type="correction")
    assert row.payload["before"]["carrommen"] == 9 and row.payload["after"]["carrommen"] == 8
    audit = AuditEntry.objects.get(match=semi, action="correction")
    assert audit.detail["reason"] == "sheet says 8" and audit.via == "organiser"
    # the cache is rebuilt from the correction row
    Board.objects.filter(pk=board.pk).update(summary_carrommen=9)
    rebuild_match(semi)
    assert Board.objects.get(pk=board.pk).summary_carrommen == 8


def test_the_correction_page_previews_then_saves(
    client, organiser, tournament, django_capture_on_commit_callbacks
):
    from django.urls import reverse

    event, semi = confirmed_semi(tournament, "page", django_capture_on_commit_callbacks)
    last = Board.objects.filter(game__match=semi).order_by("sequence").last()
    page = reverse("scoring:organiser-match-correct", args=[tournament.slug, semi.pk, last.pk])
    client.force_login(organiser)
    assert "Correct game 1, board 5" in client.get(page).text
    post = {
        "client_id": str(uuid.uuid4()),
        "revision": semi.revision,
        "winner": "b",
        "carrommen": "1",
        "queen": "",
        "reason": "",
    }
    r = client.post(page, post)
    assert r.status_code == 422  # no reason
    r = client.post(page, {**post, "reason": "sheet"})
    assert r.status_code == 200 and "The winner changes from A to B." in r.text
    assert Board.objects.get(pk=last.pk).summary_winner == "a"  # a preview saves nothing
    r = client.post(
        page,
        {**post, "reason": "sheet", "save": "yes", "repair": "move", "revision": semi.revision - 1},
    )
    assert r.status_code == 409
    with django_capture_on_commit_callbacks(execute=True):
        r = client.post(page, {**post, "reason": "sheet", "save": "yes", "repair": "move"})
    assert r.status_code == 302
    semi.refresh_from_db()
    assert semi.winner_side == "b"
