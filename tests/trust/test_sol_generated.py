"""SoL archives generated here (fictional players), one point of issue 18 each: a
time-limited Swiss round, draws, a bye with phantom score 1, final rounds, a round robin, an
inconsistent board row, 25–25, a .zip backup; and the European ranking of the result."""

from __future__ import annotations

import io
import zipfile

import pytest
import yaml

from scoring import standings
from scoring.models import Event, Match, Player, Round
from scoring.services.sol import SolError, import_sol

pytestmark = pytest.mark.django_db


def archive(
    system: str = "swiss",
    matches: list[dict] | None = None,
    players: int = 5,
    phantom: int | None = None,
    guid: str = "g1",
) -> bytes:
    lists = {
        "players": [
            {"guid": f"p{n}", "firstname": f"Gen{n}", "lastname": "Player", "nationality": "DEU"}
            for n in range(1, players + 1)
        ],
        "clubs": [],
        "championships": [{"description": "Generated Cup"}],
    }
    tourney = {
        "guid": guid,
        "description": f"Generated {system}",
        "date": "2025-03-01",
        "championship": 1,
        "system": system,
        "competitors": [
            {"players": [n], "position": n, "rate": 1500 + 10 * n} for n in range(1, players + 1)
        ],
        "matches": matches or [],
    }
    if phantom is not None:
        tourney["phantomscore"] = phantom
    return yaml.safe_dump_all([lists, tourney], allow_unicode=True).encode()


def m(a, b, s1, s2, turn=1, table=1, **extra):
    return {
        "competitor1": a,
        "competitor2": b,
        "score1": s1,
        "score2": s2,
        "turn": turn,
        "board": table,
        **extra,
    }


def event() -> Event:
    return Event.objects.order_by("-pk").first()


def test_time_limited_round_draws_and_a_bye_worth_the_phantom_score() -> None:
    report = import_sol(
        archive(
            matches=[
                m(1, 2, 11, 3),
                m(3, 4, 7, 7, table=2),
                m(5, None, 0, 0, table=3),
                m(1, 3, 25, 4, turn=2),
                m(2, 5, 9, 9, turn=2, table=2),
                m(4, None, 0, 0, turn=2, table=3),
            ],
            phantom=1,
        )
    )
    e = event()
    assert e.settings == {
        "ranking": "european",
        "bye_points": 1,
        "ratings": "entry",
        "bye_total": "recorded",
    }
    stopped = Match.objects.get(event=e, number=1)
    assert stopped.winner_side == "a" and stopped.games.get().time_up
    level = Match.objects.get(event=e, number=2)
    assert level.draw and level.games.get().scores == {"a": 7, "b": 7}
    assert any("stopped by time, 7–7 (draw)" in k for k in report.kept)
    (table,) = standings.event_standings(e)
    rows = {row.name: row.values for row in table.rows}
    assert rows["Gen1 Player"]["score"] == 4  # two wins
    assert rows["Gen3 Player"]["score"] == 1 and rows["Gen3 Player"]["draws"] == 1
    # the bye: a win, 1–0 (phantom score 1), adding 0 to the Buchholz
    assert rows["Gen5 Player"]["score"] == 3 and rows["Gen5 Player"]["total_points"] == 1 + 9
    assert rows["Gen5 Player"]["buchholz"] == rows["Gen2 Player"]["score"]
    assert Player.objects.get(name="Gen5 Player").rating == 1550  # SoL's rating kept
    assert table.rule == "european"


def test_final_rounds_are_a_final_stage_not_swiss_rounds() -> None:
    import_sol(
        archive(
            players=4,
            matches=[
                m(1, 2, 25, 3),
                m(3, 4, 25, 5, table=2),
                m(1, 3, 25, 20, turn=2, final=True),
            ],
        )
    )
    e = event()
    final = Match.objects.get(event=e, number=3)
    assert final.round.bracket == Round.Bracket.FINAL
    (table,) = standings.event_standings(e)
    # the final is not in the Swiss table: everybody played one Swiss match
    assert {row.values["played"] for row in table.rows} == {1}


def test_a_round_robin_gets_its_table() -> None:
    import_sol(
        archive(
            "roundrobin",
            players=3,
            matches=[m(1, 2, 25, 0), m(2, 3, 25, 1, turn=2), m(1, 3, 10, 25, turn=3)],
        )
    )
    e = event()
    assert e.format == Event.Format.GROUPS
    (table,) = standings.event_standings(e)
    assert table.group == "A" and len(table.rows) == 3
    assert sorted(row.values["score"] for row in table.rows) == [2, 2, 2]


def test_inconsistent_board_rows_lose_to_the_score_and_25_25_is_kept() -> None:
    report = import_sol(
        archive(
            players=4,
            matches=[
                m(
                    1,
                    2,
                    15,
                    22,
                    boards=[
                        {"number": 1, "coins1": 9, "coins2": 0},
                        {"number": 2, "coins1": 0, "coins2": 8},
                    ],
                ),
                m(3, 4, 25, 25, table=2),
            ],
        )
    )
    e = event()
    wrong = Match.objects.get(event=e, number=1)
    assert wrong.games.get().scores == {"a": 15, "b": 22} and wrong.winner_side == "b"
    assert "board rows give" in wrong.needs_review
    level = Match.objects.get(event=e, number=2)
    # kept as SoL recorded it: a draw at 25–25, not flagged, listed as kept
    assert level.draw and not level.needs_review and level.winner_side == ""
    assert level.games.get().scores == {"a": 25, "b": 25}
    assert level.games.get().finished and not level.games.get().time_up
    assert len(report.flagged) == 1
    assert any("25–25 kept as SoL recorded it (draw)" in k for k in report.kept)
    assert not any("25–25" in w for w in report.warnings)
    (table,) = standings.event_standings(e)
    rows = {row.name: row.values for row in table.rows}
    for name in ("Gen3 Player", "Gen4 Player"):  # 1 point each, 25 scored each
        assert rows[name]["score"] == 1 and rows[name]["draws"] == 1
        assert rows[name]["total_points"] == 25


def test_a_zip_backup_is_read_member_by_member() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr("everything.sol", archive(players=2, matches=[m(1, 2, 25, 3)]))
        z.writestr("readme.txt", "not an archive")
        z.writestr("old/other.sol", archive(players=2, matches=[m(2, 1, 25, 1)], guid="g2"))
    report = import_sol(buffer.getvalue(), file_name="backup.zip")
    assert len(report.tournaments) == 2
    empty = io.BytesIO()
    with zipfile.ZipFile(empty, "w") as z:
        z.writestr("readme.txt", "nothing")
    with pytest.raises(SolError, match="no .sol"):
        import_sol(empty.getvalue())


def test_finalists_are_placed_by_their_finals_the_rest_by_the_swiss_table() -> None:
    from scoring.standings.placings import event_placings

    # Swiss: 1 and 3 win twice, 2 and 4 split; the finals: 3 beats 1 (1st v 2nd), and 4
    # beats 2 for third place; 5 and 6 keep their Swiss places
    import_sol(
        archive(
            players=6,
            matches=[
                m(1, 2, 25, 3),
                m(3, 4, 25, 5, table=2),
                m(5, 6, 25, 9, table=3),
                m(1, 5, 25, 4, turn=2),
                m(3, 6, 25, 6, turn=2, table=2),
                m(2, 4, 25, 7, turn=2, table=3),
                m(1, 3, 10, 25, turn=3, final=True),
                m(2, 4, 12, 25, turn=3, table=2, final=True),
            ],
        )
    )
    e = event()
    (table,) = standings.event_standings(e)
    swiss = [row.name for row in table.rows]
    assert swiss[:2] == ["Gen1 Player", "Gen3 Player"]  # 50-7 ahead of 50-11
    placings = event_placings(e)
    assert [p.place for p in placings] == [1, 2, 3, 4, 5, 6]
    names = [p.entry.name for p in placings]
    assert names[:2] == ["Gen3 Player", "Gen1 Player"]  # the final's winner first
    # the other pair holds the Swiss places of its two entries; 4 won, so 4 takes the better
    two, four = swiss.index("Gen2 Player"), swiss.index("Gen4 Player")
    assert names[min(two, four)] == "Gen4 Player" and names[max(two, four)] == "Gen2 Player"
    rest = [n for n in range(6) if n not in (0, 1, two, four)]
    assert [names[n] for n in rest] == [swiss[n] for n in rest]  # the others: Swiss table


def test_finals_order_places_each_pair_of_finalists_by_their_wins() -> None:
    from scoring.standings.placings import finals_order

    swiss = [11, 12, 13, 14, 15]
    # a best of three of 1st v 2nd: 12 wins two of three; 3rd v 4th level: Swiss order kept
    assert finals_order(
        swiss, [(11, 12, "b"), (11, 12, "a"), (12, 11, "a"), (13, 14, "a"), (14, 13, "a")]
    ) == [12, 11, 13, 14, 15]
    # semi-finals 1v4 and 2v3, then the final and the third-place match, in order played
    assert finals_order(
        swiss[:4], [(11, 14, "b"), (12, 13, "a"), (14, 12, "a"), (11, 13, "b")]
    ) == [14, 12, 13, 11]
    assert finals_order(swiss, []) == swiss


def test_nine_board_rows_that_add_up_are_kept_as_boards() -> None:
    # 12, 3, 9, 8, 1, 2 for A/B as below: 23–25 after nine boards (no 8-board limit: the
    # import plays every match as a late round, DCV 56(c))
    rows = [
        {"number": 1, "coins2": 9, "queen": "2"},
        {"number": 2, "coins1": 3},
        {"number": 3, "coins1": 6, "queen": "1"},
        {"number": 4, "coins1": 8},
        {"number": 5, "coins1": 1},
        {"number": 6, "coins1": 2},
        {"number": 7, "coins2": 3, "queen": "2"},
        {"number": 8, "coins2": 4},
        {"number": 9, "coins2": 4},
    ]
    report = import_sol(archive(players=2, matches=[m(1, 2, 23, 25, boards=rows)]))
    match = Match.objects.get(event=event(), number=1)
    assert not match.needs_review and not report.flagged
    assert match.games.get().scores == {"a": 23, "b": 25} and match.winner_side == "b"
    assert match.games.get().boards.count() == 9


def test_an_unfinished_turn_is_ranked_as_sol_ranks_it() -> None:
    # SoL 5.26 (run on crafted tourneys, bench/sol_ranking.py) ranks only complete turns: a
    # turn with a match still 0–0 is not ranked, its bye neither ("Test", 2014, in SoL's
    # 499-tourney archive); the European table counts complete rounds only, as SoL does, and
    # the report has nothing to say of it
    report = import_sol(
        archive(
            players=5,
            matches=[
                m(1, 2, 20, 5),
                m(3, 4, 10, 12, table=2),
                m(5, None, 1, 0, table=3),
                m(1, 4, 0, 0, turn=2),
                m(5, 3, 15, 2, turn=2, table=2),
                m(2, None, 1, 0, turn=2, table=3),
            ],
            phantom=1,
        )
    )
    assert not [w for w in report.warnings if "without a result" in w]
    (table,) = standings.event_standings(event())
    rows = {row.name: row.values for row in table.rows}
    # after turn 1 only: Gen5's turn-2 win and Gen2's turn-2 bye do not count yet
    assert {name: values["played"] for name, values in rows.items()} == dict.fromkeys(rows, 1)
    assert rows["Gen5 Player"]["total_points"] == 1 and rows["Gen2 Player"]["score"] == 0
    assert table.rounds is not None
    assert (table.rounds.after, table.rounds.in_play) == (1, 2)
    assert (table.rounds.decided, table.rounds.matches) == (1, 2)
    assert table.progress == ("Standings after round 1 — round 2 in play: 1 of 2 matches decided")
