"""Games and matches derived from boards (ICF 40, 49, 56–60; rulings 3–5).

A game is a list of board entries: a *summary* (winner, the loser's carrommen left, who covered
the queen), an explicit *award* (winner, points, law), a board *played* (its events), a *void*
board, or a game's score *recorded* by another system (an import; no ICF law). The game layer
takes events, never JSON: the interchange format's ``LogEntry`` reads into a played entry
(:mod:`.interchange` depends on this module, never the reverse). From them the game derives the
scores (capped at the game's points, ruling 3), who breaks next (alternating board by board,
ICF 49), the 8-board limit of early rounds with its extra board on a tie (ICF 56(b)) and the
unlimited late rounds (DCV 56(c)).

A match is best of three games (ICF 57): the toss winner chooses break or side (ICF 40); game 2
is broken first by the player who did not break first in game 1, game 3 by the one who did
(49(a)); sides change before games 2 and 3 and once within game 3 (ICF 58–60, ruling 5).

The board entries and the counted board are :mod:`.entries`, a game's end :mod:`.game_end`
(both importable from here).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .entries import (
    AwardEntry,
    BoardEntry,
    BoardScore,
    PlayedEntry,
    ReadsAsPlayed,
    RecordedEntry,
    SummaryEntry,
    VoidEntry,
    read_played,
    recorded_scores,
    replay_played,
    summary_points,
    with_scores,
)
from .errors import InvalidDocument, RulesError
from .events import Void
from .game_end import GameDecision, board_added, decide_at_time, decide_game
from .position import BLACK, WHITE
from .presets import ICF, RuleSet

__all__ = [
    "AwardEntry",
    "BoardEntry",
    "BoardScore",
    "GameDecision",
    "GameState",
    "MatchState",
    "NextBoard",
    "PlayedEntry",
    "ReadsAsPlayed",
    "RecordedEntry",
    "SummaryEntry",
    "VoidEntry",
    "board_added",
    "decide_at_time",
    "decide_game",
    "derive_game",
    "derive_match",
    "first_breaker_of_game",
    "game_three_side_change",
    "summary_points",
]


@dataclass(frozen=True, slots=True)
class GameState:
    """The answer ``carrom-game-state/1`` plus the boards behind it."""

    players: tuple[str, str]
    scores: dict[str, int]
    boards_played: int
    finished: bool
    winner: str | None
    draw: bool
    next_breaker: str | None
    extra_board: bool
    boards: tuple[BoardScore, ...]
    current: BoardScore | None = None  # a board in progress (the last log, unfinished)

    @property
    def board_points(self) -> list[dict[str, Any]]:
        return [{"winner": b.winner, "points": b.points} for b in self.boards if not b.void]

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": "carrom-game-state/1",
            "scores": dict(self.scores),
            "boards_played": self.boards_played,
            "finished": self.finished,
            "winner": self.winner,
            "draw": self.draw,
            "next_breaker": self.next_breaker,
            "extra_board": self.extra_board,
            "board_points": self.board_points,
        }


def _other(players: tuple[str, str], player: str) -> str:
    return players[1] if player == players[0] else players[0]


def derive_game(
    entries: list[BoardEntry],
    *,
    players: tuple[str, str],
    first_breaker: str,
    rules: RuleSet = ICF,
    stage: str = "early",
    time_up: bool = False,
) -> GameState:
    """Count a game's boards into its state.

    :raises RulesError: a board after the game ended, an unfinished board that is not the
        last, or an impossible board (located ``boards[i]`` / ``boards[i].events[j]``).
    """
    scores = {players[0]: 0, players[1]: 0}
    boards: list[BoardScore] = []
    breaker = first_breaker
    counted = 0
    finished = False
    winner: str | None = None
    draw = False
    extra_board = False
    current: BoardScore | None = None
    limit = rules.board_limit_for(stage)

    for index, entry in enumerate(entries):
        path = f"boards[{index}]"
        if finished:
            raise InvalidDocument("game_finished", "the game has already ended", where=path)
        if current is not None:
            raise InvalidDocument(
                "board_unfinished",
                "only the last board of a game may be unfinished",
                where=f"boards[{index - 1}]",
            )
        this_breaker = entry.breaker or breaker
        other_player = _other(players, this_breaker)
        number = counted + 1
        is_extra = extra_board
        if isinstance(entry, RecordedEntry):
            scores = recorded_scores(entry, players, counted, path)
            counted = 1
            finished = True
            a, b = players
            draw = scores[a] == scores[b]
            winner = None if draw else (a if scores[a] > scores[b] else b)
            boards.append(
                BoardScore(
                    number,
                    this_breaker,
                    winner,
                    0 if winner is None else scores[winner],
                    entry.law,
                    scores_after=dict(scores),
                )
            )
            breaker = _other(players, this_breaker)
            continue
        if isinstance(entry, SummaryEntry):
            points, queen_counted = summary_points(entry, scores[entry.winner], rules)
            board = BoardScore(
                number,
                this_breaker,
                entry.winner,
                points,
                "ICF 53",
                extra_board=is_extra,
                carrommen=entry.carrommen,
                queen=entry.queen,
                queen_counted=queen_counted,
            )
        elif isinstance(entry, AwardEntry):
            if entry.points > rules.board_max:
                raise InvalidDocument(
                    "bad_points",
                    f"a board is worth at most {rules.board_max} points, not {entry.points}",
                    where=path,
                )
            board = BoardScore(
                number, this_breaker, entry.winner, entry.points, entry.law, extra_board=is_extra
            )
        else:
            if isinstance(entry, VoidEntry):
                played = PlayedEntry((Void(),), entry.breaker)
            elif isinstance(entry, PlayedEntry):
                played = entry
            else:
                played = read_played(entry, path)
            position = replay_played(played, this_breaker, other_player, scores, rules, path)
            result = position.result
            if result is None:
                current = BoardScore(
                    number,
                    this_breaker,
                    None,
                    0,
                    None,
                    finished=False,
                    extra_board=is_extra,
                    position=position,
                )
                continue
            if result.void:
                boards.append(
                    BoardScore(
                        number,
                        this_breaker,
                        None,
                        0,
                        result.law,
                        void=True,
                        extra_board=is_extra,
                        position=position,
                    )
                )
                continue  # replayed: same number, same breaker (IT 101)
            board_winner = this_breaker if result.winner == WHITE else other_player
            holder = position.queen_holder
            queen_by = None
            if position.queen.startswith("covered:") and holder is not None:
                queen_by = this_breaker if holder == WHITE else other_player
            loser_colour = BLACK if result.winner == WHITE else WHITE
            board = BoardScore(
                number,
                this_breaker,
                board_winner,
                result.points,
                result.law,
                extra_board=is_extra,
                carrommen=position.on_board[loser_colour],
                queen=queen_by,
                queen_counted=result.law == "ICF 53"
                and queen_by == board_winner
                and rules.queen_counts_for(scores[board_winner]),
                extra_points=result.extra_points,
                interpretation=result.interpretation,
                position=position,
            )

        assert board.winner is not None
        scores[board.winner] = board_added(scores[board.winner], board.points, rules)
        counted += 1
        breaker = _other(players, this_breaker)
        extra_board = False
        boards.append(with_scores(board, scores))
        finished, winner, draw, extra_board = decide_game(scores, counted, limit, rules)

    if time_up and not finished:
        finished, winner, draw, extra_board = decide_at_time(scores)

    if finished or extra_board:
        next_breaker = None
    elif current is not None:
        next_breaker = current.breaker
    else:
        next_breaker = breaker
    return GameState(
        players=players,
        scores=scores,
        boards_played=counted,
        finished=finished,
        winner=winner,
        draw=draw,
        next_breaker=next_breaker,
        extra_board=extra_board,
        boards=tuple(boards),
        current=current,
    )


@dataclass(frozen=True, slots=True)
class NextBoard:
    """Where a match goes on: game and board number, who breaks, whether sides change first."""

    game: int
    board: int
    breaker: str | None
    change_sides: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "board": self.board,
            "breaker": self.breaker,
            "change_sides": self.change_sides,
        }


@dataclass(frozen=True, slots=True)
class MatchState:
    """The answer ``carrom-match-state/1``."""

    players: tuple[str, str]
    games: tuple[GameState, ...]
    games_won: dict[str, int]
    finished: bool
    winner: str | None
    next: NextBoard | None
    first_breakers: tuple[str, ...]
    side_change_after: tuple[int | None, ...]  # per game: the board after which sides changed
    draw: bool = False  # stopped by time with games (and, in its last game, scores) level

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": "carrom-match-state/1",
            "games": [g.to_dict() for g in self.games],
            "games_won": dict(self.games_won),
            "finished": self.finished,
            "winner": self.winner,
            "next": None if self.next is None else self.next.to_dict(),
        }


def first_breaker_of_game(
    game_number: int, players: tuple[str, str], toss_winner: str, toss_choice: str
) -> str:
    """ICF 40, 49(a): game 1 to the toss winner if he chose the break (else to the other);
    game 2 to the player who did not break first in game 1; game 3 to the one who did."""
    first = toss_winner if toss_choice == "break" else _other(players, toss_winner)
    return first if game_number % 2 == 1 else _other(players, first)


def game_three_side_change(game: GameState, rules: RuleSet, stage: str) -> int | None:
    """ICF 60: the board of the deciding game after which sides change, if it came yet:
    after board 4 or at 13 points, whichever first (early rounds); at 13 points only (late)."""
    for board in game.boards:
        if board.void:
            continue
        reached = max(board.scores_after.values()) >= rules.side_change_points
        if reached or (stage == "early" and board.number == rules.side_change_board):
            return board.number
    return None


def derive_match(
    games: list[list[BoardEntry]],
    *,
    players: tuple[str, str],
    toss_winner: str,
    toss_choice: str = "break",
    rules: RuleSet = ICF,
    stage: str = "early",
    time_up: bool = False,
) -> MatchState:
    """Count a best-of-three match from its games' boards.

    A drawn deciding game (a level score recorded by another system, :class:`RecordedEntry`)
    ends the match as time does: more games won wins, equal games are a draw.

    ``time_up``: the round's time limit stopped the match during its last listed game (a
    tournament rule; the ICF Laws set no time limit): that game ends as a ``time_up`` game
    (the leader wins it, level scores are a drawn game) and the match ends: the side with more
    games won wins, equal games are a draw.

    :raises RulesError: a game after the match ended, an unfinished game that is not the last,
        or any error of a game (located ``games[g].boards[i]...``).
    """
    won = {players[0]: 0, players[1]: 0}
    states: list[GameState] = []
    breakers: list[str] = []
    side_changes: list[int | None] = []
    finished = False
    draw = False
    winner: str | None = None
    deciding = 2 * rules.games_to_win - 1
    for g, entries in enumerate(games):
        where = f"games[{g}]"
        if finished:
            raise InvalidDocument("match_finished", "the match has already ended", where=where)
        if states and not states[-1].finished:
            raise InvalidDocument(
                "game_unfinished", "only the last game may be unfinished", where=f"games[{g - 1}]"
            )
        first = first_breaker_of_game(g + 1, players, toss_winner, toss_choice)
        try:
            state = derive_game(
                entries,
                players=players,
                first_breaker=first,
                rules=rules,
                stage=stage,
                time_up=time_up and g == len(games) - 1,
            )
        except RulesError as err:
            raise err.at(where) from None
        states.append(state)
        breakers.append(first)
        side_changes.append(
            game_three_side_change(state, rules, stage) if g + 1 == deciding else None
        )
        if state.finished and state.winner is not None:
            won[state.winner] += 1
            if won[state.winner] >= rules.games_to_win:
                finished, winner = True, state.winner
        elif state.finished and state.draw and g + 1 >= deciding:
            finished = True  # the deciding game drawn (a recorded level score): games decide
            a, b = players
            if won[a] != won[b]:
                winner = a if won[a] > won[b] else b
            else:
                draw = True

    if time_up and not finished:
        finished = True
        a, b = players
        if won[a] != won[b]:
            winner = a if won[a] > won[b] else b
        else:
            draw = True
    next_board: NextBoard | None = None
    if not finished:
        if not states or states[-1].finished:
            number = len(states) + 1
            next_board = NextBoard(
                number,
                1,
                first_breaker_of_game(number, players, toss_winner, toss_choice),
                change_sides=number > 1,
            )
        else:
            last = states[-1]
            number = len(states)
            board = last.boards_played + 1
            change = False
            if number == deciding:
                after = side_changes[-1]
                change = after is not None and board == after + 1
            next_board = NextBoard(number, board, last.next_breaker, change)
    return MatchState(
        players=players,
        games=tuple(states),
        games_won=won,
        finished=finished,
        winner=winner,
        next=next_board,
        first_breakers=tuple(breakers),
        side_change_after=tuple(side_changes),
        draw=draw,
    )
