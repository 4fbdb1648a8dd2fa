"""Rule presets as data (``RULESETS``).

ICF is the default. Each preset states how it differs from ICF in ``differences``; the engine
reads only the numbers and switches here, so a preset is never a copy of engine code.

- ``icf``: the ICF Laws of Carrom with the product's adopted rulings (``rules/README.md``).
- ``dcv``: the German federation's name for the same laws (identical numbers; German UI name).
- ``family-21``: seed 002's family game: first to 21 points or the most after 8 boards.
- ``queen-5``: seed 003's two-player scoring: the queen is worth 5, no 22-point rule, so a board
  is worth at most 14 (9 + 5).
- ``point-carrom``: seed 003's three-player point game: nobody owns a colour, black 1, white 2,
  queen 5, to 25 points or the most after 8 boards (engine in :mod:`scoring.rules.point`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from .errors import InvalidDocument


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The numbers and switches one preset plays with."""

    key: str
    name: str
    name_de: str
    differences: tuple[str, ...] = ()
    #: "colours": each side owns a colour (ICF); "points": point carrom, nobody owns a colour.
    family: str = "colours"
    players: int = 2
    carrommen_per_colour: int = 9
    #: ICF 52(b): the queen's value for the board winner who covered it.
    queen_value: int = 3
    #: ICF 54: the queen counts only while the receiver's game score before the board is at most
    #: this; ``None`` switches the 22-point rule off.
    queen_cutoff: int | None = 21
    #: The special cases "by the queen's value" award this instead when the receiver is past the
    #: cutoff (ICF 102, 104, 105, 107, 108, 109).
    reduced_queen_value: int = 1
    #: ICF 55: at most this many points a board (9 carrommen + the queen).
    board_max: int = 12
    #: ICF 56: a game is won at this score (recorded capped at it, ruling 3) ...
    game_points: int = 25
    #: ... or by the leader after this many boards (early rounds; late rounds play to the points).
    board_limit: int = 8
    #: DCV 56(c): from the quarter-finals on there is no board limit.
    late_board_limit: int | None = None
    #: Ruling 3: a tie after the board limit is decided by one extra board.
    extra_board_on_tie: bool = True
    #: ICF 45: attempts at the break before the right passes.
    break_attempts: int = 3
    #: Ruling 7: the striker pocketed in a foul stroke costs the due and the penalty.
    striker_in_foul_costs: int = 2
    #: ICF 57: best of three games.
    games_to_win: int = 2
    #: ICF 60: game-3 side change after this board (early rounds) or at this score.
    side_change_board: int = 4
    side_change_points: int = 13
    #: Point carrom only: what each piece is worth to the player who pocketed it.
    piece_values: dict[str, int] = field(default_factory=dict)
    #: Point carrom (``POINT_SETTINGS``): does a carromman pocketed with the queen in the same
    #: stroke give the right to it? ICF 92, 95(a): no.
    queen_right_same_stroke: bool = False
    #: Point carrom: "at_points" ends the game the moment a player reaches ``game_points``
    #: (seed 003, an interpretation); "board_end" plays the board out first.
    game_end: str = "at_points"
    #: Is a piece (carromman or queen) leaving the board a foul? ICF 65: no; seed 003 (point
    #: carrom) and the UK rules (LAWS.md §4): yes.
    off_board_foul: bool = False
    #: A round's time limit in minutes (a tournament rule; the ICF Laws set none), and what a
    #: time-up does to a board in play: "finish" it or "stop" (not counted). Applied to an
    #: event that plays the preset (``Event.round_minutes``, ``settings["time_up_board"]``).
    time_limit: int | None = None
    time_up: str = "finish"
    #: A house preset (:mod:`.house`): the built-in preset it starts from and the switches it
    #: sets otherwise, in ``house.SWITCHES`` order; ``None`` and ``()`` for a built-in.
    base: str | None = None
    switches: tuple[tuple[str, object], ...] = ()

    def board_limit_for(self, stage: str) -> int | None:
        """The board limit of a game in this stage (``"early"`` or ``"late"``)."""
        return self.board_limit if stage == "early" else self.late_board_limit

    def queen_counts_for(self, score: int) -> bool:
        """ICF 54: does the queen still count for a player with this game score?"""
        return self.queen_cutoff is None or score <= self.queen_cutoff


ICF = RuleSet(
    key="icf",
    name="ICF Laws of Carrom",
    name_de="ICF-Carromregeln",
    differences=("The reference: every other preset is described against it.",),
)

DCV = RuleSet(
    key="dcv",
    name="DCV (German Carrom Federation)",
    name_de="DCV (Deutscher Carrom Verband)",
    differences=(
        "Same laws as ICF (the DCV text is the German ICF translation); kept as its own preset "
        "so that German tournaments see their federation's name.",
        "DCV 56(c) (no board limit from the quarter-finals) is already part of the ICF preset.",
    ),
)

FAMILY_21 = RuleSet(
    key="family-21",
    name="Family game to 21",
    name_de="Familienspiel bis 21",
    differences=(
        "A game is won at 21 points (not 25), or by the leader after 8 boards (seed 002).",
        "The 22-point queen rule cannot apply: nobody reaches 22 before the game ends.",
    ),
    game_points=21,
    late_board_limit=8,
)

QUEEN_5 = RuleSet(
    key="queen-5",
    name="Queen worth 5",
    name_de="Königin zählt 5",
    differences=(
        "The queen is worth 5 points to the board winner who covered it (seed 003).",
        "No 22-point rule: the queen always counts.",
        "A board is worth at most 14 points (9 carrommen + 5).",
        "The end-of-board special cases award 5 where ICF awards 3.",
    ),
    queen_value=5,
    queen_cutoff=None,
    reduced_queen_value=5,
    board_max=14,
)

POINT_CARROM = RuleSet(
    key="point-carrom",
    name="Point carrom (three players)",
    name_de="Punkte-Carrom (drei Spieler)",
    differences=(
        "Three players in a fixed turn order; nobody owns a colour: any piece may be pocketed.",
        "Every pocketed piece scores for the player who pocketed it: black 1, white 2, queen 5.",
        "The queen may be pocketed once the player has pocketed a carromman in an earlier "
        "stroke of this board (ICF 92, 95(a)) and must be covered by any carromman in the same "
        "or the next stroke, or it goes back.",
        "A foul, a pocketed striker or three failed break attempts (seed 003) ends the turn "
        "and returns one of the player's pieces (the lowest in value) as a penalty; owed "
        "while he has none.",
        "The board ends when every carromman is pocketed (the last one only after the queen "
        "is covered); the game is won at 25 points or by the leader after 8 boards.",
        "The game ends the moment a player reaches 25, in the middle of a board "
        "(interpretation of seed 003), recorded capped at 25.",
        "The first player is drawn by lot among the three; the break rotates.",
        "Pieces off the board, umpire ruling, void board and board loss as in the colour "
        "game (ICF 65, IT 101, ICF 51/91: the offender scores nothing on that board).",
    ),
    family="points",
    players=3,
    queen_value=5,
    queen_cutoff=None,
    board_max=23,
    late_board_limit=8,
    piece_values={"black": 1, "white": 2, "queen": 5},
)


@dataclass(frozen=True, slots=True)
class Setting:
    """One rule of a preset that may be set otherwise, with where its default comes from."""

    key: str
    choices: tuple[object, ...]
    law: str
    interpretation: bool
    text: str


#: The point-carrom rules a document (``"settings"``) or a preset may set otherwise.
POINT_SETTINGS: dict[str, Setting] = {
    s.key: s
    for s in (
        Setting(
            "queen_right_same_stroke",
            (False, True),
            "ICF 92, 95(a)",
            False,
            "The queen only after a carromman pocketed in an earlier stroke of the board "
            '(seed 003: "erst … wenn Sie eine eigene Figur versenkt haben"); true lets a '
            "carromman of the same stroke count.",
        ),
        Setting(
            "game_end",
            ("at_points", "board_end"),
            "seed 003",
            True,
            'The game ends the moment a player reaches 25 (seed 003: "Das Spiel endet, wenn '
            'ein Spieler 25 oder mehr Punkte erreicht hat"), recorded capped at 25; '
            '"board_end" plays the board out first.',
        ),
        Setting(
            "off_board_foul",
            (False, True),
            "ICF 65",
            False,
            "A piece leaving the board goes back to the centre and costs nothing (ICF 65); "
            "true makes it a foul, as seed 003 lists it.",
        ),
        Setting(
            "first_breaker",
            ("toss",),
            "ICF 40",
            True,
            'The first player is drawn by lot among the three (seed 003: "nach dem '
            'Zufallsprinzip"); the break then rotates in turn order.',
        ),
    )
}

RULESETS: dict[str, RuleSet] = {r.key: r for r in (ICF, DCV, FAMILY_21, QUEEN_5, POINT_CARROM)}

DEFAULT_RULES = "icf"

#: Composed rule sets by their content key (``house.compose``); a key names one content for
#: ever, so a rule set found here is never stale.
_COMPOSED: dict[str, RuleSet] = {}
_COMPOSED_MAX = 1024
#: Functions that find a composed rule set by its key elsewhere (the site's stored house
#: presets); each returns ``None`` when it does not know the key.
_RESOLVERS: list[Callable[[str], RuleSet | None]] = []


def remember(rules: RuleSet) -> RuleSet:
    """Keep a composed rule set so that :func:`get_rules` finds it by its key."""
    if rules.key not in RULESETS:
        if len(_COMPOSED) >= _COMPOSED_MAX:
            _COMPOSED.pop(next(iter(_COMPOSED)))
        _COMPOSED[rules.key] = rules
    return rules


def add_resolver(resolver: Callable[[str], RuleSet | None]) -> None:
    """Let :func:`get_rules` ask ``resolver`` for a key it does not know (once per key)."""
    if resolver not in _RESOLVERS:
        _RESOLVERS.append(resolver)


def get_rules(key: str | None) -> RuleSet:
    """The preset named ``key`` (``None`` means ICF).

    :raises InvalidDocument: for an unknown preset.
    """
    if key is None:
        return ICF
    try:
        return RULESETS[key]
    except (KeyError, TypeError):
        pass
    if isinstance(key, str) and key.startswith("h-"):
        found = _COMPOSED.get(key)
        for resolver in _RESOLVERS:
            if found is not None:
                break
            found = resolver(key)
        if found is not None:
            return remember(found)
    known = ", ".join(RULESETS)
    raise InvalidDocument("unknown_rules", f"unknown rules preset {key!r} (known: {known})")


# House presets built in: composed from a preset above and switches (``house.py``), never a
# copy of numbers. Imported here, after everything ``house`` reads, so that ``RULESETS`` holds
# them wherever the engine is imported from.
from .house import compose as _compose  # noqa: E402

#: LAWS.md §4, "UK/Masters 29" (streetdirectory, UK Carrom Club based): 29 points, the queen
#: worth 5, at most 14 a board (9 + 5), any piece leaving the board a foul.
UK_29 = _compose(
    "icf",
    {"game_points": 29, "queen_value": 5, "board_max": 14, "off_board_foul": True},
    name="UK rules to 29",
    key="uk-29",
)
UK_29 = replace(UK_29, name_de="UK-Regeln bis 29")
RULESETS[UK_29.key] = UK_29
