"""Recording a board event and undoing one (a new row; nothing is deleted), and the winner's claim
of the extra points (ICF 102-112).
"""

from __future__ import annotations

import uuid
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from scoring.models import Board, BoardEvent, Game, Match
from scoring.records import (
    BoardStep,
    MatchSnapshot,
    board_steps,
    live_events,
    match_snapshot,
    opening_of,
    point_first_breaker,
    replay_board,
    scores_before,
)
from scoring.records.interval import step_key
from scoring.rules import first_breaker_of_game, get_rules, variant_for
from scoring.rules.errors import InvalidEvent
from scoring.services import board_steps as between_boards
from scoring.services.matches.base import (
    EVENT_TYPES,
    Actor,
    MatchError,
    RecordOutcome,
    Written,
    append_event,
    audit_match,
    bump_revision,
    check_write,
    checked_texts,
    duplicate_of,
    lock_match,
    retried_outcome,
    toss_of,
)
from scoring.services.matches.caches import refresh_caches


def record_event(
    *,
    match: Match,
    payload: dict[str, Any],
    client_id: uuid.UUID | str,
    actor: Actor,
    expected_revision: int | None = None,
    breaker: str | None = None,
    locked: bool = False,
) -> RecordOutcome:
    """Append one board event (stroke, technical foul, forgo, board loss, umpire ruling,
    void) to the match's current board, creating the next game or board when one ended.

    :raises StaleMatch: the tablet's revision is old.
    :raises MatchLocked: the match is confirmed.
    :raises MatchError: the match is not ready (no toss) or already finished.
    :raises RulesError: the event is malformed or illegal (nothing is recorded).

    ``locked``: the caller read ``match`` (its event, tournament and entries attached) with
    ``select_for_update`` in the transaction it has open (the tablet's stroke POST: one
    query for the permission check and the lock); it is not read again.
    """
    client_id = uuid.UUID(str(client_id))
    if not isinstance(payload, dict) or payload.get("type") not in EVENT_TYPES:
        raise InvalidEvent("unknown_event_type", "unknown event type")
    checked_texts(payload, field="payload")
    if locked and not transaction.get_connection().in_atomic_block:
        raise MatchError("not_locked", "a locked match is read in the write's transaction")
    with transaction.atomic(savepoint=not locked):
        if not locked:
            match = lock_match(match.pk, like=match)
        retried = retried_outcome(match, client_id=client_id, expected_revision=expected_revision)
        if retried is not None:
            return retried
        check_write(match, expected_revision=expected_revision, actor=actor)
        snapshot = match_snapshot(match)
        target, created = target_board(match, snapshot=snapshot, payload=payload, breaker=breaker)
        between_boards.hold_for_interval(snapshot, starts_board=created)  # IT 102
        # validate by stepping the target board with the new event (raises, nothing saved)
        variant = variant_for(target.rules)
        event = variant.parse_event(payload)
        current = snapshot.current
        if (
            current is not None
            and current.position is not None
            and (
                current.board is target
                # a new board opens as the snapshot has it, unless a fresh toss (the extra
                # board, ICF 56(b)) gave it another breaker
                or (created and current.board is None and current.breaker == target.breaker)
            )
        ):
            # the snapshot has just replayed this board: its steps are reused
            earlier = list(current.steps) if current.board is target else []
            position = current.position
        else:  # a ruling on a board that had ended: its own replay
            scores = scores_before(match, target)
            events = live_events(list(target.events.order_by("seq"))) if not created else []
            earlier = board_steps(target, events, scores, sides=match.sides)
            position = earlier[-1].after if earlier else opening_of(target, scores, match.sides)
        after, notes = variant.step(position, event)
        stored = event.to_dict()
        if created:
            target.save()
        seq = target.last_seq + 1
        row = append_event(
            board=target,
            seq=seq,
            client_id=client_id,
            type=stored["type"],
            payload=stored,
            recorded_by=actor.user if getattr(actor.user, "pk", None) else None,
            via=actor.via,
            device=actor.device[:200],
        )
        target.last_seq = seq
        known = written_rows(
            snapshot,
            target=target,
            created=created,
            steps=[*earlier, BoardStep(row, event, position, after, notes, True)],
            row=row,
        )
        if known is None:  # the board's caches are read again: its log length first
            Board.objects.filter(pk=target.pk).update(last_seq=seq)
        status = (
            match.status
            if match.status in (Match.Status.FINISHED, Match.Status.CONFIRMED)
            else Match.Status.PLAYING
        )
        # one UPDATE of the match: the new revision with the caches (refresh_caches)
        snapshot = refresh_caches(
            match,
            known=known,
            bump={"started_at": match.started_at or timezone.now(), "status": status},
        )
        audit_match(
            match,
            actor=actor,
            action="event",
            detail={"board": target.pk, "seq": seq, "event": stored},
        )
        return RecordOutcome(snapshot, row)


def written_rows(
    snapshot: MatchSnapshot,
    *,
    target: Board,
    created: bool,
    steps: list[BoardStep],
    row: BoardEvent,
) -> Written | None:
    """The rows after appending ``row`` to ``target``, from ``snapshot`` (read before): for
    the board being played or a new one; ``None`` (read again) for a ruling on a board that
    had ended."""
    current = snapshot.current
    if created:
        events = [row]
    elif current is not None and current.board is target:
        events = [*current.events, row]
    else:
        return None
    games = list(snapshot.games)
    if all(game.pk != target.game_id for game in games):
        games.append(target.game)
    boards = {game_id: list(rows) for game_id, rows in snapshot.boards.items()}
    rows = boards.setdefault(target.game_id, [])
    if created:
        rows.append(target)
    same = (
        not created
        and current is not None
        and current.board is target
        and bool(current.events)
        and not steps[-1].after.finished
    )
    return Written(target, steps, games, boards, events, state=snapshot.state if same else None)


def target_board(
    match: Match, *, snapshot: MatchSnapshot, payload: dict[str, Any], breaker: str | None
) -> tuple[Board, bool]:
    """The board an event belongs to: the current board, the board that just ended (umpire
    ruling or void only), or a new one (created unsaved; saved after validation)."""
    kind = payload.get("type")
    last = None
    for game in reversed(snapshot.games):
        rows = snapshot.boards.get(game.pk) or []
        if rows:
            last = rows[-1]
            break
    if last is not None and last.kind == Board.Kind.LOG and not last.finished:
        return last, False
    if kind in ("umpire_ruling", "void") and last is not None and last.kind == Board.Kind.LOG:
        later = snapshot.current is None or snapshot.current.board is None
        if later and last.finished and not last.void:
            return last, False
    if snapshot.finished or snapshot.current is None:
        if snapshot.state is None:
            raise MatchError("toss_missing", "record the toss first (ICF 40)")
        raise MatchError("match_finished", "the match has ended")
    current = snapshot.current
    side = current.breaker or breaker
    if current.extra_board or getattr(snapshot.state, "extra_board", False):
        # the extra board (ICF 56(b)): who breaks is the fresh toss's winner, sent with the
        # stroke or recorded on the card before it (services/board_steps.py)
        side = breaker or between_boards.extra_board_breaker(
            match.pk, step=step_key(match.pk, current.game_number, current.board_number)
        )
    if side not in match.sides:
        raise MatchError(
            "breaker_required", "a toss decides who breaks the extra board (ICF 56(b))"
        )
    game = game_for(match, snapshot=snapshot, number=current.game_number)
    sequence = len(snapshot.boards.get(game.pk, [])) + 1 if game.pk else 1
    board = Board(
        game=game, sequence=sequence, kind=Board.Kind.LOG, breaker=side, rules=match.rules
    )
    return board, True


def game_for(match: Match, *, snapshot: MatchSnapshot, number: int) -> Game:
    for game in snapshot.games:
        if game.number == number:
            return game
    if variant_for(match.rules).toss_by_lot:
        first = point_first_breaker(match)
    else:
        toss_winner, toss_choice = toss_of(match)
        first = first_breaker_of_game(number, ("a", "b"), toss_winner, toss_choice)
    return Game.objects.create(match=match, number=number, first_breaker=first)


def undo_last_event(
    *,
    match: Match,
    client_id: uuid.UUID | str,
    actor: Actor,
    expected_revision: int | None = None,
) -> RecordOutcome:
    """Retract the last live event of the match (a new ``undo`` row; nothing is deleted)."""
    client_id = uuid.UUID(str(client_id))
    with transaction.atomic():
        match = lock_match(match.pk, like=match)
        retried = retried_outcome(match, client_id=client_id, expected_revision=expected_revision)
        if retried is not None:
            return retried
        check_write(match, expected_revision=expected_revision, actor=actor)
        # the newest board that counts, behind any paper boards already withdrawn
        newest_board = (
            Board.objects.filter(game__match=match)
            .exclude(~Q(kind=Board.Kind.LOG), void=True)
            .order_by("-game__number", "-sequence")
            .first()
        )
        if newest_board is not None and newest_board.kind != Board.Kind.LOG:
            return withdraw_paper_board(match, board=newest_board, client_id=client_id, actor=actor)
        boards = Board.objects.filter(game__match=match, kind=Board.Kind.LOG).order_by(
            "-game__number", "-sequence"
        )
        for board in boards:
            events = list(board.events.order_by("seq"))
            live = live_events(events)
            if live:
                break
        else:
            raise MatchError("nothing_to_undo", "there is nothing to undo")
        newest = (
            Board.objects.filter(game__match=match)
            .order_by("-game__number", "-sequence")
            .values_list("pk", flat=True)
            .first()
        )
        if newest != board.pk:
            # A later board exists (its events all undone, or entered from paper): the log
            # could not show this board unfinished before it; an organiser corrects this.
            raise MatchError(
                "undo_behind_next_board",
                "the next board has begun; the board before it stays as it is",
            )
        last = live[-1]
        seq = board.last_seq + 1
        row = append_event(
            board=board,
            seq=seq,
            client_id=client_id,
            type=BoardEvent.Type.UNDO,
            payload={"type": "undo", "retracts": last.seq},
            retracts=last,
            recorded_by=actor.user if getattr(actor.user, "pk", None) else None,
            via=actor.via,
            device=actor.device[:200],
        )
        Board.objects.filter(pk=board.pk).update(last_seq=seq)
        bump_revision(match)
        snapshot = refresh_caches(match)
        audit_match(
            match,
            actor=actor,
            action="undo",
            detail={"board": board.pk, "retracted": last.seq, "event": last.payload},
        )
        return RecordOutcome(snapshot, row)


def withdraw_paper_board(
    match: Match, *, board: Board, client_id: uuid.UUID, actor: Actor
) -> RecordOutcome:
    """Undo of a board entered from paper (quick entry): an ``undo`` row on that board
    withdraws it; its record stays. The board no longer counts and is entered or played
    again (``void`` is the board's cache of that row: :func:`rebuild_match`)."""
    seq = board.last_seq + 1
    row = append_event(
        board=board,
        seq=seq,
        client_id=client_id,
        type=BoardEvent.Type.UNDO,
        payload={"type": "undo", "withdraws": "board"},
        recorded_by=actor.user if getattr(actor.user, "pk", None) else None,
        via=actor.via,
        device=actor.device[:200],
    )
    Board.objects.filter(pk=board.pk).update(last_seq=seq, void=True)
    board.last_seq, board.void = seq, True
    bump_revision(match)
    snapshot = refresh_caches(match)
    audit_match(
        match,
        actor=actor,
        action="undo",
        detail={
            "board": board.pk,
            "withdrawn": board.kind,
            "winner": board.summary_winner,
            "carrommen": board.summary_carrommen,
            "queen": board.summary_queen,
            "points": board.award_points,
            "law": board.award_law,
        },
    )
    return RecordOutcome(snapshot, row)


def claim_extra_points(
    *,
    match: Match,
    client_id: uuid.UUID | str,
    actor: Actor,
    expected_revision: int | None = None,
) -> RecordOutcome:
    """The board winner demands the "if demanded" extra points of the stroke that ended the
    board (ICF 102-112): the stroke is retracted and recorded again with ``extra_claimed``,
    in one transaction (two new log rows; nothing is deleted)."""
    client_id = uuid.UUID(str(client_id))
    with transaction.atomic():
        locked = lock_match(match.pk)
        existing = duplicate_of(locked, client_id=client_id)
        if existing is not None:
            return RecordOutcome(match_snapshot(locked), existing, duplicate=True)
        check_write(locked, expected_revision=expected_revision, actor=actor)
        board = (
            Board.objects.filter(game__match=locked).order_by("-game__number", "-sequence").first()
        )
        if board is None or board.kind != Board.Kind.LOG or not board.finished or board.void:
            raise MatchError("nothing_to_claim", "the last stroke has no extra points")
        events = live_events(list(board.events.order_by("seq")))
        last = events[-1] if events else None
        if last is None or last.type != BoardEvent.Type.STROKE or last.payload.get("extra_claimed"):
            raise MatchError("nothing_to_claim", "the last stroke has no extra points")
        scores = scores_before(locked, board)
        _position, notes = replay_board(board, events, scores, get_rules(board.rules))
        if not any(n.code == "board_won" and n.params.get("claimable") for n in notes):
            raise MatchError("nothing_to_claim", "the last stroke has no extra points")
        undo_last_event(match=locked, client_id=uuid.uuid5(client_id, "undo"), actor=actor)
        payload = dict(last.payload, extra_claimed=True)
        return record_event(match=locked, payload=payload, client_id=client_id, actor=actor)
