"""The board's log as the tablet's offline rules engine reads it (issue 12).

The tablet keeps this beside the screen (the page's data, never executed): while the network
is gone, :mod:`scoring.offline.browser` replays it and the queued strokes through the rules
engine in the browser. It reuses the tablet's view (:func:`scoring.selectors.umpire.tablet`):
no query of its own.
"""

from __future__ import annotations

from typing import Any

from scoring.records import other_side, side_colours
from scoring.records.interval import INTERVAL
from scoring.rules import first_breaker_of_game, get_rules
from scoring.rules.house import document_rules
from scoring.selectors.umpire import Tablet, colour_with_name


def engine_log(view: Tablet) -> dict[str, Any] | None:
    """The current board's start (the rule set, the game scores of each colour, the names the
    rulings use) and its events, oldest first; ``None`` when no stroke can be taken or the
    browser could not rule on it (no toss yet, the extra board before its toss, a finished
    match, point carrom: those strokes are kept without rulings)."""
    snapshot = view.snapshot
    current = snapshot.current
    # the extra board: its breaker is the fresh toss's winner once recorded (ICF 56(b))
    breaker = current.breaker if current is not None else None
    if breaker is None and view.toss_breaker is not None:
        breaker = view.toss_breaker.side
    if view.phase != "play" or not view.variant.offline_rulings or current is None or not breaker:
        return None
    white, black = breaker, other_side(breaker)
    state = snapshot.state
    games = getattr(state, "games", [])
    scores = (
        games[current.game_number - 1].scores
        if current.game_number <= len(games)
        else {"a": 0, "b": 0}
    )
    board = current.board
    return {
        "board": f"{current.game_number}-{current.board_number}",
        "revision": snapshot.revision,
        **document_rules(get_rules(board.rules if board is not None else view.match.rules)),
        "scores": {"white": scores.get(white, 0), "black": scores.get(black, 0)},
        "names": {
            "white": colour_with_name("white", view, white),
            "black": colour_with_name("black", view, black),
        },
        # the screen's words offline (scoring/screen_words.py): the entries, the board shown
        "players": {"white": snapshot.side_name(white), "black": snapshot.side_name(black)},
        # the sides in the screen's order (a, b), by this board's colours: the game's card
        # offline lists their scores as the server's does
        "order": ["white", "black"] if white == "a" else ["black", "white"],
        "game_number": current.game_number,
        # who breaks the next game's first board (ICF 49(a), by this board's colours): the
        # offline card at a game's end names him on turn, as the server's does
        "next_game_breaker": _next_game_breaker(view, current.game_number, white),
        "board_number": view.board_number,
        "events": [event.payload for event in (current.events if board is not None else [])],
        # doubles (ICF 49(b)): the players around the board in turn order from the board's
        # breaker; offline, "To play" names the one the turn's changes reach, as online
        "seats": [{"name": s.name, "seat": s.seat} for s in view.seats] if view.seats else None,
        # ... and for the boards begun offline (scoring/offline/between.py): the four seats in
        # seat order by this board's colours, and the boards each side broke before this one
        "ring": [
            {"name": s.name, "seat": s.seat, "colour": "white" if s.side == white else "black"}
            for s in sorted(view.seats, key=lambda s: s.seat)
        ]
        if view.seats
        else None,
        "broken": _broken(snapshot, board, white) if view.seats else None,
        # IT 102: the interval before the deciding game, which the tablet times offline from
        # when it kept the game's last board
        "interval_seconds": int(INTERVAL.total_seconds()),
        # the steps between boards offline (issue 28): the step's name, the board limit and
        # the deciding game's side change (ICF 56, 60), the games won (ICF 57) by this board's
        # colours, the games already over as the match's end lists them
        "match_id": view.match.pk,
        "stage": view.match.stage,
        "doubles": bool(view.match.event.is_doubles),
        "games_won": {
            "white": getattr(state, "games_won", {}).get(white, 0),
            "black": getattr(state, "games_won", {}).get(black, 0),
        },
        "side_change_after": _side_change_after(state, current.game_number),
        "finished_games": [
            [g["number"], [[s.name, g["scores"].get(s.side, 0)] for s in view.sides]]
            for g in view.finished_games
        ],
    }


def _broken(snapshot: Any, board: Any, white: str) -> dict[str, int]:
    """The boards each side broke before ``board`` (a void one aside), by its colours: who of
    a pair breaks next (ICF 49(b)), counted as the server's seats count them."""
    broken = {"white": 0, "black": 0}
    colours = side_colours(white)
    for game in snapshot.games:
        for row in snapshot.boards.get(game.pk, []):
            if board is not None and row.pk == board.pk:
                return broken
            if not row.void and row.breaker in ("a", "b"):
                broken[colours[row.breaker]] += 1
    return broken


def _side_change_after(state: Any, game_number: int) -> int | None:
    after = getattr(state, "side_change_after", ())
    return after[game_number - 1] if game_number <= len(after) else None


def _next_game_breaker(view: Tablet, game_number: int, white: str) -> str | None:
    match = view.match
    if not (match.toss_winner and match.toss_choice):
        return None
    side = first_breaker_of_game(game_number + 1, ("a", "b"), match.toss_winner, match.toss_choice)
    return "white" if side == white else "black"
