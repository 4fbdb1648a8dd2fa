"""One interface for every game the engine plays: the colour game (ICF and its presets) and
three-player point carrom (seed 003).

``variant_for(rules)`` answers a :class:`Variant`; a caller starts a board with the board's
players in turn order from the breaker (the colour game: the breaker plays white, ICF 43),
applies events to it and reads one :class:`BoardOutcome` shape whatever the game::

    variant = variant_for(match.rules)
    board = variant.start(("a", "b"), scores={"a": 3, "b": 7})
    board, notes = variant.apply(board, variant.parse_event(payload))
    outcome = board.outcome            # points per player, winner / top scorer, queen, ...

The facts callers used to branch on (``family == "points"``, ``has_colours``) are properties
of the variant, each named for what it decides: :attr:`Variant.seats`,
:attr:`Variant.sheet_kind`, :attr:`Variant.pad_kind`, :attr:`Variant.event_kinds`,
:attr:`Variant.points_by_player`, :attr:`Variant.one_game`, :attr:`Variant.offline_rulings`,
:attr:`Variant.stroke_stats`, :attr:`Variant.quick_entry`, :attr:`Variant.paper_sheets`,
:attr:`Variant.time_limit`, :attr:`Variant.toss`, :attr:`Variant.board_total`,
:attr:`Variant.deciding_game`, :attr:`Variant.game_decisions`; :meth:`Variant.seating` orders a
board's players from its breaker, :meth:`Variant.state_of` writes a position as the engine's
state. Only the Variant itself (and the templates that draw colours) asks
:attr:`Variant.has_colours`. ``interchange.board_document`` writes a board as
``carrom-board/1``.

The interface is :mod:`.variant_base`; the two families are :mod:`.colour_game` and
:mod:`.point_carrom`; this module chooses between them (:func:`variant_for`) and keeps
``from scoring.rules.variant import ...`` working.
"""

from __future__ import annotations

from .colour_game import ColourGame
from .outcome import BoardOutcome, GameOutcome, PadKind, SheetKind, TossKind
from .point_carrom import PointCarrom
from .presets import RuleSet, get_rules
from .variant_base import BoardEvent, Played, Variant, VariantBoard, Walked

__all__ = [
    "BoardEvent",
    "BoardOutcome",
    "ColourGame",
    "GameOutcome",
    "PadKind",
    "Played",
    "PointCarrom",
    "SheetKind",
    "TossKind",
    "Variant",
    "VariantBoard",
    "Walked",
    "variant_for",
]


def variant_for(rules: RuleSet | str | None) -> Variant:
    """The variant a rule set (or a preset's key; ``None``: ICF) plays."""
    if not isinstance(rules, RuleSet):
        rules = get_rules(rules)
    if rules.family == "points":
        return PointCarrom(rules)
    return ColourGame(rules)
