"""Point carrom: the three-player point game of seed 003 (preset ``point-carrom``).

Nobody owns a colour. Every pocketed piece scores for the player who pocketed it (black 1,
white 2, queen 5: ``RuleSet.piece_values``); the number of players and the turn order are data
(``players``, in turn order from the breaker). The laws that carry over from ICF:

- break: three attempts, then the next player tries (ICF 44, 45); the third failure is a foul
  (seed 003: one penalty piece), a foul or the striker in an attempt passes it without one
  (45(c));
- turn: goes on while the player pockets a carromman, or the queen properly (ICF 48);
- queen: only once the player has pocketed a carromman in an *earlier* stroke of the board
  (ICF 92; a queen pocketed with the first carromman goes back and the turn ends, ICF 95(a);
  setting ``queen_right_same_stroke``); covered by any carromman in the same or the next stroke,
  otherwise back to the centre (ICF 96, 97);
- foul, or the striker pocketed (a foul in seed 003): everything pocketed in that stroke comes
  back, plus one penalty piece of the player's (two with the striker in a foul stroke, as ruling
  7), the lowest in value; owed while he holds none (ICF 72(b)); the turn ends;
- a piece off the board goes back to the centre and costs nothing (ICF 65; setting
  ``off_board_foul``: seed 003 lists it as a foul);
- the last carromman may be pocketed only once the queen is covered; pocketing it before is a
  foul (seed 003);
- the board ends when every carromman is pocketed; each player scores what he holds; with
  ``game_end="at_points"`` (default, seed 003 "Das Spiel endet, wenn ein Spieler 25 oder mehr
  Punkte erreicht hat": an interpretation) it ends the moment a player's game score (before the
  board + what he holds) reaches ``game_points``;
- board loss (ICF 51, 91; interpretation: the offender scores nothing on this board, the others
  keep what they hold), umpire ruling (points per player, together at most the board's 32),
  technical foul (ICF 63) and void (IT 101) as in the colour game;
- the rulebook's "Engine details" as in the colour game: the queen right is earned in a foul
  stroke too (ICF 92, 95(c)); the queen pocketed while owing a due goes back and the turn ends
  (95(b)); the last carromman ends the board before a due is paid; a finished board reports no
  dues and no break attempts; an umpire ruling or a void may follow the end, nothing a void.

Games (:func:`derive_point_games`) are counted through the colour game's end rules
(:func:`.game.decide_game`, :func:`.game.decide_at_time`).

Invariant: while no umpire ruling, loss or void decides the board, the players' points and the
value left on the board (the queen counts there until covered) add up to 32 (9·1 + 9·2 + 5).

Documents are ``carrom-board/1`` with ``"rules": "point-carrom"`` and ``"players": [...]``
(optional ``"scores"`` before the board and ``"settings"``); a stroke's ``by`` names the player.
The answer is ``carrom-point-board-state/1``.

The engine's parts, all importable from here: :mod:`.point_events` (the events and their JSON
form), :mod:`.point_position` (the position, the opening, what a board holds),
:mod:`.point_step` (the laws, one event at a time, and the replay), :mod:`.point_document` (a
board document and its settings), :mod:`.point_game` (a game counted from its boards).
"""

from __future__ import annotations

from .point_document import json_text, replay_point_board_document, rules_with_settings
from .point_events import (
    PointEvent,
    PointRuling,
    PointStroke,
    PointTechnicalFoul,
    parse_point_event,
    parse_point_stroke,
)
from .point_game import (
    PointAwardEntry,
    PointBoardScore,
    PointEntry,
    PointGame,
    PointPlayedEntry,
    derive_point_game,
    derive_point_games,
)
from .point_position import (
    END_BOARD_LOSS,
    END_CARROMMEN,
    END_GAME_POINTS,
    END_LAWS,
    END_RULING,
    END_VOID,
    ON_BOARD,
    PointPosition,
    PointStep,
    board_total,
    opening,
)
from .point_step import apply_point, replay_point, replay_point_steps, step_point

__all__ = [
    "END_BOARD_LOSS",
    "END_CARROMMEN",
    "END_GAME_POINTS",
    "END_LAWS",
    "END_RULING",
    "END_VOID",
    "ON_BOARD",
    "PointAwardEntry",
    "PointBoardScore",
    "PointEntry",
    "PointEvent",
    "PointGame",
    "PointPlayedEntry",
    "PointPosition",
    "PointRuling",
    "PointStep",
    "PointStroke",
    "PointTechnicalFoul",
    "apply_point",
    "board_total",
    "derive_point_game",
    "derive_point_games",
    "json_text",
    "opening",
    "parse_point_event",
    "parse_point_stroke",
    "replay_point",
    "replay_point_board_document",
    "replay_point_steps",
    "rules_with_settings",
    "step_point",
]
