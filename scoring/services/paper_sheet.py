"""A whole paper scoresheet entered in one form (issue 30): the toss, every board of every
game, the result confirmed, in one submission checked against the match's revision.

Each board is recorded by the quick entry (:func:`scoring.services.matches.record_quick_board`)
so the rules engine scores it as the umpire would: the loser's carrommen left plus 3 for the
queen covered by the winner (ICF 53–55), the queen counting nothing once the winner's game
score is 22 or more before the board (ICF 54), at most 12 a board (ICF 55). A game's boards
must end that game, and the match must be over after the last one; else nothing is saved.
:func:`check_sheet` runs the same entry in a savepoint and rolls it back: the page's live
totals are the engine's, never the browser's.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from scoring.models import Board, Match
from scoring.records import match_snapshot
from scoring.services.matches import (
    Actor,
    MatchError,
    check_write,
    lock_match,
    record_quick_board,
    record_toss,
)


@dataclass(frozen=True)
class SheetBoard:
    """One board of the sheet: the game it is written under, who won it, the loser's
    carrommen left and who covered the queen ("" nobody)."""

    game: int
    winner: str
    carrommen: int
    queen: str = ""


@dataclass(frozen=True)
class SheetRow:
    game: int
    board: int
    winner: str
    points: int
    scores: tuple[int, int]  # the game's score after the board (A, B)
    queen_lost: bool  # the queen covered by the winner counted nothing (22 or more, ICF 54)


@dataclass
class SheetCheck:
    """What the sheet gives, board by board and game by game, and the first problem."""

    rows: list[SheetRow] = field(default_factory=list)
    games: list[tuple[int, int, int, str]] = field(default_factory=list)  # n, A, B, winner
    finished: bool = False
    winner: str = ""
    problem: str = ""  # a code of scoring.error_words
    params: dict[str, Any] = field(default_factory=dict)


class SheetError(MatchError):
    """The sheet does not make the match (nothing is saved)."""


class _Checked(Exception):
    def __init__(self, check: SheetCheck) -> None:
        self.check = check


def _scores(match: Match) -> dict[int, tuple[int, int, str, bool]]:
    snap = match_snapshot(match)
    return {
        g.number: (g.scores.get("a", 0), g.scores.get("b", 0), g.winner_side, g.finished)
        for g in snap.games
    }


def _enter(
    match: Match,
    toss: tuple[str, str] | None,
    boards: list[SheetBoard],
    actor: Actor,
    client_id: uuid.UUID,
    expected_revision: int | None,
    check: SheetCheck,
) -> None:
    match = lock_match(match.pk)
    check_write(match, expected_revision=expected_revision, actor=actor)
    if (
        Board.objects.filter(game__match=match, void=False).exists()
        or match.status in (Match.Status.FINISHED, Match.Status.CONFIRMED)
        or match.walkover
        or match.bye
    ):
        raise SheetError("sheet_started", "boards are recorded already")
    if toss is not None and toss != (match.toss_winner, match.toss_choice):
        record_toss(match=match, winner=toss[0], choice=toss[1], actor=actor)
    elif not match.toss_winner:
        raise SheetError("toss_required", "record the toss first (ICF 40)")
    games = sorted({b.game for b in boards})
    counted: dict[int, int] = {}
    for n, board in enumerate(boards):
        snap = match_snapshot(lock_match(match.pk))
        current = snap.current.game_number if snap.current is not None else None
        if current is None or snap.finished:
            raise SheetError(
                "sheet_match_over",
                "the match was over before game %(game)s, board %(board)s",
                game=board.game,
                board=counted.get(board.game, 0) + 1,
            )
        if board.game != current:
            raise SheetError(
                "sheet_game_open", "game %(game)s is not over after its boards", game=current
            )
        before = _scores(match).get(board.game, (0, 0, "", False))
        record_quick_board(
            match=match,
            winner=board.winner,
            carrommen=board.carrommen,
            queen=board.queen or None,
            actor=actor,
            client_id=uuid.uuid5(client_id, f"sheet-{n}"),
        )
        after = _scores(match)[board.game]
        counted[board.game] = counted.get(board.game, 0) + 1
        points = after[0] - before[0] if board.winner == "a" else after[1] - before[1]
        check.rows.append(
            SheetRow(
                board.game,
                counted[board.game],
                board.winner,
                points,
                (after[0], after[1]),
                board.queen == board.winner and points < board.carrommen + 3,
            )
        )
        check.games = [
            (number, a, b, w) for number, (a, b, w, _f) in sorted(_scores(match).items())
        ]
    snap = match_snapshot(lock_match(match.pk))
    check.games = [
        (g.number, g.scores.get("a", 0), g.scores.get("b", 0), g.winner_side) for g in snap.games
    ]
    check.finished, check.winner = snap.finished, snap.winner or ""
    if games and not snap.finished:
        current = snap.current.game_number if snap.current is not None else games[-1]
        if current in games or current <= games[-1]:
            raise SheetError(
                "sheet_game_open", "game %(game)s is not over after its boards", game=current
            )
        raise SheetError(
            "sheet_unfinished", "the match is not over: game %(game)s is missing", game=current
        )
    if not games:
        raise SheetError("sheet_empty", "enter the boards of the sheet")


def check_sheet(
    *, match: Match, toss: tuple[str, str] | None, boards: list[SheetBoard], actor: Actor
) -> SheetCheck:
    """The sheet entered and rolled back: each board's points, the games' scores, whether the
    match is over, and the first problem (nothing is saved)."""
    check = SheetCheck()
    try:
        with transaction.atomic():
            try:
                _enter(match, toss, boards, actor, uuid.uuid4(), None, check)
            except MatchError as err:
                check.problem, check.params = err.code, dict(err.params)
            raise _Checked(check)
    except _Checked as done:
        return done.check


def enter_sheet(
    *,
    match: Match,
    toss: tuple[str, str] | None,
    boards: list[SheetBoard],
    actor: Actor,
    client_id: uuid.UUID | str,
    expected_revision: int | None,
) -> SheetCheck:
    """Record the toss and every board of the sheet and confirm the result, in one
    transaction (the results flow moves the winner on after the commit).

    :raises SheetError: the sheet does not make the match (nothing is saved).
    :raises StaleMatch: the match changed since the page was loaded.
    """
    from scoring.services.draw_base import DrawServiceError
    from scoring.services.walkovers import confirm_result

    check = SheetCheck()
    client_id = uuid.UUID(str(client_id))
    with transaction.atomic():
        _enter(match, toss, boards, actor, client_id, expected_revision, check)
        try:
            confirm_result(match=match, actor=actor)
        except DrawServiceError as err:
            raise SheetError(err.code, **err.params) from err
    return check
