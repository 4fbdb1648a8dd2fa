"""Statistics computed from stroke logs, and the board timeline: pure Python, no Django.

Every figure here is *derived* by replaying a board's log through the rules engine
(``Variant.walk``, the one replay), never stored. Colours are the engine's (``"white"`` is the
breaker, ICF 43); the caller maps them to sides or entries.

Definitions (``shared/rules/LAWS.md`` §2.1; the laws give no points for slams, they are
statistics):

- **white slam**: the breaker pockets all nine whites and the queen (covered) in his first turn:
  the board is won by white before black has played a stroke, white's carrommen all pocketed and
  the queen covered by white.
- **break to finish**: the breaker wins the board in his first turn (every stroke of the board
  is white's). The laws use it as another name of the white slam; it is counted by the same
  test without asking how the board was won.
- **black slam**: the black player pockets all his remaining blacks, with or without the queen,
  in his first turn: the board is won by black, no black carromman is left, and black's strokes
  form one turn (no white stroke after black's first).
- **dues**: strokes in which the striker was pocketed (ICF 72); **fouls**: fouls during a stroke
  (ICF 64, 47) and technical fouls (ICF 63).
- **queen pocketed**: strokes in which the side pocketed the queen; **queen covered**: boards in
  which the side covered it (ICF 97); the **conversion rate** is covers per queen pocketed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring.rules import (
    Note,
    PerColour,
    Position,
    RulesError,
    Stroke,
    TechnicalFoul,
    get_rules,
    variant_for,
)
from scoring.rules.interchange import parse_start

COLOURS = ("white", "black")


@dataclass(frozen=True)
class TimelineStep:
    """One event of a board and what the laws made of it."""

    index: int  # 1-based among the live events
    event: dict[str, Any]  # the event in interchange format v1
    notes: tuple[Note, ...]
    position: Position  # after the event


@dataclass
class ColourStats:
    """What one colour did on one board."""

    strokes: int = 0
    pocketed: int = 0  # own carrommen pocketed (strokes without a foul)
    queen_pocketed: int = 0
    queen_covered: int = 0
    dues: int = 0
    fouls: int = 0
    technical_fouls: int = 0


@dataclass
class BoardAnalysis:
    """A replayed board: its timeline, its end, and per-colour statistics."""

    steps: list[TimelineStep]
    position: Position
    colours: dict[str, ColourStats]
    finished: bool
    void: bool
    winner: str | None  # colour
    points: int
    law: str
    break_to_finish: bool = False
    white_slam: bool = False
    black_slam: bool = False
    error: str | None = None  # the log could not be replayed (should not happen)


def analyse_board(
    events: Sequence[dict[str, Any]],
    *,
    rules: str = "icf",
    scores: tuple[int, int] = (0, 0),
) -> BoardAnalysis:
    """Replay one board's live events (interchange format v1, undo rows already removed).

    ``scores`` are the game scores of white and black before the board (22-point rule).
    """
    ruleset = get_rules(rules)
    start = parse_start(None, PerColour(*scores))
    steps: list[TimelineStep] = []
    colours = {c: ColourStats() for c in COLOURS}
    error = None
    position = start
    walked = variant_for(ruleset).walk(start, list(events))  # the one replay, every note
    for index, payload in enumerate(events, start=1):
        try:
            step = next(walked)
        except RulesError as err:  # pragma: no cover - logs are validated when recorded
            error = f"{index}: {err}"
            break
        assert isinstance(step.after, Position)
        position = step.after
        steps.append(TimelineStep(index, dict(payload), step.notes, position))
        _count(colours, step.event, step.notes)
    result = position.result
    for colour in COLOURS:
        if position.queen == f"covered:{colour}":
            colours[colour].queen_covered = 1
    analysis = BoardAnalysis(
        steps=steps,
        position=position,
        colours=colours,
        finished=result is not None,
        void=bool(result and result.void),
        winner=None if result is None or result.void else result.winner,
        points=0 if result is None or result.void else result.points,
        law="" if result is None else result.law,
        error=error,
    )
    _slams(analysis, ruleset.carrommen_per_colour)
    return analysis


def _count(colours: dict[str, ColourStats], event: Any, notes: Iterable[Note]) -> None:
    if isinstance(event, TechnicalFoul):
        colours[event.by].technical_fouls += 1
        colours[event.by].fouls += 1
        return
    if not isinstance(event, Stroke):
        return
    mine = colours[event.by]
    mine.strokes += 1
    if event.pocketed.queen:
        mine.queen_pocketed += 1
    if event.foul is not None:
        mine.fouls += 1
    else:
        mine.pocketed += event.pocketed[event.by]
    if event.pocketed.striker:
        mine.dues += 1


def _slams(analysis: BoardAnalysis, full: int) -> None:
    """Break to finish, white and black slams (module docstring)."""
    if not analysis.finished or analysis.void or not analysis.steps:
        return
    last = analysis.steps[-1].event
    if last.get("type") != "stroke":  # decided by a ruling or a board loss
        return
    strokes = [s.event.get("by") for s in analysis.steps if s.event.get("type") == "stroke"]
    position = analysis.position
    if analysis.winner == "white" and all(by == "white" for by in strokes):
        analysis.break_to_finish = True
        analysis.white_slam = position.on_board.white == 0 and position.queen == "covered:white"
    if analysis.winner == "black" and position.on_board.black == 0 and "black" in strokes:
        first = strokes.index("black")
        analysis.black_slam = all(by == "black" for by in strokes[first:])


@dataclass
class SideStats:
    """Statistics of one side (a player or a pair) over many boards, for the player page."""

    matches: int = 0
    matches_won: int = 0
    games: int = 0
    games_won: int = 0
    boards: int = 0  # counted boards (not void), any kind of entry
    boards_won: int = 0
    points_for: int = 0
    points_against: int = 0
    matches_drawn: int = 0
    board_points_for: int = 0  # the points of the counted boards (points per board)
    board_points_against: int = 0
    logged_boards: int = 0  # boards recorded stroke by stroke (the base of the figures below)
    strokes: int = 0
    queen_pocketed: int = 0
    queen_covered: int = 0
    dues: int = 0
    fouls: int = 0
    breaks: int = 0  # logged boards this side broke
    breaks_to_finish: int = 0
    white_slams: int = 0
    black_slams: int = 0
    slam_boards: list[Any] = field(default_factory=list)  # caller's references to slam boards

    @property
    def points_per_board(self) -> float | None:
        return self.board_points_for / self.boards if self.boards else None

    @property
    def queen_conversion(self) -> float | None:
        return self.queen_covered / self.queen_pocketed if self.queen_pocketed else None

    @property
    def dues_per_board(self) -> float | None:
        return self.dues / self.logged_boards if self.logged_boards else None

    @property
    def fouls_per_board(self) -> float | None:
        return self.fouls / self.logged_boards if self.logged_boards else None

    def add_board(self, *, won: bool, points: int) -> None:
        """A counted board (any kind of entry): ``points`` went to the board's winner."""
        self.boards += 1
        if won:
            self.boards_won += 1
            self.points_for += points
            self.board_points_for += points
        else:
            self.points_against += points
            self.board_points_against += points

    def use_results(self, standing: Any) -> None:
        """Matches, games and points as the standings count them (issue 31: one truth): a
        line of :func:`scoring.draws.ranking.table` over the decided results
        (:mod:`scoring.standings.results`), byes and walkovers credited by the event's rule;
        added per event."""
        self.matches += standing.played
        self.matches_won += standing.wins
        self.matches_drawn += standing.draws
        self.games += standing.games_won + standing.games_lost
        self.games_won += standing.games_won
        self.points_for += standing.points_for
        self.points_against += standing.points_against

    def add_log(self, analysis: BoardAnalysis, colour: str, reference: Any = None) -> None:
        """A board recorded stroke by stroke, which this side played as ``colour``."""
        if analysis.void:
            return
        mine = analysis.colours[colour]
        self.logged_boards += 1
        self.strokes += mine.strokes
        self.queen_pocketed += mine.queen_pocketed
        self.queen_covered += mine.queen_covered
        self.dues += mine.dues
        self.fouls += mine.fouls
        if colour == "white":
            self.breaks += 1
            if analysis.break_to_finish:
                self.breaks_to_finish += 1
            if analysis.white_slam:
                self.white_slams += 1
                self.slam_boards.append(("white", reference))
        elif analysis.black_slam:
            self.black_slams += 1
            self.slam_boards.append(("black", reference))

    def as_dict(self) -> dict[str, Any]:
        """For the JSON API (rates rounded to three places, ``None`` when undefined)."""

        def rate(value: float | None) -> float | None:
            return None if value is None else round(value, 3)

        return {
            "matches": self.matches,
            "matches_won": self.matches_won,
            "matches_drawn": self.matches_drawn,
            "games": self.games,
            "games_won": self.games_won,
            "boards": self.boards,
            "boards_won": self.boards_won,
            "points_for": self.points_for,
            "points_against": self.points_against,
            "points_per_board": rate(self.points_per_board),
            "logged_boards": self.logged_boards,
            "queen_pocketed": self.queen_pocketed,
            "queen_covered": self.queen_covered,
            "queen_conversion": rate(self.queen_conversion),
            "dues": self.dues,
            "dues_per_board": rate(self.dues_per_board),
            "fouls": self.fouls,
            "fouls_per_board": rate(self.fouls_per_board),
            "breaks": self.breaks,
            "breaks_to_finish": self.breaks_to_finish,
            "white_slams": self.white_slams,
            "black_slams": self.black_slams,
        }
