"""``manage.py replay_boards``: the caches rebuilt from the log (the log is the only truth),
``--check`` names stale caches and changes nothing."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.models import Game, Match
from tests.factories import make_match, play

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("replay_boards", *args, stdout=out)
    return out.getvalue()


def test_fresh_caches_are_what_the_log_gives():
    match = play(make_match(), winner="b")
    assert "1 matches replayed; 0 differ from the log" in run("--check")
    assert "0 were rebuilt from the log" in run(match.event.tournament.slug)


def test_a_stale_cache_is_named_by_check_and_repaired_by_the_replay():
    match = play(make_match(), winner="b")
    other = play(make_match(), winner="a")
    game = Game.objects.filter(match=match).order_by("number").first()
    Match.objects.filter(pk=match.pk).update(winner_side="a", games_a=2, games_b=0)
    Game.objects.filter(pk=game.pk).update(scores={"a": 25, "b": 0}, winner_side="a")

    with pytest.raises(CommandError, match="1 matches have stale caches"):
        run("--check")
    match.refresh_from_db()
    assert (match.winner_side, match.games_a) == ("a", 2)  # --check changed nothing

    out = run("test-open")
    assert f"match {match.pk}: cached results differed from the log" in out
    assert f"match {other.pk}:" not in out
    match.refresh_from_db()
    game.refresh_from_db()
    assert (match.winner_side, match.games_a, match.games_b) == ("b", 0, 2)
    assert game.winner_side == "b" and game.scores["b"] > game.scores["a"]
    assert "0 differ from the log" in run("--check")


def test_an_unknown_tournament_is_refused():
    with pytest.raises(CommandError, match="no tournament"):
        run("no-such-open")
