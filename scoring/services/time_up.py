"""Time is up: the round's time limit stops a match (a tournament rule; the ICF Laws set no
time limit on a game, rulebook ``time_up``).

The game in play ends as a ``time_up`` game: the leader wins it, level scores are a drawn game;
the match then ends: the side with more games won wins, equal games are a **draw** (1 point
each under the European ranking, docs/STANDINGS.md). A board in play is finished first (the
event's ``time_up_board`` setting ``"finish"``, the default) or left out (``"stop"``: the board
is not counted). Recorded by the umpire or the organiser; audited; the caches are rebuilt from
the log (:func:`scoring.services.matches.refresh_caches`).
"""

from __future__ import annotations

from django.db import transaction

from scoring.models import Board, Game, Match
from scoring.rules import variant_for
from scoring.rules.game import first_breaker_of_game
from scoring.services.matches import (
    Actor,
    MatchError,
    MatchSnapshot,
    audit_match,
    check_write,
    lock_match,
    match_snapshot,
    refresh_caches,
)

#: What happens to a board in play when time is up (``Event.settings["time_up_board"]``).
BOARD_RULES = ("finish", "stop")


def record_time_up(
    *, match: Match, actor: Actor, expected_revision: int | None = None
) -> MatchSnapshot:
    """Stop ``match`` by the round's time limit (see the module docstring).

    :raises MatchError: ``time_up_points`` (point carrom has no time-up rule here),
        ``toss_missing``, ``match_finished``, ``board_in_play`` (finish the board first);
        ``StaleMatch``/``MatchLocked`` as every write.
    """
    with transaction.atomic():
        match = lock_match(match.pk)
        check_write(match, expected_revision=expected_revision, actor=actor)
        if not variant_for(match.rules).time_limit:
            raise MatchError("time_up_points", "point carrom has no time-up rule")
        if match.bye or match.walkover or match.entry_a_id is None or match.entry_b_id is None:
            raise MatchError("match_finished", "the match has ended")
        if not match.toss_winner or not match.toss_choice:
            raise MatchError("toss_missing", "record the toss first (ICF 40)")
        snapshot = match_snapshot(match)
        if snapshot.finished:
            raise MatchError("match_finished", "the match has ended")
        board_rule = (match.event.settings or {}).get("time_up_board", "finish")
        current = snapshot.current
        in_play = (
            current is not None
            and current.board is not None
            and current.board.kind == Board.Kind.LOG
            and not current.board.finished
        )
        if in_play and board_rule != "stop":
            raise MatchError(
                "board_in_play", "finish the board in play; then the game ends by time"
            )
        game = snapshot.games[-1] if snapshot.games else None
        if game is None or (
            game.finished and current is not None and current.game_number > game.number
        ):
            number = game.number + 1 if game else 1
            game = Game.objects.create(
                match=match,
                number=number,
                first_breaker=first_breaker_of_game(
                    number, ("a", "b"), match.toss_winner, match.toss_choice
                ),
            )
        Game.objects.filter(pk=game.pk).update(time_up=True)
        fresh = refresh_caches(match, bump={})
        audit_match(
            match,
            actor=actor,
            action="time_up",
            detail={
                "game": game.number,
                "board_in_play": in_play,
                "winner_side": match.winner_side,
                "draw": match.draw,
                "games_won": match.games_won,
            },
        )
        return fresh
