"""A game or a whole match decided by an umpire's decision, entered by the organiser (issue 14).

The umpire (or the jury) may decide a game or the match against a player, e.g. for
misconduct (IT 107: loss of the whole match; the laws in ``docs/CORRECTIONS.md``). The
organiser enters the decision on a finished or confirmed match with the law and the reason.
It is new rows only, nothing is deleted (the board log is the only truth):

- every board of a decided game that counted is withdrawn: a paper board by an ``undo`` row
  (as the tablet's undo of a paper board), a stroke-logged board by ``undo`` rows retracting
  its events and a ``void`` event after them (the void board counts nothing, IT 101);
- the game is then given to the decided side by award boards with the law (12 + 12 + 1 for a
  game of 25 points: ICF 55's board maximum), as the sheet would show an awarded game:
  25–0 for the side it is given to, like a walkover or a bye (documented in CORRECTIONS.md).

A match decision gives the side the games it needs, from the last game backwards (the side
must win the match's last game, and with it exactly the games a match needs), so the
match keeps its games and ends where it ended. :func:`preview_decision` shows what changes
downstream (as :func:`scoring.services.corrections.preview_correction`);
:func:`decide` saves it with the same repairs, audited as ``decision`` (who, when, the law,
the reason). Replaying the match (``rebuild_match``) gives the same state as award boards
entered by hand the first time.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from scoring.models import Board, BoardEvent, Event, Game, Match
from scoring.records import other_side
from scoring.rules import get_rules, variant_for
from scoring.services.corrections import (
    CorrectionError,
    Downstream,
    LogFix,
    check_reason,
    downstream_of,
    event_ranks,
    fix_log,
    log_row,
    rolled_back,
    save_repair,
    still_decided,
)
from scoring.services.matches import (
    Actor,
    check_write,
    live_events,
    lock_match,
)

#: A law as the rulebook cites it: "ICF 51", "IT 107", "IT 90(b)", "DCV 56(c)".
LAW = re.compile(r"^(ICF|IT|DCV) \d{1,3}(\([a-z]\))?$")

#: Laws offered on the page (the rulebook, ../shared/rules/LAWS.md §2.12).
LAWS = ("IT 107", "ICF 51", "ICF 91", "IT 86", "IT 90(b)")


@dataclass(frozen=True)
class Decision:
    """An umpire's decision: ``game`` (its number) given to ``side``, or the whole match when
    ``game`` is None; ``law`` is the law it rests on."""

    side: str
    law: str
    game: int | None = None


def _check(match: Match, decision: Decision) -> None:
    if not variant_for(match.rules).game_decisions:
        raise CorrectionError("decision_points", "point carrom has no game decisions")
    if decision.side not in ("a", "b"):
        raise CorrectionError("bad_winner", "the winner must be A or B")
    if not LAW.match(decision.law or ""):
        raise CorrectionError("decision_law", "cite the law, e.g. IT 107")


def withdraw_board(match: Match, *, board: Board, actor: Actor, client_id: uuid.UUID) -> None:
    """The board no longer counts: new rows only."""
    if board.void or (
        board.kind == Board.Kind.LOG and not live_events(list(board.events.order_by("seq")))
    ):
        return  # counts nothing already
    if board.kind == Board.Kind.LOG:
        fix_log(
            match,
            board=board,
            fix=LogFix(keep=0, events=({"type": "void"},)),
            actor=actor,
            client_id=client_id,
        )
        return
    log_row(
        actor,
        board=board,
        client_id=client_id,
        type=BoardEvent.Type.UNDO,
        payload={"type": "undo", "withdraws": "board", "decision": True},
    )
    Board.objects.filter(pk=board.pk).update(last_seq=board.last_seq, void=True)


def award_game(
    match: Match, *, game: Game, side: str, law: str, actor: Actor, client_id: uuid.UUID
) -> None:
    """Withdraw the game's boards and give it to ``side`` by award boards (``law``)."""
    rules = get_rules(match.rules)
    boards = list(game.boards.order_by("sequence"))
    for n, board in enumerate(boards):
        withdraw_board(
            match,
            board=board,
            actor=actor,
            client_id=uuid.uuid5(client_id, f"withdraw-{game.number}-{n}"),
        )
    # every counted board is void now: the game's first breaker breaks again (IT 101)
    breaker = game.first_breaker
    left, sequence = rules.game_points, len(boards)
    while left > 0:
        points = min(rules.board_max, left)
        sequence += 1
        Board.objects.create(
            game=game,
            sequence=sequence,
            kind=Board.Kind.AWARD,
            breaker=breaker,
            rules=match.rules,
            summary_winner=side,
            award_points=points,
            award_law=law,
        )
        breaker = other_side(breaker)  # the break alternates (ICF 43)
        left -= points


def _games_to_give(games: list[Game], side: str, games_to_win: int) -> list[Game]:
    """The games a match decision gives to ``side``: the last game, then from the back the
    games ``side`` did not win, until it has the games a match needs."""
    won = sum(1 for g in games if g.winner_side == side)
    given: list[Game] = []
    for game in reversed(games):
        if won >= games_to_win and given:
            break
        if game.winner_side != side:
            given.append(game)
            won += 1
        elif not given:
            break  # the side won the last game: the match is already its
    return given


def _apply(
    match: Match,
    decision: Decision,
    actor: Actor,
    client_id: uuid.UUID,
    expected_revision: int | None,
) -> tuple[Match, dict[str, Any], Downstream]:
    _check(match, decision)
    match = lock_match(match.pk)
    check_write(match, expected_revision=expected_revision, actor=actor)
    if match.status not in (Match.Status.FINISHED, Match.Status.CONFIRMED) or match.walkover:
        raise CorrectionError(
            "correction_not_finished", "only a finished match is corrected; undo on the tablet"
        )
    games = list(match.games.order_by("number"))
    if decision.game is None:
        given = _games_to_give(games, decision.side, match.games_to_win)
    else:
        given = [g for g in games if g.number == decision.game]
        if not given:
            raise CorrectionError("bad_game", "that game is not part of this match")
    if not given or all(
        g.winner_side == decision.side and g.scores.get(other_side(decision.side), 0) == 0
        for g in given
    ):
        raise CorrectionError("correction_unchanged", "the decision changes nothing")
    ranks = (
        event_ranks(match.event)
        if match.event.format in (Event.Format.SWISS, Event.Format.GROUPS) and match.confirmed_at
        else {}
    )
    before = (match.winner_side, dict(match.games_won), ranks)
    for game in sorted(given, key=lambda g: g.number):
        award_game(
            match, game=game, side=decision.side, law=decision.law, actor=actor, client_id=client_id
        )
    still_decided(
        match,
        breaks_code="decision_breaks_match",
        breaks="after this decision a later game no longer fits (%(detail)s)",
        unfinished="after this decision the match would not be over",
    )
    detail = {
        "side": decision.side,
        "law": decision.law,
        "game": decision.game,
        "given": sorted(g.number for g in given),
        "decided": "game" if decision.game is not None else "match",
    }
    return match, detail, downstream_of(match, before=before)


def preview_decision(*, match: Match, decision: Decision, actor: Actor) -> Downstream:
    """What :func:`decide` would change downstream; nothing is saved."""
    return rolled_back(lambda: _apply(match, decision, actor, uuid.uuid4(), None)[2])


def decide(
    *,
    match: Match,
    decision: Decision,
    actor: Actor,
    reason: str,
    repair: str,
    client_id: uuid.UUID | str,
    expected_revision: int | None = None,
    law: str = "",
    award_to: str = "moved",
) -> Downstream:
    """Enter an umpire's decision on a game or the match and apply ``repair`` downstream.

    :raises CorrectionError: the decision or the repair does not fit (nothing is saved).
    :raises StaleMatch: the match changed since the organiser looked at it.
    """
    reason = check_reason(reason, repair=repair, law=law or decision.law, award_to=award_to)
    client_id = uuid.UUID(str(client_id))
    with transaction.atomic():
        match, detail, downstream = _apply(match, decision, actor, client_id, expected_revision)
        return save_repair(
            match,
            actor=actor,
            action="decision",
            detail=detail,
            downstream=downstream,
            reason=reason,
            repair=repair,
            law=law or decision.law,
            award_to=award_to,
            client_id=client_id,
        )
