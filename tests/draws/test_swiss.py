"""Swiss: validity over 9 rounds, byes, score groups, Buchholz, net points, reasons, errors."""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.draws import DrawError, Entry, MatchResult, pair_round, swiss_standings

from ._play import play_pairings


def brute_force_min_gap(players, met, score) -> int | None:
    """Smallest possible largest score gap of a full pairing (None: no pairing exists).

    Independent of the engine: plain recursion with memoisation (fine for ≤ 16 players).
    """

    def pairable(gap: int) -> bool:
        @lru_cache(None)
        def rec(rest: tuple) -> bool:
            if not rest:
                return True
            x = rest[0]
            return any(
                (x, y) not in met
                and abs(score[x] - score[y]) <= gap
                and rec(tuple(z for z in rest[1:] if z != y))
                for y in rest[1:]
            )

        return rec(tuple(players))

    if not pairable(10**6):
        return None
    return next(g for g in range(0, 100) if pairable(g))


def any_round_possible(players, met, had_bye) -> bool:
    if len(players) % 2 == 0:
        return brute_force_min_gap(players, met, dict.fromkeys(players, 0)) is not None
    return any(
        brute_force_min_gap([q for q in players if q != p], met, dict.fromkeys(players, 0))
        is not None
        for p in players
        if not had_bye[p]
    )


def run_event(n: int, rounds: int, seed: int, check_quality: bool = False):
    """Play ``rounds`` Swiss rounds with random results, checking every round's invariants."""
    rng = random.Random(seed)
    entries = list(range(1, n + 1))
    results: list[MatchResult] = []
    met: set[tuple[int, int]] = set()
    byes: Counter[int] = Counter()
    played_rounds = 0
    for number in range(1, rounds + 1):
        try:
            rnd = pair_round(entries, results)
        except DrawError as err:
            assert err.code == "no_valid_pairing"
            # only allowed when no legal round exists (checked by brute force for small fields)
            assert n <= 16, f"{n} players could not be paired in round {number}"
            assert not any_round_possible(entries, met, {p: byes[p] > 0 for p in entries})
            break
        assert rnd.number == number
        table = {s.entry: s for s in rnd.standings}
        seen = [e for p in rnd.pairings for e in p.entries]
        assert sorted(seen) == entries  # everybody paired, exactly once
        bye_pairs = [p for p in rnd.pairings if p.b is None]
        assert len(bye_pairs) == n % 2
        for p in bye_pairs:
            assert byes[p.a] == 0  # at most one bye per player
            byes[p.a] += 1
            lowest = max(
                (s for s in rnd.standings if byes[s.entry] == 0 or s.entry == p.a),
                key=lambda s: s.rank,
            )
            if p.reason.code == "swiss_bye":
                assert lowest.entry == p.a  # lowest-ranked player without a bye
            else:
                assert p.reason.code == "swiss_bye_moved"
        for p in rnd.pairings:
            assert p.reason.text and p.reason.code.startswith("swiss_")
            if p.b is None:
                continue
            assert (p.a, p.b) not in met  # never the same opponents twice
            assert table[p.a].rank < table[p.b].rank
            if table[p.a].wins == table[p.b].wins:
                assert p.reason.code == "swiss_pair"
            else:
                assert p.reason.code in ("swiss_float_odd", "swiss_float_blocked")
        if check_quality:
            score = {e: table[e].wins for e in entries}
            players = [e for e in entries if e not in {p.a for p in bye_pairs}]
            gaps = [abs(score[p.a] - score[p.b]) for p in rnd.pairings if p.b is not None]
            assert max(gaps) == brute_force_min_gap(players, met, score)
        for p in rnd.pairings:
            if p.b is not None:
                met |= {(p.a, p.b), (p.b, p.a)}
        results += play_pairings(rnd.pairings, rng)
        played_rounds = number
    return played_rounds, results


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(8, 256), seed=st.integers(0, 10**9))
def test_nine_rounds_valid_for_8_to_256_players(n: int, seed: int) -> None:
    played, _ = run_event(n, 9, seed)
    if n > 16:
        assert played == 9


@pytest.mark.parametrize("n", [8, 9, 10, 11, 12, 13, 14, 64, 128, 255, 256])
def test_nine_rounds_fixed_sizes(n: int) -> None:
    """Nine players or more always get nine rounds without a repeat; eight can meet at most seven
    times (everyone has met everyone after seven rounds), and the draw stops there."""
    played, _ = run_event(n, 9, seed=n)
    if n >= 9:
        assert played == 9
    else:
        assert played == 7


def test_eight_players_cannot_play_a_ninth_round_without_repeats() -> None:
    played, _ = run_event(8, 9, seed=1)
    assert played <= 7  # 7 rounds = everyone met everyone


@settings(max_examples=40, deadline=None)
@given(n=st.integers(8, 12), seed=st.integers(0, 10**9))
def test_largest_score_gap_is_the_smallest_possible(n: int, seed: int) -> None:
    run_event(n, 9, seed, check_quality=True)


@pytest.mark.parametrize("n", [64, 128, 256])
def test_big_fields_stay_within_adjacent_score_groups(n: int) -> None:
    rng = random.Random(n)
    entries = list(range(1, n + 1))
    results: list[MatchResult] = []
    for _ in range(6):
        rnd = pair_round(entries, results)
        table = {s.entry: s.wins for s in rnd.standings}
        gaps = [abs(table[p.a] - table[p.b]) for p in rnd.pairings if p.b is not None]
        assert max(gaps) <= 1
        assert sum(gaps) <= len(set(table.values()))  # about one float per score group
        results += play_pairings(rnd.pairings, rng)


def test_round_one_top_half_v_bottom_half() -> None:
    entries = [Entry(f"P{i}", seed=i) for i in range(1, 9)]
    rnd = pair_round(entries, [])
    assert [(p.a, p.b) for p in rnd.pairings] == [
        ("P1", "P5"),
        ("P2", "P6"),
        ("P3", "P7"),
        ("P4", "P8"),
    ]
    assert rnd.pairings[0].reason.text == "Score group 0: rank 1 v rank 5."


def test_round_one_bye_to_lowest_seed() -> None:
    rnd = pair_round([Entry(i, seed=i) for i in range(1, 6)], [])
    assert rnd.pairings[-1].b is None and rnd.pairings[-1].a == 5
    assert rnd.pairings[-1].reason.text == "Bye for rank 5: the lowest-ranked player without a bye."


def test_float_down_of_the_odd_player() -> None:
    entries = [Entry(i, seed=i) for i in range(1, 7)]
    results = [  # round 1: 1 v 4, 2 v 5, 3 v 6; the top seeds 1 and 2 win, 6 beats 3
        MatchResult(1, 4, 1, 1, 0, 25, 10),
        MatchResult(2, 5, 2, 1, 0, 25, 10),
        MatchResult(3, 6, 6, 0, 1, 10, 25),
    ]
    rnd = pair_round(entries, results)
    ranks = {s.entry: s.rank for s in rnd.standings}
    pairs = {(p.a, p.b): p.reason for p in rnd.pairings}
    # score group 1 = {1, 2, 6} (odd): the lowest-ranked of them floats to the top of group 0
    floats = [(a, b) for (a, b), reason in pairs.items() if reason.code == "swiss_float_odd"]
    assert len(floats) == 1
    a, b = floats[0]
    group1 = sorted((1, 2, 6), key=ranks.get)
    group0 = sorted((3, 4, 5), key=ranks.get)
    assert a == group1[-1]
    assert b == next(x for x in group0 if (a, x) not in {(6, 3), (3, 6)})
    assert pairs[(a, b)].text.startswith(f"Rank {ranks[a]} floated down from score group 1")


def test_no_repeat_forces_the_next_bottom_half_player() -> None:
    entries = [Entry(i, seed=i) for i in range(1, 5)]
    # all four won/lost so that 1 and 3 are in the same group again and have met
    results = [MatchResult(1, 3, 1, 1, 0, 25, 0), MatchResult(2, 4, 2, 1, 0, 25, 0)]
    rnd = pair_round(entries, results)
    assert all({p.a, p.b} not in ({1, 3}, {2, 4}) for p in rnd.pairings)


def test_bye_goes_to_lowest_ranked_without_a_bye() -> None:
    entries = [Entry(i, seed=i) for i in range(1, 6)]
    results = [
        MatchResult(1, 3, 1, 1, 0, 25, 5),
        MatchResult(2, 4, 2, 1, 0, 25, 5),
        MatchResult.for_bye(5),
    ]
    rnd = pair_round(entries, results)
    bye = rnd.pairings[-1]
    # 5 has a bye already (and 1 win); 3 and 4 have 0 wins: the lower-ranked of them gets it
    lowest = max((s for s in rnd.standings if s.entry in (3, 4)), key=lambda s: s.rank)
    assert bye.b is None and bye.a == lowest.entry


def test_withdrawn_players_stay_in_the_table_but_are_not_paired() -> None:
    entries = list(range(1, 7))
    results = [
        MatchResult(1, 4, 1, 1, 0, 25, 0),
        MatchResult(2, 5, 5, 0, 1, 0, 25),
        MatchResult(3, 6, 3, 1, 0, 25, 0),
    ]
    rnd = pair_round(entries, results, withdrawn={4})
    assert 4 not in {e for p in rnd.pairings for e in p.entries}
    assert len(rnd.standings) == 6
    assert sum(p.b is None for p in rnd.pairings) == 1  # 5 active: one bye


def test_buchholz_and_net_points() -> None:
    entries = ["A", "B", "C", "D"]
    results = [
        MatchResult("A", "B", "A", 2, 1, 60, 40),
        MatchResult("C", "D", "C", 2, 0, 50, 10),
        MatchResult("A", "C", "C", 0, 2, 20, 50),
        MatchResult("B", "D", "B", 2, 0, 50, 0),
    ]
    table = {s.entry: s for s in swiss_standings(entries, results)}
    # wins: A 1, B 1, C 2, D 0
    assert (table["A"].buchholz, table["B"].buchholz) == (1 + 2, 1 + 0)
    assert (table["C"].buchholz, table["D"].buchholz) == (0 + 1, 2 + 1)
    assert table["A"].net_points == 60 - 40 + 20 - 50
    assert (table["A"].points_for, table["A"].points_against) == (80, 90)
    assert (table["A"].games_won, table["A"].games_lost) == (2, 3)
    # rank: C (2 wins), then A and B on 1 win: A has the higher Buchholz; D last
    assert [s.entry for s in swiss_standings(entries, results)] == ["C", "A", "B", "D"]


def test_bye_counts_as_a_25_0_win_and_in_buchholz_as_own_score() -> None:
    entries = ["A", "B", "C"]
    results = [MatchResult("A", "B", "A", 1, 0, 25, 20), MatchResult.for_bye("C")]
    table = {s.entry: s for s in swiss_standings(entries, results)}
    c = table["C"]
    assert (c.wins, c.games_won, c.points_for, c.points_against, c.had_bye) == (1, 1, 25, 0, True)
    assert c.opponents == ()
    assert c.buchholz == 1  # virtual opponent with C's own wins
    zero = {s.entry: s for s in swiss_standings(entries, results, bye_buchholz="zero")}
    assert zero["C"].buchholz == 0


def test_ranking_order_wins_buchholz_net_points_seed() -> None:
    entries = [Entry("A", seed=1), Entry("B", seed=2), Entry("C", seed=3), Entry("D", seed=4)]
    # A and B both beat someone with 0 wins: same Buchholz; B has the better net points
    results = [MatchResult("A", "C", "A", 1, 0, 25, 20), MatchResult("B", "D", "B", 1, 0, 25, 0)]
    assert [s.entry for s in swiss_standings(entries, results)] == ["B", "A", "C", "D"]
    level = [MatchResult("A", "C", "A", 1, 0, 25, 0), MatchResult("B", "D", "B", 1, 0, 25, 0)]
    assert [s.entry for s in swiss_standings(entries, level)] == ["A", "B", "C", "D"]


def test_no_second_bye() -> None:
    results = [MatchResult.for_bye(e) for e in (1, 2, 3)]
    with pytest.raises(DrawError) as err:
        pair_round([1, 2, 3], results)
    assert err.value.code == "no_bye_candidate"


def test_no_valid_pairing_after_everyone_met() -> None:
    results = [
        MatchResult(1, 2, 1, 1, 0, 25, 0),
        MatchResult(3, 4, 3, 1, 0, 25, 0),
        MatchResult(1, 3, 1, 1, 0, 25, 0),
        MatchResult(2, 4, 2, 1, 0, 25, 0),
        MatchResult(1, 4, 1, 1, 0, 25, 0),
        MatchResult(2, 3, 2, 1, 0, 25, 0),
    ]
    with pytest.raises(DrawError) as err:
        pair_round([1, 2, 3, 4], results)
    assert err.value.code == "no_valid_pairing"
    assert isinstance(err.value, ValueError)


def test_unknown_entry_in_results() -> None:
    with pytest.raises(DrawError) as err:
        pair_round([1, 2], [MatchResult(1, 9, 1)])
    assert err.value.code == "bad_result"
