"""One rating period (one tournament): the match outcomes, the initial rates of new players and
every participant's new rate (:func:`scoring.ratings.glicko2.update`).

The parameters are those SoL documents for a rating: default rate 1500, deviation 350,
volatility 0.06, tau 0.5, the range [1600, 2600] a new player's rate is interpolated into
from his placing, and the match outcome formula (``standard`` or SoL's ``guido``)."""

from __future__ import annotations

import math
from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, field

from scoring.ratings.glicko2 import Opponent, Rate, update

#: A player as the caller knows him (the service: the player's id).
type K = Hashable

#: The match outcome formulas: ``standard`` (Glicko's chess scores: 1 a win, ½ a draw, 0 a
#: loss; SoL's "glicko") and ``guido`` (SoL's carrom variant, "Guido's formula": each side
#: scores its share of the points both sides scored).
OUTCOMES = ("standard", "guido")

#: The lowest rate a player is left with after a period (SoL 5.26, observed by running it on
#: crafted tourneys whose players fall below it, ``tests/ratings/test_sol_rates.py``): a rate
#: computed below 800 is stored as 800; deviation and volatility are not touched, and a new
#: player's start below it is not raised. SoL's recomputation of a rating carries the rate
#: Glicko-2 computed, below the floor, to the next period (:attr:`Rated.computed`; its 2018
#: archive: "PSC U18 (Mmp)" agrees for every player so, 54 of 98 carrying the floor); a rate
#: read back from the stored rates starts from the floor.
FLOOR = 800.0


@dataclass(frozen=True)
class Parameters:
    """A rating's Glicko-2 parameters (SoL's defaults)."""

    rate: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06
    tau: float = 0.5
    lower_rate: float | None = 1600.0
    higher_rate: float | None = 2600.0
    outcome: str = "guido"

    def __post_init__(self) -> None:
        if self.outcome not in OUTCOMES:
            raise ValueError(f"unknown outcome formula {self.outcome!r}")
        if not (self.deviation > 0 and self.volatility > 0 and self.tau > 0):
            raise ValueError("deviation, volatility and tau must be positive")
        if (self.lower_rate is None) != (self.higher_rate is None):
            raise ValueError("the interpolation range needs both ends")
        if (
            self.lower_rate is not None
            and self.higher_rate is not None
            and (self.lower_rate > self.higher_rate)
        ):
            raise ValueError("the lower rate is above the higher rate")

    @property
    def default(self) -> Rate:
        return Rate(self.rate, self.deviation, self.volatility)


@dataclass(frozen=True)
class Played:
    """A match played between two sides (one player each, or a pair): the points each side
    scored over its games and the winner (``"a"``, ``"b"``, or None for a draw)."""

    side_a: tuple[K, ...]
    side_b: tuple[K, ...]
    points_a: int
    points_b: int
    winner: str | None


@dataclass(frozen=True)
class Rated:
    """A player's rate after the period (no lower than :data:`FLOOR`), the matches he played
    in it, his rate before it and the rate Glicko-2 computed (``computed``, below the floor
    where ``rate`` was raised to it: what a recomputation carries to the next period, as
    SoL's does)."""

    player: K
    rate: Rate
    matches: int
    initial: Rate = field(default_factory=lambda: Rate(0.0, 0.0, 0.0))
    computed: Rate | None = None

    @property
    def carried(self) -> Rate:
        """The rate a recomputation starts the player's next period from (SoL: the rate
        Glicko-2 computed, not raised to the floor)."""
        return self.rate if self.computed is None else self.computed


def outcome(formula: str, points_a: int, points_b: int, winner: str | None) -> float:
    """Side a's score in [0, 1]. ``standard``: 1 / ½ / 0 by the winner. ``guido``: side a's
    share of the points scored, ``points_a / (points_a + points_b)``; a match without points
    scored falls back to the standard score. Side b scores ``1 - outcome``."""
    if formula == "guido" and points_a + points_b > 0:
        return points_a / (points_a + points_b)
    if formula not in OUTCOMES:
        raise ValueError(f"unknown outcome formula {formula!r}")
    return 1.0 if winner == "a" else 0.0 if winner == "b" else 0.5


def initial_rates(places: Mapping[K, int], lower: float, higher: float) -> dict[K, float]:
    """The initial rate of each new player from his place in the tournament: the first place
    gets ``higher``, the last place ``lower``, the places between them on the straight line
    between the two (SoL: "the range used to interpolate players rates")."""
    if not places:
        return {}
    last = max(places.values())
    if last <= 1:
        return {key: float(higher) for key in places}
    step = (higher - lower) / (last - 1)
    return {key: higher - (place - 1) * step for key, place in places.items()}


def regressed_rates(
    rated: Mapping[K, tuple[int, float]], places: Mapping[K, int]
) -> dict[K, float]:
    """The initial rate of each new player when at least two rated players played the
    tournament: the least-squares straight line of the rated players' rates before it over
    their places in it, read at each new player's place (SoL 5.26, observed on crafted
    tourneys: its "lower and higher points" serve only when fewer than two players are
    rated). ``rated``: each rated player's (place, rate); all places equal: their mean."""
    count = len(rated)
    mean_x = sum(place for place, _ in rated.values()) / count
    mean_y = sum(rate for _, rate in rated.values()) / count
    sxx = sum((place - mean_x) ** 2 for place, _ in rated.values())
    sxy = sum((place - mean_x) * (rate - mean_y) for place, rate in rated.values())
    slope = sxy / sxx if sxx else 0.0
    return {key: mean_y + slope * (place - mean_x) for key, place in places.items()}


def _side(rates: Mapping[K, Rate], side: tuple[K, ...]) -> Rate:
    """A side as one opponent: a pair's mean rate and volatility, the root mean square of
    its deviations."""
    members = [rates[key] for key in side]
    n = len(members)
    return Rate(
        sum(m.rate for m in members) / n,
        math.sqrt(sum(m.deviation**2 for m in members) / n),
        sum(m.volatility for m in members) / n,
    )


def rate_period(
    current: Mapping[K, Rate],
    matches: Sequence[Played],
    params: Parameters,
    places: Mapping[K, int] | None = None,
    line_also: Collection[K] = (),
) -> dict[K, Rated]:
    """Every player who played one of ``matches`` rated after the period.

    ``current``: the rates before the period (a player not in it is new). A new player's
    initial rate, as SoL 5.26 sets it: with two or more rated players placed in ``places``
    (``line_also``: placed players with a rate who count though they played no rated game,
    their only match a bye: SoL's 2018 archive, "IT FIC tournaments" 2009-03-28; a placed
    player without any match does not count, "GB Rating" 2017-04-02),
    the least-squares line of their rates over their places (:func:`regressed_rates`), fitted
    to their rates as SoL stores them, whole numbers (truncated), though Glicko-2 goes on
    from the unrounded ones; with fewer, the straight line of the rating's range over the
    whole field (:func:`initial_rates`); either line **rounded** (half up) to a whole number
    at his place; without a range or a place, the default rate. Observed by logging the rates SoL's
    recomputation hands its Glicko-2 step (its 2018 archive: every start of the 6,056 rated
    players' periods of its 21 ratings compared; a crafted pair of tourneys,
    ``tests/ratings/test_sol_archive_rules.py``; docs/RATINGS.md, "Session 18"). Deviation
    and volatility start from the defaults. Every game is rated against the
    opponents' rates before the period (Glicko-2: one period, all games at once); a rate
    computed below :data:`FLOOR` is stored as the floor (SoL), the computed one is kept as
    :attr:`Rated.computed`; a player who does not play in the
    period keeps his rate (he has no row for it)."""
    players = {key for m in matches for key in (*m.side_a, *m.side_b)}
    new = [key for key in players if key not in current]
    start: dict[K, Rate] = {key: current[key] for key in players if key in current}
    interpolated: dict[K, float] = {}
    # SoL fits the line to the rated players' rates as it stores them (whole, truncated),
    # also those of ``line_also`` (placed, with a rate, their only match a bye)
    rated = {
        key: (place, math.trunc(current[key].rate))
        for key, place in (places or {}).items()
        if key in current and (key in players or key in line_also)
    }
    if new and places and len(rated) >= 2:
        interpolated = regressed_rates(rated, {k: places[k] for k in new if k in places})
    elif new and places and params.lower_rate is not None and params.higher_rate is not None:
        interpolated = initial_rates(
            {k: places[k] for k in places}, params.lower_rate, params.higher_rate
        )
    for key in new:
        # SoL: the line read at his place, rounded half up (the range's line and the rated
        # players'; "GB Rating" 2018-02-27 of its 2018 archive: 2618.5 starts from 2619)
        first = math.floor(interpolated[key] + 0.5) if key in interpolated else params.rate
        start[key] = Rate(first, params.deviation, params.volatility)
    games: dict[K, list[Opponent]] = {key: [] for key in players}
    for m in matches:
        if not m.side_a or not m.side_b:
            continue
        score = outcome(params.outcome, m.points_a, m.points_b, m.winner)
        side_a, side_b = _side(start, m.side_a), _side(start, m.side_b)
        for key in m.side_a:
            games[key].append(Opponent(side_b, score))
        for key in m.side_b:
            games[key].append(Opponent(side_a, 1.0 - score))
    out: dict[K, Rated] = {}
    for key in sorted(players, key=repr):
        computed = update(start[key], games[key], params.tau)
        out[key] = Rated(key, _floored(computed), len(games[key]), start[key], computed)
    return out


def _floored(rate: Rate) -> Rate:
    """The rate after the period, no lower than :data:`FLOOR` (SoL's floor)."""
    if rate.rate >= FLOOR:
        return rate
    return Rate(FLOOR, rate.deviation, rate.volatility)
