"""The European circuit's ranking (scoring.draws.ranking.EUROPEAN) on generated Swiss
tourneys, figure by figure: 2 points a win, 1 a draw; Buchholz = the opponents' points (a bye
adds 0); then net score, total score, seed position, rating."""

from __future__ import annotations

import math
import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from scoring.draws import EUROPEAN, Entry, MatchResult, pair_round, rule_for
from scoring.draws.ranking import CURRENT, table
from scoring.draws.types import DrawError


def play(players: int, rounds: int, seed: int, rule=EUROPEAN):
    """A generated tourney: paired by the rule, time-limited single games (e.g. 11–3), some
    level (draws), byes when the field is odd. Returns entries and results."""
    rng = random.Random(seed)
    entries = [
        Entry(
            f"P{n:02d}",
            seed=n if n <= 8 else None,
            rating=rng.choice([None, float(rng.randint(1000, 2000))]),
        )
        for n in range(1, players + 1)
    ]
    results: list[MatchResult] = []
    for _ in range(rounds):
        try:
            drawn = pair_round(entries, results, rule=rule)
        except DrawError as err:  # a small field can run out of new opponents (5 players,
            assert err.code == "no_valid_pairing"  # round 4): the tourney ends there
            break
        for p in drawn.pairings:
            if p.b is None:
                results.append(MatchResult.for_bye(p.a))
                continue
            a, b = rng.randint(0, 25), rng.randint(0, 25)
            if rng.random() < 0.1:
                b = a  # stopped by time, level
            if a == b:
                results.append(MatchResult(p.a, p.b, None, points_a=a, points_b=b, draw=True))
            else:
                results.append(
                    MatchResult(
                        p.a,
                        p.b,
                        p.a if a > b else p.b,
                        games_a=int(a > b),
                        games_b=int(b > a),
                        points_a=a,
                        points_b=b,
                    )
                )
    return entries, results


def expected(entries, results, bye_points):
    """The rule computed by hand from the raw results."""
    pts = {e.id: 0 for e in entries}
    pf = dict.fromkeys(pts, 0)
    pa = dict.fromkeys(pts, 0)
    opponents = {e: [] for e in pts}
    for r in results:
        if r.b is None:
            pts[r.a] += 2
            pf[r.a] += bye_points
            continue
        for me, other in ((r.a, r.b), (r.b, r.a)):
            mine, theirs = r.points(me)
            pf[me] += mine
            pa[me] += theirs
            pts[me] += 1 if r.draw else 2 if r.winner == me else 0
            opponents[me].append(other)
    bh = {e: sum(pts[o] for o in opponents[e]) for e in pts}
    by_id = {e.id: e for e in entries}
    index = {e.id: n for n, e in enumerate(entries)}

    def key(e):
        x = by_id[e]
        return (
            -pts[e],
            -bh[e],
            -(pf[e] - pa[e]),
            -pf[e],
            x.seed if x.seed is not None else math.inf,
            -x.rating if x.rating is not None else math.inf,
            index[e],
        )

    order = sorted(pts, key=key)
    return [(e, pts[e], bh[e], pf[e] - pa[e], pf[e]) for e in order]


def test_64_player_swiss_is_ranked_as_the_european_rule_says() -> None:
    entries, results = play(64, 7, seed=64)
    assert any(r.draw for r in results)
    lines = table(entries, results, EUROPEAN)
    got = [(s.entry, s.score, s.buchholz, s.net_points, s.total_points) for s in lines]
    assert got == expected(entries, results, 25)
    assert [s.rank for s in lines] == list(range(1, 65))
    top = lines[0]
    assert top.score == 2 * top.wins + top.draws


def test_a_bye_scores_the_phantom_score_and_adds_0_to_buchholz() -> None:
    entries, results = play(9, 4, seed=3, rule=rule_for("european", bye_points=1))
    assert any(r.b is None for r in results)
    lines = table(entries, results, rule_for("european", bye_points=1))
    got = [(s.entry, s.score, s.buchholz, s.net_points, s.total_points) for s in lines]
    assert got == expected(entries, results, 1)


@settings(max_examples=25, deadline=None)
@given(
    st.integers(min_value=2, max_value=24),
    st.integers(min_value=1, max_value=5),
    st.integers(min_value=0, max_value=10_000),
)
@example(5, 4, 0)  # round 4 of 5 players has no pairing without a repeat
def test_every_generated_tourney_ranks_by_the_rule(players, rounds, seed) -> None:
    rounds = min(rounds, players - 1)
    entries, results = play(players, rounds, seed)
    lines = table(entries, results, EUROPEAN)
    assert [
        (s.entry, s.score, s.buchholz, s.net_points, s.total_points) for s in lines
    ] == expected(entries, results, 25)


def test_the_current_rule_is_unchanged_wins_then_buchholz_with_the_own_score_for_a_bye():
    entries = [Entry("A"), Entry("B"), Entry("C")]
    results = [
        MatchResult("A", "B", "A", games_a=1, points_a=25, points_b=10),
        MatchResult.for_bye("C"),
    ]
    lines = {s.entry: s for s in table(entries, results, CURRENT)}
    assert (lines["A"].score, lines["A"].buchholz) == (1, 0)
    assert (lines["C"].score, lines["C"].buchholz) == (1, 1)  # the bye counts its own score
    # a walkover is credited like a bye: 1 game 25–0
    wo = MatchResult.for_walkover("A", "B", withdrawn="B")
    (first, second) = table([Entry("A"), Entry("B")], [wo], CURRENT)
    assert (first.entry, first.games_won, first.points_for) == ("A", 1, 25)
    assert (second.points_against, second.losses) == (25, 1)
    as_played = rule_for("current", walkover="as_played")
    (first, _second) = table([Entry("A"), Entry("B")], [wo], as_played)
    assert (first.games_won, first.points_for) == (0, 0)
