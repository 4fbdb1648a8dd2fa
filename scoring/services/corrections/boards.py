"""An organiser corrects the result of a finished or confirmed match (issue 14).

Every correction is new rows; nothing is deleted (the board log is the only truth):

- a board scored stroke by stroke: its events from a chosen point on are retracted by
  ``undo`` rows and the right events appended after them (the board is replayed; ICF 53–55);
- a board entered from paper: a ``correction`` row on the board holds the entry before and
  after; the board's entry fields are the cache of its last such row (``rebuild_match``).

Before saving, :func:`preview_correction` applies the correction inside a savepoint, reads
what it changes downstream (the match winner, the next bracket slot, a later Swiss round or
the knock-out drawn from the groups, the standings) and rolls it back. :func:`correct_board`
saves it with the repair the organiser chose: ``move`` (the new winner into the bracket slot
of a match not yet started), ``repair`` (draw the later round again while none of its matches
has started) or ``keep`` (the draw stays; the reason is logged). Audited with who, when, why.

Several paper boards keyed again at once (issue 30) are in :mod:`.rekey`.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.db import transaction
from django.db.models import Q

from scoring.models import Board, BoardEvent, Event, Match, Round
from scoring.records import position_after, scores_before
from scoring.rules import RulesError, get_rules, parse_event, variant_for
from scoring.rules.errors import IllegalEvent
from scoring.services.bracket_repairs import LATER_REPAIRS, later_conflicts, repair_later
from scoring.services.corrections.base import (
    REPAIRS,
    STARTED,
    CorrectionError,
    Downstream,
    LogFix,
    PaperFix,
    rolled_back,
)
from scoring.services.draw_base import ELIMINATION
from scoring.services.matches import (
    Actor,
    append_event,
    audit_match,
    bump_revision,
    check_write,
    live_events,
    lock_match,
    match_snapshot,
    paper_fields,
    rebuild_match,
)
from scoring.services.matches.base import checked_texts

# --- what changes -----------------------------------------------------------------------------


def event_ranks(event: Event) -> dict[int, tuple[str, int]]:
    from scoring.standings import event_standings  # a read for the preview only

    return {
        row.entry_id: (row.name, row.rank) for table in event_standings(event) for row in table.rows
    }


def _later(match: Match) -> tuple[str, list[Round]]:
    """The rounds drawn on this match's result: later Swiss rounds, or the knock-out drawn
    from the groups."""
    event, rnd = match.event, match.round
    if rnd is None:
        return "", []
    if event.format == Event.Format.SWISS:
        return "swiss", list(Round.objects.filter(event=event, number__gt=rnd.number))
    if event.format == Event.Format.GROUPS and rnd.bracket == Round.Bracket.GROUPS:
        return "knockout", list(
            Round.objects.filter(event=event).exclude(bracket=Round.Bracket.GROUPS)
        )
    return "", []


def _started(matches: Any) -> bool:
    return bool(
        matches.filter(
            Q(games__isnull=False)
            | Q(walkover=True)
            | Q(status__in=STARTED)
            | Q(status=Match.Status.CONFIRMED, bye=False)
        ).exists()
    )


def still_decided(match: Match, *, breaks_code: str, breaks: str, unfinished: str) -> None:
    """The caches of a corrected (or decided) ``match`` rebuilt from its log, which must still
    fit the rules and still end the match, and its revision bumped; else ``CorrectionError``
    (``breaks_code`` with ``breaks`` naming the engine's detail, or ``correction_unfinished``),
    and the caller's transaction rolls back."""
    try:
        rebuild_match(match)
        snapshot = match_snapshot(match)
    except RulesError as err:
        raise CorrectionError(breaks_code, breaks, detail=err.message) from None
    if not snapshot.finished:
        raise CorrectionError("correction_unfinished", unfinished)
    bump_revision(match)


def downstream_of(
    match: Match, *, before: tuple[str, dict[str, int], dict[int, tuple[str, int]]]
) -> Downstream:
    match.refresh_from_db(fields=["winner_side", "games_won"])
    winner_before, games_before, ranks_before = before
    d = Downstream(winner_before, match.winner_side, games_before, dict(match.games_won))
    repairs = ["keep"]
    nxt = Match.objects.filter(pk=match.winner_to_id).first() if match.winner_to_id else None
    if nxt is not None:
        d.next_match = nxt.number
        d.next_started = (
            nxt.games.exists()
            or nxt.status in STARTED
            or (nxt.status == Match.Status.CONFIRMED and not nxt.bye)
        )
        if d.winner_changed and not d.next_started:
            repairs = ["move"]  # the slot of a match not started follows the result anyway
    kind, rounds = _later(match)
    if rounds:
        d.later_round, d.later_count = kind, len({r.number for r in rounds})
        d.later_started = _started(Match.objects.filter(round__in=rounds))
        if d.winner_changed and not d.later_started and (kind == "knockout" or d.later_count == 1):
            repairs.insert(0, "repair")
    if d.winner_changed and match.event.format in (*ELIMINATION, Event.Format.GROUPS):
        d.later = later_conflicts(match.event)
        if d.later:  # later matches were played on the old result: each must be repaired
            repairs = list(LATER_REPAIRS)
    d.names = {
        side: e.name if (e := match.entry_for(side)) else side.upper() for side in ("a", "b")
    }
    if ranks_before:
        after = event_ranks(match.event)
        d.standings = [
            (name, rank, after.get(entry, (name, rank))[1])
            for entry, (name, rank) in ranks_before.items()
            if after.get(entry, (name, rank))[1] != rank
        ]
        d.standings.sort(key=lambda row: row[2])
    d.repairs = tuple(repairs)
    return d


# --- applying ---------------------------------------------------------------------------------


def check_paper(match: Match, *, fix: PaperFix) -> None:
    rules = get_rules(match.rules)
    if fix.winner not in ("a", "b"):
        raise CorrectionError("bad_winner", "the winner must be A or B")
    if fix.points is None:
        if fix.carrommen is None or not 0 <= fix.carrommen <= rules.carrommen_per_colour:
            raise CorrectionError("bad_carrommen", "the loser has 0 to 9 carrommen left")
        if fix.queen not in ("", "a", "b"):
            raise CorrectionError("bad_queen", "the queen was covered by A, B or nobody")
    elif not 1 <= fix.points <= rules.board_max or not fix.law:
        raise CorrectionError(
            "bad_award", "an award needs 1 to %(max)s points and its law", max=rules.board_max
        )


def paper_entry(board: Board) -> dict[str, Any]:
    award = board.kind == Board.Kind.AWARD
    return {
        "winner": board.summary_winner,
        "carrommen": None if award else board.summary_carrommen,
        "queen": "" if award else board.summary_queen,
        "points": board.award_points if award else None,
        "law": board.award_law if award else "",
    }


def log_row(actor: Actor, *, board: Board, client_id: uuid.UUID, **fields: Any) -> BoardEvent:
    board.last_seq += 1
    return append_event(
        board=board,
        seq=board.last_seq,
        client_id=client_id,
        recorded_by=actor.user if getattr(actor.user, "pk", None) else None,
        via=actor.via,
        device=actor.device[:200],
        **fields,
    )


def fix_paper(
    match: Match,
    *,
    board: Board,
    fix: PaperFix,
    actor: Actor,
    client_id: uuid.UUID,
    breaker: str | None = None,
) -> dict[str, Any]:
    """A ``correction`` row on a paper board; ``breaker``: the side that broke it, keyed
    again too (a sheet keyed with sides A and B swapped), kept in the row so that a replay
    of the log gives it back."""
    check_paper(match, fix=fix)
    before, after = paper_entry(board), fix.entry()
    if breaker is not None and breaker != board.breaker:
        before, after = {**before, "breaker": board.breaker}, {**after, "breaker": breaker}
    if before == after:
        raise CorrectionError("correction_unchanged", "the board already has this entry")
    log_row(
        actor,
        board=board,
        client_id=client_id,
        type=BoardEvent.Type.CORRECTION,
        payload={"type": "correction", "before": before, "after": after},
    )
    Board.objects.filter(pk=board.pk).update(last_seq=board.last_seq, **paper_fields(after))
    return {"before": before, "after": after}


def fix_log(
    match: Match, *, board: Board, fix: LogFix, actor: Actor, client_id: uuid.UUID
) -> dict[str, Any]:
    live = live_events(list(board.events.order_by("seq")))
    if not 0 <= fix.keep <= len(live):
        raise CorrectionError("bad_correction_point", "choose an event of this board")
    try:
        right = [parse_event(payload).to_dict() for payload in fix.events]
    except RulesError as err:
        raise CorrectionError("correction_illegal", "%(detail)s", detail=str(err)) from None
    kept = [e.payload for e in live[: fix.keep]]
    if kept + right == [e.payload for e in live]:
        raise CorrectionError("correction_unchanged", "the board already has these events")
    scores = scores_before(match, board)
    try:  # the right events must make a legal board that ends (nothing saved otherwise)
        # the kept events replayed once (records), the right ones walked on from there
        position, _notes = position_after(board, live[: fix.keep], scores, sides=match.sides)
        for walked in variant_for(board.rules).walk(position, right):
            position = walked.after
    except (RulesError, IllegalEvent) as err:
        raise CorrectionError("correction_illegal", "%(detail)s", detail=str(err)) from None
    if not position.finished:
        raise CorrectionError(
            "correction_board_open", "the corrected board must end (a win, or void)"
        )
    for n, event in enumerate(reversed(live[fix.keep :])):
        log_row(
            actor,
            board=board,
            client_id=uuid.uuid5(client_id, f"undo-{n}"),
            type=BoardEvent.Type.UNDO,
            payload={"type": "undo", "retracts": event.seq, "correction": True},
            retracts=event,
        )
    for n, stored in enumerate(right):
        log_row(
            actor,
            board=board,
            client_id=uuid.uuid5(client_id, f"event-{n}"),
            type=stored["type"],
            payload=stored,
        )
    Board.objects.filter(pk=board.pk).update(last_seq=board.last_seq)
    return {"kept": fix.keep, "retracted": [e.payload for e in live[fix.keep :]], "recorded": right}


def _apply(
    match: Match,
    board_id: int,
    fix: PaperFix | LogFix,
    actor: Actor,
    client_id: uuid.UUID,
    expected_revision: int | None,
) -> tuple[Match, dict[str, Any], Downstream]:
    match = lock_match(match.pk)
    check_write(match, expected_revision=expected_revision, actor=actor)
    if match.status not in (Match.Status.FINISHED, Match.Status.CONFIRMED) or match.walkover:
        raise CorrectionError(
            "correction_not_finished", "only a finished match is corrected; undo on the tablet"
        )
    board = Board.objects.filter(pk=board_id, game__match=match).select_related("game").first()
    if board is None:
        raise CorrectionError("bad_board", "this board is not of this match")
    if board.void and board.kind != Board.Kind.LOG:
        raise CorrectionError("board_withdrawn", "this board was withdrawn")
    is_log = board.kind == Board.Kind.LOG
    if is_log != isinstance(fix, LogFix):
        raise CorrectionError("bad_correction_kind", "this board needs the other kind of entry")
    ranks = (
        event_ranks(match.event)
        if match.event.format in (Event.Format.SWISS, Event.Format.GROUPS) and match.confirmed_at
        else {}
    )
    before = (match.winner_side, dict(match.games_won), ranks)
    if is_log:
        detail = fix_log(match, board=board, fix=fix, actor=actor, client_id=client_id)  # type: ignore[arg-type]
    else:
        detail = fix_paper(match, board=board, fix=fix, actor=actor, client_id=client_id)  # type: ignore[arg-type]
    still_decided(
        match,
        breaks_code="correction_breaks_match",
        breaks="after this correction a later board no longer fits the game "
        "(%(detail)s): correct that board or decide the game",
        unfinished="after this correction the match would not be over",
    )
    detail.update(board=board.pk, game=board.game.number, sequence=board.sequence)
    return match, detail, downstream_of(match, before=before)


def preview_correction(
    *, match: Match, board_id: int, fix: PaperFix | LogFix, actor: Actor
) -> Downstream:
    """What :func:`correct_board` would change downstream; nothing is saved."""
    return rolled_back(lambda: _apply(match, board_id, fix, actor, uuid.uuid4(), None)[2])


def correct_board(
    *,
    match: Match,
    board_id: int,
    fix: PaperFix | LogFix,
    actor: Actor,
    reason: str,
    repair: str,
    client_id: uuid.UUID | str,
    expected_revision: int | None = None,
    law: str = "",
    award_to: str = "moved",
) -> Downstream:
    """Correct one board of a finished or confirmed match and apply ``repair`` downstream.

    :raises CorrectionError: the correction or the repair does not fit (nothing is saved).
    :raises StaleMatch: the match changed since the organiser looked at it.
    """
    reason = check_reason(reason, repair=repair, law=law, award_to=award_to)
    client_id = uuid.UUID(str(client_id))
    with transaction.atomic():
        match, detail, downstream = _apply(
            match, board_id, fix, actor, client_id, expected_revision
        )
        return save_repair(
            match,
            actor=actor,
            action="correction",
            detail=detail,
            downstream=downstream,
            reason=reason,
            repair=repair,
            law=law,
            award_to=award_to,
            client_id=client_id,
        )


def check_reason(reason: str, *, repair: str, law: str = "", award_to: str = "moved") -> str:
    """The reason, stripped; refuses an empty reason or an unknown repair, and an award of a
    later match without its law cited as the rulebook does (or given to nobody)."""
    from scoring.services.bracket_repairs import AWARD, AWARD_TO, ELIMINATE
    from scoring.services.decisions import LAW

    reason = (reason or "").strip()
    if not reason:
        raise CorrectionError("reason_required", "say why the result is corrected")
    checked_texts(reason, field="reason")
    if repair not in REPAIRS:
        raise CorrectionError("bad_repair", "choose what happens to the draw")
    if repair in (AWARD, ELIMINATE) and not LAW.match(law or ""):
        raise CorrectionError("decision_law", "cite the law, e.g. IT 107")
    if repair == AWARD and award_to not in AWARD_TO:
        raise CorrectionError("bad_winner", "the winner must be A or B")
    return reason


def save_repair(
    match: Match,
    *,
    actor: Actor,
    action: str,
    detail: dict[str, Any],
    downstream: Downstream,
    reason: str,
    repair: str,
    law: str = "",
    award_to: str = "moved",
    client_id: uuid.UUID | None = None,
) -> Downstream:
    """Audit a correction (``action``) just applied inside the caller's transaction and apply
    the ``repair`` the organiser chose downstream (see the module's docstring; the repairs of
    later bracket matches already played: :mod:`scoring.services.bracket_repairs`)."""
    from scoring.services import draws as draw_service

    if repair not in downstream.repairs:
        raise CorrectionError(
            "repair_not_possible", "this repair does not fit; the page shows the ones that do"
        )
    audit_match(
        match,
        actor=actor,
        action=action,
        detail={
            **detail,
            "reason": reason,
            "repair": repair,
            "winner": [downstream.winner_before, downstream.winner_after],
            "games": [downstream.games_before, downstream.games_after],
            **(
                {"later": [m.number for m in downstream.later], "law": law, "award_to": award_to}
                if repair in LATER_REPAIRS
                else {}
            ),
        },
    )
    if repair in LATER_REPAIRS:
        match.refresh_from_db(fields=["revision", "advances"])
        repair_later(
            match=match,
            repair=repair,
            actor=actor,
            reason=reason,
            law=law,
            award_to=award_to,
            winner_before=downstream.winner_before,
            client_id=client_id,
        )
        return downstream
    event = match.event
    if repair == "move" or (
        match.confirmed_at and event.format in (*ELIMINATION, Event.Format.GROUPS)
    ):
        draw_service.sync_bracket(event, actor=actor)
    if repair == "repair":
        rounds = event.rounds.count()
        doomed = 1 if event.format == Event.Format.SWISS else len(_later(match)[1])
        draw_service.delete_last_round(event=event, actor=actor, expected_rounds=rounds)
        draw_service.next_round(event=event, actor=actor, expected_rounds=rounds - doomed)
    elif repair == "keep" and downstream.affects_draw:
        audit_match(match, actor=actor, action=f"{action}_draw_kept", detail={"reason": reason})
    return downstream
