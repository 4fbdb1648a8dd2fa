"""Recording a match: the toss, every board event, undo, quick entry, confirmation.

Every write runs in a transaction that locks the match row (``select_for_update``), checks the
request key (``client_id``: a retried request records nothing twice) and the revision the tablet
last saw (a stale tablet gets :class:`StaleMatch`), validates the event by replaying the board
through :mod:`scoring.rules` (an illegal event raises :class:`~scoring.rules.RulesError` and
changes nothing), appends it to the log and rebuilds the caches from the log.

Sides are ``"a"`` and ``"b"`` (``"c"`` for the third player of point carrom); in every board the
breaker's side plays white (ICF 43). The engine sees the sides as its players.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from scoring.models import (
    AuditEntry,
    Board,
    BoardEvent,
    Entry,
    Event,
    Game,
    Match,
    MatchConfirmation,
)
from scoring.records import (  # noqa: F401 (re-exported: the read layer's names, here before)
    BoardStep,
    CurrentBoard,
    EventRow,
    MatchSnapshot,
    becomes_entry,
    board_log_document,
    board_steps,
    colour_opening,
    derive_snapshot,
    event_rows,
    game_entries,
    live_events,
    match_snapshot,
    point_board_position,
    point_first_breaker,
    replay_board,
    rules_for_match,
    scores_before,
    turn_rotation,
)
from scoring.records.sides import colour_sides, other_colour, other_side
from scoring.rules import (
    MatchState,
    RulesError,
    first_breaker_of_game,
    get_rules,
    parse_event,
    step,
)
from scoring.rules.errors import IllegalEvent, InvalidEvent
from scoring.rules.point import PointGame, parse_point_event, step_point
from scoring.signals import match_confirmed, match_finished

EVENT_TYPES = {"stroke", "technical_foul", "forgo", "board_loss", "umpire_ruling", "void"}


class MatchError(Exception):
    """A request the match cannot take; ``code`` is stable, the view translates it."""

    status = 422

    def __init__(self, code: str, message: str = "", **params: Any) -> None:
        super().__init__(message or code)
        self.code = code
        self.params = params


class StaleMatch(MatchError):
    """Someone recorded on this match since the tablet last loaded it."""

    status = 409


class MatchLocked(MatchError):
    """The match was confirmed by both sides; corrections need an organiser."""

    status = 423


@dataclass(frozen=True)
class Actor:
    """Who makes a request, and from where (for the log and the audit trail)."""

    user: Any = None  # a User, or None for an umpire link
    via: str = "link"  # "link", "account", "organiser", "import", "system"
    device: str = ""
    ip: str | None = None
    may_edit_locked: bool = False


@dataclass
class RecordOutcome:
    snapshot: MatchSnapshot
    event: BoardEvent | None
    duplicate: bool = False


# --- reading (scoring.records) ----------------------------------------------------------


def _toss(match: Match) -> tuple[str, str]:
    if not match.toss_winner or not match.toss_choice:
        raise MatchError("toss_missing", "record the toss first (ICF 40)")
    return match.toss_winner, match.toss_choice


@dataclass
class _Written:
    """What ``record_event`` has just written, with the match's rows as they now are: the
    board (the match's last), its replay up to the event (a step per live event), the games,
    the boards and the board's live events. The caches are rebuilt from these without reading
    or replaying the log again."""

    board: Board
    steps: list[BoardStep]
    games: list[Game]
    boards: dict[int, list[Board]]
    events: list[BoardEvent]


# --- writing ---------------------------------------------------------------------------------


def _lock(match_id: int, like: Match | None = None) -> Match:
    """The match row, locked for the write (``SELECT … FOR UPDATE``; SQLite: the write
    transaction), with its event, tournament and entries (their players) attached.

    ``like``: the caller's copy of the match, read in the same request; its event and
    entries are reused when the locked row still points to them (a stroke POST then reads
    only the match row and, at most, the entries)."""
    match = Match.objects.select_for_update().get(pk=match_id)
    cached = like._state.fields_cache if like is not None else {}
    event = cached.get("event")
    if event is not None and event.pk == match.event_id and (
        "tournament" in event._state.fields_cache
    ):
        match.event = event
    else:
        match.event = Event.objects.select_related("tournament").get(pk=match.event_id)
    entries: dict[int, Entry] = {}
    for name in ("entry_a", "entry_b", "entry_c"):
        entry = cached.get(name)
        if entry is not None and "player" in entry._state.fields_cache and (
            not entry.partner_id or "partner" in entry._state.fields_cache
        ):
            entries[entry.pk] = entry
    ids = [i for i in (match.entry_a_id, match.entry_b_id, match.entry_c_id) if i]
    missing = [i for i in ids if i not in entries]
    if missing:
        entries.update(Entry.objects.select_related("player", "partner").in_bulk(missing))
    for name in ("entry_a", "entry_b", "entry_c"):
        entry_id = getattr(match, f"{name}_id")
        if entry_id:
            setattr(match, name, entries[entry_id])
    return match


def _check_write(match: Match, expected_revision: int | None, actor: Actor) -> None:
    if match.is_locked and not actor.may_edit_locked:
        raise MatchLocked("match_locked", "the match is confirmed; ask an organiser")
    if expected_revision is not None and expected_revision != match.revision:
        raise StaleMatch("stale", "someone recorded on this match meanwhile",
                         revision=match.revision)


def _retried(match: Match, client_id: uuid.UUID, expected_revision: int | None
             ) -> RecordOutcome | None:
    """The answer to a request already recorded (a retry), or ``None``. Every write raises
    the revision, so a request made at the current revision cannot have been recorded yet:
    only one from an older revision (or without one) is looked up."""
    if expected_revision is not None and expected_revision == match.revision:
        return None
    existing = _duplicate(match, client_id)
    if existing is None:
        return None
    return RecordOutcome(match_snapshot(match), existing, duplicate=True)


def _duplicate(match: Match, client_id: uuid.UUID) -> BoardEvent | None:
    # ordered by pk: the models' default ordering would join up to the tournament
    return (BoardEvent.objects.filter(board__game__match=match, client_id=client_id)
            .order_by("pk").first())


def _append(**fields: Any) -> BoardEvent:
    """Insert one row of a board's log. Its request key is unique on the board: a key sent
    again with a newer revision than the one it was recorded at (no tablet does that; a retry
    carries its old revision and is answered as a duplicate) is refused, nothing recorded."""
    try:
        return BoardEvent.objects.create(**fields)
    except IntegrityError:
        raise MatchError("repeated_request", "this request key was already used") from None


def _audit(match: Match, actor: Actor, action: str, detail: dict[str, Any]) -> None:
    AuditEntry.objects.create(
        tournament_id=match.event.tournament_id, match=match,
        actor=actor.user if getattr(actor.user, "pk", None) else None,
        via=actor.via, device=actor.device[:200], ip=actor.ip, action=action, detail=detail,
    )


def _bump(match: Match, **fields: Any) -> None:
    match.revision += 1
    for name, value in fields.items():
        setattr(match, name, value)
    Match.objects.filter(pk=match.pk).update(revision=match.revision, updated_at=timezone.now(),
                                              **fields)


def record_toss(*, match: Match, winner: str, choice: str, actor: Actor,
                expected_revision: int | None = None) -> MatchSnapshot:
    """ICF 40: who won the toss and whether he chose the break or the side. Point carrom:
    the player drawn by lot to break the first board (``choice`` "break")."""
    if get_rules(match.rules).family == "points":
        if winner not in match.sides or choice != "break":
            raise MatchError("bad_toss", "the draw names the player who breaks first")
    elif winner not in ("a", "b") or choice not in ("break", "side"):
        raise MatchError("bad_toss", "the toss needs a winner (A or B) and break or side")
    with transaction.atomic():
        match = _lock(match.pk)
        _check_write(match, expected_revision, actor)
        if match.games.exists():
            raise MatchError("toss_after_start", "the match has started; the toss is fixed")
        before = {"winner": match.toss_winner, "choice": match.toss_choice}
        _bump(match, toss_winner=winner, toss_choice=choice)
        _audit(match, actor, "toss", {"before": before,
                                      "after": {"winner": winner, "choice": choice}})
        return match_snapshot(match)


def draw_first_breaker(*, match: Match, actor: Actor,
                       expected_revision: int | None = None) -> MatchSnapshot:
    """Point carrom: draw the first player by lot among the players (seed 003 "nach dem
    Zufallsprinzip"; a toss among three, ICF 40 by interpretation) and record it as the toss."""
    import secrets

    winner = secrets.choice(list(match.sides))
    return record_toss(match=match, winner=winner, choice="break", actor=actor,
                       expected_revision=expected_revision)


def record_seating(*, match: Match, seating: list[int], actor: Actor,
                   expected_revision: int | None = None) -> MatchSnapshot:
    """The players around the board in turn order (doubles: the four players, ICF 49(b))."""
    with transaction.atomic():
        match = _lock(match.pk)
        _check_write(match, expected_revision, actor)
        allowed = {p.pk for side in match.sides if (e := match.entry_for(side))
                   for p in e.players}
        if sorted(seating) != sorted(allowed) or len(set(seating)) != len(seating):
            raise MatchError("bad_seating", "seat every player of the match exactly once")
        before = list(match.seating)
        _bump(match, seating=list(seating))
        _audit(match, actor, "seating", {"before": before, "after": list(seating)})
        return match_snapshot(match)


def record_event(
    *, match: Match, payload: dict[str, Any], client_id: uuid.UUID | str, actor: Actor,
    expected_revision: int | None = None, breaker: str | None = None, locked: bool = False,
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
    if locked and not transaction.get_connection().in_atomic_block:
        raise MatchError("not_locked", "a locked match is read in the write's transaction")
    with transaction.atomic(savepoint=not locked):
        if not locked:
            match = _lock(match.pk, like=match)
        retried = _retried(match, client_id, expected_revision)
        if retried is not None:
            return retried
        _check_write(match, expected_revision, actor)
        snapshot = match_snapshot(match)
        rules = get_rules(match.rules)
        target, created = _target_board(match, snapshot, payload, breaker)
        # validate by replaying the target board with the new event (raises, nothing saved)
        if rules.family == "points":
            point_event = parse_point_event(payload)
            earlier = [] if created else live_events(list(target.events.order_by("seq")))
            position = point_board_position(match, target, earlier, rules)
            step_point(position, point_event, rules)
            stored = point_event.to_dict()
        else:
            event = parse_event(payload)
            current = snapshot.current
            if current is not None and current.position is not None and (
                current.board is target or (created and current.board is None)
            ):
                # the snapshot has just replayed this board: its steps are reused
                earlier = list(current.steps) if current.board is target else []
                position = current.position
            else:
                scores = scores_before(match, target)
                events = live_events(list(target.events.order_by("seq"))) if not created else []
                earlier = board_steps(target, events, scores)
                position = earlier[-1].after if earlier else colour_opening(target.breaker,
                                                                             scores)
            after, notes = step(position, event, get_rules(target.rules))
            stored = event.to_dict()
        if created:
            target.save()
        seq = target.last_seq + 1
        row = _append(
            board=target, seq=seq, client_id=client_id, type=stored["type"], payload=stored,
            recorded_by=actor.user if getattr(actor.user, "pk", None) else None,
            via=actor.via, device=actor.device[:200],
        )
        target.last_seq = seq
        known = (_written(snapshot, target, created,
                          [*earlier, BoardStep(row, event, position, after, notes, True)], row)
                 if rules.family != "points" else None)
        if known is None:  # the board's caches are read again: its log length first
            Board.objects.filter(pk=target.pk).update(last_seq=seq)
        status = (match.status if match.status in (Match.Status.FINISHED,
                                                   Match.Status.CONFIRMED)
                  else Match.Status.PLAYING)
        # one UPDATE of the match: the new revision with the caches (refresh_caches)
        snapshot = refresh_caches(match, known=known, bump={
            "started_at": match.started_at or timezone.now(), "status": status})
        _audit(match, actor, "event", {"board": target.pk, "seq": seq, "event": stored})
        return RecordOutcome(snapshot, row)


def _written(snapshot: MatchSnapshot, target: Board, created: bool, steps: list[BoardStep],
             row: BoardEvent) -> _Written | None:
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
    return _Written(target, steps, games, boards, events)


def _target_board(
    match: Match, snapshot: MatchSnapshot, payload: dict[str, Any], breaker: str | None
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
    if side not in match.sides:
        raise MatchError("breaker_required",
                         "a toss decides who breaks the extra board (ICF 56(b))")
    game = _game_for(match, snapshot, current.game_number)
    sequence = len(snapshot.boards.get(game.pk, [])) + 1 if game.pk else 1
    board = Board(game=game, sequence=sequence, kind=Board.Kind.LOG, breaker=side,
                  rules=match.rules)
    return board, True


def _game_for(match: Match, snapshot: MatchSnapshot, number: int) -> Game:
    for game in snapshot.games:
        if game.number == number:
            return game
    if get_rules(match.rules).family == "points":
        first = point_first_breaker(match)
    else:
        toss_winner, toss_choice = _toss(match)
        first = first_breaker_of_game(number, ("a", "b"), toss_winner, toss_choice)
    return Game.objects.create(match=match, number=number, first_breaker=first)


def undo_last_event(
    *, match: Match, client_id: uuid.UUID | str, actor: Actor,
    expected_revision: int | None = None,
) -> RecordOutcome:
    """Retract the last live event of the match (a new ``undo`` row; nothing is deleted)."""
    client_id = uuid.UUID(str(client_id))
    with transaction.atomic():
        match = _lock(match.pk, like=match)
        retried = _retried(match, client_id, expected_revision)
        if retried is not None:
            return retried
        _check_write(match, expected_revision, actor)
        # the newest board that counts, behind any paper boards already withdrawn
        newest_board = (Board.objects.filter(game__match=match)
                        .exclude(~Q(kind=Board.Kind.LOG), void=True)
                        .order_by("-game__number", "-sequence").first())
        if newest_board is not None and newest_board.kind != Board.Kind.LOG:
            return _withdraw_paper_board(match, newest_board, client_id, actor)
        boards = Board.objects.filter(game__match=match, kind=Board.Kind.LOG).order_by(
            "-game__number", "-sequence")
        for board in boards:
            events = list(board.events.order_by("seq"))
            live = live_events(events)
            if live:
                break
        else:
            raise MatchError("nothing_to_undo", "there is nothing to undo")
        newest = (Board.objects.filter(game__match=match)
                  .order_by("-game__number", "-sequence").values_list("pk", flat=True).first())
        if newest != board.pk:
            # A later board exists (its events all undone, or entered from paper): the log
            # could not show this board unfinished before it; an organiser corrects this.
            raise MatchError("undo_behind_next_board",
                             "the next board has begun; the board before it stays as it is")
        last = live[-1]
        seq = board.last_seq + 1
        row = _append(
            board=board, seq=seq, client_id=client_id, type=BoardEvent.Type.UNDO,
            payload={"type": "undo", "retracts": last.seq}, retracts=last,
            recorded_by=actor.user if getattr(actor.user, "pk", None) else None,
            via=actor.via, device=actor.device[:200],
        )
        Board.objects.filter(pk=board.pk).update(last_seq=seq)
        _bump(match)
        snapshot = refresh_caches(match)
        _audit(match, actor, "undo", {"board": board.pk, "retracted": last.seq,
                                      "event": last.payload})
        return RecordOutcome(snapshot, row)


def _withdraw_paper_board(match: Match, board: Board, client_id: uuid.UUID,
                          actor: Actor) -> RecordOutcome:
    """Undo of a board entered from paper (quick entry): an ``undo`` row on that board
    withdraws it; its record stays. The board no longer counts and is entered or played
    again (``void`` is the board's cache of that row: :func:`rebuild_match`)."""
    seq = board.last_seq + 1
    row = _append(
        board=board, seq=seq, client_id=client_id, type=BoardEvent.Type.UNDO,
        payload={"type": "undo", "withdraws": "board"},
        recorded_by=actor.user if getattr(actor.user, "pk", None) else None,
        via=actor.via, device=actor.device[:200],
    )
    Board.objects.filter(pk=board.pk).update(last_seq=seq, void=True)
    board.last_seq, board.void = seq, True
    _bump(match)
    snapshot = refresh_caches(match)
    _audit(match, actor, "undo", {
        "board": board.pk, "withdrawn": board.kind, "winner": board.summary_winner,
        "carrommen": board.summary_carrommen, "queen": board.summary_queen,
        "points": board.award_points, "law": board.award_law})
    return RecordOutcome(snapshot, row)


def record_quick_board(
    *, match: Match, winner: str, client_id: uuid.UUID | str, actor: Actor,
    carrommen: int | None = None, queen: str | None = None, points: int | None = None,
    law: str = "", expected_revision: int | None = None, breaker: str | None = None,
) -> RecordOutcome:
    """Quick entry of a board played on paper: winner, the loser's carrommen left and who
    covered the queen (ICF 53–55 computed), or an explicit award with its law."""
    client_id = uuid.UUID(str(client_id))
    rules = get_rules(match.rules)
    if rules.family == "points":
        raise MatchError("quick_entry_points", "quick entry is for two-sided matches")
    if winner not in ("a", "b"):
        raise MatchError("bad_winner", "the winner must be A or B")
    if points is None:
        if carrommen is None or not 0 <= carrommen <= rules.carrommen_per_colour:
            raise MatchError("bad_carrommen", "the loser has 0 to 9 carrommen left")
        if queen not in (None, "", winner, other_side(winner)):
            raise MatchError("bad_queen", "the queen was covered by A, B or nobody")
    elif not 1 <= points <= rules.board_max:
        raise MatchError("bad_points", "a board is worth 1 to %(max)s points",
                         max=rules.board_max)
    with transaction.atomic():
        match = _lock(match.pk)
        if AuditEntry.objects.filter(match=match, action="quick_board",
                                     detail__client_id=str(client_id)).exists():
            return RecordOutcome(match_snapshot(match), None, duplicate=True)
        _check_write(match, expected_revision, actor)
        snapshot = match_snapshot(match)
        if snapshot.current is not None and snapshot.current.board is not None:
            raise MatchError("board_in_progress", "the current board is being recorded")
        board, _ = _target_board(match, snapshot, {"type": "stroke"}, breaker)
        if points is None:
            board.kind = Board.Kind.SUMMARY
            board.summary_carrommen = carrommen
            board.summary_queen = queen or ""
        else:
            board.kind = Board.Kind.AWARD
            board.award_points = points
            board.award_law = law
        board.summary_winner = winner
        board.save()
        _bump(match, started_at=match.started_at or timezone.now(),
              status=Match.Status.PLAYING)
        snapshot = refresh_caches(match)
        _audit(match, actor, "quick_board", {
            "client_id": str(client_id), "board": board.pk, "winner": winner,
            "carrommen": carrommen, "queen": queen, "points": points, "law": law,
        })
        return RecordOutcome(snapshot, None)


def confirm_match(*, match: Match, side: str, method: str, actor: Actor) -> MatchSnapshot:
    """A side confirms the result; when every side has, the match is locked (issue 4)."""
    with transaction.atomic():
        match = _lock(match.pk)
        snapshot = match_snapshot(match)
        if not snapshot.finished:
            raise MatchError("not_finished", "the match is not finished")
        if side not in match.sides:
            raise MatchError("bad_side", "unknown side")
        MatchConfirmation.objects.get_or_create(
            match=match, side=side, defaults={"method": method, "device": actor.device[:200]}
        )
        confirmed = set(match.confirmations.values_list("side", flat=True))
        if confirmed >= set(match.sides) and match.confirmed_at is None:
            _bump(match, confirmed_at=timezone.now(), status=Match.Status.CONFIRMED)
            _audit(match, actor, "confirmed", {"sides": sorted(confirmed), "method": method})
            transaction.on_commit(lambda: match_confirmed.send(sender=Match, match=match))
        else:
            _bump(match)
            _audit(match, actor, "confirm_side", {"side": side, "method": method})
        return match_snapshot(match)


def unlock_match(*, match: Match, actor: Actor, reason: str) -> MatchSnapshot:
    """An organiser reopens a confirmed match for a correction (logged)."""
    with transaction.atomic():
        match = _lock(match.pk)
        if match.confirmed_at is None:
            raise MatchError("not_locked", "the match is not confirmed")
        match.confirmations.all().delete()
        _bump(match, confirmed_at=None, status=Match.Status.FINISHED)
        _audit(match, actor, "unlock", {"reason": reason})
        return match_snapshot(match)


def claim_extra_points(
    *, match: Match, client_id: uuid.UUID | str, actor: Actor,
    expected_revision: int | None = None,
) -> RecordOutcome:
    """The board winner demands the "if demanded" extra points of the stroke that ended the
    board (ICF 102-112): the stroke is retracted and recorded again with ``extra_claimed``,
    in one transaction (two new log rows; nothing is deleted)."""
    client_id = uuid.UUID(str(client_id))
    with transaction.atomic():
        locked = _lock(match.pk)
        existing = _duplicate(locked, client_id)
        if existing is not None:
            return RecordOutcome(match_snapshot(locked), existing, duplicate=True)
        _check_write(locked, expected_revision, actor)
        board = (Board.objects.filter(game__match=locked)
                 .order_by("-game__number", "-sequence").first())
        if board is None or board.kind != Board.Kind.LOG or not board.finished or board.void:
            raise MatchError("nothing_to_claim", "the last stroke has no extra points")
        events = live_events(list(board.events.order_by("seq")))
        last = events[-1] if events else None
        if last is None or last.type != BoardEvent.Type.STROKE or last.payload.get(
            "extra_claimed"
        ):
            raise MatchError("nothing_to_claim", "the last stroke has no extra points")
        scores = scores_before(locked, board)
        _position, notes = replay_board(board, events, scores, get_rules(board.rules))
        if not any(n.code == "board_won" and n.params.get("claimable") for n in notes):
            raise MatchError("nothing_to_claim", "the last stroke has no extra points")
        undo_last_event(match=locked, client_id=uuid.uuid5(client_id, "undo"), actor=actor)
        payload = dict(last.payload, extra_claimed=True)
        return record_event(match=locked, payload=payload, client_id=client_id, actor=actor)


def revoke_umpire_link(*, match: Match, actor: Actor) -> Match:
    """The match's umpire link stops working at once (logged)."""
    with transaction.atomic():
        locked = _lock(match.pk)
        if locked.umpire_token_revoked_at is None:
            locked.umpire_token_revoked_at = timezone.now()
            Match.objects.filter(pk=locked.pk).update(
                umpire_token_revoked_at=locked.umpire_token_revoked_at)
            _audit(locked, actor, "umpire_link_revoked", {})
        return locked


def renew_umpire_link(*, match: Match, actor: Actor) -> Match:
    """A new umpire link for the match; the old one stops working (logged)."""
    from scoring.models.match import new_umpire_token

    with transaction.atomic():
        locked = _lock(match.pk)
        locked.umpire_token = new_umpire_token()
        locked.umpire_token_revoked_at = None
        Match.objects.filter(pk=locked.pk).update(umpire_token=locked.umpire_token,
                                                  umpire_token_revoked_at=None)
        _audit(locked, actor, "umpire_link_renewed", {})
        return locked


def create_single_match(
    *, tournament: Any, kind: str, rules: str, players: list[Any], actor: Actor,
    stage: str = "early", games_to_win: int = 2, table: Any = None,
    table_number: int | None = None, umpire: Any = None, event_name: str = "",
    event: Any = None,
) -> Match:
    """A stand-alone match (a friendly, or before the draw exists) in ``event`` (a
    "single matches" event of the tournament, of that kind and family of rules) or, without
    one, in the tournament's oldest such event, created on first use.

    ``players`` are :class:`~scoring.models.Player` rows or new names, per side in order:
    singles ``[a, b]``, doubles ``[a, a_partner, b, b_partner]``, point carrom ``[a, b, c]``.
    """
    from scoring.models import Entry, Event, Player, Table

    per_side = 2 if kind == Event.Kind.DOUBLES else 1
    if event is not None and (event.tournament_id != tournament.pk or event.kind != kind
                              or event.format != Event.Format.SINGLE_MATCH
                              or get_rules(event.rules).family != get_rules(rules).family):
        raise MatchError("wrong_event", "%(event)s does not take this kind of match",
                         event=event.name)
    with transaction.atomic():
        if event is None:
            event = (Event.objects.filter(tournament=tournament, kind=kind,
                                          format=Event.Format.SINGLE_MATCH)
                     .order_by("pk").first())
        if event is None:
            name = event_name or {"singles": "Friendly matches",
                                  "doubles": "Friendly doubles",
                                  "points": "Friendly point carrom"}[kind]
            event, _created = Event.objects.get_or_create(
                tournament=tournament, name=name,
                defaults={"kind": kind, "format": Event.Format.SINGLE_MATCH, "rules": rules,
                          "games_to_win": games_to_win, "status": Event.Status.RUNNING},
            )
        rows = [p if isinstance(p, Player) else Player.objects.create(name=str(p).strip())
                for p in players]
        entries = []
        for i in range(0, len(rows), per_side):
            player = rows[i]
            partner = rows[i + 1] if per_side == 2 else None
            entry = Entry.objects.filter(event=event, player=player).first()
            if entry is None:
                entry = Entry.objects.create(event=event, player=player, partner=partner)
            elif entry.partner_id != (partner.pk if partner else None):
                raise MatchError("entry_conflict", "%(player)s already plays in this event "
                                 "with another partner", player=player.name)
            entries.append(entry)
        if table is None and table_number:
            table, _created = Table.objects.get_or_create(tournament=tournament,
                                                          number=table_number)
        last = Match.objects.filter(event=event).order_by("-number").first()
        match = Match.objects.create(
            event=event, number=(last.number + 1) if last else 1,
            entry_a=entries[0], entry_b=entries[1],
            entry_c=entries[2] if len(entries) > 2 else None,
            rules=rules, stage=stage, games_to_win=games_to_win, table=table, umpire=umpire,
            status=Match.Status.READY,
        )
        _audit(match, actor, "match_created", {
            "event": event.pk, "entries": [e.pk for e in entries], "rules": rules,
            "stage": stage, "games_to_win": games_to_win,
        })
        return match


# --- caches ----------------------------------------------------------------------------------


def refresh_caches(match: Match, known: _Written | None = None, *,
                   bump: dict[str, Any] | None = None) -> MatchSnapshot:
    """Rebuild the cached results of the match's boards, games and the match from the log.

    ``known``: what ``record_event`` has just written and replayed, so that it is not read
    and replayed again (the result is the same); its board's ``last_seq`` is written with
    the board's caches. ``bump``: fields of a write to the match, saved with a new revision
    in the same UPDATE as the match's caches.
    """
    _refresh_board_caches(match, known)
    if known is None:
        snapshot = match_snapshot(match)
    else:
        snapshot = derive_snapshot(match, known.games, known.boards, known.board, known.events,
                                   steps=known.steps)
    state = snapshot.state
    if isinstance(state, MatchState):
        for game, game_state in zip(snapshot.games, state.games, strict=False):
            winner = game_state.winner or ""
            if (game.scores, game.winner_side, game.finished) != (
                game_state.scores, winner, game_state.finished
            ):
                Game.objects.filter(pk=game.pk).update(
                    scores=game_state.scores, winner_side=winner,
                    finished=game_state.finished)
                game.scores, game.winner_side, game.finished = (
                    game_state.scores, winner, game_state.finished)
        games_won = dict(state.games_won)
    elif isinstance(state, PointGame):
        games_won = {s: int(s == state.winner) for s in match.sides}
        for game in snapshot.games:
            Game.objects.filter(pk=game.pk).update(scores=state.scores,
                                                   winner_side=state.winner or "",
                                                   finished=state.finished)
    else:
        games_won = {}
    fields: dict[str, Any] = {"games_won": games_won, "winner_side": snapshot.winner or "",
                              "draw": bool(getattr(state, "draw", False))}
    if snapshot.finished and match.status not in (Match.Status.FINISHED,
                                                  Match.Status.CONFIRMED):
        fields.update(status=Match.Status.FINISHED, finished_at=timezone.now())
        transaction.on_commit(lambda: match_finished.send(sender=Match, match=match))
    elif not snapshot.finished and match.status in (Match.Status.FINISHED,):
        fields.update(status=Match.Status.PLAYING, finished_at=None)
    if bump is not None:
        match.revision += 1
        fields = {**bump, **fields, "revision": match.revision, "updated_at": timezone.now()}
    for name, value in fields.items():
        setattr(match, name, value)
    Match.objects.filter(pk=match.pk).update(**fields)
    return snapshot


def _refresh_board_caches(match: Match, known: _Written | None = None) -> None:
    """Replay every log board of the match whose cache may be stale (the last one, or all
    when ``match`` is rebuilt) and write the result fields."""
    if known is not None:
        _refresh_board(match, known.board, position=known.steps[-1].after,
                       extra={"last_seq": known.board.last_seq})
        return
    rows = list(Board.objects.filter(game__match=match, kind=Board.Kind.LOG)
                .order_by("game__number", "sequence"))
    if not rows:
        return
    _refresh_board(match, rows[-1])


def rebuild_match(match: Match) -> MatchSnapshot:
    """Recompute every cache of ``match`` from its logs (``manage.py replay_boards``)."""
    with transaction.atomic():
        match = _lock(match.pk)
        # paper boards corrected by an organiser: their entry is the last correction row's
        for row in BoardEvent.objects.filter(board__game__match=match,
                                             type=BoardEvent.Type.CORRECTION).order_by("seq"):
            Board.objects.filter(pk=row.board_id).update(**paper_fields(row.payload["after"]))
        rows = list(Board.objects.filter(game__match=match, kind=Board.Kind.LOG)
                    .order_by("game__number", "sequence"))
        for board in rows:  # oldest first: each replay needs the scores before it
            Board.objects.filter(pk=board.pk).update(finished=False)
        for board in rows:
            _refresh_board(match, Board.objects.get(pk=board.pk))
        withdrawn = set(BoardEvent.objects.filter(
            board__game__match=match, type=BoardEvent.Type.UNDO, retracts__isnull=True,
        ).exclude(board__kind=Board.Kind.LOG).values_list("board_id", flat=True))
        for board in Board.objects.filter(game__match=match).exclude(kind=Board.Kind.LOG):
            if board.void != (board.pk in withdrawn):  # paper boards: withdrawn by an undo
                Board.objects.filter(pk=board.pk).update(void=board.pk in withdrawn)
        return refresh_caches(match)


def paper_fields(entry: dict[str, Any]) -> dict[str, Any]:
    """A paper board's stored fields from its entry (a quick entry, or the ``after`` of an
    organiser's correction row: :mod:`scoring.services.corrections`)."""
    award = entry.get("points") is not None
    return {"kind": Board.Kind.AWARD if award else Board.Kind.SUMMARY,
            "summary_winner": entry["winner"],
            "summary_carrommen": None if award else entry.get("carrommen"),
            "summary_queen": "" if award else (entry.get("queen") or ""),
            "award_points": entry.get("points") if award else None,
            "award_law": (entry.get("law") or "") if award else ""}


def _refresh_board(match: Match, board: Board, position: Any = None,
                   extra: dict[str, Any] | None = None) -> None:
    """Write ``board``'s result fields from its log (or from ``position``, the colour game
    position its log replays to, when the caller knows it), and ``extra`` fields; only what
    changed is written (an ordinary stroke changes no result field)."""
    rules = get_rules(board.rules)
    events = [] if position is not None else live_events(list(board.events.order_by("seq")))
    fields: dict[str, Any]
    if rules.family == "points":
        point = point_board_position(match, board, events, rules)
        fields = {
            "finished": point.finished, "void": point.void,
            "result_points_by_side": (point.points(rules) if point.finished and not point.void
                                      else {}),
            "result_law": point.law or "" if point.finished else "",
        }
    else:
        if position is None:
            scores = scores_before(match, board)
            try:
                position, _ = replay_board(board, events, scores, rules)
            except (RulesError, IllegalEvent):  # pragma: no cover - logs are validated on write
                return
        result = position.result
        fields = {"finished": result is not None, "void": bool(result and result.void)}
        if result is not None and not result.void:
            loser = other_colour(result.winner)
            holder = position.queen_holder
            to_side = colour_sides(board.breaker)
            fields.update(
                result_winner=to_side[result.winner], result_points=result.points,
                result_law=result.law, result_interpretation=result.interpretation,
                result_carrommen=position.on_board[loser],
                result_queen=to_side[holder] if position.queen.startswith("covered:") else "",
                result_extra_points=result.extra_points,
            )
        else:
            fields.update(result_winner="", result_points=None, result_law="",
                          result_interpretation=False, result_carrommen=None, result_queen="",
                          result_extra_points=0)
    changed = {name: value for name, value in fields.items()
               if getattr(board, name) != value}
    if changed:
        changed["finished_at"] = timezone.now() if fields["finished"] else None
    changed.update(extra or {})
    if changed:
        Board.objects.filter(pk=board.pk).update(**changed)
    for name, value in changed.items():
        setattr(board, name, value)


# names the other services (corrections) and the benches used before the read layer existed
_replay_current = replay_board
_scores_before = scores_before
