"""The toss (ICF 40), point carrom's first breaker drawn by lot, and the seating of doubles (ICF
49(b)).
"""

from __future__ import annotations

from django.db import transaction

from scoring.models import Board, Game, Match
from scoring.records import MatchSnapshot, match_snapshot
from scoring.rules import first_breaker_of_game, variant_for
from scoring.services.matches.base import (
    Actor,
    MatchError,
    audit_match,
    bump_revision,
    check_write,
    lock_match,
)


def record_toss(
    *, match: Match, winner: str, choice: str, actor: Actor, expected_revision: int | None = None
) -> MatchSnapshot:
    """ICF 40: who won the toss and whether he chose the break or the side. Point carrom:
    the player drawn by lot to break the first board (``choice`` "break")."""
    if variant_for(match.rules).toss_by_lot:
        if winner not in match.sides or choice != "break":
            raise MatchError("bad_toss", "the draw names the player who breaks first")
    elif winner not in ("a", "b") or choice not in ("break", "side"):
        raise MatchError("bad_toss", "the toss needs a winner (A or B) and break or side")
    with transaction.atomic():
        match = lock_match(match.pk)
        check_write(match, expected_revision=expected_revision, actor=actor)
        if Board.objects.filter(game__match=match, void=False).exists():
            raise MatchError("toss_after_start", "the match has started; the toss is fixed")
        before = {"winner": match.toss_winner, "choice": match.toss_choice}
        # a match void to be played again (every board withdrawn, issue 30): its kept games
        # are broken first as the new toss says (ICF 40, 43)
        for game in Game.objects.filter(match=match):
            first = first_breaker_of_game(game.number, ("a", "b"), winner, choice)
            if game.first_breaker != first and not variant_for(match.rules).toss_by_lot:
                Game.objects.filter(pk=game.pk).update(first_breaker=first)
        bump_revision(match, toss_winner=winner, toss_choice=choice)
        audit_match(
            match,
            actor=actor,
            action="toss",
            detail={"before": before, "after": {"winner": winner, "choice": choice}},
        )
        return match_snapshot(match)


def draw_first_breaker(
    *, match: Match, actor: Actor, expected_revision: int | None = None
) -> MatchSnapshot:
    """Point carrom: draw the first player by lot among the players (seed 003 "nach dem
    Zufallsprinzip"; a toss among three, ICF 40 by interpretation) and record it as the toss."""
    import secrets

    winner = secrets.choice(list(match.sides))
    return record_toss(
        match=match, winner=winner, choice="break", actor=actor, expected_revision=expected_revision
    )


def record_seating(
    *, match: Match, seating: list[int], actor: Actor, expected_revision: int | None = None
) -> MatchSnapshot:
    """The players around the board in turn order (doubles: the four players, ICF 49(b))."""
    with transaction.atomic():
        match = lock_match(match.pk)
        check_write(match, expected_revision=expected_revision, actor=actor)
        allowed = {p.pk for side in match.sides if (e := match.entry_for(side)) for p in e.players}
        if sorted(seating) != sorted(allowed) or len(set(seating)) != len(seating):
            raise MatchError("bad_seating", "seat every player of the match exactly once")
        before = list(match.seating)
        bump_revision(match, seating=list(seating))
        audit_match(
            match, actor=actor, action="seating", detail={"before": before, "after": list(seating)}
        )
        return match_snapshot(match)
