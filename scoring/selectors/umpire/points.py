"""The screen model of a three-player point carrom board (issue 19)."""

from __future__ import annotations

from typing import cast

from django.utils.translation import gettext as _

from scoring import rulings
from scoring.records import (
    MatchSnapshot,
    board_numbers,
    board_steps,
    live_events,
    turn_rotation,
)
from scoring.rules import get_rules
from scoring.rules.point import PointGame, PointPosition, opening
from scoring.selectors.umpire.boards import (
    board_number_of,
    history_key,
    last_board_of,
    scores_before_each_point,
)
from scoring.selectors.umpire.model import (
    BoardEnd,
    HistoryItem,
    SideView,
    Tablet,
    TurnView,
)


def points_tablet(
    snapshot: MatchSnapshot,
    sides: list[SideView],
    by_side: dict[str, SideView],
    appended: str | None = None,
) -> Tablet:
    match = snapshot.match
    state = snapshot.state
    view = Tablet(match, snapshot, "play", sides)
    if snapshot.finished:
        view.phase = "confirmed" if match.is_locked else "finished"
    for s in sides:
        s.score = cast(PointGame, state).scores.get(s.side, 0) if state is not None else 0
    current = snapshot.current
    last_board = last_board_of(snapshot)
    shown = current.board if current is not None and current.board is not None else last_board
    if shown is not None:
        names = {s.side: s.name for s in sides}
        if current is not None and shown is current.board:
            steps = current.steps  # the snapshot has just replayed this board
        else:
            steps = board_steps(
                shown,
                live_events(list(shown.events.order_by("seq"))),
                scores_before_each_point(match, snapshot, shown),
                sides=match.sides,
            )
        items = []
        for number, done in enumerate(steps, start=1):
            row, event = done.row, done.event  # a stroke, board loss, ruling or void
            by = getattr(event, "by", "")
            items.append(
                HistoryItem(
                    number,
                    row.seq,
                    row.type,
                    rulings.describe_event(row.payload, names),
                    names.get(by, by),
                    rulings.point_rulings(done.notes, names),
                    str(row.client_id),
                )
            )
        view.history = list(reversed(items))
        view.history_append = (
            appended is not None and len(items) > 1 and (items[-1].key == appended)
        )
        view.history_board = board_number_of(snapshot, shown)
        view.history_game = 1
        view.history_key = history_key(shown, names, match)
        view.last_rulings = items[-1].rulings if items else []
    if current is not None:
        view.game_number, view.board_number = current.game_number, current.board_number
        if current.breaker is not None:
            view.breaker = by_side[current.breaker]
        # a tie at the top after the board limit: the extra board's breaker is drawn by a
        # fresh toss (rulings README, point carrom; ruling 3), recorded on the card
        view.extra_board = current.board is None and bool(getattr(state, "extra_board", False))
        if view.extra_board:
            view.breaker = None
        position = current.position
        if isinstance(position, PointPosition):
            _point_position(view, position, by_side, on_turn=not view.extra_board)
    view.board_started = current is not None and current.board is not None
    if (current is None or current.board is None) and last_board is not None:
        view.board_end = BoardEnd(
            number=board_number_of(snapshot, last_board),
            game_number=1,
            kind=last_board.kind,
            void=last_board.void,
            winner=None,
            points=None,
            law="",
            interpretation=False,
            winner_colour=None,
            breaker=last_board.breaker,
            by_side=dict(last_board.result_points_by_side),
        )
    rows = snapshot.boards.get(snapshot.games[0].pk, []) if snapshot.games else []
    numbers = board_numbers(rows)
    view.game_boards = [
        {"number": numbers[b.sequence], "void": b.void, "by_side": b.result_points_by_side}
        for b in rows
        if b.finished
    ]
    view.can_undo = bool(view.history) and view.phase in ("play", "finished")
    view.undo_text = view.history[0].text if view.history else ""
    return view


def _point_position(
    view: Tablet, position: PointPosition, by_side: dict[str, SideView], *, on_turn: bool = True
) -> None:
    """The pieces, the queen, the break and each player's board points and dues of
    ``position``; with ``on_turn`` who strikes next (not before the extra board's toss)."""
    rules = get_rules(view.match.rules)
    view.on_board = position.on_board
    view.queen_state = position.queen
    view.queen = _point_queen(position.queen, by_side)
    view.break_made = position.break_made
    if not position.break_made:
        view.break_attempts_left = rules.break_attempts - position.break_attempts
    totals = position.points(rules)
    for i, name in enumerate(position.players):
        side = by_side[name]
        side.held = position.held[i]
        side.board_points = totals[name]
        side.dues = position.dues[i]
    if on_turn and not position.finished:
        player = position.players[position.on_turn]
        by_side[player].on_turn = True
        view.on_turn_by = player
        view.turn = TurnView(by_side[player].name, player, None)


def points_opening(view: Tablet, breaker: str, by_side: dict[str, SideView]) -> None:
    """The extra board's opening after its fresh toss: ``breaker`` strikes first, the turn
    going round as on every board (the engine's own rotation and opening)."""
    current = view.snapshot.current
    assert current is not None
    scores = {s.side: s.score for s in view.sides}
    sides = tuple(s.side for s in view.sides)
    view.breaker = by_side[breaker]
    _point_position(view, opening(turn_rotation(sides, breaker), scores=scores), by_side)


def _point_queen(state: str, by_side: dict[str, SideView]) -> str:
    if state == "on_board":
        return _("On the board")
    kind, _sep, side = state.partition(":")
    who = by_side[side].name if side in by_side else side
    if kind == "pending_cover":
        return _("Pocketed by %(player)s, cover due") % {"player": who}
    return _("Covered by %(player)s") % {"player": who}
