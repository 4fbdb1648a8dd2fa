"""The carrom rules engine: pure Python, no Django.

The umpire records what happened (events); this package decides what it means. Immutable
events go in, derived positions come out; nothing is stored, everything replays
deterministically (python-chess is the model: ``apply``, ``replay``, ``Board.push/pop/peek``).

Glossary (ICF Laws of Carrom, "Interpretations"):

- **board**: one deal, from the break until one side has pocketed all its carrommen.
- **game**: boards until a player reaches 25 points, or 8 boards in early rounds (ICF 56).
- **match**: best of three games (ICF 57).
- **break**: the first stroke of a board; the breaker plays white (ICF 43–45).
- **stroke** / **turn**: one strike of the striker / the right to strike, kept while a player
  pockets his own carrommen properly (ICF 48).
- **carromman** (C/m): one of the nine white or nine black pieces; **queen**: the red piece.
- **cover**: pocketing an own carromman in the same or the next stroke after the queen (ICF 97).
- **due**: the debt of a pocketed striker (ICF 72); **penalty**: of a foul (ICF 63, 64). Both are
  paid by the opponent placing one of the offender's pocketed carrommen back on the board.
- **foul**: a violation during a stroke, the turn is lost; **technical foul**: before the first
  stroke of one's turn or by the player not on turn, the turn goes on (ICF 63, 64).

Layout: :mod:`.position` (values), :mod:`.events` (what happened), :mod:`.board` (the laws of a
board; a stroke :mod:`.stroke`, its end of the board :mod:`.board_end`, the dues :mod:`.dues`,
the notes :mod:`.note`), :mod:`.game` (games and matches; the board entries :mod:`.entries`, a
game's end :mod:`.game_end`), :mod:`.presets` (rule sets as data), :mod:`.point` (three-player
point carrom, over :mod:`.point_events`, :mod:`.point_position`, :mod:`.point_step`,
:mod:`.point_document`, :mod:`.point_game`), :mod:`.variant` (one interface over both games:
start a board, apply an event, one board result shape), :mod:`.interchange` (the JSON format
v1: :mod:`.interchange_board`, :mod:`.interchange_games`), :mod:`.cli` (the command). Every
module is plain Python: the tablet's offline engine ships them all (``scoring.offline.bundle``).
"""

from .board import Board, Note, Step, apply, replay, step
from .errors import IllegalEvent, InvalidDocument, InvalidEvent, RulesError
from .events import (
    BoardLoss,
    Event,
    Forgo,
    Pieces,
    Stroke,
    TechnicalFoul,
    UmpireRuling,
    Void,
    parse_event,
)
from .game import (
    AwardEntry,
    BoardScore,
    GameState,
    MatchState,
    NextBoard,
    PlayedEntry,
    RecordedEntry,
    SummaryEntry,
    VoidEntry,
    derive_game,
    derive_match,
    first_breaker_of_game,
)
from .interchange import LogEntry, parse_start, replay_document
from .notation import from_notation, from_point_notation, to_notation, to_point_notation
from .point import (
    PointEvent,
    PointGame,
    PointPosition,
    PointRuling,
    PointStep,
    PointStroke,
    PointTechnicalFoul,
    apply_point,
    derive_point_game,
    parse_point_event,
    replay_point,
    step_point,
)
from .position import (
    BLACK,
    COLOURS,
    OPENING,
    WHITE,
    BoardResult,
    Colour,
    PerColour,
    Position,
    Termination,
    other,
)
from .presets import DEFAULT_RULES, RULESETS, RuleSet, get_rules
from .variant import (
    BoardEvent,
    BoardOutcome,
    ColourGame,
    GameOutcome,
    PadKind,
    Played,
    PointCarrom,
    SheetKind,
    TossKind,
    Variant,
    VariantBoard,
    variant_for,
)

__all__ = [
    "BLACK",
    "COLOURS",
    "DEFAULT_RULES",
    "OPENING",
    "RULESETS",
    "WHITE",
    "AwardEntry",
    "Board",
    "BoardEvent",
    "BoardLoss",
    "BoardOutcome",
    "BoardResult",
    "BoardScore",
    "Colour",
    "ColourGame",
    "Event",
    "Forgo",
    "GameOutcome",
    "GameState",
    "IllegalEvent",
    "InvalidDocument",
    "InvalidEvent",
    "LogEntry",
    "MatchState",
    "NextBoard",
    "Note",
    "PerColour",
    "PlayedEntry",
    "Pieces",
    "Played",
    "PointCarrom",
    "PointEvent",
    "PointGame",
    "PointPosition",
    "PointRuling",
    "PointStep",
    "PointStroke",
    "PointTechnicalFoul",
    "Position",
    "PadKind",
    "RuleSet",
    "RulesError",
    "SheetKind",
    "Step",
    "Stroke",
    "RecordedEntry",
    "SummaryEntry",
    "TechnicalFoul",
    "Termination",
    "TossKind",
    "UmpireRuling",
    "Variant",
    "VariantBoard",
    "Void",
    "VoidEntry",
    "apply",
    "apply_point",
    "derive_game",
    "derive_match",
    "derive_point_game",
    "first_breaker_of_game",
    "from_notation",
    "from_point_notation",
    "get_rules",
    "other",
    "parse_event",
    "parse_point_event",
    "parse_start",
    "replay",
    "replay_document",
    "replay_point",
    "step",
    "to_notation",
    "to_point_notation",
    "step_point",
    "variant_for",
]
