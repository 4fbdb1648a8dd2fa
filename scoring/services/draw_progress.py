"""Bracket progress (knock-out, double elimination, the knock-out after groups): the confirmed
results replayed over the saved draw with :func:`scoring.draws.bracket.advance`, and what
follows written back (later matches' entries, byes, void slots, walkovers of withdrawn
entries, the grand-final reset). Split from :mod:`scoring.services.draws` (its names stay
importable there)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

import scoring.draws as pairing
from scoring.draws import Bracket, DrawError, MatchResult, Progress, advance
from scoring.draws import Entry as DrawEntry
from scoring.models import Entry, Event, Match, Round
from scoring.services.audit import Actor
from scoring.services.draw_base import (
    BRACKETS,
    ELIMINATION,
    NOT_STARTED,
    SYSTEM,
    DrawServiceError,
    decided_fields,
)
from scoring.services.draw_brackets import slot as _slot
from scoring.services.draw_rows import lock_event
from scoring.services.tournaments import audit
from scoring.standings.results import result_of


def bracket_rows(event: Event) -> tuple[list[Match], int]:
    """The elimination matches of the event and the round offset of a knock-out after groups."""
    rows = list(
        Match.objects.filter(event=event, round__bracket__in=BRACKETS).select_related("round")
    )
    offset = 0
    if event.format == Event.Format.GROUPS:
        offset = (
            Round.objects.filter(event=event, bracket=Round.Bracket.GROUPS)
            .order_by("-number")
            .values_list("number", flat=True)
            .first()
        ) or 0
    return rows, offset


def rebuild_bracket(
    event: Event, *, rows: list[Match], offset: int
) -> tuple[Bracket, dict[str, Match]]:
    """The pure bracket of the saved draw (from its first-round lines) and its match rows by
    bracket match id."""
    first_bracket = (
        Round.Bracket.WINNERS
        if event.format == Event.Format.DOUBLE_ELIMINATION
        else Round.Bracket.MAIN
    )
    first = sorted(
        (
            m
            for m in rows
            if m.round is not None
            and m.round.bracket == first_bracket
            and m.round.number == offset + 1
        ),
        key=lambda m: m.position,
    )
    size = 2 * len(first)
    order = pairing.seeding_order(size)
    n = sum((m.entry_a_id is not None) + (m.entry_b_id is not None) for m in first)
    lines: list[int | None] = []
    for i, m in enumerate(first):
        if m.entry_a_id is not None and m.entry_b_id is not None or not m.bye:
            lines.extend((m.entry_a_id, m.entry_b_id))
        else:  # a bye row keeps its entrant on side a; the bye line is the rank beyond n
            only = m.entry_a_id or m.entry_b_id
            lines.extend((only, None) if order[2 * i] <= n else (None, only))
    entries = [
        DrawEntry(line, seed=rank)
        for line, rank in zip(lines, order, strict=True)
        if line is not None
    ]
    if event.format == Event.Format.DOUBLE_ELIMINATION:
        has_reset = any(
            m.round is not None and m.round.bracket == Round.Bracket.FINAL and m.round.number == 2
            for m in rows
        )
        bracket = pairing.double_elimination(entries, reset=has_reset)
    else:
        has_third = any(
            m.round is not None and m.round.bracket == Round.Bracket.PLACEMENT for m in rows
        )
        bracket = pairing.single_elimination(entries, third_place=has_third)
    if tuple(lines) != bracket.lines:
        raise DrawServiceError("bracket_mismatch")
    by_key = {(m.round.bracket, m.round.number, m.position): m for m in rows if m.round is not None}
    slots = {}
    for bm in bracket.matches:
        key = (*_slot(event, m=bm, offset=offset), bm.index)
        if key not in by_key:
            raise DrawServiceError("bracket_mismatch")
        slots[bm.id] = by_key[key]
    return bracket, slots


def row_result(m: Match) -> MatchResult | None:
    """The result of a bracket match row (None for byes: the bracket decides those), its
    totals from the match's cache (:func:`scoring.standings.results.match_totals`). A match
    whose winner was eliminated by the organiser's decision (``advances``, issue 30) sends
    the other side on."""
    if m.bye:
        return None
    if m.status != Match.Status.CONFIRMED and not m.walkover:
        return None  # only confirmed results advance
    row = (m.pk, m.entry_a_id, m.entry_b_id, m.bye, m.walkover, m.winner_side, m.status)
    result = result_of(row, (m.games_a, m.games_b, m.points_a, m.points_b))
    if result is None or result.draw:
        return None  # a bracket needs a winner
    if m.advances in ("a", "b"):  # kept later results: the other side goes on by decision
        goes_on = m.entry_a_id if m.advances == "a" else m.entry_b_id
        if goes_on is not None and goes_on != result.winner:
            return result._replace(winner=goes_on)
    return result


def advance_safely(
    bracket: Bracket, *, results: dict[str, MatchResult], conflicts: list[str]
) -> Progress:
    """:func:`advance`, leaving out results that no longer fit (an earlier result was
    corrected after the later match was played): those are reported in ``conflicts``."""
    try:
        return advance(bracket, results)
    except DrawError:
        pass
    kept: dict[str, MatchResult] = {}
    for m in bracket.matches:
        if m.id not in results:
            continue
        trial = {**kept, m.id: results[m.id]}
        try:
            advance(bracket, trial)
        except DrawError:
            conflicts.append(m.id)
            continue
        kept = trial
    return advance(bracket, kept)


def sync_bracket(event: Event, *, actor: Actor = SYSTEM) -> Progress | None:
    """Replay the confirmed results over the event's bracket and write what follows: entries of
    later matches, byes, void slots, walkovers of withdrawn entries, the grand-final reset.
    Matches already being played are never changed. Idempotent."""
    if event.format not in (*ELIMINATION, Event.Format.GROUPS):
        return None
    with transaction.atomic():
        event = lock_event(event)
        rows, offset = bracket_rows(event)
        if not rows:
            return None
        bracket, slots = rebuild_bracket(event, rows=rows, offset=offset)
        withdrawn = set(
            Entry.objects.filter(event=event, withdrawn=True).values_list("pk", flat=True)
        )
        results = {}
        for mid, m in slots.items():
            r = row_result(m)
            if r is not None:
                results[mid] = r
        now = timezone.now()
        changed: dict[int, Match] = {}
        walkovers: list[Match] = []
        conflicts: list[str] = []
        for _round in range(len(slots) + 1):
            progress = advance_safely(bracket, results=results, conflicts=conflicts)
            new = False
            for st in progress.ready:
                m = slots[st.id]
                gone = [e for e in (st.a, st.b) if e in withdrawn]
                if (
                    st.a is None
                    or not gone
                    or m.status not in (*NOT_STARTED, Match.Status.CALLED)
                    or m.games_won
                ):
                    continue
                winner = None if len(gone) == 2 else (st.b if gone[0] == st.a else st.a)
                side = "" if winner is None else ("a" if winner == st.a else "b")
                m.entry_a_id, m.entry_b_id = st.a, st.b
                for key, value in decided_fields(
                    now, walkover=True, winner_side=side, table=None
                ).items():
                    setattr(m, key, value)
                m.revision += 1
                m.updated_at = now
                results[st.id] = MatchResult(st.a, st.b, winner, walkover=True)
                changed[m.pk] = m
                walkovers.append(m)
                new = True
            if not new:
                break
        for st in progress.states:
            m = slots[st.id]
            if _apply_state(m, st, now):
                changed[m.pk] = m
        if changed:
            Match.objects.bulk_update(
                list(changed.values()),
                [
                    "entry_a",
                    "entry_b",
                    "status",
                    "bye",
                    "walkover",
                    "winner_side",
                    "finished_at",
                    "confirmed_at",
                    "table",
                    "called_at",
                    "draw_reason",
                    "revision",
                    "updated_at",
                ],
            )
        for m in walkovers:
            audit(
                event.tournament,
                actor=actor,
                action="walkover_withdrawn",
                detail={"winner_side": m.winner_side},
                match=m,
            )
        for mid in conflicts:
            audit(
                event.tournament,
                actor=actor,
                action="draw_conflict",
                detail={"match": slots[mid].number},
                match=slots[mid],
            )
        if (
            progress.complete
            and event.status != Event.Status.FINISHED
            and (event.format != Event.Format.GROUPS or offset)
        ):
            Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
        return progress


def _apply_state(m: Match, st: Any, now: Any) -> bool:
    """Bring a not-yet-played match row in line with the bracket state; True if changed."""
    if (
        m.status in (Match.Status.PLAYING, Match.Status.FINISHED)
        or (m.status == Match.Status.CONFIRMED and not m.bye)
        or m.walkover
    ):
        return False
    if (
        m.status == Match.Status.CALLED
        and (m.entry_a_id, m.entry_b_id) == (st.a, st.b)
        and st.status == "ready"
    ):
        return False
    before = (m.entry_a_id, m.entry_b_id, m.status, m.bye, m.winner_side, m.table_id)
    m.entry_a_id, m.entry_b_id = st.a, st.b
    if st.status == "ready":
        if m.status != Match.Status.CALLED:
            m.status = Match.Status.READY
        m.bye, m.winner_side = False, ""
        m.finished_at = m.confirmed_at = None
    elif st.status == "waiting":
        m.status, m.bye, m.winner_side, m.table = Match.Status.SCHEDULED, False, "", None
        m.called_at = m.finished_at = m.confirmed_at = None
    elif st.status in ("bye", "void", "not_needed"):
        side = ""
        if st.status == "bye":
            side = "a" if st.winner == st.a else "b"
        elif st.status == "not_needed":
            m.entry_a_id = m.entry_b_id = None
            m.draw_reason = {"code": "de_not_needed", "params": {}}
        for key, value in decided_fields(
            m.confirmed_at or now, bye=True, winner_side=side, table=None
        ).items():
            setattr(m, key, value)
    else:  # "done": decided by its own result
        return False
    after = (m.entry_a_id, m.entry_b_id, m.status, m.bye, m.winner_side, m.table_id)
    if before != after:
        m.revision += 1
        m.updated_at = now
        return True
    return False


def champion(event: Event) -> Entry | None:
    """The winner of a finished bracket (knock-out, double elimination, groups + knock-out)."""
    if event.format not in (*ELIMINATION, Event.Format.GROUPS):
        return None
    rows, offset = bracket_rows(event)
    if not rows:
        return None
    try:
        bracket, slots = rebuild_bracket(event, rows=rows, offset=offset)
    except (DrawServiceError, DrawError):
        return None
    results = {mid: r for mid, m in slots.items() if (r := row_result(m))}
    progress = advance_safely(bracket, results=results, conflicts=[])
    if progress.champion is None:
        return None
    return Entry.objects.select_related("player", "partner").filter(pk=progress.champion).first()
