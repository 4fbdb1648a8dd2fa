"""Knock-out (single elimination) draws.

Rules implemented (issue 5, "knock-out"):

- Bracket size is the next power of two; the missing entrants are byes.
- Standard seeding positions (:func:`seeding_order`): seeds 1 and 2 in opposite halves, 1–4 in
  different quarters, 1–8 in different eighths, …; line ``i`` holds the seed given by the
  classic recursive order (size 8: 1, 8, 5, 4, 3, 6, 7, 2): seed 1 at the top, seed 2 at the
  bottom.
- Byes go to the top seeds: the bye lines are the lines of ranks ``n+1 … size``, which face ranks
  ``1 … size-n``. Seeded entries take ranks 1…k in seed order; unseeded entries fill ranks k+1…n
  in input order, or shuffled by ``random_seed`` (a reproducible draw). If there are more byes
  than seeded entries, some drawn entries get byes too.
- Winners advance; a walkover is a result with ``walkover=True`` (the opponent advances, marked).
- Optional third-place match between the losing semi-finalists (id ``3P``, played in the final's
  round).
- Round names: Final, Semi-final, Quarter-final, Round of 16, …; stage "late" from the
  quarter-finals on, "early" before (the rules engine needs it).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .bracket import DECIDED, Bracket, BracketMatch, MatchState, Progress, Source, advance
from .types import DrawError, Entry, EntryId, MatchResult, Stage, as_entries, stage_for

__all__ = [
    "RoundInfo",
    "advance",
    "bracket_size",
    "draw_lines",
    "next_round",
    "round_infos",
    "round_name",
    "seeding_order",
    "single_elimination",
]


@dataclass(frozen=True)
class RoundInfo:
    """One round of a single-elimination bracket."""

    number: int
    name: str
    stage: Stage
    matches: int


def bracket_size(entries: int) -> int:
    """Smallest power of two ≥ ``entries`` (at least 2)."""
    if entries < 2:
        raise DrawError("too_few_entries", minimum=2)
    size = 2
    while size < entries:
        size *= 2
    return size


def seeding_order(size: int) -> tuple[int, ...]:
    """Seed rank on each bracket line, top to bottom (size 8 → 1, 8, 5, 4, 3, 6, 7, 2).

    Built recursively: each seed ``s`` of the half-size order is replaced by the pair
    ``(s, size+1-s)`` (``(size+1-s, s)`` on every second line), so the best seeds meet as late as
    possible.
    """
    if size < 2 or size & (size - 1):
        raise DrawError("bad_argument", detail=f"bracket size {size} is not a power of two ≥ 2")
    order = [1, 2]
    while len(order) < size:
        n = 2 * len(order) + 1
        nxt: list[int] = []
        for i, s in enumerate(order):
            nxt.extend((s, n - s) if i % 2 == 0 else (n - s, s))
        order = nxt
    return tuple(order)


def round_name(matches_in_round: int) -> str:
    """Final, Semi-final, Quarter-final, then "Round of 16", "Round of 32", …"""
    return {1: "Final", 2: "Semi-final", 4: "Quarter-final"}.get(
        matches_in_round, f"Round of {2 * matches_in_round}"
    )


def round_infos(size: int) -> tuple[RoundInfo, ...]:
    """Name, stage and match count of every round of a bracket of ``size`` lines."""
    infos = []
    matches, number = size // 2, 1
    while matches >= 1:
        infos.append(RoundInfo(number, round_name(matches), stage_for(matches), matches))
        matches //= 2
        number += 1
    return tuple(infos)


def draw_lines(
    entries: Iterable[Entry | EntryId], *, random_seed: int | None = None
) -> tuple[tuple[EntryId | None, ...], dict[EntryId, int | None]]:
    """Bracket lines (``None`` = bye) and each entry's seed (``None`` = drawn, unseeded)."""
    items = as_entries(entries)
    size = bracket_size(len(items))
    seeded = sorted((e for e in items if e.seed is not None), key=lambda e: e.seed or 0)
    unseeded = [e for e in items if e.seed is None]
    if random_seed is not None:
        random.Random(random_seed).shuffle(unseeded)
    by_rank = seeded + unseeded  # rank r (1-based) = by_rank[r - 1]
    lines = tuple(
        by_rank[rank - 1].id if rank <= len(by_rank) else None for rank in seeding_order(size)
    )
    seeds: dict[EntryId, int | None] = {e.id: None for e in items}
    for rank, e in enumerate(seeded, start=1):
        seeds[e.id] = rank
    return lines, seeds


def single_elimination(
    entries: Iterable[Entry | EntryId],
    *,
    third_place: bool = False,
    random_seed: int | None = None,
) -> Bracket:
    """Build a knock-out bracket: match ``W{round}-{index}``; optional ``3P`` third-place match."""
    lines, seeds = draw_lines(entries, random_seed=random_seed)
    size = len(lines)
    matches = winners_bracket(size)
    if third_place and size >= 4:
        final_round = round_infos(size)[-1].number
        semis = [m.id for m in matches if m.round == final_round - 1]
        matches.append(
            BracketMatch(
                "3P",
                "third_place",
                final_round,
                2,
                Source("loser", semis[0]),
                Source("loser", semis[1]),
                "Third-place match",
                "late",
            )
        )
    return Bracket("single_elimination", size, lines, seeds, tuple(matches))


def winners_bracket(size: int) -> list[BracketMatch]:
    """The match graph of a single-elimination bracket of ``size`` lines (ids ``W{r}-{i}``)."""
    matches: list[BracketMatch] = []
    for info in round_infos(size):
        for i in range(1, info.matches + 1):
            if info.number == 1:
                a, b = Source("line", 2 * i - 2), Source("line", 2 * i - 1)
            else:
                prev = info.number - 1
                a, b = (
                    Source("winner", f"W{prev}-{2 * i - 1}"),
                    Source("winner", f"W{prev}-{2 * i}"),
                )
            matches.append(
                BracketMatch(
                    f"W{info.number}-{i}", "winners", info.number, i, a, b, info.name, info.stage
                )
            )
    return matches


def next_round(bracket: Bracket, results: Mapping[str, MatchResult]) -> tuple[MatchState, ...]:
    """The matches of the first round that still has matches to play (byes included).

    Returns ``()`` once the bracket is complete; raises ``DrawError("round_incomplete")`` if an
    entrant of that round still depends on a missing result.
    """
    progress: Progress = advance(bracket, results)
    rounds: dict[tuple[int, int], list[MatchState]] = {}
    order = {"winners": 0, "third_place": 0, "losers": 0, "grand_final": 1}
    for st in progress.states:
        rounds.setdefault((order[st.match.section], st.match.round), []).append(st)
    for key in sorted(rounds):
        states = rounds[key]
        if all(s.status in DECIDED for s in states):
            continue
        if any(s.status == "waiting" for s in states):
            raise DrawError("round_incomplete", round=key[1])
        return tuple(states)
    return ()
