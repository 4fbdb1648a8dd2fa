"""Glicko-2 (Mark E. Glickman, "Example of the Glicko-2 system", 2013; public domain).

Steps as numbered in the paper: 2 (to the Glicko-2 scale), 3 (the estimated variance ``v``),
4 (the improvement ``delta``), 5 (the new volatility by the Illinois algorithm), 6 and 7 (the
new deviation and rate), 8 (back to the Glicko scale). A player who did not play in the period
only has his deviation grown by his volatility (step 6 alone)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: Glicko scale → Glicko-2 scale (step 2): 400 / ln 10.
SCALE = 173.7178
#: The paper's centre of the Glicko scale.
CENTRE = 1500.0
#: The convergence tolerance of step 5 (the paper's epsilon).
EPSILON = 0.000001


@dataclass(frozen=True)
class Rate:
    """A player's rating on the Glicko scale: rate (r), deviation (RD) and volatility (sigma)."""

    rate: float
    deviation: float
    volatility: float


@dataclass(frozen=True)
class Opponent:
    """One game of the period: the opponent's rate before the period and the score in [0, 1]
    (1 a win, 0.5 a draw, 0 a loss; a share of the points under Guido's formula)."""

    rate: Rate
    score: float


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rate, opponent: Rate) -> float:
    """The expected score of ``player`` against ``opponent`` (the paper's E)."""
    return _e(
        (player.rate - CENTRE) / SCALE, (opponent.rate - CENTRE) / SCALE, opponent.deviation / SCALE
    )


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the new volatility, the root of f by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rate, games: Sequence[Opponent], tau: float) -> Rate:
    """The player's rate after one rating period of ``games`` (all against the opponents'
    rates before the period); ``tau`` constrains the change of volatility (0.3 to 1.2)."""
    mu = (player.rate - CENTRE) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not games:
        return Rate(player.rate, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    variance_inv = 0.0
    improvement = 0.0
    for game in games:
        mu_j = (game.rate.rate - CENTRE) / SCALE
        phi_j = game.rate.deviation / SCALE
        g = _g(phi_j)
        e = _e(mu, mu_j, phi_j)
        variance_inv += g * g * e * (1.0 - e)
        improvement += g * (game.score - e)
    v = 1.0 / variance_inv
    delta = v * improvement
    sigma_new = _volatility(phi, sigma, delta, v, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * improvement
    return Rate(mu_new * SCALE + CENTRE, phi_new * SCALE, sigma_new)
