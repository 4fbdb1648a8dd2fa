"""Team ties as data: tie formats, a tie's result from its rubbers, lineup rules (pure Python).

A **tie** is the meeting of two teams in a team event. It is played as **rubbers** in a fixed
order, each a singles or a doubles match between players of the two teams: a normal match of
the event's preset (best of three games, ICF 57) or a single game, as the format says.

A :class:`TieFormat` says

- the rubbers in order (:class:`RubberSpec`: ``singles``/``doubles``, games to win 2 or 1);
- how the tie is won: by **most rubbers**; level on rubbers (an even number of rubbers, or a
  rubber without a winner), by games won, then points; still level, the tie is **drawn**;
- whether the remaining rubbers are played once the tie is decided (``stop_when_decided``);
- the **player rule**: a player plays at most one singles and one doubles of a tie
  (``one_each``), or only one rubber of it (``one_rubber``);
- what a tie counts in the team standings (``win``, ``draw``, ``loss`` points).

Two formats are built in (:data:`BUILT_IN`): ``sds`` — singles, doubles, singles, best of three
rubbers, stopped when decided (school and league carrom) — and ``4s1d`` — four singles and one
doubles, all played (the ICF team championships' ties). An organiser makes others
(:func:`format_from_data` checks them).

A rubber's result is the project's one decided result (``scoring.standings.results``, a
:class:`~scoring.draws.types.MatchResult` between the two teams' entries, ``None`` while not
decided); :func:`tie_result` adds them up. :func:`check_lineup` checks one side's lineup.

The formats themselves are :mod:`.tie_formats` (every name importable from here).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .tie_formats import (
    BUILT_IN,
    FOUR_ONE,
    MAX_PLAYERS,
    MAX_RUBBERS,
    MIN_PLAYERS,
    SDS,
    PlayerRule,
    RubberKind,
    RubberSpec,
    TieFormat,
    TieFormatError,
    format_from_data,
    players_needed,
)
from .types import EntryId, MatchResult

__all__ = [
    "BUILT_IN",
    "FOUR_ONE",
    "MAX_PLAYERS",
    "MAX_RUBBERS",
    "MIN_PLAYERS",
    "LineupProblem",
    "PlayerRule",
    "RubberKind",
    "RubberSpec",
    "SDS",
    "TEAM_TIEBREAKS",
    "TeamStanding",
    "TieFormat",
    "TieFormatError",
    "TieResult",
    "check_lineup",
    "format_from_data",
    "players_needed",
    "team_table",
    "tie_result",
]


type TieWalkover = Literal["a", "b", "both"] | None


# --- the tie's result --------------------------------------------------------------------


@dataclass(frozen=True)
class TieResult:
    """A tie between entries ``a`` and ``b`` as its rubbers stand.

    ``decided``: the tie's result stands (it counts in the standings): under
    ``stop_when_decided`` as soon as a side has won more rubbers than the other can still
    reach, else when every rubber is decided (or the whole tie was a walkover). ``winner`` is
    None while undecided, for a drawn tie and a double walkover. ``not_needed``: the rubbers
    (0-based) left unplayed because the tie was decided before them.
    """

    a: EntryId
    b: EntryId
    winner: EntryId | None
    decided: bool
    rubbers_a: int
    rubbers_b: int
    games_a: int
    games_b: int
    points_a: int
    points_b: int
    walkover: bool = False
    not_needed: tuple[int, ...] = ()

    @property
    def drawn(self) -> bool:
        return self.decided and self.winner is None and not self.walkover

    @property
    def winner_side(self) -> str:
        """``a``, ``b`` or "" (no winner yet, drawn, double walkover)."""
        if self.winner is None:
            return ""
        return "a" if self.winner == self.a else "b"

    def as_match_result(self) -> MatchResult | None:
        """The decided tie as a match between the teams' entries (rubbers as its games), for
        the tables of the draw; None while undecided."""
        if not self.decided:
            return None
        return MatchResult(
            self.a,
            self.b,
            self.winner,
            self.rubbers_a,
            self.rubbers_b,
            self.points_a,
            self.points_b,
            walkover=self.walkover,
            draw=self.drawn,
        )


def _side(result: MatchResult, a: EntryId) -> tuple[str, int, int, int, int]:
    """A rubber's winner side and totals, turned to the tie's side a."""
    ga, gb, pa, pb = result.games_a, result.games_b, result.points_a, result.points_b
    if result.a != a:
        ga, gb, pa, pb = gb, ga, pb, pa
    winner = "" if result.winner is None else "a" if result.winner == a else "b"
    return winner, ga, gb, pa, pb


def tie_result(
    fmt: TieFormat,
    a: EntryId,
    b: EntryId,
    rubbers: Sequence[MatchResult | None],
    walkover: TieWalkover = None,
) -> TieResult:
    """The tie's result from its rubbers' decided results, in the format's order (``None``:
    not decided yet; a rubber's walkover or bye counts as its winner's rubber, a double
    walkover or a drawn rubber as nobody's). ``walkover``: the whole tie was a walkover —
    ``"a"``/``"b"`` the side that was present wins the rubbers it needed (all of them when all
    are played), each as a won match of its games to win (ICF/DCV: the absent side forfeits);
    ``"both"``: nobody wins.
    """
    count = len(fmt.rubbers)
    if len(rubbers) != count:
        raise TieFormatError("tie_rubbers", expected=count, given=len(rubbers))
    if walkover in ("a", "b", "both"):
        if walkover == "both":
            return TieResult(a, b, None, True, 0, 0, 0, 0, 0, 0, walkover=True)
        won = range(fmt.to_win) if fmt.stop_when_decided else range(count)
        games = sum(fmt.rubbers[n].games_to_win for n in won)
        rest = tuple(range(len(won), count))
        if walkover == "a":
            return TieResult(a, b, a, True, len(won), 0, games, 0, 0, 0, True, rest)
        return TieResult(a, b, b, True, 0, len(won), 0, games, 0, 0, True, rest)
    ra = rb = ga = gb = pa = pb = 0
    open_rubbers = []
    for number, result in enumerate(rubbers):
        if result is None:
            open_rubbers.append(number)
            continue
        side, rga, rgb, rpa, rpb = _side(result, a)
        ra += side == "a"
        rb += side == "b"
        ga, gb, pa, pb = ga + rga, gb + rgb, pa + rpa, pb + rpb
    remaining = len(open_rubbers)
    clinched = ra > rb + remaining or rb > ra + remaining
    if fmt.stop_when_decided and clinched:
        return TieResult(
            a, b, a if ra > rb else b, True, ra, rb, ga, gb, pa, pb, not_needed=tuple(open_rubbers)
        )
    if remaining:
        return TieResult(a, b, None, False, ra, rb, ga, gb, pa, pb)
    winner: EntryId | None = None
    for mine, theirs in ((ra, rb), (ga, gb), (pa, pb)):
        if mine != theirs:
            winner = a if mine > theirs else b
            break
    return TieResult(a, b, winner, True, ra, rb, ga, gb, pa, pb)


# --- lineups -----------------------------------------------------------------------------


@dataclass(frozen=True)
class LineupProblem:
    """Why a lineup is refused: ``code`` (worded in ``scoring/error_words.py``), the rubber
    (1-based; 0 for the whole lineup) and the player concerned."""

    code: str
    rubber: int = 0
    player: int | None = None


def check_lineup(
    fmt: TieFormat, members: Sequence[int], lineup: Sequence[Sequence[int]]
) -> list[LineupProblem]:
    """One side's lineup (player ids per rubber, in the format's order) checked against the
    format and the team's ``members``: every rubber has its players (1 in singles, 2 different
    ones in doubles), all of the team, and the format's player rule holds. An empty list: the
    lineup stands."""
    problems: list[LineupProblem] = []
    if len(lineup) != len(fmt.rubbers):
        return [LineupProblem("lineup_rubbers")]
    team = set(members)
    singles: dict[int, int] = {}
    doubles: dict[int, int] = {}
    played: dict[int, int] = {}
    for number, (spec, players) in enumerate(zip(fmt.rubbers, lineup, strict=True), start=1):
        if len(players) != spec.kind.players:
            problems.append(
                LineupProblem(
                    "lineup_singles_count"
                    if spec.kind is RubberKind.SINGLES
                    else "lineup_doubles_count",
                    number,
                )
            )
            continue
        if len(set(players)) != len(players):
            problems.append(LineupProblem("lineup_pair_same", number, players[0]))
            continue
        for player in players:
            if player not in team:
                problems.append(LineupProblem("lineup_not_in_team", number, player))
                continue
            if fmt.player_rule is PlayerRule.ONE_RUBBER:
                if player in played:
                    problems.append(LineupProblem("lineup_one_rubber", number, player))
                played[player] = number
                continue
            seen = singles if spec.kind is RubberKind.SINGLES else doubles
            if player in seen:
                problems.append(
                    LineupProblem(
                        "lineup_two_singles"
                        if spec.kind is RubberKind.SINGLES
                        else "lineup_two_doubles",
                        number,
                        player,
                    )
                )
            seen[player] = number
    return problems


# --- team standings ----------------------------------------------------------------------

#: The order of a team table after the tie points, each criterion's code (worded by the
#: pages) and how a row reads it.
TEAM_TIEBREAKS: tuple[str, ...] = (
    "tie_points",
    "rubber_difference",
    "game_difference",
    "point_difference",
    "rubbers_won",
)


@dataclass
class TeamStanding:
    """A team's line over its decided ties: ties played, won, drawn, lost and the points
    they count (the format's ``win``/``draw``/``loss``), rubbers, games and points for and
    against; ``rank`` shared by teams level on every criterion; ``decided_by`` the criterion
    that separated the team from the one above (``""`` for the first and for a shared
    place)."""

    entry: EntryId
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    tie_points: int = 0
    rubbers_won: int = 0
    rubbers_lost: int = 0
    games_won: int = 0
    games_lost: int = 0
    points_for: int = 0
    points_against: int = 0
    rank: int = 0
    decided_by: str = ""

    def key(self, criterion: str) -> int:
        if criterion == "rubber_difference":
            return self.rubbers_won - self.rubbers_lost
        if criterion == "game_difference":
            return self.games_won - self.games_lost
        if criterion == "point_difference":
            return self.points_for - self.points_against
        return int(getattr(self, criterion))


def team_table(
    fmt: TieFormat, entries: Sequence[EntryId], results: Sequence[TieResult]
) -> list[TeamStanding]:
    """The team standings over the decided ties: ranked by tie points, then rubber
    difference, game difference, point difference, rubbers won (:data:`TEAM_TIEBREAKS`); a
    double walkover counts as played and lost by both teams."""
    rows = {e: TeamStanding(e) for e in entries}
    for result in results:
        if not result.decided:
            continue
        for me, mine, theirs, games, points in (
            (
                result.a,
                result.rubbers_a,
                result.rubbers_b,
                (result.games_a, result.games_b),
                (result.points_a, result.points_b),
            ),
            (
                result.b,
                result.rubbers_b,
                result.rubbers_a,
                (result.games_b, result.games_a),
                (result.points_b, result.points_a),
            ),
        ):
            row = rows.setdefault(me, TeamStanding(me))
            row.played += 1
            row.rubbers_won += mine
            row.rubbers_lost += theirs
            row.games_won += games[0]
            row.games_lost += games[1]
            row.points_for += points[0]
            row.points_against += points[1]
            if result.winner == me:
                row.won += 1
                row.tie_points += fmt.win
            elif result.drawn:
                row.drawn += 1
                row.tie_points += fmt.draw
            else:
                row.lost += 1
                row.tie_points += fmt.loss
    ordered = sorted(rows.values(), key=lambda r: tuple(-r.key(c) for c in TEAM_TIEBREAKS))
    for n, row in enumerate(ordered):
        if n == 0:
            row.rank = 1
            continue
        above = ordered[n - 1]
        first = next((c for c in TEAM_TIEBREAKS if row.key(c) != above.key(c)), None)
        if first is None:
            row.rank = above.rank
        else:
            row.rank = n + 1
            row.decided_by = first
    return ordered
