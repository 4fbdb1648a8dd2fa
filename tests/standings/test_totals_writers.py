"""Every writer of a match writes its cached totals (issue 17): the standings read nothing
else, so after each writer here the cache of every match equals the totals of its games
(:func:`scoring.standings.results.match_totals`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scoring.models import Game, Match
from scoring.services import draws
from scoring.services.sol import import_sol
from scoring.services.time_up import record_time_up
from scoring.standings.results import TOTAL_COLUMNS, match_totals
from tests.live import factories as f
from tests.trust.test_sol_generated import archive, m

pytestmark = pytest.mark.django_db

NORDSTADT = Path(__file__).parents[1] / "trust" / "data" / "nordstadt.sol"


def stale(matches) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """(match, cache, totals of its games) of every match whose cache is wrong."""
    games: dict[int, list] = {}
    for match_id, winner, scores in Game.objects.filter(match__in=matches).values_list(
        "match_id", "winner_side", "scores"
    ):
        games.setdefault(match_id, []).append((winner, scores))
    out = []
    for pk, *cache in matches.values_list("pk", *TOTAL_COLUMNS):
        truth = tuple(match_totals(games.get(pk, [])).values())
        if tuple(cache) != truth:
            out.append((pk, tuple(cache), truth))
    return out


def test_a_sol_import_writes_the_totals_of_every_match() -> None:
    import_sol(NORDSTADT.read_bytes(), file_name=NORDSTADT.name)
    imported = Match.objects.all()
    assert imported.filter(games__isnull=False).exists()
    # a bye has no games: its points hold SoL's recorded score of the bye (issue 31)
    assert stale(imported.exclude(bye=True)) == []


def test_a_sol_bye_time_limit_and_draw_keep_their_totals() -> None:
    import_sol(
        archive(
            matches=[m(1, 2, 11, 3), m(3, 4, 7, 7, table=2), m(5, None, 0, 0, table=3)], phantom=1
        )
    )
    assert stale(Match.objects.exclude(bye=True)) == []
    # the bye: no games; its points are the score SoL recorded on it (none: the phantom's)
    bye = Match.objects.get(bye=True)
    assert (bye.games.count(), bye.points_a, bye.points_b) == (0, 1, 0)
    level = Match.objects.get(number=2)
    assert (level.points_a, level.points_b) == (7, 7)


def test_draws_byes_walkovers_and_time_up_keep_the_totals() -> None:
    e, entries = f.event(f.tournament(), format="swiss", entries=5)
    (rnd,) = draws.draw_event(event=e, actor=f.SYSTEM, random_seed=3)
    played = list(Match.objects.filter(round=rnd, bye=False).order_by("number"))
    f.win_match(played[0], "b")
    draws.record_walkover(match=played[1], absent="a", actor=f.SYSTEM)
    assert stale(Match.objects.filter(event=e)) == []
    timed = f.match(e, entries[0], entries[1], number=99)
    f.toss(timed)
    f.quick(timed, "a", carrommen=4)
    record_time_up(match=timed, actor=f.SYSTEM)
    timed.refresh_from_db()
    assert timed.games_a == 1 and timed.points_a > timed.points_b
    assert stale(Match.objects.filter(event=e)) == []
