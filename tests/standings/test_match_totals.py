"""The match's cached totals over its games (issue 17): written with the games' caches, made
again on import, and the only totals the standings read (no sum of the games behind them)."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps as global_apps
from django.db import IntegrityError, transaction

from scoring.models import Game, Match
from scoring.services.backup import export_tournament, import_tournament
from scoring.services.matches import refresh_caches
from scoring.standings.results import decided_results, event_results, match_totals
from tests.live import factories as f

pytestmark = pytest.mark.django_db


def _totals(m: Match) -> tuple[int | None, ...]:
    m.refresh_from_db()
    return (m.games_a, m.games_b, m.points_a, m.points_b)


def _from_games(m: Match) -> tuple[int, ...]:
    games = Game.objects.filter(match=m).values_list("winner_side", "scores")
    return tuple(match_totals(games).values())


def _swiss() -> tuple:
    e, entries = f.event(f.tournament(), format="swiss", entries=4)
    return e, entries


def test_match_totals_counts_games_and_sums_points() -> None:
    assert match_totals(
        [("a", {"a": 25, "b": 3}), ("b", {"a": 7, "b": 25}), ("a", {"a": 25, "b": 0}), ("", {})]
    ) == {"games_a": 2, "games_b": 1, "points_a": 57, "points_b": 28}
    assert match_totals([]) == {"games_a": 0, "games_b": 0, "points_a": 0, "points_b": 0}


def test_recorded_boards_keep_the_totals_of_the_games() -> None:
    e, (a, b, c, d) = _swiss()
    m = f.match(e, a, b)
    f.toss(m)
    f.quick(m, "a", carrommen=5)
    assert _totals(m) == _from_games(m) != (0, 0, 0, 0)
    f.win_match(m, "b")
    assert _totals(m) == _from_games(m)
    assert m.games_b == 2


def test_standings_read_the_totals_like_the_games() -> None:
    e, (a, b, c, d) = _swiss()
    first, second = f.match(e, a, b, number=1), f.match(e, c, d, number=2)
    f.win_match(first, "a")
    f.finished_rows(second, "b", scores=((10, 25), (25, 20), (3, 25)))
    fast = decided_results(e)
    assert [(r.games_a, r.games_b, r.points_a, r.points_b) for r in fast[0]] == [
        _from_games(first),
        _from_games(second),
    ]
    won = {r.a: r for r in fast[0]}
    assert (won[c.pk].games_a, won[c.pk].games_b) == (1, 2)
    assert (won[c.pk].points_a, won[c.pk].points_b) == (38, 70)
    assert [r for _row, r in event_results(e) if r is not None] == fast[0]


def test_the_standings_read_only_the_cache_and_a_rebuild_mends_it() -> None:
    """No second way to the totals: a stale cache is what every reader shows (nothing sums
    the games behind it) until the rebuild from the log writes it again."""
    e, (a, b, c, d) = _swiss()
    m = f.match(e, a, b)
    f.win_match(m, "a")  # boards in the log
    played = _totals(m)
    assert played == _from_games(m)
    Match.objects.filter(pk=m.pk).update(games_a=2, games_b=0, points_a=7, points_b=3)
    (result,), _confirmed, last = decided_results(e)
    assert (result.games_a, result.points_a, result.points_b, last) == (2, 7, 3, 1)
    assert [r for _row, r in event_results(e)] == [result]
    refresh_caches(m)
    (result,), _confirmed, _last = decided_results(e)
    assert (result.games_a, result.games_b, result.points_a, result.points_b) == played


def test_a_match_cannot_be_stored_without_its_totals() -> None:
    """The totals are required (0 for a match without games, the default): a writer that
    leaves them empty fails at once instead of leaving the standings a gap."""
    e, (a, b, c, d) = _swiss()
    m = f.match(e, a, b)
    assert _totals(m) == (0, 0, 0, 0)
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.filter(pk=m.pk).update(points_a=None)


def test_a_restored_tournament_has_the_totals_of_its_games() -> None:
    e, (a, b, c, d) = _swiss()
    m = f.finished_rows(f.match(e, a, b), "b", scores=((25, 4), (11, 25), (2, 25)))
    document = export_tournament(e.tournament)
    # the factory writes results without boards, which the import's check would refuse
    report = import_tournament(document, slug="lakeside-copy", allow_replay_differences=True)
    assert any("by its games" in w for w in report.warnings)
    copy = Match.objects.get(event__tournament=report.tournament)
    assert _totals(copy) == _totals(m) == (1, 2, 38, 54)


def test_the_migration_fills_the_totals_from_the_games() -> None:
    e, (a, b, c, d) = _swiss()
    m = f.finished_rows(f.match(e, a, b), "a", scores=((25, 4), (25, 9)))
    empty = f.match(e, c, d, number=2)
    Match.objects.update(games_a=9, games_b=9, points_a=99, points_b=99)  # stale
    migration = importlib.import_module("scoring.migrations.0011_swiss_match_totals")
    migration.fill_totals(global_apps, None)
    assert _totals(m) == (2, 0, 50, 13)
    assert _totals(empty) == (0, 0, 0, 0)


def test_a_point_carrom_match_keeps_the_totals_of_its_game() -> None:
    """Three players at a table: the totals of sides a and b are their points of the game
    (side c has none in the a/b totals), written as each board is recorded."""
    import datetime

    from scoring.models import Entry, Event, Player, Tournament
    from scoring.services.tournaments import create_event
    from tests.live.point_flow import BOARD_ONE, BOARD_TWO, play, toss

    t = Tournament.objects.create(
        slug="pts",
        name="Point Open",
        start_date=datetime.date(2026, 12, 5),
        end_date=datetime.date(2026, 12, 5),
    )
    event: Event = create_event(
        tournament=t,
        name="Point carrom",
        actor=f.SYSTEM,
        kind="points",
        format="single_match",
        rules="point-carrom",
        games_to_win=1,
    )
    e = [
        Entry.objects.create(event=event, player=Player.objects.create(name=f"P {n}"))
        for n in range(3)
    ]
    m = Match.objects.create(
        event=event,
        number=1,
        entry_a=e[0],
        entry_b=e[1],
        entry_c=e[2],
        rules="point-carrom",
        games_to_win=1,
        status=Match.Status.READY,
    )
    play(toss(m), BOARD_ONE)
    assert _totals(m) == _from_games(m)
    play(m, BOARD_TWO)  # A 25, B 8, C 7
    assert _totals(m) == _from_games(m) == (1, 0, 25, 8)


_STATUSES = ("ready", "playing", "finished", "confirmed")


def test_the_narrow_read_is_the_general_definition_for_every_kind_of_row() -> None:
    """:func:`decided_results` reads a match as integers (its flags summed in SQL) and makes
    the common won match on a short path: over every combination of winner side, bye,
    walkover, draw and status (a bye with one entry, on either side) it gives what
    :func:`result_of` gives for the full row, in the same order, with the same "all
    confirmed" and last number."""
    e, (a, b, c, d) = _swiss()
    number = 0
    for side in ("", "a", "b"):
        for bye in (False, True):
            for walkover in (False, True):
                for drawn in (False, True):
                    for status in _STATUSES:
                        number += 1
                        one, other = (
                            (a, None) if bye and number % 2 else (None, b) if bye else (c, d)
                        )
                        f.match(
                            e,
                            one,
                            other,
                            number=number,
                            status=status,
                            bye=bye,
                            walkover=walkover,
                            draw=drawn,
                            winner_side=side,
                            games_a=number % 3,
                            games_b=1,
                            points_a=number,
                            points_b=7,
                        )
    expected = [r for _row, r in event_results(e) if r is not None]
    results, all_confirmed, last = decided_results(e)
    assert results == expected and len(expected) > 20
    assert [type(r) for r in results] == [type(r) for r in expected]
    assert (all_confirmed, last) == (False, number)
    Match.objects.filter(event=e).update(status="confirmed")
    assert decided_results(e)[1] is True
    assert decided_results(e)[0] == [r for _row, r in event_results(e) if r is not None]
