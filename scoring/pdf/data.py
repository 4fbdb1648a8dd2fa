"""Plain input data for the PDF renderers: frozen dataclasses, no ORM, no Django.

The selectors build these values from the database; the renderers in this package only read
them. Everything a sheet prints is in here, already decided: the renderers never compute a
carrom result, they lay out what the engine and the log say.

Conventions
-----------
* A **side** is addressed by its index ``0`` (side A, printed on the left) or ``1`` (side B,
  printed on the right). ``winner``, ``breaker``, ``queen_by`` and the toss use these indexes.
* Score pairs are ``(side A, side B)`` tuples.
* Sequences may be given as lists or tuples; the renderers only iterate them.
* ``language`` is ``"en"``, ``"de"``, ``"fr"`` or ``"it"``; labels come from
  :mod:`scoring.pdf.labels`, names and free texts (``law``, ``note``) are printed as given.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

Language = Literal["en", "de", "fr", "it"]
Side = Literal[0, 1]

LANGUAGES: tuple[str, ...] = ("en", "de", "fr", "it")


@dataclass(frozen=True, slots=True)
class SeatedPlayer:
    """One player of a doubles pair and the seat he takes at the carrom board."""

    name: str
    seat: str = ""


@dataclass(frozen=True, slots=True)
class SideData:
    """One side of a match: a player (singles) or a pair (doubles).

    :param name: the entry's name as printed in the header (player name, or the pair's name).
    :param players: doubles only: both players with their seats (ICF 40 seating order).
    :param seat: singles: the seat / side of the board taken after the toss (e.g. "North").
    :param club: optional club or country, printed small under the name.
    """

    name: str
    players: Sequence[SeatedPlayer] = ()
    seat: str = ""
    club: str = ""


@dataclass(frozen=True, slots=True)
class TossData:
    """The toss at the start of the match (ICF 40): who won it and what he chose."""

    winner: Side | None = None
    choice: Literal["break", "side"] | None = None


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One board (deal) of a game, as one row of the scoresheet.

    :param number: board number within the game (1-8, 9 = extra board, more when a game is
        played to 25 points without a board limit).
    :param breaker: side that broke (plays white), ``None`` if unknown.
    :param breaker_player: doubles: the name of the player who broke (printed as initials).
    :param winner: side that won the board; ``None`` for a void board.
    :param carrommen: the opponent's carrommen still on the board credited to the winner.
    :param queen_by: side that covered the Queen, ``None`` if nobody did.
    :param queen_counted: the Queen's points were credited (covered by the winner and below 22).
    :param points: the board's points credited to the winner, everything included (carrommen,
        Queen, claimed extras; special-case awards such as ICF 107's "3 to the opponent").
    :param extra_points: the part of ``points`` that are extra points claimed ("if demanded").
    :param totals: running game score of both sides after this board.
    :param extra_board: this is the extra (tie-break) board after board 8 (ICF 56(b)).
    :param side_change_after: the sides were changed after this board (game 3, ICF 60).
    :param void: the board was voided and replayed (no points, ``totals`` unchanged).
    :param law: the law of a special-case ruling, printed as given, e.g. ``"ICF 107"``.
    :param note: short free remark printed next to the law (e.g. "suicide", "conceded").
    :param withdrawn: the law of the umpire's decision that withdrew this (void) board: it was
        not replayed, its game was given by the decision (issue 30).
    """

    number: int
    breaker: Side | None = None
    breaker_player: str = ""
    winner: Side | None = None
    carrommen: int = 0
    queen_by: Side | None = None
    queen_counted: bool = False
    points: int = 0
    extra_points: int = 0
    totals: tuple[int, int] = (0, 0)
    extra_board: bool = False
    side_change_after: bool = False
    void: bool = False
    law: str = ""
    note: str = ""
    withdrawn: str = ""


@dataclass(frozen=True, slots=True)
class GameSheet:
    """One game (25 points or 8 boards, ICF 56) of the match.

    :param number: 1, 2 or 3.
    :param boards: the boards played so far, in order (void boards included).
    :param score: final game score ``(A, B)``; ``None`` while the game is running.
    :param winner: side that won the game; ``None`` while running.
    """

    number: int
    boards: Sequence[BoardRow] = ()
    score: tuple[int, int] | None = None
    winner: Side | None = None


@dataclass(frozen=True, slots=True)
class ScoresheetData:
    """Everything printed on one match scoresheet (one match, normally one A4 page).

    :param match_number: as officials call it ("17", "QF-2").
    :param table: the table (carrom board) number or name.
    :param kind: ``"singles"`` or ``"doubles"``.
    :param sides: exactly two sides, A (left) and B (right).
    :param games: games played or running; games 1-3 that are missing print as empty grids,
        so a running match can be continued on paper.
    :param games_won: match result in games ``(A, B)``; ``None`` while running.
    :param winner: side that won the match; ``None`` while running.
    :param qr_url: absolute URL that opens this match on the umpire tablet (printed as QR).
    :param blank: print an empty sheet (names, table, QR pre-filled; ``games`` ignored).
    :param board_limit: 8 up to the pre-quarter-finals (row 9 is the extra board, side change
        in game 3 after board 4 or 13 points); ``None`` from the quarter-finals on (25 points,
        no board limit; side change at 13 points), ICF 56, 60.
    :param reference: optional short id printed in the footer (e.g. the match's database id).
    :param walkover: the match was decided without play (``winner`` is the side that won it).
    :param start_time: when play began, local 24-hour time as printed ("14:05"); empty on a
        blank sheet (the umpire writes it in).
    :param end_time: when the match ended, as ``start_time``.
    :param seats: doubles: the four seats in turn order (play passes to the right), each as
        ``(side, player name)``; partners sit opposite (seats 1 and 3, 2 and 4; ICF 78).
        Empty when the seating is not recorded yet: the sheet prints an empty seating box.
    :param rules_name: the rules' name, printed with ``rules_differences`` (the switches in
        which they differ from ICF, in the sheet's language); nothing is printed for ICF.
    """

    tournament: str
    event: str
    round_name: str
    match_number: str
    table: str
    sides: tuple[SideData, SideData]
    date: datetime.date | None = None
    umpire: str = ""
    kind: Literal["singles", "doubles"] = "singles"
    toss: TossData = field(default_factory=TossData)
    games: Sequence[GameSheet] = ()
    games_won: tuple[int, int] | None = None
    winner: Side | None = None
    qr_url: str = ""
    blank: bool = False
    language: Language = "en"
    board_limit: int | None = 8
    reference: str = ""
    walkover: bool = False  # decided without play: the sheet says so, with the winner
    time_up: bool = False  # the last game was stopped by the round's time limit (IT 104)
    draw: bool = False  # a drawn match (time up with level games, a level score recorded)
    start_time: str = ""
    end_time: str = ""
    seats: Sequence[tuple[Side, str]] = ()
    #: The rules the match is played by when they differ from ICF (a house preset, uk-29,
    #: queen-5 …): their name and each difference in words, printed above the footer.
    rules_name: str = ""
    rules_differences: Sequence[str] = ()


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """One match box of a bracket.

    :param entries: the two entry names; ``None`` = not yet known, ``""`` = bye.
    :param scores: result per entry as printed (games won, "w/o", ...); ``""`` if not played.
    :param winner: index 0/1 of the entry that advanced; ``None`` if not decided.
    :param label: optional match label printed above the box ("M12", a table number).
    """

    entries: tuple[str | None, str | None] = (None, None)
    scores: tuple[str, str] = ("", "")
    winner: Side | None = None
    label: str = ""


@dataclass(frozen=True, slots=True)
class BracketRound:
    """A column of a bracket. In a knock-out tree each round has half the matches of the
    previous one; a losers bracket alternates rounds with the same and with half the count."""

    name: str
    matches: Sequence[BracketMatch]


@dataclass(frozen=True, slots=True)
class BracketSection:
    """A self-contained part of a draw: the knock-out tree, or (double elimination) the
    winners bracket, the losers bracket and the grand final.

    :param kind: ``"main"`` (single knock-out), ``"winners"``, ``"losers"`` or ``"final"``;
        selects the printed heading when ``title`` is empty.
    """

    rounds: Sequence[BracketRound]
    kind: Literal["main", "winners", "losers", "final"] = "main"
    title: str = ""


@dataclass(frozen=True, slots=True)
class BracketSheetData:
    """A bracket sheet: one section (knock-out) or several (double elimination)."""

    tournament: str
    event: str
    sections: Sequence[BracketSection]
    language: Language = "en"
    subtitle: str = ""
    date: datetime.date | None = None


@dataclass(frozen=True, slots=True)
class StandingsColumn:
    """A tie-break column of a standings table.

    :param key: key into :attr:`StandingsRow.values`. Known keys get a translated label
        (``wins``, ``losses``, ``played``, ``game_points``, ``games_won``, ``buchholz``,
        ``median_buchholz``, ``sonneborn_berger``, ``net_points``, ``points_for``,
        ``points_against``, ``queens``, ``rating``).
    :param label: explicit label; overrides the translated one.
    """

    key: str
    label: str = ""


@dataclass(frozen=True, slots=True)
class StandingsRow:
    """One ranked entry. ``values`` maps column keys to numbers or preformatted strings."""

    rank: int | None
    name: str
    values: dict[str, int | float | str] = field(default_factory=dict)
    club: str = ""
    highlight: bool = False


@dataclass(frozen=True, slots=True)
class StandingsGroup:
    """One table of standings: a group of a group stage, or the whole field of a Swiss event
    (``name`` empty)."""

    rows: Sequence[StandingsRow]
    name: str = ""


@dataclass(frozen=True, slots=True)
class StandingsSheetData:
    """Group or Swiss standings, one or more tables, with the tie-break columns in order."""

    tournament: str
    event: str
    columns: Sequence[StandingsColumn]
    groups: Sequence[StandingsGroup]
    language: Language = "en"
    subtitle: str = ""
    date: datetime.date | None = None
    footnote: str = ""


@dataclass(frozen=True, slots=True)
class TableLabelData:
    """A label to stand on a carrom table: its number and a QR code to its current match."""

    table: str
    tournament: str
    qr_url: str = ""
    language: Language = "en"
    caption: str = ""


@dataclass(frozen=True, slots=True)
class PairingRow:
    """One match of a round on the notice board: where it is played and by whom.

    :param sides: the two sides (name and club); side B's name is empty for a bye.
    :param umpire: the umpire's name as printed, if assigned.
    :param called: when the match was called to its table ("14:05"), if it was.
    """

    match_number: str
    table: str
    sides: tuple[SideData, SideData]
    umpire: str = ""
    called: str = ""
    bye: bool = False


@dataclass(frozen=True, slots=True)
class CallupRow:
    """One player of a round in alphabetical order: where he plays, against whom."""

    name: str
    club: str
    match_number: str
    table: str
    opponent: str
    bye: bool = False


@dataclass(frozen=True, slots=True)
class RoundListData:
    """A round's pairing list (by table, for the notice board) and its call-up list (the
    desk's list in call order with tick boxes, and every player alphabetically)."""

    tournament: str
    event: str
    round_name: str
    pairings: Sequence[PairingRow]
    players: Sequence[CallupRow] = ()
    language: Language = "en"
    date: datetime.date | None = None
    subtitle: str = ""
