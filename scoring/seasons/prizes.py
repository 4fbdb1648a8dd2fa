"""Championship prizes and ranking (issue 33), with SoL's method names.

Each method gives the competitor placed ``place`` (1 = winner) of a field of ``field``
competitors a prize; the methods were defined from SoL 5.26's documented names and from what
SoL computes when run (``Tourney.assignPrizes`` on generated tourneys of 4 to 45 competitors;
nothing of its code is used):

- ``asis``: the final place reversed, the last gets 1 and the winner the field's size;
- ``fixed``: 18, 16, 14, then 13 down to 1 for the 16th; 0 below;
- ``fixed40``: 1000, 900, 800, then 750 to 400 in steps of 50, 375 to 150 in steps of 25, 140
  to 50 in steps of 10, 40 to 5 in steps of 5, and 1 for the 40th; 0 below;
- ``millesimal``: 1000 for the winner, then down by ``1000 // field`` a place;
- ``centesimal``: 100 for the winner down to 1 for the last in equal steps, as SoL keeps it:
  the step worked out in binary floating point and rounded to hundredths, then cut (not
  rounded) to hundredths when SoL stores it, so 85.86 of a field of 8 is kept as 85.85 (the
  binary value lies just below 85.86); a field of one: 100. ``bench/sol_season.py`` checks
  this against SoL's championship rankings.

A place shared by several competitors (e.g. the four quarter-final losers, 5th–8th) gives each
of them the prize of the best place of the range, as a round reached earns its points.

A championship's ranking sums each competitor's prizes over its tournaments; the worst
``skip`` prizes do not count (a tournament missed counts as a prize of 0, so it is the first
skipped), but only for a competitor who played more than ``skip`` of the tournaments: one who
played ``skip`` or fewer keeps every prize (what SoL 5.26 does, seen by running it). Equal
totals share a rank.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal

METHODS = ("asis", "fixed", "fixed40", "millesimal", "centesimal")

FIXED = (18, 16, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
FIXED40 = (
    1000,
    900,
    800,
    750,
    700,
    650,
    600,
    550,
    500,
    450,
    400,
    375,
    350,
    325,
    300,
    275,
    250,
    225,
    200,
    175,
    150,
    140,
    130,
    120,
    110,
    100,
    90,
    80,
    70,
    60,
    50,
    40,
    35,
    30,
    25,
    20,
    15,
    10,
    5,
    1,
)
CENT = Decimal("0.01")


def prize(method: str, place: int, field: int) -> Decimal:
    """The prize of ``place`` (1-based) in a field of ``field`` competitors by ``method``."""
    if method not in METHODS:
        raise ValueError(f"unknown prize method {method!r}")
    if field < 1 or not 1 <= place <= field:
        raise ValueError(f"place {place} outside a field of {field}")
    if method == "asis":
        return Decimal(field - place + 1)
    if method == "fixed":
        return Decimal(FIXED[place - 1] if place <= len(FIXED) else 0)
    if method == "fixed40":
        return Decimal(FIXED40[place - 1] if place <= len(FIXED40) else 0)
    if method == "millesimal":
        return Decimal(1000 - (1000 // field) * (place - 1))
    if field == 1:
        return Decimal(100)
    stored = Decimal(round(100 - 99 * (place - 1) / (field - 1), 2)).quantize(
        CENT, rounding=ROUND_DOWN
    )
    return (
        stored.quantize(Decimal(1)) if stored == stored.to_integral_value() else stored.normalize()
    )


def place_prize(method: str, place: int, last: int | None, field: int) -> Decimal:
    """The prize of a place shared from ``place`` to ``last``: the best place's prize."""
    del last  # every competitor of a shared range earns the range's best place
    return prize(method, place, field)


@dataclass(frozen=True)
class Placed:
    """A competitor's place in one counted tournament (``last``: end of a shared range)."""

    competitor: Hashable
    place: int
    last: int | None = None


@dataclass(frozen=True)
class Line:
    """A competitor's line of the championship ranking: one prize per tournament (``None``
    where absent) and, parallel to it, which of them were skipped."""

    rank: int
    competitor: Hashable
    total: Decimal
    prizes: tuple[Decimal | None, ...]
    skipped: tuple[bool, ...]

    @property
    def played(self) -> int:
        return sum(p is not None for p in self.prizes)


def _skipped(prizes: Sequence[Decimal | None], skip: int) -> tuple[bool, ...]:
    """The worst ``skip`` prizes (a missed tournament first), only for a competitor who played
    more than ``skip`` tournaments (SoL 5.26's behaviour)."""
    played = sum(p is not None for p in prizes)
    count = skip if played > skip else 0
    order = sorted(range(len(prizes)), key=lambda i: (prizes[i] or Decimal(0), i))
    worst = set(order[:count])
    return tuple(i in worst for i in range(len(prizes)))


def tournament_prizes(method: str, placed: Sequence[Placed]) -> dict[Hashable, Decimal]:
    """Each placed competitor's prize in one tournament (the field: everybody placed)."""
    return {p.competitor: place_prize(method, p.place, p.last, len(placed)) for p in placed}


def championship_ranking(
    method: str,
    tournaments: Sequence[Sequence[Placed]],
    skip: int = 0,
    order: Mapping[Hashable, object] | None = None,
) -> list[Line]:
    """The ranking over ``tournaments`` (each the placed competitors of one counted tournament,
    in the championship's order). ``order`` gives a sort key for competitors of equal total
    and equal number of tournaments played (e.g. their names); ties share the rank."""
    return ranking_of_prizes([tournament_prizes(method, t) for t in tournaments], skip, order)


def ranking_of_prizes(
    columns: Sequence[Mapping[Hashable, Decimal]],
    skip: int = 0,
    order: Mapping[Hashable, object] | None = None,
) -> list[Line]:
    """The ranking of the prizes already given, one mapping competitor → prize per tournament
    (a nation's ranking keeps the prizes of the whole field)."""
    if skip < 0:
        raise ValueError("skip must not be negative")
    prizes: dict[Hashable, list[Decimal | None]] = {}
    for column, given in enumerate(columns):
        for competitor, value in given.items():
            prizes.setdefault(competitor, [None] * len(columns))[column] = value
    lines: list[tuple[Hashable, Decimal, tuple[Decimal | None, ...], tuple[bool, ...]]] = []
    for competitor, row in prizes.items():
        skipped = _skipped(row, skip)
        total = sum(
            (v for v, s in zip(row, skipped, strict=True) if v is not None and not s), Decimal(0)
        )
        lines.append((competitor, total, tuple(row), skipped))
    keys = order or {}
    lines.sort(
        key=lambda line: (
            -line[1],
            -sum(v is not None for v in line[2]),
            str(keys.get(line[0], "")),
            str(line[0]),
        )
    )
    out: list[Line] = []
    for i, (competitor, total, cells, skipped) in enumerate(lines):
        rank = out[-1].rank if out and out[-1].total == total else i + 1
        out.append(Line(rank, competitor, total, cells, skipped))
    return out
