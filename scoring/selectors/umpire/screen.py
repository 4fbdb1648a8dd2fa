"""What the umpire tablet shows, derived from a :class:`~scoring.records.MatchSnapshot`.

:func:`tablet` turns a snapshot into plain dataclasses for the templates: the sides with their
colours and scores, who is on turn (in doubles the individual player, the turn passing to the
right around the seating, ICF 49(b)), the pieces, the queen, dues and break attempts, the
history of the board with the engine's rulings in words, the end of a board, game or match.

It reuses the snapshot (no second replay of the stored log through the services) and replays
only the board shown, once, to explain each event; it runs at most one query (the events of a
board that has just ended). Nothing here writes.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from scoring import rulings, screen_words
from scoring.models import Board, Match
from scoring.records import (
    MatchSnapshot,
    colour_opening,
    other_colour,
    other_side,
    side_colours,
)
from scoring.records.interval import interval_end
from scoring.rules import MatchState, PadKind, get_rules
from scoring.rules.position import PerColour
from scoring.selectors.ties import rubber_sides
from scoring.selectors.umpire.boards import (
    board_number_of,
    game_boards,
    game_number_of,
    last_board_of,
    needs_seating,
    seats_flipped,
)
from scoring.selectors.umpire.history import (
    doubles_seats,
    explain_board,
)
from scoring.selectors.umpire.model import (
    BoardEnd,
    SideView,
    Tablet,
    TurnView,
)
from scoring.selectors.umpire.points import (
    points_opening,
    points_tablet,
)


def tablet(snapshot: MatchSnapshot, *, appended: str | None = None) -> Tablet:
    """Everything the umpire screen shows about ``snapshot``'s match.

    ``appended``: the request key of the event just recorded. When it is the newest event of
    the board shown and not its first, the history holds only its line and
    ``history_append`` is set (the tablet adds the line on top of those it has)."""
    match = snapshot.match
    sides = [SideView(side=s, name=snapshot.side_name(s)) for s in match.sides]
    if match.event.is_teams:  # a rubber: the lineup's players, their team beside (issue 34)
        lineup = rubber_sides([match]).get(match.pk, {})
        for s in sides:
            if s.side in lineup and lineup[s.side].players:
                s.name, s.team = lineup[s.side].name, lineup[s.side].team
    by_side = {s.side: s for s in sides}
    confirmed = set()
    by_organiser = False
    if snapshot.finished:
        confirmations = list(match.confirmations.all())
        confirmed = {c.side for c in confirmations}
        by_organiser = any(c.method == "organiser" for c in confirmations)
    for s in sides:
        s.games_won = int((match.games_won or {}).get(s.side, 0))
        s.confirmed = s.side in confirmed
    if snapshot.variant.pad_kind is PadKind.POINTS:
        view = points_tablet(snapshot, sides, by_side, appended)
        view.confirmed_by_organiser = by_organiser
        return view

    state = snapshot.state
    if state is None:  # no toss yet
        phase = "seating" if match.toss_winner and needs_seating(match) else "toss"
        return Tablet(match, snapshot, phase, sides)
    assert isinstance(state, MatchState)
    for s in sides:
        s.games_won = state.games_won.get(s.side, 0)
    view = Tablet(match, snapshot, "play", sides)
    view.confirmed_by_organiser = by_organiser
    if snapshot.finished:
        view.phase = "confirmed" if match.is_locked else "finished"
    elif needs_seating(match) and not snapshot.games:
        view.phase = "seating"
    view.finished_games = [
        {"number": n, "scores": g.scores, "winner": by_side.get(g.winner or "")}
        for n, g in enumerate(state.games, start=1)
        if g.finished
    ]
    current = snapshot.current
    last_board = last_board_of(snapshot)
    view.last_board_is_quick = (
        last_board is not None and (last_board.kind != Board.Kind.LOG) and not last_board.void
    )
    if current is not None:
        view.game_number, view.board_number = current.game_number, current.board_number
        view.change_sides = current.change_sides
        game_state = (
            state.games[current.game_number - 1]
            if (current.game_number <= len(state.games))
            else None
        )
        scores = game_state.scores if game_state is not None else {"a": 0, "b": 0}
        for s in sides:
            s.score = scores.get(s.side, 0)
        if current.breaker is not None:
            by_side[current.breaker].colour = "white"
            by_side[other_side(current.breaker)].colour = "black"
            view.breaker = by_side[current.breaker]
        else:
            view.extra_board = True
        if game_state is not None:  # board 1 of a new game: none yet (the card shows the last)
            view.game_boards = game_boards(game_state, by_side)
        view.seats_flipped = seats_flipped(state, current, match)
        if current.game_number > 1 and current.board is None and current.board_number == 1:
            previous = state.games[current.game_number - 2]
            view.game_end = {
                "number": current.game_number - 1,
                "scores": previous.scores,
                "winner": by_side.get(previous.winner or ""),
            }
            view.interval_end = interval_end(snapshot)  # IT 102, before the deciding game
    # The board shown: the one being played, or the one that has just ended.
    shown = current.board if current is not None and current.board is not None else last_board
    if shown is not None and shown.kind == Board.Kind.LOG:
        explain_board(view, shown, state, appended)
    if (current is None or current.board is None) and last_board is not None:
        view.board_end = _board_end(view, last_board, by_side)
    if current is None and state.games:  # the match is over: the last game as it ended
        view.game_boards = game_boards(state.games[-1], by_side)
        for s in sides:
            s.score = state.games[-1].scores.get(s.side, 0)
    if current is not None:
        view.board_started = current.board is not None
        if current.position is not None:
            _position(view, current.position, by_side, match)
        elif current.breaker is None:  # the extra board: the toss winner breaks with white
            view.on_board = PerColour(9, 9)
            view.queen_state = "on_board"
            view.queen = _queen_text("on_board", {})
            view.break_made = False
            view.break_attempts_left = get_rules(match.rules).break_attempts
            view.on_turn_by = "white"  # the pad waits under the card for the toss
    view.can_undo = (bool(view.history) or view.last_board_is_quick) and (
        view.phase in ("play", "finished")
    )
    if view.last_board_is_quick and last_board is not None:  # the undo withdraws it
        view.undo_text = _("Board %(number)s, entered from paper") % {
            "number": board_number_of(view.snapshot, last_board)
        }
    elif view.history:
        view.undo_text = view.history[0].text
    return view


def _position(view: Tablet, position: Any, by_side: dict[str, SideView], match: Match) -> None:
    view.on_board = position.on_board
    view.queen_state = position.queen
    view.queen = _queen_text(position.queen, view.side_by_colour)
    view.break_made = position.break_made
    rules = get_rules(match.rules)
    if not position.break_made:
        view.break_attempts_left = rules.break_attempts - position.break_attempts
    names = view.names
    for colour in ("white", "black"):
        if position.dues[colour]:
            view.dues.append(
                rulings.Ruling(
                    _("%(player)s owes %(pieces)s.")
                    % {
                        "player": names.get(colour, colour),
                        "pieces": rulings.carrommen(colour, position.dues[colour]),
                    },
                    "ICF 72(b)",
                    rulings.WARNING,
                    "due_outstanding",
                )
            )
        if position.to_place[colour]:
            # doubles: the individual player the last event named (ICF 78(b))
            placer = view.due_placers.get(other_colour(colour))
            view.to_place.append(
                rulings.Ruling(
                    _("Due: %(pieces)s to be placed by %(player)s.")
                    % {
                        "pieces": rulings.carrommen(colour, position.to_place[colour]),
                        "player": placer or names.get(other_colour(colour), ""),
                    },
                    "ICF 78(b)" if placer else "ICF 78(a)",
                    rulings.WARNING,
                    "to_place",
                )
            )
        side = view.side_by_colour.get(colour)
        if side is not None:
            side.dues = position.dues[colour]
    # ICF 87: forgo is offered only while carrommen wait to be placed (rulebook engine details).
    offender = next((c for c in ("white", "black") if position.to_place[c]), None)
    if offender is not None:
        view.forgo_by = other_colour(offender)
    colour = position.on_turn
    if colour is None or view.breaker is None:
        return
    view.on_turn_by = colour
    view.cover_due = position.queen == f"pending_cover:{colour}"
    side = view.side_by_colour[colour]
    side.on_turn = True
    if view.snapshot.current is not None and view.snapshot.current.board is None:
        # the next board has not started: its breaker strikes first
        view.seats = doubles_seats(view, view.breaker.side, None)
        view.turn_changes = 0
    if view.seats is not None:
        seat = view.seats[view.turn_changes % 4]
        view.turn = TurnView(seat.name, seat.side, colour, seat.seat)
    else:
        view.turn = TurnView(side.name, side.side, colour)


def _queen_text(state: str, by_colour: dict[str, SideView]) -> str:
    """The queen fact (ICF 52), worded as offline (scoring/screen_words.py)."""
    return screen_words.queen_text(state, {c: s.label for c, s in by_colour.items() if c})


def _board_end(view: Tablet, board: Board, by_side: dict[str, SideView]) -> BoardEnd:
    winner_side = board.result_winner or board.summary_winner or None
    game_number = game_number_of(view, board)
    points = board.result_points if board.kind == Board.Kind.LOG else None
    law = board.result_law
    if board.kind != Board.Kind.LOG:
        state = view.snapshot.state
        game = state.games[game_number - 1] if isinstance(state, MatchState) else None
        last = game.boards[-1] if game and game.boards else None
        if last is not None:
            points, law = last.points, last.law or ""
    claimable = 0
    for note in view.last_notes:
        if note.code == "board_won":
            claimable = int(note.params.get("claimable", 0))
    winner_colour = side_colours(board.breaker).get(winner_side) if winner_side else None
    return BoardEnd(
        number=board_number_of(view.snapshot, board),
        game_number=game_number,
        kind=board.kind,
        void=board.void,
        winner=by_side.get(winner_side) if winner_side else None,
        points=points,
        law=law,
        interpretation=board.result_interpretation,
        winner_colour=winner_colour,
        breaker=board.breaker,
        claimable=claimable,
    )


def with_extra_board_toss(view: Tablet, breaker: str) -> None:
    """The extra board after its fresh toss (ICF 56(b); rulings README ruling 3, point carrom
    too): ``breaker``, the toss's winner, breaks it (with White in the colour game), and the
    screen shows that board as any other before its first stroke."""
    current = view.snapshot.current
    by_side = {s.side: s for s in view.sides}
    if not view.extra_board or current is None or breaker not in by_side:
        return
    view.toss_breaker = by_side[breaker]
    if view.variant.pad_kind is PadKind.POINTS:
        points_opening(view, breaker, by_side)
        return
    scores = {s.side: s.score for s in view.sides}
    by_side[breaker].colour = "white"
    by_side[other_side(breaker)].colour = "black"
    view.breaker = by_side[breaker]
    _position(view, colour_opening(breaker, scores), by_side, view.match)
