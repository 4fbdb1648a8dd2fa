"""Board events: immutable records of what the umpire saw, and their JSON form.

Event types (interchange format v1): ``stroke``, ``technical_foul``, ``forgo``, ``board_loss``,
``umpire_ruling`` and ``void``. :func:`parse_event` checks the *form* of an event (fields, types,
counts); whether it can happen in a position is the board's business (:mod:`.board`).

A compact text notation (``W: 2w``, ``B: b q``, ``W: s foul``) is in :mod:`.notation`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from .errors import InvalidEvent
from .position import BLACK, COLOURS, WHITE, Colour


class Foul(StrEnum):
    """A foul in a stroke (ICF 64; ICF 44 for the break before "Play")."""

    IMPROPER_STROKE = "improper_stroke"
    BREAK_BEFORE_PLAY = "break_before_play"


class LossReason(StrEnum):
    """Why a side lost the board by conduct (ruling 12)."""

    OUT_OF_TURN = "out_of_turn"  # ICF 51
    LEFT_SEAT = "left_seat"  # ICF 91
    RESUMED_BEFORE_PLAY = "resumed_before_play"  # IT 86
    OTHER = "other"  # IT 90(b)


FOUL_IMPROPER = Foul.IMPROPER_STROKE
FOUL_BREAK_BEFORE_PLAY = Foul.BREAK_BEFORE_PLAY
FOULS = tuple(Foul)
_FOUL_OF = {f.value: f for f in Foul}
_COLOUR_OF = {c.value: c for c in Colour}

LOSS_REASONS = tuple(LossReason)


class Pieces(NamedTuple):
    """Pieces pocketed, or pieces that left the board, in one stroke (immutable)."""

    white: int = 0
    black: int = 0
    queen: bool = False
    striker: bool = False

    def __getitem__(self, colour: str) -> int:  # type: ignore[override]
        return tuple.__getitem__(self, 0 if colour == WHITE else 1)

    @property
    def carrommen(self) -> int:
        return self.white + self.black

    @property
    def empty(self) -> bool:
        return not (self.white or self.black or self.queen or self.striker)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.white:
            out["white"] = self.white
        if self.black:
            out["black"] = self.black
        if self.queen:
            out["queen"] = True
        if self.striker:
            out["striker"] = True
        return out


NOTHING = Pieces()


class Stroke(NamedTuple):
    """One stroke by the colour on turn (ICF 2.1 "stroke"); an immutable record."""

    by: Colour
    pocketed: Pieces = NOTHING
    off_board: Pieces = NOTHING
    touched: bool = True
    foul: Foul | None = None
    extra_claimed: bool = False

    @property
    def type(self) -> str:
        return "stroke"

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
        if self.extra_claimed:
            out["extra_claimed"] = True
        return out


@dataclass(frozen=True, slots=True)
class TechnicalFoul:
    """A technical foul by ``by`` (ICF 63(a) on turn, 63(b) not on turn)."""

    by: Colour
    type = "technical_foul"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "by": self.by}


@dataclass(frozen=True, slots=True)
class Forgo:
    """The entitled colour ``by`` forgoes placing the carrommen due to it now (ICF 87)."""

    by: Colour
    type = "forgo"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "by": self.by}


@dataclass(frozen=True, slots=True)
class BoardLoss:
    """``by`` loses the board by conduct (ICF 51, 91, IT 86; ruling 12)."""

    by: str  # a colour; a player's name in point carrom
    reason: LossReason = LossReason.OTHER
    type = "board_loss"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "by": self.by, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class UmpireRuling:
    """The umpire decides the board, overriding the engine's result."""

    winner: Colour
    points: int
    law: str | None = None
    type = "umpire_ruling"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "winner": self.winner, "points": self.points}
        if self.law is not None:
            out["law"] = self.law
        return out


@dataclass(frozen=True, slots=True)
class Void:
    """The board is void and replayed (IT 101, 104, 106)."""

    type = "void"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}


Event = Stroke | TechnicalFoul | Forgo | BoardLoss | UmpireRuling | Void

_PIECE_KEYS = {"white", "black", "queen", "striker"}


def _count(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidEvent("bad_count", f"{name} must be a whole number")
    if value < 0:
        raise InvalidEvent("negative_count", f"{name} must be 0 or more, not {value}")
    if value > 9:
        raise InvalidEvent("count_too_large", f"{name} cannot be more than 9, not {value}")
    return value


def _flag(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidEvent("bad_flag", f"{name} must be true or false")
    return value


def _colour(value: Any, name: str) -> Colour:
    if value not in COLOURS:
        raise InvalidEvent("bad_colour", f"{name} must be one of {', '.join(COLOURS)}")
    return _COLOUR_OF[value]


def _pieces(value: Any, name: str) -> Pieces:
    if value is None:
        return NOTHING
    if type(value) is not dict:
        raise InvalidEvent("bad_pieces", f"{name} must be an object")
    if not value:
        return NOTHING
    if not value.keys() <= _PIECE_KEYS:
        unknown = sorted(set(value) - _PIECE_KEYS)[0]
        raise InvalidEvent("unknown_field", f"unknown field {name}.{unknown}")
    white = value.get("white", 0)
    black = value.get("black", 0)
    queen = value.get("queen", False)
    striker = value.get("striker", False)
    # fast path for well-formed counts and flags; the helpers raise the precise errors
    if type(white) is not int or not 0 <= white <= 9:
        white = _count(white, f"{name}.white")
    if type(black) is not int or not 0 <= black <= 9:
        black = _count(black, f"{name}.black")
    if queen is not False and queen is not True:
        queen = _flag(queen, f"{name}.queen")
    if striker is not False and striker is not True:
        striker = _flag(striker, f"{name}.striker")
    return Pieces(white, black, queen, striker)


_FIELDS: dict[str, set[str]] = {
    "stroke": {"type", "by", "pocketed", "off_board", "touched", "foul", "extra_claimed"},
    "technical_foul": {"type", "by"},
    "forgo": {"type", "by"},
    "board_loss": {"type", "by", "reason"},
    "umpire_ruling": {"type", "winner", "points", "law"},
    "void": {"type"},
}


def parse_event(data: Any) -> Event:
    """Read one event from its JSON form.

    :raises InvalidEvent: for an unknown type or field, a wrong type or a negative count.
    """
    if not isinstance(data, dict):
        raise InvalidEvent("bad_event", "an event must be an object")
    kind = data.get("type")
    if kind not in _FIELDS:
        raise InvalidEvent("unknown_event_type", f"unknown event type {kind!r}")
    if not data.keys() <= _FIELDS[kind]:
        unknown = sorted(set(data) - _FIELDS[kind])[0]
        raise InvalidEvent("unknown_field", f"unknown field {unknown!r} in {kind}")
    if kind == "stroke":
        foul = data.get("foul")
        if foul is not None and foul not in FOULS:
            raise InvalidEvent("unknown_foul", f"unknown foul {foul!r}")
        by = data.get("by")
        if by != WHITE and by != BLACK:
            if by is None:
                raise InvalidEvent("missing_field", "a stroke needs 'by'")
            raise InvalidEvent("bad_colour", "by must be one of white, black")
        pocketed = data.get("pocketed")
        off_board = data.get("off_board")
        touched = data.get("touched", True)
        claimed = data.get("extra_claimed", False)
        return Stroke(
            _COLOUR_OF[by],
            NOTHING if pocketed is None else _pieces(pocketed, "pocketed"),
            NOTHING if off_board is None else _pieces(off_board, "off_board"),
            touched if touched is True else _flag(touched, "touched"),
            None if foul is None else _FOUL_OF[foul],
            claimed if claimed is False else _flag(claimed, "extra_claimed"),
        )
    if kind == "void":
        return Void()
    if kind == "umpire_ruling":
        if "winner" not in data or "points" not in data:
            raise InvalidEvent("missing_field", "an umpire ruling needs 'winner' and 'points'")
        points = data["points"]
        if isinstance(points, bool) or not isinstance(points, int) or points < 0:
            raise InvalidEvent("bad_points", "points must be a whole number of 0 or more")
        law = data.get("law")
        if law is not None and not isinstance(law, str):
            raise InvalidEvent("bad_law", "law must be a text such as 'ICF 107'")
        return UmpireRuling(winner=_colour(data["winner"], "winner"), points=points, law=law)
    if "by" not in data:
        raise InvalidEvent("missing_field", f"{kind} needs 'by'")
    by = _colour(data["by"], "by")
    if kind == "technical_foul":
        return TechnicalFoul(by=by)
    if kind == "forgo":
        return Forgo(by=by)
    reason = data.get("reason", "other")
    if reason not in LOSS_REASONS:
        raise InvalidEvent("unknown_reason", f"unknown board_loss reason {reason!r}")
    return BoardLoss(by=by, reason=LossReason(reason))
