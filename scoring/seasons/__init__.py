"""A season's arithmetic, pure Python (no Django): prizes by SoL's methods and a championship's
ranking over its tournaments (:mod:`scoring.seasons.prizes`)."""

from __future__ import annotations

from scoring.seasons.prizes import (
    METHODS,
    Line,
    Placed,
    championship_ranking,
    place_prize,
    prize,
    ranking_of_prizes,
    tournament_prizes,
)

__all__ = [
    "METHODS",
    "Line",
    "Placed",
    "championship_ranking",
    "place_prize",
    "prize",
    "ranking_of_prizes",
    "tournament_prizes",
]
