"""The European ranking of imported SoL tourneys, figure by figure (issue 18): a generated
64-player Swiss tourney; SoL's rates as the last tie-break (the rating's rates dated before the
tourney, else its default rate; a pair: the sum); a round robin's bye counted as SoL counts it.
SoL itself ranks the same tourneys in ``bench/sol_ranking.py``."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest
import yaml

from scoring import standings
from scoring.models import Entry
from scoring.services.sol import import_sol

from .test_sol_generated import event, m

pytestmark = pytest.mark.django_db


def lists(
    players: int, rates: list[dict] | None = None, level: str = "1", inherit: bool = False
) -> dict:
    return {
        "players": [
            {"guid": f"p{n}", "firstname": f"Gen{n:02d}", "lastname": "Player"}
            for n in range(1, players + 1)
        ],
        "clubs": [],
        "championships": [{"description": "Generated Cup"}],
        "ratings": [
            {"description": "Lower", "level": "0", "default_rate": 1000},
            {"description": "Generated", "level": level, "inherit": inherit, "default_rate": 1500},
        ],
        "rates": rates or [],
    }


def tourney(
    competitors: list[list[int]],
    matches: list[dict],
    system: str = "swiss",
    rating: int | None = 2,
    phantom: int = 25,
) -> dict:
    out = {
        "guid": "t1",
        "description": "Generated",
        "date": "2025-03-01",
        "championship": 1,
        "system": system,
        "phantomscore": phantom,
        "competitors": [{"players": c} for c in competitors],
        "matches": matches,
    }
    if rating is not None:
        out["rating"] = rating
    return out


def ranked(rows) -> list[str]:
    return [row.name for row in rows]


def test_64_players_ranked_figure_by_figure() -> None:
    rng = random.Random(64)
    players = 64
    matches, scores = [], []
    for turn in range(1, 8):
        field = list(range(1, players + 1))
        rng.shuffle(field)
        if turn % 2:  # odd rounds: the last two sit out, each with a bye
            matches.extend(
                m(n, None, 0, 0, turn=turn, table=40 + i) for i, n in enumerate(field[-2:])
            )
            field = field[:-2]
        for table, (a, b) in enumerate(zip(field[::2], field[1::2], strict=True), 1):
            kind = rng.random()
            if kind < 0.1:
                s1 = s2 = rng.choice([7, 25])  # a draw by time, or 25–25 as SoL records it
            elif kind < 0.4:
                s1, s2 = rng.randint(1, 24), rng.randint(0, 23)  # stopped by time
                s1 += s1 == s2
            else:
                s1, s2 = 25, rng.randint(0, 24)
            if rng.random() < 0.5:
                s1, s2 = s2, s1
            matches.append(m(a, b, s1, s2, turn=turn, table=table))
            scores.append((a, b, s1, s2))
    byes = [(x["competitor1"]) for x in matches if x["competitor2"] is None]
    content = yaml.safe_dump_all(
        [
            lists(players),
            tourney([[n] for n in range(1, players + 1)], matches, rating=None, phantom=10),
        ]
    ).encode()
    import_sol(content)
    # the rule, figure by figure: 2 a win, 1 a draw; Buchholz = opponents' points (a bye 0);
    # net and total score (a bye: 10–0, the phantom score)
    points, net, total = defaultdict(int), defaultdict(int), defaultdict(int)
    opponents = defaultdict(list)
    for a, b, s1, s2 in scores:
        points[a] += 2 if s1 > s2 else 1 if s1 == s2 else 0
        points[b] += 2 if s2 > s1 else 1 if s1 == s2 else 0
        net[a] += s1 - s2
        net[b] += s2 - s1
        total[a] += s1
        total[b] += s2
        opponents[a].append(b)
        opponents[b].append(a)
    for a in byes:
        points[a] += 2
        net[a] += 10
        total[a] += 10
    buchholz = {n: sum(points[o] for o in opponents[n]) for n in range(1, players + 1)}
    expected = sorted(
        range(1, players + 1), key=lambda n: (-points[n], -buchholz[n], -net[n], -total[n], n)
    )
    (table,) = standings.event_standings(event())
    assert ranked(table.rows) == [f"Gen{n:02d} Player" for n in expected]
    for row in table.rows:
        n = int(row.name[3:5])
        assert (
            row.values["score"],
            row.values["buchholz"],
            row.values["net_points"],
            row.values["total_points"],
        ) == (points[n], buchholz[n], net[n], total[n])


def test_sol_rates_are_the_last_tie_break() -> None:
    rates = [
        {"rating": 2, "player": 1, "date": "2025-02-01", "rate": 1400},
        {"rating": 2, "player": 1, "date": "2025-02-20", "rate": 1450},  # the latest
        {"rating": 2, "player": 2, "date": "2025-03-01", "rate": 1900},  # on the day: no
        {"rating": 1, "player": 3, "date": "2025-01-01", "rate": 1990},  # other rating
        {"rating": 2, "player": 4, "date": "2024-12-01", "rate": 1600},
    ]
    # all level on points, Buchholz, net and total: only the rates decide
    content = yaml.safe_dump_all(
        [lists(4, rates), tourney([[1], [2], [3], [4]], [m(1, 2, 9, 9), m(3, 4, 9, 9, table=2)])]
    ).encode()
    import_sol(content)
    (table,) = standings.event_standings(event())
    assert ranked(table.rows) == [
        "Gen04 Player",
        "Gen02 Player",
        "Gen03 Player",
        "Gen01 Player",
    ]  # 1600, 1500 (default) x2 by name, 1450
    assert [e.rating for e in Entry.objects.filter(event=event()).order_by("pk")] == [
        1450,
        1500,
        1500,
        1600,
    ]


def test_an_inheriting_rating_reads_the_lower_levels_and_a_pair_sums_its_rates() -> None:
    rates = [{"rating": 1, "player": 3, "date": "2025-01-01", "rate": 1990}]
    content = yaml.safe_dump_all(
        [lists(4, rates, level="2", inherit=True), tourney([[1, 2], [3, 4]], [m(1, 2, 9, 9)])]
    ).encode()
    import_sol(content)
    assert [e.rating for e in Entry.objects.filter(event=event()).order_by("pk")] == [
        3000,
        1990 + 1500,
    ]


def test_without_a_rating_no_rate_is_kept() -> None:
    content = yaml.safe_dump_all(
        [lists(2), tourney([[1], [2]], [m(1, 2, 9, 9)], rating=None)]
    ).encode()
    import_sol(content)
    assert [e.rating for e in Entry.objects.filter(event=event())] == [None, None]


def test_an_odd_round_robin_counts_the_bye_as_sol_does() -> None:
    # three players: each round one rests against SoL's phantom (a won match, phantom-0)
    content = yaml.safe_dump_all(
        [
            lists(3),
            tourney(
                [[1], [2], [3]],
                [
                    m(1, 2, 25, 10),
                    m(3, None, 0, 0, table=2),
                    m(1, 3, 5, 25, turn=2),
                    m(2, None, 0, 0, turn=2, table=2),
                    m(2, 3, 25, 24, turn=3),
                    m(1, None, 0, 0, turn=3, table=2),
                ],
                system="roundrobin",
                rating=None,
                phantom=12,
            ),
        ]
    ).encode()
    import_sol(content)
    (table,) = standings.event_standings(event())
    rows = {row.name: row.values for row in table.rows}
    assert {n: (v["score"], v["net_points"], v["total_points"]) for n, v in rows.items()} == {
        "Gen01 Player": (4, 15 - 20 + 12, 42),
        "Gen02 Player": (4, -15 + 1 + 12, 47),
        "Gen03 Player": (4, 20 - 1 + 12, 61),
    }
    assert ranked(table.rows) == ["Gen03 Player", "Gen01 Player", "Gen02 Player"]


def test_a_bye_recorded_with_another_score_counts_it_in_the_total_as_sol_does() -> None:
    # SoL adds the bye's recorded score to the total score and the phantom score to the net
    content = yaml.safe_dump_all(
        [
            lists(3),
            tourney(
                [[1], [2], [3]],
                [m(1, 2, 25, 0), m(3, None, 18, 0, table=2)],
                rating=None,
                phantom=25,
            ),
        ]
    ).encode()
    import_sol(content)
    (table,) = standings.event_standings(event())
    rows = {row.name: row.values for row in table.rows}
    assert (rows["Gen03 Player"]["net_points"], rows["Gen03 Player"]["total_points"]) == (25, 18)
    assert (rows["Gen01 Player"]["net_points"], rows["Gen01 Player"]["total_points"]) == (25, 25)
    # level on points, Buchholz (a bye adds 0) and net: the total decides, as SoL's
    assert ranked(table.rows) == ["Gen01 Player", "Gen03 Player", "Gen02 Player"]


def test_a_bye_in_an_event_of_this_app_counts_the_phantom_score_in_both() -> None:
    from scoring.draws.ranking import EUROPEAN, table
    from scoring.draws.types import MatchResult

    results = [MatchResult.won(1, 2, 1, 1, 0, 25, 10, False), MatchResult.for_bye(3, 18)]
    lines = {s.entry: s for s in table([1, 2, 3], results, EUROPEAN)}
    assert (lines[3].net_points, lines[3].total_points) == (25, 25)
    recorded = {
        s.entry: s for s in table([1, 2, 3], results, _replace(EUROPEAN, bye_total="recorded"))
    }
    assert (recorded[3].net_points, recorded[3].total_points) == (25, 18)


def _replace(rule, **changes):
    from dataclasses import replace

    return replace(rule, **changes)
