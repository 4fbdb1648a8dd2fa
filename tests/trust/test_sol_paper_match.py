"""A SoL match played in memory (issue 31's bulk import, ``scoring.services.sol.bulk``) is held
to the rules as the match services hold a match: the toss first (ICF 40), a board the rules
refuse is refused (ICF 53), nothing after the match's end, a recorded score alone in its game,
and the round's time limit decides a level game as a draw; nothing is written until
``write_matches``."""

from __future__ import annotations

import pytest

from scoring.models import Board, Game, Match, Round
from scoring.services.matches import Actor, MatchError
from scoring.services.sol.bulk import PaperMatch, write_matches
from tests.factories import make_match

pytestmark = pytest.mark.django_db
IMPORT = Actor(via="import", device="SoL import test")


def paper() -> PaperMatch:
    saved = make_match()
    match = Match(
        event=saved.event,
        round=saved.round,
        number=2,
        entry_a=saved.entry_a,
        entry_b=saved.entry_b,
        rules="icf",
        stage=Round.Stage.LATE,
        games_to_win=1,
        status=Match.Status.READY,
    )
    return PaperMatch(match, saved.event.tournament, IMPORT)


def test_no_board_before_the_toss_and_none_after_the_end() -> None:
    plan = paper()
    with pytest.raises(MatchError) as refused:
        plan.quick_board(winner="a", points=12, law="SoL result")
    assert refused.value.code == "toss_missing"
    plan.toss("a", "break")
    for points in (12, 12, 1):
        plan.quick_board(winner="a", points=points, law="SoL result")
    assert plan.snapshot.finished and plan.match.winner_side == "a"
    assert plan.match.status == Match.Status.FINISHED
    assert plan.games[0].scores == {"a": 25, "b": 0} and plan.games[0].finished
    with pytest.raises(MatchError) as refused:
        plan.quick_board(winner="b", points=3, law="SoL result")
    assert refused.value.code == "match_finished"
    assert Board.objects.count() == 0  # nothing written yet


def test_a_board_the_rules_refuse_is_refused() -> None:
    plan = paper()
    plan.toss("b", "break")
    with pytest.raises(MatchError) as refused:
        plan.quick_board(winner="a", carrommen=10, queen="")  # 9 carrommen a colour
    assert refused.value.code == "bad_carrommen"
    plan.quick_board(winner="a", carrommen=3, queen="a")
    with pytest.raises(MatchError) as refused:
        plan.recorded_game({"a": 25, "b": 25}, "SoL result")
    assert refused.value.code == "recorded_not_alone"
    assert len(plan.boards[plan.games[0].pk]) == 1


def test_time_up_at_a_level_score_is_a_draw_and_everything_is_written_once() -> None:
    plan = paper()
    plan.toss("a", "break")
    plan.quick_board(winner="b", points=10, law="SoL result")
    plan.quick_board(winner="a", points=10, law="SoL result")
    assert not plan.snapshot.finished
    plan.time_up()
    assert plan.match.draw and plan.games[-1].time_up
    assert [row.action for row, _board in plan.audits] == [
        "toss",
        "quick_board",
        "quick_board",
        "time_up",
    ]
    write_matches([plan])
    stored = Match.objects.get(pk=plan.match.pk)
    assert stored.draw and stored.status == Match.Status.FINISHED
    (game,) = Game.objects.filter(match=stored)
    assert game.scores == {"a": 10, "b": 10} and game.time_up
    boards = list(Board.objects.filter(game=game).order_by("sequence"))
    assert [(b.summary_winner, b.award_points, b.breaker) for b in boards] == [
        ("b", 10, "a"),
        ("a", 10, "b"),
    ]
    quick = stored.audit_entries.filter(action="quick_board").order_by("pk")
    assert [row.detail["board"] for row in quick] == [b.pk for b in boards]
