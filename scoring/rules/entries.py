"""What a game is fed, board by board, and a board as the game counts it (ICF 53–55): a
*summary* (winner, the loser's carrommen left, who covered the queen), an explicit *award*, a
board *played* (its events), a *void* board (IT 101) or a game's score *recorded* by another
system; :class:`BoardScore` is one counted board of :func:`.game.derive_game`. Also how the
game reads an entry: a played board replayed from the game's scores before it (ICF 54), a
recorded game's scores checked, an entry in another form read as played."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Protocol

from .board import replay
from .errors import InvalidDocument, RulesError
from .events import Event
from .position import PerColour, Position
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


def summary_points(
    entry: SummaryEntry, winner_score: int, rules: RuleSet = ICF
) -> tuple[int, bool]:
    """ICF 53–55: the loser's carrommen plus the queen if the winner covered it himself while
    his score before the board was at most 21; at most 12. Returns (points, queen counted)."""
    counted = entry.queen == entry.winner and rules.queen_counts_for(winner_score)
    points = entry.carrommen + (rules.queen_value if counted else 0)
    return min(points, rules.board_max), counted


def replay_played(
    entry: PlayedEntry,
    white: str,
    black: str,
    scores: dict[str, int],
    rules: RuleSet,
    path: str,
) -> Position:
    """A played board replayed from the game's scores before it (``white`` broke; ICF 54
    counts the queen by them), errors located at ``path`` (and the event in it)."""
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


def recorded_scores(
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


def read_played(entry: ReadsAsPlayed, path: str) -> PlayedEntry:
    """An entry in another form (the interchange format's ``LogEntry``) read as played."""
    try:
        return entry.played()
    except RulesError as err:
        if err.where in (None, "-"):
            raise type(err)(err.code, err.message, where=path) from None
        raise type(err)(err.code, err.message, where=f"{path}.events[{err.where}]") from None


def with_scores(board: BoardScore, scores: dict[str, int]) -> BoardScore:
    """The counted board with the game's scores after it."""
    return replace(board, scores_after=dict(scores))
