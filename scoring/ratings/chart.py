"""The geometry of a player's rating history chart (drawn as SVG by the server: no script, no
CDN). Pure: dates, rates and deviations in, coordinates out; the template writes the SVG."""

from __future__ import annotations

import datetime
import math
from collections.abc import Sequence
from dataclasses import dataclass

WIDTH, HEIGHT = 720, 320
LEFT, RIGHT, TOP, BOTTOM = 64, 48, 16, 48
#: the least distance between two date labels of the x axis (a label is ~90 wide)
LABEL_GAP = 100


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    date: datetime.date
    rate: float
    deviation: float
    #: the ends of the point's bar of rate ± deviation
    y_high: float = 0.0
    y_low: float = 0.0


@dataclass(frozen=True)
class Tick:
    at: float
    value: float


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    left: int
    right: float
    top: int
    bottom: float
    points: tuple[Point, ...]
    line: str
    band: str
    y_ticks: tuple[Tick, ...]
    x_ticks: tuple[Point, ...]

    @property
    def empty(self) -> bool:
        return not self.points


def _nice_step(span: float, count: int = 5) -> float:
    raw = span / count
    power = 10.0 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * power:
            return float(m * power)
    return 10.0 * power


def history_chart(history: Sequence[tuple[datetime.date, float, float]]) -> Chart:
    """The chart of ``(date, rate, deviation)`` points, oldest first: the rate as a line with
    its dots, the band of rate ± deviation behind it, the y axis in round steps and the x
    axis by date (tournaments on one day stay apart: one step per tournament when the dates
    do not spread them)."""
    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM
    if not history:
        return Chart(WIDTH, HEIGHT, LEFT, right, TOP, bottom, (), "", "", (), ())
    low = min(r - d for _day, r, d in history)
    high = max(r + d for _day, r, d in history)
    step = _nice_step(max(high - low, 50.0))
    low = math.floor(low / step) * step
    high = math.ceil(high / step) * step
    first, last = history[0][0], history[-1][0]
    days = (last - first).days
    n = len(history)

    def x_at(i: int, day: datetime.date) -> float:
        if n == 1:
            return (LEFT + right) / 2
        if days > 0 and len({d for d, _r, _v in history}) == n:
            return LEFT + (right - LEFT) * (day - first).days / days
        return LEFT + (right - LEFT) * i / (n - 1)

    def y_at(value: float) -> float:
        return bottom - (bottom - TOP) * (value - low) / (high - low)

    points = tuple(
        Point(
            round(x_at(i, day), 1),
            round(y_at(rate), 1),
            day,
            rate,
            dev,
            round(y_at(rate + dev), 1),
            round(y_at(rate - dev), 1),
        )
        for i, (day, rate, dev) in enumerate(history)
    )
    line = " ".join(f"{p.x},{p.y}" for p in points)
    upper = [f"{p.x},{round(y_at(p.rate + p.deviation), 1)}" for p in points]
    lower = [f"{p.x},{round(y_at(p.rate - p.deviation), 1)}" for p in reversed(points)]
    band = " ".join(upper + lower) if n > 1 else ""
    ticks = []
    value = low
    while value <= high + step / 2:
        ticks.append(Tick(round(y_at(value), 1), value))
        value += step
    # date labels at least LABEL_GAP apart: the last one always, then backwards
    kept: list[Point] = []
    for p in reversed(points):
        if not kept or kept[-1].x - p.x >= LABEL_GAP:
            kept.append(p)
    x_ticks = tuple(reversed(kept))
    return Chart(WIDTH, HEIGHT, LEFT, right, TOP, bottom, points, line, band, tuple(ticks), x_ticks)
