"""The tablet's screen model: plain dataclasses the templates read (the sides, who is on
turn, the history, the end of a board, the whole screen)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from django.utils.translation import gettext as _

from scoring import rulings, screen_words
from scoring.models import Match
from scoring.records import (
    MatchSnapshot,
)
from scoring.records.interval import step_key
from scoring.rules.position import PerColour
from scoring.rules.variant import PadKind, Variant
from scoring.rulings import Ruling


@dataclass
class SideView:
    side: str  # "a", "b" ("c")
    name: str  # the entry: "Asha Rao" or "Asha Rao / Ben Kirk"
    colour: str | None = None  # "white" / "black" on the board shown (colour game)
    score: int = 0  # game score (the current game)
    games_won: int = 0
    on_turn: bool = False
    board_points: int = 0  # point carrom: what the player holds on this board
    held: PerColour | None = None  # point carrom: pieces held on this board
    dues: int = 0
    confirmed: bool = False
    team: str = ""  # a team event's rubber: the team of the lineup's players named (issue 34)

    @property
    def colour_label(self) -> str:
        return rulings.colour_word(self.colour)

    @property
    def dues_text(self) -> str:
        """ "owes 2 carrommen" (ICF 72(b)), worded as offline (scoring/screen_words.py)."""
        return screen_words.dues_text(self.dues)

    @property
    def label(self) -> str:
        """ "White (Asha Rao)", or the name alone when no colour applies."""
        if self.colour:
            return f"{self.colour_label} ({self.name})"
        return self.name


@dataclass(frozen=True)
class Seat:
    pk: int
    name: str
    side: str
    seat: int  # 1-4 in the recorded seating


@dataclass
class TurnView:
    player: str  # the individual striker (doubles) or the entry's name
    side: str
    colour: str | None
    seat: int | None = None  # doubles: 1-4 around the board, in turn order

    @property
    def colour_label(self) -> str:
        return rulings.colour_word(self.colour)


@dataclass
class HistoryItem:
    number: int  # 1-based among the live events of the board
    seq: int
    kind: str
    text: str
    striker: str
    rulings: list[Ruling]
    key: str = ""  # the event's request key: with ``Tablet.history_key`` names the line


class BoardLine(NamedTuple):
    """One board of the game in the tablet's "boards of this game" table."""

    number: int
    void: bool
    winner: str  # the winner's name ("" when void)
    points: int | None
    law: str
    by_side: tuple[tuple[str, int], ...]  # point carrom: each player's points


class BoardsTable(NamedTuple):
    """Everything the "boards of this game" table shows, as plain values: its region is kept
    by this one value (templates/scoring/umpire/match.html: ``game-boards``), so what the
    table shows cannot be left out of its key."""

    points_by_player: bool  # each player's points per board (point carrom), not the winner's
    sides: tuple[tuple[str, str], ...]  # (side, name) in order
    rows: tuple[BoardLine, ...]


@dataclass
class BoardEnd:
    """A board that has just ended (shown until the next board's first event)."""

    number: int
    game_number: int
    kind: str  # Board.Kind
    void: bool
    winner: SideView | None
    points: int | None
    law: str
    interpretation: bool
    winner_colour: str | None
    breaker: str = ""
    claimable: int = 0
    by_side: dict[str, int] = field(default_factory=dict)  # point carrom

    @property
    def title(self) -> str:
        """The card's title, worded as offline (scoring/screen_words.py)."""
        return screen_words.board_over_title(self.number, self.void)

    @property
    def result_text(self) -> str:
        """Who wins the board and its points (ICF 53), worded as offline."""
        return screen_words.board_won_text(
            self.winner.name if self.winner else "", self.points or 0
        )


@dataclass
class Tablet:
    match: Match
    snapshot: MatchSnapshot
    phase: str  # "toss", "seating", "play", "finished", "confirmed"
    sides: list[SideView]
    game_number: int = 0
    board_number: int = 0
    breaker: SideView | None = None
    extra_board: bool = False  # a toss decides who breaks (the board's breaker is unknown)
    #: the extra board's fresh toss as recorded on the card (ICF 56(b)): its winner breaks
    toss_breaker: SideView | None = None
    board_started: bool = False  # the current board has events
    confirmed_by_organiser: bool = False  # an organiser confirmed the result (not the players)
    turn: TurnView | None = None
    on_board: PerColour | None = None
    queen: str = ""  # in words
    queen_state: str = ""
    dues: list[Ruling] = field(default_factory=list)
    to_place: list[Ruling] = field(default_factory=list)
    break_made: bool = True
    break_attempts_left: int | None = None
    last_rulings: list[Ruling] = field(default_factory=list)
    history: list[HistoryItem] = field(default_factory=list)
    history_board: int | None = None
    history_key: str = ""  # what an event's line depends on besides the event (for caching)
    history_game: int | None = None
    history_append: bool = False  # the history holds only the event just recorded
    board_end: BoardEnd | None = None
    game_boards: list[dict[str, Any]] = field(default_factory=list)
    game_end: dict[str, Any] | None = None  # the game that just ended
    change_sides: bool = False
    interval_end: datetime.datetime | None = None
    can_undo: bool = False
    undo_text: str = ""  # what the undo button takes back
    last_board_is_quick: bool = False
    forgo_by: str | None = None  # the colour that may forgo placing now
    on_turn_by: str | None = None  # the stroke's "by": a colour, or a side in point carrom
    seating_names: list[str] = field(default_factory=list)
    finished_games: list[dict[str, Any]] = field(default_factory=list)
    # the walk through the board shown
    seats: list[Seat] | None = None  # doubles: turn order from the board's breaker
    turn_changes: int = 0
    last_notes: tuple[Any, ...] = ()
    due_placers: dict[str, str] = field(default_factory=dict)  # placing colour -> player
    # the seats at the table: the side panels are shown in seat order (ICF 58-60)
    seats_flipped: bool = False  # after the side changes so far, B sits on the left
    cover_due: bool = False  # the player on turn must cover the queen (ICF 52)

    @property
    def variant(self) -> Variant:
        """The engine's variant of the match (the colour game, point carrom): the screen asks
        its facts (``pad_kind``, ``points_by_player``, ``seats``), never the family."""
        return self.snapshot.variant

    @property
    def card(self) -> bool:
        """Between boards and games: one summary card holds the pad until the umpire goes
        on (the result, the game's end, the interval, the side change)."""
        return (
            self.phase == "play"
            and not self.board_started
            and bool(
                self.board_end
                or self.game_end
                or self.change_sides
                or self.interval_end
                or self.extra_board
            )
        )

    @property
    def line_pattern(self) -> str:
        """Who: what, as the catalogue words it (the pattern of
        :func:`scoring.rulings.stroke_line`): the tablet's script fills it for the strokes it
        keeps offline (French puts a narrow no-break space before the colon)."""
        return _("%(player)s: %(stroke)s")

    @property
    def tie_scores(self) -> str:
        """The game scores that tie over the board limit, before the extra board (ICF 56(b)),
        e.g. "12–12" ("20–20–9" with three point-carrom players)."""
        return "–".join(str(s.score) for s in self.sides)

    @property
    def break_text(self) -> str:
        """The break fact (ICF 45), worded as offline (scoring/screen_words.py)."""
        if self.break_attempts_left is None:
            return ""
        return screen_words.break_text(self.break_attempts_left)

    @property
    def history_title(self) -> str:
        """The history's heading: the board its events belong to, worded as offline."""
        return screen_words.history_title(
            self.history_game, self.history_board, one_game=self.variant.one_game
        )

    @property
    def last_ruling_texts(self) -> set[str]:
        return {r.text for r in self.last_rulings}

    @property
    def step_key(self) -> str:
        """Names the step between boards that the umpire acknowledges on this tablet."""
        return step_key(self.match.pk, self.game_number, self.board_number)

    @property
    def boards_table(self) -> BoardsTable:
        """The "boards of this game" table (``game_boards`` in plain values)."""
        return BoardsTable(
            self.variant.points_by_player,
            tuple((s.side, s.name) for s in self.sides),
            tuple(
                BoardLine(
                    b["number"],
                    bool(b.get("void")),
                    b["winner"].name if b.get("winner") else "",
                    b.get("points"),
                    b.get("law") or "",
                    tuple(sorted((b.get("by_side") or {}).items())),
                )
                for b in self.game_boards
            ),
        )

    @property
    def sides_in_seats(self) -> list[SideView]:
        """The side panels left to right as the players sit (ICF 58-60)."""
        return list(reversed(self.sides)) if self.seats_flipped else list(self.sides)

    @property
    def side_by_colour(self) -> dict[str, SideView]:
        return {s.colour: s for s in self.sides if s.colour}

    @property
    def names(self) -> dict[str, str]:
        """Colour (or point-carrom side) -> how the rulings name it."""
        if self.variant.pad_kind is PadKind.POINTS:  # a point-carrom event names the player
            return {s.side: s.name for s in self.sides}
        return {s.colour: s.label for s in self.sides if s.colour}

    @property
    def winner(self) -> SideView | None:
        for side in self.sides:
            if side.side == self.snapshot.winner:
                return side
        return None
