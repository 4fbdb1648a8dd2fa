"""The Variant's interface (:mod:`.variant`): what one family of games does with a board, the
board it plays (:class:`VariantBoard`) and the steps of its one replay (:class:`Walked`).
The two families are :mod:`.colour_game` and :mod:`.point_carrom`."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .board import Note
from .errors import InvalidDocument, RulesError
from .events import Event
from .outcome import BoardOutcome, GameOutcome, PadKind, SheetKind, TossKind
from .point import PointEvent, PointPosition
from .position import Position
from .presets import RuleSet

#: an event of either variant (a colour game's or a point-carrom board's)
BoardEvent = Event | PointEvent


@dataclass(frozen=True, slots=True)
class VariantBoard:
    """A board as a variant plays it: its players (turn order from the breaker) and the
    variant's own position (:class:`~.position.Position` or :class:`~.point.PointPosition`)."""

    variant: Variant
    players: tuple[str, ...]
    position: Position | PointPosition

    @property
    def finished(self) -> bool:
        return bool(self.position.finished)

    @property
    def on_turn(self) -> str | None:
        """The player on turn (``None`` once the board ended)."""
        return self.variant.on_turn(self)

    @property
    def outcome(self) -> BoardOutcome:
        return self.variant.outcome(self)

    def player_of(self, by: str) -> str:
        """The player an event's ``by`` names (a colour in the colour game)."""
        return self.variant.player_of(self.players, by)

    def to_state(self) -> dict[str, Any]:
        """The engine's JSON answer for this board (the variant's own state format)."""
        return self.variant.to_state(self)


class Walked(NamedTuple):
    """One event of a board walked through (:meth:`Variant.walk`): the event, the variant's
    position before and after it, and the notes (``explained``: all of them were asked)."""

    event: BoardEvent
    before: Position | PointPosition
    after: Position | PointPosition
    notes: tuple[Note, ...]
    explained: bool


class Played(NamedTuple):
    """A board after an event and the notes explaining what the laws made of it."""

    board: VariantBoard
    notes: tuple[Note, ...]


class Variant(ABC):
    """What one family of games does with a board; see the module's docstring."""

    rules: RuleSet

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.rules.key!r})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.rules == self.rules

    def __hash__(self) -> int:
        return hash((type(self), self.rules.key))

    # --- facts callers branch on ---------------------------------------------------------
    @property
    def key(self) -> str:
        return self.rules.key

    @property
    def family(self) -> str:
        return self.rules.family

    @property
    def seats(self) -> int:
        """Players at the board (2, or 3 in point carrom)."""
        return self.rules.players

    @property
    @abstractmethod
    def has_colours(self) -> bool:
        """Do the sides own a colour (white/black, the breaker white)?"""

    @property
    @abstractmethod
    def sheet_kind(self) -> SheetKind: ...

    @property
    def quick_entry(self) -> bool:
        """Can a board played on paper be entered as a summary (winner, carrommen, queen)?"""
        return self.has_colours

    @property
    def paper_sheets(self) -> bool:
        """Can a paper scoresheet be entered and compared with the tablet's record?"""
        return self.has_colours

    @property
    def time_limit(self) -> bool:
        """Can a round's time limit stop a match (a tournament rule for the colour game;
        point carrom has none)?"""
        return self.has_colours

    @property
    def deciding_game(self) -> bool:
        """Does a match play a deciding game, after an interval (IT 102)? Point carrom plays
        one game."""
        return self.has_colours

    @property
    def game_decisions(self) -> bool:
        """Can an organiser award a game by decision (IT 107)? Not in point carrom."""
        return self.has_colours

    @property
    @abstractmethod
    def pad_kind(self) -> PadKind:
        """Which pad the tablet shows and reads: strokes by colour, or by player (its one-tap
        strokes, quick modifiers and "More…" sheet, and the "other decisions" forms that name
        a side by its colour or a player)."""

    @property
    @abstractmethod
    def event_kinds(self) -> frozenset[str]:
        """The kinds of event (``Event.Kind``) whose matches this game plays: point carrom's
        three-player tables, or the colour game's singles, doubles and team rubbers."""

    @property
    def points_by_player(self) -> bool:
        """Does a board score for every player (point carrom: each pocketed piece for its
        striker, seed 003), kept as points by player, rather than for its one winner (ICF 53)?
        The stored board's result, the game's "scores before" and the screens follow it."""
        return not self.has_colours

    @property
    def one_game(self) -> bool:
        """Does a match play one game (point carrom, seed 003)? Its boards are then named
        alone ("Board 3"), not within their game ("Game 2, board 3")."""
        return not self.has_colours

    @property
    def offline_rulings(self) -> bool:
        """Can the tablet's offline engine rule on a board's strokes (the colour game)? Point
        carrom's strokes are kept without rulings until the server has them."""
        return self.has_colours

    @property
    def stroke_stats(self) -> bool:
        """Are a board's strokes analysed by ``scoring.stats`` (the live board's timeline, the
        player page's figures: pocketed, fouls, dues by colour)?"""
        return self.has_colours

    @property
    def breaker_white(self) -> bool:
        """Does the breaker play white (ICF 43), so that the screens name the breaker's colour
        ("breaks (White)")? Point carrom's players own no colour."""
        return self.has_colours

    @property
    def plays_stages(self) -> bool:
        """Does a match's ICF stage (the early or late rounds: the board limit, game three's
        side change) apply, so that the screens name it? Point carrom has none."""
        return self.has_colours

    @property
    def toss_by_lot(self) -> bool:
        return self.toss is TossKind.LOT

    @property
    def toss(self) -> TossKind:
        return TossKind.BREAK_OR_SIDE if self.has_colours else TossKind.LOT

    @property
    @abstractmethod
    def board_total(self) -> int:
        """What one board is worth at most to one player (colour game: ``board_max``) or, in
        point carrom, to all players together (32 with the preset's values)."""

    def seating(self, sides: Sequence[str], breaker: str | None) -> tuple[str, ...]:
        """A board's players in turn order from its breaker (``None``: the first side), as
        :meth:`start` takes them; in the colour game the breaker plays white (ICF 43)."""
        names = tuple(sides)
        first = names.index(breaker) if breaker in names else 0
        return names[first:] + names[:first]

    @abstractmethod
    def log_fields(
        self, sides: Sequence[str], breaker: str | None, scores: Mapping[str, int] | None
    ) -> dict[str, Any]:
        """What a board's ``carrom-board/1`` log says of its players and the game scores
        before it (the rulebook's format): the colour game by colour (the breaker white, ICF
        43), point carrom its players in turn order and their scores when any is not 0."""

    @abstractmethod
    def strikers(self, players: tuple[str, ...]) -> tuple[str, ...]:
        """The values an event's ``by`` may take on a board of these players."""

    @abstractmethod
    def player_of(self, players: tuple[str, ...], by: str) -> str:
        """The player an event's ``by`` names."""

    # --- playing a board -----------------------------------------------------------------
    @abstractmethod
    def start(
        self, players: Iterable[str], *, scores: Mapping[str, int] | None = None, start: Any = None
    ) -> VariantBoard:
        """A board of ``players`` in turn order from the breaker; ``scores``: each player's
        game score before the board; ``start``: a position to start from (colour game)."""

    @abstractmethod
    def parse_event(self, data: Any) -> BoardEvent:
        """Read an event from its JSON form (``InvalidEvent`` for a bad one)."""

    @abstractmethod
    def to_notation(self, event: BoardEvent) -> str:
        """The event's canonical text (:mod:`.notation`)."""

    @abstractmethod
    def from_notation(self, text: str) -> BoardEvent:
        """The event a text names (``InvalidEvent`` ``bad_notation`` otherwise)."""

    @abstractmethod
    def apply(self, board: VariantBoard, event: BoardEvent) -> Played:
        """The board after ``event``, with notes (``IllegalEvent`` if it cannot happen)."""

    def opening(
        self, sides: Sequence[str], breaker: str | None, scores: Mapping[str, int] | None = None
    ) -> Position | PointPosition:
        """The position before a board's first event: the board's players seated from its
        ``breaker`` (:meth:`seating`; the colour game: the breaker white, ICF 43) with each
        player's game ``scores`` before the board (the 22-point rule, ICF 54; seed 003)."""
        return self.start(self.seating(sides, breaker), scores=scores).position

    #: can :meth:`step` leave a stroke's notes out (``explain=False``, a replay's earlier
    #: strokes)? The colour game can; point carrom always explains.
    brief_notes: bool = False

    @abstractmethod
    def step(
        self, position: Position | PointPosition, event: BoardEvent, *, explain: bool = True
    ) -> tuple[Position | PointPosition, tuple[Note, ...]]:
        """The variant's own position after ``event`` with the notes citing the law
        (``explain=False``: the colour game skips a stroke's notes; point carrom always
        explains). :raises IllegalEvent: the event cannot happen."""

    def walk(
        self,
        position: Position | PointPosition,
        payloads: Sequence[dict[str, Any]],
        *,
        brief: bool = False,
    ) -> Iterator[Walked]:
        """The one replay of a board's events (their JSON form), event by event, from
        ``position``: a :class:`Walked` step each (``brief``: only the last event's notes
        when the variant can leave them out, :attr:`brief_notes`). A stored board's replay
        (``records.board_steps``) and the statistics (``scoring.stats``) both walk here.

        :raises RulesError: a bad or illegal event (located at its index)."""
        last = len(payloads)
        for index, payload in enumerate(payloads):
            try:
                event = self.parse_event(payload)
                explained = not brief or index + 1 == last or not self.brief_notes
                after, notes = self.step(position, event, explain=explained)
            except RulesError as err:
                raise err.at(index) from None
            yield Walked(event, position, after, notes, explained)
            position = after

    def replay(self, board: VariantBoard, events: Iterable[BoardEvent | dict[str, Any]]) -> Played:
        """Apply events (objects or their JSON form) in order; the notes are the last
        event's. Errors are located at the index of the bad event."""
        played = Played(board, ())
        for index, event in enumerate(events):
            try:
                if isinstance(event, dict):
                    event = self.parse_event(event)
                played = self.apply(played.board, event)
            except RulesError as err:
                raise err.at(index) from None
        return played

    @abstractmethod
    def game(
        self,
        sides: Sequence[str],
        boards: Iterable[BoardOutcome],
        *,
        first_breaker: str | None = None,
        stage: str = "early",
        time_up: bool = False,
    ) -> GameOutcome:
        """Count a game's board outcomes (in order; void boards replay, an unfinished last
        board is the one in play) into the game's state: ICF 56 and the preset's numbers, or
        point carrom's first to the game points / leader after the board limit."""

    @abstractmethod
    def on_turn(self, board: VariantBoard) -> str | None: ...

    @abstractmethod
    def outcome(self, board: VariantBoard) -> BoardOutcome: ...

    def to_state(self, board: VariantBoard) -> dict[str, Any]:
        return self.state_of(board.position)

    @abstractmethod
    def state_of(self, position: Position | PointPosition) -> dict[str, Any]:
        """A position of this variant as the engine's JSON state (its own format)."""


def board_players(players: Iterable[str], count: int | None) -> tuple[str, ...]:
    """A board's players, checked: different names, ``count`` of them (``None``: two or
    more)."""
    names = tuple(players)
    if (
        len(set(names)) != len(names)
        or (count is not None and len(names) != count)
        or (len(names) < 2)
    ):
        wanted = f"{count}" if count is not None else "two or more"
        raise InvalidDocument("bad_players", f"a board needs {wanted} different players")
    return names
