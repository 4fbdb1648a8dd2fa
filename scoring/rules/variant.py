"""One interface for every game the engine plays: the colour game (ICF and its presets) and
three-player point carrom (seed 003).

``variant_for(rules)`` answers a :class:`Variant`; a caller starts a board with the board's
players in turn order from the breaker (the colour game: the breaker plays white, ICF 43),
applies events to it and reads one :class:`BoardOutcome` shape whatever the game::

    variant = variant_for(match.rules)
    board = variant.start(("a", "b"), scores={"a": 3, "b": 7})
    board, notes = variant.apply(board, variant.parse_event(payload))
    outcome = board.outcome            # points per player, winner / top scorer, queen, ...

The facts callers used to branch on (``family == "points"``) are properties of the variant:
:attr:`Variant.seats`, :attr:`Variant.has_colours`, :attr:`Variant.sheet_kind`,
:attr:`Variant.quick_entry`, :attr:`Variant.paper_sheets`, :attr:`Variant.time_limit`,
:attr:`Variant.toss`, :attr:`Variant.board_total`, :attr:`Variant.deciding_game`,
:attr:`Variant.game_decisions`; :meth:`Variant.seating` orders a board's
players from its breaker. ``interchange.board_document`` writes a board as ``carrom-board/1``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .board import Note, step
from .errors import InvalidDocument, InvalidEvent, RulesError
from .events import BoardLoss, Event, Void, parse_event
from .game import AwardEntry, BoardEntry, VoidEntry, derive_game
from .notation import from_notation, from_point_notation, to_notation, to_point_notation
from .outcome import BoardOutcome, GameOutcome, SheetKind, TossKind
from .point import (
    END_LAWS,
    PointAwardEntry,
    PointEntry,
    PointEvent,
    PointPosition,
    PointRuling,
    PointStroke,
    PointTechnicalFoul,
    board_total,
    derive_point_games,
    opening,
    parse_point_event,
    step_point,
)
from .position import (
    BLACK,
    COLOURS,
    COVERED,
    WHITE,
    Colour,
    PerColour,
    Position,
    Termination,
)
from .presets import RuleSet, get_rules

__all__ = [
    "BoardEvent",
    "BoardOutcome",
    "ColourGame",
    "GameOutcome",
    "Played",
    "PointCarrom",
    "SheetKind",
    "TossKind",
    "Variant",
    "VariantBoard",
    "Walked",
    "variant_for",
]


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

    @abstractmethod
    def to_state(self, board: VariantBoard) -> dict[str, Any]: ...


def _players(players: Iterable[str], count: int | None) -> tuple[str, ...]:
    names = tuple(players)
    if (
        len(set(names)) != len(names)
        or (count is not None and len(names) != count)
        or (len(names) < 2)
    ):
        wanted = f"{count}" if count is not None else "two or more"
        raise InvalidDocument("bad_players", f"a board needs {wanted} different players")
    return names


class ColourGame(Variant):
    """The colour game (ICF and its presets): two sides, the breaker white (ICF 43)."""

    has_colours = True
    sheet_kind = SheetKind.COLOURS
    brief_notes = True

    @property
    def board_total(self) -> int:
        return self.rules.board_max

    def strikers(self, players: tuple[str, ...]) -> tuple[str, ...]:
        return (WHITE, BLACK)

    def log_fields(
        self, sides: Sequence[str], breaker: str | None, scores: Mapping[str, int] | None
    ) -> dict[str, Any]:
        if scores is None or breaker not in sides:
            return {}
        white, black = self.seating(sides, breaker)
        return {"scores": {WHITE: scores.get(white, 0), BLACK: scores.get(black, 0)}}

    def player_of(self, players: tuple[str, ...], by: str) -> str:
        if by not in COLOURS:
            raise InvalidDocument("bad_colour", f"{by!r} is not a colour")
        return players[0] if by == WHITE else players[1]

    def colour_of(self, players: tuple[str, ...], player: str) -> Colour:
        """The colour a player holds on this board (the breaker white)."""
        return WHITE if player == players[0] else BLACK

    def start(
        self, players: Iterable[str], *, scores: Mapping[str, int] | None = None, start: Any = None
    ) -> VariantBoard:
        names = _players(players, 2)
        scores = scores or {}
        per_colour = PerColour(int(scores.get(names[0], 0)), int(scores.get(names[1], 0)))
        if start is None:
            position = Position(scores=per_colour)
        elif isinstance(start, Position):
            position = start._replace(scores=per_colour)
        else:
            raise InvalidDocument("bad_start", "start must be a Position")
        return VariantBoard(self, names, position)

    def parse_event(self, data: Any) -> Event:
        return parse_event(data)

    def to_notation(self, event: BoardEvent) -> str:
        return to_notation(_colour_event(event))

    def from_notation(self, text: str) -> Event:
        return from_notation(text)

    def game(
        self,
        sides: Sequence[str],
        boards: Iterable[BoardOutcome],
        *,
        first_breaker: str | None = None,
        stage: str = "early",
        time_up: bool = False,
    ) -> GameOutcome:
        pair = _players(sides, 2)
        entries: list[BoardEntry] = []
        for board in boards:
            if not board.finished:
                continue
            if board.void or board.winner is None:
                entries.append(VoidEntry(board.players[0]))
            else:
                entries.append(
                    AwardEntry(board.winner, board.credited, board.law or None, board.players[0])
                )
        state = derive_game(
            entries,
            players=(pair[0], pair[1]),
            first_breaker=first_breaker or pair[0],
            rules=self.rules,
            stage=stage,
            time_up=time_up,
        )
        return GameOutcome(
            pair,
            dict(state.scores),
            state.boards_played,
            state.finished,
            state.winner,
            state.next_breaker,
            state.extra_board,
            state.draw,
        )

    @staticmethod
    def _position(board: VariantBoard) -> Position:
        if not isinstance(board.position, Position):
            raise TypeError("not a colour-game board")
        return board.position

    def apply(self, board: VariantBoard, event: BoardEvent) -> Played:
        after, notes = step(self._position(board), _colour_event(event), self.rules)
        return Played(VariantBoard(self, board.players, after), notes)

    def step(
        self, position: Position | PointPosition, event: BoardEvent, *, explain: bool = True
    ) -> tuple[Position, tuple[Note, ...]]:
        if not isinstance(position, Position):
            raise TypeError("not a colour-game position")
        after, notes = step(position, _colour_event(event), self.rules, explain=explain)
        return after, notes

    def on_turn(self, board: VariantBoard) -> str | None:
        position = self._position(board)
        if position.finished or position.on_turn is None:
            return None
        return self.player_of(board.players, position.on_turn)

    def outcome(self, board: VariantBoard) -> BoardOutcome:
        position = self._position(board)
        players = board.players
        holder = position.queen_holder
        queen_by = (
            self.player_of(players, holder)
            if holder is not None and position.queen.startswith(COVERED)
            else None
        )
        result = position.result
        if result is None or result.void:
            return BoardOutcome(
                players,
                result is not None,
                dict.fromkeys(players, 0),
                None,
                0,
                position.queen,
                queen_by,
                None if result is None else Termination.VOID,
                "" if result is None else "IT 101",
            )
        assert result.winner is not None
        winner = self.player_of(players, result.winner)
        loser_colour = BLACK if result.winner == WHITE else WHITE
        points = dict.fromkeys(players, 0)
        points[winner] = result.points
        lost_by = (
            self.player_of(players, loser_colour)
            if result.termination is Termination.BOARD_LOSS
            else None
        )
        return BoardOutcome(
            players,
            True,
            points,
            winner,
            result.points,
            position.queen,
            queen_by,
            result.termination,
            result.law,
            result.interpretation,
            result.extra_points,
            lost_by,
            position.on_board[loser_colour],
        )

    def to_state(self, board: VariantBoard) -> dict[str, Any]:
        return self._position(board).to_state()


class PointCarrom(Variant):
    """Three-player point carrom (:mod:`.point`): nobody owns a colour, each pocketed piece
    scores for the player who pocketed it."""

    has_colours = False
    sheet_kind = SheetKind.POINTS

    @property
    def board_total(self) -> int:
        return board_total(self.rules)

    def strikers(self, players: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(players)

    def log_fields(
        self, sides: Sequence[str], breaker: str | None, scores: Mapping[str, int] | None
    ) -> dict[str, Any]:
        fields: dict[str, Any] = {"players": list(self.seating(sides, breaker))}
        if scores and any(scores.values()):
            fields["scores"] = dict(scores)
        return fields

    def player_of(self, players: tuple[str, ...], by: str) -> str:
        if by not in players:
            raise InvalidDocument("unknown_player", f"{by!r} does not play on this board")
        return by

    def start(
        self, players: Iterable[str], *, scores: Mapping[str, int] | None = None, start: Any = None
    ) -> VariantBoard:
        if start is not None:
            raise InvalidDocument("bad_start", "point carrom boards start from the opening")
        names = _players(players, None)
        return VariantBoard(self, names, opening(names, None, dict(scores or {})))

    def parse_event(self, data: Any) -> PointEvent:
        return parse_point_event(data)

    def to_notation(self, event: BoardEvent) -> str:
        return to_point_notation(_point_event(event))

    def from_notation(self, text: str) -> PointEvent:
        return from_point_notation(text)

    def game(
        self,
        sides: Sequence[str],
        boards: Iterable[BoardOutcome],
        *,
        first_breaker: str | None = None,
        stage: str = "early",
        time_up: bool = False,
    ) -> GameOutcome:
        names = _players(sides, None)
        entries: list[PointEntry] = []
        for board in boards:
            if not board.finished:
                continue
            breaker = board.players[0] if board.players and board.players[0] in names else None
            if board.void:
                entries.append(VoidEntry(breaker))
            else:
                entries.append(PointAwardEntry(tuple(board.points.items()), breaker))
        state = derive_point_games(
            entries, names, self.rules, first_breaker, stage=stage, time_up=time_up
        )
        return GameOutcome(
            names,
            dict(state.scores),
            state.boards_played,
            state.finished,
            state.winner,
            state.next_breaker,
            state.extra_board,
            state.draw,
        )

    @staticmethod
    def _position(board: VariantBoard) -> PointPosition:
        if not isinstance(board.position, PointPosition):
            raise TypeError("not a point-carrom board")
        return board.position

    def apply(self, board: VariantBoard, event: BoardEvent) -> Played:
        after, notes = step_point(self._position(board), _point_event(event), self.rules)
        return Played(VariantBoard(self, board.players, after), notes)

    def step(
        self, position: Position | PointPosition, event: BoardEvent, *, explain: bool = True
    ) -> tuple[PointPosition, tuple[Note, ...]]:
        if not isinstance(position, PointPosition):
            raise TypeError("not a point-carrom position")
        after, notes = step_point(position, _point_event(event), self.rules)
        return after, notes

    def on_turn(self, board: VariantBoard) -> str | None:
        position = self._position(board)
        if position.finished:
            return None
        return board.players[position.on_turn]

    def outcome(self, board: VariantBoard) -> BoardOutcome:
        position = self._position(board)
        players = board.players
        points = position.points(self.rules)
        top = position.top_scorer(self.rules) if position.finished else None
        queen_by = position.queen.split(":", 1)[1] if position.queen.startswith(COVERED) else None
        end = position.end
        law = (position.law or (END_LAWS[end] if end else "")) if position.finished else ""
        return BoardOutcome(
            players,
            position.finished,
            points,
            top,
            points[top] if top else 0,
            position.queen,
            queen_by,
            end,
            law,
            interpretation=end in (Termination.GAME_POINTS, Termination.BOARD_LOSS),
            lost_by=position.lost_by,
            pieces=dict(zip(players, position.held, strict=True)),
        )

    def to_state(self, board: VariantBoard) -> dict[str, Any]:
        return self._position(board).to_state(self.rules)


def _colour_event(event: BoardEvent) -> Event:
    if isinstance(event, PointStroke | PointRuling | PointTechnicalFoul):
        raise InvalidEvent("wrong_variant", "a point-carrom event on a colour-game board")
    return event


def _point_event(event: BoardEvent) -> PointEvent:
    if isinstance(event, PointStroke | PointRuling | BoardLoss | Void | PointTechnicalFoul):
        return event
    raise InvalidEvent("wrong_variant", "a colour-game event on a point-carrom board")


def variant_for(rules: RuleSet | str | None) -> Variant:
    """The variant a rule set (or a preset's key; ``None``: ICF) plays."""
    if not isinstance(rules, RuleSet):
        rules = get_rules(rules)
    if rules.family == "points":
        return PointCarrom(rules)
    return ColourGame(rules)
