"""Double elimination: winners bracket, losers bracket, grand final (with an optional reset).

Structure for a bracket of ``size = 2**k`` lines (byes to the top seeds, as in
:mod:`scoring.draws.knockout`, whose seeding the winners bracket reuses):

- Winners bracket ``W1 … Wk`` (``size/2, size/4, …, 1`` matches).
- Losers bracket ``L1 … L(2k-2)``: ``L1`` pairs the losers of ``W1`` (``W1-1`` v ``W1-2``, …).
  For ``r = 2 … k`` the *drop-in* round ``L(2r-2)`` pairs the survivors of the previous losers
  round with the losers of ``W r``; between two drop-in rounds a *minor* round ``L(2r-1)`` pairs
  the survivors with each other (``L(2r-1)-i`` = winners of ``L(2r-2)-(2i-1)`` and ``-(2i)``).
- Drop-down placement: for each drop-in round we pick, among four standard orders of the
  dropping losers (natural, reverse, half shift, reverse half shift; first wins a tie), the one
  with the fewest *possible rematches*: a loser of ``W r`` match ``j`` can only meet again someone
  it may have beaten, i.e. a survivor who dropped from a winners match inside ``W r-j``'s part of
  the bracket. Reverse order is chosen for ``W2`` (its losers meet survivors from the other half),
  and later rounds alternate accordingly; rematches remain only where every order has one (for
  example the winners-final loser in the losers final).
- Grand final ``GF1``: winners-bracket champion v losers-bracket champion. With ``reset=True``
  (default) ``GF2`` is played only if the losers-bracket champion wins ``GF1`` (both then have one
  loss); otherwise ``GF2`` is "not_needed".
- Byes: a winners-bracket bye sends nobody down, so the losers-bracket match gets an empty side
  and becomes a bye too (or void if both sides are empty); byes propagate until a real match.

Every entry except the champion is eliminated by its second loss, so ``2n-2`` matches are played
(``2n-1`` with a reset).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from .bracket import Bracket, BracketMatch, Source, advance
from .knockout import draw_lines, winners_bracket
from .types import Entry, EntryId, stage_for

__all__ = ["advance", "double_elimination", "losers_round_name", "possible_rematches"]

type Origin = tuple[int, int]  # (winners round, match index): a player who lost that match

ORDERINGS: dict[str, Callable[[int, int], int]] = {
    # maps losers-bracket slot i (0-based) to the 0-based winners match whose loser drops there
    "natural": lambda i, n: i,
    "reverse": lambda i, n: n - 1 - i,
    "half_shift": lambda i, n: (i + n // 2) % n,
    "reverse_half_shift": lambda i, n: (n - 1 - i + n // 2) % n,
}


def losers_round_name(round_number: int, last_round: int) -> str:
    return "Losers final" if round_number == last_round else f"Losers round {round_number}"


def double_elimination(
    entries: Iterable[Entry | EntryId],
    *,
    reset: bool = True,
    random_seed: int | None = None,
) -> Bracket:
    """Build a double-elimination bracket (see the module docstring for the placement)."""
    lines, seeds = draw_lines(entries, random_seed=random_seed)
    size = len(lines)
    k = size.bit_length() - 1
    matches = [
        replace(m, round_name=f"Winners {m.round_name[0].lower()}{m.round_name[1:]}")
        for m in winners_bracket(size)
    ]
    last_lb = 2 * (k - 1)

    def lb_match(r: int, i: int, a: Source, b: Source, count: int) -> BracketMatch:
        stage = "late" if r == last_lb else stage_for(count)
        return BracketMatch(f"L{r}-{i}", "losers", r, i, a, b, losers_round_name(r, last_lb), stage)

    # origins[i]: winners matches whose losers may be in losers slot i (for rematch avoidance)
    origins: list[set[Origin]] = []
    if k >= 2:
        count = size // 4
        for i in range(1, count + 1):
            matches.append(
                lb_match(
                    1, i, Source("loser", f"W1-{2 * i - 1}"), Source("loser", f"W1-{2 * i}"), count
                )
            )
            origins.append({(1, 2 * i - 1), (1, 2 * i)})
        for r in range(2, k + 1):
            drop_round = 2 * (r - 1)
            count = size >> r
            perm = _best_ordering(r, origins)
            new_origins = []
            for i in range(count):
                j = perm(i, count) + 1
                a = Source("winner", f"L{drop_round - 1}-{i + 1}")
                b = Source("loser", f"W{r}-{j}")
                matches.append(lb_match(drop_round, i + 1, a, b, count))
                new_origins.append(origins[i] | {(r, j)})
            origins = new_origins
            if r < k:  # minor round: survivors meet each other
                minor = drop_round + 1
                count //= 2
                merged = []
                for i in range(1, count + 1):
                    a = Source("winner", f"L{drop_round}-{2 * i - 1}")
                    b = Source("winner", f"L{drop_round}-{2 * i}")
                    matches.append(lb_match(minor, i, a, b, count))
                    merged.append(origins[2 * i - 2] | origins[2 * i - 1])
                origins = merged
        lb_champion = Source("winner", f"L{last_lb}-1")
    else:  # two lines: the loser of the only match goes straight to the grand final
        lb_champion = Source("loser", "W1-1")
    wb_champion = Source("winner", f"W{k}-1")
    matches.append(
        BracketMatch("GF1", "grand_final", 1, 1, wb_champion, lb_champion, "Grand final", "late")
    )
    if reset:
        matches.append(
            BracketMatch(
                "GF2",
                "grand_final",
                2,
                1,
                wb_champion,
                lb_champion,
                "Grand final (reset)",
                "late",
                reset=True,
            )
        )
    return Bracket("double_elimination", size, lines, seeds, tuple(matches))


def _best_ordering(r: int, origins: list[set[Origin]]) -> Callable[[int, int], int]:
    """The drop order for losers of winners round ``r`` with the fewest possible rematches."""
    count = len(origins)

    def risk(perm: Callable[[int, int], int]) -> int:
        total = 0
        for i, slot in enumerate(origins):
            j = perm(i, count)  # 0-based winners match in round r
            lo, hi = j << r, (j + 1) << r  # its bracket lines
            total += sum(1 for rr, jj in slot if lo <= (jj - 1) << rr < hi)
        return total

    return min(ORDERINGS.values(), key=risk)


def possible_rematches(bracket: Bracket) -> int:
    """How many drop-in matches could be rematches of a winners-bracket match (for tests/docs)."""
    origins: dict[str, set[Origin]] = {}
    count = 0
    for m in bracket.matches:
        if m.section != "losers":
            continue
        slot: set[Origin] = set()
        drop: Origin | None = None
        for src in (m.a, m.b):
            ref = str(src.ref)
            if src.kind == "loser":
                rr, jj = (int(x) for x in ref[1:].split("-"))
                if m.round == 1:
                    slot.add((rr, jj))
                else:
                    drop = (rr, jj)
            else:
                slot |= origins[ref]
        if drop is not None:
            rr, jj = drop
            lo, hi = (jj - 1) << rr, jj << rr
            if any(lo <= (j2 - 1) << r2 < hi for r2, j2 in slot):
                count += 1
            slot.add(drop)
        origins[m.id] = slot
    return count
