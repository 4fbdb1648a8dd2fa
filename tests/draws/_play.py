"""Helpers for the draw tests: random but legal results."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from scoring.draws import MatchResult, MatchState, Pairing, advance
from scoring.draws.bracket import Bracket, Progress


def random_result(a: object, b: object | None, rng: random.Random) -> MatchResult:
    """One-game result with 25 points to the winner, or the bye result."""
    if b is None:
        return MatchResult.for_bye(a)  # type: ignore[arg-type]
    a_wins = rng.random() < 0.5
    loser_points = rng.randint(0, 24)
    if a_wins:
        return MatchResult(a, b, a, 1, 0, 25, loser_points)  # type: ignore[arg-type]
    return MatchResult(a, b, b, 0, 1, loser_points, 25)  # type: ignore[arg-type]


def play_pairings(pairings: Iterable[Pairing], rng: random.Random) -> list[MatchResult]:
    return [random_result(p.a, p.b, rng) for p in pairings]


def play_bracket(
    bracket: Bracket, rng: random.Random, *, walkover_rate: float = 0.0
) -> tuple[Progress, dict[str, MatchResult]]:
    """Play every ready match with random results until the bracket is complete."""
    results: dict[str, MatchResult] = {}
    while True:
        progress = advance(bracket, results)
        ready = progress.ready
        if not ready:
            assert progress.complete
            return progress, results
        for state in ready:
            results[state.id] = _result_for(state, rng, walkover_rate)


def _result_for(state: MatchState, rng: random.Random, walkover_rate: float) -> MatchResult:
    assert state.a is not None and state.b is not None
    if rng.random() < walkover_rate:
        return MatchResult.for_walkover(state.a, state.b, withdrawn=rng.choice([state.a, state.b]))
    return random_result(state.a, state.b, rng)


def losses(results: Mapping[str, MatchResult]) -> dict[object, int]:
    out: dict[object, int] = {}
    for r in results.values():
        if r.loser is not None:
            out[r.loser] = out.get(r.loser, 0) + 1
    return out
