"""Separation by club (issue 14): over 200 seeded random fields, Swiss round 1 pairs as few
clubmates as possible and group seeding puts as few clubmates together as the pots allow,
both checked against a brute force on small fields."""

from __future__ import annotations

import itertools
import random

import pytest

from scoring.draws import Entry, pair_round, snake_groups
from scoring.draws.separation import (
    bracket_clash_cost,
    club_pairs,
    club_pairs_in_groups,
    fewest_club_pairs,
    separate_groups,
    separate_later_round,
    separate_lines,
    separate_round_one,
)


def field(rng: random.Random, n: int) -> dict[int, str]:
    clubs = rng.randint(1, max(1, n // 2))
    weights = [rng.random() ** 2 + 0.05 for _ in range(clubs)]
    return {
        i: (rng.choices([f"c{k}" for k in range(clubs)], weights)[0] if rng.random() > 0.15 else "")
        for i in range(1, n + 1)
    }


def brute_pairings(entries: list[int], key) -> int:
    """The fewest clubmates paired over every pairing (and every bye when odd)."""
    best = len(entries)

    def walk(rest: list[int], count: int) -> None:
        nonlocal best
        if count >= best:
            return
        if not rest:
            best = count
            return
        a = rest[0]
        for i in range(1, len(rest)):
            b = rest[i]
            same = int(bool(key(a)) and key(a) == key(b))
            walk(rest[1:i] + rest[i + 1 :], count + same)

    if len(entries) % 2:
        for bye in entries:
            walk([e for e in entries if e != bye], 0)
    else:
        walk(entries, 0)
    return best


def brute_groups(groups, key) -> int:
    """The fewest clubmates together over every way of dealing each pot (snake row) out,
    one entry per group, enumerated entry by entry."""
    rows = max(len(g) for g in groups)
    pots = [[g[r] for g in groups if r < len(g)] for r in range(rows)]
    slots = [[gi for gi, g in enumerate(groups) if r < len(g)] for r in range(rows)]
    best = None
    for choice in itertools.product(*(itertools.permutations(s) for s in slots)):
        dealt = [[] for _ in groups]
        for pot, places in zip(pots, choice, strict=True):
            for e, gi in zip(pot, places, strict=True):
                dealt[gi].append(e)
        n = club_pairs_in_groups(dealt, key)
        best = n if best is None else min(best, n)
    return best


@pytest.mark.parametrize("seed", range(200))
def test_swiss_round_one_pairs_the_fewest_clubmates(seed):
    rng = random.Random(seed)
    n = rng.randint(2, 9) if seed < 120 else rng.randint(10, 64)
    clubs = field(rng, n)
    key = clubs.__getitem__
    entries = [Entry(i, rating=2000 - i) for i in clubs]
    drawn = pair_round(entries, [])
    pairs = [(p.a, p.b) for p in drawn.pairings if p.b is not None]
    bye = next((p.a for p in drawn.pairings if p.b is None), None)
    new, new_bye, moved = separate_round_one(pairs, bye, key)
    everyone = sorted(e for p in new for e in p) + ([new_bye] if new_bye is not None else [])
    assert sorted(everyone) == sorted(clubs)  # everybody once, one bye at most
    assert club_pairs(new, key) == fewest_club_pairs(list(clubs), key)
    if n <= 9:
        assert fewest_club_pairs(list(clubs), key) == brute_pairings(list(clubs), key)
    if club_pairs(pairs, key) == club_pairs(new, key):
        assert not moved  # separation moves nobody it need not move
    else:
        assert moved


@pytest.mark.parametrize("seed", range(200))
def test_group_seeding_puts_the_fewest_clubmates_together(seed):
    rng = random.Random(1000 + seed)
    count = rng.randint(2, 4)
    n = rng.randint(2 * count, 3 * count) if seed < 150 else rng.randint(4 * count, 40)
    clubs = field(rng, n)
    key = clubs.__getitem__
    groups = snake_groups([Entry(i, rating=2000 - i) for i in clubs], count)
    separated, moved = separate_groups(groups, key)
    assert sorted(map(len, separated)) == sorted(map(len, groups))
    for r in range(max(map(len, groups))):  # every entry stays in its pot (snake row)
        assert sorted(g[r] for g in separated if r < len(g)) == sorted(
            g[r] for g in groups if r < len(g)
        )
    after = club_pairs_in_groups(separated, key)
    assert after <= club_pairs_in_groups(groups, key)
    if seed < 150:
        assert after == brute_groups(groups, key)
    assert bool(moved) == (separated != tuple(groups))


def test_three_clubmates_in_snake_group_a_are_spread():
    clubs = {
        1: "riverside",
        2: "x",
        3: "y",
        4: "z",
        5: "w",
        6: "v",
        7: "u",
        8: "riverside",
        9: "riverside",
        10: "t",
        11: "s",
        12: "r",
    }
    groups = snake_groups([Entry(i, rating=100 - i) for i in clubs], 4)
    assert club_pairs_in_groups(groups, clubs.__getitem__) == 3  # 1, 8, 9 in group A
    separated, moved = separate_groups(groups, clubs.__getitem__)
    assert club_pairs_in_groups(separated, clubs.__getitem__) == 0 and moved


@pytest.mark.parametrize("groups,per_group", [(4, 2), (2, 2), (8, 2), (4, 4), (3, 2), (6, 2)])
def test_knockout_after_groups_keeps_same_group_qualifiers_apart(groups, per_group):
    """Same-group qualifiers meet as late as the bracket allows: with two a group, only in
    the final (never both in one half), e.g. A1 v D2 and A2 v D1 do not feed one semi."""
    from scoring.draws.knockout import draw_lines
    from scoring.draws.round_robin import GroupStanding, qualifiers

    tables = [
        [
            GroupStanding(f"{chr(65 + g)}{p + 1}", p + 1, 3, 3 - p, p, 0, 0, 0, 0, "")
            for p in range(4)
        ]
        for g in range(groups)
    ]
    seeded = qualifiers(tables, per_group)
    lines, _seeds = draw_lines(seeded)
    size = len(lines)
    rounds = (size - 1).bit_length()
    line = {e: i for i, e in enumerate(lines) if e is not None}
    for a, b in itertools.combinations(line, 2):
        if a[0] == b[0]:
            meets = (line[a] ^ line[b]).bit_length()
            if per_group == 2 and groups & (groups - 1) == 0:
                assert meets == rounds  # only in the final
            else:
                assert meets > 1  # never in the first round


def brute_lines(lines, movable, key) -> int:
    slots = [i for i, e in enumerate(lines) if e is not None and e in movable]
    best = None
    for perm in itertools.permutations([lines[i] for i in slots]):
        trial = list(lines)
        for i, e in zip(slots, perm, strict=True):
            trial[i] = e
        cost = bracket_clash_cost(trial, key)
        best = cost if best is None else min(best, cost)
    return best


@pytest.mark.parametrize("seed", range(200))
def test_knockout_seeding_spreads_clubmates_over_the_halves(seed):
    from scoring.draws.knockout import draw_lines

    rng = random.Random(5000 + seed)
    n = rng.randint(3, 8) if seed < 150 else rng.randint(9, 40)
    clubs = field(rng, n)
    key = clubs.__getitem__
    seeds = rng.randint(0, min(4, n))
    entries = [Entry(i, seed=i if i <= seeds else None) for i in clubs]
    lines, seeding = draw_lines(entries, random_seed=seed)
    movable = frozenset(e for e, s in seeding.items() if s is None)
    new, moved = separate_lines(lines, movable, key)
    for i, e in enumerate(lines):  # seeds and byes keep their lines
        if e is None or e not in movable:
            assert new[i] == e
    assert sorted(e for e in new if e is not None) == sorted(clubs)
    cost = bracket_clash_cost(new, key)
    assert cost <= bracket_clash_cost(lines, key)
    if seed < 150:
        assert cost == brute_lines(lines, movable, key)
    assert bool(moved) == (tuple(new) != tuple(lines))


def _played_field(rng: random.Random, n: int, rounds: int):
    """``n`` entries after ``rounds`` Swiss rounds drawn by the pairing itself, random winners;
    the next round's usual pairing and its table."""
    from scoring.draws import DrawError, MatchResult

    entries = [Entry(i, rating=2000 - i) for i in range(1, n + 1)]
    results: list = []
    drawn = pair_round(entries, results)
    for _ in range(rounds):
        played = list(results)
        for p in drawn.pairings:
            if p.b is None:
                played.append(MatchResult.for_bye(p.a))
            else:
                played.append(MatchResult(p.a, p.b, rng.choice((p.a, p.b)), games_a=1))
        try:
            drawn, results = pair_round(entries, played), played
        except DrawError:  # a small field can run out of new opponents
            break
    return drawn


def brute_later(pairs, score, met, key):
    """The fewest clubmates over every pairing of the same players with the same score
    profiles and no repeat."""
    players = [e for p in pairs for e in p]
    wanted = sorted(tuple(sorted((score[a], score[b]))) for a, b in pairs)
    best = None

    def rec(left, chosen):
        nonlocal best
        if not left:
            if sorted(tuple(sorted((score[a], score[b]))) for a, b in chosen) == wanted:
                n = club_pairs(chosen, key)
                best = n if best is None else min(best, n)
            return
        x = left[0]
        for k, y in enumerate(left[1:], start=1):
            if not met(x, y):
                rec(left[1:k] + left[k + 1 :], [*chosen, (x, y)])

    rec(players, [])
    return best


@pytest.mark.parametrize("seed", range(200))
def test_later_swiss_rounds_pair_the_fewest_clubmates_their_scores_allow(seed):
    """Later rounds (SoL's "delay compatriots"): never a repeat, the same score profile of
    every pair (score groups, floats and the bye as paired), and the fewest clubmates among
    such pairings (brute force on small fields); nobody moved without need."""
    rng = random.Random(seed)
    n = rng.randint(4, 12) if seed < 140 else rng.randint(13, 64)
    clubs = field(rng, n)
    key = clubs.__getitem__
    drawn = _played_field(rng, n, rng.randint(1, 3))
    lines = {s.entry: s for s in drawn.standings}
    score = {e: s.score for e, s in lines.items()}
    rank = {e: s.rank for e, s in lines.items()}

    def met(a, b):
        return b in lines[a].opponents

    pairs = [(p.a, p.b) for p in drawn.pairings if p.b is not None]
    new, moved = separate_later_round(pairs, score, met, key, rank)
    assert sorted(e for p in new for e in p) == sorted(e for p in pairs for e in p)
    assert not any(met(a, b) for a, b in new)
    assert all(rank[a] < rank[b] for a, b in new)  # the higher-ranked entry first
    assert sorted(tuple(sorted((score[a], score[b]))) for a, b in new) == sorted(
        tuple(sorted((score[a], score[b]))) for a, b in pairs
    )
    # each board keeps its score profile (top boards first)
    assert [sorted((score[a], score[b])) for a, b in new] == [
        sorted((score[a], score[b])) for a, b in pairs
    ]
    assert club_pairs(new, key) <= club_pairs(pairs, key)
    if 2 * len(pairs) <= 12:
        assert club_pairs(new, key) == brute_later(pairs, score, met, key)
    if club_pairs(new, key) == club_pairs(pairs, key):
        assert not moved and new == pairs
    else:
        assert moved


def test_later_round_swaps_clubmates_of_one_score_group_apart():
    # four players on 1 win, the usual pairing 1 v 3 and 2 v 4; 1 and 3 are clubmates
    score = {1: 1, 2: 1, 3: 1, 4: 1}
    rank = {1: 1, 2: 2, 3: 3, 4: 4}
    clubs = {1: "R", 2: "x", 3: "R", 4: "y"}
    new, moved = separate_later_round(
        [(1, 3), (2, 4)], score, lambda a, b: False, clubs.__getitem__, rank
    )
    assert club_pairs(new, clubs.__getitem__) == 0
    assert moved
    # but never across score groups: 1 (2 wins) v 3 (2 wins), 2 and 4 on 1 win
    score = {1: 2, 3: 2, 2: 1, 4: 1}
    new, moved = separate_later_round(
        [(1, 3), (2, 4)], score, lambda a, b: False, clubs.__getitem__, rank
    )
    assert new == [(1, 3), (2, 4)] and not moved
