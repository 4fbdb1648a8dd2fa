"""Point carrom's events (seed 003) and their JSON form: a stroke (``by`` a player's name), an
umpire ruling (points per player), a technical foul (ICF 63); a board loss (ICF 51, 91) and a
void board (IT 101) are the colour game's events. No ``forgo``: with three players nobody alone
is entitled to the placing it gives up."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import InvalidEvent
from .events import LOSS_REASONS, BoardLoss, Foul, LossReason, Pieces, Void, _flag, _pieces


@dataclass(frozen=True, slots=True)
class PointStroke:
    """A stroke in point carrom: ``by`` is a player's name."""

    by: str
    pocketed: Pieces = Pieces()
    off_board: Pieces = Pieces()
    touched: bool = True
    foul: Foul | None = None

    type = "stroke"

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
class PointRuling:
    """The umpire decides the board: the points of each player (missing players score 0)."""

    points: tuple[tuple[str, int], ...]
    law: str | None = None
    type = "umpire_ruling"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "points": dict(self.points)}
        if self.law is not None:
            out["law"] = self.law
        return out


@dataclass(frozen=True, slots=True)
class PointTechnicalFoul:
    """A technical foul by a player (ICF 63(a) on turn, 63(b) not on turn): one penalty piece
    of his, the lowest in value, owed while he holds none; the turn does not change."""

    by: str
    type = "technical_foul"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "by": self.by}


#: a board loss (ICF 51, 91: the offender scores nothing on the board) and a void board
#: (IT 101) are the colour game's events (:class:`.events.BoardLoss`, :class:`.events.Void`)
PointEvent = PointStroke | BoardLoss | PointRuling | Void | PointTechnicalFoul


_STROKE_KEYS = {"type", "by", "pocketed", "off_board", "touched", "foul"}


def parse_point_stroke(data: Any) -> PointStroke:
    """Read a point-carrom stroke from its JSON form."""
    if not isinstance(data, dict):
        raise InvalidEvent("bad_event", "an event must be an object")
    if data.get("type") != "stroke":
        raise InvalidEvent("unknown_event_type", f"not a stroke: {data.get('type')!r}")
    unknown = set(data) - _STROKE_KEYS
    if unknown:
        raise InvalidEvent("unknown_field", f"unknown field {sorted(unknown)[0]!r} in stroke")
    by = data.get("by")
    if not isinstance(by, str):
        raise InvalidEvent("missing_field", "a stroke needs 'by' (a player's name)")
    foul = data.get("foul")
    if foul is not None and foul not in tuple(Foul):
        raise InvalidEvent("unknown_foul", f"unknown foul {foul!r}")
    return PointStroke(
        by=by,
        pocketed=_pieces(data.get("pocketed"), "pocketed"),
        off_board=_pieces(data.get("off_board"), "off_board"),
        touched=_flag(data.get("touched", True), "touched"),
        foul=None if foul is None else Foul(foul),
    )


def parse_point_event(data: Any) -> PointEvent:
    """Read any point-carrom event: ``stroke``, ``technical_foul``, ``board_loss``,
    ``umpire_ruling``, ``void`` (no ``forgo``: with three players nobody alone is entitled to
    the placing it gives up)."""
    if not isinstance(data, dict):
        raise InvalidEvent("bad_event", "an event must be an object")
    kind = data.get("type")
    if kind == "stroke":
        return parse_point_stroke(data)
    if kind == "void":
        if set(data) != {"type"}:
            raise InvalidEvent("unknown_field", "a void event has no other field")
        return Void()
    if kind == "technical_foul":
        if set(data) != {"type", "by"} or not isinstance(data.get("by"), str):
            raise InvalidEvent("missing_field", "a technical foul has 'by' (a player's name) only")
        return PointTechnicalFoul(data["by"])
    if kind == "board_loss":
        if not set(data) <= {"type", "by", "reason"}:
            raise InvalidEvent("unknown_field", "a board loss has 'by' and 'reason' only")
        if not isinstance(data.get("by"), str):
            raise InvalidEvent("missing_field", "a board loss needs 'by' (a player's name)")
        reason = data.get("reason", "other")
        if reason not in LOSS_REASONS:
            raise InvalidEvent("bad_reason", f"unknown reason {reason!r}")
        return BoardLoss(data["by"], LossReason(reason))
    if kind == "umpire_ruling":
        if not set(data) <= {"type", "points", "law"}:
            raise InvalidEvent("unknown_field", "an umpire ruling has 'points' and 'law' only")
        points = data.get("points")
        if not isinstance(points, dict) or not all(
            isinstance(k, str) and type(v) is int and 0 <= v <= 32 for k, v in points.items()
        ):
            raise InvalidEvent(
                "bad_points", "points must map players to whole numbers from 0 to 32"
            )
        law = data.get("law")
        if law is not None and not isinstance(law, str):
            raise InvalidEvent("bad_law", "law must be a text")
        return PointRuling(tuple(sorted(points.items())), law)
    raise InvalidEvent("unknown_event_type", f"point carrom has no event of type {kind!r}")
