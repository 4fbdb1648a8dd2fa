"""Point carrom: the three-player point game of seed 003 (preset ``point-carrom``).

Nobody owns a colour. Every pocketed piece scores for the player who pocketed it (black 1,
white 2, queen 5: ``RuleSet.piece_values``); the number of players and the turn order are data
(``players``, in turn order from the breaker). The laws that carry over from ICF:

- break: three attempts, then the next player tries (ICF 44, 45);
- turn: goes on while the player pockets a carromman, or the queen properly (ICF 48);
- queen: only once the player has pocketed a carromman this board (ICF 92); covered by any
  carromman in the same or the next stroke, otherwise back to the centre (ICF 96, 97);
- foul, or the striker pocketed (a foul in seed 003): everything pocketed in that stroke comes
  back, plus one penalty piece of the player's (two with the striker in a foul stroke, as ruling
  7), the lowest in value; owed while he holds none (ICF 72(b)); the turn ends;
- the last carromman may be pocketed only once the queen is covered; pocketing it before is a
  foul (seed 003);
- the board ends when every carromman is pocketed; each player scores what he holds.

Documents are ``carrom-board/1`` with ``"rules": "point-carrom"`` and ``"players": [...]``; a
stroke's ``by`` names the player. The answer is ``carrom-point-board-state/1``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .errors import IllegalEvent, InvalidDocument, InvalidEvent, RulesError
from .events import Pieces, _flag, _pieces
from .position import BLACK, WHITE, PerColour
from .presets import POINT_CARROM, RuleSet, get_rules

ON_BOARD = "on_board"


@dataclass(frozen=True, slots=True)
class PointStroke:
    """A stroke in point carrom: ``by`` is a player's name."""

    by: str
    pocketed: Pieces = Pieces()
    off_board: Pieces = Pieces()
    touched: bool = True
    foul: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "stroke", "by": self.by}
        if not self.touched:
            out["touched"] = False
        if not self.pocketed.empty:
            out["pocketed"] = self.pocketed.to_dict()
        if not self.off_board.empty:
            out["off_board"] = self.off_board.to_dict()
        if self.foul:
            out["foul"] = self.foul
        return out


@dataclass(frozen=True, slots=True)
class PointPosition:
    """A point-carrom board: pieces on the board, each player's pocketed pieces and dues."""

    players: tuple[str, ...]
    on_board: PerColour = PerColour(9, 9)
    queen: str = ON_BOARD
    held: tuple[PerColour, ...] = ()
    dues: tuple[int, ...] = ()
    queen_right: tuple[bool, ...] = ()
    on_turn: int = 0
    break_made: bool = False
    break_attempts: int = 0
    finished: bool = False

    def index(self, player: str) -> int:
        return self.players.index(player)

    def points(self, rules: RuleSet = POINT_CARROM) -> dict[str, int]:
        """What each player's pocketed pieces (and a covered queen) are worth."""
        values = rules.piece_values
        out = {}
        for i, name in enumerate(self.players):
            held = self.held[i]
            total = held.white * values[WHITE] + held.black * values[BLACK]
            if self.queen == f"covered:{name}":
                total += values["queen"]
            out[name] = total
        return out

    def to_state(self, rules: RuleSet = POINT_CARROM) -> dict[str, Any]:
        return {
            "format": "carrom-point-board-state/1",
            "players": list(self.players),
            "on_board": self.on_board.to_dict(),
            "queen": self.queen,
            "held": {n: self.held[i].to_dict() for i, n in enumerate(self.players)},
            "dues": {n: self.dues[i] for i, n in enumerate(self.players)},
            "queen_right": {n: self.queen_right[i] for i, n in enumerate(self.players)},
            "on_turn": None if self.finished else self.players[self.on_turn],
            "break_made": self.break_made,
            "break_attempts": self.break_attempts,
            "finished": self.finished,
            "result": (
                {"points": self.points(rules), "law": "point carrom"} if self.finished else None
            ),
        }


def opening(players: tuple[str, ...], breaker: str | None = None) -> PointPosition:
    """The opening position; the breaker (default: the first player) is on turn."""
    if len(players) < 2 or len(set(players)) != len(players):
        raise InvalidDocument("bad_players", "point carrom needs two or more different players")
    n = len(players)
    return PointPosition(
        players=tuple(players),
        held=(PerColour(0, 0),) * n,
        dues=(0,) * n,
        queen_right=(False,) * n,
        on_turn=0 if breaker is None else players.index(breaker),
    )


def _set(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return values[:i] + (value,) + values[i + 1:]


def _pay(position: PointPosition, i: int, owed: int) -> PointPosition:
    """Return ``owed`` penalty pieces of player ``i`` (the lowest in value first); what he
    cannot pay stays owed (ICF 72(b))."""
    held = position.held[i]
    on_board = position.on_board
    for colour in (BLACK, WHITE):
        take = min(owed, held[colour])
        if take:
            held = held.set(colour, held[colour] - take)
            on_board = on_board.set(colour, on_board[colour] + take)
            owed -= take
    return replace(position, held=_set(position.held, i, held), on_board=on_board,
                   dues=_set(position.dues, i, owed))


def apply_point(position: PointPosition, stroke: PointStroke,
                rules: RuleSet = POINT_CARROM) -> PointPosition:
    """The position after one point-carrom stroke.

    :raises IllegalEvent: a stroke after the board ended, by a player not on turn, or moving
        pieces that are not on the board.
    """
    if position.finished:
        raise IllegalEvent("board_finished", "the board has ended")
    if stroke.by not in position.players:
        raise IllegalEvent("unknown_player", f"{stroke.by!r} does not play on this board")
    i = position.index(stroke.by)
    if i != position.on_turn:
        raise IllegalEvent(
            "not_on_turn", f"{position.players[position.on_turn]} is on turn, not {stroke.by}"
        )
    pocketed = stroke.pocketed
    for colour in (WHITE, BLACK):
        if pocketed[colour] + stroke.off_board[colour] > position.on_board[colour]:
            raise IllegalEvent("more_than_on_board",
                               f"more {colour} carrommen moved than lie on the board")
    if (pocketed.queen or stroke.off_board.queen) and position.queen != ON_BOARD:
        raise IllegalEvent("queen_not_on_board", "the queen is not on the board")
    n = len(position.players)
    next_player = (i + 1) % n

    if not position.break_made:
        if not stroke.touched:
            if pocketed.carrommen or pocketed.queen:
                raise IllegalEvent("untouched_but_moved",
                                   "a stroke that touched nothing cannot pocket anything")
            attempts = position.break_attempts + 1
            if stroke.foul or pocketed.striker or attempts >= rules.break_attempts:
                return replace(position, on_turn=next_player, break_attempts=0)
            return replace(position, break_attempts=attempts)
        position = replace(position, break_made=True, break_attempts=0)

    carrommen = pocketed.carrommen
    left = position.on_board.white + position.on_board.black - carrommen
    queen_pending = position.queen == f"pending_cover:{stroke.by}"
    would_cover = queen_pending or (pocketed.queen and carrommen > 0)
    foul = stroke.foul is not None or pocketed.striker
    if left == 0 and not (position.queen.startswith("covered:") or would_cover):
        foul = True  # the last carromman before the queen is covered (seed 003)

    if foul:
        penalty = 2 if (stroke.foul is not None and pocketed.striker) else 1
        position = replace(position, queen=ON_BOARD if queen_pending else position.queen)
        owed = position.dues[i] + penalty
        position = replace(position, dues=_set(position.dues, i, 0))
        position = _pay(position, i, owed)
        return replace(position, on_turn=next_player)

    held = position.held[i]
    held = PerColour(held.white + pocketed.white, held.black + pocketed.black)
    on_board = PerColour(position.on_board.white - pocketed.white,
                         position.on_board.black - pocketed.black)
    has_right = position.queen_right[i] or carrommen > 0
    queen = position.queen
    keeps_turn = carrommen > 0
    if pocketed.queen:
        if has_right:
            queen = f"covered:{stroke.by}" if carrommen else f"pending_cover:{stroke.by}"
            keeps_turn = True
    elif queen_pending:
        queen = f"covered:{stroke.by}" if carrommen else ON_BOARD
    position = replace(
        position, held=_set(position.held, i, held), on_board=on_board, queen=queen,
        queen_right=_set(position.queen_right, i, has_right),
    )
    if position.dues[i]:
        position = _pay(position, i, position.dues[i])
    if position.on_board.white + position.on_board.black == 0:
        return replace(position, finished=True)
    return replace(position, on_turn=i if keeps_turn else next_player)


_STROKE_KEYS = {"type", "by", "pocketed", "off_board", "touched", "foul"}


def parse_point_stroke(data: Any) -> PointStroke:
    """Read a point-carrom stroke from its JSON form."""
    if not isinstance(data, dict):
        raise InvalidEvent("bad_event", "an event must be an object")
    if data.get("type") != "stroke":
        raise InvalidEvent("unknown_event_type",
                           f"point carrom records strokes only, not {data.get('type')!r}")
    unknown = set(data) - _STROKE_KEYS
    if unknown:
        raise InvalidEvent("unknown_field", f"unknown field {sorted(unknown)[0]!r} in stroke")
    by = data.get("by")
    if not isinstance(by, str):
        raise InvalidEvent("missing_field", "a stroke needs 'by' (a player's name)")
    foul = data.get("foul")
    if foul not in (None, "improper_stroke", "break_before_play"):
        raise InvalidEvent("unknown_foul", f"unknown foul {foul!r}")
    return PointStroke(
        by=by,
        pocketed=_pieces(data.get("pocketed"), "pocketed"),
        off_board=_pieces(data.get("off_board"), "off_board"),
        touched=_flag(data.get("touched", True), "touched"),
        foul=foul,
    )


def replay_point(
    events: list[Any], players: tuple[str, ...], rules: RuleSet = POINT_CARROM,
    breaker: str | None = None,
) -> PointPosition:
    """Replay a point-carrom board.

    :raises RulesError: located at the index of the first bad event.
    """
    position = opening(players, breaker)
    for index, event in enumerate(events):
        try:
            if isinstance(event, dict):
                event = parse_point_stroke(event)
            position = apply_point(position, event, rules)
        except RulesError as err:
            raise err.at(index) from None
    return position


def replay_point_board_document(data: dict[str, Any]) -> dict[str, Any]:
    """Replay a point-carrom ``carrom-board/1`` document."""
    allowed = {"format", "rules", "players", "scores", "events", "start"}
    unknown = set(data) - allowed
    if unknown:
        raise InvalidDocument("unknown_field", f"unknown field {sorted(unknown)[0]!r}",
                              where="-")
    if data.get("start") is not None:
        raise InvalidDocument("bad_start", "point carrom boards start from the opening",
                              where="-")
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise InvalidDocument("bad_players", "players must be a list of names", where="-")
    rules = get_rules(data.get("rules"))
    events = data.get("events", [])
    if not isinstance(events, list):
        raise InvalidDocument("bad_events", "events must be a list", where="-")
    try:
        position = replay_point(events, tuple(players), rules)
    except InvalidDocument as err:
        raise InvalidDocument(err.code, err.message, where="-") from None
    return position.to_state(rules)


@dataclass(frozen=True, slots=True)
class PointGame:
    """A point-carrom game: to ``game_points`` or the leader after the board limit."""

    players: tuple[str, ...]
    scores: dict[str, int]
    boards_played: int
    finished: bool
    winner: str | None
    extra_board: bool
    next_breaker: str | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": "carrom-point-game-state/1",
            "scores": dict(self.scores),
            "boards_played": self.boards_played,
            "finished": self.finished,
            "winner": self.winner,
            "extra_board": self.extra_board,
            "next_breaker": self.next_breaker,
        }


def derive_point_game(
    board_points: list[dict[str, int]], players: tuple[str, ...],
    rules: RuleSet = POINT_CARROM, first_breaker: str | None = None,
) -> PointGame:
    """Add up the boards of a point-carrom game. The break rotates through the players in
    turn order; the game ends at ``game_points`` (the highest score wins; a tie at the top
    plays an extra board) or after the board limit (the leader wins, a tie plays on)."""
    scores = dict.fromkeys(players, 0)
    start = 0 if first_breaker is None else players.index(first_breaker)
    finished = False
    winner = None
    extra = False
    for number, points in enumerate(board_points, start=1):
        if finished:
            raise InvalidDocument("game_finished", "the game has already ended",
                                  where=f"boards[{number - 1}]")
        for name, value in points.items():
            scores[name] += value
        top = max(scores.values())
        leaders = [n for n in players if scores[n] == top]
        limit = rules.late_board_limit or rules.board_limit
        if top >= rules.game_points or number >= limit:
            if len(leaders) == 1:
                finished, winner, extra = True, leaders[0], False
            else:
                extra = True
    played = len(board_points)
    next_breaker = None if finished else players[(start + played) % len(players)]
    return PointGame(players, scores, played, finished, winner, extra, next_breaker)
