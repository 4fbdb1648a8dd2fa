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
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from .board import replay
from .errors import InvalidDocument, RulesError
from .events import Event, Void
from .position import BLACK, WHITE, PerColour, Position
from .presets import ICF, RuleSet


@dataclass(frozen=True, slots=True)
class SummaryEntry:
    """A board given as its outcome: the loser's carrommen left and who covered the queen."""

    winner: str
    carrommen: int = 0
    queen: str | None = None
    breaker: str | None = None


@dataclass(frozen=True, slots=True)
class AwardEntry:
    """A board given as an explicit award (winner, points, law)."""

    winner: str
    points: int
    law: str | None = None
    breaker: str | None = None


@dataclass(frozen=True, slots=True)
class PlayedEntry:
    """A board given as its events, from the opening or from ``start`` (whose ``scores`` the
    game sets: the game scores before the board, ICF 54). ``rules``: the preset's key the board
    was played under, if known (it must be the game's)."""

    events: tuple[Event, ...] = ()
    breaker: str | None = None
    start: Position | None = None
    rules: str | None = None


@dataclass(frozen=True, slots=True)
class VoidEntry:
    """A board that does not count: void (IT 101) or withdrawn. The same breaker plays the
    board again under the same number."""

    breaker: str | None = None


@dataclass(frozen=True, slots=True)
class RecordedEntry:
    """A game's final score as another system recorded it (an imported record, e.g. a SoL
    archive), kept as it was recorded. No ICF law: under ICF 56 a game ends when a side
    reaches the game's points, so a level 25–25 never arises on a board; the record stands
    for the whole game and is its only counted board. The higher score wins the game; level
    scores are a drawn game. ``scores``: ``(player, score)`` pairs; ``law``: who recorded it
    (e.g. ``"SoL result"``)."""

    scores: tuple[tuple[str, int], ...]
    law: str | None = None
    breaker: str | None = None


class ReadsAsPlayed(Protocol):
    """A board entry in another form (e.g. the interchange format's ``LogEntry``) that reads
    into a :class:`PlayedEntry`; the game layer never reads documents itself."""

    @property
    def breaker(self) -> str | None: ...

    def played(self) -> PlayedEntry: ...


BoardEntry = SummaryEntry | AwardEntry | PlayedEntry | VoidEntry | RecordedEntry | ReadsAsPlayed


@dataclass(frozen=True, slots=True)
class BoardScore:
    """One board of a game as the game counts it."""

    number: int  # 1-based among counted boards; a void board carries the number it replays
    breaker: str
    winner: str | None
    points: int
    law: str | None
    void: bool = False
    finished: bool = True
    extra_board: bool = False
    carrommen: int | None = None
    queen: str | None = None  # who covered the queen, where known
    queen_counted: bool = False
    extra_points: int = 0
    interpretation: bool = False
    scores_after: dict[str, int] = field(default_factory=dict)
    position: Position | None = None  # the final position, for boards given as logs


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


class GameDecision(NamedTuple):
    """Where a game stands after a counted board (or when time stops it)."""

    finished: bool = False
    winner: str | None = None
    draw: bool = False
    extra_board: bool = False


def _leaders(scores: Mapping[str, int]) -> list[str]:
    top = max(scores.values())
    return [name for name, score in scores.items() if score == top]


def board_added(score: int, points: int, rules: RuleSet) -> int:
    """A game score after a board won with ``points``: never past the game's points
    (ICF 53: the game is won at 25)."""
    return min(score + points, rules.game_points)


def decide_game(
    scores: Mapping[str, int], counted: int, limit: int | None, rules: RuleSet
) -> GameDecision:
    """ICF 56 and ruling 3, for every preset and both variants: the game ends when a player
    reaches the game points (the one at the top wins) or, with a board limit, after it (the
    leader wins); a tie at the top is decided by one extra board, whose break a fresh toss
    decides (ICF 56(b); point carrom likewise, rulebook, engine details), or is a draw when
    the preset plays no extra board. ``scores``: capped at the game points."""
    leaders = _leaders(scores)
    reached = scores[leaders[0]] >= rules.game_points
    if not reached and (limit is None or counted < limit):
        return GameDecision()
    if len(leaders) == 1:
        return GameDecision(finished=True, winner=leaders[0])
    if rules.extra_board_on_tie:
        return GameDecision(extra_board=True)
    return GameDecision(finished=True, draw=True)


def decide_at_time(scores: Mapping[str, int]) -> GameDecision:
    """A game stopped by the round's time limit (rulebook, ``time_up``; a tournament rule, the
    ICF Laws set none): the leader wins, a tie at the top is a draw."""
    leaders = _leaders(scores)
    if len(leaders) == 1:
        return GameDecision(finished=True, winner=leaders[0])
    return GameDecision(finished=True, draw=True)


def _other(players: tuple[str, str], player: str) -> str:
    return players[1] if player == players[0] else players[0]


def summary_points(
    entry: SummaryEntry, winner_score: int, rules: RuleSet = ICF
) -> tuple[int, bool]:
    """ICF 53–55: the loser's carrommen plus the queen if the winner covered it himself while
    his score before the board was at most 21; at most 12. Returns (points, queen counted)."""
    counted = entry.queen == entry.winner and rules.queen_counts_for(winner_score)
    points = entry.carrommen + (rules.queen_value if counted else 0)
    return min(points, rules.board_max), counted


def _replay_played(
    entry: PlayedEntry,
    white: str,
    black: str,
    scores: dict[str, int],
    rules: RuleSet,
    path: str,
) -> Position:
    if entry.rules is not None and entry.rules != rules.key:
        raise InvalidDocument(
            "rules_mismatch",
            f"the board is played under {entry.rules!r}, the game under {rules.key!r}",
            where=path,
        )
    board_scores = PerColour(scores[white], scores[black])
    start = (
        Position(scores=board_scores)
        if entry.start is None
        else entry.start._replace(scores=board_scores)
    )
    try:
        return replay(entry.events, rules, start)
    except RulesError as err:
        if err.where in (None, "-"):
            raise type(err)(err.code, err.message, where=path) from None
        raise type(err)(err.code, err.message, where=f"{path}.events[{err.where}]") from None


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
            scores = _recorded_scores(entry, players, counted, path)
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
                played = _read(entry, path)
            position = _replay_played(played, this_breaker, other_player, scores, rules, path)
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
        boards.append(_with_scores(board, scores))
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


def _recorded_scores(
    entry: RecordedEntry, players: tuple[str, str], counted: int, path: str
) -> dict[str, int]:
    """The scores of a recorded game, checked: both players, whole numbers from 0, and no
    board counted before it (the record is the whole game)."""
    if counted:
        raise InvalidDocument(
            "recorded_not_alone", "a recorded game score is the game's only board", where=path
        )
    scores = dict(entry.scores)
    if set(scores) != set(players) or len(entry.scores) != 2:
        raise InvalidDocument("bad_scores", "a recorded game score names both players", where=path)
    if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in scores.values()):
        raise InvalidDocument("bad_scores", "a recorded score is a whole number from 0", where=path)
    return {players[0]: scores[players[0]], players[1]: scores[players[1]]}


def _read(entry: ReadsAsPlayed, path: str) -> PlayedEntry:
    try:
        return entry.played()
    except RulesError as err:
        if err.where in (None, "-"):
            raise type(err)(err.code, err.message, where=path) from None
        raise type(err)(err.code, err.message, where=f"{path}.events[{err.where}]") from None


def _with_scores(board: BoardScore, scores: dict[str, int]) -> BoardScore:
    from dataclasses import replace

    return replace(board, scores_after=dict(scores))


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
