"""The history of the board shown: every event with the engine's rulings in words (the
snapshot's one replay reused), who struck in doubles (ICF 49(b)) and who places a due
(ICF 78(b))."""

from __future__ import annotations

from typing import Any

from scoring import rulings
from scoring.models import Board
from scoring.records import (
    board_steps,
    live_events,
    other_side,
    scores_before_boards,
)
from scoring.rules import MatchState, get_rules
from scoring.selectors.umpire.boards import (
    board_number_of,
    colour_with_name,
    game_number_of,
    history_key,
)
from scoring.selectors.umpire.model import (
    HistoryItem,
    Seat,
    Tablet,
)


def explain_board(
    view: Tablet, board: Board, state: MatchState, appended: str | None = None
) -> None:
    """The board shown, with the engine's notes for every event (or, when ``appended`` is
    its newest event and not its first, explained in words for that one only): the
    snapshot's replay of it when it has one (the board in play, or the one the write has
    just ended), else one replay here."""
    snapshot = view.snapshot
    game_number = game_number_of(view, board)
    rules = get_rules(board.rules)
    if snapshot.replayed_board is board:
        steps = snapshot.replayed_steps
    else:
        rows = snapshot.boards.get(board.game_id, [])
        scores = scores_before_boards(view.match, rows, snapshot).get(board.pk, {"a": 0, "b": 0})
        steps = board_steps(board, live_events(list(board.events.order_by("seq"))), scores)
    white, black = board.breaker, other_side(board.breaker)
    names = {
        "white": colour_with_name("white", view, white),
        "black": colour_with_name("black", view, black),
    }
    view.seats = doubles_seats(view, board.breaker, board.pk)
    changes = 0
    items = []
    notes: tuple[Any, ...] = ()
    placers: dict[str, str] = {}
    view.history_append = (
        appended is not None and len(steps) > 1 and (str(steps[-1].row.client_id) == appended)
    )
    first_explained = len(steps) if view.history_append else 1
    for done in steps[: first_explained - 1]:  # lines not sent: only the turn's changes count
        before, after = done.before.on_turn, done.after.on_turn
        if after is not None and before is not None and after != before:
            changes += 1
    for number, done in enumerate(steps[first_explained - 1 :], start=first_explained):
        row, before, after = done.row, done.before, done.after
        done = done.explain(rules)
        notes = done.notes
        placers = _due_placers(view, notes, changes, before.on_turn)
        items.append(
            HistoryItem(
                number,
                row.seq,
                row.type,
                rulings.describe_event(row.payload, names),
                _striker(view, changes, before.on_turn, white),
                _explain(notes, names, placers) + rulings.explained_more(row.payload, notes, names),
                str(row.client_id),
            )
        )
        if (
            after.on_turn is not None
            and before.on_turn is not None
            and (after.on_turn != before.on_turn)
        ):
            changes += 1
    view.history = list(reversed(items))
    view.history_board = board_number_of(view.snapshot, board)
    view.history_game = game_number
    view.history_key = history_key(board, names, view.match)
    view.last_rulings = items[-1].rulings if items else []
    view.last_notes = notes
    view.due_placers = placers
    view.turn_changes = changes


def _due_placers(
    view: Tablet, notes: tuple[Any, ...], changes: int, on_turn: str | None
) -> dict[str, str]:
    """Doubles, ICF 78(b): who places the dues an event took out, by the placing colour: the
    player on turn when he is an opponent of the offender (he pocketed the offender's
    carromman, or the offender's technical foul came in his turn), otherwise the player on
    his right (the next seat in turn order). ``changes``: the turn changes before the event.
    Empty in singles and before the seating is recorded (the side is named)."""
    if view.seats is None or on_turn is None:
        return {}
    placers = {}
    for note in notes:
        placer = note.params.get("placed_by") if note.code == "to_place" else None
        if placer is not None:
            seat = view.seats[changes % 4] if placer == on_turn else view.seats[(changes + 1) % 4]
            placers[placer] = seat.name
    return placers


def _explain(
    notes: tuple[Any, ...], names: dict[str, str], placers: dict[str, str]
) -> list[rulings.Ruling]:
    """The notes of one event in words; a due names the player who places it (doubles)."""
    if not placers:
        return rulings.explain(notes, names)
    out: list[rulings.Ruling] = []
    for note in notes:
        if note.code in rulings.MORE_NOTES:  # explained_more's, after the event's own
            continue
        placer = note.params.get("placed_by") if note.code == "to_place" else None
        out.extend(
            rulings.describe(
                note, {**names, placer: placers[placer]} if placer in placers else names
            )
        )
    return out


def doubles_seats(view: Tablet, breaker_side: str, board_pk: int | None) -> list[Seat] | None:
    """Doubles: the players around the board in turn order, starting with the one who breaks
    the board (ICF 49(b): the turn and the break pass to the right). ``None`` in singles or
    before the seating is recorded.

    The break passes to the right every board, so the partners of a side break its boards in
    turn, in seat order; a void board is replayed by the same player.
    """
    match = view.match
    seating = list(match.seating or [])
    if not match.event.is_doubles or len(seating) != 4:
        return None
    players: dict[int, tuple[str, str]] = {}
    for side in ("a", "b"):
        entry = match.entry_for(side)
        if entry is not None:
            for p in entry.players:
                players[p.pk] = (p.name, side)
    if any(pk not in players for pk in seating):
        return None
    ring = [Seat(pk, players[pk][0], players[pk][1], n) for n, pk in enumerate(seating, start=1)]
    view.seating_names = [seat.name for seat in ring]
    earlier = 0
    for row in _boards_in_order(view):
        if board_pk is not None and row.pk == board_pk:
            break
        if row.breaker == breaker_side and not row.void:
            earlier += 1
    order = [i for i, seat in enumerate(ring) if seat.side == breaker_side]
    first = order[earlier % len(order)]
    return ring[first:] + ring[:first]


def _boards_in_order(view: Tablet) -> list[Board]:
    return [row for game in view.snapshot.games for row in view.snapshot.boards.get(game.pk, [])]


def _striker(view: Tablet, changes: int, colour: str | None, white_side: str) -> str:
    if view.seats is not None:
        return view.seats[changes % 4].name
    if colour is None:
        return ""
    side = white_side if colour == "white" else other_side(white_side)
    return next(s.name for s in view.sides if s.side == side)
