"""Glicko-2 ratings, pure Python (no Django): Glickman's algorithm, the match outcome formulas
and the initial rate of a new player from his placing. One rating period is one tournament.

``scoring.services.ratings`` feeds it the decided results (``scoring.standings.results``) and
keeps the history; docs/RATINGS.md describes the parameters."""

from scoring.ratings.glicko2 import (
    SCALE,
    Opponent,
    Rate,
    expected,
    update,
)
from scoring.ratings.period import (
    FLOOR,
    OUTCOMES,
    Parameters,
    Played,
    Rated,
    initial_rates,
    outcome,
    rate_period,
    regressed_rates,
)

__all__ = [
    "FLOOR",
    "OUTCOMES",
    "SCALE",
    "Opponent",
    "Parameters",
    "Played",
    "Rate",
    "Rated",
    "expected",
    "initial_rates",
    "outcome",
    "rate_period",
    "regressed_rates",
    "update",
]
