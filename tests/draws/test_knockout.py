"""Knock-out: seeding positions, byes, progression, walkovers, third place, names and stages."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.draws import (
    DrawError,
    Entry,
    MatchResult,
    advance,
    bracket_size,
    next_round,
    round_infos,
    round_name,
    seeding_order,
    single_elimination,
)

from ._play import play_bracket

SIZES = [2**k for k in range(1, 9)]


def seeded(n: int) -> list[Entry]:
    return [Entry(f"P{i}", seed=i) for i in range(1, n + 1)]


def first_round(bracket):
    return [s for s in advance(bracket, {}).states if s.match.round == 1]


@pytest.mark.parametrize("size", SIZES)
def test_seeding_order_is_a_permutation(size: int) -> None:
    assert sorted(seeding_order(size)) == list(range(1, size + 1))


def test_seeding_order_classic_layout() -> None:
    assert seeding_order(2) == (1, 2)
    assert seeding_order(4) == (1, 4, 3, 2)
    assert seeding_order(8) == (1, 8, 5, 4, 3, 6, 7, 2)
    # round 1 pairs add up to size + 1 (1 v 8, 5 v 4, …)
    order = seeding_order(16)
    assert {order[i] + order[i + 1] for i in range(0, 16, 2)} == {17}


@pytest.mark.parametrize("size", SIZES)
def test_top_seeds_are_spread_over_sections(size: int) -> None:
    """Seeds 1..2^j sit in 2^j different sections (1 and 2 in opposite halves, 1-4 quarters…)."""
    line_of = {seed: line for line, seed in enumerate(seeding_order(size))}
    sections = 2
    while sections <= size:
        width = size // sections
        assert len({line_of[s] // width for s in range(1, sections + 1)}) == sections
        sections *= 2


@pytest.mark.parametrize("n", range(2, 257))
def test_every_entry_once_in_round_one_and_byes_to_top_seeds(n: int) -> None:
    bracket = single_elimination(seeded(n))
    size = bracket_size(n)
    assert bracket.size == size == 2 ** math.ceil(math.log2(n))
    states = first_round(bracket)
    assert len(states) == size // 2
    seen = [e for s in states for e in (s.a, s.b) if e is not None]
    assert sorted(seen) == sorted(e.id for e in seeded(n))
    byes = {s.a for s in states if s.status == "bye"}
    assert byes == {f"P{i}" for i in range(1, size - n + 1)}
    assert all(s.status in ("bye", "ready") for s in states)  # no empty v empty match


def test_byes_to_top_seeds_with_unseeded_entries() -> None:
    entries = [Entry("S1", seed=1), Entry("S2", seed=2), *(Entry(f"U{i}") for i in range(3))]
    bracket = single_elimination(entries, random_seed=7)
    byes = {s.a for s in first_round(bracket) if s.status == "bye"}
    assert len(byes) == 3 and {"S1", "S2"} <= byes
    assert bracket.seeds["S1"] == 1 and bracket.seeds["U0"] is None


def test_unseeded_placement_is_reproducible_with_a_random_seed() -> None:
    entries = [Entry("S1", seed=1), Entry("S2", seed=2), *(Entry(f"U{i}") for i in range(14))]
    a = single_elimination(entries, random_seed=1)
    assert a.lines == single_elimination(entries, random_seed=1).lines
    draws = {single_elimination(entries, random_seed=s).lines for s in range(10)}
    assert len(draws) > 1
    for lines in draws:  # the seeds keep their positions
        assert lines[0] == "S1" and lines[-1] == "S2"
    # without a random seed: input order, deterministic
    plain = single_elimination(entries).lines
    assert plain == single_elimination(entries).lines


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 64), seed=st.integers(0, 10**6))
def test_progression_top_seeds_meet_late_and_winners_advance(n: int, seed: int) -> None:
    bracket = single_elimination(seeded(n))
    progress, results = play_bracket(bracket, random.Random(seed))
    rounds = len(round_infos(bracket.size))
    assert len(results) == n - 1  # byes are not matches
    meetings = {}
    for state in progress.states:
        if state.status == "done":
            meetings[frozenset((state.a, state.b))] = state.match.round
            # both entrants came from their feeders
            for src, entrant in ((state.match.a, state.a), (state.match.b, state.b)):
                if src.kind == "winner":
                    assert progress.state(str(src.ref)).winner == entrant
    if frozenset(("P1", "P2")) in meetings:
        assert meetings[frozenset(("P1", "P2"))] == rounds  # only in the final
    for a in range(1, 5):
        for b in range(a + 1, 5):
            met = meetings.get(frozenset((f"P{a}", f"P{b}")))
            assert met is None or met >= rounds - 1  # seeds 1-4: semi-final at the earliest
    final = progress.state(f"W{rounds}-1")
    assert progress.champion == final.winner is not None
    assert progress.complete


def test_winner_advances_and_bye_passes() -> None:
    bracket = single_elimination(seeded(3))  # P1 has a bye
    progress = advance(bracket, {"W1-2": MatchResult("P3", "P2", "P3", 2, 1, 60, 50)})
    final = progress.state("W2-1")
    assert (final.a, final.b, final.status) == ("P1", "P3", "ready")
    assert progress.state("W1-1").status == "bye"


def test_walkover_advances_the_opponent_and_is_marked() -> None:
    bracket = single_elimination(seeded(4))
    wo = MatchResult.for_walkover("P1", "P4", withdrawn="P1")
    assert wo.winner == "P4" and wo.walkover
    progress = advance(bracket, {"W1-1": wo})
    assert progress.state("W1-1").walkover
    final = progress.state("W2-1")
    assert final.a == "P4"
    assert "walkover" in final.reason.text


def test_double_walkover_gives_the_other_side_a_bye() -> None:
    bracket = single_elimination(seeded(4))
    both_out = MatchResult("P1", "P4", None, walkover=True)
    progress = advance(
        bracket, {"W1-1": both_out, "W1-2": MatchResult("P3", "P2", "P2", 2, 0, 50, 10)}
    )
    final = progress.state("W2-1")
    assert (final.status, final.winner) == ("bye", "P2")
    assert progress.champion == "P2" and progress.complete


def test_third_place_match_between_semi_final_losers() -> None:
    bracket = single_elimination(seeded(8), third_place=True)
    rng = random.Random(3)
    progress, results = play_bracket(bracket, rng)
    third = progress.state("3P")
    semis = [progress.state("W2-1"), progress.state("W2-2")]
    assert {third.a, third.b} == {s.loser for s in semis}
    assert third.status == "done" and third.match.stage == "late"
    assert third.match.round == 3 and third.match.round_name == "Third-place match"
    assert "3P" in results


def test_no_third_place_by_default() -> None:
    assert all(m.id != "3P" for m in single_elimination(seeded(8)).matches)


def test_round_names_and_stages() -> None:
    infos = round_infos(64)
    assert [i.name for i in infos] == [
        "Round of 64",
        "Round of 32",
        "Round of 16",
        "Quarter-final",
        "Semi-final",
        "Final",
    ]
    assert [i.stage for i in infos] == ["early", "early", "early", "late", "late", "late"]
    assert [i.matches for i in infos] == [32, 16, 8, 4, 2, 1]
    assert round_name(1) == "Final"
    bracket = single_elimination(seeded(5))  # size 8: starts with quarter-finals
    assert {m.stage for m in bracket.matches} == {"late"}


def test_reasons_are_structured() -> None:
    states = first_round(single_elimination(seeded(6)))
    assert states[0].reason.code == "ko_bye"
    assert states[0].reason.params == {"seed": 1}
    assert states[0].reason.text == "Bye for seed 1: byes go to the top seeds."
    assert states[1].reason.code == "ko_seeded"
    assert states[1].reason.text == "Seed 4 v seed 5."


def test_next_round_returns_the_round_to_play() -> None:
    bracket = single_elimination(seeded(4))
    first = next_round(bracket, {})
    assert [s.id for s in first] == ["W1-1", "W1-2"]
    results = {"W1-1": MatchResult("P1", "P4", "P1", 2, 0, 50, 20)}
    assert [s.id for s in next_round(bracket, results)] == ["W1-1", "W1-2"]
    results["W1-2"] = MatchResult("P3", "P2", "P2", 2, 0, 50, 20)
    final = next_round(bracket, results)
    assert [(s.id, s.a, s.b) for s in final] == [("W2-1", "P1", "P2")]
    results["W2-1"] = MatchResult("P1", "P2", "P2", 1, 2, 60, 70)
    assert next_round(bracket, results) == ()


def test_next_round_refuses_when_earlier_results_are_missing() -> None:
    bracket = single_elimination(seeded(8), third_place=True)
    results = {f"W1-{i}": MatchResult(*_pair(bracket, f"W1-{i}")) for i in range(1, 5)}
    results["W2-1"] = MatchResult(*_pair(bracket, "W2-1", results))
    # W2-2 not yet played: the semi round is still current, not the final
    assert [s.id for s in next_round(bracket, results)] == ["W2-1", "W2-2"]


def _pair(bracket, match_id, results=None):
    state = advance(bracket, results or {}).state(match_id)
    return (state.a, state.b, state.a, 2, 0, 50, 0)


def test_errors_have_codes() -> None:
    with pytest.raises(DrawError) as err:
        single_elimination(["only"])
    assert err.value.code == "too_few_entries" and isinstance(err.value, ValueError)
    with pytest.raises(DrawError) as err:
        single_elimination(["a", "a"])
    assert err.value.code == "duplicate_entry"
    bracket = single_elimination(seeded(4))
    with pytest.raises(DrawError) as err:
        advance(bracket, {"W2-1": MatchResult("P1", "P2", "P1")})
    assert err.value.code == "unexpected_result"
    with pytest.raises(DrawError) as err:
        advance(bracket, {"W1-1": MatchResult("P1", "P3", "P1")})
    assert err.value.code == "bad_result"
    with pytest.raises(DrawError) as err:
        MatchResult("P1", "P2", "P9")
    assert err.value.code == "bad_result"
    with pytest.raises(DrawError):
        seeding_order(6)
