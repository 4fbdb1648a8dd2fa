"""A scoresheet's games: the match state derived from rows already loaded (exactly as
:func:`scoring.records.match_snapshot` derives it) and each game's printed rows, the engine's
count of each board completed from the stored row (ICF 53-55: carrommen, the Queen, the law)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

from django.utils import translation
from django.utils.translation import gettext as _

from scoring.models import Board, BoardEvent, Game, Match
from scoring.pdf.data import BoardRow, GameSheet
from scoring.records import becomes_entry, game_entries, rules_for_match
from scoring.rules import MatchState, derive_match, get_rules
from scoring.rules.game import BoardScore, GameState
from scoring.selectors.sheets.common import ORDINARY_LAW, SIDES, StoredBoard, side_index


def derive_state(
    match: Match, games: list[Game], boards: dict[int, list[StoredBoard]], events: list[BoardEvent]
) -> MatchState | None:
    """The match state exactly as ``match_snapshot`` derives it, from rows already loaded."""
    if not match.toss_winner or not match.toss_choice:
        return None
    last_board = None
    for game in reversed(games):
        if boards[game.id]:
            last_board = boards[game.id][-1]
            break
    rules = rules_for_match(get_rules(match.rules), match.games_to_win)
    entries = []
    for game in games:
        rows = boards[game.id]
        is_last = bool(rows) and rows[-1] is last_board
        # a StoredBoard answers a Board row's attribute names (common.StoredBoard)
        entries.append(game_entries(cast("list[Board]", rows), events if is_last else None))
    return derive_match(
        entries,
        players=SIDES,
        toss_winner=match.toss_winner,
        toss_choice=match.toss_choice,
        rules=rules,
        stage=match.stage,
        time_up=bool(games and games[-1].time_up),
    )


def counted_rows(
    rows: list[StoredBoard], current_events: list[BoardEvent] | None
) -> list[StoredBoard]:
    """The stored boards that became game entries (:func:`becomes_entry`)."""
    return [board for board in rows if becomes_entry(board, current_events)]


def board_row(
    score: BoardScore,
    row: StoredBoard | None,
    before: dict[str, int],
    rules: Any,
    side_change_after: int | None,
    language: str,
) -> BoardRow:
    """One printed row: the engine's count of the board, completed from the stored row."""
    carrommen = score.carrommen
    queen = score.queen
    queen_counted = score.queen_counted
    extra_points = score.extra_points
    interpretation = score.interpretation
    law = score.law or ""
    if row is not None and score.position is None and not score.void:
        if row.kind == Board.Kind.LOG and row.finished:
            # counted from the cache (an award entry): take its details from the cache too
            carrommen = row.result_carrommen if carrommen is None else carrommen
            queen = queen or row.result_queen or None
            extra_points = extra_points or row.result_extra_points
            interpretation = interpretation or row.result_interpretation
            law = row.result_law or law
            if score.winner is not None:
                queen_counted = (
                    law == ORDINARY_LAW
                    and queen == score.winner
                    and rules.queen_counts_for(before.get(score.winner, 0))
                )
        elif row.kind == Board.Kind.AWARD:
            law = row.award_law or law
    if law == ORDINARY_LAW or (score.void and law == "void"):
        law = ""  # ordinary end; a void board is marked as such by the sheet itself
    note = ""
    if interpretation and law:
        with translation.override(language):
            note = _("interpretation")
    totals = score.scores_after or before
    return BoardRow(
        number=score.number,
        breaker=side_index(score.breaker),
        winner=None if score.void else side_index(score.winner),
        carrommen=carrommen or 0,
        queen_by=side_index(queen),
        queen_counted=bool(queen_counted) and not score.void,
        points=0 if score.void else score.points,
        extra_points=extra_points or 0,
        totals=(totals.get("a", 0), totals.get("b", 0)),
        extra_board=score.extra_board,
        # a recorded game score (another system's record) stands for the whole game: no
        # board of it was played here, so no side change is known
        side_change_after=(
            side_change_after is not None
            and not score.void
            and score.number == side_change_after
            and not (row is not None and row.kind == Board.Kind.RECORDED)
        ),
        void=score.void,
        law=law,
        note=note,
    )


def game_sheet(
    number: int,
    state: GameState,
    rows: list[StoredBoard],
    current_events: list[BoardEvent] | None,
    rules: Any,
    side_change_after: int | None,
    language: str,
) -> GameSheet:
    counted = counted_rows(rows, current_events)
    printed = []
    before = {"a": 0, "b": 0}
    for i, score in enumerate(state.boards):
        row = counted[i] if i < len(counted) else None
        printed.append(board_row(score, row, before, rules, side_change_after, language))
        if score.scores_after:
            before = dict(score.scores_after)
    # a game given by an umpire's decision: its award boards carry the law, and the boards
    # played before were withdrawn by that decision, not replayed (services/decisions.py)
    # (a void board followed only by void and award boards); a board voided and replayed
    # before (ICF 87, a replay follows it) stays "void, replayed"
    laws = [b.award_law for b in rows if b.kind == Board.Kind.AWARD and b.award_law]
    if laws:
        withdrawn = [
            b.void and all(later.void or later.kind == Board.Kind.AWARD for later in rows[i + 1 :])
            for i, b in enumerate(rows)
            if b.void
        ]
        voids = iter(withdrawn)
        printed = [
            replace(p, withdrawn=laws[-1]) if p.void and next(voids, False) else p for p in printed
        ]
    finished = state.finished and not state.draw
    return GameSheet(
        number=number,
        boards=printed,
        score=(state.scores["a"], state.scores["b"]) if state.finished else None,
        winner=side_index(state.winner) if finished else None,
    )
