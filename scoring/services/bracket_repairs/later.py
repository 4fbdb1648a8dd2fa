"""Later bracket matches that no longer fit a corrected result, named and repaired (issue 30,
docs/CORRECTIONS.md; the package's docstring says how): :func:`later_conflicts`,
:func:`repair_later`, :func:`replay_conflicts`."""

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


def played_conflicts(event: Event) -> list[tuple[Match, Any]]:
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
    found = played_conflicts(event)
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
        found = played_conflicts(event)
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
            found = played_conflicts(event)
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
