"""Double elimination: two losses out, match counts, structure, byes, grand final reset."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.draws import Entry, MatchResult, advance, double_elimination
from scoring.draws.double_elimination import possible_rematches

from ._play import losses, play_bracket


def seeded(n: int) -> list[Entry]:
    return [Entry(i, seed=i) for i in range(1, n + 1)]


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 40), seed=st.integers(0, 10**6), walkovers=st.sampled_from([0.0, 0.2]))
def test_two_losses_out_and_match_count(n: int, seed: int, walkovers: float) -> None:
    bracket = double_elimination(seeded(n))
    progress, results = play_bracket(bracket, random.Random(seed), walkover_rate=walkovers)
    champion = progress.champion
    assert champion is not None
    lost = losses(results)
    for entry in range(1, n + 1):
        if entry == champion:
            assert lost.get(entry, 0) <= 1
        else:
            assert lost.get(entry, 0) == 2, (entry, lost)
    assert len(results) in (2 * n - 2, 2 * n - 1)
    reset_played = "GF2" in results
    assert len(results) == 2 * n - 1 if reset_played else 2 * n - 2
    # nobody plays after being eliminated; every entry plays somewhere
    played = {e for r in results.values() for e in r.entries}
    assert played == set(range(1, n + 1)) or n == 1


def test_structure_for_four() -> None:
    bracket = double_elimination(seeded(4))
    assert [m.id for m in bracket.matches] == [
        "W1-1",
        "W1-2",
        "W2-1",
        "L1-1",
        "L2-1",
        "GF1",
        "GF2",
    ]
    l2 = bracket.match("L2-1")
    assert (l2.a.kind, l2.a.ref, l2.b.kind, l2.b.ref) == ("winner", "L1-1", "loser", "W2-1")
    assert bracket.match("L2-1").round_name == "Losers final"
    assert bracket.match("W2-1").round_name == "Winners final"


def test_structure_for_eight_and_drop_placement() -> None:
    bracket = double_elimination(seeded(8))
    sections = [m.section for m in bracket.matches]
    assert sections.count("winners") == 7 and sections.count("losers") == 6
    assert [m.id for m in bracket.matches if m.section == "losers"] == [
        "L1-1",
        "L1-2",
        "L2-1",
        "L2-2",
        "L3-1",
        "L4-1",
    ]
    # losers of W2 drop crosswise: the loser of the top semi meets the bottom survivors
    assert bracket.match("L2-1").b.ref == "W2-2"
    assert bracket.match("L2-2").b.ref == "W2-1"
    # only the losers final can repeat a winners-bracket match
    assert possible_rematches(bracket) == 1
    assert {m.stage for m in bracket.matches} == {"late"}


def test_structure_for_six_with_byes() -> None:
    bracket = double_elimination(seeded(6))
    progress = advance(bracket, {})
    assert progress.state("W1-1").status == "bye"  # seed 1
    assert progress.state("W1-4").status == "bye"  # seed 2
    # W1-1's bye sends nobody down, so L1-1 is waiting for one loser only and becomes a bye
    results = {
        "W1-2": MatchResult(5, 4, 4, 1, 0, 25, 3),
        "W1-3": MatchResult(3, 6, 3, 1, 0, 25, 3),
    }
    progress = advance(bracket, results)
    assert (progress.state("L1-1").status, progress.state("L1-1").winner) == ("bye", 5)
    assert (progress.state("L1-2").status, progress.state("L1-2").winner) == ("bye", 6)
    final_progress, played = play_bracket(bracket, random.Random(1))
    assert len(played) in (10, 11)


def test_larger_brackets_keep_rematch_risk_low() -> None:
    for n, expected in ((16, 3), (32, 3), (64, 3)):
        assert possible_rematches(double_elimination(seeded(n))) <= expected


def test_grand_final_reset() -> None:
    bracket = double_elimination(seeded(2))
    wb = {"W1-1": MatchResult(1, 2, 1, 1, 0, 25, 0)}
    progress = advance(bracket, wb)
    gf1 = progress.state("GF1")
    assert (gf1.a, gf1.b, gf1.status) == (1, 2, "ready")
    # the winners-bracket champion wins: no reset
    done = advance(bracket, {**wb, "GF1": MatchResult(1, 2, 1, 1, 0, 25, 0)})
    assert done.state("GF2").status == "not_needed" and done.champion == 1 and done.complete
    # the losers-bracket champion wins: GF2 decides
    reset = advance(bracket, {**wb, "GF1": MatchResult(1, 2, 2, 0, 1, 0, 25)})
    assert reset.state("GF2").status == "ready" and reset.champion is None
    final = advance(
        bracket,
        {**wb, "GF1": MatchResult(1, 2, 2, 0, 1, 0, 25), "GF2": MatchResult(1, 2, 2, 0, 1, 0, 25)},
    )
    assert final.champion == 2 and final.complete
    assert final.state("GF2").reason.code == "de_reset"


def test_reset_can_be_switched_off() -> None:
    bracket = double_elimination(seeded(2), reset=False)
    assert [m.id for m in bracket.matches] == ["W1-1", "GF1"]
    done = advance(
        bracket,
        {"W1-1": MatchResult(1, 2, 1, 1, 0, 25, 0), "GF1": MatchResult(1, 2, 2, 0, 1, 0, 25)},
    )
    assert done.champion == 2


@pytest.mark.parametrize("n", [3, 5, 6, 7, 9, 12, 17])
def test_byes_propagate_through_the_losers_bracket(n: int) -> None:
    progress, results = play_bracket(double_elimination(seeded(n)), random.Random(n))
    assert progress.complete and progress.champion is not None
    assert len(results) in (2 * n - 2, 2 * n - 1)
