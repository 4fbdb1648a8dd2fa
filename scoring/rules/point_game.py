"""A point-carrom game (seed 003), counted as the colour game is (:func:`.game.derive_game`):
boards given as points or as their events, void boards replayed and not counted (IT 101), the
break rotating through the players, the end by :func:`.game_end.decide_game` (the points or
the board limit, a tie at the top an extra board whose break a fresh toss decides) or by
time (:func:`.game_end.decide_at_time`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .entries import VoidEntry
from .errors import InvalidDocument, RulesError
from .events import Void
from .game_end import GameDecision, decide_at_time, decide_game
from .point_events import PointEvent
from .point_position import PointPosition, board_total
from .point_step import replay_point
from .presets import POINT_CARROM, RuleSet


@dataclass(frozen=True, slots=True)
class PointAwardEntry:
    """A point-carrom board given as each player's points (missing players score 0); at most
    what a board holds together (32, :func:`board_total`)."""

    points: tuple[tuple[str, int], ...]
    breaker: str | None = None


@dataclass(frozen=True, slots=True)
class PointPlayedEntry:
    """A point-carrom board given as its events, replayed from the game's score before it
    (rulebook, engine details: a player reaching the game points in mid-board ends the game
    when the preset ends games at the points)."""

    events: tuple[PointEvent, ...] = ()
    breaker: str | None = None


#: a point-carrom game's board: its points, its events, or a void board (the colour game's
#: :class:`~.game.VoidEntry`: not counted, the same breaker plays it again, IT 101)
PointEntry = PointAwardEntry | PointPlayedEntry | VoidEntry


@dataclass(frozen=True, slots=True)
class PointBoardScore:
    """One board of a point-carrom game as the game counts it."""

    number: int  # 1-based among counted boards; a void board carries the number it replays
    breaker: str
    points: dict[str, int]
    void: bool = False
    finished: bool = True
    extra_board: bool = False
    scores_after: dict[str, int] = field(default_factory=dict)
    position: PointPosition | None = None  # for boards given as events


@dataclass(frozen=True, slots=True)
class PointGame:
    """A point-carrom game: to ``game_points`` or the leader after the board limit; a tie at
    the top plays an extra board (its break a fresh toss: ``next_breaker`` ``None``); a game
    stopped by time is won by the leader or drawn."""

    players: tuple[str, ...]
    scores: dict[str, int]
    boards_played: int
    finished: bool
    winner: str | None
    extra_board: bool
    next_breaker: str | None
    draw: bool = False
    boards: tuple[PointBoardScore, ...] = ()
    current: PointBoardScore | None = None  # the board in play (an unfinished last log)
    #: who the rotation gives the next break to (``next_breaker`` unless the game ended or
    #: the extra board's toss decides it): a table without a fresh lot falls back to it
    next_in_rotation: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": "carrom-point-game-state/1",
            "scores": dict(self.scores),
            "boards_played": self.boards_played,
            "finished": self.finished,
            "winner": self.winner,
            "draw": self.draw,
            "extra_board": self.extra_board,
            "next_breaker": self.next_breaker,
        }


def _turn_order(players: tuple[str, ...], breaker: str) -> tuple[str, ...]:
    first = players.index(breaker)
    return players[first:] + players[:first]


def derive_point_games(
    entries: Sequence[PointEntry],
    players: tuple[str, ...],
    rules: RuleSet = POINT_CARROM,
    first_breaker: str | None = None,
    *,
    stage: str = "early",
    time_up: bool = False,
) -> PointGame:
    """Count a point-carrom game's boards, as :func:`~.game.derive_game` counts the colour
    game's: the break rotates through the players in turn order (a board's ``breaker``
    overrides it, the following boards rotate from it); void boards are replayed and not
    counted; only the last board may be unfinished; scores are recorded capped at the game
    points (ruling 3); the end is :func:`~.game.decide_game` (seed 003: 25 points or the
    leader after 8 boards, a tie at the top an extra board), time :func:`~.game.decide_at_time`.

    :raises RulesError: a board after the game ended, an unfinished board that is not the
        last, an impossible board (located ``boards[i]`` / ``boards[i].events[j]``).
    """
    if len(players) < 2 or len(set(players)) != len(players):
        raise InvalidDocument("bad_players", "point carrom needs two or more different players")
    scores = dict.fromkeys(players, 0)
    breaker = players[0] if first_breaker is None else first_breaker
    if breaker not in players:
        raise InvalidDocument("bad_breaker", "the first breaker must be one of the players")
    limit = rules.board_limit_for(stage)
    total = board_total(rules)
    counted = 0
    decision = GameDecision()
    boards: list[PointBoardScore] = []
    current: PointBoardScore | None = None
    for index, entry in enumerate(entries):
        path = f"boards[{index}]"
        if decision.finished:
            raise InvalidDocument("game_finished", "the game has already ended", where=path)
        if current is not None:
            raise InvalidDocument(
                "board_unfinished",
                "only the last board of a game may be unfinished",
                where=f"boards[{index - 1}]",
            )
        this_breaker = entry.breaker or breaker
        if this_breaker not in players:
            raise InvalidDocument("bad_breaker", "breaker must be one of the players", where=path)
        number = counted + 1
        if isinstance(entry, PointAwardEntry):
            given = dict(entry.points)
            unknown = [p for p in given if p not in players]
            if unknown:
                raise InvalidDocument("unknown_player", f"{unknown[0]!r} does not play", where=path)
            if any(type(v) is not int or v < 0 for v in given.values()):
                raise InvalidDocument("bad_points", "points are whole numbers from 0", where=path)
            if sum(given.values()) > total:
                raise InvalidDocument(
                    "bad_points",
                    f"a board holds {total} points, not {sum(given.values())}",
                    where=path,
                )
            points = {p: given.get(p, 0) for p in players}
            position = None
        else:
            events: tuple[PointEvent, ...] = (
                (Void(),) if isinstance(entry, VoidEntry) else entry.events
            )
            try:
                position = replay_point(
                    list(events), _turn_order(players, this_breaker), rules, this_breaker, scores
                )
            except RulesError as err:
                where = path if err.where in (None, "-") else f"{path}.events[{err.where}]"
                raise type(err)(err.code, err.message, where=where) from None
            if not position.finished:
                current = PointBoardScore(
                    number,
                    this_breaker,
                    position.points(rules),
                    finished=False,
                    extra_board=decision.extra_board,
                    position=position,
                )
                continue
            if position.void:
                # IT 101: replayed under the same number by the same breaker; not counted
                boards.append(
                    PointBoardScore(
                        number,
                        this_breaker,
                        dict.fromkeys(players, 0),
                        void=True,
                        extra_board=decision.extra_board,
                        position=position,
                    )
                )
                continue
            points = {p: position.points(rules)[p] for p in players}
        for name in players:
            # recorded capped at the game points, as in the colour game (ruling 3)
            scores[name] = min(scores[name] + points[name], rules.game_points)
        counted += 1
        boards.append(
            PointBoardScore(
                number,
                this_breaker,
                points,
                extra_board=decision.extra_board,
                scores_after=dict(scores),
                position=position,
            )
        )
        breaker = players[(players.index(this_breaker) + 1) % len(players)]
        decision = decide_game(scores, counted, limit, rules)
    if time_up and not decision.finished:
        decision = decide_at_time(scores)
    if decision.finished or decision.extra_board:
        next_breaker = None  # the extra board's break is a fresh toss (ruling 3)
    elif current is not None:
        next_breaker = current.breaker
    else:
        next_breaker = breaker
    in_rotation = (
        None if decision.finished else (current.breaker if current is not None else breaker)
    )
    return PointGame(
        players,
        scores,
        counted,
        decision.finished,
        decision.winner,
        decision.extra_board,
        next_breaker,
        decision.draw,
        tuple(boards),
        current,
        in_rotation,
    )


def derive_point_game(
    board_points: list[dict[str, int]],
    players: tuple[str, ...],
    rules: RuleSet = POINT_CARROM,
    first_breaker: str | None = None,
    *,
    stage: str = "early",
    time_up: bool = False,
) -> PointGame:
    """Add up a point-carrom game's counted boards given as each player's points
    (:func:`derive_point_games`)."""
    entries = [PointAwardEntry(tuple(points.items())) for points in board_points]
    return derive_point_games(entries, players, rules, first_breaker, stage=stage, time_up=time_up)
