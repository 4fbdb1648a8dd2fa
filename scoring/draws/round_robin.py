"""Round-robin groups: circle-method schedule, snake seeding, standings, qualifiers.

Rules implemented (issue 5, "round-robin groups"):

- **Schedule** (:func:`circle_schedule`): circle method. Entry 1 stays fixed, the others rotate
  one place each round; with an odd number a bye is added, so each round one entry rests.
  ``n`` entries → ``n-1`` rounds (``n`` if odd), everyone meets everyone exactly once.
- **Snake seeding** (:func:`snake_groups`): in initial order, entries go to groups 1..G left to
  right, then G..1 right to left, and so on.
- **Standings** (:func:`group_standings`): match wins; ties are broken, in order, by
  1. head-to-head: match wins in the matches among the tied entries only,
  2. game difference (games won minus lost, all group matches),
  3. point difference (points for minus against, all group matches),
  4. initial order (seed).
  Whenever a criterion splits a tie into smaller ties, each smaller tie starts again at
  head-to-head (so a three-way tie decided down to two entries is settled by their own match).
  Each line records ``decided_by``, the criterion that fixed its place.
- **Qualifiers** (:func:`qualifiers`, :func:`knockout_from_groups`): the top ``per_group`` of each
  group go to a knock-out (:mod:`scoring.draws.knockout`): all group winners are seeded first (in
  group order, so they land in different sections of the bracket), then the runners-up, and so
  on. Within each place the group order is rotated/reversed (first best) so that entries of the
  same group do not meet in the first knock-out round where that can be avoided.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from .bracket import Bracket
from .knockout import bracket_size, seeding_order, single_elimination
from .types import (
    DrawError,
    Entry,
    EntryId,
    MatchResult,
    Pairing,
    Reason,
    initial_order,
)

__all__ = [
    "GroupStanding",
    "circle_schedule",
    "group_standings",
    "knockout_from_groups",
    "qualifiers",
    "snake_groups",
]

type TieBreak = Literal["", "head_to_head", "game_difference", "point_difference", "seed"]


def circle_schedule(entries: Iterable[Entry | EntryId]) -> tuple[tuple[Pairing, ...], ...]:
    """All rounds of a single round robin (circle method); byes are pairings with ``b=None``."""
    ids: list[EntryId | None] = [e.id for e in initial_order(entries)]
    if len(ids) < 2:
        raise DrawError("too_few_entries", minimum=2)
    if len(ids) % 2:
        ids.append(None)
    n = len(ids)
    fixed, ring = ids[0], ids[1:]
    rounds = []
    for r in range(1, n):
        line = [fixed, *ring]
        pairings = []
        for i in range(n // 2):
            a, b = line[i], line[n - 1 - i]
            if a is None:
                a, b = b, a
            assert a is not None
            reason = (
                Reason("rr_bye") if b is None else Reason("rr_round", {"round": r, "rounds": n - 1})
            )
            pairings.append(Pairing(a, b, reason))
        pairings.sort(key=lambda p: p.b is None)  # byes last
        rounds.append(tuple(pairings))
        ring = [ring[-1], *ring[:-1]]
    return tuple(rounds)


def snake_groups(
    entries: Iterable[Entry | EntryId], group_count: int
) -> tuple[tuple[EntryId, ...], ...]:
    """Split entries (in initial order) into ``group_count`` groups by snake seeding."""
    order = initial_order(entries)
    if group_count < 1 or len(order) < 2 * group_count:
        raise DrawError("too_many_groups", entries=len(order), groups=group_count)
    groups: list[list[EntryId]] = [[] for _ in range(group_count)]
    for i, e in enumerate(order):
        row, col = divmod(i, group_count)
        groups[col if row % 2 == 0 else group_count - 1 - col].append(e.id)
    return tuple(tuple(g) for g in groups)


@dataclass(frozen=True)
class GroupStanding:
    """One line of a group table."""

    entry: EntryId
    rank: int
    played: int
    wins: int
    losses: int
    games_won: int
    games_lost: int
    points_for: int
    points_against: int
    decided_by: TieBreak  # "" if not tied on wins

    @property
    def game_difference(self) -> int:
        return self.games_won - self.games_lost

    @property
    def point_difference(self) -> int:
        return self.points_for - self.points_against


def group_standings(
    entries: Iterable[Entry | EntryId], results: Iterable[MatchResult]
) -> tuple[GroupStanding, ...]:
    """The group table (see the module docstring for the tie-breaks). Bye results are ignored."""
    order = [e.id for e in initial_order(entries)]
    known = set(order)
    played = [r for r in results if r.b is not None]
    stats: dict[EntryId, list[int]] = {e: [0] * 7 for e in order}
    for r in played:
        for e in r.entries:
            if e not in known:
                raise DrawError("bad_result", detail=f"unknown entry {e}")
            s = stats[e]
            s[0] += 1
            s[1] += r.winner == e
            s[2] += r.winner is not None and r.winner != e  # a draw is no loss
            gw, gl = r.games(e)
            pf, pa = r.points(e)
            s[3] += gw
            s[4] += gl
            s[5] += pf
            s[6] += pa
    seed_pos = {e: n for n, e in enumerate(order)}
    decided: dict[EntryId, TieBreak] = dict.fromkeys(order, "")

    def h2h(block: Sequence[EntryId]) -> dict[EntryId, int]:
        inside = set(block)
        wins = dict.fromkeys(block, 0)
        for r in played:
            if r.a in inside and r.b in inside and r.winner is not None:
                wins[r.winner] += 1
        return wins

    criteria: list[tuple[TieBreak, Callable[[EntryId], int] | None]] = [
        ("head_to_head", None),
        ("game_difference", lambda e: stats[e][3] - stats[e][4]),
        ("point_difference", lambda e: stats[e][5] - stats[e][6]),
    ]

    def settle(block: list[EntryId]) -> list[EntryId]:
        if len(block) == 1:
            return block
        for name, metric in criteria:
            if metric is None:
                values = h2h(block)
                key = values.__getitem__
            else:
                key = metric
            parts: dict[int, list[EntryId]] = {}
            for e in block:
                parts.setdefault(key(e), []).append(e)
            if len(parts) > 1:
                out: list[EntryId] = []
                for value in sorted(parts, reverse=True):
                    part = parts[value]
                    if len(part) == 1:
                        decided[part[0]] = name
                    out.extend(settle(part))
                return out
        for e in block:
            decided[e] = "seed"
        return sorted(block, key=seed_pos.__getitem__)

    by_wins: dict[int, list[EntryId]] = {}
    for e in order:
        by_wins.setdefault(stats[e][1], []).append(e)
    ranked: list[EntryId] = []
    for w in sorted(by_wins, reverse=True):
        ranked.extend(settle(by_wins[w]))
    return tuple(
        GroupStanding(
            e,
            n,
            stats[e][0],
            stats[e][1],
            stats[e][2],
            stats[e][3],
            stats[e][4],
            stats[e][5],
            stats[e][6],
            decided_by=decided[e],
        )
        for n, e in enumerate(ranked, start=1)
    )


def qualifiers(tables: Sequence[Sequence[GroupStanding]], per_group: int) -> tuple[Entry, ...]:
    """The top ``per_group`` of every group as seeded entries (seed 1 = winner of group 1, …).

    Group winners take seeds 1..G (so they are in different sections of the bracket), then the
    second-placed, and so on; within each place the group order is the rotation or reversal that
    avoids same-group first-round matches best.
    """
    if per_group < 1:
        raise DrawError("bad_argument", detail="at least one entry per group must qualify")
    tiers = [
        [(g, table[place].entry) for g, table in enumerate(tables) if len(table) > place]
        for place in range(per_group)
    ]
    total = sum(len(t) for t in tiers)
    size = bracket_size(total)
    order = seeding_order(size)
    line_of = {rank: line for line, rank in enumerate(order)}
    rounds = max(1, (size - 1).bit_length())
    chosen: list[tuple[int, EntryId]] = []
    for tier in tiers:
        options: list[list[tuple[int, EntryId]]] = [tier]
        if chosen:
            n = len(tier)
            if n <= 6:  # every order of the tier: same-group pairs apart as long as possible
                options = [list(p) for p in itertools.permutations(tier)]
            else:
                for k in range(n):
                    rot = tier[k:] + tier[:k]
                    options.extend([rot, rot[::-1]])

        def clashes(option: list[tuple[int, EntryId]]) -> int:
            """Same-group pairs weighted by how early they can meet (a first-round meeting
            outweighs any number of later ones; a meeting in the final costs nothing)."""
            seq = chosen + option
            cost = 0
            for (ra, (ga, _a)), (rb, (gb, _b)) in itertools.combinations(
                enumerate(seq, start=1), 2
            ):
                if ga == gb:
                    meets = (line_of[ra] ^ line_of[rb]).bit_length()  # 1: the first round
                    cost += (total + 1) ** (rounds - meets)
            return cost

        best = min(options, key=clashes)
        chosen.extend(best)
    return tuple(Entry(e, seed=n) for n, (_, e) in enumerate(chosen, start=1))


def knockout_from_groups(
    tables: Sequence[Sequence[GroupStanding]], per_group: int, *, third_place: bool = False
) -> Bracket:
    """The knock-out stage for the group qualifiers (see :func:`qualifiers`)."""
    return single_elimination(qualifiers(tables, per_group), third_place=third_place)
