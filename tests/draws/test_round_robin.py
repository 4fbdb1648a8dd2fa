"""Round robin: circle method, snake seeding, standings tie-breaks, qualifiers into a knock-out."""

from __future__ import annotations

from itertools import combinations

import pytest

from scoring.draws import (
    DrawError,
    Entry,
    MatchResult,
    advance,
    circle_schedule,
    group_standings,
    knockout_from_groups,
    qualifiers,
    snake_groups,
)
from scoring.draws.round_robin import GroupStanding


@pytest.mark.parametrize("n", range(2, 21))
def test_everyone_meets_everyone_exactly_once(n: int) -> None:
    rounds = circle_schedule(range(1, n + 1))
    assert len(rounds) == (n if n % 2 else n - 1)
    met: list[frozenset] = []
    byes: list[int] = []
    for pairings in rounds:
        in_round = [e for p in pairings for e in p.entries]
        assert sorted(in_round) == list(range(1, n + 1))  # everyone once per round
        for p in pairings:
            if p.b is None:
                byes.append(p.a)
                assert p.reason.code == "rr_bye"
            else:
                met.append(frozenset((p.a, p.b)))
                assert p.reason.code == "rr_round"
    assert sorted(met, key=sorted) == sorted(
        (frozenset(c) for c in combinations(range(1, n + 1), 2)), key=sorted
    )
    assert len(set(met)) == len(met)
    assert sorted(byes) == (list(range(1, n + 1)) if n % 2 else [])


def test_circle_method_rounds_text() -> None:
    first = circle_schedule(["a", "b", "c", "d"])[0]
    assert first[0].reason.text == "Round 1 of 3 (circle method)."


def test_snake_seeding() -> None:
    assert snake_groups(range(1, 13), 4) == ((1, 8, 9), (2, 7, 10), (3, 6, 11), (4, 5, 12))
    assert snake_groups(range(1, 11), 3) == ((1, 6, 7), (2, 5, 8), (3, 4, 9, 10))


def test_snake_seeding_uses_seeds_then_ratings() -> None:
    entries = [
        Entry("r1500", rating=1500),
        Entry("s2", seed=2),
        Entry("r1900", rating=1900),
        Entry("s1", seed=1),
    ]
    assert snake_groups(entries, 2) == (("s1", "r1500"), ("s2", "r1900"))


def test_snake_seeding_rejects_tiny_groups() -> None:
    with pytest.raises(DrawError) as err:
        snake_groups(range(5), 3)
    assert err.value.code == "too_many_groups"


def r(a: str, b: str, winner: str, games: tuple[int, int], points: tuple[int, int]) -> MatchResult:
    return MatchResult(a, b, winner, games[0], games[1], points[0], points[1])


GROUP = [Entry("A", seed=1), Entry("B", seed=2), Entry("C", seed=3), Entry("D", seed=4)]


def test_three_way_tie_game_difference_then_head_to_head_restarts() -> None:
    """A beat B, B beat C, C beat A, all beat D: head-to-head is 1-1-1 for all three.

    Game difference puts B first (+2); A and C are level (+1 each) so their tie restarts at
    head-to-head: C beat A, so C is second although A has the better point difference.
    """
    results = [
        r("A", "B", "A", (2, 1), (50, 40)),
        r("B", "C", "B", (2, 0), (50, 10)),
        r("C", "A", "C", (2, 0), (50, 30)),
        r("A", "D", "A", (2, 0), (50, 0)),
        r("B", "D", "B", (2, 1), (50, 45)),
        r("C", "D", "C", (2, 1), (50, 20)),
    ]
    table = group_standings(GROUP, results)
    assert [s.entry for s in table] == ["B", "C", "A", "D"]
    assert [s.decided_by for s in table] == ["game_difference", "head_to_head", "head_to_head", ""]
    assert [s.wins for s in table] == [2, 2, 2, 0]
    a = next(s for s in table if s.entry == "A")
    assert (a.game_difference, a.point_difference) == (1, 40)  # better points, still third


def test_head_to_head_before_game_difference() -> None:
    results = [
        r("A", "B", "B", (1, 2), (40, 50)),  # B beat A
        r("A", "C", "A", (2, 0), (50, 0)),
        r("B", "C", "C", (1, 2), (40, 50)),
    ]
    table = group_standings(GROUP[:3], results)
    # A: 1 win (+1 games), B: 1 win (+1-1 = 0), C: 1 win (-2+1 = -1): three-way tie, h2h 1-1-1,
    # so game difference decides
    assert [s.entry for s in table] == ["A", "B", "C"]
    assert table[0].decided_by == "game_difference"
    # two-way tie: head-to-head decides even against a better game difference
    results2 = [
        r("A", "B", "B", (1, 2), (40, 50)),
        r("A", "C", "A", (2, 0), (50, 0)),
        r("B", "C", "C", (0, 2), (0, 50)),
        r("A", "D", "A", (2, 0), (50, 0)),
        r("B", "D", "B", (2, 1), (50, 45)),
        r("C", "D", "D", (0, 2), (0, 50)),
    ]
    table2 = group_standings(GROUP, results2)
    top = [s.entry for s in table2[:2]]
    assert top == ["B", "A"]  # both 2 wins; A has +4 games, B +0, but B won their match
    assert table2[0].decided_by == "head_to_head"


def test_point_difference_then_seed() -> None:
    results = [
        r("A", "B", "A", (2, 1), (50, 48)),
        r("B", "C", "B", (2, 1), (50, 40)),
        r("C", "A", "C", (2, 1), (50, 45)),
    ]
    table = group_standings(GROUP[:3], results)
    # all 1 win, h2h 1-1-1, games +0 each; points: A +3-5=-2, B -2+10=+8, C -10+5=-5
    assert [s.entry for s in table] == ["B", "A", "C"]
    assert {s.decided_by for s in table} == {"point_difference"}
    level = [
        r("A", "B", "A", (2, 1), (50, 45)),
        r("B", "C", "B", (2, 1), (50, 45)),
        r("C", "A", "C", (2, 1), (50, 45)),
    ]
    assert [s.entry for s in group_standings(GROUP[:3], level)] == ["A", "B", "C"]
    assert {s.decided_by for s in group_standings(GROUP[:3], level)} == {"seed"}


def standing(entry: str) -> GroupStanding:
    return GroupStanding(entry, 1, 0, 0, 0, 0, 0, 0, 0, "")


def tables(groups: int, size: int = 4) -> list[list[GroupStanding]]:
    return [[standing(f"{chr(65 + g)}{p}") for p in range(1, size + 1)] for g in range(groups)]


@pytest.mark.parametrize("groups", range(2, 9))
@pytest.mark.parametrize("per_group", [1, 2, 3])
def test_qualifiers_seed_group_winners_apart(groups: int, per_group: int) -> None:
    q = qualifiers(tables(groups), per_group)
    assert len(q) == groups * per_group
    assert [e.seed for e in q] == list(range(1, len(q) + 1))
    winners = [e.id for e in q[:groups]]
    assert winners == [f"{chr(65 + g)}1" for g in range(groups)]
    bracket = knockout_from_groups(tables(groups), per_group)
    # group winners are in different sections: no two meet before the round where 'groups'
    # entries remain
    line_of = {e: i for i, e in enumerate(bracket.lines) if e is not None}
    sections = 1
    while sections < groups:
        sections *= 2
    width = bracket.size // sections
    assert len({line_of[w] // width for w in winners}) == groups


@pytest.mark.parametrize("groups", range(2, 9))
def test_no_same_group_meeting_in_first_knockout_round(groups: int) -> None:
    bracket = knockout_from_groups(tables(groups), 2)
    for state in advance(bracket, {}).states:
        if state.match.round == 1 and state.b is not None:
            assert state.a[0] != state.b[0], (state.a, state.b)


def test_knockout_from_groups_with_third_place() -> None:
    bracket = knockout_from_groups(tables(2), 2, third_place=True)
    assert bracket.lines == ("A1", "B2", "A2", "B1")
    assert any(m.id == "3P" for m in bracket.matches)
