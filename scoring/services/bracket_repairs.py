"""Later bracket matches repaired after a late correction (issue 30, docs/CORRECTIONS.md).

When a corrected (or decided) result changes who goes on in a knock-out or double
elimination bracket, and later matches of those entries have already started or finished,
the bracket no longer fits what was played. :func:`later_conflicts` names each such match;
:func:`repair_later` applies the repair a tournament director chooses, new rows only (nothing
recorded is deleted):

- ``replay``: the entry who goes on now is put into the later match and the match is void:
  every board that counted is withdrawn (a paper board by an ``undo`` row, a stroke-logged one
  by ``undo`` rows and a ``void`` event, IT 101 by interpretation), the toss is taken again
  and the match is played again;
- ``award``: the entry is put in and the later match is given by an umpire's decision with its
  law, to the entry who moved in (``moved``) or to the opponent who stayed (``stayed``): the
  boards played are withdrawn and the games given by award boards (12 + 12 + 1, ICF 55);
- ``eliminate``: the later results stay; the corrected match's new winner is eliminated by
  decision and its old winner goes on (``Match.advances``), logged with the reason and law.
  :func:`take_back_elimination` takes such a decision back (a new audited decision): the
  winner of the boards goes on again and the later matches the eliminated entry's opponent
  played meanwhile are repaired by ``replay`` or ``award`` as above (or, none played yet, the
  winner simply moves in: ``move``).

After each step the bracket is replayed (:func:`scoring.services.draw_progress.sync_bracket`)
and checked again, so a chain of later matches (a quarter-final, then the semi-final it fed,
or the losers' bracket in double elimination) is repaired match by match until the bracket
fits and can be played to the final and the third-place match. Every step is audited.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from scoring.draw_words import round_title
from scoring.draws import DrawError
from scoring.models import Board, Entry, Event, Game, Match
from scoring.records.sides import other_side
from scoring.rules import first_breaker_of_game
from scoring.services.draw_base import ELIMINATION, DrawServiceError
from scoring.services.draw_progress import (
    advance_safely,
    bracket_rows,
    rebuild_bracket,
    row_result,
    sync_bracket,
)
from scoring.services.matches import (
    Actor,
    audit_match,
    lock_match,
    rebuild_match,
    withdraw_confirmations,
)

REPLAY, AWARD, ELIMINATE, MOVE = "replay", "award", "eliminate", "move"
LATER_REPAIRS = (REPLAY, AWARD, ELIMINATE)
AWARD_TO = ("moved", "stayed")

#: A later match counts as played once it is under way or has a result (a bye has none).
PLAYED = (Match.Status.PLAYING, Match.Status.FINISHED, Match.Status.CONFIRMED)


@dataclass(frozen=True)
class LaterMatch:
    """A later match that no longer fits the bracket: who played it, who belongs there now."""

    pk: int
    number: int
    round: str
    played: tuple[str, str]
    now: tuple[str, str]
    status: str
    winner: str


def _played(m: Match) -> bool:
    return m.walkover or (m.status in PLAYED and not m.bye)


def _states(event: Event) -> list[tuple[Match, Any]]:
    """Every bracket match row with the state the confirmed results give it."""
    if event.format not in (*ELIMINATION, Event.Format.GROUPS):
        return []
    rows, offset = bracket_rows(event)
    if not rows:
        return []
    try:
        bracket, slots = rebuild_bracket(event, rows=rows, offset=offset)
        results = {mid: r for mid, m in slots.items() if (r := row_result(m)) is not None}
        progress = advance_safely(bracket, results=results, conflicts=[])
    except (DrawServiceError, DrawError):  # a saved draw that is not a bracket: no repairs
        return []
    return [(slots[st.match.id], st) for st in progress.states]


def _conflicts(event: Event) -> list[tuple[Match, Any]]:
    """The played matches whose entries are not the ones the bracket puts there, in the
    bracket's playable order."""
    return [
        (m, st)
        for m, st in _states(event)
        if _played(m) and (m.entry_a_id, m.entry_b_id) != (st.a, st.b)
    ]


def later_conflicts(event: Event) -> list[LaterMatch]:
    """The later matches a correction leaves out of step with the bracket, named for the
    preview (read inside the preview's savepoint, after the correction)."""
    found = _conflicts(event)
    ids = {e for m, st in found for e in (m.entry_a_id, m.entry_b_id, st.a, st.b) if e}
    names = {
        e.pk: e.name for e in Entry.objects.filter(pk__in=ids).select_related("player", "partner")
    }

    def pair(a: int | None, b: int | None) -> tuple[str, str]:
        return (names.get(a, "") if a else "", names.get(b, "") if b else "")

    return [
        LaterMatch(
            m.pk,
            m.number,
            round_title(m.round),
            pair(m.entry_a_id, m.entry_b_id),
            pair(st.a, st.b),
            m.status,
            pair(m.entry_a_id, m.entry_b_id)[0 if m.winner_side == "a" else 1]
            if m.winner_side in ("a", "b")
            else "",
        )
        for m, st in found
    ]


def _withdraw_all(m: Match, actor: Actor, client_id: uuid.UUID) -> list[int]:
    """Withdraw every board of ``m`` that counts (new rows only); the game numbers touched."""
    from scoring.services.decisions import withdraw_board

    games = []
    for n, board in enumerate(
        Board.objects.filter(game__match=m)
        .select_related("game")
        .order_by("game__number", "sequence")
    ):
        withdraw_board(
            m, board=board, actor=actor, client_id=uuid.uuid5(client_id, f"withdraw-{board.pk}-{n}")
        )
        games.append(board.game.number)
    return sorted(set(games))


def _replay(m: Match, st: Any, actor: Actor, client_id: uuid.UUID, why: dict[str, Any]) -> None:
    """The later match void and put back to be played by the entries that belong there."""
    m = lock_match(m.pk)
    before = {
        "entries": [m.entry_a_id, m.entry_b_id],
        "winner": m.winner_side,
        "games": dict(m.games_won),
        "walkover": m.walkover,
        "status": m.status,
    }
    withdrawn = _withdraw_all(m, actor, client_id)
    # the sides' confirmations were of the withdrawn result (as an unlock, kept in the audit):
    # the replayed match is confirmed anew by its own players
    before["confirmations"] = withdraw_confirmations(m)
    ready = st.a is not None and st.b is not None
    Match.objects.filter(pk=m.pk).update(
        entry_a_id=st.a,
        entry_b_id=st.b,
        status=Match.Status.READY if ready else Match.Status.SCHEDULED,
        winner_side="",
        walkover=False,
        draw=False,
        toss_winner="",
        toss_choice="",
        seating=[],
        called_at=None,
        started_at=None,
        finished_at=None,
        confirmed_at=None,
        revision=m.revision + 1,
        updated_at=timezone.now(),
    )
    rebuild_match(m)
    audit_match(
        m,
        actor=actor,
        action="later_replayed",
        detail={
            **why,
            "before": before,
            "after": {"entries": [st.a, st.b]},
            "withdrawn_games": withdrawn,
        },
    )


def _award(
    m: Match, st: Any, to: str, law: str, actor: Actor, client_id: uuid.UUID, why: dict[str, Any]
) -> None:
    """The later match given by an umpire's decision (``law``) to the entry who moved in
    (``moved``) or to the one who stayed (``stayed``): its boards withdrawn, its games given
    by award boards (ICF 55's 12 + 12 + 1 a game), confirmed."""
    from scoring.services.corrections import still_decided
    from scoring.services.decisions import award_game

    m = lock_match(m.pk)
    kept = {m.entry_a_id, m.entry_b_id}
    moved = next(e for e in (st.a, st.b) if e not in kept)
    stayed = st.b if moved == st.a else st.a
    winner = moved if to == "moved" else stayed
    side = "a" if winner == st.a else "b"
    before = {
        "entries": [m.entry_a_id, m.entry_b_id],
        "winner": m.winner_side,
        "games": dict(m.games_won),
        "walkover": m.walkover,
        "status": m.status,
    }
    withdrawn = _withdraw_all(m, actor, client_id)
    games = {g.number: g for g in Game.objects.filter(match=m)}
    toss_winner, toss_choice = m.toss_winner or "a", m.toss_choice or "break"
    now = timezone.now()
    Match.objects.filter(pk=m.pk).update(
        entry_a_id=st.a,
        entry_b_id=st.b,
        walkover=False,
        draw=False,
        bye=False,
        toss_winner=toss_winner,
        toss_choice=toss_choice,
        status=Match.Status.CONFIRMED,
        finished_at=m.finished_at or now,
        confirmed_at=now,
        started_at=m.started_at or now,
    )
    m = lock_match(m.pk)
    for number in range(1, m.games_to_win + 1):
        game = games.get(number) or Game.objects.create(
            match=m,
            number=number,
            first_breaker=first_breaker_of_game(number, ("a", "b"), toss_winner, toss_choice),
        )
        award_game(
            m,
            game=game,
            side=side,
            law=law,
            actor=actor,
            client_id=uuid.uuid5(client_id, f"award-{number}"),
        )
    still_decided(
        m,
        breaks_code="decision_breaks_match",
        breaks="after this decision a later game no longer fits (%(detail)s)",
        unfinished="after this decision the match would not be over",
    )
    audit_match(
        m,
        actor=actor,
        action="later_awarded",
        detail={
            **why,
            "before": before,
            "law": law,
            "to": to,
            "side": side,
            "after": {"entries": [st.a, st.b]},
            "withdrawn_games": withdrawn,
        },
    )


def repair_later(
    *,
    match: Match,
    repair: str,
    actor: Actor,
    reason: str,
    law: str = "",
    award_to: str = "moved",
    winner_before: str = "",
    client_id: uuid.UUID | None = None,
) -> int:
    """Apply ``repair`` to every later match the corrected ``match`` leaves out of step with
    the bracket (see the module's docstring); the number of matches repaired. Runs inside the
    correction's transaction."""
    from scoring.services.corrections import CorrectionError

    event = match.event
    client_id = client_id or uuid.uuid4()
    why = {"corrected_match": match.number, "reason": reason, "repair": repair}
    if repair == ELIMINATE:
        if winner_before not in ("a", "b"):
            raise CorrectionError(
                "repair_not_possible", "this repair does not fit; the page shows the ones that do"
            )
        Match.objects.filter(pk=match.pk).update(
            advances=winner_before, revision=match.revision + 1
        )
        match.advances = winner_before
        audit_match(
            match,
            actor=actor,
            action="eliminated_by_decision",
            detail={
                **why,
                "law": law,
                "goes_on": winner_before,
                "eliminated": other_side(winner_before),
            },
        )
        sync_bracket(event, actor=actor)
        return 0
    for step in range(4 * Match.objects.filter(event=event).count() + 1):
        progress = sync_bracket(event, actor=actor)
        found = _conflicts(event)
        if not found:
            if (
                progress is not None
                and not progress.complete
                and (Event.objects.filter(pk=event.pk, status=Event.Status.FINISHED).exists())
            ):
                # a final played again: the event is running until it is decided anew
                Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
            return step
        m, st = found[0]
        key = uuid.uuid5(client_id, f"later-{step}")
        one_moved = (
            st.a is not None
            and st.b is not None
            and len({st.a, st.b} - {m.entry_a_id, m.entry_b_id}) == 1
        )
        if repair == AWARD and one_moved:
            _award(m, st, award_to, law, actor, key, why)
        else:  # a match whose both entries change (or one is not known yet) is played again
            _replay(m, st, actor, key, why)
    raise CorrectionError(
        "repair_not_possible", "this repair does not fit; the page shows the ones that do"
    )


def replay_conflicts(*, event: Event, actor: Actor, reason: str) -> int:
    """Every played bracket match that no longer fits the bracket (a result changed earlier,
    e.g. a confirmed match reopened and confirmed the other way) put back to be played again
    by the entries that belong there (the ``replay`` repair, audited); the number repaired."""
    from django.db import transaction

    from scoring.services.corrections import CorrectionError

    reason = (reason or "").strip()
    if not reason:
        raise CorrectionError("reason_required", "say why the result is corrected")
    with transaction.atomic():
        for step in range(4 * Match.objects.filter(event=event).count() + 1):
            sync_bracket(event, actor=actor)
            found = _conflicts(event)
            if not found:
                return step
            m, st = found[0]
            _replay(
                m,
                st,
                actor,
                uuid.uuid4(),
                {"reason": reason, "repair": REPLAY, "conflict": True, "step": step},
            )
    raise CorrectionError(
        "repair_not_possible", "this repair does not fit; the page shows the ones that do"
    )


# --- an elimination by decision taken back (issue 30: every repair can itself be corrected) --


@dataclass
class TakeBack:
    """What taking back an elimination by decision changes: who went on by the decision and
    who goes on now (the winner of the boards), the later matches played on the decision
    that no longer fit, and the repairs that fit."""

    match: Match
    was_going_on: str  # the side that went on by the decision
    goes_on: str  # the side that won the boards
    names: dict[str, str]
    later: list[LaterMatch]
    repairs: tuple[str, ...]
    law: str = ""  # the law the elimination cited

    @property
    def goes_on_name(self) -> str:
        return self.names.get(self.goes_on, "")

    @property
    def was_name(self) -> str:
        return self.names.get(self.was_going_on, "")


def _take_back(
    match: Match, actor: Actor, reason: str, expected_revision: int | None
) -> tuple[Match, str, str]:
    """``Match.advances`` cleared (new audit row; the elimination's own row is kept) and the
    bracket replayed: matches not started get the winner of the boards (ICF 56: the match
    is won by its games)."""
    from scoring.services.corrections import CorrectionError
    from scoring.services.matches import check_write

    match = lock_match(match.pk)
    check_write(match, expected_revision=expected_revision, actor=actor)
    was = match.advances
    if was not in ("a", "b"):
        raise CorrectionError("not_eliminated", "no entry of this match is eliminated by decision")
    Match.objects.filter(pk=match.pk).update(advances="", revision=match.revision + 1)
    match.advances, match.revision = "", match.revision + 1
    audit_match(
        match,
        actor=actor,
        action="elimination_taken_back",
        detail={
            "reason": reason,
            "was_going_on": was,
            "goes_on": match.winner_side,
            "law": _elimination_law(match),
        },
    )
    sync_bracket(match.event, actor=actor)
    return match, was, match.winner_side


def _elimination_law(match: Match) -> str:
    from scoring.models import AuditEntry

    row = (
        AuditEntry.objects.filter(match=match, action="eliminated_by_decision")
        .order_by("-pk")
        .first()
    )
    return str(row.detail.get("law", "")) if row is not None else ""


class _Rollback(Exception):
    def __init__(self, take_back: TakeBack) -> None:
        self.take_back = take_back


def preview_take_back(*, match: Match, actor: Actor) -> TakeBack:
    """What :func:`take_back_elimination` would change; nothing is saved.

    :raises CorrectionError: the match has no elimination by decision."""
    from django.db import transaction

    law = _elimination_law(match)
    names = {
        "a": match.entry_a.name if match.entry_a else "A",
        "b": match.entry_b.name if match.entry_b else "B",
    }
    try:
        with transaction.atomic():
            taken, was, goes_on = _take_back(match, actor, "", None)
            later = later_conflicts(taken.event)
            raise _Rollback(
                TakeBack(
                    taken, was, goes_on, names, later, (REPLAY, AWARD) if later else (MOVE,), law
                )
            )
    except _Rollback as done:
        return done.take_back


def take_back_elimination(
    *,
    match: Match,
    actor: Actor,
    reason: str,
    repair: str,
    law: str = "",
    award_to: str = "moved",
    client_id: uuid.UUID | str | None = None,
    expected_revision: int | None = None,
) -> int:
    """Take back an elimination by decision (``eliminate``): the winner of the boards goes
    on again, and each later match played on the decision is repaired by ``repair``
    (``replay``; ``award`` with ``law`` to the entry who moves in or the one who stayed;
    ``move`` when none was played). Audited (``elimination_taken_back``, then the repairs'
    own rows); nothing recorded is deleted. The number of later matches repaired.

    :raises CorrectionError: no elimination, a repair that does not fit, no law for an award.
    :raises StaleMatch: the match changed since the organiser looked at it."""
    from django.db import transaction

    from scoring.services.corrections import CorrectionError
    from scoring.services.decisions import LAW
    from scoring.services.matches.base import checked_texts

    reason = (reason or "").strip()
    if not reason:
        raise CorrectionError("reason_required", "say why the result is corrected")
    checked_texts(reason, field="reason")
    if repair not in (MOVE, REPLAY, AWARD):
        raise CorrectionError("bad_repair", "choose what happens to the draw")
    if repair == AWARD and not LAW.match(law or ""):
        raise CorrectionError("decision_law", "cite the law, e.g. IT 107")
    if repair == AWARD and award_to not in AWARD_TO:
        raise CorrectionError("bad_winner", "the winner must be A or B")
    client_id = uuid.UUID(str(client_id)) if client_id else uuid.uuid4()
    with transaction.atomic():
        taken, _was, _goes_on = _take_back(match, actor, reason, expected_revision)
        played = bool(_conflicts(taken.event))
        if (repair == MOVE) == played:
            raise CorrectionError(
                "repair_not_possible", "this repair does not fit; the page shows the ones that do"
            )
        if not played:
            return 0
        return repair_later(
            match=taken,
            repair=repair,
            actor=actor,
            reason=reason,
            law=law,
            award_to=award_to,
            client_id=client_id,
        )
