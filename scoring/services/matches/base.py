"""What every write of a match shares: its errors, the actor, the row lock, the request key and
revision checks, the log row, the audit entry and the revision bump.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError
from django.utils import timezone

from scoring.models import Board, BoardEvent, Entry, Event, Game, Match
from scoring.records import BoardStep, MatchSnapshot, match_snapshot
from scoring.records.sql import insert_one, update_row
from scoring.services.audit import Actor as Actor
from scoring.services.audit import write_audit as write_audit
from scoring.services.errors import ServiceError

EVENT_TYPES = {"stroke", "technical_foul", "forgo", "board_loss", "umpire_ruling", "void"}


class MatchError(ServiceError):
    """A request the match cannot take; ``code`` is stable, the view translates it."""


def checked_texts(value: Any, *, field: str = "") -> None:
    """Every string in ``value`` (a payload's values, nested) passes the one free-text check
    (``scoring.limits``: no NUL, control or text-direction characters), else
    ``MatchError("text_…")`` (issue 29: a ruling's law shown as "ICF 91" for "ICF 19")."""
    from scoring.limits import text_problem

    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            problem = text_problem(item, multiline=field == "note")
            if problem is not None:
                raise MatchError(f"text_{problem}", f"{field or 'text'}: {problem}", field=field)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)


class StaleMatch(MatchError):
    """Someone recorded on this match since the tablet last loaded it."""

    status = 409


class MatchLocked(MatchError):
    """The match was confirmed by both sides; corrections need an organiser."""

    status = 423


@dataclass
class RecordOutcome:
    snapshot: MatchSnapshot
    event: BoardEvent | None
    duplicate: bool = False


def toss_of(match: Match) -> tuple[str, str]:
    if not match.toss_winner or not match.toss_choice:
        raise MatchError("toss_missing", "record the toss first (ICF 40)")
    return match.toss_winner, match.toss_choice


@dataclass
class Written:
    """What ``record_event`` has just written, with the match's rows as they now are: the
    board (the match's last), its replay up to the event (a step per live event), the games,
    the boards and the board's live events. The caches are rebuilt from these without reading
    or replaying the log again."""

    board: Board
    steps: list[BoardStep]
    games: list[Game]
    boards: dict[int, list[Board]]
    events: list[BoardEvent]
    #: the match state before the write, when the write left it as it was (a stroke on the
    #: board in play that does not end it: the game takes that board as begun either way)
    state: Any = None


def lock_match(match_id: int, *, like: Match | None = None) -> Match:
    """The match row, locked for the write (``SELECT … FOR UPDATE``; SQLite: the write
    transaction), with its event, tournament and entries (their players) attached.

    ``like``: the caller's copy of the match, read in the same request; its event and
    entries are reused when the locked row still points to them (a stroke POST then reads
    only the match row and, at most, the entries)."""
    match = Match.objects.select_for_update().get(pk=match_id)
    cached = like._state.fields_cache if like is not None else {}
    event = cached.get("event")
    if (
        event is not None
        and event.pk == match.event_id
        and ("tournament" in event._state.fields_cache)
    ):
        match.event = event
    else:
        match.event = Event.objects.select_related("tournament").get(pk=match.event_id)
    entries: dict[int, Entry] = {}
    for name in ("entry_a", "entry_b", "entry_c"):
        entry = cached.get(name)
        if (
            entry is not None
            and "player" in entry._state.fields_cache
            and (not entry.partner_id or "partner" in entry._state.fields_cache)
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


def check_write(match: Match, *, expected_revision: int | None, actor: Actor) -> None:
    if match.is_locked and not actor.may_edit_locked:
        raise MatchLocked("match_locked", "the match is confirmed; ask an organiser")
    if expected_revision is not None and expected_revision != match.revision:
        raise StaleMatch(
            "stale", "someone recorded on this match meanwhile", revision=match.revision
        )


def retried_outcome(
    match: Match, *, client_id: uuid.UUID, expected_revision: int | None
) -> RecordOutcome | None:
    """The answer to a request already recorded (a retry), or ``None``. Every write raises
    the revision, so a request made at the current revision cannot have been recorded yet:
    only one from an older revision (or without one) is looked up."""
    if expected_revision is not None and expected_revision == match.revision:
        return None
    existing = duplicate_of(match, client_id=client_id)
    if existing is None:
        return None
    return RecordOutcome(match_snapshot(match), existing, duplicate=True)


def duplicate_of(match: Match, *, client_id: uuid.UUID) -> BoardEvent | None:
    # ordered by pk: the models' default ordering would join up to the tournament
    return (
        BoardEvent.objects.filter(board__game__match=match, client_id=client_id)
        .order_by("pk")
        .first()
    )


def append_event(**fields: Any) -> BoardEvent:
    """Insert one row of a board's log. Its request key is unique on the board: a key sent
    again with a newer revision than the one it was recorded at (no tablet does that; a retry
    carries its old revision and is answered as a duplicate) is refused, nothing recorded."""
    try:
        return insert_one(BoardEvent(**fields))
    except IntegrityError:
        raise MatchError("repeated_request", "this request key was already used") from None


def audit_match(match: Match, *, actor: Actor, action: str, detail: dict[str, Any]) -> None:
    write_audit(
        match.event.tournament_id, actor=actor, action=action, detail=detail, match_id=match.pk
    )


def bump_revision(match: Match, **fields: Any) -> None:
    match.revision += 1
    for name, value in fields.items():
        setattr(match, name, value)
    update_row(Match, pk=match.pk, revision=match.revision, updated_at=timezone.now(), **fields)
