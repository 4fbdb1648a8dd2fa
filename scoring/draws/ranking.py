"""Ranking rules as data, and the one table function every standings page reads (pure Python).

A :class:`RankingRule` says how a decided match counts and how level entries are separated. Two
named presets (``PRESETS``):

- ``current`` — the app's rule since its first Swiss events: a win is 1 point, a draw 0 (a
  draw only happens in a match stopped by a round time limit, a tournament rule: the ICF Laws
  set none); then **Buchholz** (a bye counts as an opponent with the player's own score),
  **net points**, then the initial order (seed, rating, registration).
- ``european`` — the European circuit (Eurocups and the federations that run SoL): a win is
  2 points, a draw 1; then **Buchholz** (the sum of the opponents' points; a bye adds 0),
  **net score**, **total score** (points for), then **seed position**, then **rating**; final
  rounds are placed by their results; a Swiss table counts **complete rounds only**, as SoL
  ranks complete turns only (a round with an undecided match counts once it is complete:
  :func:`counted_rounds`).

Both presets score a **bye** as a won match of one game of ``bye_points`` to 0 (the event's
phantom score, 25 by default) and a **walkover** as a win with the games and points a bye gives
(ICF/DCV: the absent side forfeits, the present side is credited as if it had a bye), unless an
event sets ``walkover="as_played"`` (what was recorded counts, usually 0–0).

:func:`credit` applies the rule to raw :class:`~scoring.draws.types.MatchResult` values;
:func:`table` ranks a field (Swiss, or one group under the European preset); round-robin groups
under the current rule rank with :func:`scoring.draws.round_robin.group_standings` (wins, then
head-to-head, game difference, net points, seed), fed with :func:`credit` too.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Literal

from .types import DrawError, Entry, EntryId, MatchResult, initial_order

__all__ = [
    "CURRENT",
    "EUROPEAN",
    "PRESETS",
    "RankingRule",
    "RoundsCounted",
    "Standing",
    "counted_rounds",
    "credit",
    "rule_for",
    "table",
]

type ByeBuchholz = Literal["own_score", "zero"]
type WalkoverCredit = Literal["bye", "as_played"]
type ByeTotal = Literal["phantom", "recorded"]
type TieBreak = Literal["buchholz", "net_points", "total_points", "seed", "rating", "initial"]


@dataclass(frozen=True)
class RankingRule:
    """How decided matches count and how level entries are separated (in order)."""

    key: str
    win: int = 1
    draw: int = 0
    loss: int = 0
    tiebreaks: tuple[TieBreak, ...] = ("buchholz", "net_points", "initial")
    bye_buchholz: ByeBuchholz = "own_score"
    bye_points: int = 25
    walkover: WalkoverCredit = "bye"
    finals_by_results: bool = False
    #: a bye in the total score: ``"phantom"`` counts ``bye_points``; ``"recorded"`` (SoL's
    #: tourneys) counts the score recorded on the bye, as SoL does, while the net score still
    #: counts ``bye_points`` (issue 31)
    bye_total: ByeTotal = "phantom"
    #: a Swiss table counts complete rounds only (SoL ranks complete turns only: a turn with
    #: a match still without a result is not ranked, its byes neither; issue 31)
    complete_rounds: bool = False

    def points_for_result(self, won: bool, drawn: bool) -> int:
        return self.win if won else self.draw if drawn else self.loss


CURRENT = RankingRule("current")
EUROPEAN = RankingRule(
    "european",
    win=2,
    draw=1,
    loss=0,
    tiebreaks=("buchholz", "net_points", "total_points", "seed", "rating"),
    bye_buchholz="zero",
    finals_by_results=True,
    complete_rounds=True,
)
PRESETS: dict[str, RankingRule] = {r.key: r for r in (CURRENT, EUROPEAN)}


def rule_for(
    key: str | None,
    *,
    bye_points: int | None = None,
    walkover: str | None = None,
    bye_total: str | None = None,
) -> RankingRule:
    """The preset ``key`` (``current`` when unknown or empty) with an event's own bye value
    (phantom score), walkover credit and bye total (``recorded`` for SoL's tourneys)."""
    rule = PRESETS.get(key or "", CURRENT)
    if bye_total in ("phantom", "recorded"):
        rule = replace(rule, bye_total=bye_total)  # type: ignore[arg-type]
    if bye_points is not None and bye_points >= 0:
        rule = replace(rule, bye_points=int(bye_points))
    if walkover in ("bye", "as_played"):
        rule = replace(rule, walkover=walkover)  # type: ignore[arg-type]
    return rule


def credit(results: Iterable[MatchResult], rule: RankingRule) -> list[MatchResult]:
    """``results`` as the rule counts them: a bye is one game ``bye_points``–0; a walkover
    with a winner is credited like a bye (unless ``walkover="as_played"``)."""
    out = []
    for r in results:
        if r.b is None:
            r = r._replace(games_a=1, games_b=0, points_a=rule.bye_points, points_b=0)
        elif r.walkover and r.winner is not None and rule.walkover == "bye":
            a_won = r.winner == r.a
            r = r._replace(
                games_a=1 if a_won else 0,
                games_b=0 if a_won else 1,
                points_a=rule.bye_points if a_won else 0,
                points_b=0 if a_won else rule.bye_points,
            )
        out.append(r)
    return out


@dataclass(frozen=True)
class RoundsCounted:
    """The rounds a table of complete rounds counts (:func:`counted_rounds`): every round up
    to ``after`` (0: none yet); ``in_play`` is the first round with a match undecided, of
    whose ``matches`` (byes aside) ``decided`` are decided (None: every round complete)."""

    after: int
    in_play: int | None = None
    decided: int = 0
    matches: int = 0


def counted_rounds(
    matches: Iterable[tuple[int | None, bool, MatchResult | None]],
) -> tuple[list[MatchResult], RoundsCounted]:
    """The results a table of complete rounds counts, and which rounds: ``matches`` are a
    Swiss event's matches (final rounds aside) as (round number, bye, result or None while
    undecided). SoL 5.26 ranks complete turns only: a match without a result stops its
    ranking, which stays the one after the turn before (``Tourney.computeRanking`` cannot
    rank a 0-0 match; checked by running SoL on crafted tourneys, ``bench/sol_ranking.py``),
    so the rounds before the first with an undecided match count, a bye of that round
    neither; a match of no round always counts."""
    rows = list(matches)
    open_rounds = [n for n, _bye, result in rows if result is None and n is not None]
    numbers = sorted({n for n, _bye, _result in rows if n is not None})
    if not open_rounds:
        return [r for _n, _bye, r in rows if r is not None], RoundsCounted(
            numbers[-1] if numbers else 0
        )
    first = min(open_rounds)
    counted = [r for n, _bye, r in rows if r is not None and (n is None or n < first)]
    played = [r for n, bye, r in rows if n == first and not bye]
    return counted, RoundsCounted(
        max((n for n in numbers if n < first), default=0),
        first,
        sum(r is not None for r in played),
        len(played),
    )


@dataclass(frozen=True)
class Standing:
    """One line of a table ranked by a :class:`RankingRule`."""

    entry: EntryId
    rank: int
    wins: int
    losses: int
    played: int  # matches including byes
    games_won: int
    games_lost: int
    points_for: int
    points_against: int
    buchholz: int
    had_bye: bool
    opponents: tuple[EntryId, ...]  # in the order met (byes excluded)
    draws: int = 0
    score: int = 0  # match points under the rule (wins under ``current``)
    decided_by: str = ""  # the tie-break that separated it from the next level entry
    total_extra: int = 0  # a bye's recorded score less the phantom score (SoL's total)

    @property
    def net_points(self) -> int:
        return self.points_for - self.points_against

    @property
    def total_points(self) -> int:
        """The total score: the points for, a bye counted as recorded under
        ``bye_total="recorded"`` (SoL)."""
        return self.points_for + self.total_extra


def table(
    entries: Iterable[Entry | EntryId], results: Iterable[MatchResult], rule: RankingRule = CURRENT
) -> tuple[Standing, ...]:
    """Rank ``entries`` by ``rule`` over ``results`` (byes and walkovers credited by the rule).

    Score = match points; Buchholz = the sum of the current scores of every opponent met (a bye
    adds the player's own score under ``bye_buchholz="own_score"``, 0 under ``"zero"``);
    walkover opponents count like played ones. Ties then go by ``rule.tiebreaks``."""
    order = initial_order(entries)
    ids = [e.id for e in order]
    by_id = {e.id: e for e in order}
    # per entry: played, wins, draws, games won, games lost, points for, against, byes
    # (and the total score's difference from the points for: a bye's recorded score)
    stats: dict[EntryId, list[int]] = {i: [0] * 9 for i in ids}
    opponents: dict[EntryId, list[EntryId]] = {i: [] for i in ids}
    bye_points, walkover_as_bye = rule.bye_points, rule.walkover == "bye"
    recorded_bye = rule.bye_total == "recorded"
    # credited as :func:`credit` does, without a copy of each result (a result is a named
    # tuple: unpacked at once)
    for a, b, winner, ga, gb, pa, pb, walkover, drawn in results:
        sa = stats.get(a)
        if sa is None:
            raise DrawError("bad_result", detail=f"unknown entry {a}")
        if b is None:  # a bye: a won game of bye_points-0
            sa[0] += 1
            sa[1] += 1
            sa[3] += 1
            sa[5] += bye_points
            sa[7] += 1
            if recorded_bye:  # SoL: the recorded score in the total, the phantom's in the net
                sa[8] += pa - bye_points
            continue
        sb = stats.get(b)
        if sb is None:
            raise DrawError("bad_result", detail=f"unknown entry {b}")
        if walkover and winner is not None and walkover_as_bye:
            a_won = winner == a
            ga, gb = (1, 0) if a_won else (0, 1)
            pa, pb = (bye_points, 0) if a_won else (0, bye_points)
        sa[0] += 1
        sb[0] += 1
        if winner == a:
            sa[1] += 1
        elif winner == b:
            sb[1] += 1
        if drawn:
            sa[2] += 1
            sb[2] += 1
        sa[3] += ga
        sa[4] += gb
        sa[5] += pa
        sa[6] += pb
        sb[3] += gb
        sb[4] += ga
        sb[5] += pb
        sb[6] += pa
        opponents[a].append(b)
        opponents[b].append(a)
    win, draw, loss = rule.win, rule.draw, rule.loss
    score = {
        i: st[1] * win + st[2] * draw + (st[0] - st[1] - st[2]) * loss for i, st in stats.items()
    }
    own = rule.bye_buchholz == "own_score"
    points_of = score.__getitem__
    buchholz = {
        i: sum(map(points_of, opponents[i])) + (stats[i][7] * score[i] if own else 0) for i in ids
    }
    position = {e: n for n, e in enumerate(ids)}
    values = _tiebreak_values(rule, stats, buchholz, by_id, position)
    # one sort key per entry: (-score, tie-break values...), built column by column
    keys = dict(
        zip(
            ids,
            zip(
                [-score[i] for i in ids],
                *([v[i] for i in ids] for v in values.values()),
                strict=True,
            ),
            strict=True,
        )
    )
    ranked = sorted(ids, key=keys.__getitem__)
    decided = _decided_by(ranked, keys, list(values))
    new = object.__new__
    lines = []
    for n, i in enumerate(ranked, start=1):
        st = stats[i]
        line = new(Standing)
        line.__dict__.update(
            entry=i,
            rank=n,
            wins=st[1],
            losses=st[0] - st[1] - st[2],
            played=st[0],
            games_won=st[3],
            games_lost=st[4],
            points_for=st[5],
            points_against=st[6],
            buchholz=buchholz[i],
            had_bye=st[7] > 0,
            opponents=tuple(opponents[i]),
            draws=st[2],
            score=score[i],
            decided_by=decided[i],
            total_extra=st[8],
        )
        lines.append(line)
    return tuple(lines)


def _tiebreak_values(
    rule: RankingRule,
    stats: Mapping[EntryId, list[int]],
    buchholz: Mapping[EntryId, int],
    by_id: Mapping[EntryId, Entry],
    position: Mapping[EntryId, int],
) -> dict[str, dict[EntryId, float]]:
    """Per tie-break, a sort key per entry (smaller ranks higher); input order always last."""
    out: dict[str, dict[EntryId, float]] = {}
    for name in rule.tiebreaks:
        if name == "buchholz":
            out[name] = {i: -buchholz[i] for i in stats}
        elif name == "net_points":
            out[name] = {i: -(s[5] - s[6]) for i, s in stats.items()}
        elif name == "total_points":
            out[name] = {i: -(s[5] + s[8]) for i, s in stats.items()}
        elif name == "seed":
            out[name] = {i: _or_last(by_id[i].seed) for i in stats}
        elif name == "rating":
            out[name] = {i: _or_last(by_id[i].rating, higher_first=True) for i in stats}
        elif name == "initial":
            out[name] = {i: float(position[i]) for i in stats}
    out.setdefault("initial", {i: float(position[i]) for i in stats})
    return out


def _or_last(value: float | None, higher_first: bool = False) -> float:
    """A sort key: smaller ranks higher (``higher_first``: larger values rank higher); no value
    ranks last."""
    if value is None:
        return math.inf
    return -value if higher_first else float(value)


def _decided_by(
    ranked: list[EntryId], keys: Mapping[EntryId, tuple[float, ...]], names: list[str]
) -> dict[EntryId, str]:
    """The tie-break that fixed an entry's place among its neighbours on the same score (the
    later one when it needed two: one above, one below). ``keys``: each entry's sort key,
    (-score, then one value per tie-break of ``names``)."""
    out = dict.fromkeys(ranked, "")
    deciding = [0] * len(ranked)  # per place: the latest tie-break position that decided it
    for n in range(len(ranked) - 1):
        upper, lower = keys[ranked[n]], keys[ranked[n + 1]]
        if upper[0] != lower[0]:
            continue  # not on the same score
        for d in range(1, len(upper)):
            if upper[d] != lower[d]:
                deciding[n] = max(deciding[n], d)
                deciding[n + 1] = max(deciding[n + 1], d)
                break
    for n, d in enumerate(deciding):
        if d:
            out[ranked[n]] = names[d - 1]
    return out
